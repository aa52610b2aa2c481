//! Fields of Green, ported from `src/seedbed/games/fields_of_green/` module for module:
//! `cards` (the card data, F-80 … F-88, read from its normalised JSON), `config`, `state`,
//! `farm` (F-27 … F-32, with what `geo.py` caches), `abilities` (the vocabulary interpreted
//! from the data), `resources`, `actions`, `upkeep`, `draft`, `build`, `equipment`,
//! `harvest`, `scoring`, `decisions`, `menu`, `flow`, `game`, `observe`, `playout` and
//! `trace` (parity at volume).

pub mod abilities;
pub mod actions;
pub mod build;
pub mod cards;
pub mod codes;
pub mod config;
pub mod decisions;
pub mod draft;
pub mod equipment;
pub mod events;
pub mod farm;
pub mod flow;
pub mod game;
pub mod greedy;
pub mod harvest;
pub mod menu;
pub mod observe;
pub mod playout;
pub mod resources;
pub mod scoring;
pub mod state;
pub mod trace;
pub mod upkeep;

pub use config::Config;
pub use events::Event;
pub use state::Zones;
