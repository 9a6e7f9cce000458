//! What UCI and USI share: one front-end ([`Engine`]) over a
//! [`Session`], told by a [`Dialect`] the words, the start position and
//! the few answers where the two protocols differ; and the readers of
//! `setoption` and `go` both use.
//!
//! A line it cannot use is answered with `info string` and the reason;
//! a position with an illegal move leaves the last good position.

use core::fmt;
use core::time::Duration;
use std::io::{self, Write};

use super::watch::{Clock, Watch, info_line};
use super::{Config, Flow, FrontEnd, Lines, Session, Threaded};
use games_core::Game;
use games_search::{Budget, Limits, Progress};

/// The engine's name, as `uci`, `usi` and GTP's `name` give it.
pub const NAME: &str = "persistent-qi games";

/// Where UCI and USI differ: their words, their game and how a position
/// and a `go` are read. A type of no value, known at compile time.
pub trait Dialect {
    /// The game the protocol plays.
    type Game: Threaded;
    /// The protocol's name (`uci`, `usi`), which spells its words: it is
    /// the greeting command, answered with the engine's name, options and
    /// the name followed by `ok` (`uciok`); the name followed by `newgame`
    /// (`ucinewgame`) starts a new game from the game's start position
    /// (its first published one), as `position startpos` does.
    const PROTOCOL: &'static str;
    /// The `option` lines the greeting gives after `Threads`.
    const MORE_OPTIONS: &'static [&'static str];
    /// The commands taken and ignored.
    const IGNORED: &'static [&'static str];
    /// The option names taken and ignored by `setoption`.
    const IGNORED_OPTIONS: &'static [&'static str];
    /// The letter of the first player's clock: `w` in UCI (White moves
    /// first), `b` in USI (Black, sente).
    const FIRST: char;
    /// The move sent when there is none (`0000`, `resign`).
    const NO_MOVE: &'static str;

    /// The root of a `position` command's words before `moves`, other than
    /// `startpos` (which the engine reads); the error is the text that
    /// follows `info string position: `.
    ///
    /// # Errors
    ///
    /// A setup the protocol does not read.
    fn root(setup: &[&str]) -> Result<String, String>;

    /// The player to move on `board`.
    fn turn(board: &<Self::Game as Game>::Board) -> persistent_qi::Player;

    /// The words of a `go` command as the clock reader takes them, or the one
    /// line that answers it instead.
    ///
    /// # Errors
    ///
    /// A `go` the engine answers without searching.
    fn go_words<'w>(words: &[&'w str]) -> Result<Vec<&'w str>, &'static str> {
        Ok(words.to_vec())
    }
}

/// The start position of `D`'s game: its first published position.
fn start<D: Dialect>() -> &'static str {
    <D::Game as Game>::PUBLISHED[0].text
}

/// A UCI or USI front-end over a session of `D`'s game.
pub struct Engine<D: Dialect> {
    session: Session<D::Game>,
    config: Config,
    /// The limits of a `go` that sets none.
    default: Limits,
    /// The most iterations of one search, whatever `go` says: a bound for
    /// scripts and fuzzing, where no `stop` may come.
    cap: Option<u64>,
    probe: Option<fn() -> usize>,
}

impl<D: Dialect> fmt::Debug for Engine<D> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Engine")
            .field("protocol", &D::PROTOCOL)
            .field("session", &self.session)
            .field("config", &self.config)
            .field("default", &self.default)
            .field("cap", &self.cap)
            .finish_non_exhaustive()
    }
}

impl<D: Dialect> Engine<D> {
    /// A front-end whose engines are made by `config`, from the start
    /// position; a `go` that sets no limit runs to `default`; `probe`
    /// counts the process's bytes for the hash option (UCI's `Hash`,
    /// USI's `USI_Hash`).
    ///
    /// # Errors
    ///
    /// [`super::SessionError`] if `config` is refused (threads over
    /// `LocalQi`).
    pub fn new(
        config: Config,
        default: Limits,
        probe: Option<fn() -> usize>,
    ) -> Result<Self, super::SessionError> {
        Ok(Engine {
            session: Session::new(config, start::<D>())?,
            config,
            default,
            cap: None,
            probe,
        })
    }

    /// The same, every search bounded to `cap` iterations whatever `go`
    /// says: for scripts and fuzzing, where no `stop` may come.
    #[must_use]
    pub fn capped(self, cap: u64) -> Self {
        Engine {
            cap: Some(cap),
            ..self
        }
    }

    fn set_option(&mut self, words: &[&str], out: &mut dyn Write) -> io::Result<()> {
        let (name, value) = name_and_value(words);
        if D::IGNORED_OPTIONS.contains(&name.as_str()) {
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
            ["startpos"] => Ok(start::<D>().to_owned()),
            _ => D::root(setup),
        };
        let root = match root {
            Ok(root) => root,
            Err(reason) => return writeln!(out, "info string position: {reason}"),
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
        let words = match D::go_words(words) {
            Ok(words) => words,
            Err(answer) => return writeln!(out, "{answer}").map(|()| Flow::Continue),
        };
        let turn = D::turn(&self.session.line().board);
        let answer = GoAnswer {
            first: D::FIRST,
            no_move: D::NO_MOVE,
            default: self.default,
            cap: self.cap,
        };
        answer_go(&mut self.session, &words, turn, &answer, lines, out)
    }
}

impl<D: Dialect> FrontEnd for Engine<D> {
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
            hello if hello == D::PROTOCOL => {
                writeln!(out, "id name {NAME} {}", env!("CARGO_PKG_VERSION"))?;
                writeln!(out, "id author the persistent-qi authors")?;
                writeln!(
                    out,
                    "option name Threads type spin default {} min 1 max 256",
                    self.config.options.threads
                )?;
                for option in D::MORE_OPTIONS {
                    writeln!(out, "{option}")?;
                }
                writeln!(out, "{}ok", D::PROTOCOL)?;
            }
            "isready" => writeln!(out, "readyok")?,
            "setoption" => self.set_option(rest, out)?,
            new_game if new_game.strip_prefix(D::PROTOCOL) == Some("newgame") => {
                if let Err(error) = self.session.set_position(start::<D>(), &[] as &[&str]) {
                    writeln!(out, "info string {new_game}: {error}")?;
                }
            }
            "position" => self.position(rest, out)?,
            "go" => return self.go(rest, lines, out),
            "quit" => return Ok(Flow::Quit),
            ignored if D::IGNORED.contains(&ignored) => {}
            _ => writeln!(out, "info string unknown command {command:?}")?,
        }
        Ok(Flow::Continue)
    }

    fn refuse(&mut self, reason: &str, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "info string {reason}")
    }
}

/// `config` with the option `name` set to `value`: `Threads`, and the
/// trees' memory budget in MiB as UCI's `Hash` and USI's `USI_Hash`
/// (counted by `probe`); options the engine does not know are refused.
pub(crate) fn option(
    config: &mut Config,
    name: &str,
    value: &str,
    probe: Option<fn() -> usize>,
) -> Result<(), String> {
    let number = value.parse::<usize>().ok();
    match (name.to_ascii_lowercase().as_str(), number) {
        ("threads", Some(threads @ 1..=256)) => config.options.threads = threads,
        ("hash" | "usi_hash", Some(mib @ 1..=1_048_576)) => {
            let probe = probe.ok_or_else(|| format!("{name}: no allocator to count with"))?;
            config.options.memory = Some(Budget {
                bytes: mib << 20,
                probe,
            });
        }
        ("threads" | "hash" | "usi_hash", _) => {
            return Err(format!("{name}: {value:?} is out of range"));
        }
        _ => return Err(format!("unknown option {name:?}")),
    }
    Ok(())
}

/// A `setoption`'s name and value: `name <words> value <words>`.
pub(crate) fn name_and_value(words: &[&str]) -> (String, String) {
    let after_name = words
        .iter()
        .position(|&word| word == "name")
        .map_or(0, |at| at + 1);
    let value_at = words
        .iter()
        .position(|&word| word == "value")
        .unwrap_or(words.len());
    let name = words[after_name..value_at.max(after_name)].join(" ");
    let value = words
        .get(value_at + 1..)
        .map_or(String::new(), |rest| rest.join(" "));
    (name, value)
}

/// The limits of a `go` command: its time (a share of the clock), its
/// `nodes`, none where it is `infinite`, and `default` where it sets no
/// limit; never more than `cap` iterations.
pub(crate) fn limits(
    clock: Clock,
    nodes: Option<u64>,
    infinite: bool,
    default: Limits,
    cap: Option<u64>,
) -> Limits {
    let given = Limits {
        iterations: if infinite { None } else { nodes },
        time: if infinite { None } else { clock.budget() },
    };
    let chosen = if infinite || given != Limits::default() {
        given
    } else {
        default
    };
    let (iterations, time) = (chosen.iterations, chosen.time);
    let iterations = match (iterations, cap) {
        (Some(iterations), Some(cap)) => Some(iterations.min(cap)),
        (iterations, cap) => iterations.or(cap),
    };
    Limits { iterations, time }
}

/// A `go` command's clock for the player to move `turn`, its `nodes` and
/// whether it is `infinite` (as a bare `go` is); `None` if a parameter is
/// unreadable. `first` is the letter of the first player's clock: `w` in
/// UCI (White moves first), `b` in USI (Black, sente).
pub(crate) fn go_terms(
    words: &[&str],
    first: char,
    turn: persistent_qi::Player,
) -> Option<(Clock, Option<u64>, bool)> {
    let mut clock = Clock::default();
    let mut nodes = None;
    let mut infinite = false;
    let mut words = words.iter();
    let millis = |word: Option<&&str>| {
        word.and_then(|word| word.parse::<i64>().ok())
            .map(|millis| Duration::from_millis(millis.max(0).unsigned_abs()))
    };
    // Whether a `wtime`, `btime`, `winc` or `binc` is the player to move's.
    let mover = |word: &str| word.starts_with(first) == turn.is_first();
    while let Some(&word) = words.next() {
        match word {
            "infinite" => infinite = true,
            "wtime" | "btime" => {
                let time = millis(words.next())?;
                if mover(word) {
                    clock.remaining = Some(time);
                }
            }
            "winc" | "binc" => {
                let increment = millis(words.next())?;
                if mover(word) {
                    clock.increment = increment;
                }
            }
            "byoyomi" => clock.byoyomi = millis(words.next())?,
            "movetime" => clock.move_time = Some(millis(words.next())?),
            "movestogo" => clock.moves_to_go = Some(words.next()?.parse().ok()?),
            "nodes" => nodes = Some(words.next()?.parse().ok()?),
            "depth" | "mate" => {
                words.next()?.parse::<u64>().ok()?;
            }
            "ponder" => {}
            _ => return None,
        }
    }
    Some((clock, nodes, infinite))
}

/// How UCI and USI answer `go` where they differ: the letter of the first
/// player's clock (`w` in UCI, `b` in USI), the move sent when there is
/// none (`0000`, `resign`), and the limits of a search with none given,
/// at most `cap` iterations.
pub(crate) struct GoAnswer {
    pub(crate) first: char,
    pub(crate) no_move: &'static str,
    pub(crate) default: Limits,
    pub(crate) cap: Option<u64>,
}

/// A `go` command of UCI or USI answered over `session`, whose player to
/// move is `turn`: the search under the command's clock or limits, watched
/// for `stop`, `quit` and `isready`, then one `info` line and `bestmove`.
pub(crate) fn answer_go<G: Threaded>(
    session: &mut Session<G>,
    words: &[&str],
    turn: persistent_qi::Player,
    answer: &GoAnswer,
    lines: &mut Lines<'_>,
    out: &mut dyn Write,
) -> io::Result<Flow> {
    let Some((clock, nodes, infinite)) = go_terms(words, answer.first, turn) else {
        writeln!(
            out,
            "info string go: unreadable parameters {:?}",
            words.join(" ")
        )?;
        return writeln!(out, "bestmove {}", answer.no_move).map(|()| Flow::Continue);
    };
    let limits = limits(clock, nodes, infinite, answer.default, answer.cap);
    let bounded = limits.iterations.is_some() || limits.time.is_some();
    let mut watch = Watch::new(lines, out, bounded);
    let report = session.search(&limits, &mut watch);
    let quit = watch.quit();
    if report.iterations > 0 {
        let progress = Progress {
            iterations: report.iterations,
            elapsed: report.elapsed,
            pv: report.pv.clone(),
            value: report.value,
        };
        writeln!(out, "{}", info_line(&progress))?;
    }
    match report.best {
        Some(mv) => writeln!(out, "bestmove {mv}")?,
        None => writeln!(out, "bestmove {}", answer.no_move)?,
    }
    Ok(if quit { Flow::Quit } else { Flow::Continue })
}
