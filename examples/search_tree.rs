//! The crate's main job: a search tree of millions of positions, each kept
//! alive, each sharing storage with the position it came from.
//!
//! Run with `cargo run --release --example search_tree`. With no arguments it
//! expands random moves of a small shogi-like game on a 9x9 board,
//! breadth-first, until 2,000,000 positions have been built, merging
//! transpositions (the same position reached by different move orders) by
//! their O(1) `position_hash`. It then does the same with `sashite-qi`, whose
//! positions are full copies (and have no incremental hash, so each one is
//! hashed in full), and prints both runs side by side. Both runs make the same
//! moves, so they build the same tree.
//!
//! The game: shogi-like pieces written as QPI tokens (`S:K^` king, `S:G` gold,
//! `S:S` silver, `S:R` rook, `S:B` bishop, `S:P` pawn for the first player,
//! lower case for the second). Pieces promote (`S:+P`) on entering the last
//! three ranks; a captured piece goes to the capturer's hand, unpromoted and
//! turned to its side, and may be dropped back on any empty square. There is
//! no check rule: kings are simply never captured.
//!
//! Flags: `--positions N`, `--board 8x8|9x9|19x19`, `--threads N`,
//! `--seed S`, `--help`.

use std::alloc::System;
use std::collections::HashMap;
use std::collections::hash_map::Entry;
use std::fmt::Write as _;
use std::hash::{Hash, Hasher};
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use cap::Cap;
use indicatif::{ProgressBar, ProgressStyle};
use persistent_qi::qpi::{Qpi, Sin};
use persistent_qi::{Player, Qi};
use rayon::prelude::*;

/// Counts the bytes the process holds, for the "bytes retained" figures.
#[global_allocator]
static ALLOCATOR: Cap<System> = Cap::new(System, usize::MAX);

const USAGE: &str = "\
usage: search_tree [--positions N] [--board 8x8|9x9|19x19] [--threads N] [--seed S]

Builds a breadth-first tree of random moves of a shogi-like game, merging
transpositions, once with persistent-qi and once with sashite-qi (full
copies), and compares them.

  --positions N   positions to build in each run (default 2000000)
  --board B       board size: 8x8, 9x9 or 19x19 (default 9x9)
  --threads N     threads expanding the tree (default: one per core)
  --seed S        seed of the random move choices (default 1)
  --help          print this message";

/// Random moves expanded from each position.
const BRANCHING: usize = 3;

/// Positions expanded between two progress updates and cap checks.
const CHUNK: usize = 4096;

/// The most positions a run may be asked for: the peer's full copies of
/// 19x19 boards need about 1 KB each.
const MAX_POSITIONS: usize = 50_000_000;

// ------------------------------------------------------------------ flags

#[derive(Debug, Clone, Copy)]
struct Options {
    positions: usize,
    files: usize,
    ranks: usize,
    threads: Option<usize>,
    seed: u64,
}

enum Command {
    Run(Options),
    Help,
}

fn parse_args(args: impl IntoIterator<Item = String>) -> Result<Command, String> {
    let mut options = Options {
        positions: 2_000_000,
        files: 9,
        ranks: 9,
        threads: None,
        seed: 1,
    };
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        if arg == "--help" || arg == "-h" {
            return Ok(Command::Help);
        }
        let (flag, inline) = match arg.split_once('=') {
            Some((flag, value)) => (flag.to_string(), Some(value.to_string())),
            None => (arg, None),
        };
        if !matches!(
            flag.as_str(),
            "--positions" | "--board" | "--threads" | "--seed"
        ) {
            return Err(format!("unknown argument `{flag}`"));
        }
        let Some(value) = inline.or_else(|| args.next()) else {
            return Err(format!("`{flag}` needs a value"));
        };
        match flag.as_str() {
            "--positions" => {
                let positions = parse_count(&flag, &value)?;
                if !(1..=MAX_POSITIONS).contains(&positions) {
                    return Err(format!(
                        "`--positions` must be between 1 and {MAX_POSITIONS}, got {value}"
                    ));
                }
                options.positions = positions;
            }
            "--board" => {
                (options.files, options.ranks) = match value.as_str() {
                    "8x8" => (8, 8),
                    "9x9" => (9, 9),
                    "19x19" => (19, 19),
                    _ => {
                        return Err(format!(
                            "`--board` must be 8x8, 9x9 or 19x19, got `{value}`"
                        ));
                    }
                };
            }
            "--threads" => {
                let threads = parse_count(&flag, &value)?;
                if !(1..=1024).contains(&threads) {
                    return Err(format!(
                        "`--threads` must be between 1 and 1024, got {value}"
                    ));
                }
                options.threads = Some(threads);
            }
            _ => {
                options.seed = value.parse().map_err(|_| {
                    format!("`--seed` must be a whole number below 2^64, got `{value}`")
                })?;
            }
        }
    }
    Ok(Command::Run(options))
}

/// A count such as `2000000` or `2_000_000`.
fn parse_count(flag: &str, value: &str) -> Result<usize, String> {
    let digits: String = value.chars().filter(|&c| c != '_').collect();
    digits
        .parse()
        .map_err(|_| format!("`{flag}` must be a whole number, got `{value}`"))
}

// ------------------------------------------------------------------ game

/// How a piece moves, from its PIN letter and state.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Kind {
    King,
    Gold,
    Silver,
    Rook,
    Bishop,
    Pawn,
    /// A promoted rook: slides like a rook, steps like a king.
    Dragon,
    /// A promoted bishop: slides like a bishop, steps like a king.
    Horse,
}

impl Kind {
    fn of(piece: Qpi) -> Kind {
        let pin = piece.pin();
        match (pin.letter().as_ascii(), pin.is_enhanced()) {
            (b'K', _) => Kind::King,
            (b'R', true) => Kind::Dragon,
            (b'R', false) => Kind::Rook,
            (b'B', true) => Kind::Horse,
            (b'B', false) => Kind::Bishop,
            (b'S', false) => Kind::Silver,
            (b'P', false) => Kind::Pawn,
            // Gold, and the promoted silver and pawn that move like it.
            _ => Kind::Gold,
        }
    }

    /// `(forward, sideways, slides)` vectors, forward being toward the
    /// opponent.
    fn vectors(self) -> &'static [(isize, isize, bool)] {
        const KING: &[(isize, isize, bool)] = &[
            (1, -1, false),
            (1, 0, false),
            (1, 1, false),
            (0, -1, false),
            (0, 1, false),
            (-1, -1, false),
            (-1, 0, false),
            (-1, 1, false),
        ];
        const GOLD: &[(isize, isize, bool)] = &[
            (1, -1, false),
            (1, 0, false),
            (1, 1, false),
            (0, -1, false),
            (0, 1, false),
            (-1, 0, false),
        ];
        const SILVER: &[(isize, isize, bool)] = &[
            (1, -1, false),
            (1, 0, false),
            (1, 1, false),
            (-1, -1, false),
            (-1, 1, false),
        ];
        const ROOK: &[(isize, isize, bool)] =
            &[(1, 0, true), (-1, 0, true), (0, -1, true), (0, 1, true)];
        const BISHOP: &[(isize, isize, bool)] =
            &[(1, -1, true), (1, 1, true), (-1, -1, true), (-1, 1, true)];
        const DRAGON: &[(isize, isize, bool)] = &[
            (1, 0, true),
            (-1, 0, true),
            (0, -1, true),
            (0, 1, true),
            (1, -1, false),
            (1, 1, false),
            (-1, -1, false),
            (-1, 1, false),
        ];
        const HORSE: &[(isize, isize, bool)] = &[
            (1, -1, true),
            (1, 1, true),
            (-1, -1, true),
            (-1, 1, true),
            (1, 0, false),
            (-1, 0, false),
            (0, -1, false),
            (0, 1, false),
        ];
        const PAWN: &[(isize, isize, bool)] = &[(1, 0, false)];
        match self {
            Kind::King => KING,
            Kind::Gold => GOLD,
            Kind::Silver => SILVER,
            Kind::Rook => ROOK,
            Kind::Bishop => BISHOP,
            Kind::Pawn => PAWN,
            Kind::Dragon => DRAGON,
            Kind::Horse => HORSE,
        }
    }

    fn promotes(self) -> bool {
        matches!(self, Kind::Silver | Kind::Rook | Kind::Bishop | Kind::Pawn)
    }
}

/// A move: a piece going from one square to another (perhaps capturing,
/// perhaps promoting), or a piece dropped from the mover's hand.
#[derive(Clone, Copy)]
enum Move {
    Step {
        from: usize,
        to: usize,
        /// The piece as it lands, promoted or not.
        piece: Qpi,
        /// The opponent's piece on `to`, if any.
        captured: Option<Qpi>,
    },
    Drop {
        to: usize,
        piece: Qpi,
    },
}

/// A captured piece as it enters the capturer's hand: unpromoted, and turned
/// to the capturer's side (both letters change case, as in shogi).
fn into_hand(captured: Qpi) -> Qpi {
    let turned = captured.flip();
    turned.with_pin(turned.pin().normalized())
}

/// The board size and the starting setup.
struct Game {
    files: usize,
    ranks: usize,
    first_style: Sin,
    second_style: Sin,
    setup: Vec<(usize, Qpi)>,
}

impl Game {
    fn new(files: usize, ranks: usize) -> Game {
        let qpi = |token: &str| Qpi::parse(token).expect("a valid QPI token");
        let centre = files / 2;
        let mut setup = Vec::new();
        let mut place = |rank: usize, file: usize, first: &str| {
            let piece = qpi(first);
            setup.push((rank * files + file, piece));
            // The second player's army, rotated half a turn.
            let mirror = (ranks - 1 - rank) * files + (files - 1 - file);
            setup.push((mirror, piece.flip()));
        };
        let back = ranks - 1;
        place(back, centre, "S:K^");
        place(back, centre - 1, "S:G");
        place(back, centre + 1, "S:G");
        place(back, centre - 2, "S:S");
        place(back, centre + 2, "S:S");
        place(back - 1, 1, "S:B");
        place(back - 1, files - 2, "S:R");
        for file in 0..files {
            place(back - 2, file, "S:P");
        }
        Game {
            files,
            ranks,
            first_style: Sin::parse("S").expect("a valid SIN token"),
            second_style: Sin::parse("s").expect("a valid SIN token"),
            setup,
        }
    }

    fn in_zone(&self, square: usize, first: bool) -> bool {
        let rank = square / self.files;
        if first {
            rank < 3
        } else {
            rank >= self.ranks - 3
        }
    }

    /// The moves of the side to move, in a fixed order: steps by square,
    /// then drops by hand piece and square. Drops are many (every empty
    /// square for every kind of piece in hand) and only a few moves are
    /// played, so they are counted rather than listed, and built on demand.
    fn moves(&self, board: &[Option<Qpi>], hand: &[(Qpi, usize)], first: bool, out: &mut Moves) {
        out.steps.clear();
        out.empty.clear();
        out.drops.clear();
        let (files, ranks) = (self.files.cast_signed(), self.ranks.cast_signed());
        let forward: isize = if first { -1 } else { 1 };
        for (from, square) in board.iter().enumerate() {
            let Some(piece) = *square else {
                out.empty.push(from);
                continue;
            };
            if piece.pin().is_first() != first {
                continue;
            }
            let kind = Kind::of(piece);
            let (rank, file) = (
                (from / self.files).cast_signed(),
                (from % self.files).cast_signed(),
            );
            for &(ahead, aside, slides) in kind.vectors() {
                let (mut r, mut f) = (rank, file);
                loop {
                    r += ahead * forward;
                    f += aside;
                    if !(0..ranks).contains(&r) || !(0..files).contains(&f) {
                        break;
                    }
                    let to = (r * files + f).cast_unsigned();
                    let captured = board[to];
                    if let Some(target) = captured
                        && (target.pin().is_first() == first || target.pin().is_terminal())
                    {
                        break;
                    }
                    let promotes =
                        kind.promotes() && (self.in_zone(to, first) || self.in_zone(from, first));
                    let landing = if promotes {
                        piece.with_pin(piece.pin().enhanced())
                    } else {
                        piece
                    };
                    out.steps.push(Move::Step {
                        from,
                        to,
                        piece: landing,
                        captured,
                    });
                    if captured.is_some() || !slides {
                        break;
                    }
                }
            }
        }
        // A pawn may not be dropped on its last rank, where it could never
        // move: for the first player that rank's empty squares come first in
        // `empty`, for the second player last.
        let last_rank = if first { 0 } else { self.ranks - 1 };
        let on_last_rank = out
            .empty
            .iter()
            .filter(|&&square| square / self.files == last_rank)
            .count();
        let anywhere = 0..out.empty.len();
        let pawn_squares = if first {
            on_last_rank..out.empty.len()
        } else {
            0..out.empty.len() - on_last_rank
        };
        for &(piece, _) in hand {
            let squares = if Kind::of(piece) == Kind::Pawn {
                pawn_squares.clone()
            } else {
                anywhere.clone()
            };
            out.drops.push((piece, squares));
        }
        out.count = out.steps.len()
            + out
                .drops
                .iter()
                .map(|(_, squares)| squares.len())
                .sum::<usize>();
    }
}

/// The moves of a position: its steps listed, its drops counted.
#[derive(Default)]
struct Moves {
    steps: Vec<Move>,
    /// The empty squares, in index order.
    empty: Vec<usize>,
    /// Each piece in hand, with the range of `empty` it may be dropped on.
    drops: Vec<(Qpi, core::ops::Range<usize>)>,
    /// Steps and drops together.
    count: usize,
}

impl Moves {
    /// The move at `index` of the fixed order, `index < self.count`.
    fn get(&self, index: usize) -> Move {
        if let Some(&step) = self.steps.get(index) {
            return step;
        }
        let mut rest = index - self.steps.len();
        for (piece, squares) in &self.drops {
            if rest < squares.len() {
                return Move::Drop {
                    to: self.empty[squares.start + rest],
                    piece: *piece,
                };
            }
            rest -= squares.len();
        }
        unreachable!("a move index is below the move count")
    }
}

// ------------------------------------------------------------------ positions

/// What the tree needs of a position, implemented by both crates' types.
trait Position: Sized + Send + Sync {
    fn start(game: &Game) -> Self;
    fn first_to_move(&self) -> bool;
    fn read_board(&self, out: &mut Vec<Option<Qpi>>);
    fn read_hand(&self, first: bool, out: &mut Vec<(Qpi, usize)>);
    fn play(&self, mv: Move) -> Self;
    /// The key transpositions are merged by.
    fn key(&self) -> u64;
}

const VALID: &str = "a generated move is valid";

impl Position for Qi<Qpi, Sin> {
    fn start(game: &Game) -> Self {
        Qi::new(
            &[game.ranks, game.files],
            game.first_style,
            game.second_style,
        )
        .and_then(|empty| empty.board_diff(game.setup.iter().map(|&(i, p)| (i, Some(p)))))
        .expect("the setup fits the board")
    }

    fn first_to_move(&self) -> bool {
        self.turn().is_first()
    }

    fn read_board(&self, out: &mut Vec<Option<Qpi>>) {
        out.clear();
        out.extend(self.squares().map(Option::<&Qpi>::copied));
    }

    fn read_hand(&self, first: bool, out: &mut Vec<(Qpi, usize)>) {
        let player = if first { Player::First } else { Player::Second };
        out.clear();
        out.extend(self.hand(player).map(|(&piece, count)| (piece, count)));
    }

    fn play(&self, mv: Move) -> Self {
        let mover = self.turn();
        let next = match mv {
            Move::Step {
                from,
                to,
                piece,
                captured,
            } => {
                let stepped = self.board_diff([(from, None), (to, Some(piece))]);
                match captured {
                    Some(captured) => {
                        stepped.and_then(|next| next.hand_diff(mover, [(into_hand(captured), 1)]))
                    }
                    None => stepped,
                }
            }
            Move::Drop { to, piece } => self
                .hand_diff(mover, [(piece, -1)])
                .and_then(|next| next.board_diff([(to, Some(piece))])),
        };
        next.expect(VALID).toggle()
    }

    fn key(&self) -> u64 {
        self.position_hash()
    }
}

/// The peer: `sashite-qi` positions are full copies, moved (not shared)
/// through its transformations, so keeping the parent costs a clone.
impl Position for sashite_qi::Qi<Qpi, Sin> {
    fn start(game: &Game) -> Self {
        sashite_qi::Qi::new(
            &[game.ranks, game.files],
            game.first_style,
            game.second_style,
        )
        .and_then(|empty| empty.board_diff(game.setup.iter().map(|&(i, p)| (i, Some(p)))))
        .expect("the setup fits the board")
    }

    fn first_to_move(&self) -> bool {
        self.turn() == sashite_qi::Player::First
    }

    fn read_board(&self, out: &mut Vec<Option<Qpi>>) {
        out.clear();
        out.extend_from_slice(self.board());
    }

    fn read_hand(&self, first: bool, out: &mut Vec<(Qpi, usize)>) {
        out.clear();
        if first {
            out.extend(self.first_hand().map(|(&piece, count)| (piece, count)));
        } else {
            out.extend(self.second_hand().map(|(&piece, count)| (piece, count)));
        }
    }

    fn play(&self, mv: Move) -> Self {
        let first = self.first_to_move();
        let copy = self.clone();
        let next = match mv {
            Move::Step {
                from,
                to,
                piece,
                captured,
            } => {
                let moved = copy.board_diff([(from, None), (to, Some(piece))]);
                match captured {
                    Some(captured) => moved.and_then(|next| {
                        let change = [(into_hand(captured), 1)];
                        if first {
                            next.first_hand_diff(change)
                        } else {
                            next.second_hand_diff(change)
                        }
                    }),
                    None => moved,
                }
            }
            Move::Drop { to, piece } => {
                let change = [(piece, -1)];
                let taken = if first {
                    copy.first_hand_diff(change)
                } else {
                    copy.second_hand_diff(change)
                };
                taken.and_then(|next| next.board_diff([(to, Some(piece))]))
            }
        };
        next.expect(VALID).toggle()
    }

    /// `sashite-qi` keeps no hash: each position is hashed in full, with a
    /// fast hasher so that the comparison is about the copies, not `SipHash`.
    fn key(&self) -> u64 {
        let mut hasher = FxHasher(0);
        self.hash(&mut hasher);
        hasher.finish()
    }
}

/// The multiply-rotate hasher of rustc (`FxHash`): fast, not keyed, and
/// good enough to tell positions apart in a transposition table.
struct FxHasher(u64);

impl FxHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

impl Hasher for FxHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for chunk in bytes.chunks(8) {
            let mut word = [0; 8];
            word[..chunk.len()].copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.add(u64::from(i));
    }

    fn write_u16(&mut self, i: u16) {
        self.add(u64::from(i));
    }

    fn write_u32(&mut self, i: u32) {
        self.add(u64::from(i));
    }

    fn write_u64(&mut self, i: u64) {
        self.add(i);
    }

    fn write_usize(&mut self, i: usize) {
        self.add(i as u64);
    }
}

// ------------------------------------------------------------------ the tree

/// A deterministic generator (`SplitMix64`): the same seed makes the same
/// tree in both runs and with any number of threads.
struct Rng(u64);

impl Rng {
    fn for_node(seed: u64, node: usize) -> Rng {
        let mut rng = Rng(seed ^ (node as u64).wrapping_mul(0xa076_1d64_78bd_642f));
        rng.next();
        rng
    }

    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, bound: usize) -> usize {
        // The modulo bias is irrelevant for picking moves.
        #[allow(clippy::cast_possible_truncation)]
        let pick = (self.next() % bound as u64) as usize;
        pick
    }
}

/// Per-thread buffers, reused from node to node.
#[derive(Default)]
struct Scratch {
    board: Vec<Option<Qpi>>,
    hand: Vec<(Qpi, usize)>,
    moves: Moves,
    picked: Vec<usize>,
}

/// Up to [`BRANCHING`] children of a node, by random moves, each with its key.
fn expand<P: Position>(
    game: &Game,
    seed: u64,
    node: usize,
    position: &P,
    scratch: &mut Scratch,
) -> Vec<(u64, P)> {
    let first = position.first_to_move();
    position.read_board(&mut scratch.board);
    position.read_hand(first, &mut scratch.hand);
    game.moves(&scratch.board, &scratch.hand, first, &mut scratch.moves);
    let mut rng = Rng::for_node(seed, node);
    let count = scratch.moves.count;
    // Distinct random move indices; a handful among dozens or hundreds,
    // so drawing again on a repeat is cheap.
    let picked = &mut scratch.picked;
    picked.clear();
    if count <= BRANCHING {
        picked.extend(0..count);
    } else {
        while picked.len() < BRANCHING {
            let index = rng.below(count);
            if !picked.contains(&index) {
                picked.push(index);
            }
        }
    }
    picked
        .iter()
        .map(|&index| {
            let child = position.play(scratch.moves.get(index));
            (child.key(), child)
        })
        .collect()
}

/// What one run measured.
struct Report {
    built: usize,
    distinct: usize,
    elapsed: Duration,
    retained_bytes: usize,
}

/// Builds the tree breadth-first until `options.positions` positions have
/// been built (the root included), merging transpositions by key.
fn build<P: Position>(
    game: &Game,
    options: &Options,
    pool: &rayon::ThreadPool,
    bar: &ProgressBar,
) -> Report {
    let target = options.positions;
    let baseline = ALLOCATOR.allocated();
    let start = Instant::now();

    let root = P::start(game);
    let mut seen: HashMap<u64, u32> = HashMap::new();
    seen.insert(root.key(), 0);
    let mut nodes = vec![root];
    let mut built = 1;
    let mut next = 0;
    while built < target && next < nodes.len() {
        let end = nodes.len().min(next + CHUNK);
        let children: Vec<Vec<(u64, P)>> = pool.install(|| {
            nodes[next..end]
                .par_iter()
                .enumerate()
                .map_init(Scratch::default, |scratch, (offset, position)| {
                    expand(game, options.seed, next + offset, position, scratch)
                })
                .collect()
        });
        next = end;
        'chunk: for (key, child) in children.into_iter().flatten() {
            if built == target {
                break 'chunk;
            }
            built += 1;
            if let Entry::Vacant(slot) = seen.entry(key) {
                slot.insert(u32::try_from(nodes.len()).expect("at most 50,000,000 nodes"));
                nodes.push(child);
            }
        }
        bar.set_position(built as u64);
    }
    let elapsed = start.elapsed();

    // What stays is the tree itself: the positions, in a vector without
    // spare capacity. The transposition table is bookkeeping of the search.
    drop(seen);
    nodes.shrink_to_fit();
    let retained_bytes = ALLOCATOR.allocated().saturating_sub(baseline);
    let distinct = nodes.len();
    drop(nodes);
    Report {
        built,
        distinct,
        elapsed,
        retained_bytes,
    }
}

fn progress_bar(options: &Options, label: &'static str) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(options.positions as u64);
    bar.set_style(
        ProgressStyle::with_template(
            "{prefix:>14} [{bar:40}] {human_pos}/{human_len} positions, {elapsed}",
        )
        .expect("a valid progress template")
        .progress_chars("=> "),
    );
    bar.set_prefix(label);
    bar
}

// ------------------------------------------------------------------ output

/// `1234567` as `1,234,567`.
fn grouped(value: u128) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (i, digit) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

fn per_second(report: &Report) -> u128 {
    let micros = report.elapsed.as_micros().max(1);
    report.built as u128 * 1_000_000 / micros
}

fn per_position(report: &Report) -> u128 {
    (report.retained_bytes / report.distinct.max(1)) as u128
}

/// `a / b` for display: the precision lost above 2^52 does not show.
#[allow(clippy::cast_precision_loss)]
fn ratio(a: u128, b: u128) -> f64 {
    a as f64 / b.max(1) as f64
}

fn table(ours: &Report, peer: &Report) -> String {
    let rows = [
        (
            "positions built",
            grouped(ours.built as u128),
            grouped(peer.built as u128),
        ),
        (
            "distinct positions",
            grouped(ours.distinct as u128),
            grouped(peer.distinct as u128),
        ),
        (
            "transpositions found",
            grouped((ours.built - ours.distinct) as u128),
            grouped((peer.built - peer.distinct) as u128),
        ),
        (
            "positions per second",
            grouped(per_second(ours)),
            grouped(per_second(peer)),
        ),
        (
            "bytes retained per position",
            grouped(per_position(ours)),
            grouped(per_position(peer)),
        ),
        (
            "time",
            format!("{:.2} s", ours.elapsed.as_secs_f64()),
            format!("{:.2} s", peer.elapsed.as_secs_f64()),
        ),
    ];
    let mut out = String::new();
    let _ = writeln!(
        out,
        "{:<28} {:>15} {:>15}",
        "", "persistent-qi", "sashite-qi"
    );
    for (label, left, right) in rows {
        let _ = writeln!(out, "{label:<28} {left:>15} {right:>15}");
    }
    out
}

fn run(options: &Options) -> ExitCode {
    let game = Game::new(options.files, options.ranks);
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(threads) = options.threads {
        pool = pool.num_threads(threads);
    }
    let pool = match pool.build() {
        Ok(pool) => pool,
        Err(error) => {
            eprintln!("error: cannot start the worker threads: {error}");
            return ExitCode::FAILURE;
        }
    };

    let start = <Qi<Qpi, Sin> as Position>::start(&game);
    println!(
        "A shogi-like game on {}x{}, random moves expanded breadth-first ({BRANCHING} per position),",
        options.files, options.ranks
    );
    println!(
        "transpositions merged; {} positions per run, seed {}, {} thread(s).\n",
        grouped(options.positions as u128),
        options.seed,
        pool.current_num_threads()
    );
    println!("Start position:\n\n{start}");
    drop(start);

    let bar = progress_bar(options, "persistent-qi");
    let ours = build::<Qi<Qpi, Sin>>(&game, options, &pool, &bar);
    bar.finish_and_clear();
    let bar = progress_bar(options, "sashite-qi");
    let peer = build::<sashite_qi::Qi<Qpi, Sin>>(&game, options, &pool, &bar);
    bar.finish_and_clear();

    print!("{}", table(&ours, &peer));
    println!(
        "\npersistent-qi: {:.2}x the memory per position and {:.2}x the speed of sashite-qi.",
        ratio(per_position(&ours), per_position(&peer)),
        ratio(per_second(&ours), per_second(&peer)),
    );
    if ours.distinct != peer.distinct {
        // Both runs make the same moves; only a 64-bit hash collision in one
        // of the two transposition tables can make them differ.
        println!("note: the runs merged different numbers of transpositions (a hash collision)");
    }
    ExitCode::SUCCESS
}

fn main() -> ExitCode {
    match parse_args(std::env::args().skip(1)) {
        Ok(Command::Run(options)) => run(&options),
        Ok(Command::Help) => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Err(message) => {
            eprintln!("error: {message}\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}
