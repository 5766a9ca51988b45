r"""Exercises that answer back: each chapter's "Predict, then check", checkable on the website.

Every chapter ends with a few questions and their worked answers (in a
collapsed "Answer"). On the website, once the page is live, each of the
questions listed here gets a box for the reader's prediction (a fraction, a
percentage or a number) and a **Check** button: the page says how close the
prediction was, from the rule function the chapter names, then opens the
worked answer. Each exercise's checkable answer is one call of that rule
function (:class:`Exercise`), kept by chapter (:data:`CHAPTERS`, by page name).

``live/cells_pages.py`` writes the boxes into the built pages (the labels in
each edition's language) and ``live/cells.py`` checks a prediction in the
page's own Python (:func:`check`).

Example:
    >>> result = check("chroniques-oubliees", 1, "92 %")
    >>> result.verdict, result.expression
    (<Verdict.RIGHT: 'right'>, "outcomes.chroniques.attack_report(10, 12, attacker_conditions=('weakened',)).outcome.hit")
    >>> check("chroniques-oubliees", 1, "92 %").message.render("fr")
    'Juste\xa0: 11/12 (91,67\xa0%).'
"""

from __future__ import annotations

from ..errors import RulebookError, RuleValueError, check_int, quote
from . import (
    chroniques,
    comparison,
    dice,
    galaxies,
    mass_battle,
    unisystem_basics,
    unisystem_combat,
)
from .box import box_html
from .model import Exercise, evaluate, head_function
from .prediction import MAX_LENGTH, Kind, read_prediction
from .verdict import Checked, Verdict, answer_text, judge, margins
from .words import M

__all__ = [
    "CHAPTERS",
    "MAX_LENGTH",
    "Checked",
    "Exercise",
    "Kind",
    "Verdict",
    "answer_text",
    "box_html",
    "check",
    "evaluate",
    "exercise",
    "head_function",
    "judge",
    "margins",
    "read_prediction",
]

#: Each chapter's exercises, by the page's name (``book/<name>.html``).
CHAPTERS: dict[str, tuple[Exercise, ...]] = {
    "dice": dice.EXERCISES,
    "unisystem-basics": unisystem_basics.EXERCISES,
    "unisystem-combat": unisystem_combat.EXERCISES,
    "galaxies-jumelles": galaxies.EXERCISES,
    "mass-battle": mass_battle.EXERCISES,
    "chroniques-oubliees": chroniques.EXERCISES,
    "comparing-systems": comparison.EXERCISES,
}


def exercise(chapter: str, number: int) -> Exercise:
    """Exercise ``number`` of ``chapter`` (a page name such as ``"dice"``).

    Raises:
        RuleValueError: When the chapter or the number has no exercise.

    Example:
        >>> exercise("dice", 2).expression
        "parse('2d20kh1').prob_at_least(20)"
    """
    found = CHAPTERS.get(chapter) if isinstance(chapter, str) else None
    if found is None:
        raise RuleValueError(
            M("{chapter} is not a chapter with exercises.", chapter=quote(chapter)),
            field="chapter",
            value=chapter,
        )
    check_int(number, "number", 1, 99)
    for item in found:
        if item.number == number:
            return item
    raise RuleValueError(
        M("Question {number} of {chapter} has no box to check.", number=number, chapter=chapter),
        field="number",
        value=number,
    )


def check(chapter: str, number: int, text: str) -> Checked:
    """The reader's prediction ``text`` for exercise ``number`` of ``chapter``, checked.

    A prediction that cannot be read gives no verdict and the message that
    says what the box takes (quoting what was typed).

    Example:
        >>> check("dice", 5, "13.27").verdict, check("dice", 5, "13.3").verdict
        (<Verdict.RIGHT: 'right'>, <Verdict.CLOSE: 'close'>)
        >>> check("dice", 1, "one in six").verdict is None
        True
    """
    item = exercise(chapter, number)
    answer = item.answer()
    try:
        prediction = read_prediction(text, item.kind)
    except RulebookError as err:
        return Checked(None, err.message, item.expression, answer)
    return Checked.of(prediction, answer, item.kind, item.places, item.expression)
