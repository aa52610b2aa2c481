//! `heuristics.evaluate_views` of Stalk Exchange natively (issue 33 item 2): every seat's
//! `evaluate` of its own observation, read from the state where the observation would show
//! it (the garden, the market, the Exchange, compost, the swaps' lower bounds, the seat's own
//! portfolio — never another seat's portfolio before the end), with the floating-point
//! operations in Python's order, so a cut-off rollout scores a leaf bit for bit as the Python
//! search does.

use super::config::NUM_TYPES;
use super::scoring::bust;
use super::state::{flower_at, Counts, Zones, BLOOM, EMPTY, NO_TOKEN};

/// `SCORE_SCALE`: the score lead that makes a win e times likelier.
const SCORE_SCALE: f64 = 4.0;

/// What every seat's reading shares (`Market._read_public`): values, the blend towards the
/// Bust, the bloom groups as (type, size, empty neighbours), the tokens in sight.
struct Public {
    values: Counts,
    end: f64,
    groups: Vec<(usize, i64, u32)>,
    seen: Counts,
}

/// `time_left`: the nearer of the two end triggers (S-38).
fn time_left(z: &Zones) -> f64 {
    let n = z.cfg.num_players as f64;
    let supply = z.greenhouse_size as f64 / f64::max(1.0, 125.0 - 10.0 * n);
    let start = z.cfg.market_start;
    let next_cell = start - z.track.len() as i64;
    let distance = next_cell - z.values.iter().copied().max().unwrap_or(0);
    let crash = distance as f64 / start.max(1) as f64;
    f64::max(0.0, f64::min(f64::min(1.0, supply), crash))
}

/// `Market._groups`: the bloom groups in the order of their first space.
fn groups(z: &Zones) -> Vec<(usize, i64, u32)> {
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
                } else if w >= BLOOM && flower_at(w) == t && !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        out.push((t, size, libs.count_ones()));
    }
    out
}

fn public(z: &Zones) -> Public {
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
    Public {
        values: z.values,
        end: 1.0 - time_left(z),
        groups: groups(z),
        seen,
    }
}

/// `Market._edge`: the viewer's tokens minus an average opponent's estimated holding.
fn edge(z: &Zones, m: &Public, viewer: usize) -> [f64; NUM_TYPES] {
    let mine = &z.portfolios[viewer];
    let per_type = z.cfg.tokens_per_type;
    let unseen: Counts = std::array::from_fn(|t| (per_type - (m.seen[t] + mine[t])).max(0));
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
    let free = f64::max(0.0, size - known.iter().fold(0.0, |a, &b| a + b));
    std::array::from_fn(|t| mine[t] as f64 - (known[t] + free * unseen[t] as f64 / total as f64))
}

/// `Market.prices`: what one token of each type looks worth at the end.
fn prices(m: &Public, values: &Counts) -> [f64; NUM_TYPES] {
    let busted = bust(values);
    let mut near = [0.0; NUM_TYPES];
    for &(t, size, libs) in &m.groups {
        near[t] += size as f64 * 0.5 / f64::from(libs.max(1));
    }
    let w = 0.3 + 0.7 * m.end;
    std::array::from_fn(|t| (1.0 - w) * values[t] as f64 + w * busted[t] as f64 + 0.5 * near[t])
}

/// `evaluate_views([observe(q) for q in seats])`: each seat's soft-max of the expected final
/// scores from its own observation, in [0, 1].
pub fn evaluate_views(z: &Zones) -> Vec<f64> {
    let m = public(z);
    let n = z.cfg.num_players;
    let values = prices(&m, &m.values);
    let worth = |holding: &dyn Fn(usize) -> f64| {
        (0..NUM_TYPES).fold(0.0, |acc, t| acc + holding(t) * values[t])
    };
    (0..n)
        .map(|viewer| {
            let mine = &z.portfolios[viewer];
            let edge = edge(z, &m, viewer);
            let scores: Vec<f64> = (0..n)
                .map(|q| {
                    if z.over {
                        worth(&|t| z.portfolios[q][t] as f64)
                    } else if q == viewer {
                        worth(&|t| mine[t] as f64)
                    } else {
                        worth(&|t| mine[t] as f64 - edge[t])
                    }
                })
                .collect();
            let me = scores[viewer];
            let total = scores.iter().fold(0.0, |acc, &s| {
                acc + f64::max(-50.0, f64::min(50.0, (s - me) / SCORE_SCALE)).exp()
            });
            1.0 / total
        })
        .collect()
}
