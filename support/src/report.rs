//! Measured tables written into a Markdown file by the commands that
//! measure them, so that no figure is copied by hand.
//!
//! Each command owns one section of the file, between two marker lines:
//!
//! ```text
//! <!-- NAME:begin -->
//! Measured on 2026-05-01, Intel(R) Xeon(R) ... (2 logical cores), by
//! `cargo run --release --example bench_ratios -- --write docs/performance.md`.
//!
//! | the table |
//! <!-- NAME:end -->
//! ```
//!
//! and [`write_section`] replaces what lies between them (the markers
//! stay), leaving the rest of the file as it was. A file without the
//! section is an error that names the markers to add: a command never
//! decides on its own where its figures go.

use std::ops::Range;
use std::path::Path;
use std::time::{SystemTime, UNIX_EPOCH};

/// What a section holds before its command has run: the line a reader
/// sees in place of figures.
#[must_use]
pub fn not_measured(command: &str) -> String {
    format!("not measured yet: run `{command}`")
}

/// The command that is running, as a user types it: `prefix` (how cargo
/// starts the program, e.g. `cargo run --release -p games --`), then this
/// process's arguments, each quoted for a POSIX shell where it needs it.
#[must_use]
pub fn command_line(prefix: &str) -> String {
    let mut words = vec![prefix.to_string()];
    words.extend(
        std::env::args()
            .skip(1)
            .map(|argument| shell_word(&argument)),
    );
    words.join(" ")
}

/// `word` as a POSIX shell reads it back: as is when it holds only
/// characters no shell treats specially, else in single quotes.
#[must_use]
pub fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "-_./=:,+@%".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', r"'\''"))
    }
}

/// The machine, as /proc/cpuinfo describes it: the processor's model name
/// and the number of logical cores (`unknown processor` where the file
/// cannot be read, as off Linux).
#[must_use]
pub fn machine() -> String {
    let Ok(cpuinfo) = std::fs::read_to_string("/proc/cpuinfo") else {
        return "unknown processor".to_string();
    };
    machine_from_cpuinfo(&cpuinfo)
}

/// [`machine`] from the text of /proc/cpuinfo.
#[must_use]
pub fn machine_from_cpuinfo(cpuinfo: &str) -> String {
    let field = |line: &str, name: &str| {
        let (key, value) = line.split_once(':')?;
        (key.trim() == name).then(|| value.trim().to_string())
    };
    let model = cpuinfo
        .lines()
        .find_map(|line| field(line, "model name"))
        .unwrap_or_else(|| "unknown processor".to_string());
    let cores = cpuinfo
        .lines()
        .filter(|line| field(line, "processor").is_some())
        .count();
    match cores {
        0 => model,
        1 => format!("{model} (1 logical core)"),
        _ => format!("{model} ({cores} logical cores)"),
    }
}

/// Today's date in UTC, `YYYY-MM-DD`.
#[must_use]
pub fn today() -> String {
    let seconds = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |since| since.as_secs());
    date_of_day(seconds / 86_400)
}

/// The date `days` days after 1970-01-01, `YYYY-MM-DD` (the proleptic
/// Gregorian calendar, by Howard Hinnant's `civil_from_days`).
#[must_use]
pub fn date_of_day(days: u64) -> String {
    let shifted = days + 719_468;
    let era = shifted / 146_097;
    let day_of_era = shifted % 146_097;
    let year_of_era =
        (day_of_era - day_of_era / 1_460 + day_of_era / 36_524 - day_of_era / 146_096) / 365;
    let day_of_year = day_of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
    let month_index = (5 * day_of_year + 2) / 153;
    let day = day_of_year - (153 * month_index + 2) / 5 + 1;
    let month = if month_index < 10 {
        month_index + 3
    } else {
        month_index - 9
    };
    let year = year_of_era + era * 400 + u64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02}")
}

/// The two marker lines of section `name`.
#[must_use]
pub fn markers(name: &str) -> (String, String) {
    (
        format!("<!-- {name}:begin -->"),
        format!("<!-- {name}:end -->"),
    )
}

/// What a measured section holds: the date, the machine and the command on
/// one paragraph, then `body`.
#[must_use]
pub fn measured(command: &str, body: &str) -> String {
    format!(
        "Measured on {}, {}, by `{command}`.\n\n{}",
        today(),
        machine(),
        body.trim_end()
    )
}

/// Where the content of section `name` of `text` lies: between its begin
/// and end markers.
fn section_range(text: &str, name: &str) -> Result<Range<usize>, String> {
    let (begin, end) = markers(name);
    let find_once = |marker: &str| match text.match_indices(marker).collect::<Vec<_>>()[..] {
        [(at, _)] => Ok(at),
        [] => Err(format!(
            "no `{marker}` line: add the section `{begin}` ... `{end}` where its figures belong"
        )),
        ref many => Err(format!("`{marker}` appears {} times, not once", many.len())),
    };
    let start = find_once(&begin)? + begin.len();
    let stop = find_once(&end)?;
    if stop < start {
        return Err(format!("`{end}` comes before `{begin}`"));
    }
    Ok(start..stop)
}

/// The content of section `name` of `text`, between its markers.
///
/// # Errors
///
/// As [`replace_section`].
pub fn section<'a>(text: &'a str, name: &str) -> Result<&'a str, String> {
    section_range(text, name).map(|range| &text[range])
}

/// `text` with the content of section `name` replaced by `content`.
///
/// # Errors
///
/// If the section's begin or end marker is missing or repeated, or the end
/// comes first: the message names the markers.
pub fn replace_section(text: &str, name: &str, content: &str) -> Result<String, String> {
    let range = section_range(text, name)?;
    Ok(format!(
        "{}\n{}\n{}",
        &text[..range.start],
        content.trim_end(),
        &text[range.end..]
    ))
}

/// Checks that the file at `path` can take section `name`, before a long
/// measurement rather than after it.
///
/// # Errors
///
/// As [`write_section`], without writing anything.
pub fn check_section(path: &Path, name: &str) -> Result<(), String> {
    let context = |error: String| format!("{}: {error}", path.display());
    let text = std::fs::read_to_string(path).map_err(|error| context(error.to_string()))?;
    replace_section(&text, name, "").map(drop).map_err(context)
}

/// Replaces section `name` of the file at `path` with a [`measured`]
/// paragraph for `command` and `body`.
///
/// # Errors
///
/// If the file cannot be read or written, or has no such section (see
/// [`replace_section`]); the message starts with the path.
pub fn write_section(path: &Path, name: &str, command: &str, body: &str) -> Result<(), String> {
    let context = |error: String| format!("{}: {error}", path.display());
    let text = std::fs::read_to_string(path).map_err(|error| context(error.to_string()))?;
    let replaced = replace_section(&text, name, &measured(command, body)).map_err(context)?;
    std::fs::write(path, replaced).map_err(|error| context(error.to_string()))
}

/// A count with a comma every three digits: `19,861,490`. O(digits).
#[must_use]
pub fn thousands(value: impl core::fmt::Display) -> String {
    let digits = value.to_string();
    let mut out = String::new();
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            out.push(',');
        }
        out.push(digit);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::{date_of_day, machine_from_cpuinfo, replace_section, shell_word, thousands};

    const FILE: &str = "# Title\n\n<!-- a:begin -->\nold\n<!-- a:end -->\n\ntext\n";

    #[test]
    fn thousands_are_separated_by_commas() {
        assert_eq!(thousands(0), "0");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(1_000), "1,000");
        assert_eq!(thousands(19_861_490), "19,861,490");
    }

    #[test]
    fn a_section_is_replaced_and_the_rest_kept() {
        let replaced = replace_section(FILE, "a", "new\n").unwrap();
        assert_eq!(
            replaced,
            "# Title\n\n<!-- a:begin -->\nnew\n<!-- a:end -->\n\ntext\n"
        );
        // Replacing again with the same content changes nothing.
        assert_eq!(replace_section(&replaced, "a", "new").unwrap(), replaced);
    }

    #[test]
    fn a_missing_section_is_an_error_naming_its_markers() {
        let error = replace_section(FILE, "b", "new").unwrap_err();
        assert!(error.contains("<!-- b:begin -->"), "{error}");
        assert!(error.contains("<!-- b:end -->"), "{error}");
    }

    #[test]
    fn a_repeated_or_reversed_section_is_an_error() {
        let twice = format!("{FILE}<!-- a:end -->\n");
        assert!(replace_section(&twice, "a", "new").is_err());
        let reversed = "<!-- a:end -->\n<!-- a:begin -->\n";
        assert!(replace_section(reversed, "a", "new").is_err());
    }

    #[test]
    fn dates_are_counted_from_the_epoch() {
        assert_eq!(date_of_day(0), "1970-01-01");
        assert_eq!(date_of_day(59), "1970-03-01");
        assert_eq!(date_of_day(11_016), "2000-02-29");
        assert_eq!(date_of_day(20_454), "2026-01-01");
    }

    #[test]
    fn the_machine_is_the_model_name_and_the_core_count() {
        let cpuinfo = "processor\t: 0\nmodel name\t: Some CPU @ 2.0GHz\n\n\
                       processor\t: 1\nmodel name\t: Some CPU @ 2.0GHz\n";
        assert_eq!(
            machine_from_cpuinfo(cpuinfo),
            "Some CPU @ 2.0GHz (2 logical cores)"
        );
    }

    #[test]
    fn shell_words_are_quoted_only_where_needed() {
        assert_eq!(shell_word("--depth"), "--depth");
        assert_eq!(shell_word("docs/performance.md"), "docs/performance.md");
        assert_eq!(shell_word("1..=5"), "1..=5");
        assert_eq!(shell_word("k^ 2P"), "'k^ 2P'");
        assert_eq!(shell_word("a b"), "'a b'");
        assert_eq!(shell_word("it's"), r"'it'\''s'");
    }
}
