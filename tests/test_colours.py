"""The one palette (render/colours.py): every contrast it promises, measured from its values."""

from __future__ import annotations

import pytest

from nqueens.render.colours import (
    ATTACK_COLOURS,
    ATTACK_MARK,
    BOARD_MARKS,
    CONTRASTS,
    CURRENT_ROW,
    GIVEN_QUEEN,
    PAGE_THEMES,
    QUEEN,
    REJECT,
    SQUARES,
    contrast,
)


@pytest.mark.parametrize(
    ("what", "inks", "grounds", "least"), CONTRASTS, ids=[c[0] for c in CONTRASTS]
)
def test_each_promised_contrast_holds(
    what: str, inks: tuple[str, ...], grounds: tuple[str, ...], least: float
) -> None:
    weak = [
        (ink, ground, round(contrast(ink, ground), 2))
        for ink in inks
        for ground in grounds
        if contrast(ink, ground) < least
    ]
    assert weak == [], what


def test_every_mark_is_measured_on_every_square() -> None:
    """The promise covers each mark the board draws and each colour a square takes (the
    shades of a variant's attacks included), and both themes."""
    marks = next(inks for what, inks, _g, _l in CONTRASTS if what == "marks on squares")
    assert set(marks) == {QUEEN, GIVEN_QUEEN, REJECT, ATTACK_MARK, CURRENT_ROW}
    shades = {shade for pair in ATTACK_COLOURS.values() for shade in pair}
    assert shades <= set(SQUARES) and {BOARD_MARKS["light"], BOARD_MARKS["dark"]} <= set(SQUARES)
    assert set(PAGE_THEMES) == {"light", "dark"}
    assert PAGE_THEMES["light"].keys() == PAGE_THEMES["dark"].keys()
    assert min(contrast(REJECT, square) for square in SQUARES) >= 3  # was 1.78 on a dark square
    assert min(contrast(CURRENT_ROW, square) for square in SQUARES) >= 3  # was 1.82


def test_contrast_is_wcags() -> None:
    assert contrast("#000000", "#ffffff") == pytest.approx(21)
    assert contrast("#767676", "#ffffff") == pytest.approx(4.54, abs=0.01)
