"""Several exact distributions lined up on one x axis, for a comparison chart.

:func:`align` turns up to a few ``{total: probability}`` maps into the labels
and aligned series that :func:`~rulebook_py.widgets.charts.grouped_bar_chart`
draws. Far tails (under 1 in 2,000 in every series) are dropped, and when the
totals still span more than :data:`~rulebook_py.widgets.charts.MAX_BARS` bars,
neighbouring totals are grouped into equal bins (``"10–12"``), so the chart
stays readable and fast whatever was typed.

Example:
    >>> from fractions import Fraction as F
    >>> labels, series = align({"coin": {0: F(1, 2), 1: F(1, 2)}, "one": {1: F(1)}})
    >>> labels, series["one"]
    (['0', '1'], [Fraction(0, 1), Fraction(1, 1)])
"""

from __future__ import annotations

from collections.abc import Mapping
from fractions import Fraction

from .charts import MAX_BARS

__all__ = ["align"]

_TAIL = Fraction(1, 2000)


def _core(pmf: Mapping[int, Fraction]) -> tuple[int, int]:
    """Lowest and highest totals once tails under 1 in 2,000 are cut."""
    keys = sorted(pmf)
    lo, hi = 0, len(keys) - 1
    acc = Fraction(0)
    while lo < hi and acc + pmf[keys[lo]] < _TAIL:
        acc += pmf[keys[lo]]
        lo += 1
    acc = Fraction(0)
    while hi > lo and acc + pmf[keys[hi]] < _TAIL:
        acc += pmf[keys[hi]]
        hi -= 1
    return keys[lo], keys[hi]


def align(
    pmfs: Mapping[str, Mapping[int, Fraction]], max_bars: int = MAX_BARS
) -> tuple[list[str], dict[str, list[Fraction]]]:
    """Common labels and one aligned list of probabilities per series.

    Args:
        pmfs: ``{series name: {total: probability}}``.
        max_bars: Most labels returned; wider spans are grouped into bins.

    Returns:
        ``(labels, {name: probabilities aligned with labels})``; a bin's
        probability is the sum over its totals, and totals cut from the tails
        are left out (the chart says the range it shows).

    Example:
        >>> from fractions import Fraction as F
        >>> wide = {v: F(1, 200) for v in range(1, 201)}
        >>> labels, series = align({"d200": wide}, max_bars=10)
        >>> labels[:2], series["d200"][0]
        (['1–20', '21–40'], Fraction(1, 10))
    """
    cores = [_core(p) for p in pmfs.values() if p]
    lo = min(c[0] for c in cores)
    hi = max(c[1] for c in cores)
    size = -(-(hi - lo + 1) // max_bars)  # totals per bar
    labels = []
    for start in range(lo, hi + 1, size):
        end = min(start + size - 1, hi)
        labels.append(str(start) if start == end else f"{start}–{end}")
    series: dict[str, list[Fraction]] = {}
    for name, pmf in pmfs.items():
        bars = [Fraction(0)] * len(labels)
        for total, p in pmf.items():
            if lo <= total <= hi:
                bars[(total - lo) // size] += p
        series[name] = bars
    return labels, series
