"""Every private API the live runtime takes from a pinned vendor package is still there.

The names are listed once, in ``live/vendor_api.py``: Pyodide's memory
snapshots, the html-manager's widget internals, ipywidgets' and comm's Python
internals. A version bump that drops one (or any bump at all, until the list is
checked again at the new version) fails here with the name, the file of the
package, and what in the runtime breaks without it.
"""

from __future__ import annotations

import importlib
import json
import tarfile
from importlib import metadata

import pytest

from live.vendor_api import CHECKED_AT, PRIVATE_APIS
from scripts.vendor_js import tarball

from .site import ROOT

SPEC = json.loads((ROOT / "scripts" / "vendor.json").read_text())
NPM = {p["name"]: p for p in [*SPEC["packages"], SPEC["lite"]]}


def pinned_version(package: str) -> str:
    if package in NPM:
        return NPM[package]["version"]
    return metadata.version(package)  # the wheel live/build.py ships is this environment's


def npm_file(package: str, inner: str) -> str:
    spec = NPM[package]
    with tarfile.open(tarball(spec["name"], spec["version"], spec["integrity"])) as tar:
        for member in tar.getmembers():
            if member.isfile() and member.name.split("/", 1)[1] == inner:
                source = tar.extractfile(member)
                assert source is not None
                return source.read().decode("utf-8", errors="replace")
    pytest.fail(f"{package}@{spec['version']} has no file {inner} (the runtime reads names in it)")


@pytest.mark.parametrize("package", sorted(CHECKED_AT))
def test_private_apis_were_checked_at_the_pinned_version(package):
    pinned = pinned_version(package)
    checked = CHECKED_AT[package]
    assert pinned == checked or pinned.startswith(checked + "."), (
        f"{package} is pinned at {pinned} but the private APIs the live runtime relies on were "
        f"checked at {checked}: check each name of live/vendor_api.py for {package} in the new "
        "version (and that it still does what the runtime expects), then update CHECKED_AT"
    )


@pytest.mark.parametrize("api", PRIVATE_APIS, ids=lambda a: f"{a.package}:{a.name[:40]}")
def test_private_api_is_still_there(api):
    version = pinned_version(api.package)
    if api.package in NPM:
        found = api.name in npm_file(api.package, api.where)
    else:
        module = importlib.import_module(api.where)
        found = True
        target = module
        for part in api.name.split("."):
            if not hasattr(target, part):
                found = False
                break
            target = getattr(target, part)
    assert found, (
        f"{api.package}@{version} no longer has {api.name!r} in {api.where}, which the live "
        f"runtime relies on ({api.used_by}): adapt the runtime to the new version or keep the "
        "old pin in scripts/vendor.json"
    )


def test_every_private_name_is_used_where_the_list_says():
    # The list stays honest: each name is really used by the file it names.
    for api in PRIVATE_APIS:
        user = ROOT / api.used_by.split(":")[0]
        text = user.read_text(encoding="utf-8")
        token = {
            "e._loadSnapshot": "_loadSnapshot",
            'typeof _createPyodideModule!="function"': "_createPyodideModule",
            '"pyodide.asm.wasm"': "pyodide.asm.wasm",
            '"python_stdlib.zip"': "python_stdlib.zip",
        }.get(api.name, api.name.split(".")[-1])
        if user.name == "vendor.json":
            token = json.dumps(api.name)[1:-1]
        assert token in text, f"{api.used_by.split(':')[0]} does not use {token!r}"
