//! `changes_since`: what differs between two positions, checked against a
//! plain model and a naive full comparison, over the pointer kind
//! `super::Kind` (`Qi` here is that kind's position type).

use std::collections::BTreeMap;

use persistent_qi::{Error, GenericQi, HandChange, Player, SquareChange};

type Qi<P, S> = GenericQi<P, S, super::Kind>;
use proptest::prelude::*;

type Position = Qi<u8, u8>;

fn empty(shape: &[usize]) -> Position {
    Qi::new(shape, 0, 1).expect("a valid shape")
}

// ---- rules ---------------------------------------------------------------

#[test]
fn a_position_has_no_changes_since_itself_or_a_clone() {
    let position = empty(&[9, 9]).board_diff([(3, Some(7))]).unwrap();
    let clone = position.clone();
    assert!(position.changes_since(&position).unwrap().is_empty());
    assert!(clone.changes_since(&position).unwrap().is_empty());
}

#[test]
fn a_move_lists_its_squares_in_index_order_with_both_contents() {
    let start = empty(&[9, 9])
        .board_diff([(60, Some(1)), (20, Some(2))])
        .unwrap();
    let after = start
        .edit()
        .set(60, None)
        .set(20, Some(1))
        .finish()
        .unwrap();
    let changes = after.changes_since(&start).unwrap();
    assert_eq!(
        changes.squares().collect::<Vec<_>>(),
        [
            SquareChange {
                index: 20,
                before: Some(&2),
                after: Some(&1)
            },
            SquareChange {
                index: 60,
                before: Some(&1),
                after: None
            },
        ]
    );
    assert!(!changes.turn_changed());
    assert!(!changes.is_empty());
}

#[test]
fn a_square_written_back_to_its_old_content_is_no_change() {
    let start = empty(&[4]).board_diff([(1, Some(5))]).unwrap();
    let back = start
        .board_diff([(1, None)])
        .unwrap()
        .board_diff([(1, Some(5))])
        .unwrap();
    assert!(back.changes_since(&start).unwrap().is_empty());
}

#[test]
fn hand_changes_give_both_counts_for_each_player_in_piece_order() {
    let start = empty(&[9, 9])
        .edit()
        .hand(Player::First, 3, 2)
        .hand(Player::Second, 9, 1)
        .finish()
        .unwrap();
    let after = start
        .edit()
        .hand(Player::First, 3, -2)
        .hand(Player::First, 1, 1)
        .hand(Player::Second, 9, 4)
        .finish()
        .unwrap();
    let changes = after.changes_since(&start).unwrap();
    assert_eq!(
        changes.hands().collect::<Vec<_>>(),
        [
            HandChange {
                player: Player::First,
                piece: &1,
                before: 0,
                after: 1
            },
            HandChange {
                player: Player::First,
                piece: &3,
                before: 2,
                after: 0
            },
            HandChange {
                player: Player::Second,
                piece: &9,
                before: 1,
                after: 5
            },
        ]
    );
    assert_eq!(changes.squares().count(), 0);
}

#[test]
fn the_turn_is_reported_when_it_differs() {
    let start = empty(&[3]);
    assert!(start.toggle().changes_since(&start).unwrap().turn_changed());
    assert!(
        !start
            .toggle()
            .toggle()
            .changes_since(&start)
            .unwrap()
            .turn_changed()
    );
}

#[test]
fn changes_applied_to_the_base_give_the_other_position_both_ways() {
    let start = empty(&[8, 8])
        .edit()
        .set(0, Some(1))
        .set(63, Some(2))
        .hand(Player::First, 4, 2)
        .finish()
        .unwrap();
    let other = start
        .edit()
        .set(0, None)
        .set(9, Some(1))
        .hand(Player::First, 4, -1)
        .hand(Player::Second, 4, 3)
        .toggle()
        .finish()
        .unwrap();
    let forward = other.changes_since(&start).unwrap();
    assert_eq!(forward.apply_to(&start).unwrap(), other);
    let backward = start.changes_since(&other).unwrap();
    assert_eq!(backward.apply_to(&other).unwrap(), start);
}

#[test]
fn unrelated_positions_built_separately_compare_by_content() {
    let a = empty(&[19, 19]).board_diff([(100, Some(1))]).unwrap();
    let b = empty(&[19, 19])
        .board_diff([(100, Some(1)), (200, Some(2))])
        .unwrap();
    let changes = b.changes_since(&a).unwrap();
    assert_eq!(
        changes.squares().collect::<Vec<_>>(),
        [SquareChange {
            index: 200,
            before: None,
            after: Some(&2)
        }]
    );
}

#[test]
fn positions_of_different_shapes_are_a_typed_error() {
    let error = empty(&[9, 9]).changes_since(&empty(&[8, 8])).unwrap_err();
    assert_eq!(
        error,
        Error::ShapeMismatch {
            base: [8, 8, 0],
            other: [9, 9, 0]
        }
    );
    assert_eq!(
        error.to_string(),
        "different shapes: the base has [8, 8], the other position [9, 9]"
    );
    // Same square count, different shape.
    assert!(matches!(
        empty(&[4, 16]).changes_since(&empty(&[8, 8])),
        Err(Error::ShapeMismatch { .. })
    ));
}

#[test]
fn positions_with_different_styles_are_a_typed_error() {
    let base = empty(&[3, 3]);
    let other: Position = Qi::new(&[3, 3], 0, 2).unwrap();
    let error = other.changes_since(&base).unwrap_err();
    assert_eq!(
        error,
        Error::StyleMismatch {
            player: Player::Second
        }
    );
    assert_eq!(
        error.to_string(),
        "the positions give the second player different styles"
    );
}

#[test]
fn the_largest_board_lists_only_the_changed_squares() {
    let start = empty(&[255, 255]).board_diff([(0, Some(1))]).unwrap();
    let after = start
        .edit()
        .set(0, None)
        .set(65_024, Some(1))
        .finish()
        .unwrap();
    let indices: Vec<usize> = after
        .changes_since(&start)
        .unwrap()
        .squares()
        .map(|change| change.index)
        .collect();
    assert_eq!(indices, [0, 65_024]);
}

// ---- model-based ---------------------------------------------------------

/// One step of a random history: a change to the newest version, or a new
/// branch started from an earlier one.
#[derive(Debug, Clone)]
enum Step {
    Set(usize, Option<u8>),
    Hand(bool, u8, i32),
    Toggle,
    /// Continue from the version at this (wrapped) number: siblings share
    /// blocks with each other and with their ancestors.
    Branch(usize),
}

fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        6 => (any::<usize>(), proptest::option::of(0_u8..6)).prop_map(|(i, p)| Step::Set(i, p)),
        2 => (any::<bool>(), 0_u8..4, -2_i32..3).prop_map(|(s, p, d)| Step::Hand(s, p, d)),
        1 => Just(Step::Toggle),
        1 => any::<usize>().prop_map(Step::Branch),
    ]
}

/// The plain model of a position.
#[derive(Debug, Clone, PartialEq)]
struct Model {
    squares: Vec<Option<u8>>,
    hands: [BTreeMap<u8, usize>; 2],
    second_to_move: bool,
}

fn hand_index(player: Player) -> usize {
    usize::from(player.is_second())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn changes_between_any_two_versions_are_exactly_what_the_model_says(
        shape in prop_oneof![Just(vec![8, 8]), Just(vec![9, 9]), Just(vec![19, 19]), Just(vec![5, 5, 5]), Just(vec![7])],
        steps in proptest::collection::vec(step(), 1..60),
        pairs in proptest::collection::vec((any::<usize>(), any::<usize>()), 1..12),
    ) {
        let start = empty(&shape);
        let square_count = start.square_count();
        let mut versions = vec![(start, Model {
            squares: vec![None; square_count],
            hands: [BTreeMap::new(), BTreeMap::new()],
            second_to_move: false,
        })];
        let mut current = 0;
        for step in steps {
            let (position, model) = versions[current].clone();
            let mut model = model;
            let next = match step {
                Step::Branch(at) => {
                    current = at % versions.len();
                    continue;
                }
                Step::Set(index, square) => {
                    let index = index % square_count;
                    model.squares[index] = square;
                    position.edit().set(index, square).finish()
                }
                Step::Hand(second, piece, delta) => {
                    let player = if second { Player::Second } else { Player::First };
                    let hand = &mut model.hands[hand_index(player)];
                    let count = hand.get(&piece).copied().unwrap_or(0);
                    let Some(after) = count.checked_add_signed(isize::try_from(delta).unwrap()) else {
                        continue;
                    };
                    if after == 0 { hand.remove(&piece); } else { hand.insert(piece, after); }
                    position.edit().hand(player, piece, delta).finish()
                }
                Step::Toggle => {
                    model.second_to_move = !model.second_to_move;
                    Ok(position.toggle())
                }
            };
            // A step over the piece limit is refused; the model skips it too.
            let Ok(next) = next else { continue };
            versions.push((next, model));
            current = versions.len() - 1;
        }

        for (a, b) in pairs {
            let (base, base_model) = &versions[a % versions.len()];
            let (other, other_model) = &versions[b % versions.len()];
            let changes = other.changes_since(base).unwrap();

            let squares: Vec<(usize, Option<u8>, Option<u8>)> = changes
                .squares()
                .map(|c| (c.index, c.before.copied(), c.after.copied()))
                .collect();
            let expected: Vec<(usize, Option<u8>, Option<u8>)> = (0..square_count)
                .filter(|&i| base_model.squares[i] != other_model.squares[i])
                .map(|i| (i, base_model.squares[i], other_model.squares[i]))
                .collect();
            prop_assert_eq!(&squares, &expected);

            // The naive full comparison through the public scan agrees.
            let naive: Vec<(usize, Option<u8>, Option<u8>)> = base
                .squares()
                .zip(other.squares())
                .enumerate()
                .filter(|(_, (x, y))| x != y)
                .map(|(i, (x, y))| (i, x.copied(), y.copied()))
                .collect();
            prop_assert_eq!(&squares, &naive);

            let hands: Vec<(Player, u8, usize, usize)> = changes
                .hands()
                .map(|c| (c.player, *c.piece, c.before, c.after))
                .collect();
            let mut expected_hands = Vec::new();
            for player in Player::ALL {
                let (x, y) = (&base_model.hands[hand_index(player)], &other_model.hands[hand_index(player)]);
                let mut pieces: Vec<u8> = x.keys().chain(y.keys()).copied().collect();
                pieces.sort_unstable();
                pieces.dedup();
                for piece in pieces {
                    let (before, after) = (x.get(&piece).copied().unwrap_or(0), y.get(&piece).copied().unwrap_or(0));
                    if before != after {
                        expected_hands.push((player, piece, before, after));
                    }
                }
            }
            prop_assert_eq!(&hands, &expected_hands);
            prop_assert_eq!(changes.turn_changed(), base_model.second_to_move != other_model.second_to_move);
            prop_assert_eq!(changes.is_empty(), base_model == other_model);
            prop_assert_eq!(changes.is_empty(), base == other);

            let rebuilt = changes.apply_to(base).unwrap();
            prop_assert_eq!(&rebuilt, other);
            prop_assert_eq!(rebuilt.position_hash(), other.position_hash());
        }

        // Every version still reads as its model: comparing changed nothing.
        for (position, model) in &versions {
            let read: Vec<Option<u8>> = position.squares().map(Option::<&u8>::copied).collect();
            prop_assert_eq!(&read, &model.squares);
        }
    }
}
