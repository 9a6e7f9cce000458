//! What the fuzz target `sgf_read` runs on any bytes, and what `cargo
//! test` replays its committed corpus through.

use super::{position_text, read, to_sgf};
use crate::{GoPosition, Node};
use games_core::{Persistent, Sashite};
use games_record::{Limits, Record, RecordError};

/// Small limits, so that a fuzzer reaches them.
const FUZZ_LIMITS: Limits = Limits {
    line_bytes: 4096,
    depth: 16,
    nodes: 2048,
    comment_bytes: 4096,
    tags: 64,
};

/// Each game as the check compares it: every node's board and step,
/// depth first, or the error.
fn outline<P: GoPosition>(
    game: &Result<Record<Node<P>>, RecordError>,
) -> Result<Vec<String>, RecordError> {
    let record = game.as_ref().map_err(Clone::clone)?;
    Ok(record
        .preorder()
        .map(|id| format!("{} {:?}", position_text(record.node(id)), record.step(id)))
        .collect())
}

/// Reads `bytes` as SGF over persistent-qi and over sashite-qi, within
/// small limits: the two agree game by game, node by node (or on the
/// error), and every game read is written and read back as the same
/// record. The games read.
///
/// # Panics
///
/// Only on a bug: on a disagreement, or a game that does not read back.
#[must_use]
pub fn check(bytes: &[u8]) -> usize {
    let ours: Vec<_> = read::<Persistent<u8, u8>>(bytes, FUZZ_LIMITS).collect();
    let peer: Vec<_> = read::<Sashite<u8, u8>>(bytes, FUZZ_LIMITS).collect();
    assert_eq!(ours.len(), peer.len(), "both crates read as many games");
    for (mine, theirs) in ours.iter().zip(&peer) {
        assert_eq!(
            outline(mine),
            outline(theirs),
            "both crates read the same game"
        );
        if let Ok(record) = mine {
            let written = to_sgf(record);
            let mut again = read::<Persistent<u8, u8>>(written.as_bytes(), Limits::default());
            let reread = again
                .next()
                .expect("one game")
                .unwrap_or_else(|error| panic!("{error} in\n{written}"));
            assert!(
                reread == *record,
                "written as\n{written}\nit reads back otherwise"
            );
            assert!(again.next().is_none(), "one game written, one read");
        }
    }
    ours.iter().filter(|game| game.is_ok()).count()
}
