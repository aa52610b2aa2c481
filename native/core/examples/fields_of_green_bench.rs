//! Figures for profiling, never assertions: whole random 3-player Fields of Green games per
//! second on the shipped card set (its normalised JSON in `tests/data`) and the cost of
//! `Zones::clone`, natively.
//!
//! `cargo run --release --example fields_of_green_bench [seconds]`; `BENCH_GAMES=n` plays n
//! games whatever the time (a fixed workload for `valgrind --tool=callgrind` or `perf`).

use seedbed_core::rng::Rng;
use std::sync::Arc;
use std::time::{Duration, Instant};

use seedbed_core::fields_of_green::{game, playout::simulate_one, Config};
use serde_json::{json, Value};

fn main() {
    let seconds: f64 = std::env::args()
        .nth(1)
        .map_or(2.0, |s| s.parse().expect("seconds"));
    let most: u64 = std::env::var("BENCH_GAMES").map_or(u64::MAX, |x| x.parse().expect("games"));
    let text = include_str!("../tests/data/fields_of_green_original_cards.json");
    let cards: Value = serde_json::from_str(text).expect("card data");
    let options = json!({"ruleset": "published", "introductory": false, "cards": "original"});
    let cfg = Arc::new(Config::new(3, &options, &cards).expect("config"));
    let start = Instant::now();
    let (mut games, mut steps) = (0u64, 0u64);
    while games < most && (most < u64::MAX || start.elapsed() < Duration::from_secs_f64(seconds)) {
        let z = game::new_state(cfg.clone(), Rng::new(games));
        steps += simulate_one(z, games, u64::MAX).expect("ends").steps;
        games += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "fields_of_green 3p: {:.0} games/s, {:.0} actions/s ({games} games)",
        games as f64 / secs,
        steps as f64 / secs
    );
    if most < u64::MAX {
        return;
    }
    let mut z = game::new_state(cfg.clone(), Rng::new(7));
    let mut rng = seedbed_core::rng::Rng::new(7);
    let mut counts = Default::default();
    seedbed_core::fields_of_green::playout::playout(&mut z, &mut rng, 90, &mut counts);
    let start = Instant::now();
    let mut n = 0u64;
    while start.elapsed() < Duration::from_secs_f64(0.5) {
        for _ in 0..1000 {
            std::hint::black_box(z.clone());
        }
        n += 1000;
    }
    println!(
        "clone (mid-game): {:.0} ns",
        start.elapsed().as_secs_f64() * 1e9 / n as f64
    );
}
