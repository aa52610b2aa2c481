//! The harvest phase (F-58 … F-63), `harvest.py`: harvest items, paying and declining them,
//! Open Areas, and the end of the year.

use serde_json::json;

use super::abilities::{cost_of, harvest_bonuses, harvest_cost_cut, push_effects};
use super::cards::Timing;
use super::config::YEARS;
use super::equipment::{discard_tiles, item_of, split_item};
use super::events::Log;
use super::resources::{cost_error, pay_cost, refuse, Refusal, Water};
use super::state::{Zones, FINAL, NONE};
use super::upkeep::begin_year;

/// F-59: face-up location cards with a harvest ability and harvest tiles on face-up cards,
/// in cell order (a card before its tiles).
pub fn items(z: &Zones, p: usize) -> Vec<i64> {
    let mut out = Vec::new();
    find_item(z, p, |item| {
        out.push(item);
        false
    });
    out
}

/// The first of `items` for which `found` is true, calling it on each in turn.
fn find_item(z: &Zones, p: usize, mut found: impl FnMut(i64) -> bool) -> Option<i64> {
    let nc = z.cfg.num_cards() as i64;
    for card in z.farm_cards(p) {
        if z.face_down[card as usize] {
            continue;
        }
        if z.cfg.cards[card as usize].timing() == Some(Timing::Harvest) && found(card as i64) {
            return Some(card as i64);
        }
        for &t in &z.equip[card as usize] {
            if z.cfg.tile(t as i64).timing == Timing::Harvest && found(nc + t as i64) {
                return Some(nc + t as i64);
            }
        }
    }
    None
}

/// Items not yet paid or declined this harvest (F-60).
pub fn open_items(z: &Zones, p: usize) -> Vec<i64> {
    let mut out = Vec::new();
    each_open_item(z, p, |item| out.push(item));
    out
}

/// `f` of each of `open_items`, in order, without listing them.
pub fn each_open_item(z: &Zones, p: usize, mut f: impl FnMut(i64)) {
    find_item(z, p, |item| {
        if !z.handled.contains(&item) {
            f(item);
        }
        false
    });
}

/// (coins, water, food) of an item, read now (F-60), harvest-cost cuts applied (F-88).
pub fn cost(z: &Zones, p: usize, item: i64) -> (i64, i64, i64) {
    let (card, tile) = split_item(z, item);
    if tile != NONE as i64 {
        return cost_of(z, p, card, z.cfg.tile(tile).cost.as_ref());
    }
    let ability = z.cfg.cards[card as usize].ability.as_ref();
    let (c, w, f) = cost_of(z, p, card, ability.and_then(|a| a.cost.as_ref()));
    let (dc, dw, df) = harvest_cost_cut(z, card);
    ((c + dc).max(0), (w + dw).max(0), (f + df).max(0))
}

fn owned(z: &Zones, p: usize, card: i64) -> bool {
    (0..z.cfg.num_cards() as i64).contains(&card) && z.owner(card as i32) == Some(p)
}

pub fn item_error(z: &Zones, p: usize, card: i64, tile: i64) -> Option<Refusal> {
    if !owned(z, p, card) {
        return refuse("F-59", format!("player {p} has no card {card}"));
    }
    if tile != NONE as i64 && !z.equip[card as usize].iter().any(|&t| t as i64 == tile) {
        return refuse("F-59", format!("tile {tile} is not on card {card}"));
    }
    let item = item_of(z, card, tile);
    if !items(z, p).contains(&item) {
        let name = if tile == NONE as i64 {
            card.to_string()
        } else {
            format!("{card}/{tile}")
        };
        return refuse("F-59", format!("{name} is not a harvest item"));
    }
    if z.handled.contains(&item) {
        return refuse(
            "F-60",
            "this item was already paid or declined this harvest".into(),
        );
    }
    None
}

pub fn pay_error(z: &Zones, p: usize, card: i64, tile: i64, water: &Water) -> Option<Refusal> {
    if let Some(why) = item_error(z, p, card, tile) {
        return Some(why);
    }
    let price = cost(z, p, item_of(z, card, tile));
    cost_error(z, p, z.cell_of(card as i32), price, water, "F-60")
}

/// F-60: pay, then apply the effects (harvest bonuses of tiles after the card's own).
pub fn pay(z: &mut Zones, p: usize, card: i32, tile: i64, water: &Water, ev: &mut impl Log) {
    let item = item_of(z, card as i64, tile);
    let price = cost(z, p, item);
    pay_cost(z, p, price, water);
    z.handled.push(item);
    ev.push(
        "harvest",
        || json!({"player": p, "card": card, "tile": tile, "paid": true}),
    );
    if tile != NONE as i64 {
        let list = z.cfg.tile(tile).effects;
        push_effects(z, p, card, list);
        return;
    }
    for bonus in harvest_bonuses(z, card).into_iter().rev() {
        push_effects(z, p, card, bonus);
    }
    if let Some(list) = z.cfg.cards[card as usize]
        .ability
        .as_ref()
        .map(|a| a.effects)
    {
        push_effects(z, p, card, list);
    }
}

/// F-30, F-61: an Open Area; its tiles are discarded for good (F-18).
fn turn_face_down(z: &mut Zones, p: usize, card: i32, ev: &mut impl Log) {
    z.face_down[card as usize] = true;
    let tiles = discard_tiles(z, card);
    ev.push(
        "open-area",
        || json!({"player": p, "card": card, "discarded_tiles": tiles}),
    );
}

/// F-61: a declined card becomes an Open Area; a declined tile is just not used.
pub fn decline(z: &mut Zones, p: usize, card: i32, tile: i64, ev: &mut impl Log) {
    let item = item_of(z, card as i64, tile);
    z.handled.push(item);
    ev.push(
        "harvest",
        || json!({"player": p, "card": card, "tile": tile, "paid": false}),
    );
    if tile == NONE as i64 {
        turn_face_down(z, p, card, ev);
    }
}

/// F-62: unpaid cards become Open Areas, unused tiles lapse; the next player harvests.
pub fn end_harvest(z: &mut Zones, p: usize, ev: &mut impl Log) {
    let nc = z.cfg.num_cards() as i64;
    for item in open_items(z, p) {
        if item < nc {
            turn_face_down(z, p, item as i32, ev);
        }
    }
    ev.push("end-harvest", || json!({"player": p}));
    z.pos += 1;
    z.handled.clear();
}

/// Run the harvest phase (F-58): true while the current player has open items.
pub fn harvest_step(z: &mut Zones, ev: &mut impl Log) -> bool {
    while z.pos < z.n() {
        if find_item(z, z.actor(), |item| !z.handled.contains(&item)).is_some() {
            return true;
        }
        z.pos += 1;
        z.handled.clear();
    }
    end_year(z, ev);
    false
}

/// F-63: the marker passes left; after year 4 come the final choices (F-72).
fn end_year(z: &mut Zones, ev: &mut impl Log) {
    z.first = (z.first + 1) % z.n();
    if z.year >= YEARS {
        z.phase = FINAL;
        z.pos = 0;
        z.paid_end.clear();
        let first = z.first;
        ev.push("final-choices", || json!({"first_player": first}));
        return;
    }
    z.year += 1;
    begin_year(z, ev);
}
