"""Fields of Green's declaration (issue 13, item 3): what the tools around the rules know of it.

The shipped card set is a data file of this package (``data/original.toml``): the declaration
names it and the game reads it through the reader the registry hands over (the core reads no
files itself); ``-o card_set=PATH`` and the lobby's upload read a user's file the same way.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import Any

from seedbed.engine.api import Game, JsonDict, Outcome
from seedbed.engine.spec import DataFile, GameSpec, LabMeasure
from seedbed.games.fields_of_green.card_file_limits import MAX_FILE_BYTES
from seedbed.games.fields_of_green.card_text import parse_card_data, parse_card_text
from seedbed.games.fields_of_green.cards import CardSet, parse_card_set
from seedbed.games.fields_of_green.game import OPTIONS, FieldsOfGreen
from seedbed.games.fields_of_green.undo import reveals

ORIGINAL = "data/original.toml"


def client_data(game: Game, options: Mapping[str, Any]) -> JsonDict:
    """The table's card set (names, costs, texts) as card data: the views name cards by id."""
    assert isinstance(game, FieldsOfGreen)
    return card_set(game, options["cards"]).to_json()


def card_set(game: FieldsOfGreen, cards: Any) -> CardSet:
    """The card set of a ``cards`` option value (``"original"`` or card data)."""
    if cards == "original":
        assert game.original is not None
        return game.original()
    return parse_card_set(cards)


PILE_KINDS = ("field", "livestock", "construction", "building")
"""The kinds of the four piles' cards: the designs a player picks (F-96)."""


def lab_extras(view: JsonDict, outcome: Outcome) -> dict[str, LabMeasure]:
    """The design lab's measures of a finished game (issue 35): the cards of each kind in a
    farm, on average over the seats; and per design of the piles, F-96's *pick rate* (of
    the games where it was drawn, those where some seat built it) and *win rate* (of the
    seats that built it, their wins; a win shared by k counts 1/k), each a rate's
    (part, whole) pooled over a cell's games."""
    players = view["players"]
    counts: dict[str, float] = {}
    built = [{s["card"]["design"] for s in p["farm"] if s["card"]["kind"] in PILE_KINDS}
             for p in players]  # fmt: skip
    for player in players:
        for spot in player["farm"]:
            key = f"{spot['card']['kind']} cards per farm"
            counts[key] = counts.get(key, 0.0) + 1 / len(players)
    out: dict[str, LabMeasure] = dict(sorted(counts.items()))
    seen = [c for c in (*view["discard"], *view["display"]) if c["kind"] in PILE_KINDS]
    anyone = set().union(*built)
    share = 1 / len(outcome.winners)
    for design in sorted(anyone | {c["design"] for c in seen}):
        out[f"pick rate {design}"] = (float(design in anyone), 1.0)
        seats = [p for p, designs in enumerate(built) if design in designs]
        if seats:
            wins = sum(share for p in seats if p in outcome.winners)
            out[f"win rate {design}"] = (wins, float(len(seats)))
    return out


def _make_game(read: Callable[[str], str]) -> Game:
    @cache
    def original() -> CardSet:
        return parse_card_text(read(ORIGINAL), f"fields_of_green/{ORIGINAL}")

    return FieldsOfGreen(original=original)


SPEC = GameSpec(
    lab_extras=lab_extras,
    name="fields_of_green",
    title="Fields of Green",
    make_game=_make_game,
    options=OPTIONS,
    options_clause="F-3",
    turn_event="year",
    turn_name="years",
    heuristics="seedbed.games.fields_of_green.heuristics",
    display="seedbed.games.fields_of_green.display",
    text_guide="seedbed.games.fields_of_green.text_guide",
    encoding="seedbed.games.fields_of_green.encoding",
    compact_encoding="seedbed.games.fields_of_green.compact",
    observation="seedbed.games.fields_of_green.obs_encoding",
    data_files=(
        DataFile(
            option="cards",
            key="card_set",
            noun="card set",
            parse_text=parse_card_data,
            shipped={"original": ORIGINAL},
            max_bytes=MAX_FILE_BYTES,
        ),
    ),
    client_data=client_data,
    native="seedbed.games.fields_of_green.native",
    native_encoder="seedbed.games.fields_of_green.native_encoding",
    native_greedy=True,
    reveals=reveals,
)


def original_card_set() -> CardSet:
    """The shipped set (F-90), read once through the registry's reader of package files."""
    from seedbed.engine.registry import game

    found = game(SPEC.name)
    assert isinstance(found, FieldsOfGreen) and found.original is not None
    return found.original()
