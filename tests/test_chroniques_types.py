"""Issue 27: every parameter of the Chroniques reports answers a wrong type with a RulebookError.

The generic test (tests/test_public_types.py) replaces the arguments of each
doctest example; this one goes through every parameter of the reports the
calculators call, keyword by keyword, from their defaults.
"""

from __future__ import annotations

import inspect
import time

import pytest

from rulebook_py import outcomes
from rulebook_py.errors import RulebookError
from rulebook_py.systems import chroniques as co

BAD = {"None": None, "3.5": 3.5, "'3'": "3", "True": True, "10**100": 10**100}
#: A valid call of each report, by its required arguments.
REPORTS = {
    outcomes.chroniques.attack_report: (5, 15),
    outcomes.chroniques.conditions_report: (5, 15),
    co.knock_out_report: (8, 1, 3),
    co.first_aid: (1,),
    outcomes.chroniques.opposed_magic_report: (5, 5),
    co.initiative_report: ("Ana, 12, PC, 14\nGob, 10, NPC, 8",),
    outcomes.chroniques.chase_report: (),
    co.check_report: (1, 10),
    co.parse_combatants: ("Ana, 12, PC, 14",),
    co.parse_turn: ("M A",),
    outcomes.chroniques.parse_rounds: ("3, 5",),
    co.validate_turn: (["M", "A"],),
    co.damage_dice: ("1d8",),
}


def _cases():
    for func, args in REPORTS.items():
        params = list(inspect.signature(func).parameters.values())
        for index, param in enumerate(params):
            for bad_name, bad in BAD.items():
                yield pytest.param(
                    func,
                    args,
                    index,
                    param,
                    bad_name,
                    bad,
                    id=f"{func.__name__}.{param.name}={bad_name}",
                )


@pytest.mark.parametrize("func,args,index,param,bad_name,bad", list(_cases()))
def test_a_wrong_type_is_refused_with_a_rulebook_error(func, args, index, param, bad_name, bad):
    positional = list(args)
    keywords = {}
    if index < len(positional):
        original = positional[index]
        positional[index] = bad
    else:
        original = param.default
        keywords[param.name] = bad
    start = time.process_time()
    try:
        func(*positional, **keywords)
    except RulebookError as err:
        assert str(err) and len(str(err)) < 400
        return
    finally:
        assert time.process_time() - start < 1
    # An answer is allowed only where the wrong value could mean something.
    if original is None and bad is None:
        return
    silent = {
        bool: ("None", "3.5", "'3'", "10**100"),
        int: ("None", "3.5", "'3'", "True"),
        str: ("None", "3.5", "True", "10**100"),
    }
    kind = type(original) if type(original) in silent else None
    assert kind is None or bad_name not in silent[kind], f"answered silently for {bad_name}"
