"""How a count runs: the options `count()`, the engine's runner and the command line share,
said once as one frozen value. A new option is one field here (and its use where it acts);
`count()` and `run_count()` take the value whole. A leaf module: nothing heavy is imported.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from nqueens.engine.cluster import TLSFiles
    from nqueens.engine.estimate import Estimate
    from nqueens.results import Progress

__all__ = ["CountOptions"]


@dataclass(frozen=True)
class CountOptions:
    """Everything about a count but the board (see `nqueens.count` for each field).

    Examples
    --------
    >>> CountOptions(workers=2).with_changes(method="join").method
    'join'
    """

    method: str = "auto"
    variant: str | None = None
    workers: int | None = None
    journal: str | Path | None = None
    on_progress: Callable[[Progress], None] | None = None
    on_compile: Callable[[], None] | None = None
    scheduler: str | None = None
    batch_size: int | None = None
    connect_timeout: float = 10.0
    tls: TLSFiles | None = None
    on_dashboard: Callable[[str], None] | None = None
    part: tuple[int, int] | str | None = None
    on_plan: Callable[[Estimate], None] | None = None

    def with_changes(self, **changes: Any) -> CountOptions:
        """A copy with some fields changed; an unknown name is a TypeError, as for any
        call with a keyword the function does not take."""
        known = {f.name for f in fields(self)}
        unknown = sorted(set(changes) - known)
        if unknown:
            raise TypeError(f"count() got an unexpected keyword argument {unknown[0]!r}")
        return replace(self, **changes) if changes else self

    def engine_options_given(self) -> list[str]:
        """The options, as the command line spells them, that only the engine's runner
        acts on (a rectangle is counted by its own search and refuses them)."""
        given = {
            "--workers": self.workers,
            "--journal": self.journal,
            "--method": None if self.method == "auto" else self.method,
            "--scheduler": self.scheduler,
            "--batch-size": self.batch_size,
            "--part": self.part,
        }
        return [name for name, value in given.items() if value is not None]
