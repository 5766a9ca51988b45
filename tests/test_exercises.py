"""Exercises that answer back (``rulebook_py.exercises``): each answer a rule call, each checked.

Every exercise is a question of its chapter's "Predict, then check" list; its
answer is one call of the rule function the chapter names, read without
``eval`` and equal to CPython's own evaluation of the same line; the worked
answer of the book (English notebook and French catalog) gives that number.
The reader's prediction is read one way everywhere (a fraction, a
percentage or a number, ASCII digits), and judged with fixed margins.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import rulebook_py
from rulebook_py.errors import RuleValueError
from rulebook_py.exercises import (
    CHAPTERS,
    MAX_LENGTH,
    Kind,
    Verdict,
    answer_text,
    box_html,
    check,
    evaluate,
    exercise,
    head_function,
    judge,
    margins,
    read_prediction,
)

ROOT = Path(__file__).resolve().parent.parent
ALL = [(chapter, item) for chapter, items in CHAPTERS.items() for item in items]
IDS = [f"{chapter}-{item.number}" for chapter, item in ALL]
#: The package each chapter's rule functions come from.
SYSTEM_OF = {
    "dice": "rulebook_py.dice",
    "unisystem-basics": "rulebook_py.systems.unisystem",
    "unisystem-combat": "rulebook_py.systems.unisystem",
    "galaxies-jumelles": "rulebook_py.systems.galaxies",
    "mass-battle": "rulebook_py.systems.mass_battle",
    "chroniques-oubliees": "rulebook_py.systems.chroniques",
    "comparing-systems": "rulebook_py.comparison",
}


def predict_section(chapter: str) -> str:
    """The Markdown of the chapter's "Predict, then check" section (English notebook)."""
    notebook = json.loads((ROOT / "book" / f"{chapter}.ipynb").read_text(encoding="utf-8"))
    text = "\n".join(
        "".join(c["source"]) for c in notebook["cells"] if c["cell_type"] == "markdown"
    )
    start = text.index("## Predict, then check")
    end = text.find("\n## ", start + 5)
    return text[start : end if end > 0 else len(text)]


def worked_answer(section: str, number: int) -> str:
    """The dropdown that follows question ``number`` of a section."""
    question = re.search(rf"^{number}\. ", section, re.M)
    assert question, f"no question {number}"
    found = re.search(r"```\{dropdown\}.*?```", section[question.end() :], re.S)
    assert found, f"no worked answer after question {number}"
    return found.group(0)


def french_of(chapter: str, english: str) -> str:
    """The French of one block of the chapter's prose catalog."""
    path = ROOT / "locale" / "fr" / "LC_MESSAGES" / "book" / f"{chapter}.po"
    with path.open("rb") as handle:
        catalog = read_po(handle)
    for message in catalog:
        if message.id and message.id.strip() == english.strip():
            return message.string
    raise AssertionError(f"{chapter}.po has no block {english[:60]!r}")


def book_forms(value: Fraction, kind: Kind, places: int, language: str) -> set[str]:
    """How the book may write this answer in a worked answer (any one is enough)."""
    point = "," if language == "fr" else "."
    forms = set()
    if value.denominator < 10**6 and value.denominator != 1:
        forms.add(f"{value.numerator}/{value.denominator}")
    if kind is Kind.CHANCE:
        for digits in (2, 1, 0):
            forms.add(f"{float(value) * 100:.{digits}f}".replace(".", point) + "\u00a0%")
            forms.add(f"{float(value) * 100:.{digits}f}".replace(".", point) + " %")
    else:
        forms.add(f"{float(value):.{places}f}".replace(".", point))
    return forms


@pytest.mark.parametrize(("chapter", "item"), ALL, ids=IDS)
def test_the_answer_is_the_rule_calls_and_the_books_worked_answer_gives_it(chapter, item):
    answer = item.answer()
    # The restricted reader and CPython's own eval of the same line agree.
    assert (
        eval(item.expression, {name: getattr(rulebook_py, name) for name in rulebook_py.__all__})
        == answer
    )
    assert evaluate(item.expression) == answer
    # The line calls a rule function of the chapter's own system.
    rule = head_function(item.expression)
    system = SYSTEM_OF[chapter]
    outcome = system.replace(".systems.", ".outcomes.")  # or the outcome a calculator asks for
    assert rule.__module__.startswith((system, outcome)), (rule.__module__, chapter)
    # The book's worked answer (both editions) gives that number.
    english = worked_answer(predict_section(chapter), item.number)
    french = french_of(chapter, english)
    english_forms = book_forms(answer, item.kind, item.places, "en")
    assert any(form in english for form in english_forms), (english, english_forms)
    french_forms = book_forms(answer, item.kind, item.places, "fr")
    assert any(form in french for form in french_forms), (french, french_forms)
    # The book's own rounding of the answer is right.
    if item.kind is Kind.CHANCE:
        typed = f"{float(answer) * 100:.2f} %"
    else:
        typed = f"{float(answer):.{item.places}f}"
    assert check(chapter, item.number, typed).verdict is Verdict.RIGHT
    if answer.denominator < 10**6:
        assert check(chapter, item.number, str(answer)).verdict is Verdict.RIGHT


def test_every_system_chapter_has_at_least_three_exercises():
    for chapter in (
        "unisystem-basics",
        "unisystem-combat",
        "galaxies-jumelles",
        "mass-battle",
        "chroniques-oubliees",
    ):
        assert len(CHAPTERS[chapter]) >= 3
        numbers = [item.number for item in CHAPTERS[chapter]]
        assert numbers == sorted(set(numbers))


@pytest.mark.parametrize(
    ("text", "kind", "value"),
    [
        ("3/5", Kind.CHANCE, Fraction(3, 5)),
        ("60 %", Kind.CHANCE, Fraction(3, 5)),
        ("60%", Kind.CHANCE, Fraction(3, 5)),
        ("60", Kind.CHANCE, Fraction(3, 5)),
        ("0.6", Kind.CHANCE, Fraction(3, 5)),
        ("0,6", Kind.CHANCE, Fraction(3, 5)),
        (",6", Kind.CHANCE, Fraction(3, 5)),
        ("91,67\u00a0%", Kind.CHANCE, Fraction(9167, 10000)),
        ("1", Kind.CHANCE, Fraction(1)),
        ("0", Kind.CHANCE, Fraction(0)),
        ("100 %", Kind.CHANCE, Fraction(1)),
        ("30", Kind.PERCENT, Fraction(30)),
        ("30 %", Kind.PERCENT, Fraction(30)),
        ("2.1", Kind.NUMBER, Fraction(21, 10)),
        ("21/10", Kind.NUMBER, Fraction(21, 10)),
        ("-3", Kind.NUMBER, Fraction(-3)),
        ("\u22123", Kind.NUMBER, Fraction(-3)),
        (" 1 / 20 ", Kind.CHANCE, Fraction(1, 20)),
    ],
)
def test_a_prediction_is_read_as_the_reader_writes_it(text, kind, value):
    assert read_prediction(text, kind) == value


@pytest.mark.parametrize(
    ("text", "kind", "match"),
    [
        ("", Kind.CHANCE, "Type your prediction first"),
        ("   ", Kind.CHANCE, "Type your prediction first"),
        ("lots", Kind.CHANCE, "Write a chance as a fraction .* not 'lots'"),
        ("3/0", Kind.CHANCE, "'3/0' is not a fraction: its denominator is 0"),
        ("150 %", Kind.CHANCE, "A chance is from 0 to 1 .* not '150 %'"),
        ("-0.5", Kind.CHANCE, "A chance is from 0 to 1"),
        ("101", Kind.PERCENT, "A percentage is from 0 to 100, not '101'"),
        ("2 %", Kind.NUMBER, "Write a number .* not '2 %'"),
        ("\u0663/\u0665", Kind.CHANCE, "Write a chance"),  # (Arabic-Indic digits are not read)
        ("1e3", Kind.NUMBER, "Write a number"),
        ("1." + "0" * 16, Kind.NUMBER, "Write a number"),
        ("9" * 41, Kind.NUMBER, "too long for a prediction: 40 characters at most"),
    ],
)
def test_a_prediction_that_cannot_be_read_is_refused_quoting_it(text, kind, match):
    with pytest.raises(RuleValueError, match=match) as caught:
        read_prediction(text, kind)
    assert caught.value.field == "prediction"


def test_a_long_prediction_is_refused_before_it_is_read():
    with pytest.raises(RuleValueError, match=r"\(100000 characters\)"):
        read_prediction("1" * 100_000, Kind.NUMBER)
    assert MAX_LENGTH == 40


def test_the_margins_are_exact_at_their_edges():
    answer = Fraction(11, 12)
    right, close = margins(answer, Kind.CHANCE)
    assert (right, close) == (Fraction(1, 200), Fraction(1, 20))
    assert judge(answer + right, answer, Kind.CHANCE) is Verdict.RIGHT
    assert judge(answer - right - Fraction(1, 10**9), answer, Kind.CHANCE) is Verdict.CLOSE
    assert judge(answer - close, answer, Kind.CHANCE) is Verdict.CLOSE
    assert judge(answer - close - Fraction(1, 10**9), answer, Kind.CHANCE) is Verdict.WRONG
    assert margins(Fraction(30), Kind.PERCENT) == (Fraction(1, 2), Fraction(5))
    # A number: half a unit of the book's last decimal, close within a tenth of the answer.
    assert margins(Fraction(2), Kind.NUMBER, 0) == (Fraction(1, 2), Fraction(5))
    assert margins(Fraction(133, 10), Kind.NUMBER, 2) == (Fraction(1, 200), Fraction(133, 100))


def test_what_the_reader_reads_after_checking():
    right = check("dice", 2, "39/400")
    assert right.verdict is Verdict.RIGHT
    assert str(right.message) == "Right: 39/400 (9.75 %)."
    close = check("dice", 2, "12 %")
    assert str(close.message) == (
        "Close: 12.00 % is 2.25 percentage points above the answer, 39/400 (9.75 %)."
    )
    wrong = check("mass-battle", 1, "10")
    assert wrong.verdict is Verdict.WRONG
    assert str(wrong.message) == "Not quite: 10 % is 20.0 points below the answer, 30 %."
    assert wrong.message.render("fr") == (
        "Pas encore\u00a0: 10\u00a0%, c’est 20,0 points au-dessous de la réponse, 30\u00a0%."
    )
    number = check("dice", 5, "13")
    assert (number.verdict, str(number.message)) == (
        Verdict.CLOSE,
        "Close: 13 is 0.27 below the answer, 13.27.",
    )
    refused = check("dice", 1, "one")
    assert refused.verdict is None
    assert refused.as_dict("fr")["message"].startswith("Écrivez une chance")
    # A long exact answer is written as its percentage only.
    assert str(answer_text(exercise("chroniques-oubliees", 3).answer(), Kind.CHANCE)) == "30.30 %"


def test_a_chapter_or_a_question_without_a_box_is_refused():
    with pytest.raises(RuleValueError, match="'glossary' is not a chapter with exercises"):
        exercise("glossary", 1)
    with pytest.raises(RuleValueError, match="Question 2 of mass-battle has no box to check"):
        exercise("mass-battle", 2)  # (its worked answer gives no one number)
    with pytest.raises(RuleValueError, match="number must be an integer from 1 to 99"):
        exercise("dice", 0)


@pytest.mark.parametrize(
    "expression",
    [
        "__import__('os').system('true')",
        "parse('2d6').__class__",
        "open('/etc/passwd')",
        "[x for x in range(3)]",
        "parse('2d6') + 1",
        "parse(*['2d6'])",
        "(lambda: 1)()",
    ],
)
def test_an_exercises_line_reads_only_the_packages_public_calls(expression):
    with pytest.raises(ValueError, match="an exercise's expression may"):
        evaluate(expression)


def test_the_box_says_what_to_type_in_the_pages_language():
    item = exercise("mass-battle", 7)
    html = box_html("mass-battle", item, "fr")
    assert 'data-rb-exercise="mass-battle:7"' in html
    assert (
        '<label for="rb-exercise-mass-battle-7">Votre pronostic\u00a0: la perte des gardes' in html
    )
    assert 'placeholder="par ex. 30\u00a0%"' in html
    assert "data-rb-check>Vérifier</button>" in html
    assert 'class="rb-verdict" role="status" aria-live="polite"' in html
    assert " hidden>" in html  # (shown by the page once it can run Python)
    english = box_html("dice", exercise("dice", 1), "en")
    assert "Your prediction: the chance of at least 10 on 2d6</label>" in english
    assert 'placeholder="e.g. 3/5, 60 % or 0.6"' in english


def test_every_public_parameter_is_checked():
    with pytest.raises(
        RuleValueError, match=r"kind must be Kind\.CHANCE, Kind\.PERCENT or Kind\.NUMBER"
    ):
        read_prediction("1", "chance")
    with pytest.raises(RuleValueError, match="places must be an integer from 0 to 6, got 7"):
        margins(Fraction(1), Kind.NUMBER, 7)
    with pytest.raises(
        RuleValueError, match=r"answer must be an exact number \(a Fraction\), got 0.5"
    ):
        margins(0.5, Kind.CHANCE)
    with pytest.raises(RuleValueError, match="prediction must be an exact number"):
        judge(0.5, Fraction(1, 2), Kind.CHANCE)
    with pytest.raises(RuleValueError, match="A prediction is text, not 3"):
        read_prediction(3, Kind.NUMBER)
    with pytest.raises(ValueError, match="must be text of at most 1000 characters"):
        evaluate(3)
    with pytest.raises(ValueError, match="must be text of at most 1000 characters"):
        evaluate("parse('d6')" + ".mean()" * 200)
    with pytest.raises(RuleValueError, match="is not a chapter with exercises"):
        check(None, 1, "1")
