//! PGN's words: the tokens of the movetext, the results that end a game,
//! what counts as a space, and a tag line.

use super::san;
use games_record::text_of;

/// The game termination markers.
pub(super) const RESULTS: [&str; 4] = ["1-0", "0-1", "1/2-1/2", "*"];

/// Whether `byte` is a space between tokens: ASCII whitespace.
pub(super) fn is_space(byte: u8) -> bool {
    matches!(byte, b' ' | b'\t' | b'\r' | b'\n' | b'\x0B' | b'\x0C')
}

/// A token of the movetext other than a comment, a NAG or a parenthesis.
pub(super) enum Token {
    Result(&'static str),
    /// A move number, or `e.p.`: nothing to keep.
    MoveNumber,
    Move(String, san::San),
}

/// Reads a tag line (its end excluded) as python-chess's pattern does:
/// `[`, a name (a letter or digit, then letters, digits and `_+#=:-`),
/// whitespace, and the value between the first `"` and the last before the
/// closing `]`, whitespace after it allowed; `\"` and `\\` in the value
/// are a quote and a backslash.
pub(super) fn read_tag(line: &[u8]) -> Result<(String, String), &'static str> {
    let line = line.trim_ascii_end();
    let inner = line
        .strip_prefix(b"[")
        .and_then(|line| line.strip_suffix(b"]"))
        .ok_or("a tag ends with `]`")?;
    let name_length = inner
        .iter()
        .take_while(|byte| byte.is_ascii_alphanumeric() || b"_+#=:-".contains(byte))
        .count();
    if name_length == 0 || !inner[0].is_ascii_alphanumeric() {
        return Err("a tag's name starts with a letter or a digit");
    }
    let rest = &inner[name_length..];
    let value_start = rest.iter().take_while(|byte| is_space(**byte)).count();
    if value_start == 0 {
        return Err("a tag's name is followed by a space and its quoted value");
    }
    let quoted = &rest[value_start..];
    let value = quoted
        .strip_prefix(b"\"")
        .and_then(|value| value.strip_suffix(b"\""))
        .ok_or("a tag's value is between quotes")?;
    let mut unescaped = Vec::with_capacity(value.len());
    let mut bytes = value.iter();
    while let Some(&byte) = bytes.next() {
        if byte == b'\\'
            && let Some(&next) = bytes.as_slice().first()
            && matches!(next, b'"' | b'\\')
        {
            bytes.next();
            unescaped.push(next);
        } else {
            unescaped.push(byte);
        }
    }
    Ok((text_of(&inner[..name_length]), text_of(&unescaped)))
}
