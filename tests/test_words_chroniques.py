"""Chroniques Oubliées speaks in messages: a French sweep of its calculators, and its reproducers.

**The sweep.** Each Chroniques calculator is built in English and in French and
driven alike through its defaults, every option of every dropdown and multiple
choice, its ``bench_changes``, 60 seeded random combinations of plausible
values and hostile text in each text box. After each step the French build
shows no English word outside what the reader typed
(:func:`tests.test_french_calculators.english_left`), no message lacks its
French (:func:`rulebook_py.messages.missing`), and every reader-facing text of
the outcome (its notes, the labels of its rows and modifiers, the lines of its
roll) and every refusal is a :class:`~rulebook_py.messages.Msg`.

**The reproducers** of issues 34, 35 and 38 that name this part, each checked
where the reader sees it (and in the API where the rule lives).
"""

from __future__ import annotations

import ast
import html
import random
from fractions import Fraction
from pathlib import Path

import ipywidgets as widgets
import pytest

from rulebook_py import outcomes
from rulebook_py.errors import NotationError, RulebookError
from rulebook_py.messages import Msg, missing
from rulebook_py.systems import chroniques as co
from rulebook_py.widgets import CALCULATORS
from tests.test_french_calculators import english_left
from tests.test_hostile_inputs import TEXTS

ROOT = Path(__file__).resolve().parents[1]
NAMES = sorted(name for name in CALCULATORS if name.startswith("Chroniques"))

#: Plausible text for each text box (the random combinations pick among them).
TYPED = {
    "damage": ["1d8", "2d6+1", "1d4", "1d12"],
    "off_hand": ["1d6", "1d4", "1d3+1"],
    "turn": ["M A", "L", "A", "M M", "mouvement attaque", "A G"],
    "combatants": [
        "Krush, 12, PC, 10\nGob, 10, NPC, 8",
        "Ana, 14, PJ, 12, aveuglé\nGobelin, 14, PNJ, 9, best of two",
        "Bo, 9, PC, 11, untrained armour, weakened\nOrc, 12, NPC, 10",
    ],
    "delay_name": ["", "Krush", "Ana"],
    "pursuer_acts": ["", "3, 5", "every", "tous"],
    "quarry_acts": ["", "2", "chaque tour"],
    "first_name": ["Krush", "Ana"],
    "second_name": ["Goblin", "Orc", "Gobelin"],
    "first_damage": ["1d8", "1d6+1", "2d4"],
    "second_damage": ["1d6", "1d4", "1d10"],
}
#: Plausible whole numbers (some outside a rule's range: the refusal is checked too).
NUMBERS = [-6, -2, 0, 1, 3, 5, 8, 12, 15, 20, 31]


def _pair(name: str, **values: object) -> tuple:
    cls = CALCULATORS[name]
    return cls(language="en", **values), cls(language="fr", **values)


def _set(pair: tuple, control: str, value: object) -> None:
    for calc in pair:
        calc.controls[control].value = value


def _options(control: widgets.Widget) -> list:
    return [value for _label, value in control._options_full]


def _texts_of(outcome: object) -> list[object]:
    """The reader-facing texts an outcome gives: notes, row and modifier labels, verdicts."""
    texts: list[object] = list(getattr(outcome, "notes", ()))
    texts += [what for what, _value in getattr(outcome, "modifiers", ())]
    for part in ("hurt", "free"):
        inner = getattr(outcome, part, None)
        if inner is not None:
            texts += list(inner.notes) + [what for what, _v in inner.modifiers]
    if isinstance(outcome, outcomes.chroniques.ConditionsReport):
        texts.append(outcome.verdict)
    if isinstance(outcome, co.FightOutcome):
        texts += [label for label, _p in outcome.rows] + list(outcome.endings)
    return texts


def _engine_words(calc) -> str | None:
    """The dice engine's own English in a refusal of typed dice, when it still writes some.

    A damage box's text is read by the dice engine (the shared ``rulebook``
    domain, not this part): until the engine says what it expected in a
    message, that phrase of its refusal is English in both editions.
    """
    try:
        calc.compute(calc.values())
    except NotationError as err:
        if not isinstance(err.expected, Msg):
            return "notation de dés"
    except RulebookError:
        return None
    return None


def _check(pair: tuple, what: str) -> None:
    english, french = pair
    before = set(missing())
    left = english_left(english, french)
    engine = _engine_words(french) if left else None
    left = [text for text in left if engine is None or engine not in text]
    assert left == [], f"{what}: English in French: {left[:3]}"
    assert set(missing()) == before, f"{what}: missing French: {set(missing()) - before}"
    view = french.view
    if view is None:
        try:
            french.compute(french.values())
        except RulebookError as err:
            assert isinstance(err.message, Msg), f"{what}: refusal not a message: {err}"
        return
    for text in _texts_of(view.outcome):
        assert isinstance(text, Msg), f"{what}: {text!r} is no message"
    roll = view.outcome.roll(random.Random(7))
    for line in roll.lines:
        assert isinstance(line, Msg), f"{what}: roll line {line!r} is no message"


@pytest.mark.parametrize("name", NAMES)
def test_the_french_sweep(name):
    pair = _pair(name)
    _check(pair, f"{name} defaults")
    for control, value in CALCULATORS[name].bench_changes:
        _set(pair, control, value)
        _check(pair, f"{name} bench {control}={value!r}")
    for control, widget in list(pair[1].controls.items()):
        if isinstance(widget, widgets.SelectMultiple):
            for value in _options(widget):
                fresh = _pair(name)
                _set(fresh, control, (value,))
                _check(fresh, f"{name} {control}={value}")
        elif isinstance(widget, widgets.Dropdown):
            for value in _options(widget):
                fresh = _pair(name)
                _set(fresh, control, value)
                _check(fresh, f"{name} {control}={value!r}")
        elif isinstance(widget, (widgets.Text, widgets.Textarea)):
            for value in TEXTS:
                fresh = _pair(name)
                _set(fresh, control, value)
                _check(fresh, f"{name} {control}={value!r:.30}")


def _plausible(widget: widgets.Widget, control: str, rng: random.Random) -> object:
    if isinstance(widget, widgets.Checkbox):
        return rng.random() < 0.5
    if isinstance(widget, widgets.SelectMultiple):
        return tuple(rng.sample(_options(widget), k=rng.choice((0, 1, 2))))
    if isinstance(widget, widgets.Dropdown):
        return rng.choice(_options(widget))
    if isinstance(widget, (widgets.Text, widgets.Textarea)):
        return rng.choice(TYPED.get(control, [widget.value]))
    return rng.choice(NUMBERS)


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_sixty_random_combinations_speak_french(name):
    rng = random.Random(f"words {name}")
    pair = _pair(name)
    controls = list(pair[1].controls)
    for step in range(60):
        if step % 20 == 0:
            pair = _pair(name)  # a fresh start now and then, so errors do not pile up
        for control in rng.sample(controls, k=min(3, len(controls))):
            _set(pair, control, _plausible(pair[1].controls[control], control, rng))
        _check(pair, f"{name} step {step}: {pair[1].values()}")


# ------------------------------------------------------------------ issue 34
def test_conditions_with_a_surprised_attacker_read_in_french():
    calc = CALCULATORS["ChroniquesConditionsCalculator"](
        language="fr", attacker_conditions=("SURPRISED",)
    )
    shown = html.unescape(calc.result.value)
    assert "interdit avec ces états\u00a0: le personnage ne peut faire aucune action" in shown
    assert "surpris au tour 1" in shown
    for english in ("the character", "take no", "round 1", "stunned", "non action"):
        assert english not in shown


def test_a_two_weapon_roll_names_each_hand_in_french():
    calc = CALCULATORS["ChroniquesAttackCalculator"](language="fr", two_weapons=True)
    roll = html.unescape(calc.roll_output.value)
    assert "main principale\u00a0: " in roll and "main faible\u00a0: " in roll
    assert "main hand" not in roll and "off hand" not in roll
    english = CALCULATORS["ChroniquesAttackCalculator"](two_weapons=True)
    assert "main hand: 1d12" in english.roll_output.value


def test_french_calculators_read_french_keywords():
    people, _notes = co.parse_combatants("Gobelin, 12, PNJ, 8, aveuglé, bouclier sans formation")
    assert (people[0].player, people[0].initiative) == (False, 4)
    assert co.parse_turn("mouvement, attaque") == (co.Action.MOVE, co.Action.ATTACK)
    assert outcomes.chroniques.parse_rounds("tous") == (frozenset(), True)
    calc = CALCULATORS["ChroniquesInitiativeCalculator"](language="fr")
    assert "Chef gobelin, 16, PNJ, 12" in calc.controls["combatants"].value
    assert "Chef gobelin" in calc.result.value and calc.error == ""
    fight = CALCULATORS["ChroniquesFightCalculator"](language="fr")
    assert fight.controls["second_name"].value == "Gobelin"
    assert "P(Krush l’emporte\u00a0: Gobelin assommé)" in html.unescape(fight.result.value)


def test_french_typography_and_numbers_in_a_roll():
    calc = CALCULATORS["ChroniquesInitiativeCalculator"](language="fr")
    roll = html.unescape(calc.roll_output.value)
    assert "1d20 [19] − 1 = 18 contre 12\u00a0: réussite" in roll  # Marco, WIS 9


def test_my_part_never_translates_by_reading_english():
    part = [*(ROOT / "rulebook_py/systems/chroniques").glob("*.py")]
    part += [*(ROOT / "rulebook_py/widgets").glob("chroniques*.py")]
    banned = {"translate_message", "phrases", "gettext", "pgettext"}
    for path in part:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                names = {a.name for a in node.names}
                assert not names & banned, f"{path.name} imports {names & banned}"
                assert "phrases" not in (node.module or ""), path.name


# ------------------------------------------------------------------ issue 38
def test_roll_attack_refuses_what_is_no_report():
    with pytest.raises(RulebookError) as caught:
        co.roll_attack(3, random.Random(1))
    assert caught.value.field == "report" and "AttackReport" in str(caught.value)


@pytest.mark.parametrize("bad", ["3", 3.5, None, True, 14])
def test_roll_check_refuses_a_critical_range_that_is_no_face(bad):
    with pytest.raises(RulebookError) as caught:
        co.roll_check(5, 15, rng=random.Random(1), critical_from=bad)
    assert caught.value.field == "critical_from"


def test_a_huge_sight_is_refused_with_a_short_message():
    with pytest.raises(RulebookError) as caught:
        outcomes.chroniques.chase_report(sight=10**5000)
    assert caught.value.field == "sight" and len(str(caught.value)) < 200
    assert "a number of about 5001 digits" in str(caught.value)


@pytest.mark.parametrize(
    ("record", "field", "value"),
    [
        (co.ConditionEffects, "initiative", "3"),
        (co.ConditionEffects, "can_act", 1),
        (co.ConditionEffects, "max_actions", 3),
        (co.AttackRoll, "lines", None),
        (co.AttackRoll, "lethal", 3.5),
        (co.AttackRoll, "temporary", -1),
    ],
)
def test_records_refuse_a_field_of_another_type(record, field, value):
    base = {"lines": ("a miss",)} if record is co.AttackRoll else {}
    with pytest.raises(RulebookError) as caught:
        record(**{**base, field: value})
    assert caught.value.field == field


def test_a_fight_with_dice_too_many_for_exact_work_is_refused_at_once():
    calc = CALCULATORS["ChroniquesFightCalculator"]()
    old_line = calc.code.value
    calc.controls["second_damage"].value = "1000d20ro1kh1"
    error = html.unescape(calc.error_for("second_damage"))
    assert "at most 2^64 equally likely rolls" in error
    assert calc.result.value == "" and calc.code.value == "" and calc.roll_output.value == ""
    assert old_line  # the old Python line is gone with the old answer
    with pytest.raises(RulebookError) as caught:
        outcomes.chroniques.fight_between(second_damage="1000d20ro1kh1")
    assert caught.value.field == "second_damage"


def test_a_switched_off_option_stays_out_of_the_python_line():
    calc = CALCULATORS["ChroniquesAttackCalculator"](off_hand="y" * 100_000)
    assert calc.error == "" and "yyy" not in calc.code.value
    assert len(calc.code.value) < 1000
    calc.controls["two_weapons"].value = True  # now it counts: refused, quoted short
    assert "'yyyyy" in html.unescape(calc.error_for("off_hand")) and "y" * 100 not in calc.error
    chase = CALCULATORS["ChroniquesChaseCalculator"](pursuer_con=15)  # no CON round: no count
    assert "pursuer_con" not in chase.view.call.expression and chase.error == ""
    chase.controls["endurance_from"].value = 10
    assert "pursuer_con=15" in chase.view.call.expression
    fight = CALCULATORS["ChroniquesFightCalculator"](first_knock_out=False)
    fight.controls["first_suitable_weapon"].value = True  # does not count: no knock-out blow
    assert "suitable_weapon" not in fight.view.call.expression


def test_a_lone_surrogate_in_a_fighters_name_is_refused_at_the_box():
    calc = CALCULATORS["ChroniquesFightCalculator"]()
    calc.controls["first_name"].value = "Kr\ud800sh"
    assert "lone surrogate" in calc.error_for("first_name")
    assert calc.result.value == "" and calc.chart.value == ""
    with pytest.raises(RulebookError):
        co.Fighter("\ud800", 5, 3, 14)


def test_whole_number_boxes_are_bounded():
    for name in NAMES:
        for control in CALCULATORS[name]().controls.values():
            if isinstance(control, (widgets.IntText, widgets.BoundedIntText)):
                assert isinstance(control, widgets.BoundedIntText), (name, control.description)


# ------------------------------------------------------------------ issue 35
def test_the_knock_out_calculator_marks_the_box_at_fault():
    calc = CALCULATORS["ChroniquesKnockOutCalculator"](rolled=500, target_strength=-5, already=4500)
    assert "must be an integer from 0 to 4495, got 4500" in calc.error_for("already")
    assert calc.message.value == ""
    calc.controls["already"].value = 4495  # the most damage already taken: one more blow fits
    assert calc.error == "" and "knocked out for at least 4997 minutes" in calc.result.value


def test_only_spells_that_need_sight_are_impossible_in_the_dark():
    blind = outcomes.chroniques.attack_report(6, 16, kind="magic", lighting="total darkness")
    assert not blind.possible
    felt = outcomes.chroniques.attack_report(
        6, 16, kind="magic", lighting="total darkness", needs_sight=False
    )
    assert felt.possible and felt.bonus == 1 and felt.outcome.hit == Fraction(6, 20)
    melee = outcomes.chroniques.attack_report(6, 16, needs_sight=False)  # a spell's only
    assert "needs_sight" in [name for name, _why in melee.unused]
    assert melee.outcome == outcomes.chroniques.attack_report(6, 16).outcome
    calc = CALCULATORS["ChroniquesAttackCalculator"](
        kind="magic", lighting="DARKNESS", needs_sight=False
    )
    assert calc.error == "" and "needs_sight=False" in calc.view.call.expression


@pytest.mark.parametrize("kind", ["ranged", "magic"])
def test_the_concerted_bonus_helps_melee_only(kind):
    with pytest.raises(RulebookError) as caught:
        outcomes.chroniques.attack_report(5, 15, kind=kind, concerted=2)
    assert caught.value.field == "concerted"
    with pytest.raises(RulebookError) as caught:
        outcomes.chroniques.attack_report(5, 15, kind=kind, concerted="helper", helper_bonus=5)
    assert caught.value.field == "helper_bonus"
    assert outcomes.chroniques.attack_report(5, 15, concerted=2).bonus == 7


def test_a_suitable_weapon_takes_no_knock_out_penalty_in_a_whole_fight():
    plain = outcomes.chroniques.fight_between()
    bare = outcomes.chroniques.fight_between(first_suitable_weapon=True)
    assert plain.reports["Krush"].bonus == 2 and bare.reports["Krush"].bonus == 4
    assert bare.reports["Krush"].outcome.hit == Fraction(11, 20)
    assert bare.first_wins > plain.first_wins
    calc = CALCULATORS["ChroniquesFightCalculator"](first_suitable_weapon=True)
    assert "first_suitable_weapon=True" in calc.view.call.expression
    assert calc.view.call.value == bare.first_wins


def test_a_blow_of_no_damage_deals_no_temporary_damage():
    assert co.temporary_damage(0, -3) == 0 and co.temporary_damage(1, -3) == 4
    r = outcomes.chroniques.attack_report(5, 10, temporary=True, damage="1d4", damage_modifier=-4,
                         target_strength=-3)  # fmt: skip
    assert r.temporary.pmf() == {0: 1} and r.lethal.max_value == 0


def test_the_conditions_calculator_names_no_box_it_has_not():
    calc = CALCULATORS["ChroniquesConditionsCalculator"](
        attacker_conditions=("KNOCKED_DOWN",), turn="A"
    )
    assert "tick that box" not in calc.result.value
    assert "unless it spends its move action standing up first" in calc.result.value


def test_a_long_exact_chance_says_where_its_fraction_is():
    calc = CALCULATORS["ChroniquesFightCalculator"](
        first_knock_out=False, first_hit_points=30, second_hit_points=30, second_attack=5
    )
    assert "<td>85.80 %</td>" in calc.result.value  # its fraction has 62 + 62 digits
    assert "the Python line below gives the fraction" in calc.result.value
    french = CALCULATORS["ChroniquesFightCalculator"](
        language="fr",
        first_knock_out=False,
        first_hit_points=30,
        second_hit_points=30,
        second_attack=5,
    )
    assert "la ligne Python ci-dessous donne la fraction" in html.unescape(french.result.value)


# ------------------------------------------------------------------ the chapter, both editions
def _chapter() -> tuple[str, str]:
    """The chapter's Markdown in English and in French (its prose catalog's translation)."""
    import json

    from scripts.book_i18n import _read, _strings, _translate

    nb = json.loads((ROOT / "book/chroniques-oubliees.ipynb").read_text(encoding="utf-8"))
    cells = ["".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "markdown"]
    strings = _strings(_read(ROOT / "locale/fr/LC_MESSAGES/book/chroniques-oubliees.po"))
    return "\n".join(cells), "\n".join(_translate(cell, strings) for cell in cells)


def test_the_fumbled_knock_out_blow_does_not_kill_outright_in_either_edition():
    english, french = _chapter()
    assert "kills the goblin outright" not in english and "tue net" not in french
    assert "dies within the hour unless someone gives it first aid" in english
    assert "meurt dans l'heure si personne ne lui porte secours" in french


@pytest.mark.parametrize(
    ("english", "french"),
    [
        ("| naturals in a chase | none:", "| les résultats naturels dans une poursuite |"),
        ("| magic attacks in total darkness |", "| attaques magiques dans le noir total |"),
        ("| first aid after a failed test | one test", "| l'aide médicale après un test raté |"),
        ("hit points and INT +0", "12 PV et INT +0"),
        ("a blow that deals no damage deals no temporary damage", "n'inflige aucun DM temporaire"),
        ("the partner's next melee attack test only (« appliquée au combat au contact »)",
         "au contact du partenaire seulement (« appliquée au combat au contact »)"),
        ("unless the fighter's weapon suits knocking out", "sauf si l'arme du combattant s'y prête"),
        ("| a chance whose exact fraction is too long to print", "trop longue pour être écrite"),
    ],
)  # fmt: skip
def test_the_choices_of_issue_35_are_stated_in_both_editions(english, french):
    chapter, edition = _chapter()
    table = chapter.split("## Where the source is silent", 1)[1]
    assert english in table
    assert french in edition.replace("\u00a0", " ").replace("\u202f", " ")
