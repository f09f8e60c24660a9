//! Synthetic values and their JSON text exactly as TDLib's `to_json` writes it
//! (`../shared/TDLIB_JSON.md` §1): compact, `@type` first, fields in declaration order, `int64`
//! as decimal strings, doubles in fixed notation with six decimals, bytes as padded standard
//! base64, and every string escaped to pure ASCII the way `JsonString` does.

use std::fmt::Write as _;

/// One generated JSON value, typed by its TL meaning so that it is written as TDLib would.
#[derive(Debug, Clone, PartialEq)]
pub enum Value {
    /// A TL object: `{"@type":"<type_name>", fields...}`. Absent (null) object fields are simply
    /// not in `fields`.
    Object {
        type_name: String,
        fields: Vec<(String, Value)>,
    },
    Array(Vec<Value>),
    /// A null element of a vector whose elements may be null.
    Null,
    Bool(bool),
    /// `int32` / `int53`: a JSON number.
    Int(i64),
    /// `int64`: a decimal string.
    Int64(i64),
    /// `double`: `%.6f`.
    Double(f64),
    /// `string`: escaped to ASCII.
    String(String),
    /// `bytes`: padded standard base64.
    Bytes(Vec<u8>),
    /// Ready JSON text written verbatim (e.g. a string literal with escapes TDLib never
    /// writes, for the escape corpus).
    Raw(String),
}

impl Value {
    /// The compact JSON text.
    pub fn to_json(&self) -> String {
        let mut out = String::new();
        self.write_json(&mut out);
        out
    }

    /// Appends the compact JSON text to `out`.
    pub fn write_json(&self, out: &mut String) {
        match self {
            Value::Object { type_name, fields } => {
                out.push_str("{\"@type\":");
                write_string(type_name, out);
                for (name, value) in fields {
                    out.push(',');
                    write_string(name, out);
                    out.push(':');
                    value.write_json(out);
                }
                out.push('}');
            }
            Value::Array(items) => {
                out.push('[');
                for (i, item) in items.iter().enumerate() {
                    if i > 0 {
                        out.push(',');
                    }
                    item.write_json(out);
                }
                out.push(']');
            }
            Value::Null => out.push_str("null"),
            Value::Bool(b) => out.push_str(if *b { "true" } else { "false" }),
            Value::Int(n) => {
                let _ = write!(out, "{n}");
            }
            Value::Int64(n) => {
                let _ = write!(out, "\"{n}\"");
            }
            Value::Double(x) => out.push_str(&format_double(*x)),
            Value::String(s) => write_string(s, out),
            Value::Bytes(b) => {
                out.push('"');
                out.push_str(&base64_encode(b));
                out.push('"');
            }
            Value::Raw(text) => out.push_str(text),
        }
    }

    /// The `@type` of an object.
    pub fn type_name(&self) -> Option<&str> {
        match self {
            Value::Object { type_name, .. } => Some(type_name),
            _ => None,
        }
    }

    /// The value of field `name` of an object.
    pub fn field(&self, name: &str) -> Option<&Value> {
        match self {
            Value::Object { fields, .. } => fields.iter().find(|(n, _)| n == name).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The value of field `name` of an object, mutably.
    pub fn field_mut(&mut self, name: &str) -> Option<&mut Value> {
        match self {
            Value::Object { fields, .. } => {
                fields.iter_mut().find(|(n, _)| n == name).map(|(_, v)| v)
            }
            _ => None,
        }
    }

    /// The first object (depth first, this one included) whose `@type` is `type_name`.
    pub fn find_object_mut(&mut self, type_name: &str) -> Option<&mut Value> {
        if self.type_name() == Some(type_name) {
            return Some(self);
        }
        match self {
            Value::Object { fields, .. } => fields
                .iter_mut()
                .find_map(|(_, v)| v.find_object_mut(type_name)),
            Value::Array(items) => items.iter_mut().find_map(|v| v.find_object_mut(type_name)),
            _ => None,
        }
    }

    /// Calls `f(field name, value)` for every string value of every object field, depth first
    /// (elements of string vectors get their vector's field name).
    pub fn visit_strings(&self, f: &mut dyn FnMut(&str, &str)) {
        fn walk(value: &Value, name: &str, f: &mut dyn FnMut(&str, &str)) {
            match value {
                Value::String(s) => f(name, s),
                Value::Object { fields, .. } => {
                    for (n, v) in fields {
                        walk(v, n, f);
                    }
                }
                Value::Array(items) => {
                    for v in items {
                        walk(v, name, f);
                    }
                }
                _ => {}
            }
        }
        walk(self, "", f);
    }
}

/// A double as TDLib writes it: `std::fixed` with precision 6 in the C locale. Rust's `{:.6}`
/// is the same for finite values (exact decimal expansion, ties to even, `-0.000000` for
/// negative zero and for negatives that round to zero); NaN and infinities print as glibc's
/// `nan` / `inf` (invalid JSON; TDLib never has them in practice).
pub fn format_double(x: f64) -> String {
    if x.is_nan() {
        if x.is_sign_negative() { "-nan" } else { "nan" }.to_string()
    } else if x.is_infinite() {
        if x < 0.0 { "-inf" } else { "inf" }.to_string()
    } else {
        format!("{x:.6}")
    }
}

/// Appends `s` as a JSON string literal escaped the way TDLib's `JsonString` does: `"` `\`
/// and `\b \f \n \r \t` as short escapes, other C0 controls as `\u00xx`, every non-ASCII code
/// point as lowercase `\uxxxx` (a surrogate pair above U+FFFF), `/` and DEL raw.
pub fn write_string(s: &str, out: &mut String) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\u{8}' => out.push_str("\\b"),
            '\u{c}' => out.push_str("\\f"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c if c.is_ascii() => out.push(c),
            c => {
                let mut units = [0u16; 2];
                for unit in c.encode_utf16(&mut units) {
                    let _ = write!(out, "\\u{unit:04x}");
                }
            }
        }
    }
    out.push('"');
}

/// `s` as a TDLib-escaped JSON string literal (quotes included).
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len() + 2);
    write_string(s, &mut out);
    out
}

/// Standard base64 with `=` padding (`+` `/` alphabet), TDLib's `base64_encode`.
pub fn base64_encode(data: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(data.len().div_ceil(3) * 4);
    for chunk in data.chunks(3) {
        let b0 = chunk[0];
        let b1 = chunk.get(1).copied().unwrap_or(0);
        let b2 = chunk.get(2).copied().unwrap_or(0);
        let n = (u32::from(b0) << 16) | (u32::from(b1) << 8) | u32::from(b2);
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(ALPHABET[((n >> (18 - 6 * i)) & 63) as usize] as char);
            } else {
                out.push('=');
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn escapes_like_tdlib() {
        assert_eq!(escape("a\"\\/\u{7f}"), "\"a\\\"\\\\/\u{7f}\"");
        assert_eq!(
            escape("\u{8}\u{c}\n\r\t\u{1}\u{1f}"),
            r#""\b\f\n\r\t\u0001\u001f""#
        );
        assert_eq!(escape("é👍"), r#""\u00e9\ud83d\udc4d""#);
    }

    #[test]
    fn base64_padding() {
        assert_eq!(base64_encode(b""), "");
        assert_eq!(base64_encode(&[0, 1, 2, 255]), "AAEC/w==");
        assert_eq!(base64_encode(b"hello"), "aGVsbG8=");
        assert_eq!(base64_encode(b"abc"), "YWJj");
    }

    #[test]
    fn doubles_fixed_six() {
        assert_eq!(format_double(-0.0), "-0.000000");
        assert_eq!(format_double(-1.23456), "-1.234560");
        assert_eq!(format_double(1e-7), "0.000000");
        assert_eq!(format_double(123_456_789.123_456_78), "123456789.123457");
        assert_eq!(format_double(0.0078125), "0.007812");
    }
}
