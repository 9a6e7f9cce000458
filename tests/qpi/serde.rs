//! The `serde` integration: a `Qpi` is its token string in a human-readable
//! format and its code in a binary one, validated on the way in.
#![cfg(feature = "serde")]

use persistent_qi::qpi::Qpi;
use serde::Deserialize;
use serde::de::value::{BytesDeserializer, Error as ValueError};

use crate::qpi_token;

use qpi_token::qpi;

#[test]
fn serializes_as_the_token_string() {
    assert_eq!(serde_json::to_string(&qpi("C:+K^")).unwrap(), r#""C:+K^""#);
}

#[test]
fn deserializes_from_a_borrowed_string() {
    let q: Qpi = serde_json::from_str(r#""c:k""#).unwrap();
    assert_eq!(q, qpi("c:k"));
}

#[test]
fn deserializes_from_an_escaped_string() {
    // The escape forces serde_json to hand over a transient, unescaped copy.
    let q: Qpi = serde_json::from_str(r#""S:\u002BP""#).unwrap();
    assert_eq!(q, qpi("S:+P"));
}

#[test]
fn deserializes_from_an_owned_string() {
    let value = serde_json::Value::String("x:-r^".to_owned());
    let q: Qpi = serde_json::from_value(value).unwrap();
    assert_eq!(q, qpi("x:-r^"));
}

#[test]
fn deserializes_from_a_reader() {
    let q: Qpi = serde_json::from_reader(&br#""C:k""#[..]).unwrap();
    assert_eq!(q, qpi("C:k"));
}

#[test]
fn round_trips_a_board_of_options() {
    let board = vec![Some(qpi("C:R")), None, Some(qpi("c:k^")), Some(qpi("C:p"))];
    let json = serde_json::to_string(&board).unwrap();
    assert_eq!(json, r#"["C:R",null,"c:k^","C:p"]"#);
    assert_eq!(
        serde_json::from_str::<Vec<Option<Qpi>>>(&json).unwrap(),
        board
    );
}

#[test]
fn round_trips_every_token() {
    for code in 1..=u16::try_from(Qpi::COUNT).unwrap() {
        let q = Qpi::from_code(code).unwrap();
        let json = serde_json::to_string(&q).unwrap();
        assert_eq!(serde_json::from_str::<Qpi>(&json).unwrap(), q);
    }
}

#[test]
fn rejects_an_invalid_token_with_the_parse_error_and_its_cause() {
    let error = serde_json::from_str::<Qpi>(r#""C:K\n""#).unwrap_err();
    // serde_json appends its own " at line 1 column N".
    assert!(
        error.to_string().starts_with(
            r#"invalid QPI token "C:K\n": invalid PIN at byte 3: found '\n': invalid PIN terminal marker (expected '^')"#
        ),
        "{error}"
    );
}

#[test]
fn rejects_a_long_input_without_echoing_it() {
    let json = format!("\"{}\"", "C:K".repeat(1000));
    let error = serde_json::from_str::<Qpi>(&json).unwrap_err();
    assert!(
        error
            .to_string()
            .starts_with("invalid QPI token: QPI token too long (3000 bytes, at most 5)"),
        "{error}"
    );
}

#[test]
fn rejects_a_missing_separator() {
    let error = serde_json::from_str::<Qpi>(r#""CK""#).unwrap_err();
    assert!(
        error.to_string().starts_with(
            r#"invalid QPI token "CK": invalid separator at byte 1: expected ':', found 'K'"#
        ),
        "{error}"
    );
}

#[test]
fn rejects_a_non_string() {
    let error = serde_json::from_str::<Qpi>("42").unwrap_err();
    assert!(
        error
            .to_string()
            .contains(r#"expected a QPI token string such as "C:K""#),
        "{error}"
    );
}

#[test]
fn deserializes_from_bytes() {
    let q = Qpi::deserialize(BytesDeserializer::<ValueError>::new(b"S:+P^")).unwrap();
    assert_eq!(q, qpi("S:+P^"));
}

#[test]
fn rejects_non_utf8_bytes_with_a_typed_message() {
    let error = Qpi::deserialize(BytesDeserializer::<ValueError>::new(b"C:\xff")).unwrap_err();
    assert_eq!(
        error.to_string(),
        r#"invalid QPI token "C:\xff": invalid PIN at byte 2: found '\xff': PIN abbreviation is not an ASCII letter"#
    );
}

#[test]
fn a_binary_format_writes_the_code_and_reads_it_back() {
    // postcard is not human-readable: a token is its u16 code, a varint.
    let king = qpi("C:K");
    assert_eq!(king.code(), 1371);
    assert_eq!(postcard::to_stdvec(&king).unwrap(), [0xdb, 0x0a]);
    for code in 1..=u16::try_from(Qpi::COUNT).unwrap() {
        let q = Qpi::from_code(code).unwrap();
        let bytes = postcard::to_stdvec(&q).unwrap();
        assert!(bytes.len() <= 2, "{q}: {bytes:?}");
        assert_eq!(postcard::from_bytes::<Qpi>(&bytes).unwrap(), q);
    }
    let board = vec![Some(qpi("C:R")), None, Some(qpi("c:k^"))];
    let bytes = postcard::to_stdvec(&board).unwrap();
    assert_eq!(
        postcard::from_bytes::<Vec<Option<Qpi>>>(&bytes).unwrap(),
        board
    );
}

#[test]
fn a_binary_format_refuses_codes_outside_the_tokens() {
    use serde::de::IntoDeserializer as _;
    use serde::de::value::{I64Deserializer, U64Deserializer};

    for code in [0_u16, 16_225, u16::MAX] {
        let bytes = postcard::to_stdvec(&code).unwrap();
        assert!(postcard::from_bytes::<Qpi>(&bytes).is_err(), "{code}");
    }
    // The message names the code, in formats that keep it.
    let error = Qpi::deserialize::<U64Deserializer<ValueError>>(70_000_u64.into_deserializer())
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid QPI code 70000: codes run from 1 to 16224"
    );
    let error =
        Qpi::deserialize::<I64Deserializer<ValueError>>((-1_i64).into_deserializer()).unwrap_err();
    assert_eq!(
        error.to_string(),
        "invalid QPI code -1: codes run from 1 to 16224"
    );
    // A self-describing reader handed a code accepts it.
    let king =
        Qpi::deserialize::<U64Deserializer<ValueError>>(1371_u64.into_deserializer()).unwrap();
    assert_eq!(king, qpi("C:K"));
}
