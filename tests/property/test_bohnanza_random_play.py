"""Hypothesis suites for Bohnanza (DESIGN §6.4): random legal play from random seeds,
editions and options with the invariants after every action, and direct submissions of
arbitrary well-formed Offer/Accept actions outside the menu, which must either apply or be
refused leaving the state byte-identical. Shrinking gives minimal failing move sequences."""

from __future__ import annotations

from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import seedbed
from seedbed.engine.api import Action
from seedbed.engine.errors import IllegalActionError
from seedbed.engine.rng import Rng
from seedbed.games.bohnanza import BohnanzaState
from seedbed.games.bohnanza.actions import Accept, Offer

GAME = seedbed.game("bohnanza", engine="python")  # the tests read the Python zones
SETTINGS = settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
MAX_STEPS = 6000


@st.composite
def setups(draw: st.DrawFn) -> tuple[int, int, dict[str, Any]]:
    edition = draw(st.sampled_from(["standard", "classic"]))
    n = draw(st.integers(2, 7) if edition == "standard" else st.integers(3, 5))
    options: dict[str, Any] = {
        "edition": edition,
        "max_offers": draw(st.sampled_from([0, 1, 2, 6])),
        "treasury_visibility": draw(st.sampled_from(["secret", "open"])),
        "offer_menu": {
            "positions": draw(st.sampled_from(["frontmost", "all"])),
            "max_give": draw(st.integers(0, 2)),
            "max_want": draw(st.integers(0, 2)),
        },
    }
    return n, draw(st.integers(0, 2**32)), options


def invariants(state: BohnanzaState) -> None:
    """B-12 conservation, B-18/B-19 fields, no negative or impossible counts."""
    cfg = state.cfg
    cards = state.all_cards()
    assert sorted(cards) == list(range(cfg.num_cards)), "B-12: cards lost or duplicated"
    vo = cfg.variety_of
    for p in range(cfg.num_players):
        fields = state.fields[p]
        assert len(fields) in (2, 3), "B-18: 2 or 3 fields"
        assert (len(fields) == 3) == state.third[p] or cfg.start_fields == 3
        kinds = [vo[f[0]] for f in fields if f]
        assert len(kinds) == len(set(kinds)), "B-19: two fields of one variety"
        for f in fields:
            assert len({vo[c] for c in f}) <= 1, "B-18: a field mixes varieties"
    assert 0 <= state.exhaustions <= cfg.final_exhaustion
    assert state.to_move() or state.is_terminal()


def pick(menu: Any, choice: int, rng: Rng) -> Action:
    """Menu entry ``choice`` when hypothesis gave one, else a seeded random entry that avoids
    offers most of the time (so the rest of the game ends quickly)."""
    if choice >= 0:
        return menu[choice % len(menu)]  # type: ignore[no-any-return]
    for _ in range(8):
        a = menu[rng.below(len(menu))]
        if not isinstance(a, Offer):
            return a  # type: ignore[no-any-return]
    return menu[0]  # type: ignore[no-any-return]


@SETTINGS
@given(setup=setups(), choices=st.lists(st.integers(0, 2**16), max_size=300))
def test_random_legal_play_keeps_the_invariants(
    setup: tuple[int, int, dict[str, Any]], choices: list[int]
) -> None:
    n, seed, options = setup
    state = GAME.new_state(n, seed, options)
    assert isinstance(state, BohnanzaState)
    invariants(state)
    rng = Rng(seed)
    for step in range(MAX_STEPS):
        if state.is_terminal():
            break
        choice = choices[step] if step < len(choices) else -1
        movers = state.to_move()
        p = movers[choice % len(movers)] if choice >= 0 and choice % 5 == 0 else movers[0]
        menu = state.legal_actions(p)
        assert len(menu) > 0
        action = pick(menu, choice, rng)
        assert state.is_legal(p, action)
        assert GAME.action_from_json(action.to_json()) == action
        assert GAME.parse_action(str(action)) == action
        state.apply(p, action)
        invariants(state)
    assert state.is_terminal(), f"no end within {MAX_STEPS} steps"
    outcome = state.outcome()
    assert outcome.scores == tuple(len(t) for t in state.treasury)


# ------------------------------------------------------------------ direct submissions

# Mostly plausible parts (so that many submissions apply), sometimes out of range.
positions = st.one_of(
    st.lists(st.integers(0, 4), max_size=3, unique=True), st.lists(st.integers(-1, 12), max_size=4)
)
slots = st.one_of(
    st.lists(st.integers(0, 1), max_size=2, unique=True), st.lists(st.integers(-1, 2))
)
offers = st.builds(
    Offer.make,
    to=st.one_of(st.none(), st.integers(0, 2), st.integers(-1, 7)),
    give_faceup=slots,
    give_hand=positions,
    want=st.lists(st.integers(2, 8), max_size=2) | st.lists(st.integers(0, 10), max_size=4),
    want_faceup=slots,
)
accepts = st.builds(
    lambda offer_id, pos: Accept(offer_id, tuple(sorted(pos))),
    st.integers(-1, 40),
    positions,
)


def submit(state: BohnanzaState, player: int, action: Action) -> bool:
    """Apply or be refused; a refusal leaves the state byte-identical. True if applied."""
    before = state.key()
    legal = state.is_legal(player, action)
    try:
        state.apply(player, action)
    except IllegalActionError:
        assert not legal, f"is_legal said yes but {action} by {player} was refused"
        assert state.key() == before, f"refused {action} by {player} changed the state"
        return False
    assert legal, f"is_legal said no but {action} by {player} applied"
    invariants(state)
    return True


@SETTINGS
@given(
    setup=setups(),
    warmup=st.integers(0, 400),
    submissions=st.lists(
        st.tuples(st.integers(0, 6), st.one_of(offers, accepts)), min_size=1, max_size=40
    ),
)
def test_direct_offers_and_accepts_apply_or_change_nothing(
    setup: tuple[int, int, dict[str, Any]],
    warmup: int,
    submissions: list[tuple[int, Action]],
) -> None:
    n, seed, options = setup
    state = GAME.new_state(n, seed, options)
    assert isinstance(state, BohnanzaState)
    rng = Rng(seed ^ 0xABCDEF)
    applied = 0
    step = 0
    for who, action in submissions:
        # Play on (uniformly, offers included) to a trading phase, or to the warm-up's end.
        while not state.is_terminal() and (step < warmup or state.phase != 2) and step < 3000:
            movers = state.to_move()
            p = movers[rng.below(len(movers))]
            menu = state.legal_actions(p)
            state.apply(p, menu[rng.below(len(menu))])
            step += 1
        if state.is_terminal():
            break
        movers = state.to_move()
        player = movers[who % len(movers)] if who < 4 else who % n
        applied += submit(state, player, action)
    event(f"applied {min(applied, 3)}+ submissions")


@SETTINGS
@given(setup=setups(), warmup=st.integers(0, 300), data=st.data())
def test_accepting_listed_offers_with_any_positions(
    setup: tuple[int, int, dict[str, Any]], warmup: int, data: st.DataObject
) -> None:
    """Acceptances naming arbitrary positions (not only the front-most, B-50) of outstanding
    offers: legal exactly when the cards there match, and then they move (B-39)."""
    n, seed, options = setup
    if n == 2 and options["edition"] == "standard":
        return  # the duel has no trading
    state = GAME.new_state(n, seed, options)
    assert isinstance(state, BohnanzaState)
    rng = Rng(seed + 1)
    for _ in range(warmup + 3000):
        if state.is_terminal():
            return
        if state.phase == 2 and warmup <= 0 and any(st_ == 0 for st_ in state.offer_status):
            break
        warmup -= 1
        movers = state.to_move()
        p = movers[rng.below(len(movers))]
        menu = state.legal_actions(p)
        state.apply(p, menu[rng.below(len(menu))])
    else:
        return
    if state.phase != 2:
        return
    open_offers = [r for i, r in enumerate(state.offers) if state.offer_status[i] == 0]
    rec = data.draw(st.sampled_from(open_offers))
    acceptor = data.draw(st.sampled_from([q for q in range(n) if q != rec.proposer]))
    hand = state.hands[acceptor]
    chosen = data.draw(
        st.lists(st.integers(0, max(0, len(hand) - 1)), max_size=len(rec.want), unique=True)
        if hand
        else st.just([])
    )
    action = Accept(rec.offer_id, tuple(sorted(chosen)))
    vo = state.cfg.variety_of
    given_cards = [c for _, c in rec.give_faceup] + list(rec.give_hand)
    taken = [hand[i] for i in sorted(chosen)]
    matches = sorted(vo[c] for c in taken) == list(rec.want)
    event(f"accept matches: {matches}")
    if submit(state, acceptor, action):
        assert matches
        assert all(c in state.trade[acceptor] for c in given_cards)
        assert all(c in state.trade[rec.proposer] for c in taken)
    elif acceptor in state.to_move() and (rec.to in (None, acceptor)) and acceptor != state.active:
        assert (
            not matches
            or not all(c in state.hands[rec.proposer] for c in rec.give_hand)
            or any(state.faceup[sl] != c for sl, c in rec.give_faceup + rec.want_faceup)
        )
