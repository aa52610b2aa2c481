//! The rollout bot's samples (`seedbed.bots.rollout.Player.sample`) over [`SearchGame`]: one
//! determinization for the seat and one rollout seed per sample, every candidate still in
//! play tried in it (common random numbers) and the game played on by every seat's greedy
//! policy to the end. The candidates, sequential halving and the final test stay in Python
//! (`seedbed.bots.rollout`); the samples, where the time goes, run here, draw for draw.

use std::time::Instant;

use super::ismcts::{outcome_rewards, ROLLOUT_STEPS};
use super::SearchGame;
use crate::rng::Rng;

/// What each sample is worth to the observer: `outcome` (ISMCTS's reward) or `lead` (its
/// final score minus the best other seat's).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Reward {
    Outcome,
    Lead,
}

/// `Player.reward` of a position the greedy policy played to the end.
fn reward<G: SearchGame>(state: &G, me: usize, how: Reward) -> f64 {
    let Some(outcome) = state.outcome() else {
        return 0.0;
    };
    match how {
        Reward::Lead => {
            let best = (outcome.scores.iter().enumerate())
                .filter(|&(q, _)| q != me)
                .map(|(_, &s)| s)
                .max()
                .unwrap_or(0);
            (outcome.scores[me] - best) as f64
        }
        Reward::Outcome => outcome_rewards(&outcome, state.num_players())[me],
    }
}

/// Play on with the greedy policy at every seat (natively, then step by step for whatever
/// the native playout left).
fn play_greedy<G: SearchGame>(state: &mut G, rng: &mut Rng) {
    state.greedy_playout(rng, ROLLOUT_STEPS);
    while let Some(p) = state.first_mover() {
        let Some(a) = state.greedy_choose(p, rng) else {
            break;
        };
        if state.apply(p as i64, &a).is_err() {
            break;
        }
    }
}

/// `count` samples from `truth` for the seat `me`, each trying every arm of `arms`: per
/// sample, each arm's reward (None where the arm is illegal in that determinization). Stops
/// early once `cap` seconds have passed (a server's think budget), after a whole sample.
pub fn samples<G: SearchGame>(
    truth: &G,
    me: usize,
    arms: &[G::Action],
    rng: &mut Rng,
    count: usize,
    how: Reward,
    cap: Option<f64>,
) -> Vec<Vec<Option<f64>>> {
    let start = Instant::now();
    let mut out = Vec::with_capacity(count);
    for _ in 0..count {
        let det = truth.determinize(me, rng);
        let seed = rng.next64();
        let row = arms
            .iter()
            .map(|a| {
                if det.refusal(me as i64, a).is_some() {
                    return None;
                }
                let mut state = det.clone();
                state.apply(me as i64, a).ok()?;
                play_greedy(&mut state, &mut Rng::new(seed));
                Some(reward(&state, me, how))
            })
            .collect();
        out.push(row);
        if cap.is_some_and(|c| start.elapsed().as_secs_f64() >= c) {
            break;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::interface::{Bohnanza, FieldsOfGreen, StalkExchange};

    fn check<G: SearchGame>() {
        let state: G = crate::search::test_position(3, 3, 20);
        let me = state.first_mover().expect("on the move");
        let arms: Vec<G::Action> = state.legal_actions(me).into_iter().take(3).collect();
        let run = |how| samples(&state, me, &arms, &mut Rng::new(9), 4, how, None);
        let (a, b) = (run(Reward::Lead), run(Reward::Lead));
        assert_eq!(a, b, "{}: the same seed, the same samples", G::NAME);
        assert_eq!(a.len(), 4);
        assert!(a
            .iter()
            .all(|row| row.len() == arms.len() && row[0].is_some()));
        let outcome = run(Reward::Outcome);
        assert!(outcome
            .iter()
            .flatten()
            .flatten()
            .all(|r| (0.0..=1.0).contains(r)));
    }

    #[test]
    fn samples_are_seeded_and_every_arm_is_scored() {
        check::<Bohnanza>();
        check::<FieldsOfGreen>();
        check::<StalkExchange>();
    }
}
