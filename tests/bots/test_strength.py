"""The measurements behind the lobby's bot labels (issue 16): each names a real game and bot,
agrees with itself, and its command is printed in docs/bots.md so anyone can rerun it."""

from __future__ import annotations

from pathlib import Path

import pytest

from seedbed.bots import parse_spec
from seedbed.bots.strength import (
    Preset,
    Strength,
    all_measurements,
    detail,
    label,
    measured,
    presets,
    table_search,
)
from seedbed.engine.registry import game_names

DOCS = Path(__file__).parents[2] / "docs" / "bots.md"


@pytest.mark.parametrize("m", all_measurements(), ids=lambda m: f"{m.game}-{m.spec}")
def test_a_measurement_is_consistent_and_documented(m: Strength) -> None:
    assert m.game in game_names()
    assert str(parse_spec(m.spec)) == m.spec and str(parse_spec(m.opponent)) == m.opponent
    assert 0 <= m.low <= m.share <= m.high <= 1 and m.games > 0
    assert f"--game {m.game}" in m.command or f" {m.game} " in m.command
    assert m.command.split()[:2] in (["seedbed", "match"], ["seedbed", "tournament"])
    assert m.command in " ".join(DOCS.read_text(encoding="utf-8").split())


def test_one_measurement_per_game_and_bot() -> None:
    keys = [(m.game, m.spec) for m in all_measurements()]
    assert len(keys) == len(set(keys))


def test_labels_say_what_was_measured_or_that_nothing_was() -> None:
    greedy = next(p for p in presets("bohnanza") if p.spec == "greedy")
    assert label(greedy, "bohnanza") == "Greedy bot: won 100% vs random"
    assert detail(greedy, "bohnanza") == (
        "Greedy bot won 100% of 200 four-player games against 3 random bots (95% interval 98–100%)."
    )
    unmeasured = Preset("ismcts:iterations=7,c=0.3", "Search", 1.0)
    assert measured("bohnanza", unmeasured.spec) is None
    assert label(unmeasured, "bohnanza") == "Search: not measured here yet"
    assert detail(unmeasured, "bohnanza") == "Search has not been measured in this game yet."
    random = presets("bohnanza")[0]
    assert label(random, "bohnanza") == "Random bot (any legal move)"
    assert detail(random, "bohnanza") is None


@pytest.mark.parametrize("game", game_names())
def test_every_game_has_a_table_search_in_iterations(game: str) -> None:
    """The lobby's search bot: a budget in iterations (the same moves on any machine),
    named after it."""
    spec = parse_spec(table_search(game))
    iterations = spec.settings()["iterations"]
    assert spec.name in ("ismcts", "rollout") and iterations
    assert spec.settings().get("seconds") is None
    unit = "rollouts" if spec.name == "rollout" else "iterations"
    assert presets(game)[2].name == "Search bot"  # issue 38 item 6: one name for it
    assert label(presets(game)[2], game).startswith("Search bot: ")
    # issue 38 item 10: the lobby says what really bounds it at this server, its think budget
    said = detail(presets(game)[2], game, 2.0) or ""
    assert said.endswith(f"It tries up to {iterations:,} {unit} a move and stops at 2 s a move "
                         "(this server's think budget).")  # fmt: skip
    assert detail(presets(game)[1], game, 2.0) == detail(presets(game)[1], game)


def test_a_search_budgeted_in_seconds_says_only_where_it_stops() -> None:
    """Issue 33 item 4: a search preset given in seconds (``rollout:seconds=1``) has no
    iteration count; its sentence says where this server stops it, as the lobby's does."""
    from seedbed.bots.strength import budget

    preset = Preset("rollout:seconds=1,reward=lead", "Search bot", 1.0)
    assert budget(preset, 2.0) == "It stops at 2 s a move (this server's think budget)."
    counted = Preset("rollout:iterations=500,reward=lead", "Search bot", 1.0)
    assert budget(counted, 2.0).startswith("It tries up to 500 rollouts a move and stops at 2 s")
