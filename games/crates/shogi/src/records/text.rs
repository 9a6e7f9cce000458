//! A shogi record's text: decoded (`Shift_JIS`, as most shogi programs
//! write, or UTF-8), then walked line by line with every line's number,
//! and its length bounded.

use std::borrow::Cow;

use games_record::{Limits, Problem, RecordError};

/// The UTF-8 byte order mark.
const BOM: &[u8] = b"\xEF\xBB\xBF";

/// How a record file's bytes are text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Encoding {
    /// UTF-8 (a byte order mark skipped); a byte that is no UTF-8 reads as
    /// U+FFFD.
    Utf8,
    /// `Shift_JIS` (Windows' code page 932, as the WHATWG standard decodes
    /// it), unless the file starts with a UTF-8 byte order mark or is
    /// UTF-8 throughout: Japanese text in `Shift_JIS` is almost never valid
    /// UTF-8, and newer programs write `.kif` files in UTF-8 too.
    ShiftJisUnlessUtf8,
}

/// The text of `bytes` in `encoding`.
pub(crate) fn decode(bytes: &[u8], encoding: Encoding) -> Cow<'_, str> {
    let bytes = bytes.strip_prefix(BOM).unwrap_or(bytes);
    if let Ok(text) = core::str::from_utf8(bytes) {
        return Cow::Borrowed(text);
    }
    match encoding {
        Encoding::Utf8 => String::from_utf8_lossy(bytes),
        Encoding::ShiftJisUnlessUtf8 => encoding_rs::SHIFT_JIS.decode_without_bom_handling(bytes).0,
    }
}

/// A line of the text: its number (from 1) and where it starts and ends
/// (its line end left out), in bytes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Line {
    /// The line's number, from 1.
    pub(crate) number: usize,
    /// Where the line starts in the text.
    pub(crate) start: usize,
    /// Where it ends, its end of line excluded.
    pub(crate) end: usize,
}

impl Line {
    /// The line's text.
    pub(crate) fn text(self, text: &str) -> &str {
        &text[self.start..self.end]
    }

    /// The column (from 1, in characters) of the byte `offset` of the
    /// line's text.
    pub(crate) fn column(self, text: &str, offset: usize) -> usize {
        let line = self.text(text);
        let offset = offset.min(line.len());
        // Columns fall on characters: an offset inside one counts it.
        1 + line
            .char_indices()
            .take_while(|&(at, _)| at < offset)
            .count()
    }

    /// The error of game `game` at the byte `offset` of this line.
    pub(crate) fn error(
        self,
        text: &str,
        game: usize,
        offset: usize,
        problem: Problem,
    ) -> RecordError {
        RecordError {
            game,
            line: self.number,
            column: self.column(text, offset),
            problem,
        }
    }
}

/// Where a reader is in its text: the next line's start and number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Cursor {
    at: usize,
    number: usize,
}

impl Cursor {
    /// At the text's start.
    pub(crate) fn new() -> Cursor {
        Cursor { at: 0, number: 1 }
    }

    /// Whether every line has been taken.
    pub(crate) fn at_end(self, text: &str) -> bool {
        self.at >= text.len()
    }

    /// The next line, not taken: up to a `\n`, a `\r\n` or a lone `\r`
    /// (an old Macintosh's line end).
    pub(crate) fn peek(self, text: &str) -> Option<Line> {
        if self.at >= text.len() {
            return None;
        }
        let rest = &text.as_bytes()[self.at..];
        let length = rest
            .iter()
            .position(|&byte| matches!(byte, b'\n' | b'\r'))
            .unwrap_or(rest.len());
        Some(Line {
            number: self.number,
            start: self.at,
            end: self.at + length,
        })
    }

    /// Takes the line `line`, which [`peek`](Cursor::peek) gave, and its
    /// line end.
    pub(crate) fn take(&mut self, text: &str, line: Line) {
        let rest = &text.as_bytes()[line.end..];
        let end = match rest {
            [b'\r', b'\n', ..] => 2,
            [b'\r' | b'\n', ..] => 1,
            _ => 0,
        };
        self.at = line.end + end;
        self.number = line.number + 1;
    }

    /// The next line, taken; refused if it is longer than the limit.
    ///
    /// # Errors
    ///
    /// [`Problem::LineTooLong`] at the line's start; the line is taken.
    pub(crate) fn next(
        &mut self,
        text: &str,
        limits: &Limits,
        game: usize,
    ) -> Option<Result<Line, RecordError>> {
        let line = self.peek(text)?;
        self.take(text, line);
        Some(if line.end - line.start > limits.line_bytes {
            Err(line.error(
                text,
                game,
                0,
                Problem::LineTooLong {
                    limit: limits.line_bytes,
                },
            ))
        } else {
            Ok(line)
        })
    }
}
