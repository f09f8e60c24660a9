//! The validator: parses one payload with both parsers and says whether they agree, or where
//! they first differ (`updateNewMessage.message.content.text.entities[2].offset`, with both
//! values), or which one rejected it.

pub mod debug_diff;

use std::fmt;

use serde::Serialize;
use serde_json::Value;

use crate::parse::ParseClass;
use crate::pointer::{Cursor, NulTerminated};
use crate::reader::ReadClass;
use crate::received::Received;

/// The outcome of validating one payload.
#[derive(Debug, Clone, PartialEq)]
pub enum Verdict {
    /// Both parsers accepted it and built equal values.
    Agree,
    /// Both rejected it (the messages may differ).
    BothRejected {
        /// The reader's error message.
        reader: String,
        /// The pointer parser's error message.
        pointer: String,
    },
    /// Only the reader rejected it.
    ReaderRejected {
        /// The reader's error message.
        reader: String,
    },
    /// Only the pointer parser rejected it.
    PointerRejected {
        /// The pointer parser's error message.
        pointer: String,
    },
    /// Both accepted it but the values differ; `path` names the first differing field.
    Disagree {
        /// The field's path, e.g. `updateNewMessage.message.content`; `<root>` when none is found.
        path: String,
        /// The reader's value there, as compact JSON or `{:#?}` output.
        reader: String,
        /// The pointer parser's value there, as compact JSON or `{:#?}` output.
        pointer: String,
    },
}

impl Verdict {
    /// Whether the two parsers agree (both accepted with equal values, or both rejected).
    pub fn is_agreement(&self) -> bool {
        matches!(self, Verdict::Agree | Verdict::BothRejected { .. })
    }
}

impl fmt::Display for Verdict {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        match self {
            Verdict::Agree => f.write_str("agree"),
            Verdict::BothRejected { reader, pointer } => {
                write!(f, "both rejected (reader: {reader}; pointer: {pointer})")
            }
            Verdict::ReaderRejected { reader } => {
                write!(f, "only the reader rejected: {reader}")
            }
            Verdict::PointerRejected { pointer } => {
                write!(f, "only the pointer parser rejected: {pointer}")
            }
            Verdict::Disagree {
                path,
                reader,
                pointer,
            } => write!(f, "{path}: reader {reader}, pointer {pointer}"),
        }
    }
}

impl<T: Serialize> Serialize for Received<'_, T> {
    /// The object's members, then `@extra` and `@client_id` when present, as TDLib writes them.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::{Error, SerializeMap};
        let object = serde_json::to_value(&self.object).map_err(S::Error::custom)?;
        let Value::Object(members) = object else {
            return Err(S::Error::custom(
                "object did not serialize as a JSON object",
            ));
        };
        let mut map = s.serialize_map(None)?;
        for (key, value) in &members {
            map.serialize_entry(key, value)?;
        }
        if let Some(extra) = &self.extra {
            map.serialize_entry("@extra", extra)?;
        }
        if let Some(id) = &self.client_id {
            map.serialize_entry("@client_id", id)?;
        }
        map.end()
    }
}

/// Validates one payload with both parsers, `T` being the generated top-level `Object`, and
/// names a difference by the JSON both values serialize to (`@type` names, TDLib's field
/// names). `buffer` holds the JSON text plus its terminating NUL (see [`NulTerminated`]).
pub fn validate<'a, T>(buffer: &'a NulTerminated) -> Verdict
where
    T: ReadClass<'a> + ParseClass<'a> + Serialize + PartialEq,
{
    compare_same::<T>(buffer, |r, p| {
        let r = serde_json::to_value(r).unwrap_or(Value::Null);
        let p = serde_json::to_value(p).unwrap_or(Value::Null);
        let root = r
            .get("@type")
            .and_then(Value::as_str)
            .unwrap_or("<object>")
            .to_string();
        first_difference(&r, &p, root)
    })
}

/// [`validate`] for types without `Serialize` (generated with `Serializers::Requests`): names
/// a difference from both values' `{:#?}` output, by Rust field names from the top of the
/// received envelope (`object.message.content.text.entities[2].offset`).
pub fn validate_by_debug<'a, T>(buffer: &'a NulTerminated) -> Verdict
where
    T: ReadClass<'a> + ParseClass<'a> + fmt::Debug + PartialEq,
{
    compare_same::<T>(buffer, |r, p| {
        debug_diff::first_difference(&format!("{r:#?}"), &format!("{p:#?}"))
    })
}

/// Validates a parser into other types than the reader's that print the same way (arena mode's
/// views, `tlgen_runtime::arena`, against the reader of owned types `T`): both accept or both
/// reject, their `@extra` is the same value, and the rest of the values' `Debug` output is
/// equal (the views print like `Cow`, `Vec` and `Box`). `parse` is the other parser, given the
/// buffer's cursor (it attaches its arena). "pointer" in the verdict names that parser.
pub fn validate_views<'a, T, V>(
    buffer: &'a NulTerminated,
    parse: impl FnOnce(Cursor<'a>) -> Result<crate::arena::Received<'a, V>, crate::pointer::Error>,
) -> Verdict
where
    T: ReadClass<'a> + fmt::Debug,
    V: fmt::Debug,
{
    compare::<T, _>(buffer, parse, |mut r, mut v| {
        // `@extra` is text, compact from the reader and verbatim from the other parser:
        // compared as values (`RawJson`'s equality), the rest by its `Debug` output
        let (reader_extra, other_extra) = (r.extra.take(), v.extra.take());
        if reader_extra.as_deref() != other_extra {
            let found = (
                "extra".into(),
                format!("{reader_extra:?}"),
                format!("{other_extra:?}"),
            );
            return disagreement(Some(found), || (String::new(), String::new()));
        }
        // (the compact form to compare, the pretty one only to name a difference)
        if format!("{r:?}") == format!("{v:?}") {
            return Verdict::Agree;
        }
        let (r, v) = (format!("{r:#?}"), format!("{v:#?}"));
        disagreement(debug_diff::first_difference(&r, &v), || (r, v))
    })
}

/// The bytes before the first NUL: where the document ends for the pointer parser, by
/// construction, given to the reader too.
fn before_nul(text: &[u8]) -> &[u8] {
    text.iter()
        .position(|&b| b == 0)
        .and_then(|end| text.get(..end))
        .unwrap_or(text)
}

/// Parses with both parsers into the same type and compares; `name` finds the first difference
/// (path, reader's value, pointer's value) of two unequal values.
fn compare_same<'a, T>(
    buffer: &'a NulTerminated,
    name: impl FnOnce(&Received<'a, T>, &Received<'a, T>) -> Option<(String, String, String)>,
) -> Verdict
where
    T: ReadClass<'a> + ParseClass<'a> + PartialEq,
{
    compare::<T, _>(buffer, crate::parse::parse_received::<T>, |r, p| {
        if r == p {
            Verdict::Agree
        } else {
            disagreement(name(&r, &p), || {
                ("values differ but print equally".into(), String::new())
            })
        }
    })
}

/// Parses `buffer` with the reader (as `T`) and with `parse` (into `V`): a rejection by either
/// is the verdict, and `judge` compares two accepted values. The document ends at the first
/// NUL, for the pointer parser by construction: the reader gets the same bytes.
fn compare<'a, T: ReadClass<'a>, O>(
    buffer: &'a NulTerminated,
    parse: impl FnOnce(Cursor<'a>) -> Result<O, crate::pointer::Error>,
    judge: impl FnOnce(Received<'a, T>, O) -> Verdict,
) -> Verdict {
    let text = before_nul(buffer.as_bytes());
    let reader = crate::reader::from_slice::<Received<'_, T>>(text);
    let other = Cursor::from_bytes_with_nul(buffer.as_bytes_with_nul()).and_then(parse);
    match (reader, other) {
        (Ok(r), Ok(v)) => judge(r, v),
        (Err(r), Err(p)) => Verdict::BothRejected {
            reader: r.to_string(),
            pointer: p.to_string(),
        },
        (Err(r), Ok(_)) => Verdict::ReaderRejected {
            reader: r.to_string(),
        },
        (Ok(_), Err(p)) => Verdict::PointerRejected {
            pointer: p.to_string(),
        },
    }
}

/// [`Verdict::Disagree`] at the difference found, or at the root with `otherwise`'s two texts.
fn disagreement(
    found: Option<(String, String, String)>,
    otherwise: impl FnOnce() -> (String, String),
) -> Verdict {
    let (path, reader, pointer) = found.unwrap_or_else(|| {
        let (reader, pointer) = otherwise();
        ("<root>".into(), reader, pointer)
    });
    Verdict::Disagree {
        path,
        reader,
        pointer,
    }
}

/// The first place two JSON values differ: its path and both values (compact JSON).
pub fn first_difference(a: &Value, b: &Value, path: String) -> Option<(String, String, String)> {
    match (a, b) {
        (Value::Object(x), Value::Object(y)) => {
            for (key, va) in x {
                if key == "@type" && path.ends_with(va.as_str().unwrap_or("")) {
                    if y.get(key) != Some(va) {
                        return Some((path, va.to_string(), show(y.get(key))));
                    }
                    continue;
                }
                let child = format!("{path}.{key}");
                match y.get(key) {
                    Some(vb) => {
                        if let Some(found) = first_difference(va, vb, child) {
                            return Some(found);
                        }
                    }
                    None => return Some((child, va.to_string(), "absent".into())),
                }
            }
            y.iter()
                .find(|(key, _)| !x.contains_key(*key))
                .map(|(key, vb)| (format!("{path}.{key}"), "absent".into(), vb.to_string()))
        }
        (Value::Array(x), Value::Array(y)) => {
            for (i, (va, vb)) in x.iter().zip(y).enumerate() {
                if let Some(found) = first_difference(va, vb, format!("{path}[{i}]")) {
                    return Some(found);
                }
            }
            (x.len() != y.len()).then(|| {
                (
                    format!("{path}.len()"),
                    x.len().to_string(),
                    y.len().to_string(),
                )
            })
        }
        _ if a == b => None,
        _ => Some((path, a.to_string(), b.to_string())),
    }
}

fn show(value: Option<&Value>) -> String {
    value.map_or_else(|| "absent".into(), Value::to_string)
}
