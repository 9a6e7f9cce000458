//! Chess's records, as the `records` command and the measuring side take
//! them: PGN read and written ([`pgn`](super::pgn)), moves in UCI, and
//! each node's FEN with its clocks counted from the record's start.

use core::fmt;
use std::io;
use std::path::Path;

use persistent_qi::qpi::{Qpi, Sin};

use super::board::Board;
use super::moves::{Move, square_name};
use super::piece::Kind;
use super::setup::node_of_state;
use super::{Chess, Node, legal_move_list, pgn, to_fen};
use games_core::Position;
use games_record::{GameReader, Limits, NodeId, Record, Records, Step};

/// Chess's one record format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// PGN.
    Pgn,
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("PGN")
    }
}

/// The en-passant square of `node` as FEN writes it where a pawn may take
/// there (python-chess's `fen()`): the square if a legal move takes en
/// passant.
fn legal_en_passant<P: Position<Piece = Qpi, Style = Sin>>(node: &Node<P>) -> Option<usize> {
    node.en_passant()?;
    let board = Board::read(node);
    legal_move_list(&board)
        .iter()
        .find(|mv| mv.is_en_passant())
        .map(|mv| usize::from(mv.to))
}

/// The halfmove clock and fullmove number the `FEN` tag starts from: its
/// fifth and sixth fields, else 0 and 1.
fn start_clocks<P: Position<Piece = Qpi, Style = Sin>>(record: &Record<Node<P>>) -> (u32, u32) {
    let fields: Vec<&str> = record
        .tag("FEN")
        .map(|fen| fen.split_ascii_whitespace().collect())
        .unwrap_or_default();
    let field = |index: usize, default: u32| {
        fields
            .get(index)
            .and_then(|field| field.parse().ok())
            .unwrap_or(default)
    };
    (field(4, 0), field(5, 1))
}

/// Whether a move resets the halfmove clock: a capture or a pawn's move.
fn zeroing(mv: &Move) -> bool {
    mv.captured.is_some() || Kind::of_pin(mv.mover.pin()) == Some(Kind::Pawn)
}

impl Records for Chess {
    type Format = Format;

    const FORMATS: &'static [Format] = &[Format::Pgn];

    const PEER: (&'static str, &'static str) = ("python-chess", "games/clients/pgn.py");

    fn format_of(_path: &Path) -> Result<Format, String> {
        Ok(Format::Pgn)
    }

    fn read<'a, P, K, F>(
        format: Format,
        bytes: &'a [u8],
        limits: Limits,
        keep: F,
    ) -> GameReader<'a, Node<P>, K>
    where
        P: Position<Piece = Qpi, Style = Sin>,
        K: 'a,
        F: FnMut(&Step<Move>, &Node<P>) -> K + 'a,
    {
        match format {
            Format::Pgn => Box::new(pgn::read_keeping(bytes, limits, keep)),
        }
    }

    fn write<P: Position<Piece = Qpi, Style = Sin>>(
        format: Format,
        records: &[&Record<Node<P>>],
        out: &mut dyn io::Write,
    ) -> io::Result<()> {
        match format {
            Format::Pgn => pgn::write(records.iter().copied(), out),
        }
    }

    fn protocol_step(step: &Step<Move>) -> String {
        match step {
            Step::Move(mv) => mv.to_string(),
            Step::Start | Step::Null | Step::Setup => "0000".to_string(),
        }
    }

    /// FEN's six fields as python-chess's `fen()` writes them: the
    /// en-passant square only where a pawn may take, the halfmove clock
    /// and fullmove number counted from the `FEN` tag's (or 0 and 1) along
    /// the moves from the start, a null move counting as a move that
    /// takes nothing. O(ply).
    fn position_text<P: Position<Piece = Qpi, Style = Sin>>(
        record: &Record<Node<P>>,
        id: NodeId,
    ) -> String {
        let (mut halfmove, mut fullmove) = start_clocks(record);
        let path = record.path(id);
        for pair in path.windows(2) {
            let black_moved = record.node(pair[0]).position.turn().is_second();
            halfmove = match record.step(pair[1]) {
                Step::Move(mv) if zeroing(mv) => 0,
                Step::Setup => 0,
                _ => halfmove.saturating_add(1),
            };
            if black_moved {
                fullmove = fullmove.saturating_add(1);
            }
        }
        let node = record.node(id);
        let fen = to_fen(node);
        let fields: Vec<&str> = fen.split(' ').take(3).collect();
        let en_passant = legal_en_passant(node).map_or_else(|| "-".to_string(), square_name);
        format!("{} {en_passant} {halfmove} {fullmove}", fields.join(" "))
    }

    fn node_text<P: Position<Piece = Qpi, Style = Sin>>(node: &Node<P>) -> String {
        to_fen(node)
    }

    fn same_position<P: Position<Piece = Qpi, Style = Sin>>(a: &Node<P>, b: &Node<P>) -> bool {
        a.position == b.position
            && a.castling() == b.castling()
            && legal_en_passant(a) == legal_en_passant(b)
    }

    fn null_node<P: Position<Piece = Qpi, Style = Sin>>(node: &Node<P>) -> Option<Node<P>> {
        let board = Board::read(node);
        (!board.in_check(board.turn())).then(|| node.null_move())
    }

    fn node_of<P: Position<Piece = Qpi, Style = Sin>>(position: P, state: u64) -> Option<Node<P>> {
        node_of_state(position, state)
    }
}
