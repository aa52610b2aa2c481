"""High Card's rules (``rules.md``): setup, the one check and the effects. Pure: the state's
own ``Rng`` shuffles, nothing else is random; checks return a ``Refusal`` naming the clause."""

from __future__ import annotations

from seedbed.engine.api import Event
from seedbed.engine.errors import Refusal, refuse
from toy_game.options import HAND
from toy_game.state import NONE, Zones


def setup(z: Zones) -> None:
    """T-5: shuffle the deck, deal 3 cards to each player (the top card is the last)."""
    z.rng.shuffle(z.deck)
    for _ in range(HAND):
        for hand in z.hands:
            hand.append(z.deck.pop())


def movers(z: Zones) -> tuple[int, ...]:
    """T-6, T-8, T-11: the players who have not committed this round."""
    return () if z.over else tuple(p for p in (0, 1) if z.committed[p] == NONE)


def check_play(z: Zones, player: int, card: int) -> Refusal | None:
    """T-7: the card must be in the player's hand (the caller has checked T-8 and T-11)."""
    if card not in z.hands[player]:
        return refuse("T-7", f"card {card} is not in player {player}'s hand")
    return None


def play(z: Zones, player: int, card: int) -> list[Event]:
    """T-6: commit the card face down; T-9 … T-11 once both players have committed."""
    z.hands[player].remove(card)
    z.committed[player] = card
    events = [Event("commit", {"player": player}, {"card": card}, (player,))]
    if NONE not in z.committed:
        events += reveal(z)
    return events


def reveal(z: Zones) -> list[Event]:
    """T-9: the higher card scores; T-10: both draw; T-11: the last round ends the game."""
    cards = z.committed[:]
    winner = 0 if cards[0] > cards[1] else 1
    z.scores[winner] += 1
    z.discard += cards
    z.committed = [NONE, NONE]
    events = [Event("reveal", {"round": z.round, "cards": cards, "winner": winner})]
    if z.round == z.options["rounds"]:
        z.over = True
        return [*events, Event("game_over", {"scores": z.scores[:]})]
    if len(z.deck) >= 2:
        for p in (0, 1):
            card = z.deck.pop()
            z.hands[p].append(card)
            events.append(Event("draw", {"player": p}, {"card": card}, (p,)))
    z.round += 1
    return [*events, Event("round", {"round": z.round})]
