//! Bohnanza through PyO3: for now the state's zones (`to_json`, `key`, `clone`) and the
//! drawing rules, enough for the parity tests of `tests/native/`. The `State` API wrapper
//! (to_move, legal_actions, apply, observe, …) comes with the ported menus and actions.

use std::sync::Arc;

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use seedbed_core::bohnanza::{rules, Config, Options, Zones};

fn value_error(message: impl Into<String>) -> PyErr {
    PyValueError::new_err(message.into())
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
#[derive(Clone)]
pub struct BohnanzaZones {
    pub inner: Zones,
}

#[pymethods]
impl BohnanzaZones {
    /// The complete state as JSON text, as `BohnanzaState.to_json()` gives it.
    fn to_json(&self) -> String {
        self.inner.to_json().to_string()
    }

    /// `BohnanzaState.key()`, character for character.
    fn key(&self) -> String {
        self.inner.key()
    }

    fn clone(&self) -> BohnanzaZones {
        Clone::clone(self)
    }

    /// `rules.draw(s, count, events)`: (cards, final, events as JSON text of
    /// `[[kind, public], ...]`). Cards go out as a list of ints (a `Vec<u8>` would become
    /// `bytes`).
    fn draw(&mut self, count: usize) -> (Vec<u32>, bool, String) {
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
        // Every card id is below the game's card count (at most 154), so it fits a u8.
        self.inner
            .discard
            .extend(cards.into_iter().map(|c| c as u8));
        Ok(())
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
    let seed: u64 = seed.bitand(u64::MAX)?.extract()?;
    let cfg = Config::new(options, n).map_err(value_error)?;
    Ok(BohnanzaZones {
        inner: rules::setup(Arc::new(cfg), seed),
    })
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
