"""Hint reasons as codes and parameters (issue 36 item 4, "hints" of the acceptance): the
heuristics of each game give the reason as parts the browser writes per language; the English
line is written from the same parts, and every code a hint gives has its sentence in the game's
browser module (web/games/<game>/reasons.js)."""

from __future__ import annotations

import json
import re

import pytest

import seedbed
from seedbed.bots.api import InfoSet
from seedbed.engine.registry import heuristics
from seedbed.games.bohnanza.hint_words import harvest_first_part
from seedbed.i18n.extract import ROOT
from seedbed.server.hints import hint_for

GAMES = {"bohnanza": (3, 200), "stalk_exchange": (2, 200), "fields_of_green": (2, 250)}


def hints_of(game: str, seed: int) -> list[tuple[str, tuple[dict, ...]]]:
    """(reason, parts) of the greedy bot's hint at each move of a greedy game."""
    players, moves = GAMES[game]
    rules = seedbed.game(game)
    state = rules.new_state(players, seed=seed)
    out = []
    for version in range(moves):
        if state.is_terminal():
            break
        seat = state.to_move()[0]
        hint = hint_for(InfoSet(state, seat), version)
        out.append((hint.reason, hint.reason_parts))
        state.apply(seat, rules.action_from_json(hint.action))
    return out


def client_codes(game: str) -> set[str]:
    text = (ROOT / f"src/seedbed/web/games/{game}/reasons.js").read_text(encoding="utf-8")
    return set(re.findall(r'case "([a-z-]+)":', text))


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_reason_is_parts_with_a_sentence_in_the_browser(game: str) -> None:
    """issue 36: the reason is codes and numbers, each code written per language."""
    known = client_codes(game)
    seen: set[str] = set()
    module = heuristics(game)
    for reason, parts in hints_of(game, seed=3):
        assert parts, reason
        json.dumps(parts)  # sent as they are
        assert module.reason_text(list(parts)) == reason
        seen.update(p["code"] for p in parts)
    assert seen and seen <= known, sorted(seen - known)


def test_the_numbers_travel_as_numbers() -> None:
    """A Bohnanza planting over another variety names the count, the variety and the coins
    (the browser writes « les 2 cartes Harry Cochet du champ 1 pour 0 Thune »)."""
    view = {
        "viewer": 0,
        "hand": [{"id": 1, "variety": "blue"}],
        "revealed": [],
        "offer_area": [],
        "players": [{"trade_area": [], "fields": [{"variety": "wax", "cards": [{}, {}]}]}],
    }
    part = harvest_first_part(view, {"type": "plant", "field": 0})
    assert part == {
        "code": "harvest-first",
        "params": {"count": 2, "variety": "wax", "field": 1, "coins": 0},
    }
