//! The fixed array: what an engine author writes for one known game, as a
//! runner beside the position crates. The board is an array of
//! `SQUARES` squares inside the position, each hand an array of `HAND`
//! `(piece, count)` entries, and a key kept up to date by every move;
//! nothing is allocated, and a child is the parent copied whole with the
//! move's changes written in place: the limit of copying, against which
//! the tables measure persistent-qi's distance. No target is set on it.

use core::hash::{Hash, Hasher};
use std::sync::{Mutex, PoisonError};

use persistent_qi::Player;
use rustc_hash::FxHasher;

use crate::position::{BuildError, FixedError, Parts, Position, Token, Write};

/// How reports name the fixed array, and the command line (`--crate
/// fixed`) picks it.
pub const FIXED_ARRAY: &str = support::names::FIXED_ARRAY;

/// A position held in arrays of fixed length: `SQUARES` squares (a board
/// of fewer leaves the rest empty) and `HAND` kinds of piece in each hand.
///
/// Each hand's entries are kept sorted by piece, the empty slots last, so
/// that equal positions hold equal arrays whatever moves made them. The key
/// is Zobrist's: a term for each occupied square (its index mixed with a
/// hash of its piece, so no table is needed whatever the piece type), for
/// each hand count, and for the turn, combined by exclusive or, so that a
/// move updates it with the terms it changes and equal positions have
/// equal keys.
///
/// `Copy`: [`play`](Position::play) copies the whole position,
/// O(`SQUARES`), and writes the move's changes into the copy.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Fixed<P, S, const SQUARES: usize, const HAND: usize> {
    board: [Option<P>; SQUARES],
    hands: [[Option<(P, u8)>; HAND]; 2],
    /// One copy per shape the process has seen (see [`interned`]): 16
    /// bytes a position, where the sizes themselves would take 32.
    shape: &'static [usize],
    key: u64,
    styles: [S; 2],
    turn: Player,
}

/// The term of the player to move being the second.
const SECOND_TO_MOVE: u64 = 0x5851_F42D_4C95_7F2D;

/// Each player's hand terms are set apart by this, times the player.
const HAND_SALT: u64 = 0x2545_F491_4F6C_DD1D;

/// A square's index spreads over the key's bits by this factor.
const SPREAD: u64 = 0x9E37_79B9_7F4A_7C15;

/// The finalizer of `SplitMix64`: every bit of `value` reaches every bit of
/// the result. `#[inline]`: every key update of every instantiation
/// calls it, from the crates above this one.
#[inline]
fn mix(mut value: u64) -> u64 {
    value = (value ^ (value >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    value = (value ^ (value >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    value ^ (value >> 31)
}

fn hash_of(value: &impl Hash) -> u64 {
    let mut hasher = FxHasher::default();
    value.hash(&mut hasher);
    hasher.finish()
}

/// The key's term of `piece` on the square `square`; 0 for an empty one.
fn square_term<P: Hash>(square: usize, piece: Option<&P>) -> u64 {
    piece.map_or(0, |piece| {
        mix(hash_of(piece) ^ (square as u64 + 1).wrapping_mul(SPREAD))
    })
}

/// The key's term of `count` of `piece` in `player`'s hand; 0 for none.
fn hand_term<P: Hash>(player: Player, piece: &P, count: u8) -> u64 {
    if count == 0 {
        return 0;
    }
    let player = u64::from(player.is_second()) + 1;
    mix(hash_of(piece) ^ player.wrapping_mul(HAND_SALT) ^ (u64::from(count) << 48))
}

/// The one copy of `shape` the process keeps: interned on first sight and
/// never freed, so a shape costs its bytes once, whatever the positions.
fn interned(shape: &[usize]) -> &'static [usize] {
    static SHAPES: Mutex<Vec<&'static [usize]>> = Mutex::new(Vec::new());
    let mut shapes = SHAPES.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(&known) = shapes.iter().find(|&&known| known == shape) {
        return known;
    }
    let leaked: &'static [usize] = Vec::leak(shape.to_vec());
    shapes.push(leaked);
    leaked
}

/// Changes the count of `piece` in a hand sorted by piece by `delta`,
/// keeping it sorted: the count before and after, or `None` if the change
/// does not fit (a count below 0 or above 255, or no entry left for a new
/// kind), the hand then unchanged.
fn change_hand<P: Ord + Copy>(
    hand: &mut [Option<(P, u8)>],
    piece: P,
    delta: i32,
) -> Option<(u8, u8)> {
    let kinds = hand.iter().take_while(|entry| entry.is_some()).count();
    let at = hand[..kinds].partition_point(|entry| entry.is_some_and(|(held, _)| held < piece));
    let before = match hand.get(at) {
        Some(Some((held, count))) if *held == piece => *count,
        _ => 0,
    };
    let after = u8::try_from(i32::from(before) + delta).ok()?;
    match (before, after) {
        (0, 0) => {}
        (0, _) => {
            if kinds == hand.len() {
                return None;
            }
            hand[at..=kinds].rotate_right(1);
            hand[at] = Some((piece, after));
        }
        (_, 0) => {
            hand[at..kinds].rotate_left(1);
            hand[kinds - 1] = None;
        }
        _ => hand[at] = Some((piece, after)),
    }
    Some((before, after))
}

const LEGAL: &str = "a legal move fits the fixed array";

impl<P: Token, S: Token, const SQUARES: usize, const HAND: usize> Fixed<P, S, SQUARES, HAND> {
    /// Writes a move's changes into `self`, the key with them.
    fn apply(&mut self, writes: &[Write<P>], hand: Option<(P, i32)>) {
        for write in writes {
            let before = core::mem::replace(&mut self.board[write.square], write.after);
            assert!(before == write.before, "{LEGAL}");
            self.key ^= square_term(write.square, before.as_ref())
                ^ square_term(write.square, write.after.as_ref());
        }
        if let Some((piece, delta)) = hand {
            let mover = self.turn;
            let entries = &mut self.hands[usize::from(mover.is_second())];
            let (before, after) = change_hand(entries, piece, delta).expect(LEGAL);
            self.key ^= hand_term(mover, &piece, before) ^ hand_term(mover, &piece, after);
        }
        self.turn = self.turn.flip();
        self.key ^= SECOND_TO_MOVE;
    }
}

impl<P: Token, S: Token, const SQUARES: usize, const HAND: usize> Position
    for Fixed<P, S, SQUARES, HAND>
{
    type Piece = P;
    type Style = S;

    const CRATE: &'static str = FIXED_ARRAY;

    fn from_parts(parts: Parts<'_, P, S>) -> Result<Self, BuildError> {
        let refuse = |error| Err(BuildError::Fixed(error));
        let squares = parts.squares.len();
        let shape_squares: usize = parts.shape.iter().product();
        if shape_squares != squares {
            return refuse(FixedError::SquareCount {
                shape: shape_squares,
                given: squares,
            });
        }
        if squares > SQUARES {
            return refuse(FixedError::Squares {
                squares,
                capacity: SQUARES,
            });
        }
        let mut position = Fixed {
            board: [None; SQUARES],
            hands: [[None; HAND]; 2],
            shape: interned(parts.shape),
            key: hash_of(&(parts.shape, parts.styles)),
            styles: parts.styles,
            turn: parts.turn,
        };
        position.board[..squares].copy_from_slice(parts.squares);
        for (square, piece) in parts.squares.iter().enumerate() {
            position.key ^= square_term(square, piece.as_ref());
        }
        for (player, entries) in Player::ALL.into_iter().zip(parts.hands) {
            let mut kinds: Vec<P> = entries
                .iter()
                .filter(|&&(_, count)| count > 0)
                .map(|&(piece, _)| piece)
                .collect();
            kinds.sort_unstable();
            kinds.dedup();
            if kinds.len() > HAND {
                return refuse(FixedError::HandKinds {
                    player,
                    kinds: kinds.len(),
                    capacity: HAND,
                });
            }
            let hand = &mut position.hands[usize::from(player.is_second())];
            for &(piece, count) in entries {
                let changed = i32::try_from(count)
                    .ok()
                    .and_then(|delta| change_hand(hand, piece, delta));
                let Some((before, after)) = changed else {
                    return refuse(FixedError::HandCount { player, count });
                };
                position.key ^=
                    hand_term(player, &piece, before) ^ hand_term(player, &piece, after);
            }
        }
        if parts.turn.is_second() {
            position.key ^= SECOND_TO_MOVE;
        }
        Ok(position)
    }

    fn shape(&self) -> &[usize] {
        self.shape
    }

    fn turn(&self) -> Player {
        self.turn
    }

    fn style(&self, player: Player) -> S {
        self.styles[usize::from(player.is_second())]
    }

    fn read_board(&self, squares: &mut [Option<P>]) {
        assert_eq!(squares.len(), self.square_count(), "one slot per square");
        squares.copy_from_slice(&self.board[..squares.len()]);
    }

    fn for_each_in_hand(&self, player: Player, mut visit: impl FnMut(P, usize)) {
        for &(piece, count) in self.hands[usize::from(player.is_second())]
            .iter()
            .map_while(Option::as_ref)
        {
            visit(piece, usize::from(count));
        }
    }

    fn play(&self, writes: &[Write<P>], hand: Option<(P, i32)>) -> Self {
        let mut child = *self;
        child.apply(writes, hand);
        child
    }

    // The child is built where the caller keeps it: the copy goes there,
    // and the move is written in place.
    fn play_into(&self, writes: &[Write<P>], hand: Option<(P, i32)>, out: &mut Self) {
        *out = *self;
        out.apply(writes, hand);
    }

    fn key(&self) -> u64 {
        self.key
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Small = Fixed<u8, u8, 9, 2>;

    fn parts<'a>(
        shape: &'a [usize],
        squares: &'a [Option<u8>],
        hands: [&'a [(u8, usize)]; 2],
    ) -> Parts<'a, u8, u8> {
        Parts {
            shape,
            squares,
            hands,
            styles: [0, 1],
            turn: Player::First,
        }
    }

    fn empty() -> Small {
        Small::from_parts(parts(&[3, 3], &[None; 9], [&[], &[]])).expect("a 3x3 board fits")
    }

    /// The 3x3 board with `piece` on `square` alone, the first player's
    /// hand `hand`, the second player's empty, and the second to move:
    /// built at once, as a reference for positions reached by moves.
    fn built_after_first_move(square: usize, piece: u8, hand: &[(u8, usize)]) -> Small {
        let mut squares = [None; 9];
        squares[square] = Some(piece);
        Small::from_parts(Parts {
            turn: Player::Second,
            ..parts(&[3, 3], &squares, [hand, &[]])
        })
        .expect("the parts fit")
    }

    #[test]
    fn equal_positions_reached_by_different_moves_are_equal_with_equal_keys() {
        let start = empty();
        let place = |square, piece| Write {
            square,
            before: None,
            after: Some(piece),
        };
        let one = start
            .play(&[place(0, 1)], Some((7, 1)))
            .play(&[place(4, 2)], None)
            .play(&[place(8, 1)], Some((5, 1)))
            .play(&[], None);
        let other = start
            .play(&[place(8, 1)], Some((5, 1)))
            .play(&[place(4, 2)], None)
            .play(&[place(0, 1)], Some((7, 1)))
            .play(&[], None);
        assert_ne!(one.hands, start.hands, "the hands changed");
        assert_eq!(one, other);
        assert_eq!(one.key(), other.key());
    }

    /// A piece put on square 3.
    fn capture() -> [Write<u8>; 1] {
        [Write {
            square: 3,
            before: None,
            after: Some(9),
        }]
    }

    #[test]
    fn the_key_kept_by_moves_is_the_key_of_the_same_parts_built_at_once() {
        let played = empty().play(&capture(), Some((4, 2)));
        let built = built_after_first_move(3, 9, &[(4, 2)]);
        assert_eq!(played.turn(), Player::Second);
        assert_eq!(played, built);
        assert_eq!(played.key(), built.key());
    }

    #[test]
    fn play_into_builds_the_child_play_builds() {
        let start = empty();
        let mut slot = start.play(&[], None);
        assert_ne!(
            slot,
            start.play(&capture(), Some((4, 2))),
            "the slot holds another position"
        );
        start.play_into(&capture(), Some((4, 2)), &mut slot);
        assert_eq!(slot, start.play(&capture(), Some((4, 2))));
    }

    #[test]
    fn a_hand_emptied_of_a_piece_drops_its_entry_and_its_key_term() {
        let start = Small::from_parts(parts(&[3, 3], &[None; 9], [&[(3, 1), (6, 2)], &[]]))
            .expect("two kinds fit");
        let dropped = start.play(
            &[Write {
                square: 0,
                before: None,
                after: Some(3),
            }],
            Some((3, -1)),
        );
        let built = built_after_first_move(0, 3, &[(6, 2)]);
        assert_eq!(dropped.hands[0], [Some((6, 2)), None]);
        assert_eq!(dropped, built);
        assert_eq!(dropped.key(), built.key());
    }

    #[test]
    fn a_board_larger_than_the_array_is_refused() {
        let error = Small::from_parts(parts(&[4, 4], &[None; 16], [&[], &[]])).unwrap_err();
        assert_eq!(
            error,
            BuildError::Fixed(FixedError::Squares {
                squares: 16,
                capacity: 9
            })
        );
    }

    #[test]
    fn a_hand_of_more_kinds_than_the_array_is_refused() {
        let hand: &[(u8, usize)] = &[(1, 1), (2, 1), (3, 1)];
        let error = Small::from_parts(parts(&[3, 3], &[None; 9], [&[], hand])).unwrap_err();
        assert_eq!(
            error.to_string(),
            "the fixed array holds 2 kinds of piece a hand, the second hand has 3"
        );
    }

    #[test]
    fn a_hand_count_past_an_entry_is_refused() {
        let hand: &[(u8, usize)] = &[(1, 256)];
        let error = Small::from_parts(parts(&[3, 3], &[None; 9], [hand, &[]])).unwrap_err();
        assert_eq!(
            error,
            BuildError::Fixed(FixedError::HandCount {
                player: Player::First,
                count: 256
            })
        );
    }

    #[test]
    fn squares_that_are_not_the_shapes_are_refused() {
        let error = Small::from_parts(parts(&[3, 3], &[None; 8], [&[], &[]])).unwrap_err();
        assert_eq!(
            error,
            BuildError::Fixed(FixedError::SquareCount { shape: 9, given: 8 })
        );
    }

    #[test]
    fn a_smaller_board_reads_back_its_own_squares_only() {
        let position =
            Small::from_parts(parts(&[2, 2], &[Some(1), None, None, Some(2)], [&[], &[]]))
                .expect("four squares fit");
        let mut squares = [None; 4];
        position.read_board(&mut squares);
        assert_eq!(position.square_count(), 4);
        assert_eq!(squares, [Some(1), None, None, Some(2)]);
    }
}
