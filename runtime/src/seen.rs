//! The set of fields already read in one object, shared by both parsers: the duplicate-key rule
//! (the first occurrence of a key wins, as in TDLib) asks it for every field they read.
//!
//! Any number of fields works. The first 64 live in one word, which is all that TDLib's
//! constructors need (its widest has fewer than 64 fields): one shift and one `or` per field, no
//! allocation. A constructor wider than that (`telegram_api.tl`'s `channelFull` has 67 fields)
//! keeps the rest in words allocated the first time one of them is read, once per object.

/// Fields of one object already read, by their index in the constructor's declaration.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct SeenFields {
    /// Fields 0 to 63.
    low: u64,
    /// Fields from 64 on, 64 a word; empty (no allocation) until one of them is read.
    high: Vec<u64>,
}

impl SeenFields {
    /// No field seen.
    #[inline]
    pub const fn new() -> SeenFields {
        SeenFields {
            low: 0,
            high: Vec::new(),
        }
    }

    /// Marks field `index` as read. Returns `true` if it was not read before (as
    /// `HashSet::insert` does): the caller reads the value then, and skips it otherwise.
    #[inline(always)]
    pub fn insert(&mut self, index: usize) -> bool {
        match u32::try_from(index).ok().and_then(|i| 1u64.checked_shl(i)) {
            Some(mask) => {
                let new = self.low & mask == 0;
                self.low |= mask;
                new
            }
            None => self.insert_high(index),
        }
    }

    /// [`insert`](Self::insert) for a field from 64 on (out of line: only wide constructors).
    #[cold]
    #[inline(never)]
    fn insert_high(&mut self, index: usize) -> bool {
        let word = index / 64 - 1;
        if self.high.len() <= word {
            self.high.resize(word + 1, 0);
        }
        let mask = 1u64 << (index % 64);
        match self.high.get_mut(word) {
            Some(bits) => {
                let new = *bits & mask == 0;
                *bits |= mask;
                new
            }
            // Unreachable: the vector was just grown to hold `word`.
            None => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::SeenFields;

    #[test]
    fn every_index_is_new_once() {
        for width in [1, 63, 64, 65, 128, 300, 1000] {
            let mut seen = SeenFields::new();
            // Out of order, as keys may come: the odd ones, then all of them.
            for i in (1..width).step_by(2) {
                assert!(seen.insert(i), "{i} of {width} new");
            }
            for i in 0..width {
                assert_eq!(seen.insert(i), i % 2 == 0, "{i} of {width} again");
            }
            for i in 0..width {
                assert!(!seen.insert(i), "{i} of {width} a third time");
            }
        }
    }

    #[test]
    fn low_fields_allocate_nothing() {
        let mut seen = SeenFields::new();
        for i in 0..64 {
            seen.insert(i);
        }
        assert_eq!(seen.high.capacity(), 0);
        seen.insert(64);
        assert_eq!(seen.high, [1]);
        seen.insert(200);
        assert_eq!(seen.high.len(), 3);
    }
}
