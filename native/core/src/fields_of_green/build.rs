//! The five actions of the action phase (F-51 … F-57), `build.py`: checks naming the clause,
//! effects that pay, place and queue the follow-ups.

use serde_json::json;

use super::abilities::{market_bonus, push_effects};
use super::cards::{Timing, TYPES};
use super::config::{TOWER_COST, TOWER_START_WATER};
use super::draft::used;
use super::events::Log;
use super::farm::is_placement;
use super::resources::{pay_water, refuse, water_error, Refusal, Water};
use super::state::{Cell, Zones, F_ATTACH, F_OPTIONAL};

pub const MARKET_BASE: i64 = 2; // F-54
pub const MARKET_PER_FOOD: i64 = 2;
pub const MARKET_MAX_FOOD: i64 = 2;

/// The card an action uses: the revealed one (F-49) or a display card (F-70).
fn card_error(z: &Zones, p: usize, card: i64) -> Option<Refusal> {
    if z.cfg.duel() {
        if z.display.iter().any(|&c| c as i64 == card) {
            return None;
        }
        return refuse("F-70", format!("card {card} is not in the display"));
    }
    if z.revealed[p] as i64 != card {
        return refuse(
            "F-49",
            format!("card {card} is not player {p}'s revealed card"),
        );
    }
    None
}

fn cell_error(z: &Zones, p: usize, cell: Cell) -> Option<Refusal> {
    if !is_placement(&z.farms[p], cell) {
        return refuse(
            "F-29",
            format!(
                "{},{} is not an empty cell next to the farm",
                cell.0, cell.1
            ),
        );
    }
    None
}

fn discard(z: &mut Zones, p: usize, card: i32, ev: &mut impl Log) {
    used(z, p, card, ev);
    z.discard.push(card);
}

fn after_build(z: &mut Zones, p: usize, card: i32) {
    if !z.aside[p].is_empty() {
        z.stack.push(vec![F_ATTACH, p as i64, card as i64]);
    }
}

/// Python indexes `cards[card]` with the card (NONE = -1 reads the last card).
fn info_index(z: &Zones, card: i64) -> usize {
    let nc = z.cfg.num_cards() as i64;
    card.rem_euclid(nc) as usize
}

// ------------------------------------------------------------------ A: Build Location

pub fn build_error(z: &Zones, p: usize, card: i64, cell: Cell, water: &Water) -> Option<Refusal> {
    if let Some(why) = card_error(z, p, card) {
        return Some(why);
    }
    let info = &z.cfg.cards[info_index(z, card)];
    if info.kind >= TYPES.len() {
        return refuse("F-51", "only location cards are built this way".into());
    }
    if let Some(why) = cell_error(z, p, cell) {
        return Some(why);
    }
    if z.coins[p] < info.coins {
        return refuse(
            "F-51",
            format!(
                "{} costs {} coins; player {p} has {}",
                info.design, info.coins, z.coins[p]
            ),
        );
    }
    if z.food[p] < info.food {
        return refuse(
            "F-51",
            format!(
                "{} costs {} food; player {p} has {}",
                info.design, info.food, z.food[p]
            ),
        );
    }
    water_error(z, p, cell, water, info.water)
}

/// F-51: pay, place, (attach), then the immediate ability.
pub fn do_build(z: &mut Zones, p: usize, card: i32, cell: Cell, water: &Water, ev: &mut impl Log) {
    let cfg = z.cfg.clone();
    let info = &cfg.cards[card as usize];
    used(z, p, card, ev);
    z.coins[p] -= info.coins;
    z.food[p] -= info.food;
    pay_water(z, p, water);
    z.put_card(p, card, cell);
    ev.push(
        "build",
        || json!({"player": p, "card": card, "design": info.design, "cell": [cell.0, cell.1]}),
    );
    if let Some(ability) = &info.ability {
        if ability.timing == Timing::Immediate {
            if ability.cost.is_some() {
                z.stack
                    .push(vec![F_OPTIONAL, p as i64, card as i64, card as i64]);
            // F-57
            } else {
                push_effects(z, p, card, ability.effects);
            }
        }
    }
    after_build(z, p, card);
}

// ------------------------------------------------------------------ B: Water Tower, C: Silo

pub fn tower_error(z: &Zones, p: usize, card: i64, cell: Cell) -> Option<Refusal> {
    if let Some(why) = card_error(z, p, card) {
        return Some(why);
    }
    if z.towers.is_empty() {
        return refuse("F-104", "the Water Tower pile is empty".into());
    }
    if z.coins[p] < TOWER_COST {
        return refuse("F-52", format!("a Water Tower costs {TOWER_COST} coins"));
    }
    cell_error(z, p, cell)
}

pub fn do_tower(z: &mut Zones, p: usize, card: i32, cell: Cell, ev: &mut impl Log) {
    discard(z, p, card, ev);
    z.coins[p] -= TOWER_COST;
    let tower = z.towers.pop().unwrap_or_default();
    z.put_card(p, tower, cell);
    z.water[tower as usize] = TOWER_START_WATER;
    ev.push(
        "build-tower",
        || json!({"player": p, "card": card, "tower": tower, "cell": [cell.0, cell.1]}),
    );
    after_build(z, p, tower);
}

pub fn silo_error(z: &Zones, p: usize, card: i64, cell: Cell) -> Option<Refusal> {
    if let Some(why) = card_error(z, p, card) {
        return Some(why);
    }
    if z.silos.is_empty() {
        return refuse("F-104", "the Silo pile is empty".into());
    }
    cell_error(z, p, cell)
}

pub fn do_silo(z: &mut Zones, p: usize, card: i32, cell: Cell, ev: &mut impl Log) {
    discard(z, p, card, ev);
    let silo = z.silos.pop().unwrap_or_default();
    z.put_card(p, silo, cell);
    ev.push(
        "build-silo",
        || json!({"player": p, "card": card, "silo": silo, "cell": [cell.0, cell.1]}),
    );
    after_build(z, p, silo);
}

// ------------------------------------------------------------------ D: Go to Market

pub fn market_error(z: &Zones, p: usize, card: i64, food: i64) -> Option<Refusal> {
    if let Some(why) = card_error(z, p, card) {
        return Some(why);
    }
    if !(0..=MARKET_MAX_FOOD).contains(&food) {
        return refuse(
            "F-54",
            format!("Go to Market sells 0, 1 or 2 food, not {food}"),
        );
    }
    if food > z.food[p] {
        return refuse("F-54", format!("player {p} has {} food", z.food[p]));
    }
    None
}

pub fn do_market(z: &mut Zones, p: usize, card: i32, food: i64, ev: &mut impl Log) {
    let coins = MARKET_BASE + MARKET_PER_FOOD * food + market_bonus(z, p);
    discard(z, p, card, ev);
    z.food[p] -= food;
    z.coins[p] += coins;
    ev.push(
        "market",
        || json!({"player": p, "card": card, "food": food, "coins": coins}),
    );
}

// ------------------------------------------------------------------ E: Restore Location

pub fn restore_error(z: &Zones, p: usize, card: i64, cell: Cell) -> Option<Refusal> {
    if !z.cfg.published {
        return refuse(
            "F-14, F-105",
            "the prototype rules have no Restore Location".into(),
        );
    }
    if let Some(why) = card_error(z, p, card) {
        return Some(why);
    }
    match z.at(p, cell) {
        Some(c) if z.face_down[c as usize] => {}
        _ => {
            return refuse(
                "F-55",
                format!("{},{} holds no Open Area of player {p}", cell.0, cell.1),
            )
        }
    }
    if z.coins[p] < 1 {
        return refuse("F-55, F-105", "Restore Location costs 1 coin".into());
    }
    None
}

/// F-55, F-106: face up again, no immediate ability, no tiles back.
pub fn do_restore(z: &mut Zones, p: usize, card: i32, cell: Cell, ev: &mut impl Log) {
    let target = z.at(p, cell).unwrap_or_default();
    discard(z, p, card, ev);
    z.coins[p] -= 1;
    z.face_down[target as usize] = false;
    ev.push(
        "restore",
        || json!({"player": p, "card": card, "restored": target, "cell": [cell.0, cell.1]}),
    );
}
