"""Mass battles: the source's limits on special actions, attitudes by round, the fault from above.

Each test here failed before the limits moved into the rules (issue 25):
the API accepted what these tests now see refused, or computed otherwise.
"""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from rulebook_py.errors import RuleValueError
from rulebook_py.systems.mass_battle import (
    ActionKind,
    Allocation,
    Attitude,
    Battlefield,
    ChancePolicy,
    Cunning,
    Effect,
    Lean,
    Orders,
    Side,
    SpecialAction,
    Terrain,
    TightCombatRoute,
    Unit,
    ambush,
    ambush_rolls,
    battle_odds,
    cautious_retreat,
    replay_accepted,
    replay_battle,
    resolve_round,
    simulate_battle,
    surprise_attack,
    surprise_attack_rolls,
    tight_combat,
    tight_combat_rolls,
    totals_before_chance,
    war_cry,
)

CAVE = Battlefield(Terrain.CAVE_FRONT, tight_combat=True)
ATTACKER = Side(Unit("A", 60, 3, 3))


def _holder(*actions, attitude=Attitude.BALANCED):
    return Side(Unit("B", 60, 3, 3, defends_ground=True), Orders(attitude, tuple(actions)))


def _everywhere(attacker, defender, field=None, a_rolls=(), d_rolls=(), match=""):
    """The same refusal from every function that fights."""
    field = field or Battlefield()
    calls = [
        lambda: battle_odds(
            attacker, defender, battlefield=field, attacker_rolls=a_rolls, defender_rolls=d_rolls
        ),
        lambda: simulate_battle(
            attacker,
            defender,
            battlefield=field,
            n=5,
            attacker_rolls=a_rolls,
            defender_rolls=d_rolls,
        ),
        lambda: replay_battle(
            attacker,
            defender,
            battlefield=field,
            rng=random.Random(1),
            attacker_rolls=a_rolls,
            defender_rolls=d_rolls,
        ),
    ]
    if not a_rolls and not d_rolls:
        calls.append(lambda: resolve_round(attacker, defender, field, rng=random.Random(1)))
    messages = set()
    for call in calls:
        with pytest.raises(RuleValueError, match=match) as err:
            call()
        messages.add(str(err.value))
    assert len(messages) == 1, messages  # one message, whoever is asked


def test_one_d4_one_result_for_tight_combat_luck():
    luck3, luck4 = (tight_combat(TightCombatRoute.LUCK, d) for d in (3, 4))
    _everywhere(ATTACKER, _holder(luck3, luck4), CAVE, match="one d4 and one result")
    _everywhere(
        ATTACKER,
        _holder(luck4),
        CAVE,
        d_rolls=[tight_combat_rolls(TightCombatRoute.LUCK)],
        match="one d4 and one result",
    )
    planning = tight_combat(TightCombatRoute.PLANNING, 4, 2)
    _everywhere(ATTACKER, _holder(luck4, planning), CAVE, match="by luck or by planning")
    # the source's luck of 4 alone: +4 offense, and nothing more
    steps = totals_before_chance(_holder(luck4), ATTACKER.unit, CAVE)
    assert (steps[2].offense_change, steps[2].defense_change) == (4, 5)


def test_the_war_cry_is_once_a_day():
    clan = Side(Unit("Clan", 60, 3, 3), Orders(actions=(war_cry(), war_cry().from_round(3))))
    _everywhere(clan, _holder(), match=r"once a day \(« une fois par jour »\)")
    late = Side(Unit("Clan", 60, 3, 3), Orders(actions=(war_cry().from_round(8), war_cry())))
    _everywhere(late, _holder(), match="declared 2 times")


def test_one_surprise_attack_is_won_or_seen_through_not_both():
    won = surprise_attack(4, 1, 0, 0).for_self
    seen = surprise_attack(1, 4, 0, 0).for_enemy
    seeing = Side(Unit("A", 60, 3, 3), Orders(actions=(seen,)))
    _everywhere(seeing, _holder(won), match="either won by the defenders or seen through")
    _everywhere(
        seeing,
        _holder(),
        d_rolls=[surprise_attack_rolls(0, 0)],
        match="either won by the defenders or seen through",
    )
    # seen through alone is fine, and so is the rolled contest alone
    assert battle_odds(seeing, _holder()).max_rounds == 20
    assert battle_odds(ATTACKER, _holder(), defender_rolls=[surprise_attack_rolls(0, 0)])


def test_an_action_declared_twice_does_not_stack():
    twice = _holder(cautious_retreat(), cautious_retreat().from_round(3))
    _everywhere(ATTACKER, twice, match="the same action does not stack")
    hidden = ambush(4, 1, Cunning.CLEVER, Cunning.ALERT).action
    hunters = Side(Unit("A", 60, 3, 3), Orders(actions=(hidden, hidden)))
    _everywhere(hunters, _holder(), match="the same action does not stack")
    # two surprise attacks won in the same rounds
    won = surprise_attack(4, 1, 0, 0).for_self
    _everywhere(ATTACKER, _holder(won, won), match="does not stack")
    # what does not overlap is not stacking: a surprise attack in round 1, another in round 5
    assert battle_odds(ATTACKER, _holder(won, won.from_round(5))).max_rounds == 20


def test_an_ambush_opens_the_fight():
    hidden = ambush(4, 1, Cunning.CLEVER, Cunning.ALERT).action
    late = Side(Unit("A", 60, 3, 3), Orders(actions=(hidden.from_round(2),)))
    _everywhere(late, _holder(), match="declare it in round 1")
    _everywhere(
        ATTACKER,
        _holder(),
        a_rolls=[ambush_rolls(Cunning.CLEVER, Cunning.ALERT).from_round(3)],
        match="declare it in round 1",
    )


def test_tight_combat_luck_still_to_roll_is_refused_outside_a_tight_combat():
    road = Battlefield(Terrain.ROAD)
    for route in TightCombatRoute:
        if route is TightCombatRoute.NONE:
            continue
        _everywhere(
            ATTACKER,
            _holder(),
            road,
            d_rolls=[tight_combat_rolls(route, 1)],
            match="needs the battle to be a tight combat",
        )


def test_only_the_defenders_take_the_defenders_actions():
    backing = Side(Unit("A", 60, 3, 3), Orders(actions=(cautious_retreat(),)))
    _everywhere(backing, _holder(), match="is an action of the defenders")
    _everywhere(
        ATTACKER,
        Side(Unit("B", 60, 3, 3)),
        a_rolls=[surprise_attack_rolls(0, 0)],
        match="is an action of the defenders",
    )


def _with(side, effect):
    return Side(side.unit, Orders(actions=(*side.orders.actions, effect)))


def test_attitudes_are_declared_every_round():
    plan = Orders((Attitude.EXTREMELY_OFFENSIVE, Attitude.RATHER_DEFENSIVE), lean=Lean.OFFENSE)
    a = Side(Unit("A", 60, 3, 3), plan)
    steps = [totals_before_chance(a, _holder().unit, Battlefield(), r)[1] for r in (1, 2, 7)]
    assert [s.result for s in steps] == ["+5/+0", "+2/+4", "+2/+4"]
    # battle_odds follows the schedule: the same as its effects given by hand
    by_hand = Side(
        Unit("A", 60, 3, 3),
        Orders(
            actions=(SpecialAction(ActionKind.CHARGE, (Effect(2, -3),), Effect(-1, 1)),),
            lean=Lean.OFFENSE,
        ),
    )
    assert battle_odds(a, _holder()) == battle_odds(by_hand, _holder())
    assert battle_odds(a, _holder()) != battle_odds(
        Side(a.unit, Orders(Attitude.EXTREMELY_OFFENSIVE)), _holder()
    )


def test_a_surprised_unit_fights_balanced_in_the_surprise_round():
    caught = ambush(4, 1, Cunning.CLEVER, Cunning.ALERT)
    guards = _holder(caught.surprised, attitude=Attitude.EXTREMELY_DEFENSIVE)
    one, two = (totals_before_chance(guards, ATTACKER.unit, Battlefield(), r)[1] for r in (1, 2))
    assert (one.offense_change, one.defense_change, one.note) == (0, 0, "Équilibrée (surprised)")
    assert (two.offense_change, two.defense_change) == (-3, 2)
    # a trap seen is no surprise
    seen = ambush(1, 4, Cunning.CLEVER, Cunning.ALERT)
    assert seen.surprised.surprise == 0
    # the exact odds over a rolled ambush are the mixture of its 16 resolved outcomes,
    # the surprised defenders' attitude included
    hunters = Side(Unit("A", 60, 3, 3), Orders(lean=Lean.OFFENSE))
    defensive = _holder(attitude=Attitude.EXTREMELY_DEFENSIVE)
    mixed = battle_odds(
        hunters, defensive, attacker_rolls=[ambush_rolls(Cunning.CLEVER, Cunning.ALERT)]
    )
    total = Fraction(0)
    for hide, detect in itertools.product(range(1, 5), repeat=2):
        result = ambush(hide, detect, Cunning.CLEVER, Cunning.ALERT)
        total += battle_odds(
            Side(hunters.unit, Orders(actions=(result.action,), lean=Lean.OFFENSE)),
            _holder(result.surprised, attitude=Attitude.EXTREMELY_DEFENSIVE),
        ).attacker_wins
    assert mixed.attacker_wins == total / 16


def test_no_melee_on_a_fault_attacked_from_above():
    fault = Battlefield(Terrain.FAULT_FROM_ABOVE)
    archers = Side(Unit("Archers", 60, 3, 3, missile_weapons=True))
    guards = _holder()
    r = resolve_round(archers, guards, fault, rng=random.Random(3))
    assert r.damage_to_attacker == 0 and r.damage_to_defender >= 5
    odds = battle_odds(archers, guards, battlefield=fault)
    assert odds.attacker_wins == 1 and odds.attacker_final == {60: 1}
    # defenders that shoot back do strike, and so does anyone against fliers
    shooting = Side(Unit("B", 60, 3, 3, defends_ground=True, missile_weapons=True))
    assert battle_odds(archers, shooting, battlefield=fault).expected_attacker_vitality < 60
    fliers = Side(Unit("Griffons", 60, 3, 3, flying=True))
    assert battle_odds(fliers, guards, battlefield=fault).expected_attacker_vitality < 60
    # a tight combat needs a melee: there, only against attackers that fly (issue 35)
    narrow = Battlefield(Terrain.FAULT_FROM_ABOVE, tight_combat=True)
    with pytest.raises(RuleValueError, match="unless the attackers fly") as err:
        battle_odds(archers, guards, battlefield=narrow)
    assert err.value.field == "tight_combat"
    tight = battle_odds(fliers, guards, battlefield=narrow)
    loose = battle_odds(fliers, guards, battlefield=fault)
    assert tight.expected_rounds > loose.expected_rounds  # both defenses +5: a longer fight


def test_nobody_well_placed_on_a_muddy_plain_is_minus_one_to_all():
    a, b = Unit("A", 100, 0, 0), Unit("B", 100, 0, 0)
    for well_placed in (True, False):
        field = Battlefield(Terrain.MUDDY_PLAIN, well_placed=well_placed)
        step = totals_before_chance(Side(a, Orders(lean=Lean.OFFENSE)), b, field)[-1]
        assert step.offense_change + step.defense_change == -1
    r = resolve_round(
        Side(a),
        Side(b),
        Battlefield(Terrain.MUDDY_PLAIN),
        attacker_allocation=Allocation(die=1, chance=1),
        defender_allocation=Allocation(die=1, chance=1),
    )
    assert r.attacker_steps[5].result == r.defender_steps[5].result == "+0/-1"


def test_the_charge_breaker_answers_the_first_charge_in_time():
    from rulebook_py.outcomes.mass_battle import declare
    from rulebook_py.widgets.mass_battle import MassBattleRoundCalculator

    late_first = {"action1": "charge", "action1_round": 5, "action2": "charge"}
    two = declare(late_first, {"action1": "breaker won"})
    # the charge of round 1 (it strikes in round 2) is broken; the one of round 5 strikes in 6
    offense = [sum(a.effect(r).offense for a in two.attacker.orders.actions) for r in (2, 6)]
    assert offense == [0, 2]
    assert two.defender.orders.actions[0].effect(2) == Effect(offense=2)
    calc = MassBattleRoundCalculator(
        a_action1="charge", a_action1_round=5, a_action2="charge", d_action1="breaker won", round=2
    )
    assert "<td>special actions</td><td>+4/+0</td><td>+6/+3</td>" in calc.result.value


def test_the_calculators_and_the_api_refuse_with_one_message():
    from rulebook_py.outcomes.mass_battle import battle_of
    from rulebook_py.widgets.mass_battle import MassBattleOddsCalculator, MassBattleRoundCalculator

    reason = (
        "“cautious retreat” is an action of the defenders, and this unit does not hold the ground"
    )
    with pytest.raises(RuleValueError) as err:
        battle_of({"action1": "retreat"}, {})
    assert str(err.value) == f"attacker['action1'] {reason}"
    with pytest.raises(RuleValueError) as err:
        battle_odds(Side(Unit("A", 60, 3, 3), Orders(actions=(cautious_retreat(),))), _holder())
    assert str(err.value) == f"attacker {reason}"
    for cls in (MassBattleOddsCalculator, MassBattleRoundCalculator):
        calc = cls(a_action1="retreat")
        assert f"Special action 1 {reason}" in calc.error_for("a_action1")
        assert calc.result.value == ""
    calc = MassBattleOddsCalculator(a_action1="war cry", a_action2="war cry", a_action2_round=4)
    assert "once a day" in calc.error_for("a_action2")


@pytest.mark.parametrize("bad", [None, 3.5, "3", True, 10**100])
def test_a_wrong_type_in_an_effect_or_a_plan_is_a_rulebook_error(bad):
    from rulebook_py.errors import RulebookError
    from rulebook_py.outcomes.mass_battle import battle_of, unit_totals

    with pytest.raises(RulebookError, match="offense must be an integer"):
        Effect(offense=bad)
    with pytest.raises(RulebookError, match=r"attacker\['offense'\] must be an integer"):
        battle_of({"offense": bad}, {})
    with pytest.raises(RulebookError, match=r"unit\['attitude'\] must be one of"):
        unit_totals({"attitude": bad})


def test_the_odds_calculator_takes_an_attitude_per_round():
    from rulebook_py.outcomes.mass_battle import battle_of
    from rulebook_py.widgets.mass_battle import MassBattleOddsCalculator

    calc = MassBattleOddsCalculator(a_attitude2="RATHER_DEFENSIVE", a_attitude2_round=3)
    call = calc.view.call
    assert "'attitude2': 'RATHER_DEFENSIVE'" in call.expression
    brigands = {"offense": 3, "defense": 1, "morale": "CONFIDENT", "cunning": "CLEVER"}
    brigands |= {"leadership": "INTELLIGENT/VETERAN", "lean": "DEFENSE"}
    brigands |= {"action1": "ambush offense", "policy": "ALL_OFFENSE"}
    knights = {"vitality": 40, "offense": 4, "defense": 3, "lean": "DEFENSE"}
    knights |= {"leadership": "INTELLIGENT/EXPERIENCED", "policy": "ALL_DEFENSE"}
    plan = {**brigands, "attitude": "RATHER_OFFENSIVE"}
    scheduled = battle_of({**plan, "attitude2": "RATHER_DEFENSIVE", "attitude2_round": 3}, knights)
    assert call.value == scheduled.attacker_wins
    assert scheduled.odds != battle_of(plan, knights).odds  # the schedule changes the battle
    calc.controls["a_attitude2_round"].value = 1
    assert "from round must be an integer from 2 to 20, got 1" in calc.error_for(
        "a_attitude2_round"
    )


@pytest.mark.parametrize(
    "call",
    [
        lambda mb: mb.unit_totals({"offense": 3, "action1": "war cry"}),
        lambda mb: mb.round_of({"offense": 3, "action1": "charge"}, {"action1": "breaker won"}),
        lambda mb: mb.battle_of(
            {"vitality": 10, "action1": "rolled ambush"},
            {"vitality": 10, "action1": "rolled tight luck"},
            terrain="CAVE_FRONT",
            tight_combat=True,
        ),
    ],
    ids=["unit_totals", "round_of", "battle_of"],
)
def test_one_outcome_call_checks_each_side_once(call, monkeypatch):
    """Each side's declarations are checked once a call (it was 2 to 4 times per side).

    The outcome's roll checks them no more: the call that made it did (a roll of a
    round or a battle checked both sides again).
    """
    from rulebook_py.outcomes import mass_battle
    from rulebook_py.systems.mass_battle import round as rules

    checked = []
    real = rules.check_declarations

    def counting(side, enemy, name, *args, **kwargs):
        checked.append(side.unit.name)
        return real(side, enemy, name, *args, **kwargs)

    monkeypatch.setattr(rules, "check_declarations", counting)
    outcome = call(mass_battle)
    if hasattr(outcome, "roll"):
        outcome.roll(random.Random(1))
    assert sorted(checked) == ["attacker", "defender"]


def test_a_replay_of_accepted_sides_is_the_checked_replay():
    """What an outcome's roll replays with: the same rounds, the arguments still checked."""
    a, d = Side(Unit("A", 100, 3, 1)), Side(Unit("B", 40, 4, 3, defends_ground=True))
    pair = (ChancePolicy.ALL_OFFENSE, ChancePolicy.ALL_DEFENSE)
    checked = replay_battle(a, d, pair, rng=random.Random(5))
    accepted = replay_accepted(a, d, pair, Battlefield(), random.Random(5))
    assert accepted == checked
    vitalities = [(r.attacker.vitality, r.defender.vitality) for r in accepted]
    assert vitalities == [(80, 35), (60, 30), (40, 20), (20, 10), (0, 5)]
    with pytest.raises(RuleValueError) as info:
        replay_accepted(a, "B", pair, Battlefield(), random.Random(5))
    assert info.value.field == "defender"
    with pytest.raises(RuleValueError) as info:
        replay_accepted(a, d, pair, Battlefield(), random.Random(5), max_rounds=0)
    assert info.value.field == "max_rounds"


def test_the_unit_totals_say_where_the_cunning_counts():
    """The unit builder's aside is the outcome's: the plan's cunning, checked."""
    from rulebook_py.outcomes import mass_battle

    totals = mass_battle.unit_totals({"cunning": "MACHIAVELLIAN"})
    assert totals.cunning is Cunning.MACHIAVELLIAN
    assert totals.aside.params["modifier"] == Cunning.MACHIAVELLIAN.modifier == 3
    assert mass_battle.UnitTotals(totals.steps, totals.lean, 1).aside is None
    with pytest.raises(RuleValueError) as info:
        mass_battle.UnitTotals(totals.steps, totals.lean, 1, "MACHIAVELLIAN")
    assert info.value.field == "cunning"
