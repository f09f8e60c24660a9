//! Random valid JSON values and strings, and escaping of string bodies.

use super::*;

// ---------------------------------------------------------------------------------------------
// Random valid JSON values and strings

pub(crate) const ESCAPES: &[&str] = &[
    "\\\"",
    "\\\\",
    "\\/",
    "\\b",
    "\\f",
    "\\n",
    "\\r",
    "\\t",
    "\\u0000",
    "\\u001f",
    "\\u0041",
    "\\u00e9",
    "\\u00E9",
    "\\u20ac",
    "\\uffff",
    "\\ud83d\\ude00",
    "\\uD83D\\uDE00",
    "\\udbff\\udfff",
    "\\ud800\\udc00",
    "\\u2028",
];

pub(crate) const RAW_CHARS: &[&str] = &["a", "Z", "0", " ", "~", "é", "中", "😀", "\u{7f}", "ß"];

/// A valid string body (escapes included).
pub(crate) fn random_string_body(rng: &mut Rng) -> Vec<u8> {
    let mut out = Vec::new();
    for _ in 0..rng.below(12) {
        if rng.chance(35) {
            out.extend_from_slice(rng.pick(ESCAPES).as_bytes());
        } else {
            out.extend_from_slice(rng.pick(RAW_CHARS).as_bytes());
        }
    }
    out
}

pub(crate) const VALID_NUMBERS: &[&str] = &[
    "0",
    "-0",
    "1",
    "-1",
    "42",
    "2147483647",
    "-2147483648",
    "9007199254740993",
    "9223372036854775807",
    "-9223372036854775808",
    "18446744073709551615",
    "18446744073709551616",
    "-9223372036854775809",
    "1.5",
    "-0.0",
    "0.1",
    "1e10",
    "1E-7",
    "2.5e+3",
    "1e308",
    "1.7976931348623157e308",
    "4.9e-324",
    "1e-400",
    "123456789012345678901234",
    "0.30000000000000004",
    "3.141592653589793",
];

pub(crate) fn random_value(rng: &mut Rng, depth: usize) -> J {
    match rng.below(if depth >= 4 { 5 } else { 8 }) {
        0 => J::Null,
        1 => J::Bool(rng.chance(50)),
        2 => J::Num(rng.pick(VALID_NUMBERS).as_bytes().to_vec()),
        3 => J::Num(
            (rng.next() as i64 >> rng.below(64))
                .to_string()
                .into_bytes(),
        ),
        4 => J::Str(random_string_body(rng)),
        5 | 6 => J::Arr(
            (0..rng.below(4))
                .map(|_| random_value(rng, depth + 1))
                .collect(),
        ),
        _ => J::Obj(
            (0..rng.below(4))
                .map(|_| (random_string_body(rng), random_value(rng, depth + 1)))
                .collect(),
        ),
    }
}

/// Rewrites a string body so that some characters are escaped; the decoded text is unchanged.
pub(crate) fn escape_some(body: &[u8], rng: &mut Rng, percent: u64) -> Vec<u8> {
    let mut out = Vec::with_capacity(body.len() * 2);
    let text = match std::str::from_utf8(body) {
        Ok(t) => t,
        Err(_) => return body.to_vec(),
    };
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            // keep an existing escape as it is
            out.push(b'\\');
            if let Some(next) = chars.next() {
                let mut buf = [0; 4];
                out.extend_from_slice(next.encode_utf8(&mut buf).as_bytes());
                if next == 'u' {
                    for _ in 0..4 {
                        if let Some(h) = chars.next() {
                            out.extend_from_slice(h.encode_utf8(&mut buf).as_bytes());
                        }
                    }
                }
            }
            continue;
        }
        if !rng.chance(percent) {
            let mut buf = [0; 4];
            out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
            continue;
        }
        let upper = rng.chance(50);
        let mut hex = |v: u32| {
            let s = if upper {
                format!("\\u{v:04X}")
            } else {
                format!("\\u{v:04x}")
            };
            out.extend_from_slice(s.as_bytes());
        };
        match c {
            '/' if rng.chance(50) => out.extend_from_slice(b"\\/"),
            c if (c as u32) < 0x1_0000 => hex(c as u32),
            c => {
                let v = c as u32 - 0x1_0000;
                hex(0xD800 + (v >> 10));
                hex(0xDC00 + (v & 0x3FF));
            }
        }
    }
    out
}
