//! The Bohnanza state (zones of B-11), laid out as `state.py` lays it out.
//!
//! Ordered zones are vectors of card ids. Deck and discard pile keep their *top at the end*
//! (pop/push are O(1)); hands keep index 0 = front; fields and treasuries are in planting /
//! arrival order (treasury top = last). The rules live in `rules.rs`; this module only stores,
//! and writes the state as Python's `to_json()` and `key()` do, so the two engines can be
//! compared byte for byte.

use std::fmt::Write;
use std::sync::Arc;

use serde_json::{json, Value};

use super::cards::{Card, Config, Variety, CARD_COUNTS};
use crate::few::Inline;
use crate::rng::Rng;
use crate::shared::Shared;

/// The most seats a table has (B-1).
pub const MAX_PLAYERS: usize = 7;
/// The most cards a game has (the standard edition's 154): no zone holds more (B-12).
pub const MAX_CARDS: usize = 154;
/// The most cards a field holds: one variety (B-19), at most 24 cards of it.
pub const FIELD_CARDS: usize = 24;
/// The most fields a seat has (B-20: the third field).
pub const MAX_FIELDS: usize = 3;

/// An ordered zone of cards (deck, discard pile, a hand, a treasury, a trade area …).
pub type Pile = Inline<Card, MAX_CARDS>;
/// One field: cards of one variety, in planting order.
pub type Field = Inline<Card, FIELD_CARDS>;
/// A seat's fields.
pub type Fields = Inline<Field, MAX_FIELDS>;
/// One value per seat.
pub type PerSeat<T> = Inline<T, MAX_PLAYERS>;

const _: () = {
    let mut total = 0;
    let mut i = 0;
    while i < CARD_COUNTS.len() {
        assert!((CARD_COUNTS[i] as usize) <= FIELD_CARDS);
        total += CARD_COUNTS[i] as usize;
        i += 1;
    }
    assert!(total == MAX_CARDS);
};

/// Phases (B-31) and duel steps (B-53), with Python's numbers.
pub const PLANT: u8 = 1;
pub const TRADE: u8 = 2;
pub const PLANT_TRADED: u8 = 3;
pub const DRAW: u8 = 4;
pub const DUEL_OFFERED: u8 = 11;
pub const DUEL_PLANT: u8 = 12;
pub const DUEL_REVEALED: u8 = 13;
pub const DUEL_DRAW: u8 = 14;
pub const OVER: u8 = 99;

/// `PHASE_NAMES` of `state.py`.
pub fn phase_name(phase: u8) -> &'static str {
    match phase {
        PLANT => "plant",
        TRADE => "trade",
        PLANT_TRADED => "plant-traded",
        DRAW => "draw",
        DUEL_OFFERED => "duel-offered",
        DUEL_PLANT => "duel-plant",
        DUEL_REVEALED => "duel-revealed",
        DUEL_DRAW => "duel-draw",
        OVER => "over",
        _ => "?",
    }
}

/// Offer statuses (B-39 … B-46).
pub const OPEN: u8 = 0;
pub const ACCEPTED: u8 = 1;
pub const DECLINED: u8 = 2;
pub const WITHDRAWN: u8 = 3;
pub const UNAVAILABLE: u8 = 4;
pub const EXPIRED: u8 = 5;
pub const STATUS_NAMES: [&str; 6] = [
    "open",
    "accepted",
    "declined",
    "withdrawn",
    "unavailable",
    "expired",
];

/// An offer as made (B-37, B-38): it names specific cards. Immutable and shared between
/// clones (`Arc`); its status lives in [`Zones::offer_status`].
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct OfferRecord {
    pub offer_id: u32,
    pub proposer: u8,
    pub to: Option<u8>,
    /// (slot, card id)
    pub give_faceup: Vec<(u8, Card)>,
    /// Card ids, in the proposer's hand when made.
    pub give_hand: Vec<Card>,
    /// Private to the proposer.
    pub give_positions: Vec<u8>,
    /// Sorted varieties.
    pub want: Vec<Variety>,
    /// (slot, card id)
    pub want_faceup: Vec<(u8, Card)>,
}

/// All zones of one game (`Zones` in `state.py`). A face-up slot is `None` where Python
/// stores `EMPTY = -1`. The card zones are inline arrays sized for a whole game, so a state
/// is one block of memory (plus this trading phase's offers): `clone()` copies it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Zones {
    pub cfg: Arc<Config>,
    pub rng: Rng,
    pub deck: Pile,
    pub discard: Pile,
    pub hands: PerSeat<Pile>,
    pub fields: PerSeat<Fields>,
    /// Bought (or given, with standard 3 players) the third field.
    pub third: PerSeat<bool>,
    pub treasury: PerSeat<Pile>,
    pub trade: PerSeat<Pile>,
    pub faceup: [Option<Card>; 2],
    pub revealed: Pile,
    pub offer_area: Pile,
    pub r#box: Pile,
    pub exhaustions: u32,
    pub active: usize,
    pub phase: u8,
    pub planted: u32,
    pub turn: u32,
    /// The final exhaustion happened during a reveal (B-62).
    pub ending: bool,
    pub passed: PerSeat<bool>,
    /// This trading phase's offers, in id order (shared by clones until changed).
    pub offers: Shared<Arc<OfferRecord>>,
    pub offer_status: Shared<u8>,
    pub accepted_by: Shared<i32>,
    pub next_offer_id: u32,
    pub offers_made: PerSeat<u32>,
}

/// A list of card lists as JSON.
fn nested_json<Z: std::ops::Deref<Target = [Card]>>(items: &[Z]) -> Value {
    items.iter().map(|x| Value::from(x.to_vec())).collect()
}

fn slot(c: Option<Card>) -> i32 {
    c.map_or(-1, i32::from)
}

/// An item of a list written as Python's `repr` writes it: ints in decimal (fast, `itoa`),
/// and text already in repr form as it is.
trait Repr {
    fn repr_into(&self, out: &mut String);
}

macro_rules! repr_int {
    ($($t:ty),*) => {$(
        impl Repr for $t {
            fn repr_into(&self, out: &mut String) {
                out.push_str(itoa::Buffer::new().format(*self));
            }
        }
    )*};
}
repr_int!(u8, u16, u32, u64, usize, i32, i64);

impl Repr for &str {
    fn repr_into(&self, out: &mut String) {
        out.push_str(self);
    }
}

impl Repr for String {
    fn repr_into(&self, out: &mut String) {
        out.push_str(self);
    }
}

/// Python's `repr` of a list of ints (or of items already in repr form).
fn repr_list<T: Repr>(out: &mut String, items: &[T]) {
    out.push('[');
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        x.repr_into(out);
    }
    out.push(']');
}

fn repr_nested<T: Repr, Z: std::ops::Deref<Target = [T]>>(out: &mut String, items: &[Z]) {
    out.push('[');
    for (i, x) in items.iter().enumerate() {
        if i > 0 {
            out.push_str(", ");
        }
        repr_list(out, x);
    }
    out.push(']');
}

fn repr_bools(out: &mut String, items: &[bool]) {
    let words: Vec<&str> = items
        .iter()
        .map(|&b| if b { "True" } else { "False" })
        .collect();
    repr_list(out, &words);
}

/// Python's `repr` of a tuple of displayable items: `()`, `(x,)`, `(x, y)`.
fn repr_tuple(out: &mut String, items: &[String]) {
    out.push('(');
    out.push_str(&items.join(", "));
    if items.len() == 1 {
        out.push(',');
    }
    out.push(')');
}

fn repr_ints<T: std::fmt::Display>(out: &mut String, items: &[T]) {
    let items: Vec<String> = items.iter().map(|x| x.to_string()).collect();
    repr_tuple(out, &items);
}

fn repr_pairs(out: &mut String, items: &[(u8, Card)]) {
    let items: Vec<String> = items.iter().map(|(a, b)| format!("({a}, {b})")).collect();
    repr_tuple(out, &items);
}

impl OfferRecord {
    /// The dataclass `repr` Python's `key()` contains.
    pub fn repr(&self) -> String {
        let mut s = format!(
            "OfferRecord(offer_id={}, proposer={}, to={}, give_faceup=",
            self.offer_id,
            self.proposer,
            self.to.map_or("None".to_string(), |t| t.to_string())
        );
        repr_pairs(&mut s, &self.give_faceup);
        s.push_str(", give_hand=");
        repr_ints(&mut s, &self.give_hand);
        s.push_str(", give_positions=");
        repr_ints(&mut s, &self.give_positions);
        s.push_str(", want=");
        repr_ints(&mut s, &self.want);
        s.push_str(", want_faceup=");
        repr_pairs(&mut s, &self.want_faceup);
        s.push(')');
        s
    }

    fn to_json(&self) -> Value {
        let pairs = |v: &[(u8, Card)]| -> Value { v.iter().map(|&(a, b)| json!([a, b])).collect() };
        json!([
            self.offer_id,
            self.proposer,
            self.to,
            pairs(&self.give_faceup),
            self.give_hand,
            self.give_positions,
            self.want,
            pairs(&self.want_faceup),
        ])
    }
}

impl Zones {
    /// The complete state, hidden parts included, as `Zones.to_json()` writes it (for saving,
    /// debugging and parity; never for a player: that is what `observe` is for).
    pub fn to_json(&self) -> Value {
        json!({
            "options": self.cfg.options.to_json(),
            "num_players": self.cfg.num_players,
            "deck": self.deck.to_vec(),
            "discard": self.discard.to_vec(),
            "hands": nested_json(&self.hands),
            "fields": self.fields.iter().map(|fs| nested_json(fs)).collect::<Vec<_>>(),
            "third": self.third.to_vec(),
            "treasury": nested_json(&self.treasury),
            "trade": nested_json(&self.trade),
            "faceup": [slot(self.faceup[0]), slot(self.faceup[1])],
            "revealed": self.revealed.to_vec(),
            "offer_area": self.offer_area.to_vec(),
            "box": self.r#box.to_vec(),
            "exhaustions": self.exhaustions,
            "active": self.active,
            "phase": self.phase,
            "planted": self.planted,
            "turn": self.turn,
            "ending": self.ending,
            "passed": self.passed.to_vec(),
            "offer_status": *self.offer_status,
            "accepted_by": *self.accepted_by,
            "next_offer_id": self.next_offer_id,
            "offers_made": self.offers_made.to_vec(),
            "rng": self.rng.state_hex(),
            "offers": self.offers.iter().map(|o| o.to_json()).collect::<Vec<_>>(),
        })
    }

    /// `BohnanzaState.key()`, character for character: every zone but `cfg` as
    /// `name=repr(value)`, in the order of `Zones.__slots__`, joined by `;`.
    pub fn key(&self) -> String {
        let mut s = String::with_capacity(1024);
        s.push_str("accepted_by=");
        repr_list(&mut s, &self.accepted_by);
        let _ = write!(s, ";active={};box=", self.active);
        repr_list(&mut s, &self.r#box);
        s.push_str(";deck=");
        repr_list(&mut s, &self.deck);
        s.push_str(";discard=");
        repr_list(&mut s, &self.discard);
        let ending = if self.ending { "True" } else { "False" };
        let _ = write!(
            s,
            ";ending={ending};exhaustions={};faceup=",
            self.exhaustions
        );
        repr_list(&mut s, &[slot(self.faceup[0]), slot(self.faceup[1])]);
        s.push_str(";fields=[");
        for (i, fs) in self.fields.iter().enumerate() {
            if i > 0 {
                s.push_str(", ");
            }
            repr_nested(&mut s, fs);
        }
        s.push_str("];hands=");
        repr_nested(&mut s, &self.hands);
        let _ = write!(s, ";next_offer_id={};offer_area=", self.next_offer_id);
        repr_list(&mut s, &self.offer_area);
        s.push_str(";offer_status=");
        repr_list(&mut s, &self.offer_status);
        s.push_str(";offers=");
        let offers: Vec<String> = self.offers.iter().map(|o| o.repr()).collect();
        repr_list(&mut s, &offers);
        s.push_str(";offers_made=");
        repr_list(&mut s, &self.offers_made);
        s.push_str(";passed=");
        repr_bools(&mut s, &self.passed);
        let _ = write!(
            s,
            ";phase={};planted={};revealed=",
            self.phase, self.planted
        );
        repr_list(&mut s, &self.revealed);
        let _ = write!(s, ";rng=Rng(state={});third=", self.rng.state_hex());
        repr_bools(&mut s, &self.third);
        s.push_str(";trade=");
        repr_nested(&mut s, &self.trade);
        s.push_str(";treasury=");
        repr_nested(&mut s, &self.treasury);
        let _ = write!(s, ";turn={}", self.turn);
        s
    }

    /// The bytes this state holds: the struct (its card zones are inline) and the heap of
    /// this trading phase's offer lists (capacity, not length), counted as if owned though
    /// clones share them until one changes them. The configuration and the offer records
    /// are shared (`Arc`) by every clone and counted by their pointers only.
    pub fn memory_bytes(&self) -> usize {
        fn heap<T>(v: &Shared<T>) -> usize {
            v.capacity() * std::mem::size_of::<T>()
        }
        std::mem::size_of::<Zones>()
            + heap(&self.offers)
            + heap(&self.offer_status)
            + heap(&self.accepted_by)
    }

    /// Every card id in every zone (for conservation checks, B-12), in Python's order.
    pub fn all_cards(&self) -> Vec<Card> {
        let mut out: Vec<Card> = self.deck.to_vec();
        out.extend(&self.discard);
        out.extend(self.faceup.iter().flatten());
        out.extend(&self.revealed);
        out.extend(&self.offer_area);
        out.extend(&self.r#box);
        for p in 0..self.cfg.num_players {
            out.extend(&self.hands[p]);
            out.extend(&self.treasury[p]);
            out.extend(&self.trade[p]);
            for f in &self.fields[p] {
                out.extend(f);
            }
        }
        out
    }
}

/// Why [`Zones::from_json`] refuses: a key Python would miss (`KeyError` there), or a value
/// the native state cannot hold (Python stores anything; the native rules index with these
/// numbers, so they are checked).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    Missing(String),
    Bad(String),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Missing(key) => write!(f, "missing key {key:?}"),
            LoadError::Bad(why) => f.write_str(why),
        }
    }
}

/// A reader of one `to_json()` object: each getter names the key in its refusal.
struct Loader<'a> {
    obj: &'a serde_json::Map<String, Value>,
    n: usize,
    num_cards: usize,
}

fn bad<T>(key: &str, what: &str, v: &Value) -> Result<T, LoadError> {
    Err(LoadError::Bad(format!("state key {key}: {what}, not {v}")))
}

impl Loader<'_> {
    fn get(&self, key: &str) -> Result<&Value, LoadError> {
        self.obj
            .get(key)
            .ok_or_else(|| LoadError::Missing(key.to_string()))
    }

    fn uint(&self, key: &str, v: &Value, most: u64) -> Result<u64, LoadError> {
        match v.as_u64() {
            Some(x) if x <= most => Ok(x),
            _ => bad(key, &format!("an integer 0-{most}"), v),
        }
    }

    fn u32(&self, key: &str) -> Result<u32, LoadError> {
        let v = self.get(key)?;
        Ok(self.uint(key, v, u32::MAX as u64)? as u32)
    }

    fn boolean(&self, key: &str, v: &Value) -> Result<bool, LoadError> {
        v.as_bool().map_or_else(|| bad(key, "true or false", v), Ok)
    }

    fn list<'v>(&self, key: &str, v: &'v Value) -> Result<&'v Vec<Value>, LoadError> {
        v.as_array().map_or_else(|| bad(key, "a list", v), Ok)
    }

    fn card(&self, key: &str, v: &Value) -> Result<Card, LoadError> {
        match v.as_u64() {
            Some(c) if (c as usize) < self.num_cards => Ok(c as Card),
            _ => bad(
                key,
                &format!("a card id 0-{}", self.num_cards.saturating_sub(1)),
                v,
            ),
        }
    }

    fn cards_of<const N: usize>(&self, key: &str, v: &Value) -> Result<Inline<Card, N>, LoadError> {
        let items = self.list(key, v)?;
        if items.len() > N {
            return bad(key, &format!("at most {N} cards"), v);
        }
        items.iter().map(|c| self.card(key, c)).collect()
    }

    fn cards(&self, key: &str) -> Result<Pile, LoadError> {
        self.cards_of(key, self.get(key)?)
    }

    /// A list with one entry per seat.
    fn per_seat(&self, key: &str) -> Result<&Vec<Value>, LoadError> {
        let v = self.get(key)?;
        let items = self.list(key, v)?;
        if items.len() != self.n {
            return bad(key, &format!("a list of {} (one per seat)", self.n), v);
        }
        Ok(items)
    }

    fn seat_cards(&self, key: &str) -> Result<PerSeat<Pile>, LoadError> {
        self.per_seat(key)?
            .iter()
            .map(|v| self.cards_of(key, v))
            .collect()
    }

    fn seat_bools(&self, key: &str) -> Result<PerSeat<bool>, LoadError> {
        self.per_seat(key)?
            .iter()
            .map(|v| self.boolean(key, v))
            .collect()
    }

    fn pairs(&self, key: &str, v: &Value) -> Result<Vec<(u8, Card)>, LoadError> {
        self.list(key, v)?
            .iter()
            .map(|pair| match pair.as_array().map(Vec::as_slice) {
                Some([slot, card]) => Ok((self.uint(key, slot, 1)? as u8, self.card(key, card)?)),
                _ => bad(key, "a [slot, card] pair", pair),
            })
            .collect()
    }

    fn offer(&self, v: &Value) -> Result<OfferRecord, LoadError> {
        let key = "offers";
        let Some([id, proposer, to, give_faceup, give_hand, positions, want, want_faceup]) =
            v.as_array().map(Vec::as_slice)
        else {
            return bad(key, "an offer record of 8 items", v);
        };
        let seat = self.n as u64 - 1;
        Ok(OfferRecord {
            offer_id: self.uint(key, id, u32::MAX as u64)? as u32,
            proposer: self.uint(key, proposer, seat)? as u8,
            to: match to {
                Value::Null => None,
                _ => Some(self.uint(key, to, seat)? as u8),
            },
            give_faceup: self.pairs(key, give_faceup)?,
            give_hand: self.cards_of::<MAX_CARDS>(key, give_hand)?.to_vec(),
            give_positions: self
                .list(key, positions)?
                .iter()
                .map(|x| Ok(self.uint(key, x, u8::MAX as u64)? as u8))
                .collect::<Result<_, LoadError>>()?,
            want: self
                .list(key, want)?
                .iter()
                .map(|x| Ok(self.uint(key, x, VARIETIES_COUNT - 1)? as Variety))
                .collect::<Result<_, LoadError>>()?,
            want_faceup: self.pairs(key, want_faceup)?,
        })
    }
}

/// `PLAIN_ZONES` of `state.py`: the zones stored as plain values, in `to_json()` order.
pub const PLAIN_ZONES: [&str; 22] = [
    "deck",
    "discard",
    "hands",
    "fields",
    "third",
    "treasury",
    "trade",
    "faceup",
    "revealed",
    "offer_area",
    "box",
    "exhaustions",
    "active",
    "phase",
    "planted",
    "turn",
    "ending",
    "passed",
    "offer_status",
    "accepted_by",
    "next_offer_id",
    "offers_made",
];

const VARIETIES_COUNT: u64 = super::cards::VARIETIES.len() as u64;
const PHASES: [u8; 9] = [
    PLANT,
    TRADE,
    PLANT_TRADED,
    DRAW,
    DUEL_OFFERED,
    DUEL_PLANT,
    DUEL_REVEALED,
    DUEL_DRAW,
    OVER,
];

impl Zones {
    /// Zones from [`Zones::to_json`] output (`Zones.load_json` of `state.py`), `cfg` built
    /// from its options and player count. Python stores whatever it is given; here every
    /// number the rules index with is checked (card ids below the game's card count, one entry
    /// per seat, seats, slots, phases, statuses), so a loaded state cannot make the rules
    /// panic. Card conservation (B-12) is not checked, as in Python: test positions may
    /// leave cards out.
    pub fn from_json(obj: &Value, cfg: Arc<Config>) -> Result<Zones, LoadError> {
        let Some(map) = obj.as_object() else {
            return Err(LoadError::Bad(format!(
                "a state must be an object, not {obj}"
            )));
        };
        // the keys Python reads, in its order (the first one missing is the KeyError)
        for key in ["options", "num_players"].iter().chain(PLAIN_ZONES.iter()) {
            if !map.contains_key(*key) {
                return Err(LoadError::Missing(key.to_string()));
            }
        }
        for key in ["rng", "offers"] {
            if !map.contains_key(key) {
                return Err(LoadError::Missing(key.to_string()));
            }
        }
        let n = cfg.num_players;
        let l = Loader {
            obj: map,
            n,
            num_cards: cfg.num_cards(),
        };
        let fields = l
            .per_seat("fields")?
            .iter()
            .map(|fs| {
                let fs = l.list("fields", fs)?;
                if !(1..=3).contains(&fs.len()) {
                    return bad("fields", "1-3 fields per seat", &Value::from(fs.clone()));
                }
                fs.iter().map(|f| l.cards_of("fields", f)).collect()
            })
            .collect::<Result<PerSeat<Fields>, LoadError>>()?;
        let faceup_v = l.get("faceup")?;
        let faceup: Vec<Option<Card>> = l
            .list("faceup", faceup_v)?
            .iter()
            .map(|c| match c.as_i64() {
                Some(-1) => Ok(None),
                _ => l.card("faceup", c).map(Some),
            })
            .collect::<Result<_, LoadError>>()?;
        let [a, b] = faceup.as_slice() else {
            return bad("faceup", "a list of 2 slots", faceup_v);
        };
        let active_v = l.get("active")?;
        let active = l.uint("active", active_v, n as u64 - 1)? as usize;
        let phase_v = l.get("phase")?;
        let phase = match phase_v.as_u64() {
            Some(p) if p <= u8::MAX as u64 && PHASES.contains(&(p as u8)) => p as u8,
            _ => return bad("phase", "a phase number", phase_v),
        };
        let ending_v = l.get("ending")?;
        let ending = l.boolean("ending", ending_v)?;
        let rng_v = l.get("rng")?;
        // the generator's state as Python writes it, f"{state:#x}" (Rng.from_state)
        let Some(rng) = rng_v.as_str().and_then(|t| Rng::from_state_hex(t).ok()) else {
            return bad("rng", "a generator state in hex", rng_v);
        };
        let offers_v = l.get("offers")?;
        let offers = l
            .list("offers", offers_v)?
            .iter()
            .map(|o| l.offer(o).map(Arc::new))
            .collect::<Result<Vec<_>, LoadError>>()?;
        let status_v = l.get("offer_status")?;
        let offer_status = l
            .list("offer_status", status_v)?
            .iter()
            .map(|x| Ok(l.uint("offer_status", x, EXPIRED as u64)? as u8))
            .collect::<Result<Vec<u8>, LoadError>>()?;
        let accepted_v = l.get("accepted_by")?;
        let accepted_by = l
            .list("accepted_by", accepted_v)?
            .iter()
            .map(|x| match x.as_i64() {
                Some(q) if (-1..n as i64).contains(&q) => Ok(q as i32),
                _ => bad("accepted_by", "a seat or -1", x),
            })
            .collect::<Result<Vec<i32>, LoadError>>()?;
        if offer_status.len() != offers.len() || accepted_by.len() != offers.len() {
            return bad(
                "offer_status",
                "one status and one accepted_by per offer",
                status_v,
            );
        }
        let offers_made = l
            .per_seat("offers_made")?
            .iter()
            .map(|x| Ok(l.uint("offers_made", x, u32::MAX as u64)? as u32))
            .collect::<Result<PerSeat<u32>, LoadError>>()?;
        Ok(Zones {
            rng,
            deck: l.cards("deck")?,
            discard: l.cards("discard")?,
            hands: l.seat_cards("hands")?,
            fields,
            third: l.seat_bools("third")?,
            treasury: l.seat_cards("treasury")?,
            trade: l.seat_cards("trade")?,
            faceup: [*a, *b],
            revealed: l.cards("revealed")?,
            offer_area: l.cards("offer_area")?,
            r#box: l.cards("box")?,
            exhaustions: l.u32("exhaustions")?,
            active,
            phase,
            planted: l.u32("planted")?,
            turn: l.u32("turn")?,
            ending,
            passed: l.seat_bools("passed")?,
            offers: offers.into(),
            offer_status: offer_status.into(),
            accepted_by: accepted_by.into(),
            next_offer_id: l.u32("next_offer_id")?,
            offers_made,
            cfg,
        })
    }
}
