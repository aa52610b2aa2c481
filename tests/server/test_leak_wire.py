"""The leak test over the wire (issue 6 acceptance): whole games of each game with every seat
a scripted human on its own WebSocket. After the game the stored record is replayed step by
step, and for every message seat A received:

(a) its view, to_move, legal actions and redacted events are exactly what the engine gives
    A at that version (so the server adds nothing to ``observe(A)`` / ``for_viewer(A)``);
(b) a scan of the whole message finds no value A may not know at that moment: a card in
    another hand, the deck, another treasury or the box (Bohnanza); another player's
    portfolio (Stalk Exchange); a card or tile id A never saw (Fields of Green); nor the
    generator state.

The scan is shown able to fail: a hidden value planted into a real message is reported.
"""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Callable
from typing import Any

import pytest

from seedbed.engine.api import State

from .wire import (
    Message,
    PlayLog,
    Script,
    Seat,
    Server,
    check_final,
    check_views,
    events_of,
    human,
    play,
    states_of,
    tokens,
)

Scan = Callable[[list[State], int, int | None, Message], list[str]]
"""(states, seat, previous version or None, message) -> what leaked."""


def compact(obj: Any) -> str:
    return json.dumps(obj, separators=(",", ":"))


def reference(state: Any) -> Any:
    """The state's zones as the Python engine holds them (a native state's Python twin,
    issue 14)."""
    return state.python_state() if hasattr(state, "python_state") else state


def generator_leaks(state: Any, msg: Message) -> list[str]:
    text = compact(msg)
    rng_state = str(reference(state).rng.state)
    return [f"generator state {rng_state}"] if rng_state in text else []


# -------------------------------------------------------------------- Bohnanza


def card_ids(obj: Any) -> set[int]:
    """Every Bohnanza card id in a JSON value: cards are objects with ``id`` and
    ``variety``."""
    found: set[int] = set()
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            if isinstance(x.get("id"), int) and "variety" in x:
                found.add(x["id"])
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    return found


def bohnanza_hidden(state: Any, viewer: int) -> set[int]:
    s = reference(state)
    hidden = set(s.deck) | set(s.box)
    for q in range(s.num_players):
        if q != viewer:
            hidden.update(s.hands[q])
            hidden.update(s.treasury[q])
    return hidden


def scan_bohnanza(states: list[State], seat: int, prev: int | None, msg: Message) -> list[str]:
    """Cards hidden from the seat at every state from its previous view to this one."""
    v = msg["version"]
    hidden = bohnanza_hidden(states[v], seat)
    for k in range(v if prev is None else prev, v):
        hidden &= bohnanza_hidden(states[k], seat)
    leaked = card_ids(msg) & hidden
    found = [f"hidden cards {sorted(leaked)}"] if leaked else []
    return found + generator_leaks(states[v], msg)


# -------------------------------------------------------------------- Stalk Exchange


def scan_stalk_exchange(
    states: list[State], seat: int, prev: int | None, msg: Message
) -> list[str]:
    """Another player's portfolio (beyond what their swaps showed) written out anywhere in
    the message, unless that very vector is also a public or own one."""
    s: Any = reference(states[msg["version"]])
    if s.over:
        return generator_leaks(s, msg)
    text = compact(msg)
    public = {compact(list(x)) for x in [s.compost, s.values, s.portfolios[seat], *s.shown]}
    found = []
    for q in range(s.num_players):
        vector = compact(list(s.portfolios[q]))
        hidden = list(s.portfolios[q]) != list(s.shown[q]) and vector not in public
        if q != seat and hidden and vector in text:
            found.append(f"portfolio of {q} {vector}")
    return found + generator_leaks(s, msg)


# -------------------------------------------------------------------- Fields of Green

NONE = -1  # no card / tile (fields_of_green/state.py)
KEEP_FRAME, PLACE_FRAME = 4, 5  # F_KEEP, F_PLACE of fields_of_green/state.py
CARD_FIELDS = {"card", "cards", "tower", "silo", "restored", "towers"}
TILE_FIELDS = {"tile_id", "tiles", "discarded_tiles"}


def ints(value: Any) -> list[int]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, list | tuple):
        return [x for v in value for x in ints(v)]
    if isinstance(value, dict):
        return [x for v in value.values() for x in ints(v)]
    return []


def fog_ids(view: Any, events: list[Any]) -> tuple[set[int], set[int]]:
    """Card ids (``{"id", "design", "kind"}``) and tile ids (``{"id", "design"}``) in a view,
    and the card and tile ids named by the id fields of redacted events."""
    cards: set[int] = set()
    tiles: set[int] = set()
    stack = [view]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            if isinstance(x.get("id"), int) and "design" in x:
                (cards if "kind" in x else tiles).add(x["id"])
            stack.extend(x.values())
        elif isinstance(x, list):
            stack.extend(x)
    for e in events:
        for key, value in e.items():
            if key in CARD_FIELDS:
                cards |= set(ints(value))
            elif key in TILE_FIELDS or (key == "tile" and not isinstance(value, str)):
                tiles |= set(ints(value)) - {NONE}
    return cards, tiles


def fog_known(s: Any, v: int) -> tuple[set[int], set[int]]:
    """Ids v may know at this state: public ones (F-77) and what v holds (F-78)."""
    s = reference(s)  # the Python zones (a native state's twin, issue 15)
    cards = {c for f in s.farms for c in f.values()} | set(s.discard) | set(s.display)
    cards |= {c for c in s.revealed if c != NONE} | set(s.towers) | set(s.silos)
    cards |= set(s.hands[v]) | ({s.commits[v]} - {NONE})
    tiles = {t for ts in s.equip.values() for t in ts} | set(s.tile_discard)
    tiles |= {t for a in s.aside for t in a}
    for f in s.stack:
        if f[1] == v and f[0] in (KEEP_FRAME, PLACE_FRAME):
            tiles |= set(f[2:])
    return cards, tiles


class FogKnowledge:
    """What each seat has seen so far (public at some time, or held), version by version."""

    def __init__(self, states: list[State], num_players: int) -> None:
        self.by_seat: list[list[tuple[set[int], set[int]]]] = []
        for v in range(num_players):
            cards: set[int] = set()
            tiles: set[int] = set()
            history = []
            for s in states:
                c, t = fog_known(s, v)
                cards, tiles = cards | c, tiles | t
                history.append((cards, tiles))
            self.by_seat.append(history)

    def scan(self, states: list[State], seat: int, prev: int | None, msg: Message) -> list[str]:
        known_cards, known_tiles = self.by_seat[seat][msg["version"]]
        cards, tiles = fog_ids(msg["view"], msg["events"])
        found = []
        if cards - known_cards:
            found.append(f"unseen cards {sorted(cards - known_cards)}")
        if tiles - known_tiles:
            found.append(f"unseen tiles {sorted(tiles - known_tiles)}")
        text = compact(msg)
        if '"rng"' in text:
            found.append("a generator field")
        return found + generator_leaks(states[msg["version"]], msg)


# -------------------------------------------------------------------- planting a leak


def plant_bohnanza(states: list[State], seat: int, msg: Message) -> Message | None:
    s: Any = reference(states[msg["version"]])
    other = next((q for q in range(s.num_players) if q != seat and s.hands[q]), None)
    if other is None:
        return None
    planted: Message = json.loads(json.dumps(msg))
    planted["view"]["leak"] = {"id": s.hands[other][-1], "variety": "coffee"}
    return planted


def plant_stalk_exchange(states: list[State], seat: int, msg: Message) -> Message | None:
    s: Any = reference(states[msg["version"]])
    public = [list(x) for x in [s.compost, s.values, s.portfolios[seat], *s.shown]]
    for q in range(s.num_players):
        if q != seat and list(s.portfolios[q]) not in public and not s.over:
            planted: Message = json.loads(json.dumps(msg))
            planted["view"]["leak"] = list(s.portfolios[q])
            return planted
    return None


def plant_fields_of_green(states: list[State], seat: int, msg: Message) -> Message | None:
    s: Any = reference(states[msg["version"]])
    known = fog_known(s, seat)[0]
    unseen = [c for c in s.piles[0] if c not in known]
    if not unseen:
        return None
    planted: Message = json.loads(json.dumps(msg))
    planted["events"] = [*planted["events"], {"kind": "draw", "player": seat, "card": unseen[0]}]
    return planted


PLANT = {
    "bohnanza": plant_bohnanza,
    "stalk_exchange": plant_stalk_exchange,
    "fields_of_green": plant_fields_of_green,
}


# -------------------------------------------------------------------- the test


def scanner(game: str, states: list[State], n: int) -> Scan:
    if game == "bohnanza":
        return scan_bohnanza
    if game == "stalk_exchange":
        return scan_stalk_exchange
    return FogKnowledge(states, n).scan


def scan_messages(scan: Scan, states: list[State], seat: Seat) -> int:
    """Scan every view message of one connection; how many were scanned."""
    assert seat.seat is not None
    prev: int | None = None
    scanned = 0
    for msg in seat.views:
        leaks = scan(states, seat.seat, prev, msg)
        assert not leaks, f"seat {seat.seat} v{msg['version']}: {leaks}"
        prev = msg["version"]
        scanned += 1
    return scanned


def planted_is_caught(game: str, scan: Scan, states: list[State], seat: Seat) -> bool:
    """Plant a hidden value into some mid-game message of the seat; the scan must report it."""
    assert seat.seat is not None
    views = seat.views
    for msg in views[len(views) // 3 :]:
        planted = PLANT[game](states, seat.seat, msg)
        if planted is not None:
            return bool(scan(states, seat.seat, msg["version"], planted))
    raise AssertionError("found no message to plant a hidden value into")


@pytest.mark.parametrize("game", ["bohnanza", "stalk_exchange", "fields_of_green"])
def test_no_message_shows_what_its_seat_may_not_know(server: Server, game: str) -> None:
    created = server.create_table(game, [human("a"), human("b"), human("c")], seed=21)
    table, toks = created["table_id"], tokens(created)

    async def run() -> tuple[list[Seat], list[PlayLog]]:
        seats = [await Seat.connect(server, table, toks[k]) for k in range(3)]
        compose = 0.05 if game == "bohnanza" else 0.0
        logs = await asyncio.gather(
            *(play(s, Script(random.Random(k), compose)) for k, s in enumerate(seats))
        )
        for s in seats:
            await s.close()
        return seats, list(logs)

    seats, logs = asyncio.run(run())
    assert all(log.how == "finished" for log in logs)
    record = server.record(table)
    states, events = states_of(record), events_of(record)
    scan = scanner(game, states, record.num_players)
    for s in seats:
        assert check_views(s.messages, states, events, game) > 10
        check_final(record, s.last_view)
        assert scan_messages(scan, states, s) > 10
        assert planted_is_caught(game, scan, states, s), "the scan misses a planted value"
    for k in range(3):  # issue 17: a new connection's history is its seat's redaction only
        history = asyncio.run(history_of(server, table, toks[k]))
        assert [e["version"] for e in history] == list(range(1, len(record.moves) + 1))
        for entry in history:
            want = events[entry["version"] - 1][k]
            assert compact(entry["events"]) == compact(want), f"seat {k} v{entry['version']}"


async def history_of(server: Server, table: str, token: str) -> list[Message]:
    """The history entries a new connection of the seat receives after its view."""
    seat = await Seat.connect(server, table, token)
    await seat.close()
    return [e for m in seat.messages if m["type"] == "history" for e in m["entries"]]
