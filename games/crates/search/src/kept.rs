//! The positions a tree keeps: a vector in chunks of [`CHUNK`] positions,
//! each allocated whole, so that its spare room is at most a chunk. A
//! vector that doubles would make a tree keeping one node's position in K
//! pay, past each power of two, for as many slots as one keeping them all.

/// Positions a chunk holds.
pub(super) const CHUNK: usize = 1_024;

/// Positions by index, in chunks.
pub(super) struct Kept<N> {
    chunks: Vec<Vec<N>>,
    len: usize,
}

impl<N> Kept<N> {
    /// No position.
    pub(super) fn new() -> Self {
        Kept {
            chunks: Vec::new(),
            len: 0,
        }
    }

    /// The positions kept.
    pub(super) fn len(&self) -> usize {
        self.len
    }

    /// The positions the chunks have room for.
    pub(super) fn slots(&self) -> usize {
        self.chunks.len() * CHUNK
    }

    /// The position at `index`, if there is one.
    pub(super) fn get(&self, index: u32) -> Option<&N> {
        let index = index as usize;
        self.chunks.get(index / CHUNK)?.get(index % CHUNK)
    }

    /// Keeps `position`: its index.
    ///
    /// # Panics
    ///
    /// With 2^32 positions, which no tree's vector of nodes reaches.
    pub(super) fn push(&mut self, position: N) -> u32 {
        if self.chunks.last().is_none_or(|chunk| chunk.len() == CHUNK) {
            self.chunks.push(Vec::with_capacity(CHUNK));
        }
        let index = u32::try_from(self.len).expect("fewer than 2^32 positions");
        self.chunks
            .last_mut()
            .expect("a chunk with room")
            .push(position);
        self.len += 1;
        index
    }

    /// The positions whose index `keep` holds, in their order; the others
    /// are dropped.
    pub(super) fn retain(self, keep: impl Fn(usize) -> bool) -> Self {
        let mut kept = Kept::new();
        for (index, position) in self.chunks.into_iter().flatten().enumerate() {
            if keep(index) {
                kept.push(position);
            }
        }
        kept
    }
}

#[cfg(test)]
mod tests {
    use super::{CHUNK, Kept};

    #[test]
    fn positions_are_found_by_the_index_they_were_kept_at_across_chunks() {
        let mut kept = Kept::new();
        for value in 0..3 * CHUNK + 5 {
            assert_eq!(kept.push(value) as usize, value);
        }
        assert_eq!(kept.len(), 3 * CHUNK + 5);
        assert_eq!(kept.slots(), 4 * CHUNK, "at most a chunk spare");
        assert_eq!(
            kept.get(u32::try_from(2 * CHUNK + 1).unwrap()),
            Some(&(2 * CHUNK + 1))
        );
        assert_eq!(kept.get(u32::try_from(3 * CHUNK + 5).unwrap()), None);
    }

    #[test]
    fn retain_keeps_the_chosen_positions_in_their_order_and_gives_chunks_back() {
        let mut kept = Kept::new();
        for value in 0..2 * CHUNK {
            kept.push(value);
        }
        let even = kept.retain(|index| index % 2 == 0);
        assert_eq!(even.len(), CHUNK);
        assert_eq!(even.slots(), CHUNK);
        assert_eq!(even.get(3), Some(&6));
    }
}
