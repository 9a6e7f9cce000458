//! USI, the shogi engines' protocol, over a [`Session`] of shogi: `usi`,
//! `isready`, `setoption` (`Threads`, `USI_Hash` as the trees' memory
//! budget in MiB), `usinewgame`, `position startpos|sfen ... [moves ...]`,
//! `go` (`btime`, `wtime`, `binc`, `winc`, `byoyomi`, `nodes`, `infinite`
//! until `stop`; a `go` with none of them runs the engine's default
//! iterations), `stop`, `ponderhit`, `gameover`, `quit`.
//!
//! A line it cannot use is answered with `info string` and the reason;
//! a position with an illegal move leaves the last good position. With no
//! move (checkmate), the answer is `bestmove resign`.

use std::io::{self, Write};

use super::uci::{GoAnswer, NAME, answer_go, name_and_value, option};
use super::{Config, Flow, FrontEnd, Lines, Session};
use crate::Persistent;
use crate::shogi::{self, Shogi};

/// USI over a shogi session.
#[derive(Debug)]
pub struct Usi {
    session: Session<Shogi>,
    config: Config,
    /// The iterations of a `go` that sets no limit.
    iterations: u64,
    /// The most iterations of one search, whatever `go` says.
    cap: Option<u64>,
    probe: Option<fn() -> usize>,
}

impl Usi {
    /// A USI front-end whose engines are made by `config`, from the start
    /// position; a `go` that sets no limit runs `iterations`; `probe`
    /// counts the process's bytes for `USI_Hash`.
    ///
    /// # Errors
    ///
    /// [`super::SessionError`] if `config` is refused (threads over
    /// `LocalQi`).
    pub fn new(
        config: Config,
        iterations: u64,
        probe: Option<fn() -> usize>,
    ) -> Result<Self, super::SessionError> {
        Ok(Usi {
            session: Session::new(config, shogi::START)?,
            config,
            iterations,
            cap: None,
            probe,
        })
    }

    /// The same, every search bounded to `cap` iterations whatever `go`
    /// says: for scripts and fuzzing, where no `stop` may come.
    #[must_use]
    pub fn capped(self, cap: u64) -> Self {
        Usi {
            cap: Some(cap),
            ..self
        }
    }

    fn set_option(&mut self, words: &[&str], out: &mut dyn Write) -> io::Result<()> {
        let (name, value) = name_and_value(words);
        if name == "USI_Ponder" {
            return Ok(());
        }
        let mut config = self.config;
        if let Err(reason) = option(&mut config, &name, &value, self.probe) {
            return writeln!(out, "info string {reason}");
        }
        match self.session.reconfigure(config) {
            Ok(()) => self.config = config,
            Err(error) => writeln!(out, "info string {name}: {error}")?,
        }
        Ok(())
    }

    fn position(&mut self, words: &[&str], out: &mut dyn Write) -> io::Result<()> {
        let (setup, moves) = match words.iter().position(|&word| word == "moves") {
            Some(at) => (&words[..at], &words[at + 1..]),
            None => (words, &[][..]),
        };
        let root = match setup {
            ["startpos"] => shogi::START.to_owned(),
            ["sfen", fields @ ..] => match sfen_to_feen(&fields.join(" ")) {
                Ok(feen) => feen,
                Err(error) => {
                    return writeln!(
                        out,
                        "info string position: {error}; the last position is kept"
                    );
                }
            },
            _ => {
                return writeln!(
                    out,
                    "info string position: expected startpos or sfen, then moves"
                );
            }
        };
        if let Err(error) = self.session.set_position(&root, moves) {
            writeln!(
                out,
                "info string position: {error}; the last position is kept"
            )?;
        }
        Ok(())
    }

    fn go(
        &mut self,
        words: &[&str],
        lines: &mut Lines<'_>,
        out: &mut dyn Write,
    ) -> io::Result<Flow> {
        if words.first() == Some(&"mate") {
            return writeln!(out, "checkmate notimplemented").map(|()| Flow::Continue);
        }
        let words: Vec<&str> = words
            .iter()
            .copied()
            .filter(|&word| word != "ponder")
            .collect();
        let turn = self.session.line().board.turn();
        let answer = GoAnswer {
            first: 'b',
            no_move: "resign",
            iterations: self.iterations,
            cap: self.cap,
        };
        answer_go(&mut self.session, &words, turn, &answer, lines, out)
    }
}

impl FrontEnd for Usi {
    fn answer(
        &mut self,
        line: &str,
        lines: &mut Lines<'_>,
        out: &mut dyn Write,
    ) -> io::Result<Flow> {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&command, rest)) = words.split_first() else {
            return Ok(Flow::Continue);
        };
        match command {
            "usi" => {
                writeln!(out, "id name {NAME} {}", env!("CARGO_PKG_VERSION"))?;
                writeln!(out, "id author the persistent-qi authors")?;
                writeln!(
                    out,
                    "option name Threads type spin default {} min 1 max 256",
                    self.config.options.threads
                )?;
                writeln!(out, "usiok")?;
            }
            "isready" => writeln!(out, "readyok")?,
            "setoption" => self.set_option(rest, out)?,
            "usinewgame" => {
                if let Err(error) = self.session.set_position(shogi::START, &[] as &[&str]) {
                    writeln!(out, "info string usinewgame: {error}")?;
                }
            }
            "position" => self.position(rest, out)?,
            "go" => return self.go(rest, lines, out),
            "stop" | "ponderhit" | "gameover" => {}
            "quit" => return Ok(Flow::Quit),
            _ => writeln!(out, "info string unknown command {command:?}")?,
        }
        Ok(Flow::Continue)
    }

    fn refuse(&mut self, reason: &str, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "info string {reason}")
    }
}

/// The FEEN text of an SFEN position (USI's `position sfen`), the notation
/// a [`Session`] starts from: read by [`shogi::read_sfen`], checked as a
/// shogi position, written back by the crate.
fn sfen_to_feen(text: &str) -> Result<String, String> {
    let read = shogi::read_sfen::<Persistent>(text).map_err(|error| error.to_string())?;
    read.node
        .position
        .to_feen()
        .map_err(|error| error.to_string())
}
