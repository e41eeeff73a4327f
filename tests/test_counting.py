"""Counting total and unique solutions, and the known-counts table itself."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest

import nqueens
from nqueens.errors import InvalidSizeError, SizeTooLargeError
from nqueens.known import known_counts
from tests.conftest import unavailable
from tests.naive import naive_solutions, naive_unique
from tests.processes import invoke

REFERENCE = Path(__file__).resolve().parents[2] / "shared" / "reference" / "counts.csv"


@pytest.mark.parametrize("n", range(1, 13))
def test_count_matches_the_table(n: int) -> None:
    result = nqueens.count(n)
    assert (result.total, result.unique) == known_counts()[n]
    assert result.n == n and result.time >= 0


@pytest.mark.parametrize("n", range(1, 9))
def test_count_matches_the_naive_solver(n: int) -> None:
    result = nqueens.count(n)
    assert result.total == len(naive_solutions(n))
    assert result.unique == naive_unique(n)


def test_count_result_as_json_values() -> None:
    record = nqueens.count(8).to_dict()
    assert record["total"] == 92 and record["unique"] == 12 and record["n"] == 8
    assert (record["half_turn"], record["quarter_turn"]) == (4, 0)


def test_engine_count_reports_the_symmetric_solutions() -> None:
    """P and R from the engine's classes; tests/test_symmetric.py checks them both ways."""
    result = nqueens.count(12)
    assert (result.half_turn, result.quarter_turn) == (80, 8)
    assert nqueens.count(1).quarter_turn == 1


def test_count_refuses_bad_sizes() -> None:
    with pytest.raises(InvalidSizeError):
        nqueens.count(0)
    with pytest.raises(SizeTooLargeError):
        nqueens.count(64)


def test_known_counts_are_the_published_table() -> None:
    table = known_counts()
    assert sorted(table) == list(range(1, 28))
    assert table[8] == (92, 12) and table[27].total == 234907967154122528
    if not REFERENCE.exists():
        unavailable(f"the shared reference table is not at {REFERENCE}")
    with REFERENCE.open() as f:
        for row in csv.DictReader(f):
            assert table[int(row["n"])] == (int(row["total"]), int(row["unique"]))


def test_one_options_value_counts_as_the_keywords_do() -> None:
    options = nqueens.CountOptions(method="backtrack", workers=1)
    by_value = nqueens.count(10, options)
    by_keywords = nqueens.count(10, method="backtrack", workers=1)
    assert (by_value.total, by_value.unique) == (by_keywords.total, by_keywords.unique) == (724, 92)
    assert nqueens.count(10, options, method="python").method == "python"  # a keyword wins
    assert options.method == "backtrack"  # frozen: the value itself is unchanged
    with pytest.raises(TypeError, match="wokers"):
        nqueens.count(8, wokers=2)


@pytest.mark.parametrize(("board", "expected"), [("5x8", (568, 142)), ("5x7", (164, 43))])
def test_count_takes_a_rectangle(board: str, expected: tuple[int, int]) -> None:
    from nqueens.variants import RECTANGLE_TOTALS

    result = nqueens.count(board)
    rows, cols = (int(x) for x in board.split("x"))
    assert isinstance(result, nqueens.CountResult)
    assert (result.total, result.unique) == expected
    assert (result.n, result.cols, result.method) == (rows, cols, None)  # no engine method
    assert RECTANGLE_TOTALS[(rows, cols)] == result.total
    code, out, _ = invoke("count", board, "--json")
    assert code == 0 and json.loads(out)["method"] is None  # not the name of a method


def test_a_rectangle_refuses_the_engine_options() -> None:
    from nqueens.errors import IncompatibleOptionsError

    with pytest.raises(IncompatibleOptionsError, match="drop workers, journal") as refused:
        nqueens.count("5x8", workers=2, journal="j.db")
    assert refused.value.options == ("workers", "journal")  # the command adds their flags
    code, _, err = invoke("count", "5x8", "--workers", "2")
    assert code == 2 and err.rstrip().endswith("drop workers (--workers)")


@pytest.mark.parametrize(
    ("options", "error", "message", "flagged"),
    [
        ({"part": "abc", "journal": "x.db"}, "InvalidPartError", "K/M", ()),
        ({"verify": 3}, "JournalError", "it needs a journal", ("journal",)),
        ({"verify": 0, "journal": "x.db"}, "InvalidSizeError", "or 'all'", ("verify",)),
        ({"verify": 3, "part": "1/2", "journal": "x"}, "JournalError", "merged", ("verify",)),
        ({"verify_seed": 1}, "IncompatibleOptionsError", "a recount too", ("verify",)),
        ({"on_dashboard": print}, "InvalidSchedulerAddressError", "local", ("scheduler",)),
        ({"scheduler": "nonsense"}, "InvalidSchedulerAddressError", "SCHEME://HOST", ()),
        ({"batch_size": 0}, "InvalidSizeError", "batch size must be at least 1", ()),
        ({"batch_size": 10**9}, "SizeTooLargeError", "too many", ("batch_size",)),
        ({"workers": 2.5}, "InvalidSizeError", "whole number", ()),
        ({"connect_timeout": 0}, "InvalidSizeError", "more than 0", ()),
        ({"variant": "hex"}, "UnknownAlgorithmError", "unknown variant", ("variant",)),
    ],
)
def test_count_options_are_checked_when_made(
    options: dict[str, object], error: str, message: str, flagged: tuple[str, ...]
) -> None:
    """Alone and together, when the value is made: before any count, N = 1 included
    (which a count answers at once); `options` names what the command adds flags for."""
    import nqueens.errors

    kind = getattr(nqueens.errors, error)
    with pytest.raises(kind, match=message) as refused:
        nqueens.CountOptions(**options)  # type: ignore[arg-type]
    assert refused.value.options == flagged
    with pytest.raises(kind, match=message):
        nqueens.count(1, **options)


def test_a_part_is_counted_into_a_journal_and_estimated_without_one() -> None:
    """A part's journal is a count's rule, checked before N = 1 is answered; a part's
    estimate keeps no journal (`count --part K/M --estimate`)."""
    from nqueens.errors import JournalError

    with pytest.raises(JournalError, match="it needs a journal") as refused:
        nqueens.count(1, part="1/2")
    assert refused.value.options == ("journal",)
    plan = nqueens.estimate(10, method="backtrack", part="1/2", workers=1, budget=0.05, seed=1)
    whole = nqueens.estimate(10, method="backtrack", workers=1, budget=0.05, seed=1)
    assert 0 < plan.subproblems < whole.subproblems
    code, out, err = invoke("count", "10", "-m", "backtrack", "--part", "1/2", "--estimate")
    assert code == 0 and out, err


def test_count_options_read_a_part_and_a_recount_once() -> None:
    from nqueens.engine.runtime.cluster import parse_address
    from nqueens.engine.runtime.parts import Part

    chosen = nqueens.CountOptions(part="2/3", journal="x.db", scheduler="tcp://10.0.0.5:8786")
    assert chosen.part == "2/3"  # as given, its declared type; parsed beside it
    assert type(chosen.share) is Part and chosen.share == Part(2, 3)
    assert chosen.address == parse_address("tcp://10.0.0.5:8786")
    changed = chosen.with_changes(workers=1)
    assert changed.share == Part(2, 3) and changed.address == chosen.address
    assert nqueens.CountOptions(part=(1, 2)).share == Part(1, 2)
    assert nqueens.CountOptions().share is None and nqueens.CountOptions().address is None
    assert nqueens.CountOptions(verify="all", journal="x.db").verify == "all"
    with pytest.raises(TypeError, match="share"):
        chosen.with_changes(share=Part(1, 3))  # derived, never given


def test_the_runner_reads_the_options_parsed_not_their_text(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from nqueens.engine.runtime import cluster
    from nqueens.engine.runtime.parts import Part

    chosen = nqueens.CountOptions(part="1/2", journal=tmp_path / "p.db", workers=1)

    def parsed_again(*_: object) -> None:
        raise AssertionError("parsed again")

    monkeypatch.setattr(cluster, "parse_address", parsed_again)
    monkeypatch.setattr(Part, "given", parsed_again)
    monkeypatch.setattr(Part, "from_string", parsed_again)
    result = nqueens.count(9, chosen)
    assert result.part == Part(1, 2) and result.subproblems > 0


def test_a_count_recounts_its_journal_when_asked(tmp_path: Path) -> None:
    path = tmp_path / "n10.sqlite"
    result = nqueens.count(10, method="backtrack", workers=1, journal=path, verify="all")
    checked = result.verification
    assert checked is not None and checked.complete and checked.seed is None
    assert list(checked.checked) == list(range(result.subproblems))
    record = result.to_dict()
    assert record["verified"] == list(checked.checked) and record["verify_seed"] is None
    assert "verification" not in record and nqueens.count(8).verification is None


def test_count_takes_the_rules_as_its_board() -> None:
    from nqueens.errors import IncompatibleOptionsError

    torus = nqueens.Rules.of("toroidal", 13)
    assert nqueens.count(torus).total == nqueens.count(13, variant="toroidal").total == 4524
    assert nqueens.count(nqueens.Rules(5, 8)).total == 568
    with pytest.raises(IncompatibleOptionsError, match="toroidal board's, not 'superqueens'"):
        nqueens.count(torus, variant="superqueens")


def test_the_board_counted_is_the_rules_alone() -> None:
    """The method is chosen from the board's rules, with no variant string beside them:
    a method named without a variant counts its own board; classic rules given as the
    board are never counted as another's."""
    from nqueens.errors import IncompatibleOptionsError

    result = nqueens.count(11, method="toroidal")
    assert (result.variant, result.total) == ("toroidal", 88)
    with pytest.raises(IncompatibleOptionsError, match="counts toroidal boards, not classic"):
        nqueens.count(nqueens.Rules(11, 11), method="toroidal")
    plan = nqueens.estimate(11, method="superqueens", workers=1, budget=0.05, seed=1)
    assert plan.method == "superqueens"


def test_an_estimate_refuses_what_only_a_count_does() -> None:
    from nqueens.errors import IncompatibleOptionsError

    with pytest.raises(IncompatibleOptionsError, match="counts nothing here") as refused:
        nqueens.estimate(12, journal="x.db", verify=3)
    assert refused.value.options == ("journal", "verify")


def test_a_rectangles_count_is_not_said_to_be_new() -> None:
    """count("5x8").published was False, which the result's docstring reads as "N is
    past the published table, so the count is new". No table of rectangles is set
    beside it: None, as for a part's share."""
    found = nqueens.count("5x8")
    assert (found.total, found.unique, found.published) == (568, 142, None)
    assert nqueens.count(8).published is True
