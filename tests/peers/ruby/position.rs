//! Ruby: `sashite/qi.rb`, `test/qi/test_position.rb`
//! `Qi::Position.new(board, hands, styles, turn)` validates a whole position at
//! once; here the position is built by diffs, so a cardinality violation is
//! reported by the diff that causes it.

use crate::peers::*;

#[test]
fn one_d_board_turn_first() {
    let position = board_from(&[2], &[None, Some("k")]).with_turn(Player::First);
    assert_eq!(position.turn(), Player::First);
}

#[test]
fn one_d_board_turn_second() {
    let position = board_from(&[2], &[None, Some("k")]).with_turn(Player::Second);
    assert_eq!(position.turn(), Player::Second);
}

#[test]
fn two_d_board_with_epin_strings() {
    let position = board_from(&[2, 2], &[Some("K^"), None, None, Some("k^")]);
    assert_eq!(
        nested(&position),
        Nested::Grid(vec![row(&["K^", "."]), row(&[".", "k^"])])
    );
}

#[test]
fn three_d_board() {
    let pieces = ["a", "b", "c", "d", "A", "B", "C", "D"].map(Some);
    let position = board_from(&[2, 2, 2], &pieces);
    assert_eq!(
        nested(&position),
        Nested::Layers(vec![
            vec![row(&["a", "b"]), row(&["c", "d"])],
            vec![row(&["A", "B"]), row(&["C", "D"])],
        ])
    );
}

#[test]
fn chess_starting_position() {
    let position = place(&empty(&[8, 8]), &chess_start());
    assert_eq!(position.turn(), Player::First);
    assert_eq!(position.piece_count(), 32);
}

// Ruby keeps the listed order `["P", "P", "B"]`; ours counts in key order.
#[test]
fn shogi_like_position_with_pieces_in_hand() {
    let board = place(&styled(&[3, 3], "S", "s"), &[(4, "K^")]);
    let position = give(&board, Player::First, &["P", "P", "B"]).unwrap();
    let position = give(&position, Player::Second, &["p"]).unwrap();
    assert_eq!(first_hand(&position), [("B", 1), ("P", 2)]);
    assert_eq!(second_hand(&position), [("p", 1)]);
}

#[test]
fn board_accessor() {
    let position = board_from(&[2, 2], &[Some("a"), None, None, Some("b")]);
    assert_eq!(
        nested(&position),
        Nested::Grid(vec![row(&["a", "."]), row(&[".", "b"])])
    );
}

#[test]
fn hands_accessor() {
    let position = give(&empty(&[2, 3]), Player::First, &["P"]).unwrap();
    let position = give(&position, Player::Second, &["p", "b"]).unwrap();
    assert_eq!(first_hand(&position), [("P", 1)]);
    assert_eq!(second_hand(&position), [("b", 1), ("p", 1)]);
}

#[test]
fn styles_accessor() {
    let position = styled(&[1], "S", "s");
    assert_eq!(position.first_style(), "S");
    assert_eq!(position.second_style(), "s");
}

#[test]
fn turn_accessor() {
    assert_eq!(empty(&[1]).with_turn(Player::Second).turn(), Player::Second);
}

// Ruby: "board must not be empty".
#[test]
fn raises_for_empty_board() {
    let error = new_error(&[]);
    assert_eq!(error, Error::EmptyShape);
    assert_eq!(error.to_string(), "at least one dimension is required");
}

#[test]
fn raises_when_board_pieces_exceed_squares() {
    let full = board_from(&[2], &[Some("a"), Some("b")]);
    let error = give(&full, Player::First, &["c"]).unwrap_err();
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

// Ruby's case is `[:k]` with `first: [:P]`: one piece on the board, one
// in hand, one square.
#[test]
fn raises_when_hand_pieces_alone_exceed_squares() {
    let full = board_from(&[1], &[Some("k")]);
    let error = give(&full, Player::First, &["P"]).unwrap_err();
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

#[test]
fn raises_when_combined_pieces_exceed_squares() {
    let board = board_from(&[2], &[None, Some("k")]);
    assert_eq!(
        give(&board, Player::First, &["P", "B"]).unwrap_err(),
        Error::TooManyPieces {
            pieces: 3,
            squares: 2
        }
    );
}

#[test]
fn accepts_pieces_equal_to_squares() {
    let position = board_from(&[2], &[Some("a"), Some("b")]);
    assert_eq!(squares(&position), [Some("a"), Some("b")]);
}

#[test]
fn accepts_pieces_equal_to_squares_with_hands() {
    let board = board_from(&[3], &[Some("a"), None, None]);
    let position = give(&board, Player::First, &["P"]).unwrap();
    let position = give(&position, Player::Second, &["p"]).unwrap();
    assert_eq!(position.piece_count(), 3);
    assert_eq!(position.turn(), Player::First);
}

// Ruby's `inspect` names board, hands, styles and turn; our `Debug` names
// every field.
#[test]
fn inspect_returns_a_readable_string() {
    let text = format!("{:?}", board_from(&[2], &[None, Some("k")]));
    assert!(text.starts_with("Qi {"), "{text}");
    for field in [
        "shape:",
        "board:",
        "first_hand:",
        "second_hand:",
        "first_style:",
        "second_style:",
        "turn:",
    ] {
        assert!(text.contains(field), "{field} missing from {text}");
    }
}
