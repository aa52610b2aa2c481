//! The greedy policy of Stalk Exchange natively (issue 33 item 2): `heuristics.choose` of
//! `src/seedbed/games/stalk_exchange/heuristics.py`, choice for choice and draw for draw. The
//! candidates are built, not scanned: plants (the best spaces for the garden, with each token
//! of the Exchange), swaps, Flush and End; the best within 1e-9 of the top, ties broken with
//! one `rng.below`. It reads only what the seat's observation shows (`market.rs`).

use super::actions::Action;
use super::config::NUM_TYPES;
use super::game;
use super::market::{Market, PerType};
use super::menu::Menu;
use super::rules::KindCounts;
use super::state::{Zones, EMPTY, NO_TOKEN};
use crate::choice::{best_at_random, pmax};
use crate::rng::Rng;

/// Worth of taking one empty neighbour from a group, per token of the group.
const PRESSURE: f64 = 0.35;
/// Worth of a planted bulb of a type (its eventual harvest), per unit of edge.
const BULB: f64 = 0.25;
/// Worth of an unspent Seedy Business token at the start of the game.
const TOKEN: f64 = 1.2;

/// `space_scores`: per empty space (ascending), what planting any token there does.
fn space_scores(m: &Market, edge: &PerType, marginal: &PerType) -> Vec<(usize, f64)> {
    let base = m.worth(edge, &m.values);
    let z = m.z;
    let mut out = Vec::new();
    for (s, &v) in z.garden.iter().enumerate() {
        if v != EMPTY {
            continue;
        }
        let mut closed = [0i64; NUM_TYPES];
        let mut score = 0.0;
        for g in m.groups.iter().filter(|g| g.libs & (1u128 << s) != 0) {
            let libs = g.liberties();
            if libs == 1 {
                closed[g.t] += g.size;
            } else {
                score += PRESSURE * marginal[g.t] * g.size as f64 / f64::from(libs - 1);
            }
        }
        if closed.iter().any(|&c| c != 0) {
            let raised = std::array::from_fn(|t| m.values[t] + closed[t]);
            score += m.worth(edge, &raised) - base;
        }
        out.push((s, score));
    }
    out
}

/// `can_bloom`: a neighbour is empty, or becomes empty when the planting closes a group.
fn can_bloom(m: &Market, space: usize) -> bool {
    let z = m.z;
    if z.board.neighbours[space]
        .iter()
        .any(|&j| z.garden[j] == EMPTY)
    {
        return true;
    }
    m.groups.iter().any(|g| g.libs == 1u128 << space)
}

/// `_plants`: the best spaces with each token of the Exchange.
fn plants(m: &Market, edge: &PerType, marginal: &PerType, out: &mut Vec<(f64, Action)>) {
    let spaces = space_scores(m, edge, marginal);
    if spaces.is_empty() {
        return;
    }
    let top = spaces.iter().map(|&(_, v)| v).fold(f64::NEG_INFINITY, pmax);
    let best: Vec<(usize, bool)> = spaces
        .iter()
        .filter(|&&(_, v)| v >= top - 1e-9)
        .map(|&(s, _)| (s, can_bloom(m, s)))
        .collect();
    for (slot, &t) in m.z.exchange.iter().enumerate() {
        if t == NO_TOKEN {
            continue;
        }
        let bulb = BULB * marginal[t as usize];
        let unbloomed = if bulb < 0.0 { bulb } else { 0.0 };
        for &(s, blooms) in &best {
            let space = m.z.board.spaces[s];
            let plant = Action::Plant {
                slot: slot as i64,
                space,
            };
            out.push((top + if blooms { bulb } else { unbloomed }, plant));
        }
    }
}

/// `_swaps`: take a token of a well-priced type for one of a poorly priced type.
fn swaps(m: &Market, mine: &[i64; NUM_TYPES], out: &mut Vec<(f64, Action)>) {
    let price = m.prices(&m.values);
    for (slot, &take) in m.z.exchange.iter().enumerate() {
        if take == NO_TOKEN {
            continue;
        }
        for give in 0..NUM_TYPES {
            if give as i64 != take && mine[give] > 0 {
                let swap = Action::Swap {
                    slot: slot as i64,
                    give: give as i64,
                };
                out.push((price[take as usize] - price[give], swap));
            }
        }
    }
}

/// `heuristics.choose(observe(p), legal_actions(p), rng)` for the seat on the move, whose menu
/// holds `menu_len` actions (`menu` is read for its first only when it holds one).
pub fn choose_from(z: &Zones, p: usize, menu: &Menu, rng: &mut Rng) -> Option<Action> {
    if menu.len() <= 1 {
        return menu.get(z, 0);
    }
    let m = Market::new(z);
    let edge = m.edge(p);
    let seedy = z.seedy[p] != 0;
    let basic_left = z.basic_taken < z.cfg.basic_actions;
    let marginal = m.marginal(&edge);
    let mut scored: Vec<(f64, Action)> = Vec::new();
    plants(&m, &edge, &marginal, &mut scored);
    swaps(&m, &z.portfolios[p], &mut scored);
    let token = TOKEN * m.k_left;
    if !basic_left {
        if seedy {
            for item in &mut scored {
                item.0 -= token;
            }
        } else {
            scored.clear();
        }
        scored.push((0.0, Action::EndActions));
    } else if scored.is_empty() {
        scored.push((0.0, Action::EndActions));
    }
    if seedy && basic_left {
        let best_now = (scored.iter())
            .filter(|(_, a)| *a != Action::EndActions)
            .map(|&(s, _)| s)
            .fold(f64::NEG_INFINITY, pmax);
        let flush = if best_now < 0.0 {
            f64::min(0.5, 0.5 * m.k_left + 0.2) - token
        } else {
            f64::NEG_INFINITY
        };
        scored.push((flush, Action::Flush));
    }
    best_at_random(scored, rng)
}

/// [`choose_from`] for `p` (None when p is not on the move or the game is over).
pub fn choose(z: &Zones, p: usize, rng: &mut Rng) -> Option<Action> {
    if z.over || z.active != p {
        return None;
    }
    choose_from(z, p, &Menu::new(z), rng)
}

/// Play `z` in place with `choose` at every seat until the game is over or `max_steps`
/// actions were played; returns how many.
pub fn greedy_playout(z: &mut Zones, rng: &mut Rng, max_steps: u64) -> u64 {
    let mut steps = 0;
    let mut kinds = KindCounts::default();
    while !z.over && steps < max_steps {
        let Some(a) = choose_from(z, z.active, &Menu::new(z), rng) else {
            break;
        };
        game::effect(z, &a, &mut kinds);
        steps += 1;
    }
    steps
}
