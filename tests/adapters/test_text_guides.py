"""Issue 39 item 3 and issue 34 item 5: the prompts of language-model agents explain each game
(a rules summary, the coordinate key, the offer grammar's ``f``/``h``, an example move that is
a move of that game), name cards and spaces as moves take them, read verbs in any case, and
answer an empty reply with a legal move of that game."""

from __future__ import annotations

import re

import pytest

from seedbed.adapters.text import ReplyError
from seedbed.adapters.text_table import TextTable
from seedbed.engine.rng import Rng

GAMES = [("bohnanza", 3), ("stalk_exchange", 2), ("fields_of_green", 2)]


def play(table: TextTable, moves: int, seed: int = 1) -> None:
    rng = Rng(seed)
    for _ in range(moves):
        seat = table.seat_on_move()
        assert seat is not None
        menu = table.state.legal_actions(seat)
        table.play(seat, menu[rng.below(len(menu))])


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_the_intro_summarises_the_rules_and_gives_a_move_of_the_game(
    game: str, players: int
) -> None:
    table = TextTable(game, players, seed=1)
    intro = table.intro(0)
    assert "Rules in short:" in intro
    example = re.search(r"for example \[([^\]]+)\]", intro)
    assert example is not None
    table.game.parse_action(example.group(1))  # a move this game reads
    if game != "bohnanza":
        assert "[pass]" not in intro and "coordinates:" in intro.lower()


def test_the_offer_grammar_says_what_f_and_h_are() -> None:
    intro = TextTable("bohnanza", 3, seed=1).intro(0)
    assert "f<slot>" in intro and "h<position>" in intro and "face-up" in intro


def test_stalk_exchange_shows_spaces_as_moves_take_them() -> None:
    table = TextTable("stalk_exchange", 2, seed=1)
    play(table, 6)
    seat = table.seat_on_move()
    assert seat is not None
    prompt = table.prompt(seat)
    assert "space=[" not in prompt
    assert re.search(r"space=-?\d+,-?\d+", prompt)


def test_fields_of_green_news_names_the_cards() -> None:
    table = TextTable("fields_of_green", 2, seed=1)
    play(table, 12)
    seat = table.seat_on_move()
    assert seat is not None
    news = table.news(seat)
    assert re.search(r"card=\d+ ", news) is None and re.search(r"card=\d+$", news, re.M) is None
    assert re.search(r"card=\d+\([a-z_]+\)", news)


@pytest.mark.parametrize(("game", "players"), GAMES)
def test_verbs_are_read_in_any_case_and_an_empty_reply_gets_a_move_of_the_game(
    game: str, players: int
) -> None:
    table = TextTable(game, players, seed=2)
    seat = table.seat_on_move()
    assert seat is not None
    with pytest.raises(ReplyError) as refused:
        table.reply(seat, "   ")
    message = str(refused.value)
    assert "[pass]" not in message or game == "bohnanza"
    suggested = re.findall(r"\[([^\]]+)\]", message)
    assert suggested
    legal = {str(a) for a in table.state.legal_actions(seat)}
    assert suggested[0] in legal
    move = suggested[0]
    shouting = move.split(" ", 1)
    shouting[0] = shouting[0].capitalize()
    assert str(table.reply(seat, f"[{' '.join(shouting)}]")) == move
