//! seedbed-core: the rules of seedbed's games in pure Rust (no Python), identical seed for seed to
//! the Python reference in `src/seedbed/games/` (the executable specification).

pub mod bohnanza;
pub mod choice;
pub mod encode;
pub mod few;
pub mod fields_of_green;
pub mod interface;
pub mod pysum;
pub mod rng;
pub mod search;
pub mod shared;
pub mod stalk_exchange;
pub mod trace;
