//! The Monte Carlo tree search of each game's start position (shogi,
//! chess, Go on the empty 9x9 board) with the position crates and the
//! game's fixed array through the same rules, keeping positions or moves in
//! its tree, side by side, without the program's counting allocator: a
//! fresh tree from the root, a fixed number of iterations with a fixed seed
//! (so every run builds the same tree), shown as iterations a second.
//!
//! Without playouts (`playout_plies` 0: each new leaf evaluated at once) the
//! tree is the work: selection, expansion and the positions each store
//! keeps or replays; then, with `Qi` alone, the game's own playouts
//! ([`Rules::PLAYOUT_PLIES`]).
//!
//! `cargo bench -p games --bench search`

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use games::chess::Chess;
use games::go::Go;
use games::search::{Limits, Moves, Options, Positions, Quiet, Rules, Search, Settings, Store};
use games::shogi::Shogi;
use games::{Local, Node, Persistent, Position, Sashite};

type Group<'a> = criterion::BenchmarkGroup<'a, criterion::measurement::WallTime>;

/// The playouts' seed: every run of a bench builds the same tree.
const SEED: u64 = 1;

/// One bench: a search of `iterations` iterations from the first published
/// position of `G` (its start) over the crate `P`, its tree kept by `S`.
fn bench_search<G: Rules, P: Position<Piece = G::Piece, Style = G::Style>, S: Store>(
    group: &mut Group<'_>,
    settings: Settings,
    iterations: u64,
) {
    let root = G::load::<P>(G::PUBLISHED[0].text).expect("a published position");
    let terms = G::default_terms(&root.read());
    let options = Options {
        settings,
        threads: 1,
        seed: SEED,
        memory: None,
    };
    let limits = Limits {
        iterations: Some(iterations),
        time: None,
    };
    group.bench_function(BenchmarkId::new(P::CRATE, S::NAME), |b| {
        b.iter(|| {
            let mut search = Search::<G, G::Node<P>, S>::new(root.clone(), terms, options);
            let report = search.run(&limits, &mut Quiet);
            std::hint::black_box((report.best, report.nodes))
        });
    });
}

/// The benches of one crate: both stores.
fn bench_stores<G: Rules, P: Position<Piece = G::Piece, Style = G::Style>>(
    group: &mut Group<'_>,
    settings: Settings,
    iterations: u64,
) {
    bench_search::<G, P, Positions>(group, settings, iterations);
    bench_search::<G, P, Moves>(group, settings, iterations);
}

/// A group of `G`'s searches with playouts of `playout_plies`, named by
/// them and by `iterations`.
fn new_group<G: Rules>(
    c: &mut Criterion,
    playout_plies: u32,
    iterations: u64,
) -> (Group<'_>, Settings) {
    let plies = if playout_plies == u32::MAX {
        "end".to_string()
    } else {
        playout_plies.to_string()
    };
    let mut group = c.benchmark_group(format!(
        "{}/search/playout-plies {plies}/{iterations} iterations",
        G::NAME
    ));
    group.throughput(Throughput::Elements(iterations));
    let settings = Settings {
        playout_plies,
        ..Settings::default()
    };
    (group, settings)
}

/// The groups of one game: every crate and store without playouts, for
/// `iterations`; then `Qi` with the game's playouts, for
/// `playout_iterations`.
fn bench_game<G: Rules>(c: &mut Criterion, iterations: u64, playout_iterations: u64) {
    let (mut group, settings) = new_group::<G>(c, 0, iterations);
    bench_stores::<G, Persistent<G::Piece, G::Style>>(&mut group, settings, iterations);
    bench_stores::<G, Local<G::Piece, G::Style>>(&mut group, settings, iterations);
    bench_stores::<G, Sashite<G::Piece, G::Style>>(&mut group, settings, iterations);
    bench_stores::<G, G::Fixed>(&mut group, settings, iterations);
    group.finish();

    let (mut group, settings) = new_group::<G>(c, G::PLAYOUT_PLIES, playout_iterations);
    bench_stores::<G, Persistent<G::Piece, G::Style>>(&mut group, settings, playout_iterations);
    group.finish();
}

fn benches(c: &mut Criterion) {
    bench_game::<Shogi>(c, 2_000, 500);
    bench_game::<Chess>(c, 2_000, 500);
    bench_game::<Go>(c, 1_000, 500);
}

criterion_group!(search_benches, benches);
criterion_main!(search_benches);
