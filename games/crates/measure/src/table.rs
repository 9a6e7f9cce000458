//! Markdown tables and the numbers in them.

use core::fmt::Write as _;

pub use support::report::thousands;

/// A Markdown table: a header row, then rows of cells; the first column
/// left-aligned, the others right-aligned (they hold figures).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Table {
    header: Vec<String>,
    rows: Vec<Vec<String>>,
    /// Whether the last column holds words (`MATCH`), aligned left.
    words_last: bool,
}

impl Table {
    /// A table with these column names.
    #[must_use]
    pub fn new(header: impl IntoIterator<Item = impl Into<String>>) -> Table {
        Table {
            header: header.into_iter().map(Into::into).collect(),
            rows: Vec::new(),
            words_last: false,
        }
    }

    /// The last column left-aligned, for words rather than figures.
    #[must_use]
    pub fn words_last(mut self) -> Table {
        self.words_last = true;
        self
    }

    /// Appends a row.
    pub fn row(&mut self, cells: impl IntoIterator<Item = impl Into<String>>) {
        self.rows.push(cells.into_iter().map(Into::into).collect());
    }

    /// The number of rows, the header left out.
    #[must_use]
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// Whether the table has no row.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.rows.is_empty()
    }

    /// The table as Markdown, a line per row, ending with a newline.
    #[must_use]
    pub fn render(&self) -> String {
        let mut text = String::new();
        let _ = writeln!(text, "| {} |", self.header.join(" | "));
        let columns = self.header.len();
        let mut alignment = vec!["---"];
        alignment.extend((1..columns).map(|column| {
            if self.words_last && column + 1 == columns {
                "---"
            } else {
                "---:"
            }
        }));
        let _ = writeln!(text, "|{}|", alignment.join("|"));
        for row in &self.rows {
            let _ = writeln!(text, "| {} |", row.join(" | "));
        }
        text
    }
}

/// Counts and byte totals are far below 2^52, where `f64` starts to round.
#[allow(clippy::cast_precision_loss)]
#[must_use]
pub fn as_f64(value: u64) -> f64 {
    value as f64
}

/// A figure with `decimals` decimals, or rounded with thousands separators
/// when `decimals` is 0.
#[must_use]
pub fn format_number(value: f64, decimals: usize) -> String {
    if decimals == 0 {
        // Non-negative figures far below 2^64.
        #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
        thousands(value.round() as u64)
    } else {
        format!("{value:.decimals$}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_renders_as_markdown() {
        let mut table = Table::new(["position", "count", "verdict"]).words_last();
        table.row(["start", "20", "MATCH"]);
        assert_eq!(
            table.render(),
            "| position | count | verdict |\n|---|---:|---|\n| start | 20 | MATCH |\n"
        );
        assert_eq!(table.len(), 1);
    }
}
