//! Random playouts and the kept tree: the same seed plays the same game
//! with every crate, no playout fills its own eye, and the kept tree keeps
//! exactly the positions asked.

use std::time::Instant;

use games::go::{self, Board, KeptTreeError, MAX_MOVES, Node, Point, kept_tree, playout};
use games::{Game, Local, Node as _, Persistent, Position, Sashite, content_digest, same_content};
use harness::support::Rng;

type Ours = Persistent<u8, u8>;

type Fixed = <go::Go as Game>::Fixed;

fn load<P: Position<Piece = u8, Style = u8>>(text: &str) -> Node<P> {
    go::load(text).unwrap()
}

fn point(name: &str) -> Point {
    name.parse().unwrap()
}

/// An eye as the documentation defines it, written out from the points'
/// coordinates: every orthogonal neighbour on the board the mover's, and
/// opponent diagonals plus one for a point on the edge fewer than two.
fn is_eye_by_definition(board: &Board, index: usize) -> bool {
    let (width, height) = (board.width(), board.height());
    let (row, column) = (index / width, index % width);
    let mover = Some(go::stone(board.turn()));
    let opponent = Some(go::stone(board.turn().flip()));
    // The point a step away: `None` off the board, else its stone.
    let step = |rows: isize, columns: isize| {
        let row = row.checked_add_signed(rows)?;
        let column = column.checked_add_signed(columns)?;
        (row < height && column < width).then(|| board.squares()[row * width + column])
    };
    if board.squares()[index].is_some() {
        return false;
    }
    let orthogonal = [(-1, 0), (1, 0), (0, -1), (0, 1)];
    if orthogonal
        .iter()
        .filter_map(|&(rows, columns)| step(rows, columns))
        .any(|stone| stone != mover)
    {
        return false;
    }
    let diagonal: Vec<Option<u8>> = [(-1, -1), (-1, 1), (1, -1), (1, 1)]
        .iter()
        .filter_map(|&(rows, columns)| step(rows, columns))
        .collect();
    let opponents = diagonal.iter().filter(|&&stone| stone == opponent).count();
    opponents + usize::from(diagonal.len() < 4) < 2
}

#[test]
fn the_same_seed_plays_the_same_game_with_every_crate() {
    for (size, seeds) in [("9x9", 0..20), ("19x19", 0..3), ("7x5", 0..10)] {
        for seed in seeds {
            let ours = playout(load::<Ours>(size), &mut Rng(seed), MAX_MOVES);
            let local = playout(load::<Local<u8, u8>>(size), &mut Rng(seed), MAX_MOVES);
            let peer = playout(load::<Sashite<u8, u8>>(size), &mut Rng(seed), MAX_MOVES);
            let fixed = playout(load::<Fixed>(size), &mut Rng(seed), MAX_MOVES);
            assert!(!ours.moves.is_empty());
            assert_eq!(ours.moves, local.moves, "{size} seed {seed}");
            assert_eq!(ours.moves, peer.moves, "{size} seed {seed}");
            assert_eq!(ours.moves, fixed.moves, "{size} seed {seed}");
            assert!(same_content(&ours.node.position, &local.node.position));
            assert!(same_content(&ours.node.position, &peer.node.position));
            assert!(same_content(&ours.node.position, &fixed.node.position));
            assert_eq!(ours.node.ko(), peer.node.ko());
        }
    }
}

#[test]
fn different_seeds_play_different_games() {
    let first = playout(load::<Ours>("9x9"), &mut Rng(1), MAX_MOVES);
    let second = playout(load::<Ours>("9x9"), &mut Rng(2), MAX_MOVES);
    assert_ne!(first.moves, second.moves);
}

#[test]
fn no_playout_fills_an_own_eye() {
    let mut eyes_refused = 0;
    for (size, seeds) in [("9x9", 0..30), ("5x5", 0..60), ("19x19", 0..2)] {
        for seed in seeds {
            let game = playout(load::<Ours>(size), &mut Rng(seed), 1_000);
            let mut node = load::<Ours>(size);
            for &mv in &game.moves {
                let board = node.read();
                let index = board.index(mv).unwrap();
                assert!(board.is_legal(mv), "{mv} on {board}");
                assert!(!board.is_own_eye(mv), "{mv} on {board}");
                assert!(!is_eye_by_definition(&board, index), "{mv} on {board}");
                eyes_refused += (0..board.squares().len())
                    .filter(|&index| is_eye_by_definition(&board, index))
                    .count();
                node = node.play(&board, mv);
            }
            assert_eq!(node, game.node);
        }
    }
    // The games did reach positions with eyes to refuse.
    assert!(eyes_refused > 1_000, "{eyes_refused}");
}

#[test]
fn the_eye_test_follows_its_definition_on_every_point() {
    for seed in 0..20 {
        let game = playout(load::<Ours>("9x9"), &mut Rng(seed), 1_000);
        let board = game.node.read();
        for index in 0..81 {
            let point = board.point(index).unwrap();
            assert_eq!(
                board.is_own_eye(point),
                is_eye_by_definition(&board, index),
                "{point} on {board}"
            );
        }
    }
}

#[test]
fn an_eye_in_the_middle_with_one_opponent_diagonal_is_an_eye() {
    let board = load::<Ours>("...../OX.../X.X../.X.../..... X").read();
    assert!(board.is_own_eye(point("B3")));
}

#[test]
fn an_eye_in_the_middle_with_two_opponent_diagonals_is_false() {
    let board = load::<Ours>("...../OXO../X.X../.X.../..... X").read();
    assert!(!board.is_own_eye(point("B3")));
    assert!(board.is_legal(point("B3")));
}

#[test]
fn an_eye_on_the_edge_with_one_opponent_diagonal_is_false() {
    let edge = load::<Ours>("...../...../...../XXO../X.X.. X").read();
    assert!(!edge.is_own_eye(point("B1")));
    let clean = load::<Ours>("...../...../...../XXX../X.X.. X").read();
    assert!(clean.is_own_eye(point("B1")));
}

#[test]
fn an_eye_in_the_corner_is_an_eye() {
    let board = load::<Ours>("...../...../...../XX.../.X... X").read();
    assert!(board.is_own_eye(point("A1")));
    let false_eye = load::<Ours>("...../...../...../XO.../.X... X").read();
    assert!(!false_eye.is_own_eye(point("A1")));
}

#[test]
fn the_opponents_eye_is_not_an_own_eye() {
    let board = load::<Ours>("...../...../...../XX.../.X... O").read();
    assert!(!board.is_own_eye(point("A1")));
}

#[test]
fn a_playout_stops_when_the_mover_has_no_move() {
    let game = playout(load::<Ours>("5x5"), &mut Rng(3), 1_000);
    assert!(game.moves.len() < 1_000);
    let board = game.node.read();
    assert!(go::random_move(&board, &mut Rng(0)).is_none());
    let mut moves = Vec::new();
    board.legal_moves(&mut moves);
    assert!(moves.iter().all(|&mv| board.is_own_eye(mv)), "{board}");
}

#[test]
fn a_19x19_playout_ends_within_max_moves() {
    let cut = playout(load::<Ours>("19x19"), &mut Rng(5), MAX_MOVES);
    assert_eq!(cut.moves.len(), MAX_MOVES);
    let whole = playout(load::<Ours>("19x19"), &mut Rng(5), 2_000);
    assert!(whole.moves.len() > MAX_MOVES && whole.moves.len() < 2_000);
    assert_eq!(whole.moves[..MAX_MOVES], cut.moves[..]);
    assert!(go::random_move(&whole.node.read(), &mut Rng(0)).is_none());
}

#[test]
fn the_kept_tree_holds_exactly_the_positions_asked() {
    for (size, positions) in [("9x9", 5_000), ("19x19", 2_000), ("3x3", 500)] {
        let root = load::<Ours>(size);
        let tree = kept_tree(root.clone(), &mut Rng(11), positions, MAX_MOVES).unwrap();
        assert_eq!(tree.nodes.len(), positions, "{size}");
        assert_eq!(tree.nodes.capacity(), positions, "reserved once, exactly");
        assert_eq!(tree.nodes[0], root);
        assert!(tree.playouts > 1);
    }
}

#[test]
fn the_first_playout_of_the_kept_tree_starts_at_the_root() {
    let root = load::<Ours>("9x9");
    let tree = kept_tree(root.clone(), &mut Rng(4), 10, MAX_MOVES).unwrap();
    let game = playout(root, &mut Rng(4), 9);
    let mut node = tree.nodes[0].clone();
    for (kept, &mv) in tree.nodes[1..].iter().zip(&game.moves) {
        node = node.play(&node.read(), mv);
        assert_eq!(kept, &node);
    }
    assert_eq!(tree.playouts, 1);
}

#[test]
fn the_kept_tree_agrees_across_crates() {
    let ours = kept_tree(load::<Ours>("9x9"), &mut Rng(9), 3_000, MAX_MOVES).unwrap();
    let local = kept_tree(load::<Local<u8, u8>>("9x9"), &mut Rng(9), 3_000, MAX_MOVES).unwrap();
    let peer = kept_tree(
        load::<Sashite<u8, u8>>("9x9"),
        &mut Rng(9),
        3_000,
        MAX_MOVES,
    )
    .unwrap();
    assert_eq!(ours.playouts, local.playouts);
    assert_eq!(ours.playouts, peer.playouts);
    for ((ours, local), peer) in ours.nodes.iter().zip(&local.nodes).zip(&peer.nodes) {
        assert_eq!(
            content_digest(&ours.position),
            content_digest(&local.position)
        );
        assert_eq!(
            content_digest(&ours.position),
            content_digest(&peer.position)
        );
        assert_eq!(ours.ko(), peer.ko());
    }
}

#[test]
fn a_kept_tree_that_cannot_grow_stops() {
    let lone = kept_tree(load::<Ours>("1"), &mut Rng(0), 100, MAX_MOVES).unwrap();
    assert_eq!(lone.nodes.len(), 1);
    let still = kept_tree(load::<Ours>("9x9"), &mut Rng(0), 100, 0).unwrap();
    assert_eq!(still.nodes.len(), 1);
    let none = kept_tree(load::<Ours>("9x9"), &mut Rng(0), 0, MAX_MOVES).unwrap();
    assert!(none.nodes.is_empty());
}

#[test]
fn a_kept_tree_too_large_to_reserve_is_an_error() {
    let error = kept_tree(load::<Ours>("9x9"), &mut Rng(0), usize::MAX, MAX_MOVES).unwrap_err();
    assert_eq!(
        error,
        KeptTreeError::OutOfMemory {
            positions: usize::MAX
        }
    );
    assert!(error.to_string().starts_with("out of memory"));
}

/// 100 playouts (the usual 300-move limit) on a board with crate `P`.
fn time_playouts<P: Position<Piece = u8, Style = u8>>(size: &str) {
    let root = load::<P>(size);
    // One playout first, so that no crate pays for cold caches.
    let _ = playout(root.clone(), &mut Rng(u64::MAX), MAX_MOVES);
    let start = Instant::now();
    let mut moves = 0;
    for seed in 0..100 {
        moves += playout(root.clone(), &mut Rng(seed), MAX_MOVES).moves.len();
    }
    let elapsed = start.elapsed();
    println!(
        "100 playouts on {size} with {}: {moves} moves in {elapsed:.2?} ({:.2?} a move)",
        P::CRATE,
        elapsed / u32::try_from(moves).unwrap()
    );
}

/// A kept tree of `positions` on a board with crate `P`.
fn time_kept_tree<P: Position<Piece = u8, Style = u8>>(size: &str, positions: usize) {
    let start = Instant::now();
    let tree = kept_tree(load::<P>(size), &mut Rng(1), positions, MAX_MOVES).unwrap();
    println!(
        "kept tree of {positions} on {size} with {}: {} playouts in {:.2?}",
        P::CRATE,
        tree.playouts,
        start.elapsed()
    );
}

/// Run in a release build: `cargo test --release -p games --test
/// go -- --ignored --nocapture playout::`.
#[test]
#[ignore = "timings: run in a release build"]
fn playout_times_per_crate() {
    for size in ["9x9", "19x19"] {
        time_playouts::<Ours>(size);
        time_playouts::<Local<u8, u8>>(size);
        time_playouts::<Sashite<u8, u8>>(size);
    }
    for size in ["9x9", "19x19"] {
        time_kept_tree::<Ours>(size, 100_000);
        time_kept_tree::<Local<u8, u8>>(size, 100_000);
        time_kept_tree::<Sashite<u8, u8>>(size, 100_000);
    }
}
