"""Every calculator in French: no English word left, the same exact numbers, French messages.

Each registered calculator is built twice at its defaults, ``language="en"``
and ``language="fr"``, and every text a reader sees is gathered from both
(:func:`visible_texts`: control labels, tooltips, placeholders and option
labels, the buttons, the title and headings, the answer, the chart's title,
axes, legend, bar tips and table, the roll, the "same answer in Python"
caption but not its Python).

**English left** (:func:`english_left`): a text shown identically in both
builds that holds a word of three letters or more, or any French text that
holds one of :data:`ENGLISH_WORDS` (words that are not French), is English
left over, unless the word is

* part of what the reader typed (a text box's value: names such as "Jimmy",
  sides such as "PCs", dice notation such as ``2d20kh1``), which stays as typed;
* a French word of the rules: the rules keep the sources' own French terms
  as the labels of their enumerations (``Bagarre``, ``Plonger à couvert``),
  shown alike in both editions (:func:`french_words`; the English edition
  gives them in parentheses or as they are), and so do three lists of the
  widgets (the Galaxies firing modes, the mass battle's commanders);
* one of :data:`SAME_IN_BOTH`: proper names (the games' and the package's)
  and the few words spelt alike in both languages that these calculators use.

**Same numbers**: ``calc.view.outcome`` is equal in both languages, and every
percentage shown in French, once its decimal comma is read, is one shown in
English (:func:`percentages`).
"""

from __future__ import annotations

import html
import re
from html.parser import HTMLParser

import ipywidgets as widgets
import pytest

from rulebook_py.i18n import language
from rulebook_py.widgets import CALCULATORS

NAMES = sorted(CALCULATORS)

#: Words written alike in both languages: the games' and the package's names,
#: the sources' abbreviations (DEX, CON, DEF, DM...), and the few words these
#: calculators use that French spells as English does (each one a French word).
SAME_IN_BOTH = frozenset(
    """
    Unisystem Galaxies Jumelles Chroniques Oubliées Python CSV
    DEX FOR CON INT PER VOL PNJ PJ DEF DM BDT terrain Terrain Brigands Leadership
    total Total normal Normal simple option options Options attitude Attitude distribution
    Distribution exact initiative action actions minutes expression Expression bonus Excellent
    """.split()
)


#: English words that are not French: any of them in a French text is English left.
ENGLISH_WORDS = frozenset(
    """
    the and with from for not each which that than when only roll rolls wins hit hits
    miss damage skill side level levels attack defense defender attacker fighter
    round rounds dice die target shots bullets success failure used exactly least most
    higher lower mean deviation none nobody first third your you
    """.split()
)

_WORD = re.compile(r"[^\W\d_]{3,}")


class _Text(HTMLParser):
    """The text nodes and the spoken attributes of an HTML fragment (no style, no Python)."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.texts: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("style", "pre"):
            self._skip += 1
        for name, value in attrs:
            if name in ("aria-label", "title", "placeholder") and value:
                self.texts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("style", "pre"):
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip and data.strip():
            self.texts.append(data.strip())


def html_texts(html: str) -> list[str]:
    """The texts a reader sees or hears in ``html``."""
    parser = _Text()
    parser.feed(html)
    return parser.texts


def _walk(widget: widgets.Widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _walk(child)


def visible_texts(calc) -> list[str]:
    """Every text of ``calc`` a reader sees: labels, options, buttons, answer, chart, roll."""
    texts: list[str] = []
    for w in _walk(calc):
        for attr in ("description", "tooltip", "placeholder"):
            value = getattr(w, attr, None)
            if isinstance(value, str) and value.strip():
                texts.append(value.strip())
        texts += [str(label) for label in getattr(w, "_options_labels", ())]
        if isinstance(w, widgets.HTML):
            texts += html_texts(w.value)
    return texts


def typed_words(calc) -> set[str]:
    """The words of what the reader typed (text boxes' values), which stay as typed."""
    words: set[str] = set()
    for control in calc.controls.values():
        if isinstance(control, (widgets.Text, widgets.Textarea)):
            words |= set(_WORD.findall(control.value))
    return words


def french_words() -> set[str]:
    """The words of the rules' French labels (every enumeration of ``rulebook_py.systems``)."""
    import enum
    import importlib
    import pkgutil

    import rulebook_py.systems as systems

    words: set[str] = set()
    for info in pkgutil.walk_packages(systems.__path__, systems.__name__ + "."):
        for value in vars(importlib.import_module(info.name)).values():
            if isinstance(value, type) and issubclass(value, enum.Enum):
                labels = (getattr(m, "label", None) for m in value)
                words |= {
                    w for label in labels if isinstance(label, str) for w in _WORD.findall(label)
                }
    # The calculators' own lists of the sources' French labels, shown alike in both
    # editions: the Galaxies firing modes, the mass battle's commander classes
    # and experience (the source's table of leadership).
    from rulebook_py.outcomes.galaxies import SHOT_OPTIONS
    from rulebook_py.outcomes.mass_battle import entries

    for label in [text for text, _ in SHOT_OPTIONS] + entries._SHORT + list(entries._EXP_TEXT):
        words |= set(_WORD.findall(label))
    return words


def english_left(english, french) -> list[str]:
    """The French texts with English left in them (see the module's docstring)."""
    allowed = SAME_IN_BOTH | typed_words(french) | _FRENCH
    same = set(visible_texts(english))
    left = []
    for text in dict.fromkeys(visible_texts(french)):
        words = [w for w in _WORD.findall(text) if w not in allowed]
        if (text in same and words) or any(w.lower() in ENGLISH_WORDS for w in words):
            left.append(text)
    return left


_FRENCH = french_words()
_PERCENT = re.compile(r"(?<![\d.,])(\d+(?:[.,]\d+)?)[\s\u00a0]?%")


def percentages(calc) -> list[str]:
    """Every percentage of the answer and the chart, its decimal comma read as a point."""
    text = re.sub(r"<[^>]*>", " ", calc.result.value + calc.chart.value)  # not the drawing's
    return [m.group(1).replace(",", ".") for m in _PERCENT.finditer(text)]


@pytest.fixture(scope="module")
def builds():
    """Each calculator at its defaults, in English and in French (built once)."""
    return {}


def _pair(builds, name):
    if name not in builds:
        cls = CALCULATORS[name]
        builds[name] = cls(language="en"), cls(language="fr")
    return builds[name]


@pytest.mark.parametrize("name", NAMES)
def test_no_english_left(builds, name):
    english, french = _pair(builds, name)
    assert french.error == "", french.error
    assert english_left(english, french) == []


@pytest.mark.parametrize("name", NAMES)
def test_the_same_exact_numbers(builds, name):
    english, french = _pair(builds, name)
    # A French example may use French names (gobelin, PJ): compare on the same typed text.
    typed = {
        key: english.controls[key].value
        for key, control in french.controls.items()
        if isinstance(control, (widgets.Text, widgets.Textarea))
        and control.value != english.controls[key].value
    }
    if typed:
        french = CALCULATORS[name](language="fr", **typed)
    assert french.view is not None and english.view is not None
    assert percentages(french) == percentages(english)
    # French examples use French names (sauvageon, PJ/PNJ): the typed text differs, so
    # only the numbers are the same.
    if english.values() == french.values():
        assert french.view.outcome == english.view.outcome
        # The initiative's unnamed lines join the players' side in the reader's words.
        french_call = french.view.call.expression.replace(", default_side='PJ'", "")
        assert french_call == english.view.call.expression


@pytest.mark.parametrize("name", NAMES)
def test_french_speaks_french_numbers(builds, name):
    english, french = _pair(builds, name)
    # What the reader reads: the text and the attributes read aloud or shown (not the
    # drawing's coordinates, which place bars in percent of the plot).
    shown = re.sub(r"<[^>]*>", " ", french.result.value + french.chart.value)
    assert not re.search(r"\d\.\d+\u00a0?%", shown), "a decimal point in a French percentage"
    if re.search(r"\d %", english.result.value + english.chart.value):
        assert "\u00a0%" in shown


def test_the_buttons_and_the_roll_speak_french():
    from rulebook_py.widgets.dice import DiceCalculator

    calc = DiceCalculator(language="fr")
    assert (calc.roll_button.description, calc.seed.description) == ("Lancer", "Graine")
    assert "<b>Jet (graine 1)\u00a0:</b>" in calc.roll_output.value
    assert "<summary>La même réponse en Python</summary>" in calc.code.value


def test_a_dice_box_refuses_2d_in_french():
    from rulebook_py.widgets.dice import DiceCalculator

    calc = DiceCalculator(language="fr")
    calc.controls["expression"].value = "2d"
    message = html.unescape(calc.error_for("expression"))
    assert "'2d'" in message and "Dés A" in message and "position 2" in message
    assert "cannot" not in message and "expected" not in message
    english = DiceCalculator(language="en")
    english.controls["expression"].value = "2d"
    assert "cannot read dice notation '2d'" in html.unescape(english.error_for("expression"))


def test_a_number_box_refuses_in_french():
    from rulebook_py.widgets.comparison import SideBySideCalculator

    calc = SideBySideCalculator(language="fr")
    calc.controls["blows"].value = 11
    label = calc.controls["blows"].description
    assert label != "Full blows to win (Unisystem, Galaxies)"
    assert calc.error_for("blows").endswith(
        f"⚠ {label} doit être un entier de 1 à 10\u202f; reçu 11</div>"
    )


def test_a_calculator_keeps_its_language_whatever_the_reader_speaks_later():
    from rulebook_py.widgets.dice import DiceCalculator

    with language("fr"):
        calc = DiceCalculator()
    assert calc.language == "fr"
    calc.controls["target"].value = 12
    assert "Moyenne" in calc.result.value and "\u00a0%" in calc.result.value
    calc.roll()
    assert "Jet (graine" in calc.roll_output.value
    assert DiceCalculator().language == "en"
