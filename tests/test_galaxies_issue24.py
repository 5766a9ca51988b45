"""Issue 24 (Galaxies Jumelles): each item with a test that fails before its fix."""

from __future__ import annotations

import html
import itertools
import random
from collections import Counter
from fractions import Fraction as F

import pytest

from rulebook_py.errors import RuleValueError
from rulebook_py.systems.galaxies import (
    Action,
    ActionType,
    Attack,
    AttackKind,
    DiceCode,
    DodgeMode,
    Fighter,
    Outcome,
    Stance,
    initiative,
    melee,
    parse_attacks,
    plan_round,
    shoot,
    volley,
)
from rulebook_py.widgets import CALCULATORS
from rulebook_py.widgets.galaxies import (
    GalaxiesInitiativeCalculator,
    GalaxiesMeleeCalculator,
    GalaxiesShotCalculator,
    GalaxiesVolleyCalculator,
)


def totals(dice: int, pips: int = 0) -> Counter:
    """Every equally likely total of ``dice``D+``pips``, by listing every face."""
    return Counter(sum(f) + pips for f in itertools.product(range(1, 7), repeat=dice))


def compare(a: Counter, d: Counter) -> tuple[F, F, F]:
    """Exact P(a > d), P(a = d), P(a < d), by listing every pair."""
    n = sum(a.values()) * sum(d.values())
    gt = sum(wa * wd for x, wa in a.items() for y, wd in d.items() if x > y)
    eq = sum(wa * wd for x, wa in a.items() for y, wd in d.items() if x == y)
    return F(gt, n), F(eq, n), F(n - gt - eq, n)


# ------------------------------------------------------------- initiative
@pytest.mark.parametrize("text", ["Kira: 3D+1, 2\nKira: 3D+1, 2", "A: 0D+3", "A: 2D\nB: 0D+1"])
def test_initiative_answer_makes_the_checks_of_the_roll(text):
    """No table of chances beside the error: the answer refuses what the roll refuses."""
    calc = GalaxiesInitiativeCalculator(combatants=text)
    assert calc.error_for("combatants")
    assert calc.result.value == "" and calc.view is None and calc.roll_output.value == ""
    with pytest.raises(RuleValueError) as info:
        initiative(text)
    assert html.unescape(calc.error_for("combatants")).endswith(str(info.value) + "</div>")


def test_initiative_outcome_rolls_as_the_order():
    i = initiative("Kira: 3D+1, 2\nVosk: 2D+2, 1\nTal: 3D+1\nOrn: 3D")
    assert i.roll(random.Random(24)).lines() == i.roll(random.Random(24)).lines()
    gt, _eq, lt = compare(totals(3, 3), totals(3, 1))
    assert i.table()["Kira", "Tal"] == gt / (gt + lt)


# ---------------------------------------------------------------- volley
def test_attack_line_reads_codes_as_every_code_box():
    assert parse_attacks("Kira: shot 4D + 2")[0].code == DiceCode(4, 2)
    both = parse_attacks("Tal: complementarity 4D + 1 3D - 1")[0]
    assert (both.code, both.second) == (DiceCode(4, 1), DiceCode(3, -1))
    calc = GalaxiesVolleyCalculator(attacks="Kira: shot 4D + 2")
    assert calc.error == "" and calc.view.call.value == shoot("4D+2", "3D+1").probability(
        Outcome.HIT
    )


def test_melee_blows_in_the_volley_face_the_one_dodge():
    """A blow at a dodging target adds the +5 range bonus; a tie is a half-dodge."""
    v = volley("Zed: melee 1D", "2D")
    gt, eq, lt = compare(totals(1, 5), totals(2))
    assert v.joint == {(1, 0): gt, (0, 1): eq, (0, 0): lt}
    mixed = volley("Zed: melee 1D\nKira: shot 2D", "2D")
    same = volley(
        [Attack("Zed", AttackKind.SHOT, "1D+5"), Attack("Kira", AttackKind.SHOT, "2D")], "2D"
    )
    assert mixed.joint == same.joint
    calc = GalaxiesVolleyCalculator(attacks="Zed: melee 1D", dodge="2D")
    assert calc.error == "" and calc.view.call.value == gt


# ---------------------------------------------------------------- actions
def test_using_an_object_is_a_main_action():
    assert Action.USE_OBJECT.kind is ActionType.MAIN
    with pytest.raises(RuleValueError, match="one main action a round"):
        plan_round([Action.USE_OBJECT, Action.SHOOT])
    assert plan_round([Action.USE_OBJECT, Action.MOVE]).main is Action.USE_OBJECT


# ------------------------------------------------------------ disengaging
@pytest.mark.parametrize("other", [Stance.PARRY, Stance.COUNTER, Stance.DODGE, Stance.DISENGAGE])
def test_a_disengagement_nobody_strikes_at_or_follows_succeeds(other):
    r = melee(Fighter("3D", stance=Stance.DISENGAGE), Fighter("3D", stance=other))
    assert r.table() == {"Disengaged": 1}
    assert "the melee ends" in r.note
    assert r.roll(random.Random(1)).lines() == ["no roll — Disengaged"]


def test_a_pursued_disengagement_can_succeed():
    """The follower's melee roll +5 against the AGILITÉ: lower, the fighter gets away."""
    r = melee(
        Fighter("1D", stance=Stance.PURSUE), Fighter("1D", agility="2D", stance=Stance.DISENGAGE)
    )
    gt, eq, lt = compare(totals(1, 5), totals(2))
    assert r.table() == {"Melee goes on": gt + eq, "Disengaged": lt}
    loose = melee(
        Fighter("1D", stance=Stance.PURSUE),
        Fighter("1D", agility="2D", stance=Stance.DISENGAGE),
        pursuit_tie_holds=False,
    )
    assert loose.table() == {"Melee goes on": gt, "Disengaged": eq + lt}
    mirror = melee(
        Fighter("1D", agility="2D", stance=Stance.DISENGAGE), Fighter("1D", stance=Stance.PURSUE)
    )
    assert mirror.table() == {"Disengaged": lt, "Melee goes on": gt + eq}


# ------------------------------------------------------- 0D AGILITÉ agrees
@pytest.mark.parametrize("mode", [DodgeMode.NORMAL, DodgeMode.FIXED])
def test_a_0d_agility_cannot_dodge_rolled_or_fixed(mode):
    with pytest.raises(RuleValueError, match="the dodge is '0D\\+2': a roll needs at least 1D"):
        shoot("4D", "0D+2", dodge_mode=mode)
    with pytest.raises(RuleValueError, match="B's AGILITÉ is '0D\\+2'"):
        melee(
            Fighter("4D"),
            Fighter("3D", agility="0D+2", stance=Stance.DODGE),
            fixed_dodge=mode is DodgeMode.FIXED,
        )
    assert (
        shoot("4D", "0D+2", dodge_mode=DodgeMode.FIXED_TOTAL).defense.describe()
        == "2D+2 fixed at 9"
    )


# ---------------------------------------------------------------- wording
def test_no_dodge_count_table_says_no_shared_defense_roll():
    calc = GalaxiesShotCalculator(mode="instinctive", dodge_mode=DodgeMode.UNAWARE)
    assert "No dodge roll" in calc.result.value
    assert "same defense roll" not in calc.result.value
    calc.controls["dodge_mode"].value = DodgeMode.NORMAL
    assert "(all face the same defense roll)" in calc.result.value


def test_melee_fixed_dodge_note_says_fixed_once():
    calc = GalaxiesMeleeCalculator(b_stance=Stance.DODGE, fixed_dodge=True)
    assert "B (Esquive) has AGILITÉ 3D+1 fixed at 11 (esquive fixe)" in html.unescape(
        calc.result.value
    )
    assert "fixed 3D+1 fixed" not in html.unescape(calc.result.value)


def test_shots_in_the_burst_shown_only_for_a_burst():
    calc = GalaxiesShotCalculator()
    assert calc.controls["shots"].layout.display == "none"
    calc.controls["mode"].value = "burst"
    assert calc.controls["shots"].layout.display == ""
    assert "Shots in the burst" in calc.controls["shots"].description


# ------------------------------------------------- issue 22: the roll shown
@pytest.mark.parametrize("name", [n for n in CALCULATORS if n.startswith("Galaxies")])
def test_the_roll_shown_is_the_outcomes_own_roll(name):
    cls = CALCULATORS[name]
    calc = cls()
    for control, value in cls.bench_changes:
        calc.controls[control].value = value
        seed = calc.seed.value
        calc.roll()
        assert calc.error == ""
        want = calc.show_roll(calc.view.outcome.roll(random.Random(seed)))
        assert f"Roll (seed {seed}):</b> {want}</div>" in calc.roll_output.value
