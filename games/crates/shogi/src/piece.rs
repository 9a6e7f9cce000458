//! Shogi pieces as the rules see them: a kind and an owner, packed in one
//! byte of the mailbox, with the step and slide directions of each.
//!
//! The position stores [`Qpi`] tokens; the rules read each one once per
//! expanded node through [`CODE_OF_QPI`], a table indexed by the token's
//! code and filled at compile time through `Qpi`'s public `const` API.

use persistent_qi::Player;
use persistent_qi::qpi::pin::{Letter, Side, State};
use persistent_qi::qpi::{Pin, Qpi};

use games_core::mailbox;
pub(crate) use games_core::mailbox::{Code, EMPTY, WALL, tag};

/// What a piece is, whoever owns it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub enum Kind {
    /// `P`: one step forward.
    Pawn = 1,
    /// `L`: any number of steps forward.
    Lance = 2,
    /// `N`: two forward and one sideways, jumping.
    Knight = 3,
    /// `S`: one step forward or diagonally.
    Silver = 4,
    /// `G`: one step orthogonally or diagonally forward.
    Gold = 5,
    /// `B`: any number of steps diagonally.
    Bishop = 6,
    /// `R`: any number of steps orthogonally.
    Rook = 7,
    /// `K^`: one step in any direction; its capture would end the game.
    King = 8,
    /// `+P` (tokin): moves as a gold.
    PromotedPawn = 9,
    /// `+L`: moves as a gold.
    PromotedLance = 10,
    /// `+N`: moves as a gold.
    PromotedKnight = 11,
    /// `+S`: moves as a gold.
    PromotedSilver = 12,
    /// `+B` (horse): a bishop that also steps orthogonally.
    Horse = 13,
    /// `+R` (dragon): a rook that also steps diagonally.
    Dragon = 14,
}

impl Kind {
    /// Every kind, in code order.
    pub const ALL: [Kind; 14] = [
        Kind::Pawn,
        Kind::Lance,
        Kind::Knight,
        Kind::Silver,
        Kind::Gold,
        Kind::Bishop,
        Kind::Rook,
        Kind::King,
        Kind::PromotedPawn,
        Kind::PromotedLance,
        Kind::PromotedKnight,
        Kind::PromotedSilver,
        Kind::Horse,
        Kind::Dragon,
    ];

    /// The kind of a mailbox code's low bits (1 to 14).
    const fn from_bits(bits: u8) -> Option<Kind> {
        if bits >= 1 && bits <= 14 {
            Some(Kind::ALL[bits as usize - 1])
        } else {
            None
        }
    }

    /// The kind a PIN names, or `None` for anything that is no shogi piece
    /// (another letter, a diminished state, a promoted gold or king, a
    /// terminal mark on anything but a king, a king without it).
    #[must_use]
    pub const fn of_pin(pin: Pin) -> Option<Kind> {
        let base = match pin.letter().as_ascii() {
            b'P' => Kind::Pawn,
            b'L' => Kind::Lance,
            b'N' => Kind::Knight,
            b'S' => Kind::Silver,
            b'G' => Kind::Gold,
            b'B' => Kind::Bishop,
            b'R' => Kind::Rook,
            b'K' => Kind::King,
            _ => return None,
        };
        if pin.is_terminal() != matches!(base, Kind::King) {
            return None;
        }
        match pin.state() {
            State::Normal => Some(base),
            State::Enhanced => base.promoted(),
            State::Diminished => None,
        }
    }

    /// The promoted kind, or `None` for a gold, a king or a promoted piece.
    #[must_use]
    pub const fn promoted(self) -> Option<Kind> {
        match self {
            Kind::Pawn => Some(Kind::PromotedPawn),
            Kind::Lance => Some(Kind::PromotedLance),
            Kind::Knight => Some(Kind::PromotedKnight),
            Kind::Silver => Some(Kind::PromotedSilver),
            Kind::Bishop => Some(Kind::Horse),
            Kind::Rook => Some(Kind::Dragon),
            _ => None,
        }
    }

    /// The kind before promotion: what a captured piece becomes in hand.
    #[must_use]
    pub const fn unpromoted(self) -> Kind {
        match self {
            Kind::PromotedPawn => Kind::Pawn,
            Kind::PromotedLance => Kind::Lance,
            Kind::PromotedKnight => Kind::Knight,
            Kind::PromotedSilver => Kind::Silver,
            Kind::Horse => Kind::Bishop,
            Kind::Dragon => Kind::Rook,
            other => other,
        }
    }

    /// The PIN letter.
    #[must_use]
    pub const fn letter(self) -> Letter {
        let byte = match self.unpromoted() {
            Kind::Pawn => b'P',
            Kind::Lance => b'L',
            Kind::Knight => b'N',
            Kind::Silver => b'S',
            Kind::Gold => b'G',
            Kind::Bishop => b'B',
            Kind::Rook => b'R',
            _ => b'K',
        };
        match Letter::from_ascii(byte) {
            Some((letter, _)) => letter,
            None => unreachable!(),
        }
    }

    /// The PIN of this kind for `player`: promoted kinds are enhanced, the
    /// king carries the terminal mark.
    #[must_use]
    pub const fn pin(self, player: Player) -> Pin {
        let side = match player {
            Player::First => Side::First,
            Player::Second => Side::Second,
        };
        let state = if self.unpromoted() as u8 == self as u8 {
            State::Normal
        } else {
            State::Enhanced
        };
        Pin::new(self.letter(), side, state, matches!(self, Kind::King))
    }

    /// How many rows from the far edge the piece must stay away from: a
    /// pawn or lance on the last row, or a knight on the last two, could
    /// never move again.
    #[must_use]
    pub const fn dead_rows(self) -> usize {
        match self {
            Kind::Pawn | Kind::Lance => 1,
            Kind::Knight => 2,
            _ => 0,
        }
    }
}

/// The mailbox byte of a kind owned by `player`.
pub(crate) const fn code(kind: Kind, player: Player) -> Code {
    tag(player) | kind as u8
}

/// The kind of an occupied mailbox byte.
pub(crate) const fn kind_of(code: Code) -> Kind {
    match Kind::from_bits(code & 0x0F) {
        Some(kind) => kind,
        None => panic!("not a piece code"),
    }
}

/// The mailbox byte of every QPI token, by its code: the token's kind and
/// PIN side, whatever its style, or [`INVALID`].
pub(crate) static CODE_OF_QPI: [Code; Qpi::COUNT + 1] = games_core::code_table!(Kind::of_pin, code);

/// The eight directions, clockwise from "up" (toward row 0, the first
/// player's forward), as offsets on the padded mailbox.
pub(crate) const DIRECTIONS: [isize; 8] = mailbox::directions(ROW);

/// One row down the padded mailbox.
const ROW: isize = PADDED_WIDTH.cast_signed();

/// The direction opposite to direction `index`.
pub(crate) const fn opposite(index: usize) -> usize {
    (index + 4) % 8
}

/// The width of a padded row: nine squares and one wall column, which also
/// serves as the wall on the right of the row before.
pub(crate) const PADDED_WIDTH: usize = 10;

/// The knight's two jumps for the first player; the second player's are
/// their negations.
pub(crate) const FIRST_KNIGHT_JUMPS: [isize; 2] = [-2 * ROW - 1, -2 * ROW + 1];

const UP: u8 = 1 << 0;
const UP_RIGHT: u8 = 1 << 1;
const RIGHT: u8 = 1 << 2;
const DOWN_RIGHT: u8 = 1 << 3;
const DOWN: u8 = 1 << 4;
const DOWN_LEFT: u8 = 1 << 5;
const LEFT: u8 = 1 << 6;
const UP_LEFT: u8 = 1 << 7;
const ORTHOGONAL: u8 = UP | RIGHT | DOWN | LEFT;
const DIAGONAL: u8 = UP_RIGHT | DOWN_RIGHT | DOWN_LEFT | UP_LEFT;
const GOLD: u8 = UP | UP_RIGHT | RIGHT | DOWN | LEFT | UP_LEFT;

/// One-step and sliding directions of a first-player piece, as bit masks
/// over [`DIRECTIONS`]. Knights jump, so they have neither.
const fn first_player_moves(kind: Kind) -> (u8, u8) {
    match kind {
        Kind::Pawn => (UP, 0),
        Kind::Lance => (0, UP),
        Kind::Knight => (0, 0),
        Kind::Silver => (UP | DIAGONAL, 0),
        Kind::Bishop => (0, DIAGONAL),
        Kind::Rook => (0, ORTHOGONAL),
        Kind::King => (ORTHOGONAL | DIAGONAL, 0),
        Kind::Horse => (ORTHOGONAL, DIAGONAL),
        Kind::Dragon => (DIAGONAL, ORTHOGONAL),
        Kind::Gold
        | Kind::PromotedPawn
        | Kind::PromotedLance
        | Kind::PromotedKnight
        | Kind::PromotedSilver => (GOLD, 0),
    }
}

/// Step and slide masks of every mailbox code (zero for non-pieces); the
/// second player's are the first player's turned half a circle.
pub(crate) static MOVES: [(u8, u8); 64] = moves_table();

const fn moves_table() -> [(u8, u8); 64] {
    let mut table = [(0, 0); 64];
    let mut index = 0;
    while index < Kind::ALL.len() {
        let kind = Kind::ALL[index];
        let (step, slide) = first_player_moves(kind);
        table[code(kind, Player::First) as usize] = (step, slide);
        table[code(kind, Player::Second) as usize] = (step.rotate_left(4), slide.rotate_left(4));
        index += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use games_core::mailbox::INVALID;

    use super::*;

    #[test]
    fn pins_round_trip_through_kinds() {
        for kind in Kind::ALL {
            for player in Player::ALL {
                assert_eq!(Kind::of_pin(kind.pin(player)), Some(kind));
            }
        }
    }

    #[test]
    fn second_player_moves_mirror_the_first() {
        let (step, _) = MOVES[code(Kind::Pawn, Player::Second) as usize];
        assert_eq!(step, DOWN);
        let (step, _) = MOVES[code(Kind::Gold, Player::Second) as usize];
        assert_eq!(step, DOWN | DOWN_RIGHT | RIGHT | UP | LEFT | DOWN_LEFT);
    }

    #[test]
    fn every_shogi_token_has_its_code_and_others_are_invalid() {
        // 14 kinds x 2 sides x 52 styles have a code; no other token does.
        assert_eq!(
            CODE_OF_QPI.iter().filter(|&&code| code != INVALID).count(),
            14 * 2 * 52
        );
        for (token, coded) in [
            ("S:P", code(Kind::Pawn, Player::First)),
            ("c:+r", code(Kind::Dragon, Player::Second)),
        ] {
            let qpi: Qpi = token.parse().unwrap();
            assert_eq!(CODE_OF_QPI[usize::from(qpi.code())], coded, "{token}");
        }
        for token in ["S:K", "S:P^", "S:+G", "S:+K^", "S:-P", "S:Q", "S:+P^"] {
            let qpi: Qpi = token.parse().unwrap();
            assert_eq!(CODE_OF_QPI[usize::from(qpi.code())], INVALID, "{token}");
        }
    }
}
