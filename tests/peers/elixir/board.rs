//! Elixir: `sashite/qi.ex`, `test/qi/board_test.exs`
//! `Board.diff/2` returns the new board and the change in piece count; here
//! that is the position's `board_piece_count` before and after.

use crate::peers::*;

/// The board piece count a diff adds (negative if it removes).
fn delta(before: &Position, after: &Position) -> isize {
    let count = |position: &Position| isize::try_from(position.board_piece_count()).unwrap();
    count(after) - count(before)
}

// ---- constants ----

#[test]
fn max_dimensions_returns_3() {
    assert_eq!(MAX_DIMENSIONS, 3);
}

#[test]
fn max_dimension_size_returns_255() {
    assert_eq!(MAX_DIMENSION_SIZE, 255);
}

// ---- valid shapes ----

#[test]
fn minimal_1_square() {
    assert_eq!(empty(&[1]).square_count(), 1);
}

#[test]
fn eight_squares() {
    assert_eq!(empty(&[8]).square_count(), 8);
}

#[test]
fn boundary_255_squares() {
    assert_eq!(empty(&[255]).square_count(), 255);
}

#[test]
fn minimal_1x1() {
    assert_eq!(empty(&[1, 1]).square_count(), 1);
}

#[test]
fn chess_8x8() {
    assert_eq!(empty(&[8, 8]).square_count(), 64);
}

#[test]
fn shogi_9x9() {
    assert_eq!(empty(&[9, 9]).square_count(), 81);
}

#[test]
fn xiangqi_10x9() {
    assert_eq!(empty(&[10, 9]).square_count(), 90);
}

#[test]
fn boundary_255x255() {
    assert_eq!(empty(&[255, 255]).square_count(), MAX_SQUARE_COUNT);
}

#[test]
fn asymmetric_1x255() {
    assert_eq!(empty(&[1, 255]).square_count(), 255);
}

#[test]
fn asymmetric_255x1() {
    assert_eq!(empty(&[255, 1]).square_count(), 255);
}

#[test]
fn minimal_1x1x1() {
    assert_eq!(empty(&[1, 1, 1]).square_count(), 1);
}

#[test]
fn raumschach_5x5x5() {
    assert_eq!(empty(&[5, 5, 5]).square_count(), 125);
}

// Elixir accepts this shape (16,581,375 squares): its board module
// predates the square-count cap. Issue 2, Ruby and sashite-qi cap boards at
// 65,025 squares, and so do we.
#[test]
fn boundary_255x255x255() {
    let error = new_error(&[255, 255, 255]);
    assert_eq!(
        error,
        Error::TooManySquares {
            squares: 16_581_375
        }
    );
    assert_eq!(
        error.to_string(),
        "board exceeds 65025 squares (got 16581375)"
    );
}

// ---- invalid shapes ----

#[test]
fn empty_list() {
    assert_eq!(new_error(&[]), Error::EmptyShape);
}

#[test]
fn four_d() {
    assert_eq!(
        new_error(&[2, 2, 2, 2]),
        Error::TooManyDimensions { dimensions: 4 }
    );
}

#[test]
fn five_d() {
    let error = new_error(&[1, 1, 1, 1, 1]);
    assert_eq!(error, Error::TooManyDimensions { dimensions: 5 });
    assert_eq!(error.to_string(), "board exceeds 3 dimensions (got 5)");
}

#[test]
fn zero() {
    assert_eq!(
        new_error(&[0]),
        Error::DimensionTooSmall {
            dimension: 0,
            size: 0
        }
    );
}

// Elixir: "dimension size must be at least 1, got 0"; ours names the
// dimension.
#[test]
fn zero_in_second_dimension() {
    let error = new_error(&[8, 0]);
    assert_eq!(
        error,
        Error::DimensionTooSmall {
            dimension: 1,
            size: 0
        }
    );
    assert_eq!(
        error.to_string(),
        "dimension size must be at least 1, got 0 (dimension 1)"
    );
}

#[test]
fn size_256_in_1d() {
    assert_eq!(
        new_error(&[256]),
        Error::DimensionTooLarge {
            dimension: 0,
            size: 256
        }
    );
}

#[test]
fn size_256_in_second_dimension() {
    assert_eq!(
        new_error(&[8, 256]),
        Error::DimensionTooLarge {
            dimension: 1,
            size: 256
        }
    );
}

#[test]
fn size_1000() {
    let error = new_error(&[1000]);
    assert_eq!(
        error,
        Error::DimensionTooLarge {
            dimension: 0,
            size: 1000
        }
    );
    assert_eq!(
        error.to_string(),
        "dimension size 1000 exceeds maximum of 255 (dimension 0)"
    );
}

#[test]
fn dimension_count_checked_before_dimension_values() {
    assert_eq!(
        new_error(&[0, 0, 0, 0]),
        Error::TooManyDimensions { dimensions: 4 }
    );
}

#[test]
fn first_invalid_dimension_reported() {
    assert_eq!(
        new_error(&[0, 256]),
        Error::DimensionTooSmall {
            dimension: 0,
            size: 0
        }
    );
}

// ---- new/1 ----

#[test]
fn creates_empty_board_of_size_1() {
    assert_eq!(squares(&empty(&[1])), [None]);
}

#[test]
fn creates_empty_board_of_size_4() {
    assert_eq!(squares(&empty(&[4])), [None; 4]);
}

#[test]
fn creates_empty_board_of_size_64_chess() {
    let position = empty(&[64]);
    assert_eq!(position.squares().count(), 64);
    assert_eq!(square(&position, 0), None);
    assert_eq!(square(&position, 63), None);
}

#[test]
fn all_elements_are_nil() {
    assert!(empty(&[10]).squares().all(|square| square.is_none()));
}

// ---- diff/2 with valid changes ----

#[test]
fn place_a_single_piece() {
    let before = empty(&[4]);
    let after = place(&before, &[(0, "K")]);
    assert_eq!(delta(&before, &after), 1);
    assert_eq!(square(&after, 0), Some("K"));
}

#[test]
fn place_multiple_pieces() {
    let before = empty(&[4]);
    let after = place(&before, &[(0, "K"), (3, "k")]);
    assert_eq!(delta(&before, &after), 2);
    assert_eq!(squares(&after), [Some("K"), None, None, Some("k")]);
}

#[test]
fn remove_a_piece() {
    let before = place(&empty(&[4]), &[(0, "K")]);
    let after = board_diff(&before, &[(0, None)]).unwrap();
    assert_eq!(delta(&before, &after), -1);
    assert_eq!(square(&after, 0), None);
}

#[test]
fn move_a_piece_remove_plus_place() {
    let before = place(&empty(&[4]), &[(0, "K")]);
    let after = board_diff(&before, &[(0, None), (3, Some("K"))]).unwrap();
    assert_eq!(delta(&before, &after), 0);
    assert_eq!(square(&after, 0), None);
    assert_eq!(square(&after, 3), Some("K"));
}

#[test]
fn replace_a_piece_overwrite() {
    let before = place(&empty(&[4]), &[(0, "K")]);
    let after = place(&before, &[(0, "Q")]);
    assert_eq!(delta(&before, &after), 0);
    assert_eq!(square(&after, 0), Some("Q"));
}

// Elixir returns the very same board; ours an equal position with the
// same hash.
#[test]
fn clear_an_already_empty_square_no_op_delta() {
    let before = empty(&[4]);
    let after = board_diff(&before, &[(0, None)]).unwrap();
    assert_eq!(after, before);
    assert_eq!(after.position_hash(), before.position_hash());
}

#[test]
fn empty_changes_list() {
    let before = place(&empty(&[4]), &[(1, "K")]);
    let after = board_diff(&before, &[]).unwrap();
    assert_eq!(after, before);
    assert_eq!(delta(&before, &after), 0);
}

#[test]
fn does_not_modify_original_board() {
    let before = empty(&[4]);
    let _after = place(&before, &[(0, "K")]);
    assert_eq!(square(&before, 0), None);
}

#[test]
fn boundary_last_valid_index() {
    assert_eq!(square(&place(&empty(&[4]), &[(3, "k")]), 3), Some("k"));
}

#[test]
fn boundary_first_valid_index() {
    assert_eq!(square(&place(&empty(&[4]), &[(0, "K")]), 0), Some("K"));
}

#[test]
fn piece_with_special_characters() {
    let after = place(&empty(&[2]), &[(0, "+P"), (1, "C:K^")]);
    assert_eq!(squares(&after), [Some("+P"), Some("C:K^")]);
}

#[test]
fn chess_starting_position_32_pieces_on_64_squares() {
    let before = empty(&[64]);
    let after = place(&before, &chess_start());
    assert_eq!(delta(&before, &after), 32);
    assert_eq!(square(&after, 60), Some("K"));
    assert_eq!(square(&after, 4), Some("k"));
    assert_eq!(square(&after, 32), None);
}

// ---- diff/2 rejects invalid flat indices ----

#[test]
fn index_out_of_range_positive() {
    let error = board_diff(&empty(&[4]), &[(4, Some("K"))]).unwrap_err();
    assert_eq!(
        error,
        Error::IndexOutOfRange {
            index: 4,
            square_count: 4,
            change: Some(0)
        }
    );
    assert_eq!(
        error.to_string(),
        "invalid flat index: 4 (board has 4 squares)"
    );
}

#[test]
fn valid_change_before_invalid_index() {
    let before = empty(&[4]);
    let error = board_diff(&before, &[(0, Some("K")), (10, Some("k"))]).unwrap_err();
    assert_eq!(
        error,
        Error::IndexOutOfRange {
            index: 10,
            square_count: 4,
            change: Some(1)
        }
    );
    assert_eq!(square(&before, 0), None);
    assert_eq!(before.board_piece_count(), 0);
}

// ---- diff/2 piece delta tracking ----

#[test]
fn nil_to_string_is_plus_1() {
    let before = empty(&[2]);
    assert_eq!(delta(&before, &place(&before, &[(0, "K")])), 1);
}

#[test]
fn string_to_nil_is_minus_1() {
    let before = place(&empty(&[2]), &[(0, "K")]);
    let after = board_diff(&before, &[(0, None)]).unwrap();
    assert_eq!(delta(&before, &after), -1);
}

#[test]
fn string_to_string_is_0() {
    let before = place(&empty(&[2]), &[(0, "K")]);
    assert_eq!(delta(&before, &place(&before, &[(0, "Q")])), 0);
}

#[test]
fn nil_to_nil_is_0() {
    let before = empty(&[2]);
    let after = board_diff(&before, &[(0, None)]).unwrap();
    assert_eq!(delta(&before, &after), 0);
}

#[test]
fn multiple_changes_accumulate() {
    let before = empty(&[4]);
    let after = place(&before, &[(0, "a"), (1, "b"), (2, "c")]);
    assert_eq!(delta(&before, &after), 3);
}

#[test]
fn mixed_add_and_remove() {
    let before = place(&empty(&[4]), &[(0, "K"), (1, "Q")]);
    let after = board_diff(&before, &[(0, None), (2, Some("R")), (1, None)]).unwrap();
    assert_eq!(delta(&before, &after), -1);
}

// ---- piece_count/1 ----

#[test]
fn piece_count_empty_board() {
    assert_eq!(empty(&[4]).board_piece_count(), 0);
}

#[test]
fn piece_count_fully_occupied_board() {
    let position = place(&empty(&[2]), &[(0, "a"), (1, "b")]);
    assert_eq!(position.board_piece_count(), 2);
}

#[test]
fn piece_count_partially_occupied() {
    let position = place(&empty(&[4]), &[(1, "K"), (3, "k")]);
    assert_eq!(position.board_piece_count(), 2);
}

#[test]
fn piece_count_single_square_board_occupied() {
    assert_eq!(place(&empty(&[1]), &[(0, "K")]).board_piece_count(), 1);
}

#[test]
fn piece_count_single_square_board_empty() {
    assert_eq!(empty(&[1]).board_piece_count(), 0);
}

// ---- to_nested/2 ----

#[test]
fn to_nested_1d_flat_list_returned() {
    assert_eq!(nested(&empty(&[3])), Nested::Line(row(&[".", ".", "."])));
}

#[test]
fn to_nested_1d_with_pieces() {
    let position = place(&empty(&[3]), &[(0, "a"), (2, "c")]);
    assert_eq!(nested(&position), Nested::Line(row(&["a", ".", "c"])));
}

#[test]
fn to_nested_1d_single_element() {
    assert_eq!(nested(&empty(&[1])), Nested::Line(row(&["."])));
}

#[test]
fn to_nested_2x2() {
    let position = place(&empty(&[2, 2]), &[(0, "a"), (3, "d")]);
    assert_eq!(
        nested(&position),
        Nested::Grid(vec![row(&["a", "."]), row(&[".", "d"])])
    );
}

#[test]
fn to_nested_2x3() {
    let position = place(&empty(&[2, 3]), &[(0, "a"), (5, "f")]);
    assert_eq!(
        nested(&position),
        Nested::Grid(vec![row(&["a", ".", "."]), row(&[".", ".", "f"])])
    );
}

#[test]
fn to_nested_3x3_empty() {
    assert_eq!(
        nested(&empty(&[3, 3])),
        Nested::Grid(vec![row(&[".", ".", "."]); 3])
    );
}

#[test]
fn to_nested_1x4() {
    assert_eq!(
        nested(&empty(&[1, 4])),
        Nested::Grid(vec![row(&[".", ".", ".", "."])])
    );
}

#[test]
fn to_nested_4x1() {
    assert_eq!(nested(&empty(&[4, 1])), Nested::Grid(vec![row(&["."]); 4]));
}

#[test]
fn to_nested_2x2x2() {
    let position = place(&empty(&[2, 2, 2]), &[(0, "a"), (7, "h")]);
    assert_eq!(
        nested(&position),
        Nested::Layers(vec![
            vec![row(&["a", "."]), row(&[".", "."])],
            vec![row(&[".", "."]), row(&[".", "h"])],
        ])
    );
}

#[test]
fn to_nested_2x2x2_empty() {
    assert_eq!(
        nested(&empty(&[2, 2, 2])),
        Nested::Layers(vec![vec![row(&[".", "."]); 2]; 2])
    );
}

#[test]
fn to_nested_1x1x1() {
    assert_eq!(
        nested(&empty(&[1, 1, 1])),
        Nested::Layers(vec![vec![row(&["."])]])
    );
}

#[test]
fn to_nested_2x3x4() {
    let Nested::Layers(layers) = nested(&empty(&[2, 3, 4])) else {
        panic!("a 3D board nests as layers");
    };
    assert_eq!(layers.len(), 2);
    assert_eq!(layers[0].len(), 3);
    assert_eq!(layers[0][0].len(), 4);
}
