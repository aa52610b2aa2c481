//! Bohnanza behind [`NativeGame`]: each method calls the game's own function.

use std::sync::Arc;

use serde_json::Value;

use super::{EventParts, LoadError, Menu, NativeGame, Outcome, Refused};
use crate::bohnanza::actions::Action;
use crate::bohnanza::menu::{self, legal_actions};
use crate::bohnanza::playout::{self, KINDS};
use crate::bohnanza::state::LoadError as Load;
use crate::bohnanza::{codes, game, observe, rules, Config, Event, Options, Zones};
use crate::rng::Rng;

/// A Bohnanza position.
pub type Bohnanza = Zones;

impl Menu<Zones> for menu::Menu {
    fn len(&self) -> usize {
        menu::Menu::len(self)
    }

    fn get(&self, _state: &Zones, i: usize) -> Option<Action> {
        menu::Menu::get(self, i)
    }
}

fn refused(why: game::Refused) -> Refused {
    Refused {
        not_on_move: why.not_on_move,
        message: why.message,
        clause: Some(why.clause),
    }
}

impl NativeGame for Zones {
    type Action = Action;
    type Event = Event;
    type Menu = menu::Menu;
    type Config = Arc<Config>;

    const NAME: &'static str = "bohnanza";

    /// B-2 (the player counts of the edition) and B-3 (the options).
    fn config(num_players: usize, options: &Value, _data: &Value) -> Result<Arc<Config>, String> {
        let options = Options::from_json(options)?;
        let edition = options.edition;
        let (least, most) = edition.player_counts();
        if !(least..=most).contains(&num_players) {
            return Err(format!(
                "the {} edition takes {least}-{most} players, not {num_players} [B-2]",
                edition.name()
            ));
        }
        Ok(Arc::new(Config::new(options, num_players)?))
    }

    fn deal(cfg: &Arc<Config>, rng: Rng) -> Self {
        rules::setup(cfg.clone(), rng)
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

    fn first_mover(&self) -> Option<usize> {
        playout::first_mover(self)
    }

    fn menu(&self, player: usize) -> menu::Menu {
        if game::movers(self).contains(&player) {
            legal_actions(self, player)
        } else {
            menu::Menu::default()
        }
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
        observe::observe(self, viewer, &game::movers(self))
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
        codes::encode(a).map(u128::from)
    }

    fn action_of_code(code: u128) -> Option<Action> {
        u64::try_from(code).ok().and_then(codes::decode)
    }

    fn event_parts(&self, e: &Event) -> EventParts {
        let e = e.to_json(&self.cfg);
        EventParts {
            kind: e.kind,
            public: e.public,
            private: e.private,
            private_to: e.private_to,
        }
    }

    /// The game's own playout (offers made straight from the menu's records, no action in
    /// between): the same draws and positions as the interface's step loop.
    fn playout(&mut self, rng: &mut Rng, max_steps: u64) -> u64 {
        playout::playout(self, rng, max_steps, &mut [0; KINDS])
    }
}
