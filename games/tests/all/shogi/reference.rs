//! Model-based test: along random games, the legal moves of the crate's
//! generator equal those of a slow reference written from the rules alone
//! (every pseudo-legal move played on a plain 9x9 array and kept unless the
//! mover's king is then attacked; a pawn drop that checks kept unless the
//! opponent then has no legal move), and both position crates build the
//! same positions.

use games::shogi::{Board, MATSURI, MOST_MOVES, START, legal_move_list, load, play};
use games::{Persistent, QpiPosition, Sashite, same_content};
use harness::support::rebuilt;
use persistent_qi::Player;
use persistent_qi::qpi::Qpi;
use persistent_qi::qpi::pin::{Side, State};

/// A piece of the reference: its letter, whether it is promoted, its owner.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Piece {
    letter: char,
    promoted: bool,
    owner: Player,
}

type Grid = [[Option<Piece>; 9]; 9];

/// The reference's view of a position.
#[derive(Debug, Clone)]
struct Reference {
    grid: Grid,
    /// Letters held, with their counts, per player.
    hands: [Vec<(char, usize)>; 2],
    turn: Player,
}

fn piece_of(qpi: Qpi) -> Piece {
    let pin = qpi.pin();
    Piece {
        letter: pin.letter().as_char(),
        promoted: pin.state() == State::Enhanced,
        owner: if pin.side() == Side::First {
            Player::First
        } else {
            Player::Second
        },
    }
}

fn slot(player: Player) -> usize {
    usize::from(player.is_second())
}

impl Reference {
    fn read<P: QpiPosition>(position: &P) -> Reference {
        let mut squares = [None; 81];
        position.read_board(&mut squares);
        let mut grid = [[None; 9]; 9];
        for (index, square) in squares.iter().enumerate() {
            grid[index / 9][index % 9] = square.map(piece_of);
        }
        let mut hands = [Vec::new(), Vec::new()];
        for player in Player::ALL {
            position.for_each_in_hand(player, |piece, count| {
                hands[slot(player)].push((piece_of(piece).letter, count));
            });
        }
        Reference {
            grid,
            hands,
            turn: position.turn(),
        }
    }
}

/// (row, column) deltas.
type Deltas = Vec<(i32, i32)>;

/// Steps and slides of a piece, as deltas for the first player; the second
/// player's rows run the other way.
fn movement(piece: Piece) -> (Deltas, Deltas) {
    let orthogonal = vec![(-1, 0), (1, 0), (0, -1), (0, 1)];
    let diagonal = vec![(-1, -1), (-1, 1), (1, -1), (1, 1)];
    let gold = vec![(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, 0)];
    let (steps, slides) = match (piece.letter, piece.promoted) {
        ('P', false) => (vec![(-1, 0)], vec![]),
        ('L', false) => (vec![], vec![(-1, 0)]),
        ('N', false) => (vec![(-2, -1), (-2, 1)], vec![]),
        ('S', false) => (vec![(-1, -1), (-1, 0), (-1, 1), (1, -1), (1, 1)], vec![]),
        ('B', false) => (vec![], diagonal),
        ('R', false) => (vec![], orthogonal),
        ('B', true) => (orthogonal, diagonal),
        ('R', true) => (diagonal, orthogonal),
        ('K', _) => ([orthogonal, diagonal].concat(), vec![]),
        _ => (gold, vec![]),
    };
    let turn = |deltas: Deltas| -> Deltas {
        match piece.owner {
            Player::First => deltas,
            Player::Second => deltas.into_iter().map(|(r, c)| (-r, c)).collect(),
        }
    };
    (turn(steps), turn(slides))
}

fn on_board(row: i32, column: i32) -> Option<(usize, usize)> {
    ((0..9).contains(&row) && (0..9).contains(&column)).then(|| {
        (
            usize::try_from(row).unwrap(),
            usize::try_from(column).unwrap(),
        )
    })
}

/// Rows from the far edge, 0 on the last row.
fn far(player: Player, row: usize) -> usize {
    match player {
        Player::First => row,
        Player::Second => 8 - row,
    }
}

fn dead(letter: char, player: Player, row: usize) -> bool {
    match letter {
        'P' | 'L' => far(player, row) == 0,
        'N' => far(player, row) <= 1,
        _ => false,
    }
}

/// Every square a player's pieces move to (or attack), with origin.
fn targets(grid: &Grid, player: Player) -> Vec<((usize, usize), (usize, usize))> {
    let mut out = Vec::new();
    for row in 0..9 {
        for column in 0..9 {
            let Some(piece) = grid[row][column] else {
                continue;
            };
            if piece.owner != player {
                continue;
            }
            let (steps, slides) = movement(piece);
            let (r, c) = (i32::try_from(row).unwrap(), i32::try_from(column).unwrap());
            for (dr, dc) in steps {
                if let Some(to) = on_board(r + dr, c + dc)
                    && grid[to.0][to.1].is_none_or(|other| other.owner != player)
                {
                    out.push(((row, column), to));
                }
            }
            for (dr, dc) in slides {
                let (mut tr, mut tc) = (r + dr, c + dc);
                while let Some(to) = on_board(tr, tc) {
                    match grid[to.0][to.1] {
                        None => out.push(((row, column), to)),
                        Some(other) => {
                            if other.owner != player {
                                out.push(((row, column), to));
                            }
                            break;
                        }
                    }
                    tr += dr;
                    tc += dc;
                }
            }
        }
    }
    out
}

fn king_attacked(grid: &Grid, player: Player) -> bool {
    let king = (0..81)
        .map(|index| (index / 9, index % 9))
        .find(|&(r, c)| grid[r][c].is_some_and(|p| p.letter == 'K' && p.owner == player))
        .expect("a king");
    targets(grid, player.flip())
        .iter()
        .any(|&(_, to)| to == king)
}

fn name(row: usize, column: usize) -> String {
    format!(
        "{}{}",
        9 - column,
        char::from(b'a' + u8::try_from(row).unwrap())
    )
}

/// Every legal move, in USI, sorted (a multiset); counts in `refusals`
/// the pawn drops refused as uchifuzume.
fn legal(position: &Reference, refusals: &mut usize) -> Vec<String> {
    let us = position.turn;
    let mut moves = Vec::new();
    for (from, to) in targets(&position.grid, us) {
        let piece = position.grid[from.0][from.1].unwrap();
        let mut after = position.grid;
        after[to.0][to.1] = Some(piece);
        after[from.0][from.1] = None;
        if king_attacked(&after, us) {
            continue;
        }
        let promotable = !piece.promoted && !matches!(piece.letter, 'G' | 'K');
        let usi = format!("{}{}", name(from.0, from.1), name(to.0, to.1));
        if promotable && (far(us, from.0) < 3 || far(us, to.0) < 3) {
            moves.push(format!("{usi}+"));
        }
        if piece.promoted || !dead(piece.letter, us, to.0) {
            moves.push(usi);
        }
    }
    for &(letter, _) in &position.hands[slot(us)] {
        for row in 0..9 {
            for column in 0..9 {
                if position.grid[row][column].is_some() || dead(letter, us, row) {
                    continue;
                }
                if letter == 'P'
                    && (0..9).any(|r| {
                        position.grid[r][column]
                            == Some(Piece {
                                letter: 'P',
                                promoted: false,
                                owner: us,
                            })
                    })
                {
                    continue;
                }
                let mut after = position.clone();
                after.grid[row][column] = Some(Piece {
                    letter,
                    promoted: false,
                    owner: us,
                });
                if king_attacked(&after.grid, us) {
                    continue;
                }
                if letter == 'P' && king_attacked(&after.grid, us.flip()) {
                    after.turn = us.flip();
                    if legal(&after, refusals).is_empty() {
                        *refusals += 1;
                        continue; // uchifuzume
                    }
                }
                moves.push(format!("{letter}*{}", name(row, column)));
            }
        }
    }
    moves.sort();
    moves
}

/// A small fixed-seed generator, so every run plays the same games.
struct Rng(u64);

impl Rng {
    fn below(&mut self, bound: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        usize::try_from(self.0 >> 33).unwrap() % bound
    }
}

/// What the random games went through.
#[derive(Debug, Default)]
struct Seen {
    positions: usize,
    in_check: usize,
    mates: usize,
    uchifuzume: usize,
}

/// Plays `games` random games of up to `plies` plies from `feen`, checking
/// every position on the way.
fn random_games(feen: &str, games: usize, plies: usize, seed: u64) -> Seen {
    let mut rng = Rng(seed);
    let mut stats = Seen::default();
    for _ in 0..games {
        let mut ours: Persistent = load(feen).unwrap();
        let mut theirs: Sashite = load(feen).unwrap();
        for _ in 0..plies {
            let moves = legal_move_list(&Board::read(&ours));
            let mut generated: Vec<String> = moves.iter().map(|mv| mv.usi().to_string()).collect();
            generated.sort();
            assert_eq!(
                generated,
                legal(&Reference::read(&ours), &mut stats.uchifuzume),
                "moves of {ours:?}"
            );
            assert_eq!(moves, legal_move_list(&Board::read(&theirs)));
            stats.positions += 1;
            if Board::read(&ours).in_check(ours.turn()) {
                stats.in_check += 1;
            }
            if moves.is_empty() {
                stats.mates += 1;
                break;
            }
            let mv = moves[rng.below(moves.len())];
            ours = play(&ours, mv);
            theirs = play(&theirs, mv);
            assert!(same_content(&ours, &theirs), "after {}", mv.usi());
            // Hashed from scratch by `Qi::from_parts`, not carried along the moves.
            assert_eq!(ours.position_hash(), rebuilt(&ours).position_hash());
        }
    }
    stats
}

#[test]
fn random_games_from_the_start_agree_with_the_reference() {
    let seen = random_games(START, 12, 160, 1);
    assert!(seen.positions > 1000 && seen.in_check > 50, "{seen:?}");
}

#[test]
fn random_games_from_matsuri_agree_with_the_reference() {
    let seen = random_games(MATSURI, 12, 100, 2);
    assert!(seen.positions > 600 && seen.in_check > 20, "{seen:?}");
}

#[test]
fn random_games_from_the_most_moves_position_agree_with_the_reference() {
    let seen = random_games(MOST_MOVES, 6, 60, 3);
    assert!(seen.positions > 200 && seen.uchifuzume > 0, "{seen:?}");
}

#[test]
fn random_games_with_both_hands_full_agree_with_the_reference() {
    // Few pieces on the board, many in both hands: drops everywhere, and
    // kings that are easily checked and mated.
    let feen = "4k^4/9/9/9/9/9/9/9/4K^4 5P2G2L2N2SBR/4p2g2l2n2sbr s/S";
    let seen = random_games(feen, 20, 80, 6);
    // The games must have gone through checks, mates and refused pawn-drop
    // mates, or they would not test those rules.
    assert!(seen.positions > 300 && seen.in_check > 50, "{seen:?}");
    assert!(seen.mates > 0 && seen.uchifuzume > 0, "{seen:?}");
}

#[test]
fn the_reference_finds_uchifuzume() {
    // The second king on 1a hemmed in by its lance and pawn, 1b guarded by
    // the gold on 1c: the pawn drop on 1b would mate.
    let position: Persistent = load("7lk^/7p1/8G/9/9/9/9/9/4K^4 P/ S/s").unwrap();
    let mut refusals = 0;
    let moves = legal(&Reference::read(&position), &mut refusals);
    assert_eq!(refusals, 1);
    assert!(!moves.contains(&"P*1b".to_string()));
    assert!(moves.contains(&"P*1d".to_string()));
}
