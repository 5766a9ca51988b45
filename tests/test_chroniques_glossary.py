"""The Chroniques Oubliées glossary entries: true to the source, linked, summaries as messages.

Each French term is spelled as the combat chapter of the source spells it
(``shared/seeds/004_*``; accents on a capital letter aside, which the source
drops: *Etourdi*), so none is marked as the book's coinage; each links to the
public type or function that implements it; each note is a message with its
French in the catalog, and the French glossary says *DM temporaires*.
"""

from __future__ import annotations

import re
import unicodedata
from pathlib import Path

import pytest

from rulebook_py.glossary import glossary_html, implementation
from rulebook_py.i18n import language
from rulebook_py.messages import Msg, missing
from rulebook_py.systems import chroniques as co
from rulebook_py.systems.chroniques.glossary import GLOSSARY

ROOT = Path(__file__).resolve().parents[1]
SOURCE = next((ROOT.parent / "shared" / "seeds").glob("004_*"), None) or next(
    Path("/work/shared/seeds").glob("004_*")
)


def _plain(text: str) -> str:
    folded = unicodedata.normalize("NFKD", text.lower().replace("’", "'"))
    return " ".join("".join(c for c in folded if not unicodedata.combining(c)).split())


SOURCE_TEXT = _plain(SOURCE.read_text(encoding="utf-8"))


def _words(term: str) -> list[str]:
    """The source words a term stands for: ``DM (dommages)`` is DM and dommages."""
    parts = [term.split("(")[0], *re.findall(r"\(([^)]*)\)", term)]
    words = []
    for part in parts:
        for piece in re.split(r" / |, ", part):
            if piece.strip():
                words.append(piece.strip())
    return words


@pytest.mark.parametrize("term", GLOSSARY, ids=lambda t: t.french)
def test_each_term_is_the_sources_word(term):
    assert not term.coined
    for word in _words(term.french):
        if word in {"L", "M", "A", "Init.", "Mod."}:  # the source's letters and abbreviations
            assert re.search(rf"\b{re.escape(_plain(word))}", SOURCE_TEXT), word
            continue
        # "défense simple / totale": each half with its noun
        word = {"totale": "défense totale"}.get(word, word)
        if word == "points de vie":  # what PV stands for: the source writes PV only
            continue
        assert _plain(word) in SOURCE_TEXT, f"{word!r} is not in the source"


def test_points_de_vie_are_pv_and_temporary_damage_is_dm_temporaires():
    french = {t.french: t for t in GLOSSARY}
    assert "PV (points de vie)" in french and "DM temporaires" in french
    assert not any("dégâts" in t.french for t in GLOSSARY)


@pytest.mark.parametrize(
    ("french", "name"),
    [
        ("tour de combat", "FightRound"),
        ("DM temporaires", "temporary_damage"),
        ("équipement interdit", "check_forbidden"),
        ("combat à deux armes", "check_two_weapons"),
        ("aide médicale", "first_aid"),
        ("effets répétés", "situation_modifiers"),
        ("modificateurs au test de poursuite", "chase_modifier"),
        ("attaque concertée", "concerted_attack"),
        ("Renversé", "Condition"),
    ],
)
def test_each_term_links_to_what_implements_it(french, name):
    term = next(t for t in GLOSSARY if t.french == french)
    assert implementation(term) is getattr(co, name)


def test_each_note_is_a_message_with_its_french():
    before = set(missing())
    for term in GLOSSARY:
        if term.note:
            assert isinstance(term.note, Msg), term.french
            assert term.note.render("fr") != "" and term.note.domain == "chroniques"
    assert set(missing()) == before
    with language("fr"):
        page = glossary_html()
    assert set(missing()) == before
    row = next(r for r in page.split("<tr>") if ">combat à mains nues<" in r)
    assert "1d4 + Mod. de FOR, DM temporaires" in row
    assert "dégâts temporaires" not in page


def test_the_condition_notes_are_the_rules_own_summaries():
    notes = {t.french: t.note for t in GLOSSARY}
    for condition in co.Condition:
        assert notes[condition.label] is condition.summary
    assert "-2 to every physical test" == notes["pluies fortes"]
    assert str(co.HEAVY_RAIN) in notes["pluies fortes"]
