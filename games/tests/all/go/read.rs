//! Reading kept positions into one board, as the playouts, the kept tree
//! and the search do: in any order, from any crate, between unrelated
//! games and board sizes, and after moves made in place on the board, the
//! board read holds the node's points, turn and ko point, and the groups,
//! empty points and neighbour counts a rebuild from those points gives
//! ([`Board::check_kept`]). A read updates only what differs from what the
//! board held (stones placed and captured as moves do, or the groups a
//! change touches filled again, or a rebuild when most points change):
//! these tests hold it to a board read fresh.

use games::go::{self, Board, Go, GoPosition, Node, random_move};
use games::search::Rules;
use games::{Game, Local, Node as _, Persistent, Sashite, same_content};
use harness::support::Rng;

type Ours = Persistent<u8, u8>;

type Fixed = <Go as Game>::Fixed;

/// The nodes of one random game on an empty `size` board, the empty board
/// first: `moves` random moves ([`random_move`]) from seed `seed`, fewer
/// if the mover has none. Every crate plays the same game.
fn game<P: GoPosition>(size: &str, seed: u64, moves: usize) -> Vec<Node<P>> {
    let mut nodes = vec![go::load::<P>(size).expect("an empty board")];
    let mut rng = Rng(seed);
    let mut board = Board::default();
    while nodes.len() <= moves {
        let last = nodes.last().expect("the empty board");
        last.read_into(&mut board);
        let Some(mv) = random_move(&board, &mut rng) else {
            break;
        };
        nodes.push(last.play(&board, mv));
    }
    nodes
}

/// One game kept in every crate.
struct Kept {
    ours: Vec<Node<Ours>>,
    local: Vec<Node<Local<u8, u8>>>,
    fixed: Vec<Node<Fixed>>,
    peer: Vec<Node<Sashite<u8, u8>>>,
}

impl Kept {
    fn new(size: &str, seed: u64, moves: usize) -> Kept {
        let kept = Kept {
            ours: game(size, seed, moves),
            local: game(size, seed, moves),
            fixed: game(size, seed, moves),
            peer: game(size, seed, moves),
        };
        let last = kept.ours.last().expect("a game");
        assert!(same_content(
            &last.position,
            &kept.local.last().expect("a game").position
        ));
        assert!(same_content(
            &last.position,
            &kept.fixed.last().expect("a game").position
        ));
        assert!(same_content(
            &last.position,
            &kept.peer.last().expect("a game").position
        ));
        kept
    }

    fn len(&self) -> usize {
        self.ours.len()
    }

    /// Reads node `index` of crate `kind` (0 `Qi`, 1 `LocalQi`, 2 the
    /// fixed array, 3 sashite-qi) into `board`, then checks it.
    fn read(&self, kind: usize, index: usize, board: &mut Board) {
        match kind {
            0 => read_checked(&self.ours[index], board),
            1 => read_checked(&self.local[index], board),
            2 => read_checked(&self.fixed[index], board),
            _ => read_checked(&self.peer[index], board),
        }
    }

    /// How many stones the moves of the game captured.
    fn captured(&self) -> usize {
        let stones = |node: &Node<Ours>| {
            node.read()
                .squares()
                .iter()
                .filter(|square| square.is_some())
                .count()
        };
        self.ours
            .windows(2)
            .map(|pair| (stones(&pair[0]) + 1).saturating_sub(stones(&pair[1])))
            .sum()
    }
}

/// Reads `node` into `board` and asserts the board is the one a fresh read
/// gives, with the groups, empty points and counts of a rebuild.
fn read_checked<P: GoPosition>(node: &Node<P>, board: &mut Board) {
    node.read_into(board);
    assert_checked(board, node);
}

/// `board` holds `node`'s points, turn and ko point, and keeps what a
/// rebuild from its points gives.
fn assert_checked<P: GoPosition>(board: &Board, node: &Node<P>) {
    assert_eq!(board.check_kept(), Ok(()), "{} on {board}", P::CRATE);
    assert_eq!(*board, node.read(), "{}", P::CRATE);
    assert_eq!(board.ko(), node.ko());
}

/// The node after `moves` (each checked legal) from `diagram`.
fn after(diagram: &str, moves: &[&str]) -> Node<Ours> {
    let mut node = go::load::<Ours>(diagram).expect("a diagram of a legal position");
    for &name in moves {
        let board = node.read();
        let mv = name.parse().expect("a point");
        assert!(board.is_legal(mv), "{name} on {board}");
        node = node.play(&board, mv);
    }
    node
}

/// Reads `nodes` one after the other into one board, each checked.
fn read_in_turn(nodes: &[&Node<Ours>]) {
    let mut board = Board::default();
    for node in nodes {
        read_checked(node, &mut board);
    }
}

#[test]
fn a_read_back_to_the_parent_splits_the_group_the_move_joined() {
    let parent = after("XX.XX/...../...../...../..... X", &[]);
    let child = after("XX.XX/...../...../...../..... X", &["C5"]);
    assert_eq!(child.read().to_string(), "XXXXX/...../...../...../..... O");
    read_in_turn(&[&parent, &child, &parent, &child]);
}

#[test]
fn a_read_back_to_the_parent_puts_captured_stones_back() {
    let start = ".X.../XO.../.X.../...../..... X";
    let (parent, child) = (after(start, &[]), after(start, &["C4"]));
    assert_eq!(child.read().to_string(), ".X.../X.X../.X.../...../..... O");
    read_in_turn(&[&parent, &child, &parent, &child]);
}

#[test]
fn a_read_that_turns_stones_to_the_other_colour_regroups_them() {
    let black = after("XXX../.X.../...../...../....O X", &[]);
    let mixed = after("XOX../.O.../...../...../....O X", &[]);
    read_in_turn(&[&black, &mixed, &black]);
}

#[test]
fn a_read_where_most_points_differ_is_the_rebuilt_one() {
    let kept = Kept::new("9x9", 7, 300);
    let (empty, full) = (&kept.ours[0], kept.ours.last().expect("a game"));
    let stones = full.read().squares().iter().flatten().count();
    assert!(stones > 40, "{stones} stones on the last board");
    read_in_turn(&[empty, full, empty]);
}

#[test]
fn every_kept_position_read_in_random_order_into_one_board_is_the_rebuilt_one() {
    let mut captured = 0;
    for (size, seed) in [
        ("9x9", 1),
        ("9x9", 2),
        ("9x9", 3),
        ("19x19", 4),
        ("19x19", 5),
        ("19x19", 6),
    ] {
        let kept = Kept::new(size, seed, 300);
        captured += kept.captured();
        let mut rng = Rng(seed + 100);
        let mut board = Board::default();
        let mut last = 0;
        // The game grows a node at a time; after each, a few reads: the
        // newest node (most often the child of the one read before), one
        // near the last read, or any kept so far, from any crate.
        for grown in 1..=kept.len() {
            for _ in 0..3 {
                let index = match rng.below(4) {
                    0 | 1 => grown - 1,
                    2 => (last + rng.below(7)).saturating_sub(3).min(grown - 1),
                    _ => rng.below(grown),
                };
                kept.read(rng.below(4), index, &mut board);
                last = index;
            }
        }
    }
    // The games capture: reads put captured stones back and take them off.
    assert!(captured > 100, "{captured} stones captured");
}

#[test]
fn reads_that_jump_between_unrelated_games_and_board_sizes_are_the_rebuilt_ones() {
    let games = [
        Kept::new("9x9", 11, 150),
        Kept::new("19x19", 12, 300),
        Kept::new("9x9", 13, 150),
        Kept::new("19x19", 14, 300),
        Kept::new("13x13", 15, 200),
        Kept::new("7x5", 16, 60),
    ];
    let mut rng = Rng(17);
    let mut board = Board::default();
    for _ in 0..2_000 {
        let kept = rng.pick(&games);
        let index = rng.below(kept.len());
        kept.read(rng.below(4), index, &mut board);
    }
}

#[test]
fn reads_after_moves_made_in_place_are_the_rebuilt_ones() {
    for (size, seed) in [("9x9", 21), ("19x19", 22)] {
        let kept = Kept::new(size, seed, 250);
        let mut rng = Rng(seed + 100);
        let mut board = Board::default();
        let mut at = 0;
        for _ in 0..400 {
            // The node read before (only the moves made since differ), the
            // next one, a near one or any.
            at = match rng.below(4) {
                0 => at,
                1 => (at + 1).min(kept.len() - 1),
                2 => (at + rng.below(7)).saturating_sub(3).min(kept.len() - 1),
                _ => rng.below(kept.len()),
            };
            kept.read(rng.below(4), at, &mut board);
            // Moves made in place, as the search makes them after a read:
            // the board then holds a position no node holds.
            let mut step = Go::first_step(&board);
            for _ in 0..rng.below(12) {
                let mv = random_move(&board, &mut rng).unwrap_or(go::Point::PASS);
                step = Go::make(&mut board, mv, &step);
                assert_eq!(board.check_kept(), Ok(()), "after {mv} on {board}");
            }
        }
    }
}
