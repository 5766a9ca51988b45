"""What the browser tests of the code cells know: each page's cells, and CPython's answer to an edit.

A page's code cells are its notebook's code cells that show their input
(``remove-input`` cells are not on the page), in order: ``data-rb-cell`` is
the index among them. CPython is the oracle: every cell of the chapter runs
in order in a fresh namespace with ``live/cells.py`` (the runner the page's
Python uses, itself checked against the stored notebooks by
``tests/test_cells.py``), then the edited source; the page, which runs only
the cells above that the edited one depends on, must show the same outputs.

:func:`edit_for` picks, in each chapter, the first cell whose integer
argument can be changed so that the cell still runs and shows something
else: the edit a reader makes to try their own numbers. A chapter with no
such argument (the quick references: ``HTML(ref.odds_table())``) gets the
other edit a reader makes there: a cell's last line becomes the last line of
a cell above it (another table, shown where the reader is).
"""

from __future__ import annotations

import ast
import json
import re
from html.parser import HTMLParser
from typing import Any

from live import cells

from .site import ROOT

__all__ = [
    "OUTPUT_TEXT_JS",
    "Edit",
    "edit_for",
    "expected_texts",
    "html_text",
    "page_cells",
    "prepared",
]

#: The page's outputs of one cell after a run: [class, text] of each output element.
OUTPUT_TEXT_JS = """(index) => {
    const out = document.querySelector(`[data-rb-cell="${index}"] [data-rb-output]`);
    return Array.from(out.querySelectorAll(':scope > .rb-run-output > *'))
        .map((n) => [n.className, n.textContent]);
}"""
#: A percentage's sign after a space, which ``_static/rb-layout.js`` makes a no-break space.
_PERCENT = re.compile(r"(\d) %")
_INTEGER_ARGUMENT = re.compile(r"(?<=[(,] )(\d+)(?=\s*[,)])|(?<=\()(\d+)(?=\s*[,)])")


def page_cells(chapter: str) -> list[str]:
    """The sources of the code cells the page shows, in order (``chapter``: ``book/dice``)."""
    notebook = json.loads((ROOT / f"{chapter}.ipynb").read_text(encoding="utf-8"))
    return [
        "".join(cell["source"])
        for cell in notebook["cells"]
        if cell["cell_type"] == "code"
        and "remove-input" not in cell.get("metadata", {}).get("tags", [])
    ]


def prepared(chapter: str, language: str) -> cells.Cells:
    """A namespace where every cell of the page has run, in order (a notebook after "run all").

    The page runs only the cells above that a cell depends on (``live/cells.py``):
    the oracle runs them all, so a difference would show.
    """
    from rulebook_py import i18n

    saved = i18n.current_language()
    i18n.set_language(language)
    try:
        runner = cells.Cells()
        runner.language = language
        for index, source in enumerate(page_cells(chapter)):
            runner.run(index, source)
    finally:
        i18n.set_language(saved)
    return runner


class _Text(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.skip = 0

    def handle_starttag(self, tag: str, attrs: list) -> None:
        self.skip += tag in ("script", "style")

    def handle_endtag(self, tag: str) -> None:
        self.skip -= tag in ("script", "style") and self.skip > 0

    def handle_data(self, data: str) -> None:
        if not self.skip:
            self.parts.append(data)


def html_text(fragment: str) -> str:
    """The text an HTML fragment shows (its ``textContent``)."""
    parser = _Text()
    parser.feed(fragment)
    parser.close()
    return "".join(parser.parts)


def expected_texts(reply: dict[str, Any]) -> list[str]:
    """The text of each output the page shows for a run (as :data:`OUTPUT_TEXT_JS` reads it)."""
    out = []
    for output in reply["outputs"]:
        if output["kind"] == "html":
            # (_static/rb-layout.js keeps a percentage with its sign in the page's HTML)
            out.append(_PERCENT.sub("\\1\u00a0%", html_text(output["html"])))
        elif output["kind"] in ("text", "stream", "error"):
            out.append(output["text"])
        else:
            out.append(f"<{output['kind']}>")
    return out


def run_in(runner: cells.Cells, index: int, source: str, language: str) -> dict[str, Any]:
    from rulebook_py import i18n

    saved = i18n.current_language()
    i18n.set_language(language)
    try:
        return runner.run(index, source)
    finally:
        i18n.set_language(saved)


class Edit:
    """One cell's edit and what CPython shows for it."""

    def __init__(self, index: int, book: str, source: str, texts: list[str]) -> None:
        self.index, self.book, self.source, self.texts = index, book, source, texts

    def __repr__(self) -> str:
        return f"Edit(cell {self.index}: {self.source[:60]!r})"


#: What an edit may show: text, printed text, HTML (a widget is checked on its own).
SHOWN = {"text", "stream", "html"}


def edit_for(chapter: str, language: str = "en") -> Edit:
    """The first cell of ``chapter`` whose integer argument (else last line) can change; CPython's outputs.

    Each try runs in a namespace of its own, where every cell of the page ran
    first (a run may rebind the chapter's names).
    """
    sources = page_cells(chapter)
    for index, source in enumerate(sources):
        if not _INTEGER_ARGUMENT.search(source):
            continue
        original = run_in(prepared(chapter, language), index, source, language)
        if not original["outputs"] or {o["kind"] for o in original["outputs"]} - SHOWN:
            continue
        for match in _INTEGER_ARGUMENT.finditer(source):
            number = int(match.group(0))
            for other in (number + 1, number + 2, number - 1):
                if other < 0:
                    continue
                edited = source[: match.start()] + str(other) + source[match.end() :]
                reply = run_in(prepared(chapter, language), index, edited, language)
                if (
                    reply["ok"]
                    and reply["outputs"]
                    and not {o["kind"] for o in reply["outputs"]} - SHOWN
                    and expected_texts(reply) != expected_texts(original)
                ):
                    return Edit(index, source, edited, expected_texts(reply))
    for index in range(len(sources)):
        edit = _another_last_line(chapter, language, sources, index)
        if edit is not None:
            return edit
    raise AssertionError(
        f"no cell of {chapter} has an integer argument or a last line that can change"
    )


def _last_line(source: str) -> tuple[int, str] | None:
    """The line where a cell's last statement starts and its text, when it is an expression."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return None
    if not tree.body or not isinstance(tree.body[-1], ast.Expr):
        return None
    last = tree.body[-1]
    return last.lineno, ast.get_source_segment(source, last) or ""


def _another_last_line(chapter: str, language: str, sources: list[str], index: int) -> Edit | None:
    """Cell ``index`` with the last line of a cell above it, if it then shows something else."""
    mine = _last_line(sources[index])
    if mine is None:
        return None
    original = run_in(prepared(chapter, language), index, sources[index], language)
    if not original["outputs"] or {o["kind"] for o in original["outputs"]} - SHOWN:
        return None
    head = "".join(sources[index].splitlines(True)[: mine[0] - 1])
    for above in range(index):
        theirs = _last_line(sources[above])
        if theirs is None or theirs[1] == mine[1]:
            continue
        edited = head + theirs[1]
        reply = run_in(prepared(chapter, language), index, edited, language)
        if (
            reply["ok"]
            and reply["outputs"]
            and not {o["kind"] for o in reply["outputs"]} - SHOWN
            and expected_texts(reply) != expected_texts(original)
        ):
            return Edit(index, sources[index], edited, expected_texts(reply))
    return None
