//! `games <game> tree --depth-range`: the kept tree at every depth of a
//! range, each depth and crate built in a process of its own (as `tree`
//! builds one depth), then how peak memory and speed scale with the
//! positions kept, as a table and, with `--plot`, as an SVG picture.

use std::ops::Range;
use std::path::Path;
use std::time::Duration;

use games::Game;
use games::Persistent;
use games::measure::tree::{TreeSummary, check_agreement, child_arguments, in_child};
use games::measure::{Crate, Failure, Sections, Table, as_f64, format_number, thousands};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use plotters::prelude::*;

use super::section_position;
use crate::TreeArgs;

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

    fn depths(self) -> impl Iterator<Item = u32> {
        self.first..=self.last
    }
}

/// One depth's trees, one summary per crate in table order.
struct Depth {
    depth: u32,
    summaries: Vec<TreeSummary>,
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
    games::measure::perft::load::<G, Persistent<G::Piece, G::Style>>(text)?;
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
    let crates = kept.crate_choice.crates();
    let program = std::env::current_exe().map_err(|error| Failure::Input(error.to_string()))?;
    let runs = range.depths().count() * crates.len();
    let progress = ProgressBar::with_draw_target(Some(runs as u64), ProgressDrawTarget::stderr());
    progress.set_style(
        ProgressStyle::with_template("tree scaling {wide_bar} {pos}/{len} trees [{elapsed}] {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    progress.enable_steady_tick(Duration::from_secs(1));
    let mut depths = Vec::new();
    for depth in range.depths() {
        let mut summaries = Vec::new();
        for krate in &crates {
            progress.set_message(format!("depth {depth}, {}", krate.flag()));
            let arguments =
                child_arguments::<G>(position_flag, text, depth, *krate, kept.max_memory);
            // A child's failure ends the run; the bar goes first, so that
            // the error stands on its own line.
            let summary =
                in_child(&program, &arguments).inspect_err(|_| progress.finish_and_clear())?;
            summaries.push(summary);
            progress.inc(1);
        }
        check_agreement(&summaries).inspect_err(|_| progress.finish_and_clear())?;
        depths.push(Depth { depth, summaries });
    }
    progress.finish_and_clear();
    let table = scaling_table(&depths);
    print!("{}", table.render());
    if let Some(path) = &args.plot {
        plot(path, G::NAME, &depths)
            .map_err(|error| Failure::Input(format!("{}: {error}", path.display())))?;
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

/// Positions per second of one tree.
fn speed(summary: &TreeSummary) -> f64 {
    summary.speed()
}

/// Peak bytes of one tree.
fn peak(summary: &TreeSummary) -> f64 {
    as_f64(summary.peak_bytes as u64)
}

/// One row per depth: the positions kept, then each crate's peak bytes,
/// then each crate's positions per second.
fn scaling_table(depths: &[Depth]) -> Table {
    let names: Vec<&str> = depths.first().map_or_else(Vec::new, |first| {
        first
            .summaries
            .iter()
            .map(|summary| summary.krate.name())
            .collect()
    });
    let mut header = vec!["depth".to_string(), "positions kept".to_string()];
    header.extend(names.iter().map(|name| format!("peak bytes, {name}")));
    header.extend(
        names
            .iter()
            .map(|name| format!("positions per second, {name}")),
    );
    let mut table = Table::new(header);
    for Depth { depth, summaries } in depths {
        let mut cells = vec![depth.to_string(), thousands(summaries[0].positions as u64)];
        cells.extend(
            summaries
                .iter()
                .map(|summary| format_number(peak(summary), 0)),
        );
        cells.extend(
            summaries
                .iter()
                .map(|summary| format_number(speed(summary), 0)),
        );
        table.row(cells);
    }
    table
}

/// How the picture names, colours and draws each crate: `Qi` wider than
/// `LocalQi`, whose memory is the same, so that both lines show.
fn style_of(krate: Crate) -> (&'static str, RGBColor, u32) {
    match krate {
        Crate::Persistent => ("persistent-qi Qi", RGBColor(31, 119, 180), 5),
        Crate::Local => ("persistent-qi LocalQi", RGBColor(44, 160, 44), 2),
        Crate::Sashite => (support::names::SASHITE_QI, RGBColor(214, 39, 40), 2),
        Crate::Fixed => (support::names::FIXED_ARRAY, RGBColor(127, 127, 127), 2),
    }
}

/// A log axis over `values`, widened to whole powers of ten around them.
fn log_range(values: impl Iterator<Item = f64>) -> Range<f64> {
    let (low, high) = values.fold((f64::INFINITY, 0.0_f64), |(low, high), value| {
        (low.min(value), high.max(value))
    });
    let low = if low.is_finite() && low > 0.0 {
        low
    } else {
        1.0
    };
    10_f64.powf(low.log10().floor())..10_f64.powf(high.max(low * 10.0).log10().ceil())
}

/// A tick label on a log axis: 1k, 20M, 3G.
fn short(value: f64) -> String {
    let (scaled, unit) = [(1e9, "G"), (1e6, "M"), (1e3, "k")]
        .into_iter()
        .find(|&(scale, _)| value >= scale)
        .map_or((value, ""), |(scale, unit)| (value / scale, unit));
    if scaled >= 10.0 || (scaled - scaled.round()).abs() < 1e-9 {
        format!("{scaled:.0}{unit}")
    } else {
        format!("{scaled:.1}{unit}")
    }
}

type PlotResult = Result<(), Box<dyn std::error::Error>>;

/// Two panels side by side, against positions kept: peak bytes, then
/// positions per second; log scales, one line per crate.
fn plot(path: &Path, game: &str, depths: &[Depth]) -> PlotResult {
    let root = SVGBackend::new(path, (1200, 500)).into_drawing_area();
    root.fill(&WHITE)?;
    let (left, right) = root.split_horizontally(600);
    panel(&left, game, depths, "Peak bytes", "peak bytes", peak)?;
    panel(
        &right,
        game,
        depths,
        "Positions per second",
        "positions per second",
        speed,
    )?;
    root.present()?;
    Ok(())
}

fn panel(
    area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    game: &str,
    depths: &[Depth],
    title: &str,
    y_description: &str,
    figure: fn(&TreeSummary) -> f64,
) -> PlotResult {
    let positions = |depth: &Depth| as_f64(depth.summaries[0].positions as u64);
    let x_range = log_range(depths.iter().map(positions));
    let y_range = log_range(
        depths
            .iter()
            .flat_map(|depth| depth.summaries.iter().map(figure)),
    );
    let mut chart = ChartBuilder::on(area)
        .caption(
            format!("{title} against positions kept (legal {game} tree)"),
            ("sans-serif", 18),
        )
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(64)
        .build_cartesian_2d(x_range.log_scale(), y_range.log_scale())?;
    chart
        .configure_mesh()
        .x_desc("positions kept")
        .y_desc(y_description)
        .x_label_formatter(&|value| short(*value))
        .y_label_formatter(&|value| short(*value))
        .draw()?;
    let Some(first) = depths.first() else {
        return Ok(());
    };
    for (column, summary) in first.summaries.iter().enumerate() {
        let (label, color, width) = style_of(summary.krate);
        let points: Vec<(f64, f64)> = depths
            .iter()
            .map(|depth| (positions(depth), figure(&depth.summaries[column])))
            .collect();
        chart
            .draw_series(LineSeries::new(points.clone(), color.stroke_width(width)))?
            .label(label)
            .legend(move |(x, y)| {
                PathElement::new([(x, y), (x + 20, y)], color.stroke_width(width))
            });
        chart.draw_series(
            points
                .into_iter()
                .map(|point| Circle::new(point, 3, color.filled())),
        )?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperLeft)
        .border_style(BLACK)
        .background_style(WHITE.mix(0.9))
        .draw()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{DepthRange, short};

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

    #[test]
    fn tick_labels_are_short() {
        assert_eq!(short(1.0), "1");
        assert_eq!(short(1_000.0), "1k");
        assert_eq!(short(20_000_000.0), "20M");
        assert_eq!(short(2_500_000_000.0), "2.5G");
    }
}
