//! The arrows `ARCHITECTURE.md` draws, read against every member's
//! manifest: each member has its section, its `[dependencies]` name
//! exactly the members its `Uses` line lists, and neither they nor its
//! `[dev-dependencies]` name a member its `Never` line forbids (but for
//! the ones `Tests also use` allows).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/.."))
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|error| panic!("{}: {error}", path.display()))
}

/// A member's section of the document: what it uses, what it never does,
/// and what its tests may use besides.
#[derive(Debug, Default)]
struct Section {
    uses: BTreeSet<String>,
    never: BTreeSet<String>,
    tests_also: BTreeSet<String>,
}

/// The packages a list line names (`` `a`, `b` ``), none for `none`.
fn names(list: &str) -> BTreeSet<String> {
    list.split(',')
        .map(|name| name.trim().trim_matches('`').to_string())
        .filter(|name| name != "none" && !name.is_empty())
        .collect()
}

/// Every section of the document titled `### ` and a package name in
/// backticks, by package name; a section that titles several applies to each.
fn sections(document: &str) -> BTreeMap<String, Section> {
    let mut sections = BTreeMap::new();
    let mut current: Vec<String> = Vec::new();
    for line in document.lines() {
        if let Some(title) = line.strip_prefix("### ") {
            current = names(title).into_iter().collect();
            for name in &current {
                assert!(
                    sections.insert(name.clone(), Section::default()).is_none(),
                    "`{name}` has two sections"
                );
            }
        } else if line.starts_with("## ") {
            current.clear();
        } else {
            for name in &current {
                let section = sections.get_mut(name).expect("a section opened");
                if let Some(list) = line.strip_prefix("- Uses:") {
                    section.uses = names(list);
                } else if let Some(list) = line.strip_prefix("- Never:") {
                    section.never = names(list);
                } else if let Some(list) = line.strip_prefix("- Tests also use:") {
                    section.tests_also = names(list);
                }
            }
        }
    }
    sections
}

/// A manifest's package name and the workspace members (path
/// dependencies, by package name) of one of its dependency tables.
fn path_dependencies(manifest: &toml::Table, table: &str) -> BTreeSet<String> {
    let Some(dependencies) = manifest.get(table).and_then(toml::Value::as_table) else {
        return BTreeSet::new();
    };
    dependencies
        .iter()
        .filter_map(|(key, value)| {
            let value = value.as_table()?;
            value.get("path")?;
            let package = value.get("package").and_then(toml::Value::as_str);
            Some(package.unwrap_or(key).to_string())
        })
        .collect()
}

/// Every workspace member's manifest, the root's first, by package name.
fn manifests() -> BTreeMap<String, toml::Table> {
    let root_manifest: toml::Table = read(&root().join("Cargo.toml")).parse().unwrap();
    let members = root_manifest["workspace"]["members"]
        .as_array()
        .expect("the workspace lists its members")
        .iter()
        .map(|member| member.as_str().unwrap().to_string());
    let mut manifests = BTreeMap::new();
    for folder in std::iter::once(".".to_string()).chain(members) {
        let manifest: toml::Table = read(&root().join(folder).join("Cargo.toml"))
            .parse()
            .unwrap();
        let name = manifest["package"]["name"].as_str().unwrap().to_string();
        manifests.insert(name, manifest);
    }
    manifests
}

#[test]
fn every_member_depends_only_on_what_the_architecture_lets_it() {
    let sections = sections(&read(&root().join("ARCHITECTURE.md")));
    let manifests = manifests();
    let members: BTreeSet<&String> = manifests.keys().collect();
    let documented: BTreeSet<&String> = sections.keys().collect();
    assert_eq!(
        documented, members,
        "ARCHITECTURE.md has a section a member"
    );
    let mut wrong = Vec::new();
    for (name, manifest) in &manifests {
        let section = &sections[name];
        for listed in section.uses.iter().chain(&section.never) {
            assert!(
                members.contains(listed),
                "`{name}`'s section names `{listed}`, no member"
            );
        }
        let uses = path_dependencies(manifest, "dependencies");
        if uses != section.uses {
            wrong.push(format!(
                "`{name}` uses {uses:?}, the document says {:?}",
                section.uses
            ));
        }
        for forbidden in uses.intersection(&section.never) {
            wrong.push(format!(
                "`{name}` depends on `{forbidden}`, which it never may"
            ));
        }
        let tests = path_dependencies(manifest, "dev-dependencies");
        for forbidden in tests.intersection(&section.never) {
            if !section.tests_also.contains(forbidden) {
                wrong.push(format!(
                    "`{name}`'s tests depend on `{forbidden}`, which it never may"
                ));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn no_member_depends_on_the_program() {
    for (name, manifest) in manifests() {
        for table in ["dependencies", "dev-dependencies"] {
            assert!(
                !path_dependencies(&manifest, table).contains("games"),
                "`{name}` depends on the program `games`"
            );
        }
    }
}

#[test]
fn the_document_is_read_as_it_is_meant() {
    // A planted section: a forbidden arrow is seen, and a title of several
    // packages gives each the same lists.
    let document = "## Layer\n\n### `a`, `b`\n\nText.\n\n- Uses: `c`\n- Never: `d`, `e`\n- Tests also use: `e`\n\n### `c`\n\n- Uses: none\n- Never: none\n";
    let sections = sections(document);
    assert_eq!(sections.len(), 3);
    for name in ["a", "b"] {
        let section = &sections[name];
        assert_eq!(section.uses, names("`c`"));
        assert_eq!(section.never, names("`d`, `e`"));
        assert_eq!(section.tests_also, names("`e`"));
    }
    assert!(sections["c"].uses.is_empty() && sections["c"].never.is_empty());
}
