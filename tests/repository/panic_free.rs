//! No input reaches an `expect`, an `unwrap`, a panic or an assertion in
//! the library: every such call left in `src/` (outside its tests and doc
//! comments) is listed here with the invariant that keeps it from firing,
//! and a new one fails this test until it is removed or listed with its
//! reason. `debug_assert!` and its kin are not flagged: they state an
//! invariant for the test builds and compile to nothing in a release.
//!
//! What this scan cannot see, and what catches it instead:
//!
//! - Indexing and slicing (`squares[index]`, `&blocks[..length]`) panic on
//!   an index out of bounds, and the library does both on nearly every
//!   path, with indices it has bounded itself (a square checked against
//!   the square count, a block's offset below its length). Whether a bound
//!   holds depends on the code around it, not on the text of one line, so
//!   a pattern here would either flag hundreds of safe lines or pass them
//!   all: it would be an allowlist no one reads. The model-based tests
//!   (`harness/tests/properties/model.rs`) and the `diff_sequence` fuzz target (replayed by
//!   `harness/tests/repository/fuzz_replay.rs`) run every operation with indices at, just past
//!   and far past every bound and compare each result with a plain model,
//!   so an index that escapes its bound panics there.
//! - Arithmetic overflow panics in debug builds only; the same tests run
//!   the counts to their limits (`usize::MAX` shapes, `i32::MIN` deltas).
//! - Calls of the standard library or of a dependency that panic on a
//!   broken precondition (`split_at`, `Vec::remove`, a `RefCell` borrowed
//!   twice) are seen by the same tests, not by this scan.

use std::fs;
use std::path::{Path, PathBuf};

/// The method calls that can panic, as they are written.
const PANICKING_METHODS: [&str; 3] = [".expect(", ".unwrap()", ".unwrap_err()"];

/// The macros that can panic, without their `!(`: flagged where no letter,
/// digit or `_` comes before them, so `debug_assert!(` is not
/// `assert!(`.
const PANICKING_MACROS: [&str; 7] = [
    "panic",
    "unreachable",
    "unimplemented",
    "todo",
    "assert",
    "assert_eq",
    "assert_ne",
];

/// A const assertion: evaluated when the crate is compiled, so a failure
/// breaks the build and no run can reach it.
const CONST_ASSERTION: &str = "const _: () = assert!(";

/// Whether a line of code calls something that can panic: one of
/// [`PANICKING_METHODS`], or one of [`PANICKING_MACROS`] invoked by that
/// very name (a `core::`/`std::` path before it included). A line that is
/// a [`CONST_ASSERTION`] cannot panic at run time.
fn panics(code: &str) -> bool {
    if code.trim_start().starts_with(CONST_ASSERTION) {
        return false;
    }
    PANICKING_METHODS.iter().any(|call| code.contains(call))
        || PANICKING_MACROS.iter().any(|name| {
            let call = format!("{name}!(");
            code.match_indices(&call).any(|(at, _)| {
                !code[..at]
                    .chars()
                    .next_back()
                    .is_some_and(|before| before.is_alphanumeric() || before == '_')
            })
        })
}

/// The calls allowed to stay: the file, the code on the line, and why no
/// input can make it panic.
const EXCEPTIONS: [(&str, &str, &str); 4] = [
    (
        "src/quickcheck.rs",
        r#"Qpi::from_code(code).expect("every code in 1..=COUNT is a token")"#,
        "the code is drawn in 1..=Qpi::COUNT, every one of which is a token",
    ),
    (
        "src/quickcheck.rs",
        r#".expect("1 to 3 dimensions of 1 to 9 squares are a valid shape")"#,
        "the generator draws 1 to 3 dimensions of 1 to 9 squares, always a valid shape",
    ),
    (
        "src/shape.rs",
        r#"_ => unreachable!("a shape has 1 to 3 dimensions"),"#,
        "a Shape is only built by Shape::new, which refuses any other number of dimensions",
    ),
    (
        "src/board/overlay.rs",
        r#"assert!(KEPT + LOG <= 256, "a write's source fits a byte");"#,
        "in the initializer of a const: evaluated when the crate is compiled, so a failure \
         breaks the build and no run can reach it",
    ),
];

/// Every `.rs` file under `dir`, sorted.
fn sources(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in fs::read_dir(&dir).expect("src/ is readable") {
            let path = entry.expect("a directory entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|extension| extension == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

/// The lines of `text` outside items marked `#[cfg(test)]`, comments cut.
fn code_lines(text: &str) -> Vec<(usize, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut code = Vec::new();
    let mut line = 0;
    while line < lines.len() {
        if lines[line].trim() == "#[cfg(test)]" {
            // Skip the item: up to the brace that closes the first one
            // opened (or its `;`, for `mod tests;`).
            let mut depth = 0_i64;
            let mut opened = false;
            line += 1;
            while line < lines.len() {
                let text = lines[line];
                depth += i64::try_from(text.matches('{').count()).expect("a short line");
                depth -= i64::try_from(text.matches('}').count()).expect("a short line");
                opened |= text.contains('{');
                line += 1;
                if (opened && depth == 0) || (!opened && text.trim_end().ends_with(';')) {
                    break;
                }
            }
            continue;
        }
        let without_comment = lines[line].split("//").next().unwrap_or_default();
        code.push((line + 1, without_comment.to_owned()));
        line += 1;
    }
    code
}

#[test]
fn no_panicking_call_is_left_but_the_listed_ones() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut found = Vec::new();
    for path in sources(&root.join("src")) {
        // The unit tests of a folder module live in its `tests.rs`, or in
        // its `tests/` folder when they take several files (CONTRIBUTING.md).
        if path.file_name().is_some_and(|name| name == "tests.rs")
            || path.strip_prefix(root).is_ok_and(|relative| {
                relative
                    .components()
                    .any(|part| part.as_os_str() == "tests")
            })
        {
            continue;
        }
        let text = fs::read_to_string(&path).expect("a source file");
        let file = path
            .strip_prefix(root)
            .expect("under the crate")
            .to_string_lossy()
            .replace('\\', "/");
        for (number, code) in code_lines(&text) {
            if panics(&code) {
                found.push((file.clone(), number, code.trim().to_owned()));
            }
        }
    }
    let unlisted: Vec<_> = found
        .iter()
        .filter(|(file, _, code)| {
            !EXCEPTIONS
                .iter()
                .any(|(listed, snippet, _)| listed == file && code.contains(snippet))
        })
        .collect();
    assert!(
        unlisted.is_empty(),
        "calls that can panic, not listed with an invariant: {unlisted:#?}"
    );
    for (listed, snippet, why) in EXCEPTIONS {
        assert!(!why.is_empty());
        assert!(
            found
                .iter()
                .any(|(file, _, code)| file == listed && code.contains(snippet)),
            "the exception {snippet:?} in {listed} is no longer in the code: remove it"
        );
    }
}

#[test]
fn the_scan_sees_a_panicking_call_and_skips_tests_and_comments() {
    let text = "fn a() { x.unwrap() }\n// y.unwrap()\n#[cfg(test)]\nmod tests {\n    fn b() { z.expect(\"z\") }\n}\nfn c() { panic!(\"c\") }\n";
    let code: Vec<String> = code_lines(text)
        .into_iter()
        .filter(|(_, code)| panics(code))
        .map(|(_, code)| code)
        .collect();
    assert_eq!(code, ["fn a() { x.unwrap() }", "fn c() { panic!(\"c\") }"]);
}

#[test]
fn the_scan_sees_assertions_but_not_debug_assertions_or_doc_examples() {
    let text = "fn a() { assert!(x < 3); }\n\
                fn b() { debug_assert!(x < 3); debug_assert_eq!(x, 3); }\n\
                /// assert_eq!(x, 3);\n\
                fn c() { core::assert_ne!(x, 3); }\n\
                fn d() { unreachable!(\"d\") }\n\
                fn e() { todo!() }\n\
                fn f() { my_assert!(x) }\n\
                const _: () = assert!(N >= 8);\n";
    let code: Vec<String> = code_lines(text)
        .into_iter()
        .filter(|(_, code)| panics(code))
        .map(|(_, code)| code)
        .collect();
    assert_eq!(
        code,
        [
            "fn a() { assert!(x < 3); }",
            "fn c() { core::assert_ne!(x, 3); }",
            "fn d() { unreachable!(\"d\") }",
            "fn e() { todo!() }",
        ]
    );
}
