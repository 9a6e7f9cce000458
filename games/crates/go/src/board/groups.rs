//! Every stone's group and every group's pseudo-liberties, kept as
//! circular lists and counts.

use super::points::{Points, to_u16};
use crate::point::MAX_POINTS;

/// Every stone's group, and every group's pseudo-liberties, as Go programs
/// keep them (libego, GNU Go's "pseudo-liberties", Fuego's liberty counts).
///
/// At a stone `s`: `head[s]`, the index naming its group (one of its
/// stones), and `next[s]`, the next stone of the group on a circular list.
/// At a group's head `h`: `size[h]` stones, and its pseudo-liberties, an
/// empty point counted once for every stone of the group beside it:
/// `liberties[h]` of them, `sum[h]` their indices added up and `squares[h]`
/// their squares. The group has exactly one liberty, point `sum / count`,
/// when every pseudo-liberty is that point, which holds exactly when
/// `count * squares == sum * sum` (the Cauchy-Schwarz equality case), so
/// "in atari" and "which liberty" cost a multiplication, with no list.
///
/// Invariants, after every read and every move: the lists partition the
/// stones into the board's groups (orthogonally connected stones of one
/// colour); the counts hold as defined. The entries at empty points are
/// never read.
#[derive(Debug, Clone)]
pub(super) struct Groups {
    pub(super) head: [u16; MAX_POINTS],
    pub(super) next: [u16; MAX_POINTS],
    pub(super) size: [u16; MAX_POINTS],
    pub(super) liberties: [u16; MAX_POINTS],
    pub(super) sum: [u32; MAX_POINTS],
    pub(super) squares: [u32; MAX_POINTS],
}

impl Groups {
    pub(super) const NONE: Groups = Groups {
        head: [0; MAX_POINTS],
        next: [0; MAX_POINTS],
        size: [0; MAX_POINTS],
        liberties: [0; MAX_POINTS],
        sum: [0; MAX_POINTS],
        squares: [0; MAX_POINTS],
    };

    /// A group of one stone at `index`, with no pseudo-liberty yet.
    pub(super) fn start(&mut self, index: usize) {
        self.head[index] = to_u16(index);
        self.next[index] = to_u16(index);
        self.size[index] = 1;
        self.liberties[index] = 0;
        self.sum[index] = 0;
        self.squares[index] = 0;
    }

    pub(super) fn head(&self, index: usize) -> usize {
        usize::from(self.head[index])
    }

    /// Counts the empty point `liberty` once more as a pseudo-liberty of the
    /// group headed at `head`.
    pub(super) fn add_liberty(&mut self, head: usize, liberty: usize) {
        let point = u32::from(to_u16(liberty));
        self.liberties[head] += 1;
        self.sum[head] += point;
        self.squares[head] += point * point;
    }

    /// Counts `liberty` once less: a stone was placed there.
    pub(super) fn remove_liberty(&mut self, head: usize, liberty: usize) {
        let point = u32::from(to_u16(liberty));
        self.liberties[head] -= 1;
        self.sum[head] -= point;
        self.squares[head] -= point * point;
    }

    /// Whether the group headed at `head` has exactly one liberty.
    pub(super) fn in_atari(&self, head: usize) -> bool {
        let count = u64::from(self.liberties[head]);
        let sum = u64::from(self.sum[head]);
        count > 0 && count * u64::from(self.squares[head]) == sum * sum
    }

    /// Whether the group headed at `head` has no liberty.
    #[cfg(test)]
    pub(super) fn captured(&self, head: usize) -> bool {
        self.liberties[head] == 0
    }

    /// Joins the groups headed at `a` and `b` (two different groups): the
    /// smaller's stones take the larger's head, and the two lists are
    /// spliced into one. O(the smaller group's stones).
    pub(super) fn merge(&mut self, a: usize, b: usize) {
        let (keep, absorbed) = if self.size[a] >= self.size[b] {
            (a, b)
        } else {
            (b, a)
        };
        let mut stone = absorbed;
        loop {
            self.head[stone] = to_u16(keep);
            stone = usize::from(self.next[stone]);
            if stone == absorbed {
                break;
            }
        }
        self.next.swap(keep, absorbed);
        self.size[keep] += self.size[absorbed];
        self.liberties[keep] += self.liberties[absorbed];
        self.sum[keep] += self.sum[absorbed];
        self.squares[keep] += self.squares[absorbed];
    }

    /// The stones of the group of the stone at `index`, added to `points`.
    pub(super) fn add_stones(&self, index: usize, points: &mut Points) {
        let mut stone = index;
        loop {
            points.insert(stone);
            stone = usize::from(self.next[stone]);
            if stone == index {
                break;
            }
        }
    }
}
