//! What docs.rs and crates.io read from Cargo.toml, checked here because
//! neither runs before publishing, and no nightly toolchain (which
//! `--cfg docsrs` needs) runs in CI.
//!
//! The package ships this test, so it also reads the manifest cargo writes
//! into the package, where the workspace's lints are written out in full.

use std::path::PathBuf;

use toml::{Table, Value};

fn read(path: &str) -> String {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(path);
    std::fs::read_to_string(&path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

fn manifest() -> Table {
    read("Cargo.toml").parse().expect("Cargo.toml parses")
}

fn get<'a>(table: &'a Table, path: &[&str]) -> Option<&'a Value> {
    let (last, parents) = path.split_last()?;
    let mut table = table;
    for key in parents {
        table = table.get(*key)?.as_table()?;
    }
    table.get(*last)
}

/// The strings of the list `value`, named `key` in a failure.
fn strings<'a>(value: &'a Value, key: &str) -> Vec<&'a str> {
    value
        .as_array()
        .unwrap_or_else(|| panic!("{key} is a list"))
        .iter()
        .filter_map(Value::as_str)
        .collect()
}

#[test]
fn docs_rs_documents_every_feature_with_the_docsrs_cfg() {
    let manifest = manifest();
    let docs_rs = get(&manifest, &["package", "metadata", "docs", "rs"])
        .and_then(Value::as_table)
        .expect("a [package.metadata.docs.rs] table");
    assert_eq!(docs_rs.get("all-features"), Some(&Value::Boolean(true)));
    let rustdoc_args: Vec<&str> = strings(&docs_rs["rustdoc-args"], "rustdoc-args");
    assert_eq!(rustdoc_args, ["--cfg", "docsrs"]);
}

#[test]
fn the_docsrs_cfg_is_declared_so_stable_builds_do_not_warn() {
    let manifest = manifest();
    // In the repository the lints are the workspace's; in the package,
    // cargo writes them into the package's own table.
    let lint = get(&manifest, &["lints", "rust", "unexpected_cfgs"])
        .or_else(|| {
            get(
                &manifest,
                &["workspace", "lints", "rust", "unexpected_cfgs"],
            )
        })
        .expect("an unexpected_cfgs lint");
    let declared: Vec<&str> = strings(&lint["check-cfg"], "check-cfg");
    assert!(declared.contains(&"cfg(docsrs)"), "{declared:?}");
}

#[test]
fn every_feature_gated_public_module_shown_carries_its_docs_rs_badge() {
    let lib = read("src/lib.rs");
    assert!(lib.contains("#![cfg_attr(docsrs, feature(doc_cfg))]"));
    let lines: Vec<&str> = lib.lines().collect();
    let mut gated = 0;
    for (at, line) in lines.iter().enumerate() {
        let Some(feature) = line
            .strip_prefix("#[cfg(feature = \"")
            .and_then(|rest| rest.strip_suffix("\")]"))
        else {
            continue;
        };
        let attributes: Vec<&&str> = lines[at + 1..]
            .iter()
            .take_while(|line| line.starts_with("#["))
            .collect();
        let item = lines[at + 1 + attributes.len()];
        // A hidden module (an integration that only adds impls) shows no
        // page to carry a badge.
        let hidden = attributes.iter().any(|line| **line == "#[doc(hidden)]");
        if item.starts_with("pub ") && !hidden {
            gated += 1;
            let badge = format!("#[cfg_attr(docsrs, doc(cfg(feature = \"{feature}\")))]");
            assert_eq!(lines.get(at + 1), Some(&badge.as_str()), "{item}");
        }
    }
    assert_eq!(gated, 2, "feen and proptest");
}

#[test]
fn the_package_names_no_repository_until_it_has_one_and_its_checked_rust_version() {
    let manifest = manifest();
    // The project has no public repository yet: crates.io shows none
    // rather than someone else's.
    assert_eq!(get(&manifest, &["package", "repository"]), None);
    assert_eq!(
        get(&manifest, &["package", "documentation"]).and_then(Value::as_str),
        Some("https://docs.rs/persistent-qi")
    );
    assert_eq!(
        get(&manifest, &["package", "readme"]).and_then(Value::as_str),
        Some("README.md")
    );
    // The library's true minimum (let-chains came in 1.88), which
    // `.ci/run` checks with that toolchain.
    assert_eq!(
        get(&manifest, &["package", "rust-version"]).and_then(Value::as_str),
        Some("1.88")
    );
    let ci =
        std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(".ci/run"));
    if let Ok(ci) = ci {
        assert!(
            ci.contains("rust-version"),
            ".ci/run checks the minimum Rust version"
        );
    }
}
