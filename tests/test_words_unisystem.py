"""Unisystem's words (issue 34): every calculator in French, swept; messages, never English.

For each Unisystem calculator, an English and a French one are given the same
values, state after state: the defaults, every option of every dropdown, the
``bench_changes``, 60 seeded random combinations of valid values, hostile text
in each text box, and the issue's reproducers. In every state the French one
shows no English word outside what the reader typed
(:func:`test_french_calculators.english_left`), the outcome's row labels,
notes, roll lines and the errors are messages (:class:`~rulebook_py.messages.Msg`),
and no message was looked up in vain (:func:`rulebook_py.messages.missing`).
The part imports nothing of the old translation by English text.
"""

from __future__ import annotations

import ast
import enum
import html
import random
import re
from pathlib import Path

import ipywidgets as widgets
import pytest
from test_french_calculators import english_left
from test_unisystem_issues import UNISYSTEM_CALCULATORS

from rulebook_py import outcomes
from rulebook_py.errors import RulebookError
from rulebook_py.messages import Msg, missing
from rulebook_py.systems import unisystem as uni
from rulebook_py.widgets import CALCULATORS

ROOT = Path(__file__).resolve().parents[1]
#: The part's modules: the rules and the calculators.
PART = [
    *sorted((ROOT / "rulebook_py" / "systems" / "unisystem").glob("*.py")),
    ROOT / "rulebook_py" / "widgets" / "unisystem.py",
    ROOT / "rulebook_py" / "widgets" / "unisystem_combat.py",
    ROOT / "rulebook_py" / "widgets" / "unisystem_fight.py",
]
HOSTILE_TEXTS = ("", "   ", "junk", "²", "٣", "-1", "1" * 600, "d6,d8\n\n:: ;", "x" * 5000)
INTS = (-3, -1, 0, 1, 2, 3, 4, 5, 6, 8, 10)


def _set(calc, values: dict) -> None:
    for name, value in values.items():
        calc.controls[name].value = value


def _options(control) -> list:
    return [value for _label, value in control._options_full]


def _random_values(controls: dict, rng: random.Random) -> dict:
    values = {}
    for name, control in controls.items():
        if isinstance(control, widgets.Checkbox):
            values[name] = rng.random() < 0.5
        elif isinstance(control, widgets.Dropdown):
            values[name] = rng.choice(_options(control))
        elif isinstance(control, widgets.IntText | widgets.BoundedIntText):
            values[name] = rng.choice(INTS)
    return values


def _messages_of(outcome) -> list:
    """Every reader-facing text of an outcome: row labels and texts, roll lines."""
    texts = []
    for row in getattr(outcome, "rows", ()) or ():
        texts.append(row[0])
        texts += [c for c in row[1:] if isinstance(c, str) and any(ch.isalpha() for ch in c)]
    for step in getattr(outcome, "steps", ()):
        texts.append(step.check.parts[0][0] if step.check.parts else Msg(None, ""))
    roll = outcome.roll(random.Random(3))
    texts += list(getattr(roll, "lines", None) or [roll.message])
    return texts


#: Texts that are no sentence: the source's own French labels (shown alike in both
#: editions) and dice notation.
_LABELS = {
    m.label
    for e in vars(uni).values()
    if isinstance(e, type) and issubclass(e, enum.Enum)
    for m in e
    if isinstance(getattr(m, "label", None), str)
}
_NOTATION = re.compile(r"[\dD+−\- ×\[\],]*")


def _check_state(english, french, what: str) -> None:
    assert english_left(english, french) == [], what
    assert french.error == "" or french.view is None, what
    if french.view is not None and french.view.outcome is not None:
        for text in _messages_of(french.view.outcome):
            if isinstance(text, str) and text not in _LABELS and not _NOTATION.fullmatch(text):
                assert isinstance(text, Msg), (what, text)


def _states(name: str, part: str) -> list[tuple[str, dict]]:
    """The states of the sweep: ``"options"`` (the quick tier) or ``"random"`` (the slow one)."""
    cls = CALCULATORS[name]
    controls = cls().controls
    states: list[tuple[str, dict]] = [("defaults", {})]
    if part == "random":
        rng = random.Random(2026)
        return states + [(f"random {i}", _random_values(controls, rng)) for i in range(60)]
    for control_name, control in controls.items():
        if isinstance(control, widgets.Dropdown):
            states += [(f"{control_name}={v!r}", {control_name: v}) for v in _options(control)]
        if isinstance(control, widgets.Textarea | widgets.Text):
            states += [(f"{control_name}={t[:20]!r}", {control_name: t}) for t in HOSTILE_TEXTS]
    bench: dict = {}
    for control_name, value in cls.bench_changes:
        bench[control_name] = value
        states.append((f"bench {control_name}={value!r}", dict(bench)))
    return states


@pytest.mark.parametrize("part", ["options", pytest.param("random", marks=pytest.mark.slow)])
@pytest.mark.parametrize("name", UNISYSTEM_CALCULATORS)
def test_every_state_of_the_french_calculator_is_french(name, part):
    cls = CALCULATORS[name]
    base = cls(language="en").values()  # the same typed text in both languages
    english, french = cls(language="en", **base), cls(language="fr", **base)
    for what, values in _states(name, part):
        state = {**base, **values}
        for calc in (english, french):  # only the controls that change, each an update
            _set(calc, {k: v for k, v in state.items() if calc.controls[k].value != v})
        _check_state(english, french, f"{name} {what}")
        if french.view is not None:
            # (Initiative: a line naming no side is on the PJ side in French, the PCs side in
            # English, which changes group initiative when another line types "PCs".)
            if name != "InitiativeCalculator":
                assert french.view.outcome == english.view.outcome, what
                assert french.view.call == english.view.call, what
        else:
            assert english.view is None and french.error and english.error, what
    assert missing() == set()


def test_errors_are_messages_in_the_readers_language():
    for call in (
        lambda: uni.initiative("Bob, 3, 2"),
        lambda: uni.initiative("Bob, 3, + 2"),
        lambda: uni.action_plan("jump 3"),
        lambda: uni.task(-1, 3),
        lambda: outcomes.unisystem.melee(
            attack_kind="hand_weapon", defense="parry", parry_with="brawling"
        ),
        lambda: outcomes.unisystem.fight_between(second_name="Jimmy"),
        lambda: outcomes.unisystem.ranged(mode="burst", burst_size=9),
    ):
        with pytest.raises(RulebookError) as err:
            call()
        assert isinstance(err.value.message, Msg)
        french = err.value.render("fr")
        assert french != str(err.value)
        for word in (" must ", " got ", " could ", " line ", " the "):
            assert word not in french, french


# ------------------------------------------------------------------ the issue's reproducers
def test_the_initiative_bonus_or_side_message_is_french():
    calc = CALCULATORS["InitiativeCalculator"](language="fr", combatants="Bob, 3, 2")
    message = html.unescape(calc.error_for("combatants"))
    assert "pourrait être un bonus ou un camp" in message and "'Bob, 3, 2'" in message
    assert "could be" not in message and "side" not in message


def test_what_the_reader_typed_is_never_translated():
    typed = "Attacker, 3\nDefender, 2, NPC"
    calc = CALCULATORS["InitiativeCalculator"](language="fr", combatants=typed)
    shown = html.unescape(calc.result.value + calc.chart.value + calc.roll_output.value)
    assert "Attacker" in shown and "Defender" in shown
    assert "Attaquant" not in shown and "Défenseur" not in shown
    planner = CALCULATORS["ActionPlannerCalculator"](language="fr", actions="attack 4+4 Attack")
    shown = html.unescape(planner.result.value + planner.roll_output.value)
    assert "Attack" in shown and "Attaque 4" not in shown


def test_french_examples_and_keywords():
    initiative = CALCULATORS["InitiativeCalculator"](language="fr")
    assert "Sauvageon 1, 3, PNJ" in initiative.controls["combatants"].value
    assert "PJ" in initiative.result.value and "PCs" not in initiative.result.value
    # A line naming no side is on the players' side, in the reader's words (PJ).
    initiative.controls["combatants"].value = "Jimmy, 4\nGobelin, 3, PNJ, embuscade, +1"
    assert initiative.error == "" and "<td>PJ</td>" in initiative.result.value
    assert "default_side='PJ'" in initiative.view.call.expression
    planner = CALCULATORS["ActionPlannerCalculator"](language="fr")
    assert planner.controls["actions"].value.startswith("attaque 4+4 coup de poing")
    planner.controls["actions"].value = "attaque 4+4 coup de poing\nesquive 4+3\nparade 4+4"
    assert planner.error == "" and "−2" in planner.result.value
    fight = CALCULATORS["UnisystemFightCalculator"](language="fr")
    assert fight.controls["second_name"].value == "Sauvageon"
    english = CALCULATORS["UnisystemFightCalculator"](language="en")
    assert english.controls["second_name"].value == "Wildling"
    assert fight.view.outcome.first_wins == english.view.outcome.first_wins
    # The English calculators read the French keywords too, and the French ones the English.
    assert uni.parse_combatants("S, 2, distance")[0].edge is uni.InitiativeEdge.RANGED
    assert uni.parse_plan("défense 4+3")[0].kind is uni.ActionKind.DEFENSE


def test_the_part_imports_nothing_of_the_old_translation():
    for path in PART:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                names = {a.name for a in node.names}
                assert not names & {"translate_message", "gettext", "pgettext", "phrases"}, path
                assert not (node.module or "").endswith("phrases"), path
            if isinstance(node, ast.Attribute):
                assert node.attr not in ("translate_message", "pgettext"), path


# ------------------------------------------------------------------ the glossary
SOURCES = [
    folder / "shared" / "seeds" / name
    for folder in dict.fromkeys((ROOT.parent, Path("/work")))  # beside the repository
    for name in ("000_15bba161f821f93a.txt", "001_84e085d7b8fddfb3.txt")
]


def _plain(text: str) -> str:
    import unicodedata

    text = unicodedata.normalize("NFKD", text.lower())
    return "".join(ch for ch in text if not unicodedata.combining(ch)).replace("’", "'")


def test_each_glossary_term_is_the_sources_and_links_to_its_rule():
    from rulebook_py.glossary import implementation
    from rulebook_py.systems.unisystem.glossary import GLOSSARY

    seeds = [p for p in SOURCES if p.exists()]
    if not seeds:
        pytest.skip("the sources are not on this machine")
    source = _plain(" ".join(p.read_text(encoding="utf-8") for p in seeds))
    for term in GLOSSARY:
        words = [w.replace("(d'attribut)", "").strip() for w in term.french.split(" / ")]
        found = all(_plain(w) in source for w in words)
        assert found != term.coined, term.french  # coined exactly when no source uses it
        if term.implements:
            assert implementation(term) is not None, term.french
        if term.note:
            assert isinstance(term.note, Msg) and term.note.render("fr") != "", term.french
    senses = {t.french: t.implements for t in GLOSSARY}
    assert senses["parer"] == senses["esquiver"] == "unisystem.DefenseKind"
    assert senses["jet d'initiative collectif"] == "unisystem.side_bonus"
    notes = {t.french: t.note for t in GLOSSARY}
    assert "monsters" in notes["sauvageon"]  # « Les horribles petits monstres »
    assert missing() == set()
