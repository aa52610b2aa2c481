//! Whole random games natively: the uniform random policy of
//! `seedbed.lab.simulate.random_step` — the first seat on the move picks
//! `menu[rng.below(len(menu))]` — which is also the `rollout=random` policy of
//! `seedbed.bots.ismcts`. The generator advances exactly as in Python, so a native playout
//! ends in the state the Python loop reaches, seed for seed.

use crate::rng::Seed;
use std::collections::BTreeMap;

use super::game;
use super::menu::Menu;
use super::rules::KindCounts;
use super::scoring::Outcome;
use super::state::Zones;
use super::upkeep::crash_triggers;
pub use crate::bohnanza::playout::policy_rng;
use crate::rng::Rng;

/// Play `z` in place until the game is over or `max_steps` actions were played; returns how
/// many. Every event's kind is counted in `counts`; no event is built (`KindCounts`).
pub fn playout(
    z: &mut Zones,
    rng: &mut Rng,
    max_steps: u64,
    counts: &mut BTreeMap<&'static str, u64>,
) -> u64 {
    let mut steps = 0;
    let mut kinds = KindCounts::default();
    while !z.over && steps < max_steps {
        let menu = Menu::new(z);
        let i = rng.below(menu.len() as u64) as usize;
        let Some(action) = menu.get(z, i) else {
            break; // a menu item always exists (S-28: End is always there when nothing else)
        };
        game::effect(z, &action, &mut kinds);
        steps += 1;
    }
    for (kind, n) in kinds.0 {
        *counts.entry(kind).or_default() += n;
    }
    steps
}

/// One game of `play_random_game`: dealt with `seed`, played with `policy_rng(seed)`.
pub struct GameResult {
    pub outcome: Outcome,
    pub steps: u64,
    pub counts: BTreeMap<&'static str, u64>,
    /// S-38: the triggers that ended the game (1, 2) and the turns completed, what the
    /// declared `ending` reads from the final observation.
    pub triggers: Vec<i64>,
    pub turns: i64,
}

/// `play_random_game` for the game `z` dealt with `seed`, played with `policy_rng(seed)`;
/// Err when it does not end within `max_steps` actions (`MAX_STEPS` in Python).
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
            triggers: crash_triggers(z.crash),
            turns: z.turns,
        }),
        None => Err(format!("seed {seed}: no end after {steps} actions")),
    }
}
