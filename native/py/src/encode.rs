//! `seedbed._native.Encoder` (issue 34 items 1 and 4): a game's observation vectors and
//! legal-action masks written by the core straight into NumPy arrays (any writable,
//! C-contiguous buffer of float32 / int8), one seat or a batch of states per call; an action
//! integer applied without an action object; the random opponents' moves and a game's end,
//! for the vector environment's batch (`crate::batch`).
//!
//! The encoders are `seedbed_core::encode`'s; the Python side builds one from the spec of its
//! reference encoders (`seedbed.adapters.native_encoders`).

use std::cell::Cell;
use std::marker::PhantomData;

use pyo3::buffer::{Element, PyBuffer};
use pyo3::exceptions::PyNotImplementedError;
use pyo3::prelude::*;
use pyo3::PyClass;
use seedbed_core::encode::{ActionIndex, ObservationIndex};
use seedbed_core::interface::{Menu, NativeGame};

use crate::bohnanza::BohnanzaZones;
use crate::fields_of_green::FieldsOfGreenZones;
use crate::stalk_exchange::StalkExchangeZones;
use crate::state::{refused_error, value_error};

/// A game's PyO3 state class, as the encoder reaches its position.
trait Zoned: PyClass<Frozen = pyo3::pyclass::boolean_struct::False> {
    type G: NativeGame;
    fn inner(&self) -> &Self::G;
    fn inner_mut(&mut self) -> &mut Self::G;
    fn moved(&mut self);
}

macro_rules! zoned {
    ($class:ty, $game:ty) => {
        impl Zoned for $class {
            type G = $game;
            fn inner(&self) -> &$game {
                &self.inner
            }
            fn inner_mut(&mut self) -> &mut $game {
                &mut self.inner
            }
            fn moved(&mut self) {
                self.forget();
            }
        }
    };
}

zoned!(BohnanzaZones, seedbed_core::bohnanza::Zones);
zoned!(StalkExchangeZones, seedbed_core::stalk_exchange::Zones);
zoned!(FieldsOfGreenZones, seedbed_core::fields_of_green::Zones);

/// What the encoder does, whatever the game (object-safe over the state classes).
pub(crate) trait Codec: Send + Sync {
    fn obs_size(&self) -> usize;
    fn mask_size(&self) -> Option<usize>;
    fn observe(&self, zones: &Bound<'_, PyAny>, viewer: usize, out: &mut [f32]) -> PyResult<()>;
    /// The legal integers of `player`; Ok(false) when the game has no native action encoding.
    fn legal(&self, zones: &Bound<'_, PyAny>, player: i64, out: &mut Vec<usize>) -> PyResult<bool>;
    /// The JSON text of the action of `index` for `player` now; None when it names nothing.
    fn action_json(
        &self,
        zones: &Bound<'_, PyAny>,
        player: usize,
        index: usize,
    ) -> PyResult<Option<String>>;
    /// Decode and apply `index` for `player`; Ok(false) when it names nothing or is refused.
    fn apply_index(&self, zones: &Bound<'_, PyAny>, player: i64, index: usize) -> PyResult<bool>;
    /// The random opponents' moves (uniform over the menu, `random_playout`'s draw) until
    /// `seat` is first on the move or the game ends.
    fn advance(
        &self,
        zones: &Bound<'_, PyAny>,
        seat: usize,
        rng: &mut seedbed_core::rng::Rng,
    ) -> PyResult<u64>;
    /// (over, `seat`'s share of the win when over).
    fn ended(&self, zones: &Bound<'_, PyAny>, seat: usize) -> PyResult<(bool, f64)>;
}

struct Typed<Z: Zoned> {
    obs: Box<dyn ObservationIndex<Z::G>>,
    actions: Option<Box<dyn ActionIndex<Z::G>>>,
    _zones: PhantomData<fn() -> Z>,
}

impl<Z: Zoned> Typed<Z> {
    fn boxed(
        obs: impl ObservationIndex<Z::G> + 'static,
        actions: Option<Box<dyn ActionIndex<Z::G>>>,
    ) -> Box<dyn Codec>
    where
        Z::G: 'static,
    {
        Box::new(Typed::<Z> {
            obs: Box::new(obs),
            actions,
            _zones: PhantomData,
        })
    }
}

fn zones_of<'a, 'py, Z: Zoned>(zones: &'a Bound<'py, PyAny>) -> PyResult<&'a Bound<'py, Z>> {
    Ok(zones.downcast::<Z>()?)
}

impl<Z: Zoned> Codec for Typed<Z> {
    fn obs_size(&self) -> usize {
        self.obs.layout().size
    }

    fn mask_size(&self) -> Option<usize> {
        self.actions.as_ref().map(|a| a.size())
    }

    fn observe(&self, zones: &Bound<'_, PyAny>, viewer: usize, out: &mut [f32]) -> PyResult<()> {
        let z = zones_of::<Z>(zones)?.borrow();
        if viewer >= z.inner().num_players() {
            return Err(value_error(format!(
                "viewer {viewer} is not a seat of this game"
            )));
        }
        self.obs.write(z.inner(), viewer, out).map_err(value_error)
    }

    fn legal(&self, zones: &Bound<'_, PyAny>, player: i64, out: &mut Vec<usize>) -> PyResult<bool> {
        let Some(actions) = &self.actions else {
            return Ok(false);
        };
        let z = zones_of::<Z>(zones)?.borrow();
        let state = z.inner();
        if let Some(p) = usize::try_from(player)
            .ok()
            .filter(|p| state.to_move().contains(p))
        {
            actions.legal(state, p, out).map_err(value_error)?;
        }
        Ok(true)
    }

    fn action_json(
        &self,
        zones: &Bound<'_, PyAny>,
        player: usize,
        index: usize,
    ) -> PyResult<Option<String>> {
        let Some(actions) = &self.actions else {
            return Ok(None);
        };
        let z = zones_of::<Z>(zones)?.borrow();
        if player >= z.inner().num_players() || index >= actions.size() {
            return Ok(None);
        }
        Ok(actions
            .decode(z.inner(), player, index)
            .map(|a| Z::G::action_json(&a).to_string()))
    }

    fn apply_index(&self, zones: &Bound<'_, PyAny>, player: i64, index: usize) -> PyResult<bool> {
        let Some(actions) = &self.actions else {
            return Err(PyNotImplementedError::new_err(
                "this game's actions have no native encoding",
            ));
        };
        let mut z = zones_of::<Z>(zones)?.borrow_mut();
        let Ok(p) = usize::try_from(player) else {
            return Ok(false);
        };
        if p >= z.inner().num_players() || index >= actions.size() {
            return Ok(false);
        }
        let Some(action) = actions.decode(z.inner(), p, index) else {
            return Ok(false);
        };
        let done = z.inner_mut().apply_quiet(player, &action).is_ok();
        z.moved();
        Ok(done)
    }

    fn advance(
        &self,
        zones: &Bound<'_, PyAny>,
        seat: usize,
        rng: &mut seedbed_core::rng::Rng,
    ) -> PyResult<u64> {
        let mut z = zones_of::<Z>(zones)?.borrow_mut();
        let state = z.inner_mut();
        let mut moves = 0;
        while let Some(p) = state.first_mover() {
            if p == seat {
                break;
            }
            let menu = state.menu(p);
            let Some(a) = menu.get(state, rng.below(menu.len() as u64) as usize) else {
                break;
            };
            if let Err(why) = state.apply_quiet(p as i64, &a) {
                return Err(refused_error(zones.py(), &why));
            }
            moves += 1;
        }
        z.moved();
        Ok(moves)
    }

    fn ended(&self, zones: &Bound<'_, PyAny>, seat: usize) -> PyResult<(bool, f64)> {
        let z = zones_of::<Z>(zones)?.borrow();
        Ok(match z.inner().returns() {
            Some(shares) => (true, shares.get(seat).copied().unwrap_or(0.0)),
            None => (false, 0.0),
        })
    }
}

/// The cells of a writable C-contiguous buffer of at least `len` items.
pub(crate) fn cells<'a, T: Element>(
    py: Python<'a>,
    buf: &'a PyBuffer<T>,
    len: usize,
) -> PyResult<&'a [Cell<T>]> {
    let cells = buf
        .as_mut_slice(py)
        .ok_or_else(|| value_error("out must be a writable C-contiguous array"))?;
    if cells.len() < len {
        return Err(value_error(format!(
            "out holds {} values, {len} are needed",
            cells.len()
        )));
    }
    Ok(cells)
}

pub(crate) fn copy_into(cells: &[Cell<f32>], values: &[f32]) {
    for (c, &v) in cells.iter().zip(values) {
        c.set(v);
    }
}

/// Zeros, then 1 at each of `ones`.
pub(crate) fn mask_into(cells: &[Cell<i8>], ones: &[usize]) {
    for c in cells {
        c.set(0);
    }
    for &i in ones {
        if let Some(c) = cells.get(i) {
            c.set(1);
        }
    }
}

/// One game's native encoders under fixed options and player count.
#[pyclass(module = "seedbed._native")]
pub struct Encoder {
    pub(crate) codec: Box<dyn Codec>,
    scratch: Vec<f32>,
    legal: Vec<usize>,
}

impl Encoder {
    fn no_mask(&self) -> PyErr {
        PyNotImplementedError::new_err("this game's actions have no native encoding")
    }
}

#[pymethods]
impl Encoder {
    /// The encoders of `game` from the JSON spec its Python encoders describe (see
    /// `seedbed.adapters.native_encoders.spec`); `actions` false leaves the mask to Python.
    #[new]
    fn new(game: &str, spec_json: &str) -> PyResult<Encoder> {
        use seedbed_core::encode::{bohnanza as b, fields_of_green as f, stalk_exchange as s};
        let spec: serde_json::Value =
            serde_json::from_str(spec_json).map_err(|e| value_error(e.to_string()))?;
        let actions = &spec["actions"];
        let codec = match game {
            "bohnanza" => {
                let a: Option<Box<dyn ActionIndex<_>>> = match actions.is_null() {
                    true => None,
                    false => Some(Box::new(
                        b::Actions::from_spec(actions).map_err(value_error)?,
                    )),
                };
                Typed::<BohnanzaZones>::boxed(
                    b::Observations::from_spec(&spec).map_err(value_error)?,
                    a,
                )
            }
            "stalk_exchange" => {
                let a: Option<Box<dyn ActionIndex<_>>> = match actions.is_null() {
                    true => None,
                    false => Some(Box::new(
                        s::Actions::from_spec(actions).map_err(value_error)?,
                    )),
                };
                Typed::<StalkExchangeZones>::boxed(
                    s::Observations::from_spec(&spec).map_err(value_error)?,
                    a,
                )
            }
            "fields_of_green" => {
                use seedbed_core::encode::fields_of_green_actions as fa;
                let a: Option<Box<dyn ActionIndex<_>>> = match actions.is_null() {
                    true => None,
                    false => Some(Box::new(
                        fa::Actions::from_spec(actions).map_err(value_error)?,
                    )),
                };
                Typed::<FieldsOfGreenZones>::boxed(
                    f::Observations::from_spec(&spec).map_err(value_error)?,
                    a,
                )
            }
            other => return Err(value_error(format!("no native encoder for {other:?}"))),
        };
        Ok(Encoder {
            scratch: vec![0.0; codec.obs_size()],
            codec,
            legal: Vec::new(),
        })
    }

    /// The observation vector's length.
    #[getter]
    fn obs_size(&self) -> usize {
        self.codec.obs_size()
    }

    /// The action range's size, or None when the mask is left to Python.
    #[getter]
    fn mask_size(&self) -> Option<usize> {
        self.codec.mask_size()
    }

    /// Write `viewer`'s observation vector of `zones` into `out` (float32, at least
    /// `obs_size` values).
    fn observation_into(
        &mut self,
        py: Python<'_>,
        zones: &Bound<'_, PyAny>,
        viewer: usize,
        out: PyBuffer<f32>,
    ) -> PyResult<()> {
        let size = self.codec.obs_size();
        let cells = cells(py, &out, size)?;
        self.codec.observe(zones, viewer, &mut self.scratch)?;
        copy_into(&cells[..size], &self.scratch);
        Ok(())
    }

    /// A batch: row i of `out` (len(states) x obs_size, float32) is `viewers[i]`'s vector
    /// of `states[i]`.
    fn observations_into(
        &mut self,
        py: Python<'_>,
        states: Vec<Bound<'_, PyAny>>,
        viewers: Vec<usize>,
        out: PyBuffer<f32>,
    ) -> PyResult<()> {
        let size = self.codec.obs_size();
        if viewers.len() != states.len() {
            return Err(value_error("one viewer per state"));
        }
        let cells = cells(py, &out, size * states.len())?;
        for (i, (zones, &viewer)) in states.iter().zip(&viewers).enumerate() {
            self.codec.observe(zones, viewer, &mut self.scratch)?;
            copy_into(&cells[i * size..(i + 1) * size], &self.scratch);
        }
        Ok(())
    }

    /// Write `player`'s legal-action mask into `out` (int8, at least `mask_size` values):
    /// 1 at each integer of the menu, zeros for a seat not on the move. Returns how many
    /// are legal. NotImplementedError when the mask is left to Python.
    fn mask_into(
        &mut self,
        py: Python<'_>,
        zones: &Bound<'_, PyAny>,
        player: i64,
        out: PyBuffer<i8>,
    ) -> PyResult<usize> {
        let size = self.codec.mask_size().ok_or_else(|| self.no_mask())?;
        let cells = cells(py, &out, size)?;
        self.legal.clear();
        self.codec.legal(zones, player, &mut self.legal)?;
        mask_into(&cells[..size], &self.legal);
        Ok(self.legal.len())
    }

    /// A batch of masks: row i of `out` (len(states) x mask_size, int8) is `players[i]`'s.
    fn masks_into(
        &mut self,
        py: Python<'_>,
        states: Vec<Bound<'_, PyAny>>,
        players: Vec<i64>,
        out: PyBuffer<i8>,
    ) -> PyResult<()> {
        let size = self.codec.mask_size().ok_or_else(|| self.no_mask())?;
        if players.len() != states.len() {
            return Err(value_error("one player per state"));
        }
        let cells = cells(py, &out, size * states.len())?;
        for (i, (zones, &player)) in states.iter().zip(&players).enumerate() {
            self.legal.clear();
            self.codec.legal(zones, player, &mut self.legal)?;
            mask_into(&cells[i * size..(i + 1) * size], &self.legal);
        }
        Ok(())
    }

    /// The integers of `player`'s menu, ascending; None when the mask is left to Python.
    fn legal_indices(
        &mut self,
        zones: &Bound<'_, PyAny>,
        player: i64,
    ) -> PyResult<Option<Vec<usize>>> {
        let mut out = Vec::new();
        if !self.codec.legal(zones, player, &mut out)? {
            return Ok(None);
        }
        out.sort_unstable();
        Ok(Some(out))
    }

    /// Apply the action of integer `index` for `player`; False (nothing changed) when it
    /// names no action now or the rules refuse it.
    fn apply_index(&self, zones: &Bound<'_, PyAny>, player: i64, index: usize) -> PyResult<bool> {
        self.codec.apply_index(zones, player, index)
    }
}
