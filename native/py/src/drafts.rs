//! What the two draft classes of a compact action space share (issue 34 target 1, D-86,
//! D-89): Bohnanza's offers ([`CompactActions`]) and a factored full encoding
//! ([`FactoredActions`]) are both a [`Drafting`]: the mask and the features written, an
//! integer taken, a new position read. The legal integers of the draft are kept from the
//! mask written until the draft or the moment changes, so taking an integer checks it
//! against them instead of listing them again (a Bohnanza trading draft's list costs more
//! than the rest of its step). [`DraftRef`] is a draft held by the vector environment's
//! batch (`crate::batch`), either class, borrowed as a `dyn Drafting`.

use std::cell::Cell;

use pyo3::prelude::*;

use crate::compact::CompactActions;
use crate::encode::mask_into;
use crate::factored::FactoredActions;

/// The legal integers of the current draft, once listed, and whether they are still the
/// current draft's.
#[derive(Default)]
pub(crate) struct LegalNow {
    list: Vec<usize>,
    current: bool,
}

/// A draft of a compact space: what each class says of itself, and what follows from it.
pub(crate) trait Drafting {
    /// The number of integers of its space.
    fn size(&self) -> usize;
    /// The width of its features.
    fn draft_width(&self) -> usize;
    /// Whether a seat decides (a moment is read).
    fn deciding(&self) -> bool;
    /// The integers legal now, ascending, appended to `out` (listed afresh).
    fn list_legal(&self, out: &mut Vec<usize>);
    /// The draft's features into `out` (`draft_width` values).
    fn features(&self, out: &mut [f32]);
    /// A new position: `player`'s moment of `zones`, no draft open.
    fn read(&mut self, zones: &Bound<'_, PyAny>, player: usize) -> PyResult<()>;
    /// No seat decides: nothing is legal, no draft open.
    fn forget(&mut self);
    /// Take `index`, one of `legal` (the draft's legal integers): True when an action was
    /// applied, False when the draft grew; ValueError when `index` is not legal or the rules
    /// refuse its action.
    fn take(&mut self, zones: &Bound<'_, PyAny>, index: usize, legal: &[usize]) -> PyResult<bool>;
    /// [`Drafting::take`], the action to play as its JSON text instead of applying it (None:
    /// the draft grew).
    fn choose_in(
        &mut self,
        zones: &Bound<'_, PyAny>,
        index: usize,
        legal: &[usize],
    ) -> PyResult<Option<String>>;
    /// The legal integers kept.
    fn legal_now(&mut self) -> &mut LegalNow;

    /// The legal integers now, ascending (listed once per draft).
    fn legal(&mut self) -> &[usize] {
        if !self.legal_now().current {
            let mut list = std::mem::take(&mut self.legal_now().list);
            list.clear();
            self.list_legal(&mut list);
            *self.legal_now() = LegalNow {
                list,
                current: true,
            };
        }
        &self.legal_now().list
    }

    /// Whether `index` is legal now.
    fn is_legal(&mut self, index: usize) -> bool {
        self.legal().binary_search(&index).is_ok()
    }

    /// A new position (see [`Drafting::read`]).
    fn start(&mut self, zones: &Bound<'_, PyAny>, player: usize) -> PyResult<()> {
        self.legal_now().current = false;
        self.read(zones, player)
    }

    /// Nothing is legal (the game is over).
    fn clear(&mut self) {
        self.legal_now().current = false;
        self.forget();
    }

    /// Take `index`: True when an action was applied, False when the draft grew.
    fn play(&mut self, zones: &Bound<'_, PyAny>, index: usize) -> PyResult<bool> {
        let legal = self.lend_legal();
        let out = self.take(zones, index, &legal);
        self.give_back(legal);
        out
    }

    /// Take `index`: the action to play as its JSON text, None when the draft grew.
    fn choose(&mut self, zones: &Bound<'_, PyAny>, index: usize) -> PyResult<Option<String>> {
        let legal = self.lend_legal();
        let out = self.choose_in(zones, index, &legal);
        self.give_back(legal);
        out
    }

    /// The legal integers now, lent to [`Drafting::take`]: the draft may change.
    fn lend_legal(&mut self) -> Vec<usize> {
        self.legal();
        std::mem::take(&mut self.legal_now().list)
    }

    /// The list lent, back: listed again when next asked.
    fn give_back(&mut self, list: Vec<usize>) {
        *self.legal_now() = LegalNow {
            list,
            current: false,
        };
    }

    /// The mask into `cells` (`size` of them); how many are legal.
    fn write_mask(&mut self, cells: &[Cell<i8>]) -> usize {
        let legal = self.legal();
        mask_into(cells, legal);
        legal.len()
    }

    /// The draft's features into `cells` (`draft_width` of them).
    fn write_features(&self, cells: &[Cell<f32>]) {
        let mut values = vec![0.0; cells.len()];
        self.features(&mut values);
        for (c, v) in cells.iter().zip(values) {
            c.set(v);
        }
    }
}

/// A draft of either class, as the batch holds it.
pub(crate) enum DraftRef {
    Offers(Py<CompactActions>),
    Factored(Py<FactoredActions>),
}

impl DraftRef {
    /// The draft `held` (a `CompactActions` or a `FactoredActions`).
    pub(crate) fn of(held: &Bound<'_, PyAny>) -> PyResult<DraftRef> {
        if let Ok(offers) = held.downcast::<CompactActions>() {
            return Ok(DraftRef::Offers(offers.clone().unbind()));
        }
        Ok(DraftRef::Factored(
            held.downcast::<FactoredActions>()?.clone().unbind(),
        ))
    }

    /// `f` of the draft, borrowed mutably.
    pub(crate) fn with<T>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut dyn Drafting) -> PyResult<T>,
    ) -> PyResult<T> {
        match self {
            DraftRef::Offers(d) => f(&mut *d.bind(py).try_borrow_mut()?),
            DraftRef::Factored(d) => f(&mut *d.bind(py).try_borrow_mut()?),
        }
    }
}

/// The Python methods both draft classes have, as [`Drafting`] gives them, in the class's one
/// `#[pymethods]` block with the class's own (`$own`: its constructor).
macro_rules! drafting_pymethods {
    ($class:ty, { $($own:tt)* }) => {
        #[pyo3::pymethods]
        impl $class {
            $($own)*

            /// The number of integers.
            #[getter(size)]
            fn py_size(&self) -> usize {
                $crate::drafts::Drafting::size(self)
            }

            /// The width of the draft's features.
            #[getter(draft_width)]
            fn py_draft_width(&self) -> usize {
                $crate::drafts::Drafting::draft_width(self)
            }

            /// Whether a seat decides (a moment is read).
            #[getter(deciding)]
            fn py_deciding(&self) -> bool {
                $crate::drafts::Drafting::deciding(self)
            }

            /// A new position: read `player`'s menu of `zones`; no draft open.
            #[pyo3(name = "start")]
            fn py_start(
                &mut self,
                zones: &pyo3::Bound<'_, pyo3::PyAny>,
                player: usize,
            ) -> pyo3::PyResult<()> {
                $crate::drafts::Drafting::start(self, zones, player)
            }

            /// No seat decides (the end, a truncation): nothing is legal.
            #[pyo3(name = "clear")]
            fn py_clear(&mut self) {
                $crate::drafts::Drafting::clear(self)
            }

            /// The integers legal now, ascending.
            #[pyo3(name = "legal")]
            fn py_legal(&mut self) -> Vec<usize> {
                $crate::drafts::Drafting::legal(self).to_vec()
            }

            /// Write the mask into `out` (int8, at least `size` values); how many are legal.
            fn mask_into(
                &mut self,
                py: pyo3::Python<'_>,
                out: pyo3::buffer::PyBuffer<i8>,
            ) -> pyo3::PyResult<usize> {
                let size = $crate::drafts::Drafting::size(self);
                let cells = $crate::encode::cells(py, &out, size)?;
                Ok($crate::drafts::Drafting::write_mask(self, &cells[..size]))
            }

            /// Write the draft's features into `out` (float32, at least `draft_width`
            /// values).
            fn features_into(
                &self,
                py: pyo3::Python<'_>,
                out: pyo3::buffer::PyBuffer<f32>,
            ) -> pyo3::PyResult<()> {
                let width = $crate::drafts::Drafting::draft_width(self);
                let cells = $crate::encode::cells(py, &out, width)?;
                $crate::drafts::Drafting::write_features(self, &cells[..width]);
                Ok(())
            }

            /// Take integer `index`: the action to play as its JSON text, or None when it
            /// only grew the draft. ValueError when `index` is not legal now.
            #[pyo3(name = "choose")]
            fn py_choose(
                &mut self,
                zones: &pyo3::Bound<'_, pyo3::PyAny>,
                index: usize,
            ) -> pyo3::PyResult<Option<String>> {
                $crate::drafts::Drafting::choose(self, zones, index)
            }

            /// Take integer `index` and, when it completes an action, apply it for the
            /// deciding seat (no action object made): True when the game moved, False when
            /// the draft grew. ValueError when `index` is not legal now or the rules refuse
            /// the action.
            #[pyo3(name = "play")]
            fn py_play(
                &mut self,
                zones: &pyo3::Bound<'_, pyo3::PyAny>,
                index: usize,
            ) -> pyo3::PyResult<bool> {
                $crate::drafts::Drafting::play(self, zones, index)
            }
        }
    };
}
pub(crate) use drafting_pymethods;
