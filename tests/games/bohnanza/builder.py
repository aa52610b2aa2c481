"""A position builder for Bohnanza rule tests.

``build`` creates a real game with ``seedbed.game("bohnanza", engine="python").new_state`` and
then rewrites its zones. Zones are given by variety name; the builder moves real cards of that
variety out of a pool of every card of the game, so card conservation (B-12) still holds. Cards
nobody asked for go to the bottom of the deck when ``deck`` is not given, else under the discard
pile when ``discard`` is not given, else into the box (a test-only parking place).

Deck and discard pile are listed bottom first: the TOP IS THE LAST ITEM. Hands are listed front
first, fields and treasuries in planting / arrival order (treasury top last).
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

import seedbed
from seedbed.engine import Action, IllegalActionError
from seedbed.games.bohnanza.cards import VARIETIES, VARIETY_INDEX
from seedbed.games.bohnanza.state import EMPTY, PHASE_NAMES

GAME = seedbed.game("bohnanza", engine="python")  # rules tests edit its zones directly
PHASE = {name: code for code, name in PHASE_NAMES.items()}
Names = Sequence[str]


def build(
    n: int = 4,
    *,
    seed: int = 1,
    options: Mapping[str, Any] | None = None,
    phase: str = "plant",
    active: int = 0,
    planted: int = 0,
    exhaustions: int = 0,
    hands: Mapping[int, Names] | None = None,
    fields: Mapping[int, Sequence[Names]] | None = None,
    treasury: Mapping[int, Names] | None = None,
    trade: Mapping[int, Names] | None = None,
    faceup: Sequence[str | None] = (None, None),
    revealed: Names = (),
    offer_area: Names = (),
    deck: Names | None = None,
    discard: Names | None = None,
) -> Any:
    """A state of ``n`` players with exactly these zones (everything not given is empty)."""
    s = GAME.new_state(n, seed, options)
    vo = s.cfg.variety_of
    pool = {v: [c for c in range(len(vo)) if vo[c] == v] for v in s.cfg.varieties}

    def take(names: Names) -> list[int]:
        return [pool[VARIETY_INDEX[name]].pop(0) for name in names]

    s.hands = [take((hands or {}).get(p, ())) for p in range(n)]
    start = s.cfg.start_fields
    s.fields = [[take(f) for f in (fields or {}).get(p, [()] * start)] for p in range(n)]
    s.third = [len(fs) == 3 for fs in s.fields]
    s.treasury = [take((treasury or {}).get(p, ())) for p in range(n)]
    s.trade = [take((trade or {}).get(p, ())) for p in range(n)]
    s.faceup = [EMPTY if v is None else take([v])[0] for v in faceup]
    s.revealed = take(revealed)
    s.offer_area = take(offer_area)
    s.deck = take(deck or ())
    s.discard = take(discard or ())
    rest = sorted(c for cards in pool.values() for c in cards)
    s.box = []
    if deck is None:
        s.deck = rest + s.deck
    elif discard is None:
        s.discard = rest + s.discard
    else:
        s.box = rest
    s.phase = PHASE[phase]
    s.active = active
    s.planted = planted
    s.exhaustions = exhaustions
    s.ending = False
    s.passed = [False] * n
    s.offers, s.offer_status, s.accepted_by = [], [], []
    s.offers_made = [0] * n
    s.refresh()
    return s


# ------------------------------------------------------------------ helpers


def names(s: Any, cards: Sequence[int]) -> list[str]:
    """Variety names of card ids (EMPTY slots become None)."""
    return [None if c == EMPTY else VARIETIES[s.cfg.variety_of[c]] for c in cards]


def field_names(s: Any, p: int) -> list[list[str]]:
    return [names(s, f) for f in s.fields[p]]


def every_card(s: Any) -> list[int]:
    """All card ids in all zones (B-11), with repeats if a card were in two zones."""
    out = s.deck + s.discard + s.revealed + s.offer_area + s.box
    out += [c for c in s.faceup if c != EMPTY]
    for p in range(s.num_players):
        out += s.hands[p] + s.treasury[p] + s.trade[p] + [c for f in s.fields[p] for c in f]
    return out


def assert_conserved(s: Any) -> None:
    """B-12: every card of the game exactly once."""
    assert sorted(every_card(s)) == list(range(s.cfg.num_cards))


def act(s: Any, player: int, text: str) -> list[Any]:
    """Apply an action given in its text form."""
    return s.apply(player, GAME.parse_action(text))


def menu(s: Any, player: int) -> list[str]:
    """The text forms of the enumerated menu (small menus only)."""
    return [str(a) for a in s.legal_actions(player)]


def refused(s: Any, player: int, action: str | Action, clause: str | None) -> IllegalActionError:
    """Assert the action is refused naming ``clause`` (None: any) and the state is unchanged."""
    a = GAME.parse_action(action) if isinstance(action, str) else action
    before = s.key()
    assert not s.is_legal(player, a)
    with pytest.raises(IllegalActionError) as info:
        s.apply(player, a)
    assert s.key() == before
    if clause is not None:
        assert clause in (info.value.clause or "").replace(" ", "").split(",")
    return info.value


def play_random(s: Any, seed: int, limit: int = 20000, check: Any = None) -> int:
    """Play seeded random legal actions until the game ends (or ``limit`` actions); calls
    ``check(s)`` after every action. Returns the number of actions applied."""
    rng = random.Random(seed)
    count = 0
    while not s.is_terminal() and count < limit:
        player = s.to_move()[0] if rng.random() < 0.7 else rng.choice(s.to_move())
        options = s.legal_actions(player)
        s.apply(player, options[rng.randrange(len(options))])
        count += 1
        if check is not None:
            check(s)
    return count
