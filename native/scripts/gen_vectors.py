"""Write the expected vectors of the native core's cargo tests from the Python reference.

Run from the repository root with seedbed importable (for example
``PYTHONPATH=src python native/scripts/gen_vectors.py``); it rewrites
``native/core/tests/data/*.json``. The Python engine is the specification: when it changes
on purpose, regenerate and review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import seedbed
from seedbed.engine.rng import Rng
from seedbed.games.bohnanza import rules as R

OUT = Path(__file__).resolve().parent.parent / "core" / "tests" / "data"
MASK = (1 << 64) - 1
SEEDS = [0, 1, 2, 7, 42, 2**32, 2**63, MASK, 12345678901234567890]
WIDE_SEEDS = [2**64, 2**255 + 12345, (1 << 256) - 1]
"""Seeds past 64 bits (the server's are 256-bit): the native core takes them as 32 bytes."""


def rng_vectors() -> list[dict[str, Any]]:
    out = []
    for seed in SEEDS:
        r = Rng(seed)
        case: dict[str, Any] = {"seed": seed, "state0": f"{r.state:#x}"}
        case["below6"] = [r.below(6) for _ in range(20)]
        case["next32"] = [r.next32() for _ in range(10)]
        case["next64"] = [r.next64() for _ in range(5)]
        case["below_n"] = [
            [n, r.below(n)]
            for n in (1, 2, 3, 7, 154, 2**31 - 1, 2**31 + 1, 2**32, 2**32 + 1, 2**40, MASK)
        ]
        case["random_scaled"] = [int(r.random() * 2147483648.0) for _ in range(5)]
        items = list(range(30))
        r.shuffle(items)
        case["shuffle30"] = items
        items = list(range(154))
        r.shuffle(items)
        case["shuffle154"] = items
        case["choice"] = [r.choice("abcdefg") for _ in range(10)]
        child = r.spawn()
        case["spawn_state"] = f"{child.state:#x}"
        case["spawn_below100"] = [child.below(100) for _ in range(10)]
        case["parent_below100"] = [r.below(100) for _ in range(10)]
        case["state_end"] = f"{r.state:#x}"
        out.append(case)
    for seed in WIDE_SEEDS:
        r = Rng(seed)
        seed_hex = seed.to_bytes(32, "little").hex()
        out.append({"seed_bytes": seed_hex, "below1000": [r.below(1000) for _ in range(40)]})
    return out


CONFIGS: list[tuple[str, int]] = [("standard", n) for n in range(2, 8)] + [
    ("classic", n) for n in range(3, 6)
]
OPTIONS: list[dict[str, Any]] = [
    {},
    {"treasury_visibility": "open", "max_offers": None},
    {"max_offers": 2, "offer_menu": {"max_give": 3, "max_want": 1, "positions": "all"}},
]


def setup_vectors() -> list[dict[str, Any]]:
    game = seedbed.game("bohnanza")
    out = []
    for edition, n in CONFIGS:
        for i, seed in enumerate([0, 1, 42, 2**63, 987654321]):
            options = {**OPTIONS[i % len(OPTIONS)], "edition": edition}
            s = game.new_state(n, seed, options)
            out.append(
                {
                    "num_players": n,
                    "seed": seed,
                    "options": options,
                    "state": s.to_json(),
                    "key": s.key(),
                }
            )
    return out


def draw_vectors() -> list[dict[str, Any]]:
    """Draw ``k`` cards at a time and discard them, until the final exhaustion (B-59 … B-62):
    drawn cards, exhaustion and reshuffle events, and the state at the end."""
    game = seedbed.game("bohnanza")
    out = []
    for edition, n in CONFIGS:
        for seed, k in ((3, 2), (11, 3), (2**40, 5)):
            s = game.new_state(n, seed, {"edition": edition})
            steps = []
            for step in range(1000):
                ev: list[Any] = []
                cards, final = R.draw(s, k, ev)
                # Keep one card in ten out of the pile so the deck shrinks between reshuffles.
                s.discard.extend(c for c in cards if c % 10 != step % 10)
                events = [[e.kind, dict(e.public)] for e in ev]
                steps.append({"cards": cards, "final": final, "events": events})
                if final:
                    break
            out.append(
                {"edition": edition, "num_players": n, "seed": seed, "k": k, "steps": steps,
                 "state": s.to_json()}
            )  # fmt: skip
    return out


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, data in (
        ("rng", rng_vectors()),
        ("bohnanza_setup", setup_vectors()),
        ("bohnanza_draw", draw_vectors()),
    ):
        (OUT / f"{name}.json").write_text(json.dumps(data, separators=(",", ":")) + "\n")
        print(f"wrote {OUT / name}.json")


if __name__ == "__main__":
    main()
