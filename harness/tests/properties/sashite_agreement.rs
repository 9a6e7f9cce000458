//! Differential testing against the peer crate `sashite-qi` 0.2.
//!
//! Random shapes and random operation sequences run on both
//! `persistent_qi`'s positions (each case twice: over `Qi` and over
//! `LocalQi`, through one generic runner) and `sashite_qi::Qi`. After every step the two must
//! agree: both succeed or both fail with the same kind of error, and then read
//! the same squares, hands, counts, turn and styles. Our incremental hash must
//! equal the one recomputed from scratch. At the end, every version we kept
//! must still agree with a snapshot of the peer taken at the same step, and
//! two of our versions must be `==` (and hash alike) exactly when the peer's
//! are.
//!
//! Both crates are driven through the one adapter of the harness
//! (`harness::support::Position`), which clones the peer's position before
//! each step since its transformations take `self` by value. Its errors
//! carry no data, so ours are mapped to its variants by kind, and the data
//! ours carry is checked against the operation instead.
//!
//! The peer has no one-call move, so our `edit` is checked against what its
//! separate diffs say of the same changes: the board changes, the first
//! hand's and the second hand's, each as one diff. The first change one of
//! them refuses on its own (an index off the board, a removal of more than
//! is held) must be our error, with its place in the edit; otherwise the
//! diffs applied in an order that never overfills the board in between
//! (some order does exactly when the finished position fits) must give our
//! result, and else our error is the piece total.
//!
//! A failing case prints as the shape and the list of steps, each written as
//! the call it makes (`.board_diff([(3, Some("A"))])`): a failed step leaves
//! the position as it was, so the list reads as a log of attempts.

use std::collections::BTreeMap;
use std::fmt::{self, Debug};
use std::hash::Hash;

use harness::support::{self, Kind, Position};
use harness::{Change, Model, Turn};
use persistent_qi::{
    ArcTK, Error, GenericQi, MAX_DIMENSION_SIZE, MAX_DIMENSIONS, Player, RcK, SharedPointerKind,
};
use proptest::prelude::*;
use proptest::test_runner::TestCaseError;
use sashite_qi as peer;

/// One transformation, applied to both positions.
#[derive(Clone)]
enum Step<P> {
    BoardDiff(Vec<(usize, Option<P>)>),
    HandDiff(Player, Vec<(P, i32)>),
    /// Ours: one edit; the peer's: its diffs, one per kind of change.
    Edit(Vec<Change<P>>, Turn),
    Toggle,
    WithTurn(Player),
}

impl<P: Debug> Debug for Step<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Step::BoardDiff(changes) => write!(f, ".board_diff({changes:?})"),
            Step::HandDiff(Player::First, changes) => write!(f, ".first_hand_diff({changes:?})"),
            Step::HandDiff(Player::Second, changes) => {
                write!(f, ".second_hand_diff({changes:?})")
            }
            Step::Edit(changes, turn) => {
                f.write_str(".edit()")?;
                for change in changes {
                    match change {
                        Change::Square(index, square) | Change::Replace(index, square) => {
                            write!(f, ".set({index}, {square:?})")?;
                        }
                        Change::Hand(player, piece, delta) => {
                            write!(f, ".hand(Player::{player:?}, {piece:?}, {delta})")?;
                        }
                    }
                }
                match turn {
                    Turn::Keep => {}
                    Turn::Toggle => f.write_str(".toggle()")?,
                    Turn::To(player) => write!(f, ".with_turn(Player::{player:?})")?,
                }
                f.write_str(".finish()")
            }
            Step::Toggle => f.write_str(".toggle()"),
            Step::WithTurn(player) => write!(f, ".with_turn(Player::{player:?})"),
        }
    }
}

/// A shape, the two styles and the steps to run.
struct Case<P, S> {
    shape: Vec<usize>,
    styles: (S, S),
    steps: Vec<Step<P>>,
}

impl<P: Debug, S: Debug> Debug for Case<P, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (first, second) = &self.styles;
        writeln!(f, "Qi::new(&{:?}, {first:?}, {second:?})", self.shape)?;
        for step in &self.steps {
            writeln!(f, "    {step:?}")?;
        }
        Ok(())
    }
}

// ---- strategies ------------------------------------------------------------

/// Small boards, so that the piece count can reach the square count; up to
/// 125 squares, so that boards of several 16-square blocks are covered too.
fn valid_shape() -> impl Strategy<Value = Vec<usize>> {
    prop_oneof![
        3 => prop::collection::vec(1_usize..=4, 1..=3),
        1 => prop::collection::vec(1_usize..=5, 1..=3),
    ]
}

/// Shapes that break each construction rule, and mixtures of them, so the
/// order of the checks is exercised as well.
fn invalid_shape() -> impl Strategy<Value = Vec<usize>> {
    // No 255 here: a valid shape drawn from these must stay small. The
    // largest size is exercised by the too-many-squares shapes below.
    let any_size = prop_oneof![1_usize..=4, Just(0), 256_usize..=300, Just(usize::MAX)];
    prop_oneof![
        Just(Vec::new()),
        prop::collection::vec(any_size.clone(), MAX_DIMENSIONS + 1..=MAX_DIMENSIONS + 2),
        prop::collection::vec(any_size, 1..=MAX_DIMENSIONS),
        (
            200_usize..=MAX_DIMENSION_SIZE,
            200_usize..=MAX_DIMENSION_SIZE,
            2_usize..=255
        )
            .prop_map(|(a, b, c)| vec![a, b, c]),
    ]
}

fn shape() -> impl Strategy<Value = Vec<usize>> {
    prop_oneof![9 => valid_shape(), 1 => invalid_shape()]
}

fn player() -> impl Strategy<Value = Player> {
    prop_oneof![Just(Player::First), Just(Player::Second)]
}

/// Mostly a square of the board, sometimes just past it or far past it.
fn index(square_count: usize) -> impl Strategy<Value = usize> {
    prop_oneof![
        8 => 0..square_count,
        1 => square_count..square_count + 3,
        1 => Just(usize::MAX),
    ]
}

/// Mostly small, often enough large or extreme to underflow a hand, to cross
/// the square count in one change, or to test overflow handling.
fn delta(square_count: usize) -> impl Strategy<Value = i32> {
    let bound = i32::try_from(square_count).expect("a small board") + 1;
    prop_oneof![
        5 => 0_i32..=3,
        2 => -3_i32..=-1,
        2 => -bound..=bound,
        1 => Just(i32::MIN),
        1 => Just(i32::MAX),
        1 => Just(-i32::MAX),
    ]
}

fn step<P>(square_count: usize, alphabet: Vec<P>) -> impl Strategy<Value = Step<P>>
where
    P: Clone + Debug + 'static,
{
    let piece = prop::sample::select(alphabet);
    let square = prop::option::weighted(0.7, piece.clone());
    let change = prop_oneof![
        (index(square_count), square.clone())
            .prop_map(|(index, square)| Change::Square(index, square)),
        (player(), piece.clone(), delta(square_count))
            .prop_map(|(player, piece, delta)| Change::Hand(player, piece, delta)),
    ];
    let turn = prop_oneof![
        Just(Turn::Keep),
        Just(Turn::Toggle),
        player().prop_map(Turn::To)
    ];
    // Moves as a game makes them, one edit each: a drop from a hand, and a
    // capture into one.
    let drop = (player(), piece.clone(), 0..square_count).prop_map(|(player, piece, index)| {
        let changes = vec![
            Change::Hand(player, piece.clone(), -1),
            Change::Square(index, Some(piece)),
        ];
        Step::Edit(changes, Turn::Toggle)
    });
    let capture = (player(), piece.clone(), 0..square_count, 0..square_count).prop_map(
        |(player, piece, from, to)| {
            let changes = vec![
                Change::Square(from, None),
                Change::Square(to, Some(piece.clone())),
                Change::Hand(player, piece, 1),
            ];
            Step::Edit(changes, Turn::Toggle)
        },
    );
    prop_oneof![
        2 => drop,
        2 => capture,
        4 => prop::collection::vec((index(square_count), square), 0..=6)
            .prop_map(Step::BoardDiff),
        4 => (player(), prop::collection::vec((piece, delta(square_count)), 0..=4))
            .prop_map(|(player, changes)| Step::HandDiff(player, changes)),
        4 => (prop::collection::vec(change, 0..=6), turn)
            .prop_map(|(changes, turn)| Step::Edit(changes, turn)),
        1 => Just(Step::Toggle),
        1 => player().prop_map(Step::WithTurn),
    ]
}

fn case<P, S>(alphabet: Vec<P>, styles: (S, S)) -> impl Strategy<Value = Case<P, S>>
where
    P: Clone + Debug + 'static,
    S: Clone + Debug + 'static,
{
    case_on(shape(), alphabet, styles)
}

/// Cases on boards of at most four squares, which hands and pieces fill
/// often: where a move done as separate diffs would overfill the board
/// between them and one edit must not.
fn full_board_case<P, S>(alphabet: Vec<P>, styles: (S, S)) -> impl Strategy<Value = Case<P, S>>
where
    P: Clone + Debug + 'static,
    S: Clone + Debug + 'static,
{
    case_on(prop::collection::vec(1_usize..=2, 1..=2), alphabet, styles)
}

fn case_on<P, S>(
    shape: impl Strategy<Value = Vec<usize>>,
    alphabet: Vec<P>,
    styles: (S, S),
) -> impl Strategy<Value = Case<P, S>>
where
    P: Clone + Debug + 'static,
    S: Clone + Debug + 'static,
{
    shape.prop_flat_map(move |shape| {
        // An invalid shape never runs its steps; any square count will do.
        let square_count = if expected_shape_error(&shape).is_none() {
            shape.iter().product()
        } else {
            4
        };
        let styles = styles.clone();
        prop::collection::vec(step(square_count, alphabet.clone()), 0..=40).prop_map(move |steps| {
            Case {
                shape: shape.clone(),
                styles: styles.clone(),
                steps,
            }
        })
    })
}

// ---- comparing the two -----------------------------------------------------

/// The peer's error of the same kind as ours; `None` for kinds the peer does
/// not have (coordinate errors, which no transformation returns).
fn peer_kind(error: Error) -> Option<peer::Error> {
    Some(match error {
        Error::EmptyShape => peer::Error::EmptyShape,
        Error::TooManyDimensions { .. } => peer::Error::TooManyDimensions,
        Error::DimensionTooSmall { .. } => peer::Error::DimensionTooSmall,
        Error::DimensionTooLarge { .. } => peer::Error::DimensionTooLarge,
        Error::TooManySquares { .. } => peer::Error::TooManySquares,
        Error::IndexOutOfRange { .. } => peer::Error::IndexOutOfRange,
        Error::HandUnderflow { .. } => peer::Error::HandUnderflow,
        Error::TooManyPieces { .. } => peer::Error::TooManyPieces,
        _ => return None,
    })
}

fn same_player(ours: Player, theirs: peer::Player) -> bool {
    ours.is_first() == theirs.is_first()
}

/// Issue 2's construction rules, with the data each error carries: the
/// harness's model states them once.
fn expected_shape_error(shape: &[usize]) -> Option<Error> {
    Model::<u8, u8>::new(shape, 0, 1).err()
}

/// Everything the two positions let a reader see must be the same.
fn agree<P, S, K: SharedPointerKind>(
    ours: &GenericQi<P, S, K>,
    theirs: &peer::Qi<P, S>,
    alphabet: &[P],
) -> Result<(), TestCaseError>
where
    P: Clone + Ord + Hash + Debug,
    S: Clone + Eq + Hash + Debug,
{
    prop_assert_eq!(ours.shape(), theirs.shape());
    prop_assert_eq!(ours.dimension_count(), theirs.dimension_count());
    prop_assert_eq!(ours.square_count(), theirs.square_count());

    let our_squares: Vec<Option<&P>> = ours.squares().collect();
    let their_squares: Vec<Option<&P>> = theirs.board().iter().map(Option::as_ref).collect();
    prop_assert_eq!(our_squares, their_squares, "squares");
    for index in [ours.square_count(), ours.square_count() + 1, usize::MAX] {
        prop_assert_eq!(ours.square(index), theirs.square(index));
    }

    prop_assert_eq!(
        ours.first_hand().collect::<Vec<_>>(),
        theirs.first_hand().collect::<Vec<_>>(),
        "first hand"
    );
    prop_assert_eq!(
        ours.second_hand().collect::<Vec<_>>(),
        theirs.second_hand().collect::<Vec<_>>(),
        "second hand"
    );
    for piece in alphabet {
        prop_assert_eq!(ours.first_hand_count(piece), theirs.first_hand_count(piece));
        prop_assert_eq!(
            ours.second_hand_count(piece),
            theirs.second_hand_count(piece)
        );
    }

    prop_assert_eq!(ours.piece_count(), theirs.piece_count());
    prop_assert_eq!(ours.board_piece_count(), theirs.board_piece_count());
    prop_assert_eq!(ours.hand_piece_count(), theirs.hand_piece_count());
    prop_assert!(same_player(ours.turn(), theirs.turn()), "turn");
    prop_assert_eq!(ours.first_style(), theirs.first_style());
    prop_assert_eq!(ours.second_style(), theirs.second_style());

    prop_assert_eq!(
        ours.position_hash(),
        support::rebuilt(ours).position_hash(),
        "incremental hash drifted from the hash from scratch"
    );
    Ok(())
}

/// Checks the data our error carries against the step that caused it, given
/// the peer's position before the step.
fn check_error_data<P, S>(
    error: Error,
    step: &Step<P>,
    before: &peer::Qi<P, S>,
) -> Result<(), TestCaseError>
where
    P: Clone + Ord + Debug,
{
    let square_count = before.square_count();
    match (error, step) {
        (
            Error::IndexOutOfRange {
                index,
                square_count: reported,
                change: Some(change),
            },
            Step::BoardDiff(changes),
        ) => {
            prop_assert_eq!(reported, square_count);
            prop_assert_eq!(changes.get(change).map(|&(i, _)| i), Some(index));
            prop_assert!(index >= square_count);
            prop_assert!(changes[..change].iter().all(|&(i, _)| i < square_count));
        }
        (Error::TooManyPieces { pieces, squares }, Step::BoardDiff(changes)) => {
            let mut board = before.board().to_vec();
            for (index, square) in changes {
                let Some(slot) = board.get_mut(*index) else {
                    return Err(TestCaseError::fail(format!(
                        "{error:?} for a diff with an out-of-range index: {step:?}"
                    )));
                };
                slot.clone_from(square);
            }
            let on_board = board.iter().flatten().count();
            prop_assert_eq!(squares, square_count);
            prop_assert_eq!(pieces, on_board + before.hand_piece_count());
        }
        (
            Error::HandUnderflow {
                player,
                held,
                requested,
                change,
            },
            Step::HandDiff(stepped, changes),
        ) => {
            prop_assert_eq!(player, *stepped);
            let Some((piece, delta)) = changes.get(change) else {
                return Err(TestCaseError::fail(format!(
                    "no change {change} in {step:?}"
                )));
            };
            prop_assert_eq!(requested, usize::try_from(delta.unsigned_abs()).unwrap());
            // Replay the earlier changes: none of them may underflow, and
            // `held` is what they leave of this piece.
            let held_before = |wanted: &P| {
                let count = match stepped {
                    Player::First => before.first_hand_count(wanted),
                    Player::Second => before.second_hand_count(wanted),
                };
                i128::try_from(count).unwrap()
            };
            let mut counts = BTreeMap::new();
            for (other, other_delta) in &changes[..change] {
                let count = counts.entry(other).or_insert_with(|| held_before(other));
                *count += i128::from(*other_delta);
                prop_assert!(*count >= 0, "an earlier change underflowed first");
            }
            let count = counts
                .get(piece)
                .copied()
                .unwrap_or_else(|| held_before(piece));
            prop_assert_eq!(i128::try_from(held).unwrap(), count);
            prop_assert!(requested > held);
        }
        (Error::TooManyPieces { pieces, squares }, Step::HandDiff(_, changes)) => {
            // The running total at the first addition that takes it more
            // than 2^31 past the squares (what one change takes back), else
            // the total the diff would leave.
            let limit = i128::try_from(square_count).unwrap() + (1 << 31);
            let mut total = i128::try_from(before.piece_count()).unwrap();
            for &(_, delta) in changes {
                total += i128::from(delta);
                if delta > 0 && total > limit {
                    break;
                }
            }
            prop_assert_eq!(squares, square_count);
            prop_assert_eq!(
                pieces,
                usize::try_from(total).unwrap_or(usize::MAX),
                "the pieces the diff reached"
            );
        }
        (error, step) => {
            return Err(TestCaseError::fail(format!(
                "{error:?} cannot come from {step:?}"
            )));
        }
    }
    Ok(())
}

// ---- the harness -----------------------------------------------------------

/// Runs one case on both crates, ours over both pointer kinds.
fn run<P, S>(case: &Case<P, S>, alphabet: &[P]) -> Result<(), TestCaseError>
where
    P: Clone + Ord + Hash + Debug,
    S: Clone + Eq + Hash + Debug,
{
    run_on::<P, S, ArcTK>(case, alphabet)?;
    run_on::<P, S, RcK>(case, alphabet)
}

/// Runs one case on sashite-qi and on our positions over the pointer kind
/// `K`.
fn run_on<P, S, K: Kind>(case: &Case<P, S>, alphabet: &[P]) -> Result<(), TestCaseError>
where
    P: Clone + Ord + Hash + Debug,
    S: Clone + Eq + Hash + Debug,
{
    let (first_style, second_style) = case.styles.clone();
    let ours = GenericQi::<P, S, K>::new(&case.shape, first_style.clone(), second_style.clone());
    let theirs = peer::Qi::<P, S>::new(&case.shape, first_style, second_style);
    let (mut ours, mut theirs) = match (ours, theirs) {
        (Ok(ours), Ok(theirs)) => {
            prop_assert_eq!(expected_shape_error(&case.shape), None);
            (ours, theirs)
        }
        (Err(ours), Err(theirs)) => {
            prop_assert_eq!(peer_kind(ours), Some(theirs));
            prop_assert_eq!(Some(ours), expected_shape_error(&case.shape));
            return Ok(());
        }
        (ours, theirs) => {
            return Err(disagreement("construction", ours, theirs));
        }
    };
    agree(&ours, &theirs, alphabet)?;

    let mut kept = vec![(ours.clone(), theirs.clone())];
    for step in &case.steps {
        if let Some(pieces) = overshoot(step, &theirs) {
            // Our rule alone: a diff or edit fails at once where its running
            // piece total goes more than 2^31 past the squares (what one
            // change takes back); the peer reads on. Ours is checked, the
            // peer's outcome not compared, and both stay as they were.
            let squares = theirs.board().len();
            let ours_after = match step {
                Step::Edit(changes, turn) => edit(&ours, changes, *turn),
                _ => apply(&ours, step),
            };
            prop_assert_eq!(
                ours_after.err(),
                Some(Error::TooManyPieces { pieces, squares }),
                "at {:?}",
                step
            );
            agree(&ours, &theirs, alphabet)?;
            continue;
        }
        let (our_result, their_result) = match step {
            Step::Edit(changes, turn) => {
                let ours = edit(&ours, changes, *turn);
                match peer_edit(&theirs, changes, *turn) {
                    Ok(theirs) => (ours, Ok(theirs)),
                    Err((kind, change)) => {
                        if let Err(error) = &ours {
                            prop_assert_eq!(error_change(*error), change, "at {:?}", step);
                        }
                        (ours, Err(kind))
                    }
                }
            }
            _ => (apply(&ours, step), apply(&theirs, step)),
        };
        match (our_result, their_result) {
            (Ok(our_next), Ok(their_next)) => {
                ours = our_next;
                theirs = their_next;
                kept.push((ours.clone(), theirs.clone()));
            }
            (Err(our_error), Err(their_error)) => {
                prop_assert_eq!(peer_kind(our_error), Some(their_error), "at {:?}", step);
                if let Step::Edit(changes, _) = step {
                    check_edit_total(our_error, changes, &theirs)?;
                } else {
                    check_error_data(our_error, step, &theirs)?;
                }
            }
            (our_result, their_result) => {
                return Err(disagreement(&format!("{step:?}"), our_result, their_result));
            }
        }
        // After a failure `ours` is the receiver, which must read as before.
        agree(&ours, &theirs, alphabet)?;
    }

    for (ours, theirs) in &kept {
        agree(ours, theirs, alphabet)?;
    }
    // The peer derives `Eq` over canonical content, so it is the reference
    // for which versions are the same position.
    for (our_left, their_left) in &kept {
        for (our_right, their_right) in &kept {
            prop_assert_eq!(
                our_left == our_right,
                their_left == their_right,
                "equality of {:?} and {:?}",
                our_left,
                our_right
            );
            if our_left == our_right {
                prop_assert_eq!(our_left.position_hash(), our_right.position_hash());
            }
        }
    }
    Ok(())
}

/// The failure of a case where `what` succeeds on one side only: ours and
/// sashite-qi's errors, `None` on the side that succeeded.
fn disagreement<T, U, E: Debug, F: Debug>(
    what: &str,
    ours: Result<T, E>,
    theirs: Result<U, F>,
) -> TestCaseError {
    TestCaseError::fail(format!(
        "{what} disagrees: ours {:?}, sashite-qi {:?}",
        ours.err(),
        theirs.err()
    ))
}

/// The running piece total at which `step` fails by our rule alone, if it
/// does: the first hand addition that takes the total of `before` and the
/// changes so far more than 2^31 past the squares, before any change that
/// fails otherwise (an index off the board, a removal of more than is
/// held).
fn overshoot<P: Clone + Ord, S>(step: &Step<P>, before: &peer::Qi<P, S>) -> Option<usize> {
    let changes: Vec<Change<P>> = match step {
        Step::HandDiff(player, changes) => changes
            .iter()
            .map(|(piece, delta)| Change::Hand(*player, piece.clone(), *delta))
            .collect(),
        Step::Edit(changes, _) => changes.clone(),
        _ => return None,
    };
    let squares = before.board().len();
    let limit = i128::try_from(squares).ok()? + (1 << 31);
    let mut board = before.board().to_vec();
    let mut counts: BTreeMap<(Player, P), i128> = BTreeMap::new();
    let mut total = i128::try_from(before.board().iter().flatten().count()).ok()?
        + i128::try_from(before.first_hand().map(|(_, count)| count).sum::<usize>()).ok()?
        + i128::try_from(before.second_hand().map(|(_, count)| count).sum::<usize>()).ok()?;
    for change in changes {
        match change {
            Change::Square(index, square) | Change::Replace(index, square) => {
                let old = board.get_mut(index)?;
                total += i128::from(square.is_some()) - i128::from(old.is_some());
                *old = square;
            }
            Change::Hand(player, piece, delta) => {
                let held = match player {
                    Player::First => before.first_hand_count(&piece),
                    Player::Second => before.second_hand_count(&piece),
                };
                let count = counts
                    .entry((player, piece))
                    .or_insert_with(|| i128::try_from(held).unwrap_or(i128::MAX));
                *count += i128::from(delta);
                if *count < 0 {
                    return None;
                }
                total += i128::from(delta);
                if delta > 0 && total > limit {
                    return usize::try_from(total).ok();
                }
            }
        }
    }
    None
}

/// A step other than an edit, through the adapter: the same call for both
/// crates.
fn apply<P: Clone, S, Q: Position<P, S>>(position: &Q, step: &Step<P>) -> Result<Q, Q::Error> {
    match step {
        Step::BoardDiff(changes) => position.board_diff(changes.iter().cloned()),
        Step::HandDiff(player, changes) => position.hand_diff(*player, changes.iter().cloned()),
        Step::Toggle => Ok(position.toggle()),
        Step::WithTurn(player) => Ok(position.with_turn(*player)),
        Step::Edit(..) => unreachable!("an edit is ours alone"),
    }
}

/// Our one-call move.
fn edit<P, S, K: SharedPointerKind>(
    position: &GenericQi<P, S, K>,
    changes: &[Change<P>],
    turn: Turn,
) -> Result<GenericQi<P, S, K>, Error>
where
    P: Clone + Ord + Hash,
{
    let mut edit = position.edit();
    for change in changes {
        match change {
            Change::Square(index, square) | Change::Replace(index, square) => {
                edit.set(*index, square.clone())
            }
            Change::Hand(player, piece, delta) => edit.hand(*player, piece.clone(), *delta),
        };
    }
    match turn {
        Turn::Keep => {}
        Turn::Toggle => {
            edit.toggle();
        }
        Turn::To(player) => {
            edit.with_turn(player);
        }
    }
    edit.finish()
}

/// The changes of an edit as the peer's three diffs, each change with its
/// place in the edit.
type Groups<P> = (
    Vec<(usize, (usize, Option<P>))>,
    [Vec<(usize, (P, i32))>; 2],
);

fn groups<P: Clone>(changes: &[Change<P>]) -> Groups<P> {
    let mut board = Vec::new();
    let mut hands = [Vec::new(), Vec::new()];
    for (place, change) in changes.iter().enumerate() {
        match change {
            Change::Square(index, square) | Change::Replace(index, square) => {
                board.push((place, (*index, square.clone())));
            }
            Change::Hand(player, piece, delta) => {
                hands[usize::from(player.is_second())].push((place, (piece.clone(), *delta)));
            }
        }
    }
    (board, hands)
}

/// What the peer's diffs say of an edit: the position it leads to, or the
/// error with the place in the edit of the change that causes it (`None`
/// for the piece total, which is judged on the finished position).
fn peer_edit<P, S>(
    before: &peer::Qi<P, S>,
    changes: &[Change<P>],
    turn: Turn,
) -> Result<peer::Qi<P, S>, (peer::Error, Option<usize>)>
where
    P: Clone + Ord + Hash,
    S: Clone + Eq + Hash,
{
    let (board, hands) = groups(changes);
    // Group 0 is the board, 1 and 2 the hands; `length` changes of it.
    let diff = |position: &peer::Qi<P, S>, group: usize, length: usize| {
        if group == 0 {
            return position.board_diff(board[..length].iter().map(|(_, change)| change.clone()));
        }
        let player = if group == 1 {
            Player::First
        } else {
            Player::Second
        };
        let hand = &hands[group - 1][..length];
        position.hand_diff(player, hand.iter().map(|(_, change)| change.clone()))
    };
    let places = |group: usize| -> Vec<usize> {
        match group {
            0 => board.iter().map(|(place, _)| *place).collect(),
            _ => hands[group - 1].iter().map(|(place, _)| *place).collect(),
        }
    };
    // The first change each diff refuses on its own, by its shortest
    // refused prefix; the earliest of them in the edit is the error.
    let mut first: Option<(usize, peer::Error)> = None;
    for group in 0..3 {
        let places = places(group);
        for length in 1..=places.len() {
            if let Err(error @ (peer::Error::IndexOutOfRange | peer::Error::HandUnderflow)) =
                diff(before, group, length)
            {
                if first.is_none_or(|(place, _)| places[length - 1] < place) {
                    first = Some((places[length - 1], error));
                }
                break;
            }
        }
    }
    if let Some((place, error)) = first {
        return Err((error, Some(place)));
    }
    let orders = [
        [0, 1, 2],
        [0, 2, 1],
        [1, 0, 2],
        [1, 2, 0],
        [2, 0, 1],
        [2, 1, 0],
    ];
    let finished = orders.iter().find_map(|order| {
        order.iter().try_fold(before.clone(), |position, &group| {
            diff(&position, group, places(group).len()).ok()
        })
    });
    let Some(finished) = finished else {
        return Err((peer::Error::TooManyPieces, None));
    };
    Ok(match turn {
        Turn::Keep => finished,
        Turn::Toggle => Position::toggle(&finished),
        Turn::To(player) => Position::with_turn(&finished, player),
    })
}

/// The place in an edit of the change our error names.
fn error_change(error: Error) -> Option<usize> {
    match error {
        Error::IndexOutOfRange { change, .. } => change,
        Error::HandUnderflow { change, .. } => Some(change),
        _ => None,
    }
}

/// Our piece total for an edit that overfills the board: what the position
/// before it holds, plus what the board changes and the hand deltas add.
fn check_edit_total<P, S>(
    error: Error,
    changes: &[Change<P>],
    before: &peer::Qi<P, S>,
) -> Result<(), TestCaseError>
where
    P: Clone + Ord,
{
    let Error::TooManyPieces { pieces, squares } = error else {
        return Ok(());
    };
    let mut board = before.board().to_vec();
    let mut net: i128 = 0;
    for change in changes {
        match change {
            Change::Square(index, square) | Change::Replace(index, square) => {
                board[*index].clone_from(square);
            }
            Change::Hand(_, _, delta) => net += i128::from(*delta),
        }
    }
    let on_board = i128::try_from(board.iter().flatten().count()).unwrap();
    let total = on_board + i128::try_from(before.hand_piece_count()).unwrap() + net;
    prop_assert_eq!(squares, before.square_count());
    prop_assert_eq!(pieces, usize::try_from(total).unwrap_or(usize::MAX));
    Ok(())
}

const PIECES: [&str; 4] = ["A", "B", "a", "b"];

fn string_pieces() -> Vec<String> {
    PIECES.iter().map(|&piece| piece.to_owned()).collect()
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn string_positions_agree_with_sashite_qi(
        case in case(string_pieces(), ("C".to_owned(), "c".to_owned()))
    ) {
        run(&case, &string_pieces())?;
    }

    #[test]
    fn u8_positions_agree_with_sashite_qi(case in case(vec![0_u8, 1, 2, 3], (0_u8, 1_u8))) {
        run(&case, &[0, 1, 2, 3])?;
    }
}

proptest! {
    // Small boards are cheap, and the cases they are here for (a board and
    // hands exactly full, then a drop or a capture) take many draws.
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    #[test]
    fn positions_on_full_small_boards_agree_with_sashite_qi(
        case in full_board_case(vec![0_u8, 1], (0_u8, 1_u8))
    ) {
        run(&case, &[0, 1])?;
    }
}
