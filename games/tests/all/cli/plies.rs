//! `games plies`: the cost of a child ply by ply on random lines, every
//! runner beside the fixed array, and perft depth by depth; its sections
//! and its picture.

use crate::cli::run::{assert_holds, refused, refused_for, scratch, succeeds};

/// A short run: two lines of 8 plies of chess and Go 9x9, perft of chess
/// to depth 3 and shogi to depth 2.
const SHORT: [&str; 15] = [
    "plies",
    "--games",
    "chess,go-9x9",
    "--plies",
    "8",
    "--lines",
    "2",
    "--rounds",
    "2",
    "--chess-depth",
    "3",
    "--shogi-depth",
    "2",
    "--threads",
    "2",
];

#[test]
fn every_runner_makes_every_child_of_each_ply() {
    let text = succeeds(&SHORT);
    assert_holds(
        &text,
        &[
            "Chess, 2 lines of 8 plies:",
            "Go 9x9, 2 lines of 8 plies:",
            "| ply | children | ns per child, persistent-qi | ns per child, persistent-qi-local \
             | ns per child, sashite-qi | ns per child, fixed array \
             | persistent-qi / fixed array | persistent-qi-local / fixed array \
             | allocations per child, persistent-qi |",
            // The start's moves on both lines: chess's 20, Go's 81 points.
            "| 1 | 40 |",
            "| 1 | 162 |",
            "| persistent-qi, `play_into` |",
            "| persistent-qi-local, `play` |",
            "| worst / best |",
        ],
    );
    // sashite-qi's positions are a `Vec` and a map: every child allocates.
    let chess_first = text
        .lines()
        .find(|line| line.starts_with("| 1 | 40 |"))
        .unwrap();
    assert!(chess_first.ends_with("| 1.000 | 0.000 |"), "{chess_first}");
    // Shogi's lines were not asked for.
    assert!(!text.contains("Shogi, 2 lines"), "{text}");
}

#[test]
fn perft_by_depth_counts_the_published_leaves_with_every_runner() {
    let text = succeeds(&SHORT);
    assert_holds(
        &text,
        &[
            "Chess perft from the start, depth by depth:",
            "| depth | nodes | nodes per second, persistent-qi |",
            "| nodes per second, persistent-qi, 2 threads |",
            "| persistent-qi, 2 threads / fixed array |",
            "| 3 | 8,902 |",
            "| depth 3 against depth 2, speed |",
            "Shogi perft from the start, depth by depth:",
            "| 2 | 900 |",
        ],
    );
}

#[test]
fn each_game_writes_its_own_sections_and_the_picture() {
    let file = scratch(
        "plies.md",
        "<!-- chess-plies-start-8:begin -->\n<!-- chess-plies-start-8:end -->\n\
         <!-- go-plies-9x9-8:begin -->\n<!-- go-plies-9x9-8:end -->\n\
         <!-- chess-perft-by-depth-start-3:begin -->\n<!-- chess-perft-by-depth-start-3:end -->\n\
         <!-- shogi-perft-by-depth-start-2:begin -->\n<!-- shogi-perft-by-depth-start-2:end -->\n",
    );
    let picture = std::env::temp_dir().join(format!("games-cli-{}-plies.svg", std::process::id()));
    let mut arguments = SHORT.to_vec();
    arguments.extend(["--write", file.to_str().unwrap()]);
    arguments.extend(["--plot", picture.to_str().unwrap()]);
    let text = succeeds(&arguments);
    assert!(text.contains("drawn: "), "{text}");
    let written = std::fs::read_to_string(&file).unwrap();
    let drawn = std::fs::read_to_string(&picture).unwrap();
    std::fs::remove_file(&file).unwrap();
    std::fs::remove_file(&picture).unwrap();
    assert_holds(
        &written,
        &[
            "Chess from `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`: 2 random \
             legal lines of 8 plies (seed 1",
            "Go 9x9 from `9x9`: 2 random legal lines of 8 plies",
            "| 1 | 162 |",
            "Chess perft of `rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1` at every \
             depth from 1 to 3",
            "| 2 | 900 |",
        ],
    );
    assert!(drawn.starts_with("<svg"), "{drawn}");
    assert_holds(
        &drawn,
        &[
            "chess: speed ratio to the fixed array, by ply",
            "Go 9x9: speed ratio",
        ],
    );
}

#[test]
fn a_file_without_the_sections_is_refused_before_anything_runs() {
    let file = scratch("plies-none.md", "no sections here\n");
    let message = refused(&[
        "plies",
        "--games",
        "chess",
        "--plies",
        "8",
        "--write",
        file.to_str().unwrap(),
    ]);
    std::fs::remove_file(&file).unwrap();
    assert!(message.contains("chess-plies-start-8"), "{message}");
}

#[test]
fn bad_arguments_of_plies_are_refused() {
    refused(&["plies", "--plies", "0"]);
    refused(&["plies", "--lines", "0"]);
    refused_for(&["plies", "--games", "checkers"], "checkers");
    refused(&["plies", "--chess-depth", "11"]);
}
