//! The links of the text the package ships (the README, the changelog,
//! `docs/performance.md`): the project has no public repository yet, so a
//! file of the repository is linked by its path relative to the linking
//! file, never by an address on a host; the crate's API documentation is
//! linked on docs.rs.
//!
//! The package ships this test. Run there (see `.ci/run`), a relative link
//! may name a file the package leaves out, but only one its manifest
//! leaves out on purpose: under an `exclude` entry or a workspace member
//! of the repository's manifest (`Cargo.toml.orig` in the package).

use std::path::{Path, PathBuf};

use toml::{Table, Value};

/// The files whose links are checked, from the crate's root.
const LINKING: [&str; 7] = [
    "README.md",
    "CHANGELOG.md",
    "docs/performance.md",
    "docs/performance-games.md",
    "docs/performance-records.md",
    "docs/performance-search.md",
    "docs/performance-units.md",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// Every link target of `markdown`: inline links `[text](target)` and
/// reference definitions `[label]: target`, in order; code blocks and
/// code spans are not read.
fn link_targets(markdown: &str) -> Vec<String> {
    let mut targets = Vec::new();
    let mut in_code = false;
    for line in markdown.lines() {
        if line.starts_with("```") {
            in_code = !in_code;
            continue;
        }
        if in_code {
            continue;
        }
        if line.starts_with('[')
            && let Some((_, target)) = line.split_once("]: ")
        {
            targets.push(target.trim().to_string());
            continue;
        }
        // Outside code spans only: `a](b)` inside backticks is no link.
        let prose: String = line.split('`').step_by(2).collect::<Vec<_>>().join(" ");
        let mut rest = prose.as_str();
        while let Some(at) = rest.find("](") {
            let after = &rest[at + 2..];
            let Some(end) = after.find(')') else { break };
            targets.push(after[..end].to_string());
            rest = &after[end..];
        }
    }
    targets
}

/// The paths (from the crate's root, without a trailing `/`) the package
/// leaves out on purpose, if this tree is the package: its manifest's
/// `exclude` entries and the repository's workspace members, read from
/// the manifest cargo kept as `Cargo.toml.orig`. `None` in the repository.
fn left_out_by_the_package() -> Option<Vec<String>> {
    let original = root().join("Cargo.toml.orig");
    if !original.exists() {
        return None;
    }
    let manifest: Table = read(&original).parse().expect("Cargo.toml.orig parses");
    let list = |table: &str, key: &str| -> Vec<String> {
        manifest
            .get(table)
            .and_then(|table| table.get(key))
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
            .filter_map(Value::as_str)
            .map(|entry| entry.trim_end_matches('/').to_string())
            .collect()
    };
    let mut left_out = list("package", "exclude");
    left_out.extend(list("workspace", "members"));
    Some(left_out)
}

/// Why `target`, a link of the file `from` (a path from the crate's
/// root), breaks the rules, if it does.
fn broken(from: &str, target: &str, left_out: Option<&[String]>) -> Option<String> {
    if target.contains("github.com") {
        return Some(format!(
            "{from} links {target}: the project has no repository on a host yet, link the file \
             by its relative path"
        ));
    }
    if target.starts_with("https://") || target.starts_with("http://") || target.starts_with('#') {
        return None;
    }
    let path = target.split('#').next().unwrap_or_default();
    let base = Path::new(from).parent().unwrap_or(Path::new(""));
    let joined = normalized(&base.join(path));
    if root().join(&joined).exists() {
        return None;
    }
    let joined = joined.to_string_lossy().replace('\\', "/");
    let excluded = left_out.is_some_and(|left_out| {
        left_out
            .iter()
            .any(|entry| joined == *entry || joined.starts_with(&format!("{entry}/")))
    });
    (!excluded).then(|| format!("{from} links {target}, which is not in this tree"))
}

/// `path` with its `..` and `.` components resolved, as a browser does.
fn normalized(path: &Path) -> PathBuf {
    let mut parts = Vec::new();
    for component in path.components() {
        match component {
            std::path::Component::ParentDir => {
                parts.pop();
            }
            std::path::Component::CurDir => {}
            other => parts.push(other.as_os_str().to_owned()),
        }
    }
    parts.iter().collect()
}

#[test]
fn every_link_points_into_the_tree_by_a_relative_path_or_to_another_site() {
    let left_out = left_out_by_the_package();
    let mut checked = 0;
    for from in LINKING {
        let text = read(&root().join(from));
        for target in link_targets(&text) {
            checked += 1;
            if let Some(reason) = broken(from, &target, left_out.as_deref()) {
                panic!("{reason}");
            }
        }
    }
    assert!(checked > 20, "{checked} links read");
}

#[test]
fn the_readme_links_the_repository_only_folders_relatively() {
    let targets = link_targets(&read(&root().join("README.md")));
    for folder in ["harness/", "tests/", "fuzz/", "games/README.md"] {
        assert!(
            targets.iter().any(|target| target == folder),
            "{folder}: {targets:?}"
        );
    }
}

#[test]
fn a_link_to_the_old_host_or_to_a_missing_file_is_caught() {
    assert!(
        broken(
            "README.md",
            "https://github.com/sashite/persistent-qi/tree/main/fuzz",
            None
        )
        .is_some()
    );
    assert!(broken("README.md", "no/such/file.md", None).is_some());
    // The games' README is in the repository, and left out of the
    // package on purpose (a workspace member): fine in both.
    assert!(
        broken(
            "docs/performance.md",
            "../games/README.md#the-tree-file",
            left_out_by_the_package().as_deref()
        )
        .is_none()
    );
    assert!(broken("README.md", "https://docs.rs/persistent-qi", None).is_none());
    let left_out = ["harness".to_string(), "games".to_string()];
    assert!(broken("README.md", "harness/none-such", Some(&left_out)).is_none());
    assert!(broken("README.md", "elsewhere/none-such", Some(&left_out)).is_some());
}
