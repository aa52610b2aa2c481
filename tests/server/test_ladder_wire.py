"""The ladder over the wire (issue 30 item 3), against a real ``seedbed serve`` on SQLite and
PostgreSQL: a rated 4-player game played to the end by two people (accounts) beside two bot
presets updates the four ratings exactly as OpenSkill's Plackett–Luce computes from the
ranking; unrated tables (non-default options, rated: false, hints) leave the ratings alone; a
rated table refuses hints; the stand-in's moves are stored as such; and the kill-9 between
storing a rated table's result and updating the ratings: after the restart the ratings are
those of one complete update.

Accounts (item 1) are on another branch: the tests write the seating entry's ``account`` key
into storage, as the accounts part does when a signed-in person takes a seat."""

from __future__ import annotations

import asyncio
import contextlib
import random
import secrets
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from openskill.models import PlackettLuce
from sqlalchemy import select, update

from seedbed.server.storage import MoveRow, TableRow, make_engine

from .wire import Message, Script, Seat, Server, bot, human, play, tokens

GAME = "stalk_exchange"


def give_accounts(database_url: str, table_id: str, accounts: dict[int, int]) -> None:
    """What the accounts part stores for a signed-in person's seat: ``account`` in its
    seating entry (the ladder reads the seating from storage when it rates the table)."""
    engine = make_engine(database_url)
    try:
        with engine.begin() as conn:
            seating = conn.execute(select(TableRow.seating).where(TableRow.id == table_id))
            entries = list(seating.scalar_one())
            for seat, account in accounts.items():
                entries[seat] = {**entries[seat], "account": account}
            conn.execute(update(TableRow).where(TableRow.id == table_id).values(seating=entries))
    finally:
        engine.dispose()


def standings(server: Server) -> dict[str, Message]:
    """The game's ladder by player."""
    answer = server.get(f"/api/ladder/{GAME}?limit=100")
    assert answer.status_code == 200, answer.text
    return {p["player"]: p for p in answer.json()["players"]}


def expected(before: dict[str, Message], players: list[str], ranks: list[int]) -> list[Any]:
    """OpenSkill's Plackett–Luce update, computed here from the players' ratings before."""
    model = PlackettLuce()
    teams = []
    for player in players:
        known = before.get(player)
        rating = known["rating"] if known else None
        teams.append(
            [model.rating(mu=rating["mu"], sigma=rating["sigma"]) if rating else model.rating()]
        )
    return [team[0] for team in model.rate(teams, ranks=ranks)]


def wait_for(server: Server, players: list[str], games: dict[str, int]) -> dict[str, Message]:
    """The ladder once every player has played ``games`` rated games (a hang guard)."""
    deadline = time.monotonic() + 30
    while True:
        found = standings(server)
        if all(p in found and found[p]["rating"]["games"] == games[p] for p in players):
            return found
        assert time.monotonic() < deadline, f"ratings not updated: {found}"
        time.sleep(0.1)


def check(after: dict[str, Message], players: list[str], want: list[Any]) -> None:
    for player, rating in zip(players, want, strict=True):
        got = after[player]["rating"]
        assert (got["mu"], got["sigma"]) == pytest.approx((rating.mu, rating.sigma)), player
        assert got["rating"] == pytest.approx(rating.mu - 3 * rating.sigma, abs=1e-3)


def play_people(server: Server, table_id: str, created: Message) -> None:
    """Every person seat plays seeded-random legal moves until the game is over."""

    async def run() -> None:
        seats = [await Seat.connect(server, table_id, t) for t in tokens(created).values()]
        scripts = [Script(random.Random(k)) for k in range(len(seats))]
        await asyncio.gather(*(play(s, sc) for s, sc in zip(seats, scripts, strict=True)))
        for seat in seats:
            await seat.close()

    asyncio.run(run())


def test_a_rated_four_player_game_updates_four_ratings_as_openskill_does(
    server: Server, database_url: str
) -> None:
    """Issue 30 item 3 (acceptance): two people with accounts and two bot presets play a
    rated table to the end; the four ratings move exactly as OpenSkill computes from the
    outcome's ranking, each with one more game, shown as mu - 3 sigma and provisional."""
    ids = [secrets.randbelow(10**9) + 1 for _ in range(2)]
    names = [f"Ann{ids[0]}", f"Bob{ids[1]}"]
    seats = [human(names[0]), bot("random"), human(names[1]), bot("greedy")]
    created = server.create_table(GAME, seats)
    table = created["table_id"]
    assert server.summary(table)["rated"] is True
    give_accounts(database_url, table, {0: ids[0], 2: ids[1]})
    players = [f"account:{ids[0]}", "bot:random", f"account:{ids[1]}", "bot:greedy"]
    before = standings(server)
    play_people(server, table, created)
    ranks = server.summary(table)["outcome"]["ranks"]
    games = {p: before[p]["rating"]["games"] + 1 if p in before else 1 for p in players}
    after = wait_for(server, players, games)
    check(after, players, expected(before, players, ranks))
    assert after[players[0]]["name"] == names[0] and after[players[0]]["kind"] == "person"
    assert after["bot:greedy"]["name"] == "Greedy bot"
    profile = server.get(f"/api/players/{names[0]}").json()
    assert profile["kind"] == "person" and profile["games"][0]["rating"]["provisional"]
    assert profile["recent"][0]["table_id"] == table
    assert profile["recent"][0]["replay_url"] == f"/replay/{table}"
    assert profile["recent"][0]["rank"] == ranks[0]
    plot = server.get(profile["games"][0]["plot_url"])
    assert plot.status_code == 200 and plot.headers["content-type"] == "image/svg+xml"
    assert b"<svg" in plot.content
    bots = {b["spec"]: b for g in server.get("/api/games").json()["games"] if g["name"] == GAME
            for b in g["bots"]}  # fmt: skip
    assert bots["greedy"]["rating"] == after["bot:greedy"]["rating"]


def test_unrated_tables_are_labelled_and_leave_the_ratings_unchanged(
    server: Server, database_url: str
) -> None:
    """Issue 30 item 3: non-default options, a chosen seed, an unrated bot, hints or
    ``rated: false`` make a table unrated (its summary says so before anyone joins; asking
    for ``rated: true`` there is refused with the reason); an unrated game played to the end
    by a person with an account changes no rating."""
    person = human("Cy")
    unrated = [
        server.create_table(GAME, [person, bot("random")], options={"garden_radius": 4}),
        server.create_table(GAME, [person, bot("random")], seed=3),
        server.create_table(GAME, [person, bot("ismcts:iterations=20")]),
        server.create_table(GAME, [person, bot("random")], table_options={"hints": True}),
        server.create_table(GAME, [bot("greedy"), bot("random")]),
    ]
    assert [server.summary(c["table_id"])["rated"] for c in unrated] == [False] * 5
    body = {"game": GAME, "num_players": 2, "options": {"garden_radius": 4}, "rated": True}
    refused = server.post_table({**body, "seats": [person, bot("random")]})
    assert refused.status_code == 422 and "rated" in refused.json()["detail"], refused.text
    account = secrets.randbelow(10**9) + 1
    created = server.create_table(GAME, [person, bot("random"), bot("greedy")], rated=False)
    table = created["table_id"]
    give_accounts(database_url, table, {0: account})
    before = standings(server)
    play_people(server, table, created)
    time.sleep(1.0)  # an update would be applied at once; none is due
    assert standings(server) == before
    assert server.get("/api/players/Cy").status_code == 404


def test_a_rated_table_gives_no_hints(server: Server) -> None:
    """Issue 30 item 3 ("no hints"): 403 with the reason at a rated table."""
    created = server.create_table(GAME, [human(), bot("greedy")])
    table, token = created["table_id"], tokens(created)[0]
    assert server.summary(table)["rated"]
    answer = server.client.post(f"{server.url}/api/tables/{table}/hint", json={"token": token})
    assert answer.status_code == 403 and "rated" in answer.json()["detail"]


def test_the_stand_ins_moves_are_stored_as_such(server: Server, database_url: str) -> None:
    """Issue 30 item 3 (the stand-in rule's count): a person who lets the turn timer run out
    gets moves played by the stand-in, stored with ``stand_in``; the others' moves are not."""
    created = server.create_table(GAME, [human(), bot("random")], turn_seconds=0.3)
    table = created["table_id"]

    async def idle() -> None:
        seat = await Seat.connect(server, table, tokens(created)[0])
        while not any(m.get("stand_in") for m in seat.messages):
            await seat.recv()
        await seat.close()

    asyncio.run(idle())
    engine = make_engine(database_url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(
                select(MoveRow.seat, MoveRow.stand_in).where(MoveRow.table_id == table)
            ).all()
    finally:
        engine.dispose()
    assert any(r.stand_in for r in rows) and all(r.seat == 0 for r in rows if r.stand_in)
    assert not any(r.stand_in for r in rows if r.seat == 1)


def test_a_person_who_abandons_a_rated_table_is_ranked_last(
    server: Server, database_url: str
) -> None:
    """Issue 30 item 3: "A person who abandons a rated table (timer stand-in to the end) is
    ranked last": the person opens their seat and leaves; the stand-in plays every one of
    their moves to the end. Whatever the score, they are ranked below the bot, the table stays
    rated, and the ratings are OpenSkill's for that ranking."""
    account = secrets.randbelow(10**9) + 1
    created = server.create_table(GAME, [human("Eve"), bot("greedy")], turn_seconds=0.05)
    table = created["table_id"]
    assert server.summary(table)["rated"]
    give_accounts(database_url, table, {0: account})
    players = [f"account:{account}", "bot:greedy"]
    before = standings(server)

    async def leave() -> None:
        seat = await Seat.connect(server, table, tokens(created)[0])  # opens the seat's timer
        await seat.close()

    asyncio.run(leave())
    deadline = time.monotonic() + 120
    while server.summary(table)["status"] == "running":
        assert time.monotonic() < deadline, "the stand-in did not finish the game"
        time.sleep(0.2)
    games = {p: before[p]["rating"]["games"] + 1 if p in before else 1 for p in players}
    after = wait_for(server, players, games)
    check(after, players, expected(before, players, [3, 1]))
    profile = server.get("/api/players/Eve").json()
    assert profile["recent"][0]["rank"] == 3 and profile["recent"][0]["table_id"] == table


@pytest.fixture
def crashing(server: Server, database_url: str, tmp_path: Path) -> Iterator[Server]:
    """A server that dies on the fault, in place of the module's (one process per database:
    issue 32)."""
    server.stop()
    srv = Server(database_url, tmp_path, ("--fault", "after-result-stored"))
    try:
        yield srv
    finally:
        srv.close()
        server.start()


def test_killed_between_the_result_and_the_ratings(crashing: Server, database_url: str) -> None:
    """Issue 30 (acceptance): the server is SIGKILLed after a rated table's result is stored
    and before its ratings update; after the restart the ratings are those of one complete
    update (OpenSkill computed here), and a second restart applies nothing again."""
    crashing.start()
    account = secrets.randbelow(10**9) + 1
    created = crashing.create_table(GAME, [human("Dee"), bot("random"), bot("greedy")])
    table = created["table_id"]
    give_accounts(database_url, table, {0: account})
    players = [f"account:{account}", "bot:random", "bot:greedy"]
    before = standings(crashing)

    async def run() -> None:
        seat = await Seat.connect(crashing, table, tokens(created)[0])
        with contextlib.suppress(Exception):  # the server dies as the game ends: the fault
            await play(seat, Script(random.Random(5)))

    asyncio.run(run())
    assert crashing.proc is not None
    crashing.proc.wait(60)
    assert crashing.proc.returncode == -9, crashing.log()
    engine = make_engine(database_url)
    try:
        with engine.connect() as conn:
            row = conn.execute(
                select(TableRow.status, TableRow.outcome).where(TableRow.id == table)
            ).one()
    finally:
        engine.dispose()
    assert row.status == "finished", "the result was stored before the kill"
    crashing.extra = tuple(x for x in crashing.extra if x not in ("--fault", "after-result-stored"))
    crashing.start()
    games = {p: before[p]["rating"]["games"] + 1 if p in before else 1 for p in players}
    after = wait_for(crashing, players, games)
    check(after, players, expected(before, players, row.outcome["ranks"]))
    crashing.stop()
    crashing.start()
    assert standings(crashing) == after, "the update was applied a second time"
