//! Setup, draws and the action phase of Stalk Exchange (S-19 … S-28, S-37), ported from
//! `rules.py`. Each action has a check (the reason it is illegal, citing the clause, or None)
//! and an effect (mutates the zones, appends the events). Checks never mutate, so a refused
//! action changes nothing. Same order of operations as Python, so the generator is drawn in
//! the same order.

use std::sync::Arc;

use serde_json::Value;

use super::config::{Config, FLOWERS, NUM_TYPES};
use super::events::During;
pub use super::events::{Event, Events, KindCounts, Log};
use super::state::*;
use crate::rng::Rng;

/// Why a rule refuses: its clause and the message (`Refusal` of `engine/errors.py`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub clause: &'static str,
    pub message: String,
}

pub(crate) fn refuse(clause: &'static str, message: String) -> Option<Refusal> {
    Some(Refusal { clause, message })
}

/// One token uniformly at random from the Greenhouse (S-9); the caller checks it is not empty.
pub fn draw(z: &mut Zones) -> usize {
    let mut pick = z.rng.below(z.greenhouse_size as u64) as i64;
    let mut t = 0;
    while pick >= z.greenhouse[t] {
        pick -= z.greenhouse[t];
        t += 1;
    }
    z.greenhouse[t] -= 1;
    z.greenhouse_size -= 1;
    t
}

/// S-37: fill the empty slots from the rightmost to the leftmost; if the Greenhouse runs out
/// first, trigger 2 occurs. Returns (slot, type) for each draw (public).
pub fn refill(z: &mut Zones) -> Vec<(usize, usize)> {
    let mut drawn = Vec::new();
    for slot in (0..z.exchange.len()).rev() {
        if z.exchange[slot] != NO_TOKEN {
            continue;
        }
        if z.greenhouse_size == 0 {
            trigger(z, TRIGGER_SUPPLY);
            break;
        }
        let t = draw(z);
        z.exchange[slot] = t as i64;
        drawn.push((slot, t));
    }
    drawn
}

/// Record an end trigger (S-38); the game ends after the current turn (S-39).
pub fn trigger(z: &mut Zones, which: i64) {
    if z.crash == 0 {
        z.crash_turn = z.turns;
    }
    z.crash |= which;
}

/// S-19: deal portfolios round the table from seat 0, then fill the Exchange.
pub fn setup(z: &mut Zones) {
    for _ in 0..z.cfg.portfolio_size {
        for p in 0..z.portfolios.len() {
            let t = draw(z);
            z.portfolios[p][t] += 1;
        }
    }
    refill(z);
}

/// A new game (`StalkExchange.new_state` after option normalisation).
pub fn new_state(num_players: usize, seed: u64, options: &Value) -> Result<Zones, String> {
    Ok(deal(
        Arc::new(Config::new(num_players, options)?),
        Rng::new(seed),
    ))
}

/// The game the generator `rng` (`Rng(seed)`) deals for a configuration (S-19).
pub fn deal(cfg: Arc<Config>, rng: Rng) -> Zones {
    let mut z = Zones::init_empty(cfg, rng);
    setup(&mut z);
    z
}

// ------------------------------------------------------------------ the action phase

/// Whether one more Plant or Swap may be taken: a basic action remains, or an unspent Seedy
/// Business token pays for an extra one (S-23).
pub fn can_act(z: &Zones) -> bool {
    z.basic_taken < z.cfg.basic_actions || z.seedy[z.active] > 0
}

/// Count a Plant or Swap as basic, or spend a token for it (S-23); true if extra.
pub fn count_action(z: &mut Zones) -> bool {
    if z.basic_taken < z.cfg.basic_actions {
        z.basic_taken += 1;
        return false;
    }
    spend_seedy(z);
    true
}

/// S-17: an unspent token becomes spent, for good.
pub fn spend_seedy(z: &mut Zones) {
    let p = z.active;
    z.seedy[p] -= 1;
    z.spent[p] += 1;
}

/// Whether some slot holds a type the active player can swap a different type for.
pub fn any_swap(z: &Zones) -> bool {
    let portfolio = &z.portfolios[z.active];
    let held: Vec<i64> = (0..NUM_TYPES as i64)
        .filter(|&t| portfolio[t as usize] != 0)
        .collect();
    if held.is_empty() {
        return false;
    }
    z.exchange
        .iter()
        .any(|&t| t != NO_TOKEN && (held.len() > 1 || held[0] != t))
}

/// Whether a Plant or a Swap is possible now (the condition of S-27).
pub fn any_basic_possible(z: &Zones) -> bool {
    let occupied = z.exchange.iter().any(|&t| t != NO_TOKEN);
    occupied && (!z.empty.is_empty() || any_swap(z))
}

const NO_ACTION_LEFT: &str = "no basic action left and no Seedy Business token to pay an extra one";

/// S-24 (and S-14, S-11, S-23): why the active player may not plant `slot` at `space` (the
/// space's index, or −1 when it is not in the Garden).
pub fn check_plant(z: &Zones, slot: i64, space: i64) -> Option<Refusal> {
    if !(0..z.exchange.len() as i64).contains(&slot) {
        return refuse("S-14", format!("there is no slot {slot}"));
    }
    if z.exchange[slot as usize] == NO_TOKEN {
        return refuse("S-24", format!("slot {slot} is empty"));
    }
    if space < 0 {
        return refuse("S-11", "that space is not in the Garden".to_string());
    }
    if z.garden[space as usize] != EMPTY {
        return refuse("S-24", "that Garden space is not empty".to_string());
    }
    if !can_act(z) {
        return refuse("S-23", NO_ACTION_LEFT.to_string());
    }
    None
}

/// S-24: the slot's token goes to the space bulb side up; the slot stays empty.
pub fn plant(z: &mut Zones, slot: usize, space: usize, ev: &mut impl Log) {
    let t = z.exchange[slot];
    z.exchange[slot] = NO_TOKEN;
    z.garden[space] = BULB + t;
    if let Some(i) = z.empty.iter().position(|&s| s == space) {
        z.empty.remove(i);
    }
    z.planted.push(space);
    let extra = count_action(z);
    let space = z.board.spaces[space];
    let player = z.active;
    ev.push("plant", || Event::Plant {
        player,
        slot,
        space,
        flower: t as usize,
        extra,
    });
}

/// S-25 (and S-14, S-7, S-23): why the active player may not swap `give` for `slot`'s token.
pub fn check_swap(z: &Zones, slot: i64, give: i64) -> Option<Refusal> {
    if !(0..z.exchange.len() as i64).contains(&slot) {
        return refuse("S-14", format!("there is no slot {slot}"));
    }
    if !(0..NUM_TYPES as i64).contains(&give) {
        return refuse("S-7", format!("there is no flower type {give}"));
    }
    let taken = z.exchange[slot as usize];
    if taken == NO_TOKEN {
        return refuse("S-25", format!("slot {slot} is empty"));
    }
    let name = FLOWERS[give as usize];
    if give == taken {
        return refuse(
            "S-25",
            format!("slot {slot} already holds a {name}: a swap must change type"),
        );
    }
    if z.portfolios[z.active][give as usize] == 0 {
        return refuse("S-25", format!("the portfolio holds no {name}"));
    }
    if !can_act(z) {
        return refuse("S-23", NO_ACTION_LEFT.to_string());
    }
    None
}

/// S-25: the slot's token enters the portfolio, a token of `give` takes its place. Both types
/// are public (S-48), so the tokens the player is known to hold are updated.
pub fn swap(z: &mut Zones, slot: usize, give: usize, ev: &mut impl Log) {
    let p = z.active;
    let taken = z.exchange[slot] as usize;
    z.portfolios[p][give] -= 1;
    z.portfolios[p][taken] += 1;
    z.exchange[slot] = give as i64;
    let shown = &mut z.shown[p];
    shown[give] = (shown[give] - 1).max(0);
    shown[taken] += 1;
    let extra = count_action(z);
    ev.push("swap", || Event::Swap {
        player: p,
        slot,
        took: taken,
        gave: give,
        extra,
    });
}

/// S-26: a Flush needs an unspent Seedy Business token.
pub fn check_flush(z: &Zones) -> Option<Refusal> {
    if z.seedy[z.active] == 0 {
        return refuse("S-26", "no unspent Seedy Business token".to_string());
    }
    None
}

/// S-26: spend a token; compost the whole Exchange; refill every slot (S-37).
pub fn flush(z: &mut Zones, ev: &mut impl Log) {
    spend_seedy(z);
    let mut composted = Vec::with_capacity(z.exchange.len());
    for slot in 0..z.exchange.len() {
        let t = z.exchange[slot];
        if t != NO_TOKEN {
            z.compost[t as usize] += 1;
            composted.push(t as usize);
            z.exchange[slot] = NO_TOKEN;
        }
    }
    let had_crash = z.crash;
    let drawn = refill(z);
    let player = z.active;
    ev.push("flush", || Event::Flush {
        player,
        composted,
        drawn,
    });
    if z.crash & TRIGGER_SUPPLY != 0 && had_crash & TRIGGER_SUPPLY == 0 {
        ev.push("crash", || Event::Crash {
            trigger: 2,
            during: During::Flush,
        });
    }
}

/// S-27: the action phase may end once the basic actions are used or none is possible.
pub fn check_end_actions(z: &Zones) -> Option<Refusal> {
    if z.basic_taken < z.cfg.basic_actions && any_basic_possible(z) {
        let left = z.cfg.basic_actions - z.basic_taken;
        return refuse(
            "S-27",
            format!("{left} basic action(s) left and a Plant or Swap is possible"),
        );
    }
    None
}

/// Mark a Garden space empty (harvest), keeping `empty` in canonical order (`insort`).
pub fn empty_space(z: &mut Zones, space: usize) {
    z.garden[space] = EMPTY;
    let i = z.empty.partition_point(|&s| s <= space);
    z.empty.insert(i, space);
}
