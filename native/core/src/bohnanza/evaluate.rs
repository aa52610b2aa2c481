//! `heuristics.evaluate` of Bohnanza natively (issue 33 item 2): every seat's evaluation of
//! its own observation, read from the state where that observation would show it (pile
//! sizes, fields, trade areas, face-up cards, the seat's own treasury, the others' coins only
//! where treasuries are open or the game is over), with the floating-point operations in
//! Python's order, so a cut-off rollout scores a leaf bit for bit as the Python search does.

use super::greedy::time_left;
use super::state::{Zones, OVER};
use super::worth::{potential, Knobs};
use crate::pysum::sum;

/// `SCORE_SCALE`: coins of lead that make a win e times likelier.
const SCORE_SCALE: f64 = 2.5;

/// `[evaluate(observe(q)) for q in seats]`: each seat's soft-max of the expected final coins
/// (`final_scores`) from its own observation, in [0, 1].
pub fn evaluate_views(s: &Zones) -> Vec<f64> {
    let cfg = &s.cfg;
    let n = cfg.num_players;
    let k = Knobs::new(time_left(s));
    // what the fields will pay (public): `sum(potential(...) for f in fields if f["cards"])`
    let fields: Vec<f64> = (0..n)
        .map(|p| {
            sum(s.fields[p].iter().filter(|f| !f.is_empty()).map(|f| {
                let v = i32::from(cfg.variety(f[0]));
                potential(v, f.len() as i32, &k)
            }))
        })
        .collect();
    // `_visible_cards` but the viewer's treasury
    let mut visible = s.deck.len() + s.discard.len() + s.revealed.len() + s.offer_area.len();
    visible += s.faceup.iter().filter(|c| c.is_some()).count();
    for p in 0..n {
        visible += s.hands[p].len() + s.trade[p].len();
        visible += s.fields[p].iter().map(|f| f.len()).sum::<usize>();
    }
    let open = cfg.options.treasury_open || s.phase == OVER;
    let coins = |p: usize| s.treasury[p].len() as i64;
    (0..n)
        .map(|viewer| {
            let mut hidden = cfg.num_cards() as i64 - (visible + s.treasury[viewer].len()) as i64;
            if cfg.duel {
                let bought = (0..n).filter(|&p| p != viewer && s.third[p]).count();
                hidden -= 3 * bought as i64;
            }
            let others = (0..n).filter(|&p| p != viewer);
            let shown: i64 = if open { others.map(coins).sum() } else { 0 };
            let unknown = if open { 0 } else { n - 1 };
            let each = (hidden - shown).max(0);
            let share = if unknown > 0 {
                each as f64 / unknown as f64
            } else {
                0.0
            };
            let scores: Vec<f64> = (0..n)
                .map(|p| {
                    let c = if open || p == viewer {
                        coins(p) as f64
                    } else {
                        share
                    };
                    c + fields[p]
                })
                .collect();
            let me = scores[viewer];
            let total = sum(scores
                .iter()
                .map(|&x| f64::max(-50.0, (x - me) / SCORE_SCALE).exp()));
            1.0 / total
        })
        .collect()
}
