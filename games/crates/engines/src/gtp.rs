//! GTP version 2, the Go programs' protocol, over a [`Session`] of Go:
//! `protocol_version`, `name`, `version`, `known_command`,
//! `list_commands`, `boardsize` (square boards, 1 to 19), `clear_board`,
//! `komi`, `play`, `genmove`, `undo`, `showboard`, `final_score`,
//! `final_status_list` (`alive`, `dead`, `seki`), `time_settings`,
//! `kgs-time_settings` (`none`, `absolute`, `byoyomi`, `canadian`),
//! `time_left`, `quit`.
//!
//! `final_score` and `final_status_list` judge the position as the game's
//! last ([`Board::judge`](go::Board::judge), [`JUDGE_PLAYOUTS`] playouts
//! from a generator seeded by the engine's seed): the dead stones are
//! taken off, then the area is counted with komi, as Monte Carlo programs
//! score a game. `final_status_list` answers one string a line, its
//! stones by vertex. One judgement serves both commands until the
//! position changes.
//!
//! Under a clock, `genmove` searches its share of the time left
//! ([`GoClock::budget`]) and counts what it spent, until a `time_left`
//! says what the client counted; with none, it runs the engine's default
//! limits (a fixed time, or `--iterations`). The clocks start again with
//! every `clear_board` and `boardsize`.
//!
//! Every answer is `=` or `?`, the command's id echoed, and a blank line.
//! A move out of turn (`play w` with Black to move) is played after a pass
//! of the player to move, as GTP lets either side play. `genmove` never
//! resigns: it passes where the player has no better move.

use std::fmt::Write as _;
use std::io::{self, Write};

use core::time::Duration;
use std::time::Instant;

use support::Rng;

use super::engine::NAME;
use super::time::{GoClock, TimeSystem};
use super::{Config, Flow, FrontEnd, Lines, Session};
use games_go::{self as go, Go, JUDGE_PLAYOUTS, Judgement, Point, Status};
use games_search::{Limits, Quiet};

/// Mixed into the engine's seed for the judgement's generator, so that its
/// playouts are not the search's first.
const JUDGE_SEED: u64 = 0x6a75_6467_6d65_6e74;

/// Every command, as `list_commands` gives them.
const COMMANDS: [&str; 18] = [
    "protocol_version",
    "name",
    "version",
    "known_command",
    "list_commands",
    "boardsize",
    "clear_board",
    "komi",
    "play",
    "genmove",
    "undo",
    "showboard",
    "final_score",
    "final_status_list",
    "time_settings",
    "kgs-time_settings",
    "time_left",
    "quit",
];

/// GTP over a Go session.
#[derive(Debug)]
pub struct Gtp {
    session: Session<Go>,
    config: Config,
    /// The board's side.
    size: usize,
    /// The limits of a `genmove` with no clock; its iterations, if any,
    /// bound a search under a clock too.
    limits: Limits,
    /// Black's clock, then White's.
    clocks: [GoClock; 2],
    /// The playouts of a judgement.
    judge_playouts: usize,
    /// The last judgement, and the board it judged.
    judged: Option<(go::Board, Judgement)>,
}

/// A command's answer: its text, or why it failed.
type Answer = Result<String, String>;

impl Gtp {
    /// A GTP front-end whose engines are made by `config`, on an empty 19x19
    /// board, with no clock; a `genmove` with no clock runs to `limits`.
    ///
    /// # Errors
    ///
    /// [`super::SessionError`] if `config` is refused (threads over
    /// `LocalQi`).
    pub fn new(config: Config, limits: Limits) -> Result<Self, super::SessionError> {
        let size = go::MAX_SIZE;
        Ok(Gtp {
            session: Session::new(config, &board_text(size))?,
            config,
            size,
            limits,
            clocks: [GoClock::default(); 2],
            judge_playouts: JUDGE_PLAYOUTS,
            judged: None,
        })
    }

    /// This front-end with `playouts` for each judgement of
    /// `final_score` and `final_status_list` instead of
    /// [`JUDGE_PLAYOUTS`]: fewer where the answers need not be good
    /// (the fuzz target's front-ends).
    #[must_use]
    pub fn judging_with(mut self, playouts: usize) -> Self {
        self.judge_playouts = playouts;
        self.judged = None;
        self
    }

    /// The clock of `color` (`b`, `w`, `black`, `white`), as the engine
    /// counts it.
    #[must_use]
    pub fn clock(&self, color: &str) -> Option<&GoClock> {
        color_slot(color).map(|slot| &self.clocks[slot])
    }

    fn command(&mut self, command: &str, args: &[&str]) -> Answer {
        match command {
            "protocol_version" => Ok("2".to_string()),
            "name" => Ok(NAME.to_string()),
            "version" => Ok(env!("CARGO_PKG_VERSION").to_string()),
            "known_command" => Ok(COMMANDS
                .contains(&args.first().copied().unwrap_or_default())
                .to_string()),
            "list_commands" => Ok(COMMANDS.join("\n")),
            "boardsize" => self.boardsize(args),
            "clear_board" => self.clear(self.size, self.config),
            "komi" => self.komi(args),
            "play" => self.play(args),
            "genmove" => self.genmove(args),
            "undo" => self.undo(),
            "showboard" => Ok(format!("\n{}", self.diagram())),
            "final_score" => {
                let komi = self.session.line().terms.komi;
                Ok(self.judgement().score(komi).to_string())
            }
            "final_status_list" => self.final_status_list(args),
            "time_settings" => self.time_settings(args),
            "kgs-time_settings" => self.kgs_time_settings(args),
            "time_left" => self.time_left(args),
            _ => Err("unknown command".to_string()),
        }
    }

    /// The judgement of the position as the game's last, made once for
    /// each position.
    fn judgement(&mut self) -> &Judgement {
        let board = &self.session.line().board;
        if self
            .judged
            .as_ref()
            .is_none_or(|(judged, _)| judged != board)
        {
            let mut rng = Rng(self.config.options.seed ^ JUDGE_SEED);
            let judgement = board.judge(self.judge_playouts, &mut rng);
            self.judged = Some((board.clone(), judgement));
        }
        &self.judged.as_ref().expect("judged just now").1
    }

    /// `final_status_list alive | dead | seki`: the strings of that status,
    /// one a line, each its stones' vertices.
    fn final_status_list(&mut self, args: &[&str]) -> Answer {
        let [status] = args else {
            return Err("syntax error".to_string());
        };
        let status = status
            .parse::<Status>()
            .map_err(|error| error.to_string())?;
        let lines: Vec<String> = self
            .judgement()
            .strings(status)
            .iter()
            .map(|string| {
                string
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join(" ")
            })
            .collect();
        Ok(lines.join("\n"))
    }

    fn boardsize(&mut self, args: &[&str]) -> Answer {
        let size = match args {
            [size] => size
                .parse::<usize>()
                .map_err(|_| "boardsize not an integer")?,
            _ => return Err("boardsize not an integer".to_string()),
        };
        if !(1..=go::MAX_SIZE).contains(&size) {
            return Err("unacceptable size".to_string());
        }
        self.clear(size, self.config)
    }

    /// An empty board of `size`, engines made by `config`.
    fn clear(&mut self, size: usize, config: Config) -> Answer {
        self.session
            .restart(config, &board_text(size))
            .map_err(|error| error.to_string())?;
        self.size = size;
        self.config = config;
        self.clocks = self.clocks.map(|clock| GoClock::new(clock.system()));
        Ok(String::new())
    }

    /// `time_settings main_time byo_yomi_time byo_yomi_stones`, in seconds
    /// ([`TimeSystem::from_gtp`]).
    fn time_settings(&mut self, args: &[&str]) -> Answer {
        let [main, period, stones] = args else {
            return Err("syntax error".to_string());
        };
        let system = TimeSystem::from_gtp(seconds(main)?, seconds(period)?, count(stones)?);
        self.clocks = [GoClock::new(system); 2];
        Ok(String::new())
    }

    /// `kgs-time_settings none | absolute main | byoyomi main period
    /// periods | canadian main period stones`, in seconds.
    fn kgs_time_settings(&mut self, args: &[&str]) -> Answer {
        let system = match args {
            ["none"] => TimeSystem::None,
            ["absolute", main] => TimeSystem::Absolute {
                main: seconds(main)?,
            },
            ["byoyomi", main, period, periods] => TimeSystem::Byoyomi {
                main: seconds(main)?,
                period: seconds(period)?,
                periods: count(periods)?,
            },
            ["canadian", main, period, stones] => TimeSystem::Canadian {
                main: seconds(main)?,
                period: seconds(period)?,
                stones: count(stones)?,
            },
            _ => return Err("syntax error".to_string()),
        };
        self.clocks = [GoClock::new(system); 2];
        Ok(String::new())
    }

    /// `time_left color time stones`: the client's count of a clock.
    fn time_left(&mut self, args: &[&str]) -> Answer {
        let [color, time, stones] = args else {
            return Err("syntax error".to_string());
        };
        let slot = color_slot(color).ok_or("invalid color")?;
        let (time, stones) = (seconds(time)?, count(stones)?);
        self.clocks[slot].set_left(time, stones);
        Ok(String::new())
    }

    fn komi(&mut self, args: &[&str]) -> Answer {
        let komi = match args {
            [komi] => komi.parse::<f32>().ok().filter(|komi| komi.is_finite()),
            _ => None,
        }
        .ok_or("komi not a float")?;
        let config = Config {
            komi: Some(komi),
            ..self.config
        };
        self.session
            .reconfigure(config)
            .map_err(|error| error.to_string())?;
        self.config = config;
        Ok(String::new())
    }

    /// Passes for the player to move if `color` is the other: a move out
    /// of turn.
    fn take_turn(&mut self, color: &str) -> Result<(), String> {
        let black = match color.to_ascii_lowercase().as_str() {
            "b" | "black" => true,
            "w" | "white" => false,
            _ => return Err("invalid color".to_string()),
        };
        if black != self.session.line().board.turn().is_first() {
            self.session
                .play(&Point::PASS.to_string())
                .map_err(|error| error.to_string())?;
        }
        Ok(())
    }

    fn play(&mut self, args: &[&str]) -> Answer {
        let [color, vertex] = args else {
            return Err("invalid color or coordinate".to_string());
        };
        let mv = vertex.parse::<Point>().map_err(|_| "invalid coordinate")?;
        // Checked before anything is played, so that a refused move leaves
        // the session as it was.
        let mut line = self.session.line().clone();
        let black = matches!(color.to_ascii_lowercase().as_str(), "b" | "black");
        if !black && !matches!(color.to_ascii_lowercase().as_str(), "w" | "white") {
            return Err("invalid color".to_string());
        }
        if black != line.board.turn().is_first() {
            line.play(Point::PASS);
        }
        if <Go as games_search::Rules>::parse_move(&line.board, &mv.to_string()).is_none() {
            return Err("illegal move".to_string());
        }
        self.take_turn(color)?;
        self.session
            .play(&mv.to_string())
            .map_err(|_| "illegal move".to_string())?;
        Ok(String::new())
    }

    fn genmove(&mut self, args: &[&str]) -> Answer {
        let started = Instant::now();
        let [color] = args else {
            return Err("invalid color".to_string());
        };
        let slot = color_slot(color).ok_or("invalid color")?;
        self.take_turn(color)?;
        let empty = self.session.line().board.empty_len();
        let limits = match self.clocks[slot].budget(empty) {
            Some(time) => Limits {
                iterations: self.limits.iterations,
                time: Some(time.saturating_sub(started.elapsed())),
            },
            None => self.limits,
        };
        let report = self.session.search(&limits, &mut Quiet);
        let mv = report.best.unwrap_or(Point::PASS);
        self.session.play_parsed(mv);
        self.clocks[slot].spend(started.elapsed());
        Ok(mv.to_string())
    }

    fn undo(&mut self) -> Answer {
        self.session
            .undo()
            .map(|()| String::new())
            .map_err(|_| "cannot undo".to_string())
    }

    /// The board with its coordinates, Black `X`, White `O`.
    fn diagram(&self) -> String {
        let board = &self.session.line().board;
        let letters =
            go::COLUMNS[..self.size]
                .iter()
                .fold(String::new(), |mut letters, &letter| {
                    letters.push(' ');
                    letters.push(char::from(letter));
                    letters
                });
        let mut text = format!("  {letters}\n");
        for (row, points) in board.squares().chunks(self.size).enumerate() {
            let number = self.size - row;
            let _ = write!(text, "{number:>2}");
            for point in points {
                text.push_str(match *point {
                    None => " .",
                    Some(go::BLACK) => " X",
                    Some(_) => " O",
                });
            }
            let _ = writeln!(text, " {number}");
        }
        let _ = write!(text, "  {letters}");
        text
    }
}

/// The clock slot of a GTP color: 0 for Black, 1 for White.
fn color_slot(color: &str) -> Option<usize> {
    match color.to_ascii_lowercase().as_str() {
        "b" | "black" => Some(0),
        "w" | "white" => Some(1),
        _ => None,
    }
}

/// A GTP time in seconds (an integer, as GTP 2 has them; a fraction is
/// taken too), at most a year.
fn seconds(text: &str) -> Result<Duration, String> {
    text.parse::<f64>()
        .ok()
        .filter(|seconds| (0.0..=31_536_000.0).contains(seconds))
        .map(Duration::from_secs_f64)
        .ok_or_else(|| format!("syntax error: {text:?} is no time in seconds"))
}

/// A GTP count of stones or periods.
fn count(text: &str) -> Result<u32, String> {
    text.parse::<u32>()
        .map_err(|_| format!("syntax error: {text:?} is no count"))
}

/// The text `go::load` reads for an empty board of `size`.
fn board_text(size: usize) -> String {
    format!("{size}x{size}")
}

impl FrontEnd for Gtp {
    fn answer(
        &mut self,
        line: &str,
        _lines: &mut Lines<'_>,
        out: &mut dyn Write,
    ) -> io::Result<Flow> {
        let line = line.split('#').next().unwrap_or_default();
        let cleaned: String = line
            .chars()
            .filter(|&c| c == '\t' || c == ' ' || !c.is_control())
            .map(|c| if c == '\t' { ' ' } else { c })
            .collect();
        let mut words: Vec<&str> = cleaned.split_whitespace().collect();
        if words.is_empty() {
            return Ok(Flow::Continue);
        }
        let id = words[0]
            .parse::<u64>()
            .ok()
            .inspect(|_| {
                words.remove(0);
            })
            .map_or(String::new(), |id| id.to_string());
        let Some((&command, args)) = words.split_first() else {
            writeln!(out, "?{id} missing command\n")?;
            return Ok(Flow::Continue);
        };
        if command == "quit" {
            writeln!(out, "={id}\n")?;
            return Ok(Flow::Quit);
        }
        match self.command(command, args) {
            Ok(text) if text.is_empty() => writeln!(out, "={id}\n")?,
            Ok(text) => writeln!(out, "={id} {text}\n")?,
            Err(reason) => writeln!(out, "?{id} {reason}\n")?,
        }
        Ok(Flow::Continue)
    }

    fn refuse(&mut self, reason: &str, out: &mut dyn Write) -> io::Result<()> {
        writeln!(out, "? {reason}\n")
    }
}
