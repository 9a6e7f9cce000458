//! Go's records, as the `records` command and the measuring side take
//! them: SGF read and written ([`sgf`](super::sgf)), moves as GTP
//! vertices, and each node's board as rows.

use core::fmt;
use std::io;
use std::path::Path;

use super::{Board, Go, Node, Point, sgf};
use games_core::Position;
use games_record::{GameReader, Limits, NodeId, Record, Records, Step};

/// Go's one record format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// SGF.
    Sgf,
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("SGF")
    }
}

impl Records for Go {
    type Format = Format;

    const FORMATS: &'static [Format] = &[Format::Sgf];

    const PEER: (&'static str, &'static str) = ("sgfmill", "games/clients/sgf_records.py");

    const FIXED_TARGET: Option<f64> = Some(0.4);

    fn format_of(_path: &Path) -> Result<Format, String> {
        Ok(Format::Sgf)
    }

    fn read<'a, P, K, F>(
        format: Format,
        bytes: &'a [u8],
        limits: Limits,
        keep: F,
    ) -> GameReader<'a, Node<P>, K>
    where
        P: Position<Piece = u8, Style = u8>,
        K: 'a,
        F: FnMut(&Step<Point>, &Node<P>) -> K + 'a,
    {
        match format {
            Format::Sgf => Box::new(sgf::read_keeping(bytes, limits, keep)),
        }
    }

    fn write<P: Position<Piece = u8, Style = u8>>(
        format: Format,
        records: &[&Record<Node<P>>],
        out: &mut dyn io::Write,
    ) -> io::Result<()> {
        match format {
            Format::Sgf => {
                for record in records {
                    out.write_all(sgf::to_sgf(record).as_bytes())?;
                }
                Ok(())
            }
        }
    }

    /// A GTP vertex, or `pass`; a null move (SGF's move out of turn, or a
    /// `PL` that gives the turn over) is `pass` too, which it is on the
    /// board; a setup after the start is `setup`, which GTP has no word
    /// for.
    fn protocol_step(step: &Step<Point>) -> String {
        match step {
            Step::Move(point) => point.to_string(),
            Step::Null => "pass".to_string(),
            Step::Start | Step::Setup => "setup".to_string(),
        }
    }

    fn position_text<P: Position<Piece = u8, Style = u8>>(
        record: &Record<Node<P>>,
        id: NodeId,
    ) -> String {
        sgf::position_text(record.node(id))
    }

    /// The diagram [`load`](super::load) reads: rows, a space, `X` or `O`.
    /// Go's diagram has no ko point: a node whose ko point is set reads
    /// back without it.
    fn node_text<P: Position<Piece = u8, Style = u8>>(node: &Node<P>) -> String {
        let mut text = sgf::position_text(node);
        let turn = if node.position.turn().is_first() {
            "X"
        } else {
            "O"
        };
        text.truncate(text.len() - 1);
        text + turn
    }

    fn null_node<P: Position<Piece = u8, Style = u8>>(node: &Node<P>) -> Option<Node<P>> {
        Some(node.with_turn(node.position.turn().flip()))
    }

    fn node_of<P: Position<Piece = u8, Style = u8>>(position: P, state: u64) -> Option<Node<P>> {
        let ko = match state {
            0 => None,
            point => Some(
                u16::try_from(point - 1)
                    .ok()
                    .filter(|&ko| usize::from(ko) < position.square_count())?,
            ),
        };
        let &[_, _] = position.shape() else {
            return None;
        };
        Board::read(&position, None)
            .first_dead_stone()
            .is_none()
            .then_some(Node { position, ko })
    }
}
