//! The lines drawn: each runner's speed ratio to the fixed array by ply,
//! a panel per game, as SVG.

use std::path::Path;

use plotters::coord::Shift;
use plotters::prelude::*;

use super::{GamePlies, Making};
use crate::scaling::style_of;
use crate::{Crate, Failure};

type PlotResult = Result<(), Box<dyn std::error::Error>>;

/// Draws `games` as an SVG picture at `path`: a panel per game, two side
/// by side, each runner's speed ratio to the fixed array at every ply (its
/// children made into a slot, solid; fresh, dashed, for persistent-qi's
/// kinds), the fixed array's own 1 in grey.
///
/// # Errors
///
/// [`Failure::Input`] naming the file, if it cannot be drawn.
pub fn plot(path: &Path, games: &[GamePlies]) -> Result<(), Failure> {
    draw(path, games).map_err(|error| Failure::Input(format!("{}: {error}", path.display())))
}

/// Panels a row.
const COLUMNS: usize = 2;

fn draw(path: &Path, games: &[GamePlies]) -> PlotResult {
    let columns = games.len().clamp(1, COLUMNS);
    let rows = games.len().div_ceil(columns).max(1);
    let size = (u32::try_from(600 * columns)?, u32::try_from(420 * rows)?);
    let root = SVGBackend::new(path, size).into_drawing_area();
    root.fill(&WHITE)?;
    for (area, game) in root.split_evenly((rows, columns)).iter().zip(games) {
        panel(area, game)?;
    }
    root.present()?;
    Ok(())
}

/// A line of a panel: a runner, how its children are made, and its points
/// (ply, ratio).
type Series = (Crate, Making, Vec<(f64, f64)>);

/// The lines of a panel: each runner but the fixed array, by each way of
/// making the children (fresh only for persistent-qi's kinds: the others
/// make a child alike either way).
fn series(game: &GamePlies) -> Vec<Series> {
    let mut lines = Vec::new();
    for making in Making::BOTH {
        for krate in game.crates() {
            if krate == Crate::Fixed
                || (making == Making::Fresh && !Crate::PERSISTENT.contains(&krate))
            {
                continue;
            }
            let points: Option<Vec<(f64, f64)>> = (1..=game.plies())
                .map(|ply| {
                    let ratio = game.ratio_to_fixed(krate, making, &(ply..=ply))?;
                    Some((f64::from(u32::try_from(ply).ok()?), ratio))
                })
                .collect();
            if let Some(points) = points {
                lines.push((krate, making, points));
            }
        }
    }
    lines
}

fn panel(area: &DrawingArea<SVGBackend<'_>, Shift>, game: &GamePlies) -> PlotResult {
    let lines = series(game);
    let high = lines
        .iter()
        .flat_map(|(_, _, points)| points.iter().map(|point| point.1))
        .fold(1.0_f64, f64::max);
    let last = f64::from(u32::try_from(game.plies().max(2))?);
    let mut chart = ChartBuilder::on(area)
        .caption(
            format!("{}: speed ratio to the fixed array, by ply", game.name),
            ("sans-serif", 18),
        )
        .margin(16)
        .x_label_area_size(40)
        .y_label_area_size(48)
        // Room above the lines for the legend.
        .build_cartesian_2d(1.0..last, 0.0..(high * 1.5))?;
    chart
        .configure_mesh()
        .x_desc("ply")
        .y_desc("fixed array's time / the runner's")
        .x_label_formatter(&|ply| format!("{ply:.0}"))
        .y_label_formatter(&|ratio| format!("{ratio:.1}"))
        .draw()?;
    let grey = RGBColor(127, 127, 127);
    chart
        .draw_series(LineSeries::new(
            [(1.0, 1.0), (last, 1.0)],
            grey.stroke_width(1),
        ))?
        .label(Crate::Fixed.name())
        .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], grey.stroke_width(1)));
    for (krate, making, points) in lines {
        let (name, color, width) = style_of(krate);
        let label = format!("{name}, {}", making.name().trim_matches('`'));
        let style = color.stroke_width(width.min(3));
        match making {
            Making::Into => {
                chart
                    .draw_series(LineSeries::new(points, style))?
                    .label(label)
                    .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], style));
            }
            Making::Fresh => {
                let style = color.mix(0.7).stroke_width(1);
                chart
                    .draw_series(DashedLineSeries::new(points, 4, 3, style))?
                    .label(label)
                    .legend(move |(x, y)| PathElement::new([(x, y), (x + 20, y)], style));
            }
        }
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .border_style(BLACK)
        .background_style(WHITE.mix(0.9))
        .draw()?;
    Ok(())
}
