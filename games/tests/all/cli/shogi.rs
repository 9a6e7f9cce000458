//! `games shogi`, run as a user would: its output, its exit codes, and a
//! one-line error for every kind of bad input.

use std::process::Output;

use games::shogi::MATSURI;

use crate::cli::run::{self, assert_holds, games, scratch, stderr, stdout};

/// Runs `games shogi` with `arguments`.
fn shogi(arguments: &[&str]) -> Output {
    games(&[&["shogi"], arguments].concat())
}

/// Runs a `games shogi` command that must succeed (see [`run::succeeds`]).
fn shogi_succeeds(arguments: &[&str]) -> String {
    run::succeeds(&[&["shogi"], arguments].concat())
}

/// Runs a `games shogi` perft command (see [`run::perft`]).
fn perft(arguments: &[&str], parts: &[&str], nodes: u64) {
    run::perft(&[&["shogi"], arguments].concat(), parts, nodes);
}

/// Runs a `games shogi` command that must fail on its input (see
/// [`run::refused`]).
fn refused(arguments: &[&str]) -> String {
    run::refused(&[&["shogi"], arguments].concat())
}

/// Runs a `games shogi` command that must fail on its input with a
/// message holding `reason` (see [`run::refused_for`]).
fn refused_for(arguments: &[&str], reason: &str) {
    run::refused_for(&[&["shogi"], arguments].concat(), reason);
}

#[test]
fn perft_ends_with_the_node_count() {
    perft(&["perft", "--depth", "2"], &[], 900);
}

#[test]
fn perft_divide_lists_each_root_move_with_its_count() {
    let output = shogi(&["perft", "--feen", MATSURI, "--depth", "2", "--divide"]);
    let text = stdout(&output);
    let divide: Vec<(&str, u64)> = text
        .lines()
        .filter_map(|line| line.split_once(": "))
        .filter_map(|(usi, count)| Some((usi, count.parse().ok()?)))
        .filter(|(usi, _)| !usi.contains(' ') && *usi != "nodes")
        .collect();
    assert_eq!(divide.len(), 207, "{text}");
    assert_eq!(divide.iter().map(|(_, count)| count).sum::<u64>(), 28_684);
    assert!(
        divide.iter().any(|(usi, _)| usi.contains('*')),
        "drops are listed"
    );
    assert_eq!(text.lines().last(), Some("nodes: 28684"));
}

#[test]
fn both_crates_agree_with_table_and_threads() {
    perft(
        &[
            "perft",
            "--depth",
            "3",
            "--crate",
            "both",
            "--tt",
            "--threads",
            "2",
        ],
        &[
            "persistent-qi: 25,470 nodes",
            "sashite-qi: 25,470 nodes",
            "nodes per second, persistent-qi / sashite-qi",
        ],
        25470,
    );
}

#[test]
fn tree_prints_both_crates_side_by_side() {
    let text = shogi_succeeds(&["tree", "--depth", "2"]);
    assert!(text.contains("| positions | 931 | 931 | 1.000 |"), "{text}");
    assert_holds(
        &text,
        &[
            "distinct positions",
            "positions per second",
            "bytes kept per position",
            "peak bytes",
        ],
    );
}

#[test]
fn tree_prints_every_runner_side_by_side() {
    let text = shogi_succeeds(&["tree", "--depth", "2", "--crate", "all"]);
    assert_holds(
        &text,
        &[
            "| positions | 931 | 931 | 931 | 931 | 1.000 | 1.000 | 1.000 | 1.000 |",
            "persistent-qi-local / fixed array",
        ],
    );
}

#[test]
fn perft_runs_the_local_kind_beside_the_others() {
    perft(
        &["perft", "--depth", "3", "--crate", "all"],
        &[
            "persistent-qi-local: 25,470 nodes",
            "nodes per second, persistent-qi-local / sashite-qi",
        ],
        25470,
    );
}

#[test]
fn local_positions_refuse_threads() {
    let output = shogi(&[
        "perft",
        "--depth",
        "2",
        "--crate",
        "local",
        "--threads",
        "2",
    ]);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("one thread"),
        "{}",
        stderr(&output)
    );
}

#[test]
#[cfg(target_os = "linux")]
fn a_tree_too_large_for_the_machine_is_refused_at_once_with_its_estimate() {
    // Depth 6 used to run for seconds and abort on an allocation; depth 10
    // would hold about 10^15 positions. Both are estimated before a ply is
    // built and refused against the memory the machine has available.
    for depth in ["6", "10"] {
        let started = std::time::Instant::now();
        let message = refused(&["tree", "--depth", depth]);
        assert!(
            message.starts_with(&format!(
                "games: the tree to depth {depth} would take about "
            )),
            "{message}"
        );
        assert!(message.trim_end().ends_with("available"), "{message}");
        assert!(
            started.elapsed() < std::time::Duration::from_secs(5),
            "refused after {:?}",
            started.elapsed()
        );
    }
}

#[test]
fn a_tree_over_the_memory_given_is_refused_by_every_crate() {
    // 27,931 positions estimated before ply 1, about 3 MB: over 1 MiB.
    for crates in ["persistent", "local", "sashite", "fixed", "all"] {
        let message = refused(&[
            "tree",
            "--depth",
            "3",
            "--max-memory",
            "1",
            "--crate",
            crates,
        ]);
        assert!(
            message.starts_with("games: the tree to depth 3 would take about "),
            "{crates}: {message}"
        );
        assert!(
            message.contains(" MB (about 27,931 positions at "),
            "{crates}: {message}"
        );
        assert!(
            message
                .trim_end()
                .ends_with("more than the 1.0 MB available"),
            "{crates}: {message}"
        );
    }
    // With room, the same tree is built.
    shogi_succeeds(&["tree", "--depth", "2", "--max-memory", "64"]);
}

#[test]
fn help_lists_the_commands() {
    let text = shogi_succeeds(&["--help"]);
    assert!(text.contains("perft") && text.contains("tree"), "{text}");
}

#[test]
fn an_invalid_feen_gets_the_feen_readers_message() {
    let message = refused(&["perft", "--feen", "lnsgk^gsnl S/s", "--depth", "1"]);
    assert_eq!(
        message.trim_end(),
        "games: invalid FEEN: FEEN string must have exactly three space-separated fields"
    );
}

#[test]
fn a_feen_that_is_no_shogi_position_is_refused() {
    let message = refused(&[
        "perft",
        "--feen",
        "k^7/8/8/8/8/8/8/7K^ / S/s",
        "--depth",
        "1",
    ]);
    assert_eq!(
        message.trim_end(),
        "games: not a shogi position: the board is 8x8, not 9x9"
    );
    refused_for(
        &[
            "tree",
            "--feen",
            "lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL / S/s",
            "--depth",
            "1",
        ],
        "terminal mark",
    );
    refused_for(
        &[
            "perft",
            "--feen",
            "P3k^4/9/9/9/9/9/9/9/4K^4 / S/s",
            "--depth",
            "1",
        ],
        "could never move",
    );
}

#[test]
fn depths_outside_one_to_ten_are_refused() {
    for depth in ["0", "11", "-1", "two"] {
        refused(&["perft", "--depth", depth]);
        refused(&["tree", "--depth", depth]);
    }
}

#[test]
fn unknown_flags_and_missing_values_are_refused() {
    refused(&["perft", "--depth", "1", "--fast"]);
    refused(&["perft"]);
    refused(&["perft", "--depth", "1", "--crate", "chess"]);
    refused(&["perft", "--depth", "1", "--threads", "0"]);
    refused(&["tree", "--depth", "1", "--max-memory", "0"]);
    refused(&["tree", "--depth", "1", "--max-memory", "lots"]);
    refused(&["ponder"]);
    refused(&["search", "--store", "boards"]);
    refused(&["search", "--iterations", "many"]);
    refused(&["selfplay", "--crate", "local", "--threads", "2"]);
}

#[test]
fn write_replaces_the_runs_own_section_and_keeps_the_rest() {
    let file = scratch(
        "shogi-write.md",
        "# Kept\n\n<!-- shogi-perft-start-2:begin -->\nold\n<!-- shogi-perft-start-2:end -->\n\nKept too.\n",
    );
    shogi_succeeds(&[
        "perft",
        "--depth",
        "2",
        "--crate",
        "all",
        "--write",
        file.to_str().unwrap(),
    ]);
    let text = std::fs::read_to_string(&file).unwrap();
    std::fs::remove_file(&file).unwrap();
    assert!(text.starts_with("# Kept\n\n<!-- shogi-perft-start-2:begin -->\nMeasured on "));
    assert!(
        text.ends_with("<!-- shogi-perft-start-2:end -->\n\nKept too.\n"),
        "{text}"
    );
    assert!(!text.contains("old"), "{text}");
    assert_holds(
        &text,
        &[
            "-- shogi perft --depth 2 --crate all --write ",
            "| persistent-qi-local | 900 |",
        ],
    );
}

#[test]
fn write_is_refused_before_measuring_without_the_section_or_a_published_position() {
    let file = scratch("shogi-refused.md", "# No sections\n");
    let path = file.to_str().unwrap();
    let message = refused(&["tree", "--depth", "2", "--write", path]);
    assert!(
        message.contains("<!-- shogi-tree-start-2:begin -->"),
        "{message}"
    );
    refused_for(
        &[
            "perft", "--feen", MATSURI, "--depth", "1", "--tt", "--write", path,
        ],
        "shogi-perft-matsuri-1-tt",
    );
    refused_for(
        &[
            "perft",
            "--feen",
            "4k^4/9/9/9/9/9/9/9/4K^4 / S/s",
            "--depth",
            "1",
            "--write",
            path,
        ],
        "published shogi positions",
    );
    std::fs::remove_file(&file).unwrap();
}

#[test]
fn a_depth_range_builds_every_depth_with_every_crate_and_draws_them() {
    let picture = std::env::temp_dir().join(format!("shogi-cli-{}.svg", std::process::id()));
    let text = shogi_succeeds(&[
        "tree",
        "--depth-range",
        "1..=2",
        "--crate",
        "all",
        "--plot",
        picture.to_str().unwrap(),
    ]);
    assert_holds(
        &text,
        &[
            "| 1 | 31 |",
            "| 2 | 931 |",
            "peak bytes, persistent-qi-local",
        ],
    );
    let svg = std::fs::read_to_string(&picture).unwrap();
    std::fs::remove_file(&picture).unwrap();
    assert!(svg.starts_with("<svg"), "{svg}");
    for label in [
        "persistent-qi Qi",
        "persistent-qi LocalQi",
        "sashite-qi",
        "fixed array",
        "positions kept",
    ] {
        assert!(svg.contains(label), "{label}");
    }
}

#[test]
fn a_depth_range_is_refused_when_empty_or_beside_a_depth() {
    refused(&["tree", "--depth-range", "3..=1"]);
    refused(&["tree", "--depth-range", "1..=2", "--depth", "2"]);
    refused(&["tree", "--plot", "x.svg", "--depth", "2"]);
}
