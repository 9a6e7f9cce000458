//! The fuzz target's check: every record read reads back, and loads
//! back, equal.

use super::{read, write};
use crate::Chess;
use games_core::Persistent;
use games_record::{Limits, NodeId, RecordFile};

/// What the fuzz target `pgn_read` runs on any bytes: reads every game of
/// `data`; writes the good ones and reads them back, which must give the
/// same records (but for a game of nothing, which writes as nothing);
/// saves them in the tree file format and loads them back, which must give
/// the same records too. Returns the good games written and the bad ones.
///
/// # Panics
///
/// Only on a bug: a record that does not read back, or load back, equal.
#[must_use]
pub fn round_trip(data: &[u8]) -> (usize, usize) {
    let limits = Limits::default();
    let (mut good, mut bad) = (Vec::new(), 0);
    for game in read::<Persistent>(data, limits) {
        match game {
            Ok(record) => good.push(record),
            Err(_) => bad += 1,
        }
    }
    // A game of nothing (no tag, move, comment, NAG or result: a line of
    // move numbers alone) has nothing to write, and is not read back.
    good.retain(|record| {
        record.len() > 1
            || record.tag_count() > 0
            || record.ending().is_some()
            || !record.notes(NodeId::ROOT).is_empty()
    });
    let mut written = Vec::new();
    write(&good, &mut written).expect("a vector takes every byte");
    let again: Vec<_> = read::<Persistent>(&written, limits).collect();
    assert_eq!(
        again.len(),
        good.len(),
        "{}",
        String::from_utf8_lossy(&written)
    );
    for (record, read_back) in good.iter().zip(&again) {
        let read_back = read_back
            .as_ref()
            .unwrap_or_else(|error| panic!("{error}: {}", String::from_utf8_lossy(&written)));
        assert!(record == read_back, "{}", String::from_utf8_lossy(&written));
    }
    let files = [RecordFile {
        path: "fuzz.pgn".into(),
        games: good.into_iter().enumerate().collect(),
        bad: Vec::new(),
    }];
    let mut saved = Vec::new();
    games_record::save::<Chess>(&files, &mut saved).expect("records a reader made save");
    let loaded = games_record::load::<Chess>(&saved).expect("saved records load");
    let loaded_games = loaded.first().map_or(0, |file| file.games.len());
    assert_eq!(loaded_games, files[0].games.len());
    for ((_, record), (_, back)) in files[0].games.iter().zip(&loaded[0].games) {
        assert!(record == back, "a record loads back as it was saved");
    }
    (files[0].games.len(), bad)
}
