//! A readable rendering of a position: the board as a grid, then the hands
//! and the side to move.

use core::fmt;

use archery::SharedPointerKind;

use crate::{GenericQi, Player};

impl<P: Ord + fmt::Display, S: fmt::Display, K: SharedPointerKind> fmt::Display
    for GenericQi<P, S, K>
{
    /// The board as a grid, then the hands and the side to move.
    ///
    /// Ranks are lines in index order (the first line holds squares
    /// `0..files`), a 3D board's layers are separated by a blank line, an
    /// empty square is `.`, and columns are as wide as the widest piece so
    /// that multi-character pieces line up. A hand lists its pieces in piece
    /// order, with `xN` after a piece held N > 1 times, or `empty`; when
    /// both hands are empty (a game without hands, or one where none is
    /// held yet) no hand line is printed. `{:?}` stays compact.
    ///
    /// ```
    /// use persistent_qi::Qi;
    ///
    /// let position: Qi<&str, &str> = Qi::new(&[2, 3], "S", "s")?
    ///     .board_diff([(0, Some("K")), (4, Some("+r")), (5, Some("k"))])?
    ///     .first_hand_diff([("P", 2), ("B", 1)])?
    ///     .toggle();
    /// assert_eq!(
    ///     position.to_string(),
    ///     "\
    /// K  .  .
    /// .  +r k
    ///
    /// first hand (S): B, P x2
    /// second hand (s): empty
    /// second to move
    /// ",
    /// );
    /// # Ok::<(), persistent_qi::Error>(())
    /// ```
    ///
    /// Without hands, the board and the side to move:
    ///
    /// ```
    /// use persistent_qi::Qi;
    ///
    /// let position: Qi<char, char> = Qi::new(&[2, 2], 'C', 'c')?.board_diff([(0, Some('K'))])?;
    /// assert_eq!(position.to_string(), "K .\n. .\n\nfirst to move\n");
    /// # Ok::<(), persistent_qi::Error>(())
    /// ```
    ///
    /// Rendering costs O(squares): it formats every piece once to measure it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cells: Vec<Option<String>> = self
            .squares()
            .map(|square| square.map(ToString::to_string))
            .collect();
        let width = cells
            .iter()
            .flatten()
            .map(|cell| cell.chars().count())
            .max()
            .unwrap_or(1);
        let files = self.shape().last().copied().unwrap_or(1);
        let ranks_per_layer = match *self.shape() {
            [_, ranks, _] => ranks,
            _ => usize::MAX,
        };
        for (rank, line) in cells.chunks(files).enumerate() {
            if rank > 0 && rank % ranks_per_layer == 0 {
                f.write_str("\n")?;
            }
            let mut text = String::new();
            for (file, cell) in line.iter().enumerate() {
                if file > 0 {
                    text.push(' ');
                }
                let cell = cell.as_deref().unwrap_or(".");
                text.push_str(cell);
                text.extend(core::iter::repeat_n(' ', width - cell.chars().count()));
            }
            writeln!(f, "{}", text.trim_end())?;
        }
        f.write_str("\n")?;
        // A game without hands (or none held yet) shows no hand line.
        let held = Player::ALL
            .into_iter()
            .any(|player| self.hand(player).next().is_some());
        let players = if held { &Player::ALL[..] } else { &[] };
        for &player in players {
            write!(f, "{player} hand ({}): ", self.style(player))?;
            let mut entries = self.hand(player).peekable();
            if entries.peek().is_none() {
                f.write_str("empty")?;
            }
            for (position, (piece, count)) in entries.enumerate() {
                if position > 0 {
                    f.write_str(", ")?;
                }
                if count == 1 {
                    write!(f, "{piece}")?;
                } else {
                    write!(f, "{piece} x{count}")?;
                }
            }
            f.write_str("\n")?;
        }
        writeln!(f, "{} to move", self.turn())
    }
}

#[cfg(test)]
mod tests {
    use crate::Qi;

    #[test]
    fn a_line_is_one_row() {
        let position: Qi<&str, &str> = Qi::new(&[5], "C", "c")
            .unwrap()
            .board_diff([(0, Some("K")), (4, Some("k"))])
            .unwrap();
        assert_eq!(position.to_string(), "K . . . k\n\nfirst to move\n");
    }

    #[test]
    fn a_grid_has_one_line_per_rank_in_index_order() {
        let position: Qi<char, char> = Qi::new(&[3, 3], 'X', 'x')
            .unwrap()
            .board_diff([(0, Some('R')), (4, Some('K')), (8, Some('r'))])
            .unwrap()
            .toggle();
        assert_eq!(
            position.to_string(),
            "\
R . .
. K .
. . r

second to move
"
        );
    }

    #[test]
    fn layers_are_separated_by_a_blank_line() {
        let position: Qi<u8, char> = Qi::new(&[2, 2, 3], 'A', 'a')
            .unwrap()
            .board_diff([(0, Some(1)), (5, Some(2)), (6, Some(3)), (11, Some(4))])
            .unwrap();
        assert_eq!(
            position.to_string(),
            "\
1 . .
. . 2

3 . .
. . 4

first to move
"
        );
    }

    #[test]
    fn multi_character_pieces_keep_columns_aligned() {
        let position: Qi<&str, &str> = Qi::new(&[2, 3], "C", "c")
            .unwrap()
            .board_diff([
                (0, Some("C:R")),
                (1, Some("C:+P")),
                (3, Some("c:k^")),
                (5, Some("c:p")),
            ])
            .unwrap();
        assert_eq!(
            position.to_string(),
            "\
C:R  C:+P .
c:k^ .    c:p

first to move
"
        );
    }

    #[test]
    fn an_empty_hand_is_listed_beside_one_that_holds_pieces() {
        let position: Qi<&str, &str> = Qi::new(&[2], "S", "s")
            .unwrap()
            .second_hand_diff([("p", 1)])
            .unwrap();
        assert_eq!(
            position.to_string(),
            ". .\n\nfirst hand (S): empty\nsecond hand (s): p\nfirst to move\n"
        );
    }

    #[test]
    fn local_positions_display_the_same() {
        let position: Qi<&str, &str> = Qi::new(&[2, 2], "S", "s")
            .unwrap()
            .board_diff([(3, Some("k"))])
            .unwrap()
            .first_hand_diff([("P", 2)])
            .unwrap();
        assert_eq!(position.to_local().to_string(), position.to_string());
    }

    #[test]
    fn hands_list_pieces_in_order_with_their_counts() {
        let position: Qi<&str, &str> = Qi::new(&[3, 3], "S", "s")
            .unwrap()
            .first_hand_diff([("P", 3), ("B", 1)])
            .unwrap()
            .second_hand_diff([("r", 1), ("g", 2)])
            .unwrap();
        assert_eq!(
            position.to_string(),
            "\
. . .
. . .
. . .

first hand (S): B, P x3
second hand (s): g x2, r
first to move
"
        );
    }

    #[test]
    fn debug_stays_compact() {
        let position: Qi<&str, &str> = Qi::new(&[8, 8], "C", "c")
            .unwrap()
            .board_diff([(4, Some("K"))])
            .unwrap();
        assert_eq!(
            format!("{position:?}"),
            r#"Qi { shape: [8, 8], board: {4: "K"}, first_hand: {}, second_hand: {}, first_style: "C", second_style: "c", turn: First }"#
        );
    }
}
