"""The action phase's card flow: 3-4 player commit, pass, reveal and resolve order
(F-45 … F-50), and the 2-player display and alternating picks (F-69, F-70)."""

from __future__ import annotations

from seedbed.engine.api import Event
from seedbed.games.fields_of_green.state import COMMIT, HARVEST, NONE, RESOLVE, Zones

REFILL = 2  # F-70: cards turned up after every second pick


def commit(s: Zones, p: int, card: int, ev: list[Event]) -> None:
    """F-46: the card is set aside face down; others learn only that p committed."""
    s.hands[p].remove(card)
    s.commits[p] = card
    ev.append(Event("commit", {"player": p}, {"card": card}, (p,)))


def committers(s: Zones) -> tuple[int, ...]:
    """Players who still have to commit this turn, in turn order (F-7)."""
    return tuple(q for q in s.order() if s.hands[q] and s.commits[q] == NONE)


def commit_step(s: Zones, ev: list[Event]) -> bool:
    """Auto-commit single cards (F-46); once everybody committed, pass and reveal.
    True while a player must choose a card."""
    for q in s.order():
        if len(s.hands[q]) == 1 and s.commits[q] == NONE:
            commit(s, q, s.hands[q][0], ev)
    if committers(s):
        return True
    if all(c == NONE for c in s.commits):
        begin_harvest(s, ev)  # F-50: nobody holds a card
        return False
    pass_hands(s, ev)
    reveal(s, ev)
    return False


def pass_hands(s: Zones, ev: list[Event]) -> None:
    """F-47: every hand moves one seat in the year's direction; the receiver sees it."""
    n = s.cfg.num_players
    d = s.direction()
    moved: list[list[int]] = [[] for _ in range(n)]
    for q in range(n):
        moved[(q + d) % n] = s.hands[q]
    s.hands = moved
    for q in range(n):
        bit = 1 << q
        for c in moved[q]:
            s.seen[c] |= bit
        ev.append(
            Event("receive", {"player": q, "count": len(moved[q])}, {"cards": moved[q][:]}, (q,))
        )


def reveal(s: Zones, ev: list[Event]) -> None:
    """F-48, F-49: all commits face up at once; then resolution in turn order."""
    s.revealed = s.commits
    s.commits = [NONE] * s.cfg.num_players
    ev.append(Event("reveal", {"cards": s.revealed[:]}))
    s.phase, s.pos = RESOLVE, 0


def resolve_step(s: Zones) -> bool:
    """True while the current player still has a revealed card to use (F-49)."""
    n = s.cfg.num_players
    while s.pos < n:
        if s.revealed[s.actor()] != NONE:
            return True
        s.pos += 1
    s.phase, s.pos = COMMIT, 0
    s.turn += 1
    return False


def used(s: Zones, p: int, card: int, ev: list[Event]) -> None:
    """The card of an action leaves the revealed slot or the display; the turn moves on."""
    if s.cfg.duel:
        s.display.remove(card)
        s.turn += 1
        s.pos = s.turn % 2
        if s.turn % 2 == 0 and s.shared:
            refill_display(s, ev)
    else:
        s.revealed[p] = NONE
        s.pos += 1


def refill_display(s: Zones, ev: list[Event]) -> None:
    """F-70: 2 more cards (or the one left) face up after every second pick."""
    new = [s.shared.pop() for _ in range(min(REFILL, len(s.shared)))]
    s.display += new
    ev.append(Event("display", {"cards": new, "shared": len(s.shared)}))


def pick_step(s: Zones, ev: list[Event]) -> bool:
    """2 players: True while display cards remain (F-70)."""
    if s.display:
        return True
    begin_harvest(s, ev)
    return False


def begin_harvest(s: Zones, ev: list[Event]) -> None:
    s.phase, s.pos, s.turn = HARVEST, 0, 0
    s.handled = []
    ev.append(Event("harvest-phase", {"year": s.year}))
