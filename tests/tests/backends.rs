//! The generated `Deserialize` impls are backend-agnostic: serde_json (`from_str`,
//! `from_slice`), sonic-rs (`from_str`, `from_slice`) and simd-json (`serde::from_slice` on a
//! mutable copy) must build the same values as `tlgen_runtime::reader` and the pointer parser.
//!
//! Payloads nested 100 levels or more are only compared in `deep_payloads_per_backend`: the
//! other backends have limits of their own (serde_json's recursion limit is 128 levels; sonic-rs
//! stops at 128 nested objects), and their stack use per level differs. In a debug build on a
//! 2 MiB thread (the default for test threads), the generated impls driven by sonic-rs overflow
//! the stack at about 90 levels and driven by simd-json somewhere between 128 and 200, although
//! tlgen's depth guard allows 256. So every test here runs on a thread with a large stack.

use std::borrow::Cow;
use std::fmt::Write as _;

use tlgen_runtime::pointer::NulTerminated;
use tlgen_tests::td::{self, Object, Received};
use tlgen_tests::{json_depth, repo_root};

/// Payloads at least this deep are not compared across backends.
const DEPTH_CUTOFF: usize = 100;

/// Runs `f` on a thread with a 64 MiB stack (see the module docs).
fn with_big_stack(f: impl FnOnce() + Send) {
    std::thread::scope(|scope| {
        let handle = std::thread::Builder::new()
            .stack_size(64 << 20)
            .spawn_scoped(scope, f)
            .expect("spawn");
        if let Err(panic) = handle.join() {
            std::panic::resume_unwind(panic);
        }
    });
}

/// The backends under comparison; each parses `line` and reports its value or error text.
#[derive(Clone, Copy, Debug)]
enum Backend {
    SerdeJsonStr,
    SerdeJsonSlice,
    SonicStr,
    SonicSlice,
    SimdJson,
}

const BACKENDS: [Backend; 5] = [
    Backend::SerdeJsonStr,
    Backend::SerdeJsonSlice,
    Backend::SonicStr,
    Backend::SonicSlice,
    Backend::SimdJson,
];

impl Backend {
    fn name(self) -> &'static str {
        match self {
            Backend::SerdeJsonStr => "serde_json::from_str",
            Backend::SerdeJsonSlice => "serde_json::from_slice",
            Backend::SonicStr => "sonic_rs::from_str",
            Backend::SonicSlice => "sonic_rs::from_slice",
            Backend::SimdJson => "simd_json::serde::from_slice",
        }
    }

    /// Parses `line` and hands the value to `f` (simd-json's value borrows a local copy).
    fn parse<R>(self, line: &str, f: impl FnOnce(Result<&Received<'_>, String>) -> R) -> R {
        match self {
            Backend::SerdeJsonStr => {
                let r = serde_json::from_str::<Received>(line);
                f(r.as_ref().map_err(|e| e.to_string()))
            }
            Backend::SerdeJsonSlice => {
                let r = serde_json::from_slice::<Received>(line.as_bytes());
                f(r.as_ref().map_err(|e| e.to_string()))
            }
            Backend::SonicStr => {
                let r = sonic_rs::from_str::<Received>(line);
                f(r.as_ref().map_err(|e| e.to_string()))
            }
            Backend::SonicSlice => {
                let r = sonic_rs::from_slice::<Received>(line.as_bytes());
                f(r.as_ref().map_err(|e| e.to_string()))
            }
            Backend::SimdJson => {
                let mut copy = line.as_bytes().to_vec();
                let r = simd_json::serde::from_slice::<Received>(&mut copy);
                f(r.as_ref().map_err(|e| e.to_string()))
            }
        }
    }
}

/// The reference value: tlgen's reader (serde_json, tlgen's depth limit), checked against the
/// pointer parser.
fn reference(line: &str) -> Received<'_> {
    let r: Received = tlgen_runtime::reader::from_str(line)
        .unwrap_or_else(|e| panic!("reader rejected {line}: {e}"));
    let buffer = NulTerminated::from(line);
    let p = td::parse_received(buffer.cursor())
        .unwrap_or_else(|e| panic!("pointer parser rejected {line}: {e}"));
    assert_eq!(p, r, "pointer vs reader on {line}");
    r
}

#[derive(Default)]
struct Counts {
    compared: usize,
    skipped_deep: usize,
    per_backend_equal: [usize; BACKENDS.len()],
    failures: Vec<String>,
}

impl Counts {
    /// Compares every backend with the reference on one payload.
    fn compare(&mut self, source: &str, line_no: usize, line: &str) {
        let expected = reference(line);
        self.compared += 1;
        for (i, backend) in BACKENDS.into_iter().enumerate() {
            let outcome = backend.parse(line, |got| match got {
                Ok(value) if *value == expected => Ok(()),
                Ok(value) => Err(format!("differs: {}", first_difference(&expected, value))),
                Err(e) => Err(format!("rejected: {e}")),
            });
            match outcome {
                Ok(()) => self.per_backend_equal[i] += 1,
                Err(e) => self
                    .failures
                    .push(format!("{source}:{line_no}: {}: {e}", backend.name())),
            }
        }
    }

    fn report(&self, what: &str) -> String {
        let mut out = format!(
            "{what}: {} payloads compared, {} skipped (depth >= {DEPTH_CUTOFF})",
            self.compared, self.skipped_deep
        );
        for (backend, equal) in BACKENDS.iter().zip(self.per_backend_equal) {
            let _ = write!(out, "\n  {:<30} {equal} equal", backend.name());
        }
        out
    }
}

/// The first differing member of the two values written back as JSON.
fn first_difference(a: &Received<'_>, b: &Received<'_>) -> String {
    let a = serde_json::to_value(a).unwrap_or_default();
    let b = serde_json::to_value(b).unwrap_or_default();
    match tlgen_runtime::validate::first_difference(&a, &b, "<root>".into()) {
        Some((path, x, y)) => format!("{path}: expected {x}, got {y}"),
        None => "values differ but serialize equally".into(),
    }
}

fn compare_file(counts: &mut Counts, name: &str) {
    let path = repo_root().join("corpus").join(name);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    for (index, line) in text.lines().enumerate() {
        if line.trim().is_empty() {
            continue;
        }
        if json_depth(line) >= DEPTH_CUTOFF {
            counts.skipped_deep += 1;
            continue;
        }
        counts.compare(name, index + 1, line);
    }
}

#[test]
fn backends_agree_on_tdlib_1_8_65_captures() {
    with_big_stack(|| {
        let mut counts = Counts::default();
        compare_file(&mut counts, "tdjson-1.8.65.jsonl");
        println!("{}", counts.report("tdjson-1.8.65.jsonl"));
        assert!(
            counts.failures.is_empty(),
            "{} failures:\n  {}",
            counts.failures.len(),
            counts.failures.join("\n  ")
        );
        assert!(counts.compared > 200, "{}", counts.report("tdjson-1.8.65"));
        assert!(counts.skipped_deep > 0, "the capture has deep payloads");
    });
}

#[test]
fn backends_agree_on_the_rest_of_the_corpus() {
    with_big_stack(|| {
        let mut counts = Counts::default();
        for name in [
            "tdjson-1.8.65-params.jsonl",
            "tdjson-1.8.67.jsonl",
            "tdjson-1.8.67-params.jsonl",
        ] {
            compare_file(&mut counts, name);
        }
        println!("{}", counts.report("other corpus files"));
        assert!(
            counts.failures.is_empty(),
            "{} failures:\n  {}",
            counts.failures.len(),
            counts.failures.join("\n  ")
        );
        assert!(counts.compared > 400);
    });
}

/// Hand-written payloads that take the generated impls off their fast paths.
const TRICKY: &[&str] = &[
    // `@type` not first, at the top and nested; decoys before it.
    r#"{"message":{"id":7,"content":{"text":{"text":"hi \u00e9","entities":[{"offset":0,"length":2,"type":{"@type":"textEntityTypeBold"},"@type":"textEntity"}],"@type":"formattedText"},"@type":"messageText"},"chat_id":8,"@type":"message"},"x":"\"@type\":\"ok\"","@type":"updateNewMessage","@client_id":1}"#,
    // Unknown fields of every kind, unknown types at the top, in a class field and in a vector.
    r#"{"@type":"testInt","a":[1,[2,{"b":null}]],"c":{"d":"\ud83d\udc4d"},"value":-5,"e":1e300}"#,
    r#"{"@type":"someFutureUpdate","x":{"y":[true,false,null]},"@extra":{"id":12345678901234567890,"f":-1.5,"s":"\n"}}"#,
    r#"{"@type":"message","content":{"@type":"messageFuture","x":1},"sender_id":{"@type":"messageSenderUser","user_id":"9"}}"#,
    r#"{"@type":"jsonValueArray","values":[{"@type":"jsonValueFuture"},null,{"@type":"jsonValueNumber","value":-0.000000}]}"#,
    // Duplicate keys (the first wins), nulls everywhere, missing fields.
    r#"{"@type":"testInt","value":1,"value":2,"@type":"testString"}"#,
    r#"{"@type":"message","id":null,"content":null,"forward_info":null,"unread_reactions":null}"#,
    r#"{"@type":"messages","total_count":2,"messages":[null,{"@type":"message","id":"2"}]}"#,
    r#"{"@type":"testVectorIntObject","value":[null,{"value":3,"@type":"testInt"}]}"#,
    // Scalars in every accepted form.
    r#"{"@type":"optionValueInteger","value":"-9223372036854775808"}"#,
    r#"{"@type":"optionValueInteger","value":9223372036854775807}"#,
    r#"{"@type":"location","latitude":3.141590,"longitude":-0.000000,"horizontal_accuracy":5}"#,
    r#"{"@type":"testBytes","value":"AAEC\/w=="}"#,
    r#"{"@type":"testString","value":"\"\\\/\b\f\n\r\t\u0001\u00e9\ud83d\udc4d"}"#,
    // @extra of every kind.
    r#"{"@type":"ok","@extra":null,"@client_id":3}"#,
    r#"{"@type":"ok","@extra":[1,-1,1.5,1e5,"x",true,{},[]]}"#,
    r#"{"@extra":{"@type":"error","a":1,"a":2},"@type":"ok"}"#,
];

#[test]
fn backends_agree_on_tricky_payloads() {
    with_big_stack(|| {
        let mut counts = Counts::default();
        for (index, payload) in TRICKY.iter().enumerate() {
            counts.compare("TRICKY", index, payload);
        }
        println!("{}", counts.report("hand-written payloads"));
        assert!(
            counts.failures.is_empty(),
            "{} failures:\n  {}",
            counts.failures.len(),
            counts.failures.join("\n  ")
        );
    });
}

#[test]
fn backends_reject_what_the_reader_rejects() {
    with_big_stack(|| {
        // The scalar rules live in the generated impls, so every backend applies them.
        for payload in [
            r#"{"@type":"testInt","value":"01"}"#,
            r#"{"@type":"testInt","value":2147483648}"#,
            r#"{"@type":"testInt","value":1.0}"#,
            r#"{"@type":"optionValueInteger","value":"-0"}"#,
            r#"{"@type":"testBytes","value":"AA"}"#,
            r#"{"@type":"testString","value":5}"#,
            r#"{"@type":"message","content":{"text":"no @type"}}"#,
        ] {
            assert!(tlgen_runtime::reader::from_str::<Received>(payload).is_err());
            for backend in BACKENDS {
                let rejected = backend.parse(payload, |r| r.is_err());
                assert!(rejected, "{} accepted {payload}", backend.name());
            }
        }
    });
}

#[test]
fn escape_free_strings_borrow_with_every_backend() {
    with_big_stack(|| {
        let payload = r#"{"@type":"testVectorString","value":["plain","esc\naped"]}"#;
        let mut escaped_borrowed = Vec::new();
        for backend in BACKENDS {
            backend.parse(payload, |r| {
                let r = r.unwrap_or_else(|e| panic!("{}: {e}", backend.name()));
                let Object::TestVectorString(v) = &r.object else {
                    panic!("{}: expected testVectorString", backend.name())
                };
                assert_eq!(v.value, ["plain", "esc\naped"], "{}", backend.name());
                assert!(
                    matches!(v.value[0], Cow::Borrowed(_)),
                    "{}: an escape-free string should be borrowed",
                    backend.name()
                );
                if matches!(v.value[1], Cow::Borrowed(_)) {
                    escaped_borrowed.push(backend.name());
                }
            });
        }
        // simd-json unescapes in place in its mutable buffer, so it can lend even escaped strings.
        println!("escaped strings borrowed by: {escaped_borrowed:?}");
    });
}

/// What `backend` does with `payload`: `"ok"` (then the value must equal `expected`) or the
/// error, shortened.
fn verdict(backend: Backend, payload: &str, expected: Option<&Received<'_>>) -> String {
    backend.parse(payload, |got| match (got, expected) {
        (Ok(value), Some(expected)) => {
            assert_eq!(value, expected, "{}", backend.name());
            "ok".to_string()
        }
        (Ok(_), None) => "ok (the reference rejects it!)".to_string(),
        (Err(e), _) => {
            let e: String = e.chars().take(70).collect();
            format!("rejected ({e})")
        }
    })
}

/// Which backends read the corpus payloads nested 100 levels or more (TDLib's `getJsonValue`
/// answers reach 202), and tlgen's limit (256 levels) on either side; whatever a backend
/// accepts must equal the reference, and past the limit every backend must fail cleanly.
#[test]
fn deep_payloads_per_backend() {
    with_big_stack(|| {
        let text = std::fs::read_to_string(repo_root().join("corpus/tdjson-1.8.65.jsonl")).unwrap();
        let mut lines: Vec<(usize, &str)> = text
            .lines()
            .map(|l| (json_depth(l), l))
            .filter(|&(d, _)| d >= DEPTH_CUTOFF)
            .collect();
        lines.sort_by_key(|&(d, _)| d);
        lines.dedup();
        assert!(lines.iter().any(|&(d, _)| d == 202));
        let mut report = String::new();
        let mut serde_json_rejects = 0;
        for (depth, line) in lines {
            let expected = reference(line);
            let verdicts: Vec<String> = BACKENDS
                .iter()
                .map(|&b| format!("{}: {}", b.name(), verdict(b, line, Some(&expected))))
                .collect();
            serde_json_rejects += usize::from(depth > 128 && verdicts[0].contains("rejected"));
            let _ = writeln!(report, "corpus, depth {depth}: {}", verdicts.join("; "));
        }
        // serde_json's own recursion limit (128) applies when it is called directly.
        assert!(serde_json_rejects > 0);

        let arrays = |n: usize, leaf: &str| {
            let open = r#"{"@type":"jsonValueArray","values":["#;
            format!("{}{leaf}{}", open.repeat(n), "]}".repeat(n))
        };
        let at_limit = arrays(128, "");
        assert_eq!(json_depth(&at_limit), 256);
        let expected = reference(&at_limit);
        let verdicts: Vec<String> = BACKENDS
            .iter()
            .map(|&b| format!("{}: {}", b.name(), verdict(b, &at_limit, Some(&expected))))
            .collect();
        let _ = writeln!(report, "256 levels: {}", verdicts.join("; "));
        for (what, payload) in [
            ("257 levels", arrays(128, r#"{"@type":"jsonValueNull"}"#)),
            (
                "100,000 arrays in an unknown field",
                format!(
                    r#"{{"@type":"ok","x":{}{}}}"#,
                    "[".repeat(100_000),
                    "]".repeat(100_000)
                ),
            ),
            (
                "100,000 arrays as @extra",
                format!(
                    r#"{{"@type":"ok","@extra":{}{}}}"#,
                    "[".repeat(100_000),
                    "]".repeat(100_000)
                ),
            ),
        ] {
            assert!(tlgen_runtime::reader::from_str::<Received>(&payload).is_err());
            let verdicts: Vec<String> = BACKENDS
                .iter()
                .map(|&b| {
                    let v = verdict(b, &payload, None);
                    assert!(v.starts_with("rejected"), "{} accepted {what}", b.name());
                    format!("{}: {v}", b.name())
                })
                .collect();
            let _ = writeln!(report, "{what}: {}", verdicts.join("; "));
        }
        println!("{report}");
    });
}
