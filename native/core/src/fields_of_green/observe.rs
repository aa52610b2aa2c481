//! The information boundary (F-77 … F-79), `observe.py`: the observation of a viewer as
//! Python builds it (same keys, same order), and `determinize_into` drawing exactly as Python.

use serde_json::{json, Map, Value};

use super::abilities::{food_capacity, tower_capacity, tower_range};
use super::cards::KIND_NAMES;
use super::config::PILE_NAMES;
use super::flow::movers;
use super::scoring::{score_parts, PART_NAMES};
use super::state::{
    Zones, FRAME_NAMES, F_ATTACH, F_CHOOSE, F_KEEP, F_OPTIONAL, F_PLACE, F_WATER, NONE, OVER,
    PHASE_NAMES,
};
use crate::rng::Rng;

fn card_json(z: &Zones, card: i32) -> Value {
    let info = &z.cfg.cards[card as usize];
    json!({"id": card, "design": info.design, "kind": KIND_NAMES[info.kind]})
}

fn tile_json(z: &Zones, tile: i64) -> Value {
    json!({"id": tile, "design": z.cfg.tile(tile).id})
}

fn cell_json(z: &Zones, (x, y): (i64, i64), card: i32) -> Value {
    let mut m = Map::new();
    m.insert("cell".into(), json!([x, y]));
    m.insert("card".into(), card_json(z, card));
    m.insert("open_area".into(), json!(z.face_down[card as usize]));
    let tiles: Vec<Value> = z.equip[card as usize]
        .iter()
        .map(|&t| tile_json(z, t as i64))
        .collect();
    m.insert("equipment".into(), Value::from(tiles));
    if z.is_tower(card) {
        m.insert("water".into(), json!(z.water[card as usize]));
        m.insert("capacity".into(), json!(tower_capacity(z, card)));
        m.insert("range".into(), json!(tower_range(z, card)));
    }
    Value::Object(m)
}

fn player(z: &Zones, p: usize) -> Value {
    let farm: Vec<Value> = z.farms[p]
        .iter()
        .map(|&(cell, c)| cell_json(z, cell, c))
        .collect();
    let revealed = z.revealed[p];
    json!({
        "seat": p,
        "coins": z.coins[p],
        "food": z.food[p],
        "food_capacity": food_capacity(z, p),
        "vp_tokens": z.vp[p],
        "farm": farm,
        "set_aside": z.aside[p].iter().map(|&t| tile_json(z, t as i64)).collect::<Vec<_>>(),
        "hand_size": z.hands[p].len(),
        "committed": z.commits[p] != NONE,
        "revealed": if revealed == NONE { Value::Null } else { card_json(z, revealed) },
        "split": if z.splits[p].is_empty() { Value::Null } else { json!(z.splits[p]) },
    })
}

fn decision(z: &Zones, viewer: Option<usize>) -> Value {
    let Some(frame) = z.stack.last() else {
        return Value::Null;
    };
    let (kind, p) = (frame[0], frame[1]);
    let mut m = Map::new();
    m.insert("kind".into(), json!(FRAME_NAMES[kind as usize]));
    m.insert("player".into(), json!(p));
    let own = viewer.map(|v| v as i64) == Some(p);
    match kind {
        F_WATER => {
            m.insert("amount".into(), json!(frame[2]));
        }
        F_CHOOSE => {
            m.insert("card".into(), json!(frame[2]));
            m.insert("options".into(), json!(frame.len() - 3));
        }
        F_ATTACH | F_OPTIONAL => {
            m.insert("card".into(), json!(frame[2]));
        }
        F_KEEP => {
            m.insert("count".into(), json!(frame.len() - 2));
            if own {
                let tiles: Vec<Value> = frame[2..].iter().map(|&t| tile_json(z, t)).collect();
                m.insert("tiles".into(), Value::from(tiles));
            }
        }
        F_PLACE if own => {
            m.insert("tile".into(), tile_json(z, frame[2]));
        }
        _ => {}
    }
    Value::Object(m)
}

/// Exactly what `viewer` (None = spectator) may know (F-77 … F-79).
pub fn observe(z: &Zones, viewer: Option<usize>) -> Value {
    let cfg = &z.cfg;
    let mut handled = (*z.handled).clone();
    handled.sort_unstable();
    let mut paid = (*z.paid_end).clone();
    paid.sort_unstable();
    let obs = json!({
        "game": "fields_of_green",
        "ruleset": cfg.ruleset(),
        "introductory": cfg.introductory,
        "num_players": cfg.num_players,
        "viewer": viewer,
        "year": z.year,
        "phase": PHASE_NAMES[z.phase as usize],
        "first_player": z.first,
        "direction": z.direction(),
        "turn": z.turn,
        "to_move": movers(z),
        "pile_names": PILE_NAMES[usize::from(!cfg.published)],
        "pile_sizes": z.piles.iter().map(Vec::len).collect::<Vec<_>>(),
        "water_towers_left": z.towers.len(),
        "silos_left": z.silos.len(),
        "equipment_left": z.tiles.len(),
        "discard": z.discard.iter().map(|&c| card_json(z, c)).collect::<Vec<_>>(),
        "equipment_discard": z.tile_discard.iter().map(|&t| tile_json(z, t as i64)).collect::<Vec<_>>(),
        "display": z.display.iter().map(|&c| card_json(z, c)).collect::<Vec<_>>(),
        "shared_size": z.shared.len(),
        "players": (0..cfg.num_players).map(|p| player(z, p)).collect::<Vec<_>>(),
        "harvested": handled,
        "paid_game_end": paid,
        "decision": decision(z, viewer),
    });
    let Value::Object(mut m) = obs else {
        unreachable!()
    };
    if z.phase == OVER {
        // F-73, F-77: at the end everything is public; the score by part, as on a score pad
        m.insert("score_part_names".into(), json!(PART_NAMES));
        let parts: Vec<[i64; 7]> = (0..cfg.num_players).map(|p| score_parts(z, p)).collect();
        m.insert("score_parts".into(), json!(parts));
    }
    if let Some(v) = viewer {
        private(z, v, &mut m);
    }
    Value::Object(m)
}

/// q's hand with q's unrevealed commit: what moved together as one packet.
fn packet(z: &Zones, q: usize) -> Vec<i32> {
    let mut out = z.hands[q].clone();
    if z.commits[q] != NONE {
        out.push(z.commits[q]);
    }
    out
}

/// F-78: own hand and commit, hands that passed through the viewer, tiles they drew.
fn private(z: &Zones, viewer: usize, m: &mut Map<String, Value>) {
    let bit = 1i64 << viewer;
    let mut known = Map::new();
    for q in 0..z.n() {
        if q == viewer {
            continue;
        }
        let mut pk = packet(z, q);
        if !pk.is_empty() && z.seen[pk[0] as usize] & bit != 0 {
            pk.sort_unstable();
            known.insert(q.to_string(), json!(pk));
        }
    }
    let stack: Vec<Value> = z
        .tiles
        .iter()
        .enumerate()
        .filter(|&(_, &t)| z.tile_seen[t as usize] & bit != 0)
        .map(|(i, &t)| json!([i, tile_json(z, t as i64)]))
        .collect();
    let commit = z.commits[viewer];
    m.insert(
        "hand".into(),
        Value::from(
            z.hands[viewer]
                .iter()
                .map(|&c| card_json(z, c))
                .collect::<Vec<_>>(),
        ),
    );
    m.insert(
        "commit".into(),
        if commit == NONE {
            Value::Null
        } else {
            card_json(z, commit)
        },
    );
    m.insert("known_hands".into(), Value::Object(known));
    m.insert("known_stack".into(), Value::from(stack));
}

// ------------------------------------------------------------------ determinize

/// Resample in place what `viewer` cannot know; the game's generator is reseeded from `rng`.
pub fn determinize_into(z: &mut Zones, viewer: usize, rng: &mut Rng) {
    resample_cards(z, viewer, rng);
    resample_tiles(z, viewer, rng);
    z.rng = rng.spawn();
}

fn resample_cards(z: &mut Zones, viewer: usize, rng: &mut Rng) {
    let cfg = z.cfg.clone();
    let kind = |c: i32| cfg.cards[c as usize].kind;
    let bit = 1i64 << viewer;
    let mut pool: Vec<Vec<i32>> = (0..6)
        .map(|k| {
            if k < 4 {
                z.piles[k].clone()
            } else {
                Vec::new()
            }
        })
        .collect();
    let mut slots: Vec<(i64, usize)> = Vec::new();
    let mut packets: Vec<Option<Vec<i32>>> = vec![None; z.n()];
    for (q, slot) in packets.iter_mut().enumerate() {
        let mut pk = packet(z, q);
        if q == viewer || pk.is_empty() {
            continue;
        }
        pk.sort_unstable();
        rng.shuffle(&mut pk);
        if z.seen[pk[0] as usize] & bit == 0 {
            for (i, &c) in pk.iter().enumerate() {
                pool[kind(c)].push(c);
                slots.push((q as i64, i));
            }
        }
        *slot = Some(pk);
    }
    let mut shared = (*z.shared).clone();
    shared.sort_unstable();
    rng.shuffle(&mut shared);
    for (i, &c) in shared.iter().enumerate() {
        pool[kind(c)].push(c);
        slots.push((-1, i));
    }
    for cards in pool.iter_mut() {
        cards.sort_unstable();
        rng.shuffle(cards);
    }
    let olds: Vec<i32> = slots
        .iter()
        .map(|&(q, i)| {
            if q < 0 {
                shared[i]
            } else {
                packets[q as usize].as_ref().map_or(NONE, |pk| pk[i])
            }
        })
        .collect();
    let bits: Vec<i64> = olds.iter().map(|&c| z.seen[c as usize]).collect();
    for &c in &olds {
        z.seen[c as usize] = 0;
    }
    for ((&(q, i), &old), &b) in slots.iter().zip(&olds).zip(&bits) {
        let new = pool[kind(old)].pop().unwrap_or(old);
        z.seen[new as usize] = b;
        if q < 0 {
            shared[i] = new;
        } else if let Some(pk) = packets[q as usize].as_mut() {
            pk[i] = new;
        }
    }
    for (k, pile) in z.piles.iter_mut().enumerate() {
        *pile = std::mem::take(&mut pool[k]);
    }
    *z.shared = shared;
    for (q, slot) in packets.iter_mut().enumerate() {
        if let Some(mut pk) = slot.take() {
            if z.commits[q] != NONE {
                z.commits[q] = pk.pop().unwrap_or(NONE);
            }
            z.hands[q] = pk;
        }
    }
}

fn resample_tiles(z: &mut Zones, viewer: usize, rng: &mut Rng) {
    let bit = 1i64 << viewer;
    let unknown: Vec<usize> = (0..z.tiles.len())
        .filter(|&i| z.tile_seen[z.tiles[i] as usize] & bit == 0)
        .collect();
    let mut frames: Vec<(usize, usize)> = Vec::new();
    for (k, f) in z.stack.iter().enumerate() {
        if f[1] != viewer as i64 && (f[0] == F_KEEP || f[0] == F_PLACE) {
            for (i, &t) in f.iter().enumerate().skip(2) {
                if z.tile_seen[t as usize] & bit == 0 {
                    frames.push((k, i));
                }
            }
        }
    }
    let mut pool: Vec<i64> = unknown.iter().map(|&i| z.tiles[i] as i64).collect();
    pool.extend(frames.iter().map(|&(k, i)| z.stack[k][i]));
    let bits: Vec<i64> = pool.iter().map(|&t| z.tile_seen[t as usize]).collect();
    pool.sort_unstable();
    rng.shuffle(&mut pool);
    let mut k = 0;
    for &i in &unknown {
        z.tiles[i] = pool[k] as i32;
        z.tile_seen[pool[k] as usize] = bits[k];
        k += 1;
    }
    for &(f, i) in &frames {
        z.stack[f][i] = pool[k];
        z.tile_seen[pool[k] as usize] = bits[k];
        k += 1;
    }
}
