"""Execute chapters in place and store their outputs, deterministically.

Usage: python scripts/execute_notebooks.py book/dice.ipynb [...]

Each notebook runs in a fresh kernel from its own folder (as Jupyter Book
and nbval run it). Then the widget state (``metadata.widgets``, which changes
on every run) and timing metadata are removed, so that a re-run with no
change in the code gives a byte-identical file.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient


def execute(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    client = NotebookClient(
        nb,
        timeout=600,
        kernel_name="python3",
        resources={"metadata": {"path": str(path.parent)}},
        record_timing=False,
        store_widget_state=False,
    )
    client.execute()
    nb.metadata.pop("widgets", None)
    for cell in nb.cells:
        cell.metadata.pop("execution", None)
        if cell.cell_type == "code":
            for out in cell.get("outputs", []):
                out.get("metadata", {}).pop("execution", None)
    nbformat.write(nb, path)
    print(f"executed {path}")


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    for arg in sys.argv[1:]:
        execute(Path(arg))
