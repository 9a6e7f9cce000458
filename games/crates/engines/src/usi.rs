//! USI, the shogi engines' protocol, over a [`super::Session`] of shogi:
//! `usi`, `isready`, `setoption` (`Threads`, `USI_Hash` as the trees'
//! memory budget in MiB), `usinewgame`, `position startpos|sfen ...
//! [moves ...]`, `go` (`btime`, `wtime`, `binc`, `winc`, `byoyomi`,
//! `nodes`, `infinite` until `stop`; a `go` with none of them runs the
//! engine's default iterations), `stop`, `ponderhit`, `gameover`, `quit`.
//!
//! A line it cannot use is answered with `info string` and the reason;
//! a position with an illegal move leaves the last good position. With no
//! move (checkmate), the answer is `bestmove resign`.

use super::engine::{Dialect, Engine};
use games_core::Persistent;
use games_shogi::{self as shogi, Shogi};

/// USI's words and shogi: the [`Dialect`] of [`Usi`].
#[derive(Debug)]
pub enum UsiDialect {}

impl Dialect for UsiDialect {
    type Game = Shogi;
    const PROTOCOL: &'static str = "usi";
    const MORE_OPTIONS: &'static [&'static str] = &[];
    const IGNORED: &'static [&'static str] = &["stop", "ponderhit", "gameover"];
    const IGNORED_OPTIONS: &'static [&'static str] = &["USI_Ponder"];
    const FIRST: char = 'b';
    const NO_MOVE: &'static str = "resign";

    fn root(setup: &[&str]) -> Result<String, String> {
        match setup {
            ["sfen", fields @ ..] => sfen_to_feen(&fields.join(" "))
                .map_err(|error| format!("{error}; the last position is kept")),
            _ => Err("expected startpos or sfen, then moves".to_owned()),
        }
    }

    fn turn(board: &shogi::Board) -> persistent_qi::Player {
        board.turn()
    }

    /// `go mate` is answered `checkmate notimplemented`; `ponder` is
    /// dropped.
    fn go_words<'w>(words: &[&'w str]) -> Result<Vec<&'w str>, &'static str> {
        if words.first() == Some(&"mate") {
            return Err("checkmate notimplemented");
        }
        Ok(words
            .iter()
            .copied()
            .filter(|&word| word != "ponder")
            .collect())
    }
}

/// USI over a shogi session.
pub type Usi = Engine<UsiDialect>;

/// The FEEN text of an SFEN position (USI's `position sfen`), the notation
/// a [`super::Session`] starts from: read by [`shogi::read_sfen`], checked
/// as a shogi position, written back by the crate.
fn sfen_to_feen(text: &str) -> Result<String, String> {
    let read = shogi::read_sfen::<Persistent>(text).map_err(|error| error.to_string())?;
    read.node
        .position
        .to_feen()
        .map_err(|error| error.to_string())
}
