//! How a record keeps its nodes' positions, four designs side by side over
//! the same readers and rules (`records --compare`): each file read into
//! records that keep, a node,
//!
//! - nothing but the move: every board replayed from the root with the
//!   rules' make-move on one board, as python-chess's `GameNode.board()`
//!   replays its moves (the start, and any node no move reached, is kept);
//! - the position as a string, parsed again into a board for every read,
//!   as lichess's analysis tree keeps a FEN a node;
//! - a copy of the position in the game's fixed array ([`Game::Fixed`]),
//!   as python-chess's boards cached a node would be;
//! - the kept position: the game's node over persistent-qi, sharing what
//!   its move did not change with its parent.
//!
//! For each: the bytes the records hold a node (a counting allocator), the
//! time to read the files (the median of the rounds, the designs taking
//! turns), and the time to read every node's board in one random order.
//! The boards every design reads are checked to be the same.

use std::path::PathBuf;
use std::process::Command;
use std::time::Duration;

use super::records::{read_file, shuffled, time_boards};
use super::{Failure, Table, as_f64, format_number, median, thousands};
use games_core::{Game, Node};
use games_core::{Persistent, Position};
use games_record::{Limits, NodeId, Record, Records, Step};
use games_search::Rules;

/// A design of what a record keeps a node.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Design {
    /// The move only, boards replayed from the root.
    Moves,
    /// The position as a string.
    Strings,
    /// A fixed-array copy of the position.
    Fixed,
    /// The kept position, over persistent-qi.
    Kept,
}

impl Design {
    /// Every design, in table order.
    pub const ALL: [Design; 4] = [Design::Moves, Design::Strings, Design::Fixed, Design::Kept];

    /// How the table names it.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Design::Moves => "moves only, replayed from the root (python-chess's)",
            Design::Strings => "a position string a node (lichess's FEN)",
            Design::Fixed => "a fixed-array copy a node (python-chess's boards, cached)",
            Design::Kept => "kept positions (persistent-qi)",
        }
    }
}

/// One run of a design.
#[derive(Debug, Clone, PartialEq)]
pub struct DesignRun {
    /// Games read.
    pub games: usize,
    /// Nodes read.
    pub nodes: usize,
    /// Bytes the records held.
    pub bytes: usize,
    /// The time to read the files.
    pub load: Duration,
    /// The time to read every node's board in the random order.
    pub boards: Duration,
    /// The keys of the boards of the first nodes of the order
    /// ([`Rules::first_step`]): every design must read the same.
    pub keys: Vec<String>,
}

/// The nodes of the order whose boards are checked alike.
const CHECKED: usize = 2_000;

/// What a comparison reads and how.
pub struct Inputs<'a> {
    /// Each file's name and bytes.
    pub files: &'a [(PathBuf, Vec<u8>)],
    /// The seed of the random order.
    pub seed: u64,
    /// The bytes the process holds.
    pub allocated: &'a dyn Fn() -> usize,
}

/// Reads every file into records of the position crate `P`, each node
/// keeping `keep` of it; then reads every node's board in the seeded
/// order with `board`.
fn run_design<G, P, K>(
    inputs: &Inputs<'_>,
    mut keep: impl FnMut(&Step<G::Move>, &G::Node<P>) -> K,
    mut board: impl FnMut(&Record<G::Node<P>, K>, NodeId, &mut G::Board),
) -> Result<DesignRun, Failure>
where
    G: Records + Rules,
    P: Position<Piece = G::Piece, Style = G::Style>,
{
    let baseline = (inputs.allocated)();
    let start = std::time::Instant::now();
    let mut records: Vec<Record<G::Node<P>, K>> = Vec::new();
    for (path, bytes) in inputs.files {
        let file = read_file::<G, P, K, _>(path, bytes, true, Limits::default(), &mut keep)?;
        records.extend(file.games.into_iter().map(|(_, record)| record));
    }
    records.shrink_to_fit();
    let load = start.elapsed();
    let bytes = (inputs.allocated)().saturating_sub(baseline);
    let order = shuffled(&records, |record| record, inputs.seed);
    let boards = time_boards(&records, &order, |record, id, into| board(record, id, into));
    let mut into = G::Board::default();
    let keys = order
        .iter()
        .take(CHECKED)
        .map(|&(index, id)| {
            board(&records[index as usize], id, &mut into);
            format!("{:?}", G::first_step(&into))
        })
        .collect();
    Ok(DesignRun {
        games: records.len(),
        nodes: records.iter().map(Record::len).sum(),
        bytes,
        load,
        boards,
        keys,
    })
}

/// One run of `design`.
///
/// # Errors
///
/// [`Failure::Input`] for a file of no format of the game.
///
/// # Panics
///
/// If the game cannot read back a node's text (its
/// [`Records::node_text`]): a bug of the game's.
pub fn run<G: Records + Rules>(design: Design, inputs: &Inputs<'_>) -> Result<DesignRun, Failure> {
    type Kept<G> = Persistent<<G as Game>::Piece, <G as Game>::Style>;
    match design {
        Design::Moves => {
            let mut moves = Vec::new();
            run_design::<G, G::Fixed, _>(
                inputs,
                |step, node| (!matches!(step, Step::Move(_))).then(|| Box::new(node.clone())),
                |record, id, board| replay::<G, _>(record, id, board, &mut moves),
            )
        }
        Design::Strings => run_design::<G, G::Fixed, _>(
            inputs,
            |_, node| G::node_text(node).into_boxed_str(),
            |record, id, board| {
                let node = G::load::<G::Fixed>(record.kept(id))
                    .unwrap_or_else(|_| panic!("{} reads back what it wrote", G::NAME));
                node.read_into(board);
            },
        ),
        Design::Fixed => run_design::<G, G::Fixed, _>(
            inputs,
            |_, node| node.clone(),
            |record, id, board| record.kept(id).read_into(board),
        ),
        Design::Kept => run_design::<G, Kept<G>, _>(
            inputs,
            |_, node| node.clone(),
            |record, id, board| record.kept(id).read_into(board),
        ),
    }
}

/// The board of `id` replayed from the nearest node above it that keeps
/// its node (the root, or one no move reached), with the rules'
/// make-move on one board: the moves gathered up the tree, then made.
fn replay<G: Rules, N: Node<Move = G::Move, Board = G::Board>>(
    record: &Record<N, Option<Box<N>>>,
    id: NodeId,
    board: &mut G::Board,
    moves: &mut Vec<G::Move>,
) {
    moves.clear();
    let mut at = id;
    let kept = loop {
        if let Some(node) = record.kept(at) {
            break node;
        }
        if let Step::Move(mv) = record.step(at) {
            moves.push(*mv);
        }
        at = record.parent(at).expect("the root keeps its node");
    };
    kept.read_into(board);
    let mut step = G::first_step(board);
    for &mv in moves.iter().rev() {
        step = G::make(board, mv, &step);
    }
}

/// Each design's runs: the first's figures, and each round's times.
#[derive(Debug, Clone)]
pub struct Compared {
    /// The design.
    pub design: Design,
    /// Its first run.
    pub first: DesignRun,
    /// The load time of each round.
    pub loads: Vec<Duration>,
    /// The board time of each round.
    pub boards: Vec<Duration>,
}

/// Runs every design `rounds` times, the designs taking turns (the one
/// that starts a round moving on by one), and checks that all read the
/// same nodes and boards; `run_done` is called after each run.
///
/// # Errors
///
/// A run's [`Failure`]; [`Failure::Mismatch`] if two designs read
/// different nodes or boards.
pub fn compare<G: Records + Rules>(
    inputs: &Inputs<'_>,
    rounds: usize,
    run_done: &dyn Fn(Design),
) -> Result<Vec<Compared>, Failure> {
    let mut compared: Vec<Option<Compared>> = Design::ALL.iter().map(|_| None).collect();
    for round in 0..rounds.max(1) {
        for turn in 0..Design::ALL.len() {
            let slot = (round + turn) % Design::ALL.len();
            let design = Design::ALL[slot];
            let ran = run::<G>(design, inputs)?;
            run_done(design);
            match &mut compared[slot] {
                Some(runs) => {
                    runs.loads.push(ran.load);
                    runs.boards.push(ran.boards);
                }
                empty @ None => {
                    *empty = Some(Compared {
                        design,
                        loads: vec![ran.load],
                        boards: vec![ran.boards],
                        first: ran,
                    });
                }
            }
        }
    }
    let compared: Vec<Compared> = compared.into_iter().flatten().collect();
    let first = &compared[0].first;
    for other in &compared[1..] {
        if other.first.nodes != first.nodes || other.first.keys != first.keys {
            return Err(Failure::Mismatch(format!(
                "{} read {} nodes, {} read {}, or their boards differ",
                compared[0].design.name(),
                first.nodes,
                other.design.name(),
                other.first.nodes
            )));
        }
    }
    Ok(compared)
}

/// python-chess (or another game's client) on the same files, for the
/// reader's bearings: its figures, as its script prints them.
#[derive(Debug, Clone, PartialEq)]
pub struct Peer {
    /// Its name and version.
    pub name: String,
    /// Nodes it read.
    pub nodes: usize,
    /// Its load time.
    pub load: Duration,
    /// Bytes it holds a node.
    pub bytes_per_node: f64,
    /// The time to read one node's board, on a sample.
    pub board: Duration,
    /// The nodes sampled.
    pub sampled: usize,
}

/// The number after `"key": ` in a line of JSON.
fn json_number(line: &str, key: &str) -> Option<f64> {
    let at = line.find(&format!("\"{key}\": "))? + key.len() + 4;
    let rest = &line[at..];
    let end = rest.find([',', '}']).unwrap_or(rest.len());
    rest[..end].trim().parse().ok()
}

/// The string after `"key": ` in a line of JSON.
fn json_string(line: &str, key: &str) -> Option<String> {
    let at = line.find(&format!("\"{key}\": \""))? + key.len() + 5;
    let rest = &line[at..];
    Some(rest[..rest.find('"')?].to_string())
}

/// Runs `python script bench FILE --seed SEED` for each file and sums its
/// figures, named `name` and its version.
///
/// # Errors
///
/// [`Failure::Input`] if the script cannot be run or fails, or prints no
/// figures.
pub fn peer(
    python: &std::path::Path,
    script: &std::path::Path,
    name: &str,
    files: &[(PathBuf, Vec<u8>)],
    seed: u64,
) -> Result<Peer, Failure> {
    let mut total = Peer {
        name: name.to_string(),
        nodes: 0,
        load: Duration::ZERO,
        bytes_per_node: 0.0,
        board: Duration::ZERO,
        sampled: 0,
    };
    let mut bytes = 0.0;
    let mut board_seconds = 0.0;
    for (path, _) in files {
        let output = Command::new(python)
            .arg(script)
            .arg("bench")
            .arg(path)
            .args(["--seed", &seed.to_string()])
            .output()
            .map_err(|error| Failure::Input(format!("{}: {error}", python.display())))?;
        let line = String::from_utf8_lossy(&output.stdout).into_owned();
        if !output.status.success() {
            return Err(Failure::Input(format!(
                "{} {}: {}",
                python.display(),
                script.display(),
                String::from_utf8_lossy(&output.stderr).trim()
            )));
        }
        let figure = |key: &str| {
            json_number(&line, key).ok_or_else(|| {
                Failure::Input(format!("{}: no {key} in {line:?}", script.display()))
            })
        };
        // Counts and seconds, as the script prints them.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        let (nodes, sampled) = (figure("nodes")? as usize, figure("sampled")? as usize);
        total.nodes += nodes;
        total.sampled += sampled;
        total.load += Duration::from_secs_f64(figure("load_seconds")?);
        bytes += figure("bytes_per_node")? * as_f64(nodes as u64);
        board_seconds += figure("board_seconds_per_node")? * as_f64(nodes as u64);
        if let Some(version) = json_string(&line, "version") {
            total.name = format!("{name} {version}");
        }
    }
    let nodes = as_f64(total.nodes.max(1) as u64);
    total.bytes_per_node = bytes / nodes;
    total.board = Duration::from_secs_f64(board_seconds / nodes);
    Ok(total)
}

/// A ratio, two decimals.
fn ratio(value: f64) -> String {
    format_number(value, 2)
}

/// Whether a figure meets its target, as the tables say it.
fn verdict(met: bool) -> &'static str {
    if met { "met" } else { "**missed**" }
}

/// The designs side by side: bytes a node, load time and its ratio to the
/// moves only, board time a node and the kept positions' speed against
/// each; the peer's figures under them, for bearings.
#[must_use]
pub fn table(compared: &[Compared], peer: Option<&Peer>) -> Table {
    let mut table = Table::new([
        "design",
        "bytes per node",
        "load, seconds (median)",
        "load against moves only",
        "every node's board, random order, ns a node (median)",
        "kept positions' board speed against it",
    ]);
    let figures = |design: Design| compared.iter().find(|runs| runs.design == design);
    let per_node = |runs: &Compared| {
        median(&runs.boards).as_secs_f64() * 1e9 / as_f64(runs.first.nodes.max(1) as u64)
    };
    let moves_load =
        figures(Design::Moves).map_or(f64::NAN, |runs| median(&runs.loads).as_secs_f64());
    let kept_board = figures(Design::Kept).map_or(f64::NAN, per_node);
    for runs in compared {
        let load = median(&runs.loads).as_secs_f64();
        table.row([
            runs.design.name().to_string(),
            format_number(
                as_f64(runs.first.bytes as u64) / as_f64(runs.first.nodes.max(1) as u64),
                1,
            ),
            format_number(load, 3),
            ratio(load / moves_load),
            format_number(per_node(runs), 1),
            ratio(per_node(runs) / kept_board),
        ]);
    }
    if let Some(peer) = peer {
        let board = peer.board.as_secs_f64() * 1e9;
        table.row([
            format!(
                "{}, for bearings (its board: {} sampled nodes)",
                peer.name,
                thousands(peer.sampled as u64)
            ),
            format_number(peer.bytes_per_node, 1),
            format_number(peer.load.as_secs_f64(), 3),
            ratio(peer.load.as_secs_f64() / moves_load),
            format_number(board, 1),
            ratio(board / kept_board),
        ]);
    }
    table
}

/// The kept positions' targets, each with its figure and verdict: bytes a
/// node at most the string design's (and at most the game's share of the
/// fixed array's, [`Records::FIXED_TARGET`], else the ratio reported), every node's board at least 5 times as fast as replaying
/// from the root and 3 times as fast as parsing the string, loading at
/// most 1.3 times the moves only's.
#[must_use]
pub fn targets<G: Records>(compared: &[Compared]) -> Table {
    let mut table = Table::new(["kept positions", "measured", "target", "verdict"]).words_last();
    let figures = |design: Design| compared.iter().find(|runs| runs.design == design);
    let (Some(moves), Some(strings), Some(fixed), Some(kept)) = (
        figures(Design::Moves),
        figures(Design::Strings),
        figures(Design::Fixed),
        figures(Design::Kept),
    ) else {
        return table;
    };
    let bytes = |runs: &Compared| as_f64(runs.first.bytes as u64);
    let board = |runs: &Compared| median(&runs.boards).as_secs_f64();
    let load = |runs: &Compared| median(&runs.loads).as_secs_f64();
    let to_strings = bytes(kept) / bytes(strings);
    table.row([
        "bytes per node, against a string a node".to_string(),
        format_number(to_strings, 3),
        "<= 1".to_string(),
        verdict(to_strings <= 1.0).to_string(),
    ]);
    let to_fixed = bytes(kept) / bytes(fixed);
    table.row([
        "bytes per node, against a fixed-array copy a node".to_string(),
        format_number(to_fixed, 3),
        G::FIXED_TARGET.map_or_else(|| "reported".to_string(), |most| format!("<= {most}")),
        G::FIXED_TARGET
            .map(|most| verdict(to_fixed <= most).to_string())
            .unwrap_or_default(),
    ]);
    // What each design keeps a node beyond the moves only's: the tree's
    // links, steps and notes (a KIF's time on every move among them) are
    // the same in every design, and are left out here.
    let positions = |runs: &Compared| bytes(runs) - bytes(moves);
    for (against, design) in [("a string", strings), ("a fixed-array copy", fixed)] {
        table.row([
            format!("the positions alone (bytes per node less the moves only's), against {against} a node"),
            format_number(positions(kept) / positions(design), 3),
            "reported".to_string(),
            String::new(),
        ]);
    }
    let replay = board(moves) / board(kept);
    table.row([
        "every node's board in a random order, speed against replay from the root".to_string(),
        ratio(replay),
        ">= 5".to_string(),
        verdict(replay >= 5.0).to_string(),
    ]);
    let parse = board(strings) / board(kept);
    table.row([
        "the same, against parsing the string".to_string(),
        ratio(parse),
        ">= 3".to_string(),
        verdict(parse >= 3.0).to_string(),
    ]);
    let loading = load(kept) / load(moves);
    table.row([
        "load time against moves only".to_string(),
        ratio(loading),
        "<= 1.3".to_string(),
        verdict(loading <= 1.3).to_string(),
    ]);
    table
}
