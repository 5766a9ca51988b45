"""The package's layout keeps its promises: complete facades, a guide that names every module."""

from __future__ import annotations

import importlib
import pkgutil
import re
from pathlib import Path

import pytest

import rulebook_py

ROOT = Path(__file__).resolve().parent.parent
FACADES = [
    "rulebook_py.systems.unisystem",
    "rulebook_py.systems.galaxies",
    "rulebook_py.systems.mass_battle",
    "rulebook_py.systems.chroniques",
    "rulebook_py.comparison",
]


def _modules() -> list[str]:
    names = []
    for info in pkgutil.walk_packages(rulebook_py.__path__, "rulebook_py."):
        names.append(info.name)
    return sorted(names)


@pytest.mark.parametrize("facade", FACADES)
def test_a_facade_exports_every_name_of_its_modules(facade):
    package = importlib.import_module(facade)
    missing = {}
    for info in pkgutil.iter_modules(package.__path__):
        if info.name in ("words", "records"):
            continue  # message functions and record checks: the package's tools, not the game's API
        module = importlib.import_module(f"{facade}.{info.name}")
        names = set(getattr(module, "__all__", ()))
        lost = names - set(package.__all__)
        if lost:
            missing[info.name] = sorted(lost)
    assert not missing, f"{facade}.__all__ misses its modules' names: {missing}"
    assert len(package.__all__) == len(set(package.__all__)), f"{facade}.__all__ repeats a name"
    for name in package.__all__:
        assert hasattr(package, name), f"{facade}.__all__ names {name!r}, which it does not hold"


@pytest.mark.parametrize("module", _modules())
def test_every_module_has_all(module):
    assert hasattr(importlib.import_module(module), "__all__"), f"{module} has no __all__"


def test_the_architecture_guide_names_every_module():
    guide = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    unnamed = []
    for module in _modules():
        parts = module.split(".")
        path = "/".join(parts)
        leaf = parts[-1]
        if leaf == "__init__":
            continue
        is_package = hasattr(importlib.import_module(module), "__path__")
        shown = [path + ("/" if is_package else ".py"), "/".join(parts[1:])]
        # A module is named by its path, or by its name in the table row of its package.
        row = re.compile(rf"`{re.escape('/'.join(parts[:-1]))}/?`[^\n]*`{re.escape(leaf)}`")
        if not any(s in guide for s in shown) and not row.search(guide):
            unnamed.append(module)
    assert not unnamed, f"ARCHITECTURE.md does not name {unnamed}"


#: Files the guide names that the build writes (they are not in the repository).
BUILT = {
    "IPython/lib/pretty.py",  # IPython's own module, which the build copies
    "_static/rb-cells.css",  # from live/cells.css
    "_static/rb-cells.js",  # from live/cells.js
    "book/offline.html",
    "fr/book/intro.html",
    "fr/manifest.webmanifest",
    "ipython_pretty.py",
    "live/ipython_pretty.py",
    "live/pages/",
    "live/python-snapshot.bin.gz",
    "pyodide-lock.json",
    "pyodide.asm.js",
    "rb-sw.js",
}
#: Where a path the guide names may start (it names widgets' and systems' modules short).
_HOMES = ("", "rulebook_py/", "rulebook_py/widgets/", "rulebook_py/systems/", "tests/", "live/")
_NAMED = re.compile(
    r"`([A-Za-z0-9_.-]+\.(?:py|js|css|md|yml|toml|txt|json|ipynb)"
    r"|[A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.*-]+)+/?)`"
)


def missing_files(guide: str, root: Path) -> list[str]:
    """The files and folders ``guide`` names in backquotes that ``root`` does not hold."""
    skipped = {".venv", ".git", ".cache", "_build", "node_modules"}
    names = {path.name for path in root.rglob("*") if not skipped & set(path.parts)}
    missing = []
    for named in sorted(set(_NAMED.findall(guide))):
        if "*" in named or named.startswith(("_build", ".cache")) or named in BUILT:
            continue
        if "/" in named:
            found = any((root / (home + named)).exists() for home in _HOMES)
        else:
            found = named in names
        if not found:
            missing.append(named)
    return missing


def test_every_file_the_architecture_guide_names_exists():
    guide = (ROOT / "ARCHITECTURE.md").read_text(encoding="utf-8")
    assert missing_files(guide, ROOT) == []


def test_the_file_check_sees_a_module_that_is_gone(tmp_path):
    (tmp_path / "rulebook_py" / "widgets").mkdir(parents=True)
    (tmp_path / "rulebook_py" / "widgets" / "galaxies.py").write_text("")
    guide = "`widgets/galaxies.py`, `widgets/galaxies_volley.py`, `volley.py`"
    assert missing_files(guide, tmp_path) == ["volley.py", "widgets/galaxies_volley.py"]


def test_one_spelling_of_defense():
    """The book's English writes *defense* (ARCHITECTURE.md): the other spelling only as typed input."""
    found = []
    for folder in ("rulebook_py", "book", "locale", "live", "scripts", "tests", "_static"):
        for path in sorted((ROOT / folder).rglob("*")):
            if path.suffix in {".py", ".ipynb", ".po", ".md", ".js", ".css", ".yml"}:
                for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
                    if (
                        "defence" in line.lower()
                        and "typed" not in line
                        and path.name != Path(__file__).name
                    ):
                        found.append(f"{path.relative_to(ROOT)}:{number}")
    assert found == []
