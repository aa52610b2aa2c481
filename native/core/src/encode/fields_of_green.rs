//! Fields of Green's observation vector (issue 34 item 1), a port of
//! `games/fields_of_green/obs_encoding.py`, read straight off the zones: what `observe.rs`
//! shows a seat, field by field, without building the observation (building its JSON cost
//! a few hundred microseconds a call; issue 34 target 1, D-83). Its action integers are
//! `fields_of_green_actions.rs`.

use rustc_hash::FxHashMap;
use serde_json::Value;

use super::{key, names, usize_of, usizes, Layout, ObservationIndex, Writer};
use crate::fields_of_green::abilities::{food_capacity, tower_capacity};
use crate::fields_of_green::cards::KIND_NAMES;
use crate::fields_of_green::flow::movers;
use crate::fields_of_green::state::{
    FRAME_NAMES, F_ATTACH, F_CHOOSE, F_KEEP, F_OPTIONAL, F_PLACE, F_WATER, NONE, PHASE_NAMES,
};
use crate::fields_of_green::Zones;

const GRID: i64 = 6;
const PLAYER_VALUES: i64 = 10;

struct Fields {
    phase: usize,
    scalars: usize,
    first_player: usize,
    to_move: usize,
    discard: usize,
    equipment_discard: usize,
    display: usize,
    hand: usize,
    commit: usize,
    known_hands: usize,
    known_stack: usize,
    players: usize,
    farm: usize,
    farm_equipment: usize,
    set_aside: usize,
    revealed: usize,
    split: usize,
    grid: usize,
    harvested: usize,
    paid_game_end: usize,
    decision: usize,
    decision_player: usize,
    decision_values: usize,
    decision_card: usize,
    decision_tiles: usize,
}

/// The observation encoder of one player count and options.
pub struct Observations {
    layout: Layout,
    f: Fields,
    n: usize,
    /// Design name -> index; tile design name -> index.
    design: FxHashMap<String, usize>,
    tile: FxHashMap<String, usize>,
    /// Card id -> design index; tile id -> tile design index.
    card_design: Vec<usize>,
    tile_design: Vec<usize>,
    kinds: FxHashMap<String, usize>,
    /// The core's phase, frame and kind numbers -> their places in the reference's lists.
    phase_place: Vec<i64>,
    frame_place: Vec<i64>,
    kind_place: Vec<i64>,
}

/// Each of the core's `names` at its place in the reference's `table` (-1: absent).
fn places(table: &FxHashMap<String, usize>, names: &[&str]) -> Vec<i64> {
    names
        .iter()
        .map(|n| table.get(*n).map_or(-1, |&i| i as i64))
        .collect()
}

impl Observations {
    /// From the spec: `fields`, `num_players`, `designs`, `tiles` (names in index order),
    /// `card_design` (card id -> design index), `tile_design` (tile id -> tile index),
    /// `phases`, `frames`, `kinds`.
    pub fn from_spec(spec: &Value) -> Result<Observations, String> {
        let layout = Layout::from_json(key(spec, "fields")?)?;
        let l = &layout;
        let kinds = names(key(spec, "kinds")?, "kinds")?;
        let f = Fields {
            phase: l.field("phase")?,
            scalars: l.field("scalars")?,
            first_player: l.field("first_player")?,
            to_move: l.field("to_move")?,
            discard: l.field("discard")?,
            equipment_discard: l.field("equipment_discard")?,
            display: l.field("display")?,
            hand: l.field("hand")?,
            commit: l.field("commit")?,
            known_hands: l.field("known_hands")?,
            known_stack: l.field("known_stack")?,
            players: l.field("players")?,
            farm: l.field("farm")?,
            farm_equipment: l.field("farm_equipment")?,
            set_aside: l.field("set_aside")?,
            revealed: l.field("revealed")?,
            split: l.field("split")?,
            grid: l.field("grid")?,
            harvested: l.field("harvested")?,
            paid_game_end: l.field("paid_game_end")?,
            decision: l.field("decision")?,
            decision_player: l.field("decision_player")?,
            decision_values: l.field("decision_values")?,
            decision_card: l.field("decision_card")?,
            decision_tiles: l.field("decision_tiles")?,
        };
        Ok(Observations {
            f,
            n: usize_of(key(spec, "num_players")?)?,
            design: names(key(spec, "designs")?, "designs")?,
            tile: names(key(spec, "tiles")?, "tiles")?,
            card_design: usizes(key(spec, "card_design")?, "card_design")?,
            tile_design: usizes(key(spec, "tile_design")?, "tile_design")?,
            phase_place: places(&names(key(spec, "phases")?, "phases")?, &PHASE_NAMES),
            frame_place: places(&names(key(spec, "frames")?, "frames")?, &FRAME_NAMES),
            kind_place: places(&kinds, &KIND_NAMES),
            kinds,
            layout,
        })
    }

    fn d(&self) -> i64 {
        self.design.len() as i64
    }

    fn e(&self) -> i64 {
        self.tile.len() as i64
    }

    /// A card id's design index.
    fn card(&self, card: i32) -> i64 {
        usize::try_from(card)
            .ok()
            .and_then(|c| self.card_design.get(c))
            .map_or(-1, |&x| x as i64)
    }

    /// A tile id's design index.
    fn tile_of(&self, tile: i64) -> i64 {
        usize::try_from(tile)
            .ok()
            .and_then(|t| self.tile_design.get(t))
            .map_or(-1, |&x| x as i64)
    }

    /// `_item`: a card id's design, or D + the tile design of cards + a tile id.
    fn item(&self, item: i64) -> i64 {
        let Ok(item) = usize::try_from(item) else {
            return -1;
        };
        let cards = self.card_design.len();
        if item < cards {
            self.card_design[item] as i64
        } else {
            self.tile_design
                .get(item - cards)
                .map_or(-1, |&t| self.d() + t as i64)
        }
    }

    /// A seat's place relative to `viewer`.
    fn rel(&self, seat: usize, viewer: usize) -> i64 {
        ((seat + self.n - viewer % self.n) % self.n) as i64
    }

    /// `FieldsOfGreenObservationEncoder.write` of `observe(viewer)`, read off the zones
    /// (what `observe.rs` shows the viewer, field by field, without building it).
    pub fn write_zones(&self, z: &Zones, viewer: usize, out: &mut Writer<'_>) {
        let (f, d) = (&self.f, self.d());
        let num = |b: bool| f64::from(u8::from(b));
        out.put(f.phase, self.phase_place[z.phase as usize], 1.0);
        let mut scalars = vec![z.year as f64, z.turn as f64, num(z.direction() == 1)];
        scalars.extend(z.piles.iter().map(|p| p.len() as f64));
        scalars.extend([
            z.towers.len() as f64,
            z.silos.len() as f64,
            z.tiles.len() as f64,
            z.shared.len() as f64,
            num(z.cfg.introductory),
            num(z.cfg.published),
            z.aside[viewer].len() as f64,
        ]);
        out.fill(f.scalars, &scalars, 0);
        out.put(f.first_player, self.rel(z.first, viewer), 1.0);
        for p in movers(z) {
            out.put(f.to_move, self.rel(p, viewer), 1.0);
        }
        for &c in z.discard.iter() {
            out.add(f.discard, self.card(c), 1.0);
        }
        for &t in z.tile_discard.iter() {
            out.add(f.equipment_discard, self.tile_of(t as i64), 1.0);
        }
        for (slot, &c) in z.display.iter().enumerate() {
            out.put(f.display, slot as i64 * d + self.card(c), 1.0);
        }
        self.private(z, viewer, out);
        for p in 0..self.n {
            self.player(z, p, self.rel(p, viewer), out);
        }
        let kinds = self.kinds.len() as i64;
        for &((x, y), c) in &z.farms[viewer] {
            if (-GRID..=GRID).contains(&x) && (-GRID..=GRID).contains(&y) {
                let kind = self.kind_place[z.cfg.cards[c as usize].kind];
                let at = ((x + GRID) * (2 * GRID + 1) + y + GRID) * kinds + kind;
                out.put(f.grid, at, 1.0);
            }
        }
        for &item in z.handled.iter() {
            out.add(f.harvested, self.item(item), 1.0);
        }
        for &item in z.paid_end.iter() {
            out.add(f.paid_game_end, self.item(item), 1.0);
        }
        self.decision(z, viewer, out);
    }

    /// F-78: the viewer's hand and commit, hands that passed through the viewer, tiles of
    /// the stack the viewer saw (`observe.rs` `private`).
    fn private(&self, z: &Zones, viewer: usize, out: &mut Writer<'_>) {
        let (f, d) = (&self.f, self.d());
        for &c in &z.hands[viewer] {
            out.add(f.hand, self.card(c), 1.0);
        }
        if z.commits[viewer] != NONE {
            out.put(f.commit, self.card(z.commits[viewer]), 1.0);
        }
        let bit = 1i64 << viewer;
        for q in (0..z.n()).filter(|&q| q != viewer) {
            let commit = (z.commits[q] != NONE).then_some(z.commits[q]);
            let mut packet = z.hands[q].iter().copied().chain(commit).peekable();
            let Some(&first) = packet.peek() else {
                continue;
            };
            if z.seen[first as usize] & bit != 0 {
                let i = self.rel(q, viewer);
                for c in packet {
                    out.add(f.known_hands, i * d + self.card(c), 1.0);
                }
            }
        }
        for &t in z.tiles.iter() {
            if z.tile_seen[t as usize] & bit != 0 {
                out.add(f.known_stack, self.tile_of(t as i64), 1.0);
            }
        }
    }

    fn player(&self, z: &Zones, p: usize, i: i64, out: &mut Writer<'_>) {
        let (f, d, e) = (&self.f, self.d(), self.e());
        let farm = &z.farms[p];
        let towers = || farm.iter().filter(|&&(_, c)| z.is_tower(c));
        let values = [
            z.coins[p] as f64,
            z.food[p] as f64,
            food_capacity(z, p) as f64,
            z.vp[p] as f64,
            z.hands[p].len() as f64,
            f64::from(u8::from(z.commits[p] != NONE)),
            farm.len() as f64,
            towers().map(|&(_, c)| z.water[c as usize] as f64).sum(),
            towers().map(|&(_, c)| tower_capacity(z, c) as f64).sum(),
            farm.iter()
                .filter(|&&(_, c)| z.face_down[c as usize])
                .count() as f64,
        ];
        out.fill(f.players, &values, i * PLAYER_VALUES);
        for &(_, c) in farm {
            out.add(f.farm, i * d + self.card(c), 1.0);
            for &t in &z.equip[c as usize] {
                out.add(f.farm_equipment, i * e + self.tile_of(t as i64), 1.0);
            }
        }
        for &t in &z.aside[p] {
            out.add(f.set_aside, i * e + self.tile_of(t as i64), 1.0);
        }
        if z.revealed[p] != NONE {
            out.put(f.revealed, i * d + self.card(z.revealed[p]), 1.0);
        }
        if !z.splits[p].is_empty() {
            let split: Vec<f64> = z.splits[p].iter().map(|&k| k as f64).collect();
            out.fill(f.split, &split, i * 4);
        }
    }

    /// The decision on top of the stack (`observe.rs` `decision`).
    fn decision(&self, z: &Zones, viewer: usize, out: &mut Writer<'_>) {
        let Some(frame) = z.stack.last() else {
            return;
        };
        let f = &self.f;
        let (kind, p) = (frame[0], frame[1] as usize);
        out.put(f.decision, self.frame_place[kind as usize], 1.0);
        out.put(f.decision_player, self.rel(p, viewer), 1.0);
        let own = p == viewer;
        let extra = frame.len() as f64;
        let values = match kind {
            F_WATER => [frame[2] as f64, 0.0, 0.0],
            F_CHOOSE => [0.0, extra - 3.0, 0.0],
            F_KEEP => [0.0, 0.0, extra - 2.0],
            _ => [0.0; 3],
        };
        out.fill(f.decision_values, &values, 0);
        if matches!(kind, F_CHOOSE | F_ATTACH | F_OPTIONAL) {
            out.put(f.decision_card, self.item(frame[2]), 1.0);
        }
        if kind == F_KEEP && own {
            for &t in &frame[2..] {
                out.add(f.decision_tiles, self.tile_of(t), 1.0);
            }
        }
        if kind == F_PLACE && own {
            out.add(f.decision_tiles, self.tile_of(frame[2]), 1.0);
        }
    }
}

impl ObservationIndex<Zones> for Observations {
    fn layout(&self) -> &Layout {
        &self.layout
    }

    fn write(&self, state: &Zones, viewer: usize, out: &mut [f32]) -> Result<(), String> {
        let mut writer = Writer::new(&self.layout, out);
        self.write_zones(state, viewer, &mut writer);
        Ok(())
    }
}
