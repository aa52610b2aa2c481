//! `heuristics.evaluate_views` of Stalk Exchange natively (issue 33 item 2): every seat's
//! `evaluate` of its own observation (`market.rs` reads what that observation shows), with
//! the floating-point operations in Python's order, so a cut-off rollout scores a leaf bit
//! for bit as the Python search does.

use super::config::NUM_TYPES;
use super::market::Market;
use super::state::Zones;
use crate::pysum::sum;

/// `SCORE_SCALE`: the score lead that makes a win e times likelier.
const SCORE_SCALE: f64 = 4.0;

/// `evaluate_views([observe(q) for q in seats])`: each seat's soft-max of the expected final
/// scores (`final_scores`) from its own observation, in [0, 1].
pub fn evaluate_views(z: &Zones) -> Vec<f64> {
    let m = Market::new(z);
    let n = z.cfg.num_players;
    let values = m.prices(&m.values);
    let worth =
        |holding: &dyn Fn(usize) -> f64| sum((0..NUM_TYPES).map(|t| holding(t) * values[t]));
    (0..n)
        .map(|viewer| {
            let mine = &z.portfolios[viewer];
            let edge = m.edge(viewer);
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
            let total = sum(scores
                .iter()
                .map(|&s| ((s - me) / SCORE_SCALE).clamp(-50.0, 50.0).exp()));
            1.0 / total
        })
        .collect()
}
