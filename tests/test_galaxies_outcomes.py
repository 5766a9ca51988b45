"""outcomes.galaxies: each calculator's one call, its report as data, what counts."""

from __future__ import annotations

from fractions import Fraction

import pytest

from rulebook_py import outcomes
from rulebook_py.errors import RuleValueError
from rulebook_py.i18n import language
from rulebook_py.outcomes.galaxies import Expected, Table, counted
from rulebook_py.systems import galaxies as g


def test_a_report_reads_its_outcome_and_rolls_it():
    r = outcomes.galaxies.shot("1D", "1D")
    assert r.table() == g.shoot("1D", "1D").table() and r.outcome.attacks == r.attacks
    assert r.table()[g.Outcome.HIT] == Fraction(5, 12)
    import random

    assert r.roll(random.Random(1)).lines() == g.shoot("1D", "1D").roll(random.Random(1)).lines()
    with pytest.raises(AttributeError):
        r.no_such_thing  # noqa: B018


def test_what_does_not_count_is_left_out_of_the_call():
    shot = outcomes.galaxies.shot
    values = {"attack": "4D", "mode": "single", "shots": 5, "weapon": g.Weapon.HEAVY}
    assert counted(shot, values) == {"attack": "4D", "mode": "single"}
    assert counted(shot, {**values, "mode": "burst"}) == {**values, "mode": "burst"}
    assert "weapon" in counted(shot, {**values, "mode": "two_pistols"})
    assert "willpower" in counted(shot, {"mode": "single", "aimed": True, "willpower": "3D"})
    assert "willpower" not in counted(shot, {"mode": "explosive", "aimed": True, "willpower": "3D"})
    melee = outcomes.galaxies.melee
    tie = {"a_stance": g.Stance.ATTACK, "b_stance": g.Stance.PARRY, "guard_tie": True}
    assert counted(melee, tie) == tie
    assert "guard_tie" not in counted(melee, {**tie, "b_stance": g.Stance.DODGE})
    assert "fixed_dodge" in counted(melee, {"b_stance": g.Stance.DODGE, "fixed_dodge": True})


def test_the_shot_settles_each_option_with_its_rule():
    burst = outcomes.galaxies.shot("4D+2", "3D", mode="burst", shots=3)
    assert burst.outcome == g.shoot("4D+2", "3D", mode=g.FireMode.BURST, shots=3)
    throw = outcomes.galaxies.shot("4D+2", "3D", mode="two_explosives")
    assert throw.outcome == g.throw_explosive("4D+2", "3D", two_at_once=True)
    assert str(throw.blocks[0]).startswith("Explosive: a tie is not a half-dodge")
    with pytest.raises(RuleValueError) as err:
        outcomes.galaxies.shot("4D+2", "3D", mode="sniper")
    assert err.value.field == "mode"
    assert "mode must be one of single, instinctive" in str(err.value)
    with language("fr"):
        assert "doit être l’une des valeurs" in err.value.message.render()


def test_the_melee_report_holds_its_rows_as_data():
    r = outcomes.galaxies.melee("1D", "1D", b_stance=g.Stance.ATTACK)
    table = next(b for b in r.blocks if isinstance(b, Table))
    label, chance, a_deals, b_deals = table.rows[0]
    assert isinstance(b_deals, Expected)
    assert chance == r.table()[label] and isinstance(a_deals, Expected)
    assert r.chart.bars == r.table()


def test_the_fight_report_names_the_chances_of_each_end():
    r = outcomes.galaxies.fight("Kira", "Vosk", a_health=8, b_health=8, max_rounds=1)
    ends = r.blocks[2]
    assert dict(ends.rows) == r.table() and sum(r.table().values()) == 1
