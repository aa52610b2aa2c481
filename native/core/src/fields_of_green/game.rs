//! Who may act (F-7) and the dispatch of each action to its check and effect (`game.py`:
//! `HANDLERS`, `DECISIONS`, `FieldsOfGreenState.refusal/apply/outcome`).

use std::sync::Arc;

use serde_json::Value;

use super::actions::Action;
use super::build as B;
use super::config::Config;
use super::decisions;
use super::draft::commit;
use super::events::{Events, Log};
use super::flow::{advance, movers};
use super::harvest as H;
use super::resources::{refuse, Refusal};
use super::scoring::{self as S, Outcome};
use super::state::{
    LoadError, Zones, COMMIT, DRAW, FINAL, FRAME_NAMES, HARVEST, NONE, OVER, PHASE_NAMES, PICK,
    RESOLVE,
};
use super::upkeep::{do_split, setup, split_error};

/// Why an action is refused, as the Python engine raises it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    pub not_on_move: bool,
    pub message: String,
    pub clause: Option<&'static str>,
}

/// A new game: set up and run to the first decision (`FieldsOfGreen.new_state`), with the
/// game's generator (`Rng(seed)`).
pub fn new_state(cfg: Arc<Config>, rng: crate::rng::Rng) -> Zones {
    let mut z = Zones::empty(cfg, rng);
    setup(&mut z);
    advance(&mut z, &mut Events::new());
    z
}

/// The phases in which a non-decision action is allowed (`HANDLERS[type][0]`).
fn allowed(a: &Action, phase: i64) -> bool {
    match a {
        Action::DrawSplit(_) => phase == DRAW,
        Action::Commit(_) => phase == COMMIT,
        Action::Build(..)
        | Action::Tower(..)
        | Action::Silo(..)
        | Action::Market(..)
        | Action::Restore(..) => phase == RESOLVE || phase == PICK,
        Action::PayHarvest(..) | Action::Decline(..) | Action::EndHarvest => phase == HARVEST,
        Action::PayEnd(..) | Action::EndScoring => phase == FINAL,
        _ => false,
    }
}

fn commit_check(z: &Zones, p: usize, card: i64) -> Option<Refusal> {
    if z.commits[p] != NONE {
        return refuse(
            "F-46",
            format!("player {p} has already committed this turn"),
        );
    }
    if !z.hands[p].iter().any(|&c| c as i64 == card) {
        return refuse("F-46", format!("card {card} is not in player {p}'s hand"));
    }
    None
}

fn rule_error(z: &Zones, p: usize, a: &Action) -> Option<Refusal> {
    if decisions::frame_of(a).is_some() {
        return decisions::check(z, p, a);
    }
    match a {
        Action::DrawSplit(s) => split_error(z, s),
        Action::Commit(c) => commit_check(z, p, *c),
        Action::Build(c, cell, w) => B::build_error(z, p, *c, *cell, w),
        Action::Tower(c, cell) => B::tower_error(z, p, *c, *cell),
        Action::Silo(c, cell) => B::silo_error(z, p, *c, *cell),
        Action::Market(c, f) => B::market_error(z, p, *c, *f),
        Action::Restore(c, cell) => B::restore_error(z, p, *c, *cell),
        Action::PayHarvest(c, t, w) => H::pay_error(z, p, *c, *t, w),
        Action::Decline(c, t) => H::item_error(z, p, *c, *t),
        Action::PayEnd(c, t, w) => S::pay_error(z, p, *c, *t, w),
        _ => None,
    }
}

/// The effect of a checked action.
pub fn effect(z: &mut Zones, p: usize, a: &Action, ev: &mut impl Log) {
    if decisions::frame_of(a).is_some() {
        decisions::effect(z, p, a, ev);
        return;
    }
    match a {
        Action::DrawSplit(s) => do_split(z, p, s, ev),
        Action::Commit(c) => commit(z, p, *c as i32, ev),
        Action::Build(c, cell, w) => B::do_build(z, p, *c as i32, *cell, w, ev),
        Action::Tower(c, cell) => B::do_tower(z, p, *c as i32, *cell, ev),
        Action::Silo(c, cell) => B::do_silo(z, p, *c as i32, *cell, ev),
        Action::Market(c, f) => B::do_market(z, p, *c as i32, *f, ev),
        Action::Restore(c, cell) => B::do_restore(z, p, *c as i32, *cell, ev),
        Action::PayHarvest(c, t, w) => H::pay(z, p, *c as i32, *t, w, ev),
        Action::Decline(c, t) => H::decline(z, p, *c as i32, *t, ev),
        Action::EndHarvest => H::end_harvest(z, p, ev),
        Action::PayEnd(c, t, w) => S::pay(z, p, *c as i32, *t, w, ev),
        Action::EndScoring => S::end_scoring(z, p, ev),
        _ => {}
    }
}

/// Why `action` is illegal for `player` now, or None (`_checked`: same order, messages and
/// clauses).
pub fn refusal(z: &Zones, player: i64, a: &Action) -> Option<Refused> {
    let on_move = movers(z);
    if !on_move.iter().any(|&m| m as i64 == player) {
        if z.phase == OVER {
            return Some(Refused {
                not_on_move: true,
                message: "the game is over".into(),
                clause: Some("F-38"),
            });
        }
        let list: Vec<String> = on_move.iter().map(|m| m.to_string()).collect();
        return Some(Refused {
            not_on_move: true,
            message: format!(
                "player {player} is not on the move (on the move: {})",
                list.join(", ")
            ),
            clause: Some("F-7"),
        });
    }
    let p = player as usize;
    let why = if let Some(frame) = z.stack.last() {
        if decisions::frame_of(a) != Some(frame[0]) {
            refuse(
                "F-7",
                format!(
                    "first answer the pending {} decision",
                    FRAME_NAMES[frame[0] as usize]
                ),
            )
        } else {
            rule_error(z, p, a)
        }
    } else if decisions::frame_of(a).is_some() || !allowed(a, z.phase) {
        refuse(
            "F-7",
            format!("not allowed in phase {}", PHASE_NAMES[z.phase as usize]),
        )
    } else {
        rule_error(z, p, a)
    }?;
    Some(Refused {
        not_on_move: false,
        message: format!("{a}: {}", why.message),
        clause: Some(why.clause),
    })
}

/// Validate and apply: the events, or the refusal with nothing changed.
pub fn apply(z: &mut Zones, player: i64, a: &Action) -> Result<Events, Refused> {
    if let Some(why) = refusal(z, player, a) {
        return Err(why);
    }
    let mut ev = Events::new();
    step(z, player as usize, a, &mut ev);
    Ok(ev)
}

/// Apply a legal action and run on to the next decision.
pub fn step(z: &mut Zones, p: usize, a: &Action, ev: &mut impl Log) {
    effect(z, p, a, ev);
    advance(z, ev);
}

pub fn is_terminal(z: &Zones) -> bool {
    z.phase == OVER
}

/// The outcome; None before the end (Python raises ValueError).
pub fn outcome(z: &Zones) -> Option<Outcome> {
    is_terminal(z).then(|| S::outcome(z))
}

/// `state_from_json` with the configuration built from its options.
pub fn state_from_json(obj: &Value, cfg: Arc<Config>) -> Result<Zones, LoadError> {
    Zones::from_json(obj, cfg)
}
