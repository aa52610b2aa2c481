"""Issue 18, item 4: ``seedbed play-text``, a person at the terminal against bots. The person's
moves are found first by playing the same deal through the same bots (their generators come
from the seed and seat), then typed into the command, with nonsense and an illegal move on the
way; the game ends as it did, and its record replays to the same outcome."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from seedbed.adapters.text_table import TextTable
from seedbed.arena.play import seat_rng
from seedbed.bots.api import InfoSet
from seedbed.bots.specs import make_bot
from seedbed.cli.main import app
from seedbed.engine.record import GameRecord, replay
from seedbed.engine.rng import Rng

runner = CliRunner(env={"COLUMNS": "160"})


def person_moves(game: str, seating: list[str], seat: int, seed: int) -> tuple[list[str], str]:
    """The moves a random person at ``seat`` makes against the bots, and the outcome text."""
    table = TextTable(game, len(seating), seed)
    bots = {p: (make_bot(s, game), seat_rng(seed, p)) for p, s in enumerate(seating) if p != seat}
    rng = Rng(seed)
    moves = []
    while (p := table.seat_on_move()) is not None:
        menu = table.state.legal_actions(p)
        if p == seat:
            action = menu[rng.below(len(menu))]
            moves.append(str(action))
        else:
            bot, bot_rng = bots[p]
            action = bot.act(InfoSet(table.state, p), bot_rng)
        table.play(p, action)
    return moves, table.outcome_text()


def test_a_person_plays_a_whole_game_against_bots(tmp_path: Path) -> None:
    seating = ["random", "person", "greedy"]
    moves, outcome = person_moves("stalk_exchange", seating, 1, seed=4)
    typed = []
    for i, move in enumerate(moves):
        if i % 10 == 0:
            typed += ["what now?", "plant 99 0,0"]
        typed.append(move if i % 2 else f"I play [{move}]")
    out = tmp_path / "game.jsonl"
    args = ["stalk_exchange", "-p", "3", "-b", "random,greedy", "--seat", "1", "--seed", "4"]
    result = runner.invoke(
        app, ["play-text", *args, "--record", str(out)], input="\n".join(typed) + "\n"
    )
    assert result.exit_code == 0, result.output
    assert "You are seat 1 in a 3-player game of Stalk Exchange" in result.output
    assert "Seats: 0 random, 1 person, 2 greedy." in result.output
    assert result.output.count("refused: could not read 'what now?'") == len(
        range(0, len(moves), 10)
    )
    assert "refused: 'plant 99 0,0' is not allowed now" in result.output
    assert result.output.rstrip().endswith(f"wrote the game record to {out}")
    assert outcome in result.output
    record = GameRecord.from_jsonl(out.read_text(encoding="utf-8"))
    assert record.seating == seating
    assert replay(record).outcome().to_json() == record.outcome


def test_quitting_and_bad_arguments() -> None:
    quit_early = runner.invoke(app, ["play-text", "stalk_exchange", "-p", "2"], input="quit\n")
    assert quit_early.exit_code == 1 and "You left the game." in quit_early.output
    eof = runner.invoke(app, ["play-text", "stalk_exchange", "-p", "2"], input="")
    assert eof.exit_code == 1
    bad_seat = runner.invoke(app, ["play-text", "stalk_exchange", "-p", "2", "--seat", "2"])
    assert bad_seat.exit_code == 2 and "--seat must be a seat 0-1" in bad_seat.output
    bad_bot = runner.invoke(app, ["play-text", "stalk_exchange", "-b", "nobot"])
    assert bad_bot.exit_code == 2 and "error:" in bad_bot.output


def test_help_names_the_command() -> None:
    result = runner.invoke(app, ["play-text", "--help"])
    assert result.exit_code == 0 and "Play one game at the terminal against bots" in result.output
