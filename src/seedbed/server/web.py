"""What the browser client needs besides the protocol: where its files are, the lobby's list
of games and bot presets (``GET /api/games``, built from the games' declarations), a table's
static client data for games that declare some (``GET /api/tables/{id}/catalog``), and the
views of a finished game for the replay viewer (``GET /api/tables/{id}/replay``).

The client cannot run the rules, so the replay views are built here by replaying the record:
after each move, ``observe(viewer)`` and the move's events as that viewer may see them. Only a
finished table has a replay (409 before): while the game runs, another seat's views would show
hidden cards, and the record's seed would show the deck.

>>> [g.name for g in game_list(2.0).games]
['bohnanza', 'fields_of_green', 'stalk_exchange']
>>> [(c.value, c.player_counts) for c in game_list(2.0).games[0].player_counts_by_choice]
[('standard', [2, 3, 4, 5, 6, 7]), ('classic', [3, 4, 5])]
>>> [b.spec for b in game_list(1.0).games[0].bots]
['random', 'greedy', 'rollout:iterations=500,reward=lead']
>>> [b.spec for b in game_list(0.5).games[0].bots]
['random', 'greedy']
"""

from __future__ import annotations

from collections import OrderedDict
from pathlib import Path
from typing import Any

from fastapi.responses import Response
from fastapi.staticfiles import StaticFiles

from seedbed.bots.strength import detail, label, presets
from seedbed.data_files import FORMATS
from seedbed.engine.api import Game, PlayerId
from seedbed.engine.record import Step, steps
from seedbed.engine.registry import game as lookup_game
from seedbed.engine.registry import game_names, spec
from seedbed.engine.spec import GameSpec
from seedbed.server.display import display_for
from seedbed.server.protocol import (
    BotPreset,
    Catalog,
    ChoiceCounts,
    DataFileInfo,
    GameInfo,
    GameList,
    OptionInfo,
    Replay,
    ReplayMove,
    ReplayStep,
    SeatSummary,
)
from seedbed.server.storage import NewTable
from seedbed.server.table import TableActor

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
"""The static client (index.html, ES modules, CSS): package data of seedbed."""


class Revalidated(StaticFiles):
    """Static files the browser must revalidate (ETag) before reuse: after an upgrade of the
    server, a page never mixes old and new modules."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["cache-control"] = "no-cache"
        return response


def game_list(bot_seconds: float, chosen_seeds: bool = False) -> GameList:
    """Every registered game as its declaration gives it (title, player counts, options and
    their schema, data files), with the bot presets this server offers for it."""
    games = [game_info(name, bot_seconds) for name in game_names()]
    return GameList(games=games, chosen_seeds=chosen_seeds)


def bot_presets(name: str, bot_seconds: float) -> list[BotPreset]:
    """The lobby's bots for game ``name``, labelled with what was measured of them there
    (:mod:`seedbed.bots.strength`); presets that think longer than ``bot_seconds`` are left
    out (the server would cap them anyway)."""
    offered = [p for p in presets(name) if p.seconds <= bot_seconds]
    return [BotPreset(spec=p.spec, label=label(p, name), detail=detail(p, name)) for p in offered]


def game_info(name: str, bot_seconds: float) -> GameInfo:
    """What the lobby needs of one game, from its declaration."""
    declared = spec(name)
    game = lookup_game(name)
    options = game.normalize_options({})
    return GameInfo(
        name=name,
        title=declared.title,
        player_counts=list(game.player_counts(options)),
        player_counts_by_choice=counts_by_choice(declared, game),
        default_options=options,
        options=[OptionInfo.model_validate(o.to_json()) for o in declared.options],
        data_files=[
            DataFileInfo(
                option=d.option,
                key=d.key,
                url=upload_url(name, d.key),
                formats=sorted(set(FORMATS.values())),
                max_bytes=d.max_bytes,
            )
            for d in declared.data_files
        ],
        view_module=view_module(name),
        bots=bot_presets(name, bot_seconds),
    )


def view_module(game: str) -> str | None:
    """The URL of the client's view module of ``game``, if the client has one."""
    found = (WEB_DIR / "games" / game / "index.js").is_file()
    return f"/static/games/{game}/index.js" if found else None


def counts_by_choice(declared: GameSpec, game: Game) -> list[ChoiceCounts]:
    """For each ``choice`` option whose choices take different player counts: the counts of
    every choice (the other options at their defaults)."""
    out: list[ChoiceCounts] = []
    for opt in declared.options:
        if opt.kind != "choice":
            continue
        rows = [
            ChoiceCounts(
                option=opt.name,
                value=c.value,
                player_counts=list(game.player_counts(game.normalize_options({opt.name: c.value}))),
            )
            for c in opt.choices
        ]
        if len({tuple(r.player_counts) for r in rows}) > 1:
            out += rows
    return out


def upload_url(game: str, key: str) -> str:
    """Where the lobby sends a file for the data option read as ``key``."""
    return f"/api/games/{game}/files/{key}"


def catalog_of(table: NewTable) -> Catalog:
    """The table's static client data (null for games whose views describe themselves)."""
    make = spec(table.game).client_data
    data = None if make is None else make(lookup_game(table.game), table.options)
    return Catalog(game=table.game, catalog=data)


REPLAY_CACHE_SIZE = 32
_replays: OrderedDict[tuple[str, PlayerId | None], list[ReplayStep]] = OrderedDict()
_replay_texts: OrderedDict[tuple[str, PlayerId | None], bytes] = OrderedDict()


def replay_json(actor: TableActor, seats: list[SeatSummary], viewer: PlayerId | None) -> bytes:
    """:func:`replay_of` as JSON, serialised by pydantic's own serialiser (a long game's
    replay is megabytes: the generic response path took five times as long) and kept for the
    last few (table, viewer) pairs, so "Reveal every view" and a second visit cost nothing."""
    key = (actor.id, viewer)
    text = _replay_texts.get(key)
    if text is None:
        text = replay_of(actor, seats, viewer).model_dump_json().encode()
        _replay_texts[key] = text
        while len(_replay_texts) > REPLAY_CACHE_SIZE:
            _replay_texts.popitem(last=False)
    _replay_texts.move_to_end(key)
    return text


def replay_of(actor: TableActor, seats: list[SeatSummary], viewer: PlayerId | None) -> Replay:
    """Every view of ``viewer`` (None = spectator) through the finished game of ``actor``."""
    return Replay(
        table_id=actor.id,
        game=actor.table.game,
        num_players=actor.table.num_players,
        viewer=viewer,
        seats=seats,
        outcome=actor.state.outcome().to_json(),
        steps=_steps(actor, viewer),
    )


def _steps(actor: TableActor, viewer: PlayerId | None) -> list[ReplayStep]:
    """The steps, kept for the last few (table, viewer) pairs: a finished game never changes."""
    key = (actor.id, viewer)
    steps = _replays.get(key)
    if steps is None:
        steps = _build_steps(actor, viewer)
        _replays[key] = steps
        while len(_replays) > REPLAY_CACHE_SIZE:
            _replays.popitem(last=False)
    _replays.move_to_end(key)
    return steps


def _build_steps(actor: TableActor, viewer: PlayerId | None) -> list[ReplayStep]:
    """The table's record replayed on a fresh deal, observed after each step."""
    return [_step_view(step, viewer) for step in steps(actor.record())]


def _step_view(step: Step, viewer: PlayerId | None) -> ReplayStep:
    """What ``viewer`` saw at this step (read before the replay moves on: the state is live)."""
    state = step.state
    move = step.move
    view = state.observe(viewer)
    return ReplayStep(
        version=step.version,
        move=None if move is None else ReplayMove(seat=move.player, action=move.action_json),
        view=view,
        display=display_for(state.game_name, view, viewer),
        events=[e.for_viewer(viewer) for e in step.events],
        to_move=[] if state.is_terminal() else list(state.to_move()),
    )
