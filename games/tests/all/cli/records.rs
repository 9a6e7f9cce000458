//! `games chess records` as a user runs it: the summary, each node, where
//! a position is reached, bad games, and records saved and loaded.

use super::run::{assert_holds, games, refused, scratch, stderr, succeeds};

/// Two games, the second with a variation that transposes into the first.
const TWO_GAMES: &str = "[Event \"one\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n\n\
                         [Event \"two\"]\n\n1. Nf3 ( 1. e4 e5 2. Nf3 ) 1... Nc6 { a comment } 2. e4 e5 1-0\n";

#[test]
fn the_summary_counts_games_nodes_and_the_positions_games_and_lines_share() {
    let file = scratch("records-two.pgn", TWO_GAMES);
    let out = succeeds(&["chess", "records", file.to_str().unwrap()]);
    // 5 + 8 nodes, 5 positions twice: the start, 1. e4, 1. e4 e5 and
    // 1. e4 e5 2. Nf3 (the first game and the second's variation), and
    // 1. e4 e5 2. Nf3 Nc6, which the second game reaches by transposition.
    assert_holds(
        &out,
        &[
            "| games | 2 |",
            "| nodes | 13 |",
            "| distinct positions | 8 |",
            "| positions reached by more than one game or line | 5 |",
            "| bytes per node |",
            "| every node's board, random order, nanoseconds a node |",
        ],
    );
}

#[test]
fn nodes_are_printed_with_the_game_number_the_uci_moves_and_the_fen() {
    let file = scratch(
        "records-nodes.pgn",
        "[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 5 30\"]\n\n30. e4 -- 31. Kd2 *\n",
    );
    let out = succeeds(&["chess", "records", file.to_str().unwrap(), "--nodes"]);
    assert_eq!(
        out,
        "1\t\t4k3/8/8/8/8/8/4P3/4K3 w - - 5 30\n\
         1\te2e4\t4k3/8/8/8/4P3/8/8/4K3 b - - 0 30\n\
         1\te2e4 0000\t4k3/8/8/8/4P3/8/8/4K3 w - - 1 31\n\
         1\te2e4 0000 e1d2\t4k3/8/8/8/4P3/8/3K4/8 b - - 2 31\n"
    );
}

#[test]
fn the_en_passant_square_is_printed_only_where_a_pawn_may_take() {
    let file = scratch("records-ep.pgn", "1. e4 d5 2. e5 f5 3. a3 a5 *\n");
    let out = succeeds(&["chess", "records", file.to_str().unwrap(), "--nodes"]);
    let fens: Vec<&str> = out
        .lines()
        .map(|line| line.split('\t').nth(2).unwrap())
        .collect();
    assert_eq!(
        fens[1],
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1"
    );
    assert_eq!(
        fens[4],
        "rnbqkbnr/ppp1p1pp/8/3pPp2/8/8/PPPP1PPP/RNBQKBNR w KQkq f6 0 3"
    );
    assert_eq!(
        fens[6],
        "rnbqkbnr/1pp1p1pp/8/p2pPp2/8/P7/1PPP1PPP/RNBQKBNR w KQkq - 0 4"
    );
}

#[test]
fn a_position_is_found_in_every_game_and_line_that_reaches_it() {
    let file = scratch("records-position.pgn", TWO_GAMES);
    let path = file.to_str().unwrap();
    let out = succeeds(&[
        "chess",
        "records",
        path,
        "--position",
        "r1bqkbnr/pppppppp/2n5/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 2 2",
    ]);
    assert_eq!(
        out,
        format!("{path}\t2\t2\tg1f3 b8c6\nreached 1 time in 1 game\n")
    );
    let out = succeeds(&[
        "chess",
        "records",
        path,
        "--position",
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2",
    ]);
    assert_holds(
        &out,
        &[
            "\t1\t2\te2e4 e7e5\n",
            "\t2\t2\te2e4 e7e5\n",
            "reached 2 times in 2 games",
        ],
    );
}

#[test]
fn a_bad_game_stops_the_reading_naming_the_game_line_and_column() {
    let file = scratch(
        "records-bad.pgn",
        "1. e4 *\n\n1. e4 e5\n2. Ke3 *\n\n1. d4 *\n",
    );
    let message = refused(&["chess", "records", file.to_str().unwrap()]);
    assert_holds(
        &message,
        &[
            "game 2, line 4, column 4: illegal move \"Ke3\"",
            "1 good game before it",
            "--skip-bad",
        ],
    );
}

#[test]
fn skip_bad_reads_on_past_a_bad_game_and_counts_it() {
    let file = scratch(
        "records-skip.pgn",
        "1. e4 *\n\n1. e4 e5\n2. Ke3 *\n\n1. d4 *\n",
    );
    let path = file.to_str().unwrap();
    let output = games(&["chess", "records", path, "--skip-bad", "--nodes"]);
    assert!(output.status.success());
    assert_holds(
        &stderr(&output),
        &["skipped a bad game", "game 2, line 4, column 4"],
    );
    let numbers: Vec<String> = String::from_utf8(output.stdout)
        .unwrap()
        .lines()
        .map(|line| line.split('\t').next().unwrap().to_string())
        .collect();
    assert_eq!(numbers, ["1", "1", "3", "3"]);
    let summary = succeeds(&["chess", "records", path, "--skip-bad"]);
    assert_holds(
        &summary,
        &[
            "| games | 3 |",
            "| bad games skipped | 1 |",
            "| nodes | 4 |",
        ],
    );
}

#[test]
fn records_saved_load_as_the_same_nodes_tags_and_notes() {
    let file = scratch("records-save.pgn", TWO_GAMES);
    let saved = std::env::temp_dir().join(format!("games-cli-{}-records.tree", std::process::id()));
    let (pgn, tree) = (file.to_str().unwrap(), saved.to_str().unwrap());
    let output = games(&["chess", "records", pgn, "--save", tree]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert_holds(&stderr(&output), &["saved 13 nodes", "a position"]);
    let read = succeeds(&["chess", "records", pgn, "--nodes"]);
    let loaded = succeeds(&["chess", "records", "--load", tree, "--nodes"]);
    let sorted = |text: &str| {
        let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
        lines.sort();
        lines
    };
    assert_eq!(sorted(&read), sorted(&loaded));
    let exported = scratch("records-save-export.pgn", "");
    succeeds(&[
        "chess",
        "records",
        "--load",
        tree,
        "--export",
        exported.to_str().unwrap(),
    ]);
    let written = std::fs::read_to_string(&exported).unwrap();
    assert_holds(&written, &["[Event \"two\"]", "{ a comment }", "1-0"]);
}

#[test]
fn a_file_that_is_no_records_file_is_refused_by_load() {
    let file = scratch("records-not.tree", "1. e4 *\n");
    let message = refused(&["chess", "records", "--load", file.to_str().unwrap()]);
    assert_holds(&message, &["not a records file"]);
}

#[test]
fn export_writes_pgn_that_reads_back_as_the_same_nodes() {
    let file = scratch("records-export-in.pgn", TWO_GAMES);
    let exported = scratch("records-export-out.pgn", "");
    let (input, output) = (file.to_str().unwrap(), exported.to_str().unwrap());
    succeeds(&["chess", "records", input, "--export", output]);
    assert_eq!(
        succeeds(&["chess", "records", input, "--nodes"]),
        succeeds(&["chess", "records", output, "--nodes"])
    );
}
