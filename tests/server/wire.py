"""A small test client of the seedbed server, over real sockets (issue 6 acceptance).

:class:`Server` starts ``seedbed serve`` as a subprocess on a free port and talks REST to it
with httpx; :class:`Seat` is one WebSocket connection (a seat with its token, or a spectator)
that keeps every message it receives; :func:`play` drives a seat as a scripted human choosing
seeded-random actions from the ``legal_actions`` of its views (in Bohnanza it sometimes
composes an offer of its own, which the server validates).
"""

from __future__ import annotations

import asyncio
import json
import random
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import websockets
from websockets.asyncio.client import ClientConnection

from seedbed.engine.api import JsonDict, State
from seedbed.engine.record import GameRecord, replay, steps
from seedbed.engine.registry import game as lookup_game
from seedbed.engine.registry import spec as lookup_spec
from seedbed.games.bohnanza.cards import VARIETIES

SEEDBED = Path(sys.executable).parent / "seedbed"
RECV_TIMEOUT = 30.0
Message = dict[str, Any]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


def canon(obj: Any) -> str:
    """A canonical text of a JSON value (tuples and lists alike), for equality checks."""
    return json.dumps(obj, sort_keys=True)


def jsonish(obj: Any) -> Any:
    """What a value becomes after a trip through JSON (tuples turn into lists)."""
    return json.loads(json.dumps(obj))


FAST_MOVES = ("--moves-per-second", "1000", "--address-moves-per-second", "1000")
"""Move rates no scripted test reaches (a test's own flags come after, and win)."""


class Server:
    """One ``seedbed serve`` subprocess on a free port; restartable on the same database."""

    def __init__(
        self,
        database_url: str,
        log_dir: Path,
        extra: tuple[str, ...] = (),
        *,
        chosen_seeds: bool = True,
    ) -> None:
        self.database_url = database_url
        self.log_dir = log_dir
        # the tests drive every seat from one address as fast as they can (issue 37 item 5)
        extra = (*FAST_MOVES, *extra)
        # the tests replay seeded deals: a public server refuses chosen seeds (issue 12, defect 7)
        self.extra = (*extra, "--allow-chosen-seeds") if chosen_seeds else extra
        if "--ws-connects-per-minute" not in extra:  # every test connects from 127.0.0.1
            self.extra = (*self.extra, "--ws-connects-per-minute", "1000000")
        self.proc: subprocess.Popen[bytes] | None = None
        self.port = 0
        self.starts = 0
        self.client = httpx.Client(timeout=15)

    # ---------------------------------------------------------------- life cycle

    @property
    def log_path(self) -> Path:
        return self.log_dir / f"server-{self.starts}.log"

    def start(self, timeout: float = 40.0, *, same_port: bool = False) -> Server:
        """Start (or start again on the same database; ``same_port`` keeps the URL too)."""
        self.launch(same_port=same_port)
        self._wait_ready(timeout)
        return self

    def launch(self, *, same_port: bool = False) -> None:
        """Start the process without waiting for it (several start at once, issue 32)."""
        self.starts += 1
        if not (same_port and self.port):
            self.port = free_port()
        args = [str(SEEDBED), "serve", "--port", str(self.port)]
        args += ["--database-url", self.database_url, *self.extra]
        log = self.log_path.open("wb")
        self.proc = subprocess.Popen(args, stdout=log, stderr=subprocess.STDOUT)
        log.close()

    def wait_ready(self, timeout: float = 40.0) -> Server:
        self._wait_ready(timeout)
        return self

    def _wait_ready(self, timeout: float) -> None:
        assert self.proc is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"seedbed serve exited ({self.proc.returncode}):\n{self.log()}")
            try:
                if self.client.get(f"{self.url}/api/tables", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.1)
        self.kill()
        raise RuntimeError(f"seedbed serve did not answer in {timeout} s:\n{self.log()}")

    def kill(self) -> None:
        """SIGKILL, no chance to clean up (the crash test)."""
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait()

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.kill()

    def close(self) -> None:
        self.stop()
        self.client.close()

    def log(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-4000:]
        except OSError:
            return ""

    # ---------------------------------------------------------------- REST

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def ws_url(self, table_id: str, token: str | None = None) -> str:
        url = f"ws://127.0.0.1:{self.port}/ws/tables/{table_id}"
        return url if token is None else f"{url}?token={token}"

    def get(self, path: str) -> httpx.Response:
        return self.client.get(self.url + path)

    def post_table(self, body: Any) -> httpx.Response:
        return self.client.post(f"{self.url}/api/tables", json=body)

    def create_table(
        self,
        game: str,
        seats: list[JsonDict],
        seed: int | None = None,
        options: JsonDict | None = None,
        **more: Any,
    ) -> Message:
        body: JsonDict = {"game": game, "num_players": len(seats), "options": options or {}}
        body["seats"] = seats
        if seed is not None:
            body["seed"] = seed
        body.update(more)
        r = self.post_table(body)
        assert r.status_code == 201, f"POST /api/tables: {r.status_code} {r.text}"
        out: Message = r.json()
        return out

    def summary(self, table_id: str) -> Message:
        r = self.get(f"/api/tables/{table_id}")
        assert r.status_code == 200, r.text
        out: Message = r.json()
        return out

    def record(self, table_id: str, timeout: float = 10.0) -> GameRecord:
        """The GameRecord once the game is over (polled briefly: a bot may end it)."""
        deadline = time.monotonic() + timeout
        while True:
            r = self.get(f"/api/tables/{table_id}/record")
            if r.status_code == 200:
                assert r.headers["content-type"].startswith("application/x-ndjson"), r.headers
                return GameRecord.from_jsonl(r.text)
            assert r.status_code == 409, f"record: {r.status_code} {r.text}"
            if time.monotonic() > deadline:
                raise AssertionError(f"record of {table_id} still 409 after {timeout} s")
            time.sleep(0.1)


def human(name: str = "tester") -> JsonDict:
    return {"human": {"name": name}}


def bot(spec: str) -> JsonDict:
    return {"bot": spec}


def tokens(created: Message) -> dict[int, str]:
    """Seat -> token of the human seats of a POST /api/tables answer."""
    return {int(s["seat"]): str(s["token"]) for s in created["seats"] if s.get("token")}


# -------------------------------------------------------------------- WebSocket seats


class Bucket:
    """Client-side pacing below the server's per-connection limit (30/s, burst 60)."""

    def __init__(self, rate: float = 28.0, burst: float = 50.0) -> None:
        self.rate, self.burst = rate, burst
        self.level = burst
        self.when = time.monotonic()

    async def take(self) -> None:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.when) * self.rate)
        self.when = now
        if self.level < 1:
            await asyncio.sleep((1 - self.level) / self.rate)
            self.level = 1
            self.when = time.monotonic()
        self.level -= 1


@dataclass
class Seat:
    """One WebSocket connection; ``messages`` holds everything received, in order."""

    ws: ClientConnection
    seat: int | None
    messages: list[Message] = field(default_factory=list)
    sent: list[Message] = field(default_factory=list)
    bucket: Bucket = field(default_factory=Bucket)
    latest: Message = field(default_factory=dict)

    @classmethod
    async def connect(cls, server: Server, table_id: str, token: str | None = None) -> Seat:
        ws = await websockets.connect(server.ws_url(table_id, token), max_size=2**22)
        seat = cls(ws, None)
        first = await seat.recv()
        assert first["type"] == "view", first
        seat.seat = first["seat"]
        while (await seat.recv())["type"] != "chat":  # the history's pages, then the chat
            pass
        return seat

    async def recv(self, timeout: float = RECV_TIMEOUT) -> Message:
        raw = await asyncio.wait_for(self.ws.recv(), timeout)  # cancel-safe in websockets
        msg: Message = json.loads(raw)
        self.messages.append(msg)
        if msg["type"] == "view":
            self.latest = msg
        return msg

    async def drain(self) -> list[Message]:
        """The messages already waiting (so that a player acts on the newest view only)."""
        return await self.quiet(0.001)

    async def next_of(self, kind: str, timeout: float = RECV_TIMEOUT) -> Message:
        while True:
            msg = await self.recv(timeout)
            if msg["type"] == kind:
                return msg

    async def quiet(self, seconds: float = 0.3) -> list[Message]:
        """Whatever arrives within ``seconds`` (for checking that nothing does)."""
        got: list[Message] = []
        try:
            while True:
                got.append(await self.recv(seconds))
        except TimeoutError:
            return got

    async def send(self, obj: Message) -> None:
        await self.bucket.take()
        self.sent.append(obj)
        await self.ws.send(json.dumps(obj))

    async def send_raw(self, text: str | bytes) -> None:
        await self.ws.send(text)

    async def act(self, version: int, action: Message) -> None:
        await self.send({"type": "act", "version": version, "action": action})

    @property
    def views(self) -> list[Message]:
        return [m for m in self.messages if m["type"] == "view"]

    @property
    def last_view(self) -> Message:
        return self.latest

    async def close(self) -> None:
        await self.ws.close()


# -------------------------------------------------------------------- scripted humans


BOHNANZA_VARIETIES = tuple(VARIETIES)


@dataclass
class Script:
    """A scripted human: seeded-random legal actions; with ``compose`` it sometimes composes
    a Bohnanza offer itself (the server elides big offer menus)."""

    rng: random.Random
    compose: float = 0.0
    composed: int = 0

    def choose(self, view: Message, allow_compose: bool = True) -> Message:
        legal: list[Message] = view["legal_actions"]
        if allow_compose and self.compose and self.rng.random() < self.compose:
            offer = compose_offer(view, self.rng)
            if offer is not None:
                self.composed += 1
                return offer
        return self.rng.choice(legal)


def compose_offer(view: Message, rng: random.Random) -> Message | None:
    """An open offer made up from what the view shows: a face-up card (active player) or the
    frontmost hand card, for a random variety. May be illegal; the server then refuses it."""
    obs = view["view"]
    if obs.get("phase") != "trade":
        return None
    faceup = obs.get("faceup") or []
    me = view["seat"]
    give_faceup = [0] if obs.get("active") == me and faceup else []
    give_hand = [] if give_faceup or not obs.get("hand") else [0]
    if not give_faceup and not give_hand:
        return None
    return {
        "type": "offer",
        "to": "any",
        "give_faceup": give_faceup,
        "give_hand": give_hand,
        "want": [rng.choice(BOHNANZA_VARIETIES)],
        "want_faceup": [],
    }


@dataclass
class PlayLog:
    """What one scripted seat did: acts sent (version, action) and errors received."""

    acts: list[tuple[int, Message]] = field(default_factory=list)
    errors: list[Message] = field(default_factory=list)
    how: str = ""


async def play(
    seat: Seat,
    script: Script,
    max_acts: int | None = None,
    stop: Callable[[Message], bool] | None = None,
    timeout: float = RECV_TIMEOUT,
) -> PlayLog:
    """Play until the game is over (``finished``), ``max_acts`` acts were sent (``paused``),
    or ``stop`` says so for the latest view (``stopped``). Acts once on every view with legal
    actions; a stale version is ignored (a newer view is on its way), a rate limit waits and
    retries, a refused composed offer is replaced by a listed action; any other error fails."""
    log = PlayLog()
    acted = -1
    retry = composed = False
    while True:
        view = seat.last_view
        if view["status"] == "finished":
            log.how = "finished"
            return log
        if stop is not None and stop(view):
            log.how = "stopped"
            return log
        due = view["legal_actions"] and (acted != view["version"] or retry)
        if due and len(view["to_move"]) > 1 and not retry and await _others_move(seat, script):
            continue
        if due:
            if max_acts is not None and len(log.acts) >= max_acts:
                log.how = "paused"
                return log
            action = script.choose(view, allow_compose=not retry)
            composed = action not in view["legal_actions"]
            acted, retry = view["version"], False
            log.acts.append((acted, action))
            await seat.act(acted, action)
        for msg in [await seat.recv(timeout), *await seat.drain()]:
            if msg["type"] == "error":
                retry = _after_error(seat, msg, log, composed) or retry
                if msg["code"] == "rate_limited":
                    await asyncio.sleep(0.5)


async def _others_move(seat: Seat, script: Script) -> bool:
    """When several seats may act at once, wait a moment for the others first (a seat acting
    on every view would mostly send stale acts and run into the rate limit): whether a new
    message arrived meanwhile."""
    try:
        await seat.recv(script.rng.uniform(0.005, 0.03))
    except TimeoutError:
        return False
    await seat.drain()
    return True


def _after_error(seat: Seat, err: Message, log: PlayLog, composed: bool) -> bool:
    """Whether to act again on the same view after this error; fails on unexpected ones."""
    log.errors.append(err)
    if err["code"] in ("stale_version", "finished"):
        return False  # a newer view is on its way
    if err["code"] == "rate_limited" or (err["code"] == "illegal_action" and composed):
        return True
    raise AssertionError(f"seat {seat.seat}: unexpected error {err}")


# -------------------------------------------------------------------- replays


def states_of(record: GameRecord) -> list[State]:
    """The state after each number of moves 0 … len(moves) (clones), by replaying."""
    return [step.state.clone() for step in steps(record)]


Redacted = dict[int | None, list[Any]]


def events_of(record: GameRecord) -> list[Redacted]:
    """The engine's events of each move (index k = the move that made version k+1), as
    every viewer's redacted JSON taken right after the move (an event may share a list with
    the state, which later moves change: Fields of Green's draw event holds the hand list)."""
    viewers: list[int | None] = [None, *range(record.num_players)]
    return [
        {v: jsonish([e.for_viewer(v) for e in step.events]) for v in viewers}
        for step in steps(record)
        if step.move is not None
    ]


def check_final(record: GameRecord, final_view: Message) -> None:
    """The record replays to a finished game whose outcome is the record's and whose
    observation is the final view's."""
    state = replay(record)
    assert state.is_terminal()
    assert record.outcome == jsonish(state.outcome().to_json())
    assert final_view["status"] == "finished"
    assert final_view["version"] == len(record.moves)
    assert canon(final_view["view"]) == canon(jsonish(state.observe(final_view["seat"])))


MENU_CAP = 300


def check_legal(state: State, seat: int | None, msg: Message) -> None:
    """``legal_actions``: the seat's whole menu, or (above the cap) every action of a kind
    that is not bulky (the game's ``bulky_kinds``) with ``elided`` counting the rest; [] for
    spectators and seats not on the move."""
    if seat is None or seat not in state.to_move():
        assert msg["legal_actions"] == [], f"v{msg['version']}: actions for a seat not on move"
        return
    menu = state.legal_actions(seat)
    listed = msg["legal_actions"]
    if len(menu) <= MENU_CAP:
        assert canon(listed) == canon(jsonish([a.to_json() for a in menu]))
        assert msg.get("elided", 0) == 0
        return
    g = lookup_game(state.game_name)
    bulky = lookup_spec(state.game_name).bulky_kinds
    assert all(
        a["type"] not in bulky and state.is_legal(seat, g.action_from_json(a)) for a in listed
    )
    assert len(listed) + msg["elided"] == len(menu), "elided does not add up"


def check_views(
    messages: list[Message], states: list[State], events: list[Redacted], where: str = ""
) -> int:
    """Every view message of one connection is what the engine gives at that version: the
    observation, to_move, legal actions, status and the redacted events since the
    connection's previous view ([] for the first, and for a view again at the same version
    that brings only a held move or the end of a wait for a seat). Returns how many views
    were checked."""
    previous: int | None = None
    waiting = None
    checked = 0
    for msg in messages:
        if msg["type"] != "view":
            continue
        v, seat = msg["version"], msg["seat"]
        state = states[v]
        what = f"{where} seat {seat} v{v}"
        assert canon(msg["view"]) == canon(jsonish(state.observe(seat))), f"{what}: view"
        assert msg["to_move"] == list(state.to_move()), f"{what}: to_move"
        assert msg["status"] == ("finished" if state.is_terminal() else "running"), what
        check_legal(state, seat, msg)
        if previous is None:
            assert msg["events"] == [], f"{what}: events on connect"
        else:
            # the same version again only when nothing happened but a held bot move (the
            # view's hold, issue 38 item 1) or a seat's first connection (it ends the wait for
            # it, ``waiting_to_join``, and starts its turn timer, issue 38 item 8)
            news = msg.get("hold") is not None or msg.get("waiting_to_join") != waiting
            again = v == previous and msg["events"] == [] and news
            assert v > previous or again, f"{what}: version went from {previous} to {v}"
            want = [e for k in range(previous, v) for e in events[k][seat]]
            assert canon(msg["events"]) == canon(want), (
                f"{what}: events\n got {canon(msg['events'])}\nwant {canon(want)}"
            )
        previous, waiting = v, msg.get("waiting_to_join")
        checked += 1
    return checked


def check_acts(
    record: GameRecord, seat: int, acts: list[tuple[int, Message]], seen: Sequence[Message] = ()
) -> None:
    """Every move of ``seat`` in the record is an act this seat sent for that version, or a
    move the table played for it (a view of ``seen`` says so: ``stand_in.auto``, issue 31
    item 4)."""
    sent = {(v, canon(a)) for v, a in acts}
    sent |= {
        (m["version"] - 1, canon(m["stand_in"]["action"]))
        for m in seen
        if m.get("type") == "view" and (m.get("stand_in") or {}).get("auto")
    }
    for k, (player, action) in enumerate(record.moves):
        if player == seat:
            assert (k, canon(action)) in sent, f"move {k} {action} of seat {seat} never sent"
