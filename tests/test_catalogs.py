"""The package's gettext catalogs: extracted from the code, complete, compiled, rendered.

Every message the code writes (``M``, ``MC``, ``MN`` of its domain) is in its
domain's French catalog, translated, not fuzzy, with the same ``{fields}``;
no catalog holds an entry the code no longer writes; every ``.mo`` is the
compiled ``.po`` (``scripts/catalogs.py``, ``make catalogs``). The renderer
looks messages up in Python's own :mod:`gettext`, fills numbers the reader's
way and sets French typography; a changed English message keeps its French,
marked fuzzy.
"""

from __future__ import annotations

import gettext
import io
import pickle
import shutil
from fractions import Fraction
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po, write_po

from rulebook_py import messages
from rulebook_py.errors import RuleValueError, check_int
from rulebook_py.messages import DOMAINS, Msg, domain, join, missing, render, translations
from scripts import catalogs

NBSP, NNBSP, MINUS = "\u00a0", "\u202f", "\u2212"


def test_every_catalog_is_complete_compiled_and_used():
    assert catalogs.problems() == []


def test_each_module_speaks_in_the_domain_of_its_words():
    files = catalogs.domains()
    assert set(files) == set(DOMAINS)
    root = catalogs.PACKAGE
    assert root / "errors.py" in files["rulebook"]
    assert root / "widgets" / "base.py" in files["calculators"]


def test_the_extractor_sees_calls_inside_f_strings_and_refuses_computed_texts():
    source = b'x = f"<b>{M(\'Table\')}</b>" + MC("game", "round") + MN("a", "b", 2)\n'
    found = list(catalogs.extract_messages(io.BytesIO(source), ["M", "MC", "MN"], (), {}))
    assert sorted((m[2] for m in found), key=str) == sorted(
        ["Table", ("game", "round"), ("a", "b")], key=str
    )
    with pytest.raises(ValueError, match="literal"):
        list(catalogs.extract_messages(io.BytesIO(b"M(name)\n"), ["M"], (), {}))


def test_a_changed_english_message_keeps_its_french_as_fuzzy(tmp_path):
    old = Catalog(locale="fr")
    old.add("{name} must be an integer, got {got}", "{name} doit être un entier ; reçu {got}")
    template = Catalog()
    template.add("{name} must be a whole number, got {got}")
    old.update(template)
    message = old.get("{name} must be a whole number, got {got}")
    assert message.fuzzy and message.string == "{name} doit être un entier ; reçu {got}"
    assert message.previous_id == ["{name} must be an integer, got {got}"]
    out = io.BytesIO()
    write_po(out, old, include_previous=True)
    assert b'#| msgid "{name} must be an integer, got {got}"' in out.getvalue()
    assert catalogs.compiled(old) == catalogs.compiled(read_po(io.BytesIO(out.getvalue())))


def test_a_message_is_its_english_text():
    M, _MC, MN = domain("rulebook")
    message = M("a number of {n} digits", n=70)
    assert isinstance(message, str) and message == "a number of 70 digits"
    assert repr(message) == "'a number of 70 digits'"
    assert message.render("fr") == "un nombre de 70 chiffres"
    assert pickle.loads(pickle.dumps(message)).render("fr") == "un nombre de 70 chiffres"
    assert MN("{n} die", "{n} dice", 1, n=1) == "1 die"
    assert MN("{n} die", "{n} dice", 0, n=0) == "0 dice"


def test_numbers_in_a_french_message_are_french():
    M, _MC, _MN = domain("rulebook")
    message = M(
        "{name} must be an integer from {low} to {high}, got {got}",
        name="bonus",
        low=-30,
        high=12000,
        got=Fraction(-1, 2),
    )
    assert message == "bonus must be an integer from -30 to 12000, got -1/2"
    french = message.render("fr")
    assert (
        french == f"bonus doit être un entier de {MINUS}30 à 12{NNBSP}000{NNBSP}; reçu {MINUS}1/2"
    )
    huge = M(
        "{name} must be an integer from {low} to {high}, got {got}",
        name="x",
        low=0,
        high=1,
        got=10**5000,
    )
    assert huge.endswith("got a number of about 5001 digits")


def test_what_the_reader_typed_is_never_translated_nor_retyped():
    with pytest.raises(RuleValueError) as caught:
        check_int("-2: x", "bonus", 0, 3)
    err = caught.value
    assert err.render("fr") == f"bonus doit être un entier{NNBSP}; reçu '-2: x' (str)"
    assert render(join("; ", ["a:b", -1]), "fr") == f"a:b{NNBSP}; {MINUS}1"


def test_a_missing_translation_is_recorded():
    M, _MC, _MN = domain("rulebook")
    before = missing()
    lost = ("fr", "rulebook", None, "a sentence no catalog holds")
    try:
        assert M("a sentence no catalog holds").render("fr") == "a sentence no catalog holds"
        assert lost in missing() - before
    finally:  # the other tests require the record to stay empty
        messages._MISSING.discard(lost)


def test_french_rendering_costs_no_more_than_its_length():
    M, _MC, _MN = domain("rulebook")
    faces = ", ".join(["2"] * 100_000)
    message = M("{text}… ({n} characters)", text=faces, n=len(faces))
    french = message.render("fr")
    assert french.startswith(faces) and french.endswith(f"({len(faces)}{NBSP}caractères)") is False
    assert french.endswith(" caractères)")


def test_catalogs_are_read_by_pythons_own_gettext():
    book = translations("fr", "rulebook")
    assert isinstance(book, gettext.GNUTranslations)
    assert book.gettext("an integer") == "un entier"
    assert translations("en", "rulebook").gettext("an integer") == "an integer"
    plural = book.plural  # French: 0 and 1 are singular
    assert (plural(0), plural(1), plural(2)) == (0, 0, 1)


def test_a_msg_refuses_unknown_domains_and_missing_parameters():
    with pytest.raises(ValueError, match="unknown message domain"):
        Msg("nowhere", "text")
    M, _MC, _MN = domain("rulebook")
    with pytest.raises(KeyError, match="no parameter 'n'"):
        M("a number of {n} digits")


def test_make_catalogs_refreshes_a_copy_of_the_tree(tmp_path, monkeypatch):
    """Changing one English message and refreshing keeps its French, marked fuzzy."""
    package = tmp_path / "rulebook_py"
    shutil.copytree(catalogs.PACKAGE, package, ignore=shutil.ignore_patterns("__pycache__"))
    errors = package / "errors.py"
    text = errors.read_text(encoding="utf-8")
    assert '"an integer from {low} to {high}"' in text
    errors.write_text(
        text.replace('"an integer from {low} to {high}"', '"a whole number from {low} to {high}"'),
        "utf-8",
    )
    monkeypatch.setattr(catalogs, "ROOT", tmp_path)
    monkeypatch.setattr(catalogs, "PACKAGE", package)
    monkeypatch.setattr(catalogs, "LOCALE", package / "locale")
    catalogs.refresh()
    po = read_po(Path(package / "locale/fr/LC_MESSAGES/rulebook.po").open("rb"), locale="fr")
    entry = po.get("a whole number from {low} to {high}")
    assert entry.fuzzy and entry.string == "un entier de {low} à {high}"
    assert any("fuzzy" in p for p in catalogs.problems())
