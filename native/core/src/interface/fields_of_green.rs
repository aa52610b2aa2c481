//! Fields of Green behind [`NativeGame`]: each method calls the game's own function. Its
//! data is the card set (`CardSet.to_json()`, F-80 … F-88). Its actions have codes of up to
//! 128 bits (`codes.rs`, issue 34 target 2); the wrapper still shares one object per action
//! keyed by the native action (D-53).

use std::collections::BTreeMap;
use std::sync::Arc;

use serde_json::Value;

use super::{EventParts, LoadError, Menu, NativeGame, Outcome, Refused};
use crate::fields_of_green::actions::Action;
use crate::fields_of_green::flow::{first_mover, movers};
use crate::fields_of_green::menu::{self, legal_actions};
use crate::fields_of_green::state::LoadError as Load;
use crate::fields_of_green::{codes, game, observe, playout, Config, Event, Zones};
use crate::rng::Rng;

/// A Fields of Green position.
pub type FieldsOfGreen = Zones;

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

impl NativeGame for Zones {
    type Action = Action;
    type Event = Event;
    type Menu = menu::Menu;
    type Config = Arc<Config>;

    const NAME: &'static str = "fields_of_green";

    fn config(num_players: usize, options: &Value, data: &Value) -> Result<Arc<Config>, String> {
        Ok(Arc::new(Config::new(num_players, options, data)?))
    }

    fn deal(cfg: &Arc<Config>, rng: Rng) -> Self {
        game::new_state(cfg.clone(), rng)
    }

    fn config_of(&self) -> Arc<Config> {
        self.cfg.clone()
    }

    /// The configuration from the state's `num_players` and `options` with the card set
    /// `data`, as the wrapper builds it.
    fn from_json(obj: &Value, data: &Value) -> Result<Self, LoadError> {
        let n = obj
            .get("num_players")
            .ok_or_else(|| LoadError::Missing("num_players".into()))?;
        let n = n
            .as_u64()
            .ok_or_else(|| LoadError::Bad(format!("num_players {n} is not a count")))?;
        let options = obj
            .get("options")
            .ok_or_else(|| LoadError::Missing("options".into()))?;
        let cfg = Self::config(n as usize, options, data).map_err(LoadError::Bad)?;
        game::state_from_json(obj, cfg).map_err(|e| match e {
            Load::Missing(key) => LoadError::Missing(key),
            Load::Bad(why) => LoadError::Bad(why),
        })
    }

    fn num_players(&self) -> usize {
        self.cfg.num_players
    }

    fn to_move(&self) -> Vec<usize> {
        movers(self)
    }

    fn first_mover(&self) -> Option<usize> {
        first_mover(self)
    }

    fn menu(&self, player: usize) -> menu::Menu {
        if movers(self).contains(&player) {
            legal_actions(self, player)
        } else {
            menu::Menu::List(Vec::new())
        }
    }

    fn refusal(&self, player: i64, a: &Action) -> Option<Refused> {
        game::refusal(self, player, a).map(refused)
    }

    fn apply(&mut self, player: i64, a: &Action) -> Result<Vec<Event>, Refused> {
        game::apply(self, player, a).map_err(refused)
    }

    /// The rules' check, then the move with no log: its events (JSON built as they happen)
    /// are not made.
    fn apply_quiet(&mut self, player: i64, a: &Action) -> Result<(), Refused> {
        if let Some(why) = game::refusal(self, player, a) {
            return Err(refused(why));
        }
        game::step(self, player as usize, a, &mut ());
        Ok(())
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
        observe::determinize_into(&mut d, viewer, rng);
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
        codes::encode(a)
    }

    fn action_of_code(code: u128) -> Option<Action> {
        codes::decode(code)
    }

    fn event_parts(&self, e: &Event) -> EventParts {
        EventParts {
            kind: e.kind,
            public: e.public.clone(),
            private: e.private.clone(),
            private_to: e.private_to.clone(),
        }
    }

    fn playout(&mut self, rng: &mut Rng, max_steps: u64) -> u64 {
        playout::playout(self, rng, max_steps, &mut BTreeMap::new())
    }
}
