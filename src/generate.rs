//! The one generator of positions behind the `arbitrary`, `proptest` and
//! `quickcheck` integrations.
//!
//! A position is built the way a game builds one: an empty board, then
//! moves (put or clear a piece, give pieces to a hand, capture into a hand,
//! drop from a hand, move a piece, pass the turn), each played through
//! [`Qi::edit`] in one step and kept only if the position accepts it. Every
//! generated position is therefore valid and reachable. The integrations
//! differ only in where their numbers come from: each draws [`Move`]s from
//! its own source.

use core::hash::Hash;

use crate::{Player, Qi};

/// The most moves played to build one position.
pub(crate) const MAX_MOVES: usize = 64;

/// One move, as drawn. Its numbers are read modulo what they index (the
/// kinds of move, the squares, a hand's entries), so every move fits every
/// position; a move that does not apply (a capture of an empty square, a
/// drop from an empty hand, a piece too many) leaves the position as it is.
#[derive(Debug, Clone)]
pub(crate) struct Move<P> {
    /// The kind of move, modulo 16. The lowest kinds put a piece on a
    /// square, so a shrinker that lowers numbers simplifies moves.
    pub(crate) kind: u8,
    /// Who gives, captures or drops.
    pub(crate) player: Player,
    /// The piece put on a square or given.
    pub(crate) piece: P,
    /// A square: the one changed, captured from, dropped on or moved from.
    pub(crate) square: usize,
    /// The target of a move, the hand entry dropped, the count given.
    pub(crate) other: usize,
}

impl<P: Clone + Ord + Hash> Move<P> {
    /// The position after this move, or `position` itself if the move does
    /// not apply.
    pub(crate) fn play<S>(self, position: Qi<P, S>) -> Qi<P, S> {
        let squares = position.square_count();
        let square = self.square % squares;
        let mut edit = position.edit();
        match self.kind % 16 {
            0..=5 => {
                edit.set(square, Some(self.piece));
            }
            6 => {
                edit.set(square, None);
            }
            7 | 8 => {
                edit.hand(self.player, self.piece, [1, 2, 3][self.other % 3]);
            }
            9 | 10 => {
                let Some(taken) = position.square(square).cloned() else {
                    return position;
                };
                edit.set(square, None).hand(self.player, taken, 1).toggle();
            }
            11 | 12 => {
                let held = position.hand(self.player).count();
                let entry = position.hand(self.player).nth(self.other % held.max(1));
                let (Some((piece, _)), None) = (entry, position.square(square)) else {
                    return position;
                };
                let piece = piece.clone();
                edit.hand(self.player, piece.clone(), -1)
                    .set(square, Some(piece))
                    .toggle();
            }
            13 | 14 => {
                let target = self.other % squares;
                let Some(moving) = position.square(square).cloned() else {
                    return position;
                };
                edit.set(square, None);
                // A capture: the taken piece goes to the mover's hand.
                if let Some(taken) = position.square(target).filter(|_| target != square) {
                    edit.hand(position.turn(), taken.clone(), 1);
                }
                edit.set(target, Some(moving)).toggle();
            }
            _ => {
                edit.toggle();
            }
        }
        edit.finish().unwrap_or(position)
    }
}

/// An empty position on `shape` after `moves`; `None` if the shape is
/// invalid.
pub(crate) fn build<P, S>(
    shape: &[usize],
    first_style: S,
    second_style: S,
    moves: impl IntoIterator<Item = Move<P>>,
) -> Option<Qi<P, S>>
where
    P: Clone + Ord + Hash,
    S: Hash,
{
    let empty = Qi::new(shape, first_style, second_style).ok()?;
    Some(
        moves
            .into_iter()
            .fold(empty, |position, next| next.play(position)),
    )
}
