"""The algorithm's state each event carries, against the same structures worked out from
the queens on the board (tests/naive.py), and the line of code each step names."""

from __future__ import annotations

import inspect

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nqueens.search import ALGORITHMS
from nqueens.search.events import Event, Place, Reject, Solution
from nqueens.search.replay import Replay
from nqueens.search.state import EMPTY
from tests.naive import naive_first_test, naive_queen_attack, naive_state
from tests.processes import run_nqueens
from tests.teaching_steps import FLAGS, PRODUCED_BY, REJECTING, said, square


def expected(algorithm: str, n: int, queens: list[int], event: Event, checks: int):  # type: ignore[no-untyped-def]
    kind = type(event).__name__
    return naive_state(algorithm, n, queens, kind, square(event, n), checks)


def walk(algorithm: str, n: int, steps: int):  # type: ignore[no-untyped-def]
    """(event, the queens after it, complete boards checked so far) for the first steps."""
    replay = Replay(n)
    checks = 0
    for event in ALGORITHMS[algorithm].events(n, state=True):
        if replay.step >= steps:
            return
        replay.apply(event)
        checks += isinstance(event, Reject | Solution)
        yield event, list(replay.cols), checks


@settings(max_examples=60, deadline=None)
@given(
    algorithm=st.sampled_from(sorted(ALGORITHMS)),
    n=st.integers(4, 7),
    steps=st.integers(1, 600),
)
def test_every_structure_matches_the_queens_on_the_board(
    algorithm: str, n: int, steps: int
) -> None:
    for event, queens, checks in walk(algorithm, n, steps):
        assert event.state is not None
        shown = {s.name: list(s.cells) for s in event.state.structures}
        assert shown == expected(algorithm, n, queens, event, checks), event
        for s in event.state.structures:
            # filled cells are exactly those set, for every 0/1 structure
            if s.name in FLAGS:
                assert set(s.filled) == {s.index(i) for i, v in enumerate(s.cells) if v == "1"}


@settings(max_examples=30, deadline=None)
@given(
    algorithm=st.sampled_from(["flags", "flags-stack"]),
    n=st.integers(4, 8),
    steps=st.integers(1, 400),
)
def test_flags_outline_the_cells_the_square_reads(algorithm: str, n: int, steps: int) -> None:
    for event, _replay, _checks in walk(algorithm, n, steps):
        assert event.state is not None
        reads = {s.name: s.read for s in event.state.structures}
        notes = {s.name: s.note for s in event.state.structures}
        if isinstance(event, Solution):
            assert reads["col"] == reads["up"] == reads["down"] == ()
            continue
        a, b = event.row, event.col
        assert reads["col"] == (b,)
        if isinstance(event, Reject):
            continue  # the test stops at its first failing lookup (tested above)
        assert (
            reads["col"] == (b,) and reads["up"] == (a + b,) and reads["down"] == (a - b + n - 1,)
        )
        assert notes["up"] == f"up[a+b] = up[{a}+{b}] = up[{a + b}]"
        assert notes["down"] == f"down[a-b+N-1] = down[{a}-{b}+{n - 1}] = down[{a - b + n - 1}]"


def above(event: Reject, queens: list[int], n: int) -> list[int]:
    """The queens the rejected square was tested against: those above it, or for the
    generate-and-test searches the whole board, the rejected square's queen on it."""
    return queens if len(queens) == n else queens[: event.row]


@settings(max_examples=60, deadline=None)
@given(algorithm=st.sampled_from(REJECTING), n=st.integers(4, 8), steps=st.integers(1, 500))
def test_a_rejection_names_the_first_test_that_failed_and_its_cell(
    algorithm: str, n: int, steps: int
) -> None:
    """In the order the code tests (col, up, down; the earlier queens from the top), the
    first test that fails is the one a rejection names, with the queen on its line; the
    state marks that cell as the hit, and outlines no cell the code did not read."""
    for event, queens, _checks in walk(algorithm, n, steps):
        if not isinstance(event, Reject):
            continue
        queen, test = naive_first_test(
            algorithm, n, above(event, queens, n), (event.row, event.col)
        )
        assert (event.attacker, event.test) == (queen, test), event
        assert event.state is not None
        structures = {s.name: s for s in event.state.structures}
        name, index = test.split("[")[0], int(test.split("[")[1].split("]")[0])
        assert structures[name].hit == (index,)
        hits = [s.name for s in event.state.structures if s.hit]
        assert hits == [name]
        if algorithm.startswith("flags"):  # the lookups after the failed one are not made
            order = ["col", "up", "down"]
            for later in order[order.index(name) + 1 :]:
                assert structures[later].read == () and structures[later].note == ""


@settings(max_examples=30, deadline=None)
@given(n=st.integers(4, 8), steps=st.integers(1, 400))
def test_the_check_function_compares_up_to_the_attacker(n: int, steps: int) -> None:
    for event, queens, _checks in walk("backtracking", n, steps):
        assert event.state is not None
        (board,) = event.state.structures
        if isinstance(event, Reject):
            first = next(
                r
                for r, c in enumerate(queens)
                if naive_queen_attack((r, c), (event.row, event.col))
            )
            assert board.read == tuple(range(first + 1)) and board.hit == (first,)
            # What the check answered, as the code writes it: 0, returned at row i. The
            # note said "check(2, 1) = 1", which read as the answer 1 (safe).
            assert board.note == f"check_back_tracking({event.row}) == 0 (i = {first})"
        elif isinstance(event, Place):
            assert board.read == tuple(range(event.row)) and board.hit == ()
            assert board.note == f"check_back_tracking({event.row}) == 1"


def test_the_listing_is_the_source_and_shows_every_line_a_step_names() -> None:
    """The code a student reads is the function's whole source, line for line, with
    nothing that reports a step (no yield, no counting, no type hints); each line a step
    names is one of its lines."""
    for name, chosen in ALGORITHMS.items():
        shown = dict(chosen.source())
        source, _first = inspect.getsourcelines(chosen.code)
        assert list(shown) == list(range(1, len(source) + 1))  # from 1, no gap
        assert list(shown.values()) == [line.rstrip("\n") for line in source]
        text = "\n".join(shown.values())
        assert not any(word in text for word in ("yield", "stats", "observe", "->", ": int"))
        for event, _queens, _checks in walk(name, 5, 400):
            assert event.state is not None and event.state.line in shown, (name, event)


@pytest.mark.parametrize("algorithm", sorted(ALGORITHMS))
def test_each_step_names_the_line_that_produced_it(algorithm: str) -> None:
    shown = dict(ALGORITHMS[algorithm].source())
    seen = set()
    recursive = algorithm in ("flags", "backtracking", "bitboard", "brute-force", "permutations")
    # seed 004's searches call themselves once more at a complete board (row == size)
    leaf = algorithm in ("backtracking", "brute-force", "permutations")
    for event, _queens, _checks in walk(algorithm, 5, 3000):
        assert event.state is not None
        text = shown[event.state.line].strip()
        assert text in PRODUCED_BY[algorithm][type(event)], (type(event).__name__, text)
        seen.add(type(event))
        # recursion: one frame per row reached; the stack versions keep one frame
        checked = (
            isinstance(event, Solution | Reject)
            and leaf
            and not (isinstance(event, Reject) and algorithm == "backtracking")
        )
        depth = 6 if checked else square(event, 5)[0] + 1
        assert event.state.depth == (depth if recursive else 1)
    assert seen == set(PRODUCED_BY[algorithm])


def test_events_with_state_equal_the_plain_events() -> None:
    for name, chosen in ALGORITHMS.items():
        plain = list(zip(range(500), chosen.events(5), strict=False))
        stateful = list(zip(range(500), chosen.events(5, state=True), strict=False))
        assert plain == stateful, name


@settings(max_examples=8, deadline=None)
@given(algorithm=st.sampled_from(sorted(ALGORITHMS)), n=st.integers(4, 6), steps=st.integers(1, 60))
def test_trace_state_prints_each_structure_after_each_step(
    algorithm: str, n: int, steps: int
) -> None:
    """The real command: after each step's line, one line per structure, `name  cells`."""
    result = run_nqueens("trace", str(n), "-A", algorithm, "--state", "--limit", str(steps))
    assert result.returncode == 0, result.stderr
    out = result.stdout.splitlines()
    blocks: list[list[str]] = []
    for line in out[:-1]:
        if line[:6].strip().isdigit():
            blocks.append([])
        elif not line.strip().startswith("("):  # the legend, said when it changes
            blocks[-1].append(line.strip())
    walked = list(walk(algorithm, n, steps))
    assert len(blocks) == len(walked) > 0
    for block, (event, queens, checks) in zip(blocks, walked, strict=True):
        want = expected(algorithm, n, queens, event, checks)
        got = {}
        for line in block:
            name, _, rest = line.partition("  ")
            cells = rest.strip().split("   ")[0].split()
            cells = [] if cells == [EMPTY] else cells
            got[name.strip()] = cells
        assert got == want


@settings(max_examples=40, deadline=None)
@given(algorithm=st.sampled_from(REJECTING), n=st.integers(4, 7), steps=st.integers(1, 400))
def test_the_trace_names_the_first_test_that_failed(algorithm: str, n: int, steps: int) -> None:
    """Each rejection's line of the trace, against the test worked out from the board."""
    from nqueens.render.trace import trace_lines

    walked = list(walk(algorithm, n, steps))
    lines = list(trace_lines(ALGORITHMS[algorithm].events(n), n, limit=steps))[: len(walked)]
    for line, (event, queens, _checks) in zip(lines, walked, strict=True):
        if isinstance(event, Reject):
            queen, test = naive_first_test(
                algorithm, n, above(event, queens, n), (event.row, event.col)
            )
            number, sentence = line.split(maxsplit=1)
            assert number.isdigit() and sentence == said(event, queen, test)


def _code_only(text: str) -> list[str]:
    """Python source without its comments, line by line (trailing blanks dropped)."""
    from nqueens.search.source import comments

    lines = text.split("\n")
    for row, col, _said in comments(text):
        lines[row - 1] = lines[row - 1][:col]
    return [line.rstrip() for line in lines]


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_code_shown_is_the_source_of_the_function_that_ran(language: str) -> None:
    """A profiler, not the package, says which functions ran while the steps were made:
    the outermost is the one whose source the panels show (`source()`, which the player,
    the film and the window draw), line for line; in Japanese its comments are said in
    Japanese and the code is the same. Every step's line is a line of it."""
    import sys
    import threading

    from nqueens.i18n import use_language

    for name, chosen in ALGORITHMS.items():
        ran: set[object] = set()

        def profile(frame, event, arg, ran=ran):  # type: ignore[no-untyped-def]
            if event == "call" and "/search/seeds/" in frame.f_code.co_filename:
                ran.add(frame.f_code)

        sys.setprofile(profile)
        threading.setprofile(profile)  # the run has a thread of its own
        try:
            steps = [e for _i, e in zip(range(300), chosen.events(5, state=True), strict=False)]
        finally:
            sys.setprofile(None)
            threading.setprofile(None)
        nested = {c for code in ran for c in code.co_consts if c in ran}  # type: ignore[attr-defined]
        (outer,) = ran - nested
        source = inspect.getsource(outer)  # type: ignore[arg-type]
        with use_language(language):
            shown = chosen.source()
        text = "\n".join(line for _number, line in shown)
        if language == "en":
            assert text == source.rstrip("\n"), name
        else:
            assert _code_only(text) == _code_only(source.rstrip("\n")), name
            assert text != source.rstrip("\n"), name  # its comments are Japanese
        assert [number for number, _line in shown] == list(range(1, len(shown) + 1))
        assert all(e.state is not None and e.state.line in dict(shown) for e in steps)
