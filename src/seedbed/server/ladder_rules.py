"""What counts for the ladder (issue 30 item 3), as plain functions of a table's stored facts:
whether a table may be rated, who its rated players are, the ranking its outcome gives them
after the stand-in rule, and the OpenSkill Plackett–Luce update of that ranking.

Players are ``account:<id>`` (a person whose seating entry carries an ``account``) and
``bot:<preset>`` (``random``, ``greedy``, ``search``: the lobby's presets, the search at its
game's table budget). Guests (a human entry without ``account``) have no rating: they are
left out of the update, the others' order among themselves is what counts.

The stand-in rule (docs/decisions.md, "The ladder's stand-in rule"): a person whose last move
was played by the turn timer's stand-in *abandoned* the table and is ranked last (tied with any
other who did), and the table stays rated; otherwise a person seat whose moves were played by
the stand-in for more than a third makes the table unrated.

>>> bot_player("greedy", "stalk_exchange"), bot_player("ismcts:iterations=7", "stalk_exchange")
('bot:greedy', None)
>>> human = {"kind": "human", "name": "Ann", "token_sha256": "0" * 64, "account": 4}
>>> player_of(human, "stalk_exchange"), player_of({"kind": "human", "name": "Bo"}, "bohnanza")
('account:4', None)
>>> ranking([1, 2, 3], [(0, False), (1, True), (2, False), (1, True)], [0, 1, 2])
Ranking(ranks=(1, 4, 3), unrated=None)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from seedbed.bots.specs import BotSpecError, parse_spec
from seedbed.bots.strength import presets

PROVISIONAL_GAMES = 10
"""Below this many rated games a rating is shown as provisional."""
STAND_IN_SHARE = 1 / 3
"""A person seat whose moves the stand-in played for more than this share unrates the table."""
PRESET_KEYS = ("random", "greedy", "search")
"""The rated bot presets, in the order of :func:`seedbed.bots.strength.presets`."""


def preset_specs(game: str) -> dict[str, str]:
    """The rated presets of ``game``: canonical spec -> preset key."""
    return {str(parse_spec(p.spec)): key for p, key in zip(presets(game), PRESET_KEYS, strict=True)}


def preset_names(game: str) -> dict[str, str]:
    """The rated presets of ``game``: preset key -> its one name ("Greedy bot")."""
    return {key: p.name for p, key in zip(presets(game), PRESET_KEYS, strict=True)}


def bot_player(spec: str, game: str) -> str | None:
    """The ladder player of a bot seat's spec (``bot:<preset>``), or None for a bot that is
    no rated preset."""
    try:
        canonical = str(parse_spec(spec))
    except BotSpecError:
        return None
    key = preset_specs(game).get(canonical)
    return None if key is None else f"bot:{key}"


def player_of(entry: Mapping[str, Any], game: str) -> str | None:
    """The ladder player of a stored seating entry, or None (a guest, an unrated bot)."""
    if entry.get("kind") == "bot":
        return bot_player(str(entry.get("spec", "")), game)
    account = entry.get("account")
    if entry.get("kind") == "human" and isinstance(account, int) and not isinstance(account, bool):
        return f"account:{account}"
    return None


def unrated_because(
    game: str,
    options: Mapping[str, Any],
    default_options: Mapping[str, Any],
    table_options: Mapping[str, Any],
    default_table_options: Mapping[str, Any],
    bot_specs: Sequence[str | None],
    seed_chosen: bool,
) -> str | None:
    """Why a table of ``game`` cannot be rated (one line), or None when it may: default game
    options, default table options (hints off; the bots' manners change how they trade),
    a deal the creator did not choose, every bot one of the rated presets, and a person at
    the table (``bot_specs``: a seat's spec, None for a person)."""
    if dict(options) != dict(default_options):
        return "rated tables play the game's default options"
    if dict(table_options) != dict(default_table_options):
        return "rated tables keep the default table options (no hints, the bots' usual manners)"
    if seed_chosen:
        return "rated tables are dealt by the server, not from a chosen seed"
    if all(spec is not None for spec in bot_specs):
        return "rated tables need a person at the table"
    for spec in bot_specs:
        if spec is not None and bot_player(spec, game) is None:
            names = ", ".join(preset_names(game).values())
            return f"rated tables seat only the rated bots ({names})"
    return None


@dataclass(frozen=True)
class Ranking:
    """Each seat's rank for the ladder (1 best; ties share), or why the table is unrated."""

    ranks: tuple[int, ...]
    unrated: str | None = None


def ranking(
    ranks: Sequence[int], moves: Sequence[tuple[int, bool]], people: Sequence[int]
) -> Ranking:
    """The outcome's ``ranks`` after the stand-in rule, from the table's ``moves`` (seat,
    played by the stand-in) and its ``people`` (person seats). An abandoning seat (its last
    move the stand-in's) is ranked below every other seat; a non-abandoning person seat with
    more than a third of its moves played by the stand-in unrates the table."""
    played = {seat: 0 for seat in people}
    stood_in = dict(played)
    last: dict[int, bool] = {}
    for seat, stand_in in moves:
        if seat in played:
            played[seat] += 1
            stood_in[seat] += stand_in
            last[seat] = stand_in
    gone = [seat for seat in people if last.get(seat, False)]
    for seat in people:
        if seat not in gone and played[seat] and stood_in[seat] > STAND_IN_SHARE * played[seat]:
            share = stood_in[seat] / played[seat]
            return Ranking(tuple(ranks), f"the stand-in played {share:.0%} of seat {seat}'s moves")
    worst = len(ranks) + 1
    return Ranking(tuple(worst if s in gone else r for s, r in enumerate(ranks)))


@dataclass(frozen=True)
class Rating:
    """OpenSkill's mu and sigma of one player, and the rated games behind them."""

    mu: float
    sigma: float
    games: int = 0

    @property
    def ordinal(self) -> float:
        """The conservative value shown: mu - 3 sigma (OpenSkill's ordinal)."""
        return self.mu - 3 * self.sigma

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


def initial() -> Rating:
    """A new player's rating: OpenSkill's Plackett–Luce defaults (mu 25, sigma 25/3)."""
    model = _model()
    return Rating(float(model.mu), float(model.sigma))


def _model() -> Any:
    from openskill.models import PlackettLuce  # imported when a table is rated, not at start

    return PlackettLuce()


def rate(before: Mapping[str, Rating], seats: Sequence[tuple[str, int]]) -> dict[str, Rating]:
    """Each player's rating after one table: ``seats`` (player, rank) in seat order, one
    team of one per seat, ranked with OpenSkill's Plackett–Luce (ties as it handles them).
    A player at several seats (two seats of one bot preset) moves by the sum of its seats'
    changes of mu and shrinks sigma by the product of their factors (as the arena rates a
    bot at several seats, :mod:`seedbed.arena.ratings`); each player's games grow by one."""
    model = _model()
    teams = [[model.rating(mu=before[p].mu, sigma=before[p].sigma)] for p, _ in seats]
    after = model.rate(teams, ranks=[float(r) for _, r in seats])
    mu = {p: before[p].mu for p, _ in seats}
    shrink = dict.fromkeys(mu, 1.0)
    for (player, _), team in zip(seats, after, strict=True):
        mu[player] += float(team[0].mu) - before[player].mu
        shrink[player] *= float(team[0].sigma) / before[player].sigma
    return {p: Rating(mu[p], before[p].sigma * shrink[p], before[p].games + 1) for p in mu}
