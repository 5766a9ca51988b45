"""Chroniques Oubliées: one seeded attack action, every die shown.

:func:`resolve_attack` resolves an :class:`~.attacks.AttackReport` once, under
exactly the rules that priced it: the helper's concerted test first (when it
is still to roll; its bonus goes to the next attack only), then each attack,
then the damage of each hit (doubled on a critical; a non-lethal blow that is
a critical failure deals doubled lethal damage instead). Every line is a
message, shown in the reader's language.

Example:
    >>> from rulebook_py.systems.chroniques import Blow, attack_action
    >>> roll = attack_action(4, 14, blow=Blow("1d8", 3)).roll(random.Random(7))
    >>> roll.lines
    ('1d20 [11] + 4 = 15 vs 14: success; damage 1d8 [3] +3 → 6 lethal',)
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ...messages import Msg, join
from .core import check_bool, check_rng, roll_check
from .damage import MAX_TEMPORARY, blow_temporary_damage
from .records import check_fields
from .special import CONCERTED_BIG_BONUS, CONCERTED_BIG_TOTAL, CONCERTED_BONUS
from .words import M

if TYPE_CHECKING:
    from .attacks import AttackReport

__all__ = ["AttackRoll"]


@dataclass(frozen=True)
class AttackRoll:
    """One seeded attack action.

    Attributes:
        lines: One line a step (the helper's test, each attack with its damage),
            each a message.
        lethal: Lethal damage dealt in all.
        temporary: Temporary damage dealt in all.

    Example:
        >>> AttackRoll(("a miss",)).lethal
        0
    """

    lines: tuple[str, ...]
    lethal: int = 0
    temporary: int = 0

    def __post_init__(self) -> None:
        """Check every field (damage from 0 to twice the most temporary damage counted)."""
        most = 2 * MAX_TEMPORARY
        check_fields(self, lethal=(0, most), temporary=(0, most))

    @property
    def message(self) -> Msg:
        """The lines, one a line (a message)."""
        return join("\n", self.lines)

    def __str__(self) -> str:
        """The lines, one a line."""
        return "\n".join(self.lines)


def resolve_attack(
    report: AttackReport, rng: random.Random, *, with_damage: bool = True
) -> AttackRoll:
    """Resolve an attack report once with ``rng`` (see the module's description).

    :func:`~.attacks.roll_attack` checks the report first; this is the work.
    """
    check_rng(rng)
    check_bool(with_damage, "with_damage")
    r = report
    if not r.possible:
        return AttackRoll((M("no attack: {why}", why=join("; ", r.notes)),))
    lines: list[Msg] = []
    extra = r.concerted
    if r.helper_bonus is not None:
        helper = roll_check(r.helper_bonus, 15, rng=rng)
        big = helper.natural == "critical" or helper.total >= CONCERTED_BIG_TOTAL
        extra = (CONCERTED_BIG_BONUS if big else CONCERTED_BONUS) if helper.success else 0
        lines.append(
            M(
                "helper (concerted attack): {test}, so {extra:+d} to the next attack",
                test=helper.message,
                extra=extra,
            )
        )
    lethal = temporary = 0
    plain = r.bonus - r.concerted
    hands = [r.damage, r.off_hand][: r.attacks]
    for hand, dice in enumerate(hands):
        # The concerted bonus goes to the first attack only.
        bonus = plain + (extra if hand == 0 else 0)
        line: Msg
        if r.outcome.hit == 1 and r.outcome.critical == 1:
            natural, hit, line = "critical", True, M("automatic critical (target paralysed)")
        else:
            test = roll_check(bonus, r.defense, r.die, rng=rng, critical_from=r.critical_from)
            natural, hit, line = test.natural, test.success, test.message
        # A non-lethal blow that is a critical failure deals doubled lethal damage.
        backfire = r.temporary_blow and natural == "fumble"
        if with_damage and (hit or backfire) and dice is not None:
            dmg = dice.roll(rng)
            base = max(0, dmg.total + r.damage_modifier)
            double = natural in ("critical", "fumble")
            amount = base * (2 if double else 1)
            if r.temporary_blow and hit:
                # A doubled blow may pass temporary_damage()'s 0-500 range.
                amount = blow_temporary_damage(amount, r.target_strength)
                kind = M(
                    "temporary (after the target's STR {strength:+d})", strength=r.target_strength
                )
                temporary += amount
            else:
                kind = M("lethal")
                lethal += amount
            if double:
                line = M(
                    "{line}; damage {dice} {modifier:+d} ×2 → {amount} {kind}",
                    line=line,
                    dice=dmg.text,
                    modifier=r.damage_modifier,
                    amount=amount,
                    kind=kind,
                )
            else:
                line = M(
                    "{line}; damage {dice} {modifier:+d} → {amount} {kind}",
                    line=line,
                    dice=dmg.text,
                    modifier=r.damage_modifier,
                    amount=amount,
                    kind=kind,
                )
        if r.attacks == 2:
            line = (
                M("main hand: {line}", line=line) if hand == 0 else M("off hand: {line}", line=line)
            )
        lines.append(line)
    return AttackRoll(tuple(lines), lethal, temporary)
