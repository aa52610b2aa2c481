"""The zones of a High Card game (T-4, T-5) as plain ints and lists, copied by hand (never
``copy.deepcopy``), serialised to JSON and written out as a canonical key."""

from __future__ import annotations

from typing import Any

from seedbed.engine.rng import Rng

NONE = 0  # no card committed (cards are numbered from 1)


class Zones:
    """Every zone and counter of one game; the State adds the API on top."""

    __slots__ = (
        "committed", "deck", "discard", "hands", "options", "over", "rng", "round", "scores",
    )  # fmt: skip

    options: dict[str, Any]
    rng: Rng
    deck: list[int]  # face down, top card last (T-5)
    hands: list[list[int]]  # per player, in the order received (T-5)
    committed: list[int]  # per player, the card committed this round or NONE (T-6)
    discard: list[int]  # face up, in the order revealed, seat 0's card first (T-9)
    scores: list[int]  # points per player (T-9)
    round: int  # the round being played, from 1 (T-6)
    over: bool  # T-11

    def init_empty(self, options: dict[str, Any], rng: Rng) -> None:
        self.options, self.rng = options, rng
        self.deck = list(range(1, options["top_card"] + 1))
        self.hands = [[], []]
        self.committed = [NONE, NONE]
        self.discard = []
        self.scores = [0, 0]
        self.round = 1
        self.over = False

    def copy_into(self, other: Zones) -> None:
        other.options, other.rng = self.options, self.rng.clone()
        other.deck = self.deck[:]
        other.hands = [h[:] for h in self.hands]
        other.committed = self.committed[:]
        other.discard = self.discard[:]
        other.scores = self.scores[:]
        other.round = self.round
        other.over = self.over

    def all_cards(self) -> list[int]:
        """Every card of every zone, sorted: 1 … top_card, always (T-4)."""
        held = [c for h in self.hands for c in h] + [c for c in self.committed if c != NONE]
        return sorted([*self.deck, *held, *self.discard])

    def to_json(self) -> dict[str, Any]:
        """The complete state, hidden parts and generator included (storage, not views)."""
        return {
            "options": self.options,
            "rng": self.rng.state,
            "deck": self.deck[:],
            "hands": [h[:] for h in self.hands],
            "committed": self.committed[:],
            "discard": self.discard[:],
            "scores": self.scores[:],
            "round": self.round,
            "over": self.over,
        }

    def load_json(self, obj: dict[str, Any]) -> None:
        """Inverse of :meth:`to_json`."""
        self.options, self.rng = dict(obj["options"]), Rng.from_state(int(obj["rng"]))
        self.deck = [int(c) for c in obj["deck"]]
        self.hands = [[int(c) for c in h] for h in obj["hands"]]
        self.committed = [int(c) for c in obj["committed"]]
        self.discard = [int(c) for c in obj["discard"]]
        self.scores = [int(s) for s in obj["scores"]]
        self.round, self.over = int(obj["round"]), bool(obj["over"])

    def key(self) -> str:
        """Canonical text of the whole state (tests: equal keys mean equal states)."""
        return (
            f"rng={self.rng.state};options={sorted(self.options.items())};deck={self.deck};"
            f"hands={self.hands};committed={self.committed};discard={self.discard};"
            f"scores={self.scores};round={self.round};over={self.over}"
        )
