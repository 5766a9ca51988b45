"""Charts of exact distributions: SVG bars, three views, a table and a CSV link.

The design card chose SVG charts from a small pure-Python library and named
pygal. Measured in this project's calculators, one pygal bar chart with two
series took 17 ms (median, 16 bars) -- more than the whole 16 ms budget of an
update -- and needed its random ids, generation date and CDN script removed.
This module writes the same kind of SVG directly: no dependency,
byte-identical output for the same input (nbval compares stored outputs), no
script and no external link, ``currentColor`` text and a transparent
background so the chart follows the site's light or dark theme, and a native
tooltip (``<title>``) on every bar.

Every chart comes with the same tools, written by :func:`bar_chart` and
:func:`grouped_bar_chart` so that every calculator gets them:

* **Views** (distributions only, i.e. integer outcomes in increasing order):
  the SVG holds three series, *exactly* (``=``), *at least* (``≥``) and *at
  most* (``≤``); a switch of three radio buttons under it (each label carries
  ``data-view`` = ``pmf``, ``atleast`` or ``atmost``) shows one of them. The
  switch is pure CSS (a ``<style>`` inside the SVG with ``:has()``), so it
  works on the static page, in JupyterLab and in Voilà, with no Python and no
  script. Where CSS is missing, the *exactly* view shows.
* **Table**: the same numbers, as percentages and exact fractions, in an
  accessible ``<table>`` inside a collapsed ``<details>``.
* **CSV**: an ``<a download="….csv">`` data link with the numbers of the table.

The output starts with the ``<svg>`` (one per chart), followed by the tools.

Every word is given as a message and shown in the reader's language
(:func:`~.words.shown`: titles, axis titles, legends,
bar labels, the views' names, the table's and the CSV's headers) with the
language's numbers (``50,00 %`` in French); the CSV's file name and its
decimal column stay the same in every language (a spreadsheet reads them).

Example:
    >>> from fractions import Fraction
    >>> html = bar_chart({1: Fraction(1, 2), 2: Fraction(1, 2)}, title="Coin")
    >>> html.startswith("<svg") and "<script" not in html
    True
    >>> html == bar_chart({1: Fraction(1, 2), 2: Fraction(1, 2)}, title="Coin")
    True
    >>> [v in html for v in ('data-view="pmf"', 'data-view="atleast"', 'download="coin.csv"')]
    [True, True, True]
"""

from __future__ import annotations

import base64
import hashlib
import itertools
import math
import re
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from html import escape

from .. import i18n
from ..distribution import exact_ratio, ratio_parts
from .format import fraction, percent
from .words import M
from .words import shown as tr

__all__ = ["COLORS", "MAX_BARS", "VIEWS", "bar_chart", "grouped_bar_chart", "tail_cut"]
__all__ += ["text_width", "wrap"]

#: Most bars drawn; wider distributions have their negligible tails trimmed.
MAX_BARS = 80

#: Series colours (colour-blind-safe pairs: blue / orange first).
COLORS = ("#4e79a7", "#f28e2b", "#59a14f", "#b07aa1", "#9c755f")

#: The views of a distribution: ``(data-view, sign, words)``.
VIEWS = (
    ("pmf", "=", M("exactly")),
    ("atleast", "≥", M("at least")),
    ("atmost", "≤", M("at most")),
)

_W, _H = 640, 300
_LEFT, _RIGHT, _TOP, _BOTTOM = 56, 12, 30, 58
_PLOT_W, _PLOT_H = _W - _LEFT - _RIGHT, _H - _TOP - _BOTTOM
_INT = re.compile(r"-?[0-9]+")
#: Font sizes on a phone (rulebook.css makes chart text larger there): title, legend.
_TITLE_PX, _LEGEND_PX = 20, 15
#: Advance widths in ems, by group of characters (others: 0.9), 5 % above those
#: Chromium measures for its system-ui face (DejaVu Sans); bold is 20 % wider.
_ADVANCES = ((" .,:;'!|ijlI", 0.31), ('frt()[]-/"', 0.41), ("abcdeghknopqsuvxyz", 0.63))
_ADVANCES += (("0123456789", 0.67), ("ABCDEFGHJKLMNOPQRSTUVWXYZ", 0.72))
_CSV_QUOTE = re.compile(r'[,"\r\n]')

# The view switch: the radio buttons follow the SVG (``.rb-chart-tools``);
# ``:has(+ …)`` picks the checked one of *this* chart's own switch. The
# at-least and at-most groups carry ``display="none"`` (a presentation
# attribute, beaten by any CSS rule), so without CSS the exact view shows.
_PICK = ".rb-chart:has(+.rb-chart-tools input[value={0}]:checked) .rb-v-{1}{{display:{2}}}"
_STYLE = "".join(
    _PICK.format(v, "pmf", "none") + _PICK.format(v, v, "inline") for v, *_ in VIEWS[1:]
)
_STYLE = f"<style>{_STYLE}</style>"

Series = tuple[str, Sequence["Fraction | None"], str]
Views = Sequence[tuple[str, str, Sequence[Series]]]
_RADIO = '<label data-view="{0}"><input type="radio" name="rbv-{1}" value="{0}"{2}>{3} {4}</label>'
_SWITCH = '<span class="rb-views" role="radiogroup" aria-label="{}">{}</span>'


def _common(values: Sequence[Fraction]) -> tuple[list[int], int]:
    """Numerators on the common denominator, and that denominator (exact, integers only).

    A roll's probabilities share one raw denominator (its total weight,
    :func:`~rulebook_py.distribution.ratio_parts`): nothing is reduced.
    """
    parts = [ratio_parts(v if isinstance(v, Fraction) else Fraction(v)) for v in values]
    den = math.lcm(*{d for _n, d in parts}) if parts else 1
    return [n * (den // d) for n, d in parts], den


def tail_cut(weights: Sequence[int], total: int) -> tuple[int, int]:
    """Indices ``lo, hi`` (half-open) kept once far tails, each under 1 in 2,000, are cut.

    Example:
        >>> tail_cut([1, 5000, 5000, 1], 10002)
        (1, 3)
    """
    lo, hi, acc = 0, len(weights), 0
    while lo < hi - 1 and (acc + weights[lo]) * 2000 < total:
        acc, lo = acc + weights[lo], lo + 1
    acc = 0
    while hi - 1 > lo and (acc + weights[hi - 1]) * 2000 < total:
        acc, hi = acc + weights[hi - 1], hi - 1
    return lo, hi


def _trim_range(nums: Sequence[int], den: int) -> tuple[int, int]:
    """Indices ``lo, hi`` of the bars shown: far tails cut, at most :data:`MAX_BARS`."""
    if len(nums) <= MAX_BARS:
        return 0, len(nums)
    lo, hi = tail_cut(nums, den)
    if hi - lo > MAX_BARS:
        best = max(range(lo, hi), key=lambda i: nums[i])
        mid = min(max(best, lo + MAX_BARS // 2), hi - MAX_BARS // 2)
        lo, hi = mid - MAX_BARS // 2, mid + MAX_BARS // 2
    return lo, hi


def _views(
    nums: Sequence[int], den: int, lo: int, hi: int, cumulative: bool
) -> list[list[Fraction]]:
    """The shown values ``[lo:hi]`` of each view: exactly, then at least and at most.

    At least and at most are suffix and prefix sums over every outcome given
    (also the trimmed ones), summed as integers on the common denominator so
    that a distribution of a few hundred outcomes costs well under a
    millisecond; only the shown values become fractions.
    """
    views = [[exact_ratio(x, den) for x in nums[lo:hi]]]
    if cumulative:
        total = sum(nums)
        runs = list(itertools.accumulate(nums[lo:hi], initial=sum(nums[:lo])))
        views.append([exact_ratio(total - run, den) for run in runs[:-1]])  # at least
        views.append([exact_ratio(run, den) for run in runs[1:]])  # at most
    return views


def text_width(text: str, size: float, bold: bool = False) -> float:
    """Width of ``text`` at ``size`` px in a sans-serif face, measured generously.

    Example:
        >>> text_width("Coin", 10) < text_width("COIN", 10)
        True
    """
    ems = sum(next((w for chars, w in _ADVANCES if ch in chars), 0.9) for ch in text)
    return ems * size * (1.2 if bold else 1.0)


def wrap(text: str, size: float, width: float, bold: bool = False) -> list[str]:
    """``text`` cut at spaces into lines no wider than ``width`` (see :func:`text_width`).

    Example:
        >>> wrap("Distributions compared (legend: mean ± standard deviation)", 20, 624, bold=True)
        ['Distributions compared (legend: mean ± standard', 'deviation)']
    """
    lines: list[str] = []
    for word in text.split(" "):
        if lines and text_width(f"{lines[-1]} {word}", size, bold) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines


def _tick(k: float) -> str:
    """A gridline's percentage: ``10%`` in English, ``2,5 %`` in French."""
    return i18n.percent_sign(i18n.localized(f"{k:g}")) if i18n.localized(".") != "." else f"{k:g}%"


def _nice_step(top: float) -> float:
    """A round gridline step giving 3 to 6 lines up to ``top`` percent."""
    for step in (0.1, 0.2, 0.5, 1, 2, 2.5, 5, 10, 20, 25, 50):
        if top / step <= 6:
            return step
    return 100.0


def _bars(labels: Sequence[str], series: Sequence[Series], sign: str, legend: bool) -> str:
    """Gridlines, percent axis and bars of one view (``series`` in Fractions)."""
    n = max(1, len(labels))
    pct = [[None if v is None else float(v) * 100 for v in vals] for _, vals, _ in series]
    peak = max((v for vals in pct for v in vals if v is not None), default=0.0)
    step = _nice_step(peak if peak > 0 else 1.0)
    top = step * (int(peak / step) + 1) if peak > 0 else step
    slot, plot_h = _PLOT_W / n, _PLOT_H
    parts = []
    k = 0.0
    while k <= top + 1e-9:
        y = _TOP + plot_h - k / top * plot_h
        parts.append(
            f'<line x1="{_LEFT}" x2="{_W - _RIGHT}" y1="{y:.1f}" y2="{y:.1f}" '
            f'stroke="currentColor" stroke-opacity="0.18"/>'
            f'<text x="{_LEFT - 5}" y="{y + 4:.1f}" text-anchor="end" font-size="11" '
            f'fill="currentColor">{_tick(k)}</text>'
        )
        k += step
    # Several series at the same label are drawn side by side when more than
    # one of them has a value there; a single value takes the whole slot.
    for i, label in enumerate(labels):
        present = [
            (name, series[s][1][i], pct[s][i], col)
            for s, (name, _vals, col) in enumerate(series)
            if pct[s][i] is not None
        ]
        width = slot * 0.84 / max(1, len(present))
        x0 = _LEFT + slot * i + slot * 0.08
        for j, (name, exact, value, col) in enumerate(present):
            h = value / top * plot_h
            tip = M("{bar}: {chance}", bar=sign + label, chance=percent(exact)).render()
            tip += f" ({name})" if legend else ""
            parts.append(
                f'<rect x="{x0 + j * width:.1f}" y="{_TOP + plot_h - h:.1f}" '
                f'width="{max(width, 0.6):.1f}" height="{h:.1f}" fill="{col}">'
                f"<title>{escape(tip)}</title></rect>"
            )
    return "".join(parts)


def _svg(labels: Sequence[str], views: Views, title: str, x_title: str, legend: list) -> str:
    """One SVG: shared title, axis and legend, one group of bars per view.

    ``views`` is ``(data-view, sign, series)``; the first is shown by default.
    """
    n = max(1, len(labels))
    slot, plot_w, plot_h = _PLOT_W / n, _PLOT_W, _PLOT_H
    # The title wraps onto more lines, and legend entries flow onto more rows
    # below (the chart grows by a row each), so that nothing is cut at the
    # phone's larger type (rulebook.css; measured by text_width).
    lines = wrap(title, _TITLE_PX, _W - 16, bold=True) if title else []
    extra = 24 * max(0, len(lines) - 1)
    places, x, row = [], float(_LEFT), 0
    for name, col in legend:
        width = 30 + text_width(name, _LEGEND_PX)
        if x > _LEFT and x + width - 14 > _W - _RIGHT:
            x, row = float(_LEFT), row + 1
        places.append((name, col, x, _H - 16 + 20 * row))
        x += width
    height = _H + 20 * row + extra
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" class="rb-chart" viewBox="0 0 {_W} {height}" '
        f'width="100%" style="max-width:{_W}px;height:auto;font-family:system-ui,sans-serif" '
        f'role="img" aria-label="{escape(title or x_title)}">'
    ]
    if len(views) > 1:
        parts.append(_STYLE)
    if lines:
        spans = "".join(
            f'<tspan x="{_W / 2:.0f}" dy="{"1.2em" if i else "0"}">{escape(line)}</tspan>'
            for i, line in enumerate(lines)
        )
        spans = escape(title) if len(lines) == 1 else spans
        parts.append(
            f'<text class="rb-chart-title" x="{_W / 2:.0f}" y="18" text-anchor="middle" '
            f'font-size="14" font-weight="600" fill="currentColor">{spans}</text>'
        )
    parts.append(f'<g transform="translate(0 {extra})">' if extra else "")
    for v, (view, sign, series) in enumerate(views):
        hidden = ' display="none"' if v else ""
        bars = _bars(labels, series, sign=sign, legend=bool(legend))
        parts.append(f'<g class="rb-v-{view}"{hidden}>{bars}</g>')
    every = max(1, -(-n // 16))
    for i, label in list(enumerate(labels))[::every]:
        parts.append(
            f'<text x="{_LEFT + slot * (i + 0.5):.1f}" y="{_TOP + plot_h + 14}" '
            f'text-anchor="middle" font-size="11" fill="currentColor">{escape(label)}</text>'
        )
    parts.append(
        f'<line x1="{_LEFT}" x2="{_W - _RIGHT}" y1="{_TOP + plot_h}" y2="{_TOP + plot_h}" '
        f'stroke="currentColor" stroke-opacity="0.6"/>'
    )
    if x_title:
        parts.append(
            f'<text x="{_LEFT + plot_w / 2:.0f}" y="{_TOP + plot_h + 33}" text-anchor="middle" '
            f'font-size="12" fill="currentColor">{escape(x_title)}</text>'
        )
    for name, col, x, y in places:
        parts.append(
            f'<rect x="{x:.1f}" y="{y}" width="12" height="12" fill="{col}"/>'
            f'<text class="rb-legend" x="{x + 16:.1f}" y="{y + 10}" font-size="12" '
            f'fill="currentColor">{escape(name)}</text>'
        )
    parts.append("</g></svg>" if extra else "</svg>")
    return "".join(parts)


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60] or "distribution"


def _tools(
    labels: Sequence[str],
    columns: Sequence[tuple[str, Sequence[Fraction]]],
    *,
    distribution: bool,
    title: str,
    x_title: str,
    group: tuple[str, Sequence[str]] | None = None,
    slug: str = "",
) -> str:
    """The view switch, the CSV link and the table of ``columns`` (``(header, values)``).

    ``slug``: the English title, which names the CSV file in every language.
    """
    first = [x_title or M("outcome").render()] + ([group[0]] if group else [])
    heads = first + [h for h, _v in columns]
    # CSV: one decimal and one exact column per number, so a spreadsheet
    # reads the decimals and nothing is rounded away.
    csv_head = first + [
        head for h, _v in columns for head in (h, M("{header} (exact)", header=h).render())
    ]
    csv_rows = [[_csv_cell(c) for c in csv_head]]
    body = []
    for i, label in enumerate(labels):
        extra = [group[1][i]] if group else []
        row = [_csv_cell(label), *map(_csv_cell, extra)]
        cells = "".join(f"<td>{escape(c)}</td>" for c in extra)
        for _h, vals in columns:
            p = vals[i]
            exact = fraction(p)
            row += [repr(float(p)), exact]
            cells += f'<td>{percent(p)}<br><span class="rb-exact">{exact}</span></td>'
        csv_rows.append(row)
        body.append(f'<tr><th scope="row">{escape(label)}</th>{cells}</tr>')
    csv = "".join(",".join(r) + "\r\n" for r in csv_rows)
    name = _slug(slug or title or x_title)
    key = hashlib.sha1((title + "\n" + csv).encode()).hexdigest()[:10]
    data = base64.b64encode(("\ufeff" + csv).encode()).decode("ascii")
    radios = (_RADIO.format(v, key, " checked" * (v == "pmf"), s, tr(w)) for v, s, w in VIEWS)
    switch = (
        _SWITCH.format(M("Show the chance of").render(), "".join(radios)) if distribution else ""
    )
    link = (
        f'<a class="rb-csv" download="{name}.csv" '
        f'href="data:text/csv;charset=utf-8;base64,{data}">⤓ CSV</a>'
    )
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in heads)
    caption = escape(title or x_title or M("The numbers of the chart").render())
    table = (
        f'<details class="rb-data"><summary>{M("Table of the numbers").render()}</summary>'
        f'<div class="rb-scroll"><table class="rb-table"><caption>{caption}</caption>'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table></div></details>"
    )
    return f'<div class="rb-chart-tools">{switch}{link}{table}</div>'


def _csv_cell(text: str) -> str:
    return '"' + text.replace('"', '""') + '"' if _CSV_QUOTE.search(text) else text


def _is_ascending_ints(keys: Sequence[object]) -> bool:
    if not keys or not all(isinstance(k, int) and not isinstance(k, bool) for k in keys):
        return False
    return all(a < b for a, b in itertools.pairwise(keys))  # type: ignore[operator]


def bar_chart(
    pmf: Mapping[int | str, Fraction],
    *,
    title: str = "",
    x_title: str = "total",
    highlight: Callable[[int | str], bool] | None = None,
    highlight_label: str = M("success"),
    other_label: str = M("other"),
) -> str:
    """A bar chart of one distribution, bars in percent, with its views, table and CSV.

    When the bars are the probabilities of one outcome (integer outcomes in
    increasing order, summing to 1) the chart has the exactly / at least / at
    most views; otherwise (names, categories, chances that do not add up to
    one outcome) it has the exact view only.

    Args:
        pmf: ``{outcome: probability}`` in display order.
        title: Chart title.
        x_title: Label of the horizontal axis.
        highlight: Outcomes for which this returns ``True`` get the second
            colour (e.g. successes), with a legend.
        highlight_label: Legend entry for highlighted bars.
        other_label: Legend entry for the other bars.

    Returns:
        HTML: the ``<svg>`` element followed by its tools.

    Example:
        >>> from fractions import Fraction as F
        >>> html = bar_chart({0: F(1, 4), 1: F(3, 4)}, highlight=lambda k: k == 1)
        >>> "success" in html and "75.00 %" in html and "3/4" in html
        True
        >>> "data-view" in bar_chart({"hit": F(1, 2), "miss": F(1, 2)})
        False
        >>> "data-view" in bar_chart({1: F(1, 2), 2: F(3, 4)})  # not one outcome's chances
        False
    """
    keys, slug = list(pmf), str(title or x_title)
    title, x_title, highlight_label, other_label = map(tr, (title, x_title, highlight_label,
                                                            other_label))  # fmt: skip
    nums, den = _common([pmf[k] for k in keys])
    distribution = _is_ascending_ints(keys) and sum(nums) == den
    lo, hi = _trim_range(nums, den)
    labels = [tr(k if isinstance(k, str) else str(k)) for k in keys[lo:hi]]
    shown = _views(nums, den, lo, hi, distribution)
    if (lo, hi) != (0, len(keys)):
        shown_text = M(
            "{axis} ({low} to {high} shown)", axis=x_title, low=keys[lo], high=keys[hi - 1]
        )
        x_title = shown_text.render()
    marks = [bool(highlight(k)) for k in keys[lo:hi]] if highlight is not None else None
    views = []
    for (view, sign, _words), vals in zip(VIEWS, shown):
        if marks is None:
            series: list[Series] = [(M("probability").render(), vals, COLORS[0])]
        else:
            series = [
                (other_label, [None if m else p for p, m in zip(vals, marks)], COLORS[0]),
                (highlight_label, [p if m else None for p, m in zip(vals, marks)], COLORS[1]),
            ]
        views.append((view, sign if view != "pmf" else "", series))
    legend = [] if marks is None else [(other_label, COLORS[0]), (highlight_label, COLORS[1])]
    svg = _svg(labels, views, title=title, x_title=x_title, legend=legend)
    columns = [(f"{sign} {tr(words)}", vals) for (_v, sign, words), vals in zip(VIEWS, shown)]
    if not distribution:
        columns = [(M("probability").render(), shown[0])]
    groups = [highlight_label if m else other_label for m in marks or ()]
    group = None if marks is None else (M("group").render(), groups)
    return svg + _tools(labels, columns, distribution=distribution, title=title,
                        x_title=x_title, group=group, slug=slug)  # fmt: skip


def grouped_bar_chart(
    labels: Sequence[str],
    series: Mapping[str, Sequence[Fraction]],
    *,
    title: str = "",
    x_title: str = "",
) -> str:
    """Several distributions side by side (one colour each), with views, table and CSV.

    When every series is the probabilities of one outcome (integer labels in
    increasing order, ``"0"``, ``"1"``, …, each series summing to 1 but for
    tails of at most 1/500 left out) the chart has the exactly / at least /
    at most views; otherwise (e.g. chances of different skill gaps side by
    side) the exact view only.

    Args:
        labels: The x-axis labels (outcomes).
        series: ``{legend name: probabilities aligned with labels}``.
        title: Chart title.
        x_title: Label of the horizontal axis.

    Returns:
        HTML: the ``<svg>`` element followed by its tools.

    Example:
        >>> from fractions import Fraction as F
        >>> html = grouped_bar_chart(["1", "2"], {"A": [F(1), F(0)], "B": [F(0), F(1)]})
        >>> html.count("<rect") >= 4 and 'data-view="atmost"' in html
        True
        >>> 'data-view' in grouped_bar_chart(["1", "2"], {"gap": [F(3, 4), F(2, 3)]})
        False
    """
    slug, title, x_title = str(title or x_title), tr(title), tr(x_title)
    series = {tr(name): values for name, values in series.items()}
    labels, names = [tr(label) for label in labels], list(series)
    commons = [_common(series[name]) for name in names]
    distribution = (
        all(_INT.fullmatch(s) for s in labels)
        and _is_ascending_ints([int(s) for s in labels])
        and all(499 * den <= 500 * sum(nums) <= 500 * den for nums, den in commons)
    )
    per_series = [_views(nums, den, 0, len(labels), distribution) for nums, den in commons]
    per_view = [list(views) for views in zip(*per_series)] if names else [[]]
    colors = [COLORS[i % len(COLORS)] for i in range(len(names))]
    views = [
        (view, sign if view != "pmf" else "", list(zip(names, vals, colors)))
        for (view, sign, _words), vals in zip(VIEWS, per_view)
    ]
    svg = _svg(labels, views, title=title, x_title=x_title, legend=list(zip(names, colors)))
    columns = [
        (f"{name}: {sign}" if distribution else name, vals[s])
        for (_v, sign, _words), vals in zip(VIEWS, per_view)
        for s, name in enumerate(names)
    ]
    return svg + _tools(labels, columns, distribution=distribution, title=title,
                        x_title=x_title, slug=slug)  # fmt: skip
