"""Count code lines (blank lines, comments and docstrings left out) per module.

``python scripts/code_lines.py [folder ...]`` prints each module's code lines
and the total, largest first; by default ``rulebook_py/widgets`` and
``rulebook_py/systems``. The targets of the one-home work (ARCHITECTURE.md):
widget code at most 2,700 lines, no widget module over 400.

Example:
    >>> code_lines("'''Doc.'''\\n\\nx = 1  # one\\n# two\\n")
    1
"""

from __future__ import annotations

import ast
import io
import sys
import tokenize
from pathlib import Path

__all__ = ["code_lines", "count_folder", "main"]


def _docstring_lines(tree: ast.AST) -> set[int]:
    lines: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = getattr(node, "body", [])
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                if isinstance(body[0].value.value, str):
                    lines.update(range(body[0].lineno, body[0].end_lineno + 1))
    return lines


def code_lines(source: str) -> int:
    """The number of lines of ``source`` holding code (not blank, comment or docstring)."""
    skip = _docstring_lines(ast.parse(source))
    code: set[int] = set()
    ignored = {tokenize.COMMENT, tokenize.NL, tokenize.NEWLINE, tokenize.INDENT, tokenize.DEDENT}
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type in ignored or token.type == tokenize.ENDMARKER:
            continue
        for line in range(token.start[0], token.end[0] + 1):
            if line not in skip:
                code.add(line)
    return len(code)


def count_folder(folder: Path) -> dict[str, int]:
    """Code lines of every ``.py`` module under ``folder``, by path."""
    return {
        str(path): code_lines(path.read_text(encoding="utf-8"))
        for path in sorted(folder.rglob("*.py"))
    }


def main(argv: list[str]) -> int:
    """Print the counts of each folder named (default: widgets and systems)."""
    folders = argv or ["rulebook_py/widgets", "rulebook_py/systems"]
    for folder in folders:
        counts = count_folder(Path(folder))
        print(f"{folder}: {sum(counts.values())} code lines in {len(counts)} modules")
        for path, n in sorted(counts.items(), key=lambda item: -item[1]):
            print(f"  {n:5d}  {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
