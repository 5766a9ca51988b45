"""Calculators of the Galaxies Jumelles chapter: codes, shots, melee, psy, volley, initiative.

The melee resolver is in :mod:`.galaxies_melee`; the volley (several attackers,
one dodge) closes this module.

Each maps its controls to one call of :mod:`rulebook_py.systems.galaxies`
and formats the outcome; the roll shown is the outcome's own ``.roll(rng)``.
Every word is a message of the ``galaxies`` domain.

Example:
    >>> calc = GalaxiesCodeCalculator(code="1D", other="1D")
    >>> "41.67 % (5/12)" in calc.result.value
    True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

from ..i18n import decimal
from ..messages import Msg, join
from ..systems import galaxies as g
from ..systems.galaxies.words import M
from . import galaxies_common as gc
from .base import Controls, PythonCall, Values, View
from .calls import by_name, changes, rule_call
from .charts import MAX_BARS, bar_chart, grouped_bar_chart, tail_cut
from .controls import checkbox, dropdown, enum_dropdown, int_box, text_box
from .format import number, probability, table_html
from .galaxies_melee import GalaxiesMeleeCalculator
from .registry import register
from .tables import rows_html

__all__ = ["GalaxiesCodeCalculator", "GalaxiesInitiativeCalculator", "GalaxiesMeleeCalculator"]
__all__ += ["GalaxiesPsychicCalculator", "GalaxiesShotCalculator", "GalaxiesVolleyCalculator"]
__all__ += ["contest_view"]


# --------------------------------------------------------------- dice codes
#: The fixed value's row label: (rounded up, halved) -> its words.
_FIXED = {
    (False, False): M("Fixed value (esquive fixe, rounded down)"),
    (True, False): M("Fixed value (esquive fixe, rounded up)"),
    (False, True): M("Fixed value (esquive fixe, rounded down): the average, then halved"),
    (True, True): M("Fixed value (esquive fixe, rounded up): the average, then halved"),
}


def _contest_path(c: g.Contest) -> tuple[object, ...]:
    """The Python line's end: one roll's table, else the count of the first outcome."""
    return (("table",),) if len(c.attacks) == 1 else (("count_distribution", c.outcomes[0]),)


@register
class GalaxiesCodeCalculator(gc.GalaxiesCalculator):
    """A dice code: distribution, average, fixed value; two codes compared.

    Example:
        >>> calc = GalaxiesCodeCalculator(code="4D+2", other="3D+1")
        >>> "<td>Average</td><td>16.00</td>" in calc.result.value
        True
    """

    title = M("Dice code (code-dé)")
    bench_changes = changes(code="5D+1", other="4D", halved=True) + changes(
        code="12D+2", halved=False, rounding=g.Rounding.UP
    )

    def build_controls(self) -> Controls:
        """Two codes, a halving switch and the rounding."""
        return {
            "code": gc.code_box("4D+2", M("Code A")),
            "other": gc.code_box("3D+1", M("Code B")),
            "halved": checkbox(M("Halve A's roll (divisé par 2)"), False),
            "rounding": gc.rounding_control(),
        }

    def compute(self, values: Values) -> View:
        """Mantisse, average, fixed value, range, and A against B."""
        r, call = rule_call(g.code_report, path=("higher",), **values)
        a, b = r.attack, r.defense
        da, db = a.distribution(), b.distribution()
        up = values["rounding"] is g.Rounding.UP
        average = M("Average of the halved roll") if a.halved else M("Average")
        rows = [
            (M("Code A"), a.describe()),
            (M("Mantisse (number of dice)"), a.code.mantisse),
            (average, decimal(float(da.mean()), 2)),
            (_FIXED[up, a.halved], r.fixed),
            (M("Totals"), M("{low} to {high}", low=da.min_value, high=da.max_value)),
            (M("P(A > B), B = {code}", code=str(b.code)), probability(r.higher)),
            (M("P(A = B)"), probability(r.tie)),
            (M("P(A < B)"), probability(r.lower)),
        ]
        totals = _shown_totals(da, db)
        pmfs = {
            M("A: {code}", code=a.describe()): da.pmf(),
            M("B: {code}", code=str(b.code)): db.pmf(),
        }
        chart = grouped_bar_chart(
            [str(t) for t in totals],
            {name: [pmf.get(t, Fraction(0)) for t in totals] for name, pmf in pmfs.items()},
            title=M("Distributions of A and B"),
            x_title=M("total"),
        )
        return View(table_html(["", M("exact answer")], rows), chart, call, r)


def _shown_totals(*dists: Any) -> list[int]:
    """The totals the chart shows: each distribution's, far tails (under 1 in 2,000) cut.

    At most :data:`~rulebook_py.widgets.charts.MAX_BARS` totals in all: past that
    (two wide codes far apart), each distribution keeps its share of them around
    its middle, and the chart shows the chances exactly, without the cumulative views.
    """
    ranges = []
    for dist in dists:
        weights = dist.weights()
        values = sorted(weights)
        lo, hi = tail_cut([weights[v] for v in values], sum(weights.values()))
        ranges.append((values[lo], values[hi - 1]))
    kept = {t for low, high in ranges for t in range(low, high + 1)}
    if len(kept) <= MAX_BARS:
        return sorted(kept)
    half = MAX_BARS // (2 * len(ranges))
    kept = set()
    for low, high in ranges:
        middle = (low + high) // 2
        kept.update(range(max(low, middle - half), min(high, middle + half) + 1))
    return sorted(kept)


# ------------------------------------------------------- shots, explosives, psy
def contest_view(
    c: g.Contest, call: PythonCall, title: Msg, factors: Any = None, html: str = ""
) -> View:
    """A contest's view: each roll's chances, how many rolls end in each outcome, the chart.

    ``factors`` (each outcome's share of the damage) adds the expected damage;
    ``html`` is a note shown first.
    """
    outs, n = c.outcomes, len(c.attacks)
    html += rows_html(c.rows(), [M("roll"), *(o.text for o in outs)], c.caption)
    if n > 1:
        if c.unaware:
            caption = M("How many rolls end in each outcome")
        else:
            caption = M("How many rolls end in each outcome (all face the same defense roll)")
        header = [M("of the {n} rolls, exactly", n=n), *(o.label for o in outs)]
        html += rows_html(c.count_rows(), header, caption)
        first = outs[0]
        html += gc.paragraph(
            M(
                "At least one roll ends in {outcome}: {p}; on average {mean} of the {n} rolls do.",
                outcome=first.text,
                n=n,
                p=probability(1 - c.probability_count(first, 0)),
                mean=number(c.expected(first)),
            )
        )
    if factors:
        mean = number(c.expected_damage(factors))
        if g.Outcome.HALF_DODGE in outs:
            share = factors[g.Outcome.HALF_DODGE]
            html += gc.paragraph(
                M(
                    "Expected damage, counted in full hits: {mean} "
                    "(a half-dodge counted as {share} of a hit).",
                    mean=mean,
                    share=share,
                )
            )
        else:
            html += gc.paragraph(M("Expected damage, counted in full hits: {mean}.", mean=mean))
    if n == 1:
        chart = bar_chart({o.label: c.probability(o) for o in c.outcomes}, title=title, x_title="")
    else:
        chart = grouped_bar_chart(
            [str(k) for k in range(n + 1)],
            {o.label: [c.probability_count(o, k) for k in range(n + 1)] for o in c.outcomes},
            title=M("How many of the {n} rolls end in each outcome", n=n),
            x_title=M("number of rolls"),
        )
    return View(html, chart, call, c)


_MODES = [
    ("Tir simple", "single"),
    ("Tirs instinctifs (2 jets divisés par 2)", "instinctive"),
    ("Tir en rafale (−1D par tir suivant)", "burst"),
    ("Tir avec 2 armes de poing (−1D chacun)", "two_pistols"),
    ("Lancer d'explosif (DX ≤ 20 m, FO au-delà)", "explosive"),
    ("Deux explosifs, un par main (−1D chacun)", "two_explosives"),
]
_FIRE = {m.name.lower(): m for m in g.FireMode}


@register
class GalaxiesShotCalculator(gc.GalaxiesCalculator):
    """Shooting or throwing an explosive at a character who dodges.

    Example:
        >>> calc = GalaxiesShotCalculator(attack="1D", dodge="1D")
        >>> "41.67 % (5/12)" in calc.result.value
        True
    """

    title = M("Shot resolver (tir, lancer d'explosif)")
    bench_changes = (
        changes(mode="instinctive")
        + changes(mode="burst", shots=4, dodge_mode=g.DodgeMode.TOTAL)
        + changes(mode="explosive", dodge_mode=g.DodgeMode.FIXED, attack="6D+1")
        + changes(half_dodge=Fraction(1, 4), mode="single", dodge_mode=g.DodgeMode.UNAWARE)
        + changes(mode="burst", immobile=True, rounding=g.Rounding.UP)
    )

    def build_controls(self) -> Controls:
        """Shooter, options, target."""
        return {
            "attack": gc.code_box("4D+2", M("Weapon skill / DX / FO (code)")),
            "weapon": enum_dropdown(M("Weapon (arme)"), g.Weapon, g.Weapon.PISTOL),
            "bdc": gc.points_box(M("BDC (combat bonus)")),
            "bdp": gc.points_box(M("BDP (range bonus)")),
            "bdt": gc.points_box(M("BDT")),
            "mode": dropdown(M("Option"), _MODES, "single"),
            "shots": int_box(M("Shots in the burst (rafale)"), 3),
            "aimed": checkbox(M("Aimed last round (viser: + mantisse of VOLONTÉ)"), False),
            "sustained": int_box(M("Successive round at this target (feu nourri)"), 1),
            "willpower": gc.code_box("3D", M("Shooter's VOLONTÉ (VO)")),
            "dodge": gc.code_box("3D+1", M("Target's AGILITÉ (esquive)")),
            "dodge_mode": enum_dropdown(M("Dodge (esquive)"), g.DodgeMode, g.DodgeMode.NORMAL),
            "immobile": checkbox(M("Target immobile (a burst takes no −1D a shot)"), False),
            "rounding": gc.rounding_control(),
            "half_dodge": gc.half_dodge_control(),
        }

    def compute(self, values: Values) -> View:
        """The shot(s) or throw(s) against the target's one dodge roll, and the expected damage."""
        mode = _FIRE.get(values["mode"])
        kw = {k: values[k] for k in ("bdc", "bdp", "bdt", "dodge", "dodge_mode", "rounding")}
        func: Any = g.shoot
        if mode is None:
            func, kw["two_at_once"] = g.throw_explosive, values["mode"] == "two_explosives"
            kw["skill"] = values["attack"]
        else:
            kw["attack"] = values["attack"]
            kw["mode"] = mode
            if mode in (g.FireMode.BURST, g.FireMode.TWO_PISTOLS):  # where the weapon counts
                kw["weapon"] = values["weapon"]
            if mode is g.FireMode.BURST:
                kw.update(shots=values["shots"], target_immobile=values["immobile"])
            if values["aimed"] or values["sustained"] != 1:  # the rule refuses 0 or less
                kw.update({k: values[k] for k in ("aimed", "sustained", "willpower")})
        c, call = rule_call(func, path=_contest_path, **kw)
        if func is g.throw_explosive:
            note = M(
                "Explosive: a tie is not a half-dodge (full primary-zone damage); "
                "weapon, aiming and sustained fire do not apply."
            )
            return contest_view(c, call, M("Outcome of the roll"), html=gc.paragraph(note))
        factors = g.shot_damage_factors(values["half_dodge"])
        return contest_view(c, call, M("Outcome of the roll"), factors)

    def hidden(self, values: Values) -> frozenset[str]:
        """The number of shots counts in a burst only."""
        return (
            frozenset() if _FIRE.get(values["mode"]) is g.FireMode.BURST else frozenset({"shots"})
        )


@register
class GalaxiesPsychicCalculator(gc.GalaxiesCalculator):
    """A psychic technique (or two at once) against a dodge, a psychic counter or VOLONTÉ.

    Example:
        >>> calc = GalaxiesPsychicCalculator(skill="1D", defense="1D", bdc=0)
        >>> "41.67 % (5/12)" in calc.result.value
        True
    """

    title = M("Psychic duel (pouvoirs psy)")
    bench_changes = (
        changes(attack=g.PsyAttack.PHYSICAL_VS_COUNTER, option=g.PsyOption.UBIQUITY)
        + changes(attack=g.PsyAttack.MENTAL, option=g.PsyOption.COMPLEMENTARITY)
        + changes(second_skill="3D+1", attack=g.PsyAttack.PHYSICAL)
        + changes(dodge_mode=g.DodgeMode.TOTAL, half_dodge=Fraction(1), rounding=g.Rounding.UP)
    )

    def build_controls(self) -> Controls:
        """Psychic skill, bonuses, kind of attack, option, the target's code."""
        return {
            "skill": gc.code_box("5D", M("PSY RUDRAH / PSY VALKEN (code)")),
            "attack": enum_dropdown(M("Attack"), g.PsyAttack, g.PsyAttack.PHYSICAL),
            "option": enum_dropdown(M("Techniques"), g.PsyOption, g.PsyOption.SINGLE),
            "second_skill": gc.code_box("4D", M("Other PSY skill (complémentarité only)")),
            "bdc": gc.points_box(M("BDC (technique)"), 2),
            "bdp": gc.points_box(M("BDP (range bonus)")),
            "bdt": gc.points_box(M("BDT (not for mental attacks)")),
            "defense": gc.code_box("3D+2", M("Target: AGILITÉ / same PSY skill / VOLONTÉ")),
            "dodge_mode": enum_dropdown(M("Dodge (esquive)"), g.DodgeMode, g.DodgeMode.NORMAL),
            "rounding": gc.rounding_control(),
            "half_dodge": gc.half_dodge_control(),
        }

    def compute(self, values: Values) -> View:
        """The technique(s) against the target's one roll, with a physical attack's damage."""
        kw = by_name(g.psychic_attack, values)
        if values["option"] is not g.PsyOption.COMPLEMENTARITY:
            del kw["second_skill"]
        c, call = rule_call(g.psychic_attack, path=_contest_path, **kw)
        physical = values["attack"] is g.PsyAttack.PHYSICAL
        factors = g.shot_damage_factors(values["half_dodge"]) if physical else None
        view = contest_view(c, call, M("Outcome of the technique"), factors)
        if values["option"] is g.PsyOption.SINGLE:
            return view
        note = M(
            "Both techniques are aimed at this target, who answers both with his one roll "
            "of the round; both use the bonuses above."
        )
        return View(view.answer + gc.paragraph(note), view.chart, call, c)


# --------------------------------------------------------------- initiative
@register
class GalaxiesInitiativeCalculator(gc.GalaxiesCalculator):
    r"""Initiative order: exact chance that each acts before each, and a seeded order.

    Example:
        >>> calc = GalaxiesInitiativeCalculator(combatants="A: 1D\nB: 1D")
        >>> "50.00 % (1/2)" in calc.result.value
        True
    """

    title = M("Initiative (RAPIDITÉ + BDR)")
    #: A table of every pair's exact chance (380 of them for 20 combatants): the budget of a
    #: calculator of many outcomes, as the volley's, not of a single roll.
    kind = "fight"
    default_seed = 3
    bench_changes = (
        ("combatants", "Kira: 3D+1, 2\nVosk: 3D+1, 2\nTal: 2D+2, 1"),
        ("combatants", "Kira: 4D\nVosk: 3D+2, 1\nTal: 3D\nOrn: 5D, 0"),
        ("combatants", "Kira: 3D+1, 2\nVosk: 2D+2, 1\nTal: 3D+1\nOrn: 3D"),
    )

    def build_controls(self) -> Controls:
        """One combatant a line."""
        return {
            "combatants": text_box(
                M("Name: RAPIDITÉ, BDR"),
                "Kira: 3D+1, 2\nVosk: 2D+2, 1\nTal: 3D+1\nOrn: 3D",
                rows=5,
                tooltip=M("one combatant a line, e.g. 'Kira: 3D+1, 2'"),
                width="30em",
            )
        }

    def compute(self, values: Values) -> View:
        """Exact P(row acts before column), ties re-rolled until broken."""
        i, call = rule_call(g.initiative, path=(("table",),), **values)
        table = call.value
        names = [c.name for c in i.combatants]
        rows = [
            [a, str(r.code), *("—" if a == b else probability(table[a, b]) for b in names)]
            for a, r in zip(names, i.rolls)
        ]
        caption = M("Roll = RAPIDITÉ + BDR. Exact chance that the row acts before the column")
        html = table_html([M("acts before →"), M("roll"), *names], rows, caption=caption)
        return View(html, "", call, i)


# ------------------------------------------------------------------- volley
_EXAMPLE = "Kira: burst 3 4D+2\nVosk: explosive 3D+2\nTal: psy 5D+2"


@register
class GalaxiesVolleyCalculator(gc.GalaxiesCalculator):
    """Every attack of a round, from several attackers, against one target's one dodge."""

    title = M("Several attackers, one dodge (un seul jet d'esquive)")
    kind = "fight"
    bench_changes = (
        changes(dodge_mode=g.DodgeMode.TOTAL, immobile=True, dodge="4D")
        + changes(attacks=_EXAMPLE + "\nOrn: instinctive 4D+1\nZed: melee 4D")
        + changes(attacks=_EXAMPLE + "\nOrn : coups 4D+1\nZed : armes 4D")
        + changes(dodge_mode=g.DodgeMode.FIXED, rounding=g.Rounding.UP)
        + changes(dodge_mode=g.DodgeMode.UNAWARE, half_dodge=Fraction(1))
    )

    def build_controls(self) -> Controls:
        """The attack lines, the target's AGILITÉ and dodge, the shared options."""
        kinds = join(
            ", ", [M("{kind} N", kind=k) if k is g.AttackKind.BURST else k for k in g.AttackKind]
        )
        return {
            "attacks": text_box(
                M("Attacks: Name: kind code"),
                _EXAMPLE,
                rows=5,
                tooltip=M(
                    "one attack a line, its code with every bonus added; kinds: {kinds}",
                    kinds=kinds,
                ),
                width="30em",
            ),
            "dodge": gc.code_box("3D+1", M("Target's AGILITÉ (esquive)")),
            "dodge_mode": enum_dropdown(M("Dodge (esquive)"), g.DodgeMode, g.DodgeMode.NORMAL),
            "immobile": checkbox(M("Target immobile (a burst takes no −1D a shot)"), False),
            "rounding": gc.rounding_control(),
            "half_dodge": gc.half_dodge_control(),
        }

    def compute(self, values: Values) -> View:
        """Each roll's chances, the joint law of full hits and half-dodges, the chart."""
        kw = by_name(g.volley, values, fields=self.fields)
        v, call = rule_call(g.volley, path=("at_least_one_full",), **kw)
        n, top = len(v.rolls), len(v.grid()[0]) - 2
        header = [M("roll"), M("code"), M("lands in full"), M("half-dodge"), M("neither")]
        html = rows_html(v.rows(), header, v.caption)
        html += rows_html(
            v.grid(),
            [M("in full ↓ / half-dodged →"), *(str(h) for h in range(top + 1))],
            M("Exact chance of each count of full hits and half-dodges, of the {n} rolls", n=n),
        )
        factor = values["half_dodge"]
        html += gc.paragraph(
            M(
                "At least one roll lands in full: {p}; on average {full} land in full and "
                "{half} are half-dodged. Expected damage, counted in full hits: {mean} (a "
                "half-dodge counted as {factor} of a hit). An explosive that is dodged still "
                "deals its secondary zone's damage, not counted here.",
                p=probability(v.at_least_one_full),
                full=number(v.expected_full),
                half=number(v.expected_half),
                mean=number(v.expected_damage(factor)),
                factor=factor,
            )
        )
        fulls, halves = v.full_distribution(), v.half_distribution()
        chart = grouped_bar_chart(
            [str(k) for k in range(n + 1)],
            {M("in full"): list(fulls.values()), M("half-dodged"): list(halves.values())},
            title=M("How many of the {n} rolls land in full, how many are half-dodged", n=n),
            x_title=M("number of rolls"),
        )
        return View(html, chart, call, v)
