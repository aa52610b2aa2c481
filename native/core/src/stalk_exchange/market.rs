//! `heuristics.Market` of Stalk Exchange natively (issue 33 item 2): a seat's reading of its
//! observation — the bloom groups, the tokens in sight, the seat's edge per type over an
//! average opponent, the prices at the end — read from the state where the observation
//! would show it (never another seat's portfolio before the end), with the floating-point
//! operations in Python's order. The greedy policy (`greedy.rs`) and the evaluation
//! (`evaluate.rs`) are built on it.

use super::config::NUM_TYPES;
use super::scoring::bust;
use super::state::{flower_at, Counts, Zones, BLOOM, EMPTY, NO_TOKEN};
use crate::pysum::sum;

/// A bloom group (S-30): its type, size and empty neighbours (a bit per board space: a
/// Garden has at most 127 spaces).
#[derive(Debug, Clone)]
pub struct Group {
    pub t: usize,
    pub size: i64,
    pub libs: u128,
}

impl Group {
    /// `len(liberties)`.
    pub fn liberties(&self) -> u32 {
        self.libs.count_ones()
    }
}

/// Per type: a value, a price, an edge.
pub type PerType = [f64; NUM_TYPES];

/// The public part of every seat's reading (`Market._read_public`).
#[derive(Debug, Clone)]
pub struct Market<'a> {
    pub z: &'a Zones,
    pub values: Counts,
    pub k_left: f64,
    /// How much the Bust weighs in the price.
    pub end: f64,
    /// In the order of their first space.
    pub groups: Vec<Group>,
    /// Tokens of each type in everyone's sight: garden, Exchange, compost, track.
    pub seen: Counts,
}

/// `time_left`: the nearer of the two end triggers (S-38).
pub fn time_left(z: &Zones) -> f64 {
    let n = z.cfg.num_players as f64;
    let supply = z.greenhouse_size as f64 / f64::max(1.0, 125.0 - 10.0 * n);
    let start = z.cfg.market_start;
    let next_cell = start - z.track.len() as i64;
    let distance = next_cell - z.values.iter().copied().max().unwrap_or(0);
    let crash = distance as f64 / start.max(1) as f64;
    f64::max(0.0, f64::min(f64::min(1.0, supply), crash))
}

/// Whether board space `i` holds a bloom of type `t`.
fn bloom_of(v: i64, t: usize) -> bool {
    v >= BLOOM && flower_at(v) == t
}

/// `Market._groups`.
fn groups(z: &Zones) -> Vec<Group> {
    let cells = &z.garden;
    let nbrs = &z.board.neighbours;
    let mut seen = vec![false; cells.len()];
    let mut out = Vec::new();
    for start in 0..cells.len() {
        let v = cells[start];
        if v == EMPTY || v < BLOOM || seen[start] {
            continue;
        }
        let t = flower_at(v);
        let (mut stack, mut size, mut libs) = (vec![start], 0i64, 0u128);
        seen[start] = true;
        while let Some(i) = stack.pop() {
            size += 1;
            for &j in &nbrs[i] {
                let w = cells[j];
                if w == EMPTY {
                    libs |= 1u128 << j;
                } else if bloom_of(w, t) && !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        out.push(Group { t, size, libs });
    }
    out
}

impl<'a> Market<'a> {
    pub fn new(z: &'a Zones) -> Market<'a> {
        let mut seen: Counts = [0; NUM_TYPES];
        for &v in &z.garden {
            if v != EMPTY {
                seen[flower_at(v)] += 1;
            }
        }
        for &t in &z.exchange {
            if t != NO_TOKEN {
                seen[t as usize] += 1;
            }
        }
        for (t, s) in seen.iter_mut().enumerate() {
            *s += z.compost[t];
        }
        for &t in &z.track {
            seen[t] += 1;
        }
        let k_left = time_left(z);
        Market {
            z,
            values: z.values,
            k_left,
            end: 1.0 - k_left,
            groups: groups(z),
            seen,
        }
    }

    /// `Market._edge` for `viewer`: its tokens minus an average opponent's estimated holding.
    pub fn edge(&self, viewer: usize) -> PerType {
        let z = self.z;
        let mine = &z.portfolios[viewer];
        let per_type = z.cfg.tokens_per_type;
        let unseen: Counts = std::array::from_fn(|t| (per_type - (self.seen[t] + mine[t])).max(0));
        let total = match unseen.iter().sum::<i64>() {
            0 => 1,
            s => s,
        };
        let others: Vec<usize> = (0..z.cfg.num_players).filter(|&q| q != viewer).collect();
        let div = others.len().max(1) as f64;
        let sizes: i64 = others
            .iter()
            .map(|&q| z.portfolios[q].iter().sum::<i64>())
            .sum();
        let size = sizes as f64 / div;
        let mut known = [0.0; NUM_TYPES];
        for &q in &others {
            for (t, k) in known.iter_mut().enumerate() {
                *k += z.shown[q][t] as f64 / div;
            }
        }
        let free = f64::max(0.0, size - sum(known));
        std::array::from_fn(|t| {
            mine[t] as f64 - (known[t] + free * unseen[t] as f64 / total as f64)
        })
    }

    /// `Market.prices`: what one token of each type looks worth at the end.
    pub fn prices(&self, values: &Counts) -> PerType {
        let busted = bust(values);
        let mut near = [0.0; NUM_TYPES];
        for g in &self.groups {
            near[g.t] += g.size as f64 * 0.5 / f64::from(g.liberties().max(1));
        }
        let w = 0.3 + 0.7 * self.end;
        std::array::from_fn(|t| (1.0 - w) * values[t] as f64 + w * busted[t] as f64 + 0.5 * near[t])
    }

    /// `Market.worth(values)` for a seat of this `edge`.
    pub fn worth(&self, edge: &PerType, values: &Counts) -> f64 {
        let p = self.prices(values);
        sum((0..NUM_TYPES).map(|t| edge[t] * p[t]))
    }

    /// `Market.marginal`: the worth of one more point of value for each type.
    pub fn marginal(&self, edge: &PerType) -> PerType {
        let base = self.worth(edge, &self.values);
        std::array::from_fn(|t| {
            let mut raised = self.values;
            raised[t] += 1;
            self.worth(edge, &raised) - base
        })
    }
}
