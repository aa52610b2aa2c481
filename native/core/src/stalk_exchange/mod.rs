//! Stalk Exchange, ported from `src/seedbed/games/stalk_exchange/` module for module: `config`
//! (S-2, S-3, S-7), `hexgrid` (S-11, S-12), `state` (the zones of S-8 … S-18), `rules` (setup
//! and the action phase, S-19 … S-28, S-37), `upkeep` (S-29 … S-39), `actions`, `game` (the
//! dispatch), `events` (what happened, typed), `menu` (S-28), `observe` (S-45 … S-48),
//! `scoring` (S-41 … S-44) and `playout`
//! (whole random games with the policy of `seedbed.lab.simulate`).

pub mod actions;
pub mod config;
pub mod evaluate;
pub mod events;
pub mod game;
pub mod greedy;
pub mod hexgrid;
pub mod market;
pub mod menu;
pub mod observe;
pub mod playout;
pub mod rules;
pub mod scoring;
pub mod state;
pub mod trace;
pub mod upkeep;

pub use config::Config;
pub use rules::{new_state, Event};
pub use state::Zones;
