//! The one door in: a size or a diagram becomes a node the rules accept,
//! or an error that says why not.

use core::fmt;

use persistent_qi::Player;

use super::board::Board;
use super::point::{MAX_POINTS, MAX_SIZE, Point};
use super::{BLACK, BLACK_STYLE, GoPosition, Node, WHITE, WHITE_STYLE};
use crate::position::{BuildError, Parts};

/// Why [`load`] refused a text, checked in the order of this table (a
/// diagram's rows are read top to bottom, each left to right).
///
/// | text | error |
/// |---|---|
/// | `9y9`, `x9`, `-9`, `nine` | `NotASize` |
/// | `0`, `20x19`, a diagram row of 20 points, 20 rows | `SizeOutOfRange` |
/// | `.../.. X` | `RaggedRow` |
/// | `.x./... X` (a lowercase `x`) | `UnknownCharacter` |
/// | `.../...` (no turn), `... B`, `... XO` | `BadTurn` |
/// | `OX/X. X` (the white stone has no liberty) | `NoLiberties` |
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum LoadError {
    /// A text with neither `/` nor a space that is no size: a size is a
    /// number, or two joined by `x` (columns, then rows).
    NotASize(String),
    /// A board with no point, or wider or taller than 19.
    SizeOutOfRange {
        /// The columns asked for.
        columns: usize,
        /// The rows asked for.
        rows: usize,
    },
    /// A diagram row of another length than the first row.
    RaggedRow {
        /// The row, from 1 at the top.
        row: usize,
        /// Its points.
        length: usize,
        /// The first row's points.
        expected: usize,
    },
    /// A character of a diagram row other than `.`, `X` and `O`.
    UnknownCharacter {
        /// The character.
        character: char,
        /// Its row, from 1 at the top.
        row: usize,
        /// Its column, from 1 at the left.
        column: usize,
    },
    /// The side to move, after the diagram and a space, missing or other
    /// than `X` (black) or `O` (white).
    BadTurn(String),
    /// A group without a liberty: Go removes such a group as it loses its
    /// last liberty, so no game reaches the position.
    NoLiberties {
        /// The group's first stone in index order (nearest the top left).
        point: Point,
    },
    /// The position crate refused the position: never for a board in
    /// range, which every crate holds.
    Refused(BuildError),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::NotASize(text) => write!(
                f,
                "{text:?} is no board size: a size is `9`, or columns x rows as `19x19`"
            ),
            LoadError::SizeOutOfRange { columns, rows } => write!(
                f,
                "a {columns}x{rows} board: a Go board has 1 to 19 columns and rows"
            ),
            LoadError::RaggedRow {
                row,
                length,
                expected,
            } => write!(
                f,
                "row {row} of the diagram has {length} points, the first row {expected}"
            ),
            LoadError::UnknownCharacter {
                character,
                row,
                column,
            } => write!(
                f,
                "unknown character {character:?} at row {row}, column {column} of the diagram: \
                 a point is `.`, `X` or `O`"
            ),
            LoadError::BadTurn(turn) => write!(
                f,
                "bad side to move {turn:?}: after the diagram and a space, `X` or `O`"
            ),
            LoadError::NoLiberties { point } => write!(
                f,
                "the group at {point} has no liberty, which no game leaves on the board"
            ),
            LoadError::Refused(error) => write!(f, "the position crate refuses the board: {error}"),
        }
    }
}

impl std::error::Error for LoadError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            LoadError::Refused(error) => Some(error),
            _ => None,
        }
    }
}

/// Reads a Go position into a node over the position crate `P`.
///
/// The text is either a size, for the empty board with black to move: a
/// number for a square board (`9`), or columns and rows joined by `x`
/// (`19x19`, `13x9`); or a diagram: its rows top to bottom separated by
/// `/`, each point `.` (empty), `X` (black) or `O` (white), then a space
/// and the side to move, `X` or `O`. A loaded node has no ko point.
/// Surrounding whitespace is ignored.
///
/// ```
/// use games::go::{BLACK, LoadError, WHITE, load};
/// use games::{Node as _, Persistent};
/// use persistent_qi::Player;
///
/// let empty = load::<Persistent<u8, u8>>("9x9")?.read();
/// assert_eq!((empty.width(), empty.height(), empty.turn()), (9, 9, Player::First));
///
/// let diagram = load::<Persistent<u8, u8>>(".X./XOX/... O")?.read();
/// assert_eq!(diagram.squares()[1], Some(BLACK));
/// assert_eq!(diagram.squares()[4], Some(WHITE));
/// assert_eq!(diagram.turn(), Player::Second);
///
/// assert!(matches!(
///     load::<Persistent<u8, u8>>(".X./XOX/.X. O"),
///     Err(LoadError::NoLiberties { .. }),
/// ));
/// # Ok::<(), LoadError>(())
/// ```
///
/// # Errors
///
/// [`LoadError`], whose table says which text gives which variant.
pub fn load<P: GoPosition>(text: &str) -> Result<Node<P>, LoadError> {
    let text = text.trim();
    let (columns, rows, squares, turn) = match text.rsplit_once(' ') {
        Some((diagram, turn)) => {
            let (columns, rows, squares) = read_diagram(diagram.trim_end())?;
            (columns, rows, squares, read_turn(turn)?)
        }
        None if text.contains('/') => {
            read_diagram(text)?;
            return Err(LoadError::BadTurn(String::new()));
        }
        None => {
            let (columns, rows) = read_size(text)?;
            (columns, rows, vec![None; columns * rows], Player::First)
        }
    };
    let position = P::from_parts(Parts {
        shape: &[rows, columns],
        squares: &squares,
        hands: [&[], &[]],
        styles: [BLACK_STYLE, WHITE_STYLE],
        turn,
    })
    .map_err(LoadError::Refused)?;
    let board = Board::read(&position, None);
    if let Some(point) = board.first_dead_stone() {
        return Err(LoadError::NoLiberties { point });
    }
    Ok(Node { position, ko: None })
}

/// A size's columns and rows, in range.
fn read_size(text: &str) -> Result<(usize, usize), LoadError> {
    let number = |digits: &str| {
        // `parse` alone would take a sign.
        digits
            .bytes()
            .all(|byte| byte.is_ascii_digit())
            .then(|| digits.parse::<usize>().ok())
            .flatten()
            .ok_or_else(|| LoadError::NotASize(text.to_owned()))
    };
    let (columns, rows) = if let Some((columns, rows)) = text.split_once('x') {
        (number(columns)?, number(rows)?)
    } else {
        let size = number(text)?;
        (size, size)
    };
    in_range(columns, rows)?;
    Ok((columns, rows))
}

fn in_range(columns: usize, rows: usize) -> Result<(), LoadError> {
    if (1..=MAX_SIZE).contains(&columns) && (1..=MAX_SIZE).contains(&rows) {
        Ok(())
    } else {
        Err(LoadError::SizeOutOfRange { columns, rows })
    }
}

/// A diagram's columns, rows and points in index order.
fn read_diagram(diagram: &str) -> Result<(usize, usize, Vec<Option<u8>>), LoadError> {
    let mut squares = Vec::with_capacity(MAX_POINTS);
    let mut columns = None;
    let mut rows = 0;
    for (row, line) in diagram.split('/').enumerate() {
        let mut length = 0;
        for (column, character) in line.chars().enumerate() {
            squares.push(match character {
                '.' => None,
                'X' => Some(BLACK),
                'O' => Some(WHITE),
                _ => {
                    return Err(LoadError::UnknownCharacter {
                        character,
                        row: row + 1,
                        column: column + 1,
                    });
                }
            });
            length += 1;
        }
        let expected = *columns.get_or_insert(length);
        if length != expected {
            return Err(LoadError::RaggedRow {
                row: row + 1,
                length,
                expected,
            });
        }
        rows += 1;
    }
    let columns = columns.unwrap_or(0);
    in_range(columns, rows)?;
    Ok((columns, rows, squares))
}

fn read_turn(turn: &str) -> Result<Player, LoadError> {
    match turn {
        "X" => Ok(Player::First),
        "O" => Ok(Player::Second),
        _ => Err(LoadError::BadTurn(turn.to_owned())),
    }
}
