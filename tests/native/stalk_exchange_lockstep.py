"""Stalk Exchange in lockstep on both engines (issue 15): the Python reference and
``seedbed._native`` play the same seeded random games, and after every step the harness
compares the complete state (``key()``), who is on the move, the menus (length, a sample of
items as action JSON, every item every Nth step), the events (kind, public, private,
private_to) and the refusals of actions submitted directly (legal or not, by the active seat
and others: type, message, clause); every Nth step the observation of every viewer (JSON text,
key order included), ``determinize`` for a random viewer with generators of the same seed
(``key()`` of the result and the generators' states afterwards) and
``state_from_json(to_json())`` on native (and Python's ``to_json()`` loaded natively); at the
end ``outcome()`` (S-41 … S-44).

The random policy is the one of ``seedbed.lab.simulate`` (``policy_rng(seed)``, the first
mover picks ``menu[rng.below(len(menu))]``); probes and samples draw from a generator of
their own, so the games played are the ones ``seedbed simulate`` plays.
"""

from __future__ import annotations

import json
from typing import Any

from lockstep import ParityError, Tally, error_tuple, event_json
from lockstep import plain as _plain
from lockstep import text as _text

import seedbed
from seedbed.engine.api import Action
from seedbed.engine.rng import Rng
from seedbed.games.stalk_exchange import actions as A
from seedbed.games.stalk_exchange.game import StalkExchangeState
from seedbed.lab.simulate import policy_rng

GAME = seedbed.game("stalk_exchange", engine="python")

VARIANTS: dict[str, dict[str, Any]] = {
    "default": {},
    # S-3: a small board, a short row, more basic actions, no Seedy Business (S-17, S-26)
    "small": {"garden_radius": 2, "exchange_slots": 4, "basic_actions": 3, "seedy_tokens": 0},
    # S-11 radius 1 (7 spaces: crowded, many harvests), S-15 an early crash (S-35)
    "tiny": {"garden_radius": 1, "market_start": 12, "basic_actions": 1},
    # S-37: few tokens, so the Greenhouse runs out (trigger 2) and flushes refill short
    "scarce": {"tokens_per_type": 8, "portfolio_size": 2, "seedy_tokens": 6, "market_start": 99},
    # S-11, S-14 wide: radius 4, 8 slots, per-count tables given as maps
    "wide": {"garden_radius": 4, "exchange_slots": 8, "portfolio_size": {"2": 5, "5": 3}},
}


def configurations() -> list[tuple[str, int, dict[str, Any]]]:
    """(label, players, options): every player count 2-5 (S-1) with each variant."""
    return [(f"{n}-{name}", n, options) for n in range(2, 6) for name, options in VARIANTS.items()]


def probe_actions(s: StalkExchangeState, rng: Rng) -> list[Action]:
    """Actions to submit directly: one of each kind with plausible and implausible numbers
    (slots -1 … slots+1, spaces in and out of the Garden, every flower type)."""
    slots, radius = len(s.exchange), s.config.garden_radius

    def num(hi: int) -> int:
        return rng.below(hi + 3) - 1  # -1 … hi+1

    if rng.below(4):
        space = s.board.spaces[rng.below(len(s.board.spaces))]
    else:
        space = (num(2 * radius) - radius, num(2 * radius) - radius)
    return [
        A.Plant(num(slots), space),
        A.Swap(num(slots), rng.below(5)),
        A.Flush(),
        A.EndActions(),
    ]


def play_lockstep(
    n: int,
    seed: int,
    options: dict[str, Any],
    *,
    samples: int = 6,
    full_every: int = 10,
    probes: int = 2,
    observe_every: int = 5,
    determinize_every: int = 5,
    round_trip_every: int = 5,
    max_steps: int = 100_000,
    label: str = "",
    python_game: Any = GAME,
) -> Tally:
    """One game on both engines in lockstep; ParityError at the first difference.

    Every step: ``key()``, ``to_move()``, ``is_terminal()``, every seat's menu length, the
    mover's first, last and ``samples`` random items (every item every ``full_every``-th
    step), the events, ``probes`` rounds of directly submitted actions by a random seat
    (-1 … n) compared by ``refusal()``; every ``observe_every``-th step (and at the end)
    ``observe(v)`` for v = None and every seat; every ``determinize_every``-th
    ``determinize(v, rng)`` for a random seat and seed; every ``round_trip_every``-th
    ``state_from_json``. At the end: ``outcome()``. ``python_game``: the oracle (a test
    plants a difference in a subclass)."""
    from seedbed import _native  # type: ignore[attr-defined]

    where = f"{label or options} n={n} seed={seed}"
    py = python_game.new_state(n, seed, options)
    assert isinstance(py, StalkExchangeState)
    nat = _native.stalk_exchange_new_state(n, seed, json.dumps(GAME.normalize_options(options)))
    policy = policy_rng(seed)
    side = Rng(seed ^ 0x5EED_0DD5)  # samples and probes: never the policy's generator
    tally = Tally(games=1, configs={label})
    viewers: list[int | None] = [None, *range(n)]

    def fail(step: int, what: str, a: Any, b: Any) -> ParityError:
        return ParityError(f"{where} step {step}: {what} differ:\n python {a!r}\n native {b!r}")

    def observe_all(step: int) -> None:
        for v in viewers:
            want, got = _text(py.observe(v)), nat.observe_json(v)
            tally.observations += 1
            if want != got:
                raise fail(step, f"observe({v})", want, got)

    def determinize(step: int) -> None:
        viewer = side.below(n)
        seed = side.next64()
        r_py, r_nat = Rng(seed), _native.Rng(seed)
        d_py, d_nat = py.determinize(viewer, r_py), nat.determinize(viewer, r_nat)
        tally.determinizations += 1
        if d_py.key() != d_nat.key() or r_py.state != r_nat.state:
            want, got = (d_py.key(), r_py.state), (d_nat.key(), r_nat.state)
            raise fail(step, f"determinize({viewer}, Rng({seed}))", want, got)

    def round_trip(step: int) -> None:
        text = nat.to_json()
        loaded = _native.stalk_exchange_state_from_json(text).key()
        from_python = _native.stalk_exchange_state_from_json(_text(py.to_json())).key()
        tally.round_trips += 1
        if text != _text(py.to_json()) or loaded != nat.key() or from_python != py.key():
            raise fail(step, "to_json() / state_from_json", py.key(), (loaded, from_python))

    def probe(step: int) -> None:
        for _ in range(probes):
            player = side.below(n + 2) - 1
            for a in probe_actions(py, side):
                want = error_tuple(py.refusal(player, a))
                got = error_tuple(nat.refusal(player, json.dumps(a.to_json())))
                tally.probes += 1
                tally.refusals += want is not None
                if want != got:
                    raise fail(step, f"refusal of {a} by {player}", want, got)

    def menus(step: int, p: int) -> Any:
        for q in range(n):
            length = len(py.legal_actions(q))
            if length != nat.menu_len(q):
                raise fail(step, f"menu length of {q}", length, nat.menu_len(q))
        menu = py.legal_actions(p)
        size = len(menu)
        if full_every and step % full_every == 0:
            indices = list(range(size))
        else:
            indices = sorted({0, size - 1, *(side.below(size) for _ in range(samples))})
        want_items = [menu[i].to_json() for i in indices]
        got_items = json.loads(nat.menu_items_json(p, indices))
        tally.menu_items += len(indices)
        if _plain(want_items) != got_items:
            raise fail(step, f"menu items {indices[:20]} of {p}", want_items, got_items)
        return menu

    step = 0
    while True:
        if py.key() != nat.key():
            raise fail(step, "key()", py.key(), nat.key())
        if observe_every and step % observe_every == 0:
            observe_all(step)
        if determinize_every and step % determinize_every == 0:
            determinize(step)
        if round_trip_every and step % round_trip_every == 0:
            round_trip(step)
        movers = tuple(py.to_move())
        if movers != tuple(nat.to_move()) or py.is_terminal() != nat.is_terminal():
            raise fail(step, "to_move()", movers, nat.to_move())
        probe(step)
        if py.is_terminal():
            break
        if step >= max_steps:
            raise ParityError(f"{where}: no end after {max_steps} steps")
        p = movers[0]
        menu = menus(step, p)
        action = menu[policy.below(len(menu))]
        want_events = [event_json(e) for e in py.apply(p, action)]
        got_events = json.loads(nat.apply_json(p, json.dumps(action.to_json())))
        if want_events != got_events:
            raise fail(step, f"events of {action}", want_events, got_events)
        tally.events += len(want_events)
        for kind, public, _, _ in want_events:
            crash = kind == "crash"
            tally.kinds[f"crash-{public['trigger']}-{public['during']}" if crash else kind] += 1
        step += 1
    tally.steps = step
    observe_all(step)
    determinize(step)
    round_trip(step)
    want_outcome = _plain(py.outcome().to_json())
    got_outcome = json.loads(nat.outcome_json())
    if want_outcome != got_outcome:
        raise fail(step, "outcome()", want_outcome, got_outcome)
    return tally
