//! Fields of Green's action encoding (issue 34 item 1), a port of
//! `games/fields_of_green/encoding.py` over the native menu: the legal integers of a seat
//! and the action of an integer, equal to the Python reference's (tests/adapters/
//! test_native_encoding.py).
//!
//! The menu is walked as runs, never item by item: a run is a stretch of consecutive menu
//! items whose integers are consecutive too (the water splits of one build on one cell, the
//! cells of one tower build, the food of one market visit, the splits of one payment), so
//! the mask of a menu of thousands of builds costs one count per group of cells and no
//! action is made. Decoding walks the same runs to the menu item of an integer and makes
//! only that one: an integer that is not in the menu names nothing (None).
//!
//! The blocks' places and shapes, the number of card ids (C) and the draw splits' order come
//! from the Python encoding (the spec): nothing is derived twice.

use rustc_hash::FxHashMap;
use serde_json::Value;

use super::{array, key, usize_of, usizes, ActionIndex};
use crate::fields_of_green::actions::{Action, NO_TILE};
use crate::fields_of_green::flow::movers;
use crate::fields_of_green::menu::{caps_of, legal_actions, CardMenu, Item, Menu, Pay, Seg};
use crate::fields_of_green::resources::count_distributions;
use crate::fields_of_green::state::{Cell, Zones, PICK, RESOLVE};

/// One block of the layout: its first integer and its shape (`Layout` in Python).
#[derive(Debug, Clone, Default)]
struct Block {
    start: usize,
    shape: Vec<usize>,
}

impl Block {
    /// The integer of `coords`; Err outside the shape (the Python encoding's EncodingError).
    fn at(&self, coords: &[usize]) -> Result<usize, String> {
        if coords.len() != self.shape.len() {
            return Err(format!(
                "{coords:?} does not fit the shape {:?}",
                self.shape
            ));
        }
        let mut offset = 0;
        for (&c, &d) in coords.iter().zip(&self.shape) {
            if c >= d {
                return Err(format!("{coords:?} is outside the bounds {:?}", self.shape));
            }
            offset = offset * d + c;
        }
        Ok(self.start + offset)
    }

    /// The first integer of a run of `count` along the last coordinate from `coords`
    /// (checked at both ends).
    fn run(&self, coords: &mut [usize], count: usize) -> Result<usize, String> {
        let first = self.at(coords)?;
        if count > 1 {
            if let Some(last) = coords.last_mut() {
                *last += count - 1;
            }
            self.at(coords)?;
        }
        Ok(first)
    }
}

/// The encoding's blocks, by name (the module docstring of `encoding.py`).
#[derive(Debug, Clone, Default)]
struct Blocks {
    skip_attach: Block,
    set_aside: Block,
    skip: Block,
    end_harvest: Block,
    end_scoring: Block,
    draw_split: Block,
    commit: Block,
    attach: Block,
    keep: Block,
    choose: Block,
    build: Block,
    tower: Block,
    silo: Block,
    market: Block,
    restore: Block,
    place: Block,
    place_water: Block,
    pay: Block,
    pay_harvest: Block,
    decline: Block,
    pay_end: Block,
}

/// The action encoding of one card set (`FieldsOfGreenEncoding`).
pub struct Actions {
    size: usize,
    b: Blocks,
    /// C: card ids below it are cards, C + a tile id is that tile (`item_of`).
    cards: usize,
    /// The draw splits (field, livestock, construction, building) -> their place.
    splits: FxHashMap<[i64; 4], usize>,
}

/// What a walk of the runs does with each: (first menu item, first integer, count); false
/// stops the walk.
type Visit<'a> = dyn FnMut(usize, usize, usize) -> bool + 'a;

impl Actions {
    /// From the spec: `size`, `starts` and `shapes` (block name -> first integer, shape),
    /// `cards` (C), `draw_splits` (the splits in their order).
    pub fn from_spec(spec: &Value) -> Result<Actions, String> {
        let (starts, shapes) = (key(spec, "starts")?, key(spec, "shapes")?);
        let block = |name: &str| -> Result<Block, String> {
            Ok(Block {
                start: usize_of(key(starts, name)?)?,
                shape: usizes(key(shapes, name)?, name)?,
            })
        };
        let b = Blocks {
            skip_attach: block("skip-attach")?,
            set_aside: block("set-aside")?,
            skip: block("skip")?,
            end_harvest: block("end-harvest")?,
            end_scoring: block("end-scoring")?,
            draw_split: block("draw-split")?,
            commit: block("commit")?,
            attach: block("attach")?,
            keep: block("keep")?,
            choose: block("choose")?,
            build: block("build")?,
            tower: block("build-tower")?,
            silo: block("build-silo")?,
            market: block("market")?,
            restore: block("restore")?,
            place: block("place")?,
            place_water: block("place-water")?,
            pay: block("pay")?,
            pay_harvest: block("pay-harvest")?,
            decline: block("decline")?,
            pay_end: block("pay-end")?,
        };
        let mut splits = FxHashMap::default();
        for (i, split) in array(key(spec, "draw_splits")?, "draw_splits")?
            .iter()
            .enumerate()
        {
            let v = usizes(split, "a draw split")?;
            let [a, b, c, d] = v.as_slice() else {
                return Err("a draw split has 4 counts".into());
            };
            splits.insert([*a as i64, *b as i64, *c as i64, *d as i64], i);
        }
        Ok(Actions {
            size: usize_of(key(spec, "size")?)?,
            b,
            cards: usize_of(key(spec, "cards")?)?,
            splits,
        })
    }

    /// `item_of`: a card id, or C + the tile id.
    fn item(&self, card: i64, tile: i64) -> Result<usize, String> {
        let i = if tile == NO_TILE {
            card
        } else {
            self.cards as i64 + tile
        };
        usize::try_from(i).map_err(|_| format!("item {card}/{tile} has no integer"))
    }

    /// The integer of an action the menu lists one by one (not a run).
    fn one(&self, farm: &mut FarmCells<'_>, a: &Action) -> Result<usize, String> {
        let b = &self.b;
        let u = |x: i64| usize::try_from(x).map_err(|_| format!("{a}: {x} has no integer"));
        match a {
            Action::SkipAttach => b.skip_attach.at(&[]),
            Action::SetAside => b.set_aside.at(&[]),
            Action::Skip => b.skip.at(&[]),
            Action::EndHarvest => b.end_harvest.at(&[]),
            Action::EndScoring => b.end_scoring.at(&[]),
            Action::DrawSplit(s) => {
                let i = self
                    .splits
                    .get(s)
                    .ok_or_else(|| format!("{a} is no split"))?;
                b.draw_split.at(&[*i])
            }
            Action::Commit(c) => b.commit.at(&[u(*c)?]),
            Action::Attach(t) => b.attach.at(&[u(*t)?]),
            Action::Keep(t) => b.keep.at(&[u(*t)?]),
            Action::Choose(i) => b.choose.at(&[u(*i)?]),
            Action::Place(cell) => b.place.at(&[farm.index(*cell)?]),
            Action::Decline(c, t) => b.decline.at(&[self.item(*c, *t)?]),
            // no water to pay or place: the one empty split (`water_splits` of need 0)
            Action::PayHarvest(c, t, w) if w.is_empty() => {
                b.pay_harvest.at(&[self.item(*c, *t)?, 0])
            }
            Action::PayEnd(c, t, w) if w.is_empty() => b.pay_end.at(&[self.item(*c, *t)?, 0]),
            Action::Pay(w) if w.is_empty() => b.pay.at(&[0]),
            Action::PlaceWater(w) if w.is_empty() => b.place_water.at(&[0]),
            other => Err(format!("{other}: not listed alone in a menu")),
        }
    }

    /// Walk the runs of `menu` (`p`'s at `z`), calling `visit` on each until it says stop.
    fn walk(&self, z: &Zones, p: usize, menu: &Menu, visit: &mut Visit<'_>) -> Result<(), String> {
        let mut farm = FarmCells::new(z, p);
        match menu {
            Menu::List(items) => {
                for (i, a) in items.iter().enumerate() {
                    if !visit(i, self.one(&mut farm, a)?, 1) {
                        break;
                    }
                }
            }
            Menu::Splits(s) => {
                for i in 0..s.len() {
                    let split = s.get(i).ok_or("a draw split is missing")?;
                    if !visit(i, self.one(&mut farm, &Action::DrawSplit(split))?, 1) {
                        break;
                    }
                }
            }
            Menu::Commits(cards) => {
                for (i, &c) in cards.iter().enumerate() {
                    if !visit(i, self.b.commit.at(&[c as usize])?, 1) {
                        break;
                    }
                }
            }
            Menu::Paid(paid) => {
                let mut pos = 0;
                for item in &paid.items {
                    let (first, count) = match item {
                        Item::One(a) => (self.one(&mut farm, a)?, 1),
                        &Item::Splits { count, pay, .. } => (self.first_split(pay, count)?, count),
                    };
                    if !visit(pos, first, count) {
                        break;
                    }
                    pos += count;
                }
            }
            Menu::Cards(cards) => self.card_runs(z, p, cards, &mut farm, visit)?,
        }
        Ok(())
    }

    /// The first integer of the `count` splits of a payment or placement.
    fn first_split(&self, pay: Pay, count: usize) -> Result<usize, String> {
        let b = &self.b;
        match pay {
            Pay::Harvest(card, tile) => b.pay_harvest.run(&mut [self.item(card, tile)?, 0], count),
            Pay::End(card, tile) => b.pay_end.run(&mut [self.item(card, tile)?, 0], count),
            Pay::Optional => b.pay.run(&mut [0], count),
            Pay::Place => b.place_water.run(&mut [0], count),
        }
    }

    /// The runs of actions A-E: per card, its builds (per placement cell, the splits of the
    /// cell's group), tower and silo builds (per cell), market visits, restorations.
    fn card_runs(
        &self,
        z: &Zones,
        p: usize,
        menu: &CardMenu,
        farm: &mut FarmCells<'_>,
        visit: &mut Visit<'_>,
    ) -> Result<(), String> {
        let b = &self.b;
        let slots: &[i32] = match z.phase {
            RESOLVE => std::slice::from_ref(&z.revealed[p]),
            PICK => &z.display,
            _ => return Err("no card action is taken now".into()),
        };
        let mut groups: Vec<(i64, Vec<usize>)> = Vec::new(); // need -> builds per group
        let mut pos = 0;
        for &(count, seg, card, need) in &menu.segs {
            let slot = slots
                .iter()
                .position(|&c| c == card)
                .ok_or_else(|| format!("card {card} is in no slot"))?;
            let mut go = true;
            match seg {
                Seg::Build if need > 0 => {
                    let reach = menu.reach.as_ref().ok_or("the menu has no reach")?;
                    let per_group = match groups.iter().position(|(n, _)| *n == need) {
                        Some(i) => &groups[i].1,
                        None => {
                            let mut caps = [0i64; 64];
                            let counts = menu.paying.iter().map(|&m| {
                                let k = caps_of(z, reach, m, &mut caps);
                                count_distributions(&caps[..k], need)
                            });
                            groups.push((need, counts.collect()));
                            &groups[groups.len() - 1].1
                        }
                    };
                    let mut at = pos;
                    for (k, &g) in reach.group.iter().enumerate() {
                        let n = per_group[g];
                        if n > 0 && go {
                            go = visit(at, b.build.run(&mut [slot, k, 0], n)?, n);
                        }
                        at += n;
                    }
                }
                Seg::Build => {
                    for k in 0..count {
                        go = go && visit(pos + k, b.build.at(&[slot, k, 0])?, 1);
                    }
                }
                Seg::Tower => go = visit(pos, b.tower.run(&mut [slot, 0], count)?, count),
                Seg::Silo => go = visit(pos, b.silo.run(&mut [slot, 0], count)?, count),
                Seg::Market => go = visit(pos, b.market.run(&mut [slot, 0], count)?, count),
                Seg::Restore => {
                    for (i, &cell) in menu.open.iter().enumerate() {
                        go = go && visit(pos + i, b.restore.at(&[slot, farm.index(cell)?])?, 1);
                    }
                }
            }
            if !go {
                break;
            }
            pos += count;
        }
        Ok(())
    }
}

/// A player's farm cells sorted by (x, y), sorted only when first asked for (`restore`,
/// `place`).
struct FarmCells<'a> {
    farm: &'a [(Cell, i32)],
    sorted: Option<Vec<Cell>>,
}

impl<'a> FarmCells<'a> {
    fn new(z: &'a Zones, p: usize) -> FarmCells<'a> {
        FarmCells {
            farm: &z.farms[p],
            sorted: None,
        }
    }

    fn index(&mut self, cell: Cell) -> Result<usize, String> {
        let farm = self.farm;
        let sorted = self.sorted.get_or_insert_with(|| {
            let mut cells: Vec<Cell> = farm.iter().map(|&(c, _)| c).collect();
            cells.sort_unstable();
            cells
        });
        sorted
            .binary_search(&cell)
            .map_err(|_| format!("{cell:?} is not on the farm"))
    }
}

impl ActionIndex<Zones> for Actions {
    fn size(&self) -> usize {
        self.size
    }

    fn legal(&self, state: &Zones, player: usize, out: &mut Vec<usize>) -> Result<(), String> {
        let menu = legal_actions(state, player);
        self.walk(state, player, &menu, &mut |_, first, count| {
            out.extend(first..first + count);
            true
        })
    }

    fn decode(&self, state: &Zones, player: usize, index: usize) -> Option<Action> {
        if !movers(state).contains(&player) {
            return None;
        }
        let menu = legal_actions(state, player);
        let mut found = None;
        self.walk(state, player, &menu, &mut |pos, first, count| {
            if (first..first + count).contains(&index) {
                found = Some(pos + index - first);
            }
            found.is_none()
        })
        .ok()?;
        menu.get(state, found?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_block_numbers_its_coordinates_and_refuses_past_its_bounds() {
        let build = Block {
            start: 100,
            shape: vec![6, 54, 128],
        };
        assert_eq!(build.at(&[0, 0, 0]), Ok(100));
        assert_eq!(build.at(&[1, 2, 3]), Ok(100 + (54 + 2) * 128 + 3));
        assert!(build.at(&[0, 0, 128]).is_err());
        assert!(build.at(&[0, 0]).is_err());
        // a run of splits checks its last integer too
        assert_eq!(build.run(&mut [0, 1, 0], 128), Ok(100 + 128));
        assert!(build.run(&mut [0, 1, 0], 129).is_err());
        let single = Block {
            start: 3,
            shape: vec![],
        };
        assert_eq!(single.at(&[]), Ok(3));
    }
}
