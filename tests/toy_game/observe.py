"""High Card's information boundary (T-13): ``observe`` is the only way the state leaves the
rules, and ``determinize_into`` resamples exactly what a player cannot know."""

from __future__ import annotations

from typing import Any

from seedbed.engine.rng import Rng
from toy_game.state import NONE, Zones


def observe(z: Zones, viewer: int | None) -> dict[str, Any]:
    """Exactly what ``viewer`` (None = spectator) may know (T-13)."""
    out: dict[str, Any] = {
        "game": "high_card",
        "viewer": viewer,
        "num_players": 2,
        "options": z.options,
        "round": z.round,
        "over": z.over,
        "deck": len(z.deck),
        "discard": z.discard[:],
        "players": [
            {
                "seat": p,
                "score": z.scores[p],
                "hand_size": len(z.hands[p]),
                "committed": z.committed[p] != NONE,
            }
            for p in (0, 1)
        ],
        "hand": None if viewer is None else sorted(z.hands[viewer]),
        "my_card": None if viewer is None or z.committed[viewer] == NONE else z.committed[viewer],
    }
    if z.over:  # T-13: every hand is turned up at the end
        out["hands"] = [sorted(h) for h in z.hands]
    return out


def determinize_into(z: Zones, viewer: int, rng: Rng) -> None:
    """Deal again, with ``rng``, the cards ``viewer`` has not seen: the other hand, the other
    committed card and the deck; sizes and everything ``observe(viewer)`` shows stay put.
    The state's generator is reseeded from ``rng``."""
    z.rng = rng.spawn()
    if z.over:
        return  # T-13: everything is public
    other = 1 - viewer
    unseen = [*z.hands[other], *z.deck]
    if z.committed[other] != NONE:
        unseen.append(z.committed[other])
    unseen.sort()  # the resampled world must not depend on where the cards were
    rng.shuffle(unseen)
    if z.committed[other] != NONE:
        z.committed[other] = unseen.pop()
    size = len(z.hands[other])
    z.hands[other], z.deck = unseen[:size], unseen[size:]
