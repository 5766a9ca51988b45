"""Serve the chapters as code-free Voilà apps on 127.0.0.1 (``make live``).

Usage: python scripts/voila.py [--host 127.0.0.1] [--port 8866]

Voilà runs each chapter notebook in a local kernel and shows its prose and
live calculators, without the code cells. Its stock "lab" template links
Font Awesome from a CDN; this script derives a template ("rulebook") from the
installed one without those links, so no request leaves the machine.
The chapters published in ``_toc.yml`` are listed when the server starts.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEMPLATE_HOME = ROOT / "_build" / "voila"
CDN_LINK = re.compile(r'^\s*<link[^>]*href="https?://[^"]*"[^>]*>\s*$\n?', re.M)


def voila_share() -> Path:
    """The installed Voilà's ``share/jupyter/voila`` folder."""
    candidates = [Path(sys.prefix) / "share" / "jupyter" / "voila"]
    for candidate in candidates:
        if (candidate / "templates" / "lab" / "index.html.j2").exists():
            return candidate
    sys.exit("live: Voilà's lab template was not found (is voila installed? make venv)")


def prepare_template() -> Path:
    """Write the CDN-free "rulebook" template; return the folder to add to JUPYTER_PATH."""
    lab = voila_share() / "templates" / "lab"
    target = TEMPLATE_HOME / "voila" / "templates" / "rulebook"
    target.mkdir(parents=True, exist_ok=True)
    index = CDN_LINK.sub("", (lab / "index.html.j2").read_text())
    if re.search(r'(src|href)="https?://', index):
        sys.exit("live: Voilà's lab template still links a remote URL; update scripts/voila.py")
    (target / "index.html.j2").write_text(index)
    (target / "conf.json").write_text(json.dumps({"base_template": "lab"}) + "\n")
    return TEMPLATE_HOME


def chapters() -> list[str]:
    """The notebook chapters of ``_toc.yml``, in order."""
    files = re.findall(r"^\s*-?\s*(?:file|root):\s*(\S+)", (ROOT / "_toc.yml").read_text(), re.M)
    return [f for f in files if (ROOT / f"{f}.ipynb").exists()]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, default=8866)
    args = parser.parse_args()
    env = dict(os.environ)
    env["JUPYTER_PATH"] = os.pathsep.join(
        p for p in (str(prepare_template()), env.get("JUPYTER_PATH", "")) if p
    )
    base = f"http://{args.host}:{args.port}"
    print("live: the chapters as apps (Ctrl-C stops):", flush=True)
    for chapter in chapters():
        name = Path(chapter).name
        print(f"  {base}/voila/render/{name}.ipynb", flush=True)
    voila = Path(sys.executable).parent / "voila"
    command = [
        str(voila),
        str(ROOT / "book"),
        "--no-browser",
        f"--Voila.ip={args.host}",
        f"--port={args.port}",
        "--Voila.port_retries=0",
        "--template=rulebook",
        "--strip_sources=True",
        "--show_tracebacks=False",
        # The browser kernel's extension (for the website's live pages) has no
        # place in a page served with a local kernel.
        "--VoilaConfiguration.extension_denylist=@jupyterlite/pyodide-kernel-extension",
    ]
    os.execve(command[0], command, env)


if __name__ == "__main__":
    main()
