//! Shogi's records, beside its rules: CSA read and written ([`csa`]),
//! KIF read ([`kif`]), over the record tree that knows no format
//! ([`Record`](crate::record::Record)).
//!
//! Both formats share how they lay a position out (the ranks, the hands,
//! the handicap starts), the names of their tags (`Sente`, `Gote`,
//! `Event`...) and how a move read is found among the legal ones: a
//! position a record gives enters the rules through SFEN, their one door
//! in, and a move is one of the rules' legal moves or the game is bad.

mod check;
pub mod csa;
pub mod kif;

mod layout;
mod tags;
mod text;

pub use check::{check_csa, check_kif};

use super::{Board, Move, Node, legal_moves};
use crate::Node as _;
use crate::position::QpiPosition;
use crate::record::Step;

/// How a reader keeps each node: the node itself.
pub type KeepNode<P> = fn(&Step<Move>, &Node<P>) -> Node<P>;

/// A reader's scratch for finding a move among the legal ones: the board
/// last read and its legal moves, kept from move to move.
#[derive(Debug, Default)]
struct Played {
    board: Board,
    moves: Vec<Move>,
}

impl Played {
    /// The first legal move of `node` that `wanted` accepts.
    fn find<P: QpiPosition>(
        &mut self,
        node: &Node<P>,
        wanted: impl Fn(&Move) -> bool,
    ) -> Option<Move> {
        node.read_into(&mut self.board);
        self.moves.clear();
        legal_moves(&self.board, &mut self.moves);
        self.moves.iter().copied().find(|mv| wanted(mv))
    }

    /// The child of `node` after `mv`, which [`find`](Played::find) has
    /// just found in it.
    fn play<P: QpiPosition>(&self, node: &Node<P>, mv: Move) -> Node<P> {
        node.play(&self.board, mv)
    }
}
