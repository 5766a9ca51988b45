"""The duel to the end as an exact Markov chain over both fighters' remaining endurance.

Each round, the pair ``(damage to A, damage to B)`` is drawn from a fixed
distribution, the *kernel*; a fighter at 0 or less falls. Endurance only goes
down, so the chain has no cycle but the round in which nothing happens (the
kernel's ``(0, 0)``): the exact chance of every ending and the exact mean
number of rounds follow by dynamic programming, from the smallest states up,
with the "nothing happens" rounds summed as a geometric series. The number of
rounds has no upper bound when such rounds can happen, so its distribution is
given up to a horizon, with the exact chance of lasting longer.

Example:
    >>> coin = {(1, 0): Fraction(1, 2), (0, 1): Fraction(1, 2)}  # one blow a round, either side
    >>> odds = duel_chain(coin, 2, 2)
    >>> odds.a_wins, odds.mean_rounds
    (Fraction(1, 2), Fraction(5, 2))
    >>> duel_rounds(coin, 2, 2, 5).ends
    {2: Fraction(1, 2), 3: Fraction(1, 2)}
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction

from ..errors import RuleValueError, check_int, quote
from .engines import check_chance
from .words import M

__all__ = [
    "MAX_CHAIN_WORK",
    "MAX_HORIZON",
    "MAX_ROUNDS_WORK",
    "DuelOdds",
    "RoundsDistribution",
    "duel_chain",
    "duel_rounds",
    "independent_duel",
    "independent_kernel",
    "independent_rounds",
]

#: Most (state × kernel entry) steps a duel may cost (about 50 ms in CPython).
MAX_CHAIN_WORK = 150_000
#: Most rounds a rounds distribution is computed for.
MAX_HORIZON = 60
#: Most (state × outcome × round) steps a rounds distribution may cost (about 0.3 s).
MAX_ROUNDS_WORK = 1_000_000
#: Largest endurance accepted by the chain.
MAX_ENDURANCE = 100
#: Most outcomes a kernel or a blow's damage may list.
MAX_OUTCOMES = 10_000
#: Largest damage one blow may deal, as a kernel or a damage distribution lists it.
MAX_DAMAGE = 10_000
#: Largest mean length of a duel a record holds, in rounds.
MAX_MEAN_ROUNDS = 10**9

Kernel = Mapping[tuple[int, int], Fraction]


@dataclass(frozen=True)
class DuelOdds:
    """The exact ending of a duel fought to the end; A is the better fighter.

    Attributes:
        a_wins: P(B falls while A stands).
        b_wins: P(A falls while B stands): the upset rate when A is better.
        draw: P(both fall in the same round).
        mean_rounds: Expected number of rounds (an unfinished fight counts its cap).
        unfinished: P(both still stand at a round cap; 0 without a cap).

    Example:
        >>> DuelOdds(Fraction(3, 4), Fraction(1, 4), Fraction(0), Fraction(2)).upset
        Fraction(1, 4)
    """

    a_wins: Fraction
    b_wins: Fraction
    draw: Fraction
    mean_rounds: Fraction
    unfinished: Fraction = field(default=Fraction(0))

    def __post_init__(self) -> None:
        """Check every field: four chances adding up to 1, a mean length of at least 1 round."""
        for name in ("a_wins", "b_wins", "draw", "unfinished"):
            check_chance(getattr(self, name), name)
        if self.a_wins + self.b_wins + self.draw + self.unfinished != 1:
            raise RuleValueError(
                M("a_wins, b_wins, draw and unfinished must add up to 1"), field="unfinished"
            )
        _check_rounds(self.mean_rounds, "mean_rounds")

    @property
    def upset(self) -> Fraction:
        """P(the weaker fighter B wins)."""
        return self.b_wins


@dataclass(frozen=True)
class RoundsDistribution:
    """How many rounds a duel lasts, up to a horizon.

    Attributes:
        ends: ``{round: P(the duel ends in that round)}`` up to the horizon.
        longer: P(the duel lasts more than ``horizon`` rounds).
        horizon: The last round counted.

    Example:
        >>> RoundsDistribution({1: Fraction(1, 2)}, Fraction(1, 2), 1).total
        Fraction(1, 1)
    """

    ends: dict[int, Fraction]
    longer: Fraction
    horizon: int

    def __post_init__(self) -> None:
        """Check every field: rounds 1 to the horizon, chances adding up to 1."""
        check_int(self.horizon, "horizon", 1, MAX_HORIZON)
        if not isinstance(self.ends, Mapping):
            raise RuleValueError(
                M("ends must be a mapping {{round: chance}}, got {got}", got=quote(self.ends)),
                field="ends",
            )
        for round_number, p in self.ends.items():
            check_int(round_number, "ends", 1, self.horizon)
            check_chance(p, "ends")
        check_chance(self.longer, "longer")
        if self.total != 1:
            raise RuleValueError(
                M("ends and longer must add up to 1 (the duel ends, or lasts longer)"),
                field="longer",
            )

    @property
    def total(self) -> Fraction:
        """Every ending counted plus the chance of lasting longer (always 1)."""
        return sum(self.ends.values(), Fraction(0)) + self.longer


def independent_kernel(
    damage_to_a: Mapping[int, Fraction],
    damage_to_b: Mapping[int, Fraction],
    cap_a: int | None = None,
    cap_b: int | None = None,
) -> dict[tuple[int, int], Fraction]:
    """The kernel of two blows struck at the same time, independently.

    Damage at or above ``cap_*`` (the endurance) is merged into the cap: it
    fells the fighter just the same, and the kernel stays small.

    Example:
        >>> k = independent_kernel({0: Fraction(1, 2), 5: Fraction(1, 2)},
        ...                        {0: Fraction(1, 2), 9: Fraction(1, 2)}, cap_b=4)
        >>> k[(5, 4)], sum(k.values())
        (Fraction(1, 4), Fraction(1, 1))
        >>> independent_kernel({0: Fraction(1, 2), 5: Fraction(1, 2)}, {2: Fraction(1)})[(5, 2)]
        Fraction(1, 2)
    """
    for name, cap in (("cap_a", cap_a), ("cap_b", cap_b)):
        if cap is not None:
            check_int(cap, name, 1, MAX_ENDURANCE)
    a = _capped(_check_damage(damage_to_a, "damage_to_a"), cap_a)
    b = _capped(_check_damage(damage_to_b, "damage_to_b"), cap_b)
    if len(a) * len(b) > MAX_OUTCOMES:
        raise RuleValueError(
            M(
                "the two blows give {count} pairs of damage: at most {high} are allowed "
                "(give a cap, the endurance)",
                count=len(a) * len(b),
                high=MAX_OUTCOMES,
            ),
            field="damage_to_b",
        )
    return {(x, y): px * py for x, px in a.items() for y, py in b.items()}


def _check_rounds(value: object, name: str) -> Fraction:
    if (
        isinstance(value, bool)
        or not isinstance(value, (int, Fraction))
        or not 0 <= value <= MAX_MEAN_ROUNDS
    ):
        raise RuleValueError(
            M(
                "{name} must be a number of rounds (a Fraction from 0 to {high}), got {got} ({kind})",
                name=name,
                high=MAX_MEAN_ROUNDS,
                got=quote(value),
                kind=type(value).__name__,
            ),
            field=name,
        )
    return value  # type: ignore[return-value]


def _check_damage(dist: object, name: str) -> Mapping[int, Fraction]:
    """A blow's damage: ``{damage: chance}``, whole damage from 0, chances adding up to 1."""
    if not isinstance(dist, Mapping) or not 1 <= len(dist) <= MAX_OUTCOMES:
        raise RuleValueError(
            M(
                "{name} must be a mapping {{damage: chance}} of 1 to {high} outcomes, got {got}",
                name=name,
                high=MAX_OUTCOMES,
                got=quote(dist),
            ),
            field=name,
        )
    for damage, p in dist.items():
        check_int(damage, name, 0, MAX_DAMAGE)
        check_chance(p, name)
    if sum(dist.values(), Fraction(0)) != 1:
        raise RuleValueError(
            M("{name}: the chances of the damage must add up to 1", name=name), field=name
        )
    return dist


def _capped(dist: Mapping[int, Fraction], cap: int | None) -> dict[int, Fraction]:
    out: dict[int, Fraction] = {}
    for v, p in dist.items():
        v = v if cap is None else min(v, cap)
        out[v] = out.get(v, Fraction(0)) + p
    return out


def _check(
    kernel: Kernel, hp_a: int, hp_b: int, limit: int | None = MAX_CHAIN_WORK
) -> tuple[list[tuple[int, int, Fraction]], Fraction]:
    check_int(hp_a, "hp_a", 1, MAX_ENDURANCE)
    check_int(hp_b, "hp_b", 1, MAX_ENDURANCE)
    if not isinstance(kernel, Mapping) or not 1 <= len(kernel) <= MAX_OUTCOMES:
        raise RuleValueError(
            M(
                "kernel must be a mapping {{(damage to A, damage to B): chance}} of 1 to {high} "
                "outcomes, got {got}",
                high=MAX_OUTCOMES,
                got=quote(kernel),
            ),
            field="kernel",
        )
    moves = []
    stay = Fraction(0)
    for pair, p in kernel.items():
        if not isinstance(pair, tuple) or len(pair) != 2:
            raise RuleValueError(
                M(
                    "kernel keys must be pairs (damage to A, damage to B), got {got}",
                    got=quote(pair),
                ),
                field="kernel",
            )
        x, y = pair
        check_int(x, "kernel", 0, MAX_DAMAGE)
        check_int(y, "kernel", 0, MAX_DAMAGE)
        check_chance(p, "kernel")
        if p == 0:
            continue
        if x == 0 and y == 0:
            stay += Fraction(p)
        else:
            moves.append((x, y, Fraction(p)))
    if sum((p for _, _, p in moves), stay) != 1:
        raise RuleValueError(M("kernel chances must add up to 1"), field="kernel")
    if not moves:
        raise RuleValueError(
            M("in this kernel nobody is ever hurt: the duel never ends"), field="kernel"
        )
    work = hp_a * hp_b * len(moves)
    if limit is not None and work > limit:
        raise RuleValueError(
            M(
                "this duel is too long to compute exactly ({hp_a} × {hp_b} endurance with "
                "{count} outcomes a round): lower the endurance",
                hp_a=hp_a,
                hp_b=hp_b,
                count=len(moves),
            ),
            field="hp_a",
        )
    return moves, stay


def duel_chain(kernel: Kernel, hp_a: int, hp_b: int) -> DuelOdds:
    """Exact ending and mean length of a duel with this round kernel (a Markov chain).

    Args:
        kernel: ``{(damage to A, damage to B): probability}`` of one round.
        hp_a: A's endurance (falls at 0 or less), 1 to 100.
        hp_b: B's endurance.

    Raises:
        RuleValueError: For a bad kernel, a kernel in which nobody is ever
            hurt, or a duel costing more than :data:`MAX_CHAIN_WORK` steps.

    Example:
        >>> duel_chain({(1, 0): Fraction(1, 3), (0, 1): Fraction(1, 3), (0, 0): Fraction(1, 3)}, 1, 1).mean_rounds
        Fraction(3, 2)
    """
    moves, stay = _check(kernel, hp_a, hp_b)
    # Exact integer arithmetic: with every chance n / scale and k = scale - (weight of
    # "nothing happens"), V(a, b) = sum(n * V(next)) / k. Each move lowers a + b by at
    # least 1, so U(a, b) = V(a, b) * k**(a + b) is an integer for every quantity.
    scale = math.lcm(*(p.denominator for _, _, p in moves), stay.denominator)
    ints = [(x, y, p.numerator * (scale // p.denominator)) for x, y, p in moves]
    k = scale - stay.numerator * (scale // stay.denominator)
    power = [k**e for e in range(hp_a + hp_b + 1)]
    win = [[0] * (hp_b + 1) for _ in range(hp_a + 1)]
    draw = [[0] * (hp_b + 1) for _ in range(hp_a + 1)]
    mean = [[0] * (hp_b + 1) for _ in range(hp_a + 1)]
    for a in range(1, hp_a + 1):
        for b in range(1, hp_b + 1):
            top = a + b - 1
            w_end = d_end = 0
            w = d = 0
            m = 0
            for x, y, n in ints:
                na, nb = a - x, b - y
                if na <= 0:
                    if nb <= 0:
                        d_end += n
                elif nb <= 0:
                    w_end += n
                else:
                    f = n * power[top - na - nb]
                    w += f * win[na][nb]
                    d += f * draw[na][nb]
                    m += f * mean[na][nb]
            win[a][b] = w + w_end * power[top]
            draw[a][b] = d + d_end * power[top]
            mean[a][b] = m + scale * power[top]
    denominator = power[hp_a + hp_b]
    a_wins = Fraction(win[hp_a][hp_b], denominator)
    draws = Fraction(draw[hp_a][hp_b], denominator)
    return DuelOdds(a_wins, 1 - a_wins - draws, draws, Fraction(mean[hp_a][hp_b], denominator))


def independent_duel(
    damage_to_a: Mapping[int, Fraction],
    damage_to_b: Mapping[int, Fraction],
    hp_a: int,
    hp_b: int,
) -> DuelOdds:
    """:func:`duel_chain` for two blows struck at once and independently, much faster.

    The kernel is the product of the two damage distributions, so each state
    sums over the two distributions one after the other instead of over every
    pair: the work per state is their sizes added, not multiplied. The result
    is the same exact ending as ``duel_chain(independent_kernel(...), ...)``.

    Args:
        damage_to_a: ``{damage: probability}`` of B's blow on A each round.
        damage_to_b: The same for A's blow on B.
        hp_a: A's endurance, 1 to 100.
        hp_b: B's endurance.

    Raises:
        RuleValueError: For a bad distribution, blows that never hurt, or a
            duel costing more than :data:`MAX_CHAIN_WORK` steps.

    Example:
        >>> blow = {0: Fraction(1, 2), 3: Fraction(1, 2)}
        >>> independent_duel(blow, blow, 5, 5) == duel_chain(independent_kernel(blow, blow), 5, 5)
        True
        >>> independent_duel({0: Fraction(1, 2), 3: Fraction(1, 2)}, {1: Fraction(1)}, 5, 5).b_wins
        Fraction(11, 16)
    """
    check_int(hp_a, "hp_a", 1, MAX_ENDURANCE)
    check_int(hp_b, "hp_b", 1, MAX_ENDURANCE)
    to_a = _capped(_check_damage(damage_to_a, "damage_to_a"), hp_a)
    to_b = _capped(_check_damage(damage_to_b, "damage_to_b"), hp_b)
    if to_a.get(0, 0) == 1 and to_b.get(0, 0) == 1:
        raise RuleValueError(
            M("in this kernel nobody is ever hurt: the duel never ends"), field="damage_to_b"
        )
    work = hp_a * hp_b * (len(to_a) + len(to_b))
    if work > MAX_CHAIN_WORK:
        raise RuleValueError(
            M(
                "this duel is too long to compute exactly ({hp_a} × {hp_b} endurance): lower "
                "the endurance",
                hp_a=hp_a,
                hp_b=hp_b,
            ),
            field="hp_a",
        )
    # Integer weights: B's blow nb[x] out of lb, A's blow na[y] out of la.
    lb = math.lcm(*(p.denominator for p in to_a.values()))
    la = math.lcm(*(p.denominator for p in to_b.values()))
    nb = {x: int(p * lb) for x, p in to_a.items() if p}
    na = {y: int(p * la) for y, p in to_b.items() if p}
    scale = la * lb
    k = scale - nb.get(0, 0) * na.get(0, 0)
    power = [k**e for e in range(hp_a + hp_b + 1)]
    # Weights times k**damage, as in duel_chain's U = V * k**(a + b).
    fb = [(x, n * power[x]) for x, n in nb.items() if x]
    fa = [(y, n * power[y]) for y, n in na.items() if y]
    nb0, na0 = nb.get(0, 0), na.get(0, 0)
    # Tail sums: B's blow below a / at least a; A's blow at least b.
    b_lt = [sum(n for x, n in nb.items() if x < a) for a in range(hp_a + 1)]
    b_ge = [lb - t for t in b_lt]
    a_ge = [sum(n for y, n in na.items() if y >= b) for b in range(hp_b + 1)]
    size = (hp_a + 1, hp_b + 1)
    u = {q: [[0] * size[1] for _ in range(size[0])] for q in "wdm"}
    h = {q: [[0] * size[1] for _ in range(size[0])] for q in "wdm"}
    for a in range(1, hp_a + 1):
        for b in range(1, hp_b + 1):
            kab = power[a + b]
            const = {
                "w": kab * b_lt[a] * a_ge[b],
                "d": kab * b_ge[a] * a_ge[b],
                "m": kab * scale,
            }
            for q in "wdm":
                uq, hq = u[q], h[q]
                row = uq[a]
                inner = 0  # A's blows that leave B standing, B's blow 0
                for y, f in fa:
                    if y < b:
                        inner += f * row[b - y]
                total = const[q] + nb0 * inner
                for x, f in fb:
                    if x < a:
                        total += f * hq[a - x][b]
                value = total // k
                row[b] = value
                hq[a][b] = na0 * value + inner
    denominator = power[hp_a + hp_b]
    a_wins = Fraction(u["w"][hp_a][hp_b], denominator)
    draws = Fraction(u["d"][hp_a][hp_b], denominator)
    mean = Fraction(u["m"][hp_a][hp_b], denominator)
    return DuelOdds(a_wins, 1 - a_wins - draws, draws, mean)


def duel_rounds(kernel: Kernel, hp_a: int, hp_b: int, horizon: int = 30) -> RoundsDistribution:
    """Exact distribution of the number of rounds, up to ``horizon`` rounds.

    Args:
        kernel: ``{(damage to A, damage to B): probability}`` of one round.
        hp_a: A's endurance.
        hp_b: B's endurance.
        horizon: Last round counted, 1 to :data:`MAX_HORIZON`.

    Raises:
        RuleValueError: As :func:`duel_chain`, or for a horizon out of range.

    Example:
        >>> r = duel_rounds({(1, 0): Fraction(1, 2), (0, 0): Fraction(1, 2)}, 1, 5, 3)
        >>> r.ends, r.longer
        ({1: Fraction(1, 2), 2: Fraction(1, 4), 3: Fraction(1, 8)}, Fraction(1, 8))
    """
    moves, stay = _check(kernel, hp_a, hp_b, limit=None)
    check_int(horizon, "horizon", 1, MAX_HORIZON)
    _check_rounds_work(hp_a * hp_b * (len(moves) + 1) * horizon, horizon)
    # Integer weights out of scale**t after t rounds (scale: the kernel's common denominator).
    steps = [(0, 0, stay)] if stay else []
    steps += moves
    scale = math.lcm(*(p.denominator for _, _, p in steps))
    ints = [(x, y, p.numerator * (scale // p.denominator)) for x, y, p in steps]
    live: dict[tuple[int, int], int] = {(hp_a, hp_b): 1}
    ends: dict[int, Fraction] = {}
    for t in range(1, horizon + 1):
        nxt: dict[tuple[int, int], int] = {}
        done = 0
        for (a, b), w in live.items():
            for x, y, n in ints:
                na, nb = a - x, b - y
                if na <= 0 or nb <= 0:
                    done += w * n
                else:
                    nxt[(na, nb)] = nxt.get((na, nb), 0) + w * n
        if done:
            ends[t] = Fraction(done, scale**t)
        live = nxt
        if not live:
            break
    longer = Fraction(sum(live.values()), scale**horizon) if live else Fraction(0)
    return RoundsDistribution(ends, longer, horizon)


def _check_rounds_work(work: int, horizon: int) -> None:
    if work > MAX_ROUNDS_WORK:
        raise RuleValueError(
            M(
                "the rounds of this duel are too long to compute ({count} rounds): lower the "
                "horizon or the endurance",
                count=horizon,
            ),
            field="horizon",
        )


def independent_rounds(
    damage_to_a: Mapping[int, Fraction],
    damage_to_b: Mapping[int, Fraction],
    hp_a: int,
    hp_b: int,
    horizon: int = 30,
) -> RoundsDistribution:
    """:func:`duel_rounds` for two blows struck at once and independently, much faster.

    Each round applies B's blow along A's endurance, then A's blow along B's:
    the work per state is the two distributions' sizes added, not multiplied.

    Raises:
        RuleValueError: For a bad distribution or horizon, or a computation
            costing more than :data:`MAX_ROUNDS_WORK` steps.

    Example:
        >>> blow = {0: Fraction(1, 2), 3: Fraction(1, 2)}
        >>> independent_rounds(blow, blow, 5, 5, 6) == duel_rounds(
        ...     independent_kernel(blow, blow), 5, 5, 6)
        True
        >>> independent_rounds({0: Fraction(1, 2), 3: Fraction(1, 2)}, {5: Fraction(1)}, 5, 5).ends
        {1: Fraction(1, 1)}
    """
    check_int(hp_a, "hp_a", 1, MAX_ENDURANCE)
    check_int(hp_b, "hp_b", 1, MAX_ENDURANCE)
    check_int(horizon, "horizon", 1, MAX_HORIZON)
    to_a = _capped(_check_damage(damage_to_a, "damage_to_a"), hp_a)
    to_b = _capped(_check_damage(damage_to_b, "damage_to_b"), hp_b)
    _check(independent_kernel(to_a, to_b), hp_a, hp_b, limit=None)
    _check_rounds_work(hp_a * hp_b * (len(to_a) + len(to_b)) * horizon, horizon)
    lb = math.lcm(*(p.denominator for p in to_a.values()))
    la = math.lcm(*(p.denominator for p in to_b.values()))
    nb = [(x, int(p * lb)) for x, p in to_a.items() if p]
    na = [(y, int(p * la)) for y, p in to_b.items() if p]
    scale = la * lb
    live = [[0] * (hp_b + 1) for _ in range(hp_a + 1)]
    live[hp_a][hp_b] = 1
    total = 1
    ends: dict[int, Fraction] = {}
    for t in range(1, horizon + 1):
        hit_a = [[0] * (hp_b + 1) for _ in range(hp_a + 1)]
        for a in range(1, hp_a + 1):
            for b in range(1, hp_b + 1):
                w = live[a][b]
                if w:
                    for x, n in nb:
                        if a - x > 0:
                            hit_a[a - x][b] += w * n
        nxt = [[0] * (hp_b + 1) for _ in range(hp_a + 1)]
        for a in range(1, hp_a + 1):
            for b in range(1, hp_b + 1):
                w = hit_a[a][b]
                if w:
                    for y, n in na:
                        if b - y > 0:
                            nxt[a][b - y] += w * n
        left = sum(map(sum, nxt))
        done = total * scale - left
        if done:
            ends[t] = Fraction(done, scale**t)
        live, total = nxt, left
        if not left:
            break
    longer = Fraction(total, scale**horizon) if total else Fraction(0)
    return RoundsDistribution(ends, longer, horizon)
