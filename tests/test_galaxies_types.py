"""Issue 27: every public function of the galaxies facade answers a wrong type with a RulebookError."""

from __future__ import annotations

import random
import time
from fractions import Fraction

import pytest

from rulebook_py.errors import RulebookError
from rulebook_py.systems import galaxies as g

BAD = [None, 3.5, "3", True, 10**100]
calls = {
    "opposed": (("4D+2", "3D+1"), {}),
    "code_report": (("4D+2", "3D+1"), {"halved": False, "rounding": g.Rounding.DOWN}),
    "shoot": (
        ("4D+2", "3D+1"),
        dict(
            weapon=g.Weapon.PISTOL,
            bdc=0,
            bdp=0,
            bdt=0,
            mode=g.FireMode.SINGLE,
            shots=2,
            aimed=False,
            sustained=1,
            willpower="3D",
            dodge_mode=g.DodgeMode.NORMAL,
            rounding=g.Rounding.DOWN,
            unaware_defense=0,
            target_immobile=False,
        ),
    ),
    "throw_explosive": (
        ("4D+2", "3D+1"),
        dict(
            bdc=0,
            bdp=0,
            bdt=0,
            two_at_once=False,
            explosive_type=1,
            dodge_mode=g.DodgeMode.NORMAL,
            rounding=g.Rounding.DOWN,
            unaware_defense=0,
        ),
    ),
    "psychic_attack": (
        ("4D", "3D"),
        dict(
            attack=g.PsyAttack.PHYSICAL,
            option=g.PsyOption.SINGLE,
            second_skill=None,
            bdc=0,
            bdp=0,
            bdt=0,
            dodge_mode=g.DodgeMode.NORMAL,
            rounding=g.Rounding.DOWN,
            unaware_defense=0,
        ),
    ),
    "melee": (
        (g.Fighter("4D"), g.Fighter("3D")),
        dict(
            half_dodge_factor=Fraction(1, 2),
            counter_factor=Fraction(1, 2),
            range_bonus=5,
            guard_tie_lands=False,
            rounding=g.Rounding.DOWN,
            fixed_dodge=False,
            pursuit_tie_holds=True,
        ),
    ),
    "volley": (
        ("A: shot 3D", "3D"),
        dict(
            dodge_mode=g.DodgeMode.NORMAL,
            rounding=g.Rounding.DOWN,
            target_immobile=False,
            unaware_defense=0,
        ),
    ),
    "initiative": (("A: 3D\nB: 2D",), {}),
    "initiative_order": (([g.Combatant("A", "3D")], random.Random(1)), {}),
    "prob_acts_before": ((g.Combatant("A", "3D"), g.Combatant("B", "2D")), {}),
    "parse_attacks": (("A: shot 3D",), {}),
    "parse_combatants": (("A: 3D",), {}),
    "plan_round": (([g.Action.SHOOT],), {}),
    "aim_bonus": (("3D",), {}),
    "sustained_fire_bonus": ((2, "3D"), {}),
    "dodge_roll": (
        ("3D",),
        dict(mode=g.DodgeMode.NORMAL, rounding=g.Rounding.DOWN, field="dodge", unaware_defense=0),
    ),
    "shot_damage_factors": ((Fraction(1, 2),), {}),
    "burst_rolls": ((g.DiceCode(4), 3), dict(target_immobile=False, rounding=g.Rounding.DOWN)),
    "blow_modifier": ((g.MeleeWeapon.AB1, g.BlowOption.SINGLE), {}),
    "volley_work": ((3, 16), {}),
    "as_code": (("3D", "x"), {}),
    "as_roll": (("3D", "x"), {}),
}


#: Bad values that are good ones for these parameters (True for a switch, None
#: where None is the default, any text for a name or a label, a huge exact number).
VALID = {
    "code_report halved=True",
    "shoot aimed=True",
    "shoot willpower=None",
    "shoot target_immobile=True",
    "throw_explosive two_at_once=True",
    "psychic_attack second_skill=None",
    "melee guard_tie_lands=True",
    "melee fixed_dodge=True",
    "melee pursuit_tie_holds=True",
    "volley target_immobile=True",
    "initiative_order arg1=None",
    "burst_rolls target_immobile=True",
    "Melee.probability arg0='3'",
    "Rounding.divide arg0=100000000000",
    "Roll.roll arg0=None",
}


def cases():
    """Every public call above with one argument replaced by each bad value."""

    def swaps(name, f, args, kw):
        for i in range(len(args)):
            for b in BAD:
                a = list(args)
                a[i] = b
                yield f"{name} arg{i}={b!r:.12}", (lambda a=a: f(*a, **kw))
        for k in kw:
            for b in BAD:
                k2 = dict(kw)
                k2[k] = b
                yield f"{name} {k}={b!r:.12}", (lambda k2=k2: f(*args, **k2))

    for name, (args, kw) in calls.items():
        yield from swaps(name, getattr(g, name), args, kw)
    c = g.shoot("3D", "3D")
    v = g.volley("A: shot 3D", "3D")
    m = g.melee(g.Fighter("3D"), g.Fighter("3D"))
    i = g.initiative("A: 3D\nB: 2D")
    r = g.code_report("3D", "2D")
    rng = random.Random(1)
    for name, f, args in [
        ("Contest.roll", c.roll, (rng,)),
        ("Contest.probability", c.probability, (g.Outcome.HIT, 0)),
        ("Contest.table", c.table, (0,)),
        ("Contest.count_distribution", c.count_distribution, (g.Outcome.HIT,)),
        ("Contest.probability_count", c.probability_count, (g.Outcome.HIT, 1)),
        ("Contest.expected", c.expected, (g.Outcome.HIT,)),
        ("Contest.expected_damage", c.expected_damage, ({g.Outcome.HIT: 1},)),
        ("Volley.roll", v.roll, (rng,)),
        ("Volley.table", v.table, (0,)),
        ("Volley.p_full", v.p_full, (0,)),
        ("Volley.expected_damage", v.expected_damage, (Fraction(1, 2),)),
        ("Melee.roll", m.roll, (rng,)),
        ("Melee.probability", m.probability, ("A hits",)),
        ("Init.roll", i.roll, (rng,)),
        ("Init.chance", i.chance, ("A", "B")),
        ("Opposed.roll", r.roll, (rng,)),
        ("DiceCode.parse", g.DiceCode.parse, ("3D",)),
        ("DiceCode.with_dice", g.DiceCode(3).with_dice, (1,)),
        ("DiceCode.with_pips", g.DiceCode(3).with_pips, (1,)),
        ("DiceCode.fixed_value", g.DiceCode(3).fixed_value, (g.Rounding.DOWN,)),
        ("Rounding.divide", g.Rounding.DOWN.divide, (7, 2)),
        ("DiceCode", g.DiceCode, (3, 1)),
        ("Roll.roll", g.Roll(g.DiceCode(3)).roll, (rng,)),
    ]:
        yield from swaps(name, f, args, {})


CASES = dict(cases())


@pytest.mark.parametrize("label", sorted(CASES))
def test_a_wrong_type_gets_a_rulebook_error(label):
    """None, 3.5, "3", True, 10**100 in any argument: a RulebookError, never a raw one."""
    start = time.process_time()
    if label in VALID:
        CASES[label]()
    else:
        with pytest.raises(RulebookError):
            CASES[label]()
    assert time.process_time() - start < 1  # (CPU: no unbounded work on a wrong type)
