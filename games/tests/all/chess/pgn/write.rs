//! What the PGN writer writes: SAN as python-chess writes it, its layout,
//! and records read back equal to what was written.

use games::Persistent;
use games::chess::pgn;
use games::record::{Limits, NodeId};

use super::{Game, game, games};

/// The SAN the writer gives the main line's first move of `text`.
fn first_san(text: &str) -> String {
    let written = pgn::to_pgn(&game(text));
    let movetext = written.rsplit("\n\n").next().unwrap().trim();
    movetext.split(' ').nth(1).unwrap().to_string()
}

#[test]
fn moves_are_written_in_san_as_python_chess_writes_them() {
    for (fen, uci_or_san, san) in [
        ("7k/8/8/8/8/8/1N3N2/K7 w - - 0 1", "b2d3", "Nbd3"),
        ("7k/8/8/N7/8/8/8/N6K w - - 0 1", "a1b3", "N1b3"),
        ("8/8/8/7k/8/Q7/8/Q1Q4K w - - 0 1", "a1b2", "Qa1b2"),
        ("8/8/8/7k/8/Q7/8/Q1Q4K w - - 0 1", "a3b2", "Q3b2"),
        ("8/8/8/7k/8/Q7/8/Q1Q4K w - - 0 1", "c1b2", "Qcb2"),
        ("k7/8/8/8/N7/8/N7/K7 w - - 0 1", "a4b6", "Nb6+"),
        ("8/P6k/8/8/8/8/8/K7 w - - 0 1", "a7a8n", "a8=N"),
        ("6k1/5ppp/8/8/8/8/8/K2R4 w - - 0 1", "d1d8", "Rd8#"),
        ("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1", "e1c1", "O-O-O"),
        (
            "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3",
            "e5f6",
            "exf6",
        ),
    ] {
        let text = format!("[FEN \"{fen}\"]\n\n{uci_or_san} *");
        assert_eq!(first_san(&text), san, "{fen} {uci_or_san}");
    }
}

/// As python-chess's `StringExporter` (80 columns) writes it.
#[test]
fn the_layout_is_python_chess_s() {
    let text = "[Event \"x\"]\n\n{ start } 1. e4 ( { alt } 1. d4 d5 $1 ( 1... Nf6 2. c4 ) 2. c4 ) \
                1... e5 { after } 2. Nf3 Nc6 3. Bb5 -- 4. O-O 1-0\n";
    assert_eq!(
        pgn::to_pgn(&game(text)),
        "[Event \"x\"]\n\n{ start } 1. e4 ( { alt } 1. d4 d5 $1 ( 1... Nf6 2. c4 ) 2. c4 ) 1... e5\n\
         { after } 2. Nf3 Nc6 3. Bb5 -- 4. O-O 1-0\n"
    );
}

#[test]
fn a_start_that_is_not_chess_s_is_written_with_setup_and_fen_when_no_tag_says_it() {
    let mut record = game("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\"]\n\n1... Kd7 *");
    record.set_tag("FEN", "4k3/8/8/8/8/8/4P3/4K3 b - - 0 1");
    let written = pgn::to_pgn(&record);
    assert!(
        written.starts_with("[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\"]\n\n1... Kd7 *"),
        "{written}"
    );
    let built: Game = games::record::Record::new(record.start().clone());
    let written = pgn::to_pgn(&built);
    assert!(
        written.starts_with("[SetUp \"1\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 b - - 0 1\"]\n"),
        "{written}"
    );
}

#[test]
fn reading_what_was_written_gives_the_same_records() {
    let text = "[Event \"a \\\"quoted\\\" \\\\ name\"]\n[FEN \"r3k2r/pppq1ppp/2n2n2/3pp3/3PP3/2N2N2/PPPQ1PPP/R3K2R w KQkq - 4 9\"]\n\n\
                $14 { root } 9. dxe5 $1 { a } { b } ( { before } 9. O-O-O O-O-O ( 9... h6 ) ( 9... Kf8 -- ) ) \
                9... Nxe4 ; to the end\n10. Nxe4 dxe4 11. Qxd7+ Kxd7 12. O-O-O+ Ke6 13. Ng5+ Kxe5 *\n\n\
                1. f3 e5 2. g4 Qh4# 0-1\n\n1. e4\n";
    let first: Vec<Game> = games(text).into_iter().map(Result::unwrap).collect();
    let mut written = Vec::new();
    pgn::write(&first, &mut written).unwrap();
    let again: Vec<Game> = pgn::read::<Persistent>(&written, Limits::default())
        .map(Result::unwrap)
        .collect();
    assert_eq!(first.len(), 3);
    assert!(first == again, "{}", String::from_utf8_lossy(&written));
}

#[test]
fn a_comment_holding_a_brace_is_written_as_a_line_comment_and_reads_back() {
    // A `;` comment may hold a `}` (the fuzz target's first find).
    let record = game("1. e4 ; a } b\ne5 *");
    let written = pgn::to_pgn(&record);
    assert_eq!(written, "1. e4 ; a } b\n1... e5 *\n");
    assert!(game(&written) == record);
}

#[test]
fn a_comment_holding_a_brace_and_a_line_end_loses_the_brace() {
    let mut record = game("1. e4 *");
    let e4 = record.main_child(NodeId::ROOT).unwrap();
    record.notes_mut(e4).after.push("a }\nb".into());
    assert_eq!(pgn::to_pgn(&record), "1. e4 { a \nb } *\n");
}

#[test]
fn a_tag_value_holding_a_carriage_return_reads_back() {
    let record = game("[Event \"a\rb\"]\n\n*\n");
    assert_eq!(record.tag("Event"), Some("a\rb"));
    assert!(game(&pgn::to_pgn(&record)) == record);
}

#[test]
fn a_game_of_nothing_is_written_as_nothing() {
    // Move numbers alone make a game that holds nothing (the fuzz
    // target's second find).
    let record = game("1. 2...");
    assert_eq!(record.len(), 1);
    assert_eq!(pgn::to_pgn(&record), "");
}

#[test]
fn a_line_comment_first_in_the_movetext_is_not_taken_for_the_tag_section_s() {
    // The fuzz target's third find: a `;` line after the tags is skipped.
    let record = game("[Event \"x\"]\n\n1... ; a } b\n1. e4 *");
    assert_eq!(record.notes(NodeId::ROOT).after, ["a } b"]);
    let written = pgn::to_pgn(&record);
    assert!(game(&written) == record, "{written}");
}
