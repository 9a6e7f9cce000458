//! Runners set against each other: which of persistent-qi's kinds is
//! compared with which reference (sashite-qi, the fixed array), their
//! ratios, and the table of a counting workload's runs with them.

use super::perft::rate;
use super::{Crate, Measured, Table, format_number, thousands};

/// Each crate's ratio to `reference`, from a figure of each run where a
/// higher figure is better (a speed): `(crate, ratio)`, in the order of
/// `measured`, the reference's own 1; empty when the reference did not
/// run.
#[must_use]
pub fn ratios_to<O>(
    measured: &[Measured<O>],
    reference: Crate,
    figure: impl Fn(&Measured<O>) -> f64,
) -> Vec<(Crate, f64)> {
    let Some(runs) = measured.iter().find(|runs| runs.krate == reference) else {
        return Vec::new();
    };
    let reference_figure = figure(runs);
    measured
        .iter()
        .map(|runs| (runs.krate, figure(runs) / reference_figure))
        .collect()
}

/// The ratio columns of a table of `crates`: each persistent-qi kind
/// among them against each reference among them, `(kind, reference)`,
/// the references in the order of [`Crate::REFERENCES`].
#[must_use]
pub fn ratio_pairs(crates: &[Crate]) -> Vec<(Crate, Crate)> {
    references_among(crates)
        .flat_map(|reference| {
            Crate::PERSISTENT
                .into_iter()
                .filter(|kind| crates.contains(kind))
                .map(move |kind| (kind, reference))
        })
        .collect()
}

/// The references among `crates`, in the order of [`Crate::REFERENCES`].
fn references_among(crates: &[Crate]) -> impl Iterator<Item = Crate> + '_ {
    Crate::REFERENCES
        .into_iter()
        .filter(|reference| crates.contains(reference))
}

/// How a table heads the ratio column of `(kind, reference)`:
/// `persistent-qi / sashite-qi`.
#[must_use]
pub fn ratio_header((kind, reference): (Crate, Crate)) -> String {
    format!("{} / {}", kind.name(), reference.name())
}

/// The cells of the [`ratio_pairs`] columns of `measured`: each kind's
/// figure over each reference's, from a figure of each run where a higher
/// one is better (a speed), two decimals.
#[must_use]
pub fn ratio_cells<O>(
    measured: &[Measured<O>],
    figure: impl Fn(&Measured<O>) -> f64,
) -> Vec<String> {
    let crates: Vec<Crate> = measured.iter().map(|runs| runs.krate).collect();
    let of = |krate: Crate| {
        measured
            .iter()
            .find(|runs| runs.krate == krate)
            .map_or(f64::NAN, &figure)
    };
    ratio_pairs(&crates)
        .into_iter()
        .map(|(kind, reference)| format!("{:.2}", of(kind) / of(reference)))
        .collect()
}

/// The runs of a counting workload as a table: one row per crate, with
/// what it counted (`count`, under `headers[0]`), its median seconds over
/// the rounds, the count per second (under `headers[1]`), and its speed
/// ratio to each reference that ran.
#[must_use]
pub fn speed_table<O>(
    measured: &[Measured<O>],
    headers: [&str; 2],
    count: impl Fn(&O) -> u64,
) -> Table {
    let speed = |runs: &Measured<O>| rate(count(&runs.output), runs.median());
    let crates: Vec<Crate> = measured.iter().map(|runs| runs.krate).collect();
    let references: Vec<Crate> = references_among(&crates).collect();
    let ratios: Vec<Vec<(Crate, f64)>> = references
        .iter()
        .map(|&reference| ratios_to(measured, reference, speed))
        .collect();
    let rounds = measured.first().map_or(0, |runs| runs.times.len());
    let mut header = vec![
        "crate".to_string(),
        headers[0].to_string(),
        if rounds > 1 {
            format!("seconds (median of {rounds})")
        } else {
            "seconds".to_string()
        },
        headers[1].to_string(),
    ];
    header.extend(
        references
            .iter()
            .map(|reference| format!("speed ratio to {}", reference.name())),
    );
    let mut table = Table::new(header);
    for (row, runs) in measured.iter().enumerate() {
        let mut cells = vec![
            runs.krate.name().to_string(),
            thousands(count(&runs.output)),
            format!("{:.3}", runs.median().as_secs_f64()),
            format_number(speed(runs), 0),
        ];
        cells.extend(ratios.iter().map(|ratios| format!("{:.2}", ratios[row].1)));
        table.row(cells);
    }
    table
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_persistent_kind_is_compared_with_each_reference_that_ran() {
        assert_eq!(
            ratio_pairs(&Crate::ALL),
            [
                (Crate::Persistent, Crate::Sashite),
                (Crate::Local, Crate::Sashite),
                (Crate::Persistent, Crate::Fixed),
                (Crate::Local, Crate::Fixed),
            ]
        );
        assert_eq!(
            ratio_pairs(&[Crate::Fixed, Crate::Persistent]),
            [(Crate::Persistent, Crate::Fixed)]
        );
        assert_eq!(ratio_pairs(&[Crate::Persistent, Crate::Local]), []);
        assert_eq!(
            ratio_header((Crate::Local, Crate::Fixed)),
            "persistent-qi-local / fixed array"
        );
    }
}
