"""The information boundary (F-77 … F-79, F-116): observations, determinize, and the
differential leak test of DESIGN §4."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

from seedbed.engine.rng import Rng
from seedbed.games.fields_of_green import FieldsOfGreenState
from seedbed.games.fields_of_green.actions import Commit

from .builder import act, build, new
from .full_cards import FULL

HANDS = {
    0: ["t_plot", "t_flock", "t_pump"],
    1: ["t_grove", "t_loner", "t_shed"],
    2: ["t_herb", "t_hens", "t_stall"],
}


def dump(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True)


def ids_in(obj: Any, tiles: bool = False) -> set[int]:
    """Every card id (``{"id", "design", "kind"}``) or tile id (``{"id", "design"}``) in an
    observation."""
    found: set[int] = set()
    if isinstance(obj, dict):
        if isinstance(obj.get("id"), int) and "design" in obj and ("kind" in obj) != tiles:
            found.add(obj["id"])
        for v in obj.values():
            found |= ids_in(v, tiles)
    elif isinstance(obj, list):
        for v in obj:
            found |= ids_in(v, tiles)
    return found


def test_f77_public_information() -> None:
    """F-77: farms with water, tiles and Open Areas, food and capacity, coins, tokens,
    set-aside tiles, discards, pile counts, splits, hand sizes, commits (not what), year,
    direction, first player, phase, turn."""
    s = build(cards=FULL, phase="commit", hands=HANDS, aside={1: ["t_crate"]}, vp={2: 3},
              equipment={0: {(0, 0): ["t_extender"]}})  # fmt: skip
    act(s, 0, f"commit {s.hands[0][0]}")
    obs = s.observe(None)
    assert obs["viewer"] is None and "hand" not in obs
    assert (obs["year"], obs["direction"], obs["first_player"], obs["phase"]) == (1, 1, 0, "commit")
    p0 = obs["players"][0]
    assert p0["farm"][0]["water"] == 3 and p0["farm"][0]["range"] == 3
    assert p0["farm"][0]["equipment"][0]["design"] == "t_extender"
    assert (p0["food"], p0["food_capacity"], p0["coins"]) == (1, 4, 15)
    assert p0["committed"] is True and p0["hand_size"] == 2
    assert obs["players"][1]["set_aside"][0]["design"] == "t_crate"
    assert obs["players"][2]["vp_tokens"] == 3
    assert obs["pile_sizes"] == [len(p) for p in s.piles]
    assert obs["equipment_left"] == len(s.tiles)


def test_f78_private_information() -> None:
    """F-78: own hand and commit; every card seen in a hand that passed through the viewer;
    tiles the viewer drew, including those returned under the stack."""
    s = build(cards=FULL, phase="commit", hands=HANDS)
    for p in range(3):
        act(s, p, f"commit {s.hands[p][0]}")
    # the hands moved clockwise: seat 1 holds what seat 0 passed
    obs = s.observe(0)
    assert [c["id"] for c in obs["hand"]] == s.hands[0]
    assert obs["known_hands"] == {"1": sorted(s.hands[1])}
    assert "2" not in obs["known_hands"]
    s = build(cards=FULL, revealed={0: "t_shed"}, hands={1: ["t_herb", "t_herb"]},
              tiles=["t_crate", "t_crate", "t_purse", "t_cart", "t_bin"])  # fmt: skip
    act(s, 0, f"build {s.revealed[0]} 0,1")
    drawn = s.stack[-1][2:]
    act(s, 0, f"keep {drawn[0]}")
    known = s.observe(0)["known_stack"]
    assert [t["id"] for _, t in known] == [drawn[2], drawn[1]]  # at the bottom, draw order
    assert s.observe(1)["known_stack"] == []


def test_f79_f116_nothing_hidden_leaves() -> None:
    """F-79, F-116: no generator state, no id of a card or tile the viewer has not seen."""
    s = build(cards=FULL, phase="commit", hands=HANDS)
    act(s, 1, f"commit {s.hands[1][0]}")
    for viewer in (None, 0, 1, 2):
        obs = s.observe(viewer)
        text = dump(obs)
        assert "rng" not in text
        allowed = set(s.hands[viewer]) if viewer is not None else set()
        if viewer == 1:
            allowed.add(s.commits[1])
        hidden = {c for q in range(3) for c in s.hands[q]} | {s.commits[1]}
        assert ids_in(obs) & hidden <= allowed
        assert not ids_in(obs, tiles=True) & set(s.tiles)


# ------------------------------------------------------------------ determinize


def test_f79_determinize_keeps_what_the_viewer_knows() -> None:
    """F-78, F-79: determinize keeps the viewer's hand and known hands (which card of them
    was committed is resampled), keeps each hand's type make-up, and conserves the cards."""
    s = build(cards=FULL, phase="commit", hands=HANDS)
    for p in range(3):
        act(s, p, f"commit {s.hands[p][0]}")
    for seed in range(10):
        d = s.determinize(0, Rng(seed))
        assert dump(d.observe(0)) == dump(s.observe(0))
        assert sorted(map(repr, d.all_cards())) == sorted(map(repr, s.all_cards()))
        assert d.hands[0] == s.hands[0]
        assert sorted(d.hands[1]) == sorted(s.hands[1])
        kinds = sorted(d.cfg.cards[c].kind for c in d.hands[2])
        assert kinds == sorted(s.cfg.cards[c].kind for c in s.hands[2])
    different = {tuple(sorted(s.determinize(0, Rng(k)).hands[2])) for k in range(10)}
    assert len(different) > 1  # the unknown hand is really resampled


def test_f79_determinize_resamples_commit_of_a_known_hand() -> None:
    """F-46, F-79: the viewer saw seat 1's hand but not which card seat 1 committed."""
    s = build(cards=FULL, phase="commit", hands=HANDS)
    for p in range(3):
        act(s, p, f"commit {s.hands[p][0]}")
    s.commits[1] = s.hands[1].pop()  # seat 1 commits from the hand seat 0 passed
    s.refresh()
    commits = {s.determinize(0, Rng(k)).commits[1] for k in range(20)}
    assert len(commits) > 1 and commits <= set(s.hands[1]) | {s.commits[1]}


# ------------------------------------------------------------------ differential leak test


def states(n: int, seed: int, every: int = 5) -> Iterator[FieldsOfGreenState]:
    """Positions of a seeded random game."""
    s = new(n, seed=seed, cards=FULL)
    rng = random.Random(seed)
    step = 0
    while not s.is_terminal():
        if step % every == 0:
            yield s.clone()
        p = s.to_move()[rng.randrange(len(s.to_move()))]
        options = s.legal_actions(p)
        s.apply(p, options[rng.randrange(len(options))])
        step += 1


def twin(s: FieldsOfGreenState, viewer: int) -> FieldsOfGreenState:
    """A state differing only in what ``viewer`` cannot know: pile orders reversed, hands
    the viewer never saw swapped card for card with same-type pile cards, the shared pile
    reversed, and the viewer's unseen stack tiles reversed among themselves."""
    t = s.clone()
    for pile in t.piles:
        pile.reverse()
    bit = 1 << viewer
    for q in range(t.num_players):
        hand = t.hands[q]
        if q == viewer or not hand or t.seen[hand[0]] & bit:
            continue
        for i, c in enumerate(hand):
            pile = t.piles[t.cfg.cards[c].kind]
            if pile:
                hand[i], pile[0] = pile[0], c
                t.seen[hand[i]], t.seen[c] = t.seen[c], 0
    t.shared.reverse()
    slots = [i for i, tile in enumerate(t.tiles) if not t.tile_seen[tile] & bit]
    tiles = [t.tiles[i] for i in slots]
    for i, tile in zip(slots, reversed(tiles), strict=True):
        t.tiles[i] = tile
    return t


@pytest.mark.parametrize(("n", "seed"), [(2, 1), (3, 2), (4, 3), (3, 4)])
def test_f77_f79_differential_leak(n: int, seed: int) -> None:
    """F-77 … F-79, DESIGN §4: twins differing only in hidden things give byte-identical
    observations, and identical redacted events when another player commits or splits."""
    checked = 0
    for s in states(n, seed):
        for viewer in range(n):
            t = twin(s, viewer)
            assert dump(t.observe(viewer)) == dump(s.observe(viewer))
            checked += 1
            mover = s.to_move()[0]
            if mover == viewer or s.stack:
                continue
            a = s.legal_actions(mover)[0]
            if a.to_json()["type"] not in ("commit", "draw-split"):
                continue
            ev_s = [e.for_viewer(viewer) for e in s.clone().apply(mover, a)]
            b = a
            if isinstance(a, Commit):  # the same hand position in the twin's hand
                b = Commit(t.hands[mover][s.hands[mover].index(a.card)])
            ev_t = [e.for_viewer(viewer) for e in t.clone().apply(mover, b)]
            if any(e["kind"] == "reveal" for e in ev_s):
                continue  # the reveal shows commits to everyone: public from then on
            assert dump(ev_s) == dump(ev_t)
    assert checked > 20


def test_f78_f79_determinize_tiles() -> None:
    """F-78, F-79: tiles another player is choosing from are unknown to the viewer and get
    resampled; the drawer's own view keeps them, and tiles the viewer returned under the
    stack stay where the viewer knows they are."""
    tiles = ["t_crate", "t_bin", "t_purse", "t_cart", "t_tank", "t_seeds", "t_ribbon"]
    s = build(cards=FULL, revealed={0: "t_shed", 1: "t_shed"}, tiles=tiles)
    act(s, 0, f"build {s.revealed[0]} 0,1")
    drawn = s.stack[-1][2:]
    act(s, 0, f"keep {drawn[0]}")  # a Ribbon fits no card: set aside by itself
    act(s, 1, f"build {s.revealed[1]} 0,1")
    theirs = s.stack[-1][2:]
    assert s.to_move() == (1,)
    mine = s.observe(0)["known_stack"]
    for k in range(8):
        d = s.determinize(0, Rng(k))
        assert d.observe(0)["known_stack"] == mine
        assert d.tiles[:2] == s.tiles[:2] == [drawn[2], drawn[1]]
        assert s.determinize(1, Rng(k)).stack[-1][2:] == theirs  # the drawer keeps them
    seen = {tuple(s.determinize(0, Rng(k)).stack[-1][2:]) for k in range(8)}
    assert len(seen) > 1
