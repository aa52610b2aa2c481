"""Setup, draws and the action phase of Stalk Exchange (S-19 … S-28, S-37).

Each action has a check (returns the reason it is illegal, citing the clause, or None) and an
effect (mutates the zones, returns the events). Checks never mutate, so a refused action
changes nothing.
"""

from __future__ import annotations

from bisect import insort

from seedbed.engine.api import Event
from seedbed.engine.errors import Refusal, refuse
from seedbed.games.stalk_exchange.config import FLOWERS, NUM_TYPES
from seedbed.games.stalk_exchange.state import BULB, EMPTY, NO_TOKEN, TRIGGER_SUPPLY, Zones


def draw(z: Zones) -> int:
    """One token uniformly at random from the Greenhouse (S-9); the caller checks it is not
    empty."""
    pick = z.rng.below(z.greenhouse_size)
    bag = z.greenhouse
    t = 0
    while pick >= bag[t]:
        pick -= bag[t]
        t += 1
    bag[t] -= 1
    z.greenhouse_size -= 1
    return t


def refill(z: Zones) -> list[list[int | str]]:
    """S-37: fill the empty slots from the rightmost to the leftmost; if the Greenhouse runs
    out first, trigger 2 occurs. Returns ``[slot, flower]`` for each draw (public)."""
    drawn: list[list[int | str]] = []
    exchange = z.exchange
    for slot in range(len(exchange) - 1, -1, -1):
        if exchange[slot] != NO_TOKEN:
            continue
        if z.greenhouse_size == 0:
            trigger(z, TRIGGER_SUPPLY)
            break
        t = draw(z)
        exchange[slot] = t
        drawn.append([slot, FLOWERS[t]])
    return drawn


def trigger(z: Zones, which: int) -> None:
    """Record an end trigger (S-38); the game ends after the current turn (S-39)."""
    if not z.crash:
        z.crash_turn = z.turns
    z.crash |= which


def setup(z: Zones) -> None:
    """S-19: deal portfolios round the table from seat 0, then fill the Exchange."""
    config = z.config
    for _ in range(config.portfolio_size):
        for portfolio in z.portfolios:
            portfolio[draw(z)] += 1
    refill(z)


# ------------------------------------------------------------------ the action phase


def can_act(z: Zones) -> bool:
    """Whether one more Plant or Swap may be taken: a basic action remains, or an unspent
    Seedy Business token pays for an extra one (S-23)."""
    return z.basic_taken < z.config.basic_actions or z.seedy[z.active] > 0


def count_action(z: Zones) -> bool:
    """Count a Plant or Swap as basic, or spend a token for it (S-23); True if extra."""
    if z.basic_taken < z.config.basic_actions:
        z.basic_taken += 1
        return False
    spend_seedy(z)
    return True


def spend_seedy(z: Zones) -> None:
    """S-17: an unspent token becomes spent, for good."""
    p = z.active
    z.seedy[p] -= 1
    z.spent[p] += 1


def any_swap(z: Zones) -> bool:
    """Whether some slot holds a type the active player can swap a different type for."""
    portfolio = z.portfolios[z.active]
    held = [t for t in range(NUM_TYPES) if portfolio[t]]
    if not held:
        return False
    return any(t != NO_TOKEN and (len(held) > 1 or held[0] != t) for t in z.exchange)


def any_basic_possible(z: Zones) -> bool:
    """Whether a Plant or a Swap is possible now (the condition of S-27)."""
    occupied = any(t != NO_TOKEN for t in z.exchange)
    return occupied and (bool(z.empty) or any_swap(z))


def check_plant(z: Zones, slot: int, space: int) -> Refusal | None:
    if not 0 <= slot < len(z.exchange):
        return refuse("S-14", f"there is no slot {slot}")
    if z.exchange[slot] == NO_TOKEN:
        return refuse("S-24", f"slot {slot} is empty")
    if space < 0:
        return refuse("S-11", "that space is not in the Garden")
    if z.garden[space] != EMPTY:
        return refuse("S-24", "that Garden space is not empty")
    if not can_act(z):
        return refuse(
            "S-23", "no basic action left and no Seedy Business token to pay an extra one"
        )
    return None


def plant(z: Zones, slot: int, space: int) -> list[Event]:
    """S-24: the slot's token goes to the space bulb side up; the slot stays empty."""
    t = z.exchange[slot]
    z.exchange[slot] = NO_TOKEN
    z.garden[space] = BULB + t
    z.empty.remove(space)
    z.planted.append(space)
    extra = count_action(z)
    q, r = z.board.spaces[space]
    public = {"player": z.active, "slot": slot, "space": [q, r], "flower": FLOWERS[t]}
    return [Event("plant", {**public, "extra": extra})]


def check_swap(z: Zones, slot: int, give: int) -> Refusal | None:
    if not 0 <= slot < len(z.exchange):
        return refuse("S-14", f"there is no slot {slot}")
    if not 0 <= give < NUM_TYPES:
        return refuse("S-7", f"there is no flower type {give}")
    taken = z.exchange[slot]
    if taken == NO_TOKEN:
        return refuse("S-25", f"slot {slot} is empty")
    if give == taken:
        return refuse(
            "S-25", f"slot {slot} already holds a {FLOWERS[give]}: a swap must change type"
        )
    if z.portfolios[z.active][give] == 0:
        return refuse("S-25", f"the portfolio holds no {FLOWERS[give]}")
    if not can_act(z):
        return refuse(
            "S-23", "no basic action left and no Seedy Business token to pay an extra one"
        )
    return None


def swap(z: Zones, slot: int, give: int) -> list[Event]:
    """S-25: the slot's token enters the portfolio, a token of ``give`` takes its place. Both
    types are public (S-48), so the tokens the player is known to hold are updated."""
    p = z.active
    taken = z.exchange[slot]
    portfolio = z.portfolios[p]
    portfolio[give] -= 1
    portfolio[taken] += 1
    z.exchange[slot] = give
    shown = z.shown[p]
    shown[give] = max(shown[give] - 1, 0)
    shown[taken] += 1
    extra = count_action(z)
    public = {"player": p, "slot": slot, "took": FLOWERS[taken], "gave": FLOWERS[give]}
    return [Event("swap", {**public, "extra": extra})]


def check_flush(z: Zones) -> Refusal | None:
    if z.seedy[z.active] == 0:
        return refuse("S-26", "no unspent Seedy Business token")
    return None


def flush(z: Zones) -> list[Event]:
    """S-26: spend a token; compost the whole Exchange; refill every slot (S-37)."""
    spend_seedy(z)
    composted = []
    for slot, t in enumerate(z.exchange):
        if t != NO_TOKEN:
            z.compost[t] += 1
            composted.append(FLOWERS[t])
            z.exchange[slot] = NO_TOKEN
    had_crash = z.crash
    drawn = refill(z)
    public = {"player": z.active, "composted": composted, "drawn": drawn}
    events = [Event("flush", public)]
    if z.crash & TRIGGER_SUPPLY and not had_crash & TRIGGER_SUPPLY:
        events.append(Event("crash", {"trigger": 2, "during": "flush"}))
    return events


def check_end_actions(z: Zones) -> Refusal | None:
    if z.basic_taken < z.config.basic_actions and any_basic_possible(z):
        left = z.config.basic_actions - z.basic_taken
        return refuse("S-27", f"{left} basic action(s) left and a Plant or Swap is possible")
    return None


def empty_space(z: Zones, space: int) -> None:
    """Mark a Garden space empty (harvest), keeping ``empty`` in canonical order."""
    z.garden[space] = EMPTY
    insort(z.empty, space)
