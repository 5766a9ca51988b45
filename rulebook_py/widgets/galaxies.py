"""Calculators of the Galaxies Jumelles chapter: codes, shots, melee, psy, initiative.

Example:
    >>> calc = GalaxiesCodeCalculator(code="1D", other="1D")
    >>> "41.67 % (5/12)" in calc.result.value
    True
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from enum import Enum
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from ..errors import RulebookError, RuleValueError
from ..systems.galaxies import (
    HALF_DODGE_FACTOR,
    MAX_ATTACKS,
    MAX_COMBATANTS,
    BlowOption,
    Combatant,
    Contest,
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
    initiative_order,
    melee,
    opposed,
    parse_attacks,
    prob_acts_before,
    psychic_attack,
    shoot,
    shot_damage_factors,
    throw_explosive,
    volley,
)
from .base import Calculator, PythonCall
from .charts import bar_chart, grouped_bar_chart
from .controls import LABEL_STYLE, checkbox, dropdown, enum_dropdown, int_box, sized, text_box
from .format import escape, number, probability, table_html
from .registry import register

__all__ = [
    "GalaxiesCodeCalculator",
    "GalaxiesInitiativeCalculator",
    "GalaxiesMeleeCalculator",
    "GalaxiesPsychicCalculator",
    "GalaxiesShotCalculator",
    "GalaxiesVolleyCalculator",
    "parse_combatants",
]


#: A whole number as the reader may type it: a sign, then 1 to 4 ASCII digits.
_WHOLE = re.compile(r"[+-]?[0-9]{1,4}")


def _code(value: str, description: str, tooltip: str = "") -> widgets.Text:
    """A dice-code box (``4D+2``), read when the reader presses Enter or leaves it."""
    return text_box(description, value, tooltip=tooltip or description, placeholder="e.g. 4D+2")


def _py(value: Any) -> str:
    """A control value written as Python that uses only the name ``galaxies``."""
    if isinstance(value, Enum):
        return f"galaxies.{type(value).__name__}.{value.name}"
    return repr(value)


def _kwargs(pairs: Mapping[str, Any], defaults: Mapping[str, Any]) -> str:
    """``, name=value`` for every value that differs from the function's default."""
    return "".join(f", {k}={_py(v)}" for k, v in pairs.items() if v != defaults.get(k))


def _rounding_control() -> widgets.Dropdown:
    return dropdown(
        "Rounding of halved rolls and fixed values",
        [("down (this book)", Rounding.DOWN), ("up", Rounding.UP)],
        Rounding.DOWN,
    )


# --------------------------------------------------------------- dice codes
@register
class GalaxiesCodeCalculator(Calculator):
    """A dice code: distribution, average, fixed value; two codes compared.

    Example:
        >>> calc = GalaxiesCodeCalculator(code="4D+2", other="3D+1")
        >>> "<td>Average</td><td>16</td>" in calc.result.value
        True
    """

    title = "Dice code (code-dé)"
    bench_changes = (
        ("code", "5D+1"),
        ("other", "4D"),
        ("halved", True),
        ("code", "12D+2"),
        ("halved", False),
        ("rounding", Rounding.UP),
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """Two codes, a halving switch and the rounding."""
        return {
            "code": _code("4D+2", "Code A", "the code studied, e.g. 4D+2"),
            "other": _code("3D+1", "Code B", "the code it is compared with"),
            "halved": checkbox("Halve A's roll (divisé par 2)", False),
            "rounding": _rounding_control(),
        }

    def _rolls(self, values: Mapping[str, Any]) -> tuple[Roll, Roll]:
        a = DiceCode.parse(values["code"], "code")
        b = DiceCode.parse(values["other"], "other")
        ra = Roll(a, halved=values["halved"], rounding=values["rounding"], field="code")
        return ra, Roll(b, rounding=values["rounding"], field="other")

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """Mantisse, average, fixed value, range, and A against B."""
        ra, rb = self._rolls(values)
        a, b = ra.code, rb.code
        da, db = ra.distribution(), rb.distribution()
        o = opposed(ra, rb)
        self._answer = o.higher
        way = "rounded up" if values["rounding"] is Rounding.UP else "rounded down"
        fixed = Roll(a, halved=ra.halved, fixed=True, rounding=ra.rounding, field="code")
        rows = [
            ("Code A", ra.describe()),
            ("Mantisse (number of dice)", a.mantisse),
            ("Average" + (" of the halved roll" if ra.halved else ""), number(da.mean())),
            (
                f"Fixed value (esquive fixe, {way})"
                + (": the average, then halved" if ra.halved else ""),
                fixed.distribution().min_value,
            ),
            ("Totals", f"{da.min_value} to {da.max_value}"),
            (f"P(A > B), B = {b}", probability(o.higher)),
            ("P(A = B)", probability(o.tie)),
            ("P(A < B)", probability(o.lower)),
        ]
        labels = [
            str(t)
            for t in range(min(da.min_value, db.min_value), max(da.max_value, db.max_value) + 1)
        ]
        pa, pb = da.pmf(), db.pmf()
        chart = grouped_bar_chart(
            labels,
            {
                f"A: {ra.describe()}": [pa.get(int(t), Fraction(0)) for t in labels],
                f"B: {b}": [pb.get(int(t), Fraction(0)) for t in labels],
            },
            title="Distributions of A and B",
            x_title="total",
        )
        return table_html(["", "exact answer"], rows), chart

    def python_call(self, values: Mapping[str, Any]) -> PythonCall:
        """P(A > B) through :func:`opposed`."""
        a = repr(values["code"])
        if values["halved"]:
            a = (
                f"galaxies.Roll(galaxies.DiceCode.parse({a}), halved=True, "
                f"rounding={_py(values['rounding'])})"
            )
        return PythonCall(
            "galaxies", f"galaxies.opposed({a}, {values['other']!r}).higher", self._answer
        )

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Roll A, then B."""
        a, b = self._rolls(values)
        r = opposed(a, b).resolve(rng)
        who = {"higher": "A higher", "tie": "tie", "lower": "B higher"}[r.result]
        return f"A: {escape(str(r.attack))}; B: {escape(str(r.defence))} — {who}"


# -------------------------------------------------------------------- shots
_MODES = [
    ("Tir simple", "single"),
    ("Tirs instinctifs (2 jets divisés par 2)", "instinctive"),
    ("Tir en rafale (−1D par tir suivant)", "burst"),
    ("Tir avec 2 armes de poing (−1D chacun)", "two_pistols"),
    ("Lancer d'explosif (DX ≤ 20 m, FO au-delà)", "explosive"),
    ("Deux explosifs, un par main (−1D chacun)", "two_explosives"),
]
_FIRE = {
    "single": FireMode.SINGLE,
    "instinctive": FireMode.INSTINCTIVE,
    "burst": FireMode.BURST,
    "two_pistols": FireMode.TWO_PISTOLS,
}
#: Share of the damage a half-dodge deals: the source does not say; 1/2 is this book's.
_HALF_DODGE_SHARES = [
    ("half the damage (this book)", HALF_DODGE_FACTOR),
    ("no damage", Fraction(0)),
    ("a quarter", Fraction(1, 4)),
    ("three quarters", Fraction(3, 4)),
    ("full damage", Fraction(1)),
]


def _half_dodge_control() -> widgets.Dropdown:
    return dropdown("A half-dodge (demi-esquive) deals", _HALF_DODGE_SHARES, HALF_DODGE_FACTOR)


def _defence_caption(c: Contest, dodge_mode: DodgeMode | None) -> str:
    if dodge_mode is DodgeMode.UNAWARE:
        value = c.defence.distribution().min_value
        return f"No dodge roll (target unaware of the attack): each roll must beat {value}"
    return f"Against one defence roll: {c.defence.describe()}"


def _contest_table(
    c: Contest,
    factors: Mapping[Outcome, Fraction] | None = None,
    dodge_mode: DodgeMode | None = None,
) -> str:
    """Each roll's chances, then (several rolls) how many end in each outcome."""
    outs = c.outcomes
    header = ["roll", *(f"{o.label} ({o.english})" for o in outs)]
    rows = [
        [f"{i + 1}: {a.describe()}", *(probability(c.probability(o, i)) for o in outs)]
        for i, a in enumerate(c.attacks)
    ]
    html = table_html(header, rows, caption=_defence_caption(c, dodge_mode))
    n = len(c.attacks)
    if n > 1:
        dists = [c.count_distribution(o) for o in outs]
        html += table_html(
            [f"of the {n} rolls, exactly", *(o.label for o in outs)],
            [(k, *(probability(d.get(k, Fraction(0))) for d in dists)) for k in range(n + 1)],
            caption="How many rolls end in each outcome (all face the same defence roll)",
        )
        first = outs[0]
        html += (
            f"<p>At least one roll ends in {escape(first.label)} ({escape(first.english)}): "
            f"{probability(1 - dists[0].get(0, Fraction(0)))}; "
            f"on average {number(c.expected(first))} of the {n} rolls do.</p>"
        )
    if factors:
        half = (
            f" (a half-dodge counted as {factors[Outcome.HALF_DODGE]} of a hit)"
            if Outcome.HALF_DODGE in outs
            else ""
        )
        html += (
            f"<p>Expected damage, counted in full hits: {number(c.expected_damage(factors))}"
            f"{half}.</p>"
        )
    return html


def _contest_chart(c: Contest, title: str) -> str:
    """One roll: its outcomes. Several: how many rolls end in each outcome."""
    n = len(c.attacks)
    if n == 1:
        return bar_chart({o.label: c.probability(o) for o in c.outcomes}, title=title, x_title="")
    series = {o.label: [c.probability_count(o, k) for k in range(n + 1)] for o in c.outcomes}
    return grouped_bar_chart(
        [str(k) for k in range(n + 1)],
        series,
        title=f"How many of the {n} rolls end in each outcome",
        x_title="number of rolls",
    )


class _ContestCalculator(Calculator):
    """Attack rolls against one defence roll: a subclass builds the :class:`Contest`."""

    chart_title = "Outcome"

    def contest(self, values: Mapping[str, Any]) -> Contest:
        """The exact contest these control values describe."""
        raise NotImplementedError

    def answer(self, c: Contest, values: Mapping[str, Any]) -> str:
        """The answer's HTML (default: the contest tables)."""
        return _contest_table(c, None, values.get("dodge_mode"))

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """Each roll's exact outcome, how many rolls end in each, the chart."""
        c = self.contest(values)
        self._contest = c
        return self.answer(c, values), _contest_chart(c, self.chart_title)

    def call_text(self, values: Mapping[str, Any]) -> str:
        """The package call that builds this contest (a subclass writes it)."""
        raise NotImplementedError

    def python_call(self, values: Mapping[str, Any]) -> PythonCall:
        """Each outcome's chance for one roll; for several, how many rolls land in full."""
        c = self._contest
        first = c.outcomes[0]
        if len(c.attacks) == 1:
            return PythonCall("galaxies", f"{self.call_text(values)}.table()", c.table())
        return PythonCall(
            "galaxies",
            f"{self.call_text(values)}.count_distribution({_py(first)})",
            c.count_distribution(first),
        )

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """The one defence roll, then each attack roll, every die shown."""
        c = self.contest(values)
        lines = c.resolve(rng).lines()
        if values.get("dodge_mode") is DodgeMode.UNAWARE:
            lines[0] = _defence_caption(c, DodgeMode.UNAWARE)
        return "<br>".join(escape(line) for line in lines)


@register
class GalaxiesShotCalculator(_ContestCalculator):
    """Shooting or throwing an explosive at a character who dodges.

    Example:
        >>> calc = GalaxiesShotCalculator(attack="1D", dodge="1D")
        >>> "41.67 % (5/12)" in calc.result.value
        True
    """

    title = "Shot resolver (tir, lancer d'explosif)"
    chart_title = "Outcome of the roll"
    bench_changes = (
        ("mode", "instinctive"),
        ("mode", "burst"),
        ("shots", 4),
        ("dodge_mode", DodgeMode.TOTAL),
        ("mode", "explosive"),
        ("dodge_mode", DodgeMode.FIXED),
        ("attack", "6D+1"),
        ("half_dodge", Fraction(1, 4)),
        ("mode", "single"),
        ("dodge_mode", DodgeMode.UNAWARE),
        ("mode", "burst"),
        ("immobile", True),
        ("rounding", Rounding.UP),
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """Shooter, options, target."""
        return {
            "attack": _code("4D+2", "Weapon skill / DX / FO (code)"),
            "weapon": enum_dropdown("Weapon (arme)", Weapon, Weapon.PISTOL),
            "bdc": int_box("BDC (combat bonus)", 0),
            "bdp": int_box("BDP (range bonus)", 0),
            "bdt": int_box("BDT", 0),
            "mode": dropdown("Option", _MODES, "single"),
            "shots": widgets.BoundedIntText(
                value=3,
                min=1,
                max=MAX_ATTACKS,
                description="Shots in the burst (rafale)",
                style=LABEL_STYLE,
                layout=sized("Shots in the burst (rafale)", 6),
            ),
            "aimed": checkbox("Aimed last round (viser: + mantisse of VOLONTÉ)", False),
            "sustained": widgets.BoundedIntText(
                value=1,
                min=1,
                max=100,
                description="Successive round at this target (feu nourri)",
                style=LABEL_STYLE,
                layout=sized("Successive round at this target (feu nourri)", 6),
            ),
            "willpower": _code("3D", "Shooter's VOLONTÉ (VO)"),
            "dodge": _code("3D+1", "Target's AGILITÉ (esquive)"),
            "dodge_mode": enum_dropdown("Dodge (esquive)", DodgeMode, DodgeMode.NORMAL),
            "immobile": checkbox("Target immobile (a burst takes no −1D a shot)", False),
            "rounding": _rounding_control(),
            "half_dodge": _half_dodge_control(),
        }

    def _arguments(self, values: Mapping[str, Any]) -> tuple[Any, dict[str, Any], dict[str, Any]]:
        """The function, its keyword arguments, and their defaults."""
        mode = values["mode"]
        common = {
            "bdc": values["bdc"],
            "bdp": values["bdp"],
            "bdt": values["bdt"],
            "dodge_mode": values["dodge_mode"],
            "rounding": values["rounding"],
        }
        defaults = {"bdc": 0, "bdp": 0, "bdt": 0, "dodge_mode": DodgeMode.NORMAL}
        defaults.update(rounding=Rounding.DOWN, two_at_once=False, weapon=Weapon.PISTOL)
        defaults.update(mode=FireMode.SINGLE, aimed=False, sustained=1, target_immobile=False)
        if mode in ("explosive", "two_explosives"):
            return throw_explosive, {**common, "two_at_once": mode == "two_explosives"}, defaults
        kwargs = {
            **common,
            "weapon": values["weapon"],
            "mode": _FIRE[mode],
            "target_immobile": values["immobile"],
        }
        if mode == "burst":
            kwargs["shots"] = values["shots"]
        if values["aimed"] or values["sustained"] > 1:
            kwargs.update(
                aimed=values["aimed"], sustained=values["sustained"], willpower=values["willpower"]
            )
        return shoot, kwargs, defaults

    def contest(self, values: Mapping[str, Any]) -> Contest:
        """The shot(s) or throw(s) against the target's one dodge roll."""
        function, kwargs, _defaults = self._arguments(values)
        return function(values["attack"], values["dodge"], **kwargs)

    def call_text(self, values: Mapping[str, Any]) -> str:
        """``galaxies.shoot(...)`` or ``galaxies.throw_explosive(...)``."""
        function, kwargs, defaults = self._arguments(values)
        codes = f"{values['attack']!r}, {values['dodge']!r}"
        return f"galaxies.{function.__name__}({codes}{_kwargs(kwargs, defaults)})"

    def answer(self, c: Contest, values: Mapping[str, Any]) -> str:
        """The tables; the explosive's tie rule, or the expected damage of the shots."""
        if values["mode"] in ("explosive", "two_explosives"):
            note = (
                "<p>Explosive: a tie is <b>not</b> a half-dodge (full primary-zone damage); "
                "weapon, aiming and sustained fire do not apply.</p>"
            )
            return note + _contest_table(c, None, values["dodge_mode"])
        factors = shot_damage_factors(values["half_dodge"])
        return _contest_table(c, factors, values["dodge_mode"])


# -------------------------------------------------------------------- melee
def _fighter(values: Mapping[str, Any], p: str) -> Fighter:
    return Fighter(
        skill=values[f"{p}_skill"],
        agility=values[f"{p}_agility"],
        stance=values[f"{p}_stance"],
        weapon=values[f"{p}_weapon"],
        proton=values[f"{p}_proton"],
        bonus=values[f"{p}_bonus"],
        blows=values[f"{p}_blows"],
    )


@register
class GalaxiesMeleeCalculator(Calculator):
    """One melee exchange between A and B, every stance of the source.

    Example:
        >>> calc = GalaxiesMeleeCalculator(b_stance=Stance.ATTACK, a_skill="1D", b_skill="1D")
        >>> "41.67 % (5/12)" in calc.result.value
        True
    """

    title = "Melee resolver (corps à corps)"
    bench_changes = (
        ("b_stance", Stance.PARRY),
        ("a_stance", Stance.FEINT),
        ("b_stance", Stance.DODGE),
        ("a_blows", BlowOption.TWO_WEAPONS),
        ("b_stance", Stance.ATTACK),
        ("a_skill", "6D+2"),
        ("half_dodge", Fraction(3, 4)),
        ("b_stance", Stance.PARRY),
        ("guard_tie", True),
        ("b_stance", Stance.TOTAL_DODGE),
        ("fixed_dodge", True),
        ("rounding", Rounding.UP),
    )

    def __init__(self, **values: Any) -> None:
        """Build the calculator, then group each fighter's controls under a heading."""
        super().__init__(**values)
        rows = {name: row for name, row in zip(self.controls, self.children[1:])}
        groups: list[widgets.Widget] = []
        for p, heading in (("a", "Fighter A"), ("b", "Fighter B")):
            groups.append(widgets.HTML(f"<b>{heading}</b>"))
            groups.extend(row for name, row in rows.items() if name.startswith(f"{p}_"))
        shared = [row for name, row in rows.items() if not name.startswith(("a_", "b_"))]
        tail = self.children[1 + len(rows) :]
        self.children = [self.children[0], *groups, widgets.HTML("<b>Both</b>"), *shared, *tail]

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """Skill, AGILITÉ, stance, weapon, proton, bonus and option of each side."""
        controls: dict[str, widgets.Widget] = {}
        for p, name, skill, agility, stance, weapon in (
            ("a", "A", "4D+1", "3D", Stance.ATTACK, MeleeWeapon.AB2),
            ("b", "B", "3D+2", "3D+1", Stance.COUNTER, MeleeWeapon.AB1),
        ):
            controls[f"{p}_skill"] = _code(skill, f"{name}'s skill (AB / CC / AM)")
            controls[f"{p}_agility"] = _code(agility, f"{name}'s AGILITÉ")
            controls[f"{p}_stance"] = enum_dropdown(f"{name}'s stance (posture)", Stance, stance)
            controls[f"{p}_weapon"] = enum_dropdown(f"{name}'s weapon (arme)", MeleeWeapon, weapon)
            controls[f"{p}_proton"] = checkbox(
                f"{name}'s blade is a proton blade (protonique)", False
            )
            controls[f"{p}_bonus"] = int_box(f"{name}'s BDC + BDT", 0)
            controls[f"{p}_blows"] = enum_dropdown(
                f"{name}'s weapons", BlowOption, BlowOption.SINGLE
            )
        controls["half_dodge"] = _half_dodge_control()
        controls["guard_tie"] = dropdown(
            "A tie against a parry or counter",
            [
                ("no blow lands (general melee rule, this book)", False),
                ("the blow lands (parry paragraph read literally)", True),
            ],
            False,
        )
        controls["fixed_dodge"] = checkbox(
            "Fixed dodge (esquive fixe): AGILITÉ rolls replaced by their average", False
        )
        controls["rounding"] = _rounding_control()
        return controls

    def _melee(self, values: Mapping[str, Any]) -> Any:
        return melee(_fighter(values, "a"), _fighter(values, "b"), **self._options(values))

    @staticmethod
    def _options(values: Mapping[str, Any]) -> dict[str, Any]:
        return {
            "half_dodge_factor": values["half_dodge"],
            "guard_tie_lands": values["guard_tie"],
            "rounding": values["rounding"],
            "fixed_dodge": values["fixed_dodge"],
        }

    def python_call(self, values: Mapping[str, Any]) -> PythonCall:
        """Every outcome's exact chance, through :func:`melee`."""
        fighters = []
        for p in ("a", "b"):
            f = _fighter(values, p)
            args = [repr(f.skill), repr(f.agility), _py(f.stance), _py(f.weapon)]
            extra = _kwargs(
                {"proton": f.proton, "bonus": f.bonus, "blows": f.blows},
                {"proton": False, "bonus": 0, "blows": BlowOption.SINGLE},
            )
            fighters.append(f"galaxies.Fighter({', '.join(args)}{extra})")
        options = {k: v for k, v in self._options(values).items() if k != "half_dodge_factor"}
        extra = _kwargs(
            options, {"guard_tie_lands": False, "rounding": Rounding.DOWN, "fixed_dodge": False}
        )
        expression = (
            "{r.label: r.probability for r in "
            f"galaxies.melee({fighters[0]}, {fighters[1]}{extra}).rows}}"
        )
        return PythonCall("galaxies", expression, self._chances)

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """Every outcome with its chance and the share of damage each side deals."""
        r = self._melee(values)
        self._chances = {x.label: x.probability for x in r.rows}
        rolls = (
            f"<p>A rolls {escape(r.a_roll.describe())}, B rolls {escape(r.b_roll.describe())}. "
            if r.a_roll and r.b_roll
            else "<p>"
        )
        rows = [
            (x.label, probability(x.probability), number(x.a_deals), number(x.b_deals))
            for x in r.rows
        ]
        html = (
            rolls
            + escape(r.note)
            + "</p>"
            + table_html(["outcome", "exact chance", "A deals (share of damage)", "B deals"], rows)
        )
        html += (
            f"<p>Expected share of damage in this exchange: A deals {number(r.expected_a_deals)}, "
            f"B deals {number(r.expected_b_deals)}.</p>"
        )
        for name, blows, total in (
            ("A", r.a_blows, r.round_a_deals),
            ("B", r.b_blows, r.round_b_deals),
        ):
            if blows > 1:
                html += (
                    f"<p>{name} strikes {blows} blows this round, each rolled as above and "
                    f"settled like this exchange: {name} deals {number(total)} of his damage "
                    "over the round, on average.</p>"
                )
        chart = bar_chart({x.label: x.probability for x in r.rows}, title="Outcome", x_title="")
        return html, chart

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """One exchange: A's roll, B's roll, outcome."""
        r = self._melee(values).resolve(rng)
        if r.a is None or r.b is None:
            return escape(f"no roll — {r.label}")
        return escape(f"A: {r.a}; B: {r.b} — {r.label}")


# ---------------------------------------------------------------------- psy
@register
class GalaxiesPsychicCalculator(_ContestCalculator):
    """A psychic technique (or two at once) against a dodge, a psychic counter or VOLONTÉ.

    Example:
        >>> calc = GalaxiesPsychicCalculator(skill="1D", defence="1D", bdc=0)
        >>> "41.67 % (5/12)" in calc.result.value
        True
    """

    title = "Psychic duel (pouvoirs psy)"
    chart_title = "Outcome of the technique"
    bench_changes = (
        ("attack", PsyAttack.PHYSICAL_VS_COUNTER),
        ("option", PsyOption.UBIQUITY),
        ("attack", PsyAttack.MENTAL),
        ("option", PsyOption.COMPLEMENTARITY),
        ("second_skill", "3D+1"),
        ("attack", PsyAttack.PHYSICAL),
        ("dodge_mode", DodgeMode.TOTAL),
        ("half_dodge", Fraction(1)),
        ("rounding", Rounding.UP),
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """Psychic skill, bonuses, kind of attack, option, the target's code."""
        return {
            "skill": _code("5D", "PSY RUDRAH / PSY VALKEN (code)"),
            "attack": enum_dropdown("Attack", PsyAttack, PsyAttack.PHYSICAL),
            "option": enum_dropdown("Techniques", PsyOption, PsyOption.SINGLE),
            "second_skill": _code("4D", "Other PSY skill (complémentarité only)"),
            "bdc": int_box("BDC (technique)", 2),
            "bdp": int_box("BDP (range bonus)", 0),
            "bdt": int_box("BDT (not for mental attacks)", 0),
            "defence": _code("3D+2", "Target: AGILITÉ / same PSY skill / VOLONTÉ"),
            "dodge_mode": enum_dropdown("Dodge (esquive)", DodgeMode, DodgeMode.NORMAL),
            "rounding": _rounding_control(),
            "half_dodge": _half_dodge_control(),
        }

    def _kwargs(self, values: Mapping[str, Any]) -> dict[str, Any]:
        complementarity = values["option"] is PsyOption.COMPLEMENTARITY
        return {
            "attack": values["attack"],
            "option": values["option"],
            "second_skill": values["second_skill"] if complementarity else None,
            "bdc": values["bdc"],
            "bdp": values["bdp"],
            "bdt": values["bdt"],
            "dodge_mode": values["dodge_mode"],
            "rounding": values["rounding"],
        }

    def contest(self, values: Mapping[str, Any]) -> Contest:
        """The technique(s) against the target's one roll."""
        return psychic_attack(values["skill"], values["defence"], **self._kwargs(values))

    def call_text(self, values: Mapping[str, Any]) -> str:
        """``galaxies.psychic_attack(...)``."""
        defaults = {
            "attack": PsyAttack.PHYSICAL,
            "option": PsyOption.SINGLE,
            "second_skill": None,
            "bdc": 0,
            "bdp": 0,
            "bdt": 0,
            "dodge_mode": DodgeMode.NORMAL,
            "rounding": Rounding.DOWN,
        }
        codes = f"{values['skill']!r}, {values['defence']!r}"
        return f"galaxies.psychic_attack({codes}{_kwargs(self._kwargs(values), defaults)})"

    def answer(self, c: Contest, values: Mapping[str, Any]) -> str:
        """The tables, with the expected damage of a physical attack."""
        physical = values["attack"] is PsyAttack.PHYSICAL
        factors = shot_damage_factors(values["half_dodge"]) if physical else None
        html = _contest_table(c, factors, values["dodge_mode"])
        if values["option"] is not PsyOption.SINGLE:
            html += (
                "<p>Both techniques are aimed at this target, who answers both with his one "
                "roll of the round; both use the bonuses above.</p>"
            )
        return html


# ------------------------------------------------------------------ volley
_VOLLEY_EXAMPLE = "Kira: burst 3 4D+2\nVosk: explosive 3D+2\nTal: psy 5D+2"


@register
class GalaxiesVolleyCalculator(Calculator):
    r"""Every attack of a round, from several attackers, against one target's one dodge.

    Example:
        >>> calc = GalaxiesVolleyCalculator(attacks="A: shot 1D\nB: shot 1D", dodge="1D")
        >>> "25.46 % (55/216)" in calc.result.value  # both land in full
        True
    """

    title = "Several attackers, one dodge (un seul jet d'esquive)"
    kind = "fight"
    bench_changes = (
        ("dodge_mode", DodgeMode.TOTAL),
        ("immobile", True),
        ("attacks", _VOLLEY_EXAMPLE + "\nOrn: instinctive 4D+1"),
        ("dodge", "4D"),
        ("dodge_mode", DodgeMode.FIXED),
        ("rounding", Rounding.UP),
        ("dodge_mode", DodgeMode.UNAWARE),
        ("half_dodge", Fraction(1)),
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """The attack lines, the target's AGILITÉ and dodge, the shared options."""
        return {
            "attacks": text_box(
                "Attacks: Name: kind code",
                _VOLLEY_EXAMPLE,
                rows=5,
                tooltip=(
                    "one attack a line, its code with every bonus added; kinds: shot, "
                    "instinctive, burst N, pistols, explosive, explosives, psy, ubiquity, "
                    "complementarity"
                ),
                width="30em",
            ),
            "dodge": _code("3D+1", "Target's AGILITÉ (esquive)"),
            "dodge_mode": enum_dropdown("Dodge (esquive)", DodgeMode, DodgeMode.NORMAL),
            "immobile": checkbox("Target immobile (a burst takes no −1D a shot)", False),
            "rounding": _rounding_control(),
            "half_dodge": _half_dodge_control(),
        }

    def _volley(self, values: Mapping[str, Any]) -> Any:
        return volley(
            parse_attacks(values["attacks"]),
            values["dodge"],
            dodge_mode=values["dodge_mode"],
            rounding=values["rounding"],
            target_immobile=values["immobile"],
        )

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """Each roll's chances, the joint law of full hits and half-dodges, the chart."""
        v = self._volley(values)
        self._answer = v.at_least_one_full
        n = len(v.rolls)
        if values["dodge_mode"] is DodgeMode.UNAWARE:
            caption = (
                "No dodge roll (target unaware of the attacks): each roll must beat "
                f"{v.defence.distribution().min_value}, else it misses"
            )
        else:
            caption = f"Every roll faces one dodge roll: {v.defence.describe()}"
        rows = []
        for i, (name, r) in enumerate(zip(v.names, v.rolls)):
            table = v.table(i)
            half = table.get(Outcome.HALF_DODGE, Fraction(0))
            full = v.p_full(i)
            rows.append(
                (
                    name,
                    r.describe(),
                    probability(full),
                    probability(half),
                    probability(1 - full - half),
                )
            )
        html = table_html(
            ["roll", "code", "lands in full", "half-dodge", "neither"], rows, caption=caption
        )
        top = max(f + h for f, h in v.joint)
        grid = []
        for f in range(n + 1):
            cells = [
                probability(v.joint.get((f, h), Fraction(0))) if f + h <= n else ""
                for h in range(top + 1)
            ]
            grid.append((f, *cells))
        html += table_html(
            ["in full ↓ / half-dodged →", *(str(h) for h in range(top + 1))],
            grid,
            caption=f"Exact chance of each count of full hits and half-dodges, of the {n} rolls",
        )
        factor = values["half_dodge"]
        html += (
            f"<p><b>At least one roll lands in full: {probability(v.at_least_one_full)}</b>; "
            f"on average {number(v.expected_full)} land in full and "
            f"{number(v.expected_half)} are half-dodged. Expected damage, counted in full hits: "
            f"{number(v.expected_damage(factor))} (a half-dodge counted as {factor} of a hit). "
            "An explosive that is dodged still deals its secondary zone's damage, "
            "not counted here.</p>"
        )
        fulls, halves = v.full_distribution(), v.half_distribution()
        chart = grouped_bar_chart(
            [str(k) for k in range(n + 1)],
            {
                "in full": [fulls[k] for k in range(n + 1)],
                "half-dodged": [halves[k] for k in range(n + 1)],
            },
            title=f"How many of the {n} rolls land in full, how many are half-dodged",
            x_title="number of rolls",
        )
        return html, chart

    def python_call(self, values: Mapping[str, Any]) -> PythonCall:
        """P(at least one full hit), through :func:`volley` and :func:`parse_attacks`."""
        extra = _kwargs(
            {
                "dodge_mode": values["dodge_mode"],
                "rounding": values["rounding"],
                "target_immobile": values["immobile"],
            },
            {"dodge_mode": DodgeMode.NORMAL, "rounding": Rounding.DOWN, "target_immobile": False},
        )
        expression = (
            f"galaxies.volley(galaxies.parse_attacks({values['attacks']!r}), "
            f"{values['dodge']!r}{extra}).at_least_one_full"
        )
        return PythonCall("galaxies", expression, self._answer)

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """The one dodge roll, then every attack roll, every die shown."""
        v = self._volley(values)
        lines = v.resolve(rng).lines()
        if values["dodge_mode"] is DodgeMode.UNAWARE:
            lines[0] = (
                "no dodge roll (target unaware of the attacks): each roll must beat "
                f"{v.defence.distribution().min_value}"
            )
        return "<br>".join(escape(line) for line in lines)


# --------------------------------------------------------------- initiative
def parse_combatants(text: str, field: str = "combatants") -> list[Combatant]:
    r"""Read one combatant a line: ``Name: RAPIDITÉ code, BDR``.

    The number of lines is checked first, against :data:`MAX_COMBATANTS`,
    before any line is read. Numbers are read with the digits 0-9 only; a
    name may hold any letters.

    Example:
        >>> [c.bdr for c in parse_combatants("Kira: 3D+1, 2\nVosk: 2D")]
        [2, 0]
    """
    lines = [(n, line) for n, line in enumerate(text.splitlines(), 1) if line.strip()]
    if len(lines) > MAX_COMBATANTS:
        raise RuleValueError(
            f"at most {MAX_COMBATANTS} combatants, one a line: got {len(lines)} lines",
            field=field,
        )
    out = []
    for n, line in lines:
        name, sep, rest = line.partition(":")
        if not sep:
            raise RuleValueError(
                f"line {n} {line.strip()[:40]!r}: write 'Name: RAPIDITÉ code, BDR', "
                "e.g. 'Kira: 3D+1, 2'",
                field=field,
            )
        code_text, _, bdr_text = rest.partition(",")
        bdr_text = bdr_text.strip()
        if bdr_text and not _WHOLE.fullmatch(bdr_text):
            raise RuleValueError(
                f"line {n}: the BDR must be a whole number written with the digits 0-9, "
                f"got {bdr_text[:20]!r}",
                field=field,
            )
        try:
            bdr = int(bdr_text) if bdr_text else 0
            c = Combatant(name.strip(), DiceCode.parse(code_text.strip(), field), bdr)
            c.roll_spec(field)
        except RulebookError as err:
            raise RuleValueError(f"line {n}: {err}", field=field) from None
        out.append(c)
    return out


@register
class GalaxiesInitiativeCalculator(Calculator):
    r"""Initiative order: exact chance that each acts before each, and a seeded order.

    Example:
        >>> calc = GalaxiesInitiativeCalculator(combatants="A: 1D\nB: 1D")
        >>> "50.00 % (1/2)" in calc.result.value
        True
    """

    title = "Initiative (RAPIDITÉ + BDR)"
    default_seed = 3
    bench_changes = (
        ("combatants", "Kira: 3D+1, 2\nVosk: 3D+1, 2\nTal: 2D+2, 1"),
        ("combatants", "Kira: 4D\nVosk: 3D+2, 1\nTal: 3D\nOrn: 5D, 0"),
        ("combatants", "Kira: 3D+1, 2\nVosk: 2D+2, 1\nTal: 3D+1\nOrn: 3D"),
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """One combatant a line."""
        return {
            "combatants": text_box(
                "Name: RAPIDITÉ, BDR",
                "Kira: 3D+1, 2\nVosk: 2D+2, 1\nTal: 3D+1\nOrn: 3D",
                rows=5,
                tooltip="one combatant a line, e.g. 'Kira: 3D+1, 2'",
                width="30em",
            )
        }

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """Exact P(row acts before column), ties re-rolled until broken."""
        people = parse_combatants(values["combatants"])
        if not people:
            raise RuleValueError("write at least one combatant", field="combatants")
        header = ["acts before →", "roll", *(c.name for c in people)]
        rows = [
            [
                a.name,
                str(a.roll_spec().code),
                *("—" if a is b else probability(prob_acts_before(a, b)) for b in people),
            ]
            for a in people
        ]
        caption = "Roll = RAPIDITÉ + BDR. Exact chance that the row acts before the column"
        self._people = people
        return table_html(header, rows, caption=caption), ""

    def python_call(self, values: Mapping[str, Any]) -> PythonCall | None:
        """P(the first line acts before the second), through :func:`prob_acts_before`."""
        if len(self._people) < 2:
            return None
        a, b = self._people[:2]
        args = [f"galaxies.Combatant({c.name!r}, {str(c.rapidity)!r}, {c.bdr!r})" for c in (a, b)]
        return PythonCall(
            "galaxies", f"galaxies.prob_acts_before({', '.join(args)})", prob_acts_before(a, b)
        )

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Every roll and re-roll, and the order of action."""
        order = initiative_order(parse_combatants(values["combatants"]), rng)
        return "<br>" + "<br>".join(escape(line) for line in order.lines())
