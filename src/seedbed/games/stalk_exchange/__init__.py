"""Stalk Exchange for 2-5 players, rules of ``docs/rules/stalk_exchange.md``: a hex Garden
where surrounded groups of blooms are harvested, a market whose rising values and falling
track meet in a crash, and hidden portfolios scored at the end."""

from seedbed.games.stalk_exchange.game import GAME, StalkExchange, StalkExchangeState

__all__ = ["GAME", "StalkExchange", "StalkExchangeState"]
