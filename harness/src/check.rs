//! What a scenario checks of a position against its model: what a step
//! touched, and what `changes_since` lists for the step, in O(changes); the
//! whole state, the hash from scratch and `changes_since` from an earlier
//! version, in O(squares); and, at the end, what is too slow even for that.

use core::cmp::Ordering;
use core::fmt;
use std::collections::BTreeMap;
use std::rc::Rc;

use persistent_qi::{
    Changes, GenericQi, HandChange, Nested, Player, SharedPointerKind, SquareChange,
};

use crate::Model;
use crate::scenario::{
    Action, ChangeRef, LARGE_BOARD, Literal, Program, SMALL_BOARD, Scenario, ScenarioPiece,
    ScenarioStyle,
};

/// Where a scenario is, for failure messages.
pub(crate) struct Context<'a, P, S> {
    pub(crate) scenario: &'a Scenario<P, S>,
    /// The position type the scenario runs on, `Qi` or `LocalQi`, for the
    /// reproduction.
    pub(crate) alias: &'static str,
    /// The step being run, `None` during construction and the final checks.
    pub(crate) step: Option<usize>,
}

impl<P: Literal, S: Literal> Context<'_, P, S> {
    #[track_caller]
    pub(crate) fn fail(&self, what: &str) -> ! {
        let place = match self.step {
            Some(step) => format!("step {step} `{:?}`", self.scenario.actions[step]),
            None => "construction or the final checks".to_owned(),
        };
        panic!(
            "{} disagrees with its model at {place}: {what}\n\
             reproduction:\n{}",
            self.alias,
            Program(self.scenario, self.alias)
        )
    }

    #[track_caller]
    pub(crate) fn expect_eq<T: PartialEq + fmt::Debug>(
        &self,
        what: &str,
        actual: &T,
        expected: &T,
    ) {
        if actual != expected {
            self.fail(&format!(
                "{what}: Qi gives {actual:?}, the model {expected:?}"
            ));
        }
    }
}

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
    let turn_changed = base_model.turn != now_model.turn;
    context.expect_eq(
        "changes_since an earlier version: is_empty",
        &changes.is_empty(),
        &(listed == 0 && !turn_changed),
    );
    check_turn_and_apply(context, &changes, turn_changed);
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

/// The whole observable state and the invariants, and the hash against the
/// hash from scratch (and, if `compare`, `==` with the content built from
/// scratch: see [`check_hash`]), in O(squares).
pub(crate) fn check_full<P: ScenarioPiece, S: ScenarioStyle, K: SharedPointerKind>(
    context: &Context<'_, P, S>,
    position: &GenericQi<P, S, K>,
    model: &Model<P, S>,
    compare: bool,
) {
    // Every square and hand entry equal to the model's, so a recount of
    // the position's squares and hands is the model's recount, which the
    // position's counters must equal.
    let (board_pieces, hand_pieces) = check_content(context, position, model, true);
    context.expect_eq(
        "dimension_count",
        &position.dimension_count(),
        &model.shape.len(),
    );
    context.expect_eq(
        "square_count",
        &position.square_count(),
        &model.square_count(),
    );
    for player in Player::ALL {
        context.expect_eq(
            "style(player)",
            position.style(player),
            match player {
                Player::First => &model.first_style,
                Player::Second => &model.second_style,
            },
        );
    }
    // `check_content` compared `squares()` with the model's squares, their
    // number included.
    let squares = model.square_count();
    context.expect_eq("square(square_count)", &position.square(squares), &None);
    context.expect_eq("square(usize::MAX)", &position.square(usize::MAX), &None);

    for player in Player::ALL {
        let expected: Vec<(&P, usize)> = model.hand(player).iter().map(|(p, &c)| (p, c)).collect();
        let by_name: Vec<(&P, usize)> = match player {
            Player::First => position.first_hand().collect(),
            Player::Second => position.second_hand().collect(),
        };
        context.expect_eq("first_hand / second_hand", &by_name, &expected);
        if position.hand(player).any(|(_, count)| count == 0) {
            context.fail("a hand holds a zero count");
        }
        // Every piece either hand knows of, so absent pieces are asked too.
        for piece in model.first_hand.keys().chain(model.second_hand.keys()) {
            let expected = model.hand(player).get(piece).copied().unwrap_or(0);
            context.expect_eq("hand_count", &position.hand_count(player, piece), &expected);
            let by_name = match player {
                Player::First => position.first_hand_count(piece),
                Player::Second => position.second_hand_count(piece),
            };
            context.expect_eq("first_hand_count / second_hand_count", &by_name, &expected);
        }
    }

    context.expect_eq(
        "the model's counters against a recount",
        &(model.board_piece_count(), model.hand_piece_count()),
        &(board_pieces, hand_pieces),
    );
    context.expect_eq(
        "piece_count",
        &position.piece_count(),
        &(board_pieces + hand_pieces),
    );
    if position.piece_count() > position.square_count() {
        context.fail("more pieces than squares");
    }
    check_hash(context, position, model, compare);
}

/// The content alone, in one pass over the squares: what a retained version
/// must still hold at the end, and the first part of [`check_full`], whose
/// other accessors are the same code on every version and are asked of the
/// current one at every checkpoint. With `bulk`, the board is also read
/// whole the three other ways (see [`check_bulk_reads`]). Returns the
/// model's recount of the pieces on the board and in hand.
pub(crate) fn check_content<P: ScenarioPiece, S: ScenarioStyle, K: SharedPointerKind>(
    context: &Context<'_, P, S>,
    position: &GenericQi<P, S, K>,
    model: &Model<P, S>,
    bulk: bool,
) -> (usize, usize) {
    context.expect_eq("shape", &position.shape(), &model.shape.as_slice());
    context.expect_eq("turn", &position.turn(), &model.turn);
    context.expect_eq("first_style", position.first_style(), &model.first_style);
    context.expect_eq("second_style", position.second_style(), &model.second_style);
    if !position
        .squares()
        .eq(model.squares.iter().map(Option::as_ref))
    {
        let (index, square) = position
            .squares()
            .enumerate()
            .find(|&(index, square)| model.squares.get(index).map(Option::as_ref) != Some(square))
            .unwrap_or((model.square_count(), None));
        context.fail(&format!(
            "square {index}: Qi gives {square:?}, the model {:?}",
            model.squares.get(index)
        ));
    }
    if bulk {
        check_bulk_reads(context, position, model);
    }
    for player in Player::ALL {
        let expected = model
            .hand(player)
            .iter()
            .map(|(piece, &count)| (piece, count));
        if !position.hand(player).eq(expected) {
            context.fail(&format!(
                "hand of {player:?}: Qi gives {:?}, the model {:?}",
                position.hand(player).collect::<Vec<_>>(),
                model.hand(player)
            ));
        }
    }
    let (board_pieces, hand_pieces) = model.recount();
    context.expect_eq(
        "board_piece_count against a recount",
        &position.board_piece_count(),
        &board_pieces,
    );
    context.expect_eq(
        "hand_piece_count against a recount",
        &position.hand_piece_count(),
        &hand_pieces,
    );
    (board_pieces, hand_pieces)
}

/// The incremental hash against the hash of the model's content computed
/// from scratch: `Qi::from_parts` hashes what it is given term by term, so
/// the two meet only if every update along the way was right. With
/// `compare`, `==` with that content too: between versions that share
/// nothing (`Compare` steps ask it of every size, and check that it is
/// symmetric).
pub(crate) fn check_hash<P: ScenarioPiece, S: ScenarioStyle, K: SharedPointerKind>(
    context: &Context<'_, P, S>,
    position: &GenericQi<P, S, K>,
    model: &Model<P, S>,
    compare: bool,
) {
    let hand = |player| {
        model
            .hand(player)
            .iter()
            .map(|(piece, &count)| (piece.clone(), count))
    };
    let rebuilt = GenericQi::<P, S, K>::from_parts(
        &model.shape,
        model.squares.iter().cloned(),
        hand(Player::First),
        hand(Player::Second),
        model.first_style.clone(),
        model.second_style.clone(),
        model.turn,
    );
    let rebuilt = match rebuilt {
        Ok(rebuilt) => rebuilt,
        Err(error) => context.fail(&format!("the model's content does not build: {error}")),
    };
    context.expect_eq(
        "position_hash against the hash from scratch",
        &position.position_hash(),
        &rebuilt.position_hash(),
    );
    if compare && *position != rebuilt {
        context.fail("a position differs from its content built from scratch");
    }
}

/// The board read whole three other ways than `squares().next()`: copied by
/// `board_into` (blocks, then the logged and kept writes over them),
/// folded (`for_each` walks the runs between overlaid writes as slices),
/// and its occupied squares, one by one and folded; each the model's
/// squares.
fn check_bulk_reads<P: ScenarioPiece, S: ScenarioStyle, K: SharedPointerKind>(
    context: &Context<'_, P, S>,
    position: &GenericQi<P, S, K>,
    model: &Model<P, S>,
) {
    let mut copied = vec![None; model.square_count()];
    match position.board_into(&mut copied) {
        Ok(()) => {
            if copied != *model.squares {
                context.fail("board_into differs from the model's squares");
            }
        }
        Err(error) => context.fail(&format!("board_into of the board's length: {error}")),
    }
    let mut short = vec![None; model.square_count() - 1];
    context.expect_eq(
        "board_into of a slice one square short",
        &position.board_into(&mut short),
        &Err(persistent_qi::Error::OutputLengthMismatch {
            squares: model.square_count(),
            output: model.square_count() - 1,
        }),
    );
    let mut folded = Vec::with_capacity(model.square_count());
    position.squares().for_each(|square| folded.push(square));
    if !folded
        .iter()
        .copied()
        .eq(model.squares.iter().map(Option::as_ref))
    {
        context.fail("squares().for_each differs from the model's squares");
    }
    let occupied = model
        .squares
        .iter()
        .enumerate()
        .filter_map(|(index, square)| Some((index, square.as_ref()?)));
    if !position.occupied().eq(occupied.clone()) {
        context.fail(&format!(
            "occupied() gives {:?}",
            position.occupied().collect::<Vec<_>>()
        ));
    }
    // Folded too: `fold` walks the runs a stride at a time, not by `next`.
    let mut folded = Vec::new();
    position
        .occupied()
        .for_each(|occupied| folded.push(occupied));
    if !folded.iter().copied().eq(occupied) {
        context.fail(&format!("occupied().for_each gives {folded:?}"));
    }
}

/// What is too slow for every checkpoint: the squares by index, and on
/// boards up to [`LARGE_BOARD`] squares the nested board, and `Debug` on
/// small ones.
pub(crate) fn check_deep<P: ScenarioPiece, S: ScenarioStyle, K: SharedPointerKind>(
    context: &Context<'_, P, S>,
    position: &GenericQi<P, S, K>,
    model: &Model<P, S>,
) {
    // Every square on boards of up to 128, else about 128 of them spread
    // over the board and the last: `squares()` has already read every one,
    // and each step reads back those it touched.
    let stride = model.square_count().div_ceil(128);
    let last = model.square_count() - 1;
    for index in (0..model.square_count()).step_by(stride).chain([last]) {
        let expected = model.squares[index].as_ref();
        context.expect_eq("square(index)", &position.square(index), &expected);
    }
    // The layout along the dimensions depends on the sizes, every one of
    // which a board of up to `LARGE_BOARD` squares has ([255, 16]); a larger
    // board only repeats it over more squares.
    if model.square_count() <= LARGE_BOARD {
        // The nested board, read back in row-major order with one list per
        // dimension of the right length: the model's squares.
        let nested = position.to_nested();
        let (fits, squares): (bool, Box<dyn Iterator<Item = Option<&P>>>) =
            match (&nested, model.shape.as_slice()) {
                (Nested::Line(files), &[length]) => {
                    (files.len() == length, Box::new(files.iter().copied()))
                }
                (Nested::Grid(ranks), &[rank_count, files]) => (
                    ranks.len() == rank_count && ranks.iter().all(|rank| rank.len() == files),
                    Box::new(ranks.iter().flatten().copied()),
                ),
                (Nested::Layers(layers), &[layer_count, ranks, files]) => (
                    layers.len() == layer_count
                        && layers.iter().all(|layer| {
                            layer.len() == ranks && layer.iter().all(|rank| rank.len() == files)
                        }),
                    Box::new(layers.iter().flatten().flatten().copied()),
                ),
                _ => (false, Box::new(core::iter::empty())),
            };
        if !fits || !squares.eq(model.squares.iter().map(Option::as_ref)) {
            context.fail(&format!(
                "to_nested of shape {:?} gives {nested:?}",
                model.shape
            ));
        }
    }
    // `Debug` writes every square the same way whatever the size: a small
    // board shows all it does.
    if model.square_count() <= SMALL_BOARD {
        let debug = format!("{position:?}");
        if !debug.starts_with("Qi {") {
            context.fail(&format!("unexpected Debug output {debug}"));
        }
    }
}
