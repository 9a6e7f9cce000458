//! Drops: a piece from the hand onto an empty square, never where it could
//! never move, never a second unpromoted pawn on a file (nifu), never a
//! pawn that gives checkmate (uchifuzume).

use super::common;
use crate::qpi_token::qpi;

use common::{set, setup, with_kings};
use games::shogi::square_index;

/// The squares of the drops, as USI squares.
fn squares(drops: &std::collections::BTreeSet<String>) -> Vec<String> {
    drops.iter().map(|mv| mv[2..].to_string()).collect()
}

#[test]
fn a_gold_drops_on_every_empty_square_and_only_there() {
    let position = with_kings(&[("5e", "p"), ("4e", "G")]).hands("G", "");
    let drops = squares(&position.drops('G'));
    assert_eq!(drops.len(), 81 - 4);
    for occupied in ["3i", "7a", "5e", "4e"] {
        assert!(!drops.iter().any(|square| square == occupied), "{occupied}");
    }
}

#[test]
fn pawns_and_lances_never_drop_on_the_last_row() {
    for letter in ['P', 'L'] {
        let position = with_kings(&[]).hands(&letter.to_string(), "");
        let drops = squares(&position.drops(letter));
        assert!(
            drops.iter().all(|square| !square.ends_with('a')),
            "{letter}"
        );
        // Every empty square of rows b to i.
        assert_eq!(drops.len(), 72 - 1, "{letter}");
    }
}

#[test]
fn knights_never_drop_on_the_last_two_rows() {
    let position = with_kings(&[]).hands("N", "");
    let drops = squares(&position.drops('N'));
    assert!(
        drops
            .iter()
            .all(|square| !square.ends_with('a') && !square.ends_with('b'))
    );
    assert_eq!(drops.len(), 63 - 1);
}

#[test]
fn the_second_players_last_rows_are_rows_h_and_i() {
    let position = with_kings(&[]).hands("", "2nlp").second_to_move();
    for letter in ['P', 'L'] {
        let drops = squares(&position.drops(letter));
        assert!(
            drops.iter().all(|square| !square.ends_with('i')),
            "{letter}"
        );
        assert_eq!(drops.len(), 72 - 1, "{letter}");
    }
    let drops = squares(&position.drops('N'));
    assert!(
        drops
            .iter()
            .all(|square| !square.ends_with('h') && !square.ends_with('i'))
    );
    assert_eq!(drops.len(), 63 - 1);
}

#[test]
fn nifu_no_second_unpromoted_pawn_of_ones_own_on_a_file() {
    let position = with_kings(&[("5g", "P"), ("2g", "+P"), ("8c", "p")]).hands("P", "");
    let drops = squares(&position.drops('P'));
    assert!(
        !drops.iter().any(|square| square.starts_with('5')),
        "own pawn on file 5"
    );
    assert!(
        drops.contains(&"2e".to_string()),
        "a promoted pawn does not count"
    );
    assert!(
        drops.contains(&"8e".to_string()),
        "an opponent's pawn does not count"
    );
}

#[test]
fn nifu_applies_to_the_second_player_on_its_own_pawns() {
    let position = with_kings(&[("5c", "p"), ("4g", "P")])
        .hands("", "p")
        .second_to_move();
    let drops = squares(&position.drops('P'));
    assert!(!drops.iter().any(|square| square.starts_with('5')));
    assert!(drops.contains(&"4e".to_string()));
}

/// The second king on 1a, hemmed in by its own lance on 2a and pawn on 2b;
/// a first-player gold on 1c guards 1b.
fn corner() -> Vec<(&'static str, &'static str)> {
    vec![
        ("1a", "k^"),
        ("2a", "l"),
        ("2b", "p"),
        ("1c", "G"),
        ("5i", "K^"),
    ]
}

#[test]
fn uchifuzume_a_pawn_drop_that_mates_is_illegal() {
    let position = setup(&corner()).hands("P", "");
    let drops = squares(&position.drops('P'));
    assert!(!drops.contains(&"1b".to_string()), "{drops:?}");
    assert!(
        drops.contains(&"1d".to_string()),
        "other squares of the file stay open"
    );
}

#[test]
fn a_pawn_drop_check_that_is_not_mate_is_legal() {
    // Without the gold the king takes the pawn.
    let mut pieces = corner();
    pieces.retain(|(square, _)| *square != "1c");
    let position = setup(&pieces).hands("P", "");
    assert!(position.drops('P').contains("P*1b"));
}

#[test]
fn a_pawn_drop_check_that_a_defender_can_take_is_legal() {
    let mut pieces = corner();
    pieces.push(("2c", "s"));
    let position = setup(&pieces).hands("P", "");
    assert!(position.drops('P').contains("P*1b"));
}

#[test]
fn a_pinned_defender_does_not_save_the_king_from_a_pawn_drop_mate() {
    // A gold on 2b would take the pawn, but the bishop on 4d pins it.
    let pieces = [
        ("1a", "k^"),
        ("2a", "l"),
        ("2b", "g"),
        ("4d", "B"),
        ("1c", "G"),
        ("5i", "K^"),
    ];
    assert!(!setup(&pieces).hands("P", "").drops('P').contains("P*1b"));
    let unpinned: Vec<_> = pieces.iter().copied().filter(|(s, _)| *s != "4d").collect();
    assert!(setup(&unpinned).hands("P", "").drops('P').contains("P*1b"));
}

#[test]
fn a_pawn_move_that_mates_is_legal() {
    let pieces = [
        ("1a", "k^"),
        ("2a", "l"),
        ("2b", "p"),
        ("1c", "P"),
        ("2c", "G"),
        ("5i", "K^"),
    ];
    let moves = setup(&pieces).moves();
    assert!(
        moves.contains("1c1b") && moves.contains("1c1b+"),
        "{moves:?}"
    );
}

#[test]
fn another_piece_may_be_dropped_to_mate() {
    let position = setup(&corner()).hands("GP", "");
    assert!(position.drops('G').contains("G*1b"));
    assert!(!position.drops('P').contains("P*1b"));
}

#[test]
fn in_check_from_a_slider_drops_only_interpose() {
    let position = setup(&[("5i", "K^"), ("5a", "r"), ("9a", "k^")]).hands("G", "");
    assert_eq!(
        position.drops('G'),
        set(&["G*5b", "G*5c", "G*5d", "G*5e", "G*5f", "G*5g", "G*5h"])
    );
}

#[test]
fn in_check_from_a_knight_no_drop_helps() {
    let position = setup(&[("5i", "K^"), ("4g", "n"), ("9a", "k^")]).hands("GP", "");
    assert!(position.drops('G').is_empty() && position.drops('P').is_empty());
    assert!(!position.moves().is_empty(), "the king still moves");
}

#[test]
fn a_drop_moves_the_piece_from_the_hand_to_the_board() {
    let position = with_kings(&[]).hands("2G", "");
    let after = position.play("G*5e");
    let gold = qpi("S:G");
    assert_eq!(after.first_hand_count(&gold), 1);
    assert_eq!(after.square(square_index("5e").unwrap()), Some(&gold));
    assert_eq!(after.turn(), persistent_qi::Player::Second);
    assert_eq!(after.piece_count(), position.position().piece_count());
}

#[test]
fn a_hand_piece_drops_in_its_own_style() {
    let position = with_kings(&[]).hands("P'", "").styles("C", "x");
    let after = position.play("P*5e");
    assert_eq!(after.square(square_index("5e").unwrap()), Some(&qpi("x:P")));
    assert_eq!(after.piece_count(), 3);
}
