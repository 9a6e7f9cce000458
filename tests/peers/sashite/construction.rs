//! Rust: `sashite-qi` 0.2.1, `tests/construction.rs`
//! Its transformations consume `self`; ours borrow it, so its `.clone()`
//! before each derivation is not needed here.

use crate::peers::*;

#[test]
fn empty_board_defaults() {
    let position = empty(&[8, 8]);
    assert_eq!(position.shape(), [8, 8]);
    assert_eq!(position.dimension_count(), 2);
    assert_eq!(position.square_count(), 64);
    assert_eq!(position.piece_count(), 0);
    assert_eq!(position.turn(), Player::First);
    assert_eq!(position.first_style(), "C");
    assert_eq!(position.second_style(), "c");
    assert!(position.squares().all(|square| square.is_none()));
}

#[test]
fn dimensionality_1d() {
    assert_eq!(styled(&[8], "G", "g").square_count(), 8);
}

#[test]
fn dimensionality_3d() {
    assert_eq!(styled(&[5, 5, 5], "R", "r").square_count(), 125);
}

// sashite-qi's error variants carry no data; ours carry the numbers.

#[test]
fn shape_errors_empty_shape() {
    assert_eq!(new_error(&[]), Error::EmptyShape);
}

#[test]
fn shape_errors_too_many_dimensions() {
    assert_eq!(
        new_error(&[8, 8, 8, 8]),
        Error::TooManyDimensions { dimensions: 4 }
    );
}

#[test]
fn shape_errors_dimension_too_small() {
    assert_eq!(
        new_error(&[8, 0]),
        Error::DimensionTooSmall {
            dimension: 1,
            size: 0
        }
    );
}

#[test]
fn shape_errors_dimension_too_large() {
    assert_eq!(
        new_error(&[256]),
        Error::DimensionTooLarge {
            dimension: 0,
            size: 256
        }
    );
}

#[test]
fn shape_errors_too_many_squares() {
    let error = new_error(&[255, 255, 2]);
    assert_eq!(error, Error::TooManySquares { squares: 130_050 });
    assert_eq!(
        error.to_string(),
        "board exceeds 65025 squares (got 130050)"
    );
}

#[test]
fn shape_errors_2d_maximum_is_fine() {
    assert_eq!(empty(&[255, 255]).square_count(), 65_025);
}

#[test]
fn shape_errors_balanced_3d_board_is_fine() {
    assert_eq!(empty(&[40, 40, 40]).square_count(), 64_000);
}

#[test]
fn equality_and_clone_a_clone_is_equal() {
    let position = place(&empty(&[3, 3]), &[(4, "K")]);
    assert_eq!(position.clone(), position);
}

#[test]
fn equality_and_clone_same_board_different_turn() {
    let position = place(&empty(&[3, 3]), &[(4, "K")]);
    assert_ne!(position.toggle(), position);
}

#[test]
fn the_route_taken_does_not_change_the_position() {
    let direct = place(&empty(&[3, 3]), &[(0, "R"), (4, "K")]);
    let direct = hand_diff(&direct, Player::First, &[("P", 2)])
        .unwrap()
        .with_turn(Player::Second);

    let roundabout = place(&empty(&[3, 3]), &[(4, "Q")]);
    let roundabout = place(&roundabout, &[(4, "K"), (8, "N")]);
    let roundabout = hand_diff(&roundabout, Player::First, &[("P", 5), ("B", 1)]).unwrap();
    let roundabout = hand_diff(&roundabout, Player::First, &[("P", -3), ("B", -1)]).unwrap();
    let roundabout = board_diff(&roundabout, &[(8, None), (0, Some("R"))])
        .unwrap()
        .toggle();

    assert_eq!(direct, roundabout);
    assert_eq!(std_hash(&direct), std_hash(&roundabout));
    assert_eq!(direct.position_hash(), roundabout.position_hash());
    assert_eq!(direct.piece_count(), 4);
}

#[test]
fn shape_is_part_of_position_identity() {
    let flat = empty(&[4]);
    let row = empty(&[4, 1]);
    let square = empty(&[2, 2]);
    for position in [&flat, &row, &square] {
        assert_eq!(position.square_count(), 4);
    }
    assert_ne!(flat, row);
    assert_ne!(flat, square);
    assert_ne!(row, square);
}

// The second half of sashite-qi's `shape_is_part_of_position_identity`.
#[test]
fn the_same_shape_built_again_is_the_same_position() {
    for shape in [&[4][..], &[4, 1], &[2, 2]] {
        let once = empty(shape);
        let twice = empty(shape);
        assert_eq!(once.shape(), shape);
        assert_eq!(once, twice);
        assert_eq!(std_hash(&once), std_hash(&twice));
    }
}

#[test]
fn hash_agrees_with_equality() {
    let base = empty(&[2, 2]);
    let corpus = [
        place(&base, &[(0, "K")]),
        // The same board, reached by writing one square twice.
        place(&base, &[(0, "Q"), (0, "K")]),
        place(&base, &[(1, "K")]),
        place(&base, &[(0, "Q")]),
        hand_diff(&base, Player::First, &[("K", 1)]).unwrap(),
        hand_diff(&base, Player::Second, &[("K", 1)]).unwrap(),
        base.toggle(),
        styled(&[2, 2], "c", "C"),
        base.clone(),
    ];

    let mut equal_pairs = 0;
    for left in &corpus {
        for right in &corpus {
            if left == right {
                equal_pairs += 1;
                assert_eq!(std_hash(left), std_hash(right));
                assert_eq!(left.position_hash(), right.position_hash());
            }
        }
    }
    // The nine self-pairs, plus entries 0 and 1 in both directions.
    assert_eq!(equal_pairs, corpus.len() + 2);
}
