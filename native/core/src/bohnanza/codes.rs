//! Action codes (issue 14): one `u64` per action, independent of the state, so the Python
//! wrapper can keep one action object per code and pass codes across the boundary instead
//! of JSON, and a learner or a search can play integers (issue 34 target 2). An action whose
//! numbers do not fit (an offer larger than any menu lists) has no code and crosses as JSON.
//!
//! Layout, from the low bits: the kind's index in [`Action`]'s declaration order (5 bits);
//! then two 16-bit numbers (field, card, position or offer id, in the order of the variant's
//! fields); for an accept, the offer id (16 bits), how many positions (3 bits) and up to
//! [`MAX_POSITIONS`] positions of 8 bits each. An offer ([`offer_code`]): a marker bit, the
//! addressee, the face-up slots given and wanted as bit sets, the wanted varieties and the
//! hand positions given as short lists: every offer a menu lists has one (B-50 bounds a
//! menu's offers to 3 cards given and 4 wanted).

use super::actions::{Action, OfferAction};
use super::cards::Variety;

const KIND_BITS: u32 = 5;
const NUMBER_BITS: u32 = 16;
const COUNT_BITS: u32 = 3;
const POSITION_BITS: u32 = 8;
/// The most positions an accept with a code can name (5 × 8 bits after 24 bits of header).
pub const MAX_POSITIONS: usize = 5;

fn kind_index(a: &Action) -> u64 {
    match a {
        Action::PlantFromHand { .. } => 0,
        Action::EndPlanting => 1,
        Action::Harvest { .. } => 2,
        Action::BuyField => 3,
        Action::Offer(_) => 4,
        Action::Accept { .. } => 5,
        Action::Decline { .. } => 6,
        Action::Withdraw { .. } => 7,
        Action::Pass => 8,
        Action::EndTrading => 9,
        Action::PlantFromTradeArea { .. } => 10,
        Action::FinishTurn => 11,
        Action::PlantOffered { .. } => 12,
        Action::DiscardOffered { .. } => 13,
        Action::DiscardFromHand { .. } => 14,
        Action::PlantRevealed { .. } => 15,
        Action::LeaveOffer => 16,
    }
}

/// `v` as a field of `bits` bits, or None when it does not fit.
fn small(v: i64, bits: u32) -> Option<u64> {
    u64::try_from(v).ok().filter(|&u| u < (1 << bits))
}

fn with_numbers(kind: u64, a: i64, b: i64) -> Option<u64> {
    let a = small(a, NUMBER_BITS)?;
    let b = small(b, NUMBER_BITS)?;
    Some(kind | a << KIND_BITS | b << (KIND_BITS + NUMBER_BITS))
}

/// An offer's bits after the kind: set, so that the bare kind (4) names no action.
const OFFER_MARK: u64 = 1 << KIND_BITS;
/// The most wanted varieties and given hand positions an offer with a code names.
pub const MAX_WANTED: usize = 4;
pub const MAX_GIVEN: usize = 3;
const TO_SHIFT: u32 = KIND_BITS + 1; // 3 bits: 0 open, else the seat + 1
const GIVE_FACEUP_SHIFT: u32 = TO_SHIFT + 3; // 2 bits: the face-up slots given
const WANT_FACEUP_SHIFT: u32 = GIVE_FACEUP_SHIFT + 2; // 2 bits: the face-up slots wanted
const WANT_SHIFT: u32 = WANT_FACEUP_SHIFT + 2; // 3 bits of count, then 4 bits each
const VARIETY_BITS: u32 = 4;
const HAND_SHIFT: u32 = WANT_SHIFT + COUNT_BITS + MAX_WANTED as u32 * VARIETY_BITS; // 2 + 8 each

/// Face-up slots (0 or 1, strictly increasing) as a 2-bit set.
fn slot_set(slots: &[i64]) -> Option<u64> {
    let mut set = 0;
    let mut last = -1;
    for &s in slots {
        if s <= last || !(0..2).contains(&s) {
            return None;
        }
        set |= 1 << s;
        last = s;
    }
    Some(set)
}

fn slots_of(set: u64) -> Vec<i64> {
    (0..2).filter(|&s| set & (1 << s) != 0).collect()
}

/// An offer's code: None beyond the layout (more than [`MAX_WANTED`] varieties or
/// [`MAX_GIVEN`] hand positions, a seat past 6, a slot past 1 or slots out of order).
fn offer_code(kind: u64, o: &OfferAction) -> Option<u64> {
    if o.want.len() > MAX_WANTED || o.give_hand.len() > MAX_GIVEN {
        return None;
    }
    let to = match o.to {
        None => 0,
        Some(seat) => small(seat + 1, 3).filter(|&t| t > 0)?,
    };
    let mut code = kind | OFFER_MARK | to << TO_SHIFT;
    code |= slot_set(&o.give_faceup)? << GIVE_FACEUP_SHIFT;
    code |= slot_set(&o.want_faceup)? << WANT_FACEUP_SHIFT;
    code |= (o.want.len() as u64) << WANT_SHIFT;
    for (i, &v) in o.want.iter().enumerate() {
        let shift = WANT_SHIFT + COUNT_BITS + i as u32 * VARIETY_BITS;
        code |= small(i64::from(v), VARIETY_BITS)? << shift;
    }
    code |= (o.give_hand.len() as u64) << HAND_SHIFT;
    for (i, &p) in o.give_hand.iter().enumerate() {
        code |= small(p, POSITION_BITS)? << (HAND_SHIFT + 2 + i as u32 * POSITION_BITS);
    }
    Some(code)
}

fn decode_offer(code: u64) -> Option<Action> {
    if code & OFFER_MARK == 0 {
        return None;
    }
    let to = bits(code, TO_SHIFT, 3);
    let wanted = bits(code, WANT_SHIFT, COUNT_BITS) as usize;
    let given = bits(code, HAND_SHIFT, 2) as usize;
    if wanted > MAX_WANTED || given > MAX_GIVEN {
        return None;
    }
    let want = (0..wanted)
        .map(|i| {
            let shift = WANT_SHIFT + COUNT_BITS + i as u32 * VARIETY_BITS;
            bits(code, shift, VARIETY_BITS) as Variety
        })
        .collect();
    let give_hand = (0..given)
        .map(|i| {
            bits(
                code,
                HAND_SHIFT + 2 + i as u32 * POSITION_BITS,
                POSITION_BITS,
            )
        })
        .collect();
    Some(Action::Offer(Box::new(OfferAction {
        to: (to > 0).then_some(to - 1),
        give_faceup: slots_of(bits(code, GIVE_FACEUP_SHIFT, 2) as u64),
        give_hand,
        want,
        want_faceup: slots_of(bits(code, WANT_FACEUP_SHIFT, 2) as u64),
    })))
}

fn accept_code(kind: u64, offer_id: i64, positions: &[i64]) -> Option<u64> {
    if positions.len() > MAX_POSITIONS {
        return None;
    }
    let mut code = kind | small(offer_id, NUMBER_BITS)? << KIND_BITS;
    let mut shift = KIND_BITS + NUMBER_BITS;
    code |= (positions.len() as u64) << shift;
    shift += COUNT_BITS;
    for &p in positions {
        code |= small(p, POSITION_BITS)? << shift;
        shift += POSITION_BITS;
    }
    Some(code)
}

/// The action's code, or None for numbers beyond the layout.
pub fn encode(a: &Action) -> Option<u64> {
    let kind = kind_index(a);
    match a {
        Action::Offer(o) => offer_code(kind, o),
        Action::Accept {
            offer_id,
            positions,
        } => accept_code(kind, *offer_id, positions),
        Action::PlantFromHand { field } | Action::Harvest { field } => {
            with_numbers(kind, *field, 0)
        }
        Action::Decline { offer_id } | Action::Withdraw { offer_id } => {
            with_numbers(kind, *offer_id, 0)
        }
        Action::DiscardOffered { card } => with_numbers(kind, *card, 0),
        Action::DiscardFromHand { position } => with_numbers(kind, *position, 0),
        Action::PlantFromTradeArea { card, field }
        | Action::PlantOffered { card, field }
        | Action::PlantRevealed { card, field } => with_numbers(kind, *card, *field),
        Action::EndPlanting
        | Action::BuyField
        | Action::Pass
        | Action::EndTrading
        | Action::FinishTurn
        | Action::LeaveOffer => Some(kind),
    }
}

fn bits(code: u64, shift: u32, width: u32) -> i64 {
    ((code >> shift) & ((1 << width) - 1)) as i64
}

fn decode_accept(code: u64) -> Option<Action> {
    let offer_id = bits(code, KIND_BITS, NUMBER_BITS);
    let mut shift = KIND_BITS + NUMBER_BITS;
    let count = bits(code, shift, COUNT_BITS) as usize;
    shift += COUNT_BITS;
    if count > MAX_POSITIONS {
        return None;
    }
    let positions = (0..count)
        .map(|i| bits(code, shift + i as u32 * POSITION_BITS, POSITION_BITS))
        .collect();
    Some(Action::Accept {
        offer_id,
        positions,
    })
}

/// The action of a code made by [`encode`], or None for a code it cannot make.
pub fn decode(code: u64) -> Option<Action> {
    let a = bits(code, KIND_BITS, NUMBER_BITS);
    let b = bits(code, KIND_BITS + NUMBER_BITS, NUMBER_BITS);
    let made = match code & ((1 << KIND_BITS) - 1) {
        0 => Action::PlantFromHand { field: a },
        1 => Action::EndPlanting,
        2 => Action::Harvest { field: a },
        3 => Action::BuyField,
        4 => decode_offer(code)?,
        5 => decode_accept(code)?,
        6 => Action::Decline { offer_id: a },
        7 => Action::Withdraw { offer_id: a },
        8 => Action::Pass,
        9 => Action::EndTrading,
        10 => Action::PlantFromTradeArea { card: a, field: b },
        11 => Action::FinishTurn,
        12 => Action::PlantOffered { card: a, field: b },
        13 => Action::DiscardOffered { card: a },
        14 => Action::DiscardFromHand { position: a },
        15 => Action::PlantRevealed { card: a, field: b },
        16 => Action::LeaveOffer,
        _ => return None,
    };
    // One code per action: a code with stray bits is not one encode makes.
    (encode(&made) == Some(code)).then_some(made)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn every_kind() -> Vec<Action> {
        vec![
            Action::PlantFromHand { field: 2 },
            Action::EndPlanting,
            Action::Harvest { field: 0 },
            Action::BuyField,
            Action::Accept {
                offer_id: 700,
                positions: vec![0, 3, 153],
            },
            Action::Accept {
                offer_id: 0,
                positions: vec![],
            },
            Action::Decline { offer_id: 65535 },
            Action::Withdraw { offer_id: 4 },
            Action::Pass,
            Action::EndTrading,
            Action::PlantFromTradeArea {
                card: 153,
                field: 1,
            },
            Action::FinishTurn,
            Action::PlantOffered { card: 12, field: 0 },
            Action::DiscardOffered { card: 12 },
            Action::DiscardFromHand { position: 9 },
            Action::PlantRevealed {
                card: 100,
                field: 2,
            },
            Action::LeaveOffer,
        ]
    }

    #[test]
    fn every_kind_round_trips_with_distinct_codes() {
        let actions = every_kind();
        let codes: Vec<u64> = actions.iter().map(|a| encode(a).unwrap()).collect();
        for (a, &c) in actions.iter().zip(&codes) {
            assert_eq!(decode(c).as_ref(), Some(a));
        }
        let mut unique = codes.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), codes.len());
    }

    #[test]
    fn offers_round_trip_with_distinct_codes() {
        let offer =
            |to, give_faceup: &[i64], give_hand: &[i64], want: &[u8], want_faceup: &[i64]| {
                Action::Offer(Box::new(OfferAction {
                    to,
                    give_faceup: give_faceup.to_vec(),
                    give_hand: give_hand.to_vec(),
                    want: want.to_vec(),
                    want_faceup: want_faceup.to_vec(),
                }))
            };
        let offers = [
            offer(None, &[], &[], &[], &[]),
            offer(Some(0), &[], &[], &[], &[]),
            offer(Some(6), &[0, 1], &[0, 9, 255], &[0, 0, 10, 10], &[0, 1]),
            offer(Some(2), &[1], &[3], &[4], &[]),
            offer(Some(2), &[], &[3], &[4], &[1]),
            offer(Some(2), &[], &[3, 1], &[4], &[]),
        ];
        let codes: Vec<u64> = offers.iter().map(|a| encode(a).unwrap()).collect();
        for (a, &c) in offers.iter().zip(&codes) {
            assert_eq!(decode(c).as_ref(), Some(a));
        }
        let mut unique = codes.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), codes.len());
        // beyond the layout: no code
        assert_eq!(encode(&offer(Some(7), &[], &[], &[], &[])), None);
        assert_eq!(encode(&offer(None, &[2], &[], &[], &[])), None);
        assert_eq!(encode(&offer(None, &[1, 0], &[], &[], &[])), None);
        assert_eq!(encode(&offer(None, &[], &[0, 1, 2, 3], &[], &[])), None);
        assert_eq!(encode(&offer(None, &[], &[256], &[], &[])), None);
        assert_eq!(encode(&offer(None, &[], &[], &[0; 5], &[])), None);
        assert_eq!(encode(&offer(None, &[], &[], &[16], &[])), None);
    }

    #[test]
    fn what_does_not_fit_has_no_code() {
        assert_eq!(encode(&Action::Harvest { field: -1 }), None);
        assert_eq!(encode(&Action::DiscardFromHand { position: 1 << 16 }), None);
        let long = Action::Accept {
            offer_id: 1,
            positions: vec![0; MAX_POSITIONS + 1],
        };
        assert_eq!(encode(&long), None);
        let far = Action::Accept {
            offer_id: 1,
            positions: vec![256],
        };
        assert_eq!(encode(&far), None);
    }

    #[test]
    fn codes_encode_cannot_make_decode_to_none() {
        assert_eq!(decode(4), None); // an offer's kind
        assert_eq!(decode(17), None);
        assert_eq!(decode(8 | 1 << 5), None); // pass with a stray number
        assert_eq!(decode(5 | 7 << 21), None); // accept of 7 positions
    }
}
