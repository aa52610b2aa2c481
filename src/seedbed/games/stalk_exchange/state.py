"""The zones of a Stalk Exchange game (S-8 … S-18) as plain ints and lists.

Tokens of one type are interchangeable (S-8), so the bags, portfolios, compost and stalk values
are count vectors indexed by flower type; the Garden is one int per space (0 empty, ``1 + t`` a
bulb of type t, ``BLOOM + t`` a bloom); the Exchange is one int per slot (−1 empty, else the
type). ``empty`` lists the empty Garden spaces in canonical order, kept up to date so the menu
never scans the board; ``planted`` lists the spaces planted this turn, which is all upkeep needs
to find what can be harvested or bloom (see :mod:`upkeep`).
"""

from __future__ import annotations

from typing import Any

from seedbed.engine.rng import Rng
from seedbed.games.stalk_exchange.config import NUM_TYPES, Config, make_config
from seedbed.games.stalk_exchange.hexgrid import HexBoard, hex_board

EMPTY = 0
BULB = 1  # garden value of a bulb of type t: BULB + t
BLOOM = 6  # garden value of a bloom of type t: BLOOM + t
NO_TOKEN = -1  # an empty Exchange slot

TRIGGER_MARKET = 1  # S-35: the market meets the values
TRIGGER_SUPPLY = 2  # S-37: a refill could not fill every empty slot


def flower_at(value: int) -> int:
    """The type of a Garden value (a bulb or a bloom)."""
    return value - BLOOM if value >= BLOOM else value - BULB


class Zones:
    """Every zone and counter of one game; the State adds the API on top."""

    __slots__ = (
        "active",
        "basic_taken",
        "board",
        "compost",
        "config",
        "crash",
        "crash_turn",
        "empty",
        "exchange",
        "garden",
        "greenhouse",
        "greenhouse_size",
        "over",
        "planted",
        "portfolios",
        "rng",
        "seedy",
        "shown",
        "spent",
        "track",
        "turns",
        "values",
    )

    config: Config
    board: HexBoard
    rng: Rng
    greenhouse: list[int]  # counts by type (S-9; hidden but for its total)
    greenhouse_size: int
    compost: list[int]  # counts by type (S-10; public)
    garden: list[int]  # per space in canonical order
    empty: list[int]  # empty spaces, ascending
    exchange: list[int]  # per slot, NO_TOKEN or a type
    values: list[int]  # stalk value per type (S-15)
    track: list[int]  # harvested types in the order laid (S-15)
    portfolios: list[list[int]]  # per player, counts by type (S-16)
    seedy: list[int]  # unspent Seedy Business tokens per player (S-17)
    spent: list[int]
    shown: list[list[int]]  # per player, tokens by type they must hold from public swaps
    active: int
    basic_taken: int
    planted: list[int]  # spaces planted this turn
    turns: int  # turns completed
    crash: int  # bit set of TRIGGER_* that occurred
    crash_turn: int  # the turn (0-based) in which the first trigger occurred, or -1
    over: bool

    def init_empty(self, config: Config, rng: Rng) -> None:
        """Zones before setup (S-19 step 1 puts every token in the Greenhouse)."""
        n, board = config.num_players, hex_board(config.garden_radius)
        self.config, self.board, self.rng = config, board, rng
        self.greenhouse = [config.tokens_per_type] * NUM_TYPES
        self.greenhouse_size = config.total_tokens
        self.compost = [0] * NUM_TYPES
        self.garden = [EMPTY] * len(board)
        self.empty = list(range(len(board)))
        self.exchange = [NO_TOKEN] * config.exchange_slots
        self.values = [0] * NUM_TYPES
        self.track = []
        self.portfolios = [[0] * NUM_TYPES for _ in range(n)]
        self.seedy = [config.seedy_tokens] * n
        self.spent = [0] * n
        self.shown = [[0] * NUM_TYPES for _ in range(n)]
        self.active = 0
        self.basic_taken = 0
        self.planted = []
        self.turns = 0
        self.crash = 0
        self.crash_turn = -1
        self.over = False

    def copy_into(self, other: Zones) -> None:
        """Copy every zone into ``other`` (hand-written: lists of ints copied, tables shared)."""
        other.config, other.board, other.rng = self.config, self.board, self.rng.clone()
        other.greenhouse = self.greenhouse[:]
        other.greenhouse_size = self.greenhouse_size
        other.compost = self.compost[:]
        other.garden = self.garden[:]
        other.empty = self.empty[:]
        other.exchange = self.exchange[:]
        other.values = self.values[:]
        other.track = self.track[:]
        other.portfolios = [*map(list.copy, self.portfolios)]
        other.seedy = self.seedy[:]
        other.spent = self.spent[:]
        other.shown = [*map(list.copy, self.shown)]
        other.active = self.active
        other.basic_taken = self.basic_taken
        other.planted = self.planted[:]
        other.turns = self.turns
        other.crash = self.crash
        other.crash_turn = self.crash_turn
        other.over = self.over

    @property
    def num_players(self) -> int:
        return self.config.num_players

    def token_total(self) -> list[int]:
        """Tokens by type over every zone (S-18); equals ``tokens_per_type`` each."""
        total = [g + c for g, c in zip(self.greenhouse, self.compost, strict=True)]
        for value in self.garden:
            if value != EMPTY:
                total[flower_at(value)] += 1
        for t in self.exchange:
            if t != NO_TOKEN:
                total[t] += 1
        for portfolio in self.portfolios:
            for t, k in enumerate(portfolio):
                total[t] += k
        for t in self.track:
            total[t] += 1
        return total

    # ------------------------------------------------------------ serialisation

    _LISTS = (
        "greenhouse", "compost", "garden", "empty", "exchange", "values", "track",
        "portfolios", "seedy", "spent", "shown", "planted",
    )  # fmt: skip
    _INTS = ("greenhouse_size", "active", "basic_taken", "turns", "crash", "crash_turn")

    def to_json(self) -> dict[str, Any]:
        """The complete state, hidden parts and generator included (for storage, not views)."""
        out: dict[str, Any] = {
            "num_players": self.config.num_players,
            "options": self.config.options,
            "rng": f"{self.rng.state:#x}",
            "over": self.over,
        }
        for name in self._LISTS:
            value = getattr(self, name)
            out[name] = [v[:] if isinstance(v, list) else v for v in value]
        for name in self._INTS:
            out[name] = getattr(self, name)
        return out

    def load_json(self, obj: dict[str, Any]) -> None:
        """Inverse of :meth:`to_json`."""
        config = make_config(obj["num_players"], obj["options"])
        self.init_empty(config, Rng.from_state(int(obj["rng"], 16)))
        self.over = bool(obj["over"])
        for name in self._LISTS:
            setattr(self, name, [v[:] if isinstance(v, list) else int(v) for v in obj[name]])
        for name in self._INTS:
            setattr(self, name, int(obj[name]))

    def key(self) -> str:
        """Canonical text of the whole state (tests: equal keys mean equal states)."""
        parts = [f"rng={self.rng.state:#x}", f"over={self.over}"]
        parts += [f"{n}={getattr(self, n)}" for n in (*self._LISTS, *self._INTS)]
        return ";".join(parts)
