//! Fixed cases: limit numbers as numbers and strings, NUL, surrogates and bad UTF-8 in
//! strings, nesting to 100,000 levels, arrays of a million elements, the depth limit itself,
//! forged `@type` names.

use super::*;

/// Every limit number in fields of every integer kind and in `double`, `JsonValue` and skipped
/// positions, as a number and as a string.
#[test]
fn numbers_at_and_past_the_limits() {
    let templates: &[&str] = &[
        r#"{"@type":"testInt","value":X}"#,
        r#"{"@type":"logVerbosityLevel","verbosity_level":X}"#,
        r#"{"@type":"error","code":X,"message":"m"}"#,
        r#"{"@type":"ok","@client_id":X}"#,
        r#"{"@type":"optionValueInteger","value":X}"#,
        r#"{"@type":"updateDeleteMessages","chat_id":X,"message_ids":[1,X],"is_permanent":true,"from_cache":false}"#,
        r#"{"@type":"testVectorInt","value":[X,X]}"#,
        r#"{"@type":"location","latitude":X,"longitude":0,"horizontal_accuracy":0}"#,
        r#"{"@type":"seconds","seconds":X}"#,
        r#"{"@type":"ok","@extra":X}"#,
        r#"{"@type":"ok","@extra":{"a":[X]}}"#,
        r#"{"@type":"ok","unknown":X}"#,
        r#"{"unknown":X,"@type":"ok"}"#,
        r#"{"@type":"jsonValueNumber","value":X}"#,
        r#"{"@type":"testInt","value":1,"value":X}"#,
        r#"{"@type":"testInt","value":X,"value":1}"#,
    ];
    let mut tally = Tally::default();
    for (t, template) in templates.iter().enumerate() {
        let forms = NUMBER_EDGES
            .iter()
            .map(|n| n.to_string())
            .chain(STRING_NUMBER_EDGES.iter().map(|s| format!("\"{s}\"")))
            .chain(NUMBER_EDGES.iter().map(|s| format!("\"{s}\"")));
        for (n, form) in forms.enumerate() {
            let payload = template.replace('X', &form);
            tally.check(&format!("limits-{t}-{n}"), payload.as_bytes(), false);
        }
    }
    eprintln!(
        "limits: both-rejected {}, both-accepted-equal {}, failures {}",
        tally.broken_rejected,
        tally.broken_accepted,
        tally.failures.len()
    );
    tally.finish("numbers at the limits");
    assert!(tally.broken_accepted > 100 && tally.broken_rejected > 100);
}

/// Strings: NUL (raw and `\u0000`), lone surrogates, invalid UTF-8, in read, skipped, key and
/// `@type` positions.
#[test]
fn strings_with_nul_surrogates_and_bad_utf8() {
    let templates: &[&[u8]] = &[
        br#"{"@type":"testString","value":"aXb"}"#,
        br#"{"@type":"logTags","tags":["aXb","c"]}"#,
        br#"{"@type":"ok","@extra":"aXb"}"#,
        br#"{"@type":"ok","@extra":{"aXb":1}}"#,
        br#"{"@type":"ok","unknown":"aXb"}"#,
        br#"{"@type":"ok","aXb":1}"#,
        br#"{"@type":"oXk"}"#,
        br#"{"a":"X","@type":"ok"}"#,
        br#"{"@type":"testBytes","value":"AAXA"}"#,
        br#"{"@type":"optionValueInteger","value":"1X"}"#,
    ];
    let inserts: Vec<&[u8]> = BROKEN_ESCAPES
        .iter()
        .chain(BAD_UTF8)
        .chain(RAW_BYTES)
        .copied()
        .chain([
            &b"\\u0000"[..],
            b"\x00",
            b"\\ud83d",
            b"\\ude00",
            b"\\ud83d\\ude00",
        ])
        .collect();
    let mut tally = Tally::default();
    for (t, template) in templates.iter().enumerate() {
        let at = template.iter().position(|&b| b == b'X').unwrap();
        for (n, insert) in inserts.iter().enumerate() {
            let mut payload = template[..at].to_vec();
            payload.extend_from_slice(insert);
            payload.extend_from_slice(&template[at + 1..]);
            tally.check(&format!("strings-{t}-{n}"), &payload, false);
        }
    }
    eprintln!(
        "strings: both-rejected {}, both-accepted-equal {}, failures {}",
        tally.broken_rejected,
        tally.broken_accepted,
        tally.failures.len()
    );
    tally.finish("strings");
}

/// The default stack of a test thread (and of `std::thread::spawn`): 2 MiB.
const TEST_STACK: usize = 2 << 20;

/// Stack for *typed* recursion (a constructor whose field is of its own class, e.g.
/// `richTextBold.text: RichText`): the default 2 MiB. Finding F2 of docs/HARDENING.md: the
/// dispatch used to keep every constructor's value in its own frame, about 1 MiB in debug
/// builds, so 256 such levels needed about 2.8 MiB; since each constructor is parsed in its own
/// small frame (`parse_as` / `read_as`), 256 levels take about 0.85 MiB in debug builds.
const TYPED_RECURSION_STACK: usize = TEST_STACK;

/// Runs `f` on a thread with `stack` bytes of stack, so that a recursion that is not bounded
/// overflows it (which aborts the test binary) instead of passing on a big main stack.
fn on_stack<T: Send + 'static>(stack: usize, f: impl FnOnce() -> T + Send + 'static) -> T {
    std::thread::Builder::new()
        .name(format!("{}KiB-stack", stack >> 10))
        .stack_size(stack)
        .spawn(f)
        .expect("spawn")
        .join()
        .expect("no panic")
}

/// `richTextBold` nested around a `richTextPlain`: `levels` objects deep.
fn rich_text_bold(levels: usize) -> String {
    nest(
        levels - 1,
        "{\"@type\":\"richTextBold\",\"text\":",
        "{\"@type\":\"richTextPlain\",\"text\":\"x\"}",
        "}",
    )
}

/// Finding F2 of docs/HARDENING.md (fixed): this aborted with a stack overflow in debug builds.
#[test]
fn typed_recursion_at_the_depth_limit_on_a_2mib_stack() {
    for levels in [128, 160, 202, 256] {
        eprintln!("richTextBold nested {levels} levels on a 2 MiB stack ...");
        let payload = rich_text_bold(levels);
        let verdict = on_stack(TEST_STACK, move || {
            tlgen_tests::validate(payload.as_bytes())
        });
        assert_eq!(verdict, Verdict::Agree);
    }
}

/// `open` + `close` nested `n` times around `inner`.
fn nest(n: usize, open: &str, inner: &str, close: &str) -> String {
    let mut s = String::with_capacity(n * (open.len() + close.len()) + inner.len());
    for _ in 0..n {
        s.push_str(open);
    }
    s.push_str(inner);
    for _ in 0..n {
        s.push_str(close);
    }
    s
}

#[test]
fn nesting_100000_levels_is_rejected_cleanly() {
    let started = Instant::now();
    let n = 100_000;
    // (name, document, whether both parsers must name the depth limit: not where the nesting
    // is in a position that rejects it for its type first)
    let cases: Vec<(&str, String, bool)> = vec![
        ("top-level arrays", nest(n, "[", "", "]"), false),
        ("top-level objects", nest(n, "{\"a\":", "1", "}"), true),
        (
            "@extra arrays",
            format!("{{\"@type\":\"ok\",\"@extra\":{}}}", nest(n, "[", "", "]")),
            true,
        ),
        (
            "@extra objects",
            format!(
                "{{\"@type\":\"ok\",\"@extra\":{}}}",
                nest(n, "{\"a\":", "1", "}")
            ),
            true,
        ),
        (
            "unknown field",
            format!("{{\"@type\":\"ok\",\"x\":{}}}", nest(n, "[", "", "]")),
            true,
        ),
        (
            "before @type",
            format!(
                "{{\"x\":{},\"@type\":\"ok\"}}",
                nest(n, "[{\"y\":", "1", "}]")
            ),
            true,
        ),
        ("typed recursion (richTextBold)", rich_text_bold(n), true),
        (
            "typed recursion, @type last",
            nest(
                n,
                "{\"text\":",
                "{\"@type\":\"richTextPlain\",\"text\":\"x\"}",
                ",\"@type\":\"richTextBold\"}",
            ),
            true,
        ),
        (
            "jsonValueArray",
            nest(n, "{\"@type\":\"jsonValueArray\",\"values\":[", "", "]}"),
            true,
        ),
        (
            "vector<int32> field",
            format!(
                "{{\"@type\":\"testVectorInt\",\"value\":{}}}",
                nest(n, "[", "", "]")
            ),
            false,
        ),
        (
            "duplicate field",
            format!(
                "{{\"@type\":\"testInt\",\"value\":1,\"value\":{}}}",
                nest(n, "[", "", "]")
            ),
            true,
        ),
        (
            "unclosed",
            format!("{{\"@type\":\"ok\",\"@extra\":{}", "[".repeat(n)),
            true,
        ),
    ];
    let count = cases.len();
    let (typed, generic): (Vec<_>, Vec<_>) = cases
        .into_iter()
        .partition(|(name, _, _)| name.starts_with("typed recursion"));
    let check = |cases: Vec<(&'static str, String, bool)>| {
        let mut failures = Vec::new();
        for (name, payload, names_limit) in &cases {
            let verdict = tlgen_tests::validate(payload.as_bytes());
            let Verdict::BothRejected { reader, pointer } = &verdict else {
                failures.push(format!("{name}: {verdict}"));
                continue;
            };
            let named = |m: &str| m.contains("maximum nesting depth 256 exceeded");
            if *names_limit && !(named(reader) && named(pointer)) {
                failures.push(format!("{name}: limit not named: {verdict}"));
            }
        }
        failures
    };
    let mut failures = on_stack(TEST_STACK, move || check(generic));
    failures.extend(on_stack(TYPED_RECURSION_STACK, move || check(typed)));
    eprintln!(
        "nesting: {count} documents nested {n} levels, both rejected, in {:.1?} (typed \
         recursion on a {} KiB stack, the rest on 2 MiB)",
        started.elapsed(),
        TYPED_RECURSION_STACK >> 10
    );
    assert!(failures.is_empty(), "{failures:#?}");
}

#[test]
fn arrays_of_a_million_elements() {
    let started = Instant::now();
    let n = 1_000_000;
    let list = |item: &str| vec![item; n].join(",");
    let cases: Vec<(&str, String, bool)> = vec![
        (
            "tags",
            format!("{{\"@type\":\"logTags\",\"tags\":[{}]}}", list("\"a\"")),
            true,
        ),
        (
            "ints",
            format!("{{\"@type\":\"testVectorInt\",\"value\":[{}]}}", list("7")),
            true,
        ),
        (
            "@extra",
            format!("{{\"@type\":\"ok\",\"@extra\":[{}]}}", list("0")),
            true,
        ),
        (
            "skipped",
            format!("{{\"@type\":\"ok\",\"x\":[{}]}}", list("{}")),
            true,
        ),
        (
            "last element bad",
            format!(
                "{{\"@type\":\"testVectorInt\",\"value\":[{},2147483648]}}",
                list("1")
            ),
            false,
        ),
        (
            "trailing comma",
            format!("{{\"@type\":\"logTags\",\"tags\":[{},]}}", list("\"a\"")),
            false,
        ),
    ];
    let mut tally = Tally::default();
    for (name, payload, valid) in &cases {
        tally.check(&format!("huge-{name}"), payload.as_bytes(), *valid);
    }
    // the vector really has a million elements, in both parsers
    let payload = &cases[1].1;
    let reader: td::Received = tlgen_runtime::reader::from_str(payload).unwrap();
    let buffer = tlgen_runtime::pointer::NulTerminated::from(payload.as_str());
    let pointer = td::parse_received(buffer.cursor()).unwrap();
    assert_eq!(reader, pointer);
    match &pointer.object {
        td::Object::TestVectorInt(v) => assert_eq!(v.value.len(), n),
        other => panic!("{}", other.type_name()),
    }
    eprintln!(
        "huge arrays: {} documents of {n} elements in {:.1?}: valid agree {}, both-rejected {}",
        cases.len(),
        started.elapsed(),
        tally.valid_agree,
        tally.broken_rejected
    );
    tally.finish("huge arrays");
}

/// The depth limit: 256 levels (every `{` and `[`, the top-level object being level 1) are
/// accepted, 257 are rejected by both parsers with an error naming the limit; TDLib's own 202
/// levels are far inside.
#[test]
fn depth_limit_is_an_error_naming_the_limit_in_both_parsers() {
    let max = tlgen_runtime::limits::MAX_DEPTH as usize;
    assert_eq!(max, 256);
    // (document with `levels` levels of nesting, for each position)
    type Shape = Box<dyn Fn(usize) -> String + Send>;
    let shapes: Vec<(&'static str, Shape)> = vec![
        (
            "@extra arrays",
            Box::new(|levels| {
                format!(
                    "{{\"@type\":\"ok\",\"@extra\":{}}}",
                    nest(levels - 1, "[", "", "]")
                )
            }),
        ),
        (
            "@extra objects",
            Box::new(|levels| {
                format!(
                    "{{\"@type\":\"ok\",\"@extra\":{}}}",
                    nest(levels - 1, "{\"a\":", "1", "}")
                )
            }),
        ),
        (
            "skipped field",
            Box::new(|levels| {
                format!(
                    "{{\"@type\":\"ok\",\"x\":{}}}",
                    nest(levels - 1, "[", "", "]")
                )
            }),
        ),
        (
            "before @type (look-ahead)",
            Box::new(|levels| {
                format!(
                    "{{\"x\":{},\"@type\":\"ok\"}}",
                    nest(levels - 1, "[", "", "]")
                )
            }),
        ),
        ("typed recursion", Box::new(rich_text_bold)),
        (
            "jsonValueArray (typed recursion through vectors)",
            Box::new(|levels| {
                let open = "{\"@type\":\"jsonValueArray\",\"values\":[";
                if levels % 2 == 0 {
                    nest(levels / 2, open, "", "]}")
                } else {
                    nest(levels / 2, open, "{\"@type\":\"jsonValueNull\"}", "]}")
                }
            }),
        ),
    ];
    let (typed, generic): (Vec<_>, Vec<_>) = shapes
        .into_iter()
        .partition(|(name, _)| name.starts_with("typed recursion"));
    let run = move |shapes: Vec<(&'static str, Shape)>| {
        let mut lines = Vec::new();
        for (name, make) in &shapes {
            for levels in [202, max - 1, max, max + 1, max + 2] {
                let payload = make(levels);
                let verdict = tlgen_tests::validate(payload.as_bytes());
                let ok = if levels <= max {
                    verdict == Verdict::Agree
                } else {
                    match &verdict {
                        Verdict::BothRejected { reader, pointer } => {
                            let text = format!("maximum nesting depth {max} exceeded");
                            reader.contains(&text) && pointer.contains(&text)
                        }
                        _ => false,
                    }
                };
                lines.push((ok, format!("{name}, {levels} levels: {verdict}")));
            }
        }
        lines
    };
    let mut report = on_stack(TEST_STACK, move || run(generic));
    report.extend(on_stack(TYPED_RECURSION_STACK, move || run(typed)));
    for (_, line) in report.iter().filter(|(ok, _)| !ok) {
        eprintln!("depth limit: {line}");
    }
    let example = report
        .iter()
        .find(|(_, l)| l.contains("257 levels"))
        .unwrap();
    eprintln!("depth limit: {} cases; e.g. {}", report.len(), example.1);
    assert!(report.iter().all(|(ok, _)| *ok));
    // The pointer parser's error kind too.
    let payload = format!(
        "{{\"@type\":\"ok\",\"@extra\":{}}}",
        nest(max, "[", "", "]")
    );
    let buffer = tlgen_runtime::pointer::NulTerminated::from(payload.as_str());
    let err = td::parse_received(buffer.cursor()).unwrap_err();
    assert_eq!(err.kind(), ErrorKind::DepthLimitExceeded);
    assert_eq!(err.offset(), 23 + max - 1, "{err}");
}

/// The forged names really collide, so the differential loop exercises "CRC32 matched, name
/// did not".
#[test]
fn forged_type_names_collide_and_parse_as_unknown() {
    for target in [
        "ok",
        "error",
        "logTags",
        "testInt",
        "updateOption",
        "richTextBold",
    ] {
        let forged = forge_crc(target);
        let payload = format!(
            "{{\"@type\":\"{forged}\",\"value\":1,\"tags\":[\"a\"],\"code\":1,\"text\":{{\"@type\":\"richTextPlain\",\"text\":\"x\"}}}}"
        );
        let verdict = tlgen_tests::validate(payload.as_bytes());
        assert_eq!(verdict, Verdict::Agree, "{payload}");
        let buffer = tlgen_runtime::pointer::NulTerminated::from(payload.as_str());
        let parsed = td::parse_received(buffer.cursor()).unwrap();
        assert_eq!(parsed.object.type_name(), forged, "{payload}");
    }
}
