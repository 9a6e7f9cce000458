//! CSA, the format of computer shogi (version 2.2, as Floodgate writes
//! it): games read into [`Record`]s of shogi nodes, and records written
//! back.
//!
//! # What is read
//!
//! A file holds games separated by lines `/`; each is lines, and a line
//! holds statements joined by commas (a comment line excepted):
//!
//! - `'` starts a comment, to the line's end: said of the last move, or
//!   before the first move of the game (the root's);
//! - `V2.2` (any version 1 to 3) is checked and not kept: it is the file's,
//!   not the game's; `N+name` and `N-name` are the tags `Sente` and
//!   `Gote`; `$KEY:value` the tag `Event`, `Site`, `StartTime`, `EndTime`,
//!   `TimeLimit` or `Opening` for CSA's keys of those, else `KEY` (see
//!   the `tags` table shared with KIF);
//! - the start: `PI` (the standard start) with the pieces it lacks
//!   (`PI82HI22KA`, a handicap), or the ranks `P1` to `P9` (nine cells,
//!   ` * ` or a piece as `-KY`) and `P+`/`P-` putting pieces on squares
//!   or in a hand (`P+00KA`; `00AL`: every piece left, kings excepted,
//!   into that hand); then the side to move, `+` or `-`;
//! - a move, `+7776FU`: the side (that of the player to move), the origin
//!   (`00` for a drop), the target and the kind standing there after the
//!   move (so `+2822RY` promotes); it must be legal;
//! - a time line `T12` after a move: the node's extra `T` (after the
//!   ending, `%T`), its text kept as written;
//! - an ending, `%TORYO`, `%CHUDAN`, `%SENNICHITE`, `%TIME_UP`,
//!   `%ILLEGAL_MOVE`, `%+ILLEGAL_ACTION`, `%-ILLEGAL_ACTION`, `%JISHOGI`,
//!   `%KACHI`, `%HIKIWAKE`, `%MAX_MOVES`, `%TSUMI`, `%FUZUMI`, `%ERROR`,
//!   `%MATTA`: the record's ending, after which only time lines and
//!   comments come.
//!
//! The text is UTF-8, or `Shift_JIS` where it is not UTF-8 (older files
//! name players in `Shift_JIS`).
//!
//! # What is refused
//!
//! A game is bad ([`RecordError`]) at a statement that is none of the
//! above where it stands, a move that is no legal move (the error holds
//! the position it was tried in, in SFEN), a start the rules refuse (a
//! side without a king, the side not to move in check), a game without a
//! side to move, and past the [`Limits`](games_record::Limits). The
//! reader then goes on after the next `/`.
//!
//! # What is written
//!
//! [`to_csa`] and [`write()`] write `V2.2`, the tags CSA can name, the
//! root's comments, the start (`PI` and what it lacks where it can, else
//! the ranks and hands), the side to move, each move with its `T` lines
//! and comments, and the ending, so that reading what was written gives
//! the same record (`==`). A record CSA cannot hold is refused: one with
//! variations, null moves or setups after the start.

mod position;
mod reader;
mod writer;

pub use super::Games;
pub use reader::{read, read_keeping};
pub use writer::{to_csa, write};

#[cfg(doc)]
use games_record::{Record, RecordError};
