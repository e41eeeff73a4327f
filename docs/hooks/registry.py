"""MkDocs hook: the counting methods' table on a page, read from the registry
(`nqueens.engine.registry.METHODS`), so a new method appears in the docs with no edit.

A page asks for it with the line `<!-- methods -->`.
"""

from __future__ import annotations

from typing import Any

MARKER = "<!-- methods -->"


def _ranges(numbers: list[int]) -> str:
    """[1, 2, 3, 5, 24, 25, ...] as "1-3, 5, 24-63"."""
    spans: list[str] = []
    start = previous = None
    for n in [*numbers, None]:
        if start is not None and (n is None or n != previous + 1):
            spans.append(str(start) if start == previous else f"{start}-{previous}")
            start = None
        if n is not None and start is None:
            start = n
        previous = n
    return ", ".join(spans) or "never"


def methods_table() -> str:
    from nqueens.engine.registry import GPU_TIMED, METHODS, best_method
    from nqueens.limits import BITBOARD_MAX_N

    rows = [
        "| method | board | takes N | `auto` picks it for N | what it is |",
        "|---|---|---|---|---|",
    ]
    for m in METHODS.values():
        picked = [
            n
            for n in range(1, BITBOARD_MAX_N + 1)
            if best_method(n, m.variant, devices=m.needs_device) == m.name
        ]
        auto = _ranges(picked) if m.auto_from is not None else "never"
        if m.needs_device and not GPU_TIMED:
            auto = "never: exact under numba's CUDA simulator, not yet timed on a GPU"
        elif m.needs_device and m.auto_from is not None:
            auto += ", where a GPU is found (else the others)"
        rows.append(
            f"| `{m.name}` | {m.variant} | {m.smallest}-{m.largest} | {auto} | {m.summary} |"
        )
    return "\n".join(rows)


def on_page_markdown(markdown: str, **_: Any) -> str:
    return markdown.replace(MARKER, methods_table()) if MARKER in markdown else markdown
