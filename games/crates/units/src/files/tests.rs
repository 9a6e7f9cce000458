//! The files' tests: each format written and read back, and every bad input named.

use std::path::Path;

use super::format::is_plain_name;
use super::unit::{read_line, unit_lines_of};
use super::*;

#[test]
fn a_checksum_reads_back_as_written() {
    let checksum = Checksum::of(b"abc");
    assert_eq!(
        checksum.to_string(),
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    );
    assert_eq!(checksum.to_string().parse(), Ok(checksum));
    assert!("BA7816".parse::<Checksum>().is_err());
}

#[test]
fn a_result_reads_back_as_written() {
    let result = UnitResult {
        game: "chess".to_string(),
        unit_name: "unit-0001.tsv".to_string(),
        unit: Checksum::of(b"unit"),
        counts: vec![20, 0, u64::MAX],
        total: 12_345,
    };
    assert_eq!(UnitResult::parse(result.text().as_bytes()), Ok(result));
}

#[test]
fn a_result_cut_short_or_changed_is_refused() {
    let result = UnitResult {
        game: "shogi".to_string(),
        unit_name: "unit-0001.tsv".to_string(),
        unit: Checksum::of(b"unit"),
        counts: vec![30, 31],
        total: 61,
    };
    let text = result.text();
    let cut = &text[..text.len() - 10];
    assert!(UnitResult::parse(cut.as_bytes()).is_err());
    let edited = text.replace("\n31\n", "\n32\n");
    let reason = UnitResult::parse(edited.as_bytes()).unwrap_err();
    assert!(reason.contains("checksum"), "{reason}");
}

#[test]
fn a_unit_line_needs_three_fields_a_multiplicity_and_the_depth_left() {
    assert_eq!(
        read_line("9x9\t3\t2", 2),
        Ok(Line {
            position: "9x9".to_string(),
            multiplicity: 3
        })
    );
    for (line, reason) in [
        ("9x9\t3", "2 fields"),
        ("9x9\t0\t2", "multiplicity \"0\""),
        ("9x9\t+3\t2", "multiplicity \"+3\""),
        ("9x9\t3\t0", "depth left 0"),
        ("9x9\t3\t3", "depth left 3, past the split"),
        ("\t3\t2", "no position"),
    ] {
        let error = read_line(line, 2).unwrap_err();
        assert!(error.contains(reason), "{line:?}: {error}");
    }
}

/// `text` with a few random bytes replaced, inserted or cut, or
/// truncated.
fn mutated(text: &[u8], rng: &mut support::Rng) -> Vec<u8> {
    let mut bytes = text.to_vec();
    for _ in 0..=rng.below(3) {
        let at = rng.below(bytes.len() + 1);
        let byte = *rng.pick(b"\t\n0123456789abcdef-+ end/.\xff");
        match rng.below(4) {
            0 if at < bytes.len() => bytes[at] = byte,
            1 => bytes.insert(at, byte),
            2 if at < bytes.len() => {
                bytes.remove(at);
            }
            _ => bytes.truncate(at),
        }
    }
    bytes
}

#[test]
fn no_mutation_of_a_manifest_a_unit_or_a_result_makes_a_reader_panic() {
    let unit = b"....X O\t3\t2\n...X. O\t1\t2\n".to_vec();
    let manifest = Manifest {
        game: "go".into(),
        root: "... X".into(),
        depth: 3,
        split: 1,
        unit_size: 2,
        distinct: 2,
        leaves: 4,
        units: vec![UnitEntry {
            name: "unit-0001.tsv".into(),
            lines: 2,
            checksum: Checksum::of(&unit),
        }],
    };
    let result = UnitResult {
        game: "go".into(),
        unit_name: "unit-0001.tsv".into(),
        unit: Checksum::of(&unit),
        counts: vec![5, 7],
        total: 22,
    };
    let path = Path::new("manifest.tsv");
    let mut rng = support::Rng(55);
    for _ in 0..20_000 {
        let _ = Manifest::parse(path, &mutated(manifest.text().as_bytes(), &mut rng));
        let _ = unit_lines_of(path, &mutated(&unit, &mut rng), 2, 2);
        let _ = UnitResult::parse(&mutated(result.text().as_bytes(), &mut rng));
    }
}

#[test]
fn unit_names_sort_in_order() {
    assert_eq!(unit_name(0, 54), "unit-0001.tsv");
    assert_eq!(unit_name(12_344, 12_345), "unit-12345.tsv");
    assert_eq!(unit_name(0, 12_345), "unit-00001.tsv");
}

#[test]
fn a_name_that_reaches_outside_the_directory_is_no_plain_name() {
    assert!(is_plain_name("unit-0001.tsv"));
    for name in ["", "../x", "a/b", ".hidden", "a b"] {
        assert!(!is_plain_name(name), "{name:?}");
    }
}

#[test]
fn the_total_multiplies_and_adds_in_u128() {
    let line = |multiplicity| Line {
        position: "p".to_string(),
        multiplicity,
    };
    let lines = [line(3), line(u128::from(u64::MAX))];
    assert_eq!(
        total(&lines, &[5, u64::MAX]),
        Some(15 + u128::from(u64::MAX) * u128::from(u64::MAX))
    );
    assert_eq!(total(&[line(u128::MAX)], &[2]), None);
}
