//! Conformance of a payload to TDLib's `to_json` conventions for a given schema
//! (`../shared/TDLIB_JSON.md` §1), checked on the raw text: compact pure ASCII, `@type` first in
//! every object, known constructors of the expected class, fields in declaration order with only
//! object fields omitted, `int32`/`int53` as canonical integer numbers in range, `int64` as
//! canonical decimal strings, doubles in fixed notation with exactly six decimals, bytes as
//! canonical padded base64, strings escaped exactly as `JsonString` escapes them, `null` only as
//! a vector element.
//!
//! [`Strictness::Synthetic`] additionally demands what the synthetic generator promises: every
//! non-nullable object field present, null vector elements only where the schema says "may be
//! null", and no `@extra` / `@client_id`. [`Strictness::Tdlib`] accepts what real TDLib output
//! does beyond that (any null pointer omitted, trailing `@extra` and `@client_id`).

use std::collections::HashMap;

use super::json::{base64_encode, escape};
use super::scan::{self, Node};
use tlgen_model::model::{Model, Scalar, Shape, StructId};

/// How much to demand beyond TDLib's wire rules.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Strictness {
    /// Real TDLib output: any object field may be omitted, any object vector element may be
    /// `null`, the top level may end with `@extra` (opaque JSON) and `@client_id`.
    Tdlib,
    /// The synthetic corpus: only "may be null" fields omitted / elements null, no extras.
    Synthetic,
}

/// What one checked payload contained.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Checked {
    pub objects: usize,
    pub doubles: usize,
    pub int64s: usize,
    pub strings: usize,
    /// Strings whose raw text contains at least one escape.
    pub escaped_strings: usize,
    pub bytes: usize,
    /// Deepest nesting of objects and arrays (the top-level object is 1).
    pub depth: usize,
    /// Every constructor met, at any depth.
    pub types: Vec<StructId>,
}

/// Checks payloads against one model.
#[derive(Debug)]
pub struct Checker<'m> {
    model: &'m Model,
    by_name: HashMap<&'m str, StructId>,
    strictness: Strictness,
}

impl<'m> Checker<'m> {
    pub fn new(model: &'m Model, strictness: Strictness) -> Checker<'m> {
        let by_name = model
            .structs
            .iter()
            .enumerate()
            .map(|(i, s)| (s.tl_name.as_str(), i))
            .collect();
        Checker {
            model,
            by_name,
            strictness,
        }
    }

    /// Checks one payload; the error names the path of the first violation.
    pub fn check(&self, text: &str) -> Result<Checked, String> {
        if let Some(i) = text.bytes().position(|b| !b.is_ascii()) {
            return Err(format!("non-ASCII byte at offset {i}"));
        }
        let mut in_string = false;
        let mut escaped = false;
        for (i, b) in text.bytes().enumerate() {
            if in_string {
                if escaped {
                    escaped = false;
                } else if b == b'\\' {
                    escaped = true;
                } else if b == b'"' {
                    in_string = false;
                }
            } else if b == b'"' {
                in_string = true;
            } else if b.is_ascii_whitespace() {
                return Err(format!(
                    "whitespace outside strings at offset {i} (not compact)"
                ));
            }
        }
        let node = scan::parse(text).map_err(|e| format!("not JSON: {e}"))?;
        let mut out = Checked::default();
        self.object(&node, None, "", 1, true, &mut out)?;
        Ok(out)
    }

    /// An object whose constructor must be one of `expected` (`None`: any constructor).
    fn object(
        &self,
        node: &Node,
        expected: Option<&Shape>,
        path: &str,
        depth: usize,
        top: bool,
        out: &mut Checked,
    ) -> Result<(), String> {
        out.depth = out.depth.max(depth);
        let Node::Object(members) = node else {
            return Err(format!("{path}: expected an object"));
        };
        let Some(("@type", Node::String(name))) = members.first().map(|(k, v)| (*k, v)) else {
            return Err(format!("{path}: `@type` is not the first key"));
        };
        let path = if path.is_empty() {
            (*name).to_string()
        } else {
            path.to_string()
        };
        let &id = self
            .by_name
            .get(name)
            .ok_or_else(|| format!("{path}: unknown constructor `{name}`"))?;
        match expected {
            Some(Shape::Struct { id: want, .. }) if *want != id => {
                return Err(format!(
                    "{path}: `{name}` where `{}` is expected",
                    self.model.structs[*want].tl_name
                ));
            }
            Some(Shape::Class { id: class, .. })
                if !self.model.classes[*class]
                    .variants
                    .iter()
                    .any(|v| v.id == id) =>
            {
                return Err(format!(
                    "{path}: `{name}` is not a constructor of `{}`",
                    self.model.classes[*class].tl_name
                ));
            }
            _ => {}
        }
        out.objects += 1;
        out.types.push(id);
        let fields = &self.model.structs[id].fields;
        let mut next = 0;
        let mut rest = &members[1..];
        while let Some(((key, value), tail)) = rest.split_first() {
            if top && self.strictness == Strictness::Tdlib && key.starts_with('@') {
                break;
            }
            let Some(offset) = fields[next..].iter().position(|f| f.tl_name == *key) else {
                return Err(format!(
                    "{path}: key `{key}` is unknown, repeated or out of declaration order"
                ));
            };
            for skipped in &fields[next..next + offset] {
                self.omitted(skipped.shape.clone(), &path, &skipped.tl_name)?;
            }
            let field = &fields[next + offset];
            let child = format!("{path}.{key}");
            if let Node::Null = value {
                return Err(format!("{child}: null field (TDLib omits null objects)"));
            }
            self.value(value, &field.shape, &child, depth, out)?;
            next += offset + 1;
            rest = tail;
        }
        for skipped in &fields[next..] {
            self.omitted(skipped.shape.clone(), &path, &skipped.tl_name)?;
        }
        // Top level, TDLib mode: `@extra` (any JSON) then `@client_id` (a positive int).
        let mut keys = rest.iter().map(|(k, _)| *k);
        match (keys.next(), keys.next(), keys.next()) {
            (None, ..) | (Some("@extra" | "@client_id"), None, _) => {}
            (Some("@extra"), Some("@client_id"), None) => {}
            _ => {
                return Err(format!(
                    "{path}: unexpected trailing keys {:?}",
                    rest.iter().map(|(k, _)| *k).collect::<Vec<_>>()
                ));
            }
        }
        if let Some((_, id_node)) = rest.iter().find(|(k, _)| *k == "@client_id") {
            match id_node {
                Node::Number(n) if canonical_int(n).is_some_and(|v| v >= 1) => {}
                _ => return Err(format!("{path}.@client_id: not a positive integer")),
            }
        }
        Ok(())
    }

    /// A field that is absent: allowed for objects (only "may be null" ones when synthetic).
    fn omitted(&self, shape: Shape, path: &str, name: &str) -> Result<(), String> {
        let ok = match shape {
            Shape::Optional(_) => true,
            Shape::Struct { .. } | Shape::Class { .. } | Shape::AnyObject => {
                self.strictness == Strictness::Tdlib
            }
            Shape::Scalar(_) | Shape::Vector(_) => false,
        };
        if ok {
            Ok(())
        } else {
            Err(format!(
                "{path}: field `{name}` is missing (TDLib writes every scalar and vector{})",
                if self.strictness == Strictness::Synthetic {
                    "; synthetic payloads also every non-nullable object"
                } else {
                    ""
                }
            ))
        }
    }

    fn value(
        &self,
        node: &Node,
        shape: &Shape,
        path: &str,
        depth: usize,
        out: &mut Checked,
    ) -> Result<(), String> {
        match shape {
            Shape::Optional(inner) => self.value(node, inner, path, depth, out),
            Shape::Struct { .. } | Shape::Class { .. } => {
                self.object(node, Some(shape), path, depth + 1, false, out)
            }
            Shape::AnyObject => self.object(node, None, path, depth + 1, false, out),
            Shape::Vector(inner) => {
                let Node::Array(items) = node else {
                    return Err(format!("{path}: expected an array"));
                };
                out.depth = out.depth.max(depth + 1);
                for (i, item) in items.iter().enumerate() {
                    let child = format!("{path}[{i}]");
                    if let Node::Null = item {
                        let allowed = match &**inner {
                            Shape::Optional(_) => true,
                            Shape::Struct { .. } | Shape::Class { .. } | Shape::AnyObject => {
                                self.strictness == Strictness::Tdlib
                            }
                            _ => false,
                        };
                        if !allowed {
                            return Err(format!("{child}: null element"));
                        }
                        continue;
                    }
                    self.value(item, inner, &child, depth + 1, out)?;
                }
                Ok(())
            }
            Shape::Scalar(scalar) => scalar_value(node, *scalar, path, out),
        }
    }
}

fn scalar_value(node: &Node, scalar: Scalar, path: &str, out: &mut Checked) -> Result<(), String> {
    let bad = |what: &str| Err(format!("{path}: {what}, found {node:?}"));
    match (scalar, node) {
        (Scalar::Int32, Node::Number(n)) => match canonical_int(n) {
            Some(v) if i32::try_from(v).is_ok() => Ok(()),
            _ => bad("int32 must be a canonical integer number in range"),
        },
        (Scalar::Int53, Node::Number(n)) => match canonical_int(n) {
            Some(v) if v.unsigned_abs() <= 1 << 53 => Ok(()),
            _ => bad("int53 must be a canonical integer number within ±2^53"),
        },
        (Scalar::Int64, Node::String(s)) => {
            out.int64s += 1;
            match canonical_int(s) {
                Some(_) => Ok(()),
                None => bad("int64 must be a canonical decimal string"),
            }
        }
        (Scalar::Double, Node::Number(n)) => {
            out.doubles += 1;
            if is_fixed6(n) {
                Ok(())
            } else {
                bad("double must be fixed notation with exactly six decimals")
            }
        }
        (Scalar::Bool, Node::Bool(_)) => Ok(()),
        (Scalar::String, Node::String(raw)) => {
            out.strings += 1;
            if raw.contains('\\') {
                out.escaped_strings += 1;
            }
            let decoded = scan::decode(raw).map_err(|e| format!("{path}: {e}"))?;
            let tdlib = escape(&decoded);
            if tdlib[1..tdlib.len() - 1] == **raw {
                Ok(())
            } else {
                bad("string not escaped the way TDLib escapes it")
            }
        }
        (Scalar::Bytes, Node::String(raw)) => {
            out.bytes += 1;
            match base64_decode(raw) {
                Some(data) if base64_encode(&data) == *raw => Ok(()),
                _ => bad("bytes must be canonical padded standard base64"),
            }
        }
        (Scalar::Int32 | Scalar::Int53, _) => bad("expected a number"),
        (Scalar::Int64, _) => bad("int64 must be a string"),
        (Scalar::Double, _) => bad("expected a number"),
        (Scalar::Bool, _) => bad("expected true or false"),
        (Scalar::String | Scalar::Bytes, _) => bad("expected a string"),
    }
}

/// The value of a canonical decimal integer (`0`, `-5`, `42`; not `-0`, `05`, `+5`, `1.0`).
pub fn canonical_int(text: &str) -> Option<i64> {
    let v: i64 = text.parse().ok()?;
    (v.to_string() == text).then_some(v)
}

/// `-?(0|[1-9][0-9]*)\.[0-9]{6}`: what `%.6f` prints for a finite double.
pub fn is_fixed6(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    let Some((int, frac)) = digits.split_once('.') else {
        return false;
    };
    !int.is_empty()
        && int.bytes().all(|b| b.is_ascii_digit())
        && (int == "0" || !int.starts_with('0'))
        && frac.len() == 6
        && frac.bytes().all(|b| b.is_ascii_digit())
}

/// Standard base64 with padding; `None` if malformed.
pub fn base64_decode(text: &str) -> Option<Vec<u8>> {
    let bytes = text.as_bytes();
    if bytes.len() % 4 != 0 {
        return None;
    }
    let value = |c: u8| -> Option<u32> {
        Some(match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let mut out = Vec::with_capacity(bytes.len() / 4 * 3);
    for (i, chunk) in bytes.chunks(4).enumerate() {
        let last = i == bytes.len() / 4 - 1;
        let pad = chunk.iter().rev().take_while(|&&c| c == b'=').count();
        if pad > 2 || (pad > 0 && !last) {
            return None;
        }
        let mut n = 0u32;
        for &c in &chunk[..4 - pad] {
            n = (n << 6) | value(c)?;
        }
        n <<= 6 * pad as u32;
        let produced = [(n >> 16) as u8, (n >> 8) as u8, n as u8];
        out.extend_from_slice(&produced[..3 - pad]);
    }
    Some(out)
}
