"""The Fields of Green state as plain ints, lists and dicts, with a hand-written copy.

Piles and the equipment stack keep their *top at the end* of the list. A farm is a dict from
cell to card id; per-card facts that change (Open Area, water, equipment) live in small dicts
keyed by card id. Follow-up decisions and effects still to apply form a stack of int frames
(``stack``; its last frame is the one being worked on). The rules live in the other modules;
this one only stores.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from seedbed.engine.rng import Rng
from seedbed.games.fields_of_green.config import Config
from seedbed.games.fields_of_green.farm import Cell

if TYPE_CHECKING:
    from seedbed.games.fields_of_green.geo import Geo

# Phases (F-38, sections 7-13).
UPKEEP, DRAW, COMMIT, RESOLVE, PICK, HARVEST, FINAL, OVER = range(8)
PHASE_NAMES = ("upkeep", "draw", "commit", "resolve", "pick", "harvest", "final", "over")
NONE = -1  # no card

# Frames of the decision stack: [kind, player, ...]. Decisions wait for the player; the
# other kinds are work the engine does by itself (F-7).
F_EFFECTS = 0  # [F_EFFECTS, p, source card, list id, next index]
F_GAIN = 1  # [F_GAIN, p, tiles still to gain]
F_WATER = 2  # [F_WATER, p, amount]                        -> PlaceWater
F_CHOOSE = 3  # [F_CHOOSE, p, source card, option list ids…] -> ChooseEffect
F_KEEP = 4  # [F_KEEP, p, drawn tiles…]                     -> KeepEquipment
F_PLACE = 5  # [F_PLACE, p, tile]                           -> PlaceEquipment / SetAsideEquipment
F_ATTACH = 6  # [F_ATTACH, p, card]                         -> AttachEquipment / SkipAttach
F_OPTIONAL = 7  # [F_OPTIONAL, p, source card, item]        -> PayOptional / SkipOptional
FRAME_NAMES = ("effects", "gain", "water", "choose", "keep", "place", "attach", "optional")

_copy = list.copy


class Zones:
    """All mutable zones of one game."""

    __slots__ = (
        "aside",
        "cfg",
        "coins",
        "commits",
        "discard",
        "display",
        "equip",
        "face_down",
        "farms",
        "first",
        "food",
        "geo",
        "handled",
        "hands",
        "home",
        "paid_end",
        "phase",
        "piles",
        "pos",
        "revealed",
        "rng",
        "seen",
        "shared",
        "silos",
        "splits",
        "stack",
        "tile_discard",
        "tile_seen",
        "tiles",
        "towers",
        "turn",
        "vp",
        "water",
        "year",
    )

    cfg: Config
    rng: Rng
    year: int  # 1 … 4
    phase: int
    first: int  # holder of the first-player marker (F-39)
    pos: int  # index in turn order of the player acting in a sequential step (F-6)
    turn: int  # action-phase turn (3-4 players) or picks made (2 players)
    piles: list[list[int]]  # the four main piles (F-22)
    towers: list[int]  # Water Tower pile
    silos: list[int]  # Silo pile
    tiles: list[int]  # equipment stack (F-24)
    discard: list[int]  # location cards used for actions B-E (F-26)
    tile_discard: list[int]
    farms: list[dict[Cell, int]]
    home: dict[int, tuple[int, Cell]]  # farm card -> (owner, cell); cards never move
    face_down: set[int]  # Open Areas (F-30)
    water: dict[int, int]  # Water Tower card -> water on it (F-33)
    equip: dict[int, list[int]]  # card -> tiles on it, in placing order
    coins: list[int]
    food: list[int]  # one total per player (F-34)
    vp: list[int]  # VP tokens
    aside: list[list[int]]  # set-aside tiles (F-64)
    hands: list[list[int]]
    commits: list[int]  # committed card or NONE (F-46)
    revealed: list[int]  # revealed card waiting for its action, or NONE (F-48)
    splits: list[list[int]]  # this year's draw split per player, [] before it is made
    display: list[int]  # 2 players: face-up display (F-69)
    shared: list[int]  # 2 players: face-down shared pile, top = end
    stack: list[list[int]]  # follow-up frames (F-7)
    handled: list[int]  # harvest items paid or declined by the harvesting player (F-60)
    paid_end: list[int]  # game-end items whose optional cost was paid (F-72)
    seen: list[int]  # per card: bitmask of players who saw it in a hand (F-78)
    tile_seen: list[int]  # per tile: bitmask of players who drew it (F-78)
    geo: list[Geo | None]  # per player: cached farm facts, not state (geo.py)

    def copy_into(self, z: Zones) -> None:
        """Fill ``z`` with an independent copy of these zones."""
        z.cfg = self.cfg
        z.rng = self.rng.clone()
        z.year = self.year
        z.phase = self.phase
        z.first = self.first
        z.pos = self.pos
        z.turn = self.turn
        z.piles = [*map(_copy, self.piles)]
        z.towers = self.towers[:]
        z.silos = self.silos[:]
        z.tiles = self.tiles[:]
        z.discard = self.discard[:]
        z.tile_discard = self.tile_discard[:]
        z.farms = [f.copy() for f in self.farms]
        z.home = self.home.copy()
        z.face_down = self.face_down.copy()
        z.water = self.water.copy()
        z.equip = {c: t[:] for c, t in self.equip.items()}
        z.coins = self.coins[:]
        z.food = self.food[:]
        z.vp = self.vp[:]
        z.aside = [*map(_copy, self.aside)]
        z.hands = [*map(_copy, self.hands)]
        z.commits = self.commits[:]
        z.revealed = self.revealed[:]
        z.splits = [*map(_copy, self.splits)]
        z.display = self.display[:]
        z.shared = self.shared[:]
        z.stack = [*map(_copy, self.stack)]
        z.handled = self.handled[:]
        z.paid_end = self.paid_end[:]
        z.seen = self.seen[:]
        z.tile_seen = self.tile_seen[:]
        z.geo = self.geo[:]  # Geo objects are never changed, so sharing them is safe

    # ------------------------------------------------------------------ views used everywhere

    def order(self) -> list[int]:
        """Turn order (F-6): the first player, then clockwise."""
        n = self.cfg.num_players
        return [(self.first + k) % n for k in range(n)]

    def actor(self) -> int:
        """The player of the current sequential step."""
        return (self.first + self.pos) % self.cfg.num_players

    def direction(self) -> int:
        """F-40: +1 (clockwise) in years 1 and 3, -1 in years 2 and 4."""
        return 1 if self.year % 2 == 1 else -1

    def cell_of(self, card: int) -> Cell:
        return self.home[card][1]

    def owner(self, card: int) -> int:
        return self.home[card][0]

    def face_up(self, card: int) -> bool:
        return card in self.home and card not in self.face_down

    def farm_cards(self, p: int) -> list[int]:
        """p's farm cards (Open Areas included) in cell order."""
        farm = self.farms[p]
        return [farm[c] for c in sorted(farm)]

    def tower_cards(self, p: int) -> list[int]:
        """p's Water Towers in cell order."""
        water = self.water
        return [c for c in self.farm_cards(p) if c in water]

    # ------------------------------------------------------------------ serialisation

    def to_json(self) -> dict[str, Any]:
        """The complete state, hidden parts included (for saving and debugging; never send
        it to a player: that is what ``observe`` is for)."""
        return {
            "options": self.cfg.options,
            "num_players": self.cfg.num_players,
            "rng": f"{self.rng.state:#x}",
            "year": self.year,
            "phase": self.phase,
            "first": self.first,
            "pos": self.pos,
            "turn": self.turn,
            "piles": [p[:] for p in self.piles],
            "towers": self.towers[:],
            "silos": self.silos[:],
            "tiles": self.tiles[:],
            "discard": self.discard[:],
            "tile_discard": self.tile_discard[:],
            "farms": [[[x, y, c] for (x, y), c in sorted(f.items())] for f in self.farms],
            "face_down": sorted(self.face_down),
            "water": [[c, w] for c, w in sorted(self.water.items())],
            "equip": [[c, t[:]] for c, t in sorted(self.equip.items())],
            "coins": self.coins[:],
            "food": self.food[:],
            "vp": self.vp[:],
            "aside": [a[:] for a in self.aside],
            "hands": [h[:] for h in self.hands],
            "commits": self.commits[:],
            "revealed": self.revealed[:],
            "splits": [s[:] for s in self.splits],
            "display": self.display[:],
            "shared": self.shared[:],
            "stack": [f[:] for f in self.stack],
            "handled": self.handled[:],
            "paid_end": self.paid_end[:],
            "seen": self.seen[:],
            "tile_seen": self.tile_seen[:],
        }

    def load_json(self, obj: dict[str, Any], cfg: Config) -> None:
        """Fill these zones from :meth:`to_json` output (``cfg`` built from its options)."""
        self.cfg = cfg
        self.rng = Rng.from_state(int(obj["rng"], 16))
        for name in ("year", "phase", "first", "pos", "turn"):
            setattr(self, name, int(obj[name]))
        for name in ("towers", "silos", "tiles", "discard", "tile_discard", "coins", "food"):
            setattr(self, name, [int(v) for v in obj[name]])
        for name in ("vp", "commits", "revealed", "display", "shared", "handled", "paid_end"):
            setattr(self, name, [int(v) for v in obj[name]])
        self.seen = [int(v) for v in obj["seen"]]
        self.tile_seen = [int(v) for v in obj["tile_seen"]]
        for name in ("piles", "aside", "hands", "splits", "stack"):
            setattr(self, name, [[int(v) for v in row] for row in obj[name]])
        self.farms = [{(int(x), int(y)): int(c) for x, y, c in f} for f in obj["farms"]]
        self.home = {c: (p, cell) for p, f in enumerate(self.farms) for cell, c in f.items()}
        self.face_down = {int(c) for c in obj["face_down"]}
        self.water = {int(c): int(w) for c, w in obj["water"]}
        self.equip = {int(c): [int(t) for t in ts] for c, ts in obj["equip"]}
        self.geo = [None] * cfg.num_players

    def all_cards(self) -> list[object]:
        """Every card id and tile (as ``("tile", t)``) in every zone, for conservation
        checks: each card and tile of the game exactly once."""
        out: list[object] = []
        for pile in self.piles:
            out += pile
        out += self.towers + self.silos + self.discard + self.display + self.shared
        for p in range(self.cfg.num_players):
            out += self.hands[p]
            out += list(self.farms[p].values())
            if self.commits[p] != NONE:
                out.append(self.commits[p])
            if self.revealed[p] != NONE:
                out.append(self.revealed[p])
        tiles: list[int] = self.tiles + self.tile_discard
        for a in self.aside:
            tiles += a
        for ts in self.equip.values():
            tiles += ts
        for f in self.stack:
            if f[0] == F_KEEP:
                tiles += f[2:]
            elif f[0] == F_PLACE:
                tiles.append(f[2])
        out += [("tile", t) for t in tiles]
        return out
