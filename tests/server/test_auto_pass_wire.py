"""Issue 31 item 4 over the wire (SQLite and PostgreSQL): a person's ``settings`` message
sets *pass automatically when nothing is addressed to me*; the seat's views say so, the
choice is stored and outlives a restart of the server; a malformed one is refused."""

from __future__ import annotations

import asyncio

from .wire import Seat, Server, bot, human, tokens


def test_the_setting_is_stored_and_outlives_a_restart(server: Server) -> None:
    created = server.create_table("bohnanza", [human("Ann"), bot("greedy"), bot("greedy")], seed=3)
    table_id, token = created["table_id"], tokens(created)[0]

    async def first() -> None:
        ann = await Seat.connect(server, table_id, token)
        assert ann.last_view["auto_pass"] is False  # off by default at a real-time table
        await ann.send({"type": "settings", "auto_pass": "yes please"})
        refused = await ann.next_of("error")
        assert refused["code"] == "malformed" and "auto_pass" in refused["message"], refused
        await ann.send({"type": "settings", "auto_pass": True})
        while (await ann.next_of("view"))["auto_pass"] is not True:
            pass
        await ann.close()

    async def again() -> None:
        ann = await Seat.connect(server, table_id, token)
        assert ann.last_view["auto_pass"] is True
        await ann.close()

    asyncio.run(first())
    server.stop()
    server.start(same_port=True)
    asyncio.run(again())
