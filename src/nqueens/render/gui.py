"""The desktop viewer: a tkinter window that runs the search live, step by step.

The same controls as the web player (play/pause, step on and back, speed, next solution,
the solutions found, the same keys), the algorithm's state and its code beside the board
(the line that produced the step marked), but the search runs as you watch: a `Stepper`
pulls each event from the search only when the window needs it. On a variant's board
(rules given), the variant's own check-function search runs, and the squares attacked only round
the edge or only by a knight's move are shaded apart, as the legend under the board says.

About 500 lines, one class on purpose: the window's parts (board, marks, legend, state,
code, list) share the canvas items and the stepper the class keeps; split, each would
reach into the others' items.
"""

from __future__ import annotations

import functools
import tkinter as tk
import tkinter.font
from collections.abc import Callable, Iterable, Sequence
from tkinter import ttk
from typing import TYPE_CHECKING

from nqueens.errors import BackendUnavailableError
from nqueens.i18n import _
from nqueens.messages import one_based_note
from nqueens.render.colours import (
    ATTACK_COLOURS,
    ATTACK_LEGEND,
    ATTACK_MARK,
    ATTACK_MARK_RADIUS,
    CURRENT_ROW,
    DARK,
    LABEL,
    MARK_LEGEND,
    PICTURE_TEXT,
    QUEEN,
    QUEEN_GLYPH,
    REJECT,
    STATE_CELL,
    STATE_FILLED,
    STATE_READ,
    attack_legend,
    square_colour,
)
from nqueens.render.frames import Frame, snapshot
from nqueens.render.linebreak import break_lines
from nqueens.render.state_panel import CODE_HEADING, CURRENT_LINE, HEADING, depth_text
from nqueens.search.events import Event, Solution
from nqueens.search.replay import Stepper
from nqueens.search.state import State

if TYPE_CHECKING:
    from nqueens.variants.rules import Rules

__all__ = ["Viewer", "open_window"]

BOARD_PIXELS = 440  # with the state, the code and the list: 1280 x 720 with a title bar
MARGIN = 24
FONT = "DejaVu Sans"
MONO = "DejaVu Sans Mono"
STATE_PIXELS = 480  # the width of the state panel beside the board
CAPTION_LINES = 3  # the caption's room: a long caption wraps in it, the window keeps its size


class Viewer(ttk.Frame):
    """The board, its controls and the list of solutions, over one live search: `steps`,
    each iteration a fresh run of the search's events (`nqueens.search.walk` chose them),
    the teaching algorithm's with its `listing` beside its state, or with `rules` a
    variant's own search. Rows and columns are numbered from `base`."""

    def __init__(
        self,
        master: tk.Misc,
        n: int,
        steps: Iterable[Event],
        listing: Sequence[tuple[int, str]] | None = None,
        rules: Rules | None = None,
        base: int = 0,
    ) -> None:
        super().__init__(master, padding=10)
        self.n = n
        self.rules = rules
        self.base = base
        self.stepper = Stepper(n, steps)
        self.playing = False
        self._timer: str | None = None
        self.square = (BOARD_PIXELS - MARGIN) // n
        side = MARGIN + self.square * n + 2
        self.canvas = tk.Canvas(
            self, width=side, height=side, background="white", borderwidth=0, highlightthickness=0
        )
        self.canvas.grid(row=0, column=0, sticky="nw")
        self._draw_board()
        self.caption = tk.StringVar(value=_("empty board"))
        self.counters = tk.StringVar()
        # The caption wraps inside a fixed box the board's width: the window keeps its
        # size whatever the step says. Its lines are broken here (render/linebreak.py):
        # Tk breaks only at spaces, which split 「3 列目」 after the 3.
        shown = tk.StringVar()
        self.caption_label = tk.Label(
            self, textvariable=shown, font=(FONT, 11), wraplength=side - 12, justify="left",
            anchor="nw", height=CAPTION_LINES,
        )  # fmt: skip
        width = functools.cache(tkinter.font.Font(self, font=(FONT, 11)).measure)

        def show(*_args: object) -> None:
            shown.set("\n".join(break_lines(self.caption.get(), side - 16, width)))

        self.caption.trace_add("write", show)
        show()
        self.caption_label.grid(row=1, column=0, sticky="nw", pady=(8, 0))
        self.grid_columnconfigure(0, minsize=side)
        ttk.Label(self, textvariable=self.counters, font=(FONT, 10)).grid(
            row=2, column=0, sticky="w"
        )
        self._controls().grid(row=3, column=0, sticky="w", pady=8)
        kinds = attack_legend(rules.wrap, rules.knight) if rules is not None else []
        self._legend(kinds).grid(row=4, column=0, sticky="w")
        if base:  # what --one-based numbers, and what it leaves as the code has it
            ttk.Label(self, text=one_based_note(), font=(FONT, 9), wraplength=side).grid(
                row=5, column=0, sticky="w", pady=(4, 0)
            )
        self.state_cells: dict[tuple[str, int], int] = {}
        self.code: tk.Text | None = None
        if listing is not None:  # a variant's own search carries no state
            column = ttk.Frame(self)
            column.grid(row=0, column=1, rowspan=6, sticky="nw", padx=(12, 0))
            self.state_canvas = tk.Canvas(
                column, width=STATE_PIXELS, height=side * 3 // 5, background="white",
                highlightthickness=0,
            )  # fmt: skip
            self.state_canvas.pack(anchor="nw")
            self.code = self._code_panel(column, list(listing))
        self._solution_list().grid(row=0, column=2, rowspan=6, sticky="ns", padx=(12, 0))
        self._bind_keys()
        self.render()

    # -- building the window -------------------------------------------------------

    def _xy(self, row: int, col: int) -> tuple[int, int]:
        return MARGIN + col * self.square, MARGIN + row * self.square

    def _draw_board(self) -> None:
        c, s = self.canvas, self.square
        self.row_labels = []
        for i in range(self.n):
            x, y = self._xy(i, i)
            number = str(i + self.base)
            c.create_text(x + s / 2, MARGIN / 2, text=number, font=(FONT, 10), fill=LABEL)
            label = c.create_text(MARGIN / 2, y + s / 2, text=number, font=(FONT, 10), fill=LABEL)
            self.row_labels.append(label)
        self.squares = {}
        for row in range(self.n):
            for col in range(self.n):
                x, y = self._xy(row, col)
                self.squares[row, col] = c.create_rectangle(x, y, x + s, y + s, width=0)
        x, y = self._xy(0, 0)
        c.create_rectangle(x, y, x + s * self.n, y + s * self.n, outline="#5a3d28")
        # Two segments: a diagonal round the edge leaves by one side, comes back by the other.
        self.lines = [
            c.create_line(0, 0, 0, 0, fill=REJECT, width=3, state="hidden") for _ in range(2)
        ]
        glyph = (FONT, -int(s * 0.8))  # negative: a size in pixels
        self.queens = [
            c.create_text(0, 0, text=QUEEN_GLYPH, font=glyph, fill=QUEEN, state="hidden")
            for _ in range(self.n)
        ]
        self.ring = c.create_oval(0, 0, 0, 0, outline=REJECT, width=3, state="hidden")
        r = s * ATTACK_MARK_RADIUS  # the dot of an attacked square
        self.dots = {}
        for (row, col), _item in self.squares.items():
            x, y = self._xy(row, col)
            self.dots[row, col] = c.create_oval(
                x + s / 2 - r, y + s / 2 - r, x + s / 2 + r, y + s / 2 + r,
                fill=ATTACK_MARK, width=0, state="hidden",
            )  # fmt: skip
        self.row_mark = c.create_rectangle(0, 0, 0, 0, outline=CURRENT_ROW, width=3, state="hidden")
        self.cross = c.create_text(
            0, 0, text="\u2715", font=(FONT, -int(s * 0.6)), fill=REJECT, state="hidden"
        )

    def _controls(self) -> ttk.Frame:
        bar = ttk.Frame(self)
        # The player's words for the same buttons, with the same marks beside them.
        self.play_button = ttk.Button(bar, text="\u25b6 " + _("play"), command=self.toggle)
        buttons = [
            ttk.Button(bar, text="|\u25c0 " + _("start"), command=lambda: self.go_to(0)),
            ttk.Button(bar, text="\u25c0 " + _("back"), command=self.back),
            self.play_button,
            ttk.Button(bar, text=_("forward") + " \u25b6", command=self.forward),
            ttk.Button(bar, text=_("next solution") + " \u25b6|", command=self.next_solution),
        ]
        for column, button in enumerate(buttons):
            button.configure(width=-1)  # as wide as its words: the row fits the board
            button.grid(row=0, column=column, padx=2)
        speed = ttk.Frame(bar)
        speed.grid(row=1, column=0, columnspan=len(buttons), sticky="w", pady=(6, 0))
        ttk.Label(speed, text=_("speed")).pack(side="left")
        self.speed = tk.IntVar(value=8)
        ttk.Scale(
            speed,
            from_=1,
            to=60,
            variable=self.speed,
            orient="horizontal",
            length=180,
            command=lambda _value: self.speed.set(round(self.speed.get())),
        ).pack(side="left", padx=6)
        ttk.Label(speed, textvariable=self.speed).pack(side="left")
        ttk.Label(speed, text=_("steps/s")).pack(side="left", padx=(4, 0))
        return bar

    def _code_panel(self, master: tk.Misc, listing: list[tuple[int, str]]) -> tk.Text:
        """The algorithm's code as a student reads it (`Algorithm.listing`), each line
        tagged by its number, long lines wrapped under their start."""
        ttk.Label(master, text=_(CODE_HEADING), font=(FONT, 12, "bold")).pack(
            anchor="w", pady=(6, 2)
        )
        numbers = max(len(str(number)) for number, _text in listing) + 1
        columns = STATE_PIXELS // tk.font.Font(font=(MONO, 9)).measure("0")  # the panel's width
        code = tk.Text(
            master, width=columns, height=18, font=(MONO, 9), wrap="word",
            background="white", borderwidth=1, relief="solid", highlightthickness=0,
        )  # fmt: skip
        for number, text in listing:
            code.insert("end", f"{number:<{numbers}}", ("number", f"line-{number}"))
            code.insert("end", text + "\n", (f"line-{number}",))
        code.tag_configure("number", foreground=LABEL)
        code.tag_configure("current", background=CURRENT_LINE, font=(MONO, 9, "bold"))
        indent = tk.font.Font(font=(MONO, 9)).measure(" " * numbers)
        code.tag_configure("wrapped", lmargin2=indent)
        code.tag_add("wrapped", "1.0", "end")
        code.configure(state="disabled")
        code.pack(anchor="nw", fill="both", expand=True)
        return code

    def _legend(self, kinds: Iterable[str]) -> ttk.Frame:
        """The board's marks, each drawn on a square as the board draws it, with its words
        (`MARK_LEGEND`), two a row; then a swatch for each kind of shading of a variant's
        board."""
        panel = ttk.Frame(self)

        def icon(draw: Callable[[tk.Canvas], object]) -> tk.Canvas:
            swatch = tk.Canvas(panel, width=16, height=16, highlightthickness=0)
            swatch.create_rectangle(0, 0, 16, 16, fill=DARK, width=0)
            draw(swatch)
            return swatch

        draw: dict[str, Callable[[tk.Canvas], object]] = {
            "dot": lambda c: c.create_oval(5, 5, 11, 11, fill=ATTACK_MARK, width=0),
            "cross": lambda c: c.create_text(8, 8, text="\u2715", fill=REJECT, font=(FONT, 10)),
            "ring": lambda c: c.create_oval(2, 2, 14, 14, outline=REJECT, width=2),
            "frame": lambda c: c.create_rectangle(1, 4, 15, 12, outline=CURRENT_ROW, width=2),
        }
        marks = [(icon(draw[mark]), mark) for mark in MARK_LEGEND]
        items = [(swatch, _(MARK_LEGEND[mark])) for swatch, mark in marks]
        for kind in kinds:
            swatch = tk.Canvas(panel, width=16, height=16, highlightthickness=0)
            swatch.create_rectangle(1, 1, 15, 15, fill=ATTACK_COLOURS[kind][0], outline="#888")
            items.append((swatch, _(ATTACK_LEGEND[kind])))
        for index, (swatch, words) in enumerate(items):
            row, column = divmod(index, 2)
            swatch.grid(row=row, column=2 * column, padx=(0 if column == 0 else 14, 4), pady=1)
            ttk.Label(panel, text=words, font=(FONT, 10)).grid(
                row=row, column=2 * column + 1, sticky="w"
            )
        return panel

    def _solution_list(self) -> ttk.Frame:
        panel = ttk.Frame(self)
        ttk.Label(panel, text=_("Solutions found"), font=(FONT, 11, "bold")).pack(anchor="w")
        self.solutions = tk.Listbox(
            panel,
            width=7
            + sum(len(str(col + self.base)) + 1 for col in range(self.n)),  # "14200. 0 2 ..."
            height=20,
            font=("DejaVu Sans Mono", 10),
            activestyle="none",
            exportselection=False,
        )
        self.solutions.pack(fill="y", expand=True)
        self.solutions.bind("<<ListboxSelect>>", self._jump_to_selected)
        return panel

    def _bind_keys(self) -> None:
        root = self.winfo_toplevel()
        root.bind("<space>", lambda _e: self.toggle())
        root.bind("<Right>", lambda _e: self.forward())
        root.bind("<Left>", lambda _e: self.back())
        root.bind("<Home>", lambda _e: self.go_to(0))
        for key in ("n", "N"):
            root.bind(f"<Key-{key}>", lambda _e: self.next_solution())
        for key in ("q", "Escape"):
            root.bind(f"<{key}>", lambda _e: root.destroy())

    # -- moving through the search ----------------------------------------------

    def _move(self, move: Callable[[], bool]) -> bool:
        """Pause, make the move, redraw; the move's own answer (did it move?)."""
        self.pause()
        moved = move()
        self.render()
        return moved

    def forward(self) -> bool:
        return self._move(self.stepper.forward)

    def back(self) -> bool:
        return self._move(self.stepper.back)

    def go_to(self, step: int) -> bool:
        return self._move(lambda: self.stepper.go_to(step))

    def next_solution(self) -> bool:
        return self._move(self.stepper.next_solution)

    def toggle(self) -> None:
        if self.playing:
            self.pause()
        else:
            self.playing = True
            self.play_button.configure(text="\u275a\u275a " + _("pause"))
            self._tick()

    def pause(self) -> None:
        self.playing = False
        self.play_button.configure(text="\u25b6 " + _("play"))
        if self._timer is not None:
            self.after_cancel(self._timer)
            self._timer = None

    def _tick(self) -> None:
        self._timer = None
        if not self.playing:
            return
        if not self.stepper.forward():
            self.pause()
            self.render()
            return
        self.render()
        self._timer = self.after(max(1, round(1000 / max(1, self.speed.get()))), self._tick)

    def _jump_to_selected(self, _event: object) -> None:
        chosen = self.solutions.curselection()  # type: ignore[no-untyped-call]
        if chosen:
            self.go_to(self.stepper.solution_steps[chosen[0]])

    # -- drawing -------------------------------------------------------------------

    def render(self) -> None:
        """Draw the current step: the same `Frame` the animations draw."""
        frame = snapshot(self.stepper.replay, self.stepper.event, self.base, rules=self.rules)
        for (row, col), item in self.squares.items():
            attacked = (row, col) in frame.attacked and frame.kind((row, col))
            colour = square_colour(row, col, attacked=attacked, solved=frame.solution)
            self.canvas.itemconfigure(item, fill=colour)
            self.canvas.itemconfigure(self.dots[row, col], state="normal" if attacked else "hidden")
        self._mark_row(frame.row)
        half = self.square / 2
        for row, queen in enumerate(self.queens):
            if row < len(frame.cols):
                x, y = self._xy(row, frame.cols[row])
                self.canvas.coords(queen, x + half, y + half)
                self.canvas.itemconfigure(queen, state="normal")
            else:
                self.canvas.itemconfigure(queen, state="hidden")
        self._mark(frame)
        caption = frame.caption
        if self.stepper.finished and self.stepper.position == len(self.stepper.history):
            caption = _("{step} \u2014 end of the search").format(step=caption)
        self.caption.set(caption)
        self.counters.set(frame.counters())
        self._list_solutions()
        if self.code is not None:
            self._draw_state(frame.state)
            self._mark_line(frame.state.line if frame.state else None)

    def _mark_row(self, row: int | None) -> None:
        """The row the step works on outlined, its label in the same colour."""
        for index, label in enumerate(self.row_labels):
            self.canvas.itemconfigure(label, fill=CURRENT_ROW if index == row else LABEL)
        if row is None:
            self.canvas.itemconfigure(self.row_mark, state="hidden")
            return
        x, y = self._xy(row, 0)
        self.canvas.coords(
            self.row_mark, x + 1, y + 1, x + self.square * self.n - 1, y + self.square - 1
        )
        self.canvas.itemconfigure(self.row_mark, state="normal")

    def _mark_line(self, line: int | None) -> None:
        """The line of code that produced the step, marked and scrolled into sight."""
        assert self.code is not None
        self.code.tag_remove("current", "1.0", "end")
        if line is None:
            return
        ranges = self.code.tag_ranges(f"line-{line}")
        if ranges:
            self.code.tag_add("current", ranges[0], ranges[-1])
            self.code.see(ranges[0])

    def _draw_state(self, state: State | None) -> None:
        """The algorithm's structures as the event carries them: set cells filled, cells
        the step reads outlined, the one whose test failed in red, each cell's index
        under it, the legend above (`state_cells` keeps each cell's rectangle)."""
        c = self.state_canvas
        c.delete("state")
        self.state_cells = {}
        c.create_text(4, 4, text=_(HEADING), anchor="nw", font=(FONT, 12, "bold"), tags="state")
        if state is None:
            return
        y = 28
        if state.legend:
            legend = c.create_text(
                4, y, text=state.legend, anchor="nw", font=(FONT, 9), width=STATE_PIXELS - 8,
                fill=PICTURE_TEXT, tags="state",
            )  # fmt: skip
            y = c.bbox(legend)[3] + 8
        width = max(len(s.name) for s in state.structures) * 9 + 12
        for s in state.structures:
            c.create_text(4, y + 10, text=s.name, anchor="w", font=(MONO, 10, "bold"), tags="state")
            x = width
            for position, text in enumerate(s.cells):
                index = s.index(position)
                cell = 8 * len(text) + 8
                if x + cell > STATE_PIXELS - 4 and x > width:  # wrap to the next line
                    x, y = width, y + 34
                filled, read, hit = index in s.filled, index in s.read, index in s.hit
                self.state_cells[s.name, index] = c.create_rectangle(
                    x, y, x + cell, y + 20,
                    fill=STATE_FILLED if filled else "white",
                    outline=REJECT if hit else STATE_READ if read else STATE_CELL,
                    width=3 if hit or read else 1,
                    tags="state",
                )  # fmt: skip
                c.create_text(
                    x + cell / 2, y + 10, text=text, font=(MONO, 9),
                    fill="white" if filled else QUEEN, tags="state",
                )  # fmt: skip
                c.create_text(
                    x + cell / 2, y + 22, text=str(index), anchor="n", font=(MONO, 7),
                    fill=LABEL, tags="state",
                )  # fmt: skip
                x += cell + 3
            y += 36
            if s.note:
                c.create_text(
                    width, y, text=s.note, anchor="nw", font=(MONO, 9), fill=STATE_READ,
                    tags="state",
                )  # fmt: skip
                y += 18
            y += 4
        c.create_text(
            4, y, text=depth_text(state.depth), anchor="nw", font=(FONT, 10), tags="state"
        )

    def _mark(self, frame: Frame) -> None:
        """The rejected square crossed, its attacker ringed, the two tied by the attack's
        path (dashed when it goes round the edge or is a knight's move)."""
        reject = frame.reject
        for item in (*self.lines, self.ring, self.cross):
            self.canvas.itemconfigure(item, state="hidden")
        if reject is None:
            return
        half = self.square / 2
        x, y = self._xy(reject.row, reject.col)
        ax, ay = self._xy(*reject.attacker)
        self.canvas.coords(self.cross, x + half, y + half)
        r = half * 0.92
        self.canvas.coords(self.ring, ax + half - r, ay + half - r, ax + half + r, ay + half + r)
        dash = () if frame.reject_kind == "line" else (6, 4)
        for line, ((x1, y1), (x2, y2)) in zip(self.lines, frame.reject_path(), strict=False):
            (px1, py1), (px2, py2) = self._point(x1, y1), self._point(x2, y2)
            self.canvas.coords(line, px1, py1, px2, py2)
            self.canvas.itemconfigure(line, state="normal", dash=dash)
        for item in (self.ring, self.cross):
            self.canvas.itemconfigure(item, state="normal")

    def _point(self, x: float, y: float) -> tuple[float, float]:
        """The pixel of board point (x, y), square centres at whole numbers."""
        return MARGIN + (x + 0.5) * self.square, MARGIN + (y + 0.5) * self.square

    def _list_solutions(self) -> None:
        known = self.stepper.solution_steps
        for index in range(self.solutions.size(), len(known)):
            event = self.stepper.history[known[index] - 1]
            assert isinstance(event, Solution)
            said = event.placement.to_string(base=self.base)
            self.solutions.insert("end", f"{index + 1:>3}. {said}")
        self.solutions.selection_clear(0, "end")
        if self.stepper.position in known:
            self.solutions.selection_set(known.index(self.stepper.position))


def open_window(
    title: str,
    n: int,
    steps: Iterable[Event],
    listing: Sequence[tuple[int, str]] | None = None,
    rules: Rules | None = None,
    base: int = 0,
) -> tuple[tk.Tk, Viewer]:
    """The window and its viewer (see `Viewer`), not yet running."""
    try:
        root = tk.Tk(className="nqueens")
    except tk.TclError as error:
        raise BackendUnavailableError(
            _(
                "cannot open a window ({error}): the viewer needs a display; "
                "set DISPLAY, or run it under xvfb-run"
            ).format(error=error)
        ) from None
    root.title(title)
    viewer = Viewer(root, n, steps, listing, rules, base)
    viewer.pack(fill="both", expand=True)
    return root, viewer
