"""What the browser tests know about the website: its pages, its build, its calculators.

The chapters are discovered from ``_toc.yml`` (never listed here), so a
chapter is tested as soon as it is published.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

import yaml

__all__ = [
    "HTML",
    "ROOT",
    "build_site",
    "expected_calculators",
    "expected_charts",
    "main",
    "site_is_stale",
    "toc_pages",
]

ROOT = Path(__file__).resolve().parents[2]
HTML = ROOT / "_build" / "html"
#: What the website is built from: a change to any of these rebuilds it.
INPUTS = (
    "_toc.yml",
    "_config.yml",
    "book",
    "_static",
    "rulebook_py",
    "scripts/vendor.json",
    "scripts/vendor_js.py",
    "live",
    "locale",
    "scripts/book_i18n.py",
    "Makefile",
)
STAMP = HTML / ".rulebook-built"

_STATE = re.compile(
    r'<script type="application/vnd\.jupyter\.widget-state\+json">(.*?)</script>', re.S
)
_VIEW = re.compile(
    r'<script type="application/vnd\.jupyter\.widget-view\+json">(.*?)</script>', re.S
)


def toc_pages() -> list[str]:
    """Every document of ``_toc.yml`` (root first), as ``book/dice`` style names."""
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text())
    pages = [toc["root"]]

    def walk(node: object) -> None:
        if isinstance(node, dict):
            if "file" in node:
                pages.append(str(node["file"]))
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for item in node:
                walk(item)

    walk({k: v for k, v in toc.items() if k != "root"})
    return [re.sub(r"\.(md|ipynb)$", "", page) for page in dict.fromkeys(pages)]


def _newest_input() -> float:
    newest = 0.0
    for name in INPUTS:
        path = ROOT / name
        files = [path] if path.is_file() else path.rglob("*")
        for file in files:
            if (
                file.is_file()
                and "__pycache__" not in file.parts
                and ".ipynb_checkpoints" not in file.parts
            ):
                newest = max(newest, file.stat().st_mtime)
    return newest


def site_is_stale() -> bool:
    """True when the built site is missing or older than one of its inputs."""
    if not STAMP.exists():
        return True
    if any(
        not (HTML / edition / f"{page}.html").exists()
        for page in toc_pages()
        for edition in ("", "fr")
    ):
        return True
    return STAMP.stat().st_mtime < _newest_input()


def build_site() -> None:
    """Build the website with ``make book`` (both editions, the live runtime), in this venv.

    The venv running the tests is the one used (``VENV=``), and is never
    reinstalled (``-o``: its install stamp is taken as up to date).
    """
    venv = Path(sys.executable).parent.parent
    step = ["make", "--no-print-directory", "book", f"VENV={venv}", "-o", f"{venv}/.installed"]
    done = subprocess.run(step, cwd=ROOT, capture_output=True, text=True, check=False)
    if done.returncode != 0:
        tail = "\n".join((done.stdout + done.stderr).splitlines()[-40:])
        raise RuntimeError(f"building the website failed ({' '.join(step)}):\n{tail}")
    STAMP.write_text("built by tests/browser\n")


def expected_calculators(page: str) -> int:
    """How many calculators the built page displays, read from its stored widget state."""
    html = (HTML / f"{page}.html").read_text(encoding="utf-8")
    state_match = _STATE.search(html)
    if state_match is None:
        return 0
    state = json.loads(state_match.group(1))["state"]
    count = 0
    for view in _VIEW.findall(html):
        model = state.get(json.loads(view)["model_id"], {})
        if "rb-calculator" in model.get("state", {}).get("_dom_classes", []):
            count += 1
    return count


def _svg_count(state: dict, model_id: str, seen: set[str]) -> int:
    """SVG charts in a widget and its descendants, from the stored state."""
    if model_id in seen or model_id not in state:
        return 0
    seen.add(model_id)
    model = state[model_id].get("state", {})
    count = str(model.get("value", "")).count("<svg") if isinstance(model.get("value"), str) else 0
    for child in model.get("children", []):
        count += _svg_count(state, str(child).removeprefix("IPY_MODEL_"), seen)
    return count


def expected_charts(page: str) -> list[int]:
    """For each calculator the built page displays, how many SVG charts its stored state holds."""
    html = (HTML / f"{page}.html").read_text(encoding="utf-8")
    state_match = _STATE.search(html)
    if state_match is None:
        return []
    state = json.loads(state_match.group(1))["state"]
    charts = []
    for view in _VIEW.findall(html):
        model_id = json.loads(view)["model_id"]
        if "rb-calculator" in state.get(model_id, {}).get("state", {}).get("_dom_classes", []):
            charts.append(_svg_count(state, model_id, set()))
    return charts


def main() -> int:
    """``python tests/browser/site.py --build-if-stale``: what ``make test`` runs first."""
    parser = argparse.ArgumentParser(description="The built site of the browser tests.")
    parser.add_argument(
        "--build-if-stale",
        action="store_true",
        help="build it (make book) when missing or older than its sources",
    )
    args = parser.parse_args()
    stale = site_is_stale()
    if not stale:
        print(f"the site is up to date: {HTML}")
        return 0
    if not args.build_if_stale:
        print(f"the site is missing or older than its sources: {HTML}")
        return 1
    print("building the site for the browser tests (make book)...", flush=True)
    try:
        build_site()
    except RuntimeError as err:
        print(err, file=sys.stderr)
        return 1
    print(f"the site is built: {HTML}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
