"""One declaration per game (issue 13, item 3): everything the generic layers know of a game.

A game is its rules (a :class:`~seedbed.engine.api.Game`) plus a :class:`GameSpec` saying what
the tools around the rules need: its title, its options (each with its kind, default, bounds,
rule clause and help), the event kinds that mark turns and trades, the action kinds that are
*bulky* (thousands on one menu: listed lazily, capped in views, left out by ``--lean`` and by a
search bot told so), the modules of its bot heuristics, its display, its action and observation
encodings, how its observations are laid out as text, the data its options may read from files,
and the static data a browser needs. The engine, bots, arena, server, CLI and study tools read the
declaration and name no game (tests/engine/test_architecture.py).

A game package exposes ``SPEC`` in its ``spec.py``; ``seedbed.register("package.spec")`` adds
one from outside seedbed.

>>> opts = (OptionSpec("size", "int", 3, "X-1", "the size", least=1, most=9),
...         OptionSpec("mode", "choice", "a", "X-2", "the mode",
...                    choices=(Choice("a", "A"), Choice("b", "B"))))
>>> normalize(opts, {"size": 4}, "X-0")
{'size': 4, 'mode': 'a'}
>>> normalize(opts, {"mode": "c"}, "X-0")
Traceback (most recent call last):
...
ValueError: option mode must be one of a, b, got 'c' [X-2]
>>> normalize(opts, {"colour": 1}, "X-0")
Traceback (most recent call last):
...
ValueError: unknown option 'colour'; options: size, mode [X-0]
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

from seedbed.engine.api import Action, Game, JsonDict, Outcome
from seedbed.engine.options import bounded_int, echo

OptionKind = Literal["choice", "int", "bool", "data", "table"]
"""``choice``: one of ``choices``; ``int``: an integer from ``least`` to ``most`` (None too if
``nullable``); ``bool``; ``data`` and ``table``: a structured value (a card set, a per-count
table) that the option's ``check`` or the game itself validates."""


@dataclass(frozen=True)
class Choice:
    """One value of a ``choice`` option (or a preset of an ``int`` option) with its label."""

    value: Any
    label: str


@dataclass(frozen=True)
class OptionSpec:
    """One game option. ``name`` may be dotted (``group.key``): the option then lives in the
    nested object ``group`` of the options, and either form is accepted on input.

    ``label`` is what the lobby shows (an empty label keeps the option out of the lobby);
    for an ``int`` option, ``choices`` are the presets the lobby offers."""

    name: str
    kind: OptionKind
    default: Any
    clause: str
    help: str
    label: str = ""
    choices: tuple[Choice, ...] = ()
    least: int | None = None
    most: int | None = None
    nullable: bool = False
    check: Callable[[Any], Any] | None = None
    """For ``table`` and ``data`` options: the value normalised, or ValueError."""

    def normalize(self, value: Any) -> Any:
        """``value`` checked against this option (the default is checked too)."""
        if self.check is not None:
            return self.check(value)
        if self.kind == "choice":
            allowed = [c.value for c in self.choices]
            if (
                isinstance(value, bool)
                or value not in allowed
                or type(value) is not type(self.default)
            ):
                names = ", ".join(str(v) for v in allowed)
                raise ValueError(
                    f"option {self.name} must be one of {names}, got {echo(value)} [{self.clause}]"
                )
            return value
        if self.kind == "int":
            if value is None and self.nullable:
                return None
            assert self.least is not None and self.most is not None
            return bounded_int(self.name, value, self.least, self.most, self.clause)
        if self.kind == "bool":
            if not isinstance(value, bool):
                raise ValueError(
                    f"option {self.name} must be true or false, got {echo(value)} [{self.clause}]"
                )
            return value
        return value

    def to_json(self) -> JsonDict:
        """The option for a client (``GET /api/games``): everything but the check."""
        return {
            "name": self.name,
            "kind": self.kind,
            "default": self.default,
            "clause": self.clause,
            "help": self.help,
            "label": self.label,
            "choices": [{"value": c.value, "label": c.label} for c in self.choices],
            "least": self.least,
            "most": self.most,
            "nullable": self.nullable,
        }


def normalize(
    options: Sequence[OptionSpec], given: Mapping[str, Any] | None, clause: str
) -> JsonDict:
    """Every option of ``options`` with defaults filled in, nested by dotted names;
    ValueError naming an unknown option (citing ``clause``, the game's options clause) or the
    first bad value (citing the option's clause)."""
    flat = _flatten(options, given or {}, clause)
    out: JsonDict = {}
    for opt in options:
        value = opt.normalize(flat.get(opt.name, opt.default))
        if "." in opt.name:
            group, key = opt.name.split(".", 1)
            out.setdefault(group, {})[key] = value
        else:
            out[opt.name] = value
    return out


def _flatten(options: Sequence[OptionSpec], given: Mapping[str, Any], clause: str) -> JsonDict:
    """``given`` with nested groups as dotted keys; ValueError for a name no option has."""
    names = [o.name for o in options]
    groups = {n.split(".", 1)[0] for n in names if "." in n}
    flat: JsonDict = {}
    for key, value in given.items():
        if key in groups:
            if not isinstance(value, Mapping):
                raise ValueError(f"option {key} must be an object, got {echo(value)} [{clause}]")
            for sub, inner in value.items():
                flat[f"{key}.{sub}"] = inner
        else:
            flat[key] = value
    for key in flat:
        if key not in names:
            raise ValueError(f"unknown option {echo(key)}; options: {', '.join(names)} [{clause}]")
    return flat


@dataclass(frozen=True)
class TextLayout:
    """How the text renderer lays out an observation: ``leaf`` shows a small object as one
    token (a card as ``chili#57``; None: no such objects), and each list under ``row_keys``
    gets a line per item."""

    leaf: Callable[[Mapping[str, Any]], str | None] | None = None
    row_keys: tuple[str, ...] = ("players",)


@dataclass(frozen=True)
class DataFile:
    """An option whose value is a data object that may come from a file (``-o KEY=PATH`` on
    the command line, an upload in the lobby). ``parse_text(text, source, fmt)`` validates the
    text of a file (``fmt`` is ``toml`` or ``json``) and returns the option's value; errors
    are ValueErrors naming ``source`` and the line. ``shipped`` maps the option's named values
    to files inside the game's package (``{"original": "data/original.toml"}``). A value read
    from a file is an object with a ``name``."""

    option: str
    key: str
    noun: str
    """What one such file holds, in messages and summaries ("card set")."""
    parse_text: Callable[[str, str, str], JsonDict]
    shipped: Mapping[str, str] = field(default_factory=dict)
    max_bytes: int = 1024 * 1024


TABLE_OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "hints",
        "bool",
        False,
        "table",
        "a seat may ask what the greedy bot would play, from that seat's view only (issue 17)",
        label='Allow hints ("What would the bot do?")',
    ),
)
"""Options of every table, whatever its game (issue 17), stored with the game's manners in
``table_options`` and never shown to bots (:func:`manners_of`)."""


def manners_of(table_options: Mapping[str, Any]) -> JsonDict:
    """The bots' manners of a table's options: every option but :data:`TABLE_OPTIONS`.

    >>> manners_of({"offer_hold": 10, "hints": True})
    {'offer_hold': 10}
    """
    generic = {o.name for o in TABLE_OPTIONS}
    return {k: v for k, v in table_options.items() if k not in generic}


Ending = Callable[[JsonDict], tuple[str, int]]
"""How a finished game ended and after how many rounds, from the spectator's final view."""


LabMeasure = float | tuple[float, float]
"""One of a game's lab measures: a number, or a rate's (part, whole) of one game."""
LabExtras = Callable[[JsonDict, Outcome], Mapping[str, LabMeasure]]
"""A game's own measures of a finished game, for the design lab (issue 35)."""


Autoplay = Callable[[JsonDict, Sequence[Action]], Action | None]
"""A move a server may play for a person, from their observation and legal menu, or None."""


@dataclass(frozen=True)
class GameSpec:
    """The declaration of one game; see the module docstring. Module paths (``heuristics``,
    ``display``, ``encoding``) are imported only when a tool needs them."""

    name: str
    title: str
    make_game: Callable[[Callable[[str], str]], Game]
    """The game, given a reader of the game package's shipped files (by relative path)."""
    options: tuple[OptionSpec, ...]
    options_clause: str
    turn_event: str = "turn"
    turn_name: str = "turns"
    silent_first_turn: bool = True
    trade_event: str | None = None
    bulky_kinds: frozenset[str] = frozenset()
    lean_options: Mapping[str, Any] | None = None
    """Options that take the bulky kinds out of play (``--lean``, the bench's first row)."""
    option_aliases: Mapping[str, str] = field(default_factory=dict)
    ending: Ending | None = None
    lab_extras: LabExtras | None = None
    """The game's own measures for the design lab (issue 35), from the spectator's final
    view and the outcome: by name, a number (harvests per flower type, …; averaged per cell)
    or a pair (part, whole) for a rate over the games (a card's win rate: the wins of the
    seats that built it, of those seats; pooled per cell as Σ part / Σ whole)."""
    heuristics: str | None = None
    display: str | None = None
    encoding: str | None = None
    compact_encoding: str | None = None
    """The module of a smaller action space where an action is composed in steps (issue 34
    item 3), or None: it defines ``compact_encoding(options)``, whose ``moment(state, player)``
    answers a draft's legal integers and takes one (``seedbed.games.bohnanza.compact``; Fields of
    Green's factors its full encoding, ``seedbed.engine.factored``)."""
    text_guide: str | None = None
    """The module of the game's guide for text agents (issue 39 item 3): ``GUIDE`` (a rules
    summary, the coordinate key, the grammar's abbreviations), ``EXAMPLE`` (a move of the game)
    and ``tidier(options, num_players)``, which rewrites a text view so that it names cards
    and spaces as moves take them (:mod:`seedbed.adapters.text_table`)."""
    layout: TextLayout = TextLayout()
    data_files: tuple[DataFile, ...] = ()
    client_data: Callable[[Game, Mapping[str, Any]], JsonDict] | None = None
    """Static data a browser needs for a table with these (normalised) options: names and
    texts the views give by id only; None when the views are self-describing."""
    observation: str | None = None
    """The module of the game's fixed-size observation encoding (issue 18): it defines
    ``observation_encoder(options, num_players)``, an
    :class:`~seedbed.engine.observation.ObservationEncoder` for normalised options."""
    manners: tuple[OptionSpec, ...] = ()
    """Table options for the bots' manners (issue 16): set per table (``table_options`` of
    ``POST /api/tables``), stored beside the game's options and never passed to the rules;
    bots read them as ``view["manners"]`` (:func:`seedbed.bots.api.with_manners`)."""
    unattended: Mapping[str, Any] = field(default_factory=dict)
    """The values some :attr:`manners` take at a table without a person, whatever was asked
    (no hold of a bot's offer where nobody needs time to read it)."""
    native: str | None = None
    """The module of the game's native implementation (issue 14), or None. It imports
    without the extension module and defines ``GAME`` (a :class:`Game` with the same name,
    options and actions whose states behave identically, or None when the extension is not
    built) and ``UNAVAILABLE`` (why not, or None). ``seedbed.game(name, engine=...)``
    chooses between it and ``make_game``."""
    native_greedy: bool = False
    """Whether the native core plays the game's greedy policy (``heuristics.choose``) itself,
    so that a native search may roll out with it or take it as a prior (issue 33 item 2)."""
    native_encoder: str | None = None
    """The module that describes the game's encodings to the core's encoder (issue 34 item 1),
    or None: it defines ``native_encoder_spec(observation, actions)``, the tables the core
    needs besides the field layout, read off the Python reference encoders."""
    reveals: Callable[[JsonDict, JsonDict], bool] | None = None
    """Whether a move revealed anything hidden (a draw, a card turned face up, another phase),
    judged from the public observations (``observe(None)``) before and after it, so that both
    engines agree (issue 38 item 11): a person may undo their own moves of the current turn
    back to the last move that did. None: the game has no undo."""

    formality: Autoplay | None = None
    """A move a server plays for a person at once (issue 31 item 4): one whose only
    alternatives are free actions that stay open later (Bohnanza's draw, B-52), from the
    person's observation and menu; None when there is none now."""
    idle_pass: Autoplay | None = None
    """The pass a server plays for a person who asked to *pass automatically when nothing is
    addressed to me*, when nothing waits for their answer (Bohnanza's other players' trading,
    B-43); None when not now. A game without it offers no such setting."""

    def option(self, name: str) -> OptionSpec | None:
        return next((o for o in self.options if o.name == name), None)

    def table_options(self, given: Mapping[str, Any] | None, people: bool) -> JsonDict:
        """The table's options with defaults filled in: the bots' manners (:attr:`manners`)
        and the options every table has (:data:`TABLE_OPTIONS`: ``hints``); ValueError
        naming an unknown or bad one. ``people``: the table has a human seat; without one the
        :attr:`unattended` values replace those asked.

        """
        out = normalize((*self.manners, *TABLE_OPTIONS), given, "table options")
        return out if people else {**out, **self.unattended}

    def data_file(self, key: str) -> DataFile | None:
        """The data option read from a file given as ``key=PATH``."""
        return next((d for d in self.data_files if d.key == key), None)
