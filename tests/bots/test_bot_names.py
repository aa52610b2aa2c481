"""One name per bot (issue 38 item 6): the lobby, the table's seats, the game log and the
replay all name a bot by :func:`seedbed.bots.names.bot_name` (the lobby said "Search (500
rollouts)" while the table said "Rollout bot")."""

from __future__ import annotations

import pytest

from seedbed.bots.names import bot_name, table_search
from seedbed.bots.strength import label, presets
from seedbed.engine.registry import game_names


def test_the_simple_bots_are_named_by_kind() -> None:
    """Issue 38 item 6: "Random bot" and "Greedy bot", whatever parameters they were given."""
    assert bot_name("random") == "Random bot"
    assert bot_name("random:polite=true") == "Random bot"
    assert bot_name("greedy", "bohnanza") == "Greedy bot"


@pytest.mark.parametrize("game", game_names())
def test_the_tables_search_bot_is_the_search_bot_in_the_lobby_and_at_the_table(game: str) -> None:
    """Issue 38 item 6: the game's table search (rollout or ISMCTS) is "Search bot" both in
    the lobby's menu and as a seat's name, never "Rollout bot"."""
    search = presets(game)[2]
    assert search.spec == table_search(game)
    assert bot_name(search.spec, game) == "Search bot"
    assert search.name == "Search bot"
    assert label(search, game).startswith("Search bot: ")
    assert [p.name for p in presets(game)[:2]] == ["Random bot", "Greedy bot"]


def test_other_searches_say_their_budget() -> None:
    """Issue 38 item 6: a search other than the game's table search says what it was given, so
    two search bots at one table read apart."""
    assert bot_name("rollout:iterations=20,reward=lead", "bohnanza") == "Search bot (20 rollouts)"
    assert bot_name("ismcts:iterations=1000") == "Search bot (1,000 iterations)"
    assert bot_name("ismcts:seconds=0.5") == "Search bot (0.5 s a move)"
    assert bot_name("nonsense:x=1") == "Nonsense bot"
