//! SGF, Go's record format (FF\[4\]): game trees read into [`Record`]s of
//! Go nodes, and records written back.
//!
//! # What is read
//!
//! As sgfmill reads a file, and a little more:
//!
//! - a file is game trees `( )`, anything before each skipped; a game tree
//!   is a sequence of nodes `;`, then its variations, each a game tree of
//!   its own; a node is properties, an identifier of capitals (FF\[3\]'s
//!   lowercase letters left out, as in `AddBlack`) then values in `[ ]`,
//!   `\` escaping the next character and a `\` before a line end a soft
//!   break (no character); a property given twice in a node has both's
//!   values;
//! - the root: `SZ` (a number, or `columns:rows`; 19 without it; 1 to 19),
//!   `AB`, `AW` and `AE` with points and rectangles (`aa:cc`), the side to
//!   move (`PL`, else the player of the first move, else Black), `GM`
//!   (only 1), and every other property of one value as a tag (`KM`,
//!   `HA`, `PB`, `RE`...); `FF`, `GM`, `CA` and `SZ` are the file's, not
//!   tags;
//! - a node with `B` or `W`: a move, `[]` the pass (and `[tt]` on boards up
//!   to 19x19); a move of the player not to move is read after a null move
//!   (the turn given over), as SGF lets either player move;
//! - a node with `AB`, `AW` or `AE`, or none of these: a setup (its side
//!   to move as the root's, else the parent's); a node that changes no
//!   stone and whose `PL` gives the turn over, a null move;
//! - `C` as the node's comments, `TE`, `BM`, `IT` and `DO` as glyphs
//!   (`TE[1]` `!`, `TE[2]` `!!`, `BM[1]` `?`, `BM[2]` `??`, `IT` `!?`, `DO`
//!   `?!`), and every other property (a root property of several values
//!   too) as the node's extras, one (name, value) a value, kept and
//!   written back.
//!
//! Text is UTF-8 (a byte order mark skipped); `CA` is not followed.
//!
//! # What is refused
//!
//! A game tree is bad ([`RecordError`]) at a move that is illegal under
//! the rules here (an occupied point, a suicide, a ko retaken at once:
//! sgfmill plays all three), a point off the board, a bad `SZ` or `PL`, a
//! setup that leaves a group without a liberty, a move and a setup in one
//! node, `B` and `W` in one node, a game tree never closed, a variation
//! before any node, a node after a variation, text that is no token, and
//! past the [`Limits`](games_record::Limits) (variations nested deeper
//! than its depth, among them). The reader then goes on after the bad game
//! tree's `)`.
//!
//! # What is written
//!
//! [`to_sgf`] and [`write()`] write a game tree a record: `GM[1]FF[4]CA[UTF-8]`,
//! `SZ`, the tags, the start's stones and `PL` where the first move does
//! not say the side to move, then each node (a move, `PL` for a null
//! move, the stones a setup changes), its comments, glyphs and extras,
//! each node with several children opening a variation for each; reading
//! what was written gives the same record (`==`).

mod check;
mod reader;
mod syntax;
mod writer;

pub use check::check;
pub use reader::{Games, KeepNode, read, read_keeping};
pub use writer::{to_sgf, write};

use crate::{BLACK, GoPosition, Node, WHITE};
#[cfg(doc)]
use games_record::{Record, RecordError};

/// The properties of the file rather than the game: not tags.
const FILE_PROPERTIES: [&str; 4] = ["FF", "GM", "CA", "SZ"];

/// SGF's move annotations and the glyph (PGN's NAG) each is.
const ANNOTATIONS: [((&str, &str), u8); 6] = [
    (("TE", "1"), 1),
    (("TE", "2"), 3),
    (("BM", "1"), 2),
    (("BM", "2"), 4),
    (("IT", ""), 5),
    (("DO", ""), 6),
];

/// A node's board as `records --nodes` writes it: the rows from the top,
/// each point `.`, `X` (black) or `O` (white), joined by `/`, a space and
/// the side to move, `b` or `w`.
///
/// ```
/// use games_go::{self as go, sgf};
/// use games_core::Persistent;
///
/// let node = go::load::<Persistent<u8, u8>>(".X./... O")?;
/// assert_eq!(sgf::position_text(&node), ".X./... w");
/// # Ok::<(), go::LoadError>(())
/// ```
#[must_use]
pub fn position_text<P: GoPosition>(node: &Node<P>) -> String {
    let position = &node.position;
    let columns = position.shape().get(1).copied().unwrap_or(1);
    let mut stones = vec![None; position.square_count()];
    position.read_board(&mut stones);
    let mut text = String::with_capacity(stones.len() + stones.len() / columns + 2);
    for (row, points) in stones.chunks(columns).enumerate() {
        if row > 0 {
            text.push('/');
        }
        text.extend(points.iter().map(|stone| match *stone {
            Some(BLACK) => 'X',
            Some(WHITE) => 'O',
            _ => '.',
        }));
    }
    text += if position.turn().is_first() {
        " b"
    } else {
        " w"
    };
    text
}
