//! Bohnanza's events as the Python `Event` objects the Python engine makes, built straight
//! from the typed events (no JSON in between): the same kind, the same public and private
//! dicts with the same keys in the same order (`rules::Event::to_json` is the reference, and
//! the lockstep tests compare the two as JSON text), the same `private_to`. The rare kinds
//! with nested parts (offers, duel reveals, bought fields with payment, the end of the game)
//! go through `to_json`.

use std::sync::{LazyLock, Mutex, PoisonError};

use pyo3::intern;
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};
use rustc_hash::FxHashMap;
use seedbed_core::bohnanza::cards::{Card, VARIETIES};
use seedbed_core::bohnanza::rules::Event;
use seedbed_core::bohnanza::Config;

use crate::fast::{event_from_parts, event_object};

/// The card dicts made so far, by edition, player count and card (a few hundred at most).
static CARDS: LazyLock<Mutex<CardDicts>> = LazyLock::new(Default::default);

/// Card dicts by edition name, player count and card.
type CardDicts = FxHashMap<(&'static str, usize, Card), Py<PyDict>>;

/// `{"id": card, "variety": name}` (`Config::card_json`), made once per table and card and
/// shared by the events that show it (as events themselves are shared).
fn card<'py>(py: Python<'py>, cfg: &Config, c: Card) -> PyResult<Bound<'py, PyDict>> {
    let key = (cfg.options.edition.name(), cfg.num_players, c);
    let mut cards = CARDS.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(found) = cards.get(&key) {
        return Ok(found.bind(py).clone());
    }
    let d = PyDict::new(py);
    d.set_item(intern!(py, "id"), c)?;
    d.set_item(intern!(py, "variety"), VARIETIES[cfg.variety(c) as usize])?;
    cards.insert(key, d.clone().unbind());
    Ok(d)
}

fn cards<'py>(py: Python<'py>, cfg: &Config, cs: &[Card]) -> PyResult<Bound<'py, PyList>> {
    let items = cs
        .iter()
        .map(|&c| card(py, cfg, c))
        .collect::<PyResult<Vec<_>>>()?;
    PyList::new(py, items)
}

/// The Python `Event` of `e` at the table `cfg`.
pub fn event<'py>(py: Python<'py>, cfg: &Config, e: &Event) -> PyResult<Bound<'py, PyAny>> {
    let d = PyDict::new(py);
    let kind = e.kind();
    match e {
        Event::Turn { active, turn } => {
            d.set_item(intern!(py, "active"), active)?;
            d.set_item(intern!(py, "turn"), turn)?;
        }
        Event::Reveal { active, cards: cs } => {
            d.set_item(intern!(py, "active"), active)?;
            d.set_item(intern!(py, "cards"), cards(py, cfg, cs)?)?;
        }
        Event::Harvest {
            player,
            field,
            variety,
            count,
            coins,
            discarded,
            at_end,
        } => {
            d.set_item(intern!(py, "player"), player)?;
            d.set_item(intern!(py, "field"), field)?;
            d.set_item(intern!(py, "variety"), VARIETIES[*variety as usize])?;
            d.set_item(intern!(py, "count"), count)?;
            d.set_item(intern!(py, "coins"), coins)?;
            d.set_item(intern!(py, "discarded"), cards(py, cfg, discarded)?)?;
            d.set_item(intern!(py, "at_end"), at_end)?;
        }
        Event::Plant {
            player,
            field,
            card: c,
            source,
        } => {
            d.set_item(intern!(py, "player"), player)?;
            d.set_item(intern!(py, "field"), field)?;
            d.set_item(intern!(py, "card"), card(py, cfg, *c)?)?;
            d.set_item(intern!(py, "from"), source)?;
        }
        Event::EndTrading { expired, kept } => {
            d.set_item(intern!(py, "expired"), expired)?;
            d.set_item(intern!(py, "kept"), cards(py, cfg, kept)?)?;
        }
        Event::Draw { player, cards: cs } => {
            d.set_item(intern!(py, "player"), player)?;
            d.set_item(intern!(py, "count"), cs.len())?;
            let private = PyDict::new(py);
            private.set_item(intern!(py, "cards"), cards(py, cfg, cs)?)?;
            return event_from_parts(py, kind, d, private.into_any(), &[*player]);
        }
        Event::EndPlanting { player } | Event::Pass { player } => {
            d.set_item(intern!(py, "player"), player)?;
        }
        Event::Discard {
            player,
            card: c,
            source,
        } => {
            d.set_item(intern!(py, "player"), player)?;
            d.set_item(intern!(py, "card"), card(py, cfg, *c)?)?;
            d.set_item(intern!(py, "from"), source)?;
        }
        Event::Decline { offer_id, player } | Event::Withdraw { offer_id, player } => {
            d.set_item(intern!(py, "offer_id"), offer_id)?;
            d.set_item(intern!(py, "player"), player)?;
        }
        _ => {
            let j = e.to_json(cfg);
            return event_object(py, j.kind, &j.public, j.private.as_ref(), &j.private_to);
        }
    }
    event_from_parts(py, kind, d, py.None().into_bound(py), &[])
}
