//! Events as the Python engine's `Event(kind, public, private, private_to)`, built only where
//! they are kept: every rule logs through [`Log`]; the State API's [`Events`] builds the JSON,
//! a playout's [`KindCounts`] only counts kinds.

use serde_json::{json, Value};

#[derive(Debug, Clone, PartialEq)]
pub struct Event {
    pub kind: &'static str,
    pub public: Value,
    pub private: Option<Value>,
    pub private_to: Vec<usize>,
}

impl Event {
    /// `[kind, public, private, private_to]`, as the parity harness compares events.
    pub fn to_json(&self) -> Value {
        json!([self.kind, self.public, self.private, self.private_to])
    }
}

pub type Events = Vec<Event>;

pub trait Log {
    /// A public event.
    fn push(&mut self, kind: &'static str, public: impl FnOnce() -> Value);
    /// An event with a private part for one player.
    fn push_private(
        &mut self,
        kind: &'static str,
        to: usize,
        parts: impl FnOnce() -> (Value, Value),
    );
}

impl Log for Events {
    fn push(&mut self, kind: &'static str, public: impl FnOnce() -> Value) {
        Vec::push(
            self,
            Event {
                kind,
                public: public(),
                private: None,
                private_to: Vec::new(),
            },
        );
    }

    fn push_private(
        &mut self,
        kind: &'static str,
        to: usize,
        parts: impl FnOnce() -> (Value, Value),
    ) {
        let (public, private) = parts();
        Vec::push(
            self,
            Event {
                kind,
                public,
                private: Some(private),
                private_to: vec![to],
            },
        );
    }
}

/// No log at all: a move whose events nobody reads builds none (the fast loop's `play`).
impl Log for () {
    fn push(&mut self, _kind: &'static str, _public: impl FnOnce() -> Value) {}

    fn push_private(
        &mut self,
        _kind: &'static str,
        _to: usize,
        _parts: impl FnOnce() -> (Value, Value),
    ) {
    }
}

/// Counts of events by kind, in order of first occurrence.
#[derive(Debug, Default)]
pub struct KindCounts(pub Vec<(&'static str, u64)>);

impl KindCounts {
    fn count(&mut self, kind: &'static str) {
        match self.0.iter_mut().find(|(k, _)| *k == kind) {
            Some((_, n)) => *n += 1,
            None => self.0.push((kind, 1)),
        }
    }
}

impl Log for KindCounts {
    fn push(&mut self, kind: &'static str, _public: impl FnOnce() -> Value) {
        self.count(kind);
    }

    fn push_private(
        &mut self,
        kind: &'static str,
        _to: usize,
        _parts: impl FnOnce() -> (Value, Value),
    ) {
        self.count(kind);
    }
}
