"""Forced 0-coin harvests of Bohnanza's greedy policy in self-play (issue 38 item 2). Printed,
never asserted.

A *forced 0-coin harvest* is a harvest that pays nothing (B-23, before the game's end) made
because a card had to be planted: the harvest a planting action makes (B-21: planting into a
field of another variety harvests it first), or an explicit ``Harvest`` outside trading (to
make room for the card to plant, B-22). The script plays ``--games`` greedy self-play games
(every seat ``greedy_choose`` on the native engine, policy ``Rng(seed)``; the native greedy
plays exactly what ``heuristics.choose`` plays, tests/native/test_bohnanza_greedy.py) and prints
per game: forced 0-coin harvests, those of one-bean fields, those made to plant a face-up card
its active player kept through trading (B-46), the face-up cards kept and given away, and the
donations (offers wanting nothing, B-37) the active player made of face-up cards.

    python scripts/bohnanza_forced_harvests.py                 # 200 games, 4 players, seed 0
    python scripts/bohnanza_forced_harvests.py --games 200 --players 5 --engine python
    python scripts/bohnanza_forced_harvests.py --records games.jsonl --bot SPEC  # issue 33

With ``--records`` it reads arena rows that kept their moves (``seedbed tournament --moves
--journal FILE`` or ``--out FILE``) and counts the seats of ``--bot`` only: a harvest made by
that seat's action, face-up cards kept and given away on its turns (issue 33: the search bot's
forced harvests, before and after).

Usage: python scripts/bohnanza_forced_harvests.py [--games 200] [--players 4] [--seed 0]
           [--engine native|python] [--records FILE --bot SPEC]
"""

from __future__ import annotations

import argparse
import collections
import json
import time
from pathlib import Path
from typing import Any

import seedbed
from seedbed.engine.api import Action, State
from seedbed.engine.rng import Rng
from seedbed.games.bohnanza.actions import Accept, Harvest, Offer
from seedbed.games.bohnanza.heuristics import choose

PLANTING = {"plant", "plant-traded", "plant-offered", "plant-revealed"}


def _chooser(state: State) -> Any:
    """The greedy policy for ``state``'s engine (the native port where there is one)."""
    if hasattr(state, "greedy_choose"):
        return state.greedy_choose
    return lambda p, rng: choose(state.observe(p), state.legal_actions(p), rng)


def _faceup(view: dict[str, Any]) -> dict[int, int]:
    """Face-up slot -> card id."""
    return {s: c["id"] for s, c in enumerate(view["faceup"]) if c is not None}


def play(game: Any, players: int, seed: int, tally: collections.Counter[str]) -> None:
    """One greedy self-play game of ``seed``, its figures added to ``tally``."""
    state = game.new_state(players, seed, {})
    rng = Rng(seed)
    pick = _chooser(state)
    kept: set[int] = set()  # face-up cards that went into their active player's trade area
    while not state.is_terminal():
        p = state.to_move()[0]
        step(state, p, pick(p, rng), kept, tally)
    tally["games"] += 1


def replay(game: Any, row: dict[str, Any], bot: str, tally: collections.Counter[str]) -> None:
    """The moves of an arena row (``seedbed tournament --moves --journal``/``--out``) played
    again; the figures of the seats where ``bot`` sat added to ``tally``, one game a seat."""
    seats = {s for s, spec in enumerate(row["seating"]) if spec == bot}
    state = game.new_state(int(row["num_players"]), int(row["seed"]), row["options"])
    kept: set[int] = set()
    for p, move in row["moves"]:
        step(state, int(p), game.action_from_json(move), kept, tally, seats)
    tally["games"] += len(seats)


def step(
    state: State,
    p: int,
    a: Action,
    kept: set[int],
    tally: collections.Counter[str],
    seats: set[int] | None = None,
) -> None:
    """``a`` played by ``p``; what it did counted in ``tally`` when ``p`` is one of ``seats``
    (None: every seat)."""
    before = state.observe(None)
    events = state.apply(p, a)
    trading = before["phase"] == "trade"
    if trading and state.observe(None)["phase"] != "trade":
        kept |= set(_faceup(before).values())
        if seats is None or before["active"] in seats:
            tally["face-up cards kept"] += len(_faceup(before))
    if seats is not None and p not in seats:
        return
    tally["actions"] += 1
    if trading and isinstance(a, Offer) and a.give_faceup and not (a.want or a.want_faceup):
        tally["face-up donations offered"] += 1
    if trading and isinstance(a, Accept):
        offer = next(o for o in before["offers"] if o["offer_id"] == a.offer_id)
        tally["face-up cards given away"] += len(offer["give_faceup"])
        tally["face-up cards taken by the non-active"] += len(offer["want_faceup"])
    kind = a.to_json()["type"]
    for e in events:
        pub = e.public
        if e.kind != "harvest" or pub["coins"] or pub["at_end"]:
            continue
        if kind in PLANTING or (isinstance(a, Harvest) and not trading):
            tally["forced 0-coin harvests"] += 1
            tally["  of one-bean fields"] += pub["count"] == 1
            card = a.to_json().get("card")
            tally["  to plant a kept face-up card"] += card in kept
        else:
            tally["other 0-coin harvests"] += 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=200, help="games (200)")
    ap.add_argument("--players", type=int, default=4, help="players (4)")
    ap.add_argument("--seed", type=int, default=0, help="first seed (0)")
    ap.add_argument("--engine", choices=("native", "python"), default="native")
    ap.add_argument("--records", type=Path, help="arena rows with moves (JSON Lines) instead")
    ap.add_argument("--bot", help="with --records: count the seats of this bot spec only")
    args = ap.parse_args()
    game = seedbed.game("bohnanza", engine=args.engine)
    tally: collections.Counter[str] = collections.Counter()
    start = time.perf_counter()
    if args.records is not None:
        rows = [json.loads(line) for line in args.records.read_text().splitlines() if line]
        rows = [row for row in rows if "moves" in row and args.bot in row["seating"]]
        for row in rows:
            replay(game, row, args.bot, tally)
        head = f"seat-games: {len(rows)} games of {args.records}, the seats of {args.bot}"
    else:
        for seed in range(args.seed, args.seed + args.games):
            play(game, args.players, seed, tally)
        head = (
            f"games of greedy self-play, {args.players} players, seeds {args.seed}.."
            f"{args.seed + args.games - 1}"
        )
    took = time.perf_counter() - start
    games = tally.pop("games")
    if not games:
        print("no games")
        return 1
    print(f"{games} {head}, {args.engine} engine ({took:.1f} s)")
    for name in (
        "forced 0-coin harvests",
        "  of one-bean fields",
        "  to plant a kept face-up card",
        "other 0-coin harvests",
        "face-up cards kept",
        "face-up cards given away",
        "face-up cards taken by the non-active",
        "face-up donations offered",
        "actions",
    ):
        print(f"{name:40} {tally[name] / games:8.2f} per game  ({tally[name]} in all)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
