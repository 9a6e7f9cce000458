//! A game's history saved as it is kept: the first position as FEEN, then
//! each move as the owned diff from the position before it, written with
//! `postcard` (a compact binary serde format) and read back into positions
//! that share structure with each other. Undo is a diff applied backwards.
//!
//! Shogi, opening with a bishop exchange: a capture puts the captured
//! piece in the mover's hand, so the history has hand changes too.
//!
//! Run with `cargo run --example history --features serde,feen`.

use std::error::Error;

use persistent_qi::qpi::{Qpi, Sin};
use persistent_qi::{Diff, Player, Qi};
use serde::{Deserialize, Serialize};

/// A shogi position, pieces as QPI tokens.
type Position = Qi<Qpi, Sin>;

/// The start of a shogi game (FEEN).
const START: &str = "lnsgk^gsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGK^GSNL / S/s";

/// What is saved: the first position, and what each move changed.
#[derive(Serialize, Deserialize)]
struct History {
    start: String,
    moves: Vec<Diff<Qpi>>,
}

/// The flat index of a shogi square such as `"7g"`: file 9 to 1 from the
/// left, rank `a` to `i` from the top, row-major from the top left.
fn square(name: &str) -> usize {
    let bytes = name.as_bytes();
    let file = usize::from(b'9' - bytes[0]);
    let rank = usize::from(bytes[1] - b'a');
    rank * 9 + file
}

/// The position after moving the piece on `from` to `to`; a captured piece
/// goes to the mover's hand, turned to the mover's side (promotion left out).
fn play(position: &Position, from: &str, to: &str) -> Result<Position, Box<dyn Error>> {
    let piece = *position.square(square(from)).ok_or("no piece to move")?;
    let captured = position.square(square(to)).copied();
    let mover = position.turn();
    let next = position.edit_with(|edit| {
        edit.set(square(from), None).set(square(to), Some(piece));
        if let Some(captured) = captured {
            edit.hand(mover, captured.flip(), 1);
        }
        edit.toggle();
    })?;
    Ok(next)
}

fn main() -> Result<(), Box<dyn Error>> {
    // 1. P-7f 2. P-3d 3. Bx2b+ (as a plain bishop here) 4. Sx2b.
    let moves = [("7g", "7f"), ("3c", "3d"), ("8h", "2b"), ("3a", "2b")];
    let mut played = vec![Position::from_feen(START)?];
    for (from, to) in moves {
        let next = play(played.last().ok_or("a history starts somewhere")?, from, to)?;
        played.push(next);
    }

    // Saved: the start as FEEN, then one diff a move, each a few squares.
    let history = History {
        start: played[0].to_feen()?,
        moves: played
            .windows(2)
            .map(|pair| pair[1].diff_from(&pair[0]))
            .collect::<Result<_, _>>()?,
    };
    let bytes = postcard::to_stdvec(&history)?;
    let full = postcard::to_stdvec(&played)?;
    println!(
        "{} positions: {} bytes as diffs, {} bytes as full positions",
        played.len(),
        bytes.len(),
        full.len()
    );

    // Read back: each position rebuilt from the one before, sharing its
    // structure, each diff checked against the position it applies to.
    let read: History = postcard::from_bytes(&bytes)?;
    let mut replayed = vec![Position::from_feen(&read.start)?];
    for diff in &read.moves {
        let next = diff.apply_to(replayed.last().ok_or("a history starts somewhere")?)?;
        replayed.push(next);
    }
    for (ply, (position, again)) in played.iter().zip(&replayed).enumerate() {
        assert_eq!(position, again);
        assert_eq!(position.position_hash(), again.position_hash());
        println!("ply {ply}: {}", again.to_feen()?);
    }

    // Undo: the last move's diff taken back from the last position.
    let last = replayed.last().ok_or("a history starts somewhere")?;
    let undone = read.moves[3].revert(last)?;
    assert_eq!(undone, replayed[3]);
    assert_eq!(undone.first_hand_count(&"S:B".parse()?), 1);

    // A diff applied to a position it was not made from is refused, and
    // builds nothing: the last move takes a first player's bishop on 2b,
    // where the start has the second player's.
    let refused = read.moves[3].apply_to(&replayed[0]);
    println!("the last move on the start: {}", refused.unwrap_err());
    assert_eq!(replayed[0].turn(), Player::First);
    Ok(())
}
