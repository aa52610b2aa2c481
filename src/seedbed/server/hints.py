"""Hints for learners (issue 17): at a table whose creator allowed them (the table option
``hints``), a seat on the move may ask what the greedy bot would play for it, with one line
on why from the game's heuristics (``heuristics.reason_parts``, if the game has them: codes
and numbers a client writes in its reader's language, issue 36; ``heuristics.reason_text``
gives their English line).

The hint is computed from the seat's :class:`~seedbed.bots.api.InfoSet` only (the seat's
observation and menu, as every bot sees the game), never from the full state: two states that
differ only in cards the seat cannot see give the same hint (tests/server/test_hints.py). The
tie-break generator is seeded by the version and the seat alone, not by the table's seed.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from seedbed.bots.api import InfoSet
from seedbed.bots.greedy import GreedyBot
from seedbed.engine.api import JsonDict, PlayerId, State
from seedbed.engine.registry import heuristics, spec
from seedbed.engine.rng import Rng
from seedbed.engine.spec import manners_of


@dataclass(frozen=True)
class Hint:
    """The greedy bot's move for a seat: the action (JSON and compact text) and why (English,
    and as the game's codes and parameters)."""

    action: JsonDict
    text: str
    reason: str
    reason_parts: tuple[JsonDict, ...] = ()


def hint_for(info: InfoSet, version: int) -> Hint:
    """What the greedy bot would play for ``info``'s seat, and the heuristics' reason."""
    bot = GreedyBot(info.game_name)
    action = bot.act(info, Rng(1_000_003 * version + info.player))
    why = "The best-looking move by the greedy heuristic."
    parts: list[JsonDict] = [{"code": "best", "params": {}}]
    if spec(info.game_name).heuristics is not None:
        module = heuristics(info.game_name)
        explain = getattr(module, "reason_parts", None)
        if explain is not None:
            parts = list(explain(info.observation(), action))
            why = str(module.reason_text(parts))
    return Hint(action=action.to_json(), text=str(action), reason=why, reason_parts=tuple(parts))


def seat_hint(state: State, seat: PlayerId, version: int, table_options: JsonDict) -> Hint:
    """The hint for ``seat`` at ``state``: seen through the seat's InfoSet (its view, with the
    table's manners), never the state itself."""
    return hint_for(InfoSet(state, seat, manners_of(table_options)), version)


class HintRequest(BaseModel):
    """``POST /api/tables/{id}/hint``: the seat's secret token (in the body, never a URL)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    token: str = Field(min_length=1, max_length=200)


class ReasonPart(BaseModel):
    """One piece of a hint's reason as the game's heuristics give it (issue 36): a code of the
    game (``plant``, ``harvest-first``, ``worth``…, docs/protocol.md) and its parameters, for
    a client that writes the reason in its reader's language."""

    code: str
    params: dict[str, Any] = {}


class HintAnswer(BaseModel):
    """The greedy bot's move for the asking seat at ``version``: the action JSON, its
    compact text form and one line on why (English in ``reason``, as codes and parameters in
    ``reason_parts``)."""

    version: int
    action: dict[str, Any]
    text: str
    reason: str
    reason_parts: list[ReasonPart] = []


def hint_answer(state: State, seat: PlayerId, version: int, table_options: JsonDict) -> HintAnswer:
    """The REST answer of :func:`seat_hint`."""
    found = seat_hint(state, seat, version, table_options)
    return HintAnswer(
        version=version,
        action=found.action,
        text=found.text,
        reason=found.reason,
        reason_parts=[ReasonPart(code=p["code"], params=p["params"]) for p in found.reason_parts],
    )


class HintCache:
    """Hints by (table, version, seat): a view is worked out once however often its seat asks
    (a hint depends on nothing else), so asking again costs nothing and a client cannot make
    the server think more than once a move. The work runs in a thread on a clone of the state,
    off the event loop; the least recently asked hints are forgotten past ``size``.

    >>> import seedbed
    >>> state = seedbed.game("stalk_exchange").new_state(2, seed=1)
    >>> cache = HintCache(size=4)
    >>> first = asyncio.run(cache.answer("t", state, 0, 0, {}))
    >>> asyncio.run(cache.answer("t", state, 0, 0, {})) is first, cache.computed
    (True, 1)
    """

    def __init__(self, size: int = 512) -> None:
        self.size = size
        self.computed = 0
        self._answers: OrderedDict[tuple[str, int, int, PlayerId], asyncio.Future[HintAnswer]] = (
            OrderedDict()
        )

    async def answer(
        self,
        table_id: str,
        state: State,
        seat: PlayerId,
        version: int,
        options: JsonDict,
        undos: int = 0,
    ) -> HintAnswer:
        """The hint for ``seat`` at ``version`` of the table (``state`` is that version's)
        after ``undos`` undos (a version seen again after an undo may hold another state)."""
        key = (table_id, undos, version, seat)
        found = self._answers.get(key)
        if found is None:
            self.computed += 1
            snapshot = state.clone()  # the table may move on while the thread works
            work = asyncio.to_thread(hint_answer, snapshot, seat, version, options)
            found = asyncio.ensure_future(work)
            self._answers[key] = found
            while len(self._answers) > self.size:
                self._answers.popitem(last=False)
        self._answers.move_to_end(key)
        try:
            return await asyncio.shield(found)
        except Exception:
            self._answers.pop(key, None)  # a failure is not remembered
            raise
