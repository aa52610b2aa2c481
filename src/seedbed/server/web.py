"""What the browser client needs besides the protocol: where its files are, the lobby's list
of games and bot presets (``GET /api/games``, built from the games' declarations), a table's
static client data for games that declare some (``GET /api/tables/{id}/catalog``); the replay
viewer's views are :mod:`seedbed.server.replays`.

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

from pathlib import Path
from typing import Any

from fastapi.responses import Response
from fastapi.staticfiles import StaticFiles

from seedbed.bots.strength import Preset, bounds, detail, label, measured, presets
from seedbed.data_files import FORMATS
from seedbed.engine.api import Game
from seedbed.engine.registry import game as lookup_game
from seedbed.engine.registry import game_names, spec
from seedbed.engine.spec import GameSpec
from seedbed.server.protocol import (
    BotBudget,
    BotMeasure,
    BotPreset,
    Catalog,
    ChoiceCounts,
    DataFileInfo,
    GameInfo,
    GameList,
    OptionInfo,
)
from seedbed.server.storage import NewTable

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
    return [bot_preset(p, name, bot_seconds) for p in offered]


def bot_preset(preset: Preset, game: str, bot_seconds: float) -> BotPreset:
    """One preset: its English label and detail (API clients), and their name and numbers,
    which the lobby writes in the reader's language (issue 36 item 2)."""
    found = measured(game, preset.spec) if preset.spec != "random" else None
    bound = bounds(preset, bot_seconds)
    return BotPreset(
        spec=preset.spec,
        label=label(preset, game),
        detail=detail(preset, game, bot_seconds),
        name=preset.name,
        measured=None
        if found is None
        else BotMeasure(
            share=found.share,
            low=found.low,
            high=found.high,
            games=found.games,
            players=found.players,
            opponent=found.opponent,
        ),
        budget=None
        if bound is None
        else BotBudget.model_validate(
            {"unit": bound.unit, "iterations": bound.iterations, "seconds": bound.seconds}
        ),
    )


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
