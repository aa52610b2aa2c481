"""The Fields of Green game object and its State: options (F-3), who may act (F-7) and the
dispatch of each action to its check and effect.

The core never reads files: the shipped ``original`` card set reaches the game through its
constructor (``FieldsOfGreen(original=loader)``); a card-data object or a ``CardSet`` can
always be passed as the ``cards`` option (F-89).
"""

from __future__ import annotations

import json
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
from seedbed.engine.spec import Choice, OptionSpec, normalize
from seedbed.games.fields_of_green import actions as A
from seedbed.games.fields_of_green import build as B
from seedbed.games.fields_of_green import harvest as H
from seedbed.games.fields_of_green import scoring as S
from seedbed.games.fields_of_green.cards import CardSet, parse_card_set
from seedbed.games.fields_of_green.config import Config, make_config
from seedbed.games.fields_of_green.decisions import DECISIONS
from seedbed.games.fields_of_green.draft import commit
from seedbed.games.fields_of_green.flow import advance, movers
from seedbed.games.fields_of_green.menu import legal_actions
from seedbed.games.fields_of_green.observe import determinize_into, observe
from seedbed.games.fields_of_green.state import (
    COMMIT,
    DRAW,
    FINAL,
    FRAME_NAMES,
    HARVEST,
    NONE,
    OVER,
    PHASE_NAMES,
    PICK,
    RESOLVE,
    Zones,
)
from seedbed.games.fields_of_green.upkeep import do_split, setup, split_error

RULESETS = ("published", "prototype")
OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "ruleset",
        "choice",
        "published",
        "F-1, F-3",
        "published: the 2016 rules; prototype: the prototype's draft",
        label="Rule set",
        choices=(Choice("published", "Published (2016)"), Choice("prototype", "Prototype draft")),
    ),
    OptionSpec(
        "introductory",
        "bool",
        False,
        "F-3, F-44",
        "introductory draws: fixed splits instead of chosen ones",
        label="Introductory draws (fixed splits)",
    ),
    OptionSpec(
        "cards",
        "data",
        "original",
        "F-3, F-89",
        "the card set: 'original' (shipped) or a card-data object (card_set=PATH reads a file)",
        label="Card set",
        choices=(Choice("original", "seedbed original"),),
    ),
)
"""Fields of Green's options (F-3)."""

Check = Callable[[Zones, int, Any], Refusal | None]
Do = Callable[[Zones, int, Any, list[Event]], None]


def _commit_check(s: Zones, p: int, a: A.Commit) -> Refusal | None:
    if s.commits[p] != NONE:
        return refuse("F-46", f"player {p} has already committed this turn")
    if a.card not in s.hands[p]:
        return refuse("F-46", f"card {a.card} is not in player {p}'s hand")
    return None


def _end_harvest(s: Zones, p: int, a: Action, ev: list[Event]) -> None:
    H.end_harvest(s, p, ev)


_ACTING = frozenset((RESOLVE, PICK))

# action class -> (phases, rule check, effect); follow-up decisions are in DECISIONS
HANDLERS: dict[type, tuple[frozenset[int], Check, Do]] = {
    A.DrawSplit: (
        frozenset((DRAW,)),
        lambda s, p, a: split_error(s, a.counts()),
        lambda s, p, a, ev: do_split(s, p, a.counts(), ev),
    ),
    A.Commit: (frozenset((COMMIT,)), _commit_check, lambda s, p, a, ev: commit(s, p, a.card, ev)),
    A.BuildLocation: (_ACTING, B.build_error, B.do_build),
    A.BuildWaterTower: (_ACTING, B.tower_error, B.do_tower),
    A.BuildSilo: (_ACTING, B.silo_error, B.do_silo),
    A.GoToMarket: (_ACTING, B.market_error, B.do_market),
    A.RestoreLocation: (_ACTING, B.restore_error, B.do_restore),
    A.PayHarvest: (
        frozenset((HARVEST,)),
        lambda s, p, a: H.pay_error(s, p, a.card, a.tile, a.water),
        lambda s, p, a, ev: H.pay(s, p, a.card, a.tile, a.water, ev),
    ),
    A.DeclineHarvest: (
        frozenset((HARVEST,)),
        lambda s, p, a: H.item_error(s, p, a.card, a.tile),
        lambda s, p, a, ev: H.decline(s, p, a.card, a.tile, ev),
    ),
    A.EndHarvest: (frozenset((HARVEST,)), lambda s, p, a: None, _end_harvest),
    A.PayGameEnd: (
        frozenset((FINAL,)),
        lambda s, p, a: S.pay_error(s, p, a.card, a.tile, a.water),
        lambda s, p, a, ev: S.pay(s, p, a.card, a.tile, a.water, ev),
    ),
    A.EndScoring: (
        frozenset((FINAL,)),
        lambda s, p, a: None,
        lambda s, p, a, ev: S.end_scoring(s, p, ev),
    ),
}


class FieldsOfGreenState(Zones, State):
    """A Fields of Green position. See ``seedbed.engine.api.State`` for the contract."""

    __slots__ = ("movers",)
    game_name = "fields_of_green"
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

    def _handler(self, action: Action) -> tuple[Check, Do] | Refusal:
        """The check and effect for ``action`` now, or why it is not allowed at this moment."""
        decision = DECISIONS.get(type(action))
        if self.stack:
            frame = self.stack[-1]
            if decision is None or decision[0] != frame[0]:
                return refuse("F-7", f"first answer the pending {FRAME_NAMES[frame[0]]} decision")
            return decision[1], decision[2]
        handler = HANDLERS.get(type(action))
        if handler is None or self.phase not in handler[0]:
            return refuse("F-7", f"not allowed in phase {PHASE_NAMES[self.phase]}")
        return handler[1], handler[2]

    def refusal(self, player: PlayerId, action: Action) -> IllegalActionError | None:
        """Why ``action`` is illegal for ``player`` now, or None when it is legal."""
        found = self._checked(player, action)
        return found if isinstance(found, IllegalActionError) else None

    def _checked(self, player: PlayerId, action: Action) -> Do | IllegalActionError:
        """The effect of ``action`` when it is legal, else why not (one lookup serves both
        the check and the effect in ``apply``)."""
        if type(action) not in HANDLERS and type(action) not in DECISIONS:
            return IllegalActionError(f"{action!r} is not a Fields of Green action")
        if player not in self.movers:
            if self.phase == OVER:
                return NotOnMoveError("the game is over", "F-38")
            on_move = ", ".join(map(str, self.movers))
            return NotOnMoveError(
                f"player {player} is not on the move (on the move: {on_move})", "F-7"
            )
        found = self._handler(action)
        if isinstance(found, Refusal):
            return found.error(action)
        why = found[0](self, player, action)
        return found[1] if why is None else why.error(action)

    def is_legal(self, player: PlayerId, action: Action) -> bool:
        return not isinstance(self._checked(player, action), IllegalActionError)

    def apply(self, player: PlayerId, action: Action) -> list[Event]:
        do = self._checked(player, action)
        if isinstance(do, IllegalActionError):
            raise do
        events: list[Event] = []
        do(self, player, action, events)
        advance(self, events)
        self.movers = movers(self)
        return events

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def outcome(self) -> Outcome:
        if self.phase != OVER:
            raise ValueError("the game is not over")
        n = self.cfg.num_players
        scores = tuple(S.score(self, p) for p in range(n))
        ranks, winners = rank_by(S.rank_keys(self))
        tiebreak = tuple(S.locations(self, p) for p in range(n)) if self.cfg.published else ()
        return Outcome(scores, ranks, winners, tiebreak)

    def score_parts(self, player: PlayerId) -> list[int]:
        """The seven parts of F-73 (see ``scoring.PART_NAMES``)."""
        return S.score_parts(self, player)

    def observe(self, player: PlayerId | None) -> JsonDict:
        check_viewer(player, self.num_players)
        return observe(self, player, self.movers)

    def determinize(self, player: PlayerId, rng: Rng) -> FieldsOfGreenState:
        d = self.clone()
        determinize_into(d, player, rng)
        return d

    def clone(self) -> FieldsOfGreenState:
        new = FieldsOfGreenState.__new__(FieldsOfGreenState)
        self.copy_into(new)
        new.movers = self.movers
        return new

    def key(self) -> str:
        state = self.to_json()
        del state["options"]
        return json.dumps(state, sort_keys=True, separators=(",", ":"))

    def refresh(self) -> None:
        """Recompute derived fields after a test edited the zones directly: run anything
        automatic and recompute who is on the move."""
        self.home = {c: (p, cell) for p, f in enumerate(self.farms) for cell, c in f.items()}
        self.geo = [None] * self.cfg.num_players
        advance(self, [])
        self.movers = movers(self)

    def __repr__(self) -> str:
        cfg = self.cfg
        return (
            f"<FieldsOfGreenState {cfg.ruleset} {cfg.num_players}p year {self.year} "
            f"phase {PHASE_NAMES[self.phase]} to move {self.movers}>"
        )


class FieldsOfGreen(Game):
    """The game. ``original`` loads the shipped card set (outside the pure core)."""

    name = "fields_of_green"
    min_players = 2
    max_players = 4

    def __init__(self, original: Callable[[], CardSet] | None = None) -> None:
        self.original = original
        self._sets: dict[str, CardSet] = {}
        self._configs: dict[tuple[str, int, str, bool], Config] = {}

    # ------------------------------------------------------------------ options (F-3)

    def normalize_options(self, options: Mapping[str, Any] | None) -> JsonDict:
        """Defaults filled in; ``cards`` stays ``"original"`` or becomes a card-data object."""
        opts = normalize(OPTIONS, options, "F-3")
        cards = opts["cards"]
        if isinstance(cards, CardSet):
            cards = cards.to_json()
        elif cards == "original":
            if self.original is None:
                raise ValueError(
                    "no original card set is wired into this game object; pass a card-data "
                    "object as the 'cards' option [F-89]"
                )
        elif isinstance(cards, Mapping):
            self._card_set(cards)  # refuse bad card data now, naming the entry (F-80)
            cards = dict(cards)
        else:
            raise ValueError(
                f"option cards must be 'original' or a card-data object, got {cards!r} [F-3, F-89]"
            )
        return {**opts, "cards": cards}

    def _card_set(self, cards: Any) -> CardSet:
        if cards == "original":
            assert self.original is not None
            key = "original"
        else:
            key = json.dumps(cards, sort_keys=True)
        found = self._sets.get(key)
        if found is None:
            found = self.original() if cards == "original" else parse_card_set(cards)  # type: ignore[misc]
            if len(self._sets) > 16:
                self._sets.clear()
            self._sets[key] = found
        return found

    def _config(self, num_players: int, opts: JsonDict) -> Config:
        cards = opts["cards"]
        card_key = "original" if cards == "original" else json.dumps(cards, sort_keys=True)
        key = (card_key, num_players, opts["ruleset"], opts["introductory"])
        found = self._configs.get(key)
        if found is None:
            found = make_config(self._card_set(cards), num_players, opts)
            if len(self._configs) > 64:
                self._configs.clear()
            self._configs[key] = found
        return found

    def player_counts(self, options: Mapping[str, Any] | None = None) -> range:
        return range(2, 5)  # F-2

    def new_state(
        self, num_players: int, seed: int, options: Mapping[str, Any] | None = None
    ) -> FieldsOfGreenState:
        opts = self.normalize_options(options)
        if isinstance(num_players, bool) or num_players not in self.player_counts(opts):
            raise ValueError(f"Fields of Green takes 2-4 players, not {num_players!r} [F-2]")
        s = FieldsOfGreenState.__new__(FieldsOfGreenState)
        setup(s, self._config(num_players, opts), seed)
        advance(s, [])
        s.movers = movers(s)
        return s

    def state_from_json(self, obj: Mapping[str, Any]) -> FieldsOfGreenState:
        """Rebuild a state from ``FieldsOfGreenState.to_json()`` output."""
        opts = self.normalize_options(obj["options"])
        s = FieldsOfGreenState.__new__(FieldsOfGreenState)
        s.load_json(dict(obj), self._config(int(obj["num_players"]), opts))
        s.movers = movers(s)
        return s

    def parse_action(self, text: str) -> Action:
        return A.parse_action(text)

    def action_from_json(self, obj: Any) -> Action:
        return A.action_from_json(obj)


GAME = FieldsOfGreen()
