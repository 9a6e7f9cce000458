//! Whole games played by the search, its trees kept from move to move:
//! against itself under a memory budget ([`SelfPlay`]), and against a
//! uniformly random mover ([`Versus`]).

use support::Rng;

use super::{Failure, Sample, StoreWorkload, Workload, load};
use games_core::Node as _;
use games_core::Position;
use games_search::{
    Budget, Limits, Line, Options, Outcome, Positions, Quiet, Rules, Search, Settings, Store,
    StoreKind,
};

/// The outcome of the game at the end of `line` for its player to move, if
/// it has ended: no move, or a rule that ends it.
pub fn game_over<G: Rules>(line: &Line<G>) -> Option<Outcome> {
    let mut moves = Vec::new();
    G::moves(&line.board, &mut moves);
    if moves.is_empty() {
        Some(G::no_moves(&line.board))
    } else {
        G::ended(&line.board, &line.steps, &line.terms)
    }
}

/// A game of the search against itself, `iterations` a move, for at most
/// `plies` plies, its trees kept under `memory` bytes.
#[derive(Debug, Clone, Copy)]
pub struct SelfPlay<'a> {
    /// The first position, as the game's `load` reads it.
    pub root: &'a str,
    /// How the trees are kept.
    pub store: StoreKind,
    /// The most plies.
    pub plies: usize,
    /// Iterations a move.
    pub iterations: u64,
    /// The trees' settings, threads, seed and budget.
    pub options: Options,
}

/// What one move of a game did to the trees.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Ply {
    /// The move, as the game spells it.
    pub mv: String,
    /// Tree nodes after the search.
    pub nodes: usize,
    /// Nodes kept when the move was played.
    pub kept: usize,
    /// The most bytes held while searching.
    pub peak: usize,
    /// Bytes held after the search, before the move.
    pub before: usize,
    /// Bytes held once the move was played (the rest of the trees dropped).
    pub after: usize,
}

/// A game the search played against itself.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Played {
    /// Each move.
    pub plies: Vec<Ply>,
    /// How the game ended for the player to move at its end, if it did.
    pub outcome: Option<Outcome>,
}

impl Played {
    /// The most bytes the trees held during the game.
    #[must_use]
    pub fn peak(&self) -> usize {
        self.plies
            .iter()
            .map(|ply| ply.peak.max(ply.before))
            .max()
            .unwrap_or(0)
    }

    /// Bytes given back by the moves: what each dropped.
    #[must_use]
    pub fn returned(&self) -> usize {
        self.plies
            .iter()
            .map(|ply| ply.before.saturating_sub(ply.after))
            .sum()
    }
}

impl<G: Rules> StoreWorkload<G> for SelfPlay<'_> {
    type Output = Played;

    fn run_in<P: Position<Piece = G::Piece, Style = G::Style>, S: Store>(
        &self,
    ) -> Result<Sample<Played>, Failure> {
        let probe = self.options.memory.map(|budget| budget.probe);
        let held = |base: usize| probe.map_or(0, |probe| probe().saturating_sub(base));
        let base = probe.map_or(0, |probe| probe());
        let root = load::<G, P>(self.root)?;
        let terms = G::default_terms(&root.read());
        let started = std::time::Instant::now();
        let options = Options {
            settings: self.store.settings(self.options.settings),
            ..self.options
        };
        let mut search = Search::<G, G::Node<P>, S>::new(root, terms, options);
        let limits = Limits {
            iterations: Some(self.iterations),
            time: None,
        };
        let mut plies = Vec::new();
        let mut outcome = game_over(search.line());
        while outcome.is_none() && plies.len() < self.plies {
            let report = search.run(&limits, &mut Quiet);
            let Some(mv) = report.best else { break };
            let before = held(base);
            let reuse = search.play(mv);
            plies.push(Ply {
                mv: mv.to_string(),
                nodes: report.nodes,
                kept: reuse.kept,
                peak: report.peak_bytes.unwrap_or(0),
                before,
                after: held(base),
            });
            outcome = game_over(search.line());
        }
        Ok(Sample {
            output: Played { plies, outcome },
            elapsed: started.elapsed(),
        })
    }

    fn store(&self) -> StoreKind {
        self.store
    }
}

/// Games of the search, `iterations` a move, against a mover that plays
/// each of its legal moves with the same chance; the search takes the
/// first player's side in the even games.
#[derive(Debug, Clone, Copy)]
pub struct Versus<'a> {
    /// The first position of every game.
    pub root: &'a str,
    /// Games to play.
    pub games: usize,
    /// Iterations a move.
    pub iterations: u64,
    /// The search's settings.
    pub settings: Settings,
    /// The seed of the search's playouts and of the random mover.
    pub seed: u64,
}

/// How each game ended for the search: win, draw or loss, and its plies.
pub type Results = Vec<(Outcome, usize)>;

/// The score of `results`: a win 1, a draw ½, as a share of the games.
#[must_use]
pub fn score(results: &Results) -> f64 {
    let points: f64 = results
        .iter()
        .map(|(outcome, _)| f64::from(outcome.value()))
        .sum();
    points / super::as_f64(results.len().max(1) as u64)
}

impl<G: Rules> Workload<G> for Versus<'_> {
    type Output = Results;

    fn run<P: Position<Piece = G::Piece, Style = G::Style>>(
        &self,
    ) -> Result<Sample<Results>, Failure> {
        let started = std::time::Instant::now();
        let mut results = Vec::with_capacity(self.games);
        for game in 0..self.games {
            results.push(self.game::<G, P>(game)?);
        }
        Ok(Sample {
            output: results,
            elapsed: started.elapsed(),
        })
    }
}

impl Versus<'_> {
    /// Game number `game`: its outcome for the search, and its plies.
    fn game<G: Rules, P: Position<Piece = G::Piece, Style = G::Style>>(
        &self,
        game: usize,
    ) -> Result<(Outcome, usize), Failure> {
        let root = load::<G, P>(self.root)?;
        let terms = G::default_terms(&root.read());
        let seed = self.seed.wrapping_add(game as u64);
        let options = Options {
            settings: self.settings,
            threads: 1,
            seed,
            memory: None,
        };
        let mut search = Search::<G, G::Node<P>, Positions>::new(root, terms, options);
        let mut random = Rng(!seed);
        let search_moves_on = game % 2;
        let limits = Limits {
            iterations: Some(self.iterations),
            time: None,
        };
        let mut moves = Vec::new();
        let mut plies = 0;
        loop {
            if let Some(outcome) = game_over(search.line()) {
                let searchs_turn = plies % 2 == search_moves_on;
                return Ok((
                    if searchs_turn {
                        outcome
                    } else {
                        outcome.flip()
                    },
                    plies,
                ));
            }
            let mv = if plies % 2 == search_moves_on {
                search
                    .run(&limits, &mut Quiet)
                    .best
                    .expect("a game not over has a move")
            } else {
                moves.clear();
                G::moves(&search.line().board, &mut moves);
                *random.pick(&moves)
            };
            search.play(mv);
            plies += 1;
        }
    }
}

/// A memory budget of `mib` MiB counted by `probe`.
#[must_use]
pub fn budget(mib: u64, probe: fn() -> usize) -> Budget {
    Budget {
        bytes: usize::try_from(mib.saturating_mul(1 << 20)).unwrap_or(usize::MAX),
        probe,
    }
}
