"""A position builder for Stalk Exchange rule tests.

``build`` creates a real game with the Python engine's ``new_state`` and then rewrites
its zones with exactly what the test gives; every zone not given is empty (no tokens, values 0,
track empty), except the Greenhouse, which by default holds every token not placed elsewhere, so
token conservation (S-18) holds. Give ``greenhouse`` to choose the bag contents (and so the draw
results: a bag of one type draws that type); the tokens left over then go to the Compost, unless
``compost`` is given too (then the state holds exactly what was given: "told otherwise").

Flower types are written as in the worked examples: D (dahlia), Da (daffodil), G (globemaster),
S (snowdrop), T (tulip); full names work too.

* ``garden``: ``{(q, r): "T"}`` is a tulip bulb, ``{(q, r): ("T", "bloom")}`` (or ``bloom("T")``)
  a tulip bloom.
* ``exchange``: one entry per slot, slot 0 first, ``None`` (or "-") for an empty slot.
* count vectors (``portfolios[p]``, ``greenhouse``, ``compost``): a dict ``{"T": 3}``, a list of
  letters ``["T", "T", "D"]``, or a list of five counts in canonical type order.
* ``track``: letters in the order laid; ``values``: a dict or five counts. When only one of the two
  is given the other is made up so that the values sum to the track length (S-15); the made-up
  track lists the types in canonical order.

``planted``: upkeep only re-examines the neighbours of the spaces planted this turn (and of the
harvested ones), which is exact for states reached by play. A Garden set up by hand has no such
history, so by default the builder puts EVERY occupied space in ``planted``: the next upkeep then
judges every group and every bulb, as a scan of the whole board would. Pass ``planted=[...]``
(coordinates) only to build a state as it would stand mid-turn after real play.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

import pytest

import seedbed
from seedbed.engine import Action, IllegalActionError
from seedbed.games.stalk_exchange import StalkExchangeState
from seedbed.games.stalk_exchange.config import FLOWER_INDEX, LETTERS, NUM_TYPES
from seedbed.games.stalk_exchange.hexgrid import Hex
from seedbed.games.stalk_exchange.state import BLOOM, BULB, EMPTY, NO_TOKEN, flower_at

GAME = seedbed.game("stalk_exchange", engine="python")  # the tests read and edit the Python zones
# The S-3 table written out, for tests whose meaning depends on these numbers (S-2: passing
# them explicitly means recalibrating a default never changes what such a test checks).
SPEC_OPTIONS: dict[str, Any] = {
    "garden_radius": 3,
    "exchange_slots": 6,
    "basic_actions": 2,
    "tokens_per_type": 25,
    "portfolio_size": {"2": 12, "3": 11, "4": 10, "5": 8},
    "seedy_tokens": {"2": 5, "3": 4, "4": 4, "5": 4},
    "market_start": {"2": 14, "3": 16, "4": 18, "5": 20},
}
LETTER_INDEX = {letter: t for t, letter in enumerate(LETTERS)}
Counts = Mapping[str, int] | Sequence[Any]
GardenSpec = Mapping[Hex, str | tuple[str, str]]


def flower(name: str) -> int:
    """The type index of a letter (D, Da, G, S, T) or a full name."""
    if name in LETTER_INDEX:
        return LETTER_INDEX[name]
    return FLOWER_INDEX[name]


def bloom(name: str) -> tuple[str, str]:
    """A bloom of ``name`` for a ``garden`` spec."""
    return (name, "bloom")


def vector(spec: Counts | None) -> list[int]:
    """Five counts by type from a dict, a list of letters or a list of five ints."""
    out = [0] * NUM_TYPES
    if spec is None:
        return out
    if isinstance(spec, Mapping):
        for name, k in spec.items():
            out[flower(name)] += k
        return out
    items = list(spec)
    if items and all(isinstance(x, int) for x in items):
        assert len(items) == NUM_TYPES, "a count vector has five entries"
        return [int(x) for x in items]
    for name in items:
        out[flower(name)] += 1
    return out


def build(
    n: int = 3,
    *,
    options: Mapping[str, Any] | None = None,
    seed: int = 0,
    garden: GardenSpec | None = None,
    exchange: Sequence[str | None] | None = None,
    portfolios: Sequence[Counts] | None = None,
    greenhouse: Counts | None = None,
    compost: Counts | None = None,
    values: Counts | None = None,
    track: Sequence[str] | None = None,
    seedy: Sequence[int] | None = None,
    spent: Sequence[int] | None = None,
    shown: Sequence[Counts] | None = None,
    active: int = 0,
    basic_taken: int = 0,
    turns: int = 0,
    planted: Sequence[Hex] | None = None,
    crash: int = 0,
    over: bool = False,
) -> StalkExchangeState:
    """A state of ``n`` players with exactly these zones (see the module docstring)."""
    s = GAME.new_state(n, seed, options)
    config = s.config
    board = s.board

    s.garden = [EMPTY] * len(board)
    for space, spec in (garden or {}).items():
        name, side = (spec, "bulb") if isinstance(spec, str) else spec
        assert side in ("bulb", "bloom"), side
        s.garden[board.index[space]] = (BLOOM if side == "bloom" else BULB) + flower(name)
    s.empty = [i for i, v in enumerate(s.garden) if v == EMPTY]
    if planted is None:
        s.planted = [i for i, v in enumerate(s.garden) if v != EMPTY]
    else:
        s.planted = [board.index[space] for space in planted]

    slots = config.exchange_slots
    row = list(exchange) if exchange is not None else [None] * slots
    assert len(row) == slots, f"the Exchange has {slots} slots"
    s.exchange = [NO_TOKEN if x in (None, "-", "–") else flower(str(x)) for x in row]

    s.portfolios = [vector((portfolios or {})[p] if portfolios else None) for p in range(n)]
    s.shown = [vector(shown[p] if shown else None) for p in range(n)]

    if track is None:
        s.values = vector(values)
        s.track = [t for t in range(NUM_TYPES) for _ in range(s.values[t])]
    else:
        s.track = [flower(x) for x in track]
        s.values = vector(values) if values is not None else vector(list(track))

    s.compost = vector(compost)
    # everything placed so far, outside the (still dealt) Greenhouse
    placed = [k - g for k, g in zip(s.token_total(), s.greenhouse, strict=True)]
    rest = [config.tokens_per_type - k for k in placed]
    if greenhouse is None:
        assert min(rest) >= 0, f"more tokens placed than exist: {placed}"
        s.greenhouse = rest
    else:
        s.greenhouse = vector(greenhouse)
        if compost is None:
            left = [k - g for k, g in zip(rest, s.greenhouse, strict=True)]
            assert min(left) >= 0, f"more tokens placed than exist: {placed}, bag {s.greenhouse}"
            s.compost = left
    s.greenhouse_size = sum(s.greenhouse)

    s.seedy = list(seedy) if seedy is not None else [config.seedy_tokens] * n
    s.spent = list(spent) if spent is not None else [0] * n
    s.active = active
    s.basic_taken = basic_taken
    s.turns = turns
    s.crash = crash
    s.crash_turn = turns if crash else -1
    s.over = over
    return s


# ------------------------------------------------------------------ drawn Gardens


def drawn(text: str) -> dict[Hex, str | tuple[str, str]]:
    """A ``garden`` spec from a drawing: one line per row r = −R … R (2R + 1 lines), the
    row's spaces by q, separated by blanks; ``.`` empty, a lower-case letter a bulb (``t``,
    ``da``), a capitalised one a bloom (``T``, ``Da``). Indentation is free."""
    grid = [line.split() for line in text.strip().splitlines()]
    radius = len(grid) // 2
    assert len(grid) == 2 * radius + 1, "a drawing has 2R + 1 rows"
    out: dict[Hex, str | tuple[str, str]] = {}
    for r, row in zip(range(-radius, radius + 1), grid, strict=True):
        q0 = max(-radius, -radius - r)
        assert len(row) == 2 * radius + 1 - abs(r), f"row {r} has {2 * radius + 1 - abs(r)} spaces"
        for q, cell in enumerate(row, start=q0):
            if cell == ".":
                continue
            letter = cell[0].upper() + cell[1:].lower()
            assert letter in LETTER_INDEX, cell
            out[(q, r)] = (letter, "bloom") if cell[0].isupper() else letter
    return out


def picture(s: StalkExchangeState) -> list[list[str]]:
    """The Garden as rows of cells in the notation of :func:`drawn` (compare with
    ``rows(text)``)."""
    radius = s.board.radius
    spec = garden_of(s)
    out = []
    for r in range(-radius, radius + 1):
        row = []
        for q, _ in s.board.row(r):
            cell = spec.get((q, r))
            if cell is None:
                row.append(".")
            elif isinstance(cell, tuple):
                row.append(cell[0])
            else:
                row.append(cell.lower())
        out.append(row)
    return out


def rows(text: str) -> list[list[str]]:
    """A drawing split into rows of cells (to compare with :func:`picture`)."""
    return [line.split() for line in text.strip().splitlines()]


# ------------------------------------------------------------------ reading zones


def garden_of(s: StalkExchangeState) -> dict[Hex, str | tuple[str, str]]:
    """The Garden in the ``build`` notation: ``"T"`` a bulb, ``("T", "bloom")`` a bloom."""
    out: dict[Hex, str | tuple[str, str]] = {}
    for i, v in enumerate(s.garden):
        if v != EMPTY:
            letter = LETTERS[flower_at(v)]
            out[s.board.spaces[i]] = (letter, "bloom") if v >= BLOOM else letter
    return out


def exchange_of(s: StalkExchangeState) -> list[str | None]:
    """The Exchange, slot 0 first, letters or None."""
    return [None if t == NO_TOKEN else LETTERS[t] for t in s.exchange]


def counts(vec: Sequence[int]) -> dict[str, int]:
    """A count vector as ``{letter: count}`` without the zeros."""
    return {LETTERS[t]: k for t, k in enumerate(vec) if k}


def track_of(s: StalkExchangeState) -> list[str]:
    return [LETTERS[t] for t in s.track]


def neighbours(s: StalkExchangeState, space: Hex) -> list[Hex]:
    """The on-board neighbours of ``space`` in S-12 order."""
    return [s.board.spaces[i] for i in s.board.neighbours[s.board.index[space]]]


def assert_conserved(s: StalkExchangeState) -> None:
    """S-18: every type has ``tokens_per_type`` tokens over all zones; no negative counts."""
    assert s.token_total() == [s.config.tokens_per_type] * NUM_TYPES
    assert s.greenhouse_size == sum(s.greenhouse)
    for vec in (s.greenhouse, s.compost, *s.portfolios):
        assert min(vec) >= 0


# ------------------------------------------------------------------ acting


def act(s: StalkExchangeState, player: int, text: str) -> list[Any]:
    """Apply an action given in its text form."""
    return s.apply(player, GAME.parse_action(text))


def menu(s: StalkExchangeState, player: int) -> list[str]:
    """The text forms of the enumerated menu."""
    return [str(a) for a in s.legal_actions(player)]


def refused(
    s: StalkExchangeState, player: int, action: str | Action, clause: str | None
) -> IllegalActionError:
    """Assert the action is refused naming ``clause`` (None: any) and the state is unchanged."""
    a = GAME.parse_action(action) if isinstance(action, str) else action
    before = s.key()
    assert not s.is_legal(player, a)
    with pytest.raises(IllegalActionError) as info:
        s.apply(player, a)
    assert s.key() == before
    if clause is not None:
        assert info.value.clause == clause, str(info.value)
    return info.value


def play_random(s: StalkExchangeState, seed: int, check: Any = None, limit: int = 5000) -> int:
    """Play seeded random legal actions to the end (or ``limit`` actions), calling
    ``check(s, events)`` after each; returns the number of actions."""
    rng = random.Random(seed)
    count = 0
    while not s.is_terminal() and count < limit:
        player = s.to_move()[0]
        options = s.legal_actions(player)
        events = s.apply(player, options[rng.randrange(len(options))])
        count += 1
        if check is not None:
            check(s, events)
    return count


def events_of(events: Sequence[Any], kind: str) -> list[dict[str, Any]]:
    """The data of the events of one kind."""
    return [dict(e.public) for e in events if e.kind == kind]
