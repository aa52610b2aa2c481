"""The differential leak test of DESIGN §4 for Fields of Green (F-77 … F-79, F-116), step by
step, beyond the single-state twins of ``test_observe.py``.

From states reached by random play (shipped card set) we build twins that differ only in
what a viewer v cannot know, and require byte-identical ``observe(v)`` and ``observe(None)``
and identical redacted events (``event.for_viewer(v)``) for the same actions, step after
step, until an event that legitimately shows the difference (a reveal, a hand passed to v,
v's own draw, a display turned up, a tile placed):

(a) ``hand_twin``: another player's hand cards v never saw exchanged with cards of the same
    type from the piles, or between two such hands (hand type make-ups follow from the
    public splits, so they stay);
(b) ``pile_twin``: the four piles (and the 2-player shared pile) in another order;
(c) ``stack_twin``: the equipment tiles v has not drawn in another order in the stack;
(d) ``commit_twin``: another player committed another card of their hand (F-116), both as
    two different commits applied to one position and as a swap after the commit.

Then a scan of whole games: no card or tile id v has not seen appears anywhere in v's
observations or events, and no generator state; and ``determinize`` on played states.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from seedbed.engine.api import Action, Event
from seedbed.engine.rng import Rng
from seedbed.games.fields_of_green import FieldsOfGreenState
from seedbed.games.fields_of_green import game as game_module
from seedbed.games.fields_of_green.actions import Commit
from seedbed.games.fields_of_green.observe import observe as engine_observe

from .invariants import GAME, KEEP_FRAME, NONE, PLACE_FRAME, check_invariants, random_states

PLAYER_COUNTS = [2, 3, 4]
Twin = Callable[[FieldsOfGreenState, int, Rng], FieldsOfGreenState | None]


def dump(obj: Any) -> str:
    return json.dumps(obj, sort_keys=True)


def played_states(
    n: int, seed: int, every: int, options: dict[str, Any] | None = None
) -> Iterator[FieldsOfGreenState]:
    """Clones of the states along one random game: the start, then every ``every`` steps."""
    start = GAME.new_state(n, seed, options)
    assert isinstance(start, FieldsOfGreenState)
    yield start
    for step, (s, _, _, _) in enumerate(random_states(n, seed, options), start=1):
        if step % every == 0 and not s.is_terminal():
            yield s.clone()


# ------------------------------------------------------------------ the twins


def unseen_hands(s: FieldsOfGreenState, v: int) -> list[int]:
    """Players other than v whose hand (with their unrevealed commit) v never saw."""
    bit = 1 << v
    out = []
    for q in range(s.num_players):
        packet = s.hands[q] + ([s.commits[q]] if s.commits[q] != NONE else [])
        if q != v and packet and not any(s.seen[c] & bit for c in packet):
            out.append(q)
    return out


def _swap_card(t: FieldsOfGreenState, old: int, new: int) -> None:
    """Exchange two hidden cards wherever they are (hands, commits, piles); the ``seen``
    marks stay with the places."""
    zones = [*t.hands, *t.piles, t.shared]
    spots = []
    for zone in zones:
        for i, c in enumerate(zone):
            if c in (old, new):
                spots.append((zone, i, c))
    for q in range(t.num_players):
        if t.commits[q] in (old, new):
            t.commits[q] = new if t.commits[q] == old else old
    for zone, i, c in spots:
        zone[i] = new if c == old else old
    t.seen[old], t.seen[new] = t.seen[new], t.seen[old]


def hand_twin(s: FieldsOfGreenState, v: int, rng: Rng) -> FieldsOfGreenState | None:
    """(a): cards of unseen hands exchanged with same-type pile cards or with each other."""
    hands = unseen_hands(s, v)
    if not hands:
        return None
    t = s.clone()
    kinds = [info.kind for info in t.cfg.cards]
    for q in hands:
        for c in t.hands[q] + ([t.commits[q]] if t.commits[q] != NONE else []):
            if rng.below(2):
                continue
            pile = t.piles[kinds[c]]
            others = [d for r in hands if r != q for d in t.hands[r] if kinds[d] == kinds[c]]
            pool = pile + others
            if pool:
                _swap_card(t, c, pool[rng.below(len(pool))])
    return t if t.key() != s.key() else None


def pile_twin(s: FieldsOfGreenState, v: int, rng: Rng) -> FieldsOfGreenState | None:
    """(b): the main piles and the shared pile shuffled (their counts are public)."""
    t = s.clone()
    for pile in [*t.piles, t.shared]:
        rng.shuffle(pile)
    return t if t.key() != s.key() else None


def stack_twin(s: FieldsOfGreenState, v: int, rng: Rng) -> FieldsOfGreenState | None:
    """(c): the stack tiles v never drew shuffled among their places."""
    t = s.clone()
    bit = 1 << v
    slots = [i for i, tile in enumerate(t.tiles) if not t.tile_seen[tile] & bit]
    tiles = [t.tiles[i] for i in slots]
    rng.shuffle(tiles)
    for i, tile in zip(slots, tiles, strict=True):
        t.tiles[i] = tile
    return t if t.key() != s.key() else None


def commit_twin(s: FieldsOfGreenState, v: int, rng: Rng) -> FieldsOfGreenState | None:
    """(d): another player's committed card exchanged with a card left in their hand
    (F-116). Works whether or not v saw that hand: v never knows which card went."""
    t = s.clone()
    for q in range(t.num_players):
        if q == v or t.commits[q] == NONE or not t.hands[q]:
            continue
        i = rng.below(len(t.hands[q]))
        t.hands[q][i], t.commits[q] = t.commits[q], t.hands[q][i]
    return t if t.key() != s.key() else None


# ------------------------------------------------------------------ comparing


def shows_difference(e: Event, v: int) -> bool:
    """Events that legitimately make a hidden difference public or known to v."""
    player = e.public.get("player")
    if e.kind in ("reveal", "display", "equip", "set-aside", "build-tower", "build-silo"):
        return True
    return e.kind in ("draw", "receive", "equipment-draw", "keep") and player == v


def same_view(s: FieldsOfGreenState, t: FieldsOfGreenState, v: int, what: str) -> None:
    for viewer in (v, None):
        assert dump(s.observe(viewer)) == dump(t.observe(viewer)), (
            f"{what}: observe({viewer}) differs"
        )


def _same_slot(s: FieldsOfGreenState, t: FieldsOfGreenState, p: int, a: Action) -> Action:
    """The twin's counterpart of a commit: the card at the same place of the hand."""
    if isinstance(a, Commit) and a.card in s.hands[p]:
        return Commit(t.hands[p][s.hands[p].index(a.card)])
    return a


def compare(
    s: FieldsOfGreenState, t: FieldsOfGreenState, v: int, rng: Rng, what: str, limit: int = 60
) -> int:
    """Play the same actions on both twins, comparing views and events for v; returns the
    number of actions compared before the difference legitimately showed."""
    s, t = s.clone(), t.clone()
    same_view(s, t, v, what)
    compared = 0
    while not s.is_terminal() and compared < limit:
        assert s.to_move() == t.to_move(), f"{what}: to_move differs"
        p = s.to_move()[0]
        menu = s.legal_actions(p)
        if p == v:
            assert [str(a) for a in menu] == [str(a) for a in t.legal_actions(p)], (
                f"{what}: v's menu differs"
            )
        a = menu[rng.below(len(menu))]
        b = _same_slot(s, t, p, a)
        if not t.is_legal(p, b):
            assert p != v, f"{what}: {a} of v refused in the twin"
            return compared  # another player's hidden card decides: stop here
        ev_s = [e for e in s.apply(p, a)]
        ev_t = [e for e in t.apply(p, b)]
        cut = next((i for i, e in enumerate(ev_s) if shows_difference(e, v)), None)
        for viewer in (v, None):
            mine = [e.for_viewer(viewer) for e in ev_s[:cut]]
            theirs = [e.for_viewer(viewer) for e in ev_t[:cut]]
            assert dump(mine) == dump(theirs), f"{what}, {a}: events for {viewer} differ"
        if cut is not None:
            return compared
        same_view(s, t, v, f"{what} after {a}")
        compared += 1
    return compared


TWINS: dict[str, Twin] = {
    "hand": hand_twin,
    "pile": pile_twin,
    "stack": stack_twin,
    "commit": commit_twin,
}


@pytest.mark.parametrize("kind", sorted(TWINS))
@pytest.mark.parametrize("num_players", PLAYER_COUNTS)
def test_twins_look_the_same_step_by_step(num_players: int, kind: str) -> None:
    rng = Rng(num_players * 1000 + len(kind))
    twins = compared = 0
    for seed in range(4):
        for s in played_states(num_players, seed, every=3):
            v = rng.below(num_players)
            t = TWINS[kind](s, v, rng)
            if t is None:
                continue
            check_invariants(t)
            compared += compare(s, t, v, rng, f"{kind} twin seed {seed} viewer {v}")
            twins += 1
    if kind in ("hand", "commit") and num_players == 2:
        assert twins == 0  # no hands in the 2-player game (F-69)
        return
    assert twins > 20
    # twins are compared for a few steps before a reveal; a 3-player commit is revealed at
    # once more often than not (about 10 comparisons in 25 twins), the others far later
    assert compared > twins // 4


@pytest.mark.parametrize("num_players", [3, 4])
def test_f116_two_commits_give_the_same_events_and_views(num_players: int) -> None:
    """F-46, F-116: another player committing one card or another of their hand is the same
    to v, whether v saw that hand or not, and stays the same until the reveal."""
    rng = Rng(num_players)
    checked = known = 0
    for seed in range(2):
        for s in played_states(num_players, seed, every=2):
            if s.phase != 2 or s.stack:
                continue
            for q in s.to_move():
                cards = list(dict.fromkeys(s.hands[q]))
                if len(cards) < 2:
                    continue
                a, b = Commit(cards[0]), Commit(cards[-1])
                for v in range(num_players):
                    if v == q:
                        continue
                    x, y = s.clone(), s.clone()
                    ex, ey = x.apply(q, a), y.apply(q, b)
                    cut = next((i for i, e in enumerate(ex) if shows_difference(e, v)), None)
                    assert dump([e.for_viewer(v) for e in ex[:cut]]) == dump(
                        [e.for_viewer(v) for e in ey[:cut]]
                    ), f"F-116: the commit by {q} shows in the events for {v}"
                    if cut is None:
                        same_view(x, y, v, f"commit by {q}")
                        compare(x, y, v, rng, f"commits of {q}", limit=12)
                        checked += 1
                        known += str(q) in x.observe(v)["known_hands"]
    assert checked > 20 and known > 3


def leaky_observe(part: str) -> Any:
    """``observe`` with one hidden detail added."""

    def observe(z: Any, viewer: int | None, movers: tuple[int, ...]) -> dict[str, Any]:
        out = engine_observe(z, viewer, movers)
        if part == "pile":
            out["leak"] = z.piles[1][-1:]
        elif part == "hand":
            out["leak"] = sorted(z.hands[((viewer or 0) + 1) % z.num_players])
        elif part == "stack":
            out["leak"] = z.tiles[-1:]
        else:
            out["leak"] = [c for q, c in enumerate(z.commits) if q != viewer]
        return out

    return observe


@pytest.mark.parametrize("kind", sorted(TWINS))
def test_the_twins_catch_a_leak(monkeypatch: pytest.MonkeyPatch, kind: str) -> None:
    """The comparisons must be able to fail: an observation showing the top of a pile, the
    next player's hand, the top tile or the others' commits is caught."""
    monkeypatch.setattr(game_module, "observe", leaky_observe(kind))
    rng = Rng(5)
    with pytest.raises(AssertionError, match="differs"):
        for s in played_states(4, 1, every=2):
            for v in range(4):
                t = TWINS[kind](s, v, rng)
                if t is not None:
                    compare(s, t, v, rng, kind)


# ------------------------------------------------------------------ whole-game scan

CARD_FIELDS = {"card", "cards", "tower", "silo", "restored", "towers"}
TILE_FIELDS = {"tile_id", "tiles", "discarded_tiles"}
COUNT_FIELDS = {
    "player", "food", "coins", "water", "vp", "kept", "count", "returned", "year", "amount",
    "first_player", "direction", "shared", "index", "split", "scores", "placed", "lost",
    "paid", "cell", "tower_cells", "placement", "gained",
}  # fmt: skip


def _ints(value: Any) -> list[int]:
    if isinstance(value, bool):
        return []
    if isinstance(value, int):
        return [value]
    if isinstance(value, list | tuple):
        return [x for v in value for x in _ints(v)]
    if isinstance(value, dict):
        return [x for v in value.values() for x in _ints(v)]
    return []


def event_ids(e: dict[str, Any]) -> tuple[set[int], set[int]]:
    """Card ids and tile ids named by a redacted event; every int field is classified."""
    cards: set[int] = set()
    tiles: set[int] = set()
    for key, value in e.items():
        if key == "kind":
            continue
        if key in CARD_FIELDS:
            cards |= set(_ints(value))
        elif key in TILE_FIELDS or (key == "tile" and not isinstance(value, str)):
            tiles |= set(_ints(value)) - {NONE}
        elif key == "tile" or key == "design":
            assert isinstance(value, str)
        else:
            assert key in COUNT_FIELDS, f"unclassified event field {e['kind']}.{key}"
    return cards, tiles


def obs_ids(obj: Any) -> tuple[set[int], set[int]]:
    """Card ids (``{"id", "design", "kind"}``) and tile ids (``{"id", "design"}``)."""
    cards: set[int] = set()
    tiles: set[int] = set()
    stack = [obj]
    while stack:
        x = stack.pop()
        if isinstance(x, dict):
            if isinstance(x.get("id"), int) and "design" in x:
                (cards if "kind" in x else tiles).add(x["id"])
            stack += list(x.values())
        elif isinstance(x, list):
            stack += x
    return cards, tiles


def public_ids(s: FieldsOfGreenState) -> tuple[set[int], set[int]]:
    """Ids everyone may know now (F-77): farms, discard, display, revealed cards, the
    face-up tower and Silo piles; tiles on cards, set aside, discarded."""
    cards = {c for f in s.farms for c in f.values()} | set(s.discard) | set(s.display)
    cards |= {c for c in s.revealed if c != NONE} | set(s.towers) | set(s.silos)
    tiles = {t for ts in s.equip.values() for t in ts} | set(s.tile_discard)
    tiles |= {t for a in s.aside for t in a}
    return cards, tiles


def own_ids(s: FieldsOfGreenState, v: int) -> tuple[set[int], set[int]]:
    """What v holds now (F-78): hand, commit, tiles v is choosing from or placing."""
    cards = set(s.hands[v]) | ({s.commits[v]} - {NONE})
    tiles: set[int] = set()
    for f in s.stack:
        if f[1] == v and f[0] in (KEEP_FRAME, PLACE_FRAME):
            tiles |= set(f[2:])
    return cards, tiles


@pytest.mark.parametrize(
    ("num_players", "options"),
    [(2, {}), (3, {}), (4, {}), (3, {"ruleset": "prototype"}), (4, {"introductory": True})],
)
def test_whole_games_show_no_unseen_id(num_players: int, options: dict[str, Any]) -> None:
    """F-79: in every observation and redacted event of v, each card and tile id is one v
    has seen (public at some time, or held, drawn or passed to v); the spectator sees only
    public ids; no generator state anywhere."""
    for seed in range(2):
        s0 = GAME.new_state(num_players, seed, options)
        assert isinstance(s0, FieldsOfGreenState)
        viewers: list[int | None] = [None, *range(num_players)]
        pub_c, pub_t = public_ids(s0)
        known = {v: (set(pub_c), set(pub_t)) for v in viewers}
        for s, _, _, events in random_states(num_players, seed, options):
            pub_c, pub_t = public_ids(s)
            for v in viewers:
                cards, tiles = known[v]
                cards |= pub_c
                tiles |= pub_t
                if v is not None:
                    mine_c, mine_t = own_ids(s, v)
                    cards |= mine_c
                    tiles |= mine_t
                obs = s.observe(v)
                text = dump(obs)
                assert "rng" not in text and str(s.rng.state) not in text
                c, t = obs_ids(obs)
                assert c <= cards, f"observe({v}) shows unseen cards {sorted(c - cards)}"
                assert t <= tiles, f"observe({v}) shows unseen tiles {sorted(t - tiles)}"
                for e in events:
                    seen_e = e.for_viewer(v)
                    c, t = event_ids(seen_e)
                    assert c <= cards, f"{seen_e} shows unseen cards to {v}"
                    assert t <= tiles, f"{seen_e} shows unseen tiles to {v}"


# ------------------------------------------------------------------ determinize


def hidden_part(d: FieldsOfGreenState, v: int) -> str:
    others = [d.hands[q] for q in range(d.num_players) if q != v]
    return dump([d.piles, d.shared, d.tiles, others, d.commits])


@pytest.mark.parametrize("num_players", PLAYER_COUNTS)
def test_determinize_on_played_states(num_players: int) -> None:
    """F-78, F-79: observe(v) unchanged (so v's hand, commit, known hands and known stack
    places stay), every card and tile conserved, reproducible from the rng, the original
    untouched, the hidden parts resampled; the resampled world plays to its end."""
    rng = Rng(num_players + 77)
    varied = states = 0
    for seed in range(2):
        for s in played_states(num_players, seed, every=9):
            key = s.key()
            v = rng.below(num_players)
            view = dump(s.observe(v))
            variants = set()
            for k in range(6):
                d = s.determinize(v, Rng(k))
                assert s.key() == key, "determinize changed the original"
                assert dump(d.observe(v)) == view, "determinize changed what v observes"
                assert d.to_move() == s.to_move()
                check_invariants(d)
                assert d.key() == s.determinize(v, Rng(k)).key(), "not reproducible"
                assert d.hands[v] == s.hands[v] and d.commits[v] == s.commits[v]
                variants.add(hidden_part(d, v))
            states += 1
            varied += len(variants) > 1
            r = Rng(seed)
            while not d.is_terminal():
                p = d.to_move()[0]
                menu = d.legal_actions(p)
                d.apply(p, menu[r.below(len(menu))])
            check_invariants(d)
            assert s.key() == key
    assert varied >= states - 2  # only states at the very end hide nothing (empty piles)
