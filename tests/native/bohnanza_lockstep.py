"""Bohnanza in lockstep on both engines (issue 14): the Python reference and ``seedbed._native``
play the same seeded random games, and after every step the harness compares the complete
state (``key()``), who is on the move, the menus (length, a sample of items as action JSON,
every item every Nth step), the events (kind, public, private, private_to, and each viewer's
copy, ``Event.for_viewer``) and the refusals of actions submitted directly (legal or not, by
movers and others: type, message, clause); every Nth step the observation of every viewer
(JSON text, key order included), ``determinize`` for a random viewer with generators of the
same seed (``key()`` of the result and the generators' states afterwards) and
``state_from_json(to_json())`` on native (and Python's ``to_json()`` loaded natively).

Used by ``tests/native/test_bohnanza_parity.py`` and ``scripts/native_parity.py``. The
random policy is the one of ``seedbed.lab.simulate`` (``policy_rng(seed)``, the first mover
picks ``menu[rng.below(len(menu))]``); probes and samples draw from generators of their own,
so the games played are the ones ``seedbed simulate`` plays.
"""

from __future__ import annotations

import json
from typing import Any

from lockstep import ParityError, Tally, error_tuple, event_json
from lockstep import plain as _plain
from lockstep import text as _text

import seedbed
from seedbed.engine.api import Action, Event
from seedbed.engine.rng import Rng
from seedbed.games.bohnanza import actions as A
from seedbed.games.bohnanza.game import BohnanzaState
from seedbed.lab.simulate import policy_rng

GAME = seedbed.game("bohnanza", engine="python")

VARIANTS: dict[str, dict[str, Any]] = {
    "secret": {},
    "open": {"treasury_visibility": "open"},
    "offers0": {"max_offers": 0},
    "offers2": {"max_offers": 2},
    "all2": {"max_offers": 2, "offer_menu.positions": "all"},
    "unlimited": {"max_offers": None},  # B-47 null: no limit, played with a move cap
}

UNLIMITED_CAP = 300
"""Steps played with ``max_offers`` null (B-47): random play mostly offers, so a trading phase
without a limit rarely ends; the game is stopped there and compared anyway."""


def move_cap(options: dict[str, Any]) -> int | None:
    """The move cap of a configuration: ``UNLIMITED_CAP`` with ``max_offers`` null."""
    return UNLIMITED_CAP if "max_offers" in options and options["max_offers"] is None else None


def configurations() -> list[tuple[str, int, dict[str, Any]]]:
    """(label, players, options): standard 2–7 (2 = the duel) and classic 3–5, each with
    secret and open treasuries, max_offers default / 0 / 2 / null (with a move cap), and all
    positions."""
    out = []
    for edition, counts in (("standard", range(2, 8)), ("classic", range(3, 6))):
        for n in counts:
            for name, variant in VARIANTS.items():
                options = {"edition": edition, **variant}
                out.append((f"{edition}-{n}-{name}", n, options))
    return out


def native_event(parts: list[Any]) -> Event:
    """An ``Event`` from the native ``[kind, public, private, private_to]``."""
    kind, public, private, private_to = parts
    return Event(kind, public, private, tuple(private_to))


def probe_actions(s: BohnanzaState, rng: Rng) -> list[Action]:
    """Actions to submit directly: one of each kind with plausible and implausible numbers."""
    n = s.cfg.num_players

    def num(hi: int) -> int:
        return rng.below(hi + 3) - 1  # -1 … hi+1

    card = rng.choice([*s.hands[s.active][:2], *s.offer_area, *s.revealed, *s.trade[0], 0, 999])
    nv = len(s.cfg.varieties)
    want = tuple(sorted(s.cfg.varieties[rng.below(nv)] for _ in range(rng.below(3))))
    if rng.below(8) == 0:
        want = tuple(sorted((*want, rng.below(11))))  # maybe a variety not in the game
    offer_id = s.next_offer_id - 1 - rng.below(3) if rng.below(4) else num(9)
    positions = tuple(sorted(num(8) for _ in range(rng.below(3))))
    to = None if rng.below(3) == 0 else num(n)
    return [
        A.PlantFromHand(num(3)),
        A.EndPlanting(),
        A.Harvest(num(3)),
        A.BuyField(),
        A.Offer.make(
            to,
            [num(1) for _ in range(rng.below(3))],
            positions,
            want,
            [num(1) for _ in range(rng.below(2))],
        ),
        A.Accept(offer_id, positions),
        A.Decline(offer_id),
        A.Withdraw(offer_id),
        A.Pass(),
        A.EndTrading(),
        A.PlantFromTradeArea(card, num(3)),
        A.FinishTurn(),
        A.PlantOffered(card, num(3)),
        A.DiscardOffered(card),
        A.DiscardFromHand(num(8)),
        A.PlantRevealed(card, num(3)),
        A.LeaveOffer(),
    ]


def play_lockstep(
    n: int,
    seed: int,
    options: dict[str, Any],
    *,
    samples: int = 6,
    full_every: int = 25,
    probes: int = 2,
    probe_every: int = 1,
    lengths_every: int = 1,
    max_steps: int = 100_000,
    observe_every: int = 10,
    determinize_every: int = 10,
    round_trip_every: int = 10,
    cap: int | None = None,
    label: str = "",
) -> Tally:
    """One game on both engines in lockstep; ParityError at the first difference.

    Every step: ``key()``, ``to_move()``, ``is_terminal()``, the first mover's menu length and
    ``samples`` random items (plus the first and last), the events. Every ``full_every``-th
    step: the whole menu (up to 5,000 items); every ``lengths_every``-th: every seat's menu
    length; every ``probe_every``-th: ``probes`` rounds of up to three directly submitted
    actions by a random seat (-1 … n) compared by ``refusal()``; every ``observe_every``-th
    (and at the end): ``observe(v)`` for v = None and every seat, as JSON text; every
    ``determinize_every``-th: ``determinize(v, rng)`` for a random seat and a random seed
    (``key()`` and the generator's state after); every ``round_trip_every``-th:
    ``state_from_json``. ``cap`` (default ``move_cap(options)``): stop after that many steps
    and compare what was reached. At the end of a finished game: ``outcome()``."""
    from seedbed import _native  # type: ignore[attr-defined]

    where = f"{label or options} n={n} seed={seed}"
    py = GAME.new_state(n, seed, options)
    assert isinstance(py, BohnanzaState)
    nat = _native.bohnanza_new_state(n, seed, json.dumps(GAME.normalize_options(options)))
    policy = policy_rng(seed)
    side = Rng(seed ^ 0x5EED_0DD5)  # samples and probes: never the policy's generator
    tally = Tally(games=1, configs={label})

    def fail(step: int, what: str, a: Any, b: Any) -> ParityError:
        return ParityError(f"{where} step {step}: {what} differ:\n python {a!r}\n native {b!r}")

    if cap is None:
        cap = move_cap(options)
    viewers: list[int | None] = [None, *range(n)]

    def observe_all(step: int) -> None:
        for v in viewers:
            want = _text(py.observe(v))
            got = nat.observe_json(v)
            tally.observations += 1
            if want != got:
                raise fail(step, f"observe({v})", want, got)

    step = 0
    while True:
        if py.key() != nat.key():
            raise fail(step, "key()", py.key(), nat.key())
        if observe_every and step % observe_every == 0:
            observe_all(step)
        if determinize_every and step % determinize_every == 0:
            viewer = side.below(n)
            seed = side.next64()
            r_py, r_nat = Rng(seed), _native.Rng(seed)
            d_py, d_nat = py.determinize(viewer, r_py), nat.determinize(viewer, r_nat)
            tally.determinizations += 1
            if d_py.key() != d_nat.key() or r_py.state != r_nat.state:
                raise fail(
                    step,
                    f"determinize({viewer}, Rng({seed}))",
                    (d_py.key(), r_py.state),
                    (d_nat.key(), r_nat.state),
                )
        if round_trip_every and step % round_trip_every == 0:
            text = nat.to_json()
            loaded = _native.bohnanza_state_from_json(text).key()
            from_python = _native.bohnanza_state_from_json(_text(py.to_json())).key()
            tally.round_trips += 1
            if text != _text(py.to_json()) or loaded != nat.key() or from_python != py.key():
                raise fail(step, "to_json() / state_from_json", py.key(), (loaded, from_python))
        movers = tuple(py.to_move())
        if movers != tuple(nat.to_move()):
            raise fail(step, "to_move()", movers, nat.to_move())
        if py.is_terminal() != nat.is_terminal():
            raise fail(step, "is_terminal()", py.is_terminal(), nat.is_terminal())
        # refusals of directly submitted actions, by anyone (the state must not change)
        for _ in range(probes if step % probe_every == 0 else 0):
            player = side.below(n + 2) - 1
            for a in probe_actions(py, side)[side.below(17) :][:3]:
                want = error_tuple(py.refusal(player, a))
                got_error = nat.refusal(player, json.dumps(a.to_json()))
                got = error_tuple(got_error)
                tally.probes += 1
                tally.refusals += want is not None
                if want != got:
                    raise fail(step, f"refusal of {a} by {player}", want, got)
        if py.is_terminal():
            break
        if cap is not None and step >= cap:
            tally.capped += 1
            break
        if step >= max_steps:
            raise ParityError(f"{where}: no end after {max_steps} steps")
        # menus: every mover's length; the first mover's items sampled (all every Nth step)
        for q in range(n) if step % lengths_every == 0 else ():
            length = len(py.legal_actions(q))
            if length != nat.menu_len(q):
                raise fail(step, f"menu length of {q}", length, nat.menu_len(q))
        p = movers[0]
        menu = py.legal_actions(p)
        size = len(menu)
        if full_every and step % full_every == 0 and size <= 5_000:
            indices = list(range(size))
        else:
            indices = sorted({0, size - 1, *(side.below(size) for _ in range(samples))})
        want_items = [menu[i].to_json() for i in indices]
        got_items = json.loads(nat.menu_items_json(p, indices))
        tally.menu_items += len(indices)
        if _plain(want_items) != got_items:
            raise fail(step, f"menu items {indices[:20]} of {p}", want_items, got_items)
        # the step itself
        action = menu[policy.below(size)]
        py_events = py.apply(p, action)
        want_events = [event_json(e) for e in py_events]
        got_events = json.loads(nat.apply_json(p, json.dumps(action.to_json())))
        if want_events != got_events:
            raise fail(step, f"events of {action}", want_events, got_events)
        for want_e, got_e in zip(py_events, got_events, strict=True):
            for v in viewers:  # each viewer's copy, as JSON text (key order included)
                mine = _text(want_e.for_viewer(v))
                theirs = _text(native_event(got_e).for_viewer(v))
                if mine != theirs:
                    raise fail(step, f"events of {action} for viewer {v}", mine, theirs)
        tally.events += len(want_events)
        step += 1
    tally.steps = step
    observe_all(step)
    if not py.is_terminal():
        return tally
    want_outcome = _plain(py.outcome().to_json())
    got_outcome = json.loads(nat.outcome_json())
    if want_outcome != got_outcome:
        raise fail(step, "outcome()", want_outcome, got_outcome)
    return tally
