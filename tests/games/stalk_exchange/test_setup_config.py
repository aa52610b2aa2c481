"""Player counts, the configuration object, components and setup (S-1 … S-10, S-13 … S-20,
S-EX-12)."""

from __future__ import annotations

import json
from typing import Any

import pytest

import seedbed
from seedbed.engine.rng import Rng
from seedbed.games.stalk_exchange.config import FLOWERS, LETTERS, make_config, normalize_options
from seedbed.games.stalk_exchange.rules import draw

from .builder import (
    GAME,
    SPEC_OPTIONS,
    act,
    assert_conserved,
    build,
    counts,
    exchange_of,
    play_random,
    refused,
)

PORTFOLIO = {2: 12, 3: 11, 4: 10, 5: 8}  # the spec's S-3 table (SPEC_OPTIONS)
SEEDY = {2: 5, 3: 4, 4: 4, 5: 4}
MARKET = {2: 14, 3: 16, 4: 18, 5: 20}
# S-2: the table's numbers are provisional; the defaults are the calibrated ones (D-24).
CALIBRATED = {
    "portfolio_size": {2: 12, 3: 11, 4: 8, 5: 8},
    "seedy_tokens": {2: 7, 3: 4, 4: 2, 5: 1},
    "market_start": {2: 30, 3: 28, 4: 28, 5: 28},
}


# ------------------------------------------------------------------ S-1 player counts


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_s1_two_to_five_players(n: int) -> None:
    """S-1: 2-5 players are accepted, and seedbed.game knows the game by name."""
    s = seedbed.game("stalk_exchange", engine="python").new_state(n, 1, SPEC_OPTIONS)
    assert s.num_players == n
    assert len(s.portfolios) == n
    assert GAME.player_counts() == range(2, 6)


@pytest.mark.parametrize("n", [0, 1, 6, 7, -2, True, 3.0, "3"])
def test_s1_other_counts_refused(n: Any) -> None:
    """S-1: other counts are refused at creation."""
    with pytest.raises(ValueError, match="S-1"):
        GAME.new_state(n, 1, SPEC_OPTIONS)


def test_s1_two_players_use_only_the_configured_numbers() -> None:
    """S-1: no special 2-player rules: the same turn structure, with the 2p numbers."""
    s = GAME.new_state(2, 3, SPEC_OPTIONS)
    assert [sum(p) for p in s.portfolios] == [12, 12]
    assert s.seedy == [5, 5]
    assert s.config.market_start == 14
    assert s.to_move() == (0,)
    act(s, 0, s.legal_actions(0)[0].__str__())
    assert s.basic_taken == 1


# ------------------------------------------------------------------ S-2 / S-3 configuration


def test_s3_defaults_table() -> None:
    """S-3: option names as the table gives them; S-2: the [designed] per-count defaults are
    the calibrated ones (D-24), and the table's own numbers are still accepted as options."""
    calibrated = {k: {str(n): v for n, v in m.items()} for k, m in CALIBRATED.items()}
    assert normalize_options({}) == {**SPEC_OPTIONS, **calibrated}
    assert normalize_options(None) == normalize_options({})
    assert normalize_options(SPEC_OPTIONS) == SPEC_OPTIONS
    for n in (2, 3, 4, 5):
        d = make_config(n, None)
        assert (d.portfolio_size, d.seedy_tokens, d.market_start) == tuple(
            CALIBRATED[k][n] for k in ("portfolio_size", "seedy_tokens", "market_start")
        )
        c = make_config(n, SPEC_OPTIONS)
        assert (c.garden_radius, c.exchange_slots, c.basic_actions, c.tokens_per_type) == (
            3,
            6,
            2,
            25,
        )
        assert (c.portfolio_size, c.seedy_tokens, c.market_start) == (
            PORTFOLIO[n],
            SEEDY[n],
            MARKET[n],
        )


def test_s3_per_count_option_takes_one_integer_or_a_map() -> None:
    """S-3: one integer is used at every count; a map overrides only the counts it names
    (keys as ints or as strings); missing counts keep their defaults."""
    one = normalize_options({"portfolio_size": 9})
    assert one["portfolio_size"] == {"2": 9, "3": 9, "4": 9, "5": 9}
    some = normalize_options({"market_start": {3: 33, "5": 7}})
    assert some["market_start"] == {"2": 30, "3": 33, "4": 28, "5": 7}
    assert make_config(3, {"market_start": {3: 33}}).market_start == 33
    assert make_config(4, {"market_start": {3: 33}}).market_start == 28
    s = GAME.new_state(3, 1, {"seedy_tokens": {"3": 2}})
    assert s.seedy == [2, 2, 2]


def test_s3_unknown_option_refused() -> None:
    """S-3: unknown option names are refused (the error names it)."""
    with pytest.raises(ValueError, match="'radius'"):
        GAME.new_state(3, 1, {"radius": 3})
    with pytest.raises(ValueError, match="unknown option"):
        normalize_options({"edition": "standard"})


@pytest.mark.parametrize(
    "options",
    [
        {"garden_radius": "3"},
        {"garden_radius": 3.0},
        {"exchange_slots": None},
        {"basic_actions": True},
        {"tokens_per_type": [25]},
        {"portfolio_size": "10"},
        {"seedy_tokens": {"3": 2.5}},
        {"market_start": {"3": "16"}},
    ],
)
def test_s3_non_integers_refused(options: dict[str, Any]) -> None:
    """S-3: every number must be an integer (booleans, floats and strings are refused)."""
    with pytest.raises(ValueError, match="integer"):
        GAME.new_state(3, 1, options)


@pytest.mark.parametrize(
    "name",
    [
        "garden_radius",
        "exchange_slots",
        "basic_actions",
        "tokens_per_type",
        "portfolio_size",
        "market_start",
    ],
)
@pytest.mark.parametrize("value", [0, -1])
def test_s3_zero_or_negative_refused(name: str, value: int) -> None:
    """S-3: any number that is zero or negative is refused, as one integer or in a map."""
    with pytest.raises(ValueError, match=name):
        GAME.new_state(3, 1, {name: value})
    if name in ("portfolio_size", "market_start"):
        with pytest.raises(ValueError, match=name):
            GAME.new_state(3, 1, {name: {"4": value}})


def test_s3_seedy_tokens_may_be_zero_but_not_negative() -> None:
    """S-3: ``seedy_tokens`` alone may be 0."""
    s = GAME.new_state(3, 1, {**SPEC_OPTIONS, "seedy_tokens": 0})
    assert s.seedy == [0, 0, 0]
    assert "flush" not in [str(a) for a in s.legal_actions(0)]
    with pytest.raises(ValueError, match="seedy_tokens"):
        GAME.new_state(3, 1, {"seedy_tokens": -1})


@pytest.mark.parametrize("key", ["1", "6", 7, "three", None, 3.5, 3.0])
def test_s3_map_keys_must_be_player_counts(key: Any) -> None:
    """S-3: a per-count map is keyed by player counts 2-5."""
    with pytest.raises(ValueError, match="player count"):
        GAME.new_state(3, 1, {"portfolio_size": {key: 9}})


def test_s3_capacity_refusal() -> None:
    """S-3: N · portfolio_size + exchange_slots may not exceed 5 · tokens_per_type."""
    # 5 · 24 + 5 = 125 tokens: exactly enough
    s = GAME.new_state(5, 1, {"portfolio_size": 24, "exchange_slots": 5})
    assert s.greenhouse_size == 0
    assert_conserved(s)
    with pytest.raises(ValueError, match="S-3"):
        GAME.new_state(5, 1, {"portfolio_size": 24, "exchange_slots": 6})
    with pytest.raises(ValueError, match="S-3"):
        GAME.new_state(2, 1, {"tokens_per_type": 3, "portfolio_size": 5, "exchange_slots": 6})
    # the same option is fine at a count where it fits
    assert GAME.new_state(2, 1, {"portfolio_size": {"5": 24}, "exchange_slots": 6})


def test_s3_garden_radius_4() -> None:
    """S-3 / S-11: ``garden_radius`` = 4 gives a 61-space Garden, planted like any other."""
    s = GAME.new_state(3, 2, {**SPEC_OPTIONS, "garden_radius": 4})
    assert len(s.garden) == 61 and len(s.empty) == 61
    assert len(s.legal_actions(0)) >= 6 * 61
    act(s, 0, "plant 0 4,-4")
    assert s.garden[s.board.index[(4, -4)]] != 0


def test_s2_engine_reads_every_number_from_the_configuration() -> None:
    """S-2: changing each option changes the game accordingly (nothing hard-coded)."""
    options = {
        "garden_radius": 2,
        "exchange_slots": 4,
        "basic_actions": 3,
        "tokens_per_type": 10,
        "portfolio_size": 7,
        "seedy_tokens": 1,
        "market_start": 9,
    }
    s = GAME.new_state(3, 5, options)
    assert len(s.garden) == 19
    assert len(s.exchange) == 4 and -1 not in s.exchange
    assert [sum(p) for p in s.portfolios] == [7, 7, 7]
    assert s.seedy == [1, 1, 1]
    assert s.greenhouse_size == 50 - 21 - 4
    assert_conserved(s)
    for slot in range(3):  # three basic actions before EndActions is legal
        refused(s, 0, "end", "S-27")
        act(s, 0, f"plant {slot} {s.board.spaces[slot][0]},{s.board.spaces[slot][1]}")
    assert s.basic_taken == 3 and s.seedy == [1, 1, 1]
    # market_start 9: the first harvested token lies on cell 9
    garden: dict[Any, Any] = {
        sp: ("D", "Da", "G", "S")[i % 4] for i, sp in enumerate(s.board.spaces)
    }
    garden[(0, 0)] = ("T", "bloom")
    t = build(3, options=options, garden=garden, basic_taken=3)
    assert_conserved(t)
    events = act(t, 0, "end")
    market = [e for e in events if e.kind == "market"]
    assert market[0].public["laid"] == [["tulip", 9]]
    assert t.values == [0, 0, 0, 0, 1]


# ------------------------------------------------------------------ S-4, S-5


def test_s4_seat_0_first_then_clockwise() -> None:
    """S-4: seat 0 takes the first turn; play passes to seat + 1 (mod N)."""
    s = GAME.new_state(3, 1, SPEC_OPTIONS)
    assert s.to_move() == (0,) and s.active == 0
    seats = []
    for _ in range(4):
        seats.append(s.active)
        s.basic_taken = s.config.basic_actions
        act(s, s.active, "end")
    assert seats == [0, 1, 2, 0]
    assert s.to_move() == (1,)


def test_s5_same_seed_same_game_and_chosen_draws() -> None:
    """S-5: the same seed, configuration and actions reproduce the same game; tests can choose
    the bag contents and so the draw results."""
    a = GAME.new_state(4, 99, SPEC_OPTIONS)
    b = GAME.new_state(4, 99, SPEC_OPTIONS)
    assert a.key() == b.key()
    assert GAME.new_state(4, 100, SPEC_OPTIONS).key() != a.key()
    play_random(a, 7)
    play_random(b, 7)
    assert a.key() == b.key()
    assert a.outcome() == b.outcome()
    # a Greenhouse of one type draws that type
    s = build(3, options=SPEC_OPTIONS, greenhouse={"S": 6}, seedy=[1, 1, 1])
    act(s, 0, "flush")
    assert exchange_of(s) == ["S"] * 6


# ------------------------------------------------------------------ components


def test_s7_flower_types_in_canonical_order() -> None:
    """S-7: dahlia, daffodil, globemaster, snowdrop, tulip, index 0 first."""
    assert FLOWERS == ("dahlia", "daffodil", "globemaster", "snowdrop", "tulip")
    assert LETTERS == ("D", "Da", "G", "S", "T")
    assert GAME.parse_action("swap 0 dahlia").give == 0  # type: ignore[attr-defined]
    assert GAME.parse_action("swap 0 tulip").give == 4  # type: ignore[attr-defined]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_s8_s18_tokens_per_type_and_conservation_through_play(n: int) -> None:
    """S-8 / S-18: 25 tokens of each type, 125 in all; Greenhouse + Compost + Garden +
    Exchange + portfolios + track stay 25 of each type at every moment of a game."""
    s = GAME.new_state(n, 11 + n, SPEC_OPTIONS)
    assert s.token_total() == [25] * 5
    assert sum(s.token_total()) == 125
    play_random(s, n, check=lambda state, _: assert_conserved(state))
    assert s.is_terminal()
    assert_conserved(s)
    small = GAME.new_state(n, 1, {**SPEC_OPTIONS, "tokens_per_type": 14, "portfolio_size": 4})
    assert small.token_total() == [14] * 5


def test_s9_draw_is_uniform_over_the_tokens_in_the_greenhouse() -> None:
    """S-9: a draw takes one token uniformly at random from the Greenhouse (1 D in 4 tokens
    comes out about a quarter of the time; a type with no tokens never comes out)."""
    s = build(3, options=SPEC_OPTIONS, greenhouse={"D": 1, "T": 3})
    got = [0] * 5
    for seed in range(4000):
        c = s.clone()
        c.rng = Rng(seed)
        got[draw(c)] += 1
        assert c.greenhouse_size == 3 and sum(c.greenhouse) == 3
    assert got[1] == got[2] == got[3] == 0
    assert 900 <= got[0] <= 1100 and got[0] + got[4] == 4000


def test_s10_s63_compost_never_returns() -> None:
    """S-10 / S-63: nothing leaves the Compost, even when the Greenhouse is empty: a Flush and
    an upkeep with an empty Greenhouse draw nothing and only add to the Compost."""
    s = build(
        3,
        options=SPEC_OPTIONS,
        exchange=["D", "Da", "G", "S", "T", "T"],
        greenhouse={},
        compost={"D": 24, "Da": 24, "G": 24, "S": 24, "T": 23},
        seedy=[2, 0, 0],
        basic_taken=2,
    )
    assert_conserved(s)
    act(s, 0, "flush")
    assert exchange_of(s) == [None] * 6
    assert counts(s.compost) == {"D": 25, "Da": 25, "G": 25, "S": 25, "T": 25}
    assert s.greenhouse_size == 0
    act(s, 0, "flush")  # still nothing comes back
    assert s.greenhouse_size == 0 and counts(s.compost)["T"] == 25
    act(s, 0, "end")
    assert s.greenhouse == [0] * 5 and s.is_terminal()


def test_s13_a_space_holds_at_most_one_token() -> None:
    """S-13: a Garden space is empty or holds one token, bulb or bloom."""
    s = build(
        3, options=SPEC_OPTIONS, garden={(0, 0): "T", (1, 0): ("G", "bloom")}, exchange=["D"] * 6
    )
    refused(s, 0, "plant 0 0,0", "S-24")
    refused(s, 0, "plant 0 1,0", "S-24")


def test_s14_exchange_has_exchange_slots_slots() -> None:
    """S-14: a row of ``exchange_slots`` slots numbered 0 … 5; there is no slot 6."""
    s = GAME.new_state(3, 1, SPEC_OPTIONS)
    assert len(s.exchange) == 6 and -1 not in s.exchange
    refused(s, 0, "plant 6 0,0", "S-14")
    refused(s, 0, "swap 6 tulip", "S-14")
    refused(s, 0, "plant -1 0,0", "S-14")
    assert len(GAME.new_state(3, 1, {**SPEC_OPTIONS, "exchange_slots": 8}).exchange) == 8


def test_s15_market_cells_and_values_invariant() -> None:
    """S-15: the i-th token laid lies on cell S − i + 1; values start at 0 and rise by one per
    harvested token; their sum equals the track length; cells below 1 are allowed."""
    s = GAME.new_state(2, 1, SPEC_OPTIONS)
    assert s.values == [0] * 5 and s.track == []
    # S = 2: five blooms of five types harvested at once land on cells 2, 1, 0, −1, −2
    options = {**SPEC_OPTIONS, "market_start": 2}
    garden: dict[Any, Any] = {sp: LETTERS[i % 5] for i, sp in enumerate(s.board.spaces)}
    for space, letter in [
        ((0, -3), "D"),
        ((3, -3), "Da"),
        ((-3, 0), "G"),
        ((3, 0), "S"),
        ((0, 3), "T"),
    ]:
        garden[space] = (letter, "bloom")
    t = build(2, options=options, garden=garden, basic_taken=2)
    events = act(t, 0, "end")
    market = next(e for e in events if e.kind == "market").public
    assert market["laid"] == [
        ["dahlia", 2],
        ["daffodil", 1],
        ["globemaster", 0],
        ["snowdrop", -1],
        ["tulip", -2],
    ]
    assert t.values == [1, 1, 1, 1, 1] and sum(t.values) == len(t.track) == 5


def test_s16_portfolio_sizes_per_count_and_swaps_keep_size() -> None:
    """S-16: each player holds ``portfolio_size`` tokens (2p 12, 3p 11, 4p 10, 5p 8); a swap
    exchanges one for one, so the size never changes."""
    for n in (2, 3, 4, 5):
        s = GAME.new_state(n, n, SPEC_OPTIONS)
        assert [sum(p) for p in s.portfolios] == [PORTFOLIO[n]] * n
    s = build(3, options=SPEC_OPTIONS, exchange=["T"] * 6, portfolios=[{"D": 11}, {}, {}])
    act(s, 0, "swap 0 dahlia")
    act(s, 0, "swap 1 dahlia")
    assert counts(s.portfolios[0]) == {"D": 9, "T": 2}
    assert sum(s.portfolios[0]) == 11


def test_s17_seedy_tokens_per_count_never_gained_spent_for_good() -> None:
    """S-17: each player starts with ``seedy_tokens`` (2p 5, others 4) unspent, 0 spent;
    spending one moves it to the spent count for good."""
    for n in (2, 3, 4, 5):
        s = GAME.new_state(n, n, SPEC_OPTIONS)
        assert s.seedy == [SEEDY[n]] * n and s.spent == [0] * n
    s = GAME.new_state(3, 4, SPEC_OPTIONS)
    act(s, 0, "flush")
    assert s.seedy == [3, 4, 4] and s.spent == [1, 0, 0]
    s.basic_taken = 2
    act(s, 0, "end")
    assert s.seedy == [3, 4, 4] and s.spent == [1, 0, 0]


def _expected_setup(n: int, seed: int) -> tuple[list[list[int]], list[int]]:
    """S-19 done by hand: deal round the table from seat 0, one token at a time, then fill
    slots 5 down to 0, each draw uniform over the remaining tokens."""
    rng = Rng(seed)
    bag = [25] * 5

    def take() -> int:
        pick = rng.below(sum(bag))
        t = 0
        while pick >= bag[t]:
            pick -= bag[t]
            t += 1
        bag[t] -= 1
        return t

    portfolios = [[0] * 5 for _ in range(n)]
    for _ in range(PORTFOLIO[n]):
        for p in range(n):
            portfolios[p][take()] += 1
    exchange = [-1] * 6
    for slot in range(5, -1, -1):
        exchange[slot] = take()
    return portfolios, exchange


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_s19_setup_order(n: int) -> None:
    """S-19: all tokens in the Greenhouse; portfolios dealt one at a time round the table from
    seat 0; the Exchange filled from slot 5 down to 0; empty Garden, values 0, empty track and
    Compost; ``seedy_tokens`` unspent each; seat 0 begins."""
    s = GAME.new_state(n, 1234 + n, SPEC_OPTIONS)
    portfolios, exchange = _expected_setup(n, 1234 + n)
    assert s.portfolios == portfolios
    assert s.exchange == exchange
    assert s.garden == [0] * 37 and len(s.empty) == 37
    assert s.values == [0] * 5 and s.track == [] and s.compost == [0] * 5
    assert s.seedy == [SEEDY[n]] * n and s.spent == [0] * n
    assert s.active == 0 and s.basic_taken == 0 and s.turns == 0 and s.crash == 0
    assert not s.is_terminal()


@pytest.mark.parametrize(("n", "left"), [(2, 95), (3, 86), (4, 79), (5, 79)])
def test_s20_greenhouse_after_setup(n: int, left: int) -> None:
    """S-20: after setup the Greenhouse holds 125 − N · portfolio_size − 6 tokens."""
    s = GAME.new_state(n, 8, SPEC_OPTIONS)
    assert s.greenhouse_size == sum(s.greenhouse) == left
    assert s.observe(None)["greenhouse"] == left


def test_s_ex_12_four_player_setup() -> None:
    """S-EX-12: 4 players: portfolios 4 × 10 = 40 tokens, Exchange 6, Greenhouse 79; each
    player has 4 unspent Seedy Business tokens (16 of the box's 20)."""
    s = GAME.new_state(4, 12, SPEC_OPTIONS)
    assert sum(map(sum, s.portfolios)) == 40
    assert sum(1 for t in s.exchange if t != -1) == 6
    assert s.greenhouse_size == 79
    assert s.seedy == [4, 4, 4, 4] and sum(s.seedy) == 16


def test_s19_s45_setup_is_json_ready() -> None:
    """S-19: the options of a created game are the complete normalised table."""
    s = GAME.new_state(3, 1, {"market_start": {"3": 20}})
    assert json.loads(json.dumps(s.config.options))["market_start"]["3"] == 20
