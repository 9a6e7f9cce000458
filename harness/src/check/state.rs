//! The whole state against the model in O(squares): content, invariants,
//! the hash from scratch, the board read in bulk, and what is too slow for
//! every checkpoint.

use persistent_qi::{GenericQi, Nested, Player, SharedPointerKind};

use super::Context;
use crate::Model;
use crate::scenario::{LARGE_BOARD, SMALL_BOARD, ScenarioPiece, ScenarioStyle};

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
