//! What the PGN reader refuses, where it says the problem is, and how it
//! goes on past a bad game.

use games::Persistent;
use games::chess::pgn;
use games::record::{Limits, Problem, RecordError};

use super::{games, main_line};

/// The error of the one bad game of `text`.
fn refusal(text: &str) -> RecordError {
    let mut read = games(text);
    assert_eq!(read.len(), 1, "{text:?} holds one game");
    match read.remove(0) {
        Err(error) => error,
        Ok(record) => panic!("{text:?} was read: {record:?}"),
    }
}

#[test]
fn an_illegal_move_names_itself_and_the_position_it_was_tried_in() {
    let error = refusal("1. e4 e5\n2. Ke3 *");
    assert_eq!((error.game, error.line, error.column), (1, 2, 4));
    assert_eq!(
        error.problem,
        Problem::IllegalMove {
            text: "Ke3".into(),
            position: "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq -".into(),
        }
    );
    assert!(
        error
            .to_string()
            .starts_with("game 1, line 2, column 4: illegal move \"Ke3\" in ")
    );
}

#[test]
fn an_ambiguous_move_names_the_moves_it_could_be() {
    let error = refusal("[FEN \"7k/8/8/8/8/8/1N3N2/K7 w - - 0 1\"]\n\n1. Nd3 *");
    assert_eq!((error.line, error.column), (3, 4));
    let Problem::AmbiguousMove {
        text, candidates, ..
    } = error.problem
    else {
        panic!("{error}");
    };
    assert_eq!(text, "Nd3");
    assert_eq!(candidates, ["b2d3", "f2d3"]);
}

#[test]
fn a_pawn_capture_needs_its_file_and_a_promotion_its_piece() {
    for text in [
        "1. e4 d5 2. d5 *",
        "[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. a8 *",
        "[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. a7a8 *",
        "[FEN \"8/P6k/8/8/8/8/8/K7 w - - 0 1\"]\n\n1. a8=K *",
        "1. Nf3=Q *",
        "1. Kg1 *",
    ] {
        assert!(
            matches!(refusal(text).problem, Problem::IllegalMove { .. }),
            "{text}"
        );
    }
}

#[test]
fn castling_as_a_king_move_with_its_letter_is_refused() {
    let error = refusal("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Kg1 *");
    assert!(
        matches!(error.problem, Problem::IllegalMove { .. }),
        "{error}"
    );
}

#[test]
fn a_null_move_in_check_is_refused() {
    let error = refusal("1. e4 f5 2. Qh5+ -- *");
    assert_eq!(error.column, 18);
    assert!(matches!(error.problem, Problem::IllegalMove { ref text, .. } if text == "--"));
}

#[test]
fn a_line_that_is_no_tag_pair_is_a_bad_tag() {
    for line in [
        "[Event \"x\"",
        "[Event x]",
        "[\"x\"]",
        "[Event\"x\"]",
        "[_E \"x\"]",
    ] {
        let error = refusal(&format!("{line}\n\n1. e4 *"));
        assert_eq!((error.line, error.column), (1, 1), "{line}");
        assert!(
            matches!(error.problem, Problem::BadTag { .. }),
            "{line}: {error}"
        );
    }
}

#[test]
fn a_fen_tag_that_is_no_chess_position_is_refused_where_it_stands() {
    for fen in [
        "8/8/8 w - -",
        "8/8/8/8/8/8/8/8 w - - 0 1",
        "rnbqk^bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK^BNR / C/c",
    ] {
        let error = refusal(&format!("[Event \"x\"]\n[FEN \"{fen}\"]\n\n1. e4 *"));
        assert_eq!(error.line, 2, "{fen}");
        assert!(
            matches!(error.problem, Problem::BadPosition { .. }),
            "{fen}: {error}"
        );
    }
}

#[test]
fn a_variant_other_than_standard_chess_is_refused() {
    let error = refusal("[Variant \"Chess960\"]\n\n1. e4 *");
    assert!(
        matches!(error.problem, Problem::Unsupported { .. }),
        "{error}"
    );
}

#[test]
fn an_unclosed_variation_is_refused_where_it_opened() {
    let error = refusal("1. e4 ( 1. d4 ( 1. c4 ) d5\n2. c4\n");
    assert_eq!((error.line, error.column), (1, 7));
    assert_eq!(error.problem, Problem::UnclosedVariation);
}

#[test]
fn a_variation_closed_unopened_or_opened_before_any_move_is_refused() {
    let closed = refusal("1. e4 ) e5 *");
    assert_eq!(
        (closed.column, closed.problem),
        (7, Problem::UnopenedVariation)
    );
    let opened = refusal("( 1. d4 ) 1. e4 *");
    assert_eq!(
        (opened.column, opened.problem),
        (1, Problem::VariationWithoutMove)
    );
}

#[test]
fn an_unclosed_comment_is_refused_where_it_opened() {
    let error = refusal("1. e4 { never closed\n\n2. d4 *");
    assert_eq!((error.line, error.column), (1, 7));
    assert_eq!(error.problem, Problem::UnclosedComment);
}

#[test]
fn text_that_is_no_token_is_refused_where_python_chess_would_skip_it() {
    for (text, found) in [
        ("1. e4 nf6 *", "nf6"),
        ("1. e4 @ *", "@"),
        ("1. e4 +/= *", "+/="),
    ] {
        let error = refusal(text);
        assert_eq!(error.column, 7, "{text}");
        assert!(
            matches!(&error.problem, Problem::Unexpected { text, .. } if text == found),
            "{text}: {error}"
        );
    }
}

#[test]
fn a_nag_past_255_is_refused() {
    let error = refusal("1. e4 $256 *");
    assert_eq!(
        error.problem,
        Problem::BadAnnotation {
            text: "$256".into()
        }
    );
}

#[test]
fn moves_after_the_result_and_a_result_inside_a_variation_are_refused() {
    assert!(matches!(
        refusal("1. e4 1-0 e5").problem,
        Problem::Unexpected { .. }
    ));
    assert!(matches!(
        refusal("1. e4 ( 1. d4 1-0 ) *").problem,
        Problem::Unexpected { .. }
    ));
}

#[test]
fn a_tag_inside_the_movetext_says_a_blank_line_is_missing() {
    let error = refusal("1. e4 *\n[Event \"next\"]\n");
    let Problem::Unexpected { expected, .. } = error.problem else {
        panic!("{error}");
    };
    assert!(expected.contains("blank line"), "{expected}");
}

#[test]
fn the_limits_bound_lines_nesting_nodes_comments_and_tags() {
    let defaults = Limits::default();
    for (text, limits, problem) in [
        (
            "1. e4 e5 2. Nf3 Nc6 3. Bb5 *",
            Limits {
                line_bytes: 20,
                ..defaults
            },
            Problem::LineTooLong { limit: 20 },
        ),
        (
            "e4 (d4 (c4 (b4",
            Limits {
                depth: 2,
                ..defaults
            },
            Problem::TooDeep { limit: 2 },
        ),
        (
            "1. e4 e5 Nf3",
            Limits {
                nodes: 3,
                ..defaults
            },
            Problem::TooManyNodes { limit: 3 },
        ),
        (
            "1. e4 {123456}",
            Limits {
                comment_bytes: 5,
                ..defaults
            },
            Problem::CommentTooLong { limit: 5 },
        ),
        (
            "[A \"1\"]\n[B \"2\"]\n\n*",
            Limits {
                tags: 1,
                ..defaults
            },
            Problem::TooManyTags { limit: 1 },
        ),
    ] {
        let read = pgn::read::<Persistent>(text.as_bytes(), limits)
            .next()
            .unwrap();
        assert_eq!(read.unwrap_err().problem, problem, "{text}");
    }
}

#[test]
fn the_games_around_a_bad_game_are_read_and_numbered_as_in_the_file() {
    let read = games(
        "1. e4 *\n\n[Event \"bad\"]\n\n1. e4 { braces } e4\n{ a comment\n\nwith a blank line } *\n\n1. d4 *\n",
    );
    assert_eq!(read.len(), 3);
    assert_eq!(main_line(read[0].as_ref().unwrap()), ["e2e4"]);
    let error = read[1].as_ref().unwrap_err();
    assert_eq!((error.game, error.line, error.column), (2, 5, 18));
    assert_eq!(main_line(read[2].as_ref().unwrap()), ["d2d4"]);
}

#[test]
fn a_bad_tag_skips_the_rest_of_its_game_tags_and_movetext_alike() {
    let read = games("[Event \"bad]\n[Site \"x\"]\n\n1. e4 e5\n\n[Event \"good\"]\n\n1. d4 *\n");
    assert_eq!(read.len(), 2);
    assert!(read[0].is_err());
    assert_eq!(read[1].as_ref().unwrap().tag("Event"), Some("good"));
}

#[test]
fn no_input_panics_on_bytes_of_every_kind() {
    let mut text = Vec::new();
    // A `{` would open a comment to the end of the text.
    for byte in (0..=255_u8).filter(|&byte| byte != b'{') {
        text.extend_from_slice(b"1. e4 ");
        text.push(byte);
        text.extend_from_slice(b" e5 (\n\n");
    }
    let read: Vec<_> = pgn::read::<Persistent>(&text, Limits::default()).collect();
    assert_eq!(read.len(), 255);
}
