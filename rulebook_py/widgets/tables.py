"""The one formatter of the rules' rows, notes and roll lines, shared by every system.

An outcome gives its answer as rows of plain values (``Fraction`` chances,
means, text); this module turns them into the reader's table, with the notes
and the "Not used" rows beside it. Every text is English here and shown in
the reader's language: a message (:class:`~rulebook_py.messages.Msg`) among
the cells, notes and lines is rendered in it (:func:`~.words.shown`), a plain
text (a name, dice notation) is shown as it is.

Example:
    >>> from fractions import Fraction
    >>> "<td>50.00 % (1/2)</td>" in rows_html([("P(hit)", Fraction(1, 2))])
    True
    >>> notes_html(["a < b"])
    "<p class='rb-note'>a &lt; b</p>"
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from fractions import Fraction

from ..distribution import Mean
from ..messages import Msg, join
from .format import escape, number, probability, table_html
from .words import M
from .words import shown as tr

__all__ = ["cell", "lines_html", "notes_html", "rows_html"]


def cell(value: object) -> str | Msg:
    """A table cell: a chance as a percentage, a :class:`Mean` as a number, text as it is.

    Example:
        >>> cell(Fraction(1, 2)), cell(Mean(Fraction(7, 2))), cell(None), cell("+2")
        ('50.00 % (1/2)', '3.50', '—', '+2')
    """
    if isinstance(value, Mean):
        return number(value)
    if isinstance(value, Fraction):
        return probability(value)
    if isinstance(value, dict):
        return join(", ", [join(": ", (k, cell(v))) for k, v in value.items()])
    if isinstance(value, tuple):
        return join(" / ", [cell(v) for v in value])
    if isinstance(value, str):
        return value
    return "—" if value is None else str(value)


def rows_html(
    rows: Iterable[Sequence[object]],
    head: Sequence[object] = ("", M("exact answer")),
    caption: str = "",
) -> str:
    """The table of an outcome's rows, every value through :func:`cell`.

    Example:
        >>> "<caption>c</caption>" in rows_html([(1,)], ["n"], "c")
        True
    """
    return table_html(list(head), [[cell(v) for v in row] for row in rows], caption)


def notes_html(notes: Iterable[str], lead: str = "") -> str:
    """Notes beside an answer, one paragraph each, after ``lead`` (HTML, e.g. ``<i>Note:</i> ``).

    Example:
        >>> notes_html(["x"], "<i>Note:</i> ")
        "<p class='rb-note'><i>Note:</i> x</p>"
    """
    return "".join(f"<p class='rb-note'>{lead}{escape(tr(n))}</p>" for n in notes)


def lines_html(lines: Iterable[str]) -> str:
    """A roll's lines, one a line, escaped.

    Example:
        >>> lines_html(["a", "b<c"])
        'a<br>b&lt;c'
    """
    return "<br>".join(escape(tr(line)) for line in lines)
