//! The CSA writer: a record laid out as Floodgate writes a game (see the
//! [module docs](super)).

use core::fmt::Write as _;
use std::io;

use persistent_qi::Player;

use super::super::layout::{HAND_KINDS, Layout, csa_name, file_rank};
use super::super::tags;
use super::reader::{ENDING_TIME, TIME};
use crate::{Kind, Node};
use games_core::QpiPosition;
use games_record::{NodeId, Record, Step};

/// Why a record cannot be written in CSA: CSA has one line of play and
/// no setup after the start.
fn unwritable(what: String) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidInput, what)
}

/// The record in CSA: the version, the players and the other tags CSA
/// can name, the comments before the first move, the start (`PI` with the
/// pieces it lacks, or nine rank lines and the hands), the side to move,
/// then each move with its time lines and comments, and the ending (a KIF
/// ending in CSA's words).
///
/// ```
/// use games_record::Limits;
/// use games_shogi::records::csa;
/// use games_core::Persistent;
///
/// let text = "V2.2\nN+A\nN-B\nPI82HI22KA\n-\n-5142OU\nT1\n+7776FU\n%TORYO\n";
/// let record = csa::read::<Persistent>(text.as_bytes(), Limits::default()).next().unwrap()?;
/// assert_eq!(csa::to_csa(&record)?, text);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// # Errors
///
/// [`io::ErrorKind::InvalidInput`] for a record CSA cannot hold: one with
/// variations, a null move or a setup after the start.
///
/// # Panics
///
/// Only for a record whose moves are no shogi moves: a reader's never.
pub fn to_csa<P: QpiPosition>(record: &Record<Node<P>>) -> io::Result<String> {
    let mut text = String::new();
    text += "V2.2\n";
    for (name, value) in record.tags() {
        // Commas join statements and lines end them: a value holding
        // either cannot be written.
        if value.contains([',', '\n', '\r']) {
            continue;
        }
        match tags::to_csa(name) {
            Some(key) if key.starts_with('N') => {
                let _ = writeln!(text, "{key}{value}");
            }
            Some(key) => {
                let _ = writeln!(text, "{key}:{value}");
            }
            None => {}
        }
    }
    comments(&mut text, record, NodeId::ROOT);
    start(&mut text, &Layout::of(record.start()));
    times(&mut text, record, NodeId::ROOT, TIME);
    let mut last = NodeId::ROOT;
    for id in record.main_line().skip(1) {
        if record
            .children(record.parent(id).expect("a child"))
            .nth(1)
            .is_some()
        {
            return Err(unwritable(format!(
                "CSA has no variations: {id}'s parent has two children"
            )));
        }
        let Step::Move(mv) = record.step(id) else {
            return Err(unwritable(format!(
                "CSA has no null move or setup after the start: {id}"
            )));
        };
        let mover = record
            .node(record.parent(id).expect("a child"))
            .position
            .turn();
        text.push(sign(mover));
        let (from_file, from_rank) = mv.from.map_or((0, 0), |from| file_rank(usize::from(from)));
        let (to_file, to_rank) = file_rank(usize::from(mv.to));
        let kind = Kind::of_pin(mv.piece.pin()).expect("a shogi piece");
        let _ = writeln!(
            text,
            "{from_file}{from_rank}{to_file}{to_rank}{}",
            csa_name(kind)
        );
        times(&mut text, record, id, TIME);
        comments(&mut text, record, id);
        last = id;
    }
    if let Some(ending) = record
        .ending()
        .and_then(|ending| csa_ending(ending, record.node(last).position.turn()))
    {
        text += &ending;
        text.push('\n');
    }
    times(&mut text, record, last, ENDING_TIME);
    Ok(text)
}

/// Writes `records` in CSA, one game after another, `/` between them.
///
/// # Errors
///
/// If writing fails, or a record has what CSA cannot hold (see
/// [`to_csa`]).
pub fn write<P: QpiPosition>(
    records: &[Record<Node<P>>],
    out: &mut dyn io::Write,
) -> io::Result<()> {
    for (index, record) in records.iter().enumerate() {
        if index > 0 {
            out.write_all(b"/\n")?;
        }
        out.write_all(to_csa(record)?.as_bytes())?;
    }
    Ok(())
}

fn sign(player: Player) -> char {
    match player {
        Player::First => '+',
        Player::Second => '-',
    }
}

fn comments<P: QpiPosition>(text: &mut String, record: &Record<Node<P>>, id: NodeId) {
    let notes = record.notes(id);
    // CSA's comments are lines: one of several lines is written as several.
    for comment in notes.before.iter().chain(&notes.after) {
        for line in comment.split('\n') {
            text.push('\'');
            text.push_str(line.trim_end_matches('\r'));
            text.push('\n');
        }
    }
}

fn times<P: QpiPosition>(text: &mut String, record: &Record<Node<P>>, id: NodeId, name: &str) {
    for (held, value) in &record.notes(id).extras {
        if held == name {
            text.push('T');
            text.push_str(value);
            text.push('\n');
        }
    }
}

/// The start: `PI` where the start lacks only pieces of the standard
/// start and no hand holds any, else its nine ranks and each hand; then
/// the side to move.
fn start(text: &mut String, layout: &Layout) {
    let standard = Layout::start();
    let removed: Option<Vec<usize>> = (layout.hands == [[0; 7]; 2])
        .then(|| {
            let mut removed = Vec::new();
            for (square, (held, start)) in layout.squares.iter().zip(&standard.squares).enumerate()
            {
                match (held, start) {
                    (held, start) if held == start => {}
                    (None, Some(_)) => removed.push(square),
                    _ => return None,
                }
            }
            Some(removed)
        })
        .flatten();
    if let Some(removed) = removed {
        text.push_str("PI");
        for square in removed {
            let (file, rank) = file_rank(square);
            let (kind, _) = standard.squares[square].expect("a square of the start");
            let _ = write!(text, "{file}{rank}{}", csa_name(kind));
        }
        text.push('\n');
    } else {
        for rank in 0..9 {
            let _ = write!(text, "P{}", rank + 1);
            for column in 0..9 {
                match layout.squares[rank * 9 + column] {
                    None => text.push_str(" * "),
                    Some((kind, player)) => {
                        text.push(sign(player));
                        text.push_str(csa_name(kind));
                    }
                }
            }
            text.push('\n');
        }
        for player in Player::ALL {
            let hand = &layout.hands[usize::from(player.is_second())];
            if hand.iter().any(|&count| count > 0) {
                text.push('P');
                text.push(sign(player));
                // Rook first, as Floodgate writes a hand.
                for (kind, &count) in HAND_KINDS.iter().zip(hand).rev() {
                    for _ in 0..count {
                        text.push_str("00");
                        text.push_str(csa_name(*kind));
                    }
                }
                text.push('\n');
            }
        }
    }
    text.push(sign(layout.turn));
    text.push('\n');
}

/// The CSA ending of a record's ending: itself if it is one (`%TORYO`),
/// else a KIF ending in CSA's words, the side to move at the end `turn`
/// (a foul wins for the player to move).
fn csa_ending(ending: &str, turn: Player) -> Option<String> {
    if ending.starts_with('%') {
        return Some(ending.to_string());
    }
    let csa = match ending {
        "投了" => "%TORYO",
        "中断" => "%CHUDAN",
        "千日手" => "%SENNICHITE",
        "切れ負け" => "%TIME_UP",
        "反則負け" => "%ILLEGAL_MOVE",
        "持将棋" => "%JISHOGI",
        "入玉勝ち" | "入玉宣言" => "%KACHI",
        "詰み" => "%TSUMI",
        "不詰" => "%FUZUMI",
        "反則勝ち" => match turn {
            Player::First => "%-ILLEGAL_ACTION",
            Player::Second => "%+ILLEGAL_ACTION",
        },
        _ => return None,
    };
    Some(csa.to_string())
}
