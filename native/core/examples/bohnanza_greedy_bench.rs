//! Figures for profiling, never assertions: whole 4-player Bohnanza games with the greedy
//! policy at every seat (`greedy_playout`, offers on), natively, and a fingerprint of their
//! final states and generators (equal before and after a change of the policy's speed: the
//! same moves and draws).
//!
//! `cargo run --release --example bohnanza_greedy_bench [seconds]`; `BENCH_GAMES=n` plays n
//! games whatever the time (a fixed workload for `valgrind --tool=callgrind`);
//! `BENCH_PLAYERS=k` seats k players (4 by default).

use std::hash::{DefaultHasher, Hash, Hasher};
use std::time::{Duration, Instant};

use seedbed_core::bohnanza::playout::greedy_playout;
use seedbed_core::bohnanza::{rules, Options};
use seedbed_core::rng::Rng;

fn main() {
    let seconds: f64 = std::env::args()
        .nth(1)
        .map_or(2.0, |s| s.parse().expect("seconds"));
    let most: u64 = std::env::var("BENCH_GAMES").map_or(u64::MAX, |x| x.parse().expect("games"));
    let players: usize = std::env::var("BENCH_PLAYERS").map_or(4, |x| x.parse().expect("players"));
    let mut fingerprint = DefaultHasher::new();
    let start = Instant::now();
    let (mut games, mut steps) = (0u64, 0u64);
    while games < most && (most < u64::MAX || start.elapsed() < Duration::from_secs_f64(seconds)) {
        let mut s = rules::new_state(players, games, Options::default()).expect("state");
        let mut rng = Rng::new(games);
        steps += greedy_playout(&mut s, &mut rng, u64::MAX);
        s.key().hash(&mut fingerprint);
        rng.state_hex().hash(&mut fingerprint);
        games += 1;
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "bohnanza {players}p greedy: {:.0} games/s, {:.2} µs an action, {games} games, \
         {steps} actions, fingerprint {:016x}",
        games as f64 / secs,
        secs * 1e6 / steps as f64,
        fingerprint.finish()
    );
}
