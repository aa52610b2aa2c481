"""Files that games read: the data shipped in a game's package (a card set) and the files a
user gives for a data option (``-o card_set=PATH``), for every game whose declaration lists
data options (:class:`~seedbed.engine.spec.DataFile`). The rules core reads no files; this
layer reads them and hands the text to the game's own parser.

>>> import seedbed
>>> read_shipped("seedbed.games.fields_of_green", "data/original.toml").startswith("#")
True
"""

from __future__ import annotations

from importlib import resources
from os import PathLike
from pathlib import Path
from typing import Any

from seedbed.engine.spec import DataFile, GameSpec

FORMATS = {".toml": "toml", ".json": "json"}
"""File name endings of data files and the format each holds."""


class DataFileError(ValueError):
    """A data file that cannot be read (missing, too long, not UTF-8, wrong ending)."""


def read_shipped(package: str, path: str) -> str:
    """The text of a file shipped inside ``package`` (package data)."""
    return (resources.files(package) / path).read_text(encoding="utf-8")


def read_text(path: str | PathLike[str], max_bytes: int) -> tuple[str, str]:
    """(text, format) of a ``.toml`` or ``.json`` file, reading at most one byte past
    ``max_bytes`` (a huge or endless file, such as a device, is refused without filling
    memory)."""
    file, source = Path(path), str(path)
    fmt = FORMATS.get(file.suffix.lower())
    if fmt is None:
        raise DataFileError(f"{source}: a data file must end in .toml or .json")
    try:
        with file.open("rb") as stream:
            raw = stream.read(max_bytes + 1)
        if len(raw) > max_bytes:
            raise DataFileError(f"{source}: longer than the limit of {max_bytes} bytes")
        return raw.decode("utf-8"), fmt
    except (OSError, UnicodeDecodeError) as error:
        reason = getattr(error, "strerror", None) or str(error)
        raise DataFileError(f"{source}: cannot read the file: {reason}") from None


def load(data: DataFile, path: str | PathLike[str]) -> Any:
    """The value of ``data.option`` read from the file at ``path``; ValueError naming the
    file (and the line, for content errors)."""
    text, fmt = read_text(path, data.max_bytes)
    return data.parse_text(text, str(path), fmt)


def option_from_file(spec: GameSpec, key: str, path: str | PathLike[str]) -> tuple[str, Any]:
    """(option name, value) for ``key=PATH`` when ``key`` names one of the game's data files."""
    data = spec.data_file(key)
    if data is None:
        raise ValueError(f"{spec.name} reads no data file as {key!r}")
    return data.option, load(data, path)
