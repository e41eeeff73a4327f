"""See the search: pictures, animations, the interactive player and the desktop viewer.

The API behind `nqueens show|animate|play|gui`, for scripts and notebooks. Everything
here draws from the teaching searches' events (via `Replay`); matplotlib is loaded only
when something is drawn.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from nqueens.errors import (
    IncompatibleOptionsError,
    InvalidSizeError,
    NoSolutionError,
    OutputFormatError,
    SizeTooLargeError,
)
from nqueens.files import check_output_place, is_stream, output_file
from nqueens.i18n import N_, _
from nqueens.limits import (
    ANIMATION_MAX_N,
    FILM_MAX_FRAMES,
    FILM_MAX_PIXELS,
    PLAYER_MAX_N,
    PLAYER_MAX_STEPS,
    check_count,
)
from nqueens.messages import plural, too_large
from nqueens.placement import Placement
from nqueens.render.formats import picture_output
from nqueens.render.frames import MAX_FRAMES, FrameLimits, Frames
from nqueens.search import Algorithm, get_algorithm
from nqueens.search.events import Event
from nqueens.validate import board_size
from nqueens.variants.search import events as variant_events

if TYPE_CHECKING:
    from matplotlib.figure import Figure

    from nqueens.render.player import Recording
    from nqueens.variants.board import VariantBoard
    from nqueens.variants.rules import Rules

__all__ = [
    "Animation",
    "Player",
    "animate",
    "gui",
    "play",
    "show",
    "show_variant",
]

ANIMATION_ALGORITHM = "backtracking"  # the one with a check function: it shows rejections
PLAYER_STEPS = 20_000


def _placements(
    n: int, *, all: bool, unique: bool, limit: int | None, algorithm: str
) -> list[Placement]:
    from nqueens.solving import solutions

    if not (all or unique or limit):
        limit = 1
    found = list(solutions(n, unique=unique, limit=limit, algorithm=algorithm))
    if not found:
        raise NoSolutionError.for_size(n)
    return found


def show(
    what: int | Placement | Iterable[Placement | VariantBoard],
    *,
    all: bool = False,
    unique: bool = False,
    limit: int | None = None,
    out: str | Path | None = None,
    one_based: bool = False,
    title: str | None = None,
) -> Figure:
    """A picture of solutions: the first (default), `all`, the `unique` ones, or `limit` of them.

    Parameters
    ----------
    what : int, Placement or iterable of Placement
        A board size (its solutions are found), or the placements to draw (or a
        rectangle's boards, `VariantBoard`s of one width).
    all, unique : bool
        Every solution, or one per symmetry class, in a numbered grid.
    limit : int, optional
        At most this many solutions.
    out : str or Path, optional
        Also write the picture: PNG, SVG or PDF by the extension, whole or not at all.
    one_based : bool
        Number rows and columns from 1.
    title : str, optional
        The picture's title (default: the size and what is shown).

    Returns
    -------
    matplotlib.figure.Figure
        The picture; notebooks display it.

    Raises
    ------
    NoSolutionError
        N = 2 or 3: nothing to draw.
    OutputFormatError, OutputPlaceError
        `out` names no picture format, or a place that cannot be written.
    SizeTooLargeError
        Too many boards for one picture, or an N the search cannot reach.

    Examples
    --------
    >>> figure = show(8, unique=True)
    >>> len(figure.axes)
    12
    """
    from nqueens.solving import auto_algorithm

    if out is not None:
        picture_output(out)  # a bad name or place fails before the search
    from nqueens.render.image import picture, save_picture

    placements: list[Placement | VariantBoard]
    if isinstance(what, Placement):
        placements = [what]
    elif isinstance(what, int):
        n = board_size(what)
        if limit is not None and limit < 1:
            raise InvalidSizeError(_("limit must be 1 or more, not {limit}").format(limit=limit))
        algorithm = auto_algorithm(n, listing=all or unique)
        placements = [*_placements(n, all=all, unique=unique, limit=limit, algorithm=algorithm)]
        if title is None:
            subject = _("{n} queens").format(n=n)
            title = _show_title(subject, len(placements), unique, all or bool(limit))
    else:
        placements = list(what)
    figure = picture(placements, title=title, base=int(one_based))
    if out is not None:
        save_picture(figure, str(out))
    return figure


def show_variant(
    size: int | str,
    variant: str = "classic",
    *,
    all: bool = False,
    unique: bool = False,
    limit: int | None = None,
    out: str | Path | None = None,
    one_based: bool = False,
) -> Figure:
    """A picture of a variant's solutions (toroidal, superqueens), or of a rectangle's
    (`size` "MxN"), as `show` draws the classic ones: the first, `all`, the `unique` ones,
    or `limit` of them.

    Examples
    --------
    >>> len(show_variant("4x6", all=True).axes)
    46
    """
    import itertools

    from nqueens.variants import Rules, VariantBoard, solutions

    rules = Rules.of(variant, size)
    if out is not None:
        picture_output(out)
    if limit is not None and limit < 1:
        raise InvalidSizeError(_("limit must be 1 or more, not {limit}").format(limit=limit))
    wanted = limit if (all or unique or limit) else 1
    found = list(itertools.islice(solutions(rules, unique=unique), wanted))
    if not found:
        raise rules.no_solution()
    boards = [Placement(c) if rules.square else VariantBoard(c, rules.cols) for c in found]
    if rules.square:
        board = _("{n} queens, {variant}").format(n=rules.size, variant=variant)
    elif variant != "classic":
        board = _("{size} board, {variant}").format(size=rules.size, variant=variant)
    else:
        board = _("{size} board").format(size=rules.size)
    title = _show_title(board, len(found), unique, bool(all or limit))
    return show(boards, out=out, one_based=one_based, title=title)


def _show_title(board: str, count: int, unique: bool, listing: bool) -> str:
    """The title of a picture of solutions: "8 queens: 12 unique solutions"."""
    if unique:
        return plural(
            count,
            "{board}: {count} unique solution",
            "{board}: {count} unique solutions",
            board=board,
        )
    if listing:
        return plural(count, "{board}: {count} solution", "{board}: {count} solutions", board=board)
    return board


def _search(n: int, algorithm: str) -> Callable[[], Iterator[Event]]:
    chosen = get_algorithm(algorithm)
    return lambda: chosen.events(n)


def _variant_rules(n: int, variant: str, algorithm: str) -> Rules | None:
    """The rules of a variant to step through (None for the classic board), refusing a
    teaching algorithm: those follow the classic rules; a variant has its own search."""
    from nqueens.variants import Rules

    rules = Rules.of(variant, n)
    if rules.classic:
        return None
    if algorithm != ANIMATION_ALGORITHM:
        raise IncompatibleOptionsError(
            _(
                "a {variant} board is searched by its own check-function search, step by step "
                "(the teaching algorithms follow the classic rules): drop --algorithm {algorithm}"
            ).format(variant=variant, algorithm=algorithm)
        )
    return rules


def _variant_title(n: int, rules: Rules) -> str:
    return _("{n} queens, {variant}: check-function search").format(n=n, variant=rules.variant)


@dataclass
class Animation:
    """The search as a film, drawn lazily when saved or displayed.

    Saves as GIF, MP4 or HTML (`save`); in a notebook it shows itself as the GIF. The
    film runs from the empty board, one frame per event, each solution held `hold`
    frames (default: one second), until `solutions` solutions or `max_frames` frames.
    `capped` tells, after drawing, whether `max_frames` cut the search short. A
    `variant` (toroidal, superqueens) films its own check-function search, its attacks
    round the edge or by a knight shaded apart from the ordinary ones.
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
    frames: Frames = field(init=False, repr=False)
    rules: Rules | None = field(init=False, repr=False)

    def __post_init__(self) -> None:
        self.n = board_size(self.n)
        if self.n > ANIMATION_MAX_N:
            raise SizeTooLargeError(too_large(self.n, _("an animation"), ANIMATION_MAX_N))
        chosen = get_algorithm(self.algorithm)
        self.rules = _variant_rules(self.n, self.variant, chosen.name)
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
        search = _search(self.n, self.algorithm)
        if self.rules is not None:
            search = functools.partial(variant_events, self.rules)
        self.frames = Frames(search, self.n, limits, int(self.one_based), self.rules)

    @property
    def title(self) -> str:
        if self.rules is not None:
            return _variant_title(self.n, self.rules)
        return _("{n} queens: {algorithm}").format(n=self.n, algorithm=self.algorithm)

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
        `variant` (toroidal or superqueens: the variant's own search, with backtracking).

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


def _steppable(n: int, algorithm: str, tool: str) -> tuple[int, Algorithm]:
    """The board size and algorithm, checked for stepping through by hand (player, viewer)."""
    n = board_size(n)
    if n > PLAYER_MAX_N:
        raise SizeTooLargeError(too_large(n, tool, PLAYER_MAX_N))
    chosen = get_algorithm(algorithm)
    chosen.check_size(n, first_only=True)
    return n, chosen


@dataclass
class Player:
    """The interactive player page for a recorded search (see `nqueens.render.player`)."""

    recording: Recording
    html: str

    @property
    def capped(self) -> bool:
        return self.recording.capped

    def save(self, path: str | Path) -> None:
        """Write the page to `path`, whole or not at all."""
        with output_file(path) as out:
            out.write(self.html.encode("utf-8"))

    def _repr_html_(self) -> str:
        import html

        # An iframe keeps the page's script and style to itself inside a notebook.
        title = html.escape(_("N-Queens player"))
        return (
            f'<iframe srcdoc="{html.escape(self.html)}" style="width:100%;height:760px;'
            f'border:none" title="{title}"></iframe>'
        )


def play(
    n: int,
    algorithm: str = "backtracking",
    *,
    max_steps: int = PLAYER_STEPS,
    out: str | Path | None = None,
    learn: bool = False,
    variant: str = "classic",
) -> Player:
    """Record the search into a self-contained, offline HTML player page.

    Parameters
    ----------
    n : int
        The board size, N <= 12.
    algorithm : str
        The teaching algorithm to record.
    max_steps : int
        Record at most this many events of the search.
    out : str or Path, optional
        Also write the page (an .html name), whole or not at all.
    learn : bool
        Open the page in the learner mode, where the student places the queens.
    variant : str
        toroidal or superqueens: record the variant's own check-function search; the
        page shades its wrapped and knight attacks apart (and has no learner mode).

    Returns
    -------
    Player
        The recording and the page; notebooks display it in an iframe.

    Raises
    ------
    SizeTooLargeError
        N is beyond the player's 12.
    OutputFormatError, OutputPlaceError
        `out` is not an .html name, or cannot be written.
    IncompatibleOptionsError
        A variant with `learn`, or with a teaching algorithm other than backtracking.

    Examples
    --------
    >>> player = play(4)
    >>> len(player.recording.solutions)
    2
    """
    from nqueens.render.glyph import queen_path
    from nqueens.render.player import page, record

    named = Path(out).suffix if out is not None else ""
    if out is not None and named.lower() not in (".html", ".htm") and (named or not is_stream(out)):
        raise OutputFormatError(
            _("the player is an HTML page: name the file .html, not {out}").format(out=repr(out))
        )
    if out is not None:
        check_output_place(out)
    n, chosen = _steppable(n, algorithm, _("the player"))
    rules = _variant_rules(n, variant, chosen.name)
    if max_steps < 1:
        raise InvalidSizeError(
            _("max_steps must be 1 or more, not {max_steps}").format(max_steps=max_steps)
        )
    check_count(N_("steps"), max_steps, PLAYER_MAX_STEPS, N_("each is a row of the page"))
    if rules is None:
        recording = record(chosen.events(n), n, chosen.name, max_steps)
        title = None
    else:
        if learn:
            raise IncompatibleOptionsError(
                _(
                    "the learner mode's own search follows the classic rules: drop --learn "
                    "to watch the {variant} search"
                ).format(variant=variant)
            )
        recording = record(variant_events(rules), n, "check-function", max_steps, rules)
        title = _variant_title(n, rules)
    player = Player(recording, page(recording, queen_path(), title, learn=learn))
    if out is not None:
        player.save(out)
    return player


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
    n, chosen = _steppable(n, algorithm, _("the viewer"))
    rules = _variant_rules(n, variant, chosen.name)
    from nqueens.render.gui import run

    run(n, chosen.name, rules)
