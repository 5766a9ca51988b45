"""Build the live pages: every chapter as a code-free Voici app running Python in the browser.

Usage: python scripts/build_lite.py [--out _build/html/live]

Voici (Voilà on JupyterLite) runs each chapter of ``_toc.yml`` in the
reader's browser with the Pyodide kernel; nothing is fetched from anywhere
but the site itself:

* the Pyodide core comes from the npm package ``pyodide`` (pinned in
  ``scripts/vendor.json``; it must be the version the installed
  ``jupyterlite_pyodide_kernel`` was built for);
* every Python package the kernel and the chapters import is a wheel served
  beside it and listed in its ``pyodide-lock.json`` (sha256 rewritten):
  the pure-Python wheels of Pyodide's own distribution come from PyPI at the
  versions its lock names, the kernel's own wheels from the installed
  labextension, ``ipywidgets`` and ``comm`` from PyPI at the versions of this
  environment, ``rulebook_py`` built from this tree;
* ``sqlite3`` and ``ssl`` (compiled modules of Pyodide's distribution, on no
  registry) are replaced by empty stub wheels: IPython then runs without a
  history database, and nothing here needs TLS;
* every wheel is preloaded with Pyodide's ``loadPyodide({packages})`` in one
  parallel step, so the kernel installs nothing at start.
"""

from __future__ import annotations

import argparse
import base64
import hashlib
import io
import json
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from importlib import metadata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from vendor_js import tarball, unpack

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "_build" / "lite-src"
WHEEL_CACHE = ROOT / ".cache" / "wheels"
KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
#: Packages of Pyodide's distribution the kernel needs (with their dependencies).
FROM_PYODIDE = ["micropip", "packaging", "ipython", "jedi", "ssl", "sqlite3"]
#: Wheels shipped inside the kernel's labextension.
KERNEL_WHEELS = {"ipykernel": [], "piplite": ["micropip"], "pyodide-kernel": ["ipykernel", "comm"]}
#: Wheels from PyPI at this environment's versions: name -> (import names, depends).
FROM_PYPI = {
    "comm": (["comm"], ["traitlets"]),
    "ipywidgets": (["ipywidgets"], ["comm", "ipython", "traitlets"]),
}
#: What loadPyodide preloads, in order (names as the kernel checks them).
PRELOAD = [
    "micropip",
    "ssl",
    "piplite",
    "sqlite3",
    "ipykernel",
    "comm",
    "pyodide_kernel",
    "jedi",
    "ipython",
    "ipywidgets",
    "rulebook-py",
]


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


#: Python version of the Pyodide runtime (set from its lock file).
PYTHON_VERSION = ["3.12"]


def pypi_wheel(name: str, version: str) -> Path:
    """A py3-none-any wheel from PyPI (pip's ordinary client), cached under .cache/wheels."""
    WHEEL_CACHE.mkdir(parents=True, exist_ok=True)
    stem = canonical(name).replace("-", "_")
    found = [
        p for p in WHEEL_CACHE.glob("*.whl") if canonical(p.name.split("-")[0]) == canonical(stem)
    ]
    found = [p for p in found if p.name.split("-")[1] == version]
    if not found:
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--no-deps",
                "--only-binary=:all:",
                "--python-version",
                PYTHON_VERSION[0],
                "--dest",
                str(WHEEL_CACHE),
                f"{name}=={version}",
            ],
            check=True,
        )
        found = [
            p
            for p in WHEEL_CACHE.glob("*.whl")
            if canonical(p.name.split("-")[0]) == canonical(stem)
            and p.name.split("-")[1] == version
        ]
    if not found:
        sys.exit(f"build_lite: no wheel for {name}=={version}")
    return found[0]


SQLITE3_STUB = '''"""Stand-in for sqlite3, whose Pyodide build is on no package registry.

IPython imports sqlite3 when it starts; the Pyodide kernel turns IPython's
history off, so no database is ever opened. Any real use raises
OperationalError.
"""


class Error(Exception):
    pass


class DatabaseError(Error):
    pass


class OperationalError(DatabaseError):
    pass


class IntegrityError(DatabaseError):
    pass


PARSE_DECLTYPES = 1
PARSE_COLNAMES = 2


class Connection:
    def __init__(self, *args, **kwargs):
        raise OperationalError("sqlite3 is not available in this browser build")


def connect(*args, **kwargs):
    raise OperationalError("sqlite3 is not available in this browser build")
'''
#: Modules of the stub wheels (a stub without an entry holds no module).
STUB_MODULES = {"sqlite3": {"sqlite3/__init__.py": SQLITE3_STUB}}


def stub_wheel(name: str, version: str, dest: Path) -> Path:
    """A pure-Python stand-in wheel for a compiled package that must not be fetched."""
    dist = f"{name}-{version}.dist-info"
    files = {
        **STUB_MODULES.get(name, {}),
        f"{dist}/METADATA": f"Metadata-Version: 2.1\nName: {name}\nVersion: {version}\n"
        "Summary: empty stand-in built by the interactive rulebook (not available offline)\n",
        f"{dist}/WHEEL": "Wheel-Version: 1.0\nGenerator: rulebook\nRoot-Is-Purelib: true\nTag: py3-none-any\n",
    }
    record = []
    for path, text in files.items():
        digest = (
            base64.urlsafe_b64encode(hashlib.sha256(text.encode()).digest()).rstrip(b"=").decode()
        )
        record.append(f"{path},sha256={digest},{len(text.encode())}")
    record.append(f"{dist}/RECORD,,")
    files[f"{dist}/RECORD"] = "\n".join(record) + "\n"
    target = dest / f"{name}-{version}-py3-none-any.whl"
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as zf:
        for path, text in files.items():
            info = zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0))
            zf.writestr(info, text)
    target.write_bytes(buffer.getvalue())
    return target


def build_rulebook_wheel(dest: Path) -> Path:
    """``rulebook_py`` as a wheel, built from a copy of the tree (the tree stays clean)."""
    with tempfile.TemporaryDirectory() as tmp:
        src = Path(tmp) / "src"
        src.mkdir()
        for name in ("pyproject.toml", "README.md"):
            shutil.copy(ROOT / name, src / name)
        shutil.copytree(
            ROOT / "rulebook_py",
            src / "rulebook_py",
            ignore=shutil.ignore_patterns("__pycache__", "*.pyc"),
        )
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "wheel",
                "--quiet",
                "--no-deps",
                "--no-build-isolation",
                "-w",
                str(dest),
                str(src),
            ],
            check=True,
        )
    return next(dest.glob("rulebook_py-*.whl"))


def entry(name: str, wheel: Path, imports: list[str], depends: list[str]) -> dict:
    return {
        "name": name,
        "version": wheel.name.split("-")[1],
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": sha256(wheel),
        "package_type": "package",
        "imports": imports,
        "depends": depends,
        "unvendored_tests": False,
    }


def top_level_imports(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as zf:
        names = {
            n.split("/")[0]
            for n in zf.namelist()
            if not n.split("/")[0].endswith((".dist-info", ".data"))
        }
    return sorted(n.removesuffix(".py") for n in names)


def prepare_pyodide(pyodide_dir: Path) -> list[str]:
    """Pyodide core + every wheel + the rewritten lock; return the preload list."""
    from jupyterlite_pyodide_kernel import constants

    spec = json.loads((ROOT / "scripts" / "vendor.json").read_text())["lite"]
    if spec["version"] != constants.PYODIDE_VERSION:
        sys.exit(
            f"build_lite: scripts/vendor.json pins pyodide {spec['version']} but "
            f"jupyterlite_pyodide_kernel needs {constants.PYODIDE_VERSION}"
        )
    unpack(
        tarball(spec["name"], spec["version"], spec["integrity"]),
        spec["copy"],
        spec["exclude"],
        pyodide_dir.parent,
    )
    lock_path = pyodide_dir / "pyodide-lock.json"
    lock = json.loads(lock_path.read_text())
    packages = lock["packages"]
    PYTHON_VERSION[0] = ".".join(lock["info"]["python"].split(".")[:2])

    # Pyodide's own pure-Python packages the kernel needs, and their dependencies.
    todo, seen = list(FROM_PYODIDE), set()
    while todo:
        name = canonical(todo.pop())
        if name in seen:
            continue
        seen.add(name)
        info = packages[name]
        if info["package_type"] != "package":
            wheel = stub_wheel(name, info["version"], pyodide_dir)
            imports = [name] if name in STUB_MODULES else []
            packages[name].update(entry(name, wheel, imports, []))
            continue
        todo.extend(info["depends"])
        wheel = pypi_wheel(info["name"], info["version"])
        shutil.copy(wheel, pyodide_dir / wheel.name)
        packages[name].update(file_name=wheel.name, sha256=sha256(wheel))

    # The kernel's own wheels, from its installed labextension.
    ext = (
        Path(sys.prefix)
        / "share"
        / "jupyter"
        / "labextensions"
        / "@jupyterlite"
        / "pyodide-kernel-extension"
    )
    for name, depends in KERNEL_WHEELS.items():
        wheel = max((ext / "static" / "pypi").glob(f"{name.replace('-', '_')}-*.whl"))
        shutil.copy(wheel, pyodide_dir / wheel.name)
        packages[name] = entry(name, wheel, top_level_imports(wheel), depends)

    # Widgets from PyPI at this environment's versions, and the rules package itself.
    for name, (imports, depends) in FROM_PYPI.items():
        wheel = pypi_wheel(name, metadata.version(name))
        shutil.copy(wheel, pyodide_dir / wheel.name)
        packages[name] = entry(name, wheel, imports, depends)
    wheel = build_rulebook_wheel(pyodide_dir)
    packages["rulebook-py"] = entry("rulebook-py", wheel, ["rulebook_py"], ["ipywidgets"])

    lock_path.write_text(json.dumps(lock, indent=1, sort_keys=True) + "\n")
    return PRELOAD


def chapters() -> list[Path]:
    sys.path.insert(0, str(ROOT / "tests" / "browser"))
    files = re.findall(r"^\s*-?\s*(?:file|root):\s*(\S+)", (ROOT / "_toc.yml").read_text(), re.M)
    return [ROOT / f"{f}.ipynb" for f in files if (ROOT / f"{f}.ipynb").exists()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=ROOT / "_build" / "html" / "live")
    args = parser.parse_args()
    if SRC.exists():
        shutil.rmtree(SRC)
    (SRC / "static").mkdir(parents=True)
    preload = prepare_pyodide(SRC / "static" / "pyodide")
    content = SRC / "content"
    content.mkdir()
    for notebook in chapters():
        nb = json.loads(notebook.read_text(encoding="utf-8"))
        # The browser's kernel is Pyodide's "python", not the stored "python3".
        nb.setdefault("metadata", {})["kernelspec"] = {
            "name": "python",
            "display_name": "Python (Pyodide)",
            "language": "python",
        }
        (content / notebook.name).write_text(json.dumps(nb, indent=1) + "\n", encoding="utf-8")
    settings = {
        "jupyter-lite-schema-version": 0,
        "jupyter-config-data": {
            "appName": "The Interactive Rulebook (live)",
            "litePluginSettings": {
                KERNEL_PLUGIN: {
                    "disablePyPIFallback": True,
                    "loadPyodideOptions": {"packages": preload},
                }
            },
        },
    }
    (SRC / "jupyter-lite.json").write_text(json.dumps(settings, indent=2) + "\n")
    config = {
        "LiteBuildConfig": {
            "output_dir": str(args.out),
            "contents": [str(content)],
            "no_sourcemaps": True,
        }
    }
    (SRC / "jupyter_lite_config.json").write_text(json.dumps(config, indent=2) + "\n")
    if args.out.exists():
        shutil.rmtree(args.out)
    voici = Path(sys.executable).parent / "voici"
    subprocess.run([str(voici), "build", "--lite-dir", str(SRC)], cwd=SRC, check=True)
    postprocess(args.out)
    print(f"build_lite: live chapters in {args.out}")


REMOTE_LINK = re.compile(r'<link[^>]*href="https?://[^"]*"[^>]*>\s*')
REMOTE_REF = re.compile(r'(?:src|href)="https?://')


def postprocess(out: Path) -> None:
    """Make the Voici pages self-contained and their kernel find the site's Pyodide.

    Voici's page template links Font Awesome from a CDN (unused by the
    calculators): removed. The kernel resolves ``pyodideUrl`` against the page,
    and the app pages sit two folders below the site root: the URLs the build
    wrote as ``./`` are made relative to the root.
    """
    for page in [*(out / "voici").glob("*/*.html"), *(out / "voici").glob("*.html")]:
        text = REMOTE_LINK.sub("", page.read_text(encoding="utf-8"))
        if REMOTE_REF.search(text):
            sys.exit(f"build_lite: {page} still loads a remote URL")
        depth = len(page.relative_to(out).parts) - 1
        up = "../" * depth
        for key in ("pyodideUrl", "pipliteUrls"):
            text = re.sub(rf'("{key}": \[?")\./', rf"\g<1>{up}", text)
        page.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
