"""Compact text renderings of observations and redacted events, for replays and logs.

Generic over games: any JSON-ready value is rendered on one line (``key=value`` pairs,
``[a b c]`` lists, ``-`` for null). A game's declaration (``GameSpec.layout``) may give a
*leaf* function that renders some small dicts (such as cards) as one short token, and the
observation keys rendered on lines of their own (such as the per-player list).

>>> def card(value):
...     return f"{value['variety']}#{value['id']}" if "variety" in value else None
>>> compact({"kind": "draw", "player": 1, "cards": [{"id": 5, "variety": "chili"}]}, card)
'kind=draw player=1 cards=[chili#5]'
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from seedbed.engine.api import Event, PlayerId
from seedbed.engine.registry import spec

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


def options_line(game_name: str, options: Mapping[str, Any]) -> str:
    """Options on one line, a value read from a data file shown by its name.

    >>> options_line("fields_of_green", {"ruleset": "published", "cards": {"name": "mine"}})
    "ruleset=published cards=<card set 'mine'>"
    """
    nouns = {d.option: d.noun for d in spec(game_name).data_files}
    shown = {
        k: f"<{nouns[k]} {v['name']!r}>" if k in nouns and isinstance(v, Mapping) else v
        for k, v in options.items()
    }
    return compact(shown)


def render_observation(game_name: str, obs: Mapping[str, Any]) -> list[str]:
    """Lines for one observation: the scalar summary first, then one line per row item."""
    st = spec(game_name).layout
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
    rest = compact(data, spec(game_name).layout.leaf)
    return f"{kind} {rest}".rstrip()
