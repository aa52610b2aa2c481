//! The enumerated menus of legal actions (B-29, B-50, B-58), ported from `menu.py`, in the
//! same order. In trading the offer menu can hold thousands of offers, so it is lazy:
//! [`Menu::len`] and [`Menu::get`] are computed from the product (addressee × given side ×
//! wanted side) without building every offer.

use std::sync::{Arc, OnceLock};

use super::actions::{Action, OfferAction};
use super::cards::{Card, Variety, VARIETIES};
use super::give::Gives;
use super::state::*;
use super::trading::{front_positions, in_place};
use crate::few::Few;
use rustc_hash::{FxHashMap, FxHashSet};

/// (varieties, face-up slots) of a wanted side.
type Side = (Few, Few);

/// The wanted sides of a configuration in menu order, and where each one is (indexed when
/// first asked: only a player with outstanding offers needs it, to leave them out of the
/// menu); and, indexed when first asked, the sides with their varieties sorted (what an
/// encoding that composes sides item by item asks: `encode::compact`).
#[derive(Debug, Default)]
pub struct Sides {
    list: Vec<Side>,
    places: OnceLock<FxHashMap<Side, usize>>,
    sorted: OnceLock<FxHashSet<Side>>,
}

impl Sides {
    fn new(list: Vec<Side>) -> Sides {
        Sides {
            list,
            places: OnceLock::new(),
            sorted: OnceLock::new(),
        }
    }

    /// Whether `side` (varieties sorted ascending, face-up slots) is one of these with its
    /// varieties sorted.
    fn has_sorted(&self, side: &Side) -> bool {
        self.sorted
            .get_or_init(|| {
                self.list
                    .iter()
                    .map(|(varieties, slots)| {
                        let mut varieties = *varieties;
                        varieties.sort_unstable();
                        (varieties, *slots)
                    })
                    .collect()
            })
            .contains(side)
    }

    fn len(&self) -> usize {
        self.list.len()
    }

    /// Where `side` is in the list.
    fn place(&self, side: &Side) -> Option<usize> {
        let places = self.places.get_or_init(|| {
            let mut map = FxHashMap::default();
            for (i, x) in self.list.iter().enumerate() {
                map.entry(*x).or_insert(i);
            }
            map
        });
        places.get(side).copied()
    }
}

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

    /// Item `i`, moved out of the menu (which is only good for rebuilding after this), or
    /// None past the end: a playout takes its one item without copying it.
    pub fn take(&mut self, i: usize) -> Option<Action> {
        match self.fixed.get_mut(i) {
            Some(a) => Some(std::mem::replace(a, Action::Pass)),
            None => self.get(i),
        }
    }

    /// Item `i`, or None past the end.
    pub fn get(&self, i: usize) -> Option<Action> {
        if let Some(a) = self.fixed.get(i) {
            return Some(a.clone());
        }
        let offers = self.offers.as_ref()?;
        let k = i - self.fixed.len();
        (k < offers.len()).then(|| Action::Offer(Box::new(offers.offer(k))))
    }

    /// Where `a` is in this menu of `p` at `s` (the position it was built for), or None: the
    /// inverse of [`Menu::get`], without listing the offers (`TradingMenu.__contains__`).
    pub fn index(&self, s: &Zones, p: usize, a: &Action) -> Option<usize> {
        if let Some(i) = self.fixed.iter().position(|x| x == a) {
            return Some(i);
        }
        match a {
            Action::Offer(o) => Some(self.fixed.len() + self.offers.as_ref()?.index_of(s, p, o)?),
            _ => None,
        }
    }

    /// Whether `a` is in this menu of `p` at `s`.
    pub fn contains(&self, s: &Zones, p: usize, a: &Action) -> bool {
        self.index(s, p, a).is_some()
    }
}

/// B-27: the legal Harvest and BuyField actions (`harvest`: the fields known harvestable).
fn free_actions(s: &Zones, p: usize, out: &mut Vec<Action>, harvest: &[u8]) {
    out.extend(harvest.iter().map(|&f| Action::Harvest { field: f.into() }));
    let cfg = &s.cfg;
    if cfg.can_buy && !s.third[p] && s.treasury[p].len() >= cfg.field_cost {
        out.push(Action::BuyField);
    }
}

/// Variety -> the field holding it (the dict of `scan_fields`).
type Held = [Option<u8>; VARIETIES.len()];

/// Field numbers of one seat (at most three).
type FieldList = Few;

/// `scan_fields`: (variety -> field holding it, fields a new variety may go to, fields that
/// may be harvested) under B-19, B-21 and B-24.
fn scan_fields(s: &Zones, p: usize) -> (Held, FieldList, FieldList) {
    let fields = &s.fields[p];
    let mut held: Held = [None; VARIETIES.len()];
    let mut lens = [0; MAX_FIELDS];
    for (i, field) in fields.iter().enumerate() {
        lens[i] = field.len();
        if let Some(&c) = field.first() {
            held[usize::from(s.cfg.variety(c))] = Some(i as u8); // the last such field, as dict assignment
        }
    }
    let lens = &lens[..fields.len()];
    let big = lens.iter().any(|&len| len >= 2);
    let (mut targets, mut harvest) = (FieldList::new(), FieldList::new());
    for (i, &len) in lens.iter().enumerate() {
        if if big { len >= 2 } else { len != 0 } {
            harvest.push(i as u8);
        }
        if !big || len != 1 {
            targets.push(i as u8);
        }
    }
    (held, targets, harvest)
}

/// The menu for `p` (who must be on the move); `s.phase` picks the window.
pub fn legal_actions(s: &Zones, p: usize) -> Menu {
    let mut menu = Menu::default();
    legal_actions_into(s, p, &mut menu);
    menu
}

/// [`legal_actions`] into `menu`, reusing its storage (a playout builds one menu per step).
pub fn legal_actions_into(s: &Zones, p: usize, menu: &mut Menu) {
    menu.fixed.clear();
    menu.offers = None;
    if s.phase == TRADE {
        trading_menu(s, p, menu);
    } else {
        turn_menu(s, p, &mut menu.fixed);
    }
}

/// The menu outside trading (planting, drawing, the duel's steps).
fn turn_menu(s: &Zones, p: usize, out: &mut Vec<Action>) {
    let phase = s.phase;
    let (held, targets, harvest) = scan_fields(s, p);
    let fields_for = |card: u8| -> FieldList {
        match held[usize::from(s.cfg.variety(card))] {
            Some(i) => [i].into_iter().collect(),
            None => targets,
        }
    };
    let int = |x: u8| i64::from(x);
    match phase {
        PLANT_TRADED => {
            for &card in &s.trade[p] {
                for &f in fields_for(card).iter() {
                    out.push(Action::PlantFromTradeArea {
                        card: int(card),
                        field: f.into(),
                    });
                }
            }
        }
        DRAW | DUEL_DRAW => out.push(Action::FinishTurn),
        DUEL_OFFERED => {
            for &card in &s.offer_area {
                for &f in fields_for(card).iter() {
                    out.push(Action::PlantOffered {
                        card: int(card),
                        field: f.into(),
                    });
                }
                out.push(Action::DiscardOffered { card: int(card) });
            }
        }
        DUEL_REVEALED => {
            for &card in &s.revealed {
                for &f in fields_for(card).iter() {
                    out.push(Action::PlantRevealed {
                        card: int(card),
                        field: f.into(),
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
                    for &f in fields_for(front).iter() {
                        out.push(Action::PlantFromHand { field: f.into() });
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
    free_actions(s, p, out, &harvest);
}

// ------------------------------------------------------------------ trading (B-50)

fn trading_menu(s: &Zones, p: usize, menu: &mut Menu) {
    let fixed = &mut menu.fixed;
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
                if s.cfg.options.all_positions {
                    for positions in accept_choices(s, p, &rec.want) {
                        fixed.push(Action::Accept {
                            offer_id: id,
                            positions: positions.into_iter().map(i64::from).collect(),
                        });
                    }
                } else if let Some(positions) = front_positions(s, p, &rec.want) {
                    // the one front-most choice, without a list of choices around it
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
    free_actions(s, p, fixed, &harvest);
    let capped = matches!(s.cfg.options.max_offers, Some(max) if s.offers_made[p] >= max);
    if !capped {
        menu.offers = Some(OfferSpace::new(s, p));
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
pub struct WantCache([OnceLock<Arc<Sides>>; 4]);

impl PartialEq for WantCache {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for WantCache {}

fn cached_wants(s: &Zones, slots: &[u8]) -> Arc<Sides> {
    let cfg = &s.cfg;
    let mask = slots.iter().fold(0, |m, &i| m | (1 << i));
    let max_want = cfg.options.max_want as usize;
    cfg.wants.0[mask]
        .get_or_init(|| Arc::new(Sides::new(want_options(&cfg.varieties, max_want, slots))))
        .clone()
}

/// The parts of an offer space ([`OfferSpace::product`]).
pub type OfferProduct<'a> = (&'a [Option<u8>], &'a Gives, &'a [(Few, Few)], &'a [usize]);

/// Every menu offer of one player: `to` × give options × want options (B-50), minus offers
/// with both sides empty and duplicates of the player's outstanding offers. Built per step
/// of a playout, so it allocates nothing unless the player has outstanding offers.
#[derive(Debug, Clone)]
pub struct OfferSpace {
    tos: PerSeat<Option<u8>>,
    gives: Gives,
    wants: Arc<Sides>,
    /// Offers per addressee, "nothing for nothing" included.
    width: usize,
    /// The outstanding offers' places among the offers with something in them (sorted).
    duplicates: Vec<usize>,
    /// With front-most offers, the cards a variety multiset names.
    front: Option<Front>,
}

impl OfferSpace {
    pub fn new(s: &Zones, p: usize) -> OfferSpace {
        let n = s.cfg.num_players;
        let active = s.active;
        let occupied: Few = (0..2u8)
            .filter(|&i| s.faceup[i as usize].is_some())
            .collect();
        let front = (!s.cfg.options.all_positions).then(|| Front::of(s, p));
        let counts = front.as_ref().map(Front::counts);
        let (tos, gives, wants) = if p == active {
            let mut tos: PerSeat<Option<u8>> =
                (1..n).map(|k| Some(((active + k) % n) as u8)).collect();
            tos.push(None);
            let gives = Gives::new(s, p, counts.as_ref(), &occupied);
            (tos, gives, cached_wants(s, &[]))
        } else {
            (
                [Some(active as u8)].into_iter().collect(),
                Gives::new(s, p, counts.as_ref(), &[]),
                cached_wants(s, &occupied),
            )
        };
        let width = gives.len() * wants.len();
        let mut space = OfferSpace {
            tos,
            gives,
            wants,
            width,
            duplicates: Vec::new(),
            front,
        };
        space.duplicates = space.duplicates(s, p);
        space
    }

    /// The places of the player's outstanding offers (same cards, same wants) among the
    /// offers with something in them, sorted. Both option lists start with the empty side,
    /// so product index t*width is "nothing for nothing" and no offer is there.
    fn duplicates(&self, s: &Zones, p: usize) -> Vec<usize> {
        let mut out = Vec::new();
        for (i, rec) in s.offers.iter().enumerate() {
            if rec.proposer as usize != p || s.offer_status[i] != OPEN {
                continue;
            }
            match self.product_index(s, p, rec) {
                Some(k) if k % self.width != 0 => out.push(k - k / self.width - 1),
                _ => {}
            }
        }
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Where an outstanding offer of `p` sits in the product, if its cards are still there
    /// (an offer made directly may be larger than any in the menu: it is in none).
    fn product_index(&self, s: &Zones, p: usize, rec: &OfferRecord) -> Option<usize> {
        let given = rec.give_faceup.len() + rec.give_hand.len();
        if !within_limits(s, given, rec.want.len() + rec.want_faceup.len()) {
            return None;
        }
        let hand = &s.hands[p];
        let mut positions = Few::new();
        for c in &rec.give_hand {
            positions.push(hand.iter().position(|x| x == c)? as u8);
        }
        positions.sort_unstable();
        let give_slots: Few = rec.give_faceup.iter().map(|&(sl, _)| sl).collect();
        let want: Side = (
            rec.want.iter().copied().collect(),
            rec.want_faceup.iter().map(|&(sl, _)| sl).collect(),
        );
        self.place(s, p, rec.to, &give_slots, &positions, &want)
    }

    /// Where a side pair sits in the product: the addressee `to`, the face-up `slots` and
    /// sorted hand `positions` given, the wanted side; None when the menu has no such offer
    /// (a hand position past the hand or, with front-most offers, not the front-most card
    /// of its variety; an unsorted or repeated number; a slot or addressee not offered).
    fn place(
        &self,
        s: &Zones,
        p: usize,
        to: Option<u8>,
        slots: &[u8],
        positions: &Few,
        want: &Side,
    ) -> Option<usize> {
        let hand = &s.hands[p];
        let hand_part: Few = match &self.front {
            Some(front) => {
                let mut varieties = Few::new();
                for &i in positions.iter() {
                    varieties.push(s.cfg.variety(*hand.get(usize::from(i))?));
                }
                varieties.sort_unstable();
                // only the front-most cards of each variety are in the menu
                if front.positions(&varieties)? != *positions {
                    return None;
                }
                varieties
            }
            None => *positions,
        };
        let g = self.gives.place(slots, &hand_part)?;
        let w = self.wants.place(want)?;
        let t = self.tos.iter().position(|&x| x == to)?;
        Some(t * self.width + g * self.wants.len() + w)
    }

    /// Where `offer` is in this space of `p` at `s`, or None when the menu does not list it:
    /// the inverse of [`OfferSpace::offer`], as `OfferSpace.index` in `menu.py` (more cards
    /// than `max_give` or `max_want`, hand positions not listed, another addressee, an empty
    /// face-up slot, nothing for nothing, or a duplicate of an outstanding offer of `p`).
    pub fn index_of(&self, s: &Zones, p: usize, offer: &OfferAction) -> Option<usize> {
        let given = offer.give_faceup.len() + offer.give_hand.len();
        if !within_limits(s, given, offer.want.len() + offer.want_faceup.len()) {
            return None;
        }
        let small =
            |v: &[i64]| -> Option<Few> { v.iter().map(|&x| u8::try_from(x).ok()).collect() };
        let to = match offer.to {
            Some(seat) => Some(u8::try_from(seat).ok()?),
            None => None,
        };
        let want: Side = (
            offer.want.iter().copied().collect(),
            small(&offer.want_faceup)?,
        );
        let (slots, positions) = (small(&offer.give_faceup)?, small(&offer.give_hand)?);
        let k = self.place(s, p, to, &slots, &positions, &want)?;
        if k % self.width == 0 {
            return None; // nothing for nothing
        }
        let m = k - k / self.width - 1; // among the offers with something in them
        match self.duplicates.binary_search(&m) {
            Ok(_) => None,
            Err(before) => Some(m - before),
        }
    }

    pub fn len(&self) -> usize {
        self.tos.len() * self.width.saturating_sub(1) - self.duplicates.len()
    }

    /// The product's parts, for an action encoder (issue 34 item 1): the addressees, the
    /// given sides, the wanted sides (varieties, face-up slots) and the places of the
    /// outstanding offers left out (among the offers with something in them, sorted).
    /// Whether a wanted side of the menu, its varieties sorted, is `side` (varieties sorted
    /// ascending, face-up slots): the sides' set is built once per configuration.
    pub fn has_want(&self, side: &Side) -> bool {
        self.wants.has_sorted(side)
    }

    pub fn product(&self) -> OfferProduct<'_> {
        (&self.tos, &self.gives, &self.wants.list, &self.duplicates)
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The parts of offer `i` (below `len()`): addressee, face-up slots and hand positions
    /// given, the wanted side.
    fn parts(&self, i: usize) -> (Option<u8>, Few, Few, &Side) {
        let mut j = i;
        for &d in &self.duplicates {
            if d <= j {
                j += 1;
            } else {
                break;
            }
        }
        let per_to = self.width - 1;
        let (t, rest) = (j / per_to, j % per_to + 1);
        let (g, w) = (rest / self.wants.len(), rest % self.wants.len());
        let (give_fu, give_hand) = self.gives.get(g);
        let give_hand = match &self.front {
            Some(front) => front.positions(&give_hand).unwrap_or_default(),
            None => give_hand,
        };
        (self.tos[t], give_fu, give_hand, &self.wants.list[w])
    }

    /// Offer `i` (below `len()`).
    pub fn offer(&self, i: usize) -> OfferAction {
        let (to, give_fu, give_hand, (want, want_fu)) = self.parts(i);
        let ints = |v: &[u8]| v.iter().map(|&x| i64::from(x)).collect();
        OfferAction {
            to: to.map(i64::from),
            give_faceup: ints(&give_fu),
            give_hand: ints(&give_hand),
            want: want.to_vec(),
            want_faceup: ints(want_fu),
        }
    }

    /// The record offer `i` makes when `p` makes it now: `trading::make_record` of
    /// [`OfferSpace::offer`]`(i)` without the action in between (a playout makes its offers
    /// this way).
    pub fn record(&self, s: &Zones, p: usize, i: usize) -> OfferRecord {
        let (to, give_fu, give_hand, (want, want_fu)) = self.parts(i);
        let hand = &s.hands[p];
        let faceup = |slots: &[u8]| -> Vec<(u8, Card)> {
            slots
                .iter()
                .filter_map(|&slot| s.faceup[usize::from(slot)].map(|c| (slot, c)))
                .collect()
        };
        OfferRecord {
            offer_id: s.next_offer_id,
            proposer: p as u8,
            to,
            give_faceup: faceup(&give_fu),
            give_hand: give_hand
                .iter()
                .map(|&pos| hand[usize::from(pos)])
                .collect(),
            give_positions: give_hand.to_vec(),
            want: want.to_vec(),
            want_faceup: faceup(want_fu),
        }
    }
}

/// Whether a side of `given` and one of `wanted` items fit the menu's bounds (`max_give`,
/// `max_want`): larger offers may be made directly but the menu lists none.
fn within_limits(s: &Zones, given: usize, wanted: usize) -> bool {
    let limits = &s.cfg.options;
    given <= limits.max_give as usize && wanted <= limits.max_want as usize
}

/// The front-most hand positions of each variety (at most `max_give` of each): with
/// front-most offers (B-50) a given side names varieties, and these are its cards.
#[derive(Debug, Clone, Copy, Default)]
pub struct Front([Few; VARIETIES.len()]);

impl Front {
    fn of(s: &Zones, p: usize) -> Front {
        let limit = s.cfg.options.max_give as usize;
        let mut front = Front::default();
        for (pos, &c) in s.hands[p].iter().enumerate() {
            let spots = &mut front.0[usize::from(s.cfg.variety(c))];
            if spots.len() < limit {
                spots.push(pos as u8);
            }
        }
        front
    }

    /// How many cards of each variety the hand could give.
    fn counts(&self) -> [u8; VARIETIES.len()] {
        self.0.map(|spots| spots.len() as u8)
    }

    /// The sorted hand positions of a multiset of varieties (in non-decreasing order), or
    /// None when the hand has not that many front-most cards of a variety.
    fn positions(&self, varieties: &[Variety]) -> Option<Few> {
        let mut out = Few::new();
        let mut k = 0;
        for (i, &v) in varieties.iter().enumerate() {
            k = if i > 0 && varieties[i - 1] == v {
                k + 1
            } else {
                0
            };
            out.push(*self.0.get(usize::from(v))?.get(k)?);
        }
        out.sort_unstable();
        Some(out)
    }
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
    fn frontmost_positions_of_varieties() {
        // varieties 5, 3, 5 at positions 0, 1, 2
        let mut front = Front::default();
        front.0[5] = [0u8, 2].into_iter().collect();
        front.0[3] = [1u8].into_iter().collect();
        let sides: [&[u8]; 5] = [&[], &[3], &[5], &[3, 5], &[5, 5]];
        let positions: Vec<Vec<u8>> = sides
            .iter()
            .map(|v| front.positions(v).expect("held").to_vec())
            .collect();
        let want: Vec<Vec<u8>> = vec![vec![], vec![1], vec![0], vec![0, 1], vec![0, 2]];
        assert_eq!(positions, want);
        assert!(front.positions(&[3, 3]).is_none());
    }
}
