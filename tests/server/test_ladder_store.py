"""The ladder's storage and rules (issue 30 item 3): migration 0008 up and down, a rated
table's update equal to OpenSkill's Plackett–Luce computed here from the ranking, applied
exactly once, guests left out, the stand-in rule (more than a third unrates the table; an
abandoning person is ranked last and the table stays rated), unrated tables untouched — on
SQLite and PostgreSQL."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from openskill.models import PlackettLuce
from sqlalchemy import inspect, text

from seedbed.server.account_store import AccountStore
from seedbed.server.ladder_store import LadderStore
from seedbed.server.storage import NewTable, Store, migrate

from .test_storage import (
    HEAD,
    url,  # noqa: F401  (the SQLite and PostgreSQL fixture)
)

GAME = "stalk_exchange"


@pytest.fixture
def store(url: str) -> Iterator[Store]:  # noqa: F811
    s = Store(url)
    migrate(s.engine)
    try:
        yield s
    finally:
        s.close()


def person(name: str, account: int | None) -> dict[str, Any]:
    entry: dict[str, Any] = {"kind": "human", "name": name, "token_sha256": "0" * 64}
    if account is not None:
        entry["account"] = account
    return entry


def robot(spec: str) -> dict[str, Any]:
    return {"kind": "bot", "spec": spec}


FOUR = [person("Ann", 1), robot("random"), person("Bob", 2), robot("greedy")]
PLAYERS = ["account:1", "bot:random", "account:2", "bot:greedy"]


def finished(
    store: Store,
    table_id: str,
    seating: list[dict[str, Any]],
    ranks: list[int],
    moves: list[tuple[int, bool]] | None = None,
    rated: bool = True,
) -> None:
    """A finished table as the server stores it: its moves (seat, played by the stand-in)
    and its outcome's ranks."""
    table = NewTable(table_id, GAME, len(seating), {}, 1, seating, 30.0, rated=rated)
    store.create_table(table)
    for idx, (seat, stand_in) in enumerate(moves or [(s, False) for s in range(len(seating))]):
        store.append_move(table_id, idx, seat, {"type": "end"}, stand_in)
    store.finish(table_id, {"scores": [0] * len(seating), "ranks": ranks, "winners": [0]})


def expected(ranks: list[int], before: list[Any] | None = None) -> list[Any]:
    model = PlackettLuce()
    teams = [[r] for r in before] if before else [[model.rating()] for _ in ranks]
    return [team[0] for team in model.rate(teams, ranks=ranks)]


def ratings(ladder: LadderStore) -> dict[str, tuple[float, float, int]]:
    return {s.player: (s.rating.mu, s.rating.sigma, s.rating.games) for s in ladder.ladder(GAME)}


def test_migration_0008_adds_the_ladder_and_goes_back(store: Store) -> None:
    """Issue 30 item 3: migration 0008 adds its tables and columns, and its downgrade
    removes them (SQLite and PostgreSQL)."""
    names = set(inspect(store.engine).get_table_names())
    assert {"ladder_ratings", "ladder_history", "ladder_results"} <= names
    assert "rated" in {c["name"] for c in inspect(store.engine).get_columns("tables")}
    assert "stand_in" in {c["name"] for c in inspect(store.engine).get_columns("moves")}
    from alembic import command
    from alembic.config import Config

    from seedbed.server.storage import MIGRATIONS

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with store.engine.begin() as conn:
        config.attributes["connection"] = conn
        command.downgrade(config, "0006")
    inspector = inspect(store.engine)
    assert "ladder_ratings" not in inspector.get_table_names()
    assert "rated" not in {c["name"] for c in inspector.get_columns("tables")}
    assert "stand_in" not in {c["name"] for c in inspector.get_columns("moves")}
    migrate(store.engine)
    with store.engine.connect() as conn:
        assert conn.execute(text("select version_num from alembic_version")).scalar() == HEAD


def test_a_rated_four_player_table_updates_four_ratings_as_openskill_does(store: Store) -> None:
    """Issue 30 item 3: two people (accounts) and two bot presets; a tie for second; the
    update equals Plackett–Luce computed here from the ranking, and a second table starts
    from the first's ratings."""
    ladder = LadderStore(store.engine)
    finished(store, "t1", FOUR, [2, 1, 4, 2])
    assert ladder.pending() == ["t1"]
    assert ladder.apply("t1")
    want = expected([2, 1, 4, 2])
    got = ratings(ladder)
    for player, rating in zip(PLAYERS, want, strict=True):
        assert got[player] == pytest.approx((rating.mu, rating.sigma, 1))
    finished(store, "t2", FOUR, [1, 2, 3, 4])
    assert ladder.apply("t2")
    again = expected([1, 2, 3, 4], want)
    got = ratings(ladder)
    for player, rating in zip(PLAYERS, again, strict=True):
        assert got[player] == pytest.approx((rating.mu, rating.sigma, 2))
    names = {s.player: s.name for s in ladder.ladder(GAME)}
    assert names == {
        "account:1": "Ann",
        "account:2": "Bob",
        "bot:random": "Random bot",
        "bot:greedy": "Greedy bot",
    }
    shown = [s.rating.ordinal for s in ladder.ladder(GAME)]
    assert shown == sorted(shown, reverse=True)
    points = ladder.history("account:1", GAME)
    assert [p.table_id for p in points] == ["t2", "t1"] and [p.rank for p in points] == [1, 2]


def test_an_update_is_applied_once(store: Store) -> None:
    """Issue 30 item 3 (exactly once): applying a table again changes nothing."""
    ladder = LadderStore(store.engine)
    finished(store, "t1", FOUR, [1, 2, 3, 4])
    assert ladder.apply("t1") and not ladder.apply("t1")
    assert ladder.pending() == []
    assert {s.rating.games for s in ladder.ladder(GAME)} == {1}
    assert len(ladder.history("bot:greedy")) == 1


def test_an_unrated_table_leaves_the_ratings_unchanged(store: Store) -> None:
    ladder = LadderStore(store.engine)
    finished(store, "t1", FOUR, [1, 2, 3, 4], rated=False)
    assert ladder.pending() == [] and not ladder.apply("t1")
    assert ladder.ladder(GAME) == []


def test_guests_are_left_out_of_the_update(store: Store) -> None:
    """Issue 30 item 3: a guest (no ``account``) has no rating; the others are ranked among
    themselves as OpenSkill ranks them."""
    ladder = LadderStore(store.engine)
    seating = [person("Guest", None), robot("random"), person("Bob", 2), robot("greedy")]
    finished(store, "t1", seating, [1, 3, 2, 4])
    assert ladder.apply("t1")
    want = expected([3, 2, 4])
    got = ratings(ladder)
    assert set(got) == {"bot:random", "account:2", "bot:greedy"}
    for player, rating in zip(["bot:random", "account:2", "bot:greedy"], want, strict=True):
        assert got[player][:2] == pytest.approx((rating.mu, rating.sigma))


def test_a_seat_the_stand_in_played_for_over_a_third_unrates_the_table(store: Store) -> None:
    """Issue 30 item 3: seat 0 played 3 of its 5 moves, the stand-in 2 (40%), but its last
    move was its own: the table is unrated (marked with the reason)."""
    ladder = LadderStore(store.engine)
    moves = [(0, False), (1, False), (0, True), (2, False), (0, True), (3, False), (0, False)]
    moves += [(2, False), (0, False)]
    finished(store, "t1", FOUR, [1, 2, 3, 4], moves)
    assert ladder.apply("t1")
    assert ladder.ladder(GAME) == []
    result = ladder.result("t1")
    assert result is not None and not result[0] and "stand-in" in str(result[1])


def test_a_third_or_less_keeps_the_table_rated(store: Store) -> None:
    ladder = LadderStore(store.engine)
    moves = [(0, False), (0, True), (0, False), (1, False), (2, False), (3, False)]
    finished(store, "t1", FOUR, [1, 2, 3, 4], moves)
    assert ladder.apply("t1")
    assert ladder.result("t1") == (True, None)
    want = expected([1, 2, 3, 4])
    assert ratings(ladder)["account:1"][:2] == pytest.approx((want[0].mu, want[0].sigma))


def test_a_person_who_abandons_is_ranked_last_and_the_table_stays_rated(store: Store) -> None:
    """Issue 30 item 3: "A person who abandons a rated table (timer stand-in to the end) is
    ranked last": seat 0 won on points, but the stand-in played its moves from the second on
    to the end (most of them): it is ranked below everyone, and the table counts."""
    ladder = LadderStore(store.engine)
    moves = [(0, False), (1, False), (2, False), (3, False)]
    moves += [(0, True), (1, False), (2, False), (3, False), (0, True)]
    finished(store, "t1", FOUR, [1, 2, 3, 4], moves)
    assert ladder.apply("t1")
    assert ladder.result("t1") == (True, None)
    want = expected([5, 2, 3, 4])
    got = ratings(ladder)
    for player, rating in zip(PLAYERS, want, strict=True):
        assert got[player][:2] == pytest.approx((rating.mu, rating.sigma))
    assert ladder.history("account:1")[0].rank == 5


def test_a_move_the_table_played_for_the_person_counts_for_nobody(store: Store) -> None:
    """Issue 31 item 4 (D-65): the table drew for seat 0 after the stand-in's last move (a
    move stored ``played_for``): seat 0 still abandoned, ranked last, the table rated."""
    ladder = LadderStore(store.engine)
    moves = [(0, False), (1, False), (2, False), (3, False)]
    moves += [(0, True), (1, False), (2, False), (3, False), (0, True)]
    finished(store, "t1", FOUR, [1, 2, 3, 4], moves)
    store.append_move("t1", len(moves), 0, {"type": "finish-turn"}, False, played_for=True)
    assert ladder.apply("t1")
    assert ladder.result("t1") == (True, None)
    assert ladder.history("account:1")[0].rank == 5


def test_a_bot_preset_at_two_seats_is_one_player(store: Store) -> None:
    """Two seats of one preset: one rating, one game more, moved by both seats' changes."""
    ladder = LadderStore(store.engine)
    seating = [person("Ann", 1), robot("greedy"), robot("greedy")]
    finished(store, "t1", seating, [2, 1, 3])
    assert ladder.apply("t1")
    want = expected([2, 1, 3])
    got = ratings(ladder)
    assert got["bot:greedy"][2] == 1
    mu = 25 + (want[1].mu - 25) + (want[2].mu - 25)
    sigma = 25 / 3 * (want[1].sigma / (25 / 3)) * (want[2].sigma / (25 / 3))
    assert got["bot:greedy"][:2] == pytest.approx((mu, sigma))


def test_the_server_starts_without_matplotlib_or_openskill() -> None:
    """Issue 30 item 4: the plots' matplotlib (and the ratings' openskill) are imported when
    first used, not when the server's modules load (a fresh interpreter checks)."""
    import subprocess
    import sys

    code = (
        "import sys, seedbed.server.app, seedbed.cli.serve; "
        "print(sorted({'matplotlib', 'openskill'} & set(sys.modules)))"
    )
    found = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert found.stdout.strip() == "[]", found.stdout


def test_a_person_is_shown_under_their_account_name_and_deleted_as_deleted_player(
    store: Store,
) -> None:
    """Issue 30 items 1 and 3: the ladder names a person by their account (not the seat's
    name), and deleting the account keeps its games and rating under "deleted player"."""
    accounts = AccountStore(store.engine)
    ann = accounts.create("Annabel", "annabel", "hash")
    assert ann is not None
    seating = [person("Ann at the table", ann), robot("random"), person("Bob", 2)]
    finished(store, "t1", seating, [1, 2, 3])
    ladder = LadderStore(store.engine)
    assert ladder.apply("t1")
    names = {s.player: s.name for s in ladder.ladder(GAME)}
    assert names[f"account:{ann}"] == "Annabel" and names["account:2"] == "Bob"
    accounts.delete(ann)
    after = {s.player: (s.name, s.rating.games) for s in ladder.ladder(GAME)}
    assert after[f"account:{ann}"] == ("deleted player", 1)
