"""Decision datasets for learning (issue 18, item 5): recorded games as Parquet, one row per
decision. ``seedbed export`` writes them; docs/research.md documents the columns.

Every move of a record is replayed (validated) and becomes a row: who decided (``seat``;
``player``, the seat's entry of the record's seating, its bot spec or ``person``; ``rotation``,
a tournament's seating rotation, null for a plain record), what it knew (``observation``, the
game's fixed-size encoding of ``observe(seat)``,
:mod:`seedbed.adapters.encoders`), what it could do (``legal``, the integers of its menu: the
legal mask's ones, ``action_size`` long when dense), what it did (``action``, the stable
integer of docs/action-encoding.md, and ``action_text``), and how its game ended for it
(``rank``, ``score``). ``game``, ``options`` (normalised, as JSON), ``num_players``, ``seed``,
``game_index`` and ``move`` say where the row comes from, so a dataset replays: deal
``(game, num_players, seed, options)`` and decode each row's ``action`` in order
(tests/adapters/test_dataset.py does so to the recorded outcome).

Records come from ``seedbed simulate --record``, ``seedbed play-text --record``, a server's
``GET /api/tables/ID/record``, or a tournament's ``--out`` written with ``--moves``
(:func:`load_games` reads both kinds of file). A game must declare its encodings and be
finished; the recorded outcome, when there is one, must be the replayed one.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NamedTuple

import numpy as np
import pyarrow as pa
import pyarrow.parquet as pq

from seedbed.adapters.encoders import GameEncoders
from seedbed.arena.play import GameResult
from seedbed.engine.record import GameRecord, read_records

FORMAT = "seedbed-decisions/2"
"""The value of the file's ``seedbed`` metadata key: the version of this schema (2 added
``player`` and ``rotation``, issue 39 item 4)."""

SCHEMA = pa.schema(
    [
        ("game", pa.string()),
        ("options", pa.string()),
        ("num_players", pa.int8()),
        ("seed", pa.int64()),
        ("game_index", pa.int32()),
        ("move", pa.int32()),
        ("seat", pa.int8()),
        ("player", pa.string()),
        ("rotation", pa.int32()),
        ("observation", pa.list_(pa.float32())),
        ("legal", pa.list_(pa.int32())),
        ("action_size", pa.int32()),
        ("action", pa.int32()),
        ("action_text", pa.string()),
        ("rank", pa.int8()),
        ("score", pa.int32()),
    ],
    metadata={"seedbed": FORMAT},
)


class Source(NamedTuple):
    """A record and, when it came from a tournament's results, the rotation it was played in
    (None for a plain record)."""

    record: GameRecord
    rotation: int | None = None


class ExportError(ValueError):
    """A record that cannot become rows (unfinished, not replaying, no encodings)."""


@dataclass
class Decisions:
    """The rows of one game, column by column."""

    seats: list[int]
    observations: list[np.ndarray[Any, np.dtype[np.float32]]]
    legal: list[list[int]]
    actions: list[int]
    texts: list[str]


def _encoders(
    cache: dict[str, GameEncoders], record: GameRecord, engine: str | None
) -> GameEncoders:
    key = json.dumps([record.game, record.num_players, record.options], sort_keys=True)
    found = cache.get(key)
    if found is None:
        found = cache[key] = GameEncoders(record.game, record.num_players, record.options, engine)
    return found


def decisions(record: GameRecord, enc: GameEncoders) -> tuple[Decisions, list[int], list[int]]:
    """The decisions of a record, and the final ranks and scores; ExportError naming the
    move that does not replay, or saying the game is unfinished."""
    state = enc.game.new_state(record.num_players, record.seed, enc.options)
    out = Decisions([], [], [], [], [])
    for move, (seat, action_json) in enumerate(record.moves):
        try:
            action = enc.game.action_from_json(action_json)
            out.observations.append(enc.vector(state.observe(seat)))
            out.legal.append(enc.legal_indices(state, seat))
            out.actions.append(enc.actions.encode(state, seat, action))
            state.apply(seat, action)
        except ValueError as exc:
            raise ExportError(f"move {move} (seat {seat}): {exc}") from None
        out.seats.append(seat)
        out.texts.append(str(action))
    if not state.is_terminal():
        raise ExportError(f"the record ends after {len(record.moves)} moves, before the game does")
    outcome = state.outcome()
    if record.outcome is not None and record.outcome != outcome.to_json():
        raise ExportError(f"the replayed outcome is not the recorded one: {record.outcome}")
    return out, list(outcome.ranks), list(outcome.scores)


def _lists(rows: Sequence[Any], kind: pa.DataType, dtype: Any) -> pa.Array:
    """A list array from per-row NumPy-compatible sequences, without a Python loop per value."""
    lengths = np.fromiter((len(r) for r in rows), dtype=np.int32, count=len(rows))
    offsets = np.concatenate([np.zeros(1, np.int32), np.cumsum(lengths, dtype=np.int32)])
    parts = [np.asarray(r, dtype=dtype) for r in rows]
    values = np.concatenate(parts) if parts else np.zeros(0, dtype=dtype)
    return pa.ListArray.from_arrays(pa.array(offsets), pa.array(values, type=kind))


def game_batch(
    record: GameRecord, index: int, enc: GameEncoders, rotation: int | None = None
) -> pa.RecordBatch:
    """The rows of one recorded game (see the module docstring)."""
    try:
        found, ranks, scores = decisions(record, enc)
    except ExportError as exc:
        raise ExportError(f"game {index} ({record.game}, seed {record.seed}): {exc}") from None
    n = len(found.seats)
    columns = {
        "game": pa.array([record.game] * n, pa.string()),
        "options": pa.array([json.dumps(enc.options, sort_keys=True)] * n, pa.string()),
        "num_players": pa.array([record.num_players] * n, pa.int8()),
        "seed": pa.array([record.seed] * n, pa.int64()),
        "game_index": pa.array([index] * n, pa.int32()),
        "move": pa.array(range(n), pa.int32()),
        "seat": pa.array(found.seats, pa.int8()),
        "player": pa.array([_player(record, s) for s in found.seats], pa.string()),
        "rotation": pa.array([rotation] * n, pa.int32()),
        "observation": _lists(found.observations, pa.float32(), np.float32),
        "legal": _lists(found.legal, pa.int32(), np.int32),
        "action_size": pa.array([enc.actions.size] * n, pa.int32()),
        "action": pa.array(found.actions, pa.int32()),
        "action_text": pa.array(found.texts, pa.string()),
        "rank": pa.array([ranks[s] for s in found.seats], pa.int8()),
        "score": pa.array([scores[s] for s in found.seats], pa.int32()),
    }
    return pa.RecordBatch.from_arrays(list(columns.values()), schema=SCHEMA)


def _player(record: GameRecord, seat: int) -> str | None:
    """Who sat at ``seat``: the record's seating (bot specs, ``person``), None if unknown."""
    return record.seating[seat] if seat < len(record.seating) else None


def write_dataset(
    records: Iterable[GameRecord | Source], path: Path, engine: str | None = None
) -> tuple[int, int]:
    """Write the decisions of ``records`` to the Parquet file ``path``; (games, rows).

    The rows go to a temporary file beside ``path``, renamed over it only when every game
    replayed (issue 39 item 1): a failed export leaves no partial file that looks valid, and an
    existing good file survives it."""
    partial = path.with_name(f".{path.name}.{os.getpid()}.partial")
    try:
        counts = _write(records, partial, engine)
        os.replace(partial, path)
    finally:
        partial.unlink(missing_ok=True)
    return counts


def _write(
    records: Iterable[GameRecord | Source], path: Path, engine: str | None
) -> tuple[int, int]:
    cache: dict[str, GameEncoders] = {}
    games = rows = 0
    with pq.ParquetWriter(path, SCHEMA) as writer:
        for index, item in enumerate(records):
            record, rotation = item if isinstance(item, Source) else (item, None)
            try:
                enc = _encoders(cache, record, engine)
            except ValueError as exc:
                raise ExportError(f"game {index} ({record.game}): {exc}") from None
            batch = game_batch(record, index, enc, rotation)
            writer.write_batch(batch)
            games += 1
            rows += batch.num_rows
    return games, rows


def load_games(path: Path) -> list[GameRecord]:
    """The games of a file of game records (JSON Lines, one record after another) or of a
    tournament's results written with ``--moves``; ValueError naming the line otherwise."""
    return [source.record for source in load_sources(path)]


def load_sources(path: Path) -> list[Source]:
    """As :func:`load_games`, each record with its rotation (a tournament's results) or
    None (a file of records)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    first = next((line for line in lines if line.strip()), None)
    if first is None:
        raise ValueError(f"{path} is empty")
    try:
        head = json.loads(first)
    except json.JSONDecodeError:
        head = None
    if not isinstance(head, dict) or head.get("record") == "seedbed":
        try:
            return [Source(record) for record in read_records(lines)]
        except ValueError as exc:
            raise ValueError(f"{path}: {exc}") from None
    return list(_results(path, lines))


def _results(path: Path, lines: list[str]) -> Iterator[Source]:
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            result = GameResult.from_json(json.loads(line))
        except ValueError as exc:
            raise ValueError(f"{path} line {number}: {exc}") from None
        if result.record is None:
            raise ValueError(
                f"{path} line {number}: a result without its moves (run seedbed tournament "
                "with --moves to keep them)"
            )
        yield Source(result.record, result.rotation)
