//! Setup (F-36, F-37), years (F-38 … F-40) and the upkeep phase: income (F-41) and the year's
//! draw split (F-42 … F-44), `upkeep.py`.

use serde_json::json;

use super::abilities::gain_food;
use super::cards::TYPES;
use super::config::{HAND_SIZE, INTRO_SPLITS, TOWER_START_WATER};
use super::events::{Events, Log};
use super::resources::{count_distributions, refuse, Refusal};
use super::state::{Zones, COMMIT, F_WATER, NONE, PICK, UPKEEP};

const START_COINS: i64 = 15; // F-36
const START_FOOD: i64 = 1;
const INCOME_COINS: i64 = 3; // F-41
const INCOME_FOOD: i64 = 1;
const INCOME_WATER: i64 = 2;
const DISPLAY_SIZE: usize = 6; // F-69

pub type Split = [i64; 4];

/// F-36: piles shuffled, every player's tower at (0, 0) and Silo at (1, 0) (`z` is empty,
/// its generator seeded).
pub fn setup(z: &mut Zones) {
    let cfg = z.cfg.clone();
    let n = cfg.num_players;
    for (k, cards) in cfg.piles.iter().enumerate() {
        let mut pile = cards.clone();
        z.rng.shuffle(&mut pile);
        z.piles[k] = pile;
    }
    *z.towers = cfg.towers.iter().rev().copied().collect();
    *z.silos = cfg.silos.iter().rev().copied().collect();
    *z.tiles = (0..cfg.tiles.len() as i32).collect();
    z.rng.shuffle(&mut z.tiles);
    for p in 0..n {
        let tower = z.towers.pop().unwrap_or(NONE);
        let silo = z.silos.pop().unwrap_or(NONE);
        z.put_card(p, tower, (0, 0));
        z.water[tower as usize] = TOWER_START_WATER;
        z.put_card(p, silo, (1, 0));
    }
    z.coins = vec![START_COINS; n];
    z.food = vec![START_FOOD; n];
    z.year = 1;
    z.first = 0;
    z.turn = 0;
    z.pos = 0;
    begin_year(z, &mut Events::new());
}

/// F-38 … F-41: a new year starts with upkeep; income from year 2 on.
pub fn begin_year(z: &mut Zones, ev: &mut impl Log) {
    let n = z.n();
    z.phase = UPKEEP;
    z.pos = 0;
    z.turn = 0;
    *z.splits = vec![Vec::new(); n];
    let (year, first, direction) = (z.year, z.first, z.direction());
    ev.push(
        "year",
        || json!({"year": year, "first_player": first, "direction": direction}),
    );
    if z.year == 1 {
        return;
    }
    let order = z.order();
    for &p in &order {
        z.coins[p] += INCOME_COINS;
        let kept = gain_food(z, p, INCOME_FOOD);
        ev.push(
            "income",
            || json!({"player": p, "coins": INCOME_COINS, "food": kept}),
        );
    }
    for &p in order.iter().rev() {
        z.stack.push(vec![F_WATER, p as i64, INCOME_WATER]);
    }
}

/// The split made without a decision: introductory mode (F-44), or fewer than 6 cards left
/// (F-43: take all).
pub fn forced_split(z: &Zones) -> Option<Split> {
    let counts = z.piles.each_ref().map(|p| p.len() as i64);
    if z.cfg.introductory {
        let fixed = INTRO_SPLITS[usize::from(!z.cfg.published)][(z.year - 1) as usize];
        return Some([0, 1, 2, 3].map(|i| fixed[i].min(counts[i])));
    }
    if counts.iter().sum::<i64>() < HAND_SIZE {
        return Some([counts[0], counts[1], counts[2], counts[3]]);
    }
    None
}

/// Why `split` is not a legal draw split now, or None (F-42, F-43).
pub fn split_error(z: &Zones, split: &Split) -> Option<Refusal> {
    if let Some(forced) = forced_split(z) {
        if *split == forced {
            return None;
        }
        let [a, b, c, d] = forced;
        return refuse(
            "F-43, F-44",
            format!("the split is fixed: ({a}, {b}, {c}, {d})"),
        );
    }
    let counts: Vec<i64> = z.piles.iter().map(|p| p.len() as i64).collect();
    split_problem(&counts, split)
}

fn split_problem(counts: &[i64], split: &Split) -> Option<Refusal> {
    if split.iter().any(|&k| k < 0) {
        return refuse("F-42", "counts cannot be negative".into());
    }
    if split.iter().sum::<i64>() != HAND_SIZE {
        return refuse("F-42", format!("the counts must add up to {HAND_SIZE}"));
    }
    for i in 0..4 {
        if split[i] > counts[i] {
            return refuse(
                "F-42",
                format!("the {} pile holds {} cards", TYPES[i], counts[i]),
            );
        }
    }
    let non_empty = counts.iter().filter(|&&k| k != 0).count();
    if non_empty < 3 {
        if (0..4).any(|i| counts[i] != 0 && split[i] == 0) {
            return refuse(
                "F-43",
                "fewer than 3 piles have cards: take from every non-empty pile".into(),
            );
        }
    } else if split.iter().filter(|&&k| k != 0).count() < 3 {
        return refuse("F-42", "take cards from at least 3 different piles".into());
    }
    None
}

/// The legal splits now (F-42, F-43) in ascending lexicographic order: counted by arithmetic,
/// split i found when asked for.
#[derive(Debug, Clone, Copy)]
pub struct Splits {
    /// F-43, F-44: the one split made without a decision.
    forced: Option<Split>,
    /// What each pile can give, at most a hand.
    caps: Split,
    /// F-43: fewer than 3 piles have cards, so every non-empty pile gives.
    few: bool,
    len: usize,
}

impl Splits {
    pub fn of(z: &Zones) -> Splits {
        let counts = z.piles.each_ref().map(|p| p.len() as i64);
        Splits::from_piles(counts, forced_split(z))
    }

    /// The splits of piles holding `counts` cards, or only `forced`.
    fn from_piles(counts: Split, forced: Option<Split>) -> Splits {
        let caps = counts.map(|k| k.min(HAND_SIZE));
        let few = caps.iter().filter(|&&k| k != 0).count() < 3;
        let len = if forced.is_some() {
            1
        } else {
            legal_count(&caps, few)
        };
        Splits {
            forced,
            caps,
            few,
            len,
        }
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// `split_problem(counts, split)` is None for a split whose counts are within their piles
    /// and add up to HAND_SIZE: only F-42's three piles or F-43's every non-empty pile is left.
    fn ok(&self, split: &Split) -> bool {
        if self.few {
            (0..4).all(|i| self.caps[i] == 0 || split[i] != 0)
        } else {
            split.iter().filter(|&&k| k != 0).count() >= 3
        }
    }

    /// Every split in the order of `get`, listed in one pass (a policy that scores them all).
    pub fn all(&self) -> Vec<Split> {
        if let Some(forced) = self.forced {
            return vec![forced];
        }
        let caps = &self.caps;
        let mut out = Vec::with_capacity(self.len);
        for a in 0..=caps[0] {
            for b in 0..=caps[1].min(HAND_SIZE - a) {
                let rest = HAND_SIZE - a - b;
                for c in (rest - caps[3]).max(0)..=caps[2].min(rest) {
                    let split = [a, b, c, rest - c];
                    if self.ok(&split) {
                        out.push(split);
                    }
                }
            }
        }
        out
    }

    /// Split `i` in ascending lexicographic order.
    pub fn get(&self, i: usize) -> Option<Split> {
        if let Some(forced) = self.forced {
            return (i == 0).then_some(forced);
        }
        let caps = &self.caps;
        let ok = |split: &Split| self.ok(split);
        let mut k = i;
        for a in 0..=caps[0] {
            for b in 0..=caps[1].min(HAND_SIZE - a) {
                // the last count is what is left, within its pile: c in order, d follows
                let rest = HAND_SIZE - a - b;
                let (lo, hi) = ((rest - caps[3]).max(0), caps[2].min(rest));
                if lo > hi {
                    continue;
                }
                // only whether c and d are 0 matters: c = 0, c = rest and the c between
                let mut n = 0;
                let mut between = (hi - lo + 1) as usize;
                if lo == 0 {
                    n += usize::from(ok(&[a, b, 0, rest]));
                    between -= 1;
                }
                if hi == rest && rest != 0 {
                    n += usize::from(ok(&[a, b, rest, 0]));
                    between -= 1;
                }
                if between > 0 {
                    let c = lo.max(1);
                    n += between * usize::from(ok(&[a, b, c, rest - c]));
                }
                if k >= n {
                    k -= n;
                    continue;
                }
                for c in lo..=hi {
                    let split = [a, b, c, rest - c];
                    if ok(&split) {
                        if k == 0 {
                            return Some(split);
                        }
                        k -= 1;
                    }
                }
            }
        }
        None
    }
}

/// How many splits of a hand within `caps` are legal (F-42, F-43): all of them, less those
/// from one or two piles, unless `few` piles have cards, when exactly the non-empty piles
/// give.
fn legal_count(caps: &Split, few: bool) -> usize {
    let whole = |i: usize| usize::from(caps[i] >= HAND_SIZE); // one pile gives the hand
                                                              // two piles give, a from pile i and the rest from j, both at least 1
    let pair = |i: usize, j: usize| {
        let (low, high) = ((HAND_SIZE - caps[j]).max(1), caps[i].min(HAND_SIZE - 1));
        usize::try_from(high - low + 1).unwrap_or(0)
    };
    if few {
        let mut piles = (0..4).filter(|&i| caps[i] != 0);
        return match (piles.next(), piles.next()) {
            (Some(i), Some(j)) => pair(i, j),
            (Some(i), None) => whole(i),
            _ => 0,
        };
    }
    let mut n = count_distributions(caps, HAND_SIZE);
    for i in 0..4 {
        n -= whole(i);
        for j in i + 1..4 {
            n -= pair(i, j);
        }
    }
    n
}

/// Take the chosen cards from the pile tops (F-42); 3-4 players: the hand, 2 players: the
/// shared pile unseen (F-69).
pub fn do_split(z: &mut Zones, p: usize, split: &Split, ev: &mut impl Log) {
    let mut cards = Vec::with_capacity(HAND_SIZE as usize);
    for (k, &count) in split.iter().enumerate() {
        for _ in 0..count {
            if let Some(c) = z.piles[k].pop() {
                cards.push(c);
            }
        }
    }
    z.splits[p].clear();
    z.splits[p].extend_from_slice(split);
    let split = *split;
    if z.cfg.duel() {
        z.shared.extend_from_slice(&cards);
        ev.push("draw", || json!({"player": p, "split": split}));
    } else {
        for &c in &cards {
            z.seen[c as usize] |= 1 << p;
        }
        z.hands[p] = cards;
        let cards = &z.hands[p];
        ev.push_private("draw", p, || {
            (
                json!({"player": p, "split": split}),
                json!({"cards": cards}),
            )
        });
    }
    z.pos += 1;
}

/// Run the draw phase; true when a player must choose a split.
pub fn draw_step(z: &mut Zones, ev: &mut impl Log) -> bool {
    while z.pos < z.n() {
        let options = Splits::of(z);
        if options.len() > 1 {
            return true;
        }
        let Some(split) = options.get(0) else {
            break;
        };
        let p = z.actor();
        do_split(z, p, &split, ev);
    }
    start_action_phase(z, ev);
    false
}

/// F-45 / F-69: commits (3-4 players) or the shared pile and its display (2 players).
fn start_action_phase(z: &mut Zones, ev: &mut impl Log) {
    z.pos = 0;
    z.turn = 0;
    if z.cfg.duel() {
        z.rng.shuffle(&mut z.shared);
        let k = DISPLAY_SIZE.min(z.shared.len());
        *z.display = (0..k).filter_map(|_| z.shared.pop()).collect();
        let (cards, shared) = ((*z.display).clone(), z.shared.len());
        ev.push("display", || json!({"cards": cards, "shared": shared}));
        z.phase = PICK;
    } else {
        z.phase = COMMIT;
        z.turn = 1;
    }
}

#[cfg(test)]
mod tests {
    use super::{split_problem, Split, Splits, HAND_SIZE};

    /// F-42, F-43: the splits counted by arithmetic and found by index are the legal ones in
    /// ascending order, for every pile size from empty to beyond a hand.
    #[test]
    fn splits_counted_and_found_as_listed() {
        let hand = HAND_SIZE;
        for code in 0..8i64.pow(4) {
            let counts: Split = [0, 1, 2, 3].map(|i| code / 8i64.pow(i) % 8);
            if counts.iter().sum::<i64>() < hand {
                continue; // F-43: the split is forced
            }
            let mut legal = Vec::new();
            for a in 0..=hand {
                for b in 0..=hand {
                    for c in 0..=hand {
                        let split = [a, b, c, hand - a - b - c];
                        if split_problem(&counts, &split).is_none() {
                            legal.push(split);
                        }
                    }
                }
            }
            let splits = Splits::from_piles(counts, None);
            assert_eq!(splits.len(), legal.len(), "{counts:?}");
            let found: Vec<Split> = (0..=legal.len()).filter_map(|i| splits.get(i)).collect();
            assert_eq!(found, legal, "{counts:?}");
            assert_eq!(splits.all(), legal, "{counts:?}");
        }
        let forced = Splits::from_piles([1, 1, 1, 1], Some([1, 1, 1, 1]));
        assert_eq!(
            (forced.len(), forced.get(0), forced.get(1)),
            (1, Some([1, 1, 1, 1]), None)
        );
        assert_eq!(forced.all(), vec![[1, 1, 1, 1]]);
    }
}
