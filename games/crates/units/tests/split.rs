//! The split over a game's real tree (chess): transpositions merged with
//! their multiplicities, keys that collide told apart by equality, and a
//! split past its budget stopped. Chess is a dev-dependency only: the
//! units name no game (ARCHITECTURE.md).

use games_chess as chess;
use games_core::Node;
use games_core::Persistent;
use games_units::split;

/// A node whose key is the same for every position: every merge walks
/// a chain.
#[derive(Debug, Clone, PartialEq)]
struct OneKey(chess::Node<Persistent>);

impl Node for OneKey {
    type Move = chess::Move;
    type Board = chess::Board;
    type Position = Persistent;

    fn position(&self) -> &Persistent {
        self.0.position()
    }

    fn read_into(&self, board: &mut chess::Board) {
        self.0.read_into(board);
    }

    fn legal_moves(board: &chess::Board, moves: &mut Vec<chess::Move>) {
        chess::legal_moves(board, moves);
    }

    fn play(&self, board: &chess::Board, mv: chess::Move) -> Self {
        OneKey(self.0.play(board, mv))
    }

    fn key(&self) -> u64 {
        7
    }

    fn detached(&self) -> Self {
        OneKey(self.0.detached())
    }

    fn state(&self) -> u64 {
        self.0.state()
    }
}

#[test]
fn positions_of_one_key_are_told_apart_by_equality() {
    let start = OneKey(chess::load(chess::START).unwrap());
    let split = split(&start, 2, &|| false, &|_, _| {}).unwrap();
    assert!(split.lines.iter().all(|(node, _)| node.key() == 7));
    assert_eq!(split.distinct, [1, 20, 400]);
    assert_eq!(split.leaves(), 400);
}

#[test]
fn transpositions_add_their_multiplicities() {
    let start: chess::Node<Persistent> = chess::load(chess::START).unwrap();
    let split = split(&start, 3, &|| false, &|_, _| {}).unwrap();
    assert_eq!(split.lines.len(), 5_362);
    assert!(
        split
            .lines
            .iter()
            .any(|(_, multiplicity)| *multiplicity > 1)
    );
    assert_eq!(split.leaves(), 8_902);
}

#[test]
fn a_split_over_its_budget_stops_naming_the_ply() {
    let start: chess::Node<Persistent> = chess::load(chess::START).unwrap();
    // Plies 1 to 3 make 20 + 400 + 8,902 children: the first question
    // comes at ply 3, with some of its 5,362 positions kept.
    let error = split(&start, 4, &|| true, &|_, _| {}).unwrap_err();
    assert_eq!(error.ply, 3);
    assert!((1..5_362).contains(&error.distinct), "{}", error.distinct);
}
