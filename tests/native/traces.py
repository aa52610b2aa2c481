"""Parity at volume (issues 14, 15): whole games compared by their traces.

A *trace* is one seeded game played with the random policy of ``seedbed.lab.simulate``
(``policy_rng(seed)``, the first mover picks ``menu[rng.below(len(menu))]``), summarised as
one BLAKE2b digest (8 bytes) of everything that happened: each step is the text
``{key()}\n{seat on the move}:{menu length}:{index drawn}\n{events as compact JSON}\n`` and
goes into the digest as its CRC-32 (4 bytes, little-endian); the final ``key()`` closes it.
The Python reference computes it here through the State API; the native core computes the
same without Python per step (``seedbed_core::trace``, ``_native.<game>_traces``; Fields of
Green's takes the ``FieldsOfGreenConfig`` its native game builds, card set included). In
Fields of Green's commit (F-46) every seat still to commit is on the move; the first of
``to_move()`` moves, as ``simulate``'s policy has it. Equal digests mean the engines played the
same game, step for step.

The reference is slow (a Bohnanza game with offers is about 60 ms of Python), so CI checks
the native engine against digests the reference *recorded* (``traces/<game>.json``: per
volume configuration, ``GAMES`` games in blocks of ``BLOCK``, each block one digest of its
games' traces), and re-derives one block per configuration from the Python engine in every
run, so a record that no longer matches the reference fails too. ``scripts/native_traces.py
--record`` writes a record; ``--long`` compares both engines' digests for any number of
games (the long runs). The full lockstep checks of ``<game>_lockstep.py`` (menus, refusals,
observations, determinize) run on fewer games; a block that differs is replayed there to
show the step where the engines part.
"""

from __future__ import annotations

import hashlib
import importlib
import json
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import seedbed
from seedbed.engine.api import Event, Game
from seedbed.lab.simulate import policy_rng

RECORDS = Path(__file__).resolve().parent / "traces"
GAMES = 2000
"""Games per volume configuration in a record (the issue's 2,000 per configuration)."""
BLOCK = 20
"""Games per recorded digest: a differing block is replayed in lockstep (20 games)."""

TRACED = ("bohnanza", "stalk_exchange", "fields_of_green")
"""Games whose native core computes traces (``_native.<game>_traces``)."""

Trace = tuple[int, str, bool]
"""(actions played, digest as hex, whether the game ended)."""


@dataclass(frozen=True)
class Volume:
    """One configuration of the volume run: a game, a player count, options, a move cap."""

    game: str
    label: str
    players: int
    options: dict[str, Any]
    cap: int | None = None


def lockstep(game: str) -> Any:
    """The game's lockstep driver module (``<game>_lockstep``)."""
    return importlib.import_module(f"{game}_lockstep")


def volume_configurations(game: str) -> list[Volume]:
    """Each player count at the default options, and each option variant of the lockstep
    driver at one player count (4 in Bohnanza, 3 in Stalk Exchange and Fields of Green): the
    configurations the issues list, each value once, rather than their product (which the
    lockstep tests cover with a few games each)."""
    L = lockstep(game)
    if game == "bohnanza":
        counts = [("standard", n) for n in range(2, 8)] + [("classic", n) for n in range(3, 6)]
        out = [Volume(game, f"{e}-{n}", n, {"edition": e}) for e, n in counts]
        variants = {k: v for k, v in L.VARIANTS.items() if k != "secret"}
        out += [
            Volume(game, f"standard-4-{k}", 4, {"edition": "standard", **v}, L.move_cap(v))
            for k, v in variants.items()
        ]
        return out
    if game == "stalk_exchange":
        out = [Volume(game, f"{n}-default", n, {}) for n in range(2, 6)]
        out += [Volume(game, f"3-{k}", 3, v) for k, v in L.VARIANTS.items() if k != "default"]
        return out
    if game == "fields_of_green":
        out = [Volume(game, f"{n}-default", n, {}) for n in range(2, 5)]
        out += [
            Volume(game, "3-prototype", 3, {"ruleset": "prototype"}),  # F-1
            Volume(game, "3-introductory", 3, {"introductory": True}),  # F-44
        ]
        # card sets are data (F-80 … F-89): the rules' worked examples and a generated valid
        # set of a fixed seed (the options, card data included, are written in the record)
        out += [Volume(game, f"3-{k}", 3, {"cards": L.CARD_SETS[k]}) for k in ("fixture", "random")]
        return out
    raise ValueError(f"no traces for {game!r}: one of {', '.join(TRACED)}")


def _text(value: Any) -> str:
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def _event(e: Event) -> list[Any]:
    private = None if e.private is None else dict(e.private)
    return [e.kind, dict(e.public), private, list(e.private_to)]


def python_trace(
    engine: Game, n: int, seed: int, options: dict[str, Any], cap: int | None
) -> Trace:
    """The trace of the game ``engine`` deals with ``seed``, through the State API."""
    s = engine.new_state(n, seed, options)
    policy = policy_rng(seed)
    h = hashlib.blake2b(digest_size=8)
    steps = 0
    while not s.is_terminal() and (cap is None or steps < cap):
        p = s.to_move()[0]
        menu = s.legal_actions(p)
        i = policy.below(len(menu))
        before = f"{s.key()}\n{p}:{len(menu)}:{i}\n"
        events = _text([_event(e) for e in s.apply(p, menu[i])])
        h.update(zlib.crc32(f"{before}{events}\n".encode()).to_bytes(4, "little"))
        steps += 1
    h.update(s.key().encode())
    return steps, h.hexdigest(), s.is_terminal()


def python_traces(v: Volume, seeds: Iterable[int]) -> list[Trace]:
    engine = seedbed.game(v.game, engine="python")
    return [python_trace(engine, v.players, seed, v.options, v.cap) for seed in seeds]


def native_traces(v: Volume, seeds: Sequence[int]) -> list[Trace]:
    from seedbed import _native  # type: ignore[attr-defined]

    if v.game == "fields_of_green":  # the configuration the native game builds and plays
        engine: Any = seedbed.game(v.game, engine="native")
        config = engine._native_config(v.players, engine.normalize_options(v.options))
        found = _native.fields_of_green_traces(config, list(seeds), v.cap)
        return [tuple(t) for t in found]
    options = json.dumps(seedbed.game(v.game, engine="python").normalize_options(v.options))
    traces: Callable[..., list[Trace]] = getattr(_native, f"{v.game}_traces")
    return [tuple(t) for t in traces(v.players, list(seeds), options, v.cap)]  # type: ignore[misc]


def block_digest(traces: Sequence[Trace]) -> str:
    """One digest of a block's traces (``steps:digest:ended`` lines)."""
    text = "".join(f"{steps}:{digest}:{int(ended)}\n" for steps, digest, ended in traces)
    return hashlib.blake2b(text.encode(), digest_size=8).hexdigest()


def block_seeds(first_seed: int, block: int) -> range:
    return range(first_seed + block * BLOCK, first_seed + (block + 1) * BLOCK)


def checked_block(label: str, blocks: int) -> int:
    """The block of a configuration that every run re-derives from the Python engine."""
    return zlib.crc32(label.encode()) % blocks


# ----------------------------------------------------------------------- records


def record_path(game: str) -> Path:
    return RECORDS / f"{game}.json"


def load_record(game: str) -> dict[str, Any]:
    out: dict[str, Any] = json.loads(record_path(game).read_text())
    return out


def record_entry(v: Volume, traces: Sequence[Trace], first_seed: int) -> dict[str, Any]:
    """A configuration's entry in a record, from its traces in seed order."""
    blocks = [block_digest(traces[k : k + BLOCK]) for k in range(0, len(traces), BLOCK)]
    return {
        "players": v.players,
        "options": v.options,
        "cap": v.cap,
        "first_seed": first_seed,
        "games": len(traces),
        "steps": sum(t[0] for t in traces),
        "ended": sum(t[2] for t in traces),
        "blocks": blocks,
    }


def write_record(game: str, entries: dict[str, dict[str, Any]]) -> Path:
    path = record_path(game)
    path.parent.mkdir(parents=True, exist_ok=True)
    body = {"format": 1, "game": game, "block": BLOCK, "configurations": entries}
    path.write_text(json.dumps(body, indent=1) + "\n")
    return path


def differing_blocks(entry: dict[str, Any], traces: Sequence[Trace]) -> list[int]:
    """The blocks whose traces do not give the recorded digest."""
    got = record_entry(Volume("", "", entry["players"], entry["options"]), traces, 0)["blocks"]
    want = entry["blocks"]
    return [k for k in range(max(len(got), len(want))) if got[k : k + 1] != want[k : k + 1]]
