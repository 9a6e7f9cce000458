//! A position written as its canonical FEEN string.

use archery::SharedPointerKind;
use sashite_epin::State;

use super::{MAX_STRING_LENGTH, WriteError};
use crate::qpi::{Epin, ForeignStyleError, Sin};
use crate::{GenericQi, Player};

/// Where the text goes: a string, or a counter of its length.
trait Out {
    fn push_str(&mut self, text: &str);
    fn push_byte(&mut self, byte: u8);
    fn len(&self) -> usize;
}

impl Out for String {
    #[inline]
    fn push_str(&mut self, text: &str) {
        String::push_str(self, text);
    }

    #[inline]
    fn push_byte(&mut self, byte: u8) {
        self.push(char::from(byte));
    }

    #[inline]
    fn len(&self) -> usize {
        String::len(self)
    }
}

/// Counts the bytes of a string that would not be accepted, to say how long
/// it would have been.
struct Length(usize);

impl Out for Length {
    fn push_str(&mut self, text: &str) {
        self.0 += text.len();
    }

    fn push_byte(&mut self, _byte: u8) {
        self.0 += 1;
    }

    fn len(&self) -> usize {
        self.0
    }
}

/// Why writing stopped.
enum Stop {
    /// The text passed the length limit it was written with.
    Overflow,
    Error(WriteError),
}

/// Writes the canonical FEEN of a position; `epin` spells a piece given
/// the first and second styles.
pub(super) fn write<P: Ord, K: SharedPointerKind>(
    position: &GenericQi<P, Sin, K>,
    epin: impl Fn(&P, Sin, Sin) -> Result<Epin, ForeignStyleError>,
) -> Result<String, WriteError> {
    check_shape(position.shape())?;
    let (first_style, second_style) = (*position.first_style(), *position.second_style());
    if !(first_style.is_first() && second_style.is_second()) {
        return Err(WriteError::StylesNotSpellable {
            first_style,
            second_style,
        });
    }
    let epin = |piece: &P| epin(piece, first_style, second_style);
    let mut text = String::with_capacity(estimated_length(position));
    match write_fields(position, &epin, &mut text, MAX_STRING_LENGTH) {
        Ok(()) => Ok(text),
        Err(Stop::Error(error)) => Err(error),
        Err(Stop::Overflow) => {
            // Rare, and bounded: measured again from the start, without
            // keeping the text, to say how long it would have been.
            let mut length = Length(0);
            match write_fields(position, &epin, &mut length, usize::MAX) {
                Err(Stop::Error(error)) => Err(error),
                Ok(()) | Err(Stop::Overflow) => Err(WriteError::TooLong { length: length.0 }),
            }
        }
    }
}

/// Refuses a dimension other than the innermost of size 1.
fn check_shape(sizes: &[usize]) -> Result<(), WriteError> {
    let outer = sizes.split_last().map_or(&[][..], |(_, outer)| outer);
    match outer.iter().position(|&size| size < 2) {
        Some(dimension) => Err(WriteError::ShapeNotSpellable {
            dimension,
            size: outer[dimension],
        }),
        None => Ok(()),
    }
}

/// A capacity for the string that is usually enough: a couple of bytes per
/// piece and per rank, a few for the rest.
fn estimated_length<P, S, K: SharedPointerKind>(position: &GenericQi<P, S, K>) -> usize {
    let ranks = position.square_count() / position.shape().last().copied().unwrap_or(1);
    (position.board_piece_count() * 2 + ranks * 3 + position.hand_piece_count() * 2 + 8)
        .min(MAX_STRING_LENGTH)
}

/// Writes the three fields, stopping with [`Stop::Overflow`] once the text
/// is longer than `limit` (checked after each rank and each field, so at
/// most a rank or a hand past it is written).
fn write_fields<P: Ord, K: SharedPointerKind>(
    position: &GenericQi<P, Sin, K>,
    epin: &impl Fn(&P) -> Result<Epin, ForeignStyleError>,
    out: &mut impl Out,
    limit: usize,
) -> Result<(), Stop> {
    write_board(position, epin, out, limit)?;
    for (player, separator) in [(Player::First, b' '), (Player::Second, b'/')] {
        out.push_byte(separator);
        write_hand(position, player, epin, out)?;
        if out.len() > limit {
            return Err(Stop::Overflow);
        }
    }
    let (first, second) = (position.first_style(), position.second_style());
    let (active, inactive) = match position.turn() {
        Player::First => (first, second),
        Player::Second => (second, first),
    };
    out.push_byte(b' ');
    out.push_str(active.encode().as_str());
    out.push_byte(b'/');
    out.push_str(inactive.encode().as_str());
    if out.len() > limit {
        return Err(Stop::Overflow);
    }
    Ok(())
}

/// The placement field: runs of empty squares as counts, ranks separated by
/// `/`, layers by `//`.
fn write_board<P, S, K: SharedPointerKind>(
    position: &GenericQi<P, S, K>,
    epin: &impl Fn(&P) -> Result<Epin, ForeignStyleError>,
    out: &mut impl Out,
    limit: usize,
) -> Result<(), Stop> {
    let sizes = position.shape();
    let files = sizes.last().copied().unwrap_or(1);
    // A layer of a 3D board ends after this many ranks; on other boards no
    // rank ends a layer (there are at most 255 ranks).
    let ranks_per_layer = if sizes.len() == 3 {
        sizes[1]
    } else {
        usize::MAX
    };
    let (mut files_left, mut ranks_left) = (files, ranks_per_layer);
    let mut empty = 0;
    for (square, piece) in position.squares().enumerate() {
        if files_left == 0 {
            push_count(out, empty);
            empty = 0;
            files_left = files;
            ranks_left -= 1;
            if ranks_left == 0 {
                out.push_str("//");
                ranks_left = ranks_per_layer;
            } else {
                out.push_byte(b'/');
            }
            if out.len() > limit {
                return Err(Stop::Overflow);
            }
        }
        files_left -= 1;
        match piece {
            None => empty += 1,
            Some(piece) => {
                push_count(out, empty);
                empty = 0;
                let token = epin(piece).map_err(|error| {
                    Stop::Error(WriteError::ForeignStyleOnSquare { square, error })
                })?;
                out.push_str(token.encode().as_str());
            }
        }
    }
    push_count(out, empty);
    Ok(())
}

/// One hand, in FEEN's canonical order: the largest count first, then by
/// token (see [`token_rank`]).
fn write_hand<P: Ord, S, K: SharedPointerKind>(
    position: &GenericQi<P, S, K>,
    player: Player,
    epin: &impl Fn(&P) -> Result<Epin, ForeignStyleError>,
    out: &mut impl Out,
) -> Result<(), Stop> {
    let mut items = Vec::new();
    for (piece, count) in position.hand(player) {
        let token = epin(piece)
            .map_err(|error| Stop::Error(WriteError::ForeignStyleInHand { player, error }))?;
        items.push((token, count));
    }
    items.sort_unstable_by_key(|&(token, count)| (core::cmp::Reverse(count), token_rank(token)));
    for (token, count) in items {
        if count > 1 {
            push_count(out, count);
        }
        out.push_str(token.encode().as_str());
    }
    Ok(())
}

/// A token's place in FEEN's hand order, after the count: by letter, then
/// uppercase first, then state (`-`, `+`, none), then without `^` first,
/// then without `'` first. Distinct tokens have distinct ranks.
fn token_rank(token: Epin) -> u16 {
    let letter = u16::from(token.letter().as_ascii() - b'A');
    let state = match token.state() {
        State::Diminished => 0,
        State::Enhanced => 1,
        State::Normal => 2,
    };
    letter * 24
        + u16::from(token.is_second()) * 12
        + state * 4
        + u16::from(token.is_terminal()) * 2
        + u16::from(token.is_derived())
}

/// Writes a positive count in decimal; nothing for 0.
fn push_count(out: &mut impl Out, count: usize) {
    if count == 0 {
        return;
    }
    let mut digits = [0; 20];
    let mut start = digits.len();
    let mut rest = count;
    while rest > 0 {
        start -= 1;
        // A single decimal digit.
        #[allow(clippy::cast_possible_truncation)]
        let digit = (rest % 10) as u8;
        digits[start] = b'0' + digit;
        rest /= 10;
    }
    for &digit in &digits[start..] {
        out.push_byte(digit);
    }
}
