"""Issue 34 target 2: the State API's random decisions per second with integer actions, and
with an observation tensor per decision, beside OpenSpiel's hearts in the same run; printed,
never asserted.

    .venv/bin/python benchmarks/bench_state_api.py [DECISIONS] [--rounds R] \\
        [--spiel /tmp/spielvenv/bin/python]

OpenSpiel is not a dependency: its side runs in a separate interpreter that has it
(``python3 -m venv /tmp/spielvenv && /tmp/spielvenv/bin/pip install open_spiel``), through
``bench_openspiel_hearts.py --json``, in every round between this process's loops, so both
sides share the machine's load of that moment (the figures are each side's median over the
rounds; the load average is printed before and after). Without ``--spiel`` (or when that
interpreter cannot import pyspiel) only seedbed's side runs.

For each game with 3 players on the native engine, uniformly random decisions with
``random.Random`` (hearts' own loop draws the same way), restarting finished games:

- ``codes``: the fast loop on the native state (``z = state.zones``)::

      while not z.is_terminal():
          legal = z.codes()                           # lazy Codes of the current player
          z.play(legal[rng.randrange(len(legal))])    # events dropped, as apply_action

  (hearts: ``legal = state.legal_actions(); state.apply_action(legal[...])``);
- ``codes+obs``: the same with the current player's observation vector written into one
  reused float32 array per decision (``Encoder.observation_into``; hearts: its
  ``information_state_tensor()`` as a NumPy array);
- ``list``: ``codes`` with every legal code made a Python list per decision (``tolist()``):
  what a caller pays that wants them all (hearts' ``legal_actions()`` is such a list);
- ``objects``: the State API with action objects (``legal_actions`` / ``apply``);
- ``old tensor+mask``: issue 34's "8.4k/s" loop before this fast path (``GameEncoders``:
  observation and full legal mask as new arrays, ``apply`` of a masked integer).

``legal/dec`` is the mean number of legal actions at a decision of the random loop.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from seedbed.adapters.encoders import GameEncoders

GAMES = ("bohnanza", "stalk_exchange", "fields_of_green")
PLAYERS = 3
HEARTS = Path(__file__).with_name("bench_openspiel_hearts.py")


def _timed(enc: GameEncoders, decisions: int, step: Callable[[Any, random.Random], int]) -> float:
    """Decisions per second of ``step(state, rng)`` (one decision each; the game's own time
    only: dealing a new game is not counted)."""
    rng = random.Random(1)
    done = seed = 0
    elapsed = 0.0
    while done < decisions:
        state = enc.game.new_state(PLAYERS, seed, enc.options)
        seed += 1
        start = time.perf_counter()
        while done < decisions and not state.is_terminal():
            step(state, rng)
            done += 1
        elapsed += time.perf_counter() - start
    return done / elapsed


def codes_loop(enc: GameEncoders, decisions: int, obs: bool = False, listed: bool = False) -> float:
    """The ``codes`` loop (``obs``: with the observation vector; ``listed``: every code
    listed), one game after another, the native state's own methods only."""
    buffer = np.zeros(enc.native.obs_size if enc.native else 1, dtype=np.float32)
    core = enc.native.core if enc.native else None
    rng = random.Random(1)
    done = seed = 0
    elapsed = 0.0
    while done < decisions:
        z = enc.game.new_state(PLAYERS, seed, enc.options).zones  # type: ignore[attr-defined]
        seed += 1
        start = time.perf_counter()
        if obs and core is not None:
            while done < decisions and not z.is_terminal():
                core.observation_into(z, z.current_player(), buffer)
                legal = z.codes()
                z.play(legal[rng.randrange(len(legal))])
                done += 1
        elif listed:
            while done < decisions and not z.is_terminal():
                legal = z.codes().tolist()
                z.play(legal[rng.randrange(len(legal))])
                done += 1
        else:
            while done < decisions and not z.is_terminal():
                legal = z.codes()
                z.play(legal[rng.randrange(len(legal))])
                done += 1
        elapsed += time.perf_counter() - start
    return done / elapsed


def legal_per_decision(enc: GameEncoders, decisions: int) -> float:
    """The mean menu length at a decision of the random loop."""
    rng = random.Random(1)
    done = total = seed = 0
    while done < decisions:
        state: Any = enc.game.new_state(PLAYERS, seed, enc.options)
        seed += 1
        while done < decisions and not state.is_terminal():
            p = state.to_move()[0]
            menu = state.legal_actions(p)
            total += len(menu)
            state.apply(p, menu[rng.randrange(len(menu))])
            done += 1
    return total / max(1, done)


def objects_step(state: Any, rng: random.Random) -> int:
    p = state.to_move()[0]
    menu = state.legal_actions(p)
    state.apply(p, menu[rng.randrange(len(menu))])
    return 1


def old_tensor_step(enc: GameEncoders) -> Callable[[Any, random.Random], int]:
    def step(state: Any, rng: random.Random) -> int:
        p = state.to_move()[0]
        enc.observe(state, p)
        legal = np.flatnonzero(enc.mask(state, p))
        enc.apply(state, p, int(legal[rng.randrange(len(legal))]))
        return 1

    return step


def game_round(game: str, decisions: int) -> dict[str, float]:
    """One round of every loop of ``game``."""
    enc = GameEncoders(game, PLAYERS, engine="native")
    probe: Any = enc.game.new_state(PLAYERS, 0, enc.options)
    coded = probe.zones.codes() is not None
    out = {"objects": _timed(enc, decisions, objects_step)}
    if coded:
        out["codes"] = codes_loop(enc, decisions)
        out["codes+obs"] = codes_loop(enc, decisions, obs=True)
        out["list"] = codes_loop(enc, decisions // 4, listed=True)
    if enc.native is not None and enc.native.has_mask:
        out["old tensor+mask"] = _timed(enc, decisions // 20, old_tensor_step(enc))
    return out


def hearts_round(spiel: str | None, decisions: int) -> dict[str, float] | None:
    if spiel is None:
        return None
    run = subprocess.run(
        [spiel, str(HEARTS), str(decisions), "--json"], capture_output=True, text=True
    )
    if run.returncode != 0:
        print(f"(OpenSpiel's side did not run: {run.stderr.strip().splitlines()[-1:]})")
        return None
    figures: dict[str, float] = json.loads(run.stdout)
    return figures


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    args = sys.argv[1:]
    spiel = args[args.index("--spiel") + 1] if "--spiel" in args else None
    rounds = int(args[args.index("--rounds") + 1]) if "--rounds" in args else 3
    numbers = [a for i, a in enumerate(args) if a.isdigit() and args[i - 1] != "--rounds"]
    decisions = int(numbers[0]) if numbers else 40000
    print(
        f"{decisions} random decisions per measure, {PLAYERS} players, native engine, "
        f"{rounds} rounds; load average {_load()}"
    )
    hearts: list[dict[str, float]] = []
    figures: dict[str, list[dict[str, float]]] = {g: [] for g in GAMES}
    for _ in range(rounds):
        made = hearts_round(spiel, decisions)
        if made is not None:
            hearts.append(made)
        for game in GAMES:
            figures[game].append(game_round(game, decisions))
    print(f"load average after: {_load()}")

    def median(rows: list[dict[str, float]], key: str) -> float | None:
        values = [r[key] for r in rows if key in r]
        return statistics.median(values) if values else None

    def cell(value: float | None) -> str:
        return f"{value:>11,.0f}" if value is not None else f"{'-':>11}"

    keys = ("codes", "codes+obs", "list", "objects", "old tensor+mask")
    print(f"{'':16} {'legal/dec':>9} " + " ".join(f"{k:>11}" for k in keys) + "  (decisions/s)")
    if hearts:
        row = {
            "codes": median(hearts, "loop"),
            "codes+obs": median(hearts, "tensor"),
            "list": median(hearts, "loop"),
            "old tensor+mask": median(hearts, "tensor+mask"),
        }
        legal = median(hearts, "legal") or 0.0
        print(f"{'OpenSpiel hearts':16} {legal:9.1f} " + " ".join(cell(row.get(k)) for k in keys))
    for game in GAMES:
        enc = GameEncoders(game, PLAYERS, engine="native")
        legal = legal_per_decision(enc, 4000)
        row = {k: median(figures[game], k) for k in keys}
        line = f"{game:16} {legal:9.1f} " + " ".join(cell(row[k]) for k in keys)
        base = median(hearts, "loop") if hearts else None
        if base and row["codes"]:
            line += f"  codes {row['codes'] / base:.2f}x hearts"
        print(line)


if __name__ == "__main__":
    main()
