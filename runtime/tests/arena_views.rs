//! Arena mode's views (`tlgen_runtime::arena`) on a hand-written constructor shaped like
//! generated arena-mode code: strings borrowed or decoded into the arena, `bytes`, vectors
//! (nested, with `null` elements), a boxed field (`Ref`), and the error without an arena. The
//! runtime's own suite, so that the planted-bug script (which runs only it) reaches these paths.

use tlgen_runtime::arena::{Bump, DefaultRef, Ref};
use tlgen_runtime::fields;
use tlgen_runtime::parse::{Field, ParseValue, from_cursor};
use tlgen_runtime::pointer::{Error, ErrorKind, NulTerminated};

#[derive(Debug, PartialEq)]
struct Inner<'a> {
    name: &'a str,
}

impl<'a> Inner<'a> {
    const DEFAULT: Self = Inner { name: "" };
}

impl Default for Inner<'_> {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl<'a> DefaultRef<'a> for Inner<'a> {
    const DEFAULT_REF: &'a Self = &Self::DEFAULT;
}

impl<'a> ParseValue<'a> for Inner<'a> {
    const FIELDS: &'a [Field<'a, Self>] = fields!(Self {
        name: &'a str = b"\"name\":",
    });
}

#[derive(Debug, Default, PartialEq)]
struct Doc<'a> {
    text: &'a str,
    data: &'a [u8],
    rows: &'a [&'a [i32]],
    words: &'a [Option<&'a str>],
    inner: Ref<'a, Inner<'a>>,
}

impl<'a> ParseValue<'a> for Doc<'a> {
    const FIELDS: &'a [Field<'a, Self>] = fields!(Self {
        text: &'a str = b"\"text\":",
        data: &'a [u8] = b"\"data\":",
        rows: &'a [&'a [i32]] = b"\"rows\":",
        words: &'a [Option<&'a str>] = b"\"words\":",
        inner: Ref<'a, Inner<'a>> = b"\"inner\":",
    });
}

fn parse<'a>(buffer: &'a NulTerminated, arena: &'a Bump) -> Result<Doc<'a>, Error> {
    from_cursor::<Doc<'a>>(buffer.cursor().with_arena(arena))
}

#[test]
fn every_view_reads_its_value() {
    let buffer = NulTerminated::from(
        r#"{"text":"a\"b\u00e9\ud83d\ude00","data":"AAEC/w==","rows":[[1,2],[],[3]],"words":["x",null,"y\/z"],"inner":{"name":"n\u0061me"}}"#,
    );
    let arena = Bump::new();
    let doc = parse(&buffer, &arena).unwrap();
    assert_eq!(doc.text, "a\"bé😀");
    assert_eq!(doc.data, [0, 1, 2, 255]);
    assert_eq!(doc.rows, [&[1, 2][..], &[], &[3]]);
    assert_eq!(doc.words, [Some("x"), None, Some("y/z")]);
    assert_eq!(doc.inner.name, "name");
    // every decoded string lives in the arena, the escape-free ones in the input
    let input = buffer.as_bytes().as_ptr_range();
    assert!(!input.contains(&doc.text.as_ptr()));
    assert!(input.contains(&doc.words[0].unwrap().as_ptr()));
    assert!(arena.allocated_bytes() > 0);
}

#[test]
fn absent_fields_keep_their_defaults() {
    let buffer = NulTerminated::from(r#"{"text":"t"}"#);
    let arena = Bump::new();
    let doc = parse(&buffer, &arena).unwrap();
    assert_eq!(doc.text, "t");
    assert!(doc.data.is_empty() && doc.rows.is_empty() && doc.words.is_empty());
    assert_eq!(doc.inner.name, "");
    assert!(std::ptr::eq(doc.inner.0, Inner::DEFAULT_REF));
}

#[test]
fn errors_are_clean_with_offsets() {
    let arena = Bump::new();
    for (json, offset, kind) in [
        (r#"{"text":"a\x"}"#, 11, ErrorKind::InvalidEscape),
        (
            r#"{"data":"AAF="}"#,
            8,
            ErrorKind::InvalidBase64(tlgen_runtime::base64::Base64Error::NonZeroTrailingBits),
        ),
        (r#"{"rows":[[1,2],3]}"#, 15, ErrorKind::ExpectedArray),
        (r#"{"words":["x""#, 13, ErrorKind::UnexpectedEnd),
    ] {
        let buffer = NulTerminated::from(json);
        let error = parse(&buffer, &arena).unwrap_err();
        assert_eq!(
            (error.offset(), error.kind()),
            (offset, kind),
            "{json}: {error}"
        );
    }
    // without an arena: an error at the first value that needs one, never a panic
    let buffer = NulTerminated::from(r#"{"text":"t"}"#);
    let error = from_cursor::<Doc<'_>>(buffer.cursor()).unwrap_err();
    assert_eq!((error.offset(), error.kind()), (8, ErrorKind::NoArena));
}

#[test]
fn json_views_read_like_json_values_into_the_arena() {
    use tlgen_runtime::JsonValue;
    use tlgen_runtime::arena::JsonView;
    let json = r#"{"a":[1,-2,3.5,true,false,null,"s\u00e9",[]],"k\"ey":{"x":"y"},"dup":1,"dup":2}"#;
    let buffer = NulTerminated::from(json);
    let arena = Bump::new();
    let view = from_cursor::<JsonView<'_>>(buffer.cursor().with_arena(&arena)).unwrap();
    let value = from_cursor::<JsonValue<'_>>(buffer.cursor()).unwrap();
    // the same value, printed the same (what validation of arena mode compares)
    assert_eq!(view.to_value(), value);
    assert_eq!(format!("{view:?}"), format!("{value:?}"));
    let JsonView::Object(members) = view else {
        panic!("{view:?}")
    };
    let keys: Vec<&str> = members.iter().map(|(k, _)| *k).collect();
    assert_eq!(keys, ["a", "k\"ey", "dup", "dup"]);
    // an escaped key is decoded into the arena, a plain one borrowed from the input
    let input = buffer.as_bytes().as_ptr_range();
    assert!(input.contains(&keys[0].as_ptr()));
    assert!(!input.contains(&keys[1].as_ptr()));
    // errors keep their offsets (the same as `JsonValue`'s); without an arena, NoArena
    for (json, offset, kind) in [
        (r#"{"a":[1,}"#, 8, ErrorKind::ExpectedNumber),
        (r#"{"a\x":1}"#, 4, ErrorKind::InvalidEscape),
        (r#"{"a":1"#, 6, ErrorKind::UnexpectedEnd),
    ] {
        let buffer = NulTerminated::from(json);
        let error = from_cursor::<JsonView<'_>>(buffer.cursor().with_arena(&arena)).unwrap_err();
        assert_eq!(
            (error.offset(), error.kind()),
            (offset, kind),
            "{json}: {error}"
        );
        let owned = from_cursor::<JsonValue<'_>>(buffer.cursor()).unwrap_err();
        assert_eq!((owned.offset(), owned.kind()), (offset, kind), "{json}");
    }
    let error = from_cursor::<JsonView<'_>>(buffer.cursor()).unwrap_err();
    assert_eq!((error.offset(), error.kind()), (0, ErrorKind::NoArena));
}
