"""The package's message catalogs: extracted from the code with Babel, merged, compiled.

Usage: python scripts/catalogs.py            # refresh every domain's .po, compile its .mo
       python scripts/catalogs.py check      # list every problem (what make test checks)

A message is written in the code with a domain's keyword functions
(:mod:`rulebook_py.messages`): ``M(template, **params)``, ``MC(context,
template, **params)``, ``MN(singular, plural, count, **params)``. A module's
messages belong to the domain of the keyword functions it imports (its
``words`` module: ``from .words import M``), so no list of files is kept by
hand. ``pybabel``'s own extractor reads the calls (Babel's ``extract`` with
those three keywords); the catalog of each domain,
``rulebook_py/locale/fr/LC_MESSAGES/<domain>.po``, is updated the standard way
(Babel's ``Catalog.update``: a changed English message keeps its old French,
marked fuzzy, with the previous English beside it as ``#| msgid``), and
compiled to ``<domain>.mo``, which :mod:`gettext` reads at run time.

:func:`problems` lists what must be fixed before a commit: a message with no
French, a fuzzy one, an entry the code no longer uses, a French template whose
``{fields}`` differ from the English, a ``.mo`` older than its ``.po``.
"""

from __future__ import annotations

import ast
import io
import re
import string
import sys
from collections.abc import Iterable, Iterator
from pathlib import Path
from typing import IO

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, unescape, write_po

__all__ = [
    "KEYWORDS",
    "PACKAGE",
    "compiled",
    "domain_of",
    "domains",
    "extract_messages",
    "main",
    "problems",
    "read_catalog",
    "refresh",
    "template",
]

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "rulebook_py"
LOCALE = PACKAGE / "locale"
LANGUAGES = ("fr",)
#: The plural rule of each language, as GNU gettext writes it.
PLURAL_FORMS = {"fr": "nplurals=2; plural=(n > 1);"}

#: The keyword functions and where their arguments are (Babel's notation).
KEYWORDS = {"M": None, "MC": ((1, "c"), 2), "MN": (1, 2)}
_NAMES = set(KEYWORDS)
_TEXTS = {"M": 1, "MC": 2, "MN": 2}  # how many literal texts each call starts with
_DOMAIN_CALL = re.compile(r"""^M, MC, MN = domain\(["'](\w+)["']\)""", re.M)
_QUOTED = re.compile(r'"((?:[^"\\]|\\.)*)"')
_HEADER = "# The {domain} messages of the Interactive Rulebook, in French.\n"


def _module_file(module: str) -> Path | None:
    """The source file of a module of the package, by its dotted name."""
    base = ROOT.joinpath(*module.split("."))
    for candidate in (base.with_suffix(".py"), base / "__init__.py"):
        if candidate.exists():
            return candidate
    return None


def domain_of(path: Path) -> str | None:
    """The domain of the messages of ``path``: that of the keyword functions it imports.

    >>> domain_of(PACKAGE / "messages.py")
    'rulebook'
    """
    source = path.read_text(encoding="utf-8")
    tree = ast.parse(source)
    found: set[str] = set()
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and _NAMES & {a.name for a in node.names}:
            parts = package.split(".")
            base = parts[: len(parts) - node.level + 1] if node.level else []
            module = ".".join([*base, *(node.module or "").split(".")]).strip(".")
            origin = _module_file(module)
            if origin is not None:
                found.update(_DOMAIN_CALL.findall(origin.read_text(encoding="utf-8")))
    found.update(_DOMAIN_CALL.findall(source))
    if len(found) > 1:
        raise ValueError(f"{path}: messages of several domains {sorted(found)}")
    return next(iter(found), None)


def domains() -> dict[str, list[Path]]:
    """Every domain and the source files whose messages belong to it."""
    from rulebook_py.messages import DOMAINS

    files: dict[str, list[Path]] = {name: [] for name in DOMAINS}
    for path in sorted(PACKAGE.rglob("*.py")):
        name = domain_of(path)
        if name is not None:
            files[name].append(path)
    return files


def extract_messages(
    fileobj: IO[bytes], keywords: Iterable[str], comment_tags: object, options: object
) -> Iterator[tuple[int, str, str | tuple[str, ...], list[str]]]:
    """Babel's extraction method for the package: every keyword call, read from the syntax tree.

    Unlike Babel's token reader it also sees calls inside f-strings and
    nested calls, and it refuses a call whose texts are not literal (they
    could not be in a catalog).
    """
    tree = ast.parse(fileobj.read())
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name)):
            continue
        name = node.func.id
        if name not in keywords:
            continue
        texts = _TEXTS[name]
        args = node.args[:texts]
        if len(args) < texts or not all(
            isinstance(a, ast.Constant) and isinstance(a.value, str) for a in args
        ):
            raise ValueError(f"line {node.lineno}: {name}() needs literal texts first")
        values = tuple(a.value for a in args)  # type: ignore[attr-defined]
        yield node.lineno, name, values[0] if texts == 1 else values, []


def _messages(path: Path) -> Iterator[tuple[int, str | tuple[str, str], str | None]]:
    with path.open("rb") as handle:
        try:
            found = list(extract(extract_messages, handle, keywords=KEYWORDS, comment_tags=()))
        except ValueError as err:
            raise ValueError(f"{path.relative_to(ROOT)}: {err}") from None
    for lineno, message, _comments, context in sorted(found, key=lambda m: m[0]):
        yield lineno, message, context


def template(name: str, files: list[Path] | None = None) -> Catalog:
    """The messages of domain ``name`` as the code holds them now (a ``.pot``, in memory)."""
    files = domains()[name] if files is None else files
    catalog = Catalog(locale=None, project="The Interactive Rulebook", fuzzy=False)
    for path in files:
        where = path.relative_to(ROOT).as_posix()
        for _lineno, message, context in _messages(path):
            catalog.add(message, locations=[(where, None)], context=context)
    return catalog


def _po(name: str, code: str) -> Path:
    return LOCALE / code / "LC_MESSAGES" / f"{name}.po"


def read_catalog(path: Path, code: str = "fr") -> Catalog:
    """A ``.po`` file, with each fuzzy entry's previous English (``#| msgid``) as ``previous_id``.

    (Babel's reader keeps those lines only as comments.)
    """
    with path.open("rb") as handle:
        catalog = read_po(handle, locale=code)
    for message in catalog:
        lines = [c[2:] for c in message.user_comments if c.startswith("| ")]
        if not lines:
            continue
        message.user_comments = [c for c in message.user_comments if not c.startswith("| ")]
        # Babel wraps the comment at spaces, inside the quotes too: join the lines again.
        joined = " ".join(line.strip() for line in lines)
        parts: dict[str, str] = {}
        for head, body in re.findall(r'(msgid_plural|msgid)((?:\s*"(?:[^"\\]|\\.)*")+)', joined):
            parts[head] = "".join(unescape(f'"{q}"') for q in _QUOTED.findall(body))
        message.previous_id = [parts.get("msgid", "")] + (
            [parts["msgid_plural"]] if "msgid_plural" in parts else []
        )
    return catalog


def _read(path: Path, code: str) -> Catalog:
    return read_catalog(path, code)


def _po_bytes(catalog: Catalog, name: str) -> bytes:
    out = io.BytesIO()
    catalog.header_comment = _HEADER.format(domain=name)
    write_po(out, catalog, width=100, include_previous=True, include_lineno=False)
    return out.getvalue()


def compiled(catalog: Catalog) -> bytes:
    """The ``.mo`` of a catalog (fuzzy entries left out)."""
    out = io.BytesIO()
    write_mo(out, catalog, use_fuzzy=False)
    return out.getvalue()


def refresh(code: str = "fr") -> list[str]:
    """Update every domain's catalog from the code (fuzzy matching), then compile it."""
    report = []
    for name, files in domains().items():
        fresh = template(name, files)
        path = _po(name, code)
        if not len(fresh) and not path.exists():
            continue
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists():
            catalog = _read(path, code)
            catalog.update(fresh, update_creation_date=False)
            catalog.obsolete.clear()
        else:
            catalog = Catalog(locale=code, project="The Interactive Rulebook", fuzzy=False)
            catalog.update(fresh, update_creation_date=False)
        catalog.fuzzy = False
        # gettext's French plural rule (CLDR's third form, for millions, is not used).
        catalog.mime_headers = [("Plural-Forms", PLURAL_FORMS[code])]
        path.write_bytes(_po_bytes(catalog, name))
        catalog = _read(path, code)
        path.with_suffix(".mo").write_bytes(compiled(catalog))
        todo = sum(1 for m in catalog if m.id and (m.fuzzy or not _translated(m)))
        report.append(f"{path.relative_to(ROOT)}: {len(catalog)} messages, {todo} to translate")
    return report


def _translated(message: Message) -> bool:
    strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
    return all(strings)


def _fields(text: str) -> set[str]:
    try:
        return {f for _lit, f, _spec, _conv in string.Formatter().parse(text) if f is not None}
    except ValueError:
        return {"<unbalanced braces>"}


def problems(code: str = "fr") -> list[str]:
    """Every problem of the package's catalogs in ``code`` (none: all is well)."""
    found = []
    for name, files in domains().items():
        path = _po(name, code)
        fresh = template(name, files)
        if not path.exists():
            if len(fresh):
                found.append(f"{name}: no catalog (run make catalogs)")
            continue
        catalog = _read(path, code)
        have = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in catalog if m.id}
        want = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in fresh if m.id}
        for msgid, context in sorted(want - have, key=str):
            where = f" [{context}]" if context else ""
            found.append(f"{name}: not in the catalog (run make catalogs): {msgid[:70]!r}{where}")
        for msgid, context in sorted(have - want, key=str):
            where = f" [{context}]" if context else ""
            found.append(f"{name}: unused (run make catalogs): {msgid[:70]!r}{where}")
        for message in catalog:
            if not message.id:
                continue
            english = message.id if isinstance(message.id, str) else message.id[0]
            head = f"{name}.po: {english[:70]!r}"
            if message.fuzzy:
                found.append(f"{head}: fuzzy")
            elif not _translated(message):
                found.append(f"{head}: no translation")
            else:
                ids = [message.id] if isinstance(message.id, str) else list(message.id)
                strings = message.string
                strings = [strings] if isinstance(strings, str) else list(strings)
                wanted = set().union(*map(_fields, ids))
                for text in strings:
                    if _fields(text) - wanted or (_fields(text) != wanted and len(ids) == 1):
                        found.append(f"{head}: fields {sorted(_fields(text))} != {sorted(wanted)}")
        if catalog.obsolete:
            found.append(f"{name}: {len(catalog.obsolete)} obsolete entries (run make catalogs)")
        mo = path.with_suffix(".mo")
        if not mo.exists() or mo.read_bytes() != compiled(catalog):
            found.append(f"{name}: {mo.name} is not the compiled {path.name} (run make catalogs)")
    return found


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    if args[:1] == ["check"]:
        found = problems()
        print("\n".join(found) or "every message translated, every catalog compiled")
        return 1 if found else 0
    print("\n".join(refresh()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
