"""GameRecord: everything needed to reproduce a game, as JSON Lines.

Line 1 is the header ``{"record": "seedbed", "game", "num_players", "seed", "options",
"seating"}``; then one line per move ``{"player", "action"}``; a finished game ends with
``{"outcome": {...}}``. :func:`replay` rebuilds the state by re-applying the moves.
Several records may follow one another in one stream; :func:`read_records` splits them.
The engine does no I/O: callers read files and pass their lines.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from seedbed.engine.api import Action, JsonDict, Outcome, PlayerId, State
from seedbed.engine.registry import game as lookup_game


@dataclass
class GameRecord:
    game: str
    num_players: int
    seed: int
    options: JsonDict = field(default_factory=dict)
    seating: list[str] = field(default_factory=list)
    moves: list[tuple[PlayerId, JsonDict]] = field(default_factory=list)
    outcome: JsonDict | None = None

    def add(self, player: PlayerId, action: Action) -> None:
        self.moves.append((player, action.to_json()))

    def finish(self, outcome: Outcome) -> None:
        self.outcome = outcome.to_json()

    def to_lines(self) -> list[str]:
        header = {
            "record": "seedbed",
            "game": self.game,
            "num_players": self.num_players,
            "seed": self.seed,
            "options": self.options,
            "seating": self.seating,
        }
        lines = [json.dumps(header, sort_keys=True)]
        lines += [json.dumps({"player": p, "action": a}, sort_keys=True) for p, a in self.moves]
        if self.outcome is not None:
            lines.append(json.dumps({"outcome": self.outcome}, sort_keys=True))
        return lines

    def to_jsonl(self) -> str:
        return "\n".join(self.to_lines()) + "\n"

    @classmethod
    def from_lines(cls, lines: Iterable[str]) -> GameRecord:
        """Parse JSON Lines; ValueError naming the line on malformed input."""
        rows = _parse_rows(lines)
        if not rows:
            raise ValueError("line 1: not a seedbed game record header")
        return cls._from_rows(rows)

    @classmethod
    def _from_rows(cls, rows: list[tuple[int, Any]]) -> GameRecord:
        """A record from ``(line number, parsed JSON)`` rows, the header first."""
        first, head = rows[0]
        if not _is_header(head):
            raise ValueError(f"line {first}: not a seedbed game record header")
        try:
            rec = cls(
                game=str(head["game"]),
                num_players=int(head["num_players"]),
                seed=int(head["seed"]),
                options=dict(head.get("options") or {}),
                seating=list(head.get("seating") or []),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"line {first}: bad header ({exc})") from None
        for number, row in rows[1:]:
            if isinstance(row, dict) and "outcome" in row:
                rec.outcome = row["outcome"]
            elif isinstance(row, dict) and "player" in row and "action" in row:
                player = row["player"]
                if isinstance(player, bool) or not isinstance(player, int):
                    raise ValueError(f"line {number}: player must be a seat number")
                rec.moves.append((player, row["action"]))
            else:
                raise ValueError(f"line {number}: expected a move or an outcome")
        return rec

    @classmethod
    def from_jsonl(cls, text: str) -> GameRecord:
        return cls.from_lines(text.splitlines())


def _is_header(row: Any) -> bool:
    return isinstance(row, dict) and row.get("record") == "seedbed"


def _parse_rows(lines: Iterable[str]) -> list[tuple[int, Any]]:
    """``(line number, parsed JSON)`` for every non-blank line."""
    rows: list[tuple[int, Any]] = []
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            rows.append((number, json.loads(line)))
        except json.JSONDecodeError as exc:
            raise ValueError(f"line {number}: not JSON ({exc.msg})") from None
    return rows


def read_records(lines: Iterable[str]) -> list[GameRecord]:
    """Every record of a JSON Lines stream holding several games one after another (each
    starts at its header line); ValueError naming the line on malformed input.

    >>> one = GameRecord("bohnanza", 3, 1).to_lines()
    >>> [r.seed for r in read_records(one + GameRecord("bohnanza", 3, 2).to_lines())]
    [1, 2]
    """
    rows = _parse_rows(lines)
    if not rows:
        raise ValueError("no game record found (empty input)")
    starts = [i for i, (_, row) in enumerate(rows) if _is_header(row)]
    if not starts or starts[0] != 0:
        raise ValueError(f"line {rows[0][0]}: not a seedbed game record header")
    ends = [*starts[1:], len(rows)]
    return [GameRecord._from_rows(rows[a:b]) for a, b in zip(starts, ends, strict=True)]


def new_record(state_game: str, num_players: int, seed: int, options: JsonDict) -> GameRecord:
    """A record whose options are normalised (defaults filled) so it replays exactly."""
    normalized = lookup_game(state_game).normalize_options(options)
    return GameRecord(state_game, num_players, seed, normalized)


def replay(record: GameRecord) -> State:
    """Rebuild the state a record describes by re-applying every move (validated)."""
    g = lookup_game(record.game)
    state = g.new_state(record.num_players, record.seed, record.options)
    for player, action_json in record.moves:
        state.apply(player, g.action_from_json(action_json))
    return state
