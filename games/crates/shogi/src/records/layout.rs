//! A shogi position as the record formats lay one out (a piece or nothing
//! on each square, the pieces in each hand, the side to move), the kinds'
//! names in CSA and in Japanese, and the handicap starts.
//!
//! Every position a record gives goes into the rules through
//! [`read_sfen`], the SFEN reader's one door in.

use persistent_qi::Player;

use super::super::moves::{FILES, SQUARES};
use super::super::piece::Kind;
use super::super::{Node, SfenError, read_sfen, write_sfen};
use games_core::QpiPosition;
use games_core::mailbox::owner;

/// The kinds a hand holds, in [`Kind`]'s order: pawn to rook.
pub(crate) const HAND_KINDS: [Kind; 7] = [
    Kind::Pawn,
    Kind::Lance,
    Kind::Knight,
    Kind::Silver,
    Kind::Gold,
    Kind::Bishop,
    Kind::Rook,
];

/// CSA's two-letter names, in [`Kind::ALL`]'s order.
const CSA_NAMES: [&str; 14] = [
    "FU", "KY", "KE", "GI", "KI", "KA", "HI", "OU", "TO", "NY", "NK", "NG", "UM", "RY",
];

/// The kind CSA's two letters name (`FU`, `UM`).
pub(crate) fn kind_of_csa(name: &str) -> Option<Kind> {
    CSA_NAMES
        .iter()
        .position(|&held| held == name)
        .map(|index| Kind::ALL[index])
}

/// CSA's name of a kind.
pub(crate) fn csa_name(kind: Kind) -> &'static str {
    CSA_NAMES[kind as usize - 1]
}

/// The SFEN letter of a kind, uppercase, `+` before a promoted one.
fn sfen_letters(kind: Kind) -> (bool, char) {
    (kind.unpromoted() != kind, kind.letter().as_char())
}

/// What stands on a square: a kind and its owner.
pub(crate) type Placed = (Kind, Player);

/// A position as a record lays it out, before the rules see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Layout {
    /// The squares, as the rules number them: row 0 (rank 1, the second
    /// player's camp) first, file 9 first in each row.
    pub(crate) squares: [Option<Placed>; SQUARES],
    /// Each player's hand: a count of each of [`HAND_KINDS`].
    pub(crate) hands: [[u32; 7]; 2],
    /// The side to move.
    pub(crate) turn: Player,
}

/// The standard start, first player to move.
const START_ROWS: [&str; 9] = [
    "lnsgkgsnl",
    ".r.....b.",
    "ppppppppp",
    ".........",
    ".........",
    ".........",
    "PPPPPPPPP",
    ".B.....R.",
    "LNSGKGSNL",
];

/// A square's index from its file (1 to 9, right to left as the first
/// player sees the board) and rank (1 to 9, from the second player's
/// camp), as records name squares (`77` is file 7, rank 7: USI's `7g`).
pub(crate) fn square_of(file: u8, rank: u8) -> Option<usize> {
    let (file, rank) = (usize::from(file), usize::from(rank));
    ((1..=FILES).contains(&file) && (1..=FILES).contains(&rank))
        .then(|| (rank - 1) * FILES + (FILES - file))
}

/// A square's file and rank: see [`square_of`].
pub(crate) fn file_rank(square: usize) -> (u8, u8) {
    let file = u8::try_from(FILES - square % FILES).expect("a file of 9");
    let rank = u8::try_from(square / FILES + 1).expect("a rank of 9");
    (file, rank)
}

impl Layout {
    /// No piece anywhere, the first player to move.
    pub(crate) fn empty() -> Layout {
        Layout {
            squares: [None; SQUARES],
            hands: [[0; 7]; 2],
            turn: Player::First,
        }
    }

    /// The standard start, the first player to move.
    pub(crate) fn start() -> Layout {
        let mut layout = Layout::empty();
        for (row, text) in START_ROWS.iter().enumerate() {
            for (column, letter) in text.bytes().enumerate() {
                let owner = if letter.is_ascii_uppercase() {
                    Player::First
                } else {
                    Player::Second
                };
                layout.squares[row * FILES + column] = Kind::ALL[..8]
                    .iter()
                    .find(|kind| kind.letter().as_ascii() == letter.to_ascii_uppercase())
                    .map(|&kind| (kind, owner));
            }
        }
        layout
    }

    /// The layout of a node's position.
    pub(crate) fn of<P: QpiPosition>(node: &Node<P>) -> Layout {
        let position = &node.position;
        let mut squares = [None; SQUARES];
        position.read_board(&mut squares);
        let mut layout = Layout::empty();
        for (square, piece) in squares.iter().enumerate() {
            layout.squares[square] =
                piece.and_then(|piece| Some((Kind::of_pin(piece.pin())?, owner(piece))));
        }
        for player in Player::ALL {
            position.for_each_in_hand(player, |piece, count| {
                if let Some(kind) = Kind::of_pin(piece.pin()) {
                    let slot = kind as usize - 1;
                    if slot < HAND_KINDS.len() {
                        let count = u32::try_from(count).unwrap_or(u32::MAX);
                        let held = &mut layout.hands[usize::from(player.is_second())][slot];
                        *held = held.saturating_add(count);
                    }
                }
            });
        }
        layout.turn = position.turn();
        layout
    }

    /// The layout in SFEN, with move number 1.
    pub(crate) fn sfen(&self) -> String {
        let mut text = String::new();
        for row in 0..FILES {
            if row > 0 {
                text.push('/');
            }
            let mut empty = 0;
            for column in 0..FILES {
                match self.squares[row * FILES + column] {
                    None => empty += 1,
                    Some((kind, player)) => {
                        if empty > 0 {
                            text += &empty.to_string();
                            empty = 0;
                        }
                        let (promoted, letter) = sfen_letters(kind);
                        if promoted {
                            text.push('+');
                        }
                        text.push(match player {
                            Player::First => letter,
                            Player::Second => letter.to_ascii_lowercase(),
                        });
                    }
                }
            }
            if empty > 0 {
                text += &empty.to_string();
            }
        }
        text += match self.turn {
            Player::First => " b ",
            Player::Second => " w ",
        };
        let mut hands = String::new();
        for player in Player::ALL {
            // SFEN's order: rook, bishop, gold, silver, knight, lance, pawn.
            for slot in (0..HAND_KINDS.len()).rev() {
                let count = self.hands[usize::from(player.is_second())][slot];
                if count > 1 {
                    hands += &count.to_string();
                }
                if count > 0 {
                    let letter = HAND_KINDS[slot].letter().as_char();
                    hands.push(match player {
                        Player::First => letter,
                        Player::Second => letter.to_ascii_lowercase(),
                    });
                }
            }
        }
        text += if hands.is_empty() { "-" } else { &hands };
        text += " 1";
        text
    }

    /// The node of the layout, over the position crate `P`.
    ///
    /// # Errors
    ///
    /// [`SfenError`] where the rules refuse the position (a side without
    /// a king, a pawn on its last rank, the side not to move in check).
    pub(crate) fn node<P: QpiPosition>(&self) -> Result<Node<P>, SfenError> {
        read_sfen::<P>(&self.sfen()).map(|read| read.node)
    }
}

/// A node's position in SFEN's four fields, its move number `ply + 1`
/// (as cshogi numbers a record's positions): how errors and `--nodes`
/// name a position.
pub(crate) fn sfen_at<P: QpiPosition>(node: &Node<P>, ply: usize) -> String {
    write_sfen(node, u32::try_from(ply + 1).unwrap_or(u32::MAX))
}

/// A handicap start: its Japanese name (KIF's `手合割`) and the squares
/// (file, rank) the second player's pieces are taken from, the second
/// player (the stronger, 上手) to move.
pub(crate) struct Handicap {
    /// KIF's name.
    pub(crate) name: &'static str,
    /// The squares emptied, by file and rank.
    pub(crate) removed: &'static [(u8, u8)],
}

/// The handicaps KIF names, as Kifu for Windows and cshogi lay them out.
pub(crate) const HANDICAPS: [Handicap; 12] = [
    Handicap {
        name: "香落ち",
        removed: &[(1, 1)],
    },
    Handicap {
        name: "右香落ち",
        removed: &[(9, 1)],
    },
    Handicap {
        name: "角落ち",
        removed: &[(2, 2)],
    },
    Handicap {
        name: "飛車落ち",
        removed: &[(8, 2)],
    },
    Handicap {
        name: "飛香落ち",
        removed: &[(8, 2), (1, 1)],
    },
    Handicap {
        name: "二枚落ち",
        removed: &[(8, 2), (2, 2)],
    },
    Handicap {
        name: "三枚落ち",
        removed: &[(8, 2), (2, 2), (1, 1)],
    },
    Handicap {
        name: "四枚落ち",
        removed: &[(8, 2), (2, 2), (1, 1), (9, 1)],
    },
    Handicap {
        name: "五枚落ち",
        removed: &[(8, 2), (2, 2), (1, 1), (9, 1), (8, 1)],
    },
    Handicap {
        name: "左五枚落ち",
        removed: &[(8, 2), (2, 2), (1, 1), (9, 1), (2, 1)],
    },
    Handicap {
        name: "六枚落ち",
        removed: &[(8, 2), (2, 2), (1, 1), (9, 1), (8, 1), (2, 1)],
    },
    Handicap {
        name: "八枚落ち",
        removed: &[
            (8, 2),
            (2, 2),
            (1, 1),
            (9, 1),
            (8, 1),
            (2, 1),
            (7, 1),
            (3, 1),
        ],
    },
];

impl Handicap {
    /// The start this handicap gives, the second player to move.
    pub(crate) fn layout(&self) -> Layout {
        let mut layout = Layout::start();
        for &(file, rank) in self.removed {
            if let Some(square) = square_of(file, rank) {
                layout.squares[square] = None;
            }
        }
        layout.turn = Player::Second;
        layout
    }
}

/// The ten-piece handicap (十枚落ち), beside the table: every piece of the
/// second player's back two ranks but the king.
pub(crate) fn ten_pieces() -> Layout {
    let mut layout = Layout::start();
    for square in 0..2 * FILES {
        if !matches!(layout.squares[square], Some((Kind::King, _))) {
            layout.squares[square] = None;
        }
    }
    layout.turn = Player::Second;
    layout
}
