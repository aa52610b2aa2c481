//! Figures for profiling, never assertions: whole 4-player Fields of Green games with the
//! greedy policy at every seat (`greedy_playout`) on the shipped card set, natively, and a
//! fingerprint of their final states and generators (equal before and after a change of the
//! policy's speed: the same moves and draws).
//!
//! `cargo run --release --example fields_of_green_greedy_bench [seconds]`; `BENCH_GAMES=n`
//! plays n games whatever the time (a fixed workload for `valgrind --tool=callgrind`);
//! `BENCH_PLAYERS=k` seats k players (4 by default).

use std::hash::{DefaultHasher, Hash, Hasher};
use std::sync::Arc;
use std::time::{Duration, Instant};

use seedbed_core::fields_of_green::greedy::greedy_playout;
use seedbed_core::fields_of_green::{game, Config};
use seedbed_core::rng::Rng;
use serde_json::{json, Value};

fn main() {
    let seconds: f64 = std::env::args()
        .nth(1)
        .map_or(2.0, |s| s.parse().expect("seconds"));
    let most: u64 = std::env::var("BENCH_GAMES").map_or(u64::MAX, |x| x.parse().expect("games"));
    let players: usize = std::env::var("BENCH_PLAYERS").map_or(4, |x| x.parse().expect("players"));
    let text = include_str!("../tests/data/fields_of_green_original_cards.json");
    let cards: Value = serde_json::from_str(text).expect("card data");
    let options = json!({"ruleset": "published", "introductory": false, "cards": "original"});
    let cfg = Arc::new(Config::new(players, &options, &cards).expect("config"));
    let mut fingerprint = DefaultHasher::new();
    let start = Instant::now();
    let (mut games, mut steps) = (0u64, 0u64);
    while games < most && (most < u64::MAX || start.elapsed() < Duration::from_secs_f64(seconds)) {
        let mut z = game::new_state(cfg.clone(), Rng::new(games));
        let mut rng = Rng::new(games);
        steps += greedy_playout(&mut z, &mut rng, u64::MAX);
        z.key().hash(&mut fingerprint);
        rng.state_hex().hash(&mut fingerprint);
        games += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "fields_of_green {players}p greedy: {:.0} games/s, {:.2} µs an action, {games} games, \
         {steps} actions, fingerprint {:016x}",
        games as f64 / secs,
        secs * 1e6 / steps as f64,
        fingerprint.finish()
    );
}
