//! `Arbitrary` for `Player`, `Qpi` and `Qi<Qpi, Sin>`: what it generates,
//! and how it shrinks.
// quickcheck hands properties their arguments by value.
#![allow(clippy::needless_pass_by_value)]

use harness::support;
use persistent_qi::qpi::{Qpi, Sin};
use persistent_qi::{Player, Qi};
use quickcheck::{Arbitrary, Gen, QuickCheck};

type Position = Qi<Qpi, Sin>;

fn is_valid(position: &Position) -> bool {
    let held: usize = Player::ALL
        .into_iter()
        .flat_map(|player| position.hand(player).map(|(_, count)| count))
        .sum();
    position.piece_count() <= position.square_count()
        && (1..=3).contains(&position.dimension_count())
        && position.shape().iter().all(|&size| (1..=9).contains(&size))
        && position.board_piece_count() == position.squares().flatten().count()
        && position.hand_piece_count() == held
        && position.position_hash() == support::rebuilt(position).position_hash()
}

/// The sum of the occupied squares' indices: smaller once pieces are packed
/// onto the first squares.
fn index_sum(position: &Position) -> usize {
    position
        .squares()
        .enumerate()
        .filter_map(|(index, square)| square.map(|_| index))
        .sum()
}

/// Greedy shrinking, as quickcheck does it: take the first simpler value
/// that still fails, until none does. Panics after 10,000 steps, so that a
/// shrinker that offers a value itself fails the test rather than hanging it.
fn shrink_while<T: Arbitrary>(mut value: T, fails: impl Fn(&T) -> bool) -> T {
    for _ in 0..10_000 {
        match value.shrink().find(|candidate| fails(candidate)) {
            Some(simpler) => value = simpler,
            None => return value,
        }
    }
    panic!("shrinking took 10,000 steps without an end");
}

#[test]
fn arbitrary_positions_are_valid() {
    fn property(position: Position) -> bool {
        is_valid(&position)
    }
    QuickCheck::new()
        .tests(500)
        .quickcheck(property as fn(Position) -> bool);
}

#[test]
fn shrunk_positions_are_valid_and_simpler() {
    // Drawn and checked here rather than through `QuickCheck`: a failure of
    // the shrinker must not go through the shrinker, which, offering the
    // position itself, would shrink for ever instead of failing.
    let mut g = Gen::from_size_and_seed(100, 3);
    for _ in 0..200 {
        let position = Position::arbitrary(&mut g);
        for simpler in position.shrink() {
            assert!(is_valid(&simpler), "{simpler:?} from {position:?}");
            assert!(
                simpler.piece_count() < position.piece_count()
                    || simpler.square_count() < position.square_count()
                    || simpler.dimension_count() < position.dimension_count()
                    || index_sum(&simpler) < index_sum(&position)
                    || (simpler.turn() == Player::First && position.turn() == Player::Second),
                "{simpler:?} is no simpler than {position:?}"
            );
        }
    }
}

#[test]
fn arbitrary_positions_cover_hands_turns_and_shapes() {
    let mut g = Gen::from_size_and_seed(100, 1);
    let positions: Vec<Position> = (0..500).map(|_| Position::arbitrary(&mut g)).collect();
    assert!(positions.iter().any(|p| p.hand(Player::First).count() > 0));
    assert!(positions.iter().any(|p| p.hand(Player::Second).count() > 0));
    assert!(positions.iter().any(|p| p.turn() == Player::Second));
    assert!(
        positions
            .iter()
            .any(|p| p.piece_count() == p.square_count())
    );
    for dimensions in 1..=3 {
        assert!(positions.iter().any(|p| p.dimension_count() == dimensions));
    }
}

#[test]
fn a_failing_position_shrinks_to_a_minimal_one() {
    let fails = |position: &Position| position.board_piece_count() >= 2;
    for seed in 0..20 {
        let mut g = Gen::from_size_and_seed(100, seed);
        let start = (0..10_000)
            .map(|_| Position::arbitrary(&mut g))
            .find(|position| fails(position) && position.piece_count() > 5)
            .expect("some position of 10,000 has over 5 pieces");
        let minimal = shrink_while(start, fails);
        assert_eq!(minimal.board_piece_count(), 2);
        assert_eq!(minimal.hand_piece_count(), 0);
        assert_eq!(minimal.turn(), Player::First);
        assert_eq!(minimal.shape(), [2], "{minimal:?}");
    }
}

#[test]
fn player_shrinks_to_first() {
    assert_eq!(Player::Second.shrink().collect::<Vec<_>>(), [Player::First]);
    assert_eq!(Player::First.shrink().count(), 0);
}

#[test]
fn qpi_shrinks_to_plainer_tokens() {
    let token = Qpi::parse("C:+k^").unwrap();
    let simpler: Vec<String> = token.shrink().map(|q| q.to_string()).collect();
    assert_eq!(simpler, ["C:k^", "C:+k", "C:+K^"]);
    assert_eq!(Qpi::parse("C:K").unwrap().shrink().count(), 0);
}

#[test]
fn arbitrary_tokens_print_and_parse_back() {
    fn property(token: Qpi) -> bool {
        Qpi::parse(&token.to_string()) == Ok(token)
    }
    QuickCheck::new()
        .tests(1000)
        .quickcheck(property as fn(Qpi) -> bool);
}

#[test]
fn arbitrary_players_are_both_players() {
    let mut g = Gen::from_size_and_seed(10, 1);
    let players: Vec<Player> = (0..100).map(|_| Player::arbitrary(&mut g)).collect();
    assert!(players.contains(&Player::First) && players.contains(&Player::Second));
}

#[test]
fn arbitrary_tokens_reach_the_whole_range() {
    let mut g = Gen::from_size_and_seed(10, 7);
    let tokens: std::collections::BTreeSet<Qpi> =
        (0..8000).map(|_| Qpi::arbitrary(&mut g)).collect();
    // 8,000 draws over 16,224 tokens: about 6,000 distinct if uniform.
    assert!(tokens.len() > 5000, "only {} distinct tokens", tokens.len());
    let codes: Vec<u16> = tokens.iter().map(|token| token.code()).collect();
    assert!(
        codes[0] < 100 && codes[codes.len() - 1] > 16_100,
        "{codes:?}"
    );
}

#[test]
fn shrinking_drops_halves_or_shortens_the_outermost_dimension() {
    let piece = Qpi::parse("C:K").unwrap();
    let position = Position::new(&[8, 3], piece.sin(), piece.sin())
        .unwrap()
        .board_diff([(0, Some(piece)), (23, Some(piece))])
        .unwrap();
    let candidates: Vec<Position> = position.shrink().collect();
    for shape in [&[3][..], &[4, 3], &[7, 3]] {
        let cut = candidates
            .iter()
            .find(|candidate| candidate.shape() == shape)
            .unwrap_or_else(|| panic!("no candidate on {shape:?}"));
        // The squares left are the first ones, at the same coordinates.
        assert_eq!(cut.square(0), Some(&piece));
        assert_eq!(cut.board_piece_count(), 1);
    }
    assert!(
        candidates
            .iter()
            .all(|candidate| candidate.shape().len() <= 2)
    );
}
