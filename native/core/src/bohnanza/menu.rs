//! The enumerated menus of legal actions (B-29, B-50, B-58), ported from `menu.py`, in the
//! same order. In trading the offer menu can hold thousands of offers, so it is lazy:
//! [`Menu::len`] and [`Menu::get`] are computed from the product (addressee × given side ×
//! wanted side) without building every offer.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use super::actions::{Action, OfferAction};
use super::cards::{Config, Variety, VARIETIES};
use super::state::*;
use super::trading::{front_positions, in_place};
use crate::few::Few;

/// (face-up slots, hand positions) of a given side; (varieties, face-up slots) of a wanted one.
type Side = (Few, Few);

/// A menu: the short fixed part, then the lazy offers (deterministic order).
#[derive(Debug, Clone, Default)]
pub struct Menu {
    pub fixed: Vec<Action>,
    pub offers: Option<OfferSpace>,
}

impl Menu {
    pub fn len(&self) -> usize {
        self.fixed.len() + self.offers.as_ref().map_or(0, OfferSpace::len)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Item `i`, or None past the end.
    pub fn get(&self, i: usize) -> Option<Action> {
        if let Some(a) = self.fixed.get(i) {
            return Some(a.clone());
        }
        let offers = self.offers.as_ref()?;
        let k = i - self.fixed.len();
        (k < offers.len()).then(|| Action::Offer(offers.offer(k)))
    }
}

/// B-27: the legal Harvest and BuyField actions (`harvest`: the fields known harvestable).
fn free_actions(s: &Zones, p: usize, out: &mut Vec<Action>, harvest: &[usize]) {
    out.extend(harvest.iter().map(|&f| Action::Harvest { field: f as i64 }));
    let cfg = &s.cfg;
    if cfg.can_buy && !s.third[p] && s.treasury[p].len() >= cfg.field_cost {
        out.push(Action::BuyField);
    }
}

/// Variety -> the field holding it (the dict of `scan_fields`).
type Held = [Option<usize>; VARIETIES.len()];

/// `scan_fields`: (variety -> field holding it, fields a new variety may go to, fields that
/// may be harvested) under B-19, B-21 and B-24.
fn scan_fields(s: &Zones, p: usize) -> (Held, Vec<usize>, Vec<usize>) {
    let fields = &s.fields[p];
    let mut held: Held = [None; VARIETIES.len()];
    let mut big = false;
    for (i, field) in fields.iter().enumerate() {
        if let Some(&c) = field.first() {
            held[usize::from(s.cfg.variety(c))] = Some(i); // the last such field, as dict assignment
            big |= field.len() >= 2;
        }
    }
    let n = fields.len();
    if big {
        let harvest = (0..n).filter(|&i| fields[i].len() >= 2).collect();
        let targets = (0..n).filter(|&i| fields[i].len() != 1).collect();
        (held, targets, harvest)
    } else {
        let harvest = (0..n).filter(|&i| !fields[i].is_empty()).collect();
        (held, (0..n).collect(), harvest)
    }
}

/// The menu for `p` (who must be on the move); `s.phase` picks the window.
pub fn legal_actions(s: &Zones, p: usize) -> Menu {
    let phase = s.phase;
    if phase == TRADE {
        return trading_menu(s, p);
    }
    let mut out = Vec::new();
    let (held, targets, harvest) = scan_fields(s, p);
    let fields_for = |card: u8| -> Vec<usize> {
        match held[usize::from(s.cfg.variety(card))] {
            Some(i) => vec![i],
            None => targets.clone(),
        }
    };
    let int = |x: u8| i64::from(x);
    match phase {
        PLANT_TRADED => {
            for &card in &s.trade[p] {
                for f in fields_for(card) {
                    out.push(Action::PlantFromTradeArea {
                        card: int(card),
                        field: f as i64,
                    });
                }
            }
        }
        DRAW | DUEL_DRAW => out.push(Action::FinishTurn),
        DUEL_OFFERED => {
            for &card in &s.offer_area {
                for f in fields_for(card) {
                    out.push(Action::PlantOffered {
                        card: int(card),
                        field: f as i64,
                    });
                }
                out.push(Action::DiscardOffered { card: int(card) });
            }
        }
        DUEL_REVEALED => {
            for &card in &s.revealed {
                for f in fields_for(card) {
                    out.push(Action::PlantRevealed {
                        card: int(card),
                        field: f as i64,
                    });
                }
            }
            out.push(Action::LeaveOffer);
        }
        _ => {
            // PLANT or DUEL_PLANT
            let hand = &s.hands[p];
            if s.planted < 2 {
                if let Some(&front) = hand.first() {
                    for f in fields_for(front) {
                        out.push(Action::PlantFromHand { field: f as i64 });
                    }
                }
            }
            if s.planted >= 1 {
                if phase == DUEL_PLANT {
                    out.extend(
                        (0..hand.len()).map(|i| Action::DiscardFromHand { position: i as i64 }),
                    );
                }
                out.push(Action::EndPlanting);
            }
        }
    }
    free_actions(s, p, &mut out, &harvest);
    Menu {
        fixed: out,
        offers: None,
    }
}

// ------------------------------------------------------------------ trading (B-50)

fn trading_menu(s: &Zones, p: usize) -> Menu {
    let mut fixed = Vec::new();
    let active = s.active;
    for (i, rec) in s.offers.iter().enumerate() {
        if s.offer_status[i] != OPEN {
            continue;
        }
        let id = i64::from(rec.offer_id);
        if rec.proposer as usize == p {
            fixed.push(Action::Withdraw { offer_id: id });
            continue;
        }
        let to_me = rec.to.map(usize::from) == Some(p);
        if to_me || (rec.to.is_none() && p != active) {
            if in_place(s, rec) {
                for positions in accept_choices(s, p, &rec.want) {
                    fixed.push(Action::Accept {
                        offer_id: id,
                        positions: positions.into_iter().map(i64::from).collect(),
                    });
                }
            }
            if to_me {
                fixed.push(Action::Decline { offer_id: id });
            }
        }
    }
    fixed.push(Action::Pass);
    if p == active {
        fixed.push(Action::EndTrading);
    }
    let harvest = scan_fields(s, p).2;
    free_actions(s, p, &mut fixed, &harvest);
    if let Some(max) = s.cfg.options.max_offers {
        if s.offers_made[p] >= max {
            return Menu {
                fixed,
                offers: None,
            };
        }
    }
    Menu {
        fixed,
        offers: Some(OfferSpace::new(s, p)),
    }
}

/// Hand positions p could hand over for `want`: front-most only, or every choice.
pub fn accept_choices(s: &Zones, p: usize, want: &[Variety]) -> Vec<Vec<u8>> {
    if !s.cfg.options.all_positions {
        return front_positions(s, p, want).into_iter().collect();
    }
    let hand = &s.hands[p];
    let mut kinds: Vec<Variety> = want.to_vec();
    kinds.sort_unstable();
    kinds.dedup();
    let mut choices: Vec<Vec<u8>> = vec![Vec::new()];
    for v in kinds {
        let k = want.iter().filter(|&&x| x == v).count();
        let spots: Vec<u8> = (0..hand.len())
            .filter(|&i| s.cfg.variety(hand[i]) == v)
            .map(|i| i as u8)
            .collect();
        let combos = combinations(spots.len(), k);
        let mut next = Vec::with_capacity(choices.len() * combos.len());
        for c in &choices {
            for combo in &combos {
                let mut x = c.clone();
                x.extend(combo.iter().map(|&j| spots[j]));
                next.push(x);
            }
        }
        choices = next;
    }
    for c in &mut choices {
        c.sort_unstable();
    }
    choices
}

/// `itertools.combinations(range(n), k)` in its (lexicographic) order.
fn combinations(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    if k > n {
        return out;
    }
    let mut idx: Vec<usize> = (0..k).collect();
    loop {
        out.push(idx.clone());
        // rightmost index that can still grow
        let Some(i) = (0..k).rev().find(|&i| idx[i] != i + n - k) else {
            return out;
        };
        idx[i] += 1;
        for j in i + 1..k {
            idx[j] = idx[j - 1] + 1;
        }
    }
}

/// `itertools.combinations_with_replacement(range(n), k)` in its order.
fn combinations_with_replacement(n: usize, k: usize) -> Vec<Vec<usize>> {
    let mut out = Vec::new();
    if n == 0 && k > 0 {
        return out;
    }
    let mut idx = vec![0usize; k];
    loop {
        out.push(idx.clone());
        let Some(i) = (0..k).rev().find(|&i| idx[i] != n - 1) else {
            return out;
        };
        let v = idx[i] + 1;
        for x in &mut idx[i..] {
            *x = v;
        }
    }
}

/// `want_options` of a configuration for each set of occupied face-up slots (bit i = slot
/// i), computed when first needed: they depend on the configuration only, and building them
/// at every step of a playout cost more than the rest of the step. Not part of a
/// configuration's identity (equal whatever it holds).
#[derive(Debug, Clone, Default)]
pub struct WantCache([OnceLock<Arc<Vec<Side>>>; 4]);

impl PartialEq for WantCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for WantCache {}

fn cached_wants(s: &Zones, slots: &[u8]) -> Arc<Vec<Side>> {
    let cfg = &s.cfg;
    let mask = slots.iter().fold(0, |m, &i| m | (1 << i));
    let max_want = cfg.options.max_want as usize;
    cfg.wants.0[mask]
        .get_or_init(|| Arc::new(want_options(&cfg.varieties, max_want, slots)))
        .clone()
}

/// Every menu offer of one player: `to` × give options × want options (B-50), minus offers
/// with both sides empty and duplicates of the player's outstanding offers.
#[derive(Debug, Clone)]
pub struct OfferSpace {
    tos: Vec<Option<u8>>,
    gives: Arc<Vec<Side>>,
    wants: Arc<Vec<Side>>,
    width: usize,
    size: usize,
    excluded: Vec<usize>,
}

impl OfferSpace {
    pub fn new(s: &Zones, p: usize) -> OfferSpace {
        let cfg = &s.cfg;
        let n = cfg.num_players;
        let active = s.active;
        let occupied: Vec<u8> = (0..2u8)
            .filter(|&i| s.faceup[i as usize].is_some())
            .collect();
        let (tos, gives, wants) = if p == active {
            let mut tos: Vec<Option<u8>> = (1..n).map(|k| Some(((active + k) % n) as u8)).collect();
            tos.push(None);
            (tos, give_options(s, p, &occupied), cached_wants(s, &[]))
        } else {
            (
                vec![Some(active as u8)],
                give_options(s, p, &[]),
                cached_wants(s, &occupied),
            )
        };
        let width = gives.len() * wants.len();
        let size = tos.len() * width;
        // Both lists start with the empty option, so index t*width is "nothing for nothing".
        let mut excluded: Vec<usize> = (0..tos.len()).map(|t| t * width).collect();
        let mut space = OfferSpace {
            tos,
            gives,
            wants,
            width,
            size,
            excluded: Vec::new(),
        };
        excluded.extend(space.duplicates(s, p));
        excluded.sort_unstable();
        excluded.dedup();
        space.excluded = excluded;
        space
    }

    /// Product indices of the player's outstanding offers (same cards, same wants).
    fn duplicates(&self, s: &Zones, p: usize) -> Vec<usize> {
        let hand = &s.hands[p];
        let mut out = Vec::new();
        for (i, rec) in s.offers.iter().enumerate() {
            if rec.proposer as usize != p || s.offer_status[i] != OPEN {
                continue;
            }
            let mut positions = Vec::with_capacity(rec.give_hand.len());
            let mut gone = false;
            for c in &rec.give_hand {
                match hand.iter().position(|x| x == c) {
                    Some(pos) => positions.push(pos as u8),
                    None => gone = true,
                }
            }
            if gone {
                continue;
            }
            positions.sort_unstable();
            let give: Side = (
                rec.give_faceup.iter().map(|&(sl, _)| sl).collect(),
                positions.iter().copied().collect(),
            );
            let want: Side = (
                rec.want.iter().copied().collect(),
                rec.want_faceup.iter().map(|&(sl, _)| sl).collect(),
            );
            let g = self.gives.iter().position(|x| *x == give);
            let w = self.wants.iter().position(|x| *x == want);
            let t = self.tos.iter().position(|&x| x == rec.to);
            if let (Some(g), Some(w), Some(t)) = (g, w, t) {
                out.push(t * self.width + g * self.wants.len() + w);
            }
        }
        out
    }

    pub fn len(&self) -> usize {
        self.size - self.excluded.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Offer `i` (below `len()`).
    pub fn offer(&self, i: usize) -> OfferAction {
        let mut k = i;
        for &e in &self.excluded {
            if e <= k {
                k += 1;
            } else {
                break;
            }
        }
        let (t, rest) = (k / self.width, k % self.width);
        let (g, w) = (rest / self.wants.len(), rest % self.wants.len());
        let (give_fu, give_hand) = &self.gives[g];
        let (want, want_fu) = &self.wants[w];
        let ints = |v: &[u8]| v.iter().map(|&x| i64::from(x)).collect();
        OfferAction {
            to: self.tos[t].map(i64::from),
            give_faceup: ints(give_fu),
            give_hand: ints(give_hand),
            want: want.to_vec(),
            want_faceup: ints(want_fu),
        }
    }
}

/// The given sides of a hand (its varieties in order) and occupied face-up slots (bit i =
/// slot i), as Python caches them in `give_options`; emptied when it grows past
/// `GIVE_CACHE_LIMIT` entries. Speed only: not part of a configuration's identity.
#[derive(Debug, Default)]
pub struct GiveCache(Mutex<GiveMap>);

/// (the hand's varieties in order, occupied face-up slots) -> the given sides.
type GiveMap = HashMap<(Vec<Variety>, u8), Arc<Vec<Side>>>;

const GIVE_CACHE_LIMIT: usize = 4096;

impl Clone for GiveCache {
    fn clone(&self) -> Self {
        GiveCache::default()
    }
}

impl PartialEq for GiveCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for GiveCache {}

/// Given sides with at most `max_give` cards (face-up subsets × hand choices, the empty side
/// first), from the configuration's cache.
fn give_options(s: &Zones, p: usize, slots: &[u8]) -> Arc<Vec<Side>> {
    let cfg = &s.cfg;
    let kinds: Vec<Variety> = s.hands[p].iter().map(|&c| cfg.variety(c)).collect();
    let mask = slots.iter().fold(0u8, |m, &i| m | (1 << i));
    // a poisoned lock only means another thread panicked mid-insert: the map is still whole
    let mut cache = cfg.gives.0.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(found) = cache.get(&(kinds.clone(), mask)) {
        return found.clone();
    }
    let sides = Arc::new(build_give_options(cfg, &kinds, slots));
    if cache.len() >= GIVE_CACHE_LIMIT {
        cache.clear();
    }
    cache.insert((kinds, mask), sides.clone());
    sides
}

fn build_give_options(cfg: &Config, kinds: &[Variety], slots: &[u8]) -> Vec<Side> {
    let limit = cfg.options.max_give as usize;
    let mut out = Vec::new();
    for k_fu in 0..=slots.len().min(limit) {
        for fu in combinations(slots.len(), k_fu) {
            let fu: Few = fu.iter().map(|&j| slots[j]).collect();
            for hp in hand_choices(kinds, limit - k_fu, cfg.options.all_positions) {
                out.push((fu, hp));
            }
        }
    }
    out
}

/// Hand position sets of size <= limit for a hand of these varieties, size 0 first.
/// Front-most: one choice per variety multiset (in `combinations_with_replacement` order),
/// using the front-most cards of each variety.
fn hand_choices(kinds: &[Variety], limit: usize, all_positions: bool) -> Vec<Few> {
    if all_positions {
        let n = kinds.len();
        return (0..=limit.min(n))
            .flat_map(|k| combinations(n, k))
            .map(|c| c.into_iter().map(|x| x as u8).collect())
            .collect();
    }
    let mut vs: Vec<Variety> = kinds.to_vec();
    vs.sort_unstable();
    vs.dedup();
    let order: Vec<Vec<u8>> = vs
        .iter()
        .map(|&v| {
            (0..kinds.len())
                .filter(|&pos| kinds[pos] == v)
                .map(|pos| pos as u8)
                .collect()
        })
        .collect();
    let mut out: Vec<Few> = vec![Few::new()];
    // Grow size-k multisets from size k-1 ones: (positions, last variety index, its count).
    let mut level: Vec<(Few, usize, usize)> = vec![(Few::new(), 0, 0)];
    for _ in 0..limit {
        let mut grown = Vec::new();
        for (positions, last, used) in &level {
            for (j, spots) in order.iter().enumerate().skip(*last) {
                let count = if j == *last { *used } else { 0 };
                if count < spots.len() {
                    let mut x = *positions;
                    x.push(spots[count]);
                    grown.push((x, j, count + 1));
                }
            }
        }
        if grown.is_empty() {
            break;
        }
        out.extend(grown.iter().map(|g| {
            let mut x = g.0;
            x.sort_unstable();
            x
        }));
        level = grown;
    }
    out
}

/// Wanted sides with at most `limit` items (varieties with multiplicity + face-up slots), the
/// empty side first, sorted by (size, slots, varieties) as Python sorts them.
fn want_options(varieties: &[Variety], limit: usize, slots: &[u8]) -> Vec<Side> {
    let mut out: Vec<Side> = Vec::new();
    for k_fu in 0..=slots.len().min(limit) {
        for fu in combinations(slots.len(), k_fu) {
            let fu: Few = fu.iter().map(|&j| slots[j]).collect();
            for k in 0..=limit - k_fu {
                for ms in combinations_with_replacement(varieties.len(), k) {
                    out.push((ms.iter().map(|&j| varieties[j]).collect(), fu));
                }
            }
        }
    }
    out.sort_by(|a, b| {
        (a.0.len() + a.1.len(), &a.1, &a.0).cmp(&(b.0.len() + b.1.len(), &b.1, &b.0))
    });
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn combinations_follow_itertools() {
        assert_eq!(
            combinations(4, 2),
            vec![
                vec![0, 1],
                vec![0, 2],
                vec![0, 3],
                vec![1, 2],
                vec![1, 3],
                vec![2, 3]
            ]
        );
        assert_eq!(combinations(2, 0), vec![Vec::<usize>::new()]);
        assert!(combinations(1, 2).is_empty());
        assert_eq!(
            combinations_with_replacement(3, 2),
            vec![
                vec![0, 0],
                vec![0, 1],
                vec![0, 2],
                vec![1, 1],
                vec![1, 2],
                vec![2, 2]
            ]
        );
        assert_eq!(
            combinations_with_replacement(0, 0),
            vec![Vec::<usize>::new()]
        );
    }

    #[test]
    fn frontmost_hand_choices() {
        // varieties 5, 3, 5: sizes 0, 1 (3 -> pos 1, 5 -> pos 0), 2 (3+5, 5+5)
        let got = hand_choices(&[5, 3, 5], 2, false);
        let want: Vec<Vec<u8>> = vec![vec![], vec![1], vec![0], vec![0, 1], vec![0, 2]];
        assert_eq!(got.iter().map(|x| x.to_vec()).collect::<Vec<_>>(), want);
    }
}
