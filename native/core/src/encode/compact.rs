//! Bohnanza's compact action space (issue 34 item 3, D-78) in the core: the mask of a draft
//! and the action of an integer, a port of `games/bohnanza/compact.py` (the reference: its
//! module docstring gives the blocks; tests/adapters/test_native_compact.py checks both agree
//! at every decision of seeded games).
//!
//! The Python version reads the menu through the native state's materialised Python twin,
//! which cost most of an environment step; here a [`Moment`] reads the core's menu directly.
//! An offer is composed item by item (addressee, given items, wanted items, send); a side is
//! a sequence of items in the canonical order (given: face-up slots ascending, then hand
//! varieties by code, repeats allowed; wanted: varieties by code, then face-up slots), so
//! the one-item-longer sides of a side are the items past its last one that the menu's
//! sides contain: [`Gives::place`] and the wanted sides' set answer that without listing
//! every side as the Python trie does.

use rustc_hash::FxHashSet;
use serde_json::Value;

use super::{key, usize_of, usizes};
use crate::bohnanza::actions::{Action, OfferAction};
use crate::bohnanza::cards::VARIETIES;
use crate::bohnanza::give::Gives;
use crate::bohnanza::menu::{legal_actions, OfferSpace};
use crate::bohnanza::trading::{find_offer, front_positions};
use crate::bohnanza::Zones;
use crate::few::Few;

/// The first integer of each block (`CompactEncoding.layout.starts`).
struct Starts {
    end_planting: usize,
    buy_field: usize,
    pass: usize,
    end_trading: usize,
    finish_turn: usize,
    leave_offer: usize,
    plant: usize,
    harvest: usize,
    zone_plant: usize,
    discard_offered: usize,
    discard: usize,
    decline: usize,
    withdraw: usize,
    accept: usize,
    offer_to: usize,
    offer_give: usize,
    offer_want: usize,
    offer_send: usize,
}

/// The compact space of one set of options.
pub struct CompactSpace {
    size: usize,
    s: Starts,
    /// M: the edition's largest player count (the addressee codes).
    seats: usize,
    /// Code -> the core's variety.
    variety: Vec<u8>,
    /// The core's variety -> its code in this edition.
    code: [Option<u8>; VARIETIES.len()],
    /// H: the hand positions a discard may name.
    hand: usize,
    /// O·M: the places of a trading phase's offers.
    offers: usize,
}

/// An offer being composed: the addressee code (None: no offer started), the given and the
/// wanted items (block coordinates of `offer-give` and `offer-want`, in canonical order).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Draft {
    pub to: Option<usize>,
    pub give: Few,
    pub want: Few,
}

impl Draft {
    pub fn clear(&mut self) {
        *self = Draft::default();
    }
}

/// A side's items and an item more (None past [`Few`]'s capacity: no side is that long).
fn plus(items: &Few, x: u8) -> Option<Few> {
    let mut out = *items;
    out.try_push(x).then_some(out)
}

impl CompactSpace {
    /// From the spec the Python encoding hands over: `size`, `starts` (block -> first
    /// integer), `seats`, `varieties` (the core's variety of each code), `hand` (H) and
    /// `offers` (O·M).
    pub fn from_spec(spec: &Value) -> Result<CompactSpace, String> {
        let starts = key(spec, "starts")?;
        let at = |name: &str| usize_of(key(starts, name)?);
        let s = Starts {
            end_planting: at("end-planting")?,
            buy_field: at("buy-field")?,
            pass: at("pass")?,
            end_trading: at("end-trading")?,
            finish_turn: at("finish-turn")?,
            leave_offer: at("leave-offer")?,
            plant: at("plant")?,
            harvest: at("harvest")?,
            zone_plant: at("zone-plant")?,
            discard_offered: at("discard-offered")?,
            discard: at("discard")?,
            decline: at("decline")?,
            withdraw: at("withdraw")?,
            accept: at("accept")?,
            offer_to: at("offer-to")?,
            offer_give: at("offer-give")?,
            offer_want: at("offer-want")?,
            offer_send: at("offer-send")?,
        };
        let variety: Vec<u8> = usizes(key(spec, "varieties")?, "varieties")?
            .into_iter()
            .map(|v| v as u8)
            .collect();
        let mut code = [None; VARIETIES.len()];
        for (c, &v) in variety.iter().enumerate() {
            *code
                .get_mut(usize::from(v))
                .ok_or("a variety beyond the core's")? = Some(c as u8);
        }
        Ok(CompactSpace {
            size: usize_of(key(spec, "size")?)?,
            s,
            seats: usize_of(key(spec, "seats")?)?,
            variety,
            code,
            hand: usize_of(key(spec, "hand")?)?,
            offers: usize_of(key(spec, "offers")?)?,
        })
    }

    pub fn size(&self) -> usize {
        self.size
    }

    /// V: the edition's varieties.
    fn v(&self) -> usize {
        self.variety.len()
    }

    /// The width of [`CompactSpace::features`].
    pub fn draft_width(&self) -> usize {
        1 + self.seats + 2 * (2 + self.v())
    }

    /// What is being composed, as numbers (`draft_features`): composing (0/1), the
    /// addressee (one-hot), the count of each given item, the count of each wanted item.
    pub fn features(&self, draft: &Draft, out: &mut [f32]) {
        out.iter_mut().for_each(|x| *x = 0.0);
        let Some(to) = draft.to else {
            return;
        };
        out[0] = 1.0;
        out[1 + to] = 1.0;
        let base = 1 + self.seats;
        for &item in draft.give.iter() {
            out[base + usize::from(item)] += 1.0;
        }
        let base = base + 2 + self.v();
        for &item in draft.want.iter() {
            out[base + usize::from(item)] += 1.0;
        }
    }

    /// `player`'s decision at this position, read once; Err when an action of the menu has
    /// no place in the space's bounds (an offer place past O·M).
    pub fn moment(&self, s: &Zones, player: usize) -> Result<Moment, String> {
        let menu = legal_actions(s, player);
        let mut actions: Vec<(usize, Action)> = Vec::with_capacity(menu.fixed.len());
        for a in menu.fixed {
            if let Some(code) = self.code_of(s, player, &a)? {
                // one integer per action; a later action of the same integer replaces it
                // (as the reference's dict does)
                match actions.iter_mut().find(|(c, _)| *c == code) {
                    Some(slot) => slot.1 = a,
                    None => actions.push((code, a)),
                }
            }
        }
        actions.sort_by_key(|(c, _)| *c);
        Ok(Moment {
            player,
            actions,
            offers: menu.offers.map(|space| Offers::new(self, s, player, space)),
        })
    }

    /// The integer of a menu action other than an offer (`CompactEncoding.code`); None past
    /// the zone bounds (a zone card not the first of its variety, a hand position past H).
    fn code_of(&self, s: &Zones, p: usize, a: &Action) -> Result<Option<usize>, String> {
        let st = &self.s;
        let u = |x: i64| usize::try_from(x).map_err(|_| format!("{a}: a negative number"));
        let place = |start: usize, offer_id: i64| -> Result<Option<usize>, String> {
            match find_offer(s, offer_id) {
                Some(k) if k < self.offers => Ok(Some(start + k)),
                _ => Err(format!(
                    "{a}: an offer beyond the space's {} places",
                    self.offers
                )),
            }
        };
        Ok(match a {
            Action::EndPlanting => Some(st.end_planting),
            Action::BuyField => Some(st.buy_field),
            Action::Pass => Some(st.pass),
            Action::EndTrading => Some(st.end_trading),
            Action::FinishTurn => Some(st.finish_turn),
            Action::LeaveOffer => Some(st.leave_offer),
            Action::PlantFromHand { field } => Some(st.plant + u(*field)?),
            Action::Harvest { field } => Some(st.harvest + u(*field)?),
            Action::PlantFromTradeArea { card, field } => {
                self.zone_plant(s, &s.trade[p], *card, u(*field)?)
            }
            Action::PlantOffered { card, field } => {
                self.zone_plant(s, &s.offer_area, *card, u(*field)?)
            }
            Action::PlantRevealed { card, field } => {
                self.zone_plant(s, &s.revealed, *card, u(*field)?)
            }
            Action::DiscardOffered { card } => self
                .first_of_variety(s, &s.offer_area, *card)
                .map(|v| st.discard_offered + v),
            Action::DiscardFromHand { position } => {
                let at = u(*position)?;
                (at < self.hand).then_some(st.discard + at)
            }
            Action::Decline { offer_id } => place(st.decline, *offer_id)?,
            Action::Withdraw { offer_id } => place(st.withdraw, *offer_id)?,
            Action::Accept { offer_id, .. } => place(st.accept, *offer_id)?,
            Action::Offer(_) => return Err("an offer has no integer of its own".into()),
        })
    }

    /// The `zone-plant` integer of planting `card` of `zone` into `field`.
    fn zone_plant(&self, s: &Zones, zone: &[u8], card: i64, field: usize) -> Option<usize> {
        self.first_of_variety(s, zone, card)
            .map(|v| self.s.zone_plant + v * 3 + field)
    }

    /// The variety code of `card` when it is the zone's first card of its variety, else
    /// None (an unordered zone: the first card stands for its variety).
    fn first_of_variety(&self, s: &Zones, zone: &[u8], card: i64) -> Option<usize> {
        let card = u8::try_from(card).ok()?;
        let v = s.cfg.variety(card);
        let first = zone.iter().copied().find(|&c| s.cfg.variety(c) == v)?;
        if first != card {
            return None;
        }
        self.code[usize::from(v)].map(usize::from)
    }

    /// The given side of `items` as (face-up slots, hand varieties sorted as the core
    /// sorts them).
    fn give_side(&self, items: &Few) -> (Few, Few) {
        let mut slots = Few::new();
        let mut hand = Few::new();
        for &x in items.iter() {
            if x < 2 {
                slots.push(x);
            } else {
                hand.push(self.variety[usize::from(x) - 2]);
            }
        }
        hand.sort_unstable();
        (slots, hand)
    }

    /// The wanted side of `items` as (varieties sorted, face-up slots).
    fn want_side(&self, items: &Few) -> (Few, Few) {
        let v = self.v() as u8;
        let mut varieties = Few::new();
        let mut slots = Few::new();
        for &x in items.iter() {
            if x < v {
                varieties.push(self.variety[usize::from(x)]);
            } else {
                slots.push(x - v);
            }
        }
        varieties.sort_unstable();
        (varieties, slots)
    }

    /// The given side (face-up slots, hand varieties) as items.
    fn give_items(&self, slots: &[u8], hand: &[u8]) -> Option<Few> {
        let mut codes = Few::new();
        for &v in hand {
            codes.push(2 + self.code[usize::from(v)]?);
        }
        codes.sort_unstable();
        let mut out = Few::try_from_slice(slots)?;
        for &c in codes.iter() {
            out = plus(&out, c)?;
        }
        Some(out)
    }

    /// The wanted side (varieties, face-up slots) as items.
    fn want_items(&self, varieties: &[u8], slots: &[u8]) -> Option<Few> {
        let mut out = Few::new();
        for &v in varieties {
            out.push(self.code[usize::from(v)]?);
        }
        out.sort_unstable();
        let v = self.v() as u8;
        for &slot in slots {
            out = plus(&out, v + slot)?;
        }
        Some(out)
    }
}

/// The offers of a trading menu, as the compact space composes them.
pub struct Offers {
    space: OfferSpace,
    /// Addressee code -> the menu's addressee, in menu order.
    tos: Vec<(usize, Option<u8>)>,
    /// The drafts that are no menu offer though their sides are: nothing for nothing and
    /// copies of the player's open offers (B-50), as (addressee code, given, wanted items).
    copies: FxHashSet<(usize, Few, Few)>,
}

impl Offers {
    fn new(enc: &CompactSpace, s: &Zones, p: usize, space: OfferSpace) -> Offers {
        let n = s.cfg.num_players;
        let (tos, gives, wants, duplicates) = space.product();
        let tos: Vec<(usize, Option<u8>)> = tos
            .iter()
            .map(|&to| match to {
                None => (enc.seats - 1, None),
                Some(seat) => ((usize::from(seat) + n - p) % n - 1, to),
            })
            .collect();
        let mut copies = FxHashSet::default();
        let width = gives.len() * wants.len();
        for &(code, _) in &tos {
            copies.insert((code, Few::new(), Few::new()));
        }
        for &m in duplicates {
            // m counts the offers with something in them: each addressee's first product
            // index (nothing for nothing) is skipped
            let t = m / (width - 1);
            let rest = m % (width - 1) + 1;
            let (g, w) = (rest / wants.len(), rest % wants.len());
            let (fu, hand) = gives.get(g);
            let (vs, slots) = &wants[w];
            let mut vs = *vs;
            vs.sort_unstable();
            if let (Some(give), Some(want)) =
                (enc.give_items(&fu, &hand), enc.want_items(&vs, slots))
            {
                copies.insert((tos[t].0, give, want));
            }
        }
        Offers { tos, copies, space }
    }

    fn gives(&self) -> &Gives {
        self.space.product().1
    }

    /// Whether `items` is a given side of the menu.
    fn is_give(&self, enc: &CompactSpace, items: &Few) -> bool {
        let (slots, hand) = enc.give_side(items);
        self.gives().place(&slots, &hand).is_some()
    }

    fn is_want(&self, enc: &CompactSpace, items: &Few) -> bool {
        self.space.has_want(&enc.want_side(items))
    }

    /// Each given side one item longer than `give`, in order, to `f` until it returns true
    /// (then true: the walk stopped).
    fn each_give_child(
        &self,
        enc: &CompactSpace,
        give: &Few,
        f: &mut impl FnMut(Few) -> bool,
    ) -> bool {
        let from = match give.last() {
            None => 0,
            Some(&l) if l < 2 => l + 1, // a face-up slot once
            Some(&l) => l,
        };
        (from..2 + enc.v() as u8)
            .filter_map(|x| plus(give, x))
            .any(|g| self.is_give(enc, &g) && f(g))
    }

    /// Each wanted side one item longer than `want`, as [`Offers::each_give_child`].
    fn each_want_child(
        &self,
        enc: &CompactSpace,
        want: &Few,
        f: &mut impl FnMut(Few) -> bool,
    ) -> bool {
        let v = enc.v() as u8;
        let from = match want.last() {
            None => 0,
            Some(&l) if l < v => l,
            Some(&l) => l + 1, // a face-up slot once
        };
        (from..v + 2)
            .filter_map(|x| plus(want, x))
            .any(|w| self.is_want(enc, &w) && f(w))
    }

    /// Each draft one item longer (given items before wanted ones), in order, to `f` until
    /// it returns true (then true). No list is made: [`Offers::viable`] stops at the first
    /// viable one.
    fn each_next(
        &self,
        enc: &CompactSpace,
        give: &Few,
        want: &Few,
        f: &mut impl FnMut(Few, Few) -> bool,
    ) -> bool {
        if !want.is_empty() {
            return self.each_want_child(enc, want, &mut |w| f(*give, w));
        }
        self.each_give_child(enc, give, &mut |g| f(g, Few::new()))
            || self.each_want_child(enc, &Few::new(), &mut |w| f(*give, w))
    }

    /// Some menu offer extends this draft (a dead branch holds only copies, at most
    /// `max_offers` of them, so the search is short).
    fn viable(&self, enc: &CompactSpace, to: usize, give: &Few, want: &Few) -> bool {
        if !self.copies.contains(&(to, *give, *want)) {
            return true;
        }
        self.each_next(enc, give, want, &mut |g, w| self.viable(enc, to, &g, &w))
    }
}

/// One player's decision at one position in the compact space (`compact.py`'s `Moment`).
pub struct Moment {
    player: usize,
    /// The menu's other actions by integer, ascending.
    actions: Vec<(usize, Action)>,
    offers: Option<Offers>,
}

impl Moment {
    /// The integers legal now for `draft`, ascending (appended to `out`): with no draft
    /// open, the menu's other actions and the addressees some menu offer has; while
    /// composing, the items that keep the draft on the way to a menu offer, and
    /// `offer-send` when it is one.
    pub fn legal(&self, enc: &CompactSpace, draft: &Draft, out: &mut Vec<usize>) {
        let start = out.len();
        let none = Few::new();
        match (draft.to, &self.offers) {
            (None, offers) => {
                out.extend(self.actions.iter().map(|(c, _)| *c));
                if let Some(o) = offers {
                    out.extend(
                        o.tos
                            .iter()
                            .filter(|(t, _)| o.viable(enc, *t, &none, &none))
                            .map(|(t, _)| enc.s.offer_to + t),
                    );
                }
            }
            (Some(to), Some(o)) => {
                o.each_next(enc, &draft.give, &draft.want, &mut |g, w| {
                    if o.viable(enc, to, &g, &w) {
                        out.push(if g.len() > draft.give.len() {
                            enc.s.offer_give + usize::from(g[g.len() - 1])
                        } else {
                            enc.s.offer_want + usize::from(w[w.len() - 1])
                        });
                    }
                    false
                });
                if !o.copies.contains(&(to, draft.give, draft.want)) {
                    out.push(enc.s.offer_send);
                }
            }
            (Some(_), None) => {}
        }
        out[start..].sort_unstable();
    }

    /// Take integer `index`: Ok(Some(action)) to play, Ok(None) when it only grew the draft
    /// (changed in place); Err when `index` is not legal now.
    pub fn choose(
        &self,
        enc: &CompactSpace,
        s: &Zones,
        draft: &mut Draft,
        index: usize,
    ) -> Result<Option<Action>, String> {
        let mut legal = Vec::new();
        self.legal(enc, draft, &mut legal);
        self.choose_legal(enc, s, draft, index, &legal)
    }

    /// [`Moment::choose`] with `legal`, what [`Moment::legal`] gave for this draft (a
    /// caller that wrote the mask already has it).
    pub fn choose_legal(
        &self,
        enc: &CompactSpace,
        s: &Zones,
        draft: &mut Draft,
        index: usize,
        legal: &[usize],
    ) -> Result<Option<Action>, String> {
        if legal.binary_search(&index).is_err() {
            return Err(format!("{index} is not legal now in the compact space"));
        }
        let st = &enc.s;
        if index == st.offer_send {
            let offer = self.offer(enc, s, draft);
            draft.clear();
            return offer.map(|o| Some(Action::Offer(Box::new(o))));
        }
        if index >= st.offer_want {
            draft.want.push((index - st.offer_want) as u8);
            return Ok(None);
        }
        if index >= st.offer_give {
            draft.give.push((index - st.offer_give) as u8);
            return Ok(None);
        }
        if index >= st.offer_to {
            draft.to = Some(index - st.offer_to);
            return Ok(None);
        }
        let at = self.actions.binary_search_by_key(&index, |(c, _)| *c);
        Ok(at.ok().map(|i| self.actions[i].1.clone()))
    }

    /// The offer the draft composes: the addressee, the front-most hand cards of the given
    /// varieties, the wanted varieties (in code order) and face-up slots.
    fn offer(&self, enc: &CompactSpace, s: &Zones, draft: &Draft) -> Result<OfferAction, String> {
        let offers = self.offers.as_ref().ok_or("no offer is on the menu")?;
        let to = draft.to.ok_or("no offer is being composed")?;
        let (_, seat) = offers
            .tos
            .iter()
            .find(|(c, _)| *c == to)
            .ok_or("an addressee not on the menu")?;
        let v = enc.v() as u8;
        let give_faceup = draft.give.iter().filter(|&&x| x < 2).map(|&x| i64::from(x));
        let given: Vec<u8> = draft
            .give
            .iter()
            .filter(|&&x| x >= 2)
            .map(|&x| enc.variety[usize::from(x) - 2])
            .collect();
        let positions =
            front_positions(s, self.player, &given).ok_or("the hand lacks the given cards")?;
        Ok(OfferAction {
            to: seat.map(i64::from),
            give_faceup: give_faceup.collect(),
            give_hand: positions.into_iter().map(i64::from).collect(),
            want: draft
                .want
                .iter()
                .filter(|&&x| x < v)
                .map(|&x| enc.variety[usize::from(x)])
                .collect(),
            want_faceup: draft
                .want
                .iter()
                .filter(|&&x| x >= v)
                .map(|&x| i64::from(x - v))
                .collect(),
        })
    }

    /// The player deciding.
    pub fn player(&self) -> usize {
        self.player
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bohnanza::menu::legal_actions;
    use crate::bohnanza::state::OVER;
    use crate::bohnanza::{new_state, Options};
    use crate::interface::NativeGame;

    /// The default options' space (standard edition: M = 7, V = 11, 6 offers), laid out as
    /// `CompactEncoding` lays it out.
    fn space() -> CompactSpace {
        let blocks = [
            ("end-planting", 1),
            ("buy-field", 1),
            ("pass", 1),
            ("end-trading", 1),
            ("finish-turn", 1),
            ("leave-offer", 1),
            ("plant", 3),
            ("harvest", 3),
            ("zone-plant", 33),
            ("discard-offered", 11),
            ("discard", 16),
            ("decline", 42),
            ("withdraw", 42),
            ("accept", 42),
            ("offer-to", 7),
            ("offer-give", 13),
            ("offer-want", 13),
            ("offer-send", 1),
        ];
        let mut starts = serde_json::Map::new();
        let mut at = 0;
        for (name, width) in blocks {
            starts.insert(name.into(), at.into());
            at += width;
        }
        let spec = serde_json::json!({
            "size": at, "starts": starts, "seats": 7, "varieties": (0..11).collect::<Vec<u8>>(),
            "hand": 16, "offers": 42,
        });
        CompactSpace::from_spec(&spec).unwrap()
    }

    #[test]
    fn random_compositions_play_menu_actions_to_the_end() {
        let enc = space();
        assert_eq!(enc.size(), 232);
        let mut offers = 0;
        for seed in 0..3u64 {
            let mut s = new_state(4, seed, Options::default()).unwrap();
            let mut rng = crate::rng::Rng::new(seed);
            let mut below = |n: usize| rng.below(n as u64) as usize;
            for _ in 0..20_000 {
                if s.phase == OVER {
                    break;
                }
                let p = s.to_move()[0];
                let moment = enc.moment(&s, p).unwrap();
                let mut draft = Draft::default();
                let action = loop {
                    let mut legal = Vec::new();
                    moment.legal(&enc, &draft, &mut legal);
                    assert!(!legal.is_empty(), "a composition reached a dead end");
                    // offers rarely, so that the trading phases end
                    let plain: Vec<usize> = legal
                        .iter()
                        .copied()
                        .filter(|&i| i < enc.s.offer_to)
                        .collect();
                    let pool = if !plain.is_empty() && draft.to.is_none() && below(10) < 8 {
                        plain
                    } else {
                        legal
                    };
                    let index = pool[below(pool.len())];
                    if let Some(a) = moment.choose(&enc, &s, &mut draft, index).unwrap() {
                        break a;
                    }
                };
                assert!(legal_actions(&s, p).contains(&s, p, &action), "{action}");
                offers += usize::from(matches!(action, Action::Offer(_)));
                s.apply(p as i64, &action).unwrap();
            }
            assert_eq!(s.phase, OVER);
        }
        assert!(offers > 0);
    }

    #[test]
    fn an_integer_outside_the_mask_is_refused() {
        let enc = space();
        let s = new_state(3, 1, Options::default()).unwrap();
        let moment = enc.moment(&s, s.to_move()[0]).unwrap();
        let mut draft = Draft::default();
        assert!(moment
            .choose(&enc, &s, &mut draft, enc.s.offer_send)
            .is_err());
        assert!(moment.choose(&enc, &s, &mut draft, 9999).is_err());
        assert_eq!(draft, Draft::default());
    }
}
