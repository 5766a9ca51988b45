r"""The compact summary of an answer: one row of it, kept in view while the reader works.

On a phone a calculator's controls can fill several screens; the website
keeps a one-line summary of the answer at the bottom of the screen while the
answer itself is out of view (``_static/rb-layout.js``), so that a change
always shows its effect. The summary is part of the answer, never new
words: the row of the answer's first table that holds a chance (with the
table's column headings when it has more than two columns), else the answer's
first words in bold, else the last row of its first table. An exact fraction
after a percentage is left out (the answer below has it).

The summary carries ``data-rb-summary`` (the contract for outside checks).

Example:
    >>> from rulebook_py.widgets.format import table_html
    >>> table = table_html(["", "exact answer"], [("Die", "d20"), ("P(hit)", "55.00 % (11/20)")])
    >>> summary_html(table)
    '<table class="rb-summary-table" data-rb-summary><tr><th>P(hit)</th><td>55.00 %</td></tr></table>'
    >>> summary_html("<p><b>Before the d4: offense +6.</b> Then…</p>")
    '<p class="rb-summary-text" data-rb-summary>Before the d4: offense +6.</p>'
    >>> summary_html("")
    ''
"""

from __future__ import annotations

import re

__all__ = ["summary_html", "summary_row"]

_TABLE = re.compile(r'<table class="rb-table">(.*?)</table>', re.S)
_ROW = re.compile(r"<tr>(.*?)</tr>", re.S)
_CELL = re.compile(r"<(t[hd])>(.*?)</t[hd]>", re.S)
_BOLD = re.compile(r"<b>(.*?)</b>", re.S)
#: An exact value after a percentage: "55.00 % (11/20)", "> 99.99 % (1 − 1/2000)".
_EXACT = re.compile(r"(%)\s*\((?:[^()]*[/≈][^()]*)\)")
_PERCENT = r"\1"
#: Most columns a summary shows (a wide table's row would not fit one line).
MAX_COLUMNS = 5

Row = list[tuple[str, str]]


def _rows(table: str) -> tuple[Row, list[Row]]:
    """The heading row and the body rows of a table written by ``table_html``."""
    head = re.search(r"<thead>(.*?)</thead>", table, re.S)
    body = re.search(r"<tbody>(.*?)</tbody>", table, re.S)
    heads = _CELL.findall(head.group(1)) if head else []
    rows = [_CELL.findall(row) for row in _ROW.findall(body.group(1) if body else "")]
    return heads, [row for row in rows if row]


def _mini(heads: Row, row: Row) -> str:
    """One row as a small table (its headings above it when the table has several columns).

    A row wider than :data:`MAX_COLUMNS` keeps its first cell and its chances.
    """
    keep, wide = list(range(len(row))), len(row) > 2
    if len(row) > MAX_COLUMNS:
        chances = [i for i in keep[1:] if "%" in row[i][1]]
        keep = [0, *chances][:MAX_COLUMNS] if chances else keep[:MAX_COLUMNS]
    row = [row[i] for i in keep]
    heads = [heads[i] for i in keep if i < len(heads)]
    cells = ""
    for i, (_tag, text) in enumerate(row):
        tag = "th" if i == 0 else "td"
        cells += f"<{tag}>{_EXACT.sub(_PERCENT, text).strip()}</{tag}>"
    top = ""
    if wide and heads:
        top = "<tr>" + "".join(f"<th>{text}</th>" for _tag, text in heads) + "</tr>"
    return f'<table class="rb-summary-table" data-rb-summary>{top}<tr>{cells}</tr></table>'


def summary_row(answer: str, index: int) -> str:
    """The summary of ``answer`` as its first table's row ``index`` (``-1``: the last).

    For an answer whose telling row is not its first chance (a round's
    "vitality left", its last row); "" when the table has no such row.

    Example:
        >>> from rulebook_py.widgets.format import table_html
        >>> table = table_html(["step", "A", "B"], [("dealt", "20 %", "5 %"), ("left", "95 %", "20 %")])
        >>> "<td>95 %</td>" in summary_row(table, -1), summary_row(table, 2)
        (True, '')
    """
    found = _TABLE.search(answer)
    heads, rows = _rows(found.group(0)) if found else ([], [])
    return _mini(heads, rows[index]) if -len(rows) <= index < len(rows) else ""


def summary_html(answer: str) -> str:
    """The compact summary of ``answer`` (the HTML a calculator shows), "" when it has none.

    See the module for which part of the answer it is.
    """
    found = _TABLE.search(answer)
    heads, rows = _rows(found.group(0)) if found else ([], [])
    for row in rows:
        if any("%" in text for _tag, text in row[1:]):
            return _mini(heads, row)
    bold = _BOLD.search(answer)
    if bold:
        return f'<p class="rb-summary-text" data-rb-summary>{bold.group(1).strip()}</p>'
    return _mini(heads, rows[-1]) if rows else ""
