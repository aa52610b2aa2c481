//! What happens by itself between two decisions (F-7), `flow.py`: effects on the stack run,
//! decisions with exactly one choice are made automatically, and the phases move on until
//! some player has a real choice.

use super::abilities::apply_effect;
use super::decisions;
use super::draft::{commit_step, committers, committing, pick_step, resolve_step};
use super::equipment::draw_tiles;
use super::events::Log;
use super::harvest::harvest_step;
use super::menu::{decision_count, has_final_choice};
use super::scoring::final_step;
use super::state::{
    Zones, COMMIT, DRAW, FINAL, F_EFFECTS, F_GAIN, HARVEST, OVER, PICK, RESOLVE, UPKEEP,
};
use super::upkeep::draw_step;

/// Work the decision stack down; false when a player must decide, true when empty.
fn run_stack(z: &mut Zones, ev: &mut impl Log) -> bool {
    while let Some(frame) = z.stack.last_mut() {
        match frame[0] {
            F_EFFECTS => {
                let (list, next) = (frame[3] as usize, frame[4] as usize);
                if next >= z.cfg.lists[list].len() {
                    z.stack.pop();
                    continue;
                }
                frame[4] += 1;
                let (p, src) = (frame[1] as usize, frame[2] as i32);
                let cfg = z.cfg.clone();
                apply_effect(z, p, src, &cfg.lists[list][next], ev);
            }
            F_GAIN => {
                if frame[2] <= 0 {
                    z.stack.pop();
                    continue;
                }
                frame[2] -= 1;
                let p = frame[1] as usize;
                draw_tiles(z, p, ev);
            }
            _ => {
                let p = frame[1] as usize;
                let frame = z.stack.last().map(Vec::as_slice).unwrap_or_default();
                let (choices, first) = decision_count(z, frame);
                if choices > 1 {
                    return false;
                }
                // F-7: exactly one choice is made automatically
                let Some(only) = first else {
                    return false;
                };
                decisions::effect(z, p, &only, ev);
            }
        }
    }
    true
}

/// Run until a player has a decision or the game is over.
pub fn advance(z: &mut Zones, ev: &mut impl Log) {
    while run_stack(z, ev) {
        match z.phase {
            UPKEEP => {
                z.phase = DRAW;
                z.pos = 0;
            }
            DRAW => {
                if draw_step(z, ev) {
                    return;
                }
            }
            COMMIT => {
                if commit_step(z, ev) {
                    return;
                }
            }
            RESOLVE => {
                if resolve_step(z) {
                    return;
                }
            }
            PICK => {
                if pick_step(z, ev) {
                    return;
                }
            }
            HARVEST => {
                if harvest_step(z, ev) {
                    return;
                }
            }
            FINAL => {
                if final_step(z, ev, has_final_choice) {
                    return;
                }
            }
            _ => {
                debug_assert!(z.phase == OVER);
                return;
            }
        }
    }
}

/// Who is on the move, in driver order (F-7).
pub fn movers(z: &Zones) -> Vec<usize> {
    if let Some(frame) = z.stack.last() {
        return vec![frame[1] as usize];
    }
    match z.phase {
        OVER => Vec::new(),
        COMMIT => committers(z),
        _ => vec![z.actor()],
    }
}

/// The first of `movers`, without collecting them.
pub fn first_mover(z: &Zones) -> Option<usize> {
    if let Some(frame) = z.stack.last() {
        return Some(frame[1] as usize);
    }
    match z.phase {
        OVER => None,
        COMMIT => committing(z).next(),
        _ => Some(z.actor()),
    }
}
