//! The one-call move, `edit`, over the pointer kind `super::Kind` (`Qi`
//! here is that kind's position type): every rule of `tests/rules` that a
//! transformation obeys, through an edit, plus what only an edit can do
//! (board and hand changes in one step, one check on the finished position).

use crate::empty_board::Empty;
use persistent_qi::{Error, GenericQi, Player};

type Qi<P, S> = GenericQi<P, S, super::Kind>;

type Position = Qi<&'static str, &'static str>;

/// `position` after one edit that sets each of `writes`, in order.
fn set_all(position: &Position, writes: &[(usize, Option<&'static str>)]) -> Position {
    position
        .edit_with(|edit| {
            for &(index, piece) in writes {
                edit.set(index, piece);
            }
        })
        .unwrap()
}

// ---- board changes -------------------------------------------------------

#[test]
fn set_places_and_clears_pieces() {
    let position = set_all(&Position::empty(&[3, 3]), &[(4, Some("K"))]);
    let position = set_all(&position, &[(4, None), (0, Some("Q"))]);
    assert_eq!(position.square(0), Some(&"Q"));
    assert_eq!(position.square(4), None);
    assert_eq!(position.board_piece_count(), 1);
}

#[test]
fn a_repeated_index_is_last_write_wins() {
    let position = Position::empty(&[4])
        .edit_with(|edit| {
            edit.board_diff([(0, Some("a")), (0, Some("b")), (1, Some("c")), (1, None)]);
        })
        .unwrap();
    assert_eq!(position.square(0), Some(&"b"));
    assert_eq!(position.square(1), None);
    assert_eq!(position.board_piece_count(), 1);
}

#[test]
fn an_index_past_the_board_is_rejected_with_its_change_number() {
    let error = Position::empty(&[2, 2])
        .edit_with(|edit| {
            edit.set(0, Some("K")).set(4, Some("k"));
        })
        .unwrap_err();
    assert_eq!(
        error,
        Error::IndexOutOfRange {
            index: 4,
            square_count: 4,
            change: Some(1)
        }
    );
}

#[test]
fn an_index_of_usize_max_is_rejected() {
    let error = Position::empty(&[255, 255])
        .edit_with(|edit| {
            edit.set(usize::MAX, None);
        })
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
fn the_first_bad_change_is_reported_and_the_rest_ignored() {
    let error = Position::empty(&[2])
        .edit_with(|edit| {
            edit.set(5, None).hand(Player::First, "P", -1).set(6, None);
        })
        .unwrap_err();
    assert_eq!(
        error,
        Error::IndexOutOfRange {
            index: 5,
            square_count: 2,
            change: Some(0)
        }
    );
}

#[test]
fn an_empty_edit_gives_an_equal_position() {
    let position = set_all(&Position::empty(&[3]), &[(1, Some("x"))]);
    assert_eq!(position.edit().finish().unwrap(), position);
    assert_eq!(
        position
            .edit_with(|edit| {
                edit.board_diff([]);
            })
            .unwrap(),
        position
    );
}

#[test]
fn writing_what_is_there_changes_nothing() {
    let position = set_all(&Position::empty(&[3]), &[(1, Some("x"))]);
    let same = set_all(&position, &[(1, Some("x")), (2, None)]);
    assert_eq!(same, position);
    assert_eq!(same.position_hash(), position.position_hash());
    assert_eq!(same.board_piece_count(), 1);
}

#[test]
fn an_endless_board_diff_stops_at_the_first_bad_index() {
    let error = Position::empty(&[3, 3])
        .edit_with(|edit| {
            edit.board_diff((0..).map(|index| (index, None)));
        })
        .unwrap_err();
    assert_eq!(
        error,
        Error::IndexOutOfRange {
            index: 9,
            square_count: 9,
            change: Some(9)
        }
    );
}

// ---- hand changes --------------------------------------------------------

#[test]
fn a_positive_delta_adds_and_a_negative_one_removes() {
    let position = Position::empty(&[8, 8])
        .edit_with(|edit| {
            edit.hand(Player::First, "P", 2).hand(Player::First, "B", 1);
        })
        .unwrap()
        .edit_with(|edit| {
            edit.hand(Player::First, "B", -1)
                .hand(Player::First, "P", 1);
        })
        .unwrap();
    assert_eq!(position.first_hand().collect::<Vec<_>>(), [(&"P", 3)]);
    assert_eq!(position.hand_piece_count(), 3);
}

#[test]
fn a_zero_delta_does_nothing_even_for_an_absent_piece() {
    let position = Position::empty(&[8, 8])
        .edit_with(|edit| {
            edit.hand(Player::First, "P", 0);
        })
        .unwrap();
    assert_eq!(position.first_hand().count(), 0);
    assert_eq!(position, Position::empty(&[8, 8]));
}

#[test]
fn a_repeated_piece_accumulates_and_an_entry_at_zero_disappears() {
    let position = Position::empty(&[8, 8])
        .edit_with(|edit| {
            edit.hand_diff(Player::Second, [("p", 1), ("p", 1), ("p", 3), ("p", -2)])
                .hand_diff(Player::First, [("P", 2), ("P", -2)]);
        })
        .unwrap();
    assert_eq!(position.second_hand_count(&"p"), 3);
    assert_eq!(position.first_hand().count(), 0);
    assert_eq!(position.hand_piece_count(), 3);
}

#[test]
fn the_two_hands_are_separate_and_each_player_reads_their_own() {
    // The same piece in both hands, and one in the second hand only.
    let position = Position::empty(&[3, 3])
        .edit_with(|edit| {
            edit.hand(Player::First, "P", 1)
                .hand(Player::Second, "P", 2)
                .hand(Player::Second, "B", 2);
        })
        .unwrap();
    assert_eq!(position.first_hand_count(&"P"), 1);
    assert_eq!(position.second_hand_count(&"P"), 2);
    assert_eq!(position.first_hand().collect::<Vec<_>>(), [(&"P", 1)]);
    assert_eq!(
        position.second_hand().collect::<Vec<_>>(),
        [(&"B", 2), (&"P", 2)]
    );
}

#[test]
fn removing_more_than_held_is_an_underflow_numbered_across_the_edit() {
    let position = Position::empty(&[8, 8])
        .edit_with(|edit| {
            edit.hand(Player::First, "P", 1);
        })
        .unwrap();
    // Change 0 is on the board, change 1 adds, change 2 removes too many.
    let error = position
        .edit_with(|edit| {
            edit.set(0, Some("K"))
                .hand(Player::First, "P", 1)
                .hand(Player::First, "P", -3);
        })
        .unwrap_err();
    assert_eq!(
        error,
        Error::HandUnderflow {
            player: Player::First,
            held: 2,
            requested: 3,
            change: 2
        }
    );
}

#[test]
fn i32_extremes_are_handled_without_overflow() {
    let position = Position::empty(&[8, 8]);
    assert_eq!(
        position
            .edit_with(|edit| {
                edit.hand(Player::First, "P", i32::MIN);
            })
            .unwrap_err(),
        Error::HandUnderflow {
            player: Player::First,
            held: 0,
            requested: 2_147_483_648,
            change: 0
        }
    );
    assert_eq!(
        position
            .edit_with(|edit| {
                edit.hand(Player::First, "P", i32::MAX)
                    .hand(Player::First, "P", i32::MAX);
            })
            .unwrap_err(),
        Error::TooManyPieces {
            pieces: 4_294_967_294,
            squares: 64
        }
    );
}

#[test]
fn an_endless_run_of_additions_fails_at_its_second_change() {
    // Read past its second change, the diff panics: before the overshoot
    // was bounded, it ran until a count overflowed (about 2^33 changes).
    let additions = (0..).map(|read| {
        assert!(read < 2, "read past the second change");
        ("P", i32::MAX)
    });
    let error = Position::empty(&[8, 8])
        .edit_with(|edit| {
            edit.hand_diff(Player::First, additions);
        })
        .unwrap_err();
    assert_eq!(
        error,
        Error::TooManyPieces {
            pieces: 4_294_967_294,
            squares: 64
        }
    );
}

#[test]
fn a_diff_is_not_read_past_its_first_failing_change() {
    let changes = (0..).map(|read| {
        assert!(read < 2, "read past the failing change");
        (if read == 0 { 3 } else { 64 }, Some("P"))
    });
    assert_eq!(
        Position::empty(&[8, 8]).board_diff(changes).unwrap_err(),
        Error::IndexOutOfRange {
            index: 64,
            square_count: 64,
            change: Some(1)
        }
    );
}

#[test]
fn a_diff_may_overshoot_by_what_one_change_takes_back() {
    let position = Position::empty(&[8, 8]);
    let back = position
        .hand_diff(Player::First, [("P", i32::MAX), ("P", -i32::MAX)])
        .unwrap();
    assert_eq!(back, position);
    // Two additions up to 2^31 past the square count, then removals.
    let back = position.hand_diff(
        Player::Second,
        [
            ("p", 1 << 30),
            ("q", (1 << 30) + 64),
            ("p", -(1 << 30)),
            ("q", -(1 << 30) - 64),
        ],
    );
    assert_eq!(back, Ok(position.clone()));
    // One piece further fails at that change.
    assert_eq!(
        position
            .hand_diff(Player::Second, [("p", 1 << 30), ("q", (1 << 30) + 65)])
            .unwrap_err(),
        Error::TooManyPieces {
            pieces: (1 << 31) + 65,
            squares: 64
        }
    );
}

#[test]
fn an_endless_hand_diff_stops_at_the_first_underflow() {
    let error = Position::empty(&[255, 255])
        .edit_with(|edit| {
            edit.hand_diff(Player::First, std::iter::repeat(("x", -1)));
        })
        .unwrap_err();
    assert!(matches!(error, Error::HandUnderflow { change: 0, .. }));
}

// ---- cardinality ---------------------------------------------------------

#[test]
fn cardinality_is_checked_once_on_the_finished_position() {
    let full = set_all(&Position::empty(&[2]), &[(0, Some("a")), (1, Some("b"))]);
    assert_eq!(
        full.edit_with(|edit| {
            edit.hand(Player::First, "c", 1);
        })
        .unwrap_err(),
        Error::TooManyPieces {
            pieces: 3,
            squares: 2
        }
    );
    // Over the limit mid-edit, within it at the end.
    let after = full
        .edit_with(|edit| {
            edit.hand(Player::First, "x", 3)
                .set(0, None)
                .hand(Player::First, "x", -3);
        })
        .unwrap();
    assert_eq!(after.piece_count(), 1);
}

#[test]
fn a_drop_on_a_full_board_passes_in_one_edit_and_fails_in_two_steps() {
    // Two squares, one piece on the board and one in hand: dropping it puts
    // the board-then-hand route through a position of three pieces.
    let position = Position::empty(&[2])
        .edit_with(|edit| {
            edit.set(0, Some("a")).hand(Player::First, "b", 1);
        })
        .unwrap();
    let dropped = position
        .edit_with(|edit| {
            edit.set(1, Some("b")).hand(Player::First, "b", -1).toggle();
        })
        .unwrap();
    assert_eq!(dropped.board_piece_count(), 2);
    assert_eq!(dropped.hand_piece_count(), 0);
    assert_eq!(
        position.board_diff([(1, Some("b"))]).unwrap_err(),
        Error::TooManyPieces {
            pieces: 3,
            squares: 2
        }
    );
}

#[test]
fn index_and_underflow_errors_come_before_cardinality() {
    let full = Position::empty(&[1])
        .edit_with(|edit| {
            edit.hand(Player::First, "x", 1);
        })
        .unwrap();
    assert_eq!(
        full.edit_with(|edit| {
            edit.set(0, Some("a")).set(1, Some("b"));
        })
        .unwrap_err(),
        Error::IndexOutOfRange {
            index: 1,
            square_count: 1,
            change: Some(1)
        }
    );
    assert!(matches!(
        full.edit_with(|edit| {
            edit.hand(Player::First, "a", 5)
                .hand(Player::First, "b", -1);
        })
        .unwrap_err(),
        Error::HandUnderflow { change: 1, .. }
    ));
}

// ---- persistence ---------------------------------------------------------

#[test]
fn a_failed_edit_leaves_the_receiver_unchanged() {
    let position = Position::empty(&[2, 2])
        .edit_with(|edit| {
            edit.set(0, Some("K")).hand(Player::First, "P", 1);
        })
        .unwrap();
    let snapshot = format!("{position:?}");
    let hash = position.position_hash();

    let failures = [
        position.edit_with(|edit| {
            edit.set(1, Some("Q")).set(9, None);
        }),
        position.edit_with(|edit| {
            edit.board_diff([(1, Some("Q")), (2, Some("Q")), (3, Some("Q"))])
                .toggle();
        }),
        position.edit_with(|edit| {
            edit.hand(Player::First, "P", 1)
                .set(1, None)
                .hand(Player::First, "P", -5);
        }),
        position.edit_with(|edit| {
            edit.set(3, None).hand(Player::Second, "p", 3);
        }),
    ];
    assert!(failures.iter().all(Result::is_err));

    assert_eq!(format!("{position:?}"), snapshot);
    assert_eq!(position.position_hash(), hash);
    assert_eq!(position.piece_count(), 2);
    assert_eq!(position.turn(), Player::First);
}

#[test]
fn a_finished_edit_is_a_new_position_and_its_parent_is_kept() {
    let parent = set_all(&Position::empty(&[8, 8]), &[(0, Some("R"))]);
    let child = set_all(&parent, &[(0, None), (8, Some("R"))]);
    assert!(!child.ptr_eq(&parent));
    // An edit that changes nothing shares everything with its parent.
    assert!(parent.edit().finish().unwrap().ptr_eq(&parent));
    assert_eq!(parent.square(0), Some(&"R"));
    assert_eq!(child.square(8), Some(&"R"));
}

// ---- turn ----------------------------------------------------------------

#[test]
fn toggle_and_with_turn_set_the_player_to_move() {
    let position = Position::empty(&[8, 8]);
    let toggled = position
        .edit_with(|edit| {
            edit.toggle();
        })
        .unwrap();
    assert_eq!(toggled.turn(), Player::Second);
    assert_eq!(toggled, position.toggle());
    assert_eq!(
        position
            .edit_with(|edit| {
                edit.toggle().toggle();
            })
            .unwrap(),
        position
    );
    assert_eq!(
        position
            .edit_with(|edit| {
                edit.with_turn(Player::Second);
            })
            .unwrap(),
        position.toggle()
    );
    assert_eq!(
        position
            .edit_with(|edit| {
                edit.with_turn(Player::First);
            })
            .unwrap(),
        position
    );
}

// ---- identity ------------------------------------------------------------

#[test]
fn an_edit_and_the_separate_transformations_reach_the_same_position() {
    let start = Position::empty(&[9, 9])
        .board_diff([(40, Some("P")), (31, Some("p"))])
        .unwrap();
    let one_call = start
        .edit_with(|edit| {
            edit.set(40, None)
                .set(31, Some("P"))
                .hand(Player::First, "P", 1)
                .toggle();
        })
        .unwrap();
    let three_calls = start
        .board_diff([(40, None), (31, Some("P"))])
        .unwrap()
        .first_hand_diff([("P", 1)])
        .unwrap()
        .toggle();
    assert_eq!(one_call, three_calls);
    assert_eq!(one_call.position_hash(), three_calls.position_hash());
    // And both hash as the same content hashed from scratch.
    let mut squares = [None; 81];
    squares[31] = Some("P");
    let scratch =
        Qi::from_parts(&[9, 9], squares, [("P", 1)], [], "C", "c", Player::Second).unwrap();
    assert_eq!(one_call.position_hash(), scratch.position_hash());
}

// ---- construction from content -------------------------------------------

#[test]
fn from_parts_builds_what_the_transformations_build() {
    let squares = [Some("K"), None, None, None, Some("k"), None];
    let built = Qi::from_parts(
        &[2, 3],
        squares,
        [("P", 2), ("B", 1)],
        [("p", 1)],
        "C",
        "c",
        Player::Second,
    )
    .unwrap();
    let edited = Position::empty(&[2, 3])
        .edit_with(|edit| {
            edit.set(0, Some("K"))
                .set(4, Some("k"))
                .hand(Player::First, "B", 1)
                .hand(Player::First, "P", 2)
                .hand(Player::Second, "p", 1)
                .toggle();
        })
        .unwrap();
    assert_eq!(built, edited);
    // `from_parts` hashes from scratch, the edit incrementally.
    assert_eq!(built.position_hash(), edited.position_hash());
    assert_eq!(built.piece_count(), 6);
}

#[test]
fn from_parts_validates_the_shape_first() {
    let error = Position::from_parts(&[8, 0], [], [], [], "C", "c", Player::First).unwrap_err();
    assert_eq!(
        error,
        Error::DimensionTooSmall {
            dimension: 1,
            size: 0
        }
    );
}

#[test]
fn from_parts_needs_one_square_per_square_of_the_shape() {
    let short = Position::from_parts(&[2, 2], [None; 3], [], [], "C", "c", Player::First);
    let error = short.unwrap_err();
    assert_eq!(
        error,
        Error::SquareCountMismatch {
            expected: 4,
            given: 3
        }
    );
    assert_eq!(
        error.to_string(),
        "wrong number of squares: the shape has 4, 3 given"
    );
    // Too many: reading stops one past the shape's count, which is what
    // `given` reports, as a lower bound.
    let long = Position::from_parts(&[2, 2], [None; 9], [], [], "C", "c", Player::First);
    let error = long.unwrap_err();
    assert_eq!(
        error,
        Error::SquareCountMismatch {
            expected: 4,
            given: 5
        }
    );
    assert_eq!(
        error.to_string(),
        "wrong number of squares: the shape has 4, at least 5 given"
    );
}

#[test]
fn from_parts_refuses_endless_squares_without_counting_them() {
    // `repeat` panics if counted ("iterator is infinite").
    let error = Position::from_parts(
        &[9, 9],
        std::iter::repeat(None),
        [],
        [],
        "C",
        "c",
        Player::First,
    )
    .unwrap_err();
    assert_eq!(
        error,
        Error::SquareCountMismatch {
            expected: 81,
            given: 82
        }
    );
    // An iterator that never ends and cannot say so (counting it would
    // hang): it fails the test if read more than one square past the shape.
    let mut read = 0_usize;
    let endless = std::iter::from_fn(|| {
        read += 1;
        assert!(read <= 82, "from_parts read square {read} of a 9x9 board");
        Some(Some("P"))
    });
    let error =
        Position::from_parts(&[9, 9], endless, [], [], "C", "c", Player::First).unwrap_err();
    assert_eq!(
        error,
        Error::SquareCountMismatch {
            expected: 81,
            given: 82
        }
    );
    // The largest board, cycled: refused after its 65,026th square.
    let error = Qi::<u8, u8>::from_parts(
        &[255, 255],
        [None, Some(1)].into_iter().cycle(),
        [],
        [],
        0,
        1,
        Player::First,
    )
    .unwrap_err();
    assert_eq!(
        error,
        Error::SquareCountMismatch {
            expected: 65_025,
            given: 65_026
        }
    );
}

#[test]
fn from_parts_rejects_a_zero_count_and_a_repeated_piece() {
    let squares = [None; 4];
    let zero = Position::from_parts(
        &[4],
        squares,
        [],
        [("P", 1), ("B", 0)],
        "C",
        "c",
        Player::First,
    );
    let error = zero.unwrap_err();
    assert_eq!(
        error,
        Error::ZeroHandCount {
            player: Player::Second,
            entry: 1
        }
    );
    assert_eq!(
        error.to_string(),
        "hand count must be at least 1: the second hand lists 0 (entry 1)"
    );
    let twice = Position::from_parts(
        &[4],
        squares,
        [("P", 1), ("P", 1)],
        [],
        "C",
        "c",
        Player::First,
    );
    let error = twice.unwrap_err();
    assert_eq!(
        error,
        Error::DuplicateHandPiece {
            player: Player::First,
            entry: 1
        }
    );
    assert_eq!(
        error.to_string(),
        "the first hand lists a piece twice (entry 1)"
    );
}

#[test]
fn from_parts_stops_reading_hands_at_the_first_piece_over_the_limit() {
    // An endless hand of distinct pieces: refused once the pieces outnumber
    // the squares, without reading (or storing) the rest.
    let endless = (0_u32..).map(|piece| (piece, 1));
    let error = Qi::<u32, u8>::from_parts(
        &[3],
        [Some(7), None, None],
        endless,
        [],
        0,
        1,
        Player::First,
    )
    .unwrap_err();
    assert_eq!(
        error,
        Error::TooManyPieces {
            pieces: 4,
            squares: 3
        }
    );
    let error = Qi::<u32, u8>::from_parts(
        &[3],
        [None, None, None],
        [(1, 2)],
        [(1, usize::MAX)],
        0,
        1,
        Player::First,
    )
    .unwrap_err();
    assert_eq!(
        error,
        Error::TooManyPieces {
            pieces: usize::MAX,
            squares: 3
        }
    );
}

// ---- board layouts -------------------------------------------------------
//
// `board_diff` applies its changes to a clone directly and an edit carries
// them through an `Edit`: both must reach the same position, on boards of
// one block and of many, flat or deeper, with pieces that are plain values
// (`u8`, `Qpi`: the largest blocks) and pieces that own memory (`String`:
// the smallest blocks, so even a 9x9 board has several).

/// Shapes from 16 to 65,025 squares, in one, two and three dimensions:
/// whatever the block layout (today `u8` and `Qpi` squares fill blocks of
/// 512, `String` squares far smaller ones), the smallest is one block and
/// the largest many, under a deeper trie, for every piece type.
const LAYOUT_SHAPES: [&[usize]; 7] = [
    &[4, 4],
    &[9, 9],
    &[19, 19],
    &[32, 32],
    &[8, 8, 16],
    &[64, 64],
    &[255, 255],
];

/// How many of [`LAYOUT_SHAPES`] a piece type runs on: `String` boards of
/// many blocks are reached by 32x32 already.
const STRING_SHAPES: usize = 4;

/// A piece of each kind the layouts are tested with, from a small number.
trait LayoutPiece: Clone + Ord + std::hash::Hash + std::fmt::Debug {
    fn piece(value: u8) -> Self;
}

impl LayoutPiece for u8 {
    fn piece(value: u8) -> Self {
        value
    }
}

impl LayoutPiece for persistent_qi::qpi::Qpi {
    fn piece(value: u8) -> Self {
        persistent_qi::qpi::Qpi::from_code(u16::from(value) + 1).expect("a code in range")
    }
}

impl LayoutPiece for String {
    fn piece(value: u8) -> Self {
        format!("piece {value}")
    }
}

/// A fixed-seed sequence of board changes for a board of `square_count`
/// squares: about half of them empty a square.
fn scrambled_changes<P: LayoutPiece>(square_count: usize, count: usize) -> Vec<(usize, Option<P>)> {
    let mut state = square_count as u64;
    (0..count)
        .map(|_| {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let index = usize::try_from(state >> 33).expect("31 bits fit") % square_count;
            let piece = u8::try_from(state >> 59).expect("5 bits fit");
            (index, (state & (1 << 20) != 0).then(|| P::piece(piece)))
        })
        .collect()
}

fn board_diff_and_edit_agree<P: LayoutPiece>(shapes: &[&[usize]]) {
    for &shape in shapes {
        let square_count: usize = shape.iter().product();
        let mut model: Vec<Option<P>> = vec![None; square_count];
        let mut by_diff = Qi::<P, u8>::new(shape, 0, 1).unwrap();
        let mut by_edit = by_diff.clone();
        // 100 moves of 3 changes: far more than a position keeps, so the
        // writes reach the blocks many times over.
        for changes in scrambled_changes::<P>(square_count, 300).chunks(3) {
            let (parent, before) = (by_diff.clone(), model.clone());
            by_diff = by_diff.board_diff(changes.iter().cloned()).unwrap();
            by_edit = by_edit
                .edit_with(|edit| {
                    for (index, square) in changes {
                        edit.set(*index, square.clone());
                    }
                })
                .unwrap();
            for (index, square) in changes {
                model[*index].clone_from(square);
            }
            let rebuilt =
                Qi::from_parts(shape, model.iter().cloned(), [], [], 0, 1, Player::First).unwrap();
            assert_eq!(by_diff, rebuilt, "{shape:?}");
            assert_eq!(by_edit, rebuilt, "{shape:?}");
            assert_eq!(by_diff.position_hash(), rebuilt.position_hash());
            assert_eq!(by_edit.position_hash(), rebuilt.position_hash());
            assert_eq!(by_diff.board_piece_count(), rebuilt.board_piece_count());
            assert!(!by_diff.ptr_eq(&parent));
            assert!(
                parent.squares().eq(before.iter().map(Option::as_ref)),
                "the parent is unchanged"
            );
        }
    }
}

#[test]
fn board_diff_and_edit_reach_the_same_position_on_every_layout() {
    // A rebuild from scratch after every move: up to 64x64 here, the
    // largest board below.
    let shapes = &LAYOUT_SHAPES[..LAYOUT_SHAPES.len() - 1];
    board_diff_and_edit_agree::<u8>(shapes);
    board_diff_and_edit_agree::<persistent_qi::qpi::Qpi>(shapes);
    board_diff_and_edit_agree::<String>(&LAYOUT_SHAPES[..STRING_SHAPES]);
}

fn a_failed_board_diff_changes_nothing<P: LayoutPiece>(shapes: &[&[usize]]) {
    let piece = P::piece;
    for &shape in shapes {
        let square_count: usize = shape.iter().product();
        let position = Qi::<P, u8>::new(shape, 0, 1)
            .unwrap()
            .board_diff([(0, Some(piece(7))), (1, Some(piece(8)))])
            .unwrap();
        let error = position
            .board_diff([
                (0, None),
                (2, Some(piece(9))),
                (square_count, Some(piece(1))),
                (1, None),
            ])
            .unwrap_err();
        assert_eq!(
            error,
            Error::IndexOutOfRange {
                index: square_count,
                square_count,
                change: Some(2)
            }
        );
        let error = position
            .board_diff((0..).map(|index| (index, Some(piece(1)))))
            .unwrap_err();
        assert_eq!(
            error,
            Error::IndexOutOfRange {
                index: square_count,
                square_count,
                change: Some(square_count)
            }
        );
        assert_eq!(position.square(0), Some(&piece(7)));
        assert_eq!(position.square(1), Some(&piece(8)));
        assert_eq!(position.square(2), None);
        assert_eq!(position.board_piece_count(), 2);
        let rebuilt = Qi::from_parts(
            shape,
            [Some(piece(7)), Some(piece(8))]
                .into_iter()
                .chain(vec![None; square_count - 2]),
            [],
            [],
            0,
            1,
            Player::First,
        )
        .unwrap();
        assert_eq!(position.position_hash(), rebuilt.position_hash());
        assert_eq!(position, rebuilt);
    }
}

#[test]
fn a_board_diff_that_fails_leaves_every_layout_unchanged() {
    a_failed_board_diff_changes_nothing::<u8>(&LAYOUT_SHAPES);
    a_failed_board_diff_changes_nothing::<persistent_qi::qpi::Qpi>(&LAYOUT_SHAPES);
    a_failed_board_diff_changes_nothing::<String>(&LAYOUT_SHAPES[..STRING_SHAPES]);
}

fn a_full_board_takes_no_more<P: LayoutPiece>(shapes: &[&[usize]]) {
    let piece = P::piece;
    for &shape in shapes {
        let square_count: usize = shape.iter().product();
        let full = Qi::<P, u8>::new(shape, 0, 1)
            .unwrap()
            .board_diff((1..square_count).map(|index| (index, Some(piece(1)))))
            .unwrap()
            .hand_diff(Player::Second, [(piece(2), 1)])
            .unwrap();
        assert_eq!(
            full.board_diff([(0, Some(piece(3)))]).unwrap_err(),
            Error::TooManyPieces {
                pieces: square_count + 1,
                squares: square_count
            }
        );
        // A move that frees a square first is within the limit.
        let moved = full.board_diff([(1, None), (0, Some(piece(3)))]).unwrap();
        assert_eq!(moved.piece_count(), square_count);
        assert_eq!(full.square(0), None);
        assert_eq!(moved.square(0), Some(&piece(3)));
    }
}

#[test]
fn a_board_diff_over_the_piece_limit_fails_on_every_layout() {
    a_full_board_takes_no_more::<u8>(&LAYOUT_SHAPES);
    a_full_board_takes_no_more::<persistent_qi::qpi::Qpi>(&LAYOUT_SHAPES);
    a_full_board_takes_no_more::<String>(&LAYOUT_SHAPES[..STRING_SHAPES]);
}

#[test]
fn a_hand_that_loses_a_piece_does_not_spare_a_board_that_gains_two_the_piece_check() {
    // 9 squares, full: 4 pieces on the board, 5 in a hand. One taken out of
    // the hand (5 to 4) and two put on the board: 10 pieces, one too many.
    let full = Position::from_parts(
        &[3, 3],
        [Some("P"); 4].into_iter().chain([None; 5]),
        [("P", 5)],
        [],
        "S",
        "s",
        Player::First,
    )
    .unwrap();
    assert_eq!(full.piece_count(), full.square_count());
    let error = full
        .edit_with(|edit| {
            edit.hand(Player::First, "P", -1)
                .set(4, Some("P"))
                .set(5, Some("P"));
        })
        .unwrap_err();
    assert_eq!(
        error,
        Error::TooManyPieces {
            pieces: 10,
            squares: 9
        }
    );
}
