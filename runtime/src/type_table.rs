//! `@type` dispatch for both parsers: a class's constructor names in a small open-addressing
//! table keyed by the CRC32 of the name (CRC-32C, [`crate::parse::type_crc`]), then an exact
//! compare.
//!
//! The generator lays out one [`TypeTable`] per class (and one for `Object`), and the generated
//! `parse_variant` / `read_variant` turn the index it returns into a dense `match` (a jump
//! table), each arm a call that parses the constructor in its own stack frame. Compared with a
//! `match` on the CRC32 (a binary decision tree of ~11 compares for `Object`) or on the string
//! (one compare per arm, in order), a lookup is one hash probe, usually one CRC and one name
//! compare, whatever the size of the class.
//!
//! Layout (the generator writes what [`layout`] returns, so it and [`TypeTable::find`] agree):
//! `names` is the constructors' names concatenated; `slots.len()` is a power of two, at least
//! 3/2 of the number of constructors; constructor `k` (0-based, in the order given to `layout`)
//! is the slot `(crc, start, len, k + 1)` — its name's CRC32, where its name starts in `names`
//! and its length — in the first empty slot at or after `crc & (slots.len() - 1)`, probing
//! linearly with wrap-around; an empty slot is all zeros.
//!
//! Everything a probe compares is in its slot: a lookup reads one slot (two when it probes past
//! a line) and then the name's bytes, two dependent loads. On a stream of many different
//! constructors both are usually cache misses. With the CRC32s and the names' references in
//! arrays of their own, indexed by the slot's entry, there were three (docs/BENCHMARKS.md).

use crate::type_crc::type_crc;

/// One slot of a [`TypeTable`]: the CRC32 of the name, its start in the table's `names`, its
/// length, and the constructor's index + 1 (0: empty).
pub type Slot = (u32, u32, u16, u16);

/// The constructors of one class, for `@type` lookup. Built by generated code.
#[derive(Debug)]
pub struct TypeTable {
    slots: &'static [Slot],
    names: &'static str,
    len: usize,
}

impl TypeTable {
    /// A table laid out as the module documentation says (the generator's job, through
    /// [`layout`]; a wrong layout only makes lookups miss, never read out of bounds).
    pub const fn new(slots: &'static [Slot], names: &'static str) -> TypeTable {
        let mut len = 0;
        let mut rest = slots;
        while let [slot, tail @ ..] = rest {
            if slot.3 != 0 {
                len += 1;
            }
            rest = tail;
        }
        TypeTable { slots, names, len }
    }

    /// The index of the constructor called `name`, or `None` for a name the class does not
    /// have (the caller makes it `Unknown`).
    #[inline]
    pub fn find(&self, name: &str) -> Option<usize> {
        let crc = type_crc(name);
        let mask = self.slots.len().wrapping_sub(1);
        let mut slot = crc as usize & mask;
        for _ in 0..self.slots.len() {
            let &(slot_crc, start, len, entry) = self.slots.get(slot)?;
            let index = usize::from(entry).checked_sub(1)?;
            if slot_crc == crc && usize::from(len) == name.len() && self.matches(start, name) {
                return Some(index);
            }
            slot = (slot + 1) & mask;
        }
        None
    }

    /// The exact compare after the CRC32 and the length matched.
    #[inline]
    fn matches(&self, start: u32, name: &str) -> bool {
        let start = start as usize;
        self.names
            .as_bytes()
            .get(start..start.wrapping_add(name.len()))
            .is_some_and(|stored| same_bytes(stored, name.as_bytes()))
    }

    /// The number of constructors.
    pub fn len(&self) -> usize {
        self.len
    }

    /// `true` for a class without constructors (possible after pruning).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// `a == b` for two slices of the same length, inlined: names of up to 32 bytes (nearly all of
/// td_api's) as two overlapping compares of 4, 8 or 16 bytes, longer ones by the slice compare. A
/// constructor name is most often 10 to 25 bytes, and the call to `bcmp` that `==` makes, with
/// the registers it spills around it, cost more than the compare (docs/BENCHMARKS.md, "Four
/// small cuts in the per-document path").
#[inline(always)]
fn same_bytes(a: &[u8], b: &[u8]) -> bool {
    /// The `N` bytes of `s` at `at`, if it has them.
    #[inline(always)]
    fn bytes<const N: usize>(s: &[u8], at: usize) -> Option<[u8; N]> {
        s.get(at..at.wrapping_add(N))?.try_into().ok()
    }
    /// The `N` bytes at `at` are present in `a` and the same in `b`.
    #[inline(always)]
    fn same<const N: usize>(a: &[u8], b: &[u8], at: usize) -> bool {
        let x = bytes::<N>(a, at);
        x.is_some() && x == bytes::<N>(b, at)
    }
    let len = a.len();
    if len != b.len() {
        return false;
    }
    match len {
        0..=3 => a.iter().zip(b).all(|(x, y)| x == y),
        4..=7 => same::<4>(a, b, 0) && same::<4>(a, b, len - 4),
        8..=16 => same::<8>(a, b, 0) && same::<8>(a, b, len - 8),
        17..=32 => same::<16>(a, b, 0) && same::<16>(a, b, len - 16),
        _ => a == b,
    }
}

/// The table of constructors called `names` (constructor `k` is `names[k]`): its slots and its
/// concatenated names, laid out as the module documentation says. The generator calls it to
/// write each table. `None` when a table is too big for its slots' fields: more than 65,535
/// constructors, a name longer than 65,535 bytes, or names of more than 4 GiB in all.
#[allow(
    clippy::indexing_slicing,
    reason = "`slot` is masked by `len - 1`, `len` a power of two"
)]
pub fn layout(names: &[&str]) -> Option<(Vec<Slot>, String)> {
    let len = (names.len() + names.len().div_ceil(2))
        .next_power_of_two()
        .max(2);
    let mut slots = vec![(0, 0, 0, 0); len];
    let mut all = String::new();
    for (index, name) in names.iter().enumerate() {
        let crc = type_crc(name);
        let start = u32::try_from(all.len()).ok()?;
        all.push_str(name);
        let mut slot = crc as usize & (len - 1);
        while slots[slot].3 != 0 {
            slot = (slot + 1) & (len - 1);
        }
        slots[slot] = (
            crc,
            start,
            u16::try_from(name.len()).ok()?,
            u16::try_from(index + 1).ok()?,
        );
    }
    u32::try_from(all.len()).ok()?;
    Some((slots, all))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn leak<T>(v: Vec<T>) -> &'static [T] {
        Vec::leak(v)
    }

    fn table(names: &[&str]) -> TypeTable {
        let (slots, all) = layout(names).unwrap();
        TypeTable::new(leak(slots), String::leak(all))
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
        // "plumless" and "myotfyql" share the CRC-32C 0x91a102a5.
        assert_eq!(type_crc("plumless"), 0x91a1_02a5);
        assert_eq!(type_crc("myotfyql"), 0x91a1_02a5);
        let t = table(&["plumless"]);
        assert_eq!(t.find("plumless"), Some(0));
        assert_eq!(t.find("myotfyql"), None);
        let t = table(&["plumless", "myotfyql"]);
        assert_eq!(t.find("myotfyql"), Some(1));
    }

    #[test]
    fn layout_refuses_what_its_slots_cannot_hold() {
        let names: Vec<String> = (0..65_536).map(|i| format!("c{i}")).collect();
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        assert!(layout(&names[..65_535]).is_some());
        assert!(layout(&names).is_none());
        let long = "x".repeat(65_536);
        assert!(layout(&[&long[..65_535]]).is_some());
        assert!(layout(&[&long]).is_none());
    }

    #[test]
    fn same_bytes_is_slice_equality_at_every_length() {
        let a: Vec<u8> = (0..40u8).map(|i| b'a' + i % 26).collect();
        for len in 0..=40 {
            let x = &a[..len];
            let copy = x.to_vec();
            assert!(super::same_bytes(x, &copy), "{len}");
            for at in 0..len {
                let mut y = x.to_vec();
                y[at] ^= 0x20;
                assert!(!super::same_bytes(x, &y), "{len} {at}");
            }
            if len > 0 {
                assert!(!super::same_bytes(x, &x[..len - 1]), "{len}");
            }
        }
    }

    #[test]
    fn same_crc_different_length_is_a_miss() {
        // a slot whose CRC32 matches but whose length does not is passed over, without
        // reading the names
        let crc = type_crc("ok");
        let slots = leak(vec![(crc, 0, 3, 1), (0, 0, 0, 0)]);
        let t = TypeTable::new(slots, "okx");
        assert_eq!(t.len(), 1);
        assert_eq!(t.find("ok"), None);
    }

    #[test]
    fn empty_and_malformed_tables_miss_without_panicking() {
        let t = table(&[]);
        assert!(t.is_empty());
        assert_eq!(t.find("ok"), None);
        assert_eq!(TypeTable::new(&[], "").find("ok"), None);
        // a name past the end of the names, a full table of other names: misses, terminates
        let a = type_crc("a");
        let past = leak(vec![(a, 7, 1, 1), (a, u32::MAX, 1, 2)]);
        assert_eq!(TypeTable::new(past, "a").find("a"), None);
        let full = leak(vec![(type_crc("b"), 0, 1, 1); 4]);
        assert_eq!(TypeTable::new(full, "b").find("a"), None);
    }
}
