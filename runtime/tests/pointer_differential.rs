//! Differential tests: the pointer tokenizer against serde_json (with `float_roundtrip`, as the
//! serde reader uses it) on generated inputs, valid and mutated, from fixed xorshift seeds.
//!
//! For every input both must accept or both reject, and accepted values must be identical
//! (floats bit for bit). References:
//! - strings: `serde_json::from_slice::<String>`;
//! - integer numbers: `serde_json::from_slice::<i32>` / `::<i64>`; integer strings: the string
//!   as serde_json decodes it, then TDLib's rule (the decimal must re-print identically);
//! - floats: `serde_json::from_slice::<f64>`; bools: `::<bool>`;
//! - `skip_value`: what `serde_json::from_slice::<Value>` accepts, i.e. serde_json's
//!   `deserialize_any`, which the serde reader's skipper uses (and never more than `IgnoredAny`);
//! - whole documents read with the typed readers: `serde_json::from_slice::<Value>`;
//! - base64: an independent definition (a string is valid iff it is `encode` of something).

mod pointer_support;

use std::collections::BTreeMap;

use pointer_support::{Rng, from_value, walk, with_cursor};
use serde::de::IgnoredAny;
use serde_json::Value;
use tlgen_runtime::Number;
use tlgen_runtime::base64;

// -------------------------------------------------------------------------------------------
// Generators
// -------------------------------------------------------------------------------------------

/// Random string content (without the quotes): plain text, every escape form, surrogates
/// (paired and lone), raw control bytes, valid and invalid raw UTF-8. `invalid_percent`
/// controls how often a piece is (likely) invalid.
fn gen_string_body(rng: &mut Rng, invalid_percent: usize) -> Vec<u8> {
    let mut out = Vec::new();
    for _ in 0..rng.below(7) {
        let invalid = rng.chance(invalid_percent);
        if !invalid {
            match rng.below(6) {
                0 | 1 => {
                    for _ in 0..rng.below(20) {
                        let b = 0x20 + rng.below(0x5f) as u8;
                        if b != b'"' && b != b'\\' {
                            out.push(b);
                        }
                    }
                }
                2 => {
                    out.push(b'\\');
                    out.push(rng.pick(b"\"\\/bfnrt"));
                }
                3 => {
                    // \uXXXX outside the surrogates, mixed case
                    let v = loop {
                        let v = rng.below(0x1_0000) as u32;
                        if !(0xD800..0xE000).contains(&v) {
                            break v;
                        }
                    };
                    push_u_escape(rng, &mut out, v);
                }
                4 => {
                    // a surrogate pair
                    let c = 0x1_0000 + rng.below(0x10_0000) as u32;
                    let v = c - 0x1_0000;
                    push_u_escape(rng, &mut out, 0xD800 + (v >> 10));
                    push_u_escape(rng, &mut out, 0xDC00 + (v & 0x3FF));
                }
                _ => {
                    // raw non-ASCII UTF-8
                    let c = loop {
                        if let Some(c) = char::from_u32(0x80 + rng.below(0x10_FF80) as u32) {
                            break c;
                        }
                    };
                    let mut buf = [0; 4];
                    out.extend_from_slice(c.encode_utf8(&mut buf).as_bytes());
                }
            }
        } else {
            match rng.below(9) {
                0 => {
                    // lone or misordered surrogates
                    let v = 0xD800 + rng.below(0x800) as u32;
                    push_u_escape(rng, &mut out, v);
                    if rng.chance(50) {
                        let w = rng.pick(&[0x41, 0xD800, 0xDBFF, 0xDC00, 0xDFFF, 0xE000]);
                        push_u_escape(rng, &mut out, w);
                    }
                }
                1 => {
                    // a high surrogate followed by another escape or text
                    push_u_escape(rng, &mut out, 0xD83D);
                    out.extend_from_slice(rng.pick(&[&b"\\n"[..], b"x", b"\\", b"\\u", b""]));
                }
                2 => out.push(1 + rng.below(0x1f) as u8), // raw control byte
                3 => {
                    out.push(b'\\');
                    out.push(rng.pick(b"xU0'a \x01\x7f\xc3"));
                }
                4 => {
                    // bad hex or a short \u
                    out.extend_from_slice(b"\\u");
                    for _ in 0..rng.below(5) {
                        out.push(rng.pick(b"0aFgG:/ \""));
                    }
                }
                5 => {
                    // invalid UTF-8
                    let bad: &[&[u8]] = &[
                        b"\x80",
                        b"\xff",
                        b"\xc3",
                        b"\xc0\x80",
                        b"\xed\xa0\x80",
                        b"\xf4\x90\x80\x80",
                        b"\xe2\x82",
                        b"\xf0\x9f\x98",
                        b"\xc3\x28",
                    ];
                    out.extend_from_slice(rng.pick(bad));
                }
                6 => out.push(b'"'),
                7 => out.push(b'\\'),
                _ => out.push(0x7f), // DEL is allowed raw
            }
        }
    }
    out
}

fn push_u_escape(rng: &mut Rng, out: &mut Vec<u8>, v: u32) {
    let hex = format!("{v:04x}");
    out.extend_from_slice(b"\\u");
    for c in hex.bytes() {
        out.push(if rng.chance(30) {
            c.to_ascii_uppercase()
        } else {
            c
        });
    }
}

fn quoted(body: &[u8]) -> Vec<u8> {
    let mut v = Vec::with_capacity(body.len() + 2);
    v.push(b'"');
    v.extend_from_slice(body);
    v.push(b'"');
    v
}

/// Integer-ish tokens around every limit, plus malformed forms.
fn integer_edges() -> Vec<String> {
    let mut v: Vec<String> = Vec::new();
    for base in [
        0i128,
        i32::MAX as i128,
        i32::MIN as i128,
        i64::MAX as i128,
        i64::MIN as i128,
        u64::MAX as i128,
        1 << 53,
        -(1 << 53),
        10i128.pow(18),
        10i128.pow(19),
    ] {
        for d in -2..=2 {
            v.push((base + d).to_string());
        }
    }
    for s in [
        "-0",
        "00",
        "01",
        "-01",
        "-",
        "+1",
        ".5",
        "1.",
        "1.0",
        "1e3",
        "1E3",
        "1e-3",
        "-0.0",
        "0e0",
        "-0e0",
        "1e",
        "--1",
        "0x10",
        " 1",
        "1 ",
        "",
        "99999999999999999999999",
        "-99999999999999999999999",
        "1_000",
    ] {
        v.push(s.to_string());
    }
    v
}

/// A random number token: mostly grammatical, sometimes mutated; integer and float shapes,
/// long mantissas, extreme exponents, and shortest/long renderings of random doubles.
fn gen_number(rng: &mut Rng) -> String {
    let mut s = String::new();
    match rng.below(6) {
        0 => {
            let f = f64::from_bits(rng.next());
            if !f.is_finite() {
                return "1e400".to_string();
            }
            s = match rng.below(4) {
                0 => format!("{f:e}"),
                1 => format!("{f:?}"),
                2 => format!("{:.*e}", rng.below(30), f),
                _ => format!("{:.*e}", 15 + rng.below(10), f),
            };
            // serde_json and Rust print `inf`/`NaN` never here; `{:?}` may print `1e-7`
            // style, which is JSON.
        }
        1 => {
            // TDLib's fixed notation with 6 decimals
            let f = (rng.next() as i64 as f64) / 10f64.powi(rng.below(25) as i32);
            s = format!("{f:.6}");
        }
        2 => {
            // integers of every length
            if rng.chance(40) {
                s.push('-');
            }
            let n = 1 + rng.below(25);
            s.push(char::from(b'1' + rng.below(9) as u8));
            rng.digits(n - 1, &mut s);
        }
        _ => {
            if rng.chance(40) {
                s.push('-');
            }
            if rng.chance(25) {
                s.push('0');
            } else {
                s.push(char::from(b'1' + rng.below(9) as u8));
                let max = if rng.chance(10) { 40 } else { 19 };
                let n = rng.below(max);
                rng.digits(n, &mut s);
            }
            if rng.chance(60) {
                s.push('.');
                let max = if rng.chance(10) { 40 } else { 12 };
                let n = 1 + rng.below(max);
                rng.digits(n, &mut s);
            }
            if rng.chance(40) {
                s.push(rng.pick(&['e', 'E']));
                match rng.below(3) {
                    0 => s.push('-'),
                    1 => s.push('+'),
                    _ => {}
                }
                let max = if rng.chance(5) { 25 } else { 3 };
                let n = 1 + rng.below(max);
                rng.digits(n, &mut s);
            }
        }
    }
    if rng.chance(15) {
        mutate_text(rng, &mut s, b"+-.eE0123456789x ");
    }
    s
}

fn mutate_text(rng: &mut Rng, s: &mut String, alphabet: &[u8]) {
    let mut b = std::mem::take(s).into_bytes();
    mutate(rng, &mut b, alphabet);
    *s = String::from_utf8(b).expect("ASCII alphabet");
}

/// One random edit: delete, insert, replace, truncate or duplicate a byte.
fn mutate(rng: &mut Rng, b: &mut Vec<u8>, alphabet: &[u8]) {
    let at = if b.is_empty() { 0 } else { rng.below(b.len()) };
    match rng.below(5) {
        0 if !b.is_empty() => {
            b.remove(at);
        }
        1 => b.insert(at, rng.pick(alphabet)),
        2 if !b.is_empty() => b[at] = rng.pick(alphabet),
        3 => b.truncate(at),
        _ if !b.is_empty() => {
            let c = b[at];
            b.insert(at, c);
        }
        _ => b.push(rng.pick(alphabet)),
    }
}

// -------------------------------------------------------------------------------------------
// Helpers
// -------------------------------------------------------------------------------------------

/// `skip_value` accepts exactly what serde_json's `deserialize_any` accepts (`Value`), and
/// nothing that `IgnoredAny` (which checks less) rejects.
fn assert_skip_agrees(json: &[u8]) {
    let skipped = with_cursor(json, |c| c.skip_value(1)).is_some();
    let any = serde_json::from_slice::<Value>(json).is_ok();
    assert_eq!(skipped, any, "skip {:?}", String::from_utf8_lossy(json));
    if skipped {
        assert!(serde_json::from_slice::<IgnoredAny>(json).is_ok());
    }
}

/// TDLib's rule for integers given as strings: the text must re-print identically.
fn tdlib_integer<T: std::str::FromStr + ToString>(s: &str) -> Option<T> {
    s.parse::<T>().ok().filter(|v| v.to_string() == s)
}

// -------------------------------------------------------------------------------------------
// Scalars
// -------------------------------------------------------------------------------------------

#[test]
fn strings_match_serde_json() {
    let mut rng = Rng::new(0x5eed_0001);
    let (mut accepted, mut rejected) = (0, 0);
    for i in 0..30_000 {
        let mut json = quoted(&gen_string_body(&mut rng, if i % 2 == 0 { 0 } else { 15 }));
        if rng.chance(5) {
            mutate(&mut rng, &mut json, b"\"\\u0aZ \x01\xc3");
            json.retain(|&b| b != 0);
        }
        let ours = with_cursor(&json, |c| c.read_str().map(|s| s.into_owned()));
        let theirs = serde_json::from_slice::<String>(&json).ok();
        assert_eq!(
            ours,
            theirs,
            "read_str on {:?}",
            String::from_utf8_lossy(&json)
        );
        assert_skip_agrees(&json);
        // an object key is validated like a string value
        let mut object = b"{".to_vec();
        object.extend_from_slice(&json);
        object.extend_from_slice(b":0}");
        let key = with_cursor(&object, |c| {
            c.begin_object(1)?;
            let k = c.next_key()?.map(|k| k.into_owned());
            c.read_i32()?;
            c.next_key()?;
            Ok(k)
        });
        let serde_key = serde_json::from_slice::<BTreeMap<String, i32>>(&object)
            .ok()
            .map(|m| m.into_keys().next());
        assert_eq!(key, serde_key, "key {json:?}");
        if ours.is_some() {
            accepted += 1;
        } else {
            rejected += 1;
        }
    }
    assert!(
        accepted > 10_000 && rejected > 5_000,
        "{accepted} / {rejected}"
    );
}

#[test]
fn integers_match_serde_json() {
    let mut rng = Rng::new(0x5eed_0002);
    let mut inputs = integer_edges();
    for _ in 0..30_000 {
        inputs.push(gen_number(&mut rng));
    }
    let mut accepted = 0;
    for token in &inputs {
        let json = token.as_bytes();
        let ours32 = with_cursor(json, |c| c.read_i32());
        let ours64 = with_cursor(json, |c| c.read_i64());
        assert_eq!(
            ours32,
            serde_json::from_slice::<i32>(json).ok(),
            "i32 {token:?}"
        );
        assert_eq!(
            ours64,
            serde_json::from_slice::<i64>(json).ok(),
            "i64 {token:?}"
        );
        accepted += usize::from(ours64.is_some());

        // the same text as a string
        let mut string = quoted(json);
        if rng.chance(10) {
            // sometimes with an escaped digit
            if let Some(p) = string.iter().position(u8::is_ascii_digit) {
                let d = string[p];
                string.splice(p..=p, format!("\\u{:04x}", d).into_bytes());
            }
        }
        let decoded = serde_json::from_slice::<String>(&string).ok();
        let want32 = decoded.as_deref().and_then(tdlib_integer::<i32>);
        let want64 = decoded.as_deref().and_then(tdlib_integer::<i64>);
        assert_eq!(
            with_cursor(&string, |c| c.read_i32()),
            want32,
            "i32 {string:?}"
        );
        assert_eq!(
            with_cursor(&string, |c| c.read_i64()),
            want64,
            "i64 {string:?}"
        );
    }
    assert!(accepted > 5_000, "{accepted}");
}

#[test]
fn floats_match_serde_json_bit_for_bit() {
    let mut rng = Rng::new(0x5eed_0003);
    let mut inputs = integer_edges();
    for s in [
        "1e400",
        "-1e400",
        "1e-400",
        "-1e-400",
        "1.7976931348623157e308",
        "1.7976931348623158e308",
        "1.7976931348623159e308",
        "2.2250738585072011e-308",
        "2.2250738585072012e-308",
        "4.9406564584124654e-324",
        "2.4703282292062327e-324",
        "2.4703282292062328e-324",
        "9007199254740993",
        "9007199254740993.0",
        "0.1",
        "0.30000000000000004",
        "123456789012345678901234567890",
        "0e999999999999999999999",
        "1e-999999999999999999999",
        "1e999999999999999999999",
        "0.000000",
        "-0.000000",
    ] {
        inputs.push(s.to_string());
    }
    let long: String = "1234567890".repeat(80);
    inputs.push(long.clone());
    inputs.push(format!("0.{long}e-300"));
    inputs.push(format!("{long}e-700"));
    for _ in 0..40_000 {
        inputs.push(gen_number(&mut rng));
    }
    let mut accepted = 0;
    for token in &inputs {
        let json = token.as_bytes();
        let ours = with_cursor(json, |c| c.read_f64()).map(f64::to_bits);
        let theirs = serde_json::from_slice::<f64>(json).ok().map(f64::to_bits);
        assert_eq!(ours, theirs, "f64 {token:?}");
        accepted += usize::from(ours.is_some());
        // read_number classifies like serde_json (u64 / i64 / f64)
        let number = with_cursor(json, |c| c.read_number());
        let value = serde_json::from_slice::<Value>(json).ok();
        let classified = value.as_ref().and_then(Value::as_number).map(|n| {
            if let Some(u) = n.as_u64() {
                Number::U64(u)
            } else if let Some(i) = n.as_i64() {
                Number::I64(i)
            } else {
                Number::F64(n.as_f64().expect("an f64 number"))
            }
        });
        match (number, classified) {
            (Some(Number::F64(a)), Some(Number::F64(b))) => {
                assert_eq!(a.to_bits(), b.to_bits(), "read_number {token:?}")
            }
            (a, b) => assert_eq!(a, b, "read_number {token:?}"),
        }
        assert_skip_agrees(json);
    }
    assert!(accepted > 25_000, "{accepted}");
    // a string is never a float
    assert_eq!(with_cursor(b"\"1.5\"", |c| c.read_f64()), None);
}

#[test]
fn bools_match_serde_json() {
    let mut rng = Rng::new(0x5eed_0004);
    let mut accepted = 0;
    for _ in 0..5_000 {
        let mut s = rng
            .pick(&["true", "false", "null", "0", "\"true\""])
            .to_string();
        if rng.chance(50) {
            mutate_text(&mut rng, &mut s, b"truefalsnTF \t1");
        }
        let ours = with_cursor(s.as_bytes(), |c| c.read_bool());
        assert_eq!(
            ours,
            serde_json::from_slice::<bool>(s.as_bytes()).ok(),
            "{s:?}"
        );
        accepted += usize::from(ours.is_some());
    }
    assert!(accepted > 1_000, "{accepted}");
}

// -------------------------------------------------------------------------------------------
// Base64
// -------------------------------------------------------------------------------------------

/// Decodes any string over the alphabet, ignoring `=` and dropping leftover bits.
fn lenient_base64(s: &[u8]) -> Option<Vec<u8>> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let (mut acc, mut bits, mut out) = (0u32, 0, Vec::new());
    for &c in s.iter().filter(|&&c| c != b'=') {
        acc = acc << 6 | ALPHABET.iter().position(|&a| a == c)? as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
        }
    }
    Some(out)
}

#[test]
fn base64_matches_its_definition() {
    let mut rng = Rng::new(0x5eed_0005);
    let mut accepted = 0;
    for _ in 0..30_000 {
        let mut s: Vec<u8> = if rng.chance(60) {
            let data: Vec<u8> = (0..rng.below(12)).map(|_| rng.next() as u8).collect();
            base64::encode(&data).into_bytes()
        } else {
            (0..rng.below(10))
                .map(|_| rng.pick(b"AQgw+/=Zz09-_ \n"))
                .collect()
        };
        if rng.chance(50) {
            mutate(&mut rng, &mut s, b"AQgBw+/=-_ \xff");
        }
        // valid iff it is the (unique, canonical) encoding of what a lenient decoder reads
        let want = lenient_base64(&s).filter(|d| base64::encode(d).as_bytes() == s.as_slice());
        let got = base64::decode(&s).ok();
        assert_eq!(got, want, "{:?}", String::from_utf8_lossy(&s));
        accepted += usize::from(got.is_some());
        // the same through the tokenizer, as a JSON string (invalid UTF-8 is rejected either way)
        let json = quoted(&s);
        if !s.contains(&b'"') && !s.contains(&b'\\') && !s.contains(&b'\n') {
            assert_eq!(with_cursor(&json, |c| c.read_bytes()), want, "{json:?}");
        }
    }
    assert!(accepted > 10_000, "{accepted}");
}

// -------------------------------------------------------------------------------------------
// Whole documents
// -------------------------------------------------------------------------------------------

fn whitespace(rng: &mut Rng, out: &mut Vec<u8>) {
    if rng.chance(10) {
        for _ in 0..1 + rng.below(2) {
            out.push(rng.pick(b" \t\n\r"));
        }
    }
}

fn gen_value(rng: &mut Rng, depth: usize, out: &mut Vec<u8>) {
    whitespace(rng, out);
    let kind = if depth >= 6 {
        rng.below(5)
    } else {
        rng.below(8)
    };
    match kind {
        0 => out.extend_from_slice(rng.pick(&[&b"null"[..], b"true", b"false"])),
        1 | 2 => out.extend_from_slice(gen_number(rng).as_bytes()),
        3 | 4 => out.extend_from_slice(&quoted(&gen_string_body(rng, 2))),
        5 => {
            out.push(b'[');
            for i in 0..rng.below(5) {
                if i > 0 {
                    out.push(b',');
                }
                gen_value(rng, depth + 1, out);
            }
            whitespace(rng, out);
            out.push(b']');
        }
        _ => {
            out.push(b'{');
            for i in 0..rng.below(5) {
                if i > 0 {
                    out.push(b',');
                }
                whitespace(rng, out);
                let key: &[u8] =
                    rng.pick(&[&b"\"@type\""[..], b"\"id\"", b"\"a\"", b"\"\\u0061\""]);
                if rng.chance(80) {
                    out.extend_from_slice(key);
                } else {
                    out.extend_from_slice(&quoted(&gen_string_body(rng, 5)));
                }
                whitespace(rng, out);
                out.push(b':');
                gen_value(rng, depth + 1, out);
            }
            whitespace(rng, out);
            out.push(b'}');
        }
    }
    whitespace(rng, out);
}

#[test]
fn documents_match_serde_json() {
    let mut rng = Rng::new(0x5eed_0006);
    let (mut accepted, mut rejected) = (0, 0);
    for _ in 0..25_000 {
        let mut doc = Vec::new();
        gen_value(&mut rng, 0, &mut doc);
        if rng.chance(50) {
            for _ in 0..1 + rng.below(3) {
                mutate(&mut rng, &mut doc, b"{}[],:\"\\ 0a-.e\x01\xff");
            }
        }
        assert_skip_agrees(&doc);

        let ours = with_cursor(&doc, |c| walk(c, 1));
        let theirs = serde_json::from_slice::<Value>(&doc)
            .ok()
            .map(|v| from_value(&v));
        assert_eq!(ours, theirs, "walk {:?}", String::from_utf8_lossy(&doc));
        if ours.is_some() {
            accepted += 1;
        } else {
            rejected += 1;
        }
    }
    assert!(
        accepted > 8_000 && rejected > 5_000,
        "{accepted} / {rejected}"
    );
}
