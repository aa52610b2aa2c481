"""Bot specs as strings (``random``, ``greedy``, ``ismcts:iterations=1000,c=0.7``,
``ismcts:seconds=0.5``), parsed with clear errors, and the registry of bot kinds.

Each kind declares its parameters with a type, a default and, for numbers, an inclusive range;
a spec naming an unknown kind or parameter, or a value of the wrong type or out of range, is
refused with a one-line message naming what is known or the bound. Specs come from strangers
(``seedbed serve`` seats bots by spec), so numbers are plain ASCII (``-?[0-9]+`` for ints, a
finite decimal for floats: no ``nan``, ``inf``, ``1e999``, ``1_000`` or non-ASCII digits that
``int()``/``float()`` would read) and lengths are checked before any conversion. Lists of
specs (``greedy,ismcts:iterations=500,c=0.7,random``) split on commas; a ``key=value`` item
belongs to the spec before it.

>>> str(parse_spec("ismcts:c=0.7,iterations=1000"))
'ismcts:iterations=1000,c=0.7'
>>> [str(s) for s in parse_spec_list("greedy,ismcts:iterations=500,c=0.7,random")]
['greedy', 'ismcts:iterations=500,c=0.7', 'random']
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from seedbed.bots.api import Bot

Value = int | float | str | bool


class BotSpecError(ValueError):
    """A bot spec that names no known bot, or a parameter it does not take."""


MAX_SPEC_CHARS = 256
"""A spec longer than this is refused unread (the longest useful ismcts spec is ~130)."""
MAX_VALUE_CHARS = 32
"""A parameter value longer than this is refused before it is converted."""
_INT = re.compile(r"-?[0-9]+")
_FLOAT = re.compile(r"-?(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?")


@dataclass(frozen=True)
class Param:
    """One parameter of a bot kind: its type, default (None = no default: unset unless given),
    help text and, for ``int`` and ``float``, the inclusive range a spec may ask for."""

    kind: type
    default: Value | None
    help: str
    minimum: float | None = None
    maximum: float | None = None

    def __post_init__(self) -> None:
        # Every number a stranger can set must be bounded: a kind cannot forget it.
        if self.kind in (int, float) and (self.minimum is None or self.maximum is None):
            raise ValueError(f"numeric parameter {self.help!r} needs a minimum and a maximum")

    def read(self, text: str, where: str) -> Value:
        if len(text) > MAX_VALUE_CHARS:
            raise BotSpecError(f"{where} is longer than {MAX_VALUE_CHARS} characters")
        if self.kind is int or self.kind is float:
            return self._read_number(text, where)
        if self.kind is bool:
            return _read_bool(text, where)
        try:
            value: Value = self.kind(text)
        except ValueError:
            raise BotSpecError(f"{where} must be {self.kind.__name__}, got {text!r}") from None
        return value

    def _read_number(self, text: str, where: str) -> int | float:
        pattern = _INT if self.kind is int else _FLOAT
        value: int | float = self.kind(text) if pattern.fullmatch(text) else math.nan
        if not math.isfinite(value):
            raise BotSpecError(f"{where} must be {self._range()}, got {text!r}")
        if self.minimum is not None and value < self.minimum:
            raise BotSpecError(f"{where} must be at least {_bound(self.minimum)}, got {text}")
        if self.maximum is not None and value > self.maximum:
            raise BotSpecError(f"{where} must be at most {_bound(self.maximum)}, got {text}")
        return value

    def _range(self) -> str:
        what = "int" if self.kind is int else "finite float"
        return f"{what} from {_bound(self.minimum)} to {_bound(self.maximum)}"


def _read_bool(text: str, where: str) -> bool:
    if text.lower() not in ("true", "false", "1", "0", "yes", "no"):
        raise BotSpecError(f"{where} must be bool, got {text!r}")
    return text.lower() in ("true", "1", "yes")


def _bound(value: float | None) -> str:
    """1000000, not 1e+06: bounds are read by people choosing a value."""
    if value is None:
        return "any"
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


@dataclass(frozen=True)
class BotKind:
    """A registered kind of bot: its parameters and how to build one for a game."""

    name: str
    help: str
    make: Callable[[str, Mapping[str, Any]], Bot]
    """(game name, parameters with defaults filled) -> a bot."""
    params: Mapping[str, Param] = field(default_factory=dict)
    check: Callable[[Mapping[str, Any]], str | None] | None = None
    """Cross-parameter check (e.g. iterations or seconds, not both): the reason, or None."""


@dataclass(frozen=True)
class BotSpec:
    """A parsed spec: a kind and the parameters given (defaults not filled)."""

    name: str
    params: tuple[tuple[str, Value], ...] = ()

    def __str__(self) -> str:
        if not self.params:
            return self.name
        return self.name + ":" + ",".join(f"{k}={_text(v)}" for k, v in self.params)

    def settings(self) -> dict[str, Any]:
        """Every parameter of the kind, defaults filled in."""
        kind = bot_kind(self.name)
        out: dict[str, Any] = {k: p.default for k, p in kind.params.items()}
        out.update(self.params)
        return out


def _text(value: Value) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    return f"{value:g}" if isinstance(value, float) else str(value)


_KINDS: dict[str, BotKind] = {}
BUILTIN_MODULES = (
    "seedbed.bots.random_bot",
    "seedbed.bots.greedy",
    "seedbed.bots.ismcts",
    "seedbed.bots.rollout",
)
"""The modules of the built-in kinds of bot (each has a ``KIND``)."""


def register_bot(kind: BotKind) -> None:
    """Add (or replace) a kind of bot."""
    _KINDS[kind.name] = kind


_BUILTIN_LOADED: list[bool] = []


def _load_builtins() -> None:
    """Register the built-in kinds on first use (a kind registered earlier by a user keeps
    its place; a built-in of the same name does not replace it)."""
    if not _BUILTIN_LOADED:
        _BUILTIN_LOADED.append(True)
        for module in BUILTIN_MODULES:
            kind = import_module(module).KIND
            _KINDS.setdefault(kind.name, kind)


def bot_kind(name: str) -> BotKind:
    _load_builtins()
    kind = _KINDS.get(name)
    if kind is None:
        raise BotSpecError(f"unknown bot {name!r}; bots: {', '.join(sorted(_KINDS))}")
    return kind


def bot_kinds() -> list[BotKind]:
    """Every registered kind, by name."""
    _load_builtins()
    return [_KINDS[name] for name in sorted(_KINDS)]


def parse_spec(text: str) -> BotSpec:
    """``name`` or ``name:key=value,key=value``; parameters in the kind's declared order."""
    if len(text) > MAX_SPEC_CHARS:
        raise BotSpecError(f"bot spec is longer than {MAX_SPEC_CHARS} characters")
    name, _, rest = text.strip().partition(":")
    kind = bot_kind(name.strip())
    given: dict[str, Value] = {}
    for item in filter(None, (part.strip() for part in rest.split(","))):
        key, sep, raw = item.partition("=")
        key = key.strip()
        if not sep or not key:
            raise BotSpecError(f"bot {kind.name}: parameter {item!r} is not of the form key=value")
        param = kind.params.get(key)
        if param is None:
            known = ", ".join(kind.params) or "none"
            raise BotSpecError(f"bot {kind.name} has no parameter {key!r}; parameters: {known}")
        if key in given:
            raise BotSpecError(f"bot {kind.name}: parameter {key!r} given twice")
        given[key] = param.read(raw.strip(), f"bot {kind.name}: {key}")
    spec = BotSpec(kind.name, tuple((k, given[k]) for k in kind.params if k in given))
    if kind.check is not None:
        problem = kind.check(spec.settings())
        if problem:
            raise BotSpecError(f"bot {kind.name}: {problem}")
    return spec


def parse_spec_list(text: str) -> list[BotSpec]:
    """Comma-separated specs; a ``key=value`` item continues the spec before it."""
    groups: list[list[str]] = []
    for item in (part.strip() for part in text.split(",")):
        if not item:
            raise BotSpecError(f"empty bot spec in {text!r}")
        if "=" in item and ":" not in item.split("=", 1)[0]:
            if not groups:
                raise BotSpecError(f"{text!r} starts with a parameter, not a bot name")
            groups[-1].append(item)
        else:
            groups.append([item])
    return [parse_spec(",".join(g)) for g in groups]


def make_bot(spec: str | BotSpec, game_name: str) -> Bot:
    """A bot of ``spec`` for ``game_name``."""
    parsed = parse_spec(spec) if isinstance(spec, str) else spec
    return bot_kind(parsed.name).make(game_name, parsed.settings())
