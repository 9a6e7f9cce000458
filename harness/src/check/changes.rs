//! What a transformation changed, checked in O(changes): what a step
//! touched and `changes_since` over the step; and `changes_since` from an
//! earlier version against the models, its owned diff, and the board mark
//! taken of the earlier version.

use core::cmp::Ordering;
use core::fmt;
use std::collections::{BTreeMap, BTreeSet};
use std::rc::Rc;

use persistent_qi::{Changes, GenericQi, HandChange, Player, SharedPointerKind, SquareChange};

use super::Context;
use crate::Model;
use crate::scenario::{Action, ChangeRef, Literal, ScenarioPiece, ScenarioStyle};

/// What a step changed, in O(changes): the squares and hand entries it
/// touched, the counters, the turn.
pub(crate) fn check_changes<P: ScenarioPiece, S: ScenarioStyle, K: SharedPointerKind>(
    context: &Context<'_, P, S>,
    position: &GenericQi<P, S, K>,
    model: &Model<P, S>,
    action: &Action<P>,
) {
    for change in action.changes() {
        match change {
            ChangeRef::Square(index, _) => {
                if position.square(index) != model.squares[index].as_ref() {
                    context.fail(&format!(
                        "square {index}: Qi gives {:?}, the model {:?}",
                        position.square(index),
                        model.squares[index]
                    ));
                }
            }
            ChangeRef::Hand(player, piece, _) => {
                let expected = model.hand(player).get(piece).copied().unwrap_or(0);
                if position.hand_count(player, piece) != expected {
                    context.fail(&format!(
                        "hand_count({player:?}, {piece:?}): Qi gives {}, the model {expected}",
                        position.hand_count(player, piece)
                    ));
                }
            }
        }
    }
    context.expect_eq(
        "board_piece_count",
        &position.board_piece_count(),
        &model.board_piece_count(),
    );
    context.expect_eq(
        "hand_piece_count",
        &position.hand_piece_count(),
        &model.hand_piece_count(),
    );
    context.expect_eq(
        "piece_count",
        &position.piece_count(),
        &(model.board_piece_count() + model.hand_piece_count()),
    );
    context.expect_eq("turn", &position.turn(), &model.turn);
}

/// What the model held, before a transformation, wherever the step may
/// write: its squares (in range, in index order, each once) and hand entries
/// (in the order `Changes::hands` lists them, each once), and the turn. After
/// the step, those of them whose content differs are exactly what
/// `changes_since` must list: a step changes nothing else.
pub(crate) struct Touched<'a, P> {
    squares: Vec<(usize, Option<P>)>,
    hands: Vec<(Player, &'a P, usize)>,
    turn: Player,
}

impl<'a, P: Clone + Ord> Touched<'a, P> {
    /// What `action` may change, read from the model before it runs; `None`
    /// if the action is not a transformation of the current version. In
    /// O(changes log changes).
    pub(crate) fn before<S>(action: &'a Action<P>, model: &Model<P, S>) -> Option<Self> {
        if !action.is_transformation() {
            return None;
        }
        let mut squares = Vec::new();
        let mut hands = Vec::new();
        for change in action.changes() {
            match change {
                ChangeRef::Square(index, _) => {
                    // An index off the board fails the step: nothing to list.
                    if let Some(square) = model.squares.get(index) {
                        squares.push((index, square.clone()));
                    }
                }
                ChangeRef::Hand(player, piece, _) => {
                    let count = model.hand(player).get(piece).copied().unwrap_or(0);
                    hands.push((player, piece, count));
                }
            }
        }
        // Repeats of a square or a hand entry read the same content.
        squares.sort_unstable_by_key(|&(index, _)| index);
        squares.dedup_by_key(|&mut (index, _)| index);
        hands.sort_unstable_by(|a, b| (a.0, a.1).cmp(&(b.0, b.1)));
        hands.dedup_by(|a, b| (a.0, a.1) == (b.0, b.1));
        Some(Touched {
            squares,
            hands,
            turn: model.turn,
        })
    }
}

/// Walks what `changes_since` lists beside what the model expects, item by
/// item, and fails at the first difference, including a list longer than
/// the other; returns how many there are.
#[track_caller]
fn expect_same_changes<P, S, T>(
    context: &Context<'_, P, S>,
    what: &str,
    actual: impl IntoIterator<Item = T>,
    expected: impl IntoIterator<Item = T>,
) -> usize
where
    P: Literal,
    S: Literal,
    T: PartialEq + fmt::Debug,
{
    let mut actual = actual.into_iter();
    let mut expected = expected.into_iter();
    let mut position = 0;
    loop {
        match (actual.next(), expected.next()) {
            (None, None) => return position,
            (Some(listed), Some(model)) if listed == model => position += 1,
            (listed, model) => context.fail(&format!(
                "{what}, change {position}: Qi lists {listed:?} (and {} more), \
                 the model {model:?} (and {} more)",
                actual.count(),
                expected.count()
            )),
        }
    }
}

/// After a transformation from `before` to `after`: `after.changes_since(&before)`
/// lists exactly the squares and hand entries the step touched whose content
/// changed, with the model's contents before and after, and the turn if it
/// changed; and `==` between the two (both ways) holds exactly when nothing
/// changed. O(changes), plus what `changes_since` and `==` cost.
///
/// The `==` check is what catches a comparison that trusts the hash: a step
/// that swaps one piece for another whose `Hash` collides with it leaves
/// the position hash as it was, and only the squares tell the two apart.
pub(crate) fn check_step_changes_since<P: ScenarioPiece, S: ScenarioStyle, K: SharedPointerKind>(
    context: &Context<'_, P, S>,
    before: &GenericQi<P, S, K>,
    after: &GenericQi<P, S, K>,
    model: &Model<P, S>,
    touched: &Touched<'_, P>,
) {
    let changes = match after.changes_since(before) {
        Ok(changes) => changes,
        Err(error) => context.fail(&format!(
            "changes_since the previous version fails: {error}"
        )),
    };
    let squares = touched.squares.iter().filter_map(|(index, was)| {
        let now = model.squares[*index].as_ref();
        (was.as_ref() != now).then_some(SquareChange {
            index: *index,
            before: was.as_ref(),
            after: now,
        })
    });
    let listed = expect_same_changes(
        context,
        "changes_since the previous version: squares",
        changes.squares(),
        squares,
    );
    let hands = touched.hands.iter().filter_map(|&(player, piece, was)| {
        let now = model.hand(player).get(piece).copied().unwrap_or(0);
        (was != now).then_some(HandChange {
            player,
            piece,
            before: was,
            after: now,
        })
    });
    let listed = listed
        + expect_same_changes(
            context,
            "changes_since the previous version: hands",
            changes.hands(),
            hands,
        );
    let turn_changed = touched.turn != model.turn;
    let same = listed == 0 && !turn_changed;
    context.expect_eq("previous == current", &(before == after), &same);
    context.expect_eq("current == previous", &(after == before), &same);
    // Applying the changes and comparing the result is left to the
    // checkpoints and the end (`check_changes_since`): per step it would
    // double the fuzzer's cost for what they check anyway.
    context.expect_eq(
        "changes_since the previous version: turn_changed",
        &changes.turn_changed(),
        &turn_changed,
    );
}

/// `changes_since` from an earlier version (`base`) to `now` against a full
/// comparison of their models: every square, both hands, the turn; and
/// applied to `base` it gives `now`. O(squares), unless the two models
/// share their squares.
pub(crate) fn check_changes_since<P: ScenarioPiece, S: ScenarioStyle, K: SharedPointerKind>(
    context: &Context<'_, P, S>,
    (base, base_model): (&GenericQi<P, S, K>, &Model<P, S>),
    (now, now_model): (&GenericQi<P, S, K>, &Model<P, S>),
) {
    let changes = match now.changes_since(base) {
        Ok(changes) => changes,
        Err(error) => context.fail(&format!("changes_since an earlier version fails: {error}")),
    };
    // Models that share their squares (no step wrote one since) have none
    // to compare.
    let shared = Rc::ptr_eq(&base_model.squares, &now_model.squares);
    let squares = (!shared)
        .then(|| base_model.squares.iter().zip(now_model.squares.iter()))
        .into_iter()
        .flatten()
        .enumerate()
        .filter(|(_, (was, now))| was != now)
        .map(|(index, (was, now))| SquareChange {
            index,
            before: was.as_ref(),
            after: now.as_ref(),
        });
    let listed = expect_same_changes(
        context,
        "changes_since an earlier version: squares",
        changes.squares(),
        squares,
    );
    let hands = Player::ALL.into_iter().flat_map(|player| {
        hand_differences(base_model.hand(player), now_model.hand(player)).map(
            move |(piece, before, after)| HandChange {
                player,
                piece,
                before,
                after,
            },
        )
    });
    let listed = listed
        + expect_same_changes(
            context,
            "changes_since an earlier version: hands",
            changes.hands(),
            hands,
        );
    check_board_mark(context, base, now, &changes);
    let turn_changed = base_model.turn != now_model.turn;
    context.expect_eq(
        "changes_since an earlier version: is_empty",
        &changes.is_empty(),
        &(listed == 0 && !turn_changed),
    );
    check_turn_and_apply(context, &changes, turn_changed);
}

/// The mark of `base`'s board, asked of `now`: where the two share their
/// blocks, the squares it may differ at hold every square `changes` lists
/// (more are allowed, never fewer); a position's own mark always answers.
fn check_board_mark<P: ScenarioPiece, S: ScenarioStyle, K: SharedPointerKind>(
    context: &Context<'_, P, S>,
    base: &GenericQi<P, S, K>,
    now: &GenericQi<P, S, K>,
    changes: &Changes<'_, P, S, K>,
) {
    if base.squares_changed_since(&base.board_mark()).is_none() {
        context.fail("squares_changed_since a position's own mark is None");
    }
    let Some(maybe) = now.squares_changed_since(&base.board_mark()) else {
        return;
    };
    let maybe: BTreeSet<usize> = maybe.collect();
    if let Some(missed) = changes
        .squares()
        .find(|change| !maybe.contains(&change.index))
    {
        context.fail(&format!(
            "squares_changed_since an earlier version's mark leaves out square {}, which changed",
            missed.index
        ));
    }
}

/// The entries whose counts differ between two hands (0 for a piece one of
/// them lacks), in piece order: a merge of the two maps.
fn hand_differences<'a, P: Ord>(
    base: &'a BTreeMap<P, usize>,
    now: &'a BTreeMap<P, usize>,
) -> impl Iterator<Item = (&'a P, usize, usize)> {
    let mut base = base.iter().peekable();
    let mut now = now.iter().peekable();
    core::iter::from_fn(move || {
        loop {
            let (piece, before, after) = match (base.peek(), now.peek()) {
                (None, None) => return None,
                (Some(&(was, &count)), None) => {
                    base.next();
                    (was, count, 0)
                }
                (None, Some(&(is, &count))) => {
                    now.next();
                    (is, 0, count)
                }
                (Some(&(was, &before)), Some(&(is, &after))) => match was.cmp(is) {
                    Ordering::Less => {
                        base.next();
                        (was, before, 0)
                    }
                    Ordering::Greater => {
                        now.next();
                        (is, 0, after)
                    }
                    Ordering::Equal => {
                        base.next();
                        now.next();
                        (was, before, after)
                    }
                },
            };
            if before != after {
                return Some((piece, before, after));
            }
        }
    })
}

/// The turn flag of `changes` as expected, and `changes.apply_to(base)`
/// equal to the compared position.
fn check_turn_and_apply<P: ScenarioPiece, S: ScenarioStyle, K: SharedPointerKind>(
    context: &Context<'_, P, S>,
    changes: &Changes<'_, P, S, K>,
    turn_changed: bool,
) {
    context.expect_eq(
        "changes_since: turn_changed",
        &changes.turn_changed(),
        &turn_changed,
    );
    match changes.apply_to(changes.base()) {
        Ok(applied) if applied == *changes.position() => {}
        Ok(applied) => context.fail(&format!(
            "changes_since applied to the base gives {applied:?}, not {:?}",
            changes.position()
        )),
        Err(error) => context.fail(&format!("changes_since applied to the base fails: {error}")),
    }
    check_owned_diff(context, changes);
}

/// The owned diff of `changes`: the same changes, rebuilding the position
/// from the base and the base from the position, and refused by whichever
/// end it does not start from when the two differ.
fn check_owned_diff<P: ScenarioPiece, S: ScenarioStyle, K: SharedPointerKind>(
    context: &Context<'_, P, S>,
    changes: &Changes<'_, P, S, K>,
) {
    let (base, position) = (changes.base(), changes.position());
    let diff = changes.to_diff();
    let squares: Vec<_> = diff
        .squares()
        .iter()
        .map(|square| (square.index, square.before.as_ref(), square.after.as_ref()))
        .collect();
    let listed: Vec<_> = changes
        .squares()
        .map(|square| (square.index, square.before, square.after))
        .collect();
    context.expect_eq("the owned diff: squares", &squares, &listed);
    let hands: Vec<_> = diff
        .hands()
        .iter()
        .map(|hand| (hand.player, &hand.piece, hand.before, hand.after))
        .collect();
    let listed: Vec<_> = changes
        .hands()
        .map(|hand| (hand.player, hand.piece, hand.before, hand.after))
        .collect();
    context.expect_eq("the owned diff: hands", &hands, &listed);
    let outcome = |what: &str,
                   result: Result<GenericQi<P, S, K>, persistent_qi::Error>,
                   end: &GenericQi<P, S, K>| {
        match result {
            Ok(built) if built == *end && built.position_hash() == end.position_hash() => {}
            Ok(built) => context.fail(&format!(
                "the owned diff {what} gives {built:?}, not {end:?}"
            )),
            Err(error) => context.fail(&format!("the owned diff {what} fails: {error}")),
        }
    };
    outcome("applied to the base", diff.apply_to(base), position);
    outcome("reverted from the position", diff.revert(position), base);
    // A diff with a square or a hand count starts from the base only: the
    // position holds its values after, each different.
    if !diff.squares().is_empty() || !diff.hands().is_empty() {
        if let Ok(built) = diff.apply_to(position) {
            context.fail(&format!(
                "the owned diff applies to the position it leads to, giving {built:?}"
            ));
        }
        if let Ok(built) = diff.revert(base) {
            context.fail(&format!(
                "the owned diff reverts from its base, giving {built:?}"
            ));
        }
    }
}
