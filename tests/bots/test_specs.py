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
        "index": Param(int, 0, "menu index", minimum=0, maximum=99),
        "c": Param(float, 0.5, "a number", minimum=-1, maximum=1),
        "depth": Param(int, None, "optional", minimum=1, maximum=9),
        "width": Param(int, None, "optional", minimum=1, maximum=9),
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
        ("fixed:index=two", "bot fixed: index must be int from 0 to 99, got 'two'"),
        ("fixed:index=-1", "bot fixed: index must be at least 0, got -1"),
        ("fixed:index=1,index=2", "parameter 'index' given twice"),
        ("fixed:greedy=maybe", "bot fixed: greedy must be bool"),
        ("fixed:depth=2,width=3", "bot fixed: depth and width exclude each other"),
        ("greedy:x=1", "bot greedy has no parameter 'x'; parameters: bulky"),
        ("random:x=1", "bot random has no parameter 'x'; parameters: polite"),
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


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("ismcts:seconds=nan", "bot ismcts: seconds must be finite float from 0 to 60, got 'nan'"),
        ("ismcts:seconds=NaN", "seconds must be finite float from 0 to 60, got 'NaN'"),
        ("ismcts:seconds=inf", "seconds must be finite float from 0 to 60, got 'inf'"),
        ("ismcts:c=-inf", "bot ismcts: c must be finite float from 0 to 100, got '-inf'"),
        ("ismcts:seconds=infinity", "seconds must be finite float from 0 to 60"),
        ("ismcts:seconds=1e999", "seconds must be finite float from 0 to 60, got '1e999'"),
        ("ismcts:seconds=61", "bot ismcts: seconds must be at most 60, got 61"),
        ("ismcts:seconds=1e9", "bot ismcts: seconds must be at most 60, got 1e9"),
        ("ismcts:iterations=1000001", "iterations must be at most 1000000, got 1000001"),
        ("ismcts:iterations=" + "9" * 30, "iterations must be at most 1000000, got 999"),
        ("ismcts:depth=1001", "bot ismcts: depth must be at most 1000, got 1001"),
        ("ismcts:max_children=10001", "max_children must be at most 10000, got 10001"),
        ("ismcts:widen=100.5", "bot ismcts: widen must be at most 100, got 100.5"),
        ("ismcts:c=1000", "bot ismcts: c must be at most 100, got 1000"),
    ],
)
def test_bot_budgets_are_finite_and_bounded(text: str, message: str) -> None:
    """Issue 12, defect 4: ``ismcts:seconds=nan`` searched forever (``now >= start + nan`` is
    never true) and nothing bounded iterations, depth or widths; every numeric parameter now
    has a documented range and floats must be finite."""
    with pytest.raises(BotSpecError) as error:
        parse_spec(text)
    assert message in str(error.value)
    assert "\n" not in str(error.value)


@pytest.mark.parametrize(
    "value", ["\u0661", "1\u0660", "\uff11", "1_000", "1 2", "+3", "0x10", "1.0", "1e3", "\u00b2"]
)
def test_int_parameters_are_ascii_digits_only(value: str) -> None:
    """Issue 12, defect 4: Python's ``int()`` reads Arabic-Indic and full-width digits,
    underscores and a sign; a spec's int is ``-?[0-9]+`` and nothing else."""
    with pytest.raises(BotSpecError) as error:
        parse_spec(f"ismcts:iterations={value}")
    assert "bot ismcts: iterations must be int from 1 to 1000000, got " in str(error.value)


@pytest.mark.parametrize("value", ["\u0661.5", "1_0.5", "0x1p-2", "1.5f", ".", "e3", "--1"])
def test_float_parameters_are_ascii_decimals_only(value: str) -> None:
    """Issue 12, defect 4: ``float()`` also reads non-ASCII digits and underscores."""
    with pytest.raises(BotSpecError, match="c must be finite float from 0 to 100, got "):
        parse_spec(f"ismcts:c={value}")


def test_long_values_and_specs_are_refused_before_conversion() -> None:
    """Issue 12, defect 4: a value of thousands of digits reached ``int()``/``float()`` (and a
    huge spec was echoed into the error); both are refused by length first."""
    with pytest.raises(BotSpecError) as error:
        parse_spec("ismcts:iterations=" + "1" * 33)
    assert str(error.value) == "bot ismcts: iterations is longer than 32 characters"
    with pytest.raises(BotSpecError) as error:
        parse_spec("ismcts:" + "c=1," * 100)
    assert str(error.value) == "bot spec is longer than 256 characters"


def test_values_at_the_bounds_are_accepted_and_unchanged() -> None:
    """Issue 12, defect 4: the bounds are inclusive and valid specs keep their canonical form."""
    text = "ismcts:iterations=1000000,c=100,depth=1000,max_children=10000,widen=100"
    assert str(parse_spec(text)) == text
    assert str(parse_spec("ismcts:seconds=60")) == "ismcts:seconds=60"
    assert str(parse_spec("ismcts:seconds=0.5,c=.25")) == "ismcts:seconds=0.5,c=0.25"
    assert str(parse_spec("ismcts: iterations = 12 ")) == "ismcts:iterations=12"
    assert str(parse_spec("ismcts:seconds=1E1")) == "ismcts:seconds=10"
    assert parse_spec("fixed:c=-0.5").settings()["c"] == -0.5


def test_every_numeric_parameter_declares_both_bounds() -> None:
    """Issue 12, defect 4: a kind cannot declare an unbounded number (the server would accept
    whatever a stranger asks for)."""
    for kind in bot_kinds():
        for name, param in kind.params.items():
            if param.kind in (int, float):
                assert param.minimum is not None and param.maximum is not None, (kind.name, name)
    with pytest.raises(ValueError, match="needs a minimum and a maximum"):
        Param(int, 1, "unbounded", minimum=0)
