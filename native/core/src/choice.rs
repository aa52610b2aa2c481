//! The greedy policies' last step, shared by the games: the best-scored moves (within 1e-9 of
//! the top) and one of them at random, as the heuristics' `max` and `rng.choice` do.

use crate::rng::Rng;

/// Python's `max(a, b)` for floats: `b` only when it is strictly greater (a NaN never wins).
pub fn pmax(a: f64, b: f64) -> f64 {
    if b > a {
        b
    } else {
        a
    }
}

/// One of the moves scored within 1e-9 of the best, drawn by `rng` only when there are
/// several (so a lone best draws nothing, as the Python policies); None for no move.
pub fn best_at_random<A>(scored: Vec<(f64, A)>, rng: &mut Rng) -> Option<A> {
    let top = scored.iter().map(|(s, _)| *s).fold(f64::NEG_INFINITY, pmax);
    let mut best: Vec<A> = scored
        .into_iter()
        .filter(|(s, _)| *s >= top - 1e-9)
        .map(|(_, a)| a)
        .collect();
    if best.is_empty() {
        return None;
    }
    let k = if best.len() > 1 {
        rng.below(best.len() as u64) as usize
    } else {
        0
    };
    Some(best.swap_remove(k))
}
