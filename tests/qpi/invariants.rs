//! Invariants: the whole 16,224-token domain checked exhaustively, every short
//! byte string checked against the spec's regular expression, and property
//! tests for what cannot be enumerated.

use std::collections::HashSet;
use std::hash::{BuildHasher, BuildHasherDefault, DefaultHasher, Hash, Hasher};
use std::mem::size_of;

use persistent_qi::qpi::{Pin, Qpi, Sin, pin, sin};
use proptest::prelude::*;

// --- Compile-time guarantees ---

const _: () = assert!(size_of::<Qpi>() == 2);
const _: () = assert!(size_of::<Option<Qpi>>() == 2);
const _: () = {
    const fn send_sync<T: Send + Sync + Unpin + 'static>() {}
    send_sync::<Qpi>();
};

// --- The domain, built from the component crates alone ---

use crate::qpi_domain;

use qpi_domain::{all_pins, all_sins};

/// Every token, with the components it was built from and its text as the
/// component crates print it.
fn domain() -> Vec<(Sin, Pin, String)> {
    let pins = all_pins();
    all_sins()
        .into_iter()
        .flat_map(|sin| {
            pins.iter()
                .map(move |&pin| (sin, pin, format!("{sin}:{pin}")))
        })
        .collect()
}

/// The spec's `\A[A-Za-z]:[-+]?[A-Za-z]\^?\z`, written independently of the
/// parser under test.
fn matches_spec_regex(bytes: &[u8]) -> bool {
    let letter = |b: &u8| b.is_ascii_alphabetic();
    matches!(
        bytes,
        [s, b':', l]
            | [s, b':', b'+' | b'-', l]
            | [s, b':', l, b'^']
            | [s, b':', b'+' | b'-', l, b'^']
            if letter(s) && letter(l)
    )
}

fn swap_case(byte: u8) -> u8 {
    if byte.is_ascii_uppercase() {
        byte.to_ascii_lowercase()
    } else {
        byte.to_ascii_uppercase()
    }
}

/// The token text with `map` applied to the SIN letter and the PIN letter.
fn map_letters(text: &str, sin_map: impl Fn(u8) -> u8, pin_map: impl Fn(u8) -> u8) -> String {
    let bytes: Vec<u8> = text
        .bytes()
        .enumerate()
        .map(|(i, b)| match (i, b.is_ascii_alphabetic()) {
            (0, _) => sin_map(b),
            (_, true) => pin_map(b),
            _ => b,
        })
        .collect();
    String::from_utf8(bytes).expect("ASCII")
}

// --- Exhaustive: the domain ---

#[test]
fn domain_has_count_distinct_tokens() {
    let texts: HashSet<String> = domain().into_iter().map(|(_, _, text)| text).collect();
    assert_eq!(texts.len(), 16_224);
    assert_eq!(Qpi::COUNT, 16_224);
}

#[test]
fn every_token_parses_and_prints_back_identically() {
    for (sin, pin, text) in domain() {
        let q = Qpi::parse(&text).unwrap_or_else(|e| panic!("{text:?}: {e}"));
        assert_eq!(q, Qpi::new(sin, pin), "{text:?}");
        assert_eq!(q.to_string(), text);
        assert!(matches_spec_regex(text.as_bytes()), "{text:?}");
    }
}

#[test]
fn every_entry_point_accepts_every_token() {
    for (sin, pin, text) in domain() {
        let q = Qpi::new(sin, pin);
        assert!(Qpi::is_valid(&text));
        assert_eq!(text.parse::<Qpi>(), Ok(q));
        assert_eq!(Qpi::try_from(text.as_str()), Ok(q));
        assert_eq!(Qpi::try_from(text.as_bytes()), Ok(q));
    }
}

#[test]
fn every_token_gives_back_its_components() {
    for (sin, pin, _) in domain() {
        let q = Qpi::new(sin, pin);
        assert_eq!((q.sin(), q.pin()), (sin, pin));
    }
}

#[test]
fn every_token_debugs_as_its_quoted_text() {
    for (sin, pin, text) in domain() {
        assert_eq!(
            format!("{:?}", Qpi::new(sin, pin)),
            format!("Qpi({text:?})")
        );
    }
}

#[test]
fn flip_swaps_the_case_of_both_letters() {
    for (sin, pin, text) in domain() {
        let q = Qpi::new(sin, pin);
        assert_eq!(
            q.flip().to_string(),
            map_letters(&text, swap_case, swap_case)
        );
        assert_eq!(
            (q.flip().sin(), q.flip().pin()),
            (sin.flipped(), pin.flipped())
        );
    }
}

#[test]
fn flip_is_an_involution_that_keeps_the_relationship() {
    for (sin, pin, _) in domain() {
        let q = Qpi::new(sin, pin);
        assert_eq!(q.flip().flip(), q);
        assert_ne!(q.flip(), q);
        assert_eq!(q.flip().is_native(), q.is_native());
    }
}

/// `native` of every token (or, when `derived`, `derive`): its text with
/// the PIN letter cased as the SIN letter (or oppositely), a token of that
/// kind, unchanged by the same call again, with the same SIN.
fn pin_letter_cased(derived: bool) {
    for (sin, pin, text) in domain() {
        let q = Qpi::new(sin, pin);
        let kind = |token: Qpi| {
            if derived {
                token.derive()
            } else {
                token.native()
            }
        };
        let upper = text.as_bytes()[0].is_ascii_uppercase() != derived;
        let expected = map_letters(
            &text,
            |b| b,
            |b| {
                if upper {
                    b.to_ascii_uppercase()
                } else {
                    b.to_ascii_lowercase()
                }
            },
        );
        assert_eq!(kind(q).to_string(), expected);
        assert!(if derived {
            kind(q).is_derived()
        } else {
            kind(q).is_native()
        });
        assert_eq!(kind(kind(q)), kind(q));
        assert_eq!(kind(q).sin(), sin);
    }
}

#[test]
fn native_sets_the_pin_letter_to_the_sin_letter_case() {
    pin_letter_cased(false);
}

#[test]
fn derive_sets_the_pin_letter_to_the_opposite_case() {
    pin_letter_cased(true);
}

#[test]
fn native_and_derive_fix_exactly_the_tokens_of_their_kind() {
    for (sin, pin, _) in domain() {
        let q = Qpi::new(sin, pin);
        assert_eq!(q.native() == q, q.is_native());
        assert_eq!(q.derive() == q, q.is_derived());
        assert_eq!(q.native().derive(), q.derive());
        assert_eq!(q.derive().native(), q.native());
    }
}

#[test]
fn flip_commutes_with_native_and_derive() {
    for (sin, pin, _) in domain() {
        let q = Qpi::new(sin, pin);
        assert_eq!(q.flip().native(), q.native().flip());
        assert_eq!(q.flip().derive(), q.derive().flip());
    }
}

#[test]
fn native_is_same_case_of_the_two_letters() {
    for (sin, pin, text) in domain() {
        let q = Qpi::new(sin, pin);
        let bytes = text.as_bytes();
        let pin_letter = bytes[2..]
            .iter()
            .find(|b| b.is_ascii_alphabetic())
            .expect("a letter");
        let same_case = bytes[0].is_ascii_uppercase() == pin_letter.is_ascii_uppercase();
        assert_eq!(q.is_native(), same_case, "{text:?}");
        assert_eq!(q.is_derived(), !same_case, "{text:?}");
    }
}

#[test]
fn with_sin_and_with_pin_replace_one_component() {
    let style = Sin::parse("x").expect("valid SIN");
    let piece = Pin::parse("+G^").expect("valid PIN");
    for (sin, pin, _) in domain() {
        let q = Qpi::new(sin, pin);
        assert_eq!(q.with_sin(style), Qpi::new(style, pin));
        assert_eq!(q.with_pin(piece), Qpi::new(sin, piece));
        assert_eq!(q.with_sin(sin), q);
        assert_eq!(q.with_pin(pin), q);
    }
}

// --- Exhaustive: the code ---

#[test]
fn codes_are_exactly_one_to_count() {
    let mut codes: Vec<u16> = domain()
        .into_iter()
        .map(|(s, p, _)| Qpi::new(s, p).code())
        .collect();
    codes.sort_unstable();
    let expected: Vec<u16> = (1..=16_224).collect();
    assert_eq!(codes, expected);
}

#[test]
fn from_code_inverts_code() {
    for (sin, pin, _) in domain() {
        let q = Qpi::new(sin, pin);
        assert_eq!(Qpi::from_code(q.code()), Some(q));
    }
}

#[test]
fn from_code_accepts_exactly_the_codes_in_range() {
    for code in 0..=u16::MAX {
        assert_eq!(
            Qpi::from_code(code).is_some(),
            (1..=16_224).contains(&code),
            "{code}"
        );
    }
}

#[test]
fn codes_are_the_documented_golden_values() {
    // A stability contract: `Ord` and `Hash` depend on these.
    for (text, code) in [
        ("A:-A", 1),
        ("A:-A^", 2),
        ("A:A", 3),
        ("A:+A", 5),
        ("A:-a", 7),
        ("A:-B", 13),
        ("a:-A", 313),
        ("B:-A", 625),
        ("C:K", 1371),
        ("c:k", 1689),
        ("S:+P^", 11_418),
        ("z:+z^", 16_224),
    ] {
        assert_eq!(Qpi::parse(text).map(Qpi::code), Ok(code), "{text}");
    }
}

// --- Exhaustive: order and hash ---

#[test]
fn order_is_sin_then_pin() {
    let mut tokens: Vec<Qpi> = domain()
        .into_iter()
        .map(|(s, p, _)| Qpi::new(s, p))
        .collect();
    tokens.sort_unstable();
    for pair in tokens.windows(2) {
        assert!(
            (pair[0].sin(), pair[0].pin()) < (pair[1].sin(), pair[1].pin()),
            "{pair:?}"
        );
    }
}

#[test]
fn order_is_not_the_order_of_the_text() {
    let q = |s| Qpi::parse(s).expect("valid");
    assert!(q("C:K") < q("C:+K"));
    assert!(q("C:a") < q("C:K"));
    assert!(q("C:-K") < q("C:K"));
    assert!(q("C:K") < q("C:K^"));
    assert!(q("C:Z") < q("c:A"));
}

/// Records the calls a `Hash` impl makes.
#[derive(Default)]
struct RecordingHasher(Vec<String>);

impl Hasher for RecordingHasher {
    fn finish(&self) -> u64 {
        0
    }
    fn write(&mut self, bytes: &[u8]) {
        self.0.push(format!("write({bytes:?})"));
    }
    fn write_u16(&mut self, value: u16) {
        self.0.push(format!("write_u16({value})"));
    }
}

#[test]
fn hash_is_a_single_write_u16_of_the_code() {
    for (sin, pin, _) in domain() {
        let q = Qpi::new(sin, pin);
        let mut hasher = RecordingHasher::default();
        q.hash(&mut hasher);
        assert_eq!(hasher.0, [format!("write_u16({})", q.code())]);
    }
}

#[test]
fn hash_equals_hashing_the_code_with_a_deterministic_hasher() {
    let build = BuildHasherDefault::<DefaultHasher>::default();
    for (sin, pin, _) in domain() {
        let q = Qpi::new(sin, pin);
        assert_eq!(build.hash_one(q), build.hash_one(q.code()));
    }
}

// --- Exhaustive: every short byte string against the spec regex ---

fn check_against_spec(bytes: &[u8]) {
    let result = Qpi::try_from(bytes);
    assert_eq!(
        result.is_ok(),
        matches_spec_regex(bytes),
        "{:?}",
        bytes.escape_ascii().to_string()
    );
    match result {
        Ok(q) => assert_eq!(q.to_string().as_bytes(), bytes),
        Err(error) => {
            if let Some(position) = error.position() {
                assert!(position <= bytes.len());
            }
        }
    }
    if let Ok(text) = std::str::from_utf8(bytes) {
        assert_eq!(Qpi::parse(text), result);
    }
}

#[test]
fn every_byte_string_up_to_three_bytes_agrees_with_the_spec() {
    check_against_spec(&[]);
    for a in 0..=u8::MAX {
        check_against_spec(&[a]);
        for b in 0..=u8::MAX {
            check_against_spec(&[a, b]);
            for c in 0..=u8::MAX {
                check_against_spec(&[a, b, c]);
            }
        }
    }
}

#[test]
fn every_four_and_five_byte_string_over_a_tricky_alphabet_agrees_with_the_spec() {
    // Letters at both ends of both ranges and their ASCII neighbours, every
    // punctuation the grammar uses, whitespace, NUL and non-ASCII bytes.
    const ALPHABET: &[u8] = b"AZaz@[`{:+-^ \n\r\0\x80\xff";
    let mut buf = [0; 5];
    for len in 4..=5 {
        let total = ALPHABET.len().pow(u32::try_from(len).expect("small"));
        for mut n in 0..total {
            for slot in &mut buf[..len] {
                *slot = ALPHABET[n % ALPHABET.len()];
                n /= ALPHABET.len();
            }
            check_against_spec(&buf[..len]);
        }
    }
}

// --- Property tests ---

fn any_qpi() -> impl Strategy<Value = Qpi> {
    (
        0..26usize,
        any::<bool>(),
        0..26usize,
        any::<bool>(),
        prop_oneof![
            Just(pin::State::Diminished),
            Just(pin::State::Normal),
            Just(pin::State::Enhanced)
        ],
        any::<bool>(),
    )
        .prop_map(|(sl, ss, pl, ps, state, terminal)| {
            let sin_side = if ss {
                sin::Side::Second
            } else {
                sin::Side::First
            };
            let pin_side = if ps {
                pin::Side::Second
            } else {
                pin::Side::First
            };
            Qpi::new(
                Sin::new(sin::Letter::ALL[sl], sin_side),
                Pin::new(pin::Letter::ALL[pl], pin_side, state, terminal),
            )
        })
}

proptest! {
    #[test]
    fn random_bytes_never_panic_and_agree_with_the_spec(bytes in proptest::collection::vec(any::<u8>(), 0..16)) {
        check_against_spec(&bytes);
    }

    #[test]
    fn random_strings_never_panic_and_agree_with_the_spec(text in any::<String>()) {
        check_against_spec(text.as_bytes());
    }

    #[test]
    fn near_miss_strings_agree_with_the_spec(text in "[A-Za-z0-9:+\\-^ \n\r]{0,7}") {
        check_against_spec(text.as_bytes());
    }

    #[test]
    fn strings_matching_the_spec_regex_parse(text in "[A-Za-z]:[-+]?[A-Za-z]\\^?") {
        prop_assert_eq!(Qpi::parse(&text).map(|q| q.to_string()), Ok(text));
    }

    #[test]
    fn parse_of_display_is_identity(q in any_qpi()) {
        prop_assert_eq!(Qpi::parse(&q.to_string()), Ok(q));
    }

    #[test]
    fn order_agrees_with_component_order(a in any_qpi(), b in any_qpi()) {
        prop_assert_eq!(a.cmp(&b), (a.sin(), a.pin()).cmp(&(b.sin(), b.pin())));
        prop_assert_eq!(a == b, a.code() == b.code());
    }

    #[test]
    fn display_honours_width_and_alignment(q in any_qpi(), width in 0usize..10) {
        let text = q.to_string();
        prop_assert_eq!(format!("{q:>width$}"), format!("{text:>width$}"));
        prop_assert_eq!(format!("{q:<width$}"), format!("{text:<width$}"));
    }
}
