//! No move may leave one's own king attacked: pins, checks, evasions.

use super::common;

use common::{set, setup};

#[test]
fn a_pinned_rook_moves_only_along_the_pin_and_may_take_the_pinner() {
    let position = setup(&[("5i", "K^"), ("5g", "R"), ("5a", "r"), ("9a", "k^")]);
    assert_eq!(
        position.moves_from("5g"),
        set(&[
            "5g5h", "5g5f", "5g5e", "5g5d", "5g5c", "5g5c+", "5g5b", "5g5b+", "5g5a", "5g5a+",
        ])
    );
}

#[test]
fn a_piece_pinned_on_a_diagonal_moves_only_along_it() {
    let position = setup(&[("5i", "K^"), ("4h", "S"), ("1e", "b"), ("9a", "k^")]);
    assert_eq!(position.moves_from("4h"), set(&["4h3g"]));
}

#[test]
fn a_pinned_knight_cannot_move() {
    let position = setup(&[("5i", "K^"), ("5g", "N"), ("5a", "l"), ("9a", "k^")]);
    assert!(position.moves_from("5g").is_empty());
    let free = setup(&[("5i", "K^"), ("5g", "N"), ("9a", "k^")]);
    assert_eq!(free.moves_from("5g"), set(&["5g6e", "5g4e"]));
}

#[test]
fn a_pinned_gold_may_take_an_adjacent_pinner() {
    let position = setup(&[("5i", "K^"), ("5h", "G"), ("5g", "l"), ("9a", "k^")]);
    assert_eq!(position.moves_from("5h"), set(&["5h5g"]));
}

#[test]
fn a_piece_behind_another_of_ones_own_is_not_pinned() {
    let position = setup(&[
        ("5i", "K^"),
        ("5h", "G"),
        ("5g", "S"),
        ("5a", "r"),
        ("9a", "k^"),
    ]);
    assert_eq!(position.moves_from("5g").len(), 5);
}

#[test]
fn the_king_does_not_step_onto_an_attacked_square() {
    let position = setup(&[("5i", "K^"), ("4a", "r"), ("9a", "k^")]);
    assert_eq!(position.moves_from("5i"), set(&["5i6h", "5i5h", "5i6i"]));
}

#[test]
fn the_king_does_not_retreat_along_the_checking_line() {
    let position = setup(&[("5e", "K^"), ("5a", "r"), ("9a", "k^")]);
    assert_eq!(
        position.moves(),
        set(&["5e4d", "5e6d", "5e4e", "5e6e", "5e4f", "5e6f"])
    );
}

#[test]
fn in_check_a_move_must_take_the_checker_block_or_move_the_king() {
    let position = setup(&[
        ("5i", "K^"),
        ("5a", "r"),
        ("9a", "k^"),
        ("4c", "G"),
        ("6b", "S"),
        ("1e", "P"),
    ]);
    assert_eq!(
        position.moves(),
        set(&[
            "4c5b", "4c5c", // the gold blocks
            "6b5a", "6b5a+", "6b5c", "6b5c+", // the silver takes or blocks
            "5i4h", "5i4i", "5i6h", "5i6i", // the king steps off the file
        ])
    );
}

#[test]
fn in_double_check_only_the_king_moves() {
    let position = setup(&[
        ("5i", "K^"),
        ("5a", "r"),
        ("1e", "b"),
        ("1a", "R"),
        ("9a", "k^"),
    ])
    .hands("G", "");
    assert_eq!(position.moves(), set(&["5i6h", "5i4i", "5i6i"]));
}

#[test]
fn a_knight_check_is_answered_by_taking_the_knight_or_moving_the_king() {
    let position = setup(&[("5i", "K^"), ("4g", "n"), ("3i", "G"), ("9a", "k^")]);
    let moves = position.moves();
    assert!(moves.iter().all(|mv| mv.starts_with("5i")), "{moves:?}");
    let takes = setup(&[("5i", "K^"), ("4g", "n"), ("4h", "G"), ("9a", "k^")]);
    assert!(takes.moves().contains("4h4g"));
}

#[test]
fn the_king_takes_an_unguarded_checker_but_not_a_guarded_one() {
    let unguarded = setup(&[("5i", "K^"), ("5h", "g"), ("9a", "k^")]);
    assert!(unguarded.moves().contains("5i5h"));
    let guarded = setup(&[("5i", "K^"), ("5h", "g"), ("5g", "p"), ("9a", "k^")]);
    assert!(!guarded.moves().contains("5i5h"));
}

#[test]
fn the_second_player_obeys_the_same_rules() {
    let position = setup(&[("5a", "k^"), ("5c", "r"), ("5i", "R"), ("9i", "K^")]).second_to_move();
    let moves = position.moves_from("5c");
    assert_eq!(
        moves,
        set(&[
            "5c5b", "5c5d", "5c5e", "5c5f", "5c5g", "5c5g+", "5c5h", "5c5h+", "5c5i", "5c5i+",
        ])
    );
}

/// A king on the board's last square (1i) looked at for knights of the
/// first player, whose jumps from there point two rows below the board and
/// one column past it: the padded array holds that cell as a wall (a game
/// of the search against a random mover read past the array's end).
#[test]
fn a_second_player_king_on_the_last_square_is_looked_at_for_knights_within_the_array() {
    for (sfen, moves) in [
        ("4K4/9/9/9/9/9/9/9/8k w - 1", 3),
        ("4K4/9/9/9/9/9/9/9/8k b - 1", 5),
    ] {
        let read = games::shogi::read_sfen::<games::Persistent>(sfen).unwrap();
        assert_eq!(
            games::Node::legal_move_list(&read.node).len(),
            moves,
            "{sfen}"
        );
    }
}
