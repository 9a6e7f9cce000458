//! Long lines of moves with siblings at every ply, against the model: the
//! way a search walks a tree, so that a line's kept writes fill and spill
//! many times over (every 5 or 6 moves of two writes), each spill made by a
//! first child and shared by its siblings, through the slot a search keeps
//! (`edit_into`) and through new positions (`edit_with`).
//!
//! Each ply builds a few children of current into the slot and as new
//! positions, some of them failing (an index off the board, a hand
//! removal of a piece not held), then goes down a ply: to the last child
//! built in the slot, or by a move of current itself; now and then it keeps
//! current, to be read at the end as it was. The scenario's checks (see
//! `Scenario::run_checked`) read every step's result against the model,
//! the whole state at every checkpoint (every square, `board_into`, the
//! hash from scratch, `changes_since` the start), and every kept version at
//! the end.

use harness::{Action, Change, Literal, Scenario, Start, Turn};
use persistent_qi::Player;
use persistent_qi::qpi::{Qpi, Sin};
use proptest::prelude::*;

/// A move of two writes on a board of `squares` squares: a piece taken off
/// one square and put on another, through `replace` (told what the model
/// holds there) or `set`.
fn move_changes<P: Clone + std::fmt::Debug + 'static>(
    piece: impl Strategy<Value = P> + Clone + 'static,
    squares: usize,
) -> impl Strategy<Value = Vec<Change<P>>> + Clone {
    (0..squares, 0..squares, piece, any::<bool>()).prop_map(|(from, to, piece, replace)| {
        if replace {
            vec![
                Change::Replace(from, None),
                Change::Replace(to, Some(piece)),
            ]
        } else {
            vec![Change::Square(from, None), Change::Square(to, Some(piece))]
        }
    })
}

/// One ply: children into the slot and new ones, some failing, then down.
fn ply<P: Clone + std::fmt::Debug + Literal + 'static>(
    piece: impl Strategy<Value = P> + Clone + 'static,
    squares: usize,
) -> impl Strategy<Value = Vec<Action<P>>> {
    let child = move_changes(piece.clone(), squares);
    let failing = (
        move_changes(piece.clone(), squares),
        piece.clone(),
        any::<bool>(),
    )
        .prop_map(move |(mut changes, piece, off_board)| {
            if off_board {
                changes.push(Change::Square(squares, None));
            } else {
                changes.push(Change::Hand(Player::Second, piece, -1));
            }
            changes
        });
    let sibling = prop_oneof![
        6 => child.clone().prop_map(|changes| Action::Branch(changes, Turn::Toggle)),
        2 => child.clone().prop_map(|changes| Action::Edit(changes, Turn::Toggle)),
        1 => failing.prop_map(|changes| Action::Branch(changes, Turn::Toggle)),
        1 => Just(Action::Retain),
    ];
    (prop::collection::vec(sibling, 1..6), child, 0..4_u8).prop_map(
        |(mut actions, changes, down)| {
            // The edits among the siblings made current a child: back to
            // the parent is not possible, so keep them as they are (they
            // are moves too) and go down from where they left current.
            actions.push(match down {
                0 => Action::Edit(changes, Turn::Toggle),
                _ => Action::Descend,
            });
            actions
        },
    )
}

/// A line of 80 to 160 plies on an empty board of `shape`.
fn line<
    P: Clone + std::fmt::Debug + Literal + 'static,
    S: Clone + std::fmt::Debug + Literal + 'static,
>(
    shape: Vec<usize>,
    piece: impl Strategy<Value = P> + Clone + 'static,
    styles: (S, S),
) -> impl Strategy<Value = Scenario<P, S>> {
    let squares: usize = shape.iter().product();
    prop::collection::vec(ply(piece, squares), 80..160).prop_map(move |plies| Scenario {
        start: Start::Empty {
            shape: shape.clone(),
            first_style: styles.0.clone(),
            second_style: styles.1.clone(),
        },
        actions: plies.into_iter().flatten().collect(),
    })
}

fn shape() -> impl Strategy<Value = Vec<usize>> {
    prop_oneof![
        Just(vec![8, 8]),
        Just(vec![9, 9]),
        Just(vec![19, 19]),
        // Boards of many blocks.
        Just(vec![40, 40]),
        Just(vec![3, 4]),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn long_lines_with_siblings_behave_like_the_model_with_u8_pieces(
        scenario in shape().prop_flat_map(|shape| line(shape, 1..6_u8, (0_u8, 1_u8)))
    ) {
        scenario.run();
    }

    #[test]
    fn long_lines_with_siblings_behave_like_the_model_with_qpi_pieces(
        scenario in shape().prop_flat_map(|shape| {
            let token = |text: &str| Qpi::parse(text).expect("a valid token");
            let pieces = vec![token("C:K^"), token("c:k^"), token("S:P"), token("s:p")];
            let styles = (Sin::parse("C").expect("a SIN"), Sin::parse("c").expect("a SIN"));
            line(shape, proptest::sample::select(pieces), styles)
        })
    ) {
        scenario.run();
    }

    #[test]
    fn long_lines_with_siblings_behave_like_the_model_with_string_pieces(
        scenario in shape().prop_flat_map(|shape| line(shape, "[KkPp]", (String::from("S"), String::from("s"))))
    ) {
        scenario.run();
    }
}
