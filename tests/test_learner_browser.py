"""The search tree on the player page and the learner mode, in Debian's headless Chromium."""

from __future__ import annotations

import subprocess
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from PIL import Image

import nqueens
from nqueens.render.colours import square_colour
from tests.pages import Opened, counters, queens
from tests.pixels import dark_pixels
from tests.processes import NQUEENS

pytestmark = pytest.mark.browser

Board = dict[int, int]


def place(page: object, board: Board) -> None:
    for row, col in board.items():
        page.click(f"rect[data-row='{row}'][data-col='{col}']")  # type: ignore[attr-defined]


def learner_queens(page: object) -> set[tuple[int, int]]:
    text = page.get_attribute("#board", "data-queens") or ""  # type: ignore[attr-defined]
    return {(int(r), int(c)) for r, c in (item.split(":") for item in text.split())}


def attacked_by(n: int, queens: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """Squares some other queen attacks, the slow obvious way."""
    return {
        (row, col)
        for row in range(n)
        for col in range(n)
        for r, c in queens
        if (r, c) != (row, col) and (r == row or c == col or abs(r - row) == abs(c - col))
    }


def shaded(page: object) -> set[tuple[int, int]]:
    rects = page.locator("rect.attacked")  # type: ignore[attr-defined]
    return {
        (int(rects.nth(i).get_attribute("data-row")), int(rects.nth(i).get_attribute("data-col")))
        for i in range(rects.count())
    }


LINES = {
    "col": "same column",
    "up": "same diagonal, rising to the right",
    "down": "same diagonal, falling to the right",
}


def first_line(n: int, queens: set[tuple[int, int]], square: tuple[int, int]) -> str:
    """Why `square` is attacked, worked out here: the first queen found along the lines in
    the order the flags search tests them (column, / diagonal, \\ diagonal, then the row),
    and the flag cell that records that line, as the learner must say it."""
    row, col = square
    others = sorted(q for q in queens if q != square)
    for kind, on_line, cell in (
        ("col", lambda r, c: c == col, lambda r, c: f"col[{c}]"),
        ("up", lambda r, c: r + c == row + col, lambda r, c: f"up[{r + c}]"),
        ("down", lambda r, c: r - c == row - col, lambda r, c: f"down[{r - c + n - 1}]"),
    ):
        for r, c in others:
            if on_line(r, c):
                return (
                    f"row {row}, col {col} is attacked by the queen on row {r}, col {c}: "
                    f"{LINES[kind]}, recorded in {cell(r, c)}."
                )
    (r, c) = next(q for q in others if q[0] == row)
    return (
        f"row {row}, col {col} is attacked by the queen on row {r}, col {c}: same row (the "
        "search puts one queen in each row, so no array records rows)."
    )


def python_completions(n: int, board: Board) -> list[tuple[int, ...]]:
    """Every solution that keeps the board's queens, in the search's (lexicographic) order."""
    return [s.cols for s in nqueens.solutions(n) if all(s.cols[r] == c for r, c in board.items())]


@pytest.fixture
def learner(open_player: object) -> Iterator[object]:
    """The learner on the flags page, whose first failing test is col, up, down in turn
    (`first_line`); the backtracking page's check function has its own tests below."""

    def load(n: int) -> object:
        page = open_player(n, "flags", learn=True)  # type: ignore[operator]
        assert page.get_attribute("body", "data-mode") == "learn"
        assert page.locator("#learner").is_visible() and not page.locator("#watcher").is_visible()
        return page

    yield load


def test_tree_beside_the_board_follows_the_search(open_player: object) -> None:
    page = open_player(4)  # type: ignore[operator]
    assert page.locator("svg.search-tree .node").count() == len(nqueens.tree(4)) == 17
    assert page.locator(".node.ahead").count() == 16  # only the root is reached at step 0
    assert page.get_attribute("#node-", "class") == "node root on-path current"
    for _ in range(4):  # place (0, 0); reject (1, 0), (1, 1); place (1, 2)
        page.click("#forward")
    assert queens(page) == "0 2"
    assert "current" in page.get_attribute("#node-0-2", "class")
    assert "on-path" in page.get_attribute("#node-0", "class")
    assert "current" not in page.get_attribute("#node-0", "class")
    assert page.locator(".node.ahead").count() == 17 - 3
    page.click("#node-1-3-0-2")  # a solution node: jump to the step that placed its last queen
    assert queens(page) == "1 3 0 2" and counters(page)["step"] == "30"
    assert "current" in page.get_attribute("#node-1-3-0-2", "class")
    page.click("#node-0")
    assert counters(page)["step"] == "1" and queens(page) == "0"


def test_click_place_shade_conflict_undo_redo(learner: object) -> None:
    page = learner(6)  # type: ignore[operator]
    page.click("rect[data-row='0'][data-col='1']")
    assert learner_queens(page) == {(0, 1)}
    assert shaded(page) == attacked_by(6, {(0, 1)})
    assert page.inner_text("#learner-status") == "1 of 6 queens placed."
    page.click("rect[data-row='3'][data-col='4']")  # on the queen's diagonal: a conflict
    assert learner_queens(page) == {(0, 1), (3, 4)}
    assert shaded(page) == attacked_by(6, {(0, 1), (3, 4)})
    assert page.locator("use.learner-queen.conflict").count() == 2
    assert page.locator("line.conflict-line").count() == 1
    line = page.locator("line.conflict-line")
    ends = {(line.get_attribute(f"y{i}"), line.get_attribute(f"x{i}")) for i in (1, 2)}
    assert ends == {("0.5", "1.5"), ("3.5", "4.5")}
    # The wrong move is told which queen attacks it, along which line, in which flag cell.
    assert page.inner_text("#learner-status") == first_line(6, {(0, 1), (3, 4)}, (3, 4))
    assert "down[4]" in page.inner_text("#learner-status")
    page.click("#undo")
    assert learner_queens(page) == {(0, 1)}
    assert page.locator("line.conflict-line").count() == 0
    page.click("#redo")
    assert learner_queens(page) == {(0, 1), (3, 4)}
    page.keyboard.press("Control+z")
    page.keyboard.press("Control+z")
    assert learner_queens(page) == set() and shaded(page) == set()
    assert page.locator("#undo").is_disabled()
    page.keyboard.press("Control+y")
    assert learner_queens(page) == {(0, 1)}
    page.click("rect[data-row='0'][data-col='1']")  # a click on a queen takes it away
    assert learner_queens(page) == set()
    assert page.locator("#redo").is_disabled()  # a new change forgets what was undone


BOARDS = [
    (8, {}),
    (8, {0: 0}),
    (8, {2: 3, 5: 1}),
    (8, {0: 0, 1: 2}),  # a dead end: no completion
    (8, {0: 0, 1: 4, 2: 7, 3: 5, 4: 2, 5: 6, 6: 1, 7: 3}),  # a solution
    (10, {4: 4}),
    (12, {}),
    (12, {0: 5, 11: 2}),
]


@pytest.mark.parametrize(("n", "board"), BOARDS)
def test_hint_counts_completions_like_the_python_engine(
    learner: object, n: int, board: Board
) -> None:
    page = learner(n)  # type: ignore[operator]
    place(page, board)
    page.click("#hint")
    expected = nqueens.complete(nqueens.Partial(n, board), count=True).count
    assert int(page.get_attribute("#hint-text", "data-count")) == expected
    text = page.inner_text("#hint-text")
    if expected == 0:
        assert text.startswith("No:")
    elif len(board) == n:
        assert text.startswith("Solved")
    else:
        assert f"in {expected:,} way" in text


@pytest.mark.parametrize(
    "board",
    [{0: 0, 4: 4}, {1: 5, 6: 5}, {2: 1, 5: 4}, {0: 3, 4: 7}, {0: 7, 7: 0}],
)
def test_hint_on_attacking_queens_names_the_line_and_the_cell(
    learner: object, board: Board
) -> None:
    page = learner(8)  # type: ignore[operator]
    place(page, board)
    page.keyboard.press("h")
    later = max(board.items())
    why = first_line(8, set(board.items()), later)
    assert page.inner_text("#hint-text") == f"No: {why} Take one of them away."


def test_a_row_in_the_same_row_is_named_too(learner: object) -> None:
    page = learner(8)  # type: ignore[operator]
    page.click("rect[data-row='3'][data-col='0']")
    page.click("rect[data-row='3'][data-col='6']")  # the same row: no flag records rows
    assert page.inner_text("#learner-status") == first_line(8, {(3, 0), (3, 6)}, (3, 6))


def dead_row(n: int, queens: set[tuple[int, int]]) -> tuple[int, list[str]] | None:
    """The first empty row with no safe square, and why for each square, worked out here."""
    for row in range(n):
        if any(r == row for r, _c in queens):
            continue
        reasons = []
        for col in range(n):
            attacked = [q for q in queens if naive_attack(q, (row, col))]
            if not attacked:
                break
            why = first_line(n, queens | {(row, col)}, (row, col))
            # "row R, col C is attacked by the queen on row r, col c: LINE, recorded in CELL."
            by = why.split("by the queen on ")[1].split(":")[0]
            line, cell = why.split(": ", 1)[1].rstrip(".").split(", recorded in ")
            reasons.append(f"col {col}: the queen on {by}, {line}, {cell}")
        else:
            return row, reasons
    return None


def naive_attack(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return a[0] == b[0] or a[1] == b[1] or abs(a[0] - b[0]) == abs(a[1] - b[1])


@pytest.mark.parametrize(("n", "board"), [(6, {0: 1, 2: 4}), (8, {0: 1, 1: 6, 4: 2})])
def test_a_dead_end_says_which_row_runs_out_and_why_square_by_square(
    learner: object, n: int, board: Board
) -> None:
    page = learner(n)  # type: ignore[operator]
    place(page, board)
    found = dead_row(n, set(board.items()))
    assert found is not None
    row, reasons = found
    status = page.inner_text("#learner-status")
    assert status.startswith(f"Dead end: row {row} has no safe square left")
    assert page.get_attribute("#board", "data-dead-row") == str(row)
    assert page.get_attribute("rect.dead-row", "visibility") == "visible"
    page.click("#hint")
    assert page.inner_text("#hint-text").startswith(f"No: row {row} has no safe square left")
    assert page.locator("#hint-why li").all_inner_texts() == reasons


@pytest.mark.parametrize(("n", "board"), [(8, {2: 3, 5: 1}), (8, {7: 7}), (10, {1: 1, 3: 6})])
def test_show_a_solution_keeps_the_queens(learner: object, n: int, board: Board) -> None:
    page = learner(n)  # type: ignore[operator]
    place(page, board)
    page.click("#show-solution")
    first = python_completions(n, board)[0]
    assert learner_queens(page) == set(enumerate(first))
    assert page.locator("use.learner-queen.added").count() == n - len(board)
    assert "solved" in page.get_attribute("#board", "class")
    page.click("#undo")
    assert learner_queens(page) == set(board.items())


@pytest.mark.parametrize(("n", "board"), [(6, {}), (8, {0: 1, 3: 0}), (8, {3: 3, 5: 0})])
def test_continue_the_search_reaches_the_python_searchs_next_solution(
    learner: object, n: int, board: Board
) -> None:
    page = learner(n)  # type: ignore[operator]
    page.fill("#speed", "60")
    place(page, board)
    page.click("#continue")
    page.wait_for_function(
        "document.getElementById('hint-text').dataset.count !== ''", timeout=60_000
    )
    assert learner_queens(page) == set(enumerate(python_completions(n, board)[0]))
    assert page.inner_text("#hint-text").startswith("The search found this solution")


def test_continue_from_a_dead_end_says_so(learner: object) -> None:
    page = learner(5)  # type: ignore[operator]
    page.fill("#speed", "60")
    place(page, {0: 0, 2: 3, 4: 2})  # no two queens attack, yet no solution keeps them
    assert python_completions(5, {0: 0, 2: 3, 4: 2}) == []
    page.click("#continue")
    page.wait_for_function("document.getElementById('hint-text').dataset.count === '0'")
    assert "tried every square" in page.inner_text("#hint-text")
    assert learner_queens(page) == {(0, 0), (2, 3), (4, 2)}


def test_learn_button_takes_over_the_players_board(open_player: object) -> None:
    page = open_player(6)  # type: ignore[operator]
    for _ in range(3):
        page.click("#forward")
    board = queens(page)
    page.click("#learn")
    assert page.get_attribute("body", "data-mode") == "learn"
    assert learner_queens(page) == set(enumerate(map(int, board.split())))
    page.keyboard.press("l")
    assert page.get_attribute("body", "data-mode") == "watch"
    assert page.locator("use.learner-queen").first.is_hidden()
    assert queens(page) == board


def colour(hex_colour: str) -> np.ndarray:
    return np.array([int(hex_colour[i : i + 2], 16) for i in (1, 3, 5)])


def test_screenshot_shows_queens_shading_and_conflict(learner: object, tmp_path: Path) -> None:
    n = 6
    page = learner(n)  # type: ignore[operator]
    board = {0: 1, 1: 3}
    place(page, board)
    shot = tmp_path / "learner.png"
    first = page.locator("rect[data-row='0'][data-col='0']").bounding_box()
    square = first["width"]
    page.screenshot(path=str(shot))
    with Image.open(shot) as image:
        pixels = np.asarray(image.convert("RGB")).astype(int)
    attacked = attacked_by(n, set(board.items()))
    for row in range(n):
        for col in range(n):
            x = int(first["x"] + (col + 0.5) * square)
            y = int(first["y"] + (row + 0.5) * square)
            dark = dark_pixels(pixels, (y, x))
            marked = board.get(row) == col or (row, col) in attacked  # a queen, or the dot
            assert (dark > 10) if marked else (dark == 0), (row, col)
            corner = pixels[
                int(first["y"] + (row + 0.12) * square), int(first["x"] + (col + 0.12) * square)
            ]
            want = colour(square_colour(row, col, attacked=(row, col) in attacked))
            assert np.abs(corner - want).max() <= 3, (row, col, corner, want)
    page.click("rect[data-row='2'][data-col='2']")  # diagonal to (1, 3): a conflict
    page.screenshot(path=str(shot))
    with Image.open(shot) as image:
        pixels = np.asarray(image.convert("RGB")).astype(int)
    # The red line between the two queens crosses the corner their squares share.
    corner_x, corner_y = int(first["x"] + 3 * square), int(first["y"] + 2 * square)
    patch = pixels[corner_y - 3 : corner_y + 4, corner_x - 3 : corner_x + 4].reshape(-1, 3)
    assert any(r > 100 and g < 50 and b < 50 for r, g, b in patch)  # REJECT's dark red
    before = pixels[int(first["y"] + 4 * square), int(first["x"] + 5 * square)]  # no line here
    assert not (before[0] > 100 and before[1] < 50)


def test_play_learn_command_opens_the_learner(open_page: Opened, tmp_path: Path) -> None:
    out = tmp_path / "learn.html"
    command = [*NQUEENS, "play", "5", "--learn", "--out", str(out)]
    result = subprocess.run(command, capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    page = open_page(out)
    assert page.get_attribute("body", "data-mode") == "learn"
    place(page, {0: 0, 1: 2})
    page.click("#hint")
    assert page.get_attribute("#hint-text", "data-count") == "1"  # 0 2 4 1 3
    page.close()


def page_text(page: object) -> str:
    """Everything of the page a student can read: its DOM, attributes and embedded data."""
    return page.content()  # type: ignore[attr-defined,no-any-return]


def test_the_learner_page_holds_no_solution_until_earned(learner: object) -> None:
    """In the learner mode the page's source and DOM hold no solution (the recording is
    sealed), the tree holds only the boards tried, the list only the solutions placed by
    hand (the page's own completions listed as given, not counted); watching the search
    opens the recording."""
    page = learner(8)  # type: ignore[operator]
    every = [" ".join(map(str, s.cols)) for s in nqueens.solutions(8)]
    paths = ["-".join(map(str, s.cols)) for s in nqueens.solutions(8)]
    text = page_text(page)
    assert not [s for s in every + paths if s in text]
    assert "data-path" not in text and page.locator("#solutions li").count() == 0
    assert page.locator("svg.search-tree .node").count() == 1  # the empty board alone
    assert page.inner_text("#locked-note").startswith("You have found 0 of the 92 solutions")
    place(page, dict(enumerate((0, 4, 7, 5, 2, 6, 1, 3))))  # by hand
    assert page.locator("svg.search-tree .node").count() == 9  # the root and a path of 8
    assert page.locator("svg.search-tree .node.solution").count() == 1
    page.click("#clear")
    place(page, {0: 1})
    page.click("#show-solution")  # given: 1 3 5 7 2 0 6 4
    page.click("#clear")
    place(page, {0: 2})
    page.click("#show-solution")  # given: 2 0 6 4 7 1 3 5
    assert page.locator("#learned li").all_inner_texts() == [
        "0 4 7 5 2 6 1 3",
        "1 3 5 7 2 0 6 4",
        "2 0 6 4 7 1 3 5",
    ]
    assert page.locator("#learned li.found").all_inner_texts() == ["0 4 7 5 2 6 1 3"]
    assert page.locator("#learned li.given").count() == 2
    assert page.inner_text("#locked-note").startswith("You have found 1 of the 92 solutions")
    assert page.inner_text("#learned-count") == "(1)"
    text = page_text(page)
    assert [s for s in every if s in text] == [
        "0 4 7 5 2 6 1 3",
        "1 3 5 7 2 0 6 4",
        "2 0 6 4 7 1 3 5",
    ]
    # A node of the tree puts its board back; the tree's shape is what was tried.
    page.click("#node-0-4")
    assert learner_queens(page) == {(0, 0), (1, 4)}
    assert page.locator("svg.search-tree .node.solution").count() == 3
    page.click("#give-up")
    assert page.locator("#learned li").count() == 92
    assert page.locator("#learned li.found").count() == 1
    page.click("#watch")
    page.wait_for_selector("body[data-ready='watch']")
    assert page.locator("#solutions li").count() == 92
    assert page.locator("svg.search-tree .node").count() == len(nqueens.tree(8, "flags"))
    page.click("#node-0-4-7-5-2-6-1-3")  # a leaf of the recorded tree: its step, watched
    assert queens(page) == "0 4 7 5 2 6 1 3"


def test_the_learner_alone_holds_no_recording_and_no_way_out(open_player: object) -> None:
    """`play --learn-only`, for a class: the plain learner page is a button (or L) away
    from the recorded search, and a "give up" away from every solution. The learner alone
    holds no recording, sealed or not, switches to no other mode by button, key or
    script, and has no "give up"; the learner itself works as on any page."""
    page = open_player(8, "flags", learn_only=True)  # type: ignore[operator]
    assert page.get_attribute("body", "data-mode") == "learn"
    assert page.inner_text("#sealed-data") == ""
    every = [" ".join(map(str, s.cols)) for s in nqueens.solutions(8)]
    assert not [s for s in every if s in page_text(page)]
    assert not page.is_visible(".modes") and not page.is_visible("#give-up")
    for key in ("l", "p", "f"):
        page.keyboard.press(key)
    page.evaluate("() => window.nqueensPlayer.setMode('watch')")
    page.evaluate("() => window.nqueensPlayer.setMode('predict')")
    assert page.get_attribute("body", "data-mode") == "learn"
    assert page.get_attribute("body", "data-ready") == "learn"
    place(page, {0: 0, 1: 2})  # a deeper dead end, told as anywhere
    page.click("#hint")
    assert page.inner_text("#hint-text").startswith("No: no solution keeps these queens")
    page.click("#clear")
    place(page, dict(enumerate((0, 4, 7, 5, 2, 6, 1, 3))))
    assert page.inner_text("#learned-count") == "(1)"
    assert page.inner_text("#locked-note").startswith("You have found 1 of the 92 solutions")


def test_given_queens_lifted_and_set_down_again_stay_given(learner: object) -> None:
    """A solution the page completed became the student's own (counted as found) when
    each of its given queens was taken off and put back on the same square. A square the
    page filled since the board was last empty stays the page's; once cleared, the same
    solution placed by hand is the student's."""
    page = learner(5)  # type: ignore[operator]
    place(page, {0: 1})
    page.click("#show-solution")  # given: 1 3 0 2 4
    assert page.locator("#learned li.given").all_inner_texts() == ["1 3 0 2 4"]
    given = {1: 3, 2: 0, 3: 2, 4: 4}
    for row, col in given.items():  # each lifted and set down again
        for _ in range(2):
            page.click(f"rect[data-row='{row}'][data-col='{col}']")
    assert learner_queens(page) == {(0, 1), *given.items()}
    assert page.locator(".learner-queen.added").count() == 4
    assert page.locator("#learned li.found").count() == 0
    assert page.inner_text("#learned-count") == "(0)"
    page.click("#clear")
    place(page, {0: 1, **given})  # by hand after a clear: the student's
    assert page.locator("#learned li.found").all_inner_texts() == ["1 3 0 2 4"]
    assert page.inner_text("#learned-count") == "(1)"


def test_a_deeper_dead_end_says_which_rows_run_out(learner: object) -> None:
    """Queens 0 2 at N = 8: every empty row keeps a safe square, yet no solution keeps
    them; the hint says, for each safe square of row 2, which rows the search then leaves
    without a square, as a plain search here finds them."""
    page = learner(8)  # type: ignore[operator]
    place(page, {0: 0, 1: 2})
    page.click("#hint")
    assert page.inner_text("#hint-text").startswith(
        "No: no solution keeps these queens, though every empty row still has a safe square. "
        "Row 2 is filled next"
    )

    def safe(cols: list[int], row: int, col: int) -> bool:
        return all(c != col and abs(c - col) != row - r for r, c in enumerate(cols))

    def runs_out(cols: list[int], found: set[int]) -> None:
        row = len(cols)
        if row == 8:
            raise AssertionError("a solution keeps 0 2")
        free = [col for col in range(8) if safe(cols, row, col)]
        if not free:
            found.add(row)
        for col in free:
            runs_out([*cols, col], found)

    expected = []
    for col in (c for c in range(8) if safe([0, 2], 2, c)):
        rows: set[int] = set()
        runs_out([0, 2, col], rows)
        said = ", ".join(map(str, sorted(rows)))
        expected.append(
            f"col {col}: every way on leaves row {said} without a safe square"
            if len(rows) == 1
            else f"col {col}: every way on leaves one of rows {said} without a safe square"
        )
    assert page.locator("#hint-why li").all_inner_texts() == expected


def test_learn_and_watch_name_the_same_test(open_player: object) -> None:
    """On the backtracking page, the learner names the queen and the cell the check
    function's own first failing test names: (0,0), (1,2), (2,2) is attacked by the row 0
    queen, board[0], as the trace says. And for every rejection of the recorded searches
    (backtracking, flags, brute force), the learner's rule finds the recorded attacker
    and test."""
    page = open_player(6, learn=True)  # type: ignore[operator]
    place(page, {0: 0, 1: 2, 2: 2})
    assert page.inner_text("#learner-status") == (
        "row 2, col 2 is attacked by the queen on row 0, col 0: same diagonal, falling to the "
        "right, recorded in board[0]."
    )
    compare = """async () => {
      const order = window.nqueensPlayer.data.testOrder, text = document.getElementById(
        "sealed-data").textContent.trim();
      const bytes = Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
      const gzip = new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"));
      const { events, tests } = JSON.parse(await new Response(gzip).text());
      const cols = [], said = [];
      for (const [kind, row, col, byRow, byCol, test] of events) {
        if (kind === 0) cols.push(col);
        else if (kind === 2) cols.pop();
        else if (kind === 1) {
          const queens = cols.map((c, r) => [r, c]);
          const found = QueensSearch.attacker(window.nqueensPlayer.n, queens, row, col, order);
          said.push([[byRow, byCol, tests[test]], [...found.queen, found.test]]);
        }
      }
      return said; }"""
    for n, algorithm in ((6, "backtracking"), (6, "flags"), (5, "brute-force")):
        page = open_player(n, algorithm)  # type: ignore[operator]
        pairs = page.evaluate(compare)
        assert len(pairs) > 100
        assert all(recorded == learned for recorded, learned in pairs), algorithm


def test_the_watcher_sees_every_solution(open_player: object) -> None:
    """The watch mode lists every recorded solution; a student who switches to the
    learner mode finds none of them in the page until back in the watch mode."""
    watching = open_player(8)  # type: ignore[operator]
    assert watching.locator("#solutions li").count() == 92
    assert watching.locator("#solutions").is_visible()
    watching.keyboard.press("l")
    assert "0 4 7 5 2 6 1 3" not in page_text(watching)
    assert watching.locator("#solutions li").count() == 0
    watching.keyboard.press("l")
    assert watching.locator("#solutions li").count() == 92


def test_the_page_numbers_from_one_when_asked(open_player: object) -> None:
    """play --one-based: the board's labels, the captions, the list and the learner's
    words number rows and columns from 1; the code's cells keep their indices, as the
    page's note says."""
    page = open_player(5, "flags", one_based=True)  # type: ignore[operator]
    assert page.inner_text("#one-based").startswith("Rows and columns are numbered from 1")
    labels = page.evaluate(
        """() => Array.from(document.querySelectorAll("#board text.label[data-row]"),
        (t) => t.textContent)"""
    )
    assert labels == ["1", "2", "3", "4", "5"]
    page.click("#forward")
    page.click("#forward")
    assert page.inner_text("#caption") == (
        "attacked row 2, col 1 by the queen on row 1, col 1 (same column, col[0] = 1)"
    )
    assert page.locator("#solutions li").first.inner_text() == "1 3 5 2 4"  # 0 2 4 1 3
    page.click("#learn")
    page.click("#clear")
    place(page, {0: 1, 2: 4})
    assert page.inner_text("#learner-status").startswith("Dead end: row 2 has no safe square")
