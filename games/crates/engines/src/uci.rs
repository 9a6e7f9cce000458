//! UCI, the chess engines' protocol, over a [`super::Session`] of chess:
//! `uci`, `isready`, `setoption` (`Threads`, `Hash` as the trees' memory
//! budget in MiB), `ucinewgame`, `position startpos|fen ... [moves ...]`,
//! `go` (`wtime`, `btime`, `winc`, `binc`, `movestogo`, `movetime`,
//! `nodes`, `infinite` until `stop`; a `go` with none of them runs the
//! engine's default iterations), `stop`, `quit`.
//!
//! A line it cannot use is answered with `info string` and the reason;
//! a position with an illegal move leaves the last good position.

use super::engine::{Dialect, Engine};
use games_chess::{self as chess, Chess};

pub use super::engine::NAME;

/// UCI's words and chess: the [`Dialect`] of [`Uci`].
#[derive(Debug)]
pub enum UciDialect {}

impl Dialect for UciDialect {
    type Game = Chess;
    const PROTOCOL: &'static str = "uci";
    const MORE_OPTIONS: &'static [&'static str] =
        &["option name Hash type spin default 1024 min 1 max 1048576"];
    const IGNORED: &'static [&'static str] = &["stop", "ponderhit", "debug", "register"];
    const IGNORED_OPTIONS: &'static [&'static str] = &[];
    const FIRST: char = 'w';
    const NO_MOVE: &'static str = "0000";

    fn root(setup: &[&str]) -> Result<String, String> {
        match setup {
            ["fen", fields @ ..] if !fields.is_empty() => Ok(fields.join(" ")),
            _ => Err("expected startpos or fen, then moves".to_owned()),
        }
    }

    fn turn(board: &chess::Board) -> persistent_qi::Player {
        board.turn()
    }
}

/// UCI over a chess session.
pub type Uci = Engine<UciDialect>;
