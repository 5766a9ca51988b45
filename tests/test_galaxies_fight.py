"""A whole Galaxies Jumelles melee fight: exact odds, the seeded roll, bad inputs."""

from __future__ import annotations

import random
from fractions import Fraction
from functools import cache
from html import escape
from math import comb

import pytest

from rulebook_py.errors import RulebookError, RuleValueError
from rulebook_py.systems import galaxies as g
from rulebook_py.systems.galaxies import (
    MAX_FIGHT_WORK,
    BlowOption,
    Duellist,
    Fighter,
    MeleeWeapon,
    Rounding,
    Stance,
    fight,
    fight_work,
    melee,
)
from rulebook_py.widgets.galaxies_fight import GalaxiesFightCalculator


def kira(**kw) -> Duellist:
    return Duellist("Kira", Fighter("4D+1", weapon=MeleeWeapon.AB2), **kw)


def vosk(stance: Stance = Stance.ATTACK, **kw) -> Duellist:
    return Duellist("Vosk", Fighter("3D+2", "3D+1", stance, MeleeWeapon.AB1), **kw)


def brute(a: Duellist, b: Duellist, rounds: int, **kw) -> dict[str, Fraction]:
    """The same chances by plain recursion over (rounds left, points left), in Fractions.

    Written independently of the module's whole-number dynamic programming:
    it only reads the exchange's rows from :func:`melee` and shares of them.
    """
    x = melee(a.fighter, b.fighter, **kw)
    rows = [
        (r.probability, int(r.b_deals * b.damage), int(r.a_deals * a.damage), r.ends)
        for r in x.rows
    ]

    @cache
    def go(n: int, ah: int, bh: int) -> tuple[tuple[str, Fraction], ...]:
        if n == 0:
            return ((f"Undecided after {rounds} rounds", Fraction(1)),)
        out: dict[str, Fraction] = {}
        for p, da, db, gone in rows:
            na, nb = ah - da, bh - db
            if na <= 0 and nb <= 0:
                ends = {"Both fall": Fraction(1)}
            elif nb <= 0:
                ends = {f"{a.name} wins": Fraction(1)}
            elif na <= 0:
                ends = {f"{b.name} wins": Fraction(1)}
            elif gone:
                ends = {"away": Fraction(1)}
            else:
                ends = dict(go(n - 1, na, nb))
            for k, v in ends.items():
                out[k] = out.get(k, Fraction(0)) + p * v
        return tuple(out.items())

    return {k: v for k, v in go(rounds, a.health, b.health) if v}


# ------------------------------------------------------------------ exact odds
def test_one_blow_fights_have_the_closed_form_answer():
    """1D against 1D, one blow fells: A wins (1 - (1/6)**R) / 2, undecided (1/6)**R."""
    a = Duellist("A", Fighter("1D"), health=8)
    b = Duellist("B", Fighter("1D"), health=8)
    f = fight(a, b, max_rounds=30)
    assert f.table() == {
        "A wins": (1 - Fraction(1, 6) ** 30) / 2,
        "B wins": (1 - Fraction(1, 6) ** 30) / 2,
        "Undecided after 30 rounds": Fraction(1, 6) ** 30,
    }
    assert f.expected_rounds == sum(Fraction(1, 6) ** n for n in range(30))


def test_three_blows_in_three_rounds():
    f = fight(Duellist("A", Fighter("1D")), Duellist("B", Fighter("1D")), max_rounds=3)
    assert f.probability("A wins") == Fraction(5, 12) ** 3
    assert f.probability("Undecided after 3 rounds") == 1 - 2 * Fraction(5, 12) ** 3
    assert f.expected_rounds == 3


def test_the_chapter_fight_matches_a_plain_recursion_and_the_unlimited_fight():
    f = fight(kira(), vosk())
    assert f.table() == brute(kira(), vosk(), 30)
    assert sum(f.table().values()) == 1
    # With no round limit, Kira needs 3 of the blows that land before Vosk lands 3.
    x = melee(kira().fighter, vosk().fighter)
    p, q = x.probability("A hits"), x.probability("B hits")
    p, q = p / (p + q), q / (p + q)
    unlimited = sum(comb(2 + j, j) * p**3 * q**j for j in range(3))
    assert abs(f.probability("Kira wins") - unlimited) < Fraction(1, 10**20)
    assert f"{float(f.probability('Kira wins')):.4f}" == "0.8648"


def test_a_counter_stance_deals_half_damage_rounded_down():
    f = fight(kira(), vosk(Stance.COUNTER))
    steps = {s.label: (s.a_takes, s.b_takes) for s in f.steps}
    assert steps == {"A hits": (0, 8), "No blow lands": (0, 0), "B counters (half damage)": (4, 0)}
    assert f.table() == brute(kira(), vosk(Stance.COUNTER), 30)
    assert f"{float(f.probability('Vosk wins')):.4f}" == "0.3920"
    seven = {s.label: s.a_takes for s in fight(kira(), vosk(Stance.COUNTER, damage=7)).steps}
    assert seven["B counters (half damage)"] == 3
    up = fight(kira(), vosk(Stance.COUNTER, damage=7), rounding=Rounding.UP)
    assert {s.label: s.a_takes for s in up.steps}["B counters (half damage)"] == 4


def test_a_struck_disengager_still_gets_away():
    """Issue 35: a blow struck at a disengaging fighter does not keep the melee going.

    The source gives the other fighter the choice « de tenter de porter un coup avant que son
    opposant ne se soit totalement désengagé ou de le poursuivre (sans porter de coup) afin de
    continuer le corps à corps »: only the pursuit continues the melee. Before the fix a landed
    blow or a half-dodge kept it going, and Vosk got away in the first round only 229/10368
    of the time with a 3D+1 AGILITÉ against a 4D+1 blade.
    """
    runner = vosk(Stance.DISENGAGE)
    x = melee(kira().fighter, runner.fighter)
    assert all(row.ends for row in x.rows) and sum(x.table().values()) == 1
    assert x.probability("Disengaged") == Fraction(229, 10368)
    f = fight(kira(), runner)
    steps = {s.label: (s.b_takes, s.ends) for s in f.steps}
    assert steps == {
        "A hits, then B gets away": (8, True),
        "Half-dodge, then B gets away": (4, True),
        "Disengaged": (0, True),
    }
    expected = brute(kira(), runner, 30)
    expected["Vosk gets away"] = expected.pop("away")
    assert f.table() == {"Kira wins": 0, "Vosk wins": 0, **expected}
    # One blow of 8 cannot fell 20 points: he always gets away, in the first round.
    assert f.table()["Vosk gets away"] == 1 and f.expected_rounds == 1
    # A blow that fells him ends the fight before he is away.
    frail = fight(kira(), vosk(Stance.DISENGAGE, health=8))
    assert frail.probability("Kira wins") == x.rows[0].probability
    assert frail.probability("Vosk gets away") == 1 - x.rows[0].probability
    # Only a pursuit keeps the melee going.
    chase = fight(Duellist("Kira", Fighter("4D+1", stance=Stance.PURSUE)), runner)
    assert chase.table()["Undecided after 30 rounds"] > 0


def test_a_fight_where_nobody_strikes_is_undecided():
    a = Duellist("A", Fighter("3D", stance=Stance.PARRY))
    b = Duellist("B", Fighter("3D", stance=Stance.PARRY))
    f = fight(a, b, max_rounds=4)
    assert f.table() == {"A wins": 0, "B wins": 0, "Undecided after 4 rounds": 1}
    rolled = f.roll(random.Random(1))
    assert len(rolled.rounds) == 4 and rolled.end == "Undecided after 4 rounds"
    assert rolled.lines()[0] == "Round 1: no roll — No exchange: A has 20; B has 20"


@pytest.mark.slow
def test_exact_odds_agree_with_a_seeded_simulation():
    f = fight(kira(), vosk(Stance.COUNTER))
    rng = random.Random(2026)
    n = 3000
    wins = sum(f.roll(rng).end == "Kira wins" for _ in range(n))
    p = f.probability("Kira wins")
    sigma = (float(p * (1 - p)) / n) ** 0.5
    assert abs(wins / n - float(p)) < 4 * sigma


# ------------------------------------------------------------------------ roll
def test_the_roll_is_the_same_for_the_same_seed_and_shows_every_die():
    f = fight(kira(), vosk())
    one, two = f.roll(random.Random(7)), f.roll(random.Random(7))
    assert one == two and one.lines() == two.lines()
    assert any(f.roll(random.Random(s)) != one for s in range(8, 12))
    # Each round is the melee rule's own roll, in order, from the same random source.
    rng = random.Random(7)
    exchange = melee(kira().fighter, vosk().fighter)
    assert [r.exchange for r in one.rounds] == [exchange.roll(rng) for _ in one.rounds]
    for r, line in zip(one.rounds, one.lines()):
        assert len(r.exchange.a.faces) == 4 and len(r.exchange.b.faces) == 3
        assert str(r.exchange.a) in line and str(r.exchange.b) in line


def test_the_state_after_each_round_adds_up():
    f = fight(kira(), vosk(Stance.COUNTER))
    for seed in range(20):
        r = f.roll(random.Random(seed))
        a_left, b_left = 20, 20
        for step in r.rounds:
            a_left, b_left = a_left - step.a_takes, b_left - step.b_takes
            assert (step.a_left, step.b_left) == (a_left, b_left)
        assert r.end == ("Kira wins" if b_left <= 0 else "Vosk wins")
        assert r.lines()[-1] == f"End: {r.end}"


def test_the_roll_refuses_a_bad_random_source():
    with pytest.raises(RuleValueError, match=r"rng must be a random\.Random"):
        fight(kira(), vosk()).roll(1)


# ------------------------------------------------------------------ bad inputs
@pytest.mark.parametrize(
    ("a", "b", "kw", "field", "start"),
    [
        (Duellist("", Fighter("3D")), vosk(), {}, "a_name", "a_name must be a name of 1 to 24"),
        (Duellist("K" * 25, Fighter("3D")), vosk(), {}, "a_name", "a_name must be a name"),
        (kira(), Duellist("Kira", Fighter("3D")), {}, "b_name", "b_name must differ"),
        (kira(), vosk(), {"max_rounds": 0}, "max_rounds", "max_rounds must be an integer"),
        (kira(), vosk(), {"max_rounds": True}, "max_rounds", "max_rounds must be an integer"),
        (kira(), vosk(), {"half_dodge_factor": 0.5}, "half_dodge_factor", "half_dodge_factor"),
        (None, vosk(), {}, "a", "a must be a galaxies.Duellist"),
    ],
)
def test_bad_inputs_are_refused_with_a_message_naming_the_parameter(a, b, kw, field, start):
    with pytest.raises(RuleValueError) as err:
        fight(a, b, **kw)
    assert err.value.field == field
    assert str(err.value).startswith(start)


def test_the_duellist_refuses_wrong_types_and_numbers_out_of_range():
    for bad in (None, 3.5, "8", True):
        with pytest.raises(RulebookError, match="damage must be an integer"):
            Duellist("Kira", Fighter("3D"), damage=bad)
    with pytest.raises(RuleValueError, match="damage must be an integer from 1 to 200, got 0"):
        Duellist("Kira", Fighter("3D"), damage=0)
    with pytest.raises(RuleValueError, match="health must be an integer from 1 to 500, got a "):
        Duellist("Kira", Fighter("3D"), health=10**100)
    with pytest.raises(RulebookError, match=r"fighter must be a galaxies\.Fighter"):
        Duellist("Kira", "4D+1")


def test_two_blows_a_round_are_refused_against_an_opposed_roll():
    two = Duellist("Kira", Fighter("4D", weapon=MeleeWeapon.AB1, blows=BlowOption.INSTINCTIVE))
    for stance in (Stance.ATTACK, Stance.PARRY, Stance.COUNTER, Stance.FEINT):
        with pytest.raises(RuleValueError, match="a_blows must give one blow a round") as err:
            fight(two, vosk(stance))
        assert err.value.field == "a_blows"
        assert "against a fighter who attacks, parries or counters" in str(err.value)


def test_what_melee_refuses_the_fight_refuses():
    bare = Duellist("Vosk", Fighter("3D", stance=Stance.PARRY, weapon=MeleeWeapon.UNARMED))
    with pytest.raises(RuleValueError) as err:
        fight(kira(), bare)
    assert err.value.field == "b_stance"


def test_too_much_work_is_refused_before_any_is_done_and_the_message_says_what_fits():
    a = Duellist("A", Fighter("1D"), damage=1, health=300)
    b = Duellist("B", Fighter("1D"), damage=1, health=300)
    with pytest.raises(RuleValueError) as err:
        fight(a, b, max_rounds=200)
    assert err.value.field == "max_rounds"
    message = str(err.value)
    assert message.startswith("max_rounds: 200 rounds are too many")
    allowed = int(message.split("at most ")[2].split(" rounds here")[0])
    assert fight_work(fight(a, b, max_rounds=1).steps, (300, 300), allowed) <= MAX_FIGHT_WORK
    assert sum(fight(a, b, max_rounds=allowed).table().values()) == 1
    with pytest.raises(RuleValueError):
        fight(a, b, max_rounds=allowed + 1)


def test_fight_work_counts_before_it_computes():
    steps = fight(kira(), vosk(), max_rounds=1).steps
    assert fight_work(steps, (20, 20), 30) < fight_work(steps, (20, 20), 60)
    with pytest.raises(RuleValueError, match=r"steps must be galaxies\.FightStep"):
        fight_work([1], (20, 20), 30)
    with pytest.raises(RuleValueError, match="health must be a pair of whole numbers"):
        fight_work(steps, (20, 20, 20), 30)
    with pytest.raises(RuleValueError, match="health must be an integer from 1 to 500, got 0"):
        fight_work(steps, (20, 0), 30)


# ------------------------------------------------------------------ calculator
def test_the_calculator_shows_the_chapter_fight_and_its_roll():
    calc = GalaxiesFightCalculator()
    assert calc.error == ""
    assert "<td>Kira wins</td><td>86.48 %</td>" in calc.result.value
    assert calc.view.call.value == fight(kira(), vosk()).probability("Kira wins")
    expected = calc.show_roll(fight(kira(), vosk()).roll(random.Random(1)))
    assert expected in calc.roll_output.value


def test_the_calculator_refuses_what_the_rule_refuses_with_the_same_message():
    calc = GalaxiesFightCalculator()
    calc.controls["a_health"].value = g.MAX_HEALTH + 1  # the rule's bound, beside the box
    with pytest.raises(RuleValueError) as err:
        Duellist("Kira", kira().fighter, health=g.MAX_HEALTH + 1, side="a")
    assert escape(err.value.relabelled("A's points he can take")) in calc.error_for("a_health")
    calc.controls["a_health"].value = 20
    calc.controls["a_name"].value = " Kira"
    with pytest.raises(RuleValueError) as err:
        fight(Duellist(" Kira", kira().fighter), vosk())
    assert escape(err.value.relabelled("A's name")) in calc.error_for("a_name")
    assert calc.result.value == "" and calc.roll_output.value == ""
    calc.controls["a_name"].value = "Kira"
    calc.controls["b_name"].value = "Kira"
    assert "B&#x27;s name must differ" in calc.error_for("b_name")


def test_the_calculator_replays_another_seed_and_other_characters():
    calc = GalaxiesFightCalculator(a_name="Tal", a_skill="5D+2", b_stance=Stance.COUNTER)
    f = fight(Duellist("Tal", Fighter("5D+2", weapon=MeleeWeapon.AB2)), vosk(Stance.COUNTER))
    assert calc.view.outcome.table() == f.table()
    calc.seed.value = 42
    calc.roll()
    assert calc.show_roll(f.roll(random.Random(42))) in calc.roll_output.value
    assert g.fight is fight
