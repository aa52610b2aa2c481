"""Issue 18, item 5: decision datasets round-trip. Games recorded by simulate and by a
tournament are exported to Parquet; reading the file back and replaying its rows (dealing
each game from its row's game, options, players and seed, decoding each ``action`` integer)
reaches the recorded outcome, and every row's observation, legal actions, rank and score are
what the replay shows. A record that does not replay, or is unfinished, is refused."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

from seedbed.adapters.dataset import FORMAT, SCHEMA, ExportError, load_games, write_dataset
from seedbed.adapters.encoders import GameEncoders
from seedbed.arena.play import play_game
from seedbed.cli.main import app
from seedbed.engine.record import GameRecord
from seedbed.engine.registry import game as lookup_game
from seedbed.lab.simulate import simulate

runner = CliRunner(env={"COLUMNS": "160"})


def simulated(game: str, players: int, games: int, options: dict[str, int]) -> list[GameRecord]:
    kept: list[GameRecord] = []
    runs = simulate(
        lookup_game(game), players, games, 3, options, on_game=lambda i, s, r, st: kept.append(r)
    )
    for _ in runs:
        pass
    return kept


def replay_rows(path: Path) -> list[dict[str, object]]:
    """Replay every game of a dataset from its rows alone; each game's final outcome."""
    table = pq.read_table(path)
    assert table.schema.metadata[b"seedbed"] == FORMAT.encode()
    rows = table.to_pylist()
    outcomes = []
    games = sorted({r["game_index"] for r in rows})
    for index in games:
        mine = [r for r in rows if r["game_index"] == index]
        first = mine[0]
        enc = GameEncoders(first["game"], first["num_players"], json.loads(first["options"]))
        state = enc.game.new_state(first["num_players"], first["seed"], enc.options)
        for move, row in enumerate(mine):
            seat = row["seat"]
            assert row["move"] == move and seat in state.to_move()
            vector = enc.vector(state.observe(seat))
            assert np.array_equal(np.asarray(row["observation"], np.float32), vector)
            assert row["legal"] == enc.legal_indices(state, seat)
            assert row["action"] in row["legal"] and row["action_size"] == enc.actions.size
            action = enc.decode(state, seat, row["action"])
            assert str(action) == row["action_text"]
            state.apply(seat, action)
        outcome = state.outcome()
        for row in mine:
            assert (row["rank"], row["score"]) == (
                outcome.ranks[row["seat"]],
                outcome.scores[row["seat"]],
            )
        outcomes.append(outcome.to_json())
    return outcomes


@pytest.mark.parametrize(
    ("game", "players", "options", "count"),
    [
        ("stalk_exchange", 3, {}, 2),
        ("bohnanza", 3, {"max_offers": 1}, 1),
        ("fields_of_green", 2, {}, 2),
    ],
)
def test_simulated_games_round_trip(
    game: str, players: int, options: dict[str, int], count: int, tmp_path: Path
) -> None:
    records = simulated(game, players, count, options)
    path = tmp_path / "d.parquet"
    games, rows = write_dataset(records, path)
    assert games == count and rows == sum(len(r.moves) for r in records)
    assert pq.read_schema(path).remove_metadata() == SCHEMA.remove_metadata()
    assert replay_rows(path) == [r.outcome for r in records]


def test_a_tournament_with_moves_exports_through_the_command(tmp_path: Path) -> None:
    results = [play_game("stalk_exchange", ["greedy", "random"], seed=s) for s in (1, 2)]
    source = tmp_path / "results.jsonl"
    source.write_text("".join(json.dumps(r.to_json()) + "\n" for r in results))
    out = tmp_path / "t.parquet"
    done = runner.invoke(app, ["export", str(source), "--out", str(out)])
    assert done.exit_code == 0, done.output
    rows = sum(r.actions for r in results)
    assert done.output.strip() == f"wrote {rows:,} decisions of 2 games to {out}"
    assert replay_rows(out) == [r.record.outcome for r in results if r.record]
    one = runner.invoke(app, ["export", str(source), "-o", str(out), "--games", "1"])
    assert one.exit_code == 0 and pq.read_metadata(out).num_rows == results[0].actions


def test_results_without_moves_and_bad_records_are_refused(tmp_path: Path) -> None:
    result = play_game("stalk_exchange", ["random", "random"], seed=1, keep_moves=False)
    bare = tmp_path / "bare.jsonl"
    bare.write_text(json.dumps(result.to_json()) + "\n")
    with pytest.raises(ValueError, match="line 1: a result without its moves"):
        load_games(bare)
    done = runner.invoke(app, ["export", str(bare), "--out", str(tmp_path / "x.parquet")])
    assert done.exit_code == 2 and "--moves" in done.output

    (record,) = simulated("stalk_exchange", 2, 1, {})
    cut = GameRecord(record.game, 2, record.seed, record.options, moves=record.moves[:-1])
    with pytest.raises(ExportError, match=r"game 0 .*before the game does"):
        write_dataset([cut], tmp_path / "cut.parquet")
    wrong = GameRecord(record.game, 2, record.seed + 1, record.options, moves=record.moves)
    with pytest.raises(ExportError, match=r"game 0 .*move \d+ \(seat \d\)"):
        write_dataset([wrong], tmp_path / "wrong.parquet")
    lied = GameRecord(record.game, 2, record.seed, record.options, moves=record.moves)
    lied.outcome = {**(record.outcome or {}), "scores": [-1, -1]}
    with pytest.raises(ExportError, match="not the recorded one"):
        write_dataset([lied], tmp_path / "lied.parquet")
    unbounded = GameRecord("bohnanza", 3, 1, {"max_offers": None})
    with pytest.raises(ExportError, match="max_offers"):
        write_dataset([unbounded], tmp_path / "u.parquet")


def test_a_failed_export_leaves_the_existing_file_alone(tmp_path: Path) -> None:
    """Issue 39 item 1: the export writes beside --out and renames only on success, so a failed
    export neither leaves a valid-looking partial file nor replaces a good one."""
    good, bad = simulated("stalk_exchange", 2, 2, {})
    out = tmp_path / "d.parquet"
    _, rows = write_dataset([good], out)
    cut = GameRecord(bad.game, 2, bad.seed, bad.options, moves=bad.moves[:-1])
    with pytest.raises(ExportError, match="before the game does"):
        write_dataset([good, cut], out)
    assert pq.read_metadata(out).num_rows == rows
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.parquet"]
    fresh = tmp_path / "new.parquet"
    with pytest.raises(ExportError):
        write_dataset([good, cut], fresh)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["d.parquet"]


def test_rows_say_who_decided_and_the_rotation(tmp_path: Path) -> None:
    """Issue 39 item 4: each row names the deciding seat's player (its bot spec, from the
    record's seating) and, for a tournament's results, the rotation, so one bot's decisions
    are selected without a join back to the source."""
    results = [
        play_game("stalk_exchange", ["greedy", "random"], seed=1),
        replace(play_game("stalk_exchange", ["random", "greedy"], seed=1), rotation=1),
    ]
    source = tmp_path / "results.jsonl"
    source.write_text("".join(json.dumps(r.to_json()) + "\n" for r in results))
    out = tmp_path / "t.parquet"
    assert runner.invoke(app, ["export", str(source), "--out", str(out)]).exit_code == 0
    rows = pq.read_table(out).to_pylist()
    assert pq.read_schema(out).metadata[b"seedbed"] == b"seedbed-decisions/2" == FORMAT.encode()
    for row in rows:
        result = results[row["game_index"]]
        assert row["player"] == result.seating[row["seat"]]
        assert row["rotation"] == result.rotation
    assert {r["rotation"] for r in rows} == {0, 1}
    greedy = [r for r in rows if r["player"] == "greedy"]
    assert 0 < len(greedy) < len(rows)
    (record,) = simulated("stalk_exchange", 2, 1, {})
    write_dataset([record], tmp_path / "s.parquet")
    plain = pq.read_table(tmp_path / "s.parquet").to_pylist()
    assert {(r["player"], r["rotation"]) for r in plain} == {("random", None)}
