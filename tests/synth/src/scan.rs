//! A minimal strict JSON reader (RFC 8259) that keeps what serde_json's map forgets: the order
//! of keys and the raw text of every number and string token. The conformance checks
//! ([`super::check`]) need both, to tell `"@type"` first and `1.500000` from `1.5`.

use std::fmt;

/// A parsed JSON value borrowing its tokens from the input.
#[derive(Debug, Clone, PartialEq)]
pub enum Node<'a> {
    Null,
    Bool(bool),
    /// The number's raw text.
    Number(&'a str),
    /// The string's raw text between the quotes (escapes not decoded; see [`decode`]).
    String(&'a str),
    Array(Vec<Node<'a>>),
    /// Members in input order, keys raw (escapes not decoded).
    Object(Vec<(&'a str, Node<'a>)>),
}

impl<'a> Node<'a> {
    /// The member `key` (compared raw) of an object.
    pub fn get(&self, key: &str) -> Option<&Node<'a>> {
        match self {
            Node::Object(members) => members.iter().find(|(k, _)| *k == key).map(|(_, v)| v),
            _ => None,
        }
    }

    /// The raw `@type` string of an object.
    pub fn type_name(&self) -> Option<&'a str> {
        match self.get("@type") {
            Some(Node::String(s)) => Some(s),
            _ => None,
        }
    }

    /// Calls `f` on this node and every node inside it, depth first.
    pub fn walk(&self, f: &mut dyn FnMut(&Node<'a>)) {
        f(self);
        match self {
            Node::Array(items) => items.iter().for_each(|n| n.walk(f)),
            Node::Object(members) => members.iter().for_each(|(_, n)| n.walk(f)),
            _ => {}
        }
    }
}

/// Why a text is not JSON: the byte offset and what was wrong.
#[derive(Debug, Clone, PartialEq)]
pub struct ScanError {
    pub offset: usize,
    pub message: String,
}

impl fmt::Display for ScanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "at byte {}: {}", self.offset, self.message)
    }
}

impl std::error::Error for ScanError {}

/// Parses one JSON document (surrounding whitespace allowed, nothing after it).
pub fn parse(text: &str) -> Result<Node<'_>, ScanError> {
    let mut p = Parser {
        text,
        bytes: text.as_bytes(),
        pos: 0,
    };
    p.ws();
    let node = p.value(0)?;
    p.ws();
    if p.pos != p.bytes.len() {
        return Err(p.err("data after the JSON value"));
    }
    Ok(node)
}

/// Deepest nesting accepted (TDLib's own output reaches 202).
pub const MAX_DEPTH: usize = 512;

struct Parser<'a> {
    text: &'a str,
    bytes: &'a [u8],
    pos: usize,
}

impl<'a> Parser<'a> {
    fn err(&self, message: &str) -> ScanError {
        ScanError {
            offset: self.pos,
            message: message.to_string(),
        }
    }

    fn ws(&mut self) {
        while let Some(b' ' | b'\t' | b'\n' | b'\r') = self.bytes.get(self.pos) {
            self.pos += 1;
        }
    }

    fn eat(&mut self, literal: &str) -> bool {
        if self.bytes[self.pos..].starts_with(literal.as_bytes()) {
            self.pos += literal.len();
            true
        } else {
            false
        }
    }

    fn value(&mut self, depth: usize) -> Result<Node<'a>, ScanError> {
        if depth > MAX_DEPTH {
            return Err(self.err("too deep"));
        }
        match self.bytes.get(self.pos) {
            None => Err(self.err("unexpected end")),
            Some(b'{') => {
                self.pos += 1;
                let mut members = Vec::new();
                self.ws();
                if self.eat("}") {
                    return Ok(Node::Object(members));
                }
                loop {
                    self.ws();
                    if self.bytes.get(self.pos) != Some(&b'"') {
                        return Err(self.err("expected a key"));
                    }
                    let key = self.string()?;
                    self.ws();
                    if !self.eat(":") {
                        return Err(self.err("expected ':'"));
                    }
                    self.ws();
                    let value = self.value(depth + 1)?;
                    members.push((key, value));
                    self.ws();
                    if self.eat(",") {
                        continue;
                    }
                    if self.eat("}") {
                        return Ok(Node::Object(members));
                    }
                    return Err(self.err("expected ',' or '}'"));
                }
            }
            Some(b'[') => {
                self.pos += 1;
                let mut items = Vec::new();
                self.ws();
                if self.eat("]") {
                    return Ok(Node::Array(items));
                }
                loop {
                    self.ws();
                    items.push(self.value(depth + 1)?);
                    self.ws();
                    if self.eat(",") {
                        continue;
                    }
                    if self.eat("]") {
                        return Ok(Node::Array(items));
                    }
                    return Err(self.err("expected ',' or ']'"));
                }
            }
            Some(b'"') => Ok(Node::String(self.string()?)),
            Some(b't') if self.eat("true") => Ok(Node::Bool(true)),
            Some(b'f') if self.eat("false") => Ok(Node::Bool(false)),
            Some(b'n') if self.eat("null") => Ok(Node::Null),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(_) => Err(self.err("unexpected character")),
        }
    }

    /// A string token; returns the raw text between the quotes, checking escapes and that no
    /// raw control character appears.
    fn string(&mut self) -> Result<&'a str, ScanError> {
        self.pos += 1;
        let start = self.pos;
        loop {
            match self.bytes.get(self.pos) {
                None => return Err(self.err("unterminated string")),
                Some(b'"') => {
                    let raw = &self.text[start..self.pos];
                    self.pos += 1;
                    decode(raw).map_err(|message| ScanError {
                        offset: start,
                        message,
                    })?;
                    return Ok(raw);
                }
                Some(b'\\') => self.pos += 2,
                Some(&b) if b < 0x20 => return Err(self.err("raw control character in a string")),
                Some(_) => self.pos += 1,
            }
        }
    }

    fn number(&mut self) -> Result<Node<'a>, ScanError> {
        let start = self.pos;
        self.eat("-");
        let digits = |p: &mut Parser| {
            let s = p.pos;
            while p.bytes.get(p.pos).is_some_and(u8::is_ascii_digit) {
                p.pos += 1;
            }
            p.pos - s
        };
        if self.eat("0") {
            if self.bytes.get(self.pos).is_some_and(u8::is_ascii_digit) {
                return Err(self.err("leading zero"));
            }
        } else if digits(self) == 0 {
            return Err(self.err("expected a digit"));
        }
        if self.eat(".") && digits(self) == 0 {
            return Err(self.err("expected a digit after '.'"));
        }
        if self.eat("e") || self.eat("E") {
            if !self.eat("+") {
                self.eat("-");
            }
            if digits(self) == 0 {
                return Err(self.err("expected an exponent"));
            }
        }
        Ok(Node::Number(&self.text[start..self.pos]))
    }
}

/// Decodes the raw text of a JSON string (between the quotes). Errors on bad escapes, raw
/// control characters and unpaired surrogates.
pub fn decode(raw: &str) -> Result<String, String> {
    let mut out = String::with_capacity(raw.len());
    let mut chars = raw.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            if (c as u32) < 0x20 {
                return Err(format!("raw control character U+{:04X}", c as u32));
            }
            out.push(c);
            continue;
        }
        let e = chars.next().ok_or("escape at the end of the string")?;
        match e {
            '"' => out.push('"'),
            '\\' => out.push('\\'),
            '/' => out.push('/'),
            'b' => out.push('\u{8}'),
            'f' => out.push('\u{c}'),
            'n' => out.push('\n'),
            'r' => out.push('\r'),
            't' => out.push('\t'),
            'u' => {
                let unit = hex4(&mut chars)?;
                let code = match unit {
                    0xd800..=0xdbff => {
                        if chars.next() != Some('\\') || chars.next() != Some('u') {
                            return Err("high surrogate without a low one".into());
                        }
                        let low = hex4(&mut chars)?;
                        if !(0xdc00..=0xdfff).contains(&low) {
                            return Err("high surrogate without a low one".into());
                        }
                        0x10000 + ((unit - 0xd800) << 10) + (low - 0xdc00)
                    }
                    0xdc00..=0xdfff => return Err("lone low surrogate".into()),
                    _ => unit,
                };
                out.push(char::from_u32(code).ok_or("invalid code point")?);
            }
            other => return Err(format!("invalid escape \\{other}")),
        }
    }
    Ok(out)
}

fn hex4(chars: &mut std::str::Chars) -> Result<u32, String> {
    let mut value = 0;
    for _ in 0..4 {
        let c = chars.next().ok_or("short \\u escape")?;
        value = value * 16 + c.to_digit(16).ok_or("bad hex digit in \\u escape")?;
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_order_and_raw_tokens() {
        let node = parse(r#"{"b":1.500000,"a":["x\u00e9",null,true]}"#).unwrap();
        let Node::Object(members) = &node else {
            panic!()
        };
        assert_eq!(members[0].0, "b");
        assert_eq!(members[0].1, Node::Number("1.500000"));
        assert_eq!(decode("x\\u00e9\\ud83d\\udc4d").unwrap(), "xé👍");
        assert!(parse("[01]").is_err());
        assert!(parse("\"\u{1}\"").is_err());
        assert!(decode("\\ud83d").is_err());
    }
}
