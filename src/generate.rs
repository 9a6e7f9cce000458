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

#[cfg(test)]
mod tests {
    use super::{Move, build};
    use crate::{Player, Qi};

    type Position = Qi<u8, u8>;

    /// A move of `kind` (read modulo 16) with the given numbers, by the
    /// first player, with piece 9.
    fn drawn(kind: u8, square: usize, other: usize) -> Move<u8> {
        Move {
            kind,
            player: Player::First,
            piece: 9,
            square,
            other,
        }
    }

    /// A 3x3 board holding 1 on square 0 and 2 on square 8, the first hand
    /// holding 3 and 4 (one each).
    fn start() -> Position {
        Qi::new(&[3, 3], 0, 1)
            .unwrap()
            .board_diff([(0, Some(1)), (8, Some(2))])
            .unwrap()
            .first_hand_diff([(3, 1), (4, 1)])
            .unwrap()
    }

    fn squares(position: &Position) -> Vec<Option<u8>> {
        position.squares().map(Option::<&u8>::copied).collect()
    }

    fn hand(position: &Position, player: Player) -> Vec<(u8, usize)> {
        position
            .hand(player)
            .map(|(&piece, count)| (piece, count))
            .collect()
    }

    #[test]
    fn numbers_are_read_modulo_what_they_index() {
        // Kind 16 is kind 0 (a piece put on a square), square 13 is 4.
        let played = drawn(16, 13, 0).play(start());
        assert_eq!(played.square(4), Some(&9));
        assert_eq!(played.turn(), Player::First);
        // Kind 7 gives [1, 2, 3][other % 3] copies: other 5 gives 3.
        let played = drawn(7, 0, 5).play(start());
        assert_eq!(played.hand_count(Player::First, &9), 3);
    }

    #[test]
    fn each_kind_of_move_changes_what_it_names() {
        let start = start();
        // 0 to 5 put the piece on the square, 6 empties it.
        for kind in 0..=5 {
            assert_eq!(drawn(kind, 4, 0).play(start.clone()).square(4), Some(&9));
        }
        assert_eq!(drawn(6, 0, 0).play(start.clone()).square(0), None);
        // 7 and 8 give copies to the player's hand.
        for kind in [7, 8] {
            let given = drawn(kind, 0, 1).play(start.clone());
            assert_eq!(given.hand_count(Player::First, &9), 2);
            assert_eq!(squares(&given), squares(&start));
        }
        // 9 and 10 capture the square's piece into the player's hand, and
        // pass the turn.
        for kind in [9, 10] {
            let captured = drawn(kind, 8, 0).play(start.clone());
            assert_eq!(captured.square(8), None);
            assert_eq!(hand(&captured, Player::First), [(2, 1), (3, 1), (4, 1)]);
            assert_eq!(captured.turn(), Player::Second);
        }
        // 11 and 12 drop the hand's entry `other` (modulo the entries) on
        // an empty square, and pass the turn.
        for kind in [11, 12] {
            let dropped = drawn(kind, 4, 2).play(start.clone());
            assert_eq!(dropped.square(4), Some(&3));
            assert_eq!(hand(&dropped, Player::First), [(4, 1)]);
            assert_eq!(dropped.turn(), Player::Second);
        }
        // 13 and 14 move the square's piece to the target `other`, a piece
        // there captured into the hand of the side to move.
        for kind in [13, 14] {
            let moved = drawn(kind, 0, 4).play(start.clone());
            assert_eq!((moved.square(0), moved.square(4)), (None, Some(&1)));
            assert_eq!(moved.turn(), Player::Second);
            let capture = drawn(kind, 0, 8).play(start.clone());
            assert_eq!((capture.square(0), capture.square(8)), (None, Some(&1)));
            assert_eq!(hand(&capture, Player::First), [(2, 1), (3, 1), (4, 1)]);
        }
        // A piece moved onto its own square stays, and takes nothing.
        let stay = drawn(13, 0, 9).play(start.clone());
        assert_eq!(squares(&stay), squares(&start));
        assert_eq!(hand(&stay, Player::First), hand(&start, Player::First));
        // 15 only passes the turn.
        let passed = drawn(15, 4, 0).play(start.clone());
        assert_eq!(squares(&passed), squares(&start));
        assert_eq!(passed.turn(), Player::Second);
    }

    #[test]
    fn moves_that_do_not_apply_leave_the_position_as_it_is() {
        let start = start();
        // A capture of an empty square, a drop on an occupied one or from
        // an empty hand, a move from an empty square.
        for (kind, square, player) in [
            (9, 4, Player::First),
            (11, 0, Player::First),
            (11, 4, Player::Second),
            (13, 4, Player::First),
        ] {
            let mut next = drawn(kind, square, 0);
            next.player = player;
            assert!(next.play(start.clone()).ptr_eq(&start), "kind {kind}");
        }
    }

    #[test]
    fn a_position_is_built_by_its_moves_from_an_empty_board() {
        let built: Position = build(&[3, 3], 0, 1, [drawn(0, 4, 0), drawn(15, 0, 0)]).unwrap();
        let expected = Qi::new(&[3, 3], 0, 1)
            .unwrap()
            .board_diff([(4, Some(9))])
            .unwrap()
            .toggle();
        assert_eq!(built, expected);
        assert!(build::<u8, u8>(&[0], 0, 1, []).is_none());
    }
}
