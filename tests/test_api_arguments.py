"""The API's argument checks (issue 44 section 7): every wrong type is a one-line
`NQueensError` saying what was expected, never a bare TypeError from deep inside; N and
the counts beside it read by one rule, the command line's."""

from __future__ import annotations

import pickle
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import nqueens
from nqueens.completion.formats import read_instance, to_dimacs
from nqueens.counting import plan_parts
from nqueens.errors import InvalidSizeError, NQueensError
from nqueens.variants.compare import compare as variant_compare
from nqueens.variants.counting import count as variant_count
from tests.processes import invoke


class _Thing:
    """Any object that is no argument (its repr the same in every test process)."""

    def __repr__(self) -> str:
        return "_Thing()"


WRONG = [None, 123, b"x.db", 1.5, [1], {"a": 1}, _Thing(), True, float("nan")]


@pytest.mark.parametrize("value", WRONG, ids=repr)
@pytest.mark.parametrize(
    "call",
    [
        lambda v: nqueens.check(v),
        lambda v: nqueens.count(6, journal=v),
        lambda v: nqueens.count(6, workers=v),
        lambda v: nqueens.count(6, batch_size=v),
        lambda v: nqueens.count(6, method=v),
        lambda v: nqueens.count(6, variant=v),
        lambda v: nqueens.count(6, part=v, journal="unused.db"),
        lambda v: list(nqueens.solutions(6, limit=v)),
        lambda v: nqueens.complete(v),
        lambda v: read_instance(v),
        lambda v: list(to_dimacs(v)),
    ],
    ids=[
        "check",
        "journal",
        "workers",
        "batch",
        "method",
        "variant",
        "part",
        "limit",
        "complete",
        "read_instance",
        "to_dimacs",
    ],
)
def test_a_wrong_type_says_what_was_expected(
    call: object, value: object, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)  # a journal named "unused.db" was left in the checkout
    try:
        call(value)  # type: ignore[operator]
    except NQueensError as error:
        assert "\n" not in str(error) and len(str(error)) < 200
    # some values are right for some arguments (123 workers is refused by size, [1] is a
    # placement): only that no other error comes out is asserted


@pytest.mark.parametrize(
    ("call", "said"),
    [
        (lambda: nqueens.estimate(10, seed=-1), "seed must be at least 0, not -1"),
        (lambda: nqueens.estimate(10, seed="x"), "seed must be a whole number of at least 0"),
        (lambda: nqueens.estimate(10, budget=-1), "budget must be a number of seconds more"),
        (lambda: nqueens.estimate(10, budget=float("nan")), "more than 0, not nan"),
        (lambda: nqueens.CountOptions(connect_timeout=True), "connect_timeout must be a number"),
        (lambda: nqueens.CountOptions(connect_timeout=float("inf")), "more than 0, not inf"),
        (
            lambda: nqueens.CountOptions(verify=2, verify_seed=-1, journal="a.db"),
            "verify_seed must be at least 0, not -1",
        ),
    ],
)
def test_seeds_and_seconds_are_checked_as_the_command_checks_them(call: object, said: str) -> None:
    """A negative or text seed reached NumPy's own ValueError or TypeError; a budget or
    a timeout of -1, nan, inf or True was taken (the command refuses each)."""
    with pytest.raises(InvalidSizeError, match=re.escape(said)):
        call()  # type: ignore[operator]


@pytest.mark.parametrize(
    "call",
    [
        lambda v: nqueens.tree(6, depth=v),
        lambda v: nqueens.tree(6, solutions=v),
        lambda v: nqueens.tree(6, max_nodes=v),
        lambda v: nqueens.animate(4, fps=v),
        lambda v: nqueens.animate(4, size=v),
        lambda v: nqueens.animate(4, max_frames=v),
        lambda v: nqueens.animate(4, solutions=v),
        lambda v: nqueens.animate(4, hold=v),
        lambda v: nqueens.play(4, max_steps=v),
        lambda v: nqueens.show(6, limit=v),
    ],
    ids=["depth", "solutions", "max_nodes", "fps", "size", "max_frames", "sol", "hold",
         "max_steps", "limit"],
)  # fmt: skip
@pytest.mark.parametrize("value", ["x", [3], True])
def test_a_pictures_numbers_are_numbers(call: object, value: object) -> None:
    """Text or a list for a picture's number raised TypeError from a comparison (and
    hold="x" only once a solution was drawn): one line now, naming the argument."""
    with pytest.raises(InvalidSizeError, match=r"must be a (whole )?number"):
        call(value)  # type: ignore[operator]


def test_the_messages_say_what_was_expected() -> None:
    with pytest.raises(NQueensError, match=r"a placement is text .* not None"):
        nqueens.check(None)
    with pytest.raises(NQueensError, match=r"journal must be a file name .* not 123"):
        nqueens.count(10, journal=123)
    with pytest.raises(NQueensError, match=r"journal must be a file name .* not b'x.db'"):
        nqueens.count(10, journal=b"x.db")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: nqueens.Placement.from_string(None), "text must be a str, not None"),
        (lambda: nqueens.count(8, {"workers": 1}), "options must be a CountOptions, not {'w"),
        (lambda: nqueens.estimate(8, {"workers": 1}), "options must be a CountOptions"),
        (lambda: nqueens.first(4, stats=5), "stats must be a SearchStats, not 5"),
        (lambda: nqueens.solutions(4, stats=[]), r"stats must be a SearchStats, not \[\]"),
        (lambda: nqueens.solutions(4, observer=5), "observer must be a function of one event"),
        (lambda: nqueens.variants.count(8), "rules must be a board's Rules .* not 8"),
        (lambda: next(nqueens.variants.solutions(8)), "rules must be a board's Rules"),
    ],
    ids=["from_string", "count", "estimate", "first", "solutions", "observer", "vcount", "vsol"],
)
def test_an_argument_of_the_wrong_kind_is_named(call: object, message: str) -> None:
    """Each failed deep inside with an AttributeError that named neither the argument
    nor what it takes ('NoneType' object has no attribute 'lstrip', ...)."""
    with pytest.raises(NQueensError, match=message):
        call()  # type: ignore[operator]


def test_numpy_integers_count_as_n_does(tmp_path: Path) -> None:
    """N took np.int64 and workers refused it."""
    result = nqueens.count(np.int64(8), workers=np.int64(2), batch_size=np.int32(4))
    assert (result.total, result.workers) == (92, 2)
    assert [len(rows) for rows in [list(nqueens.solutions(8, limit=np.int64(3)))]] == [3]


def test_numpy_integers_are_columns_and_sizes_everywhere() -> None:
    """A column read from an array, and a rectangle's sides, as np.int64: check refused
    the first; Rules kept the second and counting failed deep inside (bit_length)."""
    assert nqueens.check([np.int64(1), 3, 0, 2]).valid
    assert nqueens.check([np.int64(0), np.int64(2)], "2x4").valid
    assert nqueens.Placement((np.int8(1), 3, 0, 2)).cols == (1, 3, 0, 2)
    rules = nqueens.Rules(np.int64(4), np.int64(6))
    assert (type(rules.rows), type(rules.cols)) == (int, int)
    assert nqueens.count(rules).total == nqueens.count("4x6").total
    figure = nqueens.show(np.int64(6))  # type: ignore[arg-type]
    assert len(figure.axes) == 1
    with pytest.raises(NQueensError, match="True in row 0 is not a whole number"):
        nqueens.check([True, 3, 0, 2])


@pytest.mark.parametrize("text", ["٨", "1_0", " 8 ", "+8", "8.0", "0x8", "\uff18"])
def test_n_as_text_is_read_by_the_command_lines_rule(text: str) -> None:
    """One rule for N, the API's and the command line's: digits of any script and `_`
    between them, as `int` reads them; anything else refused by both."""
    status, out, _ = invoke("count", text)
    try:
        api = nqueens.count(text)  # type: ignore[arg-type]
    except NQueensError:
        assert status == 2
        return
    assert status == 0 and f"N = {api.n}: {api.total:,} solutions" in out


def test_a_worksheet_of_n_1_is_not_said_to_have_no_solution() -> None:
    status, _, err = invoke("worksheet", "1", "--out", "w.pdf")
    assert status == 2 and "has none" not in err and "N = 1 only its one queen" in err


def test_one_journal_name_is_one_journal_and_a_partials_n_is_read_as_n(tmp_path: Path) -> None:
    """merge_journals("p1.sqlite", out) walked the name's characters ("'/' is a folder");
    Partial.from_string(..., n="4") said "the board has 4 rows but --n says 4"."""
    from nqueens.completion.model import Partial
    from nqueens.engine.runtime.merge import merge_journals
    from nqueens.errors import JournalError

    missing = tmp_path / "p1.sqlite"
    with pytest.raises(JournalError, match=f"no journal at {re.escape(str(missing))}"):
        merge_journals(str(missing), tmp_path / "out.db")
    with pytest.raises(InvalidSizeError, match="board size must be a whole number, not '4'"):
        Partial.from_string("Q.../..../..../....", n="4")  # type: ignore[arg-type]
    assert Partial.from_string("Q.../..../..../....", n=4).n == 4


def _eight() -> nqueens.Placement:
    return nqueens.Placement.from_string("0 4 7 5 2 6 1 3")


_MORE_CALLS = {
    "min_conflicts seed": lambda v: nqueens.min_conflicts(50, seed=v),
    "min_conflicts max_sweeps": lambda v: nqueens.min_conflicts(50, max_sweeps=v),
    "min_conflicts on_progress": lambda v: nqueens.min_conflicts(50, on_progress=v),
    "construct symmetry": lambda v: nqueens.construct(8, symmetry=v),
    "complete time_limit": lambda v: nqueens.complete(nqueens.Partial(6, {}), time_limit=v),
    "complete seed": lambda v: nqueens.complete(nqueens.Partial(6, {}), seed=v),
    "count on_progress": lambda v: nqueens.count(6, on_progress=v),
    "count on_plan": lambda v: nqueens.count(6, on_plan=v),
    "Placement": lambda v: nqueens.Placement(v),
    "transform": lambda v: _eight().transform(v),
    "Partial blocked": lambda v: nqueens.Partial(6, {}, blocked=v),
    "Partial excluded_sums": lambda v: nqueens.Partial(6, {}, excluded_sums=v),
    "check_listing": lambda v: _check_listing(v),
    "Listing": lambda v: _check_listing(_listing(v)),
    "read_placements": lambda v: _read_placements(v),
    "plan_parts": lambda v: plan_parts(8, v, budget=0.01, seed=1),
    "variants compare": lambda v: list(variant_compare(v)),
    "Rules wrap": lambda v: nqueens.Rules(8, 8, wrap=v),
    "Rules knight": lambda v: nqueens.Rules(8, 8, knight=v),
    "show out": lambda v: nqueens.show(_eight(), out=v),
    "heatmap out": lambda v: nqueens.heatmap(6, out=v),
    "tree out": lambda v: nqueens.tree(4, out=v),
    "worksheet out": lambda v: nqueens.worksheet(5, out=v),
    "save_columns out": lambda v: _save_columns(v),
}


def _check_listing(value: object) -> object:
    from nqueens.checking import check_listing

    return check_listing(value)  # type: ignore[arg-type]


def _listing(value: object) -> object:
    from nqueens.listings import Listing

    return Listing(value)  # type: ignore[arg-type]


def _read_placements(value: object) -> object:
    from nqueens.columns import read_placements

    return read_placements(value)  # type: ignore[arg-type]


def _save_columns(value: object) -> object:
    from nqueens.columns import save_columns

    return save_columns(np.array([1, 3, 0, 2]), value)  # type: ignore[arg-type]


@pytest.mark.parametrize("value", WRONG, ids=repr)
@pytest.mark.parametrize("call", _MORE_CALLS.values(), ids=_MORE_CALLS.keys())
def test_more_wrong_types_say_what_was_expected(call: object, value: object) -> None:
    """Each of these raised TypeError or AttributeError deep inside for one value or
    another ('int' object is not callable, unhashable type, not iterable...)."""
    try:
        call(value)  # type: ignore[operator]
    except NQueensError as error:
        assert "\n" not in str(error) and len(str(error)) < 250


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: nqueens.min_conflicts(50, seed="x"), "seed must be a whole number, not 'x'"),
        (lambda: nqueens.min_conflicts(50, max_sweeps=1.5), "max_sweeps must be a whole"),
        (lambda: nqueens.min_conflicts(50, on_progress=5), "on_progress must be a function"),
        (lambda: nqueens.construct(3, symmetry=["x"]), r"unknown symmetry \['x'\]"),
        (
            lambda: nqueens.complete(nqueens.Partial(6, {}), time_limit="1"),
            "a time limit is a finite number of seconds >= 0, not '1'",
        ),
        (lambda: nqueens.complete(nqueens.Partial(6, {}), seed=1.0), "seed must be a whole"),
        (lambda: nqueens.count(6, on_progress=5), "on_progress must be a function .* not 5"),
        (lambda: nqueens.Placement(5), "a placement lists a column per row .* not 5"),
        (lambda: nqueens.Placement({0: 1}), r"column per row .* not \{0: 1\}"),
        (lambda: nqueens.Placement("0132"), "Placement.from_string reads text"),
        (lambda: _eight().transform(["x"]), r"unknown symmetry \['x'\]"),
        (lambda: nqueens.Partial(6, {}, blocked=5), "blocked must be a collection such as"),
        (lambda: _check_listing(None), "listing must be a Listing"),
        (lambda: _listing([[0, 1], [1]]), "a listing is a row of whole column numbers"),
        (lambda: _listing(np.array([1, 3, 0, 2])), r"shape \(4,\): a listing is a row"),
        (lambda: _read_placements(None), "argument must be text, a file's name or '-'"),
        (lambda: plan_parts(8, "2"), "parts must be a whole number"),
        (lambda: nqueens.count(8, part=(1, "2"), journal="j.db"), "not 1/'2'"),
        (lambda: nqueens.count(8, part=(1.0, 2), journal="j.db"), "not 1.0/2"),
        (lambda: variant_compare([8]), r"not \[8\]"),
        (lambda: nqueens.Rules(8, 8, wrap="yes"), "wrap must be True or False, not 'yes'"),
        (lambda: nqueens.show(_eight(), out=5), "out must be a file name .* not 5"),
        (lambda: nqueens.worksheet(5, out=5), "out must be a file name .* not 5"),
        (lambda: _save_columns(None), "out must be a file name .* not None"),
    ],
    ids=lambda value: "" if callable(value) else value[:40],
)
def test_each_wrong_type_is_refused_in_words(call: object, message: str) -> None:
    with pytest.raises(NQueensError, match=message):
        call()  # type: ignore[operator]


def test_a_hand_made_listing_is_checked_on_its_board() -> None:
    """A Listing made by hand with a column below 0 was checked as valid: the readers'
    check that every column is on the board was theirs alone."""
    with pytest.raises(NQueensError, match="column -1 in row 0 is off a board 4 wide"):
        _check_listing(_listing(np.array([[-1, 1, 3, 0]])))
    found = _check_listing(_listing([[1, 3, 0, 2], [2, 0, 3, 1], [0, 1, 2, 3]]))
    assert found.invalid == (2,) and found.distinct == 2  # type: ignore[attr-defined]


def test_seeds_of_either_sign_and_read_placements_of_a_path(tmp_path: Path) -> None:
    """A seed is any whole number, as --seed is; a pathlib.Path names a file."""
    from nqueens.columns import save_columns

    assert nqueens.min_conflicts(50, seed=-7).solved
    assert nqueens.complete(nqueens.Partial(8, {0: 0}), seed=-7).status == "solved"
    save_columns(np.array([1, 3, 0, 2]), tmp_path / "four.txt", fmt="list")
    assert _read_placements(tmp_path / "four.txt") == nqueens.Placement((1, 3, 0, 2))


def test_columns_that_are_no_whole_numbers_are_said_to_be_so() -> None:
    """A rectangle's 0.9 was "off the board"; True in a list of more than 2,000 was read
    as 1 by NumPy; an empty list was "board size must be at least 1"."""
    with pytest.raises(NQueensError, match=r"column 0\.9 in row 0 is not a whole number"):
        nqueens.check([0.9, 1, 2, 3], "4x6")
    with pytest.raises(NQueensError, match="column True in row 0 is not a whole number"):
        nqueens.check([True, *range(1, 2500)])
    assert not nqueens.check([1, *range(1, 2500)]).valid  # the same list, 1 in its place
    with pytest.raises(nqueens.InvalidPlacementError, match="needs at least one row"):
        nqueens.check([])


def test_a_too_small_worksheet_and_a_recount_name_their_argument(tmp_path: Path) -> None:
    from nqueens.counting import verify
    from nqueens.engine.runtime.merge import merge_journals

    with pytest.raises(InvalidSizeError, match="N = 3 is too small"):
        nqueens.worksheet(3)
    with pytest.raises(InvalidSizeError) as refused:
        merge_journals(["a.db"], tmp_path / "out.db", recount=-1)
    assert refused.value.options == ("recount",)
    journal = tmp_path / "n8.db"
    nqueens.count(8, workers=1, journal=journal)
    with pytest.raises(InvalidSizeError) as refused:
        verify(journal, "some")  # type: ignore[arg-type]
    assert refused.value.options == ("samples",)
    assert len(verify(journal, np.int64(2), seed=1).checked) == 2


def test_a_partial_keeps_its_own_queens_and_hashes_by_value() -> None:
    """Partial kept the caller's dict: a queen added to it after the board was checked
    made complete() answer "solved" with two queens attacking each other (and count 4
    completions of a board that has none). It keeps a copy; and it hashes, as a frozen
    value should (it raised TypeError)."""
    from nqueens.completion.model import Partial

    given = {0: 0}
    board = Partial(8, given)
    given[1] = 1  # attacks (0, 0): had it been given, the board would be refused
    assert board.fixed == {0: 0} and board.fixed is not given
    found = nqueens.complete(board)
    assert found.columns is not None and nqueens.check(list(found.columns)).valid
    assert found.columns[0] == 0
    assert nqueens.complete(board, count=True).count == 4  # the completions of queen (0, 0)
    assert hash(board) == hash(Partial(8, {0: 0})) and board == Partial(8, {0: 0})
    assert len({board, Partial(8, {0: 0}), Partial(8, {0: 1})}) == 2
    with pytest.raises(TypeError, match="fixed queens cannot change"):
        board.fixed[1] = 1  # nor its own, once checked
    with pytest.raises(TypeError, match="fixed queens cannot change"):
        board.fixed.update({1: 1})
    assert board.fixed == {0: 0} and board in {board}
    assert pickle.loads(pickle.dumps(board)) == board  # as a worker receives it


@pytest.mark.parametrize("value", [{0: 1, 1: 3, 2: 0, 3: 2}, {0: 1}, b"1302", bytearray(b"13")])
def test_check_refuses_a_dict_and_bytes(value: object) -> None:
    """check() read a dict by its keys (columns 0, 1, 2, 3: "invalid" for a solution;
    {0: 1} a valid 1x1 board) and bytes as character codes (49, 51, ...)."""
    with pytest.raises(nqueens.InvalidPlacementError, match=r"^a placement is text"):
        nqueens.check(value)  # type: ignore[arg-type]


def test_check_listing_reads_the_width_the_listing_records(tmp_path: Path) -> None:
    """A rectangle's JSON listing records its width: the command read it, check_listing
    refused it ("4 queens, one per row, but the board is 4"). A board of another width
    given beside it is refused as the command refuses it."""
    from nqueens.checking import check_listing
    from nqueens.columns import read_placements

    path = tmp_path / "r46.json"
    code, _out, err = invoke("solve", "4x6", "--all", "--format", "json", "--out", str(path))
    assert code == 0, err
    listing = read_placements(path)
    assert listing.width == 6
    found = check_listing(listing)
    assert (found.rules.rows, found.rules.cols, found.count, found.invalid) == (4, 6, 46, ())
    assert check_listing(listing, "4x6") == found
    with pytest.raises(nqueens.InvalidPlacementError, match="on a board 6 wide, not 7"):
        check_listing(listing, "4x7")


@pytest.mark.parametrize(
    ("choices", "named"),
    [
        ({"unique": True, "limit": -3}, "unique, limit"),
        ({"all": True}, "all"),
        ({"limit": 2}, "limit"),
        ({"variant": "toroidal"}, "variant"),
    ],
)
@pytest.mark.parametrize("drawn", ["placement", "columns", "placements"])
def test_show_refuses_choices_beside_placements(
    drawn: str, choices: dict[str, object], named: str
) -> None:
    """Given placements, show() drew them and let `unique=True, limit=-3` or a variant
    pass unsaid (and unchecked): those choose a board's solutions."""
    what = {
        "placement": nqueens.first(8),
        "columns": [1, 3, 0, 2],
        "placements": list(nqueens.solutions(6)),
    }[drawn]
    with pytest.raises(nqueens.errors.IncompatibleOptionsError, match=f"drop {named}$"):
        nqueens.show(what, **choices)  # type: ignore[arg-type]


def test_show_refuses_choices_before_reading_a_stream_and_draws_a_rectangles_board() -> None:
    """The refusal came after up to 401 boards of a stream were read (a search run for
    nothing), and `limit=0` slipped through it. One rectangle's board (which iterates
    as its columns) was read as a stream of boards."""

    def unread() -> Iterator[nqueens.Placement]:
        raise AssertionError("the stream was read")
        yield  # a generator

    for choices in ({"limit": 0}, {"unique": True}, {"all": True}):
        with pytest.raises(nqueens.errors.IncompatibleOptionsError, match=r"^all, unique"):
            nqueens.show(unread(), **choices)  # type: ignore[arg-type]
    board = next(nqueens.solutions("4x6"))
    assert len(nqueens.show(board).axes) == 1


def test_tls_files_are_checked_and_need_a_tls_scheduler(tmp_path: Path) -> None:
    """`tls="garbage"` failed deep in the connection (AttributeError: 'str' object has
    no attribute 'check') or, with no scheduler, went unused, as did the command's
    --tls-* files beside a count on this machine or a tcp:// scheduler."""
    from nqueens.engine.runtime.cluster import TLSFiles
    from nqueens.errors import IncompatibleOptionsError, InvalidSchedulerAddressError

    files = TLSFiles(tmp_path / "ca.pem", tmp_path / "cert.pem", tmp_path / "key.pem")
    for scheduler in (None, "tcp://127.0.0.1:9"):
        with pytest.raises(IncompatibleOptionsError, match=r"^tls must be a TLSFiles"):
            nqueens.CountOptions(scheduler=scheduler, tls="garbage")  # type: ignore[arg-type]
        with pytest.raises(InvalidSchedulerAddressError, match=r"^TLS files are for a tls://"):
            nqueens.count(8, workers=1, scheduler=scheduler, tls=files)
    for where in ([], ["--scheduler", "tcp://127.0.0.1:9"]):
        tls = ["--tls-ca-file", "a", "--tls-cert", "b", "--tls-key", "c"]
        code, out, err = invoke("count", "8", *where, *tls)
        assert (code, out) == (2, "")
        assert err == (
            "nqueens: error: TLS files are for a tls:// scheduler: count on one, or give "
            "none (--tls-ca-file, --tls-cert, --tls-key)\n"
        )
    assert nqueens.CountOptions(scheduler="tls://127.0.0.1:9", tls=files).tls == files


def test_a_wrong_keyword_names_the_function_it_was_given_to() -> None:
    """estimate(12, worker=2) said "count() got an unexpected keyword argument"."""
    from nqueens.counting import plan_parts

    for call, name in ((nqueens.estimate, "estimate"), (nqueens.count, "count")):
        with pytest.raises(
            TypeError, match=rf"^{name}\(\) got an unexpected keyword argument 'worker'$"
        ):
            call(12, worker=2)  # type: ignore[operator]
    with pytest.raises(TypeError, match=r"^plan_parts\(\) got an unexpected keyword"):
        plan_parts(12, 2, worker=2)


def test_an_instances_diagonals_and_a_variants_name_are_checked() -> None:
    """read_instance(diagonals=2.5) failed as a slice index and took True for 1;
    Rules.of(["toroidal"], 7) was "unhashable type: 'list'"."""
    from nqueens.completion.formats import read_instance

    text = "n = 4\nnumdiags = 2\ndiags = [[0, 1], [2, 0]]\n"
    for value in (2.5, True, "1", None):
        if value is None:
            whole = read_instance(text, diagonals=value)
            assert (whole.excluded_sums, whole.excluded_diffs) == ({0}, {-1})
            continue
        with pytest.raises(InvalidSizeError, match=r"^diagonals must be a whole number"):
            read_instance(text, diagonals=value)  # type: ignore[arg-type]
    first = read_instance(text, diagonals=1)
    assert (first.excluded_sums, first.excluded_diffs) == ({0}, frozenset())
    for variant in (["toroidal"], None, 7):
        with pytest.raises(InvalidSizeError, match=r"^variant must be a name \(text\)"):
            nqueens.Rules.of(variant, 7)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("call", "named"),
    [
        (lambda value: nqueens.solutions(8, unique=value), "unique"),
        (lambda value: nqueens.show(8, all=value), "all"),
        (lambda value: nqueens.show(8, one_based=value), "one_based"),
        (lambda value: nqueens.complete(nqueens.Partial(8, {0: 0}), count=value), "count"),
        (lambda value: variant_count(nqueens.Rules(5, 8), fast=value), "fast"),
        (lambda value: variant_count(nqueens.Rules(5, 8), unique=value), "unique"),
        (lambda value: nqueens.Rules(7, 7, wrap=value), "wrap"),
    ],
)
@pytest.mark.parametrize("value", ["no", "yes", 1, 0, None])
def test_a_switch_is_true_or_false(call: Any, named: str, value: object) -> None:
    """`solutions(8, unique="no")` listed the 12 unique solutions, `complete(...,
    count="yes")` counted and `variants.count(..., fast="no")` took the kernel: a switch
    was read by its truth. True or False (or NumPy's) it must be."""
    if value is None and named == "fast":
        assert variant_count(nqueens.Rules(5, 8), fast=None) == 568  # None: by the width
        return
    with pytest.raises(InvalidSizeError, match=rf"^{named} must be True or False, not "):
        call(value)


def test_numpy_switches_are_switches() -> None:
    assert sum(1 for _ in nqueens.solutions(8, unique=np.bool_(True))) == 12
    assert variant_count(nqueens.Rules(5, 8), unique=np.True_) == 142


def test_a_rectangles_board_is_checked_and_read_as_a_placement_is() -> None:
    """VariantBoard((9, 9), 3) was accepted, to_string(base=5) numbered from 5, and
    a rectangle's solution had no len, iteration, indexing or drawn str, which a
    Placement has."""
    from nqueens.variants.board import VariantBoard

    board = next(nqueens.solutions("4x6"))
    assert isinstance(board, VariantBoard)
    assert (len(board), list(board), board[1], board[-1]) == (4, [0, 2, 4, 1], 2, 1)
    assert str(board).splitlines()[1] == ". . Q . . ."
    assert board.to_string(base=1) == "1 3 5 2"
    assert VariantBoard([np.int64(0), 2], 5) == VariantBoard((0, 2), 5)  # read as Python ints
    refused = {
        ((9, 9), 3): "column 9 in row 0 is off the board",
        ((0, 1, 2, 3), 3): "4 queens, one per row, do not fit a board 3 wide",
        ((), 4): "a placement needs at least one row",
        ((0, -1), 4): "column -1 in row 1 is off the board",
        (("a",), 3): "column 'a' in row 0 is not a whole number",
        ("02", 3): "a placement lists a column per row",
    }
    for (cols, width), said in refused.items():
        with pytest.raises(nqueens.InvalidPlacementError, match=f"^{re.escape(said)}"):
            VariantBoard(cols, width)  # type: ignore[arg-type]
    with pytest.raises(InvalidSizeError):
        VariantBoard((0,), 0)
    with pytest.raises(nqueens.InvalidPlacementError, match=r"^base must be 0 or 1, not 5"):
        board.to_string(base=5)
