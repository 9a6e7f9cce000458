//! The game a search plays: the root read once into the rules' board and
//! the steps of every position so far.

use super::rules::{Rules, Terms};
use games_core::Node;

/// The position a search starts from and its past, shared by every tree
/// that searches it: the root read once into the rules' board, the steps
/// of every position of the game so far (the root's last), and the terms.
#[derive(Debug)]
pub struct Line<G: Rules> {
    /// The root, read.
    pub board: G::Board,
    /// The game's positions so far, the root's last: what repetitions are
    /// looked for in.
    pub steps: Vec<G::Step>,
    /// The terms the game is played under.
    pub terms: Terms,
}

// By hand: a derive would ask `G: Clone` of the game's marker type.
impl<G: Rules> Clone for Line<G> {
    fn clone(&self) -> Self {
        Line {
            board: self.board.clone(),
            steps: self.steps.clone(),
            terms: self.terms,
        }
    }
}

impl<G: Rules> Line<G> {
    /// The line of a game that starts at `node`, with nothing before it.
    pub fn start<N: Node<Board = G::Board>>(node: &N, terms: Terms) -> Line<G> {
        let board = node.read();
        let steps = vec![G::first_step(&board)];
        Line {
            board,
            steps,
            terms,
        }
    }

    /// The line after `mv`, one of the root's moves: the root's board made
    /// in place and the new step appended.
    pub fn play(&mut self, mv: G::Move) {
        let last = *self.last_step();
        let step = G::make(&mut self.board, mv, &last);
        self.steps.push(step);
    }

    /// The root's step.
    ///
    /// # Panics
    ///
    /// Never for a line made by [`start`](Line::start), which always holds
    /// the root's step.
    #[must_use]
    pub fn last_step(&self) -> &G::Step {
        self.steps.last().expect("a line holds its root's step")
    }
}
