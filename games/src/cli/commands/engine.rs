//! `games chess uci`, `games shogi usi`, `games go gtp`: the engine on
//! standard input and output, its search as the options say.

use core::time::Duration;
use std::io;

use crate::measure::play::budget;
use crate::measure::{Crate, Failure};
use crate::protocol::gtp::Gtp;
use crate::protocol::uci::Uci;
use crate::protocol::usi::Usi;
use crate::protocol::{Config, FrontEnd, Stdin, serve};
use crate::search::{Limits, Options, Rules, Settings, StoreKind};
use clap::{Args, ValueEnum};

use crate::cli::allocated;

/// How the engine searches.
#[derive(Debug, Clone, Args)]
pub(crate) struct EngineArgs {
    /// How the trees keep their nodes: `positions`, `moves` or `every:K`
    /// (a node's position kept every K plies).
    #[arg(long, default_value = "positions")]
    store: StoreKind,
    /// The position crate.
    #[arg(long = "crate", value_name = "CRATE", value_enum, default_value_t = EngineCrate::Persistent)]
    crate_choice: EngineCrate,
    /// Threads, each with a tree of its own, merged at the root.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// The trees' memory budget in MiB, counted by the allocator: past it
    /// the search goes on with playouts only.
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..))]
    memory: Option<u64>,
    /// Plies of each random playout (0: new nodes evaluated at once); the
    /// game's own default otherwise.
    #[arg(long, value_name = "PLIES")]
    playout_plies: Option<u32>,
    /// The seed of the playouts.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Iterations of a search the client gives no clock or limit for
    /// (GTP's `genmove` with no `time_settings`, a UCI or USI `go` with no
    /// clock, `movetime` or `nodes`): the work fixed, for reproducible
    /// runs; a GTP search under a clock stops after them too. Without it,
    /// such a search runs `--move-time`.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    iterations: Option<u64>,
    /// Milliseconds of a search the client gives no clock or limit for,
    /// where `--iterations` is not given.
    #[arg(long, value_name = "MILLIS", default_value_t = 1_000, value_parser = clap::value_parser!(u64).range(1..=60_000))]
    move_time: u64,
    /// Go's komi, until the client sets one (GTP `komi`).
    #[arg(long)]
    komi: Option<f32>,
}

/// The engine's position crate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
enum EngineCrate {
    /// persistent-qi's thread-safe positions (`Qi`).
    Persistent,
    /// persistent-qi's single-thread positions (`LocalQi`): one thread.
    Local,
    /// sashite-qi's positions, plain copies.
    Sashite,
}

impl EngineArgs {
    /// The limits of a search the client gives none for: the iterations
    /// asked for, else the move time.
    fn limits(&self) -> Limits {
        match self.iterations {
            Some(iterations) => Limits {
                iterations: Some(iterations),
                time: None,
            },
            None => Limits {
                iterations: None,
                time: Some(Duration::from_millis(self.move_time)),
            },
        }
    }

    fn config<G: Rules>(&self) -> Config {
        Config {
            krate: match self.crate_choice {
                EngineCrate::Persistent => Crate::Persistent,
                EngineCrate::Local => Crate::Local,
                EngineCrate::Sashite => Crate::Sashite,
            },
            store: self.store,
            options: Options {
                settings: Settings {
                    playout_plies: self.playout_plies.unwrap_or(G::PLAYOUT_PLIES),
                    ..Settings::default()
                },
                threads: usize::from(self.threads),
                seed: self.seed,
                memory: self.memory.map(|mib| budget(mib, allocated)),
            },
            komi: self.komi,
        }
    }
}

/// Serves `front` on standard input and output.
fn run(front: &mut dyn FrontEnd) -> Result<(), Failure> {
    let mut input = Stdin::spawn();
    let stdout = io::stdout();
    let mut out = stdout.lock();
    serve(front, &mut input, &mut out)
        .map_err(|error| Failure::Input(format!("cannot write the answers: {error}")))
}

/// Runs `games chess uci`.
pub(crate) fn uci(args: &EngineArgs) -> Result<(), Failure> {
    let config = args.config::<crate::chess::Chess>();
    let mut front = Uci::new(config, args.limits(), Some(allocated)).map_err(Failure::input)?;
    run(&mut front)
}

/// Runs `games shogi usi`.
pub(crate) fn usi(args: &EngineArgs) -> Result<(), Failure> {
    let config = args.config::<crate::shogi::Shogi>();
    let mut front = Usi::new(config, args.limits(), Some(allocated)).map_err(Failure::input)?;
    run(&mut front)
}

/// Runs `games go gtp`.
pub(crate) fn gtp(args: &EngineArgs) -> Result<(), Failure> {
    let config = args.config::<crate::go::Go>();
    let mut front = Gtp::new(config, args.limits()).map_err(Failure::input)?;
    run(&mut front)
}
