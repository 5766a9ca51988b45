"""What the Galaxies Jumelles calculators ask for: one function a calculator, its report as data.

Each function takes the calculator's controls as its parameters (the same
names), makes the rules call they describe (:mod:`rulebook_py.systems.galaxies`:
which rule a shooting option is, which options count in a stance) and returns
a :class:`Report`: the rules' outcome (its ``.roll(rng)``, its methods, read
through the report), the answer as blocks in order -- a :class:`Table` of
rows, or a note (a message) -- and the :class:`Chart`'s series. In a cell or a
note's parameter a :class:`~fractions.Fraction` is a chance, an :class:`Expected` an expected
value, a :class:`Percent` a chance shown as a percentage alone and an
:class:`Average` a mean shown with two decimals; the widgets render them.

A parameter that does not count in the situation (a burst's number of shots
in a single shot) is left out of the call by :func:`counted`, so the Python
line never echoes it; the outcome does not pass it to the rules either.

Example:
    >>> r = shot("1D", "1D")
    >>> r.probability(galaxies.Outcome.HIT), r.chart.bars[galaxies.Outcome.HIT.label]
    (Fraction(5, 12), Fraction(5, 12))
    >>> melee("1D", "1D", b_stance=galaxies.Stance.ATTACK).table()["A hits"]
    Fraction(5, 12)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ...errors import RuleValueError, quote
from ...messages import Msg, join
from ...systems import galaxies
from ...systems.galaxies import (
    HALF_DODGE_FACTOR,
    BlowOption,
    CodeLike,
    DodgeMode,
    FireMode,
    MeleeWeapon,
    Outcome,
    PsyAttack,
    PsyOption,
    Rounding,
    Stance,
    Weapon,
)
from ...systems.galaxies.words import MN, M

__all__ = [
    "GUARD_TIES",
    "HALF_DODGE_SHARES",
    "PURSUIT_TIES",
    "ROUNDINGS",
    "SHOT_OPTIONS",
    "Average",
    "Chart",
    "Expected",
    "Percent",
    "Report",
    "Table",
    "code",
    "counted",
    "fight",
    "initiative",
    "melee",
    "psychic",
    "shot",
    "volley",
]


class Percent(Fraction):
    """A chance shown as a percentage alone."""


class Expected(Fraction):
    """An exact expected value (shown as a number, not a chance)."""


class Average(Fraction):
    """A mean shown with two decimals."""


@dataclass(frozen=True)
class Table:
    """A table of the answer: its heading, its rows of values, its caption."""

    head: tuple[object, ...]
    rows: tuple[tuple[object, ...], ...]
    caption: str = ""


@dataclass(frozen=True)
class Chart:
    """What the chart draws: named bars, or each series' chance of each whole number.

    Attributes:
        title: The chart's title.
        bars: One bar a named outcome, its chance.
        categories: The whole numbers of a grouped chart.
        groups: Each series' chances, one a category.
        x_title: The title under the categories.
        tails_cut: Whether far tails (under 1 in 2,000) are left out (totals of rolls).
    """

    title: str
    bars: Mapping[str, Fraction] = field(default_factory=dict)
    categories: tuple[int, ...] = ()
    groups: Mapping[str, tuple[Fraction, ...]] = field(default_factory=dict)
    x_title: str = ""
    tails_cut: bool = False


@dataclass(frozen=True)
class Report:
    """A calculator's answer as data; the rules' outcome's attributes are read through it.

    Attributes:
        outcome: The rules' outcome (a contest, a melee exchange, a fight...).
        blocks: The answer in order: tables and notes.
        chart: The chart's series.
        path: The path into the report to the value its Python line shows (the main answer).
    """

    outcome: Any
    blocks: tuple[Table | Msg, ...]
    chart: Chart | None = None
    path: tuple[Any, ...] = (("table",),)

    def __getattr__(self, name: str) -> Any:
        """The outcome's attribute (``.table()``, ``.higher``...), as the Python line reads it."""
        if name.startswith("__") or name == "outcome":
            raise AttributeError(name)
        return getattr(self.outcome, name)

    def roll(self, rng: random.Random) -> Any:
        """One seeded resolution, every die shown (the outcome's own)."""
        return self.outcome.roll(rng)


# ------------------------------------------------------------ what counts
def _weapon_counts(v: Mapping[str, Any]) -> bool:
    return v.get("mode") in ("burst", "two_pistols")


def _burst(v: Mapping[str, Any]) -> bool:
    return v.get("mode") == "burst"


def _aim_counts(v: Mapping[str, Any]) -> bool:
    """Aiming and sustained fire count in a shot, aimed or after the first round."""
    return v.get("mode") in _FIRE and (v.get("aimed") is True or v.get("sustained") != 1)


def _complementarity(v: Mapping[str, Any]) -> bool:
    return v.get("option") is PsyOption.COMPLEMENTARITY


def _kinds(v: Mapping[str, Any]) -> set[str]:
    return {getattr(v.get(f"{p}_stance", Stance.ATTACK), "kind", "") for p in "ab"}


#: The parameters that count only in some situations, by outcome: each one's test of the values.
_ONLY_IF: dict[str, dict[str, Callable[[Mapping[str, Any]], bool]]] = {
    "shot": {
        "weapon": _weapon_counts,
        "shots": _burst,
        "immobile": _burst,
        "aimed": _aim_counts,
        "sustained": _aim_counts,
        "willpower": _aim_counts,
    },
    "psychic": {"second_skill": _complementarity},
    "melee": {
        "guard_tie": lambda v: "guard" in _kinds(v),
        "pursuit_tie": lambda v: "pursuit" in _kinds(v),
        "fixed_dodge": lambda v: bool(_kinds(v) & {"evasion", "pursuit"}),
    },
}


def counted(outcome: Callable[..., Report], values: Mapping[str, Any]) -> dict[str, Any]:
    """The values that count in a call of ``outcome`` (a function of this module).

    Example:
        >>> sorted(counted(shot, {"attack": "4D", "mode": "single", "shots": 3}))
        ['attack', 'mode']
    """
    tests = _ONLY_IF.get(outcome.__name__, {})
    return {k: v for k, v in values.items() if k not in tests or tests[k](values)}


# --------------------------------------------------------------- dice codes
#: The fixed value's row label: (rounded up, halved) -> its words.
_FIXED = {
    (False, False): M("Fixed value (esquive fixe, rounded down)"),
    (True, False): M("Fixed value (esquive fixe, rounded up)"),
    (False, True): M("Fixed value (esquive fixe, rounded down): the average, then halved"),
    (True, True): M("Fixed value (esquive fixe, rounded up): the average, then halved"),
}


def code(
    code: CodeLike, other: CodeLike, *, halved: bool = False, rounding: Rounding = Rounding.DOWN
) -> Report:
    """Code A (maybe halved): mantisse, average, fixed value, range, and A against B.

    Example:
        >>> code("4D+2", "3D+1").blocks[0].rows[2]
        ('Average', Average(16, 1))
    """
    r = galaxies.code_report(code, other, halved=halved, rounding=rounding)
    a, b = r.attack, r.defense
    da, db = a.distribution(), b.distribution()
    rows = (
        (M("Code A"), a.describe()),
        (M("Mantisse (number of dice)"), a.code.mantisse),
        (M("Average of the halved roll") if a.halved else M("Average"), Average(da.mean())),
        (_FIXED[rounding is Rounding.UP, a.halved], r.fixed),
        (M("Totals"), M("{low} to {high}", low=da.min_value, high=da.max_value)),
        (M("P(A > B), B = {code}", code=str(b.code)), r.higher),
        (M("P(A = B)"), r.tie),
        (M("P(A < B)"), r.lower),
    )
    pmfs = {
        M("A: {code}", code=a.describe()): da.pmf(),
        M("B: {code}", code=str(b.code)): db.pmf(),
    }
    totals = range(min(da.min_value, db.min_value), max(da.max_value, db.max_value) + 1)
    chart = Chart(
        M("Distributions of A and B"),
        categories=tuple(totals),
        groups={name: tuple(pmf.get(t, Fraction(0)) for t in totals) for name, pmf in pmfs.items()},
        x_title=M("total"),
        tails_cut=True,
    )
    return Report(r, (Table(("", M("exact answer")), rows),), chart, ("higher",))


# ------------------------------------------------------- shots, explosives, psy
def _contest(
    c: galaxies.Contest,
    title: Msg,
    factors: Mapping[Outcome, Fraction] | None = None,
    first: Msg | None = None,
    last: Msg | None = None,
) -> Report:
    """A contest's report: each roll's chances, how many rolls end in each outcome, the chart.

    ``factors`` (each outcome's share of the damage) adds the expected damage;
    ``first`` and ``last`` are notes before and after the rest.
    """
    outs, n = c.outcomes, len(c.attacks)
    blocks: list[Table | Msg] = [] if first is None else [first]
    blocks.append(Table((M("roll"), *(o.text for o in outs)), tuple(c.rows()), c.caption))
    if n > 1:
        caption = (
            M("How many rolls end in each outcome")
            if c.unaware
            else M("How many rolls end in each outcome (all face the same defense roll)")
        )
        head = (M("of the {n} rolls, exactly", n=n), *(o.label for o in outs))
        blocks.append(Table(head, tuple(c.count_rows()), caption))
        blocks.append(
            M(
                "At least one roll ends in {outcome}: {p}; on average {mean} of the {n} rolls do.",
                outcome=outs[0].text,
                n=n,
                p=1 - c.probability_count(outs[0], 0),
                mean=Expected(c.expected(outs[0])),
            )
        )
    if factors:
        mean = Expected(c.expected_damage(factors))
        if Outcome.HALF_DODGE in outs:
            share = str(factors[Outcome.HALF_DODGE])
            blocks.append(
                M(
                    "Expected damage, counted in full hits: {mean} "
                    "(a half-dodge counted as {share} of a hit).",
                    mean=mean,
                    share=share,
                )
            )
        else:
            blocks.append(M("Expected damage, counted in full hits: {mean}.", mean=mean))
    if last is not None:
        blocks.append(last)
    if n == 1:
        chart = Chart(title, bars={o.label: c.probability(o) for o in outs})
    else:
        chart = Chart(
            M("How many of the {n} rolls end in each outcome", n=n),
            categories=tuple(range(n + 1)),
            groups={o.label: tuple(c.probability_count(o, k) for k in range(n + 1)) for o in outs},
            x_title=M("number of rolls"),
        )
    # One roll's table, else the count of the first outcome.
    path = (("table",),) if n == 1 else (("count_distribution", c.outcomes[0]),)
    return Report(c, tuple(blocks), chart, path)


#: The choices the chapter states (its table of choices), each ``(words, value)``: how halved
#: rolls and fixed values round, the share of the damage a half-dodge deals (the source does not
#: say; 1/2 is this book's), what a tie does against a parry or a counter, and when following a
#: disengagement. The calculators offer them in this order.
ROUNDINGS = ((M("down (this book)"), Rounding.DOWN), (M("up"), Rounding.UP))
HALF_DODGE_SHARES = (
    (M("half the damage (this book)"), HALF_DODGE_FACTOR),
    (M("no damage"), Fraction(0)),
    (M("a quarter"), Fraction(1, 4)),
    (M("three quarters"), Fraction(3, 4)),
    (M("full damage"), Fraction(1)),
)
GUARD_TIES = (
    (M("no blow lands (general melee rule, this book)"), False),
    (M("the blow lands (parry paragraph read literally)"), True),
)
PURSUIT_TIES = ((M("the melee goes on (this book)"), True), (M("the fighter gets away"), False))

#: The shot calculator's options: the words of each, its value (a fire mode's or a throw's).
SHOT_OPTIONS = (
    ("Tir simple", "single"),
    ("Tirs instinctifs (2 jets divisés par 2)", "instinctive"),
    ("Tir en rafale (−1D par tir suivant)", "burst"),
    ("Tir avec 2 armes de poing (−1D chacun)", "two_pistols"),
    ("Lancer d'explosif (DX ≤ 20 m, FO au-delà)", "explosive"),
    ("Deux explosifs, un par main (−1D chacun)", "two_explosives"),
)
_FIRE = {m.name.lower(): m for m in FireMode}
_THROWS = {"explosive": False, "two_explosives": True}


def shot(
    attack: CodeLike,
    dodge: CodeLike,
    *,
    weapon: Weapon = Weapon.PISTOL,
    bdc: int = 0,
    bdp: int = 0,
    bdt: int = 0,
    mode: str = "single",
    shots: int = 3,
    aimed: bool = False,
    sustained: int = 1,
    willpower: CodeLike = "3D",
    dodge_mode: DodgeMode = DodgeMode.NORMAL,
    immobile: bool = False,
    rounding: Rounding = Rounding.DOWN,
    half_dodge: Fraction = HALF_DODGE_FACTOR,
) -> Report:
    """Shots or throws, as ``mode`` says, against the target's one dodge roll, and the damage.

    ``mode`` is a :class:`FireMode`'s name in lower case, or a throw
    (``"explosive"``, ``"two_explosives"``); the weapon counts in a burst or with
    two pistols, the number of shots and ``immobile`` in a burst, aiming and
    sustained fire in a shot.

    Example:
        >>> shot("4D+2", "3D", mode="two_explosives").outcome.attacks[1].describe()
        '3D+2'
    """
    kw: dict[str, Any] = {"bdc": bdc, "bdp": bdp, "bdt": bdt, "dodge_mode": dodge_mode}
    if mode in _THROWS:
        c = galaxies.throw_explosive(
            attack, dodge, two_at_once=_THROWS[mode], rounding=rounding, **kw
        )
        note = M(
            "Explosive: a tie is not a half-dodge (full primary-zone damage); "
            "weapon, aiming and sustained fire do not apply."
        )
        return _contest(c, M("Outcome of the roll"), first=note)
    fire = _FIRE.get(mode) if isinstance(mode, str) else None
    if fire is None:
        options = join(", ", [value for _words, value in SHOT_OPTIONS])
        raise RuleValueError(
            M(
                "{name} must be one of {options}, got {got}",
                name="mode",
                options=options,
                got=quote(mode),
            ),
            field="mode",
        )
    v = {"mode": mode, "aimed": aimed, "sustained": sustained}
    if _weapon_counts(v):
        kw["weapon"] = weapon
    if _burst(v):
        kw.update(shots=shots, target_immobile=immobile)
    if _aim_counts(v):  # (the rule refuses 0 rounds or less)
        kw.update(aimed=aimed, sustained=sustained, willpower=willpower)
    c = galaxies.shoot(attack, dodge, mode=fire, rounding=rounding, **kw)
    factors = galaxies.shot_damage_factors(half_dodge)
    return _contest(c, M("Outcome of the roll"), factors)


def psychic(
    skill: CodeLike,
    defense: CodeLike,
    *,
    attack: PsyAttack = PsyAttack.PHYSICAL,
    option: PsyOption = PsyOption.SINGLE,
    second_skill: CodeLike = "4D",
    bdc: int = 2,
    bdp: int = 0,
    bdt: int = 0,
    dodge_mode: DodgeMode = DodgeMode.NORMAL,
    rounding: Rounding = Rounding.DOWN,
    half_dodge: Fraction = HALF_DODGE_FACTOR,
) -> Report:
    """The technique(s) against the target's one roll, with a physical attack's damage.

    The second skill counts with complémentarité only.

    Example:
        >>> psychic("1D", "1D", bdc=0).probability(galaxies.Outcome.HIT)
        Fraction(5, 12)
    """
    second = second_skill if _complementarity({"option": option}) else None
    c = galaxies.psychic_attack(
        skill,
        defense,
        attack=attack,
        option=option,
        second_skill=second,
        bdc=bdc,
        bdp=bdp,
        bdt=bdt,
        dodge_mode=dodge_mode,
        rounding=rounding,
    )
    physical = attack is PsyAttack.PHYSICAL
    factors = galaxies.shot_damage_factors(half_dodge) if physical else None
    note = None
    if option is not PsyOption.SINGLE:
        note = M(
            "Both techniques are aimed at this target, who answers both with his one roll "
            "of the round; both use the bonuses above."
        )
    return _contest(c, M("Outcome of the technique"), factors, last=note)


# --------------------------------------------------------------- initiative
def initiative(combatants: str) -> Report:
    r"""Exact P(row acts before column), ties re-rolled until broken.

    Example:
        >>> initiative("A: 1D\nB: 1D").blocks[0].rows[0]
        ('A', '1D', '—', Fraction(1, 2))
    """
    i = galaxies.initiative(combatants)
    table = i.table()
    names = [c.name for c in i.combatants]
    rows = tuple(
        (a, str(r.code), *("—" if a == b else table[a, b] for b in names))
        for a, r in zip(names, i.rolls)
    )
    caption = M("Roll = RAPIDITÉ + BDR. Exact chance that the row acts before the column")
    return Report(i, (Table((M("acts before →"), M("roll"), *names), rows, caption),))


# ------------------------------------------------------------------- volley
def volley(
    attacks: str,
    dodge: CodeLike,
    *,
    dodge_mode: DodgeMode = DodgeMode.NORMAL,
    immobile: bool = False,
    rounding: Rounding = Rounding.DOWN,
    half_dodge: Fraction = HALF_DODGE_FACTOR,
) -> Report:
    r"""Each roll's chances, the joint law of full hits and half-dodges, the chart.

    Example:
        >>> volley("Kira: shot 1D\nVosk: shot 1D", "1D").at_least_one_full
        Fraction(125, 216)
    """
    v = galaxies.volley(
        attacks, dodge, dodge_mode=dodge_mode, rounding=rounding, target_immobile=immobile
    )
    n, top = len(v.rolls), len(v.grid()[0]) - 2
    head = (M("roll"), M("code"), M("lands in full"), M("half-dodge"), M("neither"))
    grid = Table(
        (M("in full ↓ / half-dodged →"), *(str(h) for h in range(top + 1))),
        tuple(v.grid()),
        M("Exact chance of each count of full hits and half-dodges, of the {n} rolls", n=n),
    )
    note = M(
        "At least one roll lands in full: {p}; on average {full} land in full and "
        "{half} are half-dodged. Expected damage, counted in full hits: {mean} (a "
        "half-dodge counted as {factor} of a hit). An explosive that is dodged still "
        "deals its secondary zone's damage, not counted here.",
        p=v.at_least_one_full,
        full=Expected(v.expected_full),
        half=Expected(v.expected_half),
        mean=Expected(v.expected_damage(half_dodge)),
        factor=str(half_dodge),
    )
    fulls, halves = v.full_distribution(), v.half_distribution()
    chart = Chart(
        M("How many of the {n} rolls land in full, how many are half-dodged", n=n),
        categories=tuple(range(n + 1)),
        groups={M("in full"): tuple(fulls.values()), M("half-dodged"): tuple(halves.values())},
        x_title=M("number of rolls"),
    )
    blocks = (Table(head, tuple(v.rows()), v.caption), grid, note)
    return Report(v, blocks, chart, ("at_least_one_full",))


# ------------------------------------------------------------------- melee
def melee(
    a_skill: CodeLike,
    b_skill: CodeLike,
    *,
    a_agility: CodeLike = "3D",
    a_stance: Stance = Stance.ATTACK,
    a_weapon: MeleeWeapon = MeleeWeapon.AB2,
    a_proton: bool = False,
    a_bonus: int = 0,
    a_blows: BlowOption = BlowOption.SINGLE,
    b_agility: CodeLike = "3D+1",
    b_stance: Stance = Stance.COUNTER,
    b_weapon: MeleeWeapon = MeleeWeapon.AB1,
    b_proton: bool = False,
    b_bonus: int = 0,
    b_blows: BlowOption = BlowOption.SINGLE,
    half_dodge: Fraction = HALF_DODGE_FACTOR,
    guard_tie: bool = False,
    pursuit_tie: bool = True,
    fixed_dodge: bool = False,
    rounding: Rounding = Rounding.DOWN,
) -> Report:
    """One exchange between A and B: every outcome, its chance and the share each deals.

    A tie against a parry or counter (``guard_tie``) counts where a side
    guards, one when following a disengagement (``pursuit_tie``) where a side
    pursues, ``fixed_dodge`` where a side dodges or pursues.

    Example:
        >>> melee("4D+1", "3D+2").blocks[0]
        'A rolls 4D+1, B rolls 4D+2.'
    """
    a = galaxies.Fighter(a_skill, a_agility, a_stance, a_weapon, a_proton, a_bonus, a_blows, "a")
    b = galaxies.Fighter(b_skill, b_agility, b_stance, b_weapon, b_proton, b_bonus, b_blows, "b")
    kw: dict[str, Any] = {"rounding": rounding, "half_dodge_factor": half_dodge}
    counts = _ONLY_IF["melee"]
    v = {"a_stance": a.stance, "b_stance": b.stance}
    for name, rule_name, value in (
        ("guard_tie", "guard_tie_lands", guard_tie),
        ("pursuit_tie", "pursuit_tie_holds", pursuit_tie),
        ("fixed_dodge", "fixed_dodge", fixed_dodge),
    ):
        if counts[name](v):
            kw[rule_name] = value
    r = galaxies.melee(a, b, **kw)
    blocks: list[Table | Msg] = []
    if r.a_roll and r.b_roll:
        blocks.append(M("A rolls {a}, B rolls {b}.", a=r.a_roll.describe(), b=r.b_roll.describe()))
    blocks.append(r.note)
    head = (M("outcome"), M("exact chance"), M("A deals (share of damage)"), M("B deals"))
    rows = tuple((x.label, x.probability, Expected(x.a_deals), Expected(x.b_deals)) for x in r.rows)
    blocks.append(Table(head, rows))
    blocks.append(
        M(
            "Expected share of damage in this exchange: A deals {a}, B deals {b}.",
            a=Expected(r.expected_a_deals),
            b=Expected(r.expected_b_deals),
        )
    )
    for name, blows, total, other in (
        ("A", r.a_blows, r.round_a_deals, b),
        ("B", r.b_blows, r.round_b_deals, a),
    ):
        if blows > 1:
            blocks.append(
                M(
                    "{name} strikes {blows} blows this round, each rolled as above and "
                    "settled like this exchange: {name} deals {mean} of his damage over "
                    "the round, on average.",
                    name=name,
                    blows=blows,
                    mean=Expected(total),
                )
            )
            if other.stance.kind == "evasion":
                blocks.append(
                    M(
                        "The other fighter's one AGILITÉ roll answers both blows, so they "
                        "land or fail together more often than two rolls would make them; "
                        "the whole fight counts them together."
                    )
                )
    return Report(r, tuple(blocks), Chart(M("Outcome"), bars=r.table()))


# ------------------------------------------------------------------- whole fight
def fight(
    a_name: str,
    b_name: str,
    *,
    a_skill: CodeLike = "4D+1",
    a_agility: CodeLike = "3D",
    a_stance: Stance = Stance.ATTACK,
    a_weapon: MeleeWeapon = MeleeWeapon.AB2,
    a_blows: BlowOption = BlowOption.SINGLE,
    a_damage: int = 8,
    a_health: int = 20,
    b_skill: CodeLike = "3D+2",
    b_agility: CodeLike = "3D+1",
    b_stance: Stance = Stance.ATTACK,
    b_weapon: MeleeWeapon = MeleeWeapon.AB1,
    b_blows: BlowOption = BlowOption.SINGLE,
    b_damage: int = 8,
    b_health: int = 20,
    max_rounds: int = 30,
) -> Report:
    """A whole melee fight: the exchange of every round, what it costs, how the fight ends.

    Example:
        >>> fight("Kira", "Vosk", a_health=8, b_health=8, max_rounds=1).table()["Undecided after 1 round"] > 0
        True
    """
    duellists = []
    for side, values in (
        ("a", (a_name, a_skill, a_agility, a_stance, a_weapon, a_blows, a_damage, a_health)),
        ("b", (b_name, b_skill, b_agility, b_stance, b_weapon, b_blows, b_damage, b_health)),
    ):
        name, skill, agility, stance, weapon, blows, damage, health = values
        fighter = galaxies.Fighter(skill, agility, stance, weapon, blows=blows, side=side)
        duellists.append(galaxies.Duellist(name, fighter, damage, health, side=side))
    a, b = duellists
    f = galaxies.fight(a, b, max_rounds=max_rounds)
    steps = Table(
        (
            M("outcome of a round"),
            M("exact chance"),
            *(M("{name} loses", name=x.name) for x in (a, b)),
        ),
        tuple((s.label, s.probability, s.a_takes, s.b_takes) for s in f.steps),
    )
    ends = Table(
        (M("how the fight ends"), M("exact chance, in percent")),
        tuple((label, Percent(p)) for label, p in f.table().items()),
    )
    mean = f.expected_rounds
    blocks = (
        M(
            "Every round {a} (A) and {b} (B) make the same exchange. {note}",
            a=a.name,
            b=b.name,
            note=f.exchange.note,
        ),
        steps,
        ends,
        MN(
            "The fight lasts {mean} round on average. The chances are exact: the Python "
            "line gives the first one as a fraction.",
            "The fight lasts {mean} rounds on average. The chances are exact: the Python "
            "line gives the first one as a fraction.",
            1 if mean == 1 else 2,
            mean=Expected(mean),
        ),
    )
    chance_a_wins = (("probability", str(f.outcomes[0][0])),)  # as the fight names the end
    return Report(f, blocks, Chart(M("How the fight ends"), bars=f.table()), chance_a_wins)
