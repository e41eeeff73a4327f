"""The teaching algorithms: exact counts, identical order, valid solutions, honest stats."""

from __future__ import annotations

import pytest

import nqueens
from nqueens import ALGORITHMS, Place, Reject, Remove, SearchStats, Solution
from nqueens.errors import InvalidSizeError, SizeTooLargeError, UnknownAlgorithmError
from nqueens.known import known_counts
from nqueens.search import get_algorithm
from nqueens.search.replay import Replay
from nqueens.variants.rules import BoardLike
from tests.naive import naive_solutions, naive_unique

# Each algorithm against the table as far as it runs in a second or two.
TESTED_UP_TO = {
    "brute-force": 7,
    "permutations": 8,
    "backtracking": 9,
    "flags": 10,
    "flags-stack": 10,
    "bitboard": 10,
    "bitboard-stack": 10,
}
CASES = [(name, n) for name, top in TESTED_UP_TO.items() for n in range(1, top + 1)]


def test_every_algorithm_is_tested() -> None:
    assert set(TESTED_UP_TO) == set(ALGORITHMS)


@pytest.mark.parametrize(("name", "n"), CASES)
def test_counts_match_the_table_and_every_solution_is_valid(name: str, n: int) -> None:
    stats = SearchStats()
    found = list(nqueens.solutions(n, algorithm=name, stats=stats))
    assert len(found) == known_counts()[n].total == stats.solutions
    assert all(p.n == n and p.is_valid and not p.attacks() for p in found)
    assert len(set(found)) == len(found)


@pytest.mark.parametrize("n", range(1, 9))
def test_all_algorithms_give_the_same_solutions_in_the_same_order(n: int) -> None:
    expected = naive_solutions(n)
    for name in ALGORITHMS:
        if n <= TESTED_UP_TO[name]:
            assert [p.cols for p in nqueens.solutions(n, algorithm=name)] == expected, name


@pytest.mark.parametrize("n", range(1, 11))
def test_unique_solutions_are_one_per_symmetry_class(n: int) -> None:
    unique = list(nqueens.solutions(n, unique=True))
    assert len(unique) == known_counts()[n].unique
    assert all(p.is_canonical() for p in unique)
    assert len({p.canonical() for p in unique}) == len(unique)
    assert sum(p.orbit_size() for p in unique) == known_counts()[n].total


@pytest.mark.parametrize("name", ["permutations", "flags-stack"])
def test_unique_works_from_any_algorithm(name: str) -> None:
    assert [p.cols for p in nqueens.solutions(6, algorithm=name, unique=True)] == [
        p.cols for p in nqueens.solutions(6, unique=True)
    ]
    assert len(list(nqueens.solutions(7, algorithm=name, unique=True))) == naive_unique(7)


def test_first_solution_and_no_solution() -> None:
    assert nqueens.first(8) == nqueens.Placement.from_string("0 4 7 5 2 6 1 3")
    assert nqueens.first(1) == nqueens.Placement((0,))
    assert nqueens.first(2) is None and nqueens.first(3) is None
    for name in ALGORITHMS:
        assert nqueens.first(5, algorithm=name) == nqueens.Placement.from_string("0 2 4 1 3")


def test_first_solution_of_a_larger_board_is_valid() -> None:
    p = nqueens.first(20)
    assert p is not None and p.n == 20 and p.is_valid


def test_limit_stops_early_even_beyond_the_listing_limit() -> None:
    assert len(list(nqueens.solutions(8, limit=5))) == 5
    assert list(nqueens.solutions(8, limit=0)) == []
    big = list(nqueens.solutions(20, limit=3))
    assert len(big) == 3 and all(p.is_valid for p in big)
    assert big == sorted(big, key=lambda p: p.cols)


def test_solutions_are_streamed_not_listed() -> None:
    stats = SearchStats()
    stream = nqueens.solutions(10, stats=stats)
    next(stream)
    assert stats.solutions == 1 and stats.nodes == 102  # of 35,538 in the whole tree


def test_brute_force_checks_every_board_as_seed_004_says() -> None:
    stats = SearchStats()
    list(nqueens.solutions(5, algorithm="brute-force", stats=stats))
    assert stats.checks == 5**5 == 3125
    assert stats.nodes == sum(5**k for k in range(1, 6))
    stats = SearchStats()
    list(nqueens.solutions(5, algorithm="permutations", stats=stats))
    assert stats.checks == 120


def test_the_backtracking_family_visits_the_same_tree() -> None:
    results = {}
    for name in ("backtracking", "flags", "flags-stack", "bitboard", "bitboard-stack"):
        stats = SearchStats()
        list(nqueens.solutions(8, algorithm=name, stats=stats))
        results[name] = stats
    assert {s.nodes for s in results.values()} == {2056}
    assert {s.backtracks for s in results.values()} == {2056}
    # Square-by-square tests: N per node below the root row; bitboards one per row visited.
    assert results["backtracking"].checks == results["flags"].checks == 15720
    assert results["bitboard"].checks == 1965
    assert all(s.time > 0 for s in results.values())


@pytest.mark.parametrize("name", list(ALGORITHMS))
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_events_replay_to_the_solutions_and_the_stats(name: str, n: int) -> None:
    seen: list[object] = []
    stats = SearchStats()
    found = list(nqueens.solutions(n, algorithm=name, stats=stats, observer=seen.append))
    replay = Replay(n)
    solutions_seen = []
    for event in seen:
        replay.apply(event)  # type: ignore[arg-type]
        if isinstance(event, Solution):
            assert event.placement.cols == tuple(replay.cols)
            solutions_seen.append(event.placement)
        if isinstance(event, Reject):
            r, c = event.attacker
            assert r < event.row and replay.cols[r] == c
    assert solutions_seen == found
    assert replay.cols == []  # every queen placed was taken back
    assert (replay.nodes, replay.backtracks, replay.solutions) == (
        stats.nodes,
        stats.backtracks,
        stats.solutions,
    )
    assert list(get_algorithm(name).events(n)) == seen


@pytest.mark.parametrize(
    ("recursive", "stack"), [("flags", "flags-stack"), ("bitboard", "bitboard-stack")]
)
@pytest.mark.parametrize("n", [4, 6, 7])
def test_stack_forms_emit_exactly_the_recursive_events(recursive: str, stack: str, n: int) -> None:
    assert list(get_algorithm(recursive).events(n)) == list(get_algorithm(stack).events(n))


def test_the_4_queens_search_step_by_step() -> None:
    """The known small search: every event of backtracking on 4 x 4 up to the first solution."""
    events = []
    for event in get_algorithm("backtracking").events(4):
        events.append(event)
        if isinstance(event, Solution):
            break
    kinds = [type(e).__name__ for e in events]
    assert kinds.count("Place") == 8 and kinds.count("Remove") == 4
    assert kinds.count("Reject") == 18 and len(events) == 31
    assert events[:4] == [
        Place(0, 0),
        Reject(1, 0, (0, 0), "board[0] = 0"),
        Reject(1, 1, (0, 0), "board[0] = 0"),
        Place(1, 2),
    ]
    assert events[8] == Remove(1, 2)
    assert events[-1] == Solution(nqueens.Placement.from_string("1 3 0 2"))
    everything = list(get_algorithm("backtracking").events(4))
    assert len(everything) == 78  # 16 places, 44 rejects, 16 removes, 2 solutions


@pytest.mark.parametrize("bad", [0, -1, -100])
def test_sizes_below_one_are_refused(bad: int) -> None:
    with pytest.raises(InvalidSizeError, match="at least 1"):
        list(nqueens.solutions(bad))
    with pytest.raises(InvalidSizeError, match="at least 1"):
        nqueens.first(bad)


@pytest.mark.parametrize("bad", [2.5, "eight", None, True])
def test_sizes_that_are_not_whole_numbers_are_refused(bad: object) -> None:
    with pytest.raises(InvalidSizeError, match="whole number"):
        nqueens.first(bad)  # type: ignore[arg-type]


def test_a_board_given_as_text_is_its_size() -> None:
    """The board argument is N, "MxN" or `Rules`, as the commands read it."""
    assert nqueens.first("8") == nqueens.first(8) == nqueens.first(nqueens.Rules(8, 8))


def test_sizes_too_large_for_an_algorithm_say_what_to_do() -> None:
    with pytest.raises(SizeTooLargeError, match=r"use N <= 8, or --algorithm bitboard"):
        list(nqueens.solutions(9, algorithm="brute-force"))
    with pytest.raises(SizeTooLargeError, match="N!"):
        list(nqueens.solutions(11, algorithm="permutations"))
    with pytest.raises(SizeTooLargeError, match="nqueens count"):
        list(nqueens.solutions(16))
    with pytest.raises(SizeTooLargeError, match="first solution"):
        nqueens.first(31)


def test_unknown_algorithm_lists_the_valid_names() -> None:
    with pytest.raises(UnknownAlgorithmError, match="bitboard-stack"):
        nqueens.first(8, algorithm="quantum")


def test_negative_limit_is_refused() -> None:
    with pytest.raises(InvalidSizeError, match="limit"):
        nqueens.solutions(8, limit=-1)


# ---------------------------------------------------------------------------- walk
@pytest.mark.parametrize("name", list(ALGORITHMS))
def test_walk_steps_through_the_algorithms_own_events(name: str) -> None:
    steps = nqueens.search.walk(5, name, state=True)
    assert (steps.search, steps.state, steps.variant_rules) == (name, True, None)
    events = list(steps)
    assert events == list(get_algorithm(name).events(5, state=True))  # a fresh run each time
    assert all(e.state is not None for e in events) and events == list(steps.events())
    assert steps.source() == get_algorithm(name).source()


@pytest.mark.parametrize(("variant", "n"), [("toroidal", 5), ("superqueens", 6)])
def test_walk_steps_a_variant_through_its_check_function(variant: str, n: int) -> None:
    from nqueens.variants import Rules, events

    rules = Rules.of(variant, n)
    steps = nqueens.search.walk(rules, state=True)  # a variant's search keeps no state
    assert (steps.search, steps.state, steps.variant_rules, steps.source()) == (
        "check-function",
        False,
        rules,
        None,
    )
    assert list(steps) == list(events(rules))


@pytest.mark.parametrize(
    ("board", "algorithm", "message"),
    [
        ("toroidal", "bitboard", "use backtracking, not bitboard"),
        ("superqueens", "flags", "use backtracking, not flags"),
    ],
)
def test_walk_refuses_what_a_variant_does_not_have(
    board: str, algorithm: str, message: str
) -> None:
    from nqueens.errors import IncompatibleOptionsError
    from nqueens.variants import Rules

    with pytest.raises(IncompatibleOptionsError, match=message) as refused:
        nqueens.search.walk(Rules.of(board, 7), algorithm)
    assert refused.value.options == ("algorithm",)


def test_walk_refuses_a_rectangle_an_unknown_algorithm_and_a_deep_board() -> None:
    from nqueens.errors import IncompatibleOptionsError

    with pytest.raises(IncompatibleOptionsError, match="square boards, not 4x6"):
        nqueens.search.walk("4x6")
    with pytest.raises(UnknownAlgorithmError):
        nqueens.search.walk(6, "quantum")
    with pytest.raises(SizeTooLargeError, match="first solution"):
        nqueens.search.walk(40, "backtracking")


@pytest.mark.parametrize(
    ("board", "algorithm"),
    [(8, name) for name in ("backtracking", "bitboard", "flags", "engine")]
    + [(nqueens.Rules.of("toroidal", 7), "bitboard"), ("4x6", "bitboard")],
)
def test_stats_given_again_hold_the_last_search_alone(board: BoardLike, algorithm: str) -> None:
    """One SearchStats given to three searches: the teaching searches replaced the counts
    and added up the time, the engine added up its solutions and time, a variant's
    search added up everything. Each search now starts them from zero."""
    once = SearchStats()
    expected = sum(1 for _ in nqueens.solutions(board, algorithm=algorithm, stats=once))
    again = SearchStats(nodes=7, checks=7, solutions=7, backtracks=7, time=1e6)
    for _ in range(3):
        found = sum(1 for _ in nqueens.solutions(board, algorithm=algorithm, stats=again))
    assert found == expected == again.solutions == once.solutions
    assert (again.nodes, again.checks, again.backtracks) == (
        once.nodes,
        once.checks,
        once.backtracks,
    )
    assert 0 <= again.time < 1e5
    first = SearchStats(solutions=5)
    nqueens.first(board, algorithm=algorithm, stats=first)
    assert first.solutions == 1
