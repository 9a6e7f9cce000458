//! SFEN, the position notation of USI: read into a node over any position
//! crate, and written from one.
//!
//! An SFEN position is four fields separated by spaces: the board, rank `a`
//! (row 0) first, ranks separated by `/`, a digit for that many empty
//! squares and a letter for a piece (`P L N S G B R K`, `+` before a
//! promoted one; uppercase for the first player, sente, lowercase for the
//! second); the side to move, `b` (the first player) or `w`; both hands as
//! one field (`S2Pb3p`: a count before a piece held more than once,
//! uppercase for the first player's hand), or `-` for none; and the move
//! number. SFEN has no styles: pieces read are in shogi's usual styles,
//! `S` and `s`, and styles are not written.

use core::fmt;

use persistent_qi::Player;
use persistent_qi::qpi::pin::{Side, State};
use persistent_qi::qpi::{Qpi, Sin};

use super::Node;
use super::board::{slot, usual_styles};
use super::moves::{FILES, SQUARES};
use super::piece::Kind;
use super::setup::{NotShogi, check};
use games_core::{BuildError, Parts, QpiPosition};

/// The start position in SFEN.
pub const START_SFEN: &str = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL b - 1";

/// The order SFEN writes a hand in: rook, bishop, gold, silver, knight,
/// lance, pawn.
const HAND_ORDER: [Kind; 7] = [
    Kind::Rook,
    Kind::Bishop,
    Kind::Gold,
    Kind::Silver,
    Kind::Knight,
    Kind::Lance,
    Kind::Pawn,
];

/// A position read from SFEN, with the move number SFEN gives it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SfenPosition<P> {
    /// The node of the position.
    pub node: Node<P>,
    /// The number of the next move (1 at the start of a game).
    pub move_number: u32,
}

/// Why a text is no SFEN shogi position.
///
/// | text | error |
/// |---|---|
/// | `9/9/9 b - 1`, anything without 9 ranks | `RankCount` |
/// | a rank `8` or `9p` | `RankWidth` |
/// | `Q`, `0`, `*` on the board | `PlacementCharacter` |
/// | `+K`, `+G`, `+` at a rank's end | `Promotion` |
/// | a side `x` | `Turn` |
/// | `K`, `+P`, `*` in the hands | `HandPiece` |
/// | `0P`, a count with no piece | `HandCount` |
/// | `P2P` | `HandRepeated` |
/// | a move number `0`, `x` | `MoveNumber` |
/// | not four fields | `FieldCount` |
/// | more pieces than squares | `Build` |
/// | two kings of a side, the side not to move in check | `NotShogi` |
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum SfenError {
    /// Not four fields separated by spaces.
    FieldCount(usize),
    /// The board does not have nine ranks.
    RankCount(usize),
    /// A rank does not hold nine squares.
    RankWidth {
        /// The rank, `a` to `i`.
        rank: char,
        /// Its width, in squares.
        width: usize,
    },
    /// A character that is no piece, no count of empty squares and no `+`.
    PlacementCharacter {
        /// The rank, `a` to `i`.
        rank: char,
        /// The character.
        character: char,
    },
    /// A `+` not followed by a piece that promotes.
    Promotion {
        /// The rank, `a` to `i`.
        rank: char,
        /// What follows the `+`, if anything.
        found: Option<char>,
    },
    /// A side to move other than `b` and `w`.
    Turn(String),
    /// A character in the hands that is no piece a hand may hold.
    HandPiece(char),
    /// A count in the hands that is 0, too large, or before no piece.
    HandCount(String),
    /// A piece listed twice in the hands.
    HandRepeated(char),
    /// A move number that is no positive integer.
    MoveNumber(String),
    /// The position crate refuses the position.
    Build(BuildError),
    /// An SFEN position, but no shogi position, refused as
    /// [`load`](super::load) refuses it.
    NotShogi(NotShogi),
}

impl fmt::Display for SfenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SfenError::FieldCount(count) => write!(
                f,
                "{count} fields: an SFEN has 4 (board, side to move, hands, move number)"
            ),
            SfenError::RankCount(count) => write!(f, "the board has {count} ranks, not 9"),
            SfenError::RankWidth { rank, width } => {
                write!(f, "rank {rank} is {width} squares wide, not 9")
            }
            SfenError::PlacementCharacter { rank, character } => {
                write!(
                    f,
                    "rank {rank} holds {character:?}, neither a piece letter nor a digit 1 to 9"
                )
            }
            SfenError::Promotion { rank, found: None } => {
                write!(f, "rank {rank}: a + ends the rank")
            }
            SfenError::Promotion {
                rank,
                found: Some(found),
            } => write!(f, "rank {rank}: {found:?} cannot be promoted"),
            SfenError::Turn(side) => write!(f, "side to move {side:?}: neither b nor w"),
            SfenError::HandPiece(piece) => write!(f, "{piece:?} in the hands: no piece to drop"),
            SfenError::HandCount(count) => {
                write!(f, "hand count {count:?}: not a count of a piece")
            }
            SfenError::HandRepeated(piece) => write!(f, "{piece:?} is listed twice in the hands"),
            SfenError::MoveNumber(number) => {
                write!(f, "move number {number:?}: not a positive integer")
            }
            SfenError::Build(error) => error.fmt(f),
            SfenError::NotShogi(error) => write!(f, "not a shogi position: {error}"),
        }
    }
}

impl std::error::Error for SfenError {}

/// The unpromoted kind (or the king) an uppercase letter names.
fn kind_of_letter(letter: u8) -> Option<Kind> {
    Kind::ALL[..8]
        .iter()
        .copied()
        .find(|kind| kind.letter().as_ascii() == letter)
}

/// The piece an SFEN letter names, promoted or not, and its owner: the
/// case tells the owner.
fn piece(letter: char, promoted: bool, styles: [Sin; 2]) -> Option<Qpi> {
    let owner = if letter.is_ascii_uppercase() {
        Player::First
    } else {
        Player::Second
    };
    let kind = kind_of_letter(u8::try_from(letter.to_ascii_uppercase()).ok()?)?;
    let kind = if promoted { kind.promoted()? } else { kind };
    Some(Qpi::new(styles[slot(owner)], kind.pin(owner)))
}

/// Reads the board field into its squares.
fn read_board(field: &str, styles: [Sin; 2]) -> Result<[Option<Qpi>; SQUARES], SfenError> {
    let ranks: Vec<&str> = field.split('/').collect();
    if ranks.len() != FILES {
        return Err(SfenError::RankCount(ranks.len()));
    }
    let mut squares = [None; SQUARES];
    for (row, (text, rank)) in ranks.into_iter().zip('a'..='i').enumerate() {
        let mut column = 0;
        let mut chars = text.chars();
        while let Some(found) = chars.next() {
            if let Some(empty) = found.to_digit(10).filter(|&count| count > 0) {
                column += empty as usize;
                continue;
            }
            let piece = if found == '+' {
                let next = chars.next();
                next.and_then(|letter| piece(letter, true, styles))
                    .ok_or(SfenError::Promotion { rank, found: next })?
            } else {
                piece(found, false, styles).ok_or(SfenError::PlacementCharacter {
                    rank,
                    character: found,
                })?
            };
            if column < FILES {
                squares[row * FILES + column] = Some(piece);
            }
            column += 1;
        }
        if column != FILES {
            return Err(SfenError::RankWidth {
                rank,
                width: column,
            });
        }
    }
    Ok(squares)
}

/// A player's hand, `(piece, count)` in the order given.
type HandEntries = Vec<(Qpi, usize)>;

/// Reads the hands field into both hands.
fn read_hands(field: &str, styles: [Sin; 2]) -> Result<[HandEntries; 2], SfenError> {
    let mut hands = [Vec::new(), Vec::new()];
    if field == "-" {
        return Ok(hands);
    }
    let mut count = String::new();
    let mut seen = Vec::new();
    for found in field.chars() {
        if found.is_ascii_digit() {
            count.push(found);
            continue;
        }
        let held = piece(found, false, styles)
            .filter(|_| !found.eq_ignore_ascii_case(&'k'))
            .ok_or(SfenError::HandPiece(found))?;
        let number = if count.is_empty() {
            1
        } else {
            count
                .parse::<usize>()
                .ok()
                .filter(|&number| number > 0)
                .ok_or_else(|| SfenError::HandCount(format!("{count}{found}")))?
        };
        if seen.contains(&found) {
            return Err(SfenError::HandRepeated(found));
        }
        seen.push(found);
        let owner = usize::from(found.is_ascii_lowercase());
        hands[owner].push((held, number));
        count.clear();
    }
    if count.is_empty() {
        Ok(hands)
    } else {
        Err(SfenError::HandCount(count))
    }
}

/// Reads an SFEN position (the four fields, without USI's `sfen` keyword)
/// into a node over the position crate `P`, and checks it is a shogi
/// position as [`load`](super::load) does.
///
/// ```
/// use games_core::Persistent;
/// use games_shogi::{START, START_SFEN, load, read_sfen};
///
/// let read = read_sfen::<Persistent>(START_SFEN)?;
/// assert_eq!(read.node.position, load::<Persistent>(START).unwrap());
/// assert_eq!(read.move_number, 1);
/// # Ok::<(), games_shogi::SfenError>(())
/// ```
///
/// # Errors
///
/// [`SfenError`], naming the field and what is wrong with it, for a text
/// that is no SFEN position; [`SfenError::Build`] where the position crate
/// refuses the position (more pieces than squares), and
/// [`SfenError::NotShogi`] where it is no shogi position.
pub fn read_sfen<P: QpiPosition>(text: &str) -> Result<SfenPosition<P>, SfenError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let &[board, side, hands, number] = fields.as_slice() else {
        return Err(SfenError::FieldCount(fields.len()));
    };
    let styles = usual_styles();
    let squares = read_board(board, styles)?;
    let turn = match side {
        "b" => Player::First,
        "w" => Player::Second,
        other => return Err(SfenError::Turn(other.to_owned())),
    };
    let [first, second] = read_hands(hands, styles)?;
    let move_number = number
        .parse::<u32>()
        .ok()
        .filter(|&number| number > 0)
        .ok_or_else(|| SfenError::MoveNumber(number.to_owned()))?;
    let position = P::from_parts(Parts {
        shape: &[FILES, FILES],
        squares: &squares,
        hands: [&first, &second],
        styles,
        turn,
    })
    .map_err(SfenError::Build)?;
    check(&position).map_err(SfenError::NotShogi)?;
    Ok(SfenPosition {
        node: Node::new(position),
        move_number,
    })
}

/// The SFEN letter of a piece, `+` before a promoted one, lowercase for
/// the second player's.
fn write_piece(text: &mut String, piece: Qpi) {
    let pin = piece.pin();
    if pin.state() == State::Enhanced {
        text.push('+');
    }
    let letter = pin.letter().as_char();
    text.push(match pin.side() {
        Side::First => letter,
        Side::Second => letter.to_ascii_lowercase(),
    });
}

/// Writes a node's position in SFEN, with `move_number` as its move
/// number. Styles are not written; a hand's pieces of one kind in two
/// styles are written as one count.
///
/// ```
/// use games_core::Persistent;
/// use games_shogi::{self as shogi, START, START_SFEN, write_sfen};
///
/// let start = shogi::Node::new(shogi::load::<Persistent>(START).unwrap());
/// assert_eq!(write_sfen(&start, 1), START_SFEN);
/// ```
#[must_use]
pub fn write_sfen<P: QpiPosition>(node: &Node<P>, move_number: u32) -> String {
    let position = &node.position;
    let mut squares = [None; SQUARES];
    position.read_board(&mut squares);
    let mut text = games_core::mailbox::write_placement(&squares, FILES, write_piece);
    text.push(' ');
    text.push(match position.turn() {
        Player::First => 'b',
        Player::Second => 'w',
    });
    text.push(' ');
    let mut hands = String::new();
    for player in Player::ALL {
        let mut counts = [0; HAND_ORDER.len()];
        position.for_each_in_hand(player, |piece, count| {
            let letter = piece.pin().letter().as_ascii();
            if let Some(at) = HAND_ORDER
                .iter()
                .position(|kind| kind.letter().as_ascii() == letter)
            {
                counts[at] += count;
            }
        });
        for (kind, count) in HAND_ORDER.iter().zip(counts) {
            if count > 1 {
                hands += &count.to_string();
            }
            if count > 0 {
                let letter = kind.letter().as_char();
                hands.push(match player {
                    Player::First => letter,
                    Player::Second => letter.to_ascii_lowercase(),
                });
            }
        }
    }
    text += if hands.is_empty() { "-" } else { &hands };
    text.push(' ');
    text += &move_number.to_string();
    text
}
