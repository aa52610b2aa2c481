"""What the browser shows of a Bohnanza view that takes the rules to work out (issue 13, item
6): each field's payout now and the cards to its next coin (B-8), whether a single bean is
protected and by which clause (B-24), the varieties in the game and the cards drawn at the end
of a turn (B-13). The server sends it beside the view; the client computes none of it.

A pure function of the observation (and the viewer it was made for), so it shows nothing the
observation does not hold, and it asks the rules' own functions (``cards.payout``,
``protection.single_bean_protected``, ``cards.make_config``).

>>> import seedbed
>>> view = seedbed.game("bohnanza").new_state(3, seed=1).observe(0)
>>> shown = display(view, 0)
>>> len(shown["varieties"]), "cocoa" in shown["varieties"], shown["draw_count"]
(10, False, 3)
>>> shown["fields"][0]
[None, None, None]
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from typing import Any

from seedbed.games.bohnanza.cards import (
    BEANOMETER,
    VARIETIES,
    VARIETY_INDEX,
    Config,
    make_config,
    payout,
)
from seedbed.games.bohnanza.options import normalize_options
from seedbed.games.bohnanza.protection import PROTECTION, single_bean_protected


def display(view: Mapping[str, Any], viewer: int | None) -> dict[str, Any]:
    """``{"varieties", "draw_count", "fields"}`` for ``view`` (``observe(viewer)``):
    ``fields[seat][f]`` is None for an empty field, else its ``payout`` in coins now, its
    ``next`` coin (``{"coins", "cards", "more"}``, None at the top of the bean-o-meter) and
    ``protected`` (the clause, or None)."""
    cfg = _config(str(view["edition"]), int(view["num_players"]))
    return {
        "varieties": [VARIETIES[v] for v in cfg.varieties],
        "draw_count": cfg.draw_count,
        "fields": [_fields(player["fields"]) for player in view["players"]],
    }


def next_coin(variety: int, n: int) -> tuple[int, int] | None:
    """(coins, cards) of the next step up the bean-o-meter from a field of ``n`` cards of
    ``variety``; None at its top (B-8)."""
    now = payout(variety, n)
    for cards in range(n + 1, max(BEANOMETER[variety]) + 1):
        coins = payout(variety, cards)
        if coins > now:
            return coins, cards
    return None


@lru_cache(maxsize=32)
def _config(edition: str, num_players: int) -> Config:
    """The game's B-13 row for this edition and player count (only the varieties and the draw
    count are read, which no other option changes)."""
    return make_config(edition, num_players, normalize_options({"edition": edition}))


def _fields(fields: list[Mapping[str, Any]]) -> list[dict[str, Any] | None]:
    sizes = [len(field["cards"]) for field in fields]
    return [
        _field(VARIETY_INDEX[field["variety"]], sizes, f) if sizes[f] else None
        for f, field in enumerate(fields)
    ]


def _field(variety: int, sizes: list[int], f: int) -> dict[str, Any]:
    n = sizes[f]
    step = next_coin(variety, n)
    return {
        "payout": payout(variety, n),
        "next": None if step is None else {"coins": step[0], "cards": step[1], "more": step[1] - n},
        "protected": PROTECTION if single_bean_protected(sizes, f) else None,
    }
