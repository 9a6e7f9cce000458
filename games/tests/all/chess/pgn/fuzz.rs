//! The fuzz target `pgn_read`'s committed inputs (its corpus of real and
//! generated records, good and bad, and any regression), replayed through
//! the function the target calls, as libFuzzer passes them.

use std::fs;
use std::path::Path;

use games::chess::pgn::round_trip;

/// Of the 63 committed corpus files, 59 hold good games: a corpus that no
/// longer reaches the writer and the tree file would replay "cleanly"
/// while checking nothing.
const GOOD_FLOOR: usize = 50;

#[test]
fn the_committed_pgn_read_inputs_round_trip_without_a_panic() {
    let fuzz = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz");
    let mut inputs = Vec::new();
    for folder in ["corpus", "regressions"] {
        let folder = fuzz.join(folder).join("pgn_read");
        for entry in
            fs::read_dir(&folder).unwrap_or_else(|error| panic!("{}: {error}", folder.display()))
        {
            let path = entry.unwrap().path();
            if !path.file_name().unwrap().to_string_lossy().starts_with('.') {
                inputs.push(path);
            }
        }
    }
    assert!(inputs.len() >= 50, "{} committed inputs", inputs.len());
    let mut with_good_games = 0;
    for path in &inputs {
        let (good, _bad) = round_trip(&fs::read(path).unwrap());
        with_good_games += usize::from(good > 0);
    }
    assert!(
        with_good_games >= GOOD_FLOOR,
        "{with_good_games} inputs hold good games"
    );
}
