//! The serde format is `sashite-qi` 0.2's: for the same position both crates
//! write the same JSON, byte for byte, and each reads what the other writes,
//! with `String` pieces and styles and with `Qpi` pieces and `Sin` styles.
#![cfg(feature = "serde")]

use core::fmt::Debug;
use core::hash::Hash;
use std::collections::BTreeMap;

use persistent_qi::qpi::{Qpi, Sin};
use persistent_qi::{Player, Qi};
use proptest::prelude::*;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// A position's content, built in each crate through its own API.
#[derive(Debug, Clone)]
struct Content<P, S> {
    shape: Vec<usize>,
    squares: Vec<Option<P>>,
    first_hand: BTreeMap<P, usize>,
    second_hand: BTreeMap<P, usize>,
    styles: (S, S),
    turn: Player,
}

impl<P: Clone + Ord + Hash, S: Clone + Hash> Content<P, S> {
    fn ours(&self) -> Qi<P, S> {
        Qi::from_parts(
            &self.shape,
            self.squares.iter().cloned(),
            self.first_hand
                .iter()
                .map(|(piece, &count)| (piece.clone(), count)),
            self.second_hand
                .iter()
                .map(|(piece, &count)| (piece.clone(), count)),
            self.styles.0.clone(),
            self.styles.1.clone(),
            self.turn,
        )
        .expect("valid content")
    }

    fn peer(&self) -> sashite_qi::Qi<P, S> {
        let delta = |count: usize| i32::try_from(count).expect("a small count");
        let turn = match self.turn {
            Player::First => sashite_qi::Player::First,
            Player::Second => sashite_qi::Player::Second,
        };
        sashite_qi::Qi::new(&self.shape, self.styles.0.clone(), self.styles.1.clone())
            .and_then(|peer| {
                peer.board_diff(
                    self.squares
                        .iter()
                        .cloned()
                        .enumerate()
                        .filter(|(_, square)| square.is_some()),
                )
            })
            .and_then(|peer| {
                peer.first_hand_diff(
                    self.first_hand
                        .iter()
                        .map(|(piece, &count)| (piece.clone(), delta(count))),
                )
            })
            .and_then(|peer| {
                peer.second_hand_diff(
                    self.second_hand
                        .iter()
                        .map(|(piece, &count)| (piece.clone(), delta(count))),
                )
            })
            .expect("valid content")
            .with_turn(turn)
    }
}

/// Both crates write the same JSON for the content, and each reads the
/// other's into its own position.
fn same_json_both_ways<P, S>(content: &Content<P, S>)
where
    P: Clone + Ord + Hash + Debug + Serialize + DeserializeOwned,
    S: Clone + Hash + Eq + Debug + Serialize + DeserializeOwned,
{
    let (ours, peer) = (content.ours(), content.peer());
    let our_json = serde_json::to_string(&ours).expect("ours serializes");
    let peer_json = serde_json::to_string(&peer).expect("the peer's serializes");
    assert_eq!(our_json, peer_json, "the same document");
    let read_by_peer: sashite_qi::Qi<P, S> =
        serde_json::from_str(&our_json).expect("sashite-qi reads ours");
    assert_eq!(read_by_peer, peer);
    let read_by_us: Qi<P, S> = serde_json::from_str(&peer_json).expect("we read sashite-qi's");
    assert_eq!(read_by_us, ours);
    // The pretty form, with its whitespace, reads as well.
    let pretty = serde_json::to_string_pretty(&peer).expect("the peer's serializes");
    assert_eq!(
        serde_json::from_str::<Qi<P, S>>(&pretty).expect("we read it"),
        ours
    );
}

fn s(text: &str) -> String {
    text.to_string()
}

use crate::qpi_token;

use qpi_token::qpi;

fn sin(token: &str) -> Sin {
    token.parse().expect("a SIN token")
}

#[test]
fn a_string_position_writes_sashite_qis_exact_document() {
    let content = Content {
        shape: vec![2, 2],
        squares: vec![Some(s("K")), None, None, Some(s("k"))],
        first_hand: BTreeMap::from([(s("P"), 2)]),
        second_hand: BTreeMap::new(),
        styles: (s("C"), s("c")),
        turn: Player::Second,
    };
    assert_eq!(
        serde_json::to_string(&content.ours()).unwrap(),
        r#"{"shape":[2,2],"board":["K",null,null,"k"],"first_hand":[["P",2]],"second_hand":[],"first_style":"C","second_style":"c","turn":"Second"}"#
    );
    same_json_both_ways(&content);
}

#[test]
fn a_qpi_position_writes_sashite_qis_exact_document() {
    let content = Content {
        shape: vec![3],
        squares: vec![Some(qpi("s:k^")), None, Some(qpi("S:K^"))],
        first_hand: BTreeMap::new(),
        second_hand: BTreeMap::from([(qpi("s:p"), 1)]),
        styles: (sin("S"), sin("s")),
        turn: Player::First,
    };
    assert_eq!(
        serde_json::to_string(&content.ours()).unwrap(),
        r#"{"shape":[3],"board":["s:k^",null,"S:K^"],"first_hand":[],"second_hand":[["s:p",1]],"first_style":"S","second_style":"s","turn":"First"}"#
    );
    same_json_both_ways(&content);
}

#[test]
fn three_dimensional_boards_and_full_hands_agree() {
    let content = Content {
        shape: vec![2, 2, 2],
        squares: vec![
            Some(s("a")),
            None,
            None,
            None,
            None,
            None,
            None,
            Some(s("B")),
        ],
        first_hand: BTreeMap::from([(s("P"), 2), (s("B"), 1), (s("+R"), 1)]),
        second_hand: BTreeMap::from([(s("p"), 2)]),
        styles: (s("R"), s("r")),
        turn: Player::Second,
    };
    same_json_both_ways(&content);
}

/// Content on a small board: up to 3 dimensions of up to 4 squares, pieces
/// from `pieces`, hands within the board's capacity.
fn content<P: Clone + Ord + Debug, S: Clone + Debug>(
    pieces: impl Strategy<Value = P> + Clone,
    styles: impl Strategy<Value = (S, S)>,
) -> impl Strategy<Value = Content<P, S>> {
    let shape = prop::collection::vec(1_usize..=4, 1..=3);
    (shape, styles, any::<bool>()).prop_flat_map(move |(shape, styles, second)| {
        let squares: usize = shape.iter().product();
        let board = prop::collection::vec(prop::option::weighted(0.4, pieces.clone()), squares);
        let hand = prop::collection::btree_map(pieces.clone(), 1_usize..=3, 0..=3);
        (Just(shape), board, hand.clone(), hand, Just(styles)).prop_filter_map(
            "more pieces than squares",
            move |(shape, squares, first_hand, second_hand, styles)| {
                let pieces = squares.iter().flatten().count()
                    + first_hand.values().sum::<usize>()
                    + second_hand.values().sum::<usize>();
                (pieces <= squares.len()).then(|| Content {
                    shape,
                    squares,
                    first_hand,
                    second_hand,
                    styles: styles.clone(),
                    turn: if second {
                        Player::Second
                    } else {
                        Player::First
                    },
                })
            },
        )
    })
}

fn any_qpi() -> impl Strategy<Value = Qpi> + Clone {
    (1..=u16::try_from(Qpi::COUNT).unwrap()).prop_map(|code| Qpi::from_code(code).expect("a code"))
}

fn any_sin() -> impl Strategy<Value = Sin> {
    (
        prop::sample::select(persistent_qi::qpi::sin::Letter::ALL.to_vec()),
        any::<bool>(),
    )
        .prop_map(|(letter, second)| {
            let side = if second {
                persistent_qi::qpi::sin::Side::Second
            } else {
                persistent_qi::qpi::sin::Side::First
            };
            Sin::new(letter, side)
        })
}

proptest! {
    #[test]
    fn random_string_positions_agree(
        content in content("[A-Za-z+^-]{1,3}", ("[A-Za-z]{1,2}", "[A-Za-z]{1,2}")),
    ) {
        same_json_both_ways(&content);
    }

    #[test]
    fn random_qpi_positions_agree(content in content(any_qpi(), (any_sin(), any_sin()))) {
        same_json_both_ways(&content);
    }
}
