"""The box an exercise gets on the website: its label, its input, its Check button, its verdict.

``live/cells_pages.py`` writes one box after each question of
:data:`rulebook_py.exercises.CHAPTERS` in the built chapter (both editions,
each in its language); ``live/cells.js`` shows it once the page can run
Python and sends the prediction to :func:`rulebook_py.exercises.check`.

The contract outside checks rely on: the box is ``[data-rb-exercise]`` (its
value ``<chapter>:<number>``), with an ``input`` and a
``button[data-rb-check]``; its verdict element (``.rb-verdict``, a polite
live region) carries ``data-rb-verdict`` once a prediction is checked.

Example:
    >>> from rulebook_py.exercises import exercise
    >>> html = box_html("dice", exercise("dice", 1), "fr")
    >>> 'data-rb-exercise="dice:1"' in html, ">Vérifier</button>" in html
    (True, True)
"""

from __future__ import annotations

from html import escape

from .model import Exercise
from .words import M

__all__ = ["box_html"]


def box_html(chapter: str, item: Exercise, language: str) -> str:
    """The box of exercise ``item`` of ``chapter``, its words in ``language`` (hidden until live)."""
    ident = f"rb-exercise-{escape(chapter)}-{item.number}"
    label = escape(item.label.render(language))
    hint = escape(item.kind.hint.render(language))
    check = escape(M("Check").render(language))
    return (
        f'<div class="rb-exercise" data-rb-exercise="{escape(chapter)}:{item.number}" hidden>'
        f'<label for="{ident}">{label}</label>'
        f'<span class="rb-exercise-row"><input id="{ident}" type="text" inputmode="decimal"'
        f' autocomplete="off" spellcheck="false" placeholder="{hint}">'
        f'<button type="button" class="rb-button" data-rb-check>{check}</button></span>'
        '<div class="rb-verdict" role="status" aria-live="polite"></div></div>'
    )
