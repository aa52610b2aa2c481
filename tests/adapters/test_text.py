"""Issue 18, item 4: the text interface plays whole games of every game, driven by a scripted
agent that reads the prompt and answers in text, choosing among the moves the prompt shows;
on the way it sends malformed, empty and illegal replies, and each is refused with a reason
and the moves allowed now, changing nothing."""

from __future__ import annotations

import re

import pytest

from seedbed.adapters.text import (
    LIST_ALL,
    ReplyError,
    extract_move,
    moves_text,
    read_reply,
)
from seedbed.adapters.text_table import TextTable
from seedbed.engine.api import Event
from seedbed.engine.registry import game as lookup_game
from seedbed.engine.render import render_event
from seedbed.engine.rng import Rng

SHOWN = re.compile(r"\[([^\[\]]+)\]")
GAMES = [
    ("bohnanza", 3, {"max_offers": 1}),
    ("stalk_exchange", 3, {}),
    ("fields_of_green", 2, {}),
]


def shown_moves(prompt: str) -> list[str]:
    """The moves a prompt shows, in brackets, after its 'Your moves now' line."""
    return SHOWN.findall(prompt.split("Your moves now", 1)[1])


def bad_replies(table: TextTable, seat: int, seen: list[str]) -> list[tuple[str, str]]:
    """(reply, what its error must say) for a malformed, a prose and an illegal reply."""
    out = [
        ("I would like to eat the beans.", "could not read"),
        ("Let me think.\nThe second line.", "square brackets"),
        ("   ", "empty"),
    ]
    stale = [t for t in seen if not table.state.is_legal(seat, table.game.parse_action(t))]
    if stale:
        out.append((f"I play [{stale[-1]}].", "is not allowed now"))
    return out


@pytest.mark.parametrize(("game", "num_players", "options"), GAMES)
def test_a_scripted_agent_plays_whole_games_in_text(
    game: str, num_players: int, options: dict[str, int]
) -> None:
    table = TextTable(game, num_players, seed=5, options=options)
    rng = Rng(5)
    seen: list[str] = []
    refused = illegal = decisions = 0
    while (seat := table.seat_on_move()) is not None:
        prompt = table.prompt(seat)
        assert table.intro(seat) and "The table:" in prompt
        moves = shown_moves(prompt)
        assert moves, prompt
        if decisions % 9 == 0:
            key, before = table.state.key(), table.prompt(seat)
            for reply, says in bad_replies(table, seat, seen):
                with pytest.raises(ReplyError, match=says) as caught:
                    table.reply(seat, reply)
                assert "allowed now: " in str(caught.value)
                assert table.state.key() == key and table.prompt(seat) == before
                refused += 1
                illegal += says == "is not allowed now"
        move = moves[rng.below(len(moves))]
        played = table.reply(seat, f"Thinking it over, I choose [{move}].")
        assert str(played) == move
        seen = [*seen[-50:], move]
        decisions += 1
    assert table.state.is_terminal()
    outcome = table.outcome_text()
    assert outcome.startswith("The game is over") and "seat 0: score" in outcome
    assert decisions > 40 and refused > 3 * (decisions // 9) and illegal > 2


def test_a_short_menu_is_listed_whole_and_a_long_one_by_kind() -> None:
    table = TextTable("stalk_exchange", 3, seed=1)
    long = moves_text(table.state, 0)
    menu = table.state.legal_actions(0)
    assert len(menu) > LIST_ALL and "plant <slot> <space>: " in long and "[flush]" in long
    assert moves_text(table.state, 1) == "You have no move to make now."
    table.reply(0, "[flush]")
    short = moves_text(table.state, 0)
    menu = table.state.legal_actions(0)
    if len(menu) <= LIST_ALL:
        assert shown_moves(short) == [str(a) for a in menu]


@pytest.mark.parametrize(
    ("reply", "move"),
    [
        ("[pass]", "pass"),
        ("I could [plant 0] but I [pass]", "pass"),
        ("`plant 1`", "plant 1"),
        ("plant 1.", "plant 1"),
        ('  "end-trading"  ', "end-trading"),
        ("My reasoning...\n\nFinal answer: [harvest 2]", "harvest 2"),
    ],
)
def test_where_the_move_is_read_from_a_reply(reply: str, move: str) -> None:
    assert extract_move(reply) == move
    assert str(read_reply(lookup_game("bohnanza"), reply)) == move


def test_a_finished_game_takes_no_reply() -> None:
    table = TextTable("stalk_exchange", 2, seed=3)
    rng = Rng(3)
    while (seat := table.seat_on_move()) is not None:
        menu = table.state.legal_actions(seat)
        table.play(seat, menu[rng.below(len(menu))])
    with pytest.raises(ReplyError, match="over"):
        table.reply(0, "[flush]")


def test_news_is_what_each_seat_may_see_since_its_last_move() -> None:
    table = TextTable("bohnanza", 3, seed=2, options={"max_offers": 0})

    def lines(events: list[Event], viewer: int) -> list[str]:
        return [f"  {render_event('bohnanza', e, viewer)}" for e in events]

    first = table.play(0, table.state.legal_actions(0)[0])
    second = table.play(0, table.state.legal_actions(0)[0])
    assert table.news(0).splitlines() == ["Since your last move:", *lines(second, 0)]
    for seat in (1, 2):
        shown = table.news(seat).splitlines()
        assert shown == ["Since your last move:", *lines(first, seat), *lines(second, seat)]
