"""Sections of a long form that fold: a heading button, and the controls under it.

A calculator with many controls (the mass battle's, 26 to 56) lays them out
in sections that the reader opens one at a time, so that on a phone the
answer stays a screen away from any control. A section is a ``VBox`` of
class ``rb-fold``: a heading button (``rb-fold-button``, a real ``<button>``
with ``aria-expanded``, reachable by keyboard) and the body (``rb-fold-body``)
holding the controls, which are widgets like any other (the live page and
the links reach them as before). A closed section has the class
``rb-fold-closed``; on the website ``_static/rb-layout.js`` opens and closes
it (``data-rb-open`` on the section, ``aria-expanded`` on the button) and
``rulebook.css`` hides a closed body. Where neither runs (JupyterLab, Voilà)
every section shows its controls.

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

from .format import escape
from .words import shown

__all__ = ["fold"]

_BUTTON = '<button type="button" class="rb-fold-button" aria-expanded="{}">{}</button>'


def fold(heading: str, children: Sequence[widgets.Widget], *, opened: bool) -> widgets.VBox:
    """A section headed ``heading`` (a message, shown in the reader's language) that folds.

    ``opened``: whether it is open when the page opens.
    """
    head = widgets.HTML(_BUTTON.format("true" if opened else "false", escape(shown(heading))))
    body = widgets.VBox(list(children))
    body.add_class("rb-fold-body")
    section = widgets.VBox([head, body])
    section.add_class("rb-fold")
    if not opened:
        section.add_class("rb-fold-closed")
    return section
