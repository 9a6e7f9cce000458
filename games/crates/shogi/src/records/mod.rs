//! Shogi's records, beside its rules: CSA read and written ([`csa`]),
//! KIF read ([`kif`]), over the record tree that knows no format
//! ([`Record`](games_record::Record)).
//!
//! Both formats share how they lay a position out (the ranks, the hands,
//! the handicap starts), the names of their tags (`Sente`, `Gote`,
//! `Event`...) and how a move read is found among the legal ones: a
//! position a record gives enters the rules through SFEN, their one door
//! in, and a move is one of the rules' legal moves or the game is bad.

mod check;
pub mod csa;
mod games;
pub mod kif;

mod layout;
mod tags;
mod text;

pub use check::{check_csa, check_kif};
pub use games::Games;

use super::{Board, Move, Node, legal_moves};
use games_core::Node as _;
use games_core::QpiPosition;
use games_record::Step;

/// How a reader keeps each node: the node itself.
pub type KeepNode<P> = fn(&Step<Move>, &Node<P>) -> Node<P>;

/// A reader's scratch for finding a move among the legal ones: the board
/// last read and its legal moves, kept from move to move.
#[derive(Debug, Default)]
struct Played {
    board: Board,
    moves: Vec<Move>,
}

impl Played {
    /// The first legal move of `node` that `wanted` accepts.
    fn find<P: QpiPosition>(
        &mut self,
        node: &Node<P>,
        wanted: impl Fn(&Move) -> bool,
    ) -> Option<Move> {
        node.read_into(&mut self.board);
        self.moves.clear();
        legal_moves(&self.board, &mut self.moves);
        self.moves.iter().copied().find(|mv| wanted(mv))
    }

    /// The child of `node` after `mv`, which [`find`](Played::find) has
    /// just found in it.
    fn play<P: QpiPosition>(&self, node: &Node<P>, mv: Move) -> Node<P> {
        node.play(&self.board, mv)
    }
}

/// Shogi's record formats.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// CSA, read and written.
    Csa,
    /// KIF in a `.kif` file: `Shift_JIS` unless UTF-8; read only.
    Kif,
    /// KIF in a `.kifu` file: UTF-8; read only.
    Kifu,
}

impl core::fmt::Display for Format {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Format::Csa => "CSA",
            Format::Kif => "KIF",
            Format::Kifu => "KIF (UTF-8)",
        })
    }
}

impl games_record::Records for super::Shogi {
    type Format = Format;

    const FORMATS: &'static [Format] = &[Format::Csa, Format::Kif, Format::Kifu];

    const PEER: (&'static str, &'static str) = ("cshogi", "games/clients/shogi_records.py");

    const FIXED_TARGET: Option<f64> = Some(0.4);

    fn format_of(path: &std::path::Path) -> Result<Format, String> {
        let extension = path
            .extension()
            .map(|extension| extension.to_string_lossy().to_ascii_lowercase());
        match extension.as_deref() {
            Some("csa") => Ok(Format::Csa),
            Some("kif") => Ok(Format::Kif),
            Some("kifu") => Ok(Format::Kifu),
            _ => Err(format!(
                "{}: shogi records are .csa, .kif (Shift_JIS) or .kifu (UTF-8) files",
                path.display()
            )),
        }
    }

    fn read<'a, P, K, F>(
        format: Format,
        bytes: &'a [u8],
        limits: games_record::Limits,
        keep: F,
    ) -> games_record::GameReader<'a, Node<P>, K>
    where
        P: games_core::Position<Piece = persistent_qi::qpi::Qpi, Style = persistent_qi::qpi::Sin>,
        K: 'a,
        F: FnMut(&Step<Move>, &Node<P>) -> K + 'a,
    {
        match format {
            Format::Csa => Box::new(csa::read_keeping(bytes, limits, keep)),
            Format::Kif => Box::new(kif::read_keeping(
                bytes,
                kif::Encoding::ShiftJisUnlessUtf8,
                limits,
                keep,
            )),
            Format::Kifu => Box::new(kif::read_keeping(bytes, kif::Encoding::Utf8, limits, keep)),
        }
    }

    /// CSA only: KIF is read, not written.
    fn write<
        P: games_core::Position<Piece = persistent_qi::qpi::Qpi, Style = persistent_qi::qpi::Sin>,
    >(
        format: Format,
        records: &[&games_record::Record<Node<P>>],
        out: &mut dyn std::io::Write,
    ) -> std::io::Result<()> {
        match format {
            Format::Csa => {
                for (index, record) in records.iter().enumerate() {
                    if index > 0 {
                        out.write_all(b"/\n")?;
                    }
                    out.write_all(csa::to_csa(record)?.as_bytes())?;
                }
                Ok(())
            }
            Format::Kif | Format::Kifu => Err(std::io::Error::new(
                std::io::ErrorKind::Unsupported,
                "KIF is read here, not written: write CSA (.csa)",
            )),
        }
    }

    /// USI; shogi's records have no null move, and a setup after the start
    /// none either: both are `0000`, as UCI writes a null move.
    fn protocol_step(step: &Step<Move>) -> String {
        match step {
            Step::Move(mv) => mv.to_string(),
            Step::Start | Step::Null | Step::Setup => "0000".to_string(),
        }
    }

    /// SFEN's four fields, the move number the ply from the record's start
    /// plus one (as cshogi numbers them).
    fn position_text<
        P: games_core::Position<Piece = persistent_qi::qpi::Qpi, Style = persistent_qi::qpi::Sin>,
    >(
        record: &games_record::Record<Node<P>>,
        id: games_record::NodeId,
    ) -> String {
        layout::sfen_at(record.node(id), record.ply(id))
    }

    /// FEEN, which [`Game::load`](games_core::Game::load) reads for shogi.
    fn node_text<
        P: games_core::Position<Piece = persistent_qi::qpi::Qpi, Style = persistent_qi::qpi::Sin>,
    >(
        node: &Node<P>,
    ) -> String {
        games_core::convert::<P, games_core::Persistent>(&node.position)
            .ok()
            .and_then(|position| position.to_feen().ok())
            .expect("a shogi position is written in FEEN")
    }

    fn null_node<
        P: games_core::Position<Piece = persistent_qi::qpi::Qpi, Style = persistent_qi::qpi::Sin>,
    >(
        _node: &Node<P>,
    ) -> Option<Node<P>> {
        None
    }

    fn node_of<
        P: games_core::Position<Piece = persistent_qi::qpi::Qpi, Style = persistent_qi::qpi::Sin>,
    >(
        position: P,
        state: u64,
    ) -> Option<Node<P>> {
        (state == 0 && super::setup::check(&position).is_ok()).then(|| Node::new(position))
    }
}
