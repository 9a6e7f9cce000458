//! The stores of the search side by side, in every game: what a tree
//! keeping a position every K plies buys in speed and costs in bytes per
//! node, against keeping moves only, drawn as one SVG picture (iterations
//! a second against bytes per node, a line per board through its stores).

use std::path::Path;

use plotters::prelude::*;

use super::search::SearchRuns;
use super::{Crate, Failure};

/// One board's runs, as the picture draws them.
#[derive(Debug, Clone)]
pub struct Board {
    /// The board's name in the legend (`shogi`, `Go 9x9`).
    pub name: String,
    /// Its runs, one a store, on `Qi`.
    pub runs: Vec<SearchRuns>,
    /// The iterations of each run.
    pub iterations: u64,
}

/// The colours of the boards, in order.
const COLOURS: [RGBColor; 4] = [
    RGBColor(31, 119, 180),
    RGBColor(214, 39, 40),
    RGBColor(44, 160, 44),
    RGBColor(148, 103, 189),
];

type PlotResult = Result<(), Box<dyn std::error::Error>>;

/// Draws `boards` as an SVG picture at `path`: iterations a second against
/// bytes per node, log scales, a line per board through its stores on
/// `Qi` (each point named after its store), `title` above.
///
/// # Errors
///
/// [`Failure::Input`] naming the file, if it cannot be drawn.
pub fn plot(path: &Path, title: &str, boards: &[Board]) -> Result<(), Failure> {
    draw(path, title, boards)
        .map_err(|error| Failure::Input(format!("{}: {error}", path.display())))
}

/// The points of a board: bytes per node and iterations a second, with
/// the store's name, for its runs on `Qi`.
fn points(board: &Board) -> Vec<(f64, f64, String)> {
    board
        .runs
        .iter()
        .filter(|run| run.krate == Crate::Persistent)
        .map(|run| {
            (
                run.bytes_per_node(),
                run.speed(board.iterations),
                run.store.to_string(),
            )
        })
        .collect()
}

/// `low..high` widened by a fifth each way on a log scale.
fn around(values: impl Iterator<Item = f64> + Clone) -> core::ops::Range<f64> {
    let low = values.clone().fold(f64::INFINITY, f64::min);
    let high = values.fold(0.0_f64, f64::max);
    let (low, high) = if low.is_finite() && low > 0.0 {
        (low, high.max(low))
    } else {
        (1.0, 10.0)
    };
    low / 1.25..high * 1.25
}

fn draw(path: &Path, title: &str, boards: &[Board]) -> PlotResult {
    let root = SVGBackend::new(path, (900, 600)).into_drawing_area();
    root.fill(&WHITE)?;
    let all: Vec<(f64, f64, String)> = boards.iter().flat_map(points).collect();
    let x_range = around(all.iter().map(|point| point.0));
    let y_range = around(all.iter().map(|point| point.1));
    let mut chart = ChartBuilder::on(&root)
        .caption(title, ("sans-serif", 18))
        .margin(16)
        .x_label_area_size(44)
        .y_label_area_size(72)
        .build_cartesian_2d(x_range.log_scale(), y_range.log_scale())?;
    chart
        .configure_mesh()
        .x_desc("bytes per tree node")
        .y_desc("iterations per second")
        .x_label_formatter(&|value| format!("{value:.0}"))
        .y_label_formatter(&|value| format!("{:.0}k", value / 1_000.0))
        .draw()?;
    for (board, &colour) in boards.iter().zip(COLOURS.iter().cycle()) {
        let board_points = points(board);
        let line: Vec<(f64, f64)> = board_points.iter().map(|&(x, y, _)| (x, y)).collect();
        chart
            .draw_series(LineSeries::new(line, colour.stroke_width(2)))?
            .label(board.name.clone())
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], colour.stroke_width(2)));
        chart.draw_series(board_points.into_iter().map(|(x, y, store)| {
            EmptyElement::at((x, y))
                + Circle::new((0, 0), 4, colour.filled())
                + Text::new(store, (6, -14), ("sans-serif", 12))
        }))?;
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .border_style(BLACK)
        .background_style(WHITE.mix(0.9))
        .draw()?;
    root.present()?;
    Ok(())
}
