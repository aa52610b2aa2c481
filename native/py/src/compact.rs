//! `seedbed._native.CompactActions` (issue 34 item 3): Bohnanza's compact action space in
//! the core, the twin of `seedbed.adapters.compact.CompactActions` (the draft and the moment
//! of one environment): the mask of the draft written into a NumPy array, an integer taken
//! (a step of the draft, or an action applied to the native state without an action object),
//! the draft's features. `seedbed_core::encode::compact` does the work; the Python encoding
//! is the reference (`seedbed.games.bohnanza.compact`). What it shares with the factored
//! spaces' class is [`Drafting`]'s.

use pyo3::prelude::*;
use seedbed_core::bohnanza::actions::Action;
use seedbed_core::encode::compact::{CompactSpace, Draft, Moment};
use seedbed_core::interface::NativeGame;

use crate::bohnanza::BohnanzaZones;
use crate::drafts::{drafting_pymethods, Drafting, LegalNow};
use crate::state::{refused_error, value_error};

/// One environment's compact space: the space, the moment read at the last position, the
/// draft.
#[pyclass(module = "seedbed._native")]
pub struct CompactActions {
    space: CompactSpace,
    moment: Option<Moment>,
    draft: Draft,
    legal: LegalNow,
}

impl CompactActions {
    /// The action of `index`, one of `legal` (None: the draft grew), the draft changed in
    /// place.
    fn action_of(
        &mut self,
        zones: &Bound<'_, BohnanzaZones>,
        index: usize,
        legal: &[usize],
    ) -> PyResult<Option<Action>> {
        let moment = self
            .moment
            .as_ref()
            .ok_or_else(|| value_error("no seat decides now"))?;
        let z = zones.borrow();
        moment
            .choose_legal(&self.space, &z.inner, &mut self.draft, index, legal)
            .map_err(value_error)
    }
}

impl Drafting for CompactActions {
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
            m.legal(&self.space, &self.draft, out);
        }
    }

    fn features(&self, out: &mut [f32]) {
        self.space.features(&self.draft, out);
    }

    fn read(&mut self, zones: &Bound<'_, PyAny>, player: usize) -> PyResult<()> {
        let z = zones.downcast::<BohnanzaZones>()?.borrow();
        if player >= z.inner.num_players() {
            return Err(value_error(format!("{player} is not a seat of this game")));
        }
        self.moment = Some(self.space.moment(&z.inner, player).map_err(value_error)?);
        self.draft.clear();
        Ok(())
    }

    fn forget(&mut self) {
        self.moment = None;
        self.draft.clear();
    }

    fn take(&mut self, zones: &Bound<'_, PyAny>, index: usize, legal: &[usize]) -> PyResult<bool> {
        let zones = zones.downcast::<BohnanzaZones>()?;
        let Some(action) = self.action_of(zones, index, legal)? else {
            return Ok(false);
        };
        let player = self.moment.as_ref().map_or(0, Moment::player) as i64;
        let mut z = zones.borrow_mut();
        let done = z.inner.apply_quiet(player, &action);
        z.forget();
        done.map_err(|why| refused_error(zones.py(), &why))?;
        Ok(true)
    }

    fn choose_in(
        &mut self,
        zones: &Bound<'_, PyAny>,
        index: usize,
        legal: &[usize],
    ) -> PyResult<Option<String>> {
        let zones = zones.downcast::<BohnanzaZones>()?;
        Ok(self
            .action_of(zones, index, legal)?
            .map(|a| a.to_json().to_string()))
    }

    fn legal_now(&mut self) -> &mut LegalNow {
        &mut self.legal
    }
}

drafting_pymethods!(CompactActions, {
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
            legal: LegalNow::default(),
        })
    }
});
