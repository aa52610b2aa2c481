//! Who may act (S-28), the dispatch of each action to its check and effect and the end of the
//! game (S-38 … S-44), ported from `game.py` (`HANDLERS`, `StalkExchangeState.refusal/apply/
//! outcome`, `StalkExchange.state_from_json`).

use std::sync::Arc;

use serde_json::Value;

use super::actions::Action;
use super::config::Config;
use super::rules::{self as R, Event, Events, Log, Refusal};
use super::scoring::{self, Outcome};
use super::state::{LoadError, Zones};
use super::upkeep::upkeep;

/// Why an action is refused, as the Python engine raises it: `NotOnMoveError(message,
/// clause)` when `not_on_move`, else `IllegalActionError(message, clause)`. `message` is the
/// constructor's first argument (`str(error)` adds ` [clause]` when there is a clause).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    pub not_on_move: bool,
    pub message: String,
    pub clause: Option<&'static str>,
}

/// Seats that may act now (`to_move()`): the active seat, or none when the game is over.
pub fn movers(z: &Zones) -> Vec<usize> {
    if z.over {
        Vec::new()
    } else {
        vec![z.active]
    }
}

/// `_space`: the index of a Plant's space, or −1 when it is not in the Garden (S-11).
fn space_index(z: &Zones, space: (i64, i64)) -> i64 {
    z.board.index(space.0, space.1).map_or(-1, |i| i as i64)
}

/// The rule check of an action for the active player (`HANDLERS[...][0]`).
fn rule_error(z: &Zones, a: &Action) -> Option<Refusal> {
    match a {
        Action::Plant { slot, space } => R::check_plant(z, *slot, space_index(z, *space)),
        Action::Swap { slot, give } => R::check_swap(z, *slot, *give),
        Action::Flush => R::check_flush(z),
        Action::EndActions => R::check_end_actions(z),
    }
}

/// The effect of a checked action (`HANDLERS[...][1]`).
pub fn effect(z: &mut Zones, a: &Action, ev: &mut impl Log) {
    match a {
        Action::Plant { slot, space } => {
            let space = space_index(z, *space) as usize;
            R::plant(z, *slot as usize, space, ev);
        }
        Action::Swap { slot, give } => R::swap(z, *slot as usize, *give as usize, ev),
        Action::Flush => R::flush(z, ev),
        Action::EndActions => {
            // S-27: the basic actions not taken are forfeited; upkeep follows (S-29)
            let (player, forfeited) = (z.active, z.cfg.basic_actions - z.basic_taken);
            ev.push("end_actions", || Event::EndActions { player, forfeited });
            upkeep(z, ev);
        }
    }
}

/// Why `action` is illegal for `player` now, or None when it is legal
/// (`StalkExchangeState.refusal`: same order of checks, messages and clauses).
pub fn refusal(z: &Zones, player: i64, a: &Action) -> Option<Refused> {
    if z.over {
        return Some(Refused {
            not_on_move: true,
            message: "the game is over".to_string(),
            clause: Some("S-39"),
        });
    }
    if player != z.active as i64 {
        return Some(Refused {
            not_on_move: true,
            message: format!(
                "player {player} is not on the move (player {} is)",
                z.active
            ),
            clause: None,
        });
    }
    let why = rule_error(z, a)?;
    Some(Refused {
        not_on_move: false,
        message: format!("{a}: {}", why.message),
        clause: Some(why.clause),
    })
}

/// Validate and apply (`StalkExchangeState.apply`): the events, or the refusal with nothing
/// changed.
pub fn apply(z: &mut Zones, player: i64, a: &Action) -> Result<Events, Refused> {
    if let Some(why) = refusal(z, player, a) {
        return Err(why);
    }
    let mut ev = Vec::new();
    effect(z, a, &mut ev);
    Ok(ev)
}

pub fn is_terminal(z: &Zones) -> bool {
    z.over
}

/// `StalkExchangeState.outcome`; None before the end (Python raises ValueError).
pub fn outcome(z: &Zones) -> Option<Outcome> {
    z.over.then(|| scoring::outcome(&z.values, &z.portfolios))
}

/// `StalkExchange.state_from_json`: a state rebuilt from `to_json()` output;
/// `LoadError::Missing` where Python raises KeyError.
pub fn state_from_json(obj: &Value) -> Result<Zones, LoadError> {
    let Some(map) = obj.as_object() else {
        return Err(LoadError::Bad(format!(
            "a state must be an object, not {obj}"
        )));
    };
    let get = |key: &str| {
        map.get(key)
            .ok_or_else(|| LoadError::Missing(key.to_string()))
    };
    let n_v = get("num_players")?;
    let options = get("options")?;
    let n = n_v
        .as_u64()
        .ok_or_else(|| LoadError::Bad(format!("state key num_players: an integer, not {n_v}")))?;
    let cfg = Config::new(n as usize, options).map_err(LoadError::Bad)?;
    Zones::from_json(obj, Arc::new(cfg))
}
