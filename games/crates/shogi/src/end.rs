//! How a game of shogi ends, beside the moves: checkmate, sennichite
//! (fourfold repetition, lost by a player who gave check with every move of
//! it) and the move limit.

use games_search::{Outcome, Terms};

/// The move limit by default, in plies: a game that reaches it without an
/// end is drawn. It is the default of cshogi's command-line referee
/// (`python -m cshogi.cli`, its `--draw` option, 256 in cshogi 1.1.0),
/// which plays our USI engine: it declares the draw when the move number
/// passes 256, that is after 256 plies from the start.
pub const MAX_PLIES: u32 = 256;

/// How many times one position must occur for sennichite.
const REPETITIONS: usize = 4;

/// What the end of the game needs of one position of a line: its key and
/// whether the player to move is in check there.
///
/// The key covers the board, both hands with their counts and the side to
/// move, and nothing else, as sennichite compares positions; it is kept by
/// the make-move, and computed from the board only for a line's first
/// position.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Step {
    /// The position's key.
    pub key: u64,
    /// Whether the player to move is in check.
    pub in_check: bool,
}

/// Whether the game has ended at the last position of `line`, a line of
/// consecutive positions (one ply apart), for the player to move there:
///
/// 1. sennichite: the last position occurs for the fourth time in `line`.
///    If one player gave check with every move from the first of the four
///    occurrences to now (every position of that stretch where the other
///    player is to move has them in check), that player loses; otherwise,
///    and if both did, it is a draw.
/// 2. the move limit: `line` holds [`Terms::max_plies`] plies or more (a
///    draw).
///
/// `None` for an empty line. O(`line`): the repetition is looked for over
/// the whole line, since no shogi move makes a position unrepeatable (a
/// capture's piece can come back by a capture and a drop).
#[must_use]
pub fn ended(line: &[Step], terms: &Terms) -> Option<Outcome> {
    let last = line.len().checked_sub(1)?;
    if let Some(outcome) = sennichite(line) {
        return Some(outcome);
    }
    let plies = u32::try_from(last).unwrap_or(u32::MAX);
    (plies >= terms.max_plies).then_some(Outcome::Draw)
}

/// The outcome of sennichite at the last position of `line`, if it is the
/// fourth occurrence of that position.
fn sennichite(line: &[Step]) -> Option<Outcome> {
    let last = line.len().checked_sub(1)?;
    let key = line[last].key;
    // The key includes the side to move, and every ply passes the turn, so
    // the same position comes back only an even number of plies later.
    let mut first = last;
    let mut seen = 1;
    let mut index = last;
    while seen < REPETITIONS && index >= 2 {
        index -= 2;
        if line[index].key == key {
            first = index;
            seen += 1;
        }
    }
    if seen < REPETITIONS {
        return None;
    }
    let cycle = &line[first..];
    // Positions at even offsets have the last position's player to move.
    let checked_mover = cycle.iter().step_by(2).all(|step| step.in_check);
    let checked_other = cycle.iter().skip(1).step_by(2).all(|step| step.in_check);
    Some(match (checked_mover, checked_other) {
        (false, true) => Outcome::Loss,
        (true, false) => Outcome::Win,
        _ => Outcome::Draw,
    })
}
