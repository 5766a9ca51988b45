"""The website's live runtime: Pyodide in a Web Worker, and what the build writes for it.

Two kinds of module live here:

* the build's, run in CPython by ``python -m live.build`` (``build``, ``pack``,
  ``site_files``, ``editions``, ``typeset``, ``cells_pages``, ``vendor_api``),
  which import each other as ``live.<module>``;
* the worker's Python (``boot``, ``live_bridge``, ``cells``), published as
  files beside ``live/worker.js`` and imported by name in Pyodide from the
  worker's home folder (``live/boot.py``, the one ``sys.path`` entry the
  runtime adds: that folder is where the worker writes them); in CPython the
  tests import them as ``live.<module>``. ``cells`` finds ``live_bridge``
  beside it either way (``cells._sibling``).

Example:
    >>> import live.pack
    >>> live.pack.frame_size(bytes.fromhex("28b52ffd2005290000616263"))
    5
"""

__all__: list[str] = []
