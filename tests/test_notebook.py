"""The teacher's notebook runs from top to bottom without an error."""

from __future__ import annotations

from pathlib import Path

import nbformat
from nbclient import NotebookClient

NOTEBOOK = Path(__file__).parent.parent / "docs" / "teaching.ipynb"


def test_teaching_notebook_runs(tmp_path: Path) -> None:
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    client = NotebookClient(
        notebook, timeout=600, kernel_name="python3", resources={"metadata": {"path": tmp_path}}
    )
    client.execute()  # raises CellExecutionError on the first failing cell
    outputs = [output for cell in notebook.cells for output in cell.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    shown = [o.get("data", {}) for o in outputs if o.get("output_type") == "execute_result"]
    assert sum("image/svg+xml" in data for data in shown) >= 4  # boards and trees
    assert sum("image/png" in data for data in shown) >= 2  # the 12 boards, the heat map
    assert any("<iframe" in data.get("text/html", "") for data in shown)  # the learner page
