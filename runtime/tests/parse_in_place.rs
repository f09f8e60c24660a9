//! Values built in place (`ParseValue::parse_in`): a constructor nested in a field, an
//! `Option`, a `Box`, a vector, a vector of `Option`s, each starting from its default. These
//! paths fill a slot instead of returning a value, so a slot that was not reset, an element
//! left half-parsed or a duplicate merged into the first occurrence would show here as a wrong
//! value. Hand-written constructors shaped like generated code; no td_api rebuild.

use std::borrow::Cow;

use tlgen_runtime::fields;
use tlgen_runtime::parse::{Field, ParseValue, from_cursor};
use tlgen_runtime::pointer::{Error, NulTerminated};

#[derive(Debug, Default, Clone, PartialEq)]
struct Inner<'a> {
    a: i32,
    s: Cow<'a, str>,
}

impl tlgen_runtime::Element for Inner<'_> {}

impl<'a> ParseValue<'a> for Inner<'a> {
    const FIELDS: &'a [Field<'a, Self>] = fields!(Self {
        a: i32 = b"\"a\":",
        s: Cow<'a, str> = b"\"s\":",
    });
}

#[derive(Debug, Default, PartialEq)]
struct Outer<'a> {
    inner: Inner<'a>,
    opt: Option<Box<Inner<'a>>>,
    boxed: Box<Inner<'a>>,
    list: Vec<Inner<'a>>,
    maybe: Vec<Option<Inner<'a>>>,
    nested: Vec<Vec<i32>>,
}

impl<'a> ParseValue<'a> for Outer<'a> {
    const FIELDS: &'a [Field<'a, Self>] = fields!(Self {
        inner: Inner<'a> = b"\"inner\":",
        opt: Option<Box<Inner<'a>>> = b"\"opt\":",
        boxed: Box<Inner<'a>> = b"\"boxed\":",
        list: Vec<Inner<'a>> = b"\"list\":",
        maybe: Vec<Option<Inner<'a>>> = b"\"maybe\":",
        nested: Vec<Vec<i32>> = b"\"nested\":",
    });
}

fn inner(a: i32, s: &'static str) -> Inner<'static> {
    Inner {
        a,
        s: Cow::Borrowed(s),
    }
}

fn parse(json: &str) -> Result<Outer<'static>, Error> {
    let buffer: &'static NulTerminated = Box::leak(Box::new(NulTerminated::from(json)));
    from_cursor::<Outer<'static>>(buffer.cursor())
}

#[test]
fn nested_values_are_filled_in_place() {
    let parsed = parse(
        r#"{"inner":{"a":1,"s":"x"},"opt":{"s":"o"},"boxed":{"a":3},
            "list":[{"a":4},null,{"s":"l"}],"maybe":[null,{"a":5},null],
            "nested":[[1,2],[],null,[3]]}"#,
    )
    .unwrap();
    assert_eq!(
        parsed,
        Outer {
            inner: inner(1, "x"),
            opt: Some(Box::new(inner(0, "o"))),
            boxed: Box::new(inner(3, "")),
            list: vec![inner(4, ""), inner(0, ""), inner(0, "l")],
            maybe: vec![None, Some(inner(5, "")), None],
            nested: vec![vec![1, 2], vec![], vec![], vec![3]],
        }
    );
}

#[test]
fn absent_and_null_fields_keep_their_defaults() {
    let empty = Outer::default();
    assert_eq!(parse("{}").unwrap(), empty);
    assert_eq!(
        parse(r#"{"inner":null,"opt":null,"boxed":null,"list":null,"maybe":null}"#).unwrap(),
        empty
    );
    assert_eq!(
        parse(r#"{"inner":{},"opt":{},"list":[],"maybe":[]}"#).unwrap(),
        Outer {
            opt: Some(Box::default()),
            ..Outer::default()
        }
    );
}

#[test]
fn a_repeated_field_is_not_merged_into_the_first() {
    // The second `inner` is skipped whole: its `s` must not land in the first one's slot.
    let parsed = parse(
        r#"{"inner":{"a":1},"inner":{"s":"second"},"list":[{"a":1}],"list":[{"a":2}],
            "opt":null,"opt":{"a":9}}"#,
    )
    .unwrap();
    assert_eq!(parsed.inner, inner(1, ""));
    assert_eq!(parsed.list, vec![inner(1, "")]);
    // `null` counts as the field's first occurrence (the reader's rule too).
    assert_eq!(parsed.opt, None);
}

#[test]
fn an_error_inside_a_nested_value_fails_the_parse_at_its_offset() {
    for (json, offset) in [
        (r#"{"list":[{"a":1},{"a":"x"}]}"#, 22),
        (r#"{"opt":{"a":1,"s":2}}"#, 18),
        (r#"{"boxed":{"a":1]}"#, 15),
        (r#"{"maybe":[null,{"a":1}"#, 22),
    ] {
        let error = parse(json).unwrap_err();
        assert_eq!(error.offset(), offset, "{json}: {error}");
    }
}
