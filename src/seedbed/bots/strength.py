"""What was measured of the bots the lobby offers, and the labels built from it (issue 16: the
lobby names bots by what was measured, not by claims).

Every record is an arena run on the project's 2-core machine whose command is printed in
``docs/bots.md`` (and kept in :attr:`Strength.command`), so anyone can rerun it. Records are
data kept by each game beside its heuristics (``MEASURED``, like ``TABLE_SEARCH``): a new
measurement replaces a line there and a row in the docs.

>>> [p.spec for p in presets("stalk_exchange")]
['random', 'greedy', 'ismcts:iterations=1500']
>>> label(presets("stalk_exchange")[1], "stalk_exchange")
'Greedy: won 83% vs random'
>>> detail(presets("stalk_exchange")[1], "stalk_exchange")
'Greedy won 83% of 200 four-player games against 3 random bots (95% interval 77–88%).'
"""

from __future__ import annotations

from dataclasses import dataclass

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
    menu: str = ""
    """A shorter name for the lobby's menu (the name if empty)."""


UNITS = {"ismcts": ("iterations", "it."), "rollout": ("rollouts", "rollouts")}
"""What a search kind's ``iterations`` count, for people: in full and in a menu."""

DEFAULT_SEARCH = "ismcts:iterations=1000"
"""The table search of a game whose heuristics declare none."""


def table_search(game: str) -> str:
    """The search bot at ``game``'s tables: its heuristics' ``TABLE_SEARCH``, a budget in
    iterations (the same moves on any machine) that decides within a second a move on one
    core of the project's machine with the native engine (``seedbed bench bot GAME --spec
    SPEC --budget 1``, docs/bots.md)."""
    return str(getattr(game_heuristics(game), "TABLE_SEARCH", DEFAULT_SEARCH))


def presets(game: str) -> tuple[Preset, ...]:
    """The bots the lobby offers for ``game``: random, greedy and its table search."""
    search = table_search(game)
    parsed = parse_spec(search)
    iterations = parsed.settings().get("iterations") or 1000
    unit, short = UNITS.get(parsed.name, UNITS["ismcts"])
    return (
        Preset("random", "Random", 0.0),
        Preset("greedy", "Greedy", 0.0),
        Preset(search, f"Search, {iterations:,} {unit}", 1.0, f"Search ({iterations:,} {short})"),
    )


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
    baseline, needs none): "Greedy: won 83% vs random"."""
    name = preset.menu or preset.name
    if preset.spec == "random":
        return f"{name} (any legal move)"
    found = measured(game, preset.spec)
    return f"{name}: {found.short() if found else 'not measured here yet'}"


def detail(preset: Preset, game: str) -> str | None:
    """One sentence on what was measured of the preset in ``game``, or on its absence; None
    for random."""
    if preset.spec == "random":
        return None
    found = measured(game, preset.spec)
    if found is None:
        return f"{preset.name} has not been measured in this game yet."
    return f"{preset.name} {found.summary()}."
