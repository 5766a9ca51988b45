"""The floors of the package (issue 40): the arrows between them, names that do not clash, imports that work.

``rulebook_py/outcomes/`` holds what a calculator asks for (plain values named
like its controls); ``rulebook_py/systems/`` keeps the rules over the game's own
types and never imports an outcome; nothing below the widgets imports them.
"""

from __future__ import annotations

import ast
import enum
import importlib
import inspect
import json
import pkgutil
import re
from pathlib import Path

import pytest
from test_glossary import import_graph

import rulebook_py
from rulebook_py.labels import LabelledEnum
from rulebook_py.systems import chroniques, galaxies, mass_battle, unisystem
from rulebook_py.widgets import CALCULATORS

ROOT = Path(__file__).resolve().parents[1]

#: (importer's prefix, a prefix it must never import)
FORBIDDEN = [
    ("rulebook_py.systems", "rulebook_py.outcomes"),
    ("rulebook_py.systems", "rulebook_py.widgets"),
    ("rulebook_py.comparison", "rulebook_py.outcomes"),
    ("rulebook_py.comparison", "rulebook_py.widgets"),
    ("rulebook_py.outcomes", "rulebook_py.widgets"),
    ("rulebook_py.dice", "rulebook_py.systems"),
    ("rulebook_py.dice", "rulebook_py.outcomes"),
    ("rulebook_py.dice", "rulebook_py.widgets"),
]


def _arrows_against(graph: dict[str, set[str]]) -> list[tuple[str, str]]:
    return sorted(
        (module, target)
        for module, targets in graph.items()
        for target in targets
        for low, high in FORBIDDEN
        if module.startswith(low) and target.startswith(high)
    )


def test_no_arrow_goes_up_a_floor():
    assert _arrows_against(import_graph()) == []


def test_the_arrow_check_sees_an_arrow_up():
    graph = {"rulebook_py.systems.unisystem.core": {"rulebook_py.outcomes.unisystem.basics"}}
    assert _arrows_against(graph) == [
        ("rulebook_py.systems.unisystem.core", "rulebook_py.outcomes.unisystem.basics")
    ]


def test_the_outcomes_use_the_rules():
    graph = import_graph()
    uses = {t for m, ts in graph.items() if m.startswith("rulebook_py.outcomes.") for t in ts}
    assert any(t.startswith("rulebook_py.systems.") for t in uses)
    assert "rulebook_py.outcomes" in graph["rulebook_py"]


# ------------------------------------------------------------------ names
def _packages() -> list[str]:
    found = ["rulebook_py"]
    for info in pkgutil.walk_packages(rulebook_py.__path__, "rulebook_py."):
        if info.ispkg:
            found.append(info.name)
    return found


def _shadowing(package: str) -> list[str]:
    """Public names of ``package`` that are also one of its modules' names."""
    module = importlib.import_module(package)
    subs = {info.name for info in pkgutil.iter_modules(module.__path__)}
    return sorted(
        name
        for name in getattr(module, "__all__", ())
        if name in subs and not inspect.ismodule(getattr(module, name))
    )


@pytest.mark.parametrize("package", _packages())
def test_no_public_function_shadows_a_module_of_its_package(package):
    assert _shadowing(package) == []


def test_the_shadow_check_sees_a_function_named_like_its_module():
    # galaxies.melee is a function; its module is melee_combat: a module named melee would hide it.
    galaxies = importlib.import_module("rulebook_py.systems.galaxies")
    assert callable(galaxies.melee) and not inspect.ismodule(galaxies.melee)
    assert "melee_combat" in {i.name for i in pkgutil.iter_modules(galaxies.__path__)}


# ------------------------------------------------------------------ imports the docs show
_IMPORT = re.compile(
    r"^\s*(?:>>>\s*)?((?:from rulebook_py[\w.]* import [\w, ]+(?<!,))|(?:import rulebook_py[\w.]*))\s*$",
    re.M,
)


def _documented_imports() -> list[str]:
    texts = [(ROOT / name).read_text(encoding="utf-8") for name in ("README.md", "ARCHITECTURE.md")]
    texts.append(importlib.import_module("rulebook_py").__doc__ or "")
    for path in sorted((ROOT / "book").glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            source = cell["source"]
            texts.append("".join(source) if isinstance(source, list) else source)
    lines = {m.group(1).strip() for text in texts for m in _IMPORT.finditer(text)}
    return sorted(lines | {"import rulebook_py.unisystem", "import rulebook_py.outcomes"})


@pytest.mark.parametrize("line", _documented_imports())
def test_every_import_the_docs_show_works(line):
    exec(line, {})  # an import line of the docs, read from our own files


def test_the_system_modules_the_package_documents_are_its_facades():
    import rulebook_py.galaxies
    import rulebook_py.unisystem

    from rulebook_py.systems import galaxies, unisystem

    assert rulebook_py.unisystem is unisystem and rulebook_py.galaxies is galaxies


# ------------------------------------------------------------------ control names in the rules
#: Control names that are the game's own words (a rule may take them): the
#: sides' records carry the rest (a Fighter, a Combatant, a Runner).
GAME_WORDS = {
    "attacker_conditions",  # the conditions a record of the attacker holds
    "defender_conditions",
    "first_round",  # the first round of a fight (surprise, a declared turn)
    "second_skill",  # a psychic attack's second skill
    "target_bonus",
    "target_die",
    "target_strength",
}
#: More control names than this in one rule: a calculator's form, not a rule.
MAX_CONTROLS = 14
#: A control whose name says whose value it is: a side flattened into names.
_SIDE = re.compile(r"^(a|b|first|second|attacker|defender|caster|target|pursuer|quarry)_\w+$")


def _control_names() -> set[str]:
    names: set[str] = set()
    for cls in CALCULATORS.values():
        names |= set(cls.build_controls(cls.__new__(cls)))
    return names


def _control_shaped() -> dict[str, list[str]]:
    """Public functions of ``systems/`` taking a side's control names (or a whole form's), and those."""
    controls = _control_names() - GAME_WORDS
    shaped = {name for name in controls if _SIDE.match(name)}
    found = {}
    for info in pkgutil.walk_packages(
        importlib.import_module("rulebook_py.systems").__path__, "rulebook_py.systems."
    ):
        module = importlib.import_module(info.name)
        for name in getattr(module, "__all__", ()):
            func = getattr(module, name)
            if inspect.isfunction(func) and func.__module__ == module.__name__:
                params = set(inspect.signature(func).parameters)
                taken = sorted(params & shaped)
                if len(params & controls) > MAX_CONTROLS:
                    taken = sorted(params & controls)
                if taken:
                    found[f"{module.__name__}.{name}"] = taken
    return found


def test_the_controls_are_read_from_the_calculators():
    names = _control_names()
    assert {"attacker_conditions", "first_hit_points", "pursuer_traits"} <= names


def test_no_rule_takes_a_calculators_control_names():
    # (issue 40, item 1: the calculator-shaped forms are outcomes; the last seven left
    # systems/ with a Situation and a Blow, a MeleeDefense and a Dive, fighters' pairs)
    assert _control_shaped() == {}


# ------------------------------------------------------------------ one check helper per kind
#: The argument checks errors.py holds once: a def of one of these names (or
#: its private twin), or the lone-surrogate test, elsewhere is a second copy.
_CHECKS = re.compile(
    r"^\s*def (?:_?check_(?:rng|bool|flag|int|characters|enum|type)|_member_of)\(|\\ud800\" <=",
    re.M,
)


def _copies(text: str) -> list[str]:
    return [m.group(0).strip() for m in _CHECKS.finditer(text)]


def test_no_module_outside_errors_reimplements_a_shared_check():
    found = {}
    for path in sorted((ROOT / "rulebook_py").rglob("*.py")):
        if path.name == "errors.py" and path.parent.name == "rulebook_py":
            continue
        copies = _copies(path.read_text(encoding="utf-8"))
        if copies:
            found[str(path.relative_to(ROOT))] = copies
    assert found == {}


def test_the_copy_finder_finds_a_copy():
    assert _copies("def _check_rng(rng):\n    pass\n") == ["def _check_rng("]
    assert _copies('    if any("\\ud800" <= ch for ch in v):') == ['\\ud800" <=']
    errors = (ROOT / "rulebook_py" / "errors.py").read_text(encoding="utf-8")
    assert _copies("def _member_of(enum, value, name):") == ["def _member_of("]
    assert _copies("    def check_type(value, kind, name, what):") == ["def check_type("]
    # check_int, check_bool, check_rng, check_characters, its test, check_type, check_enum
    assert len(_copies(errors)) == 7


# ------------------------------------------------------------------ private names stay home
#: Private names a module may still import from another: none (the Chroniques
#: calculators' shared pieces are public names of ``widgets/chroniques_common``).
WIDGET_PRIVATE_IMPORTS: dict[str, set[str]] = {}


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _private_imports(source: str) -> list[str]:
    """Names starting with ``_`` that ``source`` imports from another module (or private modules)."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.ImportFrom):
            module = "." * node.level + (node.module or "")
            if any(_private(part) for part in (node.module or "").split(".")):
                found.append(module)
            found += [f"{module}:{a.name}" for a in node.names if _private(a.name)]
        elif isinstance(node, ast.Import):
            found += [a.name for a in node.names if any(map(_private, a.name.split(".")))]
    return found


def test_no_module_imports_another_modules_private_name():
    found = {}
    for path in sorted((ROOT / "rulebook_py").rglob("*.py")):
        where = str(path.relative_to(ROOT))
        allowed = WIDGET_PRIVATE_IMPORTS.get(where, set())
        names = [
            n
            for n in _private_imports(path.read_text(encoding="utf-8"))
            if n.rpartition(":")[2] not in allowed
        ]
        if names:
            found[where] = names
    assert found == {}


def test_the_private_import_finder_finds_one():
    source = (
        "import sys as _sys\n"
        "from . import codes as _codes\n"
        "from .damage import MAX_TEMPORARY, _temporary\n"
        "from ._hidden import shown\n"
        "import pkg._inner\n"
        "def f():\n"
        "    from .core import _levels\n"
    )
    assert _private_imports(source) == [
        ".damage:_temporary",
        "._hidden",
        "pkg._inner",
        ".core:_levels",
    ]


# ------------------------------------------------------------------ one labelled-enum base
def _enum_bases() -> list[str]:
    """Enumerations of the package with no member of their own: bases others derive from."""
    found = set()
    for info in pkgutil.walk_packages(rulebook_py.__path__, "rulebook_py."):
        module = importlib.import_module(info.name)
        for thing in vars(module).values():
            if (
                isinstance(thing, type)
                and issubclass(thing, enum.Enum)
                and thing.__module__.startswith("rulebook_py.")
                and not list(thing)
            ):
                found.add(f"{thing.__module__}.{thing.__qualname__}")
    return sorted(found)


def test_the_closed_lists_share_one_labelled_base():
    assert _enum_bases() == [
        "rulebook_py.labels.LabelledEnum",
        "rulebook_py.labels.ModifierEnum",
        "rulebook_py.labels.NamedEnum",
    ]


def test_every_labelled_member_reads_as_its_facades_python():
    for facade in (chroniques, galaxies, mass_battle, unisystem):
        name = facade.__name__.rpartition(".")[2]
        lists = [
            v for v in vars(facade).values() if isinstance(v, type) and issubclass(v, LabelledEnum)
        ]
        assert lists, name
        for cls in lists:
            member = next(iter(cls))
            assert repr(member) == f"{name}.{cls.__name__}.{member.name}"
            assert eval(repr(member), {name: facade}) is member
            assert isinstance(member.label, str) and member.label
