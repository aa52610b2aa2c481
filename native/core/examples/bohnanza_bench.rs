//! Figures for profiling, never assertions: whole random 4-player games per second (with
//! and without offers) and the cost of `Zones::clone` on mid-game states, natively.
//!
//! `cargo run --release --example bohnanza_bench [seconds]`; under `perf record -g` it is the
//! workload to look at (`BENCH=offers|lean|clone` runs one part only; `BENCH_GAMES=n` plays
//! n games per variant whatever the time, a fixed workload for `valgrind --tool=callgrind`,
//! whose instruction counts do not depend on the machine's load).

use seedbed_core::rng::Rng;
use std::time::{Duration, Instant};

use seedbed_core::bohnanza::menu::legal_actions;
use seedbed_core::bohnanza::playout::{first_mover, simulate_one};
use seedbed_core::bohnanza::{game, rules, Options, Zones};

fn options(max_offers: u32) -> Options {
    Options {
        max_offers: Some(max_offers),
        ..Options::default()
    }
}

/// Whole games per second for `seconds` (or `BENCH_GAMES` games).
fn games_per_second(max_offers: u32, seconds: f64) -> f64 {
    let most: u64 = std::env::var("BENCH_GAMES").map_or(u64::MAX, |x| x.parse().expect("games"));
    let seconds = if most < u64::MAX { f64::MAX } else { seconds };
    let cfg = rules::new_state(4, 0, options(max_offers))
        .expect("state")
        .cfg;
    let start = Instant::now();
    let mut games = 0u64;
    while games < most && start.elapsed() < Duration::from_secs_f64(seconds.min(1e9)) {
        let s = rules::setup(cfg.clone(), Rng::new(games));
        simulate_one(s, games, u64::MAX).expect("ends");
        games += 1;
    }
    games as f64 / start.elapsed().as_secs_f64()
}

/// Every 8th state of the middle half of a few random games (as `lab.bench` takes them).
fn midgame_states(max_offers: u32) -> Vec<Zones> {
    let mut out = Vec::new();
    for seed in 0..4 {
        let mut s = rules::new_state(4, seed, options(max_offers)).expect("state");
        let mut rng = seedbed_core::bohnanza::playout::policy_rng(seed);
        let mut snaps = Vec::new();
        let mut steps = 0;
        while let Some(p) = first_mover(&s) {
            if steps % 8 == 0 {
                snaps.push(s.clone());
            }
            let menu = legal_actions(&s, p);
            let a = menu
                .get(rng.below(menu.len() as u64) as usize)
                .expect("item");
            game::apply(&mut s, p as i64, &a).expect("legal");
            steps += 1;
        }
        let q = snaps.len() / 4;
        out.extend(snaps.drain(q..snaps.len() - q));
    }
    out
}

/// Nanoseconds per clone (round robin over `states`) and mean bytes per state.
fn clone_cost(states: &[Zones], seconds: f64) -> (f64, usize) {
    let start = Instant::now();
    let mut clones = 0u64;
    let mut sink = 0usize;
    while start.elapsed() < Duration::from_secs_f64(seconds) {
        for s in states {
            let c = std::hint::black_box(s).clone();
            sink = sink.wrapping_add(std::hint::black_box(&c).turn as usize);
        }
        clones += states.len() as u64;
    }
    std::hint::black_box(sink);
    let bytes = states.iter().map(Zones::memory_bytes).sum::<usize>() / states.len();
    (1e9 * start.elapsed().as_secs_f64() / clones as f64, bytes)
}

fn main() {
    let seconds: f64 = std::env::args()
        .nth(1)
        .map_or(2.0, |x| x.parse().expect("seconds"));
    let part = std::env::var("BENCH").unwrap_or_default();
    let run = |name: &str| part.is_empty() || part == name;
    if run("lean") {
        println!("games/s max_offers=0: {:.0}", games_per_second(0, seconds));
    }
    if run("offers") {
        println!("games/s max_offers=6: {:.0}", games_per_second(6, seconds));
    }
    if run("clone") {
        for max_offers in [0, 6] {
            let states = midgame_states(max_offers);
            let (ns, bytes) = clone_cost(&states, seconds);
            println!("clone max_offers={max_offers}: {ns:.0} ns, {bytes} B per state");
            let trading: Vec<Zones> = states
                .into_iter()
                .filter(|s| !s.offers.is_empty())
                .collect();
            if !trading.is_empty() {
                let (ns, _) = clone_cost(&trading, seconds);
                println!("clone max_offers={max_offers}, offers out: {ns:.0} ns");
            }
        }
    }
}
