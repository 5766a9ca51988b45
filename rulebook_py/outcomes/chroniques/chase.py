"""Chroniques Oubliées: a chase set up from plain values, its exact odds and its replay.

:func:`chase_report` is the chase calculator's one call: both sides (DEX and
CON modifiers, die, lines of the modifier table, armour, untrained gear, the
rounds in which each acts otherwise, typed as ``"3, 5"`` or ``"every"`` and
read by :func:`parse_rounds`), the
distances and the named rules; every parameter of a side is prefixed with the
side, so an error names the very value at fault.

Example:
    >>> r = chase_report(pursuer_traits=("HUGE", "FLYING"), quarry_dex=4, quarry_die="2d20kh1")
    >>> r.pursuer.modifier, r.odds.capture + r.odds.escape + r.odds.unresolved
    (10, Fraction(1, 1))
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from ...distribution import Mean
from ...errors import RuleValueError, check_int, quote
from ...messages import Msg, join
from ...systems.chroniques.chase import (
    MAX_ROUNDS,
    RESULTS,
    ChaseOdds,
    ChaseReplay,
    ChaseRules,
    ChaseTrait,
    Runner,
    chase_odds,
    check_chase,
    simulate_chase,
)
from ...systems.chroniques.core import (
    MODIFIER_RANGE,
    CheckDie,
    CheckLines,
    check_bool,
    check_name,
    check_rng,
)
from ...systems.chroniques.records import check_fields
from ...systems.chroniques.words import M

#: The words that mean "in every round", in English and in French.
EVERY_ROUND = (
    ("every",),
    ("all",),
    ("every", "round"),
    ("tous",),
    ("chaque",),
    ("chaque", "tour"),
    ("tous", "les", "tours"),
    ("à", "chaque", "tour"),
)

__all__ = ["EVERY_ROUND", "ChaseReport", "chase_report", "parse_rounds"]

#: The least chance of ending in a round that the chart of the endings shows.
_VISIBLE = Fraction(1, 2000)


def _signed(n: int) -> Msg:
    return M("{n:+d}", n=n)


def parse_rounds(text: str, field: str = "acts_otherwise") -> tuple[frozenset[int], bool]:
    """Read the rounds in which a side acts otherwise: ``"3, 5"``, ``"every"``, or nothing.

    Only ASCII digits are read as numbers; ``every`` may be written ``all``,
    ``every round``, or in French ``tous``, ``chaque tour``; a message quotes
    at most 60 characters of what was typed.

    Returns:
        ``(rounds, every_round)``.

    Raises:
        RuleValueError: For anything but round numbers from 1 to
            :data:`MAX_ROUNDS` or the word ``every``.

    Example:
        >>> parse_rounds("3, 5 3"), parse_rounds("every"), parse_rounds("")
        ((frozenset({3, 5}), False), (frozenset(), True), (frozenset(), False))
        >>> parse_rounds("Chaque tour")
        (frozenset(), True)
        >>> parse_rounds("3, x", "quarry_acts")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: quarry_acts must be round numbers from 1 to 50 \
(such as 3, 5) or 'every'; 'x' is neither
    """
    check_name(field, "field")
    if not isinstance(text, str):
        raise RuleValueError(
            M(
                "{name} must be text such as '3, 5' or 'every', got {got}",
                name=field,
                got=quote(text),
            ),
            field=field,
            value=text,
        )
    if len(text) > 4 * MAX_ROUNDS + 100:
        raise RuleValueError(
            M(
                "{name} must be at most {n} characters, got {got}",
                name=field,
                n=4 * MAX_ROUNDS + 100,
                got=len(text),
            ),
            field=field,
        )
    words = text.replace(",", " ").split()
    if tuple(w.lower() for w in words) in EVERY_ROUND:
        return frozenset(), True
    rounds = set()
    for word in words:
        if not (word.isascii() and word.isdigit() and len(word) <= 3) or not (
            1 <= int(word) <= MAX_ROUNDS
        ):
            raise RuleValueError(
                M(
                    "{name} must be round numbers from 1 to {most} (such as 3, 5) or 'every'; "
                    "{got} is neither",
                    name=field,
                    most=MAX_ROUNDS,
                    got=quote(word, 30),
                ),
                field=field,
            )
        rounds.add(int(word))
    return frozenset(rounds), False


@dataclass(frozen=True)
class ChaseReport:
    """A chase, its exact odds, and its own seeded replay.

    ``unused`` names the parameters of :func:`chase_report` that do not count
    here (the CON modifiers without CON rounds).

    Example:
        >>> r = chase_report(distance=5, sight=10, max_rounds=2)
        >>> r.roll(random.Random(1)).lines[-1]  # the quarry wins round 1 by 14
        'escape'
        >>> ChaseReport(Runner("pursuer", 0), Runner("quarry", 0), 5, 10, ChaseRules(), chase_odds(Runner("pursuer", 0), Runner("quarry", 0), 5, 10)).sight
        10
    """

    pursuer: Runner
    quarry: Runner
    distance: int
    sight: int
    rules: ChaseRules
    odds: ChaseOdds
    unused: tuple[tuple[str, str], ...] = ()

    def __post_init__(self) -> None:
        """Check every field (the distances as :func:`chase_odds` takes them)."""
        check_fields(self)
        check_chase(self.distance, self.sight)

    def _test(self, runner: Runner) -> Msg:
        """The test each round: DEX, and CON from the endurance round on."""
        rain = self.rules.heavy_rain
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
        if self.rules.endurance_from_round is not None:
            text = M(
                "{test}; CON from round {n}: {die} {bonus}",
                test=text,
                n=self.rules.endurance_from_round,
                die=runner.die,
                bonus=_signed(runner.bonus(True, rain)),
            )
        return text

    @property
    def rows(self) -> tuple[tuple[Msg, object], ...]:
        """Each side's test, the rounds it acts otherwise, the chances (fractions), the mean rounds.

        Example:
            >>> chase_report(pursuer_acts="every").rows[2]
            ('Pursuer acts otherwise (−20 m) in rounds', 'every round')
        """
        rows: list[tuple[Msg, object]] = [
            (M("Pursuer's test"), self._test(self.pursuer)),
            (M("Quarry's test"), self._test(self.quarry)),
        ]
        for label, runner in (
            (M("Pursuer acts otherwise (−20 m) in rounds"), self.pursuer),
            (M("Quarry acts otherwise (−20 m) in rounds"), self.quarry),
        ):
            if runner.every_round or runner.acts_otherwise:
                rounds = join(", ", sorted(runner.acts_otherwise))
                rows.append((label, M("every round") if runner.every_round else rounds))
        odds = self.odds
        return (
            *rows,
            (M("P(capture)"), odds.capture),
            (M("P(escape: out of sight)"), odds.escape),
            (M("P(still going after {n} rounds)", n=self.rules.max_rounds), odds.unresolved),
            (M("Mean rounds played"), Mean(odds.expected_rounds)),
        )

    @property
    def ends(self) -> dict[Msg, tuple[Fraction, ...]]:
        """P(the chase ends in round n) by capture and by escape, up to the last round that counts.

        The rounds after the last in which the chase ends with probability at
        least 1/2000 are left out (a chart of them would show nothing).

        Example:
            >>> [len(v) for v in chase_report(max_rounds=5).ends.values()]
            [5, 5]
        """
        pairs = list(zip(self.odds.capture_by_round, self.odds.escape_by_round))
        last = max((n for n, (c, e) in enumerate(pairs, 1) if c + e >= _VISIBLE), default=1)
        return {
            M("capture"): tuple(self.odds.capture_by_round[:last]),
            M("escape"): tuple(self.odds.escape_by_round[:last]),
        }

    def replay(self, rng: random.Random) -> ChaseReplay:
        """One seeded chase, round by round."""
        check_rng(rng)
        return simulate_chase(
            self.pursuer, self.quarry, self.distance, self.sight, self.rules, rng=rng
        )

    def roll(self, rng: random.Random) -> CheckLines:
        """One seeded chase: a line a round, then its result."""
        replay = self.replay(rng)
        return CheckLines((*(r.describe() for r in replay.rounds), RESULTS[replay.result]))


def _traits(names: Iterable[str | ChaseTrait], field: str) -> frozenset[ChaseTrait]:
    if not isinstance(names, (list, tuple, set, frozenset)) or len(names) > len(ChaseTrait):
        raise RuleValueError(
            M(
                "{name} must be lines of the chase table such as 'HUGE', got {got}",
                name=field,
                got=quote(names),
            ),
            field=field,
            value=names,
        )
    out = set()
    for name in names:
        if isinstance(name, ChaseTrait):
            out.add(name)
        elif isinstance(name, str) and name.upper() in ChaseTrait.__members__:
            out.add(ChaseTrait[name.upper()])
        else:
            allowed = ", ".join(ChaseTrait.__members__)
            raise RuleValueError(
                M(
                    "{name} must be among {allowed}, got {got}",
                    name=field,
                    allowed=allowed,
                    got=quote(name),
                ),
                field=field,
                allowed=allowed,
                value=name,
            )
    if {ChaseTrait.TINY, ChaseTrait.HUGE} <= out:
        raise RuleValueError(
            M(
                "{name} must not hold two sizes (a creature cannot be both tiny or smaller and "
                "huge or larger)",
                name=field,
            ),
            field=field,
        )
    return frozenset(out)


def _runner(side: str, values: dict[str, object]) -> Runner:
    """One side, each value checked under its own prefixed name first."""
    dex, con = values["dex"], values["con"]
    check_int(dex, f"{side}_dex", *MODIFIER_RANGE)
    check_int(con, f"{side}_con", *MODIFIER_RANGE)
    check_int(values["armour"], f"{side}_armour", 0, 12)
    check_int(values["untrained"], f"{side}_untrained", 0, 2)
    die = CheckDie.from_text(values["die"], f"{side}_die").notation
    traits = _traits(values["traits"], f"{side}_traits")
    rounds, every = parse_rounds(values["acts"], f"{side}_acts")
    return Runner(side, dex, traits, values["armour"], die, con, values["untrained"], rounds, every)


def chase_report(
    *,
    pursuer_dex: int = 0,
    pursuer_die: str = "d20",
    pursuer_traits: Iterable[str | ChaseTrait] = (),
    pursuer_armour: int = 0,
    pursuer_untrained: int = 0,
    pursuer_con: int = 0,
    pursuer_acts: str = "",
    quarry_dex: int = 0,
    quarry_die: str = "d20",
    quarry_traits: Iterable[str | ChaseTrait] = (),
    quarry_armour: int = 0,
    quarry_untrained: int = 0,
    quarry_con: int = 0,
    quarry_acts: str = "",
    distance: int = 30,
    sight: int = 50,
    max_rounds: int = 30,
    endurance_from: int = 0,
    heavy_rain: bool = False,
    extra_metres: int = 20,
) -> ChaseReport:
    """The exact odds of a chase between two sides given by plain values.

    Args:
        pursuer_dex: The pursuer's DEX modifier, -5 to 15 (``quarry_dex``: the quarry's).
        pursuer_die: Its die (``"d20"``, ``"2d20kh1"``, ``"d12"``, ``"2d12kh1"``).
        pursuer_traits: Its lines of the chase table (:class:`~.chase.ChaseTrait` names).
        pursuer_armour: Its armour's DEF bonus, 0 to 12 (off its DEX tests).
        pursuer_untrained: Untrained or forbidden shield and armour it wears, 0 to 2.
        pursuer_con: Its CON modifier (for the CON rounds).
        pursuer_acts: The rounds it acts otherwise (``"3, 5"``, ``"every"`` or ``""``).
        quarry_dex: The quarry's DEX modifier.
        quarry_die: The quarry's die.
        quarry_traits: The quarry's lines of the chase table.
        quarry_armour: The quarry's armour DEF bonus.
        quarry_untrained: Untrained or forbidden shield and armour the quarry wears.
        quarry_con: The quarry's CON modifier.
        quarry_acts: The rounds the quarry acts otherwise.
        distance: Starting gap in metres, 1 to ``sight - 1``.
        sight: Loss-of-sight distance, 2 to 500 m.
        max_rounds: Rounds followed, 1 to 50.
        endurance_from: First round of CON tests (0: never).
        heavy_rain: Heavy rain: -2 to both sides' tests.
        extra_metres: The move of a 10-point lead's extra action (30-m creatures: half again).

    Without CON rounds (``endurance_from`` 0) the CON modifiers do not count:
    the report's ``unused`` names them, and they are not checked.

    Example:
        >>> chase_report(pursuer_acts="3, x")
        Traceback (most recent call last):
        ...
        rulebook_py.errors.RuleValueError: pursuer_acts must be round numbers from 1 to 50 \
(such as 3, 5) or 'every'; 'x' is neither
    """
    unused: tuple[tuple[str, str], ...] = ()
    if not endurance_from:  # no CON round: the CON modifiers do not count
        why = M("only with CON tests")
        unused = (("pursuer_con", why), ("quarry_con", why))
        check_int(pursuer_con, "pursuer_con")  # (only their types)
        check_int(quarry_con, "quarry_con")
        pursuer_con = quarry_con = 0
    local = dict(locals())
    sides = [
        _runner(
            side,
            {
                k: local[f"{side}_{k}"]
                for k in ("dex", "con", "armour", "untrained", "die", "traits", "acts")
            },
        )
        for side in ("pursuer", "quarry")
    ]
    check_int(endurance_from, "endurance_from", 0, MAX_ROUNDS)
    check_int(extra_metres, "extra_metres", 0, 60)
    check_bool(heavy_rain, "heavy_rain")
    rules = ChaseRules(extra_metres, 10, endurance_from or None, max_rounds, heavy_rain)
    odds = chase_odds(sides[0], sides[1], distance, sight, rules)
    return ChaseReport(sides[0], sides[1], distance, sight, rules, odds, unused)
