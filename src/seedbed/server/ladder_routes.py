"""The ladder's HTTP endpoints (issue 30 items 3 and 4; docs/protocol.md, "The ladder"):
``GET /api/ladder/{game}`` (players by shown rating), ``GET /api/players/{name}`` (a profile:
ratings per game with their history, recent rated games with replay links),
``GET /api/players/{name}/ratings/{game}.svg`` (the history's plot), and the bot presets'
ratings the lobby's bot labels show (:func:`with_bot_ratings`).

A person is found by the name shown on the ladder (their account's name); a bot preset by its
one name ("Greedy bot"), whose profile lists every game, rated or not yet.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Annotated, Literal, Protocol
from urllib.parse import quote

from fastapi import FastAPI, HTTPException, Path, Query, Request
from fastapi.responses import Response
from pydantic import Field

from seedbed.engine.registry import game_names, spec
from seedbed.i18n import translate
from seedbed.server.api_document import errors
from seedbed.server.config import ServerSettings
from seedbed.server.hub import Hub
from seedbed.server.ladder_plot import plot_svg
from seedbed.server.ladder_rules import Rating, bot_player, initial, preset_names
from seedbed.server.ladder_store import LadderStore, Point, Standing
from seedbed.server.protocol import GameList, ShownRating, _Model
from seedbed.server.rules_pages import page_language

NAME = Annotated[str, Path(min_length=1, max_length=64)]
GAME = Annotated[str, Path(min_length=1, max_length=64)]
HISTORY_SHOWN = 500
"""Rated games of one game a profile lists (and plots), the newest."""
RECENT_SHOWN = 20
PLOTS_KEPT = 256


class LadderEntry(_Model):
    """One player on a game's ladder."""

    place: int
    """1 for the best shown rating."""
    name: str
    kind: Literal["person", "bot"]
    player: str
    """``account:<id>`` or ``bot:<preset>``."""
    rating: ShownRating
    profile_url: str


class LadderPage(_Model):
    """``GET /api/ladder/{game}``: one page of the game's ladder, best first."""

    game: str
    title: str
    players: list[LadderEntry]
    total: int
    limit: int
    offset: int


class HistoryPoint(_Model):
    """A player's rating after one rated table, and how it placed there."""

    table_id: str
    rating: float
    mu: float
    sigma: float
    rank: int
    """1 best; an abandoning person is ranked below every seat (players + 1)."""
    players: int
    at: str
    """ISO 8601, UTC."""
    replay_url: str


class PlayerGame(_Model):
    """A player's rating in one game, its history oldest first, and the plot of it."""

    game: str
    title: str
    rating: ShownRating
    plot_url: str
    history: list[HistoryPoint]


class RecentGame(_Model):
    """One of a player's recent rated tables, newest first."""

    game: str
    table_id: str
    rank: int
    players: int
    rating: float
    """The player's shown rating after it."""
    at: str
    replay_url: str


class PlayerProfile(_Model):
    """``GET /api/players/{name}``: a player's profile."""

    name: str
    kind: Literal["person", "bot"]
    player: str
    games: list[PlayerGame]
    recent: list[RecentGame] = Field(default_factory=list)


class _Runtime(Protocol):
    def tables(self) -> Hub: ...


def shown(rating: Rating) -> ShownRating:
    return ShownRating(
        rating=round(rating.ordinal, 3),
        mu=rating.mu,
        sigma=rating.sigma,
        games=rating.games,
        provisional=rating.provisional,
    )


def profile_url(name: str) -> str:
    return f"/players/{quote(name, safe='')}"


def plot_url(name: str, game: str) -> str:
    return f"/api/players/{quote(name, safe='')}/ratings/{game}.svg"


def replay_url(table_id: str) -> str:
    return f"/replay/{table_id}"


def kind_of(player: str) -> Literal["person", "bot"]:
    return "bot" if player.startswith("bot:") else "person"


def bot_of(name: str) -> str | None:
    """The bot preset player named ``name`` (case-insensitive), or None."""
    wanted = name.casefold()
    for game in game_names():
        for key, shown_name in preset_names(game).items():
            if shown_name.casefold() == wanted:
                return f"bot:{key}"
    return None


def bot_name(player: str) -> str:
    """A bot preset's one name (the same in every game)."""
    key = player.removeprefix("bot:")
    return preset_names(game_names()[0])[key]


def entry(place: int, standing: Standing) -> LadderEntry:
    return LadderEntry(
        place=place,
        name=standing.name,
        kind=kind_of(standing.player),
        player=standing.player,
        rating=shown(standing.rating),
        profile_url=profile_url(standing.name),
    )


def point(p: Point) -> HistoryPoint:
    return HistoryPoint(
        table_id=p.table_id,
        rating=round(p.rating.ordinal, 3),
        mu=p.rating.mu,
        sigma=p.rating.sigma,
        rank=p.rank,
        players=p.players,
        at=p.at.isoformat(),
        replay_url=replay_url(p.table_id),
    )


def profile(store: LadderStore, player: str, name: str) -> PlayerProfile:
    """The profile of ``player`` (read in a worker thread)."""
    rated = {s.game: s for s in store.standings(player)}
    games = sorted(set(game_names()) if player.startswith("bot:") else set(rated))
    shown_name = rated[games[0]].name if games and games[0] in rated else name
    out = []
    for game in games:
        standing = rated.get(game)
        points = list(reversed(store.history(player, game, HISTORY_SHOWN)))
        out.append(
            PlayerGame(
                game=game,
                title=spec(game).title,
                rating=shown(standing.rating if standing else initial()),
                plot_url=plot_url(shown_name, game),
                history=[point(p) for p in points],
            )
        )
    recent = [
        RecentGame(
            game=p.game,
            table_id=p.table_id,
            rank=p.rank,
            players=p.players,
            rating=round(p.rating.ordinal, 3),
            at=p.at.isoformat(),
            replay_url=replay_url(p.table_id),
        )
        for p in store.history(player, None, RECENT_SHOWN)
    ]
    return PlayerProfile(
        name=shown_name, kind=kind_of(player), player=player, games=out, recent=recent
    )


async def with_bot_ratings(runtime: _Runtime, games: GameList) -> GameList:
    """The lobby's bot presets with their ratings on each game's ladder (every preset is a
    rated player: a preset without a rated game shows the starting rating, 0 games)."""
    found = await asyncio.to_thread(runtime.tables().ladder.store.bots)
    ratings = {(s.game, s.player): s.rating for s in found}
    for info in games.games:
        for preset in info.bots:
            player = bot_player(preset.spec, info.name)
            if player is not None:
                preset.rating = shown(ratings.get((info.name, player), initial()))
                preset.profile_url = profile_url(bot_name(player))
    return games


PlotKey = tuple[str, str, str]
"""A plot's player, game and language."""


class PlotCache:
    """The plots drawn, by player and game, kept while their history is unchanged."""

    def __init__(self, size: int = PLOTS_KEPT) -> None:
        self.size = size
        self._plots: OrderedDict[PlotKey, tuple[tuple[str, int], bytes]] = OrderedDict()

    async def plot(self, store: LadderStore, player: str, name: str, game: str, lang: str) -> bytes:
        points = list(reversed(await asyncio.to_thread(store.history, player, game, HISTORY_SHOWN)))
        stamp = (points[-1].table_id if points else "", len(points))
        key = (player, game, lang)
        kept = self._plots.get(key)
        if kept is not None and kept[0] == stamp:
            self._plots.move_to_end(key)
            return kept[1]
        title = translate(lang, "{name} in {game}", name=name, game=spec(game).title)
        values = [(p.rating.ordinal, p.rating.mu, p.rating.sigma) for p in points]
        svg = await asyncio.to_thread(plot_svg, title, values, lang)
        self._plots[key] = (stamp, svg)
        while len(self._plots) > self.size:
            self._plots.popitem(last=False)
        return svg


def add_ladder_routes(app: FastAPI, runtime: _Runtime, settings: ServerSettings) -> None:
    """Register the ladder's endpoints (docs/protocol.md, "The ladder")."""
    plots = PlotCache()

    def store() -> LadderStore:
        return runtime.tables().ladder.store

    def known_game(game: str) -> str:
        if game not in game_names():
            raise HTTPException(404, f"no game {game[:40]!r}")
        return game

    async def find(name: str) -> str:
        player = bot_of(name) or await asyncio.to_thread(store().find, name)
        if player is None:
            raise HTTPException(404, f"no rated player {name[:40]!r}")
        return player

    @app.get("/api/ladder/{game}", responses=errors(404))
    async def get_ladder(
        game: GAME,
        limit: Annotated[int, Query(ge=1, le=100)] = 50,
        offset: Annotated[int, Query(ge=0, le=1_000_000)] = 0,
    ) -> LadderPage:
        """The game's ladder, best shown rating (mu - 3 sigma) first: people and bot presets
        together, with games played and whether each rating is still provisional (below 10
        games); 404 for an unknown game."""
        known_game(game)
        found = await asyncio.to_thread(store().ladder, game, limit, offset)
        total = await asyncio.to_thread(store().count, game)
        players = [entry(offset + i + 1, s) for i, s in enumerate(found)]
        return LadderPage(
            game=game,
            title=spec(game).title,
            players=players,
            total=total,
            limit=limit,
            offset=offset,
        )

    @app.get("/api/players/{name}", responses=errors(404))
    async def get_player(name: NAME) -> PlayerProfile:
        """A rated player's profile: a person by the name shown on the ladder, a bot preset
        by its name ("Greedy bot"); its rating in each game with the history behind it and
        the plot's URL, and its recent rated games with replay links. 404 for a name that is
        no rated player (guests have no profile)."""
        player = await find(name)
        shown_name = bot_name(player) if player.startswith("bot:") else name
        return await asyncio.to_thread(profile, store(), player, shown_name)

    @app.get(
        "/api/players/{name}/ratings/{game}.svg",
        response_class=Response,
        responses={200: {"content": {"image/svg+xml": {}}}, **errors(404)},
    )
    async def get_plot(
        name: NAME,
        game: GAME,
        request: Request,
        lang: Annotated[str | None, Query(max_length=16)] = None,
    ) -> Response:
        """The plot of a player's rating history in ``game`` (SVG drawn by matplotlib), its
        words in ``lang`` (else the ``Accept-Language``'s, as the rules pages); 404 for an
        unknown player or game, or a person without a rated game of it."""
        chosen = page_language(lang, request.headers.get("accept-language", ""))
        known_game(game)
        player = await find(name)
        ratings = {s.game: s for s in await asyncio.to_thread(store().standings, player)}
        if game not in ratings and not player.startswith("bot:"):
            raise HTTPException(404, f"{name[:40]!r} has no rated game of {game}")
        shown_name = ratings[game].name if game in ratings else bot_name(player)
        if player.startswith("bot:"):
            shown_name = translate(chosen, shown_name)  # a preset's name is a message
        svg = await plots.plot(store(), player, shown_name, game, chosen)
        headers = {"cache-control": "no-cache", "vary": "Accept-Language"}
        return Response(svg, media_type="image/svg+xml", headers=headers)
