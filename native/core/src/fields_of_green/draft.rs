//! The action phase's card flow (`draft.py`): 3-4 player commit, pass, reveal and resolve
//! order (F-45 … F-50), and the 2-player display and alternating picks (F-69, F-70).

use serde_json::json;

use super::events::Log;
use super::state::{Zones, COMMIT, HARVEST, NONE, RESOLVE};

const REFILL: usize = 2; // F-70

/// F-46: the card is set aside face down; others learn only that p committed.
pub fn commit(z: &mut Zones, p: usize, card: i32, ev: &mut impl Log) {
    if let Some(i) = z.hands[p].iter().position(|&c| c == card) {
        z.hands[p].remove(i);
    }
    z.commits[p] = card;
    ev.push_private("commit", p, || {
        (json!({"player": p}), json!({"card": card}))
    });
}

/// Players who still have to commit this turn, in turn order (F-7).
pub fn committers(z: &Zones) -> Vec<usize> {
    committing(z).collect()
}

/// `committers`, without collecting them.
pub fn committing(z: &Zones) -> impl Iterator<Item = usize> + '_ {
    let n = z.n();
    (0..n)
        .map(move |k| (z.first + k) % n)
        .filter(|&q| !z.hands[q].is_empty() && z.commits[q] == NONE)
}

/// Auto-commit single cards (F-46); once everybody committed, pass and reveal. True while a
/// player must choose a card.
pub fn commit_step(z: &mut Zones, ev: &mut impl Log) -> bool {
    let n = z.n();
    for k in 0..n {
        let q = (z.first + k) % n;
        if z.hands[q].len() == 1 && z.commits[q] == NONE {
            let card = z.hands[q][0];
            commit(z, q, card, ev);
        }
    }
    if committing(z).next().is_some() {
        return true;
    }
    if z.commits.iter().all(|&c| c == NONE) {
        begin_harvest(z, ev); // F-50
        return false;
    }
    pass_hands(z, ev);
    reveal(z, ev);
    false
}

/// F-47: every hand moves one seat in the year's direction; the receiver sees it.
fn pass_hands(z: &mut Zones, ev: &mut impl Log) {
    let n = z.n();
    let d = z.direction();
    // hand q goes to seat q + d: rotate the list of hands by d
    if d > 0 {
        z.hands.rotate_right(d as usize % n);
    } else {
        z.hands.rotate_left((-d) as usize % n);
    }
    for q in 0..n {
        for &c in &z.hands[q] {
            z.seen[c as usize] |= 1 << q;
        }
        let cards = &z.hands[q];
        ev.push_private("receive", q, || {
            (
                json!({"player": q, "count": cards.len()}),
                json!({"cards": cards}),
            )
        });
    }
}

/// F-48, F-49: all commits face up at once; then resolution in turn order.
fn reveal(z: &mut Zones, ev: &mut impl Log) {
    std::mem::swap(&mut z.revealed, &mut z.commits);
    z.commits.fill(NONE);
    let cards = &z.revealed;
    ev.push("reveal", || json!({"cards": cards}));
    z.phase = RESOLVE;
    z.pos = 0;
}

/// True while the current player still has a revealed card to use (F-49).
pub fn resolve_step(z: &mut Zones) -> bool {
    while z.pos < z.n() {
        if z.revealed[z.actor()] != NONE {
            return true;
        }
        z.pos += 1;
    }
    z.phase = COMMIT;
    z.pos = 0;
    z.turn += 1;
    false
}

/// The card of an action leaves the revealed slot or the display; the turn moves on.
pub fn used(z: &mut Zones, p: usize, card: i32, ev: &mut impl Log) {
    if z.cfg.duel() {
        if let Some(i) = z.display.iter().position(|&c| c == card) {
            z.display.remove(i);
        }
        z.turn += 1;
        z.pos = (z.turn % 2) as usize;
        if z.turn % 2 == 0 && !z.shared.is_empty() {
            refill_display(z, ev);
        }
    } else {
        z.revealed[p] = NONE;
        z.pos += 1;
    }
}

/// F-70: 2 more cards (or the one left) face up after every second pick.
fn refill_display(z: &mut Zones, ev: &mut impl Log) {
    let k = REFILL.min(z.shared.len());
    let new: Vec<i32> = (0..k).filter_map(|_| z.shared.pop()).collect();
    z.display.extend_from_slice(&new);
    let shared = z.shared.len();
    ev.push("display", || json!({"cards": new, "shared": shared}));
}

/// 2 players: true while display cards remain (F-70).
pub fn pick_step(z: &mut Zones, ev: &mut impl Log) -> bool {
    if !z.display.is_empty() {
        return true;
    }
    begin_harvest(z, ev);
    false
}

pub fn begin_harvest(z: &mut Zones, ev: &mut impl Log) {
    z.phase = HARVEST;
    z.pos = 0;
    z.turn = 0;
    z.handled.clear();
    let year = z.year;
    ev.push("harvest-phase", || json!({"year": year}));
}
