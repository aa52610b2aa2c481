//! Stalk Exchange's observation vector and action integers (issue 34 item 1), ports of
//! `games/stalk_exchange/obs_encoding.py` and `games/stalk_exchange/encoding.py`.

use rustc_hash::FxHashMap;
use serde_json::Value;

use super::{array, key, names, usize_of, ActionIndex, Layout, ObservationIndex, Writer};
use crate::interface::NativeGame;
use crate::stalk_exchange::actions::Action;
use crate::stalk_exchange::config::FLOWERS;
use crate::stalk_exchange::hexgrid::Hex;
use crate::stalk_exchange::state::{flower_at, BLOOM, EMPTY, NO_TOKEN};
use crate::stalk_exchange::upkeep::crash_triggers;
use crate::stalk_exchange::Zones;

struct Fields {
    scalars: usize,
    active: usize,
    garden_bloom: usize,
    garden_bulb: usize,
    exchange: usize,
    market_values: usize,
    market_track: usize,
    compost: usize,
    portfolio: usize,
    portfolio_size: usize,
    seedy_unspent: usize,
    seedy_spent: usize,
    known_to_hold: usize,
    crash: usize,
}

/// The Garden's spaces in canonical order, and where each one is.
fn board(spec: &Value) -> Result<(Vec<Hex>, FxHashMap<Hex, usize>), String> {
    let spaces: Vec<Hex> = array(key(spec, "board")?, "board")?
        .iter()
        .map(|qr| match (qr[0].as_i64(), qr[1].as_i64()) {
            (Some(q), Some(r)) => Ok((q, r)),
            _ => Err("a space is [q, r]".to_string()),
        })
        .collect::<Result<_, _>>()?;
    let index = spaces.iter().enumerate().map(|(i, &h)| (h, i)).collect();
    Ok((spaces, index))
}

/// The observation encoder of one player count and options.
pub struct Observations {
    layout: Layout,
    f: Fields,
    n: usize,
    board: FxHashMap<Hex, usize>,
    /// Flower names in type order (`FLOWER_INDEX`).
    flowers: Vec<String>,
    flower: FxHashMap<String, usize>,
}

impl Observations {
    /// From the spec: `fields`, `num_players`, `board` ([q, r] per space), `flowers`.
    pub fn from_spec(spec: &Value) -> Result<Observations, String> {
        let layout = Layout::from_json(key(spec, "fields")?)?;
        let l = &layout;
        let f = Fields {
            scalars: l.field("scalars")?,
            active: l.field("active")?,
            garden_bloom: l.field("garden_bloom")?,
            garden_bulb: l.field("garden_bulb")?,
            exchange: l.field("exchange")?,
            market_values: l.field("market_values")?,
            market_track: l.field("market_track")?,
            compost: l.field("compost")?,
            portfolio: l.field("portfolio")?,
            portfolio_size: l.field("portfolio_size")?,
            seedy_unspent: l.field("seedy_unspent")?,
            seedy_spent: l.field("seedy_spent")?,
            known_to_hold: l.field("known_to_hold")?,
            crash: l.field("crash")?,
        };
        let flowers: Vec<String> = array(key(spec, "flowers")?, "flowers")?
            .iter()
            .map(|x| x.as_str().map(str::to_owned).ok_or("flowers are names"))
            .collect::<Result<_, _>>()?;
        Ok(Observations {
            f,
            n: usize_of(key(spec, "num_players")?)?,
            board: board(spec)?.1,
            flower: names(key(spec, "flowers")?, "flowers")?,
            flowers,
            layout,
        })
    }

    /// `StalkExchangeObservationEncoder.write` of `observe(viewer)`, read off the zones
    /// without building the observation (what `observe.rs` shows: portfolios only the
    /// viewer's, the others' sizes and what their swaps showed).
    pub fn write_state(&self, z: &Zones, viewer: usize, out: &mut Writer<'_>) {
        let (f, n) = (&self.f, self.n);
        let k = self.flowers.len() as i64;
        let rel = |seat: usize| ((seat + n - viewer % n) % n) as i64;
        let code = |t: usize| {
            self.flower
                .get(FLOWERS.get(t).copied().unwrap_or(""))
                .map_or(-1, |&i| i as i64)
        };
        let cfg = &z.cfg;
        let next_cell = cfg.market_start - z.track.len() as i64;
        let top = z.values.iter().copied().max().unwrap_or(0);
        let num = |x: i64| x as f64;
        out.fill(
            f.scalars,
            &[
                f64::from(u8::from(z.over)),
                num(z.basic_taken),
                num(cfg.basic_actions),
                num(z.turns),
                num(z.turns / n as i64 + 1),
                num(z.greenhouse_size),
                num(next_cell - top),
            ],
            0,
        );
        if !z.over {
            out.put(f.active, rel(z.active), 1.0);
        }
        for (i, &v) in z.garden.iter().enumerate() {
            if v == EMPTY {
                continue;
            }
            let space = self.board.get(&z.board.spaces[i]).map_or(-1, |&x| x as i64);
            let field = if v >= BLOOM {
                f.garden_bloom
            } else {
                f.garden_bulb
            };
            out.put(field, space * k + code(flower_at(v)), 1.0);
        }
        for (slot, &t) in z.exchange.iter().enumerate() {
            if t != NO_TOKEN {
                out.put(f.exchange, slot as i64 * k + code(t as usize), 1.0);
            }
        }
        for (cell, &t) in z.track.iter().enumerate() {
            out.put(f.market_track, cell as i64 * k + code(t), 1.0);
        }
        for t in 0..FLOWERS.len() {
            let c = code(t);
            out.put(f.market_values, c, num(z.values[t]));
            out.put(f.compost, c, num(z.compost[t]));
            out.put(f.portfolio, c, num(z.portfolios[viewer][t]));
        }
        for q in 0..n {
            let i = rel(q);
            out.put(
                f.portfolio_size,
                i,
                num(z.portfolios[q].iter().sum::<i64>()),
            );
            out.put(f.seedy_unspent, i, num(z.seedy[q]));
            out.put(f.seedy_spent, i, num(z.spent[q]));
            for t in 0..FLOWERS.len() {
                out.put(f.known_to_hold, i * k + code(t), num(z.shown[q][t]));
            }
        }
        if z.crash != 0 {
            for trigger in crash_triggers(z.crash) {
                out.put(f.crash, trigger - 1, 1.0);
            }
        }
    }
}

impl ObservationIndex<Zones> for Observations {
    fn layout(&self) -> &Layout {
        &self.layout
    }

    fn write(&self, state: &Zones, viewer: usize, out: &mut [f32]) -> Result<(), String> {
        let mut writer = Writer::new(&self.layout, out);
        self.write_state(state, viewer, &mut writer);
        Ok(())
    }
}

/// The action encoding (`StalkExchangeEncoding`): plant (S, H), swap (S, 5), flush, end.
pub struct Actions {
    slots: usize,
    spaces: Vec<Hex>,
    board: FxHashMap<Hex, usize>,
    types: usize,
}

impl Actions {
    /// From the spec: `board` ([q, r] per space), `slots`, `types`.
    pub fn from_spec(spec: &Value) -> Result<Actions, String> {
        let (spaces, board) = board(spec)?;
        Ok(Actions {
            slots: usize_of(key(spec, "slots")?)?,
            types: usize_of(key(spec, "types")?)?,
            spaces,
            board,
        })
    }

    fn swap_start(&self) -> usize {
        self.slots * self.spaces.len()
    }

    fn flush(&self) -> usize {
        self.swap_start() + self.slots * self.types
    }

    fn index(&self, a: &Action) -> Option<usize> {
        let u = |x: i64| usize::try_from(x).ok();
        Some(match a {
            Action::Plant { slot, space } => {
                let slot = u(*slot).filter(|&s| s < self.slots)?;
                slot * self.spaces.len() + *self.board.get(space)?
            }
            Action::Swap { slot, give } => {
                let slot = u(*slot).filter(|&s| s < self.slots)?;
                self.swap_start() + slot * self.types + u(*give).filter(|&t| t < self.types)?
            }
            Action::Flush => self.flush(),
            Action::EndActions => self.flush() + 1,
        })
    }
}

impl ActionIndex<Zones> for Actions {
    fn size(&self) -> usize {
        self.flush() + 2
    }

    fn legal(&self, state: &Zones, player: usize, out: &mut Vec<usize>) -> Result<(), String> {
        let menu = state.menu(player);
        // the plants come first, slot by slot, each over the empty spaces in order: their
        // integers by arithmetic, each empty space looked up once (issue 34 target 1: one
        // lookup per menu item cost ~10 us for a menu of 250)
        let n_empty = state.empty.len();
        let mut i = 0;
        if n_empty > 0 {
            let mut spaces = Vec::with_capacity(n_empty);
            for &e in &state.empty {
                let hex = state.board.spaces[e];
                let at = self.board.get(&hex);
                spaces.push(*at.ok_or_else(|| format!("{hex:?}: not a space of the encoding"))?);
            }
            while let Some(Action::Plant { slot, .. }) = menu.get(state, i) {
                let slot = usize::try_from(slot)
                    .ok()
                    .filter(|&s| s < self.slots)
                    .ok_or_else(|| format!("slot {slot}: beyond the encoding's bounds"))?;
                let h = self.spaces.len();
                out.extend(spaces.iter().map(|&k| slot * h + k));
                i += n_empty;
            }
        }
        for i in i..menu.len() {
            if let Some(a) = menu.get(state, i) {
                out.push(
                    self.index(&a)
                        .ok_or_else(|| format!("{a}: beyond the encoding's bounds"))?,
                );
            }
        }
        Ok(())
    }

    fn decode(&self, _state: &Zones, _player: usize, index: usize) -> Option<Action> {
        let h = self.spaces.len();
        let i = |x: usize| x as i64;
        if index < self.swap_start() {
            Some(Action::Plant {
                slot: i(index / h),
                space: self.spaces[index % h],
            })
        } else if index < self.flush() {
            let k = index - self.swap_start();
            Some(Action::Swap {
                slot: i(k / self.types),
                give: i(k % self.types),
            })
        } else if index == self.flush() {
            Some(Action::Flush)
        } else if index == self.flush() + 1 {
            Some(Action::EndActions)
        } else {
            None
        }
    }
}
