//! Castling rights: four bits kept in the node beside the position, and the
//! squares each castling uses.

use core::fmt;

use persistent_qi::Player;

/// A set of castling rights, one bit per right, spelled as FEN spells them
/// (`KQkq`, `-` for none). White is the first player.
///
/// ```
/// use games_chess::Castling;
///
/// let rights = Castling::parse("Kq").expect("castling rights");
/// assert!(rights.contains(Castling::WHITE_KING_SIDE));
/// assert!(!rights.contains(Castling::WHITE_QUEEN_SIDE));
/// assert_eq!(rights.to_string(), "Kq");
/// assert_eq!(Castling::NONE.to_string(), "-");
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Castling(u8);

impl Castling {
    /// No right.
    pub const NONE: Castling = Castling(0);
    /// `K`: white may castle on the king's side (e1g1).
    pub const WHITE_KING_SIDE: Castling = Castling(1);
    /// `Q`: white may castle on the queen's side (e1c1).
    pub const WHITE_QUEEN_SIDE: Castling = Castling(2);
    /// `k`: black may castle on the king's side (e8g8).
    pub const BLACK_KING_SIDE: Castling = Castling(4);
    /// `q`: black may castle on the queen's side (e8c8).
    pub const BLACK_QUEEN_SIDE: Castling = Castling(8);
    /// Every right, as at the start.
    pub const ALL: Castling = Castling(15);

    /// The FEN letters of the rights, in the order of their bits.
    const LETTERS: [char; 4] = ['K', 'Q', 'k', 'q'];

    /// The rights as a bit set: `K` is bit 0, `Q` bit 1, `k` bit 2, `q`
    /// bit 3.
    #[must_use]
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// The rights of a bit set as [`bits`](Castling::bits) gives it, the
    /// bits above the fourth dropped.
    #[must_use]
    pub(crate) const fn from_bits(bits: u8) -> Castling {
        Castling(bits & 0xF)
    }

    /// Whether every right of `other` is in `self`.
    #[must_use]
    pub const fn contains(self, other: Castling) -> bool {
        self.0 & other.0 == other.0
    }

    /// Whether no right is left.
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The rights in `self` or in `other`.
    #[must_use]
    pub const fn union(self, other: Castling) -> Castling {
        Castling(self.0 | other.0)
    }

    /// The rights in both `self` and `other`.
    #[must_use]
    pub(crate) const fn intersection(self, other: Castling) -> Castling {
        Castling(self.0 & other.0)
    }

    /// The rights in `self` left after a move from board square `from` to
    /// `to`: those that [`RIGHTS_LEFT_BY_SQUARE`] leaves for both.
    #[must_use]
    pub(crate) fn after_move(self, from: usize, to: usize) -> Castling {
        self.intersection(RIGHTS_LEFT_BY_SQUARE[from])
            .intersection(RIGHTS_LEFT_BY_SQUARE[to])
    }

    /// Reads FEN's castling field: `-`, or some of `KQkq`, each at most
    /// once, in any order. `None` for anything else.
    #[must_use]
    pub fn parse(field: &str) -> Option<Castling> {
        if field == "-" {
            return Some(Castling::NONE);
        }
        if field.is_empty() {
            return None;
        }
        let mut rights = Castling::NONE;
        for letter in field.chars() {
            let bit = Castling::LETTERS
                .iter()
                .position(|&known| known == letter)?;
            let right = Castling(1 << bit);
            if rights.contains(right) {
                return None;
            }
            rights = rights.union(right);
        }
        Some(rights)
    }
}

impl fmt::Display for Castling {
    /// FEN's castling field: `KQkq`, `-` for no right.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("-");
        }
        for (bit, letter) in Castling::LETTERS.iter().enumerate() {
            if self.0 & (1 << bit) != 0 {
                write!(f, "{letter}")?;
            }
        }
        Ok(())
    }
}

/// What one castling moves, as flat squares (0 = a8, 63 = h1).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Rule {
    /// The right it needs.
    pub(crate) right: Castling,
    /// The player who castles.
    pub(crate) player: Player,
    /// The king's home square and where it lands.
    pub(crate) king: (u8, u8),
    /// The rook's home square and where it lands.
    pub(crate) rook: (u8, u8),
    /// The squares the king crosses and lands on, which must not be
    /// attacked (its home square is not, as the king is not in check).
    pub(crate) path: [u8; 2],
}

impl Rule {
    /// The castling of `player` on its home row, whose a-file square is
    /// `row`: king side (the king from the e-file to the g-file, the rook
    /// from the h-file to the f-file) or queen side (e to c, a to d).
    const fn new(right: Castling, player: Player, row: u8, king_side: bool) -> Rule {
        let (king_to, rook_from, rook_to) = if king_side { (6, 7, 5) } else { (2, 0, 3) };
        Rule {
            right,
            player,
            king: (row + 4, row + king_to),
            rook: (row + rook_from, row + rook_to),
            path: [row + rook_to, row + king_to],
        }
    }

    /// The squares between king and rook, which must be empty.
    #[inline]
    pub(crate) fn between(self) -> core::ops::Range<u8> {
        let (king, rook) = (self.king.0, self.rook.0);
        king.min(rook) + 1..king.max(rook)
    }
}

/// Every castling, in the order of the rights' bits: White's home row
/// starts at a1 (56), Black's at a8 (0).
pub(crate) const RULES: [Rule; 4] = [
    Rule::new(Castling::WHITE_KING_SIDE, Player::First, 56, true),
    Rule::new(Castling::WHITE_QUEEN_SIDE, Player::First, 56, false),
    Rule::new(Castling::BLACK_KING_SIDE, Player::Second, 0, true),
    Rule::new(Castling::BLACK_QUEEN_SIDE, Player::Second, 0, false),
];

/// The rights a move leaves standing, by a square it leaves or lands on: a
/// king or rook leaving its home square, or a rook taken there, ends the
/// rights that need it. Every other square leaves them all.
pub(crate) static RIGHTS_LEFT_BY_SQUARE: [Castling; 64] = rights_left_table();

const fn rights_left_table() -> [Castling; 64] {
    let mut table = [Castling::ALL; 64];
    let mut index = 0;
    while index < RULES.len() {
        let rule = RULES[index];
        let without = Castling::ALL.0 & !rule.right.0;
        table[rule.king.0 as usize] = Castling(table[rule.king.0 as usize].0 & without);
        table[rule.rook.0 as usize] = Castling(table[rule.rook.0 as usize].0 & without);
        index += 1;
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_castling_field_round_trips() {
        for field in ["-", "K", "Q", "k", "q", "KQ", "Kk", "KQkq", "Qq"] {
            assert_eq!(Castling::parse(field).unwrap().to_string(), field);
        }
        assert_eq!(Castling::parse("qkQK"), Some(Castling::ALL));
    }

    #[test]
    fn a_bad_castling_field_is_refused() {
        for field in ["", "KK", "X", "K-", "--", "KQkqK"] {
            assert_eq!(Castling::parse(field), None, "{field}");
        }
    }

    #[test]
    fn the_rules_move_king_and_rook_between_their_home_squares() {
        let squares = |rule: &Rule| {
            (
                rule.king,
                rule.rook,
                rule.between().collect::<Vec<_>>(),
                rule.path,
            )
        };
        assert_eq!(
            squares(&RULES[0]),
            ((60, 62), (63, 61), vec![61, 62], [61, 62])
        );
        assert_eq!(
            squares(&RULES[1]),
            ((60, 58), (56, 59), vec![57, 58, 59], [59, 58])
        );
        assert_eq!(squares(&RULES[2]), ((4, 6), (7, 5), vec![5, 6], [5, 6]));
        assert_eq!(squares(&RULES[3]), ((4, 2), (0, 3), vec![1, 2, 3], [3, 2]));
    }

    #[test]
    fn home_squares_end_their_rights() {
        assert_eq!(RIGHTS_LEFT_BY_SQUARE[60].to_string(), "kq");
        assert_eq!(RIGHTS_LEFT_BY_SQUARE[63].to_string(), "Qkq");
        assert_eq!(RIGHTS_LEFT_BY_SQUARE[0].to_string(), "KQk");
        assert_eq!(RIGHTS_LEFT_BY_SQUARE[36], Castling::ALL);
    }
}
