//! Bohnanza's observation vector and action integers (issue 34 item 1), ports of
//! `games/bohnanza/obs_encoding.py` and `games/bohnanza/encoding.py` (the reference: the
//! module docstrings there give the layouts). The vector is read off the zones directly (what
//! `observe.rs` would show the viewer, without building it): the observation as JSON cost
//! more than everything else of a step.

use rustc_hash::FxHashMap;
use serde_json::Value;

use super::{array, key, names, usize_of, usizes, ActionIndex, Layout, ObservationIndex, Writer};
use crate::bohnanza::actions::{Action, OfferAction};
use crate::bohnanza::cards::{Card, VARIETIES};
use crate::bohnanza::menu::legal_actions;
use crate::bohnanza::state::{phase_name, OVER, STATUS_NAMES};
use crate::bohnanza::trading::{find_offer, front_positions};
use crate::bohnanza::Zones;
use crate::few::Few;
use crate::interface::NativeGame;

const HAND: usize = 16;

/// The fields of the layout, by name.
struct Fields {
    phase: usize,
    scalars: usize,
    active: usize,
    to_move: usize,
    discard_top: usize,
    faceup: usize,
    revealed: usize,
    offer_area: usize,
    hand: usize,
    hand_counts: usize,
    hand_sizes: usize,
    third_field: usize,
    passed: usize,
    offers_made: usize,
    coins: usize,
    coins_known: usize,
    field_variety: usize,
    field_size: usize,
    trade_area: usize,
    offer_status: usize,
    offer_proposer: usize,
    offer_to: usize,
    offer_give_faceup: usize,
    offer_give_hand: usize,
    offer_want: usize,
    offer_want_faceup: usize,
    offer_accepted_by: usize,
}

/// The observation encoder of one player count and options.
pub struct Observations {
    layout: Layout,
    f: Fields,
    n: usize,
    v: i64,
    /// The core's variety -> its code in this edition (-1: not in it).
    code: [i64; VARIETIES.len()],
    phases: FxHashMap<String, usize>,
    statuses: FxHashMap<String, usize>,
}

impl Observations {
    /// From the spec the Python encoder hands over: `fields`, `num_players`, `varieties`
    /// (names in code order), `phases`, `statuses`.
    pub fn from_spec(spec: &Value) -> Result<Observations, String> {
        let layout = Layout::from_json(key(spec, "fields")?)?;
        let l = &layout;
        let f = Fields {
            phase: l.field("phase")?,
            scalars: l.field("scalars")?,
            active: l.field("active")?,
            to_move: l.field("to_move")?,
            discard_top: l.field("discard_top")?,
            faceup: l.field("faceup")?,
            revealed: l.field("revealed")?,
            offer_area: l.field("offer_area")?,
            hand: l.field("hand")?,
            hand_counts: l.field("hand_counts")?,
            hand_sizes: l.field("hand_sizes")?,
            third_field: l.field("third_field")?,
            passed: l.field("passed")?,
            offers_made: l.field("offers_made")?,
            coins: l.field("coins")?,
            coins_known: l.field("coins_known")?,
            field_variety: l.field("field_variety")?,
            field_size: l.field("field_size")?,
            trade_area: l.field("trade_area")?,
            offer_status: l.field("offer_status")?,
            offer_proposer: l.field("offer_proposer")?,
            offer_to: l.field("offer_to")?,
            offer_give_faceup: l.field("offer_give_faceup")?,
            offer_give_hand: l.field("offer_give_hand")?,
            offer_want: l.field("offer_want")?,
            offer_want_faceup: l.field("offer_want_faceup")?,
            offer_accepted_by: l.field("offer_accepted_by")?,
        };
        let variety = names(key(spec, "varieties")?, "varieties")?;
        let mut code = [-1; VARIETIES.len()];
        for (v, name) in VARIETIES.iter().enumerate() {
            code[v] = variety.get(*name).map_or(-1, |&c| c as i64);
        }
        Ok(Observations {
            f,
            code,
            n: usize_of(key(spec, "num_players")?)?,
            v: variety.len() as i64,
            phases: names(key(spec, "phases")?, "phases")?,
            statuses: names(key(spec, "statuses")?, "statuses")?,
            layout,
        })
    }

    /// The code of a card's variety in this edition (-1: none, dropped).
    fn var(&self, s: &Zones, card: Card) -> i64 {
        self.code[usize::from(s.cfg.variety(card))]
    }

    /// `BohnanzaObservationEncoder.write` of `observe(viewer)`, read off the zones without
    /// building the observation: only what `observe.rs` shows `viewer` (B-68 … B-72) is
    /// read (the other hands' sizes, treasuries' sizes when visible, offers' public parts).
    pub fn write_state(&self, s: &Zones, viewer: usize, out: &mut Writer<'_>) {
        let (f, n, v) = (&self.f, self.n, self.v);
        let cfg = &s.cfg;
        let rel = |seat: usize| ((seat + n - viewer % n) % n) as i64;
        let phase = self
            .phases
            .get(phase_name(s.phase))
            .map_or(-1, |&i| i as i64);
        out.put(f.phase, phase, 1.0);
        let flag = |b: bool| f64::from(u8::from(b));
        let cost = if cfg.can_buy {
            cfg.field_cost as f64
        } else {
            0.0
        };
        out.fill(
            f.scalars,
            &[
                f64::from(s.turn),
                f64::from(s.planted),
                s.deck.len() as f64,
                s.discard.len() as f64,
                f64::from(s.exhaustions),
                f64::from(cfg.final_exhaustion),
                cost,
                flag(cfg.can_buy),
                flag(cfg.options.treasury_open),
                flag(cfg.duel),
            ],
            0,
        );
        out.put(f.active, rel(s.active), 1.0);
        for p in s.to_move() {
            out.put(f.to_move, rel(p), 1.0);
        }
        if let Some(&top) = s.discard.last() {
            out.put(f.discard_top, self.var(s, top), 1.0);
        }
        for (slot, card) in s.faceup.iter().enumerate() {
            if let Some(&c) = card.as_ref() {
                out.put(f.faceup, slot as i64 * v + self.var(s, c), 1.0);
            }
        }
        let hand = &s.hands[viewer];
        for (field, zone) in [
            (f.revealed, &s.revealed[..]),
            (f.offer_area, &s.offer_area[..]),
            (f.hand_counts, &hand[..]),
        ] {
            for &card in zone {
                out.add(field, self.var(s, card), 1.0);
            }
        }
        for (pos, &card) in hand.iter().take(HAND).enumerate() {
            out.put(f.hand, pos as i64 * v + self.var(s, card), 1.0);
        }
        let over = s.phase == OVER;
        for p in 0..cfg.num_players {
            let i = rel(p);
            out.put(f.hand_sizes, i, s.hands[p].len() as f64);
            out.put(f.third_field, i, flag(s.third[p]));
            out.put(f.passed, i, flag(s.passed[p]));
            out.put(f.offers_made, i, f64::from(s.offers_made[p]));
            if cfg.options.treasury_open || over || viewer == p {
                out.put(f.coins, i, s.treasury[p].len() as f64); // B-67, B-71
                out.put(f.coins_known, i, 1.0);
            }
            for (k, field) in s.fields[p].iter().enumerate() {
                let at = i * 3 + k as i64;
                if let Some(&c) = field.first() {
                    out.put(f.field_variety, at * v + self.var(s, c), 1.0);
                }
                out.put(f.field_size, at, field.len() as f64);
            }
            for &card in s.trade[p].iter() {
                out.add(f.trade_area, i * v + self.var(s, card), 1.0);
            }
        }
        let statuses = self.statuses.len() as i64;
        for (k, rec) in s.offers.iter().enumerate() {
            let i = k as i64;
            let status = STATUS_NAMES[s.offer_status[k] as usize];
            let status = self.statuses.get(status).map_or(-1, |&x| x as i64);
            out.put(f.offer_status, i * statuses + status, 1.0);
            out.put(
                f.offer_proposer,
                i * n as i64 + rel(rec.proposer.into()),
                1.0,
            );
            let to = rec.to.map_or(n as i64, |t| rel(t.into()));
            out.put(f.offer_to, i * (n as i64 + 1) + to, 1.0);
            for (field, side) in [
                (f.offer_give_faceup, &rec.give_faceup),
                (f.offer_want_faceup, &rec.want_faceup),
            ] {
                for &(slot, card) in side {
                    out.put(
                        field,
                        (i * 2 + i64::from(slot)) * v + self.var(s, card),
                        1.0,
                    );
                }
            }
            for &card in &rec.give_hand {
                out.add(f.offer_give_hand, i * v + self.var(s, card), 1.0);
            }
            for &variety in &rec.want {
                let code = self.code[usize::from(variety)];
                out.add(f.offer_want, i * v + code, 1.0);
            }
            if s.accepted_by[k] >= 0 {
                let by = rel(s.accepted_by[k] as usize);
                out.put(f.offer_accepted_by, i * n as i64 + by, 1.0);
            }
        }
    }
}

impl ObservationIndex<Zones> for Observations {
    fn layout(&self) -> &Layout {
        &self.layout
    }

    fn write(&self, state: &Zones, viewer: usize, out: &mut [f32]) -> Result<(), String> {
        let mut writer = Writer::new(&self.layout, out);
        self.write_state(state, viewer, &mut writer);
        Ok(())
    }
}

// ---------------------------------------------------------------------- actions

/// A side of an offer: (face-up slots, variety codes sorted).
type Side = (Few, Few);

/// The blocks of the layout, by their first integer.
struct Starts {
    end_planting: usize,
    buy_field: usize,
    pass: usize,
    end_trading: usize,
    finish_turn: usize,
    leave_offer: usize,
    plant: usize,
    harvest: usize,
    plant_traded: usize,
    plant_offered: usize,
    discard_offered: usize,
    plant_revealed: usize,
    discard: usize,
    decline: usize,
    withdraw: usize,
    accept: usize,
    offer: usize,
}

/// The full action encoding of one set of options (`BohnanzaEncoding`).
pub struct Actions {
    size: usize,
    s: Starts,
    /// M: the edition's largest player count (the addressee codes).
    seats: usize,
    /// The given and wanted sides in the encoding's order, and where each one is.
    gives: Vec<Side>,
    wants: Vec<Side>,
    give_code: FxHashMap<Side, usize>,
    want_code: FxHashMap<Side, usize>,
    /// Variety (the core's index) -> its code in this edition.
    code: [Option<u8>; VARIETIES.len()],
    /// Code -> variety.
    variety: Vec<u8>,
}

fn sides(v: &Value, what: &str) -> Result<Vec<Side>, String> {
    array(v, what)?
        .iter()
        .map(|pair| {
            let pair = array(pair, what)?;
            let [slots, codes] = pair.as_slice() else {
                return Err(format!("a side of {what} is [slots, codes]"));
            };
            let few = |x: &Value| -> Result<Few, String> {
                let xs = usizes(x, what)?;
                Few::try_from_slice(&xs.iter().map(|&c| c as u8).collect::<Vec<u8>>())
                    .ok_or_else(|| format!("a side of {what} is too long"))
            };
            Ok((few(slots)?, few(codes)?))
        })
        .collect()
}

impl Actions {
    /// From the spec: `size`, `starts` (block -> first integer), `seats`, `gives` and
    /// `wants` (the sides as [slots, codes]), `varieties` (the core's variety of each code).
    pub fn from_spec(spec: &Value) -> Result<Actions, String> {
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
            plant_traded: at("plant-traded")?,
            plant_offered: at("plant-offered")?,
            discard_offered: at("discard-offered")?,
            plant_revealed: at("plant-revealed")?,
            discard: at("discard")?,
            decline: at("decline")?,
            withdraw: at("withdraw")?,
            accept: at("accept")?,
            offer: at("offer")?,
        };
        let gives = sides(key(spec, "gives")?, "gives")?;
        let wants = sides(key(spec, "wants")?, "wants")?;
        let index = |list: &[Side]| list.iter().enumerate().map(|(i, x)| (*x, i)).collect();
        let variety: Vec<u8> = usizes(key(spec, "varieties")?, "varieties")?
            .into_iter()
            .map(|x| x as u8)
            .collect();
        let mut code = [None; VARIETIES.len()];
        for (c, &v) in variety.iter().enumerate() {
            *code
                .get_mut(usize::from(v))
                .ok_or("a variety beyond the core's")? = Some(c as u8);
        }
        Ok(Actions {
            size: usize_of(key(spec, "size")?)?,
            s,
            seats: usize_of(key(spec, "seats")?)?,
            give_code: index(&gives),
            want_code: index(&wants),
            gives,
            wants,
            code,
            variety,
        })
    }

    /// Variety codes of `varieties`, sorted (None for a variety not in the edition).
    fn codes(&self, varieties: &[u8]) -> Option<Few> {
        let mut out = Few::new();
        for &v in varieties {
            out.push(self.code.get(usize::from(v)).copied().flatten()?);
        }
        out.sort_unstable();
        Some(out)
    }

    /// The integer of a menu action that is not an offer.
    fn fixed(&self, state: &Zones, a: &Action) -> Option<usize> {
        let s = &self.s;
        let u = |x: i64| usize::try_from(x).ok();
        Some(match a {
            Action::EndPlanting => s.end_planting,
            Action::BuyField => s.buy_field,
            Action::Pass => s.pass,
            Action::EndTrading => s.end_trading,
            Action::FinishTurn => s.finish_turn,
            Action::LeaveOffer => s.leave_offer,
            Action::PlantFromHand { field } => s.plant + u(*field)?,
            Action::Harvest { field } => s.harvest + u(*field)?,
            Action::PlantFromTradeArea { card, field } => {
                s.plant_traded + u(*card)? * 3 + u(*field)?
            }
            Action::PlantOffered { card, field } => s.plant_offered + u(*card)? * 3 + u(*field)?,
            Action::PlantRevealed { card, field } => s.plant_revealed + u(*card)? * 3 + u(*field)?,
            Action::DiscardOffered { card } => s.discard_offered + u(*card)?,
            Action::DiscardFromHand { position } => s.discard + u(*position)?,
            Action::Decline { offer_id } => s.decline + find_offer(state, *offer_id)?,
            Action::Withdraw { offer_id } => s.withdraw + find_offer(state, *offer_id)?,
            Action::Accept { offer_id, .. } => s.accept + find_offer(state, *offer_id)?,
            Action::Offer(_) => return None,
        })
    }

    /// An addressee's code: its distance clockwise from `p` minus one, or the last for any.
    fn to_code(&self, state: &Zones, p: usize, to: Option<u8>) -> Option<usize> {
        let n = state.cfg.num_players;
        match to {
            None => Some(self.seats - 1),
            Some(seat) => ((usize::from(seat) + n - p) % n).checked_sub(1),
        }
    }
}

impl ActionIndex<Zones> for Actions {
    fn size(&self) -> usize {
        self.size
    }

    fn legal(&self, state: &Zones, player: usize, out: &mut Vec<usize>) -> Result<(), String> {
        let menu = legal_actions(state, player);
        for a in &menu.fixed {
            out.push(
                self.fixed(state, a)
                    .ok_or_else(|| format!("{a}: beyond the encoding's bounds"))?,
            );
        }
        let Some(space) = &menu.offers else {
            return Ok(());
        };
        let (tos, gives, wants, duplicates) = space.product();
        let beyond = || "an offer beyond the encoding's bounds".to_string();
        let tos: Vec<usize> = tos
            .iter()
            .map(|&t| self.to_code(state, player, t).ok_or_else(beyond))
            .collect::<Result<_, _>>()?;
        let give_codes: Vec<usize> = (0..gives.len())
            .map(|g| {
                let (slots, hand) = gives.get(g);
                let codes = self.codes(&hand).ok_or_else(beyond)?;
                self.give_code
                    .get(&(slots, codes))
                    .copied()
                    .ok_or_else(beyond)
            })
            .collect::<Result<_, _>>()?;
        let want_codes: Vec<usize> = wants
            .iter()
            .map(|(varieties, slots)| {
                let codes = self.codes(varieties).ok_or_else(beyond)?;
                self.want_code
                    .get(&(*slots, codes))
                    .copied()
                    .ok_or_else(beyond)
            })
            .collect::<Result<_, _>>()?;
        let (g_all, w_all) = (self.gives.len(), self.wants.len());
        let width = give_codes.len() * want_codes.len();
        let mut skip = duplicates.iter().peekable();
        for (t, &to) in tos.iter().enumerate() {
            for (g, &give) in give_codes.iter().enumerate() {
                let base = self.s.offer + (to * g_all + give) * w_all;
                for (w, &want) in want_codes.iter().enumerate() {
                    let k = t * width + g * want_codes.len() + w;
                    if k % width == 0 {
                        continue; // nothing for nothing
                    }
                    let m = k - t - 1; // among the offers with something in them
                    if skip.peek() == Some(&&m) {
                        skip.next();
                        continue;
                    }
                    out.push(base + want);
                }
            }
        }
        Ok(())
    }

    fn decode(&self, state: &Zones, player: usize, index: usize) -> Option<Action> {
        let s = &self.s;
        let singles = [
            (s.end_planting, Action::EndPlanting),
            (s.buy_field, Action::BuyField),
            (s.pass, Action::Pass),
            (s.end_trading, Action::EndTrading),
            (s.finish_turn, Action::FinishTurn),
            (s.leave_offer, Action::LeaveOffer),
        ];
        if let Some((_, a)) = singles.iter().find(|(at, _)| *at == index) {
            return Some(a.clone());
        }
        let i = |x: usize| x as i64;
        let card_field = |start: usize| (i((index - start) / 3), i((index - start) % 3));
        if index >= s.offer {
            return self.decode_offer(state, player, index - s.offer);
        }
        let offer_id = |start: usize| -> Option<(i64, &[u8])> {
            let rec = state.offers.get(index - start)?;
            Some((i64::from(rec.offer_id), &rec.want))
        };
        Some(if index >= s.accept {
            let (offer_id, want) = offer_id(s.accept)?;
            let positions = front_positions(state, player, want)?;
            Action::Accept {
                offer_id,
                positions: positions.into_iter().map(i64::from).collect(),
            }
        } else if index >= s.withdraw {
            Action::Withdraw {
                offer_id: offer_id(s.withdraw)?.0,
            }
        } else if index >= s.decline {
            Action::Decline {
                offer_id: offer_id(s.decline)?.0,
            }
        } else if index >= s.discard {
            Action::DiscardFromHand {
                position: i(index - s.discard),
            }
        } else if index >= s.plant_revealed {
            let (card, field) = card_field(s.plant_revealed);
            Action::PlantRevealed { card, field }
        } else if index >= s.discard_offered {
            Action::DiscardOffered {
                card: i(index - s.discard_offered),
            }
        } else if index >= s.plant_offered {
            let (card, field) = card_field(s.plant_offered);
            Action::PlantOffered { card, field }
        } else if index >= s.plant_traded {
            let (card, field) = card_field(s.plant_traded);
            Action::PlantFromTradeArea { card, field }
        } else if index >= s.harvest {
            Action::Harvest {
                field: i(index - s.harvest),
            }
        } else if index >= s.plant {
            Action::PlantFromHand {
                field: i(index - s.plant),
            }
        } else {
            return None;
        })
    }
}

impl Actions {
    /// `_decode_offer`: the addressee, the given side (the front-most cards of its
    /// varieties), the wanted side.
    fn decode_offer(&self, state: &Zones, p: usize, k: usize) -> Option<Action> {
        let (g_all, w_all) = (self.gives.len(), self.wants.len());
        if k >= self.seats * g_all * w_all {
            return None;
        }
        let (to, give, want) = (k / (g_all * w_all), k / w_all % g_all, k % w_all);
        let n = state.cfg.num_players;
        let to = if to == self.seats - 1 {
            None
        } else if to + 1 < n {
            Some(((p + to + 1) % n) as i64)
        } else {
            return None;
        };
        let (give_faceup, given) = &self.gives[give];
        let (want_faceup, wanted) = &self.wants[want];
        let varieties = |codes: &Few| -> Vec<u8> {
            codes
                .iter()
                .map(|&c| self.variety[usize::from(c)])
                .collect()
        };
        let positions = front_positions(state, p, &varieties(given))?;
        let ints = |xs: &[u8]| xs.iter().map(|&x| i64::from(x)).collect();
        let mut want = varieties(wanted);
        want.sort_unstable();
        Some(Action::Offer(Box::new(OfferAction {
            to,
            give_faceup: ints(give_faceup),
            give_hand: ints(&positions),
            want,
            want_faceup: ints(want_faceup),
        })))
    }
}
