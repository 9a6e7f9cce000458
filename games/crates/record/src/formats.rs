//! What a game gives the `records` command and the measuring side: its
//! formats, their readers and writers, and how a node is written as the
//! engine protocols write it.

use core::fmt::{Debug, Display};
use std::io;
use std::path::Path;

use super::error::RecordError;
use super::limits::Limits;
use super::tree::{NodeId, Record, Step};
use games_core::Game;
use games_core::Position;

/// The games of a file, one at a time (see the [module docs](super)).
pub type GameReader<'a, N, K> = Box<dyn Iterator<Item = Result<Record<N, K>, RecordError>> + 'a>;

/// A game's record formats, beside its rules: chess's PGN, shogi's CSA and
/// KIF, Go's SGF. The command (`games <game> records`) and the measuring
/// side are written once over this trait; a game gives its formats by
/// implementing it.
pub trait Records: Game {
    /// One of the game's formats.
    type Format: Copy + Eq + Debug + Display + 'static;

    /// The game's formats; the first is the one [`write`](Records::write)
    /// writes when asked for none.
    const FORMATS: &'static [Self::Format];

    /// The program of others the measuring side sets beside the designs,
    /// for bearings (`records --compare --python`): its name, and the
    /// script, from the repository's root, whose `bench FILE --seed S`
    /// prints its figures on one line of JSON (`nodes`, `load_seconds`,
    /// `bytes_per_node`, `board_seconds_per_node`, `sampled`, `version`).
    const PEER: (&'static str, &'static str);

    /// The most the kept positions' bytes a node may be of the fixed-array
    /// copy's (`records --compare`), if the game has that target: 0.4 for
    /// shogi and Go; none for chess, whose 64-byte board copies about as
    /// cheaply as a kept position keeps it (the ratio is reported).
    const FIXED_TARGET: Option<f64> = None;

    /// The format of a file named `path`: by its extension, any case
    /// (`.pgn`; `.csa`, `.kif`, `.kifu`; `.sgf`); a game of one format
    /// reads every file in it.
    ///
    /// # Errors
    ///
    /// A message naming the extensions the game reads, for a file of none.
    fn format_of(path: &Path) -> Result<Self::Format, String>;

    /// The games of `bytes`, written in `format`, read over nodes of the
    /// crate `P` within `limits`, every node keeping what `keep` makes of
    /// it and of the step that reached it.
    fn read<'a, P, K, F>(
        format: Self::Format,
        bytes: &'a [u8],
        limits: Limits,
        keep: F,
    ) -> GameReader<'a, Self::Node<P>, K>
    where
        P: Position<Piece = Self::Piece, Style = Self::Style>,
        K: 'a,
        F: FnMut(&Step<Self::Move>, &Self::Node<P>) -> K + 'a;

    /// Writes `records` to `out` in `format`.
    ///
    /// # Errors
    ///
    /// If writing fails, or the format has no writer here
    /// ([`io::ErrorKind::Unsupported`]).
    fn write<P: Position<Piece = Self::Piece, Style = Self::Style>>(
        format: Self::Format,
        records: &[&Record<Self::Node<P>>],
        out: &mut dyn io::Write,
    ) -> io::Result<()>;

    /// A step in the engine protocol's notation (UCI, USI, GTP), as
    /// `records --nodes` writes the moves from a game's start: UCI writes
    /// a null move `0000`, GTP a pass `pass`.
    fn protocol_step(step: &Step<Self::Move>) -> String;

    /// The position of the node `id` as `records --nodes` writes it, in
    /// the game's usual notation with everything its protocol says of a
    /// position: FEN's six fields (the clocks counted from the record's
    /// start), SFEN's four, Go's rows and the side to move.
    fn position_text<P: Position<Piece = Self::Piece, Style = Self::Style>>(
        record: &Record<Self::Node<P>>,
        id: NodeId,
    ) -> String;

    /// The node alone as text that [`Game::load`] reads back into an equal
    /// node: FEN (its clocks `0 1`), SFEN, Go's board. What a design that
    /// keeps a string a node keeps (lichess's FEN a node).
    fn node_text<P: Position<Piece = Self::Piece, Style = Self::Style>>(
        node: &Self::Node<P>,
    ) -> String;

    /// Whether two nodes hold the same position as the game's notation
    /// tells positions apart (`records --position`): `==` unless the game
    /// says otherwise (chess compares the en-passant square only where a
    /// pawn may take).
    fn same_position<P: Position<Piece = Self::Piece, Style = Self::Style>>(
        a: &Self::Node<P>,
        b: &Self::Node<P>,
    ) -> bool {
        a == b
    }

    /// The node after a null move from `node`, if the game has null moves
    /// there: how a saved record's null moves are found again.
    fn null_node<P: Position<Piece = Self::Piece, Style = Self::Style>>(
        node: &Self::Node<P>,
    ) -> Option<Self::Node<P>>;

    /// The node of `position` with the game's state `state` (as
    /// [`Node::state`](games_core::Node::state) gives it), if it is a node of the game: how a saved
    /// record's starts and setups become nodes again.
    fn node_of<P: Position<Piece = Self::Piece, Style = Self::Style>>(
        position: P,
        state: u64,
    ) -> Option<Self::Node<P>>;
}
