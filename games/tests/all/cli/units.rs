//! Perft split into work units as a user runs it: `--split`, `--unit` on
//! each unit, `--merge`, and `--pending`; every refusal with exit code 2,
//! one line, and nothing written.

use std::fmt::Write as _;
use std::fs;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::cli::run::{assert_holds, games, refused, refused_for, stderr, stdout, succeeds};

/// A fresh directory path for a test's split: `name` is unique among the
/// tests of this binary, the process id among the runs. It does not exist.
fn split_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("games-units-{}-{name}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    dir
}

/// `games <game> perft <position...> --depth D --split K --units DIR
/// --unit-size N`, which must succeed; its output.
fn split(game: &str, position: &[&str], depth: u32, ply: u32, size: u32, dir: &Path) -> String {
    let (depth, ply, size) = (depth.to_string(), ply.to_string(), size.to_string());
    let mut arguments = vec![game, "perft"];
    arguments.extend_from_slice(position);
    arguments.extend_from_slice(&["--depth", &depth, "--split", &ply]);
    arguments.extend_from_slice(&["--units", path(dir), "--unit-size", &size]);
    succeeds(&arguments)
}

fn path(path: &Path) -> &str {
    path.to_str().expect("a UTF-8 temporary path")
}

/// The unit files of a split, in order.
fn unit_files(dir: &Path) -> Vec<PathBuf> {
    let mut units: Vec<PathBuf> = fs::read_dir(dir)
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|path| path.extension().is_some_and(|extension| extension == "tsv"))
        .filter(|path| !path.ends_with("manifest.tsv"))
        .collect();
    units.sort();
    units
}

/// Counts every unit of a split (`--unit`), each of which must succeed.
fn count_all(game: &str, dir: &Path, extra: &[&str]) {
    for unit in unit_files(dir) {
        let mut arguments = vec![game, "perft", "--unit", path(&unit)];
        arguments.extend_from_slice(extra);
        let text = succeeds(&arguments);
        assert!(
            text.lines().last().unwrap().starts_with("nodes: "),
            "{text}"
        );
    }
}

/// Chess perft(3) split at ply 1 into units of 10 lines, every unit
/// counted: a split whose merge a test then breaks.
fn counted_split(name: &str) -> PathBuf {
    let dir = split_dir(name);
    split("chess", &[], 3, 1, 10, &dir);
    count_all("chess", &dir, &[]);
    dir
}

/// The result of a unit file.
fn result_of(unit: &Path) -> PathBuf {
    unit.with_extension("result")
}

/// The merge's output, which must succeed and end on `nodes: {total}`.
fn merged(game: &str, dir: &Path, total: u64) -> String {
    let text = succeeds(&[game, "perft", "--merge", path(dir)]);
    assert_eq!(
        text.lines().last(),
        Some(format!("nodes: {total}").as_str()),
        "{text}"
    );
    text
}

/// The merge's one-line refusal.
fn merge_refused(game: &str, dir: &Path) -> String {
    refused(&[game, "perft", "--merge", path(dir)])
}

/// The SHA-256 of `bytes`, in hexadecimal as the files write it.
fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .fold(String::new(), |mut hex, byte| {
            let _ = write!(hex, "{byte:02x}");
            hex
        })
}

/// Replaces the SHA-256 of `unit` in its manifest by that of its bytes now,
/// as an author of a bad split would have written it.
fn reseal(unit: &Path) {
    let manifest = unit.parent().unwrap().join("manifest.tsv");
    let name = unit.file_name().unwrap().to_str().unwrap();
    let digest = sha256(&fs::read(unit).unwrap());
    let text: String = fs::read_to_string(&manifest)
        .unwrap()
        .lines()
        .map(|line| {
            let fields: Vec<&str> = line.split('\t').collect();
            if fields.len() == 4 && fields[1] == name {
                format!("unit\t{name}\t{}\t{digest}\n", fields[2])
            } else {
                format!("{line}\n")
            }
        })
        .collect();
    fs::write(manifest, text).unwrap();
}

#[test]
fn a_chess_perft_split_counted_and_merged_matches_the_published_count() {
    let dir = split_dir("chess-4");
    let text = split("chess", &[], 4, 2, 150, &dir);
    assert_holds(
        &text,
        &[
            "distinct positions from the root: 1, 20, 400",
            "leaves at ply 2, the multiplicities summed: 400 (published: MATCH)",
            "units: 3 of at most 150 lines",
        ],
    );
    assert_eq!(unit_files(&dir).len(), 3);
    count_all("chess", &dir, &[]);
    let text = merged("chess", &dir, 197_281);
    assert_holds(
        &text,
        &["published: 197,281 MATCH", "3 units, 400 distinct"],
    );
    fs::remove_dir_all(dir).unwrap();
}

/// The lines of a split's units, each its fields: the position, its
/// multiplicity and the depth left.
fn unit_lines(dir: &Path) -> Vec<Vec<String>> {
    unit_files(dir)
        .iter()
        .flat_map(|unit| {
            fs::read_to_string(unit)
                .unwrap()
                .lines()
                .map(|line| line.split('\t').map(str::to_string).collect())
                .collect::<Vec<Vec<String>>>()
        })
        .collect()
}

#[test]
fn a_split_where_lines_transpose_counts_each_position_times_its_lines() {
    // From the start at ply 3, 8,902 lines reach 5,362 positions: a merge
    // that added each position's count once, not times its lines, would
    // fall short of the published count.
    let dir = split_dir("chess-transposed");
    let text = split("chess", &[], 4, 3, 1_000, &dir);
    assert_holds(
        &text,
        &[
            "distinct positions from the root: 1, 20, 400, 5,362",
            "leaves at ply 3, the multiplicities summed: 8,902 (published: MATCH)",
            "units: 6 of at most 1,000 lines",
        ],
    );
    let lines = unit_lines(&dir);
    let multiplicities: Vec<u64> = lines.iter().map(|line| line[1].parse().unwrap()).collect();
    assert_eq!(multiplicities.len(), 5_362);
    assert_eq!(multiplicities.iter().sum::<u64>(), 8_902);
    assert!(multiplicities.iter().any(|&lines| lines > 1));
    count_all("chess", &dir, &[]);
    assert_holds(
        &merged("chess", &dir, 197_281),
        &["published: 197,281 MATCH", "6 units, 5,362 distinct"],
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn positions_that_differ_only_in_castling_rights_are_split_apart() {
    // Kings and rooks on their squares, a pawn on each wing: at ply 4 a
    // rook or king that went and came back stands where it started without
    // its right to castle, beside lines where it never moved. Their
    // subtrees differ by the castling moves, so merging them would miscount.
    let position = "r3k2r/p6p/8/8/8/8/P6P/R3K2R w KQkq - 0 1";
    let direct = succeeds(&["chess", "perft", "--position", position, "--depth", "5"]);
    let total: u64 = direct
        .lines()
        .last()
        .and_then(|line| line.strip_prefix("nodes: "))
        .expect("perft ends on its nodes")
        .parse()
        .unwrap();
    let dir = split_dir("castling-rights");
    split("chess", &["--position", position], 5, 4, 100_000, &dir);
    let lines = unit_lines(&dir);
    // Two lines whose positions differ in the castling field alone.
    let mut placements = std::collections::HashMap::new();
    let mut differ_in_rights = false;
    for line in &lines {
        let fields: Vec<&str> = line[0].split(' ').collect();
        let (placement, rights) = (
            [fields[0], fields[1], fields[3]].join(" "),
            fields[2].to_string(),
        );
        let seen = placements.entry(placement).or_insert_with(Vec::new);
        differ_in_rights |= seen.iter().any(|held: &String| *held != rights);
        seen.push(rights);
    }
    assert!(
        differ_in_rights,
        "no two lines differ in their rights alone"
    );
    count_all("chess", &dir, &[]);
    merged("chess", &dir, total);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_chess_split_gives_the_distinct_positions_of_oeis_a083276() {
    for (ply, distinct) in [(1, 20), (2, 400), (3, 5_362), (4, 72_078)] {
        let dir = split_dir(&format!("a083276-{ply}"));
        let text = split("chess", &[], 5, ply, 100_000, &dir);
        assert_eq!(
            text.lines().last(),
            Some(format!("distinct: {distinct}").as_str()),
            "ply {ply}: {text}"
        );
        fs::remove_dir_all(dir).unwrap();
    }
}

#[test]
fn shogi_and_go_splits_merge_to_their_published_counts() {
    let dir = split_dir("shogi-3");
    split("shogi", &[], 3, 1, 7, &dir);
    count_all("shogi", &dir, &["--crate", "sashite"]);
    assert_holds(&merged("shogi", &dir, 25_470), &["published: 25,470 MATCH"]);
    fs::remove_dir_all(dir).unwrap();

    let dir = split_dir("go-3");
    split("go", &[], 3, 2, 1_000, &dir);
    count_all("go", &dir, &["--threads", "2"]);
    assert_holds(&merged("go", &dir, 511_920), &["published: 511,920 MATCH"]);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn kiwipete_split_at_ply_1_is_named_by_position() {
    let dir = split_dir("kiwipete");
    split(
        "chess",
        &["--position", games::chess::KIWIPETE],
        3,
        1,
        10,
        &dir,
    );
    assert_eq!(unit_files(&dir).len(), 5);
    count_all("chess", &dir, &["--tt"]);
    assert_holds(&merged("chess", &dir, 97_862), &["published: 97,862 MATCH"]);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn go_lines_keep_their_ko_point() {
    // A 4x3 board where black captures at B2 at once: the line after it
    // has white to move and the ko point.
    let dir = split_dir("go-ko");
    split("go", &["--board", ".OX./O.OX/.OX. X"], 2, 1, 100, &dir);
    let unit = fs::read_to_string(&unit_files(&dir)[0]).unwrap();
    assert!(
        unit.lines()
            .any(|line| line.starts_with(".OX./OX.X/.OX. O C2\t")),
        "{unit}"
    );
    count_all("go", &dir, &[]);
    let direct = succeeds(&["go", "perft", "--board", ".OX./O.OX/.OX. X", "--depth", "2"]);
    let merged = succeeds(&["go", "perft", "--merge", path(&dir)]);
    assert_eq!(direct.lines().last(), merged.lines().last());
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_unit_counted_twice_writes_the_same_bytes_whatever_its_threads_and_table() {
    let dir = split_dir("same-bytes");
    split("chess", &[], 4, 2, 400, &dir);
    let unit = &unit_files(&dir)[0];
    succeeds(&["chess", "perft", "--unit", path(unit)]);
    let first = fs::read(result_of(unit)).unwrap();
    succeeds(&[
        "chess",
        "perft",
        "--unit",
        path(unit),
        "--threads",
        "2",
        "--tt",
    ]);
    assert_eq!(fs::read(result_of(unit)).unwrap(), first);
    succeeds(&["chess", "perft", "--unit", path(unit), "--crate", "fixed"]);
    assert_eq!(fs::read(result_of(unit)).unwrap(), first);
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn pending_lists_the_units_without_a_valid_result() {
    let dir = split_dir("pending");
    split("chess", &[], 3, 1, 5, &dir);
    let units = unit_files(&dir);
    assert_eq!(units.len(), 4);
    succeeds(&["chess", "perft", "--unit", path(&units[1])]);
    let listed = succeeds(&["chess", "perft", "--pending", path(&dir)]);
    assert_eq!(listed, "unit-0001.tsv\nunit-0003.tsv\nunit-0004.tsv\n");
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_merge_refuses_a_missing_result() {
    let dir = counted_split("missing");
    fs::remove_file(result_of(&unit_files(&dir)[1])).unwrap();
    let message = merge_refused("chess", &dir);
    assert_holds(
        &message,
        &["1 problem", "unit-0002.tsv has no valid result"],
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_merge_refuses_a_truncated_result() {
    let dir = counted_split("truncated");
    let result = result_of(&unit_files(&dir)[0]);
    let bytes = fs::read(&result).unwrap();
    fs::write(&result, &bytes[..bytes.len() / 2]).unwrap();
    let message = merge_refused("chess", &dir);
    assert_holds(
        &message,
        &[
            "unit-0001.result is corrupted: no trailer: the result is truncated",
            "unit-0001.tsv has no valid result",
        ],
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_merge_refuses_an_edited_result() {
    let dir = counted_split("edited");
    let result = result_of(&unit_files(&dir)[0]);
    let text = fs::read_to_string(&result).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    lines[1] = (lines[1].parse::<u64>().unwrap() + 1).to_string();
    fs::write(&result, lines.join("\n") + "\n").unwrap();
    let message = merge_refused("chess", &dir);
    assert_holds(
        &message,
        &["unit-0001.result is corrupted: its bytes are not those its trailer's checksum names"],
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_merge_refuses_two_results_of_a_unit_that_disagree() {
    let dir = counted_split("conflicting");
    let unit = &unit_files(&dir)[0];
    let result = result_of(unit);
    // A second participant's result, its first count off by one, sealed
    // again as its program would have written it.
    let text = fs::read_to_string(&result).unwrap();
    let mut lines: Vec<String> = text.lines().map(String::from).collect();
    lines[1] = (lines[1].parse::<u64>().unwrap() + 1).to_string();
    let body = lines[..lines.len() - 1].join("\n") + "\n";
    let trailer: Vec<&str> = lines[lines.len() - 1].split('\t').collect();
    let total: u128 = trailer[2].parse::<u128>().unwrap() + 1;
    let digest = sha256(body.as_bytes());
    let other = dir.join("unit-0001.participant-2.result");
    fs::write(
        &other,
        format!("{body}end\t{}\t{total}\t{digest}\n", trailer[1]),
    )
    .unwrap();
    let message = merge_refused("chess", &dir);
    assert_holds(
        &message,
        &[
            "unit-0001.tsv has results that disagree",
            "unit-0001.result",
            "participant-2.result",
        ],
    );
    // An agreeing copy counts once.
    fs::copy(&result, &other).unwrap();
    let text = merged("chess", &dir, 8_902);
    assert_holds(
        &text,
        &["1 units counted more than once, their results the same"],
    );
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn the_merge_refuses_a_result_of_a_unit_the_manifest_does_not_list() {
    let dir = counted_split("unknown");
    let other = split_dir("unknown-other");
    split("chess", &[], 4, 1, 10, &other);
    let stray = &unit_files(&other)[0];
    succeeds(&["chess", "perft", "--unit", path(stray)]);
    fs::copy(result_of(stray), dir.join("stray.result")).unwrap();
    let message = merge_refused("chess", &dir);
    assert_holds(
        &message,
        &[
            "stray.result is the result of no unit of the manifest: it counts unit-0001.tsv of chess",
        ],
    );
    fs::remove_dir_all(dir).unwrap();
    fs::remove_dir_all(other).unwrap();
}

#[test]
fn a_unit_that_does_not_match_its_manifest_is_refused_and_nothing_is_written() {
    let dir = split_dir("checksum");
    split("chess", &[], 3, 1, 10, &dir);
    let unit = &unit_files(&dir)[0];
    let text = fs::read_to_string(unit).unwrap();
    fs::write(unit, text.replacen("\t1\t2", "\t2\t2", 1)).unwrap();
    refused_for(
        &["chess", "perft", "--unit", path(unit)],
        "does not match its manifest's checksum",
    );
    assert!(!result_of(unit).exists());
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_unit_with_a_malformed_line_is_refused_naming_the_line() {
    let dir = split_dir("malformed");
    split("chess", &[], 3, 1, 10, &dir);
    let unit = &unit_files(&dir)[0];
    let cases = [
        (
            "\t1\t2\n",
            "\t1\n",
            "line 1: 2 fields where a line has three",
        ),
        ("\t1\t2\n", "\t1\t0\n", "line 1: depth left 0"),
        (
            "\t1\t2\n",
            "\t1\t3\n",
            "line 1: depth left 3, past the split",
        ),
        ("\t1\t2\n", "\tmany\t2\n", "line 1: multiplicity \"many\""),
        (
            "rnbqkbnr/",
            "rnbqkbn*/",
            "unit-0001.tsv line 1: invalid FEN: rank 8 holds '*'",
        ),
    ];
    let original = fs::read_to_string(unit).unwrap();
    for (from, to, reason) in cases {
        fs::write(unit, original.replacen(from, to, 1)).unwrap();
        reseal(unit);
        refused_for(&["chess", "perft", "--unit", path(unit)], reason);
        assert!(!result_of(unit).exists(), "{reason}");
    }
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_manifest_of_another_game_is_refused() {
    let dir = split_dir("other-game");
    split("chess", &[], 3, 1, 10, &dir);
    let unit = &unit_files(&dir)[0];
    refused_for(
        &["shogi", "perft", "--unit", path(unit)],
        "is a manifest of chess, not shogi",
    );
    refused_for(
        &["go", "perft", "--merge", path(&dir)],
        "is a manifest of chess, not go",
    );
    assert!(!result_of(unit).exists());
    fs::remove_dir_all(dir).unwrap();
}

#[test]
fn a_split_at_or_past_its_depth_or_into_a_directory_that_exists_is_refused() {
    let dir = split_dir("bad-split");
    let target = path(&dir);
    refused_for(
        &[
            "chess", "perft", "--depth", "3", "--split", "3", "--units", target,
        ],
        "--split 3 is not above --depth 3",
    );
    refused_for(
        &[
            "chess", "perft", "--depth", "0", "--split", "1", "--units", target,
        ],
        "0",
    );
    refused_for(
        &[
            "chess", "perft", "--depth", "15", "--split", "2", "--units", target,
        ],
        "split at ply 5 or deeper",
    );
    refused_for(
        &["chess", "perft", "--depth", "12"],
        "a deeper perft splits into work units",
    );
    assert!(!dir.exists());
    fs::create_dir(&dir).unwrap();
    refused_for(
        &[
            "chess", "perft", "--depth", "3", "--split", "1", "--units", target,
        ],
        "exists: a split writes a new directory",
    );
    assert_eq!(fs::read_dir(&dir).unwrap().count(), 0);
    fs::remove_dir(dir).unwrap();
}

#[test]
fn a_merge_of_a_directory_without_a_manifest_names_the_file() {
    let dir = split_dir("no-manifest");
    fs::create_dir(&dir).unwrap();
    let output = games(&["chess", "perft", "--merge", path(&dir)]);
    assert_eq!(output.status.code(), Some(2), "{}", stdout(&output));
    assert!(
        stderr(&output).contains("manifest.tsv"),
        "{}",
        stderr(&output)
    );
    fs::remove_dir(dir).unwrap();
}
