"""A whole Unisystem fight (issue 29): exact odds, the seeded replay, bad inputs."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction
from functools import cache

import pytest

from rulebook_py import outcomes
from rulebook_py.errors import RulebookError, RuleValueError
from rulebook_py.systems import unisystem as uni
from rulebook_py.systems.unisystem import CloseSkill, DefenseKind, Fighter, WoundRule
from rulebook_py.widgets.unisystem_fight import UnisystemFightCalculator

JIMMY = Fighter("Jimmy", 4, 4, CloseSkill.MARTIAL_ARTS, dodge=3)
WILDLING = Fighter("Wildling", 3, 2)
DODGE = DefenseKind.DODGE


def backward_odds(out: uni.FightOutcome) -> Fraction:
    """P(first wins), solved the other way round: from each state to the end, by recursion.

    V(a, b) = sum over the round's non-staying results of P × V(next), divided by
    1 − P(nobody hurt); an independent check of the package's forward pass.
    """
    n, q = out.out_at, out.first_acts_first

    def blow(exchange: uni.MeleeOutcome) -> dict[int, Fraction]:
        if out.wounds is WoundRule.HITS:
            return {0: 1 - exchange.hit_chance, 1: exchange.hit_chance}
        return exchange.level_distribution()

    da, db = blow(out.first_strikes), blow(out.second_strikes)

    @cache
    def v(wa: int, wb: int) -> Fraction:
        if wb >= n:
            return Fraction(1)
        if wa >= n:
            return Fraction(0)
        total, stay = Fraction(0), Fraction(0)
        for x, px in da.items():  # first strikes first
            if wb + x >= n:
                total += q * px
                continue
            for y, py in db.items():
                if x == y == 0:
                    stay += q * px * py
                else:
                    total += q * px * py * v(wa + y, wb + x)
        for y, py in db.items():  # second strikes first
            if wa + y >= n:
                continue
            for x, px in da.items():
                if x == y == 0:
                    stay += (1 - q) * px * py
                else:
                    total += (1 - q) * px * py * v(wa + y, wb + x)
        return total / (1 - stay)

    return v(0, 0)


def test_the_chapter_fight_exactly():
    # Issue 35: each fighter takes its better defense; both parry (the wildling's Brawling
    # stops Jimmy's bare fists, D10 + 5 against its dodge's D10 + 3; Jimmy's Martial Arts
    # parry is D10 + 8 against his dodge's D10 + 7).
    out = uni.fight(JIMMY, WILDLING)
    assert out.first_guard.kind is out.second_guard.kind is DefenseKind.PARRY
    assert out.first_strikes.hit_chance == Fraction(18, 25)  # D10 + 8 against D10 + 5
    assert out.second_strikes.hit_chance == Fraction(21, 100)  # D10 + 5 against D10 + 8
    assert out.first_acts_first == uni.contest(4, 3).a_wins + uni.contest(4, 3).tie
    assert out.first_wins == Fraction(6392371716, 6833986225)
    assert out.first_wins == backward_odds(out)
    assert out.second_wins == 1 - out.first_wins
    assert sum(out.ends.values()) == 1
    assert out.expected_rounds == Fraction(2222135000, 820078347)
    assert outcomes.unisystem.fight_between().first_wins == out.first_wins


def test_the_old_fight_with_both_dodging_is_the_option():
    out = uni.fight(replace(JIMMY, defense=DODGE), replace(WILDLING, defense=DODGE))
    assert out.first_strikes.hit_chance == Fraction(17, 20)  # D10 + 8 against D10 + 3
    assert out.second_strikes.hit_chance == Fraction(7, 25)  # the chapter's 28 %
    assert out.first_wins == Fraction(259989313, 277239175)
    assert out.expected_rounds == Fraction(25667750, 11089567)
    # The audit's figures: only one of them parrying.
    jimmy_parries = uni.fight(JIMMY, replace(WILDLING, defense=DODGE)).first_wins
    wildling_parries = uni.fight(replace(JIMMY, defense=DODGE), WILDLING).first_wins
    assert f"{float(jimmy_parries):.2%}" == "96.36%"
    assert f"{float(wildling_parries):.2%}" == "89.37%"


def test_the_better_defense_is_chosen_against_each_attack():
    sword = Fighter("Sword", 3, 3, CloseSkill.HAND_WEAPON)
    # Brawling cannot parry a blade: the wildling dodges it.
    assert WILDLING.guard_against(sword).kind is DefenseKind.DODGE
    # A dodge as good as the parry: the dodge (the source's Jimmy dodges).
    even = Fighter("Even", 4, 3, CloseSkill.MARTIAL_ARTS, dodge=3)
    assert even.guard_against(WILDLING).kind is DefenseKind.DODGE
    assert replace(even, dodge=4).guard_against(WILDLING).kind is DefenseKind.DODGE
    assert replace(even, dodge=2).guard_against(WILDLING).kind is DefenseKind.PARRY
    # Martial Arts at level 0 cannot parry a blade: a dodge.
    assert Fighter("MA0", 4, 0, CloseSkill.MARTIAL_ARTS).guard_against(sword).kind is DODGE


def test_one_hit_fight_has_a_closed_form():
    out = uni.fight(JIMMY, WILDLING, out_at=1)
    q, ha, hb = out.first_acts_first, out.first_strikes.hit_chance, out.second_strikes.hit_chance
    a_round = q * ha + (1 - q) * (1 - hb) * ha
    b_round = (1 - q) * hb + q * (1 - ha) * hb
    assert out.first_wins == a_round / (a_round + b_round)
    assert out.expected_rounds == 1 / (a_round + b_round)


@pytest.mark.parametrize("wounds", list(WoundRule))
@pytest.mark.parametrize("out_at", [1, 2, 3, 5])
def test_forward_and_backward_agree(wounds, out_at):
    for a, b in ((JIMMY, WILDLING), (Fighter("A", 3, 3, dodge=2), Fighter("B", 4, 1, dodge=1))):
        out = uni.fight(a, b, out_at=out_at, wounds=wounds)
        assert out.first_wins == backward_odds(out)


def test_a_mirror_match_is_even():
    twin = Fighter("Twin", 3, 2, dodge=1)
    for wounds in WoundRule:
        out = uni.fight(twin, Fighter("Other", 3, 2, dodge=1), out_at=4, wounds=wounds)
        assert out.first_wins == Fraction(1, 2)


def test_more_wounds_favour_the_better_fighter():
    odds = [uni.fight(JIMMY, WILDLING, out_at=n).first_wins for n in (1, 2, 3, 4)]
    assert odds == sorted(odds) and len(set(odds)) == 4


@pytest.mark.slow
def test_seeded_simulation_agrees_with_the_exact_odds():
    for wounds in WoundRule:
        a, b = Fighter("A", 3, 3, dodge=2), Fighter("B", 4, 2, dodge=2)
        out = uni.fight(a, b, out_at=3, wounds=wounds)
        rng, n = random.Random(2026), 3000
        rolls = [out.roll(rng) for _ in range(n)]
        wins = sum(r.winner == "A" for r in rolls) / n
        p = float(out.first_wins)
        assert abs(wins - p) < 4 * (p * (1 - p) / n) ** 0.5
        mean = sum(len(r.rounds) for r in rolls) / n
        assert abs(mean - float(out.expected_rounds)) < 0.15 * float(out.expected_rounds)


def test_the_roll_is_seeded_and_shows_every_round():
    out = uni.fight(JIMMY, WILDLING, out_at=3, wounds=WoundRule.LEVELS)
    assert str(out.roll(random.Random(11))) == str(out.roll(random.Random(11)))
    assert len({str(out.roll(random.Random(s))) for s in range(10)}) > 1
    r = out.roll(random.Random(11))
    wounds = {"Jimmy": 0, "Wildling": 0}
    for rnd in r.rounds:
        assert len(rnd.order.entries) == 2  # both initiative dice shown
        assert [b.striker for b in rnd.blows] == rnd.order.names[: len(rnd.blows)]
        for blow in rnd.blows:
            assert blow.roll.defense is not None  # both fighters dodge: both dice shown
            assert blow.wounds == (blow.roll.attack.level if blow.roll.hit else 0)
            wounds[blow.target] += blow.wounds
        assert rnd.wounds == (wounds["Jimmy"], wounds["Wildling"])
    assert max(wounds.values()) >= 3 and r.winner == max(wounds, key=lambda k: -wounds[k])
    text = str(r)
    assert text.startswith("Round 1: initiative ") and "D10 [" in text
    assert text.endswith("is out.")


def test_a_fight_that_hardly_moves_stops_the_replay_not_the_odds():
    slow = Fighter("Slow", 0, 0, dodge=30)  # hits on a 10 against a 1 only
    wall = Fighter("Wall", 0, 0, dodge=8)  # never gets through D10 + 30
    out = uni.fight(slow, wall, out_at=40)
    assert out.first_strikes.hit_chance == Fraction(1, 100)
    assert out.second_strikes.hit_chance == 0
    assert out.first_wins == 1 and out.expected_rounds == 4000
    r = out.roll(random.Random(1))
    assert r.winner is None and len(r.rounds) == uni.MAX_ROLLED_ROUNDS
    assert str(r).endswith(f"Stopped after {uni.MAX_ROLLED_ROUNDS} rounds with nobody out.")


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda: uni.fight(JIMMY, WILDLING, out_at=0), "out_at must be an integer from 1 to 40"),
        (lambda: uni.fight(JIMMY, WILDLING, out_at=41), "out_at must be an integer from 1 to 40"),
        (
            lambda: uni.fight(JIMMY, WILDLING, out_at=21, wounds=WoundRule.LEVELS),
            "out_at must be an integer from 1 to 20",
        ),
        (lambda: uni.fight(JIMMY, WILDLING, out_at=True), "out_at must be an integer"),
        (lambda: uni.fight(JIMMY, WILDLING, out_at=10**100), "out_at must be an integer"),
        (
            lambda: uni.fight(JIMMY, WILDLING, wounds="blood"),
            r"wounds must be a unisystem.WoundRule \(one of HITS, LEVELS\), got 'blood'",
        ),
        (lambda: uni.fight(JIMMY, "Wildling"), "second must be a Fighter"),
        (lambda: uni.fight(JIMMY, JIMMY), "second must have another name than first"),
        (
            lambda: outcomes.unisystem.fight_between(second_name=" Jimmy "),
            "second_name must differ",
        ),
        (
            lambda: outcomes.unisystem.fight_between(first_name=""),
            "first_name must be text of 1 to 30",
        ),
        (
            lambda: outcomes.unisystem.fight_between(second_dexterity=31),
            "second_dexterity must be an integer",
        ),
        (
            lambda: outcomes.unisystem.fight_between(first_dodge=-1),
            "first_dodge must be an integer",
        ),
        (lambda: outcomes.unisystem.fight_between(first_kind="kick"), "first_kind must be one of"),
        (lambda: uni.fight(JIMMY, WILDLING).roll(3), "rng must be a random.Random"),
        (
            lambda: outcomes.unisystem.fight_between(
                first_dexterity=0,
                first_skill=0,
                second_dexterity=0,
                second_skill=0,
                first_dodge=30,
                second_dodge=30,
            ),
            "neither fighter can ever hit the other",
        ),
    ],
)
def test_bad_inputs_are_refused_with_what_is_allowed(call, message):
    with pytest.raises(RuleValueError, match=message):
        call()


@pytest.mark.parametrize(
    "bad", [[], {}, 10**5000, "x" * 100_000], ids=["list", "dict", "huge", "long"]
)
def test_the_calculators_fight_refuses_a_bad_core_die_at_core(bad):
    with pytest.raises(RulebookError) as err:
        outcomes.unisystem.fight_between(core=bad)
    assert err.value.field == "core" and len(str(err.value)) < 200


def test_a_forbidden_parry_is_the_defenders():
    with pytest.raises(RulebookError) as err:
        outcomes.unisystem.fight_between(
            first_kind=CloseSkill.HAND_WEAPON, second_defense=DefenseKind.PARRY
        )
    assert err.value.field == "second_defense" and "Bagarre" in str(err.value)
    with pytest.raises(RulebookError) as err:
        outcomes.unisystem.fight_between(
            second_kind=CloseSkill.HAND_WEAPON,
            first_defense=DefenseKind.PARRY,
            first_kind=CloseSkill.BRAWLING,
        )
    assert err.value.field == "first_defense"


def test_the_calculator_replays_with_another_seed_and_other_fighters():
    calc = UnisystemFightCalculator()
    assert "93.54 %" in calc.result.value and "Jimmy wins, 0 wounds taken" in calc.chart.value
    first = calc.roll_output.value
    assert "Roll (seed 8)" in first  # the chapter's worked fight
    assert calc.show_roll(outcomes.unisystem.fight_between().roll(random.Random(8))) in first
    assert "Round 1: initiative" in first and ("Jimmy wins" in first or "Wildling wins" in first)
    calc.roll()  # the seed moved on: another fight
    assert calc.roll_output.value != first
    assert calc.view.call.expression == "outcomes.unisystem.fight_between().first_wins"
    calc.controls["second_dexterity"].value = 4
    calc.controls["second_skill"].value = 4
    calc.controls["second_dodge"].value = 3
    assert calc.view.outcome.first_wins == backward_odds(calc.view.outcome)
    calc.controls["out_at"].value = 50
    assert "Wounds that take a fighter out must be an integer from 1 to 40, got 50" in (
        calc.error_for("out_at")
    )
    assert not calc.result.value and not calc.roll_output.value


def test_errors_stand_where_the_reader_looks():
    calc = UnisystemFightCalculator(first_kind=CloseSkill.HAND_WEAPON)
    calc.controls["second_defense"].value = DefenseKind.PARRY  # Brawling cannot stop a blade
    assert "Bagarre" in calc.error_for("second_defense") and not calc.result.value
    calc.controls["second_defense"].value = DefenseKind.DODGE
    assert calc.result.value and not calc.error
    calc = UnisystemFightCalculator(
        first_dexterity=0, first_skill=0, second_dexterity=0, second_skill=0, first_dodge=30
    )
    calc.controls["second_dodge"].value = 30  # neither can hit: the message line, not a control
    assert "would never end" in calc.message.value and not calc.result.value
    calc.controls["second_name"].value = "x" * 31
    assert "Second fighter: name must be text of 1 to 30 characters" in calc.error_for(
        "second_name"
    )
    knife = Fighter("Knife", 3, 2, CloseSkill.HAND_WEAPON)
    parrying = Fighter("Ann", 3, 2, CloseSkill.BRAWLING, defense=DefenseKind.PARRY)
    with pytest.raises(RuleValueError) as err:
        uni.fight(knife, parrying)
    assert err.value.field == "second"  # the parry at fault is the second fighter's


def test_a_name_holding_a_lone_surrogate_is_refused_at_its_box():
    """Issue 38: the chart's hashing of its text raised UnicodeEncodeError out of the update."""
    from rulebook_py.widgets import CALCULATORS

    calc = CALCULATORS["UnisystemFightCalculator"]()
    calc.controls["first_name"].value = "Bo" + chr(0xD800)
    assert "First fighter: name holds a character that is no text" in calc.error
    calc.controls["first_name"].value = "Bo"
    assert calc.error == ""
