//! Shared by the pointer tests: a value walker built on the typed readers, a value tree to
//! compare it with serde_json, and TDLib-shaped sample documents.

#![allow(dead_code)]

use std::collections::BTreeMap;

use serde_json::Value;
use tlgen_runtime::pointer::{Cursor, Error, ErrorKind, NulTerminated};

/// A value tree both parsers can be reduced to. Objects keep the last duplicate, as
/// `serde_json::Value` does; integers that fit `i64` are `Int`, every other number `Float`.
#[derive(Debug, PartialEq)]
pub enum Tree {
    Null,
    Bool(bool),
    Int(i64),
    Float(u64),
    Str(String),
    Arr(Vec<Tree>),
    Obj(BTreeMap<String, Tree>),
}

pub fn from_value(v: &Value) -> Tree {
    match v {
        Value::Null => Tree::Null,
        Value::Bool(b) => Tree::Bool(*b),
        Value::Number(n) => match n.as_i64() {
            Some(i) => Tree::Int(i),
            None => Tree::Float(n.as_f64().expect("finite").to_bits()),
        },
        Value::String(s) => Tree::Str(s.clone()),
        Value::Array(a) => Tree::Arr(a.iter().map(from_value).collect()),
        Value::Object(o) => Tree::Obj(o.iter().map(|(k, v)| (k.clone(), from_value(v))).collect()),
    }
}

/// Reads any value with the typed readers, as generated code would.
pub fn walk(c: &mut Cursor<'_>, depth: u32) -> Result<Tree, Error> {
    Ok(match c.peek() {
        b'{' => {
            c.begin_object(depth)?;
            let mut members = BTreeMap::new();
            while let Some(key) = c.next_key()? {
                let v = walk(c, depth + 1)?;
                members.insert(key.into_owned(), v);
            }
            Tree::Obj(members)
        }
        b'[' => {
            c.begin_array(depth)?;
            let mut items = Vec::new();
            while c.next_element()? {
                items.push(walk(c, depth + 1)?);
            }
            Tree::Arr(items)
        }
        b'"' => Tree::Str(c.read_str()?.into_owned()),
        b'n' if c.eat_null() => Tree::Null,
        b't' | b'f' => Tree::Bool(c.read_bool()?),
        b'-' | b'0'..=b'9' => {
            let mark = c.mark();
            match c.read_i64() {
                Ok(i) => Tree::Int(i),
                Err(e)
                    if matches!(
                        e.kind(),
                        ErrorKind::FloatForInteger | ErrorKind::I64OutOfRange
                    ) =>
                {
                    c.rewind(mark);
                    Tree::Float(c.read_f64()?.to_bits())
                }
                Err(e) => return Err(e),
            }
        }
        _ => return Err(c.error(ErrorKind::ExpectedValue)),
    })
}

/// Parses an object the way generated code does: expected keys first, then the general loop;
/// counts fields. Values are read by kind (typed readers), nested objects recursively.
pub fn generated_style(c: &mut Cursor<'_>, depth: u32) -> Result<usize, Error> {
    c.begin_object(depth)?;
    let mut fields = 0;
    // the look-ahead generated code does for abstract classes (a no-op on the cursor)
    let before = c.offset();
    c.find_type_tag(depth)?;
    assert_eq!(c.offset(), before);
    for key in [
        &b"\"@type\":"[..],
        b"\"id\":",
        b"\"message\":",
        b"\"code\":",
    ] {
        let hit = match key.len() {
            8 => c.eat_key(b"\"@type\":"),
            5 => c.eat_key(b"\"id\":"),
            10 => c.eat_key(b"\"message\":"),
            _ => c.eat_key(b"\"code\":"),
        };
        if hit {
            fields += 1;
            value(c, depth + 1)?;
        }
    }
    while let Some(_key) = c.next_key()? {
        fields += 1;
        value(c, depth + 1)?;
    }
    Ok(fields)
}

pub fn value(c: &mut Cursor<'_>, depth: u32) -> Result<(), Error> {
    if c.eat_null() {
        return Ok(());
    }
    match c.peek() {
        b'{' => generated_style(c, depth).map(drop),
        b'[' => {
            c.begin_array(depth)?;
            while c.next_element()? {
                value(c, depth + 1)?;
            }
            Ok(())
        }
        b'"' => c.read_str().map(drop),
        b't' | b'f' => c.read_bool().map(drop),
        _ => c.read_number().map(drop),
    }
}

/// Runs `f` over `json` (a NUL appended) and requires the end of the document after it.
pub fn with_cursor<T>(
    json: &[u8],
    f: impl FnOnce(&mut Cursor<'_>) -> Result<T, Error>,
) -> Option<T> {
    let buf = NulTerminated::from(json);
    let mut c = buf.cursor();
    let v = f(&mut c).ok()?;
    c.finish().ok()?;
    Some(v)
}

/// Deterministic xorshift64* generator.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        Rng(seed | 1)
    }
    pub fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }
    pub fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
    pub fn pick<T: Copy>(&mut self, items: &[T]) -> T {
        items[self.below(items.len())]
    }
    pub fn digits(&mut self, n: usize, out: &mut String) {
        for _ in 0..n {
            out.push(char::from(b'0' + self.below(10) as u8));
        }
    }
}

/// TDLib-shaped documents (compact, `@type` first, int64 as strings, `%.6f` doubles, base64,
/// `\u` escapes for all non-ASCII, `null` inside vectors, `@extra`/`@client_id` at the end),
/// plus a pretty-printed one, a deeply nested one and one with long strings.
pub fn sample_documents() -> Vec<String> {
    let mut docs = vec![
        r#"{"@type":"updateNewMessage","message":{"@type":"message","id":1258816259751983,"sender_id":{"@type":"messageSenderUser","user_id":777000},"chat_id":"-1001234567890","is_outgoing":false,"date":1700000000,"reply_markup":null,"content":{"@type":"messageText","text":{"@type":"formattedText","text":"Hello \"world\"\n\ud83d\udc4d caf\u00e9 \\ /","entities":[{"@type":"textEntity","offset":0,"length":5,"type":{"@type":"textEntityTypeBold"}}]}},"interaction_info":{"@type":"messageInteractionInfo","view_count":0,"forward_count":0}},"@client_id":1}"#.to_string(),
        r#"{"@type":"error","code":400,"message":"Failed to parse JSON object as TDLib request: Unknown class \"noSuchFunction\"","@extra":{"id":[1e5,1.50,12345678901234567890,-0,"x",null,true,{}],"s":"\u00e9"}}"#.to_string(),
        r#"{"@type":"chats","total_count":3,"chat_ids":["-1001234567890","777000","9223372036854775807"],"positions":[],"values":[{"@type":"testInt","value":1},null,{"@type":"testInt","value":-2147483648}]}"#.to_string(),
        r#"{"@type":"location","latitude":55.755814,"longitude":-37.617635,"horizontal_accuracy":0.000000,"big":1797693134862315700000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000.000000,"neg":-0.000000}"#.to_string(),
        r#"{"@type":"file","id":5,"bytes":"AAEC/w==","empty":"","remote":{"@type":"remoteFile","unique_id":"AgADBAADr6cxG","is_uploading_active":true},"local":{"@type":"localFile","path":"\/tmp\/a b\tc"}}"#.to_string(),
        "{\n  \"@type\" : \"user\" ,\r\n  \"id\" : 5 ,\t\"names\" : [ \"a\" , \"b\" ] ,\n  \"o\" : { } , \"a\" : [ ]\n}\n".to_string(),
    ];
    // RichText-like nesting
    let mut nested = String::new();
    for _ in 0..40 {
        nested.push_str(r#"{"@type":"richTextBold","text":"#);
    }
    nested.push_str(r#"{"@type":"richTextPlain","text":"x"}"#);
    for _ in 0..40 {
        nested.push('}');
    }
    docs.push(nested);
    // strings of every length around the 8-byte scan width, plain and escaped
    let mut strings = String::from(r#"{"@type":"strings","plain":["#);
    for len in 0..40 {
        if len > 0 {
            strings.push(',');
        }
        strings.push('"');
        for i in 0..len {
            strings.push(char::from(b'a' + (i % 26) as u8));
        }
        strings.push('"');
    }
    strings.push_str(r#"],"escaped":["#);
    for len in 0..40 {
        if len > 0 {
            strings.push(',');
        }
        strings.push('"');
        for i in 0..len {
            strings.push_str(if i % 7 == 3 { "\\u0430" } else { "z" });
        }
        strings.push('"');
    }
    strings.push_str("]}");
    docs.push(strings);
    docs
}
