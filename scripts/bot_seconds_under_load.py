"""The search bot's seconds per move and per turn at tables under load (issue 38 item 9).

Runs a real ``seedbed serve`` (a subprocess, a temporary SQLite file) and keeps, for each game,
``--tables`` tables of search bots (the lobby's search preset from ``GET /api/games`` in every
seat) in play at once, plus one table per game where a person-like client holds seat 0 and
plays a random legal move after a short think. Each table is created from an address of its
own (``X-Forwarded-For`` from the loopback proxy, ``--trust-proxy-headers``), as tables of
different people are, so the pool's per-address share does not hide the load.

A spectator of each bot table (and the person at theirs) timestamps every view: a bot's move
took the time from the view that put it alone on the move to the next view (its worker wait,
its search and the table's commit: what a person waits). A turn is a run of moves by one seat
(Stalk Exchange's swaps, plants and end). At the person's table only the moves while the
person was not on the move count, and a Bohnanza bot there may hold its trading open for the
person on purpose (issue 38 item 1), which shows as long moves: those tables are printed apart.

Prints figures, asserts nothing: they depend on the machine and its load. With
``--bot-turn-seconds 600`` every move may search the whole ``--bot-seconds`` (the rule
before issue 38 item 9).

Usage: nice python scripts/bot_seconds_under_load.py [--seconds 150] [--tables 2]
    [--games bohnanza stalk_exchange fields_of_green] [--bot-seconds 2] [--bot-turn-seconds 4]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import orjson
import websockets

from seedbed.server.bench import percentile, running_server

GAMES = ("bohnanza", "stalk_exchange", "fields_of_green")
PLAYERS = 4
THINK = 0.5
"""The person's think time before a move, in seconds."""


@dataclass
class Figures:
    """The timed bot moves of one game, at bot tables or at person tables."""

    moves: list[float] = field(default_factory=list)
    turns: list[float] = field(default_factory=list)
    games_finished: int = 0


@dataclass
class Run:
    figures: dict[tuple[str, bool], Figures] = field(default_factory=dict)

    def of(self, game: str, person: bool) -> Figures:
        return self.figures.setdefault((game, person), Figures())


def search_spec(games: list[dict[str, Any]], game: str) -> tuple[str, int]:
    """The lobby's search preset for ``game`` and the table size used (4 where allowed)."""
    info = next(g for g in games if g["name"] == game)
    spec = next(b["spec"] for b in info["bots"] if b["spec"] not in ("random", "greedy"))
    counts = [int(n) for n in info["player_counts"]]
    return spec, PLAYERS if PLAYERS in counts else max(counts)


def close(turn: tuple[int, float] | None, figures: Figures) -> None:
    """A turn ended (another seat moved, or several are on the move): count it."""
    if turn is not None:
        figures.turns.append(turn[1])


async def watch(
    url: str, seat: int | None, rng: random.Random, figures: Figures, end: float
) -> bool:
    """Follow one table until it ends (True) or the time is up; time the bots' moves; as a
    seat, play a random legal move when on the move."""
    last: dict[str, Any] | None = None
    seen_at = 0.0
    turn: tuple[int, float] | None = None  # (seat, seconds so far)
    async with websockets.connect(url, max_size=2**23) as ws:
        while time.monotonic() < end:
            try:
                raw = await asyncio.wait_for(ws.recv(), max(0.05, end - time.monotonic()))
            except TimeoutError:
                return False
            msg = orjson.loads(raw)
            if msg["type"] != "view":
                continue
            now = time.monotonic()
            if last is not None and msg["version"] == last["version"] + 1:
                movers = last["to_move"]
                if seat not in movers:
                    gap = now - seen_at
                    figures.moves.append(gap)
                    mover = movers[0] if len(movers) == 1 else None
                    if turn is not None and mover is not None and turn[0] == mover:
                        turn = (mover, turn[1] + gap)
                    else:
                        close(turn, figures)
                        turn = (mover, gap) if mover is not None else None
                else:
                    close(turn, figures)
                    turn = None
            if msg["version"] != (last or {}).get("version"):
                seen_at = now
            last = msg
            if msg["status"] == "finished":
                figures.games_finished += 1
                return True
            if seat is not None and seat in msg["to_move"] and msg["legal_actions"]:
                await asyncio.sleep(THINK * (0.5 + rng.random()))
                act = {"type": "act", "version": msg["version"]}
                act["action"] = rng.choice(msg["legal_actions"])
                await ws.send(orjson.dumps(act).decode())
    return False


async def table_slot(
    client: httpx.AsyncClient, base: str, game: str, spec: str, players: int, person: bool,
    address: str, figures: Figures, end: float,
) -> None:  # fmt: skip
    """Keep one table of ``game`` in play until ``end``: create it, follow it, start another."""
    rng = random.Random(address)
    ws_base = base.replace("http://", "ws://")
    while time.monotonic() < end:
        seats: list[dict[str, Any]] = [{"bot": spec} for _ in range(players)]
        if person:
            seats[0] = {"human": {"name": "Person"}}
        body = {"game": game, "num_players": players, "options": {}, "seats": seats}
        body["seed"] = rng.randrange(2**31)
        r = await client.post(f"{base}/api/tables", json=body, headers={"X-Forwarded-For": address})
        if r.status_code != 201:
            raise ValueError(f"POST /api/tables: {r.status_code} {r.text[:200]}")
        created = r.json()
        url = f"{ws_base}/ws/tables/{created['table_id']}"
        if person:
            url += f"?token={created['seats'][0]['token']}"
        await watch(url, 0 if person else None, rng, figures, end)


def summary(values: list[float]) -> str:
    if not values:
        return "none"
    return (
        f"median {statistics.median(values):5.2f} s  p95 {percentile(values, 95):5.2f} s  "
        f"max {max(values):5.2f} s  (n={len(values)})"
    )


async def drive(base: str, args: argparse.Namespace, run: Run) -> dict[str, str]:
    async with httpx.AsyncClient(timeout=30) as client:
        games = (await client.get(f"{base}/api/games")).json()["games"]
        specs = {game: search_spec(games, game) for game in args.games}
        end = time.monotonic() + args.seconds
        slots = []
        for g, game in enumerate(args.games):
            spec, players = specs[game]
            for k in range(args.tables + 1):
                person = k == args.tables
                address = f"10.0.{g}.{k + 1}"
                figures = run.of(game, person)
                slots.append(
                    table_slot(client, base, game, spec, players, person, address, figures, end)
                )
        await asyncio.gather(*slots)
        metrics = (await client.get(f"{base}/api/metrics")).json()
    print(
        f"server: bot moves {metrics['bot_moves']}, fallbacks {metrics['bot_fallbacks']}, "
        f"overruns {metrics['bot_overruns']}"
    )
    return {game: f"{specs[game][0]} ({specs[game][1]} players)" for game in args.games}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=150.0, help="how long the load runs")
    parser.add_argument("--tables", type=int, default=2, help="bot tables per game")
    parser.add_argument("--games", nargs="+", default=list(GAMES), choices=GAMES)
    parser.add_argument("--bot-seconds", type=float, default=2.0)
    parser.add_argument("--bot-turn-seconds", type=float, default=4.0)
    args = parser.parse_args()
    extra = ["--trust-proxy-headers", "--bot-seconds", str(args.bot_seconds)]
    extra += ["--bot-turn-seconds", str(args.bot_turn_seconds)]
    run = Run()
    with running_server(None, tuple(extra)) as (base, _):
        labels = asyncio.run(drive(base, args, run))
    print(
        f"{len(args.games)} games x ({args.tables} search-bot tables + 1 person table) at once "
        f"for {args.seconds:g} s; --bot-seconds {args.bot_seconds:g} "
        f"--bot-turn-seconds {args.bot_turn_seconds:g}"
    )
    for game in args.games:
        print(f"{game}: {labels[game]}")
        for person in (False, True):
            figures = run.of(game, person)
            where = "person's table" if person else "bot tables    "
            print(f"  {where} per move: {summary(figures.moves)}")
            print(f"  {where} per turn: {summary(figures.turns)}")
            print(f"  {where} games finished: {figures.games_finished}")


if __name__ == "__main__":
    main()
