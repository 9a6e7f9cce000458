//! A short game played move by move, keeping every position of its history:
//! each move one edit of the position before it, which stays as it was.
//!
//! Run with `cargo run --example play`.

use persistent_qi::{Error, Player, Qi};

/// The flat index of a chess square such as `"e2"` on an 8x8 board, rank 1
/// being the first row.
fn square(name: &str) -> usize {
    let bytes = name.as_bytes();
    let file = usize::from(bytes[0] - b'a');
    let rank = usize::from(bytes[1] - b'1');
    rank * 8 + file
}

fn main() -> Result<(), Error> {
    let back_rank = ["R", "N", "B", "Q", "K", "B", "N", "R"];
    let mut setup = Vec::new();
    for (file, piece) in back_rank.iter().enumerate() {
        setup.push((file, Some(format!("C:{piece}"))));
        setup.push((8 + file, Some("C:P".to_string())));
        setup.push((48 + file, Some("c:p".to_string())));
        setup.push((56 + file, Some(format!("c:{}", piece.to_lowercase()))));
    }
    let start: Qi<String, String> = Qi::new(&[8, 8], "C".into(), "c".into())?.board_diff(setup)?;

    // 1. e4 d5 2. exd5 Qxd5: each move is one edit of the previous position.
    let moves = [("e2", "e4"), ("d7", "d5"), ("e4", "d5"), ("d8", "d5")];
    let mut history = vec![start];
    for (from, to) in moves {
        let current = history.last().expect("the history starts with a position");
        let piece = current.square(square(from)).cloned();
        // Chess captures leave the game; a shogi-like rule would also put
        // the captured piece in the mover's hand, with `edit.hand(..)` in
        // the same edit.
        if let Some(captured) = current.square(square(to)) {
            println!("{} captures {captured} on {to}", current.turn());
        }
        let next = current.edit_with(|edit| {
            edit.set(square(from), None).set(square(to), piece).toggle();
        })?;
        history.push(next);
    }

    // What each move changed, read without scanning the board.
    for (ply, pair) in history.windows(2).enumerate() {
        let changes = pair[1].changes_since(&pair[0])?;
        let squares: Vec<usize> = changes.squares().map(|change| change.index).collect();
        println!("move {}: squares {squares:?} changed", ply + 1);
    }

    for (ply, position) in history.iter().enumerate() {
        println!(
            "ply {ply}: {} pieces, {} to move, hash {:016x}",
            position.piece_count(),
            position.turn(),
            position.position_hash()
        );
    }

    // Every version is still intact: the start still has its pawn on e2.
    assert_eq!(
        history[0].square(square("e2")).map(String::as_str),
        Some("C:P")
    );
    assert_eq!(
        history[4].square(square("d5")).map(String::as_str),
        Some("c:q")
    );
    assert_eq!(history[4].turn(), Player::First);
    Ok(())
}
