//! The one native state class (issue 33 item 1): the methods every game's PyO3 state has,
//! written once over [`NativeGame`] and stamped onto each game's class by [`native_state!`]
//! (a pyo3 class cannot be generic, so the macro declares each game's class from the trait).
//!
//! A game's class is a struct with `inner` (its [`NativeGame`] position) and `listed` (the
//! action objects it handed out, [`crate::fast::Listed`]), and two inherent methods:
//! `forget(&mut self)` (the position changed) and `event_objects(&self, py, events)` (its
//! events as the wrapper's `Event` objects). What is truly the game's own (how its action
//! objects are made, its lazy menus, greedy policies, determinize's viewer rule) is passed to
//! the macro as extra methods; everything else is here.
//!
//! Integer actions: `legal_codes(player)` lists the menu as codes
//! ([`NativeGame::code_of`]) and `apply_code(player, code)` plays one, so a caller that keys
//! actions by integers (a search, a learner) needs no action objects at all. The fast loop
//! (`current_player()`, `codes(player)`, `play(code, player)`, [`crate::codes`]) does the
//! same with no Python wrapper in between: a lazy sequence of codes and a move whose events
//! are dropped, OpenSpiel's `current_player` / `legal_actions` / `apply_action`.

use pyo3::exceptions::{PyIndexError, PyValueError};
use pyo3::prelude::*;
use seedbed_core::interface::{Menu, NativeGame, Refused};

pub fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// An exception of `seedbed.engine.errors` built with `args` (the Python engine's own
/// classes, so `except IllegalActionError` catches native refusals too).
pub fn seedbed_error<'py>(
    py: Python<'py>,
    class: &str,
    args: impl pyo3::call::PyCallArgs<'py>,
) -> PyErr {
    let made = py
        .import("seedbed.engine.errors")
        .and_then(|m| m.getattr(class))
        .and_then(|cls| cls.call1(args));
    match made {
        Ok(err) => PyErr::from_value(err),
        Err(err) => err,
    }
}

/// A refusal as the Python engine raises it (same class, message and clause).
pub fn refused_error(py: Python<'_>, why: &Refused) -> PyErr {
    let class = if why.not_on_move {
        "NotOnMoveError"
    } else {
        "IllegalActionError"
    };
    seedbed_error(py, class, (why.message.as_str(), why.clause))
}

/// An action from its JSON text; `InvalidActionError` when malformed.
pub fn parse_action<G: NativeGame>(py: Python<'_>, action_json: &str) -> PyResult<G::Action> {
    let value: serde_json::Value = serde_json::from_str(action_json)
        .map_err(|e| seedbed_error(py, "InvalidActionError", (format!("not JSON: {e}"),)))?;
    G::action_from_json(&value).map_err(|e| seedbed_error(py, "InvalidActionError", (e,)))
}

/// The action of a code; `InvalidActionError` for a code no action has.
pub fn decode<G: NativeGame>(py: Python<'_>, code: u128) -> PyResult<G::Action> {
    G::action_of_code(code).ok_or_else(|| {
        seedbed_error(
            py,
            "InvalidActionError",
            (format!("no action has code {code}"),),
        )
    })
}

/// The menu of `player` (empty for a seat that is not on the move, or no seat at all).
pub fn menu_of<G: NativeGame>(state: &G, player: i64) -> Option<G::Menu> {
    let p = usize::try_from(player).ok()?;
    (p < state.num_players()).then(|| state.menu(p))
}

pub fn menu_len<G: NativeGame>(state: &G, player: i64) -> usize {
    menu_of(state, player).map_or(0, |m| m.len())
}

/// Items at `indices` (negative counts from the end) as a JSON array; IndexError beyond it.
pub fn menu_items_json<G: NativeGame>(state: &G, player: i64, indices: &[i64]) -> PyResult<String> {
    let menu = menu_of(state, player);
    let n = menu.as_ref().map_or(0, |m| m.len()) as i64;
    let mut out = Vec::with_capacity(indices.len());
    for &i in indices {
        let j = if i < 0 { i + n } else { i };
        let item = menu
            .as_ref()
            .filter(|_| (0..n).contains(&j))
            .and_then(|m| m.get(state, j as usize))
            .ok_or_else(|| PyIndexError::new_err("menu index out of range"))?;
        out.push(G::action_json(&item));
    }
    Ok(serde_json::Value::from(out).to_string())
}

/// The whole menu as a JSON array.
pub fn menu_json<G: NativeGame>(state: &G, player: i64) -> String {
    let out: Vec<serde_json::Value> = match menu_of(state, player) {
        Some(menu) => (0..menu.len())
            .filter_map(|i| menu.get(state, i))
            .map(|a| G::action_json(&a))
            .collect(),
        None => Vec::new(),
    };
    serde_json::Value::from(out).to_string()
}

/// The menu as codes, None when it is longer than `limit` or an item has no code.
pub fn legal_codes<G: NativeGame>(state: &G, player: i64, limit: usize) -> Option<Vec<u128>> {
    let menu = menu_of(state, player)?;
    if menu.len() > limit {
        return None;
    }
    (0..menu.len())
        .map(|i| menu.get(state, i).and_then(|a| G::code_of(&a)))
        .collect()
}

/// The events as JSON text of `[[kind, public, private, private_to], ...]`.
pub fn events_json<G: NativeGame>(state: &G, events: &[G::Event]) -> String {
    let out: Vec<serde_json::Value> = events
        .iter()
        .map(|e| state.event_parts(e).to_json())
        .collect();
    serde_json::Value::from(out).to_string()
}

/// `(scores, ranks, winners, tie-break values)`; ValueError before the end, as in Python.
pub type OutcomeTuple = (Vec<i64>, Vec<i64>, Vec<usize>, Vec<i64>);

pub fn outcome_tuple<G: NativeGame>(state: &G) -> PyResult<OutcomeTuple> {
    state
        .outcome()
        .map(|o| (o.scores, o.ranks, o.winners, o.tiebreak))
        .ok_or_else(|| value_error("the game is not over"))
}

pub fn outcome_json<G: NativeGame>(state: &G) -> PyResult<String> {
    state
        .outcome()
        .map(|o| o.to_json().to_string())
        .ok_or_else(|| value_error("the game is not over"))
}

/// The seat `viewer` names for `observe` (None: a spectator). TypeError for what is not an
/// int; ValueError, with `check_viewer`'s message, for an int that is not a seat.
pub fn viewer_seat(viewer: Option<&Bound<'_, PyAny>>, n: usize) -> PyResult<Option<usize>> {
    let Some(v) = viewer else { return Ok(None) };
    match v.extract::<i64>() {
        Ok(seat) if (0..n as i64).contains(&seat) => Ok(Some(seat as usize)),
        Err(e) if !v.is_instance_of::<pyo3::types::PyInt>() => Err(e),
        _ => Err(value_error(format!(
            "viewer {} is not a seat of this {n}-player game",
            v.repr()?
        ))),
    }
}

/// Stamps the one state class's common methods onto a game's class (see the module's text):
/// `native_state!(Class, Game, { game-specific methods })`.
macro_rules! native_state {
    ($class:ident, $game:ty, { $($extra:tt)* }) => {
        #[pyo3::pymethods]
        impl $class {
            /// The complete state as JSON text, as the Python state's `to_json()` gives it.
            fn to_json(&self) -> String {
                <$game as seedbed_core::interface::NativeGame>::to_json(&self.inner).to_string()
            }

            /// The Python state's `key()`, character for character.
            fn key(&self) -> String {
                <$game as seedbed_core::interface::NativeGame>::key(&self.inner)
            }

            /// The position only: a copy has handed out nothing yet.
            fn clone(&self) -> $class {
                $class::from(self.inner.clone())
            }

            /// A new deal from `seed` under this position's configuration (its player
            /// count, options and data): what the game's `new_state(num_players, seed,
            /// options)` deals, without reading the options again (the vector environment's
            /// next game, D-89).
            fn redeal(&self, seed: &pyo3::Bound<'_, pyo3::PyAny>) -> pyo3::PyResult<$class> {
                use seedbed_core::interface::NativeGame;
                let cfg = <$game as NativeGame>::config_of(&self.inner);
                let rng = $crate::bohnanza::seed_rng(seed)?;
                Ok($class::from(<$game as NativeGame>::deal(&cfg, rng)))
            }

            /// The number of seats.
            #[getter]
            fn num_players(&self) -> usize {
                <$game as seedbed_core::interface::NativeGame>::num_players(&self.inner)
            }

            /// Seats that may act now, in driver order (`to_move()`).
            fn to_move(&self) -> Vec<usize> {
                <$game as seedbed_core::interface::NativeGame>::to_move(&self.inner)
            }

            fn is_terminal(&self) -> bool {
                <$game as seedbed_core::interface::NativeGame>::is_terminal(&self.inner)
            }

            /// `outcome().to_json()` as JSON text; ValueError before the end, as in Python.
            fn outcome_json(&self) -> pyo3::PyResult<String> {
                $crate::state::outcome_json(&self.inner)
            }

            /// `outcome()` as (scores, ranks, winners, tie-break values), without JSON;
            /// ValueError before the end.
            fn outcome_tuple(&self) -> pyo3::PyResult<$crate::state::OutcomeTuple> {
                $crate::state::outcome_tuple(&self.inner)
            }

            /// The length of `legal_actions(player)` (0 for a player not on the move).
            fn menu_len(&self, player: i64) -> usize {
                $crate::state::menu_len(&self.inner, player)
            }

            /// Items of `legal_actions(player)` at `indices` (negative counts from the end),
            /// as a JSON array of action JSON. IndexError when an index is out of range.
            fn menu_items_json(&self, player: i64, indices: Vec<i64>) -> pyo3::PyResult<String> {
                $crate::state::menu_items_json(&self.inner, player, &indices)
            }

            /// The whole menu as a JSON array (every item enumerated).
            fn menu_json(&self, player: i64) -> String {
                $crate::state::menu_json(&self.inner, player)
            }

            /// `legal_actions(player)` as action codes (`NativeGame::code_of`), in the menu's
            /// order; None when the menu is longer than `limit` or holds an action without a
            /// code (numbers beyond the game's layout).
            #[pyo3(signature = (player, limit = usize::MAX))]
            fn legal_codes(&self, player: i64, limit: usize) -> Option<Vec<u128>> {
                $crate::state::legal_codes(&self.inner, player, limit)
            }

            /// `apply` of an action given by its code: the events as `Event`s and the new
            /// movers; refusals as `apply_json`. InvalidActionError for a code no action has.
            fn apply_code<'py>(
                &mut self,
                py: pyo3::Python<'py>,
                player: i64,
                code: u128,
            ) -> pyo3::PyResult<$crate::fast::Applied<'py>> {
                let action = $crate::state::decode::<$game>(py, code)?;
                self.applied(py, player, &action)
            }

            /// The fast loop's mover (issue 34 target 2): the first seat on the move (the
            /// random policy's and a search's), None at the end.
            fn current_player(&self) -> Option<usize> {
                <$game as seedbed_core::interface::NativeGame>::first_mover(&self.inner)
            }

            /// The legal action codes of `player` (default `current_player()`) as a
            /// `Codes` sequence (`seedbed._native.Codes`: lazy, no Python int until an item
            /// is read); empty for a seat not on the move. An item beyond the game's code
            /// layout (a water split over more than 4 towers) is a ValueError when read;
            /// None for a game whose actions have no codes (none of the three).
            #[pyo3(signature = (player = None))]
            fn codes(&self, player: Option<i64>) -> Option<$crate::codes::Codes> {
                use seedbed_core::interface::NativeGame;
                let player = player
                    .or_else(|| self.inner.first_mover().map(|p| p as i64))
                    .unwrap_or(-1);
                $crate::codes::codes_of(&self.inner, player)
            }

            /// `apply_code` for the fast loop: play the action of `code` for `player`
            /// (default `current_player()`), the events dropped (as OpenSpiel's
            /// `apply_action`); the same refusals (nothing changes), InvalidActionError for
            /// a code no action has.
            #[pyo3(signature = (code, player = None))]
            fn play(
                &mut self,
                py: pyo3::Python<'_>,
                code: u128,
                player: Option<i64>,
            ) -> pyo3::PyResult<()> {
                use seedbed_core::interface::NativeGame;
                let action = $crate::state::decode::<$game>(py, code)?;
                let player = player
                    .or_else(|| self.inner.first_mover().map(|p| p as i64))
                    .unwrap_or(-1);
                match self.inner.apply_quiet(player, &action) {
                    Ok(()) => {
                        self.forget();
                        Ok(())
                    }
                    Err(why) => Err($crate::state::refused_error(py, &why)),
                }
            }

            /// `apply` of an action object this state handed out at this position (its menu
            /// tuple, or the item its lazy menu — or the lazy menu's copy of the position,
            /// `menu` — decoded last), found by identity: the events as `Event`s and the new
            /// movers. None when `action` is no such object or `player` no int (the wrapper
            /// then takes the code or JSON path). Refusals as `apply_json`.
            #[pyo3(signature = (player, action, menu = None))]
            fn apply_listed<'py>(
                &mut self,
                py: pyo3::Python<'py>,
                player: &pyo3::Bound<'py, pyo3::PyAny>,
                action: &pyo3::Bound<'py, pyo3::PyAny>,
                menu: Option<&pyo3::Bound<'py, $class>>,
            ) -> pyo3::PyResult<Option<$crate::fast::Applied<'py>>> {
                let found = self.listed.find(action).or_else(|| {
                    menu.and_then(|m| m.try_borrow().ok())
                        .and_then(|m| m.listed.find(action))
                });
                let Some(a) = found else {
                    return Ok(None);
                };
                if player.is_instance_of::<pyo3::types::PyBool>() {
                    return Ok(None);
                }
                let Ok(player) = player.extract::<i64>() else {
                    return Ok(None);
                };
                self.applied(py, player, &a).map(Some)
            }

            /// Apply an action given as JSON text: the events as JSON text of
            /// `[[kind, public, private, private_to], ...]`; raises the Python engine's
            /// `NotOnMoveError` / `IllegalActionError` (same message and clause) and changes
            /// nothing when the action is illegal, `InvalidActionError` when it is malformed.
            fn apply_json(
                &mut self,
                py: pyo3::Python<'_>,
                player: i64,
                action_json: &str,
            ) -> pyo3::PyResult<String> {
                use seedbed_core::interface::NativeGame;
                let action = $crate::state::parse_action::<$game>(py, action_json)?;
                match self.inner.apply(player, &action) {
                    Ok(events) => {
                        self.forget();
                        Ok($crate::state::events_json(&self.inner, &events))
                    }
                    Err(why) => Err($crate::state::refused_error(py, &why)),
                }
            }

            /// Why the action (JSON text) is illegal for `player` now, as the error the
            /// Python state's `refusal` returns, or None when it is legal.
            fn refusal(
                &self,
                py: pyo3::Python<'_>,
                player: i64,
                action_json: &str,
            ) -> pyo3::PyResult<Option<pyo3::PyObject>> {
                use seedbed_core::interface::NativeGame;
                let action = $crate::state::parse_action::<$game>(py, action_json)?;
                Ok(self.inner.refusal(player, &action).map(|why| {
                    $crate::state::refused_error(py, &why)
                        .into_value(py)
                        .into_any()
                }))
            }

            /// `observe(viewer)` as JSON text: exactly what `viewer` (None = spectator) may
            /// know, keys in Python's order. TypeError for a viewer that is not an int,
            /// ValueError (`check_viewer`'s message) for one that is not a seat.
            #[pyo3(signature = (viewer))]
            fn observe_json(
                &self,
                viewer: Option<&pyo3::Bound<'_, pyo3::PyAny>>,
            ) -> pyo3::PyResult<String> {
                use seedbed_core::interface::NativeGame;
                let seat = $crate::state::viewer_seat(viewer, self.inner.num_players())?;
                Ok(self.inner.observe(seat).to_string())
            }

            /// `playout(rng, max_steps)`: play this state in place with the uniform random
            /// policy of `seedbed.lab.simulate` (the first seat on the move picks
            /// `menu[rng.below(len(menu))]`; ISMCTS's `rollout=random`) until the end or
            /// `max_steps` actions; returns how many. `rng` advances exactly as the Python
            /// loop advances its generator (copy its `state` in and out to mirror one).
            #[pyo3(signature = (rng, max_steps = u64::MAX))]
            fn playout(
                &mut self,
                py: pyo3::Python<'_>,
                mut rng: pyo3::PyRefMut<'_, $crate::rng::Rng>,
                max_steps: u64,
            ) -> u64 {
                use seedbed_core::interface::NativeGame;
                self.forget();
                let mut generator = rng.inner;
                let state = &mut self.inner;
                let steps = py.allow_threads(|| state.playout(&mut generator, max_steps));
                rng.inner = generator;
                steps
            }

            /// The action's text form (`str(action)`), from its JSON.
            #[staticmethod]
            fn action_text(py: pyo3::Python<'_>, action_json: &str) -> pyo3::PyResult<String> {
                Ok($crate::state::parse_action::<$game>(py, action_json)?.to_string())
            }

            /// The code of the action given as JSON text, or None for an action without one;
            /// InvalidActionError when the JSON is malformed.
            #[staticmethod]
            fn action_code(py: pyo3::Python<'_>, action_json: &str) -> pyo3::PyResult<Option<u128>> {
                use seedbed_core::interface::NativeGame;
                Ok(<$game>::code_of(&$crate::state::parse_action::<$game>(py, action_json)?))
            }

            /// The JSON text of the action with this code; ValueError for a code no action has.
            #[staticmethod]
            fn action_json(code: u128) -> pyo3::PyResult<String> {
                use seedbed_core::interface::NativeGame;
                <$game>::action_of_code(code)
                    .map(|a| <$game>::action_json(&a).to_string())
                    .ok_or_else(|| $crate::state::value_error(format!("no action has code {code}")))
            }

            $($extra)*
        }

        impl $class {
            /// Apply `action` for `player`: the events as `Event` objects and the new movers.
            fn applied<'py>(
                &mut self,
                py: pyo3::Python<'py>,
                player: i64,
                action: &<$game as seedbed_core::interface::NativeGame>::Action,
            ) -> pyo3::PyResult<$crate::fast::Applied<'py>> {
                use seedbed_core::interface::NativeGame;
                match self.inner.apply(player, action) {
                    Ok(events) => {
                        self.forget();
                        let events = self.event_objects(py, events)?;
                        $crate::fast::applied(py, events, self.inner.to_move())
                    }
                    Err(why) => Err($crate::state::refused_error(py, &why)),
                }
            }
        }
    };
}

pub(crate) use native_state;
