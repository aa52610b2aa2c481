//! The automatic upkeep (S-29 … S-37): Harvest, Bloom, Market, Exchange, then the end of the
//! turn (S-21, S-39), ported from `upkeep.py`.
//!
//! Harvest and Bloom only re-examine what changed since the last upkeep (the spaces planted
//! this turn and the neighbours of harvested spaces), never the whole board; `upkeep.py`'s
//! docstring gives the argument, and the lockstep harness compares the result with Python's.

use super::config::{MAX_RADIUS, NUM_TYPES};
use super::events::{During, Event, Log};
use super::hexgrid::{Hex, HexBoard};
use super::rules::{empty_space, refill, trigger};
use super::state::*;

/// A set of Garden spaces as bits (at most 127 spaces: `MAX_RADIUS`), so the searches of
/// each upkeep allocate no table.
pub type SpaceSet = u128;

const _: () = assert!(3 * MAX_RADIUS * (MAX_RADIUS + 1) < SpaceSet::BITS as usize);

fn has(set: SpaceSet, space: usize) -> bool {
    set >> space & 1 != 0
}

fn bit(space: usize) -> SpaceSet {
    1 << space
}

/// `group_of`: the group (S-30) of the bloom at `start` and whether it is surrounded (S-31).
/// The search stops at the first empty neighbour, or at a space already known to belong to a
/// safe group: the group is then safe, and the spaces found so far join `safe`. A surrounded
/// group is always searched whole.
fn group_of(z: &Zones, start: usize, safe: &mut SpaceSet) -> (Vec<usize>, bool) {
    let (garden, neighbours) = (&z.garden, &z.board.neighbours);
    let value = garden[start];
    // the group is its own work list: the spaces from `next` on are still to be looked at
    let mut group = vec![start];
    let mut found = bit(start);
    let mut next = 0;
    while next < group.len() {
        let space = group[next];
        next += 1;
        for &n in &neighbours[space] {
            let v = garden[n];
            if v == EMPTY || (v == value && has(*safe, n)) {
                *safe |= found;
                return (group, false);
            }
            if v == value && !has(found, n) {
                found |= bit(n);
                group.push(n);
            }
        }
    }
    (group, true)
}

/// S-32: every surrounded group touching one of `candidates`, each sorted, in canonical order
/// of their first space. All are judged before any is removed.
pub fn surrounded_groups(z: &Zones, candidates: &[usize]) -> Vec<Vec<usize>> {
    let (mut safe, mut closed): (SpaceSet, SpaceSet) = (0, 0);
    let mut found = Vec::new();
    for &space in candidates {
        for &n in &z.board.neighbours[space] {
            if z.garden[n] >= BLOOM && !has(safe | closed, n) {
                let (mut group, surrounded) = group_of(z, n, &mut safe);
                if surrounded {
                    for &g in &group {
                        closed |= bit(g);
                    }
                    group.sort_unstable();
                    found.push(group);
                }
            }
        }
    }
    found.sort();
    found
}

/// A harvested group: its type and its spaces.
pub type Group = (usize, Vec<usize>);

/// Step 1: remove every surrounded group at once; the groups with their type and the count of
/// harvested tokens by type (set aside for step 3).
pub fn harvest_step(z: &mut Zones) -> (Vec<Group>, Counts) {
    let groups: Vec<Group> = surrounded_groups(z, &z.planted)
        .into_iter()
        .map(|g| ((z.garden[g[0]] - BLOOM) as usize, g))
        .collect();
    let mut harvested = [0; NUM_TYPES];
    for (t, group) in &groups {
        harvested[*t] += group.len() as i64;
        for &space in group {
            empty_space(z, space);
        }
    }
    (groups, harvested)
}

/// Step 2 (S-33): bulbs with an empty neighbour turn to their bloom side. Returns them.
pub fn bloom_step(z: &mut Zones, groups: &[Group]) -> Vec<usize> {
    let mut candidates: SpaceSet = 0;
    for &s in &z.planted {
        candidates |= bit(s);
    }
    for (_, group) in groups {
        for &space in group {
            for &n in &z.board.neighbours[space] {
                candidates |= bit(n);
            }
        }
    }
    let mut bloomed = Vec::new();
    while candidates != 0 {
        // ascending: the lowest space left first
        let space = candidates.trailing_zeros() as usize;
        candidates &= candidates - 1;
        let value = z.garden[space];
        let open = z.board.neighbours[space]
            .iter()
            .any(|&n| z.garden[n] == EMPTY);
        if (BULB..BLOOM).contains(&value) && open {
            z.garden[space] = value + (BLOOM - BULB);
            bloomed.push(space);
        }
    }
    bloomed
}

/// Step 3 (S-34, S-35): each harvested token, in type order, raises its value and is laid on
/// the next market cell; then the crash condition is checked once. Returns (type, cell) of
/// each token laid.
pub fn market_step(z: &mut Zones, harvested: &Counts) -> Vec<(usize, i64)> {
    let start = z.cfg.market_start;
    let mut laid = Vec::new();
    for (t, &k) in harvested.iter().enumerate() {
        for _ in 0..k {
            z.values[t] += 1;
            z.track.push(t);
            laid.push((t, start - z.track.len() as i64 + 1));
        }
    }
    let top = z.values.iter().copied().max().unwrap_or(0);
    // Python: the cell just laid (start - len(track) + 1) is at most the top value
    let last_cell = start - z.track.len() as i64 + 1;
    if !laid.is_empty() && last_cell <= top {
        trigger(z, TRIGGER_MARKET);
    }
    laid
}

/// Step 4 (S-36): compost the rightmost token, slide the rest right, refill (S-37).
pub fn exchange_step(z: &mut Zones) -> (Option<usize>, Vec<(usize, usize)>) {
    let mut composted = None;
    if let Some(last) = z.exchange.iter().rposition(|&t| t != NO_TOKEN) {
        let t = z.exchange[last] as usize;
        z.compost[t] += 1;
        composted = Some(t);
        z.exchange[last] = NO_TOKEN;
    }
    // slide the tokens right, in order, in place
    let mut write = z.exchange.len();
    for read in (0..z.exchange.len()).rev() {
        let t = z.exchange[read];
        if t != NO_TOKEN {
            write -= 1;
            z.exchange[read] = NO_TOKEN;
            z.exchange[write] = t;
        }
    }
    (composted, refill(z))
}

/// The (q, r) of each space.
fn hexes(board: &HexBoard, spaces: &[usize]) -> Vec<Hex> {
    spaces.iter().map(|&s| board.spaces[s]).collect()
}

/// S-29: the four steps in order, then the end of the turn; logs the public events.
pub fn upkeep(z: &mut Zones, ev: &mut impl Log) {
    let (groups, harvested) = harvest_step(z);
    let board = z.board.clone();
    if !groups.is_empty() {
        ev.push("harvest", || Event::Harvest {
            groups: groups.iter().map(|(t, g)| (*t, hexes(&board, g))).collect(),
            flowers: harvested,
        });
    }
    let bloomed = bloom_step(z, &groups);
    if !bloomed.is_empty() {
        ev.push("bloom", || Event::Bloom {
            spaces: hexes(&board, &bloomed),
        });
    }
    let before = z.crash;
    let laid = market_step(z, &harvested);
    if !laid.is_empty() {
        let values = z.values;
        ev.push("market", || Event::Market { laid, values });
    }
    let (composted, drawn) = exchange_step(z);
    ev.push("exchange", || Event::Exchange { composted, drawn });
    for (bit, number) in [(TRIGGER_MARKET, 1), (TRIGGER_SUPPLY, 2)] {
        if z.crash & bit != 0 && before & bit == 0 {
            ev.push("crash", || Event::Crash {
                trigger: number,
                during: During::Upkeep,
            });
        }
    }
    end_turn(z, ev);
}

/// S-21, S-39: after upkeep the game ends if a trigger occurred this turn or earlier;
/// otherwise the next seat clockwise takes its turn.
pub fn end_turn(z: &mut Zones, ev: &mut impl Log) {
    z.turns += 1;
    z.planted.clear();
    z.basic_taken = 0;
    let turns = z.turns;
    if z.crash != 0 {
        z.over = true;
        let triggers = crash_triggers(z.crash);
        ev.push("game_over", || Event::GameOver { turns, triggers });
        return;
    }
    z.active = (z.active + 1) % z.cfg.num_players;
    let player = z.active;
    ev.push("turn", || Event::Turn {
        player,
        turn: turns,
    });
}

/// The triggers (1, 2) in a crash bit set.
pub fn crash_triggers(crash: i64) -> Vec<i64> {
    [(TRIGGER_MARKET, 1), (TRIGGER_SUPPLY, 2)]
        .into_iter()
        .filter(|&(bit, _)| crash & bit != 0)
        .map(|(_, n)| n)
        .collect()
}
