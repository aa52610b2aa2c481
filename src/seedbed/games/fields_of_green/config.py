"""The static tables of one game: options, and every card instance as a small int.

Card ids: the location cards of the four piles first (type by type, design by design, copy by
copy), then the Water Towers, then the Silos (F-9). Tile ids index the equipment tiles the same
way (F-24). Effect lists of the card data are interned as small ints too, so the decision stack
holds only ints and clones cheaply.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from seedbed.engine.api import JsonDict
from seedbed.games.fields_of_green.cards import Ability, CardSet, EquipmentDesign, LocationDesign

TYPES = ("field", "livestock", "construction", "building")
TOWER, SILO = 4, 5  # card kinds after the four types
KIND_NAMES = (*TYPES, "water_tower", "silo")
TOWER_COST = 2  # F-23
TOWER_START_WATER = 3  # F-36, F-52
TOWER_CAPACITY = 3  # F-33
SILO_CAPACITY = 4  # F-34
TOWER_RANGE = 2  # F-32
PILE_NAMES = {
    "published": ("Fields", "Livestock", "Constructions", "Buildings"),
    "prototype": ("Fields", "Livestock", "Facilities", "Buildings"),
}  # F-8
TOWERS_IN_GAME = {"published": 20, "prototype": 18}  # F-9
SILOS_IN_GAME = {"published": 14, "prototype": 12}
TILES_DRAWN = {"published": 3, "prototype": 2}  # F-16
INTRO_SPLITS = {  # F-44: year -> (fields, livestock, constructions, buildings)
    "published": ((3, 2, 1, 0), (2, 2, 1, 1), (1, 2, 1, 2), (0, 2, 1, 3)),
    "prototype": ((3, 2, 1, 0), (2, 2, 1, 1), (1, 2, 1, 2), (1, 1, 1, 3)),
}
YEARS = 4  # F-38
HAND_SIZE = 6  # F-42

EffectList = tuple[dict[str, Any], ...]


@dataclass(frozen=True, slots=True)
class CardInfo:
    """One card instance's static facts (Water Towers and Silos have no design)."""

    kind: int
    design: str  # design id; "water_tower" / "silo" for those
    name: str
    subtype: str | None
    tags: frozenset[str]
    vp: int
    coins: int
    water: int
    food: int
    ability: Ability | None

    @property
    def timing(self) -> str | None:
        return None if self.ability is None else self.ability.timing

    def keywords(self) -> frozenset[str]:
        """What an equipment keyword may match (F-65): timing, subtype and tags."""
        out = set(self.tags)
        if self.subtype:
            out.add(self.subtype)
        if self.timing:
            out.add(self.timing)
        return frozenset(out)


@dataclass(frozen=True)
class Config:
    """Everything fixed for one game (shared by every clone, never mutated)."""

    num_players: int
    ruleset: str
    introductory: bool
    options: JsonDict  # normalised, for to_json
    card_set: CardSet
    cards: tuple[CardInfo, ...]
    piles: tuple[tuple[int, ...], ...]  # card ids of the four piles, in id order
    towers: tuple[int, ...]
    silos: tuple[int, ...]
    tiles: tuple[EquipmentDesign, ...]
    lists: tuple[EffectList, ...]  # interned effect lists
    list_ids: dict[str, int] = field(repr=False)  # effects_key(effect list) -> index

    @property
    def published(self) -> bool:
        return self.ruleset == "published"

    @property
    def num_cards(self) -> int:
        return len(self.cards)

    @property
    def duel(self) -> bool:
        """F-69: the 2-player rules."""
        return self.num_players == 2

    def list_id(self, effects: Any) -> int:
        """The interned index of an effect list taken from the card data."""
        return self.list_ids[effects_key(effects)]


def effects_key(effects: Any) -> str:
    """An effect list by value. Not by ``id()``: a state pickled for the bot pool carries
    copies of the card data, with other ids, and must play on like the original (issue 12,
    defect 5). The card data is normalised plain tuples, dicts, strings and numbers, so the
    text is the same for equal lists built the same way, in any process."""
    return repr(effects)


def _plain_int(value: object) -> int:
    """Build costs are plain integers (F-81); the loader guarantees it."""
    assert isinstance(value, int)
    return value


def _location_info(d: LocationDesign, kind: int) -> CardInfo:
    cost = d.cost
    return CardInfo(
        kind=kind,
        design=d.id,
        name=d.name,
        subtype=d.subtype,
        tags=frozenset(d.tags),
        vp=int(d.vp),
        coins=_plain_int(cost.coins),
        water=_plain_int(cost.water),
        food=_plain_int(cost.food),
        ability=d.ability,
    )


def _special(kind: int) -> CardInfo:
    name = "Water Tower" if kind == TOWER else "Silo"
    coins = TOWER_COST if kind == TOWER else 0
    return CardInfo(kind, KIND_NAMES[kind], name, None, frozenset(), 0, coins, 0, 0, None)


class _Interner:
    """Collects every effect list of the card data (abilities, choices, harvest bonuses)."""

    def __init__(self) -> None:
        self.lists: list[EffectList] = []
        self.ids: dict[str, int] = {}

    def add(self, effects: Any) -> None:
        key = effects_key(effects)
        if key in self.ids:
            return
        self.ids[key] = len(self.lists)
        self.lists.append(tuple(effects))
        for effect in effects:
            if isinstance(effect, dict) and "choose" in effect:
                for option in effect["choose"]:
                    self.add(option)


def make_config(card_set: CardSet, num_players: int, options: JsonDict) -> Config:
    ruleset = str(options["ruleset"])
    cards: list[CardInfo] = []
    piles: list[tuple[int, ...]] = []
    interner = _Interner()
    for kind, type_name in enumerate(TYPES):
        start = len(cards)
        for design in card_set.locations:
            if design.type != type_name:
                continue
            if design.ability is not None:
                interner.add(design.ability.effects)
            for _ in range(int(design.copies)):
                cards.append(_location_info(design, kind))
        piles.append(tuple(range(start, len(cards))))
    start = len(cards)
    cards += [_special(TOWER)] * TOWERS_IN_GAME[ruleset]
    towers = tuple(range(start, len(cards)))
    start = len(cards)
    cards += [_special(SILO)] * SILOS_IN_GAME[ruleset]
    silos = tuple(range(start, len(cards)))
    tiles: list[EquipmentDesign] = []
    for eq in card_set.equipment:
        interner.add(eq.effects)
        for mod in eq.modifiers:
            if "harvest_bonus" in mod:
                interner.add(mod["harvest_bonus"])
        tiles += [eq] * int(eq.copies)
    return Config(
        num_players=num_players,
        ruleset=ruleset,
        introductory=bool(options["introductory"]),
        options=options,
        card_set=card_set,
        cards=tuple(cards),
        piles=tuple(piles),
        towers=towers,
        silos=silos,
        tiles=tuple(tiles),
        lists=tuple(interner.lists),
        list_ids=interner.ids,
    )
