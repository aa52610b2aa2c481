"""Which Fields of Green moves reveal something hidden, so that a person's undo stops there
(issue 38 item 11; F-42, F-46 … F-48, F-60, F-61, F-64, F-70, F-77 … F-79)."""

from __future__ import annotations

import seedbed
from seedbed.engine.api import JsonDict, State
from seedbed.engine.registry import spec
from seedbed.games.fields_of_green.undo import reveals


def fresh() -> State:
    return seedbed.game("fields_of_green", "python").new_state(3, seed=1)


def step(state: State) -> tuple[str, JsonDict, JsonDict]:
    """The first menu item of the first seat on the move, played: its kind and the public
    observations around it."""
    seat = state.to_move()[0]
    action = state.legal_actions(seat)[0]
    before = state.observe(None)
    state.apply(seat, action)
    return str(action).split()[0], before, state.observe(None)


def moves(kind: str, limit: int = 2000) -> list[tuple[JsonDict, JsonDict]]:
    """Every move of ``kind`` in a game of first menu items."""
    state, found = fresh(), []
    while not state.is_terminal() and limit:
        limit -= 1
        played, before, after = step(state)
        if played == kind:
            found.append((before, after))
    return found


def test_the_game_declares_its_judgement() -> None:
    assert spec("fields_of_green").reveals is reveals


def test_a_split_draws_hidden_cards() -> None:
    """F-42: the year's cards come from the main piles, whose contents are hidden (F-79)."""
    assert all(reveals(b, a) for b, a in moves("split"))


def test_a_commit_is_a_reveal() -> None:
    """F-46 … F-48: a commit changes a hand; the last one passes hands and reveals cards."""
    assert all(reveals(b, a) for b, a in moves("commit"))


def test_paying_a_harvest_item_alone_reveals_nothing() -> None:
    """F-60: the item's costs and effects are the mover's public farm, coins and food (F-77)
    while the harvest stays with them (F-58)."""
    found = moves("pay-harvest")
    quiet = [(b, a) for b, a in found if a["to_move"] == b["to_move"]]
    assert quiet
    assert not any(reveals(b, a) for b, a in quiet)


def test_the_turn_passing_is_a_reveal() -> None:
    """F-49: a change of the seats on the move ends what the mover may take back."""
    before = fresh().observe(None)
    assert reveals(before, {**before, "to_move": [1]})


def test_a_newly_revealed_card_is_a_reveal() -> None:
    """F-48, F-70: a card that appears as a player's revealed card was hidden before."""
    before = fresh().observe(None)
    players = [dict(p) for p in before["players"]]
    players[0]["revealed"] = {"id": 1}
    assert reveals(before, {**before, "players": players})


def test_an_equipment_draw_is_a_reveal() -> None:
    """F-64: tiles drawn from the hidden equipment stack (F-79)."""
    before = fresh().observe(None)
    assert reveals(before, {**before, "equipment_left": before["equipment_left"] - 3})
