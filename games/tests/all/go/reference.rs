//! The fast rules against a slow, plain reference written here from the
//! rules' text (a `Vec` board, recursive group search, a move tried by
//! playing it out): perft counts on small boards, and the legal moves, the
//! board and the ko point at every node of random games.

use games::go::{self, BLACK, Point, WHITE, random_move};
use games::{Node as _, Persistent, perft};
use harness::support::Rng;
use persistent_qi::Player;

/// A position as the rules' text describes it, nothing precomputed.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Plain {
    width: usize,
    height: usize,
    squares: Vec<Option<u8>>,
    turn: u8,
    ko: Option<usize>,
}

impl Plain {
    fn empty(width: usize, height: usize) -> Plain {
        Plain {
            width,
            height,
            squares: vec![None; width * height],
            turn: BLACK,
            ko: None,
        }
    }

    fn neighbours(&self, index: usize) -> Vec<usize> {
        let (row, column) = (index / self.width, index % self.width);
        let mut neighbours = Vec::new();
        if row > 0 {
            neighbours.push(index - self.width);
        }
        if row + 1 < self.height {
            neighbours.push(index + self.width);
        }
        if column > 0 {
            neighbours.push(index - 1);
        }
        if column + 1 < self.width {
            neighbours.push(index + 1);
        }
        neighbours
    }

    /// The stones of the group at `index`, found recursively.
    fn group(&self, index: usize) -> Vec<usize> {
        fn visit(plain: &Plain, index: usize, group: &mut Vec<usize>) {
            group.push(index);
            for next in plain.neighbours(index) {
                if plain.squares[next] == plain.squares[index] && !group.contains(&next) {
                    visit(plain, next, group);
                }
            }
        }
        let mut group = Vec::new();
        visit(self, index, &mut group);
        group
    }

    fn liberties(&self, group: &[usize]) -> Vec<usize> {
        let mut liberties = Vec::new();
        for &stone in group {
            for next in self.neighbours(stone) {
                if self.squares[next].is_none() && !liberties.contains(&next) {
                    liberties.push(next);
                }
            }
        }
        liberties
    }

    /// The position after the player to move plays `index`, or `None` if
    /// the move is illegal.
    fn play(&self, index: usize) -> Option<Plain> {
        if self.squares[index].is_some() || self.ko == Some(index) {
            return None;
        }
        let opponent = if self.turn == BLACK { WHITE } else { BLACK };
        let mut next = self.clone();
        next.squares[index] = Some(self.turn);
        let mut captured = Vec::new();
        for neighbour in self.neighbours(index) {
            if next.squares[neighbour] == Some(opponent) {
                let group = next.group(neighbour);
                if next.liberties(&group).is_empty() {
                    for &stone in &group {
                        next.squares[stone] = None;
                    }
                    captured.extend(group);
                }
            }
        }
        let own = next.group(index);
        let liberties = next.liberties(&own);
        if liberties.is_empty() {
            return None;
        }
        next.ko =
            (captured.len() == 1 && own.len() == 1 && liberties.len() == 1).then(|| captured[0]);
        next.turn = opponent;
        Some(next)
    }

    fn legal_moves(&self) -> Vec<usize> {
        (0..self.squares.len())
            .filter(|&index| self.play(index).is_some())
            .collect()
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        (0..self.squares.len())
            .filter_map(|index| self.play(index))
            .map(|next| next.perft(depth - 1))
            .sum()
    }
}

/// The fast perft and the reference's agree on an empty board.
fn check_perft(width: usize, height: usize, max_depth: u32) {
    let node = go::load::<Persistent<u8, u8>>(&format!("{width}x{height}")).unwrap();
    let plain = Plain::empty(width, height);
    for depth in 1..=max_depth {
        assert_eq!(
            perft(&node, depth),
            plain.perft(depth),
            "{width}x{height} depth {depth}"
        );
    }
}

#[test]
fn perft_on_1x1_has_no_move() {
    check_perft(1, 1, 2);
    assert_eq!(Plain::empty(1, 1).perft(1), 0);
}

#[test]
fn perft_on_2x2_agrees_with_the_reference() {
    check_perft(2, 2, 9);
}

#[test]
fn perft_on_3x3_agrees_with_the_reference() {
    check_perft(3, 3, 7);
}

#[test]
fn perft_on_4x4_agrees_with_the_reference() {
    check_perft(4, 4, 6);
}

#[test]
fn perft_on_rectangles_agrees_with_the_reference() {
    check_perft(1, 5, 7);
    check_perft(5, 1, 7);
    check_perft(2, 3, 7);
    check_perft(3, 2, 7);
    check_perft(4, 3, 5);
}

/// The reference position of a read node.
fn plain_of(board: &go::Board) -> Plain {
    Plain {
        width: board.width(),
        height: board.height(),
        squares: board.squares().to_vec(),
        turn: if board.turn() == Player::First {
            BLACK
        } else {
            WHITE
        },
        ko: board.ko().and_then(|ko| board.index(ko)),
    }
}

/// Plays `games` random games of at most `max_moves` on an empty board,
/// checking at every node that the legal moves and the child agree with
/// the reference; the captures and kos seen.
fn check_random_games(width: usize, height: usize, games: u64, max_moves: usize) -> (usize, usize) {
    let (mut captures, mut kos) = (0, 0);
    for seed in 0..games {
        let mut rng = Rng(seed);
        let mut node = go::load::<Persistent<u8, u8>>(&format!("{width}x{height}")).unwrap();
        let mut plain = Plain::empty(width, height);
        for _ in 0..max_moves {
            let board = node.read();
            assert_eq!(plain_of(&board), plain, "seed {seed}");
            let fast: Vec<usize> = node
                .legal_move_list()
                .iter()
                .map(|&mv| board.index(mv).unwrap())
                .collect();
            assert_eq!(fast, plain.legal_moves(), "seed {seed}, {board}");
            let Some(mv) = random_move(&board, &mut rng) else {
                break;
            };
            let next = plain.play(board.index(mv).unwrap()).unwrap();
            let stones = |squares: &[Option<u8>]| squares.iter().flatten().count();
            captures += usize::from(stones(&next.squares) <= stones(&plain.squares));
            kos += usize::from(next.ko.is_some());
            node = node.play(&board, mv);
            plain = next;
        }
    }
    (captures, kos)
}

#[test]
fn random_games_on_5x5_agree_with_the_reference() {
    let (captures, kos) = check_random_games(5, 5, 60, 200);
    assert!(captures > 100 && kos > 5, "{captures} captures, {kos} kos");
}

#[test]
fn random_games_on_9x9_agree_with_the_reference() {
    let (captures, kos) = check_random_games(9, 9, 30, 300);
    assert!(captures > 200 && kos > 5, "{captures} captures, {kos} kos");
}

#[test]
fn random_games_on_a_7x4_rectangle_agree_with_the_reference() {
    let (captures, kos) = check_random_games(7, 4, 30, 200);
    assert!(captures > 30 && kos > 0, "{captures} captures, {kos} kos");
}

#[test]
fn moves_are_listed_in_index_order() {
    let node = go::load::<Persistent<u8, u8>>("3x2").unwrap();
    let names: Vec<String> = node
        .legal_move_list()
        .iter()
        .map(Point::to_string)
        .collect();
    assert_eq!(names, ["A2", "B2", "C2", "A1", "B1", "C1"]);
}
