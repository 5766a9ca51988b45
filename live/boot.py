"""How the website's worker starts Python: the wheels unpacked, every module imported.

Runs in Pyodide, in the Web Worker (``live/worker.js``), on a start without a
snapshot: the worker has written the four wheels of the lean lock file to the
file system and calls :func:`install_wheels`, then :func:`import_all`, then
takes the memory snapshot. A restored snapshot has the modules but not their
files, so every module the calculators can use is imported before it is taken.

This is the Python of the worker that used to live inside JavaScript strings.

Example:
    >>> import json
    >>> install_wheels(json.dumps([]))
    0
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib
import importlib.machinery
import json
import pkgutil
import site
import sys
import zipfile
from collections.abc import Iterator

__all__ = ["LEAN_PACKAGES", "TOP_PACKAGES", "import_all", "install_wheels", "load_catalogs"]
__all__ += ["stdlib_files_loaded", "without_docstrings"]

#: The packages whose every module is imported before a snapshot.
TOP_PACKAGES = ("traitlets", "comm", "ipywidgets", "rulebook_py")
#: The packages compiled without their docstrings in the page's Python, as ``python -OO``
#: would: nothing in them reads a docstring at run time, and the snapshot every first
#: visit downloads is about 130 kB lighter (measured: rulebook_py's code marshalled and
#: packed as the snapshot is, 684 kB with its docstrings, 551 kB without). The book and
#: its tests run the package with its docstrings (CPython, unchanged).
LEAN_PACKAGES = ("rulebook_py",)


@contextlib.contextmanager
def without_docstrings(packages: tuple[str, ...] = LEAN_PACKAGES) -> Iterator[None]:
    """Import the modules of ``packages`` compiled without docstrings while this lasts.

    Example:
        >>> import importlib.machinery
        >>> before = importlib.machinery.SourceFileLoader.source_to_code
        >>> with without_docstrings(("nothing_here",)):
        ...     importlib.machinery.SourceFileLoader.source_to_code is before
        False
        >>> importlib.machinery.SourceFileLoader.source_to_code is before
        True
    """
    loader = importlib.machinery.SourceFileLoader
    original = loader.source_to_code
    marks = tuple(f"/{name}/" for name in packages)

    def source_to_code(self, data, path, *, _optimize=-1):  # noqa: ANN001, ANN202
        if any(mark in str(path).replace("\\", "/") for mark in marks):
            _optimize = 2
        return original(self, data, path, _optimize=_optimize)

    # (No bytecode written meanwhile: a cached file would give the lean code to a later
    # import that expects the docstrings, e.g. doctests in CPython.)
    writes, sys.dont_write_bytecode = sys.dont_write_bytecode, True
    loader.source_to_code = source_to_code
    try:
        yield
    finally:
        loader.source_to_code = original
        sys.dont_write_bytecode = writes


def install_wheels(wheels_json: str) -> int:
    """Unpack each ``[path, sha256]`` wheel into site-packages after checking its hash.

    Pyodide's own ``loadPackage`` would leave JavaScript objects in the
    interpreter, which cannot then be snapshotted; unpacking here leaves none.

    Raises:
        ValueError: When a wheel's sha256 is not the lock file's.
    """
    wheels = json.loads(wheels_json)
    target = site.getsitepackages()[0]
    for path, sha in wheels:
        with open(path, "rb") as f:
            data = f.read()
        if hashlib.sha256(data).hexdigest() != sha:
            raise ValueError(f"{path}: sha256 does not match the lock file")
        zipfile.ZipFile(path).extractall(target)
    return len(wheels)


def import_all(home: str = "/home/pyodide") -> int:
    """Import the bridge, the code cells' runner and every module of :data:`TOP_PACKAGES`.

    (Tests left out.) The code cells' runner (``cells``, with IPython's pretty
    printer beside it) is in every snapshot: a page runs its cells with nothing
    more to fetch.

    Returns how many modules are loaded afterwards.
    """
    if home not in sys.path:
        sys.path.insert(0, home)
    for name in ("live_bridge", "ipython_pretty", "cells"):
        importlib.import_module(name)
    with without_docstrings():
        for top in TOP_PACKAGES:
            package = importlib.import_module(top)
            for module in pkgutil.walk_packages(package.__path__, top + "."):
                if ".tests" not in module.name and not module.name.endswith(".conftest"):
                    importlib.import_module(module.name)
    load_catalogs()
    return len(sys.modules)


def load_catalogs() -> list[str]:
    """Read every language's message catalog now, so that a snapshot holds them.

    A restored snapshot has the modules but not the files of the package: the
    French calculators would find no ``.mo`` file and speak English (every
    message domain's, the exercises' verdicts too). Returns the languages read.
    """
    try:
        from rulebook_py import i18n, messages
    except ImportError:  # (a package without languages)
        return []
    for code in i18n.LANGUAGES:
        for name in messages.DOMAINS:
            messages.translations(code, name)
    return list(i18n.LANGUAGES)


def stdlib_files_loaded(zip_name: str = "python312.zip") -> str:
    """The files of the standard library's zip whose modules are loaded now, as JSON.

    A restored snapshot holds these modules already: the standard library a
    restore needs can leave them out (``live/build.py``).

    Example:
        >>> json.loads(stdlib_files_loaded())
        []
    """
    files = set()
    for module in list(sys.modules.values()):
        path = getattr(module, "__file__", None) or ""
        marker = f"/{zip_name}/"
        if marker in path:
            files.add(path.split(marker, 1)[1])
    return json.dumps(sorted(files))
