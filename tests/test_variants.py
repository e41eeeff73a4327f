"""Variants: toroidal queens, superqueens and rectangles, against naive solvers and the OEIS."""

from __future__ import annotations

import itertools
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import nqueens
from nqueens.errors import IncompatibleOptionsError, InvalidSizeError, UnknownAlgorithmError
from nqueens.limits import VARIANT_KERNEL_FROM_N
from nqueens.variants import (
    KNOWN_VARIANT_COUNTS,
    RECTANGLE_TOTALS,
    Rules,
    canonical,
    count,
    events,
    images,
    parse_board_size,
    solutions,
)
from tests.naive import (
    naive_attack,
    naive_classes,
    naive_queen_attack,
    naive_shading,
    naive_superqueen_attack,
    naive_toroidal_attack,
    naive_variant_solutions,
)
from tests.processes import NQUEENS, invoke, run_nqueens


@pytest.mark.parametrize("n", range(1, 10))
def test_toroidal_solutions_are_the_naive_ones(n: int) -> None:
    expected = naive_variant_solutions(n, n, naive_toroidal_attack(n))
    assert list(solutions(Rules.of("toroidal", n))) == expected


@pytest.mark.parametrize("n", range(1, 10))
def test_superqueen_solutions_are_the_naive_ones(n: int) -> None:
    expected = naive_variant_solutions(n, n, naive_superqueen_attack)
    assert list(solutions(Rules.of("superqueens", n))) == expected


@pytest.mark.parametrize(("rows", "cols"), [(1, 1), (1, 4), (2, 5), (3, 3), (3, 6), (4, 7), (5, 8)])
def test_rectangle_solutions_are_the_naive_ones(rows: int, cols: int) -> None:
    expected = naive_variant_solutions(rows, cols, naive_queen_attack)
    assert list(solutions(Rules(rows, cols))) == expected


@pytest.mark.parametrize(("rows", "cols"), [(2, 5), (3, 6), (4, 7), (5, 8), (4, 4), (6, 6)])
def test_rectangle_classes_are_the_naive_orbits(rows: int, cols: int) -> None:
    rules = Rules(rows, cols)
    found = list(solutions(rules))
    assert count(rules, unique=True) == naive_classes(found, rows, cols)


@pytest.mark.parametrize("variant", ["toroidal", "superqueens"])
@pytest.mark.parametrize("n", range(1, 10))
def test_square_variant_classes_are_the_naive_orbits(variant: str, n: int) -> None:
    rules = Rules.of(variant, n)
    found = list(solutions(rules))
    assert count(rules, unique=True) == naive_classes(found, n, n)


@pytest.mark.parametrize("n", [11, 13])
def test_a_torus_counted_from_its_first_column_has_the_naive_orbits(n: int) -> None:
    """A torus's count searches its first column alone and finds the classes' least
    members among the column shifts of its solutions: the engine's count (the kernel,
    from width 11) has the total and the orbits of every solution listed."""
    rules = Rules.of("toroidal", n)
    found = list(solutions(rules))
    result = nqueens.count(rules, workers=1)
    assert (result.total, result.unique) == (len(found), naive_classes(found, n, n))


@pytest.mark.parametrize(
    ("variant", "n"),
    [(v, n) for v, table in KNOWN_VARIANT_COUNTS.items() for n in table if n <= 13],
)
def test_counts_match_the_oeis(variant: str, n: int) -> None:
    total, unique = KNOWN_VARIANT_COUNTS[variant][n]
    rules = Rules.of(variant, n)
    assert count(rules) == total
    if unique is not None:
        assert count(rules, unique=True) == unique


@pytest.mark.parametrize(("size", "total"), list(RECTANGLE_TOTALS.items()))
def test_rectangle_totals_are_the_search_tree_depths(size: tuple[int, int], total: int) -> None:
    assert count(Rules(*size)) == total


def test_classic_rules_give_the_classic_counts() -> None:
    assert count(Rules(8, 8)) == 92 and count(Rules(8, 8), unique=True) == 12


@given(st.sampled_from(["toroidal", "superqueens"]), st.integers(min_value=5, max_value=11))
def test_every_image_of_a_solution_is_a_solution(variant: str, n: int) -> None:
    rules = Rules.of(variant, n)
    found = set(solutions(rules))
    for cols in found:
        assert set(images(cols, rules)) <= found
        assert canonical(cols, rules) in found


@given(
    st.integers(min_value=1, max_value=9),
    st.integers(min_value=1, max_value=9),
    st.integers(min_value=0, max_value=8),
    st.integers(min_value=0, max_value=8),
)
def test_torus_attacks_agree_with_the_naive_rule(n: int, c: int, r2: int, c2: int) -> None:
    a, b = (0, c % n), (r2 % n, c2 % n)
    if a != b:
        assert Rules(n, n, wrap=True).attacks(a, b) == naive_toroidal_attack(n)(a, b)


@given(
    st.sampled_from(["toroidal", "superqueens"]),
    st.integers(min_value=1, max_value=11).flatmap(
        lambda n: st.tuples(st.just(n), st.lists(st.integers(0, n - 1), max_size=n - 1))
    ),
)
def test_attacked_squares_and_their_kinds_are_the_naive_ones(
    variant: str, board: tuple[int, list[int]]
) -> None:
    """Any queens on the first rows (attacking each other or not): the squares below them
    they attack, "line" where a classic queen would too, else the variant's own kind."""
    n, cols = board
    rules = Rules.of(variant, n)
    assert rules.attacked(cols) == naive_shading(variant, n, tuple(cols))
    for r, c in enumerate(cols):
        for square in [(row, col) for row in range(n) for col in range(n)]:
            if square != (r, c):
                kind = rules.attack_kind((r, c), square)
                assert (kind is not None) == naive_attack(variant, n)((r, c), square)
                if kind is not None:
                    assert (kind == "line") == naive_queen_attack((r, c), square)


def test_sizes_and_names_are_checked() -> None:
    assert parse_board_size("5x8") == (5, 8) and parse_board_size(" 6 X 6 ") == (6, 6)
    assert parse_board_size(8) == (8, 8) and parse_board_size("8") == (8, 8)
    with pytest.raises(InvalidSizeError, match="whole number N or MxN"):
        parse_board_size("eight")
    with pytest.raises(InvalidSizeError, match="at least 1"):
        parse_board_size("0x5")
    with pytest.raises(InvalidSizeError, match="shorter side first"):
        Rules(8, 5)
    with pytest.raises(InvalidSizeError, match="toroidal board is square"):
        Rules.of("toroidal", "5x7")
    with pytest.raises(UnknownAlgorithmError, match="unknown variant 'hex'"):
        Rules.of("hex", 8)
    with pytest.raises(IncompatibleOptionsError, match="not both"):
        Rules(11, 11, wrap=True, knight=True)  # counted as the toroidal board, 88 for 44


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (("solve", "7", "--variant", "toroidal", "--all", "-f", "list"), 28),
        (("solve", "11", "--variant", "superqueens", "--unique", "-f", "list"), 6),
        (("solve", "5x7", "--all", "-f", "list"), 164),
        (("solve", "5x7", "--unique", "-f", "jsonl"), count(Rules(5, 7), unique=True)),
    ],
)
def test_solve_lists_every_variant_solution(args: tuple[str, ...], expected: int) -> None:
    code, out, _ = invoke(*args)
    assert code == 0 and len(out.splitlines()) == expected


def test_solve_draws_a_rectangle_and_its_rows_are_valid() -> None:
    code, out, _ = invoke("solve", "4x6", "--format", "compact")
    rows = out.split()
    assert code == 0 and len(rows) == 4 and {len(r) for r in rows} == {6}
    squares = [(r, row.index("Q")) for r, row in enumerate(rows)]
    assert not any(
        naive_queen_attack(a, b) for i, a in enumerate(squares) for b in squares[i + 1 :]
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("solve", "5x7", "--variant", "toroidal"), "toroidal board is square"),
        (("solve", "7x5"), "shorter side first (5x7)"),
        (
            ("solve", "7", "-V", "toroidal", "-A", "flags"),
            "backtracking (its check function), not flags (--algorithm)",
        ),
        (("solve", "7", "-V", "toroidal", "-f", "npy"), "classic boards only"),
        (("solve", "7", "-V", "hex"), "Invalid value for '--variant'"),
    ],
)
def test_solve_refuses_what_a_variant_cannot_do(args: tuple[str, ...], message: str) -> None:
    code, _, err = invoke(*args)
    assert code == 2 and message in err and len(err.strip().splitlines()) == 1


def test_a_variant_without_solutions_says_so() -> None:
    code, out, _ = invoke("solve", "6", "--variant", "toroidal")
    assert code == 1 and out.startswith("No solution: no 6 queens fit on the toroidal 6x6")


@pytest.mark.parametrize(
    "rules",
    [
        *(Rules.of(v, n) for v in ("classic", "toroidal", "superqueens") for n in (1, 4, 5, 7, 8)),
        *(Rules.of(v, 10) for v in ("toroidal", "superqueens")),
        *(Rules(rows, cols) for rows, cols in ((1, 4), (3, 7), (4, 7), (5, 8), (6, 9), (6, 10))),
    ],
    ids=lambda r: f"{r.variant}-{r.rows}x{r.cols}",
)
@pytest.mark.parametrize("unique", [False, True])
def test_the_kernel_counts_what_the_search_finds(rules: Rules, unique: bool) -> None:
    """Below VARIANT_KERNEL_FROM_N the engine's tasks count by the Python search: the
    same solutions, least members (on a square, also among every column shift of each)
    and queens placed as the kernel, for every first column and every second row's
    column (-1: any), and so the same totals (`count`'s `fast` chooses either)."""
    from nqueens.variants.kernel import count_first_rows, symmetry_switches
    from nqueens.variants.search import count_first_rows as by_search

    assert rules.cols < VARIANT_KERNEL_FROM_N
    switches = symmetry_switches(rules.square)
    board = (rules.rows, rules.cols, rules.wrap, rules.knight)
    for first in range(rules.cols):
        for second in range(-1, rules.cols):
            for shifts in (False, True) if rules.square else (False,):
                kernel = count_first_rows(*board, first, second, unique, switches, shifts)
                searched = by_search(rules, first, second, unique, shifts)
                assert searched == tuple(int(x) for x in kernel)
    assert count(rules, unique=unique, fast=True) == count(rules, unique=unique, fast=False)


@pytest.mark.parametrize(
    ("variant", "n"),
    [("toroidal", 1), ("toroidal", 5), ("toroidal", 7), ("superqueens", 3), ("superqueens", 10)],
)
def test_the_variants_split_is_every_free_square_of_the_second_row(variant: str, n: int) -> None:
    """A variant's count is split on the first two rows: each first column of the left half
    (and the middle; on a torus the first column alone) beside each square of the second
    row its queen leaves free, as the naive attack test finds them (a first queen that
    leaves none, or a one-row board: the second row free, -1); one lead per first column,
    its first subproblem. Each column's subproblems add up to the column searched whole:
    solutions, least ones, queens."""
    from nqueens.variants.counters import count_rows, split_for

    rules, attack = Rules.of(variant, n), naive_attack(variant, n)
    split = split_for(rules)
    pairs = list(zip(split.firsts.tolist(), split.seconds.tolist(), strict=True))
    expected = []
    for first in range(1 if variant == "toroidal" else (n + 1) // 2):
        free = [c for c in range(n) if n > 1 and not attack((0, first), (1, c))]
        expected += [(first, c) for c in free] or [(first, -1)]
    assert pairs == expected
    assert split.leads.tolist() == [
        int(i == 0 or pairs[i - 1][0] != p[0]) for i, p in enumerate(pairs)
    ]
    board = (rules.rows, rules.cols, rules.wrap, rules.knight)
    rows = count_rows(*board, split.firsts, split.seconds, split.leads, True, True)
    for first in sorted(set(split.firsts.tolist())):
        whole = count_rows(*board, *(np.array([x]) for x in (first, -1, 1)), True, True)
        assert rows[split.firsts == first].sum(axis=0).tolist() == whole[0].tolist()


@pytest.mark.parametrize(
    "rules",
    [Rules.of("toroidal", n) for n in (5, 7, 11, 13)]
    + [Rules.of("superqueens", n) for n in (10, 12)],
    ids=lambda r: f"{r.variant}-{r.rows}",
)
def test_a_variants_count_places_the_queens_of_its_whole_search(rules: Rules) -> None:
    """Split on two rows, the subproblems' queens placed add up to the search's over the
    left half of the first row and its middle (each first queen counted once, by its
    column's lead): the nodes `count` reports, by the kernel and by the Python search.
    The mirror gives the right half, so twice that, less the middle column's once, is
    the whole bitboard search's. A torus searches its first column alone, and every
    column's tree is that one's shifted: N times its nodes are the whole search's."""
    from nqueens.search.events import SearchStats
    from nqueens.variants.counters import count_rows, split_for
    from nqueens.variants.search import count_first_rows, searched

    stats = SearchStats()
    found = sum(1 for _ in searched(rules, stats))
    assert found == KNOWN_VARIANT_COUNTS[rules.variant][rules.rows][0]
    n = rules.rows
    middle = 1 + count_first_rows(rules, n // 2, -1, False)[2] if n % 2 else 0

    def whole(nodes: int) -> int:
        return n * nodes if rules.wrap else 2 * nodes - middle

    assert whole(nqueens.count(rules, workers=1).nodes) == stats.nodes
    split = split_for(rules)
    board = (rules.rows, rules.cols, rules.wrap, rules.knight)
    python = count_rows(*board, split.firsts, split.seconds, split.leads, True, False)
    assert whole(int(python[:, 2].sum())) == stats.nodes


@pytest.mark.parametrize(("variant", "n"), [("toroidal", 13), ("superqueens", 12)])
def test_the_variants_probe_estimates_the_queens_below_each_subproblem(
    variant: str, n: int
) -> None:
    """Knuth's random probes, walked with the variant's own attacks, estimate the queens
    the kernel places below the first row of a subproblem: within four standard errors
    of the exact number for every subproblem of the first column (seeded)."""
    from nqueens.variants.counters import VariantProbe, count_rows, split_for

    rules = Rules.of(variant, n)
    split = split_for(rules)
    board = (rules.rows, rules.cols, rules.wrap, rules.knight)
    exact = count_rows(*board, split.firsts, split.seconds, split.leads, False, True)
    rng = np.random.default_rng(n)
    probe = VariantProbe()
    for index in np.flatnonzero(split.firsts == 0).tolist():
        below = exact[index, 2] - split.leads[index]
        probed = probe(split, index, rng, 4000)
        assert abs(probed.mean - below) <= 4 * probed.error, (index, below, probed)
        assert probed.error < 0.2 * below  # they say how far to trust them, not "anything"
    nothing = VariantProbe()(split_for(Rules.of("toroidal", 12)), 0, rng, 100)
    assert (nothing.mean, nothing.error) == (0.0, 0.0)  # proved empty: no search to size


def test_a_narrow_variant_board_is_counted_without_numba(tmp_path: Path) -> None:
    code = (
        "import sys, nqueens\nfrom nqueens.counting import verify\n"
        f"journal = {str(tmp_path / 'n7.sqlite')!r}\n"
        "r = nqueens.count(7, variant='toroidal', workers=2, journal=journal)\n"
        "v = verify(journal, 'all')\n"
        "s = nqueens.count(10, method='superqueens', workers=1)\n"
        "print(r.method, r.total, r.unique, len(v.checked), s.total, s.unique)\n"
        "print('numba' in sys.modules)"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    tori = KNOWN_VARIANT_COUNTS["toroidal"][7][0], count(Rules.of("toroidal", 7), unique=True)
    superqueens = KNOWN_VARIANT_COUNTS["superqueens"][10]
    # the first column alone (a torus's other columns are its shifts), beside the 7 - 3
    # squares of the second row its queen leaves free
    expected = ["toroidal", *map(str, tori), "4", *map(str, superqueens), "False"]
    assert done.stdout.split() == expected


@pytest.mark.compiled
@pytest.mark.parametrize(("variant", "n"), [("toroidal", 17), ("superqueens", 14)])
def test_the_kernel_reaches_the_published_counts(variant: str, n: int) -> None:
    total, unique = KNOWN_VARIANT_COUNTS[variant][n]
    assert count(Rules.of(variant, n)) == total
    if unique is not None:
        assert count(Rules.of(variant, n), unique=True) == unique


@pytest.mark.parametrize("variant", ["toroidal", "superqueens"])
@pytest.mark.parametrize("n", [5, 7, 8])
def test_check_agrees_with_the_variant_search(variant: str, n: int) -> None:
    rules = Rules.of(variant, n)
    valid = set(solutions(rules))
    for cols in [*list(valid)[:5], *naive_variant_solutions(n, n, naive_queen_attack)[:40]]:
        code, out, _ = invoke("check", " ".join(map(str, cols)), "--variant", variant)
        assert (code == 0) == (cols in valid), out
        if code == 1:
            named = sum(line.startswith("  row ") for line in out.splitlines())
            assert named == len(rules.attacking_pairs(cols)) > 0


def test_check_names_wrapped_and_knight_attacks() -> None:
    code, out, _ = invoke("check", "0 3 1 4 2", "--variant", "superqueens")
    assert code == 1 and "a knight's move" in out
    code, out, _ = invoke("check", "0 4 7 5 2 6 1 3", "--variant", "toroidal")
    assert code == 1 and "round the edge" in out


def test_show_draws_a_variant_solution_queen_for_queen(tmp_path: object) -> None:
    import numpy as np

    from tests.pixels import dark_pixels

    out = f"{tmp_path}/superqueens.png"
    code, said, _ = invoke("show", "10", "--variant", "superqueens", "--out", out)
    assert code == 0 and said.startswith(f"wrote {out}: 1 board")
    figure = nqueens.show(Rules.of("superqueens", 10))
    figure.canvas.draw()
    pixels = np.asarray(figure.canvas.buffer_rgba())  # type: ignore[attr-defined]
    (ax,) = figure.axes
    first = next(solutions(Rules.of("superqueens", 10)))
    for row in range(10):
        for col in range(10):
            x, y = ax.transData.transform((col, row))
            dark = dark_pixels(pixels, (round(pixels.shape[0] - y), round(x)), 5)
            assert (dark > 10) == (col == first[row]), (row, col)


def test_show_variant_grids_and_refusals(tmp_path: object) -> None:
    assert len(nqueens.show(Rules.of("toroidal", 7), all=True).axes) == 28
    assert len(nqueens.show(Rules.of("superqueens", 11), unique=True).axes) == 6
    code, _, _ = invoke("show", "6", "--variant", "toroidal", "--out", f"{tmp_path}/six.png")
    assert code == 1
    code, _, err = invoke("show", "8", "-V", "toroidal", "--heatmap", "--out", f"{tmp_path}/h.png")
    assert code == 2 and "drop --heatmap" in err


@pytest.mark.parametrize("variant", ["toroidal", "superqueens", "classic"])
@pytest.mark.parametrize("n", [4, 5, 7])
def test_step_by_step_events_replay_to_the_solutions(variant: str, n: int) -> None:
    from nqueens.search.events import Reject, Solution
    from nqueens.search.replay import Replay

    rules = Rules.of(variant, n)
    replay = Replay(n)
    found = []
    for event in events(rules):
        replay.apply(event)
        if isinstance(event, Solution):
            found.append(event.placement.cols)
        if isinstance(event, Reject):
            assert rules.attack(event.attacker, (event.row, event.col)) is not None
    assert found == list(solutions(rules)) and replay.cols == []


def test_trace_names_the_variant_attacks() -> None:
    code, out, _ = invoke("trace", "5", "--variant", "toroidal", "--limit", "12")
    assert code == 0 and "(same diagonal, round the edge)" in out
    code, out, _ = invoke("trace", "10", "-V", "superqueens", "--solutions", "1", "--limit", "0")
    assert code == 0 and "found solution 1: 2 5 8 0 3 6 9 1 4 7" in out
    assert "(a knight's move)" in out
    code, _, err = invoke("trace", "5", "-V", "toroidal", "-A", "flags")
    assert code == 2 and "use backtracking, not flags (--algorithm)" in err


@pytest.mark.parametrize("variant", ["toroidal", "superqueens"])
def test_count_command_counts_a_variant_with_workers_and_a_journal(
    variant: str, tmp_path: object
) -> None:
    import json
    import subprocess

    journal = f"{tmp_path}/{variant}.sqlite"
    args = [*NQUEENS, "count", "13", "--variant", variant, "--json"]
    first = json.loads(
        subprocess.run([*args, "-j", journal, "-w", "2"], capture_output=True, check=True).stdout
    )
    total, unique = KNOWN_VARIANT_COUNTS[variant][13]
    assert first["total"] == total and first["method"] == variant
    assert unique is None or first["unique"] == unique
    again = json.loads(
        subprocess.run(
            [*args, "-j", journal, "--verify", "3"], capture_output=True, check=True
        ).stdout
    )
    assert again["resumed"] == again["subproblems"] and len(again["verified"]) == 3
    refused = subprocess.run([*args, "-m", "join"], capture_output=True, text=True)
    assert refused.returncode == 2 and "counts classic boards" in refused.stderr


# ---------------------------------------------------------------------------- the board argument
@pytest.mark.parametrize(
    ("board", "attack"),
    [
        ("toroidal", naive_toroidal_attack(7)),
        ("superqueens", naive_superqueen_attack),
    ],
)
@pytest.mark.parametrize("algorithm", ["auto", "bitboard", "backtracking"])
def test_solutions_take_a_variants_rules(board: str, attack: object, algorithm: str) -> None:
    """Either of the variant's own searches, in lexicographic order, as the naive solver
    lists them; the first is the first of them."""
    rules = Rules.of(board, 7)
    expected = naive_variant_solutions(7, 7, attack)
    found = [p.cols for p in nqueens.solutions(rules, algorithm=algorithm)]
    assert found == expected
    first = nqueens.first(rules, algorithm=algorithm)
    assert (first.cols if first else None) == (expected[0] if expected else None)
    unique = list(nqueens.solutions(rules, algorithm=algorithm, unique=True))
    assert len(unique) == naive_classes(expected, 7, 7)


def test_solutions_of_a_rectangle_are_its_boards() -> None:
    found = list(nqueens.solutions("4x6"))
    assert [b.cols for b in found] == naive_variant_solutions(4, 6, naive_queen_attack)
    assert all(b.width == 6 for b in found)
    assert len(list(nqueens.solutions("4x6", unique=True, limit=5))) == 5


def test_a_variants_search_reports_its_events_to_an_observer() -> None:
    from nqueens.errors import IncompatibleOptionsError

    seen: list[object] = []
    first = nqueens.first(Rules.of("toroidal", 5), algorithm="backtracking", observer=seen.append)
    steps = itertools.islice(events(Rules.of("toroidal", 5)), len(seen))
    assert first is not None and seen == list(steps)
    with pytest.raises(IncompatibleOptionsError, match="not flags") as refused:
        nqueens.first(Rules.of("toroidal", 5), algorithm="flags")
    assert refused.value.options == ("algorithm",)
    with pytest.raises(IncompatibleOptionsError, match="use backtracking"):  # no events
        nqueens.first(Rules.of("toroidal", 5), observer=seen.append)
    with pytest.raises(IncompatibleOptionsError, match="not engine"):
        list(nqueens.solutions("5x8", algorithm="engine"))


def test_a_variants_first_solution_is_bounded_as_the_command_bounds_it() -> None:
    from nqueens.errors import SizeTooLargeError
    from nqueens.limits import VARIANT_FIRST_MAX_N

    too_many = VARIANT_FIRST_MAX_N + 2  # coprime to 6: a toroidal board the search must walk
    with pytest.raises(SizeTooLargeError, match=f"use at most {VARIANT_FIRST_MAX_N}"):
        nqueens.first(Rules.of("toroidal", too_many))
    assert nqueens.first(Rules.of("toroidal", 60)) is None  # proved empty: said at once


@pytest.mark.parametrize("variant", ["toroidal", "superqueens"])
def test_the_step_by_step_search_is_bounded_by_its_own_speed(variant: str) -> None:
    """The check-function search (`-A backtracking`) took the bitboard's bound of 23: a
    toroidal N = 23 ran past two minutes, superqueens 21 took 22 s; a toroidal 15 (no
    solution) walked its whole tree. Its own bound, 19, is said with the way round; a
    board proved empty is answered at once; below the bound, a solution."""
    from nqueens.errors import SizeTooLargeError
    from nqueens.limits import VARIANT_FIRST_MAX_N, VARIANT_STEPS_FIRST_MAX_N

    over = VARIANT_STEPS_FIRST_MAX_N + 4  # 23: coprime to 6
    with pytest.raises(SizeTooLargeError, match=f"at most {VARIANT_STEPS_FIRST_MAX_N}, or the"):
        nqueens.first(Rules.of(variant, over), algorithm="backtracking")
    assert nqueens.first(Rules.of(variant, over)) is not None  # the default search: seconds
    assert over <= VARIANT_FIRST_MAX_N
    found = nqueens.first(Rules.of(variant, 13), algorithm="backtracking")
    assert found is not None and nqueens.check(found, Rules.of(variant, 13)).valid
    done = run_nqueens("solve", "15", "-V", "toroidal", "-A", "backtracking", timeout=30)
    assert done.returncode == 1 and done.stdout.startswith("No solution"), done.stderr


def test_listing_every_solution_of_a_variant_is_bounded_as_the_classic_one() -> None:
    """`solve 20 -V superqueens --all` ran for hours, where the classic board refuses a
    listing that would not end: refused past the search's bound, with a limit offered;
    a limit, a first solution and a board proved empty still answer."""
    from nqueens.errors import SizeTooLargeError
    from nqueens.limits import VARIANT_CHECK_LIST_MAX_N, VARIANT_LIST_MAX_N

    superqueens = Rules.of("superqueens", VARIANT_LIST_MAX_N + 1)
    for listed in (
        lambda: nqueens.solutions(superqueens),
        lambda: nqueens.solutions(superqueens, unique=True),
        lambda: nqueens.solutions(Rules.of("toroidal", VARIANT_CHECK_LIST_MAX_N + 4),
                                  algorithm="backtracking"),
        lambda: nqueens.solutions(f"{VARIANT_LIST_MAX_N + 1}x{VARIANT_LIST_MAX_N + 3}"),
    ):  # fmt: skip
        with pytest.raises(SizeTooLargeError, match=r"to list every solution: use N <= \d+, or a"):
            listed()
    assert len(list(nqueens.solutions(superqueens, limit=2))) == 2
    assert nqueens.first(superqueens) is not None
    assert list(nqueens.solutions(Rules.of("toroidal", 20))) == []  # proved empty
    status, _out, err = invoke("solve", "20", "-V", "superqueens", "--all")
    assert status == 2 and "or a limit (--limit K), or `nqueens count`" in err


def test_show_draws_any_board_and_show_variant_is_its_old_name() -> None:
    figure = nqueens.show(Rules.of("toroidal", 7), all=True)
    assert len(figure.axes) == 28 and "7 queens, toroidal" in figure._suptitle.get_text()  # type: ignore[union-attr]
    assert len(nqueens.show("4x6", unique=True).axes) == 13
    assert len(nqueens.show(Rules.of("superqueens", 11), unique=True).axes) == 6
    from nqueens.visual import show_variant

    with pytest.warns(DeprecationWarning, match="show takes any board"):
        old = show_variant("4x6", unique=True)
    assert len(old.axes) == 13


def test_the_variant_keyword_is_deprecated_for_the_boards_rules() -> None:
    """`variant=` beside the board: the same board, said once, with a warning that names
    the one board argument (the board's `Rules`)."""
    torus = Rules.of("toroidal", 7)
    warned = pytest.warns(DeprecationWarning, match=r"Rules\.of\('toroidal', board\)")
    with warned:
        assert nqueens.first(7, variant="toroidal") == nqueens.first(torus)
    with warned:
        assert list(nqueens.solutions(7, variant="toroidal")) == list(nqueens.solutions(torus))
    with warned:
        said = nqueens.check("0 2 4 6 1 3 5", variant="toroidal")
    assert said == nqueens.check("0 2 4 6 1 3 5", torus) and said.rules == torus
    with pytest.warns(DeprecationWarning, match=r"^play\(board, variant='toroidal'\)"):
        player = nqueens.play(5, variant="toroidal")
    assert player.recording.solutions == nqueens.play(Rules.of("toroidal", 5)).recording.solutions


@pytest.mark.parametrize(
    ("board", "algorithm"),
    [
        *(
            (Rules.of(v, n), a)
            for v, n in (("toroidal", 7), ("classic", 8))
            for a in ("bitboard", "backtracking")
        ),
        (Rules(4, 6), "bitboard"),  # a rectangle has no step-by-step search
    ],
    ids=str,
)
def test_stats_count_the_solutions_reached_on_every_path(board: Rules, algorithm: str) -> None:
    """Asked for unique ones, the variants' bitboard counted those kept (4 of the torus's
    28) where every other search counts those reached, as SearchStats says."""
    from nqueens.search import SearchStats

    stats = SearchStats()
    kept = sum(1 for _ in nqueens.solutions(board, unique=True, stats=stats, algorithm=algorithm))
    assert kept == count(board, unique=True) and stats.solutions == count(board)


def test_rules_and_another_variant_name_which_is_meant() -> None:
    """It said "the rules given are toroidal's, not 'superqueens''s"."""
    with pytest.raises(IncompatibleOptionsError) as refused:
        Rules.given(Rules.of("toroidal", 7), "superqueens")
    assert str(refused.value) == (
        "the rules given are the toroidal board's, not 'superqueens': give one of them"
    )


def test_a_rectangle_is_offered_only_the_search_it_has() -> None:
    """A rectangle has its bitboard search alone (the check function steps through square
    boards): `flags` was told to use "bitboard, or backtracking", and backtracking was
    then refused. A variant's step-by-step walk past its bound offered --algorithm
    bitboard, which a walk refuses on a variant's board."""
    from nqueens.errors import IncompatibleOptionsError, SizeTooLargeError
    from nqueens.search import walk

    for algorithm in ("flags", "backtracking"):
        with pytest.raises(IncompatibleOptionsError, match="use bitboard, not " + algorithm):
            nqueens.first("4x6", algorithm=algorithm)
    with pytest.raises(IncompatibleOptionsError, match="square boards, not 4x6"):
        nqueens.first("4x6", observer=lambda event: None)
    assert nqueens.first("4x6", algorithm="bitboard") == nqueens.first("4x6")
    status, _out, err = invoke("solve", "4x6", "-A", "backtracking")
    assert status == 2 and "use bitboard, not backtracking (--algorithm)" in err
    with pytest.raises(SizeTooLargeError) as refused:
        walk(Rules.of("toroidal", 23))
    assert str(refused.value).endswith("use N <= 21")
    assert "--algorithm bitboard" in invoke("trace", "23")[2]  # the classic board has it


@pytest.mark.parametrize("n", [6, 12, 18, 20, 30])
def test_a_torus_not_coprime_to_6_is_counted_empty_without_a_search(
    n: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A toroidal N x N board with N not coprime to 6 has no solution (Polya, 1918), as
    `solutions` already said at once: the count walked the whole tree to find none
    (N = 18, 730 million queens placed; N = 20, minutes; N = 30, never). With both
    searches patched to fail, it answers 0 at once, by the engine and by variants.count."""
    import nqueens.variants.kernel as kernel
    import nqueens.variants.search as search
    from nqueens.variants import counters, counting

    def never(*_args: object) -> None:
        raise AssertionError("searched")

    monkeypatch.setattr(kernel, "count_first_rows", never)
    monkeypatch.setattr(search, "count_first_rows", never)
    monkeypatch.setattr(counters.VariantCounter, "warm_up", lambda _self: None)  # a 5x5 search
    board = nqueens.Rules.of("toroidal", n)
    found = nqueens.count(board, workers=1)
    assert (found.total, found.unique, found.nodes) == (0, 0, 0)
    assert counting.count_both(board) == (0, 0)
    assert counting.count_both(board, unique=False, fast=False) == (0, 0)
