//! Replays every committed fuzz input through the harness the fuzz targets
//! call, exactly as libFuzzer passes it (the file's raw bytes), then runs the
//! harness on a few thousand pseudo-random inputs from a fixed seed.
//!
//! So `cargo test --workspace --all-features` exercises the fuzz harness on
//! stable, on every CI run, with every input the fuzzers kept and every
//! crash they ever found (`fuzz/regressions/`). The corpus lives beside the
//! harness in the repository, not in the published package, so this test
//! is left out of the package (see `exclude` in `Cargo.toml`).

use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use harness::support::Rng;

// The floors: about 85% of what the committed corpora reach today (8,784 of
// 8,817 `diff_sequence` inputs decode to a scenario; 6 of 64 `qpi_parse`
// inputs are tokens; 1,463 of 4,411 `serde_json` documents are accepted;
// 405 of 594 `feen_parse` inputs are FEEN; 2,296 of 3,310 `diff_decode`
// inputs are accepted diffs), so a re-merged corpus passes
// and a decoding that no longer reaches the checks does not.

/// Committed `diff_sequence` inputs that must decode to a scenario.
const DIFF_SEQUENCE_FLOOR: usize = 7_450;
/// Committed `qpi_parse` inputs that must be tokens.
const QPI_PARSE_FLOOR: usize = 5;
/// Committed `serde_json` inputs that must be accepted documents.
const SERDE_JSON_FLOOR: usize = 1_240;
/// Committed `feen_parse` inputs that must be FEEN strings.
const FEEN_PARSE_FLOOR: usize = 340;
/// Committed `diff_decode` inputs that must be accepted diffs.
const DIFF_DECODE_FLOOR: usize = 1_950;

/// The committed inputs of a target: its corpus and its regressions, in a
/// stable order.
fn committed_inputs(target: &str) -> Vec<PathBuf> {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz");
    let mut inputs = Vec::new();
    for dir in ["corpus", "regressions"] {
        let Ok(entries) = fs::read_dir(fuzz.join(dir).join(target)) else {
            continue;
        };
        for entry in entries {
            let path = entry.expect("a readable directory entry").path();
            if path.is_file() {
                inputs.push(path);
            }
        }
    }
    inputs.sort();
    inputs
}

/// How many committed inputs a target replayed, and how many of them got
/// through to its deepest checks (a scenario run, a token or a FEEN string
/// read, a document accepted).
struct Replayed {
    inputs: usize,
    reached: usize,
}

/// Runs every committed input of `target`, reporting each input that fails
/// (and what it means, through `describe`) rather than stopping at the first;
/// `harness` returns whether the input reached the target's deepest checks.
fn replay(target: &str, harness: fn(&[u8]) -> bool, describe: fn(&[u8]) -> String) -> Replayed {
    let inputs = committed_inputs(target);
    let mut failures = Vec::new();
    let mut reached = 0;
    for path in &inputs {
        let data = fs::read(path).expect("a readable fuzz input");
        match catch_unwind(AssertUnwindSafe(|| harness(&data))) {
            Ok(deep) => reached += usize::from(deep),
            Err(_) => failures.push(format!("{}:\n{}", path.display(), describe(&data))),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} committed `{target}` inputs fail:\n\n{}",
        failures.len(),
        inputs.len(),
        failures.join("\n\n")
    );
    Replayed {
        inputs: inputs.len(),
        reached,
    }
}

/// Fails unless at least `floor` of a target's committed inputs reached its
/// deepest checks: a corpus that no longer decodes (after a change to the
/// decoding, say) would otherwise replay "cleanly" while checking nothing.
fn assert_reached(target: &str, replayed: &Replayed, floor: usize) {
    assert!(
        replayed.reached >= floor,
        "only {} of {} committed `{target}` inputs reach its checks (at least {floor} expected)",
        replayed.reached,
        replayed.inputs
    );
}

#[test]
fn the_committed_diff_sequence_corpus_replays_cleanly() {
    let replayed = replay(
        "diff_sequence",
        harness::diff_sequence,
        harness::diff_sequence_reproduction,
    );
    // The scenarios the corpus decodes to, not the files it holds.
    assert_reached("diff_sequence", &replayed, DIFF_SEQUENCE_FLOOR);
}

#[test]
fn the_committed_qpi_parse_corpus_replays_cleanly() {
    let replayed = replay("qpi_parse", harness::qpi_parse, |data| format!("{data:?}"));
    assert_reached("qpi_parse", &replayed, QPI_PARSE_FLOOR);
}

#[test]
fn the_committed_serde_json_corpus_replays_cleanly() {
    let replayed = replay(
        "serde_json",
        harness::serde_json,
        harness::serde_json_document,
    );
    assert_reached("serde_json", &replayed, SERDE_JSON_FLOOR);
}

#[test]
fn the_committed_feen_parse_corpus_replays_cleanly() {
    let replayed = replay("feen_parse", harness::feen_parse, |data| {
        String::from_utf8_lossy(data).into_owned()
    });
    assert_reached("feen_parse", &replayed, FEEN_PARSE_FLOOR);
}

#[test]
fn the_committed_diff_decode_corpus_replays_cleanly() {
    let replayed = replay("diff_decode", harness::diff_decode, |data| {
        format!("{data:?}")
    });
    assert_reached("diff_decode", &replayed, DIFF_DECODE_FLOOR);
}

#[test]
fn diff_sequence_holds_on_pseudo_random_inputs() {
    let mut random = Rng(0x5eed_0001);
    let mut scenarios = 0;
    for _ in 0..3000 {
        let data = random.bytes(256);
        let ran = catch_unwind(|| harness::diff_sequence(&data)).unwrap_or_else(|_| {
            panic!(
                "diff_sequence fails on {data:?}:\n{}",
                harness::diff_sequence_reproduction(&data)
            )
        });
        scenarios += usize::from(ran);
    }
    // Random bytes are scenarios nearly always (2,970 of these 3,000): the
    // decoding reads exhausted data as zeros, a valid choice.
    assert!(
        scenarios > 2500,
        "only {scenarios} of 3000 inputs are scenarios"
    );
}

#[test]
fn qpi_parse_holds_on_pseudo_random_inputs() {
    let mut random = Rng(0x5eed_0002);
    let alphabet = b"Cc:+-^Kk\n\xff";
    for _ in 0..5000 {
        // Raw bytes rarely parse; bytes from a token's alphabet often do.
        let mut data = random.bytes(7);
        if random.next_u64().is_multiple_of(2) {
            for byte in &mut data {
                *byte = alphabet[usize::from(*byte) % alphabet.len()];
            }
        }
        harness::qpi_parse(&data);
    }
}

#[test]
fn serde_json_holds_on_pseudo_random_inputs_and_mostly_decodes() {
    let mut random = Rng(0x5eed_0003);
    let mut decoded = 0;
    for _ in 0..2000 {
        let data = random.bytes(256);
        let accepted = catch_unwind(|| harness::serde_json(&data)).unwrap_or_else(|_| {
            panic!(
                "serde_json fails on {data:?}:\n{}",
                harness::serde_json_document(&data)
            )
        });
        decoded += usize::from(accepted);
    }
    // Seven inputs in eight are structure-aware, and two in three of those
    // are unmutated serialized positions, which must decode: most inputs
    // reach the checks of an accepted document.
    assert!(decoded > 1000, "only {decoded} of 2000 documents decode");
}

#[test]
fn diff_decode_holds_on_pseudo_random_inputs_and_often_accepts() {
    let mut random = Rng(0x5eed_0004);
    let mut accepted = 0;
    for _ in 0..2000 {
        let data = random.bytes(96);
        let decoded = catch_unwind(|| harness::diff_decode(&data))
            .unwrap_or_else(|_| panic!("diff_decode fails on {data:?}"));
        accepted += usize::from(decoded);
    }
    // Three inputs in four are structure-aware, real diffs with at most
    // three byte mutations: many of those still decode, so the checks of an
    // accepted diff (apply, revert, the model) run on a good share.
    assert!(accepted > 300, "only {accepted} of 2000 diffs decode");
}

#[test]
fn the_first_byte_picks_the_piece_type_and_the_pointer_kind() {
    // Its value modulo 3 picks the piece type, as it did before the kind was
    // a choice; the next digit in base 3, odd or even, the kind. The
    // program's line that declares the kept versions names both.
    let kept = |first: u8| {
        harness::diff_sequence_reproduction(&[first])
            .lines()
            .find(|line| line.starts_with("let mut retained"))
            .map(str::to_owned)
            .unwrap_or_default()
    };
    for (first, position) in [
        (0, "Qi<u8, u8>"),
        (3, "LocalQi<u8, u8>"),
        (1, "Qi<Qpi, Sin>"),
        (4, "LocalQi<Qpi, Sin>"),
        (5, "LocalQi<String, String>"),
        (8, "Qi<String, String>"),
    ] {
        assert_eq!(
            kept(first),
            format!("let mut retained: Vec<{position}> = Vec::new();")
        );
    }
    // Both kinds come up about equally over the byte's values.
    let local = (0..=u8::MAX)
        .filter(|&first| kept(first).contains("LocalQi"))
        .count();
    assert!(
        (120..=136).contains(&local),
        "{local} of 256 first bytes pick LocalQi"
    );
}
