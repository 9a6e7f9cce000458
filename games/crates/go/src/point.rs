//! Points of a Go board, named as Go players name them: a column letter
//! (`A` to `T`, without `I`) and a row number counted from the bottom; and
//! the pass, a move that is no point.

use core::fmt;
use core::str::FromStr;

/// The most columns, and the most rows, of a board.
pub const MAX_SIZE: usize = 19;

/// The most points of a board (19x19).
pub const MAX_POINTS: usize = MAX_SIZE * MAX_SIZE;

/// The column letters, left to right: `I` is skipped, as on every Go board,
/// so that it is never read as `J` or as `1`.
pub const COLUMNS: &[u8; MAX_SIZE] = b"ABCDEFGHJKLMNOPQRST";

/// Bits of a [`Point`] holding its column; the row sits above them.
const COLUMN_BITS: u16 = 5;

/// A point of a Go board, by its Go name: a column from the left and a row
/// from the bottom, both from 0, so `A1` (column 0, row 0) is the
/// bottom-left corner of every board.
///
/// A point does not know its board: its flat index (row-major from the
/// top-left point, the position crates' order) depends on the board's
/// size, and is found with [`index`](Point::index). Named this way, a move
/// prints the same whatever the board, and needs no board to print.
///
/// ```
/// use games_go::Point;
///
/// let corner = Point::from_index(72, 9, 9).unwrap();
/// assert_eq!(corner.to_string(), "A1");
/// assert_eq!(corner.index(9, 9), Some(72));
/// assert_eq!("J1".parse::<Point>()?, Point::new(8, 0).unwrap());
/// assert_eq!("PASS".parse::<Point>()?, Point::PASS);
/// assert_eq!(Point::PASS.to_string(), "pass");
/// assert_eq!(Point::PASS.index(19, 19), None);
/// # Ok::<(), games_go::ParsePointError>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u16);

impl Point {
    /// The pass: the move that places no stone. No board has it
    /// ([`index`](Point::index) is `None` on every board), it prints `pass`
    /// and `pass` reads back as it, in any case. Its
    /// [`column`](Point::column) and [`row`](Point::row) are past every
    /// board's, and it sorts after every point.
    pub const PASS: Point = Point(u16::MAX);

    /// Whether this is the pass, [`Point::PASS`].
    #[must_use]
    pub fn is_pass(self) -> bool {
        self == Point::PASS
    }

    /// The point at `column` (from the left) and `row` (from the bottom),
    /// both from 0; `None` past the largest board.
    #[must_use]
    pub fn new(column: usize, row: usize) -> Option<Point> {
        let column = u16::try_from(column)
            .ok()
            .filter(|&c| usize::from(c) < MAX_SIZE)?;
        let row = u16::try_from(row)
            .ok()
            .filter(|&r| usize::from(r) < MAX_SIZE)?;
        Some(Point(column | row << COLUMN_BITS))
    }

    /// The point at a flat index of a `width` x `height` board (row-major,
    /// index 0 the top-left point); `None` off that board or past the
    /// largest board.
    #[must_use]
    pub fn from_index(index: usize, width: usize, height: usize) -> Option<Point> {
        if width == 0 || index >= width * height {
            return None;
        }
        Point::new(index % width, height - 1 - index / width)
    }

    /// The column, from 0 at the left.
    #[must_use]
    pub fn column(self) -> usize {
        usize::from(self.0 & ((1 << COLUMN_BITS) - 1))
    }

    /// The row, from 0 at the bottom.
    #[must_use]
    pub fn row(self) -> usize {
        usize::from(self.0 >> COLUMN_BITS)
    }

    /// The flat index of the point on a `width` x `height` board, or
    /// `None` if the board has no such point.
    #[must_use]
    pub fn index(self, width: usize, height: usize) -> Option<usize> {
        (self.column() < width && self.row() < height)
            .then(|| (height - 1 - self.row()) * width + self.column())
    }
}

impl fmt::Display for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_pass() {
            return f.write_str("pass");
        }
        write!(
            f,
            "{}{}",
            char::from(COLUMNS[self.column()]),
            self.row() + 1
        )
    }
}

// Debug as the name too: a failing assertion on moves then reads as Go.
impl fmt::Debug for Point {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// Why a text is no point: not a column letter (`A` to `T` without `I`,
/// either case) followed by a row number from 1 to 19, nor `pass` (in any
/// case).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParsePointError {
    /// The text refused.
    pub text: String,
}

impl fmt::Display for ParsePointError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} is no point: a column A to T without I, then a row 1 to 19, or pass",
            self.text
        )
    }
}

impl std::error::Error for ParsePointError {}

impl FromStr for Point {
    type Err = ParsePointError;

    fn from_str(text: &str) -> Result<Point, ParsePointError> {
        let refused = || ParsePointError {
            text: text.to_owned(),
        };
        if text.eq_ignore_ascii_case("pass") {
            return Ok(Point::PASS);
        }
        let mut chars = text.chars();
        let letter = chars.next().ok_or_else(refused)?.to_ascii_uppercase();
        let column = COLUMNS
            .iter()
            .position(|&column| char::from(column) == letter)
            .ok_or_else(refused)?;
        let digits = chars.as_str();
        // `parse` alone would take a sign (`A+1`).
        if digits.is_empty() || !digits.bytes().all(|byte| byte.is_ascii_digit()) {
            return Err(refused());
        }
        let number: usize = digits.parse().map_err(|_| refused())?;
        number
            .checked_sub(1)
            .and_then(|row| Point::new(column, row))
            .ok_or_else(refused)
    }
}
