//! The commands, each a thin layer over the library's measuring side
//! (`crate::measure`): the arguments in, the tables out.

pub(crate) mod check;
pub(crate) mod engine;
pub(crate) mod go;
pub(crate) mod perft;
pub(crate) mod play;
pub(crate) mod plies;
pub(crate) mod records;
pub(crate) mod search;
pub(crate) mod search_args;
pub(crate) mod tree;
pub(crate) mod units;

use crate::Game;
use crate::measure::Failure;
use clap::ValueEnum;

/// How a section of the performance files (`docs/performance-games.md`)
/// names a published position of the game `G` (`start`, `kiwipete`,
/// `most-moves`, `9x9`); any other position is refused, as it has no
/// section.
pub(crate) fn section_position<G: Game>(text: &str) -> Result<String, Failure> {
    G::PUBLISHED
        .iter()
        .find(|published| published.text == text)
        .map(|published| published.name.to_lowercase().replace(' ', "-"))
        .ok_or_else(|| {
            let names: Vec<&str> = G::PUBLISHED
                .iter()
                .map(|published| published.name)
                .collect();
            Failure::Input(format!(
                "--write files the table under its position: only the published {} positions \
                 ({}) have a section",
                G::NAME,
                names.join(", ")
            ))
        })
}

/// A name with its first letter in capitals.
pub(crate) fn capitalized(name: &str) -> String {
    let mut letters = name.chars();
    letters.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(letters).collect()
    })
}

/// What a choice of the command line that names one value (`--crate
/// local`) picks among `every`: the value whose `flag` is the choice's
/// name.
pub(crate) fn named<T: Copy>(
    choice: &impl ValueEnum,
    every: &[T],
    flag: fn(T) -> &'static str,
) -> Vec<T> {
    let name = choice.to_possible_value();
    every
        .iter()
        .copied()
        .filter(|&value| {
            name.as_ref()
                .is_some_and(|name| name.get_name() == flag(value))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use crate::measure::Crate;
    use crate::search::StoreKind;

    use super::search_args::{StoreChoice, store_choice};
    use crate::cli::CrateChoice;

    #[test]
    fn a_choice_of_one_crate_names_that_crate() {
        assert_eq!(CrateChoice::Persistent.crates(), [Crate::Persistent]);
        assert_eq!(CrateChoice::Local.crates(), [Crate::Local]);
        assert_eq!(CrateChoice::Sashite.crates(), [Crate::Sashite]);
        assert_eq!(CrateChoice::Fixed.crates(), [Crate::Fixed]);
        assert_eq!(
            CrateChoice::Both.crates(),
            [Crate::Persistent, Crate::Sashite]
        );
        assert_eq!(CrateChoice::All.crates(), Crate::ALL);
    }

    #[test]
    fn a_choice_of_one_store_names_that_store() {
        let stores = |text| store_choice(text).map(StoreChoice::stores);
        assert_eq!(stores("positions"), Ok(vec![StoreKind::Positions]));
        assert_eq!(stores("moves"), Ok(vec![StoreKind::Moves]));
        assert_eq!(stores("every:4"), Ok(vec![StoreKind::Every(4)]));
        assert_eq!(stores("both"), Ok(StoreKind::BOTH.to_vec()));
        assert_eq!(stores("all"), Ok(StoreKind::ALL.to_vec()));
        assert!(stores("every:0").is_err());
    }
}
