"""What the calculators ask for: one outcome a calculator, built from the rules.

The floor between the rules (:mod:`rulebook_py.systems`, :mod:`rulebook_py.dice`)
and the calculators (:mod:`rulebook_py.widgets`). An outcome function takes
plain values named like a calculator's controls (``attacker_dexterity``,
``pursuer_traits``, a unit written as a dictionary), calls the rules, which
take the game's own types, and returns an outcome: the exact answer, the rows
a calculator shows as data (label message, value) and ``.roll(rng)``, one
seeded resolution with every die shown.

It may import the rules and the dice, never the widgets; the rules never
import it.

* :mod:`.dice` -- expressions compared against a target, two opposed rolls;
* :mod:`.unisystem` -- the basics calculators (checks, contests, the core die),
  the combat ones (melee, ranged), the whole fight, what each shows (``shown``)
  and the lists they offer (``choices``);
* :mod:`.galaxies` -- each Galaxies Jumelles calculator's one call (codes, shots,
  psychic attacks, initiative, the volley, melee, the whole fight), its tables
  and chart as data, and the quick reference's tables;
* :mod:`.mass_battle` -- a unit written as plain values, a round, a battle;
* :mod:`.chroniques` -- an attack action, an opposed magic attack, conditions on
  both sides, a chase, the whole fight, from plain values, and what each
  calculator shows of them;
* :mod:`.shown` -- what a calculator shows of an outcome, as data, in every
  system: a :class:`~.shown.Presentation` (tables, notes), its charts
  (:class:`~.shown.Bars`, :class:`~.shown.GroupedBars`).

Example:
    >>> from rulebook_py import outcomes, unisystem
    >>> outcomes.unisystem.check(unisystem.CheckKind.TASK, 3, 6, -3).success_chance()
    Fraction(4, 5)
    >>> outcomes.dice.opposed("d6", "d6").comparison.eq
    Fraction(1, 6)
"""

from __future__ import annotations

from . import chroniques, dice, galaxies, mass_battle, shown, unisystem

__all__ = ["chroniques", "dice", "galaxies", "mass_battle", "shown", "unisystem"]
