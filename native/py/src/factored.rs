//! `seedbed._native.FactoredActions` (issue 34 target 1, D-86): a factored compact action
//! space in the core (Fields of Green's), the twin of `seedbed.adapters.compact.
//! CompactActions` over `seedbed.engine.factored`: the draft's mask written into a NumPy
//! array, an integer taken (a step of the draft, or the full integer it completes applied by
//! the game's [`Encoder`] without an action object), the draft's features.
//! `seedbed_core::encode::factored` does the work; the legal full integers come from the
//! encoder's native action encoding.

use std::cell::Cell;

use pyo3::buffer::PyBuffer;
use pyo3::prelude::*;
use seedbed_core::encode::factored::{Draft, FactoredSpace, Moment};

use crate::encode::{cells, mask_into, Codec, Encoder};
use crate::state::value_error;

/// One environment's factored space: the game's encoder, the space, the moment read at the
/// last position, the draft.
#[pyclass(module = "seedbed._native")]
pub struct FactoredActions {
    encoder: Py<Encoder>,
    space: FactoredSpace,
    moment: Option<Moment>,
    draft: Draft,
    legal: Vec<usize>,
}

impl FactoredActions {
    /// The full integer `index` completes (None: the draft grew), the draft changed in place.
    fn take(&mut self, index: usize) -> PyResult<Option<usize>> {
        let moment = self
            .moment
            .as_ref()
            .ok_or_else(|| value_error("no seat decides now"))?;
        self.space
            .take(moment, &mut self.draft, index)
            .map_err(value_error)
    }

    fn player(&self) -> usize {
        self.moment.as_ref().map_or(0, Moment::player)
    }

    /// [`Self::start`] with the full encoding's `codec`.
    pub(crate) fn start_with(
        &mut self,
        codec: &dyn Codec,
        zones: &Bound<'_, PyAny>,
        player: usize,
    ) -> PyResult<()> {
        let mut full = Vec::new();
        if !codec.legal(zones, player as i64, &mut full)? {
            return Err(value_error("this game's actions have no native encoding"));
        }
        self.moment = Some(Moment::new(player, full));
        self.draft.clear();
        Ok(())
    }

    /// [`Self::play`] with the full encoding's `codec`.
    pub(crate) fn play_with(
        &mut self,
        codec: &dyn Codec,
        zones: &Bound<'_, PyAny>,
        index: usize,
    ) -> PyResult<bool> {
        let Some(full) = self.take(index)? else {
            return Ok(false);
        };
        if !codec.apply_index(zones, self.player() as i64, full)? {
            return Err(value_error(format!("{full} was refused")));
        }
        Ok(true)
    }

    /// The mask into `cells` (`size` of them); how many are legal.
    pub(crate) fn write_mask(&mut self, cells: &[Cell<i8>]) -> usize {
        self.legal.clear();
        if let Some(m) = &self.moment {
            self.space.legal(m, &self.draft, &mut self.legal);
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
impl FactoredActions {
    /// The space described by `spec_json` (`native_compact_spec` of the game's
    /// `native_encoder` module) over the full encoding of `encoder`.
    #[new]
    fn new(encoder: Py<Encoder>, spec_json: &str) -> PyResult<FactoredActions> {
        let spec: serde_json::Value =
            serde_json::from_str(spec_json).map_err(|e| value_error(e.to_string()))?;
        Ok(FactoredActions {
            encoder,
            space: FactoredSpace::from_spec(&spec).map_err(value_error)?,
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

    /// A new position: read `player`'s legal full integers of `zones`; no draft open.
    fn start(&mut self, py: Python<'_>, zones: &Bound<'_, PyAny>, player: usize) -> PyResult<()> {
        let encoder = self.encoder.clone_ref(py);
        let codec = &encoder.borrow(py).codec;
        self.start_with(codec.as_ref(), zones, player)
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
            self.space.legal(m, &self.draft, &mut out);
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
        py: Python<'_>,
        zones: &Bound<'_, PyAny>,
        index: usize,
    ) -> PyResult<Option<String>> {
        let Some(full) = self.take(index)? else {
            return Ok(None);
        };
        let encoder = self.encoder.clone_ref(py);
        let text = encoder
            .borrow(py)
            .codec
            .action_json(zones, self.player(), full)?;
        text.map(Some)
            .ok_or_else(|| value_error(format!("{full} names no action now")))
    }

    /// Take integer `index` and, when it completes a full integer, apply its action for the
    /// deciding seat (no action object made): True when the game moved, False when the draft
    /// grew. ValueError when `index` is not legal now or the rules refuse the action.
    fn play(&mut self, py: Python<'_>, zones: &Bound<'_, PyAny>, index: usize) -> PyResult<bool> {
        let encoder = self.encoder.clone_ref(py);
        let codec = &encoder.borrow(py).codec;
        self.play_with(codec.as_ref(), zones, index)
    }
}
