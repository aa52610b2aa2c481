//! The greedy policy of `heuristics.py` natively, choice for choice and draw for draw: the
//! best-scoring action of the (sampled) menu, ties within 1e-9 of the top broken with one
//! `rng.below` (none when one action is best or the menu has one action). It reads the
//! state directly, but only what player p's observation shows (`view`: p's farm and
//! resources; `score`: p's hand, the display, p's revealed card, p's set-aside tiles and the
//! decision on top of the stack as p sees it), never another player's hidden cards or an
//! order of the stacks. `greedy_playout` plays whole games with it at every seat.
//!
//! Card designs come from the game's own card set, where the Python heuristics look them up
//! in the shipped set: the two agree when the game uses the shipped set (`prices_this_set`);
//! the Python wrapper falls back to the Python policy otherwise.

pub mod evaluate;
mod memo;
mod prices;
mod score;
mod view;

use super::actions::Action;
use super::config::Config;
use super::events::KindCounts;
use super::flow::first_mover;
use super::game;
use super::menu::legal_actions;
use super::state::Zones;
use crate::choice::best_at_random;
use crate::rng::Rng;
use memo::Memo;

/// Whether the game is played with the shipped card set, the one the Python heuristics price
/// (they look designs up in it by id): only then is `choose` the Python policy.
pub fn prices_this_set(cfg: &Config) -> bool {
    cfg.options.get("cards").and_then(|c| c.as_str()) == Some("original")
}

/// Menu entries scored per decision at most (`heuristics.MAX_SCAN`).
pub const MAX_SCAN: usize = 400;

/// The indices of the menu entries scored (`heuristics._sample`): all of a short menu; an
/// evenly spaced sample of a long one, with its last 8 entries.
pub fn sample(n: usize) -> Vec<usize> {
    if n <= MAX_SCAN {
        return (0..n).collect();
    }
    let step = n as f64 / MAX_SCAN as f64;
    let mut picks: Vec<usize> = (0..MAX_SCAN)
        .map(|i| (i as f64 * step) as usize)
        .chain(n.saturating_sub(8)..n)
        .collect();
    picks.sort_unstable();
    picks.dedup();
    picks
}

/// `heuristics.choose(z.observe(p), legal_actions(p), rng)`; None when p has no action.
pub fn choose(z: &Zones, p: usize, rng: &mut Rng) -> Option<Action> {
    choose_with(z, p, rng, None)
}

/// `choose` with p's build prices kept from its earlier decisions (`memo::Memo`: the same
/// prices, not computed again while p's farm is unchanged).
fn choose_with(z: &Zones, p: usize, rng: &mut Rng, memo: Option<&mut Memo>) -> Option<Action> {
    let menu = legal_actions(z, p);
    let n = menu.len();
    if n <= 1 {
        return menu.get(z, 0);
    }
    let mut ctx = score::Ctx::new(z, p, memo);
    if n <= MAX_SCAN {
        // every entry, listed at once (`Menu::items`: the same actions in the same order)
        let scored = menu
            .items(z)
            .into_iter()
            .map(|a| (score::score(&mut ctx, &a), a))
            .collect();
        return best_at_random(scored, rng);
    }
    let mut scored = Vec::with_capacity(MAX_SCAN + 8);
    for i in sample(n) {
        let a = menu.get(z, i)?;
        scored.push((score::score(&mut ctx, &a), a));
    }
    best_at_random(scored, rng)
}

/// Play `z` in place with `choose` at every seat (the first seat on the move, as `playout`)
/// until the game is over or `max_steps` actions were played; returns how many.
pub fn greedy_playout(z: &mut Zones, rng: &mut Rng, max_steps: u64) -> u64 {
    let mut steps = 0;
    let mut kinds = KindCounts::default();
    let mut memos = vec![Memo::default(); z.cfg.num_players];
    while !game::is_terminal(z) && steps < max_steps {
        let Some(p) = first_mover(z) else {
            break;
        };
        let Some(action) = choose_with(z, p, rng, memos.get_mut(p)) else {
            break;
        };
        game::step(z, p, &action, &mut kinds);
        steps += 1;
    }
    steps
}

#[cfg(test)]
mod tests {
    use super::sample;

    /// (n, length, first 6, last 12, sum).
    type Sampled = (usize, usize, [usize; 6], [usize; 12], usize);

    /// `heuristics._sample(range(n))` as Python gives it: (n, length, first 6, last 12, sum).
    #[test]
    fn long_menus_are_sampled_as_python_samples_them() {
        let python: [Sampled; 4] = [
            (
                400,
                400,
                [0, 1, 2, 3, 4, 5],
                [388, 389, 390, 391, 392, 393, 394, 395, 396, 397, 398, 399],
                79800,
            ),
            (
                401,
                401,
                [0, 1, 2, 3, 4, 5],
                [389, 390, 391, 392, 393, 394, 395, 396, 397, 398, 399, 400],
                80200,
            ),
            (
                977,
                405,
                [0, 2, 4, 7, 9, 12],
                [959, 962, 964, 967, 969, 970, 971, 972, 973, 974, 975, 976],
                199577,
            ),
            (
                5000,
                408,
                [0, 12, 25, 37, 50, 62],
                [
                    4950, 4962, 4975, 4987, 4992, 4993, 4994, 4995, 4996, 4997, 4998, 4999,
                ],
                1037364,
            ),
        ];
        for (n, len, first, last, sum) in python {
            let s = sample(n);
            assert_eq!(s.len(), len, "{n}");
            assert_eq!(s[..6], first, "{n}");
            assert_eq!(s[len - 12..], last, "{n}");
            assert_eq!(s.iter().sum::<usize>(), sum, "{n}");
        }
    }
}
