//! `games <game> selfplay` and `versus`: a game of the search against
//! itself under a memory budget, and games against a random mover.

use crate::measure::play::{Played, SelfPlay, Versus, budget, score};
use crate::measure::{Crate, Failure, InStore, format_number, run_on, thousands};
use crate::search::{Options, Outcome, Rules, StoreKind};
use clap::Args;

use super::search_args::{SearchArgs, StoreChoice, plies_phrase, sections, store_choice};
use crate::cli::{CrateChoice, allocated};

/// `games <game> selfplay`.
#[derive(Debug, Clone, Args)]
pub(crate) struct SelfPlayArgs {
    #[command(flatten)]
    search: SearchArgs,
    /// Plies to play at most.
    #[arg(long, default_value_t = 100)]
    plies: usize,
    /// Iterations a move.
    #[arg(long, default_value_t = 10_000)]
    iterations: u64,
    /// The trees' memory budget, in MiB, counted by the allocator.
    #[arg(long, value_name = "MIB", value_parser = clap::value_parser!(u64).range(1..))]
    memory: Option<u64>,
    /// How the trees keep their nodes.
    /// (`positions`, `moves`, `every:K`).
    #[arg(long, value_parser = store_choice, default_value = "positions")]
    store: StoreChoice,
    /// The position crate.
    #[arg(long = "crate", value_name = "CRATE", value_enum, default_value_t = CrateChoice::Persistent)]
    crate_choice: CrateChoice,
    /// Threads, each with a tree of its own.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=256))]
    threads: u16,
    /// Also replace this run's section of FILE
    /// (`<game>-selfplay-<position>-<plies>-<iterations>`, with
    /// `-<MIB>mib` under a budget) with the game's summary, the date, the
    /// machine and the command.
    #[arg(long, value_name = "FILE")]
    write: Vec<std::path::PathBuf>,
}

/// Runs `games <game> selfplay`.
pub(crate) fn selfplay_run<G: Rules>(args: &SelfPlayArgs) -> Result<(), Failure> {
    let [krate] = args.crate_choice.crates()[..] else {
        return Err(Failure::Input("selfplay runs one crate".to_string()));
    };
    let [store] = args.store.stores()[..] else {
        return Err(Failure::Input("selfplay runs one store".to_string()));
    };
    if krate == Crate::Local && args.threads > 1 {
        return Err(Failure::Input(
            "--crate local runs on one thread: drop --threads".to_string(),
        ));
    }
    let root = args.search.root::<G>();
    let mut parts = vec![args.plies.to_string(), args.iterations.to_string()];
    parts.extend(args.memory.map(|mib| format!("{mib}mib")));
    let sections = sections::<G>(&args.write, "selfplay", root, &parts)?;
    let options = Options {
        settings: args.search.settings::<G>(),
        threads: usize::from(args.threads),
        seed: args.search.seed,
        memory: Some(budget(args.memory.unwrap_or(u64::MAX >> 20), allocated)),
    };
    let workload = SelfPlay {
        root,
        store,
        plies: args.plies,
        iterations: args.iterations,
        options,
    };
    let sample = run_on::<G, _>(krate, &InStore(&workload))?;
    let played: &Played = &sample.output;
    for (number, ply) in played.plies.iter().enumerate() {
        println!(
            "{:>4} {:<8} nodes {:>10} kept {:>10} ({:>5.1}%)  peak {:>12} B  before {:>12} B  after {:>12} B",
            number + 1,
            ply.mv,
            thousands(ply.nodes as u64),
            thousands(ply.kept as u64),
            100.0 * crate::measure::as_f64(ply.kept as u64)
                / crate::measure::as_f64(ply.nodes.max(1) as u64),
            thousands(ply.peak as u64),
            thousands(ply.before as u64),
            thousands(ply.after as u64),
        );
    }
    let outcome = match played.outcome {
        None => "not over".to_string(),
        Some(outcome) => format!("over: {} for the player to move", outcome_word(outcome)),
    };
    println!(
        "{} plies in {:.1} s, the game {outcome}; peak tree bytes {}, bytes given back by the moves {}",
        played.plies.len(),
        sample.elapsed.as_secs_f64(),
        thousands(played.peak() as u64),
        thousands(played.returned() as u64),
    );
    let within = args
        .memory
        .is_none_or(|mib| played.peak() as u64 <= mib << 20);
    if let Some(mib) = args.memory {
        println!(
            "memory budget {} B: peak {} ({})",
            thousands(mib << 20),
            thousands(played.peak() as u64),
            if within { "within" } else { "OVER" }
        );
    }
    if let Some(sections) = sections {
        let run = SelfPlayRun {
            root,
            krate,
            store,
            playout_plies: options.settings.playout_plies,
            seconds: sample.elapsed.as_secs_f64(),
            outcome: &outcome,
            within,
        };
        sections.write(&selfplay_section(args, &run, played))?;
    }
    if within {
        Ok(())
    } else {
        Err(Failure::Mismatch(
            "the trees went over their memory budget".to_string(),
        ))
    }
}

/// What a self-play section says beside the game's moves.
struct SelfPlayRun<'a> {
    root: &'a str,
    krate: Crate,
    store: StoreKind,
    playout_plies: u32,
    seconds: f64,
    outcome: &'a str,
    within: bool,
}

/// The section of a self-play game: what ran, and the budget's table.
fn selfplay_section(args: &SelfPlayArgs, run: &SelfPlayRun<'_>, played: &Played) -> String {
    let kept: usize = played.plies.iter().map(|ply| ply.kept).sum();
    let nodes: usize = played.plies.iter().map(|ply| ply.nodes).sum();
    let budget = args.memory.map_or("none".to_string(), |mib| {
        format!("{} B", thousands(mib << 20))
    });
    format!(
        "The search against itself from `{}`, {} iterations a move ({}), `{}` \
         positions, `--store {}`, {} thread{}: the game {} after {} plies, \
         in {:.1} s.\n\n\
         | memory budget | peak tree bytes | within | bytes given back by the moves | \
         nodes kept by the moves |\n|---|---|---|---|---|\n| {budget} | {} B | {} | {} B | \
         {:.1}% |\n",
        run.root,
        thousands(args.iterations),
        plies_phrase(run.playout_plies),
        run.krate.name(),
        run.store,
        args.threads,
        if args.threads == 1 { "" } else { "s" },
        run.outcome,
        played.plies.len(),
        run.seconds,
        thousands(played.peak() as u64),
        if run.within { "yes" } else { "**no**" },
        thousands(played.returned() as u64),
        100.0 * crate::measure::as_f64(kept as u64) / crate::measure::as_f64(nodes.max(1) as u64),
    )
}

/// A word for an outcome.
fn outcome_word(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::Win => "a win",
        Outcome::Loss => "a loss",
        Outcome::Draw => "a draw",
    }
}

/// `games <game> versus`.
#[derive(Debug, Clone, Args)]
pub(crate) struct VersusArgs {
    #[command(flatten)]
    search: SearchArgs,
    /// Games to play; the search moves first in the even ones.
    #[arg(long, default_value_t = 50)]
    games: usize,
    /// Iterations a move.
    #[arg(long, default_value_t = 1_000)]
    iterations: u64,
    /// The position crate.
    #[arg(long = "crate", value_name = "CRATE", value_enum, default_value_t = CrateChoice::Persistent)]
    crate_choice: CrateChoice,
    /// The least score to reach, in percent of the games (a win 1, a draw
    /// ½): a lower score exits with code 1.
    #[arg(long, value_name = "PERCENT")]
    expect: Option<f64>,
    /// Also replace this run's section of FILE
    /// (`<game>-versus-<position>-<games>-<iterations>-<playout plies>`)
    /// with the games' table, the date, the machine and the command.
    #[arg(long, value_name = "FILE")]
    write: Vec<std::path::PathBuf>,
}

/// Runs `games <game> versus`.
pub(crate) fn versus_run<G: Rules>(args: &VersusArgs) -> Result<(), Failure> {
    let [krate] = args.crate_choice.crates()[..] else {
        return Err(Failure::Input("versus runs one crate".to_string()));
    };
    let (root, settings, sections) = args.search.start::<G>(
        &args.write,
        "versus",
        vec![args.games.to_string(), args.iterations.to_string()],
    )?;
    let workload = Versus {
        root,
        games: args.games,
        iterations: args.iterations,
        settings,
        seed: args.search.seed,
    };
    let sample = run_on::<G, _>(krate, &workload)?;
    let results = &sample.output;
    let count = |wanted: Outcome| {
        results
            .iter()
            .filter(|(outcome, _)| *outcome == wanted)
            .count()
    };
    for (number, (outcome, plies)) in results.iter().enumerate() {
        println!(
            "game {:>3}: {} in {plies} plies, the search {}",
            number + 1,
            outcome_word(*outcome),
            if number % 2 == 0 { "first" } else { "second" },
        );
    }
    let plies: usize = results.iter().map(|(_, plies)| plies).sum();
    let score = 100.0 * score(results);
    let percent = format_number(score, 1);
    let (games, won, drawn, lost) = (
        results.len(),
        count(Outcome::Win),
        count(Outcome::Draw),
        count(Outcome::Loss),
    );
    let (per_game, seconds) = (plies / games.max(1), sample.elapsed.as_secs_f64());
    println!(
        "{games} games against a random mover, {} iterations a move: {won} won, {drawn} \
         drawn, {lost} lost; score {percent}% ({per_game} plies a game on average, {seconds:.1} s)",
        thousands(args.iterations),
    );
    if let Some(sections) = sections {
        let body = format!(
            "The search (`{}` positions, {} iterations a move, {}, seed {}) against a \
             uniformly random mover from `{root}`, the search moving first in the odd games: a \
             win 1, a draw ½.\n\n| games | won | drawn | lost | score | plies a game | \
             seconds |\n|---|---|---|---|---|---|---|\n| {games} | {won} | {drawn} | {lost} | \
             {percent}% | {per_game} | {seconds:.1} |\n",
            krate.name(),
            thousands(args.iterations),
            plies_phrase(settings.playout_plies),
            args.search.seed,
        );
        sections.write(&body)?;
    }
    match args.expect {
        Some(least) if score < least => Err(Failure::Mismatch(format!(
            "the score {score:.1}% is below {least}%"
        ))),
        _ => Ok(()),
    }
}
