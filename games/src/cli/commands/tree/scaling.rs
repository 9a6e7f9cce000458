//! `games <game> tree --depth-range`: the kept tree at every depth of a
//! range, each depth and crate built in a process of its own (as `tree`
//! builds one depth), then how peak memory and speed scale with the
//! positions kept, as a table and, with `--plot`, as an SVG picture (see
//! `crate::measure::scaling`).

use std::ops::RangeInclusive;

use crate::measure::scaling::{build_depths, plot, scaling_table};
use crate::measure::{Failure, Sections, load};
use crate::{Game, Persistent};

use crate::cli::TreeArgs;
use crate::cli::commands::section_position;

/// The depths `--depth-range` asks for, both ends included.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct DepthRange {
    first: u32,
    last: u32,
}

impl DepthRange {
    /// `FIRST..=LAST` or `FIRST-LAST`, with 1 <= FIRST <= LAST <= 10.
    pub(crate) fn parse(text: &str) -> Result<DepthRange, String> {
        let (first, last) = text
            .split_once("..=")
            .or_else(|| text.split_once('-'))
            .ok_or_else(|| format!("`{text}` is no range of depths: write `1..=5` or `1-5`"))?;
        let depth = |end: &str| {
            end.trim()
                .parse::<u32>()
                .ok()
                .filter(|depth| (1..=10).contains(depth))
                .ok_or_else(|| format!("`{end}` is no depth from 1 to 10"))
        };
        let (first, last) = (depth(first)?, depth(last)?);
        if first > last {
            return Err(format!("the range {first}..={last} is empty"));
        }
        Ok(DepthRange { first, last })
    }

    /// The depths, in order.
    fn depths(self) -> RangeInclusive<u32> {
        self.first..=self.last
    }
}

/// Builds every tree of the range, prints the table, and draws and writes
/// what was asked.
pub(crate) fn run<G: Game>(
    position_flag: &str,
    text: &str,
    args: &TreeArgs,
    range: DepthRange,
) -> Result<(), Failure> {
    // Bad input is refused once, before any child runs.
    load::<G, Persistent<G::Piece, G::Style>>(text)?;
    let kept = &args.kept;
    let sections = if kept.write.is_empty() {
        None
    } else {
        let name = format!(
            "{}-tree-scaling-{}-{}-{}",
            G::NAME,
            section_position::<G>(text)?,
            range.first,
            range.last
        );
        Sections::checked(&kept.write, name)?
    };
    let depths = build_depths::<G>(
        position_flag,
        text,
        range.depths(),
        &kept.crate_choice.crates(),
        kept.max_memory,
    )?;
    let table = scaling_table(&depths);
    print!("{}", table.render());
    if let Some(path) = &args.plot {
        plot(path, G::NAME, &depths)?;
        eprintln!("games: drew {}", path.display());
    }
    if let Some(sections) = &sections {
        let body = format!(
            "The whole {} tree of `{text}` at depths {} to {}, every position kept, each depth \
             and crate built in a process of its own. Bytes are counted by a counting \
             allocator; the peak is sampled at the end of each ply.\n\n{}",
            G::NAME,
            range.first,
            range.last,
            table.render()
        );
        sections.write(&body)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::DepthRange;

    #[test]
    fn a_range_is_written_either_way() {
        let range = DepthRange { first: 1, last: 5 };
        assert_eq!(DepthRange::parse("1..=5"), Ok(range));
        assert_eq!(DepthRange::parse("1-5"), Ok(range));
        assert!(DepthRange::parse("5..=1").is_err());
        assert!(DepthRange::parse("0..=3").is_err());
        assert!(DepthRange::parse("1..=11").is_err());
        assert!(DepthRange::parse("3").is_err());
    }
}
