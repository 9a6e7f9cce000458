//! The one door in: a FEN or FEEN string becomes a node the rules accept,
//! or an error that says why not.

use core::fmt;

use persistent_qi::Player;
use persistent_qi::qpi::Qpi;
use persistent_qi::qpi::pin::State;

use super::Node;
use super::board::{Board, slot};
use super::castling::{Castling, RULES};
use super::fen::{self, FenError, STYLES};
use super::moves::{FILES, SQUARES, square_name};
use super::piece::{Kind, code, code_of, owner};
use games_core::error_from;
use games_core::{BuildError, Parts, QpiPosition, shape_text};
use games_core::{FeenError, read_feen};

/// How chess names a player in messages.
fn color(player: Player) -> &'static str {
    match player {
        Player::First => "white",
        Player::Second => "black",
    }
}

/// Why a position, read from FEN or FEEN, is no chess position.
///
/// | position | error |
/// |---|---|
/// | a 9x9 FEEN board | `Shape` |
/// | `X` (FEN) or `G` (FEEN) on the board | `UnknownLetter` |
/// | `+P` or `-R` (FEEN) | `UnknownState` |
/// | `K` without `^` or `Q^` (FEEN) | `TerminalMark` |
/// | a FEEN hand holding `P` | `HandNotEmpty` |
/// | no white king, or two | `KingCount` |
/// | a pawn on rank 1 or 8 | `PawnOnBackRank` |
/// | right `K` without a white rook on h1 | `CastlingRight` |
/// | en passant `e4`, or `e6` with no black pawn on e5 | `EnPassant` |
/// | white to move with the black king in check | `KingInCheck` |
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum NotChess {
    /// The board is not 8x8.
    Shape(Vec<usize>),
    /// A piece letter other than K Q R B N P.
    UnknownLetter {
        /// The piece.
        piece: Qpi,
        /// Its square.
        square: usize,
    },
    /// An enhanced or diminished piece: chess keeps no state on pieces.
    UnknownState {
        /// The piece.
        piece: Qpi,
        /// Its square.
        square: usize,
    },
    /// A king without the terminal mark, or another piece with it.
    TerminalMark {
        /// The piece.
        piece: Qpi,
        /// Its square.
        square: usize,
    },
    /// A piece in a hand: chess has no hands.
    HandNotEmpty {
        /// The piece.
        piece: Qpi,
        /// Whose hand.
        player: Player,
    },
    /// A side with no king or several.
    KingCount {
        /// The side.
        player: Player,
        /// Its kings.
        count: usize,
    },
    /// A pawn on rank 1 or 8, where no pawn ever stands.
    PawnOnBackRank {
        /// The pawn.
        piece: Qpi,
        /// Its square.
        square: usize,
    },
    /// A castling right whose king or rook is not on its home square.
    CastlingRight {
        /// The right.
        right: Castling,
        /// The home square without its piece.
        square: usize,
    },
    /// An en-passant square that no double push could have made: not on
    /// the third rank of the side that just moved, or without that side's
    /// pawn in front of it, or not empty, or with the square the pawn came
    /// from occupied.
    EnPassant {
        /// The square.
        square: usize,
    },
    /// The side not to move is in check: its king could be taken.
    KingInCheck {
        /// The side in check.
        player: Player,
    },
}

impl fmt::Display for NotChess {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NotChess::Shape(shape) => {
                write!(f, "the board is {}, not 8x8", shape_text(shape))
            }
            NotChess::UnknownLetter { piece, square } => {
                piece_on(f, *piece, *square, "no chess piece has this letter")
            }
            NotChess::UnknownState { piece, square } => {
                piece_on(f, *piece, *square, "chess pieces have no state")
            }
            NotChess::TerminalMark { piece, square } => piece_on(
                f,
                *piece,
                *square,
                "kings and only kings carry the terminal mark",
            ),
            NotChess::HandNotEmpty { piece, player } => write!(
                f,
                "{piece} in the {} hand: chess has no pieces in hand",
                color(*player)
            ),
            NotChess::KingCount { player, count } => {
                write!(f, "{} has {count} kings, not one", color(*player))
            }
            NotChess::PawnOnBackRank { piece, square } => {
                piece_on(f, *piece, *square, "no pawn stands on rank 1 or 8")
            }
            NotChess::CastlingRight { right, square } => write!(
                f,
                "castling right {right}: no {} on {}",
                home_piece(*right, *square),
                square_name(*square)
            ),
            NotChess::EnPassant { square } => write!(
                f,
                "en-passant square {}: no double push could have made it",
                square_name(*square)
            ),
            NotChess::KingInCheck { player } => {
                write!(f, "{} is in check but not to move", color(*player))
            }
        }
    }
}

/// The message of a piece that may not stand on its square:
/// `{piece} on {square}: {reason}`.
fn piece_on(f: &mut fmt::Formatter<'_>, piece: Qpi, square: usize, reason: &str) -> fmt::Result {
    write!(f, "{piece} on {}: {reason}", square_name(square))
}

/// What a castling right needs on a home square: "white king", "black rook".
fn home_piece(right: Castling, square: usize) -> String {
    RULES
        .iter()
        .find(|rule| rule.right == right)
        .map_or_else(String::new, |rule| {
            let piece = if usize::from(rule.king.0) == square {
                "king"
            } else {
                "rook"
            };
            format!("{} {piece}", color(rule.player))
        })
}

impl std::error::Error for NotChess {}

/// Why [`load`] refused a string.
///
/// | input | error |
/// |---|---|
/// | a FEN with a bad field, or a FEEN followed by a bad castling or en-passant field | `Fen` (see [`FenError`]) |
/// | no valid FEEN, when the second field holds a `/` | `Feen` |
/// | a position read, but no chess position | `NotChess` (see [`NotChess`]) |
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum LoadError {
    /// A FEN field, or a field after a FEEN, is malformed.
    Fen(FenError),
    /// Not a FEEN position.
    Feen(FeenError),
    /// The crate refused a FEN position's parts. No string gets this: the
    /// crates hold any 8x8 board; the conversion says so with an error all
    /// the same.
    Build(BuildError),
    /// A position, but no chess position.
    NotChess(NotChess),
}

impl fmt::Display for LoadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            LoadError::Fen(error) => write!(f, "invalid FEN: {error}"),
            LoadError::Feen(error) => error.fmt(f),
            LoadError::Build(error) => error.fmt(f),
            LoadError::NotChess(error) => write!(f, "not a chess position: {error}"),
        }
    }
}

impl std::error::Error for LoadError {}

error_from!(LoadError: Fen(FenError), Feen(FeenError), Build(BuildError), NotChess(NotChess));

/// Reads a FEN or FEEN string into a node over crate `P` and checks that
/// it is a chess position the rules can play from.
///
/// - A FEN has 4 to 6 fields; the clocks are optional, checked to be
///   numbers, and not kept. Its pieces take the styles `C` and `c`, its
///   kings the terminal mark.
/// - A FEEN has 3 fields, which say nothing of castling or en passant: it
///   has no right and no en-passant square, unless FEN's castling and
///   en-passant fields follow it (` KQkq -`).
///
/// A string is read as FEEN when its second field holds a `/` (a FEEN's
/// hands field always does), as FEN otherwise.
///
/// The en-passant square is kept only when a pawn of the side to move
/// stands beside the pawn that made it, as after a move (see
/// [`Node::en_passant`]): a FEN that names it where no pawn could take
/// loads as the same node as one that does not.
///
/// A FEN's halfmove clock (its fifth field, 0 where it has none) is kept
/// by the node and counted on by every move, so the fifty-move rule counts
/// from it; FEEN has no clocks. The fullmove number is checked, not kept.
///
/// ```
/// use games_core::Persistent;
/// use games_chess::{self as chess, LoadError, NotChess};
///
/// let fen = chess::load::<Persistent>(chess::START)?;
/// let feen = chess::load::<Persistent>(
///     "rnbqk^bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK^BNR / C/c KQkq -",
/// )?;
/// assert_eq!(fen, feen);
/// assert!(matches!(
///     chess::load::<Persistent>("8/8/8/8/8/8/8/K7 w - -"),
///     Err(LoadError::NotChess(NotChess::KingCount { .. })),
/// ));
/// # Ok::<(), LoadError>(())
/// ```
///
/// # Errors
///
/// [`LoadError::Fen`] for a malformed FEN field, [`LoadError::Feen`] for a
/// string that is no FEEN position, [`LoadError::NotChess`] for a position
/// that is no chess position (see [`NotChess`]).
pub fn load<P: QpiPosition>(text: &str) -> Result<Node<P>, LoadError> {
    let fields: Vec<&str> = text.split_ascii_whitespace().collect();
    let (position, castling, en_passant, halfmove) =
        if fields.get(1).is_some_and(|f| f.contains('/')) {
            let position: P = match fields.len() {
                3 => read_feen(text)?,
                5 => read_feen(&fields[..3].join(" "))?,
                count => return Err(FenError::FieldCount(count).into()),
            };
            let (castling, en_passant) = match fields[..] {
                [_, _, _, castling, en_passant] => fen::read_state(castling, en_passant)?,
                _ => (Castling::NONE, None),
            };
            // FEEN has no clocks: a FEEN position's past is unknown.
            (position, castling, en_passant, 0)
        } else {
            let fen = fen::read(&fields)?;
            let position = P::from_parts(Parts {
                shape: &[FILES, FILES],
                squares: &fen.squares,
                hands: [&[], &[]],
                styles: STYLES,
                turn: fen.turn,
            })?;
            (position, fen.castling, fen.en_passant, fen.halfmove)
        };
    Ok(check(Node {
        position,
        castling,
        en_passant,
        halfmove,
    })?)
}

/// The kind of a piece, or why it is none.
fn kind_of(piece: Qpi, square: usize) -> Result<Kind, NotChess> {
    let pin = piece.pin();
    if let Some(kind) = Kind::of_pin(pin) {
        return Ok(kind);
    }
    if Kind::of_letter(pin.letter().as_ascii()).is_none() {
        return Err(NotChess::UnknownLetter { piece, square });
    }
    Err(match pin.state() {
        State::Normal => NotChess::TerminalMark { piece, square },
        State::Enhanced | State::Diminished => NotChess::UnknownState { piece, square },
    })
}

/// The node of `position` with the game's state `state`, as
/// [`Node::state`](games_core::Node::state) gives it (the castling rights in the
/// low 4 bits, the en-passant square plus one above them), checked as
/// [`load`] checks a FEN's: how a saved tree's positions become nodes
/// again. `None` for a state no node has, or a node that is no chess
/// position.
pub(crate) fn node_of_state<P: QpiPosition>(position: P, state: u64) -> Option<Node<P>> {
    let castling = Castling::from_bits(u8::try_from(state & 0xF).ok()?);
    let en_passant = match state >> 4 {
        0 => None,
        square @ 1..=64 => Some(u8::try_from(square - 1).ok()?),
        _ => return None,
    };
    let node = Node {
        position,
        castling,
        en_passant,
        halfmove: 0,
    };
    let checked = check(node.clone()).ok()?;
    // The check drops an en-passant square no pawn could take: a state
    // that names one is no node's.
    (checked == node).then_some(checked)
}

/// Checks the chess conditions, in the order of [`NotChess`]'s table, and
/// keeps the en-passant square only where a pawn could take.
fn check<P: QpiPosition>(mut node: Node<P>) -> Result<Node<P>, NotChess> {
    let position = &node.position;
    if position.shape() != [FILES, FILES] {
        return Err(NotChess::Shape(position.shape().to_vec()));
    }
    let mut squares = [None; SQUARES];
    position.read_board(&mut squares);
    let mut kings = [0; 2];
    for (square, piece) in squares.iter().enumerate() {
        let Some(piece) = *piece else { continue };
        if kind_of(piece, square)? == Kind::King {
            kings[slot(owner(piece))] += 1;
        }
    }
    for player in Player::ALL {
        let mut in_hand = None;
        position.for_each_in_hand(player, |piece, _count| {
            in_hand.get_or_insert(piece);
        });
        if let Some(piece) = in_hand {
            return Err(NotChess::HandNotEmpty { piece, player });
        }
    }
    for player in Player::ALL {
        let count = kings[slot(player)];
        if count != 1 {
            return Err(NotChess::KingCount { player, count });
        }
    }
    let back_ranks = (0..FILES).chain(SQUARES - FILES..SQUARES);
    for square in back_ranks {
        if let Some(piece) =
            squares[square].filter(|&piece| Kind::of_pin(piece.pin()) == Some(Kind::Pawn))
        {
            return Err(NotChess::PawnOnBackRank { piece, square });
        }
    }
    let holds = |square: u8, kind: Kind, player: Player| {
        squares[usize::from(square)].is_some_and(|piece| code_of(piece) == code(kind, player))
    };
    for rule in RULES
        .iter()
        .filter(|rule| node.castling.contains(rule.right))
    {
        for (square, kind) in [(rule.king.0, Kind::King), (rule.rook.0, Kind::Rook)] {
            if !holds(square, kind, rule.player) {
                return Err(NotChess::CastlingRight {
                    right: rule.right,
                    square: usize::from(square),
                });
            }
        }
    }
    let turn = position.turn();
    if let Some(square) = node.en_passant {
        let pushed = pushed_pawn(square, turn.flip());
        let made = pushed.is_some_and(|(pushed, from)| {
            holds(pushed, Kind::Pawn, turn.flip())
                && squares[usize::from(square)].is_none()
                && squares[usize::from(from)].is_none()
        });
        if !made {
            return Err(NotChess::EnPassant {
                square: usize::from(square),
            });
        }
    }
    let board = Board::read(&node);
    let waiting = turn.flip();
    if board.in_check(waiting) {
        return Err(NotChess::KingInCheck { player: waiting });
    }
    node.en_passant = node.en_passant.filter(|&square| {
        pushed_pawn(square, waiting)
            .is_some_and(|(pushed, _)| board.pawn_beside(usize::from(pushed), turn))
    });
    Ok(node)
}

/// For an en-passant square left by `pusher`'s double push, the square the
/// pawn landed on and the one it came from; `None` for a square on another
/// rank than the one such a push crosses.
fn pushed_pawn(square: u8, pusher: Player) -> Option<(u8, u8)> {
    const ROW: u8 = 8;
    match (pusher, square / ROW) {
        (Player::First, 5) => Some((square - ROW, square + ROW)),
        (Player::Second, 2) => Some((square + ROW, square - ROW)),
        _ => None,
    }
}
