//! Reading kept positions into one board, as the playouts, the kept tree
//! and the search do: in any order, from any crate, between unrelated
//! games and board sizes, and after moves made in place on the board, the
//! board read holds the node's points, turn and ko point, and the groups,
//! empty points and neighbour counts a rebuild from those points gives
//! ([`Board::check_kept`]). A read updates only what differs from what the
//! board held: these tests hold it to a board read fresh.

use games::go::{self, Board, Go, GoPosition, Node, random_move};
use games::search::Rules;
use games::{Game, Local, Node as _, Persistent, Position, Sashite, same_content};
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
    /// fixed array, 3 sashite-qi) into `board`, then checks it; whether
    /// the crate could tell where the node's board may differ from the one
    /// read before (`marked`, that board's mark, is updated).
    fn read(&self, kind: usize, index: usize, board: &mut Board, marked: &mut Mark) -> bool {
        match kind {
            0 => read_checked(&self.ours[index], board, marked),
            1 => read_checked(&self.local[index], board, marked),
            2 => read_checked(&self.fixed[index], board, marked),
            _ => read_checked(&self.peer[index], board, marked),
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

/// The mark of the position a board was last read from, as the board keeps
/// it: what the test asks the crate about, to count the reads it answered.
type Mark = games::BoardMark;

/// Reads `node` into `board` and asserts the board is the one a fresh read
/// gives, with the groups, empty points and counts of a rebuild; whether
/// the crate could tell where `node`'s board may differ from the board
/// `marked` was taken of (which then becomes `node`'s mark).
fn read_checked<P: GoPosition>(node: &Node<P>, board: &mut Board, marked: &mut Mark) -> bool {
    let answered = node.position.squares_changed_since(marked).is_some();
    node.read_into(board);
    *marked = node.position.board_mark();
    assert_checked(board, node);
    answered
}

/// `board` holds `node`'s points, turn and ko point, and keeps what a
/// rebuild from its points gives.
fn assert_checked<P: GoPosition>(board: &Board, node: &Node<P>) {
    assert_eq!(board.check_kept(), Ok(()), "{} on {board}", P::CRATE);
    assert_eq!(*board, node.read(), "{}", P::CRATE);
    assert_eq!(board.ko(), node.ko());
}

#[test]
fn every_kept_position_read_in_random_order_into_one_board_is_the_rebuilt_one() {
    let (mut reads, mut answered, mut captured) = (0, 0, 0);
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
        let mut marked = Mark::default();
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
                // `Qi` and `LocalQi` twice as often as the others.
                let kind = [0, 0, 1, 1, 2, 3][rng.below(6)];
                answered += usize::from(kept.read(kind, index, &mut board, &mut marked));
                reads += 1;
                last = index;
            }
        }
    }
    // The games capture, and the crate tells where the boards differ for
    // many reads (the others compare every point).
    assert!(captured > 100, "{captured} stones captured");
    assert!(
        answered * 10 > reads,
        "{answered} of {reads} reads answered by the mark"
    );
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
    let mut marked = Mark::default();
    for _ in 0..2_000 {
        let kept = rng.pick(&games);
        let index = rng.below(kept.len());
        kept.read(rng.below(4), index, &mut board, &mut marked);
    }
}

#[test]
fn reads_after_moves_made_in_place_are_the_rebuilt_ones() {
    for (size, seed) in [("9x9", 21), ("19x19", 22)] {
        let kept = Kept::new(size, seed, 250);
        let mut rng = Rng(seed + 100);
        let mut board = Board::default();
        let mut marked = Mark::default();
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
            kept.read([0, 0, 1, 2, 3][rng.below(5)], at, &mut board, &mut marked);
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

/// Whether `child`'s crate tells where its board may differ from
/// `parent`'s (`None` where the move's write copied the blocks); if it
/// does, `differ`, where they do differ, must be among the points named.
fn names_every_change<P: GoPosition>(parent: &Node<P>, child: &Node<P>, differ: &[usize]) -> bool {
    let mark = parent.position.board_mark();
    let Some(maybe) = child.position.squares_changed_since(&mark) else {
        return false;
    };
    let maybe: Vec<usize> = maybe.collect();
    assert!(differ.iter().all(|index| maybe.contains(index)));
    true
}

#[test]
fn a_childs_mark_names_every_point_its_move_wrote() {
    let (mut captures, mut asked, mut answered) = (0, 0, 0);
    for (size, seed) in [("9x9", 31), ("19x19", 32)] {
        let ours = game::<Ours>(size, seed, 300);
        let local = game::<Local<u8, u8>>(size, seed, 300);
        for (pair, local_pair) in ours.windows(2).zip(local.windows(2)) {
            let (before, after) = (pair[0].read(), pair[1].read());
            let differ: Vec<usize> = (0..before.squares().len())
                .filter(|&index| before.squares()[index] != after.squares()[index])
                .collect();
            captures += usize::from(differ.len() > 1);
            asked += 2;
            answered += usize::from(names_every_change(&pair[0], &pair[1], &differ));
            answered += usize::from(names_every_change(&local_pair[0], &local_pair[1], &differ));
        }
    }
    assert!(captures > 20, "{captures} moves captured");
    assert!(
        answered * 2 > asked,
        "{answered} of {asked} children answered"
    );
}

#[test]
fn crates_that_cannot_tell_where_boards_differ_say_so() {
    let fixed = game::<Fixed>("9x9", 41, 10);
    let peer = game::<Sashite<u8, u8>>("9x9", 41, 10);
    let ours = game::<Ours>("9x9", 41, 10);
    let mark = ours[9].position.board_mark();
    assert!(ours[10].position.squares_changed_since(&mark).is_some());
    assert_eq!(fixed[9].position.board_mark(), Mark::default());
    assert!(fixed[10].position.squares_changed_since(&mark).is_none());
    assert_eq!(peer[9].position.board_mark(), Mark::default());
    assert!(peer[10].position.squares_changed_since(&mark).is_none());
    // Unrelated positions of the one crate that can tell share no blocks.
    let apart = game::<Ours>("9x9", 42, 10);
    assert!(apart[10].position.squares_changed_since(&mark).is_none());
}
