"""Write the golden playthroughs of ``tests/golden/`` (DESIGN §6.5).

Each file is one seeded random game played to its end: a header, then for every step the move
in text form (``<step> p<seat> <action>``) followed by one line per viewer (every seat, then
the spectator ``s``) with that viewer's redacted events and a compact summary of their view.
To stay small, the spectator line carries the public events and view; a seat's line carries
its hand and coins, and its events only where they differ from the spectator's.
``tests/test_golden.py`` regenerates the games in memory and diffs them against the files.

Usage: python scripts/make_golden.py   (run it when a behaviour change is intended)
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import seedbed
from seedbed.engine.rng import Rng

GOLDEN_DIR = Path(__file__).resolve().parent.parent / "tests" / "golden"
# name -> (num_players, seed, options)
GAMES: dict[str, tuple[int, int, dict[str, Any]]] = {
    "bohnanza_standard_3p.txt": (3, 11, {"edition": "standard", "max_offers": 1}),
    "bohnanza_standard_5p.txt": (5, 22, {"edition": "standard", "max_offers": 1}),
    "bohnanza_duel.txt": (2, 33, {"edition": "standard"}),
}


def _compact(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, separators=(",", ":"))


def _cards(cards: list[dict[str, Any]]) -> str:
    return ",".join(f"{c['variety']}#{c['id']}" for c in cards) or "-"


def view_summary(obs: dict[str, Any]) -> str:
    """The parts of an observation that change from step to step, in a short form."""
    parts = [f"{obs['phase']} a{obs['active']} move{obs['to_move']} deck{obs['deck_size']}"]
    if "hand" in obs:
        parts.append(f"hand {_cards(obs['hand'])} coins {len(obs['treasury'])}")
    for info in obs["players"]:
        fields = "/".join(f"{f['variety'] or '-'}:{len(f['cards'])}" for f in info["fields"])
        coins = info.get("coins", "?")
        parts.append(f"p{info['seat']} h{info['hand_size']} {fields} c{coins}")
    return " | ".join(parts)


def viewer_lines(state: Any, events: list[Any], viewers: list[int | None]) -> list[str]:
    public = _compact([e.for_viewer(None) for e in events])
    out = [f"  s {public} {view_summary(state.observe(None))}"]
    for v in viewers:
        if v is None:
            continue
        obs = state.observe(v)
        mine = _compact([e.for_viewer(v) for e in events])
        seen = "" if mine == public else f" {mine}"
        out.append(f"  {v} hand {_cards(obs['hand'])} coins {len(obs['treasury'])}{seen}")
    return out


def playthrough(num_players: int, seed: int, options: dict[str, Any]) -> str:
    """The golden text of one complete seeded random game."""
    game = seedbed.game("bohnanza")
    state = game.new_state(num_players, seed, options)
    rng = Rng(seed * 7 + 1)
    viewers: list[int | None] = [*range(num_players), None]
    lines = [f"# bohnanza {num_players}p seed {seed} options {_compact(options)}"]
    lines += viewer_lines(state, [], viewers)
    step = 0
    while not state.is_terminal():
        movers = state.to_move()
        p = movers[rng.below(len(movers))] if rng.below(4) == 0 else movers[0]
        menu = state.legal_actions(p)
        action = menu[rng.below(len(menu))]
        events = state.apply(p, action)
        lines.append(f"{step} p{p} {action}")
        lines += viewer_lines(state, events, viewers)
        step += 1
    lines.append(f"# outcome {_compact(state.outcome().to_json())}")
    return "\n".join(lines) + "\n"


def main() -> None:
    GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
    for name, (n, seed, options) in GAMES.items():
        text = playthrough(n, seed, options)
        (GOLDEN_DIR / name).write_text(text, encoding="utf-8")
        print(f"wrote {name}: {text.count(chr(10))} lines, {len(text.encode()) // 1024} KiB")


if __name__ == "__main__":
    main()
