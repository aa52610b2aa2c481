"""Trading etiquette of Bohnanza bots (issue 16, part 1), from the rules' side: every offer a
bot makes in a bot-only game breaks none of the etiquette rules, checked with the view the bot
made it from (``heuristics.breaches``), and no bot withdraws an offer."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import seedbed
from seedbed.arena.play import seat_rng
from seedbed.bots import InfoSet, make_bot, with_manners
from seedbed.engine.registry import heuristics
from seedbed.games.bohnanza.actions import PASS, Offer, Withdraw

H = heuristics("bohnanza")


def _audit(specs: list[str], seed: int, manners: dict[str, int] | None = None) -> Counter[str]:
    """Breaches per rule (and ``withdraw``, ``unanswered``, ``offers``) of one bot-only game;
    ``manners``: the table's limits, handed to the bots and read by ``breaches`` (as a server
    does)."""
    state = seedbed.game("bohnanza").new_state(len(specs), seed)
    bots = [make_bot(s, "bohnanza") for s in specs]
    rngs = [seat_rng(seed, p) for p in range(len(specs))]
    found: Counter[str] = Counter()
    while not state.is_terminal():
        p = state.to_move()[0]
        a = bots[p].act(InfoSet(state, p, manners), rngs[p])
        if isinstance(a, Offer):
            found["offers"] += 1
            found.update(H.breaches(with_manners(state.observe(p), manners), a))
        elif isinstance(a, Withdraw):
            found["withdraw"] += 1
        elif a == PASS and any(
            o["status"] == "open" and o["to"] == p for o in state.observe(p)["offers"]
        ):
            found["unanswered"] += 1  # an offer to this bot waits for its answer
        state.apply(p, a)
    return found


def _violations(found: Counter[str]) -> dict[str, int]:
    return {k: v for k, v in found.items() if k != "offers" and v}


@pytest.mark.parametrize("seed", [1, 2, 3, 4, 5, 6])
def test_greedy_bots_keep_the_etiquette(seed: int) -> None:
    found = _audit(["greedy"] * 4, seed)
    assert found["offers"] > 0
    assert _violations(found) == {}


def test_the_search_bot_keeps_the_etiquette() -> None:
    found = _audit(["ismcts:iterations=40", "greedy", "greedy", "greedy"], 3)
    assert _violations(found) == {}


@pytest.mark.parametrize("spec", ["greedy", "ismcts:iterations=20"])
def test_the_limits_are_the_tables(spec: str) -> None:
    """The limits are table options (``open_offers``, ``phase_offers``) handed to the bots
    through their view: with one open offer and two offers a phase, no bot offers more."""
    manners = {"offer_hold": 0, "open_offers": 1, "phase_offers": 2}
    found = _audit([spec, "greedy", "greedy", "greedy"], 5, manners)
    assert found["offers"] > 0
    assert _violations(found) == {}
    # the defaults (2 open, 4 a phase) are looser: the same bots break the table's limits
    assert {"open_limit", "phase_limit"} & set(_audit_against(manners, 5))


def _audit_against(manners: dict[str, int], seed: int) -> Counter[str]:
    """Four greedy bots at the default limits, audited against ``manners``."""
    state = seedbed.game("bohnanza").new_state(4, seed)
    bots = [make_bot("greedy", "bohnanza") for _ in range(4)]
    rngs = [seat_rng(seed, p) for p in range(4)]
    found: Counter[str] = Counter()
    while not state.is_terminal():
        p = state.to_move()[0]
        a = bots[p].act(InfoSet(state, p), rngs[p])
        if isinstance(a, Offer):
            found.update(H.breaches(with_manners(state.observe(p), manners), a))
        state.apply(p, a)
    return found


@pytest.mark.parametrize("seed", [1, 2])
def test_the_polite_random_bot_keeps_the_etiquette(seed: int) -> None:
    """``random:polite=true`` (a table with a person) picks uniformly from the polite menu."""
    found = _audit(["random:polite=true", "random:polite=true", "greedy", "greedy"], seed)
    assert found["offers"] > 0
    assert _violations(found) == {}


def test_the_plain_random_bot_is_a_baseline() -> None:
    """Without ``polite`` (the default in the arena) the random bot samples the whole menu."""
    found = _audit(["random", "random", "greedy", "greedy"], 1)
    assert _violations(found) != {}


def test_polite_menus_hold_only_polite_offers() -> None:
    """``polite`` (what search chooses from) holds no offer that breaks a rule, no
    withdrawal, and every answer of the menu."""
    state = seedbed.game("bohnanza").new_state(4, 11)
    bots = [make_bot("greedy", "bohnanza") for _ in range(4)]
    rngs = [seat_rng(11, p) for p in range(4)]
    checked = 0
    while not state.is_terminal() and checked < 300:
        p = state.to_move()[0]
        view = state.observe(p)
        menu = state.legal_actions(p)
        if view["phase"] == "trade":
            polite = H.polite(view, menu)
            for a in polite:
                assert state.is_legal(p, a)
                assert not isinstance(a, Withdraw)
                if isinstance(a, Offer):
                    assert H.breaches(view, a) == []
            checked += 1
        state.apply(p, bots[p].act(InfoSet(state, p), rngs[p]))
    assert checked > 0


def first_trading_phase(seed: int) -> Any:
    """A 4-player game (Python engine) played by greedy bots to its first trading phase."""
    state = seedbed.game("bohnanza", engine="python").new_state(4, seed)
    bots = [make_bot("greedy", "bohnanza") for _ in range(4)]
    rngs = [seat_rng(seed, p) for p in range(4)]
    while state.observe(0)["phase"] != "trade":
        p = state.to_move()[0]
        state.apply(p, bots[p].act(InfoSet(state, p), rngs[p]))
    return state


def test_breaches_name_each_rule() -> None:
    """A hand-made position: an offer that gives and wants one variety, a repeat of a declined
    gift, and the per-phase limits are each reported."""
    state = first_trading_phase(5)
    view = state.observe(1)  # a non-active player: offers go to the active seat 0
    v = H.VARIETY_INDEX[view["hand"][0]["variety"]]
    same = Offer.make(view["active"], (), (0,), (v,))
    assert "same_variety" in H.breaches(view, same)
    gift = Offer.make(view["active"], (), (0,), ())
    state.apply(1, gift)
    offer_id = state.observe(0)["offers"][-1]["offer_id"]
    state.apply(0, seedbed.game("bohnanza").parse_action(f"decline {offer_id}"))
    assert "repeat_declined" in H.breaches(state.observe(1), gift)


def test_an_offer_to_a_bot_gets_an_answer() -> None:
    """While an offer addressed to it is open, a courteous bot does not pass (B-43): its
    choices are to accept, decline (B-41), make an offer, or end trading if active — so a person
    who offers a search bot something hears back (found playing a table in the browser: the
    search bot passed over a gift until trading ended)."""
    state = first_trading_phase(5)
    active = state.observe(0)["active"]
    giver = (active + 1) % 4
    state.apply(giver, Offer.make(active, (), (0,), ()))  # a gift to the active player
    view = state.observe(active)
    legal = state.legal_actions(active)
    assert any(type(a).__name__ == "Pass" for a in legal)  # the rules allow passing
    chosen = H.polite(view, legal)
    kinds = {type(a).__name__ for a in chosen}
    assert "Pass" not in kinds and {"Accept", "Decline"} <= kinds, kinds
