//! PGN's tokens: comments (`{ }` and `;`), NAGs, move numbers, moves and
//! results in the movetext, and a tag line.

use super::super::Node;
use super::super::moves::Move;
use super::reader::Games;
use super::san::{self};
use super::syntax::{RESULTS, Token, is_space};
use games_core::QpiPosition;
use games_record::{Mark, Problem, RecordError, Step, excerpt, text_of};

impl<P, K, F> Games<'_, P, K, F>
where
    P: QpiPosition,
    F: FnMut(&Step<Move>, &Node<P>) -> K,
{
    /// Reads a `{ }` comment from its `{` at `mark`, one space after the
    /// `{` and one before the `}` left out (python-chess's), a `\r` before
    /// each line's end too.
    pub(super) fn read_comment(&mut self, mark: Mark) -> Result<String, RecordError> {
        self.source.bump();
        self.in_comment = true;
        if self.source.peek() == Some(b' ') {
            self.source.bump();
        }
        let mut text = Vec::new();
        loop {
            self.source.check(self.game)?;
            match self.source.bump() {
                None => return Err(self.error(mark, Problem::UnclosedComment)),
                Some(b'}') => break,
                Some(b'\r') if self.source.peek() == Some(b'\n') => {}
                Some(byte) => {
                    if text.len() >= self.limits.comment_bytes {
                        return Err(self.error(
                            mark,
                            Problem::CommentTooLong {
                                limit: self.limits.comment_bytes,
                            },
                        ));
                    }
                    text.push(byte);
                }
            }
        }
        self.in_comment = false;
        if text.last() == Some(&b' ') {
            text.pop();
        }
        Ok(text_of(&text))
    }

    /// Reads a `;` comment: the rest of the line, one space after the `;`
    /// left out.
    pub(super) fn read_line_comment(&mut self) -> String {
        self.source.bump();
        if self.source.peek() == Some(b' ') {
            self.source.bump();
        }
        let text = text_of(self.source.rest_of_line());
        self.source.skip_line();
        text
    }

    /// Reads a NAG: `$` and a number to 255, or `!`, `?`, `!!`, `??`, `!?`,
    /// `?!`.
    pub(super) fn read_nag(&mut self, mark: Mark) -> Result<u8, RecordError> {
        let rest = self.source.rest();
        if rest.first() == Some(&b'$') {
            let digits = rest[1..]
                .iter()
                .take_while(|byte| byte.is_ascii_digit())
                .count();
            // Five digits are enough to tell a number past 255.
            let text = text_of(&rest[..=digits.min(5)]);
            let value = if (1..=5).contains(&digits) {
                text[1..]
                    .parse::<u32>()
                    .ok()
                    .and_then(|value| u8::try_from(value).ok())
            } else {
                None
            };
            let Some(value) = value else {
                return Err(self.error(mark, Problem::BadAnnotation { text }));
            };
            self.source.skip(1 + digits);
            return Ok(value);
        }
        let glyph = if rest.len() > 1 && matches!(rest[1], b'!' | b'?') {
            &rest[..2]
        } else {
            &rest[..1]
        };
        let nag = match glyph {
            b"!" => 1,
            b"?" => 2,
            b"!!" => 3,
            b"??" => 4,
            b"!?" => 5,
            _ => 6,
        };
        self.source.skip(glyph.len());
        Ok(nag)
    }

    /// Reads a result, a move number or a move at `mark`; `depth` is the
    /// number of lines open (1: the main line), `ended` whether the game's
    /// result has been read.
    pub(super) fn read_token(
        &mut self,
        mark: Mark,
        depth: usize,
        ended: bool,
    ) -> Result<Token, RecordError> {
        let rest = self.source.rest();
        let unexpected = |this: &Self, expected: &'static str| {
            let length = rest
                .iter()
                .take_while(|&&byte| !is_space(byte))
                .count()
                .max(1);
            this.error(
                mark,
                Problem::Unexpected {
                    text: excerpt(&text_of(&rest[..length.min(320)])),
                    expected,
                },
            )
        };
        if rest.first() == Some(&b'[') {
            return Err(unexpected(
                self,
                "a move: a blank line ends a game's movetext before the next game's tags",
            ));
        }
        if let Some(result) = RESULTS
            .iter()
            .find(|result| rest.starts_with(result.as_bytes()))
        {
            if ended || depth > 1 {
                return Err(unexpected(
                    self,
                    "a move or the end of the variation before a result",
                ));
            }
            self.source.skip(result.len());
            return Ok(Token::Result(result));
        }
        if ended {
            return Err(unexpected(
                self,
                "a comment, a NAG or the game's end after its result",
            ));
        }
        if let Some((san, length)) = san::match_token(rest) {
            let text = text_of(&rest[..length]);
            let marks = rest[length..]
                .iter()
                .take(2)
                .take_while(|byte| matches!(byte, b'+' | b'#'))
                .count();
            self.source.skip(length + marks);
            return Ok(Token::Move(text, san));
        }
        // What old records write after an en-passant capture.
        if rest.starts_with(b"e.p.") {
            self.source.skip(4);
            return Ok(Token::MoveNumber);
        }
        let digits = rest.iter().take_while(|byte| byte.is_ascii_digit()).count();
        let dots = rest[digits..]
            .iter()
            .take_while(|&&byte| byte == b'.')
            .count();
        if digits + dots > 0 {
            self.source.skip(digits + dots);
            return Ok(Token::MoveNumber);
        }
        Err(unexpected(
            self,
            "a move, a move number, a comment, a NAG, a variation or a result",
        ))
    }
}
