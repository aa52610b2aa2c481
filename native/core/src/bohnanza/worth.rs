//! The worth of a position to one player, in coins (issue 16), ported from `heuristics.py`
//! (`smooth`, `Knobs`, `potential`, `value`, `_harvest_choice`, `plant`, `worth`) with the
//! floating-point operations in Python's order, so the greedy policy built on it
//! (`greedy.rs`) compares the same numbers and breaks the same ties.
//!
//! A field is `(variety, cards)` with variety -1 for an empty field, as Python's `[v, n]`.

use std::cell::Cell;

use super::cards::{BEANOMETER, PAYOUT};
use crate::few::Inline;

/// One field of the simulation: (variety or -1, cards).
pub type Plot = (i32, i32);
/// A player's fields (at most three, one more room for a bought one in a simulation).
pub type Plots = Inline<Plot, 4>;
/// Varieties in planting order (pending cards, then the hand).
pub type Seq = Inline<u8, 200>;

/// `HOPE`: share of the coins a field's likely growth would add that it is worth now.
const HOPE: f64 = 0.6;
/// `WASTE`: coins a card to plant this turn costs in trading when it harvests for 0 coins.
pub const WASTE: f64 = 0.5;
/// `FRONT`: hand cards from the front that [`WASTE`] prices too (the next turn must plant
/// them, B-32; issue 33).
pub const FRONT: usize = 1;
/// `HAND_WEIGHTS`: hand cards count less the further back they sit.
const HAND_WEIGHTS: [f64; 8] = [1.0, 0.85, 0.6, 0.5, 0.4, 0.35, 0.3, 0.25];

/// `payout(v, n)`: coins for a harvested field (B-8).
#[inline]
pub fn payout(v: i32, n: i32) -> i32 {
    i32::from(PAYOUT[v as usize][n as usize])
}

/// `smooth(v, m)`: the bean-o-meter as a line through its printed thresholds.
pub fn smooth(v: i32, m: f64) -> f64 {
    let (mut last_cards, mut last_coins) = (1i32, 0i32);
    for (i, &need) in BEANOMETER[v as usize].iter().enumerate() {
        let coins = i as i32 + 1;
        if need == 0 {
            continue;
        }
        let need = i32::from(need);
        if m < f64::from(need) {
            let rise = f64::from(coins - last_coins) * f64::max(0.0, m - f64::from(last_cards));
            return f64::from(last_coins) + rise / f64::from(need - last_cards);
        }
        (last_cards, last_coins) = (need, coins);
    }
    f64::from(last_coins)
}

/// `Knobs`: how the worth of future plants depends on the share of the game left, and the
/// values of fields computed so far (Python's `k.cache`, here of `value`: a pure function of
/// the knobs, so caching changes no number).
#[derive(Debug, Clone)]
pub struct Knobs {
    pub growth: f64,
    pub empty: f64,
    pub third: f64,
    /// `value(v, n)` for n below [`CACHED`], NaN until computed.
    cache: [[Cell<f64>; CACHED]; 11],
}

/// Field sizes whose values [`Knobs`] keeps (a variety has at most 24 cards).
const CACHED: usize = 32;

impl Knobs {
    pub fn new(left: f64) -> Knobs {
        Knobs {
            growth: 2.5 * left,
            empty: 0.2 + 0.5 * left,
            third: 4.0 * left,
            cache: [const { [const { Cell::new(f64::NAN) }; CACHED] }; 11],
        }
    }
}

/// `potential(v, n, k)`.
pub fn potential(v: i32, n: i32, k: &Knobs) -> f64 {
    if n <= 0 {
        return 0.0;
    }
    let more = k.growth * f64::min(1.0, 0.4 + 0.12 * f64::from(n));
    let coins = f64::from(payout(v, n));
    coins + HOPE * f64::max(0.0, smooth(v, f64::from(n) + more) - coins)
}

/// `value(v, n, k)`.
#[inline]
pub fn value(v: i32, n: i32, k: &Knobs) -> f64 {
    if n <= 0 {
        return k.empty;
    }
    let Some(cell) = k.cache[v as usize].get(n as usize) else {
        return value_now(v, n, k);
    };
    let known = cell.get();
    if !known.is_nan() {
        return known;
    }
    let found = value_now(v, n, k);
    cell.set(found);
    found
}

fn value_now(v: i32, n: i32, k: &Knobs) -> f64 {
    f64::max(potential(v, n, k), f64::from(payout(v, n)) + k.empty)
}

/// `_harvest_choice`: the field whose harvest loses least (B-24 respected); -1 for none.
fn harvest_choice(fields: &[Plot], k: &Knobs, upcoming: &[u8]) -> i32 {
    let big = fields.iter().any(|f| f.1 >= 2);
    let (mut best, mut best_loss) = (-1, f64::INFINITY);
    for (i, &(v, n)) in fields.iter().enumerate() {
        if n == 0 || (big && n < 2) {
            continue;
        }
        let count = upcoming.iter().filter(|&&u| i32::from(u) == v).count();
        let loss = value(v, n, k) - f64::from(payout(v, n)) + 0.6 * count as f64;
        if loss < best_loss {
            (best, best_loss) = (i as i32, loss);
        }
    }
    best
}

/// `_field_for`: the field a `v` goes into by the rules (its variety's, else an empty one,
/// else the one whose harvest loses least); -1 for none (Python's `fields[-1]`).
fn field_for(fields: &[Plot], v: i32, k: &Knobs, upcoming: &[u8]) -> i32 {
    let mut i = position(fields, |f| f.0 == v);
    if i < 0 {
        i = position(fields, |f| f.1 == 0);
    }
    if i < 0 {
        i = harvest_choice(fields, k, upcoming);
    }
    i
}

/// Python's `fields[i]` for an index of [`field_for`] (-1 is the last field).
fn at(fields: &[Plot], i: i32) -> usize {
    if i < 0 {
        fields.len() - 1
    } else {
        i as usize
    }
}

/// `wastes(fields, v, k, upcoming)`: whether planting one `v` by the rules harvests a field
/// that pays nothing (issue 38 item 2).
pub fn wastes(fields: &[Plot], v: i32, k: &Knobs, upcoming: &[u8]) -> bool {
    let (w, n) = fields[at(fields, field_for(fields, v, k, upcoming))];
    w != v && n > 0 && payout(w, n) == 0
}

/// `plant(fields, v, k, target, upcoming)`: plant one `v` (into `target` if given, else by
/// the rules); mutates `fields`, returns the change of worth.
pub fn plant(fields: &mut [Plot], v: i32, k: &Knobs, target: i32, upcoming: &[u8]) -> f64 {
    let i = if target >= 0 {
        target
    } else {
        field_for(fields, v, k, upcoming)
    };
    let i = at(fields, i);
    let (w, n) = fields[i];
    if w == v {
        fields[i].1 = n + 1;
        return value(v, n + 1, k) - value(v, n, k);
    }
    let mut delta = value(v, 1, k) - value(w, n, k);
    if n != 0 {
        delta += f64::from(payout(w, n));
    }
    fields[i] = (v, 1);
    delta
}

fn position(fields: &[Plot], pred: impl Fn(&Plot) -> bool) -> i32 {
    fields.iter().position(pred).map_or(-1, |i| i as i32)
}

/// `worth(fields, coins, pending, hand, k)`: coins, the fields' values and the plants still
/// to come (pending cards first, those matching a field before the others, then the hand).
pub fn worth(fields: &[Plot], coins: i32, pending: &[u8], hand: &[u8], k: &Knobs) -> f64 {
    worth_wasting(fields, coins, pending, hand, k, 0.0)
}

/// `worth(fields, coins, pending, hand, k, waste)`: [`worth`], each pending card and each of
/// the first [`FRONT`] hand cards whose planting harvests a field for 0 coins ([`wastes`])
/// costing `waste` more.
pub fn worth_wasting(
    fields: &[Plot],
    coins: i32,
    pending: &[u8],
    hand: &[u8],
    k: &Knobs,
    waste: f64,
) -> f64 {
    let mut total = f64::from(coins);
    for &(v, n) in fields {
        total += value(v, n, k);
    }
    let mut sim: Plots = Plots::new();
    sim.extend_from_slice(fields);
    let held = |v: u8| fields.iter().any(|f| f.0 == i32::from(v));
    let mut seq = Seq::new();
    seq.extend(pending.iter().copied().filter(|&v| held(v)));
    seq.extend(pending.iter().copied().filter(|&v| !held(v)));
    let first = seq.len();
    seq.extend_from_slice(hand);
    for i in 0..seq.len() {
        let weight = match i.checked_sub(first) {
            None => 1.0,
            Some(j) => HAND_WEIGHTS.get(j).copied().unwrap_or(0.2),
        };
        let upcoming = &seq[i + 1..(i + 4).min(seq.len())];
        let v = i32::from(seq[i]);
        if i < first + FRONT && waste != 0.0 && wastes(&sim, v, k, upcoming) {
            total -= waste;
        }
        total += weight * plant(&mut sim, v, k, -1, upcoming);
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn smooth_runs_through_the_printed_thresholds() {
        // coffee (0): 4, 7, 10, 12 cards for 1 … 4 coins
        assert_eq!(smooth(0, 1.0), 0.0);
        assert_eq!(smooth(0, 4.0), 1.0);
        assert_eq!(smooth(0, 2.5), 0.5);
        assert_eq!(smooth(0, 30.0), 4.0);
        // garden (9): no 1-coin step, 2 coins at 2 cards
        assert_eq!(smooth(9, 1.5), 1.0);
    }

    #[test]
    fn waste_prices_the_front_hand_card_as_a_pending_one() {
        // two single beans (chili 3, red 8): a soy (6) harvests one of them for 0 coins
        let k = Knobs::new(1.0);
        let fields = [(3, 1), (8, 1)];
        let plain = worth(&fields, 0, &[], &[6], &k);
        assert_eq!(
            worth_wasting(&fields, 0, &[], &[6], &k, WASTE),
            plain - WASTE
        );
        // only the first FRONT hand cards: the soy behind a chili (which extends) is not
        let behind = worth(&fields, 0, &[], &[3, 6], &k);
        assert_eq!(worth_wasting(&fields, 0, &[], &[3, 6], &k, WASTE), behind);
        // a pending black-eyed (7) harvests a single bean, and the soy then the other one
        let pending = worth(&fields, 0, &[7], &[6], &k);
        let wasting = worth_wasting(&fields, 0, &[7], &[6], &k, WASTE);
        assert_eq!(wasting, pending - 2.0 * WASTE);
    }

    #[test]
    fn plant_extends_a_matching_field_and_harvests_when_forced() {
        let k = Knobs::new(1.0);
        let mut fields = [(3, 2), (4, 1)];
        let gain = plant(&mut fields, 3, &k, -1, &[]);
        assert_eq!(fields, [(3, 3), (4, 1)]);
        assert!(gain > 0.0);
        // a new variety with no empty field: the field of 2+ cards that loses least goes
        let mut fields = [(3, 3), (4, 1)];
        plant(&mut fields, 5, &k, -1, &[]);
        assert_eq!(fields, [(5, 1), (4, 1)]);
    }
}
