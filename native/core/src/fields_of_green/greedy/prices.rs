//! What cards and effects are worth to one player, in victory points (`heuristics.py`, "prices"):
//! the same formulas with the floating-point operations in the same order, so scores (and
//! their ties) come out bit for bit as in Python.

use super::super::cards::{Ability, Cost, Effect, EquipmentDesign, Gain, Reads, Timing, TYPES};
use super::super::config::CardInfo;
use super::super::state::Cell;
use super::view::{Farm, Reach, Spot};

pub const EQUIPMENT: f64 = 1.6;
/// Worth of a food the final harvest's upkeep needs (`heuristics.FEED`).
pub const FEED: f64 = 1.5;

pub use crate::choice::pmax;

/// The Manhattan estimate of `refill_towers`' reach (`heuristics_farm.near`).
fn near(a: Cell, b: Cell, within: i64) -> bool {
    (a.0 - b.0).abs() + (a.1 - b.1).abs() <= within
}

/// VP-equivalent of applying the effect list `list` for the farm's owner.
pub fn effects_worth(list: usize, farm: &Farm, source: Option<Cell>) -> f64 {
    let mut total = 0.0;
    for e in &farm.cfg.lists[list] {
        match e {
            Effect::Gain(kind, a) => {
                let n = farm.amount(a, source);
                total += match kind {
                    Gain::Food => {
                        let room = ((farm.food_cap - farm.food).max(0) + 1) as f64;
                        food_worth(farm, if room < n { room } else { n }, false)
                    }
                    Gain::Coins => n * farm.cv,
                    Gain::Water => n * farm.wv,
                    Gain::Vp => n * 1.0,
                };
            }
            Effect::Refill(scope) => {
                let room: i64 = farm
                    .towers()
                    .filter(|t| match (scope, source) {
                        (None, _) | (_, None) => true,
                        (Some(d), Some(s)) => near(t.cell, s, *d),
                    })
                    .map(|t| t.capacity - t.water)
                    .sum();
                total += room as f64 * farm.wv;
            }
            Effect::GainEquipment(n) => total += EQUIPMENT * *n as f64,
            Effect::Choose(options) => {
                let mut best: Option<f64> = None;
                for &o in options {
                    let w = effects_worth(o, farm, source);
                    best = Some(best.map_or(w, |b| pmax(b, w)));
                }
                total += best.unwrap_or(0.0);
            }
            Effect::RepeatHost => {}
        }
    }
    total
}

pub fn cost_worth(cost: Option<&Cost>, farm: &Farm, source: Option<Cell>) -> f64 {
    match cost {
        None => 0.0,
        Some(c) => {
            farm.amount(&c.coins, source) * farm.cv
                + farm.amount(&c.water, source) * farm.wv
                + food_worth(farm, farm.amount(&c.food, source), true)
        }
    }
}

/// VP-equivalent of `n` food gained or spent (`spent`): `farm.fv` each, but `FEED` for the
/// units the final harvest's upkeep still needs (`farm.need`, set in year 4 only): an unfed
/// card turns into an Open Area for good at the last harvest (F-61, F-62, F-73).
pub fn food_worth(farm: &Farm, n: f64, spent: bool) -> f64 {
    if farm.need <= 0.0 || n <= 0.0 {
        return n * farm.fv;
    }
    let below = if spent {
        farm.food as f64 - n
    } else {
        farm.food as f64
    };
    let more = pmax(0.0, farm.need - below);
    let needed = if more < n { more } else { n };
    needed * FEED + (n - needed) * farm.fv
}

/// The food a face-up card's harvest ability takes less the food it yields (0 for a card
/// whose harvest costs nothing or that has no harvest ability), as `upkeep` counts it.
pub fn own_need(farm: &Farm, s: &Spot<'_>) -> f64 {
    let Some(ab) = farm
        .design(s)
        .filter(|_| s.up)
        .and_then(|d| d.ability.as_ref())
    else {
        return 0.0;
    };
    let Some(cost) = ab.cost.as_ref().filter(|_| ab.timing == Timing::Harvest) else {
        return 0.0;
    };
    let mut need = farm.amount(&cost.food, Some(s.cell));
    for e in &farm.cfg.lists[ab.effects] {
        if let Effect::Gain(Gain::Food, a) = e {
            need -= farm.amount(a, Some(s.cell));
        }
    }
    need
}

/// (water, food) left over at a harvest once the face-up harvest cards are paid.
pub fn upkeep(farm: &Farm) -> (f64, f64) {
    let income = if farm.year >= 4 { 0 } else { 1 };
    let mut water = (farm.water() + 2 * income) as f64;
    let mut food = (farm.food + income) as f64;
    for s in &farm.spots {
        let Some(ab) = farm
            .design(s)
            .filter(|_| s.up)
            .and_then(|d| d.ability.as_ref())
        else {
            continue;
        };
        let Some(cost) = ab.cost.as_ref().filter(|_| ab.timing == Timing::Harvest) else {
            continue;
        };
        water -= farm.amount(&cost.water, Some(s.cell));
        food -= farm.amount(&cost.food, Some(s.cell));
        for e in &farm.cfg.lists[ab.effects] {
            if let Effect::Gain(Gain::Food, a) = e {
                food += farm.amount(a, Some(s.cell));
            }
        }
    }
    (water, food)
}

/// An ability's effects less its cost seen from `cell`, and the water and food a harvest
/// ability costs there (0 for other timings).
#[derive(Debug, Clone, Copy)]
pub struct Net {
    net: f64,
    water: f64,
    food: f64,
}

fn ability_net(ability: &Ability, farm: &Farm, cell: Cell) -> Net {
    let net = effects_worth(ability.effects, farm, Some(cell))
        - cost_worth(ability.cost.as_ref(), farm, Some(cell));
    let (water, food) = match &ability.cost {
        Some(c) if ability.timing == Timing::Harvest => (
            farm.amount(&c.water, Some(cell)),
            farm.amount(&c.food, Some(cell)),
        ),
        _ => (0.0, 0.0),
    };
    Net { net, water, food }
}

/// What a card's ability adds over the rest of the game, built on `cell` now, having paid
/// `spent` food to build it (food that cannot feed it at the harvest).
pub fn ability_worth(
    info: &CardInfo,
    farm: &mut Farm,
    cell: Cell,
    watered: bool,
    spent: f64,
) -> f64 {
    let Some(ability) = info.ability.as_ref() else {
        return 0.0;
    };
    let net = ability_net(ability, farm, cell);
    net_worth(ability, net, farm, watered, spent)
}

/// `ability_worth` of a card about to be built on the empty `cell`: an ability that does not
/// read where it stands is worth the same on every empty cell, so its `Net` is remembered
/// per design (`Farm::nets`; None for one that does).
fn new_ability_worth(
    info: &CardInfo,
    farm: &mut Farm,
    cell: Cell,
    watered: bool,
    spent: f64,
) -> f64 {
    let (Some(ability), Some(d)) = (info.ability.as_ref(), info.design_index) else {
        return ability_worth(info, farm, cell, watered, spent);
    };
    let net = match farm.nets.iter().find(|(at, _)| *at == d) {
        Some(&(_, Some(net))) => net,
        Some(&(_, None)) => ability_net(ability, farm, cell),
        None => {
            let anywhere = !farm.cfg.reads[ability.effects].origin
                && !Reads::of_cost(ability.cost.as_ref()).origin;
            let net = ability_net(ability, farm, cell);
            farm.nets.push((d, anywhere.then_some(net)));
            net
        }
    };
    net_worth(ability, net, farm, watered, spent)
}

fn net_worth(ability: &Ability, net: Net, farm: &mut Farm, watered: bool, spent: f64) -> f64 {
    let Net { net, water, food } = net;
    match ability.timing {
        Timing::Harvest => {
            let (spare_water, spare_food) = match farm.spare {
                Some(s) => s,
                None => {
                    let s = upkeep(farm);
                    farm.spare = Some(s);
                    s
                }
            };
            if (water != 0.0 && !watered) || water > spare_water || food > spare_food - spent {
                return -1.5;
            }
            pmax(0.0, net) * (1 + farm.years_left) as f64 + 0.3
        }
        Timing::GameEnd => {
            let growth = 1.0 + 0.15 * farm.years_left as f64;
            pmax(0.0, net) * growth
        }
        _ if ability.cost.is_none() => net,
        _ => pmax(0.0, net),
    }
}

/// A face-up neighbour of a cell whose ability is not immediate, as `neighbour_bonus` prices
/// it: its cell, its effect list, whether that list reads cards, how many times it acts, and
/// what it earns without a probe.
#[derive(Debug, Clone, Copy)]
pub struct Neighbour {
    cell: Cell,
    effects: usize,
    reads_cards: bool,
    times: i64,
    before: f64,
}

/// The neighbours of `cell` that `neighbour_bonus` prices, in its order, remembered per cell
/// (`Farm::around`, the index of the cell's entry): the same for every card priced there.
fn neighbours_of(farm: &mut Farm, cell: Cell) -> usize {
    if let Some(i) = farm.around.iter().position(|(at, _)| *at == cell) {
        return i;
    }
    let (x, y) = cell;
    let mut around = [None; 4];
    for (k, c) in [(x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)]
        .into_iter()
        .enumerate()
    {
        let Some(spot) = farm.occupied(c) else {
            continue;
        };
        let Some(ab) = farm
            .design(spot)
            .filter(|_| spot.up)
            .and_then(|d| d.ability.as_ref())
        else {
            continue;
        };
        if ab.timing == Timing::Immediate {
            continue;
        }
        let before = match farm.unprobed.iter().find(|(at, _)| *at == c) {
            Some(&(_, w)) => w,
            None => {
                let w = effects_worth(ab.effects, farm, Some(c));
                farm.unprobed.push((c, w));
                w
            }
        };
        let times = if ab.timing == Timing::Harvest {
            1 + farm.years_left
        } else {
            1
        };
        around[k] = Some(Neighbour {
            cell: c,
            effects: ab.effects,
            reads_cards: farm.cfg.reads[ab.effects].cards,
            times,
            before,
        });
    }
    if farm.around.capacity() == 0 {
        farm.around.reserve(32); // a farm's placement cells, most games
    }
    farm.around.push((cell, around));
    farm.around.len() - 1
}

/// What card `card` on `cell` adds to the abilities of its neighbours that count neighbours.
pub fn neighbour_bonus(card: usize, farm: &mut Farm, cell: Cell) -> f64 {
    let i = neighbours_of(farm, cell);
    let mut total = 0.0;
    for k in 0..4 {
        let Some(n) = farm.around[i].1[k] else {
            continue;
        };
        // an ability that reads no cards earns the same with the probe next to it
        let after = if n.reads_cards {
            farm.probe(card, cell);
            let after = effects_worth(n.effects, farm, Some(n.cell));
            farm.unprobe(cell);
            after
        } else {
            n.before
        };
        total += (after - n.before) * n.times as f64;
    }
    total
}

/// Worth of building card `card` (None: no design known) on `cell`, its cost included.
pub fn build_worth(card: Option<usize>, farm: &mut Farm, cell: Cell, reach: &Reach) -> f64 {
    let Some(card) = card.filter(|&c| farm.cfg.cards[c].kind < TYPES.len()) else {
        return 1.0 - 3.0 * farm.cv;
    };
    let cfg = farm.cfg;
    let info = &cfg.cards[card];
    let watered = reach.get(cell) > 0;
    let int = |n: i64| n.max(0) as f64;
    let spent = int(info.food);
    let mut value = info.vp as f64 + new_ability_worth(info, farm, cell, watered, spent);
    value += neighbour_bonus(card, farm, cell);
    value -= int(info.coins) * farm.cv + food_worth(farm, spent, true);
    value -= int(info.water) * farm.wv;
    value + 0.25
}

pub fn tower_worth(farm: &mut Farm, cell: Cell, reach: &Reach) -> f64 {
    let need = match farm.tower_need {
        Some(need) => need,
        None => {
            let fields = farm
                .spots
                .iter()
                .filter(|s| {
                    s.up && farm
                        .design(s)
                        .is_some_and(|d| d.kind == 0 && d.ability.is_some())
                })
                .count();
            let towers = farm.towers().count();
            let need = 0.6 * fields as f64 - towers as f64 + 0.5;
            farm.tower_need = Some(need);
            need
        }
    };
    let fresh = if reach.contains(cell) { 0.0 } else { 0.4 };
    let late = if farm.year == 4 { 0.3 } else { 0.0 };
    3.0 * farm.wv + pmax(0.0, need) + fresh - 2.0 * farm.cv + late
}

pub fn silo_worth(farm: &Farm) -> f64 {
    let room = farm.food_cap - farm.food;
    if room <= 1 {
        0.8
    } else if room <= 3 {
        0.3
    } else {
        0.1
    }
}

fn repeats_host(farm: &Farm, list: usize) -> bool {
    farm.cfg.lists[list]
        .iter()
        .any(|e| matches!(e, Effect::RepeatHost))
}

/// A tile's worth on `host` (None: the best it could do anywhere).
pub fn tile_worth(tile: Option<&EquipmentDesign>, farm: &Farm, host: Option<&Spot<'_>>) -> f64 {
    let Some(tile) = tile else {
        return 1.0;
    };
    let cell = host.map(|h| h.cell);
    match tile.timing {
        Timing::GameEnd => {
            let mut effects = Some(tile.effects);
            if repeats_host(farm, tile.effects) {
                effects = host
                    .and_then(|h| farm.design(h))
                    .and_then(|d| d.ability.as_ref())
                    .map(|ab| ab.effects);
            }
            let worth = effects.map_or(0.0, |l| effects_worth(l, farm, cell));
            worth - 0.5 * cost_worth(tile.cost.as_ref(), farm, cell)
        }
        Timing::Placement => effects_worth(tile.effects, farm, cell),
        Timing::Harvest => 0.8 * (1 + farm.years_left) as f64,
        _ => 0.7 * (1 + farm.years_left) as f64,
    }
}
