//! Fields of Green card data (F-80 … F-89) read natively from its *normalised* JSON form
//! (`CardSet.to_json()` of `cards.py`: every default filled in by the Python validator, which
//! stays the one place a card file is checked). The ability vocabulary stays data: amounts,
//! selectors, conditions, effects and modifiers are small trees that `abilities.rs`
//! interprets; nothing is compiled per card. Effect lists are interned as in `config.py`'s
//! `_Interner` (same order, same ids: the decision stack holds them and `key()` shows them).

use std::collections::HashMap;

use serde_json::Value;

/// F-8: the four location types, in pile order.
pub const TYPES: [&str; 4] = ["field", "livestock", "construction", "building"];
pub const TOWER: usize = 4;
pub const SILO: usize = 5;
/// Card kinds: the four types, then Water Towers and Silos.
pub const KIND_NAMES: [&str; 6] = [
    "field",
    "livestock",
    "construction",
    "building",
    "water_tower",
    "silo",
];

/// When an ability or a tile acts (F-82, F-87).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Timing {
    Immediate,
    Harvest,
    GameEnd,
    Placement,
    Ongoing,
}

impl Timing {
    fn parse(s: &str) -> Result<Timing, String> {
        Ok(match s {
            "immediate" => Timing::Immediate,
            "harvest" => Timing::Harvest,
            "game_end" => Timing::GameEnd,
            "placement" => Timing::Placement,
            "ongoing" => Timing::Ongoing,
            _ => return Err(format!("unknown timing {s:?}")),
        })
    }

    pub fn name(self) -> &'static str {
        match self {
            Timing::Immediate => "immediate",
            Timing::Harvest => "harvest",
            Timing::GameEnd => "game_end",
            Timing::Placement => "placement",
            Timing::Ongoing => "ongoing",
        }
    }
}

/// F-84 `where`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Where {
    Farm,
    Adjacent,
    Within(i64),
}

/// F-84 `what`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum What {
    LocationCard,
    WaterTower,
    Silo,
    Location,
    OpenArea,
    Equipment,
}

/// A selector (F-84); `None` filters let everything through.
#[derive(Debug, Clone, PartialEq)]
pub struct Selector {
    pub r#where: Where,
    pub what: What,
    /// Kinds (indexes of `TYPES`).
    pub types: Option<Vec<usize>>,
    pub subtypes: Option<Vec<String>>,
    pub names: Option<Vec<String>>,
    pub tags: Option<Vec<String>>,
    pub ability: Option<Timing>,
    pub allow_self: bool,
}

/// F-83 resources.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Resource {
    Coins,
    Food,
    Water,
    VpTokens,
    EmptyWaterTowers,
    SetAsideEquipment,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DistinctBy {
    Type,
    Subtype,
    Name,
}

/// An amount (F-83).
#[derive(Debug, Clone, PartialEq)]
pub enum Amount {
    Int(i64),
    Count {
        sel: Selector,
        each: i64,
        plus: i64,
        max: Option<i64>,
    },
    Sets {
        sels: Vec<Selector>,
        each: i64,
        max: Option<i64>,
    },
    Distinct {
        sel: Selector,
        by: DistinctBy,
        each: i64,
        max: Option<i64>,
    },
    Resource {
        res: Resource,
        per: i64,
        each: i64,
        max: Option<i64>,
    },
    If {
        cond: Box<Condition>,
        then: Box<Amount>,
        otherwise: Box<Amount>,
    },
    Sum(Vec<Amount>),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Op {
    AtLeast,
    AtMost,
    Exactly,
}

/// A condition (F-85).
#[derive(Debug, Clone, PartialEq)]
pub enum Condition {
    All(Vec<Condition>),
    Any(Vec<Condition>),
    Not(Box<Condition>),
    Count(Selector, Op, i64),
    Resource(Resource, Op, i64),
}

/// What `gain` gains (F-86).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Gain {
    Coins,
    Food,
    Water,
    Vp,
}

impl Gain {
    pub fn name(self) -> &'static str {
        match self {
            Gain::Coins => "coins",
            Gain::Food => "food",
            Gain::Water => "water",
            Gain::Vp => "vp",
        }
    }
}

/// An effect (F-86); `Choose` holds the interned ids of its option lists.
#[derive(Debug, Clone, PartialEq)]
pub enum Effect {
    Gain(Gain, Amount),
    /// `None`: all towers; else the water distance from the source.
    Refill(Option<i64>),
    GainEquipment(i64),
    Choose(Vec<usize>),
    RepeatHost,
}

/// What evaluating an amount, a condition or an effect list reads of a farm besides its
/// resources: its cards (any selector: the cells, what stands on them, face down or not,
/// tiles) and where its source stands (an `adjacent` or `within` selector, a refill near the
/// source). Static facts of the card data: the greedy policy's prices skip evaluations whose
/// result cannot change (a card probed next to an ability that reads no cards; the same
/// ability priced on another empty cell).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Reads {
    pub cards: bool,
    pub origin: bool,
}

impl Reads {
    fn and(self, other: Reads) -> Reads {
        Reads {
            cards: self.cards || other.cards,
            origin: self.origin || other.origin,
        }
    }

    fn of_selector(sel: &Selector) -> Reads {
        Reads {
            cards: true,
            origin: sel.r#where != Where::Farm,
        }
    }

    pub fn of_amount(a: &Amount) -> Reads {
        match a {
            Amount::Int(_) | Amount::Resource { .. } => Reads::default(),
            Amount::Count { sel, .. } | Amount::Distinct { sel, .. } => Reads::of_selector(sel),
            Amount::Sets { sels, .. } => sels
                .iter()
                .fold(Reads::default(), |r, s| r.and(Reads::of_selector(s))),
            Amount::If {
                cond,
                then,
                otherwise,
            } => Reads::of_condition(cond)
                .and(Reads::of_amount(then))
                .and(Reads::of_amount(otherwise)),
            Amount::Sum(parts) => parts
                .iter()
                .fold(Reads::default(), |r, x| r.and(Reads::of_amount(x))),
        }
    }

    fn of_condition(c: &Condition) -> Reads {
        match c {
            Condition::All(parts) | Condition::Any(parts) => parts
                .iter()
                .fold(Reads::default(), |r, x| r.and(Reads::of_condition(x))),
            Condition::Not(x) => Reads::of_condition(x),
            Condition::Count(sel, ..) => Reads::of_selector(sel),
            Condition::Resource(..) => Reads::default(),
        }
    }

    /// A cost's three amounts (nothing for no cost).
    pub fn of_cost(cost: Option<&Cost>) -> Reads {
        cost.map_or(Reads::default(), |c| {
            Reads::of_amount(&c.coins)
                .and(Reads::of_amount(&c.water))
                .and(Reads::of_amount(&c.food))
        })
    }

    /// Effect list `list` of the interned `lists`, its choices' options included.
    pub fn of_list(lists: &[Vec<Effect>], list: usize) -> Reads {
        lists[list].iter().fold(Reads::default(), |r, e| {
            r.and(match e {
                Effect::Gain(_, a) => Reads::of_amount(a),
                Effect::Refill(scope) => Reads {
                    cards: false,
                    origin: scope.is_some(),
                },
                Effect::GainEquipment(_) | Effect::RepeatHost => Reads::default(),
                Effect::Choose(options) => options
                    .iter()
                    .fold(Reads::default(), |r, &o| r.and(Reads::of_list(lists, o))),
            })
        })
    }
}

/// A modifier of an ongoing tile (F-88).
#[derive(Debug, Clone, PartialEq)]
pub enum Modifier {
    WaterRange(i64),
    TowerCapacity(i64),
    SiloCapacity(i64),
    MarketBonus(i64),
    /// (coins, water, food), each <= 0.
    HarvestCost(i64, i64, i64),
    /// An interned effect list.
    HarvestBonus(usize),
}

/// A cost (F-82): amounts evaluated when paid.
#[derive(Debug, Clone, PartialEq)]
pub struct Cost {
    pub coins: Amount,
    pub water: Amount,
    pub food: Amount,
}

/// A location's ability (F-82); `effects` is an interned list id.
#[derive(Debug, Clone, PartialEq)]
pub struct Ability {
    pub timing: Timing,
    pub cost: Option<Cost>,
    pub effects: usize,
}

/// One location card design (F-81).
#[derive(Debug, Clone, PartialEq)]
pub struct LocationDesign {
    pub id: String,
    pub kind: usize,
    pub subtype: Option<String>,
    pub tags: Vec<String>,
    pub copies: usize,
    pub coins: i64,
    pub water: i64,
    pub food: i64,
    pub vp: i64,
    pub ability: Option<Ability>,
}

/// Where a tile may go (F-65): a card kind, any location card, or any location.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Host {
    Kind(usize),
    LocationCard,
    Location,
}

/// One equipment tile design (F-87).
#[derive(Debug, Clone, PartialEq)]
pub struct EquipmentDesign {
    pub id: String,
    pub copies: usize,
    pub on: Host,
    pub keyword: Option<String>,
    pub timing: Timing,
    pub cost: Option<Cost>,
    pub effects: usize,
    pub modifiers: Vec<Modifier>,
}

/// A parsed card set with its interned effect lists.
#[derive(Debug, Clone, PartialEq)]
pub struct CardSet {
    pub locations: Vec<LocationDesign>,
    pub equipment: Vec<EquipmentDesign>,
    pub lists: Vec<Vec<Effect>>,
}

type R<T> = Result<T, String>;

fn field<'a>(v: &'a Value, key: &str) -> R<&'a Value> {
    v.get(key)
        .ok_or_else(|| format!("card data: missing {key:?} in {v}"))
}

fn int(v: &Value) -> R<i64> {
    v.as_i64()
        .ok_or_else(|| format!("card data: not an integer: {v}"))
}

fn string(v: &Value) -> R<String> {
    v.as_str()
        .map(str::to_string)
        .ok_or_else(|| format!("card data: not a string: {v}"))
}

fn opt_int(v: Option<&Value>) -> R<Option<i64>> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(x) => int(x).map(Some),
    }
}

fn int_or(v: &Value, key: &str, default: i64) -> R<i64> {
    match v.get(key) {
        None => Ok(default),
        Some(x) => int(x),
    }
}

fn strings(v: Option<&Value>) -> R<Option<Vec<String>>> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Array(items)) => items.iter().map(string).collect::<R<_>>().map(Some),
        Some(x) => Err(format!("card data: not a list of strings: {x}")),
    }
}

fn array(v: &Value) -> R<&Vec<Value>> {
    v.as_array()
        .ok_or_else(|| format!("card data: not a list: {v}"))
}

fn kind_index(name: &str) -> R<usize> {
    KIND_NAMES
        .iter()
        .position(|&k| k == name)
        .ok_or_else(|| format!("card data: unknown kind {name:?}"))
}

fn resource(name: &str) -> R<Resource> {
    Ok(match name {
        "coins" => Resource::Coins,
        "food" => Resource::Food,
        "water" => Resource::Water,
        "vp_tokens" => Resource::VpTokens,
        "empty_water_towers" => Resource::EmptyWaterTowers,
        "set_aside_equipment" => Resource::SetAsideEquipment,
        _ => return Err(format!("unknown resource {name:?} [F-83]")),
    })
}

fn selector(v: &Value) -> R<Selector> {
    let r#where = match v.get("where") {
        None => Where::Farm,
        Some(Value::String(s)) if s == "farm" => Where::Farm,
        Some(Value::String(s)) if s == "adjacent" => Where::Adjacent,
        Some(w) => Where::Within(int(field(w, "within")?)?),
    };
    let what = match v
        .get("what")
        .and_then(Value::as_str)
        .unwrap_or("location_card")
    {
        "location_card" => What::LocationCard,
        "water_tower" => What::WaterTower,
        "silo" => What::Silo,
        "location" => What::Location,
        "open_area" => What::OpenArea,
        "equipment" => What::Equipment,
        other => return Err(format!("card data: unknown what {other:?}")),
    };
    // a type filter naming no location type matches nothing (kinds >= 4 never pass)
    let types = strings(v.get("type"))?.map(|names| {
        names
            .iter()
            .filter_map(|n| TYPES.iter().position(|t| t == n))
            .collect()
    });
    let ability = match v.get("ability") {
        None | Some(Value::Null) => None,
        Some(t) => Some(Timing::parse(&string(t)?)?),
    };
    Ok(Selector {
        r#where,
        what,
        types,
        subtypes: strings(v.get("subtype"))?,
        names: strings(v.get("name"))?,
        tags: strings(v.get("tag"))?,
        ability,
        allow_self: v.get("self").and_then(Value::as_bool).unwrap_or(false),
    })
}

fn op_of(v: &Value) -> R<(Op, i64)> {
    for (key, op) in [
        ("at_least", Op::AtLeast),
        ("at_most", Op::AtMost),
        ("exactly", Op::Exactly),
    ] {
        if let Some(x) = v.get(key) {
            return Ok((op, int(x)?));
        }
    }
    Err(format!("card data: a condition without a comparison: {v}"))
}

fn condition(v: &Value) -> R<Condition> {
    if let Some(parts) = v.get("all") {
        return Ok(Condition::All(
            array(parts)?.iter().map(condition).collect::<R<_>>()?,
        ));
    }
    if let Some(parts) = v.get("any") {
        return Ok(Condition::Any(
            array(parts)?.iter().map(condition).collect::<R<_>>()?,
        ));
    }
    if let Some(part) = v.get("not") {
        return Ok(Condition::Not(Box::new(condition(part)?)));
    }
    let (op, n) = op_of(v)?;
    match v.get("count") {
        Some(sel) if !sel.is_null() => Ok(Condition::Count(selector(sel)?, op, n)),
        _ => Ok(Condition::Resource(
            resource(&string(field(v, "resource")?)?)?,
            op,
            n,
        )),
    }
}

fn amount(v: &Value) -> R<Amount> {
    if let Some(n) = v.as_i64() {
        return Ok(Amount::Int(n));
    }
    let each = int_or(v, "each", 1)?;
    let max = opt_int(v.get("max"))?;
    if let Some(sel) = v.get("count") {
        return Ok(Amount::Count {
            sel: selector(sel)?,
            each,
            plus: int_or(v, "plus", 0)?,
            max,
        });
    }
    if let Some(sels) = v.get("sets") {
        return Ok(Amount::Sets {
            sels: array(sels)?.iter().map(selector).collect::<R<_>>()?,
            each,
            max,
        });
    }
    if let Some(sel) = v.get("distinct") {
        let by = match v.get("by").and_then(Value::as_str) {
            Some("type") => DistinctBy::Type,
            Some("subtype") => DistinctBy::Subtype,
            _ => DistinctBy::Name,
        };
        return Ok(Amount::Distinct {
            sel: selector(sel)?,
            by,
            each,
            max,
        });
    }
    if let Some(res) = v.get("resource") {
        let per = int_or(v, "per", 1)?;
        if per < 1 {
            return Err(format!("card data: per must be >= 1: {v}"));
        }
        return Ok(Amount::Resource {
            res: resource(&string(res)?)?,
            per,
            each,
            max,
        });
    }
    if let Some(cond) = v.get("if") {
        let otherwise = match v.get("else") {
            None => Amount::Int(0),
            Some(x) => amount(x)?,
        };
        return Ok(Amount::If {
            cond: Box::new(condition(cond)?),
            then: Box::new(amount(field(v, "then")?)?),
            otherwise: Box::new(otherwise),
        });
    }
    if let Some(parts) = v.get("sum") {
        return Ok(Amount::Sum(
            array(parts)?.iter().map(amount).collect::<R<_>>()?,
        ));
    }
    Err(format!("unknown amount {v} [F-83]"))
}

fn cost(v: Option<&Value>) -> R<Option<Cost>> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(c) => {
            let part = |key: &str| match c.get(key) {
                None => Ok(Amount::Int(0)),
                Some(x) => amount(x),
            };
            Ok(Some(Cost {
                coins: part("coins")?,
                water: part("water")?,
                food: part("food")?,
            }))
        }
    }
}

/// `_Interner` of `config.py`: effect lists by value (their JSON text, as Python keys them by
/// `repr` of the same normalised data), first seen first.
#[derive(Default)]
struct Interner {
    lists: Vec<Vec<Effect>>,
    ids: HashMap<String, usize>,
}

impl Interner {
    fn add(&mut self, v: &Value) -> R<usize> {
        let key = v.to_string();
        if let Some(&id) = self.ids.get(&key) {
            return Ok(id);
        }
        let id = self.lists.len();
        self.ids.insert(key, id);
        self.lists.push(Vec::new());
        let mut parsed = Vec::new();
        for e in array(v)? {
            parsed.push(self.effect(e)?);
        }
        self.lists[id] = parsed;
        Ok(id)
    }

    fn effect(&mut self, v: &Value) -> R<Effect> {
        if let Some(g) = v.get("gain") {
            let gain = match g.as_str() {
                Some("coins") => Gain::Coins,
                Some("food") => Gain::Food,
                Some("water") => Gain::Water,
                Some("vp") => Gain::Vp,
                _ => return Err(format!("card data: unknown gain {g}")),
            };
            return Ok(Effect::Gain(gain, amount(field(v, "amount")?)?));
        }
        if let Some(scope) = v.get("refill_towers") {
            return Ok(Effect::Refill(match scope.as_str() {
                Some("all") => None,
                _ => Some(int(field(scope, "within")?)?),
            }));
        }
        if let Some(n) = v.get("gain_equipment") {
            return Ok(Effect::GainEquipment(int(n)?));
        }
        if let Some(options) = v.get("choose") {
            let ids = array(options)?
                .iter()
                .map(|o| self.add(o))
                .collect::<R<_>>()?;
            return Ok(Effect::Choose(ids));
        }
        if v.get("repeat_host").is_some() {
            return Ok(Effect::RepeatHost);
        }
        Err(format!("unknown effect {v} [F-86]"))
    }
}

fn modifier(v: &Value, interner: &mut Interner) -> R<Modifier> {
    let get = |key: &str| v.get(key).map(int).transpose();
    if let Some(n) = get("water_range")? {
        return Ok(Modifier::WaterRange(n));
    }
    if let Some(n) = get("tower_capacity")? {
        return Ok(Modifier::TowerCapacity(n));
    }
    if let Some(n) = get("silo_capacity")? {
        return Ok(Modifier::SiloCapacity(n));
    }
    if let Some(n) = get("market_bonus")? {
        return Ok(Modifier::MarketBonus(n));
    }
    if let Some(c) = v.get("harvest_cost") {
        return Ok(Modifier::HarvestCost(
            int_or(c, "coins", 0)?,
            int_or(c, "water", 0)?,
            int_or(c, "food", 0)?,
        ));
    }
    if let Some(b) = v.get("harvest_bonus") {
        return Ok(Modifier::HarvestBonus(interner.add(b)?));
    }
    Err(format!("unknown modifier {v} [F-88]"))
}

/// An ability before its effects are interned: timing, cost, effects.
type RawAbility = (Timing, Option<Cost>, Value);

fn location(v: &Value) -> R<(LocationDesign, Option<RawAbility>)> {
    let kind = kind_index(&string(field(v, "type")?)?)?;
    let c = field(v, "cost")?;
    let ability = match v.get("ability") {
        None | Some(Value::Null) => None,
        Some(a) => Some((
            Timing::parse(&string(field(a, "timing")?)?)?,
            cost(a.get("cost"))?,
            a.get("effects").cloned().unwrap_or(Value::Array(vec![])),
        )),
    };
    let design = LocationDesign {
        id: string(field(v, "id")?)?,
        kind,
        subtype: match v.get("subtype") {
            None | Some(Value::Null) => None,
            Some(s) => Some(string(s)?),
        },
        tags: strings(v.get("tags"))?.unwrap_or_default(),
        copies: int(field(v, "copies")?)?.max(0) as usize,
        coins: int_or(c, "coins", 0)?,
        water: int_or(c, "water", 0)?,
        food: int_or(c, "food", 0)?,
        vp: int_or(v, "vp", 0)?,
        ability: None,
    };
    Ok((design, ability))
}

fn equipment(v: &Value, interner: &mut Interner) -> R<EquipmentDesign> {
    let placement = field(v, "placement")?;
    let on = match string(field(placement, "on")?)?.as_str() {
        "location_card" => Host::LocationCard,
        "location" => Host::Location,
        other => Host::Kind(kind_index(other)?),
    };
    let timing = Timing::parse(&string(field(v, "timing")?)?)?;
    let empty = Value::Array(vec![]);
    let effects = interner.add(v.get("effects").unwrap_or(&empty))?;
    let mut modifiers = Vec::new();
    if let Some(ms) = v.get("modifiers") {
        for m in array(ms)? {
            modifiers.push(modifier(m, interner)?);
        }
    }
    Ok(EquipmentDesign {
        id: string(field(v, "id")?)?,
        copies: int(field(v, "copies")?)?.max(0) as usize,
        on,
        keyword: match placement.get("keyword") {
            None | Some(Value::Null) => None,
            Some(k) => Some(string(k)?),
        },
        timing,
        cost: cost(v.get("cost"))?,
        effects,
        modifiers,
    })
}

impl CardSet {
    /// The set of a normalised card-data object (`CardSet.to_json()`); the lists interned in
    /// `make_config`'s order: location abilities type by type, then each tile's effects and
    /// harvest bonuses.
    pub fn from_json(v: &Value) -> R<CardSet> {
        let empty = Vec::new();
        let locs = match v.get("locations") {
            None => &empty,
            Some(x) => array(x)?,
        };
        let mut parsed = Vec::with_capacity(locs.len());
        for l in locs {
            parsed.push(location(l)?);
        }
        let mut interner = Interner::default();
        for kind in 0..TYPES.len() {
            for (design, ability) in parsed.iter_mut() {
                if design.kind != kind {
                    continue;
                }
                if let Some((timing, cost, effects)) = ability.take() {
                    let id = interner.add(&effects)?;
                    design.ability = Some(Ability {
                        timing,
                        cost,
                        effects: id,
                    });
                }
            }
        }
        let mut equipment_designs = Vec::new();
        if let Some(eqs) = v.get("equipment") {
            for e in array(eqs)? {
                equipment_designs.push(equipment(e, &mut interner)?);
            }
        }
        Ok(CardSet {
            locations: parsed.into_iter().map(|(d, _)| d).collect(),
            equipment: equipment_designs,
            lists: interner.lists,
        })
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{json, Value};

    use super::super::Config;
    use super::Reads;

    /// What the shipped set's abilities read: an `adjacent` count reads the cards and where
    /// its source stands (also inside an `if`), a `farm` count the cards only, fixed amounts
    /// neither; a cost's amounts are read alike.
    #[test]
    fn reads_of_the_shipped_abilities() {
        let text = include_str!("../../tests/data/fields_of_green_original_cards.json");
        let cards: Value = serde_json::from_str(text).expect("card data");
        let options = json!({"ruleset": "published", "introductory": false, "cards": "original"});
        let cfg = Config::new(3, &options, &cards).expect("config");
        let ability = |design: &str| {
            let info = cfg.cards.iter().find(|c| c.design == design).expect(design);
            info.ability.as_ref().expect("an ability")
        };
        let of = |design: &str| cfg.reads[ability(design).effects];
        let both = Reads {
            cards: true,
            origin: true,
        };
        let cards_only = Reads {
            cards: true,
            origin: false,
        };
        assert_eq!(of("bean_trellis"), both);
        assert_eq!(of("goat_pen"), both);
        assert_eq!(of("cherry_orchard"), cards_only);
        assert_eq!(of("turnip_rows"), Reads::default());
        assert_eq!(of("rabbit_hutches"), Reads::default());
        let cost = ability("rabbit_hutches").cost.as_ref();
        assert_eq!(Reads::of_cost(cost), cards_only);
        assert_eq!(
            Reads::of_cost(ability("turnip_rows").cost.as_ref()),
            Reads::default()
        );
    }
}
