"""Every private API of a pinned vendor package that the live runtime relies on.

The runtime uses a few names its vendor packages do not promise to keep:
Pyodide's memory snapshots, the html-manager's widget-model internals,
ipywidgets' and comm's Python internals. Each is listed here once, with the
version it was checked at, the file of the package it is found in and what
breaks without it; ``tests/browser/test_vendor_api.py`` fails with that text
when a version bump (``scripts/vendor.json``, the wheels) drops one, or when
the pinned version is not the one these were checked at.

Example:
    >>> sorted({api.package for api in PRIVATE_APIS})
    ['@jupyter-widgets/html-manager', 'comm', 'ipywidgets', 'mathjax', 'pyodide']
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["CHECKED_AT", "PRIVATE_APIS", "PrivateApi"]


@dataclass(frozen=True)
class PrivateApi:
    """One private name: where the package has it and what the runtime does with it."""

    package: str
    #: A file of the npm package (path inside the tarball's package folder), or a
    #: Python module for a wheel.
    where: str
    #: The exact text found in that file, or the dotted attribute of that module.
    name: str
    #: Which file of the runtime uses it, and for what.
    used_by: str


#: The version of each package at which every name below was checked.
CHECKED_AT = {
    "pyodide": "0.27.6",
    "@jupyter-widgets/html-manager": "1.0.15",
    "mathjax": "3.2.2",
    "ipywidgets": "8.1",
    "comm": "0.2",
}

_WORKER = "live/worker.js"
_PAGE = "_static/live.js"
_BRIDGE = "live/live_bridge.py"

PRIVATE_APIS = [
    # Pyodide: memory snapshots (undocumented, underscored options).
    PrivateApi("pyodide", "pyodide.js", "e._loadSnapshot", f"{_WORKER}: restore a memory snapshot"),
    PrivateApi(
        "pyodide",
        "pyodide.asm.js",
        "_makeSnapshot",
        f"{_WORKER}: start Python so that it can be snapshotted",
    ),
    PrivateApi(
        "pyodide",
        "pyodide.asm.js",
        "makeMemorySnapshot",
        f"{_WORKER}: take the site and page snapshots",
    ),
    PrivateApi(
        "pyodide",
        "pyodide.asm.js",
        "1886286592",
        f"{_WORKER}: SNAPSHOT_MAGIC, the snapshot header checked before restoring",
    ),
    PrivateApi(
        "pyodide",
        "pyodide.js",
        'typeof _createPyodideModule!="function"',
        f"{_WORKER}: pyodide.asm.js is unpacked and run by the worker, loadPyodide skips it",
    ),
    PrivateApi(
        "pyodide",
        "pyodide.js",
        '"pyodide.asm.wasm"',
        "live/build.py: GZIPPED, the WebAssembly Pyodide fetches by that name is served from its .gz",
    ),
    PrivateApi(
        "pyodide",
        "pyodide.js",
        '"python_stdlib.zip"',
        "live/build.py: GZIPPED, the standard library Pyodide fetches is served from its .gz",
    ),
    PrivateApi(
        "pyodide",
        "pyodide.asm.js",
        "let result=Module.Py_EmscriptenSignalBuffer[0]",
        f"{_WORKER}: idle warming's time slice, an interrupt buffer read by index (a getter)",
    ),
    # The html-manager: the widget models' internals the page drives directly.
    PrivateApi(
        "@jupyter-widgets/html-manager",
        "dist/embed.js",
        "_buffered_state_diff",
        f"{_PAGE}: changes made before Python is ready are sent once it is",
    ),
    PrivateApi(
        "@jupyter-widgets/html-manager",
        "dist/embed.js",
        "_handle_comm_msg",
        f"{_PAGE}: Python's updates are applied to the page's models",
    ),
    PrivateApi(
        "@jupyter-widgets/html-manager",
        "dist/embed.js",
        "comm_live",
        f"{_PAGE}: a model with a comm sends its changes",
    ),
    PrivateApi(
        "@jupyter-widgets/html-manager",
        "dist/embed.js",
        "_options_labels",
        "_static/rb-link.js: encode/decode, a choice is written in the link by its option",
    ),
    PrivateApi(
        "@jupyter-widgets/html-manager",
        "dist/embed.js",
        "const i=n(),r=await i.set_state(t)",
        "scripts/vendor.json: the patch that hands the page the widget manager",
    ),
    PrivateApi(
        "@jupyter-widgets/html-manager",
        "dist/embed.js",
        'window.addEventListener("load",(()=>{!async function(e,t=document.documentElement)',
        "scripts/vendor.json: the patch that renders the widgets at DOMContentLoaded",
    ),
    PrivateApi(
        "@jupyter-widgets/html-manager",
        "dist/embed.js",
        "e=t.currentScript.src",
        "scripts/vendor.json: the patch that finds the widget fonts when embed.js runs from its .gz",
    ),
    PrivateApi(
        "mathjax",
        "es5/tex-chtml.js",
        'e&&(t=e.src.replace(/\\/[^\\/]*$/,""))',
        "scripts/vendor.json: the patch that finds MathJax's files when it runs from its .gz",
    ),
    # ipywidgets and comm, in the worker's Python.
    PrivateApi(
        "ipywidgets",
        "ipywidgets.widgets.widget",
        "JUPYTER_WIDGETS_ECHO",
        f"{_BRIDGE}: no echo of the page's own changes",
    ),
    PrivateApi(
        "ipywidgets",
        "ipywidgets.widgets.widget",
        "Widget._handle_msg",
        f"{_BRIDGE}: a message from the page is applied as a kernel's would be",
    ),
    PrivateApi(
        "ipywidgets",
        "ipywidgets.widgets.widget",
        "Widget._model_name",
        f"{_BRIDGE}: the page's tree is matched model by model",
    ),
    PrivateApi("comm", "comm", "create_comm", f"{_BRIDGE}: every widget's comm goes to the page"),
    PrivateApi(
        "comm",
        "comm.base_comm",
        "BaseComm.publish_msg",
        f"{_BRIDGE}: what a widget sends is collected for the page",
    ),
]
