"""Bot specs as strings and the registry of bot kinds (issue 5): parsing, errors, defaults."""

from __future__ import annotations

import pytest

import seedbed
from seedbed.bots import (
    Bot,
    BotKind,
    BotSpecError,
    InfoSet,
    Param,
    bot_kinds,
    make_bot,
    parse_spec,
    parse_spec_list,
    register_bot,
)
from seedbed.bots.random_bot import RandomBot
from seedbed.engine.rng import Rng


class _Fixed(Bot):
    name = "fixed"

    def __init__(self, index: int) -> None:
        self.index = index

    def act(self, info: InfoSet, rng: Rng):  # type: ignore[no-untyped-def]
        return info.legal_actions()[self.index]


def _check(settings):  # type: ignore[no-untyped-def]
    return "depth and width exclude each other" if settings["depth"] and settings["width"] else None


FIXED = BotKind(
    "fixed",
    "the i-th menu entry (test kind)",
    lambda game, params: _Fixed(params["index"]),
    {
        "index": Param(int, 0, "menu index", minimum=0),
        "c": Param(float, 0.5, "a number"),
        "depth": Param(int, None, "optional", minimum=1),
        "width": Param(int, None, "optional", minimum=1),
        "greedy": Param(bool, False, "a switch"),
    },
    check=_check,
)


@pytest.fixture(autouse=True)
def fixed_kind() -> None:
    register_bot(FIXED)


def test_spec_round_trip_and_canonical_order() -> None:
    spec = parse_spec("fixed:c=0.25,index=3,greedy=yes")
    assert str(spec) == "fixed:index=3,c=0.25,greedy=true"
    assert spec.settings() == {"index": 3, "c": 0.25, "depth": None, "width": None, "greedy": True}
    assert parse_spec(str(spec)) == spec
    assert str(parse_spec(" random ")) == "random"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("nobody", "unknown bot 'nobody'; bots: "),
        ("fixed:speed=3", "bot fixed has no parameter 'speed'; parameters: index, c, depth"),
        ("fixed:index", "parameter 'index' is not of the form key=value"),
        ("fixed:index=two", "bot fixed: index must be int, got 'two'"),
        ("fixed:index=-1", "bot fixed: index must be at least 0, got -1"),
        ("fixed:index=1,index=2", "parameter 'index' given twice"),
        ("fixed:greedy=maybe", "bot fixed: greedy must be bool"),
        ("fixed:depth=2,width=3", "bot fixed: depth and width exclude each other"),
        ("random:x=1", "bot random has no parameter 'x'; parameters: none"),
    ],
)
def test_bad_specs_are_refused_with_a_clear_message(text: str, message: str) -> None:
    with pytest.raises(BotSpecError) as error:
        parse_spec(text)
    assert message in str(error.value)
    assert isinstance(error.value, ValueError)


def test_lists_attach_parameters_to_the_spec_before_them() -> None:
    specs = parse_spec_list("fixed:index=1,c=0.7,random,fixed")
    assert [str(s) for s in specs] == ["fixed:index=1,c=0.7", "random", "fixed"]
    with pytest.raises(BotSpecError, match="starts with a parameter"):
        parse_spec_list("c=0.7,random")
    with pytest.raises(BotSpecError, match="empty bot spec"):
        parse_spec_list("random,,random")


def test_make_bot_builds_the_kind_with_defaults_filled() -> None:
    assert isinstance(make_bot("random", "bohnanza"), RandomBot)
    bot = make_bot("fixed:index=2", "stalk_exchange")
    state = seedbed.game("stalk_exchange").new_state(3, seed=4)
    info = InfoSet(state, 0)
    assert bot.act(info, Rng(0)) == info.legal_actions()[2]
    assert "random" in [k.name for k in bot_kinds()]


def test_random_bot_is_seeded_and_legal() -> None:
    state = seedbed.game("bohnanza").new_state(4, seed=2)
    bot = make_bot("random", "bohnanza")
    for _ in range(200):
        if state.is_terminal():
            break
        p = state.to_move()[0]
        info = InfoSet(state, p)
        a = bot.act(info, Rng(7))
        assert a == bot.act(info, Rng(7)) and info.is_legal(a)
        state.apply(p, a)


def test_infoset_hides_the_state_and_samples_consistent_worlds() -> None:
    """DESIGN §4: a bot sees only the observation, the menu and determinized samples."""
    state = seedbed.game("stalk_exchange").new_state(3, seed=9)
    info = InfoSet(state, 1)
    assert not hasattr(info, "state") and "_state" in InfoSet.__slots__
    world = info.sample(Rng(3))
    assert world is not state
    assert world.observe(1) == state.observe(1)
