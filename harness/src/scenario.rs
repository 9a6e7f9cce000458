//! Operation sequences, applied to a [`Qi`] and to the [`Model`] side by side.

use core::fmt;
use core::hash::Hash;
use std::collections::BTreeMap;
use std::rc::Rc;

use core::borrow::BorrowMut;
use persistent_qi::qpi::{Qpi, Sin};

use persistent_qi::{ArcTK, Edit, Error, GenericQi, Player, RcK};

use crate::Model;
use crate::check::{
    Context, Touched, check_changes, check_changes_since, check_content, check_deep, check_full,
    check_hash, check_step_changes_since,
};
use crate::support::Kind;

/// What a scenario's checks ask of a piece type (`u8`, `String`, `Qpi`).
pub trait ScenarioPiece: Clone + Ord + Hash + fmt::Debug + Literal {}

impl<T: Clone + Ord + Hash + fmt::Debug + Literal> ScenarioPiece for T {}

/// What a scenario's checks ask of a style type.
pub trait ScenarioStyle: Clone + Eq + Hash + fmt::Debug + Literal {}

impl<T: Clone + Eq + Hash + fmt::Debug + Literal> ScenarioStyle for T {}

/// A value that can print itself as a Rust expression, so that a failing
/// [`Scenario`] prints as a program that reproduces it.
pub trait Literal {
    /// The type as written in a program, such as `u8` or `String`.
    const TYPE_NAME: &'static str;

    /// The path a program must import to name the type, if any.
    const IMPORT: Option<&'static str> = None;

    /// Writes the value as a Rust expression of type [`TYPE_NAME`](Literal::TYPE_NAME)
    /// (where the context fixes the type, as a piece or style of a `Qi` does).
    ///
    /// # Errors
    ///
    /// Those of the formatter.
    fn fmt_literal(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
}

impl Literal for u8 {
    const TYPE_NAME: &'static str = "u8";

    fn fmt_literal(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")
    }
}

impl Literal for &'static str {
    const TYPE_NAME: &'static str = "&str";

    fn fmt_literal(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

impl Literal for String {
    const TYPE_NAME: &'static str = "String";

    fn fmt_literal(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "String::from({self:?})")
    }
}

impl Literal for crate::support::Collide {
    const TYPE_NAME: &'static str = "Collide";
    const IMPORT: Option<&'static str> = Some("harness::support::Collide");

    fn fmt_literal(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Collide({})", self.0)
    }
}

impl Literal for Qpi {
    const TYPE_NAME: &'static str = "Qpi";
    const IMPORT: Option<&'static str> = Some("persistent_qi::qpi::Qpi");

    fn fmt_literal(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Qpi::parse({:?}).unwrap()", self.to_string())
    }
}

impl Literal for Sin {
    const TYPE_NAME: &'static str = "Sin";
    const IMPORT: Option<&'static str> = Some("persistent_qi::qpi::Sin");

    fn fmt_literal(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Sin::parse({:?}).unwrap()", self.to_string())
    }
}

/// Displays a value through [`Literal`].
struct Lit<'a, T>(&'a T);

impl<T: Literal> fmt::Display for Lit<'_, T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt_literal(f)
    }
}

/// One change of an [`Action::Edit`]: `.set(index, square)`,
/// `.replace(index, old, square)` or `.hand(player, piece, delta)`. A diff
/// is an edit of one kind of change.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change<P> {
    /// Puts `Some(piece)` on a square, or empties it.
    Square(usize, Option<P>),
    /// The same through `.replace(index, old, square)`: `old` is what the
    /// model holds there at that point of the edit, which the position
    /// must hold too (the crate trusts it: a wrong one shows as a wrong
    /// hash or piece count).
    Replace(usize, Option<P>),
    /// Adds `delta` copies of a piece to a player's hand (removes them if
    /// negative).
    Hand(Player, P, i32),
}

/// A [`Change`] borrowed from the step that makes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ChangeRef<'a, P> {
    /// Puts `Some(piece)` on a square, or empties it.
    Square(usize, Option<&'a P>),
    /// Adds `delta` copies of a piece to a player's hand (removes them if
    /// negative).
    Hand(Player, &'a P, i32),
}

impl<P> Change<P> {
    /// The change, borrowed.
    pub fn as_ref(&self) -> ChangeRef<'_, P> {
        match self {
            Change::Square(index, square) | Change::Replace(index, square) => {
                ChangeRef::Square(*index, square.as_ref())
            }
            Change::Hand(player, piece, delta) => ChangeRef::Hand(*player, piece, *delta),
        }
    }
}

/// What an [`Action::Edit`] does to the turn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Turn {
    /// Nothing.
    Keep,
    /// `.toggle()`.
    Toggle,
    /// `.with_turn(player)`.
    To(Player),
}

/// One step of a [`Scenario`].
///
/// Its `Debug` is the Rust statement that performs the step on a variable
/// `current: Qi<P, S>` with a `retained: Vec<Qi<P, S>>` beside it, so a
/// failing scenario prints as a runnable program. Retained versions are
/// addressed modulo their number, and steps that address one do nothing
/// while there is none.
#[derive(Clone, PartialEq, Eq)]
pub enum Action<P> {
    /// `current.board_diff(changes)`; on success the result becomes current.
    BoardDiff(Vec<(usize, Option<P>)>),
    /// `current.hand_diff(player, changes)`; on success the result becomes
    /// current.
    HandDiff(Player, Vec<(P, i32)>),
    /// `current.edit_with(..)`, the changes in order, then the turn: the
    /// one-call move. On success the result becomes current.
    Edit(Vec<Change<P>>, Turn),
    /// `current.toggle()` becomes current.
    Toggle,
    /// `current.with_turn(player)` becomes current.
    WithTurn(Player),
    /// Keeps a clone of current; at the end it must read as it does now.
    Retain,
    /// A retained version becomes current: the next steps branch from it.
    Restore(usize),
    /// Drops a retained version, so that storage it shared may be reused.
    Forget(usize),
    /// Compares current with a retained version: `==` must agree with the
    /// models, and equal positions must hash alike.
    Compare(usize),
    /// `current.index_of(coordinates)` (and back through `coordinates_of`).
    IndexOf(Vec<usize>),
    /// `current.coordinates_of(index)` (and back through `index_of`).
    CoordinatesOf(usize),
    /// `current.edit_into(&mut slot, ..)`, the changes in order, then the
    /// turn: a child built into the slot a search keeps for a ply, current
    /// unchanged, so that the next branch builds its sibling there. On
    /// failure the slot must hold what it held.
    Branch(Vec<Change<P>>, Turn),
    /// The slot's position becomes current: the search goes down a ply.
    Descend,
    /// Converts current to the other pointer kind (`to_local` on a `Qi`,
    /// `to_sync` on a `LocalQi`) and back (`to_kind`); the result, which
    /// shares no storage with current, becomes current. Each conversion
    /// must hold the model's content, hash as its content built from
    /// scratch and equal it.
    Convert,
}

impl<P> Action<P> {
    /// Whether the step transforms the current version into a new one
    /// (a diff, an edit, a change of turn), as opposed to keeping,
    /// restoring, forgetting, comparing or reading one.
    pub(crate) fn is_transformation(&self) -> bool {
        matches!(
            self,
            Action::BoardDiff(_)
                | Action::HandDiff(..)
                | Action::Edit(..)
                | Action::Toggle
                | Action::WithTurn(_)
                | Action::Convert
        )
    }

    /// The changes a transformation makes, as the model applies them; none
    /// for the other steps.
    pub(crate) fn changes(&self) -> impl Iterator<Item = ChangeRef<'_, P>> {
        let (board, (player, hand), edit): (&[_], (Player, &[_]), &[_]) = match self {
            Action::BoardDiff(changes) => (changes, (Player::First, &[]), &[]),
            Action::HandDiff(player, changes) => (&[], (*player, changes), &[]),
            Action::Edit(changes, _) | Action::Branch(changes, _) => {
                (&[], (Player::First, &[]), changes)
            }
            _ => (&[], (Player::First, &[]), &[]),
        };
        let board = board
            .iter()
            .map(|(index, square)| ChangeRef::Square(*index, square.as_ref()));
        let hand = hand
            .iter()
            .map(move |(piece, delta)| ChangeRef::Hand(player, piece, *delta));
        board.chain(hand).chain(edit.iter().map(Change::as_ref))
    }
}

fn fmt_list<T>(
    f: &mut fmt::Formatter<'_>,
    items: &[T],
    mut each: impl FnMut(&mut fmt::Formatter<'_>, &T) -> fmt::Result,
) -> fmt::Result {
    f.write_str("[")?;
    for (position, item) in items.iter().enumerate() {
        if position > 0 {
            f.write_str(", ")?;
        }
        each(f, item)?;
    }
    f.write_str("]")
}

/// Writes the steps of an edit as the statements of its closure (whose
/// argument is `edit`): each change, then the turn. A `replace` is told
/// what the square holds, read first into `old`, so it starts a statement
/// of its own.
fn fmt_steps<P: Literal>(
    f: &mut fmt::Formatter<'_>,
    changes: &[Change<P>],
    turn: Turn,
) -> fmt::Result {
    // Whether a chain of steps on `edit` is open.
    let mut open = false;
    let chain = |f: &mut fmt::Formatter<'_>, open: &mut bool| {
        if !*open {
            *open = true;
            f.write_str("edit")?;
        }
        Ok::<(), fmt::Error>(())
    };
    for change in changes {
        match change {
            Change::Square(index, square) => {
                chain(f, &mut open)?;
                write!(f, ".set({index}, ")?;
                fmt_square(f, square.as_ref())?;
                f.write_str(")")?;
            }
            Change::Replace(index, square) => {
                if open {
                    f.write_str(";\n    ")?;
                }
                write!(
                    f,
                    "let old = edit.position().square({index}).cloned();\n    \
                     edit.replace({index}, old.as_ref(), "
                )?;
                open = true;
                fmt_square(f, square.as_ref())?;
                f.write_str(")")?;
            }
            Change::Hand(player, piece, delta) => {
                chain(f, &mut open)?;
                write!(f, ".hand(Player::{player:?}, {}, {delta})", Lit(piece))?;
            }
        }
    }
    chain(f, &mut open)?;
    match turn {
        Turn::Keep => Ok(()),
        Turn::Toggle => f.write_str(".toggle()"),
        Turn::To(player) => write!(f, ".with_turn(Player::{player:?})"),
    }
}

fn fmt_square<P: Literal>(f: &mut fmt::Formatter<'_>, square: Option<&P>) -> fmt::Result {
    match square {
        Some(piece) => write!(f, "Some({})", Lit(piece)),
        None => f.write_str("None"),
    }
}

impl<P: Literal> fmt::Debug for Action<P> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::BoardDiff(changes) => {
                f.write_str("if let Ok(next) = current.board_diff(")?;
                fmt_list(f, changes, |f, (index, square)| {
                    write!(f, "({index}, ")?;
                    fmt_square(f, square.as_ref())?;
                    f.write_str(")")
                })?;
                f.write_str(") { current = next; }")
            }
            Action::HandDiff(player, changes) => {
                write!(
                    f,
                    "if let Ok(next) = current.hand_diff(Player::{player:?}, "
                )?;
                fmt_list(f, changes, |f, (piece, delta)| {
                    write!(f, "({}, {delta})", Lit(piece))
                })?;
                f.write_str(") { current = next; }")
            }
            Action::Edit(changes, turn) => {
                f.write_str("if let Ok(next) = current.edit_with(|edit| {\n    ")?;
                fmt_steps(f, changes, *turn)?;
                f.write_str(";\n}) { current = next; }")
            }
            Action::Branch(changes, turn) => {
                f.write_str("let _ = current.edit_into(&mut slot, |edit| {\n    ")?;
                fmt_steps(f, changes, *turn)?;
                f.write_str(";\n});")
            }
            Action::Descend => f.write_str("current = slot.clone();"),
            Action::Toggle => f.write_str("current = current.toggle();"),
            Action::WithTurn(player) => {
                write!(f, "current = current.with_turn(Player::{player:?});")
            }
            Action::Retain => f.write_str("retained.push(current.clone());"),
            Action::Restore(slot) => write!(
                f,
                "if !retained.is_empty() {{ current = retained[{slot} % retained.len()].clone(); }}"
            ),
            Action::Forget(slot) => write!(
                f,
                "if !retained.is_empty() {{ retained.remove({slot} % retained.len()); }}"
            ),
            Action::Compare(slot) => write!(
                f,
                "if !retained.is_empty() {{ let _equal = current == retained[{slot} % retained.len()]; }}"
            ),
            Action::IndexOf(coordinates) => {
                write!(f, "let _index = current.index_of(&{coordinates:?});")
            }
            Action::CoordinatesOf(index) => {
                write!(f, "let _coordinates = current.coordinates_of({index});")
            }
            Action::Convert => f.write_str(CONVERT_QI),
        }
    }
}

/// The statement of an [`Action::Convert`] on a `Qi`, and on a `LocalQi`.
const CONVERT_QI: &str = "current = current.to_local().to_kind();";
const CONVERT_LOCAL: &str = "current = current.to_sync().to_kind();";

/// Where a [`Scenario`] starts.
#[derive(Clone, PartialEq, Eq)]
pub enum Start<P, S> {
    /// `Qi::new(&shape, first_style, second_style)`; the shape may be
    /// invalid.
    Empty {
        /// The dimension sizes.
        shape: Vec<usize>,
        /// The first player's style.
        first_style: S,
        /// The second player's style.
        second_style: S,
    },
    /// `Qi::from_parts(..)` with this content, which may be invalid.
    Parts {
        /// The dimension sizes.
        shape: Vec<usize>,
        /// Every square, row-major.
        squares: Vec<Option<P>>,
        /// The first hand's entries, in order.
        first_hand: Vec<(P, usize)>,
        /// The second hand's entries, in order.
        second_hand: Vec<(P, usize)>,
        /// The first player's style.
        first_style: S,
        /// The second player's style.
        second_style: S,
        /// The player to move.
        turn: Player,
    },
}

impl<P, S> Start<P, S> {
    /// The dimension sizes the scenario starts from.
    #[must_use]
    pub fn shape(&self) -> &[usize] {
        match self {
            Start::Empty { shape, .. } | Start::Parts { shape, .. } => shape,
        }
    }
}

/// What a [`Start`] gives: the position and the model, or their errors.
type Built<P, S, K> = (
    Result<GenericQi<P, S, K>, Error>,
    Result<Model<P, S>, Error>,
);

impl<P: Clone + Ord + Hash, S: Clone + Hash> Start<P, S> {
    /// The position over the pointer kind `K` and the model this start
    /// gives, or their errors.
    fn build<K: Kind>(&self) -> Built<P, S, K> {
        match self {
            Start::Empty {
                shape,
                first_style,
                second_style,
            } => (
                GenericQi::new(shape, first_style.clone(), second_style.clone()),
                Model::new(shape, first_style.clone(), second_style.clone()),
            ),
            Start::Parts {
                shape,
                squares,
                first_hand,
                second_hand,
                first_style,
                second_style,
                turn,
            } => (
                GenericQi::from_parts(
                    shape,
                    squares.iter().cloned(),
                    first_hand.iter().cloned(),
                    second_hand.iter().cloned(),
                    first_style.clone(),
                    second_style.clone(),
                    *turn,
                ),
                Model::from_parts(
                    shape,
                    squares,
                    [first_hand, second_hand],
                    first_style.clone(),
                    second_style.clone(),
                    *turn,
                ),
            ),
        }
    }
}

impl<P: Literal, S: Literal> fmt::Debug for Start<P, S> {
    /// The expression that builds the start as a [`Qi`](persistent_qi::Qi).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        StartExpression(self, ArcTK::ALIAS).fmt(f)
    }
}

/// The expression that builds a start, over the position type named.
struct StartExpression<'a, P, S>(&'a Start<P, S>, &'static str);

impl<P: Literal, S: Literal> fmt::Debug for StartExpression<'_, P, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let StartExpression(start, alias) = *self;
        match start {
            Start::Empty {
                shape,
                first_style,
                second_style,
            } => write!(
                f,
                "{alias}::new(&{shape:?}, {}, {}).unwrap()",
                Lit(first_style),
                Lit(second_style),
            ),
            Start::Parts {
                shape,
                squares,
                first_hand,
                second_hand,
                first_style,
                second_style,
                turn,
            } => {
                write!(f, "{alias}::from_parts(&{shape:?}, ")?;
                fmt_list(f, squares, |f, square| fmt_square(f, square.as_ref()))?;
                for hand in [first_hand, second_hand] {
                    f.write_str(", ")?;
                    fmt_list(f, hand, |f, (piece, count)| {
                        write!(f, "({}, {count})", Lit(piece))
                    })?;
                }
                write!(
                    f,
                    ", {}, {}, Player::{turn:?}).unwrap()",
                    Lit(first_style),
                    Lit(second_style),
                )
            }
        }
    }
}

/// A start and a sequence of [`Action`]s: one test case of the model-based
/// tests and of the `diff_sequence` fuzz target.
///
/// Its `Debug` prints a runnable program that performs the same steps on a
/// [`Qi`](persistent_qi::Qi); [`program`](Scenario::program) prints it over
/// either pointer kind.
#[derive(Clone, PartialEq, Eq)]
pub struct Scenario<P, S> {
    /// The position the steps start from.
    pub start: Start<P, S>,
    /// The steps, in order.
    pub actions: Vec<Action<P>>,
}

impl<P: Literal, S: Literal> fmt::Debug for Scenario<P, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_program(f, ArcTK::ALIAS)
    }
}

impl<P: Literal, S: Literal> Scenario<P, S> {
    /// The runnable program that performs the scenario's steps on a
    /// position over the pointer kind `K` (`Qi` or `LocalQi`): what a
    /// failure of [`run_on::<K>`](Scenario::run_on) prints.
    #[must_use]
    pub fn program<K: Kind>(&self) -> String {
        Program(self, K::ALIAS).to_string()
    }

    /// Writes the program over the position type named `alias`.
    fn write_program(&self, f: &mut fmt::Formatter<'_>, alias: &'static str) -> fmt::Result {
        let position = format!("{alias}<{}, {}>", P::TYPE_NAME, S::TYPE_NAME);
        // In the order rustfmt sorts them.
        if alias < "Player" {
            writeln!(f, "use persistent_qi::{{{alias}, Player}};")?;
        } else {
            writeln!(f, "use persistent_qi::{{Player, {alias}}};")?;
        }
        for import in [P::IMPORT, S::IMPORT].into_iter().flatten() {
            writeln!(f, "use {import};")?;
        }
        writeln!(f, "let mut retained: Vec<{position}> = Vec::new();")?;
        writeln!(
            f,
            "let mut current: {position} = {:?};",
            StartExpression(&self.start, alias)
        )?;
        if self
            .actions
            .iter()
            .any(|action| matches!(action, Action::Branch(..) | Action::Descend))
        {
            writeln!(f, "let mut slot = current.clone();")?;
        }
        for action in &self.actions {
            if matches!(action, Action::Convert) && alias != ArcTK::ALIAS {
                writeln!(f, "{CONVERT_LOCAL}")?;
            } else {
                writeln!(f, "{action:?}")?;
            }
        }
        Ok(())
    }
}

/// The most squares of a board on which a scenario is fuzzed at full
/// length: larger boards cost O(squares) in every full check, and in the
/// end's check of every version kept.
pub(crate) const LARGE_BOARD: usize = 4096;

/// The most squares of a board (19x19) on which the fuzzer
/// ([`Checks::SAMPLED`]) checks transformations' `changes_since` the
/// previous version and `==` with it, and every distinct retained
/// version's hash against the hash from scratch: `changes_since` reads one
/// pointer per block of squares and the hash from scratch every square,
/// which on larger boards costs the fuzzer more than the step itself.
/// Larger boards are checked at checkpoints and at the end there.
pub(crate) const SMALL_BOARD: usize = 19 * 19;

/// How many of the distinct retained versions read in full (the first
/// ones, with [`Checks::ALL`]) the end compares with the final version
/// through `changes_since`, and on boards larger than [`SMALL_BOARD`] with
/// the hash from scratch.
const CHANGES_SINCE_KEPT: usize = 4;

/// How many steps run between two full checks of the current version (every
/// square, a recount, the hash recomputed from scratch). In between, each
/// step checks what it changed, in O(changes).
pub const CHECKPOINT: usize = 48;

/// How thoroughly a run checks: which of the checks that cost more than
/// the step they follow run at every chance, and which at a sample of them.
///
/// [`Checks::ALL`] is what the model tests and the corpus replay run; the
/// `diff_sequence` fuzz target runs [`Checks::SAMPLED`], which keeps every
/// kind of check in every scenario that reaches it but runs the costly ones
/// on a sample of the steps and versions, so that the fuzzer spends its
/// time on new inputs rather than on checking the same step a second way.
/// What no setting samples: each step's result or exact error against the
/// model, what it touched read back, the counters and the turn; the whole
/// state, the hash from scratch, `changes_since` the start and the deep
/// reads at the end; every retained version's content at the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Checks {
    /// After one successful transformation in this many (the first
    /// included), on boards of up to [`per_step_up_to`](Checks::per_step_up_to)
    /// squares: `changes_since` the previous version and `==` with it. 1 is
    /// every one.
    pub step_changes_every: usize,
    /// The most squares of a board on which the per-step checks run, every
    /// distinct retained version read in full is hashed from scratch, and
    /// the hash from scratch is also compared with `==`: 19x19 for the
    /// fuzzer, whose time they would take from new inputs; boards of many
    /// blocks (up to 4,096 squares) for the tests, so that
    /// `changes_since` and `==` meet boards of different stamps that still
    /// share some of their blocks.
    pub per_step_up_to: usize,
    /// Whether the whole state is checked every [`CHECKPOINT`] steps as
    /// well as at the end.
    pub checkpoints: bool,
    /// How many distinct retained versions the end reads in full: through
    /// the bulk reads (`board_into`, `for_each`, `occupied`) as well as
    /// square by square, against the hash from scratch (on boards of more
    /// than 19x19 squares, the first four of them only), and the first four
    /// of them through `changes_since` the final version. `usize::MAX` is
    /// every one; fewer are a run of consecutive ones from a place that
    /// depends on the scenario. Every retained version's content is checked
    /// whatever this says.
    pub kept_in_full: usize,
}

impl Checks {
    /// Every check at every chance: after every transformation, at every
    /// checkpoint, on every retained version.
    pub const ALL: Checks = Checks {
        step_changes_every: 1,
        per_step_up_to: LARGE_BOARD,
        checkpoints: true,
        kept_in_full: usize::MAX,
    };

    /// The fuzzer's: `changes_since` and `==` after the first successful
    /// transformation and one in four after it, the whole state at the end
    /// only, and one distinct retained version read in full.
    pub const SAMPLED: Checks = Checks {
        step_changes_every: 4,
        per_step_up_to: SMALL_BOARD,
        checkpoints: false,
        kept_in_full: 1,
    };
}

/// What a run got through, for the corpus replay to count: whether its
/// start built (the position and the model alike), and how many steps ran
/// from it. A scenario whose start fails, as it must, ran no step.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Ran {
    /// The start built a position (and the model agreed that it should).
    pub built: bool,
    /// The steps run after it, every one checked against the model.
    pub steps: usize,
}

impl Ran {
    /// Whether the run reached the steps' checks: it built its start and
    /// ran at least one step from it.
    #[must_use]
    pub fn stepped(self) -> bool {
        self.built && self.steps > 0
    }
}

/// A scenario as the program that runs it on the position type named
/// (`Qi` or `LocalQi`).
pub(crate) struct Program<'a, P, S>(pub(crate) &'a Scenario<P, S>, pub(crate) &'static str);

impl<P: Literal, S: Literal> fmt::Display for Program<'_, P, S> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.write_program(f, self.1)
    }
}

/// A version kept by [`Action::Retain`], with what it must keep reading as.
struct Kept<P, S, K: Kind> {
    position: GenericQi<P, S, K>,
    /// Shared with the current step's model while nothing changes, so that
    /// keeping a version of a large board costs O(1) here too.
    model: Rc<Model<P, S>>,
    step: usize,
}

impl<P: ScenarioPiece, S: ScenarioStyle> Scenario<P, S> {
    /// Runs the scenario on both pointer kinds, [`Qi`](persistent_qi::Qi)
    /// then [`LocalQi`](persistent_qi::LocalQi): see
    /// [`run_on`](Scenario::run_on).
    ///
    /// # Panics
    ///
    /// On any disagreement, which is a bug in the crate (or in the model).
    pub fn run(&self) {
        self.run_on::<ArcTK>();
        self.run_on::<RcK>();
    }

    /// Runs every step on a position over the pointer kind `K` with every
    /// check at every chance ([`Checks::ALL`]): see
    /// [`run_checked`](Scenario::run_checked).
    ///
    /// # Panics
    ///
    /// On any disagreement, which is a bug in the crate (or in the model).
    // Tests call it for its panics; the corpus replay reads what it ran.
    #[allow(clippy::must_use_candidate)]
    pub fn run_on<K: Kind>(&self) -> Ran {
        self.run_checked::<K>(Checks::ALL)
    }

    /// Runs every step on a position over the pointer kind `K` and on a
    /// [`Model`] side by side and panics, printing a reproduction (the
    /// [`program`](Scenario::program) over `K`), at the first disagreement;
    /// returns whether the start built and how many steps ran.
    ///
    /// Construction must fail with the model's exact error or succeed with
    /// it. After every step: the same result or the exact same [`Error`],
    /// and what the step changed reads the same (the squares and hand
    /// entries it touched, the piece counters, the turn); after every
    /// transformation on a board of up to 4,096 squares (many blocks: see
    /// [`Checks::per_step_up_to`]), `changes_since`
    /// the previous version lists exactly the touched squares and hand
    /// entries whose content changed, with the model's contents before and
    /// after, and the turn if it changed, and `==` with the previous version
    /// holds exactly when it lists nothing. Every [`CHECKPOINT`] steps and
    /// at the end, the whole state: every square and hand, the invariants
    /// (pieces ≤ squares, no zero count, counters equal to a recount), the
    /// incremental hash equal to the hash of the model's content built from
    /// scratch by `Qi::from_parts`, and `changes_since` the start equal to a
    /// full comparison of the two models, and applied to the start giving
    /// the current version. At the end, every retained version must read
    /// exactly as when it was kept; on boards of up to 4,096 squares its
    /// hash must equal the hash of its content from scratch
    /// (on larger boards, that of the first few); and `changes_since` it
    /// must agree with a full comparison for the first few too. An edit's
    /// `replace` is told what the model holds at its square, and a
    /// conversion to the other kind and back must hold the model's content
    /// and hash as it built from scratch.
    ///
    /// That is with [`Checks::ALL`]; `checks` may sample the costlier of
    /// these checks instead (see [`Checks`]), never drop one from a run
    /// that reaches it.
    ///
    /// # Panics
    ///
    /// On any disagreement, which is a bug in the crate (or in the model).
    // Tests call it for its panics; the corpus replay reads what it ran.
    #[allow(clippy::must_use_candidate)]
    pub fn run_checked<K: Kind>(&self, checks: Checks) -> Ran {
        let mut context = Context {
            scenario: self,
            alias: K::ALIAS,
            step: None,
        };
        let (mut position, mut model) = match self.start.build::<K>() {
            (Ok(position), Ok(model)) => (position, Rc::new(model)),
            (built, expected) => {
                context.expect_eq(
                    "construction",
                    &built.map(|position| format!("{position:?}")),
                    &expected.map(|model| format!("{model:?}")),
                );
                return Ran::default();
            }
        };
        // The first full check comes at the first checkpoint: until then,
        // each step checks what it touched, and the start is checked here
        // in O(1).
        check_changes(&context, &position, &model, &Action::Retain);
        let mut versions = Versions {
            retained: Vec::new(),
            slot: (position.clone(), Rc::clone(&model)),
        };
        // The start, which the end compares the current version with
        // through `changes_since`. Keeping its model costs one copy of the
        // squares, at the first step that writes one.
        let start = (position.clone(), Rc::clone(&model));
        // The version last checked in full: a checkpoint with nothing new
        // since (the same version, read from the same storage) is skipped.
        let mut checked_last: Option<GenericQi<P, S, K>> = None;
        let mut checkpoint =
            |context: &Context<'_, P, S>, position: &GenericQi<P, S, K>, model: &Model<P, S>| {
                if !checked_last
                    .as_ref()
                    .is_some_and(|last| last.ptr_eq(position))
                {
                    let compare = model.square_count() <= checks.per_step_up_to;
                    check_full(context, position, model, compare);
                    check_changes_since(context, (&start.0, &start.1), (position, model));
                    checked_last = Some(position.clone());
                }
            };
        // The successful transformations so far, of which one in
        // `step_changes_every` is checked through `changes_since`.
        let mut transformations = 0;
        for (step, action) in self.actions.iter().enumerate() {
            context.step = Some(step);
            // On larger boards (with `Checks::SAMPLED`, past 19x19)
            // `changes_since` visits every block, so there it is checked at
            // checkpoints and at the end only.
            let touched = (model.square_count() <= checks.per_step_up_to
                && transformations % checks.step_changes_every.max(1) == 0)
                .then(|| Touched::before(action, &model))
                .flatten();
            let next = apply(&context, action, &position, &mut model, &mut versions, step);
            if let Some(next) = next {
                let previous = core::mem::replace(&mut position, next);
                check_changes(&context, &position, &model, action);
                if let Some(touched) = &touched {
                    check_step_changes_since(&context, &previous, &position, &model, touched);
                }
                if action.is_transformation() {
                    transformations += 1;
                }
            }
            if checks.checkpoints && (step + 1) % CHECKPOINT == 0 {
                checkpoint(&context, &position, &model);
            }
        }
        context.step = None;
        // The last checkpoint checked `changes_since` the start too.
        checkpoint(&context, &position, &model);
        check_deep(&context, &position, &model);
        versions.check_slot(&context, checks);
        let retained = versions.retained;
        // The distinct retained versions: clones of one version read the
        // same storage, so checking one checks them all; `ptr_eq` must only
        // hold between clones.
        let mut checked = vec![(&position, &model)];
        let mut distinct = Vec::new();
        for kept in &retained {
            if let Some((_, seen)) = checked.iter().find(|(seen, _)| seen.ptr_eq(&kept.position)) {
                if **seen != kept.model {
                    context.fail(&format!(
                        "the version retained at step {} is ptr_eq to a different position",
                        kept.step
                    ));
                }
                continue;
            }
            checked.push((&kept.position, &kept.model));
            distinct.push(kept);
        }
        // Those read in full: every one, or a run of `kept_in_full` of them
        // (wrapping round) from a place the scenario's length picks, so that
        // over many inputs each place is read in full.
        let first_in_full = if checks.kept_in_full >= distinct.len() {
            0
        } else {
            self.actions.len() % distinct.len()
        };
        for (place, kept) in distinct.iter().enumerate() {
            let rank = (place + distinct.len() - first_in_full) % distinct.len();
            let in_full = rank < checks.kept_in_full;
            // Its content is the model's, and its hash the hash of that
            // content from scratch: a wrong incremental hash on a version
            // that was never current at a checkpoint shows only here. Each
            // costs O(squares): on larger boards, the first few read in
            // full only, which are also compared with the end through
            // `changes_since`.
            let first_few = in_full && rank < CHANGES_SINCE_KEPT;
            check_content(&context, &kept.position, &kept.model, in_full);
            let small = kept.model.square_count() <= checks.per_step_up_to;
            if first_few || (in_full && small) {
                check_hash(&context, &kept.position, &kept.model, small);
            }
            if first_few {
                check_changes_since(&context, (&kept.position, &kept.model), (&position, &model));
            }
        }
        Ran {
            built: true,
            steps: self.actions.len(),
        }
    }
}

/// The versions a run keeps beside the current one: those
/// [`Action::Retain`] kept, and the slot [`Action::Branch`] builds into.
struct Versions<P, S, K: Kind> {
    retained: Vec<Kept<P, S, K>>,
    slot: Slot<P, S, K>,
}

impl<P: ScenarioPiece, S: ScenarioStyle, K: Kind> Versions<P, S, K> {
    /// The slot holds the last child built there, or what it held.
    fn check_slot(&self, context: &Context<'_, P, S>, checks: Checks) {
        let (position, model) = &self.slot;
        check_content(context, position, model, false);
        if model.square_count() <= checks.per_step_up_to {
            check_hash(context, position, model, false);
        }
    }
}

/// Performs one step on the position and on the model (which it changes in
/// place, copying it first only if a retained version shares it); returns
/// the new current version, if there is one.
fn apply<P: ScenarioPiece, S: ScenarioStyle, K: Kind>(
    context: &Context<'_, P, S>,
    action: &Action<P>,
    position: &GenericQi<P, S, K>,
    model: &mut Rc<Model<P, S>>,
    versions: &mut Versions<P, S, K>,
    step: usize,
) -> Option<GenericQi<P, S, K>> {
    let Versions { retained, slot } = versions;
    let kept_at = |index: usize, retained: &Vec<Kept<P, S, K>>| {
        (!retained.is_empty()).then(|| index % retained.len())
    };
    match action {
        Action::BoardDiff(changes) => {
            let next = position.board_diff(changes.iter().cloned());
            transformed(context, next, model, action, Turn::Keep)
        }
        Action::HandDiff(player, changes) => {
            let next = position.hand_diff(*player, changes.iter().cloned());
            transformed(context, next, model, action, Turn::Keep)
        }
        Action::Edit(changes, turn) => {
            let next = edit(context, position, model, changes, *turn);
            transformed(context, next, model, action, *turn)
        }
        Action::Toggle => {
            let model = Rc::make_mut(model);
            model.turn = model.turn.flip();
            Some(position.toggle())
        }
        Action::WithTurn(player) => {
            let next = position.with_turn(*player);
            if *player == position.turn() && !next.ptr_eq(position) {
                context.fail("with_turn to the side already to move made a new version");
            }
            if model.turn != *player {
                Rc::make_mut(model).turn = *player;
            }
            Some(next)
        }
        Action::Retain => {
            retained.push(Kept {
                position: position.clone(),
                model: Rc::clone(model),
                step,
            });
            None
        }
        Action::Restore(index) => kept_at(*index, retained).map(|at| {
            let kept = &retained[at];
            *model = Rc::clone(&kept.model);
            kept.position.clone()
        }),
        Action::Forget(index) => {
            if let Some(at) = kept_at(*index, retained) {
                retained.remove(at);
            }
            None
        }
        Action::Compare(index) => {
            if let Some(at) = kept_at(*index, retained) {
                compare(context, position, model, &retained[at]);
            }
            None
        }
        Action::Branch(changes, turn) => {
            branch(context, action, position, model, slot, (changes, *turn));
            None
        }
        Action::Descend => {
            *model = Rc::clone(&slot.1);
            Some(slot.0.clone())
        }
        Action::IndexOf(coordinates) => {
            let index = position.index_of(coordinates);
            context.expect_eq("index_of", &index, &model.index_of(coordinates));
            if let Ok(index) = index {
                context.expect_eq(
                    "coordinates_of(index_of(c))",
                    &position.coordinates_of(index),
                    &Ok(coordinates.clone()),
                );
            }
            None
        }
        Action::Convert => Some(convert(context, position, model)),
        Action::CoordinatesOf(index) => {
            let coordinates = position.coordinates_of(*index);
            context.expect_eq(
                "coordinates_of",
                &coordinates,
                &model.coordinates_of(*index),
            );
            if let Ok(coordinates) = coordinates {
                context.expect_eq(
                    "index_of(coordinates_of(i))",
                    &position.index_of(&coordinates),
                    &Ok(*index),
                );
            }
            None
        }
    }
}

/// The slot [`Action::Branch`] builds children into, and its model.
type Slot<P, S, K> = (GenericQi<P, S, K>, Rc<Model<P, S>>);

/// An [`Action::Branch`]: the child built into the slot, checked against
/// the model of current with the changes applied; a failure must leave the
/// slot as it was. The slot is never cloned here: a clone would change
/// what it shares, and so the path the edit takes.
fn branch<P: ScenarioPiece, S: ScenarioStyle, K: Kind>(
    context: &Context<'_, P, S>,
    action: &Action<P>,
    position: &GenericQi<P, S, K>,
    model: &Rc<Model<P, S>>,
    slot: &mut Slot<P, S, K>,
    (changes, turn): (&[Change<P>], Turn),
) {
    let built = position.edit_into(&mut slot.0, |edit| {
        steps(context, edit, model, changes, turn);
    });
    let mut child = Rc::clone(model);
    let expected = Rc::make_mut(&mut child).edit(action.changes());
    match (built, expected) {
        (Ok(()), Ok(())) => {
            let model = Rc::make_mut(&mut child);
            match turn {
                Turn::Keep => {}
                Turn::Toggle => model.turn = model.turn.flip(),
                Turn::To(player) => model.turn = player,
            }
            slot.1 = child;
            check_changes(context, &slot.0, &slot.1, action);
        }
        (Err(error), Err(expected)) => {
            context.expect_eq("the error", &error, &expected);
            check_content(context, &slot.0, &slot.1, false);
        }
        (Ok(()), Err(expected)) => context.fail(&format!(
            "edit_into gives {:?}, the model the error {expected:?} ({expected})",
            slot.0
        )),
        (Err(error), Ok(())) => context.fail(&format!(
            "edit_into gives the error {error:?} ({error}), the model {child:?}"
        )),
    }
}

/// An [`Action::Edit`] on the position: each change in order, a
/// `replace` told what the model holds at its square, then the turn.
fn edit<P: ScenarioPiece, S: ScenarioStyle, K: Kind>(
    context: &Context<'_, P, S>,
    position: &GenericQi<P, S, K>,
    model: &Model<P, S>,
    changes: &[Change<P>],
    turn: Turn,
) -> Result<GenericQi<P, S, K>, Error> {
    let mut edit = position.edit();
    steps(context, &mut edit, model, changes, turn);
    edit.finish()
}

/// The steps of an edit, into wherever it builds: each change in order, a
/// `replace` told what the model holds at its square, then the turn.
fn steps<P: ScenarioPiece, S: ScenarioStyle, K: Kind, N: BorrowMut<GenericQi<P, S, K>>>(
    context: &Context<'_, P, S>,
    edit: &mut Edit<P, S, K, N>,
    model: &Model<P, S>,
    changes: &[Change<P>],
    turn: Turn,
) {
    // The squares this edit has written so far, as the model has
    // them, for what a `replace` is told the square holds; and
    // whether an earlier change may have failed (an index off the
    // board, a hand change), after which the edit ignores the rest.
    let mut written: BTreeMap<usize, Option<&P>> = BTreeMap::new();
    let mut may_have_failed = false;
    for change in changes {
        match change {
            Change::Square(index, square) => {
                written.insert(*index, square.as_ref());
                may_have_failed |= *index >= model.square_count();
                edit.set(*index, square.clone())
            }
            Change::Replace(index, square) => {
                let old = written
                    .get(index)
                    .copied()
                    .unwrap_or_else(|| model.squares.get(*index).and_then(Option::as_ref));
                if !may_have_failed {
                    context.expect_eq(
                        &format!("the square {index} replace is told it holds"),
                        &edit.position().square(*index),
                        &old,
                    );
                }
                written.insert(*index, square.as_ref());
                may_have_failed |= *index >= model.square_count();
                edit.replace(*index, old, square.clone())
            }
            Change::Hand(player, piece, delta) => {
                may_have_failed = true;
                edit.hand(*player, piece.clone(), *delta)
            }
        };
    }
    match turn {
        Turn::Keep => edit,
        Turn::Toggle => edit.toggle(),
        Turn::To(player) => edit.with_turn(player),
    };
}

/// Converts `position` to the other pointer kind and back, checking each
/// conversion against the model and against its content built from
/// scratch on its own kind; returns the converted-back position.
fn convert<P: ScenarioPiece, S: ScenarioStyle, K: Kind>(
    context: &Context<'_, P, S>,
    position: &GenericQi<P, S, K>,
    model: &Model<P, S>,
) -> GenericQi<P, S, K> {
    let other = K::to_other(position);
    check_content(context, &other, model, true);
    check_hash(context, &other, model, true);
    let back: GenericQi<P, S, K> = other.to_kind();
    check_content(context, &back, model, false);
    check_hash(context, &back, model, true);
    if back.ptr_eq(position) {
        context.fail("a conversion shares the storage it converts");
    }
    back
}

/// Checks a transformation's result against the model's, which it applies.
fn transformed<P: ScenarioPiece, S: ScenarioStyle, K: Kind>(
    context: &Context<'_, P, S>,
    next: Result<GenericQi<P, S, K>, Error>,
    model: &mut Rc<Model<P, S>>,
    action: &Action<P>,
    turn: Turn,
) -> Option<GenericQi<P, S, K>> {
    // Nothing changes if the edit fails: the copy, if a retained version
    // made one, is only wasted.
    let expected = Rc::make_mut(model).edit(action.changes());
    match (next, expected) {
        (Ok(next), Ok(())) => {
            let model = Rc::make_mut(model);
            match turn {
                Turn::Keep => {}
                Turn::Toggle => model.turn = model.turn.flip(),
                Turn::To(player) => model.turn = player,
            }
            Some(next)
        }
        (Err(error), Err(expected)) => {
            context.expect_eq("the error", &error, &expected);
            None
        }
        (Ok(next), Err(expected)) => context.fail(&format!(
            "Qi gives {next:?}, the model the error {expected:?} ({expected})"
        )),
        (Err(error), Ok(())) => context.fail(&format!(
            "Qi gives the error {error:?} ({error}), the model {model:?}"
        )),
    }
}

/// `==` must agree with the models; equal positions must hash alike, and
/// clones of one version must be equal.
fn compare<P: ScenarioPiece, S: ScenarioStyle, K: Kind>(
    context: &Context<'_, P, S>,
    position: &GenericQi<P, S, K>,
    model: &Rc<Model<P, S>>,
    kept: &Kept<P, S, K>,
) {
    let equal = Rc::ptr_eq(model, &kept.model) || **model == *kept.model;
    context.expect_eq("current == retained", &(*position == kept.position), &equal);
    context.expect_eq("retained == current", &(kept.position == *position), &equal);
    if equal {
        context.expect_eq(
            "the hashes of equal positions",
            &position.position_hash(),
            &kept.position.position_hash(),
        );
    }
    if position.ptr_eq(&kept.position) && !equal {
        context.fail("ptr_eq holds between different positions");
    }
}
