//! The greedy policy of Bohnanza natively (issue 16): `heuristics.choose` of
//! `src/seedbed/games/bohnanza/heuristics.py`, choice for choice and draw for draw. It reads
//! the state directly, but only what player `p`'s observation shows: p's hand and treasury
//! size, public fields, trade areas, face-up cards, offers (given hand cards by variety),
//! pile sizes — never another player's hand, a treasury's cards or the deck order.
//!
//! Outside trading ([`choose`] on a short menu) every action is scored by the worth after it
//! (`worth.rs`); trading is `greedy_trade.rs`.

use super::actions::Action;
use super::menu::Menu;
use super::state::*;
use super::worth::{plant, worth, worth_wasting, Knobs, Plot, Plots, Seq, WASTE};
use crate::rng::Rng;

/// `Me`: the viewer's side of the view, as variety indices.
#[derive(Debug, Clone)]
pub struct Me {
    pub fields: Plots,
    pub coins: i32,
    pub hand: Seq,
    /// The trade area: (card, variety), in order.
    pub trade: Vec<(u8, u8)>,
    /// The face-up varieties while p is the active player trading, else -1.
    pub faceup: [i32; 2],
    pub pending: Seq,
    pub cost: i32,
    pub k: Knobs,
}

impl Me {
    pub fn new(s: &Zones, p: usize) -> Me {
        let cfg = &s.cfg;
        let fields = s.fields[p]
            .iter()
            .map(|f| match f.first() {
                Some(&c) => (i32::from(cfg.variety(c)), f.len() as i32),
                None => (-1, 0),
            })
            .collect();
        let hand = s.hands[p].iter().map(|&c| cfg.variety(c)).collect();
        let trade: Vec<(u8, u8)> = s.trade[p].iter().map(|&c| (c, cfg.variety(c))).collect();
        let trading = s.phase == TRADE && s.active == p;
        let faceup = s.faceup.map(|c| match c {
            Some(c) if trading => i32::from(cfg.variety(c)),
            _ => -1,
        });
        let mut pending: Seq = trade.iter().map(|&(_, v)| v).collect();
        pending.extend(faceup.iter().filter(|&&v| v >= 0).map(|&v| v as u8));
        let cost = if cfg.can_buy && !s.third[p] {
            cfg.field_cost as i32
        } else {
            -1
        };
        Me {
            fields,
            coins: s.treasury[p].len() as i32,
            hand,
            trade,
            faceup,
            pending,
            cost,
            k: Knobs::new(time_left(s)),
        }
    }

    /// The worth in trading: a card to plant that would harvest for nothing costs
    /// [`WASTE`] (issue 38 item 2).
    pub fn worth(&self) -> f64 {
        let (fields, pending, hand) = (&self.fields, &self.pending, &self.hand);
        worth_wasting(fields, self.coins, pending, hand, &self.k, WASTE)
    }
}

/// `time_left`: share of the game still to come, from the deck passes left.
pub fn time_left(s: &Zones) -> f64 {
    let final_ = i64::from(s.cfg.final_exhaustion.max(1));
    let (deck, discard) = (s.deck.len() as i64, s.discard.len() as i64);
    let in_pass = deck as f64 / (deck + discard + 1) as f64;
    let left = ((final_ - i64::from(s.exhaustions) - 1) as f64 + in_pass) / final_ as f64;
    left.clamp(0.0, 1.0) // Python: max(0.0, min(1.0, left)), the same for a number
}

/// `_after`: the worth after action `a` (the short menus outside trading).
/// `SPOIL`: on a tie, a plant that harvests a field paying nothing comes last (B-23).
const SPOIL: f64 = 0.01;

/// `_plant_at`: [`plant`] into `target`, less [`SPOIL`] when it throws a field away.
fn plant_at(fields: &mut Plots, v: i32, k: &Knobs, target: i32) -> f64 {
    let (w, n) = fields[target as usize];
    let spoils = n > 0 && w != v && super::worth::payout(w, n) == 0;
    let gain = plant(fields, v, k, target, &[]);
    if spoils {
        gain - SPOIL
    } else {
        gain
    }
}

fn after(s: &Zones, me: &Me, a: &Action) -> f64 {
    let mut fields: Plots = me.fields;
    let (mut coins, mut pending, mut hand, k) = (me.coins, me.pending, me.hand, &me.k);
    let variety = |card: i64| i32::from(s.cfg.variety(card as u8));
    let mut gain = 0.0;
    match a {
        Action::PlantFromHand { field } => {
            gain = plant_at(&mut fields, i32::from(hand[0]), k, *field as i32);
            hand.remove(0);
        }
        Action::Harvest { field } => {
            let f = *field as usize;
            let (v, n) = fields[f];
            if n > 0 {
                coins += super::worth::payout(v, n);
            }
            fields[f] = (-1, 0);
            gain = -0.01; // on a tie, planting (which harvests as needed) comes first
        }
        Action::BuyField => {
            coins -= me.cost;
            fields.push((-1, 0) as Plot);
            gain = k.third;
        }
        Action::PlantFromTradeArea { card, field } => {
            let v = me
                .trade
                .iter()
                .find(|&&(c, _)| i64::from(c) == *card)
                .map_or(0, |&(_, v)| v);
            if let Some(i) = pending.iter().position(|&x| x == v) {
                pending.remove(i);
            }
            gain = plant_at(&mut fields, i32::from(v), k, *field as i32);
        }
        Action::PlantOffered { card, field } | Action::PlantRevealed { card, field } => {
            gain = plant_at(&mut fields, variety(*card), k, *field as i32);
        }
        Action::DiscardFromHand { position } => {
            hand.remove(*position as usize);
        }
        _ => {}
    }
    gain + worth(&fields, coins, &pending, &hand, k)
}

/// `_best`: the best-scored action; ties (within 1e-9 of the top) broken with `rng`.
pub fn best(scored: Vec<(f64, Action)>, rng: &mut Rng) -> Action {
    let top = scored.iter().map(|x| x.0).fold(f64::NEG_INFINITY, f64::max);
    let mut best: Vec<Action> = scored
        .into_iter()
        .filter(|x| x.0 >= top - 1e-9)
        .map(|x| x.1)
        .collect();
    let i = if best.len() > 1 {
        rng.below(best.len() as u64) as usize
    } else {
        0
    };
    best.swap_remove(i)
}

/// `_small_menu`: the action of the short menu with the best worth after it.
fn small_menu(s: &Zones, p: usize, menu: &[Action], rng: &mut Rng) -> Action {
    let me = Me::new(s, p);
    let scored = menu.iter().map(|a| (after(s, &me, a), a.clone())).collect();
    best(scored, rng)
}

/// `heuristics.choose(state.observe(p), state.legal_actions(p), rng)`: what the greedy
/// policy plays for `p` from `menu` (p's menu at `s`), drawing from `rng` exactly as Python
/// does; None when the menu is empty (p not on the move).
pub fn choose(s: &Zones, p: usize, menu: &Menu, rng: &mut Rng) -> Option<Action> {
    match menu.len() {
        0 => None,
        1 => menu.get(0),
        _ if s.phase == TRADE => Some(super::greedy_trade::trading(s, p, menu, rng)),
        _ => Some(small_menu(s, p, &menu.fixed, rng)),
    }
}
