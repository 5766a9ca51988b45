"""Sections of a long form that fold: a heading button, and the controls under it.

A calculator with many controls (the mass battle's, 26 to 56) lays them out
in sections that the reader opens one at a time, so that on a phone the
answer stays a screen away from any control. A section is a box of class
``rb-fold`` whose first child is its heading (``rb-fold-head``: a real
``<button class="rb-fold-button">`` with ``aria-expanded``, reachable by
keyboard) and whose other children are the controls (or columns of them),
widgets like any other (the live page and the links reach them as before). A
section closed when the page opens has the class ``rb-fold-closed``; on the
website ``_static/rb-layout.js`` opens and closes it (``data-rb-open`` on the
section, ``aria-expanded`` on the button) and ``rulebook.css`` hides what a
closed section holds. Where neither runs (JupyterLab, Voilà) every section
shows its controls.

A section adds two widgets to the form (its box and its heading), sharing the
calculator's layout and style: a page of calculators stores every widget's
model, and its Python holds every widget.

Example:
    >>> import ipywidgets as widgets
    >>> section = fold("Strength", [widgets.IntText(3)], opened=False)
    >>> section._dom_classes
    ('rb-fold', 'rb-fold-closed')
    >>> 'aria-expanded="false"' in section.children[0].value
    True
"""

from __future__ import annotations

from collections.abc import Sequence

import ipywidgets as widgets
from ipywidgets.widgets.widget_string import HTMLStyle

from .format import escape
from .words import shown

__all__ = ["fold"]

_BUTTON = '<button type="button" class="rb-fold-button" aria-expanded="{}">{}</button>'


def fold(
    heading: str,
    children: Sequence[widgets.Widget],
    *,
    opened: bool,
    side_by_side: bool = False,
    layout: widgets.Layout | None = None,
    style: HTMLStyle | None = None,
) -> widgets.Box:
    """A section headed ``heading`` (a message, shown in the reader's language) that folds.

    Args:
        heading: The section's name.
        children: What it holds.
        opened: Whether it is open when the page opens.
        side_by_side: Its children are columns, side by side where they fit.
        layout: The layout to share (the calculator's), else a new one.
        style: The text style to share (the calculator's), else a new one.
    """
    text = _BUTTON.format("true" if opened else "false", escape(shown(heading)))
    parts = {"layout": layout} if layout is not None else {}
    head = widgets.HTML(text, style=style, **parts) if style else widgets.HTML(text, **parts)
    head.add_class("rb-fold-head")
    kind = widgets.HBox if side_by_side else widgets.VBox
    section = kind([head, *children], **parts)
    section.add_class("rb-fold")
    if not opened:
        section.add_class("rb-fold-closed")
    return section
