"""Calculators of the Chroniques Oubliées combat chapter.

Attack, conditions, knock-out, initiative and chase: each calls the rules in
:mod:`rulebook_py.systems.chroniques` and formats the exact answer.

Example:
    >>> calc = ChroniquesAttackCalculator(bonus=5, defense=15)
    >>> "55.00 % (11/20)" in calc.result.value
    True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from ..dice import parse
from ..errors import RuleValueError, check_int
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
    combine_conditions,
    delay,
    initiative_order,
    knock_out,
    roll_check,
    simulate_chase,
    surprise_difficulty,
    surprise_odds,
    temporary_damage,
    validate_turn,
)
from .base import Calculator, control_for
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


def _signed(v: int) -> str:
    return f"{v:+d}"


# --------------------------------------------------------------- 1. attack
@register
class ChroniquesAttackCalculator(Calculator):
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
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """Attack score, DEF, die, situation, conditions and damage."""
        return {
            "bonus": int_box("Attack score (ATQ)", 4),
            "defense": int_box("Target's DEF", 14),
            "die": dropdown("Die", _DIE_OPTIONS, "d20"),
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
                "Concerted attack bonus (attaque concertée)", [("none", 0), ("+2", 2), ("+4", 4)], 0
            ),
            "defensive_action": dropdown(
                "Target's defence action",
                [
                    (f"{d.label} ({d.bonus:+d} DEF)" if d.bonus else "none", d.name)
                    for d in DefensiveAction
                ],
                "NONE",
            ),
            "attacker_conditions": multi_select("Attacker's conditions", _CONDITION_OPTIONS, ()),
            "defender_conditions": multi_select("Target's conditions", _CONDITION_OPTIONS, ()),
            "temporary": checkbox("Temporary damage (DM temporaires)", False),
            "suitable_weapon": checkbox("Weapon suited to knocking out (no −2)", False),
            "target_strength": int_box("Target's STR modifier", 0),
            "two_weapons": checkbox("Two weapons (combat à deux armes)", False),
            "off_hand": text_box("Off-hand damage", "1d6"),
        }

    @staticmethod
    def _report(values: Mapping[str, Any]):  # noqa: ANN205 - AttackReport
        return attack_report(
            values["bonus"],
            values["defense"],
            values["die"],
            kind=values["kind"],
            cover=values["cover"],
            into_melee=values["into_melee"],
            lighting=values["lighting"],
            long_range=values["long_range"],
            repeated=values["repeated"],
            untrained_weapon=values["untrained_weapon"],
            untrained_shield=values["untrained_shield"],
            untrained_armour=values["untrained_armour"],
            temporary=values["temporary"],
            suitable_weapon=values["suitable_weapon"],
            concerted=values["concerted"],
            defensive_action=values["defensive_action"],
            attacker_conditions=values["attacker_conditions"],
            defender_conditions=values["defender_conditions"],
            two_weapons=values["two_weapons"],
            damage=values["damage"],
            off_hand=values["off_hand"],
            damage_modifier=values["damage_modifier"],
            target_strength=values["target_strength"],
        )

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """The modifiers applied, the exact chances and the damage distribution."""
        r = self._report(values)
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

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Roll the attack (or both attacks) and the damage, every die shown."""
        r = self._report(values)
        if not r.possible:
            return "no attack: " + escape("; ".join(r.notes))
        lines = []
        dice = [values["damage"], values["off_hand"]][: r.attacks]
        for hand, text in enumerate(dice):
            if r.outcome.hit == 1 and r.outcome.critical == 1:
                natural, hit, shown = "critical", True, "automatic critical (target paralysed)"
            else:
                test = roll_check(r.bonus, r.defense, r.die, rng=rng)
                natural, hit, shown = test.natural, test.success, str(test)
            # A non-lethal blow that is a critical failure deals doubled lethal damage.
            backfire = values["temporary"] and natural == "fumble"
            line = shown
            if hit or backfire:
                dmg = parse(text).roll(rng)
                base = max(0, dmg.total + values["damage_modifier"])
                double = natural in ("critical", "fumble")
                amount = base * (2 if double else 1)
                kind = "lethal"
                if values["temporary"] and hit:
                    amount = temporary_damage(amount, values["target_strength"])
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
class ChroniquesConditionsCalculator(Calculator):
    """Pick conditions on each side and see every resulting modifier and the attack's odds.

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
    def _turn(values: Mapping[str, Any]) -> str:
        """Check the declared turn: its shape always, then under the attacker's conditions."""
        actions = values["turn"].replace(",", " ").split()
        with control_for("turn"):
            validate_turn(actions)
        try:
            turn = validate_turn(
                actions, values["attacker_conditions"], first_round=values["first_round"]
            )
        except RuleValueError as err:
            return f"not allowed under these conditions: {str(err).split(': ', 1)[1]}"
        notes = f" ({'; '.join(turn.notes)})" if turn.notes else ""
        return "allowed" + notes

    def _pair(self, values: Mapping[str, Any]):  # noqa: ANN202 - two reports
        free = attack_report(values["bonus"], values["defense"], values["die"], kind=values["kind"])
        defenders = values["defender_conditions"]
        if not values["first_round"]:
            defenders = tuple(c for c in defenders if c != "SURPRISED")
        attackers = values["attacker_conditions"]
        if not values["first_round"]:
            attackers = tuple(c for c in attackers if c != "SURPRISED")
        hurt = attack_report(
            values["bonus"],
            values["defense"],
            values["die"],
            kind=values["kind"],
            attacker_conditions=attackers,
            defender_conditions=defenders,
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
        rows.append((f"Declared turn {values['turn']!r}", self._turn(values), ""))
        effects = table_html(["effect", "attacker", "defender"], rows)
        free, hurt = self._pair(values)
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

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Roll the attack under the conditions."""
        _, hurt = self._pair(values)
        if not hurt.possible:
            return "the attacker cannot act this round"
        if hurt.outcome.critical == 1:
            return "the defender is paralysed: automatic hit, critical"
        return escape(str(roll_check(hurt.bonus, hurt.defense, hurt.die, rng=rng)))


# ------------------------------------------------------------ 3. knock-out
@register
class ChroniquesKnockOutCalculator(Calculator):
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

    @staticmethod
    def _dice(text: str):  # noqa: ANN205 - Dice
        with control_for("damage"):
            dice = parse(text)
        if dice.min_value < 0 or dice.max_value > 500:
            raise RuleValueError(
                f"damage must stay from 0 to 500, {text!r} gives {dice.min_value} to "
                f"{dice.max_value}",
                field="damage",
            )
        return dice

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """The worked blow, then the exact odds of a knock-out for the dice of a hit."""
        check_int(values["already"], "already", 0, 5000)
        temp = temporary_damage(values["rolled"], values["target_strength"])
        ko = knock_out(values["hit_points"], values["already"] + temp)
        verdict = (
            f"knocked out for at least {ko.minutes} minutes"
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
        dice = self._dice(values["damage"])
        minutes: dict[int, Fraction] = {}
        for v, p in dice.pmf().items():
            t = temporary_damage(v, values["target_strength"])
            m = knock_out(values["hit_points"], values["already"] + t).minutes
            minutes[m] = minutes.get(m, Fraction(0)) + p
        p_out = 1 - minutes.get(0, Fraction(0))
        rows.append((f"P(one hit of {dice} knocks it out)", probability(p_out)))
        chart = bar_chart(
            dict(sorted(minutes.items())),
            title=f"Minutes knocked out after one hit of {dice}",
            x_title="minutes (0: still conscious)",
            highlight=lambda m: m > 0,
            highlight_label="knocked out",
            other_label="conscious",
        )
        return table_html(["", ""], rows), chart

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Roll one hit's damage and apply it as temporary damage."""
        roll = self._dice(values["damage"]).roll(rng)
        temp = temporary_damage(roll.total, values["target_strength"])
        ko = knock_out(values["hit_points"], values["already"] + temp)
        state = f"knocked out for {ko.minutes} min" if ko.knocked_out else "still conscious"
        return escape(f"{roll} → {temp} temporary damage; {state}")


# ----------------------------------------------------------- 4. initiative
_DEFAULT_FIGHT = """Krush, 12, PC, 10
Elvira, 16, PC, 14
Goblin chief, 16, NPC, 12
Goblin archer, 12, NPC, 10
Marco, 16, PC, 9"""


def _parse_combatants(text: str) -> list[Combatant]:
    out = []
    for n, line in enumerate(text.strip().splitlines(), 1):
        if not line.strip():
            continue
        parts = [p.strip() for p in line.split(",")]
        if len(parts) != 4 or parts[2].upper() not in ("PC", "NPC", "PJ", "PNJ"):
            raise RuleValueError(
                f"line {n} {line!r}: write 'name, initiative, PC or NPC, WIS score'",
                field="combatants",
            )
        try:
            init, wis = int(parts[1]), int(parts[3])
        except ValueError:
            raise RuleValueError(
                f"line {n} {line!r}: initiative and WIS must be whole numbers",
                field="combatants",
            ) from None
        try:
            out.append(Combatant(parts[0], init, parts[2].upper() in ("PC", "PJ"), wis))
        except RuleValueError as err:
            raise RuleValueError(f"line {n}: {err}", field="combatants") from None
    if not out:
        raise RuleValueError("list at least one combatant", field="combatants")
    return out


@register
class ChroniquesInitiativeCalculator(Calculator):
    """Acting order with the tie rules, a delayed action, and the surprise test.

    Example:
        >>> calc = ChroniquesInitiativeCalculator()
        >>> calc.result.value.index("Elvira") < calc.result.value.index("Goblin chief")
        True
    """

    title = "Initiative and surprise"
    bench_changes = (
        ("delay_name", "Elvira"),
        ("delay_to", 5),
        ("ambush", False),
        ("ambushers_dex", 4),
        ("ambush", True),
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """Combatants, one delay, and the ambush."""
        return {
            "combatants": text_box("name, Init., PC/NPC, WIS", _DEFAULT_FIGHT, rows=6),
            "delay_name": text_box("Delays (name)", ""),
            "delay_to": int_box("to initiative", 0),
            "ambush": checkbox("The NPCs ambush the PCs (embuscade)", True),
            "ambushers_dex": int_box("Ambushers' best DEX mod. + stealth", 2),
            "gm_modifier": int_box("GM's modifier (distance, terrain)", 0),
        }

    def _setup(self, values: Mapping[str, Any]):  # noqa: ANN202
        people = _parse_combatants(values["combatants"])
        if values["delay_name"].strip():
            try:
                order = delay(people, values["delay_name"].strip(), values["delay_to"])
            except RuleValueError as err:
                err.field = "delay_name" if err.field == "name" else "delay_to"
                raise
        else:
            order = initiative_order(people)
        difficulty = None
        if values["ambush"]:
            check_int(values["ambushers_dex"], "ambushers_dex", -5, 30)
            try:
                difficulty = surprise_difficulty([values["ambushers_dex"]], values["gm_modifier"])
            except RuleValueError as err:
                err.field = "gm_modifier" if err.field == "gm_modifier" else "ambushers_dex"
                raise
        return order, difficulty

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """The order, with each PC's chance of being surprised in round 1."""
        order, difficulty = self._setup(values)
        rows = []
        for rank, c in enumerate(order, 1):
            p = surprise_odds(c.wisdom, difficulty) if difficulty is not None and c.player else None
            rows.append(
                (
                    rank,
                    c.name,
                    c.initiative,
                    "PC (PJ)" if c.player else "NPC (PNJ)",
                    f"{c.wisdom} ({_signed(ability_modifier(c.wisdom))})",
                    "loses the action" if not c.acts else "acts",
                    "—" if p is None else probability(p),
                )
            )
        head = ["#", "name", "Init.", "side", "WIS", "this round", "P(surprised)"]
        note = (
            f"<p class='rb-note'>Surprise: a WIS test against {difficulty}.</p>"
            if difficulty is not None
            else ""
        )
        return table_html(head, rows) + note, ""

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Roll each PC's surprise test and give round 1's order."""
        order, difficulty = self._setup(values)
        lines = []
        for c in order:
            status = "acts" if c.acts else "loses the action"
            if difficulty is not None and c.player:
                test = roll_check(ability_modifier(c.wisdom), difficulty, rng=rng)
                if not test.success:
                    status = "surprised: no action, −5 DEF"
                lines.append(f"{c.name} (WIS {test}): {status}")
            else:
                lines.append(f"{c.name}: {status}")
        return "round 1: " + "<br>".join(escape(x) for x in lines)


# ---------------------------------------------------------------- 5. chase
@register
class ChroniquesChaseCalculator(Calculator):
    """Exact odds of a chase (a Markov chain over the gap) and a seeded replay.

    Example:
        >>> calc = ChroniquesChaseCalculator()
        >>> "+10" in calc.result.value  # the dragon: huge and flying
        True
    """

    title = "Chase (poursuite)"
    kind = "fight"
    default_seed = 3
    bench_changes = (
        ("quarry_dex", 5),
        ("quarry_die", "d20"),
        ("sight", 150),
        ("distance", 60),
        ("pursuer_traits", ("HUGE",)),
        ("endurance_from", 11),
        ("max_rounds", 40),
    )

    def build_controls(self) -> Mapping[str, widgets.Widget]:
        """Both sides, the distances, the rounds followed and the named parameters."""
        return {
            "pursuer_dex": int_box("Pursuer's DEX mod.", 0),
            "pursuer_die": dropdown("Pursuer's die", _DIE_OPTIONS, "d20"),
            "pursuer_traits": multi_select("Pursuer (table)", _TRAIT_OPTIONS, ("HUGE", "FLYING")),
            "pursuer_armour": int_box("Pursuer's armour DEF", 0),
            "pursuer_con": int_box("Pursuer's CON mod.", 2),
            "quarry_dex": int_box("Quarry's DEX mod.", 4),
            "quarry_die": dropdown("Quarry's die", _DIE_OPTIONS, "2d20kh1"),
            "quarry_traits": multi_select("Quarry (table)", _TRAIT_OPTIONS, ()),
            "quarry_armour": int_box("Quarry's armour DEF", 0),
            "quarry_con": int_box("Quarry's CON mod.", 1),
            "distance": int_box("Starting gap (m)", 30),
            "sight": int_box("Loss of sight (distance limite, m)", 50),
            "max_rounds": int_box("Rounds followed", 30),
            "endurance_from": int_box("CON tests from round (0: never)", 0),
            "extra_metres": int_box("Extra action of a 10-point lead (m)", 20),
        }

    @staticmethod
    def _setup(values: Mapping[str, Any]):  # noqa: ANN205
        sides = []
        for side in ("pursuer", "quarry"):
            try:
                runner = Runner(
                    side,
                    values[f"{side}_dex"],
                    frozenset(ChaseTrait[t] for t in values[f"{side}_traits"]),
                    values[f"{side}_armour"],
                    values[f"{side}_die"],
                    values[f"{side}_con"],
                )
            except RuleValueError as err:
                key = {"dexterity": "dex", "constitution": "con", "die": "die"}
                err.field = f"{side}_{key.get(err.field or '', err.field)}"
                raise
            sides.append(runner)
        endurance = values["endurance_from"]
        check_int(endurance, "endurance_from", 0, MAX_ROUNDS)
        with control_for({"extra_action_metres": "extra_metres"}):
            rules = ChaseRules(values["extra_metres"], 10, endurance or None, values["max_rounds"])
        return sides[0], sides[1], rules

    def compute(self, values: Mapping[str, Any]) -> tuple[str, str]:
        """P(capture), P(escape), P(unresolved), mean rounds, and the rounds chart."""
        pursuer, quarry, rules = self._setup(values)
        odds = chase_odds(pursuer, quarry, values["distance"], values["sight"], rules)
        rows = [
            (
                "Pursuer's test",
                f"{pursuer.die} {_signed(pursuer.bonus(False))} "
                f"(table {_signed(pursuer.modifier)})",
            ),
            (
                "Quarry's test",
                f"{quarry.die} {_signed(quarry.bonus(False))} (table {_signed(quarry.modifier)})",
            ),
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

    def resolve(self, values: Mapping[str, Any], rng: random.Random) -> str:
        """Replay one chase round by round, every die shown."""
        pursuer, quarry, rules = self._setup(values)
        replay = simulate_chase(
            pursuer, quarry, values["distance"], values["sight"], rules, rng=rng
        )
        lines = [escape(r.describe()) for r in replay.rounds]
        return "<br>".join(lines) + f"<br><b>{replay.result}</b>"
