//! The stones of a finished game judged as Monte Carlo Go programs judge
//! them (GNU Go's `final_status_list`, Pachi's and Fuego's dead-stone
//! estimate): random playouts from the final position, each point counted
//! for the player who holds it at each playout's end, a string dead when
//! its own colour holds it in fewer than half of them; then the area with
//! the dead stones taken off, which is GTP's `final_score`.
//!
//! # Seki
//!
//! Random playouts break a seki: a stone played on a liberty the two sides
//! share is a self-atari, which the other side then captures. Before the
//! playouts, every *seki point* is found: an empty point beside stones of
//! both colours where a stone of either colour would leave its string in
//! atari (or without liberty) and capture nothing. The playouts never play
//! there, and a string beside one that its colour keeps is in
//! [`Status::Seki`]. The shared points count for neither player, as area
//! scoring counts a seki's dame.
//!
//! # Cost
//!
//! O(playouts x moves a playout x empty points): every playout move draws
//! from a list of the board's kept empty points. From a finished 19x19 position, 1,000
//! playouts take a few tenths of a second.

use core::fmt;
use core::str::FromStr;

use support::Rng;

use super::board::{Board, Points, to_u16};
use super::end::{Area, Score};
use super::point::Point;
use super::search::PLIES_PER_POINT;
use super::{BLACK, WHITE};

/// The playouts of a judgement in GTP's `final_score` and
/// `final_status_list`.
pub const JUDGE_PLAYOUTS: usize = 1_000;

/// How a stone of a finished game stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Status {
    /// Its string lives: counted for its colour.
    Alive,
    /// Its string is the opponent's: taken off before the count, its point
    /// the opponent's area when the opponent's stones surround it.
    Dead,
    /// Its string lives by sharing liberties with an opponent's string that
    /// neither side can fill: counted for its colour, the shared points for
    /// neither.
    Seki,
}

impl Status {
    /// The word GTP's `final_status_list` takes: `alive`, `dead`, `seki`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Status::Alive => "alive",
            Status::Dead => "dead",
            Status::Seki => "seki",
        }
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A word that is no [`Status`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseStatusError(pub String);

impl fmt::Display for ParseStatusError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?} is no status: alive, dead or seki", self.0)
    }
}

impl std::error::Error for ParseStatusError {}

impl FromStr for Status {
    type Err = ParseStatusError;

    /// `alive`, `dead` or `seki`, in any case.
    fn from_str(text: &str) -> Result<Status, ParseStatusError> {
        match text.to_ascii_lowercase().as_str() {
            "alive" => Ok(Status::Alive),
            "dead" => Ok(Status::Dead),
            "seki" => Ok(Status::Seki),
            _ => Err(ParseStatusError(text.to_string())),
        }
    }
}

/// Strings of stones, each with its status and its points in index order.
type Strings = Vec<(Status, Vec<usize>)>;

/// A finished position judged by [`Board::judge`]: every string's
/// [`Status`], every point's ownership, and the area once the dead stones
/// are off.
#[derive(Debug, Clone, PartialEq)]
pub struct Judgement {
    width: usize,
    height: usize,
    playouts: usize,
    /// For each point, the playouts that ended with it Black's, then
    /// White's.
    owners: Vec<[u32; 2]>,
    /// Each string of stones, in the order of its first stone: its status
    /// and its points in index order.
    strings: Strings,
    /// Each point's string in `strings`, `None` for an empty point.
    string_at: Vec<Option<usize>>,
    area: Area,
}

impl Judgement {
    /// The status of the stone on `point`: `None` for an empty point or one
    /// off the board.
    #[must_use]
    pub fn status(&self, point: Point) -> Option<Status> {
        let index = point.index(self.width, self.height)?;
        self.string_at[index].map(|string| self.strings[string].0)
    }

    /// Black's ownership of `point`, from -1 (White's at the end of every
    /// playout) to 1 (Black's at the end of every one); 0 off the board, or
    /// with no playout.
    #[must_use]
    pub fn ownership(&self, point: Point) -> f32 {
        let Some(index) = point.index(self.width, self.height) else {
            return 0.0;
        };
        if self.playouts == 0 {
            return 0.0;
        }
        let [black, white] = self.owners[index];
        // Counts up to a few million are exact in an `f64`.
        #[allow(clippy::cast_possible_truncation, clippy::cast_precision_loss)]
        let share = ((f64::from(black) - f64::from(white)) / self.playouts as f64) as f32;
        share
    }

    /// The strings whose status is `status`, each as its points in index
    /// order, the strings in the order of their first point.
    #[must_use]
    pub fn strings(&self, status: Status) -> Vec<Vec<Point>> {
        self.strings
            .iter()
            .filter(|(of, _)| *of == status)
            .map(|(_, points)| {
                points
                    .iter()
                    .filter_map(|&index| Point::from_index(index, self.width, self.height))
                    .collect()
            })
            .collect()
    }

    /// The area with the dead stones off: each player's living stones, plus
    /// the empty regions (dead stones' points included) that border only
    /// that player's living stones.
    #[must_use]
    pub fn area(&self) -> Area {
        self.area
    }

    /// The score by [`area`](Judgement::area), `komi` added to White's.
    #[must_use]
    pub fn score(&self, komi: f32) -> Score {
        self.area.score(komi)
    }
}

impl Board {
    /// Judges this position as the game's last: `playouts` random playouts
    /// from it (half of them with the other player to move first, so that
    /// neither side gets the first move), each to two passes in a row or
    /// three plies a point, every move a uniformly random legal move that
    /// fills none of the mover's eyes and no seki point: an empty point
    /// beside stones of both colours where a stone of either colour would
    /// leave its string in atari, capturing nothing (the strings beside one
    /// that their colour keeps are in [`Status::Seki`]; the point counts
    /// for neither player). A string is [`Status::Dead`] when its
    /// colour holds its points at fewer than half of the playouts' ends;
    /// with no playout, nothing is dead. The [`Judgement`]'s area is then
    /// counted with the dead stones off.
    ///
    /// O(playouts x plies x empty points): every playout move draws from a
    /// list of the board's kept empty points; 1,000 playouts from a finished 19x19 position
    /// take a few tenths of a second.
    ///
    /// ```
    /// use games_go::{self as go, Status};
    /// use games_core::{Node as _, Persistent};
    /// use support::Rng;
    ///
    /// // Black's wall on the D file, White's on the E and F files; a white
    /// // stone in Black's area at B5, a black one in White's at H5.
    /// let board = go::load::<Persistent<u8, u8>>(
    ///     "...XOO.../...XOO.../...XOO.../...XOO.../.O.XOO.X./\
    ///      ...XOO.../...XOO.../...XOO.../...XOO... X",
    /// )?
    /// .read();
    /// let judged = board.judge(400, &mut Rng(1));
    /// assert_eq!(judged.status("B5".parse()?), Some(Status::Dead));
    /// assert_eq!(judged.status("H5".parse()?), Some(Status::Dead));
    /// assert_eq!(judged.status("D5".parse()?), Some(Status::Alive));
    /// assert_eq!(judged.area(), go::Area { black: 36, white: 45 });
    /// assert_eq!(judged.score(7.5).to_string(), "W+16.5");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    #[must_use]
    pub fn judge(&self, playouts: usize, rng: &mut Rng) -> Judgement {
        let squares = self.squares();
        let (string_at, mut strings) = strings(self);
        let seki_points = seki_points(self);
        let mut owners = vec![[0_u32; 2]; squares.len()];
        let plies = PLIES_PER_POINT as usize * squares.len();
        let mut empty = Vec::with_capacity(squares.len());
        let mut board = self.clone();
        for playout in 0..playouts {
            board.clone_from(self);
            if playout % 2 == 1 {
                board.pass();
            }
            board.play_out(&seki_points, plies, rng, &mut empty);
            for (index, owner) in owners.iter_mut().enumerate() {
                if let Some(colour) = board.holder(index) {
                    owner[usize::from(colour == WHITE)] += 1;
                }
            }
        }
        let mut seki = vec![false; strings.len()];
        for point in seki_points.iter() {
            for next in self.neighbours(point) {
                if let Some(string) = string_at[next] {
                    seki[string] = true;
                }
            }
        }
        let mut after = squares.to_vec();
        for (string, (status, points)) in strings.iter_mut().enumerate() {
            let colour = squares[points[0]];
            let slot = usize::from(colour == Some(WHITE));
            let held: u64 = points
                .iter()
                .map(|&index| u64::from(owners[index][slot]))
                .sum();
            let of = points.len() as u64 * playouts as u64;
            *status = if 2 * held < of {
                for &index in points.iter() {
                    after[index] = None;
                }
                Status::Dead
            } else if seki[string] {
                Status::Seki
            } else {
                Status::Alive
            };
        }
        Judgement {
            width: self.width(),
            height: self.height(),
            playouts,
            owners,
            strings,
            string_at,
            area: Area::count(&after, self.width()),
        }
    }

    /// Plays random moves in place until two passes in a row or `plies`
    /// plies: each a uniformly random legal point, not an eye of the mover
    /// ([`Board::is_own_eye`]) nor in `forbidden`; a pass where there is
    /// none. `empty` is scratch room.
    fn play_out(&mut self, forbidden: &Points, plies: usize, rng: &mut Rng, empty: &mut Vec<u16>) {
        let mut passes = 0;
        for _ in 0..plies {
            empty.clear();
            empty.extend(
                self.empty_points()
                    .iter()
                    .filter(|&index| !forbidden.contains(index))
                    .map(to_u16),
            );
            let mut chosen = None;
            while !empty.is_empty() {
                let drawn = rng.below(empty.len());
                let index = usize::from(empty.swap_remove(drawn));
                if self.playable_at(index) {
                    chosen = Some(index);
                    break;
                }
            }
            if let Some(index) = chosen {
                self.play_at(index);
                passes = 0;
            } else {
                self.pass();
                passes += 1;
                if passes == 2 {
                    return;
                }
            }
        }
    }

    /// Who holds the point at `index` at a playout's end: the stone's
    /// colour, or for an empty point the colour of all its neighbours
    /// (none where they differ).
    fn holder(&self, index: usize) -> Option<u8> {
        if let Some(stone) = self.squares()[index] {
            return Some(stone);
        }
        let mut colours = self.neighbours(index).map(|next| self.squares()[next]);
        let first = colours.next().flatten()?;
        colours.all(|colour| colour == Some(first)).then_some(first)
    }
}

/// Each string of stones (orthogonally joined stones of one colour) with
/// its points, in the order of its first point, its status `Alive` until
/// judged; and each point's string.
fn strings(board: &Board) -> (Vec<Option<usize>>, Strings) {
    let squares = board.squares();
    let mut string_at = vec![None; squares.len()];
    let mut strings = Vec::new();
    for start in 0..squares.len() {
        if squares[start].is_none() || string_at[start].is_some() {
            continue;
        }
        let number = strings.len();
        let mut points = vec![start];
        string_at[start] = Some(number);
        let mut next_to_look = 0;
        while let Some(&at) = points.get(next_to_look) {
            next_to_look += 1;
            for next in board.neighbours(at) {
                if squares[next] == squares[start] && string_at[next].is_none() {
                    string_at[next] = Some(number);
                    points.push(next);
                }
            }
        }
        points.sort_unstable();
        strings.push((Status::Alive, points));
    }
    (string_at, strings)
}

/// The seki points of `board` (see the [module](self)'s notes): empty
/// points beside stones of both colours where neither colour can play
/// without leaving its string with at most one liberty and capturing
/// nothing.
fn seki_points(board: &Board) -> Points {
    let squares = board.squares();
    let mut points = Points::NONE;
    for index in 0..squares.len() {
        if squares[index].is_some() {
            continue;
        }
        let beside = |colour| {
            board
                .neighbours(index)
                .any(|next| squares[next] == Some(colour))
        };
        if beside(BLACK)
            && beside(WHITE)
            && self_atari(board, index, BLACK)
            && self_atari(board, index, WHITE)
        {
            points.insert(index);
        }
    }
    points
}

/// Whether a `colour` stone at the empty point `index` would capture
/// nothing and leave its string (with the strings it joins) at most one
/// liberty. By flood fill: O(the strings beside).
fn self_atari(board: &Board, index: usize, colour: u8) -> bool {
    let squares = board.squares();
    let mut string = Points::NONE;
    let mut liberties = Points::NONE;
    let mut frontier = Points::NONE;
    string.insert(index);
    frontier.insert(index);
    while let Some(at) = frontier.pop() {
        for next in board.neighbours(at) {
            match squares[next] {
                None if next != index => {
                    liberties.insert(next);
                }
                Some(stone) if stone == colour && string.insert(next) => {
                    frontier.insert(next);
                }
                Some(stone) if stone != colour => {
                    // A string of the other colour whose last liberty
                    // this is would be captured.
                    let mut visited = Points::NONE;
                    if !board.has_liberty_besides(next, index, &mut visited) {
                        return false;
                    }
                }
                _ => {}
            }
        }
    }
    liberties.len() <= 1
}
