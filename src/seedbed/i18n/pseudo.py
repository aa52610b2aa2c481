"""The pseudo-locale ``en-XA`` (issue 36 item 5): every English msgid turned by code into
accented text about 30 % longer, between ⟦ and ⟧, so that a screenshot shows at once a text
that is cut (a missing ⟧), too long for its box, or not translated at all (no accents). It is
generated from the msgids, never committed as a catalog; it is not listed among the languages
a person may choose: a test (or a developer) selects it with
``localStorage["seedbed.lang"] = "en-XA"``.

>>> pseudo("Your turn at {game}")
'⟦Ýöûŕ ţûŕñ åţ {game} ·ẋẋẋ⟧'
"""

from __future__ import annotations

import re
from functools import cache

PSEUDO = "en-XA"
"""The pseudo-locale's tag (BCP 47's private-use region XA, as Android and Chrome use it)."""

ACCENTS = str.maketrans(
    "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ",
    "åƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ",
)
PLACEHOLDER = re.compile(r"(\{\w+\})")
GROWTH = 0.3
"""How much longer a pseudo text is than its English msgid (translations into French or
German run 20–35 % longer than English)."""
FILLER = "·ẋẋẋ ẋẋẋẋ ẋẋ ẋẋẋẋẋ ẋẋẋ ẋẋẋẋ ẋẋ ẋẋẋẋẋ "


def pseudo(msgid: str) -> str:
    """``msgid`` accented, its ``{placeholders}`` kept, padded by words to about 130 %."""
    parts = PLACEHOLDER.split(msgid)
    shown = "".join(p if PLACEHOLDER.fullmatch(p) else p.translate(ACCENTS) for p in parts)
    visible = len(PLACEHOLDER.sub("", msgid))
    extra = max(1, round(visible * GROWTH)) if visible else 0
    padding = (FILLER * (extra // len(FILLER) + 1))[:extra].rstrip()
    return f"⟦{shown} {padding}⟧" if padding else f"⟦{shown}⟧"


def kept_short(context: str | None) -> bool:
    """Whether a context holds codes of one or two letters drawn in badges of a fixed size
    (« J », « CE »), named ``"… letters"`` by the views: as short in every language, left out
    of the pseudo-locale so that it does not flag them."""
    return context is not None and context.endswith(" letters")


def source_msgids() -> list[str]:
    """Every msgid of the translated files (singular and plural forms); when the sources are
    not at hand (an installed wheel), those of the catalogs."""
    from seedbed.i18n import TRANSLATED_FILES
    from seedbed.i18n.catalogs import catalog, languages
    from seedbed.i18n.extract import ROOT, keyed

    found: list[str] = []
    if all((ROOT / path).is_file() for path in TRANSLATED_FILES):
        for key, context in keyed(TRANSLATED_FILES):
            if not kept_short(context):
                found.extend([key] if isinstance(key, str) else key)
        return found
    for lang in languages()[1:]:
        for message in catalog(lang) or ():
            if kept_short(message.context):
                continue
            if isinstance(message.id, str) and message.id:
                found.append(message.id)
            elif isinstance(message.id, (tuple, list)):
                found.extend(str(part) for part in message.id)
    return found


@cache
def pseudo_messages() -> dict[str, str]:
    """msgid → its pseudo text, for every msgid found."""
    return {msgid: pseudo(msgid) for msgid in source_msgids()}
