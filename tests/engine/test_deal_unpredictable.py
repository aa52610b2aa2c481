"""Issue 37 item 1: the deal can no longer be computed from the cards a viewer sees.

The attack that broke the old generator is replayed (``lcg_attack.py``): a viewer (a seat or
a spectator) of a Bohnanza table reads, from what it is shown, which card left the deck at
which position; cards whose id is at most their position give Fisher-Yates draws exactly; a
lattice turns those draws into the generator's state, which predicts the rest of the deck.

- On the old generator (modelled in ``lcg_attack.OldRng`` and dealt through the real rules) the
  attack recovers the state in the 18 games and predicts the remaining deck card for card: the
  test shows the method works, so its failure on the new generator means something.
- On the engine's generator now, the same method on the same 18 games finds no state that
  explains the draws, and its best lattice guess predicts later cards no better than chance.
- The card ids a viewer sees tell nothing of the order of the cards it has not seen: the next
  card is uniform among the unseen ids, whatever was seen (a chi-square test over many deals).
  That ``observe`` is the same for two states that differ only in the order of the hidden deck
  is tested by ``tests/games/bohnanza/test_leaks.py`` (twin (b), ``test_differential_leaks``).
"""

from __future__ import annotations

from dataclasses import dataclass

import pytest
from lcg_attack import OldRng, Viewer, candidate, consistent, info_bits, old_deal, revealed_draws

import seedbed
from seedbed.engine.rng import Rng
from seedbed.games.bohnanza import BohnanzaState, rules

GAME = seedbed.game("bohnanza", engine="python")  # the true deck is read from its zones
CASES = [(n, viewer) for n in (2, 3, 4, 5) for viewer in (*range(n), None)]  # 18 games
FIRST_TURN, LAST_TURN = 11, 19  # the attacker strikes in this window of turns ...
ENOUGH_BITS = 80  # ... as soon as the draws it has read fix this many bits of output


@dataclass
class Outcome:
    """One attacked game: whether a state explaining every draw was found, and how the
    prediction of the cards still in the deck (the verified state's, else the lattice's best
    guess) fared against chance (a uniform guess among the ids the viewer has not seen)."""

    turn: int
    recovered: bool
    later: int
    hits: int
    chance: float


def attack(num_players: int, viewer: int | None, seed: int) -> Outcome:
    """Play random legal moves; at the first turn of the window where the viewer has read
    enough draws (or at its last turn), run the attack and score it on the true deck."""
    state = GAME.new_state(num_players, seed)
    assert isinstance(state, BohnanzaState)
    eye = Viewer(viewer, state.observe(viewer))
    moves = Rng(seed + 1000)
    while True:
        draws = revealed_draws(eye.seen)
        if eye.turn >= LAST_TURN or (eye.turn >= FIRST_TURN and info_bits(draws) >= ENOUGH_BITS):
            break
        assert not state.is_terminal()
        movers = state.to_move()
        p = movers[moves.below(len(movers))]
        menu = state.legal_actions(p)
        events = state.apply(p, menu[moves.below(len(menu))])
        eye.update(e.for_viewer(viewer) for e in events)
    n = state.cfg.num_cards
    assert eye.live and eye.pos == n - len(state.deck), "the viewer lost track of the deck"
    guess = candidate(draws, n)  # what recover() checks, kept to score it even when refuted
    found = consistent(guess, n, draws)
    later = state.deck[::-1]  # positions eye.pos, eye.pos + 1, ... of the deal
    predicted = old_deal(guess, n)[eye.pos :]
    hits = sum(a == b for a, b in zip(predicted, later, strict=True))
    chance = len(later) / (n - len(eye.seen))
    return Outcome(eye.turn, found, len(later), hits, chance)


def test_the_model_is_the_old_generator() -> None:
    """``OldRng`` deals as commit 461bf95's generator did (values taken from that code)."""
    r = OldRng(2024)
    deck = list(range(154))
    r.shuffle(deck)
    assert deck[:12] == [147, 120, 142, 133, 127, 59, 36, 95, 107, 51, 62, 138]
    assert r.below(1000) == 606
    assert r.spawn().state == 11201893519228577112


def attack_all() -> list[Outcome]:
    return [attack(n, viewer, 37 * i + 5) for i, (n, viewer) in enumerate(CASES)]


def test_the_attack_recovers_the_old_generator(monkeypatch: pytest.MonkeyPatch) -> None:
    """The method works: dealt by the old LCG, the 18 games give up their state and the
    rest of their deck (>= 95% of later cards in >= 17 games)."""
    monkeypatch.setattr(rules, "Rng", OldRng)
    out = attack_all()
    recovered = [o for o in out if o.recovered]
    exact = [o for o in out if o.hits >= 0.95 * o.later]
    assert len(recovered) >= 17 and len(exact) >= 17, out


def test_the_attack_recovers_nothing_from_the_engine() -> None:
    """Issue 37 item 1: on today's generator the same 18 games yield no state explaining the
    draws, and the lattice's guesses predict later cards below three times chance."""
    out = attack_all()
    assert not [o for o in out if o.recovered], out
    hits = sum(o.hits for o in out)
    chance = sum(o.chance for o in out)
    assert hits < 3 * chance, (hits, chance, out)


# ------------------------------------------------------------------ what the ids tell

DEALS = range(4000)  # fixed seeds: the test is deterministic
BUCKETS = 8
GROUPS = 4
# Generous bounds: the 0.1% points of chi-square are 24.3 (7 degrees of freedom) and 41.8 (21).
UNIFORM_LIMIT = 30.0
INDEPENDENT_LIMIT = 50.0


def next_card_after_the_deal(seed: int) -> tuple[list[int], int, int]:
    """For a deal of ``seed`` (2-5 players, one seat watching): the ids the seat has seen (its
    hand), the rank of the next card to leave the deck among the ids it has not seen, and how
    many those are."""
    n = 2 + seed % 4
    state = GAME.new_state(n, seed)
    assert isinstance(state, BohnanzaState)
    hand = [c["id"] for c in state.observe(seed % n)["hand"]]
    unseen = sorted(set(range(state.cfg.num_cards)) - set(hand))
    return hand, unseen.index(state.deck[-1]), len(unseen)


def chi_square(table: list[list[int]]) -> float:
    """Pearson's statistic of a contingency table against independence of rows and columns."""
    total = sum(map(sum, table))
    cols = [sum(col) for col in zip(*table, strict=True)]
    stat = 0.0
    for row in table:
        for x, col in zip(row, cols, strict=True):
            want = sum(row) * col / total
            stat += (x - want) ** 2 / want
    return stat


def test_seen_ids_say_nothing_of_the_next_card() -> None:
    """Issue 37 item 1: given the ids a seat has seen, the next card to leave the deck is
    uniform among the ids it has not seen (its rank among them, in 8 buckets, against the
    buckets' exact shares), and its rank does not depend on what was seen (the id of the
    seat's last dealt card, in 4 groups)."""
    table = [[0] * BUCKETS for _ in range(GROUPS)]
    share = [0.0] * BUCKETS  # the count each bucket expects if the next card is uniform
    for seed in DEALS:
        hand, rank, unseen = next_card_after_the_deal(seed)
        table[hand[-1] * GROUPS // (len(hand) + unseen)][rank * BUCKETS // unseen] += 1
        for r in range(unseen):
            share[r * BUCKETS // unseen] += 1 / unseen
    counts = [sum(col) for col in zip(*table, strict=True)]
    uniform = sum((x - e) ** 2 / e for x, e in zip(counts, share, strict=True))
    assert uniform < UNIFORM_LIMIT, (counts, share)
    assert chi_square(table) < INDEPENDENT_LIMIT, table
