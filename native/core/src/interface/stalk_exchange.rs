//! Stalk Exchange behind [`NativeGame`]: each method calls the game's own function.

use std::collections::BTreeMap;
use std::sync::Arc;

use serde_json::Value;

use super::{EventParts, LoadError, Menu, NativeGame, Outcome, Refused};
use crate::rng::Rng;
use crate::stalk_exchange::actions::Action;
use crate::stalk_exchange::menu::{self, legal_actions};
use crate::stalk_exchange::state::LoadError as Load;
use crate::stalk_exchange::{game, observe, playout, rules, Config, Event, Zones};

/// A Stalk Exchange position.
pub type StalkExchange = Zones;

impl Menu<Zones> for menu::Menu {
    fn len(&self) -> usize {
        menu::Menu::len(self)
    }

    fn get(&self, state: &Zones, i: usize) -> Option<Action> {
        menu::Menu::get(self, state, i)
    }
}

fn refused(why: game::Refused) -> Refused {
    Refused {
        not_on_move: why.not_on_move,
        message: why.message,
        clause: why.clause,
    }
}

/// The code layout of the State wrapper's fast path (as Bohnanza's `codes.rs`): from the low
/// bits the kind (2 bits: plant, swap, flush, end), the slot (8 bits), then a plant's q and r
/// offset by 128 (8 bits each) or a swap's type (8 bits). None beyond that layout.
pub fn action_code(a: &Action) -> Option<u64> {
    let byte = |v: i64| u64::try_from(v).ok().filter(|&u| u < 256);
    match *a {
        Action::Plant { slot, space } => Some(
            byte(slot)? << 2
                | byte(space.0.checked_add(128)?)? << 10
                | byte(space.1.checked_add(128)?)? << 18,
        ),
        Action::Swap { slot, give } => Some(1 | byte(slot)? << 2 | byte(give)? << 10),
        Action::Flush => Some(2),
        Action::EndActions => Some(3),
    }
}

/// The action of a code ([`action_code`]'s inverse), None for a code no action has.
pub fn action_of_code(code: u64) -> Option<Action> {
    let byte = |shift: u32| ((code >> shift) & 0xff) as i64;
    let a = match code & 3 {
        0 => Action::Plant {
            slot: byte(2),
            space: (byte(10) - 128, byte(18) - 128),
        },
        1 => Action::Swap {
            slot: byte(2),
            give: byte(10),
        },
        2 => Action::Flush,
        _ => Action::EndActions,
    };
    (action_code(&a) == Some(code)).then_some(a)
}

impl NativeGame for Zones {
    type Action = Action;
    type Event = Event;
    type Menu = menu::Menu;
    type Config = Arc<Config>;

    const NAME: &'static str = "stalk_exchange";

    fn config(num_players: usize, options: &Value, _data: &Value) -> Result<Arc<Config>, String> {
        Ok(Arc::new(Config::new(num_players, options)?))
    }

    fn deal(cfg: &Arc<Config>, rng: Rng) -> Self {
        rules::deal(cfg.clone(), rng)
    }

    fn config_of(&self) -> Arc<Config> {
        self.cfg.clone()
    }

    fn from_json(obj: &Value, _data: &Value) -> Result<Self, LoadError> {
        game::state_from_json(obj).map_err(|e| match e {
            Load::Missing(key) => LoadError::Missing(key),
            Load::Bad(why) => LoadError::Bad(why),
        })
    }

    fn num_players(&self) -> usize {
        self.cfg.num_players
    }

    fn to_move(&self) -> Vec<usize> {
        game::movers(self)
    }

    fn menu(&self, player: usize) -> menu::Menu {
        legal_actions(self, player as i64)
    }

    fn refusal(&self, player: i64, a: &Action) -> Option<Refused> {
        game::refusal(self, player, a).map(refused)
    }

    fn apply(&mut self, player: i64, a: &Action) -> Result<Vec<Event>, Refused> {
        game::apply(self, player, a).map_err(refused)
    }

    fn is_terminal(&self) -> bool {
        game::is_terminal(self)
    }

    fn outcome(&self) -> Option<Outcome> {
        game::outcome(self).map(|o| Outcome {
            scores: o.scores,
            ranks: o.ranks,
            winners: o.winners,
            tiebreak: o.tiebreak,
        })
    }

    fn observe(&self, viewer: Option<usize>) -> Value {
        observe::observe(self, viewer)
    }

    fn determinize(&self, viewer: usize, rng: &mut Rng) -> Self {
        let mut d = self.clone();
        observe::determinize_into(&mut d, Some(viewer), rng);
        d
    }

    fn key(&self) -> String {
        Zones::key(self)
    }

    fn to_json(&self) -> Value {
        Zones::to_json(self)
    }

    fn action_json(a: &Action) -> Value {
        a.to_json()
    }

    fn action_from_json(obj: &Value) -> Result<Action, String> {
        Action::from_json(obj)
    }

    fn code_of(a: &Action) -> Option<u128> {
        action_code(a).map(u128::from)
    }

    fn action_of_code(code: u128) -> Option<Action> {
        u64::try_from(code).ok().and_then(action_of_code)
    }

    /// Every Stalk Exchange event is public.
    fn event_parts(&self, e: &Event) -> EventParts {
        EventParts {
            kind: e.kind(),
            public: e.public_json(),
            private: None,
            private_to: Vec::new(),
        }
    }

    fn playout(&mut self, rng: &mut Rng, max_steps: u64) -> u64 {
        playout::playout(self, rng, max_steps, &mut BTreeMap::new())
    }
}
