"""Gymnasium environments: one seat learns, seedbed bots play the others (issue 18, item 3).

``SeedbedEnv(game, opponents="greedy,greedy,random")`` seats the learner at ``seat`` (0 by
default; None draws a seat at every reset) and the bots of the comma-separated specs
(:mod:`seedbed.bots.specs`: ``random``, ``greedy``, ``ismcts:iterations=50`` …) at the other
seats in order; the player count is one more than the number of specs. Importing this module
registers ``seedbed/<Title>-v0`` for every game that declares its encodings
(``seedbed/Bohnanza-v0``, ``seedbed/StalkExchange-v0``, ``seedbed/FieldsOfGreen-v0``), so
``gymnasium.make("seedbed.adapters.gymnasium:seedbed/Bohnanza-v0", opponents="random,random")``
works without importing it first.

Observations are the game's fixed-size encoding of what the learner's seat may know (a
float32 vector, or with ``observation="dict"`` a dict of arrays); actions are the game's
stable integers (a ``Discrete`` space). The legal actions are a mask, in
``info["action_mask"]`` and from :meth:`SeedbedEnv.action_masks` (the name maskable
learners call). The bots move between the learner's decisions; when several players are on
the move at once, they are asked in ``to_move()`` order, the learner when its turn in that
order comes. An action outside the mask ends the episode with ``illegal_reward`` (-1 by
default) and changes nothing (``info["illegal_action"]``), so a learner that ignores the mask
is told, not crashed. Once an episode has terminated, :meth:`SeedbedEnv.step` raises until
:meth:`SeedbedEnv.reset` (issue 39 item 5), and the terminal step's mask is all zeros: nothing
is legal after the end (an autoreset wrapper resets without reading it).
The reward of a finished game is the learner's share of the win (1/k
for each of k tied winners, 0 otherwise), and 0 before the end.

``action_space="compact"`` (Bohnanza: 232 integers instead of 76,051, issue 34 item 3; Fields
of Green: 421 instead of 93,265, D-86) composes an action in steps: a step that only grows the
draft returns reward 0 while the game waits, and the draft's features follow the observation
(``draft`` in the dict form; :mod:`seedbed.adapters.compact`).

``reset(options={"game_seed": g})`` deals game seed ``g`` itself (a dataset row's ``seed``
replays its deal). The metadata's name is the game's (``bohnanza_v0``); ``render_mode``
``rgb_array`` draws the text view as an image, so SB3's ``make_vec_env`` works.

Seeding: ``reset(seed=s)`` seeds the environment's generator (``np_random``), which draws
the game's seed (and the learner's seat when ``seat`` is None); each bot's generator comes
from the game's seed and its seat as in the arena (``seedbed.arena.play.seat_rng``), so an
episode is a pure function of the seed and the learner's actions.

>>> env = SeedbedEnv("stalk_exchange", opponents="random,greedy")
>>> obs, info = env.reset(seed=1)
>>> obs.shape, env.num_players, int(info["action_mask"].sum()) > 0
((591,), 3, True)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import gymnasium as gym
import numpy as np

from seedbed.adapters.encoders import GameEncoders, MaskArray, outcome_rewards
from seedbed.arena.play import seat_rng
from seedbed.bots.api import Bot, InfoSet
from seedbed.bots.random_bot import RandomBot
from seedbed.bots.specs import BotSpec, make_bot, parse_spec_list
from seedbed.engine.native_state import NATIVE, NativeState
from seedbed.engine.registry import game_names
from seedbed.engine.registry import spec as lookup_spec
from seedbed.engine.render import render_observation
from seedbed.engine.rng import Rng

SEED_RANGE = 2**31
"""Game seeds are drawn from ``range(SEED_RANGE)``."""


class SeedbedEnv(gym.Env[Any, np.int64]):
    """One seat of one game against bots (see the module docstring)."""

    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": ["ansi", "human", "rgb_array"],
        "render_fps": 4,
    }

    def __init__(
        self,
        game: str,
        opponents: str = "random",
        *,
        seat: int | None = 0,
        options: Mapping[str, Any] | None = None,
        observation: str = "vector",
        engine: str | None = None,
        render_mode: str | None = None,
        illegal_reward: float = -1.0,
        action_space: str = "full",
    ) -> None:
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            modes = ", ".join(self.metadata["render_modes"])
            raise ValueError(f"render_mode must be one of {modes}, got {render_mode!r}")
        self.metadata = {**type(self).metadata, "name": f"{game}_v0"}
        self.specs: list[BotSpec] = parse_spec_list(opponents)
        self.num_players = len(self.specs) + 1
        if seat is not None and not 0 <= seat < self.num_players:
            raise ValueError(f"seat {seat} is not a seat of a {self.num_players}-player game")
        self.encoders = GameEncoders(game, self.num_players, options, engine, action_space)
        self.compact = self.encoders.compact_actions()
        """The draft of the compact action space (``action_space="compact"``), or None."""
        self._base: Any = None
        self.fixed_seat = seat
        self.form = observation
        self.render_mode = render_mode
        self.illegal_reward = illegal_reward
        self.observation_space = self.encoders.space(observation)
        self.action_space = self.encoders.action_space
        self.state = self.encoders.game.new_state(self.num_players, 0, self.encoders.options)
        self.seat = 0 if seat is None else seat
        self.game_seed = 0
        self.bots: dict[int, tuple[Bot, Rng]] = {}
        self._native_rngs: dict[int, Any] = {}
        """The native generators of the plain random bots of a native game, by seat: their
        moves are one core call each (their Python generators in ``bots`` stay unused)."""
        self._mask: MaskArray = self.encoders.no_mask()
        self._over = True
        """The episode ended (the game did, or an illegal action): step() waits for reset()."""

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[Any, dict[str, Any]]:
        super().reset(seed=seed)
        self.game_seed = int(self.np_random.integers(SEED_RANGE))
        if options and options.get("game_seed") is not None:
            self.game_seed = int(options["game_seed"])
        n = self.num_players
        if self.fixed_seat is None:
            self.seat = int(self.np_random.integers(n))
        self.state = self.encoders.deal(self.game_seed, self.state)
        others = [p for p in range(n) if p != self.seat]
        self.bots = {
            p: (make_bot(spec, self.encoders.game_name), seat_rng(self.game_seed, p))
            for p, spec in zip(others, self.specs, strict=True)
        }
        self._native_rngs = _native_random_rngs(self.state, self.bots)
        self._over = False
        self._advance()
        return self._observation(), self._info()

    def _advance(self) -> None:
        """The bots' moves up to the learner's next decision or the end."""
        state = self.state
        while not state.is_terminal():
            p = state.to_move()[0]
            if p == self.seat:
                break
            if p in self._native_rngs:  # RandomBot.act's draw, in the core (issue 34 target 1)
                _play_random(state, self._native_rngs, self.seat)  # type: ignore[arg-type]
                continue
            bot, rng = self.bots[p]
            state.apply(p, bot.act(InfoSet(state, p), rng))
        if state.is_terminal():
            self._mask = self.encoders.no_mask()
        elif self.compact is not None:
            self.compact.start(state, self.seat)
            self._mask = self.compact.mask()
        else:
            self._mask = self.encoders.mask(state, self.seat)
        if self.compact is not None:  # read once per position, not per step of a draft
            self._base = self.encoders.observe(state, self.seat, self.form)

    def _observation(self) -> Any:
        if self.compact is not None:
            return self.encoders.with_draft(self._base, self.compact)
        return self.encoders.observe(self.state, self.seat, self.form)

    def _info(self, **extra: Any) -> dict[str, Any]:
        return {"action_mask": self._mask.copy(), "seat": self.seat, **extra}

    def action_masks(self) -> MaskArray:
        """The legal actions now: 1 at each integer of the learner's menu."""
        return self._mask.copy()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        if self._over or self.state.is_terminal():
            raise RuntimeError("the episode is over: call reset()")
        index = int(action)
        if not 0 <= index < len(self._mask) or not self._mask[index]:
            self._over = True
            self._mask = self.encoders.no_mask()
            info = self._info(illegal_action=True)
            return self._observation(), self.illegal_reward, True, False, info
        if self.compact is None:
            self.encoders.apply(self.state, self.seat, index)
        else:
            if not self.compact.play(self.state, index):
                # a step of a draft: the game waits, the learner goes on
                self._mask = self.compact.mask()
                return self._observation(), 0.0, False, False, self._info()
        self._advance()
        reward = 0.0
        terminated = self._over = self.state.is_terminal()
        if terminated:
            reward = outcome_rewards(self.state)[self.seat]
        if self.render_mode == "human":
            self.render()
        return self._observation(), reward, terminated, False, self._info()

    def render(self) -> Any:
        """The spectator's view as text (``ansi``: returned; ``human``: printed;
        ``rgb_array``: the text drawn as an image, what video recorders and SB3 expect)."""
        if self.render_mode is None:
            return None
        text = "\n".join(render_observation(self.encoders.game_name, self.state.observe(None)))
        if self.render_mode == "rgb_array":
            return text_image(text)
        if self.render_mode == "human":
            print(text)
            return None
        return text


def _plain_random(bot: Bot) -> bool:
    """A uniform random bot (not polite): its move is ``menu[rng.below(len(menu))]``, the
    draw of the core's one-step playout, so a native state plays it without action objects."""
    return isinstance(bot, RandomBot) and not bot.polite


def _native_random_rngs(state: Any, bots: Mapping[int, tuple[Bot, Rng]]) -> dict[int, Any]:
    """For a native game, a native generator for each plain random bot, started from its
    generator's state: its stream is the bot's, drawn in the core without handing the state
    back and forth at every move (``native_rng``; that cost about 8 us a move)."""
    if not isinstance(state, NativeState):
        return {}
    return {
        p: NATIVE.Rng.from_state(rng.state) for p, (bot, rng) in bots.items() if _plain_random(bot)
    }


def _play_random(state: NativeState, rngs: Mapping[int, Any], seat: int) -> int:
    """The moves of the plain random bots of ``rngs`` (seat -> native generator) while one of
    them is first on the move: each ``NativeState.playout(rng, 1)`` with the seat's generator,
    the wrapper told once at the end. Returns how many moves were played."""
    zones = state.zones
    movers = zones.to_move()
    moves = 0
    while movers and movers[0] != seat and movers[0] in rngs:
        moves += zones.playout(rngs[movers[0]], 1)
        movers = zones.to_move()
    state.moved_natively()
    return moves


def text_image(text: str, width: int = 100) -> np.ndarray[Any, np.dtype[np.uint8]]:
    """``text`` drawn in a monospaced font on white (matplotlib's Agg canvas), as an
    (height, width, 3) uint8 array; long lines are wrapped at ``width`` characters."""
    from textwrap import wrap

    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.figure import Figure

    lines = [part for line in text.splitlines() for part in (wrap(line, width) or [""])]
    figure = Figure(figsize=(width * 0.075, max(1, len(lines)) * 0.16 + 0.2), dpi=100)
    figure.text(0.01, 0.99, "\n".join(lines), family="monospace", fontsize=8, va="top")
    canvas = FigureCanvasAgg(figure)
    canvas.draw()  # type: ignore[no-untyped-call]
    rgba = np.asarray(canvas.buffer_rgba())  # type: ignore[no-untyped-call]
    return np.ascontiguousarray(rgba[:, :, :3])


def env_id(game: str) -> str:
    """The registered id of ``game``: ``seedbed/``, its title's words capitalised and
    joined, ``-v0``."""
    words = lookup_spec(game).title.split()
    return "seedbed/" + "".join(w[:1].upper() + w[1:] for w in words) + "-v0"


def register_envs() -> list[str]:
    """Register every game that declares its encodings (again: a no-op); the ids."""
    ids = []
    for name in game_names():
        declared = lookup_spec(name)
        if declared.observation is None or declared.encoding is None:
            continue
        found = env_id(name)
        if found not in gym.registry:
            gym.register(
                id=found,
                entry_point="seedbed.adapters.gymnasium:SeedbedEnv",
                kwargs={"game": name},
                disable_env_checker=False,
            )
        ids.append(found)
    return ids


ENV_IDS = register_envs()
