"""Write the expected vectors of the native Stalk Exchange cargo tests from the Python reference.

Run from the repository root with seedbed importable (for example
``PYTHONPATH=src python native/scripts/gen_stalk_exchange_vectors.py``); it rewrites
``native/core/tests/data/stalk_exchange_games.json``: per configuration the initial state
(``to_json()``, ``key()``) and a whole random game (the policy of ``seedbed.lab.simulate``):
each action, its events, ``key()`` every 10th step, and the outcome. The Python engine is the
specification: when it changes on purpose, regenerate and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import seedbed
from seedbed.lab.simulate import policy_rng

OUT = Path(__file__).resolve().parent.parent / "core" / "tests" / "data"
OPTIONS: list[dict[str, Any]] = [
    {},
    {"garden_radius": 2, "exchange_slots": 4, "basic_actions": 3, "seedy_tokens": 0},
    {"tokens_per_type": 8, "portfolio_size": 2, "seedy_tokens": 6, "market_start": 99},
]
SEEDS = [0, 2**63 + 5]


def games() -> list[dict[str, Any]]:
    game = seedbed.game("stalk_exchange", engine="python")
    out = []
    for n in range(2, 6):
        for i, seed in enumerate(SEEDS):
            options = OPTIONS[(n + i) % len(OPTIONS)]
            s = game.new_state(n, seed, options)
            case: dict[str, Any] = {
                "num_players": n,
                "seed": seed,
                "options": game.normalize_options(options),
                "state": s.to_json(),
                "key": s.key(),
            }
            rng, steps = policy_rng(seed), []
            while not s.is_terminal():
                p = s.to_move()[0]
                menu = s.legal_actions(p)
                action = menu[rng.below(len(menu))]
                events = [[e.kind, dict(e.public)] for e in s.apply(p, action)]
                step: dict[str, Any] = {"action": action.to_json(), "events": events}
                if len(steps) % 10 == 0:
                    step["key"] = s.key()
                steps.append(step)
            case["steps"] = steps
            case["final_key"] = s.key()
            case["outcome"] = s.outcome().to_json()
            out.append(case)
    return out


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    path = OUT / "stalk_exchange_games.json"
    path.write_text(json.dumps(games(), separators=(",", ":")) + "\n")
    print(f"wrote {path}")


if __name__ == "__main__":
    main()
