"""Stalk Exchange's components (S-7) and its one configuration object (S-2, S-3).

Every [designed] number of the rules lives in :class:`Config`; the rules read it from there
and never hard-code a default. Options whose default depends on the player count accept one
integer or a map from player count to integer.

>>> config = make_config(3, {})
>>> config.portfolio_size, config.seedy_tokens, config.market_start, config.garden_radius
(11, 4, 28, 3)
>>> make_config(3, {"portfolio_size": {"3": 9}}).portfolio_size
9
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from seedbed.engine.options import bounded_int, echo
from seedbed.engine.spec import Choice, OptionSpec, normalize

# S-7: flower types in canonical order; index 0 = dahlia.
FLOWERS: tuple[str, ...] = ("dahlia", "daffodil", "globemaster", "snowdrop", "tulip")
FLOWER_INDEX: dict[str, int] = {name: i for i, name in enumerate(FLOWERS)}
LETTERS: tuple[str, ...] = ("D", "Da", "G", "S", "T")
NUM_TYPES = len(FLOWERS)

PLAYER_COUNTS = range(2, 6)  # S-1

# S-3: plain options and their defaults.
PLAIN_DEFAULTS: dict[str, int] = {
    "garden_radius": 3,
    "exchange_slots": 6,
    "basic_actions": 2,
    "tokens_per_type": 25,
}
# S-3: options whose default depends on the player count. S-2 calls the published table's
# numbers provisional; these are the calibrated defaults (D-24,
# docs/stalk-exchange-calibration.md): the spec's table had 4p portfolio 10, seedy 2p 5 / 4p 4
# / 5p 4 and market start 14/16/18/20, which ended greedy games after 8/6/5/4 rounds.
PER_COUNT_DEFAULTS: dict[str, dict[int, int]] = {
    "portfolio_size": {2: 12, 3: 11, 4: 8, 5: 8},
    "seedy_tokens": {2: 7, 3: 4, 4: 2, 5: 1},
    "market_start": {2: 30, 3: 28, 4: 28, 5: 28},
}
# The upper bounds keep the worst allowed table cheap to serve (issue 12, defect 3; D-31): the
# menu lists every exchange slot times every empty garden space, and the server sends it
# whole in each view of the active player; the other numbers only make games longer. With
# all at their maxima at 5 players the largest view is about 65 KiB and the slowest step
# about 15 ms (benchmarks/bench_option_bounds.py, docs/options.md). A per-count option's
# bounds hold for each count.
_CLAUSE = "S-3, D-31"
_RADIUS_PRESETS = ((2, "2 (19 spaces)"), (3, "3 (37 spaces)"), (4, "4 (61 spaces)"))
_PLAIN: tuple[tuple[str, int, int, str, str, tuple[tuple[int, str], ...]], ...] = (
    # name, least, most, help, lobby label, lobby presets (value, label)
    ("garden_radius", 1, 6, "radius of the hexagonal Garden (S-11)", "Garden radius",
     _RADIUS_PRESETS),
    ("exchange_slots", 1, 12, "slots in the Stalk Exchange row (S-14)", "Exchange slots",
     tuple((n, str(n)) for n in (4, 5, 6, 7, 8))),
    ("basic_actions", 1, 6, "basic actions per turn (S-22)", "Basic actions a turn",
     tuple((n, str(n)) for n in (1, 2, 3))),
    ("tokens_per_type", 1, 60, "flower tokens of each type (S-8)", "", ()),
)  # fmt: skip
_PER_COUNT: tuple[tuple[str, int, int, str], ...] = (
    ("portfolio_size", 1, 40, "tokens dealt to each portfolio (S-16)"),
    ("seedy_tokens", 0, 12, "Seedy Business tokens per player (S-17)"),
    ("market_start", 1, 99, "first market cell for harvested tokens (S-15)"),
)
OPTION_BOUNDS: dict[str, tuple[int, int]] = {
    **{name: (least, most) for name, least, most, *_ in _PLAIN},
    **{name: (least, most) for name, least, most, _ in _PER_COUNT},
}
"""(least, most) of every option."""


def _number(name: str, value: Any) -> int:
    least, most = OPTION_BOUNDS[name.split("[")[0]]
    return bounded_int(name, value, least, most, _CLAUSE)


def _count_key(name: str, key: Any) -> int:
    """A map key naming a player count: the int or its decimal text ("3"), nothing else
    (not True, 3.0, " 3" or "03")."""
    if isinstance(key, int) and not isinstance(key, bool) and key in PLAYER_COUNTS:
        return key
    for count in PLAYER_COUNTS:
        if key == str(count):
            return count
    raise ValueError(f"option {name}: {echo(key)} is not a player count 2-5 [S-3]")


def _per_count(name: str, value: Any) -> dict[int, int]:
    """One integer for every count, or a map from count to integer over the defaults."""
    table = dict(PER_COUNT_DEFAULTS[name])
    if not isinstance(value, Mapping):
        number = _number(name, value)
        return {n: number for n in table}
    seen: set[int] = set()
    for key, number in value.items():
        count = _count_key(name, key)
        if count in seen:
            raise ValueError(f"option {name} gives player count {count} twice [S-3]")
        seen.add(count)
        table[count] = _number(f"{name}[{count}]", number)
    return table


def _table(name: str) -> Callable[[Any], dict[str, int]]:
    def check(value: Any) -> dict[str, int]:
        return {str(n): v for n, v in sorted(_per_count(name, value).items())}

    return check


OPTIONS: tuple[OptionSpec, ...] = (
    *(
        OptionSpec(
            name,
            "int",
            PLAIN_DEFAULTS[name],
            _CLAUSE,
            text,
            label=label,
            choices=tuple(Choice(n, shown) for n, shown in presets),
            least=least,
            most=most,
        )
        for name, least, most, text, label, presets in _PLAIN
    ),
    *(
        OptionSpec(
            name,
            "table",
            {str(n): v for n, v in PER_COUNT_DEFAULTS[name].items()},
            _CLAUSE,
            f"{text}: one integer for every player count, or a map from count to integer",
            least=least,
            most=most,
            check=_table(name),
        )
        for name, least, most, text in _PER_COUNT
    ),
)
"""Stalk Exchange's options (S-3) with their bounds (docs/options.md)."""


def normalize_options(options: Mapping[str, Any] | None) -> dict[str, Any]:
    """The complete options with defaults filled in (per-count options as maps with string
    keys, JSON-ready); ValueError naming the option for anything unknown or invalid."""
    return normalize(OPTIONS, options, "S-3")


@dataclass(frozen=True, slots=True)
class Config:
    """Everything fixed at creation for one game (S-3), resolved for its player count."""

    num_players: int
    garden_radius: int
    exchange_slots: int
    basic_actions: int
    tokens_per_type: int
    portfolio_size: int
    seedy_tokens: int
    market_start: int
    options: dict[str, Any]
    """The normalised options this configuration was made from."""

    @property
    def total_tokens(self) -> int:
        return NUM_TYPES * self.tokens_per_type


def make_config(num_players: int, options: Mapping[str, Any] | None) -> Config:
    """The configuration for ``num_players``; refuses impossible ones (S-1, S-3)."""
    # an int, not a bool, and not 3.0 (which `in range(2, 6)` would accept)
    if isinstance(num_players, bool) or not isinstance(num_players, int):
        raise ValueError(f"Stalk Exchange takes 2-5 players, not {num_players!r} [S-1]")
    if num_players not in PLAYER_COUNTS:
        raise ValueError(f"Stalk Exchange takes 2-5 players, not {num_players} [S-1]")
    opts = normalize_options(options)
    key = str(num_players)
    config = Config(
        num_players=num_players,
        garden_radius=opts["garden_radius"],
        exchange_slots=opts["exchange_slots"],
        basic_actions=opts["basic_actions"],
        tokens_per_type=opts["tokens_per_type"],
        portfolio_size=opts["portfolio_size"][key],
        seedy_tokens=opts["seedy_tokens"][key],
        market_start=opts["market_start"][key],
        options=opts,
    )
    dealt = num_players * config.portfolio_size + config.exchange_slots
    if dealt > config.total_tokens:
        raise ValueError(
            f"{num_players} portfolios of {config.portfolio_size} and {config.exchange_slots} "
            f"exchange slots need {dealt} tokens, more than the {config.total_tokens} there are "
            "[S-3]"
        )
    return config
