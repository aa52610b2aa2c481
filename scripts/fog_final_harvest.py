"""Fields of Green greedy at the final harvest (issue 38 item 10). Printed, never asserted.

A person's game had the greedy bot decline both its Horse Paddocks at the last harvest for lack
of food: each turned into an Open Area (F-61, F-62) and lost its 3 printed VP and the harvest's
1 VP (F-73). The script plays ``--games`` greedy self-play games (every seat the greedy policy,
the native port by default, which plays exactly what ``heuristics.choose`` plays:
tests/native/test_fields_of_green_greedy.py) and counts, at the year-4 harvest, the face-up
cards whose harvest ability has a cost (upkeep): paid or declined, Horse Paddocks apart, and the
food, water and coins each seat had when its harvest began. It also sums what the seats spent
food on in year 4 before that harvest (building, the market, optional costs) and the greedy's
mean score.

    python scripts/fog_final_harvest.py                      # 100 games, 4 players, seed 0
    python scripts/fog_final_harvest.py --games 40 --seed 1000 --engine python

Usage: python scripts/fog_final_harvest.py [--games 100] [--players 4] [--seed 0]
           [--engine native|python]
"""

from __future__ import annotations

import argparse
import collections
import statistics
import time
from typing import Any

from rich.progress import Progress

import seedbed
from seedbed.engine.api import Action, State
from seedbed.engine.rng import Rng
from seedbed.games.fields_of_green.actions import (
    BuildLocation,
    GoToMarket,
    PayHarvest,
    PayOptional,
)
from seedbed.games.fields_of_green.heuristics import choose
from seedbed.games.fields_of_green.heuristics_farm import location

PADDOCK = "horse_paddock"


def _chooser(state: State) -> Any:
    """The greedy policy for ``state``'s engine (the native port where there is one)."""
    if hasattr(state, "greedy_choose"):
        return state.greedy_choose
    return lambda p, rng: choose(state.observe(p), state.legal_actions(p), rng)


def _upkept(player: dict[str, Any]) -> dict[int, str]:
    """Card id -> design of the player's face-up cards whose harvest ability has a cost."""
    out = {}
    for e in player["farm"]:
        design = location(e["card"]["design"])
        ab = design.ability if design is not None and not e["open_area"] else None
        if ab is not None and ab.timing == "harvest" and ab.cost is not None:
            out[e["card"]["id"]] = design.id if design is not None else ""
    return out


def _water(player: dict[str, Any]) -> int:
    return sum(e.get("water", 0) for e in player["farm"] if e["card"]["kind"] == "water_tower")


def _food_spent(before: dict[str, Any], after: dict[str, Any]) -> int:
    return max(0, before["food"] - after["food"])


def play(game: Any, players: int, seed: int, tally: collections.Counter[str],
         scores: list[int], held: dict[str, list[int]]) -> None:  # fmt: skip
    """One greedy self-play game of ``seed``, its figures added to the tallies."""
    state = game.new_state(players, seed, {})
    rng = Rng(seed)
    pick = _chooser(state)
    at_harvest: dict[int, dict[int, str]] = {}  # seat -> its upkept cards when its harvest began
    while not state.is_terminal():
        p = state.to_move()[0]
        view = state.observe(None)
        last = view["year"] == 4
        if last and view["phase"] == "harvest" and p not in at_harvest:
            me = view["players"][p]
            at_harvest[p] = _upkept(me)
            need = sum(1 for d in at_harvest[p].values() if d == PADDOCK)
            held["food"].append(me["food"])
            held["water"].append(_water(me))
            held["coins"].append(me["coins"])
            tally["seats with a paddock to feed"] += need > 0
            tally["  of them with 0 food"] += need > 0 and me["food"] == 0
        a: Action = pick(p, rng)
        before = view["players"][p]
        state.apply(p, a)
        if last and view["phase"] not in ("harvest", "final", "over"):  # before the harvest
            spent = _food_spent(before, state.observe(None)["players"][p])
            if isinstance(a, BuildLocation):
                tally["year-4 food on builds"] += spent
            elif isinstance(a, GoToMarket):
                tally["year-4 food at the market"] += spent
            elif isinstance(a, PayOptional):
                tally["year-4 food on optional costs"] += spent
            elif spent:
                tally["year-4 food on " + str(a.to_json()["type"])] += spent
        if last and view["phase"] == "harvest" and isinstance(a, PayHarvest) and a.tile < 0:
            tally["final-harvest food on upkeep"] += _food_spent(
                before, state.observe(None)["players"][p]
            )
    end = state.observe(None)
    for p, cards in at_harvest.items():
        up = {e["card"]["id"] for e in end["players"][p]["farm"] if not e["open_area"]}
        for card, design in cards.items():
            kind = "paddocks" if design == PADDOCK else "other upkept cards"
            tally[f"{kind} paid" if card in up else f"{kind} declined"] += 1
    scores.extend(state.outcome().scores)
    tally["games"] += 1


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=100, help="games (100)")
    ap.add_argument("--players", type=int, default=4, help="players (4)")
    ap.add_argument("--seed", type=int, default=0, help="first seed (0)")
    ap.add_argument("--engine", choices=("native", "python"), default="native")
    args = ap.parse_args()
    game = seedbed.game("fields_of_green", engine=args.engine)
    tally: collections.Counter[str] = collections.Counter()
    scores: list[int] = []
    held: dict[str, list[int]] = {"food": [], "water": [], "coins": []}
    start = time.perf_counter()
    with Progress() as bar:
        task = bar.add_task("greedy self-play", total=args.games)
        for seed in range(args.seed, args.seed + args.games):
            play(game, args.players, seed, tally, scores, held)
            bar.advance(task)
    took = time.perf_counter() - start
    games = tally.pop("games")
    print(
        f"{games} greedy self-play games, {args.players} players, seeds {args.seed}.."
        f"{args.seed + args.games - 1}, {args.engine} engine ({took:.1f} s)"
    )
    print("At the final (year-4) harvest, face-up cards with upkeep:")
    for kind in ("paddocks", "other upkept cards"):
        paid, declined = tally[f"{kind} paid"], tally[f"{kind} declined"]
        share = declined / max(1, paid + declined)
        print(f"  {kind:20} paid {paid:5}  declined {declined:5}  ({share:.1%} declined)")
    for name in ("seats with a paddock to feed", "  of them with 0 food"):
        print(f"  {name:40} {tally[name]}")
    for what, values in held.items():
        zero = sum(1 for v in values if v == 0)
        print(f"  {what} when a seat's harvest began: mean {statistics.fmean(values):.2f}, "
              f"0 for {zero} of {len(values)} seats")  # fmt: skip
    print("Food spent in year 4 (all seats):")
    for name in sorted(k for k in tally if k.startswith(("year-4", "final-harvest"))):
        print(f"  {name:40} {tally[name]:6}  ({tally[name] / games:.2f} per game)")
    print(f"Greedy mean score: {statistics.fmean(scores):.2f} (sd {statistics.pstdev(scores):.2f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
