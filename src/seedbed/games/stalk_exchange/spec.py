"""Stalk Exchange's declaration (issue 13, item 3): what the tools around the rules know of it."""

from __future__ import annotations

from collections.abc import Callable

from seedbed.engine.api import Game, JsonDict, Outcome
from seedbed.engine.spec import GameSpec
from seedbed.games.stalk_exchange.config import FLOWERS, OPTIONS
from seedbed.games.stalk_exchange.scoring import score
from seedbed.games.stalk_exchange.undo import reveals


def ending(view: JsonDict) -> tuple[str, int]:
    """S-38: which Market Crash trigger ended the game, and the rounds played (a round is
    one turn of each player; the last may be incomplete, S-39)."""
    triggers = view["crash"]["triggers"]
    label = {
        (1,): "trigger 1: the market met the values",
        (2,): "trigger 2: the Greenhouse ran out",
    }.get(tuple(triggers), "both triggers in one turn")
    n = view["num_players"]
    return label, -(-view["turn"] // n)


def lab_extras(view: JsonDict, outcome: Outcome) -> dict[str, float]:
    """The design lab's measures of a finished game (issue 35): harvests per flower type (the
    harvested tokens of each type, laid on the market track, S-15), the final values, and
    whether the Bust changed the winner (S-2's target: the best score on the values before
    the Bust, S-42, was not the winners')."""
    track = view["market"]["track"]
    out = {f"harvests {f}": float(track.count(f)) for f in FLOWERS}
    out.update({f"final value {k}": float(v) for k, v in view["final_values"].items()})
    values = [view["market"]["values"][f] for f in FLOWERS]
    unbusted = [score(values, [p[f] for f in FLOWERS]) for p in view["portfolios"]]
    best = {q for q, s in enumerate(unbusted) if s == max(unbusted)}
    out["bust changed the winner"] = float(best != set(outcome.winners))
    return out


def _make_game(read: Callable[[str], str]) -> Game:
    from seedbed.games.stalk_exchange.game import GAME

    return GAME


SPEC = GameSpec(
    name="stalk_exchange",
    title="Stalk Exchange",
    make_game=_make_game,
    options=OPTIONS,
    options_clause="S-3",
    ending=ending,
    lab_extras=lab_extras,
    heuristics="seedbed.games.stalk_exchange.heuristics",
    display="seedbed.games.stalk_exchange.display",
    text_guide="seedbed.games.stalk_exchange.text_guide",
    encoding="seedbed.games.stalk_exchange.encoding",
    observation="seedbed.games.stalk_exchange.obs_encoding",
    native="seedbed.games.stalk_exchange.native",
    native_greedy=True,
    native_encoder="seedbed.games.stalk_exchange.native_encoding",
    reveals=reveals,
)
