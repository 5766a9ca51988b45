"""The Chroniques Oubliées quick reference: every cell checked against the rule it restates.

The page's tables are read from the stored outputs of
``book/reference-chroniques-oubliees.ipynb`` (what the book shows), found by
their caption, and each cell is compared with an independent call of the rule
it restates (``ability_modifier``, ``attack``, ``attack_report``,
``temporary_damage``, ``knock_out``, ``concerted_attack``, ``care_odds``,
``chase_modifier``, ``chase_step``). The French edition's tables are the same
tables rendered in French (no English left, every message in the catalog), and
both editions print on at most two A4 pages.
"""

from __future__ import annotations

import html
import json
import re
from html.parser import HTMLParser
from pathlib import Path

from rulebook_py import outcomes
from rulebook_py.errors import RulebookError
from rulebook_py.i18n import language
from rulebook_py.messages import missing
from rulebook_py.systems import chroniques as co
from rulebook_py.widgets.format import percent

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "book" / "reference-chroniques-oubliees.ipynb"
MINUS = "\u2212"


class _Tables(HTMLParser):
    """Every table of an HTML fragment: its caption and its rows of cell texts."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.tables: list[dict] = []
        self._cell: list[str] | None = None
        self._row: list[str] | None = None
        self._caption = False

    def handle_starttag(self, tag: str, attrs: list) -> None:
        if tag == "table":
            self.tables.append({"caption": "", "rows": []})
        elif tag == "caption":
            self._caption = True
        elif tag == "tr":
            self._row = []
        elif tag in ("td", "th"):
            self._cell = []

    def handle_endtag(self, tag: str) -> None:
        if tag == "caption":
            self._caption = False
        elif tag in ("td", "th") and self._cell is not None and self._row is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.tables[-1]["rows"].append(self._row)
            self._row = None

    def handle_data(self, data: str) -> None:
        if self._caption:
            self.tables[-1]["caption"] += data
        elif self._cell is not None:
            self._cell.append(data)


def _tables(fragment: str) -> dict[str, list[list[str]]]:
    parser = _Tables()
    parser.feed(fragment)
    return {t["caption"]: t["rows"] for t in parser.tables}


def _stored() -> dict[str, list[list[str]]]:
    nb = json.loads(PAGE.read_text(encoding="utf-8"))
    shown = "".join(
        "".join(o.get("data", {}).get("text/html", ""))
        for c in nb["cells"]
        if c["cell_type"] == "code"
        for o in c.get("outputs", [])
    )
    return _tables(shown)


TABLES = _stored()


def _table(start: str) -> list[list[str]]:
    found = [rows for caption, rows in TABLES.items() if caption.startswith(start)]
    assert len(found) == 1, f"one table captioned {start!r}, got {len(found)}"
    return found[0]


def _signed(text: str) -> int:
    return int(text.replace(MINUS, "-"))


def test_every_table_of_the_rules_is_on_the_page():
    assert len(TABLES) == len(co.QUICK_TABLES) == 11


def test_ability_modifiers():
    head, row = _table("Ability modifiers")
    assert row[0] == "modifier" and len(head) == len(row) == 10
    for scores, cell in zip(head[1:], row[1:]):
        low, high = (int(s) for s in scores.split("–"))
        assert {co.ability_modifier(s) for s in range(low, high + 1)} == {_signed(cell)}
    assert head[1] == "1–3" and head[-1] == "18–19"


def test_attack_odds_on_the_d20_and_the_d12():
    head, *rows = _table("P(hit): d20 / d12")
    defenses = [int(h.removeprefix("DEF ")) for h in head[1:]]
    assert len(rows) == 6
    for row in rows:
        bonus = _signed(row[0])
        for defense, cell in zip(defenses, row[1:]):
            d20, d12 = co.attack(bonus, defense).hit, co.attack(bonus, defense, "d12").hit
            assert cell == f"{percent(d20)} / {percent(d12)}", (bonus, defense)


#: Which kinds of attack a line's "applies to" cell names.
APPLIES = {
    "ranged and magic attacks": {"ranged", "magic"},
    "every attack": {"melee", "ranged", "magic"},
    "melee and magic attacks": {"melee", "magic"},
    "ranged attacks": {"ranged"},
    "the partner's next melee attack": {"melee"},
}


def _bonus_change(kind: str, keywords: dict) -> int | None:
    """What ``keywords`` do to an attack of ``kind`` (None: refused for that kind)."""
    try:
        changed = outcomes.chroniques.attack_report(0, 10, kind=kind, **keywords)
    except RulebookError:
        return None
    return changed.bonus - outcomes.chroniques.attack_report(0, 10, kind=kind).bonus


def test_situation_modifiers_each_as_the_attack_report_applies_it():
    head, *rows = _table("Attack modifiers")
    assert head == ["situation", "attack", "applies to"]
    lines = {str(m.situation): m for m in co.situation_modifiers()}
    assert [row[0] for row in rows] == list(lines)
    for situation, modifier, applies in rows:
        line = lines[html.unescape(situation)]
        for kind in ("melee", "ranged", "magic"):
            change = _bonus_change(kind, line.keywords)
            if kind in APPLIES[applies]:
                assert change == _signed(modifier), (situation, kind)
            elif "darkness" not in situation:  # (darkness: the other kinds have their own line)
                assert change in (None, 0), (situation, kind)
    expected = {"dim light (pénombre)": -5, "long range, up to twice the range (portée longue)": -5}
    expected |= {"heavy rain (pluies fortes)": -2, "untrained weapon, shield or armour (each)": -3}
    expected |= {"a limited ability used again on the same target (each time)": -5}
    expected |= {
        "target engaged in melee": -5,
        "target engaged in melee, on the shooter's side": -2,
    }
    for situation, value in expected.items():  # the numbers issue 34 lists, from the source
        assert _signed(next(r[1] for r in rows if r[0] == situation)) == value


def test_untrained_shield_and_armour_cost_the_same_as_a_weapon():
    for gear in ("untrained_shield", "untrained_armour"):
        assert _bonus_change("melee", {gear: True}) == co.UNTRAINED


def test_defensive_actions():
    _head, *rows = _table("Defensive actions")
    for name, bonus, action in rows:
        member = {str(a.__message__()): a for a in co.DefensiveAction}[name]
        assert outcomes.chroniques.attack_report(
            0, 10, defensive_action=member
        ).defense - 10 == _signed(bonus)
        assert action == member.action
    assert len(rows) == 2


def test_conditions_and_their_numbers():
    _head, *rows = _table("Harmful conditions")
    assert [r[0] for r in rows] == [str(c.heading) for c in co.Condition]
    for (name, effect), condition in zip(rows, co.Condition):
        fx = condition.effects
        numbers = {int(n) for n in re.findall(r"-\d+", effect)}
        assert numbers <= {fx.initiative, fx.melee_attack, fx.ranged_attack, fx.defense}, name
        assert numbers >= {v for v in (fx.melee_attack, fx.defense) if v}, name
        assert ("d12" in effect) == fx.uses_d12, name
        assert ("no action" in effect) == (not fx.can_act), name
        assert ("critical" in effect) == fx.auto_critical_against, name
        assert ("stand up" in effect) == (fx.must_stand or not fx.can_move), name


def test_temporary_damage_and_knock_outs():
    _head, *rows = _table("Temporary damage")
    assert len(rows) >= 3
    for rolled, strength, hit_points, temporary, minutes in rows:
        temp = co.temporary_damage(int(rolled), _signed(strength))
        assert temp == int(temporary)
        assert co.knock_out(int(hit_points), temp).minutes == int(minutes)
    assert ["8", "+1", "3", "7", "4"] in rows  # the source's Krush and the goblin


def test_concerted_attack():
    _head, *rows = _table("Concerted attack")
    for helper, none, two, four in rows:
        odds = co.concerted_attack(_signed(helper))
        assert [none, two, four] == [
            percent(odds.none),
            percent(odds.plus_two),
            percent(odds.plus_four),
        ]
    assert _bonus_change("melee", {"concerted": 2}) == 2
    assert _bonus_change("ranged", {"concerted": 2}) is None  # melee only


def test_two_weapons():
    _head, *rows = _table("Two weapons")
    for target, one, two in rows:
        defense = int(target.removeprefix("DEF "))
        assert one == percent(co.attack(5, defense).hit)
        assert two == percent(co.attack(5, defense, "d12").hit)
        assert two == percent(
            outcomes.chroniques.attack_report(5, defense, two_weapons=True).off_outcome.hit
        )


def test_first_aid():
    head, row = _table("First aid")
    for intelligence, cell in zip(head[1:], row[1:]):
        assert cell == percent(co.care_odds(_signed(intelligence)))
        assert cell == percent(co.check_odds(_signed(intelligence), 10).hit)


def test_the_chase_table_and_its_steps():
    head, *rows = _table("Chase: DEX test modifiers")
    traits = {str(t.__message__()): t for t in co.ChaseTrait}
    assert len(rows) == len(traits)
    for name, modifier in rows:
        assert co.chase_modifier({traits[html.unescape(name)]}) == _signed(modifier)
    assert co.chase_modifier({co.ChaseTrait.HUGE, co.ChaseTrait.FLYING}) == 10  # the dragon
    head, row = _table("Chase: the gap's change")
    for difference, gap in zip(head[1:], row[1:]):
        assert co.chase_step(_signed(difference)) == _signed(gap)


# ----------------------------------------------------------- the French edition
def _french_outputs() -> list[str]:
    """Each code cell's HTML, the page's own code run in French as the French build runs it."""
    nb = json.loads(PAGE.read_text(encoding="utf-8"))
    namespace: dict = {}
    out: list[list[str]] = []
    with language("fr"):
        for cell in nb["cells"]:
            if cell["cell_type"] != "code":
                continue
            out.append([])
            source = "".join(cell["source"])
            # The page's own code, its display() captured.
            namespace["_shown"] = lambda shown: out[-1].append(shown.data)
            exec(source.replace("display(HTML(", "_shown(HTML("), namespace)
    return out


def test_the_french_tables_speak_french():
    before = set(missing())
    french = "".join(t for cell in _french_outputs() for t in cell)
    assert set(missing()) == before
    tables = _tables(french)
    assert len(tables) == 11
    assert "Modificateurs d’attaque" in tables
    words = {
        w
        for rows in tables.values()
        for row in rows
        for cell in row
        for w in re.findall(r"[^\W\d_]{3,}", cell)
    }
    english = {"the", "attack", "every", "ranged", "damage", "hit", "target", "helper", "gap"}
    assert not words & english, words & english
    assert "55,00\u00a0% / 25,00\u00a0%" in french  # +0 against DEF 10: the French numbers
    assert f"{MINUS}5" in french
