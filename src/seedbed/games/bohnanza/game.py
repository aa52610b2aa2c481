"""The Bohnanza game object and its State: who may act (B-28 … B-30) and the dispatch of each
action to its check and effect. The options (B-3) are normalised in ``options.py``."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from seedbed.engine.api import (
    Action,
    Event,
    Game,
    JsonDict,
    Outcome,
    PlayerId,
    State,
    check_viewer,
    rank_by,
)
from seedbed.engine.errors import IllegalActionError, NotOnMoveError, Refusal, refuse
from seedbed.engine.rng import Rng
from seedbed.games.bohnanza import actions as A
from seedbed.games.bohnanza import rules as R
from seedbed.games.bohnanza import trading as T
from seedbed.games.bohnanza.cards import make_config
from seedbed.games.bohnanza.menu import legal_actions
from seedbed.games.bohnanza.observe import determinize_into, observe
from seedbed.games.bohnanza.options import normalize_options, table_refusal
from seedbed.games.bohnanza.state import (
    DRAW,
    DUEL_DRAW,
    DUEL_OFFERED,
    DUEL_PLANT,
    DUEL_REVEALED,
    OVER,
    PHASE_NAMES,
    PLANT,
    PLANT_TRADED,
    TRADE,
    Zones,
)

# ORDERS[n][a]: seats in driver order from active seat a (B-30); SINGLE[a] = (a,).
ORDERS = [[tuple((a + k) % n for k in range(n)) for a in range(n)] for n in range(8)]
SINGLE = [(a,) for a in range(8)]


def _movers(s: Zones) -> tuple[int, ...]:
    phase = s.phase
    if phase == TRADE:
        passed = s.passed
        return tuple([q for q in ORDERS[s.cfg.num_players][s.active] if not passed[q]])
    if phase == PLANT_TRADED:
        trade = s.trade
        return tuple([q for q in ORDERS[s.cfg.num_players][s.active] if trade[q]])
    if phase == OVER:
        return ()
    return SINGLE[s.active]


Check = Callable[[Zones, int, Any], Refusal | None]
Effect = Callable[[Zones, int, Any, list[Event]], None]


def _phases(*phases: int, clause: str = "B-29") -> tuple[frozenset[int], str]:
    return frozenset(phases), clause


def _phase_refusal(s: Zones, phases: frozenset[int], clause: str) -> Refusal:
    names = ", ".join(PHASE_NAMES[p] for p in sorted(phases))
    return refuse(clause, f"not allowed in phase {PHASE_NAMES[s.phase]} (only in: {names})")


# ---- planting from the hand (B-32, B-55)


def _check_plant_hand(s: Zones, p: int, a: A.PlantFromHand) -> Refusal | None:
    if s.planted >= 2:
        return refuse("B-32", "at most two cards are planted from the hand")
    if not s.hands[p]:
        return refuse("B-32", "the hand is empty")
    return R.plant_error(s, p, s.cfg.variety_of[s.hands[p][0]], a.field)


def _do_plant_hand(s: Zones, p: int, a: A.PlantFromHand, ev: list[Event]) -> None:
    R.do_plant(s, p, s.hands[p].pop(0), a.field, "hand", ev)
    R.after_hand_plant(s, ev)


def _check_end_planting(s: Zones, p: int, a: Action) -> Refusal | None:
    if s.planted < 1:
        return refuse("B-32, B-55", "the front card must be planted first")
    return None


# ---- free actions (B-23, B-26, B-27)


def _do_harvest(s: Zones, p: int, a: A.Harvest, ev: list[Event]) -> None:
    R.do_harvest(s, p, a.field, ev)
    if s.phase == TRADE:
        T.change(s)


def _do_buy(s: Zones, p: int, a: Action, ev: list[Event]) -> None:
    R.do_buy(s, p, ev)
    if s.phase == TRADE:
        T.change(s)


# ---- cards planted from a zone by id (phase 3, duel steps 1 and 3)


def _zone_plant_check(zone: Callable[[Zones, int], list[int]], clause: str) -> Check:
    def check(s: Zones, p: int, a: Any) -> Refusal | None:
        if a.card not in zone(s, p):
            return refuse(clause, f"card {a.card} is not there to be planted")
        return R.plant_error(s, p, s.cfg.variety_of[a.card], a.field)

    return check


def _do_plant_traded(s: Zones, p: int, a: A.PlantFromTradeArea, ev: list[Event]) -> None:
    s.trade[p].remove(a.card)
    R.do_plant(s, p, a.card, a.field, "trade", ev)
    if not s.trade[p]:
        R.maybe_end_phase3(s, ev)


def _do_plant_offered(s: Zones, p: int, a: A.PlantOffered, ev: list[Event]) -> None:
    s.offer_area.remove(a.card)
    R.do_plant(s, p, a.card, a.field, "offer-area", ev)
    R.after_offered_card(s, ev)


def _check_discard_offered(s: Zones, p: int, a: A.DiscardOffered) -> Refusal | None:
    return (
        None
        if a.card in s.offer_area
        else refuse("B-54", f"card {a.card} is not in the offer area")
    )


def _do_discard_offered(s: Zones, p: int, a: A.DiscardOffered, ev: list[Event]) -> None:
    s.offer_area.remove(a.card)
    s.discard.append(a.card)
    ev.append(Event("discard", {"player": p, "card": R.card_json(s, a.card), "from": "offer-area"}))
    R.after_offered_card(s, ev)


def _check_discard_hand(s: Zones, p: int, a: A.DiscardFromHand) -> Refusal | None:
    if s.planted < 1:
        return refuse("B-55", "the front card must be planted before a discard")
    if not 0 <= a.position < len(s.hands[p]):
        return refuse("B-55", f"hand position {a.position} is not in the hand of {len(s.hands[p])}")
    return None


def _do_discard_hand(s: Zones, p: int, a: A.DiscardFromHand, ev: list[Event]) -> None:
    card = s.hands[p].pop(a.position)
    s.discard.append(card)
    ev.append(Event("discard", {"player": p, "card": R.card_json(s, card), "from": "hand"}))
    R.duel_reveal_step(s, ev)


def _do_plant_revealed(s: Zones, p: int, a: A.PlantRevealed, ev: list[Event]) -> None:
    s.revealed.remove(a.card)
    R.do_plant(s, p, a.card, a.field, "revealed", ev)
    if not s.revealed:
        R.end_reveal_step(s, ev)


def _check_end_trading(s: Zones, p: int, a: Action) -> Refusal | None:
    return None if p == s.active else refuse("B-45", "only the active player may end trading")


def _ok(s: Zones, p: int, a: Any) -> Refusal | None:
    return None


_FREE_PHASES = (
    PLANT,
    TRADE,
    PLANT_TRADED,
    DRAW,
    DUEL_OFFERED,
    DUEL_PLANT,
    DUEL_REVEALED,
    DUEL_DRAW,
)

# action class -> ((allowed phases, clause), rule check, effect)
HANDLERS: dict[type, tuple[tuple[frozenset[int], str], Check, Effect]] = {
    A.PlantFromHand: (_phases(PLANT, DUEL_PLANT), _check_plant_hand, _do_plant_hand),
    A.EndPlanting: (
        _phases(PLANT, DUEL_PLANT),
        _check_end_planting,
        lambda s, p, a, ev: R.end_planting(s, p, ev),
    ),
    A.Harvest: (
        _phases(*_FREE_PHASES),
        lambda s, p, a: R.harvest_error(s, p, a.field),
        _do_harvest,
    ),
    A.BuyField: (_phases(*_FREE_PHASES), lambda s, p, a: R.buy_error(s, p), _do_buy),
    A.Offer: (_phases(TRADE), T.offer_error, T.do_offer),
    A.Accept: (_phases(TRADE), T.accept_error, T.do_accept),
    A.Decline: (_phases(TRADE), T.decline_error, T.do_decline),
    A.Withdraw: (_phases(TRADE), T.withdraw_error, T.do_withdraw),
    A.Pass: (_phases(TRADE), _ok, lambda s, p, a, ev: T.do_pass(s, p, ev)),
    A.EndTrading: (
        _phases(TRADE, clause="B-45"),
        _check_end_trading,
        lambda s, p, a, ev: R.end_trading(s, ev),
    ),
    A.PlantFromTradeArea: (
        _phases(PLANT_TRADED, clause="B-51"),
        _zone_plant_check(lambda s, p: s.trade[p], "B-51"),
        _do_plant_traded,
    ),
    A.FinishTurn: (
        _phases(DRAW, DUEL_DRAW, clause="B-52"),
        _ok,
        lambda s, p, a, ev: R.finish_turn(s, ev),
    ),
    A.PlantOffered: (
        _phases(DUEL_OFFERED, clause="B-54"),
        _zone_plant_check(lambda s, p: s.offer_area, "B-54"),
        _do_plant_offered,
    ),
    A.DiscardOffered: (
        _phases(DUEL_OFFERED, clause="B-54"),
        _check_discard_offered,
        _do_discard_offered,
    ),
    A.DiscardFromHand: (_phases(DUEL_PLANT, clause="B-55"), _check_discard_hand, _do_discard_hand),
    A.PlantRevealed: (
        _phases(DUEL_REVEALED, clause="B-56"),
        _zone_plant_check(lambda s, p: s.revealed, "B-56"),
        _do_plant_revealed,
    ),
    A.LeaveOffer: (
        _phases(DUEL_REVEALED, clause="B-56"),
        _ok,
        lambda s, p, a, ev: R.leave_offer(s, ev),
    ),
}


def foreign_action_error(action: object) -> IllegalActionError:
    """The refusal of an object that is no Bohnanza action (``type(action)`` not in HANDLERS)."""
    return IllegalActionError(f"{action!r} is not a Bohnanza action")


class BohnanzaState(Zones, State):
    """A Bohnanza position. See ``seedbed.engine.api.State`` for the contract."""

    __slots__ = ("movers",)
    game_name = "bohnanza"
    movers: tuple[int, ...]

    @property
    def num_players(self) -> int:
        return self.cfg.num_players

    def to_move(self) -> tuple[PlayerId, ...]:
        return self.movers

    def legal_actions(self, player: PlayerId) -> Sequence[Action]:
        if player not in self.movers:
            return ()
        return legal_actions(self, player)

    def refusal(self, player: PlayerId, action: Action) -> IllegalActionError | None:
        """Why ``action`` is illegal for ``player`` now, or None when it is legal."""
        handler = HANDLERS.get(type(action))
        if handler is None:
            return foreign_action_error(action)
        if player not in self.movers:
            if self.phase == OVER:
                return NotOnMoveError("the game is over", "B-64")
            on_move = ", ".join(map(str, self.movers))
            return NotOnMoveError(
                f"player {player} is not on the move (on the move: {on_move})", "B-28"
            )
        (phases, clause), rule_check, _ = handler
        if self.phase not in phases:
            return _phase_refusal(self, phases, clause).error(action)
        why = rule_check(self, player, action)
        return None if why is None else why.error(action)

    def is_legal(self, player: PlayerId, action: Action) -> bool:
        return self.refusal(player, action) is None

    def apply(self, player: PlayerId, action: Action) -> list[Event]:
        handler = HANDLERS.get(type(action))
        if (
            handler is None
            or player not in self.movers
            or self.phase not in handler[0][0]
            or handler[1](self, player, action) is not None
        ):
            error = self.refusal(player, action)
            assert error is not None
            raise error
        events: list[Event] = []
        handler[2](self, player, action, events)
        self.movers = _movers(self)
        return events

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise ValueError("the game is not over")
        scores = tuple(len(t) for t in self.treasury)
        hands = tuple(len(h) for h in self.hands)
        if self.cfg.edition == "standard":  # B-65/B-66: most cards in hand breaks ties
            ranks, winners = rank_by([(sc, h) for sc, h in zip(scores, hands, strict=True)])
            return Outcome(scores, ranks, winners, hands)
        ranks, winners = rank_by([(sc,) for sc in scores])
        return Outcome(scores, ranks, winners)

    def observe(self, player: PlayerId | None) -> JsonDict:
        check_viewer(player, self.cfg.num_players)
        return observe(self, player, self.movers)

    def determinize(self, player: PlayerId, rng: Rng) -> BohnanzaState:
        d = self.clone()
        determinize_into(d, player, rng)
        return d

    def clone(self) -> BohnanzaState:
        new = BohnanzaState.__new__(BohnanzaState)
        self.copy_into(new)
        new.movers = self.movers
        return new

    def key(self) -> str:
        parts = [f"{name}={getattr(self, name)!r}" for name in Zones.__slots__ if name != "cfg"]
        return ";".join(parts)

    def refresh(self) -> None:
        """Recompute derived fields after a test edited the zones directly."""
        self.movers = _movers(self)

    def __repr__(self) -> str:
        return (
            f"<BohnanzaState {self.cfg.edition} {self.cfg.num_players}p turn {self.turn} "
            f"active {self.active} phase {PHASE_NAMES[self.phase]}>"
        )


class Bohnanza(Game):
    name = "bohnanza"
    min_players = 2
    max_players = 7

    def normalize_options(self, options: Mapping[str, Any] | None) -> JsonDict:
        return normalize_options(options)

    def table_refusal(self, options: Mapping[str, Any]) -> str | None:
        return table_refusal(options)

    def player_counts(self, options: Mapping[str, Any] | None = None) -> range:
        edition = normalize_options(options)["edition"]
        return range(3, 6) if edition == "classic" else range(2, 8)

    def table_options(self, num_players: int, options: Mapping[str, Any] | None) -> JsonDict:
        """The normalised options of a new table of ``num_players``; ValueError (B-3, B-2)
        when the options are invalid or the edition does not take that many players."""
        opts = normalize_options(options)
        counts = self.player_counts(opts)
        if isinstance(num_players, bool) or num_players not in counts:
            raise ValueError(
                f"the {opts['edition']} edition takes {counts.start}-{counts.stop - 1} players, "
                f"not {num_players!r} [B-2]"
            )
        return opts

    def new_state(
        self, num_players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> BohnanzaState:
        opts = self.table_options(num_players, options)
        s = BohnanzaState.__new__(BohnanzaState)
        R.setup(s, make_config(opts["edition"], num_players, opts), seed)
        s.movers = _movers(s)
        return s

    def state_from_json(self, obj: Mapping[str, Any]) -> BohnanzaState:
        """Rebuild a state from ``BohnanzaState.to_json()`` output."""
        opts = normalize_options(obj["options"])
        s = BohnanzaState.__new__(BohnanzaState)
        s.load_json(dict(obj), make_config(opts["edition"], int(obj["num_players"]), opts))
        s.movers = _movers(s)
        return s

    def parse_action(self, text: str) -> Action:
        return A.parse_action(text)

    def action_from_json(self, obj: Any) -> Action:
        return A.action_from_json(obj)


GAME = Bohnanza()
