"""Information: what each player sees (B-9, B-68 … B-72)."""

from __future__ import annotations

import json

import pytest

from seedbed.games.bohnanza.state import EMPTY

from .builder import GAME, act, build, play_random


def ids_in(obj):
    """Every card id named anywhere in an observation (cards are {"id", "variety"})."""
    if isinstance(obj, dict):
        found = [obj["id"]] if "id" in obj and "variety" in obj else []
        return found + [i for v in obj.values() for i in ids_in(v)]
    if isinstance(obj, list):
        return [i for v in obj for i in ids_in(v)]
    return []


def visible(s, viewer):
    """Cards whose face ``viewer`` can see (B-9)."""
    out = set(s.revealed) | set(s.offer_area) | {c for c in s.faceup if c != EMPTY}
    for p in range(s.num_players):
        out |= set(s.trade[p]) | {c for f in s.fields[p] for c in f}
    if s.discard:
        out.add(s.discard[-1])
    if viewer is not None:
        out |= set(s.hands[viewer]) | set(s.treasury[viewer])
    return out


def test_b9_b70_observations_name_only_visible_cards():
    """B-9 / B-70: in random games no observation ever names a card its viewer cannot see."""
    for n, seed in ((2, 1), (4, 2), (5, 3)):
        s = GAME.new_state(n, seed)

        def check(st):
            for viewer in [None, *range(st.num_players)]:
                hidden = set(ids_in(st.observe(viewer))) - visible(st, viewer)
                assert not hidden, (viewer, sorted(hidden))

        play_random(s, seed=seed, limit=1500, check=check)


def test_b68_public_information():
    """B-68: fields, trade areas, face-up cards, offers, hand sizes, deck and discard sizes,
    discard top, exhaustions, field counts, phase, active player, movers, passes and offers
    made are visible to a spectator."""
    s = build(
        phase="trade",
        faceup=["soy", None],
        hands={0: ["wax"], 2: ["blue", "chili"]},
        fields={1: [["red", "red"], []]},
        discard=["stink", "green"],
        exhaustions=1,
    )
    act(s, 0, "offer 2 give f0 want chili")
    act(s, 3, "pass")
    obs = s.observe(None)
    assert obs["players"][1]["fields"][0]["variety"] == "red"
    assert len(obs["players"][1]["fields"][0]["cards"]) == 2
    assert [p["hand_size"] for p in obs["players"]] == [1, 0, 2, 0]
    assert [p["passed"] for p in obs["players"]] == [False, False, False, True]
    assert [p["offers_made"] for p in obs["players"]] == [1, 0, 0, 0]
    assert (obs["deck_size"], obs["discard_size"]) == (len(s.deck), 2)
    assert obs["discard_top"]["variety"] == "green" and obs["exhaustions"] == 1
    assert obs["faceup"][0]["variety"] == "soy" and obs["faceup"][1] is None
    assert (obs["phase"], obs["active"], obs["to_move"]) == ("trade", 0, [0, 1, 2])
    offer = obs["offers"][0]
    assert (offer["offer_id"], offer["proposer"], offer["to"], offer["status"]) == (1, 0, 2, "open")
    assert offer["want"] == ["chili"] and offer["give_faceup"][0]["slot"] == 0
    act(s, 2, "accept 1 1")
    obs = s.observe(None)
    assert obs["offers"][0]["accepted_by"] == 2
    assert [c["variety"] for c in obs["players"][2]["trade_area"]] == ["soy"]


def test_b68_hand_cards_in_offers_shown_by_variety_only():
    """B-68 / B-69: others see an offer's hand cards by variety; only the proposer sees the
    positions."""
    s = build(phase="trade", faceup=["soy", "red"], hands={2: ["blue", "chili"]})
    act(s, 2, "offer 0 give h1 want f0")
    public = s.observe(1)["offers"][0]
    assert public["give_hand"] == ["chili"]
    assert "give_hand_positions" not in public and s.hands[2][1] not in ids_in(public)
    assert s.observe(2)["offers"][0]["give_hand_positions"] == [1]


def test_b69_own_hand_in_order_and_own_treasury():
    """B-69: a player sees their own hand in order and their treasury contents."""
    s = build(hands={0: ["wax", "soy", "blue"]}, treasury={0: ["red", "green"]})
    obs = s.observe(0)
    assert [c["variety"] for c in obs["hand"]] == ["wax", "soy", "blue"]
    assert [c["variety"] for c in obs["treasury"]] == ["red", "green"]
    assert obs["players"][0]["coins"] == 2


def test_b69_acceptance_positions_are_private():
    """B-69: the positions used in an acceptance reach only the acceptor."""
    s = build(phase="trade", faceup=["soy", "red"], hands={2: ["blue", "chili"]})
    act(s, 0, "offer 2 give f0 want chili")
    events = act(s, 2, "accept 1 1")
    accept = next(e for e in events if e.kind == "accept")
    assert accept.for_viewer(2)["positions"] == [1]
    assert "positions" not in accept.for_viewer(1) and "positions" not in accept.for_viewer(None)


def test_b70_hidden_hands_treasuries_deck_and_generator():
    """B-70: no other player's hand or treasury contents, no deck order, no generator."""
    s = build(hands={0: ["wax"], 1: ["soy"]}, treasury={1: ["red"]})
    for viewer in (0, None):
        obs = s.observe(viewer)
        text = json.dumps(obs)
        assert "rng" not in text and "deck" not in {k for k in obs if k != "deck_size"}
        assert not set(ids_in(obs)) & (set(s.hands[1]) | set(s.treasury[1]) | set(s.deck))
    assert "hand" not in s.observe(None) and "treasury" not in s.observe(None)


@pytest.mark.parametrize(("visibility", "shown"), [(None, False), ("open", True)])
def test_b71_treasury_visibility(visibility, shown):
    """B-71: `secret` (default) hides other treasury sizes, `open` shows them; contents of
    other treasuries are never shown."""
    options = {"treasury_visibility": visibility} if visibility else None
    s = build(options=options, hands={0: ["wax"]}, treasury={1: ["red", "red"]})
    obs = s.observe(0)
    assert ("coins" in obs["players"][1]) is shown
    if shown:
        assert obs["players"][1]["coins"] == 2
    assert not set(ids_in(obs)) & set(s.treasury[1])
    assert obs["treasury_visibility"] == (visibility or "secret")


def test_b71_public_harvest_events_are_not_hidden():
    """B-71: a harvest stays a public event (field size, coins) even with secret treasuries."""
    s = build(hands={0: ["wax"]}, fields={0: [["red"] * 3, []]})
    events = act(s, 0, "harvest 0")
    harvest = next(e for e in events if e.kind == "harvest").for_viewer(1)
    assert (harvest["count"], harvest["coins"], len(harvest["discarded"])) == (3, 2, 1)


def test_b72_only_the_discard_top_is_shown():
    """B-72: the observation shows the discard pile's size and top card only."""
    s = build(hands={0: ["wax"]}, discard=["red", "soy", "blue"])
    obs = s.observe(0)
    assert obs["discard_size"] == 3 and obs["discard_top"]["id"] == s.discard[-1]
    assert not set(ids_in(obs)) & set(s.discard[:-1])


def test_b70_b71_offer_record_names_a_card_now_in_a_secret_treasury():
    """B-70 / B-71 / B-9: a face-up card given in an offer, planted and harvested as a coin,
    lies in a secret treasury; other players' observations must not name its id."""
    s = build(phase="trade", faceup=["soy", "red"], fields={2: [["soy"], []]})
    act(s, 0, "offer 2 give f0,f1 want -")
    act(s, 2, "accept 1 -")
    soy = s.trade[2][0]
    act(s, 0, "end-trading")
    act(s, 2, f"plant-traded {soy} 0")
    act(s, 2, "harvest 0")
    assert s.treasury[2] == [soy]
    for viewer in (None, 0, 1, 3):
        assert soy not in ids_in(s.observe(viewer)), viewer
