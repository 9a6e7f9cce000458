//! The README as a user meets it, and the one source of what it shares with
//! the crate docs.
//!
//! The sections both say (quick start, complexity, feature flags, limits,
//! thread safety) are written once, in `docs/crate/NAME.md`: `src/lib.rs`
//! includes each file, and the README holds a copy between
//! `<!-- shared:NAME:begin -->` and `<!-- shared:NAME:end -->`. These tests
//! fail when a copy differs from its file.
//!
//! After editing a file of `docs/crate/`:
//!
//! 1. `UPDATE_SHARED_DOCS=1 cargo test --test api repository::readme` rewrites the README's
//!    copies, and fails with "rewrote README.md: run again to check";
//! 2. `cargo test --test api repository::readme` (or the whole suite) then checks them.
//!
//! Only the value `1` rewrites, and a run that rewrote the README never
//! passes: the variable left set (in a CI environment, say) can fix a copy
//! but cannot turn a stale one into a green run. A run with the variable
//! set and nothing to rewrite checks, as any run does.
//!
//! The package ships this test: run there (see `.ci/run`), the link check
//! fails on any relative link to a file the package leaves out.

use std::path::PathBuf;

/// The sections the README shares with the crate docs, by file name.
const SHARED: [&str; 5] = [
    "quick-start",
    "complexity",
    "features",
    "limits",
    "thread-safety",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &str) -> String {
    let path = root().join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

fn readme() -> String {
    read("README.md")
}

fn fragment(name: &str) -> String {
    read(&format!("docs/crate/{name}.md"))
}

/// The byte range of section `name`'s content in `text`: from the line
/// after its begin marker to its end marker.
fn section_range(text: &str, name: &str) -> Result<std::ops::Range<usize>, String> {
    let begin = format!("<!-- shared:{name}:begin -->\n");
    let end = format!("<!-- shared:{name}:end -->");
    let once = |marker: &str| match text.match_indices(marker).collect::<Vec<_>>()[..] {
        [(at, _)] => Ok(at),
        ref found => Err(format!(
            "the README has {} `{}` lines, not one",
            found.len(),
            marker.trim_end()
        )),
    };
    let start = once(&begin)? + begin.len();
    let stop = once(&end)?;
    if stop < start {
        return Err(format!("`{end}` comes before its begin marker"));
    }
    Ok(start..stop)
}

/// How the README's copy of section `name` differs from `source`, if it
/// does: the first line that differs, both ways.
fn drift(readme: &str, name: &str, source: &str) -> Option<String> {
    let copy = match section_range(readme, name) {
        Ok(range) => &readme[range],
        Err(message) => return Some(message),
    };
    if copy == source {
        return None;
    }
    let line = copy
        .lines()
        .zip(source.lines())
        .position(|(copied, written)| copied != written)
        .unwrap_or_else(|| copy.lines().count().min(source.lines().count()));
    Some(format!(
        "the README's section `{name}` differs from docs/crate/{name}.md at line {}:\n  \
         README:           {:?}\n  docs/crate/{name}.md: {:?}",
        line + 1,
        copy.lines().nth(line).unwrap_or("(end)"),
        source.lines().nth(line).unwrap_or("(end)"),
    ))
}

/// The README with every shared section replaced by its source.
fn updated(mut readme: String) -> String {
    for name in SHARED {
        let range = section_range(&readme, name).unwrap_or_else(|message| panic!("{message}"));
        readme.replace_range(range, &fragment(name));
    }
    readme
}

/// Whether this run is asked to rewrite the README: `UPDATE_SHARED_DOCS=1`,
/// that value only.
fn update_requested() -> bool {
    std::env::var_os("UPDATE_SHARED_DOCS").is_some_and(|value| value == "1")
}

/// The verdict on `readme`'s shared sections: `Ok` when every copy is its
/// source's. Otherwise an error: with `update`, after handing `write` the
/// README with every copy replaced, the one saying so (a run that rewrote
/// never passes); without, the differences.
fn copy_verdict(readme: &str, update: bool, write: impl FnOnce(String)) -> Result<(), String> {
    let drifts: Vec<String> = SHARED
        .iter()
        .filter_map(|name| drift(readme, name, &fragment(name)))
        .collect();
    if drifts.is_empty() {
        return Ok(());
    }
    if update {
        write(updated(readme.to_owned()));
        return Err("rewrote README.md: run again to check".to_owned());
    }
    Err(format!(
        "{}\n(edit docs/crate/, then run `UPDATE_SHARED_DOCS=1 cargo test --test api repository::readme`)",
        drifts.join("\n")
    ))
}

#[test]
fn the_readme_holds_every_shared_section_as_docs_crate_writes_it() {
    let written = |text: String| {
        std::fs::write(root().join("README.md"), text).expect("the README is writable");
    };
    if let Err(message) = copy_verdict(&readme(), update_requested(), written) {
        panic!("{message}");
    }
}

/// The README with a line added to its copy of the quick start, as if
/// someone had edited the copy rather than `docs/crate/quick-start.md`.
fn with_an_edited_copy(readme: &str) -> String {
    let range = section_range(readme, "quick-start").unwrap();
    let mut edited = readme.to_owned();
    edited.replace_range(range.start..range.start, "An added line.\n");
    edited
}

#[test]
fn an_update_run_that_rewrites_the_readme_fails_saying_so() {
    let readme = readme();
    let edited = with_an_edited_copy(&readme);
    let mut rewritten = None;
    let outcome = copy_verdict(&edited, true, |text| rewritten = Some(text));
    assert_eq!(
        outcome,
        Err("rewrote README.md: run again to check".to_owned())
    );
    assert_eq!(rewritten, Some(updated(edited)), "the copies are rewritten");
}

#[test]
fn a_run_without_the_update_rewrites_nothing_and_fails_on_a_stale_copy() {
    let edited = with_an_edited_copy(&readme());
    let mut rewritten = None;
    let message = copy_verdict(&edited, false, |text| rewritten = Some(text)).unwrap_err();
    assert!(message.contains("An added line."), "{message}");
    assert_eq!(rewritten, None);
}

#[test]
fn an_update_run_with_nothing_to_rewrite_checks_and_writes_nothing() {
    // The README as docs/crate/ makes it, whatever the file on disk holds.
    let current = updated(readme());
    let mut rewritten = None;
    assert_eq!(
        copy_verdict(&current, true, |text| rewritten = Some(text)),
        Ok(())
    );
    assert_eq!(rewritten, None);
}

#[test]
fn a_shared_section_changed_in_the_readme_alone_is_caught() {
    let readme = readme();
    let edited = with_an_edited_copy(&readme);
    let message =
        drift(&edited, "quick-start", &fragment("quick-start")).expect("the edit is caught");
    assert!(message.contains("at line 1"), "{message}");
    assert!(message.contains("An added line."), "{message}");
    // And a section whose markers are lost is caught too.
    let unmarked = readme.replace("<!-- shared:limits:end -->", "");
    assert!(drift(&unmarked, "limits", &fragment("limits")).is_some());
}

#[test]
fn the_crate_docs_include_every_shared_section_and_nothing_else_of_docs_crate() {
    let lib = read("src/lib.rs");
    for name in SHARED {
        let include = format!("#![doc = include_str!(\"../docs/crate/{name}.md\")]");
        assert_eq!(lib.matches(&include).count(), 1, "{include}");
    }
    let mut files: Vec<String> = std::fs::read_dir(root().join("docs/crate"))
        .expect("docs/crate is there")
        .map(|entry| entry.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    files.sort();
    let mut shared: Vec<String> = SHARED.iter().map(|name| format!("{name}.md")).collect();
    shared.sort();
    assert_eq!(
        files, shared,
        "every file of docs/crate is a shared section"
    );
}

#[test]
fn every_short_link_of_the_readme_has_its_target_defined() {
    // Rustdoc resolves `[`Qi::edit`]` in the crate docs by itself; a
    // README needs a definition, or the brackets show.
    let readme = readme();
    let mut in_code = false;
    for line in readme.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
        }
        if in_code || line.starts_with("[`") && line.contains("`]: ") {
            continue;
        }
        let mut rest = line;
        while let Some(at) = rest.find("[`") {
            let after = &rest[at + 1..];
            let Some(end) = after.find("`]") else { break };
            let label = &after[..=end];
            let next = after[end + 2..].chars().next();
            if !matches!(next, Some('(' | '[')) {
                assert!(
                    readme.contains(&format!("\n[{label}]: ")),
                    "[{label}] has no definition in the README"
                );
            }
            rest = &after[end + 2..];
        }
    }
}

#[test]
fn the_dependency_line_names_this_version_and_real_features() {
    let readme = readme();
    let line = readme
        .lines()
        .find(|line| line.starts_with("persistent-qi = { version = "))
        .expect("a dependency line");
    let version = env!("CARGO_PKG_VERSION");
    let major_minor: String = version.split('.').take(2).collect::<Vec<_>>().join(".");
    assert!(
        line.contains(&format!("version = \"{major_minor}\"")),
        "{line} (this is {version})"
    );
    let manifest: toml::Table = read("Cargo.toml").parse().expect("Cargo.toml parses");
    let features = manifest["features"].as_table().expect("a features table");
    let listed = line
        .split_once("features = [")
        .and_then(|(_, rest)| rest.split_once(']'))
        .map(|(list, _)| list)
        .expect("the line lists features");
    for feature in listed.split(',') {
        let feature = feature.trim().trim_matches('"');
        assert!(features.contains_key(feature), "no feature {feature}");
    }
}

#[test]
fn the_first_two_commands_are_the_main_job_then_the_whole_test_suite() {
    let readme = readme();
    let block = readme
        .split("```sh\n")
        .nth(1)
        .and_then(|rest| rest.split("```").next())
        .expect("a shell block");
    let commands: Vec<&str> = block
        .lines()
        .map(|line| line.split('#').next().unwrap_or_default().trim())
        .collect();
    assert_eq!(
        commands[..2],
        [
            "cargo run --release -p games",
            "cargo test --workspace --all-features"
        ]
    );
    assert!(
        readme.find("```sh") < readme.find("```rust"),
        "the commands come before any example"
    );
}

/// The README's length at most: a page or two of what a user reads first,
/// the library's and the two uses the project shows on real work (perft
/// past one machine, game records kept as trees); details live in
/// games/README.md and the API docs.
const README_LINES: usize = 340;

#[test]
fn the_readme_stays_short() {
    let lines = readme().lines().count();
    assert!(lines < README_LINES, "{lines} lines");
}
