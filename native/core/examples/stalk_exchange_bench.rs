//! Figures for profiling, never assertions: whole random 3-player Stalk Exchange games per
//! second and the cost of `Zones::clone`, natively.
//!
//! `cargo run --release --example stalk_exchange_bench [seconds]`; `BENCH_GAMES=n` plays n
//! games whatever the time (a fixed workload for `valgrind --tool=callgrind` or `perf`).

use std::time::{Duration, Instant};

use seedbed_core::rng::Rng;
use seedbed_core::stalk_exchange::{new_state, playout::simulate_one, rules, Zones};
use serde_json::Value;

fn main() {
    let seconds: f64 = std::env::args()
        .nth(1)
        .map_or(2.0, |s| s.parse().expect("seconds"));
    let most: u64 = std::env::var("BENCH_GAMES").map_or(u64::MAX, |x| x.parse().expect("games"));
    let cfg = new_state(3, 0, &Value::Null).expect("state").cfg;
    let start = Instant::now();
    let (mut games, mut steps) = (0u64, 0u64);
    while games < most && (most < u64::MAX || start.elapsed() < Duration::from_secs_f64(seconds)) {
        // as `stalk_exchange_simulate` deals: one configuration for every game
        let mut z = Zones::init_empty(cfg.clone(), Rng::new(games));
        rules::setup(&mut z);
        steps += simulate_one(z, games, u64::MAX).expect("ends").steps;
        games += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "stalk_exchange 3p: {:.0} games/s, {:.0} actions/s ({games} games)",
        games as f64 / secs,
        steps as f64 / secs
    );
    if most < u64::MAX {
        return; // a fixed workload: games only
    }
    let z = new_state(3, 7, &Value::Null).expect("state");
    let start = Instant::now();
    let mut n = 0u64;
    while start.elapsed() < Duration::from_secs_f64(0.5) {
        for _ in 0..1000 {
            std::hint::black_box(z.clone());
        }
        n += 1000;
    }
    println!(
        "clone: {:.0} ns",
        start.elapsed().as_secs_f64() * 1e9 / n as f64
    );
}
