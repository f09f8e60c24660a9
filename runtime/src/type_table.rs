//! `@type` dispatch for both parsers: a class's constructor names in a small open-addressing
//! table keyed by the CRC32 of the name, then an exact compare.
//!
//! The generator lays out one [`TypeTable`] per class (and one for `Object`), and the generated
//! `parse_variant` / `read_variant` turn the index it returns into a dense `match` (a jump
//! table), each arm a call that parses the constructor in its own stack frame. Compared with a
//! `match` on the CRC32 (a binary decision tree of ~11 compares for `Object`) or on the string
//! (one compare per arm, in order), a lookup is one hash probe, usually one CRC and one name
//! compare, whatever the size of the class.
//!
//! Layout (the generator and [`TypeTable::find`] must agree): `slots.len()` is a power of two
//! at least twice the number of constructors; constructor `k` (0-based, in `crcs`/`names`
//! order) is stored as `k + 1` in the first empty slot at or after `crc & (len - 1)`, probing
//! linearly with wrap-around; `0` is an empty slot.

use crate::parse::type_crc;

/// The constructors of one class, for `@type` lookup. Built by generated code.
#[derive(Debug)]
pub struct TypeTable {
    slots: &'static [u16],
    crcs: &'static [u32],
    names: &'static [&'static str],
}

impl TypeTable {
    /// A table laid out as the module documentation says (the generator's job; a wrong layout
    /// only makes lookups miss, never read out of bounds).
    pub const fn new(
        slots: &'static [u16],
        crcs: &'static [u32],
        names: &'static [&'static str],
    ) -> TypeTable {
        TypeTable { slots, crcs, names }
    }

    /// The index of the constructor called `name`, or `None` for a name the class does not
    /// have (the caller makes it `Unknown`).
    #[inline]
    pub fn find(&self, name: &str) -> Option<usize> {
        let crc = type_crc(name);
        let mask = self.slots.len().wrapping_sub(1);
        let mut slot = crc as usize & mask;
        for _ in 0..self.slots.len() {
            let index = usize::from(*self.slots.get(slot)?).checked_sub(1)?;
            if self.crcs.get(index) == Some(&crc) && self.matches(index, name) {
                return Some(index);
            }
            slot = (slot + 1) & mask;
        }
        None
    }

    /// The exact compare after the CRC32 matched.
    #[inline]
    fn matches(&self, index: usize, name: &str) -> bool {
        // PLANTED BUG "crc_no_compare" (docs/HARDENING.md): trust the CRC32 alone.
        #[cfg(tlgen_planted = "crc_no_compare")]
        return {
            let _ = (index, name);
            true
        };
        self.names.get(index) == Some(&name)
    }

    /// The number of constructors.
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// `true` for a class without constructors (possible after pruning).
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }
}

/// The slots of a [`TypeTable`] for constructors with these name CRC32s, laid out as the module
/// documentation says. The generator calls it to write each table. `None` when a class has more
/// constructors than `u16` slots can number (more than 65,535).
#[allow(
    clippy::indexing_slicing,
    reason = "`slot` is masked by `len - 1`, `len` a power of two"
)]
pub fn layout(crcs: &[u32]) -> Option<Vec<u16>> {
    let len = (crcs.len() * 2).next_power_of_two().max(2);
    let mut slots = vec![0u16; len];
    for (index, &crc) in crcs.iter().enumerate() {
        let mut slot = crc as usize & (len - 1);
        while slots[slot] != 0 {
            slot = (slot + 1) & (len - 1);
        }
        slots[slot] = u16::try_from(index + 1).ok()?;
    }
    Some(slots)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leak<T>(v: Vec<T>) -> &'static [T] {
        Vec::leak(v)
    }

    fn table(names: &[&'static str]) -> TypeTable {
        let crcs: Vec<u32> = names.iter().map(|n| type_crc(n)).collect();
        TypeTable::new(
            leak(layout(&crcs).unwrap()),
            leak(crcs),
            leak(names.to_vec()),
        )
    }

    #[test]
    fn finds_every_name_and_only_those() {
        let names: Vec<&'static str> = (0..300)
            .map(|i| &*String::leak(format!("constructor{i}")))
            .collect();
        let t = table(&names);
        assert_eq!(t.len(), 300);
        for (i, n) in names.iter().enumerate() {
            assert_eq!(t.find(n), Some(i), "{n}");
        }
        for miss in ["", "constructor300", "Constructor1", "constructor1 ", "x"] {
            assert_eq!(t.find(miss), None, "{miss}");
        }
    }

    #[test]
    fn same_crc_different_name_is_a_miss() {
        // "plumless" and "buckeroo" share the CRC32 0x4ddb0c25.
        assert_eq!(type_crc("plumless"), type_crc("buckeroo"));
        let t = table(&["plumless"]);
        assert_eq!(t.find("plumless"), Some(0));
        assert_eq!(t.find("buckeroo"), None);
        let t = table(&["plumless", "buckeroo"]);
        assert_eq!(t.find("buckeroo"), Some(1));
    }

    #[test]
    fn layout_refuses_more_constructors_than_u16_slots() {
        let crcs: Vec<u32> = (0..65_536).collect();
        assert!(layout(&crcs[..65_535]).is_some());
        assert!(layout(&crcs).is_none());
    }

    #[test]
    fn empty_and_malformed_tables_miss_without_panicking() {
        let t = table(&[]);
        assert!(t.is_empty());
        assert_eq!(t.find("ok"), None);
        assert_eq!(TypeTable::new(&[], &[], &[]).find("ok"), None);
        // slots pointing past the names, a full table: misses, terminates
        assert_eq!(TypeTable::new(&[7, 7], &[1], &["a"]).find("a"), None);
        assert_eq!(TypeTable::new(&[1, 1, 1], &[0], &["b"]).find("a"), None);
    }
}
