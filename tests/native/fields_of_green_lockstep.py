"""Fields of Green in lockstep on both engines (issue 15): the Python reference and
``seedbed._native`` play the same seeded random games, and after every step the harness
compares the complete state (``key()``), who is on the move, every seat's menu length, a sample
of menu items as action JSON (every item every Nth step), the events (kind, public, private,
private_to: so every viewer's copy) and the refusals of actions submitted directly (legal or
not, well-formed or malformed numbers, by every seat and others: type, message, clause);
every Nth step the observation of every viewer (JSON text, key order included),
``determinize`` for a random seat with generators of the same seed (``key()`` of the result
and the generators' states afterwards) and ``state_from_json(to_json())`` on native (and
Python's ``to_json()`` loaded natively); at the end ``outcome()`` (F-72 … F-76).

Configurations: every player count 2-4 (F-2), both rule sets (F-1), with and without
introductory splits (F-44), on the shipped set, the fixture set of the rules' worked examples
and a generated random valid card set (``fields_of_green_random_cards.py``): card sets are
data, which the native engine interprets.

The random policy is the one of ``seedbed.lab.simulate`` (``policy_rng(seed)``, the first
mover picks ``menu[rng.below(len(menu))]``); probes and samples draw from a generator of
their own.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import seedbed
from seedbed.engine.api import Action
from seedbed.engine.rng import Rng
from seedbed.games.fields_of_green import actions as A
from seedbed.games.fields_of_green.game import FieldsOfGreenState
from seedbed.lab.simulate import policy_rng

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "games" / "fields_of_green"))
from fields_of_green_random_cards import random_card_data
from fixture_cards import FIXTURE
from lockstep import ParityError, Tally, error_tuple, event_json
from lockstep import plain as _plain
from lockstep import text as _text

GAME = seedbed.game("fields_of_green", engine="python")

CARD_SETS: dict[str, Any] = {
    "original": "original",  # F-90: the shipped set
    "fixture": FIXTURE,  # the rules' worked examples (section 18)
    "random": random_card_data(52),  # a generated valid set: every kind of follow-up occurs
}
RULES: dict[str, dict[str, Any]] = {
    "published": {"ruleset": "published"},
    "prototype": {"ruleset": "prototype"},
    "published-intro": {"ruleset": "published", "introductory": True},
    "prototype-intro": {"ruleset": "prototype", "introductory": True},
}


def configurations() -> list[tuple[str, int, dict[str, Any]]]:
    """(label, players, options): 2-4 players × both rule sets with and without
    introductory splits × the three card sets."""
    return [
        (f"{n}-{rules}-{cards}", n, {**options, "cards": data})
        for cards, data in CARD_SETS.items()
        for n in range(2, 5)
        for rules, options in RULES.items()
    ]


def native_config(n: int, options: dict[str, Any]) -> Any:
    """The native tables of a configuration: normalised options and the validated card set."""
    from seedbed import _native  # type: ignore[attr-defined]

    opts = GAME.normalize_options(options)
    card_set = GAME._config(n, opts).card_set
    return _native.fields_of_green_config(n, _text(opts), _text(card_set.to_json()))


def probe_actions(s: FieldsOfGreenState, rng: Rng) -> list[Action]:
    """Actions to submit directly: one of each kind with plausible and implausible numbers
    (cards of hands, the display and farms, tiles, cells in and around the farms, water
    splits from real and imaginary towers, items of every kind)."""
    n, nc, nt = s.cfg.num_players, s.cfg.num_cards, len(s.cfg.tiles)
    p = rng.below(n)
    mine = [c for c in s.farms[p].values()]
    cards = [*s.hands[p], *s.display, *s.revealed, *mine, -1, nc, rng.below(nc)]

    def card() -> int:
        return int(cards[rng.below(len(cards))])

    def tile() -> int:
        return rng.below(nt + 2) - 1 if nt else rng.below(3) - 1

    def cell() -> tuple[int, int]:
        if mine and rng.below(2):
            x, y = s.home[mine[rng.below(len(mine))]][1]
            return (x + rng.below(3) - 1, y + rng.below(3) - 1)
        return (rng.below(7) - 3, rng.below(7) - 3)

    def water() -> A.Water:
        if rng.below(3) == 0:
            return ()
        return A.make_water({cell(): rng.below(4) for _ in range(1 + rng.below(2))})

    item_tile = tile() if rng.below(2) else A.NO_TILE
    return [
        A.PlaceWater(water()),
        A.DrawSplit(*(rng.below(5) - (1 if rng.below(8) == 0 else 0) for _ in range(4))),
        A.Commit(card()),
        A.BuildLocation(card(), cell(), water()),
        A.BuildWaterTower(card(), cell()),
        A.BuildSilo(card(), cell()),
        A.GoToMarket(card(), rng.below(5) - 1),
        A.RestoreLocation(card(), cell()),
        A.AttachEquipment(tile()),
        A.SkipAttach(),
        A.KeepEquipment(tile()),
        A.PlaceEquipment(cell()),
        A.SetAsideEquipment(),
        A.ChooseEffect(rng.below(5) - 1),
        A.PayOptional(water()),
        A.SkipOptional(),
        A.PayHarvest(card(), item_tile, water()),
        A.DeclineHarvest(card(), item_tile),
        A.EndHarvest(),
        A.PayGameEnd(card(), item_tile, water()),
        A.EndScoring(),
    ]


def play_lockstep(
    n: int,
    seed: int,
    options: dict[str, Any],
    *,
    samples: int = 6,
    full_every: int = 10,
    probes: int = 1,
    observe_every: int = 5,
    determinize_every: int = 5,
    round_trip_every: int = 5,
    max_steps: int = 100_000,
    label: str = "",
    python_game: Any = GAME,
) -> Tally:
    """One game on both engines in lockstep; ParityError at the first difference (see the
    module docstring). ``python_game``: the oracle (a test plants a difference)."""
    from seedbed import _native  # type: ignore[attr-defined]

    where = f"{label or options} n={n} seed={seed}"
    py = python_game.new_state(n, seed, options)
    assert isinstance(py, FieldsOfGreenState)
    config = native_config(n, options)
    nat = _native.fields_of_green_new_state(config, seed)
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
        loaded = _native.fields_of_green_state_from_json(config, text).key()
        from_python = _native.fields_of_green_state_from_json(config, _text(py.to_json())).key()
        tally.round_trips += 1
        if text != _text(py.to_json()) or loaded != nat.key() or from_python != py.key():
            raise fail(step, "to_json() / state_from_json", py.key(), (loaded, from_python))

    def probe(step: int) -> None:
        for _ in range(probes):
            player = side.below(n + 2) - 1
            for a in probe_actions(py, side):
                want = error_tuple(py.refusal(player, a))
                got = error_tuple(nat.refusal(player, _text(a.to_json())))
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
        got_events = json.loads(nat.apply_json(p, _text(action.to_json())))
        if want_events != got_events:
            raise fail(step, f"events of {action}", want_events, got_events)
        tally.events += len(want_events)
        tally.kinds.update(kind for kind, _, _, _ in want_events)
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
