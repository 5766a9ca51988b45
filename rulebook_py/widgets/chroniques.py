"""Calculators of the Chroniques Oubliées combat chapter.

Attack, conditions, knock-out, first aid, opposed magic, initiative and chase:
each maps its controls to one report of :mod:`rulebook_py.systems.chroniques`
(which holds the exact answer and rolls itself) and formats it. A rules error
is shown next to its control, worded with the control's label.

Example:
    >>> calc = ChroniquesAttackCalculator(bonus=5, defense=15)
    >>> "55.00 % (11/20)" in calc.result.value
    True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import ipywidgets as widgets

from ..systems import chroniques as co
from .base import Calculator, Controls, Values, View
from .calls import changes, rule_call
from .charts import bar_chart, grouped_bar_chart
from .controls import checkbox, dropdown, int_box, multi_select, text_box
from .format import number, probability, table_html
from .phrases import _, pgettext, phrases
from .registry import register
from .tables import lines_html, notes_html

__all__ = ["ChroniquesAttackCalculator", "ChroniquesChaseCalculator"]
__all__ += ["ChroniquesConditionsCalculator", "ChroniquesFirstAidCalculator"]
__all__ += ["ChroniquesInitiativeCalculator", "ChroniquesKnockOutCalculator"]
__all__ += ["ChroniquesOpposedMagicCalculator"]

_DIE_OPTIONS = [("d20", "d20"), ("best of two d20 (2d20kh1)", "2d20kh1"), ("d12", "d12"),
                ("best of two d12 (2d12kh1)", "2d12kh1")]  # fmt: skip
_KIND_OPTIONS = [("melee (contact)", "melee"), ("ranged (distance)", "ranged"),
                 ("magic (magique)", "magic")]  # fmt: skip
_CONDITION_OPTIONS = [(f"{c.english} ({c.label})", c.name) for c in co.Condition]
_TRAIT_OPTIONS = [(f"{t.english} ({t.modifier:+d})", t.name) for t in co.ChaseTrait]
_CRITICAL_OPTIONS = [("20 only", 20), *((f"{k}–20", k) for k in range(19, 14, -1))]
_CONCERTED_OPTIONS = [("none", 0), ("+2 (helper already rolled)", 2),
                      ("+4 (helper already rolled)", 4), ("helper still to roll", "helper")]  # fmt: skip
_STR_TIP = "As a rule, a creature's STR modifier is its damage bonus (the source's tip)."


def _signed(v: int) -> str:
    return f"{v:+d}"


def _yes(flag: bool) -> str:
    return _("yes" if flag else "no")


class _Chroniques(Calculator):
    """A calculator whose roll is a report's lines, one a line."""

    def show_roll(self, roll: Any) -> str:
        """The roll's lines, every die shown."""
        return lines_html(map(phrases, roll.lines))


# --------------------------------------------------------------- 1. attack
@register
class ChroniquesAttackCalculator(_Chroniques):
    """One attack with every modifier and condition: exact P(hit), P(critical), damage.

    Example:
        >>> calc = ChroniquesAttackCalculator(attacker_conditions=("WEAKENED",))
        >>> "d12" in calc.result.value
        True
    """

    title = "Attack (test d'attaque)"
    bench_changes = (
        changes(bonus=7, defense=18, die="2d20kh1", attacker_conditions=("BLINDED",))
        + changes(kind="ranged", cover="PARTIAL", defender_conditions=("KNOCKED_DOWN",))
        + changes(temporary=True, damage="2d6", concerted="helper", critical_from=19)
    )

    def build_controls(self) -> Controls:
        """Attack score, DEF, die, situation, conditions and damage."""
        defence = [(f"{d.label} ({d.bonus:+d} DEF)" if d.bonus else "none", d.name)
                   for d in co.DefensiveAction]  # fmt: skip
        return {
            "bonus": int_box("Attack score (ATQ)", 4),
            "defense": int_box("Target's DEF", 14),
            "die": dropdown("Die", _DIE_OPTIONS, "d20"),
            "critical_from": dropdown("Critical on a natural", _CRITICAL_OPTIONS, 20),
            "kind": dropdown("Attack", _KIND_OPTIONS, "melee"),
            "damage": text_box("Damage dice (DM)", "1d8"),
            "damage_modifier": int_box("Damage modifier", 3),
            "cover": dropdown("Cover (couvert)",
                              [(f"{c.label} ({c.modifier:+d})", c.name) for c in co.Cover], "NONE"),
            "into_melee": dropdown("Shooting into melee",
                                   [(f"{m.label} ({m.modifier:+d})", m.name) for m in co.IntoMelee],
                                   "NONE"),
            "lighting": dropdown("Light (luminosité)",
                                 [(f"{x.english} ({x.label})", x.name) for x in co.Lighting], "DAY"),
            "long_range": checkbox("Long range, up to ×2 (portée longue, −5)", False),
            "repeated": int_box("Repeated ability (−5 each)", 0),
            "untrained_weapon": checkbox("Untrained weapon (−3)", False),
            "untrained_shield": checkbox("Untrained shield (−3)", False),
            "untrained_armour": checkbox("Untrained armour (−3)", False),
            "forbidden_equipment": checkbox(
                "That equipment is forbidden to the profile (no abilities)", False),
            "concerted": dropdown("Concerted attack bonus (attaque concertée)",
                                  _CONCERTED_OPTIONS, 0),
            "helper_bonus": int_box("Helper's attack score (if still to roll)", 5),
            "defensive_action": dropdown("Target's defence action", defence, "NONE"),
            "attacker_conditions": multi_select("Attacker's conditions", _CONDITION_OPTIONS, ()),
            "stand_up_first": checkbox("Knocked down: stands up first (move), then attacks", False),
            "defender_conditions": multi_select("Target's conditions", _CONDITION_OPTIONS, ()),
            "first_round": checkbox("First round of the fight (surprise counts)", True),
            "temporary": checkbox("Temporary damage (DM temporaires)", False),
            "suitable_weapon": checkbox("Weapon suited to knocking out (no −2)", False),
            "target_strength": int_box("Target's STR modifier", 0),
            "two_weapons": checkbox("Two weapons (combat à deux armes)", False),
            "off_hand": text_box("Off-hand damage", "1d6"),
        }  # fmt: skip

    def compute(self, values: Values) -> View:
        """The modifiers applied, the exact chances and the damage distribution."""
        v = dict(values)
        args = (v.pop("bonus"), v.pop("defense"), v.pop("die"))
        if v["concerted"] == "helper":
            v["concerted"] = 0
        else:
            v["helper_bonus"] = None
        r, call = rule_call(co.attack_report, *args, **v, then=".outcome.hit")
        rows = [(_("Die rolled"), r.die.notation), (_("Attack score after modifiers"), _signed(r.bonus)),
                (_("DEF after modifiers"), r.defense)]  # fmt: skip
        rows += [(f"  {phrases(what)}", _signed(n)) for what, n in r.modifiers]
        hands = [("", r.outcome)]
        if r.attacks == 2:
            same = r.off_outcome == r.outcome
            hands = [(" (each attack)", r.outcome)] if same else [
                (" (main hand)", r.outcome), (" (off hand)", r.off_outcome)]  # fmt: skip
        for each, o in hands:
            rows += [(_("P(hit)") + _(each), probability(o.hit)),
                     (_("P(critical: damage doubled)") + _(each), probability(o.critical)),
                     (_("P(critical failure, natural 1)") + _(each), probability(o.fumble))]  # fmt: skip
        rows.append((_("Expected lethal damage"), number(r.expected_lethal)))
        notes = [f"{phrases(n)}." for n in r.notes]
        if v["temporary"]:
            rows.append((_("Expected temporary damage"), number(r.expected_temporary)))
            notes.append(_(_STR_TIP))
        html = table_html(["", "exact answer"], rows) + notes_html(notes)
        if not r.possible:
            return View(html, "", call, r)
        if v["temporary"]:
            hits = range(max(r.lethal.max_value, r.temporary.max_value) + 1)
            pmfs = {"lethal": r.lethal.pmf(), "temporary": r.temporary.pmf()}
            chart = grouped_bar_chart(
                [str(n) for n in hits],
                {kind: [pmf.get(n, Fraction(0)) for n in hits] for kind, pmf in pmfs.items()},
                title="Damage of the action", x_title="damage")  # fmt: skip
        else:
            chart = bar_chart(r.lethal.pmf(), title="Damage of the action", x_title="damage",
                              highlight=lambda n: n == 0, highlight_label="miss (0)",
                              other_label="hit")  # fmt: skip
        return View(html, chart, call, r)


# ----------------------------------------------------------- 2. conditions
_EFFECT_ROWS = (
    ("Initiative", lambda fx: _signed(fx.initiative)),
    ("Melee / magic attack", lambda fx: _signed(fx.melee_attack)),
    ("Ranged attack", lambda fx: _signed(fx.ranged_attack)),
    ("DEF", lambda fx: _signed(fx.defense)),
    ("Die for every test", lambda fx: "d12" if fx.uses_d12 else "d20"),
    ("Can act", lambda fx: _yes(fx.can_act)),
    ("Can travel (a move of 20 m)", lambda fx: _yes(fx.can_move)),
    ("Actions a turn", lambda fx: str(fx.max_actions)),
    ("Limited action possible", lambda fx: _yes(fx.limited_allowed and fx.can_act)),
    ("Attacks against it hit as criticals", lambda fx: _yes(fx.auto_critical_against)),
    ("Must spend a move to stand up", lambda fx: _yes(fx.must_stand)),
)


@register
class ChroniquesConditionsCalculator(_Chroniques):
    """Pick conditions on each side and see every resulting modifier and the attack's odds.

    Example:
        >>> calc = ChroniquesConditionsCalculator(defender_conditions=("PARALYSED",))
        >>> "100 %" in calc.result.value
        True
    """

    title = "Harmful conditions (états préjudiciables)"
    bench_changes = (
        changes(attacker_conditions=("WEAKENED", "KNOCKED_DOWN"))
        + changes(defender_conditions=("STUNNED",), kind="ranged", die="2d20kh1")
        + changes(first_round=False, turn="L")
    )

    def build_controls(self) -> Controls:
        """Both sides' conditions, the round, and an attack to price."""
        return {
            "attacker_conditions": multi_select("Attacker's conditions", _CONDITION_OPTIONS,
                                                ("BLINDED",)),
            "defender_conditions": multi_select("Defender's conditions", _CONDITION_OPTIONS,
                                                ("SURPRISED",)),
            "first_round": checkbox("First round of the fight (surprise counts)", True),
            "bonus": int_box("Attack score (ATQ)", 5),
            "defense": int_box("Defender's DEF", 15),
            "die": dropdown("Attacker's usual die", _DIE_OPTIONS, "d20"),
            "kind": dropdown("Attack", _KIND_OPTIONS, "melee"),
            "turn": text_box("Attacker's turn (L, M, A, G)", "M A"),
        }  # fmt: skip

    def compute(self, values: Values) -> View:
        """A table of every effect for both sides, then the attack with and without them."""
        v = dict(values)
        args = (v.pop("bonus"), v.pop("defense"), v.pop("die"))
        r, call = rule_call(co.conditions_report, *args, **v, then=".hurt.outcome.hit")
        free, hurt = r.free, r.hurt
        rows = [(pgettext("chroniques", name), f(r.attacker), f(r.defender)) for name, f in _EFFECT_ROWS]  # fmt: skip
        rows.append((_("Declared turn"), phrases(r.verdict), ""))
        odds = [(_("Die"), free.die.notation, hurt.die.notation),
                (_("Attack score"), _signed(free.bonus), _signed(hurt.bonus)),
                ("DEF", free.defense, hurt.defense),
                (_("P(hit)"), probability(free.outcome.hit), probability(hurt.outcome.hit)),
                (_("P(critical)"), probability(free.outcome.critical),
                 probability(hurt.outcome.critical))]  # fmt: skip
        html = (table_html(["effect", "attacker", "defender"], rows)
                + table_html(["", "no conditions", "with the conditions"], odds)
                + notes_html(f"{phrases(n)}." for n in hurt.notes))  # fmt: skip
        chart = grouped_bar_chart(
            [_("hit"), _("critical")],
            {"no conditions": [free.outcome.hit, free.outcome.critical],
             "with the conditions": [hurt.outcome.hit, hurt.outcome.critical]},
            title="The attacker's chances", x_title="")  # fmt: skip
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

    title = "Knocking out (DM temporaires)"
    bench_changes = changes(rolled=5, target_strength=0, hit_points=6, already=2, damage="1d4+2")

    def build_controls(self) -> Controls:
        """The blow (damage rolled, or the dice for the exact odds) and the target."""
        return {"rolled": int_box("Damage rolled", 8),
                "target_strength": int_box("Target's STR modifier", 1),
                "hit_points": int_box("Target's hit points left (PV)", 3),
                "already": int_box("Temporary damage already taken", 0),
                "damage": text_box("Damage dice of a hit", "1d8+3")}  # fmt: skip

    def compute(self, values: Values) -> View:
        """The worked blow, then the exact odds of a knock-out for the dice of a hit."""
        r, call = rule_call(co.knock_out_report, *values.values(), then=".minutes")
        ko, minutes = r.state, r.minutes
        out = _("knocked out for at least {n} minute" + "s" * (ko.minutes != 1)).format(n=ko.minutes)  # fmt: skip
        verdict = out if ko.knocked_out else _("still conscious (temporary damage does not exceed the hit points)")  # fmt: skip
        rows = [(_("Damage rolled"), r.rolled),
                (_("minus the target's STR modifier"), _signed(-r.target_strength)),
                (_("Temporary damage of this blow"), r.temporary),
                (_("Temporary damage in all"), ko.temporary), (_("Hit points left"), ko.hit_points),
                (_("Excess over the hit points"), ko.excess), (_("Result"), verdict),
                (_("P(one ordinary hit of {dice} knocks it out; a critical doubles the damage)").format(dice=r.dice),
                 probability(r.knocked_out))]  # fmt: skip
        chart = bar_chart(minutes, title=_("Minutes knocked out after one hit of {dice}").format(dice=r.dice),
                          x_title="minutes (0: still conscious)", highlight=lambda m: m > 0,
                          highlight_label="knocked out", other_label="conscious")  # fmt: skip
        return View(table_html(["", ""], rows) + notes_html([_(_STR_TIP)]), chart, call, r)


# ------------------------------------------------------------ 4. first aid
@register
class ChroniquesFirstAidCalculator(_Chroniques):
    """First aid to a character at 0 hit points: an INT test of difficulty 10 within the hour.

    Example:
        >>> "60.00 % (3/5)" in ChroniquesFirstAidCalculator().result.value
        True
    """

    title = "First aid (aide médicale)"
    bench_changes = changes(intelligence=3, die="2d20kh1") + changes(intelligence=-4)

    def build_controls(self) -> Controls:
        """The helper's INT modifier and die."""
        return {"intelligence": int_box("Helper's INT mod.", 1),
                "die": dropdown("Helper's die", _DIE_OPTIONS, "d20")}  # fmt: skip

    def compute(self, values: Values) -> View:
        """P(the dying character is saved)."""
        r, call = rule_call(co.first_aid, *values.values(), then=".odds.hit")
        rows = [(_("INT test"), _("{die} {bonus} against {difficulty}").format(
                    die=r.die.notation, bonus=_signed(r.bonus), difficulty=r.difficulty)),
                (_("P(saved)"), probability(r.odds.hit)),
                (_("P(not saved by this test)"), probability(r.odds.miss))]  # fmt: skip
        return View(table_html(["", "exact answer"], rows), "", call, r)


# -------------------------------------------------------- 5. opposed magic
@register
class ChroniquesOpposedMagicCalculator(_Chroniques):
    """An opposed magic attack, beside the GM's shortcut of a magic DEF of 10 + score.

    Example:
        >>> calc = ChroniquesOpposedMagicCalculator()
        >>> "52.25 % (209/400)" in calc.result.value
        True
    """

    title = "Opposed magic attack (attaque magique opposée)"
    bench_changes = changes(caster_bonus=8, target_bonus=3, caster_die="2d20kh1", target_die="d12")

    def build_controls(self) -> Controls:
        """Both magic attack scores and dice."""
        return {"caster_bonus": int_box("Caster's magic attack score", 5),
                "caster_die": dropdown("Caster's die", _DIE_OPTIONS, "d20"),
                "target_bonus": int_box("Target's magic attack score", 5),
                "target_die": dropdown("Target's die", _DIE_OPTIONS, "d20")}  # fmt: skip

    def compute(self, values: Values) -> View:
        """P(the spell succeeds) both ways: the opposed test and the fixed magic DEF."""
        r, call = rule_call(co.opposed_magic_report, **values, then=".opposed.hit")
        o, f = r.opposed, r.fixed
        rows = [(_("P(the spell succeeds)"), probability(o.hit), probability(f.hit)),
                (_("P(critical success)"), probability(o.critical), probability(f.critical)),
                (_("P(critical failure)"), probability(o.fumble), probability(f.fumble))]  # fmt: skip
        head = ["", "opposed test", _("magic DEF {n} (10 + score)").format(n=r.magic_defense)]
        chart = grouped_bar_chart([_("success"), _("critical")],
                                  {"opposed test": [o.hit, o.critical],
                                   "magic DEF": [f.hit, f.critical]},
                                  title="The caster's chances")  # fmt: skip
        note = [_("The caster wins ties; only the caster's natural 20 and natural 1 count.")]
        return View(table_html(head, rows) + notes_html(note), chart, call, r)


# ----------------------------------------------------------- 6. initiative
_DEFAULT_FIGHT = """Krush, 12, PC, 10
Elvira, 16, PC, 14
Goblin chief, 16, NPC, 12
Goblin archer, 12, NPC, 10
Marco, 16, PC, 9"""
_AMBUSH_OPTIONS = [("none", "none"), ("the NPCs ambush the PCs", "npcs"),
                   ("the PCs ambush the NPCs", "pcs")]  # fmt: skip


@register
class ChroniquesInitiativeCalculator(_Chroniques):
    """Acting order with the tie rules, a delayed action, and the surprise test.

    A combatant line may end with ``blinded`` (-5 initiative), ``untrained
    shield`` or ``untrained armour`` (-3 each), ``weakened`` or ``immobilised``
    (the surprise test on a d12) and ``best of two`` (an ability's two dice).

    Example:
        >>> calc = ChroniquesInitiativeCalculator()
        >>> calc.result.value.index("Elvira") < calc.result.value.index("Goblin chief")
        True
    """

    title = "Initiative and surprise"
    bench_changes = changes(
        delay_name="Elvira", delay_to=5, ambush="none", ambushers_dex=4
    ) + changes(ambush="pcs", ambushers_stealth=5)

    def build_controls(self) -> Controls:
        """Combatants, one delay, and the ambush."""
        return {
            "combatants": text_box(
                "name, Init., PC/NPC, WIS (then blinded, weakened, untrained armour...)",
                _DEFAULT_FIGHT, rows=6),
            "delay_name": text_box("Delays (name)", ""),
            "delay_to": int_box("Delayed initiative", 0),
            "ambush": dropdown("Ambush (embuscade)", _AMBUSH_OPTIONS, "npcs"),
            "ambushers_dex": int_box("Stealthiest ambusher: DEX mod.", 2),
            "ambushers_stealth": int_box("Stealthiest ambusher: stealth bonus (discrétion)", 0),
            "gm_modifier": int_box("GM's modifier (distance, terrain)", 0),
        }  # fmt: skip

    def compute(self, values: Values) -> View:
        """The order, with each ambushed combatant's chance of being surprised in round 1."""
        r, call = rule_call(co.initiative_report, **values, then=".names")
        odds = r.surprised
        rows = [(rank, c.name, c.initiative, _("PC (PJ)" if c.player else "NPC (PNJ)"),
                 f"{c.wisdom} ({_signed(co.ability_modifier(c.wisdom))})",
                 _("acts" if c.acts else "loses the action"),
                 f"{probability(odds[c.name])} ({c.die})" if c.name in odds else "—")
                for rank, c in enumerate(r.order, 1)]  # fmt: skip
        head = ["#", "name", "Init.", "side", "WIS", "this round", "P(surprised)"]
        notes = [f"{phrases(n)}." for n in r.notes]
        if r.difficulty is not None:
            nat = _(" (only a natural 1 fails)") if r.difficulty <= 1 else ""
            notes.append(_("Surprise: a WIS test against {n}{nat}.").format(n=r.difficulty, nat=nat))  # fmt: skip
        return View(table_html(head, rows) + notes_html(notes), "", call, r)


# ---------------------------------------------------------------- 7. chase
@register
class ChroniquesChaseCalculator(_Chroniques):
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
        changes(quarry_dex=5, quarry_die="d20", sight=150, distance=60)
        + changes(pursuer_traits=("HUGE",), endurance_from=11, max_rounds=40, pursuer_acts="3")
        + changes(quarry_untrained=1, heavy_rain=True)
    )

    def build_controls(self) -> Controls:
        """Both sides, the distances, the rounds followed and the named parameters."""
        controls: dict[str, widgets.Widget] = {}
        for side, dex, die, traits, con in (("pursuer", 0, "d20", ("HUGE", "FLYING"), 2),
                                            ("quarry", 4, "2d20kh1", (), 1)):  # fmt: skip
            who = side.capitalize() + "'s"
            controls |= {
                f"{side}_dex": int_box(f"{who} DEX mod.", dex),
                f"{side}_die": dropdown(f"{who} die", _DIE_OPTIONS, die),
                f"{side}_traits": multi_select(f"{side.capitalize()} (table)", _TRAIT_OPTIONS,
                                               traits),
                f"{side}_armour": int_box(f"{who} armour DEF", 0),
                f"{side}_untrained": int_box(
                    f"{who} untrained or forbidden shield/armour (−3 each)", 0),
                f"{side}_con": int_box(f"{who} CON mod.", con),
                f"{side}_acts": text_box(f"{side.capitalize()} acts otherwise (−20 m) in rounds",
                                         "", placeholder="e.g. 3, 5 or every"),
            }  # fmt: skip
        return controls | {
            "distance": int_box("Starting gap (m)", 30),
            "sight": int_box("Loss of sight (distance limite, m)", 50),
            "max_rounds": int_box("Rounds followed", 30),
            "endurance_from": int_box("CON tests from round (0: never)", 0),
            "heavy_rain": checkbox("Heavy rain (pluies fortes, −2 to both sides)", False),
            "extra_metres": int_box("Extra action of a 10-point lead (m)", 20),
        }

    @staticmethod
    def _test(runner: Any, rules: Any) -> str:
        """The test each round: DEX, and CON from the endurance round on."""
        rain = rules.heavy_rain
        text = _("DEX: {die} {bonus} (table {modifier}{rain})").format(
            die=runner.die, bonus=_signed(runner.bonus(False, rain)),
            modifier=_signed(runner.modifier), rain=_(", rain −2") if rain else "")  # fmt: skip
        if rules.endurance_from_round is not None:
            text += _("; CON from round {n}: {die} {bonus}").format(
                n=rules.endurance_from_round, die=runner.die, bonus=_signed(runner.bonus(True, rain)))  # fmt: skip
        return text

    def compute(self, values: Values) -> View:
        """P(capture), P(escape), P(unresolved), mean rounds, and the rounds chart."""
        r, call = rule_call(co.chase_report, **values, then=".odds.capture")
        odds, rules = r.odds, r.rules
        rows = [(_("Pursuer's test"), self._test(r.pursuer, rules)),
                (_("Quarry's test"), self._test(r.quarry, rules))]  # fmt: skip
        for who, runner in (("Pursuer", r.pursuer), ("Quarry", r.quarry)):
            if runner.every_round or runner.acts_otherwise:
                rounds = ", ".join(str(n) for n in sorted(runner.acts_otherwise))
                rows.append((_(f"{who} acts otherwise (−20 m) in rounds"),
                             _("every round") if runner.every_round else rounds))  # fmt: skip
        rows += [(_("P(capture)"), probability(odds.capture)),
                 (_("P(escape: out of sight)"), probability(odds.escape)),
                 (_("P(still going after {n} rounds)").format(n=rules.max_rounds), probability(odds.unresolved)),
                 (_("Mean rounds played"), number(odds.expected_rounds))]  # fmt: skip
        ends = list(zip(odds.capture_by_round, odds.escape_by_round))
        last = max((n for n, (c, e) in enumerate(ends, 1) if c + e >= Fraction(1, 2000)),
                   default=1)  # fmt: skip
        chart = grouped_bar_chart([str(n) for n in range(1, last + 1)],
                                  {"capture": list(odds.capture_by_round[:last]),
                                   "escape": list(odds.escape_by_round[:last])},
                                  title="When the chase ends", x_title="round",
                                  running_total=True)  # fmt: skip
        return View(table_html(["", "exact answer"], rows), chart, call, r)
