//! Differential fuzzing of the two generated parsers (`td::validate`: the serde reader against
//! the pointer parser), from fixed seeds and in bounded time.
//!
//! Every case is one document; the verdict must be `Agree` or `BothRejected`. Anything else
//! (only one parser rejected, or both accepted with different values) fails the test, and the
//! payload is printed and saved under `$CARGO_TARGET_TMPDIR/hardening_fuzz/`.
//!
//! - Half the cases are **valid**: a corpus payload (every `corpus/*.jsonl` line and
//!   `corpus/named/*.json` file present at run time that both parsers accept), rewritten in ways
//!   that keep it valid — whitespace between tokens, members reordered (so `@type` is often not
//!   first), characters of strings and keys escaped (`\u00XX`, `\/`, surrogate pairs), unknown
//!   keys (derived from real keys: truncated or extended) and duplicate keys appended with
//!   arbitrary JSON values, fields set to `null`, `@extra` and `@client_id` added or replaced.
//!   These must give `Agree`.
//! - Half are **broken** (or at least suspicious): the same documents byte-mutated, truncated,
//!   spliced (two payloads), with escapes broken, numbers replaced by values at and past the
//!   limits (`2147483648`, `9223372036854775808`, `-0`, `1e400`, leading zeros, `+1`, ...) as
//!   numbers and as strings, invalid UTF-8, NUL inside strings (raw and `\u0000`), lone
//!   surrogates, duplicate keys *before* the real one (first wins), `@type` of the wrong class,
//!   of a name forged to have the CRC32 of a real constructor, or not a string, values of the
//!   wrong kind. These must give `BothRejected` or `Agree`.
//! - Fixed cases: every limit number in integer, `int53`, `int64` and `double` fields, as a
//!   number and as a string; nesting to 100,000 levels in every position (on a thread with a
//!   2 MiB stack: both must reject cleanly); arrays of 1,000,000 elements; the depth limit
//!   itself (256 accepted, 257 rejected by both, with the limit named in both messages).
//!
//! `TLGEN_FUZZ_CASES=N` runs N random cases instead of 100,000; `TLGEN_FUZZ_SEED=S` changes the
//! seed.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::Instant;

use tlgen_runtime::pointer::ErrorKind;
use tlgen_runtime::validate::Verdict;
use tlgen_tests::{repo_root, td};

const DEFAULT_CASES: u64 = 100_000;
const DEFAULT_SEED: u64 = 0x7d1b_2024_0006_f00d;

// ---------------------------------------------------------------------------------------------
// Random numbers (xorshift64*, seeded through splitmix64)

struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        let mut z = seed.wrapping_add(0x9e37_79b9_7f4a_7c15);
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        Rng((z ^ (z >> 31)) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.next() % 100 < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len())]
    }
}

// ---------------------------------------------------------------------------------------------
// A JSON tree that keeps member order and raw tokens (numbers and string bodies byte for byte),
// so that an unmodified tree writes back exactly the input.

#[derive(Clone, Debug)]
enum J {
    Null,
    Bool(bool),
    /// The number token as written.
    Num(Vec<u8>),
    /// The string body between the quotes, escapes as written.
    Str(Vec<u8>),
    Arr(Vec<J>),
    Obj(Vec<(Vec<u8>, J)>),
    /// Bytes written as they are (broken tokens).
    Raw(Vec<u8>),
}

struct TreeParser<'a> {
    s: &'a [u8],
    i: usize,
}

impl TreeParser<'_> {
    fn parse(s: &[u8]) -> Option<J> {
        let mut p = TreeParser { s, i: 0 };
        let v = p.value(0)?;
        p.ws();
        (p.i == s.len()).then_some(v)
    }

    fn peek(&self) -> u8 {
        self.s.get(self.i).copied().unwrap_or(0)
    }

    fn ws(&mut self) {
        while matches!(self.peek(), b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
    }

    fn eat(&mut self, b: u8) -> bool {
        self.ws();
        if self.peek() == b {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn value(&mut self, depth: usize) -> Option<J> {
        if depth > 1000 {
            return None;
        }
        self.ws();
        Some(match self.peek() {
            b'{' => {
                self.i += 1;
                let mut members = Vec::new();
                if !self.eat(b'}') {
                    loop {
                        if !self.eat(b'"') {
                            return None;
                        }
                        let key = self.string_body()?;
                        if !self.eat(b':') {
                            return None;
                        }
                        members.push((key, self.value(depth + 1)?));
                        if self.eat(b'}') {
                            break;
                        }
                        if !self.eat(b',') {
                            return None;
                        }
                    }
                }
                J::Obj(members)
            }
            b'[' => {
                self.i += 1;
                let mut items = Vec::new();
                if !self.eat(b']') {
                    loop {
                        items.push(self.value(depth + 1)?);
                        if self.eat(b']') {
                            break;
                        }
                        if !self.eat(b',') {
                            return None;
                        }
                    }
                }
                J::Arr(items)
            }
            b'"' => {
                self.i += 1;
                J::Str(self.string_body()?)
            }
            b't' if self.s[self.i..].starts_with(b"true") => {
                self.i += 4;
                J::Bool(true)
            }
            b'f' if self.s[self.i..].starts_with(b"false") => {
                self.i += 5;
                J::Bool(false)
            }
            b'n' if self.s[self.i..].starts_with(b"null") => {
                self.i += 4;
                J::Null
            }
            b'-' | b'0'..=b'9' => {
                let start = self.i;
                while matches!(self.peek(), b'-' | b'+' | b'.' | b'e' | b'E' | b'0'..=b'9') {
                    self.i += 1;
                }
                J::Num(self.s[start..self.i].to_vec())
            }
            _ => return None,
        })
    }

    /// After the opening quote: the raw body up to the closing quote (consumed).
    fn string_body(&mut self) -> Option<Vec<u8>> {
        let start = self.i;
        loop {
            match self.s.get(self.i)? {
                b'"' => {
                    let body = self.s[start..self.i].to_vec();
                    self.i += 1;
                    return Some(body);
                }
                b'\\' => self.i += 2,
                _ => self.i += 1,
            }
        }
    }
}

/// Writes `j`; `ws` is the percentage of token boundaries that get whitespace.
fn write(j: &J, out: &mut Vec<u8>, rng: &mut Rng, ws: u64) {
    fn space(out: &mut Vec<u8>, rng: &mut Rng, ws: u64) {
        if ws > 0 && rng.chance(ws) {
            for _ in 0..=rng.below(2) {
                out.push(*rng.pick(b" \t\n\r"));
            }
        }
    }
    match j {
        J::Null => out.extend_from_slice(b"null"),
        J::Bool(true) => out.extend_from_slice(b"true"),
        J::Bool(false) => out.extend_from_slice(b"false"),
        J::Num(raw) | J::Raw(raw) => out.extend_from_slice(raw),
        J::Str(body) => {
            out.push(b'"');
            out.extend_from_slice(body);
            out.push(b'"');
        }
        J::Arr(items) => {
            out.push(b'[');
            for (i, item) in items.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                space(out, rng, ws);
                write(item, out, rng, ws);
                space(out, rng, ws);
            }
            if items.is_empty() {
                space(out, rng, ws);
            }
            out.push(b']');
        }
        J::Obj(members) => {
            out.push(b'{');
            for (i, (key, value)) in members.iter().enumerate() {
                if i > 0 {
                    out.push(b',');
                }
                space(out, rng, ws);
                out.push(b'"');
                out.extend_from_slice(key);
                out.push(b'"');
                space(out, rng, ws);
                out.push(b':');
                space(out, rng, ws);
                write(value, out, rng, ws);
                space(out, rng, ws);
            }
            if members.is_empty() {
                space(out, rng, ws);
            }
            out.push(b'}');
        }
    }
}

fn to_bytes(j: &J, rng: &mut Rng, ws: u64) -> Vec<u8> {
    let mut out = Vec::new();
    write(j, &mut out, rng, ws);
    out
}

/// The number of nodes (pre-order: objects, arrays and scalars) for which `pred` holds.
fn count_where(j: &J, pred: &dyn Fn(&J) -> bool) -> usize {
    usize::from(pred(j))
        + match j {
            J::Arr(items) => items.iter().map(|i| count_where(i, pred)).sum(),
            J::Obj(members) => members.iter().map(|(_, v)| count_where(v, pred)).sum(),
            _ => 0,
        }
}

/// The `n`-th node (pre-order) for which `pred` holds.
fn nth_where<'a>(j: &'a mut J, pred: &dyn Fn(&J) -> bool, n: &mut usize) -> Option<&'a mut J> {
    if pred(j) {
        if *n == 0 {
            return Some(j);
        }
        *n -= 1;
    }
    match j {
        J::Arr(items) => items.iter_mut().find_map(|i| nth_where(i, pred, n)),
        J::Obj(members) => members.iter_mut().find_map(|(_, v)| nth_where(v, pred, n)),
        _ => None,
    }
}

/// A random node for which `pred` holds, if any.
fn random_where<'a>(j: &'a mut J, rng: &mut Rng, pred: &dyn Fn(&J) -> bool) -> Option<&'a mut J> {
    let count = count_where(j, pred);
    if count == 0 {
        return None;
    }
    let mut n = rng.below(count);
    nth_where(j, pred, &mut n)
}

/// An object's members: raw key body and value.
type Members = Vec<(Vec<u8>, J)>;

/// Calls `f` on the members of every object, outermost first.
fn for_each_object(j: &mut J, f: &mut dyn FnMut(&mut Members)) {
    if let J::Obj(members) = j {
        f(members);
    }
    match j {
        J::Arr(items) => items.iter_mut().for_each(|i| for_each_object(i, f)),
        J::Obj(members) => members.iter_mut().for_each(|(_, v)| for_each_object(v, f)),
        _ => {}
    }
}

fn is_obj(j: &J) -> bool {
    matches!(j, J::Obj(_))
}

/// Decodes a valid string body (`None` if it is not one); used to compare keys as the parsers
/// see them.
fn decode_body(raw: &[u8]) -> Option<String> {
    let quoted = [&b"\""[..], raw, b"\""].concat();
    serde_json::from_slice::<String>(&quoted).ok()
}

/// A string body for `text`, escaping only what must be escaped.
fn encode_body(text: &str) -> Vec<u8> {
    let quoted = serde_json::to_string(text).expect("a string serializes");
    quoted.as_bytes()[1..quoted.len() - 1].to_vec()
}

/// Whether the (raw) key decodes to `name`.
fn key_is(raw: &[u8], name: &str) -> bool {
    raw == name.as_bytes() || decode_body(raw).is_some_and(|k| k == name)
}

fn has_duplicate_keys(members: &[(Vec<u8>, J)]) -> bool {
    let mut seen = BTreeSet::new();
    members
        .iter()
        .any(|(k, _)| !seen.insert(decode_body(k).unwrap_or_default()))
}

// ---------------------------------------------------------------------------------------------
// Random valid JSON values and strings

const ESCAPES: &[&str] = &[
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

const RAW_CHARS: &[&str] = &["a", "Z", "0", " ", "~", "é", "中", "😀", "\u{7f}", "ß"];

/// A valid string body (escapes included).
fn random_string_body(rng: &mut Rng) -> Vec<u8> {
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

const VALID_NUMBERS: &[&str] = &[
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

fn random_value(rng: &mut Rng, depth: usize) -> J {
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
fn escape_some(body: &[u8], rng: &mut Rng, percent: u64) -> Vec<u8> {
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

// ---------------------------------------------------------------------------------------------
// Forging `@type` names with the CRC32 of a real constructor (CRC32 is affine over GF(2) for a
// fixed length: flipping chosen bits of a fixed-length name reaches any CRC).

fn forge_crc(target: &str) -> String {
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

// ---------------------------------------------------------------------------------------------
// The corpus

struct Source {
    bytes: Vec<u8>,
    tree: Option<J>,
    /// Both parsers accept it as it is.
    valid: bool,
}

fn corpus() -> Vec<Source> {
    let root = repo_root().join("corpus");
    let mut payloads: Vec<Vec<u8>> = Vec::new();
    for file in tlgen_tests::sorted_files(&root, "jsonl") {
        let bytes = std::fs::read(&file).unwrap();
        payloads.extend(
            bytes
                .split(|&b| b == b'\n')
                .map(<[u8]>::trim_ascii)
                .filter(|l| !l.is_empty())
                .map(<[u8]>::to_vec),
        );
    }
    for file in tlgen_tests::sorted_files(&root.join("named"), "json") {
        let bytes = std::fs::read(&file).unwrap();
        let bytes = bytes.trim_ascii();
        if !bytes.is_empty() {
            payloads.push(bytes.to_vec());
        }
    }
    payloads
        .into_iter()
        // documents of megabytes would dominate the run time; they are swept elsewhere
        .filter(|p| p.len() <= 64 * 1024)
        .map(|bytes| {
            let valid = tlgen_tests::validate(&bytes) == Verdict::Agree;
            let tree = TreeParser::parse(&bytes);
            Source { bytes, tree, valid }
        })
        .collect()
}

fn type_names(sources: &[Source]) -> Vec<String> {
    let mut names = BTreeSet::new();
    fn go(j: &J, names: &mut BTreeSet<String>) {
        match j {
            J::Obj(members) => {
                for (k, v) in members {
                    if k == b"@type" {
                        if let J::Str(name) = v {
                            names.insert(String::from_utf8_lossy(name).into_owned());
                        }
                    }
                    go(v, names);
                }
            }
            J::Arr(items) => items.iter().for_each(|i| go(i, names)),
            _ => {}
        }
    }
    for s in sources {
        if let Some(t) = &s.tree {
            go(t, &mut names);
        }
    }
    names.into_iter().collect()
}

// ---------------------------------------------------------------------------------------------
// Valid rewrites

struct Context {
    sources: Vec<Source>,
    valid: Vec<usize>,
    with_tree: Vec<usize>,
    type_names: Vec<String>,
    forged: Vec<String>,
    /// Every field name of every constructor of the schema (td_api.tl), so that "unknown" keys
    /// derived from real ones are really unknown.
    field_names: BTreeSet<String>,
}

/// The field names of every constructor in td_api.tl (`TLGEN_SCHEMA`, else
/// `../shared/schema/td_api.tl`, as the td-api crate's build script reads it). Empty if the
/// schema cannot be read: then no key is derived by truncation.
fn schema_field_names() -> BTreeSet<String> {
    let path = std::env::var("TLGEN_SCHEMA")
        .map(PathBuf::from)
        .unwrap_or_else(|_| repo_root().join("../shared/schema/td_api.tl"));
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//") && l.contains(" = "))
        .flat_map(|l| l.split_whitespace().skip(1))
        .filter_map(|token| token.split_once(':').map(|(name, _)| name.to_string()))
        .collect()
}

/// A key derived from `key` that is no field of a TDLib constructor: truncated (often a prefix
/// of a real field name) or extended with characters TDLib never uses in names.
fn derived_key(key: &[u8], rng: &mut Rng, field_names: &BTreeSet<String>) -> Vec<u8> {
    let mut k: Vec<char> = decode_body(key).unwrap_or_default().chars().collect();
    match rng.below(4) {
        0 if k.len() > 1 && !field_names.is_empty() => {
            k.truncate(1 + rng.below(k.len() - 1));
        }
        1 => k.push(*rng.pick(&['X', 'Y', 'Z', '~'])),
        2 => k.insert(0, '_'),
        _ => k = format!("unknown{}", rng.below(100)).chars().collect(),
    }
    let mut k: String = k.into_iter().collect();
    if matches!(k.as_str(), "" | "@type" | "@extra" | "@client_id") || field_names.contains(&k) {
        k.push('X');
    }
    encode_body(&k)
}

fn valid_case(ctx: &Context, rng: &mut Rng) -> Vec<u8> {
    let source = &ctx.sources[*rng.pick(&ctx.valid)];
    let Some(tree) = &source.tree else {
        return source.bytes.clone();
    };
    if rng.chance(10) {
        return source.bytes.clone();
    }
    let mut tree = tree.clone();
    // members reordered (not where a duplicate key would change which one wins)
    if rng.chance(40) {
        for_each_object(&mut tree, &mut |members| {
            if rng.chance(50) && !has_duplicate_keys(members) {
                for i in (1..members.len()).rev() {
                    members.swap(i, rng.below(i + 1));
                }
            }
        });
    }
    // strings and keys partly escaped
    if rng.chance(40) {
        let percent = 1 + rng.below(30) as u64;
        fn go(j: &mut J, rng: &mut Rng, percent: u64) {
            match j {
                J::Str(body) if rng.chance(30) => *body = escape_some(body, rng, percent),
                J::Arr(items) => items.iter_mut().for_each(|i| go(i, rng, percent)),
                J::Obj(members) => {
                    for (k, v) in members {
                        if rng.chance(15) {
                            *k = escape_some(k, rng, percent);
                        }
                        go(v, rng, percent);
                    }
                }
                _ => {}
            }
        }
        go(&mut tree, rng, percent);
    }
    // unknown keys and later duplicates, with arbitrary values
    if rng.chance(40) {
        for _ in 0..1 + rng.below(3) {
            if let Some(J::Obj(members)) = random_where(&mut tree, rng, &is_obj) {
                let value = random_value(rng, 0);
                if !members.is_empty() && rng.chance(50) {
                    let (key, _) = &members[rng.below(members.len())];
                    let key = key.clone();
                    members.push((key, value)); // after the original: skipped
                } else {
                    let base = members
                        .get(rng.below(members.len().max(1)))
                        .map_or(b"field".to_vec(), |(k, _)| k.clone());
                    let key = derived_key(&base, rng, &ctx.field_names);
                    // (a derived key that names a field present here goes after it: skipped)
                    let decoded = decode_body(&key);
                    let at = if members.iter().any(|(k, _)| decode_body(k) == decoded) {
                        members.len()
                    } else {
                        rng.below(members.len() + 1)
                    };
                    members.insert(at, (key, value));
                }
            }
        }
    }
    // a field set to null (null = absent), not `@type`
    if rng.chance(20) {
        if let Some(J::Obj(members)) = random_where(&mut tree, rng, &is_obj) {
            let index = rng.below(members.len().max(1));
            if let Some((k, v)) = members.get_mut(index) {
                if !key_is(k, "@type") {
                    *v = J::Null;
                }
            }
        }
    }
    // the envelope
    if rng.chance(25) {
        if let J::Obj(members) = &mut tree {
            members.retain(|(k, _)| !key_is(k, "@extra") && !key_is(k, "@client_id"));
            let at = rng.below(members.len() + 1);
            members.insert(at, (b"@extra".to_vec(), random_value(rng, 0)));
            if rng.chance(50) {
                let id = (rng.next() as i32).to_string().into_bytes();
                let at = rng.below(members.len() + 1);
                members.insert(at, (b"@client_id".to_vec(), J::Num(id)));
            }
        }
    }
    let ws = if rng.chance(40) {
        1 + rng.below(40) as u64
    } else {
        0
    };
    to_bytes(&tree, rng, ws)
}

// ---------------------------------------------------------------------------------------------
// Broken rewrites

const NUMBER_EDGES: &[&str] = &[
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

const STRING_NUMBER_EDGES: &[&str] = &[
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

const BROKEN_ESCAPES: &[&[u8]] = &[
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

const BAD_UTF8: &[&[u8]] = &[
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

const RAW_BYTES: &[&[u8]] = &[b"\x00", b"\x01", b"\x1f", b"\n", b"\t", b"\x7f", b"\\u0000"];

const ALPHABET: &[u8] = b"{}[]\",:\\ 0123456789-+.eEtrufalsn@\x00\x1f\x7f\x80\xc3\xff";

const NOT_STRINGS: &[&str] = &[
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

fn broken_tree(ctx: &Context, tree: &mut J, rng: &mut Rng) {
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

fn char_boundary(body: &[u8], rng: &mut Rng) -> usize {
    let mut at = rng.below(body.len() + 1);
    // not inside an escape or a UTF-8 sequence (it does not matter much: this is the broken
    // half, but an insertion at a boundary makes more interesting documents)
    while at > 0 && at < body.len() && (body[at] & 0xC0 == 0x80 || body[at - 1] == b'\\') {
        at -= 1;
    }
    at
}

fn broken_case(ctx: &Context, rng: &mut Rng) -> Vec<u8> {
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

// ---------------------------------------------------------------------------------------------
// Running cases

#[derive(Default)]
struct Tally {
    valid_agree: u64,
    broken_rejected: u64,
    broken_accepted: u64,
    failures: Vec<(String, Verdict, Vec<u8>)>,
}

impl Tally {
    fn check(&mut self, label: &str, payload: &[u8], must_accept: bool) {
        let verdict = tlgen_tests::validate(payload);
        match (&verdict, must_accept) {
            (Verdict::Agree, true) => self.valid_agree += 1,
            (Verdict::Agree, false) => self.broken_accepted += 1,
            (Verdict::BothRejected { .. }, false) => self.broken_rejected += 1,
            _ => {
                if self.failures.len() < 50 {
                    self.failures
                        .push((label.to_string(), verdict, payload.to_vec()));
                }
            }
        }
    }

    /// Prints and saves the failures, then fails the test if there are any.
    fn finish(&self, what: &str) {
        if self.failures.is_empty() {
            return;
        }
        let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("hardening_fuzz");
        let _ = std::fs::create_dir_all(&dir);
        for (label, verdict, payload) in &self.failures {
            let file = dir.join(format!("{}.json", label.replace([' ', '/'], "_")));
            let _ = std::fs::write(&file, payload);
            eprintln!(
                "FAILURE {label}: {verdict}\n  payload ({} bytes, saved to {}): {}",
                payload.len(),
                file.display(),
                show(payload)
            );
        }
        panic!(
            "{what}: {} cases where the parsers disagree",
            self.failures.len()
        );
    }
}

fn show(payload: &[u8]) -> String {
    let text = String::from_utf8_lossy(payload);
    let shown: String = text.chars().take(600).collect();
    format!(
        "{shown:?}{}",
        if text.chars().count() > 600 {
            "..."
        } else {
            ""
        }
    )
}

#[test]
fn differential_fuzz() {
    let started = Instant::now();
    let cases: u64 = std::env::var("TLGEN_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_CASES);
    let seed: u64 = std::env::var("TLGEN_FUZZ_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(DEFAULT_SEED);
    let sources = corpus();
    let valid: Vec<usize> = (0..sources.len()).filter(|&i| sources[i].valid).collect();
    let with_tree: Vec<usize> = (0..sources.len())
        .filter(|&i| sources[i].tree.is_some())
        .collect();
    assert!(!valid.is_empty() && !with_tree.is_empty(), "empty corpus");
    let type_names = type_names(&sources);
    let forged: Vec<String> = type_names.iter().map(|n| forge_crc(n)).collect();
    let ctx = Context {
        sources,
        valid,
        with_tree,
        type_names,
        forged,
        field_names: schema_field_names(),
    };
    eprintln!(
        "fuzz: {} corpus payloads ({} accepted by both), {} @type names (and as many forged \
         CRC32 collisions), {} schema field names, seed {seed:#x}, {cases} cases; setup {:.1?}",
        ctx.sources.len(),
        ctx.valid.len(),
        ctx.type_names.len(),
        ctx.field_names.len(),
        started.elapsed()
    );
    let mut tally = Tally::default();
    let mut bytes = 0u64;
    for case in 0..cases {
        let mut rng = Rng::new(seed ^ case.wrapping_mul(0x9e37_79b9_7f4a_7c15));
        let valid = case % 2 == 0;
        let payload = if valid {
            valid_case(&ctx, &mut rng)
        } else {
            broken_case(&ctx, &mut rng)
        };
        bytes += payload.len() as u64;
        let label = format!("seed-{seed:x}-case-{case}");
        tally.check(&label, &payload, valid);
    }
    eprintln!(
        "fuzz: {cases} cases ({bytes} bytes) in {:.1?}: valid agree {}, broken both-rejected {}, \
         broken both-accepted-equal {}, failures {}",
        started.elapsed(),
        tally.valid_agree,
        tally.broken_rejected,
        tally.broken_accepted,
        tally.failures.len()
    );
    tally.finish("differential fuzz");
}

/// Every limit number in fields of every integer kind and in `double`, `JsonValue` and skipped
/// positions, as a number and as a string.
#[test]
fn numbers_at_and_past_the_limits() {
    let templates: &[&str] = &[
        r#"{"@type":"testInt","value":X}"#,
        r#"{"@type":"logVerbosityLevel","verbosity_level":X}"#,
        r#"{"@type":"error","code":X,"message":"m"}"#,
        r#"{"@type":"ok","@client_id":X}"#,
        r#"{"@type":"optionValueInteger","value":X}"#,
        r#"{"@type":"updateDeleteMessages","chat_id":X,"message_ids":[1,X],"is_permanent":true,"from_cache":false}"#,
        r#"{"@type":"testVectorInt","value":[X,X]}"#,
        r#"{"@type":"location","latitude":X,"longitude":0,"horizontal_accuracy":0}"#,
        r#"{"@type":"seconds","seconds":X}"#,
        r#"{"@type":"ok","@extra":X}"#,
        r#"{"@type":"ok","@extra":{"a":[X]}}"#,
        r#"{"@type":"ok","unknown":X}"#,
        r#"{"unknown":X,"@type":"ok"}"#,
        r#"{"@type":"jsonValueNumber","value":X}"#,
        r#"{"@type":"testInt","value":1,"value":X}"#,
        r#"{"@type":"testInt","value":X,"value":1}"#,
    ];
    let mut tally = Tally::default();
    for (t, template) in templates.iter().enumerate() {
        let forms = NUMBER_EDGES
            .iter()
            .map(|n| n.to_string())
            .chain(STRING_NUMBER_EDGES.iter().map(|s| format!("\"{s}\"")))
            .chain(NUMBER_EDGES.iter().map(|s| format!("\"{s}\"")));
        for (n, form) in forms.enumerate() {
            let payload = template.replace('X', &form);
            tally.check(&format!("limits-{t}-{n}"), payload.as_bytes(), false);
        }
    }
    eprintln!(
        "limits: both-rejected {}, both-accepted-equal {}, failures {}",
        tally.broken_rejected,
        tally.broken_accepted,
        tally.failures.len()
    );
    tally.finish("numbers at the limits");
    assert!(tally.broken_accepted > 100 && tally.broken_rejected > 100);
}

/// Strings: NUL (raw and `\u0000`), lone surrogates, invalid UTF-8, in read, skipped, key and
/// `@type` positions.
#[test]
fn strings_with_nul_surrogates_and_bad_utf8() {
    let templates: &[&[u8]] = &[
        br#"{"@type":"testString","value":"aXb"}"#,
        br#"{"@type":"logTags","tags":["aXb","c"]}"#,
        br#"{"@type":"ok","@extra":"aXb"}"#,
        br#"{"@type":"ok","@extra":{"aXb":1}}"#,
        br#"{"@type":"ok","unknown":"aXb"}"#,
        br#"{"@type":"ok","aXb":1}"#,
        br#"{"@type":"oXk"}"#,
        br#"{"a":"X","@type":"ok"}"#,
        br#"{"@type":"testBytes","value":"AAXA"}"#,
        br#"{"@type":"optionValueInteger","value":"1X"}"#,
    ];
    let inserts: Vec<&[u8]> = BROKEN_ESCAPES
        .iter()
        .chain(BAD_UTF8)
        .chain(RAW_BYTES)
        .copied()
        .chain([
            &b"\\u0000"[..],
            b"\x00",
            b"\\ud83d",
            b"\\ude00",
            b"\\ud83d\\ude00",
        ])
        .collect();
    let mut tally = Tally::default();
    for (t, template) in templates.iter().enumerate() {
        let at = template.iter().position(|&b| b == b'X').unwrap();
        for (n, insert) in inserts.iter().enumerate() {
            let mut payload = template[..at].to_vec();
            payload.extend_from_slice(insert);
            payload.extend_from_slice(&template[at + 1..]);
            tally.check(&format!("strings-{t}-{n}"), &payload, false);
        }
    }
    eprintln!(
        "strings: both-rejected {}, both-accepted-equal {}, failures {}",
        tally.broken_rejected,
        tally.broken_accepted,
        tally.failures.len()
    );
    tally.finish("strings");
}

/// The default stack of a test thread (and of `std::thread::spawn`): 2 MiB.
const TEST_STACK: usize = 2 << 20;

/// Stack for *typed* recursion (a constructor whose field is of its own class, e.g.
/// `richTextBold.text: RichText`): the default 2 MiB. Finding F2 of docs/HARDENING.md: the
/// dispatch used to keep every constructor's value in its own frame, about 1 MiB in debug
/// builds, so 256 such levels needed about 2.8 MiB; since each constructor is parsed in its own
/// small frame (`parse_as` / `read_as`), 256 levels take about 0.85 MiB in debug builds.
const TYPED_RECURSION_STACK: usize = TEST_STACK;

/// Runs `f` on a thread with `stack` bytes of stack, so that a recursion that is not bounded
/// overflows it (which aborts the test binary) instead of passing on a big main stack.
fn on_stack<T: Send + 'static>(stack: usize, f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .name(format!("{}KiB-stack", stack >> 10))
        .stack_size(stack)
        .spawn(f)
        .expect("spawn")
        .join()
        .expect("no panic")
}

/// `richTextBold` nested around a `richTextPlain`: `levels` objects deep.
fn rich_text_bold(levels: usize) -> String {
    nest(
        levels - 1,
        "{\"@type\":\"richTextBold\",\"text\":",
        "{\"@type\":\"richTextPlain\",\"text\":\"x\"}",
        "}",
    )
}

/// Finding F2 of docs/HARDENING.md (fixed): this aborted with a stack overflow in debug builds.
#[test]
fn typed_recursion_at_the_depth_limit_on_a_2mib_stack() {
    for levels in [128, 160, 202, 256] {
        eprintln!("richTextBold nested {levels} levels on a 2 MiB stack ...");
        let payload = rich_text_bold(levels);
        let verdict = on_stack(TEST_STACK, move || {
            tlgen_tests::validate(payload.as_bytes())
        });
        assert_eq!(verdict, Verdict::Agree);
    }
}

/// `open` + `close` nested `n` times around `inner`.
fn nest(n: usize, open: &str, inner: &str, close: &str) -> String {
    let mut s = String::with_capacity(n * (open.len() + close.len()) + inner.len());
    for _ in 0..n {
        s.push_str(open);
    }
    s.push_str(inner);
    for _ in 0..n {
        s.push_str(close);
    }
    s
}

#[test]
fn nesting_100000_levels_is_rejected_cleanly() {
    let started = Instant::now();
    let n = 100_000;
    // (name, document, whether both parsers must name the depth limit: not where the nesting
    // is in a position that rejects it for its type first)
    let cases: Vec<(&str, String, bool)> = vec![
        ("top-level arrays", nest(n, "[", "", "]"), false),
        ("top-level objects", nest(n, "{\"a\":", "1", "}"), true),
        (
            "@extra arrays",
            format!("{{\"@type\":\"ok\",\"@extra\":{}}}", nest(n, "[", "", "]")),
            true,
        ),
        (
            "@extra objects",
            format!(
                "{{\"@type\":\"ok\",\"@extra\":{}}}",
                nest(n, "{\"a\":", "1", "}")
            ),
            true,
        ),
        (
            "unknown field",
            format!("{{\"@type\":\"ok\",\"x\":{}}}", nest(n, "[", "", "]")),
            true,
        ),
        (
            "before @type",
            format!(
                "{{\"x\":{},\"@type\":\"ok\"}}",
                nest(n, "[{\"y\":", "1", "}]")
            ),
            true,
        ),
        ("typed recursion (richTextBold)", rich_text_bold(n), true),
        (
            "typed recursion, @type last",
            nest(
                n,
                "{\"text\":",
                "{\"@type\":\"richTextPlain\",\"text\":\"x\"}",
                ",\"@type\":\"richTextBold\"}",
            ),
            true,
        ),
        (
            "jsonValueArray",
            nest(n, "{\"@type\":\"jsonValueArray\",\"values\":[", "", "]}"),
            true,
        ),
        (
            "vector<int32> field",
            format!(
                "{{\"@type\":\"testVectorInt\",\"value\":{}}}",
                nest(n, "[", "", "]")
            ),
            false,
        ),
        (
            "duplicate field",
            format!(
                "{{\"@type\":\"testInt\",\"value\":1,\"value\":{}}}",
                nest(n, "[", "", "]")
            ),
            true,
        ),
        (
            "unclosed",
            format!("{{\"@type\":\"ok\",\"@extra\":{}", "[".repeat(n)),
            true,
        ),
    ];
    let count = cases.len();
    let (typed, generic): (Vec<_>, Vec<_>) = cases
        .into_iter()
        .partition(|(name, _, _)| name.starts_with("typed recursion"));
    let check = |cases: Vec<(&'static str, String, bool)>| {
        let mut failures = Vec::new();
        for (name, payload, names_limit) in &cases {
            let verdict = tlgen_tests::validate(payload.as_bytes());
            let Verdict::BothRejected { reader, pointer } = &verdict else {
                failures.push(format!("{name}: {verdict}"));
                continue;
            };
            let named = |m: &str| m.contains("maximum nesting depth 256 exceeded");
            if *names_limit && !(named(reader) && named(pointer)) {
                failures.push(format!("{name}: limit not named: {verdict}"));
            }
        }
        failures
    };
    let mut failures = on_stack(TEST_STACK, move || check(generic));
    failures.extend(on_stack(TYPED_RECURSION_STACK, move || check(typed)));
    eprintln!(
        "nesting: {count} documents nested {n} levels, both rejected, in {:.1?} (typed \
         recursion on a {} KiB stack, the rest on 2 MiB)",
        started.elapsed(),
        TYPED_RECURSION_STACK >> 10
    );
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn arrays_of_a_million_elements() {
    let started = Instant::now();
    let n = 1_000_000;
    let list = |item: &str| vec![item; n].join(",");
    let cases: Vec<(&str, String, bool)> = vec![
        (
            "tags",
            format!("{{\"@type\":\"logTags\",\"tags\":[{}]}}", list("\"a\"")),
            true,
        ),
        (
            "ints",
            format!("{{\"@type\":\"testVectorInt\",\"value\":[{}]}}", list("7")),
            true,
        ),
        (
            "@extra",
            format!("{{\"@type\":\"ok\",\"@extra\":[{}]}}", list("0")),
            true,
        ),
        (
            "skipped",
            format!("{{\"@type\":\"ok\",\"x\":[{}]}}", list("{}")),
            true,
        ),
        (
            "last element bad",
            format!(
                "{{\"@type\":\"testVectorInt\",\"value\":[{},2147483648]}}",
                list("1")
            ),
            false,
        ),
        (
            "trailing comma",
            format!("{{\"@type\":\"logTags\",\"tags\":[{},]}}", list("\"a\"")),
            false,
        ),
    ];
    let mut tally = Tally::default();
    for (name, payload, valid) in &cases {
        tally.check(&format!("huge-{name}"), payload.as_bytes(), *valid);
    }
    // the vector really has a million elements, in both parsers
    let payload = &cases[1].1;
    let reader: td::Received = tlgen_runtime::reader::from_str(payload).unwrap();
    let buffer = tlgen_runtime::pointer::NulTerminated::from(payload.as_str());
    let pointer = td::parse_received(buffer.cursor()).unwrap();
    assert_eq!(reader, pointer);
    match &pointer.object {
        td::Object::TestVectorInt(v) => assert_eq!(v.value.len(), n),
        other => panic!("{}", other.type_name()),
    }
    eprintln!(
        "huge arrays: {} documents of {n} elements in {:.1?}: valid agree {}, both-rejected {}",
        cases.len(),
        started.elapsed(),
        tally.valid_agree,
        tally.broken_rejected
    );
    tally.finish("huge arrays");
}

/// The depth limit: 256 levels (every `{` and `[`, the top-level object being level 1) are
/// accepted, 257 are rejected by both parsers with an error naming the limit; TDLib's own 202
/// levels are far inside.
#[test]
fn depth_limit_is_an_error_naming_the_limit_in_both_parsers() {
    let max = tlgen_runtime::limits::MAX_DEPTH as usize;
    assert_eq!(max, 256);
    // (document with `levels` levels of nesting, for each position)
    type Shape = Box<dyn Fn(usize) -> String + Send>;
    let shapes: Vec<(&'static str, Shape)> = vec![
        (
            "@extra arrays",
            Box::new(|levels| {
                format!(
                    "{{\"@type\":\"ok\",\"@extra\":{}}}",
                    nest(levels - 1, "[", "", "]")
                )
            }),
        ),
        (
            "@extra objects",
            Box::new(|levels| {
                format!(
                    "{{\"@type\":\"ok\",\"@extra\":{}}}",
                    nest(levels - 1, "{\"a\":", "1", "}")
                )
            }),
        ),
        (
            "skipped field",
            Box::new(|levels| {
                format!(
                    "{{\"@type\":\"ok\",\"x\":{}}}",
                    nest(levels - 1, "[", "", "]")
                )
            }),
        ),
        (
            "before @type (look-ahead)",
            Box::new(|levels| {
                format!(
                    "{{\"x\":{},\"@type\":\"ok\"}}",
                    nest(levels - 1, "[", "", "]")
                )
            }),
        ),
        ("typed recursion", Box::new(rich_text_bold)),
        (
            "jsonValueArray (typed recursion through vectors)",
            Box::new(|levels| {
                let open = "{\"@type\":\"jsonValueArray\",\"values\":[";
                if levels % 2 == 0 {
                    nest(levels / 2, open, "", "]}")
                } else {
                    nest(levels / 2, open, "{\"@type\":\"jsonValueNull\"}", "]}")
                }
            }),
        ),
    ];
    let (typed, generic): (Vec<_>, Vec<_>) = shapes
        .into_iter()
        .partition(|(name, _)| name.starts_with("typed recursion"));
    let run = move |shapes: Vec<(&'static str, Shape)>| {
        let mut lines = Vec::new();
        for (name, make) in &shapes {
            for levels in [202, max - 1, max, max + 1, max + 2] {
                let payload = make(levels);
                let verdict = tlgen_tests::validate(payload.as_bytes());
                let ok = if levels <= max {
                    verdict == Verdict::Agree
                } else {
                    match &verdict {
                        Verdict::BothRejected { reader, pointer } => {
                            let text = format!("maximum nesting depth {max} exceeded");
                            reader.contains(&text) && pointer.contains(&text)
                        }
                        _ => false,
                    }
                };
                lines.push((ok, format!("{name}, {levels} levels: {verdict}")));
            }
        }
        lines
    };
    let mut report = on_stack(TEST_STACK, move || run(generic));
    report.extend(on_stack(TYPED_RECURSION_STACK, move || run(typed)));
    for (_, line) in report.iter().filter(|(ok, _)| !ok) {
        eprintln!("depth limit: {line}");
    }
    let example = report
        .iter()
        .find(|(_, l)| l.contains("257 levels"))
        .unwrap();
    eprintln!("depth limit: {} cases; e.g. {}", report.len(), example.1);
    assert!(report.iter().all(|(ok, _)| *ok));
    // The pointer parser's error kind too.
    let payload = format!(
        "{{\"@type\":\"ok\",\"@extra\":{}}}",
        nest(max, "[", "", "]")
    );
    let buffer = tlgen_runtime::pointer::NulTerminated::from(payload.as_str());
    let err = td::parse_received(buffer.cursor()).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::DepthLimitExceeded);
    assert_eq!(err.offset(), 23 + max - 1, "{err}");
}

/// The forged names really collide, so the differential loop exercises "CRC32 matched, name
/// did not".
#[test]
fn forged_type_names_collide_and_parse_as_unknown() {
    for target in [
        "ok",
        "error",
        "logTags",
        "testInt",
        "updateOption",
        "richTextBold",
    ] {
        let forged = forge_crc(target);
        let payload = format!(
            "{{\"@type\":\"{forged}\",\"value\":1,\"tags\":[\"a\"],\"code\":1,\"text\":{{\"@type\":\"richTextPlain\",\"text\":\"x\"}}}}"
        );
        let verdict = tlgen_tests::validate(payload.as_bytes());
        assert_eq!(verdict, Verdict::Agree, "{payload}");
        let buffer = tlgen_runtime::pointer::NulTerminated::from(payload.as_str());
        let parsed = td::parse_received(buffer.cursor()).unwrap();
        assert_eq!(parsed.object.type_name(), forged, "{payload}");
    }
}
