//! Records saved in the tree file format and loaded back: the same
//! records, and no panic on a file cut or changed anywhere.

use games::Persistent;
use games::chess::{self, Chess, pgn};
use games::record::{self, Limits, Record, RecordFile, SavedError};

type Kept = Record<chess::Node<Persistent>>;

const GAMES: &str = "[Event \"one\"]\n[FEN \"4k3/8/8/8/8/8/4P3/4K3 w - - 0 1\"]\n\n\
                     { start } 1. e4 $1 ( 1. Kd2 { a } ) 1... Kd7 2. -- Ke6 *\n\n\
                     [Event \"two\"]\n\n1. e4 e5 ( 1... c5 2. Nf3 ) 2. Nf3 Nc6 3. Bb5 a6 1-0\n";

fn files() -> Vec<RecordFile<Kept>> {
    let games: Vec<Kept> = pgn::read::<Persistent>(GAMES.as_bytes(), Limits::default())
        .map(Result::unwrap)
        .collect();
    vec![RecordFile {
        path: "games.pgn".into(),
        games: games
            .into_iter()
            .enumerate()
            .map(|(index, game)| (index + 1, game))
            .collect(),
        bad: vec!["game 3: bad".to_string()],
    }]
}

fn saved() -> Vec<u8> {
    let mut bytes = Vec::new();
    record::save::<Chess>(&files(), &mut bytes).unwrap();
    bytes
}

#[test]
fn records_load_back_as_they_were_saved() {
    let files = files();
    let loaded = record::load::<Chess>(&saved()).unwrap();
    assert_eq!(loaded.len(), 1);
    assert_eq!(loaded[0].path, files[0].path);
    assert_eq!(loaded[0].bad, files[0].bad);
    assert_eq!(loaded[0].games.len(), 2);
    for ((number, record), (loaded_number, loaded_record)) in
        files[0].games.iter().zip(&loaded[0].games)
    {
        assert_eq!(number, loaded_number);
        assert!(record == loaded_record, "{record:?}\n{loaded_record:?}");
    }
}

#[test]
fn a_file_that_is_no_records_file_is_refused() {
    assert!(matches!(
        record::load::<Chess>(b"qi-tree\n"),
        Err(SavedError::NotRecords)
    ));
}

#[test]
fn every_cut_of_a_saved_file_is_refused_without_a_panic() {
    let bytes = saved();
    for length in 0..bytes.len() {
        assert!(
            record::load::<Chess>(&bytes[..length]).is_err(),
            "cut at {length}"
        );
    }
}

#[test]
fn a_saved_file_changed_anywhere_loads_or_is_refused_without_a_panic() {
    let bytes = saved();
    for at in 0..bytes.len() {
        for flip in [1_u8, 0x80, 0xFF] {
            let mut changed = bytes.clone();
            changed[at] ^= flip;
            let _ = record::load::<Chess>(&changed);
        }
    }
}
