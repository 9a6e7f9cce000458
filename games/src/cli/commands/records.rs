//! `games <game> records FILE...`: record files read into kept trees,
//! every node's position kept, and what they hold; the same for every game
//! through [`Records`].

use std::collections::BTreeSet;
use std::fs::File;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;
use persistent_qi::qpi::{Qpi, Sin};

use crate::Persistent;
use crate::measure::designs::{self, Design, Inputs};
use crate::measure::records::{
    Summary, all_records, find_position, positions, read_bytes, read_file, read_kept, shuffled,
    time_boards, write_nodes,
};
use crate::measure::{Failure, Progress, Sections, as_f64, format_number, load, thousands};
use crate::record::{self, Limits, Record, RecordFile, Records, Saved, SavedError};
use crate::search::Rules;

use crate::cli::allocated;

/// What `records` reads and what it prints.
#[derive(Debug, Clone, Args)]
pub(crate) struct RecordsArgs {
    /// The record files (chess: PGN; shogi: CSA, KIF in `Shift_JIS` `.kif`
    /// or UTF-8 `.kifu`; Go: SGF).
    #[arg(value_name = "FILE", required_unless_present = "load")]
    files: Vec<PathBuf>,
    /// Read on past a bad game, counting it (and saying why on standard
    /// error), rather than stopping there.
    #[arg(long)]
    skip_bad: bool,
    /// List the games and plies that reach this position (chess: FEN, its
    /// clocks ignored; shogi: FEEN; Go: a diagram), one a line: the file, the game's number, the ply
    /// and the moves to it, separated by tabs.
    #[arg(long, value_name = "POSITION")]
    position: Option<String>,
    /// Print one line a node in place of the summary: the game's number in
    /// its file (from 1, bad games counted), the moves from its start in
    /// the engine protocol's notation (UCI, `0000` for a null move; USI;
    /// GTP vertices and `pass`) separated by spaces, and the position
    /// (chess: FEN's six fields; shogi: SFEN's four; Go: the rows from the
    /// top, `.`, `X`, `O`, joined by `/`, then `b` or `w`), separated by
    /// tabs.
    #[arg(long)]
    nodes: bool,
    /// Write the games read to FILE in the game's format (chess: PGN;
    /// shogi: CSA; Go: SGF).
    #[arg(long, value_name = "FILE")]
    export: Option<PathBuf>,
    /// The seed of the random order every node's board is read in.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Compare how a record may keep its nodes, over the same reader and
    /// rules: the move only (boards replayed from the root), a position
    /// string a node, a fixed-array copy a node, and kept positions; bytes
    /// per node, load time and every node's board in a random order, with
    /// the kept positions' targets.
    #[arg(long, conflicts_with_all = ["nodes", "position", "export", "load"])]
    compare: bool,
    /// With `--compare`: times to run each design, the designs taking
    /// turns; medians shown.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u16).range(1..=99))]
    rounds: u16,
    /// With `--compare`: also measure the game's client program (chess:
    /// python-chess) on the same files with this Python, for bearings.
    #[arg(long, value_name = "PYTHON", requires = "compare")]
    python: Option<PathBuf>,
    /// With `--compare`: also replace the section `<game>-records` of FILE
    /// (`docs/performance-records.md`) with the tables, the date, the machine and
    /// the command; may be given more than once.
    #[arg(long, value_name = "FILE", requires = "compare")]
    write: Vec<PathBuf>,
    /// Save the games read to FILE in the tree file format (every node's
    /// position as its parent and its diff from it, about 7 bytes a
    /// position), with their tags, notes and endings; prints the bytes.
    #[arg(long, value_name = "FILE")]
    save: Option<PathBuf>,
    /// Read the games from FILE, written by `--save`, in place of record
    /// files: every position rebuilt from its diff and checked a legal
    /// child of its parent.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["files", "save"])]
    load: Option<PathBuf>,
}

/// Records kept as nodes over persistent-qi.
type Kept<G> = Record<
    <G as crate::Game>::Node<Persistent<<G as crate::Game>::Piece, <G as crate::Game>::Style>>,
>;

/// Saves a game's records in the tree file format.
type Save<G> = fn(&[RecordFile<Kept<G>>], BufWriter<File>) -> Result<Saved, SavedError>;

/// Loads a game's records saved by [`Save`].
type Load<G> = fn(&[u8]) -> Result<Vec<RecordFile<Kept<G>>>, SavedError>;

/// How a game's records are saved in the tree file format and loaded
/// back: for the games whose positions the tree file holds (QPI pieces).
pub(crate) struct Saving<G: Records> {
    save: Save<G>,
    load: Load<G>,
}

/// Runs `games <game> records` for a game of QPI pieces, whose records
/// `--save` and `--load` take.
pub(crate) fn run_qpi<G: Records<Piece = Qpi, Style = Sin> + Rules>(
    args: &RecordsArgs,
) -> Result<(), Failure> {
    let saving = Saving::<G> {
        save: |files, out| record::save::<G>(files, out),
        load: record::load::<G>,
    };
    run::<G>(args, Some(&saving))
}

/// A failure to read or write the file `path`.
fn file_failure(path: &Path, error: &dyn core::fmt::Display) -> Failure {
    Failure::Input(format!("{}: {error}", path.display()))
}

/// Runs `games <game> records`; `saving`, if the game's records can be
/// saved.
pub(crate) fn run<G: Records + Rules>(
    args: &RecordsArgs,
    saving: Option<&Saving<G>>,
) -> Result<(), Failure> {
    if args.compare {
        return compare::<G>(args);
    }
    let target = args
        .position
        .as_deref()
        .map(load::<G, Persistent<G::Piece, G::Style>>)
        .transpose()?;
    let baseline = allocated();
    let start = Instant::now();
    let files = read_records::<G>(args, saving)?;
    let read = start.elapsed();
    let bytes = allocated().saturating_sub(baseline);
    for file in &files {
        for error in &file.bad {
            eprintln!(
                "games: skipped a bad game: {}: {error}",
                file.path.display()
            );
        }
    }
    let records: Vec<&Kept<G>> = all_records(&files).collect();
    if let Some(path) = &args.save {
        save_records::<G>(&files, saving, path)?;
    }
    if let Some(path) = &args.export {
        let out = File::create(path).map_err(|error| file_failure(path, &error))?;
        G::write(G::FORMATS[0], &records, &mut BufWriter::new(out))
            .map_err(|error| file_failure(path, &error))?;
    }
    let stdout = io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    let written = |error: io::Error| Failure::Input(format!("standard output: {error}"));
    if args.nodes {
        return write_nodes::<G, _>(&files, &mut out).map_err(written);
    }
    if let Some(target) = &target {
        return write_found::<G>(&files, target, &mut out).map_err(written);
    }
    let (distinct, shared) = positions(&records);
    let order = shuffled(&records, |record| *record, args.seed);
    let boards = time_boards(&records, &order, |record, id, board| {
        read_kept(record, id, board);
    });
    let summary = Summary {
        files: files.len(),
        games: files.iter().map(RecordFile::game_count).sum(),
        bad: files.iter().map(|file| file.bad.len()).sum(),
        nodes: records.iter().map(|record| record.len()).sum(),
        distinct,
        shared,
        bytes,
        read,
        boards,
    };
    write!(out, "{}", summary.table().render()).map_err(written)?;
    out.flush().map_err(written)
}

/// The records of the files `args` names, or of the records file it loads.
fn read_records<G: Records>(
    args: &RecordsArgs,
    saving: Option<&Saving<G>>,
) -> Result<Vec<RecordFile<Kept<G>>>, Failure> {
    let mut files = Vec::new();
    if let Some(path) = &args.load {
        let bytes = read_bytes(path)?;
        let load = saving.ok_or_else(no_saving::<G>)?.load;
        files = load(&bytes).map_err(|error| file_failure(path, &error))?;
    }
    for path in &args.files {
        let bytes = read_bytes(path)?;
        files.push(read_file::<G, Persistent<G::Piece, G::Style>, _, _>(
            path,
            &bytes,
            args.skip_bad,
            Limits::default(),
            |_, node| node.clone(),
        )?);
    }
    Ok(files)
}

/// The refusal of `--save` and `--load` for a game whose records cannot be
/// saved.
fn no_saving<G: Records>() -> Failure {
    Failure::Input(format!("{} records cannot be saved or loaded", G::NAME))
}

/// Saves `files` to `path` (`--save`), and says how many bytes it took.
fn save_records<G: Records>(
    files: &[RecordFile<Kept<G>>],
    saving: Option<&Saving<G>>,
    path: &Path,
) -> Result<(), Failure> {
    let save = saving.ok_or_else(no_saving::<G>)?.save;
    let out = File::create(path).map_err(|error| file_failure(path, &error))?;
    let saved = save(files, BufWriter::new(out)).map_err(|error| file_failure(path, &error))?;
    let nodes: usize = all_records(files).map(Record::len).sum();
    eprintln!(
        "games: saved {} nodes to {}: {} bytes of tags, notes and starts, then {} positions (the \
         file's root and the games' starts among them) in {} bytes, {} a position",
        thousands(nodes as u64),
        path.display(),
        thousands(saved.head),
        thousands(saved.positions),
        thousands(saved.tree.total()),
        format_number(
            as_f64(saved.tree.total()) / as_f64(saved.positions.max(1)),
            2
        )
    );
    Ok(())
}

/// Writes where `target` is reached (`--position`): a line an occurrence,
/// then their count.
fn write_found<G: Records>(
    files: &[RecordFile<Kept<G>>],
    target: &<G as crate::Game>::Node<Persistent<G::Piece, G::Style>>,
    out: &mut dyn Write,
) -> io::Result<()> {
    let found = find_position::<G, _>(files, target);
    for (path, game, ply, moves) in &found {
        writeln!(out, "{}\t{game}\t{ply}\t{moves}", path.display())?;
    }
    let games: BTreeSet<(&PathBuf, usize)> = found
        .iter()
        .map(|(path, game, _, _)| (path, *game))
        .collect();
    writeln!(
        out,
        "reached {} time{} in {} game{}",
        found.len(),
        if found.len() == 1 { "" } else { "s" },
        games.len(),
        if games.len() == 1 { "" } else { "s" }
    )?;
    out.flush()
}

/// Runs `games <game> records --compare`.
fn compare<G: Records + Rules>(args: &RecordsArgs) -> Result<(), Failure> {
    let sections = Sections::checked(&args.write, format!("{}-records", G::NAME))?;
    let files: Vec<(PathBuf, Vec<u8>)> = args
        .files
        .iter()
        .map(|path| Ok((path.clone(), read_bytes(path)?)))
        .collect::<Result<_, Failure>>()?;
    let inputs = Inputs {
        files: &files,
        seed: args.seed,
        allocated: &allocated,
    };
    let rounds = usize::from(args.rounds);
    let progress = Progress::new(rounds * Design::ALL.len(), "records: designs read in turn");
    let compared = designs::compare::<G>(&inputs, rounds, &|_| progress.inc())?;
    progress.finish();
    let (peer_name, script) = G::PEER;
    let peer = args
        .python
        .as_deref()
        .map(|python| designs::peer(python, Path::new(script), peer_name, &files, args.seed))
        .transpose()?;
    let table = designs::table(&compared, peer.as_ref());
    let targets = designs::targets::<G>(&compared);
    print!("{}\n{}", table.render(), targets.render());
    if let Some(sections) = &sections {
        let names: Vec<String> = files
            .iter()
            .map(|(path, _)| format!("`{}`", path.display()))
            .collect();
        let nodes = compared.first().map_or(0, |runs| runs.first.nodes);
        let body = format!(
            "{} games of {} nodes ({}), read by the same {} reader over the same rules into \
             records that keep, a node, each design's own; each design read in turn over \
             {rounds} round{} (medians shown), every node's board then read once in one \
             random order (seed {}). Bytes are counted by a counting allocator: the records \
             held, their positions included, over the nodes.{}\n\n{}\n{}",
            thousands(compared.first().map_or(0, |runs| runs.first.games) as u64),
            thousands(nodes as u64),
            names.join(", "),
            G::FORMATS
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            if rounds == 1 { "" } else { "s" },
            args.seed,
            peer.as_ref().map_or_else(String::new, |peer| format!(
                " {} reads the same files in its own process, its bytes by tracemalloc and \
                 its boards (`GameNode.board()`) on {} nodes drawn at random.",
                peer.name,
                thousands(peer.sampled as u64)
            )),
            table.render(),
            targets.render()
        );
        sections.write(&body)?;
    }
    Ok(())
}
