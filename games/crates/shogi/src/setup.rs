//! The one door in: a FEEN string becomes a position the rules accept, or
//! an error that says why not.

use core::fmt;

use persistent_qi::Player;
use persistent_qi::qpi::Qpi;
use persistent_qi::qpi::pin::State;

use super::board::{Board, distance_to_far_edge};
use super::moves::{FILES, SQUARES, square_name};
use super::piece::Kind;
use games_core::error_from;
use games_core::mailbox::owner;
use games_core::{FeenError, read_feen};
use games_core::{QpiPosition, shape_text};

/// Where a piece was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    /// On the board, at a flat index.
    Square(usize),
    /// In a player's hand.
    Hand(Player),
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Place::Square(square) => write!(f, "on {}", square_name(*square)),
            Place::Hand(player) => write!(f, "in the {player} hand"),
        }
    }
}

/// Why a FEEN position is no shogi position.
///
/// | position | error |
/// |---|---|
/// | an 8x8 board | `Shape` |
/// | `Q` on the board | `UnknownLetter` |
/// | `-P`, `+G`, `+K^` | `UnknownState` |
/// | `K` without `^`, `P^` | `TerminalMark` |
/// | no king, or two, for one side | `KingCount` |
/// | a first-player pawn on row 0, a knight on row 1 | `StuckPiece` |
/// | `+P`, `K^` or an opponent's piece in a hand | `HandPiece` |
/// | the side not to move in check | `KingInCheck` |
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum NotShogi {
    /// The board is not 9x9.
    Shape(Vec<usize>),
    /// A piece letter other than K R B G S N L P.
    UnknownLetter {
        /// The piece.
        piece: Qpi,
        /// Where it is.
        at: Place,
    },
    /// A diminished piece, or a promoted gold or king.
    UnknownState {
        /// The piece.
        piece: Qpi,
        /// Where it is.
        at: Place,
    },
    /// A king without the terminal mark, or another piece with it.
    TerminalMark {
        /// The piece.
        piece: Qpi,
        /// Where it is.
        at: Place,
    },
    /// A side with no king or several.
    KingCount {
        /// The side.
        player: Player,
        /// Its kings.
        count: usize,
    },
    /// A pawn or lance on its last row, or a knight on its last two: it
    /// could never move.
    StuckPiece {
        /// The piece.
        piece: Qpi,
        /// Its square.
        square: usize,
    },
    /// A hand piece that is promoted, a king, or of the other side.
    HandPiece {
        /// The piece.
        piece: Qpi,
        /// Whose hand.
        player: Player,
    },
    /// The side not to move is in check: its king could be taken.
    KingInCheck {
        /// The side in check.
        player: Player,
    },
}

impl fmt::Display for NotShogi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotShogi::Shape(shape) => {
                write!(f, "the board is {}, not 9x9", shape_text(shape))
            }
            NotShogi::UnknownLetter { piece, at } => {
                write!(f, "{piece} {at}: no shogi piece has this letter")
            }
            NotShogi::UnknownState { piece, at } => {
                write!(f, "{piece} {at}: no shogi piece has this state")
            }
            NotShogi::TerminalMark { piece, at } => write!(
                f,
                "{piece} {at}: kings and only kings carry the terminal mark"
            ),
            NotShogi::KingCount { player, count } => {
                write!(f, "the {player} player has {count} kings, not one")
            }
            NotShogi::StuckPiece { piece, square } => write!(
                f,
                "{piece} on {}: the piece could never move",
                square_name(*square)
            ),
            NotShogi::HandPiece { piece, player } => write!(
                f,
                "{piece} in the {player} hand: a hand holds only the player's unpromoted pieces, kings excepted"
            ),
            NotShogi::KingInCheck { player } => {
                write!(f, "the {player} player is in check but not to move")
            }
        }
    }
}

impl std::error::Error for NotShogi {}

/// Why [`load`] refused a string.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum LoadError {
    /// Not a FEEN position.
    Feen(FeenError),
    /// A FEEN position, but no shogi position.
    NotShogi(NotShogi),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Feen(error) => error.fmt(f),
            LoadError::NotShogi(error) => write!(f, "not a shogi position: {error}"),
        }
    }
}

impl std::error::Error for LoadError {}

error_from!(LoadError: Feen(FeenError), NotShogi(NotShogi));

/// Reads a FEEN string into a position of crate `P` and checks that it is
/// a shogi position the rules can play from.
///
/// ```
/// use games_core::Persistent;
/// use games_shogi::{LoadError, START, load};
///
/// let start: Persistent = load(START)?;
/// assert!(matches!(
///     load::<Persistent>("k^7/8/8/8/8/8/8/7K^ / S/s"),
///     Err(LoadError::NotShogi(_)),
/// ));
/// # Ok::<(), LoadError>(())
/// ```
///
/// # Errors
///
/// [`LoadError::Feen`] for a string that is no FEEN position,
/// [`LoadError::NotShogi`] for one that is no shogi position (see
/// [`NotShogi`]).
pub fn load<P: QpiPosition>(feen: &str) -> Result<P, LoadError> {
    let position: P = read_feen(feen)?;
    check(&position)?;
    Ok(position)
}

/// The kind of a piece, or why it is none.
fn kind_of(piece: Qpi, at: Place) -> Result<Kind, NotShogi> {
    let pin = piece.pin();
    if let Some(kind) = Kind::of_pin(pin) {
        return Ok(kind);
    }
    let letter = pin.letter().as_ascii();
    if !b"KRBGSNLP".contains(&letter) {
        return Err(NotShogi::UnknownLetter { piece, at });
    }
    let promotable = !matches!(letter, b'K' | b'G');
    Err(match pin.state() {
        State::Diminished => NotShogi::UnknownState { piece, at },
        State::Enhanced if !promotable => NotShogi::UnknownState { piece, at },
        State::Normal | State::Enhanced => NotShogi::TerminalMark { piece, at },
    })
}

/// Checks the shogi conditions, in the order of [`NotShogi`]'s table.
pub(crate) fn check<P: QpiPosition>(position: &P) -> Result<(), NotShogi> {
    if position.shape() != [FILES, FILES] {
        return Err(NotShogi::Shape(position.shape().to_vec()));
    }
    let mut squares = [None; SQUARES];
    position.read_board(&mut squares);
    let mut kings = [0; 2];
    for (square, piece) in squares.iter().enumerate() {
        let Some(piece) = *piece else { continue };
        let kind = kind_of(piece, Place::Square(square))?;
        let player = owner(piece);
        if kind == Kind::King {
            kings[usize::from(player.is_second())] += 1;
        }
        if distance_to_far_edge(player, square) < kind.dead_rows() {
            return Err(NotShogi::StuckPiece { piece, square });
        }
    }
    for player in Player::ALL {
        let mut refused = None;
        position.for_each_in_hand(player, |piece, _count| {
            let kind = kind_of(piece, Place::Hand(player));
            let fits = kind.as_ref().is_ok_and(|&kind| {
                kind != Kind::King && kind.unpromoted() == kind && owner(piece) == player
            });
            if refused.is_none() && !fits {
                refused = Some(kind.err().unwrap_or(NotShogi::HandPiece { piece, player }));
            }
        });
        if let Some(error) = refused {
            return Err(error);
        }
    }
    for player in Player::ALL {
        let count = kings[usize::from(player.is_second())];
        if count != 1 {
            return Err(NotShogi::KingCount { player, count });
        }
    }
    let waiting = position.turn().flip();
    if Board::read(position).in_check(waiting) {
        return Err(NotShogi::KingInCheck { player: waiting });
    }
    Ok(())
}
