//! FEN, read into the parts of a position and written back from a node.
//!
//! Reading only splits the text into its fields and checks their syntax;
//! what makes a position a chess position (one king per side, rights whose
//! pieces are home...) is checked once for FEN and FEEN alike, on the
//! position built (see [`setup`](super::setup)).

use core::fmt;

use persistent_qi::Player;
use persistent_qi::qpi::pin::{Letter, Side, State};
use persistent_qi::qpi::{Pin, Qpi, Sin};

use super::Node;
use super::board::Board;
use super::castling::Castling;
use super::moves::{FILES, SQUARES, square_index, square_name};
use games_core::QpiPosition;

/// Why a FEN field (or the castling and en-passant fields after a FEEN)
/// could not be read.
///
/// | input | error |
/// |---|---|
/// | `8/8/8/8/8/8/8/8 w` (2 fields) | `FieldCount(2)` |
/// | a placement of 7 ranks | `RankCount(7)` |
/// | `ppppppppp` as a rank | `RankWidth { rank: 7, width: 9 }` |
/// | `pp*ppppp` as rank 7 | `PlacementCharacter { rank: 7, character: '*' }` |
/// | side to move `x` | `Turn("x")` |
/// | castling `KX` or `KK` | `Castling("KX")` |
/// | en passant `e9` | `EnPassant("e9")` |
/// | clock `-1`, or a halfmove clock over 65,535 | `Clock("-1")` |
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum FenError {
    /// Neither 4 to 6 fields (a FEN) nor 3 or 5 (a FEEN, then castling and
    /// en passant).
    FieldCount(usize),
    /// A placement field without 8 ranks.
    RankCount(usize),
    /// A rank that is not 8 squares wide.
    RankWidth {
        /// The rank, 8 to 1.
        rank: usize,
        /// Its width.
        width: usize,
    },
    /// A character of the placement field that is neither an ASCII letter
    /// nor a digit 1 to 8.
    PlacementCharacter {
        /// The rank, 8 to 1.
        rank: usize,
        /// The character.
        character: char,
    },
    /// The side-to-move field is neither `w` nor `b`.
    Turn(String),
    /// The castling field is neither `-` nor some of `KQkq`, each once.
    Castling(String),
    /// The en-passant field is neither `-` nor a square name.
    EnPassant(String),
    /// A clock field is no number (the halfmove clock: none from 0 to
    /// 65,535).
    Clock(String),
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenError::FieldCount(count) => write!(
                f,
                "{count} fields: a FEN has 4 to 6, a FEEN 3, or 5 with castling and en passant"
            ),
            FenError::RankCount(count) => write!(f, "the placement has {count} ranks, not 8"),
            FenError::RankWidth { rank, width } => {
                write!(f, "rank {rank} is {width} squares wide, not 8")
            }
            FenError::PlacementCharacter { rank, character } => write!(
                f,
                "rank {rank} holds {character:?}, neither a piece letter nor a digit 1 to 8"
            ),
            FenError::Turn(field) => write!(f, "side to move {field:?}: neither w nor b"),
            FenError::Castling(field) => {
                write!(f, "castling rights {field:?}: neither - nor some of KQkq")
            }
            FenError::EnPassant(field) => {
                write!(f, "en-passant square {field:?}: neither - nor a square")
            }
            FenError::Clock(field) => write!(f, "clock {field:?}: no number"),
        }
    }
}

impl std::error::Error for FenError {}

/// The styles of FEN positions: chess's, `C` for white and `c` for black.
pub(crate) const STYLES: [Sin; 2] = [sin("C"), sin("c")];

const fn sin(token: &str) -> Sin {
    match Sin::parse(token) {
        Ok(sin) => sin,
        Err(_) => panic!("a SIN token"),
    }
}

/// A FEN read: the parts the position is built from, and the game's state.
pub(crate) struct Fen {
    pub(crate) squares: [Option<Qpi>; SQUARES],
    pub(crate) turn: Player,
    pub(crate) castling: Castling,
    pub(crate) en_passant: Option<u8>,
    /// The halfmove clock (the fifth field), 0 where there is none.
    pub(crate) halfmove: u16,
}

/// Reads the fields of a FEN (4 to 6, split on whitespace).
pub(crate) fn read(fields: &[&str]) -> Result<Fen, FenError> {
    let &[placement, turn, castling, en_passant, ref clocks @ ..] = fields else {
        return Err(FenError::FieldCount(fields.len()));
    };
    if clocks.len() > 2 {
        return Err(FenError::FieldCount(fields.len()));
    }
    let turn = match turn {
        "w" => Player::First,
        "b" => Player::Second,
        other => return Err(FenError::Turn(other.to_owned())),
    };
    let squares = read_placement(placement)?;
    let (castling, en_passant) = read_state(castling, en_passant)?;
    if let Some(clock) = clocks.iter().find(|clock| clock.parse::<u64>().is_err()) {
        return Err(FenError::Clock((*clock).to_owned()));
    }
    let halfmove = match clocks.first() {
        Some(clock) => clock
            .parse::<u16>()
            .map_err(|_| FenError::Clock((*clock).to_owned()))?,
        None => 0,
    };
    Ok(Fen {
        squares,
        turn,
        castling,
        en_passant,
        halfmove,
    })
}

/// Reads the castling and en-passant fields, as a FEN has them and as they
/// may follow a FEEN.
pub(crate) fn read_state(
    castling: &str,
    en_passant: &str,
) -> Result<(Castling, Option<u8>), FenError> {
    let rights =
        Castling::parse(castling).ok_or_else(|| FenError::Castling(castling.to_owned()))?;
    let square = match en_passant {
        "-" => None,
        name => Some(
            square_index(name)
                .and_then(|square| u8::try_from(square).ok())
                .ok_or_else(|| FenError::EnPassant(name.to_owned()))?,
        ),
    };
    Ok((rights, square))
}

/// Reads the placement field. Any ASCII letter is read as a piece, so that
/// a letter no chess piece has is refused by the chess checks, for FEN and
/// FEEN alike.
fn read_placement(placement: &str) -> Result<[Option<Qpi>; SQUARES], FenError> {
    let ranks: Vec<&str> = placement.split('/').collect();
    if ranks.len() != FILES {
        return Err(FenError::RankCount(ranks.len()));
    }
    let mut squares = [None; SQUARES];
    for (row, text) in ranks.iter().enumerate() {
        let rank = FILES - row;
        let mut width = 0;
        for character in text.chars() {
            if let Some(empty) = character
                .to_digit(10)
                .filter(|digit| (1..=8).contains(digit))
            {
                width += empty as usize;
            } else if let Some(piece) = fen_piece(character) {
                if width < FILES {
                    squares[row * FILES + width] = Some(piece);
                }
                width += 1;
            } else {
                return Err(FenError::PlacementCharacter { rank, character });
            }
        }
        if width != FILES {
            return Err(FenError::RankWidth { rank, width });
        }
    }
    Ok(squares)
}

/// The piece a FEN letter names: its side from the case, in that side's
/// style; the king terminal (FEN has no mark for it, chess knows it).
fn fen_piece(character: char) -> Option<Qpi> {
    let (letter, side) = Letter::from_ascii(u8::try_from(character).ok()?)?;
    let terminal = letter.as_ascii() == b'K';
    let pin = Pin::new(letter, side, State::Normal, terminal);
    let style = STYLES[usize::from(matches!(side, Side::Second))];
    Some(Qpi::new(style, pin))
}

/// The FEN of a node: its placement, side to move, castling rights,
/// en-passant square (as the node keeps it: see [`Node::en_passant`]) and
/// halfmove clock, then the fullmove number 1, which the node does not
/// keep. Styles are not written: FEN has none.
///
/// ```
/// use games_chess::{self as chess, START, to_fen};
/// use games_core::Persistent;
///
/// let start = chess::load::<Persistent>(START)?;
/// assert_eq!(to_fen(&start), START);
/// # Ok::<(), chess::LoadError>(())
/// ```
#[must_use]
pub fn to_fen<P: QpiPosition>(node: &Node<P>) -> String {
    let mut squares = [None; SQUARES];
    node.position.read_board(&mut squares);
    write(
        &squares,
        node.position.turn(),
        node.castling(),
        node.en_passant(),
        node.halfmove_clock(),
    )
}

impl Board {
    /// The FEN of the board: [`to_fen`] of the node it was read from, or of
    /// the node a search's make-moves reached.
    ///
    /// ```
    /// use games_chess::{self as chess, Board, START};
    /// use games_core::Persistent;
    ///
    /// let start = chess::load::<Persistent>(START)?;
    /// assert_eq!(Board::read(&start).to_fen(), START);
    /// # Ok::<(), chess::LoadError>(())
    /// ```
    #[must_use]
    pub fn to_fen(&self) -> String {
        write(
            &self.pieces,
            self.turn,
            self.castling,
            self.en_passant.map(usize::from),
            self.halfmove,
        )
    }
}

/// The FEN of a board's squares, its turn, state and halfmove clock, with
/// the fullmove number 1.
fn write(
    squares: &[Option<Qpi>; SQUARES],
    turn: Player,
    castling: Castling,
    en_passant: Option<usize>,
    halfmove: u16,
) -> String {
    let placement = games_core::mailbox::write_placement(squares, FILES, |fen, piece| {
        let pin = piece.pin();
        let letter = pin.letter().as_char();
        fen.push(if pin.is_second() {
            letter.to_ascii_lowercase()
        } else {
            letter
        });
    });
    let turn = if turn.is_first() { 'w' } else { 'b' };
    let en_passant = en_passant.map_or_else(|| "-".to_owned(), square_name);
    format!("{placement} {turn} {castling} {en_passant} {halfmove} 1")
}
