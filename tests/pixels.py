"""Reading queens off a picture: the one pixel test every drawing's tests share."""

from __future__ import annotations

import numpy as np


def dark_pixels(pixels: np.ndarray, centre: tuple[int, int], radius: int = 5) -> int:
    """Near-black pixels (a queen is #1a1a1a) in the square patch around (y, x)."""
    y, x = centre
    patch = pixels[y - radius : y + radius, x - radius : x + radius].astype(int)
    return int((patch[..., :3].sum(axis=2) < 150).sum())
