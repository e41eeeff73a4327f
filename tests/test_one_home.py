"""Facts said once: where a fact must be repeated in a form the code cannot derive (a
kernel's table, a command's help text), these tests pin the copies to the one home."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from nqueens import limits
from nqueens.known import known_counts, listing_length
from nqueens.placement import SYMMETRIES, Placement, symmetry_view
from nqueens.render.frames import MAX_FRAMES, FrameLimits
from nqueens.render.text import STYLES
from nqueens.search import ALGORITHMS
from nqueens.visual import Animation
from tests.processes import invoke


def _image(cols: tuple[int, ...], view: tuple[int, int, int]) -> tuple[int, ...]:
    """A symmetry applied the way the numba kernels apply it, from its three switches."""
    use_inverse, reverse_rows, reverse_values = view
    n = len(cols)
    inverse = [0] * n
    for r, c in enumerate(cols):
        inverse[c] = r
    source = inverse if use_inverse else list(cols)
    image = []
    for r in range(n):
        value = source[n - 1 - r if reverse_rows else r]
        image.append(n - 1 - value if reverse_values else value)
    return tuple(image)


@given(st.permutations(range(7)))
def test_kernel_symmetry_switches_agree_with_placement(cols: list[int]) -> None:
    placement = Placement(tuple(cols))
    for name in SYMMETRIES:
        assert _image(tuple(cols), symmetry_view(name)) == placement.transform(name).cols


def test_the_enumeration_kernel_reads_the_same_table() -> None:
    from nqueens.engine.canonical import IMAGES as _IMAGES

    expected = [symmetry_view(name) for name in SYMMETRIES[1:]]
    assert _IMAGES.tolist() == [list(v) for v in expected]
    assert sorted(map(tuple, _IMAGES.tolist())) == sorted(
        v for v in itertools.product((0, 1), repeat=3) if v != (0, 0, 0)
    )


def _help(*command: str) -> str:
    result = invoke(*command, "--help", width=200)
    assert result.status == 0
    return " ".join(result.output.split())


def test_animation_defaults_agree_everywhere() -> None:
    assert Animation.__dataclass_fields__["max_frames"].default == MAX_FRAMES
    assert FrameLimits().max_frames == MAX_FRAMES
    assert f"[default: {MAX_FRAMES};" in _help("animate")


def test_help_lists_the_algorithms_and_formats_from_their_tables() -> None:
    text = _help("solve")
    for name in ALGORITHMS:
        assert name in text
    for style in STYLES:
        assert style in text
    assert f"{', '.join(ALGORITHMS)} (see `nqueens algorithms`)" in _help("trace")


@pytest.mark.parametrize("n", range(1, 18))
def test_npy_listing_length_comes_from_the_table(n: int) -> None:
    counts = known_counts()[n]
    assert listing_length(n) == counts.total
    assert listing_length(n, unique=True) == counts.unique
    assert listing_length(n, limit=5) == min(5, counts.total)


def test_limits_are_ordered_sensibly() -> None:
    assert limits.LISTING_ENGINE_FROM_N <= limits.LISTING_MAX_N <= limits.LISTING_FIRST_MAX_N
    assert limits.LISTING_FIRST_MAX_N < limits.BITBOARD_MAX_N
    assert max(a.max_n for a in ALGORITHMS.values()) < limits.LISTING_MAX_N
    assert limits.PLAYER_MAX_N <= limits.ANIMATION_MAX_N


def test_the_engine_listing_refuses_past_its_limits_before_loading_numba() -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from nqueens.solving import engine_chunks\n"
        "from nqueens.errors import SizeTooLargeError\n"
        f"for n, limit in (({limits.LISTING_MAX_N + 1}, None), "
        f"({limits.LISTING_FIRST_MAX_N + 1}, 1)):\n"
        "    try:\n"
        "        engine_chunks(n, limit=limit)\n"
        "    except SizeTooLargeError:\n"
        "        pass\n"
        "    else:\n"
        "        raise SystemExit('not refused')\n"
        "assert 'numba' not in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_who_recounted_is_said_in_the_registrys_words_in_either_language() -> None:
    """`count --verify` says who recounted in the registry's own words (marked for the
    catalog there, never copied), translated; and a method's own task as the
    verification says it."""
    from nqueens.engine.registry import METHODS
    from nqueens.engine.runtime.verify import Verification
    from nqueens.i18n import use_language
    from nqueens.render.counted import recounter

    for method in METHODS.values():
        checked = Verification(Path("j"), 9, method.name, (0,), "its recount", finished=1)
        said = recounter(checked)
        if method.recounted_by is None:
            assert said == f"the {method.name} method's own task, in this process"
            continue
        assert said == method.recounted_by
        with use_language("ja"):
            assert recounter(checked) not in (said, "")
    source = (Path(__file__).parent.parent / "src/nqueens/engine/runtime/verify.py").read_text()
    assert 'f"the {method.name} method\'s own task, in this process"' in source
