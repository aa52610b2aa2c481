"""The protocol models, their committed JSON Schemas, the menu cap, the table-request checks
and the per-connection guards (rate limit, token redaction)."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from pathlib import Path

import pytest
from pydantic import ValidationError

import seedbed
from seedbed.engine.api import Action
from seedbed.engine.menu import kind_of
from seedbed.engine.rng import Rng
from seedbed.server.hub import TableRequestError, check_request, digest, seating_of
from seedbed.server.limits import RedactTokens, TokenBucket, redact
from seedbed.server.protocol import (
    MENU_CAP,
    ActMessage,
    CreateTableRequest,
    ErrorCode,
    schema_texts,
    write_schemas,
)
from seedbed.server.views import capped_menu

DOCS = Path(__file__).resolve().parents[2] / "docs" / "protocol"


def test_committed_schemas_equal_generated_ones(tmp_path: Path) -> None:
    written = {p.name for p in write_schemas(tmp_path)}
    committed = {p.name for p in DOCS.glob("*.json")}
    assert committed == written, "run seedbed.server.protocol.write_schemas('docs/protocol')"
    for name, text in schema_texts().items():
        assert (DOCS / name).read_text(encoding="utf-8") == text, f"{name} is out of date"


def test_error_codes_are_the_contract_ones() -> None:
    assert {c.value for c in ErrorCode} == {
        "malformed", "too_large", "rate_limited", "stale_version", "illegal_action",
        "not_on_move", "spectator", "finished", "internal", "chat_off", "no_undo",
    }  # fmt: skip


@pytest.mark.parametrize(
    "message",
    [
        {"type": "act", "version": -1, "action": {}},
        {"type": "act", "version": 0},
        {"type": "act", "version": 0, "action": "plant 0"},
        {"type": "move", "version": 0, "action": {}},
        {"type": "act", "version": 0, "action": {}, "extra": 1},
        {"type": "act", "version": "zero", "action": {}},
    ],
)
def test_act_messages_are_validated(message: object) -> None:
    with pytest.raises(ValidationError):
        ActMessage.model_validate(message)


def request(**changes: object) -> CreateTableRequest:
    body: dict[str, object] = {
        "game": "stalk_exchange",
        "num_players": 2,
        "options": {},
        "seats": [{"bot": "random"}, {"human": {"name": "ann"}}],
    }
    body.update(changes)
    return CreateTableRequest.model_validate(body)


def test_a_good_request_gives_tokens_for_humans_only_and_stores_digests() -> None:
    req = request()
    options, tokens = check_request(req)
    assert options["garden_radius"] == 3  # normalised: defaults filled in
    assert tokens[0] == "" and len(tokens[1]) >= 32
    seating = seating_of(req, tokens)
    assert seating[0] == {"kind": "bot", "spec": "random"}
    assert seating[1] == {"kind": "human", "name": "ann", "token_sha256": digest(tokens[1])}
    assert tokens[1] not in str(seating)


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"game": "chess"}, "unknown game"),
        ({"num_players": 9, "seats": [{"bot": "random"}] * 9}, "players"),
        ({"seats": [{"bot": "random"}]}, "1 seats given for 2 players"),
        ({"seats": [{"bot": "nobot"}, {"bot": "random"}]}, "unknown bot"),
        ({"options": {"garden_radius": "big"}}, "garden_radius"),
    ],
)
def test_bad_requests_are_refused_with_one_line(changes: dict[str, object], words: str) -> None:
    with pytest.raises(TableRequestError) as caught:
        check_request(request(**changes))
    assert words in str(caught.value) and "\n" not in str(caught.value)


def test_request_shape_errors_come_from_the_model() -> None:
    with pytest.raises(ValidationError):
        request(seats=[{"bot": "random", "human": {"name": "x"}}, {"bot": "random"}])
    with pytest.raises(ValidationError):
        request(seed=-1)


def big_bohnanza_menu() -> Sequence[Action]:
    state = seedbed.game("bohnanza").new_state(3, seed=3)
    rng = Rng(1)
    while True:
        p = state.to_move()[0]
        menu = state.legal_actions(p)
        if len(menu) > MENU_CAP:
            return menu
        state.apply(p, menu[rng.below(len(menu))])


def test_a_large_menu_is_sent_without_its_bulky_actions() -> None:
    menu = big_bohnanza_menu()
    bulky = seedbed.spec("bohnanza").bulky_kinds
    shown, elided = capped_menu(menu, bulky)
    offers = sum(1 for a in menu if kind_of(a) in bulky)
    assert elided == offers > 0 and len(shown) == len(menu) - offers
    assert shown and all(a["type"] not in bulky for a in shown)


def test_a_large_menu_of_a_game_without_bulky_kinds_is_sent_whole() -> None:
    menu = big_bohnanza_menu()
    shown, elided = capped_menu(menu, ())
    assert elided == 0 and len(shown) == len(menu)


def test_a_small_menu_is_sent_whole() -> None:
    menu = seedbed.game("stalk_exchange").new_state(3, seed=1).legal_actions(0)
    shown, elided = capped_menu(menu)
    assert elided == 0 and shown == [a.to_json() for a in menu]


def test_token_bucket_refills_at_its_rate_and_views_earn_credit() -> None:
    now = [0.0]
    bucket = TokenBucket(rate=30, burst=60, clock=lambda: now[0])
    assert sum(bucket.allow() for _ in range(100)) == 60
    now[0] = 0.1
    assert sum(bucket.allow() for _ in range(10)) == 3
    bucket.credit()
    assert bucket.allow() and not bucket.allow()


def test_tokens_never_reach_a_log_line(caplog: pytest.LogCaptureFixture) -> None:
    logger = logging.getLogger("test.redaction")
    logger.addFilter(RedactTokens())
    with caplog.at_level(logging.INFO):
        logger.info('%s - "WebSocket %s" [accepted]', "1.2.3.4", "/ws/tables/x?token=abcSECRET")
    assert "abcSECRET" not in caplog.text and "/ws/tables/x?[redacted]" in caplog.text
    assert redact("a token=x&token=y b") == "a token=[redacted]&token=[redacted] b"


@pytest.mark.parametrize(
    "line",
    [
        "GET /ws/tables/x?%74oken=abcSECRET HTTP/1.1",
        "GET /api/tables/x?seat=1&TOKEN=abcSECRET",
        "/ws/tables/x?a=1&token=abcSECRET&b=2",
    ],
)
def test_no_query_string_reaches_a_log_line(line: str, caplog: pytest.LogCaptureFixture) -> None:
    """Issue 12, defect 8: ``?%74oken=TOKEN`` slipped past the redaction, which matched the
    text ``token=``; every query string is now hidden whole, whatever the argument types."""
    logger = logging.getLogger("test.redaction.query")
    logger.addFilter(RedactTokens())
    with caplog.at_level(logging.INFO):
        logger.info("%s - %d", line, 7)
    assert "abcSECRET" not in caplog.text and "?[redacted]" in caplog.text and "- 7" in caplog.text
