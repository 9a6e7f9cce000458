//! `games plies`: the cost of a child ply by ply on random lines of each
//! game, every runner beside the fixed array, and perft depth by depth.

use std::path::PathBuf;

use clap::{Args, ValueEnum};

use crate::Game;
use crate::chess::Chess;
use crate::go::Go;
use crate::measure::plies::depths::{self, Runner};
use crate::measure::plies::{self, GROUP_LINES, GamePlies};
use crate::measure::{Failure, Progress, Sections};
use crate::shogi::Shogi;

use super::capitalized;
use crate::cli::CrateChoice;

/// The cost of a child, ply by ply.
#[derive(Debug, Args)]
pub(crate) struct PliesArgs {
    /// The games whose lines are measured, separated by commas.
    #[arg(
        long,
        value_enum,
        value_delimiter = ',',
        default_value = "shogi,chess,go-9x9,go-19x19"
    )]
    games: Vec<GameChoice>,
    /// The plies of each line: every ply from 1 to this one is measured.
    #[arg(long, default_value_t = 120, value_parser = clap::value_parser!(u32).range(1..=1_000))]
    plies: u32,
    /// Random lines per game; every ply's figure is over all of them,
    /// timed by groups of 10.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    lines: u32,
    /// The seed of the lines' moves.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Which runners to measure; the ratios need the fixed array.
    #[arg(long = "crate", value_name = "CRATE", value_enum, default_value_t = CrateChoice::All)]
    crate_choice: CrateChoice,
    /// Times to run each runner, the runners taking turns; each ply's
    /// figure is its median.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=99))]
    rounds: u16,
    /// Also count chess perft from the start at every depth from 1 to
    /// this one (0: none).
    #[arg(long, value_name = "DEPTH", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=10))]
    chess_depth: u32,
    /// Also count shogi perft from the start at every depth from 1 to
    /// this one (0: none).
    #[arg(long, value_name = "DEPTH", default_value_t = 0, value_parser = clap::value_parser!(u32).range(0..=10))]
    shogi_depth: u32,
    /// The threads of the perft runner `Qi` is measured on beside one
    /// thread (1: none).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// Also replace the sections of FILE (`docs/performance-games.md`) with the
    /// tables, the date, the machine and the command: each game's lines in
    /// `<game>-plies-<position>-<plies>` (`chess-plies-start-120`,
    /// `go-plies-9x9-120`), perft in `<game>-perft-by-depth-start-<depth>`;
    /// may be given more than once.
    #[arg(long, value_name = "FILE")]
    write: Vec<PathBuf>,
    /// Draw each runner's speed ratio to the fixed array by ply, a panel
    /// per game, into this SVG file (`docs/ply_cost.svg`).
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
}

/// A game and board whose lines are measured.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum GameChoice {
    /// Shogi from its start.
    Shogi,
    /// Chess from its start.
    Chess,
    /// Go on the empty 9x9 board.
    #[value(name = "go-9x9")]
    Go9,
    /// Go on the empty 19x19 board.
    #[value(name = "go-19x19")]
    Go19,
}

impl GameChoice {
    /// How reports name it.
    fn name(self) -> &'static str {
        match self {
            GameChoice::Shogi => "shogi",
            GameChoice::Chess => "chess",
            GameChoice::Go9 => "Go 9x9",
            GameChoice::Go19 => "Go 19x19",
        }
    }

    /// The section its lines are written into.
    fn section(self, plies: u32) -> String {
        match self {
            GameChoice::Shogi => format!("shogi-plies-start-{plies}"),
            GameChoice::Chess => format!("chess-plies-start-{plies}"),
            GameChoice::Go9 => format!("go-plies-9x9-{plies}"),
            GameChoice::Go19 => format!("go-plies-19x19-{plies}"),
        }
    }

    /// Its lines, measured.
    fn measure(self, args: &PliesArgs, progress: &Progress) -> Result<GamePlies, Failure> {
        match self {
            GameChoice::Shogi => {
                lines_of::<Shogi>(self.name(), Shogi::PUBLISHED[0].text, args, progress)
            }
            GameChoice::Chess => {
                lines_of::<Chess>(self.name(), Chess::PUBLISHED[0].text, args, progress)
            }
            GameChoice::Go9 => lines_of::<Go>(self.name(), "9x9", args, progress),
            GameChoice::Go19 => lines_of::<Go>(self.name(), "19x19", args, progress),
        }
    }
}

/// The random lines of `G` from `text`, measured with every runner.
fn lines_of<G: Game>(
    name: &str,
    text: &str,
    args: &PliesArgs,
    progress: &Progress,
) -> Result<GamePlies, Failure> {
    let lines =
        plies::random_lines::<G>(text, args.lines as usize, args.plies as usize, args.seed)?;
    plies::measure_lines::<G>(
        name,
        text,
        &lines,
        &args.crate_choice.crates(),
        usize::from(args.rounds),
        &|| progress.inc(),
    )
}

/// Runs `games plies`.
pub(crate) fn run(args: &PliesArgs) -> Result<(), Failure> {
    let mut games: Vec<GameChoice> = Vec::new();
    for game in &args.games {
        if !games.contains(game) {
            games.push(*game);
        }
    }
    let crates = args.crate_choice.crates();
    let rounds = usize::from(args.rounds);
    // Every section is found before anything is measured.
    let line_sections = games
        .iter()
        .map(|game| Sections::checked(&args.write, game.section(args.plies)))
        .collect::<Result<Vec<_>, Failure>>()?;
    let perfts: [(&str, u32, Counter); 2] = [
        (Chess::NAME, args.chess_depth, perft_by_depth::<Chess>),
        (Shogi::NAME, args.shogi_depth, perft_by_depth::<Shogi>),
    ];
    let perft_sections = perfts
        .iter()
        .map(|&(game, depth, _)| {
            if depth == 0 {
                return Ok(None);
            }
            Sections::checked(&args.write, format!("{game}-perft-by-depth-start-{depth}"))
        })
        .collect::<Result<Vec<_>, Failure>>()?;
    let progress = Progress::new(games.len() * crates.len() * rounds, "lines by ply: runs");
    let mut measured = Vec::new();
    for (game, sections) in games.iter().zip(&line_sections) {
        let lines = game
            .measure(args, &progress)
            .inspect_err(|_| progress.finish())?;
        let summary = plies::summary_table(&lines).render();
        let table = plies::plies_table(&lines).render();
        println!(
            "{}, {} lines of {} plies:",
            capitalized(&lines.name),
            lines.lines,
            lines.plies()
        );
        print!("{summary}\n{table}\n");
        if let Some(sections) = sections {
            sections.write(&format!(
                "{}\n\n{summary}\n{table}",
                lines_paragraph(&lines, args)
            ))?;
        }
        measured.push(lines);
    }
    progress.finish();
    if let Some(path) = &args.plot
        && !measured.is_empty()
    {
        plies::plot(path, &measured)?;
        println!("drawn: {}", path.display());
    }
    let runners = depths::runners(&crates, usize::from(args.threads));
    for (&(game, depth, count), sections) in perfts.iter().zip(&perft_sections) {
        if depth == 0 {
            continue;
        }
        let (text, table) = count(depth, &runners, rounds)?;
        println!(
            "{} perft from the start, depth by depth:",
            capitalized(game)
        );
        println!("{table}");
        if let Some(sections) = sections {
            sections.write(&format!(
                "{}\n\n{table}",
                perft_paragraph(game, text, depth, &runners, rounds)
            ))?;
        }
    }
    Ok(())
}

/// What a game's section says of its lines before its tables.
fn lines_paragraph(lines: &GamePlies, args: &PliesArgs) -> String {
    format!(
        "{} from `{}`: {} random legal lines of {} plies (seed {}{}), every line's positions kept. \
         At every ply, every legal child of each line's position is made and dropped: into a slot \
         kept for the ply, as perft makes them (`play_into`: the summary's first rows, and the \
         table), and on a second copy of the lines, fresh (`play`: the summary's last rows). The \
         runners take turns ply by ply over {} round{}, the lines built afresh each round; a ply's \
         nanoseconds per child are the median over the rounds and over groups of {GROUP_LINES} \
         lines timed apart, a ratio is the fixed array's nanoseconds over the runner's, and \
         allocations (`alloc` and `realloc` calls on the measuring thread) are per child made. The \
         table shows plies 1 to 24 one a row, then 12 a row; the summary's plies are found ply by \
         ply.",
        capitalized(&lines.name),
        lines.root,
        lines.lines,
        lines.plies(),
        args.seed,
        match lines.restarts {
            0 => String::new(),
            1 => "; a line that ended before its last ply drawn again from the start".to_string(),
            restarts => format!(
                "; {restarts} lines that ended before their last ply drawn again from the start"
            ),
        },
        lines.rounds,
        if lines.rounds == 1 { "" } else { "s" },
    )
}

/// What a perft section says before its table.
fn perft_paragraph(
    game: &str,
    text: &str,
    depth: u32,
    runners: &[Runner],
    rounds: usize,
) -> String {
    let threads = runners
        .iter()
        .find(|runner| runner.threads > 1)
        .map_or_else(String::new, |runner| {
            format!(" (and `Qi` on {} threads)", runner.threads)
        });
    format!(
        "{} perft of `{text}` at every depth from 1 to {depth}, one thread{threads}: the runners \
         take turns over {rounds} round{}, each counting every depth in its turn; medians shown. \
         The last row is each runner's nodes per second at the last depth over those at the one \
         before.",
        capitalized(game),
        if rounds == 1 { "" } else { "s" },
    )
}

/// Perft of a game from its start at every depth to a depth, by these
/// runners over these rounds: the start, and the table.
type Counter = fn(u32, &[Runner], usize) -> Result<(&'static str, String), Failure>;

/// Perft of `G` from its start at every depth to `depth`, with a progress
/// bar over the root moves: the start, and the table.
fn perft_by_depth<G: Game>(
    depth: u32,
    runners: &[Runner],
    rounds: usize,
) -> Result<(&'static str, String), Failure> {
    let text = G::PUBLISHED[0].text;
    let roots = crate::measure::perft::root_moves::<G>(text)?;
    let progress = Progress::new(
        roots * runners.len() * rounds * depth as usize,
        &format!("{} perft by depth: root moves", G::NAME),
    );
    let measured = depths::by_depth::<G>(text, depth, runners, rounds, &|| progress.inc());
    progress.finish();
    Ok((text, depths::depth_table(runners, &measured?).render()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_game_has_a_section_of_its_own() {
        let sections: Vec<String> = [
            GameChoice::Shogi,
            GameChoice::Chess,
            GameChoice::Go9,
            GameChoice::Go19,
        ]
        .iter()
        .map(|game| game.section(120))
        .collect();
        assert_eq!(
            sections,
            [
                "shogi-plies-start-120",
                "chess-plies-start-120",
                "go-plies-9x9-120",
                "go-plies-19x19-120"
            ]
        );
    }
}
