//! Water and food bookkeeping (F-32 … F-35), `resources.py`: which towers pay water for a
//! cell, every way to split a payment or a gain between towers, and the checks of a split.

use super::abilities::tower_capacity;
use super::farm::reaches;
use super::state::{Cell, Zones};

/// A water split `((x, y, amount), …)` naming tower cells, sorted by cell, amounts > 0.
pub type Water = Vec<(i64, i64, i64)>;

/// Why a rule refuses an action: the clause and the message (`engine.errors.Refusal`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    pub clause: &'static str,
    pub message: String,
}

pub fn refuse(clause: &'static str, message: String) -> Option<Refusal> {
    Some(Refusal { clause, message })
}

/// Every vector `v` with `0 <= v[i] <= caps[i]` and `sum(v) == total`, from the largest
/// first entry down (`distributions`).
pub fn distributions(caps: &[i64], total: i64) -> Vec<Vec<i64>> {
    let mut out = Vec::new();
    each_distribution(caps, total, |v| out.push(v.to_vec()));
    out
}

/// `f` of every vector of `distributions(caps, total)`, in its order, without collecting them.
pub fn each_distribution(caps: &[i64], total: i64, mut f: impl FnMut(&[i64])) {
    let mut cur = Vec::with_capacity(caps.len());
    walk(caps, total, &mut cur, &mut f);
}

fn walk(caps: &[i64], total: i64, cur: &mut Vec<i64>, out: &mut impl FnMut(&[i64])) {
    let i = cur.len();
    if i == caps.len() {
        if total == 0 {
            out(cur);
        }
        return;
    }
    let rest: i64 = caps[i + 1..].iter().sum();
    let mut first = caps[i].min(total);
    while first >= 0 {
        if total - first > rest {
            break;
        }
        cur.push(first);
        walk(caps, total - first, cur, out);
        cur.pop();
        first -= 1;
    }
}

/// How many vectors `distributions(caps, total)` has: counted by arithmetic, one cap at a
/// time (ways[t]: the vectors of the caps so far summing to t), without walking them.
pub fn count_distributions(caps: &[i64], total: i64) -> usize {
    if total < 0 || caps.iter().any(|&c| c < 0) {
        return 0;
    }
    match total as usize + 1 {
        n if n <= 8 => count_on::<8>(caps, n), // the usual water costs: a small table
        n if n <= 64 => count_on::<64>(caps, n),
        _ => count_walking(caps, total),
    }
}

/// `count_distributions` of `n - 1` on a table of `N >= n` entries.
fn count_on<const N: usize>(caps: &[i64], n: usize) -> usize {
    let mut ways = [0usize; N];
    ways[0] = 1;
    let ways = &mut ways[..n];
    for &cap in caps {
        // ways'[t] = ways[t - cap] + … + ways[t]: prefix sums, then their differences from the
        // top down (wrapping, as the counts stay far below usize::MAX)
        for t in 1..n {
            ways[t] = ways[t].wrapping_add(ways[t - 1]);
        }
        let cap = usize::try_from(cap).unwrap_or(usize::MAX);
        for t in (1..n).rev() {
            if t > cap {
                ways[t] = ways[t].wrapping_sub(ways[t - cap - 1]);
            } else {
                break;
            }
        }
    }
    ways[n - 1]
}

/// The `k`-th vector of `distributions(caps, total)`, in its order, found by counting the
/// vectors of each first entry rather than walking them; None past the last.
pub fn nth_distribution(caps: &[i64], total: i64, mut k: usize) -> Option<Vec<i64>> {
    let mut out = Vec::with_capacity(caps.len());
    let mut left = total;
    for (i, &cap) in caps.iter().enumerate() {
        let rest = &caps[i + 1..];
        let room: i64 = rest.iter().sum();
        let mut first = cap.min(left);
        loop {
            if first < 0 || left - first > room {
                return None;
            }
            let n = count_distributions(rest, left - first);
            if k < n {
                break;
            }
            k -= n;
            first -= 1;
        }
        out.push(first);
        left -= first;
    }
    (left == 0 && k == 0).then_some(out)
}

/// `count_distributions` by walking the vectors (a total beyond the arithmetic's table).
fn count_walking(caps: &[i64], total: i64) -> usize {
    if caps.is_empty() {
        return usize::from(total == 0);
    }
    let rest: i64 = caps[1..].iter().sum();
    let mut n = 0;
    let mut first = caps[0].min(total);
    while first >= 0 {
        if total - first > rest {
            break;
        }
        n += count_walking(&caps[1..], total - first);
        first -= 1;
    }
    n
}

/// The split paying `amounts` from `towers`.
pub fn split_at(z: &Zones, towers: &[i32], amounts: &[i64]) -> Water {
    towers
        .iter()
        .zip(amounts)
        .filter(|(_, &n)| n != 0)
        .map(|(&t, &n)| {
            let (x, y) = z.cell_of(t);
            (x, y, n)
        })
        .collect()
}

/// Why `water` does not pay `need` water for `cell`, or None (F-33).
pub fn water_error(z: &Zones, p: usize, cell: Cell, water: &Water, need: i64) -> Option<Refusal> {
    let paid: i64 = water.iter().map(|w| w.2).sum();
    if paid != need {
        return refuse(
            "F-33",
            format!("the water cost is {need}, the split pays {paid}"),
        );
    }
    for &(x, y, n) in water {
        let tower = match z.at(p, (x, y)) {
            Some(t) if z.is_tower(t) => t,
            _ => {
                return refuse(
                    "F-33",
                    format!("there is no Water Tower of player {p} at {x},{y}"),
                )
            }
        };
        let held = z.water[tower as usize];
        if held < n {
            return refuse(
                "F-33",
                format!("the tower at {x},{y} holds {held} water, not {n}"),
            );
        }
        if !reaches(z, p, tower, cell) {
            return refuse(
                "F-32",
                format!(
                    "{},{} is out of range of the tower at {x},{y}",
                    cell.0, cell.1
                ),
            );
        }
    }
    None
}

pub fn pay_water(z: &mut Zones, p: usize, water: &Water) {
    for &(x, y, n) in water {
        if let Some(t) = z.at(p, (x, y)) {
            z.water[t as usize] -= n;
        }
    }
}

/// Why `water` is not a placement of `gained` water (F-33), or None.
pub fn placement_error(z: &Zones, p: usize, water: &Water, gained: i64) -> Option<Refusal> {
    let room: i64 = z
        .tower_cards(p)
        .iter()
        .map(|&t| tower_capacity(z, t) - z.water[t as usize])
        .sum();
    let fits = gained.min(room);
    let placed: i64 = water.iter().map(|w| w.2).sum();
    if placed != fits {
        return refuse(
            "F-33",
            format!("{fits} water must be placed (as much as fits), not {placed}"),
        );
    }
    for &(x, y, n) in water {
        let tower = match z.at(p, (x, y)) {
            Some(t) if z.is_tower(t) => t,
            _ => {
                return refuse(
                    "F-33",
                    format!("there is no Water Tower of player {p} at {x},{y}"),
                )
            }
        };
        let cap = tower_capacity(z, tower);
        if z.water[tower as usize] + n > cap {
            let room = cap - z.water[tower as usize];
            return refuse("F-33", format!("the tower at {x},{y} has room for {room}"));
        }
    }
    None
}

pub fn place_water(z: &mut Zones, p: usize, water: &Water) {
    for &(x, y, n) in water {
        if let Some(t) = z.at(p, (x, y)) {
            z.water[t as usize] += n;
        }
    }
}

/// Why `p` cannot pay `price` (coins, water, food) for the card at `cell` with `water`.
pub fn cost_error(
    z: &Zones,
    p: usize,
    cell: Cell,
    price: (i64, i64, i64),
    water: &Water,
    clause: &'static str,
) -> Option<Refusal> {
    let (coins, need, food) = price;
    if z.coins[p] < coins {
        return refuse(
            clause,
            format!("the cost is {coins} coins; player {p} has {}", z.coins[p]),
        );
    }
    if z.food[p] < food {
        return refuse(
            clause,
            format!("the cost is {food} food; player {p} has {}", z.food[p]),
        );
    }
    water_error(z, p, cell, water, need)
}

pub fn pay_cost(z: &mut Zones, p: usize, price: (i64, i64, i64), water: &Water) {
    z.coins[p] -= price.0;
    z.food[p] -= price.2;
    pay_water(z, p, water);
}

#[cfg(test)]
mod tests {
    use super::nth_distribution;
    use super::{count_distributions, count_walking, distributions, each_distribution};

    fn walked(caps: &[i64], total: i64) -> usize {
        let mut n = 0;
        each_distribution(caps, total, |_| n += 1);
        n
    }

    /// F-33: the arithmetic counts the splits the menus list and finds each by its index, for
    /// every small set of caps.
    #[test]
    fn counted_as_walked() {
        let mut caps = Vec::new();
        for k in 0..=4u32 {
            for code in 0..7i64.pow(k) {
                caps.clear();
                caps.extend((0..k).map(|i| code / 7i64.pow(i) % 7 - 1)); // caps -1 … 5
                for total in -1..=12 {
                    let n = walked(&caps, total);
                    assert_eq!(count_distributions(&caps, total), n, "{caps:?} {total}");
                    assert_eq!(count_walking(&caps, total), n, "{caps:?} {total}");
                    let all = distributions(&caps, total);
                    for (k, v) in all.iter().enumerate() {
                        assert_eq!(nth_distribution(&caps, total, k).as_ref(), Some(v));
                    }
                    assert_eq!(nth_distribution(&caps, total, n), None, "{caps:?} {total}");
                }
            }
        }
        assert_eq!(count_distributions(&[40, 40], 70), 11);
    }
}
