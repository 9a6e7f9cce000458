//! The CI script runs what the README promises: the README's test command,
//! exactly, and the publishing check. Not in the package, which has no CI
//! script (see `exclude` in Cargo.toml).

use std::path::PathBuf;

fn read(path: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// The commands of a script, one a line, without comments or `echo`s.
fn commands(script: &str) -> Vec<String> {
    script
        .lines()
        .map(str::trim)
        .filter(|line| !line.starts_with('#') && !line.starts_with("echo "))
        .map(str::to_string)
        .collect()
}

#[test]
fn ci_runs_the_readmes_test_command_as_written() {
    // The README's second command (`tests/readme.rs` checks it is).
    let test_command = "cargo test --workspace --all-features";
    let ci = commands(&read(".ci/run"));
    assert!(
        ci.iter()
            .any(|line| line == test_command || line.starts_with(&format!("{test_command} 2>&1"))),
        "{ci:#?}"
    );
}

#[test]
fn ci_checks_that_the_crate_would_publish() {
    let ci = commands(&read(".ci/run"));
    assert!(
        ci.iter()
            .any(|line| line.starts_with("cargo publish --dry-run")),
        "{ci:#?}"
    );
}
