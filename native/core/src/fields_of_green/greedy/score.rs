//! How good each action looks to the greedy policy (`heuristics._score` and the functions it
//! calls), from player p's view: its own farm, hand, revealed card, set-aside tiles and the
//! decision on top of the stack as its observation shows it.

use super::super::actions::Action;
use super::super::cards::{Effect, EquipmentDesign, TYPES};
use super::super::resources::Water;
use super::super::state::{
    Cell, Zones, FINAL, F_ATTACH, F_CHOOSE, F_KEEP, F_OPTIONAL, F_PLACE, HARVEST,
};
use super::memo::Memo;
use super::prices::{
    ability_worth, build_worth, cost_worth, effects_worth, food_worth, own_need, pmax, silo_worth,
    tile_worth, tower_worth,
};
use super::view::{Farm, Reach, Spot};

/// Everything a decision reads, built once per `choose` (`heuristics.Ctx`).
pub struct Ctx<'a> {
    pub z: &'a Zones,
    pub p: usize,
    pub farm: Farm<'a>,
    /// Food the final harvest's unpaid upkeep takes less what it yields (`Ctx.need`).
    need: f64,
    /// `Farm.reach()`, once asked for (most decisions never read it).
    reach: Option<Reach>,
    /// The last `build_worth` computed, with its card and cell: a build menu lists each
    /// cell once per water split, one after the other (a pure function of the farm).
    built: Option<(Option<usize>, Cell, f64)>,
    /// The farm's placement cells (F-29), once asked for.
    placements: Option<Vec<Cell>>,
    /// The seat's build prices from its earlier decisions of a playout, if any; `adopted`
    /// once checked against this farm.
    memo: Option<&'a mut Memo>,
    adopted: bool,
}

impl<'a> Ctx<'a> {
    pub fn new(z: &'a Zones, p: usize, memo: Option<&'a mut Memo>) -> Ctx<'a> {
        let mut farm = Farm::new(z, p);
        let mut need = 0.0;
        if z.year >= 4 && z.phase < FINAL {
            for s in &farm.spots {
                // items paid or declined at this harvest (F-60)
                if !z.handled.contains(&i64::from(s.card)) {
                    need += own_need(&farm, s);
                }
            }
            farm.need = pmax(0.0, need);
        }
        Ctx {
            z,
            p,
            farm,
            need,
            reach: None,
            built: None,
            placements: None,
            memo,
            adopted: false,
        }
    }

    /// `ctx.designs.get(card)`: the card's design when p's view shows it (its hand, the
    /// display, its revealed card, its farm), else None.
    fn known(&self, card: i64) -> Option<usize> {
        let (z, p) = (self.z, self.p);
        let c = i32::try_from(card).ok().filter(|&c| c >= 0)?;
        let shown = z.hands[p].contains(&c)
            || z.display.contains(&c)
            || z.revealed[p] == c
            || z.owner(c) == Some(p);
        shown.then_some(c as usize)
    }

    /// The seat's memo, made this farm's at the first use in the decision.
    fn memo(&mut self) -> Option<&mut Memo> {
        let memo = self.memo.as_deref_mut()?;
        if !self.adopted {
            memo.adopt(&self.farm);
            self.adopted = true;
        }
        Some(memo)
    }

    /// `build_worth(card, cell)`, remembered.
    fn build(&mut self, card: Option<usize>, cell: Cell) -> f64 {
        if let Some((c, at, w)) = self.built {
            if (c, at) == (card, cell) {
                return w;
            }
        }
        self.memo(); // made this farm's
        let kept = self
            .memo
            .as_deref()
            .and_then(|memo| memo.get(card, cell).filter(|_| memo.holds(&self.farm)));
        if let Some(w) = kept {
            self.built = Some((card, cell, w));
            return w;
        }
        if self.reach.is_none() {
            self.reach();
        }
        let reach = self.reach.as_ref().expect("computed");
        let w = build_worth(card, &mut self.farm, cell, reach);
        self.built = Some((card, cell, w));
        let farm = &self.farm;
        if let Some(memo) = self.memo.as_deref_mut().filter(|m| m.holds(farm)) {
            memo.put(card, cell, w);
        }
        w
    }

    /// `Farm.reach()`, computed once per farm (kept in the memo).
    fn reach(&mut self) -> &Reach {
        if self.reach.is_none() {
            let kept = self.memo().and_then(|m| m.reach.clone());
            let reach = kept.unwrap_or_else(|| {
                let reach = self.farm.reach();
                if let Some(m) = self.memo() {
                    m.reach = Some(reach.clone());
                }
                reach
            });
            self.reach = Some(reach);
        }
        self.reach.as_ref().expect("computed")
    }

    /// The farm's placement cells (F-29), computed once per farm (kept in the memo).
    fn placements(&mut self) -> Vec<Cell> {
        if let Some(cells) = self.placements.take() {
            return cells;
        }
        if let Some(cells) = self.memo().and_then(|m| m.placements.clone()) {
            return cells;
        }
        let cells = self.farm.placements();
        if let Some(m) = self.memo() {
            m.placements = Some(cells.clone());
        }
        cells
    }

    fn spot_of(&self, card: i64) -> Option<&Spot<'a>> {
        self.farm.spots.iter().find(|s| s.card as i64 == card)
    }

    /// The design of tile `tile` on p's farm card `card`.
    fn tile_on(&self, card: i64, tile: i64) -> Option<&'a EquipmentDesign> {
        let s = self.spot_of(card)?;
        s.tiles
            .iter()
            .find(|&&t| t as i64 == tile)
            .map(|&t| self.z.cfg.tile(t as i64))
    }

    /// The top frame of the stack (p is its player whenever p chooses in it).
    fn frame(&self) -> Option<&'a [i64]> {
        self.z.stack.last().map(Vec::as_slice)
    }

    /// `d.get("card", -1)` of the decision's view.
    fn frame_card(&self) -> i64 {
        match self.frame() {
            Some(f) if [F_CHOOSE, F_ATTACH, F_OPTIONAL].contains(&f[0]) => f[2],
            _ => -1,
        }
    }
}

pub fn score(ctx: &mut Ctx, a: &Action) -> f64 {
    match a {
        Action::DrawSplit(counts) => split(ctx.z.year, counts),
        Action::Commit(card) => hand_card_worth(ctx, ctx.known(*card)),
        Action::Build(..)
        | Action::Tower(..)
        | Action::Silo(..)
        | Action::Market(..)
        | Action::Restore(..) => card_action(ctx, a),
        _ if ctx.z.phase == HARVEST && ctx.z.stack.is_empty() => harvest(ctx, a),
        Action::PayEnd(..) | Action::EndScoring => final_payment(ctx, a),
        _ => decision(ctx, a),
    }
}

fn split(year: i64, counts: &[i64; 4]) -> f64 {
    let target = match year {
        3 => [1, 2, 1, 2],
        4 => [1, 1, 1, 3],
        _ => [2, 2, 1, 1],
    };
    -(counts
        .iter()
        .zip(target)
        .map(|(x, t)| (x - t).abs())
        .sum::<i64>() as f64)
}

fn card_action(ctx: &mut Ctx, a: &Action) -> f64 {
    if let Action::Build(card, cell, _) = a {
        return ctx.build(ctx.known(*card), *cell);
    }
    ctx.reach();
    let reach = ctx.reach.as_ref().expect("computed");
    let farm = &mut ctx.farm;
    match a {
        Action::Tower(_, cell) => tower_worth(farm, *cell, reach),
        Action::Silo(..) => silo_worth(farm),
        Action::Market(_, food) => {
            (2 + 2 * food) as f64 * farm.cv - food_worth(farm, *food as f64, true)
        }
        Action::Restore(_, cell) => {
            let Some(info) = farm.occupied(*cell).and_then(|s| farm.design(s)) else {
                return 0.0;
            };
            let watered = reach.get(*cell) > 0;
            info.vp as f64 + ability_worth(info, farm, *cell, watered, 0.0) - farm.cv
        }
        _ => 0.0,
    }
}

/// The best a hand card could do if committed now (build on the best cell, or market).
fn hand_card_worth(ctx: &mut Ctx, card: Option<usize>) -> f64 {
    let farm = &ctx.farm;
    let mut best = 2.0 * farm.cv;
    let cfg = farm.cfg;
    let Some(card) = card.filter(|&c| cfg.cards[c].kind < TYPES.len()) else {
        return best;
    };
    let info = &cfg.cards[card];
    let int = |n: i64| n.max(0) as f64;
    if (farm.coins as f64) < int(info.coins) || (farm.food as f64) < int(info.food) {
        return best;
    }
    let need = int(info.water);
    let cells = ctx.placements();
    for &cell in &cells {
        if need != 0.0 && (ctx.reach().get(cell) as f64) < need {
            continue;
        }
        best = pmax(best, ctx.build(Some(card), cell));
    }
    ctx.placements = Some(cells);
    best
}

fn harvest(ctx: &mut Ctx, a: &Action) -> f64 {
    let (card, tile, water) = match a {
        Action::Decline(_, tile) => return if *tile < 0 { -0.5 } else { -0.05 },
        Action::EndHarvest => return -1.0,
        Action::PayHarvest(card, tile, water) => (*card, *tile, water),
        _ => return 0.0,
    };
    let Some(i) = ctx.farm.spots.iter().position(|s| s.card as i64 == card) else {
        return 0.5;
    };
    let farm = &ctx.farm;
    let spot = &farm.spots[i];
    let Some(info) = farm.design(spot) else {
        return 0.5;
    };
    if tile >= 0 {
        return tile_harvest(ctx, card, tile, spot);
    }
    let Some(ab) = info.ability.as_ref() else {
        return 0.5;
    };
    let at = Some(spot.cell);
    if farm.year >= 4 {
        // the food this card pays or yields is weighed against the others' need
        let own = own_need(farm, spot);
        ctx.farm.need = pmax(0.0, ctx.need - own);
    }
    let farm = &ctx.farm;
    let gain = effects_worth(ab.effects, farm, at) - cost_worth(ab.cost.as_ref(), farm, at);
    let bonus = water_source_bonus(farm, water);
    ctx.farm.need = pmax(0.0, ctx.need);
    let keep = info.vp as f64 + 1.0; // paying keeps the card face up (F-61)
    keep + gain + bonus
}

fn tile_harvest(ctx: &Ctx, card: i64, tile: i64, spot: &Spot<'_>) -> f64 {
    let farm = &ctx.farm;
    let Some(tile) = ctx.tile_on(card, tile) else {
        return 0.0;
    };
    let mut effects = tile.effects;
    let repeat = farm.cfg.lists[effects]
        .iter()
        .any(|e| matches!(e, Effect::RepeatHost));
    if let Some(ab) = farm.design(spot).and_then(|d| d.ability.as_ref()) {
        if repeat {
            effects = ab.effects;
        }
    }
    let at = Some(spot.cell);
    effects_worth(effects, farm, at) - cost_worth(tile.cost.as_ref(), farm, at)
}

/// Take water from the fullest towers first.
fn water_source_bonus(farm: &Farm, water: &Water) -> f64 {
    let mut bonus = 0.0;
    for &(x, y, n) in water {
        if let Some(spot) = farm.occupied((x, y)) {
            bonus += 0.001 * spot.water as f64 * n as f64;
        }
    }
    bonus
}

fn decision(ctx: &Ctx, a: &Action) -> f64 {
    let farm = &ctx.farm;
    let (z, p) = (ctx.z, ctx.p);
    let frame = ctx.frame().unwrap_or(&[]);
    let mine = |kind: i64| frame.len() > 2 && frame[0] == kind && frame[1] == p as i64;
    match a {
        Action::Keep(tile) => {
            if mine(F_KEEP) && frame[2..].contains(tile) {
                return tile_worth(Some(z.cfg.tile(*tile)), farm, None);
            }
            0.0
        }
        Action::Place(cell) => {
            let held = mine(F_PLACE).then(|| z.cfg.tile(frame[2]));
            tile_worth(held, farm, farm.occupied(*cell))
        }
        Action::Attach(tile) => {
            let host = ctx.spot_of(ctx.frame_card());
            let aside = z.aside[p].iter().find(|&&t| t as i64 == *tile);
            tile_worth(aside.map(|&t| z.cfg.tile(t as i64)), farm, host)
        }
        Action::Choose(index) => choice(ctx, *index),
        Action::Pay(water) => optional(ctx) + water_source_bonus(farm, water),
        Action::PlaceWater(water) => water_place(farm, water),
        Action::SetAside | Action::SkipAttach => 1.0,
        _ => 0.0,
    }
}

fn choice(ctx: &Ctx, index: i64) -> f64 {
    let farm = &ctx.farm;
    let Some(spot) = ctx.spot_of(ctx.frame_card()) else {
        return 0.0;
    };
    let Some(ab) = farm.design(spot).and_then(|d| d.ability.as_ref()) else {
        return 0.0;
    };
    for e in &farm.cfg.lists[ab.effects] {
        if let Effect::Choose(options) = e {
            if index >= 0 && (index as usize) < options.len() {
                return effects_worth(options[index as usize], farm, Some(spot.cell));
            }
        }
    }
    0.0
}

fn optional(ctx: &Ctx) -> f64 {
    let farm = &ctx.farm;
    let Some(spot) = ctx.spot_of(ctx.frame_card()) else {
        return 0.5;
    };
    let Some(ab) = farm.design(spot).and_then(|d| d.ability.as_ref()) else {
        return 0.5;
    };
    let at = Some(spot.cell);
    effects_worth(ab.effects, farm, at) - cost_worth(ab.cost.as_ref(), farm, at)
}

/// Put water where fields can drink it.
fn water_place(farm: &Farm, water: &Water) -> f64 {
    let mut score = 0.0;
    for &(x, y, n) in water {
        let Some(tower) = farm.occupied((x, y)) else {
            continue;
        };
        let dist = farm.distances(tower);
        let distance = |c: Cell| dist.iter().find(|(d, _)| *d == c).map_or(99, |&(_, k)| k);
        let thirsty = farm
            .spots
            .iter()
            .filter(|s| {
                farm.design(s).is_some_and(|d| d.kind == 0) && distance(s.cell) <= tower.range
            })
            .count() as i64;
        score += (n * (1 + thirsty)) as f64;
    }
    score
}

fn final_payment(ctx: &mut Ctx, a: &Action) -> f64 {
    let Action::PayEnd(card, tile, _) = a else {
        return 0.0;
    };
    let Some(i) = ctx.farm.spots.iter().position(|s| s.card as i64 == *card) else {
        return -1.0;
    };
    ctx.built = None; // the prices change
    ctx.farm.final_prices();
    let farm = &ctx.farm;
    let spot = &farm.spots[i];
    let at = Some(spot.cell);
    if *tile >= 0 {
        let t = ctx.tile_on(*card, *tile);
        return tile_worth(t, farm, Some(spot))
            - 0.5 * cost_worth(t.and_then(|t| t.cost.as_ref()), farm, at);
    }
    let Some(ab) = farm.design(spot).and_then(|d| d.ability.as_ref()) else {
        return -1.0;
    };
    effects_worth(ab.effects, farm, at) - cost_worth(ab.cost.as_ref(), farm, at)
}
