//! Model-based tests: random operation sequences run on a `Qi` and on a plain
//! `Vec` + `BTreeMap` model side by side, through the same `Scenario` and
//! `Action` machinery as the `diff_sequence` fuzz target (the harness).
//!
//! A scenario starts from an empty board of any shape, or from a position of
//! the crate's own generator (`persistent_qi::proptest::qi`) rebuilt from
//! its content. After every step the two must agree on what the step changed
//! or on the exact error, and regularly on the whole state; at the end every
//! version kept along the way must still read as it did when it was kept
//! (see `Scenario::run_on`).
//!
//! Every scenario runs on both pointer kinds (`Scenario::run`: `Qi`, then
//! `LocalQi`), and one suite runs with a piece type whose `Hash` collides
//! (`Collide`), so that `==` is checked where the hashes cannot decide it.

use harness::support::Collide;
use harness::{Action, CHECKPOINT, Change, Literal, Model, Scenario, Start, Turn};
use persistent_qi::qpi::{Qpi, Sin};
use persistent_qi::{Error, LocalQi, Player, Qi, RcK};
use proptest::prelude::*;
use proptest::sample::select;
use proptest::strategy::ValueTree;

/// Mostly small valid shapes (so indices often hit and often miss); often
/// boards of many blocks (more than 512 squares: blocks of 32 or 64 `u8`
/// or `Qpi` squares, whose flushes copy some blocks and share the rest);
/// sometimes shapes around or beyond the limits.
fn shape() -> impl Strategy<Value = Vec<usize>> {
    let size = prop_oneof![
        Just(0_usize),
        Just(255),
        Just(256),
        Just(usize::MAX),
        any::<usize>()
    ];
    prop_oneof![
        12 => valid_shape(),
        1 => prop::collection::vec(size, 0..=4),
    ]
}

/// Valid shapes: small ones, and one in four of many blocks.
fn valid_shape() -> impl Strategy<Value = Vec<usize>> + Clone {
    prop_oneof![
        3 => prop::collection::vec(1..=6_usize, 1..=3),
        1 => prop_oneof![
            prop::collection::vec(23..=48_usize, 2),
            prop::collection::vec(8..=12_usize, 3),
        ],
    ]
}

/// The square count of a shape, for aiming indices at it: 231 (past the
/// largest small board) for a shape that does not build.
fn squares_of(shape: &[usize]) -> usize {
    shape
        .iter()
        .try_fold(1_usize, |product, &size| product.checked_mul(size))
        .filter(|&squares| {
            (1..=persistent_qi::MAX_SQUARE_COUNT).contains(&squares) && !shape.is_empty()
        })
        .unwrap_or(231)
}

/// Anywhere on a board of `squares` squares (so writes spread over all its
/// blocks), just past it, or far out.
fn index(squares: usize) -> impl Strategy<Value = usize> + Clone {
    prop_oneof![
        12 => 0..squares,
        1 => squares..squares + 3,
        1 => Just(usize::MAX),
        1 => any::<usize>(),
    ]
}

/// Small deltas that often remove more than is held, and the extremes.
fn delta() -> impl Strategy<Value = i32> {
    prop_oneof![
        12 => -3..=3_i32,
        // Around the limits of the difference a position keeps (an `i8`).
        1 => select(vec![127, 128, 129, -127, -128, -129]),
        1 => Just(i32::MIN),
        1 => Just(i32::MAX),
        1 => any::<i32>(),
    ]
}

fn player() -> impl Strategy<Value = Player> {
    prop_oneof![Just(Player::First), Just(Player::Second)]
}

/// Mostly a handful of tokens, so hands accumulate; sometimes any of the
/// 16,224.
fn qpi() -> impl Strategy<Value = Qpi> + Clone {
    let token = |text: &str| Qpi::parse(text).expect("a valid token");
    let any_code = 1..=u16::try_from(Qpi::COUNT).expect("16,224 fits a u16");
    prop_oneof![
        8 => select(vec![token("C:K^"), token("c:k^"), token("S:P"), token("S:+P"), token("s:p")]),
        1 => any_code.prop_map(|code| Qpi::from_code(code).expect("a code in range")),
    ]
}

fn sin() -> impl Strategy<Value = Sin> + Clone {
    select(b"CcSsXx".to_vec()).prop_map(|letter| Sin::try_from(&[letter][..]).expect("a letter"))
}

fn action<P: Clone + Literal + std::fmt::Debug + 'static>(
    piece: impl Strategy<Value = P> + Clone + 'static,
    squares: usize,
) -> impl Strategy<Value = Action<P>> {
    let index = || index(squares);
    let board_change = (index(), proptest::option::of(piece.clone()));
    let hand_change = (piece.clone(), delta());
    let change = prop_oneof![
        (index(), proptest::option::of(piece.clone()))
            .prop_map(|(index, square)| Change::Square(index, square)),
        (index(), proptest::option::of(piece.clone()))
            .prop_map(|(index, square)| Change::Replace(index, square)),
        (player(), piece, delta())
            .prop_map(|(player, piece, delta)| Change::Hand(player, piece, delta)),
    ];
    let turn = prop_oneof![
        Just(Turn::Keep),
        Just(Turn::Toggle),
        player().prop_map(Turn::To),
    ];
    // On a board of many blocks, longer diffs: a lineage of a scenario then
    // often writes enough distinct squares to flush (more than the kept
    // and logged writes hold, 24) and branches after.
    let most = if squares > 512 { 12 } else { 6 };
    prop_oneof![
        4 => prop::collection::vec(board_change, 0..most).prop_map(Action::BoardDiff),
        4 => (player(), prop::collection::vec(hand_change, 0..6))
            .prop_map(|(player, changes)| Action::HandDiff(player, changes)),
        4 => (prop::collection::vec(change.clone(), 0..most), turn.clone())
            .prop_map(|(changes, turn)| Action::Edit(changes, turn)),
        // Children built into the slot a search keeps: siblings until the
        // next edit of current or step down.
        3 => (prop::collection::vec(change, 0..most), turn)
            .prop_map(|(changes, turn)| Action::Branch(changes, turn)),
        1 => Just(Action::Descend),
        1 => Just(Action::Toggle),
        1 => player().prop_map(Action::WithTurn),
        2 => Just(Action::Retain),
        1 => any::<usize>().prop_map(Action::Restore),
        1 => any::<usize>().prop_map(Action::Forget),
        1 => any::<usize>().prop_map(Action::Compare),
        1 => prop::collection::vec(0..8_usize, 0..4).prop_map(Action::IndexOf),
        1 => index().prop_map(Action::CoordinatesOf),
        1 => Just(Action::Convert),
    ]
}

/// An empty board of any shape, or a position of the crate's generator on a
/// small board, as content for `Qi::from_parts`.
fn start<P, S>(
    piece: impl Strategy<Value = P> + Clone + 'static,
    style: impl Strategy<Value = S> + Clone + 'static,
) -> impl Strategy<Value = Start<P, S>>
where
    P: Clone + Ord + std::hash::Hash + Literal + std::fmt::Debug + 'static,
    S: Clone + std::hash::Hash + Literal + std::fmt::Debug + 'static,
{
    let empty =
        (shape(), style.clone(), style.clone()).prop_map(|(shape, first_style, second_style)| {
            Start::Empty {
                shape,
                first_style,
                second_style,
            }
        });
    let generated = persistent_qi::proptest::qi(valid_shape(), piece, style).prop_map(|position| {
        let hand = |player| {
            position
                .hand(player)
                .map(|(piece, count)| (piece.clone(), count))
                .collect()
        };
        Start::Parts {
            shape: position.shape().to_vec(),
            squares: position.squares().map(Option::<&P>::cloned).collect(),
            first_hand: hand(Player::First),
            second_hand: hand(Player::Second),
            first_style: position.first_style().clone(),
            second_style: position.second_style().clone(),
            turn: position.turn(),
        }
    });
    prop_oneof![empty, generated]
}

/// A start and up to two and a half checkpoints of steps: the first
/// checkpoint (after step 48) fires in more than half the scenarios, the
/// second in about a quarter.
fn scenario<P, S>(
    piece: impl Strategy<Value = P> + Clone + 'static,
    style: impl Strategy<Value = S> + Clone + 'static,
) -> impl Strategy<Value = Scenario<P, S>>
where
    P: Clone + Ord + std::hash::Hash + Literal + std::fmt::Debug + 'static,
    S: Clone + std::hash::Hash + Literal + std::fmt::Debug + 'static,
{
    start(piece.clone(), style)
        .prop_flat_map(move |start| {
            let squares = squares_of(start.shape());
            (
                Just(start),
                prop::collection::vec(action(piece.clone(), squares), 0..=CHECKPOINT * 5 / 2),
            )
        })
        .prop_map(|(start, actions)| Scenario { start, actions })
}

proptest! {
    #[test]
    fn qi_with_u8_pieces_behaves_like_the_model(
        scenario in scenario(0..6_u8, any::<u8>())
    ) {
        scenario.run();
    }

    #[test]
    fn qi_with_static_str_pieces_behaves_like_the_model(
        scenario in scenario(
            select(&["K", "k", "P", "p", "+P", ""][..]),
            select(&["C", "c", "S"][..]),
        )
    ) {
        scenario.run();
    }

    #[test]
    fn qi_with_qpi_pieces_behaves_like_the_model(
        scenario in scenario(qpi(), sin())
    ) {
        scenario.run();
    }

    #[test]
    fn qi_with_string_pieces_behaves_like_the_model(
        scenario in scenario("[KkPp]{1,2}", "[A-Za-z]{0,2}")
    ) {
        scenario.run();
    }

    #[test]
    fn qi_with_pieces_whose_hashes_collide_behaves_like_the_model(
        scenario in scenario((0..4_u8).prop_map(Collide), any::<u8>())
    ) {
        scenario.run();
    }
}

#[test]
fn drawn_scenarios_often_flush_boards_of_many_blocks_and_branch() {
    // Boards of more than one block (512 squares of `u8` or `Qpi`) must be
    // common, and so must a lineage on them long enough to flush (more
    // writes than the kept and logged ones hold, 24; counted here as 37
    // writes to squares of the board, some of which may repeat a square)
    // with a branch after it: that is where `changes_since` and `==` meet
    // boards of different stamps that share some of their blocks.
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = scenario(0..6_u8, any::<u8>());
    let (mut large, mut long, mut branched) = (0, 0, 0);
    for _ in 0..256 {
        let scenario = strategy
            .new_tree(&mut runner)
            .expect("a scenario")
            .current();
        let squares = squares_of(scenario.start.shape());
        if squares <= 512 || Model::<u8, u8>::new(scenario.start.shape(), 0, 1).is_err() {
            continue;
        }
        large += 1;
        // The writes along the current lineage; those of each retained one.
        let (mut writes, mut retained, mut longest, mut branch) = (0, Vec::new(), 0, false);
        for action in &scenario.actions {
            match action {
                Action::BoardDiff(changes) => {
                    writes += changes.iter().filter(|(index, _)| *index < squares).count();
                }
                Action::Edit(changes, _) => {
                    writes += changes
                        .iter()
                        .filter(|change| {
                            matches!(change, Change::Square(index, _) | Change::Replace(index, _)
                                if *index < squares)
                        })
                        .count();
                }
                Action::Retain => retained.push(writes),
                Action::Restore(slot) if !retained.is_empty() => {
                    branch |= writes >= 37;
                    writes = retained[slot % retained.len()];
                }
                _ => {}
            }
            longest = longest.max(writes);
        }
        if longest >= 37 {
            long += 1;
            branched += usize::from(branch);
        }
    }
    assert!(large > 40, "{large} of 256 on boards of many blocks");
    assert!(long > 25, "{long} of 256 with a lineage of 37 writes");
    assert!(branched > 12, "{branched} of 256 branching after one");
}

#[test]
fn drawn_scenarios_reach_the_checkpoints() {
    // The checks that run only at a checkpoint (the whole state, the hash
    // from scratch, `changes_since` the start) must be reached by the
    // drawn scenarios, not only by the end of each.
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let strategy = scenario(0..6_u8, any::<u8>());
    let lengths: Vec<usize> = (0..256)
        .map(|_| {
            let tree = strategy.new_tree(&mut runner).expect("a scenario");
            tree.current().actions.len()
        })
        .collect();
    let past = |checkpoints: usize| {
        lengths
            .iter()
            .filter(|&&length| length >= checkpoints * CHECKPOINT)
            .count()
    };
    assert!(past(1) > 96, "{} of 256 pass one checkpoint", past(1));
    assert!(past(2) > 32, "{} of 256 pass two checkpoints", past(2));
}

/// The scenario whose printed form is pasted as the body of
/// `the_printed_reproduction_compiles_and_runs`.
fn small_scenario() -> Scenario<u8, u8> {
    Scenario {
        start: Start::Empty {
            shape: vec![2, 2],
            first_style: 0,
            second_style: 1,
        },
        actions: vec![
            Action::BoardDiff(vec![(0, Some(7)), (3, None)]),
            Action::Retain,
            Action::HandDiff(Player::Second, vec![(7, 2), (7, i32::MIN)]),
            Action::BoardDiff(vec![(usize::MAX, Some(1))]),
            Action::Toggle,
            Action::WithTurn(Player::Second),
            Action::Compare(5),
            Action::Restore(3),
            Action::Forget(0),
            Action::IndexOf(vec![1, 1]),
            Action::CoordinatesOf(3),
        ],
    }
}

#[test]
fn a_scenario_prints_as_a_program_that_replays_it() {
    let expected = "\
use persistent_qi::{Player, Qi};
let mut retained: Vec<Qi<u8, u8>> = Vec::new();
let mut current: Qi<u8, u8> = Qi::new(&[2, 2], 0, 1).unwrap();
if let Ok(next) = current.board_diff([(0, Some(7)), (3, None)]) { current = next; }
retained.push(current.clone());
if let Ok(next) = current.hand_diff(Player::Second, [(7, 2), (7, -2147483648)]) { current = next; }
if let Ok(next) = current.board_diff([(18446744073709551615, Some(1))]) { current = next; }
current = current.toggle();
current = current.with_turn(Player::Second);
if !retained.is_empty() { let _equal = current == retained[5 % retained.len()]; }
if !retained.is_empty() { current = retained[3 % retained.len()].clone(); }
if !retained.is_empty() { retained.remove(0 % retained.len()); }
let _index = current.index_of(&[1, 1]);
let _coordinates = current.coordinates_of(3);
";
    assert_eq!(format!("{:?}", small_scenario()), expected);
}

#[test]
fn a_scenario_prints_over_local_positions_with_the_same_steps() {
    let program = small_scenario().program::<RcK>();
    let header = "\
use persistent_qi::{LocalQi, Player};
let mut retained: Vec<LocalQi<u8, u8>> = Vec::new();
let mut current: LocalQi<u8, u8> = LocalQi::new(&[2, 2], 0, 1).unwrap();
";
    assert!(program.starts_with(header), "{program}");
    let on_qi = format!("{:?}", small_scenario());
    assert_eq!(
        program.lines().skip(3).collect::<Vec<_>>(),
        on_qi.lines().skip(3).collect::<Vec<_>>()
    );
}

/// The output checked above, pasted verbatim but for the position type
/// (`Qi` in the `Debug` output, `LocalQi` in the local program, whose
/// other lines are the same): it compiles and runs on either.
macro_rules! printed_reproduction_runs {
    ($name:ident, $Position:ident, $run:expr) => {
        #[test]
        #[allow(clippy::identity_op, clippy::unreadable_literal, unused_assignments)]
        #[cfg(target_pointer_width = "64")]
        fn $name() {
            let mut retained: Vec<$Position<u8, u8>> = Vec::new();
            let mut current: $Position<u8, u8> = $Position::new(&[2, 2], 0, 1).unwrap();
            if let Ok(next) = current.board_diff([(0, Some(7)), (3, None)]) {
                current = next;
            }
            retained.push(current.clone());
            if let Ok(next) = current.hand_diff(Player::Second, [(7, 2), (7, -2147483648)]) {
                current = next;
            }
            if let Ok(next) = current.board_diff([(18446744073709551615, Some(1))]) {
                current = next;
            }
            current = current.toggle();
            current = current.with_turn(Player::Second);
            if !retained.is_empty() {
                let _equal = current == retained[5 % retained.len()];
            }
            if !retained.is_empty() {
                current = retained[3 % retained.len()].clone();
            }
            if !retained.is_empty() {
                retained.remove(0 % retained.len());
            }
            let _index = current.index_of(&[1, 1]);
            let _coordinates = current.coordinates_of(3);

            // And it ends where the harness says it does.
            assert!(retained.is_empty());
            assert_eq!(current.square(0), Some(&7));
            assert_eq!(current.turn(), Player::First);
            $run;
        }
    };
}

printed_reproduction_runs!(
    the_printed_reproduction_compiles_and_runs,
    Qi,
    small_scenario().run()
);
printed_reproduction_runs!(
    the_printed_local_reproduction_compiles_and_runs,
    LocalQi,
    small_scenario().run_on::<RcK>()
);

/// A scenario that starts from content and plays a one-call move: its
/// printed form is pasted as the body of
/// `the_printed_edit_reproduction_compiles_and_runs`.
fn edit_scenario() -> Scenario<u8, u8> {
    Scenario {
        start: Start::Parts {
            shape: vec![3],
            squares: vec![Some(7), None, Some(8)],
            first_hand: vec![(8, 1)],
            second_hand: vec![],
            first_style: 0,
            second_style: 1,
            turn: Player::First,
        },
        actions: vec![
            Action::Edit(
                vec![
                    Change::Square(2, Some(7)),
                    Change::Square(0, None),
                    Change::Hand(Player::First, 8, 1),
                ],
                Turn::Toggle,
            ),
            Action::Edit(
                vec![Change::Hand(Player::Second, 8, -1), Change::Square(3, None)],
                Turn::To(Player::First),
            ),
            Action::Edit(
                vec![
                    Change::Hand(Player::First, 8, -1),
                    Change::Square(1, Some(8)),
                ],
                Turn::Keep,
            ),
        ],
    }
}

#[test]
fn a_parts_start_and_edits_print_as_a_program_that_replays_them() {
    let expected = "\
use persistent_qi::{Player, Qi};
let mut retained: Vec<Qi<u8, u8>> = Vec::new();
let mut current: Qi<u8, u8> = Qi::from_parts(&[3], [Some(7), None, Some(8)], [(8, 1)], [], 0, 1, Player::First).unwrap();
if let Ok(next) = current.edit_with(|edit| {
    edit.set(2, Some(7)).set(0, None).hand(Player::First, 8, 1).toggle();
}) { current = next; }
if let Ok(next) = current.edit_with(|edit| {
    edit.hand(Player::Second, 8, -1).set(3, None).with_turn(Player::First);
}) { current = next; }
if let Ok(next) = current.edit_with(|edit| {
    edit.hand(Player::First, 8, -1).set(1, Some(8));
}) { current = next; }
";
    assert_eq!(format!("{:?}", edit_scenario()), expected);
}

/// The output checked above, pasted verbatim: it compiles and runs.
#[test]
#[allow(unused_mut)]
fn the_printed_edit_reproduction_compiles_and_runs() {
    let mut retained: Vec<Qi<u8, u8>> = Vec::new();
    let mut current: Qi<u8, u8> = Qi::from_parts(
        &[3],
        [Some(7), None, Some(8)],
        [(8, 1)],
        [],
        0,
        1,
        Player::First,
    )
    .unwrap();
    if let Ok(next) = current.edit_with(|edit| {
        edit.set(2, Some(7))
            .set(0, None)
            .hand(Player::First, 8, 1)
            .toggle();
    }) {
        current = next;
    }
    if let Ok(next) = current.edit_with(|edit| {
        edit.hand(Player::Second, 8, -1)
            .set(3, None)
            .with_turn(Player::First);
    }) {
        current = next;
    }
    if let Ok(next) = current.edit_with(|edit| {
        edit.hand(Player::First, 8, -1).set(1, Some(8));
    }) {
        current = next;
    }

    // And it ends where the harness says it does: the capture and the drop
    // pass, the underflow fails and leaves the turn with the second player.
    assert!(retained.is_empty());
    assert_eq!(
        current.squares().collect::<Vec<_>>(),
        [None, Some(&8), Some(&7)]
    );
    assert_eq!(current.hand_piece_count(), 1);
    assert_eq!(current.turn(), Player::Second);
    edit_scenario().run();
}

#[test]
fn the_model_builds_from_parts_with_the_documented_errors_in_order() {
    let parts = |squares: &[Option<u8>], first: &[(u8, usize)], second: &[(u8, usize)]| {
        Model::<u8, u8>::from_parts(&[2, 2], squares, [first, second], 0, 1, Player::First)
            .map(|_| ())
    };
    let board = [Some(1), None, None, None];
    assert_eq!(
        Model::<u8, u8>::from_parts(&[0], &[], [&[], &[]], 0, 1, Player::First).map(|_| ()),
        Err(Error::DimensionTooSmall {
            dimension: 0,
            size: 0
        })
    );
    assert_eq!(
        parts(&board[..3], &[], &[]),
        Err(Error::SquareCountMismatch {
            expected: 4,
            given: 3
        })
    );
    assert_eq!(
        parts(&board, &[(2, 0)], &[(2, 0)]),
        Err(Error::ZeroHandCount {
            player: Player::First,
            entry: 0
        })
    );
    assert_eq!(
        parts(&board, &[(2, 1)], &[(3, 1), (3, 1)]),
        Err(Error::DuplicateHandPiece {
            player: Player::Second,
            entry: 1
        })
    );
    assert_eq!(
        parts(&board, &[(2, 2)], &[(3, 2)]),
        Err(Error::TooManyPieces {
            pieces: 5,
            squares: 4
        })
    );
    assert_eq!(
        parts(&board, &[(2, usize::MAX)], &[]),
        Err(Error::TooManyPieces {
            pieces: usize::MAX,
            squares: 4
        })
    );
    assert_eq!(parts(&board, &[(2, 2)], &[(3, 1)]), Ok(()));
}

#[test]
fn the_model_rejects_shapes_in_the_documented_order() {
    let model = |shape: &[usize]| Model::<u8, u8>::new(shape, 0, 1).map(|_| ());
    assert_eq!(model(&[]), Err(Error::EmptyShape));
    assert_eq!(
        model(&[0, 0, 0, 0]),
        Err(Error::TooManyDimensions { dimensions: 4 })
    );
    assert_eq!(
        model(&[256, 0]),
        Err(Error::DimensionTooLarge {
            dimension: 0,
            size: 256
        })
    );
    assert_eq!(
        model(&[255, 255, 2]),
        Err(Error::TooManySquares { squares: 130_050 })
    );
    assert_eq!(model(&[40, 40, 40]), Ok(()));
}

#[test]
fn the_model_reports_the_first_underflow_with_its_change_number() {
    let mut model = Model::<u8, u8>::new(&[4], 0, 1).unwrap();
    let changes = [(1, 1), (1, -1), (1, i32::MIN)]
        .map(|(piece, delta)| Change::Hand(Player::First, piece, delta));
    assert_eq!(
        model.edit(changes.iter().map(Change::as_ref)),
        Err(Error::HandUnderflow {
            player: Player::First,
            held: 0,
            requested: 2_147_483_648,
            change: 2
        })
    );
}

#[test]
fn a_scenario_that_fails_construction_expects_the_same_error() {
    Scenario::<u8, u8> {
        start: Start::Empty {
            shape: vec![usize::MAX, usize::MAX],
            first_style: 0,
            second_style: 1,
        },
        actions: vec![Action::Toggle],
    }
    .run();
}

#[test]
fn a_qpi_scenario_prints_tokens_as_parse_calls_with_their_imports() {
    let scenario = Scenario {
        start: Start::Empty {
            shape: vec![9, 9],
            first_style: Sin::parse("S").unwrap(),
            second_style: Sin::parse("s").unwrap(),
        },
        actions: vec![Action::HandDiff(
            Player::First,
            vec![(Qpi::parse("S:+P").unwrap(), 1)],
        )],
    };
    assert_eq!(
        format!("{scenario:?}"),
        "\
use persistent_qi::{Player, Qi};
use persistent_qi::qpi::Qpi;
use persistent_qi::qpi::Sin;
let mut retained: Vec<Qi<Qpi, Sin>> = Vec::new();
let mut current: Qi<Qpi, Sin> = Qi::new(&[9, 9], Sin::parse(\"S\").unwrap(), Sin::parse(\"s\").unwrap()).unwrap();
if let Ok(next) = current.hand_diff(Player::First, [(Qpi::parse(\"S:+P\").unwrap(), 1)]) { current = next; }
"
    );
    scenario.run();
}

// What the harness checks, and where: scenarios each reaching one check that
// only it makes. Each passes on a sound crate; each fails against the broken
// build named in its comment (changes_since dropping squares past index 127,
// or a hand's incremental hash term off by one bit at a count of 5), which
// the harness passed before it checked these.

fn empty_board(shape: Vec<usize>) -> Start<u8, u8> {
    Start::Empty {
        shape,
        first_style: 0,
        second_style: 1,
    }
}

#[test]
fn every_step_on_a_19x19_board_is_checked_through_changes_since() {
    // A square set and emptied again: the start and the end are equal, so
    // only the step itself shows a square `changes_since` failed to list.
    Scenario {
        start: empty_board(vec![19, 19]),
        actions: vec![
            Action::BoardDiff(vec![(200, Some(1))]),
            Action::BoardDiff(vec![(200, None)]),
        ],
    }
    .run();
}

#[test]
fn every_checkpoint_checks_changes_since_the_start() {
    // 400 squares, past the per-step check: the square set at step 0 is
    // listed from the start at the checkpoint after step 47, and emptied
    // again before the end.
    let mut actions = vec![Action::BoardDiff(vec![(390, Some(1))])];
    actions.extend((1..CHECKPOINT).map(|_| Action::WithTurn(Player::First)));
    actions.push(Action::BoardDiff(vec![(390, None)]));
    Scenario {
        start: empty_board(vec![20, 20]),
        actions,
    }
    .run();
}

#[test]
fn every_version_kept_on_a_small_board_is_checked_against_the_hash_from_scratch() {
    // Five distinct versions kept, the fifth holding 5 copies of a piece,
    // and the current one 6: the fifth is never current at a checkpoint,
    // and is past the first few the end compares through `changes_since`.
    let mut actions = Vec::new();
    for _ in 0..5 {
        actions.push(Action::HandDiff(Player::First, vec![(1, 1)]));
        actions.push(Action::Retain);
    }
    actions.push(Action::HandDiff(Player::First, vec![(1, 1)]));
    Scenario {
        start: empty_board(vec![3, 3]),
        actions,
    }
    .run();
}

/// A scenario that plays a move through `replace` and converts the
/// position: its printed form is pasted as the body of
/// `the_printed_replace_and_conversion_compile_and_run`.
fn replace_scenario() -> Scenario<u8, u8> {
    Scenario {
        start: empty_board(vec![3]),
        actions: vec![
            Action::Edit(
                vec![
                    Change::Square(0, Some(7)),
                    Change::Replace(0, None),
                    Change::Replace(2, Some(7)),
                ],
                Turn::Toggle,
            ),
            Action::Convert,
        ],
    }
}

#[test]
fn a_replace_and_a_conversion_print_as_a_program_that_replays_them() {
    let expected = "\
use persistent_qi::{Player, Qi};
let mut retained: Vec<Qi<u8, u8>> = Vec::new();
let mut current: Qi<u8, u8> = Qi::new(&[3], 0, 1).unwrap();
if let Ok(next) = current.edit_with(|edit| {
    edit.set(0, Some(7));
    let old = edit.position().square(0).cloned();
    edit.replace(0, old.as_ref(), None);
    let old = edit.position().square(2).cloned();
    edit.replace(2, old.as_ref(), Some(7)).toggle();
}) { current = next; }
current = current.to_local().to_kind();
";
    assert_eq!(format!("{:?}", replace_scenario()), expected);
    let local = replace_scenario().program::<RcK>();
    assert!(
        local.ends_with("current = current.to_sync().to_kind();\n"),
        "{local}"
    );
}

/// The output checked above, pasted verbatim: it compiles and runs. (The
/// printed form clones the old square, as a piece need not be `Copy`.)
#[test]
#[allow(unused_mut, clippy::cloned_instead_of_copied)]
fn the_printed_replace_and_conversion_compile_and_run() {
    let mut retained: Vec<Qi<u8, u8>> = Vec::new();
    let mut current: Qi<u8, u8> = Qi::new(&[3], 0, 1).unwrap();
    if let Ok(next) = current.edit_with(|edit| {
        edit.set(0, Some(7));
        let old = edit.position().square(0).cloned();
        edit.replace(0, old.as_ref(), None);
        let old = edit.position().square(2).cloned();
        edit.replace(2, old.as_ref(), Some(7)).toggle();
    }) {
        current = next;
    }
    current = current.to_local().to_kind();

    assert!(retained.is_empty());
    assert_eq!(
        current.squares().collect::<Vec<_>>(),
        [None, None, Some(&7)]
    );
    assert_eq!(current.turn(), Player::Second);
    replace_scenario().run();
}

/// A scenario that builds two children into the slot and goes down to the
/// second: its printed form is pasted as the body of
/// `the_printed_branches_compile_and_run`.
fn branch_scenario() -> Scenario<u8, u8> {
    Scenario {
        start: empty_board(vec![3]),
        actions: vec![
            Action::Branch(vec![Change::Square(0, Some(7))], Turn::Toggle),
            Action::Branch(
                vec![Change::Square(1, Some(7)), Change::Square(9, None)],
                Turn::Keep,
            ),
            Action::Branch(vec![Change::Replace(2, Some(5))], Turn::Toggle),
            Action::Descend,
        ],
    }
}

#[test]
fn branches_print_as_a_program_that_builds_them_into_one_slot() {
    let expected = "\
use persistent_qi::{Player, Qi};
let mut retained: Vec<Qi<u8, u8>> = Vec::new();
let mut current: Qi<u8, u8> = Qi::new(&[3], 0, 1).unwrap();
let mut slot = current.clone();
let _ = current.edit_into(&mut slot, |edit| {
    edit.set(0, Some(7)).toggle();
});
let _ = current.edit_into(&mut slot, |edit| {
    edit.set(1, Some(7)).set(9, None);
});
let _ = current.edit_into(&mut slot, |edit| {
    let old = edit.position().square(2).cloned();
    edit.replace(2, old.as_ref(), Some(5)).toggle();
});
current = slot.clone();
";
    assert_eq!(format!("{:?}", branch_scenario()), expected);
}

/// The output checked above, pasted verbatim: it compiles and runs; the
/// failing branch (square 9 is off the board) leaves the slot as the
/// first branch built it, and the last one replaces it.
#[test]
#[allow(unused_mut, clippy::cloned_instead_of_copied)]
fn the_printed_branches_compile_and_run() {
    let mut retained: Vec<Qi<u8, u8>> = Vec::new();
    let mut current: Qi<u8, u8> = Qi::new(&[3], 0, 1).unwrap();
    let mut slot = current.clone();
    let _ = current.edit_into(&mut slot, |edit| {
        edit.set(0, Some(7)).toggle();
    });
    let _ = current.edit_into(&mut slot, |edit| {
        edit.set(1, Some(7)).set(9, None);
    });
    let _ = current.edit_into(&mut slot, |edit| {
        let old = edit.position().square(2).cloned();
        edit.replace(2, old.as_ref(), Some(5)).toggle();
    });
    current = slot.clone();

    assert!(retained.is_empty());
    assert_eq!(
        current.squares().collect::<Vec<_>>(),
        [None, None, Some(&5)]
    );
    assert_eq!(current.turn(), Player::Second);
    branch_scenario().run();
}
