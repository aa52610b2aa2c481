"""The stable integer encoding of every game's actions (issue 13, item 4; engine/encoding.py,
docs/action-encoding.md): each action of many random menus encodes to an integer in the
documented range and decodes back to itself, no two menu actions share an integer (so the
mask derived from the menu has one entry per action), and the sizes are the documented ones.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from typing import Any

import pytest

import seedbed
from seedbed.engine.api import Action, State
from seedbed.engine.encoding import ActionEncoding, EncodingError, Layout, Multisets
from seedbed.games.bohnanza.encoding import action_encoding as bohnanza_encoding
from seedbed.games.fields_of_green.encoding import action_encoding as fields_encoding
from seedbed.games.stalk_exchange.encoding import action_encoding as stalk_encoding

Factory = Callable[[Mapping[str, Any] | None], ActionEncoding]
FACTORIES: dict[str, Factory] = {
    "stalk_exchange": stalk_encoding,
    "bohnanza": bohnanza_encoding,
    "fields_of_green": fields_encoding,
}
SAMPLE = 120  # menu actions checked per step (all of them when the menu is shorter)

# (game, options, players, seeds, steps per game at most): together the menus list every
# kind (Fields of Green's optional costs, which random games of the shipped set never meet,
# are in tests/games/fields_of_green/test_encoding.py)
CASES = [
    ("stalk_exchange", {}, 3, (0, 1, 2), 200),
    ("stalk_exchange", {"garden_radius": 1, "exchange_slots": 2}, 2, (0, 1), 200),
    ("bohnanza", {}, 4, (0, 1), 300),
    ("bohnanza", {}, 2, (0, 1), 300),  # the duel
    (
        "bohnanza",
        {"edition": "classic", "offer_menu": {"max_give": 3, "max_want": 3}},
        5,
        (0,),
        200,
    ),
    ("bohnanza", {"max_offers": 1}, 7, (0,), 300),
    ("fields_of_green", {}, 2, (0, 1), 1000),
    ("fields_of_green", {}, 3, (14,), 1000),  # game-end costs and choices
    ("fields_of_green", {}, 4, (4,), 1000),
    ("fields_of_green", {"ruleset": "prototype"}, 3, (0,), 1000),
]


def sample(menu: Any, rng: random.Random) -> list[Action]:
    n = len(menu)
    if n <= SAMPLE:
        return list(menu)
    return [menu[i] for i in sorted(rng.sample(range(n), SAMPLE))]


def check_menu(encoding: ActionEncoding, state: State, player: int, rng: random.Random) -> None:
    """Every action of the menu has its own integer in the range (the mask counts them all);
    each action of a sample (the whole menu when it is short) decodes back to itself."""
    menu = state.legal_actions(player)
    indices = encoding.legal_indices(state, player)
    assert len(indices) == len(menu) and indices[0] >= 0 and indices[-1] < encoding.size
    seen: dict[int, Action] = {}
    for action in sample(menu, rng):
        index = encoding.encode(state, player, action)
        assert 0 <= index < encoding.size, (action, index)
        assert encoding.decode(state, player, index) == action, (action, index)
        assert seen.setdefault(index, action) == action, f"{action} and {seen[index]}"


@pytest.mark.parametrize(("game", "options", "players", "seeds", "steps"), CASES)
def test_every_menu_action_round_trips(
    game: str, options: dict[str, Any], players: int, seeds: tuple[int, ...], steps: int
) -> None:
    g = seedbed.game(game)
    encoding = FACTORIES[game](options)
    for seed in seeds:
        rng = random.Random(seed)
        state = g.new_state(players, seed, options)
        for _ in range(steps):
            if state.is_terminal():
                break
            for player in state.to_move():
                check_menu(encoding, state, player, rng)
            player = state.to_move()[0]
            menu = state.legal_actions(player)
            state.apply(player, menu[rng.randrange(len(menu))])


def test_a_whole_trading_menu_has_its_mask() -> None:
    """Every offer of a full trading menu (thousands) has its own integer, and the mask made
    through the offer space's structure is the mask made offer by offer."""
    g = seedbed.game("bohnanza")
    encoding = bohnanza_encoding({})
    state = g.new_state(4, 3)
    while state.to_move() != (0, 1, 2, 3):  # the first trading phase
        p = state.to_move()[0]
        state.apply(p, state.legal_actions(p)[0])
    for player in range(4):
        menu = state.legal_actions(player)
        one_by_one = sorted(encoding.encode(state, player, a) for a in menu)
        assert len(set(one_by_one)) == len(menu)
        assert encoding.legal_indices(state, player) == one_by_one
        assert sum(encoding.mask(state, player)) == len(menu)
    assert len(state.legal_actions(0)) > 1000


@pytest.mark.parametrize(
    ("game", "options", "size", "blocks"),
    [
        ("stalk_exchange", {}, 254, {"plant": (6, 37), "swap": (6, 5)}),
        ("stalk_exchange", {"garden_radius": 6, "exchange_slots": 12}, 1586, {}),
        ("bohnanza", {}, 76_051, {"offer": (7, 103, 103), "accept": (42,)}),
        (
            "bohnanza",
            {"max_offers": 12, "offer_menu": {"max_give": 3, "max_want": 4}},
            8_086_718,
            {"offer": (7, 532, 2171), "decline": (84,)},
        ),
        ("bohnanza", {"edition": "classic"}, 21_726, {"offer": (5, 64, 64), "discard": (104,)}),
        ("fields_of_green", {}, 93_265, {"build": (6, 54, 128), "pay-harvest": (196, 128)}),
    ],
)
def test_the_documented_sizes(
    game: str, options: dict[str, Any], size: int, blocks: dict[str, tuple[int, ...]]
) -> None:
    encoding = FACTORIES[game](options)
    assert encoding.size == size
    for name, shape in blocks.items():
        assert encoding.layout.shapes[name] == shape


def test_unbounded_offer_menus_have_no_encoding() -> None:
    with pytest.raises(ValueError, match="bounded offer menu"):
        bohnanza_encoding({"max_offers": None})
    with pytest.raises(ValueError, match="bounded offer menu"):
        bohnanza_encoding({"offer_menu": {"positions": "all"}})


def test_an_action_outside_the_bounds_is_refused() -> None:
    state = seedbed.game("stalk_exchange").new_state(3, 1)
    encoding = stalk_encoding({})
    plant = seedbed.game("stalk_exchange").parse_action("plant 6 0,0")  # slots are 0 … 5
    with pytest.raises(EncodingError, match="outside the bounds"):
        encoding.encode(state, 0, plant)
    with pytest.raises(EncodingError, match="outside the range"):
        encoding.decode(state, 0, encoding.size)


def test_layout_and_multisets() -> None:
    layout = Layout([("a", ()), ("b", (2, 3)), ("c", (4,))])
    assert layout.size == 11
    assert [layout.locate(i) for i in (0, 1, 6, 7, 10)] == [
        ("a", ()),
        ("b", (0, 0)),
        ("b", (1, 2)),
        ("c", (0,)),
        ("c", (3,)),
    ]
    assert all(layout.index(*layout.locate(i)[:1], *layout.locate(i)[1]) == i for i in range(11))
    table = Multisets(11, 2)
    assert len(table) == 78 and table.items[:3] == ((), (0,), (1,))
    assert table.rank((3, 1)) == table.items.index((1, 3))
