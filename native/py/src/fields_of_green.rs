//! Fields of Green through PyO3: a configuration object built from the normalised options and
//! the normalised card data (validated in Python first), the state's zones (`to_json`, `key`,
//! `clone`), the game loop (movers, menus, apply with Python's refusals, outcome) with actions
//! crossing as the wrapper's shared action objects (kept here by the native action, D-53: a
//! short menu as a tuple of them, `menu_tuple`; a long one item by item, `menu_item`; applied
//! by identity, `apply_listed`) or as JSON text, and events as JSON text or as `Event` objects
//! built natively; observe, determinize, `state_from_json`, playouts, the greedy policy and
//! bulk simulation. The `State` API wrapper is `seedbed.games.fields_of_green.native`.

use std::collections::BTreeMap;
use std::sync::Arc;

use pyo3::exceptions::{PyIndexError, PyKeyError, PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use pyo3::IntoPyObjectExt;
use seedbed_core::fields_of_green::actions::Action;
use seedbed_core::fields_of_green::flow::movers;
use seedbed_core::fields_of_green::menu::legal_actions;
use seedbed_core::fields_of_green::resources::Water;
use seedbed_core::fields_of_green::state::Cell;
use seedbed_core::fields_of_green::state::LoadError;
use seedbed_core::fields_of_green::trace::{events_json, trace_one};
use seedbed_core::fields_of_green::{game, greedy, observe, playout, Config, Zones};
use seedbed_core::rng::{Rng, Seed};

use crate::bohnanza::{masked_seed, seed_rng};
use crate::fast;
use crate::playout::{traces_of, KindNames, TraceRow};

fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
}

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

fn parse_action(py: Python<'_>, action_json: &str) -> PyResult<Action> {
    let value: serde_json::Value = serde_json::from_str(action_json)
        .map_err(|e| seedbed_error(py, "InvalidActionError", (format!("not JSON: {e}"),)))?;
    Action::from_json(&value).map_err(|e| seedbed_error(py, "InvalidActionError", (e,)))
}

/// One game's fixed tables: the options and the card set, shared by its states.
#[pyclass(module = "seedbed._native", frozen)]
pub struct FieldsOfGreenConfig {
    inner: Arc<Config>,
}

/// `fields_of_green_config(num_players, options_json, cards_json)`: the configuration of the
/// normalised options with `cards_json` the normalised card data (`CardSet.to_json()`).
#[pyfunction]
pub fn fields_of_green_config(
    num_players: usize,
    options_json: &str,
    cards_json: &str,
) -> PyResult<FieldsOfGreenConfig> {
    let options: serde_json::Value =
        serde_json::from_str(options_json).map_err(|e| value_error(format!("options: {e}")))?;
    let cards: serde_json::Value =
        serde_json::from_str(cards_json).map_err(|e| value_error(format!("cards: {e}")))?;
    let cfg = Config::new(num_players, &options, &cards).map_err(value_error)?;
    Ok(FieldsOfGreenConfig {
        inner: Arc::new(cfg),
    })
}

/// The wrapper's action objects by native action, shared by every state (D-40's shared
/// objects: one immutable object per action, so a search's tree keys and the menus it reads
/// are the same objects); a missing one is made by the wrapper's `make(json_text)`.
static ACTIONS: fast::SharedCache<Action> = fast::SharedCache::new(Default::default);

/// The wrapper's shared object of `a` (from [`ACTIONS`], or made by `make`, then kept).
fn action_object<'py>(
    py: Python<'py>,
    a: Action,
    make: &Bound<'py, PyAny>,
) -> PyResult<Bound<'py, PyAny>> {
    fast::cached(&ACTIONS, py, a, |a| {
        let (kind, fields) = action_fields(py, a)?;
        make.call1((kind, fields, a.to_json_text()))
    })
}

/// What the wrapper's `make(kind, fields, json_text)` builds an action from: the index of
/// its kind (the order of `actions.CODEC`'s kinds, which is [`Action`]'s) and its fields in
/// the dataclass's order, as the Python codec reads them (a cell an `(x, y)` tuple, water a
/// tuple of `(x, y, amount)` tuples, no tile `NO_TILE`).
fn action_fields<'py>(py: Python<'py>, a: &Action) -> PyResult<(u8, Bound<'py, PyTuple>)> {
    let water = |w: &Water| PyTuple::new(py, w.iter().copied());
    let cell = |c: &Cell| PyTuple::new(py, [c.0, c.1]);
    let ints = |v: &[i64]| PyTuple::new(py, v.iter().copied());
    let card_cell = |c: i64, at: &Cell| -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, [c.into_bound_py_any(py)?, cell(at)?.into_any()])
    };
    let item_water = |c: i64, t: i64, w: &Water| -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(
            py,
            [
                c.into_bound_py_any(py)?,
                t.into_bound_py_any(py)?,
                water(w)?.into_any(),
            ],
        )
    };
    Ok(match a {
        Action::PlaceWater(w) => (0, PyTuple::new(py, [water(w)?])?),
        Action::DrawSplit(split) => (1, ints(split)?),
        Action::Commit(c) => (2, ints(&[*c])?),
        Action::Build(c, at, w) => (
            3,
            PyTuple::new(
                py,
                [
                    c.into_bound_py_any(py)?,
                    cell(at)?.into_any(),
                    water(w)?.into_any(),
                ],
            )?,
        ),
        Action::Tower(c, at) => (4, card_cell(*c, at)?),
        Action::Silo(c, at) => (5, card_cell(*c, at)?),
        Action::Market(c, food) => (6, ints(&[*c, *food])?),
        Action::Restore(c, at) => (7, card_cell(*c, at)?),
        Action::Attach(t) => (8, ints(&[*t])?),
        Action::SkipAttach => (9, PyTuple::empty(py)),
        Action::Keep(t) => (10, ints(&[*t])?),
        Action::Place(at) => (11, PyTuple::new(py, [cell(at)?])?),
        Action::SetAside => (12, PyTuple::empty(py)),
        Action::Choose(i) => (13, ints(&[*i])?),
        Action::Pay(w) => (14, PyTuple::new(py, [water(w)?])?),
        Action::Skip => (15, PyTuple::empty(py)),
        Action::PayHarvest(c, t, w) => (16, item_water(*c, *t, w)?),
        Action::Decline(c, t) => (17, ints(&[*c, *t])?),
        Action::EndHarvest => (18, PyTuple::empty(py)),
        Action::PayEnd(c, t, w) => (19, item_water(*c, *t, w)?),
        Action::EndScoring => (20, PyTuple::empty(py)),
    })
}

/// A native Fields of Green position.
#[pyclass(module = "seedbed._native")]
pub struct FieldsOfGreenZones {
    pub inner: Zones,
    /// The menu tuple handed out at this position (`menu_tuple`), applied by identity
    /// (`apply_listed`); forgotten when the position changes.
    listed: fast::Listed<Action>,
}

impl From<Zones> for FieldsOfGreenZones {
    fn from(inner: Zones) -> Self {
        FieldsOfGreenZones {
            inner,
            listed: fast::Listed::new(),
        }
    }
}

impl Clone for FieldsOfGreenZones {
    /// The position only: a copy has handed out nothing yet.
    fn clone(&self) -> Self {
        FieldsOfGreenZones::from(self.inner.clone())
    }
}

impl FieldsOfGreenZones {
    /// Apply `action` for `player`: the events as `Event` objects and the new movers.
    fn applied<'py>(
        &mut self,
        py: Python<'py>,
        player: i64,
        action: &Action,
    ) -> PyResult<(Bound<'py, PyList>, Bound<'py, PyTuple>)> {
        match game::apply(&mut self.inner, player, action) {
            Ok(events) => {
                self.listed.clear();
                let objects = events
                    .iter()
                    .map(|e| {
                        crate::fast::event_object(
                            py,
                            e.kind,
                            &e.public,
                            e.private.as_ref(),
                            &e.private_to,
                        )
                    })
                    .collect::<PyResult<Vec<_>>>()?;
                crate::fast::applied(py, objects, movers(&self.inner))
            }
            Err(why) => Err(refused_error(py, &why)),
        }
    }
}

fn is_mover(z: &Zones, player: i64) -> bool {
    movers(z).iter().any(|&m| m as i64 == player)
}

#[pymethods]
impl FieldsOfGreenZones {
    fn to_json(&self) -> String {
        self.inner.to_json().to_string()
    }

    fn key(&self) -> String {
        self.inner.key()
    }

    fn clone(&self) -> FieldsOfGreenZones {
        Clone::clone(self)
    }

    #[getter]
    fn num_players(&self) -> usize {
        self.inner.cfg.num_players
    }

    fn to_move(&self) -> Vec<usize> {
        movers(&self.inner)
    }

    fn is_terminal(&self) -> bool {
        game::is_terminal(&self.inner)
    }

    fn outcome_json(&self) -> PyResult<String> {
        game::outcome(&self.inner)
            .map(|o| o.to_json().to_string())
            .ok_or_else(|| value_error("the game is not over"))
    }

    #[allow(clippy::type_complexity)]
    fn outcome_tuple(&self) -> PyResult<(Vec<i64>, Vec<i64>, Vec<usize>, Vec<i64>)> {
        game::outcome(&self.inner)
            .map(|o| (o.scores, o.ranks, o.winners, o.tiebreak))
            .ok_or_else(|| value_error("the game is not over"))
    }

    /// The seven parts of F-73 for `player`.
    fn score_parts(&self, player: usize) -> PyResult<Vec<i64>> {
        if player >= self.inner.cfg.num_players {
            return Err(PyIndexError::new_err("no such player"));
        }
        Ok(seedbed_core::fields_of_green::scoring::score_parts(&self.inner, player).to_vec())
    }

    /// The length of `legal_actions(player)` (0 for a player not on the move).
    fn menu_len(&self, player: i64) -> usize {
        if !is_mover(&self.inner, player) {
            return 0;
        }
        legal_actions(&self.inner, player as usize).len()
    }

    /// Items of `legal_actions(player)` at `indices` (negative from the end), as JSON.
    fn menu_items_json(&self, player: i64, indices: Vec<i64>) -> PyResult<String> {
        if !is_mover(&self.inner, player) {
            return Err(PyIndexError::new_err("menu index out of range"));
        }
        let menu = legal_actions(&self.inner, player as usize);
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

    /// The whole menu as a JSON array.
    fn menu_json(&self, player: i64) -> String {
        if !is_mover(&self.inner, player) {
            return "[]".to_string();
        }
        let menu = legal_actions(&self.inner, player as usize);
        let out: Vec<serde_json::Value> = menu
            .items(&self.inner)
            .iter()
            .map(Action::to_json)
            .collect();
        serde_json::Value::from(out).to_string()
    }

    /// `legal_actions(player)` for the wrapper, `player` being on the move: the menu as a
    /// tuple of the wrapper's shared action objects (`make(json_text)` makes a missing one),
    /// the same tuple again at the same position; or its length when it is longer than
    /// `limit` (the wrapper's lazy menu then asks for items with `menu_item`).
    fn menu_tuple(
        slf: &Bound<'_, Self>,
        player: i64,
        limit: usize,
        make: &Bound<'_, PyAny>,
    ) -> PyResult<PyObject> {
        let py = slf.py();
        let mut this = slf.borrow_mut();
        if let Some(menu) = this.listed.menu_of(py, player) {
            return Ok(menu.into_any().unbind());
        }
        if !is_mover(&this.inner, player) {
            return Ok(PyTuple::empty(py).into_any().unbind());
        }
        let menu = legal_actions(&this.inner, player as usize);
        let n = menu.len();
        if n > limit {
            return n.into_py_any(py);
        }
        let natives = menu.items(&this.inner);
        let items = natives
            .iter()
            .map(|a| action_object(py, a.clone(), make))
            .collect::<PyResult<Vec<_>>>()?;
        let tuple = PyTuple::new(py, items)?;
        this.listed.player = player;
        this.listed.menu = Some((tuple.clone().unbind(), natives));
        Ok(tuple.into_any().unbind())
    }

    /// Item `index` of `legal_actions(player)` as the wrapper's shared action object (the
    /// wrapper's lazy menu keeps a copy of its position and asks it); remembered as the item
    /// picked last, which `apply_listed` of the state the menu came from finds.
    fn menu_item<'py>(
        &mut self,
        py: Python<'py>,
        player: i64,
        index: usize,
        make: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let item = is_mover(&self.inner, player)
            .then(|| legal_actions(&self.inner, player as usize).get(&self.inner, index))
            .flatten()
            .ok_or_else(|| PyIndexError::new_err("menu index out of range"))?;
        let obj = action_object(py, item.clone(), make)?;
        self.listed.picked = Some((obj.clone().unbind(), item));
        Ok(obj)
    }

    /// `apply` of an action object this state handed out at this position, found by
    /// identity: an item of its menu tuple, or the item its lazy menu (whose copy of the
    /// position is `menu`) gave last. `(events, movers)`; None when `action` is no such
    /// object or `player` no int (the wrapper then takes the JSON path). Refusals as
    /// `apply_json`.
    #[pyo3(signature = (player, action, menu = None))]
    fn apply_listed<'py>(
        &mut self,
        py: Python<'py>,
        player: &Bound<'py, PyAny>,
        action: &Bound<'py, PyAny>,
        menu: Option<&Bound<'py, FieldsOfGreenZones>>,
    ) -> PyResult<Option<(Bound<'py, PyList>, Bound<'py, PyTuple>)>> {
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

    /// `apply_json` with the events as `seedbed.engine.api.Event` objects built natively
    /// (what `json.loads` of their JSON would give) and the new movers, in one call:
    /// `(events, movers)`. Refusals as `apply_json`.
    fn apply_text<'py>(
        &mut self,
        py: Python<'py>,
        player: i64,
        action_json: &str,
    ) -> PyResult<(Bound<'py, PyList>, Bound<'py, PyTuple>)> {
        let action = parse_action(py, action_json)?;
        self.applied(py, player, &action)
    }

    /// Apply an action given as JSON text: the events as JSON text of
    /// `[[kind, public, private, private_to], ...]`; the Python engine's errors otherwise.
    fn apply_json(&mut self, py: Python<'_>, player: i64, action_json: &str) -> PyResult<String> {
        let action = parse_action(py, action_json)?;
        match game::apply(&mut self.inner, player, &action) {
            Ok(events) => {
                self.listed.clear();
                Ok(events_json(&events))
            }
            Err(why) => Err(refused_error(py, &why)),
        }
    }

    /// Why the action (JSON text) is illegal for `player` now, or None.
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

    /// `observe(viewer)` as JSON text; ValueError for a viewer that is not a seat.
    #[pyo3(signature = (viewer))]
    fn observe_json(&self, viewer: Option<&Bound<'_, PyAny>>) -> PyResult<String> {
        let n = self.inner.cfg.num_players;
        let viewer = match viewer {
            None => None,
            Some(v) => {
                let seat = if v.is_instance_of::<pyo3::types::PyInt>()
                    && !v.is_instance_of::<pyo3::types::PyBool>()
                {
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

    /// `determinize(viewer, rng)`: `rng` advances exactly as the Python `Rng` does.
    fn determinize(&self, viewer: usize, mut rng: PyRefMut<'_, crate::rng::Rng>) -> PyResult<Self> {
        if viewer >= self.inner.cfg.num_players {
            return Err(value_error(format!("viewer {viewer} is not a seat")));
        }
        let mut d = Clone::clone(&self.inner);
        observe::determinize_into(&mut d, viewer, &mut rng.inner);
        Ok(FieldsOfGreenZones::from(d))
    }

    /// Play on in place with the random policy of `seedbed.lab.simulate`; returns the steps.
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

    /// Whether `greedy_choose` and `greedy_playout` are the Python greedy policy for this
    /// game: it is played with the shipped card set, the one the Python heuristics price.
    fn greedy_exact(&self) -> bool {
        greedy::prices_this_set(&self.inner.cfg)
    }

    /// Play on in place with the greedy policy (`heuristics.choose`) at every seat; returns
    /// the steps. `rng` advances exactly as the Python policy's would.
    #[pyo3(signature = (rng, max_steps = u64::MAX))]
    fn greedy_playout(
        &mut self,
        py: Python<'_>,
        mut rng: PyRefMut<'_, crate::rng::Rng>,
        max_steps: u64,
    ) -> u64 {
        self.listed.clear();
        let mut generator = rng.inner;
        let state = &mut self.inner;
        let steps = py.allow_threads(|| greedy::greedy_playout(state, &mut generator, max_steps));
        rng.inner = generator;
        steps
    }

    /// The greedy policy's action for `player` as the wrapper's shared action object, the
    /// one `menu_tuple` and `menu_item` give (None when not on the move).
    fn greedy_object<'py>(
        &self,
        py: Python<'py>,
        player: i64,
        mut rng: PyRefMut<'_, crate::rng::Rng>,
        make: &Bound<'py, PyAny>,
    ) -> PyResult<Option<Bound<'py, PyAny>>> {
        if !is_mover(&self.inner, player) {
            return Ok(None);
        }
        let mut generator = rng.inner;
        let state = &self.inner;
        let action = py.allow_threads(|| greedy::choose(state, player as usize, &mut generator));
        rng.inner = generator;
        action.map(|a| action_object(py, a, make)).transpose()
    }

    /// The action's text form (`str(action)`), from its JSON.
    #[staticmethod]
    fn action_text(py: Python<'_>, action_json: &str) -> PyResult<String> {
        Ok(parse_action(py, action_json)?.to_string())
    }

    fn __repr__(&self) -> String {
        let z = &self.inner;
        format!(
            "<native FieldsOfGreenZones {}p year {} phase {}>",
            z.cfg.num_players, z.year, z.phase
        )
    }
}

/// A new position, as `new_state(num_players, seed, options)` deals it.
#[pyfunction]
pub fn fields_of_green_new_state(
    config: &FieldsOfGreenConfig,
    seed: &Bound<'_, PyAny>,
) -> PyResult<FieldsOfGreenZones> {
    Ok(FieldsOfGreenZones {
        inner: game::new_state(config.inner.clone(), seed_rng(seed)?),
        listed: fast::Listed::new(),
    })
}

/// `state_from_json` for `to_json()` text under `config` (built from its options).
#[pyfunction]
pub fn fields_of_green_state_from_json(
    config: &FieldsOfGreenConfig,
    text: &str,
) -> PyResult<FieldsOfGreenZones> {
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| value_error(format!("a state must be JSON: {e}")))?;
    match game::state_from_json(&value, config.inner.clone()) {
        Ok(inner) => Ok(FieldsOfGreenZones::from(inner)),
        Err(LoadError::Missing(key)) => Err(PyKeyError::new_err(key)),
        Err(LoadError::Bad(why)) => Err(value_error(why)),
    }
}

type GameRow<'py> = (
    Vec<i64>,
    Vec<i64>,
    Vec<usize>,
    Vec<i64>,
    u64,
    Bound<'py, PyDict>,
);

/// For each seed, the game dealt with it played to the end with the random policy of
/// `seedbed.lab.simulate` (`policy_rng(seed)`).
#[pyfunction]
#[pyo3(signature = (config, seeds, max_steps = 1_000_000))]
pub fn fields_of_green_simulate<'py>(
    py: Python<'py>,
    config: &FieldsOfGreenConfig,
    seeds: Vec<Bound<'_, PyAny>>,
    max_steps: u64,
) -> PyResult<Vec<GameRow<'py>>> {
    let cfg = config.inner.clone();
    let seeds = seeds
        .iter()
        .map(masked_seed)
        .collect::<PyResult<Vec<Seed>>>()?;
    let results = py.allow_threads(|| {
        seeds
            .iter()
            .map(|&seed| {
                playout::simulate_one(
                    game::new_state(cfg.clone(), Rng::from_seed(seed)),
                    seed,
                    max_steps,
                )
            })
            .collect::<Result<Vec<_>, String>>()
    });
    let results =
        results.map_err(|why| PyRuntimeError::new_err(format!("fields_of_green {why}")))?;
    let mut names = KindNames::new(py);
    results
        .into_iter()
        .map(|g| {
            let o = g.outcome;
            let counts = names.counts(g.counts)?;
            Ok((o.scores, o.ranks, o.winners, o.tiebreak, g.steps, counts))
        })
        .collect()
}

/// `fields_of_green_traces(config, seeds, cap=None)`: for each seed, the parity trace of the
/// game `fields_of_green_simulate` plays under `config` (`seedbed_core::trace`): (actions
/// played, digest as hex, whether the game ended), stopping after `cap` actions when given.
#[pyfunction]
#[pyo3(signature = (config, seeds, cap = None))]
pub fn fields_of_green_traces(
    py: Python<'_>,
    config: &FieldsOfGreenConfig,
    seeds: Vec<Bound<'_, PyAny>>,
    cap: Option<u64>,
) -> PyResult<Vec<TraceRow>> {
    let cfg = config.inner.clone();
    traces_of(py, &seeds, |seed| {
        trace_one(
            game::new_state(cfg.clone(), Rng::from_seed(seed)),
            seed,
            cap,
        )
    })
}
