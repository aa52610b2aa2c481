//! The greedy policy in trading (issue 16): `_trading`, `_own_offers`, `polite_offers` and the
//! etiquette (`Manners`, `_limits`) of `heuristics.py`, with a bot-only table's manners (no
//! `view["manners"]`: at most [`OPEN_OFFERS`] open offers and [`PHASE_OFFERS`] offers a
//! trading phase). It never scans the offer menu: it reads the fixed part (accepts,
//! declines, pass …), builds a handful of candidate offers and asks the menu whether it
//! holds them.

use super::actions::{Action, OfferAction};
use super::cards::Variety;
use super::greedy::Me;
use super::menu::Menu;
use super::state::*;
use super::trading::find_offer;
use super::worth::{worth_wasting, Seq, WASTE};
use crate::rng::Rng;

const ACCEPT_MARGIN: f64 = 0.25;
const OFFER_MARGIN: f64 = 0.3;
/// `OWN_OFFERS`: offers per trading phase.
const OWN_OFFERS: u32 = 3;
/// `OPEN_OFFERS`: the default etiquette limit of open offers at once.
pub const OPEN_OFFERS: usize = 2;
/// `PHASE_OFFERS`: the default etiquette limit of offers per trading phase.
pub const PHASE_OFFERS: usize = 4;

/// `_deal_worth`: the worth after giving hand positions and face-up slots and receiving
/// varieties `get` ([`WASTE`] a 0-coin harvest).
fn deal_worth(me: &Me, give_hand: &[i64], give_faceup: &[i64], get: &[u8]) -> f64 {
    let hand: Seq = me
        .hand
        .iter()
        .enumerate()
        .filter(|&(i, _)| !give_hand.contains(&(i as i64)))
        .map(|(_, &v)| v)
        .collect();
    let mut pending: Seq = me.trade.iter().map(|&(_, v)| v).collect();
    pending.extend_from_slice(get);
    for (slot, &v) in me.faceup.iter().enumerate() {
        if v >= 0 && !give_faceup.contains(&(slot as i64)) {
            pending.push(v as u8);
        }
    }
    worth_wasting(&me.fields, me.coins, &pending, &hand, &me.k, WASTE)
}

/// `_accept_worth`: the worth after accepting offer `rec` with hand `positions`.
fn accept_worth(s: &Zones, me: &Me, rec: &OfferRecord, positions: &[i64]) -> f64 {
    let cfg = &s.cfg;
    let mut get: Seq = rec
        .give_faceup
        .iter()
        .map(|&(_, c)| cfg.variety(c))
        .collect();
    let mut hand: Seq = rec.give_hand.iter().map(|&c| cfg.variety(c)).collect();
    hand.sort_unstable(); // the view lists given hand cards in canonical order
    get.extend_from_slice(&hand);
    let slots: Vec<i64> = rec
        .want_faceup
        .iter()
        .map(|&(sl, _)| i64::from(sl))
        .collect();
    deal_worth(me, positions, &slots, &get)
}

/// An offer as its addressee sees it: (to, given varieties, wanted varieties), sorted.
type Terms = (Option<i64>, Vec<Variety>, Vec<Variety>);

/// `view_terms` of an offer record.
fn record_terms(s: &Zones, rec: &OfferRecord) -> Terms {
    let v = |c: u8| s.cfg.variety(c);
    let mut give: Vec<Variety> = rec.give_faceup.iter().map(|&(_, c)| v(c)).collect();
    give.extend(rec.give_hand.iter().map(|&c| v(c)));
    let mut want = rec.want.clone();
    want.extend(rec.want_faceup.iter().map(|&(_, c)| v(c)));
    give.sort_unstable();
    want.sort_unstable();
    (rec.to.map(i64::from), give, want)
}

/// `offer_terms` of p's candidate offer `a`.
fn offer_terms(s: &Zones, p: usize, a: &OfferAction) -> Terms {
    let v = |c: u8| s.cfg.variety(c);
    let faceup = |slot: i64| s.faceup[slot as usize].map_or(0, v);
    let mut give: Vec<Variety> = a.give_faceup.iter().map(|&sl| faceup(sl)).collect();
    give.extend(a.give_hand.iter().map(|&i| v(s.hands[p][i as usize])));
    let mut want = a.want.clone();
    want.extend(a.want_faceup.iter().map(|&sl| faceup(sl)));
    give.sort_unstable();
    want.sort_unstable();
    (a.to, give, want)
}

/// `_limits` is not empty: one more offer of p would break the table's limits.
pub(crate) fn at_limit(s: &Zones, p: usize) -> bool {
    let mine = || (0..s.offers.len()).filter(|&i| usize::from(s.offers[i].proposer) == p);
    let open = mine().filter(|&i| s.offer_status[i] == OPEN).count();
    open >= OPEN_OFFERS || mine().count() >= PHASE_OFFERS
}

/// `Manners`: what the rules on an offer's terms read, read once.
struct Manners {
    declined: Vec<Terms>,
    held: Vec<i32>,
    empty: usize,
}

impl Manners {
    fn new(s: &Zones, p: usize, me: &Me) -> Manners {
        let declined = (0..s.offers.len())
            .filter(|&i| usize::from(s.offers[i].proposer) == p && s.offer_status[i] == DECLINED)
            .map(|i| record_terms(s, &s.offers[i]))
            .collect();
        Manners {
            declined,
            held: me.fields.iter().filter(|f| f.1 > 0).map(|f| f.0).collect(),
            empty: me.fields.iter().filter(|f| f.1 == 0).count(),
        }
    }

    /// Whether the terms break an etiquette rule (repeat a declined offer, give and want one
    /// variety, want more new varieties than empty fields).
    fn breaks(&self, terms: &Terms) -> bool {
        let (_, give, want) = terms;
        if self.declined.contains(terms) || give.iter().any(|v| want.contains(v)) {
            return true;
        }
        let mut new: Vec<Variety> = want
            .iter()
            .copied()
            .filter(|&v| !self.held.contains(&i32::from(v)))
            .collect();
        new.dedup(); // want is sorted
        new.len() > self.empty
    }
}

/// `_own_offers`: candidate offers with their expected gain (gain × the chance the deal
/// happens), in Python's order.
fn own_offers(s: &Zones, p: usize, me: &Me, base: f64) -> Vec<(f64, OfferAction)> {
    let active = s.active == p;
    // (face-up slots, hand positions, the worth after giving them for nothing once priced)
    let mut gives: Vec<(Vec<i64>, Vec<i64>, Option<f64>)> = Vec::new();
    let mut kinds: Vec<u8> = me.hand.to_vec();
    kinds.sort_unstable();
    kinds.dedup();
    for v in kinds {
        let pos = me.hand.iter().position(|&x| x == v).unwrap_or(0) as i64;
        let after = deal_worth(me, &[pos], &[], &[]);
        if after > base + 0.1 {
            gives.push((vec![], vec![pos], Some(after)));
        }
    }
    if active {
        for (slot, &v) in me.faceup.iter().enumerate() {
            if v < 0 {
                continue;
            }
            let after = deal_worth(me, &[], &[slot as i64], &[]);
            if after > base + 0.1 {
                gives.push((vec![slot as i64], vec![], Some(after)));
            }
        }
    }
    let mut wants: Vec<(Vec<Variety>, Vec<i64>)> = vec![(vec![], vec![])]; // (varieties, slots)
    if active {
        wants.extend(
            me.fields
                .iter()
                .filter(|f| f.1 > 0)
                .map(|f| (vec![f.0 as Variety], vec![])),
        );
    } else {
        for (slot, c) in s.faceup.iter().enumerate() {
            if let Some(&c) = c.as_ref() {
                let v = i32::from(s.cfg.variety(c));
                if me.fields.iter().any(|f| f.0 == v) {
                    wants.push((vec![], vec![slot as i64]));
                }
            }
        }
        gives.push((vec![], vec![], None));
    }
    let to = (!active).then_some(s.active as i64);
    let mut out = Vec::new();
    for (give_fu, give_hand, priced) in &gives {
        for (want, want_fu) in &wants {
            let nothing_wanted = want.is_empty() && want_fu.is_empty();
            if give_fu.is_empty() && give_hand.is_empty() && nothing_wanted {
                continue;
            }
            let mut get = want.clone();
            if let Some(&slot) = want_fu.first() {
                get.push(s.faceup[slot as usize].map_or(0, |c| s.cfg.variety(c)));
            }
            // the same deal as when the give was priced: the same number, not computed again
            let after = match priced {
                Some(after) if nothing_wanted => *after,
                _ => deal_worth(me, give_hand, give_fu, &get),
            };
            let gain = after - base;
            let chance = 0.5f64.powi((want.len() + want_fu.len()) as i32);
            let offer = OfferAction {
                to,
                give_faceup: give_fu.clone(),
                give_hand: give_hand.clone(),
                want: want.clone(),
                want_faceup: want_fu.clone(),
            };
            out.push((gain * chance, offer));
        }
    }
    out
}

/// `polite_offers`: the candidates that gain and break no etiquette rule.
pub(crate) fn polite_offers(s: &Zones, p: usize, me: &Me, base: f64) -> Vec<(f64, OfferAction)> {
    if at_limit(s, p) {
        return Vec::new();
    }
    let manners = Manners::new(s, p, me);
    own_offers(s, p, me, base)
        .into_iter()
        .filter(|(score, a)| *score > 0.0 && !manners.breaks(&offer_terms(s, p, a)))
        .collect()
}

/// `_trading`: accept the best deal worth it, else answer an offer made to p (decline), else
/// make the best polite offer the menu holds, else end trading (the active player with no
/// open offer) or pass.
pub fn trading(s: &Zones, p: usize, menu: &Menu, rng: &mut Rng) -> Action {
    let me = Me::new(s, p);
    let base = me.worth();
    let active = s.active == p;
    let mut best: Option<(f64, &Action)> = None;
    let mut declines: Vec<&Action> = Vec::new();
    for a in &menu.fixed {
        match a {
            Action::Decline { .. } => declines.push(a),
            Action::Accept {
                offer_id,
                positions,
            } => {
                let Some(i) = find_offer(s, *offer_id) else {
                    continue;
                };
                let gain = accept_worth(s, &me, &s.offers[i], positions) - base;
                if gain > ACCEPT_MARGIN && best.is_none_or(|(top, _)| gain > top) {
                    best = Some((gain, a));
                }
            }
            _ => {}
        }
    }
    if let Some((_, a)) = best {
        return a.clone();
    }
    if !declines.is_empty() {
        return declines[rng.below(declines.len() as u64) as usize].clone();
    }
    let made = s.offers_made[p];
    if made < OWN_OFFERS && s.cfg.options.max_offers.is_none_or(|most| made < most) {
        let mut offers = polite_offers(s, p, &me, base);
        offers.sort_by(|a, b| (-a.0).total_cmp(&-b.0)); // stable, as Python's sorted
        for (gain, offer) in offers {
            if gain < OFFER_MARGIN {
                break;
            }
            let a = Action::Offer(Box::new(offer));
            if menu.contains(s, p, &a) {
                return a;
            }
        }
    }
    if active {
        let mine_open = (0..s.offers.len())
            .any(|i| usize::from(s.offers[i].proposer) == p && s.offer_status[i] == OPEN);
        if !mine_open && menu.fixed.contains(&Action::EndTrading) {
            return Action::EndTrading;
        }
    }
    Action::Pass
}
