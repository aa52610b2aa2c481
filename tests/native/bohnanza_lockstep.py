"""Bohnanza in lockstep on both engines (issue 14): the Python reference and ``seedbed._native``
play the same seeded random games, and after every step the harness compares the complete
state (``key()``), who is on the move, the menus (length, a sample of items as action JSON,
every item every Nth step), the events (kind, public, private, private_to) and the refusals
of actions submitted directly (legal or not, by movers and others: type, message, clause).

Used by ``tests/native/test_bohnanza_parity.py`` and ``scripts/native_parity.py``. The
random policy is the one of ``seedbed.lab.simulate`` (``policy_rng(seed)``, the first mover
picks ``menu[rng.below(len(menu))]``); probes and samples draw from generators of their own,
so the games played are the ones ``seedbed simulate`` plays.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import seedbed
from seedbed.engine.api import Action, Event
from seedbed.engine.errors import IllegalActionError
from seedbed.engine.rng import Rng
from seedbed.games.bohnanza import actions as A
from seedbed.games.bohnanza.game import BohnanzaState
from seedbed.lab.simulate import policy_rng

GAME = seedbed.game("bohnanza")

VARIANTS: dict[str, dict[str, Any]] = {
    "secret": {},
    "open": {"treasury_visibility": "open"},
    "offers0": {"max_offers": 0},
    "offers2": {"max_offers": 2},
    "all2": {"max_offers": 2, "offer_menu.positions": "all"},
}


def configurations() -> list[tuple[str, int, dict[str, Any]]]:
    """(label, players, options): standard 2–7 (2 = the duel) and classic 3–5, each with
    secret and open treasuries, max_offers default / 0 / 2, and all positions."""
    out = []
    for edition, counts in (("standard", range(2, 8)), ("classic", range(3, 6))):
        for n in counts:
            for name, variant in VARIANTS.items():
                options = {"edition": edition, **variant}
                out.append((f"{edition}-{n}-{name}", n, options))
    return out


class ParityError(AssertionError):
    """The engines disagree; the message says where (configuration, seed, step, what)."""


@dataclass
class Tally:
    games: int = 0
    steps: int = 0
    menu_items: int = 0
    probes: int = 0
    refusals: int = 0
    events: int = 0
    configs: set[str] = field(default_factory=set)

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.steps += other.steps
        self.menu_items += other.menu_items
        self.probes += other.probes
        self.refusals += other.refusals
        self.events += other.events
        self.configs |= other.configs


def _plain(value: Any) -> Any:
    return json.loads(json.dumps(value))


def event_json(e: Event) -> list[Any]:
    private = None if e.private is None else dict(e.private)
    out: list[Any] = _plain([e.kind, dict(e.public), private, list(e.private_to)])
    return out


def _error_tuple(error: IllegalActionError | None) -> tuple[str, str, str | None] | None:
    if error is None:
        return None
    return type(error).__name__, str(error), error.clause


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
    label: str = "",
) -> Tally:
    """One game on both engines in lockstep; ParityError at the first difference.

    Every step: ``key()``, ``to_move()``, ``is_terminal()``, the first mover's menu length and
    ``samples`` random items (plus the first and last), the events. Every ``full_every``-th
    step: the whole menu (up to 5,000 items); every ``lengths_every``-th: every seat's menu
    length; every ``probe_every``-th: ``probes`` rounds of up to three directly submitted
    actions by a random seat (-1 … n) compared by ``refusal()``. At the end: ``outcome()``."""
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

    step = 0
    while True:
        if py.key() != nat.key():
            raise fail(step, "key()", py.key(), nat.key())
        movers = tuple(py.to_move())
        if movers != tuple(nat.to_move()):
            raise fail(step, "to_move()", movers, nat.to_move())
        if py.is_terminal() != nat.is_terminal():
            raise fail(step, "is_terminal()", py.is_terminal(), nat.is_terminal())
        # refusals of directly submitted actions, by anyone (the state must not change)
        for _ in range(probes if step % probe_every == 0 else 0):
            player = side.below(n + 2) - 1
            for a in probe_actions(py, side)[side.below(17) :][:3]:
                want = _error_tuple(py.refusal(player, a))
                got_error = nat.refusal(player, json.dumps(a.to_json()))
                got = _error_tuple(got_error)
                tally.probes += 1
                tally.refusals += want is not None
                if want != got:
                    raise fail(step, f"refusal of {a} by {player}", want, got)
        if py.is_terminal():
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
        want_events = [event_json(e) for e in py.apply(p, action)]
        got_events = json.loads(nat.apply_json(p, json.dumps(action.to_json())))
        if want_events != got_events:
            raise fail(step, f"events of {action}", want_events, got_events)
        tally.events += len(want_events)
        step += 1
    tally.steps = step
    want_outcome = _plain(py.outcome().to_json())
    got_outcome = json.loads(nat.outcome_json())
    if want_outcome != got_outcome:
        raise fail(step, "outcome()", want_outcome, got_outcome)
    return tally
