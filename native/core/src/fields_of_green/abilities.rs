//! The ability vocabulary (F-82 … F-88), `abilities.py`: amounts, selectors and conditions
//! evaluated on the owner's farm relative to a source card, effects that change the state or
//! push decision frames (F-7), and the ongoing modifiers summed on demand.

use serde_json::json;

use super::cards::{
    Amount, Condition, DistinctBy, Effect, Gain, Modifier, Op, Resource, Selector, Timing, What,
    Where, KIND_NAMES, SILO, TYPES,
};
use super::config::{CardInfo, SILO_CAPACITY, TOWER_CAPACITY, TOWER_RANGE};
use super::events::Log;
use super::farm::{neighbours, within};
use super::state::{Cell, Zones, F_CHOOSE, F_EFFECTS, F_GAIN, F_WATER, NONE};

// ------------------------------------------------------------------ modifiers (F-88)

/// The modifiers of the ongoing tiles on `card`.
fn modifiers(z: &Zones, card: i32) -> impl Iterator<Item = &Modifier> + '_ {
    z.equip[card as usize]
        .iter()
        .map(|&t| z.cfg.tile(t as i64))
        .filter(|d| d.timing == Timing::Ongoing)
        .flat_map(|d| d.modifiers.iter())
}

/// F-32: 2 plus range bonuses.
pub fn tower_range(z: &Zones, tower: i32) -> i64 {
    TOWER_RANGE
        + modifiers(z, tower)
            .map(|m| {
                if let Modifier::WaterRange(n) = m {
                    *n
                } else {
                    0
                }
            })
            .sum::<i64>()
}

/// F-33: 3 plus capacity bonuses.
pub fn tower_capacity(z: &Zones, tower: i32) -> i64 {
    TOWER_CAPACITY
        + modifiers(z, tower)
            .map(|m| {
                if let Modifier::TowerCapacity(n) = m {
                    *n
                } else {
                    0
                }
            })
            .sum::<i64>()
}

/// F-34: 4 per Silo plus bonuses on them.
pub fn food_capacity(z: &Zones, p: usize) -> i64 {
    z.farm_cards(p)
        .filter(|&c| z.cfg.cards[c as usize].kind == SILO)
        .map(|c| {
            SILO_CAPACITY
                + modifiers(z, c)
                    .map(|m| {
                        if let Modifier::SiloCapacity(n) = m {
                            *n
                        } else {
                            0
                        }
                    })
                    .sum::<i64>()
        })
        .sum()
}

/// F-54, F-88: extra coins for Go to Market.
pub fn market_bonus(z: &Zones, p: usize) -> i64 {
    z.farm_cards(p)
        .flat_map(|c| modifiers(z, c))
        .map(|m| {
            if let Modifier::MarketBonus(n) = m {
                *n
            } else {
                0
            }
        })
        .sum()
}

/// F-88: the (coins, water, food) reductions of `card`'s harvest cost.
pub fn harvest_cost_cut(z: &Zones, card: i32) -> (i64, i64, i64) {
    let mut out = (0, 0, 0);
    for m in modifiers(z, card) {
        if let Modifier::HarvestCost(c, w, f) = m {
            out.0 += c;
            out.1 += w;
            out.2 += f;
        }
    }
    out
}

/// The harvest bonus lists of the ongoing tiles on `card`, in order.
pub fn harvest_bonuses(z: &Zones, card: i32) -> Vec<usize> {
    modifiers(z, card)
        .filter_map(|m| {
            if let Modifier::HarvestBonus(id) = m {
                Some(*id)
            } else {
                None
            }
        })
        .collect()
}

/// F-34: food beyond the capacity is lost at once. Returns the food kept.
pub fn gain_food(z: &mut Zones, p: usize, n: i64) -> i64 {
    let room = (food_capacity(z, p) - z.food[p]).max(0);
    let kept = n.min(room);
    z.food[p] += kept;
    kept
}

// ------------------------------------------------------------------ selectors (F-84)

/// The cell of the source card, or None when it is not on a farm.
pub fn origin(z: &Zones, src: i32) -> Option<Cell> {
    if src == NONE {
        return None;
    }
    z.home[src as usize].map(|h| h.1)
}

fn scope(z: &Zones, p: usize, at: Option<Cell>, r#where: &Where) -> Vec<i32> {
    if *r#where == Where::Farm {
        return z.farm_cards(p).collect();
    }
    let Some(at) = at else {
        return Vec::new();
    };
    match r#where {
        Where::Adjacent => neighbours(at).iter().filter_map(|&n| z.at(p, n)).collect(),
        Where::Within(d) => within(&z.farms[p], at, *d)
            .into_iter()
            .filter_map(|c| z.at(p, c))
            .collect(),
        Where::Farm => unreachable!(),
    }
}

/// Whether a card with these facts is one a Selector's card filters (types, subtypes, names,
/// tags, ability timing) pick; the greedy policy's farm reads the same filters.
pub fn info_matches(info: &CardInfo, sel: &Selector) -> bool {
    if let Some(types) = &sel.types {
        if info.kind >= TYPES.len() || !types.contains(&info.kind) {
            return false;
        }
    }
    if let Some(subtypes) = &sel.subtypes {
        match &info.subtype {
            Some(s) if subtypes.contains(s) => {}
            _ => return false,
        }
    }
    if let Some(names) = &sel.names {
        if !names.contains(&info.design) {
            return false;
        }
    }
    if let Some(tags) = &sel.tags {
        if !info.tags.iter().any(|t| tags.contains(t)) {
            return false;
        }
    }
    sel.ability.is_none() || info.timing() == sel.ability
}

fn what_matches(z: &Zones, card: i32, what: What) -> bool {
    let kind = z.cfg.cards[card as usize].kind;
    let face_down = z.face_down[card as usize];
    if what == What::OpenArea {
        return face_down;
    }
    if face_down {
        return false; // F-30
    }
    match what {
        What::LocationCard => kind < TYPES.len(),
        What::Equipment | What::Location => true,
        What::WaterTower => KIND_NAMES[kind] == "water_tower",
        What::Silo => KIND_NAMES[kind] == "silo",
        What::OpenArea => unreachable!(),
    }
}

/// The cards a selector matches (for `equipment`, a card once per tile on it).
pub fn matching(z: &Zones, p: usize, src: i32, sel: &Selector) -> Vec<i32> {
    let at = origin(z, src);
    let mut out = Vec::new();
    for card in scope(z, p, at, &sel.r#where) {
        if card == src && !sel.allow_self {
            continue;
        }
        if !what_matches(z, card, sel.what) || !info_matches(&z.cfg.cards[card as usize], sel) {
            continue;
        }
        if sel.what == What::Equipment {
            for _ in 0..z.equip[card as usize].len() {
                out.push(card);
            }
        } else {
            out.push(card);
        }
    }
    out
}

// ------------------------------------------------------------------ amounts (F-83)

pub fn resource(z: &Zones, p: usize, r: Resource) -> i64 {
    match r {
        Resource::Coins => z.coins[p],
        Resource::Food => z.food[p],
        Resource::VpTokens => z.vp[p],
        Resource::SetAsideEquipment => z.aside[p].len() as i64,
        Resource::Water => z.tower_cards(p).iter().map(|&t| z.water[t as usize]).sum(),
        Resource::EmptyWaterTowers => z
            .tower_cards(p)
            .iter()
            .filter(|&&t| z.water[t as usize] == 0)
            .count() as i64,
    }
}

fn limited(value: i64, max: Option<i64>) -> i64 {
    max.map_or(value, |m| value.min(m))
}

fn distinct(z: &Zones, cards: &[i32], by: DistinctBy) -> i64 {
    let info = &z.cfg.cards;
    let mut values: Vec<&str> = Vec::new();
    for &c in cards {
        let i = &info[c as usize];
        let v = match by {
            DistinctBy::Type if i.kind < TYPES.len() => TYPES[i.kind],
            DistinctBy::Subtype => match &i.subtype {
                Some(s) => s.as_str(),
                None => continue,
            },
            DistinctBy::Name => i.design.as_str(),
            DistinctBy::Type => continue,
        };
        if !values.contains(&v) {
            values.push(v);
        }
    }
    values.len() as i64
}

/// Evaluate an Amount, clamped to 0 or more (F-83).
pub fn amount(z: &Zones, p: usize, src: i32, a: &Amount) -> i64 {
    raw_amount(z, p, src, a).max(0)
}

fn raw_amount(z: &Zones, p: usize, src: i32, a: &Amount) -> i64 {
    match a {
        Amount::Int(n) => *n,
        Amount::Count {
            sel,
            each,
            plus,
            max,
        } => limited(plus + each * matching(z, p, src, sel).len() as i64, *max),
        Amount::Sets { sels, each, max } => {
            let n = sels
                .iter()
                .map(|s| matching(z, p, src, s).len() as i64)
                .min()
                .unwrap_or(0);
            limited(each * n, *max)
        }
        Amount::Distinct { sel, by, each, max } => {
            limited(each * distinct(z, &matching(z, p, src, sel), *by), *max)
        }
        Amount::Resource {
            res,
            per,
            each,
            max,
        } => limited(each * resource(z, p, *res).div_euclid(*per), *max),
        Amount::If {
            cond,
            then,
            otherwise,
        } => {
            let branch = if condition(z, p, src, cond) {
                then
            } else {
                otherwise
            };
            amount(z, p, src, branch)
        }
        Amount::Sum(parts) => parts.iter().map(|x| amount(z, p, src, x)).sum(),
    }
}

fn compare(value: i64, op: Op, n: i64) -> bool {
    match op {
        Op::AtLeast => value >= n,
        Op::AtMost => value <= n,
        Op::Exactly => value == n,
    }
}

/// F-85.
pub fn condition(z: &Zones, p: usize, src: i32, c: &Condition) -> bool {
    match c {
        Condition::All(parts) => parts.iter().all(|x| condition(z, p, src, x)),
        Condition::Any(parts) => parts.iter().any(|x| condition(z, p, src, x)),
        Condition::Not(x) => !condition(z, p, src, x),
        Condition::Count(sel, op, n) => compare(matching(z, p, src, sel).len() as i64, *op, *n),
        Condition::Resource(r, op, n) => compare(resource(z, p, *r), *op, *n),
    }
}

/// A Cost evaluated now: (coins, water, food); None costs nothing.
pub fn cost_of(
    z: &Zones,
    p: usize,
    src: i32,
    cost: Option<&super::cards::Cost>,
) -> (i64, i64, i64) {
    match cost {
        None => (0, 0, 0),
        Some(c) => (
            amount(z, p, src, &c.coins),
            amount(z, p, src, &c.water),
            amount(z, p, src, &c.food),
        ),
    }
}

// ------------------------------------------------------------------ effects (F-86)

/// Queue an effect list (by id) to apply in order, from source `src`.
pub fn push_effects(z: &mut Zones, p: usize, src: i32, list: usize) {
    if !z.cfg.lists[list].is_empty() {
        z.stack
            .push(vec![F_EFFECTS, p as i64, src as i64, list as i64, 0]);
    }
}

/// F-86 `refill_towers`: own towers at water distance <= d from the source, or all.
fn refill(z: &mut Zones, p: usize, src: i32, scope: Option<i64>) -> Vec<i32> {
    let towers: Vec<i32> = match scope {
        None => z.tower_cards(p),
        Some(d) => {
            if src >= 0 && z.home[src as usize].is_some() {
                within(&z.farms[p], z.cell_of(src), d)
                    .into_iter()
                    .filter_map(|c| z.at(p, c))
                    .filter(|&c| z.is_tower(c))
                    .collect()
            } else {
                Vec::new()
            }
        }
    };
    for &t in &towers {
        z.water[t as usize] = tower_capacity(z, t);
    }
    towers
}

/// One effect; decisions are pushed as frames.
pub fn apply_effect(z: &mut Zones, p: usize, src: i32, effect: &Effect, ev: &mut impl Log) {
    match effect {
        Effect::Gain(kind, a) => {
            let n = amount(z, p, src, a);
            match kind {
                Gain::Coins => z.coins[p] += n,
                Gain::Food => {
                    let kept = gain_food(z, p, n);
                    ev.push("gain", || json!({"player": p, "food": n, "kept": kept}));
                    return;
                }
                Gain::Vp => z.vp[p] += n,
                Gain::Water => {
                    if n != 0 {
                        z.stack.push(vec![F_WATER, p as i64, n]);
                    }
                }
            }
            let name = kind.name();
            ev.push("gain", || {
                let mut m = serde_json::Map::new();
                m.insert("player".into(), json!(p));
                m.insert(name.into(), json!(n));
                serde_json::Value::Object(m)
            });
        }
        Effect::Refill(scope) => {
            let towers = refill(z, p, src, *scope);
            ev.push("refill", || json!({"player": p, "towers": towers}));
        }
        Effect::GainEquipment(n) => z.stack.push(vec![F_GAIN, p as i64, *n]),
        Effect::Choose(ids) => {
            let mut frame = vec![F_CHOOSE, p as i64, src as i64];
            frame.extend(ids.iter().map(|&i| i as i64));
            z.stack.push(frame);
        }
        Effect::RepeatHost => {
            if src != NONE {
                if let Some(ability) = &z.cfg.cards[src as usize].ability {
                    if !z.face_down[src as usize] {
                        let list = ability.effects;
                        push_effects(z, p, src, list);
                    }
                }
            }
        }
    }
}

/// F-72, F-86: the VP of a game-end effect list.
pub fn game_end_vp(z: &Zones, p: usize, src: i32, list: usize) -> i64 {
    let mut total = 0;
    for effect in &z.cfg.lists[list] {
        match effect {
            Effect::Gain(Gain::Vp, a) => total += amount(z, p, src, a),
            Effect::RepeatHost => {
                if let Some(ability) = &z.cfg.cards[src as usize].ability {
                    if ability.timing == Timing::GameEnd {
                        total += game_end_vp(z, p, src, ability.effects);
                    }
                }
            }
            _ => {}
        }
    }
    total
}
