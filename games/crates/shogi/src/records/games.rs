//! The games of a shogi record file, CSA or KIF, one at a time: what both
//! readers share (the text decoded, the cursor, the limits, the way each
//! node is kept, the game's number) and the errors and tags they make
//! alike.

use core::marker::PhantomData;
use std::borrow::Cow;

use super::Played;
use super::text::{Cursor, Encoding, Line, decode};
use crate::{Move, Node};
use games_core::QpiPosition;
use games_record::{Limits, Problem, Record, RecordError, Step, excerpt};

/// Which format the lines are.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Syntax {
    Csa,
    Kif,
}

/// A format's reader of one game, its first line next under the cursor:
/// each format hands its own to [`Games::new`], so that what both share
/// knows neither.
pub(super) type ReadGame<P, K, F> = for<'t, 'r, 'c> fn(
    Context<'t, 'r, F>,
    &'c mut Cursor,
) -> Result<Record<Node<P>, K>, RecordError>;

/// The games of a shogi record file (CSA or KIF), one at a time: each the
/// game's record, or the error that makes it a bad game, after which the
/// reader goes on from the next game (CSA: after the next `/` line; KIF:
/// at the next game's header). Made by the CSA and KIF readers' `read`
/// and `read_keeping`.
pub struct Games<'a, P: QpiPosition, K, F> {
    text: Cow<'a, str>,
    cursor: Cursor,
    limits: Limits,
    keep: F,
    /// The games begun so far: the number of the one being read.
    game: usize,
    played: Played,
    syntax: Syntax,
    read: ReadGame<P, K, F>,
    kept: PhantomData<fn(P) -> K>,
}

impl<P: QpiPosition, K, F> core::fmt::Debug for Games<'_, P, K, F> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Games")
            .field("syntax", &self.syntax)
            .field("game", &self.game)
            .field("limits", &self.limits)
            .finish_non_exhaustive()
    }
}

impl<'a, P: QpiPosition, K, F> Games<'a, P, K, F> {
    /// The games of `bytes` in `encoding`, in `syntax`, each read by
    /// `read`.
    pub(super) fn new(
        bytes: &'a [u8],
        encoding: Encoding,
        syntax: Syntax,
        read: ReadGame<P, K, F>,
        limits: Limits,
        keep: F,
    ) -> Self {
        Games {
            text: decode(bytes, encoding),
            cursor: Cursor::new(),
            limits,
            keep,
            game: 0,
            played: Played::default(),
            syntax,
            read,
            kept: PhantomData,
        }
    }
}

impl<P, K, F> Iterator for Games<'_, P, K, F>
where
    P: QpiPosition,
    F: FnMut(&Step<Move>, &Node<P>) -> K,
{
    type Item = Result<Record<Node<P>, K>, RecordError>;

    fn next(&mut self) -> Option<Self::Item> {
        let Games {
            text,
            cursor,
            limits,
            keep,
            game,
            played,
            syntax,
            read,
            ..
        } = self;
        let text: &str = text;
        // Blank lines (and in CSA lone separators) are no game.
        while let Some(line) = cursor.peek(text) {
            let content = line.text(text).trim();
            let blank = content.is_empty() || (*syntax == Syntax::Csa && content == "/");
            if !blank {
                break;
            }
            cursor.take(text, line);
        }
        if cursor.at_end(text) {
            return None;
        }
        *game += 1;
        let context = Context {
            text,
            limits,
            game: *game,
            played,
            keep,
        };
        Some(read(context, cursor))
    }
}

/// What a format's reader of one game is given: the text, the limits, the
/// game's number, the scratch for finding moves and the way each node is
/// kept.
pub(super) struct Context<'t, 'r, F> {
    pub(super) text: &'t str,
    pub(super) limits: &'r Limits,
    pub(super) game: usize,
    pub(super) played: &'r mut Played,
    pub(super) keep: &'r mut F,
}

impl<F> Context<'_, '_, F> {
    /// The error at the byte `offset` of `line`.
    pub(super) fn error(&self, line: Line, offset: usize, problem: Problem) -> RecordError {
        line.error(self.text, self.game, offset, problem)
    }

    /// Text that is no token where it stands.
    pub(super) fn unexpected(
        &self,
        line: Line,
        offset: usize,
        text: &str,
        expected: &'static str,
    ) -> RecordError {
        self.error(
            line,
            offset,
            Problem::Unexpected {
                text: excerpt(text),
                expected,
            },
        )
    }

    /// A start the format or the rules refuse.
    pub(super) fn bad_position(
        &self,
        line: Line,
        offset: usize,
        text: &str,
        reason: &str,
    ) -> RecordError {
        self.error(
            line,
            offset,
            Problem::BadPosition {
                text: excerpt(text),
                reason: reason.to_string(),
            },
        )
    }

    /// `comment`, refused if it is longer than the limit.
    pub(super) fn comment(
        &self,
        line: Line,
        offset: usize,
        comment: &str,
    ) -> Result<String, RecordError> {
        if comment.len() > self.limits.comment_bytes {
            return Err(self.error(
                line,
                offset,
                Problem::CommentTooLong {
                    limit: self.limits.comment_bytes,
                },
            ));
        }
        Ok(comment.to_string())
    }

    /// Sets the tag `name` among `tags`: in place of its value if it is
    /// there, else after them, unless that would pass the limit.
    pub(super) fn tag(
        &self,
        tags: &mut Vec<(String, String)>,
        line: Line,
        offset: usize,
        name: String,
        value: &str,
    ) -> Result<(), RecordError> {
        let count = tags.len();
        match tags.iter_mut().find(|(held, _)| *held == name) {
            Some((_, held)) => value.clone_into(held),
            None if count >= self.limits.tags => {
                return Err(self.error(
                    line,
                    offset,
                    Problem::TooManyTags {
                        limit: self.limits.tags,
                    },
                ));
            }
            None => tags.push((name, value.to_string())),
        }
        Ok(())
    }
}
