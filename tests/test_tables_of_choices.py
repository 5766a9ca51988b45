"""Every bound the book sets where its source is silent is stated in its chapter's choices.

Issue 38 follow-up ("an unstated choice is a defect"): the bounds added to the
rules (Galaxies Jumelles' ``MAX_BONUS``, Unisystem's ``DARKNESS_BONUS_RANGE``
and initiative ``MAX_BONUS``,
the mass battle's ``MAX_HIDING_HELP`` and round bounds, Chroniques'
``INITIATIVE_RANGE``, ``MODIFIER_RANGE`` and ``STRENGTH_RANGE``, the dice
chapter's ``MAX_TARGET``) each have a row in the chapter's table (or list) of
choices, naming the constant, in the English notebook and in the French
catalog's translation of it. The values are written from the constants here,
so changing a constant without the prose fails.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from rulebook_py.dice.limits import MAX_TARGET
from rulebook_py.outcomes.mass_battle.plans import _ROUND_BOUNDS, SLOTS
from rulebook_py.systems.chroniques.core import INITIATIVE_RANGE, MODIFIER_RANGE, STRENGTH_RANGE
from rulebook_py.systems.galaxies.codes import MAX_BONUS
from rulebook_py.systems.mass_battle.actions import MAX_DECLARED_ROUND, MAX_HIDING_HELP
from rulebook_py.systems.mass_battle.odds import MAX_ROUNDS
from rulebook_py.systems.unisystem.combat import DARKNESS_BONUS_RANGE
from rulebook_py.systems.unisystem.initiative_rolls import MAX_BONUS as INITIATIVE_BONUS

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))

import book_i18n  # noqa: E402

#: The heading of each chapter's choices; the section runs to the next heading.
HEADINGS = {
    "chroniques-oubliees": "## Where the source is silent: this book's choices",
    "dice": "## Choices this book makes",
    "galaxies-jumelles": "## What this book assumes",
    "mass-battle": "## Where the source is silent or contradicts itself",
    "unisystem-combat": "## What this book decided where the source is silent",
}

_SUPERSCRIPT = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def _number(value: int, signed: bool) -> str:
    """As the book writes it: a true minus, a plus when the range is signed, 10¹² for a power."""
    size = abs(value)
    text = str(size)
    if size >= 10**6 and text.strip("0") == "1":
        text = "10" + str(len(text) - 1).translate(_SUPERSCRIPT)
    if value < 0:
        return "−" + text
    return ("+" if signed and value > 0 else "") + text


def _between(low: int, high: int) -> tuple[str, str]:
    """("−5 to +15", "de −5 à +15"): a range in English and in French."""
    signed = low < 0
    a, b = _number(low, signed), _number(high, signed)
    return f"{a} to {b}", f"de {a} à {b}"


def _rounds(low: int, high: int) -> tuple[str, str]:
    return f"round {low} to {high}", f"de la ronde {low} à la ronde {high}"


#: (chapter, constant named in the row, [(English, French) texts the row must hold]).
CASES = [
    ("galaxies-jumelles", "MAX_BONUS", [_between(-MAX_BONUS, MAX_BONUS)]),
    ("unisystem-combat", "DARKNESS_BONUS_RANGE", [_between(*DARKNESS_BONUS_RANGE)]),
    ("unisystem-combat", "MAX_BONUS", [_between(-INITIATIVE_BONUS, INITIATIVE_BONUS)]),
    ("mass-battle", "MAX_HIDING_HELP", [_between(0, MAX_HIDING_HELP)]),
    ("mass-battle", "MAX_DECLARED_ROUND", [_rounds(*_ROUND_BOUNDS["action1_round"])]),
    ("mass-battle", "MAX_ROUNDS", [_rounds(*_ROUND_BOUNDS["attitude2_round"])]),
    ("chroniques-oubliees", "INITIATIVE_RANGE", [_between(*INITIATIVE_RANGE)]),
    ("chroniques-oubliees", "MODIFIER_RANGE", [_between(*MODIFIER_RANGE)]),
    ("chroniques-oubliees", "STRENGTH_RANGE", [_between(*STRENGTH_RANGE)]),
    ("dice", "MAX_TARGET", [_between(-MAX_TARGET, MAX_TARGET)]),
]


def english_section(chapter: str) -> str:
    """The chapter's choices, from its heading to the next heading, in the notebook's Markdown."""
    cells = json.loads((ROOT / "book" / f"{chapter}.ipynb").read_text(encoding="utf-8"))["cells"]
    text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    start = text.index(HEADINGS[chapter])
    end = text.find("\n#", start + len(HEADINGS[chapter]))
    return text[start : end if end >= 0 else len(text)]


def french_section(chapter: str) -> str:
    """The same section as the French edition reads it: each block's translation."""
    catalog = book_i18n._read(ROOT / "locale" / "fr" / "LC_MESSAGES" / "book" / f"{chapter}.po")
    strings = {m.id: m.string for m in catalog if m.id and not m.fuzzy}
    return "".join(strings.get(b, b) for b in book_i18n.block_split(english_section(chapter)))


def items(section: str) -> list[str]:
    """The rows of a table and the items of a list, each with its continuation lines."""
    found: list[str] = []
    for line in section.splitlines():
        if line.startswith(("|", "* ")) or not found:
            found.append(line)
        elif line.startswith("  "):
            found[-1] += " " + line.strip()
        else:
            found.append(line)
    return found


def row_naming(section: str, name: str) -> str:
    rows = [row for row in items(section) if f"`{name}`" in row]
    assert len(rows) == 1, (name, rows)
    return rows[0]


@pytest.mark.parametrize(("chapter", "name", "texts"), CASES, ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_each_bound_is_stated_in_its_chapter_in_both_editions(chapter, name, texts):
    english, french = english_section(chapter), french_section(chapter)
    assert french != english  # (the section is translated)
    for in_english, in_french in texts:
        assert in_english in row_naming(english, name), (name, in_english)
        assert in_french in row_naming(french, name), (name, in_french)


def test_every_action_slot_has_the_same_round_bounds():
    slots = {f"action{k}_round" for k in range(1, SLOTS + 1)}
    assert slots | {"attitude2_round"} == set(_ROUND_BOUNDS)
    assert {_ROUND_BOUNDS[s] for s in slots} == {(1, MAX_DECLARED_ROUND)}
    assert _ROUND_BOUNDS["attitude2_round"] == (2, MAX_ROUNDS)


def test_the_book_writes_numbers_as_the_rows_do():
    assert _between(-50, 50) == ("−50 to +50", "de −50 à +50")
    assert _between(0, 60) == ("0 to 60", "de 0 à 60")
    assert _between(-(10**12), 10**12)[0] == "−10¹² to +10¹²"
