//! `quickcheck` support (feature `quickcheck`): [`Arbitrary`] for
//! [`Player`], [`Qpi`] and the typed position `Qi<Qpi, Sin>`, with
//! shrinking. This module adds impls only: see the impl for `Qi<Qpi, Sin>`.

use ::quickcheck::{Arbitrary, Gen};

use crate::generate::{self, MAX_MOVES, Move};
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

impl Arbitrary for Qpi {
    /// Any of the 16,224 tokens, uniformly.
    fn arbitrary(g: &mut Gen) -> Self {
        // `Qpi::COUNT` is 16,224: it fits a `u16`, and so does the code.
        #[allow(clippy::cast_possible_truncation)]
        let code = u16::arbitrary(g) % Qpi::COUNT as u16 + 1;
        Qpi::from_code(code).expect("every code in 1..=COUNT is a token")
    }

    /// Towards a plainer token: without state modifier, without terminal
    /// marker, native.
    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let pin = self.pin();
        let plainer = [pin.normalized(), pin.with_terminal(false)].map(|pin| self.with_pin(pin));
        let mut simpler: Vec<Qpi> = Vec::new();
        for candidate in plainer.into_iter().chain([self.native()]) {
            if candidate != *self && !simpler.contains(&candidate) {
                simpler.push(candidate);
            }
        }
        Box::new(simpler.into_iter())
    }
}

/// Positions of the crate's generator, with shrinking.
///
/// A generated position has 1 to 3 dimensions of 1 to 9 squares, two random
/// styles, and up to 64 random moves of QPI pieces played through the public
/// transformations, so it is valid. Shrinking hands the turn to the first
/// player, empties hands and squares, packs the board's pieces onto its
/// first squares and cuts its outermost dimension, rebuilding each
/// candidate through [`Qi::from_parts`], so a failing case ends small,
/// readable and valid.
///
/// ```
/// use persistent_qi::Qi;
/// use persistent_qi::qpi::{Qpi, Sin};
/// use quickcheck::QuickCheck;
///
/// fn clones_are_equal(position: Qi<Qpi, Sin>) -> bool {
///     position.clone() == position
/// }
/// QuickCheck::new().tests(50).quickcheck(clones_are_equal as fn(Qi<Qpi, Sin>) -> bool);
/// ```
impl Arbitrary for Qi<Qpi, Sin> {
    /// The crate's generator: an empty board, then up to 64 moves.
    fn arbitrary(g: &mut Gen) -> Self {
        let shape: Vec<usize> = (0..=usize::arbitrary(g) % 3)
            .map(|_| 1 + usize::arbitrary(g) % 9)
            .collect();
        let pool: Vec<Qpi> = (0..=usize::arbitrary(g) % 8)
            .map(|_| Qpi::arbitrary(g))
            .collect();
        let moves: Vec<Move<Qpi>> = (0..move_count(usize::arbitrary(g)))
            .map(|_| Move {
                kind: u8::arbitrary(g),
                player: Player::arbitrary(g),
                piece: pool[usize::arbitrary(g) % pool.len()],
                square: usize::arbitrary(g),
                other: usize::arbitrary(g),
            })
            .collect();
        let styles = (Qpi::arbitrary(g).sin(), Qpi::arbitrary(g).sin());
        generate::build(&shape, styles.0, styles.1, moves)
            .expect("1 to 3 dimensions of 1 to 9 squares are a valid shape")
    }

    /// Simpler positions, most promising first, each rebuilt from its
    /// content by [`Qi::from_parts`]: the first player to move, a hand entry
    /// gone, the board's pieces packed onto its first squares, a smaller
    /// board, a square emptied.
    fn shrink(&self) -> Box<dyn Iterator<Item = Self>> {
        let content = Content {
            shape: self.shape().to_vec(),
            squares: self.squares().map(Option::<&Qpi>::copied).collect(),
            hands: Player::ALL.map(|player| self.hand(player).map(|(&p, c)| (p, c)).collect()),
            turn: self.turn(),
        };
        let mut simpler = vec![content.with(|c| c.turn = Player::First)];
        for (hand, entries) in content.hands.iter().enumerate() {
            simpler.extend(
                (0..entries.len()).map(|entry| content.with(|c| _ = c.hands[hand].remove(entry))),
            );
        }
        simpler.push(content.with(|c| c.squares.sort_by_key(Option::is_none)));
        simpler.push(content.with(|c| c.shape.retain(|&size| size > 1)));
        // The outermost dimension dropped, halved or shortened by one: the
        // squares left are a prefix in row-major order, at the same
        // coordinates. With and without the hands.
        let (outer, inner) = (content.shape[0], &content.shape[1..]);
        let cuts = [None, Some(outer / 2), Some(outer - 1)];
        for cut in cuts.into_iter().filter(|&cut| cut != Some(0)) {
            let shape: Vec<usize> = cut.into_iter().chain(inner.iter().copied()).collect();
            let count = shape.iter().product();
            let smaller =
                content.with(|c| (c.shape, c.squares) = (shape, c.squares[..count].to_vec()));
            simpler.push(smaller.with(|c| c.hands = [Vec::new(), Vec::new()]));
            simpler.push(smaller);
        }
        for index in 0..content.squares.len() {
            if content.squares[index].is_some() {
                simpler.push(content.with(|c| c.squares[index] = None));
            }
        }
        let original = self.clone();
        Box::new(simpler.into_iter().filter_map(move |c| {
            let [first_hand, second_hand] = c.hands;
            let (first_style, second_style) = (*original.first_style(), *original.second_style());
            let built = Qi::from_parts(
                &c.shape,
                c.squares,
                first_hand,
                second_hand,
                first_style,
                second_style,
                c.turn,
            );
            built.ok().filter(|simpler| *simpler != original)
        }))
    }
}

/// What a shrinker changes in a position: all but the styles.
#[derive(Clone)]
struct Content {
    shape: Vec<usize>,
    squares: Vec<Option<Qpi>>,
    hands: [Vec<(Qpi, usize)>; 2],
    turn: Player,
}

impl Content {
    fn with(&self, change: impl FnOnce(&mut Content)) -> Content {
        let mut changed = self.clone();
        change(&mut changed);
        changed
    }
}

/// How many moves a drawn number asks for: 0 to [`MAX_MOVES`], every count
/// drawn by as many numbers (give or take one) as any other.
fn move_count(draw: usize) -> usize {
    draw % (MAX_MOVES + 1)
}

#[cfg(test)]
mod tests {
    use super::{MAX_MOVES, move_count};

    #[test]
    fn every_move_count_from_none_to_the_most_is_drawn() {
        let counts: Vec<usize> = (0..=2 * MAX_MOVES + 1).map(move_count).collect();
        let expected: Vec<usize> = (0..=MAX_MOVES).chain(0..=MAX_MOVES).collect();
        assert_eq!(counts, expected);
        assert!(move_count(usize::MAX) <= MAX_MOVES);
    }
}
