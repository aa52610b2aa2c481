//! Static tables of Bohnanza (rules B-7, B-8, B-13), from `cards.py`: varieties, bean-o-meters,
//! editions and the player-count table. Cards are small ints; [`Config`] holds the per-game
//! tables.

use serde_json::{json, Map, Value};

/// A card id (index into [`Config::variety_of`]); at most 154 cards.
pub type Card = u8;
/// A variety index into [`VARIETIES`].
pub type Variety = u8;

/// B-7: canonical variety order; index 0 = coffee.
pub const VARIETIES: [&str; 11] = [
    "coffee",
    "wax",
    "blue",
    "chili",
    "stink",
    "green",
    "soy",
    "black_eyed",
    "red",
    "garden",
    "cocoa",
];
pub const NAMES_EN: [&str; 11] = [
    "Coffee Bean",
    "Wax Bean",
    "Blue Bean",
    "Chili Bean",
    "Stink Bean",
    "Green Bean",
    "Soy Bean",
    "Black-eyed Bean",
    "Red Bean",
    "Garden Bean",
    "Cocoa Bean",
];
pub const CARD_COUNTS: [u8; 11] = [24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4];
/// Cards needed for 1, 2, 3, 4 coins; 0 = not printed.
pub const BEANOMETER: [[u8; 4]; 11] = [
    [4, 7, 10, 12],
    [4, 7, 9, 11],
    [4, 6, 8, 10],
    [3, 6, 8, 9],
    [3, 5, 7, 8],
    [3, 5, 6, 7],
    [2, 4, 6, 7],
    [2, 4, 5, 6],
    [2, 3, 4, 5],
    [0, 2, 3, 0],
    [0, 2, 3, 4],
];
pub const CLASSIC_VARIETIES: [Variety; 8] = [2, 3, 4, 5, 6, 7, 8, 9];
/// Longer than any field can grow (a variety has at most 24 cards).
pub const MAX_FIELD: usize = 200;

/// Coins for a harvested field of `n` cards of `variety` (B-8).
pub const fn payout(variety: Variety, n: usize) -> u8 {
    let need = BEANOMETER[variety as usize];
    let mut coins = 0;
    let mut c = 0;
    while c < 4 {
        if need[c] != 0 && n >= need[c] as usize {
            coins = c as u8 + 1;
        }
        c += 1;
    }
    coins
}

const fn payout_table() -> [[u8; MAX_FIELD + 1]; 11] {
    let mut t = [[0u8; MAX_FIELD + 1]; 11];
    let mut v = 0;
    while v < 11 {
        let mut n = 0;
        while n <= MAX_FIELD {
            t[v][n] = payout(v as Variety, n);
            n += 1;
        }
        v += 1;
    }
    t
}

/// `PAYOUT[v][n]` = payout(v, n) (B-8), precomputed at compile time.
pub static PAYOUT: [[u8; MAX_FIELD + 1]; 11] = payout_table();

/// The two editions (B-1).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Edition {
    Standard,
    Classic,
}

impl Edition {
    pub fn name(self) -> &'static str {
        match self {
            Edition::Standard => "standard",
            Edition::Classic => "classic",
        }
    }

    /// Player counts the edition takes (`Bohnanza.player_counts`), as an inclusive range.
    pub fn player_counts(self) -> (usize, usize) {
        match self {
            Edition::Standard => (2, 7),
            Edition::Classic => (3, 5),
        }
    }
}

/// The normalised options (B-3), as `normalize_options` returns them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Options {
    pub edition: Edition,
    pub treasury_open: bool,
    pub max_offers: Option<u32>,
    pub max_give: u32,
    pub max_want: u32,
    pub all_positions: bool,
}

impl Default for Options {
    fn default() -> Self {
        Options {
            edition: Edition::Standard,
            treasury_open: false,
            max_offers: Some(6),
            max_give: 2,
            max_want: 2,
            all_positions: false,
        }
    }
}

fn choice<'a>(v: &'a Value, name: &str, allowed: &[&str]) -> Result<&'a str, String> {
    match v.as_str() {
        Some(s) if allowed.contains(&s) => Ok(s),
        _ => Err(format!(
            "option {name} must be one of {}, not {v} [B-3]",
            allowed.join(", ")
        )),
    }
}

fn bounded(v: &Value, name: &str, least: u64, most: u64) -> Result<u32, String> {
    match v.as_u64() {
        Some(n) if (least..=most).contains(&n) => Ok(n as u32),
        _ => Err(format!(
            "option {name} must be an integer {least}-{most}, not {v} [B-3]"
        )),
    }
}

impl Options {
    /// Options from JSON: normalised ones (nested `offer_menu`), or a subset with defaults
    /// filled in; dotted `offer_menu.*` keys are accepted too. The Python wrapper passes
    /// `normalize_options(...)` output, so its messages stay the refusals users see; these
    /// checks only keep bad input from reaching the rules.
    pub fn from_json(obj: &Value) -> Result<Options, String> {
        let mut out = Options::default();
        let empty = Map::new();
        let map = match obj {
            Value::Null => &empty,
            Value::Object(m) => m,
            _ => return Err(format!("options must be an object, not {obj} [B-3]")),
        };
        let mut set = |key: &str, v: &Value| -> Result<(), String> {
            match key {
                "edition" => {
                    out.edition = match choice(v, key, &["standard", "classic"])? {
                        "classic" => Edition::Classic,
                        _ => Edition::Standard,
                    }
                }
                "treasury_visibility" => {
                    out.treasury_open = choice(v, key, &["secret", "open"])? == "open"
                }
                "max_offers" => {
                    out.max_offers = match v {
                        Value::Null => None,
                        _ => Some(bounded(v, key, 0, 12)?),
                    }
                }
                "offer_menu.max_give" => out.max_give = bounded(v, key, 0, 3)?,
                "offer_menu.max_want" => out.max_want = bounded(v, key, 0, 4)?,
                "offer_menu.positions" => {
                    out.all_positions = choice(v, key, &["frontmost", "all"])? == "all"
                }
                _ => return Err(format!("unknown option {key} [B-3]")),
            }
            Ok(())
        };
        for (key, v) in map {
            if key == "offer_menu" {
                let menu = v
                    .as_object()
                    .ok_or_else(|| format!("option offer_menu must be an object, not {v} [B-3]"))?;
                for (sub, w) in menu {
                    set(&format!("offer_menu.{sub}"), w)?;
                }
            } else {
                set(key, v)?;
            }
        }
        Ok(out)
    }

    /// The normalised options as JSON (`Config.options()` in Python).
    pub fn to_json(&self) -> Value {
        json!({
            "edition": self.edition.name(),
            "treasury_visibility": if self.treasury_open { "open" } else { "secret" },
            "max_offers": self.max_offers,
            "offer_menu": {
                "max_give": self.max_give,
                "max_want": self.max_want,
                "positions": if self.all_positions { "all" } else { "frontmost" },
            },
        })
    }
}

/// Everything fixed at creation (B-13): edition, player count and the derived tables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Config {
    pub options: Options,
    pub num_players: usize,
    /// Varieties in the game, canonical order.
    pub varieties: Vec<Variety>,
    /// Card id -> variety.
    pub variety_of: Vec<Variety>,
    pub start_fields: usize,
    pub can_buy: bool,
    pub field_cost: usize,
    pub hand_sizes: Vec<usize>,
    pub draw_count: usize,
    pub final_exhaustion: u32,
    pub duel: bool,
    /// The wanted sides of the offer menu, computed once per configuration (speed only).
    pub wants: super::menu::WantCache,
}

/// The B-13 row: (removed varieties, start fields, can buy, cost, hand sizes, draw, final).
pub struct PlayerRow {
    pub removed: &'static [Variety],
    pub start_fields: usize,
    pub can_buy: bool,
    pub field_cost: usize,
    pub hand_sizes: Vec<usize>,
    pub draw_count: usize,
    pub final_exhaustion: u32,
}

/// B-13: the player-count table (`player_row` in Python).
pub fn player_row(edition: Edition, n: usize) -> PlayerRow {
    let row =
        |removed, start_fields, can_buy, field_cost, hand_sizes, draw_count, final_| PlayerRow {
            removed,
            start_fields,
            can_buy,
            field_cost,
            hand_sizes,
            draw_count,
            final_exhaustion: final_,
        };
    if edition == Edition::Classic {
        return row(&[], 2, true, 3, vec![5; n], 3, 3);
    }
    match n {
        2 => row(&[9, 10], 2, true, 3, vec![5, 5], 2, 1),
        3 => row(&[10], 3, false, 0, vec![5, 5, 5], 3, 2),
        4 | 5 => row(&[0], 2, true, 3, vec![5; n], 3, 3),
        _ => {
            let mut hands = vec![3, 4, 5];
            hands.resize(n.max(3), 6);
            row(&[10, 9], 2, true, 2, hands, 4, 3)
        }
    }
}

impl Config {
    /// The configuration of a game (`make_config`); `Err` for a player count the edition
    /// does not take, with Python's message.
    pub fn new(options: Options, n: usize) -> Result<Config, String> {
        let (least, most) = options.edition.player_counts();
        if !(least..=most).contains(&n) {
            return Err(format!(
                "the {} edition takes {least}-{most} players, not {n} [B-2]",
                options.edition.name()
            ));
        }
        let r = player_row(options.edition, n);
        let base: Vec<Variety> = match options.edition {
            Edition::Classic => CLASSIC_VARIETIES.to_vec(),
            Edition::Standard => (0..VARIETIES.len() as Variety).collect(),
        };
        let varieties: Vec<Variety> = base
            .into_iter()
            .filter(|v| !r.removed.contains(v))
            .collect();
        let variety_of: Vec<Variety> = varieties
            .iter()
            .flat_map(|&v| std::iter::repeat_n(v, CARD_COUNTS[v as usize] as usize))
            .collect();
        let duel = options.edition == Edition::Standard && n == 2;
        Ok(Config {
            options,
            num_players: n,
            varieties,
            variety_of,
            start_fields: r.start_fields,
            can_buy: r.can_buy,
            field_cost: r.field_cost,
            hand_sizes: r.hand_sizes,
            draw_count: r.draw_count,
            final_exhaustion: r.final_exhaustion,
            duel,
            wants: super::menu::WantCache::default(),
        })
    }

    pub fn num_cards(&self) -> usize {
        self.variety_of.len()
    }

    /// The variety of a card.
    #[inline]
    pub fn variety(&self, card: Card) -> Variety {
        self.variety_of[card as usize]
    }

    /// `{"id": card, "variety": name}` (`card_json` in `rules.py`).
    pub fn card_json(&self, card: Card) -> Value {
        json!({"id": card, "variety": VARIETIES[self.variety(card) as usize]})
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn payout_follows_the_beanometer() {
        assert_eq!(PAYOUT[0][3], 0);
        assert_eq!(PAYOUT[0][4], 1);
        assert_eq!(PAYOUT[0][12], 4);
        assert_eq!(PAYOUT[9][1], 0);
        assert_eq!(PAYOUT[9][2], 2);
        assert_eq!(PAYOUT[9][200], 3); // garden: no 4-coin step printed
        assert_eq!(PAYOUT[10][4], 4);
    }

    #[test]
    fn card_counts_per_edition_and_count() {
        let cfg = |e, n| {
            Config::new(
                Options {
                    edition: e,
                    ..Options::default()
                },
                n,
            )
            .unwrap()
        };
        assert_eq!(cfg(Edition::Standard, 4).num_cards(), 154 - 24);
        assert_eq!(cfg(Edition::Standard, 2).num_cards(), 154 - 10);
        assert_eq!(cfg(Edition::Standard, 3).num_cards(), 150);
        assert_eq!(
            cfg(Edition::Standard, 7).hand_sizes,
            vec![3, 4, 5, 6, 6, 6, 6]
        );
        assert_eq!(cfg(Edition::Classic, 5).num_cards(), 104);
        assert!(cfg(Edition::Standard, 2).duel);
        let err = Config::new(
            Options {
                edition: Edition::Classic,
                ..Options::default()
            },
            2,
        );
        assert_eq!(
            err.unwrap_err(),
            "the classic edition takes 3-5 players, not 2 [B-2]"
        );
    }
}
