//! The hash of `@type` dispatch: the CRC32 of a constructor's name, with the Castagnoli
//! polynomial (CRC-32C, reflected `0x82F63B78`, the CRC of iSCSI and ext4), which x86-64's
//! SSE4.2 `crc32` instruction computes 8 bytes at a time.
//!
//! The generator stores each constructor's CRC in its class's
//! [`TypeTable`](crate::type_table::TypeTable) through [`crate::type_table::layout`], which
//! calls [`type_crc`] as the parsers do, so generated tables and lookups always agree.
//!
//! Two implementations give the same value: the instruction, chosen at run time when the CPU
//! has it (cached by `std`, or fixed at compile time under `-C target-feature=+sse4.2`), and a
//! table-driven one (slicing by 8, tables built at compile time) everywhere else. A lookup hashes
//! a name of 2 to 60 bytes on the critical path of every tagged object: the instruction does
//! it in one dependent 3-cycle step per 8 bytes, the tables in 8 loads per 8 bytes plus one
//! dependent load per remaining byte, from 8 KiB of tables that a stream of large documents
//! keeps pushing out of the L1 cache (docs/BENCHMARKS.md, "`@type` hashed with CRC-32C").

/// The CRC-32C of an `@type` name, as the generator computed it for each constructor.
#[inline]
pub fn type_crc(name: &str) -> u32 {
    #[cfg(target_arch = "x86_64")]
    {
        // (a constant `true` when the build requires SSE4.2: the macro tests `cfg!` first)
        if std::arch::is_x86_feature_detected!("sse4.2") {
            // SAFETY: the CPU has SSE4.2 (detected just above).
            return unsafe { crc32c_sse42(name.as_bytes()) };
        }
    }
    crc32c_tables(name.as_bytes())
}

/// [`type_crc`] through SSE4.2's `crc32` instruction: 8 bytes per step, then 4, 2 and 1.
///
/// # Safety
///
/// The CPU supports SSE4.2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "sse4.2")]
#[allow(
    unused_unsafe,
    reason = "the intrinsics are `unsafe` before Rust 1.87 (our rust-version is 1.85) and safe \
              inside a `target_feature` function after"
)]
unsafe fn crc32c_sse42(bytes: &[u8]) -> u32 {
    use std::arch::x86_64::{_mm_crc32_u8, _mm_crc32_u16, _mm_crc32_u32, _mm_crc32_u64};
    // (a loop on the slice's own length: no chunk count computed first, for names of 2 to 60
    // bytes whose 8-byte steps are 0 to 7)
    let mut crc = u64::from(!0u32);
    let mut rest = bytes;
    while let Some((word, tail)) = rest.split_first_chunk::<8>() {
        // SAFETY: SSE4.2 is enabled in this function (caller).
        crc = unsafe { _mm_crc32_u64(crc, u64::from_le_bytes(*word)) };
        rest = tail;
    }
    // `_mm_crc32_u64` leaves the 32-bit CRC in the low half.
    let mut crc = crc as u32;
    if let Some((word, tail)) = rest.split_first_chunk::<4>() {
        // SAFETY: as above.
        crc = unsafe { _mm_crc32_u32(crc, u32::from_le_bytes(*word)) };
        rest = tail;
    }
    if let Some((word, tail)) = rest.split_first_chunk::<2>() {
        // SAFETY: as above.
        crc = unsafe { _mm_crc32_u16(crc, u16::from_le_bytes(*word)) };
        rest = tail;
    }
    if let [byte] = rest {
        // SAFETY: as above.
        crc = unsafe { _mm_crc32_u8(crc, *byte) };
    }
    !crc
}

/// [`type_crc`] without the instruction: slicing by 8 over [`TABLES`].
#[allow(
    clippy::indexing_slicing,
    clippy::expect_used,
    reason = "indices are bytes (< 256) into 256-entry tables; the chunks are exactly 8 bytes"
)]
fn crc32c_tables(bytes: &[u8]) -> u32 {
    let t = &TABLES;
    let mut crc = !0u32;
    let mut chunks = bytes.chunks_exact(8);
    for chunk in &mut chunks {
        let (lo, hi) = chunk.split_at(4);
        let lo = u32::from_le_bytes(lo.try_into().expect("4 bytes")) ^ crc;
        let hi = u32::from_le_bytes(hi.try_into().expect("4 bytes"));
        let byte = |w: u32, i: u32| (w >> (8 * i) & 0xff) as usize;
        crc = t[7][byte(lo, 0)]
            ^ t[6][byte(lo, 1)]
            ^ t[5][byte(lo, 2)]
            ^ t[4][byte(lo, 3)]
            ^ t[3][byte(hi, 0)]
            ^ t[2][byte(hi, 1)]
            ^ t[1][byte(hi, 2)]
            ^ t[0][byte(hi, 3)];
    }
    for &b in chunks.remainder() {
        crc = t[0][((crc ^ u32::from(b)) & 0xff) as usize] ^ (crc >> 8);
    }
    !crc
}

/// The reflected CRC-32C polynomial.
const POLYNOMIAL: u32 = 0x82F6_3B78;

/// Slicing-by-8 tables of [`POLYNOMIAL`]: `[0]` is the classic byte table, `[k]` advances a
/// byte's contribution by `k` more zero bytes.
#[allow(
    clippy::indexing_slicing,
    reason = "constant evaluation: a bad index fails the build"
)]
static TABLES: [[u32; 256]; 8] = {
    let mut t = [[0u32; 256]; 8];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                POLYNOMIAL ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        t[0][i] = c;
        i += 1;
    }
    let mut i = 0;
    while i < 256 {
        let mut k = 1;
        while k < 8 {
            t[k][i] = (t[k - 1][i] >> 8) ^ t[0][(t[k - 1][i] & 0xff) as usize];
            k += 1;
        }
        i += 1;
    }
    t
};

#[cfg(test)]
mod tests {
    use super::*;

    /// CRC-32C bit by bit, the definition the fast versions are checked against.
    fn bitwise(bytes: &[u8]) -> u32 {
        let mut crc = !0u32;
        for &b in bytes {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 != 0 {
                    (crc >> 1) ^ POLYNOMIAL
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }

    #[test]
    fn the_check_value_of_crc32c() {
        // The catalogue's check value of CRC-32/ISCSI.
        assert_eq!(bitwise(b"123456789"), 0xE306_9283);
        assert_eq!(type_crc("123456789"), 0xE306_9283);
        assert_eq!(crc32c_tables(b"123456789"), 0xE306_9283);
        assert_eq!(type_crc(""), 0);
    }

    #[test]
    fn every_implementation_agrees_at_every_length() {
        let mut state = 0x853c_49e6_748f_ea9bu64;
        for len in 0..100 {
            for _ in 0..50 {
                let name: String = (0..len)
                    .map(|_| {
                        state ^= state << 13;
                        state ^= state >> 7;
                        state ^= state << 17;
                        char::from(b' ' + (state % 95) as u8)
                    })
                    .collect();
                let want = bitwise(name.as_bytes());
                assert_eq!(crc32c_tables(name.as_bytes()), want, "{name:?}");
                assert_eq!(type_crc(&name), want, "{name:?}");
                #[cfg(target_arch = "x86_64")]
                if std::arch::is_x86_feature_detected!("sse4.2") {
                    // SAFETY: detected just above.
                    assert_eq!(unsafe { crc32c_sse42(name.as_bytes()) }, want, "{name:?}");
                }
            }
        }
    }
}
