"""Every table of the mass-battle system, as data (GHOULE's fanzine system, 2001).

The closed lists of the source are enumerations; each member keeps the
French label of the source in ``.label`` and its modifier(s) as integers.

Example:
    >>> Attitude.RATHER_OFFENSIVE.offense, Attitude.RATHER_OFFENSIVE.defense
    (1, -1)
    >>> Attitude.RATHER_OFFENSIVE.label
    'Plutôt offensive'
    >>> leadership(CommanderClass.INTELLIGENT, Experience.VETERAN)
    2
    >>> DAMAGE_TABLE[4]
    20
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from ...errors import RuleValueError, check_bool, check_enum, check_int, quote
from ...labels import ModifierEnum
from ...messages import Msg
from .words import M

__all__ = [
    "BASE_DAMAGE_PERCENT",
    "DAMAGE_TABLE",
    "MAX_TABLE_LEVEL",
    "NO_MELEE_FROM_ABOVE",
    "Attitude",
    "CommanderClass",
    "Cunning",
    "Experience",
    "Fame",
    "LeadershipReading",
    "Morale",
    "Terrain",
    "TerrainCase",
    "TerrainEffect",
    "TerrainRole",
    "Weather",
    "leadership",
    "table_percent",
    "terrain_cases",
    "terrain_effect",
]


class Attitude(Enum):
    """The unit's attitude (*attitude de l'unité*): ``(offense, defense)`` modifiers.

    Example:
        >>> [a.offense for a in Attitude]
        [3, 2, 1, 0, -1, -3, -5]
    """

    SUICIDAL_OFFENSIVE = ("Offensive suicidaire", 3, -5)
    EXTREMELY_OFFENSIVE = ("Extrêmement offensive", 2, -3)
    RATHER_OFFENSIVE = ("Plutôt offensive", 1, -1)
    BALANCED = ("Équilibrée", 0, 0)
    RATHER_DEFENSIVE = ("Plutôt défensive", -1, 1)
    EXTREMELY_DEFENSIVE = ("Extrêmement défensive", -3, 2)
    MORBIDLY_DEFENSIVE = ("Défensive maladive", -5, 3)

    def __init__(self, label: str, offense: int, defense: int) -> None:
        self.label = label
        self.offense = offense
        self.defense = defense


class Morale(ModifierEnum):
    """Morale table (*tableau de moral*), to distribute over offense and defense.

    Example:
        >>> [m.modifier for m in Morale]
        [-3, -2, -1, 0, 1, 2, 3]
    """

    HORRIBLE = (-3, "Horrible")
    AWFUL = (-2, "Affreux")
    DEPRESSED = (-1, "Dépressif")
    UNINSPIRED = (0, "Non-inspiré")
    CONFIDENT = (1, "Confiant")
    JOYFUL = (2, "Joyeux")
    RADIANT = (3, "Éclatant")


class Fame(ModifierEnum):
    """Who the commander is, added to morale.

    Example:
        >>> Fame.LEGENDARY.modifier, Fame.LEGENDARY.label
        (2, 'Héros légendaire')
    """

    ORDINARY = (0, "Commandant ordinaire")
    NOTABLE = (1, "Personnage notoire et respecté")
    LEGENDARY = (2, "Héros légendaire")


class Weather(ModifierEnum):
    """Weather (*température*), added to the morale of units that feel it.

    Example:
        >>> [w.modifier for w in Weather]
        [-2, -1, 0, 1, 2]
    """

    DEPRESSING = (-2, "Température dépressive")
    DREARY = (-1, "Température morne")
    NORMAL = (0, "Température et climat normaux")
    RADIANT = (1, "Température radieuse")
    ELECTRIFYING = (2, "Température électrisante")


class Cunning(ModifierEnum):
    """The commander's cunning (*ruse*): no combat modifier, used by special actions.

    Example:
        >>> Cunning.CLEVER.modifier, Cunning.CLEVER.label
        (1, 'Futé')
    """

    IDIOT = (-3, "Idiot")
    CARELESS = (-2, "Négligeant")
    UNIMAGINATIVE = (-1, "Sans imagination")
    ALERT = (0, "Alerte")
    CLEVER = (1, "Futé")
    CUNNING = (2, "Rusé")
    MACHIAVELLIAN = (3, "Machiavélique")


class Experience(Enum):
    """A commander's experience (columns of the leadership table).

    Example:
        >>> Experience.VETERAN.label
        'Vétéran'
    """

    LITTLE = "Peu expérimenté"
    EXPERIENCED = "Expérimenté"
    VETERAN = "Vétéran"

    @property
    def label(self) -> str:
        """The French label of the source."""
        return self.value


class CommanderClass(Enum):
    """Class of commander (*classe de commandants*), rows of the leadership table.

    ``by_experience`` holds the modifiers for little experience, experienced
    and veteran; the first three rows have one value whatever the experience.
    ``NOT_NEEDED`` is the source's note that some units need no commander
    (a dragon): no leadership modifier at all.

    Example:
        >>> CommanderClass.AVERAGE.by_experience
        (-2, 0, 1)
        >>> CommanderClass.NONE.by_experience
        (-5, -5, -5)
    """

    NOT_NEEDED = ("Ne requiert pas de commandant", (0, 0, 0))
    NONE = ("Pas de commandant", (-5, -5, -5))
    NON_COMMANDER = ("Non-commandant", (-4, -4, -4))
    INEXPERIENCED = ("Commandant inexpérimenté", (-3, -3, -3))
    POOR = ("Mauvais commandant", (-2, -1, -1))
    AVERAGE = ("Commandant moyen", (-2, 0, 1))
    INTELLIGENT = ("Commandant intelligent", (-1, 1, 2))
    BRILLIANT = ("Brillant commandant", (0, 2, 3))

    def __init__(self, label: str, by_experience: tuple[int, int, int]) -> None:
        self.label = label
        self.by_experience = by_experience


class LeadershipReading(Enum):
    """Which of the source's two leadership lists to follow for a poor commander.

    The class table gives a poor commander ``-2, -1, -1``; the ranked list
    just before it puts the *experienced* poor commander at -2 (beside the
    average commander of little experience). Every other cell agrees.

    Example:
        >>> LeadershipReading.RANKED_LIST.label
        'liste des variables de leadership'
    """

    CLASS_TABLE = "tableau des classes de commandants"
    RANKED_LIST = "liste des variables de leadership"

    @property
    def label(self) -> str:
        """The French name of the list."""
        return self.value


def leadership(
    commander_class: CommanderClass,
    experience: Experience = Experience.EXPERIENCED,
    reading: LeadershipReading = LeadershipReading.CLASS_TABLE,
) -> int:
    """The leadership modifier (to distribute over offense and defense).

    Args:
        commander_class: The row of the table.
        experience: The column (ignored by the first rows).
        reading: :attr:`LeadershipReading.CLASS_TABLE` (default) or the
            ranked list, which differ only for an experienced poor commander.

    Returns:
        The modifier, from -5 to +3.

    Example:
        >>> leadership(CommanderClass.POOR, Experience.EXPERIENCED)
        -1
        >>> leadership(CommanderClass.POOR, Experience.EXPERIENCED, LeadershipReading.RANKED_LIST)
        -2
    """
    check_enum(commander_class, CommanderClass, "commander_class")
    check_enum(experience, Experience, "experience")
    check_enum(reading, LeadershipReading, "reading")
    if (
        reading is LeadershipReading.RANKED_LIST
        and commander_class is CommanderClass.POOR
        and experience is Experience.EXPERIENCED
    ):
        return -2
    return commander_class.by_experience[list(Experience).index(experience)]


class TerrainRole(Enum):
    """Who a terrain entry favours or hinders.

    Example:
        >>> TerrainRole.DEFENDERS.label
        'défenseurs'
    """

    DEFENDERS = "défenseurs"
    ATTACKERS = "attaquants"
    EVERYONE = "tous"

    @property
    def label(self) -> str:
        """The French word of the source."""
        return self.value


class Terrain(Enum):
    """Terrain variables (*variables de terrain*), to distribute over offense and defense.

    ``modifier`` and ``role`` give the plain entries; the conditional ones
    (mountain fault from above, marsh, muddy plain) are resolved by
    :func:`terrain_effect`.

    Example:
        >>> Terrain.FOREST.modifier, Terrain.FOREST.role.label
        (2, 'défenseurs')
        >>> len(Terrain)
        20
    """

    CAVE_FRONT = ("Caverne ou faille montagneuse (de devant)", 3, TerrainRole.DEFENDERS)
    SHIP = ("Combat sur un navire", 1, TerrainRole.DEFENDERS)
    DEEP_WATER = ("Cours d'eau profond (embarcations légères)", -3, TerrainRole.EVERYONE)
    SHALLOW_WATER = ("Cours d'eau peu profond", -2, TerrainRole.DEFENDERS)
    VALLEY_FLOOR = ("Creux de vallée", -1, TerrainRole.DEFENDERS)
    FAULT_FROM_ABOVE = ("Faille montagneuse (de dessus)", 2, TerrainRole.ATTACKERS)
    FOREST = ("Forêt", 2, TerrainRole.DEFENDERS)
    MARSH = ("Marécage", 2, TerrainRole.DEFENDERS)
    BEACH = ("Plage ou dunes de sable", -1, TerrainRole.DEFENDERS)
    PLAIN = ("Plaine ordinaire", 0, TerrainRole.EVERYONE)
    MUDDY_PLAIN = ("Plaine boueuse ou marécageuse", 1, TerrainRole.DEFENDERS)
    ROAD = ("Route ordinaire", 0, TerrainRole.EVERYONE)
    HILLTOP = ("Sommet de colline", 2, TerrainRole.DEFENDERS)
    WOODED_HILLTOP = ("Sommet de colline boisée", 3, TerrainRole.DEFENDERS)
    MOUNTAINTOP = ("Sommet de montagne", 3, TerrainRole.DEFENDERS)
    WOODED_MOUNTAINTOP = ("Sommet de montagne boisée", 4, TerrainRole.DEFENDERS)
    HILLSIDE = ("Versant de colline", 1, TerrainRole.DEFENDERS)
    WOODED_HILLSIDE = ("Versant de colline boisée", 2, TerrainRole.DEFENDERS)
    MOUNTAINSIDE = ("Versant de montagne", 2, TerrainRole.DEFENDERS)
    WOODED_MOUNTAINSIDE = ("Versant de montagne boisée", 3, TerrainRole.DEFENDERS)

    def __init__(self, label: str, modifier: int, role: TerrainRole) -> None:
        self.label = label
        self.modifier = modifier
        self.role = role


@dataclass(frozen=True)
class TerrainEffect:
    """What a terrain gives one unit.

    Attributes:
        free: Points to distribute over offense and defense (may be negative).
        offense: Points that go to offense only (missile fire from above).

    Example:
        >>> TerrainEffect(free=2).free
        2
    """

    free: int = 0
    offense: int = 0

    def __post_init__(self) -> None:
        check_int(self.free, "free", -10, 10)
        check_int(self.offense, "offense", -10, 10)

    def __message__(self) -> Msg:
        """The effect as the tables write it: ``+2``, or ``+2 on offense`` for points bound to it.

        Example:
            >>> TerrainEffect(offense=2).__message__().render("fr")
            '+2 en offense'
        """
        if not self.offense:
            return M("{free:+d}", free=self.free)
        if not self.free:
            return M("{offense:+d} on offense", offense=self.offense)
        return M("{free:+d}, and {offense:+d} on offense", free=self.free, offense=self.offense)


def terrain_effect(
    terrain: Terrain,
    defends_ground: bool,
    *,
    well_placed: bool = True,
    missile_weapons: bool = False,
    flying: bool = False,
) -> TerrainEffect:
    """What ``terrain`` gives a unit that holds the ground or not.

    Args:
        terrain: The battlefield.
        defends_ground: Whether this unit is the defender (holds the ground).
        well_placed: Marsh and muddy plain: whether the defenders stand on
            dry, firm ground (otherwise everyone suffers).
        missile_weapons: Fault from above: whether the attackers shoot.
        flying: Fault from above: whether the attackers can fly (then the
            defenders get the +2 and melee is possible).

    Returns:
        The :class:`TerrainEffect` for this unit.

    Raises:
        RuleValueError: For a fault attacked from above by a unit that neither
            shoots nor flies (no melee is possible there); its ``field`` is
            ``"missile_weapons"``, the attacking unit's weapons.

    Example:
        >>> terrain_effect(Terrain.MARSH, defends_ground=False)
        TerrainEffect(free=-2, offense=0)
        >>> terrain_effect(Terrain.MARSH, defends_ground=True, well_placed=False)
        TerrainEffect(free=-2, offense=0)
        >>> terrain_effect(Terrain.FAULT_FROM_ABOVE, False, missile_weapons=True)
        TerrainEffect(free=0, offense=2)
    """
    check_enum(terrain, Terrain, "terrain")
    check_bool(defends_ground, "defends_ground")
    check_bool(well_placed, "well_placed")
    check_bool(missile_weapons, "missile_weapons")
    check_bool(flying, "flying")
    if terrain is Terrain.FAULT_FROM_ABOVE:
        if flying:
            return TerrainEffect(free=2 if defends_ground else 0)
        if not missile_weapons:
            raise RuleValueError(NO_MELEE_FROM_ABOVE, field="missile_weapons")
        return TerrainEffect(offense=0 if defends_ground else 2)
    if terrain is Terrain.MARSH:
        if not well_placed:
            return TerrainEffect(free=-2)
        return TerrainEffect(free=2 if defends_ground else -2)
    if terrain is Terrain.MUDDY_PLAIN:
        if not well_placed:
            return TerrainEffect(free=-1)
        return TerrainEffect(free=1 if defends_ground else 0)
    if terrain.role is TerrainRole.EVERYONE:
        return TerrainEffect(free=terrain.modifier)
    if (terrain.role is TerrainRole.DEFENDERS) == defends_ground:
        return TerrainEffect(free=terrain.modifier)
    return TerrainEffect()


@dataclass(frozen=True)
class TerrainCase:
    """One situation of a terrain entry, and what it gives each side (the quick reference's rows).

    Attributes:
        situation: When it applies (a message; empty for an entry with no condition).
        defenders: What the unit holding the ground gets.
        attackers: What the attacking unit gets; None where it cannot attack
            (hand weapons on a fault attacked from above).

    Example:
        >>> TerrainCase("always", TerrainEffect(free=2), TerrainEffect()).defenders.free
        2
    """

    situation: str
    defenders: TerrainEffect | None
    attackers: TerrainEffect | None

    def __post_init__(self) -> None:
        if not isinstance(self.situation, str) or len(self.situation) > 200:
            raise RuleValueError(
                M("{name} must be text, got {got}", name="situation", got=quote(self.situation)),
                field="situation",
            )
        for name in ("defenders", "attackers"):
            if not isinstance(getattr(self, name), (TerrainEffect, type(None))):
                raise RuleValueError(
                    M(
                        "{name} must be a TerrainEffect or None, got {got}",
                        name=name,
                        got=quote(getattr(self, name)),
                    ),
                    field=name,
                )


def terrain_cases(terrain: Terrain) -> tuple[TerrainCase, ...]:
    """Every situation of a terrain entry, each side's effect given by :func:`terrain_effect`.

    A plain entry has one case; the marsh and the muddy plain have two (the
    defenders on firm ground, « sinon … à tous »); the fault attacked from
    above three (attackers that shoot, that fly, that fight hand to hand).

    Example:
        >>> [(c.situation, c.defenders.free, c.attackers.free) for c in terrain_cases(Terrain.MARSH)]
        [('defenders on firm ground', 2, -2), ('otherwise', -2, -2)]
        >>> [c.attackers for c in terrain_cases(Terrain.FAULT_FROM_ABOVE)][::2]
        [TerrainEffect(free=0, offense=2), None]
    """
    check_enum(terrain, Terrain, "terrain")
    if terrain in (Terrain.MARSH, Terrain.MUDDY_PLAIN):
        return tuple(
            TerrainCase(
                situation,
                terrain_effect(terrain, True, well_placed=firm),
                terrain_effect(terrain, False, well_placed=firm),
            )
            for situation, firm in ((M("defenders on firm ground"), True), (M("otherwise"), False))
        )
    if terrain is Terrain.FAULT_FROM_ABOVE:
        cases = []
        for situation, weapons in (
            (M("attackers shoot"), {"missile_weapons": True}),
            (M("attackers fly"), {"flying": True}),
        ):
            cases.append(
                TerrainCase(
                    situation,
                    terrain_effect(terrain, True, **weapons),
                    terrain_effect(terrain, False, **weapons),
                )
            )
        cases.append(TerrainCase(M("attackers fight hand to hand"), None, None))
        return tuple(cases)
    return (TerrainCase("", terrain_effect(terrain, True), terrain_effect(terrain, False)),)


#: Why a unit fighting hand to hand cannot attack a fault from above (« pas de combat de
#: mêlée, à moins que l'unité attaquante sache voler »).
NO_MELEE_FROM_ABOVE: Msg = M(
    "no melee is possible on a mountain fault attacked from above (Faille montagneuse "
    "(de dessus)): the attacking unit must shoot (missile weapons) or fly"
)

#: Base damage every unit deals each round, in percent (one level).
BASE_DAMAGE_PERCENT = 5

#: Highest level of the offense/defense table.
MAX_TABLE_LEVEL = 19

#: Offense/defense level table (*table de niveaux d'offense et de défense*).
DAMAGE_TABLE: dict[int, int] = {level: 5 * level for level in range(MAX_TABLE_LEVEL + 1)}


def table_percent(level: int) -> int:
    """The offense and defense level table's percentage for a net level.

    The source's last table (*table de niveaux d'offense et de défense*) turns a
    net level into a percentage of vitality, 5 % a level; levels above 19 read
    as 19.

    Args:
        level: Net offense over defense, 0 or more.

    Returns:
        The percentage, 0 to 95.

    Example:
        >>> table_percent(0), table_percent(3), table_percent(19), table_percent(25)
        (0, 15, 95, 95)
    """
    check_int(level, "level", 0)
    return DAMAGE_TABLE[min(level, MAX_TABLE_LEVEL)]
