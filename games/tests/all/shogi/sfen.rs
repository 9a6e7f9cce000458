//! SFEN, USI's position notation: read into any crate as `load` reads
//! FEEN, written back the same, and refused with a reason when wrong.

use games::search::Rules;
use games::shogi::{
    self, MATSURI, MOST_MOVES, NotShogi, START, START_SFEN, SfenError, Shogi, read_sfen, write_sfen,
};
use games::{BuildError, Local, Node as _, Persistent, QpiPosition, Sashite, same_content};
use harness::support::Rng;
use persistent_qi::Player;

/// Matsuri in SFEN.
const MATSURI_SFEN: &str = "l6nl/5+P1gk/2np1S3/p1p4Pp/3P2Sp1/1PPb2P1P/P5GS1/R8/LN4bKL w RGgsn5p 1";

/// The position with the most moves in SFEN.
const MOST_MOVES_SFEN: &str = "R8/2K1S1SSk/4B4/9/9/9/9/9/1L1L1L3 b RBGSNLP3g3n17p 1";

/// An SFEN and the FEEN of the same position, for crate `P`: read alike,
/// and the SFEN written back unchanged.
fn round_trip<P: QpiPosition>(sfen: &str, feen: &str) {
    let read = read_sfen::<P>(sfen).unwrap();
    let loaded: P = shogi::load(feen).unwrap();
    assert!(same_content(&read.node.position, &loaded), "{sfen}");
    assert_eq!(write_sfen(&read.node, read.move_number), sfen);
}

#[test]
fn the_start_position_round_trips_in_every_crate() {
    round_trip::<Persistent>(START_SFEN, START);
    round_trip::<Local>(START_SFEN, START);
    round_trip::<Sashite>(START_SFEN, START);
}

#[test]
fn positions_with_hands_and_promoted_pieces_round_trip() {
    round_trip::<Persistent>(MATSURI_SFEN, MATSURI);
    round_trip::<Sashite>(MATSURI_SFEN, MATSURI);
    round_trip::<Persistent>(MOST_MOVES_SFEN, MOST_MOVES);
}

#[test]
fn the_move_number_is_read_and_written() {
    let text = "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL w - 42";
    let read = read_sfen::<Persistent>(text).unwrap();
    assert_eq!(read.node.position.turn(), Player::Second);
    assert_eq!(read.move_number, 42);
    assert_eq!(write_sfen(&read.node, 42), text);
}

#[test]
fn random_games_write_positions_that_read_back_the_same() {
    let mut rng = Rng(12);
    let (mut promoted, mut held) = (0, 0);
    for _ in 0..20 {
        let mut node = read_sfen::<Persistent>(START_SFEN).unwrap().node;
        for ply in 1..=120 {
            let Some(mv) = Shogi::playout_move(&node.read(), &mut rng, &mut Vec::new()) else {
                break;
            };
            node = node.play(&node.read(), mv);
            let text = write_sfen(&node, ply + 1);
            promoted += usize::from(text.split(' ').next().unwrap().contains('+'));
            held += usize::from(!text.contains(" - "));
            let back = read_sfen::<Persistent>(&text).unwrap();
            assert_eq!(back.node, node, "{text}");
            assert_eq!(back.move_number, ply + 1);
        }
    }
    assert!(promoted > 0 && held > 0, "{promoted} {held}");
}

#[test]
fn hands_are_read_in_any_order() {
    let board = "4k4/9/9/9/9/9/9/9/4K4";
    let usual = read_sfen::<Persistent>(&format!("{board} b 2PSb 1")).unwrap();
    let other = read_sfen::<Persistent>(&format!("{board} b bS2P 1")).unwrap();
    assert_eq!(usual, other);
    assert_eq!(write_sfen(&other.node, 1), format!("{board} b S2Pb 1"));
}

/// The error reading `text`.
fn refusal(text: &str) -> SfenError {
    read_sfen::<Persistent>(text).expect_err(text)
}

/// The start position with one field replaced.
fn start_with(field: usize, value: &str) -> String {
    let mut fields: Vec<&str> = START_SFEN.split(' ').collect();
    fields[field] = value;
    fields.join(" ")
}

#[test]
fn a_text_without_four_fields_is_refused() {
    assert_eq!(refusal(""), SfenError::FieldCount(0));
    assert_eq!(refusal("startpos"), SfenError::FieldCount(1));
    assert_eq!(
        refusal(&format!("{START_SFEN} moves")),
        SfenError::FieldCount(5)
    );
}

#[test]
fn a_board_without_nine_ranks_of_nine_squares_is_refused() {
    assert_eq!(refusal(&start_with(0, "9/9/9")), SfenError::RankCount(3));
    let short = START_SFEN.replacen("1r5b1", "1r5b", 1);
    let expected = SfenError::RankWidth {
        rank: 'b',
        width: 8,
    };
    assert_eq!(refusal(&short), expected);
    let long = START_SFEN.replacen("9/9/9", "9/9p/9", 1);
    let expected = SfenError::RankWidth {
        rank: 'e',
        width: 10,
    };
    assert_eq!(refusal(&long), expected);
}

#[test]
fn a_character_that_is_no_piece_is_refused() {
    for (rank, character) in [("1r5q1", 'q'), ("1r5b0", '0'), ("1r5*1", '*')] {
        let text = START_SFEN.replacen("1r5b1", rank, 1);
        assert_eq!(
            refusal(&text),
            SfenError::PlacementCharacter {
                rank: 'b',
                character
            }
        );
    }
}

#[test]
fn a_promotion_of_what_cannot_promote_is_refused() {
    for (rank, found) in [
        ("lnsg+kgsnl", Some('k')),
        ("lnsgk+gsnl", Some('g')),
        ("lnsgkgsn+", None),
    ] {
        let text = START_SFEN.replacen("lnsgkgsnl", rank, 1);
        assert_eq!(refusal(&text), SfenError::Promotion { rank: 'a', found });
    }
}

#[test]
fn a_side_to_move_other_than_b_or_w_is_refused() {
    assert_eq!(refusal(&start_with(1, "B")), SfenError::Turn("B".into()));
}

#[test]
fn hands_that_hold_no_droppable_piece_are_refused() {
    assert_eq!(refusal(&start_with(2, "K")), SfenError::HandPiece('K'));
    assert_eq!(refusal(&start_with(2, "+P")), SfenError::HandPiece('+'));
    assert_eq!(
        refusal(&start_with(2, "0P")),
        SfenError::HandCount("0P".into())
    );
    assert_eq!(
        refusal(&start_with(2, "P2")),
        SfenError::HandCount("2".into())
    );
    let huge = "99999999999999999999P";
    assert_eq!(
        refusal(&start_with(2, huge)),
        SfenError::HandCount(huge.into())
    );
    assert_eq!(
        refusal(&start_with(2, "P2S3P")),
        SfenError::HandRepeated('P')
    );
}

#[test]
fn a_move_number_that_is_no_positive_integer_is_refused() {
    for number in ["0", "-1", "x", "1.5"] {
        assert_eq!(
            refusal(&start_with(3, number)),
            SfenError::MoveNumber(number.into())
        );
    }
}

#[test]
fn more_pieces_than_squares_are_refused_by_the_crate() {
    let error = refusal("4k4/9/9/9/9/9/9/9/4K4 b 80P 1");
    assert!(
        matches!(error, SfenError::Build(BuildError::Persistent(_))),
        "{error}"
    );
}

#[test]
fn positions_that_are_no_shogi_are_refused_as_load_refuses_them() {
    let two_kings = refusal("4k4/9/9/9/9/9/9/9/3KK4 b - 1");
    let expected = NotShogi::KingCount {
        player: Player::First,
        count: 2,
    };
    assert_eq!(two_kings, SfenError::NotShogi(expected));
    let waiting_in_check = refusal("4k4/4R4/9/9/9/9/9/9/4K4 b - 1");
    let expected = NotShogi::KingInCheck {
        player: Player::Second,
    };
    assert_eq!(waiting_in_check, SfenError::NotShogi(expected));
    let stuck = refusal("P3k4/9/9/9/9/9/9/9/4K4 b - 1");
    assert!(matches!(
        stuck,
        SfenError::NotShogi(NotShogi::StuckPiece { .. })
    ));
}

#[test]
fn every_refusal_reads_as_a_sentence_fragment() {
    for text in [
        "",
        "9/9 b - 1",
        "x b - 1",
        &start_with(1, "x"),
        &start_with(3, "0"),
    ] {
        let message = refusal(text).to_string();
        assert!(!message.is_empty() && !message.ends_with('.'), "{message}");
    }
}

#[test]
fn mangled_texts_are_refused_or_read_never_a_panic() {
    let mut rng = Rng(5);
    let alphabet: Vec<char> = "0123456789+-/ *bwkKpPlLnNsSgGrRxX+é".chars().collect();
    let (mut read, mut refused) = (0, 0);
    for _ in 0..5_000 {
        let mut chars: Vec<char> = START_SFEN.chars().collect();
        for _ in 0..=rng.below(3) {
            let at = rng.below(chars.len());
            match rng.below(3) {
                0 => chars[at] = *rng.pick(&alphabet),
                1 => {
                    chars.remove(at);
                }
                _ => chars.insert(at, *rng.pick(&alphabet)),
            }
        }
        let text: String = chars.into_iter().collect();
        match read_sfen::<Sashite>(&text) {
            Ok(_) => read += 1,
            Err(_) => refused += 1,
        }
    }
    assert!(read > 0 && refused > 0, "{read} {refused}");
}
