//! `seedbed._native.CompactActions` (issue 34 item 3): Bohnanza's compact action space in
//! the core, the twin of `seedbed.adapters.compact.CompactActions` (the draft and the moment
//! of one environment): the mask of the draft written into a NumPy array, an integer taken
//! (a step of the draft, or an action applied to the native state without an action object),
//! the draft's features. `seedbed_core::encode::compact` does the work; the Python encoding
//! is the reference (`seedbed.games.bohnanza.compact`).

use std::cell::Cell;

use pyo3::buffer::PyBuffer;
use pyo3::prelude::*;
use seedbed_core::bohnanza::actions::Action;
use seedbed_core::encode::compact::{CompactSpace, Draft, Moment};
use seedbed_core::interface::NativeGame;

use crate::bohnanza::BohnanzaZones;
use crate::encode::{cells, mask_into};
use crate::state::{refused_error, value_error};

/// One environment's compact space: the space, the moment read at the last position, the
/// draft.
#[pyclass(module = "seedbed._native")]
pub struct CompactActions {
    space: CompactSpace,
    moment: Option<Moment>,
    draft: Draft,
    legal: Vec<usize>,
}

impl CompactActions {
    /// The action of `index` (None: the draft grew), the draft changed in place.
    fn take(&mut self, zones: &Bound<'_, BohnanzaZones>, index: usize) -> PyResult<Option<Action>> {
        let moment = self
            .moment
            .as_ref()
            .ok_or_else(|| value_error("no seat decides now"))?;
        let z = zones.borrow();
        moment
            .choose(&self.space, &z.inner, &mut self.draft, index)
            .map_err(value_error)
    }
}

impl CompactActions {
    /// The mask into `cells` (`size` of them); how many are legal.
    pub(crate) fn write_mask(&mut self, cells: &[Cell<i8>]) -> usize {
        self.legal.clear();
        if let Some(m) = &self.moment {
            m.legal(&self.space, &self.draft, &mut self.legal);
        }
        mask_into(cells, &self.legal);
        self.legal.len()
    }

    /// The draft's features into `cells` (`draft_width` of them).
    pub(crate) fn write_features(&self, cells: &[Cell<f32>]) {
        let mut values = vec![0.0; cells.len()];
        self.space.features(&self.draft, &mut values);
        for (c, v) in cells.iter().zip(values) {
            c.set(v);
        }
    }
}

#[pymethods]
impl CompactActions {
    /// The space of `game` (Bohnanza's) from the JSON spec of its Python encoding
    /// (`native_compact_spec` of the game's `native_encoder` module).
    #[new]
    fn new(game: &str, spec_json: &str) -> PyResult<CompactActions> {
        if game != "bohnanza" {
            return Err(value_error(format!("no native compact space for {game:?}")));
        }
        let spec: serde_json::Value =
            serde_json::from_str(spec_json).map_err(|e| value_error(e.to_string()))?;
        Ok(CompactActions {
            space: CompactSpace::from_spec(&spec).map_err(value_error)?,
            moment: None,
            draft: Draft::default(),
            legal: Vec::new(),
        })
    }

    /// The number of integers.
    #[getter]
    pub(crate) fn size(&self) -> usize {
        self.space.size()
    }

    /// The width of the draft's features.
    #[getter]
    pub(crate) fn draft_width(&self) -> usize {
        self.space.draft_width()
    }

    /// Whether a seat decides (a moment is read).
    #[getter]
    fn deciding(&self) -> bool {
        self.moment.is_some()
    }

    /// A new position: read `player`'s menu of `zones`; no draft open.
    pub(crate) fn start(
        &mut self,
        zones: &Bound<'_, BohnanzaZones>,
        player: usize,
    ) -> PyResult<()> {
        let z = zones.borrow();
        if player >= z.inner.num_players() {
            return Err(value_error(format!("{player} is not a seat of this game")));
        }
        self.moment = Some(self.space.moment(&z.inner, player).map_err(value_error)?);
        self.draft.clear();
        Ok(())
    }

    /// No seat decides (the end, a truncation): nothing is legal.
    pub(crate) fn clear(&mut self) {
        self.moment = None;
        self.draft.clear();
    }

    /// The integers legal now, ascending.
    fn legal(&self) -> Vec<usize> {
        let mut out = Vec::new();
        if let Some(m) = &self.moment {
            m.legal(&self.space, &self.draft, &mut out);
        }
        out
    }

    /// Write the mask into `out` (int8, at least `size` values); how many are legal.
    fn mask_into(&mut self, py: Python<'_>, out: PyBuffer<i8>) -> PyResult<usize> {
        let size = self.space.size();
        let cells = cells(py, &out, size)?;
        Ok(self.write_mask(&cells[..size]))
    }

    /// Write the draft's features into `out` (float32, at least `draft_width` values).
    fn features_into(&self, py: Python<'_>, out: PyBuffer<f32>) -> PyResult<()> {
        let width = self.space.draft_width();
        self.write_features(&cells(py, &out, width)?[..width]);
        Ok(())
    }

    /// Take integer `index`: the action to play as its JSON text, or None when it only grew
    /// the draft. ValueError when `index` is not legal now.
    fn choose(
        &mut self,
        zones: &Bound<'_, BohnanzaZones>,
        index: usize,
    ) -> PyResult<Option<String>> {
        Ok(self.take(zones, index)?.map(|a| a.to_json().to_string()))
    }

    /// Take integer `index` and, when it names an action, apply it for the deciding seat
    /// (no action object made): True when the game moved, False when the draft grew.
    /// ValueError when `index` is not legal now; the rules' refusal as the engine raises it.
    pub(crate) fn play(
        &mut self,
        zones: &Bound<'_, BohnanzaZones>,
        index: usize,
    ) -> PyResult<bool> {
        let Some(action) = self.take(zones, index)? else {
            return Ok(false);
        };
        let player = self.moment.as_ref().map_or(0, Moment::player) as i64;
        let mut z = zones.borrow_mut();
        let done = z.inner.apply_quiet(player, &action);
        z.forget();
        done.map_err(|why| refused_error(zones.py(), &why))?;
        Ok(true)
    }
}
