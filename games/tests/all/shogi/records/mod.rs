//! Shogi's records: CSA read and written (`csa`), KIF read (`kif`), each
//! node's position checked by its SFEN.

mod csa;
mod kif;

use games::Persistent;
use games::record::{NodeId, Record};
use games::shogi::{Node, write_sfen};

type ShogiNode = Node<Persistent>;

/// The USI moves and SFEN of each node along the main line.
fn main_line(record: &Record<ShogiNode>) -> Vec<(String, String)> {
    record
        .main_line()
        .enumerate()
        .map(|(ply, id)| {
            let step = record
                .step(id)
                .as_move()
                .map(ToString::to_string)
                .unwrap_or_default();
            (
                step,
                write_sfen(record.node(id), u32::try_from(ply + 1).unwrap()),
            )
        })
        .collect()
}

/// The USI moves of the line from the root to `id`.
fn moves_to(record: &Record<ShogiNode>, id: NodeId) -> String {
    record
        .path(id)
        .iter()
        .filter_map(|&id| record.step(id).as_move().map(ToString::to_string))
        .collect::<Vec<_>>()
        .join(" ")
}

/// Every committed `csa_read` input replays cleanly, and the records cshogi
/// wrote among them read: 60 files of 1 to 3 games, 108 games.
#[test]
fn the_committed_csa_corpus_replays_cleanly_and_reads_its_games() {
    let (inputs, games) =
        crate::record::corpus::replay("csa_read", games::shogi::records::check_csa);
    assert!(
        inputs >= 60 && games >= 108,
        "{games} games of {inputs} inputs"
    );
}

/// Every committed `kif_read` input replays cleanly, and the 60 games
/// cshogi wrote among them read.
#[test]
fn the_committed_kif_corpus_replays_cleanly_and_reads_its_games() {
    let (inputs, games) =
        crate::record::corpus::replay("kif_read", games::shogi::records::check_kif);
    assert!(
        inputs >= 60 && games >= 60,
        "{games} games of {inputs} inputs"
    );
}
