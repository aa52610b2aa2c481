//! Equipment (F-64 … F-68, limits F-17), `equipment.py`: where a tile fits, gaining tiles,
//! keeping, placing, attaching, setting aside and discarding. Items: a card id for a card's
//! own ability, `num_cards + tile` for a tile.

use serde_json::json;

use super::abilities::push_effects;
use super::cards::{Host, Timing, TYPES};
use super::events::Log;
use super::resources::{refuse, Refusal};
use super::state::{Zones, F_KEEP, F_OPTIONAL, F_PLACE, NONE};

pub fn item_of(z: &Zones, card: i64, tile: i64) -> i64 {
    if tile == NONE as i64 {
        card
    } else {
        z.cfg.num_cards() as i64 + tile
    }
}

/// (card, tile) of an item; tile NONE for a card's own ability.
pub fn split_item(z: &Zones, item: i64) -> (i32, i64) {
    let nc = z.cfg.num_cards() as i64;
    if item < nc {
        return (item as i32, NONE as i64);
    }
    let tile = item - nc;
    (host_of(z, tile), tile)
}

pub fn host_of(z: &Zones, tile: i64) -> i32 {
    z.equip
        .iter()
        .position(|ts| ts.iter().any(|&t| t as i64 == tile))
        .map_or(NONE, |c| c as i32)
}

pub fn tile_name(z: &Zones, tile: i64) -> &str {
    &z.cfg.tile(tile).id
}

/// F-65: the host kind and keyword, ignoring the per-card limits.
fn kind_fits(z: &Zones, tile: i64, card: i32) -> bool {
    if z.face_down[card as usize] {
        return false;
    }
    let design = z.cfg.tile(tile);
    let info = &z.cfg.cards[card as usize];
    let ok = match design.on {
        Host::LocationCard => info.kind < TYPES.len(),
        Host::Location => true,
        Host::Kind(k) => info.kind == k,
    };
    ok && design
        .keyword
        .as_deref()
        .is_none_or(|k| info.has_keyword(k))
}

/// F-17 (published): at most 2 tiles on a card, never two of one design.
fn limit_error(z: &Zones, tile: i64, card: i32) -> Option<Refusal> {
    if !z.cfg.published {
        return None;
    }
    let on_card = &z.equip[card as usize];
    if on_card.len() >= 2 {
        return refuse("F-17", "a card holds at most 2 tiles".into());
    }
    let design = tile_name(z, tile);
    if on_card.iter().any(|&t| tile_name(z, t as i64) == design) {
        return refuse("F-17", format!("the card already holds a {design}"));
    }
    None
}

/// Why `tile` may not go on `card` of p now, or None (F-65, F-17).
pub fn fit_error(z: &Zones, p: usize, tile: i64, card: i32) -> Option<Refusal> {
    if card == NONE || z.owner(card) != Some(p) {
        return refuse("F-65", format!("player {p} has no such card"));
    }
    if !kind_fits(z, tile, card) {
        return refuse(
            "F-65",
            format!(
                "{} does not fit {}",
                tile_name(z, tile),
                z.cfg.cards[card as usize].design
            ),
        );
    }
    limit_error(z, tile, card)
}

/// `fit_error(z, p, tile, card).is_none()`, without building the refusal.
pub fn fits(z: &Zones, p: usize, tile: i64, card: i32) -> bool {
    if card == NONE || z.owner(card) != Some(p) || !kind_fits(z, tile, card) {
        return false;
    }
    if !z.cfg.published {
        return true;
    }
    let on_card = &z.equip[card as usize];
    let design = tile_name(z, tile);
    on_card.len() < 2 && !on_card.iter().any(|&t| tile_name(z, t as i64) == design)
}

/// p's cards the tile may go on now, in cell order.
pub fn fitting_cards(z: &Zones, p: usize, tile: i64) -> Vec<i32> {
    z.farm_cards(p).filter(|&c| fits(z, p, tile, c)).collect()
}

/// F-64, F-111: draw 3 (prototype 2) or what is left; the player keeps one.
pub fn draw_tiles(z: &mut Zones, p: usize, ev: &mut impl Log) {
    let drawn_max = if z.cfg.published { 3 } else { 2 }; // F-16
    let k = drawn_max.min(z.tiles.len());
    if k == 0 {
        ev.push("equipment-draw", || json!({"player": p, "count": 0}));
        return;
    }
    let mut drawn = Vec::with_capacity(k);
    for _ in 0..k {
        drawn.push(z.tiles.pop().unwrap_or_default());
    }
    for &t in &drawn {
        z.tile_seen[t as usize] |= 1 << p;
    }
    let mut frame = vec![F_KEEP, p as i64];
    frame.extend(drawn.iter().map(|&t| t as i64));
    ev.push_private("equipment-draw", p, || {
        (json!({"player": p, "count": k}), json!({"tiles": drawn}))
    });
    z.stack.push(frame);
}

/// F-64: keep one; the others go under the stack in the order drawn (F-EX-13).
pub fn keep(z: &mut Zones, p: usize, tile: i64, ev: &mut impl Log) {
    let frame = z.stack.pop().unwrap_or_default();
    let returned: Vec<i64> = frame[2..].iter().copied().filter(|&t| t != tile).collect();
    for &t in &returned {
        z.tiles.insert(0, t as i32);
    }
    let n = returned.len();
    ev.push_private("keep", p, || {
        (json!({"player": p, "returned": n}), json!({"tile": tile}))
    });
    z.stack.push(vec![F_PLACE, p as i64, tile]);
}

/// Put a tile on a card; a placement tile applies its effects now (F-67), optionally when
/// it has a cost (F-57).
pub fn attach(z: &mut Zones, p: usize, tile: i64, card: i32, ev: &mut impl Log) {
    z.equip[card as usize].push(tile as i32);
    let name = tile_name(z, tile).to_string();
    ev.push(
        "equip",
        || json!({"player": p, "tile": name, "tile_id": tile, "card": card}),
    );
    let design = z.cfg.tile(tile);
    if design.timing != Timing::Placement {
        return;
    }
    if design.cost.is_some() {
        let item = item_of(z, card as i64, tile);
        z.stack.push(vec![F_OPTIONAL, p as i64, card as i64, item]);
    } else {
        let list = design.effects;
        push_effects(z, p, card, list);
    }
}

pub fn place(z: &mut Zones, p: usize, card: i32, ev: &mut impl Log) {
    let tile = z.stack.pop().map_or(0, |f| f[2]);
    attach(z, p, tile, card, ev);
}

/// F-64, F-110: the kept tile waits beside the farm.
pub fn set_aside(z: &mut Zones, p: usize, ev: &mut impl Log) {
    let tile = z.stack.pop().map_or(0, |f| f[2]);
    z.aside[p].push(tile as i32);
    let name = tile_name(z, tile).to_string();
    ev.push(
        "set-aside",
        || json!({"player": p, "tile": name, "tile_id": tile}),
    );
}

/// F-66: a set-aside tile goes on the card just built.
pub fn attach_aside(z: &mut Zones, p: usize, tile: i64, card: i32, ev: &mut impl Log) {
    if let Some(i) = z.aside[p].iter().position(|&t| t as i64 == tile) {
        z.aside[p].remove(i);
    }
    attach(z, p, tile, card, ev);
}

/// F-18, F-68: a card turning into an Open Area loses its tiles for good.
pub fn discard_tiles(z: &mut Zones, card: i32) -> Vec<i32> {
    let tiles = std::mem::take(&mut z.equip[card as usize]);
    z.tile_discard.extend_from_slice(&tiles);
    tiles
}

/// Set-aside tiles that may go on `card` now, in set-aside order, one per design.
pub fn aside_fitting(z: &Zones, p: usize, card: i32) -> Vec<i64> {
    let mut out = Vec::new();
    let mut names: Vec<&str> = Vec::new();
    for &t in &z.aside[p] {
        let name = tile_name(z, t as i64);
        if !names.contains(&name) && fits(z, p, t as i64, card) {
            names.push(name);
            out.push(t as i64);
        }
    }
    out
}
