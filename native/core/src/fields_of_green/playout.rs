//! Whole random games natively with the uniform random policy of
//! `seedbed.lab.simulate.random_step` (the first seat on the move picks
//! `menu[rng.below(len(menu))]`), also ISMCTS's `rollout=random`.

use crate::rng::Seed;
use std::collections::BTreeMap;

use super::events::KindCounts;
use super::flow::first_mover;
use super::game;
use super::menu::Menus;
use super::scoring::Outcome;
use super::state::Zones;
pub use crate::bohnanza::playout::policy_rng;
use crate::rng::Rng;

/// Play `z` in place until the game is over or `max_steps` actions were played; returns how
/// many. Every event's kind is counted in `counts`; no event is built.
pub fn playout(
    z: &mut Zones,
    rng: &mut Rng,
    max_steps: u64,
    counts: &mut BTreeMap<&'static str, u64>,
) -> u64 {
    let mut steps = 0;
    let mut kinds = KindCounts::default();
    let mut menu = Menus::default(); // `legal_actions`, its buffers kept from step to step
    while !game::is_terminal(z) && steps < max_steps {
        let Some(p) = first_mover(z) else {
            break;
        };
        menu.fill(z, p);
        if menu.is_empty() {
            break;
        }
        let i = rng.below(menu.len() as u64) as usize;
        let Some(action) = menu.get(z, i) else {
            break;
        };
        menu.release();
        game::step(z, p, &action, &mut kinds);
        steps += 1;
    }
    for (kind, n) in kinds.0 {
        *counts.entry(kind).or_default() += n;
    }
    steps
}

/// One game of `play_random_game`.
pub struct GameResult {
    pub outcome: Outcome,
    pub steps: u64,
    pub counts: BTreeMap<&'static str, u64>,
}

/// `play_random_game` for the game `z` dealt with `seed`, played with `policy_rng(seed)`.
pub fn simulate_one(
    mut z: Zones,
    seed: impl Into<Seed>,
    max_steps: u64,
) -> Result<GameResult, String> {
    let seed = seed.into();
    let mut rng = policy_rng(seed);
    let mut counts = BTreeMap::new();
    let steps = playout(&mut z, &mut rng, max_steps, &mut counts);
    match game::outcome(&z) {
        Some(outcome) => Ok(GameResult {
            outcome,
            steps,
            counts,
        }),
        None => Err(format!("seed {seed}: no end after {steps} actions")),
    }
}
