//! Ruby: `sashite/qi.rb`, `test/test_qi.rb`

use crate::peers::*;

// ---- construction ----

#[test]
fn one_d_board() {
    assert_eq!(empty(&[8]).shape(), [8]);
}

#[test]
fn two_d_board() {
    assert_eq!(empty(&[8, 8]).shape(), [8, 8]);
}

#[test]
fn three_d_board() {
    assert_eq!(empty(&[5, 5, 5]).shape(), [5, 5, 5]);
}

#[test]
fn minimal_board_1_square() {
    assert_eq!(squares(&empty(&[1])), [None]);
}

#[test]
fn max_dimension_size_255() {
    assert_eq!(empty(&[255]).shape(), [255]);
}

#[test]
fn turn_defaults_to_first() {
    assert_eq!(empty(&[8, 8]).turn(), Player::First);
}

#[test]
fn board_starts_empty() {
    assert_eq!(
        nested(&empty(&[2, 3])),
        Nested::Grid(vec![row(&[".", ".", "."]), row(&[".", ".", "."])])
    );
}

#[test]
fn hands_start_empty() {
    let position = empty(&[8, 8]);
    assert!(first_hand(&position).is_empty());
    assert!(second_hand(&position).is_empty());
}

#[test]
fn string_styles() {
    let position = empty(&[8, 8]);
    assert_eq!(position.first_style(), "C");
    assert_eq!(position.second_style(), "c");
}

// ---- construction errors (shape) ----

#[test]
fn raises_for_no_dimensions() {
    let error = new_error(&[]);
    assert_eq!(error, Error::EmptyShape);
    assert_eq!(error.to_string(), "at least one dimension is required");
}

#[test]
fn raises_for_4_dimensions() {
    let error = new_error(&[2, 2, 2, 2]);
    assert_eq!(error, Error::TooManyDimensions { dimensions: 4 });
    assert_eq!(error.to_string(), "board exceeds 3 dimensions (got 4)");
}

// Ruby: "dimension size must be at least 1, got 0"; ours names the
// dimension.
#[test]
fn raises_for_zero_dimension() {
    let error = new_error(&[0, 8]);
    assert_eq!(
        error,
        Error::DimensionTooSmall {
            dimension: 0,
            size: 0
        }
    );
    assert_eq!(
        error.to_string(),
        "dimension size must be at least 1, got 0 (dimension 0)"
    );
}

#[test]
fn raises_for_dimension_exceeding_255() {
    assert_eq!(
        new_error(&[256]),
        Error::DimensionTooLarge {
            dimension: 0,
            size: 256
        }
    );
}

// ---- board accessor ----

#[test]
fn one_d_board_with_pieces() {
    let position = place(&empty(&[4]), &[(0, "k"), (3, "K")]);
    assert_eq!(squares(&position), [Some("k"), None, None, Some("K")]);
}

#[test]
fn two_d_board_with_pieces() {
    let position = place(&empty(&[2, 2]), &[(0, "a"), (3, "b")]);
    assert_eq!(
        nested(&position),
        Nested::Grid(vec![row(&["a", "."]), row(&[".", "b"])])
    );
}

#[test]
fn three_d_board_with_pieces() {
    let position = place(&empty(&[2, 2, 2]), &[(0, "a"), (7, "b")]);
    let Nested::Layers(layers) = nested(&position) else {
        panic!("a 3D board nests as layers");
    };
    assert_eq!(layers[0][0][0].as_deref(), Some("a"));
    assert_eq!(layers[1][1][1].as_deref(), Some("b"));
}

#[test]
fn epin_string_pieces() {
    let position = place(&empty(&[2, 2]), &[(0, "K^"), (3, "k^")]);
    assert_eq!(
        nested(&position),
        Nested::Grid(vec![row(&["K^", "."]), row(&[".", "k^"])])
    );
}

// ---- accessor immutability ----

#[test]
fn mutating_board_copy_does_not_affect_position() {
    let position = place(&empty(&[2, 2]), &[(0, "a")]);
    let mut copy = position.to_nested();
    if let Nested::Grid(ranks) = &mut copy {
        ranks[0][0] = None;
    }
    assert_eq!(
        nested(&position),
        Nested::Grid(vec![row(&["a", "."]), row(&[".", "."])])
    );
}

#[test]
fn mutating_hand_copy_does_not_affect_position() {
    let position = give(&empty(&[2]), Player::First, &["P"]).unwrap();
    let extra = "B".to_owned();
    let mut copy: Vec<_> = position.first_hand().collect();
    copy.push((&extra, 1));
    assert_eq!(first_hand(&position), [("P", 1)]);
}

// ---- board diff ----

#[test]
fn set_a_single_square() {
    let position = place(&empty(&[4]), &[(1, "a")]);
    assert_eq!(squares(&position), [None, Some("a"), None, None]);
}

#[test]
fn empty_a_square() {
    let position = place(&empty(&[3]), &[(0, "a")]);
    let emptied = board_diff(&position, &[(0, None)]).unwrap();
    assert_eq!(squares(&emptied), [None, None, None]);
}

#[test]
fn multiple_changes_at_once() {
    let position = place(&empty(&[4]), &[(0, "a"), (1, "b"), (3, "c")]);
    assert_eq!(squares(&position), [Some("a"), Some("b"), None, Some("c")]);
}

#[test]
fn replace_piece_with_another() {
    let position = place(&empty(&[2]), &[(0, "a"), (1, "b")]);
    let replaced = place(&position, &[(0, "x")]);
    assert_eq!(squares(&replaced), [Some("x"), Some("b")]);
}

#[test]
fn move_a_piece_empty_source_fill_destination() {
    let position = place(&empty(&[4]), &[(1, "C:P")]);
    let moved = board_diff(&position, &[(1, None), (3, Some("C:P"))]).unwrap();
    assert_eq!(squares(&moved), [None, None, None, Some("C:P")]);
}

#[test]
fn two_d_board_set_square_flat_index_2() {
    let position = place(&empty(&[2, 2]), &[(2, "z")]);
    assert_eq!(
        nested(&position),
        Nested::Grid(vec![row(&[".", "."]), row(&["z", "."])])
    );
}

#[test]
fn board_diff_preserves_hands() {
    let position = give(&empty(&[3]), Player::First, &["P"]).unwrap();
    let after = place(&position, &[(0, "a")]);
    assert_eq!(first_hand(&after), [("P", 1)]);
}

#[test]
fn board_diff_preserves_styles() {
    let after = place(&styled(&[2], "S", "s"), &[(0, "a")]);
    assert_eq!(after.first_style(), "S");
    assert_eq!(after.second_style(), "s");
}

#[test]
fn board_diff_preserves_turn() {
    let after = place(&empty(&[2]).toggle(), &[(0, "a")]);
    assert_eq!(after.turn(), Player::Second);
}

// Ruby: a different, frozen object. Ours: a new version, not a clone.
#[test]
fn board_diff_returns_a_new_position() {
    let position = empty(&[2]);
    let after = place(&position, &[(0, "a")]);
    assert!(!after.ptr_eq(&position));
}

#[test]
fn board_diff_leaves_original_unchanged() {
    let position = place(&empty(&[3]), &[(0, "a")]);
    let _emptied = board_diff(&position, &[(0, None)]).unwrap();
    assert_eq!(squares(&position), [Some("a"), None, None]);
}

// ---- board diff errors ----

#[test]
fn raises_for_flat_index_equal_to_square_count() {
    let error = place_error(&[(2, "a")]);
    assert_eq!(
        error,
        Error::IndexOutOfRange {
            index: 2,
            square_count: 2,
            change: Some(0)
        }
    );
    assert_eq!(
        error.to_string(),
        "invalid flat index: 2 (board has 2 squares)"
    );
}

#[test]
fn raises_for_flat_index_exceeding_square_count() {
    let error = place_error(&[(99, "a")]);
    assert_eq!(
        error,
        Error::IndexOutOfRange {
            index: 99,
            square_count: 2,
            change: Some(0)
        }
    );
    assert_eq!(
        error.to_string(),
        "invalid flat index: 99 (board has 2 squares)"
    );
}

fn place_error(pieces: &[(usize, &str)]) -> Error {
    let squares: Vec<_> = pieces
        .iter()
        .map(|&(index, piece)| (index, Some(piece)))
        .collect();
    board_diff(&empty(&[2]), &squares).unwrap_err()
}

#[test]
fn raises_when_adding_pieces_beyond_board_capacity() {
    let position = give(&empty(&[1]), Player::First, &["P"]).unwrap();
    let error = board_diff(&position, &[(0, Some("a"))]).unwrap_err();
    assert_eq!(
        error,
        Error::TooManyPieces {
            pieces: 2,
            squares: 1
        }
    );
    assert_eq!(
        error.to_string(),
        "too many pieces for board size (2 pieces, 1 squares)"
    );
}

// ---- first player hand diff ----

#[test]
fn first_hand_add_a_piece() {
    let position = hand_diff(&empty(&[3]), Player::First, &[("P", 1)]).unwrap();
    assert_eq!(first_hand(&position), [("P", 1)]);
}

// Ruby lists `["P", "P", "P"]`; ours counts.
#[test]
fn first_hand_add_multiple_copies() {
    let position = hand_diff(&empty(&[3]), Player::First, &[("P", 3)]).unwrap();
    assert_eq!(first_hand(&position), [("P", 3)]);
}

// Ruby lists `["P", "B"]` in insertion order; ours is in key order.
#[test]
fn first_hand_add_different_pieces() {
    let position = hand_diff(&empty(&[4]), Player::First, &[("P", 1), ("B", 1)]).unwrap();
    assert_eq!(first_hand(&position), [("B", 1), ("P", 1)]);
}

#[test]
fn first_hand_remove_a_piece() {
    let position = hand_diff(&empty(&[3]), Player::First, &[("P", 1), ("B", 1)]).unwrap();
    let after = hand_diff(&position, Player::First, &[("P", -1)]).unwrap();
    assert_eq!(first_hand(&after), [("B", 1)]);
}

#[test]
fn first_hand_remove_multiple_copies() {
    let position = hand_diff(&empty(&[4]), Player::First, &[("P", 2), ("B", 1)]).unwrap();
    let after = hand_diff(&position, Player::First, &[("P", -2)]).unwrap();
    assert_eq!(first_hand(&after), [("B", 1)]);
}

#[test]
fn first_hand_add_and_remove_in_same_call() {
    let position = hand_diff(&empty(&[3]), Player::First, &[("P", 1)]).unwrap();
    let after = hand_diff(&position, Player::First, &[("P", -1), ("B", 1)]).unwrap();
    assert_eq!(first_hand(&after), [("B", 1)]);
}

#[test]
fn first_hand_zero_delta_is_a_no_op() {
    let position = hand_diff(&empty(&[2]), Player::First, &[("P", 1)]).unwrap();
    let after = hand_diff(&position, Player::First, &[("P", 0)]).unwrap();
    assert_eq!(first_hand(&after), [("P", 1)]);
    assert_eq!(after, position);
}

#[test]
fn first_hand_string_key_pieces_are_stored_as_strings() {
    let position = hand_diff(&empty(&[3]), Player::First, &[("S:P", 1)]).unwrap();
    assert_eq!(first_hand(&position), [("S:P", 1)]);
}

#[test]
fn first_hand_diff_preserves_board() {
    let position = place(&empty(&[3]), &[(0, "a")]);
    let after = hand_diff(&position, Player::First, &[("P", 1)]).unwrap();
    assert_eq!(squares(&after), [Some("a"), None, None]);
}

#[test]
fn first_hand_diff_preserves_second_player_hand() {
    let position = hand_diff(&empty(&[4]), Player::Second, &[("p", 1)]).unwrap();
    let after = hand_diff(&position, Player::First, &[("P", 1)]).unwrap();
    assert_eq!(second_hand(&after), [("p", 1)]);
}

#[test]
fn first_hand_diff_preserves_styles() {
    let after = hand_diff(&styled(&[2], "S", "s"), Player::First, &[("P", 1)]).unwrap();
    assert_eq!(after.first_style(), "S");
}

#[test]
fn first_hand_diff_preserves_turn() {
    let after = hand_diff(&empty(&[2]).toggle(), Player::First, &[("P", 1)]).unwrap();
    assert_eq!(after.turn(), Player::Second);
}

#[test]
fn first_hand_diff_returns_a_new_position() {
    let position = empty(&[2]);
    let after = hand_diff(&position, Player::First, &[("P", 1)]).unwrap();
    assert!(!after.ptr_eq(&position));
}

#[test]
fn first_hand_diff_leaves_original_unchanged() {
    let position = hand_diff(&empty(&[2]), Player::First, &[("P", 1)]).unwrap();
    let _removed = hand_diff(&position, Player::First, &[("P", -1)]).unwrap();
    assert_eq!(first_hand(&position), [("P", 1)]);
}

// ---- first player hand diff errors ----

// Ruby only checks the message contains "cannot remove"; ours says how
// many and from which hand.
#[test]
fn first_hand_raises_when_removing_piece_not_in_hand() {
    let error = hand_diff(&empty(&[2]), Player::First, &[("P", -1)]).unwrap_err();
    assert_eq!(
        error,
        Error::HandUnderflow {
            player: Player::First,
            held: 0,
            requested: 1,
            change: 0
        }
    );
    assert_eq!(
        error.to_string(),
        "cannot remove 1 from the first hand: it holds 0 (change 0)"
    );
}

#[test]
fn first_hand_raises_when_removing_more_pieces_than_present() {
    let position = hand_diff(&empty(&[2]), Player::First, &[("P", 1)]).unwrap();
    assert_eq!(
        hand_diff(&position, Player::First, &[("P", -2)]).unwrap_err(),
        Error::HandUnderflow {
            player: Player::First,
            held: 1,
            requested: 2,
            change: 0
        }
    );
}

#[test]
fn first_hand_raises_for_cardinality_violation() {
    let position = place(&empty(&[1]), &[(0, "a")]);
    let error = hand_diff(&position, Player::First, &[("P", 1)]).unwrap_err();
    assert_eq!(
        error,
        Error::TooManyPieces {
            pieces: 2,
            squares: 1
        }
    );
    assert_eq!(
        error.to_string(),
        "too many pieces for board size (2 pieces, 1 squares)"
    );
}

// ---- second player hand diff ----

#[test]
fn second_hand_add_a_piece() {
    let position = hand_diff(&empty(&[3]), Player::Second, &[("p", 1)]).unwrap();
    assert_eq!(second_hand(&position), [("p", 1)]);
}

#[test]
fn second_hand_remove_a_piece() {
    let position = hand_diff(&empty(&[3]), Player::Second, &[("p", 1), ("b", 1)]).unwrap();
    let after = hand_diff(&position, Player::Second, &[("p", -1)]).unwrap();
    assert_eq!(second_hand(&after), [("b", 1)]);
}

#[test]
fn second_hand_add_and_remove_in_same_call() {
    let position = hand_diff(&empty(&[3]), Player::Second, &[("p", 1)]).unwrap();
    let after = hand_diff(&position, Player::Second, &[("p", -1), ("b", 1)]).unwrap();
    assert_eq!(second_hand(&after), [("b", 1)]);
}

#[test]
fn second_hand_diff_preserves_first_player_hand() {
    let position = hand_diff(&empty(&[4]), Player::First, &[("P", 1)]).unwrap();
    let after = hand_diff(&position, Player::Second, &[("p", 1)]).unwrap();
    assert_eq!(first_hand(&after), [("P", 1)]);
}

#[test]
fn second_hand_diff_returns_a_new_position() {
    let position = empty(&[2]);
    let after = hand_diff(&position, Player::Second, &[("p", 1)]).unwrap();
    assert!(!after.ptr_eq(&position));
}

// ---- second player hand diff errors ----

#[test]
fn second_hand_raises_when_removing_piece_not_in_hand() {
    let error = hand_diff(&empty(&[2]), Player::Second, &[("p", -1)]).unwrap_err();
    assert_eq!(
        error,
        Error::HandUnderflow {
            player: Player::Second,
            held: 0,
            requested: 1,
            change: 0
        }
    );
    assert_eq!(
        error.to_string(),
        "cannot remove 1 from the second hand: it holds 0 (change 0)"
    );
}

#[test]
fn second_hand_raises_for_cardinality_violation() {
    let position = place(&empty(&[1]), &[(0, "a")]);
    assert_eq!(
        hand_diff(&position, Player::Second, &[("p", 1)]).unwrap_err(),
        Error::TooManyPieces {
            pieces: 2,
            squares: 1
        }
    );
}

// ---- toggle ----

#[test]
fn toggle_from_first_to_second() {
    assert_eq!(empty(&[2]).toggle().turn(), Player::Second);
}

#[test]
fn toggle_from_second_to_first() {
    assert_eq!(empty(&[2]).toggle().toggle().turn(), Player::First);
}

#[test]
fn toggle_preserves_board() {
    let position = place(&empty(&[2, 2]), &[(0, "a"), (3, "b")]);
    assert_eq!(squares(&position.toggle()), squares(&position));
}

#[test]
fn toggle_preserves_hands() {
    let position = hand_diff(&empty(&[4]), Player::First, &[("P", 1)]).unwrap();
    let position = hand_diff(&position, Player::Second, &[("p", 1)]).unwrap();
    let toggled = position.toggle();
    assert_eq!(first_hand(&toggled), [("P", 1)]);
    assert_eq!(second_hand(&toggled), [("p", 1)]);
}

#[test]
fn toggle_preserves_styles() {
    let toggled = styled(&[1], "S", "s").toggle();
    assert_eq!(toggled.first_style(), "S");
    assert_eq!(toggled.second_style(), "s");
}

#[test]
fn toggle_returns_a_new_position() {
    let position = empty(&[1]);
    assert!(!position.toggle().ptr_eq(&position));
}

#[test]
fn original_position_is_unchanged_after_toggle() {
    let position = empty(&[2]);
    let _toggled = position.toggle();
    assert_eq!(position.turn(), Player::First);
}

#[test]
fn double_toggle_returns_to_original_turn() {
    let position = empty(&[1]);
    assert_eq!(position.toggle().toggle().turn(), Player::First);
    assert_eq!(position.toggle().toggle(), position);
}

// ---- chaining ----

#[test]
fn board_diff_then_toggle() {
    let position = place(&empty(&[4]), &[(0, "a")]).toggle();
    assert_eq!(squares(&position), [Some("a"), None, None, None]);
    assert_eq!(position.turn(), Player::Second);
}

#[test]
fn board_diff_then_first_player_hand_diff_then_toggle() {
    let position = place(&empty(&[4]), &[(0, "a")]);
    let position = hand_diff(&position, Player::First, &[("P", 1)])
        .unwrap()
        .toggle();
    assert_eq!(squares(&position), [Some("a"), None, None, None]);
    assert_eq!(first_hand(&position), [("P", 1)]);
    assert_eq!(position.turn(), Player::Second);
}

#[test]
fn board_diff_then_second_player_hand_diff_then_toggle() {
    let position = place(&empty(&[4]), &[(0, "a")]);
    let position = hand_diff(&position, Player::Second, &[("p", 1)])
        .unwrap()
        .toggle();
    assert_eq!(squares(&position), [Some("a"), None, None, None]);
    assert_eq!(second_hand(&position), [("p", 1)]);
    assert_eq!(position.turn(), Player::Second);
}

#[test]
fn complete_capture_scenario() {
    let position = place(&empty(&[4]), &[(0, "attacker"), (1, "defender")]);
    let captured = board_diff(&position, &[(1, Some("attacker")), (0, None)]).unwrap();
    let captured = hand_diff(&captured, Player::First, &[("defender", 1)])
        .unwrap()
        .toggle();
    assert_eq!(squares(&captured), [None, Some("attacker"), None, None]);
    assert_eq!(first_hand(&captured), [("defender", 1)]);
    assert_eq!(captured.turn(), Player::Second);
}

// ---- cardinality ----

#[test]
fn accepts_pieces_equal_to_squares() {
    let position = place(&empty(&[2]), &[(0, "a"), (1, "b")]);
    assert_eq!(squares(&position), [Some("a"), Some("b")]);
}

#[test]
fn accepts_pieces_equal_to_squares_with_hands() {
    let position = place(&empty(&[3]), &[(0, "a")]);
    let position = hand_diff(&position, Player::First, &[("P", 1)]).unwrap();
    let position = hand_diff(&position, Player::Second, &[("p", 1)]).unwrap();
    assert_eq!(position.board_piece_count(), 1);
    assert_eq!(first_hand(&position).len(), 1);
    assert_eq!(second_hand(&position).len(), 1);
}

// ---- inspect ----

#[test]
fn inspect_returns_a_readable_string() {
    let text = format!("{:?}", empty(&[8, 8]));
    assert!(text.starts_with("Qi {"), "{text}");
    assert!(text.contains("shape: [8, 8]"), "{text}");
    assert!(text.contains("turn: First"), "{text}");
}
