"""Fetch the JavaScript the website serves itself, from the npm registry.

Usage: python scripts/vendor_js.py [--out _vendor]

The packages, their pinned versions and sha512 integrities are in
``scripts/vendor.json`` (committed); the files themselves are not committed.
Each tarball is fetched with ``npm pack`` (the ordinary npm client, so the
registry and its cache are npm's own), checked against the pinned integrity,
and the listed folders are unpacked under ``--out``, which ``_config.yml``
publishes with ``html_extra_path`` -- not ``html_static_path``, because
Jupyter Book 1 would add every ``*.js`` found there to every page.

A package may list ``patch`` entries (a file, an exact ``old`` text that must
occur once, its ``new`` text): small, checked edits of the pinned files.

A stamp file makes a second run with the same ``vendor.json`` a no-op.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import json
import shutil
import subprocess
import sys
import tarfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SPEC = ROOT / "scripts" / "vendor.json"
CACHE = ROOT / ".cache" / "npm"


def integrity_of(path: Path) -> str:
    digest = hashlib.sha512(path.read_bytes()).digest()
    return "sha512-" + base64.b64encode(digest).decode()


def tarball(name: str, version: str, integrity: str) -> Path:
    """The package's tarball, from the local cache or ``npm pack``, integrity checked."""
    CACHE.mkdir(parents=True, exist_ok=True)
    filename = name.lstrip("@").replace("/", "-") + f"-{version}.tgz"
    path = CACHE / filename
    if not path.exists():
        npm = shutil.which("npm")
        if npm is None:
            sys.exit(
                "vendor_js: `npm` is needed to fetch the website's JavaScript (apt install npm)"
            )
        subprocess.run(
            [npm, "pack", f"{name}@{version}", "--pack-destination", str(CACHE), "--silent"],
            check=True,
            stdout=subprocess.DEVNULL,
        )
    got = integrity_of(path)
    if got != integrity:
        path.unlink()
        sys.exit(f"vendor_js: {name}@{version}: integrity {got} != pinned {integrity}")
    return path


def unpack(path: Path, copy: dict[str, str], exclude: list[str], out: Path) -> int:
    count = 0
    with tarfile.open(path) as tar:
        for member in tar.getmembers():
            if not member.isfile():
                continue
            inner = member.name.split("/", 1)[1]
            if any(inner.endswith(suffix) for suffix in exclude):
                continue
            for src, dst in copy.items():
                if inner.startswith(src):
                    target = out / dst / inner[len(src) :]
                    target.parent.mkdir(parents=True, exist_ok=True)
                    source = tar.extractfile(member)
                    assert source is not None
                    target.write_bytes(source.read())
                    count += 1
    return count


def apply_patch(path: Path, old: str, new: str) -> None:
    """Replace the one occurrence of ``old`` in a vendored file (fail when it is not there once)."""
    text = path.read_text(encoding="utf-8")
    if text.count(old) != 1:
        sys.exit(f"vendor_js: {path}: the patched text occurs {text.count(old)} times, not once")
    path.write_text(text.replace(old, new), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "_vendor")
    args = parser.parse_args()
    spec_text = SPEC.read_text()
    stamp = args.out / ".vendor-stamp"
    wanted = hashlib.sha256(spec_text.encode()).hexdigest()
    if stamp.exists() and stamp.read_text() == wanted:
        return
    spec = json.loads(spec_text)
    if args.out.exists():
        shutil.rmtree(args.out)
    args.out.mkdir(parents=True)
    for package in spec["packages"]:
        path = tarball(package["name"], package["version"], package["integrity"])
        n = unpack(path, package["copy"], package.get("exclude", []), args.out)
        for patch in package.get("patch", []):
            apply_patch(args.out / patch["file"], patch["old"], patch["new"])
        print(f"vendor_js: {package['name']}@{package['version']}: {n} files")
    stamp.write_text(wanted)


if __name__ == "__main__":
    main()
