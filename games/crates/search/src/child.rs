//! A tree node's figures, as a report shows them, and which of two is the
//! better move to play.

/// A tree node's figures, as a report shows them.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Child<M> {
    /// The move.
    pub mv: M,
    /// Iterations through it.
    pub visits: u32,
    /// Their mean value for the player who made it, in `[0, 1]`.
    pub value: f32,
    /// Whether the move ends the game, won by the player who made it.
    pub wins: bool,
}

impl<M> Child<M> {
    /// Whether this child is a better move to play than `other`: a move
    /// that wins at once first, then the most visited, then the better
    /// mean; `false` when they rank alike, so that the first of equals is
    /// kept.
    #[must_use]
    pub fn better_than(&self, other: &Child<M>) -> bool {
        (self.wins, self.visits) > (other.wins, other.visits)
            || ((self.wins, self.visits) == (other.wins, other.visits) && self.value > other.value)
    }
}

#[cfg(test)]
mod tests {
    use super::Child;

    fn child(mv: u8, visits: u32, value: f32, wins: bool) -> Child<u8> {
        Child {
            mv,
            visits,
            value,
            wins,
        }
    }

    #[test]
    fn a_win_at_once_beats_visits_visits_beat_the_mean_and_equals_keep_the_first() {
        let (won, visited, valued) = (
            child(0, 2, 1.0, true),
            child(1, 40, 0.6, false),
            child(2, 40, 0.7, false),
        );
        assert!(won.better_than(&visited) && !visited.better_than(&won));
        assert!(visited.better_than(&child(3, 39, 0.9, false)));
        assert!(valued.better_than(&visited) && !visited.better_than(&valued));
        assert!(
            !valued.better_than(&child(4, 40, 0.7, false)),
            "equals: the first is kept"
        );
    }
}
