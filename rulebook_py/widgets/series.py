"""Several exact distributions lined up on one x axis, for a comparison chart.

:func:`align` turns a few distributions into the labels and aligned series
that :func:`~rulebook_py.widgets.charts.grouped_bar_chart` draws. Far tails
(under 1 in 2,000 in every series) are dropped, and when the totals still span
more than :data:`~rulebook_py.widgets.charts.MAX_BARS` bars, neighbouring
totals are grouped into equal bins (``"10–12"``), so the chart stays readable
and fast whatever was typed. Sums are taken on the integer weights; one
``Fraction`` is made per bar.

Example:
    >>> from rulebook_py.distribution import Distribution
    >>> coin, one = Distribution.uniform(2, low=0), Distribution.constant(1)
    >>> labels, series = align({"coin": coin, "one": one})
    >>> labels, series["one"]
    (['0', '1'], [Fraction(0, 1), Fraction(1, 1)])
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from ..distribution import Distribution, exact_ratio
from .charts import MAX_BARS, tail_cut

__all__ = ["align"]


def _core(dist: Distribution) -> tuple[int, int]:
    """Lowest and highest totals once tails under 1 in 2,000 are cut."""
    items = list(dist.items())
    lo, hi = tail_cut([w for _v, w in items], dist.total)
    return items[lo][0], items[hi - 1][0]


def align(
    dists: Mapping[str, Distribution], max_bars: int = MAX_BARS
) -> tuple[list[str], dict[str, list[Fraction]]]:
    """Common labels and one aligned list of probabilities per series.

    Args:
        dists: ``{series name: distribution}``.
        max_bars: Most labels returned; wider spans are grouped into bins.

    Returns:
        ``(labels, {name: probabilities aligned with labels})``; a bin's
        probability is the sum over its totals, and totals cut from the tails
        are left out (the chart's title says what it shows).

    Example:
        >>> from rulebook_py.distribution import Distribution
        >>> labels, series = align({"d200": Distribution.uniform(200)}, max_bars=10)
        >>> labels[:2], series["d200"][0]
        (['1–20', '21–40'], Fraction(1, 10))
    """
    cores = [_core(d) for d in dists.values()]
    lo = min(c[0] for c in cores)
    hi = max(c[1] for c in cores)
    size = -(-(hi - lo + 1) // max_bars)  # totals per bar
    labels = []
    for start in range(lo, hi + 1, size):
        end = min(start + size - 1, hi)
        labels.append(str(start) if start == end else f"{start}–{end}")
    series: dict[str, list[Fraction]] = {}
    for name, dist in dists.items():
        bars = [0] * len(labels)
        for total, weight in dist.items():
            if lo <= total <= hi:
                bars[(total - lo) // size] += weight
        series[name] = [exact_ratio(w, dist.total) for w in bars]
    return labels, series
