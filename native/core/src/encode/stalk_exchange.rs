//! Stalk Exchange's observation vector and action integers (issue 34 item 1), ports of
//! `games/stalk_exchange/obs_encoding.py` and `games/stalk_exchange/encoding.py`.

use rustc_hash::FxHashMap;
use serde_json::Value;

use super::{
    array, items, key, names, num, num_at, place_of, relative, usize_of, ActionIndex, Layout,
    ObservationIndex, Writer,
};
use crate::interface::NativeGame;
use crate::stalk_exchange::actions::Action;
use crate::stalk_exchange::hexgrid::Hex;
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

    /// `StalkExchangeObservationEncoder.write` of `obs`.
    pub fn write_obs(&self, obs: &Value, viewer: usize, out: &mut Writer<'_>) {
        let (f, n) = (&self.f, self.n);
        let k = self.flowers.len() as i64;
        let market = &obs["market"];
        out.fill(
            f.scalars,
            &[
                num(&obs["over"]),
                num(&obs["basic_taken"]),
                num(&obs["basic_actions"]),
                num(&obs["turn"]),
                num(&obs["round"]),
                num(&obs["greenhouse"]),
                num(&market["crash_distance"]),
            ],
            0,
        );
        if !obs["active"].is_null() {
            out.put(f.active, relative(&obs["active"], viewer, n), 1.0);
        }
        for token in items(&obs["garden"]["tokens"]) {
            let space = &token["space"];
            let at = (
                space[0].as_i64().unwrap_or(0),
                space[1].as_i64().unwrap_or(0),
            );
            let space = self.board.get(&at).map_or(-1, |&i| i as i64);
            let field = if token["side"] == "bloom" {
                f.garden_bloom
            } else {
                f.garden_bulb
            };
            out.put(
                field,
                space * k + place_of(&self.flower, &token["flower"]),
                1.0,
            );
        }
        for (slot, flower) in items(&obs["exchange"]).iter().enumerate() {
            if !flower.is_null() {
                out.put(
                    f.exchange,
                    slot as i64 * k + place_of(&self.flower, flower),
                    1.0,
                );
            }
        }
        for (cell, flower) in items(&market["track"]).iter().enumerate() {
            out.put(
                f.market_track,
                cell as i64 * k + place_of(&self.flower, flower),
                1.0,
            );
        }
        for (t, flower) in self.flowers.iter().enumerate() {
            let t = t as i64;
            out.put(f.market_values, t, num_at(&market["values"], flower));
            out.put(f.compost, t, num_at(&obs["compost"], flower));
            out.put(f.portfolio, t, num_at(&obs["portfolio"], flower));
        }
        for player in items(&obs["players"]) {
            let i = relative(&player["seat"], viewer, n);
            out.put(f.portfolio_size, i, num_at(player, "portfolio_size"));
            out.put(f.seedy_unspent, i, num_at(player, "seedy_unspent"));
            out.put(f.seedy_spent, i, num_at(player, "seedy_spent"));
            for (t, flower) in self.flowers.iter().enumerate() {
                let held = num_at(&player["known_to_hold"], flower);
                out.put(f.known_to_hold, i * k + t as i64, held);
            }
        }
        if !obs["crash"].is_null() {
            for trigger in items(&obs["crash"]["triggers"]) {
                out.put(f.crash, trigger.as_i64().unwrap_or(0) - 1, 1.0);
            }
        }
    }
}

impl ObservationIndex<Zones> for Observations {
    fn layout(&self) -> &Layout {
        &self.layout
    }

    fn write(&self, state: &Zones, viewer: usize, out: &mut [f32]) -> Result<(), String> {
        let obs = state.observe(Some(viewer));
        let mut writer = Writer::new(&self.layout, out);
        self.write_obs(&obs, viewer, &mut writer);
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
        for i in 0..menu.len() {
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
