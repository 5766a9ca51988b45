"""The chart writer's views, table and CSV, the percent format, and the hide-input tagging."""

from __future__ import annotations

import base64
import csv
import io
import itertools
import re
from fractions import Fraction
from html import unescape
from pathlib import Path

import nbformat
import pytest

from rulebook_py.dice import parse
from rulebook_py.widgets import CALCULATORS
from rulebook_py.widgets.charts import MAX_BARS, bar_chart, grouped_bar_chart
from rulebook_py.widgets.format import percent, probability
from scripts.execute_notebooks import builds_only_a_calculator, tag_calculator_cells

F = Fraction
_CSV_LINK = re.compile(
    r'<a class="rb-csv" download="([^"]+)" href="data:text/csv;charset=utf-8;base64,([^"]+)"'
)


def csv_rows(html: str) -> tuple[str, list[list[str]]]:
    """The file name and the rows of the (first) CSV link of a chart."""
    match = _CSV_LINK.search(html)
    assert match, "no CSV link"
    text = base64.b64decode(match.group(2)).decode("utf-8-sig")
    return match.group(1), list(csv.reader(io.StringIO(text)))


def table_cells(html: str) -> list[list[str]]:
    """The body rows of the chart's table: header cell then the data cells, as text."""
    body = re.search(r"<tbody>(.*?)</tbody>", html, re.S).group(1)
    rows = []
    for tr in re.findall(r"<tr>(.*?)</tr>", body):
        cells = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", tr)
        rows.append([" ".join(re.sub(r"<[^>]+>", " ", c).split()) for c in cells])
    return rows


# ----------------------------------------------------------------- the views
def test_a_distribution_has_the_three_views_and_the_exact_one_shows_first():
    html = bar_chart(parse("2d6").pmf(), title="2d6")
    assert html.startswith("<svg") and html.count("<svg") == 1
    for view in ("pmf", "atleast", "atmost"):
        assert html.count(f'data-view="{view}"') == 1
        assert f'<g class="rb-v-{view}"' in html
    assert '<g class="rb-v-pmf">' in html  # shown without CSS
    assert '<g class="rb-v-atleast" display="none">' in html
    assert '<g class="rb-v-atmost" display="none">' in html
    # the switch is pure CSS: a style, no script, no address
    assert "<style>" in html and ":checked" in html
    assert "<script" not in html and "http://" not in html.replace(
        'xmlns="http://www.w3.org/2000/svg"', ""
    )
    checked = re.findall(r'value="(\w+)" checked', html)
    assert checked == ["pmf"]


def test_the_at_least_and_at_most_bars_are_the_exact_sums():
    html = bar_chart(parse("2d6").pmf(), title="2d6")
    at_least = re.search(r'<g class="rb-v-atleast"[^>]*>(.*?)</g>', html).group(1)
    tips = re.findall(r"<title>(.*?)</title>", at_least)
    assert tips[0] == "≥2: 100 %"
    assert "≥7: 58.33 %" in tips  # 21/36
    assert tips[-1] == "≥12: 2.78 %"
    at_most = re.search(r'<g class="rb-v-atmost"[^>]*>(.*?)</g>', html).group(1)
    assert "≤7: 58.33 %" in re.findall(r"<title>(.*?)</title>", at_most)


def test_outcome_categories_get_no_cumulative_views_but_a_table_and_a_csv():
    html = bar_chart({"hit": F(1, 3), "miss": F(2, 3)}, title="Outcome", x_title="")
    assert "data-view" not in html and "rb-v-atleast" not in html
    assert "<details" in html and "download=" in html
    assert table_cells(html) == [["hit", "33.33 % 1/3"], ["miss", "66.67 % 2/3"]]
    html = grouped_bar_chart(["hit", "critical"], {"A": [F(1, 2), F(1, 20)]})
    assert "data-view" not in html and "<details" in html


def test_unsorted_integer_outcomes_are_not_summed():
    html = bar_chart({3: F(1, 2), 1: F(1, 2)})
    assert "data-view" not in html


def test_the_table_lists_every_view_with_exact_fractions_in_a_collapsed_details():
    html = bar_chart(
        parse("2d6").pmf(), title="2d6", highlight=lambda k: k >= 7, highlight_label="≥ 7"
    )
    details = re.search(r"<details[^>]*>(.*?)</details>", html, re.S).group(0)
    assert details.startswith('<details class="rb-data"><summary>')  # not open
    assert "<caption>2d6</caption>" in details
    heads = re.findall(r'<th scope="col">(.*?)</th>', details)
    assert heads == ["total", "group", "= exactly", "≥ at least", "≤ at most"]
    rows = table_cells(html)
    assert rows[0] == ["2", "other", "2.78 % 1/36", "100 % 1", "2.78 % 1/36"]
    assert rows[5] == ["7", "≥ 7", "16.67 % 1/6", "58.33 % 7/12", "58.33 % 7/12"]
    assert len(rows) == 11


def test_a_grouped_chart_of_integer_outcomes_has_views_for_every_series():
    html = grouped_bar_chart(["0", "1", "2"], {"A": [F(1, 4), F(1, 2), F(1, 4)], "B": [1, 0, 0]})
    assert html.count("data-view=") == 3
    heads = re.findall(r'<th scope="col">(.*?)</th>', html)
    assert heads == ["outcome", "A: =", "B: =", "A: ≥", "B: ≥", "A: ≤", "B: ≤"]
    assert table_cells(html)[1] == [
        "1",
        "50.00 % 1/2",
        "0 % 0",
        "75.00 % 3/4",
        "0 % 0",
        "75.00 % 3/4",
        "100 % 1",
    ]


# --------------------------------------------------------------------- CSV
def test_the_csv_holds_the_numbers_of_the_table_decimal_and_exact():
    pmf = parse("3d6").pmf()
    name, rows = csv_rows(bar_chart(pmf, title="Distribution of 3d6", x_title="total"))
    assert name == "distribution-of-3d6.csv"
    assert rows[0] == [
        "total",
        "= exactly",
        "= exactly (exact)",
        "≥ at least",
        "≥ at least (exact)",
        "≤ at most",
        "≤ at most (exact)",
    ]
    assert [int(r[0]) for r in rows[1:]] == list(range(3, 19))
    for row in rows[1:]:
        k = int(row[0])
        exact = F(row[2])
        assert exact == pmf[k] and float(row[1]) == float(exact)
        assert F(row[4]) == sum(p for v, p in pmf.items() if v >= k)
        assert F(row[6]) == sum(p for v, p in pmf.items() if v <= k)


def test_csv_cells_with_commas_or_quotes_are_quoted():
    _name, rows = csv_rows(bar_chart({'a, "b"': F(1)}, x_title="who"))
    assert rows == [["who", "probability", "probability (exact)"], ['a, "b"', "1.0", "1"]]


def test_a_french_long_fraction_keeps_its_decimal_comma_inside_one_csv_cell():
    # "≈3,33333e-71" was written bare: the French CSV row had one column too many.
    from rulebook_py.i18n import language

    tiny = F(1, 3 * 10**70)
    with language("fr"):
        _name, rows = csv_rows(bar_chart({0: tiny, 1: 1 - tiny}, x_title="total"))
    assert {len(row) for row in rows} == {7}
    assert rows[1][:3] == ["0", repr(float(tiny)), "≈3,33333e-71"]


# --------------------------------------------------------------- trimming
def test_a_wide_distribution_is_trimmed_but_its_sums_count_the_hidden_tails():
    pmf = parse("30d6").pmf()
    html = bar_chart(pmf, title="30d6")
    rows = table_cells(html)
    assert len(rows) <= MAX_BARS
    first, last = int(rows[0][0]), int(rows[-1][0])
    assert first > 30 and last < 180  # tails trimmed
    _name, csv_body = csv_rows(html)
    assert F(csv_body[1][4]) == sum(p for v, p in pmf.items() if v >= first)
    assert F(csv_body[1][4]) < 1
    assert F(csv_body[-1][6]) == sum(p for v, p in pmf.items() if v <= last)
    assert f"({first} to {last} shown)" in html


# ----------------------------------------------------------- determinism
def test_the_same_chart_is_byte_identical_and_two_charts_have_two_switches():
    a = bar_chart(parse("2d6").pmf(), title="2d6")
    assert a == bar_chart(parse("2d6").pmf(), title="2d6")
    b = bar_chart(parse("3d6").pmf(), title="3d6")
    name_a = re.search(r'name="(rbv-\w+)"', a).group(1)
    name_b = re.search(r'name="(rbv-\w+)"', b).group(1)
    assert name_a != name_b


def test_title_and_labels_are_escaped():
    html = bar_chart({"<b>": F(1)}, title="a & <b>")
    assert "<b>" not in html and "&lt;b&gt;" in html
    assert "a &amp; &lt;b&gt;" in html


@pytest.mark.parametrize("name", sorted(CALCULATORS))
def test_every_calculator_chart_has_its_table_and_csv(name):
    calc = CALCULATORS[name]()
    charts = calc.chart.value.count("<svg")
    assert calc.chart.value.count('<div class="rb-chart-tools">') == charts
    assert calc.chart.value.count("<details") == charts
    assert calc.chart.value.count(' download="') == charts
    for svg in re.findall(r"<svg.*?</svg>", calc.chart.value, re.S):
        assert svg.count('<g class="rb-v-') in (1, 2, 3)  # 2: a running total (= and ≤)


# -------------------------------------------------------------- percent
def test_a_near_certainty_is_never_printed_as_100_percent():
    # issue 13: "P(capture) 100.00 %" was printed for 1 - 5e-11
    p = 1 - F(5, 10**11)
    assert percent(p) == "> 99.99 %"
    assert probability(p) == "> 99.99 % (1 − 1/20000000000)"
    for k in range(999_950, 1_000_000):
        assert percent(F(k, 10**6)) != "100.00 %"


def test_a_tiny_chance_is_never_printed_as_zero():
    assert percent(F(5, 10**11)) == "< 0.01 %"
    assert probability(F(5, 10**11)) == "< 0.01 % (1/20000000000)"
    assert percent(F(1, 10**4)) == "0.01 %"
    assert percent(F(1, 10**4 + 1)) == "< 0.01 %"
    assert percent(F(1, 1296)) == "0.077 %"


def test_the_extremes_keep_their_exact_value_even_when_long():
    tiny = F(1, 3**40)
    assert probability(tiny) == f"< 0.01 % (1/{3**40})"
    near = 1 - F(2, 3**40)
    assert probability(near) == f"> 99.99 % (1 − 2/{3**40})"


def test_ordinary_percentages_are_unchanged():
    assert percent(F(1, 3)) == "33.33 %"
    assert percent(F(0)) == "0 %" and percent(F(1)) == "100 %"
    assert probability(F(3, 8)) == "37.50 % (3/8)"
    assert probability(F(99_993, 100_000)) == "99.99 % (99993/100000)"


# ------------------------------------------------------------ hide-input
@pytest.mark.parametrize(
    "source",
    [
        "from rulebook_py.widgets.dice import DiceCalculator\n\nDiceCalculator()",
        "from rulebook_py.widgets.mass_battle import (\n    A,\n    UnitBuilderCalculator,\n)\n\n"
        "UnitBuilderCalculator()",
        "CompareCalculator()",
        'calc = DiceCalculator(expression="3d6")\ncalc',
        "import rulebook_py.widgets.dice as w\nw.DiceCalculator()",
    ],
)
def test_a_cell_that_only_builds_a_calculator_is_tagged(source):
    assert builds_only_a_calculator(source)


@pytest.mark.parametrize(
    "source",
    [
        "from rulebook_py import parse\nparse('2d6').mean()",
        "calc = DiceCalculator()\ncalc.controls['expression'].value = '3d6'\ncalc",
        "DiceCalculator().result.value",
        "from rulebook_py.widgets.dice import DiceCalculator",
        "print(DiceCalculator())",
        "def f(:",
    ],
)
def test_a_cell_that_does_more_is_not_tagged(source):
    assert not builds_only_a_calculator(source)


def test_tagging_keeps_other_tags_and_does_not_repeat_itself():
    cell = nbformat.v4.new_code_cell("DiceCalculator()", metadata={"tags": ["other"]})
    nb = nbformat.v4.new_notebook(cells=[cell, nbformat.v4.new_markdown_cell("DiceCalculator()")])
    assert tag_calculator_cells(nb) == 1
    assert tag_calculator_cells(nb) == 1
    assert nb.cells[0].metadata.tags == ["other", "hide-input"]
    assert "tags" not in nb.cells[1].metadata


def test_every_chapter_calculator_cell_is_recognised():
    """Each chapter's calculator cells (imports + the calculator) qualify."""
    book = Path(__file__).resolve().parents[1] / "book"
    found = 0
    for path in sorted(book.glob("*.ipynb")):
        for cell in nbformat.read(path, as_version=4).cells:
            if cell.cell_type == "code" and re.fullmatch(
                r"(from [\w.]+ import [\w, ()\n]+\n+)?\w+Calculator\(\)\s*", cell.source
            ):
                assert builds_only_a_calculator(cell.source), cell.source
                found += 1
    assert found >= 10


# ------------------------------------------------------------ python call
def test_the_python_call_is_shown_as_a_session_whose_copy_is_only_code():
    from rulebook_py.widgets.dice import DiceCalculator

    blank = {"second": "", "third": "", "fourth": ""}
    html = DiceCalculator(expression="3d6+2", target=12, **blank).code.value
    assert html.startswith("<details class='rb-code'><summary>")
    assert '<pre class="rb-session">' in html
    prompt = '<span class="rb-prompt" aria-hidden="true">&gt;&gt;&gt; </span>'
    assert f"{prompt}from rulebook_py.outcomes.dice import dice_set\n" in html
    assert f"{prompt}dice_set({{&#x27;A&#x27;: &#x27;3d6+2&#x27;, &#x27;B&#x27;" in html
    assert '<span class="rb-output">(Fraction(5, 8),)</span></pre></details>' in html
    # what a reader copies (the selectable text) runs as it is
    selectable = re.sub(r'<span class="rb-(prompt|output)"[^>]*>.*?</span>', "", html)
    code = unescape(re.search(r"<pre[^>]*>(.*?)</pre>", selectable, re.S).group(1))
    statement, expression = code.strip().splitlines()
    namespace: dict = {}
    exec(statement, namespace)
    assert eval(expression, namespace) == (F(5, 8),)  # P(3d6+2 >= 12)


# ------------------------------- charts that read at every width (issues 28, 37)
def _title_lines(html: str) -> list[str]:
    title = re.search(r'<text class="rb-chart-title"[^>]*>(.*?)</text>', html).group(1)
    spans = re.findall(r"<tspan[^>]*>(.*?)</tspan>", title)
    return [unescape(s) for s in spans] or [unescape(title)]


def _svg_tag(html: str) -> str:
    return re.search(r"<svg[^>]*>", html).group(0)


def _padding(html: str) -> tuple[float, float]:
    right, left = re.search(r"padding:0 ([0-9.]+)px 0 ([0-9.]+)px", _svg_tag(html)).groups()
    return float(left), float(right)


def test_chart_text_is_set_in_css_pixels_and_never_scaled_with_the_chart():
    # issue 37: every chart was a 640-unit viewBox, so its 11-12 px text was 8 px at 390 px.
    for html in (
        bar_chart(parse("2d6").pmf(), title="2d6"),
        bar_chart({"Jimmy wins, 1 wound taken": F(1, 3), "Wildling wins": F(2, 3)}),
        grouped_bar_chart(["1", "2"], {"A": [F(1, 2), F(1, 2)], "B": [F(1), F(0)]}),
    ):
        tag = _svg_tag(html)
        assert "viewBox" not in tag and 'width="100%"' in tag
        assert re.search(r'height="[0-9]+"', tag) and "max-width:640px" in tag
        sizes = [int(size) for size in re.findall(r'font-size="([0-9]+)"', html)]
        assert sizes and min(sizes) >= 11


def test_long_titles_wrap_within_the_narrowest_chart():
    from rulebook_py.widgets.charts import text_width

    long = "Distributions compared (legend: mean ± standard deviation)"
    volley = "Volley of 12 shots at 3D+1 against a cover of 4D, hits"
    heights = []
    for html, title in (
        (grouped_bar_chart(["1", "2"], {"A": [F(1, 2), F(1, 2)]}, title=long), long),
        (bar_chart({1: F(1, 2), 2: F(1, 2)}, title=volley), volley),
        (bar_chart({1: F(1, 2), 2: F(1, 2)}, title="Coin"), "Coin"),
    ):
        lines = _title_lines(html)
        assert " ".join(lines) == title
        for line in lines:  # 14 px bold, 4 px from each side of a 268 px chart
            assert text_width(line, 14, bold=True) <= 268 - 8, line
        heights.append((len(lines), int(re.search(r'height="([0-9]+)"', html).group(1))))
    assert heights[0][0] >= 2 and heights[1][0] >= 2 and heights[2][0] == 1
    # each line of title moves the plot down: nothing overlaps it
    assert abs(heights[1][1] - heights[2][1] - 17.5 * (heights[1][0] - 1)) <= 1


def test_the_measure_is_never_under_chromiums():
    from rulebook_py.widgets.charts import text_width

    # Widths Chromium gives its system-ui face (DejaVu Sans) at 20 px, measured once.
    for text, bold, real in (
        ("Distributions compared (legend: mean ± standard deviation)", True, 689.2),
        ("abcdefghijklmnopqrstuvwxyz", True, 330.8),
        ("ABCDEFGHIJKLMNOPQRSTUVWXYZ", True, 392.5),
        ("0123456789", False, 127.2),
        ("Distributions compared (legend: mean ± standard deviation)", False, 611.4),
    ):
        assert real <= text_width(text, 20, bold) <= real * 1.15, text


def test_long_legends_flow_onto_rows_within_the_narrowest_chart():
    from rulebook_py.widgets.charts import text_width

    names = [f"series number {i}: 10.5±5.8" for i in range(4)]
    html = grouped_bar_chart(["1"], {n: [F(1)] for n in names})
    left, _right = _padding(html)
    rows = set()
    for x, y, name in re.findall(
        r'<text x="(-?[0-9.]+)" y="([0-9.]+)"[^>]*class="rb-legend">(.*?)</text>', html
    ):
        assert -left <= float(x) and float(x) + text_width(unescape(name), 12) <= 268 - left, name
        rows.add(y)
    assert len(rows) >= 2


def test_named_outcomes_are_horizontal_bars_each_name_written_whole():
    # issue 37: "Jimmy wins, 0 wounds takenJimmy wins, 1 wound taken..." under four bars
    ends = {
        "Jimmy wins, 0 wounds taken": F(163, 277),
        "Jimmy wins, 1 wound taken": F(97, 277),
        "Wildling wins, 0 wounds taken": F(2, 277),
        "Wildling wins, 1 wound taken": F(15, 277),
    }
    html = bar_chart(
        ends,
        title="How the fight ends",
        highlight=lambda k: k.startswith("Jimmy"),
        highlight_label="Jimmy wins",
        other_label="Wildling wins",
    )
    texts = [unescape(t) for t in re.findall(r"<text[^>]*>([^<]*)</text>", html)]
    for name, chance in ends.items():
        assert name in texts and percent(chance) in texts  # every name, whole, and its chance
    # one colour a group, each bar coloured by its group, the legend naming both in bar order
    colors = re.findall(r'<rect x="0" y="[0-9.]+" width="[0-9.]+%" height="14" fill="(#\w+)"', html)
    assert colors == ["#f28e2b", "#f28e2b", "#4e79a7", "#4e79a7"]
    legend = re.findall(r'class="rb-legend">(.*?)</text>', html)
    assert legend == ["Jimmy wins", "Wildling wins"]
    # the longest bar leaves room for its value: 58.84 % of the way at most
    widths = [float(w) for w in re.findall(r'<rect x="0" y="[0-9.]+" width="([0-9.]+)%"', html)]
    assert max(widths) < 90


def test_whole_number_labels_are_thinned_to_fit_the_narrowest_chart():
    from rulebook_py.widgets.charts import text_width

    for dice in ("2d6", "10d6", "30d6"):
        html = bar_chart(parse(dice).pmf(), title=dice)
        left, right = _padding(html)
        plot = 268 - left - right
        shown = [
            (float(x), label)
            for x, more, label in re.findall(
                r'<text x="([0-9.]+)%" y="[0-9.]+" font-size="11" fill="currentColor"'
                r'( class="rb-more")? text-anchor="middle">([0-9]+)</text>',
                html,
            )
            if not more
        ]
        assert len(shown) >= 2
        for (x1, a), (x2, b) in itertools.pairwise(shown):
            gap = (x2 - x1) / 100 * plot
            assert gap >= (text_width(a, 11) + text_width(b, 11)) / 2, (dice, a, b)


def test_a_process_by_round_gets_the_running_total_view():
    # issue 37: the chase's "when the chase ends" chart had no "by round N" view.
    caught, lost = [F(1, 2), F(1, 4), F(1, 8)], [F(0), F(1, 16), F(1, 32)]
    html = grouped_bar_chart(
        ["1", "2", "3"], {"capture": caught, "escape": lost}, title="When", running_total=True
    )
    assert re.findall(r'data-view="(\w+)"', html) == ["pmf", "atmost"]
    at_most = re.search(r'<g class="rb-v-atmost"[^>]*>(.*?)</g>', html).group(1)
    tips = re.findall(r"<title>(.*?)</title>", at_most)
    assert tips[:2] == ["≤1: 50.00 % (capture)", "≤1: 0 % (escape)"]
    assert "≤3: 87.50 % (capture)" in tips and "≤3: 9.38 % (escape)" in tips
    heads = re.findall(r'<th scope="col">(.*?)</th>', html)
    assert heads == ["outcome", "capture: =", "escape: =", "capture: ≤", "escape: ≤"]
    assert table_cells(html)[2][3] == "87.50 % 7/8"
    _name, rows = csv_rows(html)
    assert rows[3][6] == "7/8"
    with pytest.raises(ValueError, match="at most 1"):
        grouped_bar_chart(["1", "2"], {"x": [F(3, 4), F(1, 2)]}, running_total=True)
    with pytest.raises(ValueError, match="whole-number labels"):
        grouped_bar_chart(["a", "b"], {"x": [F(1, 4), F(1, 2)]}, running_total=True)


# ------------------------------------ cumulative views only for one outcome (issue 29)
def test_chances_of_different_gaps_side_by_side_get_no_cumulative_view():
    # The comparison chapter's bars (P(hit) per skill gap) summed to 575-607 %.
    gaps = {"Unisystem": [F(3, 4), F(2, 3), F(1, 2)], "Galaxies": [F(4, 5), F(3, 5), F(2, 5)]}
    html = grouped_bar_chart(["0", "1", "2"], gaps, title="One step")
    assert "data-view" not in html and "rb-v-atleast" not in html
    assert "data-view" not in bar_chart({0: F(3, 4), 1: F(2, 3)})
    assert 'data-view="atmost"' in bar_chart({0: F(1, 4), 1: F(3, 4)})
