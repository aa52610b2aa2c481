//! Fields of Green's observation vector (issue 34 item 1), a port of
//! `games/fields_of_green/obs_encoding.py`. Its action mask stays in Python for now (its
//! integers name placement cells and water splits the menu computes; see D-77).

use rustc_hash::FxHashMap;
use serde_json::Value;

use super::{
    items, key, names, num, num_at, place_of, relative, usize_of, usizes, Layout, ObservationIndex,
    Writer,
};
use crate::fields_of_green::Zones;
use crate::interface::NativeGame;

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
    phases: FxHashMap<String, usize>,
    frames: FxHashMap<String, usize>,
    kinds: FxHashMap<String, usize>,
}

impl Observations {
    /// From the spec: `fields`, `num_players`, `designs`, `tiles` (names in index order),
    /// `card_design` (card id -> design index), `tile_design` (tile id -> tile index),
    /// `phases`, `frames`, `kinds`.
    pub fn from_spec(spec: &Value) -> Result<Observations, String> {
        let layout = Layout::from_json(key(spec, "fields")?)?;
        let l = &layout;
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
            phases: names(key(spec, "phases")?, "phases")?,
            frames: names(key(spec, "frames")?, "frames")?,
            kinds: names(key(spec, "kinds")?, "kinds")?,
            layout,
        })
    }

    fn d(&self) -> i64 {
        self.design.len() as i64
    }

    fn e(&self) -> i64 {
        self.tile.len() as i64
    }

    fn design_of(&self, card: &Value) -> i64 {
        place_of(&self.design, &card["design"])
    }

    fn tile_of(&self, tile: &Value) -> i64 {
        place_of(&self.tile, &tile["design"])
    }

    /// `_item`: a card id's design, or D + the tile design of cards + a tile id.
    fn item(&self, item: &Value) -> i64 {
        let Some(item) = item.as_u64().map(|x| x as usize) else {
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

    /// `FieldsOfGreenObservationEncoder.write` of `obs`.
    pub fn write_obs(&self, obs: &Value, viewer: usize, out: &mut Writer<'_>) {
        let (f, n, d) = (&self.f, self.n, self.d());
        out.put(f.phase, place_of(&self.phases, &obs["phase"]), 1.0);
        let me = &obs["players"][viewer];
        let mut scalars = vec![
            num(&obs["year"]),
            num(&obs["turn"]),
            f64::from(u8::from(obs["direction"] == 1)),
        ];
        scalars.extend(items(&obs["pile_sizes"]).iter().map(num));
        scalars.extend([
            num(&obs["water_towers_left"]),
            num(&obs["silos_left"]),
            num(&obs["equipment_left"]),
            num(&obs["shared_size"]),
            num(&obs["introductory"]),
            f64::from(u8::from(obs["ruleset"] == "published")),
            items(&me["set_aside"]).len() as f64,
        ]);
        out.fill(f.scalars, &scalars, 0);
        out.put(
            f.first_player,
            relative(&obs["first_player"], viewer, n),
            1.0,
        );
        for p in items(&obs["to_move"]) {
            out.put(f.to_move, relative(p, viewer, n), 1.0);
        }
        for card in items(&obs["discard"]) {
            out.add(f.discard, self.design_of(card), 1.0);
        }
        for t in items(&obs["equipment_discard"]) {
            out.add(f.equipment_discard, self.tile_of(t), 1.0);
        }
        for (slot, card) in items(&obs["display"]).iter().enumerate() {
            out.put(f.display, slot as i64 * d + self.design_of(card), 1.0);
        }
        for card in items(&obs["hand"]) {
            out.add(f.hand, self.design_of(card), 1.0);
        }
        if !obs["commit"].is_null() {
            out.put(f.commit, self.design_of(&obs["commit"]), 1.0);
        }
        if let Some(known) = obs["known_hands"].as_object() {
            for (seat, cards) in known {
                let seat = Value::from(seat.parse::<u64>().unwrap_or(0));
                let i = relative(&seat, viewer, n);
                for card in items(cards) {
                    out.add(f.known_hands, i * d + self.item_card(card), 1.0);
                }
            }
        }
        for pair in items(&obs["known_stack"]) {
            out.add(f.known_stack, self.tile_of(&pair[1]), 1.0);
        }
        for player in items(&obs["players"]) {
            self.player(player, relative(&player["seat"], viewer, n), out);
        }
        let kinds = self.kinds.len() as i64;
        for cell in items(&me["farm"]) {
            let (x, y) = (
                cell["cell"][0].as_i64().unwrap_or(i64::MAX),
                cell["cell"][1].as_i64().unwrap_or(i64::MAX),
            );
            if (-GRID..=GRID).contains(&x) && (-GRID..=GRID).contains(&y) {
                let kind = place_of(&self.kinds, &cell["card"]["kind"]);
                let at = ((x + GRID) * (2 * GRID + 1) + y + GRID) * kinds + kind;
                out.put(f.grid, at, 1.0);
            }
        }
        for item in items(&obs["harvested"]) {
            out.add(f.harvested, self.item(item), 1.0);
        }
        for item in items(&obs["paid_game_end"]) {
            out.add(f.paid_game_end, self.item(item), 1.0);
        }
        self.decision(&obs["decision"], viewer, out);
    }

    /// A card id's design index (`design[card_design[card]]`).
    fn item_card(&self, card: &Value) -> i64 {
        card.as_u64()
            .and_then(|c| self.card_design.get(c as usize))
            .map_or(-1, |&x| x as i64)
    }

    fn player(&self, player: &Value, i: i64, out: &mut Writer<'_>) {
        let (f, d, e) = (&self.f, self.d(), self.e());
        let farm = items(&player["farm"]);
        let values = [
            num_at(player, "coins"),
            num_at(player, "food"),
            num_at(player, "food_capacity"),
            num_at(player, "vp_tokens"),
            num_at(player, "hand_size"),
            num_at(player, "committed"),
            farm.len() as f64,
            farm.iter().map(|c| num_at(c, "water")).sum(),
            farm.iter().map(|c| num_at(c, "capacity")).sum(),
            farm.iter().filter(|c| c["open_area"] == true).count() as f64,
        ];
        out.fill(f.players, &values, i * PLAYER_VALUES);
        for cell in farm {
            out.add(f.farm, i * d + self.design_of(&cell["card"]), 1.0);
            for t in items(&cell["equipment"]) {
                out.add(f.farm_equipment, i * e + self.tile_of(t), 1.0);
            }
        }
        for t in items(&player["set_aside"]) {
            out.add(f.set_aside, i * e + self.tile_of(t), 1.0);
        }
        if !player["revealed"].is_null() {
            out.put(f.revealed, i * d + self.design_of(&player["revealed"]), 1.0);
        }
        if !player["split"].is_null() {
            let split: Vec<f64> = items(&player["split"]).iter().map(num).collect();
            out.fill(f.split, &split, i * 4);
        }
    }

    fn decision(&self, decision: &Value, viewer: usize, out: &mut Writer<'_>) {
        if decision.is_null() {
            return;
        }
        let f = &self.f;
        out.put(f.decision, place_of(&self.frames, &decision["kind"]), 1.0);
        let player = relative(&decision["player"], viewer, self.n);
        out.put(f.decision_player, player, 1.0);
        let values = [
            num_at(decision, "amount"),
            num_at(decision, "options"),
            num_at(decision, "count"),
        ];
        out.fill(f.decision_values, &values, 0);
        if let Some(card) = decision.get("card") {
            out.put(f.decision_card, self.item(card), 1.0);
        }
        if let Some(tiles) = decision.get("tiles") {
            for t in items(tiles) {
                out.add(f.decision_tiles, self.tile_of(t), 1.0);
            }
        }
        if let Some(t) = decision.get("tile") {
            out.add(f.decision_tiles, self.tile_of(t), 1.0);
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
