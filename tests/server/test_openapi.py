"""The OpenAPI document tells the truth (issue 12, "an accurate OpenAPI document"): schemathesis
generates requests for every operation of ``/openapi.json`` and sends them in-process to the
app under its lifespan; every answer must be no server error and have a status, a content
type, a body and headers that the document declares for that operation.

Every operation with generated data (a bounded number of examples each, the seed fixed so CI
sends the same requests every time); the document's links followed statefully (tables created
from the documented examples, then read); known-good requests naming tables that exist, running
and finished, so the 2xx bodies of the table routes are checked too (a generated id only ever
meets 404); and the answers of the guard and the per-address limit, which generated data does
not reach (a body over 2 MiB, JSON nested 33 deep, a second table within the minute).
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import hypothesis
import pytest
import schemathesis
from fastapi import FastAPI
from fastapi.testclient import TestClient
from schemathesis.checks import not_a_server_error
from schemathesis.python import asgi
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from seedbed.server.app import create_app
from seedbed.server.config import ServerSettings

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
    response_headers_conformance,
]
SEED = 12
"""Schemathesis's seed: the same generated requests on every run."""
EXAMPLES = 30
"""Generated requests per operation (and stateful scenarios), besides the coverage cases."""
OPERATIONS = {
    "GET /api/games",
    "GET /api/i18n",
    "GET /api/i18n/{lang}",
    "GET /api/metrics",
    "GET /api/health",
    "GET /api/ready",
    "GET /api/tables",
    "POST /api/tables",
    "GET /api/tables/{table_id}",
    "GET /api/tables/{table_id}/record",
    "GET /api/tables/{table_id}/replay",
    "GET /api/tables/{table_id}/catalog",
    "GET /api/tables/{table_id}/options",
    "POST /api/games/{game}/files/{key}",
    "POST /api/tables/{table_id}/hint",
    "GET /api/ladder/{game}",
    "GET /api/players/{name}",
    "GET /api/players/{name}/ratings/{game}.svg",
    "POST /api/accounts",
    "POST /api/session",
    "DELETE /api/session",
    "DELETE /api/sessions",
    "GET /api/me",
    "POST /api/tables/{table_id}/seats/{seat}",
    "GET /api/open-tables",
    "POST /api/quick-match",
    "POST /api/tables/{table_id}/rematch",
    "POST /api/your-turn",
    "GET /api/notifications",
    "PUT /api/notifications",
}
"""Every operation, the accounts' too (issue 30 item 1: schemathesis over the new endpoints,
0 server errors and 0 schema mismatches)."""
ORIGINAL_CARDS = (
    Path(__file__).resolve().parents[2] / "src/seedbed/games/fields_of_green/data/original.toml"
)


def document() -> dict[str, Any]:
    """The document as any app builds it (building one opens nothing: the lifespan does)."""
    built: dict[str, Any] = create_app(ServerSettings(database_url="sqlite://")).openapi()
    return built


def load(built: dict[str, Any]) -> schemathesis.BaseSchema:
    """A schemathesis schema of ``built`` (which stateful link inference writes into)."""
    return schemathesis.openapi.from_dict(built, config=schemathesis.Config(seed=SEED))


schema = load(document())


def settings_for(examples: int) -> hypothesis.settings:
    return hypothesis.settings(
        max_examples=examples,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=[hypothesis.HealthCheck.too_slow],
    )


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[FastAPI]:
    """The app under its lifespan (store, bot pool, sweeps), as schemathesis's in-process
    client runs it: started here, stopped at the end of the module."""
    database = tmp_path_factory.mktemp("openapi") / "seedbed.sqlite"
    settings = ServerSettings(
        database_url=f"sqlite:///{database}",
        bot_workers=1,
        bot_seconds=0.5,
        tables_per_minute=1_000_000,
        uploads_per_minute=1_000_000,  # schemathesis uploads far more than a person
        accounts_per_minute=1_000_000,  # and signs up and in far more (issue 30 item 1)
        sign_ins_per_minute=1_000_000,
        sign_ins_per_name_per_minute=1_000_000,
        allow_chosen_seeds=False,
    )
    application = create_app(settings)
    with asgi.get_client(application):
        pass  # starts the lifespan, which stays up until shutdown_lifespans
    try:
        yield application
    finally:
        asgi.shutdown_lifespans()


def call(app: FastAPI, case: schemathesis.Case) -> schemathesis.Response:
    """Send ``case`` to the app and check the answer against the document."""
    return case.call_and_validate(app=app, checks=CHECKS)


def labels(built: dict[str, Any]) -> set[str]:
    return {f"{method.upper()} {path}" for path, ops in built["paths"].items() for method in ops}


def example(name: str) -> dict[str, Any]:
    """The body of the document's request example ``name`` of ``POST /api/tables``."""
    body = schema["/api/tables"]["POST"].definition.raw["requestBody"]["content"]
    value: dict[str, Any] = body["application/json"]["examples"][name]["value"]
    return value


# ---------------------------------------------------------------- the document itself


def test_the_served_document_is_the_one_tested(app: FastAPI) -> None:
    """What ``/openapi.json`` serves is the document these tests read, and every REST route
    is in it."""
    with asgi.get_client(app) as client:
        served = client.get("/openapi.json")
    assert served.status_code == 200
    assert served.json() == document()
    assert labels(document()) == OPERATIONS


# ---------------------------------------------------------------- generated requests


@schema.parametrize()
@settings_for(EXAMPLES)
def test_every_operation_answers_as_documented(case: schemathesis.Case, app: FastAPI) -> None:
    """Issue 12 (an accurate OpenAPI document): schemathesis found 7 mismatches between the
    server and its document (undeclared 400/404/409, the 422 ``detail`` shape)."""
    call(app, case)


def test_every_error_is_the_one_error_body() -> None:
    """Issue 12 (an accurate OpenAPI document): the document showed FastAPI's
    ``HTTPValidationError`` for 422 (a list of objects), while every error the server sends is
    ``{"detail": "<one line>"}``."""
    built = document()
    assert not {"HTTPValidationError", "ValidationError"} & set(built["components"]["schemas"])
    for path, ops in built["paths"].items():
        for method, op in ops.items():
            for status, answer in op["responses"].items():
                if status.startswith(("4", "5")):
                    body = answer["content"]["application/json"]["schema"]
                    assert body == {"$ref": "#/components/schemas/ErrorBody"}, (method, path)


# ---------------------------------------------------------------- the links, followed


def test_links_followed_from_new_tables(app: FastAPI) -> None:
    """Tables created from the documented examples, then read through the 201's links."""
    machine = load(document()).as_state_machine()

    class OnTheApp(machine):  # type: ignore[misc, valid-type]
        def get_call_kwargs(self, case: schemathesis.Case) -> dict[str, Any]:
            return {"app": app}

        def validate_response(
            self, response: schemathesis.Response, case: schemathesis.Case, **kwargs: Any
        ) -> None:
            case.validate_response(response, checks=CHECKS, transport_kwargs=kwargs)

    settings = settings_for(EXAMPLES)
    OnTheApp.run(settings=hypothesis.settings(settings, stateful_step_count=6))


# ---------------------------------------------------------------- tables that exist


def created(app: FastAPI, name: str) -> str:
    """The id of a table made from the document's request example ``name`` (so every example
    is one the server accepts)."""
    response = call(app, schema["/api/tables"]["POST"].Case(body=example(name)))
    assert response.status_code == 201, response.text
    table_id: str = response.json()["table_id"]
    return table_id


def finished(app: FastAPI, table_id: str, timeout: float = 60.0) -> None:
    """Wait for a bots-only game to end (a hang guard, not a speed assertion)."""
    deadline = time.monotonic() + timeout
    with asgi.get_client(app) as client:
        while client.get(f"/api/tables/{table_id}").json()["status"] == "running":
            assert time.monotonic() < deadline, f"table {table_id} still running after {timeout} s"
            time.sleep(0.1)


@pytest.fixture(scope="module")
def tables(app: FastAPI) -> dict[str, str]:
    """A running table (a person's turn holds it) and a finished one, by name."""
    running, done = created(app, "person_and_bots"), created(app, "bots_only")
    finished(app, done)
    return {"running": running, "finished": done}


READS = [
    ("/api/tables/{table_id}", "running", {}, 200),
    ("/api/tables/{table_id}", "finished", {}, 200),
    ("/api/tables/{table_id}/catalog", "running", {}, 200),
    ("/api/tables/{table_id}/options", "running", {}, 200),
    ("/api/tables/{table_id}/options", "finished", {}, 200),
    ("/api/tables/{table_id}/record", "running", {}, 409),
    ("/api/tables/{table_id}/record", "finished", {}, 200),
    ("/api/tables/{table_id}/replay", "running", {}, 409),
    ("/api/tables/{table_id}/replay", "finished", {}, 200),
    ("/api/tables/{table_id}/replay", "finished", {"seat": "1"}, 200),
    ("/api/tables/{table_id}/replay", "finished", {"seat": "7"}, 422),
]


@pytest.mark.parametrize(("path", "table", "query", "status"), READS)
def test_reads_of_tables_that_exist(
    app: FastAPI,
    tables: dict[str, str],
    path: str,
    table: str,
    query: dict[str, str],
    status: int,
) -> None:
    """The 2xx (and 409) answers of the table routes match the document: generated ids only
    reach the 404s."""
    case = schema[path]["GET"].Case(path_parameters={"table_id": tables[table]}, query=query)
    assert call(app, case).status_code == status


def test_the_table_list_with_tables(app: FastAPI, tables: dict[str, str]) -> None:
    for status in ("running", "finished"):
        case = schema["/api/tables"]["GET"].Case(query={"status": status})
        assert call(app, case).json()["total"] >= 1


def test_a_card_set_file_is_read(app: FastAPI) -> None:
    text = ORIGINAL_CARDS.read_text(encoding="utf-8")
    body = {"name": "original.toml", "format": "toml", "text": text}
    operation = schema["/api/games/{game}/files/{key}"]["POST"]
    path = {"game": "fields_of_green", "key": "card_set"}
    case = operation.Case(path_parameters=path, body=body)
    assert call(app, case).status_code == 200


LADDER_READS = [
    ("/api/ladder/{game}", {"game": "bohnanza"}, 200),
    ("/api/ladder/{game}", {"game": "chess"}, 404),
    ("/api/players/{name}", {"name": "Greedy bot"}, 200),
    ("/api/players/{name}", {"name": "nobody here"}, 404),
    ("/api/players/{name}/ratings/{game}.svg", {"name": "Search bot", "game": "bohnanza"}, 200),
    ("/api/players/{name}/ratings/{game}.svg", {"name": "nobody", "game": "bohnanza"}, 404),
]


@pytest.mark.parametrize(("path", "parameters", "status"), LADDER_READS)
def test_reads_of_the_ladder(
    app: FastAPI, path: str, parameters: dict[str, str], status: int
) -> None:
    """Issue 30 items 3 and 4: the ladder's and the profiles' 2xx answers (a bot preset is
    a rated player from the start) match the document, not only the 404s generated names
    reach."""
    case = schema[path]["GET"].Case(path_parameters=parameters)
    assert call(app, case).status_code == status


# ---------------------------------------------------------------- the guard's and limits' answers


def test_the_guards_refusals_are_documented(app: FastAPI) -> None:
    """413 and 422 come from the guard before any route sees the request."""
    limits = ServerSettings()
    deep: Any = 1
    for _ in range(limits.max_json_depth):
        deep = [deep]
    operation = schema["/api/tables"]["POST"]
    too_long = operation.Case(body={"game": "x" * limits.max_body_bytes})
    too_deep = operation.Case(body={"options": {"a": deep}})
    assert call(app, too_long).status_code == 413
    assert call(app, too_deep).status_code == 422


def test_the_table_limit_answer_is_documented(tmp_path: Path) -> None:
    """429 with its ``retry-after`` header, as documented."""
    settings = ServerSettings(
        database_url=f"sqlite:///{tmp_path / 'seedbed.sqlite'}", bot_workers=1, tables_per_minute=1
    )
    case = schema["/api/tables"]["POST"].Case(body=example("person_and_bots"))
    with TestClient(create_app(settings)) as client:
        answers = [client.post("/api/tables", json=case.body) for _ in range(2)]
    assert [a.status_code for a in answers] == [201, 429]
    case.validate_response(answers[1], checks=CHECKS)


def test_the_record_is_documented_as_json_lines_only() -> None:
    """Issue 12 (an accurate OpenAPI document): the record's 200 listed ``application/json``
    beside JSON Lines (a route returning a bare ``Response`` gets FastAPI's default media type),
    which the server never sends there."""
    answer = document()["paths"]["/api/tables/{table_id}/record"]["get"]["responses"]["200"]
    assert set(answer["content"]) == {"application/x-ndjson"}


def test_a_signed_in_account_reads_itself_as_documented(app: FastAPI) -> None:
    """Issue 30 item 1: the 2xx answers of the account routes with a session (generated
    requests carry no cookie): sign up, my tables with a table in them, sign out
    everywhere."""
    account = {"name": "Schema Tester", "password": "a long enough password"}
    with asgi.get_client(app) as client:
        client.headers["origin"] = "http://testserver"
        signed_up = schema["/api/accounts"]["POST"].Case(body=account)
        answer = signed_up.call(session=client)
        assert answer.status_code == 201, answer.text
        signed_up.validate_response(answer, checks=CHECKS)
        table = schema["/api/tables"]["POST"].Case(body=example("person_and_bots"))
        assert table.call(session=client).status_code == 201
        mine = schema["/api/me"]["GET"].Case()
        answer = mine.call(session=client)
        assert answer.status_code == 200 and len(answer.json()["tables"]) == 1
        mine.validate_response(answer, checks=CHECKS)
        for path, method in (("/api/session", "POST"), ("/api/sessions", "DELETE")):
            operation = schema[path][method]
            case = operation.Case(body=account) if method == "POST" else operation.Case()
            answer = case.call(session=client)
            assert answer.status_code == 200, (path, answer.text)
            case.validate_response(answer, checks=CHECKS)


# ---------------------------------------------------------------- open seats, quick match, rematch


def test_open_seats_quick_match_and_rematch_answer_as_documented(app: FastAPI) -> None:
    """Issue 30 items 2 and 5: the 2xx and 4xx answers of the new routes match the document
    (generated requests only meet 404 and 422 there)."""
    quick = schema["/api/quick-match"]["POST"]
    body = {"game": "stalk_exchange", "num_players": 3, "name": "Ann", "fill_with_bot_after": None}
    opened = call(app, quick.Case(body=body))
    assert opened.status_code == 200 and opened.json()["opened"] is True
    table_id = opened.json()["table_id"]
    assert call(app, quick.Case(body={**body, "name": "Bo"})).json()["seat"] == 1
    assert call(app, quick.Case(body={**body, "num_players": 99})).status_code == 422
    assert call(app, quick.Case(body={**body, "game": "chess"})).status_code == 422
    listed = call(app, schema["/api/open-tables"]["GET"].Case(query={"num_players": 3}))
    assert table_id in {t["table_id"] for t in listed.json()["tables"]}
    take = schema["/api/tables/{table_id}/seats/{seat}"]["POST"]
    for seat, status in ((2, 201), (2, 409), (1, 409), (9, 422)):
        case = take.Case(path_parameters={"table_id": table_id, "seat": seat}, body={"name": "Cy"})
        assert call(app, case).status_code == status
    rematch = schema["/api/tables/{table_id}/rematch"]["POST"]
    path = {"table_id": table_id}
    token = opened.json()["token"]
    assert call(app, rematch.Case(path_parameters=path, body={"token": token})).status_code == 409
    assert call(app, rematch.Case(path_parameters=path, body={"token": "x"})).status_code == 403


def test_a_rematch_answers_as_documented(tmp_path: Path) -> None:
    """Issue 30 item 5: the rematch's 200 (a finished table with a person: the turn timer's
    stand-in plays for her)."""
    from .test_rematch import finished_table, settings

    with TestClient(create_app(settings(f"sqlite:///{tmp_path / 'db.sqlite'}"))) as client:
        table_id, tokens = finished_table(client)
        case = schema["/api/tables/{table_id}/rematch"]["POST"].Case(
            path_parameters={"table_id": table_id}, body={"token": tokens["Ann"]}
        )
        answer = client.post(f"/api/tables/{table_id}/rematch", json=case.body)
        assert answer.status_code == 200
        case.validate_response(answer, checks=CHECKS)
        summary = client.get(f"/api/tables/{table_id}")
        read = schema["/api/tables/{table_id}"]["GET"].Case(path_parameters={"table_id": table_id})
        read.validate_response(summary, checks=CHECKS)
