//! `seedbed._native.Batch` (issue 34 items 4 and target 1, D-83, D-86, D-89): the vector
//! environment's games, held by the core between steps, each stepped in one native call: the
//! learner's integer checked against what was legal, played (or taken by the game's draft in
//! a compact space), the random opponents' moves up to the learner's next decision, then the
//! learner's observation and mask written into rows of NumPy arrays and the rewards, ends,
//! illegal actions and moved games into four more.
//!
//! Each game keeps the learner's last observation: a step that moves no game (a draft grew,
//! about half the steps of a compact space) copies it instead of writing it again. The
//! games, their generators and drafts stay here from the deal to the end, so a step crosses
//! no Python list per game; the Python wrappers of the states are told which games moved
//! (`moved_out`) and catch up when read (`seedbed.adapters.vector`).

use std::cell::Cell;

use pyo3::buffer::PyBuffer;
use pyo3::prelude::*;

use crate::drafts::DraftRef;
use crate::encode::{cells, copy_into, mask_into, Codec, Encoder};
use crate::rng::Rng;
use crate::state::value_error;

/// One game of the batch.
struct Game {
    zones: Py<PyAny>,
    rng: Py<Rng>,
    /// The learner's observation of the position, written when it last moved.
    seen: Vec<f32>,
    /// The full space's legal integers of the learner now (the compact space's are its
    /// draft's).
    legal: Vec<usize>,
    /// Dealt and not stepped yet: the opponents play to the learner's first decision.
    fresh: bool,
    /// Its end was reported (the game waits for a new deal).
    over: bool,
}

/// One step's output arrays.
struct Out<'a> {
    obs: &'a [Cell<f32>],
    masks: &'a [Cell<i8>],
    reward: &'a [Cell<f64>],
    over: &'a [Cell<u8>],
    illegal: &'a [Cell<u8>],
    moved: &'a [Cell<u8>],
}

/// What one game's step did.
#[derive(Default)]
struct Stepped {
    moves: u64,
    moved: bool,
    illegal: bool,
    over: bool,
    reward: f64,
    /// The game is over now (reported in `over`, or reached in the opponents' moves before
    /// a new deal's first decision).
    ended: bool,
}

/// The vector environment's games (see the module docs).
#[pyclass(module = "seedbed._native")]
pub struct Batch {
    encoder: Py<Encoder>,
    seat: usize,
    illegal_reward: f64,
    /// Each game's draft (a compact space), else None (the full space).
    drafts: Option<Vec<DraftRef>>,
    games: Vec<Option<Game>>,
    /// The widths of a row: observation, draft features, mask.
    obs_size: usize,
    features: usize,
    mask: usize,
}

impl Batch {
    /// Game `i`'s step (see [`Batch::step`]); its rows are written by [`Batch::write`].
    fn play(
        &mut self,
        py: Python<'_>,
        codec: &dyn Codec,
        i: usize,
        action: i64,
    ) -> PyResult<Stepped> {
        let seat = self.seat;
        let game = self.games[i]
            .as_mut()
            .ok_or_else(|| value_error(format!("game {i} was never dealt")))?;
        let zones = game.zones.bind(py);
        let mut out = Stepped::default();
        if game.fresh {
            game.fresh = false;
            out.moved = true;
            out.moves = codec.advance(zones, seat, &mut game.rng.bind(py).borrow_mut().inner)?;
            out.ended = codec.ended(zones, seat)?.0;
            return Ok(out); // not reported over, reward 0, as a new deal
        }
        if game.over {
            return Err(value_error(format!("game {i} is over: deal it again")));
        }
        let draft = self.drafts.as_ref().map(|d| &d[i]);
        let index = usize::try_from(action).ok();
        let played = match (index, draft) {
            (None, _) => None,
            (Some(index), Some(d)) => d.with(py, |d| {
                Ok(match d.is_legal(index) {
                    true => d.play(zones, index).ok(), // refused: illegal
                    false => None,
                })
            })?,
            (Some(index), None) => match index < self.mask && game.legal.contains(&index) {
                true => codec
                    .apply_index(zones, seat as i64, index)?
                    .then_some(true),
                false => None,
            },
        };
        match played {
            None => {
                out.illegal = true;
                out.over = true;
                out.reward = self.illegal_reward;
            }
            Some(moved) => {
                if moved {
                    out.moved = true;
                    let rng = &mut game.rng.bind(py).borrow_mut().inner;
                    out.moves = 1 + codec.advance(zones, seat, rng)?;
                    (out.over, out.reward) = codec.ended(zones, seat)?;
                }
            }
        }
        game.over = out.over;
        out.ended = out.over;
        Ok(out)
    }

    /// Game `i`'s rows after its step: the observation (written again only when the game
    /// moved) and the draft's features, the mask (zeros once over).
    fn write(
        &mut self,
        py: Python<'_>,
        codec: &dyn Codec,
        i: usize,
        stepped: &Stepped,
        out: &Out<'_>,
    ) -> PyResult<()> {
        let seat = self.seat;
        let game = self.games[i].as_mut().expect("stepped games are dealt");
        let zones = game.zones.bind(py);
        let ended = stepped.ended;
        if stepped.moved {
            codec.observe(zones, seat, &mut game.seen)?;
        }
        let row = self.obs_size + self.features;
        let obs = &out.obs[i * row..(i + 1) * row];
        copy_into(&obs[..self.obs_size], &game.seen);
        let mask = &out.masks[i * self.mask..(i + 1) * self.mask];
        match self.drafts.as_ref().map(|d| &d[i]) {
            Some(d) => d.with(py, |d| {
                if ended {
                    d.clear();
                } else if stepped.moved {
                    d.start(zones, seat)?;
                }
                d.write_mask(mask);
                d.write_features(&obs[self.obs_size..]);
                Ok(())
            })?,
            None => {
                game.legal.clear();
                if !ended {
                    codec.legal(zones, seat as i64, &mut game.legal)?;
                }
                mask_into(mask, &game.legal);
            }
        }
        Ok(())
    }
}

#[pymethods]
impl Batch {
    /// `num_envs` games of `encoder`'s game, the learner at `seat`; an action not legal ends
    /// its game with `illegal_reward`. `drafts`: one draft per game (`CompactActions` or
    /// `FactoredActions`) for a compact space, None for the full space.
    #[new]
    #[pyo3(signature = (encoder, num_envs, seat, illegal_reward, drafts=None))]
    fn new(
        py: Python<'_>,
        encoder: Py<Encoder>,
        num_envs: usize,
        seat: usize,
        illegal_reward: f64,
        drafts: Option<Vec<Bound<'_, PyAny>>>,
    ) -> PyResult<Batch> {
        let (obs_size, full) = {
            let e = encoder.bind(py).borrow();
            (e.codec.obs_size(), e.codec.mask_size())
        };
        let full =
            full.ok_or_else(|| value_error("this game's actions have no native encoding"))?;
        let (drafts, features, mask) = match drafts {
            None => (None, 0, full),
            Some(found) => {
                if found.len() != num_envs {
                    return Err(value_error("one draft per game"));
                }
                let drafts = found
                    .iter()
                    .map(DraftRef::of)
                    .collect::<PyResult<Vec<_>>>()?;
                let shapes = drafts
                    .iter()
                    .map(|d| d.with(py, |d| Ok((d.draft_width(), d.size()))))
                    .collect::<PyResult<Vec<_>>>()?;
                if shapes.windows(2).any(|w| w[0] != w[1]) {
                    return Err(value_error("every draft of one space"));
                }
                let (width, size) = shapes.first().copied().unwrap_or((0, 0));
                (Some(drafts), width, size)
            }
        };
        Ok(Batch {
            encoder,
            seat,
            illegal_reward,
            drafts,
            games: (0..num_envs).map(|_| None).collect(),
            obs_size,
            features,
            mask,
        })
    }

    /// Game `i` is `zones` (a new deal), its opponents drawing from `rng`: the next step
    /// plays them to the learner's first decision and ignores the action.
    fn deal(&mut self, i: usize, zones: Py<PyAny>, rng: Py<Rng>) -> PyResult<()> {
        let slot = self
            .games
            .get_mut(i)
            .ok_or_else(|| value_error(format!("no game {i}")))?;
        *slot = Some(Game {
            zones,
            rng,
            seen: vec![0.0; self.obs_size],
            legal: Vec::new(),
            fresh: true,
            over: false,
        });
        Ok(())
    }

    /// One step of every game: game i takes `actions[i]` (ignored for a new deal). An
    /// action not legal now (outside the mask written at the last step), or one the rules
    /// refuse, changes nothing and ends the game: `illegal_out[i]` 1, reward
    /// `illegal_reward`. A legal one is played (or grows the game's draft), then the random
    /// opponents' moves up to the learner's next decision. Row i of `obs_out` (num_envs x
    /// (obs_size + draft features), float32) and `mask_out` (num_envs x mask width, int8,
    /// zeros once over) are the learner's then; `reward_out` (float64) the learner's share
    /// of the win at the end, else 0; `over_out` (uint8) 1 when the game ended (a game
    /// reported over must be dealt again before the next step); `moved_out` (uint8) 1 when
    /// its position changed. Returns the decisions played (the learner's and the opponents').
    #[allow(clippy::too_many_arguments)]
    fn step(
        &mut self,
        py: Python<'_>,
        actions: PyBuffer<i64>,
        obs_out: PyBuffer<f32>,
        mask_out: PyBuffer<i8>,
        reward_out: PyBuffer<f64>,
        over_out: PyBuffer<u8>,
        illegal_out: PyBuffer<u8>,
        moved_out: PyBuffer<u8>,
    ) -> PyResult<u64> {
        let n = self.games.len();
        let actions = actions
            .as_slice(py)
            .filter(|a| a.len() == n)
            .ok_or_else(|| value_error(format!("actions: {n} integers, C-contiguous")))?;
        let out = Out {
            obs: cells(py, &obs_out, (self.obs_size + self.features) * n)?,
            masks: cells(py, &mask_out, self.mask * n)?,
            reward: cells(py, &reward_out, n)?,
            over: cells(py, &over_out, n)?,
            illegal: cells(py, &illegal_out, n)?,
            moved: cells(py, &moved_out, n)?,
        };
        let encoder = self.encoder.clone_ref(py);
        let encoder = encoder.bind(py).borrow();
        let codec = encoder.codec.as_ref();
        let mut moves = 0;
        for (i, action) in actions.iter().enumerate() {
            let stepped = self.play(py, codec, i, action.get())?;
            self.write(py, codec, i, &stepped, &out)?;
            moves += stepped.moves;
            out.reward[i].set(stepped.reward);
            out.over[i].set(u8::from(stepped.over));
            out.illegal[i].set(u8::from(stepped.illegal));
            out.moved[i].set(u8::from(stepped.moved));
        }
        Ok(moves)
    }
}
