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
