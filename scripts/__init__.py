"""The project's commands, run from the repository's root as ``python -m scripts.<name>``.

They import each other (and ``live``, ``tests``) as packages, never by editing
``sys.path``: ``python -m`` puts the root on the path.

Example:
    >>> from scripts.code_lines import code_lines
    >>> callable(code_lines)
    True
"""

__all__: list[str] = []
