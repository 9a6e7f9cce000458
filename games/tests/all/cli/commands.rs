//! The program as a user runs it: the self-check of the three games, each
//! game's commands, the exit codes (1 on a mismatch, 2 on bad input) and a
//! one-line error for bad input. Shogi's own commands are in `shogi.rs`.

use games::chess::KIWIPETE;

use crate::cli::run::{
    assert_holds, games, perft, refused, refused_for, scratch, stderr, stdout, succeeds,
};

#[test]
fn the_self_check_matches_every_published_count_of_the_three_games() {
    let output = games(&[]);
    let text = stdout(&output);
    assert!(output.status.success(), "{text}{}", stderr(&output));
    assert_holds(
        &text,
        &[
            "Shogi: perft against the published counts",
            "Chess: perft against the published counts",
            "Go: perft against the published counts",
            "Go: random playouts",
        ],
    );
    assert_holds(
        &text,
        &[
            "| start | 5 | 19,861,490 | 19,861,490 | 19,861,490 | 19,861,490 | 19,861,490 | MATCH |",
            "| Kiwipete | 3 | 97,862 | 97,862 | 97,862 | 97,862 | 97,862 | MATCH |",
            "| position 3 | 4 | 43,238 | 43,238 | 43,238 | 43,238 | 43,238 | MATCH |",
            "| 9x9 | 3 | 511,920 | 511,920 | 511,920 | 511,920 | 511,920 | MATCH |",
        ],
    );
    // A short search of each game, every crate (4) and every store (5:
    // positions, every:2, every:4, every:8, moves) building the same tree.
    for game in [
        "| shogi | start | 2,000 |",
        "| chess | start | 2,000 |",
        "| go | 9x9 | 2,000 |",
    ] {
        let row = text.lines().find(|line| line.starts_with(game));
        assert!(
            row.is_some_and(|row| row.ends_with("| 20 runs | MATCH |")),
            "{game}: {text}"
        );
    }
    assert!(!text.contains("MISMATCH"), "{text}");
    assert_eq!(text.lines().last(), Some("verdict: all 30 counts MATCH"));
}

#[test]
fn a_count_that_matches_the_expected_one_exits_with_0() {
    perft(
        &["chess", "perft", "--depth", "2", "--expect", "400"],
        &["expected: 400 MATCH"],
        400,
    );
}

#[test]
fn a_count_that_differs_from_the_expected_one_exits_with_1() {
    let output = games(&["go", "perft", "--depth", "2", "--expect", "6481"]);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    assert!(stdout(&output).contains("expected: 6,481 MISMATCH"));
    assert_eq!(
        stderr(&output).trim_end(),
        "games: MISMATCH: go perft: 6480 nodes"
    );
}

#[test]
fn chess_perft_runs_every_crate_alike() {
    perft(
        &[
            "chess", "perft", "--fen", KIWIPETE, "--depth", "2", "--crate", "all", "--rounds", "3",
        ],
        &[
            "persistent-qi: 2,039 nodes",
            "persistent-qi-local: 2,039 nodes",
            "sashite-qi: 2,039 nodes",
            "fixed array: 2,039 nodes",
            "nodes per second, persistent-qi / sashite-qi",
            "nodes per second, persistent-qi / fixed array",
        ],
        2039,
    );
}

#[test]
fn chess_perft_reads_feen_with_the_fen_fields_after_it() {
    let feen = "r3k^2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K^2R / C/c KQkq -";
    perft(
        &["chess", "perft", "--fen", feen, "--depth", "2"],
        &[],
        2039,
    );
}

#[test]
fn chess_divide_lists_root_moves_in_uci() {
    let output = games(&["chess", "perft", "--depth", "2", "--divide"]);
    let text = stdout(&output);
    assert_holds(&text, &["e2e4: 20", "g1f3: 20"]);
}

#[test]
fn a_chess_tree_keeps_every_position_of_each_crate() {
    let text = succeeds(&["chess", "tree", "--depth", "2", "--crate", "all"]);
    assert!(
        text.contains("| positions | 421 | 421 | 421 | 421 | 1.000 | 1.000 | 1.000 | 1.000 |"),
        "{text}"
    );
}

#[test]
fn go_playouts_play_the_same_games_with_every_crate() {
    let text = succeeds(&[
        "go",
        "playouts",
        "--board",
        "9x9",
        "--playouts",
        "5",
        "--crate",
        "all",
        "--rounds",
        "2",
    ]);
    assert!(text.contains("seconds (median of 2)"), "{text}");
    assert_holds(
        &text,
        &[
            "| persistent-qi |",
            "| persistent-qi-local |",
            "| sashite-qi |",
            "| fixed array |",
        ],
    );
    assert!(text.contains("| speed ratio to fixed array |"), "{text}");
}

#[test]
fn a_go_tree_keeps_the_positions_asked_for() {
    let text = succeeds(&[
        "go",
        "tree",
        "--board",
        "9x9",
        "--positions",
        "3000",
        "--crate",
        "all",
    ]);
    assert_holds(
        &text,
        &[
            "| positions | 3,000 | 3,000 | 3,000 | 3,000 |",
            "bytes kept per position",
        ],
    );
}

#[test]
fn help_lists_the_three_games() {
    let text = succeeds(&["--help"]);
    for game in ["shogi", "chess", "go"] {
        assert!(text.contains(game), "{text}");
    }
}

#[test]
fn bad_positions_get_the_games_reason() {
    refused_for(
        &[
            "chess",
            "perft",
            "--fen",
            "8/8/8/8/8/8/8/8 w - -",
            "--depth",
            "1",
        ],
        "not a chess position",
    );
    refused_for(&["go", "perft", "--board", "20x20", "--depth", "1"], "20");
    refused(&["go", "playouts", "--board", "9x9x9"]);
    refused(&["go", "tree", "--board", ".X/X. Z"]);
}

#[test]
fn bad_arguments_are_refused() {
    refused(&["chess", "perft"]);
    refused(&["go", "playouts", "--playouts", "0"]);
    refused(&["go", "tree", "--positions", "0"]);
    refused(&["checkers", "perft", "--depth", "1"]);
    refused(&["chess", "playouts"]);
}

#[test]
fn each_game_writes_its_own_sections() {
    let file = scratch(
        "sections.md",
        "<!-- chess-perft-kiwipete-1:begin -->\n<!-- chess-perft-kiwipete-1:end -->\n\
         <!-- go-playouts-9x9:begin -->\n<!-- go-playouts-9x9:end -->\n",
    );
    let path = file.to_str().unwrap();
    succeeds(&[
        "chess", "perft", "--fen", KIWIPETE, "--depth", "1", "--write", path,
    ]);
    succeeds(&[
        "go",
        "playouts",
        "--board",
        "9x9",
        "--playouts",
        "2",
        "--write",
        path,
    ]);
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::remove_file(&file).unwrap();
    assert_holds(
        &text,
        &["Chess perft of `r3k2r/", "2 random playouts on `9x9`"],
    );
    refused_for(
        &[
            "go", "perft", "--board", "5x5", "--depth", "1", "--write", path,
        ],
        "published go positions",
    );
}

#[test]
fn the_program_saves_and_loads_a_tree() {
    let directory = std::env::temp_dir().join(format!("games-tree-save-{}", std::process::id()));
    std::fs::create_dir_all(&directory).unwrap();
    let file = directory.join("shogi2.tree");
    let file_arg = file.to_str().unwrap();
    let save = succeeds(&["shogi", "tree", "--depth", "2", "--save", file_arg]);
    assert!(save.contains("| the file |"));
    let table = succeeds(&["shogi", "tree", "--load", file_arg]);
    assert_holds(
        &table,
        &[
            "| positions (levels 1, 30, 900) | 931 |",
            "| memory ratio, loaded to built |",
        ],
    );

    // Chess cannot load shogi's tree; a cut file is refused on one line.
    let chess = games(&["chess", "tree", "--load", file_arg]);
    assert_eq!(chess.status.code(), Some(2));
    let message = stderr(&chess);
    assert!(
        message.ends_with("a tree file of shogi, not of chess\n"),
        "{message}"
    );
    let bytes = std::fs::read(&file).unwrap();
    std::fs::write(&file, &bytes[..bytes.len() / 2]).unwrap();
    let cut = games(&["shogi", "tree", "--load", file_arg]);
    assert_eq!(cut.status.code(), Some(2));
    let message = stderr(&cut);
    assert_eq!(message.lines().count(), 1, "{message}");
    assert!(message.contains("truncated"), "{message}");
    std::fs::remove_dir_all(&directory).unwrap();
}
