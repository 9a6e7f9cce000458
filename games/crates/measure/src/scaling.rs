//! Kept trees across depths as a measurement: the tree at every depth of a
//! range, each depth and crate built in a process of its own (as
//! [`compare`](super::tree::compare) builds one depth), then how peak
//! memory and speed scale with the positions kept, as a table and as an
//! SVG picture.

use std::ops::{Range, RangeInclusive};
use std::path::Path;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};
use plotters::prelude::*;

use super::tree::{TreeSummary, check_agreement, child_arguments, in_child};
use super::{Crate, Failure, Table, as_f64, format_number, thousands};
use games_core::Game;

/// One depth's trees, one summary per crate in table order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Depth {
    /// The depth of the trees.
    pub depth: u32,
    /// Each crate's tree, checked to agree.
    pub summaries: Vec<TreeSummary>,
}

/// Builds the tree of `text` (which the command line gives after
/// `position_flag`) at each of `depths` with each of `crates`, each in a
/// process of its own (see [`child_arguments`]), with a progress bar.
///
/// # Errors
///
/// A child's [`Failure`] (see [`in_child`]), such as bad input;
/// [`Failure::Mismatch`] if the crates disagree at a depth.
pub fn build_depths<G: Game>(
    position_flag: &str,
    text: &str,
    depths: RangeInclusive<u32>,
    crates: &[Crate],
    max_memory: Option<u64>,
) -> Result<Vec<Depth>, Failure> {
    let program = std::env::current_exe().map_err(Failure::input)?;
    let runs = depths.clone().count() * crates.len();
    let progress = ProgressBar::with_draw_target(Some(runs as u64), ProgressDrawTarget::stderr());
    progress.set_style(
        ProgressStyle::with_template("tree scaling {wide_bar} {pos}/{len} trees [{elapsed}] {msg}")
            .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    progress.enable_steady_tick(Duration::from_secs(1));
    let mut built = Vec::new();
    for depth in depths {
        let mut summaries = Vec::new();
        for krate in crates {
            progress.set_message(format!("depth {depth}, {}", krate.flag()));
            let arguments = child_arguments::<G>(position_flag, text, depth, *krate, max_memory);
            // A child's failure ends the run; the bar goes first, so that
            // the error stands on its own line.
            let summary =
                in_child(&program, &arguments).inspect_err(|_| progress.finish_and_clear())?;
            summaries.push(summary);
            progress.inc(1);
        }
        check_agreement(&summaries).inspect_err(|_| progress.finish_and_clear())?;
        built.push(Depth { depth, summaries });
    }
    progress.finish_and_clear();
    Ok(built)
}

/// What the table and the picture show of each tree: a name (a column
/// per crate, a panel) and how to read it from a summary.
struct Figure {
    /// The panel's title.
    title: &'static str,
    /// The columns' and the panel's axis name.
    name: &'static str,
    /// The figure of one tree.
    of: fn(&TreeSummary) -> f64,
}

/// The figures, in table and picture order.
const FIGURES: [Figure; 2] = [
    Figure {
        title: "Peak bytes",
        name: "peak bytes",
        of: peak,
    },
    Figure {
        title: "Positions per second",
        name: "positions per second",
        of: speed,
    },
];

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
#[must_use]
pub fn scaling_table(depths: &[Depth]) -> Table {
    let names: Vec<&str> = depths.first().map_or_else(Vec::new, |first| {
        first
            .summaries
            .iter()
            .map(|summary| summary.krate.name())
            .collect()
    });
    let mut header = vec!["depth".to_string(), "positions kept".to_string()];
    for figure in &FIGURES {
        header.extend(names.iter().map(|name| format!("{}, {name}", figure.name)));
    }
    let mut table = Table::new(header);
    for Depth { depth, summaries } in depths {
        let mut cells = vec![depth.to_string(), thousands(summaries[0].positions as u64)];
        for figure in &FIGURES {
            cells.extend(
                summaries
                    .iter()
                    .map(|summary| format_number((figure.of)(summary), 0)),
            );
        }
        table.row(cells);
    }
    table
}

/// How the picture names, colours and draws each crate: `Qi` wider than
/// `LocalQi`, whose memory is the same, so that both lines show.
pub(super) fn style_of(krate: Crate) -> (&'static str, RGBColor, u32) {
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

/// Draws `depths` of the `game` as an SVG picture at `path`: two panels
/// side by side, against positions kept, peak bytes, then positions per
/// second; log scales, one line per crate.
///
/// # Errors
///
/// [`Failure::Input`] naming the file, if it cannot be drawn.
pub fn plot(path: &Path, game: &str, depths: &[Depth]) -> Result<(), Failure> {
    draw(path, game, depths).map_err(|error| Failure::Input(format!("{}: {error}", path.display())))
}

fn draw(path: &Path, game: &str, depths: &[Depth]) -> PlotResult {
    let root = SVGBackend::new(path, (1200, 500)).into_drawing_area();
    root.fill(&WHITE)?;
    let (left, right) = root.split_horizontally(600);
    for (area, figure) in [left, right].iter().zip(&FIGURES) {
        panel(area, game, depths, figure)?;
    }
    root.present()?;
    Ok(())
}

/// One panel of the picture: `figure` of each crate's trees against the
/// positions kept.
fn panel(
    area: &DrawingArea<SVGBackend<'_>, plotters::coord::Shift>,
    game: &str,
    depths: &[Depth],
    &Figure {
        title,
        name: y_description,
        of: figure,
    }: &Figure,
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
    use super::short;

    #[test]
    fn tick_labels_are_short() {
        for (value, label) in [
            (1.0, "1"),
            (1_000.0, "1k"),
            (20_000_000.0, "20M"),
            (2_500_000_000.0, "2.5G"),
        ] {
            assert_eq!(short(value), label);
        }
    }
}
