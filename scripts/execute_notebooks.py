"""Execute chapters in place and store their outputs, deterministically.

Usage: python scripts/execute_notebooks.py book/dice.ipynb [...]

Each notebook runs in a fresh kernel from its own folder (as Jupyter Book
and nbval run it). Then the widget state (``metadata.widgets``, which changes
on every run) and timing metadata are removed, so that a re-run with no
change in the code gives a byte-identical file.

A code cell that only builds a calculator (imports, then ``…Calculator(…)``)
gets the ``hide-input`` tag, so the website shows the calculator with its
code collapsed (a reader can still open it); see :func:`builds_only_a_calculator`.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

HIDE_INPUT = "hide-input"


def _is_calculator_call(node: ast.AST) -> bool:
    if not isinstance(node, ast.Call):
        return False
    func = node.func
    name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
    return name.endswith("Calculator")


def builds_only_a_calculator(source: str) -> bool:
    """True when a cell's code does nothing but import and build calculators.

    Allowed statements: imports, ``XCalculator(…)`` (alone or assigned to a
    name) and a bare name (showing a calculator built above); at least one
    calculator must be built.

    Example:
        >>> builds_only_a_calculator("from x import DiceCalculator\\nDiceCalculator()")
        True
        >>> builds_only_a_calculator("calc = DiceCalculator()\\ncalc.controls['expression'].value")
        False
    """
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return False
    built = False
    for stmt in tree.body:
        if isinstance(stmt, (ast.Import, ast.ImportFrom)):
            continue
        if isinstance(stmt, (ast.Expr, ast.Assign)) and _is_calculator_call(stmt.value):
            if isinstance(stmt, ast.Assign) and not all(
                isinstance(t, ast.Name) for t in stmt.targets
            ):
                return False
            built = True
            continue
        if isinstance(stmt, ast.Expr) and isinstance(stmt.value, ast.Name):
            continue
        return False
    return built


def tag_calculator_cells(nb: nbformat.NotebookNode) -> int:
    """Add ``hide-input`` to every code cell that only builds a calculator; return how many.

    Example:
        >>> nb = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("DiceCalculator()")])
        >>> tag_calculator_cells(nb), nb.cells[0].metadata.tags
        (1, ['hide-input'])
    """
    count = 0
    for cell in nb.cells:
        if cell.cell_type == "code" and builds_only_a_calculator(cell.source):
            tags = cell.metadata.setdefault("tags", [])
            if HIDE_INPUT not in tags:
                tags.append(HIDE_INPUT)
            count += 1
    return count


def execute(path: Path) -> None:
    nb = nbformat.read(path, as_version=4)
    tag_calculator_cells(nb)
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
