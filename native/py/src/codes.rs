//! Integer actions at native speed (issue 34 target 2): what the state classes' fast loop
//! (`current_player`, `codes`, `play`, in [`crate::state`]) hands out.
//!
//! [`Codes`] is a seat's legal action codes (`NativeGame::code_of`, in the menu's order) as
//! a read-only sequence: its length and its items, made when asked for (from the menu and,
//! where its items are read from the position, a copy of it), so a random or sampled pick
//! costs one item, not the whole menu (Bohnanza's holds thousands of offers while trading). `tolist()` and `into(buffer)`
//! give every code at once.

use pyo3::buffer::PyBuffer;
use pyo3::exceptions::{PyIndexError, PyOverflowError, PyValueError};
use pyo3::prelude::*;
use seedbed_core::interface::{Menu, NativeGame};

/// Where a [`Codes`] reads its items.
pub trait CodeSource: Send + Sync {
    fn len(&self) -> usize;
    /// The code of item `i` (below `len()`); None for an item without one.
    fn code(&self, i: usize) -> Option<u128>;
}

impl CodeSource for Vec<u128> {
    fn len(&self) -> usize {
        Vec::len(self)
    }

    fn code(&self, i: usize) -> Option<u128> {
        self.get(i).copied()
    }
}

/// A Bohnanza menu, its offers coded when asked for (its items need no state).
struct LazyBohnanza(seedbed_core::bohnanza::menu::Menu);

impl CodeSource for LazyBohnanza {
    fn len(&self) -> usize {
        self.0.len()
    }

    fn code(&self, i: usize) -> Option<u128> {
        self.0
            .get(i)
            .and_then(|a| seedbed_core::bohnanza::codes::encode(&a))
            .map(u128::from)
    }
}

/// A menu with a copy of its position (a game whose items are read from the state).
struct Lazy<G: NativeGame> {
    state: G,
    menu: G::Menu,
}

impl<G: NativeGame> CodeSource for Lazy<G>
where
    G::Menu: Send + Sync,
{
    fn len(&self) -> usize {
        self.menu.len()
    }

    fn code(&self, i: usize) -> Option<u128> {
        self.menu.get(&self.state, i).and_then(|a| G::code_of(&a))
    }
}

/// The menu of `player` with a copy of `state`, read when asked for.
fn lazy<G: NativeGame>(state: &G, player: usize) -> Box<dyn CodeSource>
where
    G::Menu: Send + Sync,
{
    Box::new(Lazy {
        menu: state.menu(player),
        state: state.clone(),
    })
}

/// A game's legal codes as a [`CodeSource`], None when it gives none.
pub trait CodeMenu: NativeGame {
    fn code_source(&self, player: usize) -> Option<Box<dyn CodeSource>>;
}

impl CodeMenu for seedbed_core::stalk_exchange::Zones {
    /// The menu with a copy of the position (small to copy; its items read the board).
    fn code_source(&self, player: usize) -> Option<Box<dyn CodeSource>> {
        Some(lazy(self, player))
    }
}

impl CodeMenu for seedbed_core::fields_of_green::Zones {
    /// The menu with a copy of the position (its shared parts are copied on write). An item
    /// beyond the code layout (a water split over more than 4 towers) is a ValueError when
    /// read.
    fn code_source(&self, player: usize) -> Option<Box<dyn CodeSource>> {
        Some(lazy(self, player))
    }
}

impl CodeMenu for seedbed_core::bohnanza::Zones {
    /// Lazy: every item of a menu has a code (offers within the menu's bounds, B-50).
    fn code_source(&self, player: usize) -> Option<Box<dyn CodeSource>> {
        Some(Box::new(LazyBohnanza(self.menu(player))))
    }
}

/// The legal codes of `player` at `state` (empty for a seat not on the move), or None when
/// the game gives none.
pub fn codes_of<G: CodeMenu>(state: &G, player: i64) -> Option<Codes> {
    let source: Box<dyn CodeSource> = match usize::try_from(player) {
        Ok(p) if p < state.num_players() => state.code_source(p)?,
        _ => Box::new(Vec::new()),
    };
    Some(Codes { source })
}

/// A seat's legal action codes at one position, in the menu's order: `len(codes)`,
/// `codes[i]` (negative counts from the end), iteration, `tolist()`, `into(buffer)`. It
/// keeps the menu it was made from: it stays the list of that position after a move.
#[pyclass(module = "seedbed._native", frozen, sequence)]
pub struct Codes {
    source: Box<dyn CodeSource>,
}

impl Codes {
    fn at(&self, i: usize) -> PyResult<u128> {
        self.source.code(i).ok_or_else(|| {
            PyValueError::new_err(format!(
                "menu item {i} has no code (numbers beyond the codes' layout)"
            ))
        })
    }
}

#[pymethods]
impl Codes {
    fn __len__(&self) -> usize {
        self.source.len()
    }

    fn __getitem__(&self, i: isize) -> PyResult<u128> {
        let n = self.source.len() as isize;
        let j = if i < 0 { i + n } else { i };
        if !(0..n).contains(&j) {
            return Err(PyIndexError::new_err("codes index out of range"));
        }
        self.at(j as usize)
    }

    /// Every code, as a list.
    fn tolist(&self) -> PyResult<Vec<u128>> {
        (0..self.source.len()).map(|i| self.at(i)).collect()
    }

    /// Write every code into `out` (a writable C-contiguous buffer of uint64, at least
    /// `len(self)` values); returns how many. OverflowError for a code beyond 64 bits (a
    /// Fields of Green action with a water split).
    fn into(&self, py: Python<'_>, out: PyBuffer<u64>) -> PyResult<usize> {
        let n = self.source.len();
        let cells = out
            .as_mut_slice(py)
            .ok_or_else(|| PyValueError::new_err("out must be a writable C-contiguous array"))?;
        if cells.len() < n {
            return Err(PyValueError::new_err(format!(
                "out holds {} values, {n} are needed",
                cells.len()
            )));
        }
        for (i, cell) in cells.iter().take(n).enumerate() {
            let code = u64::try_from(self.at(i)?)
                .map_err(|_| PyOverflowError::new_err(format!("code {i} does not fit 64 bits")))?;
            cell.set(code);
        }
        Ok(n)
    }

    fn __repr__(&self) -> String {
        format!("<Codes of {} legal actions>", self.source.len())
    }
}
