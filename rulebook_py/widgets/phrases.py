"""The reader's words for the text the rules write: whole messages, or phrase by phrase.

The rules write their notes and roll lines in English, numbers and dice among
the words ("1d20 [8] + 7 = 15 vs 14: success"). :func:`phrases` gives a whole
message from the catalog when it is there, else each run of words between the
numbers and signs, each looked up alone; dice and numbers stay as written. A
whole message is an exact entry or a template of ``{name}`` fields
(:func:`rulebook_py.i18n.translate_message`); the words a template leaves
English (a captured part no entry matches) are then looked up run by run.

Example:
    >>> from rulebook_py.i18n import language
    >>> with language("fr"):
    ...     phrases("1d20 [8] + 7 = 15 vs 14: success")
    '1d20 [8] + 7 = 15 contre 14 : réussite'
"""

from __future__ import annotations

import re

from ..i18n import gettext as _
from ..i18n import pgettext, translate_message

__all__ = ["_", "pgettext", "phrases"]

#: A run of English words (ASCII letters, apostrophes, single spaces), whole words only:
#: never part of a French word ("Touché") or of dice notation ("d4", "2d20kh1").
_RUN = re.compile(r"(?<![\w-])[A-Za-z][A-Za-z'-]*(?: [A-Za-z][A-Za-z'-]*)*(?![\w-])")


def phrases(text: str) -> str:
    """``text`` in the reader's language: the whole message, then phrase by phrase.

    Example:
        >>> phrases("pursuer gains 4 m")
        'pursuer gains 4 m'
    """
    return _RUN.sub(_run, translate_message(text))


def _run(match: re.Match[str]) -> str:
    """A run of words from the catalog: the whole run, else word by word."""
    run = match.group(0)
    return _(run) if _(run) != run else " ".join(_(word) for word in run.split(" "))
