"""The desktop viewer (tkinter): the API of `nqueens gui`."""

from __future__ import annotations

from nqueens.visual.common import steppable, variant_rules

__all__ = ["gui"]


def gui(n: int, algorithm: str = "backtracking", *, variant: str = "classic") -> None:
    """Open the desktop viewer (tkinter) on the live search; returns when it is closed.

    Parameters
    ----------
    n : int
        The board size, N <= 12.
    algorithm : str
        The teaching algorithm to step through.
    variant : str
        toroidal or superqueens: step through the variant's own check-function search
        instead, its wrapped and knight attacks shaded apart.

    Raises
    ------
    SizeTooLargeError
        N is beyond the viewer's 12.
    BackendUnavailableError
        No display, or no tkinter.
    IncompatibleOptionsError
        A variant with a teaching algorithm other than backtracking.
    """
    n, chosen = steppable(n, algorithm, "the viewer")
    rules = variant_rules(n, variant, chosen.name)
    from nqueens.render.gui import run

    run(n, chosen.name, rules)
