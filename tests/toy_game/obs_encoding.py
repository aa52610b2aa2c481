"""High Card's observation encoding (``seedbed.engine.observation``): with T = ``top_card``
and seats relative to the viewer (the viewer first)::

    scalars     (3,)    round, over, deck size
    discard     (T,)    1 for each discarded card (card c at c - 1)
    hand        (T,)    1 for each card of the viewer's hand
    my_card     (T,)    one-hot: the viewer's committed card
    score       (2,)
    hand_size   (2,)
    committed   (2,)

>>> observation_encoder({"top_card": 13}, 2).size
48
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from seedbed.engine.observation import Field, ObservationEncoder, Writer, relative_seats
from toy_game.options import normalize_options


class HighCardObservationEncoder(ObservationEncoder):
    def __init__(self, options: Mapping[str, Any] | None, num_players: int) -> None:
        top = normalize_options(options)["top_card"]
        super().__init__(
            [
                Field("scalars", (3,), 0, 100),
                Field("discard", (top,), 0, 1),
                Field("hand", (top,), 0, 1),
                Field("my_card", (top,), 0, 1),
                Field("score", (num_players,), 0, 100),
                Field("hand_size", (num_players,), 0, 100),
                Field("committed", (num_players,), 0, 1),
            ]
        )
        self.num_players = num_players

    def write(self, obs: Mapping[str, Any], out: Writer) -> None:
        out.fill("scalars", [obs["round"], obs["over"], obs["deck"]])
        for card in obs["discard"]:
            out.put("discard", card - 1, 1)
        for card in obs["hand"]:
            out.put("hand", card - 1, 1)
        if obs["my_card"] is not None:
            out.put("my_card", obs["my_card"] - 1, 1)
        for i, seat in enumerate(relative_seats(obs["viewer"], self.num_players)):
            player = obs["players"][seat]
            out.put("score", i, player["score"])
            out.put("hand_size", i, player["hand_size"])
            out.put("committed", i, player["committed"])


def observation_encoder(
    options: Mapping[str, Any] | None, num_players: int
) -> HighCardObservationEncoder:
    return HighCardObservationEncoder(options, num_players)
