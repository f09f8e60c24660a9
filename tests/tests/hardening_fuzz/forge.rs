//! `@type` names forged to have the CRC32 of a real constructor.

// ---------------------------------------------------------------------------------------------
// Forging `@type` names with the CRC32 of a real constructor (CRC32 is affine over GF(2) for a
// fixed length: flipping chosen bits of a fixed-length name reaches any CRC).

pub(crate) fn forge_crc(target: &str) -> String {
    let want = tlgen_runtime::parse::type_crc(target);
    let base: Vec<u8> = format!("tlgenForged{}", "a".repeat(48)).into_bytes();
    let crc_of = |bytes: &[u8]| tlgen_runtime::parse::type_crc(std::str::from_utf8(bytes).unwrap());
    let base_crc = crc_of(&base);
    // Column i: what flipping 'a' <-> 'c' (bit 1) at position 11 + i does to the CRC.
    let mut basis: Vec<(u32, u64)> = Vec::new(); // (vector, combination of columns)
    for i in 0..48 {
        let mut flipped = base.clone();
        flipped[11 + i] ^= 2;
        let mut v = crc_of(&flipped) ^ base_crc;
        let mut mask = 1u64 << i;
        for &(bv, bm) in &basis {
            if v ^ bv < v {
                v ^= bv;
                mask ^= bm;
            }
        }
        if v != 0 {
            basis.push((v, mask));
            basis.sort_by_key(|&(v, _)| std::cmp::Reverse(v));
        }
    }
    let mut t = base_crc ^ want;
    let mut mask = 0u64;
    for &(bv, bm) in &basis {
        if t ^ bv < t {
            t ^= bv;
            mask ^= bm;
        }
    }
    assert_eq!(t, 0, "CRC forging failed for {target}");
    let mut name = base;
    for i in 0..48 {
        if mask >> i & 1 == 1 {
            name[11 + i] ^= 2;
        }
    }
    let name = String::from_utf8(name).unwrap();
    assert_eq!(tlgen_runtime::parse::type_crc(&name), want);
    assert_ne!(name, target);
    name
}
