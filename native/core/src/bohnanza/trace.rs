//! A Bohnanza game's parity trace (`crate::trace`): the game `seed` deals, played with the
//! random policy of `seedbed.lab.simulate` exactly as [`super::playout`] plays it, with the
//! state's `key()`, the menu and the events written into the digest at every step.

use serde_json::{json, Value};

use super::game;
use super::menu::{legal_actions_into, Menu};
use super::playout::{first_mover, policy_rng};
use super::rules::{self, Event, Events};
use super::state::Zones;
use super::trading::make_offer;
use crate::rng::{Rng, Seed};
use crate::trace::Trace;

/// The events as compact JSON text: a list of `[kind, public, private, private_to]`, what
/// `apply_json` returns and Python's events give as JSON.
pub fn events_json(s: &Zones, events: &[Event]) -> String {
    let out: Vec<Value> = events
        .iter()
        .map(|e| {
            let e = e.to_json(&s.cfg);
            json!([e.kind, e.public, e.private, e.private_to])
        })
        .collect();
    Value::from(out).to_string()
}

/// One game's trace: (actions played, digest, whether it ended). Stops after `cap` actions
/// when given (the move cap of `max_offers` null, B-47).
pub fn trace_one(mut s: Zones, seed: impl Into<Seed>, cap: Option<u64>) -> (u64, String, bool) {
    let mut rng = policy_rng(seed);
    let mut trace = Trace::default();
    let mut ev: Events = Vec::new();
    let mut menu = Menu::default();
    while cap.is_none_or(|c| trace.steps < c) {
        let Some(p) = first_mover(&s) else { break };
        legal_actions_into(&s, p, &mut menu);
        let i = rng.below(menu.len() as u64) as usize;
        trace.before(&s.key(), p, menu.len(), i);
        match (i.checked_sub(menu.fixed.len()), &menu.offers) {
            (Some(k), Some(offers)) => {
                let record = offers.record(&s, p, k);
                make_offer(&mut s, p, record, &mut ev);
            }
            _ => {
                let Some(action) = menu.take(i) else { break };
                game::effect(&mut s, p, &action, &mut ev);
            }
        }
        trace.events(&events_json(&s, &ev));
        ev.clear();
    }
    let over = game::outcome(&s).is_some();
    let steps = trace.steps;
    (steps, trace.finish(&s.key()), over)
}

/// [`trace_one`] for a game dealt by `rules::setup`.
pub fn trace_seed(
    cfg: std::sync::Arc<super::Config>,
    seed: impl Into<Seed>,
    cap: Option<u64>,
) -> (u64, String, bool) {
    let seed = seed.into();
    trace_one(rules::setup(cfg, Rng::from_seed(seed)), seed, cap)
}
