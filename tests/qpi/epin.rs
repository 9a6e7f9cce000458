//! QPI <-> EPIN given a game's two styles, checked over whole domains: every
//! EPIN token under every pair of styles, every QPI token under the pairs
//! that hold its style and some that do not.
#![cfg(feature = "feen")]

use persistent_qi::qpi::{Epin, Qpi, Sin};

use crate::qpi_domain;

use qpi_domain::{all_pins, all_sins};

fn all_epins() -> Vec<Epin> {
    all_pins()
        .into_iter()
        .flat_map(|pin| [false, true].map(|derived| Epin::new(pin, derived)))
        .collect()
}

fn all_qpis() -> Vec<Qpi> {
    (1..=u16::try_from(Qpi::COUNT).unwrap())
        .map(|code| Qpi::from_code(code).unwrap())
        .collect()
}

#[test]
fn the_domains_are_whole() {
    assert_eq!(all_sins().len(), 52);
    assert_eq!(all_epins().len(), 624);
    assert_eq!(all_qpis().len(), 16_224);
}

#[test]
fn every_epin_token_comes_back_from_qpi_under_every_pair_of_distinct_styles() {
    let sins = all_sins();
    for &first in &sins {
        for &second in &sins {
            for epin in all_epins() {
                let qpi = Qpi::from_epin(epin, first, second);
                assert_eq!(qpi.pin(), epin.pin(), "the PIN is kept");
                let expected = if first == second { epin.native() } else { epin };
                assert_eq!(
                    qpi.to_epin(first, second),
                    Ok(expected),
                    "{epin} under {first}/{second}"
                );
            }
        }
    }
}

#[test]
fn a_native_piece_has_its_sides_style_and_a_derived_one_the_others() {
    let (first, second): (Sin, Sin) = ("S".parse().unwrap(), "x".parse().unwrap());
    for epin in all_epins() {
        let own = if epin.is_first() { first } else { second };
        let other = if epin.is_first() { second } else { first };
        let expected = if epin.is_derived() { other } else { own };
        assert_eq!(
            Qpi::from_epin(epin, first, second).sin(),
            expected,
            "{epin}"
        );
    }
}

#[test]
fn every_qpi_token_is_spelled_exactly_when_a_player_has_its_style() {
    let sins = all_sins();
    for qpi in all_qpis() {
        // Its style as either player's, against a few others, and two
        // pairs without it.
        let style = qpi.sin();
        let others = sins
            .iter()
            .copied()
            .filter(|&other| other != style)
            .step_by(7);
        for other in others {
            for (first, second) in [(style, other), (other, style)] {
                let epin = qpi.to_epin(first, second).expect("a player has the style");
                assert_eq!(epin.pin(), qpi.pin());
                assert_eq!(Qpi::from_epin(epin, first, second), qpi);
            }
            let error = qpi
                .to_epin(other, other)
                .expect_err("no player has the style");
            assert_eq!(
                (error.piece, error.first_style, error.second_style),
                (qpi, other, other)
            );
        }
    }
}

#[test]
fn in_a_game_feen_can_spell_the_derived_mark_is_qpis_derived_relationship() {
    // FEEN's first style is uppercase and its second lowercase; there a QPI
    // token is Derived (its two letters of different case) exactly when its
    // EPIN token carries the mark.
    let sins = all_sins();
    let uppercase = sins.iter().copied().filter(|style| style.is_first());
    for first in uppercase.step_by(5) {
        for second in sins
            .iter()
            .copied()
            .filter(|style| style.is_second())
            .step_by(3)
        {
            for qpi in all_qpis() {
                if let Ok(epin) = qpi.to_epin(first, second) {
                    assert_eq!(
                        epin.is_derived(),
                        qpi.is_derived(),
                        "{qpi} under {first}/{second}"
                    );
                }
            }
        }
    }
}

#[test]
fn the_error_names_the_piece_and_the_styles() {
    let error = Qpi::parse("X:+p^")
        .unwrap()
        .to_epin("C".parse().unwrap(), "c".parse().unwrap())
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "piece X:+p^ has style X, which neither player has (C and c)"
    );
}
