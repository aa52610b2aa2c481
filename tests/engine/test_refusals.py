"""Refusals carry their clause as a field, set where the rule is checked (issue 13, item 4):
a rule check returns ``refuse(clause, message)``, and the game's IllegalActionError takes that
clause as it is, never reading it back out of the message text. The printed message stays
exactly what it was ("<action>: <message> [<clause>]")."""

from __future__ import annotations

import pytest

import seedbed
from seedbed.engine.errors import IllegalActionError, Refusal, refuse
from seedbed.games.bohnanza import rules as bohnanza_rules
from seedbed.games.fields_of_green import upkeep as fields_upkeep
from seedbed.games.stalk_exchange import rules as stalk_rules


def test_refuse_names_the_clause_where_the_rule_is_checked() -> None:
    why = refuse("B-24", "field 1 holds a single bean while another field holds more")
    assert isinstance(why, Refusal)
    assert (why.clause, why.message) == ("B-24", why.message)
    assert str(why) == "field 1 holds a single bean while another field holds more [B-24]"
    error = why.error("harvest 1")
    assert isinstance(error, IllegalActionError) and error.clause == "B-24"
    assert (
        str(error) == "harvest 1: field 1 holds a single bean while another field holds more [B-24]"
    )


def test_a_message_ending_in_brackets_keeps_them() -> None:
    """The clause is not found by looking for the last ``[...]`` of the text: a message that
    itself ends in brackets (a nested refusal) keeps them in the message."""
    inner = refuse("B-24", "field 0 holds a single bean")
    outer = refuse("B-21", f"cannot plant over field 0: {inner}")
    error = outer.error("plant 0")
    assert error.clause == "B-21"
    assert (
        str(error)
        == "plant 0: cannot plant over field 0: field 0 holds a single bean [B-24] [B-21]"
    )


def test_two_clauses_that_say_it_together() -> None:
    error = refuse("B-32, B-55", "the front card must be planted first").error("end-planting")
    assert error.clause == "B-32, B-55"
    assert str(error) == "end-planting: the front card must be planted first [B-32, B-55]"


def test_rule_checks_return_refusals_with_their_clause() -> None:
    """Each game's checks hand back the clause as data (before issue 13 they returned text
    with a ``[clause]`` tag that the game parsed)."""
    stalk = seedbed.game("stalk_exchange", engine="python").new_state(3, 1)  # the Python rules
    why = stalk_rules.check_plant(stalk, 99, 0)
    assert why == Refusal("S-14", "there is no slot 99")
    beans = seedbed.game("bohnanza", engine="python").new_state(4, 1)  # the Python rules
    assert bohnanza_rules.harvest_error(beans, 0, 0) == Refusal("B-23", "field 0 is empty")
    fields = seedbed.game("fields_of_green", engine="python").new_state(3, 1)  # Python rules
    assert fields_upkeep.split_error(fields, (7, 0, 0, 0)) == Refusal(
        "F-42", "the counts must add up to 6"
    )


@pytest.mark.parametrize(
    ("game", "players", "text", "clause", "message"),
    [
        ("stalk_exchange", 3, "plant 99 0,0", "S-14", "plant 99 0,0: there is no slot 99 [S-14]"),
        ("bohnanza", 4, "harvest 0", "B-23", "harvest 0: field 0 is empty [B-23]"),
        (
            "bohnanza",
            4,
            "finish-turn",
            "B-52",
            "finish-turn: not allowed in phase plant (only in: draw, duel-draw) [B-52]",
        ),
        (
            "fields_of_green",
            3,
            "split 7 0 0 0",
            "F-42",
            "split 7 0 0 0: the counts must add up to 6 [F-42]",
        ),
        (
            "fields_of_green",
            3,
            "end-scoring",
            "F-7",
            "end-scoring: not allowed in phase draw [F-7]",
        ),
    ],
)
def test_the_games_refuse_with_the_clause_field(
    game: str, players: int, text: str, clause: str, message: str
) -> None:
    g = seedbed.game(game)
    state = g.new_state(players, 1)
    player = state.to_move()[0]
    with pytest.raises(IllegalActionError) as info:
        state.apply(player, g.parse_action(text))
    assert (info.value.clause, str(info.value)) == (clause, message)
