"""The legal actions of the active player (S-28), as a lazy sequence.

The order is fixed: plants by slot then by canonical space, swaps by slot then by type, then
``Flush``, then ``EndActions``. With the defaults up to 6 × 37 plants are possible, so the menu
computes its length and its i-th action by arithmetic and hands out precomputed action objects
instead of building the whole list (a random player pays O(1) per pick).
"""

from __future__ import annotations

from collections.abc import Sequence

from seedbed.engine.api import Action
from seedbed.engine.menu import LazyMenu
from seedbed.games.stalk_exchange.actions import END_ACTIONS, FLUSH, plant_table, swap_table
from seedbed.games.stalk_exchange.config import NUM_TYPES
from seedbed.games.stalk_exchange.rules import can_act
from seedbed.games.stalk_exchange.state import NO_TOKEN, Zones


class Menu(LazyMenu):
    """A snapshot of the active player's legal actions (valid until the next action)."""

    __slots__ = ("_end", "_flush", "_held", "_occupied", "_plants", "_swaps", "_z")

    def __init__(self, z: Zones) -> None:
        self._z = z
        exchange = z.exchange
        if can_act(z):
            occupied = [s for s in range(len(exchange)) if exchange[s] != NO_TOKEN]
        else:
            occupied = []
        portfolio = z.portfolios[z.active]
        held = NUM_TYPES - portfolio.count(0)
        # S-25, S-51: every held type may be given for a slot's token, except its own type
        same = len([1 for s in occupied if portfolio[exchange[s]]])
        self._occupied = occupied
        self._held = held
        self._plants = len(occupied) * len(z.empty)
        self._swaps = held * len(occupied) - same
        self._flush = z.seedy[z.active] > 0
        basic_left = z.basic_taken < z.config.basic_actions
        self._end = not basic_left or (self._plants == 0 and self._swaps == 0)
        self._len = self._plants + self._swaps + self._flush + self._end

    def _item(self, i: int) -> Action:
        z = self._z
        if i < self._plants:
            n_empty = len(z.empty)
            slot = self._occupied[i // n_empty]
            table = plant_table(len(z.exchange), z.board.radius)
            return table[slot][z.empty[i % n_empty]]
        i -= self._plants
        if i < self._swaps:
            return self._swap(i)
        i -= self._swaps
        if i == 0 and self._flush:
            return FLUSH
        return END_ACTIONS

    def _swap(self, i: int) -> Action:
        """The i-th swap: slots in order, for each the held types but its own."""
        z = self._z
        portfolio = z.portfolios[z.active]
        for slot in self._occupied:
            own = z.exchange[slot]
            gives = [t for t in range(NUM_TYPES) if portfolio[t] and t != own]
            if i < len(gives):
                return swap_table(len(z.exchange))[slot][gives[i]]
            i -= len(gives)
        raise IndexError("swap index out of range")


def legal_actions(z: Zones, player: int) -> Sequence[Action]:
    """S-28: the menu of ``player`` (empty unless it is their action phase)."""
    if z.over or player != z.active:
        return ()
    return Menu(z)
