//! What a scenario checks of a position against its model: what a step
//! touched, in O(changes); the whole state and the hash from scratch, in
//! O(squares); and, at the end, what is too slow even for that.

use core::fmt;
use core::hash::Hash;

use persistent_qi::{Nested, Player, Qi};

use crate::Model;
use crate::scenario::{Action, ChangeRef, LARGE_BOARD, Literal, Scenario};

/// Where a scenario is, for failure messages.
pub(crate) struct Context<'a, P, S> {
    pub(crate) scenario: &'a Scenario<P, S>,
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
            "Qi disagrees with its model at {place}: {what}\n\
             reproduction:\n{:?}",
            self.scenario
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
pub(crate) fn check_changes<P, S>(
    context: &Context<'_, P, S>,
    position: &Qi<P, S>,
    model: &Model<P, S>,
    action: &Action<P>,
) where
    P: Clone + Ord + Hash + fmt::Debug + Literal,
    S: Clone + Eq + Hash + fmt::Debug + Literal,
{
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
    if position != &position.clone() {
        context.fail("a position differs from its clone");
    }
}

/// The whole observable state and the invariants, and if `from_scratch` the
/// hash, in O(squares).
pub(crate) fn check_full<P, S>(
    context: &Context<'_, P, S>,
    position: &Qi<P, S>,
    model: &Model<P, S>,
    from_scratch: bool,
) where
    P: Clone + Ord + Hash + fmt::Debug + Literal,
    S: Clone + Eq + Hash + fmt::Debug + Literal,
{
    context.expect_eq("shape", &position.shape(), &model.shape.as_slice());
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
    context.expect_eq("turn", &position.turn(), &model.turn);
    context.expect_eq("first_style", position.first_style(), &model.first_style);
    context.expect_eq("second_style", position.second_style(), &model.second_style);
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

    let mut board_pieces = 0;
    let mut squares = 0;
    for (index, square) in position.squares().enumerate() {
        match model.squares.get(index) {
            Some(expected) if square == expected.as_ref() => {}
            expected => context.fail(&format!(
                "square {index}: Qi gives {square:?}, the model {expected:?}"
            )),
        }
        board_pieces += usize::from(square.is_some());
        squares += 1;
    }
    context.expect_eq("the number of squares()", &squares, &model.square_count());
    context.expect_eq("square(square_count)", &position.square(squares), &None);
    context.expect_eq("square(usize::MAX)", &position.square(usize::MAX), &None);

    let mut hand_pieces = 0;
    for player in Player::ALL {
        let hand: Vec<(&P, usize)> = position.hand(player).collect();
        let expected: Vec<(&P, usize)> = model.hand(player).iter().map(|(p, &c)| (p, c)).collect();
        context.expect_eq("hand(player)", &hand, &expected);
        let by_name: Vec<(&P, usize)> = match player {
            Player::First => position.first_hand().collect(),
            Player::Second => position.second_hand().collect(),
        };
        context.expect_eq("first_hand / second_hand", &by_name, &expected);
        if hand.iter().any(|&(_, count)| count == 0) {
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
        hand_pieces += hand.iter().map(|&(_, count)| count).sum::<usize>();
    }

    let counted = (board_pieces, hand_pieces);
    context.expect_eq(
        "the model's counters against a recount",
        &model.recount(),
        &counted,
    );
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
    context.expect_eq(
        "piece_count",
        &position.piece_count(),
        &(board_pieces + hand_pieces),
    );
    if position.piece_count() > position.square_count() {
        context.fail("more pieces than squares");
    }
    if from_scratch {
        check_hash(context, position, model);
    }
}

/// The incremental hash against the hash of the model's content computed
/// from scratch: `Qi::from_parts` hashes what it is given term by term, so
/// the two meet only if every update along the way was right.
pub(crate) fn check_hash<P, S>(
    context: &Context<'_, P, S>,
    position: &Qi<P, S>,
    model: &Model<P, S>,
) where
    P: Clone + Ord + Hash + fmt::Debug + Literal,
    S: Clone + Eq + Hash + fmt::Debug + Literal,
{
    let hand = |player| {
        model
            .hand(player)
            .iter()
            .map(|(piece, &count)| (piece.clone(), count))
    };
    let rebuilt = Qi::from_parts(
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
    // One direction: `Compare` steps check that `==` is symmetric.
    if *position != rebuilt {
        context.fail("a position differs from its content built from scratch");
    }
}

/// What is too slow for every checkpoint: the squares by index, and on
/// boards up to [`LARGE_BOARD`] squares the nested board and `Debug`.
pub(crate) fn check_deep<P, S>(
    context: &Context<'_, P, S>,
    position: &Qi<P, S>,
    model: &Model<P, S>,
) where
    P: Clone + Ord + Hash + fmt::Debug + Literal,
    S: Clone + Eq + Hash + fmt::Debug + Literal,
{
    // Every square on boards of up to 1,024, else about 1,024 of them
    // spread over the board and the last: `squares()` has already read
    // every one, and each step reads back those it touched.
    let stride = model.square_count().div_ceil(1024);
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
        let debug = format!("{position:?}");
        if !debug.starts_with("Qi {") {
            context.fail(&format!("unexpected Debug output {debug}"));
        }
    }
}
