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

/// Runs every committed input of `target`, reporting each input that fails
/// (and what it means, through `describe`) rather than stopping at the first.
fn replay(target: &str, harness: fn(&[u8]), describe: fn(&[u8]) -> String) -> usize {
    let inputs = committed_inputs(target);
    let mut failures = Vec::new();
    for path in &inputs {
        let data = fs::read(path).expect("a readable fuzz input");
        if catch_unwind(AssertUnwindSafe(|| harness(&data))).is_err() {
            failures.push(format!("{}:\n{}", path.display(), describe(&data)));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} committed `{target}` inputs fail:\n\n{}",
        failures.len(),
        inputs.len(),
        failures.join("\n\n")
    );
    inputs.len()
}

#[test]
fn the_committed_diff_sequence_corpus_replays_cleanly() {
    let replayed = replay(
        "diff_sequence",
        harness::diff_sequence,
        harness::diff_sequence_reproduction,
    );
    assert!(
        replayed > 100,
        "only {replayed} diff_sequence inputs committed"
    );
}

#[test]
fn the_committed_qpi_parse_corpus_replays_cleanly() {
    let replayed = replay("qpi_parse", harness::qpi_parse, |data| format!("{data:?}"));
    assert!(replayed > 10, "only {replayed} qpi_parse inputs committed");
}

#[test]
fn the_committed_serde_json_corpus_replays_cleanly() {
    let replayed = replay(
        "serde_json",
        |data| _ = harness::serde_json(data),
        harness::serde_json_document,
    );
    assert!(replayed > 10, "only {replayed} serde_json inputs committed");
}

#[test]
fn the_committed_feen_parse_corpus_replays_cleanly() {
    let replayed = replay("feen_parse", harness::feen_parse, |data| {
        String::from_utf8_lossy(data).into_owned()
    });
    assert!(
        replayed > 100,
        "only {replayed} feen_parse inputs committed"
    );
}

#[test]
fn diff_sequence_holds_on_pseudo_random_inputs() {
    let mut random = Rng(0x5eed_0001);
    for _ in 0..3000 {
        let data = random.bytes(256);
        assert!(
            catch_unwind(|| harness::diff_sequence(&data)).is_ok(),
            "diff_sequence fails on {data:?}:\n{}",
            harness::diff_sequence_reproduction(&data)
        );
    }
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
