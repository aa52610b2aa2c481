//! Bohnanza rules, ported from `rules.py`: setup, drawing, planting, harvesting, the turn's
//! phase changes and the duel. Same order of operations as Python, so the generator is drawn
//! in the same order and states stay identical seed for seed.
//!
//! Every `*_error` function says why a rule refuses (naming the clause) before anything is
//! changed; every `do_*` function mutates and appends [`Event`]s. Trading, the menus and the
//! action dispatch (`game.py`, `trading.py`, `menu.py`) are not ported yet.

use std::sync::Arc;

use serde_json::{json, Value};

use super::cards::{Card, Config, Options, Variety, PAYOUT, VARIETIES};
use super::state::*;
use crate::rng::Rng;

/// Something that happened (`Event` of `engine/api.py`), typed; [`Event::to_json`] gives the
/// `(kind, public, private, private_to)` Python builds. `Hash`: the bindings keep the Python
/// object made for each distinct event.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Event {
    Turn {
        active: usize,
        turn: u32,
    },
    Exhaustion {
        count: u32,
        last: bool,
    },
    Reshuffle {
        deck_size: usize,
    },
    Reveal {
        active: usize,
        cards: Vec<Card>,
    },
    DuelReveal {
        active: usize,
        cards: Vec<Card>,
        pulled: Vec<Card>,
    },
    Harvest {
        player: usize,
        field: usize,
        variety: Variety,
        count: usize,
        coins: u8,
        discarded: Vec<Card>,
        at_end: bool,
    },
    Plant {
        player: usize,
        field: usize,
        card: Card,
        source: &'static str,
    },
    BuyField {
        player: usize,
        cost: usize,
        paid: Option<Vec<Card>>,
    },
    EndTrading {
        expired: Vec<u32>,
        kept: Vec<Card>,
    },
    Draw {
        player: usize,
        cards: Vec<Card>,
    },
    EndPlanting {
        player: usize,
    },
    LeaveOffer {
        cards: Vec<Card>,
    },
    GameOver {
        scores: Vec<usize>,
    },
    Discard {
        player: usize,
        card: Card,
        source: &'static str,
    },
    Offer {
        rec: Arc<OfferRecord>,
    },
    Accept {
        offer_id: u32,
        proposer: usize,
        acceptor: usize,
        to_acceptor: Vec<Card>,
        to_proposer: Vec<Card>,
        closed: Vec<u32>,
        positions: Vec<u8>,
    },
    Decline {
        offer_id: u32,
        player: usize,
    },
    Withdraw {
        offer_id: u32,
        player: usize,
    },
    Pass {
        player: usize,
    },
}

/// An event as Python's `Event` holds it: kind, public data, private data and who sees it.
pub struct EventJson {
    pub kind: &'static str,
    pub public: Value,
    pub private: Option<Value>,
    pub private_to: Vec<usize>,
}

fn cards_json(cfg: &Config, cards: &[Card]) -> Value {
    cards.iter().map(|&c| cfg.card_json(c)).collect()
}

impl Event {
    pub fn to_json(&self, cfg: &Config) -> EventJson {
        let kind = self.kind();
        let plain = |kind, public| EventJson {
            kind,
            public,
            private: None,
            private_to: Vec::new(),
        };
        match self {
            Event::Turn { active, turn } => plain(kind, json!({"active": active, "turn": turn})),
            Event::Exhaustion { count, last } => {
                plain(kind, json!({"count": count, "final": last}))
            }
            Event::Reshuffle { deck_size } => plain(kind, json!({"deck_size": deck_size})),
            Event::Reveal { active, cards } => plain(
                kind,
                json!({"active": active, "cards": cards_json(cfg, cards)}),
            ),
            Event::DuelReveal {
                active,
                cards,
                pulled,
            } => plain(
                kind,
                json!({"active": active, "cards": cards_json(cfg, cards),
                       "pulled": cards_json(cfg, pulled)}),
            ),
            Event::Harvest {
                player,
                field,
                variety,
                count,
                coins,
                discarded,
                at_end,
            } => plain(
                kind,
                json!({"player": player, "field": field,
                       "variety": VARIETIES[*variety as usize], "count": count, "coins": coins,
                       "discarded": cards_json(cfg, discarded), "at_end": at_end}),
            ),
            Event::Plant {
                player,
                field,
                card,
                source,
            } => plain(
                kind,
                json!({"player": player, "field": field, "card": cfg.card_json(*card),
                       "from": source}),
            ),
            Event::BuyField { player, cost, paid } => {
                let mut public = json!({"player": player, "cost": cost});
                if let Some(paid) = paid {
                    public["paid"] = cards_json(cfg, paid);
                }
                plain(kind, public)
            }
            Event::EndTrading { expired, kept } => plain(
                kind,
                json!({"expired": expired, "kept": cards_json(cfg, kept)}),
            ),
            Event::Draw { player, cards } => EventJson {
                kind,
                public: json!({"player": player, "count": cards.len()}),
                private: Some(json!({"cards": cards_json(cfg, cards)})),
                private_to: vec![*player],
            },
            Event::EndPlanting { player } => plain(kind, json!({"player": player})),
            Event::LeaveOffer { cards } => plain(kind, json!({"cards": cards_json(cfg, cards)})),
            Event::GameOver { scores } => plain(kind, json!({"scores": scores})),
            Event::Discard {
                player,
                card,
                source,
            } => plain(
                kind,
                json!({"player": player, "card": cfg.card_json(*card), "from": source}),
            ),
            Event::Offer { rec } => EventJson {
                kind,
                public: super::trading::offer_public(cfg, rec),
                private: Some(super::trading::offer_private(cfg, rec)),
                private_to: vec![rec.proposer as usize],
            },
            Event::Accept {
                offer_id,
                proposer,
                acceptor,
                to_acceptor,
                to_proposer,
                closed,
                positions,
            } => EventJson {
                kind,
                public: json!({"offer_id": offer_id, "proposer": proposer, "acceptor": acceptor,
                               "to_acceptor": cards_json(cfg, to_acceptor),
                               "to_proposer": cards_json(cfg, to_proposer), "closed": closed}),
                private: Some(json!({ "positions": positions })),
                private_to: vec![*acceptor],
            },
            Event::Decline { offer_id, player } => {
                plain(kind, json!({"offer_id": offer_id, "player": player}))
            }
            Event::Withdraw { offer_id, player } => {
                plain(kind, json!({"offer_id": offer_id, "player": player}))
            }
            Event::Pass { player } => plain(kind, json!({ "player": player })),
        }
    }
}

/// Why a rule refuses: its clause and the message (`Refusal` of `engine/errors.py`).
/// `Display` is the message tagged with the clause, as Python prints a refusal.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub clause: &'static str,
    pub message: String,
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} [{}]", self.message, self.clause)
    }
}

pub(crate) fn refuse(clause: &'static str, message: String) -> Option<Refusal> {
    Some(Refusal { clause, message })
}

pub type Events = Vec<Event>;

// ------------------------------------------------------------------ setup (B-14, B-15)

/// A new game (`Bohnanza.new_state` after option normalisation): shuffle, deal one card at a
/// time round the table, start the first turn.
pub fn new_state(num_players: usize, seed: u64, options: Options) -> Result<Zones, String> {
    let cfg = Arc::new(Config::new(options, num_players)?);
    Ok(setup(cfg, Rng::new(seed)))
}

/// `setup` of `rules.py`, with the game's generator (`Rng(seed)`).
pub fn setup(cfg: Arc<Config>, mut rng: Rng) -> Zones {
    let n = cfg.num_players;
    let mut deck: Pile = (0..cfg.num_cards()).map(|c| c as Card).collect();
    rng.shuffle(&mut deck);
    deck.reverse(); // the end is the top; the shuffle's first card is dealt first
    let mut hands: PerSeat<Pile> = (0..n).map(|_| Pile::new()).collect();
    let most = cfg.hand_sizes.iter().copied().max().unwrap_or(0);
    for _ in 0..most {
        for (p, hand) in hands.iter_mut().enumerate() {
            if hand.len() < cfg.hand_sizes[p] {
                hand.extend(deck.pop());
            }
        }
    }
    let mut s = Zones {
        rng,
        deck,
        discard: Pile::new(),
        hands,
        fields: (0..n)
            .map(|_| (0..cfg.start_fields).map(|_| Field::new()).collect())
            .collect(),
        third: (0..n).map(|_| cfg.start_fields == 3).collect(),
        treasury: (0..n).map(|_| Pile::new()).collect(),
        trade: (0..n).map(|_| Pile::new()).collect(),
        faceup: [None, None],
        revealed: Pile::new(),
        offer_area: Pile::new(),
        r#box: Pile::new(),
        exhaustions: 0,
        active: 0,
        phase: PLANT,
        planted: 0,
        turn: 0,
        ending: false,
        passed: (0..n).map(|_| false).collect(),
        offers: Default::default(),
        offer_status: Default::default(),
        accepted_by: Default::default(),
        next_offer_id: 1,
        offers_made: (0..n).map(|_| 0).collect(),
        cfg,
    };
    start_turn(&mut s, &mut Vec::new());
    s
}

// ------------------------------------------------------------------ drawing (B-59 … B-62)

/// Draw up to `count` cards one at a time; returns them and whether the final exhaustion
/// happened, which ends the request (B-62).
pub fn draw(s: &mut Zones, count: usize, ev: &mut Events) -> (Vec<Card>, bool) {
    let mut out = Vec::with_capacity(count);
    for _ in 0..count {
        if s.deck.is_empty() {
            // B-60/B-61: a card asked of an empty new deck is a further exhaustion
            if exhaust(s, ev) {
                return (out, true);
            }
            if s.deck.is_empty() {
                continue; // the discard pile was empty too: this card yields nothing
            }
        }
        out.extend(s.deck.pop());
        if s.deck.is_empty() && exhaust(s, ev) {
            return (out, true); // B-60: taking the last card is the exhaustion
        }
    }
    (out, false)
}

/// Count an exhaustion (B-60); before the final one the discard pile becomes the new deck at
/// once (B-61), an empty one if the pile is empty. Returns whether it was the final one.
pub fn exhaust(s: &mut Zones, ev: &mut Events) -> bool {
    s.exhaustions += 1;
    let last = s.exhaustions >= s.cfg.final_exhaustion;
    ev.push(Event::Exhaustion {
        count: s.exhaustions,
        last,
    });
    if last || s.discard.is_empty() {
        return last; // B-62: nothing is reshuffled at the final exhaustion
    }
    let mut deck = std::mem::take(&mut s.discard);
    s.rng.shuffle(&mut deck);
    let deck_size = deck.len();
    s.deck = deck;
    ev.push(Event::Reshuffle { deck_size });
    false
}

// ------------------------------------------------------------------ fields (B-18 … B-27)

/// B-24: a single bean may not be harvested while another field of the player holds 2 or
/// more (`protection.py`).
pub fn single_bean_protected(fields: &[Field], f: usize) -> bool {
    fields[f].len() == 1 && fields.iter().any(|x| x.len() >= 2)
}

pub fn harvest_error(s: &Zones, p: usize, f: usize) -> Option<Refusal> {
    let fields = &s.fields[p];
    if f >= fields.len() {
        return refuse("B-18", format!("player {p} has no field {f}"));
    }
    if fields[f].is_empty() {
        return refuse("B-23", format!("field {f} is empty"));
    }
    if single_bean_protected(fields, f) {
        return refuse(
            "B-24",
            format!("field {f} holds a single bean while another field holds more"),
        );
    }
    None
}

/// Why a bean of `variety` may not go into field `f` of p (B-19, B-21), or None.
pub fn plant_error(s: &Zones, p: usize, variety: Variety, f: usize) -> Option<Refusal> {
    let fields = &s.fields[p];
    if f >= fields.len() {
        return refuse("B-18", format!("player {p} has no field {f}"));
    }
    for (i, field) in fields.iter().enumerate() {
        if let Some(&first) = field.first() {
            if s.cfg.variety(first) == variety {
                if i == f {
                    return None;
                }
                return refuse(
                    "B-19",
                    format!(
                        "a {} bean must go to field {i}, which holds that variety",
                        VARIETIES[variety as usize]
                    ),
                );
            }
        }
    }
    if fields[f].is_empty() {
        return None;
    }
    let why = harvest_error(s, p, f)?;
    refuse(
        "B-21",
        format!(
            "cannot plant over field {f}: it may not be harvested now: {} [{}]",
            why.message, why.clause
        ),
    )
}

/// Fields p may harvest now (B-23, B-24).
pub fn harvestable(s: &Zones, p: usize) -> Vec<usize> {
    let fields = &s.fields[p];
    let big = fields.iter().any(|f| f.len() >= 2);
    let min = if big { 2 } else { 1 };
    (0..fields.len())
        .filter(|&i| fields[i].len() >= min)
        .collect()
}

/// B-23: the payout's most recently planted cards become coins, the rest are discarded.
pub fn do_harvest(s: &mut Zones, p: usize, f: usize, ev: &mut Events, scoring: bool) {
    let field = std::mem::take(&mut s.fields[p][f]);
    let n = field.len();
    let variety = s.cfg.variety(field[0]);
    let coins = PAYOUT[variety as usize][n.min(PAYOUT[0].len() - 1)];
    let k = n - coins as usize;
    s.discard.extend_from_slice(&field[..k]);
    s.treasury[p].extend_from_slice(&field[k..]);
    ev.push(Event::Harvest {
        player: p,
        field: f,
        variety,
        count: n,
        coins,
        discarded: field[..k].to_vec(),
        at_end: scoring,
    });
}

pub fn do_plant(
    s: &mut Zones,
    p: usize,
    card: Card,
    f: usize,
    source: &'static str,
    ev: &mut Events,
) {
    if let Some(&first) = s.fields[p][f].first() {
        if s.cfg.variety(first) != s.cfg.variety(card) {
            do_harvest(s, p, f, ev, false); // B-21 convenience planting
        }
    }
    s.fields[p][f].push(card);
    ev.push(Event::Plant {
        player: p,
        field: f,
        card,
        source,
    });
}

pub fn buy_error(s: &Zones, p: usize) -> Option<Refusal> {
    let cfg = &s.cfg;
    if !cfg.can_buy {
        return refuse(
            "B-13",
            "the third field cannot be bought with standard 3 players".to_string(),
        );
    }
    if s.third[p] {
        return refuse("B-26", format!("player {p} already has a third field"));
    }
    if s.treasury[p].len() < cfg.field_cost {
        return refuse(
            "B-26",
            format!(
                "the third field costs {} coins; player {p} has fewer",
                cfg.field_cost
            ),
        );
    }
    None
}

/// B-26: top coins first onto the discard pile (or into the box in the duel).
pub fn do_buy(s: &mut Zones, p: usize, ev: &mut Events) {
    let cost = s.cfg.field_cost;
    let mut paid = Vec::with_capacity(cost);
    for _ in 0..cost {
        paid.extend(s.treasury[p].pop());
    }
    if s.cfg.duel {
        s.r#box.extend_from_slice(&paid);
    } else {
        s.discard.extend_from_slice(&paid);
    }
    s.fields[p].push(Field::new());
    s.third[p] = true;
    let paid = (!s.cfg.duel).then_some(paid); // bean side up: public (B-72, B-92)
    ev.push(Event::BuyField {
        player: p,
        cost,
        paid,
    });
}

// ------------------------------------------------------------------ the turn (B-31 … B-52)

pub fn start_turn(s: &mut Zones, ev: &mut Events) {
    ev.push(Event::Turn {
        active: s.active,
        turn: s.turn,
    });
    if s.cfg.duel {
        if s.offer_area.is_empty() {
            duel_plant_step(s, ev);
        } else {
            s.phase = DUEL_OFFERED;
        }
        return;
    }
    s.phase = PLANT;
    s.planted = 0;
    if s.hands[s.active].is_empty() {
        begin_reveal(s, ev); // B-32/B-73: phase 1 skipped
    }
}

/// B-33: two cards face up, then trading opens.
pub fn begin_reveal(s: &mut Zones, ev: &mut Events) {
    let (cards, last) = draw(s, 2, ev);
    s.faceup = [cards.first().copied(), cards.get(1).copied()];
    ev.push(Event::Reveal {
        active: s.active,
        cards,
    });
    if last {
        s.ending = true; // B-62: trading and phase 3 are still played
    }
    let n = s.cfg.num_players;
    s.phase = TRADE;
    s.passed = (0..n).map(|_| false).collect();
    s.offers.clear();
    s.offer_status.clear();
    s.accepted_by.clear();
    s.offers_made = (0..n).map(|_| 0).collect();
}

/// B-46: outstanding offers expire, leftover face-up cards go to the active trade area.
pub fn end_trading(s: &mut Zones, ev: &mut Events) {
    let mut expired = Vec::new();
    for (i, st) in s.offer_status.iter_mut().enumerate() {
        if *st == OPEN {
            *st = EXPIRED;
            expired.push(s.offers[i].offer_id);
        }
    }
    let kept: Vec<Card> = s.faceup.iter().flatten().copied().collect();
    s.trade[s.active].extend_from_slice(&kept);
    s.faceup = [None, None];
    ev.push(Event::EndTrading { expired, kept });
    s.phase = PLANT_TRADED;
    maybe_end_phase3(s, ev);
}

pub fn maybe_end_phase3(s: &mut Zones, ev: &mut Events) {
    if s.trade.iter().any(|t| !t.is_empty()) {
        return;
    }
    if s.ending {
        game_over(s, ev);
    } else {
        s.phase = DRAW;
    }
}

/// B-52 / B-57: draw to the back of the hand; the next seat starts (or the game ends).
pub fn finish_turn(s: &mut Zones, ev: &mut Events) {
    let p = s.active;
    let (cards, last) = draw(s, s.cfg.draw_count, ev);
    s.hands[p].extend_from_slice(&cards);
    ev.push(Event::Draw { player: p, cards });
    if last {
        game_over(s, ev);
        return;
    }
    s.active = (p + 1) % s.cfg.num_players;
    s.turn += 1;
    start_turn(s, ev);
}

pub fn after_hand_plant(s: &mut Zones, ev: &mut Events) {
    s.planted += 1;
    let hand_empty = s.hands[s.active].is_empty();
    if s.cfg.duel {
        if hand_empty {
            duel_reveal_step(s, ev);
        }
    } else if s.planted >= 2 || hand_empty {
        begin_reveal(s, ev);
    }
}

pub fn end_planting(s: &mut Zones, p: usize, ev: &mut Events) {
    ev.push(Event::EndPlanting { player: p });
    if s.cfg.duel {
        duel_reveal_step(s, ev);
    } else {
        begin_reveal(s, ev);
    }
}

// ------------------------------------------------------------------ the duel (B-53 … B-58)

pub fn duel_plant_step(s: &mut Zones, ev: &mut Events) {
    s.phase = DUEL_PLANT;
    s.planted = 0;
    if s.hands[s.active].is_empty() {
        duel_reveal_step(s, ev);
    }
}

/// B-56: reveal three, then pull matching cards from the top of the discard pile.
pub fn duel_reveal_step(s: &mut Zones, ev: &mut Events) {
    let (cards, last) = draw(s, 3, ev);
    let seen: Vec<Variety> = cards.iter().map(|&c| s.cfg.variety(c)).collect();
    let mut row = cards.clone();
    let mut pulled = Vec::new();
    while let Some(&top) = s.discard.last() {
        if !seen.contains(&s.cfg.variety(top)) {
            break;
        }
        s.discard.pop();
        row.push(top);
        pulled.push(top);
    }
    let empty = row.is_empty();
    s.revealed = row.iter().copied().collect();
    ev.push(Event::DuelReveal {
        active: s.active,
        cards,
        pulled,
    });
    s.ending = s.ending || last;
    s.phase = DUEL_REVEALED;
    if empty {
        end_reveal_step(s, ev);
    }
}

pub fn end_reveal_step(s: &mut Zones, ev: &mut Events) {
    if s.ending {
        game_over(s, ev); // B-62: the offer left is ignored
    } else {
        s.phase = DUEL_DRAW;
    }
}

pub fn leave_offer(s: &mut Zones, ev: &mut Events) {
    s.offer_area = std::mem::take(&mut s.revealed);
    ev.push(Event::LeaveOffer {
        cards: s.offer_area.to_vec(),
    });
    end_reveal_step(s, ev);
}

pub fn after_offered_card(s: &mut Zones, ev: &mut Events) {
    if s.offer_area.is_empty() {
        duel_plant_step(s, ev);
    }
}

// ------------------------------------------------------------------ the end (B-64 … B-66)

pub fn game_over(s: &mut Zones, ev: &mut Events) {
    for p in 0..s.cfg.num_players {
        for f in 0..s.fields[p].len() {
            if !s.fields[p][f].is_empty() {
                do_harvest(s, p, f, ev, true); // B-64/B-93: no protection
            }
        }
    }
    s.phase = OVER;
    s.passed = (0..s.cfg.num_players).map(|_| false).collect();
    ev.push(Event::GameOver {
        scores: s.treasury.iter().map(|t| t.len()).collect(),
    });
}
