//! A legal move, with everything a position needs to play it, and its UCI
//! spelling.

use core::fmt;

use persistent_qi::qpi::Qpi;

/// The number of squares of a chess board.
pub const SQUARES: usize = 64;

/// The width (and height) of a chess board.
pub const FILES: usize = 8;

/// The rook's part of a castling move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct RookMove {
    /// The rook's home square.
    pub from: u8,
    /// The square it lands on, beside the king.
    pub to: u8,
    /// The rook, as the board holds it.
    pub rook: Qpi,
}

/// A legal move, resolved against the position it was generated in: which
/// squares change, and what stands on each before and after. Playing it
/// needs no further reading of the position.
///
/// Squares are flat indices of the FEN placement field: 0 is a8, 7 h8, 56
/// a1 and 63 h1.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square the piece leaves (the king's, for castling).
    pub from: u8,
    /// The square it lands on (the king's, for castling).
    pub to: u8,
    /// The piece that stood on `from`.
    pub mover: Qpi,
    /// The piece that stands on `to` afterwards: the mover, or on a
    /// promotion the piece it becomes (in the pawn's style).
    pub piece: Qpi,
    /// The piece taken, if any.
    pub captured: Option<Qpi>,
    /// Where the taken piece stood: `to`, except for en passant, where it
    /// is the square of the pawn taken (beside `from`, behind `to`). Equal
    /// to `to` for a move that takes nothing.
    pub capture_square: u8,
    /// For castling, the rook's move.
    pub castling: Option<RookMove>,
}

// Every optional token uses `Qpi`'s niche, so a move is 14 bytes: a
// wider field would grow every move list of the search.
const _: () = assert!(size_of::<Move>() == 14);

impl Move {
    /// Whether the move promotes a pawn.
    #[must_use]
    pub fn is_promotion(&self) -> bool {
        self.piece != self.mover
    }

    /// Whether the move takes a pawn en passant.
    #[must_use]
    pub fn is_en_passant(&self) -> bool {
        self.capture_square != self.to
    }

    /// Whether the move castles.
    #[must_use]
    pub fn is_castling(&self) -> bool {
        self.castling.is_some()
    }
}

impl fmt::Display for Move {
    /// The move in UCI notation: `e2e4`, `e7e8q`, castling as the king's
    /// move (`e1g1`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}{}",
            square_name(usize::from(self.from)),
            square_name(usize::from(self.to))
        )?;
        if self.is_promotion() {
            let letter = self.piece.pin().letter().as_char();
            write!(f, "{}", letter.to_ascii_lowercase())?;
        }
        Ok(())
    }
}

/// A square's name: its file `a` to `h` from left to right, its rank `8`
/// down to `1` from row 0.
///
/// ```
/// use games_chess::square_name;
///
/// assert_eq!(square_name(0), "a8");
/// assert_eq!(square_name(63), "h1");
/// assert_eq!(square_name(52), "e2");
/// ```
///
/// # Panics
///
/// If `square` is not below 64.
#[must_use]
pub fn square_name(square: usize) -> String {
    assert!(square < SQUARES, "a square of the board");
    let (row, column) = (square / FILES, square % FILES);
    let file = char::from(b'a' + u8::try_from(column).unwrap_or(0));
    let rank = char::from(b'8' - u8::try_from(row).unwrap_or(0));
    format!("{file}{rank}")
}

/// The flat index of a square name such as `e4`, or `None`.
///
/// ```
/// use games_chess::square_index;
///
/// assert_eq!(square_index("a8"), Some(0));
/// assert_eq!(square_index("e2"), Some(52));
/// assert_eq!(square_index("i1"), None);
/// ```
#[must_use]
pub fn square_index(name: &str) -> Option<usize> {
    let &[file, rank] = name.as_bytes() else {
        return None;
    };
    let column = usize::from(file.checked_sub(b'a')?);
    let row_from_bottom = usize::from(rank.checked_sub(b'1')?);
    (column < FILES && row_from_bottom < FILES)
        .then(|| (FILES - 1 - row_from_bottom) * FILES + column)
}
