"""The conformance kit (DESIGN §6.2): seeded random games that check a game's API contract.

Anyone adding a game runs it on every player count::

    from seedbed.engine.testing import check_game
    report = check_game(seedbed.game("bohnanza"), 4, range(50))

It plays one random game per seed and checks, step by step:

* the game ends within ``max_steps``; until then ``to_move()`` is non-empty and every player
  on the move has a non-empty menu; at the end ``to_move()`` is empty and ``outcome()`` is sane;
* the chosen action is legal (``is_legal``), applies, and round-trips through its JSON form
  (``game.action_from_json(a.to_json()) == a``) and its text form (``game.parse_action(str(a))``);
* the optional ``invariant(state)`` holds after every action.

On "deep" steps (every ``deep_every`` steps, the first and the last included) it also checks:

* sampled menu entries are legal, round-trip and apply on a clone, and the original's
  ``key()`` never changes (clone independence); applying the chosen action to a clone taken
  beforehand gives the same key and events as applying it to the state itself;
* sampled illegal actions (other players' actions, actions from other moments, anything by a
  player who is not on the move) are refused with ``IllegalActionError`` and leave ``key()``
  unchanged, and ``is_legal`` agrees with ``apply``;
* ``observe(p)`` for every seat and ``observe(None)`` are plain JSON (they survive
  ``json.loads(json.dumps(...))`` unchanged) and do not change the state; events are JSON too;
* ``determinize(p, rng)`` leaves the original alone, is reproducible from the rng, gives a
  state whose ``observe(p)``, ``to_move()`` and menu for p equal the original's, and conserves
  the card multiset (``cards(state)``, by default the state's ``all_cards()`` if it has one).

Every ``replay_every``-th game is written to a :class:`GameRecord`, serialised to JSON Lines,
parsed back and replayed; the replay must reach the same key and outcome.

In every ``round_trip_every``-th game, at up to ``round_trips`` points (steps 3, 40 and
160), the state is copied through ``pickle``, ``clone()`` and, where the game has it, JSON
(``state.to_json()`` and ``game.state_from_json``). Each copy must equal the original and
determinize like it, and is then driven with the same actions to the end: the same events on
every step; the same menus, ``key()``, movers and one viewer's observation (in turn) on deep
steps; every viewer's observation and the same outcome at the end
(:mod:`seedbed.engine.round_trip`). A state that depends on object identity fails here.

Failures raise ``AssertionError`` naming the game, player count, seed and step. The kit uses
only the standard library and :class:`~seedbed.engine.rng.Rng`; it does no I/O.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from seedbed.engine.api import Action, Event, Game, JsonDict, PlayerId, State
from seedbed.engine.errors import IllegalActionError
from seedbed.engine.record import GameRecord, replay
from seedbed.engine.registry import spec
from seedbed.engine.rng import Rng
from seedbed.engine.round_trip import RoundTrips

Invariant = Callable[[State], None]
CardsOf = Callable[[State], Iterable[Hashable]]

_MENU_SAMPLE = 6  # menu entries checked per deep step (all of them when the menu is smaller)
_ILLEGAL_SAMPLE = 6  # foreign actions probed per deep step
_HISTORY = 64  # how many past actions are kept as probes "from another moment"
_AVOID_TRIES = 32  # rejection-sampling tries when the policy avoids the bulky kinds
# Steps at which copies are taken: early, mid-game and late in a typical game (Stalk Exchange
# games last about 100 steps, Fields of Green and Bohnanza several hundred).
ROUND_TRIP_STEPS = (3, 40, 160)


@dataclass(frozen=True, slots=True)
class CheckReport:
    """What :func:`check_game` did."""

    games: int
    steps: int
    deep_steps: int
    replays: int


def check_game(
    game: Game,
    num_players: int,
    seeds: Iterable[int],
    options: Mapping[str, Any] | None = None,
    *,
    invariant: Invariant | None = None,
    max_steps: int = 200_000,
    bulky: bool = True,
    deep_every: int = 1,
    replay_every: int = 1,
    cards: CardsOf | None = None,
    round_trips: int = len(ROUND_TRIP_STEPS),
    round_trip_every: int = 1,
) -> CheckReport:
    """Play one seeded random game per seed and check the API contract (module docstring).

    ``bulky=False`` makes the random policy avoid the game's bulky action kinds (its
    declaration's ``bulky_kinds``, such as Bohnanza's offers) whenever the menu holds something
    else (games with negotiation menus then play mostly without proposals); menus are checked
    either way. ``deep_every`` and ``replay_every``
    trade thoroughness for speed; the cheap checks and ``invariant`` run on every step.
    ``round_trips`` (0 … 3) is how many of the mid-game copy points are used, in every
    ``round_trip_every``-th game.
    """
    if deep_every < 1 or replay_every < 1 or round_trip_every < 1:
        raise ValueError("deep_every, replay_every and round_trip_every must be >= 1")
    if not 0 <= round_trips <= len(ROUND_TRIP_STEPS):
        raise ValueError(f"round_trips must be from 0 to {len(ROUND_TRIP_STEPS)}")
    opts = game.normalize_options(options)
    avoid = frozenset() if bulky else spec(game.name).bulky_kinds
    games = steps = deep = replays = 0
    for index, seed in enumerate(seeds):
        trip_steps = ROUND_TRIP_STEPS[:round_trips] if index % round_trip_every == 0 else ()
        checker = _GameCheck(
            game, num_players, seed, opts, invariant, cards, avoid, deep_every, trip_steps
        )
        checker.play(max_steps)
        if index % replay_every == 0:
            checker.check_replay()
            replays += 1
        games += 1
        steps += checker.step
        deep += checker.deep_steps
    return CheckReport(games, steps, deep, replays)


def _dump(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True, allow_nan=False)


def _plain_json(obj: Any, what: str) -> str:
    """``obj`` as canonical JSON text; AssertionError unless it is plain JSON data."""
    try:
        text = _dump(obj)
    except (TypeError, ValueError) as exc:
        raise AssertionError(f"{what} is not JSON-serialisable: {exc}") from None
    if json.loads(text) != obj:
        raise AssertionError(f"{what} changes through JSON (tuples, non-str keys?)")
    return text


def _events_json(events: Sequence[Event], viewers: Sequence[PlayerId | None]) -> list[str]:
    return [_plain_json([e.for_viewer(v) for e in events], f"events for {v}") for v in viewers]


def _default_cards(state: State) -> Iterable[Hashable] | None:
    method = getattr(state, "all_cards", None)
    if method is None:
        return None
    found: Iterable[Hashable] = method()
    return found


class _GameCheck:
    """One seeded game under test."""

    def __init__(
        self,
        game: Game,
        num_players: int,
        seed: int,
        options: dict[str, Any],
        invariant: Invariant | None,
        cards: CardsOf | None,
        avoid: frozenset[str],
        deep_every: int,
        trip_steps: tuple[int, ...] = (),
    ) -> None:
        self.game = game
        self.n = num_players
        self.seed = seed
        self.options = options
        self.invariant = invariant
        self.cards = cards
        self.avoid = avoid
        self.deep_every = deep_every
        self.rng = Rng(seed * 1_000_003 + 17 * num_players + 5)
        self.step = 0
        self.deep_steps = 0
        self.history: list[tuple[PlayerId, Action]] = []
        self.record = GameRecord(game.name, num_players, seed, options)
        self.state: State = game.new_state(num_players, seed, options)
        self.trip_steps = trip_steps
        self.trips = RoundTrips(game)
        self.viewers: list[PlayerId | None] = [None, *range(num_players)]

    def fail(self, message: str) -> AssertionError:
        recent = "; ".join(f"{p}:{a}" for p, a in self.history[-5:])
        return AssertionError(
            f"{self.game.name} {self.n}p options={_dump(self.options)} seed {self.seed} "
            f"step {self.step}: {message} (last moves: {recent or 'none'})"
        )

    # ------------------------------------------------------------------ the game loop

    def play(self, max_steps: int) -> None:
        phase = self.rng.below(self.deep_every)
        try:
            self.check_start()
            while not self.state.is_terminal():
                if self.step >= max_steps:
                    raise AssertionError(f"no end after {max_steps} steps")
                deep = self.step % self.deep_every == phase or self.step == 0
                self.one_step(deep)
                self.step += 1
            self.check_end()
        except AssertionError as exc:
            if str(exc).startswith(self.game.name + " "):
                raise
            raise self.fail(str(exc)) from exc
        except Exception as exc:
            raise self.fail(f"unexpected {type(exc).__name__}: {exc}") from exc

    def check_start(self) -> None:
        again = self.game.new_state(self.n, self.seed, self.options)
        if again.key() != self.state.key():
            raise AssertionError("new_state with the same seed gave a different state")
        self.check_invariant()

    def check_invariant(self) -> None:
        if self.invariant is not None:
            self.invariant(self.state)

    def choose(self, menu: Sequence[Action]) -> Action:
        rng = self.rng
        if not self.avoid:
            return menu[rng.below(len(menu))]
        for _ in range(_AVOID_TRIES):
            a = menu[rng.below(len(menu))]
            if a.to_json().get("type") not in self.avoid:
                return a
        for a in menu:
            if a.to_json().get("type") not in self.avoid:
                return a
        return menu[rng.below(len(menu))]

    def one_step(self, deep: bool) -> None:
        state = self.state
        if self.step in self.trip_steps:
            self.trips.take(state, self.step)
        movers = state.to_move()
        if not movers:
            raise AssertionError("not terminal but nobody is on the move")
        # Drivers ask the first mover; a live table takes any of them.
        p = movers[0] if self.rng.below(8) else movers[self.rng.below(len(movers))]
        menu = state.legal_actions(p)
        if len(menu) == 0:
            raise AssertionError(f"player {p} is on the move with an empty menu")
        action = self.choose(menu)
        obj = self.check_forms(action)
        if not state.is_legal(p, action):
            raise AssertionError(f"menu action {action} of player {p} is not is_legal")
        if deep:
            self.trips.check_menus(state, p, menu)
            self.deep_steps += 1
            if len(set(movers)) != len(movers) or not all(0 <= q < self.n for q in movers):
                raise AssertionError(f"to_move() {movers} is not a tuple of distinct seats")
            self.deep_checks(p, menu, movers)
            before = state.key()
            twin = state.clone()
            events = state.apply(p, action)
            if twin.key() != before:
                raise AssertionError("applying to the state changed a clone taken before")
            twin_events = twin.apply(p, action)
            if twin.key() != state.key():
                raise AssertionError(f"{action} on a clone and on the state gave other keys")
            if _events_json(events, self.viewers) != _events_json(twin_events, self.viewers):
                raise AssertionError(f"{action} on a clone gave other events")
        else:
            events = state.apply(p, action)
        self.trips.follow(p, action, events, self.viewers)
        if deep:  # one viewer's observation per deep step, in turn: every viewer at the end
            self.trips.check_state(state, [self.viewers[self.step % len(self.viewers)]])
        self.record.moves.append((p, obj))
        self.history.append((p, action))
        if len(self.history) > 4 * _HISTORY:
            del self.history[:-_HISTORY]
        self.check_invariant()

    def check_forms(self, action: Action, full: bool = False) -> JsonDict:
        """JSON and text round trips (``full``: through JSON text too); the JSON form."""
        obj = action.to_json()
        if full:
            _plain_json(obj, f"{action!r}.to_json()")
            if not isinstance(obj.get("type"), str):
                raise AssertionError(f"{action!r}.to_json() has no string 'type'")
            obj = json.loads(json.dumps(obj))
        back = self.game.action_from_json(obj)
        if back != action:
            raise AssertionError(f"JSON round trip of {action!r} gave {back!r}")
        text = str(action)
        parsed = self.game.parse_action(text)
        if parsed != action:
            raise AssertionError(f"text round trip of {action!r} via {text!r} gave {parsed!r}")
        return obj

    # ------------------------------------------------------------------ deep checks

    def deep_checks(self, p: PlayerId, menu: Sequence[Action], movers: tuple[int, ...]) -> None:
        self.check_menu(p, menu)
        self.check_illegal(p, movers)
        self.check_observations()
        self.check_determinize(movers)
        self.check_outcome_before_end()

    def sample(self, menu: Sequence[Action], k: int) -> list[Action]:
        if len(menu) <= k:
            return list(menu)
        return [menu[self.rng.below(len(menu))] for _ in range(k)]

    def check_menu(self, p: PlayerId, menu: Sequence[Action]) -> None:
        state = self.state
        key = state.key()
        if state.clone().key() != key:
            raise AssertionError("clone() has another key than the original")
        tried = self.sample(menu, _MENU_SAMPLE)
        for a in tried:
            self.check_forms(a, full=True)
            if not state.is_legal(p, a):
                raise AssertionError(f"menu action {a} of player {p} is not is_legal")
            state.clone().apply(p, a)
        if state.key() != key:
            names = ", ".join(map(str, tried))
            raise AssertionError(f"applying one of [{names}] to a clone changed the original")

    def probes(self, movers: tuple[int, ...]) -> list[Action]:
        """Actions from other players' menus and from other moments of the game."""
        found: list[Action] = []
        for q in movers:
            found += self.sample(self.state.legal_actions(q), 2)
        for _ in range(min(_ILLEGAL_SAMPLE, len(self.history))):
            found.append(self.history[self.rng.below(len(self.history))][1])
        return found

    def check_illegal(self, p: PlayerId, movers: tuple[int, ...]) -> None:
        state = self.state
        key = state.key()
        probes = self.probes(movers)
        for q in range(self.n):
            if q in movers:
                if len(state.legal_actions(q)) == 0:
                    raise AssertionError(f"player {q} is on the move with an empty menu")
                continue
            if len(state.legal_actions(q)) != 0:
                raise AssertionError(f"player {q} is not on the move but has a menu")
            for a in probes[:3]:
                self.expect_refusal(q, a)
        for a in probes:
            if state.is_legal(p, a):
                state.clone().apply(p, a)
            else:
                self.expect_refusal(p, a)
        if state.key() != key:
            tried = ", ".join(map(str, probes))
            raise AssertionError(f"refusing or cloning for one of [{tried}] changed the state")

    def expect_refusal(self, q: PlayerId, a: Action) -> None:
        state = self.state
        if state.is_legal(q, a):
            raise AssertionError(f"{a} is_legal for player {q}, who is not on the move")
        try:
            state.apply(q, a)
        except IllegalActionError:
            pass
        else:
            raise AssertionError(f"illegal {a} by player {q} was applied")

    def check_observations(self) -> list[str]:
        state = self.state
        key = state.key()
        texts = [_plain_json(state.observe(v), f"observe({v})") for v in [None, *range(self.n)]]
        if state.key() != key:
            raise AssertionError("observe() changed the state")
        for stranger in (-1, self.n):  # never a seat's view (observe(-1) once showed the last)
            try:
                state.observe(stranger)
            except ValueError:
                continue
            raise AssertionError(f"observe({stranger}) did not raise ValueError (not a seat)")
        return texts

    def check_determinize(self, movers: tuple[int, ...]) -> None:
        state = self.state
        key = state.key()
        p = self.rng.below(self.n)
        seed = self.rng.next64()
        d = state.determinize(p, Rng(seed))
        if state.key() != key:
            raise AssertionError(f"determinize({p}) changed the original state")
        if state.determinize(p, Rng(seed)).key() != d.key():
            raise AssertionError(f"determinize({p}) is not reproducible from its rng")
        if _dump(d.observe(p)) != _dump(state.observe(p)):
            raise AssertionError(f"determinize({p}) changed what player {p} observes")
        if d.to_move() != movers:
            raise AssertionError(f"determinize({p}) changed to_move()")
        self.check_cards(d, p)
        if p in movers:
            mine, theirs = state.legal_actions(p), d.legal_actions(p)
            if len(mine) != len(theirs):
                raise AssertionError(f"determinize({p}) changed player {p}'s menu size")
            for i in {0, len(mine) - 1, self.rng.below(len(mine))}:
                if mine[i] != theirs[i]:
                    raise AssertionError(f"determinize({p}) changed player {p}'s menu")
        q = movers[0]
        menu = d.legal_actions(q)
        d.apply(q, menu[self.rng.below(len(menu))])  # the resampled world plays on
        if state.key() != key:
            raise AssertionError("playing on a determinized state changed the original")

    def check_cards(self, d: State, p: PlayerId) -> None:
        if self.cards is not None:
            mine, theirs = list(self.cards(self.state)), list(self.cards(d))
        else:
            found_mine, found_theirs = _default_cards(self.state), _default_cards(d)
            if found_mine is None or found_theirs is None:
                return
            mine, theirs = list(found_mine), list(found_theirs)
        if sorted(map(repr, mine)) != sorted(map(repr, theirs)):
            raise AssertionError(f"determinize({p}) did not conserve the cards")

    def check_outcome_before_end(self) -> None:
        try:
            self.state.outcome()
        except ValueError:
            return
        raise AssertionError("outcome() answered before the end of the game")

    # ------------------------------------------------------------------ the end

    def check_end(self) -> None:
        state = self.state
        if state.to_move():
            raise AssertionError(f"terminal but to_move() is {state.to_move()}")
        for q in range(self.n):
            if len(state.legal_actions(q)) != 0:
                raise AssertionError(f"terminal but player {q} has a menu")
        key = state.key()
        for q, a in self.history[-3:]:
            self.expect_refusal(q, a)
        if state.key() != key:
            raise AssertionError("a refused action changed the final state")
        out = state.outcome()
        if len(out.scores) != self.n or len(out.ranks) != self.n:
            raise AssertionError(f"outcome {out} does not give one score and rank per seat")
        if not all(1 <= r <= self.n for r in out.ranks):
            raise AssertionError(f"outcome ranks {out.ranks} out of 1..{self.n}")
        if out.winners != tuple(q for q in range(self.n) if out.ranks[q] == 1):
            raise AssertionError(f"outcome winners {out.winners} are not the rank-1 seats")
        for q in range(self.n):
            better = sum(1 for r in out.ranks if r < out.ranks[q])
            if out.ranks[q] != better + 1:
                raise AssertionError(f"outcome ranks {out.ranks} are not competition ranks")
        _plain_json(out.to_json(), "outcome.to_json()")
        self.check_observations()
        self.trips.check_end(state, self.viewers)
        self.record.finish(out)

    def check_replay(self) -> None:
        try:
            text = self.record.to_jsonl()
            record = GameRecord.from_jsonl(text)
            if record.to_jsonl() != text:
                raise AssertionError("GameRecord JSON Lines do not round-trip")
            replayed = self.replay(record)
            if replayed.key() != self.state.key():
                raise AssertionError("replaying the record reached another state")
            finished = replayed.is_terminal() and record.outcome is not None
            if finished and replayed.outcome().to_json() != record.outcome:
                raise AssertionError("replaying the record gave another outcome")
        except AssertionError as exc:
            raise self.fail(str(exc)) from exc

    def replay(self, record: GameRecord) -> State:
        """Through :func:`seedbed.engine.record.replay`, the one replay path, with the game
        under test (which may be a game still under construction, not registered)."""
        return replay(record, self.game)
