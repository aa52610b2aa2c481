"""What the browser shows of a Stalk Exchange view (issue 13, item 6): the values after the Bust
and the top-valued types (S-41), the viewer's portfolio worth now and after the Bust (S-42) and,
at the end, the types of the highest final value that break ties (S-43), worked out on the
server from the observation alone by ``scoring.py``."""

from __future__ import annotations

from seedbed.games.stalk_exchange.display import display

from .builder import SPEC_OPTIONS, build

VALUES = {"D": 6, "Da": 6, "G": 3, "S": 1, "T": 0}


def test_the_bust_and_the_worth_of_my_portfolio() -> None:
    """S-41: the two 6s halve to 3; S-42: 2 dahlias and a snowdrop are worth 13, then 7."""
    s = build(3, options=SPEC_OPTIONS, values=VALUES, portfolios=[["D", "D", "S"], [], []])
    shown = display(s.observe(0), 0)
    assert shown["after_bust"] == {
        "dahlia": 3,
        "daffodil": 3,
        "globemaster": 3,
        "snowdrop": 1,
        "tulip": 0,
    }
    assert shown["top"] == {"value": 6, "flowers": ["dahlia", "daffodil"]}
    assert shown["worth"] == {"now": 13, "after_bust": 7}
    assert shown["final_top"] is None


def test_a_spectator_has_no_portfolio_to_value() -> None:
    s = build(3, options=SPEC_OPTIONS, values=VALUES, portfolios=[["D"], [], []])
    assert display(s.observe(None), None)["worth"] is None


def test_no_top_value_before_the_first_harvest() -> None:
    """S-41: with every value 0 nothing is halved and no type is on top."""
    s = build(2, options=SPEC_OPTIONS, portfolios=[["D"], []])
    shown = display(s.observe(0), 0)
    assert shown["top"] == {"value": 0, "flowers": []}
    assert shown["worth"] == {"now": 0, "after_bust": 0}


def test_s43_the_top_final_level_at_the_end() -> None:
    """At the end the tie-break counts tokens of the highest final value: after the Bust the
    dahlias, daffodils and globemasters all stand at 3."""
    s = build(2, options=SPEC_OPTIONS, values=VALUES, portfolios=[["G"], ["S"]], over=True, crash=1)
    shown = display(s.observe(None), None)
    assert shown["final_top"] == {"value": 3, "flowers": ["dahlia", "daffodil", "globemaster"]}


def test_s43_every_type_is_on_the_top_level_when_all_end_at_0() -> None:
    s = build(2, options=SPEC_OPTIONS, portfolios=[["G"], ["S"]], over=True, crash=1)
    shown = display(s.observe(0), 0)
    assert shown["final_top"] == {"value": 0, "flowers": list(shown["after_bust"])}
    assert shown["top"] == {"value": 0, "flowers": []}
