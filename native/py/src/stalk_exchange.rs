//! Stalk Exchange through PyO3: the state's zones (`to_json`, `key`, `clone`), the game loop
//! (movers, menus, apply with Python's refusals, outcome) with actions and events crossing as
//! JSON text, observe (JSON text), determinize (with a native `Rng`), `state_from_json`,
//! playouts and bulk simulation. The `State` API wrapper lives in Python
//! (`seedbed.games.stalk_exchange.native`).

use std::collections::BTreeMap;
use std::sync::Arc;

use pyo3::exceptions::{PyIndexError, PyKeyError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use pyo3::IntoPyObjectExt;
use seedbed_core::rng::{Rng, Seed};
use seedbed_core::stalk_exchange::actions::Action;
use seedbed_core::stalk_exchange::menu::{legal_actions, Frozen, Menu};
use seedbed_core::stalk_exchange::state::LoadError;
use seedbed_core::stalk_exchange::{game, observe, playout, rules, trace, Config, Zones};

use crate::bohnanza::{masked_seed, seed_rng};
use crate::playout::{traces_of, KindNames, TraceRow};
use crate::stalk_exchange_menu::StalkExchangeMenu;
use crate::{fast, stalk_exchange_events};

fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

/// An exception of `seedbed.engine.errors` built with `args` (the Python engine's own
/// classes, so `except IllegalActionError` catches native refusals too).
fn seedbed_error<'py>(
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

fn refused_error(py: Python<'_>, why: &game::Refused) -> PyErr {
    let class = if why.not_on_move {
        "NotOnMoveError"
    } else {
        "IllegalActionError"
    };
    seedbed_error(py, class, (why.message.as_str(), why.clause))
}

/// An action from its JSON text; `InvalidActionError` when malformed.
fn parse_action(py: Python<'_>, action_json: &str) -> PyResult<Action> {
    let value: serde_json::Value = serde_json::from_str(action_json)
        .map_err(|e| seedbed_error(py, "InvalidActionError", (format!("not JSON: {e}"),)))?;
    Action::from_json(&value).map_err(|e| seedbed_error(py, "InvalidActionError", (e,)))
}

/// Action codes of the State wrapper's fast path: the layout of the one game interface
/// (`seedbed_core::interface::stalk_exchange`), written once.
pub use seedbed_core::interface::stalk_exchange::{action_code, action_of_code};

/// A native Stalk Exchange position (the zones of `state.py`).
#[pyclass(module = "seedbed._native")]
pub struct StalkExchangeZones {
    pub inner: Zones,
    /// The action objects handed out at this position (`menu_tuple`, the item its lazy
    /// `StalkExchangeMenu` gave last), applied by identity (`apply_listed`).
    pub(crate) listed: fast::Listed<Action>,
}

impl From<Zones> for StalkExchangeZones {
    fn from(inner: Zones) -> Self {
        StalkExchangeZones {
            inner,
            listed: fast::Listed::new(),
        }
    }
}

impl Clone for StalkExchangeZones {
    /// The position only: a copy has handed out nothing yet.
    fn clone(&self) -> Self {
        StalkExchangeZones::from(self.inner.clone())
    }
}

impl StalkExchangeZones {
    /// The events as the wrapper's `Event` objects (every Stalk Exchange event is public).
    fn event_objects<'py>(
        py: Python<'py>,
        events: Vec<rules::Event>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        events
            .iter()
            .map(|e| stalk_exchange_events::event(py, e))
            .collect()
    }

    fn applied<'py>(
        &mut self,
        py: Python<'py>,
        player: i64,
        a: &Action,
    ) -> PyResult<(Bound<'py, PyList>, Bound<'py, PyTuple>)> {
        match game::apply(&mut self.inner, player, a) {
            Ok(events) => {
                self.listed.clear();
                let events = Self::event_objects(py, events)?;
                fast::applied(py, events, game::movers(&self.inner))
            }
            Err(why) => Err(refused_error(py, &why)),
        }
    }
}

#[pymethods]
impl StalkExchangeZones {
    /// The complete state as JSON text, as `StalkExchangeState.to_json()` gives it.
    fn to_json(&self) -> String {
        self.inner.to_json().to_string()
    }

    /// `StalkExchangeState.key()`, character for character.
    fn key(&self) -> String {
        self.inner.key()
    }

    fn clone(&self) -> StalkExchangeZones {
        Clone::clone(self)
    }

    /// Seats that may act now (`to_move()`).
    fn to_move(&self) -> Vec<usize> {
        game::movers(&self.inner)
    }

    fn is_terminal(&self) -> bool {
        game::is_terminal(&self.inner)
    }

    /// `outcome().to_json()` as JSON text; ValueError before the end, as in Python.
    fn outcome_json(&self) -> PyResult<String> {
        game::outcome(&self.inner)
            .map(|o| o.to_json().to_string())
            .ok_or_else(|| value_error("the game is not over"))
    }

    /// `outcome()` as (scores, ranks, winners, tie-break values), without JSON (the rewards
    /// of every ISMCTS rollout); ValueError before the end.
    #[allow(clippy::type_complexity)]
    fn outcome_tuple(&self) -> PyResult<(Vec<i64>, Vec<i64>, Vec<usize>, Vec<i64>)> {
        game::outcome(&self.inner)
            .map(|o| (o.scores, o.ranks, o.winners, o.tiebreak))
            .ok_or_else(|| value_error("the game is not over"))
    }

    /// The length of `legal_actions(player)` (0 for a player not on the move).
    fn menu_len(&self, player: i64) -> usize {
        legal_actions(&self.inner, player).len()
    }

    /// Items of `legal_actions(player)` at `indices` (negative counts from the end), as a JSON
    /// array of action JSON. IndexError when an index is out of range.
    fn menu_items_json(&self, player: i64, indices: Vec<i64>) -> PyResult<String> {
        let menu = legal_actions(&self.inner, player);
        let n = menu.len() as i64;
        let mut out = Vec::with_capacity(indices.len());
        for i in indices {
            let j = if i < 0 { i + n } else { i };
            let item = (0..n)
                .contains(&j)
                .then(|| menu.get(&self.inner, j as usize))
                .flatten()
                .ok_or_else(|| PyIndexError::new_err("menu index out of range"))?;
            out.push(item.to_json());
        }
        Ok(serde_json::Value::from(out).to_string())
    }

    /// Item `i` (0 <= i < length) of `legal_actions(player)` as plain numbers, no JSON (a
    /// lazy menu decodes one item per call): (0, slot, q, r) a Plant, (1, slot, give, 0) a
    /// Swap, (2, 0, 0, 0) Flush, (3, 0, 0, 0) EndActions. IndexError when out of range.
    fn menu_item_parts(&self, player: i64, i: usize) -> PyResult<(u8, i64, i64, i64)> {
        let item = legal_actions(&self.inner, player)
            .get(&self.inner, i)
            .ok_or_else(|| PyIndexError::new_err("menu index out of range"))?;
        Ok(match item {
            Action::Plant { slot, space } => (0, slot, space.0, space.1),
            Action::Swap { slot, give } => (1, slot, give, 0),
            Action::Flush => (2, 0, 0, 0),
            Action::EndActions => (3, 0, 0, 0),
        })
    }

    /// The whole menu as a JSON array.
    fn menu_json(&self, player: i64) -> String {
        let menu: Menu = legal_actions(&self.inner, player);
        let out: Vec<serde_json::Value> = menu
            .items(&self.inner)
            .iter()
            .map(Action::to_json)
            .collect();
        serde_json::Value::from(out).to_string()
    }

    /// `legal_actions(player)` for the wrapper, `player` being on the move: the menu as a
    /// tuple of the wrapper's action objects (`actions`: its dict by code; `make(code)` makes
    /// and keeps a missing one; `codes`: its dict of codes by object), the same tuple again at
    /// the same position; a lazy [`StalkExchangeMenu`] when it is longer than `limit`; or its
    /// length when a short menu holds an action without a code.
    fn menu_tuple(
        slf: &Bound<'_, Self>,
        player: i64,
        limit: usize,
        actions: &Bound<'_, PyDict>,
        make: &Bound<'_, PyAny>,
        codes: &Bound<'_, PyDict>,
    ) -> PyResult<PyObject> {
        let py = slf.py();
        let mut this = slf.borrow_mut();
        if let Some(menu) = this.listed.menu_of(py, player) {
            return Ok(menu.into_any().unbind());
        }
        let menu = legal_actions(&this.inner, player);
        let n = menu.len();
        if n > limit {
            let frozen = Frozen::of(menu, &this.inner);
            let wrapper = (
                actions.clone().unbind(),
                make.clone().unbind(),
                codes.clone().unbind(),
            );
            let lazy = StalkExchangeMenu::new(frozen, slf.clone().unbind(), wrapper);
            return Ok(Py::new(py, lazy)?.into_any());
        }
        let natives = menu.items(&this.inner);
        let mut items = Vec::with_capacity(n);
        for a in &natives {
            match action_code(a) {
                Some(code) => items.push(fast::action_object(actions, make, code)?),
                None => return n.into_py_any(py),
            }
        }
        let tuple = PyTuple::new(py, items)?;
        this.listed.player = player;
        this.listed.menu = Some((tuple.clone().unbind(), natives));
        Ok(tuple.into_any().unbind())
    }

    /// `apply` of an action object this state handed out at this position (`menu_tuple`, or
    /// the last item a lazy menu of it decoded), found by identity: the events as `Event`s
    /// and the new movers. None when `action` is no such object or `player` no int (the
    /// wrapper then takes the code or JSON path). Refusals as `apply_json`.
    fn apply_listed<'py>(
        &mut self,
        py: Python<'py>,
        player: &Bound<'py, PyAny>,
        action: &Bound<'py, PyAny>,
    ) -> PyResult<Option<(Bound<'py, PyList>, Bound<'py, PyTuple>)>> {
        let Some(a) = self.listed.find(action) else {
            return Ok(None);
        };
        let Ok(player) = player.extract::<i64>() else {
            return Ok(None);
        };
        self.applied(py, player, &a).map(Some)
    }

    /// `apply` of an action given by its code ([`action_code`]): the events and the new
    /// movers; refusals as `apply_json`; InvalidActionError for a code no action has.
    fn apply_code<'py>(
        &mut self,
        py: Python<'py>,
        player: i64,
        code: u64,
    ) -> PyResult<(Bound<'py, PyList>, Bound<'py, PyTuple>)> {
        let a = action_of_code(code).ok_or_else(|| {
            seedbed_error(
                py,
                "InvalidActionError",
                (format!("no action has code {code}"),),
            )
        })?;
        self.applied(py, player, &a)
    }

    /// The code of the action given as JSON text, or None beyond the codes' layout;
    /// InvalidActionError when the JSON is malformed.
    #[staticmethod]
    fn action_code(py: Python<'_>, action_json: &str) -> PyResult<Option<u64>> {
        Ok(action_code(&parse_action(py, action_json)?))
    }

    /// The JSON text of the action with this code; ValueError for a code no action has.
    #[staticmethod]
    fn action_json(code: u64) -> PyResult<String> {
        action_of_code(code)
            .map(|a| a.to_json().to_string())
            .ok_or_else(|| value_error(format!("no action has code {code}")))
    }

    /// Apply an action given as JSON text: the events as JSON text of
    /// `[[kind, public, private, private_to], ...]`; raises the Python engine's
    /// `NotOnMoveError` / `IllegalActionError` (same message and clause) and changes nothing
    /// when the action is illegal, `InvalidActionError` when it is malformed.
    fn apply_json(&mut self, py: Python<'_>, player: i64, action_json: &str) -> PyResult<String> {
        let action = parse_action(py, action_json)?;
        match game::apply(&mut self.inner, player, &action) {
            Ok(events) => {
                self.listed.clear();
                Ok(trace::events_json(&events))
            }
            Err(why) => Err(refused_error(py, &why)),
        }
    }

    /// Why the action (JSON text) is illegal for `player` now, as the error
    /// `StalkExchangeState.refusal` returns, or None when it is legal.
    fn refusal(
        &self,
        py: Python<'_>,
        player: i64,
        action_json: &str,
    ) -> PyResult<Option<PyObject>> {
        let action = parse_action(py, action_json)?;
        Ok(game::refusal(&self.inner, player, &action)
            .map(|why| refused_error(py, &why).into_value(py).into_any()))
    }

    /// `observe(viewer)` as JSON text, keys in Python's order. ValueError for a viewer that
    /// is not a seat of this game (`check_viewer`'s message).
    #[pyo3(signature = (viewer))]
    fn observe_json(&self, viewer: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let n = self.inner.cfg.num_players;
        let viewer = match viewer {
            None => None,
            Some(v) => {
                let seat = if v.is_instance_of::<pyo3::types::PyInt>() {
                    v.extract::<i64>()
                        .ok()
                        .filter(|s| (0..n as i64).contains(s))
                } else {
                    None
                };
                match seat {
                    Some(s) => Some(s as usize),
                    None => {
                        return Err(value_error(format!(
                            "viewer {} is not a seat of this {n}-player game",
                            v.repr()?
                        )))
                    }
                }
            }
        };
        Ok(observe::observe(&self.inner, viewer).to_string())
    }

    /// `determinize(viewer, rng)`: a new state in which what `viewer` cannot know is
    /// resampled with `rng`, which advances exactly as the Python `Rng` does (copy its
    /// `state` in and out to mirror a Python generator). A viewer that is not a seat (or None)
    /// resamples every portfolio, as in Python.
    #[pyo3(signature = (viewer, rng))]
    fn determinize(&self, viewer: Option<i64>, mut rng: PyRefMut<'_, crate::rng::Rng>) -> Self {
        let n = self.inner.cfg.num_players as i64;
        let viewer = viewer.filter(|v| (0..n).contains(v)).map(|v| v as usize);
        let mut d = Clone::clone(&self.inner);
        observe::determinize_into(&mut d, viewer, &mut rng.inner);
        StalkExchangeZones::from(d)
    }

    /// `playout(rng, max_steps)`: play this state in place with the uniform random policy of
    /// `seedbed.lab.simulate` until the game is over or `max_steps` actions were played;
    /// returns how many. `rng` advances exactly as the Python loop advances its generator.
    #[pyo3(signature = (rng, max_steps = u64::MAX))]
    fn playout(
        &mut self,
        py: Python<'_>,
        mut rng: PyRefMut<'_, crate::rng::Rng>,
        max_steps: u64,
    ) -> u64 {
        self.listed.clear();
        let mut generator = rng.inner;
        let state = &mut self.inner;
        let mut counts = BTreeMap::new();
        let steps =
            py.allow_threads(|| playout::playout(state, &mut generator, max_steps, &mut counts));
        rng.inner = generator;
        steps
    }

    /// The bytes this state holds (the shared configuration and board not counted).
    fn memory_bytes(&self) -> usize {
        self.inner.memory_bytes()
    }

    /// The action's text form (`str(action)`), from its JSON.
    #[staticmethod]
    fn action_text(py: Python<'_>, action_json: &str) -> PyResult<String> {
        Ok(parse_action(py, action_json)?.to_string())
    }

    fn __repr__(&self) -> String {
        let z = &self.inner;
        format!(
            "<native StalkExchangeZones {}p turn {} active {}{}>",
            z.cfg.num_players,
            z.turns,
            z.active,
            if z.over { " over" } else { "" }
        )
    }
}

/// The configuration of a new game, with Python's refusals (S-1: the player count; S-3: the
/// options, best already normalised by `normalize_options`).
fn new_config(num_players: &Bound<'_, PyAny>, options_json: Option<&str>) -> PyResult<Arc<Config>> {
    let options: serde_json::Value = match options_json {
        None => serde_json::Value::Null,
        Some(text) => serde_json::from_str(text)
            .map_err(|e| value_error(format!("options are not JSON: {e} [S-3]")))?,
    };
    let n: Option<usize> = if num_players.is_instance_of::<pyo3::types::PyBool>() {
        None
    } else {
        num_players.extract().ok()
    };
    let Some(n) = n else {
        return Err(value_error(format!(
            "Stalk Exchange takes 2-5 players, not {} [S-1]",
            num_players.repr()?
        )));
    };
    Ok(Arc::new(Config::new(n, &options).map_err(value_error)?))
}

/// A new Stalk Exchange position, as `seedbed.game("stalk_exchange").new_state(num_players,
/// seed, options)` deals it; `seed`: any int, masked to 64 bits as the Python generator does.
#[pyfunction]
#[pyo3(signature = (num_players, seed, options_json = None))]
pub fn stalk_exchange_new_state(
    num_players: &Bound<'_, PyAny>,
    seed: &Bound<'_, PyAny>,
    options_json: Option<&str>,
) -> PyResult<StalkExchangeZones> {
    let cfg = new_config(num_players, options_json)?;
    Ok(StalkExchangeZones::from(rules::deal(cfg, seed_rng(seed)?)))
}

/// `StalkExchange.state_from_json` for `to_json()` text. KeyError for a missing key (as in
/// Python), ValueError for text that is not JSON, bad options or a value the native state
/// cannot hold (Python stores such values unchecked).
#[pyfunction]
pub fn stalk_exchange_state_from_json(text: &str) -> PyResult<StalkExchangeZones> {
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| value_error(format!("a state must be JSON: {e}")))?;
    match game::state_from_json(&value) {
        Ok(inner) => Ok(StalkExchangeZones::from(inner)),
        Err(LoadError::Missing(key)) => Err(PyKeyError::new_err(key)),
        Err(LoadError::Bad(why)) => Err(value_error(why)),
    }
}

/// One game's result: scores, ranks, winners, tie-break values, actions played, the count of
/// each event kind that happened, and the ending: the crash triggers (S-38) and turns played.
type GameRow<'py> = (
    Vec<i64>,
    Vec<i64>,
    Vec<usize>,
    Vec<i64>,
    u64,
    Bound<'py, PyDict>,
    (Vec<i64>, i64),
);

/// `stalk_exchange_simulate(num_players, seeds, options_json=None, max_steps=1_000_000)`: for
/// each seed, the game `new_state(num_players, seed, options)` deals, played to the end with
/// the random policy of `seedbed.lab.simulate` (`policy_rng(seed)`), as `play_random_game`
/// plays it. A game that does not end within `max_steps` raises RuntimeError.
#[pyfunction]
#[pyo3(signature = (num_players, seeds, options_json = None, max_steps = 1_000_000))]
pub fn stalk_exchange_simulate<'py>(
    py: Python<'py>,
    num_players: &Bound<'_, PyAny>,
    seeds: Vec<Bound<'_, PyAny>>,
    options_json: Option<&str>,
    max_steps: u64,
) -> PyResult<Vec<GameRow<'py>>> {
    let cfg = new_config(num_players, options_json)?;
    let seeds = seeds
        .iter()
        .map(masked_seed)
        .collect::<PyResult<Vec<Seed>>>()?;
    let results = py.allow_threads(|| {
        seeds
            .iter()
            .map(|&seed| {
                playout::simulate_one(
                    rules::deal(cfg.clone(), Rng::from_seed(seed)),
                    seed,
                    max_steps,
                )
            })
            .collect::<Result<Vec<_>, String>>()
    });
    let results =
        results.map_err(|why| PyRuntimeError::new_err(format!("stalk_exchange {why}")))?;
    let mut names = KindNames::new(py);
    results
        .into_iter()
        .map(|g| {
            let o = g.outcome;
            let ending = (g.triggers, g.turns);
            let counts = names.counts(g.counts)?;
            Ok((
                o.scores, o.ranks, o.winners, o.tiebreak, g.steps, counts, ending,
            ))
        })
        .collect()
}

/// `stalk_exchange_traces(num_players, seeds, options_json=None, cap=None)`: for each seed, the
/// parity trace of the game `stalk_exchange_simulate` plays (`seedbed_core::trace`): (actions
/// played, digest as hex, whether the game ended), stopping after `cap` actions when given.
#[pyfunction]
#[pyo3(signature = (num_players, seeds, options_json = None, cap = None))]
pub fn stalk_exchange_traces(
    py: Python<'_>,
    num_players: &Bound<'_, PyAny>,
    seeds: Vec<Bound<'_, PyAny>>,
    options_json: Option<&str>,
    cap: Option<u64>,
) -> PyResult<Vec<TraceRow>> {
    let cfg = new_config(num_players, options_json)?;
    traces_of(py, &seeds, |seed| {
        trace::trace_one(rules::deal(cfg.clone(), Rng::from_seed(seed)), seed, cap)
    })
}
