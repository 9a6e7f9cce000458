//! What the fuzz targets `csa_read` and `kif_read` run on any bytes, and
//! what `cargo test` replays their committed corpora through.

use super::csa;
use super::kif::{self, Encoding};
use super::layout::sfen_at;
use crate::Node;
use games_core::QpiPosition;
use games_core::{Persistent, Sashite};
use games_record::{Limits, Record, RecordError};

/// Small limits, so that a fuzzer reaches them.
pub(crate) const FUZZ_LIMITS: Limits = Limits {
    line_bytes: 4096,
    depth: 16,
    nodes: 2048,
    comment_bytes: 4096,
    tags: 64,
};

/// Each game as the checks compare it: every node's moves from the start
/// and position, depth first, or the error.
fn outline<P: QpiPosition>(
    game: &Result<Record<Node<P>>, RecordError>,
) -> Result<Vec<String>, RecordError> {
    let record = game.as_ref().map_err(Clone::clone)?;
    Ok(record
        .preorder()
        .map(|id| {
            format!(
                "{} {:?}",
                sfen_at(record.node(id), record.ply(id)),
                record.step(id).as_move().map(ToString::to_string)
            )
        })
        .collect())
}

/// Reads `bytes` as CSA over persistent-qi and over sashite-qi, within
/// small limits: the two agree game by game, node by node (or on the
/// error), and every game read is written and read back as the same
/// record, unless CSA cannot hold it. The games read.
///
/// # Panics
///
/// Only on a bug: on a disagreement, or a game that does not read back.
#[must_use]
pub fn check_csa(bytes: &[u8]) -> usize {
    let ours: Vec<_> = csa::read::<Persistent>(bytes, FUZZ_LIMITS).collect();
    let peer: Vec<_> = csa::read::<Sashite>(bytes, FUZZ_LIMITS).collect();
    assert_eq!(ours.len(), peer.len(), "both crates read as many games");
    for (mine, theirs) in ours.iter().zip(&peer) {
        assert_eq!(
            outline(mine),
            outline(theirs),
            "both crates read the same game"
        );
        if let Ok(record) = mine {
            let written = csa::to_csa(record).expect("a record read from CSA is written in CSA");
            let mut again = csa::read::<Persistent>(written.as_bytes(), Limits::default());
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

/// Reads `bytes` as KIF (`Shift_JIS` unless UTF-8) over persistent-qi and
/// over sashite-qi, within small limits: the two agree game by game, node
/// by node (or on the error). The games read.
///
/// # Panics
///
/// Only on a bug: on a disagreement.
#[must_use]
pub fn check_kif(bytes: &[u8]) -> usize {
    let ours: Vec<_> =
        kif::read::<Persistent>(bytes, Encoding::ShiftJisUnlessUtf8, FUZZ_LIMITS).collect();
    let peer: Vec<_> =
        kif::read::<Sashite>(bytes, Encoding::ShiftJisUnlessUtf8, FUZZ_LIMITS).collect();
    assert_eq!(ours.len(), peer.len(), "both crates read as many games");
    for (mine, theirs) in ours.iter().zip(&peer) {
        assert_eq!(
            outline(mine),
            outline(theirs),
            "both crates read the same game"
        );
    }
    ours.iter().filter(|game| game.is_ok()).count()
}
