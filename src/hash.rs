//! The position hash: its terms, and the hash of a whole position computed
//! from scratch.
//!
//! The position hash is a Zobrist-style XOR of one term per feature (an
//! occupied square, a hand entry, the side to move, the shape and the two
//! styles). A term is a keyed mix of the feature's parts, so changing one
//! feature costs one XOR out and one XOR in: that is how every
//! transformation keeps the hash up to date. [`FromScratch`] XORs in the
//! terms of a whole content instead; it is how a position built from its
//! content ([`Qi::from_parts`](crate::Qi::from_parts)) gets its hash, and so
//! the reference the incremental updates are tested against.
//!
//! Everything here is fixed arithmetic on `u64`: no random state, no
//! per-process seed, no dependence on pointer width or byte order for the
//! `Hash` impls that write integers one at a time (all integer and string
//! types, and everything derived from them). That is what makes the values a
//! stability contract: changing any constant or any step below changes every
//! hash, and the golden test in `tests/position/hash_golden.rs` fails.

use core::hash::{Hash, Hasher};

use crate::Player;

/// Domain separators: the same parts never mix to the same term in two roles.
const SQUARE: u64 = 0x243f_6a88_85a3_08d3;
const FIRST_HAND: u64 = 0x1319_8a2e_0370_7344;
const SECOND_HAND: u64 = 0xa409_3822_299f_31d0;
const FIRST_STYLE: u64 = 0x082e_fa98_ec4e_6c89;
const SECOND_STYLE: u64 = 0x4528_21e6_38d0_1377;
const SHAPE: u64 = 0xbe54_66cf_34e9_0c6c;
const SEED: u64 = 0xc0ac_29b7_c97c_50dd;

/// The term `XOR`ed into the hash while the second player is to move.
pub(crate) const SECOND_TO_MOVE: u64 = 0x3f84_d5b5_b547_0917;

/// The 64-bit finalizer of `MurmurHash3`: a bijection with full avalanche.
#[inline]
pub(crate) const fn fmix64(mut x: u64) -> u64 {
    x ^= x >> 33;
    x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^= x >> 33;
    x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    x ^= x >> 33;
    x
}

/// Mixes two words under a domain key.
#[inline]
const fn keyed(domain: u64, a: u64, b: u64) -> u64 {
    fmix64(fmix64(a ^ domain) ^ b)
}

/// A deterministic streaming hasher: the same writes give the same value on
/// every run and every platform.
///
/// Integers are absorbed by value (not by their in-memory bytes), `usize` and
/// `isize` as 64-bit, byte slices eight bytes at a time in little-endian order
/// after their length.
#[derive(Debug, Clone, Copy)]
pub(crate) struct StableHasher {
    state: u64,
}

impl StableHasher {
    pub(crate) const fn new() -> Self {
        StableHasher { state: SEED }
    }

    #[inline]
    fn absorb(&mut self, word: u64) {
        let x = (self.state ^ word).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        self.state = x ^ (x >> 29);
    }
}

/// `Hasher` writes of the integers narrower than a word: each widened to
/// one word and absorbed.
macro_rules! widened_writes {
    ($($name:ident: $integer:ty),*) => {
        $(
            #[inline]
            fn $name(&mut self, i: $integer) {
                self.absorb(u64::from(i));
            }
        )*
    };
}

impl Hasher for StableHasher {
    /// One multiply and shift over the absorbed words: each absorb has
    /// mixed its word in already, and a piece's key (most pieces are one
    /// or two words) is then two multiplications, not four.
    #[inline]
    fn finish(&self) -> u64 {
        mix(self.state)
    }

    fn write(&mut self, bytes: &[u8]) {
        self.absorb(bytes.len() as u64);
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0; 8];
            word.copy_from_slice(chunk);
            self.absorb(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.absorb(u64::from_le_bytes(word));
        }
    }

    widened_writes!(write_u8: u8, write_u16: u16, write_u32: u32);

    #[inline]
    fn write_u64(&mut self, i: u64) {
        self.absorb(i);
    }

    #[inline]
    fn write_u128(&mut self, i: u128) {
        // Truncation is the point: the low word, then the high word.
        #[allow(clippy::cast_possible_truncation)]
        self.absorb(i as u64);
        self.absorb((i >> 64) as u64);
    }

    #[inline]
    fn write_usize(&mut self, i: usize) {
        self.absorb(i as u64);
    }

    #[inline]
    fn write_isize(&mut self, i: isize) {
        // Sign-extended to 64 bits, so the value is the same on every width.
        self.absorb((i as i64).cast_unsigned());
    }
}

/// The stable hash of a value through its `Hash` impl.
#[inline]
pub(crate) fn stable_hash<T: Hash + ?Sized>(value: &T) -> u64 {
    let mut hasher = StableHasher::new();
    value.hash(&mut hasher);
    hasher.finish()
}

/// One multiplication and shift: the mix of a square's term.
#[inline]
const fn mix(x: u64) -> u64 {
    let x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
    x ^ (x >> 32)
}

/// The term of a piece (given by its stable hash) on a square: one mix of
/// the square's key and the piece's, the square's key read from a table
/// on boards up to Go's. A write costs one such term out and one in.
#[inline]
pub(crate) fn square_term(index: usize, piece_key: u64) -> u64 {
    let index_key = SQUARE_KEYS
        .get(index)
        .copied()
        .unwrap_or_else(|| square_key(index));
    mix(index_key ^ piece_key)
}

/// A square's key: its index mixed under the square domain.
#[inline]
const fn square_key(index: usize) -> u64 {
    fmix64(index as u64 ^ SQUARE)
}

/// Squares whose index key is precomputed: every square of a 19x19 board.
const TABLED_SQUARES: usize = 512;

/// [`square_key`] of the first [`TABLED_SQUARES`] indices.
static SQUARE_KEYS: [u64; TABLED_SQUARES] = {
    let mut keys = [0; TABLED_SQUARES];
    let mut index = 0;
    while index < TABLED_SQUARES {
        keys[index] = square_key(index);
        index += 1;
    }
    keys
};

/// The term of `count` copies (at least one) of a piece in a hand.
#[inline]
pub(crate) const fn hand_term(player: Player, count: usize, piece_key: u64) -> u64 {
    let domain = match player {
        Player::First => FIRST_HAND,
        Player::Second => SECOND_HAND,
    };
    keyed(domain, count as u64, piece_key)
}

/// The term of the two styles (given by their stable hashes).
pub(crate) const fn styles_term(first_key: u64, second_key: u64) -> u64 {
    keyed(FIRST_STYLE, 0, first_key) ^ keyed(SECOND_STYLE, 0, second_key)
}

/// The term of a shape, given its dimension sizes outermost first.
pub(crate) fn shape_term(sizes: &[usize]) -> u64 {
    // Sizes are at most 255: a byte each, plus the count, cannot collide.
    let packed = sizes
        .iter()
        .fold(sizes.len() as u64, |acc, &size| (acc << 8) | size as u64);
    keyed(SHAPE, packed, 0)
}

/// The hash of a position computed from scratch: one term per feature of its
/// content, combined by XOR as the content is read.
#[derive(Debug, Clone, Copy)]
pub(crate) struct FromScratch(u64);

impl FromScratch {
    /// Starts from the terms of the shape and the styles.
    pub(crate) fn new<S: Hash>(sizes: &[usize], first_style: &S, second_style: &S) -> Self {
        FromScratch(
            shape_term(sizes) ^ styles_term(stable_hash(first_style), stable_hash(second_style)),
        )
    }

    /// Adds the term of a piece on a square.
    #[inline]
    pub(crate) fn square<P: Hash + ?Sized>(&mut self, index: usize, piece: &P) {
        self.0 ^= square_term(index, stable_hash(piece));
    }

    /// Adds the term of a hand entry: `count` copies (at least one) of a
    /// piece in a player's hand.
    pub(crate) fn hand_entry<P: Hash + ?Sized>(&mut self, player: Player, piece: &P, count: usize) {
        self.0 ^= hand_term(player, count, stable_hash(piece));
    }

    /// The hash, with `turn` to move.
    pub(crate) fn finish(self, turn: Player) -> u64 {
        match turn {
            Player::First => self.0,
            Player::Second => self.0 ^ SECOND_TO_MOVE,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The table is a shortcut, not a new definition: a square's term is the
    // mix of its index's key and the piece's on every square, tabled or not.
    #[test]
    fn tabled_square_terms_are_the_computed_ones() {
        let key = stable_hash(&"P");
        for index in (0..TABLED_SQUARES + 64).chain([65_024]) {
            assert_eq!(
                square_term(index, key),
                mix(square_key(index) ^ key),
                "square {index}"
            );
        }
    }

    /// A position's content on a 2x3 board with styles "C" and "c".
    #[derive(Clone)]
    struct Content {
        squares: [Option<&'static str>; 6],
        hands: Vec<(Player, &'static str, usize)>,
        turn: Player,
    }

    impl Content {
        fn start() -> Self {
            Content {
                squares: [Some("K"), None, Some("P"), None, None, Some("k")],
                hands: vec![(Player::First, "P", 2), (Player::Second, "p", 1)],
                turn: Player::First,
            }
        }

        fn hash(&self) -> u64 {
            let mut hash = FromScratch::new(&[2, 3], &"C", &"c");
            for (index, square) in self.squares.iter().enumerate() {
                if let Some(piece) = square {
                    hash.square(index, piece);
                }
            }
            for (player, piece, count) in &self.hands {
                hash.hand_entry(*player, piece, *count);
            }
            hash.finish(self.turn)
        }
    }

    #[test]
    fn an_empty_position_hashes_as_its_shape_and_styles() {
        assert_eq!(
            FromScratch::new(&[8, 8], &"C", &"c").finish(Player::First),
            shape_term(&[8, 8]) ^ styles_term(stable_hash(&"C"), stable_hash(&"c"))
        );
    }

    #[test]
    fn replacing_a_piece_is_one_term_out_and_one_in() {
        let mut after = Content::start();
        after.squares[2] = Some("Q");
        let updated = Content::start().hash()
            ^ square_term(2, stable_hash(&"P"))
            ^ square_term(2, stable_hash(&"Q"));
        assert_eq!(updated, after.hash());
    }

    #[test]
    fn filling_and_emptying_a_square_are_one_term_each() {
        let mut after = Content::start();
        after.squares[1] = Some("R");
        after.squares[0] = None;
        let updated = Content::start().hash()
            ^ square_term(1, stable_hash(&"R"))
            ^ square_term(0, stable_hash(&"K"));
        assert_eq!(updated, after.hash());
    }

    #[test]
    fn a_hand_count_change_swaps_the_entry_term() {
        let mut after = Content::start();
        after.hands[0].2 = 3;
        let key = stable_hash(&"P");
        let updated = Content::start().hash()
            ^ hand_term(Player::First, 2, key)
            ^ hand_term(Player::First, 3, key);
        assert_eq!(updated, after.hash());
    }

    #[test]
    fn an_entry_leaving_a_hand_takes_its_term_out() {
        let mut after = Content::start();
        after.hands.remove(1);
        let updated = Content::start().hash() ^ hand_term(Player::Second, 1, stable_hash(&"p"));
        assert_eq!(updated, after.hash());
    }

    #[test]
    fn the_second_player_to_move_adds_one_term() {
        let mut after = Content::start();
        after.turn = Player::Second;
        assert_eq!(Content::start().hash() ^ SECOND_TO_MOVE, after.hash());
    }

    #[test]
    fn the_content_read_in_any_order_hashes_alike() {
        let mut forward = FromScratch::new(&[2, 3], &"C", &"c");
        forward.square(0, &"K");
        forward.hand_entry(Player::First, &"P", 2);
        forward.square(5, &"k");
        let mut backward = FromScratch::new(&[2, 3], &"C", &"c");
        backward.square(5, &"k");
        backward.hand_entry(Player::First, &"P", 2);
        backward.square(0, &"K");
        assert_eq!(
            forward.finish(Player::Second),
            backward.finish(Player::Second)
        );
    }

    #[test]
    fn a_piece_hashes_by_where_it_is() {
        let key = stable_hash(&"P");
        assert_ne!(
            hand_term(Player::First, 1, key),
            hand_term(Player::Second, 1, key)
        );
        assert_ne!(
            hand_term(Player::First, 1, key),
            hand_term(Player::First, 2, key)
        );
        assert_ne!(square_term(0, key), square_term(1, key));
    }
}
