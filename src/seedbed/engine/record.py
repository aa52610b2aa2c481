"""GameRecord: everything needed to reproduce a game, as JSON Lines.

Line 1 is the header ``{"record": "seedbed", "game", "num_players", "seed", "options",
"seating"}``; then one line per move ``{"player", "action"}``; a finished game ends with
``{"outcome": {...}}``. :func:`replay` rebuilds the state by re-applying the moves.
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
        rows: list[Any] = []
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise ValueError(f"line {number}: not JSON ({exc.msg})") from None
        if not rows or not isinstance(rows[0], dict) or rows[0].get("record") != "seedbed":
            raise ValueError("line 1: not a seedbed game record header")
        head = rows[0]
        try:
            rec = cls(
                game=str(head["game"]),
                num_players=int(head["num_players"]),
                seed=int(head["seed"]),
                options=dict(head.get("options") or {}),
                seating=list(head.get("seating") or []),
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"line 1: bad header ({exc})") from None
        for number, row in enumerate(rows[1:], 2):
            if isinstance(row, dict) and "outcome" in row:
                rec.outcome = row["outcome"]
            elif isinstance(row, dict) and "player" in row and "action" in row:
                rec.moves.append((int(row["player"]), row["action"]))
            else:
                raise ValueError(f"line {number}: expected a move or an outcome")
        return rec

    @classmethod
    def from_jsonl(cls, text: str) -> GameRecord:
        return cls.from_lines(text.splitlines())


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
