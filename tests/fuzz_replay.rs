//! Replays every committed fuzz input through the harness the fuzz targets
//! call, exactly as libFuzzer passes it (the file's raw bytes), then runs the
//! harness on a few thousand pseudo-random inputs from a fixed seed.
//!
//! So `cargo test --all-features` exercises the fuzz harness on stable, on
//! every CI run, with every input the fuzzers kept and every crash they ever
//! found (`fuzz/regressions/`).
#![cfg(feature = "arbitrary")]

use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::{Path, PathBuf};

use persistent_qi::fuzzing;

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
        fuzzing::diff_sequence,
        fuzzing::diff_sequence_reproduction,
    );
    assert!(
        replayed > 100,
        "only {replayed} diff_sequence inputs committed"
    );
}

#[test]
fn the_committed_qpi_parse_corpus_replays_cleanly() {
    let replayed = replay("qpi_parse", fuzzing::qpi_parse, |data| format!("{data:?}"));
    assert!(replayed > 10, "only {replayed} qpi_parse inputs committed");
}

#[test]
#[cfg(feature = "serde")]
fn the_committed_serde_json_corpus_replays_cleanly() {
    let replayed = replay("serde_json", fuzzing::serde_json, |data| {
        String::from_utf8_lossy(data).into_owned()
    });
    assert!(replayed > 10, "only {replayed} serde_json inputs committed");
}

/// `SplitMix64`: a fixed-seed generator, so the "random" run is the same on
/// every machine and a failure reproduces.
struct SplitMix64(u64);

impl SplitMix64 {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// Up to `max_len` bytes, lengths spread evenly.
    fn bytes(&mut self, max_len: u64) -> Vec<u8> {
        let len = self.next() % (max_len + 1);
        (0..len).map(|_| self.next().to_le_bytes()[0]).collect()
    }
}

#[test]
fn diff_sequence_holds_on_pseudo_random_inputs() {
    let mut random = SplitMix64(0x5eed_0001);
    for _ in 0..3000 {
        let data = random.bytes(256);
        assert!(
            catch_unwind(|| fuzzing::diff_sequence(&data)).is_ok(),
            "diff_sequence fails on {data:?}:\n{}",
            fuzzing::diff_sequence_reproduction(&data)
        );
    }
}

#[test]
fn qpi_parse_holds_on_pseudo_random_inputs() {
    let mut random = SplitMix64(0x5eed_0002);
    let alphabet = b"Cc:+-^Kk\n\xff";
    for _ in 0..5000 {
        // Raw bytes rarely parse; bytes from a token's alphabet often do.
        let mut data = random.bytes(7);
        if random.next().is_multiple_of(2) {
            for byte in &mut data {
                *byte = alphabet[usize::from(*byte) % alphabet.len()];
            }
        }
        fuzzing::qpi_parse(&data);
    }
}
