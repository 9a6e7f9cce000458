//! What the chess and shogi boards share: the padded mailbox ("10x12" for
//! chess, 10 wide and 13 high for shogi). A board of `FILES` columns sits
//! in rows of `WIDTH` cells, two wall rows above and below (a knight jumps
//! two rows) and wall columns beside it; every ray and jump stops on a
//! wall, so no step needs a bounds test.
//!
//! A cell holds a [`Code`]: [`EMPTY`], [`WALL`], or the owner's tag
//! ([`FIRST`] or [`SECOND`]) plus the game's kind bits (below `0x10`).

use persistent_qi::Player;
use persistent_qi::qpi::Qpi;
use persistent_qi::qpi::pin::Side;

/// A mailbox byte: 0 for an empty square, [`WALL`] off the board, otherwise
/// the owner's tag ([`FIRST`] or [`SECOND`]) plus the game's kind.
pub type Code = u8;

/// An empty square.
pub const EMPTY: Code = 0;
/// The first player's tag (chess's White, shogi's Black, sente).
pub const FIRST: Code = 0x10;
/// The second player's tag.
pub const SECOND: Code = 0x20;
/// Off the board: the padding around it, which stops every ray.
pub const WALL: Code = 0x40;
/// What a game's QPI-token table holds for a token that is no piece of the
/// game.
pub const INVALID: Code = 0x80;

/// The tag of a player's pieces.
#[inline]
#[must_use]
pub const fn tag(player: Player) -> Code {
    match player {
        Player::First => FIRST,
        Player::Second => SECOND,
    }
}

/// The player who owns a piece: its PIN side's (the first side is chess's
/// White, shogi's Black).
#[inline]
#[must_use]
pub const fn owner(piece: Qpi) -> Player {
    match piece.pin().side() {
        Side::First => Player::First,
        Side::Second => Player::Second,
    }
}

/// The mailbox byte of every QPI token, by its code, as a game's
/// `CODE_OF_QPI` table: `$code(kind, player)` for a token whose PIN
/// `$of_pin` names a kind of the game, whatever its style, the player its
/// PIN's side; [`INVALID`] for every other code. A constant expression,
/// O(`Qpi::COUNT`) at compile time; a macro, as a `const fn` cannot take
/// the game's functions.
#[macro_export]
macro_rules! code_table {
    ($of_pin:path, $code:path) => {{
        let mut table = [$crate::mailbox::INVALID; persistent_qi::qpi::Qpi::COUNT + 1];
        let mut index = 1;
        while index <= persistent_qi::qpi::Qpi::COUNT {
            #[allow(clippy::cast_possible_truncation)] // codes run to Qpi::COUNT, 16,224
            let token = persistent_qi::qpi::Qpi::from_code(index as u16);
            if let Some(qpi) = token
                && let Some(kind) = $of_pin(qpi.pin())
            {
                table[index] = $code(kind, $crate::mailbox::owner(qpi));
            }
            index += 1;
        }
        table
    }};
}

/// [`unpad_table`]'s value for a wall.
pub const OFF_BOARD: u8 = u8::MAX;

/// The eight directions on rows `row` cells wide, clockwise from "up"
/// (toward row 0, the first player's forward): even indices orthogonal,
/// odd diagonal, and direction `i + 4` opposite to `i`.
#[must_use]
pub const fn directions(row: isize) -> [isize; 8] {
    [
        -row,     // up
        -row + 1, // up-right
        1,        // right
        row + 1,  // down-right
        row,      // down
        row - 1,  // down-left
        -1,       // left
        -row - 1, // up-left
    ]
}

/// A padded index moved by an offset. Only called on squares and their
/// neighbours up to a knight's jump, which the padding keeps in range.
#[inline]
#[must_use]
pub const fn step(index: usize, offset: isize) -> usize {
    index.wrapping_add_signed(offset)
}

/// The padded index of each of `SQUARES` board squares, `files` to a row,
/// on rows `width` cells wide (two wall rows above, one wall column on the
/// left). O(`SQUARES`), at compile time.
#[allow(clippy::cast_possible_truncation)] // indices below 256
#[must_use]
pub const fn pad_table<const SQUARES: usize>(files: usize, width: usize) -> [u8; SQUARES] {
    let mut table = [0; SQUARES];
    let mut square = 0;
    while square < SQUARES {
        table[square] = ((square / files + 2) * width + square % files + 1) as u8;
        square += 1;
    }
    table
}

/// The board square of each of `PADDED` padded indices, or [`OFF_BOARD`]:
/// the inverse of `pad`. O(`PADDED`), at compile time.
#[allow(clippy::cast_possible_truncation)] // squares below 256
#[must_use]
pub const fn unpad_table<const SQUARES: usize, const PADDED: usize>(
    pad: &[u8; SQUARES],
) -> [u8; PADDED] {
    let mut table = [OFF_BOARD; PADDED];
    let mut square = 0;
    while square < SQUARES {
        table[pad[square] as usize] = square as u8;
        square += 1;
    }
    table
}

/// The mailbox of an empty board: a wall where `unpad` names no square,
/// an empty square elsewhere. O(`PADDED`), at compile time.
#[must_use]
pub const fn empty_cells<const PADDED: usize>(unpad: &[u8; PADDED]) -> [Code; PADDED] {
    let mut cells = [WALL; PADDED];
    let mut index = 0;
    while index < PADDED {
        if unpad[index] != OFF_BOARD {
            cells[index] = EMPTY;
        }
        index += 1;
    }
    cells
}

/// The index of a player in per-player arrays.
#[inline]
#[must_use]
pub const fn slot(player: Player) -> usize {
    match player {
        Player::First => 0,
        Player::Second => 1,
    }
}

/// Gives `push` each padded square the king of `us`, on padded `king`,
/// may step to: the neighbours along `directions` that hold neither a
/// piece of `us` nor a wall, and that `attacked` (the game's attack test)
/// finds unattacked by the other player with the king lifted off `cells`,
/// so that a square behind it on a slider's line counts as attacked.
/// O(8) attack tests, on one copy of the mailbox.
#[inline]
pub fn king_steps<const PADDED: usize>(
    cells: &[Code; PADDED],
    king: usize,
    us: Player,
    directions: &[isize; 8],
    attacked: impl Fn(&[Code; PADDED], usize, Player) -> bool,
    mut push: impl FnMut(usize),
) {
    let mut lifted = *cells;
    lifted[king] = EMPTY;
    for &offset in directions {
        let to = step(king, offset);
        if cells[to] & (tag(us) | WALL) != 0 || attacked(&lifted, to, us.flip()) {
            continue;
        }
        push(to);
    }
}

/// The placement field of FEN and SFEN: the rows of `squares`, `files` to
/// a row, separated by `/`, a piece as `write_piece` spells it and a run of
/// empty squares as its length. O(squares).
pub fn write_placement(
    squares: &[Option<Qpi>],
    files: usize,
    mut write_piece: impl FnMut(&mut String, Qpi),
) -> String {
    let mut text = String::new();
    for (row, rank) in squares.chunks(files).enumerate() {
        if row > 0 {
            text.push('/');
        }
        let mut empty = 0;
        for square in rank {
            match square {
                None => empty += 1,
                Some(piece) => {
                    if empty > 0 {
                        text += &empty.to_string();
                        empty = 0;
                    }
                    write_piece(&mut text, *piece);
                }
            }
        }
        if empty > 0 {
            text += &empty.to_string();
        }
    }
    text
}

/// The legal moves `generate` lists for `board`, in a new vector.
#[inline]
pub fn move_list<B, M>(board: &B, generate: impl FnOnce(&B, &mut Vec<M>)) -> Vec<M> {
    let mut moves = Vec::new();
    generate(board, &mut moves);
    moves
}
