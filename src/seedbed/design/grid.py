"""The cells of a sweep: each ``--option name=v1,v2`` (or ``name=lo..hi``) over the values
the game declares, several options as a grid.

The values are checked against the game's declarations before any game is played, so a
typo costs a one-line error, not an hour of games.

>>> parse_values("3..5")
[3, 4, 5]
>>> parse_values("a,true,2")
['a', True, 2]
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Sequence
from typing import Any

from seedbed.engine.api import JsonDict
from seedbed.engine.registry import game as lookup_game
from seedbed.engine.registry import spec as lookup_spec


def parse_values(text: str) -> list[Any]:
    """A comma list (each value JSON when it parses, else a string) or an integer range."""
    if ".." in text:
        low, _, high = text.partition("..")
        try:
            a, b = int(low), int(high)
        except ValueError:
            raise ValueError(f"a range is lo..hi in whole numbers, not {text!r}") from None
        if b < a:
            raise ValueError(f"empty range {text!r}")
        return list(range(a, b + 1))
    return [_value(part.strip()) for part in text.split(",") if part.strip()]


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def parse_option(text: str) -> tuple[str, list[Any]]:
    """``name=values`` → (name, values)."""
    name, sep, values = text.partition("=")
    if not sep or not name.strip() or not values.strip():
        raise ValueError(f"--option takes name=v1,v2 or name=lo..hi, not {text!r}")
    return name.strip(), parse_values(values)


def cells(game: str, options: Sequence[str]) -> list[JsonDict]:
    """Every combination of the options' values (the first option varies slowest), each
    checked against the game's declarations; ValueError naming the bad option or value."""
    spec = lookup_spec(game)
    axes: list[tuple[str, list[Any]]] = []
    for text in options:
        name, values = parse_option(text)
        if spec.option(name) is None:
            known = ", ".join(o.name for o in spec.options)
            raise ValueError(f"{game} has no option {name!r}; options: {known}")
        if any(name == seen for seen, _ in axes):
            raise ValueError(f"option {name} given twice")
        axes.append((name, values))
    rules = lookup_game(game)
    out: list[JsonDict] = []
    for combo in itertools.product(*(values for _, values in axes)):
        cell = {name: value for (name, _), value in zip(axes, combo, strict=True)}
        rules.normalize_options(cell)  # ValueError citing the clause broken
        out.append(cell)
    return out


def label(cell: JsonDict) -> str:
    """A cell in words: ``garden_radius=3 deck=short`` (``defaults`` for no option)."""
    words = [f"{k}={v if isinstance(v, str) else json.dumps(v)}" for k, v in cell.items()]
    return " ".join(words) or "defaults"
