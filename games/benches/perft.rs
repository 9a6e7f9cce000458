//! Perft of each game with the position crates and the game's fixed array
//! through the same rules, side by side, without the program's counting
//! allocator: a shallow perft of a published position of each game, and
//! the bare cost of building every child of one node.
//!
//! `cargo bench -p games --bench perft`

use criterion::{BenchmarkId, Criterion, Throughput, criterion_group, criterion_main};
use games::chess::Chess;
use games::go::Go;
use games::shogi::Shogi;
use games::{Game, Local, Node, Persistent, Position, Sashite, perft};

type Group<'a> = criterion::BenchmarkGroup<'a, criterion::measurement::WallTime>;

fn node<G: Game, P: Position<Piece = G::Piece, Style = G::Style>>(text: &str) -> G::Node<P> {
    G::load::<P>(text).expect("a published position")
}

fn bench_perft<G: Game, P: Position<Piece = G::Piece, Style = G::Style>>(
    group: &mut Group<'_>,
    text: &str,
    depth: u32,
) {
    let root = node::<G, P>(text);
    group.bench_function(BenchmarkId::from_parameter(P::CRATE), |b| {
        b.iter(|| perft(&root, depth));
    });
}

fn bench_children<G: Game, P: Position<Piece = G::Piece, Style = G::Style>>(
    group: &mut Group<'_>,
    text: &str,
) {
    let root = node::<G, P>(text);
    let board = root.read();
    let moves = root.legal_move_list();
    group.bench_function(BenchmarkId::from_parameter(P::CRATE), |b| {
        b.iter(|| {
            for &mv in &moves {
                std::hint::black_box(root.play(&board, mv));
            }
        });
    });
}

/// The groups of one game: perft of each named position to its depth, and
/// the children of each.
fn bench_game<G: Game>(c: &mut Criterion, positions: &[(&str, u32)]) {
    for &(name, depth) in positions {
        let published = G::PUBLISHED
            .iter()
            .find(|published| published.name == name)
            .expect("a published position");
        let slug = name.to_lowercase().replace(' ', "-");
        let mut group = c.benchmark_group(format!("{}/perft/{slug}/depth {depth}", G::NAME));
        group.throughput(Throughput::Elements(published.counts[depth as usize - 1]));
        bench_perft::<G, Persistent<G::Piece, G::Style>>(&mut group, published.text, depth);
        bench_perft::<G, Local<G::Piece, G::Style>>(&mut group, published.text, depth);
        bench_perft::<G, Sashite<G::Piece, G::Style>>(&mut group, published.text, depth);
        bench_perft::<G, G::Fixed>(&mut group, published.text, depth);
        group.finish();

        let mut group = c.benchmark_group(format!("{}/children/{slug}", G::NAME));
        group.throughput(Throughput::Elements(published.counts[0]));
        bench_children::<G, Persistent<G::Piece, G::Style>>(&mut group, published.text);
        bench_children::<G, Local<G::Piece, G::Style>>(&mut group, published.text);
        bench_children::<G, Sashite<G::Piece, G::Style>>(&mut group, published.text);
        bench_children::<G, G::Fixed>(&mut group, published.text);
        group.finish();
    }
}

fn benches(c: &mut Criterion) {
    bench_game::<Shogi>(c, &[("start", 3), ("Matsuri", 2)]);
    bench_game::<Chess>(c, &[("start", 3), ("Kiwipete", 2)]);
    bench_game::<Go>(c, &[("9x9", 2)]);
}

criterion_group!(perft_benches, benches);
criterion_main!(perft_benches);
