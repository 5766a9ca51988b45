"""Chroniques Oubliées: one seeded attack action, every die shown.

:func:`roll_attack` resolves an :class:`~.attack.AttackReport` once, under
exactly the rules that priced it: the helper's concerted test first (when it
is still to roll; its bonus goes to the next attack only), then each attack,
then the damage of each hit (doubled on a critical; a non-lethal blow that is
a critical failure deals doubled lethal damage instead).

Example:
    >>> from rulebook_py.systems.chroniques import attack_report
    >>> roll = attack_report(4, 14, damage="1d8", damage_modifier=3).roll(random.Random(7))
    >>> roll.lines
    ('1d20 [11] + 4 = 15 vs 14: success; damage 1d8 [3] +3 → 6 lethal',)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from .core import check_flag, check_rng, roll_check

if TYPE_CHECKING:
    from .attack import AttackReport

__all__ = ["AttackRoll", "roll_attack"]


@dataclass(frozen=True)
class AttackRoll:
    """One seeded attack action.

    Attributes:
        lines: One line a step (the helper's test, each attack with its damage).
        lethal: Lethal damage dealt in all.
        temporary: Temporary damage dealt in all.

    Example:
        >>> AttackRoll(("a miss",)).lethal
        0
    """

    lines: tuple[str, ...]
    lethal: int = 0
    temporary: int = 0

    def __str__(self) -> str:
        """The lines, one a line."""
        return "\n".join(self.lines)


def roll_attack(
    report: AttackReport, rng: random.Random, *, with_damage: bool = True
) -> AttackRoll:
    """Resolve ``report`` once with ``rng`` (see the module's description).

    Example:
        >>> from rulebook_py.systems.chroniques import attack_report
        >>> roll_attack(attack_report(4, 14, attacker_conditions=["stunned"]), random.Random(1))
        AttackRoll(lines=('no attack: the attacker can take no action (stunned, paralysed or surprised)',), lethal=0, temporary=0)
    """
    check_rng(rng)
    check_flag(with_damage, "with_damage")
    r = report
    if not r.possible:
        return AttackRoll(("no attack: " + "; ".join(r.notes),))
    lines = []
    extra = r.concerted
    if r.helper_bonus is not None:
        helper = roll_check(r.helper_bonus, 15, rng=rng)
        big = helper.natural == "critical" or helper.total >= 25
        extra = (4 if big else 2) if helper.success else 0
        lines.append(f"helper (concerted attack): {helper}, so {extra:+d} to the next attack")
    lethal = temporary = 0
    plain = r.bonus - r.concerted
    hands = [r.damage, r.off_hand][: r.attacks]
    for hand, dice in enumerate(hands):
        # The concerted bonus goes to the first attack only.
        bonus = plain + (extra if hand == 0 else 0)
        if r.outcome.hit == 1 and r.outcome.critical == 1:
            natural, hit, shown = "critical", True, "automatic critical (target paralysed)"
        else:
            test = roll_check(bonus, r.defense, r.die, rng=rng, critical_from=r.critical_from)
            natural, hit, shown = test.natural, test.success, str(test)
        # A non-lethal blow that is a critical failure deals doubled lethal damage.
        backfire = r.temporary_blow and natural == "fumble"
        line = shown
        if with_damage and (hit or backfire) and dice is not None:
            dmg = dice.roll(rng)
            base = max(0, dmg.total + r.damage_modifier)
            double = natural in ("critical", "fumble")
            amount = base * (2 if double else 1)
            kind = "lethal"
            if r.temporary_blow and hit:
                # Not temporary_damage(): a doubled blow may pass its 0-500 range.
                amount = max(0, amount - r.target_strength)
                kind = f"temporary (after the target's STR {r.target_strength:+d})"
                temporary += amount
            else:
                lethal += amount
            line += (
                f"; damage {dmg.text} {r.damage_modifier:+d}"
                f"{' ×2' if double else ''} → {amount} {kind}"
            )
        prefix = ("main hand: ", "off hand: ")[hand] if r.attacks == 2 else ""
        lines.append(prefix + line)
    return AttackRoll(tuple(lines), lethal, temporary)
