//! Action codes (issue 34 target 2): one integer per Fields of Green action, independent of
//! the state, so a learner or a search can play integers as in the other games. A water
//! split is a list of tower cells and amounts, so a code takes up to 128 bits; an action
//! whose numbers do not fit the layout has none.
//!
//! Layout, from the low bits: the kind's index in [`Action`]'s declaration order (5 bits),
//! then the variant's fields in order: a card 12 bits, a tile 12 bits (+1: no tile is 0), a
//! cell two 8-bit numbers (+128), a food, index or draw count 8 bits, a water split its
//! length (4 bits) and per tower its cell (2 × 8 bits, +128) and amount (6 bits). That
//! holds 4 towers in a build's payment (random games pay from at most 3).

use super::actions::Action;
use super::resources::Water;
use super::state::Cell;

const KIND_BITS: u32 = 5;
const CARD_BITS: u32 = 12;
const SMALL_BITS: u32 = 8;
const COORD_BITS: u32 = 8;
const COORD_OFFSET: i64 = 128;
const AMOUNT_BITS: u32 = 6;
const COUNT_BITS: u32 = 4;

/// Writes fields from the low bits up; None when a value does not fit.
struct Pack {
    code: u128,
    shift: u32,
}

impl Pack {
    fn put(&mut self, v: i64, bits: u32, offset: i64) -> Option<()> {
        let u = u128::try_from(v.checked_add(offset)?).ok()?;
        if u >= 1 << bits || self.shift + bits > 128 {
            return None;
        }
        self.code |= u << self.shift;
        self.shift += bits;
        Some(())
    }

    fn cell(&mut self, (x, y): Cell) -> Option<()> {
        self.put(x, COORD_BITS, COORD_OFFSET)?;
        self.put(y, COORD_BITS, COORD_OFFSET)
    }

    fn water(&mut self, w: &Water) -> Option<()> {
        self.put(w.len() as i64, COUNT_BITS, 0)?;
        for &(x, y, n) in w {
            self.cell((x, y))?;
            self.put(n, AMOUNT_BITS, 0)?;
        }
        Some(())
    }
}

/// Reads fields as [`Pack`] wrote them.
struct Unpack {
    code: u128,
    shift: u32,
}

impl Unpack {
    fn get(&mut self, bits: u32, offset: i64) -> i64 {
        let v = (self.code >> self.shift.min(127)) & ((1 << bits) - 1);
        self.shift += bits;
        v as i64 - offset
    }

    fn card(&mut self) -> i64 {
        self.get(CARD_BITS, 0)
    }

    fn tile(&mut self) -> i64 {
        self.get(CARD_BITS, 1)
    }

    fn cell(&mut self) -> Cell {
        let x = self.get(COORD_BITS, COORD_OFFSET);
        (x, self.get(COORD_BITS, COORD_OFFSET))
    }

    fn water(&mut self) -> Water {
        let n = self.get(COUNT_BITS, 0);
        (0..n)
            .map(|_| {
                let (x, y) = self.cell();
                (x, y, self.get(AMOUNT_BITS, 0))
            })
            .collect()
    }
}

fn kind_index(a: &Action) -> i64 {
    match a {
        Action::PlaceWater(_) => 0,
        Action::DrawSplit(_) => 1,
        Action::Commit(_) => 2,
        Action::Build(..) => 3,
        Action::Tower(..) => 4,
        Action::Silo(..) => 5,
        Action::Market(..) => 6,
        Action::Restore(..) => 7,
        Action::Attach(_) => 8,
        Action::SkipAttach => 9,
        Action::Keep(_) => 10,
        Action::Place(_) => 11,
        Action::SetAside => 12,
        Action::Choose(_) => 13,
        Action::Pay(_) => 14,
        Action::Skip => 15,
        Action::PayHarvest(..) => 16,
        Action::Decline(..) => 17,
        Action::EndHarvest => 18,
        Action::PayEnd(..) => 19,
        Action::EndScoring => 20,
    }
}

/// The action's code, or None for numbers beyond the layout.
pub fn encode(a: &Action) -> Option<u128> {
    let mut p = Pack { code: 0, shift: 0 };
    p.put(kind_index(a), KIND_BITS, 0)?;
    match a {
        Action::PlaceWater(w) | Action::Pay(w) => p.water(w)?,
        Action::DrawSplit(counts) => {
            for &k in counts {
                p.put(k, SMALL_BITS, 0)?;
            }
        }
        Action::Commit(c) => p.put(*c, CARD_BITS, 0)?,
        Action::Build(c, cell, w) => {
            p.put(*c, CARD_BITS, 0)?;
            p.cell(*cell)?;
            p.water(w)?;
        }
        Action::Tower(c, cell) | Action::Silo(c, cell) | Action::Restore(c, cell) => {
            p.put(*c, CARD_BITS, 0)?;
            p.cell(*cell)?;
        }
        Action::Market(c, food) => {
            p.put(*c, CARD_BITS, 0)?;
            p.put(*food, SMALL_BITS, 0)?;
        }
        Action::Attach(t) | Action::Keep(t) => p.put(*t, CARD_BITS, 1)?,
        Action::Place(cell) => p.cell(*cell)?,
        Action::Choose(i) => p.put(*i, SMALL_BITS, 0)?,
        Action::PayHarvest(c, t, w) | Action::PayEnd(c, t, w) => {
            p.put(*c, CARD_BITS, 0)?;
            p.put(*t, CARD_BITS, 1)?;
            p.water(w)?;
        }
        Action::Decline(c, t) => {
            p.put(*c, CARD_BITS, 0)?;
            p.put(*t, CARD_BITS, 1)?;
        }
        Action::SkipAttach
        | Action::SetAside
        | Action::Skip
        | Action::EndHarvest
        | Action::EndScoring => {}
    }
    Some(p.code)
}

/// The action of a code made by [`encode`], or None for a code it cannot make.
pub fn decode(code: u128) -> Option<Action> {
    let mut u = Unpack { code, shift: 0 };
    let made = match u.get(KIND_BITS, 0) {
        0 => Action::PlaceWater(u.water()),
        1 => Action::DrawSplit([0; 4].map(|_| u.get(SMALL_BITS, 0))),
        2 => Action::Commit(u.card()),
        3 => {
            let c = u.card();
            let cell = u.cell();
            Action::Build(c, cell, u.water())
        }
        4 => Action::Tower(u.card(), u.cell()),
        5 => Action::Silo(u.card(), u.cell()),
        6 => Action::Market(u.card(), u.get(SMALL_BITS, 0)),
        7 => Action::Restore(u.card(), u.cell()),
        8 => Action::Attach(u.tile()),
        9 => Action::SkipAttach,
        10 => Action::Keep(u.tile()),
        11 => Action::Place(u.cell()),
        12 => Action::SetAside,
        13 => Action::Choose(u.get(SMALL_BITS, 0)),
        14 => Action::Pay(u.water()),
        15 => Action::Skip,
        16 => {
            let c = u.card();
            let t = u.tile();
            Action::PayHarvest(c, t, u.water())
        }
        17 => Action::Decline(u.card(), u.tile()),
        18 => Action::EndHarvest,
        19 => {
            let c = u.card();
            let t = u.tile();
            Action::PayEnd(c, t, u.water())
        }
        20 => Action::EndScoring,
        _ => return None,
    };
    // One code per action: stray bits, or a split longer than the bits hold, make another.
    (encode(&made) == Some(code)).then_some(made)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_round_trips_with_distinct_codes() {
        let w = vec![(-5, 6, 3), (0, 0, 1), (6, -6, 63), (1, 1, 2)];
        let actions = vec![
            Action::PlaceWater(w.clone()),
            Action::DrawSplit([4, 0, 2, 1]),
            Action::Commit(131),
            Action::Build(4095, (-8, 7), w.clone()),
            Action::Tower(7, (1, 0)),
            Action::Silo(7, (1, 0)),
            Action::Market(9, 2),
            Action::Restore(9, (-1, -1)),
            Action::Attach(29),
            Action::SkipAttach,
            Action::Keep(0),
            Action::Place((3, -2)),
            Action::SetAside,
            Action::Choose(1),
            Action::Pay(vec![]),
            Action::Skip,
            Action::PayHarvest(98, -1, w.clone()),
            Action::Decline(98, 22),
            Action::EndHarvest,
            Action::PayEnd(99, 7, vec![(0, 0, 1)]),
            Action::EndScoring,
        ];
        let codes: Vec<u128> = actions.iter().map(|a| encode(a).unwrap()).collect();
        for (a, &c) in actions.iter().zip(&codes) {
            assert_eq!(decode(c).as_ref(), Some(a));
        }
        let mut unique = codes.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), codes.len());
    }

    #[test]
    fn what_does_not_fit_has_no_code() {
        assert_eq!(encode(&Action::Commit(4096)), None);
        assert_eq!(encode(&Action::Commit(-1)), None);
        assert_eq!(encode(&Action::Place((128, 0))), None);
        assert_eq!(encode(&Action::Pay(vec![(0, 0, 64)])), None);
        let five = vec![(0, 0, 1); 5];
        assert_eq!(encode(&Action::Build(1, (0, 0), five)), None);
        assert_eq!(decode(21), None);
        assert_eq!(decode(9 | 1 << 5), None); // skip-attach with a stray number
    }
}
