//! Standard algebraic notation: a move token matched as python-chess's
//! movetext pattern matches it, resolved against the legal moves as its
//! `parse_san` resolves it, and a move written as its `Board.san` writes
//! it.

use super::super::moves::Move;
use super::super::piece::Kind;

/// A move token of the movetext, before it is resolved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum San {
    /// `O-O` or `0-0` (`long`: `O-O-O`, `0-0-0`).
    Castle {
        /// Queenside.
        long: bool,
    },
    /// `--`, `Z0`, `0000` or `@@@@`.
    Null,
    /// `[NBKRQ]?[a-h]?[1-8]?[-x]?[a-h][1-8](=?[nbrqkNBRQK])?`.
    Piece {
        /// The piece letter; `None` for a pawn, or a move given by both
        /// its squares.
        piece: Option<Kind>,
        /// The file the piece leaves, 0 for `a`.
        file: Option<u8>,
        /// The rank it leaves, 0 for rank 1.
        rank: Option<u8>,
        /// The board square it lands on.
        to: u8,
        /// The piece a pawn becomes.
        promotion: Option<Kind>,
    },
}

/// The board square of a file (0 for `a`) and a rank (0 for rank 1).
fn square(file: u8, rank: u8) -> u8 {
    // 8 files and ranks: the index is below 64.
    (7 - rank) * 8 + file
}

fn file_of(byte: u8) -> Option<u8> {
    (b'a'..=b'h').contains(&byte).then(|| byte - b'a')
}

fn rank_of(byte: u8) -> Option<u8> {
    (b'1'..=b'8').contains(&byte).then(|| byte - b'1')
}

/// The piece a letter names, as `[NBKRQ]` does.
fn piece_of(byte: u8) -> Option<Kind> {
    match byte {
        b'N' | b'B' | b'K' | b'R' | b'Q' => Kind::of_letter(byte),
        _ => None,
    }
}

/// The piece a promotion letter names, as `[nbrqkNBRQK]` does (a king is
/// matched, and no legal move then has it).
fn promotion_of(byte: u8) -> Option<Kind> {
    match byte.to_ascii_uppercase() {
        b'N' | b'B' | b'R' | b'Q' | b'K' => Kind::of_letter(byte.to_ascii_uppercase()),
        _ => None,
    }
}

/// The move token at the start of `bytes` and its length, or `None`: the
/// first of python-chess's movetext alternatives that matches, each part
/// matched greedily with the backtracking of its regular expression.
/// Check and mate marks are not part of it.
pub(super) fn match_token(bytes: &[u8]) -> Option<(San, usize)> {
    if let Some(found) = match_piece_move(bytes) {
        return Some(found);
    }
    for (text, san) in [
        (&b"--"[..], San::Null),
        (b"Z0", San::Null),
        (b"0000", San::Null),
        (b"@@@@", San::Null),
        (b"O-O-O", San::Castle { long: true }),
        (b"O-O", San::Castle { long: false }),
        (b"0-0-0", San::Castle { long: true }),
        (b"0-0", San::Castle { long: false }),
    ] {
        if bytes.starts_with(text) {
            return Some((san, text.len()));
        }
    }
    None
}

/// `[NBKRQ]?[a-h]?[1-8]?[\-x]?[a-h][1-8](?:=?[nbrqkNBRQK])?` at the start
/// of `bytes`.
fn match_piece_move(bytes: &[u8]) -> Option<(San, usize)> {
    let at = |index: usize| bytes.get(index).copied().unwrap_or(0);
    let lettered = piece_of(at(0));
    // The piece letter first, then without it: the order a regular
    // expression backtracks in.
    for piece in [lettered, None] {
        if piece.is_none() && lettered.is_some() {
            // Without the letter, the core would start on it: no file.
            return None;
        }
        let start = usize::from(piece.is_some());
        // Each optional part taken, then left out, the earlier ones first.
        for taken in (0..8_u8).rev() {
            let (take_file, take_rank, take_separator) =
                (taken & 4 != 0, taken & 2 != 0, taken & 1 != 0);
            let mut next = start;
            let file = if take_file {
                let Some(file) = file_of(at(next)) else {
                    continue;
                };
                next += 1;
                Some(file)
            } else {
                None
            };
            let rank = if take_rank {
                let Some(rank) = rank_of(at(next)) else {
                    continue;
                };
                next += 1;
                Some(rank)
            } else {
                None
            };
            if take_separator {
                if !matches!(at(next), b'-' | b'x') {
                    continue;
                }
                next += 1;
            }
            let (Some(to_file), Some(to_rank)) = (file_of(at(next)), rank_of(at(next + 1))) else {
                continue;
            };
            next += 2;
            let promotion = if at(next) == b'=' && promotion_of(at(next + 1)).is_some() {
                next += 2;
                promotion_of(at(next - 1))
            } else if let Some(promotion) = promotion_of(at(next)) {
                next += 1;
                Some(promotion)
            } else {
                None
            };
            let san = San::Piece {
                piece,
                file,
                rank,
                to: square(to_file, to_rank),
                promotion,
            };
            return Some((san, next));
        }
    }
    None
}

/// Why a token names no single legal move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Miss {
    /// No legal move.
    Illegal,
    /// These legal moves.
    Ambiguous(Vec<Move>),
}

/// What a token resolves to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Resolved {
    /// A legal move.
    Move(Move),
    /// A null move.
    Null,
}

fn kind(mv: &Move) -> Option<Kind> {
    Kind::of_pin(mv.mover.pin())
}

fn file(square: u8) -> u8 {
    square % 8
}

/// The rank of a board square, 0 for rank 1.
fn rank(square: u8) -> u8 {
    7 - square / 8
}

/// The legal move of `moves` (those of the position) that `san` names,
/// as python-chess's `parse_san` finds it: castling by its side; a piece
/// letter's move by the piece, its target and what it gives of its origin
/// (never castling); a move given by both squares and no letter, any
/// piece's, castling as the king's move (`e1g1`); else a pawn's, on its
/// own file unless a file is given. A promotion must be named, and only
/// for a promotion. `Null` for a null move.
///
/// # Errors
///
/// [`Miss::Illegal`] if no legal move matches, [`Miss::Ambiguous`] with
/// the moves if more than one does.
pub(super) fn resolve(moves: &[Move], san: San) -> Result<Resolved, Miss> {
    let (piece, from_file, from_rank, to, promotion) = match san {
        San::Null => return Ok(Resolved::Null),
        San::Castle { long } => {
            return moves
                .iter()
                .find(|mv| mv.is_castling() && (file(mv.to) == 2) == long)
                .map(|&mv| Resolved::Move(mv))
                .ok_or(Miss::Illegal);
        }
        San::Piece {
            piece,
            file,
            rank,
            to,
            promotion,
        } => (piece, file, rank, to, promotion),
    };
    let both_squares = piece.is_none() && from_file.is_some() && from_rank.is_some();
    let promotes = |mv: &Move| {
        if mv.is_promotion() {
            promotion.is_some() && Kind::of_pin(mv.piece.pin()) == promotion
        } else {
            promotion.is_none()
        }
    };
    let matching: Vec<Move> = moves
        .iter()
        .copied()
        .filter(|mv| {
            mv.to == to
                && from_file.is_none_or(|want| file(mv.from) == want)
                && from_rank.is_none_or(|want| rank(mv.from) == want)
                && promotes(mv)
                && match piece {
                    Some(letter) => kind(mv) == Some(letter) && !mv.is_castling(),
                    None if both_squares => true,
                    None => {
                        kind(mv) == Some(Kind::Pawn)
                            && (from_file.is_some() || file(mv.from) == file(to))
                    }
                }
        })
        .collect();
    match matching[..] {
        [mv] => Ok(Resolved::Move(mv)),
        [] => Err(Miss::Illegal),
        _ => Err(Miss::Ambiguous(matching)),
    }
}

/// The square's name.
fn name(square: u8) -> [char; 2] {
    [
        char::from(b'a' + file(square)),
        char::from(b'1' + rank(square)),
    ]
}

/// `mv`, one of `moves` (the legal moves of its position), in SAN as
/// python-chess writes it: the piece letter (none for a pawn); where
/// another piece of its kind reaches the same square, its origin's file if
/// no other stands on that file, else its rank if no other stands on that
/// rank, else both; `x` for a capture (a pawn's after its file); the
/// target; `=` and the promotion's letter. Castling is `O-O` or `O-O-O`.
/// `mark` is `+`, `#` or empty: the caller knows the position the move
/// leads to.
pub(super) fn write(moves: &[Move], mv: Move, mark: &str) -> String {
    let mut san = String::with_capacity(8);
    if mv.is_castling() {
        san.push_str(if file(mv.to) == 2 { "O-O-O" } else { "O-O" });
        san.push_str(mark);
        return san;
    }
    let kind = kind(&mv).unwrap_or(Kind::Pawn);
    let capture = mv.captured.is_some();
    if kind == Kind::Pawn {
        if capture {
            san.push(name(mv.from)[0]);
        }
    } else {
        san.push(char::from(kind.letter().as_ascii()));
        let others: Vec<u8> = moves
            .iter()
            .filter(|other| {
                other.to == mv.to
                    && other.from != mv.from
                    && !other.is_castling()
                    && Kind::of_pin(other.mover.pin()) == Some(kind)
            })
            .map(|other| other.from)
            .collect();
        if !others.is_empty() {
            let same_rank = others.iter().any(|&from| rank(from) == rank(mv.from));
            let same_file = others.iter().any(|&from| file(from) == file(mv.from));
            let (with_file, with_rank) = if same_file {
                (same_rank, true)
            } else {
                (true, false)
            };
            if with_file {
                san.push(name(mv.from)[0]);
            }
            if with_rank {
                san.push(name(mv.from)[1]);
            }
        }
    }
    if capture {
        san.push('x');
    }
    san.extend(name(mv.to));
    if mv.is_promotion() {
        san.push('=');
        san.push(char::from(
            Kind::of_pin(mv.piece.pin())
                .unwrap_or(Kind::Queen)
                .letter()
                .as_ascii(),
        ));
    }
    san.push_str(mark);
    san
}
