//! The one door in: a size or a diagram becomes a node the rules accept,
//! or an error that says why not.

use core::fmt;

use persistent_qi::Player;

use super::board::Board;
use super::point::{MAX_POINTS, MAX_SIZE, Point};
use super::{BLACK, BLACK_STYLE, GoPosition, Node, WHITE, WHITE_STYLE};
use games_core::{BuildError, Parts};

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
/// | `... X A1 B1` (a fourth field) | `FieldCount` |
/// | `OX/X. X` (the white stone has no liberty) | `NoLiberties` |
/// | `... X A1`, `... X Z9` (no ko to take back there) | `NotKo` |
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
    /// More than three fields: a diagram, the side to move and the ko
    /// point at most.
    FieldCount(usize),
    /// A group without a liberty: Go removes such a group as it loses its
    /// last liberty, so no game reaches the position.
    NoLiberties {
        /// The group's first stone in index order (nearest the top left).
        point: Point,
    },
    /// The ko point after the side to move is no point where that player
    /// would take back a ko (one stone taken by a stone left alone with no
    /// other liberty).
    NotKo(String),
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
            LoadError::FieldCount(count) => write!(
                f,
                "{count} fields: a diagram, the side to move and the ko point at most"
            ),
            LoadError::NotKo(point) => write!(
                f,
                "{point:?} is no ko point: the player to move would take back no ko there"
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
/// and the side to move, `X` or `O`, and optionally a space and the ko
/// point (`E5`), which the player to move may not play at once: a point
/// where that player's stone would take back a ko, as [`Node::ko`] gives
/// it and [`Game::notation`](games_core::Game::notation) writes it. A size, or a
/// diagram without a ko point, loads with none. Surrounding whitespace is
/// ignored.
///
/// ```
/// use games_go::{BLACK, LoadError, WHITE, load};
/// use games_core::{Node as _, Persistent};
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
/// // White has just taken a stone at B2: black may not take back at once.
/// let ko = load::<Persistent<u8, u8>>(".OX./O.OX/.OX. X B2")?;
/// assert_eq!(ko.ko(), Some("B2".parse()?));
///
/// assert!(matches!(
///     load::<Persistent<u8, u8>>(".X./XOX/.X. O"),
///     Err(LoadError::NoLiberties { .. }),
/// ));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`LoadError`], whose table says which text gives which variant.
pub fn load<P: GoPosition>(text: &str) -> Result<Node<P>, LoadError> {
    let fields: Vec<&str> = text.split_whitespace().collect();
    let (columns, rows, squares, turn, ko) = match fields[..] {
        [diagram, turn] | [diagram, turn, _] => {
            let (columns, rows, squares) = read_diagram(diagram)?;
            (columns, rows, squares, read_turn(turn)?, fields.get(2))
        }
        [diagram] if diagram.contains('/') => {
            read_diagram(diagram)?;
            return Err(LoadError::BadTurn(String::new()));
        }
        [size] => {
            let (columns, rows) = read_size(size)?;
            (
                columns,
                rows,
                vec![None; columns * rows],
                Player::First,
                None,
            )
        }
        [] => return Err(LoadError::NotASize(String::new())),
        [_, _, _, ..] => return Err(LoadError::FieldCount(fields.len())),
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
    let node = Node { position, ko: None };
    match ko {
        None => Ok(node),
        Some(ko) => with_ko(node, &board, ko),
    }
}

/// The node with its ko point `text`: a point of the board where the
/// player to move would take back a ko, that is, take one stone with a
/// stone that then stands alone with no liberty but the point it took.
fn with_ko<P: GoPosition>(node: Node<P>, board: &Board, text: &str) -> Result<Node<P>, LoadError> {
    let not_ko = || LoadError::NotKo(text.to_owned());
    let point: Point = text.parse().map_err(|_| not_ko())?;
    let index = board.index(point).ok_or_else(not_ko)?;
    if !board.is_legal(point) || games_core::Node::play(&node, board, point).ko.is_none() {
        return Err(not_ko());
    }
    let ko = u16::try_from(index).map_err(|_| not_ko())?;
    Ok(Node {
        ko: Some(ko),
        ..node
    })
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
