//! Bohnanza, ported from `src/seedbed/games/bohnanza/` module for module: `cards` (static
//! tables, B-7, B-8, B-13), `state` (the zones of B-11), `rules` (setup, drawing, the turn's
//! phase changes). `actions`, `game` (the dispatch), `trading`, `menu`, `observe` (the
//! observation per viewer and determinize).

pub mod actions;
pub mod cards;
pub mod codes;
pub mod evaluate;
pub mod game;
pub mod give;
pub mod greedy;
pub mod greedy_trade;
pub mod menu;
pub mod observe;
pub mod playout;
pub mod rules;
pub mod state;
pub mod trace;
pub mod trading;
pub mod worth;

pub use cards::{Config, Edition, Options};
pub use rules::{new_state, Event};
pub use state::Zones;
