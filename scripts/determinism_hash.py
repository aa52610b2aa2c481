"""A fingerprint of the games' behaviour: seeded random games of every game and configuration,
hashed step by step (the mover, the action's JSON and text, the events as every viewer sees them,
``key()``, every viewer's observation every few steps, the outcome). Two versions of the code that
print the same hashes behave the same on all of it; a refactor that is meant to change nothing
must leave every line identical (issue 13).

Usage: python scripts/determinism_hash.py [--games N] [--every K] [--json]
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterator
from typing import Any

import seedbed
from seedbed.engine.rng import Rng

CONFIGS: tuple[tuple[str, int, dict[str, Any]], ...] = (
    *(("bohnanza", n, {}) for n in range(2, 8)),
    *(("bohnanza", n, {"edition": "classic"}) for n in range(3, 6)),
    ("bohnanza", 4, {"treasury_visibility": "open", "max_offers": 2}),
    ("bohnanza", 3, {"offer_menu": {"positions": "all", "max_give": 1}}),
    *(("stalk_exchange", n, {}) for n in range(2, 6)),
    ("stalk_exchange", 3, {"garden_radius": 2, "exchange_slots": 4}),
    *(("fields_of_green", n, {}) for n in range(2, 5)),
    *(("fields_of_green", n, {"ruleset": "prototype", "introductory": True}) for n in (2, 4)),
)


def canon(obj: Any) -> bytes:
    return json.dumps(obj, sort_keys=True, separators=(",", ":")).encode()


def game_lines(
    name: str, n: int, options: dict[str, Any], seed: int, every: int
) -> Iterator[bytes]:
    """The bytes hashed for one game: everything observable about each step."""
    state = seedbed.game(name).new_state(n, seed, options)
    choose = Rng(seed * 7919 + 13)
    viewers: list[int | None] = [None, *range(n)]
    step = 0
    while not state.is_terminal():
        player = state.to_move()[0]
        menu = state.legal_actions(player)
        action = menu[choose.below(len(menu))]
        events = state.apply(player, action)
        yield canon([step, player, action.to_json(), str(action), state.key()])
        yield canon([[e.for_viewer(v) for v in viewers] for e in events])
        if step % every == 0:
            yield canon([state.observe(v) for v in viewers])
        step += 1
    yield canon([state.outcome().to_json(), [state.observe(v) for v in viewers]])


def config_hash(name: str, n: int, options: dict[str, Any], games: int, every: int) -> str:
    digest = hashlib.sha256()
    for seed in range(games):
        for line in game_lines(name, n, options, seed, every):
            digest.update(line)
    return digest.hexdigest()[:16]


def hashes(games: int, every: int) -> dict[str, str]:
    """``{"game n options": hash}`` for every configuration."""
    return {
        f"{name} {n} {json.dumps(options, sort_keys=True)}": config_hash(
            name, n, options, games, every
        )
        for name, n, options in CONFIGS
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100, help="seeded games per configuration")
    parser.add_argument("--every", type=int, default=10, help="observe every viewer every K steps")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    args = parser.parse_args(argv)
    if args.games < 1 or args.every < 1:
        parser.error("--games and --every must be at least 1")
    found = {}
    for label, value in hashes(args.games, args.every).items():
        found[label] = value
        if not args.json:
            print(f"{value}  {label}", flush=True)
    if args.json:
        print(json.dumps(found, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
