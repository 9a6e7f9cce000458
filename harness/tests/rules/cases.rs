//! One test per rule of the position model, over the pointer kind
//! `super::Kind`: `Qi` here is that kind's position type.

use crate::empty_board::Empty;
use harness::support::Collide;
use persistent_qi::{Error, GenericQi, Nested, Player};

type Qi<P, S> = GenericQi<P, S, super::Kind>;

type Position = Qi<&'static str, &'static str>;

fn new_error(shape: &[usize]) -> Error {
    Qi::<&str, &str>::new(shape, "C", "c").expect_err("an invalid shape")
}

// ---- construction --------------------------------------------------------

#[test]
fn a_new_position_is_empty_with_the_first_player_to_move() {
    let position = Position::empty(&[8, 8]);
    assert_eq!(position.shape(), [8, 8]);
    assert_eq!(position.dimension_count(), 2);
    assert_eq!(position.square_count(), 64);
    assert_eq!(position.piece_count(), 0);
    assert_eq!(position.turn(), Player::First);
    assert_eq!(position.first_style(), &"C");
    assert_eq!(position.second_style(), &"c");
    assert_eq!(position.style(Player::Second), &"c");
    assert!(position.squares().all(|square| square.is_none()));
    assert_eq!(position.squares().count(), 64);
    assert_eq!(position.first_hand().count(), 0);
    assert_eq!(position.second_hand().count(), 0);
}

#[test]
fn one_two_and_three_dimensions_are_accepted() {
    assert_eq!(Position::empty(&[8]).square_count(), 8);
    assert_eq!(Position::empty(&[9, 9]).square_count(), 81);
    assert_eq!(Position::empty(&[5, 5, 5]).square_count(), 125);
    assert_eq!(Position::empty(&[1]).square_count(), 1);
}

#[test]
fn the_largest_boards_are_accepted() {
    assert_eq!(Position::empty(&[255, 255]).square_count(), 65_025);
    assert_eq!(Position::empty(&[40, 40, 40]).square_count(), 64_000);
    assert_eq!(Position::empty(&[255]).square_count(), 255);
}

#[test]
fn an_empty_shape_is_rejected() {
    assert_eq!(new_error(&[]), Error::EmptyShape);
}

#[test]
fn more_than_three_dimensions_are_rejected() {
    assert_eq!(
        new_error(&[2, 2, 2, 2]),
        Error::TooManyDimensions { dimensions: 4 }
    );
}

#[test]
fn the_dimension_count_is_checked_before_the_sizes() {
    assert_eq!(
        new_error(&[0, 0, 0, 0]),
        Error::TooManyDimensions { dimensions: 4 }
    );
}

#[test]
fn a_zero_size_is_rejected() {
    assert_eq!(
        new_error(&[8, 0]),
        Error::DimensionTooSmall {
            dimension: 1,
            size: 0
        }
    );
}

#[test]
fn a_size_over_255_is_rejected() {
    assert_eq!(
        new_error(&[256]),
        Error::DimensionTooLarge {
            dimension: 0,
            size: 256
        }
    );
}

#[test]
fn the_first_bad_size_wins() {
    assert_eq!(
        new_error(&[300, 0]),
        Error::DimensionTooLarge {
            dimension: 0,
            size: 300
        }
    );
    assert_eq!(
        new_error(&[0, 300]),
        Error::DimensionTooSmall {
            dimension: 0,
            size: 0
        }
    );
    assert_eq!(
        new_error(&[8, 256, 0]),
        Error::DimensionTooLarge {
            dimension: 1,
            size: 256
        }
    );
}

#[test]
fn sizes_are_checked_before_the_square_count() {
    assert_eq!(
        new_error(&[255, 255, 0]),
        Error::DimensionTooSmall {
            dimension: 2,
            size: 0
        }
    );
}

#[test]
fn too_many_squares_is_rejected() {
    assert_eq!(
        new_error(&[255, 255, 2]),
        Error::TooManySquares { squares: 130_050 }
    );
    assert_eq!(
        new_error(&[255, 255, 255]),
        Error::TooManySquares {
            squares: 16_581_375
        }
    );
}

#[test]
fn huge_sizes_are_rejected_without_overflow() {
    assert_eq!(
        new_error(&[usize::MAX, usize::MAX]),
        Error::DimensionTooLarge {
            dimension: 0,
            size: usize::MAX
        }
    );
}

// ---- board diffs ---------------------------------------------------------

#[test]
fn a_board_diff_places_and_clears_pieces() {
    let position = Position::empty(&[3, 3])
        .board_diff([(4, Some("K"))])
        .unwrap()
        .board_diff([(4, None), (0, Some("Q"))])
        .unwrap();
    assert_eq!(position.square(0), Some(&"Q"));
    assert_eq!(position.square(4), None);
    assert_eq!(position.board_piece_count(), 1);
}

#[test]
fn a_repeated_index_is_last_write_wins() {
    let position = Position::empty(&[4])
        .board_diff([(0, Some("a")), (0, Some("b")), (1, Some("c")), (1, None)])
        .unwrap();
    assert_eq!(position.square(0), Some(&"b"));
    assert_eq!(position.square(1), None);
    assert_eq!(position.board_piece_count(), 1);
}

#[test]
fn an_index_past_the_board_is_rejected() {
    let error = Position::empty(&[2, 2])
        .board_diff([(0, Some("K")), (4, Some("k"))])
        .unwrap_err();
    assert_eq!(
        error,
        Error::IndexOutOfRange {
            index: 4,
            square_count: 4,
            change: Some(1)
        }
    );
    assert_eq!(
        error.to_string(),
        "invalid flat index: 4 (board has 4 squares)"
    );
}

#[test]
fn an_index_of_usize_max_is_rejected() {
    let error = Position::empty(&[255, 255])
        .board_diff([(usize::MAX, None)])
        .unwrap_err();
    assert_eq!(
        error,
        Error::IndexOutOfRange {
            index: usize::MAX,
            square_count: 65_025,
            change: Some(0)
        }
    );
}

#[test]
fn the_first_bad_index_is_reported() {
    let error = Position::empty(&[2])
        .board_diff([(5, None), (6, None)])
        .unwrap_err();
    assert!(matches!(
        error,
        Error::IndexOutOfRange {
            index: 5,
            change: Some(0),
            ..
        }
    ));
}

#[test]
fn an_empty_board_diff_gives_an_equal_position() {
    let position = Position::empty(&[3]).board_diff([(1, Some("x"))]).unwrap();
    assert_eq!(position.board_diff([]).unwrap(), position);
}

#[test]
fn writing_what_is_there_changes_nothing() {
    let position = Position::empty(&[3]).board_diff([(1, Some("x"))]).unwrap();
    let same = position.board_diff([(1, Some("x")), (2, None)]).unwrap();
    assert_eq!(same, position);
    assert_eq!(same.position_hash(), position.position_hash());
    assert_eq!(same.board_piece_count(), 1);
}

#[test]
fn reading_outside_the_board_gives_none() {
    let position = Position::empty(&[3]).board_diff([(2, Some("x"))]).unwrap();
    assert_eq!(position.square(3), None);
    assert_eq!(position.square(usize::MAX), None);
    // The board is stored in blocks; the padding past the last square is
    // never reported as a square.
    assert_eq!(position.squares().count(), 3);
}

// ---- hand diffs ----------------------------------------------------------

#[test]
fn a_positive_delta_adds_and_a_negative_one_removes() {
    let position = Position::empty(&[8, 8])
        .first_hand_diff([("P", 2), ("B", 1)])
        .unwrap()
        .first_hand_diff([("B", -1), ("P", 1)])
        .unwrap();
    assert_eq!(position.first_hand_count(&"P"), 3);
    assert_eq!(position.first_hand_count(&"B"), 0);
    assert_eq!(position.first_hand().collect::<Vec<_>>(), [(&"P", 3)]);
    assert_eq!(position.hand_piece_count(), 3);
}

#[test]
fn a_zero_delta_does_nothing_even_for_an_absent_piece() {
    let position = Position::empty(&[8, 8])
        .first_hand_diff([("P", 0)])
        .unwrap();
    assert_eq!(position.first_hand().count(), 0);
    assert_eq!(position, Position::empty(&[8, 8]));
}

#[test]
fn a_repeated_piece_accumulates() {
    let position = Position::empty(&[8, 8])
        .second_hand_diff([("p", 1), ("p", 1), ("p", 3), ("p", -2)])
        .unwrap();
    assert_eq!(position.second_hand_count(&"p"), 3);
}

#[test]
fn a_count_reaching_zero_removes_the_entry() {
    let position = Position::empty(&[8, 8])
        .first_hand_diff([("P", 2)])
        .unwrap()
        .first_hand_diff([("P", -2)])
        .unwrap();
    assert_eq!(position.first_hand().count(), 0);
    assert_eq!(position.hand_piece_count(), 0);
    assert_eq!(position, Position::empty(&[8, 8]));
}

#[test]
fn hands_are_listed_in_piece_order() {
    let position = Position::empty(&[8, 8])
        .first_hand_diff([("R", 1), ("B", 2), ("P", 3)])
        .unwrap();
    assert_eq!(
        position.hand(Player::First).collect::<Vec<_>>(),
        [(&"B", 2), (&"P", 3), (&"R", 1)]
    );
}

#[test]
fn the_two_hands_are_separate() {
    let position = Position::empty(&[8, 8])
        .first_hand_diff([("P", 1)])
        .unwrap()
        .hand_diff(Player::Second, [("P", 2)])
        .unwrap();
    assert_eq!(position.first_hand_count(&"P"), 1);
    assert_eq!(position.second_hand_count(&"P"), 2);
    assert_eq!(position.hand_count(Player::Second, &"P"), 2);
    assert_eq!(position.hand_piece_count(), 3);
}

#[test]
fn removing_more_than_held_is_an_underflow() {
    let position = Position::empty(&[8, 8])
        .first_hand_diff([("P", 1)])
        .unwrap();
    let error = position.first_hand_diff([("P", 1), ("P", -3)]).unwrap_err();
    assert_eq!(
        error,
        Error::HandUnderflow {
            player: Player::First,
            held: 2,
            requested: 3,
            change: 1
        }
    );
}

#[test]
fn removing_an_absent_piece_is_an_underflow() {
    let error = Position::empty(&[8, 8])
        .second_hand_diff([("p", -1)])
        .unwrap_err();
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
fn i32_min_is_handled_without_overflow() {
    let error = Position::empty(&[8, 8])
        .first_hand_diff([("P", i32::MIN)])
        .unwrap_err();
    assert_eq!(
        error,
        Error::HandUnderflow {
            player: Player::First,
            held: 0,
            requested: 2_147_483_648,
            change: 0
        }
    );
}

#[test]
fn i32_max_is_handled_without_overflow() {
    let error = Position::empty(&[8, 8])
        .first_hand_diff([("P", i32::MAX), ("P", i32::MAX)])
        .unwrap_err();
    assert_eq!(
        error,
        Error::TooManyPieces {
            pieces: 4_294_967_294,
            squares: 64
        }
    );
}

/// A position keeps a hand change as its difference from the shared count
/// while that fits an `i8` (-128 to 127); a change past it goes to the
/// shared hands. Counts walked across both limits, one change at a time
/// and in single jumps, each read back, hashed as from scratch, equal to
/// the same content built apart, and listed by `changes_since`.
#[test]
fn hand_counts_cross_the_limits_of_the_kept_difference() {
    let start: Qi<u8, u8> = Qi::from_parts(
        &[32, 32],
        core::iter::repeat_n(None, 1_024),
        [(7, 200)],
        [(9, 1)],
        0,
        1,
        Player::First,
    )
    .unwrap();
    let check = |position: &Qi<u8, u8>, base: &Qi<u8, u8>, count: usize| {
        assert_eq!(position.first_hand_count(&7), count);
        assert_eq!(position.hand_piece_count(), count + 1);
        let apart = harness::support::rebuilt(position);
        assert_eq!(position.position_hash(), apart.position_hash(), "{count}");
        assert_eq!(*position, apart, "{count}");
        let changes = position.changes_since(base).unwrap();
        let listed: Vec<_> = changes
            .hands()
            .map(|change| (change.piece, change.before, change.after))
            .collect();
        let before = base.first_hand_count(&7);
        let expected = if before == count {
            vec![]
        } else {
            vec![(&7, before, count)]
        };
        assert_eq!(listed, expected, "{before} to {count}");
    };
    let mut position = start.clone();
    let mut count: i64 = 200;
    for delta in [127, 1, -1, -127, -128, -1, 1, 128, -128, 255, -256, -71] {
        let next = position.first_hand_diff([(7, delta)]).unwrap();
        count += i64::from(delta);
        check(&next, &position, usize::try_from(count).unwrap());
        check(&next, &start, usize::try_from(count).unwrap());
        position = next;
    }
    // Each limit from the start in one change, and one past it.
    for delta in [127, 128, 129, -128, -129, -200] {
        let next = start.first_hand_diff([(7, delta)]).unwrap();
        check(&next, &start, usize::try_from(200 + delta).unwrap());
        // And back in one change: equal to the start again.
        let back = next.first_hand_diff([(7, -delta)]).unwrap();
        check(&back, &start, 200);
        assert_eq!(back, start);
    }
}

// ---- cardinality ---------------------------------------------------------

#[test]
fn pieces_may_fill_every_square() {
    let full = Position::empty(&[2])
        .board_diff([(0, Some("a")), (1, Some("b"))])
        .unwrap();
    assert_eq!(full.piece_count(), 2);
}

#[test]
fn a_piece_more_than_squares_is_rejected() {
    let full = Position::empty(&[2])
        .board_diff([(0, Some("a")), (1, Some("b"))])
        .unwrap();
    let error = full.first_hand_diff([("c", 1)]).unwrap_err();
    assert_eq!(
        error,
        Error::TooManyPieces {
            pieces: 3,
            squares: 2
        }
    );
    assert_eq!(
        error.to_string(),
        "too many pieces for board size (3 pieces, 2 squares)"
    );
}

#[test]
fn hands_count_towards_cardinality() {
    let position = Position::empty(&[2]).first_hand_diff([("a", 1)]).unwrap();
    let position = position.second_hand_diff([("b", 1)]).unwrap();
    assert_eq!(
        position.board_diff([(0, Some("c"))]).unwrap_err(),
        Error::TooManyPieces {
            pieces: 3,
            squares: 2
        }
    );
}

#[test]
fn cardinality_is_checked_on_the_result_of_a_diff() {
    let position = Position::empty(&[2]).board_diff([(0, Some("a"))]).unwrap();
    // Three in hand mid-diff, one at the end.
    let after = position.first_hand_diff([("x", 3), ("x", -2)]).unwrap();
    assert_eq!(after.piece_count(), 2);
}

#[test]
fn an_out_of_range_index_wins_over_cardinality() {
    // One square, already holding one piece in hand: the first change alone
    // would break cardinality, the second is out of range.
    let full = Position::empty(&[1]).first_hand_diff([("x", 1)]).unwrap();
    let error = full
        .board_diff([(0, Some("a")), (1, Some("b"))])
        .unwrap_err();
    assert_eq!(
        error,
        Error::IndexOutOfRange {
            index: 1,
            square_count: 1,
            change: Some(1)
        }
    );
}

#[test]
fn an_underflow_wins_over_cardinality() {
    let error = Position::empty(&[1])
        .first_hand_diff([("a", 5), ("b", -1)])
        .unwrap_err();
    assert!(matches!(error, Error::HandUnderflow { change: 1, .. }));
}

// ---- persistence ---------------------------------------------------------

#[test]
fn a_failed_transformation_leaves_the_receiver_unchanged() {
    let position = Position::empty(&[2, 2])
        .board_diff([(0, Some("K"))])
        .unwrap()
        .first_hand_diff([("P", 1)])
        .unwrap();
    let snapshot = format!("{position:?}");
    let hash = position.position_hash();

    assert!(position.board_diff([(1, Some("Q")), (9, None)]).is_err());
    assert!(
        position
            .board_diff([(1, Some("Q")), (2, Some("Q")), (3, Some("Q"))])
            .is_err()
    );
    assert!(position.first_hand_diff([("P", 1), ("P", -5)]).is_err());
    assert!(position.second_hand_diff([("p", 3)]).is_err());

    assert_eq!(format!("{position:?}"), snapshot);
    assert_eq!(position.position_hash(), hash);
    assert_eq!(position.piece_count(), 2);
}

#[test]
fn transformations_never_modify_their_receiver() {
    let start = Position::empty(&[3, 3]);
    let one = start.board_diff([(0, Some("a"))]).unwrap();
    let two = one.board_diff([(0, Some("b")), (8, Some("c"))]).unwrap();
    let three = two.first_hand_diff([("a", 1)]).unwrap().toggle();

    assert_eq!(start.piece_count(), 0);
    assert_eq!(one.square(0), Some(&"a"));
    assert_eq!(one.square(8), None);
    assert_eq!(two.square(0), Some(&"b"));
    assert_eq!(two.first_hand().count(), 0);
    assert_eq!(two.turn(), Player::First);
    assert_eq!(three.turn(), Player::Second);
    assert_eq!(three.first_hand_count(&"a"), 1);
}

#[test]
fn clones_share_storage_and_changes_do_not() {
    let position = Position::empty(&[8, 8])
        .board_diff([(0, Some("R"))])
        .unwrap();
    let clone = position.clone();
    assert!(clone.ptr_eq(&position));
    assert!(!position.toggle().ptr_eq(&position));
    assert!(
        !position
            .board_diff([(1, None), (0, None)])
            .unwrap()
            .ptr_eq(&position)
    );
    // A transformation that changes nothing gives what a clone holds.
    assert!(position.board_diff([]).unwrap().ptr_eq(&position));
    assert!(position.toggle().toggle().ptr_eq(&position));
    let rebuilt = Position::empty(&[8, 8])
        .board_diff([(0, Some("R"))])
        .unwrap();
    assert!(!rebuilt.ptr_eq(&position));
    assert_eq!(rebuilt, position);
}

/// Children of one parent that differ only in their own writes: pieces
/// whose `Hash` collides leave them the same storage, hash, piece count and
/// turn, so only the writes each keeps tell them apart.
#[test]
fn children_writing_pieces_whose_hashes_collide_on_one_square_are_not_ptr_eq() {
    let parent: Qi<Collide, u8> = Qi::new(&[3, 3], 0, 1).unwrap();
    let one = parent.board_diff([(4, Some(Collide(1)))]).unwrap();
    let two = parent.board_diff([(4, Some(Collide(2)))]).unwrap();
    // What `ptr_eq` cannot tell them apart by.
    assert_eq!(one.position_hash(), two.position_hash());
    assert_eq!(one.piece_count(), two.piece_count());
    assert_eq!(one.turn(), two.turn());
    assert_ne!(one, two);
    assert!(!one.ptr_eq(&two));
    assert!(!two.ptr_eq(&one));
    assert!(one.ptr_eq(&one.clone()));
    // The same of a hand: one copy of either piece.
    let one = parent.first_hand_diff([(Collide(1), 1)]).unwrap();
    let two = parent.first_hand_diff([(Collide(2), 1)]).unwrap();
    assert_eq!(one.position_hash(), two.position_hash());
    assert_ne!(one, two);
    assert!(!one.ptr_eq(&two));
    assert!(!two.ptr_eq(&one));
}

#[test]
fn a_kept_square_written_and_written_back_is_the_same_version() {
    let parent: Qi<Collide, u8> = Qi::new(&[3, 3], 0, 1)
        .unwrap()
        .board_diff([(4, Some(Collide(1)))])
        .unwrap();
    let away = parent.board_diff([(4, Some(Collide(2)))]).unwrap();
    assert!(!away.ptr_eq(&parent));
    let back = away.board_diff([(4, Some(Collide(1)))]).unwrap();
    // The same writes kept, slot for slot, over the same storage: what a
    // clone holds.
    assert!(back.ptr_eq(&parent));
    assert!(parent.ptr_eq(&back));
    assert_eq!(back, parent);
    assert_eq!(back.position_hash(), parent.position_hash());
}

// ---- turn ----------------------------------------------------------------

#[test]
fn toggle_swaps_the_player_to_move() {
    let position = Position::empty(&[8, 8]);
    assert_eq!(position.toggle().turn(), Player::Second);
    assert_eq!(position.toggle().toggle().turn(), Player::First);
}

#[test]
fn with_turn_sets_the_player_to_move() {
    let position = Position::empty(&[8, 8]);
    assert_eq!(position.with_turn(Player::Second).turn(), Player::Second);
    assert_eq!(position.with_turn(Player::First), position);
    assert_eq!(position.with_turn(Player::Second), position.toggle());
}

// ---- identity ------------------------------------------------------------

#[test]
fn positions_reached_by_different_routes_are_equal_and_hash_alike() {
    let start = Position::empty(&[9, 9]);
    let a = start
        .board_diff([(0, Some("L")), (80, Some("l"))])
        .unwrap()
        .first_hand_diff([("P", 2)])
        .unwrap()
        .toggle();
    let b = start
        .first_hand_diff([("P", 1)])
        .unwrap()
        .toggle()
        .board_diff([(80, Some("l"))])
        .unwrap()
        .first_hand_diff([("P", 1)])
        .unwrap()
        .board_diff([(0, Some("L"))])
        .unwrap();
    assert_eq!(a, b);
    assert_eq!(a.position_hash(), b.position_hash());
}

#[test]
fn shapes_with_the_same_square_count_differ() {
    let line = Position::empty(&[4]);
    let column = Position::empty(&[4, 1]);
    let square = Position::empty(&[2, 2]);
    assert_ne!(line, column);
    assert_ne!(line, square);
    assert_ne!(column, square);
    assert_ne!(line.position_hash(), column.position_hash());
    assert_ne!(line.position_hash(), square.position_hash());
    assert_ne!(column.position_hash(), square.position_hash());
}

#[test]
fn styles_turn_squares_and_hands_all_count_for_equality() {
    let base = Position::empty(&[3]);
    let other_style: Position = Qi::new(&[3], "C", "x").unwrap();
    assert_ne!(base, other_style);
    assert_ne!(base, base.toggle());
    assert_ne!(base, base.board_diff([(0, Some("a"))]).unwrap());
    assert_ne!(
        base.board_diff([(0, Some("a"))]).unwrap(),
        base.board_diff([(1, Some("a"))]).unwrap()
    );
    assert_ne!(
        base.first_hand_diff([("a", 1)]).unwrap(),
        base.second_hand_diff([("a", 1)]).unwrap()
    );
    assert_ne!(
        base.first_hand_diff([("a", 1)]).unwrap(),
        base.first_hand_diff([("a", 2)]).unwrap()
    );
}

// ---- layout --------------------------------------------------------------

#[test]
fn occupied_lists_every_piece_with_its_index_in_index_order() {
    let position = Position::empty(&[9, 9])
        .board_diff([(80, Some("l")), (0, Some("L")), (40, Some("K")), (41, None)])
        .unwrap();
    assert_eq!(
        position.occupied().collect::<Vec<_>>(),
        [(0, &"L"), (40, &"K"), (80, &"l")]
    );
    assert_eq!(position.occupied().count(), position.board_piece_count());
    assert_eq!(Position::empty(&[3]).occupied().count(), 0);
    // On a board of many blocks, past a flush of the kept writes.
    let many = (0..40).try_fold(Position::empty(&[32, 32]), |position, write| {
        position.board_diff([(write * 25, Some("P"))])
    });
    let many = many.unwrap();
    let expected: Vec<(usize, &&str)> = (0..40).map(|write| (write * 25, &"P")).collect();
    assert_eq!(many.occupied().collect::<Vec<_>>(), expected);
}

#[test]
fn board_is_every_square_in_row_major_order() {
    let position = Position::empty(&[2, 3])
        .board_diff([(4, Some("K"))])
        .unwrap();
    assert_eq!(
        position.board().collect::<Vec<_>>(),
        [None, None, None, None, Some(&"K"), None]
    );
    assert_eq!(position.board().len(), 6);
    assert!(position.board().eq(position.squares()));
}

#[test]
fn to_nested_follows_the_shape() {
    let line = Position::empty(&[3]).board_diff([(1, Some("a"))]).unwrap();
    assert_eq!(line.to_nested(), Nested::Line(vec![None, Some(&"a"), None]));

    let layers = Position::empty(&[2, 2, 2])
        .board_diff([(5, Some("a"))])
        .unwrap();
    assert_eq!(
        layers.to_nested(),
        Nested::Layers(vec![
            vec![vec![None, None], vec![None, None]],
            vec![vec![None, Some(&"a")], vec![None, None]],
        ])
    );
}

#[test]
fn flat_indices_are_row_major() {
    let grid = Position::empty(&[3, 3]);
    assert_eq!(grid.index_of(&[1, 2]).unwrap(), 5);
    let cube = Position::empty(&[4, 3, 2]);
    assert_eq!(cube.index_of(&[2, 1, 1]).unwrap(), 2 * 3 * 2 + 2 + 1);
    assert_eq!(cube.coordinates_of(15).unwrap(), [2, 1, 1]);
    for index in 0..cube.square_count() {
        let coordinates = cube.coordinates_of(index).unwrap();
        assert_eq!(cube.index_of(&coordinates).unwrap(), index);
    }
}

#[test]
fn bad_coordinates_are_rejected() {
    let grid = Position::empty(&[8, 8]);
    assert_eq!(
        grid.index_of(&[1]).unwrap_err(),
        Error::CoordinateCountMismatch {
            expected: 2,
            actual: 1
        }
    );
    assert_eq!(
        grid.index_of(&[0, 8]).unwrap_err(),
        Error::CoordinateOutOfRange {
            dimension: 1,
            coordinate: 8,
            size: 8
        }
    );
    assert_eq!(
        grid.coordinates_of(64).unwrap_err(),
        Error::IndexOutOfRange {
            index: 64,
            square_count: 64,
            change: None
        }
    );
}

// ---- types ---------------------------------------------------------------

#[test]
fn owned_borrowed_and_integer_pieces_all_work() {
    let strings: Qi<String, String> = Qi::new(&[2], "C".into(), "c".into()).unwrap();
    let strings = strings
        .board_diff([(0, Some("K".to_string()))])
        .unwrap()
        .first_hand_diff([("P".to_string(), 1)])
        .unwrap();
    assert_eq!(strings.square(0).map(String::as_str), Some("K"));

    let bytes: Qi<u8, u8> = Qi::new(&[2], 0, 1).unwrap();
    let bytes = bytes.board_diff([(1, Some(7))]).unwrap();
    assert_eq!(bytes.square(1), Some(&7));
}

#[test]
fn debug_is_compact() {
    let position = Position::empty(&[8, 8])
        .board_diff([(4, Some("K"))])
        .unwrap()
        .second_hand_diff([("p", 1)])
        .unwrap();
    assert_eq!(
        format!("{position:?}"),
        r#"Qi { shape: [8, 8], board: {4: "K"}, first_hand: {}, second_hand: {"p": 1}, first_style: "C", second_style: "c", turn: First }"#
    );
}
