"""The native trading menu answers ``in``, ``index`` and iteration itself (issue 16): on
trading positions of seeded random games (several player counts, both editions, front-most and
all hand positions, ``max_give``/``max_want`` variants, ``max_offers`` 2, 6 and null), an
action is in the native lazy menu exactly when it is in the Python engine's menu (B-50:
``OfferSpace.index`` of ``menu.py``), for every menu item and for offers the menu does not
list — another addressee, a hand position moved, a card added, an empty face-up slot, the
terms of the player's open offers (left out of the menu) and of declined ones, numbers out of
range or beyond 64 bits, unsorted sides built by hand — and iterating yields the Python
menu's list, all without building the Python twin of the position.

Skipped when the extension module is not built (``make native``), except under ``CI=true``.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Iterator, Sequence
from typing import Any

import pytest

import seedbed
from seedbed.engine.api import Action
from seedbed.engine.errors import InvalidActionError
from seedbed.engine.rng import Rng
from seedbed.games.bohnanza import actions as A
from seedbed.games.bohnanza.game import BohnanzaState
from seedbed.games.bohnanza.menu import TradingMenu
from seedbed.games.bohnanza.state import EMPTY, OPEN, STATUS_NAMES, TRADE

try:
    from seedbed import _native  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - depends on the build
    if os.environ.get("CI") == "true":
        raise
    pytest.skip("seedbed._native is not built (make native)", allow_module_level=True)

from seedbed.games.bohnanza.native import NativeMenu

PYTHON = seedbed.game("bohnanza", engine="python")
NATIVE = seedbed.game("bohnanza", engine="native")
DECLINED = STATUS_NAMES.index("declined")

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (3, {}),
    (4, {"max_offers": 2, "offer_menu.positions": "all"}),
    (5, {"offer_menu.max_give": 3, "offer_menu.max_want": 1}),
    (6, {"offer_menu.max_give": 1, "offer_menu.max_want": 3, "offer_menu.positions": "all"}),
    (7, {"offer_menu.max_give": 0}),
    (
        3,
        {
            "edition": "classic",
            "offer_menu.max_want": 1,
            "offer_menu.max_give": 3,
            "offer_menu.positions": "all",
        },
    ),
    (4, {"edition": "classic", "max_offers": None}),
    (5, {"edition": "classic", "max_offers": 2, "offer_menu.max_give": 3}),
]
POSITIONS = 4  # trading positions checked per configuration (every seat on the move)
EVERY_ITEM = 3_000  # menus up to this long have every item checked; longer ones a sample
SAMPLE = 400


def trading_positions(n: int, options: dict[str, Any], seed: int) -> Iterator[BohnanzaState]:
    """Trading positions of a random game: in trading the policy answers, passes or ends as
    often as it offers (uniform play would mostly offer), so offers get declined and
    withdrawn; a position is yielded every few trading steps."""
    s = PYTHON.new_state(n, seed, options)
    rng = Rng(seed)
    step = 0
    while not s.is_terminal():
        p = s.to_move()[0]
        menu = s.legal_actions(p)
        if s.phase == TRADE:
            step += 1
            if step % 5 == 2:
                yield s
            fixed = len(menu.fixed) if isinstance(menu, TradingMenu) else len(menu)
            a = menu[rng.below(fixed if rng.below(2) else len(menu))]
        else:
            a = menu[rng.below(len(menu))]
        s.apply(p, a)


def record_terms(s: BohnanzaState, statuses: tuple[int, ...]) -> list[A.Offer]:
    """The terms of the offers with these statuses, as their proposer would list them now
    (hand positions of the cards still in the hand)."""
    out = []
    for i, rec in enumerate(s.offers):
        if s.offer_status[i] not in statuses:
            continue
        hand = s.hands[rec.proposer]
        positions = [hand.index(c) for c in rec.give_hand if c in hand]
        out.append(
            A.Offer.make(
                rec.to,
                [sl for sl, _ in rec.give_faceup],
                positions,
                rec.want,
                [sl for sl, _ in rec.want_faceup],
            )
        )
    return out


def perturbed(o: A.Offer, s: BohnanzaState, p: int, rng: Rng) -> list[Action]:
    """Offers near ``o`` that the menu may or may not list."""
    n = s.cfg.num_players
    hand = len(s.hands[p])
    empty = [sl for sl in (0, 1) if s.faceup[sl] == EMPTY]
    out: list[Action] = [dataclasses.replace(o, to=t) for t in (None, -1, *range(n + 1))]
    if o.give_hand:
        moved = list(o.give_hand)
        moved[rng.below(len(moved))] = rng.below(hand + 1)
        out.append(A.Offer.make(o.to, o.give_faceup, moved, o.want, o.want_faceup))
        out.append(dataclasses.replace(o, give_hand=tuple(reversed(o.give_hand))))  # unsorted
    extra = rng.below(hand + 1)
    out.append(A.Offer.make(o.to, o.give_faceup, (*o.give_hand, extra), o.want, o.want_faceup))
    out.append(
        A.Offer.make(o.to, o.give_faceup, o.give_hand, (*o.want, s.cfg.varieties[0]), o.want_faceup)
    )
    out.append(A.Offer.make(o.to, o.give_faceup, o.give_hand, o.want[1:], o.want_faceup))
    for sl in [*empty, 0, 1, 2]:
        out.append(A.Offer.make(o.to, (*o.give_faceup, sl), o.give_hand, o.want, o.want_faceup))
        out.append(A.Offer.make(o.to, o.give_faceup, o.give_hand, o.want, (*o.want_faceup, sl)))
    out.append(dataclasses.replace(o, want=tuple(reversed(o.want))))
    out.append(dataclasses.replace(o, give_hand=(*o.give_hand, -1)))
    out.append(dataclasses.replace(o, to=2**70))
    out.append(dataclasses.replace(o, want=(*o.want, 300)))
    return out


def hand_built(s: BohnanzaState, p: int) -> list[Action]:
    """Actions made by hand: offers of each addressee giving or wanting one thing, fixed
    actions with other numbers (accepts of other positions, other offer ids), an accept
    holding a list (not the menu's tuple)."""
    n = s.cfg.num_players
    out: list[Action] = []
    for to in (None, *range(n)):
        for v in s.cfg.varieties[:3]:
            out.append(A.Offer(to, (), (), (v,), ()))
        for pos in range(min(3, len(s.hands[p]))):
            out.append(A.Offer(to, (), (pos,), (), ()))
            out.append(A.Offer(to, (), (pos,), (s.cfg.varieties[-1],), ()))
        out.append(A.Offer(to, (0,), (), (), ()))
        out.append(A.Offer(to, (), (), (), (1,)))
    for offer_id in range(max(0, s.next_offer_id - 4), s.next_offer_id + 1):
        out += [
            A.Decline(offer_id),
            A.Withdraw(offer_id),
            A.Accept(offer_id, ()),
            A.Accept(offer_id, (0,)),
        ]
        out.append(A.Accept(offer_id, [0]))  # type: ignore[arg-type]  # a list, as built by hand
    out += [A.PASS, A.END_TRADING, A.BUY_FIELD, *(A.Harvest(f) for f in range(-1, 4))]
    out += [A.PlantFromHand(0), A.Decline(2**70)]
    return out


def check_menu(s: BohnanzaState, p: int, rng: Rng, iterate: bool) -> tuple[int, int]:
    """Compare ``in``, ``index`` and iteration of the native menu of ``p`` with the Python
    menu's: how many menu items and how many actions outside the menu were asked about."""
    nat = NATIVE.state_from_json(s.to_json())
    py_menu: Sequence[Action] = s.legal_actions(p)
    menu = nat.legal_actions(p)
    assert len(menu) == len(py_menu)
    if not isinstance(menu, NativeMenu):
        return 0, 0  # a short menu: a tuple
    if iterate:
        assert list(menu) == list(py_menu)
    if len(menu) <= EVERY_ITEM:
        places = list(range(len(menu)))
    else:
        places = sorted({rng.below(len(menu)) for _ in range(SAMPLE)} | set(range(40)))
    asked: list[Action] = []
    for i in places:
        a = py_menu[i]
        assert a in menu and menu.index(a) == i and menu.count(a) == 1, (i, a)
        if isinstance(a, A.Offer) and rng.below(4) == 0:
            asked += perturbed(a, s, p, rng)
    asked += record_terms(s, (OPEN, DECLINED)) + hand_built(s, p)
    outside = 0
    for a in asked:
        want = a in py_menu
        assert (a in menu) == want, (a, want)
        if want:
            assert menu[menu.index(a)] == a
        else:
            outside += 1
            with pytest.raises(ValueError):
                menu.index(a)
    assert menu._twin is None  # answered without the Python twin
    return len(places) + len(asked) - outside, outside


@pytest.mark.parametrize(("n", "options"), CONFIGS, ids=lambda x: str(x))
def test_native_membership_matches_python(n: int, options: dict[str, Any]) -> None:
    rng = Rng(n)
    inside = outside = positions = records = 0
    for s in trading_positions(n, options, 20 + n):
        for p in s.to_move():
            found, missing = check_menu(s, p, rng, iterate=positions < 2)
            inside, outside = inside + found, outside + missing
        records += len(record_terms(s, (OPEN, DECLINED)))
        positions += 1
        if positions == POSITIONS:
            break
    assert positions == POSITIONS and records > 0
    assert inside > 200 and outside > 200, (inside, outside)


def test_the_binding_finds_an_action_by_code_or_json() -> None:
    """``menu_index(player, code or JSON text)`` (the binding under ``in``) gives an item's
    place; InvalidActionError for JSON that is no action and a code no action has."""
    s = next(trading_positions(4, {}, 5))
    p = s.to_move()[0]
    nat = NATIVE.state_from_json(s.to_json())
    menu = nat.legal_actions(p)
    assert isinstance(menu, NativeMenu)
    zones = nat.zones
    for i in [*range(min(len(menu), 30)), len(menu) - 1]:
        text = json.dumps(menu[i].to_json())
        assert zones.menu_index(p, text) == i
        code = _native.bohnanza_action_code(text)
        if code is not None:
            assert zones.menu_index(p, code) == i
    assert zones.menu_index(p, json.dumps(A.Harvest(7).to_json())) is None
    assert zones.menu_index(9, json.dumps(A.PASS.to_json())) is None  # no such seat
    with pytest.raises(InvalidActionError):
        zones.menu_index(p, "{}")
    with pytest.raises(InvalidActionError):
        zones.menu_index(p, 4)  # an offer's kind: offers have no code


def test_fields_the_native_side_cannot_read_are_answered_by_the_python_rules() -> None:
    """An offer holding a float (equal to an int, so Python's dict finds it) or a string is
    answered by the Python menu of the position, as before."""
    s = next(trading_positions(4, {}, 9))
    p = s.to_move()[0]
    py_menu = s.legal_actions(p)
    menu = NATIVE.state_from_json(s.to_json()).legal_actions(p)
    assert isinstance(menu, NativeMenu)
    listed = next(a for a in py_menu if isinstance(a, A.Offer) and a.want)
    as_float = dataclasses.replace(listed, want=tuple(float(v) for v in listed.want))
    as_text = dataclasses.replace(listed, to="any")
    for a in (as_float, as_text):
        assert (a in menu) == (a in py_menu)
    assert as_float in menu
