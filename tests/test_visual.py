"""Pictures, frames, animations and the player page: files, sizes, frame counts, pixels."""

from __future__ import annotations

import base64
import re
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image

import nqueens
from nqueens.errors import (
    BackendUnavailableError,
    InvalidPlacementError,
    InvalidSizeError,
    NoSolutionError,
    OutputFormatError,
    SizeTooLargeError,
)
from nqueens.render.animation import CODE_PANEL
from nqueens.render.frames import FrameLimits, Frames
from nqueens.render.player import PLACE, REJECT, SOLUTION, record
from nqueens.search import ALGORITHMS, get_algorithm, walk
from nqueens.search.events import Event, Place, Reject, Solution
from nqueens.search.replay import Replay, Stepper
from tests.conftest import require_program
from tests.naive import naive_solutions
from tests.pixels import dark_pixels
from tests.processes import invoke

# The backtracking search (check function) for N = 4: 78 events, the first solution at
# event 31, two solutions in all (tests/test_search.py holds the whole event list).
N4_EVENTS, N4_FIRST, N4_SOLUTIONS = 78, 31, 2
FIRST_8 = (0, 4, 7, 5, 2, 6, 1, 3)


def backtracking(n: int) -> Iterator[Event]:
    return get_algorithm("backtracking").events(n)


# -- frames ------------------------------------------------------------------------


def test_n4_search_has_the_known_number_of_events() -> None:
    events = list(backtracking(4))
    assert len(events) == N4_EVENTS
    assert next(i + 1 for i, e in enumerate(events) if isinstance(e, Solution)) == N4_FIRST


@pytest.mark.parametrize("hold", [1, 3, 8])
def test_frame_counts_for_the_whole_n4_search(hold: int) -> None:
    frames = Frames(lambda: backtracking(4), 4, FrameLimits(None, None, hold))
    shown = list(frames)
    assert len(shown) == 1 + N4_EVENTS + N4_SOLUTIONS * (hold - 1) == frames.count()
    assert not frames.capped
    assert shown[0].cols == () and shown[0].caption == "empty board"
    assert sum(f.solution for f in shown) == N4_SOLUTIONS * hold
    assert shown[-1].step == N4_EVENTS and shown[-1].cols == ()


@pytest.mark.parametrize("name", sorted(ALGORITHMS))
@pytest.mark.parametrize("n", [1, 2, 3, 4, 5, 6])
def test_a_whole_searchs_steps_are_known_from_its_trees_shape(name: str, n: int) -> None:
    """A whole film is counted without running the search: the tree's shape says how
    many steps and solutions it makes, exactly the steps the run makes."""
    steps = walk(n, name)
    events = list(steps)
    assert steps.whole() == (len(events), sum(isinstance(e, Solution) for e in events))
    for hold in (1, 8):
        limits = FrameLimits(None, None, hold)
        walked = Frames(steps.events, n, limits)
        known = Frames(steps.events, n, limits, whole=steps.whole())
        assert known.count() == walked.count() == len(list(walked))


def test_a_whole_film_too_long_is_refused_before_any_step(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`animate 11 --max-frames 0` walked a million steps (82 s) before it refused; the
    tree's shape says at once that the film is too long. A film cut at K solutions is
    counted on the bare steps, without states."""
    chosen = get_algorithm("backtracking")

    def no_run(*args: object, **kwargs: object) -> Iterator[Event]:
        raise AssertionError("the search ran")

    monkeypatch.setattr(type(chosen), "events", no_run)
    with pytest.raises(nqueens.SizeTooLargeError, match="more than 1,000,000 frames long"):
        nqueens.animate(11, max_frames=None).frame_count()
    assert nqueens.animate(6, max_frames=None).frame_count() == 1 + 1050 + 4 * 7
    monkeypatch.undo()
    states: list[bool] = []
    events = type(chosen).events

    def told(self: object, n: int, stats: object = None, *, state: bool = False) -> Iterator[Event]:
        states.append(state)
        return events(chosen, n, state=state)

    monkeypatch.setattr(type(chosen), "events", told)
    film = nqueens.animate(6, max_frames=None, solutions=2)
    assert film.frame_count() == film.frame_count() == len(list(film.frames))
    assert states == [False, True]  # counted once, bare; drawn with the states


def test_frames_stop_after_k_solutions_and_at_the_frame_limit() -> None:
    first = Frames(lambda: backtracking(4), 4, FrameLimits(None, 1, 5))
    shown = list(first)
    assert len(shown) == 1 + N4_FIRST + 4 == first.count()
    assert shown[-1].solution and shown[-1].cols == (1, 3, 0, 2)
    assert not first.capped
    capped = Frames(lambda: backtracking(4), 4, FrameLimits(20, None, 5))
    assert len(list(capped)) == 20 == capped.count() and capped.capped
    exact = Frames(lambda: backtracking(4), 4, FrameLimits(1 + N4_EVENTS + 8, None, 5))
    assert len(list(exact)) == 1 + N4_EVENTS + 8 and not exact.capped


def test_frames_are_produced_lazily() -> None:
    pulled = 0

    def endless() -> Iterator[Event]:
        nonlocal pulled
        for event in backtracking(12):
            pulled += 1
            yield event

    frames = iter(Frames(endless, 12, FrameLimits(None, None, 1)))
    for _ in range(10):
        next(frames)
    assert pulled <= 10


def test_frames_show_the_board_the_attacked_squares_and_the_rejection() -> None:
    for frame in Frames(lambda: backtracking(5), 5, FrameLimits(None, None, 1)):
        expected = {
            (row, col)
            for row in range(len(frame.cols), 5)
            for col in range(5)
            if any(c == col or abs(c - col) == row - r for r, c in enumerate(frame.cols))
        }
        assert frame.attacked == expected
        if frame.reject is not None:
            r, c = frame.reject.attacker
            assert frame.cols[r] == c and frame.reject.row == len(frame.cols)
            assert frame.caption.startswith("attacked")
        assert frame.counters().startswith(f"step {frame.step} ")


# -- stepping backwards and forwards ---------------------------------------------------


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(["forward", "back", "next", "jump"]), max_size=40), st.data())
def test_stepper_state_always_equals_a_fresh_replay(moves: list[str], data: st.DataObject) -> None:
    stepper = Stepper(6, backtracking(6))
    for move in moves:
        if move == "forward":
            stepper.forward()
        elif move == "back":
            stepper.back()
        elif move == "next":
            stepper.next_solution()
        else:
            stepper.go_to(data.draw(st.integers(0, len(stepper.history) + 5)))
        fresh = Replay(6)
        for event in stepper.history[: stepper.position]:
            fresh.apply(event)
        assert stepper.replay == fresh
        assert len(stepper.history) >= stepper.position


def test_stepper_pulls_the_search_only_as_far_as_it_is_moved() -> None:
    stepper = Stepper(8, backtracking(8))
    assert stepper.next_solution()
    assert stepper.position == 982 == len(stepper.history)  # the first 8-queens solution
    assert isinstance(stepper.event, Solution) and stepper.event.placement.cols == FIRST_8
    stepper.go_to(0)
    assert stepper.replay.cols == [] and stepper.event is None and not stepper.back()
    assert stepper.next_solution() and stepper.position == 982
    assert stepper.solution_steps == [982]


def test_stepper_runs_to_the_end_of_the_search() -> None:
    stepper = Stepper(4, backtracking(4))
    assert stepper.next_solution() and stepper.next_solution()
    assert not stepper.next_solution()
    assert stepper.finished and stepper.position == N4_EVENTS
    assert stepper.solution_steps == [31, 48]
    assert not stepper.forward()


# -- pictures -------------------------------------------------------------------------


def _rgb(figure: object) -> np.ndarray:
    canvas = figure.canvas  # type: ignore[attr-defined]
    canvas.draw()
    return np.asarray(canvas.buffer_rgba())[..., :3]


def _square_centre(ax: object, height: int, row: int, col: int) -> tuple[int, int]:
    x, y = ax.transData.transform((col, row))  # type: ignore[attr-defined]
    return round(height - y), round(x)


def test_picture_of_the_first_solution_has_queens_on_the_right_squares() -> None:
    figure = nqueens.show(8)
    (ax,) = figure.axes
    queens = [t for t in ax.texts if t.get_visible() and t.get_text() == "\u265b"]
    assert sorted((round(t.get_position()[1]), round(t.get_position()[0])) for t in queens) == [
        (row, col) for row, col in enumerate(FIRST_8)
    ]
    pixels = _rgb(figure)
    radius = 6
    for row in range(8):
        for col in range(8):
            dark = dark_pixels(pixels, _square_centre(ax, pixels.shape[0], row, col), radius)
            if col == FIRST_8[row]:
                assert dark > 10, (row, col)
            else:
                assert dark == 0, (row, col)


def test_picture_has_light_and_dark_squares_and_labels() -> None:
    figure = nqueens.show(8)
    (ax,) = figure.axes
    pixels = _rgb(figure)
    light, dark = (0xF0, 0xD9, 0xB5), (0xB5, 0x88, 0x63)
    for row, col in ((0, 2), (1, 1), (7, 7), (0, 1), (1, 0), (7, 6)):
        colour = tuple(pixels[_square_centre(ax, pixels.shape[0], row, col)])
        assert colour == (dark if (row + col) % 2 else light), (row, col)  # a1 is dark
    assert [t.get_text() for t in ax.get_xticklabels()] == [str(i) for i in range(8)]
    assert [t.get_text() for t in ax.get_yticklabels()] == [str(i) for i in range(8)]


def test_unique_grid_numbers_the_12_solutions(tmp_path: Path) -> None:
    figure = nqueens.show(8, unique=True, out=tmp_path / "u.png")
    assert [ax.get_title() for ax in figure.axes] == [str(i) for i in range(1, 13)]
    drawn = []
    for ax in figure.axes:
        queens = sorted(
            (round(t.get_position()[1]), round(t.get_position()[0]))
            for t in ax.texts
            if t.get_visible() and t.get_text() == "\u265b"
        )
        drawn.append(tuple(col for _row, col in queens))
    assert drawn == [p.cols for p in nqueens.solutions(8, unique=True)]
    with Image.open(tmp_path / "u.png") as image:
        assert image.size == (
            round(figure.get_figwidth() * 100),
            round(figure.get_figheight() * 100),
        )


def test_show_all_limit_and_placements() -> None:
    assert len(nqueens.show(6, all=True).axes) == 4
    assert len(nqueens.show(10, limit=5).axes) == 5
    big = nqueens.show(13, limit=2)  # small boards of a big N: no labels, to stay readable
    assert [list(ax.get_xticks()) for ax in big.axes] == [[], []]
    assert list(nqueens.show(13).axes[0].get_xticks()) == list(range(13))
    assert len(nqueens.show(nqueens.Placement((1, 3, 0, 2))).axes) == 1
    assert len(nqueens.show([nqueens.Placement(c) for c in naive_solutions(5)[:3]]).axes) == 3


@pytest.mark.parametrize(
    ("name", "magic"), [("b.svg", b"<?xml"), ("b.pdf", b"%PDF"), ("b.png", b"\x89PNG")]
)
def test_show_writes_each_format(tmp_path: Path, name: str, magic: bytes) -> None:
    code, out, _ = invoke("show", "8", "--out", str(tmp_path / name))
    assert code == 0 and out == f"wrote {tmp_path / name}: 1 board\n"
    assert (tmp_path / name).read_bytes().startswith(magic)


def test_show_errors() -> None:
    with pytest.raises(NoSolutionError):
        nqueens.show(3)
    with pytest.raises(OutputFormatError):
        nqueens.show(8, out="x.jpg")
    with pytest.raises(SizeTooLargeError):
        nqueens.show(10, all=True)  # 724 boards on one page
    assert invoke("show", "2", "--out", "x.png")[0] == 1
    code, _, err = invoke("show", "8", "--out", "x.bmp")
    assert code == 2 and err.count("\n") == 1 and "name it .png, .svg or .pdf" in err
    code, _, err = invoke("show", "0", "--out", "x.png")
    assert code == 2 and err.startswith("nqueens: error:")


def test_show_all_stops_reading_past_what_one_picture_holds(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`show 15 --all` listed all 2,279,184 solutions (15 s, 664 MB; N = 17 would need
    27 GB) before it refused more than 400 boards: it reads 401 and refuses."""
    from nqueens.visual import pictures

    read = 0
    listed = pictures.solutions

    def counted(*args: object, **kwargs: object) -> Iterator[object]:
        nonlocal read
        for placement in listed(*args, **kwargs):  # type: ignore[arg-type]
            read += 1
            yield placement

    monkeypatch.setattr(pictures, "solutions", counted)
    with pytest.raises(SizeTooLargeError, match="more than 400 boards, too many for one"):
        nqueens.show(12, all=True)
    assert read == 401
    assert len(nqueens.show(9, unique=True).axes) == 46


def test_a_picture_stops_at_the_boards_it_can_draw() -> None:
    """A picture has N^2 squares: `show` of a 2,000-queen placement took seven minutes,
    its notebook SVG 70 MB. Past PICTURE_MAX_N `show` refuses and a notebook shows the
    column list."""
    from nqueens.limits import PICTURE_MAX_N

    largest = nqueens.Placement(tuple(nqueens.construct(PICTURE_MAX_N).tolist()))
    larger = nqueens.Placement(tuple(nqueens.construct(PICTURE_MAX_N + 1).tolist()))
    assert largest._repr_svg_() is not None and larger._repr_svg_() is None
    with pytest.raises(
        SizeTooLargeError, match=f"a picture of the board: use N <= {PICTURE_MAX_N}"
    ):
        nqueens.show(larger)


def test_placement_draws_itself_in_notebooks() -> None:
    svg = nqueens.Placement(FIRST_8)._repr_svg_()
    assert svg.startswith("<svg") and svg.count('class="queen"') == 8


# -- animations --------------------------------------------------------------------


def _gif_frames(path: Path) -> list[np.ndarray]:
    with Image.open(path) as gif:
        frames = []
        for index in range(gif.n_frames):
            gif.seek(index)
            frames.append(np.asarray(gif.convert("RGB")))
        return frames


def test_gif_of_the_n4_search_has_the_right_size_frames_and_timing(tmp_path: Path) -> None:
    film = nqueens.animate(4, fps=5, size=320, hold=3, max_frames=None)
    path = tmp_path / "four.gif"
    assert film.save(path) == 1 + N4_EVENTS + 2 * 2 == film.frame_count()
    with Image.open(path) as gif:
        assert gif.size == (320 + round(320 * CODE_PANEL), 320)  # the state and code beside it
        assert gif.n_frames == 1 + N4_EVENTS + 2 * 2
        assert gif.info["loop"] == 0 and gif.info["duration"] == 200
    square = nqueens.animate(4, size=320, max_frames=5, state=False)
    square.save(path)
    with Image.open(path) as gif:
        assert gif.size == (320, 320) and gif.n_frames == 5


def test_a_gif_runs_as_long_as_its_caption_says(tmp_path: Path) -> None:
    """A GIF keeps delays in hundredths of a second: 125 ms frames (8 fps) were stored as
    120 ms, and a film said to run 118.9 s ran 114.1 s. The delays now alternate so that
    frame k ends at k / fps."""
    film = nqueens.animate(4, fps=8, size=100, max_frames=40, state=False)
    path = tmp_path / "eight.gif"
    assert film.save(path) == 40
    with Image.open(path) as gif:
        delays = []
        for index in range(gif.n_frames):
            gif.seek(index)
            delays.append(gif.info["duration"])
    assert set(delays) == {120, 130} and sum(delays) == 40 * 1000 // 8


def test_gif_frames_show_the_board_of_each_step(tmp_path: Path) -> None:
    """Decoded GIF frames carry queens exactly where the search had them."""
    from nqueens.render.animation import FramePainter

    film = nqueens.animate(4, size=360, hold=1, max_frames=None)
    path = tmp_path / "four.gif"
    film.save(path)
    decoded = _gif_frames(path)
    painter = FramePainter(4, 360, film.title)
    ax, height = painter.board.ax, 360
    for frame, pixels in zip(film.frames, decoded, strict=True):
        for row in range(4):
            for col in range(4):
                centre = _square_centre(ax, height, row, col)
                has_queen = row < len(frame.cols) and frame.cols[row] == col
                crossed = frame.reject is not None and (frame.reject.row, frame.reject.col) == (
                    row,
                    col,
                )
                dark = dark_pixels(pixels, centre, 5)
                if has_queen:
                    assert dark > 10, (frame.step, row, col)
                elif (row, col) in frame.attacked and not crossed:  # the attacked square's dot
                    assert dark > 50, (frame.step, row, col)
                elif not crossed:
                    assert dark == 0, (frame.step, row, col)
    solved = [p for f, p in zip(film.frames, decoded, strict=True) if f.solution]
    assert len(solved) == 2
    corner = _square_centre(ax, height, 0, 0)
    y, x = corner
    assert tuple(solved[0][y - 12, x - 12]) != tuple(decoded[0][y - 12, x - 12])  # green board


def test_rejected_square_is_marked_in_red(tmp_path: Path) -> None:
    from nqueens.render.animation import FramePainter

    painter = FramePainter(4, 400, "t")
    frames = list(Frames(lambda: backtracking(4), 4, FrameLimits(None, None, 1)))
    reject = next(f for f in frames if f.reject is not None)
    pixels = painter.render(reject)
    y, x = _square_centre(painter.board.ax, 400, reject.reject.row, reject.reject.col)  # type: ignore[union-attr]
    patch = pixels[y - 8 : y + 8, x - 8 : x + 8].astype(int)
    reddish = (patch[..., 0] > 100) & (patch[..., 1] < 50) & (patch[..., 2] < 50)  # REJECT
    assert reddish.sum() > 10


def test_mp4_has_the_right_size_and_frame_count(tmp_path: Path) -> None:
    require_program("ffmpeg")
    path = tmp_path / "four.mp4"
    code, out, _ = invoke("animate", "4", "--solutions", "1", "--size", "240", "--out", str(path))
    assert code == 0 and out.startswith(f"wrote {path}: {1 + N4_FIRST + 7} frames")
    probe = subprocess.run(
        ["ffprobe", "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
         "stream=nb_read_frames,width,height,codec_name", "-of", "csv=p=0", str(path)],
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    assert probe.stdout.strip() == f"h264,{240 + round(240 * CODE_PANEL)},240,{1 + N4_FIRST + 7}"


def test_mp4_without_ffmpeg_says_what_to_do(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setattr(shutil, "which", lambda _name: None)
    with pytest.raises(BackendUnavailableError, match="install it"):
        nqueens.animate(4).save(tmp_path / "x.mp4")
    code, _, err = invoke("animate", "4", "--out", str(tmp_path / "x.mp4"))
    assert code == 2 and err.count("\n") == 1 and "ffmpeg" in err and ".gif" in err


def test_html_animation_is_the_gif_inlined(tmp_path: Path) -> None:
    path = tmp_path / "four.html"
    code, _, _ = invoke("animate", "4", "--solutions", "1", "--out", str(path))
    assert code == 0
    page = path.read_text()
    assert "http" not in page.replace("http://www.w3.org", "")
    (data,) = re.findall(r'src="data:image/gif;base64,([^"]+)"', page)
    (tmp_path / "inner.gif").write_bytes(base64.b64decode(data))
    with Image.open(tmp_path / "inner.gif") as gif:
        assert gif.n_frames == 1 + N4_FIRST + 7 and gif.size == (480 + round(480 * CODE_PANEL), 480)


def test_animation_displays_inline_in_notebooks() -> None:
    html = nqueens.animate(4, solutions=1, size=200)._repr_html_()
    assert html.startswith('<img src="data:image/gif;base64,')


def test_animate_cli_reports_a_capped_film(tmp_path: Path) -> None:
    code, out, err = invoke("animate", "8", "--max-frames", "30", "--out", str(tmp_path / "a.gif"))
    assert code == 0 and "30 frames" in out
    assert "stopped at 30 frames" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["animate", "4", "--out", "x.avi"], "name it .gif, .mp4 or .html"),
        (["animate", "40", "--out", "x.gif"], "too large for an animation"),
        (["animate", "4", "--out", "x.gif", "--fps", "0"], "--fps"),
        (["animate", "4", "--out", "x.gif", "--size", "20"], "--size"),
        (["animate", "4", "--out", "x.gif", "-A", "nope"], "unknown algorithm"),
        (["animate", "12", "--out", "x.gif", "-A", "brute-force"], "too large"),
        (["animate", "4"], "--out"),
    ],
)
def test_animate_errors_are_one_line(args: list[str], message: str) -> None:
    code, out, err = invoke(*args)
    assert code == 2 and out == "" and err.count("\n") == 1 and message in err


def test_animation_checks_its_options() -> None:
    for options in ({"fps": 0}, {"size": 50}, {"max_frames": 0}, {"solutions": 0}):
        with pytest.raises(InvalidSizeError):
            nqueens.animate(4, **options)


# -- the player page -------------------------------------------------------------------


def test_recording_of_the_n4_search() -> None:
    recording = record(backtracking(4), 4, "backtracking", 10_000)
    assert len(recording.events) == N4_EVENTS and not recording.capped
    assert [s["step"] for s in recording.solutions] == [31, 48]
    assert [s["cols"] for s in recording.solutions] == [[1, 3, 0, 2], [2, 0, 3, 1]]
    assert recording.events[0] == [PLACE, 0, 0]
    first_reject = next(e for e in recording.events if e[0] == REJECT)
    assert len(first_reject) == 6  # the square, the attacker, the test's index
    assert list(recording.tests)[first_reject[5]] == "board[0] = 0"
    assert sum(e[0] == SOLUTION for e in recording.events) == 2
    capped = record(backtracking(4), 4, "backtracking", 10)
    assert len(capped.events) == 10 and capped.capped


def test_player_page_is_self_contained(tmp_path: Path) -> None:
    player = nqueens.play(6, out=tmp_path / "six.html")
    page = (tmp_path / "six.html").read_text()
    assert page == player.html
    assert (
        "{{" not in page
        and "</script" not in page.split('type="application/json">')[1].split("</script>")[0]
    )
    for pattern in (r'src="http', r'href="http', r"@import", r"url\(http"):
        assert not re.search(pattern, page)
    assert '<path id="queen-glyph" d="M' in page
    assert player._repr_html_().startswith("<iframe srcdoc=")


def test_play_cli_and_its_limits(tmp_path: Path) -> None:
    code, out, err = invoke("play", "8", "--out", str(tmp_path / "p.html"))
    assert code == 0 and out == f"wrote {tmp_path / 'p.html'}: 17,868 steps, 92 solutions\n"
    assert err == ""
    code, out, err = invoke("play", "12", "--max-steps", "500", "--out", str(tmp_path / "q.html"))
    assert code == 0 and "500 steps" in out and "beyond 500 steps" in err
    for args, message in (
        (["play", "13", "--out", "x.html"], "N <= 12"),
        (["play", "8", "--out", "x.txt"], ".html"),
        (["play", "8", "--out", "x.html", "--max-steps", "0"], "--max-steps"),
    ):
        code, _, err = invoke(*args)
        assert code == 2 and err.count("\n") == 1 and message in err


def test_the_learner_alone_records_nothing(tmp_path: Path) -> None:
    """`play --learn-only` (learn_only): no search run or sealed, the page the learner's
    alone; what it cannot be is refused in one line, named by its flag."""
    from nqueens.errors import IncompatibleOptionsError
    from nqueens.render.player import unseal
    from nqueens.variants import Rules

    alone = nqueens.play(12, learn_only=True)  # N = 12's search is not run
    assert alone.recording.events == [] and alone.tree == ""
    assert 'id="sealed-data" type="application/octet-stream"></script>' in alone.html
    assert '"learnOnly":true' in alone.html and "data-learn-only" in alone.html
    plain = nqueens.play(6, learn=True).html
    assert '"learnOnly":false' in plain and unseal(plain.split('octet-stream">')[1].split("<")[0])
    with pytest.raises(IncompatibleOptionsError, match="max_steps") as refused:
        nqueens.play(8, learn_only=True, max_steps=100)
    assert refused.value.options == ("max_steps",)
    with pytest.raises(IncompatibleOptionsError, match="learn_only"):
        nqueens.play(Rules.of("toroidal", 7), learn_only=True)
    out = tmp_path / "class.html"
    code, said, err = invoke("play", "8", "--learn-only", "--out", str(out))
    assert code == 0 and err == ""
    assert said == f"wrote {out}: the learner alone, for 8 queens (no recorded search)\n"
    assert "data-learn-only" in out.read_text()
    for args, flag in (
        (["--max-steps", "50"], "(--max-steps)"),
        (["-V", "toroidal"], "(--learn-only)"),
    ):
        code, _, err = invoke("play", "7", "--learn-only", *args, "--out", str(out))
        assert code == 2 and err.count("\n") == 1 and err.rstrip().endswith(flag), err


def test_gui_without_a_display_is_a_one_line_error(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("DISPLAY", raising=False)
    code, _, err = invoke("gui", "6")
    assert code == 2 and err.count("\n") == 1 and "display" in err
    code, _, err = invoke("gui", "13")
    assert code == 2 and "N <= 12" in err


def test_first_solution_event_carries_the_placement() -> None:
    events = list(backtracking(4))
    solution = events[N4_FIRST - 1]
    assert isinstance(solution, Solution) and solution.placement.cols == (1, 3, 0, 2)
    assert isinstance(events[0], Place) and any(isinstance(e, Reject) for e in events)


def test_a_failing_ffmpeg_is_a_clear_error(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    fake = tmp_path / "ffmpeg"
    fake.write_text("#!/bin/sh\necho 'Unknown encoder libx264' >&2\nexit 1\n")
    fake.chmod(0o755)
    monkeypatch.setattr(shutil, "which", lambda _name: str(fake))
    with pytest.raises(BackendUnavailableError, match="ffmpeg"):
        nqueens.animate(4, solutions=1).save(tmp_path / "x.mp4")
    code, _, err = invoke("animate", "4", "--out", str(tmp_path / "y.mp4"))
    assert code == 2 and err.count("\n") == 1 and "ffmpeg" in err


def test_one_based_numbers_the_squares_and_says_what_it_leaves(tmp_path: Path) -> None:
    """--one-based numbers rows and columns from 1 in trace, the film, the player and
    the window, and each says once that the code's cells keep the code's indices, so
    "row 2, col 1 ... col[0] = 1" reads as one rule."""
    import html

    from nqueens.messages import one_based_note
    from nqueens.render.animation import FramePainter

    code, out, _err = invoke("trace", "4", "-A", "flags", "--one-based", "-l", "2")
    assert code == 0 and out.splitlines()[:3] == [
        one_based_note(),
        "     1  place row 1, col 1",
        "     2  attacked row 2, col 1 by the queen on row 1, col 1 (same column, col[0] = 1)",
    ]
    code, out, _err = invoke("trace", "4", "-A", "flags", "-l", "1")
    assert one_based_note() not in out
    painter = FramePainter(4, 360, "t", base=1)
    assert one_based_note() in [t.get_text() for t in painter.figure.texts]
    assert one_based_note() not in [t.get_text() for t in FramePainter(4, 360, "t").figure.texts]
    note = html.escape(one_based_note())
    page = nqueens.play(4, one_based=True).html
    assert note in page and '"base":1' in page
    assert note not in nqueens.play(4).html
    code, _out, _err = invoke("play", "4", "--one-based", "--out", str(tmp_path / "p.html"))
    assert code == 0 and '"base":1' in (tmp_path / "p.html").read_text()


def test_a_film_past_the_bound_is_refused_in_the_films_words(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`animate 11 --max-frames 0` said "frames = 1,000,001 is too many" of a number
    nobody typed: it says the film would be too long, and how to cut it."""
    from nqueens.render import frames
    from tests.processes import invoke

    monkeypatch.setattr(frames, "FILM_MAX_FRAMES", 10)
    with pytest.raises(nqueens.SizeTooLargeError, match="more than 10 frames long") as refused:
        nqueens.animate(4, max_frames=None).frame_count()
    assert refused.value.options == ("max_frames", "solutions")
    result = invoke("animate", "4", "--max-frames", "0", "--out", str(tmp_path / "f.gif"))
    assert result.status == 2 and result.stderr.strip().endswith(
        "cut it with a frame limit or a number of solutions (--max-frames, --solutions)"
    )


def test_a_picture_of_boards_given_is_of_one_size() -> None:
    """Boards of two sizes were drawn in one grid (an 8x8 in a 4x4's frame); a column
    list failed with AttributeError ('int' object has no attribute 'n'); a stream of
    solutions was listed whole before the count of boards was refused."""
    four = nqueens.Placement.from_string("1 3 0 2")
    rectangles = [nqueens.first("4x6"), nqueens.first("4x5")]
    for boards, said in [
        ([four, nqueens.first(8)], "of one size, not 4x4 and 8x8"),
        (rectangles, "of one size, not 4x6 and 4x5"),
        ([rectangles[0], four], "of one size, not 4x6 and 4x4"),
        ([four, [1, 3, 0, 2]], r"draws Placements .* not \[1, 3, 0, 2\]"),
    ]:
        with pytest.raises(InvalidPlacementError, match=said):
            nqueens.show(boards)
    with pytest.raises(InvalidPlacementError, match=r"show draws a board .* not 1\.5"):
        nqueens.show(1.5)  # type: ignore[arg-type]
    endless = (four for _ in iter(int, 1))  # never ends: read no further than 401
    with pytest.raises(SizeTooLargeError, match="more than 400 boards"):
        nqueens.show(endless)
    for columns in ([1, 3, 0, 2], (1, 3, 0, 2), np.array([1, 3, 0, 2])):
        assert len(nqueens.show(columns).axes) == 1  # one placement, as its columns
    assert len(nqueens.show([four, four]).axes) == 2
