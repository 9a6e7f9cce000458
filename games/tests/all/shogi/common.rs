//! Helpers shared by the rule tests: positions written as a list of pieces
//! on USI squares, and their legal moves as USI strings.

#![allow(dead_code, unreachable_pub)]

use std::collections::BTreeSet;

use games::shogi::{Board, Move, legal_move_list, load, play, square_index};
use games::{Persistent, QpiPosition};

/// A position under construction: pieces on USI squares (EPIN tokens such as
/// `K^`, `+p`, `P'`), both hands in FEEN's canonical spelling, and the side
/// to move.
#[derive(Debug, Clone)]
pub struct Setup {
    squares: Vec<Option<String>>,
    first_hand: String,
    second_hand: String,
    second_to_move: bool,
    styles: (String, String),
}

/// A position with these pieces, empty hands, the first player to move.
pub fn setup(pieces: &[(&str, &str)]) -> Setup {
    let mut squares = vec![None; 81];
    for (square, piece) in pieces {
        let index = square_index(square).unwrap_or_else(|| panic!("no square {square}"));
        assert!(squares[index].is_none(), "{square} given twice");
        squares[index] = Some((*piece).to_string());
    }
    Setup {
        squares,
        first_hand: String::new(),
        second_hand: String::new(),
        second_to_move: false,
        styles: ("S".into(), "s".into()),
    }
}

impl Setup {
    /// Sets both hands, each spelled as FEEN wants it (`2P`, `BGP`, `3pg`).
    pub fn hands(mut self, first: &str, second: &str) -> Self {
        self.first_hand = first.into();
        self.second_hand = second.into();
        self
    }

    /// The second player to move.
    pub fn second_to_move(mut self) -> Self {
        self.second_to_move = true;
        self
    }

    /// Other style letters (first uppercase, second lowercase).
    pub fn styles(mut self, first: &str, second: &str) -> Self {
        self.styles = (first.into(), second.into());
        self
    }

    /// The FEEN string.
    pub fn feen(&self) -> String {
        let rows: Vec<String> = self
            .squares
            .chunks(9)
            .map(|row| {
                let mut text = String::new();
                let mut empty = 0;
                for square in row {
                    match square {
                        None => empty += 1,
                        Some(piece) => {
                            if empty > 0 {
                                text += &empty.to_string();
                                empty = 0;
                            }
                            text += piece;
                        }
                    }
                }
                if empty > 0 {
                    text += &empty.to_string();
                }
                text
            })
            .collect();
        let (first, second) = &self.styles;
        let turn = if self.second_to_move {
            format!("{second}/{first}")
        } else {
            format!("{first}/{second}")
        };
        format!(
            "{} {}/{} {turn}",
            rows.join("/"),
            self.first_hand,
            self.second_hand
        )
    }

    /// The position, in persistent-qi.
    pub fn position(&self) -> Persistent {
        load(&self.feen()).unwrap_or_else(|error| panic!("{}: {error}", self.feen()))
    }

    /// Every legal move, in USI.
    pub fn moves(&self) -> BTreeSet<String> {
        usi(&legal_move_list(&Board::read(&self.position())))
    }

    /// The legal moves of the piece on `square`, in USI.
    pub fn moves_from(&self, square: &str) -> BTreeSet<String> {
        self.moves()
            .into_iter()
            .filter(|mv| mv.starts_with(square))
            .collect()
    }

    /// The legal drops of the piece `letter` (uppercase), in USI.
    pub fn drops(&self, letter: char) -> BTreeSet<String> {
        let prefix = format!("{letter}*");
        self.moves()
            .into_iter()
            .filter(|mv| mv.starts_with(&prefix))
            .collect()
    }

    /// The position after the legal move `usi`.
    pub fn play(&self, usi_move: &str) -> Persistent {
        let position = self.position();
        let mv = find(&position, usi_move);
        play(&position, mv)
    }
}

/// The legal move spelled `usi_move` in `position`.
pub fn find<P: QpiPosition>(position: &P, usi_move: &str) -> Move {
    legal_move_list(&Board::read(position))
        .into_iter()
        .find(|mv| mv.usi().to_string() == usi_move)
        .unwrap_or_else(|| panic!("{usi_move} is not legal here"))
}

/// Moves as a set of USI strings.
pub fn usi(moves: &[Move]) -> BTreeSet<String> {
    moves.iter().map(|mv| mv.usi().to_string()).collect()
}

/// A set of USI strings.
pub fn set(moves: &[&str]) -> BTreeSet<String> {
    moves.iter().map(ToString::to_string).collect()
}

/// Kings on the back rows, off every line through the centre square 5e.
pub const KINGS: [(&str, &str); 2] = [("3i", "K^"), ("7a", "k^")];

/// The pieces given plus the two cornered kings.
pub fn with_kings(pieces: &[(&'static str, &'static str)]) -> Setup {
    let mut all = KINGS.to_vec();
    all.extend_from_slice(pieces);
    setup(&all)
}
