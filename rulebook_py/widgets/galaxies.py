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
    prob_acts_before,
    psychic_attack,
    shoot,
    shot_damage_factors,
    throw_explosive,
)
from .base import Calculator
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
    "parse_combatants",
]


#: A whole number as the reader may type it: a sign, then 1 to 4 ASCII digits.
_WHOLE = re.compile(r"[+-]?[0-9]{1,4}")


def _code(value: str, description: str, tooltip: str = "") -> widgets.Text:
    """A dice-code box (``4D+2``), read when the reader presses Enter or leaves it."""
    return text_box(description, value, tooltip=tooltip or description, placeholder="e.g. 4D+2")


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
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """Two codes and a halving switch."""
        return {
            "code": _code("4D+2", "Code A", "the code studied, e.g. 4D+2"),
            "other": _code("3D+1", "Code B", "the code it is compared with"),
            "halved": checkbox("Halve A's roll (divisé par 2, rounded down)", False),
        }

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """Mantisse, average, fixed value, range, and A against B."""
        a = DiceCode.parse(values["code"], "code")
        b = DiceCode.parse(values["other"], "other")
        ra = Roll(a, halved=values["halved"], field="code")
        rb = Roll(b, field="other")
        da, db = ra.distribution(), rb.distribution()
        o = opposed(ra, rb)
        rows = [
            ("Code A", ra.describe()),
            ("Mantisse (number of dice)", a.mantisse),
            ("Average", number(da.mean())),
            ("Fixed value (esquive fixe, rounded down)", a.fixed_value(Rounding.DOWN)),
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

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Roll A, then B."""
        a = Roll(DiceCode.parse(values["code"], "code"), halved=values["halved"], field="code")
        b = Roll(DiceCode.parse(values["other"], "other"), field="other")
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
        return self.answer(c, values), _contest_chart(c, self.chart_title)

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
            "half_dodge": _half_dodge_control(),
        }

    def contest(self, values: Mapping[str, Any]) -> Contest:
        """The shot(s) or throw(s) against the target's one dodge roll."""
        mode = values["mode"]
        common = {
            "bdc": values["bdc"],
            "bdp": values["bdp"],
            "bdt": values["bdt"],
            "dodge_mode": values["dodge_mode"],
        }
        if mode in ("explosive", "two_explosives"):
            return throw_explosive(
                values["attack"], values["dodge"], two_at_once=mode == "two_explosives", **common
            )
        return shoot(
            values["attack"],
            values["dodge"],
            weapon=values["weapon"],
            mode=_FIRE[mode],
            shots=values["shots"],
            aimed=values["aimed"],
            sustained=values["sustained"],
            willpower=values["willpower"],
            **common,
        )

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
        return controls

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """Every outcome with its chance and the share of damage each side deals."""
        r = melee(
            _fighter(values, "a"), _fighter(values, "b"), half_dodge_factor=values["half_dodge"]
        )
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
        r = melee(_fighter(values, "a"), _fighter(values, "b")).resolve(rng)
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
            "half_dodge": _half_dodge_control(),
        }

    def contest(self, values: Mapping[str, Any]) -> Contest:
        """The technique(s) against the target's one roll."""
        complementarity = values["option"] is PsyOption.COMPLEMENTARITY
        return psychic_attack(
            values["skill"],
            values["defence"],
            attack=values["attack"],
            option=values["option"],
            second_skill=values["second_skill"] if complementarity else None,
            bdc=values["bdc"],
            bdp=values["bdp"],
            bdt=values["bdt"],
            dodge_mode=values["dodge_mode"],
        )

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
        return table_html(header, rows, caption=caption), ""

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Every roll and re-roll, and the order of action."""
        order = initiative_order(parse_combatants(values["combatants"]), rng)
        return "<br>" + "<br>".join(escape(line) for line in order.lines())
