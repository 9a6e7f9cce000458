//! The QPI components' whole domains, built from the component crates
//! alone: shared by the test crates that check every token.

use persistent_qi::qpi::{Pin, Sin, pin, sin};

/// Every SIN: each letter on each side.
pub(crate) fn all_sins() -> Vec<Sin> {
    sin::Letter::ALL
        .iter()
        .flat_map(|&letter| {
            [sin::Side::First, sin::Side::Second].map(|side| Sin::new(letter, side))
        })
        .collect()
}

/// Every PIN: each letter, side, state and terminal marker.
pub(crate) fn all_pins() -> Vec<Pin> {
    let mut pins = Vec::new();
    for letter in pin::Letter::ALL {
        for side in [pin::Side::First, pin::Side::Second] {
            for state in [
                pin::State::Diminished,
                pin::State::Normal,
                pin::State::Enhanced,
            ] {
                for terminal in [false, true] {
                    pins.push(Pin::new(letter, side, state, terminal));
                }
            }
        }
    }
    pins
}
