//! The CI script runs what the README promises: the README's test command,
//! exactly, and the publishing check. Not in the package, which has no CI
//! script (see `exclude` in Cargo.toml).

use std::path::PathBuf;

fn read(path: &str) -> String {
    let path = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/..")).join(path);
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
    // The README's second command (`tests/repository/readme.rs` checks it is).
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

/// The number a script assigns to `name` (`name=735`), if it does once.
fn assigned(commands: &[String], name: &str) -> Option<usize> {
    let prefix = format!("{name}=");
    match commands
        .iter()
        .filter_map(|line| line.strip_prefix(&prefix))
        .collect::<Vec<_>>()[..]
    {
        [value] => value.parse().ok(),
        _ => None,
    }
}

#[test]
fn ci_fails_when_the_packaged_crate_runs_fewer_tests_than_its_floor() {
    // The packaged tests could all be left out (an `exclude` that took
    // `tests/`) and still pass: the script counts what ran and compares.
    let ci = commands(&read(".ci/run"));
    let floor = assigned(&ci, "packaged_tests_floor");
    assert!(
        floor.is_some_and(|floor| floor >= 500),
        "no `packaged_tests_floor=N` line with N at least 500: {floor:?}"
    );
    let counts = ci
        .iter()
        .position(|line| line.starts_with("packaged_passed=") && line.contains("test result:"));
    let compares = ci
        .iter()
        .position(|line| line.contains(r#"[ "$packaged_passed" -lt "$packaged_tests_floor" ]"#));
    let tested = ci
        .iter()
        .position(|line| line.starts_with("cargo test --all-features 2>&1 | tee"));
    assert!(
        tested < counts && counts < compares && tested.is_some(),
        "the packaged test run, then its count, then the comparison with the floor: {ci:#?}"
    );
    let exits = ci[compares.unwrap_or_default()..]
        .iter()
        .take_while(|line| *line != "fi")
        .any(|line| line == "exit 1");
    assert!(
        exits,
        "a count below the floor exits with an error: {ci:#?}"
    );
}
