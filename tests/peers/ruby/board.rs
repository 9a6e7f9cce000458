//! Ruby: `sashite/qi.rb`, `test/qi/test_board.rb`
//! `Qi::Board.validate(nested)` returns (square count, piece count); here the
//! nested literal becomes a shape plus a board diff.

use crate::peers::*;

fn counts(position: &Position) -> (usize, usize) {
    (position.square_count(), position.board_piece_count())
}

#[test]
fn single_empty_square() {
    assert_eq!(counts(&board_from(&[1], &[None])), (1, 0));
}

#[test]
fn single_occupied_square() {
    assert_eq!(counts(&board_from(&[1], &[Some("k")])), (1, 1));
}

#[test]
fn mixed_squares() {
    let position = board_from(&[4], &[Some("k"), None, None, Some("K")]);
    assert_eq!(counts(&position), (4, 2));
}

#[test]
fn all_occupied() {
    let position = board_from(&[3], &[Some("a"), Some("b"), Some("c")]);
    assert_eq!(counts(&position), (3, 3));
}

#[test]
fn all_empty() {
    assert_eq!(counts(&board_from(&[3], &[None, None, None])), (3, 0));
}

#[test]
fn epin_string_pieces() {
    let position = board_from(&[3], &[Some("K^"), None, Some("k^")]);
    assert_eq!(counts(&position), (3, 2));
}

#[test]
fn promoted_piece_strings() {
    let position = board_from(&[3], &[Some("+P"), None, Some("+R")]);
    assert_eq!(counts(&position), (3, 2));
}

// Ruby has this case twice (1D boards, then piece types); once is enough.
#[test]
fn empty_string_is_a_valid_piece() {
    let position = board_from(&[2], &[Some(""), None]);
    assert_eq!(counts(&position), (2, 1));
    assert_eq!(square(&position, 0), Some(""));
}

#[test]
fn two_by_two_with_pieces() {
    let position = board_from(&[2, 2], &[Some("a"), None, None, Some("b")]);
    assert_eq!(counts(&position), (4, 2));
}

#[test]
fn two_by_three_all_empty() {
    assert_eq!(counts(&board_from(&[2, 3], &[None; 6])), (6, 0));
}

#[test]
fn three_by_three_all_empty() {
    assert_eq!(counts(&board_from(&[3, 3], &[None; 9])), (9, 0));
}

#[test]
fn two_by_three_with_pieces() {
    let position = board_from(&[2, 3], &[Some("r"), None, None, None, None, Some("R")]);
    assert_eq!(counts(&position), (6, 2));
}

#[test]
fn chess_starting_position_8x8() {
    let position = place(&empty(&[8, 8]), &chess_start());
    assert_eq!(counts(&position), (64, 32));
}

#[test]
fn epin_string_pieces_on_2d_board() {
    let position = board_from(&[2, 2], &[Some("K^"), None, None, Some("k^")]);
    assert_eq!(counts(&position), (4, 2));
}

#[test]
fn two_by_two_by_two_with_pieces() {
    let position = board_from(
        &[2, 2, 2],
        &[
            Some("a"),
            None,
            None,
            Some("b"),
            None,
            Some("c"),
            Some("d"),
            None,
        ],
    );
    assert_eq!(counts(&position), (8, 4));
}

#[test]
fn two_by_two_by_two_all_occupied() {
    let pieces = ["a", "b", "c", "d", "A", "B", "C", "D"].map(Some);
    assert_eq!(counts(&board_from(&[2, 2, 2], &pieces)), (8, 8));
}

#[test]
fn two_by_two_by_two_all_empty() {
    assert_eq!(counts(&board_from(&[2, 2, 2], &[None; 8])), (8, 0));
}

#[test]
fn two_by_three_by_four_with_some_pieces() {
    // "a" at [0][0][0], "b" at [0][2][3], "c" at [1][1][1].
    let position = place(&empty(&[2, 3, 4]), &[(0, "a"), (11, "b"), (17, "c")]);
    assert_eq!(counts(&position), (24, 3));
}

// Ruby: "board must not be empty" for `[]`.
#[test]
fn raises_for_empty_array() {
    assert_eq!(new_error(&[]), Error::EmptyShape);
}

// Ruby: "board must not be empty" for `[[]]`, a 1x0 board.
#[test]
fn raises_for_empty_inner_array_2d() {
    assert_eq!(
        new_error(&[1, 0]),
        Error::DimensionTooSmall {
            dimension: 1,
            size: 0
        }
    );
}

// Ruby: "board must not be empty" for `[[], []]`, a 2x0 board.
#[test]
fn raises_for_multiple_empty_inner_arrays_2d() {
    assert_eq!(
        new_error(&[2, 0]),
        Error::DimensionTooSmall {
            dimension: 1,
            size: 0
        }
    );
}

// Ruby: "board must not be empty" for `[[[], []]]`, a 1x2x0 board.
#[test]
fn raises_for_empty_inner_arrays_3d() {
    assert_eq!(
        new_error(&[1, 2, 0]),
        Error::DimensionTooSmall {
            dimension: 2,
            size: 0
        }
    );
}

// Ruby's `Board` says "board exceeds 3 dimensions"; ours adds "(got 4)",
// as Ruby's `Qi.new` does.
#[test]
fn rejects_4d_board() {
    let error = new_error(&[1, 1, 1, 1]);
    assert_eq!(error, Error::TooManyDimensions { dimensions: 4 });
    assert_eq!(error.to_string(), "board exceeds 3 dimensions (got 4)");
}

#[test]
fn rejects_5d_board() {
    assert_eq!(
        new_error(&[1, 1, 1, 1, 1]),
        Error::TooManyDimensions { dimensions: 5 }
    );
}

#[test]
fn accepts_255_element_1d_board() {
    assert_eq!(counts(&empty(&[255])), (255, 0));
}

// Ruby: "dimension size 256 exceeds maximum of 255"; ours names the
// dimension too.
#[test]
fn rejects_256_element_1d_board() {
    let error = new_error(&[256]);
    assert_eq!(
        error,
        Error::DimensionTooLarge {
            dimension: 0,
            size: 256
        }
    );
    assert_eq!(
        error.to_string(),
        "dimension size 256 exceeds maximum of 255 (dimension 0)"
    );
}

#[test]
fn rejects_oversized_inner_dimension() {
    assert_eq!(
        new_error(&[1, 256]),
        Error::DimensionTooLarge {
            dimension: 1,
            size: 256
        }
    );
}

#[test]
fn accepts_255x255_board() {
    assert_eq!(counts(&empty(&[255, 255])), (65_025, 0));
}

#[test]
fn rejects_oversized_outer_dimension_256_rows() {
    assert_eq!(
        new_error(&[256, 1]),
        Error::DimensionTooLarge {
            dimension: 0,
            size: 256
        }
    );
}

#[test]
fn string_pieces() {
    let position = board_from(&[3], &[Some("K^"), None, Some("+P")]);
    assert_eq!(counts(&position), (3, 2));
}

#[test]
fn namespaced_string_pieces() {
    let position = board_from(&[3], &[Some("C:K"), None, Some("S:P")]);
    assert_eq!(counts(&position), (3, 2));
    assert_eq!(square(&position, 0), Some("C:K"));
}
