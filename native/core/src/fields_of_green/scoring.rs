//! The end of the game (F-72 … F-76), `scoring.py`: optional game-end costs, the score and
//! the ranking with the published tie-break.

use serde_json::{json, Value};

use super::abilities::{cost_of, game_end_vp};
use super::cards::{Cost, Timing, TOWER, TYPES};
use super::equipment::{item_of, split_item};
use super::events::Log;
use super::resources::{cost_error, pay_cost, refuse, Refusal, Water};
use super::state::{Zones, NONE, OVER};

/// Game-end abilities of p on face-up cards (locations, then tiles), in cell order.
pub fn end_items(z: &Zones, p: usize) -> Vec<i64> {
    let nc = z.cfg.num_cards() as i64;
    let mut out = Vec::new();
    for card in z.farm_cards(p) {
        if z.face_down[card as usize] {
            continue;
        }
        if z.cfg.cards[card as usize].timing() == Some(Timing::GameEnd) {
            out.push(card as i64);
        }
        for &t in &z.equip[card as usize] {
            if z.cfg.tile(t as i64).timing == Timing::GameEnd {
                out.push(nc + t as i64);
            }
        }
    }
    out
}

fn cost_object(z: &Zones, item: i64) -> Option<&Cost> {
    let (card, tile) = split_item(z, item);
    if tile != NONE as i64 {
        return z.cfg.tile(tile).cost.as_ref();
    }
    z.cfg.cards[card as usize]
        .ability
        .as_ref()
        .and_then(|a| a.cost.as_ref())
}

/// F-72: free abilities are always active; others once their cost was paid.
fn active(z: &Zones, item: i64) -> bool {
    cost_object(z, item).is_none() || z.paid_end.contains(&item)
}

/// Game-end items with an unpaid optional cost.
pub fn optional_items(z: &Zones, p: usize) -> Vec<i64> {
    end_items(z, p)
        .into_iter()
        .filter(|&i| !active(z, i))
        .collect()
}

pub fn cost(z: &Zones, p: usize, item: i64) -> (i64, i64, i64) {
    let (card, _) = split_item(z, item);
    cost_of(z, p, card, cost_object(z, item))
}

pub fn pay_error(z: &Zones, p: usize, card: i64, tile: i64, water: &Water) -> Option<Refusal> {
    let nc = z.cfg.num_cards() as i64;
    if !(0..nc).contains(&card) || z.owner(card as i32) != Some(p) {
        return refuse("F-72", format!("player {p} has no card {card}"));
    }
    if tile != NONE as i64 && !z.equip[card as usize].iter().any(|&t| t as i64 == tile) {
        return refuse("F-72", format!("tile {tile} is not on card {card}"));
    }
    let item = item_of(z, card, tile);
    if !optional_items(z, p).contains(&item) {
        return refuse("F-72", "not a game-end ability with an unpaid cost".into());
    }
    cost_error(
        z,
        p,
        z.cell_of(card as i32),
        cost(z, p, item),
        water,
        "F-72",
    )
}

pub fn pay(z: &mut Zones, p: usize, card: i32, tile: i64, water: &Water, ev: &mut impl Log) {
    let item = item_of(z, card as i64, tile);
    let price = cost(z, p, item);
    pay_cost(z, p, price, water);
    z.paid_end.push(item);
    ev.push(
        "pay-end",
        || json!({"player": p, "card": card, "tile": tile}),
    );
}

/// Coins and food suffice (the menu checks the water splits).
pub fn payable(z: &Zones, p: usize, item: i64) -> bool {
    let (coins, _, food) = cost(z, p, item);
    z.coins[p] >= coins && z.food[p] >= food
}

pub fn end_scoring(z: &mut Zones, p: usize, ev: &mut impl Log) {
    ev.push("end-scoring", || json!({"player": p}));
    z.pos += 1;
}

/// F-72 in turn order; a player with no payable choice left is done by itself.
pub fn final_step(z: &mut Zones, ev: &mut impl Log, has_choice: fn(&Zones, usize) -> bool) -> bool {
    while z.pos < z.n() {
        if has_choice(z, z.actor()) {
            return true;
        }
        z.pos += 1;
    }
    z.phase = OVER;
    let scores: Vec<i64> = (0..z.n()).map(|q| score(z, q)).collect();
    ev.push("game-over", || json!({"scores": scores}));
    false
}

/// The names of the seven parts of F-73, in its order (`PART_NAMES`).
pub const PART_NAMES: [&str; 7] = [
    "printed_vp_and_tokens",
    "equipment_vp",
    "set_aside_tiles",
    "coins",
    "food",
    "empty_water_towers",
    "location_abilities",
];

/// The seven parts of F-73, in its order.
pub fn score_parts(z: &Zones, p: usize) -> [i64; 7] {
    let nc = z.cfg.num_cards() as i64;
    let mut printed = z.vp[p];
    let (mut tiles_vp, mut locations_vp, mut empty_towers) = (0, 0, 0);
    for card in z.farm_cards(p) {
        if z.face_down[card as usize] {
            continue;
        }
        let info = &z.cfg.cards[card as usize];
        if info.kind < TYPES.len() {
            printed += info.vp;
        }
        if info.kind == TOWER && z.water[card as usize] == 0 {
            empty_towers += 1;
        }
        if let Some(ability) = &info.ability {
            if ability.timing == Timing::GameEnd && active(z, card as i64) {
                locations_vp += game_end_vp(z, p, card, ability.effects);
            }
        }
        for &t in &z.equip[card as usize] {
            let design = z.cfg.tile(t as i64);
            if design.timing == Timing::GameEnd && active(z, nc + t as i64) {
                tiles_vp += game_end_vp(z, p, card, design.effects);
            }
        }
    }
    [
        printed,
        tiles_vp,
        z.aside[p].len() as i64,
        z.coins[p].div_euclid(3),
        z.food[p].div_euclid(2),
        empty_towers,
        locations_vp,
    ]
}

pub fn score(z: &Zones, p: usize) -> i64 {
    score_parts(z, p).iter().sum()
}

/// F-75: face-up farm cards.
pub fn locations(z: &Zones, p: usize) -> i64 {
    z.farm_cards(p)
        .filter(|&c| !z.face_down[c as usize])
        .count() as i64
}

/// The final result (`Outcome` of `engine/api.py`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub scores: Vec<i64>,
    pub ranks: Vec<i64>,
    pub winners: Vec<usize>,
    pub tiebreak: Vec<i64>,
}

impl Outcome {
    pub fn to_json(&self) -> Value {
        json!({"scores": self.scores, "ranks": self.ranks, "winners": self.winners,
               "tiebreak": self.tiebreak})
    }
}

/// F-74 … F-76: VP, then (published) locations and coins.
pub fn outcome(z: &Zones) -> Outcome {
    let n = z.n();
    let scores: Vec<i64> = (0..n).map(|p| score(z, p)).collect();
    let keys: Vec<Vec<i64>> = (0..n)
        .map(|p| {
            if z.cfg.published {
                vec![scores[p], locations(z, p), z.coins[p]]
            } else {
                vec![scores[p]]
            }
        })
        .collect();
    let (ranks, winners) = crate::stalk_exchange::scoring::rank_by(&keys);
    let tiebreak = if z.cfg.published {
        (0..n).map(|p| locations(z, p)).collect()
    } else {
        Vec::new()
    };
    Outcome {
        scores,
        ranks,
        winners,
        tiebreak,
    }
}
