//! `seedbed._native.FactoredActions` (issue 34 target 1, D-86): a factored compact action
//! space in the core (Fields of Green's), the twin of `seedbed.adapters.compact.
//! CompactActions` over `seedbed.engine.factored`: the draft's mask written into a NumPy
//! array, an integer taken (a step of the draft, or the full integer it completes applied by
//! the game's [`Encoder`] without an action object), the draft's features.
//! `seedbed_core::encode::factored` does the work; the legal full integers come from the
//! encoder's native action encoding. What it shares with Bohnanza's class is [`Drafting`]'s.

use pyo3::prelude::*;
use seedbed_core::encode::factored::{Draft, FactoredSpace, Moment};

use crate::drafts::{drafting_pymethods, Drafting, LegalNow};
use crate::encode::Encoder;
use crate::state::value_error;

/// One environment's factored space: the game's encoder, the space, the moment read at the
/// last position, the draft.
#[pyclass(module = "seedbed._native")]
pub struct FactoredActions {
    encoder: Py<Encoder>,
    space: FactoredSpace,
    moment: Option<Moment>,
    draft: Draft,
    legal: LegalNow,
}

impl FactoredActions {
    /// The full integer `index` (one of `legal`) completes (None: the draft grew), the draft
    /// changed in place.
    fn full_of(&mut self, index: usize, legal: &[usize]) -> PyResult<Option<usize>> {
        if self.moment.is_none() {
            return Err(value_error("no seat decides now"));
        }
        self.space
            .take_legal(&mut self.draft, index, legal)
            .map_err(value_error)
    }

    fn player(&self) -> usize {
        self.moment.as_ref().map_or(0, Moment::player)
    }
}

impl Drafting for FactoredActions {
    fn size(&self) -> usize {
        self.space.size()
    }

    fn draft_width(&self) -> usize {
        self.space.draft_width()
    }

    fn deciding(&self) -> bool {
        self.moment.is_some()
    }

    fn list_legal(&self, out: &mut Vec<usize>) {
        if let Some(m) = &self.moment {
            self.space.legal(m, &self.draft, out);
        }
    }

    fn features(&self, out: &mut [f32]) {
        self.space.features(&self.draft, out);
    }

    /// The legal full integers of `player` (the encoder's).
    fn read(&mut self, zones: &Bound<'_, PyAny>, player: usize) -> PyResult<()> {
        let mut full = Vec::new();
        let encoder = self.encoder.bind(zones.py()).borrow();
        if !encoder.codec.legal(zones, player as i64, &mut full)? {
            return Err(value_error("this game's actions have no native encoding"));
        }
        self.moment = Some(Moment::new(player, full));
        self.draft.clear();
        Ok(())
    }

    fn forget(&mut self) {
        self.moment = None;
        self.draft.clear();
    }

    /// The full integer completed is applied by the encoder.
    fn take(&mut self, zones: &Bound<'_, PyAny>, index: usize, legal: &[usize]) -> PyResult<bool> {
        let Some(full) = self.full_of(index, legal)? else {
            return Ok(false);
        };
        let encoder = self.encoder.bind(zones.py()).borrow();
        if !encoder
            .codec
            .apply_index(zones, self.player() as i64, full)?
        {
            return Err(value_error(format!("{full} was refused")));
        }
        Ok(true)
    }

    fn choose_in(
        &mut self,
        zones: &Bound<'_, PyAny>,
        index: usize,
        legal: &[usize],
    ) -> PyResult<Option<String>> {
        let Some(full) = self.full_of(index, legal)? else {
            return Ok(None);
        };
        let encoder = self.encoder.bind(zones.py()).borrow();
        let text = encoder.codec.action_json(zones, self.player(), full)?;
        text.map(Some)
            .ok_or_else(|| value_error(format!("{full} names no action now")))
    }

    fn legal_now(&mut self) -> &mut LegalNow {
        &mut self.legal
    }
}

drafting_pymethods!(FactoredActions, {
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
            legal: LegalNow::default(),
        })
    }
});
