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
import unicodedata
from dataclasses import dataclass
from fractions import Fraction

from ...errors import RuleValueError, check_int, quote
from ...messages import Msg, join
from .conditions import (
    SURPRISE_DIFFICULTY_RANGE,
    Combatant,
    delay,
    effective_initiative,
    initiative_order,
    surprise_difficulty,
    surprise_odds,
)
from .core import (
    INITIATIVE_RANGE,
    MODIFIER_RANGE,
    NAME_LIMIT,
    CheckLines,
    ability_modifier,
    roll_check,
)
from .records import check_fields
from .words import M

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
#: What may follow the four fields of a combatant line, in English or French
#: (accents optional): the tag it stands for.
_TAGS = {
    "blinded": "blinded",
    "aveuglé": "blinded",
    "untrained shield": "untrained_shield",
    "bouclier sans formation": "untrained_shield",
    "untrained armour": "untrained_armour",
    "untrained armor": "untrained_armour",
    "armure sans formation": "untrained_armour",
    "weakened": "weakened",
    "affaibli": "weakened",
    "immobilised": "immobilised",
    "immobilized": "immobilised",
    "immobilisé": "immobilised",
    "best of two": "best_of_two",
    "meilleur de deux": "best_of_two",
    "2d20": "best_of_two",
}
_TAG_NAMES = {
    "blinded": M("blinded"),
    "untrained_shield": M("untrained shield"),
    "untrained_armour": M("untrained armour"),
}
#: The sides a line may name: player characters (PC, PJ) or not (NPC, PNJ).
_SIDES = {"PC": True, "PJ": True, "NPC": False, "PNJ": False}
_NUMBER = re.compile(r"-?[0-9]{1,3}")


def _plain(text: str) -> str:
    """Lower case, single spaces, accents dropped (``Immobilisé`` reads as ``immobilise``)."""
    folded = unicodedata.normalize("NFKD", " ".join(text.lower().split()))
    return "".join(ch for ch in folded if not unicodedata.combining(ch))


_PLAIN_TAGS = {_plain(k): v for k, v in _TAGS.items()}


def _line(n: int, line: str) -> tuple[Combatant, Msg | None]:
    """One combatant line read (``n`` counts from 1), and a note if its score changed."""
    parts = [p.strip() for p in line.split(",")]
    if len(parts) < 4 or parts[2].upper() not in _SIDES:
        raise RuleValueError(
            M(
                "{name} line {n} {line}: write 'name, initiative, PC or NPC, WIS score' and, "
                "if any, blinded, weakened, immobilised, untrained shield, untrained armour, "
                "best of two",
                name="combatants",
                n=n,
                line=quote(line),
            ),
            field="combatants",
        )
    if not (_NUMBER.fullmatch(parts[1]) and _NUMBER.fullmatch(parts[3])):
        raise RuleValueError(
            M(
                "{name} line {n} {line}: initiative and WIS must be whole numbers written with "
                "the digits 0-9",
                name="combatants",
                n=n,
                line=quote(line),
            ),
            field="combatants",
        )
    tags = []
    for tag in parts[4:]:
        key = _plain(tag)
        if key not in _PLAIN_TAGS:
            raise RuleValueError(
                M(
                    "{name} line {n}: {tag} is not blinded, weakened, immobilised, untrained "
                    "shield, untrained armour or best of two",
                    name="combatants",
                    n=n,
                    tag=quote(tag, 30),
                ),
                field="combatants",
            )
        tags.append(_PLAIN_TAGS[key])
    base, wis = int(parts[1]), int(parts[3])
    for what, value, lo, hi in ((M("Init."), base, *INITIATIVE_RANGE), (M("WIS"), wis, 1, 30)):
        if not lo <= value <= hi:
            raise RuleValueError(
                M(
                    "{name} line {n} {line}: {what} {value} is out of range (write {lo} to {hi})",
                    name="combatants",
                    n=n,
                    line=quote(line),
                    what=what,
                    value=value,
                    lo=lo,
                    hi=hi,
                ),
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
    person = Combatant(parts[0], score, _SIDES[parts[2].upper()], wis, die=die)
    why = [_TAG_NAMES[t] for t in dict.fromkeys(tags) if t in _TAG_NAMES]
    if not why:
        return person, None
    note = M(
        "{name}: initiative {base} becomes {score} ({why})",
        name=parts[0],
        base=base,
        score=score,
        why=join(", ", why),
    )
    return person, note


def parse_combatants(text: str) -> tuple[tuple[Combatant, ...], tuple[Msg, ...]]:
    """Read a list of combatants, one a line; return them and a note per adjusted score.

    A line is ``name, initiative, side, WIS score``: the side is ``PC`` or
    ``NPC`` (``PJ`` or ``PNJ`` in French). Initiative (0 to 60) and WIS (1 to 30)
    are read with the ASCII digits only; blinded takes 5 off the initiative
    and each untrained shield or armour 3 (never below 0); weakened or
    immobilised puts the tests on the d12; ``best of two`` (an ability) gives
    the best of two dice. Those words may be written in French too (accents
    optional): ``aveuglé``, ``affaibli``, ``immobilisé``, ``bouclier sans
    formation``, ``armure sans formation``, ``meilleur de deux``.

    Raises:
        RuleValueError: ``field="combatants"``, naming the line and quoting at
            most 60 characters of it.

    Example:
        >>> people, _ = parse_combatants("Elvira, 16, PC, 14, weakened, best of two")
        >>> people[0].die
        '2d12kh1'
        >>> parse_combatants("Gobelin, 12, PNJ, 8, aveugle")[0][0].initiative
        7
        >>> parse_combatants("Krush, twelve, PC, 10")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: combatants line 1 'Krush, twelve, PC, 10': \
initiative and WIS must be whole numbers written with the digits 0-9
    """
    if not isinstance(text, str):
        raise RuleValueError(
            M(
                "{name} must be text, one combatant a line, got {got}",
                name="combatants",
                got=quote(text),
            ),
            field="combatants",
            value=text,
        )
    if len(text) > MAX_LIST_CHARACTERS:
        raise RuleValueError(
            M(
                "{name} must be at most {n} characters (got {got})",
                name="combatants",
                n=MAX_LIST_CHARACTERS,
                got=len(text),
            ),
            field="combatants",
        )
    lines = [line for line in text.strip().splitlines() if line.strip()]
    if len(lines) > MAX_COMBATANTS:
        raise RuleValueError(
            M(
                "{name} must list at most {n} combatants, one a line (got {got} lines)",
                name="combatants",
                n=MAX_COMBATANTS,
                got=len(lines),
            ),
            field="combatants",
        )
    read = [_line(n, line) for n, line in enumerate(lines, 1)]
    if not read:
        raise RuleValueError(
            M("{name} must list at least one combatant", name="combatants"), field="combatants"
        )
    return tuple(p for p, _ in read), tuple(note for _, note in read if note)


@dataclass(frozen=True)
class InitiativeReport:
    r"""The acting order of round 1 and, after an ambush, who may be surprised.

    Attributes:
        order: The combatants in acting order (a delayed one moved).
        difficulty: The WIS test's difficulty, or None without an ambush.
        ambushed_players: True when the PCs are ambushed, False the NPCs, None: no ambush.
        notes: The initiative scores the list's tags changed.
        unused: ``(parameter, why)`` of :func:`initiative_report` that do not
            count here (the delay's initiative without a name, the ambushers'
            values without an ambush).

    Example:
        >>> r = initiative_report("Ana, 12, PC, 14\nGob, 10, NPC, 8")
        >>> r.names, r.surprised["Ana"]
        (('Ana', 'Gob'), Fraction(9, 20))
        >>> InitiativeReport((Combatant("Ana", 12, True, 14),), 12, True, ()).surprised
        {'Ana': Fraction(9, 20)}
    """

    order: tuple[Combatant, ...]
    difficulty: int | None
    ambushed_players: bool | None
    notes: tuple[str, ...]
    unused: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        """Check every field (a difficulty as :func:`surprise_difficulty` gives one)."""
        check_fields(self)
        if self.difficulty is not None:
            check_int(self.difficulty, "difficulty", *SURPRISE_DIFFICULTY_RANGE)

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
            status = M("acts") if c.acts else M("loses the action")
            if self.ambushed(c) and self.difficulty is not None:
                test = roll_check(ability_modifier(c.wisdom), self.difficulty, c.die, rng=rng)
                if not test.success:
                    status = M("surprised: no action, −5 DEF")
                lines.append(
                    M(
                        "{name} (WIS {test}): {status}",
                        name=c.name,
                        test=test.message,
                        status=status,
                    )
                )
            else:
                lines.append(M("{name}: {status}", name=c.name, status=status))
        if not lines:
            return CheckLines(())
        return CheckLines((M("round 1: {line}", line=lines[0]), *lines[1:]))


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

    The report's ``unused`` names ``delay_to`` when no one delays, and the
    ambushers' values without an ambush: they do not count, and are not checked.

    Example:
        >>> r = initiative_report("Ana, 12, PC, 14\nGob, 10, NPC, 8", ambush="pcs")
        >>> r.surprised  # WIS 8 (-1) against 12
        {'Gob': Fraction(3, 5)}
    """
    people, notes = parse_combatants(combatants)
    unused: list[tuple[str, str]] = []
    if isinstance(delay_name, str) and not delay_name.strip():
        unused.append(("delay_to", M("only for a combatant who delays")))
        check_int(delay_to, "delay_to")  # (only its type)
        delay_to = 0
    if ambush == "none":
        why = M("only for an ambush")
        ambushers = {"ambushers_dex": ambushers_dex, "ambushers_stealth": ambushers_stealth}
        for name, value in (ambushers | {"gm_modifier": gm_modifier}).items():
            unused.append((name, why))
            check_int(value, name)  # (only its type)
        ambushers_dex, ambushers_stealth, gm_modifier = 2, 0, 0
    check_int(delay_to, "delay_to", *INITIATIVE_RANGE)
    if not isinstance(delay_name, str) or len(delay_name) > NAME_LIMIT:
        raise RuleValueError(
            M(
                "{name} must be a combatant's name, got {got}",
                name="delay_name",
                got=quote(delay_name),
            ),
            field="delay_name",
            value=delay_name,
        )
    if not isinstance(ambush, str) or ambush not in AMBUSHES:
        allowed = ", ".join(AMBUSHES)
        raise RuleValueError(
            M(
                "{name} must be one of {allowed}, got {got}",
                name="ambush",
                allowed=allowed,
                got=quote(ambush),
            ),
            field="ambush",
            allowed=allowed,
            value=ambush,
        )
    check_int(ambushers_dex, "ambushers_dex", *MODIFIER_RANGE)
    check_int(ambushers_stealth, "ambushers_stealth", 0, 20)
    check_int(gm_modifier, "gm_modifier", -10, 10)
    if delay_name.strip():
        name = delay_name.strip()
        if name not in {c.name for c in people}:
            raise RuleValueError(
                M("{name} {got} is no combatant of the list", name="delay_name", got=quote(name)),
                field="delay_name",
                value=delay_name,
            )
        top = next(c.initiative for c in people if c.name == name)
        if top == 0:
            raise RuleValueError(
                M(
                    "{name} {got} has initiative 0: it cannot act any later",
                    name="delay_name",
                    got=quote(name),
                ),
                field="delay_name",
            )
        check_int(delay_to, "delay_to", 0, top - 1)
        order = delay(people, name, delay_to)
    else:
        order = initiative_order(people)
    difficulty = None
    if AMBUSHES[ambush] is not None:
        difficulty = surprise_difficulty([(ambushers_dex, ambushers_stealth)], gm_modifier)
    return InitiativeReport(order, difficulty, AMBUSHES[ambush], notes, tuple(unused))
