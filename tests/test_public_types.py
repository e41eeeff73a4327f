"""The public names keep their types for a type checker: CI's mypy reads this file too
(pyproject.toml's `files`), and each `assert_type` fails there if a name is Any."""

from __future__ import annotations

from typing import assert_type

import nqueens
from nqueens.large import Columns, Conflicts, SearchOutcome
from nqueens.system import SystemInfo


def test_the_names_loaded_on_first_use_keep_their_types() -> None:
    """`nqueens.construct`, `min_conflicts`, `check_array` and `info` load on first use
    (a module `__getattr__`), which a type checker read as Any: `from nqueens import
    construct` gave an untyped function."""
    columns = assert_type(nqueens.construct(8), Columns | None)
    assert columns is not None and nqueens.check(list(columns)).valid
    found = assert_type(nqueens.min_conflicts(8, seed=1), SearchOutcome)
    assert found.solved and nqueens.check(list(found.cols)).valid
    assert not assert_type(nqueens.check_array([1, 3, 0, 2]), Conflicts).columns
    assert isinstance(assert_type(nqueens.info(), SystemInfo), SystemInfo)


def test_show_takes_a_column_list_and_an_array_as_typed() -> None:
    """show() drew `[1, 3, 0, 2]` and construct's array, as its docstring says, while
    its type hint refused them ("List item 0 has incompatible type int")."""
    columns = nqueens.construct(10)
    assert columns is not None
    assert len(nqueens.show([1, 3, 0, 2]).axes) == 1
    assert len(nqueens.show(columns).axes) == 1


def test_a_placements_slice_is_typed_as_the_tuple_it_is() -> None:
    """`placement[1:3]` returned a tuple where the type said int."""
    placement = nqueens.Placement((1, 3, 0, 2))
    assert assert_type(placement[1:3], tuple[int, ...]) == (3, 0)
    assert assert_type(placement[0], int) == 1
    board = next(nqueens.solutions("4x6"))
    assert assert_type(board[1:], tuple[int, ...]) == board.cols[1:]
