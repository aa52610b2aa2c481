//! Who may act (B-28 … B-30) and the dispatch of each action to its check and effect,
//! ported from `game.py` (`_movers`, `HANDLERS`, `BohnanzaState.refusal/apply/outcome`).

use serde_json::{json, Value};

use super::actions::Action;
use super::rules::{self as R, refuse, Event, Events, Refusal};
use super::state::*;
use super::trading as T;

/// Seats that may act now, in driver order from the active seat (B-30); empty when over.
pub fn movers(s: &Zones) -> Vec<usize> {
    let n = s.cfg.num_players;
    let order = (0..n).map(|k| (s.active + k) % n);
    match s.phase {
        TRADE => order.filter(|&q| !s.passed[q]).collect(),
        PLANT_TRADED => order.filter(|&q| !s.trade[q].is_empty()).collect(),
        OVER => Vec::new(),
        _ => vec![s.active],
    }
}

/// Why an action is refused, as the Python engine raises it: `NotOnMoveError(message,
/// clause)` when `not_on_move`, else `IllegalActionError(message, clause)`. `message` is the
/// constructor's first argument (`str(error)` adds ` [clause]`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    pub not_on_move: bool,
    pub message: String,
    pub clause: &'static str,
}

const FREE_PHASES: &[u8] = &[
    PLANT,
    TRADE,
    PLANT_TRADED,
    DRAW,
    DUEL_OFFERED,
    DUEL_PLANT,
    DUEL_REVEALED,
    DUEL_DRAW,
];

/// The phases an action kind is allowed in and the clause that says so (`HANDLERS[...][0]`).
fn phases(a: &Action) -> (&'static [u8], &'static str) {
    match a {
        Action::PlantFromHand { .. } | Action::EndPlanting => (&[PLANT, DUEL_PLANT], "B-29"),
        Action::Harvest { .. } | Action::BuyField => (FREE_PHASES, "B-29"),
        Action::Offer(_)
        | Action::Accept { .. }
        | Action::Decline { .. }
        | Action::Withdraw { .. }
        | Action::Pass => (&[TRADE], "B-29"),
        Action::EndTrading => (&[TRADE], "B-45"),
        Action::PlantFromTradeArea { .. } => (&[PLANT_TRADED], "B-51"),
        Action::FinishTurn => (&[DRAW, DUEL_DRAW], "B-52"),
        Action::PlantOffered { .. } | Action::DiscardOffered { .. } => (&[DUEL_OFFERED], "B-54"),
        Action::DiscardFromHand { .. } => (&[DUEL_PLANT], "B-55"),
        Action::PlantRevealed { .. } | Action::LeaveOffer => (&[DUEL_REVEALED], "B-56"),
    }
}

fn field_index(s: &Zones, p: usize, f: i64) -> Result<usize, Refusal> {
    if (0..s.fields[p].len() as i64).contains(&f) {
        Ok(f as usize)
    } else {
        Err(Refusal {
            clause: "B-18",
            message: format!("player {p} has no field {f}"),
        })
    }
}

fn plant_error(s: &Zones, p: usize, card: u8, f: i64) -> Option<Refusal> {
    match field_index(s, p, f) {
        Ok(f) => R::plant_error(s, p, s.cfg.variety(card), f),
        Err(why) => Some(why),
    }
}

/// `_zone_plant_check`: the card must lie in the zone, then the planting rules.
fn zone_plant_error(
    s: &Zones,
    p: usize,
    zone: &[u8],
    card: i64,
    f: i64,
    clause: &'static str,
) -> Option<Refusal> {
    match zone.iter().find(|&&c| i64::from(c) == card) {
        None => refuse(clause, format!("card {card} is not there to be planted")),
        Some(&c) => plant_error(s, p, c, f),
    }
}

/// The rule check of an action for a mover in an allowed phase (`HANDLERS[...][1]`).
fn rule_error(s: &Zones, p: usize, a: &Action) -> Option<Refusal> {
    match a {
        Action::PlantFromHand { field } => {
            if s.planted >= 2 {
                return refuse(
                    "B-32",
                    "at most two cards are planted from the hand".to_string(),
                );
            }
            match s.hands[p].first() {
                None => refuse("B-32", "the hand is empty".to_string()),
                Some(&c) => plant_error(s, p, c, *field),
            }
        }
        Action::EndPlanting => (s.planted < 1).then(|| Refusal {
            clause: "B-32, B-55",
            message: "the front card must be planted first".to_string(),
        }),
        Action::Harvest { field } => match field_index(s, p, *field) {
            Ok(f) => R::harvest_error(s, p, f),
            Err(why) => Some(why),
        },
        Action::BuyField => R::buy_error(s, p),
        Action::Offer(o) => T::offer_error(s, p, o),
        Action::Accept {
            offer_id,
            positions,
        } => T::accept_error(s, p, *offer_id, positions),
        Action::Decline { offer_id } => T::decline_error(s, p, *offer_id),
        Action::Withdraw { offer_id } => T::withdraw_error(s, p, *offer_id),
        Action::Pass | Action::FinishTurn | Action::LeaveOffer => None,
        Action::EndTrading => (p != s.active).then(|| Refusal {
            clause: "B-45",
            message: "only the active player may end trading".to_string(),
        }),
        Action::PlantFromTradeArea { card, field } => {
            zone_plant_error(s, p, &s.trade[p], *card, *field, "B-51")
        }
        Action::PlantOffered { card, field } => {
            zone_plant_error(s, p, &s.offer_area, *card, *field, "B-54")
        }
        Action::DiscardOffered { card } => {
            if s.offer_area.iter().any(|&c| i64::from(c) == *card) {
                None
            } else {
                refuse("B-54", format!("card {card} is not in the offer area"))
            }
        }
        Action::DiscardFromHand { position } => {
            if s.planted < 1 {
                return refuse(
                    "B-55",
                    "the front card must be planted before a discard".to_string(),
                );
            }
            let n = s.hands[p].len();
            if !(0..n as i64).contains(position) {
                return refuse(
                    "B-55",
                    format!("hand position {position} is not in the hand of {n}"),
                );
            }
            None
        }
        Action::PlantRevealed { card, field } => {
            zone_plant_error(s, p, &s.revealed, *card, *field, "B-56")
        }
    }
}

fn remove_card(zone: &mut Pile, card: i64) -> u8 {
    let i = zone.iter().position(|&c| i64::from(c) == card).unwrap_or(0);
    zone.remove(i)
}

/// The effect of a checked action (`HANDLERS[...][2]`).
pub fn effect(s: &mut Zones, p: usize, a: &Action, ev: &mut Events) {
    match a {
        Action::PlantFromHand { field } => {
            let card = s.hands[p].remove(0);
            R::do_plant(s, p, card, *field as usize, "hand", ev);
            R::after_hand_plant(s, ev);
        }
        Action::EndPlanting => R::end_planting(s, p, ev),
        Action::Harvest { field } => {
            R::do_harvest(s, p, *field as usize, ev, false);
            if s.phase == TRADE {
                T::change(s);
            }
        }
        Action::BuyField => {
            R::do_buy(s, p, ev);
            if s.phase == TRADE {
                T::change(s);
            }
        }
        Action::Offer(o) => T::do_offer(s, p, o, ev),
        Action::Accept {
            offer_id,
            positions,
        } => T::do_accept(s, p, *offer_id, positions, ev),
        Action::Decline { offer_id } => T::close(s, p, *offer_id, DECLINED, ev),
        Action::Withdraw { offer_id } => T::close(s, p, *offer_id, WITHDRAWN, ev),
        Action::Pass => T::do_pass(s, p, ev),
        Action::EndTrading => R::end_trading(s, ev),
        Action::PlantFromTradeArea { card, field } => {
            let card = remove_card(&mut s.trade[p], *card);
            R::do_plant(s, p, card, *field as usize, "trade", ev);
            if s.trade[p].is_empty() {
                R::maybe_end_phase3(s, ev);
            }
        }
        Action::FinishTurn => R::finish_turn(s, ev),
        Action::PlantOffered { card, field } => {
            let card = remove_card(&mut s.offer_area, *card);
            R::do_plant(s, p, card, *field as usize, "offer-area", ev);
            R::after_offered_card(s, ev);
        }
        Action::DiscardOffered { card } => {
            let card = remove_card(&mut s.offer_area, *card);
            s.discard.push(card);
            ev.push(Event::Discard {
                player: p,
                card,
                source: "offer-area",
            });
            R::after_offered_card(s, ev);
        }
        Action::DiscardFromHand { position } => {
            let card = s.hands[p].remove(*position as usize);
            s.discard.push(card);
            ev.push(Event::Discard {
                player: p,
                card,
                source: "hand",
            });
            R::duel_reveal_step(s, ev);
        }
        Action::PlantRevealed { card, field } => {
            let card = remove_card(&mut s.revealed, *card);
            R::do_plant(s, p, card, *field as usize, "revealed", ev);
            if s.revealed.is_empty() {
                R::end_reveal_step(s, ev);
            }
        }
        Action::LeaveOffer => R::leave_offer(s, ev),
    }
}

/// Why `action` is illegal for `player` now, or None when it is legal
/// (`BohnanzaState.refusal`, same order of checks, messages and clauses).
pub fn refusal(s: &Zones, player: i64, a: &Action) -> Option<Refused> {
    let movers = movers(s);
    let Some(p) = movers.iter().copied().find(|&q| q as i64 == player) else {
        if s.phase == OVER {
            return Some(Refused {
                not_on_move: true,
                message: "the game is over".to_string(),
                clause: "B-64",
            });
        }
        let on_move: Vec<String> = movers.iter().map(usize::to_string).collect();
        return Some(Refused {
            not_on_move: true,
            message: format!(
                "player {player} is not on the move (on the move: {})",
                on_move.join(", ")
            ),
            clause: "B-28",
        });
    };
    let (allowed, clause) = phases(a);
    let why = if allowed.contains(&s.phase) {
        rule_error(s, p, a)?
    } else {
        let names: Vec<&str> = allowed.iter().map(|&ph| phase_name(ph)).collect();
        Refusal {
            clause,
            message: format!(
                "not allowed in phase {} (only in: {})",
                phase_name(s.phase),
                names.join(", ")
            ),
        }
    };
    Some(Refused {
        not_on_move: false,
        message: format!("{a}: {}", why.message),
        clause: why.clause,
    })
}

/// Validate and apply (`BohnanzaState.apply`): the events, or the refusal with nothing
/// changed.
pub fn apply(s: &mut Zones, player: i64, a: &Action) -> Result<Events, Refused> {
    if let Some(why) = refusal(s, player, a) {
        return Err(why);
    }
    let mut ev = Vec::new();
    effect(s, player as usize, a, &mut ev);
    Ok(ev)
}

pub fn is_terminal(s: &Zones) -> bool {
    s.phase == OVER
}

/// The final result (`Outcome` of `engine/api.py`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub scores: Vec<i64>,
    pub ranks: Vec<i64>,
    pub winners: Vec<usize>,
    pub tiebreak: Vec<i64>,
}

impl Outcome {
    pub fn to_json(&self) -> Value {
        json!({"scores": self.scores, "ranks": self.ranks, "winners": self.winners,
               "tiebreak": self.tiebreak})
    }
}

/// `rank_by`: competition ranks (1, 1, 3 …) from per-player keys, higher is better, and the
/// players sharing the best key.
pub fn rank_by(keys: &[Vec<i64>]) -> (Vec<i64>, Vec<usize>) {
    let ranks: Vec<i64> = keys
        .iter()
        .map(|mine| 1 + keys.iter().filter(|other| *other > mine).count() as i64)
        .collect();
    let winners = (0..ranks.len()).filter(|&p| ranks[p] == 1).collect();
    (ranks, winners)
}

/// `BohnanzaState.outcome`; None before the end (Python raises ValueError).
pub fn outcome(s: &Zones) -> Option<Outcome> {
    if s.phase != OVER {
        return None;
    }
    let scores: Vec<i64> = s.treasury.iter().map(|t| t.len() as i64).collect();
    let hands: Vec<i64> = s.hands.iter().map(|h| h.len() as i64).collect();
    if s.cfg.options.edition == super::cards::Edition::Standard {
        // B-65/B-66: most cards in hand breaks ties
        let keys: Vec<Vec<i64>> = scores
            .iter()
            .zip(&hands)
            .map(|(&a, &b)| vec![a, b])
            .collect();
        let (ranks, winners) = rank_by(&keys);
        return Some(Outcome {
            scores,
            ranks,
            winners,
            tiebreak: hands,
        });
    }
    let keys: Vec<Vec<i64>> = scores.iter().map(|&a| vec![a]).collect();
    let (ranks, winners) = rank_by(&keys);
    Some(Outcome {
        scores,
        ranks,
        winners,
        tiebreak: Vec::new(),
    })
}

/// `Bohnanza.state_from_json`: a state rebuilt from `to_json()` output. The options are
/// checked as `normalize_options` checks them and the player count against the edition;
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
    let options = super::cards::Options::from_json(get("options")?).map_err(LoadError::Bad)?;
    let n_v = get("num_players")?;
    let n = n_v
        .as_u64()
        .ok_or_else(|| LoadError::Bad(format!("state key num_players: an integer, not {n_v}")))?;
    let cfg = super::cards::Config::new(options, n as usize).map_err(LoadError::Bad)?;
    Zones::from_json(obj, std::sync::Arc::new(cfg))
}
