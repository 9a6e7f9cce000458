//! A legal move, with everything a position needs to play it, and its USI
//! spelling.

use core::fmt;

use persistent_qi::qpi::Qpi;

/// The number of squares of a shogi board.
pub const SQUARES: usize = 81;

/// The width (and height) of a shogi board.
pub const FILES: usize = 9;

/// A legal move, resolved against the position it was generated in: which
/// squares change, what stands on the target afterwards, and what enters or
/// leaves the mover's hand. Playing it needs no further reading of the
/// position.
///
/// Squares are flat indices of the FEEN placement field: row 0 first (the
/// second player's camp), left to right from the first player's view.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move {
    /// The square the piece leaves, or `None` for a drop from the hand.
    pub from: Option<u8>,
    /// The square the piece lands on.
    pub to: u8,
    /// The piece that stands on `to` afterwards: the mover, promoted if the
    /// move promotes; for a drop, the hand's piece itself.
    pub piece: Qpi,
    /// Whether the piece promotes on this move.
    pub promotion: bool,
    /// On a capture, the taken piece as it enters the mover's hand:
    /// unpromoted, turned to the mover's side, in the mover's style.
    pub capture: Option<Qpi>,
    /// The piece that stood on `from` (for a drop, the hand's piece).
    pub mover: Qpi,
    /// The piece that stood on `to`, as the board had it, if any.
    pub taken: Option<Qpi>,
}

impl Move {
    /// Whether the move drops a piece from the hand.
    #[must_use]
    pub fn is_drop(&self) -> bool {
        self.from.is_none()
    }

    /// The move in USI notation: `7g7f`, `8h2b+`, `P*5e`.
    #[must_use]
    pub fn usi(&self) -> Usi {
        Usi(*self)
    }
}

/// A square in USI notation: the file 9 to 1 from left to right as the
/// first player sees the board, then the rank `a` to `i` from row 0.
///
/// ```
/// assert_eq!(games_shogi::square_name(0), "9a");
/// assert_eq!(games_shogi::square_name(80), "1i");
/// assert_eq!(games_shogi::square_name(6 * 9 + 2), "7g");
/// ```
#[must_use]
pub fn square_name(square: usize) -> String {
    let (row, column) = (square / FILES, square % FILES);
    format!("{}{}", FILES - column, char::from(b'a' + to_u8(row)))
}

/// The flat index of a USI square name such as `7g`, or `None`.
///
/// ```
/// assert_eq!(games_shogi::square_index("7g"), Some(6 * 9 + 2));
/// assert_eq!(games_shogi::square_index("0a"), None);
/// ```
#[must_use]
pub fn square_index(name: &str) -> Option<usize> {
    let &[file, rank] = name.as_bytes() else {
        return None;
    };
    let file = usize::from(file.checked_sub(b'1')?);
    let row = usize::from(rank.checked_sub(b'a')?);
    (file < FILES && row < FILES).then(|| row * FILES + (FILES - 1 - file))
}

fn to_u8(value: usize) -> u8 {
    u8::try_from(value).expect("a row or file of a 9x9 board")
}

/// A move's USI spelling, as returned by [`Move::usi`].
#[derive(Debug, Clone, Copy)]
pub struct Usi(Move);

impl fmt::Display for Move {
    /// The move in USI notation, as [`Move::usi`] spells it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.usi().fmt(f)
    }
}

impl fmt::Display for Usi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Usi(mv) = self;
        let to = square_name(usize::from(mv.to));
        match mv.from {
            None => write!(
                f,
                "{}*{to}",
                mv.piece.pin().letter().as_char().to_ascii_uppercase()
            ),
            Some(from) => {
                let promotion = if mv.promotion { "+" } else { "" };
                write!(f, "{}{to}{promotion}", square_name(usize::from(from)))
            }
        }
    }
}
