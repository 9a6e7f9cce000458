//! The table of errors in [`Error`]'s docs, row by row: each operation, on
//! the input the row gives, fails with the row's variant, carrying the
//! numbers the row implies, and with the row's message.

use persistent_qi::{Error, Player, Qi};

type Position = Qi<&'static str, &'static str>;

/// `result`'s error is `expected`, and reads as `message`.
#[track_caller]
fn fails_with<T: core::fmt::Debug>(result: Result<T, Error>, expected: Error, message: &str) {
    let error = result.unwrap_err();
    assert_eq!(error, expected);
    assert_eq!(error.to_string(), message);
}

fn empty(shape: &[usize]) -> Position {
    Qi::new(shape, "C", "c").unwrap()
}

/// A 2x2 position built whole from `squares` and the first hand's entries.
fn from_parts(
    squares: impl IntoIterator<Item = Option<&'static str>>,
    first_hand: Vec<(&'static str, usize)>,
) -> Result<Position, Error> {
    Position::from_parts(&[2, 2], squares, first_hand, [], "C", "c", Player::First)
}

#[test]
fn shapes_out_of_bounds_are_named_with_the_dimension_at_fault() {
    fails_with(
        Position::new(&[], "C", "c"),
        Error::EmptyShape,
        "at least one dimension is required",
    );
    fails_with(
        Position::new(&[2, 2, 2, 2], "C", "c"),
        Error::TooManyDimensions { dimensions: 4 },
        "board exceeds 3 dimensions (got 4)",
    );
    fails_with(
        Position::new(&[8, 0], "C", "c"),
        Error::DimensionTooSmall {
            dimension: 1,
            size: 0,
        },
        "dimension size must be at least 1, got 0 (dimension 1)",
    );
    fails_with(
        Position::new(&[256], "C", "c"),
        Error::DimensionTooLarge {
            dimension: 0,
            size: 256,
        },
        "dimension size 256 exceeds maximum of 255 (dimension 0)",
    );
    fails_with(
        Position::new(&[255, 255, 2], "C", "c"),
        Error::TooManySquares { squares: 130_050 },
        "board exceeds 65025 squares (got 130050)",
    );
}

#[test]
fn changes_that_break_a_rule_are_named_with_the_change() {
    fails_with(
        empty(&[2, 2]).board_diff([(99, Some("P"))]),
        Error::IndexOutOfRange {
            index: 99,
            square_count: 4,
            change: Some(0),
        },
        "invalid flat index: 99 (board has 4 squares)",
    );
    let one = empty(&[9, 9]).first_hand_diff([("P", 1)]).unwrap();
    fails_with(
        one.first_hand_diff([("P", -2)]),
        Error::HandUnderflow {
            player: Player::First,
            held: 1,
            requested: 2,
            change: 0,
        },
        "cannot remove 2 from the first hand: it holds 1 (change 0)",
    );
    let two = empty(&[2]).board_diff([(0, Some("K"))]).unwrap();
    let two = two.first_hand_diff([("P", 1)]).unwrap();
    fails_with(
        two.second_hand_diff([("p", 1)]),
        Error::TooManyPieces {
            pieces: 3,
            squares: 2,
        },
        "too many pieces for board size (3 pieces, 2 squares)",
    );
}

#[test]
fn contents_given_whole_are_named_with_the_entry_at_fault() {
    fails_with(
        from_parts(vec![None; 3], vec![]),
        Error::SquareCountMismatch {
            expected: 4,
            given: 3,
        },
        "wrong number of squares: the shape has 4, 3 given",
    );
    // Reading stops one square past the shape's: too many squares, or
    // endless ones, read as "at least" one more.
    fails_with(
        from_parts(vec![None; 9], vec![]),
        Error::SquareCountMismatch {
            expected: 4,
            given: 5,
        },
        "wrong number of squares: the shape has 4, at least 5 given",
    );
    fails_with(
        from_parts(core::iter::repeat(None), vec![]),
        Error::SquareCountMismatch {
            expected: 4,
            given: 5,
        },
        "wrong number of squares: the shape has 4, at least 5 given",
    );
    fails_with(
        from_parts(vec![None; 4], vec![("P", 0)]),
        Error::ZeroHandCount {
            player: Player::First,
            entry: 0,
        },
        "hand count must be at least 1: the first hand lists 0 (entry 0)",
    );
    fails_with(
        from_parts(vec![None; 4], vec![("P", 1), ("P", 1)]),
        Error::DuplicateHandPiece {
            player: Player::First,
            entry: 1,
        },
        "the first hand lists a piece twice (entry 1)",
    );
}

#[test]
fn a_board_read_into_a_slice_of_another_length_names_both_lengths() {
    let mut out = [None; 8];
    fails_with(
        empty(&[3, 3]).board_into(&mut out),
        Error::OutputLengthMismatch {
            squares: 9,
            output: 8,
        },
        "the board has 9 squares, the output 8",
    );
}

#[test]
fn a_diff_applied_where_it_does_not_start_names_the_square_or_the_hand() {
    let before = empty(&[9, 9]).board_diff([(31, Some("P"))]).unwrap();
    let after = before.board_diff([(31, Some("p"))]).unwrap();
    let diff = after.diff_from(&before).unwrap();
    fails_with(
        diff.apply_to(&after),
        Error::DiffSquareMismatch { index: 31 },
        "square 31 does not hold what the diff starts from",
    );

    let two = empty(&[9, 9]).first_hand_diff([("P", 2)]).unwrap();
    let none = two.first_hand_diff([("P", -2)]).unwrap();
    let diff = none.diff_from(&two).unwrap();
    let one = empty(&[9, 9]).first_hand_diff([("P", 1)]).unwrap();
    fails_with(
        diff.apply_to(&one),
        Error::DiffHandMismatch {
            player: Player::First,
            change: 0,
            expected: 2,
            held: 1,
        },
        "the first hand holds 1 of the piece of the diff's hand change 0, not 2",
    );
}

#[test]
fn positions_that_cannot_be_compared_name_what_differs() {
    fails_with(
        empty(&[9, 9]).changes_since(&empty(&[8, 8])).map(|_| ()),
        Error::ShapeMismatch {
            base: [8, 8, 0],
            other: [9, 9, 0],
        },
        "different shapes: the base has [8, 8], the other position [9, 9]",
    );
    let shogi: Position = Qi::new(&[8, 8], "S", "c").unwrap();
    fails_with(
        shogi.changes_since(&empty(&[8, 8])).map(|_| ()),
        Error::StyleMismatch {
            player: Player::First,
        },
        "the positions give the first player different styles",
    );
}

#[test]
fn coordinates_that_do_not_fit_the_board_are_named_with_the_dimension() {
    let board = empty(&[8, 8]);
    fails_with(
        board.index_of(&[1]),
        Error::CoordinateCountMismatch {
            expected: 2,
            actual: 1,
        },
        "expected 2 coordinates, got 1",
    );
    fails_with(
        board.index_of(&[0, 9]),
        Error::CoordinateOutOfRange {
            dimension: 1,
            coordinate: 9,
            size: 8,
        },
        "coordinate 9 is outside dimension 1 of size 8",
    );
}
