//! Unit tests of the pointer tokenizer: every token kind, every error kind (with its offset),
//! the object/array protocol, null handling, the key fast path, mark/rewind and `@type`
//! look-ahead, depth limits, and the entry points.

use std::borrow::Cow;
use std::ffi::CString;

use tlgen_runtime::base64::Base64Error;
use tlgen_runtime::limits::MAX_DEPTH;
use tlgen_runtime::pointer::{Cursor, Error, ErrorKind, NulTerminated};

/// Runs `f` on a cursor over `json` and requires only whitespace after it. The buffer is leaked
/// so that results may borrow from it.
fn run<T>(
    json: &str,
    f: impl FnOnce(&mut Cursor<'static>) -> Result<T, Error>,
) -> Result<T, Error> {
    let buf: &'static NulTerminated = Box::leak(Box::new(NulTerminated::from(json)));
    let mut c = buf.cursor();
    let v = f(&mut c)?;
    c.finish()?;
    Ok(v)
}

fn err<T: std::fmt::Debug>(r: Result<T, Error>) -> (usize, ErrorKind) {
    let e = r.unwrap_err();
    (e.offset(), e.kind())
}

#[test]
fn booleans_and_null() {
    assert_eq!(run("true", |c| c.read_bool()), Ok(true));
    assert_eq!(run(" \t\r\nfalse ", |c| c.read_bool()), Ok(false));
    assert_eq!(
        err(run("tru", |c| c.read_bool())),
        (0, ErrorKind::ExpectedBool)
    );
    assert_eq!(
        err(run("1", |c| c.read_bool())),
        (0, ErrorKind::ExpectedBool)
    );
    assert_eq!(
        err(run("", |c| c.read_bool())),
        (0, ErrorKind::UnexpectedEnd)
    );
    assert_eq!(
        err(run("truex", |c| c.read_bool())),
        (4, ErrorKind::TrailingCharacters)
    );
    assert_eq!(run(" null", |c| Ok(c.eat_null())), Ok(true));
    // not null: nothing but whitespace consumed
    let buf = NulTerminated::from(" nul");
    let mut c = buf.cursor();
    assert!(!c.eat_null());
    assert_eq!(c.offset(), 1);
    assert_eq!(c.peek(), b'n');
}

#[test]
fn strings() {
    assert_eq!(run(r#""""#, |c| c.read_str()), Ok(Cow::Borrowed("")));
    let s = run(r#" "hello world, a longer string" "#, |c| c.read_str()).unwrap();
    assert!(matches!(s, Cow::Borrowed("hello world, a longer string")));
    let s = run(r#""a\"b\\c\/d\be\ff\ng\rh\ti""#, |c| c.read_str()).unwrap();
    assert!(matches!(s, Cow::Owned(_)));
    assert_eq!(s, "a\"b\\c/d\u{8}e\u{c}f\ng\rh\ti");
    assert_eq!(
        run(r#""\u00e9\u00E9\u0041\ud83d\udc4D\u0000""#, |c| c
            .read_str())
        .unwrap(),
        "ééA👍\0"
    );
    assert_eq!(run("\"caf\u{e9}\"", |c| c.read_str()).unwrap(), "café");
    // raw UTF-8 plus an escape
    assert_eq!(run("\"é\\n😀\"", |c| c.read_str()).unwrap(), "é\n😀");

    let cases: &[(&str, usize, ErrorKind)] = &[
        ("5", 0, ErrorKind::ExpectedString),
        ("\"abc", 4, ErrorKind::UnexpectedEnd),
        ("\"ab\\", 4, ErrorKind::UnexpectedEnd),
        ("\"a\u{1}b\"", 2, ErrorKind::ControlCharacterInString),
        ("\"a\u{1f}\"", 2, ErrorKind::ControlCharacterInString),
        ("\"a\\\u{1}\"", 3, ErrorKind::InvalidEscape),
        ("\"\\x\"", 2, ErrorKind::InvalidEscape),
        ("\"\\U0041\"", 2, ErrorKind::InvalidEscape),
        ("\"\\u00g1\"", 5, ErrorKind::InvalidEscape),
        ("\"\\u00", 5, ErrorKind::UnexpectedEnd),
        ("\"\\ud83d\"", 7, ErrorKind::LoneSurrogate),
        ("\"\\ud83dx\"", 7, ErrorKind::LoneSurrogate),
        ("\"\\ud83d\\n\"", 8, ErrorKind::LoneSurrogate),
        ("\"\\ud83d\\u0041\"", 13, ErrorKind::LoneSurrogate),
        ("\"\\ud83d\\ud83d\"", 13, ErrorKind::LoneSurrogate),
        ("\"\\udc4d\"", 7, ErrorKind::LoneSurrogate),
        ("\"\\ud83d", 7, ErrorKind::UnexpectedEnd),
        ("\"\\ud83d\\", 8, ErrorKind::UnexpectedEnd),
    ];
    for &(json, offset, kind) in cases {
        assert_eq!(err(run(json, |c| c.read_str())), (offset, kind), "{json:?}");
    }
}

#[test]
fn invalid_utf8_in_strings() {
    for raw in [
        &b"\"\xff\""[..],
        b"\"ab\xc3\"",
        b"\"\xed\xa0\x80\"",
        b"\"x\\n\xc3\"",
    ] {
        let buf = NulTerminated::from(raw);
        let r = buf.cursor().read_str();
        assert_eq!(r.unwrap_err().kind(), ErrorKind::InvalidUtf8, "{raw:?}");
        // skip_value validates like reading (serde_json's `deserialize_any`)
        assert_eq!(
            buf.cursor().skip_value(1).unwrap_err().kind(),
            ErrorKind::InvalidUtf8
        );
    }
    // a UTF-8 sequence split by an escape is invalid
    let buf = NulTerminated::from(&b"\"\xc3\\n\xa9\""[..]);
    assert_eq!(
        buf.cursor().read_str().unwrap_err().kind(),
        ErrorKind::InvalidUtf8
    );
}

#[test]
fn integers() {
    let ok_i64: &[(&str, i64)] = &[
        ("0", 0),
        ("-1", -1),
        ("42", 42),
        ("9223372036854775807", i64::MAX),
        ("-9223372036854775808", i64::MIN),
        ("\"1258816259751983\"", 1258816259751983),
        ("\"-9223372036854775808\"", i64::MIN),
        ("\"0\"", 0),
        ("\"\\u0031\\u0032\"", 12),
        (" 7 ", 7),
    ];
    for &(json, v) in ok_i64 {
        assert_eq!(run(json, |c| c.read_i64()), Ok(v), "{json}");
    }
    let bad_i64: &[(&str, usize, ErrorKind)] = &[
        ("9223372036854775808", 0, ErrorKind::I64OutOfRange),
        ("-9223372036854775809", 0, ErrorKind::I64OutOfRange),
        ("18446744073709551616", 0, ErrorKind::I64OutOfRange),
        (
            "123456789012345678901234567890",
            0,
            ErrorKind::I64OutOfRange,
        ),
        ("\"9223372036854775808\"", 0, ErrorKind::I64OutOfRange),
        ("-0", 0, ErrorKind::FloatForInteger),
        ("1.0", 0, ErrorKind::FloatForInteger),
        ("1e3", 0, ErrorKind::FloatForInteger),
        ("1E3", 0, ErrorKind::FloatForInteger),
        ("01", 1, ErrorKind::InvalidNumber),
        ("-01", 2, ErrorKind::InvalidNumber),
        ("-", 1, ErrorKind::UnexpectedEnd),
        ("-a", 1, ErrorKind::InvalidNumber),
        ("+1", 0, ErrorKind::ExpectedInteger),
        (".5", 0, ErrorKind::ExpectedInteger),
        ("true", 0, ErrorKind::ExpectedInteger),
        ("null", 0, ErrorKind::ExpectedInteger),
        ("[1]", 0, ErrorKind::ExpectedInteger),
        ("{}", 0, ErrorKind::ExpectedInteger),
        ("", 0, ErrorKind::UnexpectedEnd),
        ("\"-0\"", 0, ErrorKind::InvalidIntegerString),
        ("\"01\"", 0, ErrorKind::InvalidIntegerString),
        ("\"+1\"", 0, ErrorKind::InvalidIntegerString),
        ("\"1.0\"", 0, ErrorKind::InvalidIntegerString),
        ("\"\"", 0, ErrorKind::InvalidIntegerString),
        ("\" 1\"", 0, ErrorKind::InvalidIntegerString),
        ("\"1", 2, ErrorKind::UnexpectedEnd),
        ("12x", 2, ErrorKind::TrailingCharacters),
    ];
    for &(json, offset, kind) in bad_i64 {
        assert_eq!(err(run(json, |c| c.read_i64())), (offset, kind), "{json}");
    }
    assert_eq!(run("2147483647", |c| c.read_i32()), Ok(i32::MAX));
    assert_eq!(run("-2147483648", |c| c.read_i32()), Ok(i32::MIN));
    assert_eq!(run("\"-2147483648\"", |c| c.read_i32()), Ok(i32::MIN));
    for json in [
        "2147483648",
        "-2147483649",
        "\"2147483648\"",
        "9223372036854775808",
    ] {
        assert_eq!(
            err(run(json, |c| c.read_i32())),
            (0, ErrorKind::I32OutOfRange),
            "{json}"
        );
    }
}

#[test]
fn floats() {
    let ok: &[(&str, f64)] = &[
        ("0", 0.0),
        ("55.755814", 55.755814),
        ("-0.000000", -0.0),
        ("1e2", 100.0),
        ("1E+2", 100.0),
        ("25e-1", 2.5),
        ("18446744073709551615", 18446744073709551615u64 as f64),
        ("-9223372036854775809", -9223372036854775809i128 as f64),
        ("1e-400", 0.0),
        ("0e99999999999999999999", 0.0),
        ("1.7976931348623157e308", f64::MAX),
        ("4.9e-324", 5e-324),
        ("123456789.123457", 123456789.123457),
    ];
    for &(json, v) in ok {
        let got = run(json, |c| c.read_f64()).unwrap();
        assert_eq!(got.to_bits(), v.to_bits(), "{json}");
    }
    assert_eq!(
        run("-0", |c| c.read_f64()).unwrap().to_bits(),
        (-0.0f64).to_bits()
    );
    let bad: &[(&str, usize, ErrorKind)] = &[
        ("1e400", 0, ErrorKind::NumberOutOfRange),
        ("-1e400", 0, ErrorKind::NumberOutOfRange),
        ("1.8e308", 0, ErrorKind::NumberOutOfRange),
        ("\"1.5\"", 0, ErrorKind::ExpectedNumber),
        ("true", 0, ErrorKind::ExpectedNumber),
        ("1.", 2, ErrorKind::UnexpectedEnd),
        ("1.e5", 2, ErrorKind::InvalidNumber),
        ("1e", 2, ErrorKind::UnexpectedEnd),
        ("1e+", 3, ErrorKind::UnexpectedEnd),
        ("1ex", 2, ErrorKind::InvalidNumber),
        ("00.5", 1, ErrorKind::InvalidNumber),
        (".5", 0, ErrorKind::ExpectedNumber),
        ("+1", 0, ErrorKind::ExpectedNumber),
        ("1.5.5", 3, ErrorKind::TrailingCharacters),
    ];
    for &(json, offset, kind) in bad {
        assert_eq!(err(run(json, |c| c.read_f64())), (offset, kind), "{json}");
    }
}

#[test]
fn bytes() {
    assert_eq!(
        run(r#""AAEC/w==""#, |c| c.read_bytes()),
        Ok(vec![0, 1, 2, 255])
    );
    assert_eq!(run(r#""""#, |c| c.read_bytes()), Ok(vec![]));
    assert_eq!(run(r#""\u0041A==""#, |c| c.read_bytes()), Ok(vec![0]));
    assert_eq!(
        err(run(r#" "AB==""#, |c| c.read_bytes())),
        (
            1,
            ErrorKind::InvalidBase64(Base64Error::NonZeroTrailingBits)
        )
    );
    assert_eq!(
        err(run(r#""AA""#, |c| c.read_bytes())),
        (0, ErrorKind::InvalidBase64(Base64Error::InvalidLength))
    );
    assert_eq!(
        err(run("[]", |c| c.read_bytes())),
        (0, ErrorKind::ExpectedString)
    );
}

#[test]
fn objects_and_keys() {
    let json = r#" { "a" : 1 , "b\u0063" :"x","":true } "#;
    let got = run(json, |c| {
        c.begin_object(1)?;
        let mut keys = Vec::new();
        while let Some(k) = c.next_key()? {
            keys.push(k.into_owned());
            c.skip_value(2)?;
        }
        Ok(keys)
    });
    assert_eq!(got.unwrap(), ["a", "bc", ""]);
    assert_eq!(
        run("{}", |c| {
            c.begin_object(1)?;
            c.next_key()
        }),
        Ok(None)
    );
    let walk = |json: &str| {
        run(json, |c| {
            c.begin_object(1)?;
            while c.next_key()?.is_some() {
                c.skip_value(2)?;
            }
            Ok(())
        })
    };
    let bad: &[(&str, usize, ErrorKind)] = &[
        ("[]", 0, ErrorKind::ExpectedObject),
        ("", 0, ErrorKind::UnexpectedEnd),
        ("{", 1, ErrorKind::UnexpectedEnd),
        ("{1:2}", 1, ErrorKind::ExpectedKey),
        ("{\"a\"}", 4, ErrorKind::ExpectedColon),
        ("{\"a\" 1}", 5, ErrorKind::ExpectedColon),
        ("{\"a\":1 \"b\":2}", 7, ErrorKind::ExpectedCommaOrObjectEnd),
        ("{\"a\":1,}", 7, ErrorKind::ExpectedKey),
        ("{,}", 1, ErrorKind::ExpectedKey),
        ("{\"a\":}", 5, ErrorKind::ExpectedValue),
        ("{\"a\":1", 6, ErrorKind::UnexpectedEnd),
        ("{\"a\":1,", 7, ErrorKind::UnexpectedEnd),
        ("{\"a", 3, ErrorKind::UnexpectedEnd),
        ("{\"\\ud800\":1}", 8, ErrorKind::LoneSurrogate),
        ("{} {}", 3, ErrorKind::TrailingCharacters),
    ];
    for &(json, offset, kind) in bad {
        assert_eq!(err(walk(json)), (offset, kind), "{json}");
    }
    let e = walk("{\"id\":5 \"name\":1}").unwrap_err();
    assert_eq!(
        e.to_string(),
        "at byte 8: expected ',' or '}' after object field"
    );
}

#[test]
fn arrays() {
    let read = |json: &str| {
        run(json, |c| {
            let mut v = Vec::new();
            c.begin_array(1)?;
            while c.next_element()? {
                v.push(if c.eat_null() { -1 } else { c.read_i32()? });
            }
            Ok(v)
        })
    };
    assert_eq!(read("[]"), Ok(vec![]));
    assert_eq!(read(" [ 1 , null,\"3\" ] "), Ok(vec![1, -1, 3]));
    let bad: &[(&str, usize, ErrorKind)] = &[
        ("{}", 0, ErrorKind::ExpectedArray),
        ("[", 1, ErrorKind::UnexpectedEnd),
        ("[1", 2, ErrorKind::UnexpectedEnd),
        ("[1,", 3, ErrorKind::UnexpectedEnd),
        ("[1 2]", 3, ErrorKind::ExpectedCommaOrArrayEnd),
        ("[1,]", 3, ErrorKind::ExpectedInteger),
        ("[,1]", 1, ErrorKind::ExpectedInteger),
        ("[1]]", 3, ErrorKind::TrailingCharacters),
    ];
    for &(json, offset, kind) in bad {
        assert_eq!(err(read(json)), (offset, kind), "{json}");
    }
}

#[test]
fn eat_key_fast_path() {
    let buf = NulTerminated::from(r#"{"@type":"user","id":5, "name":"x","id2":1}"#);
    let mut c = buf.cursor();
    c.begin_object(1).unwrap();
    assert!(!c.eat_key(b"\"id\":"), "not the first key");
    assert_eq!(c.offset(), 1, "a miss consumes nothing");
    assert!(c.eat_key(b"\"@type\":"));
    assert_eq!(c.read_str().unwrap(), "user");
    assert!(!c.eat_key(b"\"i\":"));
    assert!(!c.eat_key(b"\"id2\":"));
    assert!(c.eat_key(b"\"id\":"));
    assert_eq!(c.read_i64(), Ok(5));
    assert!(
        !c.eat_key(b"\"name\":"),
        "whitespace after ',' is left to next_key"
    );
    assert_eq!(c.next_key().unwrap().unwrap(), "name");
    assert_eq!(c.read_str().unwrap(), "x");
    assert!(c.eat_key(b"\"id2\":"));
    assert_eq!(c.read_i64(), Ok(1));
    assert!(!c.eat_key(b"\"x\":"));
    assert_eq!(c.next_key(), Ok(None));
    c.finish().unwrap();

    // the pattern longer than what is left before the NUL: no match, nothing read past it
    for json in ["{", "{\"na", "{\"name\"", "{\"name\":"] {
        let buf = NulTerminated::from(json);
        let mut c = buf.cursor();
        c.begin_object(1).unwrap();
        let hit = c.eat_key(b"\"name\":");
        assert_eq!(hit, json == "{\"name\":", "{json}");
    }
    // first key after whitespace: miss, then next_key
    let buf = NulTerminated::from("{ \"a\":1}");
    let mut c = buf.cursor();
    c.begin_object(1).unwrap();
    assert!(!c.eat_key(b"\"a\":"));
    assert_eq!(c.next_key().unwrap().unwrap(), "a");

    // `eat_object_end`: `}` right there ends the object (empty or not), and the container
    // around it then needs its `,` again
    let buf = NulTerminated::from("[{},{\"a\":1} ,{ }]");
    let mut c = buf.cursor();
    c.begin_array(1).unwrap();
    assert!(c.next_element().unwrap());
    c.begin_object(2).unwrap();
    assert!(c.eat_object_end());
    assert!(c.next_element().unwrap());
    c.begin_object(2).unwrap();
    assert!(!c.eat_object_end());
    assert!(c.eat_key(b"\"a\":"));
    assert_eq!(c.read_i32(), Ok(1));
    assert!(c.eat_object_end());
    assert!(c.next_element().unwrap());
    c.begin_object(2).unwrap();
    assert!(!c.eat_object_end(), "whitespace is left to next_key");
    assert_eq!(c.next_key(), Ok(None));
    assert!(!c.next_element().unwrap());
    c.finish().unwrap();
    let buf = NulTerminated::from("[{}1]");
    let mut c = buf.cursor();
    c.begin_array(1).unwrap();
    assert!(c.next_element().unwrap());
    c.begin_object(2).unwrap();
    assert!(c.eat_object_end());
    assert_eq!(
        err(c.next_element()),
        (3, ErrorKind::ExpectedCommaOrArrayEnd)
    );
}

#[test]
fn mark_rewind_and_type_lookahead() {
    let buf = NulTerminated::from(
        r#"{"id":[1,{"@type":"inner"}],"x":"\u0040type","@type":"late","@type":"dup"}"#,
    );
    let mut c = buf.cursor();
    c.begin_object(1).unwrap();
    let at = c.offset();
    assert_eq!(c.find_type_tag(1).unwrap().unwrap(), "late");
    assert_eq!(c.offset(), at, "look-ahead does not move the cursor");
    // the object is then parsed normally from its first key
    assert_eq!(c.next_key().unwrap().unwrap(), "id");
    let mark = c.mark();
    c.skip_value(2).unwrap();
    assert_eq!(c.next_key().unwrap().unwrap(), "x");
    c.rewind(mark);
    assert_eq!(mark.offset(), c.offset());
    c.skip_value(2).unwrap();
    assert_eq!(c.next_key().unwrap().unwrap(), "x");

    // no @type
    let buf = NulTerminated::from(r#"{"a":{"@type":"nested"}}"#);
    let mut c = buf.cursor();
    c.begin_object(1).unwrap();
    assert_eq!(c.find_type_tag(1), Ok(None));
    // an escaped "@type" key counts
    let buf = NulTerminated::from(r#"{"\u0040type":"t"}"#);
    let mut c = buf.cursor();
    c.begin_object(1).unwrap();
    assert_eq!(c.find_type_tag(1).unwrap().unwrap(), "t");
    // errors inside the scanned part are reported
    let buf = NulTerminated::from(r#"{"a":[1 2],"@type":"t"}"#);
    let mut c = buf.cursor();
    c.begin_object(1).unwrap();
    assert_eq!(
        err(c.find_type_tag(1)),
        (8, ErrorKind::ExpectedCommaOrArrayEnd)
    );
    let buf = NulTerminated::from(r#"{"@type":5}"#);
    let mut c = buf.cursor();
    c.begin_object(1).unwrap();
    assert_eq!(err(c.find_type_tag(1)), (9, ErrorKind::ExpectedString));
}

#[test]
fn skip_value_kinds() {
    for json in [
        "null",
        "true",
        "false",
        "0",
        "-1.5e+3",
        "1e-400",
        "123456789012345678901234567890e-20",
        "\"a\\u0041\\ud800\\udc00\"",
        "[]",
        "{}",
        " [ 1 , [ ] , { } , { \"a\" : [ null ] } ] ",
        r#"{"a":{"b":{"c":[1,2,{"d":"e"}]}},"f":false}"#,
    ] {
        assert_eq!(run(json, |c| c.skip_value(1)), Ok(()), "{json}");
    }
    let bad: &[(&str, usize, ErrorKind)] = &[
        ("nul", 3, ErrorKind::UnexpectedEnd),
        ("[1e400]", 1, ErrorKind::NumberOutOfRange),
        ("[-1e309]", 1, ErrorKind::NumberOutOfRange),
        ("{\"a\":\"\\ud800\"}", 12, ErrorKind::LoneSurrogate),
        ("{\"\\udc00\":1}", 8, ErrorKind::LoneSurrogate),
        ("[\"\\ud800\\ud800\"]", 14, ErrorKind::LoneSurrogate),
        ("nulx", 3, ErrorKind::InvalidLiteral),
        ("tRue", 1, ErrorKind::InvalidLiteral),
        ("fals", 4, ErrorKind::UnexpectedEnd),
        ("x", 0, ErrorKind::ExpectedValue),
        ("]", 0, ErrorKind::ExpectedValue),
        ("", 0, ErrorKind::UnexpectedEnd),
        ("[1,]", 3, ErrorKind::ExpectedValue),
        ("[1 2]", 3, ErrorKind::ExpectedCommaOrArrayEnd),
        ("{\"a\":1 2}", 7, ErrorKind::ExpectedCommaOrObjectEnd),
        ("{\"a\" 1}", 5, ErrorKind::ExpectedColon),
        ("{1:1}", 1, ErrorKind::ExpectedKey),
        ("{\"a\":1,}", 7, ErrorKind::ExpectedKey),
        ("[\"\\q\"]", 3, ErrorKind::InvalidEscape),
        ("[\"\\u12\"]", 6, ErrorKind::InvalidEscape),
        ("[\"\u{1}\"]", 2, ErrorKind::ControlCharacterInString),
        ("[01]", 2, ErrorKind::InvalidNumber),
        ("[1.]", 3, ErrorKind::InvalidNumber),
        ("[-]", 2, ErrorKind::InvalidNumber),
        ("[1e]", 3, ErrorKind::InvalidNumber),
        ("[[[", 3, ErrorKind::UnexpectedEnd),
        ("{\"a\":[}", 6, ErrorKind::ExpectedValue),
        ("[}", 1, ErrorKind::ExpectedValue),
    ];
    for &(json, offset, kind) in bad {
        assert_eq!(
            err(run(json, |c| c.skip_value(1))),
            (offset, kind),
            "{json}"
        );
    }
}

#[test]
fn depth_limits() {
    let max = MAX_DEPTH as usize;
    let nested = |n: usize| "[".repeat(n) + &"]".repeat(n);
    assert_eq!(run(&nested(max), |c| c.skip_value(1)), Ok(()));
    assert_eq!(
        err(run(&nested(max + 1), |c| c.skip_value(1))),
        (max, ErrorKind::DepthLimitExceeded)
    );
    // starting deeper leaves less room
    assert_eq!(
        err(run(&nested(2), |c| c.skip_value(MAX_DEPTH))),
        (1, ErrorKind::DepthLimitExceeded)
    );
    // 100,000 nested arrays: a clean error, no stack overflow
    let deep = "[".repeat(100_000);
    let e = run(&deep, |c| c.skip_value(1)).unwrap_err();
    assert_eq!((e.offset(), e.kind()), (max, ErrorKind::DepthLimitExceeded));
    assert_eq!(
        e.to_string(),
        "at byte 256: maximum nesting depth 256 exceeded"
    );
    let deep_objects = "{\"a\":".repeat(100_000);
    assert_eq!(
        err(run(&deep_objects, |c| c.skip_value(1))),
        (5 * max, ErrorKind::DepthLimitExceeded)
    );
    // begin_object / begin_array check the depth they are given
    assert_eq!(
        run("{}", |c| c.begin_object(MAX_DEPTH).map(|_| c.next_key())),
        Ok(Ok(None))
    );
    assert_eq!(
        err(run("{}", |c| c.begin_object(MAX_DEPTH + 1))),
        (0, ErrorKind::DepthLimitExceeded)
    );
    assert_eq!(
        err(run("[]", |c| c.begin_array(MAX_DEPTH + 1))),
        (0, ErrorKind::DepthLimitExceeded)
    );
}

#[test]
fn entry_points() {
    let c_string = CString::new(r#"{"a":1}"#).unwrap();
    let mut c = Cursor::from_cstr(&c_string);
    c.skip_value(1).unwrap();
    c.finish().unwrap();

    // SAFETY: `c_string` is a valid C string that outlives the cursor and is not modified.
    let mut c = unsafe { Cursor::from_ptr(c_string.as_ptr()) };
    c.skip_value(1).unwrap();
    c.finish().unwrap();

    let mut c = Cursor::from_bytes_with_nul(b"[true]\0").unwrap();
    c.skip_value(1).unwrap();
    c.finish().unwrap();

    assert_eq!(
        err(Cursor::from_bytes_with_nul(b"[true]")),
        (6, ErrorKind::MissingNul)
    );
    assert_eq!(
        err(Cursor::from_bytes_with_nul(b"")),
        (0, ErrorKind::MissingNul)
    );
    // an interior NUL ends the document early
    let mut c = Cursor::from_bytes_with_nul(b"[1,\x002]\0").unwrap();
    assert_eq!(err(c.skip_value(1)), (3, ErrorKind::UnexpectedEnd));
    let buf = NulTerminated::from(&b"\"a\x00b\""[..]);
    assert_eq!(err(buf.cursor().read_str()), (2, ErrorKind::UnexpectedEnd));
    assert_eq!(buf.as_bytes(), b"\"a\x00b\"");
    assert_eq!(buf.as_bytes_with_nul(), b"\"a\x00b\"\x00");
    let buf = NulTerminated::from(String::from("1 "));
    let mut c = buf.cursor();
    c.skip_value(1).unwrap();
    assert_eq!(c.finish(), Ok(()));
    let buf = NulTerminated::from(vec![b'2', b'x']);
    let mut c = buf.cursor();
    c.skip_value(1).unwrap();
    assert_eq!(err(c.finish()), (1, ErrorKind::TrailingCharacters));
    // a cursor can be cloned (not sent: it may carry its thread's arena, `with_arena`)
    let c2 = c.clone();
    assert_eq!(c2.offset(), 1);
}

#[test]
fn error_type_is_small_and_displays() {
    assert!(std::mem::size_of::<Error>() <= 16);
    assert!(std::mem::size_of::<Result<Cow<'static, str>, Error>>() <= 32);
    let cases: &[(ErrorKind, &str)] = &[
        (
            ErrorKind::I32OutOfRange,
            "at byte 12: integer out of range for i32",
        ),
        (
            ErrorKind::UnexpectedEnd,
            "at byte 12: unexpected end of input (NUL)",
        ),
        (
            ErrorKind::DepthLimitExceeded,
            "at byte 12: maximum nesting depth 256 exceeded",
        ),
        (
            ErrorKind::InvalidBase64(Base64Error::InvalidLength),
            "at byte 12: invalid base64: length is not a multiple of 4",
        ),
    ];
    for &(kind, text) in cases {
        assert_eq!(Error::new(12, kind).to_string(), text);
    }
    // every kind has a message
    let all = [
        ErrorKind::UnexpectedEnd,
        ErrorKind::ExpectedValue,
        ErrorKind::ExpectedObject,
        ErrorKind::ExpectedArray,
        ErrorKind::ExpectedKey,
        ErrorKind::ExpectedColon,
        ErrorKind::ExpectedCommaOrObjectEnd,
        ErrorKind::ExpectedCommaOrArrayEnd,
        ErrorKind::InvalidLiteral,
        ErrorKind::InvalidNumber,
        ErrorKind::NumberOutOfRange,
        ErrorKind::ControlCharacterInString,
        ErrorKind::InvalidEscape,
        ErrorKind::LoneSurrogate,
        ErrorKind::InvalidUtf8,
        ErrorKind::ExpectedString,
        ErrorKind::ExpectedBool,
        ErrorKind::ExpectedNumber,
        ErrorKind::ExpectedInteger,
        ErrorKind::FloatForInteger,
        ErrorKind::InvalidIntegerString,
        ErrorKind::I32OutOfRange,
        ErrorKind::I64OutOfRange,
        ErrorKind::DepthLimitExceeded,
        ErrorKind::TrailingCharacters,
        ErrorKind::MissingNul,
        ErrorKind::MissingType,
        ErrorKind::UnknownType,
    ];
    let mut texts: Vec<String> = all.iter().map(|k| k.to_string()).collect();
    texts.sort();
    texts.dedup();
    assert_eq!(texts.len(), all.len(), "messages are distinct");
    let buf = NulTerminated::from("  x");
    let mut c = buf.cursor();
    c.peek();
    assert_eq!(c.error(ErrorKind::UnknownType).offset(), 2);
}
