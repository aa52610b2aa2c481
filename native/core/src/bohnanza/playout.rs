//! Whole random games natively (issue 14): the uniform random policy of
//! `seedbed.lab.simulate.random_step` — the first seat on the move picks
//! `menu[rng.below(len(menu))]` — which is also the `rollout=random` policy of
//! `seedbed.bots.ismcts`. The generator advances exactly as in Python, so a native playout
//! ends in the state the Python loop reaches, seed for seed. No event is kept: one buffer is
//! reused and only the kinds are counted.

use super::game::{self, Outcome};
use super::menu::{legal_actions_into, Menu};
use super::rules::{Event, Events};
use super::state::*;
use super::trading::make_offer;
use crate::rng::{Rng, Seed};

/// `_POLICY_SALT` of `seedbed.lab.simulate`.
pub const POLICY_SALT: u64 = 0x005E_EDBE_D0C4_01CE; // 0x5EED_BED0_C401CE as Python writes it

/// The random policy's generator for the game dealt with `seed` (`policy_rng`).
pub fn policy_rng(seed: impl Into<Seed>) -> Rng {
    Rng::from_seed(seed.into().xor(POLICY_SALT)).spawn()
}

/// How many event kinds there are.
pub const KINDS: usize = 18;

/// Every event kind, in the order of [`Event`] (the duel's reveal is a `reveal`); counts are
/// indexed by [`Event::index`].
pub const EVENT_KINDS: [&str; KINDS] = [
    "turn",
    "exhaustion",
    "reshuffle",
    "reveal",
    "harvest",
    "plant",
    "buy-field",
    "end-trading",
    "draw",
    "end-planting",
    "leave-offer",
    "game-over",
    "discard",
    "offer",
    "accept",
    "decline",
    "withdraw",
    "pass",
];

impl Event {
    /// The position of this event's kind in [`EVENT_KINDS`].
    pub fn index(&self) -> usize {
        match self {
            Event::Turn { .. } => 0,
            Event::Exhaustion { .. } => 1,
            Event::Reshuffle { .. } => 2,
            Event::Reveal { .. } => 3,
            Event::DuelReveal { .. } => 3,
            Event::Harvest { .. } => 4,
            Event::Plant { .. } => 5,
            Event::BuyField { .. } => 6,
            Event::EndTrading { .. } => 7,
            Event::Draw { .. } => 8,
            Event::EndPlanting { .. } => 9,
            Event::LeaveOffer { .. } => 10,
            Event::GameOver { .. } => 11,
            Event::Discard { .. } => 12,
            Event::Offer { .. } => 13,
            Event::Accept { .. } => 14,
            Event::Decline { .. } => 15,
            Event::Withdraw { .. } => 16,
            Event::Pass { .. } => 17,
        }
    }

    /// The event's kind (`Event.kind` in Python).
    pub fn kind(&self) -> &'static str {
        EVENT_KINDS[self.index()]
    }
}

/// The first seat of `game::movers` (B-30), without building the list; None when over.
pub fn first_mover(s: &Zones) -> Option<usize> {
    let n = s.cfg.num_players;
    let mut order = (0..n).map(|k| (s.active + k) % n);
    match s.phase {
        TRADE => order.find(|&q| !s.passed[q]),
        PLANT_TRADED => order.find(|&q| !s.trade[q].is_empty()),
        OVER => None,
        _ => Some(s.active),
    }
}

/// Play `s` with the random policy until the game is over or `max_steps` actions were
/// played; returns the number played. `counts[k]` gains one per event of kind
/// `EVENT_KINDS[k]`.
pub fn playout(s: &mut Zones, rng: &mut Rng, max_steps: u64, counts: &mut [u64; KINDS]) -> u64 {
    let mut ev: Events = Vec::new();
    let mut menu = Menu::default();
    let mut steps = 0;
    while steps < max_steps {
        let Some(p) = first_mover(s) else { break };
        legal_actions_into(s, p, &mut menu);
        let i = rng.below(menu.len() as u64) as usize;
        match (i.checked_sub(menu.fixed.len()), &menu.offers) {
            // an offer: its record straight from the menu, no action in between
            (Some(k), Some(offers)) => make_offer(s, p, offers.record(s, p, k), &mut ev),
            _ => {
                let Some(action) = menu.take(i) else { break };
                game::effect(s, p, &action, &mut ev);
            }
        }
        for e in ev.drain(..) {
            counts[e.index()] += 1;
        }
        steps += 1;
    }
    steps
}

/// One game of `play_random_game`: dealt with `seed`, played with `policy_rng(seed)`.
pub struct GameResult {
    pub outcome: Outcome,
    pub steps: u64,
    pub counts: [u64; KINDS],
}

/// `play_random_game` for the game `s` dealt with `seed`, played with `policy_rng(seed)`;
/// Err when it does not end within `max_steps` actions (`MAX_STEPS` in Python).
pub fn simulate_one(
    mut s: Zones,
    seed: impl Into<Seed>,
    max_steps: u64,
) -> Result<GameResult, String> {
    let seed = seed.into();
    let mut rng = policy_rng(seed);
    let mut counts = [0; KINDS];
    let steps = playout(&mut s, &mut rng, max_steps, &mut counts);
    match game::outcome(&s) {
        Some(outcome) => Ok(GameResult {
            outcome,
            steps,
            counts,
        }),
        None => Err(format!("seed {seed}: no end after {steps} actions")),
    }
}

/// Play `s` with the greedy policy (`greedy::choose`, `heuristics.choose` in Python) at
/// every seat — the first seat on the move plays — until the game is over or `max_steps`
/// actions were played; returns the number played. `rng` draws exactly as the Python loop
/// `choose(state.observe(p), state.legal_actions(p), rng)` draws.
pub fn greedy_playout(s: &mut Zones, rng: &mut Rng, max_steps: u64) -> u64 {
    let mut ev: Events = Vec::new();
    let mut menu = Menu::default();
    let mut steps = 0;
    while steps < max_steps {
        let Some(p) = first_mover(s) else { break };
        legal_actions_into(s, p, &mut menu);
        let Some(action) = super::greedy::choose(s, p, &menu, rng) else {
            break;
        };
        game::effect(s, p, &action, &mut ev);
        ev.clear();
        steps += 1;
    }
    steps
}
