"""Checks shared by the games' option normalisation: bounded integers and short echoes of a
refused value (issue 12, defect 3; every bound is listed in docs/options.md).

>>> bounded_int("max_offers", 6, 0, 12, "B-3")
6
>>> bounded_int("max_offers", 2**100, 0, 12, "B-3")
Traceback (most recent call last):
...
ValueError: option max_offers must be an integer from 0 to 12, got an integer of 101 bits [B-3]
>>> bounded_int("garden_radius", "3", 1, 6, "S-3")
Traceback (most recent call last):
...
ValueError: option garden_radius must be an integer from 1 to 6, got '3' [S-3]
"""

from __future__ import annotations

from typing import Any

_ECHO = 40  # characters of a refused value repeated in an error message
_ECHO_BITS = 64  # larger integers are described by their size, not printed


def echo(value: Any) -> str:
    """A short, one-line rendering of a refused value. Huge integers are not printed: their
    decimal text is slow to build and Python refuses it beyond 4,300 digits."""
    if isinstance(value, int) and not isinstance(value, bool):
        if value.bit_length() > _ECHO_BITS:
            return f"an integer of {value.bit_length()} bits"
        return str(value)
    if isinstance(value, str | bytes | list | tuple | dict) and len(value) > _ECHO:
        return f"a {type(value).__name__} of length {len(value)}"
    text = repr(value)
    return text if len(text) <= _ECHO else text[: _ECHO - 3] + "..."


def bounded_int(name: str, value: Any, least: int, most: int, clause: str) -> int:
    """``value`` if it is an int (not a bool, str or float) within ``least`` … ``most``."""
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise ValueError(
            f"option {name} must be an integer from {least} to {most}, got {echo(value)} [{clause}]"
        )
    return value
