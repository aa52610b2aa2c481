"""The wire protocol (docs/protocol.md): pydantic models of every REST body and WebSocket
message, the error codes, and the JSON Schemas generated from the models.

Client → server over the WebSocket: :class:`ActMessage` (and :class:`UndoMessage`). Server →
client: :class:`ViewMessage` after every change and on (re)connect, :class:`ErrorMessage` (to
the sender only) when an ``act`` is refused — a refused message changes nothing.

>>> ActMessage.model_validate({"type": "act", "version": 3, "action": {"type": "pass"}}).version
3
>>> sorted(json_schemas())[:3]
['act', 'catalog', 'chat']
"""

from __future__ import annotations

import json
import unicodedata
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, Literal

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field

MENU_CAP = 300
"""A menu longer than this is sent without its bulky actions (the kinds a game declares bulky,
``GameSpec.bulky_kinds``: Bohnanza's offers); see ``elided``."""

MAX_SEED = 2**53 - 1
"""Seeds are whole numbers that JavaScript numbers hold exactly."""
MAX_PLAYERS = 16
"""More seats than any game takes: a longer ``seats`` list is refused before anything else."""
MAX_DATA_FILE_BYTES = 1024 * 1024
"""``POST /api/games/{game}/files/{key}`` takes data files up to 1 MiB of UTF-8 text (a game's
data file may declare a lower limit, ``DataFile.max_bytes``)."""


class ErrorCode(StrEnum):
    """Why a client message was refused."""

    MALFORMED = "malformed"
    """Not JSON, not a known message, or an action JSON the game cannot parse."""
    TOO_LARGE = "too_large"
    """Longer than the server's message size limit (64 KiB)."""
    RATE_LIMITED = "rate_limited"
    """More messages than the connection's rate limit (30/s, bursts of 60)."""
    STALE_VERSION = "stale_version"
    """The act names a version other than the current one (someone acted first)."""
    ILLEGAL_ACTION = "illegal_action"
    """A well-formed action the rules forbid now; the message names the clause."""
    NOT_ON_MOVE = "not_on_move"
    """The seat is not among the seats on the move."""
    SPECTATOR = "spectator"
    """A spectator connection (no seat token) cannot act."""
    FINISHED = "finished"
    """The game is over."""
    INTERNAL = "internal"
    """The server could not store the action; nothing changed, the client may retry."""
    CHAT_OFF = "chat_off"
    """A chat message at a table whose creator switched chat off."""
    NO_UNDO = "no_undo"
    """An ``undo`` with nothing to take back: the message says why (the seat's last move drew
    or revealed something, another seat moved since, the turn passed, or it was a bot's)."""


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", use_attribute_docstrings=True, strict=True)


BLANK_LOOKALIKES = frozenset(
    "\u115f\u1160\u17b4\u17b5\u180e\u2800\u3164\uffa0"  # fillers and blanks that are letters
    "\u200b\u200c\u200d\u200e\u200f\u2060\u2061\u2062\u2063\u2064\ufeff"  # zero-width
)
"""Characters that show as nothing, or as a space, while Unicode does not call them spaces
(Hangul fillers, the braille blank, zero-width marks…): blank to a reader."""
LINE_BREAKS = frozenset("\n\r\x0b\x0c\x1c\x1d\x1e\x85\u2028\u2029")
"""What ``str.splitlines`` breaks at: a "line" holding one is more than one line."""


def printable(text: str) -> str:
    r"""``text`` if it has no control, format, private-use or unassigned character (NUL, escape,
    bidi overrides…), no line or paragraph separator, and is not blank (spaces and blank
    look-alikes only); else ValueError.

    >>> printable("Ann B.")
    'Ann B.'
    >>> printable("Ann\x00")
    Traceback (most recent call last):
    ...
    ValueError: must not contain control or invisible characters (U+0000)
    >>> printable("\u3164\u2800")
    Traceback (most recent call last):
    ...
    ValueError: must not be blank
    """
    for char in text:
        if unicodedata.category(char).startswith("C") or char in LINE_BREAKS:
            raise ValueError(
                f"must not contain control or invisible characters (U+{ord(char):04X})"
            )
    if all(char.isspace() or char in BLANK_LOOKALIKES for char in text):
        raise ValueError("must not be blank")
    return text


def visible_name(text: str) -> str:
    """A printable ``text`` without any blank look-alike: "Ann" and "Ann" followed by a
    Hangul filler would look the same at a table (ValueError naming the character)."""
    for char in printable(text):
        if char in BLANK_LOOKALIKES:
            raise ValueError(f"must not contain invisible characters (U+{ord(char):04X})")
    return text


Name = Annotated[str, Field(min_length=1, max_length=40), AfterValidator(visible_name)]


def encodable(value: object) -> object:
    r"""``value``, unless it is text holding a lone surrogate (JSON may write ``"\udc00"``;
    UTF-8 cannot hold it): ValueError with a clear message, before pydantic's own check,
    whose message says nothing of the cause (issue 37 item 12).

    >>> encodable("mine.toml")
    'mine.toml'
    >>> encodable("\udc00")
    Traceback (most recent call last):
    ...
    ValueError: must be valid Unicode text, not a lone surrogate (U+DC00)
    """
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError as exc:
            code = ord(value[exc.start])
            raise ValueError(
                f"must be valid Unicode text, not a lone surrogate (U+{code:04X})"
            ) from None
    return value


class ErrorBody(_Model):
    """Every REST error (4xx, and 500 should one ever happen): one line saying what is wrong."""

    detail: str


# ------------------------------------------------------------------ REST


class HumanSeatInfo(_Model):
    name: Name


class HumanSeat(_Model):
    """A seat for a person: the response carries its secret token and invite URL."""

    human: HumanSeatInfo


class BotSeat(_Model):
    """A seat played by a bot, named by a bot spec (``random``, ``greedy``, ``ismcts:…``)."""

    bot: Annotated[str, Field(min_length=1, max_length=200), AfterValidator(printable)]


class OpenSeatInfo(_Model):
    """Nothing to say yet: whoever takes the seat gives a name then."""


class OpenSeat(_Model):
    """A seat left open (issue 30 item 2): anyone may take it (``POST
    /api/tables/{id}/seats/{seat}``), or a bot fills it after the table's wait."""

    open: OpenSeatInfo


FILL_WITH_BOT_AFTER = 60.0
"""Seconds an open table waits before bots fill its empty seats, unless its creator says."""


class CreateTableRequest(_Model):
    """``POST /api/tables``."""

    game: Annotated[str, Field(min_length=1, max_length=64)]
    num_players: Annotated[int, Field(ge=1, le=MAX_PLAYERS)]
    options: dict[str, Any] = Field(default_factory=dict)
    table_options: dict[str, Any] = Field(default_factory=dict)
    """Options of the table, not of the game: the bots' manners the game declares
    (``GameSpec.manners``, see docs/options.md). Unknown names and values out of bounds are
    refused."""
    seats: Annotated[
        list[HumanSeat | BotSeat | OpenSeat], Field(min_length=1, max_length=MAX_PLAYERS)
    ]
    seed: Annotated[int | None, Field(ge=0, le=MAX_SEED)] = None
    """A chosen deal (tests, reproductions): refused unless the server runs with
    ``--allow-chosen-seeds``. Absent: the server deals from its own secret randomness. Never
    shown while the game runs; revealed with the record afterwards."""
    turn_seconds: Annotated[float | None, Field(gt=0, le=86400)] = None
    """Turn timer: a human seat on the move this long is played once by a greedy stand-in."""
    pace: Literal["real-time", "turn-based"] = "real-time"
    """Real-time (the turn timer, ``turn_seconds``) or turn-based: each move of a person is
    due by a stored deadline, ``move_deadline_seconds`` after it came to them (issue 31)."""
    move_deadline_seconds: Annotated[int | None, Field(ge=1, le=7 * 24 * 3600)] = None
    """A turn-based table's deadline per move: 3600 (1 hour) to 604800 (7 days), default
    86400; refused at a real-time table. A passed deadline: the greedy stand-in plays that
    move; three in a row hand the seat to the stand-in for the rest of the game."""
    chat: bool = True
    """The table's chat (people at the table write, everyone watching reads); false: none."""
    rated: bool | None = None
    """Whether the table counts for the ladder (issue 30 item 3). Absent: rated whenever the
    rules allow (default options and table options, no chosen seed, every bot a rated
    preset, a person seated); true: refused (422) when they do not; false: unrated."""
    fill_with_bot_after: Annotated[float | None, Field(ge=0, le=86400)] = FILL_WITH_BOT_AFTER
    """At a table with open seats: seconds until bots fill the seats still open (null:
    never). Play starts only once every seat is held."""
    fill_bot: (
        Annotated[str, Field(min_length=1, max_length=200), AfterValidator(printable)] | None
    ) = None
    """The bot spec that fills open seats; null: the lobby's default bot (``greedy``)."""


class SeatToken(_Model):
    seat: int
    token: str
    invite_url: str


class CreateTableResponse(_Model):
    """201 reply to ``POST /api/tables``: tokens for the human seats only."""

    table_id: str
    seats: list[SeatToken]


class SeatSummary(_Model):
    seat: int
    kind: Literal["bot", "human", "open"]
    name: str
    """The human's name, or the bot spec ("" for an open seat)."""
    label: str
    """The seat's name for people: the human's name, or the bot's one name, the lobby's
    ("Greedy bot", "Search bot"; :func:`seedbed.bots.names.bot_name`, issue 38 item 6)."""
    connected: bool
    """A human seat with an open connection; bots are always connected."""


class Waiting(_Model):
    """A table waiting for players (issue 30 item 2): its open seats, since when, and when
    bots fill them."""

    open_seats: list[int]
    since: str
    """When the table opened (ISO 8601, UTC)."""
    fill_at: str | None = None
    """When bots fill the seats still open (ISO 8601, UTC); null: never."""
    fill_in: float | None = None
    """Seconds until then, when this answer was made; null: never."""
    fill_bot: str
    """The bot spec that fills them."""
    default_options: bool
    """The game's default options and table options (what quick match joins)."""


class TableSummary(_Model):
    """``GET /api/tables/{id}`` and each entry of ``GET /api/tables``."""

    table_id: str
    game: str
    num_players: int
    options: dict[str, Any]
    """The game's options but the bulky ones (over 1 KiB of JSON each, such as a custom card
    set), which ``options_elided`` names: every option is at ``options_url``."""
    options_elided: list[str] = Field(default_factory=list)
    """The options left out of ``options`` for their size (issue 37, item 6)."""
    options_sha256: str
    """SHA-256 (hex) of the whole options as compact JSON with sorted keys: tells tables with
    the same options apart without reading them."""
    options_url: str
    """Where the whole options are: ``/api/tables/{id}/options``."""
    table_options: dict[str, Any] = Field(default_factory=dict)
    """The table's options for the bots' manners, every default filled in (``{}`` for a game
    that declares none), with the game's values for a table without a person there."""
    status: Literal["running", "finished", "aborted"]
    """``aborted``: stopped before its end (abandoned, or by the operator)."""
    version: int
    to_move: list[int]
    seats: list[SeatSummary]
    created_at: str
    """ISO 8601, UTC."""
    seed_chosen: bool = False
    """The creator chose the deal (a server started with ``--allow-chosen-seeds``)."""
    seed: int | None = None
    """The deal, revealed once the game is over (null while it runs)."""
    abort_reason: str | None = None
    outcome: dict[str, Any] | None = None
    """Once finished, ``Outcome.to_json()`` (scores, ranks, winners): the lobby's result."""
    chat: bool = True
    """Whether the table has a chat (its creator may have switched it off)."""
    turn_seconds: float | None = None
    """The table's turn timer, if it has one."""
    pace: str = "real-time"
    """"real-time" or "turn-based" (issue 31 item 1)."""
    move_deadline_seconds: int | None = None
    """A turn-based table's deadline per move."""
    deadlines: dict[int, str] = Field(default_factory=dict)
    """Seat -> the ISO time (UTC) its current move is due, for the seats on the move that have
    a deadline (a turn-based table's, or a running turn timer's); {} from storage."""
    rated: bool = False
    """The table counts for the ladder (issue 30 item 3); shown in the lobby before joining."""
    waiting: Waiting | None = None
    """Set while the table waits for players: play starts once every seat is held."""
    rematch_table_id: str | None = None
    """The table of this table's rematch, once someone seated asked for one."""


class TableList(_Model):
    """``GET /api/tables``: one page of tables, newest first."""

    tables: list[TableSummary]
    total: int
    """How many tables match the filters (all pages)."""
    limit: int
    offset: int


class TakeSeatRequest(_Model):
    """``POST /api/tables/{id}/seats/{seat}``: the name to sit under."""

    name: Name


class QuickMatchRequest(_Model):
    """``POST /api/quick-match``: a game and a player count; the oldest open table of both
    with default options is joined, else a new one opened (the asker at seat 0)."""

    game: Annotated[str, Field(min_length=1, max_length=64)]
    num_players: Annotated[int, Field(ge=1, le=MAX_PLAYERS)]
    name: Name
    fill_with_bot_after: Annotated[float | None, Field(ge=0, le=86400)] = FILL_WITH_BOT_AFTER
    """For a new table: seconds until bots fill its seats still open (null: never)."""


class SeatTaken(_Model):
    """A seat someone took (an open seat, quick match, a rematch): its token and invite URL,
    in this answer only."""

    table_id: str
    seat: int
    token: str
    invite_url: str
    opened: bool = False
    """Quick match opened a new table (no open table fitted)."""


class RematchRequest(_Model):
    """``POST /api/tables/{id}/rematch``: a seat's token proves the asker sat there."""

    token: Annotated[str, Field(min_length=1, max_length=100)]


class WaitingList(_Model):
    """``GET /api/open-tables``: the tables waiting for players, oldest first."""

    tables: list[TableSummary]


# ------------------------------------------------------------------ WebSocket


class ActMessage(_Model):
    """Client → server: play ``action`` (the game's action JSON) at ``version``."""

    type: Literal["act"]
    version: Annotated[int, Field(ge=0)]
    action: dict[str, Any]


class UndoMessage(_Model):
    """Client → server: take back this seat's last move of the current turn (issue 38 item
    11), seen at ``version``. Allowed while the view says ``can_undo``: the seat's own moves
    since its last move that drew or revealed something, another seat's move or the turn
    passing; each undo takes back one move."""

    type: Literal["undo"]
    version: Annotated[int, Field(ge=0)]


class SettingsMessage(_Model):
    """Client → server: this seat's person sets *pass automatically when nothing is addressed
    to me* (issue 31 item 4), where the game has it (the view's ``auto_pass``). Stored for the
    seat; every view of the seat shows it."""

    type: Literal["settings"]
    auto_pass: bool


MAX_CHAT_CHARS = 300
"""A chat message is one line of at most this many characters."""

ChatText = Annotated[str, Field(min_length=1, max_length=MAX_CHAT_CHARS), AfterValidator(printable)]


class SayMessage(_Model):
    """Client → server: say ``text`` in the table's chat (seats only; one plain line)."""

    type: Literal["chat"]
    text: ChatText


class ChatLine(_Model):
    """One chat message as the table shows it."""

    id: int
    """Ascending: later messages have larger numbers."""
    seat: int
    name: str
    """The seat's name when it was said."""
    text: str
    """Plain text: clients show it as text, never as markup."""
    at: str
    """ISO 8601, UTC."""


class ChatUpdate(_Model):
    """Server → every connection of the table: new chat messages (on connect: the last 100)."""

    type: Literal["chat"] = "chat"
    enabled: bool
    """Whether the table has a chat; false: no message will come, and saying is refused."""
    lines: list[ChatLine]


class HistoryEntry(_Model):
    """One past move as the viewer may see it."""

    version: int
    """The version this move led to (1 for the first move)."""
    seat: int
    """Who moved."""
    events: list[dict[str, Any]]
    """The move's events, ``Event.for_viewer`` of this connection's seat."""
    note: str | None = None
    """The turn timer's note, when its stand-in played this move (while the server runs)."""
    note_parts: list[NotePart] | None = None
    """The note as codes and parameters, for a client that writes it in its own language."""


class HistoryMessage(_Model):
    """Server → a connection that just opened, right after its first view: the table's past
    moves up to that view as this seat (or a spectator) may see them, in pages of at most 200
    moves, oldest first."""

    type: Literal["history"] = "history"
    entries: list[HistoryEntry]
    last_page: bool
    """The page that ends the history; the view follows."""


class TurnTimer(_Model):
    """The turn timer of the seats on the move (human seats at a table with a timer)."""

    seats: list[int]
    """The seats it runs for; when it runs out, the stand-in plays one move for each."""
    seconds: float
    """The whole turn."""
    remaining: float
    """Seconds left when this message was sent: of the viewer's own timer if it runs for the
    viewer's seat, else of the first to run out (a seat's timer starts when it first joins)."""


class HeldMove(_Model):
    """A bot's move the table keeps back at a table with people (issue 38 item 1): Bohnanza's
    active bot ending its trading phase while a person may still trade."""

    seat: int
    """The bot whose move is kept back."""
    seconds: float
    """The table's hold (its game's table option: Bohnanza's ``offer_hold``)."""
    remaining: float
    """Seconds left when this message was sent; then the move is played unless the table
    changed first (a move starts over: the bot is asked again)."""


NoteCode = Literal["time-ran-out", "move-due", "stood-in", "handed-over", "only-move", "auto-pass"]


class NotePart(_Model):
    """One sentence of a table's note, as a code and its parameters (issue 36 item 4): a
    client writes it in its reader's language (``text`` keeps the English)."""

    code: NoteCode
    """``time-ran-out``: a real-time table's timer ran out; ``move-due``: a turn-based table's
    deadline passed; ``stood-in``: the stand-in plays a handed-over seat; ``handed-over``: the
    seat missed ``strikes`` deadlines; ``only-move`` / ``auto-pass``: the table played the
    person's only move / automatic pass."""
    params: dict[str, str | int] = {}
    """``name`` (the seat's name), and ``strikes`` for ``handed-over``."""


class StandIn(_Model):
    """The turn timer ran out: the stand-in bot played ``action`` for ``seat`` (or, with
    ``auto``, the table played it for the person)."""

    seat: int
    name: str
    action: dict[str, Any]
    text: str
    """For the log: ``Time ran out: a stand-in bot moved for Ann.``; the move itself is the
    view's events, in the game log's words."""
    parts: list[NotePart] = []
    """``text`` as codes and parameters, sentence by sentence (issue 36 item 4)."""
    auto: bool = False
    """The table played this move for the person, without a click (issue 31 item 4): their
    only move (``Played for Ann: no other move.``) or their automatic pass (``Passed for Ann:
    nothing was addressed to them.``); no bot chose it."""


class ViewMessage(_Model):
    """Server → client after every change, and at once on (re)connect."""

    type: Literal["view"] = "view"
    version: int
    """Number of actions applied so far."""
    seat: int | None
    """The connection's seat; null for a spectator."""
    view: dict[str, Any]
    """``observe(seat)``: exactly what this seat may know."""
    display: dict[str, Any] | None = None
    """What the client shows that takes the rules to work out (a payout, a protection, the
    Bust…), made by the game's display function from ``view`` alone; null for a game with none."""
    legal_actions: list[dict[str, Any]]
    """The seat's legal actions if it is on the move (capped, see elided), else []."""
    elided: int = 0
    """How many bulky actions (the game's ``bulky_kinds``) were left out of a menu longer than
    300 (0 otherwise)."""
    events: list[dict[str, Any]]
    """What happened since this connection's previous view, as this seat may see it."""
    to_move: list[int]
    status: Literal["running", "finished"]
    outcome: dict[str, Any] | None = None
    """Once ``status`` is finished, ``Outcome.to_json()``: scores, ranks, winners, tiebreak."""
    stand_in: StandIn | None = None
    """Set when the turn timer ran out and the stand-in bot played this move for a seat."""
    timer: TurnTimer | None = None
    """The turn timer running now, if any (every viewer sees it, with the seats it is for)."""
    can_undo: bool = False
    """This seat may take back its last move (an ``undo`` message): it moved last, this turn,
    and that move drew and revealed nothing (issue 38 item 11)."""
    undone: int | None = None
    """Set when this view follows an undo: the version of the move taken back (the log drops
    it); ``version`` is one less."""
    waiting_to_join: list[int] | None = None
    """Human seats on the move that nobody has opened yet: the table waits for them to join,
    and their turn timer starts at their first connection (issue 38 item 8)."""
    hold: HeldMove | None = None
    """A bot's move kept back for the people at the table, if any (every viewer sees it)."""
    waiting_for_players: WaitingView | None = None
    """Set while the table has open seats: nobody is on the move (``to_move`` and
    ``legal_actions`` are empty) until every seat is held (issue 30 item 2)."""
    deadlines: dict[int, str] | None = None
    """A turn-based table: seat -> the ISO time (UTC) its current move is due (issue 31)."""
    handed_over: list[int] | None = None
    """A turn-based table: seats whose deadline passed three times in a row, which the
    stand-in plays for the rest of the game (issue 31 item 1)."""
    auto_pass: bool | None = None
    """A person's own view, where the game has the setting: whether the table passes for them
    when nothing is addressed to them (issue 31 item 4; a ``settings`` message sets it)."""


class WaitingView(_Model):
    """The open seats of a table waiting for players, and the fill-with-bot countdown."""

    open_seats: list[int]
    fill_in: float | None = None
    """Seconds left when this message was sent until bots fill the open seats; null: never."""


class RematchMessage(_Model):
    """Server → every connection of a finished table once someone seated asked for a
    rematch, and on connecting to it later (issue 30 item 5). A person's seat at the rematch
    takes the same token as their seat here."""

    type: Literal["rematch"] = "rematch"
    table_id: str
    seat: int | None
    """The viewer's seat at the rematch (null for a spectator)."""
    asked_by: str
    """The name of the seat that asked."""


class ErrorMessage(_Model):
    """Server → the sender only: the message was refused and nothing changed."""

    type: Literal["error"] = "error"
    code: ErrorCode
    message: str


# ------------------------------------------------------------------ lobby helpers


class ChoiceInfo(_Model):
    """One value of a ``choice`` option (or a preset of an ``int`` option) with its label."""

    value: Any
    label: str


class OptionInfo(_Model):
    """One option of a game as its declaration gives it (``OptionSpec.to_json()``)."""

    name: str
    """The option's name; dotted (``group.key``) for an option nested in the object ``group``."""
    kind: Literal["choice", "int", "bool", "data", "table"]
    default: Any
    clause: str
    """The rule clause the option comes from."""
    help: str
    label: str
    """What the lobby shows; empty for an option the lobby leaves out."""
    choices: list[ChoiceInfo]
    """A ``choice`` option's values; an ``int`` option's presets for the lobby."""
    least: int | None
    most: int | None
    nullable: bool


class ChoiceCounts(_Model):
    """The player counts of a game with one option set to one of its choices."""

    option: str
    value: Any
    player_counts: list[int]


class DataFileInfo(_Model):
    """A data option of a game that the lobby may fill from a file the user picks."""

    option: str
    """The option the file's data becomes."""
    key: str
    """The file's key (``-o KEY=PATH`` on the command line)."""
    url: str
    """Where to send the file: ``POST /api/games/{game}/files/{key}``."""
    formats: list[str]
    """The file name endings it takes (``toml``, ``json``)."""
    max_bytes: int
    """The longest file it takes, in bytes of UTF-8."""


class ShownRating(_Model):
    """A ladder rating as shown (issue 30 item 3): the conservative value, OpenSkill's ordinal
    mu - 3 sigma, with the rated games behind it; provisional below 10 games."""

    rating: float
    mu: float
    sigma: float
    games: int
    provisional: bool


class BotMeasure(_Model):
    """What was measured of a bot preset (issue 16), as numbers: the lobby writes its label and
    detail from them in the reader's language (issue 36 item 2)."""

    share: float
    """Its win share, 0 to 1 (a win shared by k counts 1/k)."""
    low: float
    high: float
    """The share's 95% Wilson interval."""
    games: int
    players: int
    """Players a game: the preset at one seat against ``players - 1`` copies of ``opponent``."""
    opponent: str
    """The opponents' bot spec (``random``, ``greedy``)."""


class BotBudget(_Model):
    """What bounds a searching preset's moves at this server (issue 38 item 10)."""

    unit: Literal["iterations", "rollouts"]
    iterations: int | None
    """Its iterations (or rollouts) a move; null when only the time bounds it."""
    seconds: float
    """This server's think budget a move (``--bot-seconds``)."""


class BotPreset(_Model):
    """A bot spec the lobby offers, with a label for people and what was measured of it."""

    spec: str
    label: str
    detail: str | None = None
    """One sentence on how strong it measured in this game (issue 16); null for random."""
    name: str = ""
    """Its name for people (``Greedy bot``), translated by the client like a seat's label."""
    measured: BotMeasure | None = None
    """``label`` and ``detail``'s numbers (issue 36 item 2); null for random or unmeasured."""
    budget: BotBudget | None = None
    """What bounds its moves here; null for a bot that does not search."""
    rating: ShownRating | None = None
    """Its rating on the game's ladder (issue 30 item 3; every preset is a rated player);
    null for a bot that is no rated preset."""
    profile_url: str | None = None
    """Its profile page (``/players/{name}``)."""


class GameInfo(_Model):
    """One game the server offers, for the lobby: what its declaration says."""

    name: str
    """The game's name in ``POST /api/tables``."""
    title: str
    """Its name for people."""
    player_counts: list[int]
    """The player counts it takes with its default options."""
    player_counts_by_choice: list[ChoiceCounts] = Field(default_factory=list)
    """For each ``choice`` option whose value changes the player counts: the counts with
    each of its choices (every other option at its default)."""
    default_options: dict[str, Any]
    """Its options with every default filled in (``normalize_options({})``)."""
    options: list[OptionInfo] = Field(default_factory=list)
    """Its options' schema: kind, default, bounds, choices, clause, help and lobby label."""
    data_files: list[DataFileInfo] = Field(default_factory=list)
    """Its options that may come from a file, and where to upload one."""
    view_module: str | None = None
    """The URL of the browser client's own view of the game (an ES module); null for a game
    the client shows with its generic view (the view as text, a button per legal action)."""
    bots: list[BotPreset] = Field(default_factory=list)
    """The bots the lobby offers for this game, labelled with what was measured of them in
    it (issue 16)."""


class GameList(_Model):
    """``GET /api/games``: the games of the lobby, each with its bot presets."""

    games: list[GameInfo]
    chosen_seeds: bool = False
    """Whether this server takes a ``seed`` in ``POST /api/tables`` (``--allow-chosen-seeds``)."""


class Metrics(_Model):
    """``GET /api/metrics``: counters since the server started."""

    tables_in_memory: int
    tables_running: int
    bot_moves: int
    """Bot moves played at tables (the stand-in's included)."""
    bot_fallbacks: int
    """Bot moves the table had to replace by a plain legal move (the bot failed, overran or
    answered nonsense); each is also logged as an error."""
    bot_overruns: int
    """Bot workers killed for overrunning their deadline (and replaced)."""
    tables_aborted: int
    """Tables aborted as abandoned by this process."""


class ReplayMove(_Model):
    seat: int
    action: dict[str, Any]


class ReplayStep(_Model):
    """The table after ``version`` actions, as the replay's viewer saw it."""

    version: int
    move: ReplayMove | None
    """The action that led here (null for the deal)."""
    view: dict[str, Any]
    """``observe(viewer)`` after that action."""
    display: dict[str, Any] | None = None
    """The view's display, as in the view message."""
    events: list[dict[str, Any]]
    """The action's events as the viewer may see them."""
    to_move: list[int]


class Replay(_Model):
    """``GET /api/tables/{id}/replay``: every view of one viewer through a finished game."""

    table_id: str
    game: str
    num_players: int
    viewer: int | None
    """The seat whose views these are; null for the spectator's."""
    seats: list[SeatSummary]
    outcome: dict[str, Any]
    """``Outcome.to_json()``: scores, ranks, winners, tiebreak."""
    steps: list[ReplayStep]


class Catalog(_Model):
    """``GET /api/tables/{id}/catalog``: the static data a game's view needs besides its
    observations (names and texts they give by id only), as the game declares it
    (``GameSpec.client_data``), else null."""

    game: str
    catalog: dict[str, Any] | None


class DataFileRequest(_Model):
    """``POST /api/games/{game}/files/{key}``: the text of a data file, read by the browser."""

    name: Annotated[str, Field(min_length=1, max_length=200), BeforeValidator(encodable)]
    """The file's name, used in error messages (``mine.toml:12: …``)."""
    format: Literal["toml", "json"]
    text: Annotated[str, Field(max_length=MAX_DATA_FILE_BYTES), BeforeValidator(encodable)]
    """The file's text (at most 1 MiB as UTF-8, less if the game's data file says so)."""


class DataFileResponse(_Model):
    """200 reply to ``POST /api/games/{game}/files/{key}``: the file's data, validated by the
    game, ready to be the value of ``option`` in ``POST /api/tables``."""

    game: str
    option: str
    """The option the data is a value of."""
    key: str
    file: str
    """The file name of the request."""
    name: str | None
    """The data's own name (its top-level ``name``), if it has one."""
    value: dict[str, Any]
    """The option's value."""


SCHEMA_MODELS: dict[str, type[BaseModel]] = {
    "create_table_request": CreateTableRequest,
    "create_table_response": CreateTableResponse,
    "table_summary": TableSummary,
    "table_list": TableList,
    "act": ActMessage,
    "say": SayMessage,
    "undo": UndoMessage,
    "settings": SettingsMessage,
    "view": ViewMessage,
    "history": HistoryMessage,
    "chat": ChatUpdate,
    "error": ErrorMessage,
    "rematch": RematchMessage,
    "take_seat_request": TakeSeatRequest,
    "quick_match_request": QuickMatchRequest,
    "seat_taken": SeatTaken,
    "rematch_request": RematchRequest,
    "waiting_list": WaitingList,
    "game_list": GameList,
    "replay": Replay,
    "catalog": Catalog,
    "data_file_request": DataFileRequest,
    "data_file_response": DataFileResponse,
    "error_body": ErrorBody,
    "metrics": Metrics,
}


def json_schemas() -> dict[str, dict[str, Any]]:
    """The JSON Schema of every protocol model, by file stem."""
    return {name: model.model_json_schema() for name, model in SCHEMA_MODELS.items()}


def schema_texts() -> dict[str, str]:
    """Each schema as the exact text of its file (sorted keys, two-space indent)."""
    return {
        f"{name}.json": json.dumps(schema, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
        for name, schema in json_schemas().items()
    }


def write_schemas(directory: Path | str) -> list[Path]:
    """Write ``<name>.json`` for every model into ``directory`` (docs/protocol/)."""
    folder = Path(directory)
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for name, text in schema_texts().items():
        path = folder / name
        path.write_text(text, encoding="utf-8")
        written.append(path)
    return written


def error_text(code: ErrorCode, message: str) -> str:
    """An error message as sent on the wire."""
    return json.dumps({"type": "error", "code": code.value, "message": message})
