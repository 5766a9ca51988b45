"""The Unisystem quick reference: every cell of every table checked against the rule it restates.

Each table of ``book/reference-unisystem.ipynb`` is drawn at build time from
:mod:`rulebook_py.systems.unisystem.reference`; this walks every cell and
recomputes it independently (by enumerating the dice, or from the source's
own tables), then checks that the page shows exactly those tables, in both
editions' words (issue 34: « éclairage (éclairage) », « portée (portée) »
and a hyphen for the minus sign on the French page).
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

from rulebook_py.i18n import language
from rulebook_py.messages import Msg
from rulebook_py.systems import unisystem as uni
from rulebook_py.systems.unisystem import reference
from rulebook_py.widgets.unisystem import reference_html

D10 = range(1, 11)
ROOT = Path(__file__).resolve().parents[1]
F = Fraction

#: The source's table of combat modifiers (« Table de modificateurs de combat »).
SOURCE_LIGHTING = {"Normal": "+0", "Faible": "−1", "Mauvais": "−4"}
SOURCE_RANGE = {
    "À bout portant": ("+1", "+1"),
    "Courte": ("+0", "+0"),
    "Moyenne": ("−1", "+0"),
    "Longue": ("−3", "−1"),
    "Extrême": ("−6", "−2"),
}


def _signed(n: int) -> str:
    return f"+{n}" if n >= 0 else f"−{-n}"


def test_the_core_rolls_restate_what_each_check_adds():
    rows = reference.core_roll_table().rows
    assert [r[0] for r in rows] == [
        "task (épreuve)",
        "simple test (test simple)",
        "difficult test (test difficile)",
        "unskilled task (épreuve sans compétence)",
        "contest (épreuve en résistance)",
    ]
    for attribute, skill in ((3, 6), (0, 0), (5, 2)):
        assert uni.task(attribute, skill).bonus == attribute + skill  # "attribute + skill"
        assert uni.test(attribute).bonus == 2 * attribute  # "attribute × 2"
        assert uni.test(attribute, difficult=True).bonus == attribute  # "attribute"
        unskilled = uni.unskilled(attribute)
        assert unskilled.bonus == attribute - rows[3][1].params["penalty"]
        assert unskilled.level_cap == rows[3][1].params["cap"]
    for row in rows[:4]:  # "9 or more": the smallest total that succeeds
        n = row[2].params["n"]
        assert uni.success_levels(n) == 1 and uni.success_levels(n - 1) == 0
    assert rows[4][2] == "the higher total"
    assert uni.contest(1, 0).a_wins > uni.contest(0, 1).a_wins


def test_the_success_levels_restate_success_levels_and_their_names():
    table = reference.success_level_table()
    assert table.caption.params["n"] == uni.TARGET
    previous_top, previous_level = uni.TARGET - 1, 0
    for totals, level, name in table.rows:
        low, _, high = totals.partition("–")
        low, high = int(low), int(high or low)
        assert low == previous_top + 1 and level == previous_level + 1  # no gap, no repeat
        assert all(uni.success_levels(t) == level for t in range(low, high + 1))
        assert name == uni.level_name(level)
        previous_top, previous_level = high, level
    assert uni.success_levels(uni.TARGET - 1) == 0
    assert table.rows[1][2] == "Decent"  # the source's one name: 2 levels, « décent »


def test_the_odds_of_one_roll_enumerate_the_d10():
    for bonus, (shown, succeeds, two_levels) in zip(reference.BONUSES, reference.odds_table().rows):
        assert shown == _signed(bonus)
        assert succeeds == F(sum(x + bonus >= 9 for x in D10), 10)
        assert two_levels == F(sum(x + bonus >= 11 for x in D10), 10)  # 11–12: two levels


def test_the_close_combat_table_enumerates_both_dice():
    table = reference.close_combat_table()
    assert [h.params["n"] for h in table.headers[1:]] == list(reference.DODGES)
    for attack, row in zip(reference.ATTACKS, table.rows):
        assert row[0] == _signed(attack)
        for dodge, cell in zip(reference.DODGES, row[1:]):
            hits = sum(a + attack > d + dodge and a + attack >= 9 for a in D10 for d in D10)
            assert cell == F(hits, 100)


def test_stances_and_actions_restate_the_rules():
    stances = {row[0]: row[1:] for row in reference.stance_table().rows}
    assert stances == {
        "Normale": ("+0", "+0", ""),
        "Attitude défensive": ("+0", "+3", "no attack"),  # « un bonus de +3 »
        "Attitude agressive": ("+2", "+0", "no defense"),  # « Un bonus de +2 »
    }
    (row,) = reference.actions_table().rows
    # One attack and one defense free, then −2 cumulative (« pénalité de -2 cumulative »).
    assert row[1:] == ("0", "0", "−2", "−4")
    kinds = [uni.ActionKind.ATTACK] + [uni.ActionKind.DEFENSE] * 3
    assert tuple(uni.number_text(p) for p in uni.action_penalties(kinds)) == row[1:]


def test_lighting_and_range_restate_the_sources_table():
    lights = dict(reference.lighting_table().rows)
    assert {k: v for k, v in lights.items() if k != "Noir total"} == SOURCE_LIGHTING
    assert lights["Noir total"] == "plain D10, only a natural 9 or 10 hits"
    ranges = {row[0]: row[1:] for row in reference.range_table().rows}
    assert ranges == SOURCE_RANGE
    assert [b.label for b in uni.RangeBand] == list(SOURCE_RANGE)


def _stored_tables() -> list[str]:
    nb = json.loads((ROOT / "book" / "reference-unisystem.ipynb").read_text(encoding="utf-8"))
    return [
        "".join(o["data"]["text/html"])
        for c in nb["cells"]
        if c["cell_type"] == "code"
        for o in c["outputs"]
        if "text/html" in o.get("data", {})
    ]


def test_the_page_shows_exactly_these_tables():
    with language("en"):
        expected = reference_html(*reference.tables())
    assert "".join(_stored_tables()) == expected


def test_every_word_is_a_message_and_the_french_page_speaks_french():
    for table in reference.tables():
        assert isinstance(table.caption, Msg)
        assert all(
            isinstance(h, Msg) or h == "" or h.isdigit() or "D10" in h for h in table.headers
        )
    with language("fr"):
        french = reference_html(*reference.tables())
    # Issue 34: the headers were « éclairage (éclairage) », « portée (portée) ».
    assert "<th>éclairage</th>" in french and "<th>portée</th>" in french
    assert "(éclairage)" not in french and "(portée)" not in french
    assert re.search(r"(?<![\w/])-\d", french) is None  # never a hyphen for the minus sign
    assert "<td>−4</td>" in french and "<td>80,00\u00a0%</td>" in french
    for english in ("lighting", "range", "attack", "succeeds", "Failure", "Decent", "plain"):
        assert english not in french
    assert "Décent" in french and "D10 sans modificateur" in french
