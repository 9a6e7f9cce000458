//! Algebraic laws of the transformations, checked with quickcheck on the
//! positions of the crate's own generator (`Arbitrary for Qi<Qpi, Sin>`).
//!
//! Every law runs on four variants of each generated position: over `Qi`
//! and over `LocalQi` (the same content, played move by move onto an empty
//! board of each kind, so that the position holds writes in every tier:
//! flushed into its blocks, logged, kept), with its `Qpi` pieces and with
//! them wrapped in `Collide`, a piece
//! whose `Hash` is a constant. With colliding pieces, positions that differ
//! only in which pieces stand where hash alike, so `==` must read the
//! squares and the hands to tell them apart: an `==` that trusted equal
//! hashes fails the laws that expect "different" there.
//!
//! Where a law says two positions are equal, each is also compared with the
//! other rebuilt from scratch (which shares no storage with it, so `==`
//! cannot answer from `ptr_eq`), and their content is compared square by
//! square and entry by entry as well, so a wrong `==` cannot pass for a
//! right one.
//!
//! A law that applies to too few inputs fails (`MIN_APPLIED`): a law
//! discarded on every input would otherwise pass having checked nothing.
// quickcheck hands properties their arguments by value.
#![allow(clippy::needless_pass_by_value)]
// Every law returns a `Verdict`, `None` where it does not apply, so that one
// macro runs any of them; most always apply.
#![allow(clippy::unnecessary_wraps)]

use std::fmt::Debug;
use std::hash::{BuildHasher, Hash, RandomState};

use harness::support::{self, Collide, Rng, same_content};
use persistent_qi::qpi::{Qpi, Sin};
use persistent_qi::{ArcTK, GenericQi, Player, Qi, RcK, SharedPointerKind};
use quickcheck::{Arbitrary, Gen, QuickCheck, TestResult};

/// A piece a law runs with: `Qpi`, or `Qpi` whose hash collides.
trait LawPiece: Clone + Ord + Hash + Debug + From<Qpi> {}

impl<T: Clone + Ord + Hash + Debug + From<Qpi>> LawPiece for T {}

/// A piece the position holds (on the board or in a hand) half the time, so
/// that removals hit; otherwise any token.
fn piece(g: &mut Gen, position: &Qi<Qpi, Sin>) -> Qpi {
    let held: Vec<Qpi> = position
        .squares()
        .flatten()
        .chain(
            Player::ALL
                .iter()
                .flat_map(|&player| position.hand(player).map(|(piece, _)| piece)),
        )
        .copied()
        .collect();
    match g.choose(&held) {
        Some(&piece) if bool::arbitrary(g) => piece,
        _ => Qpi::arbitrary(g),
    }
}

/// A position with a board diff that fits it, a hand diff, and an occupied
/// square with a piece to put there instead (if the board has a piece).
#[derive(Clone, Debug)]
struct WithDiff {
    position: Qi<Qpi, Sin>,
    board: Vec<(usize, Option<Qpi>)>,
    player: Player,
    hand: Vec<(Qpi, i32)>,
    swap: Option<(usize, Qpi)>,
    /// The seed of the history that plays the position onto an empty board.
    history: u64,
}

impl Arbitrary for WithDiff {
    fn arbitrary(g: &mut Gen) -> Self {
        let position = Qi::<Qpi, Sin>::arbitrary(g);
        let board = (0..usize::arbitrary(g) % 5)
            .map(|_| {
                let index = usize::arbitrary(g) % position.square_count();
                (index, bool::arbitrary(g).then(|| piece(g, &position)))
            })
            .collect();
        let hand = (0..usize::arbitrary(g) % 4)
            .map(|_| (piece(g, &position), i32::from(i8::arbitrary(g) % 3)))
            .collect();
        let occupied: Vec<(usize, Qpi)> = position
            .squares()
            .enumerate()
            .filter_map(|(index, square)| Some((index, *square?)))
            .collect();
        let swap = g.choose(&occupied).map(|&(index, there)| {
            // Another token: its code, one further round the table.
            let code = there.code() % u16::try_from(Qpi::COUNT).expect("fits a u16") + 1;
            (index, Qpi::from_code(code).expect("a code in range"))
        });
        WithDiff {
            position,
            board,
            player: Player::arbitrary(g),
            hand,
            swap,
            history: u64::arbitrary(g),
        }
    }
}

/// One variant of a [`WithDiff`]: its position over the pointer kind `K`
/// with pieces of type `P`, and its diffs in `P`.
struct Case<P, K: SharedPointerKind> {
    position: GenericQi<P, Sin, K>,
    board: Vec<(usize, Option<P>)>,
    player: Player,
    hand: Vec<(P, i32)>,
    swap: Option<(usize, P)>,
}

/// A token drawn from `rng`.
fn any_token(rng: &mut Rng) -> Qpi {
    Qpi::from_code(u16::try_from(1 + rng.below(Qpi::COUNT)).expect("a code fits a u16"))
        .expect("a code in range")
}

/// The content of `content` with pieces `P` over the kind `K`, played onto
/// an empty board of its shape (its hands and turn set from the start) one
/// square a move, in an order `seed` picks, with detours among the moves:
/// a square given another piece (or a hand another copy) and given back.
/// A position that long has writes in every tier: its first ones flushed
/// into its blocks, the next logged, the last kept (which tiers, and how
/// full, varies with the seed and the board).
fn played<P: LawPiece, K: SharedPointerKind>(
    content: &Qi<Qpi, Sin>,
    seed: u64,
) -> GenericQi<P, Sin, K> {
    let mut rng = Rng(seed);
    let square_count = content.square_count();
    let hand = |player| {
        content
            .hand(player)
            .map(|(&piece, count)| (P::from(piece), count))
    };
    let mut position = GenericQi::from_parts(
        content.shape(),
        core::iter::repeat_n(None, square_count),
        hand(Player::First),
        hand(Player::Second),
        *content.first_style(),
        *content.second_style(),
        content.turn(),
    )
    .expect("fewer pieces than the content's");
    let mut writes: Vec<(usize, P)> = content
        .squares()
        .enumerate()
        .filter_map(|(index, square)| Some((index, P::from(*square?))))
        .collect();
    // The content's squares in a drawn order.
    for at in (1..writes.len()).rev() {
        writes.swap(at, rng.below(at + 1));
    }
    let detours = 16 + rng.below(48);
    let detour = |position: &mut GenericQi<P, Sin, K>, rng: &mut Rng| {
        // A piece more fits while the board and hands have room.
        if position.piece_count() >= square_count {
            return;
        }
        if rng.below(8) == 0 {
            let player = *rng.pick(&Player::ALL);
            let piece = P::from(any_token(rng));
            let away = position.hand_diff(player, [(piece.clone(), 1)]);
            *position = away
                .and_then(|away| away.hand_diff(player, [(piece, -1)]))
                .expect("a copy given and taken back fits");
            return;
        }
        let index = rng.below(square_count);
        let there = position.square(index).cloned();
        let away = position.board_diff([(index, Some(P::from(any_token(rng))))]);
        *position = away
            .and_then(|away| away.board_diff([(index, there)]))
            .expect("a piece put and taken back fits");
    };
    let mut left = detours;
    for (index, piece) in writes {
        while left > 0 && rng.below(3) == 0 {
            detour(&mut position, &mut rng);
            left -= 1;
        }
        position = position
            .board_diff([(index, Some(piece))])
            .expect("the content's pieces fit");
    }
    for _ in 0..left {
        detour(&mut position, &mut rng);
    }
    position
}

impl WithDiff {
    /// The variant with pieces `P` over the kind `K`, its position the
    /// generated one's content played onto an empty board (see [`played`]).
    fn with<P: LawPiece, K: SharedPointerKind>(&self) -> Case<P, K> {
        let position = played(&self.position, self.history);
        Case {
            position,
            board: self
                .board
                .iter()
                .map(|&(index, square)| (index, square.map(P::from)))
                .collect(),
            player: self.player,
            hand: self
                .hand
                .iter()
                .map(|&(piece, delta)| (P::from(piece), delta))
                .collect(),
            swap: self.swap.map(|(index, piece)| (index, P::from(piece))),
        }
    }
}

/// What a law says of one variant: `None` if it does not apply (a diff the
/// position refuses), else whether it holds.
type Verdict = Option<bool>;

/// A law checked on the four variants of `$input`: `Qpi` and `Collide<Qpi>`
/// pieces, over `Qi` and `LocalQi`. It fails if any variant fails, and is
/// discarded if it applies to none.
macro_rules! on_every_variant {
    ($law:ident, $input:expr) => {{
        let input = &$input;
        verdict([
            $law(&input.with::<Qpi, ArcTK>()),
            $law(&input.with::<Qpi, RcK>()),
            $law(&input.with::<Collide<Qpi>, ArcTK>()),
            $law(&input.with::<Collide<Qpi>, RcK>()),
        ])
    }};
}

fn verdict(verdicts: [Verdict; 4]) -> TestResult {
    if verdicts.contains(&Some(false)) {
        TestResult::failed()
    } else if verdicts.iter().all(Option::is_none) {
        TestResult::discard()
    } else {
        TestResult::passed()
    }
}

/// Equal by every route there is: the same content read through the
/// readers, `==` both ways, with each other and with each other rebuilt
/// from scratch (sharing no storage), and the same hashes.
fn equal_apart<P: Ord + Clone + Hash, K: SharedPointerKind>(
    a: &GenericQi<P, Sin, K>,
    b: &GenericQi<P, Sin, K>,
) -> bool {
    let hasher = RandomState::new();
    let (a_apart, b_apart) = (support::rebuilt(a), support::rebuilt(b));
    // `==` both ways: the symmetry of `eq` is part of what is checked.
    let (a_equals_b, b_equals_a) = (a.eq(b), b.eq(a));
    !a.ptr_eq(&b_apart)
        && same_content(a, b)
        && a_equals_b
        && b_equals_a
        && a.eq(&b_apart)
        && b_apart.eq(a)
        && b.eq(&a_apart)
        && a_apart.eq(b)
        && a.position_hash() == b.position_hash()
        && hasher.hash_one(a) == hasher.hash_one(b)
}

/// `==` (both ways) says what a comparison through the readers says.
fn eq_agrees_with_the_content<P: Ord, K: SharedPointerKind>(
    a: &GenericQi<P, Sin, K>,
    b: &GenericQi<P, Sin, K>,
) -> bool {
    let same = same_content(a, b);
    // Both ways: the symmetry of `eq` is part of what is checked.
    a.eq(b) == same && b.eq(a) == same
}

fn toggle_twice_is_identity<P: LawPiece, K: SharedPointerKind>(case: &Case<P, K>) -> Verdict {
    Some(equal_apart(
        &case.position.toggle().toggle(),
        &case.position,
    ))
}

fn toggle_always_changes_the_position<P: LawPiece, K: SharedPointerKind>(
    case: &Case<P, K>,
) -> Verdict {
    let toggled = case.position.toggle();
    Some(toggled != case.position && !same_content(&toggled, &case.position))
}

fn an_empty_diff_gives_an_equal_position<P: LawPiece, K: SharedPointerKind>(
    case: &Case<P, K>,
) -> Verdict {
    let position = &case.position;
    let board = position.board_diff([]).expect("an empty diff cannot fail");
    let first = position
        .first_hand_diff([])
        .expect("an empty diff cannot fail");
    let second = position
        .second_hand_diff([])
        .expect("an empty diff cannot fail");
    let edit = position
        .edit_with(|_| {})
        .expect("an empty edit cannot fail");
    Some(
        [board, first, second, edit]
            .iter()
            .all(|same| equal_apart(same, position)),
    )
}

fn a_board_diff_followed_by_its_inverse_gives_an_equal_position<
    P: LawPiece,
    K: SharedPointerKind,
>(
    case: &Case<P, K>,
) -> Verdict {
    let position = &case.position;
    let changed = position.board_diff(case.board.clone()).ok()?;
    // Restoring every touched square, in reverse order, undoes the diff.
    let inverse: Vec<_> = case
        .board
        .iter()
        .rev()
        .map(|(index, _)| (*index, position.square(*index).cloned()))
        .collect();
    let back = changed
        .board_diff(inverse)
        .expect("the original position was valid");
    Some(equal_apart(&back, position))
}

fn a_hand_diff_followed_by_its_inverse_gives_an_equal_position<
    P: LawPiece,
    K: SharedPointerKind,
>(
    case: &Case<P, K>,
) -> Verdict {
    let position = &case.position;
    let changed = position.hand_diff(case.player, case.hand.clone()).ok()?;
    let inverse: Vec<_> = case
        .hand
        .iter()
        .rev()
        .map(|(piece, delta)| (piece.clone(), -delta))
        .collect();
    let back = changed
        .hand_diff(case.player, inverse)
        .expect("the original position was valid");
    Some(equal_apart(&back, position))
}

/// The same content by three routes: the generator's moves, `from_parts`
/// from scratch, and a diff undone by its inverse.
fn equal_positions_hash_alike<P: LawPiece, K: SharedPointerKind>(case: &Case<P, K>) -> Verdict {
    let position = &case.position;
    let scratch = support::rebuilt(position);
    let changed = position.board_diff(case.board.clone()).ok()?;
    let inverse: Vec<_> = case
        .board
        .iter()
        .map(|(index, _)| (*index, position.square(*index).cloned()))
        .collect();
    let back = changed
        .board_diff(inverse)
        .expect("the original position was valid");
    Some(
        equal_apart(&scratch, position)
            && equal_apart(&back, position)
            && equal_apart(&back, &scratch),
    )
}

fn an_edit_is_the_separate_transformations_in_one_step<P: LawPiece, K: SharedPointerKind>(
    case: &Case<P, K>,
) -> Verdict {
    let position = &case.position;
    let separate = position
        .board_diff(case.board.clone())
        .and_then(|next| next.hand_diff(case.player, case.hand.clone()))
        .map(|next| next.toggle())
        .ok()?;
    let one_step = position.edit_with(|edit| {
        edit.board_diff(case.board.clone())
            .hand_diff(case.player, case.hand.clone())
            .toggle();
    });
    Some(one_step.is_ok_and(|one_step| equal_apart(&one_step, &separate)))
}

/// A clone is the same version (`ptr_eq`) and reads the same; `==` is
/// checked against the same content built apart, where it cannot answer
/// from `ptr_eq` (`clone == position` always can, so it checks nothing).
fn clones_share_storage_and_read_the_same<P: LawPiece, K: SharedPointerKind>(
    case: &Case<P, K>,
) -> Verdict {
    let clone = case.position.clone();
    Some(
        clone.ptr_eq(&case.position)
            && same_content(&clone, &case.position)
            && equal_apart(&support::rebuilt(&clone), &case.position),
    )
}

fn the_incremental_hash_equals_the_hash_from_scratch<P: LawPiece, K: SharedPointerKind>(
    case: &Case<P, K>,
) -> Verdict {
    let position = &case.position;
    Some(position.position_hash() == support::rebuilt(position).position_hash())
}

fn counters_equal_a_recount<P: LawPiece, K: SharedPointerKind>(case: &Case<P, K>) -> Verdict {
    let position = &case.position;
    let on_board = position.squares().flatten().count();
    let in_hands: usize = Player::ALL
        .iter()
        .flat_map(|&player| position.hand(player).map(|(_, count)| count))
        .sum();
    Some(
        position.board_piece_count() == on_board
            && position.hand_piece_count() == in_hands
            && position.piece_count() <= position.square_count()
            && Player::ALL
                .iter()
                .all(|&player| position.hand(player).all(|(_, count)| count > 0)),
    )
}

/// `==` on a position and the result of a diff (or an edit) says exactly
/// whether their content differs: with colliding pieces, a diff that puts
/// other pieces on the same squares, or other pieces in a hand, leaves the
/// hash as it was.
fn eq_after_a_diff_agrees_with_the_content<P: LawPiece, K: SharedPointerKind>(
    case: &Case<P, K>,
) -> Verdict {
    let position = &case.position;
    let board = position.board_diff(case.board.clone()).ok();
    let hand = position.hand_diff(case.player, case.hand.clone()).ok();
    let both = position
        .edit_with(|edit| {
            edit.board_diff(case.board.clone())
                .hand_diff(case.player, case.hand.clone());
        })
        .ok();
    let results: Vec<_> = [board, hand, both].into_iter().flatten().collect();
    if results.is_empty() {
        return None;
    }
    Some(
        results
            .iter()
            .all(|changed| eq_agrees_with_the_content(changed, position)),
    )
}

/// Another piece on an occupied square makes another position, whatever
/// the hashes say (with colliding pieces, they say nothing).
fn another_piece_on_a_square_is_another_position<P: LawPiece, K: SharedPointerKind>(
    case: &Case<P, K>,
) -> Verdict {
    let (index, piece) = case.swap.clone()?;
    let position = &case.position;
    let swapped = position
        .board_diff([(index, Some(piece))])
        .expect("a square's piece replaced keeps the count");
    Some(!swapped.eq(position) && !position.eq(&swapped) && !same_content(&swapped, position))
}

/// The inputs a law must apply to (not be discarded on) out of the 100
/// quickcheck runs it on: a law that applies to fewer fails, so one whose
/// every input is discarded cannot pass having checked nothing.
const MIN_APPLIED: u64 = 50;

/// Runs a law through quickcheck with [`MIN_APPLIED`].
fn check(law: fn(WithDiff) -> TestResult) {
    QuickCheck::new()
        .min_tests_passed(MIN_APPLIED)
        .quickcheck(law);
}

/// One `#[test]` per law, run on every variant of each input.
macro_rules! laws {
    ($($test:ident => $law:ident),+ $(,)?) => {
        $(
            #[test]
            fn $test() {
                fn property(input: WithDiff) -> TestResult {
                    on_every_variant!($law, input)
                }
                check(property);
            }
        )+
    };
}

#[test]
fn a_played_position_holds_the_generated_content() {
    fn property(input: WithDiff) -> bool {
        let content = &input.position;
        same_content(&played::<Qpi, ArcTK>(content, input.history), content)
            && same_content(&played::<Qpi, RcK>(content, input.history), content)
    }
    check_bool(property);
}

/// Runs a property that always applies.
fn check_bool(property: fn(WithDiff) -> bool) {
    QuickCheck::new().quickcheck(property);
}

laws! {
    toggle_twice_is_identity_on_every_variant => toggle_twice_is_identity,
    toggle_always_changes_the_position_on_every_variant => toggle_always_changes_the_position,
    an_empty_diff_gives_an_equal_position_on_every_variant => an_empty_diff_gives_an_equal_position,
    a_board_diff_followed_by_its_inverse_gives_an_equal_position_on_every_variant => a_board_diff_followed_by_its_inverse_gives_an_equal_position,
    a_hand_diff_followed_by_its_inverse_gives_an_equal_position_on_every_variant => a_hand_diff_followed_by_its_inverse_gives_an_equal_position,
    equal_positions_hash_alike_on_every_variant => equal_positions_hash_alike,
    an_edit_is_the_separate_transformations_in_one_step_on_every_variant => an_edit_is_the_separate_transformations_in_one_step,
    clones_share_storage_and_read_the_same_on_every_variant => clones_share_storage_and_read_the_same,
    the_incremental_hash_equals_the_hash_from_scratch_on_every_variant => the_incremental_hash_equals_the_hash_from_scratch,
    counters_equal_a_recount_on_every_variant => counters_equal_a_recount,
    eq_after_a_diff_agrees_with_the_content_on_every_variant => eq_after_a_diff_agrees_with_the_content,
    another_piece_on_a_square_is_another_position_on_every_variant => another_piece_on_a_square_is_another_position,
}
