"""See the search: pictures, animations, the interactive player and the desktop viewer.

The API behind `nqueens show|animate|play|gui|worksheet`, for scripts and notebooks, one module per
family: `pictures` (show), `film` (Animation), `player` (Player), `window` (gui) and
`worksheet` (a printable PDF for class), with what they share in `common`. Everything
draws from the teaching searches' events (via `Replay`); matplotlib is loaded only when
something is drawn.
"""

from __future__ import annotations

from nqueens.visual.common import ANIMATION_ALGORITHM, PLAYER_STEPS
from nqueens.visual.film import Animation, animate
from nqueens.visual.pictures import show, show_variant
from nqueens.visual.player import Player, play
from nqueens.visual.window import gui
from nqueens.visual.worksheet import Worksheet, worksheet

__all__ = [
    "ANIMATION_ALGORITHM",
    "PLAYER_STEPS",
    "Animation",
    "Player",
    "Worksheet",
    "animate",
    "gui",
    "play",
    "show",
    "show_variant",
    "worksheet",
]
