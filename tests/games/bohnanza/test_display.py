"""What the browser shows of a Bohnanza view (issue 13, item 6): a field's payout now (B-8), the
cards to its next coin, the single-bean protection (B-24), the varieties in the game and the
cards drawn at the end of a turn (B-13), worked out on the server from the observation alone
by the rules' own functions."""

from __future__ import annotations

import random

import pytest

from seedbed.games.bohnanza.cards import VARIETIES, make_config, payout
from seedbed.games.bohnanza.display import display, next_coin
from seedbed.games.bohnanza.options import normalize_options
from seedbed.games.bohnanza.protection import single_bean_protected
from seedbed.games.bohnanza.rules import harvest_error

from .builder import GAME, build


def test_a_field_shows_its_payout_its_next_coin_and_its_protection() -> None:
    """B-8 and B-24 on one farm: red pays 2 coins at 3 cards (next: 3 coins at 4), a lone
    soy is protected while the red field holds 2 or more."""
    s = build(fields={0: [["red"] * 3, ["soy"]], 1: [["garden"] * 3, []]})
    shown = display(s.observe(0), 0)
    mine, theirs = shown["fields"][0], shown["fields"][1]
    assert mine[0] == {"payout": 2, "next": {"coins": 3, "cards": 4, "more": 1}, "protected": None}
    assert mine[1] == {
        "payout": 0,
        "next": {"coins": 1, "cards": 2, "more": 1},
        "protected": "B-24",
    }
    assert theirs == [{"payout": 3, "next": None, "protected": None}, None]


def test_spectators_see_the_same_fields() -> None:
    s = build(fields={0: [["red"] * 3, ["soy"]]})
    assert display(s.observe(None), None)["fields"] == display(s.observe(1), 1)["fields"]


def test_b8_next_coin_skips_the_steps_not_printed() -> None:
    """Garden pays nothing for 1 card and prints no 1-coin step: its next coin is 2 at 2 cards;
    cocoa tops out at 4 coins."""
    garden, cocoa, coffee = (VARIETIES.index(v) for v in ("garden", "cocoa", "coffee"))
    assert next_coin(garden, 1) == (2, 2)
    assert next_coin(garden, 3) is None
    assert next_coin(cocoa, 3) == (4, 4)
    assert next_coin(coffee, 0) == (1, 4)
    assert all(payout(v, next_coin(v, 1)[1]) == next_coin(v, 1)[0] for v in range(11))


@pytest.mark.parametrize(
    ("edition", "n"), [("standard", k) for k in range(2, 8)] + [("classic", k) for k in (3, 4, 5)]
)
def test_b13_varieties_and_draw_count(edition: str, n: int) -> None:
    s = GAME.new_state(n, 1, {"edition": edition})
    cfg = make_config(edition, n, normalize_options({"edition": edition}))
    shown = display(s.observe(None), None)
    assert shown["varieties"] == [VARIETIES[v] for v in cfg.varieties]
    assert shown["draw_count"] == cfg.draw_count


def test_b24_protection_is_the_rules_own_check() -> None:
    """The display's protection and the harvest refusal agree on every field of seeded random
    games (one function, ``protection.single_bean_protected``, behind both)."""
    for seed in range(3):
        s = GAME.new_state(4, seed)
        rng = random.Random(seed)
        for _ in range(400):
            if s.is_terminal():
                break
            shown = display(s.observe(None), None)["fields"]
            for p in range(4):
                for f, field in enumerate(s.fields[p]):
                    if not field:
                        continue
                    refused = harvest_error(s, p, f)
                    protected = refused is not None and refused.clause == "B-24"
                    assert (shown[p][f]["protected"] == "B-24") == protected
            mover = s.to_move()[0]
            menu = s.legal_actions(mover)
            s.apply(mover, menu[rng.randrange(len(menu))])


def test_single_bean_protected() -> None:
    assert single_bean_protected([1, 2], 0)
    assert not single_bean_protected([1, 1, 0], 0)
    assert not single_bean_protected([0, 5], 0)
    assert not single_bean_protected([3, 1], 0)
