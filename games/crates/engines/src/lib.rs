//! The engine protocols, each a thin front-end over one [`Session`]: UCI
//! for chess ([`uci`]), USI for shogi ([`usi`]) and GTP for Go ([`gtp`]).
//!
//! A front-end answers one line at a time ([`FrontEnd::answer`]); the
//! loop ([`serve`]) reads the lines, and a search looks at the lines
//! that arrive while it runs (`stop`, `isready`, `quit`) through the same
//! [`Lines`]. Bad input is answered in the protocol's way (GTP's `?`,
//! UCI's and USI's `info string`) and changes nothing: no line panics,
//! waits forever or makes the process hold more than its budget; a line
//! longer than [`MAX_LINE`] bytes is refused unread.
//!
//! # What this crate may use
//!
//! This crate uses `games-core`, `games-search` and the three games; it
//! never measures (no `games-measure`: the choice of position crate is
//! [`Crate`](games_core::Crate)) and never reads a record file or a work
//! unit (`ARCHITECTURE.md`).

pub mod engine;
pub mod gtp;
mod session;
pub mod time;
pub mod uci;
pub mod usi;
mod watch;

use std::collections::VecDeque;
use std::io::{self, BufRead, Read, Write};
use std::sync::mpsc::{self, Receiver, TryRecvError};

pub use session::{Config, Session, SessionError, Threaded};
pub use watch::{Clock, Watch, centipawns};

/// The longest line a front-end reads: 64 KiB, room for a game of
/// thousands of moves.
pub const MAX_LINE: usize = 64 * 1024;

/// One line of input, as a front-end gets it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Incoming {
    /// A line, its end-of-line removed.
    Line(String),
    /// A line longer than [`MAX_LINE`] bytes, skipped: its length.
    TooLong(usize),
}

/// Where a front-end's lines come from.
pub trait Input {
    /// The next line, waiting for it; `None` at the end of the input.
    fn next_line(&mut self) -> Option<Incoming>;

    /// The next line if it has arrived: `Ok(None)` if not yet,
    /// `Err(Closed)` if no line will come.
    ///
    /// # Errors
    ///
    /// [`Closed`] at the end of the input.
    fn try_line(&mut self) -> Result<Option<Incoming>, Closed>;
}

/// The input has ended: no line will come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Closed;

/// The lines of a session: its input, and the lines a search put aside
/// for after it.
pub struct Lines<'a> {
    input: &'a mut dyn Input,
    deferred: VecDeque<Incoming>,
}

impl<'a> Lines<'a> {
    /// The lines of `input`.
    pub fn new(input: &'a mut dyn Input) -> Self {
        Lines {
            input,
            deferred: VecDeque::new(),
        }
    }

    /// The next line to answer: a deferred one first.
    pub fn next_incoming(&mut self) -> Option<Incoming> {
        self.deferred.pop_front().or_else(|| self.input.next_line())
    }

    /// A line that has arrived while a search runs, if any.
    ///
    /// # Errors
    ///
    /// [`Closed`] at the end of the input.
    pub fn poll(&mut self) -> Result<Option<Incoming>, Closed> {
        self.input.try_line()
    }

    /// Puts a line aside, to be answered after the search, in order.
    pub fn defer(&mut self, line: Incoming) {
        self.deferred.push_back(line);
    }
}

impl core::fmt::Debug for Lines<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Lines")
            .field("deferred", &self.deferred)
            .finish_non_exhaustive()
    }
}

/// Whether a session goes on after a line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Flow {
    /// Read the next line.
    Continue,
    /// The protocol said to quit.
    Quit,
}

/// One protocol over one game.
pub trait FrontEnd {
    /// Answers `line` on `out`, reading what arrives while it searches from
    /// `lines`.
    ///
    /// # Errors
    ///
    /// Only `out`'s errors: bad input is answered, not returned.
    fn answer(
        &mut self,
        line: &str,
        lines: &mut Lines<'_>,
        out: &mut dyn Write,
    ) -> io::Result<Flow>;

    /// Answers a line that could not be read (too long), in the protocol's
    /// way.
    ///
    /// # Errors
    ///
    /// Only `out`'s errors.
    fn refuse(&mut self, reason: &str, out: &mut dyn Write) -> io::Result<()>;
}

/// Answers every line of `input` on `out` until the input ends or the
/// protocol quits.
///
/// # Errors
///
/// Only `out`'s errors.
pub fn serve(
    front: &mut dyn FrontEnd,
    input: &mut dyn Input,
    out: &mut dyn Write,
) -> io::Result<()> {
    let mut lines = Lines::new(input);
    while let Some(incoming) = lines.next_incoming() {
        let flow = match incoming {
            Incoming::Line(line) => front.answer(&line, &mut lines, out)?,
            Incoming::TooLong(bytes) => {
                front.refuse(
                    &format!("line too long ({bytes} bytes, at most {MAX_LINE})"),
                    out,
                )?;
                Flow::Continue
            }
        };
        out.flush()?;
        if flow == Flow::Quit {
            break;
        }
    }
    Ok(())
}

/// Standard input, read on a thread of its own so that a search sees the
/// lines that arrive while it runs.
#[derive(Debug)]
pub struct Stdin {
    lines: Receiver<Incoming>,
}

impl Stdin {
    /// Starts reading standard input.
    #[must_use]
    pub fn spawn() -> Self {
        let (sender, lines) = mpsc::channel();
        std::thread::spawn(move || {
            let stdin = io::stdin();
            let mut reader = stdin.lock();
            while let Some(incoming) = read_line(&mut reader) {
                if sender.send(incoming).is_err() {
                    break;
                }
            }
        });
        Stdin { lines }
    }
}

impl Input for Stdin {
    fn next_line(&mut self) -> Option<Incoming> {
        self.lines.recv().ok()
    }

    fn try_line(&mut self) -> Result<Option<Incoming>, Closed> {
        match self.lines.try_recv() {
            Ok(incoming) => Ok(Some(incoming)),
            Err(TryRecvError::Empty) => Ok(None),
            Err(TryRecvError::Disconnected) => Err(Closed),
        }
    }
}

/// One line of `reader`, at most [`MAX_LINE`] bytes kept; `None` at the
/// end. Bytes that are not UTF-8 are replaced.
pub fn read_line(reader: &mut impl BufRead) -> Option<Incoming> {
    let mut bytes = Vec::new();
    let read = Read::take(&mut *reader, MAX_LINE as u64 + 1)
        .read_until(b'\n', &mut bytes)
        .ok()?;
    if read == 0 {
        return None;
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        return Some(Incoming::Line(String::from_utf8_lossy(&bytes).into_owned()));
    }
    if bytes.len() <= MAX_LINE {
        // The input's last line, without an end-of-line.
        return Some(Incoming::Line(String::from_utf8_lossy(&bytes).into_owned()));
    }
    // Too long: the rest of the line is skipped, a buffer at a time.
    let mut total = bytes.len();
    loop {
        let buffer = reader.fill_buf().ok()?;
        if buffer.is_empty() {
            break;
        }
        if let Some(end) = buffer.iter().position(|&byte| byte == b'\n') {
            total += end;
            reader.consume(end + 1);
            break;
        }
        let len = buffer.len();
        total += len;
        reader.consume(len);
    }
    Some(Incoming::TooLong(total))
}

/// The lines of a text, as a script or a fuzzer gives them: a client that
/// waits for each answer before it writes its next line, so a search sees
/// no line arrive while it runs (a `stop` after `go` is read once the
/// search has ended). A front-end driven by a script bounds its searches
/// (`capped`), or a `go infinite` would never end.
#[derive(Debug)]
pub struct Script<'a> {
    text: &'a [u8],
}

impl<'a> Script<'a> {
    /// The lines of `text`.
    #[must_use]
    pub fn new(text: &'a [u8]) -> Self {
        Script { text }
    }
}

impl Input for Script<'_> {
    fn next_line(&mut self) -> Option<Incoming> {
        read_line(&mut self.text)
    }

    fn try_line(&mut self) -> Result<Option<Incoming>, Closed> {
        Ok(None)
    }
}

/// The lines of a text that has all arrived, its writer gone, as a pipe
/// gives them (`printf 'position startpos\ngo movetime 500\n' | games
/// chess uci`): a search sees the lines after its `go` at once, then the
/// end of the input, which ends no search that has limits.
#[derive(Debug)]
pub struct Piped<'a> {
    text: &'a [u8],
}

impl<'a> Piped<'a> {
    /// The lines of `text`.
    #[must_use]
    pub fn new(text: &'a [u8]) -> Self {
        Piped { text }
    }
}

impl Input for Piped<'_> {
    fn next_line(&mut self) -> Option<Incoming> {
        read_line(&mut self.text)
    }

    fn try_line(&mut self) -> Result<Option<Incoming>, Closed> {
        read_line(&mut self.text).map(Some).ok_or(Closed)
    }
}

/// The iterations of every search [`drive`] runs.
pub const DRIVE_CAP: u64 = 24;

/// Feeds the lines of `data` to each front-end in turn (UCI, USI, GTP),
/// every search bounded to [`DRIVE_CAP`] iterations and to playouts of 4
/// plies, every GTP judgement to [`DRIVE_CAP`] playouts, the answers thrown away: what the fuzz target `protocol_lines`
/// runs on arbitrary bytes. Returns the bytes of the answers, front-end
/// by front-end.
///
/// # Panics
///
/// Only on a bug: any input is answered.
#[must_use]
pub fn drive(data: &[u8]) -> [usize; 3] {
    use games_core::Crate;
    use games_search::{Limits, Options, Settings, StoreKind};

    let config = Config {
        krate: Crate::Persistent,
        store: StoreKind::Positions,
        options: Options {
            settings: Settings {
                playout_plies: 4,
                ..Settings::default()
            },
            threads: 1,
            seed: 1,
            memory: None,
        },
        komi: None,
    };
    let refused = "the fuzzing configuration is accepted";
    let limits = Limits {
        iterations: Some(DRIVE_CAP),
        time: None,
    };
    let mut fronts: [Box<dyn FrontEnd>; 3] = [
        Box::new(
            uci::Uci::new(config, limits, None)
                .expect(refused)
                .capped(DRIVE_CAP),
        ),
        Box::new(
            usi::Usi::new(config, limits, None)
                .expect(refused)
                .capped(DRIVE_CAP),
        ),
        Box::new(
            gtp::Gtp::new(config, limits)
                .expect(refused)
                .judging_with(usize::try_from(DRIVE_CAP).unwrap_or(usize::MAX)),
        ),
    ];
    fronts.each_mut().map(|front| {
        let mut answers = Vec::new();
        serve(front.as_mut(), &mut Script::new(data), &mut answers)
            .expect("a vector takes every answer");
        answers.len()
    })
}
