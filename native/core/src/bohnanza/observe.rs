//! The information boundary of Bohnanza (B-68 … B-72), ported from `observe.py`: [`observe`]
//! is the only way state leaves the engine, [`determinize_into`] resamples exactly what a
//! player cannot know.
//!
//! The observation is built as a `serde_json::Value` with the keys in the order Python's dict
//! has them (serde_json's `preserve_order`), so the two engines' observations are equal as
//! JSON text, not only as parsed values.

use std::sync::Arc;

use serde_json::{json, Map, Value};

use super::cards::{Card, VARIETIES};
use super::state::{OfferRecord, Pile, Zones, OPEN, OVER, STATUS_NAMES};
use super::trading::{offer_private, offer_public};
use crate::rng::Rng;

fn cards(s: &Zones, cards: &[Card]) -> Value {
    cards.iter().map(|&c| s.cfg.card_json(c)).collect()
}

fn field(s: &Zones, field: &[Card]) -> Value {
    match field.first() {
        None => json!({"variety": null, "cards": []}),
        Some(&c) => json!({
            "variety": VARIETIES[s.cfg.variety(c) as usize],
            "cards": cards(s, field),
        }),
    }
}

/// Merge the entries of `extra` (a JSON object) into `out`, as `dict.update` does.
fn update(out: &mut Map<String, Value>, extra: Value) {
    if let Value::Object(extra) = extra {
        for (k, v) in extra {
            out.insert(k, v);
        }
    }
}

fn offer(s: &Zones, i: usize, viewer: Option<usize>) -> Value {
    let rec = &s.offers[i];
    let mut out = match offer_public(&s.cfg, rec) {
        Value::Object(m) => m,
        _ => Map::new(), // offer_public always builds an object
    };
    out.insert(
        "status".into(),
        json!(STATUS_NAMES[s.offer_status[i] as usize]),
    );
    if s.accepted_by[i] >= 0 {
        out.insert("accepted_by".into(), json!(s.accepted_by[i]));
    }
    if viewer == Some(rec.proposer as usize) {
        update(&mut out, offer_private(&s.cfg, rec));
    }
    Value::Object(out)
}

/// Exactly what `viewer` (None = spectator) may know (B-68 … B-72): the dict `observe.py`
/// builds, same keys in the same order. `movers` is `to_move()`. `viewer` must be a seat of
/// this game (the caller checks).
pub fn observe(s: &Zones, viewer: Option<usize>, movers: &[usize]) -> Value {
    let cfg = &s.cfg;
    let over = s.phase == OVER;
    let mut players = Vec::with_capacity(cfg.num_players);
    for p in 0..cfg.num_players {
        let mut info = Map::new();
        info.insert("seat".into(), json!(p));
        info.insert("hand_size".into(), json!(s.hands[p].len()));
        let fields: Vec<Value> = s.fields[p].iter().map(|f| field(s, f)).collect();
        info.insert("fields".into(), Value::from(fields));
        info.insert("third_field".into(), json!(s.third[p]));
        info.insert("trade_area".into(), cards(s, &s.trade[p]));
        info.insert("passed".into(), json!(s.passed[p]));
        info.insert("offers_made".into(), json!(s.offers_made[p]));
        if cfg.options.treasury_open || over || viewer == Some(p) {
            // B-67, B-71
            info.insert("coins".into(), json!(s.treasury[p].len()));
        }
        players.push(Value::Object(info));
    }
    let mut obs = Map::new();
    let mut put = |k: &str, v: Value| {
        obs.insert(k.into(), v);
    };
    put("game", json!("bohnanza"));
    put("edition", json!(cfg.options.edition.name()));
    put("num_players", json!(cfg.num_players));
    put("duel", json!(cfg.duel));
    put("viewer", json!(viewer));
    put("turn", json!(s.turn));
    put("active", json!(s.active));
    put("phase", json!(super::state::phase_name(s.phase)));
    put("planted", json!(s.planted));
    put("to_move", json!(movers));
    put("deck_size", json!(s.deck.len()));
    put("discard_size", json!(s.discard.len()));
    put(
        "discard_top",
        s.discard.last().map_or(Value::Null, |&c| cfg.card_json(c)),
    );
    put("exhaustions", json!(s.exhaustions));
    put("final_exhaustion", json!(cfg.final_exhaustion));
    put(
        "field_cost",
        if cfg.can_buy {
            json!(cfg.field_cost)
        } else {
            Value::Null
        },
    );
    put(
        "treasury_visibility",
        json!(if cfg.options.treasury_open {
            "open"
        } else {
            "secret"
        }),
    );
    put("max_offers", json!(cfg.options.max_offers));
    let faceup: Vec<Value> = s
        .faceup
        .iter()
        .map(|c| c.map_or(Value::Null, |c| cfg.card_json(c)))
        .collect();
    put("faceup", Value::from(faceup));
    put("revealed", cards(s, &s.revealed));
    put("offer_area", cards(s, &s.offer_area));
    let offers: Vec<Value> = (0..s.offers.len()).map(|i| offer(s, i, viewer)).collect();
    put("offers", Value::from(offers));
    put("players", Value::from(players));
    if let Some(v) = viewer {
        put("hand", cards(s, &s.hands[v])); // B-69
        put("treasury", cards(s, &s.treasury[v]));
    }
    Value::Object(obs)
}

/// Cards of q's hand that q's own outstanding offers have shown (by variety) to all.
fn known_in_hand(s: &Zones, q: usize) -> Vec<Card> {
    let mut known = Vec::new();
    for (i, rec) in s.offers.iter().enumerate() {
        if rec.proposer as usize == q && s.offer_status[i] == OPEN {
            known.extend(&rec.give_hand);
        }
    }
    known
}

/// Resample in place what `viewer` cannot know: the deck order, other players' hands (except
/// cards their outstanding offers named, which stay in the hand at a random position) and the
/// cards inside other treasuries and the box (sizes kept). The game's generator is reseeded
/// from `rng`, so future shuffles are unknown too. Draws from `rng` exactly as `observe.py`
/// does. `viewer` None (or a seat not in the game, as Python treats it) resamples every hand.
pub fn determinize_into(s: &mut Zones, viewer: Option<usize>, rng: &mut Rng) {
    let n = s.cfg.num_players;
    let mut pool: Vec<Card> = s.deck.to_vec();
    pool.extend(&s.r#box);
    let mut keep: Vec<Pile> = vec![Pile::new(); n];
    for (q, kept) in keep.iter_mut().enumerate() {
        if Some(q) == viewer {
            continue;
        }
        let known = known_in_hand(s, q);
        *kept = s.hands[q]
            .iter()
            .copied()
            .filter(|c| known.contains(c))
            .collect();
        pool.extend(s.hands[q].iter().filter(|c| !known.contains(c)));
        pool.extend(&s.treasury[q]);
    }
    // sorted first, so the sample depends only on what the viewer knows, never on the true
    // order of the hidden cards (twins that differ only in hidden cards sample alike)
    pool.sort_unstable();
    rng.shuffle(&mut pool);
    let mut pos = 0;
    let mut take = |k: usize| -> Pile {
        let mut out = Pile::new();
        out.extend_from_slice(&pool[pos..pos + k]);
        pos += k;
        out
    };

    for (q, mut hand) in keep.into_iter().enumerate() {
        if Some(q) == viewer {
            continue;
        }
        hand.extend_from_slice(&take(s.hands[q].len() - hand.len()));
        hand.sort_unstable();
        rng.shuffle(&mut hand);
        s.treasury[q] = take(s.treasury[q].len());
        for i in 0..s.offers.len() {
            // keep the proposer's private positions true
            let rec = &s.offers[i];
            if rec.proposer as usize == q && s.offer_status[i] == OPEN && !rec.give_hand.is_empty()
            {
                let mut positions: Vec<u8> = rec
                    .give_hand
                    .iter()
                    .map(|c| hand.iter().position(|h| h == c).unwrap_or(0) as u8)
                    .collect();
                positions.sort_unstable();
                s.offers[i] = Arc::new(OfferRecord {
                    give_positions: positions,
                    ..OfferRecord::clone(rec)
                });
            }
        }
        s.hands[q] = hand;
    }
    s.r#box = take(s.r#box.len());
    s.deck = take(s.deck.len());
    s.rng = rng.spawn();
}
