//! A Fields of Green game's parity trace (`crate::trace`): the game `seed` deals under a
//! configuration, played with the random policy of `seedbed.lab.simulate` exactly as
//! [`super::playout`] plays it (the first seat of `to_move()` picks
//! `menu[rng.below(len(menu))]`; in the commit of 3–4 players, F-46, where every seat still
//! to commit is on the move at once, that is the first of them in driver order), with
//! the state's `key()`, the menu's length and the events' JSON written into the digest at
//! every step: what the State API shows, whatever the engine does inside.

use crate::rng::Seed;
use serde_json::Value;

use super::events::{Event, Events};
use super::flow::movers;
use super::game;
use super::menu::legal_actions;
use super::playout::policy_rng;
use super::state::Zones;
use crate::trace::Trace;

/// The events as compact JSON text (a list of `[kind, public, private, private_to]`), what
/// `apply_json` returns.
pub fn events_json(events: &[Event]) -> String {
    let out: Vec<Value> = events.iter().map(Event::to_json).collect();
    Value::from(out).to_string()
}

/// One game's trace: (actions played, digest, whether it ended), stopping after `cap`
/// actions when given.
pub fn trace_one(mut z: Zones, seed: impl Into<Seed>, cap: Option<u64>) -> (u64, String, bool) {
    let mut rng = policy_rng(seed);
    let mut trace = Trace::default();
    let mut ev = Events::new();
    while !game::is_terminal(&z) && cap.is_none_or(|c| trace.steps < c) {
        let Some(&p) = movers(&z).first() else {
            break;
        };
        let menu = legal_actions(&z, p);
        if menu.is_empty() {
            break; // a seat on the move always has a move (F-7); Python would fail here
        }
        let i = rng.below(menu.len() as u64) as usize;
        trace.before(&z.key(), p, menu.len(), i);
        let Some(action) = menu.get(&z, i) else {
            break;
        };
        game::step(&mut z, p, &action, &mut ev);
        trace.events(&events_json(&ev));
        ev.clear();
    }
    let steps = trace.steps;
    (steps, trace.finish(&z.key()), game::is_terminal(&z))
}
