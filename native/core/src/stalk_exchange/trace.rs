//! A Stalk Exchange game's parity trace (`crate::trace`): the game `seed` deals, played with
//! the random policy of `seedbed.lab.simulate` exactly as [`super::playout`] plays it, with
//! the state's `key()`, the menu and the events written into the digest at every step.

use crate::rng::Seed;
use serde_json::Value;

use super::game;
use super::menu::Menu;
use super::playout::policy_rng;
use super::rules::Event;
use super::state::Zones;
use crate::trace::Trace;

/// The events as compact JSON text, what `apply_json` returns.
pub fn events_json(events: &[Event]) -> String {
    let out: Vec<Value> = events.iter().map(Event::to_json).collect();
    Value::from(out).to_string()
}

/// One game's trace: (actions played, digest, whether it ended), stopping after `cap`
/// actions when given.
pub fn trace_one(mut z: Zones, seed: impl Into<Seed>, cap: Option<u64>) -> (u64, String, bool) {
    let mut rng = policy_rng(seed);
    let mut trace = Trace::default();
    let mut ev = Vec::new();
    while !z.over && cap.is_none_or(|c| trace.steps < c) {
        let Some(&p) = game::movers(&z).first() else {
            break;
        };
        let menu = Menu::new(&z);
        let i = rng.below(menu.len() as u64) as usize;
        trace.before(&z.key(), p, menu.len(), i);
        let Some(action) = menu.get(&z, i) else {
            break; // a menu item always exists (S-28)
        };
        game::effect(&mut z, &action, &mut ev);
        trace.events(&events_json(&ev));
        ev.clear();
    }
    let steps = trace.steps;
    (steps, trace.finish(&z.key()), z.over)
}
