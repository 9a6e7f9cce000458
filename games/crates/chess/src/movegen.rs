//! Legal move generation on the mailbox.
//!
//! Legal directly, not pseudo-legal then tested: the checkers and the
//! pinned pieces of the side to move are found once per node by looking
//! along the eight lines from its king, and at the knight and pawn squares
//! around it, so each move is kept or dropped with a mask test:
//!
//! - the king steps to squares the opponent does not attack, looked at with
//!   the king lifted off the board (so it cannot hide behind itself from a
//!   slider);
//! - castling needs its right, the squares between king and rook empty, the
//!   king out of check and the squares it crosses and lands on unattacked;
//! - in double check only the king moves;
//! - in single check every other move must take the checker or land
//!   between it and a sliding checker and the king;
//! - a pinned piece moves only along the line of its pin.
//!
//! En passant alone is tested by playing it on a copy of the mailbox: it
//! empties two squares of one row, which can uncover the king along that
//! row (a pin through two pieces), and it takes a checking pawn without
//! landing on its square.

use persistent_qi::Player;
use persistent_qi::qpi::Qpi;

use super::board::{
    Board, DIRECTIONS, KNIGHT_JUMPS, PAD, PADDED, UNPAD, attacked, forward, slot, step,
};
use super::castling::RULES;
use super::moves::{Move, RookMove};
use super::piece::{Code, EMPTY, Kind, OWNER_BITS, WALL, code, is_kind, slides, tag};
use games_core::mailbox;

/// Every board square.
const ALL_SQUARES: u64 = u64::MAX;

/// A bit per board square, by padded index.
fn bit(padded: usize) -> u64 {
    1 << UNPAD[padded]
}

/// What the side to move must respect: how many pieces give check, where a
/// move other than the king's may land, and which pieces are pinned along
/// which line.
struct Constraints {
    checkers: u32,
    /// Squares a move other than the king's may land on: all of them out of
    /// check; in check, the checker's square and the squares between it and
    /// the king.
    targets: u64,
    /// For each padded square, 0 or 1 + the direction from the king to the
    /// pinned piece on it.
    pins: [u8; PADDED],
}

impl Constraints {
    /// Whether a piece on padded `from` may move in `direction` without
    /// leaving the line of its pin.
    fn along_pin(&self, from: usize, direction: usize) -> bool {
        let pin = self.pins[from];
        pin == 0 || (usize::from(pin) - 1) % 4 == direction % 4
    }

    /// Whether a move other than the king's may land on padded `to`.
    fn lands(&self, to: usize) -> bool {
        self.targets & bit(to) != 0
    }
}

/// Appends every legal move of the side to move to `moves`.
pub fn legal_moves(board: &Board, moves: &mut Vec<Move>) {
    let constraints = constraints(board);
    king_moves(board, moves);
    if constraints.checkers > 1 {
        return;
    }
    if constraints.checkers == 0 {
        castlings(board, moves);
    }
    piece_moves(board, &constraints, moves);
}

/// The legal moves of the side to move, in a new vector.
#[must_use]
pub fn legal_move_list(board: &Board) -> Vec<Move> {
    games_core::mailbox::move_list(board, legal_moves)
}

fn constraints(board: &Board) -> Constraints {
    let us = board.turn;
    let them = us.flip();
    let (our_tag, their_tag) = (tag(us), tag(them));
    let king = board.kings[slot(us)];
    let mut result = Constraints {
        checkers: 0,
        targets: 0,
        pins: [0; PADDED],
    };
    for (direction, &offset) in DIRECTIONS.iter().enumerate() {
        let mut at = step(king, offset);
        while board.cells[at] == EMPTY {
            at = step(at, offset);
        }
        let cell = board.cells[at];
        if cell & OWNER_BITS == their_tag {
            if slides(cell) & (1 << direction) != 0 {
                result.checkers += 1;
                let mut between = step(king, offset);
                loop {
                    result.targets |= bit(between);
                    if between == at {
                        break;
                    }
                    between = step(between, offset);
                }
            }
        } else if cell & OWNER_BITS == our_tag {
            let pinned = at;
            at = step(at, offset);
            while board.cells[at] == EMPTY {
                at = step(at, offset);
            }
            let beyond = board.cells[at];
            if beyond & OWNER_BITS == their_tag && slides(beyond) & (1 << direction) != 0 {
                // At most 8 directions: the value fits a byte.
                result.pins[pinned] = u8::try_from(direction + 1).unwrap_or(0);
            }
        }
    }
    let knight = code(Kind::Knight, them);
    for jump in KNIGHT_JUMPS {
        let at = step(king, jump);
        if board.cells[at] == knight {
            result.checkers += 1;
            result.targets |= bit(at);
        }
    }
    // Their pawns attack the king from one row ahead of it, as we see it.
    let pawn = code(Kind::Pawn, them);
    let ahead = step(king, forward(us));
    for at in [step(ahead, -1), step(ahead, 1)] {
        if board.cells[at] == pawn {
            result.checkers += 1;
            result.targets |= bit(at);
        }
    }
    if result.checkers == 0 {
        result.targets = ALL_SQUARES;
    }
    result
}

fn king_moves(board: &Board, moves: &mut Vec<Move>) {
    let us = board.turn;
    let king = board.kings[slot(us)];
    mailbox::king_steps(&board.cells, king, us, &DIRECTIONS, attacked, |to| {
        moves.push(simple_move(board, king, to));
    });
}

fn castlings(board: &Board, moves: &mut Vec<Move>) {
    let us = board.turn;
    for rule in &RULES {
        if rule.player != us || !board.castling.contains(rule.right) {
            continue;
        }
        let empty = |square: u8| board.pieces[usize::from(square)].is_none();
        let safe = |square: &u8| {
            !attacked(
                &board.cells,
                usize::from(PAD[usize::from(*square)]),
                us.flip(),
            )
        };
        if !rule.between().all(empty) || !rule.path.iter().all(safe) {
            continue;
        }
        let (king_from, king_to) = rule.king;
        let (rook_from, rook_to) = rule.rook;
        let king = board.pieces[usize::from(king_from)].expect("a castling right's king is home");
        let rook = board.pieces[usize::from(rook_from)].expect("a castling right's rook is home");
        moves.push(Move {
            from: king_from,
            to: king_to,
            mover: king,
            piece: king,
            captured: None,
            capture_square: king_to,
            castling: Some(RookMove {
                from: rook_from,
                to: rook_to,
                rook,
            }),
        });
    }
}

fn piece_moves(board: &Board, constraints: &Constraints, moves: &mut Vec<Move>) {
    let us = board.turn;
    let ours = tag(us);
    for &from in &PAD {
        let from = usize::from(from);
        let cell = board.cells[from];
        if cell & OWNER_BITS != ours {
            continue;
        }
        if is_kind(cell, Kind::Pawn) {
            pawn_moves(board, constraints, from, moves);
        } else if is_kind(cell, Kind::Knight) {
            if constraints.pins[from] != 0 {
                // A knight never moves along a line: pinned, it cannot move.
                continue;
            }
            for jump in KNIGHT_JUMPS {
                let to = step(from, jump);
                if board.cells[to] & (ours | WALL) == 0 && constraints.lands(to) {
                    moves.push(simple_move(board, from, to));
                }
            }
        } else {
            slider_moves(board, constraints, from, cell, moves);
        }
    }
}

fn slider_moves(
    board: &Board,
    constraints: &Constraints,
    from: usize,
    cell: Code,
    moves: &mut Vec<Move>,
) {
    let blocked = tag(board.turn) | WALL;
    let directions = slides(cell);
    for (direction, &offset) in DIRECTIONS.iter().enumerate() {
        if directions & (1 << direction) == 0 || !constraints.along_pin(from, direction) {
            continue;
        }
        let mut to = step(from, offset);
        while board.cells[to] & blocked == 0 {
            if constraints.lands(to) {
                moves.push(simple_move(board, from, to));
            }
            if board.cells[to] != EMPTY {
                break;
            }
            to = step(to, offset);
        }
    }
}

/// The directions of a pawn's push and of its two captures.
const fn pawn_directions(player: Player) -> (usize, [usize; 2]) {
    match player {
        Player::First => (0, [7, 1]),
        Player::Second => (4, [5, 3]),
    }
}

fn pawn_moves(board: &Board, constraints: &Constraints, from: usize, moves: &mut Vec<Move>) {
    let us = board.turn;
    let (push, captures) = pawn_directions(us);
    let ahead = step(from, DIRECTIONS[push]);
    if board.cells[ahead] == EMPTY && constraints.along_pin(from, push) {
        if constraints.lands(ahead) {
            pawn_move(board, from, ahead, moves);
        }
        let twice = step(ahead, DIRECTIONS[push]);
        if on_start_row(us, from) && board.cells[twice] == EMPTY && constraints.lands(twice) {
            moves.push(simple_move(board, from, twice));
        }
    }
    let their_tag = tag(us.flip());
    for direction in captures {
        let to = step(from, DIRECTIONS[direction]);
        if !constraints.along_pin(from, direction) {
            continue;
        }
        if board.cells[to] & OWNER_BITS == their_tag {
            if constraints.lands(to) {
                pawn_move(board, from, to, moves);
            }
        } else if board
            .en_passant
            .is_some_and(|square| usize::from(PAD[usize::from(square)]) == to)
        {
            en_passant(board, from, to, moves);
        }
    }
}

/// Whether a pawn of `player` on padded `from` has not moved yet.
fn on_start_row(player: Player, from: usize) -> bool {
    let row = UNPAD[from] / 8;
    match player {
        Player::First => row == 6,
        Player::Second => row == 1,
    }
}

/// Whether padded `to` is on `player`'s last row.
fn on_last_row(player: Player, to: usize) -> bool {
    let row = UNPAD[to] / 8;
    match player {
        Player::First => row == 0,
        Player::Second => row == 7,
    }
}

/// A pawn's single step or capture: four moves on the last row, one per
/// piece it may become.
fn pawn_move(board: &Board, from: usize, to: usize, moves: &mut Vec<Move>) {
    let mv = simple_move(board, from, to);
    if on_last_row(board.turn, to) {
        let side = mv.mover.pin().side();
        for kind in Kind::PROMOTIONS {
            moves.push(Move {
                piece: mv.mover.with_pin(kind.pin(side)),
                ..mv
            });
        }
    } else {
        moves.push(mv);
    }
}

/// The en-passant capture from padded `from` to padded `to`, if it leaves
/// the king safe: tested on a copy of the mailbox, as it empties two
/// squares of a row and may take a checker without landing on it.
fn en_passant(board: &Board, from: usize, to: usize, moves: &mut Vec<Move>) {
    let us = board.turn;
    let taken = step(to, -forward(us));
    let mut after = board.cells;
    after[to] = after[from];
    after[from] = EMPTY;
    after[taken] = EMPTY;
    if attacked(&after, board.kings[slot(us)], us.flip()) {
        return;
    }
    let taken_square = UNPAD[taken];
    moves.push(Move {
        captured: board.pieces[usize::from(taken_square)],
        capture_square: taken_square,
        ..simple_move(board, from, to)
    });
}

/// The move of the piece on padded `from` to padded `to`, taking what
/// stands there.
fn simple_move(board: &Board, from: usize, to: usize) -> Move {
    let (from, to) = (UNPAD[from], UNPAD[to]);
    let mover: Qpi = board.pieces[usize::from(from)].expect("a piece stands on a move's origin");
    Move {
        from,
        to,
        mover,
        piece: mover,
        captured: board.pieces[usize::from(to)],
        capture_square: to,
        castling: None,
    }
}
