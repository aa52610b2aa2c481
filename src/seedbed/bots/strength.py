"""What was measured of the bots the lobby offers, and the labels built from it (issue 16: the
lobby names bots by what was measured, not by claims).

Every record is an arena run on the project's 2-core machine whose command is printed in
``docs/bots.md`` (and kept in :attr:`Strength.command`), so anyone can rerun it. Records are
data kept by each game beside its heuristics (``MEASURED``, like ``TABLE_SEARCH``): a new
measurement replaces a line there and a row in the docs.

>>> [p.spec for p in presets("stalk_exchange")]
['random', 'greedy', 'rollout:iterations=4000,reward=lead']
>>> label(presets("stalk_exchange")[1], "stalk_exchange")
'Greedy bot: won 81% vs random'
>>> detail(presets("stalk_exchange")[1], "stalk_exchange")
'Greedy bot won 81% of 200 four-player games against 3 random bots (95% interval 75–86%).'
"""

from __future__ import annotations

from dataclasses import dataclass

from seedbed.bots.names import SEARCH_KINDS, bot_name, table_search
from seedbed.bots.specs import parse_spec
from seedbed.engine.registry import game_names
from seedbed.engine.registry import heuristics as game_heuristics

NUMBER_WORDS = {2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven"}


@dataclass(frozen=True)
class Strength:
    """One measured win share: ``spec`` at one seat against ``players - 1`` copies of
    ``opponent``, over ``games`` games with seat rotation (a win shared by k counts 1/k)."""

    game: str
    spec: str
    opponent: str
    players: int
    games: int
    share: float
    low: float
    """The 95% Wilson interval of the share."""
    high: float
    test: str
    """How the run ended: ``tournament`` or the SPRT's hypotheses and decision."""
    command: str

    def short(self) -> str:
        """A few words for a menu: the share and the opponent."""
        return f"won {self.share:.0%} vs {self.opponent}"

    def summary(self) -> str:
        """One line for people: the share, the games, the opponents and the interval."""
        count = NUMBER_WORDS.get(self.players, str(self.players))
        return (
            f"won {self.share:.0%} of {self.games:,} {count}-player games against "
            f"{self.players - 1} {self.opponent} bots (95% interval "
            f"{100 * self.low:.0f}–{self.high:.0%})"
        )


@dataclass(frozen=True)
class Preset:
    """A bot the lobby offers: its spec, its name for people, and the longest it thinks a
    move (presets above a server's ``--bot-seconds`` are left out)."""

    spec: str
    name: str
    seconds: float


def presets(game: str) -> tuple[Preset, ...]:
    """The bots the lobby offers for ``game``: random, greedy and its table search, each by
    its one name (:func:`~seedbed.bots.names.bot_name`)."""
    search = table_search(game)
    return (
        Preset("random", bot_name("random", game), 0.0),
        Preset("greedy", bot_name("greedy", game), 0.0),
        Preset(search, bot_name(search, game), 1.0),
    )


@dataclass(frozen=True)
class Bounds:
    """What bounds a searching preset's moves: ``iterations`` of ``unit`` a move (None: no
    count) and the server's ``seconds`` a move."""

    unit: str
    iterations: int | None
    seconds: float


def bounds(preset: Preset, bot_seconds: float) -> Bounds | None:
    """What bounds the preset's moves at a server whose think budget is ``bot_seconds``
    (issue 38 item 10: the server stops every search there, whatever its iteration count);
    None for a bot that does not search."""
    parsed = parse_spec(preset.spec)
    unit = SEARCH_KINDS.get(parsed.name)
    if unit is None:
        return None
    iterations = parsed.settings().get("iterations")
    return Bounds(unit, iterations if isinstance(iterations, int) else None, bot_seconds)


def budget(preset: Preset, bot_seconds: float) -> str:
    """:func:`bounds` in a sentence: "It tries up to 500 rollouts a move and stops at 2 s a
    move (this server's think budget)." ("" for a bot that does not search)."""
    found = bounds(preset, bot_seconds)
    if found is None:
        return ""
    stops = f"stops at {found.seconds:g} s a move (this server's think budget)."
    if not found.iterations:  # a budget in seconds: the server's stop is the bound to tell
        return f"It {stops}"
    return f"It tries up to {found.iterations:,} {found.unit} a move and {stops}"


def measurements(game: str) -> tuple[Strength, ...]:
    """What was measured of bots in ``game``: its heuristics module's ``MEASURED`` (plain
    records: bot spec, opponent, players, games, share, interval, test, command), newest
    figures only (docs/bots.md, "Measured")."""
    records = getattr(game_heuristics(game), "MEASURED", ())
    return tuple(Strength(game, *record) for record in records)


def all_measurements() -> tuple[Strength, ...]:
    """Every game's measurements."""
    return tuple(m for game in game_names() for m in measurements(game))


def measured(game: str, spec: str) -> Strength | None:
    """The measurement of ``spec`` in ``game``, if there is one."""
    return next((m for m in measurements(game) if m.spec == spec), None)


def label(preset: Preset, game: str) -> str:
    """The preset's name for a menu, with its measured share in ``game`` (random, the
    baseline, needs none): "Greedy bot: won 81% vs random"."""
    name = preset.name
    if preset.spec == "random":
        return f"{name} (any legal move)"
    found = measured(game, preset.spec)
    return f"{name}: {found.short() if found else 'not measured here yet'}"


def detail(preset: Preset, game: str, bot_seconds: float | None = None) -> str | None:
    """One sentence on what was measured of the preset in ``game``, or on its absence, and
    for a search at a server with the think budget ``bot_seconds``, what bounds its moves
    there (:func:`budget`); None for random."""
    if preset.spec == "random":
        return None
    found = measured(game, preset.spec)
    said = (
        f"{preset.name} has not been measured in this game yet."
        if found is None
        else f"{preset.name} {found.summary()}."
    )
    bound = "" if bot_seconds is None else budget(preset, bot_seconds)
    return f"{said} {bound}" if bound else said
