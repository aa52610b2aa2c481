"""Setup (F-36, F-37), years (F-38 … F-40) and the upkeep phase: income (F-41) and the
year's draw split (F-42 … F-44)."""

from __future__ import annotations

from itertools import product

from seedbed.engine.api import Event
from seedbed.engine.errors import Refusal, refuse
from seedbed.engine.rng import Rng
from seedbed.games.fields_of_green.abilities import gain_food
from seedbed.games.fields_of_green.config import (
    HAND_SIZE,
    INTRO_SPLITS,
    TOWER_START_WATER,
    TYPES,
    Config,
)
from seedbed.games.fields_of_green.farm import START_SILO, START_TOWER, Cell
from seedbed.games.fields_of_green.state import COMMIT, F_WATER, NONE, PICK, UPKEEP, Zones

START_COINS = 15  # F-36
START_FOOD = 1
INCOME_COINS, INCOME_FOOD, INCOME_WATER = 3, 1, 2  # F-41
DISPLAY_SIZE = 6  # F-69

Split = tuple[int, int, int, int]


def setup(s: Zones, cfg: Config, seed: int) -> None:
    """F-36: piles shuffled, every player's tower at (0, 0) and Silo at (1, 0)."""
    n = cfg.num_players
    s.cfg = cfg
    s.rng = rng = Rng(seed)
    s.piles = []
    for cards in cfg.piles:
        pile = list(cards)
        rng.shuffle(pile)
        s.piles.append(pile)
    s.towers = list(reversed(cfg.towers))  # face up; the lowest id on top
    s.silos = list(reversed(cfg.silos))
    s.tiles = list(range(len(cfg.tiles)))
    rng.shuffle(s.tiles)
    s.discard, s.tile_discard = [], []
    s.farms = [{} for _ in range(n)]
    s.geo = [None] * n
    s.home, s.face_down, s.water, s.equip = {}, set(), {}, {}
    for p in range(n):
        tower, silo = s.towers.pop(), s.silos.pop()
        put_card(s, p, tower, START_TOWER)
        s.water[tower] = TOWER_START_WATER
        put_card(s, p, silo, START_SILO)
    s.coins = [START_COINS] * n
    s.food = [START_FOOD] * n
    s.vp = [0] * n
    s.aside = [[] for _ in range(n)]
    s.hands = [[] for _ in range(n)]
    s.commits, s.revealed = [NONE] * n, [NONE] * n
    s.display, s.shared, s.stack = [], [], []
    s.handled, s.paid_end = [], []
    s.seen = [0] * cfg.num_cards
    s.tile_seen = [0] * len(cfg.tiles)
    s.year, s.first, s.turn, s.pos = 1, 0, 0, 0
    begin_year(s, [])


def put_card(s: Zones, p: int, card: int, cell: Cell) -> None:
    s.farms[p][cell] = card
    s.home[card] = (p, cell)  # the cached farm facts see the new cell by themselves (geo.py)


def begin_year(s: Zones, ev: list[Event]) -> None:
    """F-38 … F-41: a new year starts with upkeep; income from year 2 on."""
    n = s.cfg.num_players
    s.phase, s.pos, s.turn = UPKEEP, 0, 0
    s.splits = [[] for _ in range(n)]
    ev.append(Event("year", {"year": s.year, "first_player": s.first, "direction": s.direction()}))
    if s.year == 1:
        return
    for p in s.order():
        s.coins[p] += INCOME_COINS
        kept = gain_food(s, p, INCOME_FOOD)
        ev.append(Event("income", {"player": p, "coins": INCOME_COINS, "food": kept}))
    for p in reversed(s.order()):  # decisions in turn order: the first player on top
        s.stack.append([F_WATER, p, INCOME_WATER])


# ------------------------------------------------------------------ the draw split (F-42 … F-44)


def forced_split(s: Zones) -> Split | None:
    """The split made without a decision: introductory mode (F-44), or fewer than 6 cards
    left (F-43: take all)."""
    counts = [len(pile) for pile in s.piles]
    if s.cfg.introductory:
        fixed = INTRO_SPLITS[s.cfg.ruleset][s.year - 1]
        a, b, c, d = (min(f, k) for f, k in zip(fixed, counts, strict=True))
        return (a, b, c, d)
    if sum(counts) < HAND_SIZE:
        return (counts[0], counts[1], counts[2], counts[3])
    return None


def split_error(s: Zones, split: Split) -> Refusal | None:
    """Why ``split`` is not a legal draw split now, or None (F-42, F-43)."""
    forced = forced_split(s)
    if forced is not None:
        return None if split == forced else refuse("F-43, F-44", f"the split is fixed: {forced}")
    return _split_problem(tuple(len(pile) for pile in s.piles), split)


def _split_problem(counts: tuple[int, ...], split: Split) -> Refusal | None:
    """The F-42 / F-43 conditions for pile sizes ``counts`` (at least 6 cards in all)."""
    if any(k < 0 for k in split):
        return refuse("F-42", "counts cannot be negative")
    if sum(split) != HAND_SIZE:
        return refuse("F-42", f"the counts must add up to {HAND_SIZE}")
    for k, have, name in zip(split, counts, TYPES, strict=True):
        if k > have:
            return refuse("F-42", f"the {name} pile holds {have} cards")
    non_empty = sum(1 for k in counts if k)
    if non_empty < 3:
        if any(have and not k for k, have in zip(split, counts, strict=True)):
            return refuse("F-43", "fewer than 3 piles have cards: take from every non-empty pile")
    elif sum(1 for k in split if k) < 3:
        return refuse("F-42", "take cards from at least 3 different piles")
    return None


# Legal splits by pile sizes capped at 6 (a larger pile allows nothing more): computed once.
_SPLITS: dict[tuple[int, ...], list[Split]] = {}


def split_options(s: Zones) -> list[Split]:
    """Every legal split, in ascending lexicographic order."""
    forced = forced_split(s)
    if forced is not None:
        return [forced]
    caps = tuple(min(len(pile), HAND_SIZE) for pile in s.piles)
    found = _SPLITS.get(caps)
    if found is None:
        found = _SPLITS[caps] = [
            (a, b, c, HAND_SIZE - a - b - c)
            for a, b, c in product(range(caps[0] + 1), range(caps[1] + 1), range(caps[2] + 1))
            if _split_problem(caps, (a, b, c, HAND_SIZE - a - b - c)) is None
        ]
    return found


def do_split(s: Zones, p: int, split: Split, ev: list[Event]) -> None:
    """Take the chosen cards from the pile tops (F-42); 3-4 players: they form the hand,
    2 players: they go to the shared pile unseen (F-69)."""
    cards: list[int] = []
    for pile, k in zip(s.piles, split, strict=True):
        for _ in range(k):
            cards.append(pile.pop())
    s.splits[p] = list(split)
    public = {"player": p, "split": list(split)}
    if s.cfg.duel:
        s.shared += cards
        ev.append(Event("draw", public))
    else:
        s.hands[p] = cards
        bit = 1 << p
        for c in cards:
            s.seen[c] |= bit
        ev.append(Event("draw", public, {"cards": cards[:]}, (p,)))
    s.pos += 1


def draw_step(s: Zones, ev: list[Event]) -> bool:
    """Run the draw phase; True when a player must choose a split."""
    n = s.cfg.num_players
    while s.pos < n:
        options = split_options(s)
        if len(options) > 1:
            return True
        do_split(s, s.actor(), options[0], ev)
    start_action_phase(s, ev)
    return False


def start_action_phase(s: Zones, ev: list[Event]) -> None:
    """F-45 / F-69: commits (3-4 players) or the shared pile and its display (2 players)."""
    s.pos, s.turn = 0, 0
    if s.cfg.duel:
        s.rng.shuffle(s.shared)
        k = min(DISPLAY_SIZE, len(s.shared))
        s.display = [s.shared.pop() for _ in range(k)]
        ev.append(Event("display", {"cards": s.display[:], "shared": len(s.shared)}))
        s.phase = PICK
    else:
        s.phase = COMMIT
        s.turn = 1
