//! `quickcheck` support (feature `quickcheck`): [`Arbitrary`] for
//! [`Player`], [`Qpi`] and the typed position `Qi<Qpi, Sin>`, with shrinking.
//!
//! A generated position has 1 to 3 dimensions of 1 to 9 squares, random QPI
//! pieces on some squares and in both hands (never more pieces than
//! squares), two random styles and either side to move; every one is built
//! through the public transformations, so it is valid. Shrinking hands the
//! turn to the first player, empties hands and squares one at a time, packs
//! the board's pieces onto its first squares, and cuts the board (one
//! dimension halved or shortened by one, or the outermost dropped) keeping
//! the pieces that still fit, so a failing case ends small and readable.
//!
//! ```
//! use persistent_qi::Qi;
//! use persistent_qi::qpi::{Qpi, Sin};
//! use quickcheck::QuickCheck;
//!
//! fn clones_are_equal(position: Qi<Qpi, Sin>) -> bool {
//!     position.clone() == position
//! }
//! QuickCheck::new().tests(50).quickcheck(clones_are_equal as fn(Qi<Qpi, Sin>) -> bool);
//! ```

use ::quickcheck::{Arbitrary, Gen};

use crate::qpi::{Qpi, Sin};
use crate::{Player, Qi};

impl Arbitrary for Player {
    fn arbitrary(g: &mut Gen) -> Self {
        if bool::arbitrary(g) {
            Player::Second
        } else {
            Player::First
        }
    }

    /// [`Player::Second`] shrinks to [`Player::First`].
    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        match self {
            Player::First => ::quickcheck::empty_shrinker(),
            Player::Second => ::quickcheck::single_shrinker(Player::First),
        }
    }
}

/// The token of a code taken modulo the number of tokens.
fn token(code: u16) -> Qpi {
    // `Qpi::COUNT` is 16,224: it fits a `u16`, and so does the result.
    #[allow(clippy::cast_possible_truncation)]
    let code = code % Qpi::COUNT as u16 + 1;
    // Every code in `1..=COUNT` is a token; the fallback is never taken.
    Qpi::from_code(code).unwrap_or_else(|| token(0))
}

impl Arbitrary for Qpi {
    /// Any of the 16,224 tokens, uniformly.
    fn arbitrary(g: &mut Gen) -> Self {
        token(u16::arbitrary(g))
    }

    /// Towards a plainer token: without state modifier, without terminal
    /// marker, native.
    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let pin = self.pin();
        let candidates = [
            self.with_pin(pin.normalized()),
            self.with_pin(pin.with_terminal(false)),
            self.native(),
        ];
        let original = *self;
        let mut simpler: Vec<Qpi> = Vec::new();
        for candidate in candidates {
            if candidate != original && !simpler.contains(&candidate) {
                simpler.push(candidate);
            }
        }
        Box::new(simpler.into_iter())
    }
}

impl Arbitrary for Qi<Qpi, Sin> {
    fn arbitrary(g: &mut Gen) -> Self {
        let dimensions = 1 + usize::arbitrary(g) % 3;
        let shape: Vec<usize> = (0..dimensions)
            .map(|_| 1 + usize::arbitrary(g) % 9)
            .collect();
        let (first_style, second_style) = (Qpi::arbitrary(g).sin(), Qpi::arbitrary(g).sin());
        let Ok(empty) = Qi::new(&shape, first_style, second_style) else {
            unreachable!("1 to 3 dimensions of 1 to 9 squares are a valid shape")
        };
        let squares = empty.square_count();
        let placements = usize::arbitrary(g) % (squares + 1);
        let changes: Vec<(usize, Option<Qpi>)> = (0..placements)
            .map(|_| (usize::arbitrary(g) % squares, Some(Qpi::arbitrary(g))))
            .collect();
        let mut position = empty.board_diff(changes).unwrap_or(empty);
        for _ in 0..usize::arbitrary(g) % 4 {
            let free = squares - position.piece_count();
            if free == 0 {
                break;
            }
            let player = Player::arbitrary(g);
            let count = 1 + usize::arbitrary(g) % free.min(3);
            // `count <= 3`.
            #[allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap)]
            let change = [(Qpi::arbitrary(g), count as i32)];
            position = position.hand_diff(player, change).unwrap_or(position);
        }
        position.with_turn(Player::arbitrary(g))
    }

    /// Simpler positions, most promising first: the first player to move,
    /// a hand entry gone, a smaller board, a square emptied.
    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let mut simpler = Vec::new();
        if self.turn() == Player::Second {
            simpler.push(self.with_turn(Player::First));
        }
        for player in Player::ALL {
            for (&piece, count) in self.hand(player) {
                // A count is at most the square count, which fits an `i32`.
                #[allow(clippy::cast_possible_truncation, clippy::cast_possible_wrap)]
                let change = [(piece, -(count as i32))];
                simpler.extend(self.hand_diff(player, change));
            }
        }
        simpler.extend(packed(self));
        simpler.extend(smaller_boards(self));
        for (index, square) in self.squares().enumerate() {
            if square.is_some() {
                simpler.extend(self.board_diff([(index, None)]));
            }
        }
        Box::new(simpler.into_iter())
    }
}

/// The position with its board pieces moved, in order, to the first
/// squares, so that a smaller board can keep them all; `None` if they are
/// there already.
fn packed(position: &Qi<Qpi, Sin>) -> Option<Qi<Qpi, Sin>> {
    let pieces: Vec<Qpi> = position.squares().flatten().copied().collect();
    let already = position
        .squares()
        .take(pieces.len())
        .all(|square| square.is_some());
    if already {
        return None;
    }
    let cleared = position
        .squares()
        .enumerate()
        .map(|(index, _)| (index, None));
    let placed = pieces
        .into_iter()
        .enumerate()
        .map(|(index, piece)| (index, Some(piece)));
    position
        .board_diff(cleared.chain(placed).collect::<Vec<_>>())
        .ok()
}

/// The position cut down to smaller shapes: each dimension of size > 1
/// halved or shortened by one, and the outermost dimension dropped; pieces
/// that no longer fit leave the board, and the hands are kept if they still
/// fit.
fn smaller_boards(position: &Qi<Qpi, Sin>) -> Vec<Qi<Qpi, Sin>> {
    let shape = position.shape();
    let mut shapes: Vec<Vec<usize>> = Vec::new();
    for (dimension, &size) in shape.iter().enumerate() {
        for smaller in [size / 2, size - 1] {
            if smaller >= 1 && smaller < size {
                let mut cut = shape.to_vec();
                cut[dimension] = smaller;
                if !shapes.contains(&cut) {
                    shapes.push(cut);
                }
            }
        }
    }
    if shape.len() > 1 {
        shapes.push(shape[1..].to_vec());
    }
    shapes
        .iter()
        .filter_map(|sizes| {
            let empty = Qi::new(sizes, *position.first_style(), *position.second_style()).ok()?;
            // Coordinates are aligned from the innermost dimension, so that
            // dropping the outermost one keeps its first layer or rank.
            let offset = shape.len() - sizes.len();
            let changes = position
                .squares()
                .enumerate()
                .filter_map(|(index, square)| {
                    let piece = *square?;
                    let coordinates = position.coordinates_of(index).ok()?;
                    if coordinates[..offset].iter().any(|&c| c != 0) {
                        return None;
                    }
                    let index = empty.index_of(&coordinates[offset..]).ok()?;
                    Some((index, Some(piece)))
                });
            let board = empty.board_diff(changes.collect::<Vec<_>>()).ok()?;
            let with_hands = Player::ALL
                .into_iter()
                .try_fold(board.clone(), |next, player| {
                    let changes: Vec<(Qpi, i32)> = position
                        .hand(player)
                        .map(|(&piece, count)| (piece, i32::try_from(count).unwrap_or(i32::MAX)))
                        .collect();
                    next.hand_diff(player, changes)
                });
            Some(with_hands.unwrap_or(board).with_turn(position.turn()))
        })
        .collect()
}
