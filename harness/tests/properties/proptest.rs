//! The public `proptest` strategies: what they generate, and that they
//! compose with the user's own.

use harness::support;
use persistent_qi::proptest::{player, qi, qi_with_operations, qpi, qpi_position, shape, sin};
use persistent_qi::qpi::Qpi;
use persistent_qi::{Player, Qi};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use proptest::test_runner::TestRunner;

/// `count` values drawn from a strategy, deterministically.
fn sample<S: Strategy>(strategy: &S, count: usize) -> Vec<S::Value> {
    let mut runner = TestRunner::deterministic();
    (0..count)
        .map(|_| strategy.new_tree(&mut runner).expect("a value").current())
        .collect()
}

proptest! {
    #[test]
    fn generated_positions_are_valid(position in qi(shape(), 0..6_u8, 0..2_u8)) {
        support::assert_valid(&position);
    }

    #[test]
    fn generated_qpi_positions_are_valid(position in qpi_position()) {
        support::assert_valid(&position);
    }

    #[test]
    fn strategies_compose_with_the_users_own(
        position in qi(Just(vec![9, 9]), "[PLNSGBRK]", Just(String::from("S"))),
    ) {
        prop_assert_eq!(position.shape(), &[9, 9]);
        prop_assert!(position.squares().flatten().all(|piece| piece.len() == 1));
        support::assert_valid(&position);
    }

    #[test]
    fn qpi_tokens_print_and_parse_back(token in qpi()) {
        prop_assert_eq!(Qpi::parse(&token.to_string()), Ok(token));
    }

    #[test]
    fn sin_tokens_are_single_letters(style in sin()) {
        prop_assert!(style.to_char().is_ascii_alphabetic());
    }

    #[test]
    fn shapes_are_valid(sizes in shape()) {
        prop_assert!(Qi::<u8, u8>::new(&sizes, 0, 1).is_ok());
    }
}

#[test]
fn generated_positions_cover_hands_turns_and_full_boards() {
    let positions = sample(
        &qi_with_operations(Just(vec![3, 3]), 0..4_u8, Just(0_u8), 0..200),
        200,
    );
    assert!(positions.iter().any(|p| p.hand_piece_count() > 0));
    assert!(positions.iter().any(|p| p.board_piece_count() > 0));
    assert!(positions.iter().any(|p| p.turn() == Player::Second));
    assert!(
        positions
            .iter()
            .any(|p| p.piece_count() == p.square_count())
    );
}

#[test]
fn every_shape_size_and_both_players_are_reached() {
    let shapes = sample(&shape(), 300);
    for dimensions in 1..=3 {
        assert!(shapes.iter().any(|sizes| sizes.len() == dimensions));
    }
    let players = sample(&player(), 50);
    assert!(players.contains(&Player::First) && players.contains(&Player::Second));
}

#[test]
fn every_style_letter_is_reached() {
    let letters: std::collections::BTreeSet<char> = sample(&sin(), 2000)
        .iter()
        .map(|style| style.to_char())
        .collect();
    let expected: std::collections::BTreeSet<char> = ('A'..='Z').chain('a'..='z').collect();
    assert_eq!(letters, expected);
}

#[test]
fn a_failing_case_shrinks_towards_an_empty_board() {
    let mut runner = TestRunner::deterministic();
    let result = runner.run(&qi(Just(vec![4, 4]), 0..3_u8, Just(0_u8)), |position| {
        prop_assert!(position.board_piece_count() < 2);
        Ok(())
    });
    let Err(proptest::test_runner::TestError::Fail(_, minimal)) = result else {
        panic!("some generated position has two pieces on the board");
    };
    assert_eq!(minimal.board_piece_count(), 2);
    assert_eq!(minimal.hand_piece_count(), 0);
}

proptest! {
    #[test]
    fn generated_positions_round_trip_through_serde(position in qpi_position()) {
        let json = serde_json::to_string(&position).unwrap();
        let back: Qi<Qpi, persistent_qi::qpi::Sin> = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(back, position);
    }
}
