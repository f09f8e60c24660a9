//! Probes of the pointer parser's object layer (`parse::parse_fields`: the expected-key fast
//! path, key lookup by length and exact compare, duplicates, unknown keys, `null`), on a
//! hand-written constructor shaped like generated code. Added with the planted-bug suite of
//! `docs/HARDENING.md`: the tokenizer tests above this layer do not drive the field loop, so a
//! bug there (an off-by-one in the expected-key compare, a prefix match in `find_key`, an
//! optional key quote) was caught only by the td_api suites, which take minutes to rebuild. These run in
//! seconds.
//!
//! Unknown keys are chosen to be prefixes and extensions of real keys (`tex`, `text_siz`,
//! `text_size_`, `ids`), the cases a sloppy length compare gets wrong.

use std::borrow::Cow;

use tlgen_runtime::fields;
use tlgen_runtime::parse::{Field, ParseValue, from_cursor};
use tlgen_runtime::pointer::{Error, NulTerminated};

#[derive(Debug, Default, PartialEq)]
struct Doc<'a> {
    text: Cow<'a, str>,
    text_size: i32,
    id: i64,
    items: Vec<i32>,
}

impl<'a> ParseValue<'a> for Doc<'a> {
    const FIELDS: &'a [Field<'a, Self>] = fields!(Self {
        text: Cow<'a, str> = b"\"text\":",
        text_size: i32 = b"\"text_size\":",
        id: i64 = b"\"id\":",
        items: Vec<i32> = b"\"items\":",
    });
}

fn doc(text: &str, text_size: i32, id: i64, items: &[i32]) -> Doc<'static> {
    Doc {
        text: Cow::Owned(text.to_string()),
        text_size,
        id,
        items: items.to_vec(),
    }
}

fn parse(json: &str) -> Result<Doc<'static>, Error> {
    let buffer: &'static NulTerminated = Box::leak(Box::new(NulTerminated::from(json)));
    from_cursor::<Doc<'static>>(buffer.cursor())
}

#[test]
fn fields_in_order_in_any_order_and_with_whitespace() {
    let all = doc("a", 1, 2, &[3]);
    for json in [
        r#"{"text":"a","text_size":1,"id":2,"items":[3]}"#,
        r#"{"@type":"doc","text":"a","text_size":1,"id":2,"items":[3]}"#,
        r#"{"items":[3],"id":2,"text_size":1,"text":"a"}"#,
        r#"{"id":2,"@type":"doc","items":[3],"text":"a","text_size":1}"#,
        r#"{ "text" : "a" , "text_size" :1,"id": 2 ,"items"	:[ 3 ] }"#,
        "{\"text\"\n:\"a\",\"text_size\"\r:1,\"id\"\t:2,\"items\" :[3]}",
        r#"{"text":"a","text_size" :1,"id":2,"items":[3]}"#,
        r#"{"t\u0065xt":"a","text\u005fsize":1,"\u0069d":2,"items":[3]}"#,
    ] {
        assert_eq!(parse(json), Ok(doc("a", 1, 2, &[3])), "{json}");
        assert_eq!(parse(json).unwrap(), all);
    }
}

#[test]
fn keys_that_are_prefixes_or_extensions_of_fields_are_unknown() {
    for json in [
        r#"{"tex":5,"text":"a","text_siz":"x","text_size_":[],"i":{},"ids":null,"items":[3]}"#,
        r#"{"text":"a","tex":5,"text_s":[1],"textsize":{"a":1},"items":[3],"item":"x","itemss":1}"#,
        r#"{"t":true,"te":false,"text":"a","x":1,"items":[3],"":0}"#,
        r#"{"text_size_x":"y","text":"a","items":[3]}"#,
    ] {
        assert_eq!(parse(json), Ok(doc("a", 0, 0, &[3])), "{json}");
    }
}

#[test]
fn duplicates_null_and_defaults() {
    assert_eq!(
        parse(r#"{"text":"a","text":"b","id":1,"id":"x"}"#),
        Ok(doc("a", 0, 1, &[]))
    );
    assert_eq!(
        parse(r#"{"text":null,"id":null,"items":[null,4]}"#),
        Ok(doc("", 0, 0, &[0, 4]))
    );
    assert_eq!(parse("{}"), Ok(doc("", 0, 0, &[])));
    // a duplicate is skipped, but still validated as JSON
    assert!(parse(r#"{"id":1,"id":[}"#).is_err());
}

#[test]
fn malformed_members_are_rejected() {
    for json in [
        r#"{"text":"a",tex":1}"#,
        r#"{"text":"a",text":"b"}"#,
        r#"{text":"a"}"#,
        r#"{text:"a"}"#,
        r#"{"text" "a"}"#,
        r#"{"text":"a","id"2}"#,
        r#"{"text":"a","id":}"#,
        r#"{"text":"a",}"#,
        r#"{"text":"a""id":2}"#,
        r#"{"text":"a","#,
        r#"{"text""#,
        r#"{"items":[1,]}"#,
        r#"{"id":01}"#,
        r#"{"text_size":2147483648}"#,
    ] {
        assert!(parse(json).is_err(), "accepted {json}");
    }
}
