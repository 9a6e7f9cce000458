//! `changes_since`: what differs between two positions, checked against a
//! plain model and a naive full comparison, over the pointer kind
//! `super::Kind` (`Qi` here is that kind's position type).

use std::collections::BTreeMap;

use crate::empty_board::Empty;
use persistent_qi::{Error, GenericQi, HandChange, Player, SquareChange};

type Qi<P, S> = GenericQi<P, S, super::Kind>;
use proptest::prelude::*;
use proptest::test_runner::{FileFailurePersistence, TestCaseError};

type Position = Qi<u8, u8>;

// ---- rules ---------------------------------------------------------------

#[test]
fn a_position_has_no_changes_since_itself_or_a_clone() {
    let position = Position::empty(&[9, 9]).board_diff([(3, Some(7))]).unwrap();
    let clone = position.clone();
    assert!(position.changes_since(&position).unwrap().is_empty());
    assert!(clone.changes_since(&position).unwrap().is_empty());
}

#[test]
fn changes_print_their_squares_hands_and_turn() {
    let start = Position::empty(&[3, 3]).board_diff([(4, Some(1))]).unwrap();
    let after = start
        .edit_with(|edit| {
            edit.set(4, None).hand(Player::First, 1, 1).toggle();
        })
        .unwrap();
    assert_eq!(
        format!("{:?}", after.changes_since(&start).unwrap()),
        "Changes { squares: [SquareChange { index: 4, before: Some(1), after: None }], \
         hands: [HandChange { player: First, piece: 1, before: 0, after: 1 }], \
         turn_changed: true }"
    );
}

#[test]
fn a_move_lists_its_squares_in_index_order_with_both_contents() {
    let start = Position::empty(&[9, 9])
        .board_diff([(60, Some(1)), (20, Some(2))])
        .unwrap();
    let after = start
        .edit_with(|edit| {
            edit.set(60, None).set(20, Some(1));
        })
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
    let start = Position::empty(&[4]).board_diff([(1, Some(5))]).unwrap();
    let back = start
        .board_diff([(1, None)])
        .unwrap()
        .board_diff([(1, Some(5))])
        .unwrap();
    assert!(back.changes_since(&start).unwrap().is_empty());
}

#[test]
fn hand_changes_give_both_counts_for_each_player_in_piece_order() {
    let start = Position::empty(&[9, 9])
        .edit_with(|edit| {
            edit.hand(Player::First, 3, 2).hand(Player::Second, 9, 1);
        })
        .unwrap();
    let after = start
        .edit_with(|edit| {
            edit.hand(Player::First, 3, -2)
                .hand(Player::First, 1, 1)
                .hand(Player::Second, 9, 4);
        })
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
    let start = Position::empty(&[3]);
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
    let start = Position::empty(&[8, 8])
        .edit_with(|edit| {
            edit.set(0, Some(1))
                .set(63, Some(2))
                .hand(Player::First, 4, 2);
        })
        .unwrap();
    let other = start
        .edit_with(|edit| {
            edit.set(0, None)
                .set(9, Some(1))
                .hand(Player::First, 4, -1)
                .hand(Player::Second, 4, 3)
                .toggle();
        })
        .unwrap();
    let forward = other.changes_since(&start).unwrap();
    assert_eq!(forward.apply_to(&start).unwrap(), other);
    let backward = start.changes_since(&other).unwrap();
    assert_eq!(backward.apply_to(&other).unwrap(), start);
}

#[test]
fn unrelated_positions_built_separately_compare_by_content() {
    let a = Position::empty(&[19, 19])
        .board_diff([(100, Some(1))])
        .unwrap();
    let b = Position::empty(&[19, 19])
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
    let error = Position::empty(&[9, 9])
        .changes_since(&Position::empty(&[8, 8]))
        .unwrap_err();
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
        Position::empty(&[4, 16]).changes_since(&Position::empty(&[8, 8])),
        Err(Error::ShapeMismatch { .. })
    ));
}

#[test]
fn positions_with_different_styles_are_a_typed_error() {
    let base = Position::empty(&[3, 3]);
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
    // A move with nothing else on top: kept in the position.
    let start = Position::empty(&[255, 255])
        .board_diff([(0, Some(1))])
        .unwrap();
    let after = start
        .edit_with(|edit| {
            edit.set(0, None).set(65_024, Some(1));
        })
        .unwrap();
    let indices: Vec<usize> = after
        .changes_since(&start)
        .unwrap()
        .squares()
        .map(|change| change.index)
        .collect();
    assert_eq!(indices, [0, 65_024]);

    // Then 40 writes to distinct squares, one move each (more than any
    // layout keeps in a position: they reach the blocks), spread over the
    // board, and the move undone: only the 40 are listed, both ways.
    let written: Vec<usize> = (0..40).map(|write| 7 + write * 1_625).collect();
    let spread = written
        .iter()
        .try_fold(after.clone(), |position, &index| {
            position.board_diff([(index, Some(2))])
        })
        .unwrap()
        .board_diff([(65_024, None), (0, Some(1))])
        .unwrap();
    let changes = spread.changes_since(&start).unwrap();
    let listed: Vec<(usize, Option<&u8>, Option<&u8>)> = changes
        .squares()
        .map(|change| (change.index, change.before, change.after))
        .collect();
    let expected: Vec<(usize, Option<&u8>, Option<&u8>)> = written
        .iter()
        .map(|&index| (index, None, Some(&2)))
        .collect();
    assert_eq!(listed, expected);
    assert_eq!(changes.apply_to(&start).unwrap(), spread);
    let back = start.changes_since(&spread).unwrap();
    assert_eq!(back.squares().count(), 40);
    assert_eq!(back.apply_to(&spread).unwrap(), start);
}

#[test]
fn two_branches_with_writes_in_one_shared_block_compare_square_by_square() {
    // A parent on a board of many blocks (64 of 64 squares), 1,025 in its
    // blocks (built from its content, nothing kept); one branch writes 40
    // distinct squares in blocks 32 to 62 (flushed: a new stamp, those
    // blocks no longer the parent's), then both branches write inside
    // block 16, which they still share: squares 1,025 to 1,027. That the
    // block is shared and the writes kept, the crate's own test of this
    // setup checks (`qi::tests`, which reads the blocks' addresses).
    let mut squares = vec![None; 64 * 64];
    squares[1_025] = Some(1);
    squares[3_000] = Some(1);
    let parent: Position = Qi::from_parts(&[64, 64], squares, [], [], 0, 1, Player::First).unwrap();
    let far: Vec<usize> = (0..40).map(|write| 2_048 + write * 50).collect();
    let flushed = far
        .iter()
        .try_fold(parent.clone(), |position, &index| {
            position.board_diff([(index, Some(3))])
        })
        .unwrap();
    let left = flushed
        .edit_with(|edit| {
            edit.set(1_025, None).set(1_026, Some(4));
        })
        .unwrap();
    let right = parent
        .edit_with(|edit| {
            edit.set(1_025, None).set(1_027, Some(4));
        })
        .unwrap();

    let listed: Vec<(usize, Option<u8>, Option<u8>)> = left
        .changes_since(&right)
        .unwrap()
        .squares()
        .map(|change| (change.index, change.before.copied(), change.after.copied()))
        .collect();
    let mut expected = vec![(1_026, None, Some(4)), (1_027, Some(4), None)];
    expected.extend(far.iter().map(|&index| (index, None, Some(3))));
    assert_eq!(listed, expected);
    assert_ne!(left, right);
    assert_eq!(
        left.changes_since(&right)
            .unwrap()
            .apply_to(&right)
            .unwrap(),
        left
    );
    assert_eq!(
        right.changes_since(&left).unwrap().apply_to(&left).unwrap(),
        right
    );

    // The same squares written on both branches, in another order: equal,
    // with nothing to list, whatever either keeps.
    let same = far
        .iter()
        .rev()
        .try_fold(right.clone(), |position, &index| {
            position.board_diff([(index, Some(3))])
        })
        .unwrap()
        .edit_with(|edit| {
            edit.set(1_027, None).set(1_026, Some(4));
        })
        .unwrap();
    assert_eq!(same, left);
    assert_eq!(left, same);
    assert!(left.changes_since(&same).unwrap().is_empty());
    assert!(same.changes_since(&left).unwrap().is_empty());
    assert_eq!(same.position_hash(), left.position_hash());
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
    /// Continue from the version this many (wrapped, at most 7) before the
    /// newest: a sibling of a recent version, deep in a long lineage.
    Back(usize),
}

/// Mostly writes, so that a lineage between branches often writes more
/// squares than the kept and logged writes hold (24): its writes are then
/// flushed into its blocks under a new stamp, and the versions before and
/// after the flush, and their siblings, compare across stamps.
fn step() -> impl Strategy<Value = Step> {
    prop_oneof![
        16 => (any::<usize>(), proptest::option::of(0_u8..6)).prop_map(|(i, p)| Step::Set(i, p)),
        2 => (any::<bool>(), 0_u8..4, -2_i32..3).prop_map(|(s, p, d)| Step::Hand(s, p, d)),
        1 => Just(Step::Toggle),
        1 => any::<usize>().prop_map(Step::Branch),
        1 => (0..8_usize).prop_map(Step::Back),
    ]
}

/// Boards of one block and of many, whatever the layout: from 7 squares to
/// 1,600, in one, two and three dimensions; half of them of many blocks
/// of `u8` or `Qpi` squares (past 512 squares).
fn shape() -> impl Strategy<Value = Vec<usize>> {
    prop_oneof![
        Just(vec![7]),
        Just(vec![8, 8]),
        Just(vec![9, 9]),
        Just(vec![5, 5, 5]),
        Just(vec![19, 19]),
        Just(vec![24, 24]),
        Just(vec![32, 32]),
        Just(vec![2, 16, 32]),
        Just(vec![40, 40]),
        Just(vec![9, 9, 9]),
        Just(vec![23, 29]),
    ]
}

/// The plain model of a position, its pieces by number.
#[derive(Debug, Clone, PartialEq)]
struct Model {
    squares: Vec<Option<u8>>,
    hands: [BTreeMap<u8, usize>; 2],
    second_to_move: bool,
}

impl Model {
    fn pieces(&self) -> usize {
        self.squares.iter().flatten().count()
            + self.hands.iter().flat_map(BTreeMap::values).sum::<usize>()
    }
}

fn hand_index(player: Player) -> usize {
    usize::from(player.is_second())
}

/// A piece type the property runs with, from a piece number.
trait ModelPiece: Clone + Ord + std::hash::Hash + std::fmt::Debug {
    fn piece(number: u8) -> Self;
}

impl ModelPiece for u8 {
    fn piece(number: u8) -> Self {
        number
    }
}

impl ModelPiece for persistent_qi::qpi::Qpi {
    fn piece(number: u8) -> Self {
        persistent_qi::qpi::Qpi::from_code(u16::from(number) * 97 + 1).expect("a code in range")
    }
}

impl ModelPiece for String {
    fn piece(number: u8) -> Self {
        format!("piece {number}")
    }
}

/// The versions of a position and their models.
type Versions<P> = Vec<(Qi<P, u8>, Model)>;

/// Runs `steps` as a history of versions of a position with pieces `P`
/// beside the model, each refusal checked against the model's verdict.
fn history<P: ModelPiece>(shape: &[usize], steps: Vec<Step>) -> Result<Versions<P>, TestCaseError> {
    let start = Qi::<P, u8>::new(shape, 0, 1).expect("a valid shape");
    let square_count = start.square_count();
    let mut versions = vec![(
        start,
        Model {
            squares: vec![None; square_count],
            hands: [BTreeMap::new(), BTreeMap::new()],
            second_to_move: false,
        },
    )];
    let mut current = 0;
    for step in steps {
        let (position, mut model) = versions[current].clone();
        // What the step must give: the next position, or this error.
        let (next, refusal) = match step {
            Step::Branch(at) => {
                current = at % versions.len();
                continue;
            }
            Step::Back(back) => {
                current = versions.len() - 1 - back % versions.len();
                continue;
            }
            Step::Set(index, square) => {
                let index = index % square_count;
                model.squares[index] = square;
                let next = position.edit_with(|edit| {
                    edit.set(index, square.map(P::piece));
                });
                (next, None)
            }
            Step::Hand(second, number, delta) => {
                let player = if second {
                    Player::Second
                } else {
                    Player::First
                };
                let hand = &mut model.hands[hand_index(player)];
                let held = hand.get(&number).copied().unwrap_or(0);
                let next = position.edit_with(|edit| {
                    edit.hand(player, P::piece(number), delta);
                });
                match held.checked_add_signed(isize::try_from(delta).unwrap()) {
                    None => {
                        let underflow = Error::HandUnderflow {
                            player,
                            held,
                            requested: delta.unsigned_abs() as usize,
                            change: 0,
                        };
                        (next, Some(underflow))
                    }
                    Some(0) => {
                        hand.remove(&number);
                        (next, None)
                    }
                    Some(after) => {
                        hand.insert(number, after);
                        (next, None)
                    }
                }
            }
            Step::Toggle => {
                model.second_to_move = !model.second_to_move;
                (Ok(position.toggle()), None)
            }
        };
        // Past an underflow, the piece total on the result.
        let refusal = refusal.or_else(|| {
            (model.pieces() > square_count).then_some(Error::TooManyPieces {
                pieces: model.pieces(),
                squares: square_count,
            })
        });
        match (next, refusal) {
            (Ok(next), None) => {
                versions.push((next, model));
                current = versions.len() - 1;
            }
            (Err(error), Some(refusal)) => prop_assert_eq!(error, refusal),
            (next, refusal) => {
                return Err(TestCaseError::fail(format!(
                    "{step:?} gives {:?}, the model {refusal:?}",
                    next.map(|_| "a position")
                )));
            }
        }
    }
    Ok(versions)
}

/// `other.changes_since(base)` against the models and against a naive
/// scan, and applied to `base`.
fn changes_agree<P: ModelPiece>(
    (base, base_model): &(Qi<P, u8>, Model),
    (other, other_model): &(Qi<P, u8>, Model),
) -> Result<(), TestCaseError> {
    let piece = |number: &u8| P::piece(*number);
    let square_count = base.square_count();
    let changes = other.changes_since(base).unwrap();

    let squares: Vec<(usize, Option<&P>, Option<&P>)> = changes
        .squares()
        .map(|c| (c.index, c.before, c.after))
        .collect();
    let (before, after): (Vec<Option<P>>, Vec<Option<P>>) = (0..square_count)
        .map(|i| {
            (
                base_model.squares[i].as_ref().map(piece),
                other_model.squares[i].as_ref().map(piece),
            )
        })
        .unzip();
    let expected: Vec<(usize, Option<&P>, Option<&P>)> = (0..square_count)
        .filter(|&i| before[i] != after[i])
        .map(|i| (i, before[i].as_ref(), after[i].as_ref()))
        .collect();
    prop_assert_eq!(&squares, &expected);

    // The naive full comparison through the public scan agrees.
    let naive: Vec<(usize, Option<&P>, Option<&P>)> = base
        .squares()
        .zip(other.squares())
        .enumerate()
        .filter(|(_, (x, y))| x != y)
        .map(|(i, (x, y))| (i, x, y))
        .collect();
    prop_assert_eq!(&squares, &naive);

    // A mark of the base tells where the other may differ, whenever it can
    // tell (the two share their blocks): every square that differs is
    // among those it gives. A position can always tell against its own.
    if let Some(maybe) = other.squares_changed_since(&base.board_mark()) {
        let maybe: std::collections::BTreeSet<usize> = maybe.collect();
        for (index, _, _) in &naive {
            prop_assert!(maybe.contains(index), "square {index} differs, unmarked");
        }
    }
    prop_assert!(base.squares_changed_since(&base.board_mark()).is_some());
    prop_assert!(
        other
            .squares_changed_since(&other.clone().board_mark())
            .is_some()
    );

    let hands: Vec<(Player, P, usize, usize)> = changes
        .hands()
        .map(|c| (c.player, c.piece.clone(), c.before, c.after))
        .collect();
    let mut expected_hands = Vec::new();
    for player in Player::ALL {
        let (x, y) = (
            &base_model.hands[hand_index(player)],
            &other_model.hands[hand_index(player)],
        );
        // In the position's piece order, which is `P`'s, not the numbers'.
        let mut pieces: Vec<u8> = x.keys().chain(y.keys()).copied().collect();
        pieces.sort_unstable_by_key(|number| piece(number));
        pieces.dedup();
        for number in pieces {
            let (before, after) = (
                x.get(&number).copied().unwrap_or(0),
                y.get(&number).copied().unwrap_or(0),
            );
            if before != after {
                expected_hands.push((player, piece(&number), before, after));
            }
        }
    }
    prop_assert_eq!(&hands, &expected_hands);
    prop_assert_eq!(
        changes.turn_changed(),
        base_model.second_to_move != other_model.second_to_move
    );
    prop_assert_eq!(changes.is_empty(), base_model == other_model);
    prop_assert_eq!(changes.is_empty(), base == other);

    let rebuilt = changes.apply_to(base).unwrap();
    prop_assert_eq!(&rebuilt, other);
    prop_assert_eq!(rebuilt.position_hash(), other.position_hash());
    Ok(())
}

/// Runs `steps` as a history beside the model (see [`history`]); then
/// `changes_since` between the pairs of versions named by `pairs`.
fn changes_agree_with_the_model<P: ModelPiece>(
    shape: &[usize],
    steps: Vec<Step>,
    pairs: &[(usize, usize)],
) -> Result<(), TestCaseError> {
    let versions = history::<P>(shape, steps)?;
    for &(a, b) in pairs {
        changes_agree(&versions[a % versions.len()], &versions[b % versions.len()])?;
    }
    // Every version still reads as its model: comparing changed nothing.
    for (position, model) in &versions {
        let expected: Vec<Option<P>> = model
            .squares
            .iter()
            .map(|square| square.map(P::piece))
            .collect();
        prop_assert!(position.squares().eq(expected.iter().map(Option::as_ref)));
    }
    Ok(())
}

#[test]
fn drawn_histories_often_flush_boards_of_many_blocks_and_branch() {
    // The properties below must often see a board of many blocks (past 512
    // squares) whose lineage writes more than the kept and logged writes
    // hold (counted as 37 writes, some of which may repeat a square), and
    // a branch from a version of it afterwards.
    use proptest::strategy::ValueTree;
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = (shape(), proptest::collection::vec(step(), 1..200));
    let (mut large, mut long, mut branched) = (0, 0, 0);
    for _ in 0..256 {
        let (shape, steps) = strategy.new_tree(&mut runner).expect("a history").current();
        if shape.iter().product::<usize>() <= 512 {
            continue;
        }
        large += 1;
        // The writes each version's lineage made, as `history` builds them.
        let mut writes = vec![0_usize];
        let (mut current, mut branch) = (0, false);
        for step in steps {
            match step {
                Step::Branch(at) => current = at % writes.len(),
                Step::Back(back) => current = writes.len() - 1 - back % writes.len(),
                Step::Set(..) | Step::Hand(..) | Step::Toggle => {
                    let made = usize::from(matches!(step, Step::Set(..)));
                    branch |= current + 1 < writes.len() && writes[current] >= 37;
                    writes.push(writes[current] + made);
                    current = writes.len() - 1;
                }
            }
        }
        if writes.iter().any(|&made| made >= 37) {
            long += 1;
            branched += usize::from(branch);
        }
    }
    assert!(large > 96, "{large} of 256 on boards of many blocks");
    assert!(long > 56, "{long} of 256 with a lineage of 37 writes");
    assert!(branched > 32, "{branched} of 256 branching from one");
}

proptest! {
    // The regressions beside this file (`cases.proptest-regressions`): as a
    // module of a test directory, the default would be a directory of its
    // own, named after `cases.rs` alone.
    #![proptest_config(ProptestConfig {
        cases: 96,
        failure_persistence: Some(Box::new(FileFailurePersistence::WithSource("proptest-regressions"))),
        ..ProptestConfig::default()
    })]

    #[test]
    fn changes_between_any_two_versions_are_exactly_what_the_model_says(
        shape in shape(),
        steps in proptest::collection::vec(step(), 1..200),
        pairs in proptest::collection::vec((any::<usize>(), any::<usize>()), 1..12),
    ) {
        changes_agree_with_the_model::<u8>(&shape, steps, &pairs)?;
    }

    #[test]
    fn changes_between_versions_with_qpi_pieces_are_what_the_model_says(
        shape in shape(),
        steps in proptest::collection::vec(step(), 1..200),
        pairs in proptest::collection::vec((any::<usize>(), any::<usize>()), 1..12),
    ) {
        changes_agree_with_the_model::<persistent_qi::qpi::Qpi>(&shape, steps, &pairs)?;
    }

    #[test]
    fn changes_between_versions_with_string_pieces_are_what_the_model_says(
        shape in shape(),
        steps in proptest::collection::vec(step(), 1..200),
        pairs in proptest::collection::vec((any::<usize>(), any::<usize>()), 1..12),
    ) {
        changes_agree_with_the_model::<String>(&shape, steps, &pairs)?;
    }
}
