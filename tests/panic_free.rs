//! No input reaches an `expect`, an `unwrap` or a panic in the library:
//! every such call left in `src/` (outside its tests) is listed here with
//! the invariant that keeps it from firing, and a new one fails this test
//! until it is removed or listed with its reason.

use std::fs;
use std::path::{Path, PathBuf};

/// The calls that can panic, as they are written.
const PANICKING: [&str; 7] = [
    ".expect(",
    ".unwrap()",
    ".unwrap_err()",
    "panic!(",
    "unreachable!(",
    "unimplemented!(",
    "todo!(",
];

/// The calls allowed to stay: the file, the code on the line, and why no
/// input can make it panic.
const EXCEPTIONS: [(&str, &str, &str); 3] = [
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
        // The unit tests of a folder module live in its `tests.rs`.
        if path.file_name().is_some_and(|name| name == "tests.rs") {
            continue;
        }
        let text = fs::read_to_string(&path).expect("a source file");
        let file = path
            .strip_prefix(root)
            .expect("under the crate")
            .to_string_lossy()
            .replace('\\', "/");
        for (number, code) in code_lines(&text) {
            if PANICKING.iter().any(|call| code.contains(call)) {
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
        .filter(|(_, code)| PANICKING.iter().any(|call| code.contains(call)))
        .map(|(_, code)| code)
        .collect();
    assert_eq!(code, ["fn a() { x.unwrap() }", "fn c() { panic!(\"c\") }"]);
}
