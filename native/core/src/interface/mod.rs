//! One game interface (issue 33 item 1): what every native game gives, so that what is written
//! over it — the one PyO3 state class (`seedbed-py`'s `state.rs`), the random playout, and a
//! search (ISMCTS: clone, determinize, the menu, apply, returns) — is written once for all
//! games. Each game implements [`NativeGame`] in a thin file of this module (`bohnanza.rs`,
//! `stalk_exchange.rs`, `fields_of_green.rs`) that calls the game's own functions: the rules
//! stay where they are.
//!
//! Actions are the game's typed actions ([`NativeGame::Action`], `Eq + Hash` so a search can
//! key its tree by them); menus are lazy sequences ([`Menu`]: Bohnanza's offers are too many
//! to list); codes ([`NativeGame::code_of`]) are the compact form of the actions that have
//! one, what crosses to Python as an integer.

use std::fmt::{Debug, Display};
use std::hash::Hash;

use serde_json::Value;

use crate::rng::{Rng, Seed};

pub mod bohnanza;
pub mod fields_of_green;
pub mod stalk_exchange;

pub use self::bohnanza::Bohnanza;
pub use self::fields_of_green::FieldsOfGreen;
pub use self::stalk_exchange::StalkExchange;

/// The final result, as `seedbed.engine.api.Outcome`: scores, competition ranks (1, 1, 3 …),
/// the winners and the tie-break values.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub scores: Vec<i64>,
    pub ranks: Vec<i64>,
    pub winners: Vec<usize>,
    pub tiebreak: Vec<i64>,
}

impl Outcome {
    /// `Outcome.to_json()`.
    pub fn to_json(&self) -> Value {
        serde_json::json!({"scores": self.scores, "ranks": self.ranks,
                           "winners": self.winners, "tiebreak": self.tiebreak})
    }

    /// Each seat's share of the win: 1/k for each of k winners, 0 for the others (the reward
    /// a search backs up by default).
    pub fn win_shares(&self) -> Vec<f64> {
        let mut out = vec![0.0; self.scores.len()];
        let share = 1.0 / self.winners.len().max(1) as f64;
        for &w in &self.winners {
            if let Some(slot) = out.get_mut(w) {
                *slot = share;
            }
        }
        out
    }
}

/// Why an action is refused, as the Python engine raises it: `NotOnMoveError(message,
/// clause)` when `not_on_move`, else `IllegalActionError(message, clause)`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refused {
    pub not_on_move: bool,
    pub message: String,
    pub clause: Option<&'static str>,
}

/// Why a state could not be loaded from JSON: a missing key (Python's KeyError) or a bad
/// value (ValueError).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    Missing(String),
    Bad(String),
}

/// An event as the Python engine gives it: `Event(kind, public, private, private_to)`.
#[derive(Debug, Clone, PartialEq)]
pub struct EventParts {
    pub kind: &'static str,
    pub public: Value,
    pub private: Option<Value>,
    pub private_to: Vec<usize>,
}

impl EventParts {
    /// `[kind, public, private, private_to]`, as the parity harness compares events.
    pub fn to_json(&self) -> Value {
        serde_json::json!([self.kind, self.public, self.private, self.private_to])
    }
}

/// The legal actions of a seat at one position, in the Python menu's order, as a lazy
/// sequence: its length and item `i` (made when asked for).
pub trait Menu<G: NativeGame> {
    fn len(&self) -> usize;
    fn is_empty(&self) -> bool {
        self.len() == 0
    }
    /// Item `i` of the menu of `state` (the position it was made at); None beyond the end.
    fn get(&self, state: &G, i: usize) -> Option<G::Action>;
}

/// A native game's position: the State API of `seedbed.engine.api` in Rust.
pub trait NativeGame: Clone + Send + Sync + Sized + 'static {
    /// The game's typed actions.
    type Action: Clone + Eq + Hash + Debug + Display + Send + Sync;
    /// The game's typed events.
    type Event: Debug;
    /// The legal actions of a seat ([`Menu`]).
    type Menu: Menu<Self>;
    /// What a game is dealt from: the player count, the options and the game's data.
    type Config: Clone + Send + Sync;

    /// The game's registry name (`seedbed.game(NAME)`).
    const NAME: &'static str;

    // ------------------------------------------------------------------ new states

    /// The configuration of `num_players` seats under the *normalised* options (Python
    /// normalises them) and the game's data (Fields of Green's card set as
    /// `CardSet.to_json()`; `Value::Null` for the others). Err with Python's refusal text.
    fn config(num_players: usize, options: &Value, data: &Value) -> Result<Self::Config, String>;

    /// The game `rng` (`Rng(seed)`) deals under `cfg`, as Python's `new_state`.
    fn deal(cfg: &Self::Config, rng: Rng) -> Self;

    /// The configuration this position was dealt under (its player count, options, data):
    /// [`Self::deal`] of it deals another game of the same table.
    fn config_of(&self) -> Self::Config;

    /// [`Self::deal`] with the generator of `seed`.
    fn new_state(cfg: &Self::Config, seed: impl Into<Seed>) -> Self {
        Self::deal(cfg, Rng::from_seed(seed.into()))
    }

    /// `state_from_json` of `to_json()` output (the game's `data` as for [`Self::config`]).
    fn from_json(obj: &Value, data: &Value) -> Result<Self, LoadError>;

    // ------------------------------------------------------------------ the game loop

    fn num_players(&self) -> usize;

    /// The seats that may act now (`to_move()`), empty when the game is over.
    fn to_move(&self) -> Vec<usize>;

    /// The first seat on the move (the random policy's and a search's mover).
    fn first_mover(&self) -> Option<usize> {
        self.to_move().first().copied()
    }

    /// `legal_actions(player)`: empty for a seat not on the move.
    fn menu(&self, player: usize) -> Self::Menu;

    /// Every legal action of `player` (a short menu; Bohnanza's offers can be thousands).
    fn legal_actions(&self, player: usize) -> Vec<Self::Action> {
        let menu = self.menu(player);
        (0..menu.len()).filter_map(|i| menu.get(self, i)).collect()
    }

    /// Why `player` may not play `a` now (seats beyond the table included), None when legal.
    fn refusal(&self, player: i64, a: &Self::Action) -> Option<Refused>;

    /// Apply `a` for `player`: the events, or the refusal (and nothing changed).
    fn apply(&mut self, player: i64, a: &Self::Action) -> Result<Vec<Self::Event>, Refused>;

    /// [`Self::apply`] without the events (the fast loop's `play`): the same refusals and
    /// position. A game whose events cost to build overrides it to build none.
    fn apply_quiet(&mut self, player: i64, a: &Self::Action) -> Result<(), Refused> {
        self.apply(player, a).map(drop)
    }

    fn is_terminal(&self) -> bool;

    /// The final result; None before the end.
    fn outcome(&self) -> Option<Outcome>;

    /// Each seat's reward at the end ([`Outcome::win_shares`]); None before the end.
    fn returns(&self) -> Option<Vec<f64>> {
        self.outcome().map(|o| o.win_shares())
    }

    // ------------------------------------------------------------------ information

    /// `observe(viewer)`: what `viewer` (None: a spectator) sees, keys in Python's order.
    fn observe(&self, viewer: Option<usize>) -> Value;

    /// `determinize(viewer, rng)`: a copy in which what `viewer` cannot know is resampled,
    /// `rng` advancing exactly as Python's does.
    fn determinize(&self, viewer: usize, rng: &mut Rng) -> Self;

    /// `key()`, character for character as Python writes it.
    fn key(&self) -> String;

    /// `to_json()`, the complete state.
    fn to_json(&self) -> Value;

    // ------------------------------------------------------------------ actions and events

    /// The action's JSON (Python's codec).
    fn action_json(a: &Self::Action) -> Value;

    /// The action of Python's JSON; Err (InvalidActionError's text) when malformed.
    fn action_from_json(obj: &Value) -> Result<Self::Action, String>;

    /// The action's code (one integer per action, whatever the state; up to 128 bits, as a
    /// Fields of Green water split needs), None for an action without one (numbers beyond
    /// the game's layout; a game without codes).
    fn code_of(a: &Self::Action) -> Option<u128> {
        let _ = a;
        None
    }

    /// The action of a code ([`Self::code_of`]'s inverse); None for a code no action has.
    fn action_of_code(code: u128) -> Option<Self::Action> {
        let _ = code;
        None
    }

    /// An event as Python's `Event` parts.
    fn event_parts(&self, e: &Self::Event) -> EventParts;

    // ------------------------------------------------------------------ playouts

    /// Play on with the uniform random policy of `seedbed.lab.simulate` (the first seat on
    /// the move picks `menu[rng.below(len(menu))]`) until the end or `max_steps` actions;
    /// returns how many. A game with a faster playout of its own overrides this (same draws).
    fn playout(&mut self, rng: &mut Rng, max_steps: u64) -> u64 {
        random_playout(self, rng, max_steps)
    }
}

/// [`NativeGame::playout`]'s policy, step by step through the interface.
pub fn random_playout<G: NativeGame>(state: &mut G, rng: &mut Rng, max_steps: u64) -> u64 {
    let mut steps = 0;
    while steps < max_steps && !state.is_terminal() {
        let Some(p) = state.first_mover() else { break };
        let menu = state.menu(p);
        if menu.is_empty() {
            break;
        }
        let i = rng.below(menu.len() as u64) as usize;
        let Some(a) = menu.get(state, i) else { break };
        if state.apply(p as i64, &a).is_err() {
            break;
        }
        steps += 1;
    }
    steps
}
