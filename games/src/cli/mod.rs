//! The `games` program's command line: legal shogi, chess and Go on
//! persistent-qi, each checked against published counts and measured
//! against sashite-qi through the same rules.
//!
//! Without arguments it runs the self-check of all three games (see
//! `commands::check`); `games <game> <command>` runs one measurement,
//! `games --help` lists them. A mismatch with a published count, or
//! between the crates, ends a run with exit code 1; bad input gets a
//! one-line error and exit code 2.
//!
//! The command line only: what each command measures is the measuring
//! side ([`crate::measure`]), the same for every game. It lives in the
//! library, not in the program's `main.rs`, so that the rules and the
//! measuring side are instantiated over every position crate once, in
//! the library, rather than again in the program (an optimised crate
//! does not share the generic code its dependencies instantiated).

mod commands;

use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::OnceLock;

use clap::{Args, Parser, Subcommand, ValueEnum};

use crate::measure::{Crate, Failure};
use crate::{chess, go, shogi};

use commands::engine::EngineArgs;
use commands::play::{SelfPlayArgs, VersusArgs};
use commands::plies::PliesArgs;
use commands::records::RecordsArgs;
use commands::search::{CompareArgs, SearchCommand, StoresArgs};
use commands::tree::scaling::DepthRange;

/// The program's count of the bytes the process holds, given to [`run`].
static PROBE: OnceLock<fn() -> usize> = OnceLock::new();

/// The bytes the process holds, by the probe given to [`run`] (0 before).
fn allocated() -> usize {
    PROBE.get().map_or(0, |probe| probe())
}

/// Legal shogi, chess and Go on persistent-qi positions, checked against
/// published counts and measured against sashite-qi through the same
/// rules.
///
/// Without a command: the self-check of the three games. Shogi perft from
/// the start position to depth 5, Matsuri to depth 3 and the most-moves
/// position to depth 2, and the kept depth-4 tree; chess perft of the
/// start position to depth 4, Kiwipete to 3 and position 3 to 4; Go perft
/// of the empty 9x9 board to depth 3, and random playouts on 9x9 and
/// 19x19. Every count is printed beside the published one (MATCH or
/// MISMATCH) for each crate; the last line is the verdict (`verdict: all N
/// counts MATCH`, or how many MISMATCH). Exit code 1 on any mismatch or
/// any disagreement between the crates, 2 on bad input.
#[derive(Debug, Parser)]
#[command(name = "games", version)]
struct Cli {
    #[command(subcommand)]
    game: Option<GameCommand>,
}

#[derive(Debug, Subcommand)]
enum GameCommand {
    /// Legal shogi: positions in FEEN.
    #[command(subcommand)]
    Shogi(ShogiCommand),
    /// Legal chess: positions in FEN, or in FEEN followed by FEN's
    /// castling and en-passant fields.
    #[command(subcommand)]
    Chess(ChessCommand),
    /// Go (simple ko, suicide illegal): boards as a size (`9x9`) or a
    /// diagram.
    #[command(subcommand)]
    Go(GoCommand),
    /// Every store of the search (`positions`, `every:2`, `every:4`,
    /// `every:8`, `moves`) in every game on `Qi`: speed, bytes per node
    /// and the mean depth of a selected path; with `--plot FILE`, speed
    /// against bytes per node as SVG.
    Stores(StoresArgs),
    /// The cost of a child ply by ply: random legal lines of shogi, chess
    /// and Go (9x9, 19x19), every legal child of each line's position made
    /// at every ply with every runner, nanoseconds and allocations per
    /// child and the speed ratio to the fixed array; with `--chess-depth`
    /// and `--shogi-depth`, perft from the start depth by depth; with
    /// `--plot FILE`, the ratios by ply as SVG.
    Plies(PliesArgs),
}

#[derive(Debug, Subcommand)]
enum ShogiCommand {
    /// Count the leaf positions of the legal move tree (perft); the last
    /// line is `nodes: N`.
    Perft {
        /// The position, in FEEN.
        #[arg(long, visible_alias = "position", default_value = shogi::START)]
        feen: String,
        #[command(flatten)]
        perft: PerftArgs,
    },
    /// Build the whole tree breadth-first, keep every position, and compare
    /// the crates: positions, distinct positions, speed and memory; with
    /// `--depth-range`, at each depth of a range, drawn with `--plot`; with
    /// `--save FILE`, write it to a file, and with `--load FILE` read one
    /// back.
    Tree {
        /// The position, in FEEN (with `--load`, the file's root is used).
        #[arg(long, default_value = shogi::START)]
        feen: String,
        #[command(flatten)]
        tree: TreeArgs,
    },
    #[command(flatten)]
    Searching(SearchCommand),
    /// The USI engine on standard input and output.
    Usi(EngineArgs),
    /// Read CSA and KIF files into kept trees, every node's position kept
    /// (see `chess records`).
    Records(RecordsArgs),
}

#[derive(Debug, Subcommand)]
enum ChessCommand {
    /// Count the leaf positions of the legal move tree (perft); the last
    /// line is `nodes: N`.
    Perft {
        /// The position: FEN, or FEEN optionally followed by FEN's
        /// castling and en-passant fields.
        #[arg(long, visible_alias = "position", default_value = chess::START)]
        fen: String,
        #[command(flatten)]
        perft: PerftArgs,
    },
    /// Build the whole tree breadth-first, keep every position, and compare
    /// the crates; with `--save FILE`, write it to a file, and with
    /// `--load FILE` read one back.
    Tree {
        /// The position: FEN, or FEEN optionally followed by FEN's
        /// castling and en-passant fields (with `--load`, the file's root is
        /// used).
        #[arg(long, default_value = chess::START)]
        fen: String,
        #[command(flatten)]
        tree: TreeArgs,
    },
    #[command(flatten)]
    Searching(SearchCommand),
    /// The UCI engine on standard input and output.
    Uci(EngineArgs),
    /// Read PGN files into kept trees, every node's position kept: games,
    /// nodes, distinct positions, the positions more than one game or line
    /// reaches, bytes per node and the time to read every node's board;
    /// or each node (`--nodes`), or where a position is reached
    /// (`--position`).
    Records(RecordsArgs),
}

#[derive(Debug, Subcommand)]
enum GoCommand {
    /// Count the leaf positions of the move tree, passes left out (perft);
    /// the last line is `nodes: N`.
    Perft {
        /// The board: a size (`9x9`, `19`) for the empty board, or a
        /// diagram (and its ko point).
        #[arg(long, visible_alias = "position", default_value = "9x9")]
        board: String,
        #[command(flatten)]
        perft: PerftArgs,
    },
    /// Random playouts from the board, each ply a child made through the
    /// crate and its parent dropped, the same moves for every crate.
    Playouts(PlayoutArgs),
    /// A kept tree, as a Monte Carlo search keeps one: playouts whose every
    /// position stays alive, each after the first starting from a random
    /// position already kept; speed and memory side by side.
    Tree(GoTreeArgs),
    /// A Monte Carlo search of a board, every crate and both stores taking
    /// turns: speed, tree nodes and bytes per node.
    Search(CompareArgs),
    /// A game of the search against itself, its trees kept from move to
    /// move, under a memory budget.
    Selfplay(SelfPlayArgs),
    /// Games of the search against a uniformly random mover.
    Versus(VersusArgs),
    /// The GTP engine on standard input and output.
    Gtp(EngineArgs),
    /// Read SGF files into kept trees, every node's position kept (see
    /// `chess records`).
    Records(RecordsArgs),
}

/// What every perft takes.
#[derive(Debug, Args)]
struct PerftArgs {
    /// Plies to search, 1 to 10 in one process; with `--split K`, up to K
    /// plus 10.
    #[arg(
        long,
        value_parser = clap::value_parser!(u32).range(1..=20),
        required_unless_present_any = ["unit", "merge", "pending"],
        conflicts_with_all = ["unit", "merge", "pending"]
    )]
    depth: Option<u32>,
    /// Split the tree at this ply into work units instead of counting it:
    /// the distinct positions there, each with its multiplicity, written
    /// into `--units DIR` with a manifest; each unit is counted by
    /// `--unit`, anywhere, and the results summed by `--merge`.
    #[arg(
        long,
        value_name = "PLY",
        requires = "units",
        conflicts_with_all = ["unit", "merge", "pending", "divide", "tt", "threads", "rounds", "write", "expect"],
        value_parser = clap::value_parser!(u32).range(1..=10)
    )]
    split: Option<u32>,
    /// With `--split`: the directory to write the units and their manifest
    /// into; it must not exist, and appears whole or not at all.
    #[arg(long, value_name = "DIR", requires = "split")]
    units: Option<PathBuf>,
    /// With `--split`: the most lines (distinct positions) a unit holds.
    #[arg(long, value_name = "N", default_value_t = 100_000, requires = "split", value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    unit_size: u64,
    /// Count each line of a work unit written by `--split` (checked
    /// against the manifest beside it), and write its result beside it
    /// (`unit-0001.result`), atomically; `--threads` and `--tt` apply.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["merge", "pending", "divide", "rounds", "write", "expect"])]
    unit: Option<PathBuf>,
    /// Sum the results of a split's units: exactly one valid result for
    /// every unit of its manifest, or an error naming each missing,
    /// corrupted, conflicting or unknown result; the total is printed
    /// beside the published count where one is known.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["pending", "divide", "tt", "threads", "rounds", "write"])]
    merge: Option<PathBuf>,
    /// List the units of a split that have no valid result yet, one file
    /// name a line: what a runner has left to count.
    #[arg(long, value_name = "DIR", conflicts_with_all = ["divide", "tt", "threads", "rounds", "write", "expect"])]
    pending: Option<PathBuf>,
    /// Print each root move with its count first.
    #[arg(long)]
    divide: bool,
    /// Keep a transposition table of subtree counts, keyed by the node's
    /// hash; entries keep their node and hits compare it in full.
    #[arg(long)]
    tt: bool,
    /// Worker threads sharing the root moves (not with `--crate local`,
    /// whose positions stay on one thread).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// Which position crates to run; with more than one, they are checked
    /// to agree.
    #[arg(long = "crate", value_name = "CRATE", value_enum, default_value_t = CrateChoice::Persistent)]
    crate_choice: CrateChoice,
    /// Times to run each crate, the crates taking turns; the table shows
    /// each crate's median.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=99))]
    rounds: u16,
    /// The count the perft must reach: a different one is a mismatch (exit
    /// code 1), as in the self-check.
    #[arg(long, value_name = "NODES")]
    expect: Option<u128>,
    /// Also replace this perft's section of FILE (`docs/performance-games.md`),
    /// named after the game, the position, the depth and the options
    /// (`chess-perft-kiwipete-4`, `shogi-perft-start-5-tt`, ...), with the
    /// table, the date, the machine and the command. Published positions
    /// only; may be given more than once.
    #[arg(long, value_name = "FILE")]
    write: Vec<PathBuf>,
}

/// What every breadth-first tree takes.
#[derive(Debug, Args)]
struct TreeArgs {
    /// Plies to expand, 1 to 10.
    #[arg(
        long,
        value_parser = clap::value_parser!(u32).range(1..=10),
        required_unless_present_any = ["depth_range", "load"],
        conflicts_with_all = ["depth_range", "load"]
    )]
    depth: Option<u32>,
    /// Build the tree at every depth of a range (`1..=5` or `1-5`), each
    /// depth and crate in a process of its own, and print how memory and
    /// speed scale with the positions kept.
    #[arg(long, value_name = "FIRST..=LAST", value_parser = DepthRange::parse)]
    depth_range: Option<DepthRange>,
    /// With `--depth-range`: draw peak bytes and positions per second
    /// against positions kept, log scales, one line per crate, into this
    /// SVG file (`docs/tree_scaling.svg`).
    #[arg(long, value_name = "FILE")]
    plot: Option<PathBuf>,
    /// Build the tree with persistent-qi (whatever `--crate` says) and
    /// write it to FILE: its root as FEEN, then each position as its
    /// parent's index and its diff from the parent, in postcard (the
    /// format is in `games/README.md`); prints the file's bytes field by
    /// field.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["depth_range", "load"])]
    save: Option<PathBuf>,
    /// Read a tree written by `--save` back, every position kept, check
    /// it equal to the tree built by moves position by position, and
    /// compare the two (speed, memory; `--rounds`), with the bytes on disk
    /// against every position written in full by sashite-qi's serde; with
    /// `--write`, into the section `<game>-tree-save-<position>-<depth>`.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["depth_range"])]
    load: Option<PathBuf>,
    #[command(flatten)]
    kept: KeptArgs,
}

/// What every kept tree takes: which crates, rounds, memory, where to
/// write, and the options of a child process.
#[derive(Debug, Args)]
struct KeptArgs {
    /// Which position crates to build the tree with, each in a process of
    /// its own, the crates taking turns; their trees are checked to agree.
    #[arg(long = "crate", value_name = "CRATE", value_enum, default_value_t = CrateChoice::Both)]
    crate_choice: CrateChoice,
    /// Times to build each crate's tree; the table shows the build whose
    /// time is each crate's median.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=99))]
    rounds: u16,
    /// The memory a tree may take, in MiB: a tree estimated to need more
    /// is refused before it is built (exit code 2). By default, the memory
    /// the machine has available (`MemAvailable` in /proc/meminfo, else
    /// `MemTotal`); where neither can be read, only the limit on positions
    /// applies.
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..))]
    max_memory: Option<u64>,
    /// Also replace this tree's section of FILE (`docs/performance-games.md`),
    /// named after the game, the position and the size
    /// (`shogi-tree-start-4`, `go-tree-19x19-200000`), with the table, the
    /// date, the machine and the command; may be given more than once.
    #[arg(long, value_name = "FILE")]
    write: Vec<PathBuf>,
    /// Internal: build one crate's tree in this process and print its
    /// summary as one line, for the process that compares them.
    #[arg(long, hide = true)]
    summary_line: bool,
    /// Internal: draw no progress bar (the parent process draws its own).
    #[arg(long, hide = true)]
    quiet: bool,
}

/// Go playouts.
#[derive(Debug, Args)]
struct PlayoutArgs {
    /// The board: a size (`9x9`, `19x19`) for the empty board, or a
    /// diagram.
    #[arg(long, default_value = "19x19")]
    board: String,
    /// Playouts per run, one after the other from the board.
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    playouts: u32,
    /// The most moves of a playout.
    #[arg(long, default_value_t = u32::try_from(go::MAX_MOVES).unwrap_or(u32::MAX), value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_moves: u32,
    /// The seed of the moves, the same for every crate.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Which position crates to run; they are checked to play the same
    /// games.
    #[arg(long = "crate", value_name = "CRATE", value_enum, default_value_t = CrateChoice::Both)]
    crate_choice: CrateChoice,
    /// Times to run each crate, the crates taking turns; the table shows
    /// each crate's median.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=99))]
    rounds: u16,
    /// Also replace this run's section of FILE (`docs/performance-games.md`),
    /// `go-playouts-<board>` (`go-playouts-9x9`), with the table, the date,
    /// the machine and the command; may be given more than once.
    #[arg(long, value_name = "FILE")]
    write: Vec<PathBuf>,
}

/// The Go kept tree.
#[derive(Debug, Args)]
struct GoTreeArgs {
    /// The board: a size (`9x9`, `19x19`) for the empty board, or a
    /// diagram.
    #[arg(long, default_value = "19x19")]
    board: String,
    /// Positions to keep, the root included.
    #[arg(long, default_value_t = 200_000, value_parser = clap::value_parser!(u32).range(1..=50_000_000))]
    positions: u32,
    /// The most moves of a playout.
    #[arg(long, default_value_t = u32::try_from(go::MAX_MOVES).unwrap_or(u32::MAX), value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_moves: u32,
    /// The seed of the moves and of the nodes playouts start from.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    #[command(flatten)]
    kept: KeptArgs,
}

/// Which crates a command runs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum CrateChoice {
    /// persistent-qi's thread-safe positions (`Qi`), the crate under test.
    Persistent,
    /// persistent-qi's single-thread positions (`LocalQi`).
    Local,
    /// sashite-qi, the peer.
    Sashite,
    /// The game's fixed array: the board inside the position, copied whole
    /// for every child, as an engine author writes it for one game.
    Fixed,
    /// persistent-qi's thread-safe positions and sashite-qi.
    Both,
    /// All four: `Qi`, `LocalQi`, sashite-qi and the fixed array.
    All,
}

impl CrateChoice {
    /// The crates, in table order.
    fn crates(self) -> Vec<Crate> {
        match self {
            CrateChoice::Both => vec![Crate::Persistent, Crate::Sashite],
            CrateChoice::All => Crate::ALL.to_vec(),
            one => commands::named(&one, &Crate::ALL, Crate::flag),
        }
    }
}

/// Runs the program with the process's arguments: parses them, runs the
/// command and prints its tables, and returns the exit code (0, 1 on a
/// mismatch, 2 on bad input). `allocated` counts the bytes the process
/// holds (the program's global allocator): the kept trees' memory figures
/// and the search's memory budget read it.
#[must_use]
pub fn run(allocated: fn() -> usize) -> ExitCode {
    PROBE.get_or_init(|| allocated);
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(error) if !error.use_stderr() => {
            // --help and --version.
            let _ = error.print();
            return ExitCode::SUCCESS;
        }
        Err(error) => {
            // clap's message, up to its usage hint, on one line.
            let message = error.to_string();
            let lines: Vec<&str> = message
                .lines()
                .take_while(|line| !line.trim().is_empty())
                .map(str::trim)
                .collect();
            eprintln!("games: {}", lines.join(" ").trim_start_matches("error: "));
            return ExitCode::from(2);
        }
    };
    let outcome = match cli.game {
        None => commands::check::run(),
        Some(GameCommand::Stores(args)) => commands::search::stores_run(&args),
        Some(GameCommand::Plies(args)) => commands::plies::run(&args),
        Some(GameCommand::Shogi(command)) => match command {
            ShogiCommand::Perft { feen, perft } => {
                commands::perft::run::<shogi::Shogi>(&feen, &perft)
            }
            ShogiCommand::Tree { feen, tree } => {
                commands::tree::run::<shogi::Shogi>("--feen", &feen, &tree)
            }
            ShogiCommand::Searching(command) => command.run::<shogi::Shogi>(),
            ShogiCommand::Usi(args) => commands::engine::usi(&args),
            ShogiCommand::Records(args) => commands::records::run_qpi::<shogi::Shogi>(&args),
        },
        Some(GameCommand::Chess(command)) => match command {
            ChessCommand::Perft { fen, perft } => {
                commands::perft::run::<chess::Chess>(&fen, &perft)
            }
            ChessCommand::Tree { fen, tree } => {
                commands::tree::run::<chess::Chess>("--fen", &fen, &tree)
            }
            ChessCommand::Searching(command) => command.run::<chess::Chess>(),
            ChessCommand::Uci(args) => commands::engine::uci(&args),
            ChessCommand::Records(args) => commands::records::run_qpi::<chess::Chess>(&args),
        },
        Some(GameCommand::Go(command)) => match command {
            GoCommand::Perft { board, perft } => commands::perft::run::<go::Go>(&board, &perft),
            GoCommand::Playouts(args) => commands::go::playouts(&args),
            GoCommand::Tree(args) => commands::go::tree(&args),
            GoCommand::Search(args) => commands::search::compare_run::<go::Go>(&args),
            GoCommand::Selfplay(args) => commands::play::selfplay_run::<go::Go>(&args),
            GoCommand::Versus(args) => commands::play::versus_run::<go::Go>(&args),
            GoCommand::Gtp(args) => commands::engine::gtp(&args),
            GoCommand::Records(args) => commands::records::run::<go::Go>(&args, None),
        },
    };
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            match &failure {
                Failure::Input(message) | Failure::Mismatch(message) => {
                    eprintln!("games: {message}");
                }
                Failure::Reported => {}
            }
            ExitCode::from(failure.exit_code())
        }
    }
}
