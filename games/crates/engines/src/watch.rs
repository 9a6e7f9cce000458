//! What UCI and USI share: the clock of a `go` command, the monitor that
//! answers `isready` and obeys `stop` while a search runs, and the `info`
//! lines.

use core::fmt::Display;
use core::time::Duration;
use std::io::Write;

use super::time::within;
use super::{Incoming, Lines};
use games_search::{Monitor, Progress};

/// The share of the remaining time a move takes without `movestogo`: as if
/// 30 moves were left.
const MOVES_LEFT: u32 = 30;

/// The clock of a `go` command: what the player to move was given.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Clock {
    /// The time left on the player's clock (`wtime`/`btime`).
    pub remaining: Option<Duration>,
    /// What each move adds to it (`winc`/`binc`).
    pub increment: Duration,
    /// USI's byoyomi: time for each move once the main time is spent.
    pub byoyomi: Duration,
    /// Moves until the next time control (`movestogo`).
    pub moves_to_go: Option<u32>,
    /// A fixed time for this move (`movetime`).
    pub move_time: Option<Duration>,
}

impl Clock {
    /// How long to search: a share of what was given, less room for the
    /// answer to reach the client, so that it arrives in time. `None`
    /// where no time was given.
    #[must_use]
    pub fn budget(&self) -> Option<Duration> {
        if let Some(time) = self.move_time {
            return Some(within(time));
        }
        if self.remaining.is_none() && self.byoyomi.is_zero() {
            return None;
        }
        let remaining = self.remaining.unwrap_or_default();
        let moves = self.moves_to_go.unwrap_or(MOVES_LEFT).max(1);
        let share = (remaining / moves + self.increment * 3 / 4).min(remaining / 2);
        Some(within(share + self.byoyomi))
    }
}

/// A search's value for the player to move as centipawns, as UCI and USI
/// `score cp` say it: a logistic of 400 centipawns for an advantage of
/// 10 to 1 in odds.
#[must_use]
pub fn centipawns(value: f32) -> i32 {
    let value = f64::from(value).clamp(0.001, 0.999);
    #[allow(clippy::cast_possible_truncation)] // clamped: within ±1,200
    let cp = (400.0 * (value / (1.0 - value)).log10()).round() as i32;
    cp
}

/// The `info` line of a search's progress.
#[must_use]
pub(super) fn info_line<M: Display>(progress: &Progress<M>) -> String {
    let millis = progress.elapsed.as_millis().max(1);
    let nps = u128::from(progress.iterations) * 1000 / millis;
    let mut line = format!(
        "info depth {} nodes {} nps {nps} time {millis} score cp {}",
        progress.pv.len().max(1),
        progress.iterations,
        centipawns(progress.value),
    );
    if !progress.pv.is_empty() {
        line.push_str(" pv");
        for mv in &progress.pv {
            line.push(' ');
            line.push_str(&mv.to_string());
        }
    }
    line
}

/// The monitor of a UCI or USI search: answers `isready` at once, stops on
/// `stop` and `quit`, puts every other line aside for after the search,
/// and writes an `info` line about once a second.
///
/// The end of the input is no `stop`: a client that wrote its commands and
/// closed its end (a script, `printf ... | games chess uci`) waits for the
/// answer, as Stockfish's users do. A search with limits (a clock, a
/// `movetime`, `nodes`, the default iterations) runs to them; only one
/// with none (`go infinite`), which nothing could end any more, stops
/// there.
pub struct Watch<'a, 'b> {
    lines: &'a mut Lines<'b>,
    out: &'a mut dyn Write,
    bounded: bool,
    quit: bool,
}

impl<'a, 'b> Watch<'a, 'b> {
    /// A monitor reading `lines` and writing on `out`, of a search that
    /// ends by its limits (`bounded`) or only when it is told to.
    pub fn new(lines: &'a mut Lines<'b>, out: &'a mut dyn Write, bounded: bool) -> Self {
        Watch {
            lines,
            out,
            bounded,
            quit: false,
        }
    }

    /// Whether the search was stopped by `quit`.
    #[must_use]
    pub fn quit(&self) -> bool {
        self.quit
    }
}

impl core::fmt::Debug for Watch<'_, '_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Watch")
            .field("bounded", &self.bounded)
            .field("quit", &self.quit)
            .finish_non_exhaustive()
    }
}

impl<M: Display> Monitor<M> for Watch<'_, '_> {
    fn poll(&mut self) -> bool {
        loop {
            match self.lines.poll() {
                Err(super::Closed) => return !self.bounded,
                Ok(None) => return false,
                Ok(Some(Incoming::Line(line))) => match line.split_whitespace().next() {
                    Some("stop") => return true,
                    Some("quit") => {
                        self.quit = true;
                        return true;
                    }
                    Some("isready") => {
                        // A client that cannot be written to ends the
                        // session at the next answer.
                        let _ = writeln!(self.out, "readyok").and_then(|()| self.out.flush());
                    }
                    Some("ponderhit") => {}
                    _ => self.lines.defer(Incoming::Line(line)),
                },
                Ok(Some(other)) => self.lines.defer(other),
            }
        }
    }

    fn progress(&mut self, progress: &Progress<M>) {
        let _ = writeln!(self.out, "{}", info_line(progress)).and_then(|()| self.out.flush());
    }
}
