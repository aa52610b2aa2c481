"""Account names (issue 30 item 1): unique after Unicode NFKC case-folding, so "Ann", "ANN"
and "Ａｎｎ" (full-width) are one name; refused when a reader could be fooled by them: control,
format (bidi overrides such as U+202E, zero-width joiners and spaces), private-use and
surrogate characters, line and paragraph separators, blank look-alikes, spaces at either end
or two in a row, letters of several scripts that look alike (``confusable_homoglyphs``, the
Unicode confusables data of UTS #39: a Latin "Ann" with a Cyrillic "а"), and the names of the
bots (a person called "Greedy bot" would pass for one).

>>> name_key("Ａｎｎ"), name_key("ANN")
('ann', 'ann')
>>> check_name("Ann B.")
'ann b.'
>>> check_name("Ann\u202e")
Traceback (most recent call last):
...
ValueError: name: must not contain control or invisible characters (U+202E)
>>> check_name("P\u0430ypal")
Traceback (most recent call last):
...
ValueError: name: must not mix letters of different scripts that look alike
"""

from __future__ import annotations

import unicodedata
from functools import cache

from confusable_homoglyphs import confusables

from seedbed.bots.names import bot_name
from seedbed.bots.specs import bot_kinds
from seedbed.server.account_store import DELETED_NAME
from seedbed.server.protocol import visible_name

MIN_NAME_CHARS = 1
MAX_NAME_CHARS = 40
"""The length of a seat's name (``protocol.Name``): an account's name is its seats' name."""
MAX_KEY_CHARS = 160
"""NFKC expands some characters (U+FDFA is 18 letters): the key has a bound of its own."""
MIN_PASSWORD_CHARS = 8
MAX_PASSWORD_CHARS = 256


def name_key(name: str) -> str:
    """The name's identity: NFKC, case-folded, NFKC again (Unicode's NFKC_Casefold, near
    enough for the characters :func:`check_name` lets through)."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return unicodedata.normalize("NFKC", folded)


@cache
def reserved_keys() -> frozenset[str]:
    """The keys of the bots' names ("random", "Greedy bot", "search"…) and "deleted player":
    no account may be called so."""
    names = {DELETED_NAME, "search", "search bot", "bot"}
    for kind in bot_kinds():
        names |= {kind.name, bot_name(kind.name)}
    return frozenset(name_key(n) for n in names)


def check_name(name: str) -> str:
    """The key of an acceptable account name; ValueError with one line (``name: …``) else."""
    try:
        return _checked(name)
    except ValueError as exc:
        raise ValueError(f"name: {exc}") from None


def _checked(name: str) -> str:
    if not MIN_NAME_CHARS <= len(name) <= MAX_NAME_CHARS:
        raise ValueError(f"must have {MIN_NAME_CHARS}-{MAX_NAME_CHARS} characters")
    visible_name(name)  # control, format, private-use, surrogates, separators, blanks
    if name != name.strip():
        raise ValueError("must not begin or end with a space")
    if "  " in name or any(c.isspace() and c != " " for c in name):
        raise ValueError("must not hold two spaces in a row or spaces other than ' '")
    if confusables.is_dangerous(name):
        raise ValueError("must not mix letters of different scripts that look alike")
    key = name_key(name)
    if len(key) > MAX_KEY_CHARS:
        raise ValueError("is too long once normalised")
    if key in reserved_keys():
        raise ValueError("is a bot's name or reserved")
    return key


def check_password(password: str) -> None:
    """ValueError (``password: …``) for a password outside the length bounds; its text is
    never part of any message."""
    if not MIN_PASSWORD_CHARS <= len(password) <= MAX_PASSWORD_CHARS:
        raise ValueError(
            f"password: must have {MIN_PASSWORD_CHARS}-{MAX_PASSWORD_CHARS} characters"
        )
