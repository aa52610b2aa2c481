"""Compact text renderings of observations and redacted events, for replays and logs.

Generic over games: any JSON-ready value is rendered on one line (``key=value`` pairs,
``[a b c]`` lists, ``-`` for null). A game may register a *leaf* function that renders some
small dicts (such as cards) as one short token, and observation keys rendered on lines of
their own (such as the per-player list).

>>> compact({"kind": "draw", "player": 1, "cards": [{"id": 5, "variety": "chili"}]},
...         leaf=bohnanza_leaf)
'kind=draw player=1 cards=[chili#5]'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from seedbed.engine.api import Event, PlayerId

Leaf = Callable[[Mapping[str, Any]], str | None]


def compact(value: Any, leaf: Leaf | None = None, top: bool = True) -> str:
    """``value`` on one line; dicts nested below the top level are braced. Without ``leaf``,
    the form in which the command line and a :class:`~seedbed.engine.record.ReplayError` show
    an action (``type=plant field=0``)."""
    if value is None:
        return "-"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, str | int | float):
        return str(value)
    if isinstance(value, Mapping):
        if leaf is not None:
            token = leaf(value)
            if token is not None:
                return token
        inner = " ".join(f"{k}={compact(v, leaf, False)}" for k, v in value.items())
        return inner if top else "{" + inner + "}"
    if isinstance(value, list | tuple):
        return "[" + " ".join(compact(v, leaf, False) for v in value) + "]"
    return str(value)


def options_line(options: Mapping[str, Any]) -> str:
    """Options on one line, a card-data object (Fields of Green ``cards``) shown by its name.

    >>> options_line({"ruleset": "published", "cards": {"format": "x", "name": "mine"}})
    "ruleset=published cards=<card set 'mine'>"
    """
    shown = {
        k: f"<card set {v['name']!r}>" if isinstance(v, Mapping) and "format" in v else v
        for k, v in options.items()
    }
    return compact(shown)


def bohnanza_leaf(value: Mapping[str, Any]) -> str | None:
    """A Bohnanza card ``{"id": 57, "variety": "chili"}`` as ``chili#57``."""
    if len(value) == 2 and "id" in value and "variety" in value:
        return f"{value['variety']}#{value['id']}"
    return None


@dataclass(frozen=True)
class ViewStyle:
    """How one game's observations are laid out: the leaf renderer and the keys whose list
    items each get a line of their own."""

    leaf: Leaf | None = None
    row_keys: tuple[str, ...] = ("players",)


STYLES: dict[str, ViewStyle] = {
    "bohnanza": ViewStyle(leaf=bohnanza_leaf, row_keys=("players", "offers")),
}


def style(game_name: str) -> ViewStyle:
    return STYLES.get(game_name, ViewStyle())


def render_observation(game_name: str, obs: Mapping[str, Any]) -> list[str]:
    """Lines for one observation: the scalar summary first, then one line per row item."""
    st = style(game_name)
    head = {k: v for k, v in obs.items() if k not in st.row_keys}
    lines = [compact(head, st.leaf)]
    for key in st.row_keys:
        rows = obs.get(key)
        if isinstance(rows, list):
            lines += [
                f"{key[:-1] if key.endswith('s') else key}: {compact(r, st.leaf)}" for r in rows
            ]
    return lines


def render_event(game_name: str, event: Event, viewer: PlayerId | None) -> str:
    """The copy of ``event`` that ``viewer`` may see, on one line (``kind`` first)."""
    data = event.for_viewer(viewer)
    kind = data.pop("kind")
    rest = compact(data, style(game_name).leaf)
    return f"{kind} {rest}".rstrip()
