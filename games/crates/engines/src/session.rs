//! A game as a protocol sees it: a root position in the game's notation
//! and the moves played from it, searched by one engine whose trees are
//! kept from move to move. Every change is checked whole before it is
//! made: a position with an illegal move leaves the session as it was.

use core::fmt;

use games_core::Crate;
use games_core::{Local, Persistent, Position, Sashite};
use games_search::{
    Engine, Limits, Line, Monitor, Moves, OneThread, Options, Positions, Report, Reuse, Rules,
    Search, Store, StoreKind, Terms, Threads,
};

/// How a session's engines are made.
#[derive(Debug, Clone, Copy)]
pub struct Config {
    /// The position crate.
    pub krate: Crate,
    /// The store.
    pub store: StoreKind,
    /// The search's options.
    pub options: Options,
    /// Go's komi, where the game's default is not wanted.
    pub komi: Option<f32>,
}

/// Why a session refused a change; the session is as it was.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SessionError {
    /// The root position is no position of the game.
    Position {
        /// The text given.
        text: String,
        /// The game's reason.
        reason: String,
    },
    /// A move is not legal where it is played.
    IllegalMove {
        /// The move's text.
        text: String,
        /// Its number in the list of moves given, from 1.
        number: usize,
    },
    /// No move to take back.
    NothingToUndo,
    /// The crate's positions cannot cross threads, and more than one was
    /// asked for.
    Threads {
        /// The crate.
        krate: &'static str,
    },
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SessionError::Position { text, reason } => {
                write!(f, "invalid position {text:?}: {reason}")
            }
            SessionError::IllegalMove { text, number } => {
                write!(f, "illegal move {text:?} (move {number})")
            }
            SessionError::NothingToUndo => f.write_str("no move to take back"),
            SessionError::Threads { krate } => {
                write!(
                    f,
                    "{krate} positions stay on one thread: --threads must be 1"
                )
            }
        }
    }
}

impl std::error::Error for SessionError {}

/// A game from a root position, searched by one engine.
pub struct Session<G: Rules> {
    config: Config,
    root: String,
    moves: Vec<G::Move>,
    engine: Box<dyn Engine<G>>,
}

impl<G: Rules> fmt::Debug for Session<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Session")
            .field("root", &self.root)
            .field("moves", &self.moves)
            .finish_non_exhaustive()
    }
}

impl<G: Threaded> Session<G> {
    /// A session of the game from `root`, in the notation [`Game::load`](games_core::Game::load)
    /// reads.
    ///
    /// # Errors
    ///
    /// [`SessionError::Position`] if `root` is no position of the game;
    /// [`SessionError::Threads`] for threads over `LocalQi`.
    pub fn new(config: Config, root: &str) -> Result<Self, SessionError> {
        let engine = engine::<G>(&config, root)?;
        Ok(Session {
            config,
            root: root.to_owned(),
            moves: Vec::new(),
            engine,
        })
    }

    /// The game from `root` after `moves` (each in the protocol's
    /// notation). Where `root` is the session's and `moves` go on from
    /// its moves, only the new ones are played, and the trees are kept.
    ///
    /// # Errors
    ///
    /// [`SessionError::Position`] or [`SessionError::IllegalMove`]; the
    /// session is then unchanged.
    pub fn set_position<T: AsRef<str>>(
        &mut self,
        root: &str,
        moves: &[T],
    ) -> Result<(), SessionError> {
        if root == self.root && moves.len() >= self.moves.len() {
            let same_start = self
                .moves
                .iter()
                .zip(moves)
                .all(|(mv, text)| mv.to_string().eq_ignore_ascii_case(text.as_ref().trim()));
            if same_start {
                let mut line: Line<G> = self.engine.line().clone();
                let rest =
                    parse_moves::<G>(&mut line, &moves[self.moves.len()..], self.moves.len())?;
                for mv in rest {
                    self.play_parsed(mv);
                }
                return Ok(());
            }
        }
        self.rebuild(root, moves)
    }

    /// The game from `root` after `moves`, with new trees.
    fn rebuild<T: AsRef<str>>(&mut self, root: &str, moves: &[T]) -> Result<(), SessionError> {
        let mut engine = engine::<G>(&self.config, root)?;
        let mut line: Line<G> = engine.line().clone();
        let parsed = parse_moves::<G>(&mut line, moves, 0)?;
        for &mv in &parsed {
            engine.play(mv);
        }
        self.engine = engine;
        root.clone_into(&mut self.root);
        self.moves = parsed;
        Ok(())
    }

    /// Plays one move in the protocol's notation: the trees keep its
    /// subtree.
    ///
    /// # Errors
    ///
    /// [`SessionError::IllegalMove`] if it is not a move of the current
    /// position; the session is then unchanged.
    pub fn play(&mut self, text: &str) -> Result<(G::Move, Reuse), SessionError> {
        let mv = G::parse_move(&self.engine.line().board, text).ok_or_else(|| {
            SessionError::IllegalMove {
                text: text.to_owned(),
                number: 1,
            }
        })?;
        Ok((mv, self.play_parsed(mv)))
    }

    /// Plays a move of the current position, as a search reported it.
    pub fn play_parsed(&mut self, mv: G::Move) -> Reuse {
        self.moves.push(mv);
        self.engine.play(mv)
    }

    /// Takes the last move back; the trees start anew.
    ///
    /// # Errors
    ///
    /// [`SessionError::NothingToUndo`] at the root.
    pub fn undo(&mut self) -> Result<(), SessionError> {
        let mut moves: Vec<String> = self.moves.iter().map(ToString::to_string).collect();
        if moves.pop().is_none() {
            return Err(SessionError::NothingToUndo);
        }
        let root = self.root.clone();
        self.rebuild(&root, &moves)
    }

    /// The game anew from `root` with other settings (Go's board size, its
    /// komi).
    ///
    /// # Errors
    ///
    /// As [`new`](Session::new); the session is then unchanged.
    pub fn restart(&mut self, config: Config, root: &str) -> Result<(), SessionError> {
        *self = Session::new(config, root)?;
        Ok(())
    }

    /// The same game with engines made by `config`, new trees.
    ///
    /// # Errors
    ///
    /// As [`new`](Session::new); the session is then unchanged.
    pub fn reconfigure(&mut self, config: Config) -> Result<(), SessionError> {
        let moves: Vec<String> = self.moves.iter().map(ToString::to_string).collect();
        let mut session = Session::new(config, &self.root)?;
        session.rebuild(&self.root, &moves)?;
        *self = session;
        Ok(())
    }

    /// Searches the current position.
    pub fn search(
        &mut self,
        limits: &Limits,
        monitor: &mut dyn Monitor<G::Move>,
    ) -> Report<G::Move> {
        self.engine.search(limits, monitor)
    }

    /// The current position read, and every position's step so far.
    #[must_use]
    pub fn line(&self) -> &Line<G> {
        self.engine.line()
    }

    /// The moves played from the root.
    #[must_use]
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// The root, as the session was given it.
    #[must_use]
    pub fn root(&self) -> &str {
        &self.root
    }

    /// The engines' settings.
    #[must_use]
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Tree nodes held, every tree's.
    #[must_use]
    pub fn nodes(&self) -> usize {
        self.engine.nodes()
    }
}

/// The moves of `texts` parsed in turn on `line`, which is played on: the
/// first `done` moves of the game come before them (for the numbers in an
/// error).
fn parse_moves<G: Rules>(
    line: &mut Line<G>,
    texts: &[impl AsRef<str>],
    done: usize,
) -> Result<Vec<G::Move>, SessionError> {
    texts
        .iter()
        .enumerate()
        .map(|(offset, text)| {
            let text = text.as_ref();
            let mv = G::parse_move(&line.board, text).ok_or_else(|| SessionError::IllegalMove {
                text: text.to_owned(),
                number: done + offset + 1,
            })?;
            line.play(mv);
            Ok(mv)
        })
        .collect()
}

/// A game whose nodes over a thread-safe crate cross threads, as every
/// game's do: what an engine on several threads needs to know, which
/// generic code cannot see through the game's node type. One method per
/// store, as what a tree keeps is the store's.
pub trait Threaded: Rules + Sized {
    /// `search`, keeping positions, as an engine searching on as many
    /// threads as its options say.
    fn keeping_positions<P>(
        search: Search<Self, Self::Node<P>, Positions>,
    ) -> Box<dyn Engine<Self>>
    where
        P: Position<Piece = Self::Piece, Style = Self::Style> + Send + Sync;

    /// `search`, keeping moves, as an engine searching on as many threads
    /// as its options say.
    fn keeping_moves<P>(search: Search<Self, Self::Node<P>, Moves>) -> Box<dyn Engine<Self>>
    where
        P: Position<Piece = Self::Piece, Style = Self::Style> + Send + Sync;
}

/// [`Threaded`] for a game whose node type is `$node<P>`.
macro_rules! threaded {
    ($game:ty, $node:ident) => {
        impl Threaded for $game {
            fn keeping_positions<P>(
                search: Search<Self, $node<P>, Positions>,
            ) -> Box<dyn Engine<Self>>
            where
                P: Position<Piece = Self::Piece, Style = Self::Style> + Send + Sync,
            {
                Box::new(Threads(search))
            }

            fn keeping_moves<P>(search: Search<Self, $node<P>, Moves>) -> Box<dyn Engine<Self>>
            where
                P: Position<Piece = Self::Piece, Style = Self::Style> + Send + Sync,
            {
                Box::new(Threads(search))
            }
        }
    };
}

use games_chess::{Chess, Node as ChessNode};
use games_go::{Go, Node as GoNode};
use games_shogi::{Node as ShogiNode, Shogi};

threaded!(Chess, ChessNode);
threaded!(Shogi, ShogiNode);
threaded!(Go, GoNode);

/// An engine for `config` from `root`.
fn engine<G: Threaded>(config: &Config, root: &str) -> Result<Box<dyn Engine<G>>, SessionError> {
    let threads = config.options.threads > 1;
    Ok(match (config.krate, config.store) {
        (Crate::Persistent, StoreKind::Positions | StoreKind::Every(_)) => {
            G::keeping_positions(search::<G, Persistent<_, _>, Positions>(config, root)?)
        }
        (Crate::Persistent, StoreKind::Moves) => {
            G::keeping_moves(search::<G, Persistent<_, _>, Moves>(config, root)?)
        }
        (Crate::Sashite, StoreKind::Positions | StoreKind::Every(_)) => {
            G::keeping_positions(search::<G, Sashite<_, _>, Positions>(config, root)?)
        }
        (Crate::Sashite, StoreKind::Moves) => {
            G::keeping_moves(search::<G, Sashite<_, _>, Moves>(config, root)?)
        }
        (Crate::Fixed, StoreKind::Positions | StoreKind::Every(_)) => {
            G::keeping_positions(search::<G, G::Fixed, Positions>(config, root)?)
        }
        (Crate::Fixed, StoreKind::Moves) => {
            G::keeping_moves(search::<G, G::Fixed, Moves>(config, root)?)
        }
        (Crate::Local, _) if threads => {
            return Err(SessionError::Threads {
                krate: Crate::Local.name(),
            });
        }
        (Crate::Local, StoreKind::Positions | StoreKind::Every(_)) => Box::new(OneThread(
            search::<G, Local<_, _>, Positions>(config, root)?,
        )),
        (Crate::Local, StoreKind::Moves) => {
            Box::new(OneThread(search::<G, Local<_, _>, Moves>(config, root)?))
        }
    })
}

/// A search of the game from `root` over the crate `P`, kept by `S`.
fn search<G, P, S>(config: &Config, root: &str) -> Result<Search<G, G::Node<P>, S>, SessionError>
where
    G: Rules,
    P: Position<Piece = G::Piece, Style = G::Style>,
    S: Store,
{
    let options = Options {
        settings: config.store.settings(config.options.settings),
        ..config.options
    };
    let node = G::load::<P>(root).map_err(|error| SessionError::Position {
        text: root.to_owned(),
        reason: error.to_string(),
    })?;
    let board = games_core::Node::read(&node);
    let mut terms: Terms = G::default_terms(&board);
    if let Some(komi) = config.komi {
        terms.komi = komi;
    }
    Ok(Search::new(node, terms, options))
}
