//! The commands, each a thin layer over the library's measuring side
//! (`games::measure`): the arguments in, the tables out.

pub(crate) mod check;
pub(crate) mod engine;
pub(crate) mod go;
pub(crate) mod perft;
pub(crate) mod search;
pub(crate) mod tree;

use games::Game;
use games::measure::Failure;

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
