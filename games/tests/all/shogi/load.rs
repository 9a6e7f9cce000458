//! The one door in: which FEEN strings are shogi positions, and what the
//! others are told.

use super::common;
use crate::qpi_token::qpi;

use common::{setup, with_kings};
use games::shogi::{LoadError, MATSURI, MOST_MOVES, NotShogi, Place, START, load, square_index};
use games::{FeenError, Persistent, Sashite, same_content};
use persistent_qi::Player;
use persistent_qi::feen::ReadError;

fn refusal(feen: &str) -> NotShogi {
    match load::<Persistent>(feen) {
        Err(LoadError::NotShogi(error)) => error,
        other => panic!("{feen}: expected a NotShogi error, got {other:?}"),
    }
}

#[test]
fn the_published_positions_load_in_both_crates_alike() {
    for feen in [START, MATSURI, MOST_MOVES] {
        let ours: Persistent = load(feen).unwrap();
        let theirs: Sashite = load(feen).unwrap();
        assert!(same_content(&ours, &theirs), "{feen}");
    }
}

#[test]
fn hands_counts_styles_and_turn_are_read() {
    let matsuri: Persistent = load(MATSURI).unwrap();
    assert_eq!(matsuri.turn(), Player::Second);
    assert_eq!(matsuri.second_hand_count(&qpi("s:p")), 5);
    assert_eq!(matsuri.first_hand_count(&qpi("S:R")), 1);
    assert_eq!(matsuri.piece_count(), 40);
    assert_eq!(matsuri.first_style().to_char(), 'S');
}

#[test]
fn a_derived_piece_takes_the_other_players_style() {
    let position = with_kings(&[("5e", "P'"), ("5c", "g'")]).styles("C", "x");
    let loaded = position.position();
    assert_eq!(
        loaded.square(square_index("5e").unwrap()),
        Some(&qpi("x:P"))
    );
    assert_eq!(
        loaded.square(square_index("5c").unwrap()),
        Some(&qpi("C:g"))
    );
}

#[test]
fn an_invalid_feen_gets_the_feen_readers_reason() {
    let error = load::<Persistent>("9/9 S/s").unwrap_err();
    assert!(matches!(
        error,
        LoadError::Feen(FeenError::Read(ReadError::Invalid(_)))
    ));
    assert_eq!(
        error.to_string(),
        "invalid FEEN: FEEN string must have exactly three space-separated fields"
    );
}

#[test]
fn a_board_other_than_nine_by_nine_is_refused() {
    let error = refusal("k^7/8/8/8/8/8/8/7K^ / S/s");
    assert_eq!(error, NotShogi::Shape(vec![8, 8]));
    assert_eq!(
        LoadError::NotShogi(error).to_string(),
        "not a shogi position: the board is 8x8, not 9x9"
    );
}

#[test]
fn an_unknown_letter_is_refused() {
    let error = refusal(&with_kings(&[("5e", "Q")]).feen());
    assert_eq!(
        error,
        NotShogi::UnknownLetter {
            piece: qpi("S:Q"),
            at: Place::Square(square_index("5e").unwrap())
        }
    );
    assert_eq!(
        error.to_string(),
        "S:Q on 5e: no shogi piece has this letter"
    );
}

#[test]
fn an_unknown_state_is_refused() {
    for piece in ["-P", "+G", "+K^"] {
        let error = refusal(&with_kings(&[("5e", piece)]).feen());
        assert!(
            matches!(error, NotShogi::UnknownState { .. }),
            "{piece}: {error}"
        );
    }
}

#[test]
fn a_king_needs_the_terminal_mark_and_nothing_else_has_it() {
    let unmarked = refusal(&setup(&[("5i", "K"), ("5a", "k^")]).feen());
    assert!(
        matches!(unmarked, NotShogi::TerminalMark { .. }),
        "{unmarked}"
    );
    let marked = refusal(&with_kings(&[("5e", "G^")]).feen());
    assert!(matches!(marked, NotShogi::TerminalMark { .. }), "{marked}");
}

#[test]
fn each_side_needs_exactly_one_king() {
    assert_eq!(
        refusal(&setup(&[("5a", "k^")]).feen()),
        NotShogi::KingCount {
            player: Player::First,
            count: 0
        }
    );
    assert_eq!(
        refusal(&setup(&[("5i", "K^"), ("5a", "k^"), ("1a", "k^")]).feen()),
        NotShogi::KingCount {
            player: Player::Second,
            count: 2
        }
    );
}

#[test]
fn a_piece_that_could_never_move_is_refused() {
    for (square, piece) in [
        ("5a", "P"),
        ("5a", "L"),
        ("5a", "N"),
        ("5b", "N"),
        ("5i", "p"),
        ("5h", "n"),
    ] {
        let error = refusal(&with_kings(&[(square, piece)]).feen());
        assert!(
            matches!(error, NotShogi::StuckPiece { .. }),
            "{piece} on {square}: {error}"
        );
    }
    // One row further back, each can move.
    for (square, piece) in [
        ("5b", "P"),
        ("5b", "L"),
        ("5c", "N"),
        ("5h", "p"),
        ("5g", "n"),
    ] {
        assert!(load::<Persistent>(&with_kings(&[(square, piece)]).feen()).is_ok());
    }
}

#[test]
fn a_hand_holds_only_its_players_unpromoted_pieces() {
    for (first, second) in [("+P", ""), ("K^", ""), ("p", ""), ("", "P")] {
        let error = refusal(&with_kings(&[]).hands(first, second).feen());
        assert!(
            matches!(error, NotShogi::HandPiece { .. }),
            "{first}/{second}: {error}"
        );
    }
    let error = refusal(&with_kings(&[]).hands("Q", "").feen());
    assert!(matches!(
        error,
        NotShogi::UnknownLetter {
            at: Place::Hand(Player::First),
            ..
        }
    ));
}

#[test]
fn the_side_not_to_move_may_not_be_in_check() {
    let error = refusal(&setup(&[("5i", "K^"), ("5a", "k^"), ("5e", "R")]).feen());
    assert_eq!(
        error,
        NotShogi::KingInCheck {
            player: Player::Second
        }
    );
    assert_eq!(
        error.to_string(),
        "the second player is in check but not to move"
    );
    // The side to move may be.
    assert!(load::<Persistent>(&setup(&[("5i", "K^"), ("5a", "k^"), ("5e", "r")]).feen()).is_ok());
}

#[test]
fn any_pair_of_styles_is_accepted() {
    let position: Persistent = load(&with_kings(&[("5e", "P")]).styles("C", "x").feen()).unwrap();
    assert_eq!(
        position.square(square_index("5e").unwrap()),
        Some(&qpi("C:P"))
    );
}
