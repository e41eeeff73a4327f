"""The teacher's notebooks (English and Japanese) run from top to bottom without an error."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

DOCS = Path(__file__).parent.parent / "docs"


@pytest.mark.parametrize("name", ["teaching.ipynb", "teaching.ja.ipynb"])
def test_teaching_notebook_runs(tmp_path: Path, name: str) -> None:
    notebook = nbformat.read(DOCS / name, as_version=4)
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
    if name == "teaching.ja.ipynb":
        printed = "".join(o.get("text", "") for o in outputs if o.get("output_type") == "stream")
        assert "解 1\uff1a0 4 7 5 2 6 1 3" in printed and "0 行目 0 列目にクイーンを置く" in printed
        assert "down[4] が 1" in printed  # the test that refused a square, and its cell
        listing = "if col[b] == FREE and up[a + b] == FREE and down[a - b + n - 1] == FREE:"
        assert listing in printed  # the seeds' code as the notebook lists it
        svg = "".join(data.get("image/svg+xml", "") for data in shown)
        assert "行き止まり" in svg  # the trees' titles and legends
        assert any("lang=&quot;ja&quot;" in data.get("text/html", "") for data in shown)


def test_the_two_notebooks_have_the_same_code() -> None:
    """The Japanese twin runs the same steps: its code differs only in what it prints."""
    english, japanese = (
        nbformat.read(DOCS / n, as_version=4) for n in ("teaching.ipynb", "teaching.ja.ipynb")
    )
    assert [c.cell_type for c in english.cells] == [c.cell_type for c in japanese.cells]
