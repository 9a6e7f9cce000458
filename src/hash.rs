//! Keyed mixing for the incremental position hash.
//!
//! The position hash is a Zobrist-style XOR of one term per feature (an
//! occupied square, a hand entry, the side to move, the shape and the two
//! styles). A term is a keyed mix of the feature's parts, so changing one
//! feature costs one XOR out and one XOR in.
//!
//! Everything here is fixed arithmetic on `u64`: no random state, no
//! per-process seed, no dependence on pointer width or byte order for the
//! `Hash` impls that write integers one at a time (all integer and string
//! types, and everything derived from them). That is what makes the values a
//! stability contract: changing any constant or any step below changes every
//! hash, and the golden test in `tests/hash_golden.rs` fails.

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

impl Hasher for StableHasher {
    #[inline]
    fn finish(&self) -> u64 {
        fmix64(self.state)
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

    #[inline]
    fn write_u8(&mut self, i: u8) {
        self.absorb(u64::from(i));
    }

    #[inline]
    fn write_u16(&mut self, i: u16) {
        self.absorb(u64::from(i));
    }

    #[inline]
    fn write_u32(&mut self, i: u32) {
        self.absorb(u64::from(i));
    }

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

/// The term of a piece (given by its stable hash) on a square.
#[inline]
pub(crate) const fn square_term(index: usize, piece_key: u64) -> u64 {
    keyed(SQUARE, index as u64, piece_key)
}

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
