//! Promotion: optional on a move that starts or ends in the zone (the far
//! three rows), forced where the piece could never move again.

use super::common;

use common::{set, with_kings};
use persistent_qi::qpi::Qpi;

#[test]
fn entering_the_zone_may_promote() {
    assert_eq!(
        with_kings(&[("5d", "S")]).moves_from("5d"),
        set(&[
            "5d5c", "5d5c+", "5d6c", "5d6c+", "5d4c", "5d4c+", // into the zone
            "5d6e", "5d4e", // backward, outside it
        ])
    );
}

#[test]
fn leaving_the_zone_may_promote() {
    let moves = with_kings(&[("5c", "S")]).moves_from("5c");
    assert!(moves.contains("5c6d") && moves.contains("5c6d+"));
    assert!(moves.contains("5c4d") && moves.contains("5c4d+"));
}

#[test]
fn moving_within_the_zone_may_promote() {
    let moves = with_kings(&[("5b", "G"), ("4c", "B")]).moves_from("4c");
    assert!(moves.contains("4c3b") && moves.contains("4c3b+"));
}

#[test]
fn moving_outside_the_zone_never_promotes() {
    let moves = with_kings(&[("5g", "B")]).moves_from("5g");
    assert!(moves.contains("5g4f"));
    assert!(
        !moves
            .iter()
            .any(|mv| mv.ends_with('+') && mv.starts_with("5g4f"))
    );
    assert!(
        moves.contains("5g1c+"),
        "but reaching the zone does: {moves:?}"
    );
}

#[test]
fn golds_kings_and_promoted_pieces_never_promote() {
    for piece in ["G", "+P", "+S", "+B", "+R"] {
        let moves = with_kings(&[("5d", piece)]).moves_from("5d");
        assert!(moves.contains("5d5c"), "{piece}");
        assert!(
            !moves.iter().any(|mv| mv.ends_with('+')),
            "{piece}: {moves:?}"
        );
    }
    let king = common::setup(&[("5d", "K^"), ("7a", "k^")]).moves_from("5d");
    assert!(king.contains("5d5c") && !king.iter().any(|mv| mv.ends_with('+')));
}

#[test]
fn a_pawn_on_the_last_row_must_promote() {
    assert_eq!(with_kings(&[("5b", "P")]).moves_from("5b"), set(&["5b5a+"]));
}

#[test]
fn a_pawn_on_the_second_and_third_rows_may_promote() {
    assert_eq!(
        with_kings(&[("5c", "P")]).moves_from("5c"),
        set(&["5c5b", "5c5b+"])
    );
    assert_eq!(
        with_kings(&[("5d", "P")]).moves_from("5d"),
        set(&["5d5c", "5d5c+"])
    );
}

#[test]
fn a_lance_on_the_last_row_must_promote() {
    assert_eq!(
        with_kings(&[("5c", "L")]).moves_from("5c"),
        set(&["5c5b", "5c5b+", "5c5a+"])
    );
}

#[test]
fn a_knight_on_the_last_two_rows_must_promote() {
    assert_eq!(
        with_kings(&[("5c", "N")]).moves_from("5c"),
        set(&["5c6a+", "5c4a+"])
    );
    assert_eq!(
        with_kings(&[("5d", "N")]).moves_from("5d"),
        set(&["5d6b+", "5d4b+"])
    );
    assert_eq!(
        with_kings(&[("5e", "N")]).moves_from("5e"),
        set(&["5e6c", "5e6c+", "5e4c", "5e4c+"])
    );
}

#[test]
fn the_second_player_promotes_in_rows_six_to_eight() {
    let position = with_kings(&[("5f", "s"), ("4g", "p"), ("8g", "n")]).second_to_move();
    let moves = position.moves();
    for promotes in ["5f5g+", "5f6g+", "4g4h+", "8g9i+", "8g7i+"] {
        assert!(moves.contains(promotes), "{promotes}: {moves:?}");
    }
    assert!(moves.contains("5f5g") && moves.contains("4g4h"));
    assert!(
        !moves.contains("8g9i"),
        "a knight on the last two rows must promote"
    );
}

#[test]
fn a_promoting_move_plays_the_enhanced_piece_in_its_own_style() {
    let position = with_kings(&[("5d", "S'")]).styles("C", "x");
    let after = position.play("5d5c+");
    let index = games::shogi::square_index("5c").unwrap();
    assert_eq!(after.square(index), Some(&"x:+S".parse::<Qpi>().unwrap()));
}
