//! A JSON tree that keeps member order and raw tokens, written back with random whitespace, and the walks over it the rewrites use.

use super::*;

// ---------------------------------------------------------------------------------------------
// A JSON tree that keeps member order and raw tokens (numbers and string bodies byte for byte),
// so that an unmodified tree writes back exactly the input.

#[derive(Clone, Debug)]
pub(crate) enum J {
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

pub(crate) struct TreeParser<'a> {
    pub(crate) s: &'a [u8],
    pub(crate) i: usize,
}

impl TreeParser<'_> {
    pub(crate) fn parse(s: &[u8]) -> Option<J> {
        let mut p = TreeParser { s, i: 0 };
        let v = p.value(0)?;
        p.ws();
        (p.i == s.len()).then_some(v)
    }

    pub(crate) fn peek(&self) -> u8 {
        self.s.get(self.i).copied().unwrap_or(0)
    }

    pub(crate) fn ws(&mut self) {
        while matches!(self.peek(), b' ' | b'\t' | b'\n' | b'\r') {
            self.i += 1;
        }
    }

    pub(crate) fn eat(&mut self, b: u8) -> bool {
        self.ws();
        if self.peek() == b {
            self.i += 1;
            true
        } else {
            false
        }
    }

    pub(crate) fn value(&mut self, depth: usize) -> Option<J> {
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
    pub(crate) fn string_body(&mut self) -> Option<Vec<u8>> {
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
pub(crate) fn write(j: &J, out: &mut Vec<u8>, rng: &mut Rng, ws: u64) {
    pub(crate) fn space(out: &mut Vec<u8>, rng: &mut Rng, ws: u64) {
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

pub(crate) fn to_bytes(j: &J, rng: &mut Rng, ws: u64) -> Vec<u8> {
    let mut out = Vec::new();
    write(j, &mut out, rng, ws);
    out
}

/// The number of nodes (pre-order: objects, arrays and scalars) for which `pred` holds.
pub(crate) fn count_where(j: &J, pred: &dyn Fn(&J) -> bool) -> usize {
    usize::from(pred(j))
        + match j {
            J::Arr(items) => items.iter().map(|i| count_where(i, pred)).sum(),
            J::Obj(members) => members.iter().map(|(_, v)| count_where(v, pred)).sum(),
            _ => 0,
        }
}

/// The `n`-th node (pre-order) for which `pred` holds.
pub(crate) fn nth_where<'a>(
    j: &'a mut J,
    pred: &dyn Fn(&J) -> bool,
    n: &mut usize,
) -> Option<&'a mut J> {
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
pub(crate) fn random_where<'a>(
    j: &'a mut J,
    rng: &mut Rng,
    pred: &dyn Fn(&J) -> bool,
) -> Option<&'a mut J> {
    let count = count_where(j, pred);
    if count == 0 {
        return None;
    }
    let mut n = rng.below(count);
    nth_where(j, pred, &mut n)
}

/// An object's members: raw key body and value.
pub(crate) type Members = Vec<(Vec<u8>, J)>;

/// Calls `f` on the members of every object, outermost first.
pub(crate) fn for_each_object(j: &mut J, f: &mut dyn FnMut(&mut Members)) {
    if let J::Obj(members) = j {
        f(members);
    }
    match j {
        J::Arr(items) => items.iter_mut().for_each(|i| for_each_object(i, f)),
        J::Obj(members) => members.iter_mut().for_each(|(_, v)| for_each_object(v, f)),
        _ => {}
    }
}

pub(crate) fn is_obj(j: &J) -> bool {
    matches!(j, J::Obj(_))
}

/// Decodes a valid string body (`None` if it is not one); used to compare keys as the parsers
/// see them.
pub(crate) fn decode_body(raw: &[u8]) -> Option<String> {
    let quoted = [&b"\""[..], raw, b"\""].concat();
    serde_json::from_slice::<String>(&quoted).ok()
}

/// A string body for `text`, escaping only what must be escaped.
pub(crate) fn encode_body(text: &str) -> Vec<u8> {
    let quoted = serde_json::to_string(text).expect("a string serializes");
    quoted.as_bytes()[1..quoted.len() - 1].to_vec()
}

/// Whether the (raw) key decodes to `name`.
pub(crate) fn key_is(raw: &[u8], name: &str) -> bool {
    raw == name.as_bytes() || decode_body(raw).is_some_and(|k| k == name)
}

pub(crate) fn has_duplicate_keys(members: &[(Vec<u8>, J)]) -> bool {
    let mut seen = BTreeSet::new();
    members
        .iter()
        .any(|(k, _)| !seen.insert(decode_body(k).unwrap_or_default()))
}
