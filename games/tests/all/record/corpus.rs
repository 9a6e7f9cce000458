//! The committed corpora of the record fuzz targets (`csa_read`,
//! `kif_read`, `sgf_read`), replayed through the checks the targets run,
//! as libFuzzer passes each input (the file's raw bytes).

use std::fs;
use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

/// Runs `check` on every committed input of `target` (its corpus and its
/// regressions), reporting every input that panics; returns the inputs
/// and the games they read in all.
pub(crate) fn replay(target: &str, check: fn(&[u8]) -> usize) -> (usize, usize) {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut inputs = Vec::new();
    for dir in ["corpus", "regressions"] {
        let dir = fuzz.join(dir).join(target);
        for entry in fs::read_dir(&dir).unwrap_or_else(|error| panic!("{}: {error}", dir.display()))
        {
            let path = entry.unwrap().path();
            let hidden = path
                .file_name()
                .is_some_and(|name| name.to_string_lossy().starts_with('.'));
            if path.is_file() && !hidden {
                inputs.push(path);
            }
        }
    }
    inputs.sort();
    let mut failures = Vec::new();
    let mut games = 0;
    for path in &inputs {
        let data = fs::read(path).unwrap();
        match catch_unwind(AssertUnwindSafe(|| check(&data))) {
            Ok(read) => games += read,
            Err(_) => failures.push(path.display().to_string()),
        }
    }
    assert!(
        failures.is_empty(),
        "`{target}` fails on:\n{}",
        failures.join("\n")
    );
    (inputs.len(), games)
}
