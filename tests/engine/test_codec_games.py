"""Each game's actions go through engine/codec.py with the parsers' old behaviour byte for
byte (issue 13, item 4). codec_messages.json holds one malformed input of every kind of error
message the hand-written parsers gave (found by running the issue-12 parsers over some
30,000 generated and mutated inputs per game, one example kept per message shape), with the
message they gave; the declared codecs must give exactly the same."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import seedbed
from seedbed.engine.codec import DeclaredAction
from seedbed.engine.errors import InvalidActionError
from seedbed.games.bohnanza import actions as bohnanza
from seedbed.games.fields_of_green import actions as fields
from seedbed.games.stalk_exchange import actions as stalk

TABLE: dict[str, list[list[Any]]] = json.loads(
    (Path(__file__).parent / "codec_messages.json").read_text(encoding="utf-8")
)
ROWS = [
    (game, form, given, message) for game, rows in TABLE.items() for form, given, message in rows
]


@pytest.mark.parametrize(("game", "form", "given", "message"), ROWS)
def test_malformed_actions_keep_their_messages(
    game: str, form: str, given: Any, message: str
) -> None:
    g = seedbed.game(game)
    parse = g.parse_action if form == "text" else g.action_from_json
    with pytest.raises(InvalidActionError) as info:
        parse(given)
    assert str(info.value) == message


def test_a_stalk_exchange_text_that_is_no_string_is_malformed() -> None:
    """Before the codec a non-string raised AttributeError from ``text.split``; it is now
    refused as malformed like the other games do."""
    with pytest.raises(InvalidActionError, match="an action text must be a string, got 5"):
        seedbed.game("stalk_exchange").parse_action(5)  # type: ignore[arg-type]


@pytest.mark.parametrize("module", [stalk, bohnanza, fields], ids=lambda m: m.__name__)
def test_every_action_class_is_declared(module: Any) -> None:
    """Every action class of a game is a declared kind listed in its codec, in the order its
    messages list the types (their JSON ``type`` names are unchanged)."""
    classes = [
        v
        for v in vars(module).values()
        if isinstance(v, type) and issubclass(v, DeclaredAction) and v is not DeclaredAction
    ]
    assert {k.cls for k in module.CODEC.kinds} == set(classes)
    assert module.CODEC.types == tuple(k.type for k in module.CODEC.kinds)


BOHNANZA_TYPES = (
    *("end-planting", "buy-field", "pass", "end-trading", "finish-turn", "leave-offer"),
    *("plant", "harvest", "decline", "withdraw", "plant-traded", "plant-offered"),
    *("discard-offered", "discard", "plant-revealed", "offer", "accept"),
)
FIELDS_TYPES = (
    *("place-water", "draw-split", "commit", "build", "build-tower", "build-silo"),
    *("market", "restore", "attach", "skip-attach", "keep", "place", "set-aside"),
    *("choose", "pay", "skip", "pay-harvest", "decline", "end-harvest", "pay-end"),
    "end-scoring",
)


def test_the_listed_types() -> None:
    assert stalk.CODEC.types == ("plant", "swap", "flush", "end")
    assert bohnanza.ACTION_TYPES == BOHNANZA_TYPES
    assert fields.ACTION_TYPES == FIELDS_TYPES


@pytest.mark.parametrize(
    ("game", "text", "json_form"),
    [
        ("stalk_exchange", "plant 2 0,-1", {"type": "plant", "slot": 2, "space": [0, -1]}),
        ("stalk_exchange", "swap 2 tulip", {"type": "swap", "slot": 2, "give": "tulip"}),
        (
            "bohnanza",
            "offer any give f0,h3 want chili,f1",
            {
                "type": "offer",
                "to": "any",
                "give_faceup": [0],
                "give_hand": [3],
                "want": ["chili"],
                "want_faceup": [1],
            },
        ),
        ("bohnanza", "accept 7 -", {"type": "accept", "offer_id": 7, "positions": []}),
        ("fields_of_green", "water -", {"type": "place-water", "water": {}}),
        ("fields_of_green", "pay", {"type": "pay", "water": {}}),
        (
            "fields_of_green",
            "pay-harvest 17/5 0,0:1",
            {"type": "pay-harvest", "card": 17, "tile": 5, "water": {"0,0": 1}},
        ),
        ("fields_of_green", "decline 17", {"type": "decline", "card": 17, "tile": None}),
    ],
)
def test_written_forms(game: str, text: str, json_form: dict[str, Any]) -> None:
    g = seedbed.game(game)
    action = g.parse_action(text)
    assert str(action) == text and action.to_json() == json_form
    assert g.action_from_json(json_form) == action
