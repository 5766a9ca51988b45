"""Chroniques Oubliées: harmful conditions, the actions of a turn, surprise, initiative.

The eight harmful conditions (*états préjudiciables*) combine: their
modifiers add up, any "no action" or "no move" wins, and the d12 rule applies
if any of them imposes it. Two conditions that both give -5 DEF (stunned and
surprised, say) therefore give -10: the source lists them as independent
effects and says nothing against stacking.

Example:
    >>> fx = combine_conditions({Condition.BLINDED, Condition.KNOCKED_DOWN})
    >>> fx.melee_attack, fx.ranged_attack, fx.defense, fx.initiative
    (-10, -15, -10, -5)
    >>> validate_turn(["move", "attack"]).actions
    (<Action.MOVE: ('move', 'M', 'action de mouvement')>, <Action.ATTACK: ('attack', 'A', "action d'attaque")>)
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, replace
from enum import Enum
from fractions import Fraction

from ...errors import RuleValueError, check_int, quote
from ...labels import NamedEnum
from ...messages import Msg, join
from .core import (
    INITIATIVE_RANGE,
    MODIFIER_RANGE,
    SCORE_RANGE,
    AttackOutcome,
    CheckDie,
    ability_modifier,
    check_bool,
    check_name,
    check_odds,
)
from .records import check_fields
from .words import M

__all__ = [
    "MAX_ITEMS",
    "ROUND_SECONDS",
    "SURPRISE_DIFFICULTY_RANGE",
    "Action",
    "Combatant",
    "Condition",
    "ConditionEffects",
    "Turn",
    "combine_conditions",
    "condition_set",
    "delay",
    "effective_initiative",
    "initiative_order",
    "parse_turn",
    "surprise_difficulty",
    "surprise_odds",
    "turn_problem",
    "validate_turn",
]

#: Length of a combat round (*tour de combat*), in seconds.
ROUND_SECONDS = 10


@dataclass(frozen=True)
class ConditionEffects:
    """Every modifier a set of conditions gives (all zero / allowed when none).

    Attributes:
        initiative: Added to the initiative score.
        melee_attack: Added to melee and magic attack tests.
        ranged_attack: Added to ranged attack tests (replaces ``melee_attack``).
        defense: Added to DEF.
        uses_d12: Every test uses the d12 instead of the d20.
        can_act: Any action is possible at all.
        can_move: The character can travel (a move action may cover ground;
            an immobilised one may still stand up, draw a weapon, drink a potion).
        max_actions: Most actions a turn (2 normally, 1 when slowed, 0).
        limited_allowed: A limited action is possible.
        auto_critical_against: Any attack against this creature hits as a critical.
        must_stand: A move action is needed to stand up.

    Example:
        >>> ConditionEffects().can_act, Condition.STUNNED.effects.defense
        (True, -5)
        >>> ConditionEffects(initiative=-5, melee_attack=-5, ranged_attack=-10, defense=-5).defense
        -5
    """

    initiative: int = 0
    melee_attack: int = 0
    ranged_attack: int = 0
    defense: int = 0
    uses_d12: bool = False
    can_act: bool = True
    can_move: bool = True
    max_actions: int = 2
    limited_allowed: bool = True
    auto_critical_against: bool = False
    must_stand: bool = False

    def __post_init__(self) -> None:
        """Check every field (whole modifiers of -100 to 100, 0 to 2 actions, flags)."""
        modifier = (-100, 100)
        check_fields(
            self,
            initiative=modifier,
            melee_attack=modifier,
            ranged_attack=modifier,
            defense=modifier,
            max_actions=(0, 2),
        )

    def die(self, die: str | CheckDie) -> CheckDie:
        """The die actually rolled in place of ``die``.

        Example:
            >>> Condition.WEAKENED.effects.die("2d20kh1").notation
            '2d12kh1'
        """
        kind = CheckDie.from_text(die)
        return kind.under_d12_rule if self.uses_d12 else kind


class Condition(NamedEnum):
    """The harmful conditions (*états préjudiciables*), with their French label.

    Example:
        >>> Condition.BLINDED.label, Condition.from_text("renversé").name
        ('Aveuglé', 'KNOCKED_DOWN')
    """

    BLINDED = ("blinded", "Aveuglé")
    WEAKENED = ("weakened", "Affaibli")
    STUNNED = ("stunned", "Étourdi")
    IMMOBILISED = ("immobilised", "Immobilisé")
    PARALYSED = ("paralysed", "Paralysé")
    SLOWED = ("slowed", "Ralenti")
    KNOCKED_DOWN = ("knocked down", "Renversé")
    SURPRISED = ("surprised", "Surpris")

    @classmethod
    def from_text(cls, text: str | Condition, field: str = "conditions") -> Condition:
        """Read an English or French name (case and accents of the label as written)."""
        if isinstance(text, Condition):
            return text
        key = str(text).strip().lower()
        for member in cls:
            if key in (member.english, member.label.lower(), member.name.lower()):
                return member
        allowed = ", ".join(m.english for m in cls)
        raise RuleValueError(
            M(
                "{name} holds an unknown condition {got}: allowed are {allowed}",
                name=field,
                got=quote(text),
                allowed=allowed,
            ),
            field=field,
            allowed=allowed,
            value=text,
        )

    @property
    def effects(self) -> ConditionEffects:
        """This condition's effects alone."""
        return _EFFECTS[self]

    @property
    def summary(self) -> Msg:
        """The effects in one short line (a message)."""
        return _SUMMARY[self]

    def __message__(self) -> Msg:
        """The condition's name in the reader's words (the source's term in French)."""
        return _NAMES[self]

    @property
    def heading(self) -> Msg:
        """The condition's name with the source's term: ``blinded (Aveuglé)`` (French: ``Aveuglé``)."""
        return _HEADINGS[self]


_EFFECTS = {
    Condition.BLINDED: ConditionEffects(
        initiative=-5, melee_attack=-5, ranged_attack=-10, defense=-5
    ),
    Condition.WEAKENED: ConditionEffects(uses_d12=True),
    Condition.STUNNED: ConditionEffects(can_act=False, max_actions=0, defense=-5),
    Condition.IMMOBILISED: ConditionEffects(can_move=False, uses_d12=True),
    Condition.PARALYSED: ConditionEffects(can_act=False, max_actions=0, auto_critical_against=True),
    Condition.SLOWED: ConditionEffects(max_actions=1, limited_allowed=False),
    Condition.KNOCKED_DOWN: ConditionEffects(
        melee_attack=-5, ranged_attack=-5, defense=-5, must_stand=True
    ),
    Condition.SURPRISED: ConditionEffects(can_act=False, max_actions=0, defense=-5),
}

_SUMMARY = {
    Condition.BLINDED: M("-5 initiative, attack and DEF; -10 to ranged attacks"),
    Condition.WEAKENED: M("rolls a d12 for every test"),
    Condition.STUNNED: M("no action; -5 DEF"),
    Condition.IMMOBILISED: M(
        "cannot travel (a move action may still stand up, draw a weapon, drink a potion); "
        "rolls a d12 for every test"
    ),
    Condition.PARALYSED: M("no action; any attack against it hits as a critical"),
    Condition.SLOWED: M("one action a turn (an attack or a move)"),
    Condition.KNOCKED_DOWN: M("-5 attack and DEF; a move action to stand up"),
    Condition.SURPRISED: M("first round only: no action; -5 DEF"),
}

_HEADINGS = {
    Condition.BLINDED: M("blinded (Aveuglé)"),
    Condition.WEAKENED: M("weakened (Affaibli)"),
    Condition.STUNNED: M("stunned (Étourdi)"),
    Condition.IMMOBILISED: M("immobilised (Immobilisé)"),
    Condition.PARALYSED: M("paralysed (Paralysé)"),
    Condition.SLOWED: M("slowed (Ralenti)"),
    Condition.KNOCKED_DOWN: M("knocked down (Renversé)"),
    Condition.SURPRISED: M("surprised (Surpris)"),
}

_NAMES = {
    Condition.BLINDED: M("blinded"),
    Condition.WEAKENED: M("weakened"),
    Condition.STUNNED: M("stunned"),
    Condition.IMMOBILISED: M("immobilised"),
    Condition.PARALYSED: M("paralysed"),
    Condition.SLOWED: M("slowed"),
    Condition.KNOCKED_DOWN: M("knocked down"),
    Condition.SURPRISED: M("surprised"),
}


#: Most conditions (or actions) read from one argument: more is a mistake.
MAX_ITEMS = 20


def condition_set(
    items: Iterable[str | Condition] | str | Condition, field: str = "conditions"
) -> frozenset[Condition]:
    """Read conditions given as one name or a collection of names (or :class:`Condition`).

    Raises:
        RuleValueError: For anything else (``None``, a number, an unknown name).

    Example:
        >>> sorted(c.name for c in condition_set(["blinded", "Renversé"]))
        ['BLINDED', 'KNOCKED_DOWN']
        >>> condition_set(3)
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: conditions must be condition names such as \
'blinded', got 3
    """
    check_name(field, "field")
    if isinstance(items, (str, Condition)):
        items = [items]
    if not isinstance(items, (list, tuple, set, frozenset)) or len(items) > MAX_ITEMS:
        raise RuleValueError(
            M(
                "{name} must be condition names such as 'blinded', got {got}",
                name=field,
                got=quote(items),
            ),
            field=field,
            value=items,
        )
    return frozenset(Condition.from_text(c, field) for c in items)


def combine_conditions(
    conditions: Iterable[str | Condition], *, first_round: bool = True, field: str = "conditions"
) -> ConditionEffects:
    """The combined effects of several conditions (modifiers add up).

    Args:
        conditions: Conditions, as :class:`Condition` or their names.
        first_round: Whether this is round 1 (*surprised* counts only then).
        field: Control name for error messages.

    Example:
        >>> fx = combine_conditions(["stunned", "surprised"])
        >>> fx.defense, fx.can_act
        (-10, False)
        >>> combine_conditions(["surprised"], first_round=False).defense
        0
    """
    check_name(field, "field")
    chosen = condition_set(conditions, field)
    if not check_bool(first_round, "first_round"):
        chosen = chosen - {Condition.SURPRISED}
    parts = [c.effects for c in sorted(chosen, key=lambda c: c.name)]
    if not parts:
        return ConditionEffects()
    return ConditionEffects(
        initiative=sum(p.initiative for p in parts),
        melee_attack=sum(p.melee_attack for p in parts),
        ranged_attack=sum(p.ranged_attack for p in parts),
        defense=sum(p.defense for p in parts),
        uses_d12=any(p.uses_d12 for p in parts),
        can_act=all(p.can_act for p in parts),
        can_move=all(p.can_move for p in parts),
        max_actions=min(p.max_actions for p in parts),
        limited_allowed=all(p.limited_allowed for p in parts),
        auto_critical_against=any(p.auto_critical_against for p in parts),
        must_stand=any(p.must_stand for p in parts),
    )


# ------------------------------------------------------------------ actions
class Action(Enum):
    """The kinds of action (*types d'actions*) of a turn.

    Each is read from its English word, its French one or its letter (the
    source's: L, M, A, and G for *gratuite*).

    Example:
        >>> Action.from_text("L") is Action.LIMITED, Action.MOVE.label
        (True, 'action de mouvement')
        >>> Action.from_text("mouvement") is Action.MOVE
        True
    """

    LIMITED = ("limited", "L", "action limitée")
    MOVE = ("move", "M", "action de mouvement")
    ATTACK = ("attack", "A", "action d'attaque")
    FREE = ("free", "G", "action gratuite")

    def __init__(self, english: str, code: str, label: str) -> None:
        self.english = english
        self.code = code
        self.label = label

    @property
    def french(self) -> str:
        """The source's short French word (``mouvement``), read like the English one."""
        return self.label.split()[-1].removeprefix("d'")

    @classmethod
    def from_text(cls, text: str | Action, field: str = "actions") -> Action:
        """Read ``"move"``, ``"M"``, ``"limited"``, ``"L"``, ``"mouvement"``, etc."""
        if isinstance(text, Action):
            return text
        key = str(text).strip().lower() if isinstance(text, str) else None
        for member in cls:
            if key in (member.english, member.code.lower(), member.label, member.french):
                return member
        raise RuleValueError(
            M(
                "{name} holds an unknown action {got}: use limited (L), move (M), attack (A) "
                "or free (G)",
                name=field,
                got=quote(text),
            ),
            field=field,
            value=text,
        )

    def __message__(self) -> Msg:
        """The action's name in the reader's words."""
        return _ACTION_NAMES[self]


_ACTION_NAMES = {
    Action.LIMITED: M("limited"),
    Action.MOVE: M("move"),
    Action.ATTACK: M("attack"),
    Action.FREE: M("free"),
}


@dataclass(frozen=True)
class Turn:
    """A declared turn that the rules allow.

    Attributes:
        actions: The actions, in the declared order.
        notes: What the conditions change (e.g. the move spent standing up).
        stands_before_attack: A knocked-down character stands up (the first
            move) before attacking, so the attack takes no knocked-down -5.

    Example:
        >>> validate_turn(["M", "M"]).moves
        2
        >>> validate_turn(["M", "A"], ["knocked down"]).stands_before_attack
        True
        >>> Turn((Action.MOVE, Action.ATTACK)).moves
        1
    """

    actions: tuple[Action, ...]
    notes: tuple[str, ...] = ()
    stands_before_attack: bool = False

    def __post_init__(self) -> None:
        """Check every field."""
        check_fields(self)

    @property
    def moves(self) -> int:
        """Number of move actions."""
        return self.actions.count(Action.MOVE)


def parse_turn(text: str, field: str = "turn") -> tuple[Action, ...]:
    """Read a declared turn typed as codes or words: ``"M A"``, ``"move, attack"``, ``"L"``.

    The French words (``mouvement``, ``attaque``, ``limitée``, ``gratuite``) are
    read too; the letters are the source's, the same in both languages.

    Raises:
        RuleValueError: For a word that is no action, or more than
            :data:`MAX_ITEMS` words; the message quotes at most 60 characters.

    Example:
        >>> [a.code for a in parse_turn("M, A")]
        ['M', 'A']
        >>> parse_turn("M jump")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: turn holds an unknown action 'jump': use limited \
(L), move (M), attack (A) or free (G)
    """
    check_name(field, "field")
    if not isinstance(text, str):
        raise RuleValueError(
            M("{name} must be text such as 'M A', got {got}", name=field, got=quote(text)),
            field=field,
            value=text,
        )
    words = text.replace(",", " ").split()
    if len(words) > MAX_ITEMS:
        raise RuleValueError(
            M(
                "{name} must name at most {n} actions (a turn has two or three), got {got}",
                name=field,
                n=MAX_ITEMS,
                got=quote(text),
            ),
            field=field,
            value=text,
        )
    return tuple(Action.from_text(w, field) for w in words)


_SHAPES = (
    (),
    (Action.LIMITED,),
    (Action.MOVE,),
    (Action.ATTACK,),
    (Action.ATTACK, Action.MOVE),
    (Action.MOVE, Action.MOVE),
)


def _actions(actions: object, field: str) -> tuple[Action, ...]:
    """The declared actions, read from text or a list."""
    if isinstance(actions, str):
        return parse_turn(actions, field)
    if isinstance(actions, (list, tuple)) and len(actions) <= MAX_ITEMS:
        return tuple(Action.from_text(a, field) for a in actions)
    raise RuleValueError(
        M(
            "{name} must be a list of at most {n} actions such as ['M', 'A'], got {got}",
            name=field,
            n=MAX_ITEMS,
            got=quote(actions),
        ),
        field=field,
        value=actions,
    )


def turn_problem(
    actions: Sequence[str | Action] | str,
    conditions: Iterable[str | Condition] = (),
    *,
    first_round: bool = True,
    field: str = "actions",
) -> Msg | None:
    """Why the rules forbid a declared turn under these conditions (None: allowed).

    Args:
        actions: The actions in order, or a turn typed as text.
        conditions: The character's harmful conditions.
        first_round: Round 1 of the fight (*surprised* counts only then).
        field: The parameter named in an error about the text itself.

    Example:
        >>> turn_problem("A", ["stunned"])
        'the character can take no action (stunned, paralysed, or surprised in round 1)'
        >>> turn_problem("M A") is None
        True
    """
    check_name(field, "field")
    kinds = _actions(actions, field)
    check_bool(first_round, "first_round")
    fx = combine_conditions(conditions, first_round=first_round)
    normal = [k for k in kinds if k is not Action.FREE]
    if not fx.can_act and kinds:
        return M("the character can take no action (stunned, paralysed, or surprised in round 1)")
    if tuple(sorted(normal, key=lambda k: k.english)) not in _SHAPES:
        return M(
            "a turn is one limited action, or one move and one attack, or two moves "
            "(free actions on top)"
        )
    if len(normal) > fx.max_actions:
        return M("a slowed character takes one action (an attack or a move)")
    if Action.LIMITED in normal and not fx.limited_allowed:
        return M("a slowed character's one action is an attack or a move, not a limited action")
    return None


def _named(kinds: tuple[Action, ...]) -> Msg:
    """The declared actions as a message quotes them: ``['move', 'attack']``."""
    return M("[{actions}]", actions=join(", ", [M("'{action}'", action=k) for k in kinds]))


def validate_turn(
    actions: Sequence[str | Action] | str,
    conditions: Iterable[str | Condition] = (),
    *,
    first_round: bool = True,
    field: str = "actions",
) -> Turn:
    """Check a declared turn: one limited action, or a move and an attack, or two moves.

    Free actions come on top (none when the character can take no action).
    Doing less than allowed is always allowed. An immobilised character
    cannot travel, but may still spend a move action on what the source lists
    beside travelling (standing up, picking up or drawing a weapon, drinking a
    potion): its move actions are allowed, with a note.

    Args:
        actions: The actions in order, or a turn typed as text (see :func:`parse_turn`).
        conditions: The character's harmful conditions.
        first_round: Round 1 of the fight (*surprised* counts only then).
        field: The parameter or control named in an error.

    Raises:
        RuleValueError: ``field`` set, for a turn the rules forbid.

    Example:
        >>> validate_turn(["L", "L"])
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: actions ['limited', 'limited'] is not allowed: \
a turn is one limited action, or one move and one attack, or two moves (free actions on top)
        >>> validate_turn("M A", ["immobilised"]).notes[0][:40]
        'an immobilised character cannot travel: '
    """
    check_name(field, "field")
    kinds = _actions(actions, field)
    check_bool(first_round, "first_round")
    fx = combine_conditions(conditions, first_round=first_round)
    why = turn_problem(kinds, conditions, first_round=first_round, field=field)
    if why is not None:
        raise RuleValueError(
            M("{name} {actions} is not allowed: {why}", name=field, actions=_named(kinds), why=why),
            field=field,
            value=actions,
        )
    normal = [k for k in kinds if k is not Action.FREE]
    notes: list[Msg] = []
    if Action.MOVE in normal and not fx.can_move:
        notes.append(
            M(
                "an immobilised character cannot travel: its move action can only stand up, "
                "pick up or draw a weapon, or drink a potion"
            )
        )
    stands_first = False
    if fx.must_stand and Action.MOVE in normal:
        first_move = normal.index(Action.MOVE)
        if Action.ATTACK in normal and normal.index(Action.ATTACK) < first_move:
            notes.append(
                M("attacks from the ground (-5), then the move action is spent standing up")
            )
        elif Action.ATTACK in normal:
            stands_first = True
            notes.append(
                M(
                    "the first move action is spent standing up: the attack that follows is "
                    "made standing, without the -5"
                )
            )
        else:
            notes.append(M("the first move action is spent standing up"))
    elif fx.must_stand:
        notes.append(M("still on the ground: -5 attack and DEF"))
    return Turn(kinds, tuple(notes), stands_first)


# ----------------------------------------------------------------- surprise
def surprise_difficulty(
    ambushers: Sequence[tuple[int, int]] | Sequence[int], gm_modifier: int = 0
) -> int:
    """Difficulty of the WIS (SAG) test against an ambush.

    10 plus the best, among the ambushers, of DEX modifier plus stealth
    bonus (*bonus de discrétion*), plus the GM's modifier for distance and
    surroundings (the base is an ambush in a forest at about ten metres).

    Args:
        ambushers: ``(DEX modifier, stealth bonus)`` pairs, or DEX modifiers.
        gm_modifier: GM's bonus or penalty, -10 to 10.

    Example:
        >>> surprise_difficulty([2, (1, 5)])
        16
    """
    check_int(gm_modifier, "gm_modifier", -10, 10)
    if not isinstance(ambushers, (list, tuple)) or not 1 <= len(ambushers) <= 1000:
        raise RuleValueError(
            M(
                "{name} must be a list of 1 to 1000 DEX modifiers or (DEX, stealth) pairs, "
                "got {got}",
                name="ambushers",
                got=quote(ambushers),
            ),
            field="ambushers",
            value=ambushers,
        )
    best = None
    for item in ambushers:
        if isinstance(item, (list, tuple)) and len(item) == 2:
            dex, stealth = item
        else:
            dex, stealth = item, 0
        check_int(dex, "dex_modifier", *MODIFIER_RANGE)
        check_int(stealth, "stealth", 0, 20)
        best = dex + stealth if best is None else max(best, dex + stealth)
    return 10 + best + gm_modifier


#: Surprise difficulties accepted: 10 + DEX (-5 to 15) + stealth (0 to 20) + GM (-10 to 10).
SURPRISE_DIFFICULTY_RANGE = (-5, 55)


def surprise_odds(wisdom: int, difficulty: int, die: str = "d20") -> Fraction:
    """P(surprised): the WIS test of a character with WIS score ``wisdom`` fails.

    A difficulty of 0 or less is a real result (clumsy ambushers far away):
    only a natural 1 fails then. On the d12 (a weakened character) a natural
    1 still fails (:data:`~.core.D12_ONE_FUMBLES`).

    Example:
        >>> surprise_odds(12, 13)  # needs 12 or more on the d20 with +1
        Fraction(11, 20)
        >>> surprise_odds(10, -5), surprise_odds(10, 13, "d12")
        (Fraction(1, 20), Fraction(1, 1))
    """
    check_int(wisdom, "wisdom", *SCORE_RANGE)
    check_int(difficulty, "difficulty", *SURPRISE_DIFFICULTY_RANGE)
    odds: AttackOutcome = check_odds(ability_modifier(wisdom), difficulty, die)
    return odds.miss


# --------------------------------------------------------------- initiative
@dataclass(frozen=True)
class Combatant:
    """A combatant in the initiative order.

    Attributes:
        name: Shown in the order.
        initiative: Fixed initiative score (*Init.*), 0 to 60.
        player: A player character (PJ) rather than a non-player one (PNJ).
        wisdom: WIS (SAG) score, the tie-breaker.
        acts: False once the initiative was lowered to 0 (the action is lost).
        die: The die of its tests (surprise included): ``"d12"`` when weakened
            or immobilised.

    Example:
        >>> Combatant("Krush", 12, True, 10).player
        True
    """

    name: str
    initiative: int
    player: bool = True
    wisdom: int = 10
    acts: bool = True
    die: str = "d20"

    def __post_init__(self) -> None:
        """Check the scores."""
        check_name(self.name, "name")
        check_bool(self.player, "player")
        check_bool(self.acts, "acts")
        check_int(self.initiative, "initiative", *INITIATIVE_RANGE)
        check_int(self.wisdom, "wisdom", 1, 30)
        CheckDie.from_text(self.die)


def initiative_order(combatants: Iterable[Combatant]) -> tuple[Combatant, ...]:
    """Acting order: highest initiative first; ties go to player characters, then higher WIS.

    The source breaks ties by WIS between two player characters; this book
    uses WIS for every tie that remains after the PC-first rule, then keeps
    the order given (a stable sort).

    Example:
        >>> order = initiative_order([Combatant("Gob", 14, False, 8),
        ...     Combatant("Ana", 14, True, 11), Combatant("Bo", 14, True, 13)])
        >>> [c.name for c in order]
        ['Bo', 'Ana', 'Gob']
        >>> initiative_order([Combatant("Gob", 14, False, 8), Combatant("Ana", 14, True, 11)])[0].name
        'Ana'
    """
    people = _combatants(combatants)
    return tuple(sorted(people, key=lambda c: (-c.initiative, not c.player, -c.wisdom)))


def _combatants(items: object) -> tuple[Combatant, ...]:
    """The combatants given, checked to be :class:`Combatant` (at most 1000)."""
    if (
        not isinstance(items, (list, tuple))
        or len(items) > 1000
        or not all(isinstance(c, Combatant) for c in items)
    ):
        raise RuleValueError(
            M("{name} must be a list of Combatant, got {got}", name="combatants", got=quote(items)),
            field="combatants",
            value=items,
        )
    return tuple(items)


def delay(combatants: Iterable[Combatant], name: str, new_initiative: int) -> tuple[Combatant, ...]:
    """Lower one combatant's initiative to act later this round, and reorder.

    Lowering it to 0 ends the round for that combatant: the action is lost.
    Next round starts again from the ordinary scores.

    Raises:
        RuleValueError: For an unknown name or a score that does not go down.

    Example:
        >>> order = delay([Combatant("Ana", 15), Combatant("Bo", 10)], "Ana", 8)
        >>> [(c.name, c.initiative) for c in order]
        [('Bo', 10), ('Ana', 8)]
        >>> delay(order, "Bo", 0)[-1].acts
        False
    """
    people = _combatants(combatants)
    check_name(name, "name")
    found = False
    out = []
    for c in people:
        if c.name == name and not found:
            found = True
            check_int(new_initiative, "new_initiative", 0, c.initiative - 1)
            c = replace(c, initiative=new_initiative, acts=new_initiative > 0)
        out.append(c)
    if not found:
        raise RuleValueError(
            M("{name} {got} is no combatant of the list", name="name", got=quote(name)),
            field="name",
            value=name,
        )
    return initiative_order(out)


def effective_initiative(
    score: int,
    conditions: Iterable[str | Condition] = (),
    *,
    untrained_shield: bool = False,
    untrained_armour: bool = False,
) -> int:
    """Initiative after conditions (blinded -5) and untrained shield or armour (-3 each).

    Not below 0.

    Example:
        >>> effective_initiative(14, ["blinded"], untrained_armour=True)
        6
    """
    check_int(score, "initiative", *INITIATIVE_RANGE)
    check_bool(untrained_shield, "untrained_shield")
    check_bool(untrained_armour, "untrained_armour")
    fx = combine_conditions(conditions)
    penalty = 3 * (bool(untrained_shield) + bool(untrained_armour))
    return max(0, score + fx.initiative - penalty)
