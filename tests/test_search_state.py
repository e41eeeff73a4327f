"""The algorithm's state each event carries, against the same structures worked out from
the queens on the board (tests/naive.py), and the line of code each step names."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nqueens.search import ALGORITHMS
from nqueens.search.events import Event, Place, Reject, Remove, Solution
from nqueens.search.replay import Replay
from nqueens.search.state import EMPTY
from tests.naive import naive_queen_attack, naive_state
from tests.processes import run_nqueens

# The statement that produces each kind of step, as a student reads it in the source.
PRODUCED_BY = {
    "flags": {
        Place: {"board.place(row, col)"},
        Reject: {"if not board.is_free(row, col):"},
        Remove: {"board.remove(row, col)"},
        Solution: {"yield tuple(board.cols)"},
    },
    "backtracking": {
        Place: {"cols[row] = col"},
        Reject: {"if found is not None:"},
        Remove: {"yield Remove(row, col)"},
        Solution: {"yield tuple(cols)"},
    },
    "bitboard": {
        Place: {"cols[row] = col"},
        Remove: {"yield Remove(row, col)"},
        Solution: {"yield tuple(cols)"},
    },
    "bitboard-stack": {
        Place: {"cols[row] = col"},
        Remove: {"if row >= 0:", "yield tuple(cols)"},
        Solution: {"yield tuple(cols)"},
    },
    "brute-force": {
        Place: {"used[col] = True"},
        Reject: {"if attack is None:"},
        Remove: {"used[col] = False"},
        Solution: {"yield tuple(cols)"},
    },
}
FLAGS = {"col", "up", "down", "taken", "left", "right", "free", "used"}
PRODUCED_BY["flags-stack"] = PRODUCED_BY["flags"]
PRODUCED_BY["permutations"] = PRODUCED_BY["brute-force"]


def square(event: Event, n: int) -> tuple[int, int]:
    if isinstance(event, Solution):
        return n - 1, event.placement.cols[-1]
    return event.row, event.col


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
                assert list(s.filled) == [i for i, v in enumerate(s.cells) if v == "1"]


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
        assert (
            reads["col"] == (b,) and reads["up"] == (a + b,) and reads["down"] == (a - b + n - 1,)
        )
        assert notes["up"] == f"up[a+b] = up[{a}+{b}] = up[{a + b}]"
        assert notes["down"] == f"down[a-b+N-1] = down[{a}-{b}+{n - 1}] = down[{a - b + n - 1}]"


@settings(max_examples=30, deadline=None)
@given(n=st.integers(4, 8), steps=st.integers(1, 400))
def test_the_check_function_compares_up_to_the_attacker(n: int, steps: int) -> None:
    for event, queens, _checks in walk("backtracking", n, steps):
        assert event.state is not None
        (earlier,) = event.state.structures
        if isinstance(event, Reject):
            first = next(
                r
                for r, c in enumerate(queens)
                if naive_queen_attack((r, c), (event.row, event.col))
            )
            assert earlier.read == tuple(range(first + 1)) and earlier.filled == (first,)
        elif isinstance(event, Place):
            assert earlier.read == tuple(range(event.row)) and earlier.filled == ()


@pytest.mark.parametrize("algorithm", sorted(ALGORITHMS))
def test_each_step_names_the_line_that_produced_it(algorithm: str) -> None:
    chosen = ALGORITHMS[algorithm]
    _path, first, lines = chosen.source()
    seen = set()
    recursive = algorithm in ("flags", "backtracking", "bitboard", "brute-force", "permutations")
    for event, _queens, _checks in walk(algorithm, 5, 3000):
        assert event.state is not None
        text = lines[event.state.line - first].strip()
        assert text in PRODUCED_BY[algorithm][type(event)], (type(event).__name__, text)
        seen.add(type(event))
        # recursion: one frame per row reached; the stack versions keep one frame
        # (the generate-and-test searches reject only complete boards, at the last row)
        checked = isinstance(event, Reject) and algorithm in ("brute-force", "permutations")
        depth = 5 if checked else square(event, 5)[0] + 1
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
        else:
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
