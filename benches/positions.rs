//! persistent-qi, over both pointer kinds (`Qi` and `LocalQi`), against
//! sashite-qi 0.2 (and a plain `Vec` where that is meaningful), operation
//! by operation, in the same run.
//!
//! Every group is one operation. Its benchmark ids read
//! `CRATE/PIECE/SHAPE` (`CRATE`: `persistent-qi`, `persistent-qi-local`,
//! `sashite-qi`, `vec`), so
//! `cargo bench --bench positions -- 'apply_move/.*/8x8'` runs one
//! operation on one shape. Every case starts from the same half-full
//! position and uses the same moves and indices, drawn from a fixed-seed
//! generator, whatever the crate.
//!
//! - `clone`: a copy of a half-full position.
//! - `apply_move`: a quiet move (a piece leaves its square for an empty one)
//!   as a 2-square board diff plus toggle, keeping the parent. sashite-qi's
//!   transformations consume the position, so it clones first. The parent
//!   is, in turn, the start and each of the next 16 positions of a line of
//!   quiet moves (see `Case::parents`), for this and the next three groups.
//! - `capture_to_hand`: a piece takes another (a 2-square diff), the taken
//!   piece goes to the mover's hand, toggle.
//! - `edit_move`, `edit_capture`: the same quiet moves and captures as one
//!   transformation, [`Qi::edit`](persistent_qi::Qi::edit). sashite-qi has
//!   no such call, so its side is its `apply_move` and `capture_to_hand`.
//! - `search_step`: `apply_move`, then the child is looked up in and inserted
//!   into a `HashSet` (a transposition table) of at least 100,000 positions.
//! - `read_square`: one square at a random index.
//! - `scan_board`: every square, in order.
//! - `scan_played`: the same walk of each position of a line of quiet
//!   moves in turn (up to 1,024 of them), which hold the writes of the
//!   moves that made them (kept in the position and logged beside its
//!   blocks): the walk merges them in.
//! - `board_into`: the whole board copied into an array the caller keeps:
//!   persistent-qi's `board_into`, sashite-qi's slice iterated into the
//!   array (and `copy_from_slice` of a bare `Vec`, the floor).
//! - `squares_into`: the same copy through `squares()`, as generic code
//!   over any crate reads a board.
//! - `occupied_empty`: the occupied squares of an empty board, walked.
//! - `occupied_played`: the occupied squares of each position of the line
//!   of `scan_played` in turn, walked (and counted).
//! - `hash_position`: the `Hash` impl through the `HashSet` hasher.
//! - `eq_position`: `==` on two positions reached by different move orders
//!   (`equal/..`), and on two children of one parent (`unequal/..`).
//!
//! Outputs are dropped inside the timed loop, so freeing a child counts,
//! for both crates. Styles are `u8` throughout: they are not what is measured.

use std::collections::HashSet;
use std::hash::{BuildHasher, RandomState};
use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, BenchmarkId, Criterion, criterion_group, criterion_main};
use persistent_qi::qpi::Qpi;

use harness::support::{Case, DEPTHS, POOL, Piece, Position, Rng, TOKENS};

const SHAPES: [[usize; 2]; 4] = [[8, 8], [9, 9], [19, 19], [255, 255]];

/// How many positions the transposition table holds before the timed steps.
const TABLE_POSITIONS: usize = 100_000;

/// The budget, in board bytes, for same-shape positions in the table of a
/// crate whose positions share nothing: 100,000 copies of a 255x255 board
/// would not fit in memory. The table is topped up to [`TABLE_POSITIONS`]
/// with small 4x4 positions, so its size (and its cache misses) stay the
/// same; the step's cost is the child's hash and the probe either way.
const UNSHARED_TABLE_BYTES: usize = 64 << 20;

/// A benchmarked operation: a group, and what it measures for one crate.
trait Operation {
    const NAME: &'static str;
    fn bench<P: Piece, Q: Position<P, u8>>(b: &mut Bench<'_, '_>, case: &Case<P>);
    /// The same operation on a bare `Vec` of squares, where it means something.
    fn baseline<P: Piece>(_b: &mut Bench<'_, '_>, _case: &Case<P>) {}
}

/// A group and the id prefix of the case being run.
struct Bench<'g, 'c> {
    group: &'g mut BenchmarkGroup<'c, WallTime>,
    piece: &'static str,
    shape: String,
}

impl Bench<'_, '_> {
    fn run(&mut self, name: &str, routine: impl FnMut(&mut criterion::Bencher<'_>)) {
        let id = BenchmarkId::new(format!("{name}/{}", self.piece), &self.shape);
        let mut routine = routine;
        self.group.bench_function(id, |b| routine(b));
    }
}

/// `true` under `cargo bench -- --test`, the smoke test, which runs every
/// benchmark once and has no use for a full-size table.
fn smoke_test() -> bool {
    std::env::args().any(|arg| arg == "--test")
}

fn run<O: Operation>(c: &mut Criterion) {
    let mut group = c.benchmark_group(O::NAME);
    group
        .sample_size(20)
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    for shape in SHAPES {
        run_piece::<O, u8>(&mut group, shape);
        run_piece::<O, Qpi>(&mut group, shape);
        run_piece::<O, String>(&mut group, shape);
    }
    group.finish();
}

fn run_piece<O: Operation, P: Piece>(group: &mut BenchmarkGroup<'_, WallTime>, shape: [usize; 2]) {
    let case = Case::<P>::new(shape);
    let mut bench = Bench {
        group,
        piece: P::NAME,
        shape: case.shape_name(),
    };
    O::bench::<P, persistent_qi::Qi<P, u8>>(&mut bench, &case);
    O::bench::<P, persistent_qi::LocalQi<P, u8>>(&mut bench, &case);
    O::bench::<P, sashite_qi::Qi<P, u8>>(&mut bench, &case);
    O::baseline::<P>(&mut bench, &case);
}

/// The next index of a pool, cycling.
fn cycle(next: &mut usize) -> usize {
    let index = *next % POOL;
    *next += 1;
    index
}

struct CloneOp;

impl Operation for CloneOp {
    const NAME: &'static str = "clone";

    fn bench<P: Piece, Q: Position<P, u8>>(b: &mut Bench<'_, '_>, case: &Case<P>) {
        let start = Q::from_squares(&case.shape, &case.squares);
        b.run(Q::CRATE, |b| b.iter(|| start.clone()));
    }

    fn baseline<P: Piece>(b: &mut Bench<'_, '_>, case: &Case<P>) {
        let squares = case.squares.clone();
        b.run("vec", |b| b.iter(|| squares.clone()));
    }
}

struct ApplyMove;

impl Operation for ApplyMove {
    const NAME: &'static str = "apply_move";

    fn bench<P: Piece, Q: Position<P, u8>>(b: &mut Bench<'_, '_>, case: &Case<P>) {
        let parents = case.parents::<Q>();
        let mut next = 0;
        b.run(Q::CRATE, |b| {
            b.iter(|| parents[next % DEPTHS].apply_move(&case.quiet[cycle(&mut next)]));
        });
    }

    fn baseline<P: Piece>(b: &mut Bench<'_, '_>, case: &Case<P>) {
        let squares = case.squares.clone();
        let mut next = 0;
        b.run("vec", |b| {
            b.iter(|| {
                let mut child = squares.clone();
                for (index, square) in case.quiet[cycle(&mut next)].clone() {
                    child[index] = square;
                }
                child
            });
        });
    }
}

struct CaptureToHand;

impl Operation for CaptureToHand {
    const NAME: &'static str = "capture_to_hand";

    fn bench<P: Piece, Q: Position<P, u8>>(b: &mut Bench<'_, '_>, case: &Case<P>) {
        let parents = case.parents::<Q>();
        let mut next = 0;
        b.run(Q::CRATE, |b| {
            b.iter(|| parents[next % DEPTHS].capture_to_hand(&case.captures[cycle(&mut next)]));
        });
    }
}

struct EditMove;

impl Operation for EditMove {
    const NAME: &'static str = "edit_move";

    fn bench<P: Piece, Q: Position<P, u8>>(b: &mut Bench<'_, '_>, case: &Case<P>) {
        let parents = case.parents::<Q>();
        let mut next = 0;
        b.run(Q::CRATE, |b| {
            b.iter(|| parents[next % DEPTHS].edit_move(&case.quiet[cycle(&mut next)]));
        });
    }
}

struct EditCapture;

impl Operation for EditCapture {
    const NAME: &'static str = "edit_capture";

    fn bench<P: Piece, Q: Position<P, u8>>(b: &mut Bench<'_, '_>, case: &Case<P>) {
        let parents = case.parents::<Q>();
        let mut next = 0;
        b.run(Q::CRATE, |b| {
            b.iter(|| parents[next % DEPTHS].edit_capture(&case.captures[cycle(&mut next)]));
        });
    }
}

struct SearchStep;

impl SearchStep {
    /// A transposition table of positions two quiet moves from the start (so
    /// the children the steps probe for are not in it), topped up with small
    /// positions where same-shape ones would not fit in memory.
    fn table<P: Piece, Q: Position<P, u8>>(case: &Case<P>, start: &Q) -> HashSet<Q> {
        let target = if smoke_test() { 1000 } else { TABLE_POSITIONS };
        let same_shape = if Q::SHARES_STRUCTURE {
            target
        } else {
            let board_bytes = case.squares.len() * size_of::<Option<P>>();
            target.min(UNSHARED_TABLE_BYTES / board_bytes).max(1)
        };
        // Room for the steps of one timed chunk, so the table never grows
        // while it is timed.
        let mut table = HashSet::with_capacity(target + POOL);
        let mut rng = Rng(0x7ab1e);
        while table.len() < same_shape {
            let child = start.apply_move(rng.pick(&case.quiet));
            table.insert(child.apply_move(rng.pick(&case.quiet)));
        }
        let pieces: Vec<&P> = case.squares.iter().flatten().take(TOKENS.len()).collect();
        while table.len() < target {
            let small: Vec<Option<P>> = (0..16)
                .map(|_| (rng.next_u64() & 1 == 1).then(|| (*rng.pick(&pieces)).clone()))
                .collect();
            table.insert(Q::from_squares(&[4, 4], &small));
        }
        table
    }
}

impl Operation for SearchStep {
    const NAME: &'static str = "search_step";

    fn bench<P: Piece, Q: Position<P, u8>>(b: &mut Bench<'_, '_>, case: &Case<P>) {
        let start = Q::from_squares(&case.shape, &case.squares);
        let mut table = Self::table(case, &start);
        let mut next = 0;
        let mut inserted = vec![false; POOL];
        b.run(Q::CRATE, |b| {
            b.iter_custom(|iterations| {
                let mut timed = Duration::ZERO;
                let mut remaining = iterations;
                while remaining > 0 {
                    // At most one pass over the moves, so a chunk's children
                    // are distinct and the table can be restored after it.
                    let chunk = usize::try_from(remaining.min(POOL as u64)).expect("at most POOL");
                    let first = next;
                    let clock = Instant::now();
                    for was_new in &mut inserted[..chunk] {
                        let child = start.apply_move(&case.quiet[cycle(&mut next)]);
                        *was_new = table.insert(child);
                    }
                    timed += clock.elapsed();
                    for (offset, &was_new) in inserted[..chunk].iter().enumerate() {
                        if was_new {
                            let changes = &case.quiet[(first + offset) % POOL];
                            table.remove(&start.apply_move(changes));
                        }
                    }
                    remaining -= chunk as u64;
                }
                timed
            });
        });
    }
}

struct ReadSquare;

impl Operation for ReadSquare {
    const NAME: &'static str = "read_square";

    fn bench<P: Piece, Q: Position<P, u8>>(b: &mut Bench<'_, '_>, case: &Case<P>) {
        let start = Q::from_squares(&case.shape, &case.squares);
        let mut next = 0;
        b.run(Q::CRATE, |b| {
            b.iter(|| start.square(case.indices[cycle(&mut next)]).is_some());
        });
    }

    fn baseline<P: Piece>(b: &mut Bench<'_, '_>, case: &Case<P>) {
        let mut next = 0;
        b.run("vec", |b| {
            b.iter(|| {
                case.squares
                    .get(case.indices[cycle(&mut next)])
                    .and_then(Option::as_ref)
                    .is_some()
            });
        });
    }
}

struct ScanBoard;

impl Operation for ScanBoard {
    const NAME: &'static str = "scan_board";

    fn bench<P: Piece, Q: Position<P, u8>>(b: &mut Bench<'_, '_>, case: &Case<P>) {
        let start = Q::from_squares(&case.shape, &case.squares);
        b.run(Q::CRATE, |b| b.iter(|| start.scan()));
    }

    fn baseline<P: Piece>(b: &mut Bench<'_, '_>, case: &Case<P>) {
        b.run("vec", |b| {
            b.iter(|| {
                case.squares
                    .iter()
                    .map(Option::as_ref)
                    .filter_map(black_box)
                    .count()
            });
        });
    }
}

/// A line of play from the case's start, one quiet move after another, as
/// long as the crate whose positions share nothing can keep in the same
/// budget as the transposition table's (at least one cycle of the writes a
/// position keeps, at most a move of each in the pool): a search walks
/// positions it has not walked just before.
fn played_line<P: Piece, Q: Position<P, u8>>(case: &Case<P>) -> Vec<Q> {
    let board_bytes = case.squares.len() * size_of::<Option<P>>();
    let length = (UNSHARED_TABLE_BYTES / board_bytes).clamp(DEPTHS, POOL);
    let mut line = vec![Q::from_squares(&case.shape, &case.squares)];
    for changes in &case.quiet[..length - 1] {
        let next = line.last().expect("the start").apply_move(changes);
        line.push(next);
    }
    line
}

/// Times `walk` on each position of the [`played_line`] in turn.
fn bench_played<P: Piece, Q: Position<P, u8>>(
    b: &mut Bench<'_, '_>,
    case: &Case<P>,
    walk: impl Fn(&Q) -> usize,
) {
    let line = played_line::<P, Q>(case);
    let mut next = 0;
    b.run(Q::CRATE, |b| {
        b.iter(|| {
            next = (next + 1) % line.len();
            walk(black_box(&line[next]))
        });
    });
}

struct ScanPlayed;

impl Operation for ScanPlayed {
    const NAME: &'static str = "scan_played";

    fn bench<P: Piece, Q: Position<P, u8>>(b: &mut Bench<'_, '_>, case: &Case<P>) {
        bench_played::<P, Q>(b, case, Q::scan);
    }
}

struct OccupiedPlayed;

impl Operation for OccupiedPlayed {
    const NAME: &'static str = "occupied_played";

    fn bench<P: Piece, Q: Position<P, u8>>(b: &mut Bench<'_, '_>, case: &Case<P>) {
        bench_played::<P, Q>(b, case, Q::occupied_count);
    }
}

struct BoardInto;

impl Operation for BoardInto {
    const NAME: &'static str = "board_into";

    fn bench<P: Piece, Q: Position<P, u8>>(b: &mut Bench<'_, '_>, case: &Case<P>) {
        let start = Q::from_squares(&case.shape, &case.squares);
        let mut out = vec![None; case.squares.len()];
        b.run(Q::CRATE, |b| {
            b.iter(|| {
                start.board_into(black_box(&mut out));
                black_box(&out);
            });
        });
    }

    fn baseline<P: Piece>(b: &mut Bench<'_, '_>, case: &Case<P>) {
        let mut out = vec![None; case.squares.len()];
        b.run("vec", |b| {
            b.iter(|| {
                black_box(&mut out).clone_from_slice(&case.squares);
                black_box(&out);
            });
        });
    }
}

struct SquaresInto;

impl Operation for SquaresInto {
    const NAME: &'static str = "squares_into";

    fn bench<P: Piece, Q: Position<P, u8>>(b: &mut Bench<'_, '_>, case: &Case<P>) {
        let start = Q::from_squares(&case.shape, &case.squares);
        let mut out = vec![None; case.squares.len()];
        b.run(Q::CRATE, |b| {
            b.iter(|| {
                start.squares_into(black_box(&mut out));
                black_box(&out);
            });
        });
    }
}

struct OccupiedEmpty;

impl Operation for OccupiedEmpty {
    const NAME: &'static str = "occupied_empty";

    fn bench<P: Piece, Q: Position<P, u8>>(b: &mut Bench<'_, '_>, case: &Case<P>) {
        let empty = Q::from_squares(&case.shape, &vec![None; case.squares.len()]);
        b.run(Q::CRATE, |b| b.iter(|| black_box(&empty).occupied_count()));
    }
}

struct HashPosition;

impl Operation for HashPosition {
    const NAME: &'static str = "hash_position";

    fn bench<P: Piece, Q: Position<P, u8>>(b: &mut Bench<'_, '_>, case: &Case<P>) {
        let start = Q::from_squares(&case.shape, &case.squares);
        let hasher = RandomState::new();
        b.run(Q::CRATE, |b| b.iter(|| hasher.hash_one(&start)));
    }
}

struct EqPosition;

impl Operation for EqPosition {
    const NAME: &'static str = "eq_position";

    fn bench<P: Piece, Q: Position<P, u8>>(b: &mut Bench<'_, '_>, case: &Case<P>) {
        let start = Q::from_squares(&case.shape, &case.squares);
        // Two quiet moves on four distinct squares commute.
        let first = &case.quiet[0];
        let second = case
            .quiet
            .iter()
            .find(|changes| {
                changes
                    .iter()
                    .all(|(index, _)| first.iter().all(|(other, _)| other != index))
            })
            .expect("two disjoint moves among the pool");
        let one_way = start.apply_move(first).apply_move(second);
        let other_way = start.apply_move(second).apply_move(first);
        assert!(
            one_way == other_way,
            "transposed moves give equal positions"
        );
        b.run(&format!("equal/{}", Q::CRATE), |b| {
            b.iter(|| black_box(&one_way) == black_box(&other_way));
        });

        let sibling = start.apply_move(second);
        let cousin = start.apply_move(first);
        assert!(
            sibling != cousin,
            "different moves give different positions"
        );
        b.run(&format!("unequal/{}", Q::CRATE), |b| {
            b.iter(|| black_box(&sibling) == black_box(&cousin));
        });
    }
}

fn clone(c: &mut Criterion) {
    run::<CloneOp>(c);
}

fn apply_move(c: &mut Criterion) {
    run::<ApplyMove>(c);
}

fn capture_to_hand(c: &mut Criterion) {
    run::<CaptureToHand>(c);
}

fn edit_move(c: &mut Criterion) {
    run::<EditMove>(c);
}

fn edit_capture(c: &mut Criterion) {
    run::<EditCapture>(c);
}

fn search_step(c: &mut Criterion) {
    run::<SearchStep>(c);
}

fn read_square(c: &mut Criterion) {
    run::<ReadSquare>(c);
}

fn scan_board(c: &mut Criterion) {
    run::<ScanBoard>(c);
}

fn scan_played(c: &mut Criterion) {
    run::<ScanPlayed>(c);
}

fn occupied_played(c: &mut Criterion) {
    run::<OccupiedPlayed>(c);
}

fn board_into(c: &mut Criterion) {
    run::<BoardInto>(c);
}

fn squares_into(c: &mut Criterion) {
    run::<SquaresInto>(c);
}

fn occupied_empty(c: &mut Criterion) {
    run::<OccupiedEmpty>(c);
}

fn hash_position(c: &mut Criterion) {
    run::<HashPosition>(c);
}

fn eq_position(c: &mut Criterion) {
    run::<EqPosition>(c);
}

criterion_group!(
    name = benches;
    // Plots take longer to draw than most of these benchmarks take to run.
    config = Criterion::default().without_plots();
    targets = clone,
    apply_move,
    capture_to_hand,
    edit_move,
    edit_capture,
    search_step,
    read_square,
    scan_board,
    scan_played,
    board_into,
    squares_into,
    occupied_empty,
    occupied_played,
    hash_position,
    eq_position
);
criterion_main!(benches);
