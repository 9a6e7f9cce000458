//! The lines' tables: each persistent runner's best and worst ply against
//! the fixed array, and the cost ply by ply (the first plies one a row,
//! the later ones in groups).

use std::ops::RangeInclusive;

use super::{GamePlies, Making};
use crate::{Crate, Table, thousands};

/// The plies shown one a row; later ones are grouped.
const SINGLE_PLIES: usize = 24;

/// The plies a row of the later groups holds.
const GROUP: usize = 12;

/// The rows of a table of `plies` plies: plies 1 to 24 one a row, then
/// groups of 12 (the last cut at `plies`).
#[must_use]
pub fn groups(plies: usize) -> Vec<RangeInclusive<usize>> {
    let single = (1..=plies.min(SINGLE_PLIES)).map(|ply| ply..=ply);
    let grouped = (SINGLE_PLIES + 1..=plies)
        .step_by(GROUP)
        .map(|first| first..=(first + GROUP - 1).min(plies));
    single.chain(grouped).collect()
}

/// How a row names its plies: `7`, `25-36`.
fn label(plies: &RangeInclusive<usize>) -> String {
    if plies.start() == plies.end() {
        plies.start().to_string()
    } else {
        format!("{}-{}", plies.start(), plies.end())
    }
}

/// The runners of `game` with a ratio to the fixed array: the
/// persistent kinds that ran, when the fixed array ran.
fn compared(game: &GamePlies) -> Vec<Crate> {
    let crates = game.crates();
    if !crates.contains(&Crate::Fixed) {
        return Vec::new();
    }
    Crate::PERSISTENT
        .into_iter()
        .filter(|kind| crates.contains(kind))
        .collect()
}

/// An allocation count per child, or `-` where none was counted.
fn allocations(game: &GamePlies, figure: Option<f64>) -> String {
    match figure {
        Some(figure) if game.counted => format!("{figure:.3}"),
        _ => "-".to_string(),
    }
}

/// Each persistent runner's best and worst ply against the fixed array,
/// a row for each way of making the children: the plies, the speed
/// ratios there, the worst over the best, and the allocations per child
/// at the worst ply and at the ply where they are most. Found ply by ply,
/// whatever the rows of [`plies_table`] group.
#[must_use]
pub fn summary_table(game: &GamePlies) -> Table {
    let mut table = Table::new([
        "runner, children made by",
        "best ply",
        "speed ratio to fixed array there",
        "worst ply",
        "speed ratio to fixed array at the worst ply",
        "worst / best",
        "allocations per child at the worst ply",
        "most allocations per child",
        "at ply",
    ]);
    for making in Making::BOTH {
        for kind in compared(game) {
            let Some(extremes) = game.extremes(kind, making) else {
                continue;
            };
            table.row([
                format!("{}, {}", kind.name(), making.name()),
                extremes.best.0.to_string(),
                format!("{:.2}", extremes.best.1),
                extremes.worst.0.to_string(),
                format!("{:.2}", extremes.worst.1),
                format!("{:.2}", extremes.spread()),
                allocations(game, Some(extremes.allocations_at_worst)),
                allocations(game, Some(extremes.most_allocations.1)),
                extremes.most_allocations.0.to_string(),
            ]);
        }
    }
    table
}

/// The children made into a slot (`play_into`), ply by ply (the rows of
/// [`groups`]): the children over every line, each runner's nanoseconds
/// per child, each persistent runner's speed ratio to the fixed array,
/// and each runner's allocations per child. A group's figures are its
/// plies' summed.
#[must_use]
pub fn plies_table(game: &GamePlies) -> Table {
    let crates = game.crates();
    let compared = compared(game);
    let mut header = vec!["ply".to_string(), "children".to_string()];
    header.extend(
        crates
            .iter()
            .map(|krate| format!("ns per child, {}", krate.name())),
    );
    header.extend(
        compared
            .iter()
            .map(|kind| format!("{} / {}", kind.name(), Crate::Fixed.name())),
    );
    header.extend(
        crates
            .iter()
            .map(|krate| format!("allocations per child, {}", krate.name())),
    );
    let mut table = Table::new(header);
    let making = Making::Into;
    for plies in groups(game.plies()) {
        let children: u64 = game.children[plies.start() - 1..*plies.end()].iter().sum();
        let mut cells = vec![label(&plies), thousands(children)];
        cells.extend(crates.iter().map(|&krate| {
            game.nanoseconds_per_child(krate, making, &plies)
                .map_or_else(|| "-".to_string(), |figure| format!("{figure:.1}"))
        }));
        cells.extend(compared.iter().map(|&kind| {
            game.ratio_to_fixed(kind, making, &plies)
                .map_or_else(|| "-".to_string(), |figure| format!("{figure:.2}"))
        }));
        cells.extend(
            crates
                .iter()
                .map(|&krate| allocations(game, game.allocations_per_child(krate, making, &plies))),
        );
        table.row(cells);
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_plies_are_one_a_row_and_the_later_ones_grouped() {
        let rows = groups(50);
        assert_eq!(rows.len(), 24 + 3);
        assert_eq!(rows[0], 1..=1);
        assert_eq!(rows[23], 24..=24);
        assert_eq!(rows[24], 25..=36);
        assert_eq!(rows[26], 49..=50);
        assert_eq!(groups(5), [1..=1, 2..=2, 3..=3, 4..=4, 5..=5]);
        assert_eq!(label(&(25..=36)), "25-36");
    }
}
