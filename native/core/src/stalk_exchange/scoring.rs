//! The Bust, final scores, the tie-break cascade and ranks (S-41 … S-44), ported from
//! `scoring.py`.

use serde_json::{json, Value};

use super::state::Counts;

/// S-41: every type tied for the highest value keeps ⌊value / 2⌋ (the loss rounded up).
pub fn bust(values: &Counts) -> Counts {
    let top = values.iter().copied().max().unwrap_or(0);
    if top == 0 {
        return *values;
    }
    values.map(|v| if v == top { v / 2 } else { v })
}

/// S-42: the sum over the portfolio's tokens of their type's final value.
pub fn score(values: &Counts, portfolio: &Counts) -> i64 {
    values.iter().zip(portfolio).map(|(v, k)| v * k).sum()
}

/// S-43: the tokens held at each distinct final value, from the highest value down (types
/// tied in value counted together).
pub fn levels(values: &Counts, portfolio: &Counts) -> Vec<i64> {
    let mut distinct: Vec<i64> = values.to_vec();
    distinct.sort_unstable_by(|a, b| b.cmp(a));
    distinct.dedup();
    distinct
        .iter()
        .map(|&level| {
            values
                .iter()
                .zip(portfolio)
                .filter(|(&v, _)| v == level)
                .map(|(_, k)| k)
                .sum()
        })
        .collect()
}

/// The final result (`Outcome` of `engine/api.py`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Outcome {
    pub scores: Vec<i64>,
    pub ranks: Vec<i64>,
    pub winners: Vec<usize>,
    pub tiebreak: Vec<i64>,
}

impl Outcome {
    pub fn to_json(&self) -> Value {
        json!({"scores": self.scores, "ranks": self.ranks, "winners": self.winners,
               "tiebreak": self.tiebreak})
    }
}

/// `rank_by`: competition ranks (1, 1, 3 …) from per-player keys, higher is better (keys
/// compared as tuples), and the players sharing the best key.
pub fn rank_by(keys: &[Vec<i64>]) -> (Vec<i64>, Vec<usize>) {
    let ranks: Vec<i64> = keys
        .iter()
        .map(|mine| 1 + keys.iter().filter(|other| *other > mine).count() as i64)
        .collect();
    let winners = (0..ranks.len()).filter(|&p| ranks[p] == 1).collect();
    (ranks, winners)
}

/// S-42 … S-44 on the values before the Bust: scores, ranks by score then level by level,
/// winners; `tiebreak` holds each player's count at the highest value level.
pub fn outcome(values: &Counts, portfolios: &[Counts]) -> Outcome {
    let last = bust(values);
    let scores: Vec<i64> = portfolios.iter().map(|p| score(&last, p)).collect();
    let cascade: Vec<Vec<i64>> = portfolios.iter().map(|p| levels(&last, p)).collect();
    let keys: Vec<Vec<i64>> = scores
        .iter()
        .zip(&cascade)
        .map(|(&s, c)| std::iter::once(s).chain(c.iter().copied()).collect())
        .collect();
    let (ranks, winners) = rank_by(&keys);
    let tiebreak = cascade.iter().map(|c| c[0]).collect();
    Outcome {
        scores,
        ranks,
        winners,
        tiebreak,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bust_and_levels() {
        assert_eq!(bust(&[6, 6, 3, 1, 0]), [3, 3, 3, 1, 0]);
        assert_eq!(levels(&[4, 4, 2, 1, 0], &[2, 1, 0, 4, 4]), vec![3, 0, 4, 4]);
        // S-44: equal scores, more tokens at the highest level wins
        let o = outcome(&[4, 1, 0, 0, 0], &[[1, 0, 0, 0, 0], [0, 2, 0, 0, 0]]);
        assert_eq!(o.scores, vec![2, 2]);
        assert_eq!((o.ranks.clone(), o.winners.clone()), (vec![1, 2], vec![0]));
        assert_eq!(o.tiebreak, vec![1, 0]);
    }
}
