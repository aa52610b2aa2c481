"""What the OpenAPI document (``/openapi.json``) says beyond the routes' signatures: the error
answers, the request examples and the links from a new table to the routes that read it.

Clients and schemathesis read these: the examples are requests the server accepts (a table
with a person and bots, a table of bots that plays to its end by itself), and the links say
where a created table's ``table_id`` goes, so a client or a stateful test can follow them.
"""

from __future__ import annotations

from typing import Any

from seedbed.engine.registry import game, game_names, spec
from seedbed.server.protocol import ErrorBody

RETRY_AFTER = {
    "retry-after": {
        "description": "Seconds to wait before trying again.",
        "required": True,
        "schema": {"type": "string", "pattern": "^[0-9]+$"},
    }
}
"""The header a 429 answer carries."""


def create_table_examples() -> dict[str, Any]:
    """Requests that ``POST /api/tables`` accepts with any server settings, for the registered
    games (each at its default options): a person and bots at the first, bots alone at the
    last (a table of bots plays to its end by itself)."""
    names = game_names()
    first, last = names[0], names[-1]
    people = _counts(first)
    n = 3 if 3 in people else people[0]
    bots = ["greedy", "random"] * n
    k = _counts(last)[0]
    return {
        "person_and_bots": {
            "summary": f"A person and {n - 1} bots at {spec(first).title} "
            "(the answer holds Ann's token)",
            "value": {
                "game": first,
                "num_players": n,
                "seats": [{"human": {"name": "Ann"}}, *({"bot": b} for b in bots[: n - 1])],
            },
        },
        "bots_only": {
            "summary": f"{k} bots at {spec(last).title}: the game plays to its end by itself",
            "value": {"game": last, "num_players": k, "seats": [{"bot": "random"}] * k},
        },
    }


def _counts(name: str) -> list[int]:
    """The player counts of game ``name`` with its default options, smallest first."""
    found = game(name)
    return sorted(found.player_counts(found.normalize_options({})))


RECORD_ANSWER: dict[str, Any] = {
    "description": "JSON Lines: a header (with the seed), a line per move, the outcome.",
    "content": {"application/x-ndjson": {"schema": {"type": "string"}}},
}
"""The 200 of ``GET /api/tables/{table_id}/record`` (JSON Lines only, never JSON)."""


def errors(*codes: int) -> dict[int | str, dict[str, Any]]:
    """OpenAPI ``responses`` for these statuses, each with the one error body (429 with its
    ``retry-after`` header)."""
    return {
        code: {"model": ErrorBody, **({"headers": RETRY_AFTER} if code == 429 else {})}
        for code in codes
    }


def _reads(path: str, description: str) -> dict[str, Any]:
    """A link to the GET of ``path`` with the new table's id."""
    pointer = path.replace("~", "~0").replace("/", "~1")
    return {
        "operationRef": f"#/paths/{pointer}/get",
        "parameters": {"table_id": "$response.body#/table_id"},
        "description": description,
    }


TABLE_LINKS: dict[str, Any] = {
    "summary": _reads("/api/tables/{table_id}", "The new table's public summary."),
    "catalog": _reads("/api/tables/{table_id}/catalog", "Its static client data."),
    "options": _reads("/api/tables/{table_id}/options", "Its whole game options."),
    "record": _reads("/api/tables/{table_id}/record", "Its record, once the game is over."),
    "replay": _reads("/api/tables/{table_id}/replay", "Its replay, once the game is over."),
}
"""Where a created table's id goes (``POST /api/tables``, 201)."""


def create_table_document() -> dict[str, Any]:
    """``openapi_extra`` of ``POST /api/tables``: its request examples and its 201's links."""
    return {
        "requestBody": {"content": {"application/json": {"examples": create_table_examples()}}},
        "responses": {"201": {"links": TABLE_LINKS}},
    }
