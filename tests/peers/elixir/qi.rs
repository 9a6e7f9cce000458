//! Elixir: `sashite/qi.ex`, `test/qi_test.exs`

use crate::peers::*;

// ---- constants ----

#[test]
fn max_dimensions_returns_3() {
    assert_eq!(MAX_DIMENSIONS, 3);
}

#[test]
fn max_dimension_size_returns_255() {
    assert_eq!(MAX_DIMENSION_SIZE, 255);
}

// ---- new/2 with valid inputs ----

#[test]
fn one_d_board() {
    let position = empty(&[8]);
    assert_eq!(position.shape(), [8]);
    assert_eq!(position.square_count(), 8);
}

#[test]
fn two_d_board_chess() {
    let position = empty(&[8, 8]);
    assert_eq!(position.shape(), [8, 8]);
    assert_eq!(position.square_count(), 64);
}

#[test]
fn two_d_board_shogi() {
    let position = styled(&[9, 9], "S", "s");
    assert_eq!(position.shape(), [9, 9]);
    assert_eq!(position.square_count(), 81);
}

#[test]
fn two_d_board_xiangqi() {
    let position = styled(&[10, 9], "X", "x");
    assert_eq!(position.shape(), [10, 9]);
    assert_eq!(position.square_count(), 90);
}

#[test]
fn three_d_board_raumschach() {
    let position = styled(&[5, 5, 5], "R", "r");
    assert_eq!(position.shape(), [5, 5, 5]);
    assert_eq!(position.square_count(), 125);
}

#[test]
fn minimal_board_1_square() {
    assert_eq!(empty(&[1]).square_count(), 1);
}

#[test]
fn board_starts_empty() {
    assert_eq!(squares(&empty(&[4])), [None; 4]);
}

#[test]
fn hands_start_empty() {
    let position = empty(&[8, 8]);
    assert!(first_hand(&position).is_empty());
    assert!(second_hand(&position).is_empty());
}

#[test]
fn turn_starts_as_first() {
    assert_eq!(empty(&[8, 8]).turn(), Player::First);
}

#[test]
fn styles_are_stored() {
    let position = empty(&[8, 8]);
    assert_eq!(position.first_style(), "C");
    assert_eq!(position.second_style(), "c");
}

#[test]
fn same_style_for_both_players() {
    let position = styled(&[8, 8], "C", "C");
    assert_eq!(position.first_style(), "C");
    assert_eq!(position.second_style(), "C");
}

// ---- new/2 rejects invalid shapes ----

#[test]
fn empty_shape() {
    let error = new_error(&[]);
    assert_eq!(error, Error::EmptyShape);
    assert_eq!(error.to_string(), "at least one dimension is required");
}

#[test]
fn too_many_dimensions() {
    let error = new_error(&[2, 2, 2, 2]);
    assert_eq!(error, Error::TooManyDimensions { dimensions: 4 });
    assert_eq!(error.to_string(), "board exceeds 3 dimensions (got 4)");
}

#[test]
fn zero_dimension() {
    assert_eq!(
        new_error(&[0]),
        Error::DimensionTooSmall {
            dimension: 0,
            size: 0
        }
    );
}

#[test]
fn dimension_exceeds_255() {
    assert_eq!(
        new_error(&[256]),
        Error::DimensionTooLarge {
            dimension: 0,
            size: 256
        }
    );
}

// ---- board_diff/2 ----

#[test]
fn place_pieces_on_empty_board() {
    let position = place(&empty(&[8, 8]), &[(0, "R"), (4, "K"), (7, "R")]);
    assert_eq!(square(&position, 0), Some("R"));
    assert_eq!(square(&position, 4), Some("K"));
    assert_eq!(square(&position, 7), Some("R"));
}

#[test]
fn clear_a_square() {
    let position = place(&empty(&[8, 8]), &[(0, "K")]);
    let cleared = board_diff(&position, &[(0, None)]).unwrap();
    assert_eq!(square(&cleared, 0), None);
}

#[test]
fn move_a_piece() {
    let position = place(&empty(&[8, 8]), &[(12, "P")]);
    let moved = board_diff(&position, &[(12, None), (28, Some("P"))]).unwrap();
    assert_eq!(square(&moved, 12), None);
    assert_eq!(square(&moved, 28), Some("P"));
}

#[test]
fn replace_a_piece() {
    let position = place(&empty(&[8, 8]), &[(0, "P")]);
    assert_eq!(square(&place(&position, &[(0, "+P")]), 0), Some("+P"));
}

#[test]
fn empty_changes_list() {
    let position = empty(&[8, 8]);
    let after = board_diff(&position, &[]).unwrap();
    assert_eq!(squares(&after), squares(&position));
}

#[test]
fn does_not_modify_original() {
    let position = empty(&[8, 8]);
    let _after = place(&position, &[(0, "K")]);
    assert_eq!(square(&position, 0), None);
}

#[test]
fn preserves_other_fields() {
    let position = hand_diff(&empty(&[8, 8]), Player::First, &[("P", 1)])
        .unwrap()
        .toggle();
    let after = place(&position, &[(0, "K")]);
    assert_eq!(first_hand(&after), [("P", 1)]);
    assert!(second_hand(&after).is_empty());
    assert_eq!(after.turn(), Player::Second);
    assert_eq!(after.first_style(), "C");
    assert_eq!(after.second_style(), "c");
    assert_eq!(after.shape(), [8, 8]);
}

#[test]
fn rejects_invalid_index() {
    assert_eq!(
        board_diff(&empty(&[4]), &[(4, Some("K"))]).unwrap_err(),
        Error::IndexOutOfRange {
            index: 4,
            square_count: 4,
            change: Some(0)
        }
    );
}

// ---- first_player_hand_diff/2 ----

#[test]
fn first_hand_add_pieces() {
    let position = hand_diff(&empty(&[8, 8]), Player::First, &[("P", 2), ("B", 1)]).unwrap();
    assert_eq!(first_hand(&position), [("B", 1), ("P", 2)]);
}

#[test]
fn first_hand_remove_pieces() {
    let position = hand_diff(&empty(&[8, 8]), Player::First, &[("P", 3)]).unwrap();
    let after = hand_diff(&position, Player::First, &[("P", -1)]).unwrap();
    assert_eq!(first_hand(&after), [("P", 2)]);
}

#[test]
fn first_hand_remove_all_copies_deletes_entry() {
    let position = hand_diff(&empty(&[8, 8]), Player::First, &[("P", 1)]).unwrap();
    let after = hand_diff(&position, Player::First, &[("P", -1)]).unwrap();
    assert!(first_hand(&after).is_empty());
}

#[test]
fn first_hand_does_not_affect_second_player_hand() {
    let after = hand_diff(&empty(&[8, 8]), Player::First, &[("P", 1)]).unwrap();
    assert!(second_hand(&after).is_empty());
}

#[test]
fn first_hand_does_not_affect_board() {
    let position = place(&empty(&[8, 8]), &[(9, "K")]);
    let after = hand_diff(&position, Player::First, &[("P", 1)]).unwrap();
    assert_eq!(squares(&after), squares(&position));
}

#[test]
fn first_hand_rejects_removing_absent_piece() {
    assert_eq!(
        hand_diff(&empty(&[8, 8]), Player::First, &[("P", -1)]).unwrap_err(),
        Error::HandUnderflow {
            player: Player::First,
            held: 0,
            requested: 1,
            change: 0
        }
    );
}

// ---- second_player_hand_diff/2 ----

#[test]
fn second_hand_add_pieces() {
    let position = hand_diff(&empty(&[8, 8]), Player::Second, &[("p", 2)]).unwrap();
    assert_eq!(second_hand(&position), [("p", 2)]);
}

#[test]
fn second_hand_remove_pieces() {
    let position = hand_diff(&empty(&[8, 8]), Player::Second, &[("p", 3)]).unwrap();
    let after = hand_diff(&position, Player::Second, &[("p", -2)]).unwrap();
    assert_eq!(second_hand(&after), [("p", 1)]);
}

#[test]
fn second_hand_does_not_affect_first_player_hand() {
    let after = hand_diff(&empty(&[8, 8]), Player::Second, &[("p", 1)]).unwrap();
    assert!(first_hand(&after).is_empty());
}

#[test]
fn second_hand_does_not_affect_board() {
    let position = place(&empty(&[8, 8]), &[(9, "k")]);
    let after = hand_diff(&position, Player::Second, &[("p", 1)]).unwrap();
    assert_eq!(squares(&after), squares(&position));
}

#[test]
fn second_hand_rejects_removing_absent_piece() {
    assert_eq!(
        hand_diff(&empty(&[8, 8]), Player::Second, &[("p", -1)]).unwrap_err(),
        Error::HandUnderflow {
            player: Player::Second,
            held: 0,
            requested: 1,
            change: 0
        }
    );
}

// ---- toggle/1 ----

#[test]
fn toggle_first_to_second() {
    assert_eq!(empty(&[8, 8]).toggle().turn(), Player::Second);
}

#[test]
fn toggle_second_to_first() {
    assert_eq!(empty(&[8, 8]).toggle().toggle().turn(), Player::First);
}

#[test]
fn double_toggle_returns_to_original() {
    let position = empty(&[8, 8]);
    assert_eq!(position.toggle().toggle(), position);
}

#[test]
fn toggle_preserves_board() {
    let position = place(&empty(&[4]), &[(0, "K")]);
    assert_eq!(squares(&position.toggle()), squares(&position));
}

#[test]
fn toggle_preserves_hands() {
    let position = hand_diff(&empty(&[8, 8]), Player::First, &[("P", 1)]).unwrap();
    let position = hand_diff(&position, Player::Second, &[("p", 2)]).unwrap();
    let toggled = position.toggle();
    assert_eq!(first_hand(&toggled), [("P", 1)]);
    assert_eq!(second_hand(&toggled), [("p", 2)]);
}

#[test]
fn toggle_preserves_styles_and_shape() {
    let toggled = styled(&[9, 9], "S", "s").toggle();
    assert_eq!(toggled.first_style(), "S");
    assert_eq!(toggled.second_style(), "s");
    assert_eq!(toggled.shape(), [9, 9]);
}

// ---- to_nested/1 ----

#[test]
fn to_nested_1d() {
    let position = place(&empty(&[3]), &[(0, "K"), (2, "k")]);
    assert_eq!(nested(&position), Nested::Line(row(&["K", ".", "k"])));
}

#[test]
fn to_nested_2d() {
    let position = place(&empty(&[2, 3]), &[(0, "a"), (5, "f")]);
    assert_eq!(
        nested(&position),
        Nested::Grid(vec![row(&["a", ".", "."]), row(&[".", ".", "f"])])
    );
}

#[test]
fn to_nested_3d() {
    assert_eq!(
        nested(&empty(&[2, 2, 2])),
        Nested::Layers(vec![vec![row(&[".", "."]); 2]; 2])
    );
}

#[test]
fn to_nested_empty_board() {
    assert_eq!(
        nested(&empty(&[3, 3])),
        Nested::Grid(vec![row(&[".", ".", "."]); 3])
    );
}

// ---- cardinality enforcement ----

#[test]
fn board_full_adding_to_hand_raises() {
    let full = place(&empty(&[2]), &[(0, "a"), (1, "b")]);
    assert_eq!(
        hand_diff(&full, Player::First, &[("c", 1)]).unwrap_err(),
        Error::TooManyPieces {
            pieces: 3,
            squares: 2
        }
    );
}

#[test]
fn board_full_adding_to_second_hand_raises() {
    let full = place(&empty(&[2]), &[(0, "a"), (1, "b")]);
    assert_eq!(
        hand_diff(&full, Player::Second, &[("c", 1)]).unwrap_err(),
        Error::TooManyPieces {
            pieces: 3,
            squares: 2
        }
    );
}

#[test]
fn hand_pieces_count_toward_cardinality() {
    let position = hand_diff(&empty(&[2]), Player::First, &[("P", 1)]).unwrap();
    let position = hand_diff(&position, Player::Second, &[("p", 1)]).unwrap();
    assert_eq!(first_hand(&position), [("P", 1)]);
    assert_eq!(
        board_diff(&position, &[(0, Some("K"))]).unwrap_err(),
        Error::TooManyPieces {
            pieces: 3,
            squares: 2
        }
    );
}

#[test]
fn p_equals_n_is_valid() {
    let position = place(&empty(&[4]), &[(0, "a"), (1, "b")]);
    let position = hand_diff(&position, Player::First, &[("c", 1)]).unwrap();
    let position = hand_diff(&position, Player::Second, &[("d", 1)]).unwrap();
    assert_eq!(position.piece_count(), 4);
    assert_eq!(position.square_count(), 4);
}

#[test]
fn removing_from_board_frees_capacity_for_hand() {
    let position = place(&empty(&[2]), &[(0, "a"), (1, "b")]);
    let position = board_diff(&position, &[(0, None)]).unwrap();
    let after = hand_diff(&position, Player::First, &[("c", 1)]).unwrap();
    assert_eq!(first_hand(&after), [("c", 1)]);
}

#[test]
fn removing_from_hand_frees_capacity_for_board() {
    let position = hand_diff(&empty(&[2]), Player::First, &[("P", 2)]).unwrap();
    assert_eq!(
        board_diff(&position, &[(0, Some("K"))]).unwrap_err(),
        Error::TooManyPieces {
            pieces: 3,
            squares: 2
        }
    );
    let position = hand_diff(&position, Player::First, &[("P", -1)]).unwrap();
    assert_eq!(square(&place(&position, &[(0, "K")]), 0), Some("K"));
}

#[test]
fn cardinality_error_message_includes_counts() {
    let full = place(&empty(&[2]), &[(0, "a"), (1, "b")]);
    let error = hand_diff(&full, Player::First, &[("c", 1)]).unwrap_err();
    assert_eq!(
        error.to_string(),
        "too many pieces for board size (3 pieces, 2 squares)"
    );
}

// ---- pipe composition ----

#[test]
fn simple_move_slide_a_piece() {
    let position = place(&empty(&[8, 8]), &[(52, "P")]);
    let position = board_diff(&position, &[(52, None), (36, Some("P"))])
        .unwrap()
        .toggle();
    assert_eq!(square(&position, 52), None);
    assert_eq!(square(&position, 36), Some("P"));
    assert_eq!(position.turn(), Player::Second);
}

#[test]
fn capture_overwrite_plus_hand_plus_toggle() {
    let position = place(&empty(&[8, 8]), &[(52, "P"), (36, "p")]);
    let position = board_diff(&position, &[(52, None), (36, Some("P"))]).unwrap();
    let position = hand_diff(&position, Player::First, &[("p", 1)])
        .unwrap()
        .toggle();
    assert_eq!(square(&position, 52), None);
    assert_eq!(square(&position, 36), Some("P"));
    assert_eq!(first_hand(&position), [("p", 1)]);
    assert_eq!(position.turn(), Player::Second);
}

#[test]
fn shogi_drop_hand_to_board() {
    let position = hand_diff(&styled(&[9, 9], "S", "s"), Player::First, &[("P", 1)]).unwrap();
    let position = hand_diff(&position, Player::First, &[("P", -1)]).unwrap();
    let position = place(&position, &[(40, "P")]).toggle();
    assert!(first_hand(&position).is_empty());
    assert_eq!(square(&position, 40), Some("P"));
    assert_eq!(position.turn(), Player::Second);
}

#[test]
fn multiple_turns() {
    let position = place(&empty(&[3, 3]), &[(4, "K"), (0, "k")]);
    let position = board_diff(&position, &[(4, None), (5, Some("K"))])
        .unwrap()
        .toggle();
    let position = board_diff(&position, &[(0, None), (1, Some("k"))])
        .unwrap()
        .toggle();
    assert_eq!(square(&position, 5), Some("K"));
    assert_eq!(square(&position, 1), Some("k"));
    assert_eq!(square(&position, 4), None);
    assert_eq!(square(&position, 0), None);
    assert_eq!(position.turn(), Player::First);
}

// ---- realistic game scenarios ----

#[test]
fn chess_full_starting_position() {
    let position = place(&empty(&[8, 8]), &chess_start());
    assert_eq!(square(&position, 4), Some("k"));
    assert_eq!(square(&position, 60), Some("K"));
    assert_eq!(square(&position, 32), None);
    assert_eq!(position.turn(), Player::First);
}

#[test]
fn shogi_capture_and_drop_cycle() {
    let position = place(
        &styled(&[9, 9], "S", "s"),
        &[(40, "K"), (4, "k"), (31, "p")],
    );

    let captured = board_diff(&position, &[(40, None), (31, Some("K"))]).unwrap();
    let captured = hand_diff(&captured, Player::First, &[("p", 1)])
        .unwrap()
        .toggle();
    assert_eq!(square(&captured, 31), Some("K"));
    assert_eq!(first_hand(&captured), [("p", 1)]);
    assert_eq!(captured.turn(), Player::Second);

    let passed = captured.toggle();
    assert_eq!(passed.turn(), Player::First);

    let dropped = hand_diff(&passed, Player::First, &[("p", -1)]).unwrap();
    let dropped = place(&dropped, &[(50, "p")]).toggle();
    assert!(first_hand(&dropped).is_empty());
    assert_eq!(square(&dropped, 50), Some("p"));
    assert_eq!(dropped.turn(), Player::Second);
}

#[test]
fn placement_game_pieces_start_in_hands() {
    let position = hand_diff(&styled(&[3, 3], "G", "g"), Player::First, &[("X", 3)]).unwrap();
    let position = hand_diff(&position, Player::Second, &[("O", 3)]).unwrap();

    let first_turn = hand_diff(&position, Player::First, &[("X", -1)]).unwrap();
    let first_turn = place(&first_turn, &[(4, "X")]).toggle();

    let second_turn = hand_diff(&first_turn, Player::Second, &[("O", -1)]).unwrap();
    let second_turn = place(&second_turn, &[(0, "O")]).toggle();

    assert_eq!(first_hand(&second_turn), [("X", 2)]);
    assert_eq!(second_hand(&second_turn), [("O", 2)]);
    assert_eq!(square(&second_turn, 4), Some("X"));
    assert_eq!(square(&second_turn, 0), Some("O"));
    assert_eq!(second_turn.turn(), Player::First);
}

// ---- immutability ----

#[test]
fn board_diff_returns_new_struct() {
    let position = empty(&[4]);
    let after = place(&position, &[(0, "K")]);
    assert!(!after.ptr_eq(&position));
    assert_eq!(square(&position, 0), None);
}

#[test]
fn hand_diff_returns_new_struct() {
    let position = empty(&[4]);
    let after = hand_diff(&position, Player::First, &[("P", 1)]).unwrap();
    assert!(!after.ptr_eq(&position));
    assert!(first_hand(&position).is_empty());
}

#[test]
fn toggle_returns_new_struct() {
    let position = empty(&[4]);
    assert!(!position.toggle().ptr_eq(&position));
    assert_eq!(position.turn(), Player::First);
}
