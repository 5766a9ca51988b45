"""Issue 26: the Chroniques Oubliées rules the chapter got wrong or lacked (each fails before)."""

from __future__ import annotations

import html
import itertools
from fractions import Fraction

import pytest

from rulebook_py import outcomes
from rulebook_py.errors import RuleValueError
from rulebook_py.systems import chroniques as co
from rulebook_py.widgets import CALCULATORS


def _pmf(sides):
    return {f: Fraction(1, sides) for f in range(1, sides + 1)}


def test_the_concerted_bonus_goes_to_the_next_attack_only():
    r = outcomes.chroniques.attack_report(
        5, 15, two_weapons=True, concerted=2, damage="1d6", off_hand="1d6"
    )
    assert r.outcome.hit == co.check_odds(7, 15, "d12").hit == Fraction(5, 12)  # 8+ on the d12
    assert r.off_outcome.hit == co.check_odds(5, 15, "d12").hit == Fraction(1, 4)  # 10+
    # Mean damage: 3.5 a hit, doubled on a critical (none on the d12).
    assert r.expected_lethal == Fraction(7, 2) * (Fraction(5, 12) + Fraction(1, 4))


def test_one_helper_roll_decides_the_next_attack_of_two_weapons():
    """Brute force over every die: helper d20, two d12 attacks, two d2 damages."""
    r = outcomes.chroniques.attack_report(
        4, 18, two_weapons=True, concerted="helper", helper_bonus=5, damage="1d2", off_hand="1d2"
    )
    expected: dict[int, Fraction] = {}
    for h, a, b, da, db in itertools.product(range(1, 21), range(1, 13), range(1, 13),
                                             (1, 2), (1, 2)):  # fmt: skip
        extra = 0 if h == 1 or h + 5 < 15 else (4 if h == 20 or h + 5 >= 25 else 2)
        hit_a = a != 1 and a + 4 + extra >= 18
        hit_b = b != 1 and b + 4 >= 18  # no bonus: it went to the first attack
        total = da * hit_a + db * hit_b
        expected[total] = expected.get(total, 0) + Fraction(1, 20 * 144 * 4)
    assert r.lethal.pmf() == expected


def test_immobilised_is_read_one_way_in_both_calculators():
    # The source's list of move actions: travel, stand up, pick up or draw a weapon, drink.
    turn = co.validate_turn(["M", "A"], ["immobilised", "knocked down"])
    assert turn.stands_before_attack and "cannot travel" in turn.notes[0]
    via_attack = outcomes.chroniques.attack_report(5, 15, attacker_conditions=["immobilised", "knocked down"],
                                  stand_up_first=True)  # fmt: skip
    assert via_attack.outcome.hit == Fraction(1, 4)  # the d12 must show 10 or more
    calc = CALCULATORS["ChroniquesConditionsCalculator"](
        attacker_conditions=("IMMOBILISED", "KNOCKED_DOWN"), defender_conditions=(), turn="M A"
    )
    assert "<td>P(hit)</td><td>55.00 % (11/20)</td><td>25.00 % (1/4)</td>" in calc.result.value


def test_a_surprised_target_takes_no_defense_action_in_round_1():
    with pytest.raises(RuleValueError, match="surprised in round 1 takes no action") as err:
        outcomes.chroniques.attack_report(
            5, 15, defensive_action="simple", defender_conditions=["surprised"]
        )
    assert err.value.field == "defensive_action"
    later = outcomes.chroniques.attack_report(5, 15, defensive_action="simple", defender_conditions=["surprised"],
                             first_round=False)  # fmt: skip
    assert later.defense == 17
    calc = CALCULATORS["ChroniquesAttackCalculator"](defender_conditions=("SURPRISED",))
    calc.controls["defensive_action"].value = "SIMPLE"
    assert "Target&#x27;s defense action must be none" in calc.error_for("defensive_action")
    calc.controls["first_round"].value = False
    assert calc.error == "" and "<td>DEF after modifiers</td><td>16</td>" in calc.result.value


def test_the_knock_out_box_is_named_in_the_readers_words():
    calc = CALCULATORS["ChroniquesKnockOutCalculator"](already=5000)
    assert "Temporary damage already taken must be an integer from 0 to 4495, got 5000" in (
        html.unescape(calc.error_for("already"))
    )
    assert "temporary must be" not in calc.error


def test_pcs_may_ambush_npcs_and_a_best_of_two_surprise_test():
    fight = "Ana, 12, PC, 14, best of two\nGob, 10, NPC, 8"
    npcs = co.initiative_report(fight, ambush="npcs")
    assert npcs.surprised == {"Ana": Fraction(9, 20) ** 2}  # both d20 must fail
    pcs = co.initiative_report(fight, ambush="pcs")
    assert pcs.surprised == {"Gob": Fraction(3, 5)}  # WIS 8 (-1) against 12
    calc = CALCULATORS["ChroniquesInitiativeCalculator"](combatants=fight, ambush="pcs")
    assert "60.00 % (3/5) (d20)" in calc.result.value
    assert "Gob (WIS" in calc.roll_output.value and "Ana (WIS" not in calc.roll_output.value


def test_a_first_aid_calculator():
    calc = CALCULATORS["ChroniquesFirstAidCalculator"]()
    assert "<td>P(saved)</td><td>60.00 % (3/5)</td>" in calc.result.value
    assert calc.view.call.value == co.care_odds(1) == co.first_aid(1).odds.hit
    calc.controls["intelligence"].value = 11
    assert "Helper&#x27;s INT mod. must be an integer from -4 to 10" in calc.error_for(
        "intelligence"
    )


def test_forbidden_equipment_takes_the_untrained_penalty_and_every_ability():
    r = outcomes.chroniques.attack_report(5, 15, untrained_armour=True, forbidden_equipment=True)
    assert r.bonus == 2 and ("forbidden armour", -3) in r.modifiers
    for kwargs, field in (({"die": "2d20kh1"}, "die"), ({"critical_from": 19}, "critical_from"),
                          ({"untrained_armour": False}, "forbidden_equipment")):  # fmt: skip
        with pytest.raises(RuleValueError) as err:
            outcomes.chroniques.attack_report(5, 15, **{"untrained_armour": True, "forbidden_equipment": True,
                                       **kwargs})  # fmt: skip
        assert err.value.field == field
    calc = CALCULATORS["ChroniquesAttackCalculator"](untrained_weapon=True, die="2d20kh1")
    calc.controls["forbidden_equipment"].value = True
    assert "Die must be a single die" in calc.error_for("die")


def test_surprised_counts_in_the_first_round_only_in_the_attack_calculator():
    assert outcomes.chroniques.attack_report(5, 15, defender_conditions=["surprised"]).defense == 10
    assert (
        outcomes.chroniques.attack_report(
            5, 15, defender_conditions=["surprised"], first_round=False
        ).defense
        == 15
    )
    calc = CALCULATORS["ChroniquesAttackCalculator"](defender_conditions=("SURPRISED",))
    assert "<td>DEF after modifiers</td><td>9</td>" in calc.result.value
    calc.controls["first_round"].value = False
    assert "<td>DEF after modifiers</td><td>14</td>" in calc.result.value


def test_a_30_m_creature_moves_30_m_with_its_extra_action():
    horse = co.Runner("horse", 0, frozenset({co.ChaseTrait.FAST}))
    assert horse.move_metres(co.ChaseRules()) == 30
    # Gap 25: only a 10-point lead can end round 1, and only with a 30-m move.
    # The horse rolls d20 + 10 against d20: a lead of 10 or more is d20 >= d20.
    odds = co.chase_odds(horse, co.Runner("elf", 0), 25, 60, co.ChaseRules(max_rounds=1))
    assert odds.capture == Fraction(21, 40)
    replay = co.simulate_chase(horse, co.Runner("elf", 0), 25, 60, co.ChaseRules(max_rounds=1),
                               rng=__import__("random").Random(2))  # fmt: skip
    first = replay.rounds[0]
    if first.extra_action and first.pursuer_total > first.quarry_total:
        assert first.change == -30


def test_the_str_tip_stands_beside_the_knock_out_calculator():
    calc = CALCULATORS["ChroniquesKnockOutCalculator"]()
    assert "a creature&#x27;s STR modifier is its damage bonus" in calc.result.value


@pytest.mark.parametrize(
    "text,verdict",
    [("d60!", "can reach 600"), ("1d100!", "can reach 1000"), ("60d10>=5", None),
     ("8d6!", None), ("20d100kh5", "would take too long")],
)  # fmt: skip
def test_the_damage_range_is_decided_by_the_engines_bounds(text, verdict):
    if verdict is None:
        lo, hi = co.damage_dice(text).bounds()
        assert 0 <= lo and hi <= co.MAX_DAMAGE
        calc = CALCULATORS["ChroniquesAttackCalculator"](damage=text)
        assert calc.error == ""
        return
    with pytest.raises(RuleValueError, match=verdict) as err:
        outcomes.chroniques.attack_report(4, 14, damage=text)
    assert err.value.field == "damage"
    calc = CALCULATORS["ChroniquesKnockOutCalculator"](damage=text)
    assert "Damage dice of a hit" in html.unescape(calc.error_for("damage"))


def test_damage_dice_use_no_private_name_of_the_dice_engine():
    import inspect

    source = inspect.getsource(co.damage_dice.__module__ and __import__(
        "rulebook_py.systems.chroniques.typed_damage", fromlist=["x"]))  # fmt: skip
    assert "_Parser" not in source and "._node" not in source and ".expected" not in source
