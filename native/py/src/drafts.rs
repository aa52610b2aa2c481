//! One game's draft of a compact action space as the vector environment's batch step takes
//! it (issue 34 target 1, D-86): Bohnanza's offers ([`CompactActions`]) or a factored full
//! encoding ([`FactoredActions`]), whichever class the environment made.

use std::cell::Cell;

use pyo3::prelude::*;

use crate::bohnanza::BohnanzaZones;
use crate::compact::CompactActions;
use crate::encode::Codec;
use crate::factored::FactoredActions;

/// A borrowed draft of either class.
pub(crate) enum Drafts<'py> {
    Offers(PyRefMut<'py, CompactActions>),
    Factored(PyRefMut<'py, FactoredActions>),
}

impl<'py> Drafts<'py> {
    /// The draft `held` (a `CompactActions` or a `FactoredActions`), borrowed.
    pub(crate) fn of(held: &Bound<'py, PyAny>) -> PyResult<Drafts<'py>> {
        if let Ok(offers) = held.downcast::<CompactActions>() {
            return Ok(Drafts::Offers(offers.try_borrow_mut()?));
        }
        Ok(Drafts::Factored(
            held.downcast::<FactoredActions>()?.try_borrow_mut()?,
        ))
    }

    /// The number of integers of its space.
    pub(crate) fn size(&self) -> usize {
        match self {
            Drafts::Offers(d) => d.size(),
            Drafts::Factored(d) => d.size(),
        }
    }

    /// The width of its features.
    pub(crate) fn width(&self) -> usize {
        match self {
            Drafts::Offers(d) => d.draft_width(),
            Drafts::Factored(d) => d.draft_width(),
        }
    }

    /// A new position: `player`'s moment of `zones`, no draft open.
    pub(crate) fn start(
        &mut self,
        codec: &dyn Codec,
        zones: &Bound<'_, PyAny>,
        player: usize,
    ) -> PyResult<()> {
        match self {
            Drafts::Offers(d) => d.start(zones.downcast::<BohnanzaZones>()?, player),
            Drafts::Factored(d) => d.start_with(codec, zones, player),
        }
    }

    /// Nothing is legal (the game is over).
    pub(crate) fn clear(&mut self) {
        match self {
            Drafts::Offers(d) => d.clear(),
            Drafts::Factored(d) => d.clear(),
        }
    }

    /// Take `index`: True when an action was applied, False when the draft grew.
    pub(crate) fn play(
        &mut self,
        codec: &dyn Codec,
        zones: &Bound<'_, PyAny>,
        index: usize,
    ) -> PyResult<bool> {
        match self {
            Drafts::Offers(d) => d.play(zones.downcast::<BohnanzaZones>()?, index),
            Drafts::Factored(d) => d.play_with(codec, zones, index),
        }
    }

    /// The mask into `mask` (`size` cells) and the features into `features` (`width`).
    pub(crate) fn write(&mut self, mask: &[Cell<i8>], features: &[Cell<f32>]) {
        match self {
            Drafts::Offers(d) => {
                d.write_mask(mask);
                d.write_features(features);
            }
            Drafts::Factored(d) => {
                d.write_mask(mask);
                d.write_features(features);
            }
        }
    }
}
