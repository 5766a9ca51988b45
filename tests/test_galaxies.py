"""Galaxies Jumelles ground combat: rules checked against brute-force enumeration."""

from __future__ import annotations

import html
import itertools
import random
from collections import Counter
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulebook_py.errors import NotationError, RulebookError, RuleValueError
from rulebook_py.systems.galaxies import (
    UNAWARE_DEFENSE,
    Action,
    ActionType,
    BlowOption,
    Combatant,
    DiceCode,
    DodgeMode,
    Fighter,
    FireMode,
    MeleeWeapon,
    Outcome,
    PsyAttack,
    PsyOption,
    Roll,
    Rounding,
    Stance,
    Weapon,
    aim_bonus,
    blow_modifier,
    contest,
    dodge_roll,
    initiative_order,
    melee,
    opposed,
    plan_round,
    prob_acts_before,
    psychic_attack,
    shoot,
    sustained_fire_bonus,
    throw_explosive,
)
from rulebook_py.systems.galaxies.glossary import GLOSSARY

F = Fraction


# ----------------------------------------------------------------- helpers
def totals(dice: int, pips: int = 0, halved: bool = False, up: bool = False) -> Counter:
    """Every equally likely total of ``dice``D+``pips``, by listing every face."""
    out: Counter = Counter()
    for faces in itertools.product(range(1, 7), repeat=dice):
        t = sum(faces) + pips
        if halved:
            t = -(-t // 2) if up else t // 2
        out[t] += 1
    return out


def brute_compare(a: Counter, d: Counter) -> tuple[Fraction, Fraction, Fraction]:
    n = sum(a.values()) * sum(d.values())
    gt = sum(wa * wd for x, wa in a.items() for y, wd in d.items() if x > y)
    eq = sum(wa * wd for x, wa in a.items() for y, wd in d.items() if x == y)
    return F(gt, n), F(eq, n), F(n - gt - eq, n)


class Scripted(random.Random):
    """A random source that returns the given d6 faces in order."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        assert (a, b) == (1, 6)
        return self.faces.pop(0)


codes = st.builds(DiceCode, st.integers(1, 6), st.integers(-3, 6))


# ---------------------------------------------------------------- dice codes
@pytest.mark.parametrize(
    ("text", "dice", "pips"),
    [("4D+2", 4, 2), ("3D", 3, 0), ("2D-1", 2, -1), (" 4d6 + 2 ", 4, 2), ("0D+3", 0, 3)],
)
def test_parse_codes(text, dice, pips):
    assert DiceCode.parse(text) == DiceCode(dice, pips)


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("-2D", r"'-2D' at position 0 .*number of dice from 0 to 60 \(no sign\)"),
        ("4D+", r"'4D\+' at position 3 \(end of text\): expected the points after '\+'"),
        ("", "a dice code such as '4D\\+2'"),
        ("4", r"'D' after the number of dice"),
        ("4D+2x", r"position 4 \('x'\): expected the end of the code"),
        ("61D", "number of dice from 0 to 60"),
        ("4D+999", "points from 0 to 200"),
        ("D+2", "a number of dice"),
        ("4D*2", r"'\+' or '-' and points"),
    ],
)
def test_parse_errors(text, match):
    with pytest.raises(NotationError, match=match) as info:
        DiceCode.parse(text, field="attack")
    assert info.value.field == "attack"


def test_parse_not_text():
    with pytest.raises(RuleValueError, match="code must be a dice code such as '4D\\+2', got 42"):
        DiceCode.parse(42)  # type: ignore[arg-type]


def test_code_fields_checked():
    with pytest.raises(RuleValueError, match="dice must be an integer from 0 to 60, got -1"):
        DiceCode(-1)
    with pytest.raises(RuleValueError, match="pips must be an integer from -200 to 200, got 500"):
        DiceCode(1, 500)


def test_code_arithmetic():
    code = DiceCode.parse("4D+2")
    assert code.mantisse == 4
    assert str(code + DiceCode(2)) == "6D+2"
    assert str(code - DiceCode(1)) == "3D+2"
    assert str(code + 5) == "4D+7"
    assert str(code - 3) == "4D-1"
    assert str(DiceCode(1, 1).with_dice(-3)) == "0D+1"  # never below 0D
    assert DiceCode(1) - DiceCode(5, 1) == DiceCode(0, -1)
    assert code.average == 16
    assert DiceCode(3, 1).average == F(23, 2)
    assert DiceCode(3, 1).fixed_value() == 11
    assert DiceCode(3, 1).fixed_value(Rounding.UP) == 12
    assert DiceCode(4).fixed_value() == 14
    with pytest.raises(RuleValueError, match="dice must be an integer from -60 to 60, got 99"):
        code.with_dice(99)
    with pytest.raises(RuleValueError, match="would hold 61 dice: a code holds at most 60D"):
        DiceCode(59) + DiceCode(2)


@pytest.mark.parametrize("dice", [1, 2, 3, 4])
@pytest.mark.parametrize("pips", [-2, 0, 3])
@pytest.mark.parametrize("halved", [False, True])
@pytest.mark.parametrize("rounding", list(Rounding))
def test_roll_distribution_brute_force(dice, pips, halved, rounding):
    dist = Roll(DiceCode(dice, pips), halved=halved, rounding=rounding).distribution()
    brute = totals(dice, pips, halved, rounding is Rounding.UP)
    assert dist.pmf() == {t: F(w, 6**dice) for t, w in sorted(brute.items())}


def test_zero_dice_cannot_be_rolled():
    with pytest.raises(RuleValueError, match=r"the attack is '0D\+2': a roll needs at least 1D"):
        opposed("0D+2", "3D")
    with pytest.raises(RuleValueError, match="the defense is '0D'"):
        opposed("3D", "0D")
    with pytest.raises(RuleValueError, match="needs at least 1D"):
        Roll(DiceCode(0)).roll(random.Random(1))
    # a fixed value needs no dice
    assert Roll(DiceCode(0, 4), fixed=True).distribution().pmf() == {4: 1}


def test_seeded_roll_shows_every_die():
    a = Roll(DiceCode(4, 2)).roll(random.Random(11))
    b = Roll(DiceCode(4, 2)).roll(random.Random(11))
    assert a == b
    assert len(a.faces) == 4
    assert a.total == sum(a.faces) + 2
    assert a.text == f"4D+2 [{', '.join(map(str, a.faces))}] +2 = {a.total}"
    h = Roll(DiceCode(3, 1), halved=True).roll(Scripted([6, 6, 4]))
    assert (h.total, h.text) == (8, "3D+1 [6, 6, 4] +1 = 17, halved = 8")


# ------------------------------------------------------------------ opposed
@pytest.mark.parametrize(("a", "d"), [(1, 1), (2, 1), (1, 3), (3, 2), (2, 2)])
@pytest.mark.parametrize(("pa", "pd"), [(0, 0), (2, 1), (-1, 3)])
def test_opposed_brute_force(a, d, pa, pd):
    o = opposed(DiceCode(a, pa), DiceCode(d, pd))
    assert (o.higher, o.tie, o.lower) == brute_compare(totals(a, pa), totals(d, pd))


def test_opposed_public_api_text():
    o = opposed("4D+2", "3D+1")
    assert (o.higher, o.tie, o.lower) == (F(2357, 2916), F(5089, 93312), F(12799, 93312))
    r = o.resolve(random.Random(3))
    assert r.result == (
        "higher"
        if r.attack.total > r.defense.total
        else "tie"
        if r.attack.total == r.defense.total
        else "lower"
    )


def test_opposed_errors_name_the_side():
    with pytest.raises(NotationError, match="'4D\\+'") as info:
        opposed("4D+", "3D")
    assert info.value.field == "attack"
    with pytest.raises(NotationError) as info:
        opposed("4D", "-2D")
    assert info.value.field == "defense"
    with pytest.raises(RuleValueError, match="attack must be a dice code such as '4D\\+2', got 4"):
        opposed(4, "3D")  # type: ignore[arg-type]


@settings(max_examples=60, deadline=None)
@given(codes, codes)
def test_opposed_complementary(a, d):
    o, r = opposed(a, d), opposed(d, a)
    assert o.higher + o.tie + o.lower == 1
    assert (o.higher, o.tie, o.lower) == (r.lower, r.tie, r.higher)


@settings(max_examples=25, deadline=None)
@given(codes, codes, st.booleans())
def test_opposed_agrees_with_icepool(a, d, halved):
    """A reference implementation nobody here wrote must agree exactly."""
    import icepool

    ia = a.dice @ icepool.d6 + a.pips
    if halved:
        ia = ia // 2
    idd = d.dice @ icepool.d6 + d.pips
    o = opposed(Roll(a, halved=halved), d)
    assert o.higher == F((ia > idd).probability(True))
    assert o.tie == F((ia == idd).probability(True))


# ----------------------------------------------------------------- contest
def test_shared_dodge_joint_brute_force():
    """Two shots face ONE dodge roll: enumerate all 6**5 dice."""
    c = contest(
        [Roll(DiceCode(2)), Roll(DiceCode(1, 2))],
        Roll(DiceCode(2)),
        SHOT := (Outcome.HIT, Outcome.HALF_DODGE, Outcome.DODGED),
    )
    counts: Counter = Counter()
    for faces in itertools.product(range(1, 7), repeat=5):
        a1, a2, dodge = faces[0] + faces[1], faces[2] + 2, faces[3] + faces[4]
        key = [0, 0, 0]
        for a in (a1, a2):
            key[0 if a > dodge else 1 if a == dodge else 2] += 1
        counts[tuple(key)] += 1
    assert c.counts == {k: F(v, 6**5) for k, v in sorted(counts.items())}
    assert c.rule == SHOT
    # the shots are NOT independent: both hitting is likelier than the product
    p1, p2 = c.probability(Outcome.HIT, 0), c.probability(Outcome.HIT, 1)
    assert c.probability_count(Outcome.HIT, 2) > p1 * p2
    assert c.expected(Outcome.HIT) == p1 + p2


def test_contest_caps():
    with pytest.raises(RuleValueError, match=r"between 1 and 8 attacks .* got 9"):
        contest([Roll(DiceCode(1))] * 9, Roll(DiceCode(1)), (Outcome.HIT,) * 3)
    with pytest.raises(RuleValueError, match="got 0"):
        contest([], Roll(DiceCode(1)), (Outcome.HIT,) * 3)


def test_contest_resolve_uses_one_dodge_roll():
    c = shoot("3D", "2D", mode=FireMode.INSTINCTIVE)
    r = c.resolve(Scripted([1, 1, 6, 6, 6, 3, 3, 3]))
    assert r.defense.total == 2
    assert [a.total for a in r.attacks] == [9, 4]
    assert r.outcomes == (Outcome.HIT, Outcome.HIT)
    assert r.lines()[0] == "defense: 2D [1, 1] = 2"


@pytest.mark.slow
def test_seeded_simulation_agrees_with_exact_contest():
    """The seeded resolver, run many times, lands near the exact joint odds."""
    c = shoot("4D", "3D+1", mode=FireMode.BURST, shots=3)
    rng = random.Random(7)
    n = 3000
    seen: Counter = Counter()
    for _ in range(n):
        seen[c.resolve(rng).outcomes.count(Outcome.HIT)] += 1
    for hits, p in c.count_distribution(Outcome.HIT).items():
        assert abs(seen[hits] / n - float(p)) < 0.03, hits


# ------------------------------------------------------------------ shooting
def test_shot_single_is_opposed_roll_with_bonuses():
    c = shoot("3D+1", "3D", bdc=2, bdp=-1, bdt=1)
    gt, eq, lt = brute_compare(totals(3, 3), totals(3))
    assert c.table() == {Outcome.HIT: gt, Outcome.HALF_DODGE: eq, Outcome.DODGED: lt}


def test_shot_instinctive_two_halved_rolls():
    c = shoot("4D", "2D", mode=FireMode.INSTINCTIVE)
    assert [a.halved for a in c.attacks] == [True, True]
    gt, eq, lt = brute_compare(totals(4, 0, halved=True), totals(2))
    assert c.per_attack[1] == (gt, eq, lt)


def test_shot_burst_penalties():
    c = shoot("5D+1", "3D", mode=FireMode.BURST, shots=4, weapon=Weapon.HEAVY)
    assert [str(a.code) for a in c.attacks] == ["5D+1", "4D+1", "3D+1", "2D+1"]
    hits = [c.probability(Outcome.HIT, i) for i in range(4)]
    assert hits == sorted(hits, reverse=True)
    with pytest.raises(RuleValueError, match="shot 3 of the burst would roll 0D") as info:
        shoot("2D", "3D", mode=FireMode.BURST, shots=3)
    assert "fires at most 2 shots" in str(info.value) and info.value.field == "shots"
    with pytest.raises(RuleValueError, match="a burst needs an automatic firearm"):
        shoot("3D", "3D", mode=FireMode.BURST, weapon=Weapon.THROWN_BLADE)
    with pytest.raises(RuleValueError, match="shots must be an integer from 1 to 8, got 9"):
        shoot("3D", "3D", mode=FireMode.BURST, shots=9)


def test_shot_two_pistols():
    c = shoot("4D", "3D", mode=FireMode.TWO_PISTOLS)
    assert [str(a.code) for a in c.attacks] == ["3D", "3D"]
    with pytest.raises(RuleValueError, match="pistols \\(AP\\) only") as info:
        shoot("4D", "3D", mode=FireMode.TWO_PISTOLS, weapon=Weapon.HEAVY)
    assert info.value.field == "mode"


def test_aim_and_sustained_fire():
    assert aim_bonus("3D+2") == 3
    assert [sustained_fire_bonus(n, "2D") for n in range(1, 6)] == [0, 1, 2, 2, 2]
    aimed = shoot("3D", "3D", aimed=True, willpower="2D+1")
    assert str(aimed.attacks[0].code) == "3D+2"
    both = shoot("3D", "3D", aimed=True, sustained=4, willpower="2D")
    assert str(both.attacks[0].code) == "3D+4"
    with pytest.raises(RuleValueError, match="need the shooter's VOLONTÉ") as info:
        shoot("3D", "3D", aimed=True)
    assert info.value.field == "willpower"
    with pytest.raises(RuleValueError, match="sustained must be an integer from 1 to 100, got 0"):
        shoot("3D", "3D", sustained=0, willpower="2D")


def test_dodge_modes():
    assert str(dodge_roll("3D+1", DodgeMode.TOTAL).code) == "5D+1"
    assert dodge_roll("3D+1", DodgeMode.FIXED).distribution().pmf() == {11: 1}
    assert dodge_roll("3D+1", DodgeMode.FIXED_TOTAL).distribution().pmf() == {18: 1}
    assert dodge_roll("3D+1", DodgeMode.FIXED, Rounding.UP).distribution().pmf() == {12: 1}
    c = shoot("3D", "3D+1", dodge_mode=DodgeMode.FIXED)
    brute = totals(3)
    assert c.probability(Outcome.HIT) == F(sum(w for t, w in brute.items() if t > 11), 216)
    assert c.probability(Outcome.HALF_DODGE) == F(brute[11], 216)
    total = shoot("3D", "3D", dodge_mode=DodgeMode.TOTAL)
    assert total.probability(Outcome.HIT) == brute_compare(totals(3), totals(5))[0]


def test_unaware_target_cannot_dodge():
    """A target who does not know he is attacked rolls no dodge (the attack beats 0)."""
    assert dodge_roll("3D+1", DodgeMode.UNAWARE).distribution().pmf() == {0: 1}
    assert UNAWARE_DEFENSE == 0
    shot = shoot("4D+2", "3D+1", dodge_mode=DodgeMode.UNAWARE)
    assert shot.table() == {Outcome.HIT: 1, Outcome.MISSED: 0}
    burst = shoot("3D", "5D", mode=FireMode.BURST, shots=3, dodge_mode=DodgeMode.UNAWARE)
    assert burst.count_distribution(Outcome.HIT) == {3: 1}
    boom = throw_explosive("2D", "4D", dodge_mode=DodgeMode.UNAWARE)
    assert boom.probability(Outcome.PRIMARY_ZONE) == 1
    psy = psychic_attack("2D", "4D", dodge_mode=DodgeMode.UNAWARE)
    assert psy.probability(Outcome.HIT) == 1
    # the threshold is a named parameter: against 7, a 2D shot is an opposed roll vs 7
    seven = shoot("2D", "3D", dodge_mode=DodgeMode.UNAWARE, unaware_defense=7)
    brute = totals(2)
    assert seven.table() == {
        Outcome.HIT: F(sum(w for t, w in brute.items() if t > 7), 36),
        Outcome.MISSED: F(sum(w for t, w in brute.items() if t <= 7), 36),
    }
    # a 1D-3 shot can total 0 or less: it misses; an unaware target never dodges
    weak = shoot("1D-3", "3D", dodge_mode=DodgeMode.UNAWARE)
    assert weak.table() == {Outcome.HIT: F(3, 6), Outcome.MISSED: F(3, 6)}
    with pytest.raises(RuleValueError, match="unaware_defense must be an integer from -200 to 200"):
        shoot("2D", "3D", dodge_mode=DodgeMode.UNAWARE, unaware_defense=999)
    with pytest.raises(RuleValueError, match="only answers a physical attack"):
        psychic_attack("3D", "3D", attack=PsyAttack.MENTAL, dodge_mode=DodgeMode.UNAWARE)


@settings(max_examples=40, deadline=None)
@given(codes, codes, st.sampled_from(list(FireMode)), st.sampled_from(list(DodgeMode)))
def test_shot_outcomes_sum_to_one_and_more_dice_help(attack, dodge, mode, dodge_mode):
    kw = {"mode": mode, "dodge_mode": dodge_mode, "shots": 2}
    try:
        c = shoot(attack, dodge, **kw)
    except RuleValueError as err:  # a 1D shooter's second burst shot is 0D
        assert "needs at least 1D" in str(err) or "of the burst would roll 0D" in str(err)
        return
    for i in range(len(c.attacks)):
        assert sum(c.table(i).values()) == 1
        assert all(0 <= p <= 1 for p in c.table(i).values())
    assert sum(c.counts.values()) == 1
    better = shoot(attack + DiceCode(1), dodge, **kw)
    assert better.probability(Outcome.HIT) >= c.probability(Outcome.HIT)
    harder = shoot(attack, dodge + DiceCode(1), **kw)
    assert harder.probability(Outcome.HIT) <= c.probability(Outcome.HIT)


@settings(max_examples=40, deadline=None)
@given(
    codes,
    codes,
    st.sampled_from(list(PsyAttack)),
    st.sampled_from(list(PsyOption)),
    st.booleans(),
)
def test_psychic_and_explosive_sum_to_one_and_more_dice_help(attack, target, kind, option, two):
    try:
        psy = psychic_attack(attack, target, attack=kind, option=option)
        boom = throw_explosive(attack, target, two_at_once=two)
    except RuleValueError as err:  # a 1D skill at -1D falls to 0D
        assert "needs at least 1D" in str(err)
        return
    for c in (psy, boom):
        for i in range(len(c.attacks)):
            assert sum(c.table(i).values()) == 1
        assert sum(c.counts.values()) == 1
    first = psy.outcomes[0]  # hit, or the mental attack's success
    better = psychic_attack(attack + DiceCode(1), target, attack=kind, option=option)
    assert better.probability(first) >= psy.probability(first)
    stronger = throw_explosive(attack + DiceCode(1), target, two_at_once=two)
    assert stronger.probability(Outcome.PRIMARY_ZONE) >= boom.probability(Outcome.PRIMARY_ZONE)


# ---------------------------------------------------------------- explosives
@pytest.mark.parametrize(("a", "d"), [(2, 2), (3, 2), (1, 1)])
def test_explosive_tie_is_primary_zone(a, d):
    c = throw_explosive(DiceCode(a), DiceCode(d), bdc=1)
    gt, eq, lt = brute_compare(totals(a, 1), totals(d))
    assert c.table() == {Outcome.PRIMARY_ZONE: gt + eq, Outcome.SECONDARY_ZONE: lt}
    assert c.probability(Outcome.HALF_DODGE) == 0
    assert c.probability(Outcome.PRIMARY_ZONE) > shoot(DiceCode(a), DiceCode(d), bdc=1).probability(
        Outcome.HIT
    )


def test_explosive_two_at_once_and_type():
    c = throw_explosive("3D+1", "2D", two_at_once=True)
    assert [str(a.code) for a in c.attacks] == ["2D+1", "2D+1"]
    with pytest.raises(RuleValueError, match="only type 1 explosives can be thrown, got type 2"):
        throw_explosive("3D", "2D", explosive_type=2)


# ---------------------------------------------------------------------- psy
def test_psychic_physical_is_like_a_shot():
    p = psychic_attack("4D", "3D+1", bdc=1, bdp=2, bdt=-1)
    assert p.table() == shoot("4D", "3D+1", bdc=2).table()


def test_psychic_counter_must_strictly_win():
    p = psychic_attack("2D+1", "2D", attack=PsyAttack.PHYSICAL_VS_COUNTER)
    gt, eq, lt = brute_compare(totals(2, 1), totals(2))
    assert p.table() == {Outcome.HIT: gt + eq, Outcome.COUNTERED: lt}


def test_psychic_mental_tie_no_effect():
    p = psychic_attack("3D", "2D+2", attack=PsyAttack.MENTAL, bdc=1, bdp=1)
    gt, eq, lt = brute_compare(totals(3, 2), totals(2, 2))
    assert p.table() == {Outcome.AFFECTED: gt, Outcome.NO_EFFECT: eq + lt}


def test_psychic_ubiquity_and_complementarity():
    u = psychic_attack("4D", "2D", option=PsyOption.UBIQUITY)
    assert [a.halved for a in u.attacks] == [True, True]  # each of the two rolls halved
    assert [str(a.code) for a in u.attacks] == ["4D", "4D"]
    assert u.probability(Outcome.HIT) == brute_compare(totals(4, 0, True), totals(2))[0]
    assert u.probability(Outcome.HIT, 1) == u.probability(Outcome.HIT, 0)
    c = psychic_attack("4D", "2D", option=PsyOption.COMPLEMENTARITY)
    assert [str(a.code) for a in c.attacks] == ["3D", "3D"]  # -1D on each
    assert not any(a.halved for a in c.attacks)
    two = psychic_attack(
        "4D", "2D", option=PsyOption.COMPLEMENTARITY, second_skill="3D+1", bdc=1, bdp=1
    )
    assert [str(a.code) for a in two.attacks] == ["3D+2", "2D+3"]  # bonuses on both
    assert two.probability(Outcome.HIT, 1) == brute_compare(totals(2, 3), totals(2))[0]


def test_psychic_ubiquity_joint_brute_force():
    """Two halved techniques at one target, who answers both with one dodge roll."""
    c = psychic_attack("2D", "1D+1", option=PsyOption.UBIQUITY, bdc=2)
    counts: Counter = Counter()
    for faces in itertools.product(range(1, 7), repeat=5):
        dodge = faces[4] + 1
        key = [0, 0, 0]
        for t in ((faces[0] + faces[1] + 2) // 2, (faces[2] + faces[3] + 2) // 2):
            key[0 if t > dodge else 1 if t == dodge else 2] += 1
        counts[tuple(key)] += 1
    assert c.counts == {k: F(v, 6**5) for k, v in sorted(counts.items())}


def test_psychic_counter_and_mental_with_two_techniques():
    m = psychic_attack("3D", "2D", attack=PsyAttack.MENTAL, option=PsyOption.COMPLEMENTARITY)
    gt, eq, lt = brute_compare(totals(2), totals(2))
    assert m.table(1) == {Outcome.AFFECTED: gt, Outcome.NO_EFFECT: eq + lt}
    k = psychic_attack("3D", "2D", attack=PsyAttack.PHYSICAL_VS_COUNTER, option=PsyOption.UBIQUITY)
    gt, eq, lt = brute_compare(totals(3, 0, True), totals(2))
    assert k.table(0) == {Outcome.HIT: gt + eq, Outcome.COUNTERED: lt}


def test_psychic_errors():
    with pytest.raises(RuleValueError, match="bdt must be 0, got 2") as info:
        psychic_attack("3D", "3D", attack=PsyAttack.MENTAL, bdt=2)
    assert info.value.field == "bdt"
    with pytest.raises(RuleValueError, match="'Esquive totale' only answers") as info:
        psychic_attack("3D", "3D", attack=PsyAttack.MENTAL, dodge_mode=DodgeMode.TOTAL)
    assert info.value.field == "dodge_mode"
    with pytest.raises(RuleValueError, match="the psychic skill is '0D'"):
        psychic_attack("1D", "3D", option=PsyOption.COMPLEMENTARITY)
    with pytest.raises(RuleValueError, match="second skill is for 'Complémentarité psychique'"):
        psychic_attack("3D", "3D", option=PsyOption.UBIQUITY, second_skill="2D")
    with pytest.raises(RuleValueError, match="the other psychic skill is '0D'") as info:
        psychic_attack("3D", "3D", option=PsyOption.COMPLEMENTARITY, second_skill="1D")
    assert info.value.field == "second_skill"
    with pytest.raises(NotationError) as info:
        psychic_attack("3D", "3D", option=PsyOption.COMPLEMENTARITY, second_skill="4D+")
    assert info.value.field == "second_skill"


# -------------------------------------------------------------------- melee
def brute_melee(ta: Counter, tb: Counter) -> tuple[Fraction, Fraction, Fraction]:
    return brute_compare(ta, tb)


def test_melee_attack_vs_attack():
    r = melee(Fighter("2D+1", bonus=1), Fighter("3D"))
    gt, eq, lt = brute_melee(totals(2, 2), totals(3))
    assert [(x.label, x.probability, x.a_deals, x.b_deals) for x in r.rows] == [
        ("A hits", gt, 1, 0),
        ("Both miss", eq, 0, 0),
        ("B hits", lt, 0, 1),
    ]


def test_melee_parry_and_counter():
    parry = melee(Fighter("3D"), Fighter("2D", stance=Stance.PARRY))
    gt, eq, lt = brute_melee(totals(3), totals(4))
    assert parry.probability("A hits") == gt
    assert parry.probability("No blow lands") == eq
    assert parry.probability("Parried") == lt
    assert parry.expected_b_deals == 0
    literal = melee(Fighter("3D"), Fighter("2D", stance=Stance.PARRY), guard_tie_lands=True)
    assert literal.probability("A hits") == gt + eq
    counter = melee(Fighter("3D"), Fighter("2D", stance=Stance.COUNTER))
    gt, eq, lt = brute_melee(totals(3), totals(3))
    assert counter.probability("B counters (half damage)") == lt
    assert counter.expected_b_deals == lt / 2


def test_melee_guard_vs_guard_no_exchange():
    for s1, s2 in [
        (Stance.PARRY, Stance.COUNTER),
        (Stance.COUNTER, Stance.COUNTER),
        (Stance.PARRY, Stance.DODGE),
    ]:
        r = melee(Fighter("3D", stance=s1), Fighter("3D", stance=s2))
        assert [(x.label, x.probability) for x in r.rows] == [("No exchange", 1)]
        assert r.resolve(random.Random(1)).a is None


@pytest.mark.parametrize(
    ("stance", "extra"),
    [(Stance.DODGE, 0), (Stance.TOTAL_DODGE, 2), (Stance.ALREADY_ACTED, 0), (Stance.DISENGAGE, 0)],
)
def test_melee_agility_defense_gives_plus_five(stance, extra):
    r = melee(Fighter("2D"), Fighter("3D", agility="1D+1", stance=stance))
    gt, eq, lt = brute_melee(totals(2, 5), totals(1 + extra, 1))
    gone = stance is Stance.DISENGAGE  # he gets away after the blow (issue 35)
    hit = "A hits, then B gets away" if gone else "A hits"
    half = "Half-dodge, then B gets away" if gone else "Half-dodge"
    away = "Disengaged" if gone else "Dodged"
    assert [(x.label, x.probability, x.a_deals, x.ends) for x in r.rows] == [
        (hit, gt, 1, gone),
        (half, eq, F(1, 2), gone),
        (away, lt, 0, gone),
    ]


def test_melee_sides_mirror():
    a = Fighter("2D+2", agility="2D", stance=Stance.DODGE)
    b = Fighter("3D", stance=Stance.FEINT)
    ab, ba = melee(a, b), melee(b, a)
    assert ab.probability("B hits") == ba.probability("A hits")
    assert ab.probability("Half-dodge") == ba.probability("Half-dodge")
    assert ab.expected_b_deals == ba.expected_a_deals


def test_melee_feint():
    base = Fighter("3D")
    feint = Fighter("3D", stance=Stance.FEINT)
    vs_counter = melee(feint, Fighter("2D", stance=Stance.COUNTER))
    assert str(vs_counter.a_roll.code) == "4D"  # +1D against a counter stance
    vs_attack = melee(feint, base)
    assert str(vs_attack.a_roll.code) == "2D"  # -1D against a purely offensive opponent
    vs_parry = melee(feint, Fighter("2D", stance=Stance.PARRY))
    assert str(vs_parry.a_roll.code) == "3D"  # no change against a parry


def test_melee_weapon_options():
    assert blow_modifier(MeleeWeapon.AB1, BlowOption.TWO_WEAPONS) == (-1, False)
    assert blow_modifier(MeleeWeapon.AB3, BlowOption.TWO_WEAPONS) == (0, True)
    assert blow_modifier(MeleeWeapon.AB4, BlowOption.ONE_HANDED) == (-1, False)
    assert blow_modifier(MeleeWeapon.AB2, BlowOption.INSTINCTIVE) == (0, True)
    two = melee(Fighter("4D", weapon=MeleeWeapon.AB3, blows=BlowOption.TWO_WEAPONS), Fighter("2D"))
    assert two.a_roll.halved
    gt, _eq, _lt = brute_melee(totals(4, 0, True), totals(2))
    assert two.probability("A hits") == gt
    with pytest.raises(RuleValueError, match="instinctive blows need an AB1 or AB2") as info:
        melee(Fighter("3D", weapon=MeleeWeapon.AB3, blows=BlowOption.INSTINCTIVE), Fighter("3D"))
    assert info.value.field == "a_blows"
    with pytest.raises(RuleValueError, match="bare hands cannot use 'Deux armes'"):
        melee(
            Fighter("3D"), Fighter("3D", weapon=MeleeWeapon.UNARMED, blows=BlowOption.TWO_WEAPONS)
        )
    with pytest.raises(RuleValueError, match="'À une main' is for AB3 or AB4"):
        blow_modifier(MeleeWeapon.CLOSE, BlowOption.ONE_HANDED)


def test_melee_two_blows_a_round():
    """Two weapons or instinctive blows: two blows, each roll with the same penalty."""
    inst = Fighter("4D", weapon=MeleeWeapon.AB2, blows=BlowOption.INSTINCTIVE)
    r = melee(inst, Fighter("3D"))
    assert (r.a_blows, r.b_blows) == (2, 1)
    assert r.a_roll.halved
    gt, _eq, lt = brute_melee(totals(4, 0, True), totals(3))
    assert r.expected_a_deals == gt
    assert r.round_a_deals == 2 * gt
    assert r.round_b_deals == lt
    two = Fighter("3D", weapon=MeleeWeapon.CLOSE, blows=BlowOption.TWO_WEAPONS)
    r = melee(Fighter("3D"), two)
    assert (r.a_blows, r.b_blows) == (1, 2)
    assert str(r.b_roll.code) == "2D"
    # a guard with two weapons still rolls at -1D, but strikes no second blow
    guard = Fighter(
        "3D", weapon=MeleeWeapon.CLOSE, blows=BlowOption.TWO_WEAPONS, stance=Stance.PARRY
    )
    r = melee(Fighter("3D"), guard)
    assert r.b_blows == 1 and str(r.b_roll.code) == "4D"
    # a one-handed AB3 is one blow at -1D
    one = Fighter("3D", weapon=MeleeWeapon.AB3, blows=BlowOption.ONE_HANDED)
    assert melee(one, Fighter("3D")).a_blows == 1


def test_melee_parry_restrictions():
    with pytest.raises(RuleValueError, match="cannot use 'Parade' bare-handed") as info:
        melee(
            Fighter("3D", weapon=MeleeWeapon.AB2),
            Fighter("3D", weapon=MeleeWeapon.UNARMED, stance=Stance.PARRY),
        )
    assert info.value.field == "b_stance"
    with pytest.raises(RuleValueError, match="against a proton blade") as info:
        melee(
            Fighter("3D", weapon=MeleeWeapon.AB1, stance=Stance.COUNTER),
            Fighter("3D", weapon=MeleeWeapon.AB2, proton=True),
        )
    assert info.value.field == "a_stance"
    # bare hands against bare hands may parry; a proton blade may parry a proton blade
    melee(
        Fighter("3D", weapon=MeleeWeapon.UNARMED),
        Fighter("3D", weapon=MeleeWeapon.UNARMED, stance=Stance.PARRY),
    )
    melee(
        Fighter("3D", weapon=MeleeWeapon.AB1, proton=True, stance=Stance.PARRY),
        Fighter("3D", weapon=MeleeWeapon.AB2, proton=True),
    )
    with pytest.raises(RuleValueError, match=r"only a blade .* can be a proton blade"):
        melee(Fighter("3D", weapon=MeleeWeapon.CLOSE, proton=True), Fighter("3D"))
    with pytest.raises(NotationError) as info:
        melee(Fighter("3D"), Fighter("3D", agility="-2D", stance=Stance.DODGE))
    assert info.value.field == "b_agility"


@settings(max_examples=60, deadline=None)
@given(codes, codes, st.sampled_from(list(Stance)), st.sampled_from(list(Stance)))
def test_melee_rows_sum_to_one_and_skill_helps(a, b, sa, sb):
    if Stance.PURSUE in (sa, sb) and {sa, sb} != {Stance.PURSUE, Stance.DISENGAGE}:
        return  # pursuing answers a disengagement only (tested apart)
    try:
        r = melee(Fighter(a, a, stance=sa), Fighter(b, b, stance=sb))
    except RuleValueError as err:  # a 1D feint against an attack falls to 0D
        assert "needs at least 1D" in str(err)
        return
    assert sum(x.probability for x in r.rows) == 1
    if sa.kind == "offence":
        stronger = melee(Fighter(a + DiceCode(1), a, stance=sa), Fighter(b, b, stance=sb))
        assert stronger.expected_a_deals >= r.expected_a_deals


def test_melee_seeded_exchange():
    r = melee(Fighter("2D"), Fighter("2D"))
    roll = r.resolve(Scripted([6, 6, 1, 1]))
    assert (roll.a.total, roll.b.total, roll.label) == (12, 2, "A hits")


# --------------------------------------------------------------- initiative
def test_initiative_worked_example_tie_for_third():
    """The source's example: two tied for 3rd; the re-roll decides 3rd and 4th only."""
    people = [Combatant(n, "1D") for n in ("Ana", "Bel", "Cyr", "Dag")]
    # first rolls 6, 5, 3, 3: Cyr and Dag tie for 3rd; their re-roll 2 vs 6
    order = initiative_order(people, Scripted([6, 5, 3, 3, 2, 6]))
    assert order.names() == ("Ana", "Bel", "Dag", "Cyr")
    # Dag's re-roll (6) beats Bel's first roll (5), yet he does not pass 2nd
    assert [e.totals for e in order.entries] == [(6,), (5,), (3, 6), (3, 2)]
    assert order.lines()[2] == "3. Dag: 1D [3] = 3; re-roll 1: 1D [6] = 6"


def test_initiative_retie_and_bdr():
    people = [Combatant("A", "1D", 1), Combatant("B", "1D"), Combatant("C", "1D", 2)]
    # totals 4+1=5, 5, 3+2=5: all tied; re-roll 1+1, 2, 6+2 -> C first, A and B re-tie
    # at 2; their second re-roll 1+1 against 4 puts B before A
    order = initiative_order(people, Scripted([4, 5, 3, 1, 2, 6, 1, 4]))
    assert order.names() == ("C", "B", "A")
    assert order.entries[2].totals == (5, 2, 2)
    assert order.entries[0].totals == (5, 8)


def test_initiative_errors():
    with pytest.raises(RuleValueError, match="names must differ, repeated: 'A'"):
        initiative_order([Combatant("A", "2D"), Combatant("A", "3D")], random.Random(1))
    with pytest.raises(RuleValueError, match="write at least one combatant"):
        initiative_order([], random.Random(1))
    with pytest.raises(RuleValueError, match="a combatant needs a name"):
        initiative_order([Combatant(" ", "2D")], random.Random(1))
    with pytest.raises(RuleValueError, match="needs at least 1D"):
        initiative_order([Combatant("A", "0D+3")], random.Random(1))


@pytest.mark.slow
def test_prob_acts_before_exact_and_simulated():
    a, b = Combatant("A", "2D+1"), Combatant("B", "2D", 1)
    assert prob_acts_before(a, b) == F(1, 2)
    a, b = Combatant("A", "2D+1"), Combatant("B", "2D")
    gt, eq, _lt = brute_compare(totals(2, 1), totals(2))
    p = prob_acts_before(a, b)
    assert p == gt / (1 - eq)
    rng = random.Random(2024)
    wins = sum(initiative_order([a, b], rng).names()[0] == "A" for _ in range(4000))
    assert abs(wins / 4000 - float(p)) < 0.03


def test_round_plan():
    plan = plan_round([Action.SHOOT, Action.MOVE, Action.COMMUNICATE, Action.DODGE])
    assert plan.main is Action.SHOOT
    assert plan_round([Action.MOVE]).main is None
    with pytest.raises(RuleValueError, match="one main action a round"):
        plan_round([Action.AIM, Action.SHOOT])
    with pytest.raises(RuleValueError, match="one main action a round"):
        plan_round([Action.TOTAL_DODGE, Action.MELEE])
    with pytest.raises(RuleValueError, match="one dodge roll a round answers every attack"):
        plan_round([Action.DODGE, Action.DODGE])
    with pytest.raises(RuleValueError, match=r"actions must be galaxies\.Action values, got 'Tir'"):
        plan_round(["Tir"])  # type: ignore[list-item]
    # the source names initiative among the reactions (issue 15 item 6)
    assert Action.INITIATIVE.kind is ActionType.REACTION
    assert plan_round([Action.INITIATIVE, Action.SHOOT, Action.DODGE]).main is Action.SHOOT


def test_glossary_and_labels():
    french = {t.french for t in GLOSSARY}
    assert {"demi-esquive", "mantisse", "parade", "contre psychique"} <= french
    assert {"manqué", "cible immobile", "poursuivre (sans porter de coup)"} <= french
    assert len(french) == len(GLOSSARY)
    assert DodgeMode.UNAWARE.label == "Pas d'esquive (cible non avertie)"
    assert Weapon.HEAVY.label == "Armes lourdes (AL)"  # its own label, code appended
    assert Action.PSYCHIC_COUNTER.label == "Contre psychique"
    assert BlowOption.INSTINCTIVE.label == "Coups instinctifs"
    assert Rounding.UP.label == "arrondi supérieur"
    assert all(t.chapter == "galaxies-jumelles" for t in GLOSSARY)
    assert Outcome.HALF_DODGE.label == "Demi-esquive"
    assert Stance.COUNTER.label == "Posture de contre"
    assert issubclass(NotationError, RulebookError)


# ------------------------------------------------------------------ widgets
import ipywidgets as widgets  # noqa: E402

from rulebook_py.systems.galaxies import parse_combatants  # noqa: E402
from rulebook_py.widgets import CALCULATORS  # noqa: E402
from rulebook_py.widgets.format import number, probability  # noqa: E402
from rulebook_py.widgets.galaxies import (  # noqa: E402
    GalaxiesCodeCalculator,
    GalaxiesInitiativeCalculator,
    GalaxiesMeleeCalculator,
    GalaxiesPsychicCalculator,
    GalaxiesShotCalculator,
)


def err(calc, name: str) -> str:
    """The error shown next to a control, as plain text."""
    return html.unescape(calc.error_for(name))


ALL = (
    GalaxiesCodeCalculator,
    GalaxiesShotCalculator,
    GalaxiesMeleeCalculator,
    GalaxiesPsychicCalculator,
    GalaxiesInitiativeCalculator,
)


def test_public_surface_is_the_submodules():
    import importlib

    from rulebook_py.systems import galaxies

    parts = [
        importlib.import_module(f"rulebook_py.systems.galaxies.{name}")
        for name in (
            "codes",
            "contests",
            "ranged",
            "volleys",
            "melee_combat",
            "initiative_rolls",
            "whole_fight",
            "glossary",
        )
    ]
    names = [n for m in parts for n in m.__all__]
    assert galaxies.__all__ == names and len(set(names)) == len(names)
    assert all(getattr(galaxies, n) is getattr(m, n) for m in parts for n in m.__all__)
    assert "opposed" in galaxies.__all__


def test_calculators_registered():
    from rulebook_py.widgets.galaxies import GalaxiesVolleyCalculator

    for cls in (*ALL, GalaxiesVolleyCalculator):
        assert CALCULATORS[cls.__name__] is cls


def test_code_calculator():
    calc = GalaxiesCodeCalculator()
    assert "<td>Mantisse (number of dice)</td><td>4</td>" in calc.result.value
    assert "80.83 % (2357/2916)" in calc.result.value
    calc.controls["code"].value = "3D+1"
    assert "<td>Fixed value (esquive fixe, rounded down)</td><td>11</td>" in calc.result.value
    assert "<td>Average</td><td>11.50</td>" in calc.result.value
    calc.controls["halved"].value = True
    assert "<td>(3D+1)/2</td>" in calc.result.value
    assert "halved =" in (calc.roll() or calc.roll_output.value)
    calc.controls["code"].value = "-2D"
    assert "position 0" in err(calc, "code")
    assert calc.result.value == ""
    calc.controls["code"].value = "0D+2"
    assert "needs at least 1D" in err(calc, "code")
    calc.controls["code"].value = "2D"
    assert calc.error == ""


def test_shot_calculator():
    calc = GalaxiesShotCalculator()
    assert "80.83 % (2357/2916)" in calc.result.value
    assert "5.45 % (5089/93312)" in calc.result.value
    calc.controls["mode"].value = "burst"
    calc.controls["shots"].value = 3
    assert "<td>3: 2D+2</td>" in calc.result.value
    burst = shoot("4D+2", "3D+1", mode=FireMode.BURST, shots=3)
    hits = burst.count_distribution(Outcome.HIT)
    assert "How many rolls end in each outcome" in calc.result.value
    assert f"<td>3</td><td>{probability(hits[3])}</td>" in calc.result.value
    assert (
        f"At least one roll ends in Touché (hit): {probability(1 - hits[0])}" in calc.result.value
    )
    assert "How many of the 3 rolls end in each outcome" in calc.chart.value
    assert "Expected damage, counted in full hits: 1.69 " in calc.result.value
    calc.controls["half_dodge"].value = F(0)
    expected = burst.expected(Outcome.HIT)
    assert f"Expected damage, counted in full hits: {number(expected)} " in calc.result.value
    calc.controls["half_dodge"].value = F(1, 2)
    calc.controls["mode"].value = "explosive"
    assert "Zone primaire" in calc.result.value and "Demi-esquive" not in calc.result.value
    assert "<td>1: 4D+2</td><td>86.28 % (" in calc.result.value  # 2357/2916 + 5089/93312
    calc.controls["mode"].value = "two_pistols"
    calc.controls["weapon"].value = Weapon.HEAVY
    assert "pistols (AP) only" in err(calc, "mode")
    calc.controls["weapon"].value = Weapon.PISTOL
    calc.controls["attack"].value = "4D+"
    assert "expected the points after '+'" in err(calc, "attack")
    calc.controls["attack"].value = "4D+2"
    calc.controls["aimed"].value = True
    calc.controls["willpower"].value = ""
    assert "a dice code such as" in err(calc, "willpower")
    calc.controls["willpower"].value = "3D"
    assert calc.error == ""
    assert "<td>1: 3D+5</td>" in calc.result.value
    calc.controls["mode"].value = "burst"
    calc.controls["shots"].value = 5
    calc.controls["attack"].value = "3D"
    shown = err(calc, "shots")
    assert "shot 4 of the burst would roll 0D+3" in shown and "at most 3 shots" in shown


def test_shot_calculator_unaware_target():
    calc = GalaxiesShotCalculator(dodge_mode=DodgeMode.UNAWARE)
    assert (
        "No dodge roll (target unaware of the attack): each roll must beat 0" in calc.result.value
    )
    assert "<td>1: 4D+2</td><td>100 %</td><td>0 %</td></tr>" in calc.result.value
    assert "Manqué (misses" in calc.result.value and "Demi-esquive" not in calc.result.value
    assert "Expected damage, counted in full hits: 1." in calc.result.value
    out = calc.roll_output.value
    assert "No dodge roll (target unaware of the attack)" in out and "defense:" not in out
    assert "→ Touché (hit)" in out


def test_shot_calculator_roll_shows_one_dodge_and_each_shot():
    calc = GalaxiesShotCalculator(mode="instinctive")
    out = calc.roll_output.value
    assert out.count("defense:") == 1 and out.count("attack ") == 2
    assert "halved" in out


def test_melee_calculator():
    calc = GalaxiesMeleeCalculator()
    assert "B counters (half damage)" in calc.result.value
    assert "54.05 % (100865/186624)" in calc.result.value
    calc.controls["b_stance"].value = Stance.PARRY
    calc.controls["b_weapon"].value = MeleeWeapon.UNARMED
    assert "bare-handed" in err(calc, "b_stance")
    calc.controls["b_weapon"].value = MeleeWeapon.AB1
    calc.controls["a_proton"].value = True
    assert "proton blade" in err(calc, "b_stance")
    calc.controls["a_proton"].value = False
    calc.controls["a_blows"].value = BlowOption.ONE_HANDED
    assert "AB3 or AB4" in err(calc, "a_blows")
    calc.controls["a_blows"].value = BlowOption.INSTINCTIVE
    assert calc.error == ""
    assert "A rolls (4D+1)/2" in calc.result.value
    calc.controls["b_stance"].value = Stance.COUNTER
    calc.controls["a_stance"].value = Stance.PARRY
    assert "No exchange" in calc.result.value
    assert "no roll" in calc.roll_output.value or calc.roll() is None


def test_melee_calculator_two_blows_and_layout():
    calc = GalaxiesMeleeCalculator(a_blows=BlowOption.INSTINCTIVE, b_stance=Stance.DODGE)
    r = melee(
        Fighter("4D+1", "3D", weapon=MeleeWeapon.AB2, blows=BlowOption.INSTINCTIVE),
        Fighter("3D+2", "3D+1", stance=Stance.DODGE, weapon=MeleeWeapon.AB1),
    )
    assert f"A deals {number(r.round_a_deals)} of his damage over the round" in calc.result.value
    assert "A strikes 2 blows this round" in calc.result.value
    assert "B strikes" not in calc.result.value
    headings = [w.value for w in calc.children if isinstance(w, widgets.HTML)]
    assert "<b>Fighter A</b>" in headings and "<b>Fighter B</b>" in headings
    assert calc.result in calc.children and calc.roll_output in calc.children
    shown = [w.children[0] for w in calc.children if isinstance(w, widgets.HBox)]
    assert all(calc.controls[name] in shown for name in calc.controls)
    calc.controls["half_dodge"].value = F(1)
    r = melee(
        Fighter("4D+1", "3D", weapon=MeleeWeapon.AB2, blows=BlowOption.INSTINCTIVE),
        Fighter("3D+2", "3D+1", stance=Stance.DODGE, weapon=MeleeWeapon.AB1),
        half_dodge_factor=F(1),
    )
    assert f"A deals {number(r.round_a_deals)} of his damage over the round" in calc.result.value
    assert "<td>Half-dodge</td><td>10.04 % (9373/93312)</td><td>1</td>" in calc.result.value


def test_psychic_calculator_two_techniques():
    calc = GalaxiesPsychicCalculator(option=PsyOption.UBIQUITY)
    c = psychic_attack("5D", "3D+2", option=PsyOption.UBIQUITY, bdc=2)
    assert calc.result.value.count("(5D+2)/2</td>") == 2
    both = c.probability_count(Outcome.HIT, 2)
    assert f"<td>2</td><td>{probability(both)}</td>" in calc.result.value
    assert "answers both with his one roll" in calc.result.value
    assert calc.roll_output.value.count("attack ") == 2
    calc.controls["option"].value = PsyOption.COMPLEMENTARITY
    assert "<td>1: 4D+2</td>" in calc.result.value and "<td>2: 3D+2</td>" in calc.result.value
    calc.controls["second_skill"].value = "1D"
    assert "the other psychic skill is '0D+2'" in err(calc, "second_skill")
    calc.controls["option"].value = PsyOption.SINGLE  # the second skill is then ignored
    assert calc.error == ""
    single = psychic_attack("5D", "3D+2", bdc=2)
    hit, half = single.probability(Outcome.HIT), single.probability(Outcome.HALF_DODGE)
    assert f"counted in full hits: {number(hit + half / 2)} " in calc.result.value
    calc.controls["half_dodge"].value = F(0)
    assert f"counted in full hits: {number(hit)} " in calc.result.value


def test_psychic_calculator():
    calc = GalaxiesPsychicCalculator(bdc=0, skill="2D+1", defense="2D")
    gt, eq, _lt = brute_compare(totals(2, 1), totals(2))
    calc.controls["attack"].value = PsyAttack.PHYSICAL_VS_COUNTER
    html = calc.result.value
    assert "Contre psychique réussi" in html
    p = gt + eq
    assert f"({p.numerator}/{p.denominator})" in html
    calc.controls["attack"].value = PsyAttack.MENTAL
    calc.controls["bdt"].value = 1
    assert "BDT (not for mental attacks) must be 0" in err(calc, "bdt")
    calc.controls["bdt"].value = 0
    calc.controls["dodge_mode"].value = DodgeMode.TOTAL
    assert "only answers a physical attack" in err(calc, "dodge_mode")


def test_initiative_calculator():
    calc = GalaxiesInitiativeCalculator(combatants="A: 2D+1\nB: 2D, 1")
    assert "50.00 % (1/2)" in calc.result.value
    assert "<td>A</td><td>2D+1</td><td>—</td><td>50.00 % (1/2)</td>" in calc.result.value
    assert "<td>B</td><td>2D+1</td><td>50.00 % (1/2)</td><td>—</td>" in calc.result.value
    assert calc.roll_output.value.count("<br>") >= 1
    calc.controls["combatants"].value = "A: 2D\nB 3D"
    assert "line 2" in err(calc, "combatants")
    calc.controls["combatants"].value = "A: 2D\nB: -2D"
    assert "line 2" in err(calc, "combatants") and "position 0" in err(calc, "combatants")
    calc.controls["combatants"].value = "A: 2D, x"
    assert "BDR must be a whole number written with the digits 0-9, got 'x'" in err(
        calc, "combatants"
    )
    calc.controls["combatants"].value = ""
    assert "at least one combatant" in err(calc, "combatants")
    assert [c.name for c in parse_combatants("Kira: 3D+1, 2\n\nVosk: 2D")] == ["Kira", "Vosk"]


# ------------------------------------------- issue 13: every bad input, read one way
UNICODE_DIGITS = ["²D+1", "4D+²", "①D", "4D+①", "٣D", "4D+٣"]


@pytest.mark.parametrize("text", UNICODE_DIGITS)
def test_parse_reads_ascii_digits_only(text):
    with pytest.raises(NotationError, match="digits 0-9") as info:
        DiceCode.parse(text, field="dodge")
    assert info.value.field == "dodge"


CODE_BOXES = [
    (GalaxiesCodeCalculator, "code"),
    (GalaxiesCodeCalculator, "other"),
    (GalaxiesShotCalculator, "attack"),
    (GalaxiesShotCalculator, "dodge"),
    (GalaxiesShotCalculator, "willpower"),
    (GalaxiesMeleeCalculator, "a_skill"),
    (GalaxiesMeleeCalculator, "b_skill"),
    (GalaxiesMeleeCalculator, "a_agility"),
    (GalaxiesMeleeCalculator, "b_agility"),
    (GalaxiesPsychicCalculator, "skill"),
    (GalaxiesPsychicCalculator, "defense"),
]


@pytest.mark.parametrize(("cls", "name"), CODE_BOXES)
@pytest.mark.parametrize("text", ["²D+1", "4D+①"])
def test_unicode_digits_in_every_code_box_give_a_message_at_the_box(cls, name, text):
    extra = {"aimed": True} if name == "willpower" else {}
    extra.update({"b_stance": Stance.DODGE} if name == "b_agility" else {})
    extra.update({"a_stance": Stance.DODGE} if name == "a_agility" else {})
    if name == "a_agility":
        extra["b_stance"] = Stance.ATTACK
    calc = cls(**extra)
    assert calc.error == ""
    calc.controls[name].value = text
    shown = err(calc, name)
    assert "digits 0-9" in shown and repr(text) in shown
    assert calc.result.value == ""


@pytest.mark.parametrize("text", ["A: ²D+1", "A: 3D, ²", "A: 3D, ٣", "A: 3D, ①"])
def test_unicode_digits_in_combatants_give_a_message(text):
    calc = GalaxiesInitiativeCalculator()
    calc.controls["combatants"].value = text
    assert "line 1" in err(calc, "combatants")
    assert "0-9" in err(calc, "combatants")
    assert calc.result.value == ""


def test_a_name_may_hold_any_letters():
    assert [c.name for c in parse_combatants("Zoë Ærø: 3D\n²nd: 2D")] == ["Zoë Ærø", "²nd"]


def test_initiative_cap_checked_before_any_work():
    import time

    calc = GalaxiesInitiativeCalculator()
    lines = "\n".join(f"C{i}: 3D+1" for i in range(2000))
    start = time.process_time()
    calc.controls["combatants"].value = lines
    assert time.process_time() - start < 0.2
    shown = err(calc, "combatants")
    assert "at most 20 combatants" in shown and "2000 lines" in shown
    assert calc.result.value == ""
    calc.controls["combatants"].value = "\n".join(f"C{i}: 3D" for i in range(21))
    assert "at most 20 combatants" in err(calc, "combatants")
    calc.controls["combatants"].value = "\n".join(f"C{i}: 3D" for i in range(20))
    assert calc.error == ""


def test_too_many_points_named_in_the_readers_words():
    calc = GalaxiesShotCalculator(attack="4D+200")
    assert calc.error == ""
    calc.controls["bdc"].value = 2
    shown = err(calc, "attack")
    assert "'4D+200'" in shown and "BDC" in shown and "200 points" in shown
    assert "pips" not in shown and "202" not in shown
    calc.controls["bdc"].value = 300  # the rule's bound, beside the box (issue 38)
    assert "BDC (combat bonus) must be an integer from -50 to 50, got 300" in err(calc, "bdc")
    with pytest.raises(RuleValueError, match="bdc must be an integer from -50 to 50"):
        shoot("4D", "3D", bdc=300)
    melee_calc = GalaxiesMeleeCalculator(a_skill="4D+198", b_stance=Stance.DODGE)
    shown = err(melee_calc, "a_skill")
    assert "'4D+198'" in shown and "200 points" in shown and "pips" not in shown
    melee_calc.controls["a_bonus"].value = 500
    assert "must be an integer from -50 to 50, got 500" in err(melee_calc, "a_bonus")
    with pytest.raises(RuleValueError, match="bonus must be an integer from -50 to 50") as info:
        Fighter("4D", bonus=500)
    assert info.value.field == "bonus"
    init = GalaxiesInitiativeCalculator(combatants="Kira: 3D+199, 5")
    shown = err(init, "combatants")
    assert "line 1" in shown and "'3D+199'" in shown and "BDR" in shown
    assert "pips" not in shown and "204" not in shown
    init.controls["combatants"].value = "Kira: 3D, 999"
    shown = err(init, "combatants")
    assert "BDR" in shown and "999" in shown and "bdr" not in shown


# ------------------------------------- issue 15: items 2-4, 7 in the rules layer
def test_unaware_target_never_dodges_or_half_dodges():
    """Issue 15 item 4: two instinctive shots or a 1D-3 shot can total 0."""
    two = shoot("1D", "3D", mode=FireMode.INSTINCTIVE, dodge_mode=DodgeMode.UNAWARE)
    assert two.outcomes == (Outcome.HIT, Outcome.MISSED)
    assert two.table(0) == {Outcome.HIT: F(5, 6), Outcome.MISSED: F(1, 6)}  # a 1 halves to 0
    assert two.count_distribution(Outcome.MISSED) == {0: F(25, 36), 1: F(10, 36), 2: F(1, 36)}
    weak = shoot("1D-3", "3D", dodge_mode=DodgeMode.UNAWARE)
    assert weak.probability(Outcome.MISSED) == F(1, 2)
    assert weak.probability(Outcome.DODGED) == 0 and weak.probability(Outcome.HALF_DODGE) == 0
    psy = psychic_attack("1D-3", "3D", dodge_mode=DodgeMode.UNAWARE)
    assert psy.table() == {Outcome.HIT: F(1, 2), Outcome.MISSED: F(1, 2)}
    boom = throw_explosive("1D-3", "3D", dodge_mode=DodgeMode.UNAWARE)
    assert boom.table() == {Outcome.PRIMARY_ZONE: F(1, 2), Outcome.SECONDARY_ZONE: F(1, 2)}
    assert Outcome.MISSED.label == "Manqué"


def test_burst_at_a_target_that_cannot_move():
    """Issue 15 item 3: no -1D per further shot at an immobile target."""
    still = shoot("4D+2", "3D+1", mode=FireMode.BURST, shots=3, target_immobile=True)
    assert [str(a.code) for a in still.attacks] == ["4D+2"] * 3
    single = shoot("4D+2", "3D+1")
    assert still.probability(Outcome.HIT, 2) == single.probability(Outcome.HIT)
    # all three face one dodge roll: P(3 hits) is the sum over dodge totals of P(hit | d)^3
    dodge = totals(3, 1)
    shot = totals(4, 2)
    expect = sum(
        F(w, 216) * F(sum(x for t, x in shot.items() if t > d), 1296) ** 3 for d, w in dodge.items()
    )
    assert still.probability_count(Outcome.HIT, 3) == expect
    # a 2D weapon can fire 8 shots at an immobile target, 2 at a moving one
    assert len(shoot("2D", "3D", mode=FireMode.BURST, shots=8, target_immobile=True).attacks) == 8
    with pytest.raises(RuleValueError, match="fires at most 2 shots"):
        shoot("2D", "3D", mode=FireMode.BURST, shots=8)
    # the switch only matters for a burst
    assert shoot("4D", "3D", target_immobile=True) == shoot("4D", "3D")


def test_fixed_dodge_in_melee():
    """Issue 15 item 2: the fixed dodge applies to every AGILITÉ roll of melee."""
    for stance, fixed in (
        (Stance.DODGE, 11),
        (Stance.TOTAL_DODGE, 18),
        (Stance.DISENGAGE, 11),
        (Stance.ALREADY_ACTED, 11),
    ):
        r = melee(Fighter("3D"), Fighter("2D", "3D+1", stance=stance), fixed_dodge=True)
        assert r.b_roll.distribution().pmf() == {fixed: 1}
        brute = totals(3, 5)  # the attacker adds the +5 range bonus
        hit, half = r.rows[0].label, r.rows[1].label  # "..., then B gets away" when B disengages
        assert r.probability(hit) == F(sum(w for t, w in brute.items() if t > fixed), 216)
        assert r.probability(half) == F(brute[fixed], 216)
        assert "fixed at" in r.note
    up = melee(
        Fighter("3D"),
        Fighter("2D", "3D+1", stance=Stance.DODGE),
        fixed_dodge=True,
        rounding=Rounding.UP,
    )
    assert up.b_roll.distribution().pmf() == {12: 1}
    # the weapon rolls of a parry are not dodges: unchanged
    parry = melee(Fighter("3D"), Fighter("2D", stance=Stance.PARRY), fixed_dodge=True)
    assert parry.rows == melee(Fighter("3D"), Fighter("2D", stance=Stance.PARRY)).rows
    roll = melee(
        Fighter("2D"), Fighter("2D", "3D+1", stance=Stance.DODGE), fixed_dodge=True
    ).resolve(Scripted([6, 1]))
    assert (roll.a.total, roll.b.total, roll.label) == (12, 11, "A hits")


def test_pursue_without_striking():
    """Issue 15 item 7, read again in issue 24: following a disengaging fighter is a roll."""
    r = melee(Fighter("3D", stance=Stance.PURSUE), Fighter("2D", stance=Stance.DISENGAGE))
    assert "follows without striking" in r.note and r.a_roll is not None
    mirror = melee(Fighter("3D", stance=Stance.DISENGAGE), Fighter("2D", stance=Stance.PURSUE))
    assert "A disengages and rolls AGILITÉ 3D; B follows" in mirror.note
    with pytest.raises(RuleValueError, match="only a fighter who disengages") as info:
        melee(Fighter("3D", stance=Stance.PURSUE), Fighter("2D"))
    assert info.value.field == "a_stance"


# ------------------------------------ issue 15 item 1: several attackers, one dodge
from rulebook_py.systems.galaxies import (  # noqa: E402
    MAX_VOLLEY_ROLLS,
    Attack,
    AttackKind,
    parse_attacks,
    volley,
    volley_work,
)


def brute_volley(rolls, rules, dodge: Counter):
    """The joint (full, half) law by listing every dodge total and every attack total."""
    full = (Outcome.HIT, Outcome.PRIMARY_ZONE)
    out: Counter = Counter()
    n = sum(dodge.values())
    for t in rolls:
        n *= sum(t.values())
    for d, wd in dodge.items():
        for combo in itertools.product(*(list(t.items()) for t in rolls)):
            w = wd
            f = h = 0
            for (a, wa), rule in zip(combo, rules):
                w *= wa
                o = rule[0 if a > d else 1 if a == d else 2]
                f += o in full
                h += o is Outcome.HALF_DODGE
            out[(f, h)] += w
    return {k: F(w, n) for k, w in sorted(out.items())}


SHOT_R = (Outcome.HIT, Outcome.HALF_DODGE, Outcome.DODGED)
BOOM_R = (Outcome.PRIMARY_ZONE, Outcome.PRIMARY_ZONE, Outcome.SECONDARY_ZONE)


def test_volley_several_attackers_mixed_attacks_brute_force():
    attacks = [
        Attack("Kira", AttackKind.BURST, "2D+1", shots=2),
        Attack("Vosk", AttackKind.EXPLOSIVE, "1D+2"),
        Attack("Tal", AttackKind.UBIQUITY, "1D+4"),
    ]
    v = volley(attacks, "1D+3")
    assert [r.describe() for r in v.rolls] == ["2D+1", "1D+1", "1D+2", "(1D+4)/2", "(1D+4)/2"]
    assert v.names[0] == "Kira, burst shot 1" and v.names[2] == "Vosk, explosive"
    rolls = [totals(2, 1), totals(1, 1), totals(1, 2), totals(1, 4, True), totals(1, 4, True)]
    rules = [SHOT_R, SHOT_R, BOOM_R, SHOT_R, SHOT_R]
    expect = brute_volley(rolls, rules, totals(1, 3))
    assert dict(v.joint) == {k: p for k, p in expect.items() if p}
    assert sum(v.joint.values()) == 1
    assert v.at_least_one_full == 1 - sum(p for (f, _h), p in expect.items() if f == 0)
    assert v.expected_full == sum(f * p for (f, _h), p in expect.items())
    assert v.expected_half == sum(h * p for (_f, h), p in expect.items())
    assert v.expected_damage(F(1, 2)) == v.expected_full + v.expected_half / 2
    # each roll alone is the ordinary opposed roll
    gt, eq, lt = brute_compare(totals(1, 2), totals(1, 3))
    assert v.table(2) == {Outcome.PRIMARY_ZONE: gt + eq, Outcome.SECONDARY_ZONE: lt}
    assert v.p_full(0) == brute_compare(totals(2, 1), totals(1, 3))[0]


def test_volley_joins_what_separate_dodges_would_not():
    """Two shooters at one target: a bad dodge lets both through (one roll for both)."""
    v = volley([Attack("A", AttackKind.SHOT, "1D"), Attack("B", AttackKind.SHOT, "1D")], "1D")
    assert v.joint[(2, 0)] == F(55, 216)  # sum over d of ((6-d)/6)^2 / 6
    assert v.joint[(2, 0)] != F(5, 12) ** 2
    assert v.joint[(0, 2)] == F(1, 36)  # both tie the same dodge total: 6 * (1/6)^3
    one_shooter = shoot("1D", "1D", mode=FireMode.INSTINCTIVE)
    two = volley([Attack("A", AttackKind.INSTINCTIVE, "1D")], "1D")
    assert two.full_distribution() == {
        k: one_shooter.probability_count(Outcome.HIT, k) for k in range(3)
    }


def test_volley_agrees_with_shoot_and_throw():
    burst = volley([Attack("A", AttackKind.BURST, "4D+2", shots=3)], "3D+1")
    ref = shoot("4D+2", "3D+1", mode=FireMode.BURST, shots=3)
    assert burst.full_distribution() == ref.count_distribution(Outcome.HIT)
    assert burst.half_distribution() == ref.count_distribution(Outcome.HALF_DODGE)
    still = volley([Attack("A", AttackKind.BURST, "4D+2", shots=3)], "3D+1", target_immobile=True)
    ref = shoot("4D+2", "3D+1", mode=FireMode.BURST, shots=3, target_immobile=True)
    assert still.full_distribution() == ref.count_distribution(Outcome.HIT)
    two = volley([Attack("A", AttackKind.TWO_EXPLOSIVES, "3D")], "3D", dodge_mode=DodgeMode.TOTAL)
    ref = throw_explosive("3D", "3D", two_at_once=True, dodge_mode=DodgeMode.TOTAL)
    assert two.full_distribution() == ref.count_distribution(Outcome.PRIMARY_ZONE)
    comp = volley([Attack("A", AttackKind.COMPLEMENTARITY, "4D", second="3D+1")], "3D")
    ref = psychic_attack("4D", "3D", option=PsyOption.COMPLEMENTARITY, second_skill="3D+1")
    assert comp.full_distribution() == ref.count_distribution(Outcome.HIT)
    pistols = volley([Attack("A", AttackKind.TWO_PISTOLS, "4D")], "3D", dodge_mode=DodgeMode.FIXED)
    ref = shoot("4D", "3D", mode=FireMode.TWO_PISTOLS, dodge_mode=DodgeMode.FIXED)
    assert pistols.full_distribution() == ref.count_distribution(Outcome.HIT)


def test_volley_unaware_target_never_dodges():
    v = volley(
        [Attack("A", AttackKind.SHOT, "1D-3"), Attack("B", AttackKind.EXPLOSIVE, "1D-3")],
        "5D",
        dodge_mode=DodgeMode.UNAWARE,
    )
    assert v.table(0) == {Outcome.HIT: F(1, 2), Outcome.MISSED: F(1, 2)}
    assert v.table(1) == {Outcome.PRIMARY_ZONE: F(1, 2), Outcome.SECONDARY_ZONE: F(1, 2)}
    assert v.half_distribution() == {0: 1, 1: 0, 2: 0}
    assert v.joint == {(0, 0): F(1, 4), (1, 0): F(1, 2), (2, 0): F(1, 4)}  # independent now


def test_volley_seeded_roll_shows_every_die():
    attacks = parse_attacks("Kira: burst 2 2D\nVosk: explosive 1D+1")
    v = volley(attacks, "1D")
    r = v.resolve(Scripted([4, 6, 1, 2, 3]))  # dodge 4; burst 6+1 = 7, then 1D 2; throw 3+1
    assert r.defense.total == 4
    assert [x.total for x in r.rolls] == [7, 2, 4]
    assert r.outcomes == (Outcome.HIT, Outcome.DODGED, Outcome.PRIMARY_ZONE)
    assert (r.full, r.half) == (2, 0)
    lines = r.lines()
    assert lines[0] == "dodge: 1D [4] = 4"
    assert lines[1] == "Kira, burst shot 1: 2D [6, 1] = 7 → Touché (hit)"
    assert lines[2] == "Kira, burst shot 2: 1D [2] = 2 → Esquivé (dodged)"
    assert lines[3] == "Vosk, explosive: 1D+1 [3] +1 = 4 → Zone primaire (primary-zone damage)"
    assert lines[-1] == "2 in full, 0 half-dodged, of 3 rolls"
    again = v.resolve(random.Random(9)), v.resolve(random.Random(9))
    assert again[0] == again[1]


def test_volley_work_is_bounded_before_any_work():
    import time

    assert MAX_VOLLEY_ROLLS == 16
    start = time.process_time()
    many = [Attack(f"A{k}", AttackKind.SHOT, "60D") for k in range(16)]
    with pytest.raises(RuleValueError, match="16 attack rolls against one dodge") as info:
        volley(many, "60D")
    assert "with a dodge of 60D (Esquive normale) at most 4 rolls" in str(info.value)
    assert info.value.field == "attacks"
    with pytest.raises(RuleValueError, match="at most 16"):
        volley(
            [Attack("A", AttackKind.BURST, "60D", shots=8)] * 3, "1D", dodge_mode=DodgeMode.FIXED
        )
    assert time.process_time() - start < 0.05
    # the largest accepted volleys finish well under a second
    for dodge, n in (("60D", 4), ("10D", 9), ("3D", 14)):
        assert volley_work(n, 5 * int(dodge[:-1]) + 1) <= 12_000
        start = time.process_time()
        volley([Attack(f"A{k}", AttackKind.SHOT, f"{dodge}+{k % 3}") for k in range(n)], dodge)
        assert time.process_time() - start < 0.5
    with pytest.raises(RuleValueError, match="at most 9 rolls"):
        volley([Attack(f"A{k}", AttackKind.SHOT, "10D") for k in range(10)], "10D")
    with pytest.raises(RuleValueError, match="60D' with a total dodge"):
        volley([Attack("A", AttackKind.SHOT, "3D")], "60D", dodge_mode=DodgeMode.TOTAL)


def test_volley_errors_name_the_attack():
    with pytest.raises(RuleValueError, match=r"Kira's burst \(2D\): shot 3 of the burst"):
        volley([Attack("Kira", AttackKind.BURST, "2D", shots=3)], "3D")
    with pytest.raises(RuleValueError, match=r"Vosk's pistols \(1D\): .*needs at least 1D"):
        volley([Attack("Vosk", AttackKind.TWO_PISTOLS, "1D")], "3D")
    with pytest.raises(RuleValueError, match="at least one attack"):
        volley([], "3D")
    with pytest.raises(RuleValueError, match="only a burst fires several shots"):
        volley([Attack("A", AttackKind.SHOT, "3D", shots=2)], "3D")
    with pytest.raises(RuleValueError, match="complementarity only"):
        volley([Attack("A", AttackKind.SHOT, "3D", second="2D")], "3D")


@pytest.mark.parametrize(
    ("text", "match"),
    [
        ("Kira: fire 3D", r"line 1 'Kira: fire 3D': write 'Name: kind code'"),
        ("Kira: burst 3D", "a burst needs its number of shots"),
        ("Kira: burst 9 3D", "shots must be an integer from 1 to 8, got 9"),
        ("Kira: shot 2 3D", "'shot' takes one code, got '2 3D'"),
        ("Kira: shot 4 D+2", "'4 D\\+2' at position 1 \\(' '\\): expected 'D' after"),
        ("Kira: shot 3D 2D", "'shot' takes one code"),
        ("Kira: shot", "'shot' takes one code"),
        ("Kira: shot ²D", "digits 0-9"),
        ("a: shot 3D\nb: shot -2D", "line 2: .*position 0"),
        ("\n".join(f"a{k}: shot 3D" for k in range(17)), "at most 16 attacks, one a line: got 17"),
    ],
)
def test_parse_attacks_errors(text, match):
    with pytest.raises(RuleValueError, match=match) as info:
        parse_attacks(text)
    assert info.value.field == "attacks"


def test_parse_attacks():
    got = parse_attacks(
        "Kira: burst 3 4D+2\n\n  psy 5D+2\nTal: complementarity 4D 3D+1\nOrn: SHOT 2D"
    )
    assert [(a.attacker, a.kind, str(a.code), a.shots) for a in got] == [
        ("Kira", AttackKind.BURST, "4D+2", 3),
        ("attack 3", AttackKind.PSYCHIC, "5D+2", 1),
        ("Tal", AttackKind.COMPLEMENTARITY, "4D", 1),
        ("Orn", AttackKind.SHOT, "2D", 1),
    ]
    assert str(got[2].second) == "3D+1"


# ------------------------------------------ issue 15: the calculators' new controls
from rulebook_py.widgets.galaxies import GalaxiesVolleyCalculator  # noqa: E402


def python_value(calc):
    """Evaluate the Python call shown under a calculator."""
    call = calc.view.call
    assert call.module == "outcomes, galaxies"
    assert html.escape(call.expression, quote=True) in calc.code.value
    namespace: dict = {}
    exec(call.imports, namespace)  # outcomes, galaxies, and Fraction where the line writes one
    return eval(call.expression, namespace), call.value


def test_volley_calculator_answers_exactly():
    calc = GalaxiesVolleyCalculator()
    attacks = parse_attacks("Kira: burst 3 4D+2\nVosk: explosive 3D+2\nTal: psy 5D+2")
    v = volley(attacks, "3D+1")
    assert calc.error == ""
    assert f"At least one roll lands in full: {probability(v.at_least_one_full)}" in html.unescape(
        calc.result.value
    )
    assert "<td>Vosk, explosive</td><td>3D+2</td>" in calc.result.value
    assert f"<td>5</td><td>{probability(v.joint[(5, 0)])}</td>" in calc.result.value
    assert "How many of the 5 rolls land in full" in calc.chart.value
    got, shown = python_value(calc)
    assert got == shown == v.at_least_one_full
    out = calc.roll_output.value
    assert out.count("dodge:") == 1 and out.count("→") == 5 and "half-dodged, of 5 rolls" in out
    calc.controls["immobile"].value = True
    still = volley(attacks, "3D+1", target_immobile=True)
    assert probability(still.at_least_one_full) in calc.result.value
    assert "<td>Kira, burst shot 3</td><td>4D+2</td>" in calc.result.value
    got, shown = python_value(calc)
    assert got == shown == still.at_least_one_full
    calc.controls["dodge_mode"].value = DodgeMode.UNAWARE
    assert "No dodge roll (target unaware of the attacks)" in calc.result.value
    calc.roll()
    assert "Demi-esquive" not in calc.roll_output.value
    assert "no dodge roll" in calc.roll_output.value


def test_volley_calculator_messages_at_the_attacks_box():
    calc = GalaxiesVolleyCalculator()
    calc.controls["attacks"].value = "Kira: burst 5 3D"
    shown = err(calc, "attacks")
    assert "Kira's burst (3D): shot 4 of the burst would roll 0D" in shown
    assert "at most 3 shots" in shown and calc.result.value == ""
    calc.controls["attacks"].value = "\n".join(f"A{k}: shot 30D" for k in range(15))
    assert "with a dodge of 3D+1 (Esquive normale) at most 14 rolls" in err(calc, "attacks")
    calc.controls["attacks"].value = "Kira: shoot 3D"
    assert "line 1 'Kira: shoot 3D'" in err(calc, "attacks")
    calc.controls["attacks"].value = ""
    assert "at least one attack" in err(calc, "attacks")
    calc.controls["attacks"].value = "A: shot 3D"
    calc.controls["dodge"].value = "²D"
    assert "digits 0-9" in err(calc, "dodge")
    calc.controls["dodge"].value = "3D"
    assert calc.error == ""


def test_shot_calculator_target_immobile():
    calc = GalaxiesShotCalculator(mode="burst", shots=3)
    assert "<td>3: 2D+2</td>" in calc.result.value
    calc.controls["immobile"].value = True
    assert "<td>3: 4D+2</td>" in calc.result.value
    got, shown = python_value(calc)
    ref = shoot("4D+2", "3D+1", mode=FireMode.BURST, shots=3, target_immobile=True)
    assert got == shown == ref.count_distribution(Outcome.HIT)
    calc.controls["attack"].value = "2D"
    calc.controls["shots"].value = 8
    assert calc.error == ""
    calc.controls["immobile"].value = False
    assert "at most 2 shots" in err(calc, "shots")


def test_melee_calculator_guard_tie_fixed_dodge_rounding_pursuit():
    calc = GalaxiesMeleeCalculator(b_stance=Stance.PARRY)
    assert "<td>No blow lands</td>" in calc.result.value
    calc.controls["guard_tie"].value = True
    lit = melee(
        Fighter("4D+1", "3D", weapon=MeleeWeapon.AB2),
        Fighter("3D+2", "3D+1", Stance.PARRY, MeleeWeapon.AB1),
        guard_tie_lands=True,
    )
    assert "No blow lands" not in calc.result.value
    assert f"<td>A hits</td><td>{probability(lit.probability('A hits'))}</td>" in calc.result.value
    got, shown = python_value(calc)
    assert got == shown == {r.label: r.probability for r in lit.rows}
    calc.controls["b_stance"].value = Stance.DODGE
    calc.controls["fixed_dodge"].value = True
    assert "B rolls 3D+1 fixed at 11" in calc.result.value
    calc.roll()
    assert "fixed at 11 = 11" in calc.roll_output.value
    calc.controls["rounding"].value = Rounding.UP
    assert "B rolls 3D+1 fixed at 12" in calc.result.value
    got, shown = python_value(calc)
    assert got == shown
    calc.controls["b_stance"].value = Stance.DISENGAGE
    calc.controls["a_stance"].value = Stance.PURSUE
    assert "follows without striking" in calc.result.value
    calc.controls["b_stance"].value = Stance.DODGE
    assert "only a fighter who disengages" in err(calc, "a_stance")


def test_code_calculator_halved_fixed_value_and_rounding():
    calc = GalaxiesCodeCalculator(code="3D+1", halved=True)
    # the average 11.5 is fixed at 11, then halved: 5 (never the unhalved 11)
    assert (
        "<td>Fixed value (esquive fixe, rounded down): the average, then halved</td><td>5</td>"
        in (calc.result.value)
    )
    assert "<td>Average of the halved roll</td>" in calc.result.value
    calc.controls["rounding"].value = Rounding.UP
    assert (
        "<td>Fixed value (esquive fixe, rounded up): the average, then halved</td><td>6</td>"
        in (calc.result.value)
    )
    up = opposed(Roll(DiceCode(3, 1), halved=True, rounding=Rounding.UP), "3D+1")
    got, shown = python_value(calc)
    assert got == shown == up.higher
    assert probability(up.higher) in calc.result.value
    calc.controls["halved"].value = False
    assert "<td>Fixed value (esquive fixe, rounded up)</td><td>12</td>" in calc.result.value


def test_psychic_and_initiative_python_calls():
    calc = GalaxiesPsychicCalculator(option=PsyOption.UBIQUITY, rounding=Rounding.UP)
    got, shown = python_value(calc)
    ref = psychic_attack("5D", "3D+2", option=PsyOption.UBIQUITY, bdc=2, rounding=Rounding.UP)
    assert got == shown == ref.count_distribution(Outcome.HIT)
    init = GalaxiesInitiativeCalculator()
    got, shown = python_value(init)
    kira_vosk = prob_acts_before(Combatant("Kira", "3D+1", 2), Combatant("Vosk", "2D+2", 1))
    assert got == shown and got["Kira", "Vosk"] == kira_vosk
    init.controls["combatants"].value = "Kira: 3D"
    assert python_value(init) == ({}, {})


@pytest.mark.parametrize("cls", [*ALL, GalaxiesVolleyCalculator], ids=lambda c: c.__name__)
def test_python_call_follows_every_control(cls):
    """After each benchmark change, the Python call shown gives the value shown."""
    calc = cls()
    for name, value in cls.bench_changes:
        calc.controls[name].value = value
        assert calc.error == "", (name, value, calc.error)
        if calc.view.call is not None:
            got, shown = python_value(calc)
            assert got == shown, (name, value, calc.view.call.expression)
