//! The program run as a user runs it: its output as text, and the checks
//! every refusal passes.

use std::path::PathBuf;
use std::process::{Command, Output};

/// Runs the `games` program with `arguments`.
pub(crate) fn games(arguments: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_games"))
        .args(arguments)
        .output()
        .expect("the program runs")
}

/// What the run wrote to its standard output.
pub(crate) fn stdout(output: &Output) -> String {
    String::from_utf8(output.stdout.clone()).expect("UTF-8 output")
}

/// What the run wrote to its standard error.
pub(crate) fn stderr(output: &Output) -> String {
    String::from_utf8(output.stderr.clone()).expect("UTF-8 output")
}

/// Runs a command that must fail on its input: exit code 2 and one line,
/// starting with `games: `, which is returned.
pub(crate) fn refused(arguments: &[&str]) -> String {
    let output = games(arguments);
    assert_eq!(
        output.status.code(),
        Some(2),
        "{arguments:?}: {}",
        stderr(&output)
    );
    let message = stderr(&output);
    assert_eq!(message.lines().count(), 1, "{arguments:?}: {message}");
    assert!(message.starts_with("games: "), "{message}");
    message
}

/// A scratch file for `--write`, holding `text`: `name` is unique among the
/// tests of this binary, the process id among the runs.
pub(crate) fn scratch(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("games-cli-{}-{name}", std::process::id()));
    std::fs::write(&path, text).unwrap();
    path
}

/// Runs a command that must succeed (exit code 0, else its standard error
/// is shown) and returns what it wrote to its standard output.
pub(crate) fn succeeds(arguments: &[&str]) -> String {
    let output = games(arguments);
    assert!(output.status.success(), "{}", stderr(&output));
    stdout(&output)
}

/// Asserts that `text` holds every one of `parts`, naming the part missing.
pub(crate) fn assert_holds(text: &str, parts: &[&str]) {
    for part in parts {
        assert!(text.contains(part), "{part}: {text}");
    }
}

/// Runs a perft command that must succeed, print every one of `parts` and
/// end on its node count, `nodes: {nodes}`.
pub(crate) fn perft(arguments: &[&str], parts: &[&str], nodes: u64) {
    let text = succeeds(arguments);
    assert_holds(&text, parts);
    assert_eq!(
        text.lines().last(),
        Some(format!("nodes: {nodes}").as_str()),
        "{arguments:?}"
    );
}

/// Runs a command that must fail on its input (see [`refused`]) with a
/// message holding `reason`.
pub(crate) fn refused_for(arguments: &[&str], reason: &str) {
    let message = refused(arguments);
    assert!(message.contains(reason), "{message}");
}
