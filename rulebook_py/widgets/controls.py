"""The control builders every calculator uses: labelled inputs sized to their label.

Each builder takes the control's description (its label, in the reader's
words) first, then its starting value, and gives the control room for the
whole label and a usable input: about 0.55 em a character of the label plus
the input's own width. A calculator that lays its controls out in columns may
pass ``width`` to give every control of a column the same width.

Every builder takes its words (description, tooltip, placeholder, option
labels) as messages of the calculator's domain and shows them in the reader's
language (:func:`~.words.shown`); a plain text is shown as it is. An option
given as bare text keeps that text as its value.

Example:
    >>> box = int_box("Dexterity (DEX)", 3)
    >>> box.description, box.value, box.layout.width
    ('Dexterity (DEX)', 3, '14em')
    >>> dropdown("Die", [("d20", 20), ("d12", 12)], 12).label
    'd12'
    >>> from rulebook_py.i18n import language
    >>> from rulebook_py.widgets.words import M
    >>> with language("fr"):
    ...     print(int_box(M("Seed"), 3).description, "/", int_box("Jimmy", 3).description)
    Graine / Jimmy
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import ipywidgets as widgets

from .words import shown as _

__all__ = ["LABEL_STYLE", "checkbox", "dropdown", "enum_dropdown", "hidden_label", "int_box"]
__all__ += ["label_style", "multi_select", "sized", "text_box"]

#: Style that lets a control's description take the room it needs.
LABEL_STYLE = {"description_width": "initial"}
#: The one style of each kind every control shares (none is changed alone): a page
#: stores a model for each widget's own, and the mass-battle page held 140 such copies.
_STYLES: dict[type, Any] = {}


def label_style(kind: type[widgets.DOMWidget]) -> Any:
    """The style a control of ``kind`` shares with every other: :data:`LABEL_STYLE`, one model.

    A style closed with the widgets that held it (a page's cells run in silence, then
    closed) is made again.

    Example:
        >>> label_style(widgets.IntText) is label_style(widgets.Dropdown)
        True
        >>> label_style(widgets.Checkbox).description_width
        'initial'
    """
    klass = kind.class_traits()["style"].klass
    style = _STYLES.get(klass)
    if style is None or style.comm is None:
        style = _STYLES[klass] = klass(**LABEL_STYLE)
    return style


#: Width of one character of a label or option, in em (a proportional font's average).
_EM_PER_CHAR = 0.55


def sized(description: str, input_em: float, width: str | None = None) -> widgets.Layout:
    """A layout with room for ``description`` and an input ``input_em`` wide.

    Args:
        description: The control's label.
        input_em: Width of the input part, in em.
        width: A fixed CSS width instead (for controls laid out in columns).

    Example:
        >>> sized("Seed", 6).width, sized("Seed", 6, width="20em").width
        ('8em', '20em')
    """
    if width is None:
        width = f"{round(_EM_PER_CHAR * len(description) + input_em)}em"
    return widgets.Layout(width=width, max_width="100%")


def _labelled(
    kind: type[widgets.DOMWidget],
    description: str,
    input_em: float,
    width: str | None,
    **traits: Any,
) -> Any:
    """A control of ``kind`` labelled ``description`` (shown in the reader's words), sized to it."""
    description = _(description)
    layout = sized(description, input_em, width)
    return kind(description=description, style=label_style(kind), layout=layout, **traits)


def _options(options: Sequence[Any]) -> list[Any]:
    """The options with their labels translated (bare options: unchanged, or all as pairs)."""
    shown = [(_(o[0]), o[1]) if isinstance(o, tuple) else (_(str(o)), o) for o in options]
    bare = not any(isinstance(o, tuple) or _(str(o)) != str(o) for o in options)
    return list(options) if bare else shown


def _option_em(options: Sequence[Any]) -> float:
    """Width of the widest option text, in em, plus room for the arrow."""
    texts = [opt[0] if isinstance(opt, tuple) else opt for opt in options]
    return _EM_PER_CHAR * max((len(str(t)) for t in texts), default=4) + 3


def int_box(
    description: str,
    value: int,
    *,
    tooltip: str = "",
    width: str | None = None,
    bounds: tuple[int, int] | None = None,
) -> widgets.IntText | widgets.BoundedIntText:
    """A whole-number box (kept within ``bounds``, least and greatest, when given).

    Example:
        >>> int_box("Skill", 2, tooltip="0 means untrained").tooltip
        '0 means untrained'
        >>> int_box("Shots", 3, bounds=(1, 10)).max
        10
    """
    cls = widgets.BoundedIntText if bounds else widgets.IntText
    extent = {"min": bounds[0], "max": bounds[1]} if bounds else {}
    return _labelled(cls, description, 6, width, value=value, tooltip=_(tooltip) or None, **extent)


def text_box(
    description: str,
    value: str,
    *,
    rows: int = 0,
    placeholder: str = "",
    tooltip: str = "",
    input_em: float | None = None,
    width: str | None = None,
) -> widgets.Text | widgets.Textarea:
    """A text box (a text area of ``rows`` lines when ``rows``).

    The value is read when the reader presses Enter or leaves the box
    (``continuous_update=False``), so a half-typed entry is never computed.
    A text area holds a typed list (combatants, attack lines), where Enter
    starts a new line: it has the class ``rb-typed-list``, and on the website
    (``_static/rb-layout.js``) it is read as the reader types, once typing
    pauses, so that the answer follows the list without leaving the box.

    Example:
        >>> text_box("Code", "4D+2", placeholder="e.g. 4D+2").placeholder
        'e.g. 4D+2'
        >>> area = text_box("Combatants", "a", rows=4)
        >>> type(area).__name__, area._dom_classes
        ('Textarea', ('rb-typed-list',))
    """
    kind, em = (widgets.Textarea, 16) if rows else (widgets.Text, 8)
    extra: dict[str, Any] = {"rows": rows} if rows else {}
    if tooltip:
        extra["tooltip"] = _(tooltip)
    em = em if input_em is None else input_em
    traits = {"value": value, "placeholder": _(placeholder), "continuous_update": False}
    box = _labelled(kind, description, em, width, **traits, **extra)
    if rows:
        box.add_class("rb-typed-list")
    return box


def dropdown(
    description: str, options: Sequence[Any], value: Any, *, width: str | None = None
) -> widgets.Dropdown:
    """A dropdown wide enough for its label and its longest option.

    Example:
        >>> dropdown("Attack", [("melee", "m"), ("ranged", "r")], "r").value
        'r'
    """
    options = _options(options)
    return _labelled(
        widgets.Dropdown, description, _option_em(options), width, options=options, value=value
    )


def enum_dropdown(
    description: str, enum: type, value: Any, *, width: str | None = None
) -> widgets.Dropdown:
    """A dropdown of an enumeration's members, each shown by its ``label``.

    Example:
        >>> from enum import Enum
        >>> class Light(Enum):
        ...     DIM = "dim"
        ...     @property
        ...     def label(self):
        ...         return "Dim light"
        >>> enum_dropdown("Light", Light, Light.DIM).label
        'Dim light'
    """
    return dropdown(description, [(m.label, m) for m in enum], value, width=width)


def checkbox(description: str, value: bool) -> widgets.Checkbox:
    """A checkbox whose long description stays whole (no indent, automatic width).

    Example:
        >>> checkbox("Target immobile", False).indent
        False
    """
    return widgets.Checkbox(
        value=value,
        description=_(description),
        indent=False,
        style=label_style(widgets.Checkbox),
        layout=widgets.Layout(width="auto", max_width="100%"),
    )


def hidden_label(control: widgets.DOMWidget, name: str) -> widgets.DOMWidget:
    """Give ``control`` the accessible name ``name`` without showing it beside the control.

    For controls laid out in a table whose row and column headings already
    say what each one is (the mass battle's attacker | defender columns):
    the name stays the control's description, so its ``<label>`` still names
    it for a screen reader and an error still quotes it, but ``rulebook.css``
    hides the label from sight (class ``rb-label-hidden``); the tooltip shows
    it on hover. An empty description would leave the control nameless.

    Example:
        >>> box = hidden_label(int_box("Vitality %", 100), "Attacker: Vitality %")
        >>> box.description, box.tooltip, box._dom_classes
        ('Attacker: Vitality %', 'Attacker: Vitality %', ('rb-label-hidden',))
    """
    control.description = control.tooltip = _(name)
    control.add_class("rb-label-hidden")
    return control


def multi_select(
    description: str, options: Sequence[Any], value: tuple[Any, ...]
) -> widgets.SelectMultiple:
    """A multiple choice with every option visible at once (one row each).

    A hidden option is easily missed, so the list never scrolls.

    Example:
        >>> multi_select("Conditions", [("blinded", "b"), ("slowed", "s")], ("s",)).rows
        2
    """
    options = _options(options)
    traits = {"options": options, "value": value, "rows": len(options)}
    return _labelled(widgets.SelectMultiple, description, _option_em(options), None, **traits)
