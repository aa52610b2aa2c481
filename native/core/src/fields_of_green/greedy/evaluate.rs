//! `heuristics.evaluate_all` of Fields of Green natively (issue 33 item 2): every seat's
//! soft-max of the expected final VP (`final_vp`), which reads public facts only (farms,
//! tokens, coins, food), with the floating-point operations in Python's order, so a cut-off
//! rollout scores a leaf bit for bit as the Python search does. Card designs come from the
//! game's own set, as the greedy policy's ([`super::prices_this_set`]).

use super::super::cards::{Timing, TOWER};
use super::super::state::{Zones, FINAL, HARVEST, OVER};
use super::prices::{cost_worth, effects_worth, pmax, tile_worth};
use super::view::Farm;
use crate::pysum::sum;

/// `SCORE_SCALE`: the VP lead that makes a win e times likelier.
const SCORE_SCALE: f64 = 5.0;

/// `final_vp(view["players"][p], year, phase)`: what seat p would score now plus what its
/// harvest engines should still yield.
pub fn final_vp(z: &Zones, p: usize) -> f64 {
    let farm = Farm::new(z, p);
    let held = farm.vp_tokens + farm.aside.len() as i64;
    let mut vp = (held + farm.coins.div_euclid(3) + farm.food.div_euclid(2)) as f64;
    let later = !matches!(z.phase, HARVEST | FINAL | OVER);
    let harvests = farm.years_left + i64::from(later);
    for s in &farm.spots {
        if s.kind == TOWER && s.water == 0 {
            vp += 1.0;
        }
        if !s.up {
            continue;
        }
        let Some(design) = farm.design(s) else {
            continue;
        };
        vp += design.vp as f64;
        let Some(ab) = design.ability.as_ref() else {
            continue;
        };
        let net = effects_worth(ab.effects, &farm, Some(s.cell))
            - cost_worth(ab.cost.as_ref(), &farm, Some(s.cell));
        match ab.timing {
            Timing::GameEnd => vp += pmax(0.0, net),
            Timing::Harvest => vp += pmax(0.0, net) * harvests as f64,
            _ => {}
        }
    }
    for s in &farm.spots {
        for &t in s.tiles {
            let tile = z.cfg.tile(i64::from(t));
            if tile.timing == Timing::GameEnd {
                vp += tile_worth(Some(tile), &farm, Some(s));
            }
        }
    }
    vp
}

/// `evaluate_all(view)`: every seat's evaluation, in [0, 1].
pub fn evaluate_all(z: &Zones) -> Vec<f64> {
    let scores: Vec<f64> = (0..z.cfg.num_players).map(|p| final_vp(z, p)).collect();
    scores
        .iter()
        .map(|&me| {
            let total = sum(scores
                .iter()
                .map(|&s| ((s - me) / SCORE_SCALE).clamp(-50.0, 50.0).exp()));
            1.0 / total
        })
        .collect()
}
