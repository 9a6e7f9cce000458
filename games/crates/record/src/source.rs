//! A record file's text as every reader walks it: byte by byte, the line
//! and column of each known, every line's length bounded.

use super::error::{Problem, RecordError};
use super::limits::Limits;

/// The UTF-8 byte order mark, skipped at the start of a file.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// A place in the text: where a token, a variation or a comment starts,
/// kept to name it in an error.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mark {
    /// The byte offset in the text.
    pub at: usize,
    /// The line, from 1.
    pub line: usize,
    /// The byte offset of the line's start.
    line_start: usize,
}

/// A record file's bytes (UTF-8, a byte order mark skipped; a reader of
/// another encoding decodes first), read one byte at a time, with the line
/// and column of each.
///
/// The length of every line is checked as the reader enters it, once (so
/// O(bytes) in all): a line past [`Limits::line_bytes`] is refused by
/// [`check`](Source::check), which every reader's loops call, so no line
/// is read further than its limit. Columns count characters, and are
/// counted only when asked for (an error's).
#[derive(Debug, Clone)]
pub struct Source<'a> {
    bytes: &'a [u8],
    at: usize,
    line: usize,
    line_start: usize,
    line_bytes: usize,
    /// Where the line being read ends (its `\n`, or the end of the text).
    line_end: usize,
}

impl<'a> Source<'a> {
    /// The text of `bytes`, a UTF-8 byte order mark at its start skipped,
    /// at its first byte; lines bounded by `limits`.
    #[must_use]
    pub fn new(bytes: &'a [u8], limits: &Limits) -> Self {
        let at = if bytes.starts_with(BOM) { BOM.len() } else { 0 };
        let mut source = Source {
            bytes,
            at,
            line: 1,
            line_start: at,
            line_bytes: limits.line_bytes,
            line_end: at,
        };
        source.find_line_end();
        source
    }

    fn find_line_end(&mut self) {
        self.line_end = self.bytes[self.line_start..]
            .iter()
            .position(|&byte| byte == b'\n')
            .map_or(self.bytes.len(), |offset| self.line_start + offset);
    }

    /// The next byte, not taken.
    #[must_use]
    pub fn peek(&self) -> Option<u8> {
        self.bytes.get(self.at).copied()
    }

    /// The byte `ahead` bytes after the next (0: the next), not taken.
    #[must_use]
    pub fn peek_at(&self, ahead: usize) -> Option<u8> {
        self.bytes.get(self.at + ahead).copied()
    }

    /// The bytes from the next on.
    #[must_use]
    pub fn rest(&self) -> &'a [u8] {
        &self.bytes[self.at..]
    }

    /// The bytes from the next to the end of the line, its `\r` and `\n`
    /// excluded.
    #[must_use]
    pub fn rest_of_line(&self) -> &'a [u8] {
        let line = &self.bytes[self.at.min(self.line_end)..self.line_end];
        line.strip_suffix(b"\r").unwrap_or(line)
    }

    /// Takes the next byte.
    pub fn bump(&mut self) -> Option<u8> {
        let byte = self.peek()?;
        self.at += 1;
        if byte == b'\n' {
            self.line += 1;
            self.line_start = self.at;
            self.find_line_end();
        }
        Some(byte)
    }

    /// Takes `count` bytes (fewer at the end of the text).
    pub fn skip(&mut self, count: usize) {
        for _ in 0..count {
            if self.bump().is_none() {
                break;
            }
        }
    }

    /// Takes the rest of the line and its end, if any.
    pub fn skip_line(&mut self) {
        while let Some(byte) = self.bump() {
            if byte == b'\n' {
                break;
            }
        }
    }

    /// Whether every byte has been taken.
    #[must_use]
    pub fn at_end(&self) -> bool {
        self.at >= self.bytes.len()
    }

    /// Whether the next byte starts a line.
    #[must_use]
    pub fn at_line_start(&self) -> bool {
        self.at == self.line_start
    }

    /// Whether the rest of the line is blank (spaces, tabs, a `\r`), or
    /// nothing is left.
    #[must_use]
    pub fn rest_of_line_is_blank(&self) -> bool {
        self.rest_of_line()
            .iter()
            .all(|byte| matches!(byte, b' ' | b'\t' | b'\r'))
    }

    /// The byte offset of the next byte.
    #[must_use]
    pub fn offset(&self) -> usize {
        self.at
    }

    /// The bytes between two offsets.
    #[must_use]
    pub fn slice(&self, from: usize, to: usize) -> &'a [u8] {
        &self.bytes[from.min(self.bytes.len())..to.min(self.bytes.len())]
    }

    /// Where the next byte is.
    #[must_use]
    pub fn mark(&self) -> Mark {
        Mark {
            at: self.at,
            line: self.line,
            line_start: self.line_start,
        }
    }

    /// The column of `mark`, from 1, in characters (UTF-8 sequences; a
    /// byte that is no character's start counts with the one before).
    #[must_use]
    pub fn column(&self, mark: Mark) -> usize {
        let line = &self.bytes[mark.line_start..mark.at.min(self.bytes.len())];
        1 + line.iter().filter(|&&byte| byte & 0xC0 != 0x80).count()
    }

    /// The error of game `game` at `mark`.
    #[must_use]
    pub fn error_at(&self, game: usize, mark: Mark, problem: Problem) -> RecordError {
        RecordError {
            game,
            line: mark.line,
            column: self.column(mark),
            problem,
        }
    }

    /// Refuses the line being read if it is longer than the limit: every
    /// reader calls it at each token, so that none reads past the limit.
    ///
    /// # Errors
    ///
    /// [`Problem::LineTooLong`], at the line's start.
    pub fn check(&self, game: usize) -> Result<(), RecordError> {
        let length = self.line_end - self.line_start;
        let length = if self.bytes.get(self.line_end.wrapping_sub(1)) == Some(&b'\r') {
            length.saturating_sub(1)
        } else {
            length
        };
        if length > self.line_bytes {
            let start = Mark {
                at: self.line_start,
                line: self.line,
                line_start: self.line_start,
            };
            return Err(self.error_at(
                game,
                start,
                Problem::LineTooLong {
                    limit: self.line_bytes,
                },
            ));
        }
        Ok(())
    }
}

/// `bytes` as text, each byte that is not UTF-8 replaced by U+FFFD.
#[must_use]
pub fn text_of(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// `text` cut to its first 80 characters, for an error.
#[must_use]
pub fn excerpt(text: &str) -> String {
    text.chars().take(80).collect()
}
