//! PGN, chess's record format: games read into [`Record`]s of chess
//! nodes, and records written back.
//!
//! # What is read
//!
//! As python-chess 1.11 reads a file, and no more:
//!
//! - a game is its tag pairs, then its movetext up to a blank line outside
//!   a comment, or the end of the file; a UTF-8 byte order mark, blank
//!   lines, `%` escape lines and `;` lines before a game are skipped, and
//!   one blank line between tags is allowed;
//! - a tag pair is a line `[Name "value"]`, the name a letter or digit
//!   then letters, digits and `_+#=:-`, the value between the first quote
//!   and the last (`\"` and `\\` read as a quote and a backslash); a later
//!   value of a name replaces the earlier one;
//! - the start is the `FEN` tag's position (whatever `SetUp` says, as
//!   python-chess reads it), else chess's own; a `Variant` tag must name
//!   standard chess;
//! - the movetext holds moves in SAN (a piece letter `NBRQK`, what the
//!   origin is given of, `x` or `-`, the target, a promotion with or
//!   without `=`, in either case; check and mate marks, unchecked; a move
//!   given by both squares, `e2e4`; castling as `O-O`, `O-O-O`, `0-0`,
//!   `0-0-0`; the null moves `--`, `Z0`, `0000` and `@@@@`), move numbers
//!   (`4.`, `4...`, `4..`, or none), `{ }` comments (one space inside each
//!   brace left out) and `;` comments to the line's end, NAGs (`$n` to
//!   255, and `!`, `?`, `!!`, `??`, `!?`, `?!` as 1 to 6), nested `( )`
//!   variations, each an alternative to the move before it, `%` escape
//!   lines, and a result (`1-0`, `0-1`, `1/2-1/2`, `*`), after which only
//!   comments and NAGs may come.
//!
//! A comment before a variation's first move is that node's `before`
//! comment; every other comment is said of the node before it (the root's
//! before the first move). A NAG is the node's before it.
//!
//! # What is refused
//!
//! Where python-chess logs an error and reads on (skipping the rest of a
//! variation, or a tag it cannot read), the game is bad here: a
//! [`RecordError`] with the game, the line, the column and the
//! [`Problem`](games_record::Problem): an illegal or ambiguous move and
//! the position it was tried in, a null move in check (it would leave the
//! king to be taken), a tag that is no tag pair, a `FEN` tag that is no
//! chess position, a variant, a variation never closed, a `)` that closes
//! none, a variation before any move, a comment never closed, and text
//! that is no token: python-chess skips such text silently, and would read
//! `nf3` as `f3`. A bad game is skipped to its end (a blank line outside a
//! comment), and the reader goes on with the next.
//!
//! # What is written
//!
//! [`to_pgn`] and [`write()`] lay a record out as python-chess's exporter
//! does (its tags, a blank line, its movetext in lines of 80 characters),
//! so that reading what was written gives the same record (`==`); the
//! termination marker is the record's ending, none if it has none. A
//! comment that holds a `}` (a `;` comment may) is written as a `;`
//! comment, its line ended after it; one that also holds a line end loses
//! its `}`, as python-chess writes every comment. A game of nothing (no
//! tag, move, comment, NAG or result, as a line of move numbers alone) is
//! written as nothing.

mod reader;
mod round_trip;
mod san;
mod syntax;
mod tokens;
mod writer;

pub use reader::{Games, KeepNode, read, read_keeping};
pub use round_trip::round_trip;
pub use writer::{to_pgn, write};

#[cfg(doc)]
use games_record::{Record, RecordError};
