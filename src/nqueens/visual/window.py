"""The desktop viewer (tkinter): the API of `nqueens gui`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from nqueens.i18n import _
from nqueens.variants.rules import with_variant
from nqueens.visual.common import steppable

if TYPE_CHECKING:
    from nqueens.variants.rules import BoardLike

__all__ = ["gui"]


def gui(n: BoardLike, algorithm: str = "backtracking", *, variant: str | None = None) -> None:
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

    Raises
    ------
    SizeTooLargeError
        N is beyond the viewer's 12.
    BackendUnavailableError
        No display, or no tkinter.
    IncompatibleOptionsError
        A variant with a teaching algorithm other than backtracking.
    """
    steps = steppable(with_variant(n, variant, "gui"), algorithm, _("the viewer"))
    from nqueens.render.gui import run

    run(steps.n, steps.algorithm.name, steps.variant_rules)
