"""Calculators of the Chroniques Oubliées combat chapter.

Attack, conditions, knock-out, opposed magic, initiative and chase: each
calls the rules in :mod:`rulebook_py.systems.chroniques` and formats the exact
answer. A rules error is shown next to its control and names the control by
its label (``Damage rolled must be ...``), never by a parameter name.

Example:
    >>> calc = ChroniquesAttackCalculator(bonus=5, defense=15)
    >>> "55.00 % (11/20)" in calc.result.value
    True
"""

from __future__ import annotations

import inspect
import random
import re
from collections.abc import Callable, Mapping
from enum import Enum
from fractions import Fraction
from typing import Any, ClassVar

import ipywidgets as widgets

from ..errors import RulebookError, RuleValueError, check_int
from ..systems.chroniques import (
    MAX_ROUNDS,
    ChaseRules,
    ChaseTrait,
    Combatant,
    Condition,
    Cover,
    DefensiveAction,
    IntoMelee,
    Lighting,
    Runner,
    ability_modifier,
    attack_report,
    chase_odds,
    check_odds,
    combine_conditions,
    damage_dice,
    delay,
    effective_initiative,
    initiative_order,
    knock_out,
    knock_out_minutes,
    magic_defense,
    opposed_magic_attack,
    parse_rounds,
    roll_check,
    simulate_chase,
    surprise_difficulty,
    surprise_odds,
    temporary_damage,
    validate_turn,
)
from .base import Calculator, PythonCall, control_for
from .charts import bar_chart, grouped_bar_chart
from .controls import checkbox, dropdown, int_box, multi_select, text_box
from .format import escape, number, probability, table_html
from .registry import register

__all__ = [
    "ChroniquesAttackCalculator",
    "ChroniquesChaseCalculator",
    "ChroniquesConditionsCalculator",
    "ChroniquesInitiativeCalculator",
    "ChroniquesKnockOutCalculator",
    "ChroniquesOpposedMagicCalculator",
]

_DIE_OPTIONS = [
    ("d20", "d20"),
    ("best of two d20 (2d20kh1)", "2d20kh1"),
    ("d12", "d12"),
    ("best of two d12 (2d12kh1)", "2d12kh1"),
]
_KIND_OPTIONS = [
    ("melee (contact)", "melee"),
    ("ranged (distance)", "ranged"),
    ("magic (magique)", "magic"),
]
_CONDITION_OPTIONS = [(f"{c.english} ({c.label})", c.name) for c in Condition]
_TRAIT_OPTIONS = [(f"{t.english} ({t.modifier:+d})", t.name) for t in ChaseTrait]


_CRITICAL_OPTIONS = [("20 only", 20), *((f"{k}–20", k) for k in range(19, 14, -1))]


def _signed(v: int) -> str:
    return f"{v:+d}"


def _minutes(n: int) -> str:
    return f"{n} minute" if n == 1 else f"{n} minutes"


def _call(func: Callable[..., Any], *args: Any, **keywords: Any) -> str:
    """``chroniques.func(args, keyword=value...)``, keywords left at their default omitted."""
    params = inspect.signature(func).parameters

    def is_default(name: str, value: Any) -> bool:
        default = params[name].default if name in params else inspect.Parameter.empty
        if isinstance(default, Enum):
            return value is default or value in (default.name, getattr(default, "english", None))
        return default is not inspect.Parameter.empty and default == value

    shown = [repr(a) for a in args]
    shown += [f"{k}={v!r}" for k, v in keywords.items() if not is_default(k, v)]
    return f"chroniques.{func.__name__}({', '.join(shown)})"


class _ChroniquesCalculator(Calculator):
    """A calculator whose rules errors speak of its controls by their labels.

    ``fields`` maps a rules parameter (``target_strength``) to the control
    that feeds it when the names differ; the message's leading parameter name
    is replaced by the control's label.
    """

    fields: ClassVar[Mapping[str, str]] = {}

    def _show_error(self, err: RulebookError) -> None:
        param = err.field or ""
        control = self.fields.get(param, param)
        if control in self.controls:
            err.field = control
            label = self.controls[control].description
            message = str(err)
            # The rules name their parameter first ("dexterity must be ..."):
            # that name, or any parameter name before "must", becomes the label.
            named = re.match(r"[a-z][a-z_]* (?=must )", message)
            for prefix in (param + " ", control + " ", named.group(0) if named else None):
                if prefix and message.startswith(prefix):
                    err.args = (label + " " + message[len(prefix) :],)
                    break
        super()._show_error(err)


# --------------------------------------------------------------- 1. attack
_CONCERTED_OPTIONS = [
    ("none", 0),
    ("+2 (helper already rolled)", 2),
    ("+4 (helper already rolled)", 4),
    ("helper still to roll", "helper"),
]


@register
class ChroniquesAttackCalculator(_ChroniquesCalculator):
    """One attack with every modifier and condition: exact P(hit), P(critical), damage.

    Example:
        >>> calc = ChroniquesAttackCalculator(attacker_conditions=("WEAKENED",))
        >>> "d12" in calc.result.value
        True
    """

    title = "Attack (test d'attaque)"
    bench_changes = (
        ("bonus", 7),
        ("defense", 18),
        ("die", "2d20kh1"),
        ("attacker_conditions", ("BLINDED",)),
        ("kind", "ranged"),
        ("cover", "PARTIAL"),
        ("defender_conditions", ("KNOCKED_DOWN",)),
        ("temporary", True),
        ("damage", "2d6"),
        ("concerted", "helper"),
        ("critical_from", 19),
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """Attack score, DEF, die, situation, conditions and damage."""
        return {
            "bonus": int_box("Attack score (ATQ)", 4),
            "defense": int_box("Target's DEF", 14),
            "die": dropdown("Die", _DIE_OPTIONS, "d20"),
            "critical_from": dropdown("Critical on a natural", _CRITICAL_OPTIONS, 20),
            "kind": dropdown("Attack", _KIND_OPTIONS, "melee"),
            "damage": text_box("Damage dice (DM)", "1d8"),
            "damage_modifier": int_box("Damage modifier", 3),
            "cover": dropdown(
                "Cover (couvert)", [(f"{c.label} ({c.modifier:+d})", c.name) for c in Cover], "NONE"
            ),
            "into_melee": dropdown(
                "Shooting into melee",
                [(f"{m.label} ({m.modifier:+d})", m.name) for m in IntoMelee],
                "NONE",
            ),
            "lighting": dropdown(
                "Light (luminosité)",
                [(f"{x.english} ({x.label})", x.name) for x in Lighting],
                "DAY",
            ),
            "long_range": checkbox("Long range, up to ×2 (portée longue, −5)", False),
            "repeated": int_box("Repeated ability (−5 each)", 0),
            "untrained_weapon": checkbox("Untrained weapon (−3)", False),
            "untrained_shield": checkbox("Untrained shield (−3)", False),
            "untrained_armour": checkbox("Untrained armour (−3)", False),
            "concerted": dropdown(
                "Concerted attack bonus (attaque concertée)", _CONCERTED_OPTIONS, 0
            ),
            "helper_bonus": int_box("Helper's attack score (if still to roll)", 5),
            "defensive_action": dropdown(
                "Target's defence action",
                [
                    (f"{d.label} ({d.bonus:+d} DEF)" if d.bonus else "none", d.name)
                    for d in DefensiveAction
                ],
                "NONE",
            ),
            "attacker_conditions": multi_select("Attacker's conditions", _CONDITION_OPTIONS, ()),
            "stand_up_first": checkbox("Knocked down: stands up first (move), then attacks", False),
            "defender_conditions": multi_select("Target's conditions", _CONDITION_OPTIONS, ()),
            "temporary": checkbox("Temporary damage (DM temporaires)", False),
            "suitable_weapon": checkbox("Weapon suited to knocking out (no −2)", False),
            "target_strength": int_box("Target's STR modifier", 0),
            "two_weapons": checkbox("Two weapons (combat à deux armes)", False),
            "off_hand": text_box("Off-hand damage", "1d6"),
        }

    @staticmethod
    def _arguments(values: Mapping[str, Any]) -> tuple[tuple[Any, ...], dict[str, Any]]:
        """The positional and keyword arguments of :func:`attack_report` for these controls."""
        helper = values["concerted"] == "helper"
        keywords = {
            name: values[name]
            for name in (
                "kind",
                "cover",
                "into_melee",
                "lighting",
                "long_range",
                "repeated",
                "untrained_weapon",
                "untrained_shield",
                "untrained_armour",
                "temporary",
                "suitable_weapon",
                "defensive_action",
                "attacker_conditions",
                "defender_conditions",
                "two_weapons",
                "damage",
                "off_hand",
                "damage_modifier",
                "target_strength",
                "critical_from",
                "stand_up_first",
            )
        }
        keywords["concerted"] = 0 if helper else values["concerted"]
        keywords["helper_bonus"] = values["helper_bonus"] if helper else None
        return (values["bonus"], values["defense"], values["die"]), keywords

    def _report(self, values: Mapping[str, Any]):  # noqa: ANN202 - AttackReport
        args, keywords = self._arguments(values)
        return attack_report(*args, **keywords)

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """The modifiers applied, the exact chances and the damage distribution."""
        r = self._report(values)
        self._answer = r.outcome.hit
        each = " (each attack)" if r.attacks == 2 else ""
        rows = [
            ("Die rolled", r.die.notation),
            ("Attack score after modifiers", _signed(r.bonus)),
            ("DEF after modifiers", r.defense),
        ]
        rows += [(f"  {what}", _signed(v)) for what, v in r.modifiers]
        rows += [
            (f"P(hit){each}", probability(r.outcome.hit)),
            (f"P(critical: damage doubled){each}", probability(r.outcome.critical)),
            (f"P(critical failure, natural 1){each}", probability(r.outcome.fumble)),
            ("Expected lethal damage", number(r.expected_lethal)),
        ]
        if values["temporary"]:
            rows.append(("Expected temporary damage", number(r.expected_temporary)))
        notes = "".join(f"<p class='rb-note'>{escape(n)}.</p>" for n in r.notes)
        html = table_html(["", "exact answer"], rows) + notes
        if not r.possible:
            return html, ""
        if values["temporary"]:
            top = max(r.lethal.max_value, r.temporary.max_value)
            lp, tp = r.lethal.pmf(), r.temporary.pmf()
            labels = [str(v) for v in range(top + 1)]
            chart = grouped_bar_chart(
                labels,
                {
                    "lethal": [lp.get(v, Fraction(0)) for v in range(top + 1)],
                    "temporary": [tp.get(v, Fraction(0)) for v in range(top + 1)],
                },
                title="Damage of the action",
                x_title="damage",
            )
        else:
            chart = bar_chart(
                r.lethal.pmf(),
                title="Damage of the action",
                x_title="damage",
                highlight=lambda v: v == 0,
                highlight_label="miss (0)",
                other_label="hit",
            )
        return html, chart

    def python_call(self, values: Mapping[str, Any]) -> PythonCall:
        """``chroniques.attack_report(...).outcome.hit``: P(hit) of each attack."""
        args, keywords = self._arguments(values)
        expression = _call(attack_report, *args, **keywords) + ".outcome.hit"
        return PythonCall("chroniques", expression, self._answer)

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Roll the helper's test if any, the attack (or both attacks) and the damage."""
        r = self._report(values)
        if not r.possible:
            return "no attack: " + escape("; ".join(r.notes))
        lines = []
        extra = 0
        if values["concerted"] == "helper":
            helper = roll_check(values["helper_bonus"], 15, rng=rng)
            big = helper.natural == "critical" or helper.total >= 25
            extra = (4 if big else 2) if helper.success else 0
            lines.append(
                escape(f"helper (concerted attack): {helper}, so {extra:+d} to the attack")
            )
        dice = [values["damage"], values["off_hand"]][: r.attacks]
        for hand, text in enumerate(dice):
            if r.outcome.hit == 1 and r.outcome.critical == 1:
                natural, hit, shown = "critical", True, "automatic critical (target paralysed)"
            else:
                test = roll_check(
                    r.bonus + extra,
                    r.defense,
                    r.die,
                    rng=rng,
                    critical_from=values["critical_from"],
                )
                natural, hit, shown = test.natural, test.success, str(test)
            # A non-lethal blow that is a critical failure deals doubled lethal damage.
            backfire = values["temporary"] and natural == "fumble"
            line = shown
            if hit or backfire:
                dmg = damage_dice(text).roll(rng)
                base = max(0, dmg.total + values["damage_modifier"])
                double = natural in ("critical", "fumble")
                amount = base * (2 if double else 1)
                kind = "lethal"
                if values["temporary"] and hit:
                    # Not temporary_damage(): a doubled blow may pass its 0-500 range.
                    amount = max(0, amount - values["target_strength"])
                    kind = f"temporary (after the target's STR {values['target_strength']:+d})"
                line += (
                    f"; damage {dmg.text} {_signed(values['damage_modifier'])}"
                    f"{' ×2' if double else ''} → {amount} {kind}"
                )
            prefix = ("main hand: ", "off hand: ")[hand] if r.attacks == 2 else ""
            lines.append(prefix + escape(line))
        return "<br>".join(lines)


# ----------------------------------------------------------- 2. conditions
_EFFECT_ROWS = (
    ("Initiative", lambda fx: _signed(fx.initiative)),
    ("Melee / magic attack", lambda fx: _signed(fx.melee_attack)),
    ("Ranged attack", lambda fx: _signed(fx.ranged_attack)),
    ("DEF", lambda fx: _signed(fx.defense)),
    ("Die for every test", lambda fx: "d12" if fx.uses_d12 else "d20"),
    ("Can act", lambda fx: "yes" if fx.can_act else "no"),
    ("Can move", lambda fx: "yes" if fx.can_move else "no"),
    ("Actions a turn", lambda fx: str(fx.max_actions)),
    ("Limited action possible", lambda fx: "yes" if fx.limited_allowed and fx.can_act else "no"),
    ("Attacks against it hit as criticals", lambda fx: "yes" if fx.auto_critical_against else "no"),
    ("Must spend a move to stand up", lambda fx: "yes" if fx.must_stand else "no"),
)


@register
class ChroniquesConditionsCalculator(_ChroniquesCalculator):
    """Pick conditions on each side and see every resulting modifier and the attack's odds.

    A knocked-down attacker whose declared turn moves before it attacks
    stands up first: the attack is priced without the knocked-down -5.

    Example:
        >>> calc = ChroniquesConditionsCalculator(defender_conditions=("PARALYSED",))
        >>> "100 %" in calc.result.value
        True
    """

    title = "Harmful conditions (états préjudiciables)"
    bench_changes = (
        ("attacker_conditions", ("WEAKENED", "KNOCKED_DOWN")),
        ("defender_conditions", ("STUNNED",)),
        ("kind", "ranged"),
        ("die", "2d20kh1"),
        ("first_round", False),
        ("turn", "L"),
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """Both sides' conditions, the round, and an attack to price."""
        return {
            "attacker_conditions": multi_select(
                "Attacker's conditions", _CONDITION_OPTIONS, ("BLINDED",)
            ),
            "defender_conditions": multi_select(
                "Defender's conditions", _CONDITION_OPTIONS, ("SURPRISED",)
            ),
            "first_round": checkbox("First round of the fight (surprise counts)", True),
            "bonus": int_box("Attack score (ATQ)", 5),
            "defense": int_box("Defender's DEF", 15),
            "die": dropdown("Attacker's usual die", _DIE_OPTIONS, "d20"),
            "kind": dropdown("Attack", _KIND_OPTIONS, "melee"),
            "turn": text_box("Attacker's turn (L, M, A, G)", "M A"),
        }

    @staticmethod
    def _turn(values: Mapping[str, Any]) -> tuple[str, bool]:
        """The declared turn's verdict, and whether the attacker stands up before attacking."""
        actions = values["turn"].replace(",", " ").split()
        with control_for("turn"):
            validate_turn(actions)
        try:
            turn = validate_turn(
                actions, values["attacker_conditions"], first_round=values["first_round"]
            )
        except RuleValueError as err:
            return f"not allowed under these conditions: {str(err).split(': ', 1)[1]}", False
        notes = f" ({'; '.join(turn.notes)})" if turn.notes else ""
        return "allowed" + notes, turn.stands_before_attack

    @staticmethod
    def _sides(values: Mapping[str, Any]) -> tuple[tuple[str, ...], tuple[str, ...]]:
        """The attacker's and defender's conditions that count this round."""
        if values["first_round"]:
            return tuple(values["attacker_conditions"]), tuple(values["defender_conditions"])
        return tuple(c for c in values["attacker_conditions"] if c != "SURPRISED"), tuple(
            c for c in values["defender_conditions"] if c != "SURPRISED"
        )

    def _pair(self, values: Mapping[str, Any], stands: bool):  # noqa: ANN202 - two reports
        free = attack_report(values["bonus"], values["defense"], values["die"], kind=values["kind"])
        attackers, defenders = self._sides(values)
        hurt = attack_report(
            values["bonus"],
            values["defense"],
            values["die"],
            kind=values["kind"],
            attacker_conditions=attackers,
            defender_conditions=defenders,
            stand_up_first=stands,
        )
        return free, hurt

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """A table of every effect for both sides, then the attack with and without them."""
        first = values["first_round"]
        att = combine_conditions(
            values["attacker_conditions"], first_round=first, field="attacker_conditions"
        )
        dfn = combine_conditions(
            values["defender_conditions"], first_round=first, field="defender_conditions"
        )
        rows = [(name, f(att), f(dfn)) for name, f in _EFFECT_ROWS]
        verdict, self._stands = self._turn(values)
        rows.append((f"Declared turn {values['turn']!r}", verdict, ""))
        effects = table_html(["effect", "attacker", "defender"], rows)
        free, hurt = self._pair(values, self._stands)
        self._answer = hurt.outcome.hit
        odds = table_html(
            ["", "no conditions", "with the conditions"],
            [
                ("Die", free.die.notation, hurt.die.notation),
                ("Attack score", _signed(free.bonus), _signed(hurt.bonus)),
                ("DEF", free.defense, hurt.defense),
                ("P(hit)", probability(free.outcome.hit), probability(hurt.outcome.hit)),
                (
                    "P(critical)",
                    probability(free.outcome.critical),
                    probability(hurt.outcome.critical),
                ),
            ],
        )
        notes = "".join(f"<p class='rb-note'>{escape(n)}.</p>" for n in hurt.notes)
        chart = grouped_bar_chart(
            ["hit", "critical"],
            {
                "no conditions": [free.outcome.hit, free.outcome.critical],
                "with the conditions": [hurt.outcome.hit, hurt.outcome.critical],
            },
            title="The attacker's chances",
            x_title="",
        )
        return effects + odds + notes, chart

    def python_call(self, values: Mapping[str, Any]) -> PythonCall:
        """``chroniques.attack_report(...).outcome.hit`` under the conditions."""
        attackers, defenders = self._sides(values)
        expression = _call(
            attack_report,
            values["bonus"],
            values["defense"],
            values["die"],
            kind=values["kind"],
            attacker_conditions=attackers,
            defender_conditions=defenders,
            stand_up_first=self._stands,
        )
        return PythonCall("chroniques", expression + ".outcome.hit", self._answer)

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Roll the attack under the conditions."""
        _, hurt = self._pair(values, self._turn(values)[1])
        if not hurt.possible:
            return "the attacker cannot act this round"
        if hurt.outcome.critical == 1:
            return "the defender is paralysed: automatic hit, critical"
        return escape(str(roll_check(hurt.bonus, hurt.defense, hurt.die, rng=rng)))


# ------------------------------------------------------------ 3. knock-out
@register
class ChroniquesKnockOutCalculator(_ChroniquesCalculator):
    """Temporary damage and knock-outs; opens on Krush and the goblin.

    Example:
        >>> calc = ChroniquesKnockOutCalculator()
        >>> "at least 4 minutes" in calc.result.value
        True
    """

    title = "Knocking out (DM temporaires)"
    bench_changes = (
        ("rolled", 5),
        ("target_strength", 0),
        ("hit_points", 6),
        ("already", 2),
        ("damage", "1d4+2"),
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """The blow (damage rolled, or the dice for the exact odds) and the target."""
        return {
            "rolled": int_box("Damage rolled", 8),
            "target_strength": int_box("Target's STR modifier", 1),
            "hit_points": int_box("Target's hit points left (PV)", 3),
            "already": int_box("Temporary damage already taken", 0),
            "damage": text_box("Damage dice of a hit", "1d8+3"),
        }

    def _dice(self, text: str):  # noqa: ANN202 - Dice
        return damage_dice(text, "damage", self.controls["damage"].description)

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """The worked blow, then the exact odds of a knock-out for the dice of a hit."""
        # Every cap first (the dice are costed from their shape), then the work.
        check_int(values["already"], "already", 0, 5000)
        temp = temporary_damage(values["rolled"], values["target_strength"])
        ko = knock_out(values["hit_points"], values["already"] + temp)
        dice = self._dice(values["damage"])
        verdict = (
            f"knocked out for at least {_minutes(ko.minutes)}"
            if ko.knocked_out
            else "still conscious (temporary damage does not exceed the hit points)"
        )
        rows = [
            ("Damage rolled", values["rolled"]),
            ("minus the target's STR modifier", _signed(-values["target_strength"])),
            ("Temporary damage of this blow", temp),
            ("Temporary damage in all", ko.temporary),
            ("Hit points left", ko.hit_points),
            ("Excess over the hit points", ko.excess),
            ("Result", verdict),
        ]
        minutes = knock_out_minutes(
            dice, values["target_strength"], values["hit_points"], values["already"]
        )
        self._answer = minutes
        p_out = 1 - minutes.get(0, Fraction(0))
        rows.append((f"P(one hit of {dice} knocks it out)", probability(p_out)))
        chart = bar_chart(
            minutes,
            title=f"Minutes knocked out after one hit of {dice}",
            x_title="minutes (0: still conscious)",
            highlight=lambda m: m > 0,
            highlight_label="knocked out",
            other_label="conscious",
        )
        return table_html(["", ""], rows), chart

    def python_call(self, values: Mapping[str, Any]) -> PythonCall:
        """``chroniques.knock_out_minutes(...)``: the exact minutes out after one hit."""
        expression = _call(
            knock_out_minutes,
            values["damage"],
            values["target_strength"],
            values["hit_points"],
            values["already"],
        )
        return PythonCall("chroniques", expression, self._answer)

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Roll one hit's damage and apply it as temporary damage."""
        roll = self._dice(values["damage"]).roll(rng)
        temp = temporary_damage(roll.total, values["target_strength"])
        ko = knock_out(values["hit_points"], values["already"] + temp)
        state = f"knocked out for {_minutes(ko.minutes)}" if ko.knocked_out else "still conscious"
        return escape(f"{roll} → {temp} temporary damage; {state}")


# -------------------------------------------------------- 4. opposed magic
@register
class ChroniquesOpposedMagicCalculator(_ChroniquesCalculator):
    """An opposed magic attack, beside the GM's shortcut of a magic DEF of 10 + score.

    Example:
        >>> calc = ChroniquesOpposedMagicCalculator()
        >>> "52.25 % (209/400)" in calc.result.value
        True
    """

    title = "Opposed magic attack (attaque magique opposée)"
    fields: ClassVar[Mapping[str, str]] = {"bonus": "caster_bonus", "die": "caster_die"}
    bench_changes = (
        ("caster_bonus", 8),
        ("target_bonus", 3),
        ("caster_die", "2d20kh1"),
        ("target_die", "d12"),
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """Both magic attack scores and dice."""
        return {
            "caster_bonus": int_box("Caster's magic attack score", 5),
            "caster_die": dropdown("Caster's die", _DIE_OPTIONS, "d20"),
            "target_bonus": int_box("Target's magic attack score", 5),
            "target_die": dropdown("Target's die", _DIE_OPTIONS, "d20"),
        }

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """P(the spell succeeds) both ways: the opposed test and the fixed magic DEF."""
        args = (values["caster_bonus"], values["target_bonus"])
        opposed = opposed_magic_attack(*args, values["caster_die"], values["target_die"])
        self._answer = opposed.hit
        # The shortcut's DEF may fall below 1 for a hopeless target: no range check.
        fixed = check_odds(
            values["caster_bonus"], magic_defense(values["target_bonus"]), values["caster_die"]
        )
        rows = [
            ("P(the spell succeeds)", probability(opposed.hit), probability(fixed.hit)),
            ("P(critical success)", probability(opposed.critical), probability(fixed.critical)),
            ("P(critical failure)", probability(opposed.fumble), probability(fixed.fumble)),
        ]
        head = [
            "",
            "opposed test",
            f"magic DEF {magic_defense(values['target_bonus'])} (10 + score)",
        ]
        chart = grouped_bar_chart(
            ["success", "critical"],
            {
                "opposed test": [opposed.hit, opposed.critical],
                "magic DEF": [fixed.hit, fixed.critical],
            },
            title="The caster's chances",
        )
        note = (
            "<p class='rb-note'>The caster wins ties; only the caster's natural 20 and "
            "natural 1 count.</p>"
        )
        return table_html(head, rows) + note, chart

    def python_call(self, values: Mapping[str, Any]) -> PythonCall:
        """``chroniques.opposed_magic_attack(...).hit``."""
        expression = _call(
            opposed_magic_attack,
            values["caster_bonus"],
            values["target_bonus"],
            values["caster_die"],
            values["target_die"],
        )
        return PythonCall("chroniques", expression + ".hit", self._answer)

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Roll the target's test, then the caster's against its total."""
        target = roll_check(values["target_bonus"], 0, values["target_die"], rng=rng)
        caster = roll_check(values["caster_bonus"], target.total, values["caster_die"], rng=rng)
        verdict = "the spell succeeds" if caster.success else "the spell fails"
        return escape(
            f"target {target.roll.text} {_signed(values['target_bonus'])} = {target.total}; "
            f"caster {caster}: {verdict}"
        )


# ----------------------------------------------------------- 5. initiative
_DEFAULT_FIGHT = """Krush, 12, PC, 10
Elvira, 16, PC, 14
Goblin chief, 16, NPC, 12
Goblin archer, 12, NPC, 10
Marco, 16, PC, 9"""

#: Most combatant lines read (checked before any line is read).
MAX_COMBATANTS = 40
#: What may follow the four fields of a combatant line.
_TAGS = {
    "blinded": "blinded",
    "untrained shield": "untrained_shield",
    "untrained armour": "untrained_armour",
    "untrained armor": "untrained_armour",
    "weakened": "weakened",
    "immobilised": "immobilised",
    "immobilized": "immobilised",
}
_NUMBER = re.compile(r"-?[0-9]{1,3}")


def _parse_combatants(text: str) -> tuple[list[Combatant], list[str]]:
    """The combatants (initiative after their tags) and a note for each adjusted score."""
    lines = [line for line in text.strip().splitlines() if line.strip()]
    if len(lines) > MAX_COMBATANTS:
        raise RuleValueError(
            f"list at most {MAX_COMBATANTS} combatants, one a line (got {len(lines)} lines)",
            field="combatants",
        )
    out: list[Combatant] = []
    notes: list[str] = []
    usage = "write 'name, initiative, PC or NPC, WIS score' and, if any, blinded, weakened, "
    usage += "untrained shield, untrained armour"
    for n, line in enumerate(lines, 1):
        parts = [p.strip() for p in line.split(",")]
        if len(parts) < 4 or parts[2].upper() not in ("PC", "NPC", "PJ", "PNJ"):
            raise RuleValueError(f"line {n} {line[:60]!r}: {usage}", field="combatants")
        if not (_NUMBER.fullmatch(parts[1]) and _NUMBER.fullmatch(parts[3])):
            raise RuleValueError(
                f"line {n} {line[:60]!r}: initiative and WIS must be whole numbers "
                "written with the digits 0-9",
                field="combatants",
            )
        tags = []
        for tag in parts[4:]:
            key = " ".join(tag.lower().split())
            if key not in _TAGS:
                raise RuleValueError(
                    f"line {n}: {tag[:30]!r} is not blinded, weakened, immobilised, "
                    "untrained shield or untrained armour",
                    field="combatants",
                )
            tags.append(_TAGS[key])
        chosen = frozenset(tags)
        base, wis = int(parts[1]), int(parts[3])
        for what, value, lo, hi in (("Init.", base, 0, 60), ("WIS", wis, 1, 30)):
            if not lo <= value <= hi:
                raise RuleValueError(
                    f"line {n} {line[:60]!r}: {what} {value} is out of range (write {lo} to {hi})",
                    field="combatants",
                )
        try:
            score = effective_initiative(
                base,
                ["blinded"] if "blinded" in chosen else [],
                untrained_shield="untrained_shield" in chosen,
                untrained_armour="untrained_armour" in chosen,
            )
            die = "d12" if chosen & {"weakened", "immobilised"} else "d20"
            out.append(Combatant(parts[0], score, parts[2].upper() in ("PC", "PJ"), wis, die=die))
        except RuleValueError as err:
            raise RuleValueError(f"line {n}: {err}", field="combatants") from None
        if score != base:
            why = ", ".join(t.replace("_", " ") for t in tags if t.startswith(("blind", "untr")))
            notes.append(f"{parts[0]}: initiative {base} becomes {score} ({why})")
    if not out:
        raise RuleValueError("list at least one combatant", field="combatants")
    return out, notes


@register
class ChroniquesInitiativeCalculator(_ChroniquesCalculator):
    """Acting order with the tie rules, a delayed action, and the surprise test.

    A combatant line may end with ``blinded`` (-5 initiative), ``untrained
    shield`` or ``untrained armour`` (-3 each), and ``weakened`` or
    ``immobilised`` (the surprise test on a d12).

    Example:
        >>> calc = ChroniquesInitiativeCalculator()
        >>> calc.result.value.index("Elvira") < calc.result.value.index("Goblin chief")
        True
    """

    title = "Initiative and surprise"
    fields: ClassVar[Mapping[str, str]] = {"new_initiative": "delay_to", "name": "delay_name"}
    bench_changes = (
        ("delay_name", "Elvira"),
        ("delay_to", 5),
        ("ambush", False),
        ("ambushers_dex", 4),
        ("ambush", True),
        ("ambushers_stealth", 5),
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """Combatants, one delay, and the ambush."""
        return {
            "combatants": text_box(
                "name, Init., PC/NPC, WIS (then blinded, weakened, untrained armour...)",
                _DEFAULT_FIGHT,
                rows=6,
            ),
            "delay_name": text_box("Delays (name)", ""),
            "delay_to": int_box("Delayed initiative", 0),
            "ambush": checkbox("The NPCs ambush the PCs (embuscade)", True),
            "ambushers_dex": int_box("Stealthiest ambusher: DEX mod.", 2),
            "ambushers_stealth": int_box("Stealthiest ambusher: stealth bonus (discrétion)", 0),
            "gm_modifier": int_box("GM's modifier (distance, terrain)", 0),
        }

    def _setup(self, values: Mapping[str, Any]):  # noqa: ANN202
        people, notes = _parse_combatants(values["combatants"])
        if values["delay_name"].strip():
            order = delay(people, values["delay_name"].strip(), values["delay_to"])
        else:
            order = initiative_order(people)
        difficulty = None
        if values["ambush"]:
            with control_for(
                {
                    "dex_modifier": "ambushers_dex",
                    "stealth": "ambushers_stealth",
                    "gm_modifier": "gm_modifier",
                }
            ):
                difficulty = surprise_difficulty(
                    [(values["ambushers_dex"], values["ambushers_stealth"])],
                    values["gm_modifier"],
                )
        return order, difficulty, notes

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """The order, with each PC's chance of being surprised in round 1."""
        order, difficulty, notes = self._setup(values)
        self._answer = [c.name for c in order]
        rows = []
        for rank, c in enumerate(order, 1):
            p = (
                surprise_odds(c.wisdom, difficulty, c.die)
                if difficulty is not None and c.player
                else None
            )
            rows.append(
                (
                    rank,
                    c.name,
                    c.initiative,
                    "PC (PJ)" if c.player else "NPC (PNJ)",
                    f"{c.wisdom} ({_signed(ability_modifier(c.wisdom))})",
                    "loses the action" if not c.acts else "acts",
                    "—" if p is None else f"{probability(p)} ({c.die})",
                )
            )
        head = ["#", "name", "Init.", "side", "WIS", "this round", "P(surprised)"]
        note = "".join(f"<p class='rb-note'>{escape(n)}.</p>" for n in notes)
        if difficulty is not None:
            note += f"<p class='rb-note'>Surprise: a WIS test against {difficulty}"
            if difficulty <= 1:
                note += " (only a natural 1 fails)"
            note += ".</p>"
        return table_html(head, rows) + note, ""

    def python_call(self, values: Mapping[str, Any]) -> PythonCall:
        """The acting order's names, from ``chroniques.initiative_order`` (or ``delay``)."""
        people = ", ".join(
            f"chroniques.Combatant({c.name!r}, {c.initiative}, {c.player}, {c.wisdom}"
            + (f", die={c.die!r})" if c.die != "d20" else ")")
            for c in _parse_combatants(values["combatants"])[0]
        )
        if values["delay_name"].strip():
            call = f"chroniques.delay([{people}], {values['delay_name'].strip()!r}, "
            call += f"{values['delay_to']})"
        else:
            call = f"chroniques.initiative_order([{people}])"
        return PythonCall("chroniques", f"[c.name for c in {call}]", self._answer)

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Roll each PC's surprise test and give round 1's order."""
        order, difficulty, _ = self._setup(values)
        lines = []
        for c in order:
            status = "acts" if c.acts else "loses the action"
            if difficulty is not None and c.player:
                test = roll_check(ability_modifier(c.wisdom), difficulty, c.die, rng=rng)
                if not test.success:
                    status = "surprised: no action, −5 DEF"
                lines.append(f"{c.name} (WIS {test}): {status}")
            else:
                lines.append(f"{c.name}: {status}")
        return "round 1: " + "<br>".join(escape(x) for x in lines)


# ---------------------------------------------------------------- 6. chase
@register
class ChroniquesChaseCalculator(_ChroniquesCalculator):
    """Exact odds of a chase (a Markov chain over the gap) and a seeded replay.

    Example:
        >>> calc = ChroniquesChaseCalculator()
        >>> "+10" in calc.result.value  # the dragon: huge and flying
        True
    """

    title = "Chase (poursuite)"
    kind = "fight"
    default_seed = 3
    fields: ClassVar[Mapping[str, str]] = {"extra_action_metres": "extra_metres"}
    bench_changes = (
        ("quarry_dex", 5),
        ("quarry_die", "d20"),
        ("sight", 150),
        ("distance", 60),
        ("pursuer_traits", ("HUGE",)),
        ("endurance_from", 11),
        ("max_rounds", 40),
        ("pursuer_acts", "3"),
        ("quarry_untrained", 1),
        ("heavy_rain", True),
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """Both sides, the distances, the rounds followed and the named parameters."""
        return {
            "pursuer_dex": int_box("Pursuer's DEX mod.", 0),
            "pursuer_die": dropdown("Pursuer's die", _DIE_OPTIONS, "d20"),
            "pursuer_traits": multi_select("Pursuer (table)", _TRAIT_OPTIONS, ("HUGE", "FLYING")),
            "pursuer_armour": int_box("Pursuer's armour DEF", 0),
            "pursuer_untrained": int_box(
                "Pursuer's untrained or forbidden shield/armour (−3 each)", 0
            ),
            "pursuer_con": int_box("Pursuer's CON mod.", 2),
            "pursuer_acts": text_box(
                "Pursuer acts otherwise (−20 m) in rounds", "", placeholder="e.g. 3, 5 or every"
            ),
            "quarry_dex": int_box("Quarry's DEX mod.", 4),
            "quarry_die": dropdown("Quarry's die", _DIE_OPTIONS, "2d20kh1"),
            "quarry_traits": multi_select("Quarry (table)", _TRAIT_OPTIONS, ()),
            "quarry_armour": int_box("Quarry's armour DEF", 0),
            "quarry_untrained": int_box(
                "Quarry's untrained or forbidden shield/armour (−3 each)", 0
            ),
            "quarry_con": int_box("Quarry's CON mod.", 1),
            "quarry_acts": text_box(
                "Quarry acts otherwise (−20 m) in rounds", "", placeholder="e.g. 3, 5 or every"
            ),
            "distance": int_box("Starting gap (m)", 30),
            "sight": int_box("Loss of sight (distance limite, m)", 50),
            "max_rounds": int_box("Rounds followed", 30),
            "endurance_from": int_box("CON tests from round (0: never)", 0),
            "heavy_rain": checkbox("Heavy rain (pluies fortes, −2 to both sides)", False),
            "extra_metres": int_box("Extra action of a 10-point lead (m)", 20),
        }

    @staticmethod
    def _setup(values: Mapping[str, Any]):  # noqa: ANN205
        sides = []
        for side in ("pursuer", "quarry"):
            rounds, every = parse_rounds(values[f"{side}_acts"], f"{side}_acts")
            key = {
                "dexterity": "dex",
                "constitution": "con",
                "die": "die",
                "armour": "armour",
                "untrained": "untrained",
                "traits": "traits",
            }
            with control_for({k: f"{side}_{v}" for k, v in key.items()}):
                runner = Runner(
                    side,
                    values[f"{side}_dex"],
                    frozenset(ChaseTrait[t] for t in values[f"{side}_traits"]),
                    values[f"{side}_armour"],
                    values[f"{side}_die"],
                    values[f"{side}_con"],
                    values[f"{side}_untrained"],
                    rounds,
                    every,
                )
            sides.append(runner)
        endurance = values["endurance_from"]
        check_int(endurance, "endurance_from", 0, MAX_ROUNDS)
        with control_for({"extra_action_metres": "extra_metres"}):
            rules = ChaseRules(
                values["extra_metres"],
                10,
                endurance or None,
                values["max_rounds"],
                values["heavy_rain"],
            )
        return sides[0], sides[1], rules

    @staticmethod
    def _test(runner: Runner, rules: ChaseRules) -> str:
        """The test each round: DEX, and CON from the endurance round on."""
        rain = rules.heavy_rain
        text = (
            f"DEX: {runner.die} {_signed(runner.bonus(False, rain))} "
            f"(table {_signed(runner.modifier)}{', rain −2' if rain else ''})"
        )
        if rules.endurance_from_round is not None:
            text += (
                f"; CON from round {rules.endurance_from_round}: "
                f"{runner.die} {_signed(runner.bonus(True, rain))}"
            )
        return text

    @staticmethod
    def _acting(runner: Runner) -> str:
        if runner.every_round:
            return "every round"
        return ", ".join(str(r) for r in sorted(runner.acts_otherwise)) or "never"

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """P(capture), P(escape), P(unresolved), mean rounds, and the rounds chart."""
        pursuer, quarry, rules = self._setup(values)
        odds = chase_odds(pursuer, quarry, values["distance"], values["sight"], rules)
        self._answer = odds.capture
        rows = [
            ("Pursuer's test", self._test(pursuer, rules)),
            ("Quarry's test", self._test(quarry, rules)),
        ]
        for who, runner in (("Pursuer", pursuer), ("Quarry", quarry)):
            if runner.every_round or runner.acts_otherwise:
                rows.append((f"{who} acts otherwise (−20 m) in rounds", self._acting(runner)))
        rows += [
            ("P(capture)", probability(odds.capture)),
            ("P(escape: out of sight)", probability(odds.escape)),
            (f"P(still going after {rules.max_rounds} rounds)", probability(odds.unresolved)),
            ("Mean rounds played", number(odds.expected_rounds)),
        ]
        last = max(
            (
                r
                for r, (c, e) in enumerate(zip(odds.capture_by_round, odds.escape_by_round), 1)
                if c + e >= Fraction(1, 2000)
            ),
            default=1,
        )
        chart = grouped_bar_chart(
            [str(r) for r in range(1, last + 1)],
            {
                "capture": list(odds.capture_by_round[:last]),
                "escape": list(odds.escape_by_round[:last]),
            },
            title="When the chase ends",
            x_title="round",
        )
        return table_html(["", "exact answer"], rows), chart

    def python_call(self, values: Mapping[str, Any]) -> PythonCall:
        """``chroniques.chase_odds(...).capture``."""
        pursuer, quarry, rules = self._setup(values)

        def runner(r: Runner) -> str:
            traits = ", ".join(f"chroniques.ChaseTrait.{t.name}" for t in sorted(r.traits, key=str))
            traits = f"frozenset({{{traits}}})" if traits else "frozenset()"
            text = (
                f"chroniques.Runner({r.name!r}, {r.dexterity}, {traits}, "
                f"{r.armour}, {r.die!r}, {r.constitution}, {r.untrained}"
            )
            if r.acts_otherwise:
                text += f", frozenset({sorted(r.acts_otherwise)})"
            elif r.every_round:
                text += ", frozenset()"
            return text + (", True)" if r.every_round else ")")

        expression = (
            f"chroniques.chase_odds({runner(pursuer)}, {runner(quarry)}, {values['distance']}, "
            f"{values['sight']}, chroniques.ChaseRules({rules.extra_action_metres}, 10, "
            f"{rules.endurance_from_round}, {rules.max_rounds}, {rules.heavy_rain})).capture"
        )
        return PythonCall("chroniques", expression, self._answer)

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Replay one chase round by round, every die shown."""
        pursuer, quarry, rules = self._setup(values)
        replay = simulate_chase(
            pursuer, quarry, values["distance"], values["sight"], rules, rng=rng
        )
        lines = [escape(r.describe()) for r in replay.rounds]
        return "<br>".join(lines) + f"<br><b>{replay.result}</b>"
