"""Hints say what their move harvests and for how much (issue 38 items 7 and 10): "Plant your
front card (Blue) in field 1" harvested two Wax for 0 coins without saying so, and "Harvest
field 2 — cashing this field now is worth more" was said of a field paying 0. Checked on every
hint the greedy bot gives in greedy games (B-21 convenience planting harvests a field of
another variety first; B-8 payouts)."""

from __future__ import annotations

import re

import seedbed
from seedbed.bots.api import InfoSet
from seedbed.games.bohnanza.cards import NAMES_EN, VARIETY_INDEX, payout
from seedbed.server.hints import hint_for

GAME = seedbed.game("bohnanza")
PLANTS = ("plant", "plant-traded", "plant-offered", "plant-revealed")


def coins(n: int) -> str:
    return f"{n} coin" if n == 1 else f"{n} coins"


def planted_variety(view: dict, action: dict) -> str:
    """The variety an action plants (the front card, or the card it names)."""
    if action["type"] == "plant":
        return str(view["hand"][0]["variety"])
    me = view["players"][view["viewer"]]
    cards = view["revealed"] + view["offer_area"] + me["trade_area"]
    return str(next(c["variety"] for c in cards if c["id"] == action["card"]))


def hints_of_greedy_games(seeds: range) -> list[tuple[dict, dict, str]]:
    """(view, hinted action JSON, reason) of every decision outside trading of greedy games."""
    out = []
    for seed in seeds:
        state = GAME.new_state(3, seed=seed)
        version = 0
        while not state.is_terminal() and version < 600:
            seat = state.to_move()[0]
            info = InfoSet(state, seat)
            hint = hint_for(info, version)
            view = info.observation()
            if view["phase"] != "trade":
                out.append((view, hint.action, hint.reason))
            state.apply(seat, GAME.action_from_json(hint.action))
            version += 1
    return out


def test_a_planting_hint_says_what_it_harvests_and_for_how_much() -> None:
    """Issue 38 item 7: a plant over a field of another variety says "This harvests the 2 Wax
    in field 1 for 0 coins first"."""
    seen = 0
    for view, action, why in hints_of_greedy_games(range(6)):
        if action["type"] not in PLANTS:
            continue
        field = view["players"][view["viewer"]]["fields"][action["field"]]
        variety = planted_variety(view, action)
        if not field["cards"] or field["variety"] == variety:
            assert "harvests" not in why, why
            continue
        seen += 1
        n, v = len(field["cards"]), VARIETY_INDEX[field["variety"]]
        name = NAMES_EN[v].removesuffix(" Bean")
        said = f"This harvests the {n} {name} in field {action['field'] + 1} for "
        assert why.startswith(said + f"{coins(payout(v, n))} first"), why
    assert seen >= 3


def test_a_harvest_hint_says_what_it_pays_and_never_claims_worth_for_nothing() -> None:
    """Issue 38 item 10: "Harvest field 2" says what the field pays; a field paying 0 is
    never "worth more": the hint says it pays 0 coins and why it is still advised."""
    paid = {True: 0, False: 0}
    for view, action, why in hints_of_greedy_games(range(12)):
        if action["type"] != "harvest":
            continue
        field = view["players"][view["viewer"]]["fields"][action["field"]]
        got = payout(VARIETY_INDEX[field["variety"]], len(field["cards"]))
        assert re.match(rf"Harvesting field {action['field'] + 1} pays {coins(got)}\b", why), why
        if got == 0:
            assert "worth more" not in why and "but " in why, why
        paid[got > 0] += 1
    assert paid[True] + paid[False] >= 1, paid
