"""The desktop viewer: a tkinter window that runs the search live, step by step.

The same controls as the web player (play/pause, step on and back, speed, next solution,
the solutions found, the same keys), and the algorithm's state beside the board, but the
search runs as you watch: a `Stepper` pulls each event from the search only when the
window needs it. On a variant's board (rules
given), the variant's own check-function search runs, and the squares attacked only round
the edge or only by a knight's move are shaded apart, as the legend under the board says.
"""

from __future__ import annotations

import tkinter as tk
from collections.abc import Callable, Iterable
from tkinter import ttk
from typing import TYPE_CHECKING

from nqueens.errors import BackendUnavailableError
from nqueens.i18n import _
from nqueens.render.colours import (
    ATTACK_COLOURS,
    ATTACK_LEGEND,
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
from nqueens.render.state_panel import HEADING, depth_text
from nqueens.search import walk
from nqueens.search.events import Solution
from nqueens.search.replay import Stepper
from nqueens.search.state import State

if TYPE_CHECKING:
    from nqueens.variants.rules import Rules

__all__ = ["Viewer", "run"]

BOARD_PIXELS = 480
MARGIN = 24
FONT = "DejaVu Sans"
MONO = "DejaVu Sans Mono"
STATE_PIXELS = 440  # the width of the state panel beside the board


class Viewer(ttk.Frame):
    """The board, its controls and the list of solutions, over one live search (the
    teaching `algorithm`'s, or with `rules` a variant's own)."""

    def __init__(self, master: tk.Misc, n: int, algorithm: str, rules: Rules | None = None) -> None:
        super().__init__(master, padding=10)
        self.n = n
        self.algorithm = algorithm
        self.rules = rules
        self.stepper = Stepper(n, walk(rules or n, algorithm, state=True))
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
        ttk.Label(self, textvariable=self.caption, font=(FONT, 11)).grid(
            row=1, column=0, sticky="w", pady=(8, 0)
        )
        ttk.Label(self, textvariable=self.counters, font=(FONT, 10)).grid(
            row=2, column=0, sticky="w"
        )
        self._controls().grid(row=3, column=0, sticky="w", pady=8)
        if rules is not None:
            self._legend(attack_legend(rules.wrap, rules.knight)).grid(row=4, column=0, sticky="w")
        self.state_cells: dict[tuple[str, int], int] = {}
        if rules is None:  # a variant's own search carries no state
            self.state_canvas = tk.Canvas(
                self, width=STATE_PIXELS, height=side, background="white", highlightthickness=0
            )
            self.state_canvas.grid(row=0, column=1, sticky="nw", padx=(12, 0))
        self._solution_list().grid(row=0, column=2, rowspan=4, sticky="ns", padx=(12, 0))
        self._bind_keys()
        self.render()

    # -- building the window -------------------------------------------------------

    def _xy(self, row: int, col: int) -> tuple[int, int]:
        return MARGIN + col * self.square, MARGIN + row * self.square

    def _draw_board(self) -> None:
        c, s = self.canvas, self.square
        for i in range(self.n):
            x, y = self._xy(i, i)
            c.create_text(x + s / 2, MARGIN / 2, text=str(i), font=(FONT, 10))
            c.create_text(MARGIN / 2, y + s / 2, text=str(i), font=(FONT, 10))
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
        self.cross = c.create_text(
            0, 0, text="\u2715", font=(FONT, -int(s * 0.6)), fill=REJECT, state="hidden"
        )

    def _controls(self) -> ttk.Frame:
        bar = ttk.Frame(self)
        self.play_button = ttk.Button(bar, text=_("Play"), command=self.toggle)
        buttons = [
            ttk.Button(bar, text=_("|< Start"), command=lambda: self.go_to(0)),
            ttk.Button(bar, text=_("< Back"), command=self.back),
            self.play_button,
            ttk.Button(bar, text=_("Step >"), command=self.forward),
            ttk.Button(bar, text=_("Next solution >|"), command=self.next_solution),
        ]
        for column, button in enumerate(buttons):
            button.grid(row=0, column=column, padx=2)
        ttk.Label(bar, text=_("speed (steps/s)")).grid(row=1, column=0, columnspan=2, sticky="e")
        self.speed = tk.IntVar(value=8)
        ttk.Scale(
            bar,
            from_=1,
            to=60,
            variable=self.speed,
            orient="horizontal",
            length=180,
            command=lambda _value: self.speed.set(round(self.speed.get())),
        ).grid(row=1, column=2, columnspan=2, sticky="w", pady=(6, 0))
        ttk.Label(bar, textvariable=self.speed).grid(row=1, column=4, sticky="w", pady=(6, 0))
        return bar

    def _legend(self, kinds: Iterable[str]) -> ttk.Frame:
        """A swatch and its words for each kind of shading the variant's board shows."""
        panel = ttk.Frame(self)
        for column, kind in enumerate(kinds):
            swatch = tk.Canvas(panel, width=14, height=14, highlightthickness=0)
            swatch.create_rectangle(1, 1, 13, 13, fill=ATTACK_COLOURS[kind][0], outline="#888")
            swatch.grid(row=0, column=2 * column, padx=(0 if column == 0 else 10, 3))
            ttk.Label(panel, text=_(ATTACK_LEGEND[kind]), font=(FONT, 10)).grid(
                row=0, column=2 * column + 1
            )
        return panel

    def _solution_list(self) -> ttk.Frame:
        panel = ttk.Frame(self)
        ttk.Label(panel, text=_("Solutions found"), font=(FONT, 11, "bold")).pack(anchor="w")
        self.solutions = tk.Listbox(
            panel,
            width=3 * self.n + 6,
            height=24,
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
            self.play_button.configure(text=_("Pause"))
            self._tick()

    def pause(self) -> None:
        self.playing = False
        self.play_button.configure(text=_("Play"))
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
        frame = snapshot(self.stepper.replay, self.stepper.event, rules=self.rules)
        for (row, col), item in self.squares.items():
            attacked = (row, col) in frame.attacked and frame.kind((row, col))
            colour = square_colour(row, col, attacked=attacked, solved=frame.solution)
            self.canvas.itemconfigure(item, fill=colour)
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
            caption += " (end of the search)"
        self.caption.set(caption)
        self.counters.set(frame.counters())
        self._list_solutions()
        if self.rules is None:
            self._draw_state(frame.state)

    def _draw_state(self, state: State | None) -> None:
        """The algorithm's structures as the event carries them: set cells filled, cells
        the step reads outlined (`state_cells` keeps each cell's rectangle)."""
        c = self.state_canvas
        c.delete("state")
        self.state_cells = {}
        c.create_text(4, 4, text=_(HEADING), anchor="nw", font=(FONT, 12, "bold"), tags="state")
        if state is None:
            return
        width = max(len(s.name) for s in state.structures) * 9 + 12
        y = 34
        for s in state.structures:
            c.create_text(4, y + 10, text=s.name, anchor="w", font=(MONO, 10, "bold"), tags="state")
            x = width
            for index, text in enumerate(s.cells):
                cell = 8 * len(text) + 8
                if x + cell > STATE_PIXELS - 4 and x > width:  # wrap to the next line
                    x, y = width, y + 26
                filled, read = index in s.filled, index in s.read
                self.state_cells[s.name, index] = c.create_rectangle(
                    x, y, x + cell, y + 20,
                    fill=STATE_FILLED if filled else "white",
                    outline=STATE_READ if read else STATE_CELL,
                    width=3 if read else 1,
                    tags="state",
                )  # fmt: skip
                c.create_text(
                    x + cell / 2, y + 10, text=text, font=(MONO, 9),
                    fill="white" if filled else QUEEN, tags="state",
                )  # fmt: skip
                x += cell + 3
            y += 26
            if s.note:
                c.create_text(
                    width,
                    y,
                    text=s.note,
                    anchor="nw",
                    font=(MONO, 9),
                    fill=STATE_READ,
                    tags="state",
                )
                y += 18
            y += 6
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
            self.solutions.insert("end", f"{index + 1:>3}. {event.placement.to_string()}")
        self.solutions.selection_clear(0, "end")
        if self.stepper.position in known:
            self.solutions.selection_set(known.index(self.stepper.position))


def open_window(n: int, algorithm: str, rules: Rules | None = None) -> tuple[tk.Tk, Viewer]:
    """The window and its viewer, not yet running (tests drive them directly)."""
    try:
        root = tk.Tk(className="nqueens")
    except tk.TclError as error:
        raise BackendUnavailableError(
            _(
                "cannot open a window ({error}): the viewer needs a display; "
                "set DISPLAY, or run it under xvfb-run"
            ).format(error=error)
        ) from None
    if rules is None:
        root.title(_("{n} queens: {algorithm} search").format(n=n, algorithm=algorithm))
    else:
        root.title(
            _("{n} queens, {variant}: check-function search").format(n=n, variant=rules.variant)
        )
    viewer = Viewer(root, n, algorithm, rules)
    viewer.pack(fill="both", expand=True)
    return root, viewer


def run(n: int, algorithm: str, rules: Rules | None = None) -> None:
    """Open the viewer and return when its window is closed."""
    root, _viewer = open_window(n, algorithm, rules)
    root.mainloop()
