"""engine/codec.py: an action kind is declared once (type name, typed fields) and its JSON
form, text form and both parsers derive from it (issue 13, item 4). A toy game's kinds here;
each game's own forms and messages are pinned in tests/engine/test_codec_games.py."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Annotated, Any

import pytest

from seedbed.engine.codec import (
    Codec,
    DeclaredAction,
    Dialect,
    Joined,
    Keyword,
    Value,
    action_kind,
    singleton,
)
from seedbed.engine.errors import InvalidActionError


def read_int(value: Any, what: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, str) and value.isdigit():
        return int(value)
    raise InvalidActionError(f"{what} must be an integer, got {value!r}")


def read_suit(value: Any, what: str) -> int:
    if value not in SUITS:
        raise InvalidActionError(f"unknown suit {value!r}")
    return SUITS.index(value)


def read_card(text: str) -> tuple[int, int]:
    rank, _, suit = text.partition("/")
    return read_int(rank, "a rank"), read_suit(suit, "a suit")


SUITS = ("hearts", "spades")
Rank = Annotated[int, Value(read_int, read_int, text_what="a rank")]
Suit = Annotated[
    int, Value(read_suit, read_suit, write_json=SUITS.__getitem__, write_text=SUITS.__getitem__)
]
Count = Annotated[
    int, Value(read_int, read_int, optional=True, metavar="[<count>]", text_what="a count")
]


@action_kind("play", json_order=("suit", "rank"))
@dataclass(frozen=True, slots=True)
class Play(DeclaredAction):
    rank: Rank
    suit: Suit


@action_kind(
    "bid",
    text=(
        Keyword("on"),
        Joined(
            "card", ("rank", "suit"), lambda r, s: f"{r}/{SUITS[s]}", read_card, "<rank>/<suit>"
        ),
        "times",
    ),
    text_order=("times", "card"),
    missing="'{kind}' needs a rank",
)
@dataclass(frozen=True, slots=True)
class Bid(DeclaredAction):
    rank: Rank
    suit: Suit = 0
    times: Count = 1


@action_kind("fold", verb="out")
@dataclass(frozen=True, slots=True)
class Fold(DeclaredAction):
    pass


CODEC = Codec((Play, Bid, Fold), Dialect())
STRICT = Codec(
    (Play, Bid, Fold),
    Dialect(wrong_fields="{kind!r} takes fields {names}; got {got}", fold_case=True),
)


def test_forms_derive_from_the_declaration() -> None:
    play = Play(7, 1)
    assert play.to_json() == {"type": "play", "rank": 7, "suit": "spades"}
    assert str(play) == "play 7 spades"
    assert CODEC.parse("play 7 spades") == play
    assert CODEC.from_json(play.to_json()) == play
    assert Play.kind.type == "play" and Play.kind.names == ("rank", "suit")


def test_joined_words_keywords_and_optional_words() -> None:
    bid = Bid(3, 1)
    assert str(bid) == "bid on 3/spades"  # the optional count is left out at its default
    assert str(Bid(3, 1, 2)) == "bid on 3/spades 2"
    assert bid.to_json() == {"type": "bid", "rank": 3, "suit": "spades", "times": 1}
    assert CODEC.parse("bid on 3/spades") == bid
    assert CODEC.parse("bid on 3/spades 2") == Bid(3, 1, 2)
    assert CODEC.from_json({"type": "bid", "rank": 3, "suit": "spades"}) == bid


def test_verbs_and_types_are_both_read() -> None:
    fold = singleton(Fold)
    assert str(fold) == "out" and fold.to_json() == {"type": "fold"}
    assert CODEC.parse("out") is fold and CODEC.parse("fold") is fold
    assert CODEC.from_json({"type": "fold", "extra": 1}) is fold


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty action; action types: play, bid, fold"),
        ("jump", "unknown action 'jump'; action types: play, bid, fold"),
        ("out now", "'out' takes no arguments"),
        ("play 7", "usage: play <rank> <suit>"),
        ("bid at 3/spades", "usage: bid on <rank>/<suit> [<count>]"),
        ("play x spades", "a rank must be an integer, got 'x'"),
        # text_order: the count is read before the card
        ("bid on x/clubs y", "a count must be an integer, got 'y'"),
        ("bid on x/clubs", "a rank must be an integer, got 'x'"),
    ],
)
def test_text_errors(text: str, message: str) -> None:
    with pytest.raises(InvalidActionError) as info:
        CODEC.parse(text)
    assert str(info.value) == message


@pytest.mark.parametrize(
    ("obj", "message"),
    [
        (5, "an action must be a JSON object with a 'type', got 5; action types: play, bid, fold"),
        ({"type": 5}, "unknown action type 5; action types: play, bid, fold"),
        ({"type": "jump"}, "unknown action type 'jump'; action types: play, bid, fold"),
        ({"type": "play"}, "'play' needs the field(s) rank, suit"),
        ({"type": "bid"}, "'bid' needs a rank"),
        # json_order: the suit is read before the rank
        ({"type": "play", "rank": "x", "suit": "clubs"}, "unknown suit 'clubs'"),
        ({"type": "play", "rank": "x", "suit": "hearts"}, "'rank' must be an integer, got 'x'"),
    ],
)
def test_json_errors(obj: Any, message: str) -> None:
    with pytest.raises(InvalidActionError) as info:
        CODEC.from_json(obj)
    assert str(info.value) == message


def test_a_strict_dialect_wants_exactly_the_fields_and_folds_case() -> None:
    with pytest.raises(InvalidActionError, match=r"'fold' takes fields \[\]; got \['extra'\]"):
        STRICT.from_json({"type": "fold", "extra": 1})
    with pytest.raises(InvalidActionError, match=r"'bid' takes fields"):
        STRICT.from_json({"type": "bid", "rank": 3})
    assert STRICT.parse("PLAY 7 hearts") == Play(7, 0)


def test_a_field_must_name_its_value() -> None:
    with pytest.raises(TypeError, match="annotate it"):

        @action_kind("bare")
        @dataclass(frozen=True, slots=True)
        class Bare(DeclaredAction):
            n: int


def test_kinds_share_no_type_or_verb() -> None:
    with pytest.raises(ValueError, match="share"):
        Codec((Play, Play), Dialect())


def test_only_a_kind_without_fields_is_a_singleton() -> None:
    with pytest.raises(TypeError, match="has fields"):
        singleton(Play)
