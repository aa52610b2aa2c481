"""Fixed-size numeric encodings of observations (issue 18, item 1).

An :class:`ObservationEncoder` turns what one seat may know, the dict of
``state.observe(p)``, into a flat vector of floats whose length depends only on the game, its
options and the player count. It reads the observation and nothing else, so it cannot leak
what ``observe`` hides (tests/adapters/test_obs_encoding.py checks twin states that differ in
hidden parts encode identically). The vector is cut into named :class:`Field` blocks, each
with a shape and bounds, which is also its dict form (``seedbed.adapters`` makes a
``gymnasium.spaces.Dict`` of them). Each game lays out its fields in its ``obs_encoding.py``,
named by the ``observation`` entry of its declaration; docs/research.md tabulates them.

Values outside a field's bounds are clipped to them (a hand longer than the positions the
layout has keeps its first cards). Seats are listed relative to the viewer: the viewer first,
then clockwise, so a learner sees itself in the same place at every seat.

The core stays free of third-party libraries: vectors are ``array("f")`` (float32), which
NumPy wraps without a copy (``numpy.frombuffer``).

>>> class Toy(ObservationEncoder):
...     def write(self, obs, out):
...         out.put("score", 0, obs["score"])
...         out.one_hot("phase", obs["phase"])
>>> toy = Toy([Field("score", (1,), 0, 10), Field("phase", (3,), 0, 1)])
>>> toy.size, list(toy.encode({"score": 12, "phase": 1}))
(4, [10.0, 0.0, 1.0, 0.0])
>>> toy.rows()
[('score', 0, 0, (1,), 0.0, 10.0), ('phase', 1, 3, (3,), 0.0, 1.0)]
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from array import array
from collections.abc import Mapping, Sequence
from math import prod
from typing import Any, NamedTuple

from seedbed.engine.api import PlayerId


class Field(NamedTuple):
    """A block of the vector: ``shape`` values from ``low`` to ``high`` (floats); ``high`` is
    one bound for every value, or one per value (a block of unlike scalars, issue 39 item 5)."""

    name: str
    shape: tuple[int, ...]
    low: float
    high: float | tuple[float, ...]

    def highs(self) -> tuple[float, ...]:
        """The upper bound of each value, in order."""
        width = prod(self.shape)
        if isinstance(self.high, tuple):
            if len(self.high) != width:
                raise ValueError(f"field {self.name!r}: {len(self.high)} bounds for {width}")
            return tuple(float(h) for h in self.high)
        return (float(self.high),) * width


class Writer:
    """Fills the vector of one observation, field by field (flat indices within a field)."""

    __slots__ = ("_at", "values")

    def __init__(self, encoder: ObservationEncoder) -> None:
        self.values = [0.0] * encoder.size
        self._at = encoder.places

    def put(self, name: str, index: int, value: float) -> None:
        """Value ``index`` of field ``name`` (clipped to the field's bounds); an index past
        the field's end is dropped (documented as such by each layout)."""
        start, width, low, highs = self._at[name]
        if 0 <= index < width:
            v, high = float(value), highs[index]
            self.values[start + index] = low if v < low else high if v > high else v

    def add(self, name: str, index: int, value: float = 1.0) -> None:
        """Adds ``value`` to value ``index`` of field ``name`` (a count), clipped."""
        start, width, low, highs = self._at[name]
        if 0 <= index < width:
            v, high = self.values[start + index] + value, highs[index]
            self.values[start + index] = low if v < low else high if v > high else v

    def one_hot(self, name: str, index: int | None, offset: int = 0) -> None:
        """1 at ``offset + index`` of field ``name``; nothing for None."""
        if index is not None:
            self.put(name, offset + index, 1.0)

    def fill(self, name: str, values: Sequence[float], offset: int = 0) -> None:
        for i, v in enumerate(values):
            self.put(name, offset + i, v)


class ObservationEncoder(ABC):
    """The layout of one game's observations under fixed options and player count."""

    def __init__(self, fields: Sequence[Field]) -> None:
        self.fields = tuple(fields)
        self.starts: dict[str, tuple[int, int]] = {}
        self.bounds: dict[str, tuple[float, float]] = {}
        self.places: dict[str, tuple[int, int, float, tuple[float, ...]]] = {}
        """name -> (start, width, low, each value's high): what a :class:`Writer` looks up."""
        start = 0
        for f in self.fields:
            if f.name in self.starts:
                raise ValueError(f"field {f.name!r} is laid out twice")
            end = start + prod(f.shape)
            self.starts[f.name] = (start, end)
            highs = f.highs()
            self.bounds[f.name] = (float(f.low), max(highs, default=float(f.low)))
            self.places[f.name] = (start, end - start, float(f.low), highs)
            start = end
        self.size = start

    def encode(self, obs: Mapping[str, Any]) -> array[float]:
        """The float32 vector of an observation (the dict of ``observe(p)``, p a seat)."""
        out = Writer(self)
        self.write(obs, out)
        return array("f", out.values)

    @abstractmethod
    def write(self, obs: Mapping[str, Any], out: Writer) -> None:
        """Write the fields of ``obs`` (zeros are already there)."""

    def rows(self) -> list[tuple[str, int, int, tuple[int, ...], float, float]]:
        """(field, first, last, shape, low, high) per field: the table of the documentation."""
        return [
            (
                f.name,
                self.starts[f.name][0],
                self.starts[f.name][1] - 1,
                f.shape,
                *self.bounds[f.name],
            )
            for f in self.fields
        ]


def relative_seats(viewer: PlayerId, num_players: int) -> list[PlayerId]:
    """The seats in the order an encoding lists them: the viewer, then clockwise."""
    return [(viewer + k) % num_players for k in range(num_players)]
