"""Unisystem combat: tables, round, initiative, multiple actions, close and ranged combat."""

from __future__ import annotations

import html
import itertools
import random
from dataclasses import replace
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook_py import outcomes
from rulebook_py.distribution import Distribution
from rulebook_py.errors import RuleValueError
from rulebook_py.systems.unisystem import UntrainedAttack, contest, success_levels, task, test
from rulebook_py.systems.unisystem.actions import (
    ActionKind,
    ActionLimits,
    PlannedAction,
    action_penalties,
    parse_plan,
    plan_actions,
)
from rulebook_py.systems.unisystem.combat import (
    ROUND_STEPS,
    CloseSkill,
    DefenseKind,
    ImprovisedWeapon,
    Lighting,
    MeleeAttack,
    MeleeDefense,
    RangeBand,
    RoundStep,
    Stance,
    attack_check,
    can_parry,
    darkness_bonus_distribution,
    defense_check,
    feint,
    feinted_exchange,
    keep_cool,
    melee_exchange,
    parse_enum,
    scope_bonus,
)
from rulebook_py.systems.unisystem.initiative_rolls import (
    Combatant,
    InitiativeEdge,
    first_to_act,
    initiative_order,
    side_bonus,
    side_first_chances,
)
from rulebook_py.systems.unisystem.ranged_combat import (
    Aim,
    Dive,
    FiringMode,
    RangedDefense,
    ShotgunAmmo,
    Volley,
    effective_multiplier,
    hits_damage,
    ranged_attack,
    suppressive_fire_hits,
)

D10 = range(1, 11)
F = Fraction


# ------------------------------------------------------------------ tables
def test_round_has_six_steps_in_the_source_order():
    assert [s.label for s in ROUND_STEPS] == [
        "Intentions",
        "Initiative",
        "Performance",
        "Dégâts",
        "Recommencer",
        "Fin",
    ]
    assert ROUND_STEPS[0] is RoundStep.INTENTIONS and all(s.summary for s in ROUND_STEPS)


def test_range_table_exactly_as_the_source():
    table = {b.label: (b.modifier, b.multiplier_shift) for b in RangeBand}
    assert table == {
        "À bout portant": (1, 1),
        "Courte": (0, 0),
        "Moyenne": (-1, 0),
        "Longue": (-3, -1),
        "Extrême": (-6, -2),
    }


def test_lighting_table_exactly_as_the_source():
    assert Lighting.DIM.modifier == -1 and Lighting.DIM.label == "Faible"
    assert Lighting.POOR.modifier == -4 and Lighting.POOR.label == "Mauvais"
    assert Lighting.TOTAL_DARKNESS.modifier is None
    assert Lighting.TOTAL_DARKNESS.label == "Noir total"
    assert Lighting.NORMAL.modifier == 0


def test_scope_bonus_is_two_to_five():
    assert [scope_bonus(s) for s in (0, 2, 3, 4, 5)] == [0, 2, 3, 4, 5]
    for bad in (1, 6, -1):
        with pytest.raises(RuleValueError, match="scope") as err:
            scope_bonus(bad)
        assert err.value.field == "scope"


def test_stances_improvised_weapons_and_ammo():
    assert (Stance.DEFENSIVE.defense_bonus, Stance.DEFENSIVE.may_attack) == (3, False)
    assert (Stance.AGGRESSIVE.attack_bonus, Stance.AGGRESSIVE.may_defend) == (2, False)
    assert ImprovisedWeapon.SHARP.attack == -2
    assert ImprovisedWeapon.CLUMSY.attack_range == (-3, -1)
    assert ImprovisedWeapon.CHAIR.parry_range == (1, 2)
    assert {a.label: a.bonus for a in ShotgunAmmo} == {
        "Pas un fusil à pompe": 0,
        "Plomb fin": 2,
        "Chevrotine": 1,
        "Balle pleine": 0,
    }


def test_parse_enum_reads_names_and_labels_and_refuses_the_rest():
    assert parse_enum("point_blank", RangeBand, "range_band") is RangeBand.POINT_BLANK
    assert parse_enum("Extrême", RangeBand, "range_band") is RangeBand.EXTREME
    with pytest.raises(RuleValueError, match=r"range_band must be one of .*'galactic'") as err:
        parse_enum("galactic", RangeBand, "range_band")
    assert err.value.field == "range_band"
    with pytest.raises(RuleValueError, match="range_band"):
        ranged_attack(3, 3, range_band="galactic")


# ------------------------------------------------------------ multiple actions
A, D, OTH = ActionKind.ATTACK, ActionKind.DEFENSE, ActionKind.OTHER


def test_jimmy_attack_and_first_defense_free_then_minus_2_and_minus_4():
    plan = parse_plan("attack 4+4 punch\ndefense 4+3 dodge\ndefense 4+3\ndefense 4+3")
    steps = plan_actions(plan)
    assert [s.penalty for s in steps] == [0, 0, -2, -4]
    assert [s.free for s in steps] == [True, True, False, False]
    assert [s.chance for s in steps] == [
        task(4, 4).success_chance(),
        task(4, 3).success_chance(),
        task(4, 3, -2).success_chance(),
        task(4, 3, -4).success_chance(),
    ]
    assert [s.chance for s in steps] == [F(1), F(9, 10), F(7, 10), F(1, 2)]


@pytest.mark.parametrize(
    ("kinds", "close", "expected"),
    [
        ([A, D, D, D], True, (0, 0, -2, -4)),
        ([A, D, D, D], False, (0, -2, -4, -6)),
        ([A, A, D, A], True, (0, -2, 0, -4)),
        ([D, D, A], True, (0, -2, 0)),
        ([OTH], False, (0,)),
        ([OTH], True, (-2,)),
        ([A, OTH, D, OTH], True, (0, -2, 0, -4)),
        ([OTH] * 5, False, (0, -2, -4, -6, -8)),
    ],
)
def test_penalty_sequences(kinds, close, expected):
    assert action_penalties(kinds, close) == expected


def test_optional_caps_on_attacks_never_on_defenses():
    four = [PlannedAction(A, 4, 4)] * 4
    with pytest.raises(RuleValueError, match="at most 3 attacks") as err:
        plan_actions(four, limits=ActionLimits(max_attacks=3))
    assert err.value.field == "actions"
    assert len(plan_actions(four[:3], limits=ActionLimits(max_attacks=3))) == 3
    with pytest.raises(RuleValueError, match="at most 2 attacks"):
        plan_actions(four[:3], limits=ActionLimits(dexterity=5))  # 5 // 2 = 2
    assert ActionLimits(dexterity=1).attack_cap() == 1  # at least one
    assert ActionLimits(dexterity=0).attack_cap() == 1
    with pytest.raises(RuleValueError, match="beyond the Constitution limit of 3"):
        plan_actions(four[:3], limits=ActionLimits(constitution=3))  # third attack at -4
    assert len(plan_actions(four[:2], limits=ActionLimits(constitution=2))) == 2
    defenses = [PlannedAction(D, 4, 3)] * 10
    limits = ActionLimits(max_attacks=1, dexterity=2, constitution=1)
    assert plan_actions(defenses, limits=limits)[-1].penalty == -18


def test_plan_bad_inputs():
    for text, match in [
        ("", "empty"),
        ("jump 3", "kind must be attack, defense or other, got 'jump'"),
        ("attack", "expected 'kind attribute\\+skill label'"),
        ("attack 40+1", "attribute must be an integer from 0 to 30, got 40"),
        ("défense 3+50", "skill must be an integer from 0 to 30, got 50"),
    ]:
        with pytest.raises(RuleValueError, match=match) as err:
            parse_plan(text)
        assert err.value.field == "actions"
    with pytest.raises(RuleValueError, match="1 to 12 actions, got 13"):
        plan_actions([PlannedAction(D, 3)] * 13)
    with pytest.raises(RuleValueError, match="max_attacks"):
        ActionLimits(max_attacks=0)
    with pytest.raises(RuleValueError, match="kind"):
        PlannedAction("attack", 3)  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from([A, D, OTH]), min_size=1, max_size=12), st.booleans())
def test_penalties_are_the_cumulative_sequence(kinds, close):
    pens = action_penalties(kinds, close)
    extras = [p for p in pens if p]
    assert extras == [-2 * i for i in range(1, len(extras) + 1)]
    if close:
        assert pens.count(0) == min(1, kinds.count(A)) + min(1, kinds.count(D))
    else:
        assert pens[0] == 0 and pens.count(0) == 1


# ------------------------------------------------------------------ initiative
def _brute_first(units):
    """units: list of (key, bonus, tie_dex); exact P(first) with an even roll-off."""
    out = {k: F(0) for k, _, _ in units}
    for dice in itertools.product(D10, repeat=len(units)):
        keys = [(b + x, t) for (_, b, t), x in zip(units, dice)]
        best = max(keys)
        winners = [u[0] for u, k in zip(units, keys) if k == best]
        for w in winners:
            out[w] += F(1, 10 ** len(units) * len(winners))
    return out


@pytest.mark.parametrize(("dex_a", "dex_b"), [(4, 3), (3, 3), (1, 6), (2, 2), (0, 9)])
def test_two_combatants_agree_with_the_basic_contest(dex_a, dex_b):
    chances = first_to_act([Combatant("A", dex_a), Combatant("B", dex_b, side="NPC")])
    c = contest(dex_a, dex_b)
    tie_share = F(1) if dex_a > dex_b else F(1, 2) if dex_a == dex_b else F(0)
    assert chances["A"] == c.a_wins + c.tie * tie_share
    assert chances["A"] + chances["B"] == 1


@pytest.mark.parametrize("dexes", [(4, 3, 3), (2, 2, 2), (5, 1, 3), (3, 4, 4)])
def test_three_combatants_match_brute_force(dexes):
    fighters = [Combatant(f"C{i}", d, side=f"S{i}") for i, d in enumerate(dexes)]
    expected = _brute_first([(f"C{i}", d, d) for i, d in enumerate(dexes)])
    assert first_to_act(fighters) == expected


def test_group_initiative_rolls_once_per_side_with_the_best_dexterity():
    fighters = [
        Combatant("Jimmy", 4),
        Combatant("Ann", 2),
        Combatant("W1", 3, "NPC"),
        Combatant("W2", 5, "NPC"),
    ]
    chances = first_to_act(fighters, group=True)
    side = _brute_first([("PCs", 4, 4), ("NPC", 5, 5)])
    # the whole side acts together: every member acts in the first group with its side
    assert chances["Jimmy"] == chances["Ann"] == side["PCs"]
    assert chances["W2"] == chances["W1"] == side["NPC"]
    assert side_first_chances(fighters, group=True) == {"PCs": side["PCs"], "NPC": side["NPC"]}
    order = initiative_order(fighters, random.Random(5), group=True)
    sides = [e.unit for e in order.entries]
    assert sides in (["PCs", "PCs", "NPC", "NPC"], ["NPC", "NPC", "PCs", "PCs"])
    assert order.entries[0].bonus == max(4, 2) or order.entries[0].bonus == 5


def test_edges_override_the_dice():
    fighters = [
        Combatant("Brute", 6),
        Combatant("Gunman", 1, edge=InitiativeEdge.RANGED),
        Combatant("Witch", 1, edge=InitiativeEdge.MAGIC),
        Combatant("Sniper", 0, "NPC", edge=InitiativeEdge.AMBUSH),
    ]
    assert first_to_act(fighters)["Sniper"] == 1
    for seed in range(20):
        assert initiative_order(fighters, random.Random(seed)).names == [
            "Sniper",
            "Witch",
            "Gunman",
            "Brute",
        ]


def test_rolled_order_is_seeded_and_descending():
    fighters = [Combatant(f"C{i}", i % 5) for i in range(8)]
    a = initiative_order(fighters, random.Random(11))
    assert a == initiative_order(fighters, random.Random(11))
    keys = [(e.total, e.combatant.dexterity) for e in a.entries]
    assert keys == sorted(keys, reverse=True)
    for e in a.entries:
        assert e.total == e.die + e.combatant.dexterity and 1 <= e.die <= 10
    assert "D10 [" in str(a)


def test_rolled_order_frequencies_follow_the_exact_chances():
    fighters = [Combatant("A", 3), Combatant("B", 3, "NPC")]
    firsts = sum(initiative_order(fighters, random.Random(s)).names[0] == "A" for s in range(2000))
    assert abs(firsts / 2000 - 0.5) < 0.05  # about 4.5 standard deviations


def test_initiative_bad_inputs():
    with pytest.raises(RuleValueError, match="1 to 20 combatants, got 0"):
        first_to_act([])
    with pytest.raises(RuleValueError, match="1 to 20 combatants, got 21"):
        initiative_order([Combatant(f"C{i}", 2) for i in range(21)])
    with pytest.raises(RuleValueError, match=r"unique; repeated: 'A'"):
        first_to_act([Combatant("A", 2), Combatant("A", 3)])
    with pytest.raises(RuleValueError, match="dexterity must be an integer from 0 to 30, got -1"):
        Combatant("A", -1)
    with pytest.raises(RuleValueError, match="name must be text of 1 to 40 characters"):
        Combatant(" ", 3)
    with pytest.raises(RuleValueError, match="edge"):
        Combatant("A", 3, edge="sniper")  # type: ignore[arg-type]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 8), min_size=1, max_size=6), st.booleans())
def test_first_to_act_chances_sum_to_one(dexes, group):
    fighters = [Combatant(f"C{i}", d, side=f"S{i % 2}") for i, d in enumerate(dexes)]
    sides = side_first_chances(fighters, group=group)
    assert sum(sides.values()) == 1
    chances = first_to_act(fighters, group=group)
    if not group:
        assert sum(chances.values()) == 1
    else:  # every member acts with its side
        assert all(chances[c.name] == sides[c.side] for c in fighters)


# ------------------------------------------------------------------ close combat
def _brute_melee(att_bonus, def_bonus, must_succeed=True):
    hits = 0
    for a, d in itertools.product(D10, D10):
        ta = a + att_bonus
        if def_bonus is None:
            hits += ta >= 9
        else:
            hits += ta > d + def_bonus and (ta >= 9 or not must_succeed)
    return F(hits, 100)


def test_jimmy_third_defense_lets_the_last_wildling_through_more_often():
    wildling = MeleeAttack(dexterity=3, skill=2)
    chances = [
        melee_exchange(wildling, MeleeDefense(DefenseKind.DODGE, 4, 3, penalty=p)).hit_chance
        for p in (0, -2, -4)
    ]
    assert chances == [_brute_melee(5, 7), _brute_melee(5, 5), _brute_melee(5, 3)]
    assert chances == [F(7, 25), F(21, 50), F(11, 20)]
    assert chances[0] < chances[1] < chances[2]


@settings(max_examples=60, deadline=None)
@given(
    st.integers(0, 8),
    st.integers(0, 6),
    st.integers(0, 8),
    st.integers(0, 6),
    st.sampled_from(list(DefenseKind)),
    st.booleans(),
)
def test_melee_matches_brute_force(adex, askill, ddex, dskill, kind, must):
    att = MeleeAttack(adex, askill, CloseSkill.MARTIAL_ARTS)
    dfc = MeleeDefense(kind, ddex, dskill, CloseSkill.MARTIAL_ARTS)
    out = melee_exchange(att, dfc, attack_must_succeed=must)
    expected = _brute_melee(
        adex + askill, None if kind is DefenseKind.NONE else ddex + dskill, must
    )
    assert out.hit_chance == expected
    assert sum(out.level_distribution().values()) == 1
    if kind is not DefenseKind.NONE and not must:
        assert out.hit_chance == contest(adex + askill, ddex + dskill).a_wins


def test_no_skill_is_a_difficult_dexterity_test():
    out = melee_exchange(MeleeAttack(4), MeleeDefense(DefenseKind.DODGE, 3))
    assert out.attack.bonus == test(4, difficult=True).bonus == 4
    assert out.defense is not None and out.defense.bonus == 3
    assert out.attack.kind.name == "DIFFICULT_TEST"


def test_stances_lighting_and_modifiers_reach_the_rolls():
    att = MeleeAttack(3, 3, stance=Stance.AGGRESSIVE, penalty=-2, modifier=1)
    dfc = MeleeDefense(DefenseKind.PARRY, 3, 3, CloseSkill.HAND_WEAPON, Stance.DEFENSIVE, -2, 2)
    out = melee_exchange(att, dfc, Lighting.POOR)
    assert out.attack.bonus == 3 + 3 + 2 - 2 + 1 - 4
    assert out.defense is not None and out.defense.bonus == 3 + 3 + 3 - 2 + 2 - 4
    out2 = melee_exchange(att, dfc, "poor", lighting_on_defense=False)
    assert out2.defense is not None and out2.defense.bonus == 3 + 3 + 3 - 2 + 2


def test_total_darkness_is_a_plain_d10():
    strong = MeleeAttack(6, 6)
    none = MeleeDefense(DefenseKind.NONE)
    assert melee_exchange(strong, none, Lighting.TOTAL_DARKNESS).hit_chance == F(1, 5)
    assert melee_exchange(strong, none, "noir total", darkness_bonus=2).hit_chance == F(2, 5)
    assert darkness_bonus_distribution(3) == test(3, difficult=True).level_distribution()


def test_parry_rules():
    assert not can_parry(CloseSkill.BRAWLING, CloseSkill.HAND_WEAPON)
    assert can_parry(CloseSkill.BRAWLING, CloseSkill.BRAWLING)
    assert can_parry(CloseSkill.MARTIAL_ARTS, CloseSkill.HAND_WEAPON)
    assert can_parry(CloseSkill.HAND_WEAPON, CloseSkill.MARTIAL_ARTS)
    knife = MeleeAttack(3, 2, CloseSkill.HAND_WEAPON)
    with pytest.raises(RuleValueError, match="only a hand weapon or Martial Arts") as err:
        melee_exchange(knife, MeleeDefense(DefenseKind.PARRY, 3, 3, CloseSkill.BRAWLING))
    assert err.value.field == "parry_with"
    ok = melee_exchange(knife, MeleeDefense(DefenseKind.PARRY, 3, 3, CloseSkill.MARTIAL_ARTS))
    assert ok.hit_chance == _brute_melee(5, 6)


def test_melee_bad_inputs():
    with pytest.raises(RuleValueError, match="gives up attacking") as err:
        MeleeAttack(3, 2, stance=Stance.DEFENSIVE)
    assert err.value.field == "stance"
    with pytest.raises(RuleValueError, match="gives up every defense"):
        MeleeDefense(DefenseKind.DODGE, 3, 2, stance=Stance.AGGRESSIVE)
    assert MeleeDefense(DefenseKind.NONE, 3, stance=Stance.AGGRESSIVE).kind is DefenseKind.NONE
    with pytest.raises(RuleValueError, match="penalty must be an integer from -30 to 0, got 2"):
        MeleeAttack(3, penalty=2)
    with pytest.raises(RuleValueError, match="dexterity must be an integer from 0 to 30, got 31"):
        MeleeAttack(31)
    with pytest.raises(RuleValueError, match="lighting must be one of"):
        melee_exchange(MeleeAttack(3), MeleeDefense(), "foggy")
    with pytest.raises(RuleValueError, match="darkness_bonus"):
        melee_exchange(MeleeAttack(3), MeleeDefense(), darkness_bonus=-1)
    out = melee_exchange(MeleeAttack(3), MeleeDefense())
    with pytest.raises(RuleValueError, match="multiplier"):
        out.damage_distribution(4, -1)
    with pytest.raises(RuleValueError, match="sides"):
        out.damage_distribution(7, 2)


def test_melee_damage_and_roll():
    out = melee_exchange(MeleeAttack(4, 4), MeleeDefense(DefenseKind.DODGE, 3, 2))
    p = out.hit_chance
    dmg = out.damage_distribution(4, 3)
    assert dmg.pmf()[0] == 1 - p
    assert dmg.pmf()[12] == p / 4
    assert dmg.mean() == p * F(5, 2) * 3
    assert out.damage_distribution(4, 3, averaged=True).pmf() == {0: 1 - p, 6: p}
    r = out.roll(random.Random(8), sides=4, multiplier=3)
    assert r == out.roll(random.Random(8), sides=4, multiplier=3)
    assert r.hit == (r.attack.total > r.defense.total and r.attack.total >= 9)
    assert r.damage == (r.damage_die * 3 if r.hit else 0)
    assert "attack D10 [" in str(r)


@settings(max_examples=50, deadline=None)
@given(st.integers(0, 6), st.integers(0, 5), st.integers(0, 6), st.integers(0, 5))
def test_more_skill_never_hurts(adex, askill, ddex, dskill):
    dfc = MeleeDefense(DefenseKind.DODGE, ddex, dskill)
    lo = melee_exchange(MeleeAttack(adex, askill), dfc).hit_chance
    hi = melee_exchange(MeleeAttack(adex, askill + 1), dfc).hit_chance
    assert hi >= lo
    better = melee_exchange(
        MeleeAttack(adex, askill), MeleeDefense(DefenseKind.DODGE, ddex, dskill + 1)
    )
    assert better.hit_chance <= lo


def test_feint_bonus_matches_brute_force_and_the_contest():
    f = feint(3, 2, 2, 2)
    expected: dict[int, Fraction] = {}
    for a, d in itertools.product(D10, D10):
        bonus = success_levels(a + 5) if a + 5 > d + 4 else 0
        expected[bonus] = expected.get(bonus, F(0)) + F(1, 100)
    assert {k: v for k, v in f.bonus.items() if v} == expected
    assert f.win_chance == contest(5, 4).a_wins
    a, d, bonus = f.roll(random.Random(3))
    assert bonus == (a.level if a.total > d.total else 0)


def _brute_feinted_hit(feint_a: int, feint_d: int, attack: int, defense: int | None) -> Fraction:
    """P(hit) after a feint by enumerating all four D10s (attack must also reach 9)."""
    won = 0
    for a, d, x, y in itertools.product(D10, D10, D10, D10):
        bonus = success_levels(a + feint_a) if a + feint_a > d + feint_d else 0
        total = x + attack + bonus
        won += total >= 9 and (defense is None or total > y + defense)
    return F(won, 10**4)


def test_feinted_exchange_matches_brute_force():
    claws = MeleeAttack(3, 2)
    third_dodge = MeleeDefense(DefenseKind.DODGE, 4, 3, penalty=-4)
    f = feint(3, 2, 2, 2)  # INT 3 + Brawling 2 against PER 2 + Martial Arts 2
    out = feinted_exchange(claws, third_dodge, f)
    assert out.hit_chance == _brute_feinted_hit(5, 4, 5, 3) == F(671, 1000)
    assert out.hit_chance > melee_exchange(claws, third_dodge).hit_chance == F(11, 20)
    # each branch is the plain exchange with the bonus added as a feint part
    for bonus, p, branch in out.branches:
        assert p == f.bonus[bonus]
        assert branch.attack.bonus == 5 + bonus
        assert ("feint", bonus) in branch.attack.parts or bonus == 0
    assert sum(out.level_distribution().values()) == 1
    no_defense = feinted_exchange(claws, MeleeDefense(DefenseKind.NONE), f)
    assert no_defense.hit_chance == _brute_feinted_hit(5, 4, 5, None)
    dmg = out.damage_distribution(4, 2)
    assert dmg.probability(0) == 1 - out.hit_chance
    assert dmg.mean() == out.hit_chance * F(5, 2) * 2
    r = out.roll(random.Random(11), sides=4, multiplier=2)
    assert r == out.roll(random.Random(11), sides=4, multiplier=2)
    assert r.blow.attack.check.bonus == 5 + r.bonus
    with pytest.raises(RuleValueError, match="FeintOutcome") as err:
        feinted_exchange(claws, third_dodge, {0: F(1)})  # type: ignore[arg-type]
    assert err.value.field == "feint_outcome"


@settings(max_examples=40, deadline=None)
@given(
    st.integers(0, 6),
    st.integers(0, 6),
    st.integers(0, 6),
    st.integers(0, 6),
    st.sampled_from(list(DefenseKind)),
)
def test_a_feint_never_lowers_the_chance_to_hit(intelligence, skill, perception, dskill, kind):
    attack = MeleeAttack(3, 2)
    defense = MeleeDefense(kind, 3, 2, CloseSkill.MARTIAL_ARTS)
    out = feinted_exchange(attack, defense, feint(intelligence, skill, perception, dskill))
    assert sum(p for _, p, _ in out.branches) == 1
    assert out.hit_chance >= melee_exchange(attack, defense).hit_chance
    assert sum(out.level_distribution().values()) == 1


def test_improvised_weapons_in_the_exchange():
    bottle = MeleeAttack(3, 2, CloseSkill.HAND_WEAPON, improvised=ImprovisedWeapon.SHARP)
    assert bottle.improvised_modifier == -2
    assert attack_check(bottle).bonus == 3
    leg = MeleeAttack(3, 2, CloseSkill.HAND_WEAPON, improvised="long")
    assert attack_check(leg).bonus == 5
    for pick in (-1, -2, -3):
        heavy = MeleeAttack(
            3, 0, CloseSkill.HAND_WEAPON, improvised="clumsy", improvised_modifier=pick
        )
        assert attack_check(heavy).bonus == 3 + pick  # difficult DEX test without the skill
    for pick in (0, -4):
        with pytest.raises(RuleValueError, match=r"−3 to −1, got") as err:
            MeleeAttack(3, 2, CloseSkill.HAND_WEAPON, improvised="clumsy", improvised_modifier=pick)
        assert err.value.field == "improvised_modifier"
    with pytest.raises(RuleValueError, match="Hand weapon skill") as err:
        MeleeAttack(3, 2, CloseSkill.BRAWLING, improvised="sharp")
    assert err.value.field == "kind"
    with pytest.raises(RuleValueError, match="only parries"):
        MeleeAttack(3, 2, CloseSkill.HAND_WEAPON, improvised="chair")
    with pytest.raises(RuleValueError, match="needs an improvised weapon"):
        MeleeAttack(3, 2, improvised_modifier=-1)
    # a chair parries like a shield, +1 (default) or +2, even a blade
    chair = MeleeDefense(DefenseKind.PARRY, 3, 0, CloseSkill.BRAWLING, improvised="chair")
    assert chair.improvised_modifier == 1 and defense_check(chair).bonus == 4
    sword = MeleeAttack(3, 3, CloseSkill.HAND_WEAPON)
    out = melee_exchange(sword, replace(chair, improvised_modifier=2))
    assert out.defense is not None and out.defense.bonus == 5
    assert out.hit_chance == _brute_feinted_hit(0, 100, 6, 5)  # a feint that never wins
    with pytest.raises(RuleValueError, match="chair"):
        MeleeDefense(DefenseKind.DODGE, 3, 0, improvised="chair")
    with pytest.raises(RuleValueError, match=r"\+1 to \+2, got 3"):
        MeleeDefense(DefenseKind.PARRY, 3, 0, improvised="chair", improvised_modifier=3)


def test_keep_cool_is_a_simple_willpower_test():
    assert keep_cool(2).success_chance() == test(2).success_chance() == F(3, 5)
    with pytest.raises(RuleValueError, match="willpower"):
        keep_cool(-1)


# ------------------------------------------------------------------ ranged combat
@pytest.mark.parametrize(
    ("volley", "rolls"),
    [
        (Volley(), ((0, 1),)),
        (Volley(FiringMode.SEMI_AUTO, 3), ((0, 1), (-1, 1), (-2, 1))),
        (Volley(FiringMode.SEMI_AUTO, 3, heavy_recoil=True), ((0, 1), (-2, 1), (-4, 1))),
        (Volley(FiringMode.BURST, 3, burst_size=4), ((0, 4), (-3, 4), (-6, 4))),
        (Volley(FiringMode.FULL_AUTO, 25), ((0, 10), (-4, 10), (-4, 5))),
        (
            Volley(FiringMode.FULL_AUTO, 30, cumulative_group_penalty=True),
            ((0, 10), (-4, 10), (-8, 10)),
        ),
    ],
)
def test_volley_penalties(volley, rolls):
    assert volley.rolls() == rolls
    assert volley.rounds_fired == sum(cap for _, cap in rolls)


@pytest.mark.parametrize(
    ("kwargs", "field", "match"),
    [
        ({"mode": FiringMode.BURST, "burst_size": 0}, "burst_size", "3 to 5 rounds, got 0"),
        ({"mode": FiringMode.BURST, "burst_size": 200}, "burst_size", "3 to 5 rounds, got 200"),
        ({"mode": FiringMode.BURST, "count": 0}, "count", "1 to 10 bursts, got 0"),
        ({"mode": FiringMode.FULL_AUTO, "count": 200}, "count", "1 to 100 rounds, got 200"),
        ({"mode": FiringMode.SEMI_AUTO, "count": 21}, "count", "1 to 20 shots, got 21"),
        ({"mode": FiringMode.SINGLE, "count": 2}, "count", "single shot fires 1 round, got 2"),
        ({"mode": "laser"}, "mode", "mode must be one of"),
        ({"heavy_recoil": 1}, "heavy_recoil", "True or False"),
    ],
)
def test_volley_bad_inputs(kwargs, field, match):
    with pytest.raises(RuleValueError, match=match) as err:
        Volley(**kwargs)
    assert err.value.field == field


def test_ranged_bad_inputs():
    with pytest.raises(RuleValueError, match="multiplier must be an integer from 1 to 30, got -2"):
        ranged_attack(3, 3).damage(6, -2)
    with pytest.raises(RuleValueError, match="multiplier"):
        effective_multiplier(0, RangeBand.SHORT)
    with pytest.raises(RuleValueError, match="dive must be a Dive"):
        ranged_attack(3, 3, dive="pray")  # type: ignore[arg-type]
    with pytest.raises(RuleValueError, match="dodge") as err:
        Dive(3, 31)
    assert err.value.field == "dodge"
    with pytest.raises(RuleValueError, match="ammo must be one of"):
        ranged_attack(3, 3, ammo="rubber")
    with pytest.raises(RuleValueError, match="scope"):
        Aim(3, 3, scope=7)
    with pytest.raises(RuleValueError, match="volley must be a Volley"):
        ranged_attack(3, 3, volley=3)  # type: ignore[arg-type]
    with pytest.raises(RuleValueError, match="sides"):
        ranged_attack(3, 3).damage(5, 2)
    with pytest.raises(RuleValueError, match="hits must count 0 to 100 bullets, got -1 to 0"):
        hits_damage(Distribution.uniform(2, low=-1), 6, 2)


def _brute_ranged(bonus, rolls, aim_bonus=None, dive_bonus=None, must=True):
    """Every die of the aim, the dive and each roll, enumerated."""
    aims = D10 if aim_bonus is not None else [None]
    dives = D10 if dive_bonus is not None else [None]
    out: dict[int, Fraction] = {}
    n = len(rolls)
    weight = F(
        1, 10**n * (10 if aim_bonus is not None else 1) * (10 if dive_bonus is not None else 1)
    )
    for aim in aims:
        lv = 0 if aim is None else success_levels(aim + aim_bonus)
        for dive in dives:
            dt = None if dive is None else dive + dive_bonus
            for dice in itertools.product(D10, repeat=n):
                hits = 0
                for x, (pen, cap) in zip(dice, rolls):
                    t = x + bonus + pen + lv
                    if dt is not None and t <= dt:
                        continue
                    if t < 9 and (dt is None or must):
                        continue
                    hits += 1 if cap == 1 else min(success_levels(t), cap)
                out[hits] = out.get(hits, F(0)) + weight
    return out


@pytest.mark.parametrize(
    ("volley", "aim", "dive"),
    [
        (Volley(), None, None),
        (Volley(FiringMode.SEMI_AUTO, 3), Aim(3, 2), None),
        (Volley(FiringMode.BURST, 2, burst_size=3), None, (3, 2)),
        (Volley(FiringMode.BURST, 2, burst_size=5), Aim(2, 2, scope=3), (2, 3)),
        (Volley(FiringMode.FULL_AUTO, 22), None, (4, 0)),
    ],
)
def test_ranged_hits_match_brute_force(volley, aim, dive):
    the_dive = None if dive is None else Dive(*dive)
    out = ranged_attack(4, 3, volley=volley, range_band="medium", aim=aim, dive=the_dive)
    aim_bonus = None if aim is None else aim.perception + aim.skill + aim.scope
    dive_bonus = None if dive is None else sum(dive)
    expected = _brute_ranged(4 + 3 - 1, volley.rolls(), aim_bonus, dive_bonus)
    assert {k: v for k, v in out.hits.pmf().items() if v} == {
        k: v for k, v in expected.items() if v
    }


def test_burst_levels_are_hits_up_to_the_burst_size():
    # A burst of three: 2 success levels put 2 bullets in, 3 or more put all 3 in.
    out = ranged_attack(0, 0, volley=Volley(FiringMode.BURST, 1, burst_size=3), modifier=10)
    # totals 11..20: levels 2,2,3,3,4,4,5,5,5,5 -> hits 2,2,3,...
    assert out.hits.pmf() == {2: F(1, 5), 3: F(4, 5)}


def test_shotgun_ammo_and_aim_are_bonuses():
    plain = ranged_attack(3, 2, modifier=2).hits
    assert ranged_attack(3, 2, ammo=ShotgunAmmo.BIRDSHOT).hits == plain
    assert ranged_attack(3, 2, ammo="buckshot").hits == ranged_attack(3, 2, modifier=1).hits
    aimed = ranged_attack(3, 2, aim=Aim(3, 3))
    levels = task(3, 3).level_distribution()
    assert aimed.hit_chance == sum(p * task(3, 2, lv).success_chance() for lv, p in levels.items())


def test_total_darkness_ranged_is_a_plain_d10():
    for band in RangeBand:
        out = ranged_attack(6, 6, range_band=band, lighting="total_darkness", aim=Aim(5, 5))
        assert out.hit_chance == F(1, 5) and out.aim is None


def test_keep_cool_under_fire_can_lose_the_shot():
    calm = ranged_attack(3, 3)
    shaken = ranged_attack(3, 3, keep_cool_willpower=2)
    assert shaken.hit_chance == calm.hit_chance * keep_cool(2).success_chance()


def test_damage_is_a_die_per_bullet_times_the_range_multiplier():
    assert [effective_multiplier(2, b) for b in RangeBand] == [3, 2, 2, 1, 1]
    assert effective_multiplier(2, RangeBand.EXTREME, minimum_multiplier=0) == 0
    hits = Distribution.from_weights({0: 1, 1: 1, 2: 1})
    brute: dict[int, Fraction] = {0: F(1, 3)}
    for a in range(1, 5):
        brute[a * 2] = brute.get(a * 2, F(0)) + F(1, 12)
    for a, b in itertools.product(range(1, 5), repeat=2):
        brute[(a + b) * 2] = brute.get((a + b) * 2, F(0)) + F(1, 48)
    assert {k: v for k, v in hits_damage(hits, 4, 2).pmf().items() if v} == brute
    assert hits_damage(hits, 4, 2, averaged=True).pmf() == {0: F(1, 3), 4: F(1, 3), 8: F(1, 3)}
    out = ranged_attack(3, 3, volley=Volley(FiringMode.BURST, 2), range_band="point_blank")
    assert out.damage(6, 3).mean() == out.expected_hits * F(7, 2) * 4


def test_suppressive_fire():
    assert suppressive_fire_hits().pmf() == {k: F(1, 4) for k in range(1, 5)}
    assert suppressive_fire_hits(averaged=True).pmf() == {2: F(1)}


def test_ranged_roll_is_seeded_and_shows_every_die():
    out = ranged_attack(
        4,
        4,
        volley=Volley(FiringMode.BURST, 2),
        aim=Aim(3, 3),
        dive=Dive(3),
        keep_cool_willpower=3,
    )
    r = out.roll(random.Random(21), sides=6, multiplier=3)
    assert r == out.roll(random.Random(21), sides=6, multiplier=3)
    assert 0 <= r.hits <= out.volley.rounds_fired
    text = str(r)
    assert "keep cool D10 [" in text
    if "frozen" not in text:
        assert "aim D10 [" in text and "dive for cover D10 [" in text and "roll 2:" in text


VOLLEYS = st.one_of(
    st.just(Volley()),
    st.builds(Volley, st.just(FiringMode.SEMI_AUTO), st.integers(1, 6), st.just(3), st.booleans()),
    st.builds(Volley, st.just(FiringMode.BURST), st.integers(1, 4), st.integers(3, 5)),
    st.builds(Volley, st.just(FiringMode.FULL_AUTO), st.integers(1, 40)),
)


@settings(max_examples=50, deadline=None)
@given(VOLLEYS, st.integers(0, 6), st.integers(0, 6), st.booleans(), st.integers(-4, 4))
def test_hits_never_exceed_bullets_fired(volley, dex, skill, dive, modifier):
    the_dive = Dive(3) if dive else None
    out = ranged_attack(dex, skill, volley=volley, modifier=modifier, dive=the_dive)
    assert out.hits.min_value >= 0 and out.hits.max_value <= volley.rounds_fired
    assert sum(out.hits.pmf().values()) == 1


@settings(max_examples=50, deadline=None)
@given(
    VOLLEYS, st.integers(0, 6), st.integers(0, 6), st.sampled_from(list(Lighting)), st.booleans()
)
def test_a_better_range_band_never_lowers_the_chance_to_hit(volley, dex, skill, light, dive):
    the_dive = Dive(2, 2) if dive else None
    bands = sorted(RangeBand, key=lambda b: b.modifier)
    outs = [
        ranged_attack(dex, skill, volley=volley, range_band=b, lighting=light, dive=the_dive)
        for b in bands
    ]
    chances = [out.hit_chance for out in outs]
    assert chances == sorted(chances)


# ------------------------------------------------------------------ calculators
from rulebook_py.systems.unisystem import parse_combatants  # noqa: E402
from rulebook_py.widgets import CALCULATORS  # noqa: E402
from rulebook_py.widgets.unisystem_combat import (  # noqa: E402
    ActionPlannerCalculator,
    InitiativeCalculator,
    MeleeExchangeCalculator,
    RangedAttackCalculator,
)


def _err(calc, name):
    """The error shown next to a control, as plain text."""
    return html.unescape(calc.error_for(name))


def test_calculators_are_registered():
    names = {
        "MeleeExchangeCalculator",
        "RangedAttackCalculator",
        "InitiativeCalculator",
        "ActionPlannerCalculator",
    }
    assert names <= set(CALCULATORS)


def test_melee_calculator_opens_on_jimmys_third_dodge():
    calc = MeleeExchangeCalculator()
    assert calc.error == ""
    assert "55.00 % (11/20)" in calc.result.value  # P(hit)
    calc.controls["defender_penalty"].value = 0  # the free first defense
    assert "28.00 % (7/25)" in calc.result.value
    calc.controls["defender_stance"].value = Stance.AGGRESSIVE  # no defense at all
    assert "70.00 % (7/10)" in calc.result.value and calc.error == ""
    assert calc.chart.value.startswith("<svg")


def test_melee_calculator_feint_shows_its_exact_effect():
    calc = MeleeExchangeCalculator()
    calc.controls["feint"].value = True  # INT 3 + 2 against PER 2 + 2, then the claws
    text = html.unescape(calc.result.value)
    assert "P(hit) without the feint</td><td>55.00 % (11/20)" in text
    assert "P(hit) after the feint</td><td>67.10 % (671/1000)" in text
    assert "+0: 51.00 % (51/100), +1: 9.00 % (9/100)" in text
    assert "P(feint wins the contest)</td><td>55.00 % (11/20)" in text
    calc.controls["feint_perception"].value = 31
    assert "Feint: defender's Perception must be an integer from 0 to 30, got 31" in _err(
        calc, "feint_perception"
    )
    calc.controls["feint_perception"].value = 2
    calc.controls["feint_skill"].value = -1
    assert "Feint: attacker's combat skill must be" in _err(calc, "feint_skill")
    calc.controls["feint_skill"].value = 2
    calc.roll()
    assert "feint D10" in calc.roll_output.value and "<br>attack D10" in calc.roll_output.value
    calc.controls["feint"].value = False
    assert "feint" not in calc.result.value and "55.00 % (11/20)" in calc.result.value


def test_melee_calculator_improvised_weapons():
    calc = MeleeExchangeCalculator()
    calc.controls["attack_weapon"].value = (ImprovisedWeapon.SHARP, -2)  # a broken bottle
    text = html.unescape(calc.result.value)
    assert "+3 = +3 (Dexterity) +2 (skill) −2 (pointed object)" in text
    assert "Hand weapon (arme blanche)" in text
    calc.controls["attack_weapon"].value = (ImprovisedWeapon.CLUMSY, -3)
    assert "−3 (awkward object)" in html.unescape(calc.result.value)
    # a weapon cannot be parried bare-handed with Brawling, but a chair stops it
    calc.controls["defense"].value = DefenseKind.PARRY
    calc.controls["parry_with"].value = CloseSkill.BRAWLING
    assert "only a hand weapon or Martial Arts" in _err(calc, "parry_with")
    calc.controls["defense_chair"].value = 2
    assert calc.error == ""
    assert "+5 = +4 (Dexterity) +3 (skill) −4 (extra actions) +2 (chair as a shield)" in (
        html.unescape(calc.result.value)
    )
    assert "parry_with" in hidden(calc)  # a chair parries anything
    calc.controls["defense"].value = DefenseKind.DODGE
    assert calc.error == "" and "defense_chair" in hidden(calc)


def test_combat_controls_show_whole_labels_and_a_selection():
    for calc in (
        MeleeExchangeCalculator(),
        RangedAttackCalculator(),
        InitiativeCalculator(),
        ActionPlannerCalculator(),
    ):
        for name, control in calc.controls.items():
            if control.__class__.__name__ == "Checkbox":
                assert control.indent is False and control.layout.width == "auto"
            if control.__class__.__name__ == "Dropdown":  # None would show an empty box
                assert control.value is not None and control.label, name


def test_melee_calculator_shows_errors_next_to_the_control():
    calc = MeleeExchangeCalculator()
    calc.controls["attacker_dexterity"].value = -1
    assert "Attacker: Dexterity (Dextérité) must be an integer from 0 to 30, got -1" in _err(
        calc, "attacker_dexterity"
    )
    assert calc.result.value == ""
    calc.controls["attacker_dexterity"].value = 3
    assert calc.error == ""
    calc.controls["attack_kind"].value = CloseSkill.HAND_WEAPON
    calc.controls["defense"].value = DefenseKind.PARRY
    calc.controls["parry_with"].value = CloseSkill.BRAWLING
    assert "only a hand weapon or Martial Arts" in _err(calc, "parry_with")
    calc.controls["parry_with"].value = CloseSkill.HAND_WEAPON
    calc.controls["multiplier"].value = -2
    assert "multiplier" in _err(calc, "multiplier")
    calc.controls["multiplier"].value = 2
    calc.controls["defense_modifier"].value = 40
    assert "Defender: other modifier must be an integer from -30 to 30, got 40" in _err(
        calc, "defense_modifier"
    )


def test_melee_calculator_roll_is_seeded():
    a, b = MeleeExchangeCalculator(), MeleeExchangeCalculator()
    assert a.roll_output.value == b.roll_output.value
    assert "attack D10 [" in a.roll_output.value and "defense D10 [" in a.roll_output.value


def test_ranged_calculator_default_is_the_burst_of_three():
    calc = RangedAttackCalculator()
    assert "40.00 % (2/5)" in calc.result.value  # three bullets in
    assert "80.00 % (4/5)" in calc.result.value  # at least one
    assert calc.chart.value.count("<svg") == 2
    calc.controls["range_band"].value = RangeBand.POINT_BLANK
    assert "D6 × 4 (range applied)" in calc.result.value


@pytest.mark.parametrize(
    ("control", "value", "match"),
    [
        ("burst_size", 0, "3 to 5 rounds, got 0"),
        ("burst_size", 200, "3 to 5 rounds, got 200"),
        ("count", 0, "1 to 10 bursts, got 0"),
        (
            "multiplier",
            -2,
            "Damage multiplier (before range) must be an integer from 1 to 30, got -2",
        ),
        (
            "dexterity",
            31,
            "Shooter: Dexterity (Dextérité) must be an integer from 0 to 30, got 31",
        ),
        ("defender_dodge", -1, "Target: Dodge (0 = difficult DEX test) must be an integer"),
    ],
)
def test_ranged_calculator_bad_values(control, value, match):
    calc = RangedAttackCalculator(defense=RangedDefense.DIVE_FOR_COVER)
    calc.controls[control].value = value
    assert match in _err(calc, control)
    assert calc.result.value == ""


def test_ranged_calculator_aim_and_cool_errors():
    calc = RangedAttackCalculator(aim=True, under_fire=True)
    assert calc.error == ""
    calc.controls["scope"].value = 1
    assert "must be 0 (none) or from 2 to 5, got 1" in _err(calc, "scope")
    calc.controls["scope"].value = 0
    calc.controls["aim_perception"].value = -3
    assert "Aim: Perception must be" in _err(calc, "aim_perception")
    calc.controls["aim_perception"].value = 3
    calc.controls["willpower"].value = -1
    assert "Shooter: Willpower (Volonté) must be" in _err(calc, "willpower")


def test_ranged_calculator_full_auto_and_roll():
    calc = RangedAttackCalculator(mode=FiringMode.FULL_AUTO, count=30)
    assert "up to 10 bullets" in calc.result.value and "Rounds fired" in calc.result.value
    assert "roll 3:" in calc.roll_output.value


def test_initiative_calculator():
    calc = InitiativeCalculator()
    assert calc.error == "" and "P(acts first)" in calc.result.value
    fighters = parse_combatants(calc.controls["combatants"].value)
    chances = first_to_act(fighters)
    assert chances["Jimmy"] > chances["Wildling 1"] == chances["Wildling 3"]
    calc.controls["group"].value = True
    side = _brute_first([("PCs", 4, 4), ("NPC", 3, 3)])
    assert probability_text(side["PCs"]) in calc.result.value
    assert "<li>" in calc.roll_output.value and "D10 [" in calc.roll_output.value
    calc.controls["combatants"].value = "Jimmy\nWildling, 3"
    assert "expected 'name, Dexterity" in _err(calc, "combatants")
    calc.controls["combatants"].value = "A, 3\nA, 4"
    assert "unique" in _err(calc, "combatants")
    calc.controls["combatants"].value = "A, 3, PCs, dragon"
    assert "one side a line, got 'PCs' and 'dragon'" in _err(calc, "combatants")
    calc.controls["combatants"].value = "A, 99"
    assert "from 0 to 30, got 99" in _err(calc, "combatants")


def probability_text(p):
    from rulebook_py.widgets.format import probability

    return probability(p)


def test_planner_calculator_reproduces_jimmy():
    calc = ActionPlannerCalculator()
    html = calc.result.value
    assert html.count("<td>free</td>") == 2 and "<td>−2</td>" in html and "<td>−4</td>" in html
    assert "50.00 % (1/2)" in html and "70.00 % (7/10)" in html
    calc.controls["close_combat"].value = False
    assert "<td>−6</td>" in calc.result.value


def test_planner_calculator_errors():
    calc = ActionPlannerCalculator()
    calc.controls["actions"].value = "attack 4+4\nattack 4+4\nattack 4+4\nattack 4+4"
    assert calc.error == ""
    calc.controls["max_attacks"].value = True
    assert "at most 3 attacks" in _err(calc, "actions")
    calc.controls["max_attacks"].value = False
    calc.controls["dexterity_cap"].value = True
    calc.controls["dexterity"].value = -1
    assert "Dexterity (for the DEX/2 option) must be an integer from 0 to 30, got -1" in _err(
        calc, "dexterity"
    )
    calc.controls["dexterity_cap"].value = False
    calc.controls["actions"].value = "fly 3+3"
    assert "got 'fly'" in _err(calc, "actions")
    calc.controls["actions"].value = "attack 4+4\ndodge 4+3"
    assert "D10 [" in calc.roll_output.value or calc.roll_output.value == ""
    calc.roll()
    assert "D10 [" in calc.roll_output.value


def test_ranged_calculator_suppressive_fire():
    calc = RangedAttackCalculator(mode="suppressive")
    assert calc.error == ""
    assert "no roll" in calc.result.value and "25.00 % (1/4)" in calc.result.value
    dmg = hits_damage(suppressive_fire_hits(), 6, 3)
    assert f"<td>{number_text(dmg.mean())}</td>" in calc.result.value
    assert "suppressive fire: D4 [" in calc.roll_output.value
    calc.controls["averaged"].value = True
    assert "2 (average)" in calc.result.value and "<td>18</td>" in calc.result.value  # 2 × 3 × 3
    calc.roll()
    assert "2 bullets (average)" in calc.roll_output.value


def number_text(x):
    from rulebook_py.widgets.format import number

    return number(x)


# ------------------------------------------------------------------ issue 14
def test_martial_arts_at_level_0_cannot_parry_a_blade_bare_handed():
    knife = MeleeAttack(3, 2, CloseSkill.HAND_WEAPON)
    untrained = MeleeDefense(DefenseKind.PARRY, 3, 0, CloseSkill.MARTIAL_ARTS)
    assert not can_parry(CloseSkill.MARTIAL_ARTS, CloseSkill.HAND_WEAPON, skill=0)
    with pytest.raises(RuleValueError, match="level 0 is no close-combat skill") as err:
        melee_exchange(knife, untrained)
    assert err.value.field == "skill"
    # the skill makes the parry legal; an unarmed attack can still be parried without it
    trained = MeleeDefense(DefenseKind.PARRY, 3, 1, CloseSkill.MARTIAL_ARTS)
    assert melee_exchange(knife, trained).hit_chance == hit_of(5, 4)
    fist = MeleeAttack(3, 2, CloseSkill.BRAWLING)
    assert melee_exchange(fist, untrained).hit_chance == hit_of(5, 3)
    # a hand weapon held without the skill parries as a difficult DEX test
    held = MeleeDefense(DefenseKind.PARRY, 3, 0, CloseSkill.HAND_WEAPON)
    assert melee_exchange(knife, held).hit_chance == hit_of(5, 3)


def hit_of(attack_bonus: int, defense_bonus: int) -> Fraction:
    """P(D10 + a > D10 + d and D10 + a >= 9), by brute force."""
    wins = sum(
        1
        for x in D10
        for y in D10
        if x + attack_bonus > y + defense_bonus and x + attack_bonus >= 9
    )
    return F(wins, 100)


def test_untrained_shot_default_is_a_difficult_dex_test_and_the_option_the_unskilled_task():
    from rulebook_py.systems.unisystem import UntrainedAttack

    assert ranged_attack(3, 0).hit_chance == F(5, 10)  # D10 + 3 needs 6+
    unskilled = ranged_attack(3, 0, untrained=UntrainedAttack.UNSKILLED_TASK)
    assert unskilled.hit_chance == F(3, 10)  # D10 + 3 − 2 needs 8+
    burst = Volley(FiringMode.BURST, 1, burst_size=5)
    default = ranged_attack(8, 0, volley=burst)
    capped = ranged_attack(8, 0, volley=burst, untrained=UntrainedAttack.UNSKILLED_TASK)
    assert default.hits.max_value == 5  # D10 + 8 = 18: five levels
    assert capped.hits.max_value == 2  # never more than two success levels
    # D10 + 8 − 2: a 1 or 2 misses (7, 8), a 3 or 4 is one level, 5+ two (capped)
    assert capped.hits.pmf() == {0: F(2, 10), 1: F(2, 10), 2: F(6, 10)}
    # a trained shooter is unchanged by the option
    trained = ranged_attack(3, 3, untrained=UntrainedAttack.UNSKILLED_TASK)
    assert trained.hit_chance == ranged_attack(3, 3).hit_chance
    # the seeded roll follows the same cap
    for seed in range(20):
        assert capped.roll(random.Random(seed), sides=6, multiplier=1).hits <= 2


def test_untrained_melee_attack_option_and_improvised_weapons_stay_difficult_tests():
    from rulebook_py.systems.unisystem import UntrainedAttack

    none = MeleeDefense(DefenseKind.NONE)
    opt = UntrainedAttack.UNSKILLED_TASK
    assert melee_exchange(MeleeAttack(3), none).hit_chance == F(5, 10)
    assert melee_exchange(MeleeAttack(3), none, untrained=opt).hit_chance == F(3, 10)
    assert melee_exchange(MeleeAttack(9), none, untrained=opt).level_distribution() == {
        0: F(1, 10),
        1: F(2, 10),
        2: F(7, 10),
    }
    bottle = MeleeAttack(3, 0, CloseSkill.HAND_WEAPON, improvised=ImprovisedWeapon.SHARP)
    assert attack_check(bottle, untrained=opt).bonus == attack_check(bottle).bonus == 1


def test_the_defender_gets_the_total_darkness_perception_bonus_too():
    dark = Lighting.TOTAL_DARKNESS
    att, dfc = MeleeAttack(3, 2), MeleeDefense(DefenseKind.DODGE, 4, 3)
    plain = melee_exchange(att, dfc, dark)
    assert plain.hit_chance == hit_of(0, 0)
    sensing = MeleeDefense(DefenseKind.DODGE, 4, 3, darkness_bonus=2)
    sensed = melee_exchange(att, sensing, dark, darkness_bonus=1)
    assert sensed.defense.bonus == 2 and sensed.hit_chance == hit_of(1, 2)
    with pytest.raises(RuleValueError, match="darkness_bonus") as refused:
        MeleeDefense(DefenseKind.DODGE, 4, 3, darkness_bonus=11)
    assert refused.value.field == "darkness_bonus"
    shot = ranged_attack(3, 3, lighting=dark, dive=Dive(3, darkness_bonus=3))
    assert shot.dive.bonus == 3
    assert shot.hit_chance == F(sum(1 for x in D10 for y in D10 if x > y + 3 and x >= 9), 100)


def test_combat_rolls_may_use_the_2d6_core_die():
    from rulebook_py.systems.unisystem import CoreDie, core_distribution

    two = core_distribution(CoreDie.TWO_D6)
    out = melee_exchange(MeleeAttack(3, 2), MeleeDefense(DefenseKind.NONE), core=CoreDie.TWO_D6)
    assert out.hit_chance == two.prob_at_least(4)
    shot = ranged_attack(3, 3, core=CoreDie.TWO_D6)
    assert shot.hit_chance == two.prob_at_least(3)
    assert shot.attacks[0].core is CoreDie.TWO_D6
    assert feint(3, 2, 2, 2, core=CoreDie.TWO_D6).attacker.core is CoreDie.TWO_D6
    r = shot.roll(random.Random(3), sides=6, multiplier=3)
    assert "2D6−2" in str(r)


def test_a_negative_total_is_written_with_the_minus_sign():
    from rulebook_py.systems.unisystem import unskilled

    text = str(unskilled(0, -30, 10).resolve(2))
    assert "= −40" in text and "-" not in text
    entry = initiative_order([Combatant("A", 0, bonus=-10)], random.Random(1)).entries[0]
    assert "−" in str(entry) and "+ -" not in str(entry)


def test_group_initiative_takes_the_bonus_of_the_highest_dexterity():
    # Issue 35: « les personnages avec la plus haute dextérité fournissent le bonus »: Jimmy
    # (DEX 4) gives his side its bonus; Ann's +3 on her DEX 2 does not make it D10 + 5.
    fighters = [Combatant("Jimmy", 4), Combatant("Ann", 2, bonus=3), Combatant("W", 5, "NPC")]
    side = _brute_first([("PCs", 4, 4), ("NPC", 5, 5)])
    assert first_to_act(fighters, group=True)["Ann"] == side["PCs"] == F(9, 25)
    order = initiative_order(fighters, random.Random(2), group=True)
    assert {e.bonus for e in order.entries if e.combatant.side == "PCs"} == {4}
    # Members tied at the highest Dexterity: the best of their bonuses (not the sum).
    tied = [Combatant("A", 4, bonus=1), Combatant("B", 4, bonus=2), Combatant("W", 5, "NPC")]
    brute = _brute_first([("PCs", 6, 4), ("NPC", 5, 5)])
    assert first_to_act(tied, group=True)["A"] == brute["PCs"]
    assert side_bonus(tied[:2]) == (6, 4)


def test_an_aimed_roll_at_every_maximum_rolls_without_a_bonus_error():
    aim = Aim(30, 30, scope=5)
    out = ranged_attack(30, 30, aim=aim, modifier=30, range_band="point_blank", ammo="birdshot")
    roll = out.roll(random.Random(1), sides=10, multiplier=30)
    assert roll.hits == 1 and "(aim)" in str(roll)


def test_a_third_number_in_a_plan_line_is_refused_not_read_as_a_label():
    with pytest.raises(RuleValueError, match=r"line 1 'attack 4\+4\+1': only attribute\+skill"):
        parse_plan("attack 4+4+1")
    assert parse_plan("attack 4+4 (+1) kick")[0] == PlannedAction(
        ActionKind.ATTACK, 4, 4, "kick", modifier=1
    )
    assert parse_plan("attack 4+4 (−2)")[0].modifier == -2
    with pytest.raises(RuleValueError, match="signed number"):
        parse_plan("attack 4+4 (x) kick")


@pytest.mark.parametrize("digit", ["²", "①", "٣"])
def test_plans_read_ascii_digits_only(digit):
    with pytest.raises(RuleValueError, match="digits 0 to 9") as err:
        parse_plan(f"attack 4+{digit} punch")
    assert err.value.field == "actions" and repr(digit) in str(err.value)


def test_stances_and_per_action_modifiers_in_the_plan():
    plan = parse_plan("attack 4+4 punch\nattack 4+4 (+1) kick\nother 3 shout")
    steps = plan_actions(plan, stance=Stance.AGGRESSIVE)
    assert [s.check.bonus for s in steps] == [10, 9, 3 - 4]  # +2, +2 −2 +1, −4
    defensive = plan_actions(parse_plan("dodge 4+3\ndodge 4+3"), stance=Stance.DEFENSIVE)
    assert [s.check.bonus for s in defensive] == [10, 8]
    with pytest.raises(RuleValueError, match="gives up every defense") as err:
        plan_actions(parse_plan("attack 4+4\ndodge 4+3"), stance=Stance.AGGRESSIVE)
    assert err.value.field == "stance"
    with pytest.raises(RuleValueError, match="gives up attacking"):
        plan_actions(parse_plan("dodge 4+3\nattack 4+4"), stance=Stance.DEFENSIVE)


def test_massive_creatures_attack_several_times_without_penalty_or_cap():
    plan = parse_plan("attack 5+3\nattack 5+3\nattack 5+3\nattack 5+3\ndodge 5+1\ndodge 5+1")
    steps = plan_actions(plan, massive=True, limits=ActionLimits(max_attacks=3, constitution=1))
    assert [s.penalty for s in steps] == [0, 0, 0, 0, 0, -2]
    with pytest.raises(RuleValueError, match="at most 3 attacks"):
        plan_actions(plan, limits=ActionLimits(max_attacks=3))


def test_the_cap_message_says_attack_for_one():
    plan = parse_plan("attack 2+1\nattack 2+1")
    with pytest.raises(RuleValueError, match="at most 1 attack is allowed"):
        plan_actions(plan, limits=ActionLimits(dexterity=2))


# ------------------------------------------------------------------ calculators: issues 13, 14
def test_melee_calculator_refuses_an_untrained_bare_handed_parry_of_a_knife():
    calc = MeleeExchangeCalculator(
        defense=DefenseKind.PARRY,
        parry_with=CloseSkill.MARTIAL_ARTS,
        defense_skill=0,
        attack_kind=CloseSkill.HAND_WEAPON,
        defender_penalty=0,
    )
    assert "Martial Arts at level 0 is no close-combat skill" in _err(calc, "defense_skill")
    assert calc.result.value == ""
    calc.controls["defense_skill"].value = 1
    assert calc.error == "" and "P(hit)" in calc.result.value


def test_ranged_calculator_untrained_option_and_its_python_call():
    from rulebook_py.systems import unisystem

    calc = RangedAttackCalculator(skill=0, mode=FiringMode.SINGLE)
    assert "50.00 % (1/2)" in calc.result.value  # difficult DEX test: D10 + 3
    calc.controls["untrained"].value = UntrainedAttack.UNSKILLED_TASK
    assert "30.00 % (3/10)" in calc.result.value  # unskilled: D10 + 3 − 2
    call = calc.view.call
    assert (
        eval(call.expression, {"outcomes": outcomes, "unisystem": unisystem})
        == call.value
        == F(3, 10)
    )
    calc.controls["skill"].value = 3  # with the skill the option does not count: hidden
    assert calc.controls["untrained"].layout.display == "none"
    assert "untrained" not in calc.view.call.expression


def hidden(calc):
    """The controls a calculator hides: they do not count in the situation."""
    return {name for name, c in calc.controls.items() if c.layout.display == "none"}


def test_ranged_calculator_hides_the_controls_that_do_not_count():
    # Issue 35: a calculator listed controls that do not count (the ranged sub-controls).
    calc = RangedAttackCalculator(darkness_bonus=2, burst_size=4, aim_skill=9)
    assert hidden(calc) == {
        "darkness_bonus",
        "heavy_recoil",
        "cumulative_group_penalty",
        "aim_perception",
        "aim_skill",
        "scope",
        "defender_dexterity",
        "defender_dodge",
        "defender_darkness_bonus",
        "willpower",
        "untrained",
    }
    # A field that does not count is left out of the Python line (issue 38).
    assert "darkness_bonus" not in calc.view.call.expression
    assert "aim_skill" not in calc.view.call.expression
    assert "burst_size=4" in calc.view.call.expression
    calc.controls["mode"].value = FiringMode.SINGLE
    assert {"count", "burst_size"} <= hidden(calc) and "burst_size" not in calc.view.call.expression
    calc.controls["lighting"].value = Lighting.TOTAL_DARKNESS
    calc.controls["aim"].value = True
    assert {"aim", "aim_perception", "dexterity", "skill", "ammo", "modifier"} <= hidden(calc)
    assert "darkness_bonus" not in hidden(calc)
    assert "Total darkness" in calc.result.value and "no aiming" in calc.result.value
    calc.controls["mode"].value = "suppressive"
    assert hidden(calc) >= {"dexterity", "lighting", "aim", "defense", "core"}
    assert "range_band" not in hidden(calc) and "multiplier" not in hidden(calc)


def test_melee_calculator_hides_the_controls_that_do_not_count():
    calc = MeleeExchangeCalculator(darkness_bonus=1, defender_darkness_bonus=2)
    assert {"darkness_bonus", "defender_darkness_bonus"} <= hidden(calc)
    assert {"feint_intelligence", "feint_skill", "parry_with", "defense_chair"} <= hidden(calc)
    assert "darkness_bonus" not in calc.view.call.expression
    calc.controls["defense"].value = DefenseKind.NONE
    assert {"defender_dexterity", "defense_skill", "defender_penalty"} <= hidden(calc)
    calc.controls["defense"].value = DefenseKind.PARRY
    assert "parry_with" not in hidden(calc) and "defense_chair" not in hidden(calc)
    calc.controls["defense"].value = DefenseKind.DODGE
    calc.controls["lighting"].value = Lighting.TOTAL_DARKNESS
    assert {"attacker_dexterity", "attacker_penalty", "defender_penalty"} <= hidden(calc)
    assert "darkness_bonus" not in hidden(calc)
    out = melee_exchange(
        MeleeAttack(3, 2),
        MeleeDefense(DefenseKind.DODGE, 4, 3, penalty=-4, darkness_bonus=2),
        Lighting.TOTAL_DARKNESS,
        darkness_bonus=1,
    )
    assert html.unescape(calc.result.value).count(probability_of(out.hit_chance)) >= 1


def probability_of(p):
    from rulebook_py.widgets.format import probability

    return probability(p)


def test_ranged_roll_with_every_control_at_its_maximum_shows_a_roll_not_a_bonus_error():
    calc = RangedAttackCalculator(
        dexterity=30,
        skill=30,
        range_band=RangeBand.POINT_BLANK,
        ammo=ShotgunAmmo.BIRDSHOT,
        modifier=30,
        aim=True,
        aim_perception=30,
        aim_skill=30,
        scope=5,
        multiplier=30,
        damage_die=10,
    )
    calc.roll()
    assert calc.error == "" and "(aim)" in calc.roll_output.value


def test_group_initiative_shows_every_members_chance_and_the_sides_total():
    calc = InitiativeCalculator(group=True)
    side = first_to_act([Combatant("J", 4), Combatant("W", 3, "NPC")])
    cells = calc.result.value
    assert cells.count(probability_of(side["W"])) == 6  # three wildlings, each with the side total
    assert cells.count(probability_of(side["J"])) == 2
    assert "P(acts in the first group)" in cells and "side&#x27;s total" in cells


def test_initiative_calculator_reads_bonuses_and_names_the_bad_field():
    calc = InitiativeCalculator(combatants="Seer, 2, PCs, +3\nW, 4, NPC")
    assert "55.00 % (11/20)" in calc.result.value  # D10 + 5 against D10 + 4; W wins ties (DEX)
    calc.controls["combatants"].value = "Seer, 2, PCs, ranged, +1, x"
    assert "at most five fields" in _err(calc, "combatants")
    assert "the edge must be" not in _err(calc, "combatants")
    calc.controls["combatants"].value = "Seer, 2, PCs, ranged, ranged"
    assert "one edge a line" in _err(calc, "combatants")


@pytest.mark.parametrize("digit", ["²", "①", "٣"])
def test_combatant_lists_read_ascii_digits_only(digit):
    with pytest.raises(RuleValueError, match="digits 0 to 9"):
        parse_combatants(f"A, {digit}")
    calc = InitiativeCalculator(combatants=f"A, 3\nB, {digit}, NPC")
    assert repr(digit) in _err(calc, "combatants") and calc.result.value == ""


def test_planner_refuses_a_third_number_and_offers_stances_and_massive_creatures():
    calc = ActionPlannerCalculator(actions="attack 4+4+1")
    assert "only attribute+skill come before the label" in _err(calc, "actions")
    calc.controls["actions"].value = "attack 4+4 (+1) punch\nattack 4+4 kick"
    assert "+9 = +4 (attribute) +4 (skill) +1 (modifier)" in calc.result.value
    calc.controls["stance"].value = Stance.AGGRESSIVE
    assert "+11 = " in calc.result.value
    calc.controls["actions"].value = "attack 4+4\ndodge 4+3"
    assert "gives up every defense" in _err(calc, "stance")
    calc.controls["stance"].value = Stance.NORMAL
    calc.controls["actions"].value = "attack 5+3\n" * 4
    calc.controls["max_attacks"].value = True
    assert "at most 3 attacks" in _err(calc, "actions")
    calc.controls["massive"].value = True
    assert calc.error == "" and calc.result.value.count("<td>free</td>") == 4


@pytest.mark.parametrize(
    "cls",
    [
        MeleeExchangeCalculator,
        RangedAttackCalculator,
        InitiativeCalculator,
        ActionPlannerCalculator,
    ],
)
def test_combat_calculators_python_call_and_one_minus_sign_through_every_bench_change(cls):
    import re

    from rulebook_py.systems import unisystem

    calc = cls()
    for name, value in cls.bench_changes:
        calc.controls[name].value = value
        assert calc.error == "", (name, value, calc.error)
        call = calc.view.call
        assert (
            eval(call.expression, {"outcomes": outcomes, "unisystem": unisystem}) == call.value
        ), (name, value)
        calc.roll()
        text = html.unescape(calc.result.value + calc.roll_output.value)
        assert re.search(r"(?<![\w#:\-])-\d", text) is None, (name, value, text)


def test_long_plans_and_combatant_lists_are_refused_before_they_are_read(monkeypatch):
    from rulebook_py.systems.unisystem import actions, initiative_rolls

    read = []
    monkeypatch.setattr(actions, "_parse_line", lambda *a: read.append(a))
    monkeypatch.setattr(initiative_rolls, "_read_combatant", lambda *a: read.append(a))
    with pytest.raises(RuleValueError, match="got 100000"):
        parse_plan("attack 4+4 punch\n" * 100_000)
    with pytest.raises(RuleValueError, match="got 100000 lines"):
        parse_combatants("A, 3\n" * 100_000)
    assert read == []  # no line was read


def test_a_long_line_is_quoted_in_part_and_a_chair_without_a_parry_is_not_used():
    with pytest.raises(RuleValueError) as err:
        parse_plan("x" * 10_000)
    assert len(str(err.value)) < 200 and "…" in str(err.value)
    with pytest.raises(RuleValueError) as err:
        parse_combatants("y" * 10_000)
    assert len(str(err.value)) < 200
    calc = MeleeExchangeCalculator(defense_chair=2)  # the defender dodges
    assert calc.error == ""
    assert "defense_chair" in hidden(calc) and "defense_chair" not in calc.view.call.expression
