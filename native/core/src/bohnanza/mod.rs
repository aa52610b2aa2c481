//! Bohnanza, ported from `src/seedbed/games/bohnanza/` module for module: `cards` (static
//! tables, B-7, B-8, B-13), `state` (the zones of B-11), `rules` (setup, drawing, the turn's
//! phase changes). Menus, actions, trading, observe and determinize are still to come.

pub mod cards;
pub mod rules;
pub mod state;

pub use cards::{Config, Edition, Options};
pub use rules::{new_state, Event};
pub use state::Zones;
