//! The commands, each a thin layer over the library's measuring side
//! (`crate::measure`): the arguments in, the tables out.

pub(crate) mod check;
pub(crate) mod engine;
pub(crate) mod go;
pub(crate) mod perft;
pub(crate) mod records;
pub(crate) mod search;
pub(crate) mod tree;

use crate::Game;
use crate::measure::Failure;
use clap::ValueEnum;

/// How a section of `docs/performance.md` names a published position of
/// the game `G` (`start`, `kiwipete`, `most-moves`, `9x9`); any other
/// position is refused, as it has no section.
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
/// local`, `--store moves`) picks among `every`: the value whose `flag` is
/// the choice's name.
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

    use super::search::StoreChoice;
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
        assert_eq!(StoreChoice::Positions.stores(), [StoreKind::Positions]);
        assert_eq!(StoreChoice::Moves.stores(), [StoreKind::Moves]);
        assert_eq!(StoreChoice::Both.stores(), StoreKind::ALL);
    }
}
