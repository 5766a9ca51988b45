"""The mass battle's quick reference: every cell of every table is its rule's (issue 34).

The page's stored tables (English) and the same cells run in French are read
back cell by cell and checked against the rule each one restates, computed
here again from the rules' functions: the damage table, the odds of a round,
the attitudes, morale, cunning, weather and the commander's fame, the
leadership table (with the ranked list's one different cell), and every case
of the terrain table (the marsh's −2 to attackers, both « sinon … à tous »,
the fault's +2 on offense for archers only, with no melee).
"""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

from rulebook_py.errors import RuleValueError
from rulebook_py.i18n import language
from rulebook_py.systems import mass_battle as mb
from rulebook_py.systems.mass_battle import (
    Attitude,
    Battlefield,
    CommanderClass,
    Cunning,
    Experience,
    Fame,
    LeadershipReading,
    Morale,
    Terrain,
    Unit,
    Weather,
    leadership,
    strikes_back,
    table_percent,
    terrain_effect,
)

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "book" / "reference-mass-battle.ipynb"
MINUS = "\u2212"


def _tables(markup: str) -> list[dict]:
    """Each ``<table>`` as its caption, headers and rows of cell texts."""
    found = []
    for table in re.findall(r"<table.*?</table>", markup, re.S):
        caption = re.search(r"<caption>(.*?)</caption>", table, re.S)
        head = re.findall(r"<th>(.*?)</th>", table, re.S)
        body = table.split("<tbody>", 1)[1]
        rows = [
            [html.unescape(c) for c in re.findall(r"<td>(.*?)</td>", row, re.S)]
            for row in re.findall(r"<tr>(.*?)</tr>", body, re.S)
        ]
        found.append(
            {
                "caption": html.unescape(caption.group(1)) if caption else "",
                "head": [html.unescape(h) for h in head],
                "rows": rows,
            }
        )
    return found


def _stored() -> list[dict]:
    cells = json.loads(PAGE.read_text(encoding="utf-8"))["cells"]
    markup = "".join(
        "".join(o.get("data", {}).get("text/html", ""))
        for c in cells
        if c["cell_type"] == "code"
        for o in c.get("outputs", [])
    )
    return _tables(markup)


def _french() -> list[dict]:
    """The same cells of the page, run in French (as the French edition is built)."""
    cells = json.loads(PAGE.read_text(encoding="utf-8"))["cells"]
    namespace: dict = {}
    markup = []
    with language("fr"):
        for cell in cells:
            if cell["cell_type"] != "code":
                continue
            lines = "".join(cell["source"]).rstrip().split("\n")
            *body, last = lines
            exec("\n".join(body), namespace)
            markup.append(eval(last, namespace).data)
    return _tables("".join(markup))


def _signed(n: int, code: str) -> str:
    return f"{n:+d}".replace("-", MINUS) if code == "fr" else f"{n:+d}"


EDITIONS = {"en": _stored, "fr": _french}


@pytest.fixture(scope="module", params=list(EDITIONS))
def edition(request):
    return request.param, EDITIONS[request.param]()


def _by_caption(tables: list[dict], start: str) -> dict:
    return next(t for t in tables if t["caption"].startswith(start))


CAPTIONS = {
    "en": {
        "damage": "The damage table",
        "odds": "Table damage of one round",
        "attitude": "Attitude",
        "modifiers": "Morale, cunning",
        "leadership": "Leadership:",
        "terrain": "Terrain:",
    },
    "fr": {
        "damage": "La table de niveaux",
        "odds": "Dommages de la table",
        "attitude": "Attitude",
        "modifiers": "Moral, ruse",
        "leadership": "Leadership\u00a0:",
        "terrain": "Terrain\u00a0:",
    },
}


def test_the_page_has_every_table(edition):
    code, tables = edition
    assert len(tables) == 7
    for start in CAPTIONS[code].values():
        _by_caption(tables, start)


def test_the_damage_table(edition):
    code, tables = edition
    first = _by_caption(tables, CAPTIONS[code]["damage"])
    second = tables[tables.index(first) + 1]
    seen = 0
    for table in (first, second):
        levels = [int(h) for h in table["head"][1:]]
        for level, cell in zip(levels, table["rows"][0][1:]):
            assert int(cell) == table_percent(level)
            seen += 1
    assert seen == mb.MAX_TABLE_LEVEL + 2  # 0 to 19, and one past the end
    assert f"{mb.BASE_DAMAGE_PERCENT}\u00a0%" in first["caption"] or (
        f"{mb.BASE_DAMAGE_PERCENT} %" in first["caption"]
    )


def test_the_odds_of_a_round(edition):
    code, tables = edition
    table = _by_caption(tables, CAPTIONS[code]["odds"])
    space = "\u00a0" if code == "fr" else " "
    for row in table["rows"]:
        net = int(row[0])
        for die, cell in zip(range(1, 5), row[1:]):
            assert cell == f"{table_percent(net + die)}{space}%"
            assert mb.damage_percent(net, 0, die, 0) == table_percent(net + die) + 5


def test_the_attitudes(edition):
    code, tables = edition
    table = _by_caption(tables, CAPTIONS[code]["attitude"])
    assert len(table["rows"]) == len(Attitude)
    for label, offense, defense in table["rows"]:
        attitude = next(a for a in Attitude if a.label == label)
        assert (offense, defense) == (
            _signed(attitude.offense, code),
            _signed(attitude.defense, code),
        )


def test_morale_cunning_weather_and_fame(edition):
    code, tables = edition
    table = _by_caption(tables, CAPTIONS[code]["modifiers"])
    kinds = (Morale, Cunning, Weather, Fame)
    listed = set()
    for value_text, *cells in table["rows"]:
        value = int(value_text.replace(MINUS, "-"))
        for kind, cell in zip(kinds, cells):
            labels = [] if cell == "—" else cell.split(", ")
            assert labels == [m.label for m in kind if m.modifier == value]
            listed |= {(kind, label) for label in labels}
    assert listed == {(kind, m.label) for kind in kinds for m in kind}


def test_the_leadership_table(edition):
    code, tables = edition
    table = _by_caption(tables, CAPTIONS[code]["leadership"])
    assert table["head"][1:] == [e.label for e in Experience]
    assert len(table["rows"]) == len(CommanderClass)
    differing = 0
    for label, *cells in table["rows"]:
        cls = next(c for c in CommanderClass if c.label == label)
        for exp, cell in zip(Experience, cells):
            value = leadership(cls, exp)
            ranked = leadership(cls, exp, LeadershipReading.RANKED_LIST)
            assert cell.startswith(_signed(value, code))
            if ranked != value:
                differing += 1
                assert cell.endswith(f"{_signed(ranked, code)})")
            else:
                assert cell == _signed(value, code)
    assert differing == 1  # the poor, experienced commander


#: The cases of the terrain table, in the reader's words, and the effect's keywords.
CASES = {
    "en": {
        "defenders on firm ground": {"well_placed": True},
        "otherwise": {"well_placed": False},
        "attackers shoot": {"missile_weapons": True},
        "attackers fly": {"flying": True},
        "attackers fight hand to hand": None,
        "—": {},
    },
    "fr": {
        "défenseurs bien placés (terre sèche)": {"well_placed": True},
        "sinon": {"well_placed": False},
        "attaquants qui tirent": {"missile_weapons": True},
        "attaquants qui volent": {"flying": True},
        "attaquants au corps à corps": None,
        "—": {},
    },
}


def _effect_text(effect: mb.TerrainEffect, code: str) -> str:
    on_offense = " en offense" if code == "fr" else " on offense"
    if effect.offense:
        return _signed(effect.offense, code) + on_offense
    return _signed(effect.free, code)


def test_every_case_of_the_terrain_table(edition):
    code, tables = edition
    table = _by_caption(tables, CAPTIONS[code]["terrain"])
    terrain = None
    seen = set()
    for name, when, defenders, attackers in table["rows"]:
        if name:
            terrain = next(t for t in Terrain if t.label == name)
        keywords = CASES[code][when]
        seen.add((terrain, when))
        if keywords is None:  # hand weapons on a fault from above: no melee at all
            with pytest.raises(RuleValueError):
                terrain_effect(terrain, False)
            assert defenders == attackers
            continue
        mine = terrain_effect(terrain, True, **keywords)
        theirs = terrain_effect(terrain, False, **keywords)
        assert attackers == _effect_text(theirs, code)
        assert defenders.startswith(_effect_text(mine, code))
        if theirs.offense:  # archers above: hand-to-hand defenders cannot strike back
            archers = Unit("Archers", 50, 3, 3, missile_weapons=True)
            fault = Battlefield(Terrain.FAULT_FROM_ABOVE)
            guards = Unit("Guards", 50, 3, 3, defends_ground=True)
            shooting = Unit("Bowmen", 50, 3, 3, defends_ground=True, missile_weapons=True)
            assert not strikes_back(guards, archers, fault)
            assert strikes_back(shooting, archers, fault)
            assert defenders != _effect_text(mine, code)  # and the cell says so
    assert {t for t, _ in seen} == set(Terrain)
    marsh = next(row for row in table["rows"] if row[0] == Terrain.MARSH.label)
    assert marsh[2:] == [_signed(2, code), _signed(-2, code)]  # +2 defenders and −2 attackers


def test_the_terrain_cases_are_the_rules():
    assert [len(mb.terrain_cases(t)) for t in Terrain].count(1) == len(Terrain) - 3
    marsh = mb.terrain_cases(Terrain.MARSH)
    assert [(c.defenders.free, c.attackers.free) for c in marsh] == [(2, -2), (-2, -2)]
    muddy = mb.terrain_cases(Terrain.MUDDY_PLAIN)
    assert [(c.defenders.free, c.attackers.free) for c in muddy] == [(1, 0), (-1, -1)]
    fault = mb.terrain_cases(Terrain.FAULT_FROM_ABOVE)
    assert fault[0].attackers == mb.TerrainEffect(offense=2) and fault[0].defenders.free == 0
    assert fault[1].defenders == mb.TerrainEffect(free=2)
    assert fault[2].defenders is None and fault[2].attackers is None
