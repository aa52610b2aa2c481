"""The validator of Fields of Green card data (F-80 … F-88): reads a card-data object field by
field into the model of :mod:`seedbed.games.fields_of_green.cards`, normalizing every default,
and refuses anything wrong with a :class:`CardDataError` naming the entry and field."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, NoReturn

from seedbed.games.fields_of_green.card_limits import MAX_CARDS, MAX_COPIES, check_card_values
from seedbed.games.fields_of_green.cards import (
    ABILITY_TIMINGS,
    COMPARISONS,
    DISTINCT_BY,
    FORMAT,
    GAINS,
    HOST_KINDS,
    LOCATION_TYPES,
    RESOURCE_KEYS,
    RESOURCES,
    TILE_TIMINGS,
    VERSION,
    WHATS,
    Ability,
    Amount,
    CardDataError,
    CardSet,
    Cost,
    EquipmentDesign,
    FieldPath,
    LocationDesign,
)

_ID = re.compile(r"[a-z0-9_]+")
_FILTERS = ("type", "subtype", "name", "tag")
_FILTERED_WHATS = ("location_card", "location", "equipment")
_AMOUNT_FORMS = ("count", "sets", "distinct", "resource", "if", "sum")
_EFFECT_FORMS = ("gain", "refill_towers", "gain_equipment", "choose", "repeat_host")
_MODIFIERS = (
    "water_range", "tower_capacity", "silo_capacity", "harvest_cost", "harvest_bonus",
    "market_bonus",
)  # fmt: skip
_HARVEST_HOSTS = (*LOCATION_TYPES, "location_card", "location")


def validate(obj: Mapping[str, Any], source: str = "<cards>") -> CardSet:
    """The body of :func:`~seedbed.games.fields_of_green.cards.parse_card_set`."""
    check_card_values(obj, source)  # first: the reading below recurses and prints values
    at = _At(source)
    top = _table(obj, at, required=("format", "version", "name"), optional=_SECTIONS)
    if top["format"] != FORMAT:
        (at / "format").fail(f"expected {FORMAT!r}, got {top['format']!r}")
    if _int(top["version"], at / "version") != VERSION:
        (at / "version").fail(f"unsupported version {top['version']}; this seedbed reads {VERSION}")
    name = _str(top["name"], at / "name")
    raw_locations = _list(top.get("locations", []), at / "locations")
    raw_equipment = _list(top.get("equipment", []), at / "equipment")
    location_ids = [_entry_id(raw, at / "locations" / i) for i, raw in enumerate(raw_locations)]
    tile_ids = [_entry_id(raw, at / "equipment" / i) for i, raw in enumerate(raw_equipment)]
    _unique_ids(at, location_ids, tile_ids)
    heads = [
        _location_head(raw, at.entry("locations", i, location_ids[i]))
        for i, raw in enumerate(raw_locations)
    ]
    words = _Vocabulary(
        ids=frozenset(h.id for h in heads),
        subtypes=frozenset(h.subtype for h in heads if h.subtype is not None),
        tags=frozenset(t for h in heads for t in h.tags),
    )
    at = _At(source, words)
    locations = tuple(
        _with_ability(raw, head, at.entry("locations", i, head.id))
        for i, (raw, head) in enumerate(zip(raw_locations, heads, strict=True))
    )
    equipment = tuple(
        _equipment(raw, at.entry("equipment", i, tile_ids[i]))
        for i, raw in enumerate(raw_equipment)
    )
    _check_total(at, locations, equipment)
    return CardSet(name, locations, equipment)


# ---------------------------------------------------------------- where we are, and reading


@dataclass(frozen=True, slots=True)
class _Vocabulary:
    """What selectors and keywords may name: location ids, subtypes and tags of the set."""

    ids: frozenset[str] = frozenset()
    subtypes: frozenset[str] = frozenset()
    tags: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class _At:
    """The field being read (for error messages) and the set's vocabulary."""

    source: str
    words: _Vocabulary = _Vocabulary()
    path: FieldPath = ()
    entry_id: str | None = None

    def __truediv__(self, key: str | int) -> _At:
        return _At(self.source, self.words, (*self.path, key), self.entry_id)

    def entry(self, section: str, index: int, entry_id: str) -> _At:
        return _At(self.source, self.words, (section, index), entry_id)

    def fail(self, what: str) -> NoReturn:
        raise CardDataError(what, source=self.source, path=self.path, entry_id=self.entry_id)


_SECTIONS = ("locations", "equipment")


def _table(
    value: Any, at: _At, required: tuple[str, ...] = (), optional: tuple[str, ...] = ()
) -> Mapping[str, Any]:
    if not isinstance(value, Mapping):
        at.fail(f"expected a table/object, got {_kind(value)}")
    for key in value:
        if not isinstance(key, str) or key not in required + optional:
            known = ", ".join(required + optional)
            (at / str(key)).fail(f"unknown key {key!r} (allowed: {known})")
    for key in required:
        if key not in value:
            at.fail(f"missing required key {key!r}")
    return value


def _one_form(value: Any, at: _At, forms: tuple[str, ...], what: str) -> str:
    """The single key among ``forms`` that names the variant of ``value`` (an amount, ...)."""
    if not isinstance(value, Mapping):
        at.fail(f"expected an integer or a table/object, got {_kind(value)}")
    found = [k for k in forms if k in value]
    if len(found) != 1:
        at.fail(f"{what} needs exactly one of {', '.join(forms)}; got keys {sorted(value)}")
    return found[0]


def _int(value: Any, at: _At, minimum: int | None = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        at.fail(f"expected an integer, got {_kind(value)}")
    if minimum is not None and value < minimum:
        at.fail(f"must be at least {minimum}, got {value}" if minimum else f"negative: {value}")
    return value


def _str(value: Any, at: _At) -> str:
    if not isinstance(value, str):
        at.fail(f"expected a string, got {_kind(value)}")
    return value


def _word(value: Any, at: _At) -> str:
    """An id, subtype or tag: ``a–z``, ``0–9`` and ``_`` (F-81)."""
    text = _str(value, at)
    if not _ID.fullmatch(text):
        at.fail(f"{text!r} may use only a-z, 0-9 and _")
    return text


def _choice(value: Any, at: _At, options: tuple[str, ...]) -> str:
    if not isinstance(value, str):
        at.fail(f"expected one of {', '.join(options)}; got {_kind(value)}")
    if value not in options:
        noun = _NOUNS.get(str(at.path[-1]) if at.path else "", "value")
        at.fail(f"unknown {noun} {value!r} (expected one of {', '.join(options)})")
    return value


_NOUNS = {
    "gain": "resource", "resource": "resource", "type": "location type", "timing": "timing",
    "on": "host kind", "what": "card kind", "by": "grouping", "ability": "timing",
    "where": "scope",
}  # fmt: skip


def _list(value: Any, at: _At) -> list[Any]:
    if not isinstance(value, list | tuple):
        at.fail(f"expected a list, got {_kind(value)}")
    return list(value)


def _bool(value: Any, at: _At) -> bool:
    if not isinstance(value, bool):
        at.fail(f"expected true or false, got {_kind(value)}")
    return value


def _kind(value: Any) -> str:
    names = {bool: "a boolean", int: "an integer", float: "a number", str: "a string"}
    if value is None:
        return "null"
    if isinstance(value, Mapping):
        return "a table/object"
    if isinstance(value, list | tuple):
        return "a list"
    return f"{names.get(type(value), type(value).__name__)} {value!r}"


# ---------------------------------------------------------------- amounts, selectors, conditions


def _amount(value: Any, at: _At) -> Amount:
    """An Amount (F-83), normalized with every default filled."""
    if isinstance(value, int) and not isinstance(value, bool):
        return _int(value, at)
    form = _one_form(value, at, _AMOUNT_FORMS, "an amount")
    return _AMOUNT_READERS[form](value, at)


def _limits(value: Mapping[str, Any], at: _At) -> dict[str, Any]:
    limit = value.get("max")
    return {
        "each": _int(value.get("each", 1), at / "each"),
        "max": None if limit is None else _int(limit, at / "max"),
    }


def _count_amount(value: Any, at: _At) -> Amount:
    _table(value, at, ("count",), ("each", "plus", "max"))
    count, limits = _selector(value["count"], at / "count"), _limits(value, at)
    plus = _int(value.get("plus", 0), at / "plus")
    return {"count": count, "each": limits["each"], "plus": plus, "max": limits["max"]}


def _sets_amount(value: Any, at: _At) -> Amount:
    _table(value, at, ("sets",), ("each", "max"))
    selectors = _list(value["sets"], at / "sets")
    if not selectors:
        (at / "sets").fail("needs at least one selector")
    sets = tuple(_selector(s, at / "sets" / i) for i, s in enumerate(selectors))
    return {"sets": sets, **_limits(value, at)}


def _distinct_amount(value: Any, at: _At) -> Amount:
    _table(value, at, ("distinct", "by"), ("each", "max"))
    by = _choice(value["by"], at / "by", DISTINCT_BY)
    return {
        "distinct": _selector(value["distinct"], at / "distinct"),
        "by": by,
        **_limits(value, at),
    }


def _resource_amount(value: Any, at: _At) -> Amount:
    _table(value, at, ("resource",), ("per", "each", "max"))
    resource = _choice(value["resource"], at / "resource", RESOURCES)
    return {
        "resource": resource,
        "per": _int(value.get("per", 1), at / "per", 1),
        **_limits(value, at),
    }


def _if_amount(value: Any, at: _At) -> Amount:
    _table(value, at, ("if", "then"), ("else",))
    return {
        "if": _condition(value["if"], at / "if"),
        "then": _amount(value["then"], at / "then"),
        "else": _amount(value.get("else", 0), at / "else"),
    }


def _sum_amount(value: Any, at: _At) -> Amount:
    _table(value, at, ("sum",))
    parts = _list(value["sum"], at / "sum")
    return {"sum": tuple(_amount(a, at / "sum" / i) for i, a in enumerate(parts))}


_AMOUNT_READERS = {
    "count": _count_amount, "sets": _sets_amount, "distinct": _distinct_amount,
    "resource": _resource_amount, "if": _if_amount, "sum": _sum_amount,
}  # fmt: skip


def _selector(value: Any, at: _At) -> dict[str, Any]:
    """A Selector (F-84) with every field present; unknown names, subtypes and tags refused,
    because a typo there would silently count nothing."""
    keys = ("where", "what", *_FILTERS, "ability", "self")
    _table(value, at, optional=keys)
    what = _choice(value.get("what", "location_card"), at / "what", WHATS)
    out: dict[str, Any] = {"where": _where(value.get("where", "farm"), at / "where"), "what": what}
    words = at.words
    known = {
        "type": frozenset(LOCATION_TYPES), "subtype": words.subtypes, "name": words.ids,
        "tag": words.tags,
    }  # fmt: skip
    for key in _FILTERS:
        out[key] = _filter(value.get(key), at / key, known[key])
    ability = value.get("ability")
    out["ability"] = None if ability is None else _choice(ability, at / "ability", ABILITY_TIMINGS)
    out["self"] = _bool(value.get("self", False), at / "self")
    if what not in _FILTERED_WHATS:
        for key in (*_FILTERS, "ability"):
            if out[key] is not None:
                (at / key).fail(f"a {what} has no {key}, so this filter could never match")
    return out


def _where(value: Any, at: _At) -> str | dict[str, int]:
    if isinstance(value, Mapping):
        _table(value, at, ("within",))
        return {"within": _int(value["within"], at / "within")}
    return _choice(value, at, ("farm", "adjacent"))


def _filter(value: Any, at: _At, known: frozenset[str]) -> tuple[str, ...] | None:
    if value is None:
        return None
    items = tuple(_str(v, at / i) for i, v in enumerate(_list(value, at)))
    if not items:
        at.fail("an empty list matches nothing; leave the key out for no filter")
    for i, item in enumerate(items):
        if item not in known:
            noun = "location design id" if at.path[-1] == "name" else str(at.path[-1])
            (at / i).fail(f"unknown {noun} {item!r}")
    return items


def _condition(value: Any, at: _At) -> dict[str, Any]:
    """A Condition (F-85)."""
    form = _one_form(value, at, ("count", "resource", "all", "any", "not"), "a condition")
    if form in ("all", "any"):
        _table(value, at, (form,))
        parts = _list(value[form], at / form)
        if not parts:
            (at / form).fail("needs at least one condition")
        return {form: tuple(_condition(c, at / form / i) for i, c in enumerate(parts))}
    if form == "not":
        _table(value, at, ("not",))
        return {"not": _condition(value["not"], at / "not")}
    _table(value, at, (form,), COMPARISONS)
    ops = [op for op in COMPARISONS if op in value]
    if len(ops) != 1:
        at.fail(f"a condition needs exactly one of {', '.join(COMPARISONS)}")
    subject = (
        _selector(value["count"], at / "count")
        if form == "count"
        else _choice(value["resource"], at / "resource", RESOURCES)
    )
    return {form: subject, ops[0]: _int(value[ops[0]], at / ops[0])}


# ---------------------------------------------------------------- costs, effects, modifiers


def _cost(value: Any, at: _At, plain: bool = False) -> Cost:
    """A Cost (F-82); ``plain`` for build costs, which are integers only (F-81)."""
    _table(value, at, optional=RESOURCE_KEYS)
    read = _int if plain else _amount
    return Cost(**{k: read(value.get(k, 0), at / k) for k in RESOURCE_KEYS})


def _effects(value: Any, at: _At, timing: str, tile: bool = False) -> tuple[dict[str, Any], ...]:
    """A non-empty effect list for an ability or tile of ``timing``; ``tile`` allows
    ``repeat_host`` at this level (F-86)."""
    items = _list(value, at)
    if not items:
        at.fail("needs at least one effect")
    return tuple(_effect(e, at / i, timing, tile) for i, e in enumerate(items))


def _effect(value: Any, at: _At, timing: str, tile: bool) -> dict[str, Any]:
    form = _one_form(value, at, _EFFECT_FORMS, "an effect")
    if timing == "game_end" and form not in ("gain", "repeat_host"):
        (at / form).fail("a game-end ability may only gain vp (F-86)")
    if form == "gain":
        _table(value, at, ("gain", "amount"))
        gain = _choice(value["gain"], at / "gain", GAINS)
        if timing == "game_end" and gain != "vp":
            (at / "gain").fail(f"a game-end ability may only gain vp, not {gain} (F-86)")
        return {"gain": gain, "amount": _amount(value["amount"], at / "amount")}
    _table(value, at, (form,))
    if form == "refill_towers":
        scope = value[form]
        if not isinstance(scope, Mapping) and scope != "all":
            (at / form).fail(f'expected {{"within": d}} or "all", got {_kind(scope)}')
        return {form: "all" if scope == "all" else _where(scope, at / form)}
    if form == "gain_equipment":
        return {form: _int(value[form], at / form, 1)}
    if form == "choose":
        options = _list(value[form], at / form)
        if len(options) < 2:
            (at / form).fail("a choice needs at least two options")
        return {form: tuple(_options(o, at / form / i, timing) for i, o in enumerate(options))}
    if not tile:
        (at / form).fail("repeat_host is only for equipment tiles, as a top-level effect (F-86)")
    if value[form] is not True:
        (at / form).fail("repeat_host must be true")
    return {form: True}


def _options(value: Any, at: _At, timing: str) -> tuple[dict[str, Any], ...]:
    return tuple(_effect(e, at / i, timing, False) for i, e in enumerate(_list(value, at)))


def _modifier(value: Any, at: _At, on: str, keyword: str | None) -> dict[str, Any]:
    """A Modifier (F-88), refused on a tile whose host kind can never satisfy it."""
    form = _one_form(value, at, _MODIFIERS, "a modifier")
    _table(value, at, (form,))
    if form in ("water_range", "tower_capacity", "silo_capacity"):
        host = "silo" if form == "silo_capacity" else "water_tower"
        if on not in (host, "location") or keyword is not None:
            (at / form).fail(f"needs a {host} host; this tile goes on {_host(on, keyword)}")
    harvest_host = on in _HARVEST_HOSTS and keyword not in ("immediate", "game_end")
    if form in ("harvest_cost", "harvest_bonus") and not harvest_host:
        (at / form).fail(f"needs a host with a harvest ability, not {_host(on, keyword)}")
    if form == "harvest_cost":
        _table(value[form], at / form, optional=RESOURCE_KEYS)
        cut = {k: _int(value[form].get(k, 0), at / form / k, None) for k in RESOURCE_KEYS}
        for key, n in cut.items():
            if n > 0:
                (at / form / key).fail(f"a harvest_cost modifier only reduces: write -{n}")
        return {form: cut}
    if form == "harvest_bonus":
        return {form: _effects(value[form], at / form, "harvest")}
    return {form: _int(value[form], at / form)}


def _host(on: str, keyword: str | None) -> str:
    return on if keyword is None else f"{on} + {keyword}"


# ---------------------------------------------------------------- designs


_LOCATION_KEYS = ("subtype", "tags", "ability", "text")
_TILE_KEYS = ("text", "cost", "effects", "modifiers")


def _entry_id(value: Any, at: _At) -> str:
    """The id of a list entry, read first: ids are needed before anything else is checked."""
    if not isinstance(value, Mapping):
        at.fail(f"expected a table/object, got {_kind(value)}")
    if "id" not in value:
        at.fail("missing required key 'id'")
    return _word(value["id"], at / "id")


def _unique_ids(at: _At, location_ids: list[str], tile_ids: list[str]) -> None:
    """F-80: ids are unique across locations and equipment (one namespace for actions)."""
    seen: set[str] = set()
    for section, ids in (("locations", location_ids), ("equipment", tile_ids)):
        for index, design_id in enumerate(ids):
            if design_id in seen:
                (at.entry(section, index, design_id) / "id").fail(f"duplicate id {design_id!r}")
            seen.add(design_id)


def _copies(value: Any, at: _At) -> int:
    """A design's ``copies``: at least 1, at most ``MAX_COPIES`` (a table builds them all)."""
    copies = _int(value, at, 1)
    if copies > MAX_COPIES:
        at.fail(f"{copies} copies is more than the limit of {MAX_COPIES}")
    return copies


def _check_total(
    at: _At, locations: tuple[LocationDesign, ...], equipment: tuple[EquipmentDesign, ...]
) -> None:
    """At most ``MAX_CARDS`` cards and tiles in all; the design passing it is named."""
    total = 0
    sections: tuple[tuple[str, tuple[LocationDesign | EquipmentDesign, ...]], ...] = (
        ("locations", locations),
        ("equipment", equipment),
    )
    for section, designs in sections:
        for index, design in enumerate(designs):
            total += design.copies
            if total > MAX_CARDS:
                where = at.entry(section, index, design.id) / "copies"
                where.fail(f"the set has more than the limit of {MAX_CARDS} cards and tiles")


def _location_head(value: Mapping[str, Any], at: _At) -> LocationDesign:
    """F-81: everything but the ability, which is read once every id, subtype and tag is known."""
    _table(value, at, ("id", "name", "type", "copies", "cost", "vp"), _LOCATION_KEYS)
    subtype = value.get("subtype")
    tags = _list(value.get("tags", []), at / "tags")
    design = LocationDesign(
        id=_word(value["id"], at / "id"),
        name=_str(value["name"], at / "name"),
        type=_choice(value["type"], at / "type", LOCATION_TYPES),
        subtype=None if subtype is None else _word(subtype, at / "subtype"),
        tags=tuple(_word(t, at / "tags" / i) for i, t in enumerate(tags)),
        copies=_copies(value["copies"], at / "copies"),
        cost=_cost(value["cost"], at / "cost", plain=True),
        vp=_int(value["vp"], at / "vp"),
        ability=None,
        text=_str(value.get("text", ""), at / "text"),
    )
    for key, word in [("subtype", design.subtype), *(("tags", t) for t in design.tags)]:
        if word in TILE_TIMINGS or word in ABILITY_TIMINGS:
            (at / key).fail(f"{word!r} is a timing; as a keyword it would be ambiguous (F-65)")
    return design


def _with_ability(value: Mapping[str, Any], head: LocationDesign, at: _At) -> LocationDesign:
    raw = value.get("ability")
    return head if raw is None else replace(head, ability=_ability(raw, at / "ability"))


def _ability(value: Any, at: _At) -> Ability:
    """F-82: one timing, a cost (required for harvest), effects in order."""
    _table(value, at, ("timing", "effects"), ("cost",))
    timing = _choice(value["timing"], at / "timing", ABILITY_TIMINGS)
    raw_cost = value.get("cost")
    if raw_cost is None and timing == "harvest":
        at.fail('a harvest ability needs a "cost" (an empty one for a free harvest) (F-82)')
    cost = None if raw_cost is None else _cost(raw_cost, at / "cost")
    return Ability(timing, cost, _effects(value["effects"], at / "effects", timing))


def _equipment(value: Mapping[str, Any], at: _At) -> EquipmentDesign:
    """F-87: a tile; which of cost, effects and modifiers it has depends on its timing."""
    _table(value, at, ("id", "name", "copies", "placement", "timing"), _TILE_KEYS)
    timing = _choice(value["timing"], at / "timing", TILE_TIMINGS)
    refused: tuple[str, ...]
    on, keyword = _placement(value["placement"], at / "placement")
    needed, refused = "modifiers", ("cost", "effects")
    if timing != "ongoing":
        needed, refused = "effects", ("modifiers",)
    for key in refused:
        if key in value:
            (at / key).fail(f"a {timing} tile has no {key} (F-87)")
    if needed not in value:
        at.fail(f"a {timing} tile needs {needed!r} (F-87)")
    cost: Cost | None = None
    effects: tuple[dict[str, Any], ...] = ()
    modifiers: tuple[dict[str, Any], ...] = ()
    if timing == "ongoing":
        raw = _list(value["modifiers"], at / "modifiers")
        if not raw:
            (at / "modifiers").fail("needs at least one modifier")
        modifiers = tuple(
            _modifier(m, at / "modifiers" / i, on, keyword) for i, m in enumerate(raw)
        )
    else:
        effects = _effects(value["effects"], at / "effects", timing, tile=True)
        _check_repeat(effects, timing, keyword, at)
        raw_cost = value.get("cost")
        if raw_cost is not None:
            cost = _cost(raw_cost, at / "cost")
        elif timing == "harvest":  # a harvest item always has a cost, maybe zero (F-87)
            cost = Cost()
    return EquipmentDesign(
        value["id"], _str(value["name"], at / "name"), _str(value.get("text", ""), at / "text"),
        _copies(value["copies"], at / "copies"), on, keyword, timing, cost, effects, modifiers,
    )  # fmt: skip


def _placement(value: Any, at: _At) -> tuple[str, str | None]:
    """F-65: the host kind and optional keyword; a keyword no host could carry is refused."""
    _table(value, at, ("on",), ("keyword",))
    on = _choice(value["on"], at / "on", HOST_KINDS)
    if value.get("keyword") is None:
        return on, None
    keyword = _str(value["keyword"], at / "keyword")
    words = at.words
    if keyword not in ABILITY_TIMINGS and keyword not in words.subtypes | words.tags:
        (at / "keyword").fail(
            f"unknown keyword {keyword!r}: not an ability timing, nor a subtype or tag of any "
            "location design (F-65)"
        )
    if on in ("water_tower", "silo"):
        (at / "keyword").fail(f"a {on} has no ability, subtype or tags to match {keyword!r}")
    return on, keyword


def _check_repeat(
    effects: tuple[dict[str, Any], ...], timing: str, keyword: str | None, at: _At
) -> None:
    """F-88: ``repeat_host`` repeats an ability of the tile's own timing, so the keyword must
    say that timing; a placement tile has no host ability of its timing."""
    for i, effect in enumerate(effects):
        if "repeat_host" not in effect:
            continue
        if timing == "placement":
            (at / "effects" / i / "repeat_host").fail(
                "repeat_host is for harvest and game-end tiles"
            )
        if keyword != timing:
            (at / "placement" / "keyword").fail(
                f"a tile using repeat_host must carry its own timing {timing!r} as keyword, "
                f"got {keyword!r} (F-88)"
            )
