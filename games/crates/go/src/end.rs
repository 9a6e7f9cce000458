//! The end of a game: two passes in a row, a move that breaks positional
//! superko, the move limit; and the area score that decides a finished
//! game (GTP's `final_score` counts it once the dead stones are off,
//! [`Board::judge`]).

use core::fmt;

use persistent_qi::Player;

use super::BLACK;
use super::board::{Board, Points};
use games_search::{Outcome, Terms};

/// What the end of a game knows of one of its positions.
///
/// The [`key`](Step::key) names the whole node: the stones, the player to
/// move and the ko point (equal for equal nodes however reached). The
/// [`stones`](Step::stones) key is the stones alone, which positional
/// superko compares. Both are xors of the search's key terms
/// ([`key_term`](games_search::key_term)): a stone of colour `c` on the
/// point of flat index `i` is `key_term(i, c)`; the ko point `k` is
/// `key_term(361, k)`; White to move adds
/// [`SECOND_TO_MOVE`](games_search::SECOND_TO_MOVE). The rules' make
/// ([`Rules::make`](games_search::Rules::make)) updates them by the
/// stones a move places and captures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Step {
    pub(super) key: u64,
    pub(super) stones: u64,
    pub(super) since_capture: u16,
    pub(super) passes: u8,
}

// A step is kept in every node of a search's tree: two keys and two
// counters, no more.
const _: () = assert!(size_of::<Step>() == 24);

impl Step {
    /// The node's key: stones, player to move and ko point.
    #[must_use]
    pub fn key(self) -> u64 {
        self.key
    }

    /// The key of the stones alone, whoever is to move.
    #[must_use]
    pub fn stones(self) -> u64 {
        self.stones
    }

    /// The passes in a row that led here: 0, 1, or 2 (the game is over).
    #[must_use]
    pub fn passes(self) -> u8 {
        self.passes
    }

    /// The plies since the last capture, or since the line's first
    /// position if none was made since; saturating at `u16::MAX`.
    #[must_use]
    pub fn since_capture(self) -> u16 {
        self.since_capture
    }
}

/// A board's area, as area scoring counts it: each player's stones, plus
/// the empty points of every region (empty points joined orthogonally)
/// that borders that player's stones only. A region that borders both
/// colours, or none (the empty board), counts for neither.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Area {
    /// Black's stones and territory.
    pub black: u16,
    /// White's stones and territory.
    pub white: u16,
}

impl Area {
    /// The score with `komi` added to White's area.
    #[must_use]
    pub fn score(self, komi: f32) -> Score {
        Score {
            black_lead: f32::from(self.black) - f32::from(self.white) - komi,
        }
    }
}

/// An area score with komi: by how much Black leads (negative where White
/// does). Prints as GTP's `final_score` answers: `B+3.5`, `W+0.5`, or `0`
/// for a tie.
///
/// ```
/// use games_go::{self as go, Area};
/// use games_core::{Node as _, Persistent};
///
/// // Three black stones, one white: the empty points border both colours.
/// let board = go::load::<Persistent<u8, u8>>("X../X.O/X.. X")?.read();
/// assert_eq!(board.area(), Area { black: 3, white: 1 });
/// assert_eq!(board.area().score(0.5).to_string(), "B+1.5");
/// assert_eq!(board.area().score(2.0).to_string(), "0");
/// assert_eq!(board.area().score(7.5).to_string(), "W+5.5");
/// # Ok::<(), go::LoadError>(())
/// ```
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Score {
    black_lead: f32,
}

impl Score {
    /// Black's lead: Black's area minus White's, minus komi.
    #[must_use]
    pub fn black_lead(self) -> f32 {
        self.black_lead
    }

    /// `player`'s lead: positive where `player` is ahead.
    #[must_use]
    pub fn lead(self, player: Player) -> f32 {
        match player {
            Player::First => self.black_lead,
            Player::Second => -self.black_lead,
        }
    }

    /// How a game ended with this score comes out for `player`: a win for
    /// the player ahead, a draw on an equal score (an integer komi only).
    #[must_use]
    pub fn outcome(self, player: Player) -> Outcome {
        let lead = self.lead(player);
        if lead > 0.0 {
            Outcome::Win
        } else if lead < 0.0 {
            Outcome::Loss
        } else {
            Outcome::Draw
        }
    }
}

impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.black_lead > 0.0 {
            write!(f, "B+{}", self.black_lead)
        } else if self.black_lead < 0.0 {
            write!(f, "W+{}", -self.black_lead)
        } else {
            f.write_str("0")
        }
    }
}

impl Area {
    /// The area of `squares`, a board `width` points wide in row-major
    /// order: every point looked at once, each empty region flood-filled
    /// once. O(points).
    ///
    /// # Panics
    ///
    /// If `width` is 0 while `squares` is not empty, or `squares` is larger
    /// than the largest board.
    #[must_use]
    pub fn count(squares: &[Option<u8>], width: usize) -> Area {
        let mut area = Area { black: 0, white: 0 };
        let mut seen = Points::NONE;
        for index in 0..squares.len() {
            match squares[index] {
                Some(BLACK) => area.black += 1,
                Some(_) => area.white += 1,
                None if seen.contains(index) => {}
                None => {
                    let (size, borders_black, borders_white) =
                        region(squares, width, index, &mut seen);
                    match (borders_black, borders_white) {
                        (true, false) => area.black += size,
                        (false, true) => area.white += size,
                        _ => {}
                    }
                }
            }
        }
        area
    }
}

/// The empty region of the empty point `start`, added to `seen`: its size,
/// whether it borders a black stone, whether a white one.
fn region(
    squares: &[Option<u8>],
    width: usize,
    start: usize,
    seen: &mut Points,
) -> (u16, bool, bool) {
    let (mut size, mut black, mut white) = (1, false, false);
    let mut frontier = Points::NONE;
    seen.insert(start);
    frontier.insert(start);
    while let Some(at) = frontier.pop() {
        let column = at % width;
        let neighbours = [
            at.checked_sub(width),
            (column > 0).then(|| at - 1),
            (column + 1 < width).then_some(at + 1),
            Some(at + width).filter(|&below| below < squares.len()),
        ];
        for next in neighbours.into_iter().flatten() {
            match squares[next] {
                None => {
                    if seen.insert(next) {
                        frontier.insert(next);
                        size += 1;
                    }
                }
                Some(BLACK) => black = true,
                Some(_) => white = true,
            }
        }
    }
    (size, black, white)
}

impl Board {
    /// The board's [`Area`], every stone counted as alive
    /// ([`Area::count`]): the Tromp-Taylor count that ends the search's
    /// games. [`Board::judge`] takes the dead stones off first. O(points).
    #[must_use]
    pub fn area(&self) -> Area {
        Area::count(self.squares(), self.width())
    }
}

/// Whether the last position of `line` was reached by a move that breaks
/// positional superko: a stone played (not a pass) that leaves the stones
/// as they stood at an earlier position of the line, whoever was to move
/// there. Compared by [`Step::stones`], a 64-bit hash.
///
/// Stones only accumulate between captures, so a position can repeat only
/// one from before the last capture: only those are compared, none in a
/// line with no capture yet. O(positions before the last capture).
pub(super) fn breaks_superko(line: &[Step]) -> bool {
    let Some((last, earlier)) = line.split_last() else {
        return false;
    };
    if last.passes() > 0 {
        return false;
    }
    // `since_capture` saturates: then it is too small, and more positions
    // are compared than need be, never fewer.
    let before_capture = earlier
        .len()
        .saturating_sub(usize::from(last.since_capture()));
    earlier[..before_capture]
        .iter()
        .any(|step| step.stones() == last.stones())
}

/// [`Rules::ended`](games_search::Rules::ended) for Go: a move that broke
/// positional superko loses (a win for the player to move); two passes in a
/// row, or [`Terms::max_plies`] plies since the line's first position, end
/// the game, scored by area with komi.
pub(super) fn ended(board: &Board, line: &[Step], terms: Terms) -> Option<Outcome> {
    let last = line.last()?;
    if breaks_superko(line) {
        return Some(Outcome::Win);
    }
    let plies = line.len() - 1;
    let limit = usize::try_from(terms.max_plies).unwrap_or(usize::MAX);
    (last.passes() >= 2 || plies >= limit).then(|| scored(board, terms.komi))
}

/// The outcome of the game scored now, for the player to move.
pub(super) fn scored(board: &Board, komi: f32) -> Outcome {
    board.area().score(komi).outcome(board.turn())
}
