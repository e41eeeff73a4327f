"""What each step of a teaching search must show, worked out here from the queens on the
board (tests/naive.py): the statement that produces each kind of step, the square a step
is about, the sentence a rejection says, the cells the state panel fills and outlines."""

from __future__ import annotations

from nqueens.search import ALGORITHMS
from nqueens.search.events import Event, Place, Reject, Remove, Solution
from tests.naive import naive_first_test, naive_state

# The statement that produces each kind of step, as a student reads it in the source.
PRODUCED_BY = {
    "flags": {
        Place: {"col[b] = up[a + b] = down[a - b + n - 1] = NOT_FREE"},
        Reject: {"if col[b] == FREE and up[a + b] == FREE and down[a - b + n - 1] == FREE:"},
        Remove: {"col[b] = up[a + b] = down[a - b + n - 1] = FREE"},
        Solution: {"found(pos)"},
    },
    "backtracking": {
        Place: {"if check_back_tracking(row) == 1:"},
        Reject: {"if check_back_tracking(row) == 1:"},
        Remove: {"for col in range(size):"},
        Solution: {"found(board)"},
    },
    "bitboard": {
        Place: {"cols[row] = bit.bit_length() - 1"},
        Remove: {"while avail:"},
        Solution: {"found(cols)"},
    },
    "bitboard-stack": {
        Place: {"cols[row] = bit.bit_length() - 1"},
        Remove: {"row -= 1", "found(cols)"},
        Solution: {"found(cols)"},
    },
    "brute-force": {
        Place: {"board[row] = col"},
        Reject: {"if check_brute_force() == 1:"},
        Remove: {"for col in range(size):"},
        Solution: {"found(board)"},
    },
    "permutations": {
        Place: {"used[col] = True"},
        Reject: {"if check_permutation() == 1:"},
        Remove: {"used[col] = False"},
        Solution: {"found(board)"},
    },
}
FLAGS = {"col", "up", "down", "taken", "left", "right", "free", "used"}
PRODUCED_BY["flags-stack"] = {**PRODUCED_BY["flags"], Solution: {"found(stack)"}}


def square(event: Event, n: int) -> tuple[int, int]:
    if isinstance(event, Solution):
        return n - 1, event.placement.cols[-1]
    return event.row, event.col


REJECTING = sorted(name for name in ALGORITHMS if not name.startswith("bitboard"))


def said(event: Reject, attacker: tuple[int, int], test: str) -> str:
    """The sentence every surface says of a rejection, worked out here."""
    if attacker[1] == event.col:
        why = "same column"
    elif (event.row - attacker[0]) * (event.col - attacker[1]) > 0:
        why = "same diagonal, falling to the right"  # a-b constant: down[a-b+N-1]
    else:
        why = "same diagonal, rising to the right"  # a+b constant: up[a+b]
    by = f"row {attacker[0]}, col {attacker[1]}"
    return f"attacked row {event.row}, col {event.col} by the queen on {by} ({why}, {test})"


def expected_cells(algorithm: str, n: int, events: list[Event], queens: list[int]):  # type: ignore[no-untyped-def]
    """What the panel must show after the last of `events`: each structure's cells, for
    the flags the cells the square reads (in the test's order, up to the one that fails),
    and the cell whose test failed."""
    event = events[-1]
    checks = sum(isinstance(e, Reject | Solution) for e in events)
    want = naive_state(algorithm, n, queens, type(event).__name__, square(event, n), checks)
    reads: dict[str, set[int]] = {}
    hit: tuple[str, int] | None = None
    if isinstance(event, Reject):
        above = queens if len(queens) == n else queens[: event.row]
        _queen, test = naive_first_test(algorithm, n, above, (event.row, event.col))
        name, index = test.split("[")[0], int(test.split("[")[1].split("]")[0])
        hit = (name, index)
    if algorithm.startswith("flags") and not isinstance(event, Solution):
        a, b = event.row, event.col
        lookups = [("col", b), ("up", a + b), ("down", a - b + n - 1)]
        for name, index in lookups:
            reads[name] = {index}
            if hit == (name, index):
                break
        reads = {name: reads.get(name, set()) for name, _index in lookups}
    return want, reads, hit
