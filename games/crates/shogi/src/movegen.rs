//! Legal move generation on the mailbox.
//!
//! Legal directly, not pseudo-legal then tested: the checkers and the
//! pinned pieces of the side to move are found once per node by looking
//! along the eight lines from its king (and at the two knight squares), so
//! each move is kept or dropped with a mask test:
//!
//! - the king steps to squares the opponent does not attack, looked at with
//!   the king lifted off the board (so it cannot hide behind itself from a
//!   slider);
//! - in double check only the king moves;
//! - in single check every other move must take the checker or land
//!   between it and the king, and a drop must land between;
//! - a pinned piece moves only along the line of its pin;
//! - a pawn drop that checks is refused when the opponent then has no legal
//!   move (uchifuzume), found by generating the opponent's replies.

use persistent_qi::Player;
use persistent_qi::qpi::Qpi;

use super::board::{
    Board, OFF_BOARD, PAD, UNPAD, attacked, distance_to_far_edge, in_promotion_zone, knight_jumps,
    slot, square_ahead, square_bit, step,
};
use super::moves::{FILES, Move, SQUARES};
use super::piece::{DIRECTIONS, EMPTY, Kind, MOVES, code, kind_of, opposite, tag};
use games_core::mailbox;

/// Every board square.
const ALL_SQUARES: u128 = (1 << SQUARES) - 1;

/// What the side to move must respect: how many pieces give check, where a
/// non-king move may land, and which pieces are pinned along which line.
struct Constraints {
    checkers: u32,
    /// Squares a move other than the king's may land on: all of them out of
    /// check; the checker and the squares between it and the king in check.
    targets: u128,
    /// For each padded square, 0 or 1 + the direction from the king to the
    /// pinned piece.
    pins: [u8; super::board::PADDED],
}

/// The mover's pieces as they enter its hand when captured, by the captured
/// piece's unpromoted kind: turned to the mover, in the mover's style.
struct Captures([Option<Qpi>; 8]);

impl Captures {
    fn new(board: &Board) -> Captures {
        let mover = board.turn;
        let style = board.styles[slot(mover)];
        let mut pieces = [None; 8];
        for kind in &Kind::ALL[..7] {
            pieces[*kind as usize] = Some(Qpi::new(style, kind.pin(mover)));
        }
        Captures(pieces)
    }

    fn of(&self, captured: Kind) -> Qpi {
        self.0[captured.unpromoted() as usize]
            .expect("kings are never captured: the side not to move is not in check")
    }
}

/// Appends every legal move of the side to move to `moves`.
pub fn legal_moves(board: &Board, moves: &mut Vec<Move>) {
    let us = board.turn;
    let constraints = constraints(board);
    let captures = Captures::new(board);
    king_moves(board, &captures, moves);
    if constraints.checkers > 1 {
        return;
    }
    piece_moves(board, &constraints, &captures, moves);
    drops(board, &constraints, us, moves);
}

/// The legal moves of the side to move, in a new vector.
#[must_use]
pub fn legal_move_list(board: &Board) -> Vec<Move> {
    games_core::mailbox::move_list(board, legal_moves)
}

fn constraints(board: &Board) -> Constraints {
    let us = board.turn;
    let them = tag(us.flip());
    let king = board.kings[slot(us)];
    let mut result = Constraints {
        checkers: 0,
        targets: 0,
        pins: [0; super::board::PADDED],
    };
    for (direction, &offset) in DIRECTIONS.iter().enumerate() {
        let toward_king = 1 << opposite(direction);
        let mut at = step(king, offset);
        while board.cells[at] == EMPTY {
            at = step(at, offset);
        }
        let cell = board.cells[at];
        if cell & 0x70 == them {
            let (steps, slides) = MOVES[usize::from(cell)];
            let adjacent = at == step(king, offset);
            if slides & toward_king != 0 || (adjacent && steps & toward_king != 0) {
                result.checkers += 1;
                let mut between = step(king, offset);
                loop {
                    result.targets |= square_bit(usize::from(UNPAD[between]));
                    if between == at {
                        break;
                    }
                    between = step(between, offset);
                }
            }
        } else if cell & 0x70 == tag(us) {
            let pinned = at;
            at = step(at, offset);
            while board.cells[at] == EMPTY {
                at = step(at, offset);
            }
            let beyond = board.cells[at];
            if beyond & 0x70 == them && MOVES[usize::from(beyond)].1 & toward_king != 0 {
                // At most 8 directions: the value fits a byte.
                result.pins[pinned] = u8::try_from(direction + 1).unwrap_or(0);
            }
        }
    }
    let knight = code(Kind::Knight, us.flip());
    for jump in knight_jumps(us.flip()) {
        let at = step(king, -jump);
        if board.cells[at] == knight {
            result.checkers += 1;
            result.targets |= square_bit(usize::from(UNPAD[at]));
        }
    }
    if result.checkers == 0 {
        result.targets = ALL_SQUARES;
    }
    result
}

fn king_moves(board: &Board, captures: &Captures, moves: &mut Vec<Move>) {
    let us = board.turn;
    let king = board.kings[slot(us)];
    mailbox::king_steps(&board.cells, king, us, &DIRECTIONS, attacked, |to| {
        push_move(board, captures, king, to, moves);
    });
}

fn piece_moves(
    board: &Board,
    constraints: &Constraints,
    captures: &Captures,
    moves: &mut Vec<Move>,
) {
    let us = board.turn;
    let ours = tag(us);
    let blocked = ours | super::piece::WALL;
    for &from in &PAD {
        let from = usize::from(from);
        let cell = board.cells[from];
        if cell & 0x70 != ours || kind_of(cell) == Kind::King {
            continue;
        }
        let pin = constraints.pins[from];
        let along_pin = |direction: usize| pin == 0 || (usize::from(pin) - 1) % 4 == direction % 4;
        let lands = |to: usize| constraints.targets & square_bit(usize::from(UNPAD[to])) != 0;
        let (steps, slides) = MOVES[usize::from(cell)];
        for (direction, &offset) in DIRECTIONS.iter().enumerate() {
            let bit = 1 << direction;
            if (steps | slides) & bit == 0 || !along_pin(direction) {
                continue;
            }
            let mut to = step(from, offset);
            if steps & bit != 0 {
                if board.cells[to] & blocked == 0 && lands(to) {
                    push_move(board, captures, from, to, moves);
                }
                continue;
            }
            while board.cells[to] & blocked == 0 {
                if lands(to) {
                    push_move(board, captures, from, to, moves);
                }
                if board.cells[to] != EMPTY {
                    break;
                }
                to = step(to, offset);
            }
        }
        if kind_of(cell) == Kind::Knight && pin == 0 {
            for jump in knight_jumps(us) {
                let to = step(from, jump);
                if board.cells[to] & blocked == 0 && lands(to) {
                    push_move(board, captures, from, to, moves);
                }
            }
        }
    }
}

/// Pushes the move of the piece on padded `from` to padded `to`: with and
/// without promotion where promotion is allowed, promoted only where the
/// piece could never move again otherwise.
fn push_move(board: &Board, captures: &Captures, from: usize, to: usize, moves: &mut Vec<Move>) {
    let us = board.turn;
    let (from, to, target) = (
        usize::from(UNPAD[from]),
        usize::from(UNPAD[to]),
        board.cells[to],
    );
    debug_assert!(from != usize::from(OFF_BOARD) && to != usize::from(OFF_BOARD));
    let piece = board.pieces[from].expect("a piece stands on a move's origin");
    let kind = kind_of(board.cells[usize::from(PAD[from])]);
    let capture = (target != EMPTY).then(|| captures.of(kind_of(target)));
    let taken = board.pieces[to];
    let (from_u8, to_u8) = (to_u8(from), to_u8(to));
    if kind.promoted().is_some() && (in_promotion_zone(us, from) || in_promotion_zone(us, to)) {
        moves.push(Move {
            from: Some(from_u8),
            to: to_u8,
            piece: piece.with_pin(piece.pin().enhanced()),
            promotion: true,
            capture,
            mover: piece,
            taken,
        });
        if distance_to_far_edge(us, to) < kind.dead_rows() {
            return;
        }
    }
    moves.push(Move {
        from: Some(from_u8),
        to: to_u8,
        piece,
        promotion: false,
        capture,
        mover: piece,
        taken,
    });
}

fn to_u8(square: usize) -> u8 {
    u8::try_from(square).expect("a board square")
}

fn drops(board: &Board, constraints: &Constraints, us: Player, moves: &mut Vec<Move>) {
    // In check, only squares between the checker and the king help; the
    // checker's own square is occupied.
    let targets = board.empty & constraints.targets;
    for entry in board.hands[slot(us)].entries() {
        let mut remaining = targets;
        while remaining != 0 {
            let square = remaining.trailing_zeros() as usize;
            remaining &= remaining - 1;
            if distance_to_far_edge(us, square) < entry.kind.dead_rows() {
                continue;
            }
            if entry.kind == Kind::Pawn
                && (board.pawn_files[slot(us)] & (1 << (square % FILES)) != 0
                    || drop_mates(board, entry.piece, square))
            {
                continue;
            }
            moves.push(Move {
                from: None,
                to: to_u8(square),
                piece: entry.piece,
                promotion: false,
                capture: None,
                mover: entry.piece,
                taken: None,
            });
        }
    }
}

/// Whether dropping the pawn `piece` on `square` checkmates: it checks the
/// opponent's king, and the opponent has no legal reply.
fn drop_mates(board: &Board, piece: Qpi, square: usize) -> bool {
    let us = board.turn;
    let them = us.flip();
    let checks = square_ahead(us, square)
        .is_some_and(|ahead| usize::from(PAD[ahead]) == board.kings[slot(them)]);
    if !checks {
        return false;
    }
    let mut after = board.clone();
    after.cells[usize::from(PAD[square])] = code(Kind::Pawn, us);
    after.pieces[square] = Some(piece);
    after.empty &= !square_bit(square);
    after.pawn_files[slot(us)] |= 1 << (square % FILES);
    after.turn = them;
    legal_move_list(&after).is_empty()
}
