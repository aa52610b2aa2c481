"""``POST /api/games/{game}/files/{key}``: read a data file for the lobby (docs/protocol.md,
Lobby helpers), for any game whose declaration lists data files (``GameSpec.data_files``).

The browser cannot parse TOML or point at the line of a mistake, so the lobby sends the file's
text here; the game's own parser (``DataFile.parse_text``) validates it, and the answer is the
option's value, which the lobby then passes as that option of ``POST /api/tables``. Nothing is
stored.

Parsing is pure Python (``tomllib``) and holds the interpreter lock, so a thread is not enough
to keep it off the event loop: eight uploads parsed at once took the lock from the loop and
every player's acknowledgements waited (issue 37 item 9). :class:`UploadReader` parses at most
``parses`` files at once, in threads, so the loop always gets the lock back within one switch
interval; each address's uploads are rate-limited before this (``AddressLimits.may_upload``),
and the parser's shape limits bound the time and memory of one file (docs/card-sets.md).

>>> import seedbed
>>> data = seedbed.spec("fields_of_green").data_files[0]
>>> package = "seedbed.games.fields_of_green"
>>> text = seedbed.data_files.read_shipped(package, data.shipped["original"])
>>> answer = read_data_file("fields_of_green", data.key, DataFileRequest(
...     name="mine.toml", format="toml", text=text))
>>> answer.option, answer.name, answer.file
('cards', 'original', 'mine.toml')
"""

from __future__ import annotations

import asyncio

from fastapi import HTTPException

from seedbed.engine.registry import game_names, spec
from seedbed.server.protocol import DataFileRequest, DataFileResponse


def read_data_file(game: str, key: str, req: DataFileRequest) -> DataFileResponse:
    """The option value of an uploaded file; 404 for a game or key that takes no file, 413 if
    longer than the data file's limit, 422 naming ``file:line`` if the game's parser refuses
    it (its limits are checked before the file is parsed)."""
    declared = spec(game) if game in game_names() else None
    data = None if declared is None else declared.data_file(key)
    if data is None:
        raise HTTPException(404, f"no data file {key[:40]!r} for game {game[:40]!r}")
    if len(req.text.encode("utf-8")) > data.max_bytes:
        raise HTTPException(413, f"{key} files are limited to {data.max_bytes} bytes")
    try:
        value = data.parse_text(req.text, req.name, req.format)
    except ValueError as error:
        raise HTTPException(422, " ".join(str(error).split())) from None
    name = value.get("name")
    return DataFileResponse(
        game=game,
        option=data.option,
        key=key,
        file=req.name,
        name=name if isinstance(name, str) else None,
        value=value,
    )


class UploadReader:
    """Reads uploads off the event loop, ``parses`` at a time (module docstring); the others
    wait their turn."""

    def __init__(self, parses: int) -> None:
        self._turns = asyncio.Semaphore(max(1, parses))

    async def read(self, game: str, key: str, req: DataFileRequest) -> DataFileResponse:
        async with self._turns:
            return await asyncio.to_thread(read_data_file, game, key, req)
