"""The search as a film: the API of `nqueens animate`."""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nqueens.errors import InvalidSizeError, SizeTooLargeError
from nqueens.i18n import N_, _
from nqueens.limits import ANIMATION_MAX_N, FILM_MAX_FRAMES, FILM_MAX_PIXELS, check_count
from nqueens.messages import too_large
from nqueens.render.frames import MAX_FRAMES, FrameLimits, Frames
from nqueens.search import get_algorithm
from nqueens.validate import board_size
from nqueens.variants.search import events as variant_events
from nqueens.visual.common import ANIMATION_ALGORITHM, events_of, variant_rules, variant_title

if TYPE_CHECKING:
    from nqueens.variants.rules import Rules

__all__ = ["Animation", "animate"]


@dataclass
class Animation:
    """The search as a film, drawn lazily when saved or displayed.

    Saves as GIF, MP4 or HTML (`save`); in a notebook it shows itself as the GIF. The
    film runs from the empty board, one frame per event, each solution held `hold`
    frames (default: one second), until `solutions` solutions or `max_frames` frames.
    `capped` tells, after drawing, whether `max_frames` cut the search short. A
    `variant` (toroidal, superqueens) films its own check-function search, its attacks
    round the edge or by a knight shaded apart from the ordinary ones. With `state`
    (default), a panel beside the board shows the algorithm's own state at each step
    (flags, masks, stack, candidate): the film is `size` pixels high and wider than that.
    """

    n: int
    algorithm: str = ANIMATION_ALGORITHM
    fps: float = 8.0
    max_frames: int | None = MAX_FRAMES
    solutions: int | None = None
    size: int = 480
    hold: int | None = None
    one_based: bool = False
    variant: str = "classic"
    state: bool = True
    frames: Frames = field(init=False, repr=False)
    rules: Rules | None = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.n = board_size(self.n)
        if self.n > ANIMATION_MAX_N:
            raise SizeTooLargeError(too_large(self.n, _("an animation"), ANIMATION_MAX_N))
        chosen = get_algorithm(self.algorithm)
        self.rules = variant_rules(self.n, self.variant, chosen.name)
        endless = self.max_frames is None and self.solutions is None
        chosen.check_size(self.n, first_only=not endless)
        if not self.fps > 0:
            raise InvalidSizeError(_("fps must be more than 0, not {fps}").format(fps=self.fps))
        if not 100 <= self.size <= FILM_MAX_PIXELS:
            raise InvalidSizeError(
                _("size must be 100 to {most} pixels, not {size}").format(
                    most=FILM_MAX_PIXELS, size=self.size
                )
            )
        for name in ("max_frames", "solutions"):
            value = getattr(self, name)
            if value is not None and value < 1:
                raise InvalidSizeError(
                    _("{name} must be 1 or more (or None), not {value}").format(
                        name=name, value=value
                    )
                )
        if self.max_frames is not None:
            check_count(N_("frames"), self.max_frames, FILM_MAX_FRAMES)
        hold = self.hold if self.hold is not None else max(1, round(self.fps))
        limits = FrameLimits(self.max_frames, self.solutions, hold)
        search = events_of(self.n, self.algorithm)
        if self.rules is not None:
            search = functools.partial(variant_events, self.rules)
        stateful = self.state and self.rules is None  # a variant's search carries none
        self.frames = Frames(
            search, self.n, limits, int(self.one_based), self.rules, stateful=stateful
        )

    @property
    def title(self) -> str:
        if self.rules is not None:
            return variant_title(self.n, self.rules)
        return get_algorithm(self.algorithm).heading(self.n)

    @property
    def capped(self) -> bool:
        return self.frames.capped

    def frame_count(self) -> int:
        """How many frames the film has (runs the search, draws nothing)."""
        return self.frames.count()

    def save(self, path: str | Path, on_frame: Callable[[int], None] | None = None) -> int:
        """Write the film to `path` (.gif, .mp4 or .html); returns the number of frames."""
        from nqueens.render.animation import write

        return write(
            self.frames,
            path,
            fps=self.fps,
            size=self.size,
            title=self.title,
            base=int(self.one_based),
            on_frame=on_frame,
            code=get_algorithm(self.algorithm).listing() if self.frames.stateful else None,
        )

    def _repr_html_(self) -> str:
        import tempfile

        from nqueens.render.animation import html_img

        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "animation.gif"
            self.save(path)
            return html_img(path.read_bytes(), self.title)


def animate(n: int, algorithm: str = ANIMATION_ALGORITHM, **options: Any) -> Animation:
    """The search animated; displays inline in notebooks as a GIF.

    Parameters
    ----------
    n : int
        The board size, N <= 32.
    algorithm : str
        The teaching algorithm to film (default: backtracking, whose check function shows
        its rejections).
    **options
        As for `Animation`: `fps`, `max_frames`, `solutions`, `size`, `hold`, `one_based`,
        `variant` (toroidal or superqueens: the variant's own search, with backtracking),
        `state` (False: no panel of the algorithm's state beside the board).

    Returns
    -------
    Animation
        The film, drawn lazily: `save(path)` writes GIF, MP4 or HTML.

    Raises
    ------
    SizeTooLargeError
        N is beyond 32, or beyond what the algorithm finishes.
    InvalidSizeError
        A frame rate, size or limit out of range.
    IncompatibleOptionsError
        A variant with a teaching algorithm other than backtracking.

    Examples
    --------
    >>> film = animate(4, max_frames=20)
    >>> film.frame_count()
    20
    """
    return Animation(n, algorithm, **options)
