"""A bot's one name for people (issue 38 item 6): the lobby's menu, the table's seats, the game
log and the replay all say :func:`bot_name` of the seat's spec (the lobby said "Search (500
rollouts)" while the table said "Rollout bot"). The server sends it as a seat's ``label``; the
client derives no name of its own.

>>> bot_name("greedy"), bot_name("rollout:iterations=500,reward=lead", "bohnanza")
('Greedy bot', 'Search bot')
>>> bot_name("ismcts:iterations=1000,c=0.7", "bohnanza")
'Search bot (1,000 iterations)'
"""

from __future__ import annotations

from seedbed.bots.specs import BotSpecError, parse_spec
from seedbed.engine.registry import heuristics as game_heuristics

SEARCH_KINDS = {"ismcts": "iterations", "rollout": "rollouts"}
"""The kinds of bot people know as "Search bot", and what their ``iterations`` count."""

DEFAULT_SEARCH = "ismcts:iterations=1000"
"""The table search of a game whose heuristics declare none."""


def table_search(game: str) -> str:
    """The search bot at ``game``'s tables: its heuristics' ``TABLE_SEARCH``, a budget in
    iterations (the same moves on any machine) that decides within a second a move on one
    core of the project's machine with the native engine (``seedbed bench bot GAME --spec
    SPEC --budget 1``, docs/bots.md); a server stops it earlier at its think budget
    (``--bot-seconds``)."""
    return str(getattr(game_heuristics(game), "TABLE_SEARCH", DEFAULT_SEARCH))


def bot_name(spec: str, game: str | None = None) -> str:
    """The name of the bot ``spec`` plays as at a ``game`` table: "Random bot", "Greedy bot",
    "Search bot" for the game's table search, and a search with another budget with that
    budget ("Search bot (20 rollouts)", "Search bot (0.5 s a move)")."""
    try:
        parsed = parse_spec(spec)
    except BotSpecError:
        kind = spec.partition(":")[0].strip() or "unknown"
        return f"{kind[:1].upper()}{kind[1:]} bot"
    unit = SEARCH_KINDS.get(parsed.name)
    if unit is None:
        return f"{parsed.name[:1].upper()}{parsed.name[1:]} bot"
    if game is not None and str(parsed) == str(parse_spec(table_search(game))):
        return "Search bot"
    given = dict(parsed.params)
    if isinstance(given.get("seconds"), int | float):
        return f"Search bot ({given['seconds']:g} s a move)"
    if isinstance(given.get("iterations"), int):
        return f"Search bot ({given['iterations']:,} {unit})"
    return "Search bot"
