"""``POST /api/card-sets``: read a Fields of Green card-set file for the lobby (docs/protocol.md,
Lobby helpers).

The browser cannot parse TOML or point at the line of a mistake, so the lobby sends the file's
text here; the answer is the validated card-data object, which the lobby then passes as the
``cards`` option of ``POST /api/tables`` (F-89). Nothing is stored.

>>> import json
>>> from seedbed.card_files import original_card_set
>>> text = json.dumps(original_card_set().to_json())
>>> answer = read_card_set(CardSetRequest(name="mine.json", format="json", text=text))
>>> answer.name, answer.locations, answer.equipment
('original', 132, 30)
"""

from __future__ import annotations

from fastapi import HTTPException

from seedbed.card_files import CardDataError, parse_card_text
from seedbed.server.protocol import MAX_CARD_FILE_BYTES, CardSetRequest, CardSetResponse


def read_card_set(req: CardSetRequest) -> CardSetResponse:
    """The card data of an uploaded file; 413 if too long, 422 naming ``file:line`` if wrong
    or past one of the limits of docs/card-sets.md (checked before the file is parsed)."""
    if len(req.text.encode("utf-8")) > MAX_CARD_FILE_BYTES:
        raise HTTPException(413, f"card-set files are limited to {MAX_CARD_FILE_BYTES} bytes")
    try:
        card_set = parse_card_text(req.text, source=req.name, fmt=req.format)
    except CardDataError as error:
        raise HTTPException(422, " ".join(str(error).split())) from None
    return CardSetResponse(
        name=card_set.name,
        file=req.name,
        cards=card_set.to_json(),
        locations=sum(d.copies for d in card_set.locations),
        equipment=sum(d.copies for d in card_set.equipment),
    )
