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

**Read at every width.** The SVG is never scaled (no ``viewBox``): it is as
wide as the page allows, up to 640 px, with a fixed height, and its text is
set in CSS pixels (11 px and more), so a phone shows it at the size a desktop
does. Bars are placed in percentages of the plot's width (the SVG's padding
makes the plot its viewport; tick labels are drawn in that padding), and
everything written across the chart (the title's lines, the labels under the
bars, the legend's rows) is laid out for the narrowest width a calculator has
on a phone (268 px), so that no two texts overlap and none is cut at any
width. Two layouts:

* whole-number outcomes (totals, rounds, gaps) stand as vertical bars over
  an axis whose labels are thinned out (every second, fifth…) to fit, more of
  them shown on a wide screen (``rb-more``);
* named outcomes ("Jimmy wins, 1 wound taken") are horizontal bars, each
  name written whole above its bar (wrapped, never thinned or cut) and each
  chance after the bar's end;

one colour per series, and a legend naming each series whenever there are
several.

Every chart comes with the same tools, written by :func:`bar_chart` and
:func:`grouped_bar_chart` so that every calculator gets them:

* **Views** (distributions only, i.e. integer outcomes in increasing order,
  and the rounds of a process, :func:`grouped_bar_chart`'s ``running_total``):
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
import csv
import hashlib
import io
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

#: Widest a chart is drawn (CSS px), and the narrowest width its layout must fit: a
#: calculator on a 320 px phone (268 px wide). The SVG is not scaled (no ``viewBox``): its text is
#: set in CSS pixels and never shrinks with the chart; the bars are placed in
#: percentages of the plot's width, and whatever is written across the chart
#: (labels, legend rows, title lines) is laid out for the narrowest width.
_W_MAX, _W_MIN = 640, 268
#: Font sizes (CSS px, at every width): tick labels, bar labels, axis title, legend, title.
_TICK_PX, _LABEL_PX, _AXIS_PX, _LEGEND_PX, _TITLE_PX = 11, 12, 12, 12, 14
#: Height of the plot of a vertical chart, and of one bar of a horizontal one (px).
_PLOT_H, _BAR_H = 180, 14
#: A label of a vertical chart is a whole number ("12", "−3"); any other label is a
#: name, and names are written beside horizontal bars, whole, never thinned out.
_NUMERIC = re.compile(r"[-−+]?[0-9]+")
_INT = re.compile(r"-?[0-9]+")
#: Advance widths in ems, by group of characters (others: 0.9), 5 % above those
#: Chromium measures for its system-ui face (DejaVu Sans); bold is 20 % wider.
_ADVANCES = ((" .,:;'!|ijlI", 0.31), ('frt()[]-/"', 0.41), ("abcdeghknopqsuvxyz", 0.63))
_ADVANCES += (("0123456789", 0.67), ("ABCDEFGHJKLMNOPQRSTUVWXYZ", 0.72))

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
#: The views a chart holds (entries of :data:`VIEWS`), and the series drawn in each.
Switch = Sequence[tuple[str, str, str]]
Drawn = Sequence[Sequence[Series]]
#: The legend's entries: ``(name, colour)``.
Legend = Sequence[tuple[str, str]]
#: A chart's title, its horizontal axis's title, and the English title naming its CSV file.
Names = tuple[str, str, str]
#: The table's and the CSV's columns of numbers: ``(header, values)``.
Columns = Sequence[tuple[str, Sequence[Fraction]]]
#: A column of text after the labels (the bar's group): ``(header, texts)``, or None.
Group = tuple[str, Sequence[str]] | None
_LINE = '<line x1="0" x2="100%" y1="{0}" y2="{0}" stroke="currentColor" stroke-opacity="{1}"/>'
_CSV = '<a class="rb-csv" download="{}.csv" href="data:text/csv;charset=utf-8;base64,{}">⤓ CSV</a>'
_TABLE = (
    '<details class="rb-data"><summary>{}</summary><div class="rb-scroll"><table class="rb-table">'
    "<caption>{}</caption><thead><tr>{}</tr></thead><tbody>{}</tbody></table></div></details>"
)
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


def _pct(value: float) -> str:
    """A position or a length in percent of the plot's width (``12.5%``)."""
    return f"{value:.2f}".rstrip("0").rstrip(".") + "%"


def _scale(series: Sequence[Series]) -> tuple[list[list[float | None]], float, float]:
    """Each series in percent, the gridline step and the top of the scale."""
    pct = [[None if v is None else float(v) * 100 for v in vals] for _, vals, _ in series]
    peak = max((v for vals in pct for v in vals if v is not None), default=0.0)
    step = _nice_step(peak if peak > 0 else 1.0)
    top = step * (int(peak / step) + 1) if peak > 0 else step
    return pct, step, top


#: Stand-ins for a tooltip's bar and chance in its message, rendered once a chart.
_BAR, _CHANCE = "\ue000", "\ue001"


def _tipper(legend: bool) -> Callable[[str, str, Fraction, str], str]:
    """A chart's tooltip writer: ``tip(sign, label, exact, name)`` gives ``≥7: 58.33 % (series)``.

    The message is rendered once for the whole chart (a chart has hundreds of
    bars over its views), its bar and chance put in as they come.

    Example:
        >>> _tipper(True)("≥", "7", Fraction(7, 12), "A")
        '≥7: 58.33 % (A)'
    """
    template = M("{bar}: {chance}", bar=_BAR, chance=_CHANCE).render()

    def tip(sign: str, label: str, exact: Fraction, name: str) -> str:
        text = template.replace(_BAR, sign + label).replace(_CHANCE, percent(exact))
        return escape(text + (f" ({name})" if legend else ""))

    return tip


def _text(x: str, y: float, text: str, size: int, extra: str = "") -> str:
    """One line of text in CSS pixels (``x`` already written: ``12%`` or ``-4``)."""
    return (
        f'<text x="{x}" y="{y:.1f}" font-size="{size}" fill="currentColor"{extra}>'
        f"{escape(text)}</text>"
    )


def _title(lines: Sequence[str], shift: float) -> str:
    """The title, one ``<tspan>`` a line (laid out for the narrowest width).

    It is centred on the whole chart: ``shift`` px from the centre of the
    plot, which the paddings on either side move off the chart's centre.
    """
    if not lines:
        return ""
    dx = f' dx="{shift:.0f}"' if round(shift) else ""
    if len(lines) == 1:
        spans = escape(lines[0])
    else:
        spans = "".join(
            f'<tspan x="50%"{dx} dy="{"1.25em" if i else "0"}">{escape(line)}</tspan>'
            for i, line in enumerate(lines)
        )
        dx = ""
    return (
        f'<text class="rb-chart-title" x="50%"{dx} y="{_TITLE_PX + 2}" text-anchor="middle" '
        f'font-size="{_TITLE_PX}" font-weight="600" fill="currentColor">{spans}</text>'
    )


def _heading(title: str) -> tuple[list[str], float]:
    """The title's lines at the narrowest width, and the height they take above the plot."""
    lines = wrap(title, _TITLE_PX, _W_MIN - 8, bold=True) if title else []
    return lines, 8 + len(lines) * _TITLE_PX * 1.25 if lines else 6


def _legend(legend: Sequence[tuple[str, str]], y: float, left: float) -> tuple[str, float]:
    """The legend's entries flowing onto rows at the narrowest width; its SVG and its bottom.

    ``left``: the plot's left padding (entries start near the chart's own edge).
    """
    parts, x, row_y, room = [], 4.0 - left, y, _W_MIN - 8
    for name, col in legend:
        lines = wrap(name, _LEGEND_PX, room - 20)
        width = 20 + max(text_width(line, _LEGEND_PX) for line in lines) + 14
        if x > 4.0 - left and x + width - 14 > room - left:
            x, row_y = 4.0 - left, row_y + 20
        parts.append(f'<rect x="{x:.1f}" y="{row_y:.1f}" width="12" height="12" fill="{col}"/>')
        for k, line in enumerate(lines):
            parts.append(
                _text(f"{x + 16:.1f}", row_y + 10 + 15 * k, line, _LEGEND_PX, ' class="rb-legend"')
            )
        row_y += 15 * (len(lines) - 1)
        x += width
    return "".join(parts), (row_y + 20 if legend else y)


def _open(height: float, left: float, right: float, label: str, style: str) -> str:
    """The ``<svg>`` tag: full width up to 640 px, a fixed height, the plot padded inside.

    The padding makes the plot the SVG's viewport: bars in percent of it span
    the plot, and what sits beside it (tick labels) is drawn in the padding.
    """
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" class="rb-chart" width="100%" '
        f'height="{math.ceil(height)}" style="max-width:{_W_MAX}px;padding:0 {right:.0f}px 0 '
        f'{left:.0f}px;box-sizing:border-box;overflow:visible;font-family:system-ui,sans-serif" '
        f'role="img" aria-label="{escape(label)}">{style}'
    )


def _vertical(
    labels: Sequence[str], switch: Switch, drawn: Drawn, top_y: float, x_title: str, named: bool
) -> tuple[str, float, float, float]:
    """Bars standing on a horizontal axis of whole numbers, one group per view, below ``top_y``.

    ``drawn``: the series of each view ``switch`` names; the first view is shown by
    default. The labels under the bars are thinned out (every second, fifth…) so that
    none overlaps another at the narrowest width. Returns the SVG's body, where
    the legend goes, and the plot's left and right paddings.
    """
    n = max(1, len(labels))
    scales = [_scale(series) for series in drawn]
    ticks = [_tick(k * step) for _p, step, top in scales for k in range(int(top / step + 1.5))]
    left = max(30.0, max(text_width(t, _TICK_PX) for t in ticks) + 8)
    label_w = max((text_width(label, _TICK_PX) for label in labels), default=0) + 8
    plot_min = _W_MIN - left - 12
    every = max(1, math.ceil(label_w / (plot_min / n)))
    # On a wide screen the chart is 640 px: more labels fit, shown by rulebook.css (rb-more).
    wide = next(
        k for k in range(1, every + 1) if every % k == 0 and label_w <= k * (_W_MAX - left - 12) / n
    )
    # The last label, centred on its bar, may reach past the plot: the right padding holds it.
    right = max(12.0, label_w / 2 - plot_min / n / 2 + 4)
    base_y = top_y + _PLOT_H
    axis = base_y + 18
    body, tip = [], _tipper(named)
    for v, ((view, sign, _words), series, (pct, step, top)) in enumerate(
        zip(switch, drawn, scales)
    ):
        sign, parts = "" if view == "pmf" else sign, []
        k = 0.0
        while k <= top + 1e-9:
            y = base_y - k / top * _PLOT_H
            tick = _text("-5", y + 3.5, _tick(k), _TICK_PX, ' text-anchor="end"')
            parts.append(_LINE.format(f"{y:.1f}", "0.18") + tick)
            k += step
        slot = 100 / n
        for i, label in enumerate(labels):
            present = [
                (name, series[s][1][i], pct[s][i], col)
                for s, (name, _vals, col) in enumerate(series)
                if pct[s][i] is not None
            ]
            width = slot * 0.84 / max(1, len(present))
            x0 = slot * i + slot * 0.08
            for j, (name, exact, value, col) in enumerate(present):
                h = value / top * _PLOT_H
                parts.append(
                    f'<rect x="{_pct(x0 + j * width)}" y="{base_y - h:.1f}" '
                    f'width="{_pct(width)}" height="{h:.1f}" fill="{col}">'
                    f"<title>{tip(sign, label, exact, name)}</title></rect>"
                )
        hidden = ' display="none"' if v else ""
        body.append(f'<g class="rb-v-{view}"{hidden}>{"".join(parts)}</g>')
    for i, label in list(enumerate(labels))[::wide]:
        more = ' class="rb-more"' if i % every else ""
        x = _pct(100 / n * (i + 0.5))
        body.append(_text(x, axis, label, _TICK_PX, f'{more} text-anchor="middle"'))
    body.append(_LINE.format(base_y, "0.6"))
    bottom = axis + 4
    if x_title:
        x_lines = wrap(x_title, _AXIS_PX, _W_MIN - 8)
        for k, line in enumerate(x_lines):
            body.append(_text("50%", axis + 18 + 15 * k, line, _AXIS_PX, ' text-anchor="middle"'))
        bottom = axis + 18 + 15 * (len(x_lines) - 1) + 6
    return "".join(body), bottom + 8, left, right


def _horizontal(
    labels: Sequence[str], series: Sequence[Series], top_y: float, named: bool
) -> tuple[str, float, float, float]:
    """Named outcomes: one row each, its name written whole above its bar(s), value after.

    A name is wrapped onto more lines at the narrowest width rather than cut,
    and the longest bar leaves room for its value, so nothing overlaps or
    leaves the chart at any width. Returns what :func:`_vertical` does.
    """
    pct, _step, top = _scale(series)
    values = [percent(v) for _n, vals, _c in series for v in vals if v is not None]
    room = _W_MIN - 12
    value_w = max((text_width(v, _TICK_PX) for v in values), default=0) + 6
    share = (room - value_w) / room  # of the width, for the longest bar
    y = top_y + 4
    body: list[str] = []
    tip = _tipper(named)
    for i, label in enumerate(labels):
        for line in wrap(label, _LABEL_PX, room):
            y += _LABEL_PX + 3
            body.append(_text("0", y, line, _LABEL_PX))
        y += 4
        for s, (name, vals, col) in enumerate(series):
            if pct[s][i] is None:
                continue
            exact, width = vals[i], pct[s][i] / top * share * 100  # type: ignore[operator]
            body.append(
                f'<rect x="0" y="{y:.1f}" width="{_pct(width)}" height="{_BAR_H}" fill="{col}">'
                f"<title>{tip('', label, exact, name)}</title></rect>"  # type: ignore[arg-type]
                + _text(_pct(width), y + _BAR_H - 3, percent(exact), _TICK_PX, ' dx="4"')  # type: ignore[arg-type]
            )
            y += _BAR_H + 3
        y += 6
    return f'<g class="rb-v-pmf">{"".join(body)}</g>', y + 6, 4, 8


def _svg(labels: Sequence[str], switch: Switch, drawn: Drawn, legend: Legend, names: Names) -> str:
    """One SVG: vertical bars over whole numbers (with the views), else named rows.

    ``drawn``: the series of each view ``switch`` names; the first view is shown by default.
    """
    title, x_title, _slug = names
    lines, top_y = _heading(title)
    if all(_NUMERIC.fullmatch(label) for label in labels):
        body, y, left, right = _vertical(labels, switch, drawn, top_y, x_title, bool(legend))
        label, style = title or x_title, _STYLE if len(drawn) > 1 else ""
    else:
        body, y, left, right = _horizontal(labels, drawn[0], top_y, bool(legend))
        label, style = title, ""
    keys, bottom = _legend(legend, y, left)
    head = _open(bottom + 6, left, right, label, style)
    return head + _title(lines, (right - left) / 2) + body + keys + "</svg>"


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", text.lower()).strip("-")[:60] or "distribution"


def _tools(
    labels: Sequence[str], columns: Columns, switch: Switch, names: Names, group: Group = None
) -> str:
    """The view switch, the CSV link and the table of ``columns`` (``(header, values)``).

    ``switch``: the views the chart holds (entries of :data:`VIEWS`), none for one view.
    ``names``: the title, the axis's title, and the English title that names the CSV
    file in every language. ``group``: a column of text after the labels, and its header.
    """
    title, x_title, slug = names
    first = [x_title or M("outcome").render()] + ([group[0]] if group else [])
    # CSV: one decimal and one exact column per number, so a spreadsheet
    # reads the decimals and nothing is rounded away; a cell holding a comma
    # (a long fraction's "≈3,33e-71" in French), a quote or a line break is quoted.
    exact_heads = [(h, M("{header} (exact)", header=h).render()) for h, _v in columns]
    rows = [first + [head for pair in exact_heads for head in pair]]
    body = []
    for i, label in enumerate(labels):
        extra = [group[1][i]] if group else []
        row = [label, *extra]
        cells = "".join(f"<td>{escape(c)}</td>" for c in extra)
        for _h, vals in columns:
            row += [repr(float(vals[i])), fraction(vals[i])]
            cells += f'<td>{percent(vals[i])}<br><span class="rb-exact">{row[-1]}</span></td>'
        rows.append(row)
        body.append(f'<tr><th scope="row">{escape(label)}</th>{cells}</tr>')
    out = io.StringIO()
    csv.writer(out, lineterminator="\r\n").writerows(rows)
    key = hashlib.sha1((title + "\n" + out.getvalue()).encode()).hexdigest()[:10]
    data = base64.b64encode(("\ufeff" + out.getvalue()).encode()).decode("ascii")
    radios = [_RADIO.format(v, key, " checked" * (v == "pmf"), s, tr(w)) for v, s, w in switch]
    views = _SWITCH.format(M("Show the chance of").render(), "".join(radios))
    head = "".join(f'<th scope="col">{escape(h)}</th>' for h in first + [h for h, _v in columns])
    caption = escape(title or x_title or M("The numbers of the chart").render())
    table = _TABLE.format(M("Table of the numbers").render(), caption, head, "".join(body))
    link = _CSV.format(_slug(slug or title or x_title), data)
    return f'<div class="rb-chart-tools">{views if len(switch) > 1 else ""}{link}{table}</div>'


def _is_ascending_ints(keys: Sequence[object]) -> bool:
    if not keys or not all(isinstance(k, int) and not isinstance(k, bool) for k in keys):
        return False
    return all(a < b for a, b in itertools.pairwise(keys))  # type: ignore[operator]


def _counted(labels: Sequence[str]) -> bool:
    """Are the labels increasing whole numbers (``"0"``, ``"1"``, …)?"""
    return all(_INT.fullmatch(s) for s in labels) and _is_ascending_ints([int(s) for s in labels])


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
    title, x_title, highlight_label, other_label = map(
        tr, (title, x_title, highlight_label, other_label)
    )
    nums, den = _common([pmf[k] for k in keys])
    distribution = _is_ascending_ints(keys) and sum(nums) == den
    lo, hi = _trim_range(nums, den)
    labels = [tr(k if isinstance(k, str) else str(k)) for k in keys[lo:hi]]
    shown = _views(nums, den, lo, hi, distribution)
    if (lo, hi) != (0, len(keys)):
        x_title = M(
            "{axis} ({low} to {high} shown)", axis=x_title, low=keys[lo], high=keys[hi - 1]
        ).render()
    switch, names = VIEWS if distribution else VIEWS[:1], (title, x_title, slug)
    columns = [(f"{sign} {tr(words)}", vals) for (_v, sign, words), vals in zip(VIEWS, shown)]
    if not distribution:
        columns = [(M("probability").render(), shown[0])]
    if highlight is None:
        drawn = [[(M("probability").render(), vals, COLORS[0])] for vals in shown]
        return _svg(labels, switch, drawn, [], names) + _tools(labels, columns, switch, names)
    marks = [bool(highlight(k)) for k in keys[lo:hi]]
    drawn = []
    for vals in shown:
        kept = [[p if m is want else None for p, m in zip(vals, marks)] for want in (False, True)]
        drawn.append([(other_label, kept[0], COLORS[0]), (highlight_label, kept[1], COLORS[1])])
    legend = [(other_label, COLORS[0]), (highlight_label, COLORS[1])]
    if marks and marks[0]:  # the legend names the groups in the order the bars show them
        legend.reverse()
    group = (M("group").render(), [highlight_label if m else other_label for m in marks])
    svg = _svg(labels, switch, drawn, legend, names)
    return svg + _tools(labels, columns, switch, names, group)


def grouped_bar_chart(
    labels: Sequence[str],
    series: Mapping[str, Sequence[Fraction]],
    *,
    title: str = "",
    x_title: str = "",
    running_total: bool = False,
) -> str:
    """Several distributions side by side (one colour each), with views, table and CSV.

    When every series is the probabilities of one outcome (integer labels in
    increasing order, ``"0"``, ``"1"``, …, each series summing to 1 but for
    tails of at most 1/500 left out) the chart has the exactly / at least /
    at most views; otherwise (e.g. chances of different skill gaps side by
    side) the exact view only, unless ``running_total``.

    Args:
        labels: The x-axis labels (outcomes).
        series: ``{legend name: probabilities aligned with labels}``.
        title: Chart title.
        x_title: Label of the horizontal axis.
        running_total: The labels are the successive rounds ``1, 2, …`` of a
            process, each series the chance that one of its endings happens
            in that round (together at most 1: what is left ends later or
            never): the chart adds the at-most view, each bar the chance that
            the ending has happened by that round ("caught by round 3?").

    Raises:
        ValueError: ``running_total`` with labels that are not increasing whole
            numbers, or a series whose chances add up to more than 1.

    Returns:
        HTML: the ``<svg>`` element followed by its tools.

    Example:
        >>> from fractions import Fraction as F
        >>> html = grouped_bar_chart(["1", "2"], {"A": [F(1), F(0)], "B": [F(0), F(1)]})
        >>> html.count("<rect") >= 4 and 'data-view="atmost"' in html
        True
        >>> 'data-view' in grouped_bar_chart(["1", "2"], {"gap": [F(3, 4), F(2, 3)]})
        False
        >>> by_round = grouped_bar_chart(["1", "2"], {"caught": [F(1, 2), F(1, 4)]}, running_total=True)
        >>> 'data-view="atmost"' in by_round, 'data-view="atleast"' in by_round, "≤2: 75.00 %" in by_round
        (True, False, True)
    """
    slug, title, x_title = str(title or x_title), tr(title), tr(x_title)
    series = {tr(name): values for name, values in series.items()}
    labels, names = [tr(label) for label in labels], list(series)
    commons = [_common(series[name]) for name in names]
    counted = _counted(labels)
    whole = all(499 * den <= 500 * sum(nums) <= 500 * den for nums, den in commons)
    distribution = counted and whole  # (but for tails of at most 1/500 left out)
    if running_total and not counted:
        raise ValueError(f"a running total needs increasing whole-number labels, not {labels!r}")
    if running_total and any(sum(series[n], Fraction(0)) > 1 for n in names):
        raise ValueError("a running total needs chances that add up to at most 1")
    switch = VIEWS if distribution else (VIEWS[0], VIEWS[2]) if running_total else VIEWS[:1]
    kept = [v for v, view in enumerate(VIEWS) if view in switch]
    per_series = [_views(nums, den, 0, len(labels), len(switch) > 1) for nums, den in commons]
    per_view = [[views[v] for views in per_series] for v in kept] if names else [[]]
    colors = [COLORS[i % len(COLORS)] for i in range(len(names))]
    columns = [
        (f"{name}: {sign}" if len(switch) > 1 else name, vals[s])
        for (_v, sign, _words), vals in zip(switch, per_view)
        for s, name in enumerate(names)
    ]
    drawn = [list(zip(names, vals, colors)) for vals in per_view]
    svg = _svg(labels, switch, drawn, list(zip(names, colors)), (title, x_title, slug))
    return svg + _tools(labels, columns, switch, (title, x_title, slug))
