"""The desktop viewer (tkinter): the API of `nqueens gui`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nqueens.i18n import _
from nqueens.variants.rules import with_variant
from nqueens.visual.common import steppable, variant_title

if TYPE_CHECKING:
    import tkinter as tk

    from nqueens.render.gui import Viewer
    from nqueens.variants.rules import BoardLike

__all__ = ["gui", "open_window"]


def gui(
    n: BoardLike,
    algorithm: str = "backtracking",
    *,
    variant: str | None = None,
    one_based: bool = False,
) -> None:
    """Open the desktop viewer (tkinter) on the live search; returns when it is closed.

    Parameters
    ----------
    n : int or Rules
        The board: N <= 12, or a variant's `Rules` (toroidal, superqueens), whose own
        check-function search it steps through, its wrapped and knight attacks shaded
        apart.
    algorithm : str
        The teaching algorithm to step through (a variant's board: backtracking).
    variant : str, optional
        Deprecated (it warns): the variant's name, for a board given as N; give the
        board's `Rules` instead (``Rules.of("toroidal", n)``).
    one_based : bool
        Number rows and columns from 1 (the arrays' indices stay the code's, from 0).

    Raises
    ------
    SizeTooLargeError
        N is beyond the viewer's 12.
    BackendUnavailableError
        No display, or no tkinter.
    IncompatibleOptionsError
        A variant with a teaching algorithm other than backtracking.
    """
    root, _viewer = open_window(with_variant(n, variant, "gui"), algorithm, one_based=one_based)
    root.mainloop()


def open_window(
    n: BoardLike,
    algorithm: str = "backtracking",
    *,
    one_based: bool = False,
) -> tuple[tk.Tk, Viewer]:
    """The viewer's window on the search `nqueens.search.walk` chooses, not yet running
    (the tests drive it): the one walk hands its events, code and title to the window."""
    steps = steppable(n, algorithm, _("the viewer"))
    from nqueens.render import gui

    rules = steps.variant_rules
    title = steps.algorithm.heading(steps.n) if rules is None else variant_title(steps.n, rules)
    return gui.open_window(title, steps.n, steps, steps.source(), rules, int(one_based))
