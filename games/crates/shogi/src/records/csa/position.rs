//! CSA's position lines, before the side to move: `PI` and the pieces it
//! takes off, the ranks `P1` to `P9`, and pieces put on squares or in a
//! hand (`P+`, `P-`), laid out until the start begins.

use persistent_qi::Player;

use super::super::layout::{HAND_KINDS, Layout, kind_of_csa, square_of};
use super::super::text::Line;
use super::reader::{Reading, SET};
use crate::{Kind, Move, Node};
use games_core::QpiPosition;
use games_record::{RecordError, Step};

impl<P, K, F> Reading<'_, '_, P, K, F>
where
    P: QpiPosition,
    F: FnMut(&Step<Move>, &Node<P>) -> K,
{
    /// A position line: `PI` and its removals, a rank `P1` to `P9`, or
    /// pieces put on squares or in a hand (`P+`, `P-`).
    pub(super) fn position(
        &mut self,
        line: Line,
        offset: usize,
        statement: &str,
    ) -> Result<(), RecordError> {
        match statement.as_bytes().get(1) {
            Some(b'I') => self.initial_position(line, offset, statement)?,
            Some(&rank @ b'1'..=b'9') => {
                self.rank(line, offset, statement, usize::from(rank - b'1'))?;
            }
            Some(&sign @ (b'+' | b'-')) => {
                let owner = if sign == b'+' {
                    Player::First
                } else {
                    Player::Second
                };
                self.pieces(line, offset, statement, owner)?;
            }
            _ => {
                return Err(self.context.unexpected(
                    line,
                    offset,
                    statement,
                    "a position line: `PI`, `P1` to `P9`, `P+` or `P-`",
                ));
            }
        }
        self.placed = true;
        Ok(())
    }

    /// `PI`, the standard start, less the pieces it names (`PI82HI22KA`).
    fn initial_position(
        &mut self,
        line: Line,
        offset: usize,
        statement: &str,
    ) -> Result<(), RecordError> {
        if self.placed {
            return Err(self.context.bad_position(
                line,
                offset,
                statement,
                "`PI` after other position lines",
            ));
        }
        self.layout = Layout::start();
        self.initial = true;
        for (index, group) in statement.as_bytes()[2..].chunks(4).enumerate() {
            let at = offset + 2 + 4 * index;
            let (square, kind) = self.square_and_kind(line, at, group)?;
            let square = square.ok_or_else(|| {
                self.context.bad_position(
                    line,
                    at,
                    statement,
                    "`PI` removes pieces from squares, not hands",
                )
            })?;
            if self.layout.squares[square].map(|(held, _)| held) != Some(kind) {
                return Err(self.context.bad_position(
                    line,
                    at,
                    statement,
                    "`PI` removes a piece the start has not there",
                ));
            }
            self.layout.squares[square] = None;
        }
        Ok(())
    }

    /// A rank, `P1` to `P9` (`row` 0 to 8): nine cells, ` * ` or a piece
    /// (`-KY`), its trailing spaces maybe cut.
    fn rank(
        &mut self,
        line: Line,
        offset: usize,
        statement: &str,
        row: usize,
    ) -> Result<(), RecordError> {
        if self.initial {
            return Err(self.context.bad_position(
                line,
                offset,
                statement,
                "a rank line after `PI`",
            ));
        }
        let cells = &statement.as_bytes()[2..];
        if !statement.is_ascii() || cells.len() > 27 {
            return Err(self.context.bad_position(
                line,
                offset,
                statement,
                "a rank is 9 cells of 3 characters",
            ));
        }
        for column in 0..9 {
            let cell = cells
                .get(3 * column..(3 * column + 3).min(cells.len()))
                .unwrap_or(&[]);
            let at = offset + 2 + 3 * column;
            let placed = match cell {
                [] | [b' '] | [b' ', b'*'] | [b' ', b'*', b' '] => None,
                [sign @ (b'+' | b'-'), a, b] => {
                    let kind = kind_of_csa(core::str::from_utf8(&[*a, *b]).unwrap_or(""))
                        .ok_or_else(|| {
                            self.context.bad_position(
                                line,
                                at,
                                statement,
                                "no piece of CSA's names",
                            )
                        })?;
                    let owner = if *sign == b'+' {
                        Player::First
                    } else {
                        Player::Second
                    };
                    Some((kind, owner))
                }
                _ => {
                    return Err(self.context.bad_position(
                        line,
                        at,
                        statement,
                        "a cell is ` * ` or a piece as `+FU`",
                    ));
                }
            };
            self.layout.squares[row * 9 + column] = placed;
        }
        Ok(())
    }

    /// `P+` or `P-`: pieces of `owner` put on squares (`P+63FU`) or in the
    /// hand (`00KA`), or every piece left into the hand (`00AL`).
    fn pieces(
        &mut self,
        line: Line,
        offset: usize,
        statement: &str,
        owner: Player,
    ) -> Result<(), RecordError> {
        let slot = usize::from(owner.is_second());
        for (index, group) in statement.as_bytes()[2..].chunks(4).enumerate() {
            let at = offset + 2 + 4 * index;
            if group == b"00AL" {
                self.all_to_hand(slot);
                continue;
            }
            let (square, kind) = self.square_and_kind(line, at, group)?;
            if let Some(square) = square {
                self.layout.squares[square] = Some((kind, owner));
            } else {
                let hand = HAND_KINDS
                    .iter()
                    .position(|&held| held == kind)
                    .ok_or_else(|| {
                        self.context.bad_position(
                            line,
                            at,
                            statement,
                            "a hand holds only unpromoted pieces, kings excepted",
                        )
                    })?;
                self.layout.hands[slot][hand] += 1;
            }
        }
        Ok(())
    }

    /// A square (`None` for `00`, the hand) and a kind, as `7776`'s halves
    /// and `FU` write them.
    fn square_and_kind(
        &self,
        line: Line,
        at: usize,
        group: &[u8],
    ) -> Result<(Option<usize>, Kind), RecordError> {
        let text = String::from_utf8_lossy(group);
        let &[file, rank, a, b] = group else {
            return Err(self.context.bad_position(
                line,
                at,
                &text,
                "a piece is a square and a kind, as `82HI`",
            ));
        };
        let kind = kind_of_csa(core::str::from_utf8(&[a, b]).unwrap_or("")).ok_or_else(|| {
            self.context
                .bad_position(line, at, &text, "no piece of CSA's names")
        })?;
        if (file, rank) == (b'0', b'0') {
            return Ok((None, kind));
        }
        let square = file
            .checked_sub(b'0')
            .zip(rank.checked_sub(b'0'))
            .and_then(|(file, rank)| square_of(file, rank))
            .ok_or_else(|| {
                self.context
                    .bad_position(line, at, &text, "no square of the board")
            })?;
        Ok((Some(square), kind))
    }

    /// `00AL`: every piece of the set on no square and in no hand goes to
    /// the hand `slot` (the kings excepted).
    fn all_to_hand(&mut self, slot: usize) {
        let mut left = SET;
        for (kind, _) in self.layout.squares.iter().flatten() {
            if let Some(hand) = HAND_KINDS
                .iter()
                .position(|&held| held == kind.unpromoted())
            {
                left[hand] = left[hand].saturating_sub(1);
            }
        }
        for hand in &self.layout.hands {
            for (left, held) in left.iter_mut().zip(hand) {
                *left = left.saturating_sub(*held);
            }
        }
        for (held, left) in self.layout.hands[slot].iter_mut().zip(left) {
            *held += left;
        }
    }
}
