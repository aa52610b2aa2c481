//! Bohnanza through PyO3: the one state class ([`crate::state`]) declared for Bohnanza, with
//! what is the game's own: its events (shared objects), its menus of the wrapper's action
//! objects (offers made as `Offer`, found from their fields), the drawing rules, the greedy
//! policy, determinize's viewer rule, new states and `state_from_json`. The `State` API
//! wrapper is `seedbed.games.bohnanza.native` over `seedbed.engine.native_state`.

use std::sync::Arc;

use pyo3::exceptions::{PyIndexError, PyKeyError};
use pyo3::prelude::*;
use pyo3::sync::GILOnceCell;
use pyo3::types::{PyDict, PyTuple};
use pyo3::IntoPyObjectExt;
use seedbed_core::bohnanza::actions::{Action, OfferAction};
use seedbed_core::bohnanza::menu::{legal_actions, Menu};
use seedbed_core::bohnanza::state::LoadError;
use seedbed_core::bohnanza::{
    codes, game, greedy, observe, playout, rules, Config, Options, Zones,
};

use crate::fast;
use crate::state::value_error;
use seedbed_core::rng::{Rng, Seed};

#[path = "bohnanza_events.rs"]
mod events;

/// An action from its JSON text; `InvalidActionError` when malformed.
fn parse_action(py: Python<'_>, action_json: &str) -> PyResult<Action> {
    crate::state::parse_action::<Zones>(py, action_json)
}

fn parse_options(options_json: Option<&str>) -> PyResult<Options> {
    let value: serde_json::Value = match options_json {
        None => serde_json::Value::Null,
        Some(text) => serde_json::from_str(text)
            .map_err(|e| value_error(format!("options are not JSON: {e} [B-3]")))?,
    };
    Options::from_json(&value).map_err(value_error)
}

/// A native Bohnanza position (the zones of `state.py`).
#[pyclass(module = "seedbed._native")]
pub struct BohnanzaZones {
    pub inner: Zones,
    /// The action objects handed out at this position (`menu_tuple`, `menu_item` of a
    /// clone), applied by identity (`apply_listed`).
    listed: fast::Listed<Action>,
    /// The menu of a player at this position (a lazy menu's clone decodes items from it).
    memo: Option<(i64, Menu)>,
}

impl From<Zones> for BohnanzaZones {
    fn from(inner: Zones) -> Self {
        BohnanzaZones {
            inner,
            listed: fast::Listed::new(),
            memo: None,
        }
    }
}

/// What determines an event's Python object besides the event: the card table.
type EventKey = (&'static str, usize, rules::Event);

static EVENTS: fast::SharedCache<EventKey> = fast::SharedCache::new(Default::default);

/// Whether events like `e` recur often enough to keep (no lists of drawn or discarded cards,
/// no offer ids, which only grow).
fn repeats(e: &rules::Event) -> bool {
    use rules::Event as E;
    matches!(
        e,
        E::Turn { .. }
            | E::Plant { .. }
            | E::Pass { .. }
            | E::EndPlanting { .. }
            | E::Discard { .. }
            | E::Exhaustion { .. }
            | E::Reshuffle { .. }
    )
}

static OFFER_CLASS: GILOnceCell<Py<PyAny>> = GILOnceCell::new();

/// The Python `Offer` of an offer action (its fields as the menu made them: canonical).
fn offer_object<'py>(py: Python<'py>, o: &OfferAction) -> PyResult<Bound<'py, PyAny>> {
    let class = OFFER_CLASS.import(py, "seedbed.games.bohnanza.actions", "Offer")?;
    class.call1((
        o.to,
        PyTuple::new(py, &o.give_faceup)?,
        PyTuple::new(py, &o.give_hand)?,
        PyTuple::new(py, &o.want)?,
        PyTuple::new(py, &o.want_faceup)?,
    ))
}

impl Clone for BohnanzaZones {
    /// The position only: a copy has applied nothing yet.
    fn clone(&self) -> Self {
        BohnanzaZones::from(self.inner.clone())
    }
}

crate::state::native_state!(BohnanzaZones, Zones, {
    /// `rules.draw(s, count, events)`: (cards, final, events as JSON text of
    /// `[[kind, public], ...]`). Cards go out as a list of ints (a `Vec<u8>` would become
    /// `bytes`).
    fn draw(&mut self, count: usize) -> (Vec<u32>, bool, String) {
        self.forget();
        let mut ev = Vec::new();
        let (cards, last) = rules::draw(&mut self.inner, count, &mut ev);
        let events: Vec<serde_json::Value> = ev
            .iter()
            .map(|e| {
                let e = e.to_json(&self.inner.cfg);
                serde_json::json!([e.kind, e.public])
            })
            .collect();
        let cards = cards.into_iter().map(u32::from).collect();
        (cards, last, serde_json::Value::from(events).to_string())
    }

    /// Put cards on the discard pile (test set-up, as a test edits Python zones directly).
    fn discard_extend(&mut self, cards: Vec<u32>) -> PyResult<()> {
        let n = self.inner.cfg.num_cards();
        if let Some(bad) = cards.iter().find(|&&c| c as usize >= n) {
            return Err(value_error(format!("no card {bad} in this game")));
        }
        self.forget();
        // Every card id is below the game's card count (at most 154), so it fits a u8.
        self.inner
            .discard
            .extend(cards.into_iter().map(|c| c as u8));
        Ok(())
    }

    /// `legal_actions(player)` for the wrapper, `player` being on the move: the menu as a
    /// tuple of the wrapper's action objects (`actions`: its dict by code; `make(code)`
    /// makes and keeps a missing one), the same tuple again at the same position; or the
    /// menu's length when it is longer than `limit` or holds an action without a code (an
    /// offer).
    fn menu_tuple(
        &mut self,
        py: Python<'_>,
        player: i64,
        limit: usize,
        actions: &Bound<'_, PyDict>,
        make: &Bound<'_, PyAny>,
    ) -> PyResult<PyObject> {
        if let Some(menu) = self.listed.menu_of(py, player) {
            return Ok(menu.into_any().unbind());
        }
        let menu = self.menu(player);
        let n = menu.len();
        if n > limit || menu.offers.as_ref().is_some_and(|o| !o.is_empty()) {
            return n.into_py_any(py);
        }
        let mut items = Vec::with_capacity(n);
        for a in &menu.fixed {
            match wrapper_code(a) {
                Some(code) => items.push(fast::action_object(actions, make, code)?),
                None => return n.into_py_any(py),
            }
        }
        let tuple = PyTuple::new(py, items)?;
        self.listed.player = player;
        self.listed.menu = Some((tuple.clone().unbind(), menu.fixed));
        Ok(tuple.into_any().unbind())
    }

    /// Item `i` of `legal_actions(player)` (negative counts from the end) as the wrapper's
    /// action object (by code from `actions`/`make`; an offer made as `Offer`, any other
    /// action without a code by `make(json_text)`), remembered by `origin` (the state this
    /// position was cloned from) so that its `apply_listed` takes it without reading it back.
    /// The menu is built once per position. IndexError when out of range.
    fn menu_item<'py>(
        &mut self,
        py: Python<'py>,
        player: i64,
        i: i64,
        actions: &Bound<'py, PyDict>,
        make: &Bound<'py, PyAny>,
        origin: &Bound<'py, BohnanzaZones>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let menu = memo_menu(&mut self.memo, &self.inner, player);
        let n = menu.len() as i64;
        let j = if i < 0 { i + n } else { i };
        let a = (0..n)
            .contains(&j)
            .then(|| menu.get(j as usize))
            .flatten()
            .ok_or_else(|| PyIndexError::new_err("menu index out of range"))?;
        let obj = match (wrapper_code(&a), &a) {
            (Some(code), _) => fast::action_object(actions, make, code)?,
            (None, Action::Offer(o)) => offer_object(py, o)?,
            (None, _) => make.call1((a.to_json().to_string(),))?,
        };
        if let Ok(mut origin) = origin.try_borrow_mut() {
            origin.listed.picked = Some((obj.clone().unbind(), a));
        }
        Ok(obj)
    }

    /// Where an action is in `legal_actions(player)` (the menu built once per position, as
    /// for `menu_item`), or None when the menu does not list it: `action` is the action's
    /// code (`codes.rs`: the wrapper's `_CODES`, no JSON) or its JSON text (an action
    /// without a known code; the wrapper checks the item found against it with `==`, as a
    /// hand-built action may differ from what its JSON reads back as). InvalidActionError for
    /// malformed JSON or a code no action has.
    fn menu_index(
        &mut self,
        py: Python<'_>,
        player: i64,
        action: CodeOrJson,
    ) -> PyResult<Option<usize>> {
        let a = match action {
            CodeOrJson::Code(code) => crate::state::decode::<Zones>(py, code.into())?,
            CodeOrJson::Json(text) => parse_action(py, &text)?,
        };
        Ok(self.index_in_menu(player, &a))
    }

    /// Where the offer with these fields (an `Offer`'s, as they are) is in
    /// `legal_actions(player)`, or None when the menu does not list it: `OfferSpace.index`
    /// of `menu.py` without listing the offers (B-50). TypeError for fields that are not
    /// integers (the wrapper then asks the Python rules), OverflowError beyond 64 bits (no
    /// menu names such a number).
    fn menu_offer_index(
        &mut self,
        player: i64,
        to: Option<i64>,
        give_faceup: Vec<i64>,
        give_hand: Vec<i64>,
        want: Vec<i64>,
        want_faceup: Vec<i64>,
    ) -> Option<usize> {
        let want = want
            .into_iter()
            .map(|v| u8::try_from(v).ok())
            .collect::<Option<Vec<u8>>>()?;
        let offer = OfferAction {
            to,
            give_faceup,
            give_hand,
            want,
            want_faceup,
        };
        self.index_in_menu(player, &Action::Offer(Box::new(offer)))
    }

    /// Entries one generation of the shared event cache holds (`fast::CACHE_LIMIT` unless
    /// set): `limit` sets it (tests make generations turn over often); returns the old one.
    #[staticmethod]
    #[pyo3(signature = (limit = None))]
    fn event_cache_limit(limit: Option<usize>) -> usize {
        fast::cache_limit(&EVENTS, limit)
    }

    /// `determinize(viewer, rng)`: a new state in which what `viewer` cannot know is
    /// resampled with `rng`, which advances exactly as the Python `Rng` does in
    /// `BohnanzaState.determinize` (copy its `state` in and out to mirror a Python generator).
    /// A viewer that is not a seat (or None) resamples every hand, as in Python.
    #[pyo3(signature = (viewer, rng))]
    fn determinize(&self, viewer: Option<i64>, mut rng: PyRefMut<'_, crate::rng::Rng>) -> Self {
        let n = self.inner.cfg.num_players as i64;
        let viewer = viewer.filter(|v| (0..n).contains(v)).map(|v| v as usize);
        let mut d = Clone::clone(&self.inner);
        observe::determinize_into(&mut d, viewer, &mut rng.inner);
        BohnanzaZones::from(d)
    }

    /// `greedy_playout(rng, max_steps)`: play this state in place with the greedy policy
    /// (`heuristics.choose` at every seat, the first seat on the move playing) until the game
    /// is over or `max_steps` actions were played; returns how many. `rng` advances exactly as
    /// the Python loop advances its generator.
    #[pyo3(signature = (rng, max_steps = u64::MAX))]
    fn greedy_playout(
        &mut self,
        py: Python<'_>,
        mut rng: PyRefMut<'_, crate::rng::Rng>,
        max_steps: u64,
    ) -> u64 {
        self.forget();
        let mut generator = rng.inner;
        let state = &mut self.inner;
        let steps = py.allow_threads(|| playout::greedy_playout(state, &mut generator, max_steps));
        rng.inner = generator;
        steps
    }

    /// `greedy_choose(player, rng, actions, make)`: what `heuristics.choose(observe(player),
    /// legal_actions(player), rng)` plays, as the wrapper's action object (by code from
    /// `actions`/`make`, an offer made as `Offer`); `rng` draws as Python's. ValueError when
    /// `player` is not on the move (an empty menu, where Python's `max()` fails).
    fn greedy_choose<'py>(
        &self,
        py: Python<'py>,
        player: i64,
        mut rng: PyRefMut<'_, crate::rng::Rng>,
        actions: &Bound<'py, PyDict>,
        make: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let menu = self.menu(player);
        let mut generator = rng.inner;
        let seat = usize::try_from(player).unwrap_or(usize::MAX);
        let chosen = greedy::choose(&self.inner, seat, &menu, &mut generator);
        rng.inner = generator;
        let a = chosen.ok_or_else(|| value_error(format!("player {player} is not on the move")))?;
        match (wrapper_code(&a), &a) {
            (Some(code), _) => fast::action_object(actions, make, code),
            (None, Action::Offer(o)) => offer_object(py, o),
            (None, _) => make.call1((a.to_json().to_string(),)),
        }
    }

    /// The bytes this state holds: its own size and the heap its zones use (the shared
    /// configuration and offer records counted once, as a clone shares them).
    fn memory_bytes(&self) -> usize {
        self.inner.memory_bytes()
    }

    fn __repr__(&self) -> String {
        let s = &self.inner;
        format!(
            "<native BohnanzaZones {} {}p turn {} active {} phase {}>",
            s.cfg.options.edition.name(),
            s.cfg.num_players,
            s.turn,
            s.active,
            seedbed_core::bohnanza::state::phase_name(s.phase)
        )
    }
});

impl BohnanzaZones {
    /// The position changed: what was handed out for the old one is forgotten.
    pub(crate) fn forget(&mut self) {
        self.listed.clear();
        self.memo = None;
    }

    /// The events as the wrapper's `Event` objects; an event of a kind that repeats (not
    /// drawn cards) is made once and shared.
    fn event_objects<'py>(
        &self,
        py: Python<'py>,
        events: Vec<rules::Event>,
    ) -> PyResult<Vec<Bound<'py, PyAny>>> {
        let cfg = &self.inner.cfg;
        let table = (cfg.options.edition.name(), cfg.num_players);
        events
            .into_iter()
            .map(|e| {
                if !repeats(&e) {
                    return events::event(py, cfg, &e);
                }
                fast::cached(&EVENTS, py, (table.0, table.1, e), |(_, _, e)| {
                    events::event(py, cfg, e)
                })
            })
            .collect()
    }

    fn menu(&self, player: i64) -> Menu {
        menu_of(&self.inner, player)
    }

    /// Where `a` is in the (remembered) menu of `player`, or None.
    fn index_in_menu(&mut self, player: i64, a: &Action) -> Option<usize> {
        let menu = memo_menu(&mut self.memo, &self.inner, player);
        // an empty menu for a seat not on the move
        let p = usize::try_from(player).ok()?;
        menu.index(&self.inner, p, a)
    }
}

/// The menu of `player` at `s` (empty for a seat not on the move).
fn menu_of(s: &Zones, player: i64) -> Menu {
    let movers = game::movers(s);
    match movers.into_iter().find(|&q| q as i64 == player) {
        Some(p) => legal_actions(s, p),
        None => Menu::default(),
    }
}

/// The menu of `player` at `s`, built once per position and kept in `memo` (a lazy menu
/// asks one position for many items and memberships).
fn memo_menu<'a>(memo: &'a mut Option<(i64, Menu)>, s: &Zones, player: i64) -> &'a Menu {
    match memo {
        Some((p, _)) if *p == player => {}
        _ => *memo = Some((player, menu_of(s, player))),
    }
    &memo.as_ref().expect("just set").1
}

/// The code by which the wrapper shares an action object (its `CodeBook`), None for an
/// offer: offers are many and seldom repeat, so each is made as an `Offer` of its own rather
/// than kept (they have codes all the same, for integer actions).
fn wrapper_code(a: &Action) -> Option<u64> {
    match a {
        Action::Offer(_) => None,
        _ => codes::encode(a),
    }
}

/// An action as the wrapper passes it: its code, or its JSON text.
#[derive(FromPyObject)]
enum CodeOrJson {
    Code(u64),
    Json(String),
}

/// A new Bohnanza position, as `seedbed.game("bohnanza").new_state(num_players, seed,
/// options)` deals it. `options_json`: the options as JSON text (best the output of
/// `normalize_options`, whose refusals are the ones users see); `seed`: any int, masked to 64
/// bits as the Python generator does.
#[pyfunction]
#[pyo3(signature = (num_players, seed, options_json = None))]
pub fn bohnanza_new_state(
    num_players: &Bound<'_, PyAny>,
    seed: &Bound<'_, PyAny>,
    options_json: Option<&str>,
) -> PyResult<BohnanzaZones> {
    let cfg = new_config(num_players, options_json)?;
    Ok(BohnanzaZones::from(rules::setup(cfg, seed_rng(seed)?)))
}

/// The game's generator for a seed as Python takes it: any int, modulo `2**256`.
pub fn seed_rng(seed: &Bound<'_, PyAny>) -> PyResult<Rng> {
    Ok(Rng::from_seed(masked_seed(seed)?))
}

/// A seed as the Python generator takes it: any int, modulo `2**256`.
pub fn masked_seed(seed: &Bound<'_, PyAny>) -> PyResult<Seed> {
    let py = seed.py();
    let mask = 1i64.into_pyobject(py)?.lshift(256)?.sub(1)?;
    let bytes: Vec<u8> = seed
        .bitand(mask)?
        .call_method1("to_bytes", (32, "little"))?
        .extract()?;
    Ok(Seed(bytes.try_into().expect("to_bytes(32) gives 32 bytes")))
}

/// The configuration of a new game, with Python's refusals (B-2: the player count the
/// edition takes; B-3: the options).
pub fn new_config(
    num_players: &Bound<'_, PyAny>,
    options_json: Option<&str>,
) -> PyResult<Arc<Config>> {
    let options = parse_options(options_json)?;
    let edition = options.edition;
    let (least, most) = edition.player_counts();
    let n: Option<usize> = if num_players.is_instance_of::<pyo3::types::PyBool>() {
        None
    } else {
        num_players.extract().ok()
    };
    let n = match n {
        Some(n) if (least..=most).contains(&n) => n,
        _ => {
            return Err(value_error(format!(
                "the {} edition takes {least}-{most} players, not {} [B-2]",
                edition.name(),
                num_players.repr()?
            )))
        }
    };
    Ok(Arc::new(Config::new(options, n).map_err(value_error)?))
}

/// `bohnanza_new_state(...).to_json()`: the initial state as JSON text.
#[pyfunction]
#[pyo3(signature = (num_players, seed, options_json = None))]
pub fn bohnanza_new_state_json(
    num_players: &Bound<'_, PyAny>,
    seed: &Bound<'_, PyAny>,
    options_json: Option<&str>,
) -> PyResult<String> {
    Ok(bohnanza_new_state(num_players, seed, options_json)?.to_json())
}

/// `Bohnanza.state_from_json` for `to_json()` text: the inverse of `BohnanzaZones.to_json`.
/// KeyError for a missing key (as in Python), ValueError for text that is not JSON, bad
/// options, a player count the edition does not take, or a value the native state cannot
/// hold (a card id beyond the game's cards, a list without one entry per seat, a seat, slot,
/// phase or status out of range; Python stores such values unchecked).
#[pyfunction]
pub fn bohnanza_state_from_json(text: &str) -> PyResult<BohnanzaZones> {
    let value: serde_json::Value = serde_json::from_str(text)
        .map_err(|e| value_error(format!("a state must be JSON: {e}")))?;
    match game::state_from_json(&value) {
        Ok(inner) => Ok(BohnanzaZones::from(inner)),
        Err(LoadError::Missing(key)) => Err(PyKeyError::new_err(key)),
        Err(LoadError::Bad(why)) => Err(value_error(why)),
    }
}

/// The JSON text of the action with this code (`codes.rs`); ValueError for a code no action
/// has.
#[pyfunction]
pub fn bohnanza_action_json(code: u64) -> PyResult<String> {
    codes::decode(code)
        .map(|a| a.to_json().to_string())
        .ok_or_else(|| value_error(format!("no action has code {code}")))
}

/// The code of the action given as JSON text, or None for numbers beyond the codes' layout
/// (an offer larger than a menu lists); InvalidActionError when the JSON is malformed.
#[pyfunction]
pub fn bohnanza_action_code(py: Python<'_>, action_json: &str) -> PyResult<Option<u64>> {
    Ok(codes::encode(&parse_action(py, action_json)?))
}
