//! Broken rewrites of corpus payloads: these must give `BothRejected` or `Agree`.

use super::*;

// ---------------------------------------------------------------------------------------------
// Broken rewrites

pub(crate) const NUMBER_EDGES: &[&str] = &[
    "2147483647",
    "2147483648",
    "-2147483648",
    "-2147483649",
    "4294967296",
    "9007199254740991",
    "9007199254740993",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "-9223372036854775809",
    "18446744073709551615",
    "18446744073709551616",
    "99999999999999999999999",
    "-0",
    "0",
    "-0.0",
    "0.0",
    "1e400",
    "-1e400",
    "1e-400",
    "1e308",
    "1.7976931348623157e308",
    "1.7976931348623159e308",
    "4.9e-324",
    "2.4e-324",
    "01",
    "00",
    "-01",
    "+1",
    "1.",
    "-.5",
    ".5",
    "1e",
    "1e+",
    "1E2",
    "1.5",
    "0x10",
    "NaN",
    "Infinity",
    "-",
    "--1",
    "1_0",
    "1e0400",
    "123456789012345678901234567890e-10",
    "2147483647.0",
    "1e3",
    "-",
    "0e0",
    "-0e-0",
];

pub(crate) const STRING_NUMBER_EDGES: &[&str] = &[
    "2147483648",
    "-2147483649",
    "9223372036854775807",
    "9223372036854775808",
    "-9223372036854775808",
    "-9223372036854775809",
    "-0",
    "01",
    "+1",
    " 1",
    "1 ",
    "",
    "1e3",
    "1.0",
    "\\u0031",
    "\\u002d1",
    "12\\u0000",
    "0",
    "-",
    "18446744073709551616",
];

pub(crate) const BROKEN_ESCAPES: &[&[u8]] = &[
    b"\\x",
    b"\\u12",
    b"\\u12G4",
    b"\\U0041",
    b"\\",
    b"\\u",
    b"\\ud800",
    b"\\udc00",
    b"\\ud800\\u0041",
    b"\\ud800\\ud800",
    b"\\udbff",
    b"\\ud83d\\ude00",
    b"\\u0000",
    b"\\'",
    b"\\a",
    b"\\0",
    b"\\ ",
    b"\\ud800\\",
    b"\\ud800x",
    b"\\udfff\\ud800",
    b"\\uDC00",
];

pub(crate) const BAD_UTF8: &[&[u8]] = &[
    b"\xff",
    b"\xc3",
    b"\xc0\xaf",
    b"\xed\xa0\x80",
    b"\xf4\x90\x80\x80",
    b"\xf0\x9f\x98",
    b"\x80",
    b"\xe2\x82",
    b"\xc3\xa9",
    b"\xf0\x9f\x98\x80",
    b"\xf8\x88\x80\x80\x80",
    b"\xfe",
];

pub(crate) const RAW_BYTES: &[&[u8]] =
    &[b"\x00", b"\x01", b"\x1f", b"\n", b"\t", b"\x7f", b"\\u0000"];

pub(crate) const ALPHABET: &[u8] = b"{}[]\",:\\ 0123456789-+.eEtrufalsn@\x00\x1f\x7f\x80\xc3\xff";

pub(crate) const NOT_STRINGS: &[&str] = &[
    "1",
    "null",
    "true",
    "{}",
    "[]",
    "{\"@type\":\"ok\"}",
    "[\"ok\"]",
    "-0",
    "\"\"",
];

pub(crate) fn broken_tree(ctx: &Context, tree: &mut J, rng: &mut Rng) {
    let is_str = |j: &J| matches!(j, J::Str(_));
    match rng.below(10) {
        // numbers at and past the limits, as numbers and as strings
        0 | 1 => {
            let pred = |j: &J| match j {
                J::Num(_) => true,
                J::Str(b) => !b.is_empty() && b.iter().all(|c| c.is_ascii_digit() || *c == b'-'),
                _ => false,
            };
            if let Some(node) = random_where(tree, rng, &pred) {
                *node = if rng.chance(65) {
                    J::Raw(rng.pick(NUMBER_EDGES).as_bytes().to_vec())
                } else {
                    J::Str(rng.pick(STRING_NUMBER_EDGES).as_bytes().to_vec())
                };
            }
        }
        // escapes broken, invalid UTF-8, control bytes / NUL in a string or key
        2 | 3 => {
            let insert: &&[u8] = match rng.below(3) {
                0 => rng.pick(BROKEN_ESCAPES),
                1 => rng.pick(BAD_UTF8),
                _ => rng.pick(RAW_BYTES),
            };
            if rng.chance(75) {
                if let Some(J::Str(body)) = random_where(tree, rng, &is_str) {
                    let at = char_boundary(body, rng);
                    body.splice(at..at, insert.iter().copied());
                }
            } else if let Some(J::Obj(members)) = random_where(tree, rng, &is_obj) {
                let index = rng.below(members.len().max(1));
                if let Some((k, _)) = members.get_mut(index) {
                    let at = char_boundary(k, rng);
                    k.splice(at..at, insert.iter().copied());
                }
            }
        }
        // `@type`: another class, a forged CRC, not a string, missing, escaped
        4 | 5 => {
            let has_type = |j: &J| matches!(j, J::Obj(m) if m.iter().any(|(k, _)| k == b"@type"));
            if let Some(J::Obj(members)) = random_where(tree, rng, &has_type) {
                let index = members.iter().position(|(k, _)| k == b"@type").unwrap();
                let value = &mut members[index].1;
                match rng.below(7) {
                    0 | 1 => *value = J::Str(rng.pick(&ctx.type_names).as_bytes().to_vec()),
                    2 => *value = J::Str(rng.pick(&ctx.forged).as_bytes().to_vec()),
                    3 => *value = J::Raw(rng.pick(NOT_STRINGS).as_bytes().to_vec()),
                    4 => {
                        members.remove(index);
                    }
                    5 => {
                        if let J::Str(body) = value {
                            if let Some(c) = body.first_mut() {
                                c.make_ascii_uppercase();
                            }
                        }
                    }
                    _ => {
                        if let J::Str(body) = value {
                            *body = escape_some(body, rng, 50);
                        }
                    }
                }
            }
        }
        // a duplicate key before the real one (the first wins), with any value
        6 => {
            if let Some(J::Obj(members)) = random_where(tree, rng, &is_obj) {
                if !members.is_empty() {
                    let index = rng.below(members.len());
                    let key = members[index].0.clone();
                    let at = rng.below(index + 1);
                    members.insert(at, (key, random_value(rng, 0)));
                }
            }
        }
        // a value of another kind
        7 => {
            if let Some(node) = random_where(tree, rng, &|_| true) {
                *node = random_value(rng, 2);
            }
        }
        // an unknown key derived from a real one, before it, with any value
        8 => {
            if let Some(J::Obj(members)) = random_where(tree, rng, &is_obj) {
                if !members.is_empty() {
                    let index = rng.below(members.len());
                    let mut key = members[index].0.clone();
                    match rng.below(3) {
                        0 => {
                            key.pop();
                        }
                        1 => key.push(b's'),
                        _ => key.insert(0, b'@'),
                    }
                    members.insert(index, (key, random_value(rng, 0)));
                }
            }
        }
        // a nested object replaced by one of another type
        _ => {
            if let Some(node) = random_where(tree, rng, &is_obj) {
                let name = rng.pick(&ctx.type_names).clone();
                *node = J::Obj(vec![
                    (b"@type".to_vec(), J::Str(name.into_bytes())),
                    (b"x".to_vec(), random_value(rng, 2)),
                ]);
            }
        }
    }
}

pub(crate) fn char_boundary(body: &[u8], rng: &mut Rng) -> usize {
    let mut at = rng.below(body.len() + 1);
    // not inside an escape or a UTF-8 sequence (it does not matter much: this is the broken
    // half, but an insertion at a boundary makes more interesting documents)
    while at > 0 && at < body.len() && (body[at] & 0xC0 == 0x80 || body[at - 1] == b'\\') {
        at -= 1;
    }
    at
}

pub(crate) fn broken_case(ctx: &Context, rng: &mut Rng) -> Vec<u8> {
    // start from a valid document, sometimes already rewritten
    let base = if rng.chance(30) {
        valid_case(ctx, rng)
    } else {
        ctx.sources[rng.below(ctx.sources.len())].bytes.clone()
    };
    match rng.below(10) {
        // byte mutations
        0..=2 => {
            let mut b = base;
            for _ in 0..1 + rng.below(3) {
                let at = rng.below(b.len() + 1);
                let byte = if rng.chance(80) {
                    *rng.pick(ALPHABET)
                } else {
                    rng.next() as u8
                };
                match rng.below(3) {
                    0 if at < b.len() => b[at] = byte,
                    1 if at < b.len() => {
                        b.remove(at);
                    }
                    _ => b.insert(at, byte),
                }
            }
            b
        }
        // truncated
        3 => {
            let mut b = base;
            b.truncate(rng.below(b.len().max(1)));
            b
        }
        // spliced: a prefix of one payload and a suffix of another
        4 => {
            let other = &ctx.sources[rng.below(ctx.sources.len())].bytes;
            let mut b = base[..rng.below(base.len() + 1)].to_vec();
            b.extend_from_slice(&other[rng.below(other.len() + 1)..]);
            b
        }
        // structural rewrites on the tree
        _ => {
            let index = *rng.pick(&ctx.with_tree);
            let mut tree = ctx.sources[index].tree.clone().expect("with_tree");
            for _ in 0..1 + rng.below(2) {
                broken_tree(ctx, &mut tree, rng);
            }
            let ws = if rng.chance(20) { 10 } else { 0 };
            to_bytes(&tree, rng, ws)
        }
    }
}
