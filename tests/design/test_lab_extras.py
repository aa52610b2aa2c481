"""The games' own measures for the lab (issue 35 item 2), on hand-made final views whose
answers are known."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from seedbed.arena.play import GameResult
from seedbed.cli.main import app
from seedbed.design.measures import measure
from seedbed.engine.api import Outcome
from seedbed.games.fields_of_green.spec import lab_extras as fields_extras
from seedbed.games.stalk_exchange.spec import lab_extras as stalk_extras


def stalk_view() -> dict[str, object]:
    """A finished Stalk Exchange game: three tulips and one dahlia were harvested (the market
    track holds the harvested tokens by type, S-15), while the stalk values read otherwise —
    so a measure of harvests that reads the values instead of the types is caught."""
    return {
        "num_players": 2,
        "market": {
            "values": {"dahlia": 5, "daffodil": 2, "globemaster": 0, "snowdrop": 0, "tulip": 0},
            "track": ["tulip", "dahlia", "tulip", "tulip"],
        },
        "final_values": {"dahlia": 1, "daffodil": 0, "globemaster": 0, "snowdrop": 0, "tulip": 3},
        "portfolios": [
            {"dahlia": 0, "daffodil": 0, "globemaster": 0, "snowdrop": 0, "tulip": 2},
            {"dahlia": 4, "daffodil": 1, "globemaster": 0, "snowdrop": 0, "tulip": 0},
        ],
    }


def test_stalk_exchange_harvests_count_the_flower_types_on_the_track() -> None:
    """issue 35 item 2: harvests per flower type are the harvested tokens of each type (the
    market track), every type named, not the stalk values."""
    extras = stalk_extras(stalk_view(), Outcome((8, 11), (2, 1), (1,)))
    harvests = {k: v for k, v in extras.items() if k.startswith("harvests ")}
    assert harvests == {
        "harvests dahlia": 1.0,
        "harvests daffodil": 0.0,
        "harvests globemaster": 0.0,
        "harvests snowdrop": 0.0,
        "harvests tulip": 3.0,
    }
    assert extras["final value tulip"] == 3.0


def test_stalk_exchange_counts_the_bust_changing_the_winner() -> None:
    """S-2's target: on the values before the Bust (dahlia 5, daffodil 2) seat 1 would have
    won too (22 against 0), so the Bust changed nothing; had seat 0 won, it would have."""
    view = stalk_view()
    assert stalk_extras(view, Outcome((6, 1), (1, 2), (0,)))["bust changed the winner"] == 1.0
    assert stalk_extras(view, Outcome((6, 21), (2, 1), (1,)))["bust changed the winner"] == 0.0


def spot(design: str, kind: str) -> dict[str, object]:
    return {"card": {"design": design, "kind": kind}}


def fields_view() -> dict[str, object]:
    """A finished 2-player Fields of Green game: hen_house built by both seats, melon_beds by
    seat 1 only, duck_pond discarded unbuilt; a water tower is no design of the piles."""
    return {
        "num_players": 2,
        "discard": [{"design": "duck_pond", "kind": "livestock"}],
        "display": [],
        "players": [
            {"farm": [spot("hen_house", "livestock"), spot("water_tower", "water_tower")]},
            {"farm": [spot("hen_house", "livestock"), spot("melon_beds", "field")]},
        ],
    }


def test_fields_of_green_card_pick_and_win_rates_of_one_game() -> None:
    """issue 35 item 2: a card drawn counts once for its pick rate (picked: 1 if any seat
    built it); its win rate counts each seat that built it and that seat's share of the win."""
    extras = fields_extras(fields_view(), Outcome((30, 40), (2, 1), (1,)))
    assert extras["pick rate hen_house"] == (1.0, 1.0)
    assert extras["pick rate melon_beds"] == (1.0, 1.0)
    assert extras["pick rate duck_pond"] == (0.0, 1.0)
    assert extras["win rate hen_house"] == (1.0, 2.0)
    assert extras["win rate melon_beds"] == (1.0, 1.0)
    assert "win rate duck_pond" not in extras
    assert not any("water_tower" in key for key in extras if "rate" in key)
    shared = fields_extras(fields_view(), Outcome((40, 40), (1, 1), (0, 1)))
    assert shared["win rate hen_house"] == (1.0, 2.0)  # two half wins
    assert shared["win rate melon_beds"] == (0.5, 1.0)


def game(extras: dict[str, object]) -> GameResult:
    return GameResult(
        "g", 1, ("a", "b"), (5, 3), (1, 2), (0,), 40, "x", {}, extras={"game": extras}
    )


def test_rates_are_pooled_over_the_games() -> None:
    """issue 35 item 2: a pair [part, whole] is a rate over all the games' parts and wholes
    (2 wins of 3 builders, not the mean of 1/1 and 1/2); a number is averaged."""
    m = measure(
        [
            game({"win rate x": [1.0, 1.0], "cards": 4.0}),
            game({"win rate x": [1.0, 2.0], "cards": 2.0}),
            game({"cards": 3.0}),
        ]
    )
    assert m.extras["win rate x"] == pytest.approx(2 / 3)
    assert m.extras["cards"] == 3.0
    assert m.mean_winning_score == 5.0
    assert (m.mean_rounds, m.median_rounds, m.rounds_range) == (None, None, None)


def test_a_fields_of_green_sweep_reports_each_cards_rates(tmp_path: Path) -> None:
    """issue 35 items 2-3: the rates travel through the journal (a resumed run reads the same
    figures) into summary.csv and the report's table of the game's own measures."""
    args = ["lab", "sweep", "fields_of_green", "--bots", "random", "--games", "3"]
    args += ["--out", str(tmp_path), "--no-progress"]
    first = CliRunner().invoke(app, args)
    assert first.exit_code == 0, first.output
    summary = (tmp_path / "summary.csv").read_text()
    assert "pick rate " in summary and "win rate " in summary
    page = (tmp_path / "report.html").read_text()
    assert 'id="game-measures"' in page and "<td>pick rate " in page
    again = CliRunner().invoke(app, args)  # every game read back from the journal
    assert again.exit_code == 0, again.output
    assert (tmp_path / "summary.csv").read_text() == summary
