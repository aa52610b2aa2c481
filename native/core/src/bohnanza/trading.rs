//! The trading protocol of phase 2 (B-34 … B-49), ported from `trading.py`: offers,
//! acceptances, declines, withdrawals, passes, the end of trading and quiescence.

use std::sync::Arc;

use serde_json::{json, Value};

use super::actions::OfferAction;
use super::cards::{Card, Config, VARIETIES};
use super::rules::{end_trading, refuse, Event, Events, Refusal};
use super::state::*;

/// B-44: after every change all passes are cleared.
pub fn change(s: &mut Zones) {
    s.passed.iter_mut().for_each(|p| *p = false);
}

/// Index of the offer in this trading phase's list, or None.
pub fn find_offer(s: &Zones, offer_id: i64) -> Option<usize> {
    let first = s.offers.first()?.offer_id as i64;
    let i = offer_id.checked_sub(first)?;
    (0..s.offers.len() as i64)
        .contains(&i)
        .then_some(i as usize)
}

/// B-40: every given card and wanted face-up card is still where the offer found it.
pub fn in_place(s: &Zones, rec: &OfferRecord) -> bool {
    let at = |&(slot, card): &(u8, Card)| s.faceup[slot as usize] == Some(card);
    if !rec.give_faceup.iter().all(at) || !rec.want_faceup.iter().all(at) {
        return false;
    }
    let hand = &s.hands[rec.proposer as usize];
    rec.give_hand.iter().all(|c| hand.contains(c))
}

fn repeats(items: &[i64]) -> bool {
    // sorted by construction, but a caller may build an action by hand: compare all pairs
    items
        .iter()
        .enumerate()
        .any(|(i, x)| items[i + 1..].contains(x))
}

fn open_offers_of(s: &Zones, p: usize) -> impl Iterator<Item = &Arc<OfferRecord>> {
    s.offers
        .iter()
        .enumerate()
        .filter(move |(i, r)| r.proposer as usize == p && s.offer_status[*i] == OPEN)
        .map(|(_, r)| r)
}

// ------------------------------------------------------------------ Offer (B-37, B-38)

pub fn offer_error(s: &Zones, p: usize, a: &OfferAction) -> Option<Refusal> {
    let cfg = &s.cfg;
    let n = cfg.num_players as i64;
    let active = s.active;
    if let Some(max) = cfg.options.max_offers {
        if s.offers_made[p] >= max {
            return refuse(
                "B-47",
                format!("player {p} has made {max} offers this trading phase"),
            );
        }
    }
    if a.give_faceup.is_empty()
        && a.give_hand.is_empty()
        && a.want.is_empty()
        && a.want_faceup.is_empty()
    {
        return refuse("B-37", "an offer must give or want something".to_string());
    }
    if p == active {
        if let Some(to) = a.to {
            if !(0..n).contains(&to) || to == active as i64 {
                return refuse(
                    "B-37",
                    "the active player offers to another seat or to 'any'".to_string(),
                );
            }
        }
        if !a.want_faceup.is_empty() {
            return refuse(
                "B-37",
                "the active player cannot want its own face-up cards".to_string(),
            );
        }
    } else {
        if a.to != Some(active as i64) {
            return refuse(
                "B-35",
                format!("a non-active player may only offer to the active player (seat {active})"),
            );
        }
        if !a.give_faceup.is_empty() {
            return refuse(
                "B-37",
                "only the active player may give face-up cards".to_string(),
            );
        }
    }
    for (slots, what) in [(&a.give_faceup, "given"), (&a.want_faceup, "wanted")] {
        if repeats(slots) {
            return refuse("B-37", format!("{what} face-up slots repeat"));
        }
        for &slot in slots.iter() {
            if !(0..2).contains(&slot) || s.faceup[slot as usize].is_none() {
                return refuse("B-37", format!("{what} face-up slot {slot} holds no card"));
            }
        }
    }
    let hand = &s.hands[p];
    if repeats(&a.give_hand) {
        return refuse("B-37", "given hand positions repeat".to_string());
    }
    for &pos in &a.give_hand {
        if !(0..hand.len() as i64).contains(&pos) {
            return refuse(
                "B-37",
                format!(
                    "hand position {pos} is not in player {p}'s hand of {}",
                    hand.len()
                ),
            );
        }
    }
    for &v in &a.want {
        if !cfg.varieties.contains(&v) {
            return refuse(
                "B-37",
                format!("{} is not in this game", VARIETIES[v as usize]),
            );
        }
    }
    let mut mine = open_offers_of(s, p).peekable();
    if mine.peek().is_some() {
        let rec = make_record(s, p, a);
        for other in mine {
            if same_terms(other, &rec) {
                return refuse(
                    "B-37",
                    format!(
                        "player {p} already has offer {} with the same terms",
                        other.offer_id
                    ),
                );
            }
        }
    }
    None
}

fn same_terms(a: &OfferRecord, b: &OfferRecord) -> bool {
    let sorted = |v: &[Card]| {
        let mut v = v.to_vec();
        v.sort_unstable();
        v
    };
    a.to == b.to
        && a.give_faceup == b.give_faceup
        && sorted(&a.give_hand) == sorted(&b.give_hand)
        && a.want == b.want
        && a.want_faceup == b.want_faceup
}

fn sorted_i64(v: &[i64]) -> Vec<i64> {
    let mut v = v.to_vec();
    v.sort_unstable();
    v
}

/// The record of a checked offer (every slot and position valid).
pub fn make_record(s: &Zones, p: usize, a: &OfferAction) -> OfferRecord {
    let hand = &s.hands[p];
    let faceup = |slots: &[i64]| -> Vec<(u8, Card)> {
        sorted_i64(slots)
            .iter()
            .filter_map(|&slot| s.faceup[slot as usize].map(|c| (slot as u8, c)))
            .collect()
    };
    let positions = sorted_i64(&a.give_hand);
    let mut want = a.want.clone();
    want.sort_unstable();
    OfferRecord {
        offer_id: s.next_offer_id,
        proposer: p as u8,
        to: a.to.map(|t| t as u8),
        give_faceup: faceup(&a.give_faceup),
        give_hand: positions.iter().map(|&pos| hand[pos as usize]).collect(),
        give_positions: positions.iter().map(|&pos| pos as u8).collect(),
        want,
        want_faceup: faceup(&a.want_faceup),
    }
}

/// What everyone sees of an offer (B-68): given cards by variety and source, never by id;
/// hand varieties in canonical order (B-69).
pub fn offer_public(cfg: &Config, rec: &OfferRecord) -> Value {
    let slots = |v: &[(u8, Card)]| -> Value {
        v.iter()
            .map(|&(sl, c)| json!({"slot": sl, "variety": VARIETIES[cfg.variety(c) as usize]}))
            .collect()
    };
    let mut hand: Vec<u8> = rec.give_hand.iter().map(|&c| cfg.variety(c)).collect();
    hand.sort_unstable();
    let names = |v: &[u8]| -> Value { v.iter().map(|&x| json!(VARIETIES[x as usize])).collect() };
    json!({
        "offer_id": rec.offer_id,
        "proposer": rec.proposer,
        "to": rec.to.map_or(json!("any"), |t| json!(t)),
        "give_faceup": slots(&rec.give_faceup),
        "give_hand": names(&hand),
        "want": names(&rec.want),
        "want_faceup": slots(&rec.want_faceup),
    })
}

/// What only the proposer sees in addition (B-69): the hand positions as made.
pub fn offer_private(_cfg: &Config, rec: &OfferRecord) -> Value {
    json!({"give_hand_positions": rec.give_positions})
}

pub fn do_offer(s: &mut Zones, p: usize, a: &OfferAction, ev: &mut Events) {
    let rec = make_record(s, p, a);
    make_offer(s, p, rec, ev);
}

/// Make the offer `rec` (the record of a checked offer of `p`, made now).
pub fn make_offer(s: &mut Zones, p: usize, rec: OfferRecord, ev: &mut Events) {
    let rec = Arc::new(rec);
    s.offers.push(Arc::clone(&rec));
    s.offer_status.push(OPEN);
    s.accepted_by.push(-1);
    s.next_offer_id += 1;
    s.offers_made[p] += 1;
    change(s);
    ev.push(Event::Offer { rec });
}

// ------------------------------------------------------------------ Accept (B-39, B-40)

pub fn accept_error(s: &Zones, p: usize, offer_id: i64, positions: &[i64]) -> Option<Refusal> {
    let Some(i) = find_offer(s, offer_id) else {
        return refuse(
            "B-39",
            format!("there is no offer {offer_id} in this trading phase"),
        );
    };
    if s.offer_status[i] != OPEN {
        return refuse("B-39, B-77", format!("offer {offer_id} is closed"));
    }
    let rec = &s.offers[i];
    match rec.to {
        None => {
            if p == s.active {
                return refuse(
                    "B-39",
                    "an open offer is accepted by a non-active player".to_string(),
                );
            }
        }
        Some(to) if to as usize != p => {
            return refuse(
                "B-39",
                format!("offer {offer_id} is addressed to player {to}"),
            );
        }
        Some(_) => {}
    }
    let hand = &s.hands[p];
    if repeats(positions) {
        return refuse("B-39", "accepted hand positions repeat".to_string());
    }
    for &pos in positions {
        if !(0..hand.len() as i64).contains(&pos) {
            return refuse(
                "B-39",
                format!(
                    "hand position {pos} is not in player {p}'s hand of {}",
                    hand.len()
                ),
            );
        }
    }
    let mut given: Vec<u8> = positions
        .iter()
        .map(|&pos| s.cfg.variety(hand[pos as usize]))
        .collect();
    given.sort_unstable();
    if given != rec.want {
        return refuse(
            "B-39",
            format!("the cards at those positions are not exactly what offer {offer_id} wants"),
        );
    }
    if !in_place(s, rec) {
        return refuse(
            "B-40",
            format!("a card of offer {offer_id} is no longer available"),
        );
    }
    None
}

pub fn do_accept(s: &mut Zones, p: usize, offer_id: i64, positions: &[i64], ev: &mut Events) {
    let Some(i) = find_offer(s, offer_id) else {
        return; // checked by accept_error
    };
    let rec = Arc::clone(&s.offers[i]);
    let prop = rec.proposer as usize;
    // Hand cards are listed by id, not by position (B-69).
    let mut to_acceptor: Vec<Card> = rec.give_faceup.iter().map(|&(_, c)| c).collect();
    let mut given = rec.give_hand.clone();
    given.sort_unstable();
    to_acceptor.extend(given);
    s.hands[prop].retain(|c| !rec.give_hand.contains(c));
    // _take: the cards at the positions; the rest keep their order (B-17)
    let positions = sorted_i64(positions);
    let hand = std::mem::take(&mut s.hands[p]);
    let mut taken = Vec::with_capacity(positions.len());
    for (j, &c) in hand.iter().enumerate() {
        if positions.contains(&(j as i64)) {
            taken.push(c);
        } else {
            s.hands[p].push(c);
        }
    }
    taken.sort_unstable();
    let mut to_proposer = taken;
    to_proposer.extend(rec.want_faceup.iter().map(|&(_, c)| c));
    for &(slot, _) in rec.give_faceup.iter().chain(&rec.want_faceup) {
        s.faceup[slot as usize] = None;
    }
    s.trade[p].extend_from_slice(&to_acceptor);
    s.trade[prop].extend_from_slice(&to_proposer);
    s.offer_status[i] = ACCEPTED;
    s.accepted_by[i] = p as i32;
    let mut closed = Vec::new();
    for j in 0..s.offers.len() {
        if s.offer_status[j] == OPEN && !in_place(s, &s.offers[j]) {
            s.offer_status[j] = UNAVAILABLE;
            closed.push(s.offers[j].offer_id);
        }
    }
    change(s);
    ev.push(Event::Accept {
        offer_id: rec.offer_id,
        proposer: prop,
        acceptor: p,
        to_acceptor,
        to_proposer,
        closed,
        positions: positions.iter().map(|&x| x as u8).collect(),
    });
}

/// The canonical (front-most) positions that satisfy `want` from p's hand, or None: a hand
/// card is taken while its variety is still wanted, front to back.
pub fn front_positions(s: &Zones, p: usize, want: &[u8]) -> Option<Vec<u8>> {
    if want.is_empty() {
        return Some(Vec::new());
    }
    let mut need = [0usize; VARIETIES.len()];
    for &v in want {
        *need.get_mut(usize::from(v))? += 1;
    }
    let mut out = Vec::with_capacity(want.len());
    for (pos, &card) in s.hands[p].iter().enumerate() {
        let k = &mut need[usize::from(s.cfg.variety(card))];
        if *k > 0 {
            *k -= 1;
            out.push(pos as u8);
            if out.len() == want.len() {
                return Some(out);
            }
        }
    }
    None
}

// ------------------------------------------------------------------ the rest (B-41 … B-46)

fn outstanding(s: &Zones, offer_id: i64) -> Option<&OfferRecord> {
    let i = find_offer(s, offer_id)?;
    (s.offer_status[i] == OPEN).then(|| &*s.offers[i])
}

pub fn decline_error(s: &Zones, p: usize, offer_id: i64) -> Option<Refusal> {
    let Some(rec) = outstanding(s, offer_id) else {
        return refuse("B-41", format!("offer {offer_id} is not outstanding"));
    };
    if rec.to.map(usize::from) != Some(p) {
        return refuse(
            "B-41",
            "only the addressee of a one-player offer may decline it".to_string(),
        );
    }
    None
}

pub fn withdraw_error(s: &Zones, p: usize, offer_id: i64) -> Option<Refusal> {
    let Some(rec) = outstanding(s, offer_id) else {
        return refuse("B-42", format!("offer {offer_id} is not outstanding"));
    };
    if rec.proposer as usize != p {
        return refuse(
            "B-42",
            "only the proposer may withdraw an offer".to_string(),
        );
    }
    None
}

/// Close an outstanding offer as declined or withdrawn: a change (B-44).
pub fn close(s: &mut Zones, p: usize, offer_id: i64, status: u8, ev: &mut Events) {
    let Some(i) = find_offer(s, offer_id) else {
        return; // checked by decline_error / withdraw_error
    };
    s.offer_status[i] = status;
    change(s);
    let offer_id = s.offers[i].offer_id;
    ev.push(if status == DECLINED {
        Event::Decline {
            offer_id,
            player: p,
        }
    } else {
        Event::Withdraw {
            offer_id,
            player: p,
        }
    });
}

/// B-43/B-45: the passing player leaves the movers; nobody left ends trading.
pub fn do_pass(s: &mut Zones, p: usize, ev: &mut Events) {
    s.passed[p] = true;
    ev.push(Event::Pass { player: p });
    if s.passed.iter().all(|&x| x) {
        end_trading(s, ev);
    }
}
