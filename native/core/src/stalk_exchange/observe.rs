//! The information boundary of Stalk Exchange (S-45 … S-48), ported from `observe.py`:
//! `observe` is the observation per viewer (Python's keys in Python's order);
//! `determinize_into` resamples exactly what a player cannot know, drawing as Python draws.
//!
//! What a player may know of another portfolio is what the public swaps show (`Zones.shown`,
//! a lower bound per type); determinization keeps every opponent's portfolio at or above it.

use serde_json::{json, Map, Value};

use super::config::FLOWERS;
use super::scoring::bust;
use super::state::*;
use super::upkeep::crash_triggers;
use crate::rng::Rng;

fn by_type(counts: &Counts) -> Value {
    let mut out = Map::new();
    for (t, name) in FLOWERS.iter().enumerate() {
        out.insert(name.to_string(), Value::from(counts[t]));
    }
    Value::Object(out)
}

fn garden(z: &Zones) -> Value {
    z.garden
        .iter()
        .enumerate()
        .filter(|(_, &v)| v != EMPTY)
        .map(|(i, &v)| {
            let (q, r) = z.board.spaces[i];
            let side = if v >= BLOOM { "bloom" } else { "bulb" };
            json!({"space": [q, r], "flower": FLOWERS[flower_at(v)], "side": side})
        })
        .collect()
}

fn market(z: &Zones) -> Value {
    let start = z.cfg.market_start;
    let next_cell = start - z.track.len() as i64;
    let top = z.values.iter().copied().max().unwrap_or(0);
    let track: Vec<&str> = z.track.iter().map(|&t| FLOWERS[t]).collect();
    json!({
        "values": by_type(&z.values),
        "track": track,
        "start": start,
        "next_cell": next_cell,
        // the next cell minus the highest value (S-35)
        "crash_distance": next_cell - top,
    })
}

fn player(z: &Zones, q: usize) -> Value {
    json!({
        "seat": q,
        "portfolio_size": z.portfolios[q].iter().sum::<i64>(),
        "seedy_unspent": z.seedy[q],
        "seedy_spent": z.spent[q],
        "known_to_hold": by_type(&z.shown[q]),
    })
}

/// Exactly what `viewer` (None = spectator; the caller checks it is a seat) may know
/// (S-45 … S-48).
pub fn observe(z: &Zones, viewer: Option<usize>) -> Value {
    let cfg = &z.cfg;
    let n = cfg.num_players;
    let exchange: Vec<Option<&str>> = z
        .exchange
        .iter()
        .map(|&t| (t != NO_TOKEN).then(|| FLOWERS[t as usize]))
        .collect();
    let players: Vec<Value> = (0..n).map(|q| player(z, q)).collect();
    let crash =
        (z.crash != 0).then(|| json!({"triggers": crash_triggers(z.crash), "turn": z.crash_turn}));
    let mut out = json!({
        "game": "stalk_exchange",
        "viewer": viewer,
        "num_players": n,
        "options": cfg.options,
        "over": z.over,
        "active": (!z.over).then_some(z.active),
        "basic_taken": z.basic_taken,
        "basic_actions": cfg.basic_actions,
        "turn": z.turns,
        "round": z.turns / n as i64 + 1,
        "garden": {"radius": cfg.garden_radius, "tokens": garden(z)},
        "exchange": exchange,
        "market": market(z),
        "greenhouse": z.greenhouse_size,
        "compost": by_type(&z.compost),
        "players": players,
        "crash": crash,
        "portfolio": viewer.map(|v| by_type(&z.portfolios[v])),
    });
    if z.over {
        // S-42, S-48: portfolios are revealed at the end
        if let Some(map) = out.as_object_mut() {
            let all: Vec<Value> = z.portfolios.iter().map(by_type).collect();
            map.insert("portfolios".to_string(), Value::from(all));
            map.insert("final_values".to_string(), by_type(&bust(&z.values)));
        }
    }
    out
}

/// `_take`: one token uniformly from the count vector `pool` of `size` tokens.
fn take(pool: &mut Counts, size: i64, rng: &mut Rng) -> usize {
    let mut pick = rng.below(size as u64) as i64;
    let mut t = 0;
    while pick >= pool[t] {
        pick -= pool[t];
        t += 1;
    }
    pool[t] -= 1;
    t
}

/// Resample what `viewer` cannot know, in place: the other portfolios (keeping the tokens
/// their swaps showed) and the Greenhouse contents; the generator is reseeded from `rng`.
/// A viewer that is not a seat (None) resamples every portfolio, as Python does.
pub fn determinize_into(z: &mut Zones, viewer: Option<usize>, rng: &mut Rng) {
    z.rng = rng.spawn();
    if z.over {
        return; // everything is public (S-48)
    }
    let others: Vec<usize> = (0..z.cfg.num_players)
        .filter(|&q| Some(q) != viewer)
        .collect();
    let mut pool = z.greenhouse;
    for &q in &others {
        for (t, held) in pool.iter_mut().enumerate() {
            *held += z.portfolios[q][t] - z.shown[q][t];
        }
    }
    let mut size: i64 = pool.iter().sum();
    for &q in &others {
        let mut portfolio = z.shown[q];
        let hidden = z.portfolios[q].iter().sum::<i64>() - portfolio.iter().sum::<i64>();
        for _ in 0..hidden {
            portfolio[take(&mut pool, size, rng)] += 1;
            size -= 1;
        }
        z.portfolios[q] = portfolio;
    }
    z.greenhouse = pool;
}
