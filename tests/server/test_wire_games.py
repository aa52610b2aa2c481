"""Whole games over the real protocol (issue 6 acceptance): scripted humans and bots, two
humans at one table, a reconnect mid-game, a spectator, and two seats accepting one open
Bohnanza offer at the same moment. Every view each connection received is checked against
the engine (replaying the record the server returns), and every move of a scripted seat in
the record is an act that seat sent for that version."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import pytest

from .wire import (
    Message,
    PlayLog,
    Script,
    Seat,
    Server,
    bot,
    canon,
    check_acts,
    check_final,
    check_views,
    events_of,
    human,
    play,
    states_of,
    tokens,
)

GAMES: dict[str, list[dict[str, Any]]] = {
    "bohnanza": [human("ann"), bot("random"), bot("greedy")],
    "stalk_exchange": [bot("greedy"), human("bea"), bot("random")],
    "fields_of_green": [bot("random"), bot("greedy"), human("cy")],
}


def check_game(server: Server, table_id: str, seats: list[Seat], logs: list[PlayLog]) -> None:
    """The record: finished, replays to the final views, holds exactly the acts sent; the
    views of every connection match the engine at their versions."""
    record = server.record(table_id)
    states, events = states_of(record), events_of(record)
    for seat, log in zip(seats, logs, strict=True):
        assert log.how == "finished"
        check_final(record, seat.last_view)
        assert seat.seat is not None
        check_acts(record, seat.seat, log.acts, seat.messages)
        check_views(seat.messages, states, events, table_id)
    assert server.summary(table_id)["status"] == "finished"
    listed = [t["table_id"] for t in server.get("/api/tables").json()["tables"]]
    assert table_id not in listed, "a finished table is still listed as open/running"


@pytest.mark.parametrize("game", sorted(GAMES))
def test_full_game_with_bots(server: Server, game: str) -> None:
    created = server.create_table(game, GAMES[game], seed=11)
    (seat_no, token), *rest = tokens(created).items()
    assert not rest
    listed = [t["table_id"] for t in server.get("/api/tables").json()["tables"]]
    assert created["table_id"] in listed

    async def run() -> tuple[Seat, PlayLog, Message]:
        seat = await Seat.connect(server, created["table_id"], token)
        assert seat.seat == seat_no
        log = await play(seat, Script(random.Random(3), compose=0.05 if game == "bohnanza" else 0))
        await seat.act(seat.last_view["version"], {"type": "end"})
        err = await seat.next_of("error")
        await seat.close()
        return seat, log, err

    seat, log, err = asyncio.run(run())
    assert err["code"] == "finished"
    check_game(server, created["table_id"], [seat], [log])


def test_two_humans_at_one_table(server: Server) -> None:
    created = server.create_table("stalk_exchange", [human("a"), bot("random"), human("b")], seed=5)
    table = created["table_id"]

    async def run() -> tuple[list[Seat], list[PlayLog]]:
        seats = [await Seat.connect(server, table, t) for t in tokens(created).values()]
        scripts = [Script(random.Random(k)) for k in range(len(seats))]
        logs = await asyncio.gather(*(play(s, sc) for s, sc in zip(seats, scripts, strict=True)))
        for s in seats:
            await s.close()
        return seats, list(logs)

    seats, logs = asyncio.run(run())
    assert sorted(s.seat for s in seats if s.seat is not None) == [0, 2]
    assert all(log.acts for log in logs)
    check_game(server, table, seats, logs)


def test_reconnect_mid_game(server: Server) -> None:
    created = server.create_table("stalk_exchange", [human(), bot("random"), bot("random")], seed=8)
    table, token = created["table_id"], tokens(created)[0]

    async def run() -> tuple[list[Seat], list[PlayLog]]:
        first = await Seat.connect(server, table, token)
        script = Script(random.Random(9))
        log1 = await play(first, script, max_acts=6)
        assert log1.how == "paused"
        before = first.last_view
        await first.close()
        again = await Seat.connect(server, table, token)
        now = again.last_view
        assert now["version"] == before["version"]
        assert canon(now["view"]) == canon(before["view"])
        assert now["legal_actions"] == before["legal_actions"] and now["events"] == []
        log2 = await play(again, script)
        await again.close()
        return [first, again], [log1, log2]

    (first, again), (log1, log2) = asyncio.run(run())
    assert log2.how == "finished"
    record = server.record(table)
    check_acts(record, 0, log1.acts + log2.acts, first.messages + again.messages)
    states, events = states_of(record), events_of(record)
    check_views(first.messages, states, events, "before reconnect")
    check_views(again.messages, states, events, "after reconnect")
    check_final(record, again.last_view)


def test_spectator(server: Server) -> None:
    created = server.create_table("stalk_exchange", [bot("greedy"), human(), bot("random")], seed=2)
    table, token = created["table_id"], tokens(created)[1]

    async def watch(spectator: Seat) -> None:
        while spectator.last_view["status"] != "finished":
            await spectator.recv()

    async def run() -> tuple[Seat, Message]:
        spectator = await Seat.connect(server, table)
        player = await Seat.connect(server, table, token)
        log, _ = await asyncio.gather(play(player, Script(random.Random(1))), watch(spectator))
        assert log.how == "finished"
        await spectator.act(spectator.last_view["version"], {"type": "end"})
        err = await spectator.next_of("error")
        await player.close()
        await spectator.close()
        return spectator, err

    spectator, err = asyncio.run(run())
    assert err["code"] == "spectator"
    views = spectator.views
    assert len(views) > 10
    assert all(v["seat"] is None and v["legal_actions"] == [] for v in views)
    record = server.record(table)
    assert check_views(spectator.messages, states_of(record), events_of(record), "spectator")
    check_final(record, spectator.last_view)


def test_spectator_may_not_act_mid_game(server: Server) -> None:
    created = server.create_table("stalk_exchange", [human(), bot("random"), bot("random")], seed=3)

    async def run() -> Message:
        spectator = await Seat.connect(server, created["table_id"])
        view = spectator.last_view
        assert view["seat"] is None and view["legal_actions"] == [] and view["version"] == 0
        await spectator.act(0, {"type": "end"})
        err = await spectator.next_of("error")
        await spectator.close()
        return err

    assert asyncio.run(run())["code"] == "spectator"
    assert server.summary(created["table_id"])["version"] == 0


# -------------------------------------------------------------------- the Bohnanza race

GIFT = {"type": "offer", "to": "any", "give_faceup": [0], "give_hand": [], "want": [],
        "want_faceup": []}  # fmt: skip


async def to_trading(active: Seat) -> Message:
    """Plant the first card and end planting until the trading phase opens."""
    view = active.last_view
    while view["view"]["phase"] != "trade":
        legal = view["legal_actions"]
        step = {"type": "end-planting"} if {"type": "end-planting"} in legal else legal[0]
        await active.act(view["version"], step)
        view = await active.next_of("view")
    return view


async def settle(seat: Seat, version: int) -> tuple[Message, list[Message]]:
    """Messages until the view of ``version``, then a short quiet: (that view, the errors
    received meanwhile)."""
    mark = len(seat.messages)
    view = await seat.next_of("view")
    while view["version"] < version:
        view = await seat.next_of("view")
    await seat.quiet(0.5)
    new = seat.messages[mark:]
    assert [m["version"] for m in new if m["type"] == "view"] == [version], new
    return view, [m for m in new if m["type"] == "error"]


async def race(seats: list[Seat]) -> tuple[int, int, Message]:
    """Seat 0 gives a face-up card to anyone; seats 1 and 2 accept with the same version at
    once. Returns (version of the accepts, the winner, the accept)."""
    view = await to_trading(seats[0])
    await seats[0].act(view["version"], GIFT)
    offered = await seats[0].next_of("view")
    v = offered["version"]
    for s in seats[1:]:
        while s.last_view["version"] < v:
            await s.next_of("view")
    offer_id = offered["view"]["offers"][-1]["offer_id"]
    accept = {"type": "accept", "offer_id": offer_id, "positions": []}
    for s in seats[1:]:
        assert accept in s.last_view["legal_actions"] or s.last_view["elided"]
    await asyncio.gather(seats[1].act(v, accept), seats[2].act(v, accept))
    (view1, err1), (view2, err2) = [await settle(s, v + 1) for s in seats[1:]]
    assert sorted([len(err1), len(err2)]) == [0, 1], f"errors after the race: {err1} {err2}"
    loser_errors = err1 or err2
    assert loser_errors[0]["code"] in ("stale_version", "illegal_action"), loser_errors
    winner = 2 if err1 else 1
    after = view2 if err1 else view1
    accepted = [e for e in after["events"] if e["kind"] == "accept"]
    assert len(accepted) == 1 and accepted[0]["acceptor"] == winner, after["events"]
    return v, winner, accept


@pytest.mark.parametrize("seed", [4])
def test_two_seats_accept_one_open_offer_at_once(server: Server, seed: int) -> None:
    created = server.create_table("bohnanza", [human(), human(), human()], seed=seed)
    table, toks = created["table_id"], tokens(created)

    async def run() -> tuple[list[Seat], int, int, Message]:
        seats = [await Seat.connect(server, table, toks[k]) for k in range(3)]
        assert seats[0].last_view["to_move"] == [0]
        v, winner, accept = await race(seats)
        logs = await asyncio.gather(
            *(play(s, Script(random.Random(k))) for k, s in enumerate(seats))
        )
        assert all(log.how == "finished" for log in logs)
        for s in seats:
            await s.close()
        return seats, v, winner, accept

    seats, v, winner, accept = asyncio.run(run())
    record = server.record(table)
    assert record.moves[v] == (winner, accept)
    states, events = states_of(record), events_of(record)
    k = v + 1
    turn = states[v].observe(None)["turn"]
    while states[k].observe(None)["phase"] == "trade" and states[k].observe(None)["turn"] == turn:
        assert record.moves[k][1] != accept, f"a second accept of the offer at move {k}"
        k += 1
    for s in seats:
        check_views(s.messages, states, events, "race")
    check_final(record, seats[0].last_view)
