"""The join counter: exact counts, its symmetry orbits, its matcher, buffers, journal."""

from __future__ import annotations

import itertools
import json
import math
import os
import signal
from collections import Counter
from pathlib import Path

import numba
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import nqueens
from nqueens.counting import best_method
from nqueens.engine.methods.join import bitops, simd, strips
from nqueens.engine.methods.join import match as join
from nqueens.engine.methods.join.confined import recount
from nqueens.engine.methods.join.split import count_listed_blocks, listed_split
from nqueens.engine.methods.join.workspace import Workspace
from nqueens.engine.registry import JOIN
from nqueens.errors import JournalMismatchError, SizeTooLargeError, UnknownAlgorithmError
from nqueens.known import known_counts
from tests.journals import forget
from tests.naive import naive_solutions
from tests.processes import invoke, journal_rows, start_count, wait_for_rows

compiled = pytest.mark.compiled


def count_engine(n: int, **options: object) -> nqueens.CountResult:
    return nqueens.count(n, **options)  # type: ignore[arg-type]


@pytest.mark.parametrize("n", range(1, 10))
def test_small_counts_match_the_table(n: int) -> None:
    result = count_engine(n, method="join", workers=1)
    assert (result.total, result.unique) == known_counts()[n]
    assert result.method == "join"


@compiled
@pytest.mark.parametrize("n", range(10, 17))
def test_counts_match_the_table(n: int) -> None:
    result = nqueens.count(n, method="join", workers=1)
    assert (result.total, result.unique) == known_counts()[n]
    assert result.memory is not None and 0 < result.memory < 64 * 2**20


@compiled
@pytest.mark.slow
@pytest.mark.parametrize("n", [17, 18])
def test_large_counts_on_two_workers_match_the_table(n: int) -> None:
    result = nqueens.count(n, method="join", workers=2)
    assert (result.total, result.unique) == known_counts()[n]
    assert (result.method, result.workers) == ("join", 2)
    # P and R come from their own searches; Burnside's lemma then gives the unique count
    assert result.half_turn is not None and result.quarter_turn is not None
    assert result.unique == (result.total + result.half_turn + 2 * result.quarter_turn) // 8
    assert result.memory is not None and result.memory < 256 * 2**20


def _east_rows_and_middle(cols: tuple[int, ...]) -> tuple[int, int]:
    """The (middle row, east rows) subproblem a solution belongs to."""
    n = len(cols)
    half = n // 2
    middle = cols.index(half) if n % 2 else -1
    east_first = half + n % 2
    return middle, sum(1 << r for r, c in enumerate(cols) if c >= east_first)


def _long_diagonal_weight(cols: tuple[int, ...]) -> int:
    """How much a solution counts in its subproblem: the diagonal reflections swap which
    half holds the queen on each longest diagonal, so the join counts a solution whose
    halves hold one long diagonal each 0 times, one whose one half holds both twice."""
    n = len(cols)
    half = n // 2
    held = {"east": 0, "west": 0}
    for r, c in enumerate(cols):
        if c != half or n % 2 == 0:  # the middle column's queen belongs to neither half
            side = "east" if c >= half + n % 2 else "west"
            held[side] += (c == r) + (c == n - 1 - r)
    return [[1, 1, 2], [1, 0, 0], [2, 0, 0]][held["east"]][held["west"]]


@pytest.mark.parametrize("n", range(4, 10))
def test_each_subproblem_counts_what_the_naive_solver_finds_there(n: int) -> None:
    """Every representative's count against brute force: the solutions with its middle
    row and east rows, weighted by their long diagonals, times the orbit's size."""
    found: Counter[tuple[int, int]] = Counter()
    for cols in naive_solutions(n):
        found[_east_rows_and_middle(cols)] += _long_diagonal_weight(cols)
    parts = listed_split(n, target=10**6)  # one representative per subproblem
    function, arguments = parts.task(np.arange(len(parts)))
    counts = function(*arguments)[:, 0]
    for m, east, weight, counted in zip(
        parts.middles, parts.easts, parts.weights, counts, strict=True
    ):
        assert counted == weight * found[(int(m), int(east))]
    assert counts.sum() == len(naive_solutions(n))
    # the independent recount that --verify uses finds the same, subproblem by subproblem
    assert recount(parts, np.arange(len(parts)))[:, 0].tolist() == counts.tolist()


def test_the_diagonal_weights_leave_every_total_unchanged() -> None:
    """Summed over all solutions the weights give the total back (the reflections pair
    the solutions counted 0 times with those counted twice)."""
    for n in range(4, 10):
        solutions = naive_solutions(n)
        assert sum(_long_diagonal_weight(cols) for cols in solutions) == len(solutions)


@pytest.mark.parametrize("n", range(2, 16))
def test_orbits_cover_every_subproblem_once(n: int) -> None:
    """Orbit sizes add up to the number of (middle row, east rows) choices, and each
    representative is the least of its orbit."""
    parts = listed_split(n)
    half = n // 2
    choices = math.comb(n, half) if n % 2 == 0 else n * math.comb(n - 1, half)
    assert int(parts.weights.sum()) == choices
    assert set(parts.weights.tolist()) <= {1, 2, 4}
    full = (1 << n) - 1
    for m, east in zip(parts.middles.tolist(), parts.easts.tolist(), strict=True):
        assert bin(east).count("1") == half and not (m >= 0 and east >> m & 1)
        west = full & ~east & ~((1 << m) if m >= 0 else 0)
        flip = int(f"{east:0{n}b}"[::-1], 2)
        flipped_west = int(f"{west:0{n}b}"[::-1], 2)
        m_flip = n - 1 - m if m >= 0 else -1
        key = ((m + 1) << n) | east
        assert key <= min(
            ((m_flip + 1) << n) | flip, ((m + 1) << n) | west, ((m_flip + 1) << n) | flipped_west
        )


def test_the_split_is_a_pure_function_of_n() -> None:
    assert listed_split(14).fingerprint() == listed_split(14).fingerprint()
    assert listed_split(14).fingerprint() != listed_split(15).fingerprint()


def test_the_matcher_has_a_variant_for_every_signature_the_join_takes() -> None:
    """bitops.MAX_ROWS follows the join's registered range: the widest signature, 2(N-1)
    bits in chunks of CHUNK_BITS, needs exactly that many table rows."""
    widest = -(-2 * (JOIN.largest - 1) // bitops.CHUNK_BITS)
    assert bitops.MAX_ROWS == widest == 11  # N = 27: 52 bits
    with pytest.raises(AssertionError, match="MAX_ROWS"):
        count_listed_blocks(JOIN.largest + 1, *(np.zeros(0, np.int64),) * 3, np.zeros(1, np.int64))


def _weighted_disjoint_pairs(a: np.ndarray, b: np.ndarray, n: int) -> int:
    """By brute force: the pairs of signatures sharing no bit, each weighted by how many of
    the board's two longest diagonals each side holds: 2 where one side holds both, none
    where each holds one, else 1 (written out here, not read from join.PAIR_WEIGHT)."""
    longest = [np.uint64(n - 1 - n // 2), np.uint64(n - 1 - n // 2 + n - 1)]
    held_a, held_b = (sum((x >> bit) & np.uint64(1) for bit in longest) for x in (a, b))
    weights = np.array([[1, 1, 2], [1, 0, 0], [2, 0, 0]])[held_a[:, None], held_b[None, :]]
    return int((((a[:, None] & b[None, :]) == 0) * weights).sum())


def _joined(a: np.ndarray, b: np.ndarray, n: int, signatures: int) -> int:
    """The join of copies of the two lists (it sorts them in place), in a fresh workspace."""
    return Workspace(n, signatures=signatures).join(a.copy(), b.copy())


signatures = st.lists(st.integers(0, 2**34 - 1), min_size=1, max_size=1300)


@given(east=signatures, west=signatures, density=st.integers(1, 4))
@settings(max_examples=60, deadline=None)
def test_the_matcher_counts_exactly_the_weighted_disjoint_pairs(
    east: list[int], west: list[int], density: int
) -> None:
    """Random N = 18 signatures (made denser by OR-ing), in blocks of 256 and one by one:
    the disjoint pairs, weighted by the longest diagonals (bits 8 and 25) each side holds."""
    a = np.array(east, np.uint64)
    b = np.array(west, np.uint64)
    for shift in range(1, density):
        a |= np.roll(a, shift)
        b |= np.roll(b, shift)
    expected = _weighted_disjoint_pairs(a, b, 18)
    found = _joined(a, b, 18, 2048)
    assert found == expected


@given(
    east=signatures,
    west=st.lists(st.integers(0, 2**34 - 1), min_size=16, max_size=1300),
    east_bits=st.integers(0, 2**34 - 1),
    west_bits=st.integers(0, 2**34 - 1),
)
@settings(max_examples=60, deadline=None)
def test_bits_one_list_never_holds_leave_the_count_as_it_is(
    east: list[int], west: list[int], east_bits: int, west_bits: int
) -> None:
    """Lists that hold only some bits each (down to none in common, where no pair can
    clash): the tables hold the bits both lists do (`_kept_bits`, with a fast pext), and
    still count the weighted disjoint pairs, as brute force does."""
    a = np.array(east, np.uint64) & np.uint64(east_bits)
    b = np.array(west, np.uint64) & np.uint64(west_bits)
    expected = _weighted_disjoint_pairs(a, b, 18)
    found = _joined(a, b, 18, 2048)
    assert found == expected


@pytest.mark.parametrize("n", [15, 18, 19, 20])
def test_every_chunk_layout_counts_the_weighted_disjoint_pairs(n: int) -> None:
    """Short lists keep only the long diagonals as cut bits, so the tables hold 2N - 4
    bits: layouts with one wide chunk (N = 15, 20), two (N = 18) and none (N = 19)."""
    kept = 2 * (n - 1) - 2
    assert bitops.layout(kept)[1] == {15: 1, 18: 2, 19: 0, 20: 1}[n]
    rng = np.random.default_rng(n)
    bits = 2 * (n - 1)
    a, b = (rng.integers(0, 2**bits, size, dtype=np.uint64) for size in (700, 900))
    for _ in range(2):  # denser, as real signatures are
        a |= rng.integers(0, 2**bits, a.size, dtype=np.uint64)
        b |= rng.integers(0, 2**bits, b.size, dtype=np.uint64)
    expected = _weighted_disjoint_pairs(a, b, n)
    found = _joined(a, b, n, 2048)
    assert found == expected


@given(kept=st.integers(1, 2 * 26))
def test_a_layout_covers_the_bits_with_the_fewest_rows_it_may(kept: int) -> None:
    """The chunks cover exactly `kept` bits (or the last chunk's spare ones), from bit 0
    up, each table row range after the last; wide chunks only where one or two would
    save a row."""
    rows, wide = bitops.layout(kept)
    chunks = bitops.chunks_of(rows, wide)
    assert [c[0] for c in chunks] == list(itertools.accumulate([0] + [c[1] for c in chunks[:-1]]))
    assert [c[2] for c in chunks] == list(
        itertools.accumulate([0] + [1 << c[1] for c in chunks[:-1]])
    )
    covered = sum(c[1] for c in chunks)
    assert covered >= kept > covered - chunks[-1][1]
    assert 0 <= wide <= bitops.WIDE_MAX
    assert rows == -(-kept // bitops.CHUNK_BITS) - (wide > 0)


@compiled
@given(seed=st.integers(0, 2**32 - 1), sizes=st.tuples(*[st.integers(4100, 6000)] * 2))
@settings(max_examples=4, deadline=None)
def test_the_matcher_with_extra_cut_bits_counts_the_weighted_disjoint_pairs(
    seed: int, sizes: tuple[int, int]
) -> None:
    """Lists long enough for cut bits besides the long diagonals (join.MIN_BUCKET), which
    are then taken out of the tables (`_dropping`): the same weighted disjoint pairs."""
    assert min(sizes) >> 3 >= join.MIN_BUCKET  # so the join takes at least one extra cut bit
    rng = np.random.default_rng(seed)
    a, b = (rng.integers(0, 2**34, size, dtype=np.uint64) for size in sizes)
    a |= np.roll(a, 1)
    b |= np.roll(b, 1)
    expected = _weighted_disjoint_pairs(a, b, 18)
    found = _joined(a, b, 18, 8192)
    assert found == expected


@given(
    cuts=st.sets(st.integers(0, 33), min_size=2, max_size=2 + join.EXTRA_CUTS),
    x=st.integers(0, 2**34 - 1),
)
def test_dropping_the_cut_bits_closes_the_gaps(cuts: set[int], x: int) -> None:
    drop = np.empty(2 + join.EXTRA_CUTS, np.uint64)
    join.dropping(np.array(sorted(cuts, reverse=True), np.int64), drop)
    kept = [bit for bit in range(34) if bit not in cuts]
    expected = sum(((x >> bit) & 1) << place for place, bit in enumerate(kept))
    assert int(join.drop_bits(np.uint64(x), drop)) == expected


@numba.njit
def _pext_compiled(x: np.uint64, mask: np.uint64) -> np.uint64:
    return bitops.pext(x, mask)


@given(x=st.integers(0, 2**64 - 1), mask=st.integers(0, 2**64 - 1))
def test_pext_packs_the_masked_bits_to_the_low_end(x: int, mask: int) -> None:
    """`bitops.pext` as BMI2 defines it: in Python, and compiled where the target runs it
    fast (elsewhere no kernel calls it)."""
    bits = [bit for bit in range(64) if mask >> bit & 1]
    expected = sum((x >> bit & 1) << place for place, bit in enumerate(bits))
    assert int(bitops._pext_py(np.uint64(x), np.uint64(mask))) == expected
    if simd.fast_pext():
        assert int(_pext_compiled(np.uint64(x), np.uint64(mask))) == expected


@given(words=st.lists(st.integers(0, 2**64 - 1), min_size=64, max_size=64))
def test_the_bit_matrix_transpose(words: list[int]) -> None:
    square = np.array(words, np.uint64)
    moved = square.copy()
    join.transpose(moved)
    for j in range(64):
        assert all((int(moved[j]) >> k) & 1 == (int(square[k]) >> j) & 1 for k in range(64))


def test_buffers_that_are_too_small_grow_and_the_count_stays_exact(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    defaults = Workspace.__init__.__defaults__
    monkeypatch.setattr(Workspace.__init__, "__defaults__", (2, 2, 0))
    Workspace.drop_held()
    try:
        parts = listed_split(11)
        counts = count_listed_blocks(*parts.task(np.arange(len(parts)))[1])
        assert int(counts[:, 0].sum()) == known_counts()[11][0]
        grown = Workspace.of(11)
        assert grown.partials > 2 and grown.signatures > 2
        assert (counts[:, 1] == grown.nbytes()).all()  # the memory the count reports
    finally:
        monkeypatch.setattr(Workspace.__init__, "__defaults__", defaults)
        Workspace.drop_held()


@compiled
def test_auto_picks_the_join_where_it_is_faster() -> None:
    assert [best_method(n) for n in (4, 12, 13, 14, 18, 23, 24, 27, 28, 30)] == [
        "numpy", "numpy", "numpy", "join", "join", "join", "join", "join", "backtrack", "backtrack",
    ]  # fmt: skip
    assert nqueens.count(14).method == "join"
    assert nqueens.count(8).method == "numpy"


def test_the_join_refuses_boards_beyond_its_limit_and_unknown_methods() -> None:
    with pytest.raises(
        SizeTooLargeError, match=r"too large for the join method \(.*\): use N <= 27"
    ):
        nqueens.count(28, method="join")
    with pytest.raises(UnknownAlgorithmError, match="unknown method 'guess'"):
        count_engine(8, method="guess")


@compiled
def test_the_command_reports_method_memory_and_symmetric_counts() -> None:
    done = invoke("count", "14", "--method", "join", "--json", "-q")
    assert done.status == 0, done.output
    record = json.loads(done.output)
    assert (record["total"], record["unique"]) == known_counts()[14]
    assert record["method"] == "join" and record["memory"] > 0
    classified = count_engine(14, method="backtrack")  # P and R from its symmetry classes
    assert (record["half_turn"], record["quarter_turn"]) == (
        classified.half_turn,
        classified.quarter_turn,
    )
    error = invoke("count", "28", "--method", "join")
    assert error.status == 2 and error.output.count("\n") == 1
    assert "too large for the join method" in error.output


@compiled
def test_journal_resume_is_exact_and_methods_do_not_share_journals(tmp_path: Path) -> None:
    path = tmp_path / "j.sqlite"
    first = count_engine(13, method="join", workers=1, journal=path)
    assert (first.total, first.unique) == known_counts()[13] and first.resumed == 0
    forget(path, range(0, first.subproblems, 3))
    resumed = count_engine(13, method="join", workers=1, journal=path)
    assert 0 < resumed.resumed < resumed.subproblems
    assert (resumed.total, resumed.unique, resumed.memory) == (*known_counts()[13], first.memory)
    with pytest.raises(JournalMismatchError):
        count_engine(13, method="backtrack", workers=1, journal=path)


@compiled
@pytest.mark.slow
def test_ctrl_c_mid_join_keeps_the_finished_work(tmp_path: Path) -> None:
    path = tmp_path / "n18.sqlite"
    proc = start_count(18, path, "join")
    wait_for_rows(path, proc, minimum=5)
    os.killpg(proc.pid, signal.SIGINT)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130 and out == "" and "kept in" in err
    assert len(err.strip().splitlines()) == 1
    kept = journal_rows(path)
    result = count_engine(18, method="join", journal=path)
    assert result.resumed >= kept > 0
    assert (result.total, result.unique) == known_counts()[18]


@pytest.mark.parametrize("n", [2, 4, 6, 8, 10])
def test_strips_of_every_row_choice_pair_up_to_the_solutions(n: int) -> None:
    """Without the orbits: every choice of east rows, its strips paired by brute force."""
    half = n // 2
    west_cols, east_cols = (1 << half) - 1, ((1 << n) - 1) ^ ((1 << half) - 1)
    arrays = Workspace(n).arrays
    stack = np.empty((4, n), np.uint64)
    zero = np.uint64(0)
    total = 0
    for east in itertools.combinations(range(n), half):
        rows_e = np.array(east, np.int64)
        rows_w = np.array([r for r in range(n) if r not in east], np.int64)
        found = []
        for side, rows, cols in ((0, rows_e, east_cols), (1, rows_w, west_cols)):
            count = strips.strip(
                *(n, rows, len(rows), np.uint64(cols), zero, zero, 0, arrays.sigs[side]),
                *(arrays.upper, arrays.lower[side], arrays.starts[side], stack),
                *(arrays.keys, side),
            )
            found.append(arrays.sigs[side][:count].copy())
        total += int(((found[0][:, None] & found[1][None, :]) == 0).sum())
    assert total == known_counts()[n][0]


@compiled
def test_cached_lower_placements_give_the_same_strips_as_fresh_ones() -> None:
    """The strip cache (keyed by the lower rows and the middle queen) changes nothing:
    every subproblem of N = 13 counted again with new buffers, so with nothing cached."""
    parts = listed_split(13, target=10**6)
    function, arguments = parts.task(np.arange(len(parts)))
    cached = function(*arguments)[:, 0]
    fresh = []
    for i in range(len(parts)):
        Workspace.drop_held()
        fresh.append(int(function(*parts.task(np.array([i]))[1])[0, 0]))
    assert cached.tolist() == fresh
    assert sum(fresh) == known_counts()[13][0]
