"""Calculators of the Chroniques Oubliées combat chapter.

Attack, conditions, knock-out, first aid, opposed magic, initiative and chase:
each maps its controls to one report of :mod:`rulebook_py.systems.chroniques`
(which holds the exact answer and rolls itself) and formats it. A rules error
is shown next to its control, worded with the control's label. Every word is
a message of the ``chroniques`` domain, shown in the calculator's language;
a control that does not count in the current situation (the off-hand dice
without two weapons) is left out of the rules call and of its Python line.

Example:
    >>> calc = ChroniquesAttackCalculator(bonus=5, defense=15)
    >>> "55.00 % (11/20)" in calc.result.value
    True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from .. import i18n
from ..messages import Msg, join
from ..systems import chroniques as co
from ..systems.chroniques.words import MN, M
from .base import Calculator, Controls, Values, View
from .calls import changes, rule_call
from .charts import bar_chart, grouped_bar_chart
from .controls import checkbox, dropdown, int_box, multi_select, text_box
from .format import number, probability, table_html
from .registry import register
from .tables import lines_html, notes_html

__all__ = ["ChroniquesAttackCalculator", "ChroniquesChaseCalculator"]
__all__ += ["ChroniquesConditionsCalculator", "ChroniquesFirstAidCalculator"]
__all__ += ["ChroniquesInitiativeCalculator", "ChroniquesKnockOutCalculator"]
__all__ += ["ChroniquesOpposedMagicCalculator"]

#: Bounds of every whole-number box: wider than any rule's range, so that the
#: rule itself says what it allows, next to the box.
BOX = (-9999, 9999)

_DIE_OPTIONS = [
    ("d20", "d20"),
    (M("best of two d20 (2d20kh1)"), "2d20kh1"),
    ("d12", "d12"),
    (M("best of two d12 (2d12kh1)"), "2d12kh1"),
]
_KIND_OPTIONS = [(kind.__message__(), kind.english) for kind in co.AttackKind]
_CONDITION_OPTIONS = [(c.heading, c.name) for c in co.Condition]
_TRAIT_OPTIONS = [
    (M("{trait} ({modifier:+d})", trait=t, modifier=t.modifier), t.name) for t in co.ChaseTrait
]
_CRITICAL_OPTIONS = [(M("20 only"), 20), *((f"{k}–20", k) for k in range(19, 14, -1))]
_CONCERTED_OPTIONS = [
    (M("none"), 0),
    (M("+2 (helper already rolled)"), 2),
    (M("+4 (helper already rolled)"), 4),
    (M("helper still to roll"), "helper"),
]
_DEFENCE_OPTIONS = [
    (M("none"), "NONE"),
    (M("simple defence, +2 DEF (défense simple)"), "SIMPLE"),
    (M("total defence, +4 DEF (défense totale)"), "TOTAL"),
]
_STR_TIP = M("As a rule, a creature's STR modifier is its damage bonus (the source's tip).")
_HEAD = ["", M("exact answer")]


def _signed(v: int) -> Msg:
    """A modifier with its sign, in the reader's way (−3 in French)."""
    return M("{n:+d}", n=v)


def _hand(hand: str, what: Msg) -> Msg:
    """A row's label for one hand of a two-weapon attack ("" for a single attack)."""
    if hand == "each":
        return M("{what} (each attack)", what=what)
    if hand == "main":
        return M("{what} (main hand)", what=what)
    if hand == "off":
        return M("{what} (off hand)", what=what)
    return what


def _yes(flag: bool) -> Msg:
    return M("yes") if flag else M("no")


def _french() -> bool:
    """Whether the calculator being built speaks French (its examples use French names)."""
    return i18n.current_language() == "fr"


class _Chroniques(Calculator):
    """A calculator whose roll is a report's lines, one a line."""

    def show_roll(self, roll: Any) -> str:
        """The roll's lines (messages), every die shown."""
        return lines_html(roll.lines)


# --------------------------------------------------------------- 1. attack
@register
class ChroniquesAttackCalculator(_Chroniques):
    """One attack with every modifier and condition: exact P(hit), P(critical), damage.

    Example:
        >>> calc = ChroniquesAttackCalculator(attacker_conditions=("WEAKENED",))
        >>> "d12" in calc.result.value
        True
    """

    title = M("Attack (test d'attaque)")
    bench_changes = (
        changes(bonus=7, defense=18, die="2d20kh1", attacker_conditions=("BLINDED",))
        + changes(kind="ranged", cover="PARTIAL", defender_conditions=("KNOCKED_DOWN",))
        + changes(kind="melee", cover="NONE")
        + changes(temporary=True, damage="2d6", concerted="helper", critical_from=19)
    )

    def build_controls(self) -> Controls:
        """Attack score, DEF, die, situation, conditions and damage."""
        cover = [
            (M("{cover} ({modifier:+d})", cover=c, modifier=c.modifier), c.name) for c in co.Cover
        ]
        into = [
            (M("{situation} ({modifier:+d})", situation=m, modifier=m.modifier), m.name)
            for m in co.IntoMelee
        ]
        light = [(x.__message__(), x.name) for x in co.Lighting]
        return {
            "bonus": int_box(M("Attack score (ATQ)"), 4, bounds=BOX),
            "defense": int_box(M("Target's DEF"), 14, bounds=BOX),
            "die": dropdown(M("Die"), _DIE_OPTIONS, "d20"),
            "critical_from": dropdown(M("Critical on a natural"), _CRITICAL_OPTIONS, 20),
            "kind": dropdown(M("Attack"), _KIND_OPTIONS, "melee"),
            "damage": text_box(M("Damage dice (DM)"), "1d8"),
            "damage_modifier": int_box(M("Damage modifier"), 3, bounds=BOX),
            "cover": dropdown(M("Cover (couvert)"), cover, "NONE"),
            "into_melee": dropdown(M("Shooting into melee"), into, "NONE"),
            "lighting": dropdown(M("Light (luminosité)"), light, "DAY"),
            "needs_sight": checkbox(M("The spell needs to see its target (magic)"), True),
            "long_range": checkbox(M("Long range, up to ×2 (portée longue, −5)"), False),
            "repeated": int_box(M("Repeated ability (−5 each)"), 0, bounds=BOX),
            "untrained_weapon": checkbox(M("Untrained weapon (−3)"), False),
            "untrained_shield": checkbox(M("Untrained shield (−3)"), False),
            "untrained_armour": checkbox(M("Untrained armour (−3)"), False),
            "forbidden_equipment": checkbox(
                M("That equipment is forbidden to the profile (no abilities)"), False
            ),
            "concerted": dropdown(
                M("Concerted attack bonus, melee (attaque concertée)"), _CONCERTED_OPTIONS, 0
            ),
            "helper_bonus": int_box(M("Helper's attack score (if still to roll)"), 5, bounds=BOX),
            "defensive_action": dropdown(M("Target's defence action"), _DEFENCE_OPTIONS, "NONE"),
            "attacker_conditions": multi_select(M("Attacker's conditions"), _CONDITION_OPTIONS, ()),
            "stand_up_first": checkbox(
                M("Knocked down: stands up first (move), then attacks"), False
            ),
            "defender_conditions": multi_select(M("Target's conditions"), _CONDITION_OPTIONS, ()),
            "first_round": checkbox(M("First round of the fight (surprise counts)"), True),
            "temporary": checkbox(M("Temporary damage (DM temporaires)"), False),
            "suitable_weapon": checkbox(M("Weapon suited to knocking out (no −2)"), False),
            "target_strength": int_box(M("Target's STR modifier"), 0, bounds=BOX),
            "two_weapons": checkbox(M("Two weapons (combat à deux armes)"), False),
            "off_hand": text_box(M("Off-hand damage"), "1d6"),
        }

    @staticmethod
    def _arguments(values: Values) -> dict[str, Any]:
        """The rules call's keywords: the controls that count in this situation only."""
        v = dict(values)
        if v["concerted"] == "helper":
            v["concerted"] = 0
        else:
            del v["helper_bonus"]
        if not v["two_weapons"]:
            del v["off_hand"]
        if not v["temporary"]:
            del v["suitable_weapon"], v["target_strength"]
        if v["kind"] != "magic":
            del v["needs_sight"]
        return v

    def compute(self, values: Values) -> View:
        """The modifiers applied, the exact chances and the damage distribution."""
        v = self._arguments(values)
        args = (v.pop("bonus"), v.pop("defense"), v.pop("die"))
        r, call = rule_call(co.attack_report, *args, **v, then=".outcome.hit")
        rows: list[tuple[Any, ...]] = [
            (M("Die rolled"), r.die.notation),
            (M("Attack score after modifiers"), _signed(r.bonus)),
            (M("DEF after modifiers"), r.defense),
        ]
        rows += [(M("  {what}", what=what), _signed(n)) for what, n in r.modifiers]
        hands: list[tuple[str, co.AttackOutcome]] = [("", r.outcome)]
        if r.attacks == 2 and r.off_outcome is not None:
            same = r.off_outcome == r.outcome
            hands = [("each", r.outcome)] if same else [("main", r.outcome), ("off", r.off_outcome)]
        for hand, o in hands:
            for what, p in (
                (M("P(hit)"), o.hit),
                (M("P(critical: damage doubled)"), o.critical),
                (M("P(critical failure, natural 1)"), o.fumble),
            ):
                rows.append((_hand(hand, what), probability(p)))
        rows.append((M("Expected lethal damage"), number(r.expected_lethal)))
        notes: list[Msg] = [M("{note}.", note=n) for n in r.notes]
        if r.temporary_blow:
            rows.append((M("Expected temporary damage"), number(r.expected_temporary)))
            notes.append(_STR_TIP)
        html = table_html(_HEAD, rows) + notes_html(notes)
        if not r.possible:
            return View(html, "", call, r)
        title, axis = M("Damage of the action"), M("damage")
        if r.temporary_blow:
            hits = range(max(r.lethal.max_value, r.temporary.max_value) + 1)
            pmfs = {M("lethal"): r.lethal.pmf(), M("temporary"): r.temporary.pmf()}
            chart = grouped_bar_chart(
                [str(n) for n in hits],
                {kind: [pmf.get(n, Fraction(0)) for n in hits] for kind, pmf in pmfs.items()},
                title=title,
                x_title=axis,
            )
        else:
            chart = bar_chart(
                r.lethal.pmf(),
                title=title,
                x_title=axis,
                highlight=lambda n: n == 0,
                highlight_label=M("miss (0)"),
                other_label=M("hit"),
            )
        return View(html, chart, call, r)


# ----------------------------------------------------------- 2. conditions
_EFFECT_ROWS = (
    (M("Initiative"), lambda fx: _signed(fx.initiative)),
    (M("Melee / magic attack"), lambda fx: _signed(fx.melee_attack)),
    (M("Ranged attack"), lambda fx: _signed(fx.ranged_attack)),
    (M("DEF"), lambda fx: _signed(fx.defense)),
    (M("Die for every test"), lambda fx: "d12" if fx.uses_d12 else "d20"),
    (M("Can act"), lambda fx: _yes(fx.can_act)),
    (M("Can travel (a move of 20 m)"), lambda fx: _yes(fx.can_move)),
    (M("Actions a turn"), lambda fx: str(fx.max_actions)),
    (M("Limited action possible"), lambda fx: _yes(fx.limited_allowed and fx.can_act)),
    (M("Attacks against it hit as criticals"), lambda fx: _yes(fx.auto_critical_against)),
    (M("Must spend a move to stand up"), lambda fx: _yes(fx.must_stand)),
)


@register
class ChroniquesConditionsCalculator(_Chroniques):
    """Pick conditions on each side and see every resulting modifier and the attack's odds.

    Example:
        >>> calc = ChroniquesConditionsCalculator(defender_conditions=("PARALYSED",))
        >>> "100 %" in calc.result.value
        True
    """

    title = M("Harmful conditions (états préjudiciables)")
    bench_changes = (
        changes(attacker_conditions=("WEAKENED", "KNOCKED_DOWN"))
        + changes(defender_conditions=("STUNNED",), kind="ranged", die="2d20kh1")
        + changes(first_round=False, turn="L")
    )

    def build_controls(self) -> Controls:
        """Both sides' conditions, the round, and an attack to price."""
        return {
            "attacker_conditions": multi_select(
                M("Attacker's conditions"), _CONDITION_OPTIONS, ("BLINDED",)
            ),
            "defender_conditions": multi_select(
                M("Defender's conditions"), _CONDITION_OPTIONS, ("SURPRISED",)
            ),
            "first_round": checkbox(M("First round of the fight (surprise counts)"), True),
            "bonus": int_box(M("Attack score (ATQ)"), 5, bounds=BOX),
            "defense": int_box(M("Defender's DEF"), 15, bounds=BOX),
            "die": dropdown(M("Attacker's usual die"), _DIE_OPTIONS, "d20"),
            "kind": dropdown(M("Attack"), _KIND_OPTIONS, "melee"),
            "turn": text_box(M("Attacker's turn (L, M, A, G)"), "M A"),
        }

    def compute(self, values: Values) -> View:
        """A table of every effect for both sides, then the attack with and without them."""
        v = dict(values)
        args = (v.pop("bonus"), v.pop("defense"), v.pop("die"))
        r, call = rule_call(co.conditions_report, *args, **v, then=".hurt.outcome.hit")
        free, hurt = r.free, r.hurt
        rows: list[tuple[Any, ...]] = [
            (name, f(r.attacker), f(r.defender)) for name, f in _EFFECT_ROWS
        ]
        rows.append((M("Declared turn"), r.verdict, ""))
        odds = [
            (M("Die"), free.die.notation, hurt.die.notation),
            (M("Attack score"), _signed(free.bonus), _signed(hurt.bonus)),
            (M("DEF"), free.defense, hurt.defense),
            (M("P(hit)"), probability(free.outcome.hit), probability(hurt.outcome.hit)),
            (
                M("P(critical)"),
                probability(free.outcome.critical),
                probability(hurt.outcome.critical),
            ),
        ]
        html = (
            table_html([M("effect"), M("attacker"), M("defender")], rows)
            + table_html(["", M("no conditions"), M("with the conditions")], odds)
            + notes_html(M("{note}.", note=n) for n in hurt.notes)
        )
        chart = grouped_bar_chart(
            [M("hit"), M("critical")],
            {
                M("no conditions"): [free.outcome.hit, free.outcome.critical],
                M("with the conditions"): [hurt.outcome.hit, hurt.outcome.critical],
            },
            title=M("The attacker's chances"),
            x_title="",
        )
        return View(html, chart, call, r)


# ------------------------------------------------------------ 3. knock-out
@register
class ChroniquesKnockOutCalculator(_Chroniques):
    """Temporary damage and knock-outs; opens on Krush and the goblin.

    Example:
        >>> calc = ChroniquesKnockOutCalculator()
        >>> "at least 4 minutes" in calc.result.value
        True
    """

    title = M("Knocking out (DM temporaires)")
    bench_changes = changes(rolled=5, target_strength=0, hit_points=6, already=2, damage="1d4+2")

    def build_controls(self) -> Controls:
        """The blow (damage rolled, or the dice for the exact odds) and the target."""
        return {
            "rolled": int_box(M("Damage rolled"), 8, bounds=BOX),
            "target_strength": int_box(M("Target's STR modifier"), 1, bounds=BOX),
            "hit_points": int_box(M("Target's hit points left (PV)"), 3, bounds=BOX),
            "already": int_box(M("Temporary damage already taken"), 0, bounds=BOX),
            "damage": text_box(M("Damage dice of a hit"), "1d8+3"),
        }

    def compute(self, values: Values) -> View:
        """The worked blow, then the exact odds of a knock-out for the dice of a hit."""
        r, call = rule_call(co.knock_out_report, *values.values(), then=".minutes")
        ko, minutes = r.state, r.minutes
        if ko.knocked_out:
            verdict = MN(
                "knocked out for at least {n} minute",
                "knocked out for at least {n} minutes",
                ko.minutes,
                n=ko.minutes,
            )
        else:
            verdict = M("still conscious (temporary damage does not exceed the hit points)")
        dice = str(r.dice)
        rows = [
            (M("Damage rolled"), r.rolled),
            (M("minus the target's STR modifier"), _signed(-r.target_strength)),
            (M("Temporary damage of this blow"), r.temporary),
            (M("Temporary damage in all"), ko.temporary),
            (M("Hit points left"), ko.hit_points),
            (M("Excess over the hit points"), ko.excess),
            (M("Result"), verdict),
            (
                M(
                    "P(one ordinary hit of {dice} knocks it out; a critical doubles the damage)",
                    dice=dice,
                ),
                probability(r.knocked_out),
            ),
        ]
        chart = bar_chart(
            minutes,
            title=M("Minutes knocked out after one hit of {dice}", dice=dice),
            x_title=M("minutes (0: still conscious)"),
            highlight=lambda m: m > 0,
            highlight_label=M("knocked out"),
            other_label=M("conscious"),
        )
        return View(table_html(["", ""], rows) + notes_html([_STR_TIP]), chart, call, r)


# ------------------------------------------------------------ 4. first aid
@register
class ChroniquesFirstAidCalculator(_Chroniques):
    """First aid to a character at 0 hit points: an INT test of difficulty 10 within the hour.

    Example:
        >>> "60.00 % (3/5)" in ChroniquesFirstAidCalculator().result.value
        True
    """

    title = M("First aid (aide médicale)")
    bench_changes = changes(intelligence=3, die="2d20kh1") + changes(intelligence=-4)

    def build_controls(self) -> Controls:
        """The helper's INT modifier and die."""
        return {
            "intelligence": int_box(M("Helper's INT mod."), 1, bounds=BOX),
            "die": dropdown(M("Helper's die"), _DIE_OPTIONS, "d20"),
        }

    def compute(self, values: Values) -> View:
        """P(the dying character is saved)."""
        r, call = rule_call(co.first_aid, *values.values(), then=".odds.hit")
        test = M(
            "{die} {bonus} against {difficulty}",
            die=r.die.notation,
            bonus=_signed(r.bonus),
            difficulty=r.difficulty,
        )
        rows = [
            (M("INT test"), test),
            (M("P(saved)"), probability(r.odds.hit)),
            (M("P(not saved by this test)"), probability(r.odds.miss)),
        ]
        note = M(
            "One test: this book lets no second try follow a failed one (the source is silent)."
        )
        return View(table_html(_HEAD, rows) + notes_html([note]), "", call, r)


# -------------------------------------------------------- 5. opposed magic
@register
class ChroniquesOpposedMagicCalculator(_Chroniques):
    """An opposed magic attack, beside the GM's shortcut of a magic DEF of 10 + score.

    Example:
        >>> calc = ChroniquesOpposedMagicCalculator()
        >>> "52.25 % (209/400)" in calc.result.value
        True
    """

    title = M("Opposed magic attack (attaque magique opposée)")
    bench_changes = changes(caster_bonus=8, target_bonus=3, caster_die="2d20kh1", target_die="d12")

    def build_controls(self) -> Controls:
        """Both magic attack scores and dice."""
        return {
            "caster_bonus": int_box(M("Caster's magic attack score"), 5, bounds=BOX),
            "caster_die": dropdown(M("Caster's die"), _DIE_OPTIONS, "d20"),
            "target_bonus": int_box(M("Target's magic attack score"), 5, bounds=BOX),
            "target_die": dropdown(M("Target's die"), _DIE_OPTIONS, "d20"),
        }

    def compute(self, values: Values) -> View:
        """P(the spell succeeds) both ways: the opposed test and the fixed magic DEF."""
        r, call = rule_call(co.opposed_magic_report, **values, then=".opposed.hit")
        o, f = r.opposed, r.fixed
        rows = [
            (M("P(the spell succeeds)"), probability(o.hit), probability(f.hit)),
            (M("P(critical success)"), probability(o.critical), probability(f.critical)),
            (M("P(critical failure)"), probability(o.fumble), probability(f.fumble)),
        ]
        head = ["", M("opposed test"), M("magic DEF {n} (10 + score)", n=r.magic_defense)]
        chart = grouped_bar_chart(
            [M("success"), M("critical")],
            {M("opposed test"): [o.hit, o.critical], M("magic DEF"): [f.hit, f.critical]},
            title=M("The caster's chances"),
        )
        note = [M("The caster wins ties; only the caster's natural 20 and natural 1 count.")]
        return View(table_html(head, rows) + notes_html(note), chart, call, r)


# ----------------------------------------------------------- 6. initiative
_DEFAULT_FIGHT = """Krush, 12, PC, 10
Elvira, 16, PC, 14
Goblin chief, 16, NPC, 12
Goblin archer, 12, NPC, 10
Marco, 16, PC, 9"""
#: The same fight with the French edition's names and sides (PJ, PNJ).
_DEFAULT_FIGHT_FR = """Krush, 12, PJ, 10
Elvira, 16, PJ, 14
Chef gobelin, 16, PNJ, 12
Archer gobelin, 12, PNJ, 10
Marco, 16, PJ, 9"""
_AMBUSH_OPTIONS = [
    (M("none"), "none"),
    (M("the NPCs ambush the PCs"), "npcs"),
    (M("the PCs ambush the NPCs"), "pcs"),
]


@register
class ChroniquesInitiativeCalculator(_Chroniques):
    """Acting order with the tie rules, a delayed action, and the surprise test.

    A combatant line may end with ``blinded`` (-5 initiative), ``untrained
    shield`` or ``untrained armour`` (-3 each), ``weakened`` or ``immobilised``
    (the surprise test on a d12) and ``best of two`` (an ability's two dice),
    or their French words (``aveuglé``, ``bouclier sans formation``...).

    Example:
        >>> calc = ChroniquesInitiativeCalculator()
        >>> calc.result.value.index("Elvira") < calc.result.value.index("Goblin chief")
        True
    """

    title = M("Initiative and surprise")
    bench_changes = changes(
        delay_name="Elvira", delay_to=5, ambush="none", ambushers_dex=4
    ) + changes(ambush="pcs", ambushers_stealth=5)

    def build_controls(self) -> Controls:
        """Combatants, one delay, and the ambush."""
        return {
            "combatants": text_box(
                M("name, Init., PC/NPC, WIS (then blinded, weakened, untrained armour...)"),
                _DEFAULT_FIGHT_FR if _french() else _DEFAULT_FIGHT,
                rows=6,
            ),
            "delay_name": text_box(M("Delays (name)"), ""),
            "delay_to": int_box(M("Delayed initiative"), 0, bounds=BOX),
            "ambush": dropdown(M("Ambush (embuscade)"), _AMBUSH_OPTIONS, "npcs"),
            "ambushers_dex": int_box(M("Stealthiest ambusher: DEX mod."), 2, bounds=BOX),
            "ambushers_stealth": int_box(
                M("Stealthiest ambusher: stealth bonus (discrétion)"), 0, bounds=BOX
            ),
            "gm_modifier": int_box(M("GM's modifier (distance, terrain)"), 0, bounds=BOX),
        }

    def compute(self, values: Values) -> View:
        """The order, with each ambushed combatant's chance of being surprised in round 1."""
        v = dict(values)
        if not v["delay_name"].strip():
            del v["delay_name"], v["delay_to"]
        if v["ambush"] == "none":
            del v["ambushers_dex"], v["ambushers_stealth"], v["gm_modifier"]
        r, call = rule_call(co.initiative_report, **v, then=".names")
        odds = r.surprised
        rows = [
            (
                rank,
                c.name,
                c.initiative,
                M("PC (PJ)") if c.player else M("NPC (PNJ)"),
                M(
                    "{score} ({modifier})",
                    score=c.wisdom,
                    modifier=_signed(co.ability_modifier(c.wisdom)),
                ),
                M("acts") if c.acts else M("loses the action"),
                M("{p} ({die})", p=probability(odds[c.name]), die=c.die) if c.name in odds else "—",
            )
            for rank, c in enumerate(r.order, 1)
        ]
        head = ["#", M("name"), M("Init."), M("side"), M("WIS"), M("this round"), M("P(surprised)")]
        notes: list[Msg] = [M("{note}.", note=n) for n in r.notes]
        if r.difficulty is not None:
            if r.difficulty <= 1:
                notes.append(
                    M("Surprise: a WIS test against {n} (only a natural 1 fails).", n=r.difficulty)
                )
            else:
                notes.append(M("Surprise: a WIS test against {n}.", n=r.difficulty))
        return View(table_html(head, rows) + notes_html(notes), "", call, r)


# ---------------------------------------------------------------- 7. chase
_SIDE_CONTROLS = {
    "pursuer": (
        M("Pursuer's DEX mod."),
        M("Pursuer's die"),
        M("Pursuer (table)"),
        M("Pursuer's armour DEF"),
        M("Pursuer's untrained or forbidden shield/armour (−3 each)"),
        M("Pursuer's CON mod."),
        M("Pursuer acts otherwise (−20 m) in rounds"),
    ),
    "quarry": (
        M("Quarry's DEX mod."),
        M("Quarry's die"),
        M("Quarry (table)"),
        M("Quarry's armour DEF"),
        M("Quarry's untrained or forbidden shield/armour (−3 each)"),
        M("Quarry's CON mod."),
        M("Quarry acts otherwise (−20 m) in rounds"),
    ),
}


@register
class ChroniquesChaseCalculator(_Chroniques):
    """Exact odds of a chase (a Markov chain over the gap) and a seeded replay.

    Example:
        >>> calc = ChroniquesChaseCalculator()
        >>> "+10" in calc.result.value  # the dragon: huge and flying
        True
    """

    title = M("Chase (poursuite)")
    kind = "fight"
    default_seed = 3
    bench_changes = (
        changes(quarry_dex=5, quarry_die="d20", sight=150, distance=60)
        + changes(pursuer_traits=("HUGE",), endurance_from=11, max_rounds=40, pursuer_acts="3")
        + changes(quarry_untrained=1, heavy_rain=True)
    )

    def build_controls(self) -> Controls:
        """Both sides, the distances, the rounds followed and the named parameters."""
        controls: dict[str, widgets.Widget] = {}
        for side, dex, die, traits, con in (
            ("pursuer", 0, "d20", ("HUGE", "FLYING"), 2),
            ("quarry", 4, "2d20kh1", (), 1),
        ):
            labels = _SIDE_CONTROLS[side]
            controls |= {
                f"{side}_dex": int_box(labels[0], dex, bounds=BOX),
                f"{side}_die": dropdown(labels[1], _DIE_OPTIONS, die),
                f"{side}_traits": multi_select(labels[2], _TRAIT_OPTIONS, traits),
                f"{side}_armour": int_box(labels[3], 0, bounds=BOX),
                f"{side}_untrained": int_box(labels[4], 0, bounds=BOX),
                f"{side}_con": int_box(labels[5], con, bounds=BOX),
                f"{side}_acts": text_box(labels[6], "", placeholder=M("e.g. 3, 5 or every")),
            }
        return controls | {
            "distance": int_box(M("Starting gap (m)"), 30, bounds=BOX),
            "sight": int_box(M("Loss of sight (distance limite, m)"), 50, bounds=BOX),
            "max_rounds": int_box(M("Rounds followed"), 30, bounds=BOX),
            "endurance_from": int_box(M("CON tests from round (0: never)"), 0, bounds=BOX),
            "heavy_rain": checkbox(M("Heavy rain (pluies fortes, −2 to both sides)"), False),
            "extra_metres": int_box(M("Extra action of a 10-point lead (m)"), 20, bounds=BOX),
        }

    @staticmethod
    def _test(runner: Any, rules: Any) -> Msg:
        """The test each round: DEX, and CON from the endurance round on."""
        rain = rules.heavy_rain
        bonus, modifier = _signed(runner.bonus(False, rain)), _signed(runner.modifier)
        if rain:
            text = M(
                "DEX: {die} {bonus} (table {modifier}, rain −2)",
                die=runner.die,
                bonus=bonus,
                modifier=modifier,
            )
        else:
            text = M(
                "DEX: {die} {bonus} (table {modifier})",
                die=runner.die,
                bonus=bonus,
                modifier=modifier,
            )
        if rules.endurance_from_round is not None:
            text = M(
                "{test}; CON from round {n}: {die} {bonus}",
                test=text,
                n=rules.endurance_from_round,
                die=runner.die,
                bonus=_signed(runner.bonus(True, rain)),
            )
        return text

    def compute(self, values: Values) -> View:
        """P(capture), P(escape), P(unresolved), mean rounds, and the rounds chart."""
        r, call = rule_call(co.chase_report, **values, then=".odds.capture")
        odds, rules = r.odds, r.rules
        rows: list[tuple[Any, ...]] = [
            (M("Pursuer's test"), self._test(r.pursuer, rules)),
            (M("Quarry's test"), self._test(r.quarry, rules)),
        ]
        for side, runner in (("pursuer", r.pursuer), ("quarry", r.quarry)):
            if runner.every_round or runner.acts_otherwise:
                rounds = join(", ", sorted(runner.acts_otherwise))
                rows.append(
                    (_SIDE_CONTROLS[side][6], M("every round") if runner.every_round else rounds)
                )
        rows += [
            (M("P(capture)"), probability(odds.capture)),
            (M("P(escape: out of sight)"), probability(odds.escape)),
            (
                M("P(still going after {n} rounds)", n=rules.max_rounds),
                probability(odds.unresolved),
            ),
            (M("Mean rounds played"), number(odds.expected_rounds)),
        ]
        ends = list(zip(odds.capture_by_round, odds.escape_by_round))
        last = max((n for n, (c, e) in enumerate(ends, 1) if c + e >= Fraction(1, 2000)), default=1)
        chart = grouped_bar_chart(
            [str(n) for n in range(1, last + 1)],
            {
                M("capture"): list(odds.capture_by_round[:last]),
                M("escape"): list(odds.escape_by_round[:last]),
            },
            title=M("When the chase ends"),
            x_title=M("round"),
        )
        return View(table_html(_HEAD, rows), chart, call, r)
