//! PGN: what is read (`read`), what is refused and how the reader goes on
//! (`refused`), what is written (`write`), and the fuzz target's inputs
//! replayed (`fuzz`).

mod fuzz;
mod read;
mod refused;
mod write;

use games::Persistent;
use games::chess::{self, pgn};
use games::record::{Limits, Record, RecordError};

/// A chess record kept over persistent-qi.
pub(super) type Game = Record<chess::Node<Persistent>>;

/// Every game of `text`, good or bad.
pub(super) fn games(text: &str) -> Vec<Result<Game, RecordError>> {
    pgn::read::<Persistent>(text.as_bytes(), Limits::default()).collect()
}

/// The one game of `text`, which must be good.
pub(super) fn game(text: &str) -> Game {
    let mut games = games(text);
    assert_eq!(games.len(), 1, "{text:?} holds one game");
    games
        .remove(0)
        .unwrap_or_else(|error| panic!("{text:?}: {error}"))
}

/// The main line of `record` in UCI.
pub(super) fn main_line(record: &Game) -> Vec<String> {
    record
        .main_line()
        .skip(1)
        .map(|id| match record.step(id).as_move() {
            Some(mv) => mv.to_string(),
            None => "0000".to_string(),
        })
        .collect()
}

/// The FEN of the main line's last node.
pub(super) fn last_fen(record: &Game) -> String {
    let last = record.main_line().last().expect("the root at least");
    chess::to_fen(record.node(last))
}
