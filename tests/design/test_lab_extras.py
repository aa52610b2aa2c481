"""The games' own measures for the lab (issue 35 item 2), on hand-made final views whose
answers are known."""

from __future__ import annotations

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
    extras = stalk_extras(stalk_view())
    harvests = {k: v for k, v in extras.items() if k.startswith("harvests ")}
    assert harvests == {
        "harvests dahlia": 1.0,
        "harvests daffodil": 0.0,
        "harvests globemaster": 0.0,
        "harvests snowdrop": 0.0,
        "harvests tulip": 3.0,
    }
    assert extras["final value tulip"] == 3.0
