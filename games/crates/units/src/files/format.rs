//! The files' names, heads and limits, the checksum that names a unit, and
//! the checks every reader applies to a line and a number.

use core::fmt;
use std::str::FromStr;

use sha2::{Digest, Sha256};

/// The manifest's file name in a split's directory.
pub const MANIFEST: &str = "manifest.tsv";

/// The first line of a manifest: the format and its version.
pub(super) const MANIFEST_HEAD: &str = "games-perft-units\t1";

/// The manifest's fields, in order, before its unit lines.
pub(super) const FIELDS: [&str; 9] = [
    "games-perft-units",
    "game",
    "root",
    "depth",
    "split",
    "unit-size",
    "distinct",
    "leaves",
    "units",
];

/// The first field and version of a result's first line.
pub(super) const RESULT_HEAD: &str = "games-perft-result\t1";

/// The longest line any of the files may hold, in bytes: a 19x19 Go
/// diagram takes 380, a FEEN of shogi about 100.
pub const MAX_LINE: usize = 4_096;

/// The most lines a unit may hold.
pub const MAX_UNIT_SIZE: usize = 10_000_000;

/// The most units a manifest may list.
pub const MAX_UNITS: usize = 1_000_000;

/// The deepest a unit's lines may count, as a perft in one process.
pub const MAX_DEPTH_LEFT: u32 = 10;

/// A SHA-256 digest, written as 64 lowercase hexadecimal digits.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Checksum(pub [u8; 32]);

impl Checksum {
    /// The digest of `bytes`.
    #[must_use]
    pub fn of(bytes: &[u8]) -> Checksum {
        Checksum(Sha256::digest(bytes).into())
    }
}

impl fmt::Display for Checksum {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.iter().try_for_each(|byte| write!(f, "{byte:02x}"))
    }
}

impl FromStr for Checksum {
    type Err = String;

    fn from_str(text: &str) -> Result<Checksum, String> {
        let refused = || format!("{text:?} is no SHA-256 (64 lowercase hexadecimal digits)");
        if text.len() != 64
            || !text
                .bytes()
                .all(|byte| matches!(byte, b'0'..=b'9' | b'a'..=b'f'))
        {
            return Err(refused());
        }
        let mut digest = [0; 32];
        for (byte, pair) in digest.iter_mut().zip(text.as_bytes().chunks(2)) {
            let pair = core::str::from_utf8(pair).map_err(|_| refused())?;
            *byte = u8::from_str_radix(pair, 16).map_err(|_| refused())?;
        }
        Ok(Checksum(digest))
    }
}

/// The lines of a file's bytes, each at most [`MAX_LINE`] bytes of UTF-8,
/// numbered from 1; the last may or may not end in a newline.
pub(super) fn lines(bytes: &[u8]) -> impl Iterator<Item = (usize, Result<&str, String>)> {
    let text = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    let empty = bytes.is_empty();
    text.split(|&byte| byte == b'\n')
        .filter(move |_| !empty)
        .enumerate()
        .map(|(index, line)| {
            let checked = if line.len() > MAX_LINE {
                Err(format!(
                    "a line of {} bytes, past the {MAX_LINE} a line may hold",
                    line.len()
                ))
            } else {
                core::str::from_utf8(line).map_err(|_| "a line that is not UTF-8".to_string())
            };
            (index + 1, checked)
        })
}

/// A number of decimal digits only (no sign, no space), at most 39 of them.
pub(super) fn number<T: FromStr>(text: &str) -> Option<T> {
    (!text.is_empty() && text.len() <= 39 && text.bytes().all(|byte| byte.is_ascii_digit()))
        .then(|| text.parse().ok())
        .flatten()
}

/// Whether `name` may be a file of a split's directory: letters, digits,
/// `-`, `_` and `.`, not first, so that no name reaches outside it.
pub(super) fn is_plain_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 255
        && !name.starts_with('.')
        && name
            .bytes()
            .all(|byte| byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.'))
}
