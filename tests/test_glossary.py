"""The glossary: no import cycle, one entry per term, both orders, every link and rule real."""

from __future__ import annotations

import ast
import functools
import json
from pathlib import Path

import pytest
from docutils.nodes import make_id

import rulebook_py
from rulebook_py.errors import RuleValueError
from rulebook_py.glossary import (
    all_terms,
    chapter_titles,
    entries,
    glossary_html,
    implementation,
)
from rulebook_py.terms import Term, heading_anchor, heading_text

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "rulebook_py"
BOOK = ROOT / "book"


# ------------------------------------------------------------------ import cycles
def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _modules() -> dict[str, Path]:
    return {_module_name(p): p for p in PACKAGE.rglob("*.py")}


def _imports(name: str, path: Path, known: set[str]) -> set[str]:
    """Every rulebook_py module ``name`` imports, anywhere in its body (functions too).

    Imports under ``if TYPE_CHECKING:`` are left out: they never run, so they
    make no cycle (they only name a type for the annotations).
    """
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    out = set()
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and getattr(node.test, "id", "") == "TYPE_CHECKING":
            node.body = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out |= {a.name for a in node.names if a.name in known}
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                up = package.split(".")
                up = up[: len(up) - node.level + 1]
                base = ".".join(up + ([node.module] if node.module else []))
            if base not in known:
                continue
            subs = {f"{base}.{a.name}" for a in node.names} & known
            names_only = [a for a in node.names if f"{base}.{a.name}" not in known]
            out |= subs
            if names_only:
                out.add(base)
    out.discard(name)
    return out


@functools.cache  # read once for the three tests that walk it (nothing mutates it)
def import_graph() -> dict[str, set[str]]:
    """``{module: the rulebook_py modules it imports}``; a submodule's own package is no edge.

    Importing ``a.b.c`` runs ``a/__init__`` and ``a/b/__init__`` first; those
    implicit edges are left out (they are the package structure, not an import
    written by anyone), every written import counts, at any depth.
    """
    modules = _modules()
    known = set(modules)
    return {name: _imports(name, path, known) for name, path in modules.items()}


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_the_cycle_finder_finds_a_cycle():
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None


def test_the_graph_sees_imports_inside_functions():
    # The old cycle went through an import inside all_terms(): such imports count.
    graph = import_graph()
    assert "rulebook_py.comparison.glossary" in graph["rulebook_py.glossary"]
    assert "rulebook_py.terms" in graph["rulebook_py.systems.unisystem.glossary"]


def test_no_import_cycle_inside_rulebook_py():
    assert _cycle(import_graph()) is None


def test_the_rules_never_import_the_glossary_gatherer():
    graph = import_graph()
    importers = {m for m, deps in graph.items() if "rulebook_py.glossary" in deps}
    assert importers == set()
    assert graph["rulebook_py.terms"] == set()  # the bottom: imports nothing of the package


# ------------------------------------------------------------------ the entries
def _headings(chapter: str) -> list[str]:
    """The plain text of every heading of a chapter notebook's markdown cells."""
    nb = json.loads((BOOK / f"{chapter}.ipynb").read_text(encoding="utf-8"))
    out = []
    for cell in nb["cells"]:
        if cell["cell_type"] != "markdown":
            continue
        source = cell["source"]
        text = "".join(source) if isinstance(source, list) else source
        fenced = False
        for line in text.splitlines():
            if line.startswith("```"):
                fenced = not fenced
            elif not fenced and line.startswith("#"):
                out.append(heading_text(line))
    return out


def test_anchors_are_the_ones_docutils_makes():
    for chapter in chapter_titles(BOOK):
        for heading in _headings(chapter):
            assert heading_anchor(heading) == make_id(heading), heading
    assert heading_anchor("Shooting (*tir*)") == "shooting-tir"


@pytest.mark.parametrize("term", all_terms(), ids=lambda t: f"{t.chapter}:{t.french}")
def test_every_term_links_to_a_heading_of_its_chapter(term):
    assert term.section, "every term names the section that explains it"
    assert term.section in _headings(term.chapter)


def test_no_term_links_to_a_heading_two_sections_share():
    # A heading used twice in one chapter gets a numbered id: the link would miss.
    for chapter in {t.chapter for t in all_terms()}:
        headings = [heading_anchor(h) for h in _headings(chapter)]
        for t in all_terms():
            if t.chapter == chapter:
                assert headings.count(t.anchor) == 1, (chapter, t.section)


@pytest.mark.parametrize(
    "term", [t for t in all_terms() if t.implements], ids=lambda t: f"{t.chapter}:{t.french}"
)
def test_every_named_rule_exists_in_its_facade(term):
    facade, _, name = term.implements.rpartition(".")
    module = getattr(rulebook_py, facade) if facade else rulebook_py
    assert (facade or name) in rulebook_py.__all__ and name in module.__all__
    assert implementation(term) is getattr(module, name)


def test_terms_that_name_no_rule_are_words_of_the_game():
    words = {t.french for t in all_terms() if not t.implements}
    assert words == {
        "BDT",
        "MJ",
        "PJ / PNJ",
        "combats au sol",
        "sauvageon",
        "temps de jeu / temps réel",
    }


def test_a_misnamed_rule_is_refused():
    with pytest.raises(RuleValueError, match="not public"):
        implementation(Term("x", "x", "dice", implements="unisystem._combat_check"))
    with pytest.raises(RuleValueError, match="not public"):
        implementation(Term("x", "x", "dice", implements="unisystem.no_such_rule"))


def test_one_entry_per_term_pj_pnj_once():
    listed = entries()
    frenches = [e.french for e in listed]
    assert len(frenches) == len(set(frenches))
    pj = [e for e in listed if e.french == "PJ / PNJ"]
    assert len(pj) == 1 and len(pj[0].senses) == 1
    # A term several systems use is one entry with one sense per chapter.
    feint = next(e for e in listed if e.french == "feinte")
    assert feint.chapters == ("galaxies-jumelles", "unisystem-combat")
    html = glossary_html()
    assert html.count(">PJ / PNJ<") == 1


def test_two_renderings_of_one_term_are_refused():
    with pytest.raises(RuleValueError, match="'dé' is rendered"):
        entries([Term("dé", "die", "dice"), Term("dé", "dice", "unisystem-basics")])


def test_both_orders():
    french = glossary_html(order="french")
    english = glossary_html(order="english")
    n = len(entries())
    assert french.count("<tr>") == english.count("<tr>") == n + 1
    assert '<th scope="col">French</th><th scope="col">English' in french
    assert '<th scope="col">English (this book)</th><th scope="col">French' in english
    # English → French is sorted by the English rendering.
    rows = english.split("<tr>")[2:]
    assert rows[0].startswith("<td>ability modifier</td>")
    with pytest.raises(RuleValueError, match="order must be"):
        glossary_html(order="german")


def test_coined_terms_are_marked_as_the_books():
    coined = {e.french for e in entries() if e.coined}
    assert {"coup plein", "écart de compétence", "victoire du plus faible"} <= coined
    assert "épreuve" not in coined and "demi-esquive" not in coined
    html = glossary_html()
    row = next(r for r in html.split("<tr>") if ">coup plein<" in r)
    assert "(this book&#x27;s)" in row or "(this book's)" in row
    row = next(r for r in html.split("<tr>") if ">épreuve<" in r)
    assert "this book" not in row


def test_links_go_to_the_section_not_the_top():
    html = glossary_html(chapter_titles(BOOK))
    assert 'href="unisystem-combat.html#manoeuvres"' in html
    assert "Unisystem combat › Manoeuvres" in html
    assert 'href="galaxies-jumelles.html#shooting-tir"' in html
    assert 'href="unisystem-combat.html"' not in html  # never the top of a chapter


def test_the_glossary_page_shows_both_tables():
    nb = json.loads((BOOK / "glossary.ipynb").read_text(encoding="utf-8"))
    shown = "".join(
        "".join(o.get("data", {}).get("text/html", ""))
        for c in nb["cells"]
        if c["cell_type"] == "code"
        for o in c.get("outputs", [])
    )
    assert "rb-glossary-french" in shown and "rb-glossary-english" in shown
    assert shown.count(">PJ / PNJ<") == 2  # once in each order


# ------------------------------------------------------------------ issue 34
# Each term must be linked to the rule that implements it, be marked as the book's own
# only when no source uses it, and be spelled as its source spells it. The tests are
# parametrized by term, so that a failure names the entry (chapter:term) to fix in the
# chapter's glossary module.
import enum  # noqa: E402
import inspect  # noqa: E402
import os  # noqa: E402
import re  # noqa: E402
import typing  # noqa: E402
import unicodedata  # noqa: E402

from rulebook_py.messages import Msg  # noqa: E402


def _folded(text: str) -> str:
    """Lower case, no accents, no plural -s or -x, one space between words (to find a term)."""
    text = unicodedata.normalize("NFKD", str(text).casefold().replace("’", "'"))
    text = "".join(c for c in text if not unicodedata.combining(c))
    words = re.findall(r"[a-z0-9']+", text.replace("-", " ").replace("_", " "))
    return " ".join(w[:-1] if len(w) > 3 and w[-1] in "sx" else w for w in words)


def _forms(term: str) -> set[str]:
    """The term, without its parenthesised abbreviation, and each of its ' / ' or ', ' parts."""
    bare = re.sub(r"\s*\([^)]*\)", "", term)
    forms = {_folded(term), _folded(bare)} | {_folded(p) for p in re.split(r"\s*[/,]\s*", bare)}
    return {f for f in forms if len(f) >= 2}


def _spoken(obj: object) -> str:
    """What an implementation says: its name and documentation, its members' labels, and
    for a function the documentation of what it returns."""
    texts = [getattr(obj, "__name__", ""), inspect.getdoc(obj) or ""]
    if isinstance(obj, type) and issubclass(obj, enum.Enum):
        for member in obj:
            texts += [member.name, str(getattr(member, "label", "")), str(member.value)]
    elif callable(obj) and not isinstance(obj, type):
        try:
            returned = typing.get_type_hints(obj).get("return")
        except Exception:
            returned = None
        for kind in typing.get_args(returned) or (returned,):
            if isinstance(kind, type):
                texts.append(inspect.getdoc(kind) or "")
    return _folded(" | ".join(texts))


@pytest.mark.parametrize(
    "term", [t for t in all_terms() if t.implements], ids=lambda t: f"{t.chapter}:{t.french}"
)
def test_every_link_names_the_rule_that_implements_it(term):
    # parade, feinte, désengagement, poursuivre sans frapper were linked to galaxies.BlowOption
    # (one weapon, two weapons...) though galaxies.Stance holds them; the psychic counter to
    # PsyOption (one technique or two). The implementation must speak of the term: its name,
    # its documentation or its members' labels give the French term or its English rendering.
    said = _spoken(implementation(term))
    forms = _forms(term.french) | _forms(term.english)
    assert any(re.search(rf"\b{re.escape(form)}", said) for form in forms), (
        f"{term.chapter}: {term.french!r} ({term.english}) is linked to {term.implements}, "
        "which never names it"
    )


def _sources() -> Path | None:
    """The French source documents (``shared/seeds`` beside the repository), if here."""
    if os.environ.get("RULEBOOK_SOURCES"):
        return Path(os.environ["RULEBOOK_SOURCES"])
    for folder in (*ROOT.parents, Path("/work")):  # beside the repository, or this machine's
        if (folder / "shared" / "seeds").is_dir():
            return folder / "shared" / "seeds"
    return None


#: Each chapter's source, known by a phrase only it holds (the files are named by hash).
_SOURCE_OF = {
    "unisystem-basics": "La règle principale est que les joueurs de Sorcellerie",
    "unisystem-combat": "Comme Sorcellerie est un jeu d'aventure",
    "galaxies-jumelles": "Combats au Sol",
    "mass-battle": "système de combat stratégique",
    "chroniques-oubliees": "Le tour de combat est une unité de temps",
}


@pytest.fixture(scope="module")
def sources() -> dict[str, str]:
    folder = _sources()
    if folder is None:
        pytest.skip("the French source documents are not beside the repository (shared/seeds)")
    texts = [p.read_text(encoding="utf-8") for p in sorted(folder.glob("*.txt"))]
    found = {}
    for chapter, phrase in _SOURCE_OF.items():
        (text,) = [t for t in texts if phrase in t]
        found[chapter] = " ".join(text.replace("’", "'").split())
    return found


def _letters(word: str) -> str:
    """A pattern for ``word`` whose accented letters also match their capital without accent.

    French typesetting often leaves the accent off a capital: the Chroniques source lists
    the condition « Etourdi » (and writes both « États » and « Etats préjudiciables »), the
    Unisystem range table « A bout portant ». That is the source's typography, not another
    word; a lower-case letter must still carry its accent (« a » is not « à »).
    """
    out = []
    for c in word:
        bare = unicodedata.normalize("NFD", c)[0]
        accented = bare != c and bare.isascii() and bare.isalpha()
        out.append(f"(?:{re.escape(c)}|(?-i:{bare.upper()}))" if accented else re.escape(c))
    return "".join(out)


def _written(form: str, text: str) -> bool:
    """Is ``form`` written in ``text`` (case aside, each word perhaps plural)?"""
    words = re.split(r"(\s+|-|')", form.replace("’", "'"))
    pattern = "".join(
        r"\s+" if w.isspace() else re.escape(w) if w in "-'" else _letters(w) + "[sx]?"
        for w in words
        if w
    )
    return re.search(rf"(?<!\w){pattern}(?!\w)", text, re.IGNORECASE) is not None


def test_a_capital_without_its_accent_is_the_same_word():
    assert _written("Étourdi", "• Etourdi : Aucune action possible")
    assert _written("à bout portant", "| A bout portant | +1 aux épreuves")
    assert _written("à bout portant", "tirer à bout portant")
    assert not _written("à bout portant", "il a bout portant")  # « a » is another word
    assert not _written("défensive morbide", "Défensive maladive")
    assert not _written("code-dé", "code de la route")


def _speaking_sources(term: Term, sources: dict[str, str]) -> list[str]:
    """The chapters whose source speaks for a term's French: its own chapter's (Unisystem
    combat with the basics it builds on), or every source for a chapter that has none of its
    own (dice, the comparison)."""
    chapters = [term.chapter] if term.chapter in sources else list(sources)
    if term.chapter == "unisystem-combat":
        chapters.append("unisystem-basics")
    return chapters


def _parts(term: str) -> list[str]:
    """The parts of a term a source must write: ' / ' or ', ' alternatives, abbreviations aside."""
    bare = re.sub(r"\s*\([^)]*\)", "", term)
    return [p for p in re.split(r"\s*[/,]\s*", bare) if p]


@pytest.mark.parametrize("term", all_terms(), ids=lambda t: f"{t.chapter}:{t.french}")
def test_coined_only_when_no_source_uses_the_term(term, sources):
    # "code-dé" and "ARMES LOURDES" were marked as the book's own; the Galaxies source writes
    # "codes-dés" and "ARMES LOURDES". A coined term is one no source writes for that thing.
    # A system's term is read against its own source only: another game's source may write
    # the same everyday word for something else (the fanzine's « l'assaut surprise est
    # manqué », an ambush that is seen through, is not the Galaxies outcome *Manqué* of a
    # shot at an unaware target, a word the Galaxies page never writes), and a text search
    # cannot tell the senses apart. A term of a chapter with no source of its own (dice,
    # the comparison) is still read against every source.
    if term.coined:
        used = [
            c
            for c in _speaking_sources(term, sources)
            if all(_written(p, sources[c]) for p in _parts(term.french))
        ]
        assert not used, f"{term.french!r} is marked as the book's own, but {used} use it"


def test_a_word_another_game_uses_in_another_sense_stays_the_books(sources):
    # Why the test above reads a system's own source only: « manqué » is in the fanzine,
    # for an ambush, and nowhere in the Galaxies page, whose word it is not.
    manque = next(t for t in all_terms() if t.french == "manqué")
    assert manque.coined and manque.chapter == "galaxies-jumelles"
    assert _written("manqué", sources["mass-battle"])
    assert not _written("manqué", sources["galaxies-jumelles"])


@pytest.mark.parametrize(
    "term", [t for t in all_terms() if not t.coined], ids=lambda t: f"{t.chapter}:{t.french}"
)
def test_every_source_term_is_spelled_as_its_source_spells_it(term, sources):
    # « défensive morbide » (the source: Défensive maladive), « parade psy » (contre
    # psychique), « dégâts temporaires » (Chroniques: DM temporaires).
    chapters = _speaking_sources(term, sources)
    texts = [sources[c] for c in chapters]
    missing = [p for p in _parts(term.french) if not any(_written(p, t) for t in texts)]
    assert not missing, f"{term.chapter}: {missing} written nowhere in {chapters}'s source"


@pytest.mark.parametrize(
    "term", [t for t in all_terms() if t.note], ids=lambda t: f"{t.chapter}:{t.french}"
)
def test_every_note_is_a_message(term):
    # A note is shown in the French glossary: it must be a message of its chapter's domain.
    assert isinstance(term.note, Msg), f"{term.chapter}: the note of {term.french!r} is text"


def test_the_french_glossary_speaks_french():
    from rulebook_py.i18n import language

    with language("fr"):
        html = glossary_html(chapter_titles(BOOK))
    assert '<th scope="col">Français</th><th scope="col">Anglais (ce livre)</th>' in html
    assert "Les jets à graine" in html  # the dice chapter's section, as its French prose names it
    assert "pluriel dés" in html and "compté en crans" in html  # notes of dice and comparison
    assert "(propre à ce livre)" in html
