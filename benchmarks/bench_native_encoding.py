"""Issue 34's speed targets and issue 39 item 7's loop, printed, never asserted.

    .venv/bin/python benchmarks/bench_native_encoding.py [DECISIONS]

For each game with 3 players on the native engine, uniformly random decisions (DECISIONS,
default 4000, restarting finished games with the next seed), timed by the process's CPU
clock (``time.process_time``: on a shared machine the wall clock mostly measures the others):

- ``engine``: the core's own random playout (``state.playout``), microseconds per decision:
  the cost the environments are measured against (the median of three measures, one before
  each environment's, as the shared machine's load moves);
- ``pettingzoo``: the AEC environment, observation and mask at every step (each step one
  decision), and its ratio to the engine;
- ``gymnasium``: ``SeedbedEnv`` against two random bots, per decision (the learner's steps
  and the bots' moves both counted), and its ratio;
- ``vector``: ``SeedbedVectorEnv`` with 32 games, per decision, and its ratio (its random
  driver draws for the whole batch in one NumPy pass, :func:`_pick_batch`);
- ``PettingZoo compact`` / ``Gymnasium compact`` / ``vector compact`` (a game with a compact
  action space: Bohnanza, Fields of Green): the same per decision, where a decision takes
  one or more steps (a draft's steps move no game), and the µs per step and steps per
  decision beside (Gymnasium's and the vector's steps are the learner's, their decisions
  include the opponents');
- for each environment, the random driver's share of its figure (its pass over the mask,
  timed apart) and the rest, the environment's own, with its ratio;
- ``state-api``: the State API loop ``menu = legal_actions(p); apply(p, menu[rng.below(n)])``,
  decisions per second (the loop the OpenSpiel comparison uses);
- ``integers``: the same loop with integer actions (``legal_indices`` / ``apply_index`` of
  the native encoders, every game's since issue 34 target 1);
- ``tensor+mask``: issue 39 item 7's loop: per decision the observation vector and the
  legal-action mask as NumPy arrays, a random legal integer of the mask, ``apply_index``.
"""

from __future__ import annotations

import sys
import time
from typing import Any

import numpy as np

from seedbed.adapters.encoders import GameEncoders
from seedbed.adapters.gymnasium import SeedbedEnv
from seedbed.adapters.pettingzoo import raw_env
from seedbed.adapters.vector import SeedbedVectorEnv
from seedbed.engine.registry import spec as lookup_spec
from seedbed.engine.rng import Rng

GAMES = ("bohnanza", "stalk_exchange", "fields_of_green")
PLAYERS = 3


_clock = time.process_time
"""Every figure is of this process's CPU time, not the clock's: on a loaded machine a short
measure (the engine's, a millisecond) fits in one scheduler slice where the environments'
longer ones are cut by other processes, which skewed the ratios against the environments."""

_DRIVER = [0.0]
"""Seconds spent in :func:`_pick` (the random driver, not the environment) since the last
:func:`_driver_reset`."""


_STEPS = [1.0]
"""The learner's environment steps per decision of the last measure (a compact space's
steps that only grow a draft are steps without a decision)."""


def _driver_reset() -> None:
    _DRIVER[0] = 0.0


def _pick(mask: np.ndarray[Any, Any], rng: np.random.Generator) -> int:
    """A uniformly random legal integer of ``mask`` (0 when nothing is legal): the random
    driver's cost, a pass over the mask, is part of every environment figure and is also
    timed apart (``_DRIVER``, by the clock: a pick is too short to be cut, and the process's
    CPU clock costs a system call). The int8 mask is read as booleans (the same bytes, 0 or 1):
    NumPy's ``flatnonzero`` of an int8 array of 76,051 values takes about 280 us, of its
    boolean view about 20 us."""
    start = time.perf_counter()
    legal = np.flatnonzero(mask.view(np.bool_))
    index = int(legal[rng.integers(len(legal))]) if len(legal) else 0
    _DRIVER[0] += time.perf_counter() - start
    return index


WIDE = 4096
"""Mask rows wider than this are drawn from row by row (:func:`_pick_batch`)."""


def _pick_batch(masks: np.ndarray[Any, Any], rng: np.random.Generator) -> np.ndarray[Any, Any]:
    """:func:`_pick` of every row of a batch of masks in one NumPy pass over the batch (the
    vector environment's driver): the legal integers of all rows at once, then one uniform
    draw per row among its own (0 for a row where nothing is legal). Timed into ``_DRIVER``
    as :func:`_pick`. Rows wider than :data:`WIDE` (the full spaces of Bohnanza and Fields of
    Green, 76,051 and 93,265 bytes) are drawn from one by one: one pass over their 2-3 MB
    batch was slower (0.45-0.6 ms against 0.33-0.36 ms row by row)."""
    width = masks.shape[1]
    if width > WIDE:
        return np.array([_pick(row, rng) for row in masks], dtype=np.int64)
    start = time.perf_counter()
    flat = np.flatnonzero(masks.view(np.bool_))  # of the whole batch: 2-D nonzero is slower
    rows, cols = np.divmod(flat, width)
    picks = np.zeros(len(masks), dtype=np.int64)
    if len(cols):
        counts = np.bincount(rows, minlength=len(masks))
        first = np.cumsum(counts) - counts
        chosen = first + (rng.random(len(masks)) * counts).astype(np.int64)
        legal = counts > 0
        picks[legal] = cols[chosen[legal]]
    _DRIVER[0] += time.perf_counter() - start
    return picks


def engine_us(game: str, decisions: int) -> float:
    enc = GameEncoders(game, PLAYERS, engine="native")
    done = seed = 0
    start = _clock()
    while done < decisions:
        state = enc.game.new_state(PLAYERS, seed, enc.options)
        seed += 1
        done += state.playout(Rng(seed), decisions - done)  # type: ignore[attr-defined]
    return (_clock() - start) / done * 1e6


def pettingzoo_us(game: str, decisions: int, action_space: str = "full") -> float:
    """µs per decision of the AEC environment (the steps per decision in ``_STEPS``)."""
    env = raw_env(game, PLAYERS, engine="native", action_space=action_space)
    moves = _count_compact(env.compact)
    rng = np.random.default_rng(0)
    done = seed = steps = 0
    start = _clock()
    while done < decisions:
        env.reset(seed=seed)
        seed += 1
        while done < decisions and not all(env.terminations.values()):
            agent = env.agent_selection
            env.step(_pick(env.observe(agent)["action_mask"], rng))
            steps += 1
            done = steps if moves is None else moves[0]
    _STEPS[0] = steps / done
    return (_clock() - start) / done * 1e6


def _count_compact(compact: Any) -> list[int] | None:
    """For a compact space, a counter of the steps that moved the game (its ``play`` wrapped
    on the instance), else None (every step is a decision)."""
    if compact is None:
        return None
    moves = [0]
    play = compact.play

    def counted_play(state: Any, index: int) -> bool:
        moved = bool(play(state, index))
        moves[0] += moved
        return moved

    compact.play = counted_play
    return moves


def gymnasium_us(game: str, decisions: int, action_space: str = "full") -> float:
    """µs per decision (the learner's and the bots') of ``SeedbedEnv``; the learner's steps
    per decision in ``_STEPS``."""
    env = SeedbedEnv(game, "random,random", engine="native", action_space=action_space)
    rng = np.random.default_rng(0)
    done = seed = steps = 0
    start = _clock()
    counter = _Counter(env)
    moves = _count_compact(env.compact)
    while done < decisions:
        _, info = env.reset(seed=seed)
        seed += 1
        terminated = False
        while not terminated and done < decisions:
            _, _, terminated, _, info = env.step(_pick(info["action_mask"], rng))
            steps += 1
            done = counter.total + (0 if moves is None else moves[0])
    elapsed = _clock() - start
    counter.close()
    _STEPS[0] = steps / max(1, done)
    return elapsed / max(1, done) * 1e6


class _Counter:
    """Counts every decision played (the learner's and the bots'): the learner's through
    ``GameEncoders.apply``, the random bots' as ``gymnasium._play_random`` reports them
    (native generators in the core), or one-step playouts where it does not exist."""

    def __init__(self, env: SeedbedEnv) -> None:
        self.total = 0
        counter = self
        apply = env.encoders.apply

        def counted_apply(state: Any, player: int, index: int) -> None:
            counter.total += 1
            apply(state, player, index)

        env.encoders.apply = counted_apply  # type: ignore[method-assign]
        module: Any = sys.modules[SeedbedEnv.__module__]
        plays = getattr(module, "_play_random", None)
        state_cls: Any = type(env.state)
        self._undo = [(module, "_play_random", plays), (state_cls, "playout", state_cls.playout)]
        if plays is not None:

            def counted_plays(*args: Any) -> int:
                n = int(plays(*args))
                counter.total += n
                return n

            module._play_random = counted_plays
            return
        playout = state_cls.playout

        def counted_playout(state: Any, rng: Any, steps: int) -> int:
            n = int(playout(state, rng, steps))
            counter.total += n
            return n

        state_cls.playout = counted_playout

    def close(self) -> None:
        """Put back what was wrapped (the next game's counter wraps the originals)."""
        for owner, name, original in self._undo:
            if original is not None:
                setattr(owner, name, original)


def vector_us(
    game: str, decisions: int, num_envs: int = 32, action_space: str = "full"
) -> float | None:
    """µs per decision (the learner's and the opponents') of ``SeedbedVectorEnv``; the
    learner's steps per decision in ``_STEPS``."""
    try:
        envs = SeedbedVectorEnv(game, num_envs, "random,random", action_space=action_space)
    except ValueError:
        return None
    rng = np.random.default_rng(0)
    _, info = envs.reset(seed=0)
    start = _clock()
    first = envs.decisions
    steps = 0
    while envs.decisions - first < decisions:
        _, _, _, _, info = envs.step(_pick_batch(info["action_mask"], rng))
        steps += num_envs
    done = envs.decisions - first
    _STEPS[0] = steps / done
    return (_clock() - start) / done * 1e6


def state_api_per_s(game: str, decisions: int, how: str) -> float:
    enc = GameEncoders(game, PLAYERS, engine="native")
    native = enc.native
    rng = Rng(1)
    done = seed = 0
    elapsed = 0.0
    while done < decisions:
        state: Any = enc.game.new_state(PLAYERS, seed, enc.options)
        seed += 1
        start = _clock()
        while done < decisions and not state.is_terminal():
            p = state.to_move()[0]
            if how == "objects":
                menu = state.legal_actions(p)
                state.apply(p, menu[rng.below(len(menu))])
            elif how == "integers" and native is not None and native.has_mask:
                legal = native.legal_indices(state, p)
                native.apply_index(state, p, legal[rng.below(len(legal))])
            elif how == "integers":
                codes = state.legal_codes(p)
                if codes is None:  # Fields of Green's actions have no codes
                    return float("nan")
                state.apply_code(p, codes[rng.below(len(codes))])
            else:
                obs = enc.observe(state, p)
                mask = enc.mask(state, p)
                legal = np.flatnonzero(mask.view(np.bool_))  # as _pick
                enc.apply(state, p, int(legal[rng.below(len(legal))]))
                del obs
            done += 1
        elapsed += _clock() - start
    return done / elapsed


Found = dict[str, tuple[float, float, float]]
"""Environment -> (µs per decision, the driver's share of it, steps per decision)."""


def _runs(game: str) -> list[tuple[str, Any]]:
    """The measures of ``game``: each environment, and with its compact space when it has
    one."""
    runs: list[tuple[str, Any]] = [
        ("PettingZoo", pettingzoo_us),
        ("Gymnasium", gymnasium_us),
        ("vector", vector_us),
    ]
    if lookup_spec(game).compact_encoding is not None:
        runs += [
            ("PettingZoo compact", lambda g, d: pettingzoo_us(g, d, "compact")),
            ("Gymnasium compact", lambda g, d: gymnasium_us(g, d, "compact")),
            ("vector compact", lambda g, d: vector_us(g, d, action_space="compact")),
        ]
    return runs


def _environments(game: str, decisions: int) -> tuple[float, Found]:
    """Each environment's µs per decision, its driver's share and its steps per decision,
    and the engine's (the median of the measures taken one before each environment's: the
    machine's load moves)."""
    engines: list[float] = []
    found: Found = {}
    for name, run in _runs(game):
        engines.append(engine_us(game, decisions))
        _driver_reset()
        _STEPS[0] = 1.0
        start = time.perf_counter()
        per = run(game, decisions)
        if per is not None:  # the driver's share of the clock's time, of the CPU figure
            share = _DRIVER[0] / (time.perf_counter() - start)
            found[name] = (per, per * share, _STEPS[0])
    return sorted(engines)[len(engines) // 2], found


def main() -> None:
    decisions = int(sys.argv[1]) if len(sys.argv) > 1 else 4000
    print(f"{decisions} random decisions per measure, {PLAYERS} players, native engine")
    print("(each environment: us per decision (x engine); driver: the random driver's pass")
    print(" over the mask, in the figure; env: the rest (x engine); a compact space: also us")
    print(" per learner step and learner steps per decision, the bots' decisions counted)")
    for game in GAMES:
        engine, found = _environments(game, decisions)
        parts = [f"{game:16} engine {engine:5.2f} us/decision"]
        for name, (per, driver, steps) in found.items():
            env = per - driver
            line = (
                f"{name} {per:6.1f} us ({per / engine:4.1f}x; driver {driver:5.1f}, "
                f"env {env:5.1f} = {env / engine:4.1f}x)"
            )
            if "compact" in name:
                line += f"; {per / steps:5.1f} us/step, {steps:4.2f} steps/decision"
            parts.append(line)
        print("\n  ".join(parts))
        objects = state_api_per_s(game, decisions, "objects")
        integers = state_api_per_s(game, decisions, "integers")
        tensor = state_api_per_s(game, decisions // 4, "tensor")
        print(
            f"{'':16} State API {objects:9,.0f}/s | integers {integers:9,.0f}/s | "
            f"tensor+mask {tensor:8,.0f}/s"
        )


if __name__ == "__main__":
    main()
