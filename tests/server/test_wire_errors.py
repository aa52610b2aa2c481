"""Refusals over the real protocol (issue 6 acceptance): a stale version, an illegal action,
malformed input, acting off turn, an oversize message and flooding each get the contract's
error code, only the sender hears of it, and nothing changes (the version stays, a later
valid act succeeds); bad REST bodies get 422 with a one-line detail; tokens stay secret."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest
import websockets

from .wire import Message, Seat, Server, bot, human, tokens

SUMMARY_KEYS = {
    "table_id", "game", "num_players", "options", "status", "version", "to_move", "seats",
    "created_at",
}  # fmt: skip
BAD_PLANT = {"type": "plant", "slot": 0, "space": [99, 99]}  # S-11: not in the Garden


def three_humans(server: Server, seed: int = 11) -> tuple[str, dict[int, str]]:
    created = server.create_table("stalk_exchange", [human("a"), human("b"), human("c")], seed=seed)
    return created["table_id"], tokens(created)


async def seats_of(server: Server, table: str, toks: dict[int, str]) -> list[Seat]:
    return [await Seat.connect(server, table, toks[k]) for k in sorted(toks)]


async def refused(sender: Seat, others: list[Seat], send: Any, code: str) -> Message:
    """Send something that must be refused with ``code``: only the sender hears an error,
    nobody gets a view."""
    await send()
    err = await sender.next_of("error", timeout=10)
    assert err["code"] == code, err
    assert isinstance(err["message"], str) and err["message"]
    assert await sender.quiet(0.1) == []
    for other in others:
        assert await other.quiet(0.05) == [], "a refusal reached another connection"
    return err


async def still_works(server: Server, table: str, seats: list[Seat]) -> None:
    """Version unchanged at 0, and a valid act by the seat on the move now succeeds."""
    assert server.summary(table)["version"] == 0
    mover = seats[seats[0].last_view["to_move"][0]]
    assert mover.last_view["version"] == 0
    await mover.act(0, mover.last_view["legal_actions"][0])
    for s in seats:
        view = await s.next_of("view")
        assert view["version"] == 1
    assert server.summary(table)["version"] == 1


def test_stale_version_changes_nothing(server: Server) -> None:
    table, toks = three_humans(server)

    async def run() -> None:
        seats = await seats_of(server, table, toks)
        s0 = seats[0]
        action = s0.last_view["legal_actions"][0]
        for version in (5, 1, 1000):
            await refused(s0, seats[1:], lambda v=version: s0.act(v, action), "stale_version")
        await still_works(server, table, seats)
        await refused(s0, seats[1:], lambda: s0.act(0, action), "stale_version")
        for s in seats:
            await s.close()

    asyncio.run(run())


def test_illegal_action_changes_nothing(server: Server) -> None:
    table, toks = three_humans(server)

    async def run() -> None:
        seats = await seats_of(server, table, toks)
        s0 = seats[0]
        err = await refused(s0, seats[1:], lambda: s0.act(0, BAD_PLANT), "illegal_action")
        assert "S-11" in err["message"], err
        await still_works(server, table, seats)
        for s in seats:
            await s.close()

    asyncio.run(run())


MALFORMED: list[str] = [
    "not json {",
    "[]",
    "42",
    json.dumps({"type": "act", "version": 0}),
    json.dumps({"type": "act", "action": {"type": "end"}}),
    json.dumps({"type": "act", "version": "zero", "action": {"type": "end"}}),
    json.dumps({"type": "dance", "version": 0, "action": {"type": "end"}}),
    json.dumps({"type": "act", "version": 0, "action": {"type": "nonsense"}}),
    json.dumps({"type": "act", "version": 0, "action": {"type": "plant", "slot": "x"}}),
    json.dumps({"type": "act", "version": 0, "action": "flush"}),
]


def test_malformed_input_changes_nothing(server: Server) -> None:
    table, toks = three_humans(server)

    async def run() -> None:
        seats = await seats_of(server, table, toks)
        s0 = seats[0]
        for text in MALFORMED:
            await refused(s0, seats[1:], lambda t=text: s0.send_raw(t), "malformed")
        await refused(s0, seats[1:], lambda: s0.send_raw(b"\xff\xfe binary"), "malformed")
        await still_works(server, table, seats)
        for s in seats:
            await s.close()

    asyncio.run(run())


def test_not_on_move(server: Server) -> None:
    table, toks = three_humans(server)

    async def run() -> None:
        seats = await seats_of(server, table, toks)
        s0, s1 = seats[0], seats[1]
        assert s0.last_view["to_move"] == [0] and s1.last_view["legal_actions"] == []
        action = s0.last_view["legal_actions"][0]
        others = [s0, seats[2]]
        await refused(s1, others, lambda: s1.act(0, action), "not_on_move")
        await still_works(server, table, seats)
        for s in seats:
            await s.close()

    asyncio.run(run())


def test_oversize_message(server: Server) -> None:
    """Above 64 KiB: refused with ``too_large`` (or, if the WebSocket layer's own limit
    catches it first, the connection is closed with 1009, message too big); either way
    nothing changes and the seat can come back."""
    table, toks = three_humans(server)
    outcome: list[str] = []

    async def run() -> None:
        seats = await seats_of(server, table, toks)
        s0 = seats[0]
        big = {"type": "act", "version": 0, "action": {"type": "end", "pad": "x" * 70_000}}
        await s0.send_raw(json.dumps(big))
        try:
            err = await s0.next_of("error", timeout=10)
            outcome.append(err["code"])
        except websockets.ConnectionClosed as closed:
            outcome.append(f"closed {closed.rcvd.code if closed.rcvd else None}")
            seats[0] = await Seat.connect(server, table, toks[0])
        for other in seats[1:]:
            assert await other.quiet(0.1) == []
        await still_works(server, table, seats)
        for s in seats:
            await s.close()

    asyncio.run(run())
    assert outcome[0] in ("too_large", "closed 1009"), outcome


def test_flooding_is_rate_limited(server: Server) -> None:
    table, toks = three_humans(server)

    async def run() -> None:
        seats = await seats_of(server, table, toks)
        s1 = seats[1]
        msg = json.dumps({"type": "act", "version": 0, "action": {"type": "end"}})
        for _ in range(150):
            await s1.send_raw(msg)
        codes: list[str] = []
        try:
            while len(codes) < 150:
                codes.append((await s1.next_of("error", timeout=2))["code"])
        except TimeoutError:
            pass
        assert "rate_limited" in codes, codes
        assert set(codes) <= {"rate_limited", "not_on_move"}, set(codes)
        assert codes.count("not_on_move") <= 70, "no rate limit within the burst of 60"
        await asyncio.sleep(2.5)  # the bucket refills
        await still_works(server, table, seats)
        for s in seats:
            await s.close()

    asyncio.run(run())


# -------------------------------------------------------------------- REST

GOOD: dict[str, Any] = {
    "game": "stalk_exchange",
    "num_players": 3,
    "options": {},
    "seats": [human(), bot("random"), bot("greedy")],
}
BAD_BODIES: dict[str, Any] = {
    "unknown game": {**GOOD, "game": "chess"},
    "too few players": {**GOOD, "num_players": 1, "seats": [human()]},
    "too many players": {**GOOD, "num_players": 9, "seats": [human()] * 9},
    "unknown option": {**GOOD, "options": {"bogus": 1}},
    "bad bot spec": {**GOOD, "seats": [human(), bot("nonsense"), bot("greedy")]},
    "bad bot parameter": {**GOOD, "seats": [human(), bot("greedy:depth=3"), bot("random")]},
    "seat list too short": {**GOOD, "seats": [human(), bot("random")]},
    "seat neither bot nor human": {**GOOD, "seats": [human(), {"alien": {}}, bot("random")]},
    "missing seats": {k: v for k, v in GOOD.items() if k != "seats"},
    "num_players not a number": {**GOOD, "num_players": "three"},
    "body not an object": [GOOD],
}


@pytest.mark.parametrize("case", sorted(BAD_BODIES))
def test_bad_table_bodies_get_422_with_one_line(server: Server, case: str) -> None:
    r = server.post_table(BAD_BODIES[case])
    assert r.status_code == 422, f"{case}: {r.status_code} {r.text}"
    detail = r.json()["detail"]
    assert isinstance(detail, str) and detail.strip(), f"{case}: detail is {detail!r}"
    assert "\n" not in detail, f"{case}: detail has several lines: {detail!r}"


def test_non_json_body_gets_422(server: Server) -> None:
    r = server.client.post(
        f"{server.url}/api/tables",
        content=b"{not json",
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 422, r.text
    detail = r.json()["detail"]
    assert isinstance(detail, str) and "\n" not in detail, detail


def test_summaries_records_and_unknown_tables(server: Server) -> None:
    created = server.create_table("stalk_exchange", [human("zed"), bot("random"), bot("random")])
    table, token = created["table_id"], tokens(created)[0]
    listed = {s["seat"]: s for s in created["seats"]}
    assert set(listed) in ({0}, {0, 1, 2}), "seats: the human one (or all, bots token-less)"
    invite = listed[0]["invite_url"]
    assert invite.endswith(f"/play/{table}?token={token}"), invite
    assert all(not listed[k].get("token") for k in listed if k != 0)
    summary = server.summary(table)
    assert set(summary) >= SUMMARY_KEYS, set(summary)
    assert summary["status"] == "running" and summary["version"] == 0
    assert [s["kind"] for s in summary["seats"]] == ["human", "bot", "bot"]
    assert summary["seats"][0]["name"] == "zed" and summary["seats"][0]["connected"] is False
    assert token not in json.dumps(summary)
    assert token not in server.get("/api/tables").text
    assert server.get(f"/api/tables/{table}/record").status_code == 409
    assert server.get("/api/tables/no-such-table").status_code == 404
    assert server.get("/api/tables/no-such-table/record").status_code == 404


def test_wrong_token_gets_no_seat(server: Server) -> None:
    table, _ = three_humans(server)

    async def run() -> str:
        try:
            seat = await Seat.connect(server, table, "not-a-token")
        except (websockets.InvalidStatus, websockets.ConnectionClosed) as exc:
            return f"refused: {type(exc).__name__}"
        got = seat.last_view["seat"]
        await seat.close()
        return f"seat {got}"

    outcome = asyncio.run(run())
    assert outcome.startswith("refused") or outcome == "seat None", outcome


def test_tokens_never_logged(server: Server) -> None:
    table, toks = three_humans(server)

    async def run() -> None:
        seats = await seats_of(server, table, toks)
        await still_works(server, table, seats)
        for s in seats:
            await s.close()

    asyncio.run(run())
    log = server.log_path.read_text(errors="replace")
    for token in toks.values():
        assert token not in log, "a token appears in the server log"
