//! Follow-up decisions (F-7), `decisions.py`: the checks and effects of the actions that
//! answer the frame on top of the decision stack.

use serde_json::json;

use super::abilities::{cost_of, push_effects};
use super::actions::Action;
use super::equipment as E;
use super::events::Log;
use super::resources::{pay_water, place_water, placement_error, refuse, water_error, Refusal};
use super::state::{
    Zones, F_ATTACH, F_CHOOSE, F_EFFECTS, F_KEEP, F_OPTIONAL, F_PLACE, F_WATER, NONE,
};

fn top(z: &Zones) -> &Vec<i64> {
    z.stack.last().expect("a decision frame")
}

/// The frame kind a decision action answers (`DECISIONS[type][0]`), or None.
pub fn frame_of(a: &Action) -> Option<i64> {
    Some(match a {
        Action::PlaceWater(_) => F_WATER,
        Action::Choose(_) => F_CHOOSE,
        Action::Keep(_) => F_KEEP,
        Action::Place(_) | Action::SetAside => F_PLACE,
        Action::Attach(_) | Action::SkipAttach => F_ATTACH,
        Action::Pay(_) | Action::Skip => F_OPTIONAL,
        _ => return None,
    })
}

/// The (coins, water, food) cost of the optional ability of a frame, read now.
pub fn optional_cost(z: &Zones, p: usize, frame: &[i64]) -> (i64, i64, i64) {
    let (item, src) = (frame[3], frame[2] as i32);
    let nc = z.cfg.num_cards() as i64;
    if item >= nc {
        return cost_of(z, p, src, z.cfg.tile(item - nc).cost.as_ref());
    }
    let ability = z.cfg.cards[item as usize].ability.as_ref();
    cost_of(z, p, src, ability.and_then(|a| a.cost.as_ref()))
}

fn optional_effects(z: &Zones, frame: &[i64]) -> Option<usize> {
    let item = frame[3];
    let nc = z.cfg.num_cards() as i64;
    if item >= nc {
        return Some(z.cfg.tile(item - nc).effects);
    }
    z.cfg.cards[item as usize]
        .ability
        .as_ref()
        .map(|a| a.effects)
}

/// The rule check of a decision action (`DECISIONS[type][1]`).
pub fn check(z: &Zones, p: usize, a: &Action) -> Option<Refusal> {
    let frame = top(z);
    match a {
        Action::PlaceWater(w) => placement_error(z, p, w, frame[2]),
        Action::Choose(i) => {
            let options = frame.len() as i64 - 3;
            if !(0..options).contains(i) {
                return refuse("F-86", format!("choose an option 0 … {}", options - 1));
            }
            None
        }
        Action::Keep(t) => {
            if frame[2..].contains(t) {
                None
            } else {
                refuse("F-64", format!("tile {t} was not drawn"))
            }
        }
        Action::Place(cell) => E::fit_error(z, p, frame[2], z.at(p, *cell).unwrap_or(NONE)),
        Action::Attach(t) => {
            if !z.aside[p].iter().any(|&x| x as i64 == *t) {
                return refuse("F-66", format!("tile {t} is not set aside by player {p}"));
            }
            E::fit_error(z, p, *t, frame[2] as i32)
        }
        Action::Pay(w) => {
            let (coins, need, food) = optional_cost(z, p, frame);
            if z.coins[p] < coins {
                return refuse(
                    "F-57",
                    format!("the cost is {coins} coins; player {p} has {}", z.coins[p]),
                );
            }
            if z.food[p] < food {
                return refuse(
                    "F-57",
                    format!("the cost is {food} food; player {p} has {}", z.food[p]),
                );
            }
            water_error(z, p, z.cell_of(frame[2] as i32), w, need)
        }
        _ => None,
    }
}

/// The effect of a checked decision action (`DECISIONS[type][2]`).
pub fn effect(z: &mut Zones, p: usize, a: &Action, ev: &mut impl Log) {
    match a {
        Action::PlaceWater(w) => {
            let gained = z.stack.pop().map_or(0, |f| f[2]);
            place_water(z, p, w);
            let placed: i64 = w.iter().map(|x| x.2).sum();
            let rows: Vec<[i64; 3]> = w.iter().map(|&(x, y, n)| [x, y, n]).collect();
            ev.push(
                "place-water",
                || json!({"player": p, "gained": gained, "placed": rows, "lost": gained - placed}),
            );
        }
        Action::Choose(i) => {
            let frame = z.stack.pop().unwrap_or_default();
            let index = *i;
            ev.push("choose", || json!({"player": p, "index": index}));
            z.stack.push(vec![
                F_EFFECTS,
                p as i64,
                frame[2],
                frame[3 + index as usize],
                0,
            ]);
        }
        Action::Keep(t) => E::keep(z, p, *t, ev),
        Action::Place(cell) => {
            let card = z.at(p, *cell).unwrap_or(NONE);
            E::place(z, p, card, ev);
        }
        Action::SetAside => E::set_aside(z, p, ev),
        Action::Attach(t) => {
            let card = top(z)[2] as i32;
            E::attach_aside(z, p, *t, card, ev);
        }
        Action::SkipAttach | Action::Skip => {
            let frame = z.stack.pop().unwrap_or_default();
            let card = frame[2];
            let kind = a.kind();
            ev.push(kind, || json!({"player": p, "card": card}));
        }
        Action::Pay(w) => {
            let frame = top(z).clone();
            let (coins, _, food) = optional_cost(z, p, &frame);
            z.stack.pop();
            z.coins[p] -= coins;
            z.food[p] -= food;
            pay_water(z, p, w);
            let card = frame[2];
            ev.push("pay", || json!({"player": p, "card": card}));
            if let Some(list) = optional_effects(z, &frame) {
                push_effects(z, p, card as i32, list);
            }
        }
        _ => {}
    }
}
