"""Chroniques Oubliées: a typed list of combatants, the acting order, and surprise.

:func:`parse_combatants` reads the initiative calculator's list, one combatant
a line (``name, initiative, PC or NPC, WIS score`` then any of ``blinded``,
``weakened``, ``immobilised``, ``untrained shield``, ``untrained armour``,
``best of two``); :func:`initiative_report` gives the order (with one delayed
action) and, after an ambush by either side, each ambushed combatant's chance
of being surprised in round 1, with a seeded roll of their WIS tests.

Example:
    >>> people, notes = parse_combatants("Krush, 12, PC, 10, blinded")
    >>> people[0].initiative, notes
    (7, ('Krush: initiative 12 becomes 7 (blinded)',))
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
from fractions import Fraction

from ...errors import RuleValueError, check_int, quote
from .conditions import (
    Combatant,
    delay,
    effective_initiative,
    initiative_order,
    surprise_difficulty,
    surprise_odds,
)
from .core import CheckLines, ability_modifier, roll_check

__all__ = [
    "AMBUSHES",
    "MAX_COMBATANTS",
    "InitiativeReport",
    "initiative_report",
    "parse_combatants",
]

#: Most combatant lines read (checked before any line is read).
MAX_COMBATANTS = 40
#: Longest list of combatants read, in characters.
MAX_LIST_CHARACTERS = 4000
#: Who ambushes whom: the side that takes the WIS test against surprise.
AMBUSHES = {"none": None, "npcs": True, "pcs": False}
#: What may follow the four fields of a combatant line.
_TAGS = {
    "blinded": "blinded",
    "untrained shield": "untrained_shield",
    "untrained armour": "untrained_armour",
    "untrained armor": "untrained_armour",
    "weakened": "weakened",
    "immobilised": "immobilised",
    "immobilized": "immobilised",
    "best of two": "best_of_two",
    "2d20": "best_of_two",
}
_NUMBER = re.compile(r"-?[0-9]{1,3}")
_USAGE = (
    "write 'name, initiative, PC or NPC, WIS score' and, if any, blinded, weakened, "
    "immobilised, untrained shield, untrained armour, best of two"
)


def _line(n: int, line: str) -> tuple[Combatant, str | None]:
    """One combatant line read (``n`` counts from 1), and a note if its score changed."""
    parts = [p.strip() for p in line.split(",")]
    if len(parts) < 4 or parts[2].upper() not in ("PC", "NPC", "PJ", "PNJ"):
        raise RuleValueError(f"combatants line {n} {quote(line)}: {_USAGE}", field="combatants")
    if not (_NUMBER.fullmatch(parts[1]) and _NUMBER.fullmatch(parts[3])):
        raise RuleValueError(
            f"combatants line {n} {quote(line)}: initiative and WIS must be whole numbers "
            "written with the digits 0-9",
            field="combatants",
        )
    tags = []
    for tag in parts[4:]:
        key = " ".join(tag.lower().split())
        if key not in _TAGS:
            raise RuleValueError(
                f"combatants line {n}: {quote(tag, 30)} is not blinded, weakened, immobilised, "
                "untrained shield, untrained armour or best of two",
                field="combatants",
            )
        tags.append(_TAGS[key])
    base, wis = int(parts[1]), int(parts[3])
    for what, value, lo, hi in (("Init.", base, 0, 60), ("WIS", wis, 1, 30)):
        if not lo <= value <= hi:
            raise RuleValueError(
                f"combatants line {n} {quote(line)}: {what} {value} is out of range "
                f"(write {lo} to {hi})",
                field="combatants",
            )
    score = effective_initiative(
        base,
        ["blinded"] if "blinded" in tags else [],
        untrained_shield="untrained_shield" in tags,
        untrained_armour="untrained_armour" in tags,
    )
    d12 = bool({"weakened", "immobilised"} & set(tags))
    die = ("2d12kh1" if d12 else "2d20kh1") if "best_of_two" in tags else ("d12" if d12 else "d20")
    person = Combatant(parts[0], score, parts[2].upper() in ("PC", "PJ"), wis, die=die)
    why = ", ".join(t.replace("_", " ") for t in tags if t.startswith(("blind", "untr")))
    return person, (f"{parts[0]}: initiative {base} becomes {score} ({why})" if why else None)


def parse_combatants(text: str) -> tuple[tuple[Combatant, ...], tuple[str, ...]]:
    """Read a list of combatants, one a line; return them and a note per adjusted score.

    Initiative (0 to 60) and WIS (1 to 30) are read with the ASCII digits only;
    blinded takes 5 off the initiative and each untrained shield or armour 3
    (never below 0); weakened or immobilised puts the tests on the d12;
    ``best of two`` (an ability) gives the best of two dice.

    Raises:
        RuleValueError: ``field="combatants"``, naming the line and quoting at
            most 60 characters of it.

    Example:
        >>> people, _ = parse_combatants("Elvira, 16, PC, 14, weakened, best of two")
        >>> people[0].die
        '2d12kh1'
        >>> parse_combatants("Krush, twelve, PC, 10")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: combatants line 1 'Krush, twelve, PC, 10': \
initiative and WIS must be whole numbers written with the digits 0-9
    """
    if not isinstance(text, str):
        raise RuleValueError(
            f"combatants must be text, one combatant a line, got {quote(text)}",
            field="combatants",
        )
    if len(text) > MAX_LIST_CHARACTERS:
        raise RuleValueError(
            f"combatants must be at most {MAX_LIST_CHARACTERS} characters (got {len(text)})",
            field="combatants",
        )
    lines = [line for line in text.strip().splitlines() if line.strip()]
    if len(lines) > MAX_COMBATANTS:
        raise RuleValueError(
            f"combatants must list at most {MAX_COMBATANTS} combatants, one a line "
            f"(got {len(lines)} lines)",
            field="combatants",
        )
    read = [_line(n, line) for n, line in enumerate(lines, 1)]
    if not read:
        raise RuleValueError("combatants must list at least one combatant", field="combatants")
    return tuple(p for p, _ in read), tuple(note for _, note in read if note)


@dataclass(frozen=True)
class InitiativeReport:
    r"""The acting order of round 1 and, after an ambush, who may be surprised.

    Attributes:
        order: The combatants in acting order (a delayed one moved).
        difficulty: The WIS test's difficulty, or None without an ambush.
        ambushed_players: True when the PCs are ambushed, False the NPCs, None: no ambush.
        notes: The initiative scores the list's tags changed.

    Example:
        >>> r = initiative_report("Ana, 12, PC, 14\nGob, 10, NPC, 8")
        >>> r.names, r.surprised["Ana"]
        (('Ana', 'Gob'), Fraction(9, 20))
    """

    order: tuple[Combatant, ...]
    difficulty: int | None
    ambushed_players: bool | None
    notes: tuple[str, ...]

    @property
    def names(self) -> tuple[str, ...]:
        """The names in acting order."""
        return tuple(c.name for c in self.order)

    def ambushed(self, c: Combatant) -> bool:
        """Whether ``c`` takes the WIS test against surprise."""
        return self.difficulty is not None and c.player is self.ambushed_players

    @property
    def surprised(self) -> dict[str, Fraction]:
        """P(surprised in round 1) of every ambushed combatant, by name."""
        return {
            c.name: surprise_odds(c.wisdom, self.difficulty, c.die)
            for c in self.order
            if self.ambushed(c)
        }

    def roll(self, rng: random.Random) -> CheckLines:
        """Roll each ambushed combatant's WIS test; round 1's order, every die shown.

        Example:
            >>> initiative_report("Ana, 12, PC, 14").roll(random.Random(1)).lines
            ('round 1: Ana (WIS 1d20 [5] + 2 = 7 vs 12: failure): surprised: no action, −5 DEF',)
        """
        lines = []
        for c in self.order:
            status = "acts" if c.acts else "loses the action"
            if self.ambushed(c):
                test = roll_check(ability_modifier(c.wisdom), self.difficulty, c.die, rng=rng)
                if not test.success:
                    status = "surprised: no action, −5 DEF"
                lines.append(f"{c.name} (WIS {test}): {status}")
            else:
                lines.append(f"{c.name}: {status}")
        return CheckLines(("round 1: " + lines[0], *lines[1:]))


def initiative_report(
    combatants: str,
    delay_name: str = "",
    delay_to: int = 0,
    *,
    ambush: str = "npcs",
    ambushers_dex: int = 2,
    ambushers_stealth: int = 0,
    gm_modifier: int = 0,
) -> InitiativeReport:
    r"""The order of a typed list of combatants, one delayed action, and an ambush.

    Args:
        combatants: The list (see :func:`parse_combatants`).
        delay_name: The combatant who delays its action ("" for none).
        delay_to: The initiative it delays to (0: it loses the action).
        ambush: ``"npcs"`` (the NPCs ambush the PCs, who take the WIS test),
            ``"pcs"`` (the PCs ambush the NPCs) or ``"none"``.
        ambushers_dex: The stealthiest ambusher's DEX modifier.
        ambushers_stealth: Its stealth bonus (*bonus de discrétion*).
        gm_modifier: The GM's modifier for distance and surroundings.

    Example:
        >>> r = initiative_report("Ana, 12, PC, 14\nGob, 10, NPC, 8", ambush="pcs")
        >>> r.surprised  # WIS 8 (-1) against 12
        {'Gob': Fraction(3, 5)}
    """
    people, notes = parse_combatants(combatants)
    check_int(delay_to, "delay_to", 0, 60)
    if not isinstance(delay_name, str):
        raise RuleValueError(
            f"delay_name must be a combatant's name, got {quote(delay_name)}", field="delay_name"
        )
    if delay_name.strip():
        name = delay_name.strip()
        if name not in {c.name for c in people}:
            raise RuleValueError(
                f"delay_name {quote(name)} is no combatant of the list", field="delay_name"
            )
        check_int(delay_to, "delay_to", 0, None)
        top = next(c.initiative for c in people if c.name == name)
        check_int(delay_to, "delay_to", 0, top - 1)
        order = delay(people, name, delay_to)
    else:
        order = initiative_order(people)
    if not isinstance(ambush, str) or ambush not in AMBUSHES:
        raise RuleValueError(
            f"ambush must be one of {', '.join(AMBUSHES)}, got {quote(ambush)}", field="ambush"
        )
    difficulty = None
    if AMBUSHES[ambush] is not None:
        check_int(ambushers_dex, "ambushers_dex", -5, 15)
        check_int(ambushers_stealth, "ambushers_stealth", 0, 20)
        difficulty = surprise_difficulty([(ambushers_dex, ambushers_stealth)], gm_modifier)
    return InitiativeReport(order, difficulty, AMBUSHES[ambush], notes)
