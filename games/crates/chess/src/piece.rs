//! Chess pieces as the rules see them: a kind and an owner, packed in one
//! byte of the mailbox.
//!
//! The position stores [`Qpi`] tokens; the rules read each one once per
//! expanded node through [`CODE_OF_QPI`], a table indexed by the token's
//! code and filled at compile time through `Qpi`'s public `const` API.

use persistent_qi::Player;
use persistent_qi::qpi::pin::{Letter, Side, State};
use persistent_qi::qpi::{Pin, Qpi};

pub(crate) use games_core::mailbox::{Code, EMPTY, WALL, owner, tag};

/// What a piece is, whoever owns it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[repr(u8)]
pub(crate) enum Kind {
    /// `P`.
    Pawn = 1,
    /// `N`.
    Knight = 2,
    /// `B`.
    Bishop = 3,
    /// `R`.
    Rook = 4,
    /// `Q`.
    Queen = 5,
    /// `K^`: the terminal piece.
    King = 6,
}

impl Kind {
    /// The pieces a pawn may promote to, in the order moves are generated.
    pub(crate) const PROMOTIONS: [Kind; 4] = [Kind::Queen, Kind::Rook, Kind::Bishop, Kind::Knight];

    /// The kind of a PIN letter (uppercase), whatever its state and mark.
    pub(crate) const fn of_letter(letter: u8) -> Option<Kind> {
        match letter {
            b'P' => Some(Kind::Pawn),
            b'N' => Some(Kind::Knight),
            b'B' => Some(Kind::Bishop),
            b'R' => Some(Kind::Rook),
            b'Q' => Some(Kind::Queen),
            b'K' => Some(Kind::King),
            _ => None,
        }
    }

    /// The kind a PIN names, or `None` for anything that is no chess piece
    /// (another letter, an enhanced or diminished state, a terminal mark on
    /// anything but a king, a king without it).
    pub(crate) const fn of_pin(pin: Pin) -> Option<Kind> {
        match Kind::of_letter(pin.letter().as_ascii()) {
            Some(kind)
                if matches!(pin.state(), State::Normal)
                    && pin.is_terminal() == matches!(kind, Kind::King) =>
            {
                Some(kind)
            }
            _ => None,
        }
    }

    /// The uppercase PIN letter.
    pub(crate) const fn letter(self) -> Letter {
        let byte = match self {
            Kind::Pawn => b'P',
            Kind::Knight => b'N',
            Kind::Bishop => b'B',
            Kind::Rook => b'R',
            Kind::Queen => b'Q',
            Kind::King => b'K',
        };
        match Letter::from_ascii(byte) {
            Some((letter, _)) => letter,
            None => unreachable!(),
        }
    }

    /// The PIN of this kind on `side`: normal state, the king terminal.
    pub(crate) const fn pin(self, side: Side) -> Pin {
        Pin::new(
            self.letter(),
            side,
            State::Normal,
            matches!(self, Kind::King),
        )
    }
}

/// The bits that say whose a code is, and whether it is a wall.
pub(crate) const OWNER_BITS: Code = 0x70;
/// The bits that say which kind a code is.
const KIND_BITS: Code = 0x07;

/// The mailbox byte of a kind owned by `player`.
pub(crate) const fn code(kind: Kind, player: Player) -> Code {
    tag(player) | kind as u8
}

/// Whether an occupied code is of `kind` (walls and empty squares are of
/// none).
pub(crate) const fn is_kind(code: Code, kind: Kind) -> bool {
    code & (KIND_BITS | WALL) == kind as u8
}

/// The material value in pawns of an occupied code's piece: P 1, N 3,
/// B 3, R 5, Q 9; 0 for a king, an empty square or a wall.
pub(crate) const fn value(code: Code) -> i32 {
    match code & (KIND_BITS | WALL) {
        1 => 1,
        2 | 3 => 3,
        4 => 5,
        5 => 9,
        _ => 0,
    }
}

/// The directions along which a code's piece slides, as a bit mask over
/// [`DIRECTIONS`](super::board::DIRECTIONS) (even bits orthogonal, odd
/// diagonal); 0 for anything that does not slide.
pub(crate) const fn slides(code: Code) -> u8 {
    const ORTHOGONAL: u8 = 0b0101_0101;
    const DIAGONAL: u8 = 0b1010_1010;
    match code & (KIND_BITS | WALL) {
        3 => DIAGONAL,
        4 => ORTHOGONAL,
        5 => ORTHOGONAL | DIAGONAL,
        _ => 0,
    }
}

/// The mailbox byte of every QPI token, by its code: the token's kind and
/// PIN side, whatever its style, or [`INVALID`].
pub(crate) static CODE_OF_QPI: [Code; Qpi::COUNT + 1] = games_core::code_table!(Kind::of_pin, code);

/// The mailbox byte of a token.
pub(crate) fn code_of(piece: Qpi) -> Code {
    CODE_OF_QPI[usize::from(piece.code())]
}

#[cfg(test)]
mod tests {
    use games_core::mailbox::INVALID;

    use super::*;

    #[test]
    fn pins_round_trip_through_kinds() {
        for kind in [
            Kind::Pawn,
            Kind::Knight,
            Kind::Bishop,
            Kind::Rook,
            Kind::Queen,
            Kind::King,
        ] {
            for side in [Side::First, Side::Second] {
                assert_eq!(Kind::of_pin(kind.pin(side)), Some(kind));
            }
        }
    }

    #[test]
    fn every_chess_token_has_its_code_and_others_are_invalid() {
        // 6 kinds x 2 sides x 52 styles have a code; no other token does.
        assert_eq!(
            CODE_OF_QPI.iter().filter(|&&code| code != INVALID).count(),
            6 * 2 * 52
        );
        for (token, coded) in [
            ("C:Q", code(Kind::Queen, Player::First)),
            ("c:k^", code(Kind::King, Player::Second)),
        ] {
            let qpi: Qpi = token.parse().unwrap();
            assert_eq!(CODE_OF_QPI[usize::from(qpi.code())], coded, "{token}");
        }
        for token in ["C:K", "C:P^", "C:+P", "C:-R", "C:G", "c:+q"] {
            let qpi: Qpi = token.parse().unwrap();
            assert_eq!(CODE_OF_QPI[usize::from(qpi.code())], INVALID, "{token}");
        }
    }
}
