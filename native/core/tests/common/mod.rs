//! What the native integration tests share.

use seedbed_core::bohnanza::{Edition, Options};

/// Every configuration the native game-loop tests play (the editions' player counts, each
/// with `max_offers` 6 / 0 / 2 with all positions): `(players, options)`.
pub fn configurations() -> Vec<(usize, Options)> {
    let mut out = Vec::new();
    for (edition, counts) in [(Edition::Standard, 2..=7), (Edition::Classic, 3..=5)] {
        for n in counts {
            for (max_offers, all_positions) in [(Some(6), false), (Some(0), false), (Some(2), true)]
            {
                let options = Options {
                    edition,
                    max_offers,
                    all_positions,
                    ..Options::default()
                };
                out.push((n, options));
            }
        }
    }
    out
}
