"""A match's journal: every finished game, kept in a JSON Lines file as it comes back.

A long match (hours of search bots on a small machine) can be stopped at any moment: run it
again with the same journal and the games it holds are read back instead of played, so the
match goes on where it stopped and ends exactly as one uninterrupted run would (a game depends
on its task alone). A row is a :meth:`GameResult.to_json` row, written and flushed to disk as
its game comes back (a match with a journal ships games one at a time). A last line cut short
by a stop is dropped; a row that is not one of this match's games (another game, seed, seating,
options or think budget) is an error, not a guess.
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from pathlib import Path

from seedbed.arena.play import GameResult
from seedbed.arena.tournament import GameTask
from seedbed.engine.api import JsonDict
from seedbed.engine.registry import game as lookup_game


class Journal:
    """The games of one match, by ``(deal, rotation)``, and the file they are kept in."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.games: dict[tuple[int, int], GameResult] = {}
        self._options: dict[str, JsonDict] = {}
        """Each game's options as given (its JSON) → normalised: once per match, not per task."""
        if path.exists():
            self._read()

    def _read(self) -> None:
        text = self.path.read_text(encoding="utf-8")
        lines = text.split("\n")  # the last is "" unless a stop cut it short
        for number, line in enumerate(lines, 1):
            if not line.strip():
                continue
            try:
                result = GameResult.from_json(json.loads(line))
            except (json.JSONDecodeError, ValueError) as exc:
                if number == len(lines):
                    self._drop_last_line(text)  # cut short by a stop: played again
                    return
                raise ValueError(f"{self.path}:{number}: {exc}") from None
            self.games[(result.deal, result.rotation)] = result
        if lines[-1]:  # a whole row without its newline: end it, so the next row starts anew
            self.path.write_text(text + "\n", encoding="utf-8")

    def _drop_last_line(self, text: str) -> None:
        self.path.write_text(text[: text.rfind("\n") + 1], encoding="utf-8")

    def known(self, task: GameTask) -> GameResult | None:
        """The journal's result of ``task``, or None when it was not played yet."""
        result = self.games.get((task.deal, task.rotation))
        if result is None:
            return None
        kept = (result.game, result.seed, result.seating, result.options, result.think)
        wanted = (
            task.game,
            task.seed,
            tuple(task.seating),
            self._normalized(task),
            task.think,
        )
        if kept != wanted:
            raise ValueError(
                f"{self.path} holds another match's games: deal {task.deal}, rotation "
                f"{task.rotation} was {_describe(*kept)}, this match plays {_describe(*wanted)}; "
                "give a new file (or the same command as before)"
            )
        return result

    def _normalized(self, task: GameTask) -> JsonDict:
        key = json.dumps([task.game, task.options], sort_keys=True)
        if key not in self._options:
            self._options[key] = lookup_game(task.game).normalize_options(task.options)
        return self._options[key]

    def add(self, results: Sequence[GameResult]) -> None:
        """Append ``results`` and make them durable before going on."""
        with self.path.open("a", encoding="utf-8") as out:
            for result in results:
                out.write(json.dumps(result.to_json(), separators=(",", ":")) + "\n")
                self.games[(result.deal, result.rotation)] = result
            out.flush()
            os.fsync(out.fileno())


def _describe(
    game: str, seed: int, seating: tuple[str, ...], options: object, think: float | None
) -> str:
    budget = "no think cap" if think is None else f"think {think:g} s"
    return f"{game} seed {seed} seats {', '.join(seating)} options {json.dumps(options)}, {budget}"
