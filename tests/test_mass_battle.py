"""Mass battles: every table, both worked examples, special actions, exact odds."""

from __future__ import annotations

import html as html_module
import itertools
import math
import random
from fractions import Fraction
from functools import cache

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook_py.errors import RuleValueError
from rulebook_py.systems.mass_battle import (
    DAMAGE_TABLE,
    MAX_ROUNDS,
    ActionKind,
    Allocation,
    Attitude,
    Battlefield,
    ChancePolicy,
    Commander,
    CommanderClass,
    Cunning,
    Effect,
    Experience,
    Fame,
    LeadershipReading,
    Lean,
    Morale,
    Orders,
    RolledAction,
    Side,
    SpecialAction,
    Terrain,
    TerrainEffect,
    TerrainRole,
    TightCombatRoute,
    Timing,
    Unit,
    Weather,
    ambush,
    ambush_odds,
    ambush_rolls,
    battle_odds,
    brigands_ambush,
    brigands_sides,
    cautious_retreat,
    chance_split,
    charge,
    charge_breaker,
    charge_breaker_rolls,
    charge_odds,
    charge_rolls,
    contest_odds,
    damage_percent,
    dragon_sides,
    knights_vs_dragon,
    leadership,
    replay_battle,
    resolve_round,
    roll_actions,
    simulate_battle,
    split_free,
    surprise_attack,
    surprise_attack_rolls,
    terrain_effect,
    tight_combat,
    tight_combat_rolls,
    totals_before_chance,
    war_cry,
)
from rulebook_py.widgets.format import probability

# --------------------------------------------------------------------- tables


def test_attitude_table():
    assert {a.label: (a.offense, a.defense) for a in Attitude} == {
        "Offensive suicidaire": (3, -5),
        "Extrêmement offensive": (2, -3),
        "Plutôt offensive": (1, -1),
        "Équilibrée": (0, 0),
        "Plutôt défensive": (-1, 1),
        "Extrêmement défensive": (-3, 2),
        "Défensive maladive": (-5, 3),
    }


def test_morale_commander_and_weather_tables():
    assert {m.label: m.modifier for m in Morale} == {
        "Horrible": -3,
        "Affreux": -2,
        "Dépressif": -1,
        "Non-inspiré": 0,
        "Confiant": 1,
        "Joyeux": 2,
        "Éclatant": 3,
    }
    assert [f.modifier for f in Fame] == [0, 1, 2]
    assert Fame.NOTABLE.label == "Personnage notoire et respecté"
    assert {w.label: w.modifier for w in Weather} == {
        "Température dépressive": -2,
        "Température morne": -1,
        "Température et climat normaux": 0,
        "Température radieuse": 1,
        "Température électrisante": 2,
    }


def test_cunning_table():
    assert {c.label: c.modifier for c in Cunning} == {
        "Idiot": -3,
        "Négligeant": -2,
        "Sans imagination": -1,
        "Alerte": 0,
        "Futé": 1,
        "Rusé": 2,
        "Machiavélique": 3,
    }


LEADERSHIP = {
    CommanderClass.NOT_NEEDED: (0, 0, 0),
    CommanderClass.NONE: (-5, -5, -5),
    CommanderClass.NON_COMMANDER: (-4, -4, -4),
    CommanderClass.INEXPERIENCED: (-3, -3, -3),
    CommanderClass.POOR: (-2, -1, -1),
    CommanderClass.AVERAGE: (-2, 0, 1),
    CommanderClass.INTELLIGENT: (-1, 1, 2),
    CommanderClass.BRILLIANT: (0, 2, 3),
}


@pytest.mark.parametrize("cls", list(CommanderClass))
def test_leadership_class_table(cls):
    got = tuple(leadership(cls, e) for e in Experience)
    assert got == LEADERSHIP[cls]


def test_leadership_ranked_list_agrees_except_poor_experienced():
    # The ranked list: -2 average little / poor experienced; -1 intelligent
    # little / poor veteran; 0 average experienced / brilliant little; +1
    # average veteran / intelligent experienced; +2 intelligent veteran /
    # brilliant experienced; +3 brilliant veteran.
    ranked = {
        (CommanderClass.AVERAGE, Experience.LITTLE): -2,
        (CommanderClass.POOR, Experience.EXPERIENCED): -2,
        (CommanderClass.INTELLIGENT, Experience.LITTLE): -1,
        (CommanderClass.POOR, Experience.VETERAN): -1,
        (CommanderClass.AVERAGE, Experience.EXPERIENCED): 0,
        (CommanderClass.BRILLIANT, Experience.LITTLE): 0,
        (CommanderClass.AVERAGE, Experience.VETERAN): 1,
        (CommanderClass.INTELLIGENT, Experience.EXPERIENCED): 1,
        (CommanderClass.INTELLIGENT, Experience.VETERAN): 2,
        (CommanderClass.BRILLIANT, Experience.EXPERIENCED): 2,
        (CommanderClass.BRILLIANT, Experience.VETERAN): 3,
    }
    for (cls, exp), value in ranked.items():
        assert leadership(cls, exp, LeadershipReading.RANKED_LIST) == value
    differ = [
        (cls, exp)
        for (cls, exp) in ranked
        if leadership(cls, exp) != leadership(cls, exp, LeadershipReading.RANKED_LIST)
    ]
    assert differ == [(CommanderClass.POOR, Experience.EXPERIENCED)]
    assert Commander(CommanderClass.NONE).leadership == -5
    assert Commander(CommanderClass.NON_COMMANDER).leadership == -4
    assert Commander(CommanderClass.INEXPERIENCED).leadership == -3


TERRAIN = {
    Terrain.CAVE_FRONT: (3, TerrainRole.DEFENDERS),
    Terrain.SHIP: (1, TerrainRole.DEFENDERS),
    Terrain.DEEP_WATER: (-3, TerrainRole.EVERYONE),
    Terrain.SHALLOW_WATER: (-2, TerrainRole.DEFENDERS),
    Terrain.VALLEY_FLOOR: (-1, TerrainRole.DEFENDERS),
    Terrain.FOREST: (2, TerrainRole.DEFENDERS),
    Terrain.BEACH: (-1, TerrainRole.DEFENDERS),
    Terrain.PLAIN: (0, TerrainRole.EVERYONE),
    Terrain.ROAD: (0, TerrainRole.EVERYONE),
    Terrain.HILLTOP: (2, TerrainRole.DEFENDERS),
    Terrain.WOODED_HILLTOP: (3, TerrainRole.DEFENDERS),
    Terrain.MOUNTAINTOP: (3, TerrainRole.DEFENDERS),
    Terrain.WOODED_MOUNTAINTOP: (4, TerrainRole.DEFENDERS),
    Terrain.HILLSIDE: (1, TerrainRole.DEFENDERS),
    Terrain.WOODED_HILLSIDE: (2, TerrainRole.DEFENDERS),
    Terrain.MOUNTAINSIDE: (2, TerrainRole.DEFENDERS),
    Terrain.WOODED_MOUNTAINSIDE: (3, TerrainRole.DEFENDERS),
}


@pytest.mark.parametrize("terrain", list(TERRAIN))
def test_plain_terrain_entries(terrain):
    value, role = TERRAIN[terrain]
    assert (terrain.modifier, terrain.role) == (value, role)
    defender = terrain_effect(terrain, defends_ground=True)
    attacker = terrain_effect(terrain, defends_ground=False)
    assert defender == TerrainEffect(free=value)
    assert attacker == TerrainEffect(free=value if role is TerrainRole.EVERYONE else 0)


def test_conditional_terrain_entries():
    marsh, mud, fault = Terrain.MARSH, Terrain.MUDDY_PLAIN, Terrain.FAULT_FROM_ABOVE
    assert terrain_effect(marsh, True) == TerrainEffect(free=2)
    assert terrain_effect(marsh, False) == TerrainEffect(free=-2)
    assert terrain_effect(marsh, True, well_placed=False) == TerrainEffect(free=-2)
    assert terrain_effect(marsh, False, well_placed=False) == TerrainEffect(free=-2)
    assert terrain_effect(mud, True) == TerrainEffect(free=1)
    assert terrain_effect(mud, False) == TerrainEffect()
    assert terrain_effect(mud, True, well_placed=False) == TerrainEffect(free=-1)
    assert terrain_effect(mud, False, well_placed=False) == TerrainEffect(free=-1)
    # From above: shooters get +2 on offense only; flyers give the defenders +2.
    assert terrain_effect(fault, False, missile_weapons=True) == TerrainEffect(offense=2)
    assert terrain_effect(fault, True, missile_weapons=True) == TerrainEffect()
    assert terrain_effect(fault, True, flying=True) == TerrainEffect(free=2)
    assert terrain_effect(fault, False, flying=True) == TerrainEffect()
    with pytest.raises(RuleValueError, match="no melee is possible") as err:
        terrain_effect(fault, False)
    assert err.value.field == "missile_weapons"
    assert "must shoot (missile weapons) or fly" in str(err.value)
    assert "=True" not in str(err.value)  # no parameter names in the message
    assert len(Terrain) == 20


def test_damage_table():
    assert DAMAGE_TABLE == {level: 5 * level for level in range(20)}
    assert DAMAGE_TABLE[0] == 0 and DAMAGE_TABLE[19] == 95 and len(DAMAGE_TABLE) == 20


# ----------------------------------------------------------------- damage rule


def test_damage_minimum_is_base_five_percent():
    assert damage_percent(0, 10) == 5
    assert damage_percent(4, 4) == 5
    assert damage_percent(0, 0, 0, 4) == 5
    assert damage_percent(2, 4, 0, 3) == 5


def test_damage_cap():
    assert damage_percent(19, 0) == 100
    assert damage_percent(40, 0) == 100
    assert damage_percent(18, 0) == 95


def _reading_all_netted(off, dfn, co, cd):
    """Rejected: everything netted at once (the brigands' arithmetic)."""
    return 5 * max(0, off + co - dfn - cd) + 5


def _reading_chance_floored(off, dfn, co, cd):
    """Rejected: the d4 difference floored at zero on its own."""
    return 5 * (max(0, off - dfn) + max(0, co - cd)) + 5


def test_only_the_chosen_reading_gives_both_examples():
    cases = [  # (offense, defense, chance on offense, chance on defense, source's %)
        (6, 4, 3, 2, 20),  # brigands -> knights
        (4, 3, 0, 1, 5),  # knights -> brigands
        (2, 4, 4, 3, 10),  # knights -> dragon
        (3, 2, 0, 0, 10),  # dragon -> knights
    ]
    for off, dfn, co, cd, pct in cases:
        assert damage_percent(off, dfn, co, cd) == pct
    assert any(_reading_all_netted(*c[:4]) != c[4] for c in cases)
    assert any(_reading_chance_floored(*c[:4]) != c[4] for c in cases)


@settings(max_examples=200, deadline=None)
@given(st.integers(-20, 40), st.integers(-20, 40), st.integers(0, 4), st.integers(0, 4))
def test_damage_invariants(off, dfn, co, cd):
    pct = damage_percent(off, dfn, co, cd)
    assert 5 <= pct <= 100 and pct % 5 == 0
    # More offense or chance on offense never lowers damage; more defense never raises it.
    assert damage_percent(off + 1, dfn, co, cd) >= pct
    assert damage_percent(off, dfn + 1, co, cd) <= pct
    if co < 4:
        assert damage_percent(off, dfn, co + 1, cd) >= pct
    if cd < 4:
        assert damage_percent(off, dfn, co, cd + 1) <= pct
    # When the attack is not outclassed before the dice, it is the plain net.
    if off >= dfn:
        assert pct == min(100, _reading_all_netted(off, dfn, co, cd))


# ------------------------------------------------------------ worked examples


def test_brigands_example_step_by_step():
    r = brigands_ambush()
    brig = [(s.number, s.result) for s in r.attacker_steps]
    assert brig == [
        (-1, "+3/+1"),
        (0, "+4/+0"),
        (1, "+6/+0"),
        (2, "+6/+1"),
        (3, "+6/+3"),
        (3, "+6/+3"),  # terrain: an ordinary road, nothing
        (4, "+9/+4"),
    ]
    knights = [(s.number, s.result) for s in r.defender_steps]
    assert knights == [
        (-1, "+4/+3"),
        (0, "+4/+3"),
        (1, "+4/+3"),
        (2, "+4/+3"),
        (3, "+4/+4"),
        (3, "+4/+4"),
        (4, "+4/+6"),
    ]
    assert (r.attacker_die, r.defender_die) == (4, 2)
    assert r.attacker_chance == (3, 1) and r.defender_chance == (0, 2)
    assert (r.damage_to_defender, r.damage_to_attacker) == (20, 5)
    assert (r.attacker.vitality, r.defender.vitality) == (95, 20)
    assert not r.over


def test_brigands_ambush_roll_and_decay():
    brigands, knights, field, hidden = brigands_sides()
    assert (hidden.hide_total, hidden.detect_total, hidden.bonus) == (6, 4, 2)
    action = brigands.orders.actions[0]
    assert [action.effect(r).free for r in range(1, 5)] == [2, 1, 0, 0]
    # Next round the ambush gives +1 (source: "l'effet de l'embuscade diminue à +1").
    steps = totals_before_chance(brigands, knights.unit, field, 2, Allocation(special=1))
    assert steps[2].offense_change == 1
    # The commanders as the source describes them.
    assert brigands.unit.commander.leadership == 2
    assert brigands.unit.commander.cunning.modifier == 1
    assert knights.unit.commander.leadership == 1  # what step 3 of the example adds


def test_dragon_example():
    knights, dragon = dragon_sides()
    assert (knights.unit.offense, knights.unit.defense, knights.unit.vitality) == (2, 2, 25)
    assert (dragon.unit.offense, dragon.unit.defense, dragon.unit.vitality) == (3, 4, 10)
    # Before the dice: 2 vs 4 gives the base 5 %, 3 vs 2 gives 10 %.
    assert damage_percent(2, 4) == 5
    assert damage_percent(3, 2) == 10
    r = knights_vs_dragon()
    assert r.attacker_steps[-2].result == "+2/+2" and r.defender_steps[-2].result == "+3/+4"
    assert (r.attacker_die, r.defender_die) == (4, 3)
    assert (r.damage_to_defender, r.damage_to_attacker) == (10, 10)
    assert (r.attacker.vitality, r.defender.vitality) == (15, 0)
    assert r.over
    # The choices were made before rolling: the cautious policy makes them.
    assert chance_split(ChancePolicy.CAUTIOUS, 4, 25, 10) == (4, 0)
    assert chance_split(ChancePolicy.CAUTIOUS, 3, 10, 25) == (0, 3)


def test_rows_of_the_brigands_round():
    rows = brigands_ambush().rows()
    assert rows[0] == ("-1", "declared levels", "+3/+1", "+4/+3")
    assert rows[-2] == ("5", "damage dealt", "2 + (3 − 2) → 20 %", "1 + (0 − 1) → 5 %")
    assert rows[-1] == ("6", "vitality left", "95 %", "20 %")


# ----------------------------------------------------------- the round itself


def test_weather_morale_fame_and_leans():
    unit = Unit(
        "Barbarians",
        100,
        3,
        1,
        Commander(CommanderClass.BRILLIANT, Experience.VETERAN, fame=Fame.LEGENDARY),
        Morale.JOYFUL,
    )
    field = Battlefield(Terrain.PLAIN, Weather.DREARY)
    enemy = Unit("Guards", 100, 2, 2, defends_ground=True)
    steps = totals_before_chance(Side(unit, Orders(lean=Lean.OFFENSE)), enemy, field)
    morale = steps[3]
    assert (morale.offense_change, morale.defense_change) == (2 + 2 - 1, 0)
    assert steps[4].offense_change == 3
    numb = Unit("Ghosts", 100, 3, 1, morale=Morale.JOYFUL, feels_weather=False)
    steps = totals_before_chance(Side(numb, Orders(lean=Lean.DEFENSE)), enemy, field)
    assert (steps[3].offense_change, steps[3].defense_change) == (0, 2)


def test_split_free():
    assert split_free(4, Lean.EVEN) == (2, 2)
    assert split_free(3, Lean.EVEN) == (2, 1)
    assert split_free(-3, Lean.EVEN) == (-1, -2)
    assert split_free(3, Lean.OFFENSE) == (3, 0)
    assert split_free(-3, Lean.OFFENSE) == (0, -3)
    assert split_free(3, Lean.DEFENSE) == (0, 3)
    assert split_free(-3, Lean.DEFENSE) == (-3, 0)
    assert split_free(-3, Lean.DEFENSE, -1) == (-1, -2)
    with pytest.raises(RuleValueError, match=r"cannot put -4 of -3 points"):
        split_free(-3, Lean.DEFENSE, -4)


def test_terrain_in_a_round():
    knights = Unit("Knights", 100, 3, 3, defends_ground=True)
    archers = Unit("Archers", 100, 2, 1, missile_weapons=True)
    field = Battlefield(Terrain.FAULT_FROM_ABOVE)
    a = totals_before_chance(Side(archers), knights, field)[-1]
    d = totals_before_chance(Side(knights), archers, field)[-1]
    assert (a.offense, a.defense, d.offense, d.defense) == (4, 1, 3, 3)


def test_resolve_round_rolls_with_a_seed():
    brigands, knights, field, _ = brigands_sides()
    one = resolve_round(brigands, knights, field, rng=random.Random(11))
    two = resolve_round(brigands, knights, field, rng=random.Random(11))
    assert one == two
    assert 1 <= one.attacker_die <= 4 and 1 <= one.defender_die <= 4


# ------------------------------------------------------------ special actions


def test_surprise_attack():
    won = surprise_attack(4, 1, 1, 1)
    assert (won.own_total, won.enemy_total) == (5, 2)
    assert [won.for_self.effect(r) for r in (1, 2, 3)] == [
        Effect(offense=2),
        Effect(offense=1),
        Effect(),
    ]
    assert not any(won.for_enemy.effect(r) for r in (1, 2, 3))
    lost = surprise_attack(1, 4, 0, 0)
    assert [lost.for_enemy.effect(r) for r in (1, 2, 3)] == [
        Effect(defense=2),
        Effect(defense=1),
        Effect(),
    ]
    tie = surprise_attack(2, 2, 1, 1)
    assert not tie.for_self.effect(1) and not tie.for_enemy.effect(1)


def test_charge():
    assert not any(charge(2, 0).effect(r) for r in range(1, 5))  # 2: failed
    assert charge(1, 1).note.endswith("failed")
    assert [charge(3, 0).effect(r) for r in (1, 2, 3)] == [Effect(), Effect(1, 1), Effect()]
    assert charge(4, 1).effect(2) == Effect(3, 3)  # 5 = +3/+3
    assert charge(4, 3, delay=0, duration=2).effect(2) == Effect(5, 5)


def test_charge_breaker():
    their = charge(4, 0)  # +2/+2 in round 2
    unprepared = charge_breaker(1, 4, 1, 1, 0, their)  # 1 + 1 = 2 < 3
    assert not unprepared.prepared and unprepared.charge == their
    broken = charge_breaker(2, 3, 2, 1, 0, their)  # prep 3; 3 + 1 = 4 beats 2
    assert broken.prepared and (broken.defender_total, broken.attacker_total) == (4, 2)
    assert not any(broken.charge.effect(r) for r in (1, 2, 3))
    assert broken.defender_action.effect(2) == Effect(offense=2)
    assert not broken.defender_action.effect(1)
    failed = charge_breaker(2, 1, 2, 1, 0, their)  # 2 does not beat 2
    assert failed.charge.effect(2) == Effect(4, 2)
    with pytest.raises(RuleValueError, match="answers a charge"):
        charge_breaker(2, 1, 2, 1, 0, war_cry())


@pytest.mark.parametrize(
    ("route", "die", "cunning", "offense"),
    [
        (TightCombatRoute.NONE, 4, 0, 0),
        (TightCombatRoute.LUCK, 1, 0, 0),
        (TightCombatRoute.LUCK, 2, 0, 0),
        (TightCombatRoute.LUCK, 3, 0, 2),
        (TightCombatRoute.LUCK, 4, 0, 4),
        (TightCombatRoute.PLANNING, 1, 1, 0),
        (TightCombatRoute.PLANNING, 2, 1, 2),
        (TightCombatRoute.PLANNING, 4, 0, 4),
        (TightCombatRoute.PLANNING, 4, 1, 4),
        (TightCombatRoute.PLANNING, 4, 2, 6),
        (TightCombatRoute.PLANNING, 4, 3, 8),
    ],
)
def test_tight_combat(route, die, cunning, offense):
    mine = tight_combat(route, die, cunning)
    for r in (1, 2, 7):
        assert mine.effect(r) == Effect(offense, 0)  # the +5 defense is the battle's, below


def test_cautious_retreat_and_war_cry():
    assert all(cautious_retreat().effect(r) == Effect(-2, 2) for r in range(1, 10))
    cry = war_cry()
    assert [cry.effect(r) for r in range(1, 9)] == [
        Effect(defense=-2),
        Effect(3, 1),
        Effect(3, 1),
        Effect(3, 1),
        Effect(3, 1),
        Effect(-1, -2),
        Effect(-1, -2),
        Effect(-1, -2),
    ]


def test_ambush_paths():
    assert ambush(1, 1, Cunning.ALERT, Cunning.ALERT).bonus == 0  # 1 < 3: not hidden
    seen = ambush(3, 4, Cunning.ALERT, Cunning.ALERT)
    assert (seen.hide_total, seen.detect_total, seen.bonus) == (3, 4, 0)
    tied = ambush(3, 3, Cunning.ALERT, Cunning.ALERT)
    assert tied.bonus == 0  # equal: trap seen
    low = ambush(4, 1, Cunning.MACHIAVELLIAN, Cunning.IDIOT)  # 7 vs -2
    assert low.bonus == 5  # points above 2; a low detection takes nothing off
    assert [low.action.effect(r).free for r in range(1, 8)] == [5, 4, 3, 2, 1, 0, 0]


# ------------------------------------------------------------------ the odds


def test_odds_by_hand_tiny_case():
    # A (10 %, 0/0, d4 on offense) vs B (10 %, 0/0, d4 on defense). A deals
    # 10 % or more exactly when its d4 beats B's (6 pairs in 16), B always
    # deals 5 %. So after round 1: 3/8 A wins; otherwise both at 5 % and both
    # fall in round 2.
    odds = battle_odds(
        Side(Unit("A", 10, 0, 0)),
        Side(Unit("B", 10, 0, 0)),
        (ChancePolicy.ALL_OFFENSE, ChancePolicy.ALL_DEFENSE),
    )
    assert odds.attacker_wins == Fraction(3, 8)
    assert odds.both_fall == Fraction(5, 8)
    assert odds.defender_wins == 0 and odds.unfinished == 0
    assert odds.rounds == {1: Fraction(3, 8), 2: Fraction(5, 8)}
    assert odds.attacker_final == {0: Fraction(5, 8), 5: Fraction(3, 8)}
    assert odds.expected_attacker_vitality == Fraction(15, 8)
    assert odds.expected_rounds == Fraction(13, 8)


def _brute_force(attacker, defender, policies, field, max_rounds):
    """Plain recursion over every pair of dice, through resolve_round."""

    @cache
    def go(r, va, vd):
        if va == 0 or vd == 0:
            return {("a" if va else "d" if vd else "both", r - 1): Fraction(1)}
        if r > max_rounds:
            return {("open", max_rounds): Fraction(1)}
        out = {}
        for a_die in range(1, 5):
            for d_die in range(1, 5):
                a_off = chance_split(policies[0], a_die, va, vd)[0]
                d_off = chance_split(policies[1], d_die, vd, va)[0]
                res = resolve_round(
                    Side(attacker.unit.with_vitality(va), attacker.orders),
                    Side(defender.unit.with_vitality(vd), defender.orders),
                    field,
                    round_number=r,
                    attacker_allocation=Allocation(die=a_die, chance=a_off),
                    defender_allocation=Allocation(die=d_die, chance=d_off),
                )
                for key, p in go(r + 1, res.attacker.vitality, res.defender.vitality).items():
                    out[key] = out.get(key, 0) + p / 16
        return out

    return go(1, attacker.unit.vitality, defender.unit.vitality)


@pytest.mark.parametrize("max_rounds", [2, 20])
def test_odds_match_brute_force_with_decaying_actions(max_rounds):
    attacker = Side(
        Unit("Barbarians", 35, 3, 2, morale=Morale.CONFIDENT),
        Orders(Attitude.EXTREMELY_OFFENSIVE, (war_cry(),), Lean.OFFENSE),
    )
    defender = Side(
        Unit("Guards", 30, 2, 3, defends_ground=True),
        Orders(Attitude.RATHER_DEFENSIVE, (surprise_attack(4, 1, 0, 0).for_self,), Lean.EVEN),
    )
    field = Battlefield(Terrain.HILLSIDE)
    policies = (ChancePolicy.CAUTIOUS, ChancePolicy.ALL_DEFENSE)
    odds = battle_odds(attacker, defender, policies, field, max_rounds=max_rounds)
    brute = _brute_force(attacker, defender, policies, field, max_rounds)

    def total(kind):
        return sum((p for (k, _), p in brute.items() if k == kind), Fraction(0))

    assert odds.attacker_wins == total("a")
    assert odds.defender_wins == total("d")
    assert odds.both_fall == total("both")
    assert odds.unfinished == total("open")
    rounds = {}
    for (k, r), p in brute.items():
        if k != "open":
            rounds[r] = rounds.get(r, 0) + p
    assert odds.rounds == dict(sorted(rounds.items()))


@pytest.mark.slow
def test_odds_of_the_brigands_battle_match_the_simulator():
    brigands, knights, field, _ = brigands_sides()
    policies = (ChancePolicy.ALL_OFFENSE, ChancePolicy.ALL_DEFENSE)
    odds = battle_odds(brigands, knights, policies, field)
    assert odds.attacker_wins + odds.defender_wins + odds.both_fall + odds.unfinished == 1
    sim = simulate_battle(brigands, knights, policies, seed=2001, n=2000, battlefield=field)
    for name in ("attacker_wins", "defender_wins", "both_fall"):
        p = float(getattr(odds, name))
        sigma = math.sqrt(max(p * (1 - p), 1e-9) / sim.n)
        assert abs(float(sim.frequency(name)) - p) <= 4 * sigma + 1e-9, name
    for r, count in sim.rounds.items():
        p = float(odds.rounds.get(r, 0))
        assert abs(count / sim.n - p) <= 4 * math.sqrt(max(p * (1 - p), 1e-9) / sim.n) + 1e-9


@pytest.mark.slow
def test_simulator_against_odds_in_a_close_fight():
    a = Side(Unit("A", 60, 3, 3), Orders(lean=Lean.EVEN))
    d = Side(Unit("B", 60, 3, 3, defends_ground=True))
    odds = battle_odds(a, d, ChancePolicy.SPLIT, timing=Timing.AFTER_ROLL)
    sim = simulate_battle(a, d, ChancePolicy.SPLIT, seed=7, n=2000, timing=Timing.AFTER_ROLL)
    assert odds.attacker_wins == odds.defender_wins  # a symmetric fight
    p = float(odds.attacker_wins)
    assert abs(float(sim.frequency("attacker_wins")) - p) <= 4 * math.sqrt(p * (1 - p) / 2000)


def test_same_seed_same_replay():
    brigands, knights, field, _ = brigands_sides()
    one = replay_battle(brigands, knights, battlefield=field, rng=random.Random(42))
    two = replay_battle(brigands, knights, battlefield=field, rng=random.Random(42))
    assert one == two and one[-1].over
    assert simulate_battle(brigands, knights, seed=3, n=50, battlefield=field) == simulate_battle(
        brigands, knights, seed=3, n=50, battlefield=field
    )


def test_max_rounds_stops_a_battle():
    a = Side(Unit("A", 100, 0, 10))
    d = Side(Unit("B", 100, 0, 10))
    full = battle_odds(a, d, ChancePolicy.ALL_DEFENSE)
    assert full.both_fall == 1 and full.rounds == {MAX_ROUNDS: Fraction(1)}
    short = battle_odds(a, d, ChancePolicy.ALL_DEFENSE, max_rounds=3)
    assert short.unfinished == 1 and short.rounds == {}
    assert short.attacker_final == {85: Fraction(1)}
    sim = simulate_battle(a, d, ChancePolicy.ALL_DEFENSE, n=5, max_rounds=3)
    assert sim.unfinished == 5


@settings(max_examples=25, deadline=None)
@given(
    st.integers(1, 20),
    st.integers(1, 20),
    st.integers(0, 6),
    st.integers(0, 6),
    st.integers(0, 6),
    st.integers(0, 6),
    st.sampled_from(list(ChancePolicy)),
)
def test_odds_invariants(va, vd, ao, ad, do, dd, policy):
    a = Side(Unit("A", 5 * va, ao, ad))
    d = Side(Unit("B", 5 * vd, do, dd))
    odds = battle_odds(a, d, policy, timing=Timing.AFTER_ROLL)
    assert odds.attacker_wins + odds.defender_wins + odds.both_fall == 1
    assert odds.unfinished == 0
    assert sum(odds.rounds.values()) == 1
    assert sum(odds.attacker_final.values()) == 1
    assert max(odds.rounds) <= min(va, vd)  # at least 5 % a round each
    # More offense for the attacker never lowers its chance to win.
    if policy is not ChancePolicy.CAUTIOUS:
        stronger = battle_odds(
            Side(Unit("A", 5 * va, ao + 1, ad)), d, policy, timing=Timing.AFTER_ROLL
        )
        assert stronger.attacker_wins >= odds.attacker_wins


# --------------------------------------------------------------- bad inputs


@pytest.mark.parametrize("vitality", [101, -5, 7, 105, "50", True])
def test_bad_vitality(vitality):
    with pytest.raises(
        RuleValueError, match=r"vitality must be a multiple of 5 from 0 to 100"
    ) as e:
        Unit("X", vitality, 1, 1)
    assert e.value.field == "vitality"
    assert repr(vitality) in str(e.value)


def test_bad_inputs():
    with pytest.raises(
        RuleValueError,
        match=r"terrain must be a mass_battle.Terrain \(one of CAVE_FRONT, SHIP, .*\), got 'swamp' \(str\)",
    ):
        Battlefield("swamp")
    with pytest.raises(
        RuleValueError,
        match=r"terrain must be a mass_battle.Terrain \(one of CAVE_FRONT, .*\), got 'swamp' \(str\)",
    ):
        terrain_effect("swamp", True)
    with pytest.raises(
        RuleValueError,
        match=r"weather must be a mass_battle.Weather \(one of DEPRESSING, DREARY, NORMAL, RADIANT, ELECTRIFYING\), got 'sunny' \(str\)",
    ):
        Battlefield(Terrain.ROAD, "sunny")
    with pytest.raises(
        RuleValueError,
        match=r"attitude must be one of SUICIDAL_OFFENSIVE, .* or a schedule of 1 to 20 of them, got 'berserk'",
    ):
        Orders("berserk")
    with pytest.raises(RuleValueError, match=r"offense must be an integer from -10 to 30, got 31"):
        Unit("X", 50, 31, 1)
    with pytest.raises(RuleValueError, match=r"chance_offense must be an integer from 0 to 4"):
        damage_percent(3, 2, 5, 0)
    with pytest.raises(RuleValueError, match=r"chance_defense must be an integer from 0 to 4"):
        damage_percent(3, 2, 0, -1)
    with pytest.raises(
        RuleValueError,
        match=r"cunning must be a mass_battle.Cunning \(one of IDIOT, .*\), got 2 \(int\)",
    ):
        Commander(cunning=2)


def test_allocating_more_points_than_rolled():
    brigands, knights, field, _ = brigands_sides()
    with pytest.raises(RuleValueError, match=r"cannot put 5 of 4 points on offense") as e:
        resolve_round(brigands, knights, field, attacker_allocation=Allocation(die=4, chance=5))
    assert e.value.field == "attacker_chance"
    with pytest.raises(RuleValueError, match=r"cannot put 3 of 2 points") as e:
        resolve_round(brigands, knights, field, attacker_allocation=Allocation(special=3))
    assert e.value.field == "special_to_offense"
    with pytest.raises(RuleValueError, match=r"attacker_die must be an integer from 1 to 4"):
        resolve_round(brigands, knights, field, attacker_allocation=Allocation(die=5))


def test_battle_errors():
    a, d = dragon_sides()
    with pytest.raises(RuleValueError, match=r"already destroyed"):
        resolve_round(Side(a.unit.with_vitality(0)), d)
    with pytest.raises(RuleValueError, match=r"only one unit can hold the ground"):
        battle_odds(Side(Unit("A", 50, 1, 1, defends_ground=True)), d)
    with pytest.raises(RuleValueError, match=r"max_rounds must be an integer from 1 to 20, got 21"):
        battle_odds(a, d, max_rounds=21)
    with pytest.raises(RuleValueError, match=r"n must be an integer from 1 to 40000, got 0"):
        simulate_battle(a, d, n=0)
    with pytest.raises(RuleValueError, match=r"policy 'split' needs to see the roll"):
        battle_odds(a, d, ChancePolicy.SPLIT)
    with pytest.raises(RuleValueError, match=r"policy must be a ChancePolicy"):
        battle_odds(a, d, "all-in")
    with pytest.raises(RuleValueError, match=r"round_number must be an integer of at least 1"):
        war_cry().effect(0)


# ------------------------------------------------------------------ widgets


def test_calculators_are_registered():
    from rulebook_py.widgets import CALCULATORS

    names = {"UnitBuilderCalculator", "MassBattleRoundCalculator", "MassBattleOddsCalculator"}
    assert names <= set(CALCULATORS)
    assert CALCULATORS["MassBattleOddsCalculator"].kind == "fight"


def test_unit_builder_widget():
    from rulebook_py.widgets.mass_battle import UnitBuilderCalculator

    calc = UnitBuilderCalculator()
    assert "offense +6, defense +3" in calc.result.value  # the brigands before the d4
    calc.controls["round"].value = 2  # the ambush has decayed to +1
    assert "offense +5, defense +3" in calc.result.value
    calc.controls["terrain"].value = "WOODED_MOUNTAINTOP"
    calc.controls["holds"].value = "defender"
    assert "offense +5, defense +7" in calc.result.value
    calc.controls["offense"].value = 31
    assert "Offense level must be an integer from -10 to 30, got 31" in calc.error_for("offense")
    assert calc.result.value == ""
    calc.controls["offense"].value = 3
    calc.controls["round"].value = 0
    assert "Round (ronde) must be an integer from 1 to 20, got 0" in calc.error_for("round")


def test_unit_builder_covers_every_table_and_condition():
    from rulebook_py.widgets.mass_battle import UnitBuilderCalculator

    calc = UnitBuilderCalculator(action1="none", lean="DEFENSE")
    assert "offense +4, defense +3" in calc.result.value  # no ambush
    assert "cunning (Futé, +1) counts only in the rolls" in calc.result.value
    calc.controls["cunning"].value = "MACHIAVELLIAN"
    assert "(Machiavélique, +3)" in calc.result.value
    calc.controls["leadership"].value = "POOR/EXPERIENCED"
    # 3/1, attitude 4/0, morale +1 on defense 4/1, leadership -1 (a malus: offense) 3/1
    assert "offense +3, defense +1" in calc.result.value
    calc.controls["reading"].value = "RANKED_LIST"
    assert "offense +2, defense +1" in calc.result.value  # -2 in the ranked list
    calc.controls["reading"].value = "CLASS_TABLE"
    calc.controls["weather"].value = "DEPRESSING"  # morale 1 - 2 = -1, a malus
    assert "offense +2, defense +0" in calc.result.value  # 4/0, 3/0, 2/0
    calc.controls["feels_weather"].value = False  # undead: morale +1 again
    assert "offense +3, defense +1" in calc.result.value
    calc.controls["terrain"].value = "MARSH"  # attackers -2 (to offense, a malus)
    assert "offense +1, defense +1" in calc.result.value
    calc.controls["holds"].value = "defender"  # defenders on dry ground +2
    assert "offense +3, defense +3" in calc.result.value
    calc.controls["well_placed"].value = False  # -2 to everyone
    assert "offense +1, defense +1" in calc.result.value
    calc.controls["holds"].value = "nobody"  # nobody holds the ground: -2, firm ground or not
    assert "offense +1, defense +1" in calc.result.value
    calc.controls["terrain"].value = "MUDDY_PLAIN"  # nobody well placed: -1 to all (issue 25)
    assert "offense +2, defense +1" in calc.result.value
    calc.controls["terrain"].value = "FAULT_FROM_ABOVE"
    calc.controls["holds"].value = "attacker"
    assert "no melee is possible" in calc.error_for("weapons")  # the unit itself attacks
    assert "=True" not in calc.error
    calc.controls["weapons"].value = "missile"
    assert "offense +5, defense +1" in calc.result.value  # +2 on offense for shooters
    calc.controls["weapons"].value = "flying"
    assert "offense +3, defense +1" in calc.result.value  # the defenders get the +2
    calc.controls["holds"].value = "defender"
    assert "no melee is possible" in calc.error_for("enemy_weapons")
    calc.controls["enemy_weapons"].value = "flying"
    assert "offense +3, defense +3" in calc.result.value  # the defender gets +2 (to defense)
    calc.controls["fame"].value = "LEGENDARY"  # +2 morale: 1 + 2 = 3 on defense
    assert "offense +3, defense +5" in calc.result.value
    calc.controls["fame"].value = "ORDINARY"
    calc.controls["holds"].value = "attacker"
    calc.controls["weapons"].value = "missile"
    calc.controls["lean"].value = "EVEN"
    calc.seed.value = 3
    calc.roll()
    die = random.Random(3).randint(1, 4)
    off, dfn = split_free(die, Lean.EVEN)
    assert f"d4 = {die}: {off} on offense, {dfn} on defense" in calc.roll_output.value


def test_round_widget_reproduces_the_brigands_round():
    from rulebook_py.widgets.mass_battle import MassBattleRoundCalculator

    calc = MassBattleRoundCalculator()
    html = calc.result.value
    assert "<td>+9/+4</td><td>+4/+6</td>" in html
    assert "2 + (3 − 2) → 20 %" in html and "1 + (0 − 1) → 5 %" in html
    assert "<td>95 %</td><td>20 %</td>" in html
    calc.controls["a_vitality"].value = 101
    assert "Vitality % must be an integer from 5 to 100" in calc.error_for("a_vitality")
    assert "101" in calc.error_for("a_vitality")
    calc.controls["a_vitality"].value = -5
    assert "got -5" in calc.error_for("a_vitality")
    calc.controls["a_vitality"].value = 100
    assert calc.error == ""
    calc.controls["d_chance_off"].value = 3  # more than the 2 rolled: clamped, with a note
    assert calc.error == ""
    assert "defender, “d4 points on offense”: 3 asked, at most 2 possible: 2 used" in (
        calc.result.value
    )
    calc.controls["d_chance_off"].value = 0
    calc.controls["a_special_off"].value = 3  # the ambush gives only 2
    assert "attacker, “Action points on offense”: 3 asked, at most 2 possible: 2 used" in (
        calc.result.value
    )
    calc.controls["a_special_off"].value = 2
    calc.controls["d_die"].value = 5
    assert "d4 rolled must be an integer from 1 to 4, got 5" in calc.error_for("d_die")
    calc.controls["d_die"].value = 2
    calc.controls["terrain"].value = "FAULT_FROM_ABOVE"
    assert "no melee is possible" in calc.error_for("a_weapons")  # the attacker's weapons
    assert "=True" not in calc.error
    calc.controls["terrain"].value = "ROAD"
    assert calc.error == "" and "<td>95 %</td><td>20 %</td>" in calc.result.value


def test_round_widget_roll_is_seeded():
    from rulebook_py.widgets.mass_battle import MassBattleRoundCalculator

    calc = MassBattleRoundCalculator()
    calc.seed.value = 9
    calc.roll()
    first = calc.roll_output.value
    calc.seed.value = 9
    calc.roll()
    assert calc.roll_output.value == first and "attacker d4 = " in first


def test_odds_widget():
    from rulebook_py.widgets.mass_battle import MassBattleOddsCalculator

    calc = MassBattleOddsCalculator()
    assert "<td>Attacker wins</td><td>100 %</td>" in calc.result.value
    assert calc.chart.value.count("<svg") == 2
    # A tiny battle the tests above count by hand: 3/8 and 5/8.
    for prefix, policy in (("a_", "ALL_OFFENSE"), ("d_", "ALL_DEFENSE")):
        calc.controls[f"{prefix}action1"].value = "none"
        calc.controls[f"{prefix}attitude"].value = "BALANCED"
        calc.controls[f"{prefix}morale"].value = "UNINSPIRED"
        calc.controls[f"{prefix}leadership"].value = "AVERAGE/EXPERIENCED"
        calc.controls[f"{prefix}offense"].value = 0
        calc.controls[f"{prefix}defense"].value = 0
        calc.controls[f"{prefix}vitality"].value = 10
        calc.controls[f"{prefix}policy"].value = policy
    assert "<td>Attacker wins</td><td>37.50 % (3/8)</td>" in calc.result.value
    assert "<td>Both fall in the same round</td><td>62.50 % (5/8)</td>" in calc.result.value
    calc.controls["max_rounds"].value = 21
    assert "Stop after rounds must be an integer from 1 to 20, got 21" in calc.error_for(
        "max_rounds"
    )
    calc.controls["max_rounds"].value = 20
    assert calc.controls["timing"].disabled
    assert "“d4 allotted” changes nothing unless" in calc.result.value
    calc.controls["a_policy"].value = "SPLIT"
    assert not calc.controls["timing"].disabled
    assert "needs to see the die" in calc.error_for("a_policy")
    assert calc.error.count("needs to see the die") == 1  # shown once, at the policy chosen
    calc.roll()  # the roll meets the same error: still shown once, and no roll
    assert calc.error.count("needs to see the die") == 1 and calc.roll_output.value == ""
    assert "BEFORE_ROLL" not in calc.error and "timing" not in calc.error
    calc.controls["timing"].value = "AFTER_ROLL"
    assert calc.error == ""
    calc.controls["d_vitality"].value = 0
    assert "Vitality % must be an integer from 5 to 100, got 0" in calc.error_for("d_vitality")


def test_exact_odds_of_the_special_action_rolls():
    # The brigands' ambush (+1 cunning, +1 forest) against a detection at cunning 0:
    # hiding 3..6 against detection 1..4, counted by hand.
    assert ambush_odds(Cunning.CLEVER, Cunning.ALERT, 1) == {
        0: Fraction(3, 16),  # hiding 3 seen by 3 or 4, hiding 4 seen by 4
        1: Fraction(4, 16),  # 3 vs 1 or 2; 4 vs 3; 5 vs 4
        2: Fraction(4, 16),  # 4 vs 1 or 2; 5 vs 3; 6 vs 4
        3: Fraction(3, 16),  # 5 vs 1 or 2; 6 vs 3
        4: Fraction(2, 16),  # 6 vs 1 or 2
    }
    assert ambush_odds(Cunning.IDIOT, Cunning.ALERT) == {0: Fraction(1)}  # never hides
    assert charge_odds(2) == {
        1: Fraction(1, 4),
        2: Fraction(1, 4),
        3: Fraction(1, 4),
        4: Fraction(1, 4),
    }
    assert charge_odds(-3) == {0: Fraction(1)}
    for own in range(-3, 4):
        for enemy in range(-3, 4):
            win, tie, lose = contest_odds(own, enemy)
            assert win + tie + lose == 1
            assert contest_odds(enemy, own) == (lose, tie, win)
            brute = sum(
                surprise_attack(a, b, own, enemy).for_self.effect(1) == Effect(offense=2)
                for a in range(1, 5)
                for b in range(1, 5)
            )
            assert win == Fraction(brute, 16)


def test_odds_widget_default_is_the_brigands_battle():
    from rulebook_py.widgets.format import number
    from rulebook_py.widgets.mass_battle import MassBattleOddsCalculator

    brigands, knights, field, hidden = brigands_sides()
    raiders = Side(
        brigands.unit,
        Orders(Attitude.RATHER_OFFENSIVE, (hidden.action.on_offense(),), Lean.DEFENSE),
    )
    odds = battle_odds(
        raiders, knights, (ChancePolicy.ALL_OFFENSE, ChancePolicy.ALL_DEFENSE), field
    )
    html = MassBattleOddsCalculator().result.value
    assert f"<td>Expected rounds</td><td>{number(odds.expected_rounds)}</td>" in html
    assert f"{number(odds.expected_attacker_vitality)} %" in html
    assert hidden.action.on_offense().effect(1) == Effect(offense=2)
    assert hidden.action.on_offense().effect(2) == Effect(offense=1)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 4),
    st.integers(1, 4),
    st.sampled_from(list(Cunning)),
    st.sampled_from(list(Cunning)),
    st.integers(0, 3),
)
def test_ambush_invariants(hide, detect, hider, detector, help_bonus):
    result = ambush(hide, detect, hider, detector, help_bonus)
    assert result.bonus >= 0
    assert result.bonus <= max(0, result.hide_total - 2)
    if result.detect_total >= result.hide_total or result.hide_total < 3:
        assert result.bonus == 0
    free = [result.action.effect(r).free for r in range(1, 10)]
    assert free[0] == result.bonus
    assert all(a - b in (0, 1) for a, b in itertools.pairwise(free))  # loses 1 a round, to 0
    assert free[-1] == 0


# ------------------------------------------------ odds over the action rolls


def _fight_with(action_for_a=None, action_for_d=None):
    a_actions = (action_for_a,) if action_for_a else ()
    d_actions = (action_for_d,) if action_for_d else ()
    a = Side(
        Unit("A", 50, 3, 3, Commander(cunning=Cunning.CLEVER)),
        Orders(Attitude.BALANCED, a_actions, Lean.OFFENSE),
    )
    d = Side(Unit("B", 60, 3, 3, defends_ground=True), Orders(actions=d_actions))
    return a, d


def test_rolled_actions_count_every_die_face():
    hidden = ambush_rolls(Cunning.CLEVER, Cunning.ALERT, 1)
    assert hidden.dice == ("hiding d4", "detection d4")
    by_bonus = {own.effect(1).free: p for p, own, _ in hidden.outcomes()}
    assert by_bonus == ambush_odds(Cunning.CLEVER, Cunning.ALERT, 1)
    on_offense = ambush_rolls(Cunning.CLEVER, Cunning.ALERT, 1, on_offense=True)
    round_two: dict[int, Fraction] = {}
    for p, own, _ in on_offense.outcomes():
        round_two[own.effect(2).offense] = round_two.get(own.effect(2).offense, 0) + p
    assert round_two == {
        0: Fraction(3 + 4, 16),  # no ambush, or +1 decayed to 0 in round 2
        1: Fraction(4, 16),
        2: Fraction(3, 16),
        3: Fraction(2, 16),
    }
    assert {own.effect(2).offense: p for p, own, _ in charge_rolls(0).outcomes()} == charge_odds(0)
    for own_bonus, enemy_bonus in ((0, 0), (2, -1), (-3, 3)):
        win, tie, lose = contest_odds(own_bonus, enemy_bonus)
        seen = {"win": 0, "tie": 0, "lose": 0}
        for p, own, enemy in surprise_attack_rolls(own_bonus, enemy_bonus).outcomes():
            key = "win" if own.effect(1).offense else "lose" if enemy.effect(1).defense else "tie"
            seen[key] += p
        assert (seen["win"], seen["tie"], seen["lose"]) == (win, tie, lose)
    for rolled in (hidden, charge_rolls(2), surprise_attack_rolls(1, 0)):
        assert sum(p for p, _, _ in rolled.outcomes()) == 1
    faces, own, _ = hidden.roll(random.Random(4))
    assert own == ambush(*faces, Cunning.CLEVER, Cunning.ALERT, 1).action


def test_odds_over_the_ambush_rolls_are_the_mixture_of_the_16_dice_pairs():
    rolled = ambush_rolls(Cunning.CLEVER, Cunning.ALERT, 1, on_offense=True)
    a, d = _fight_with()
    mixed = battle_odds(a, d, ChancePolicy.ALL_OFFENSE, attacker_rolls=[rolled])
    parts = []
    for hide, detect in itertools.product(range(1, 5), repeat=2):
        action = ambush(hide, detect, Cunning.CLEVER, Cunning.ALERT, 1).action.on_offense()
        parts.append(battle_odds(*_fight_with(action), ChancePolicy.ALL_OFFENSE))
    for name in ("attacker_wins", "defender_wins", "both_fall", "unfinished"):
        assert getattr(mixed, name) == sum(getattr(o, name) for o in parts) / 16, name
    for name in ("rounds", "attacker_final", "defender_final"):
        brute: dict[int, Fraction] = {}
        for o in parts:
            for k, q in getattr(o, name).items():
                brute[k] = brute.get(k, 0) + q / 16
        assert getattr(mixed, name) == dict(sorted(brute.items())), name
    fixed = battle_odds(*_fight_with(rolled.outcomes()[0][1]), ChancePolicy.ALL_OFFENSE)
    assert mixed.attacker_wins != fixed.attacker_wins  # the dice of the ambush matter


def test_odds_over_a_defenders_surprise_attack_roll():
    rolled = surprise_attack_rolls(1, 0)
    a, d = _fight_with()
    mixed = battle_odds(a, d, ChancePolicy.ALL_OFFENSE, defender_rolls=[rolled])
    brute = Fraction(0)
    for own_die, enemy_die in itertools.product(range(1, 5), repeat=2):
        result = surprise_attack(own_die, enemy_die, 1, 0)
        odds = battle_odds(
            *_fight_with(result.for_enemy, result.for_self), ChancePolicy.ALL_OFFENSE
        )
        brute += odds.defender_wins / 16
    assert mixed.defender_wins == brute


def test_odds_over_a_tight_combat_planning_roll():
    rolled = tight_combat_rolls(TightCombatRoute.PLANNING, cunning=2)
    assert [(p, own.effect(1).offense) for p, own, _ in rolled.outcomes()] == [
        (Fraction(1, 4), 2),  # 1 + 2 = 3
        (Fraction(1, 2), 4),  # 4 or 5
        (Fraction(1, 4), 6),  # 6
    ]
    a, d = _fight_with()
    cave = Battlefield(Terrain.CAVE_FRONT, tight_combat=True)
    mixed = battle_odds(a, d, ChancePolicy.ALL_OFFENSE, cave, defender_rolls=[rolled])
    brute = Fraction(0)
    for die in range(1, 5):
        mine = tight_combat(TightCombatRoute.PLANNING, die, 2)
        brute += (
            battle_odds(*_fight_with(None, mine), ChancePolicy.ALL_OFFENSE, cave).defender_wins / 4
        )
    assert mixed.defender_wins == brute


@pytest.mark.slow
def test_simulator_with_rolled_actions_agrees_with_the_mixed_odds():
    rolled = ambush_rolls(Cunning.CLEVER, Cunning.ALERT, 1, on_offense=True)
    a, d = _fight_with()
    odds = battle_odds(a, d, ChancePolicy.ALL_OFFENSE, attacker_rolls=[rolled])
    sim = simulate_battle(a, d, ChancePolicy.ALL_OFFENSE, seed=11, n=2000, attacker_rolls=[rolled])
    for name in ("attacker_wins", "defender_wins", "both_fall"):
        p = float(getattr(odds, name))
        sigma = math.sqrt(max(p * (1 - p), 1e-9) / sim.n)
        assert abs(float(sim.frequency(name)) - p) <= 4 * sigma + 1e-9, name
    same = simulate_battle(a, d, ChancePolicy.ALL_OFFENSE, seed=11, n=2000, attacker_rolls=[rolled])
    assert same == sim


def test_rolled_actions_in_a_replay_are_seeded():
    rolled = charge_rolls(1)
    a, d = _fight_with()
    one = replay_battle(a, d, rng=random.Random(3), attacker_rolls=[rolled])
    two = replay_battle(a, d, rng=random.Random(3), attacker_rolls=[rolled])
    assert one == two
    ra, rd, dice = roll_actions(a, d, [rolled], rng=random.Random(3))
    assert dice[0][0] is rolled and dice[0][1][0] in (1, 2, 3, 4)
    assert ra.orders.actions[-1].note.startswith("leadership roll ")
    assert rd.orders.actions[-1].kind.label == "Charge"
    assert [r.attacker_steps[2].note for r in one[:2]] == [
        "none",
        f"Charge: {ra.orders.actions[-1].note}",
    ]


def test_bad_rolled_actions():
    a, d = _fight_with()
    with pytest.raises(RuleValueError, match=r"attacker_rolls must be at most 3 RolledAction"):
        battle_odds(a, d, attacker_rolls=[charge(4, 0)])
    with pytest.raises(RuleValueError, match=r"defender_rolls must be at most 3"):
        battle_odds(a, d, defender_rolls=[charge_rolls(0)] * 4)
    with pytest.raises(RuleValueError, match=r"help_bonus must be an integer from 0 to 3, got 4"):
        ambush_rolls(Cunning.CLEVER, Cunning.ALERT, 4)
    with pytest.raises(RuleValueError, match=r"leadership_bonus must be an integer"):
        charge_rolls("2")
    assert isinstance(charge_rolls(0), RolledAction)


def test_odds_widget_averages_over_the_ambush_dice():
    from rulebook_py.outcomes.mass_battle import ROLLED as ROLLED_OPTIONS
    from rulebook_py.widgets.format import probability
    from rulebook_py.widgets.mass_battle import MassBattleOddsCalculator

    calc = MassBattleOddsCalculator()
    for prefix in ("a_", "d_"):
        calc.controls[f"{prefix}vitality"].value = 60
        calc.controls[f"{prefix}offense"].value = 3
        calc.controls[f"{prefix}defense"].value = 3
        calc.controls[f"{prefix}attitude"].value = "BALANCED"
        calc.controls[f"{prefix}morale"].value = "UNINSPIRED"
        calc.controls[f"{prefix}leadership"].value = "NOT_NEEDED/LITTLE"
        calc.controls[f"{prefix}policy"].value = "ALL_OFFENSE"
    calc.controls["a_action1"].value = ROLLED_OPTIONS[0][1]
    html = calc.result.value
    assert (
        "Averaged exactly over the dice of the ambush (embuscade): hiding d4, detection d4." in html
    )
    a = Side(
        Unit("A", 60, 3, 3, Commander(CommanderClass.NOT_NEEDED, cunning=Cunning.CLEVER)),
        Orders(lean=Lean.DEFENSE),
    )
    d = Side(
        Unit("B", 60, 3, 3, Commander(CommanderClass.NOT_NEEDED), defends_ground=True),
        Orders(lean=Lean.DEFENSE),
    )
    rolled = ambush_rolls(Cunning.CLEVER, Cunning.ALERT, 1, on_offense=True)
    odds = battle_odds(a, d, ChancePolicy.ALL_OFFENSE, attacker_rolls=[rolled])
    assert f"<td>Attacker wins</td><td>{probability(odds.attacker_wins)}</td>" in html
    calc.roll()
    assert "attacker's ambush (embuscade): hiding d4 " in html_module.unescape(
        calc.roll_output.value
    )
    assert ", detection d4 " in calc.roll_output.value and "→ hiding " in calc.roll_output.value
    calc.controls["cover"].value = 4
    assert "Cover for a rolled ambush (+0 to +3) must be an integer from 0 to 3, got 4" in (
        calc.error_for("cover")
    )
    calc.controls["cover"].value = 1
    calc.controls["d_action1"].value = ROLLED_OPTIONS[3][1]
    assert "surprise attack (attaque surprise): defender d4, attacker d4." in calc.result.value
    calc.controls["d_action1"].value = ROLLED_OPTIONS[5][1]
    assert "needs the battle to be a tight combat (a state" in calc.error_for("d_action1")
    calc.controls["terrain"].value = "CAVE_FRONT"
    calc.controls["tight"].value = True
    assert "tight combat (combat serré): planning d4." in calc.result.value
    calc.controls["tight"].value = False
    calc.controls["terrain"].value = "ROAD"
    calc.controls["d_action1"].value = ROLLED_OPTIONS[2][1]  # a charge, rolled by the defender
    assert "the charge: leadership d4." in calc.result.value and calc.error == ""


def test_two_unit_calculators_lay_the_units_out_in_folding_sections_every_control_named():
    # issue 37: the forms fold into sections (only the first open), both units side by side
    # in each; every control is in exactly one section, in its unit's column.
    from rulebook_py.widgets.mass_battle import (
        MassBattleOddsCalculator,
        MassBattleRoundCalculator,
        UnitBuilderCalculator,
    )

    for cls in (MassBattleRoundCalculator, MassBattleOddsCalculator, UnitBuilderCalculator):
        calc = cls()
        folds = [c for c in calc.children if "rb-fold" in c._dom_classes]
        assert len(folds) >= 5
        assert ["rb-fold-closed" in f._dom_classes for f in folds] == [False] + [True] * (
            len(folds) - 1
        )
        placed: dict[str, str] = {}

        def name_of(row, calc=calc) -> str:
            return next(n for n, c in calc.controls.items() if c is row.children[0])

        for section in folds[:-1]:
            for part in section.children[1:]:  # (its heading first)
                if "rb-fold-column" in part._dom_classes:
                    title, *rows = part.children
                    placed |= {name_of(row): title.value for row in rows}
                else:
                    placed[name_of(part)] = ""
        for row in folds[-1].children[1:]:
            placed[name_of(row)] = "field"
        assert sorted(placed) == sorted(calc.controls)
        for name, where in placed.items():
            if name.startswith("a_"):
                assert "Attacker" in where, name
            elif name.startswith("d_"):
                assert "Defender" in where, name
        for name, control in calc.controls.items():  # issue 28: every control has its name
            assert control.description, (cls.__name__, name)


def test_worked_example_calculator_replays_both_examples_step_by_step():
    from rulebook_py.systems.mass_battle import EXAMPLE_STEPS
    from rulebook_py.widgets.mass_battle import WorkedExampleCalculator

    calc = WorkedExampleCalculator()
    rows = brigands_ambush().rows()
    for step in range(len(rows)):
        calc.controls["step"].value = step
        html = calc.result.value
        assert f"<td>{rows[step][2]}</td><td>{rows[step][3]}</td>" in html
        if step + 1 < len(rows):
            assert f"<td>{rows[step + 1][1]}</td>" not in html
        assert EXAMPLE_STEPS["brigands"][step].split(":")[0].replace("'", "&#x27;") in html
    assert "<td>+9/+4</td><td>+4/+6</td>" in html and "<td>95 %</td><td>20 %</td>" in html
    calc.controls["example"].value = "dragon"
    assert "0 + (4 − 3) → 10 %" in calc.result.value
    assert "<td>15 %</td><td>0 %</td>" in calc.result.value
    calc.seed.value = 5
    calc.roll()
    first = calc.roll_output.value
    calc.seed.value = 5
    calc.roll()
    assert calc.roll_output.value == first and "Seven knights roll " in first


# ------------------------------------------- issue 16: tight combat, several actions


def _plus(offense=0, defense=0):
    """An action worth ``offense``/``defense`` every round (to write the rule out by hand)."""
    return SpecialAction(ActionKind.CHARGE, after=Effect(offense, defense))


def test_tight_combat_raises_the_defense_of_both_units_every_round():
    cave = Battlefield(Terrain.CAVE_FRONT, tight_combat=True)
    a = Side(Unit("A", 100, 3, 1), Orders(lean=Lean.OFFENSE))
    d = Side(Unit("B", 40, 4, 3, defends_ground=True), Orders(lean=Lean.OFFENSE))
    lucky = Side(
        d.unit, Orders(actions=(tight_combat(TightCombatRoute.LUCK, 4),), lean=Lean.OFFENSE)
    )
    for r in (1, 2, 9):
        a_steps = totals_before_chance(a, d.unit, cave, r)
        d_steps = totals_before_chance(lucky, a.unit, cave, r)
        assert (a_steps[2].offense_change, a_steps[2].defense_change) == (0, 5)
        # the defenders' +4 offense of luck does not take away their +5 defense
        assert (d_steps[2].offense_change, d_steps[2].defense_change) == (4, 5)
    # The whole battle: exactly the battle where both get +5 defense by hand.
    policies = (ChancePolicy.ALL_OFFENSE, ChancePolicy.ALL_DEFENSE)
    tight = battle_odds(a, lucky, policies, cave)
    by_hand = battle_odds(
        Side(a.unit, Orders(actions=(_plus(0, 5),), lean=Lean.OFFENSE)),
        Side(d.unit, Orders(actions=(_plus(4, 5),), lean=Lean.OFFENSE)),
        policies,
        Battlefield(Terrain.CAVE_FRONT),
    )
    assert tight == by_hand
    # Before the fix the +5 went to the defenders only: a different battle.
    one_sided = battle_odds(
        a,
        Side(d.unit, Orders(actions=(_plus(4, 5),), lean=Lean.OFFENSE)),
        policies,
        Battlefield(Terrain.CAVE_FRONT),
    )
    assert tight.attacker_wins != one_sided.attacker_wins
    r = resolve_round(
        a,
        lucky,
        cave,
        attacker_allocation=Allocation(die=1, chance=1),
        defender_allocation=Allocation(die=1, chance=0),
    )
    assert "Combat serré: both defenses +5" in r.attacker_steps[2].note


def test_tight_combat_only_in_a_cave_or_fault_and_only_with_defenders():
    with pytest.raises(
        RuleValueError,
        match=r"only in a cave, a narrow passage or a mountain fault .* not on 'Forêt'",
    ):
        Battlefield(Terrain.FOREST, tight_combat=True)
    cave = Battlefield(Terrain.CAVE_FRONT, tight_combat=True)
    with pytest.raises(RuleValueError, match=r"needs a unit holding the ground") as err:
        battle_odds(Side(Unit("A", 50, 1, 1)), Side(Unit("B", 50, 1, 1)), battlefield=cave)
    assert err.value.field == "tight_combat"
    lucky = Side(
        Unit("B", 50, 1, 1, defends_ground=True),
        Orders(actions=(tight_combat(TightCombatRoute.LUCK, 4),)),
    )
    with pytest.raises(RuleValueError, match=r"needs the battle to be a tight combat"):
        resolve_round(Side(Unit("A", 50, 1, 1)), lucky)
    with pytest.raises(RuleValueError, match=r"is an action of the defenders"):
        battle_odds(
            Side(Unit("A", 50, 1, 1)),
            Side(Unit("B", 50, 1, 1, defends_ground=True)),
            battlefield=cave,
            attacker_rolls=[tight_combat_rolls(TightCombatRoute.LUCK)],
        )


def test_actions_declared_in_later_rounds_each_keep_their_own_decay():
    hidden = ambush(4, 4, Cunning.CLEVER, Cunning.ALERT, help_bonus=1).action.on_offense()
    late_charge = charge(4, 0).from_round(2)  # declared in round 2, strikes in round 3
    cry = war_cry().from_round(3)
    side = Side(Unit("A", 100, 0, 0), Orders(actions=(hidden, late_charge, cry)))
    enemy = Unit("B", 100, 0, 0, defends_ground=True)
    got = [totals_before_chance(side, enemy, Battlefield(), r)[2].result for r in range(1, 9)]
    # ambush +2, +1, 0; charge +2/+2 in round 3; war cry -2 def in 3, +3/+1 in 4-7, -1/-2 after
    assert got == ["+2/+0", "+1/+0", "+2/+0", "+3/+1", "+3/+1", "+3/+1", "+3/+1", "-1/-2"]
    assert charge_rolls(0).from_round(3).outcomes()[2][1].effect(4) == Effect(2, 2)
    with pytest.raises(RuleValueError, match=r"round_number must be an integer from 1 to 20"):
        charge(4, 0).from_round(21)


def test_odds_with_several_rolled_actions_a_side_are_the_exact_mixture():
    # Small units, so the brute force over every die (4**5 = 1024 faces) stays quick.
    a = Side(Unit("A", 20, 2, 2, Commander(cunning=Cunning.CLEVER)), Orders(lean=Lean.OFFENSE))
    d = Side(Unit("B", 20, 2, 2, defends_ground=True), Orders(lean=Lean.EVEN))
    a_rolls = [ambush_rolls(Cunning.CLEVER, Cunning.ALERT, 1), charge_rolls(1).from_round(2)]
    d_rolls = [surprise_attack_rolls(0, 1).from_round(2)]
    mixed = battle_odds(
        a,
        d,
        ChancePolicy.SPLIT,
        timing=Timing.AFTER_ROLL,
        attacker_rolls=a_rolls,
        defender_rolls=d_rolls,
    )
    brute = Fraction(0)
    cache: dict = {}
    for faces in itertools.product(range(1, 5), repeat=5):
        amb = ambush(faces[0], faces[1], Cunning.CLEVER, Cunning.ALERT, 1).action
        ch = charge(faces[2], 1).from_round(2)
        sur = surprise_attack(faces[3], faces[4], 0, 1)
        key = (amb, ch, sur.for_self.from_round(2), sur.for_enemy.from_round(2))
        if key not in cache:
            cache[key] = battle_odds(
                Side(a.unit, Orders(actions=(amb, ch, key[3]), lean=Lean.OFFENSE)),
                Side(d.unit, Orders(actions=(key[2],), lean=Lean.EVEN)),
                ChancePolicy.SPLIT,
                timing=Timing.AFTER_ROLL,
            ).attacker_wins
        brute += cache[key] / 4**5
    assert mixed.attacker_wins == brute


def test_charge_breaker_rolled_against_a_charge_still_to_roll():
    rolled = charge_breaker_rolls(charge_rolls(0), 1, 1, 0)
    assert rolled.dice == ("preparation d4", "defender d4", "attacker d4", "leadership d4")
    total = {"broken": Fraction(0), "improved": Fraction(0), "kept": Fraction(0)}
    for p, mine, theirs in rolled.outcomes():
        if mine.effect(2).offense == 2:
            total["broken"] += p
        elif theirs.effect(2).offense > theirs.effect(2).defense:
            total["improved"] += p
        else:
            total["kept"] += p
    # By hand: prepared (d4 + 1 >= 3) 3 times in 4; the charge succeeds (d4 >= 3) 1 time in 2;
    # then 1d4+2 beats 1d4 13 times in 16 (2 + 3 + 4 + 4), else the charge gains +2 offense.
    assert total["broken"] == Fraction(3, 4) * Fraction(1, 2) * Fraction(13, 16)
    assert total["improved"] == Fraction(3, 4) * Fraction(1, 2) * Fraction(3, 16)
    assert sum(total.values()) == 1
    a = Side(Unit("A", 30, 2, 2))
    d = Side(Unit("B", 30, 2, 2, defends_ground=True))
    mixed = battle_odds(a, d, defender_rolls=[rolled])
    brute = Fraction(0)
    for faces in itertools.product(range(1, 5), repeat=4):
        result = charge_breaker(*faces[:3], 1, 1, charge(faces[3], 0))
        brute += (
            battle_odds(
                Side(a.unit, Orders(actions=(result.charge,))),
                Side(d.unit, Orders(actions=(result.defender_action,))),
            ).defender_wins
            / 256
        )
    assert mixed.defender_wins == brute
    with pytest.raises(RuleValueError, match=r"answers a charge"):
        charge_breaker_rolls(ambush_rolls(Cunning.ALERT, Cunning.ALERT), 0, 0, 0)


def test_nobody_holds_the_ground():
    a, b = Unit("A", 100, 0, 0), Unit("B", 100, 0, 0)
    # no defenders, so nobody is well placed: the source's « sinon, -1 à tous » (issue 25)
    for terrain, free in ((Terrain.MARSH, -2), (Terrain.MUDDY_PLAIN, -1), (Terrain.FOREST, 0)):
        for well_placed in (True, False):
            field = Battlefield(terrain, well_placed=well_placed)
            steps = totals_before_chance(Side(a, Orders(lean=Lean.OFFENSE)), b, field)
            assert steps[-1].offense_change + steps[-1].defense_change == free, terrain
            assert "nobody holds the ground" in steps[-1].note


def test_the_exact_odds_refuse_too_many_rolled_outcomes_before_any_work():
    a = Side(Unit("A", 100, 3, 3, Commander(cunning=Cunning.CLEVER)))
    d = Side(Unit("B", 100, 3, 3, Commander(cunning=Cunning.CLEVER), defends_ground=True))
    # 6 x 4 x 4 outcomes for the attacker (an ambush, two charges that do not overlap)
    three = [ambush_rolls(Cunning.CLEVER, Cunning.ALERT, 3), charge_rolls(3)]
    three.append(charge_rolls(3).from_round(3))
    breaker = charge_breaker_rolls(charge(4, 0), 0, 0, 0)  # 3 outcomes
    planning = tight_combat_rolls(TightCombatRoute.PLANNING, 3)  # 3 outcomes
    surprise = surprise_attack_rolls(0, 0)  # 3 outcomes
    cave = Battlefield(Terrain.CAVE_FRONT, tight_combat=True)
    with pytest.raises(RuleValueError, match=r"2,592 combinations of outcomes; at most 1,296"):
        battle_odds(
            a,
            d,
            battlefield=cave,
            attacker_rolls=three,
            defender_rolls=[breaker, planning, surprise],
        )
    import time

    start = time.process_time()
    battle_odds(a, d, battlefield=cave, attacker_rolls=three, defender_rolls=[breaker, planning])
    assert time.process_time() - start < 2.0  # about 0.5 s alone on the book's machine


def test_simulate_battle_is_capped_before_any_work():
    a, d = Side(Unit("A", 100, 0, 10)), Side(Unit("B", 100, 0, 10, defends_ground=True))
    import time

    start = time.process_time()
    with pytest.raises(RuleValueError, match=r"allowed n up to 2,000 with max_rounds=20") as err:
        simulate_battle(a, d, n=40_000)
    assert err.value.field == "n" and time.process_time() - start < 0.1
    with pytest.raises(RuleValueError, match=r"n must be an integer from 1 to 40000, got 100000"):
        simulate_battle(a, d, n=100_000)  # took 168 s before the cap


@pytest.mark.slow
def test_simulate_battle_runs_the_most_it_allows():
    a, d = Side(Unit("A", 100, 0, 10)), Side(Unit("B", 100, 0, 10, defends_ground=True))
    import time

    assert simulate_battle(a, d, n=10_000, max_rounds=4).n == 10_000
    start = time.process_time()
    simulate_battle(a, d, ChancePolicy.ALL_DEFENSE, n=2000)  # 40,000 rounds: the most allowed
    assert time.process_time() - start < 4.0  # about 1.3 s alone on the book's machine


# ------------------------------------------------ issue 16: the two-unit calculators


def _python_value(calc):
    import rulebook_py

    call = calc.python_call(calc.values())
    namespace = {"mass_battle": rulebook_py.mass_battle, "outcomes": rulebook_py.outcomes}
    return eval(call.expression, namespace), call.value


def test_round_calculator_tight_combat_raises_both_defenses():
    from rulebook_py.widgets.mass_battle import MassBattleRoundCalculator

    calc = MassBattleRoundCalculator(terrain="CAVE_FRONT")
    calc.controls["d_action1"].value = "tight luck 4"
    assert "needs the battle to be a tight combat (a state" in calc.error_for("d_action1")
    calc.controls["tight"].value = True
    html = calc.result.value
    # step 1: the brigands' +5 defense too; the knights +4 offense (luck) and +5 defense
    assert "<td>special actions</td><td>+6/+5</td><td>+8/+8</td>" in html
    # knights 8 against 8 + 1 before the dice: only the base, 5 % (25 % before the fix)
    assert "0 + (0 − 1) → 5 %" in html
    assert "attacker: Combat serré: both defenses +5" in html
    calc.controls["holder"].value = ""
    assert "is an action of the defenders" in calc.error_for("d_action1")
    calc.controls["d_action1"].value = "none"
    assert "needs a unit holding the ground" in calc.error_for("tight")


def test_odds_calculator_tight_combat_is_a_state_of_the_battle():
    from rulebook_py.widgets.mass_battle import MassBattleOddsCalculator

    calc = MassBattleOddsCalculator(terrain="CAVE_FRONT", tight=True, d_action1="tight luck 4")
    shown, value = _python_value(calc)
    brigands, knights, _, hidden = brigands_sides()
    a = Side(
        Unit("Attacker", 100, 3, 1, brigands.unit.commander, Morale.CONFIDENT),
        Orders(Attitude.RATHER_OFFENSIVE, (hidden.action.on_offense(),), Lean.DEFENSE),
    )
    d = Side(
        Unit("Defender", 40, 4, 3, knights.unit.commander, defends_ground=True),
        Orders(Attitude.BALANCED, (tight_combat(TightCombatRoute.LUCK, 4),), Lean.DEFENSE),
    )
    odds = battle_odds(
        a,
        d,
        (ChancePolicy.ALL_OFFENSE, ChancePolicy.ALL_DEFENSE),
        Battlefield(Terrain.CAVE_FRONT, tight_combat=True),
    )
    assert shown == value == odds.attacker_wins
    assert f"<td>Attacker wins</td><td>{probability(odds.attacker_wins)}</td>" in calc.result.value
    calc.controls["terrain"].value = "FOREST"
    assert "only in a cave" in calc.error_for("tight")


def test_several_actions_a_side_each_in_its_round():
    from rulebook_py.widgets.mass_battle import MassBattleOddsCalculator, MassBattleRoundCalculator

    calc = MassBattleRoundCalculator(a_action2="charge", a_action2_round=2, round=3)
    # round 3: the ambush is spent (+0), the charge declared in round 2 strikes (+2/+2)
    assert calc.error == ""
    assert "<td>special actions</td><td>+6/+2</td><td>+4/+3</td>" in calc.result.value
    assert "Charge: leadership roll 4: +2/+2 (from round 2)" in calc.result.value
    shown, value = _python_value(calc)
    assert shown == value
    odds = MassBattleOddsCalculator(a_action2="war cry", a_action2_round=2, d_action1="retreat")
    shown, value = _python_value(odds)
    assert shown == value and "war_cry" not in odds.code.value  # resolved: written out
    brigands, knights, _, hidden = brigands_sides()
    a = Side(
        Unit("Attacker", 100, 3, 1, brigands.unit.commander, Morale.CONFIDENT),
        Orders(
            Attitude.RATHER_OFFENSIVE,
            (hidden.action.on_offense(), war_cry().from_round(2)),
            Lean.DEFENSE,
        ),
    )
    d = Side(
        Unit("Defender", 40, 4, 3, knights.unit.commander, defends_ground=True),
        Orders(Attitude.BALANCED, (cautious_retreat(),), Lean.DEFENSE),
    )
    assert (
        value
        == battle_odds(a, d, (ChancePolicy.ALL_OFFENSE, ChancePolicy.ALL_DEFENSE)).attacker_wins
    )
    odds.controls["a_action3"].value = "rolled charge"
    odds.controls["a_action2"].value = "rolled ambush"
    # a rolled ambush beside the resolved one of the first slot: it does not stack (issue 25)
    odds.controls["a_action2_round"].value = 1
    assert "the same action does not stack" in odds.error_for("a_action2")
    odds.controls["a_action2"].value = "none"
    assert odds.error == ""
    odds.controls["a_action3_round"].value = 0
    assert "declared in round must be an integer from 1 to 20, got 0" in odds.error_for(
        "a_action3_round"
    )


def test_every_unit_option_reaches_the_two_unit_calculators():
    from rulebook_py.widgets.mass_battle import MassBattleOddsCalculator, MassBattleRoundCalculator

    for cls in (MassBattleRoundCalculator, MassBattleOddsCalculator):
        calc = cls()
        before = calc.python_call(calc.values()).expression
        # (what a unit fights with counts only on a fault attacked from above: until the
        # terrain is one, the Python line leaves it out)
        for name, value, counts in (
            ("d_fame", "LEGENDARY", True),
            ("weather", "DEPRESSING", True),
            ("a_feels_weather", False, True),
            ("d_leadership", "POOR/EXPERIENCED", True),
            ("d_reading", "RANKED_LIST", True),
            ("terrain", "MARSH", True),
            ("well_placed", False, True),
            ("holder", "", True),
            ("a_weapons", "missile", False),
            ("d_weapons", "flying", False),
            ("terrain", "FAULT_FROM_ABOVE", True),
        ):
            calc.controls[name].value = value
            assert calc.error == "", (cls.__name__, name, calc.error)
            shown, kept = _python_value(calc)
            assert shown == kept
            now = calc.python_call(calc.values()).expression
            assert (now != before) == counts, (cls.__name__, name)  # the option reaches the rules
            before = now
        assert "'weapons': 'missile'" in now and "'weapons': 'flying'" in now


def test_charge_breaker_in_the_calculators():
    from rulebook_py.widgets.mass_battle import MassBattleOddsCalculator, MassBattleRoundCalculator

    calc = MassBattleRoundCalculator(a_action1="charge", round=2)
    calc.controls["d_action1"].value = "breaker won"
    # the charge is broken (the brigands stay at +4/+0), the knights get +2 offense
    assert "<td>special actions</td><td>+4/+0</td><td>+6/+3</td>" in calc.result.value
    assert "defender: Brise-charge: 4 beats 1" in calc.result.value
    shown, value = _python_value(calc)
    assert shown == value
    calc.controls["a_action1"].value = "none"
    assert "answers a charge: give the enemy a charge first" in calc.error_for("d_action1")
    odds = MassBattleOddsCalculator(a_action2="rolled charge", d_action1="rolled breaker")
    assert (
        "the charge-breaker (brise-charge): preparation d4, defender d4, attacker d4, "
        "leadership d4." in odds.result.value
    )
    shown, value = _python_value(odds)
    assert shown == value
    odds.controls["holder"].value = "a"
    assert "is an action of the defenders" in odds.error_for("d_action1")


def test_round_allocations_clamp_with_a_note_when_the_points_change():
    from rulebook_py.widgets.mass_battle import MassBattleRoundCalculator

    for name, value in (("a_action1", "war cry"), ("a_action1", "charge"), ("round", 2)):
        calc = MassBattleRoundCalculator()
        calc.controls[name].value = value
        assert calc.error == "", (name, calc.error)
        assert "attacker, “Action points on offense”: 2 asked, at most" in calc.result.value
    calc = MassBattleRoundCalculator(a_morale_off=-1)
    assert "“Morale points on offense”: -1 asked, at least 0 possible: 0 used" in calc.result.value


def test_the_largest_battle_the_controls_allow_is_quick():
    from rulebook_py.systems.mass_battle import odds as mb_odds
    from rulebook_py.widgets.mass_battle import MassBattleOddsCalculator

    calc = MassBattleOddsCalculator(a_vitality=100, d_vitality=100, holder="d")
    for name, value in (
        ("a_action1", "rolled ambush"),
        ("a_action2", "charge"),
        ("a_action3", "war cry"),
        ("a_action3_round", 3),
        ("d_action1", "rolled breaker"),
        ("d_action2", "retreat"),
        ("d_action3", "surprise won"),
        ("cover", 3),
        ("a_lean", "EVEN"),
        ("timing", "AFTER_ROLL"),
        ("a_policy", "SPLIT"),
        ("d_policy", "ALL_OFFENSE"),
    ):
        calc.controls[name].value = value
    assert calc.error == ""
    # (no elapsed time here: the work is counted, and measured in make bench)
    declared = calc.view.outcome.declared
    rolled = declared.attacker_rolls + declared.defender_rolls
    combinations = math.prod(len(r.outcomes()) for r in rolled)
    assert 1 < combinations <= mb_odds.MAX_ROLLED_COMBINATIONS // 4


@pytest.mark.parametrize(
    "name",
    [
        "UnitBuilderCalculator",
        "MassBattleRoundCalculator",
        "MassBattleOddsCalculator",
        "WorkedExampleCalculator",
    ],
)
def test_the_python_call_gives_the_answer_after_every_benchmark_change(name):
    from rulebook_py.widgets import CALCULATORS

    cls = CALCULATORS[name]
    calc = cls()
    for control, value in cls.bench_changes:
        calc.controls[control].value = value
        shown, kept = _python_value(calc)
        assert shown == kept, (name, control)
        text = calc.code.value.replace("&quot;", '"').replace("&#x27;", "'")
        assert calc.python_call(calc.values()).expression in text


def test_firm_ground_with_nobody_holding_it_is_noted():
    from rulebook_py.widgets.mass_battle import MassBattleOddsCalculator

    calc = MassBattleOddsCalculator(terrain="MARSH", holder="")
    before = calc.result.value
    calc.controls["well_placed"].value = False
    assert "nobody holds the ground, so firm ground changes nothing" in calc.result.value
    assert calc.python_call(calc.values()).value == _python_value(calc)[0]
    assert "nobody holds the ground, so" not in before
