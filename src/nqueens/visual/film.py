"""The search as a film: the API of `nqueens animate`."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nqueens.errors import InvalidSizeError
from nqueens.i18n import N_, _
from nqueens.limits import (
    ANIMATION_MAX_N,
    FILM_MAX_FPS,
    FILM_MAX_FRAMES,
    FILM_MAX_PIXELS,
    FILM_MIN_FPS,
    FILM_WHOLE_MAX_N,
    check_count,
    check_n,
)
from nqueens.render.frames import MAX_FRAMES, FrameLimits, Frames, film_too_long
from nqueens.search import get_algorithm, walk
from nqueens.validate import number_given, whole_given
from nqueens.variants.rules import BoardLike, Rules, with_variant
from nqueens.visual.common import ANIMATION_ALGORITHM, variant_title

if TYPE_CHECKING:
    from nqueens.search import Walk

__all__ = ["Animation", "animate"]


@dataclass
class Animation:
    """The search as a film, drawn lazily when saved or displayed.

    Saves as GIF, MP4 or HTML (`save`); in a notebook it shows itself as the GIF. The
    film runs from the empty board, one frame per event, each solution held `hold`
    frames (default: one second), until `solutions` solutions or `max_frames` frames.
    `capped` tells, after drawing, whether `max_frames` cut the search short. The board
    `n` is N or a variant's `Rules` (or N with `variant`: toroidal, superqueens): a
    variant's board films its own check-function search, its attacks round the edge or
    by a knight shaded apart from the ordinary ones; once made, `n` is N and `rules` the
    variant's rules (None on the classic board). With `state` (default), a panel beside
    the board shows the algorithm's own state at each step (flags, masks, stack,
    candidate): the film is `size` pixels high and wider than that.
    """

    n: BoardLike
    algorithm: str = ANIMATION_ALGORITHM
    fps: float = 8.0
    max_frames: int | None = MAX_FRAMES
    solutions: int | None = None
    size: int = 480
    hold: int | None = None
    one_based: bool = False
    variant: str | None = None
    state: bool = True
    frames: Frames = field(init=False, repr=False)
    rules: Rules | None = field(init=False, repr=False)

    def __post_init__(self) -> None:
        board = Rules.given(self.n, self.variant)
        check_n(board.rows, ANIMATION_MAX_N, _("an animation"))
        steps: Walk = walk(board, self.algorithm, state=self.state)
        self.n, self.variant, self.rules = board.rows, board.variant, steps.variant_rules
        if self.max_frames is None and self.solutions is None:  # the whole search
            if board.classic and board.rows > FILM_WHOLE_MAX_N:  # too long for any search
                raise film_too_long()
            steps.algorithm.check_size(board.rows)
        number_given(self.fps, "fps")
        self.size = whole_given(self.size, "size", 100)
        for name in ("max_frames", "solutions", "hold"):
            setattr(self, name, whole_given(getattr(self, name), name))
        if not FILM_MIN_FPS <= self.fps <= FILM_MAX_FPS:  # nan too
            raise InvalidSizeError(
                _("fps must be {least} to {most}, not {fps}").format(
                    least=FILM_MIN_FPS, most=FILM_MAX_FPS, fps=self.fps
                )
            )
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
            check_count(N_("frames"), self.max_frames, FILM_MAX_FRAMES, option="max_frames")
        hold = self.hold if self.hold is not None else max(1, round(self.fps))
        limits = FrameLimits(self.max_frames, self.solutions, hold)
        self.frames = Frames(
            steps.events,
            board.rows,
            limits,
            int(self.one_based),
            self.rules,
            stateful=steps.state,
            whole=steps.whole() if self.max_frames is None and self.solutions is None else None,
            bare=steps.bare,
        )

    @property
    def title(self) -> str:
        if self.rules is not None:
            return variant_title(self.rules.rows, self.rules)
        assert isinstance(self.n, int), "made the board's rows when the film was made"
        return get_algorithm(self.algorithm).heading(self.n)

    @property
    def capped(self) -> bool:
        return self.frames.capped

    def frame_count(self) -> int:
        """How many frames the film has (runs the search, draws nothing)."""
        return self.frames.count()

    def save(self, path: str | Path, on_frame: Callable[[int], None] | None = None) -> int:
        """Write the film to `path` (.gif, .mp4 or .html); returns the number of frames.
        A film with no frame limit is counted first: one past `limits.FILM_MAX_FRAMES`
        is refused before a frame is drawn."""
        from nqueens.render.animation import write

        if self.max_frames is None:
            self.frame_count()

        return write(
            self.frames,
            path,
            fps=self.fps,
            size=self.size,
            title=self.title,
            base=int(self.one_based),
            on_frame=on_frame,
            code=get_algorithm(self.algorithm).source() if self.frames.stateful else None,
        )

    def _repr_html_(self) -> str:
        import tempfile

        from nqueens.render.animation import html_img

        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "animation.gif"
            self.save(path)
            return html_img(path.read_bytes(), self.title)


def animate(n: BoardLike, algorithm: str = ANIMATION_ALGORITHM, **options: Any) -> Animation:
    """The search animated; displays inline in notebooks as a GIF.

    Parameters
    ----------
    n : int or Rules
        The board: N <= 32, or a variant's `Rules` (toroidal, superqueens: the variant's
        own check-function search, with backtracking).
    algorithm : str
        The teaching algorithm to film (default: backtracking, whose check function shows
        its rejections).
    **options
        As for `Animation`: `fps`, `max_frames`, `solutions`, `size`, `hold`, `one_based`,
        `state` (False: no panel of the algorithm's state beside the board); `variant`
        is deprecated (it warns): give the board's `Rules` instead.

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
    >>> from nqueens import Rules
    >>> animate(Rules.of("toroidal", 5), max_frames=30).title
    '5 queens, toroidal: check-function search'
    """
    board = with_variant(n, options.pop("variant", None), "animate")
    return Animation(board, algorithm, **options)
