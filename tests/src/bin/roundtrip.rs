//! `roundtrip`: typed requests through the real libtdjson, offline, timed per call and split
//! into our serialization (generated `Serialize` via `serde_json::to_writer`, plus `@extra`),
//! TDLib (`td_send` → matching `td_receive`, or `td_execute`, wall time) and our parse of the
//! answer as the function's result type (pointer parser; the serde reader alongside for
//! comparison). Medians over many iterations, the calls interleaved (one of each per round).
//!
//! ```text
//! cargo run --release -p tlgen-tests --bin roundtrip -- [--iterations N]
//! ```
//!
//! The first round also checks every answer: `td::validate` on TDLib's buffer (both parsers
//! agree), the typed result equal from both parsers, and the expected value. Never calls
//! `setTdlibParameters`: nothing touches the network.

use std::borrow::Cow;
use std::ffi::CStr;
use std::hint::black_box;
use std::process::ExitCode;
use std::time::{Duration, Instant};

use serde::Deserialize;
use tlgen_runtime::IntoStatic;
use tlgen_runtime::client::{CallError, Client, Function};
use tlgen_runtime::function::{parse_response, write_request};
use tlgen_runtime::parse::ParseValue;
use tlgen_runtime::pointer::Cursor;
use tlgen_runtime::validate::Verdict;
use tlgen_tests::td::{self, enums, functions, types};

const SCHEMA_VERSION: &str = "1.8.65";
const TIMEOUT: Duration = Duration::from_secs(20);

#[derive(Clone, Copy, PartialEq)]
enum Via {
    Send,
    Execute,
}

/// One timed call.
#[derive(Clone, Copy, Default)]
struct Sample {
    serialize: Duration,
    tdlib: Duration,
    parse: Duration,
    reader: Duration,
    request_bytes: usize,
    answer_bytes: usize,
}

type Run = Box<dyn FnMut(&mut Client<td::Schema>, &mut Vec<u8>, u64, bool) -> Sample>;

struct Case {
    name: &'static str,
    via: Via,
    run: Run,
    samples: Vec<Sample>,
}

/// A case for `request`; `expect` checks the typed result of the first round.
fn case<F>(
    name: &'static str,
    via: Via,
    request: F,
    expect: impl Fn(&Result<F::Result<'static>, CallError>) -> bool + 'static,
) -> Case
where
    F: Function + 'static,
    for<'a> F::Result<'a>: Deserialize<'a> + ParseValue<'a>,
{
    let run: Run = Box::new(move |client, buf, extra, check| {
        let sample = once(client, buf, via, &request, extra, check);
        if check {
            let result = match via {
                Via::Send => client.call(&request, TIMEOUT),
                Via::Execute => client.execute(&request),
            }
            .map(IntoStatic::into_static);
            assert!(expect(&result), "{name}: unexpected result {result:?}");
        }
        sample
    });
    Case {
        name,
        via,
        run,
        samples: Vec::new(),
    }
}

/// One call through the raw pieces, timed; with `check`, both parsers are compared too.
fn once<F>(
    client: &mut Client<td::Schema>,
    buf: &mut Vec<u8>,
    via: Via,
    request: &F,
    extra: u64,
    check: bool,
) -> Sample
where
    F: Function,
    for<'a> F::Result<'a>: Deserialize<'a> + ParseValue<'a>,
{
    let t0 = Instant::now();
    write_request(buf, request, (via == Via::Send).then_some(extra)).unwrap();
    let t1 = Instant::now();
    let request_bytes = buf.len() - 1;
    let cstr = CStr::from_bytes_with_nul(buf).unwrap();
    let answer = match via {
        Via::Send => client
            .exchange_raw(cstr, extra, TIMEOUT)
            .unwrap_or_else(|| panic!("{}: no answer", F::TL_NAME)),
        Via::Execute => client.tdjson().execute(cstr),
    };
    let t2 = Instant::now();
    let parsed = parse_response::<F>(Cursor::from_cstr(answer));
    let t3 = Instant::now();
    let bytes = answer.to_bytes();
    let reader = tlgen_runtime::reader::from_slice::<F::Result<'_>>(bytes);
    let t4 = Instant::now();
    let parsed = black_box(parsed);
    let reader = black_box(reader);
    if check {
        assert_eq!(
            tlgen_tests::validate(bytes),
            Verdict::Agree,
            "{}",
            F::TL_NAME
        );
        match &parsed {
            Ok(value) => assert_eq!(reader.as_ref().ok(), Some(value), "{}", F::TL_NAME),
            // An error answer: the reader reads `types::Error` (checked by validate above).
            Err(CallError::Td(_)) => {}
            Err(e) => panic!("{}: {e}", F::TL_NAME),
        }
    }
    Sample {
        serialize: t1 - t0,
        tdlib: t2 - t1,
        parse: t3 - t2,
        reader: t4 - t3,
        request_bytes,
        answer_bytes: bytes.len(),
    }
}

fn text(len: usize) -> String {
    let pattern = "héllo \"quoted\" back\\slash\n\ttab 👍 Жирный 中文 / end. ";
    let mut s = String::with_capacity(len + pattern.len());
    while s.len() < len {
        s.push_str(pattern);
    }
    let mut end = len;
    while !s.is_char_boundary(end) {
        end -= 1;
    }
    s.truncate(end);
    while s.len() < len {
        s.push('.');
    }
    s
}

fn bytes(len: usize) -> Vec<u8> {
    (0..len).map(|i| (i * 31 + i / 7) as u8).collect()
}

fn cases() -> Vec<Case> {
    let s1k = text(1024);
    let s64k = text(64 * 1024);
    let (b1k, b64k) = (bytes(1024), bytes(64 * 1024));
    let ints: Vec<i32> = (0..1000).map(|i| i * 2_147_483 - 1_000_000_000).collect();
    let strings: Vec<types::TestString<'static>> = (0..1000)
        .map(|i| types::TestString {
            value: Cow::Owned(format!("string number {i}")),
        })
        .collect();
    let (e1, e2, e3, e4) = (s1k.clone(), s64k.clone(), b1k.clone(), b64k.clone());
    let (e5, e6) = (ints.clone(), strings.clone());
    vec![
        case(
            "testCallEmpty",
            Via::Send,
            functions::TestCallEmpty {},
            |r| r.is_ok(),
        ),
        case(
            "testCallString 1 KB",
            Via::Send,
            functions::TestCallString { x: s1k.into() },
            move |r| r.as_ref().is_ok_and(|v| v.value == e1),
        ),
        case(
            "testCallString 64 KB",
            Via::Send,
            functions::TestCallString { x: s64k.into() },
            move |r| r.as_ref().is_ok_and(|v| v.value == e2),
        ),
        case(
            "testCallBytes 1 KB",
            Via::Send,
            functions::TestCallBytes { x: b1k },
            move |r| r.as_ref().is_ok_and(|v| v.value == e3),
        ),
        case(
            "testCallBytes 64 KB",
            Via::Send,
            functions::TestCallBytes { x: b64k },
            move |r| r.as_ref().is_ok_and(|v| v.value == e4),
        ),
        case(
            "testCallVectorInt ×1000",
            Via::Send,
            functions::TestCallVectorInt { x: ints },
            move |r| r.as_ref().is_ok_and(|v| v.value == e5),
        ),
        case(
            "testCallVectorStringObject ×1000",
            Via::Send,
            functions::TestCallVectorStringObject { x: strings },
            move |r| r.as_ref().is_ok_and(|v| v.value == e6),
        ),
        case(
            "testSquareInt",
            Via::Send,
            functions::TestSquareInt { x: 46340 },
            |r| r.as_ref().is_ok_and(|v| v.value == 46340 * 46340),
        ),
        case(
            "testReturnError",
            Via::Send,
            functions::TestReturnError {
                error: types::Error {
                    code: 406,
                    message: "bench".into(),
                },
            },
            |r| matches!(r, Err(CallError::Td(e)) if e.code == 406 && e.message == "bench"),
        ),
        case(
            "parseTextEntities (execute)",
            Via::Execute,
            functions::ParseTextEntities {
                text:
                    "*bold* _italic_ `code` [link](https://example.com/?a=1) ||spoiler|| Жирный 👍"
                        .into(),
                parse_mode: types::TextParseModeMarkdown { version: 2 }.into(),
            },
            |r| r.as_ref().is_ok_and(|v| v.entities.len() == 5),
        ),
        case(
            "getTextEntities (execute)",
            Via::Execute,
            functions::GetTextEntities {
                text: "@username #hashtag $USD /start@bot https://telegram.org/x mail@example.com"
                    .into(),
            },
            |r| r.as_ref().is_ok_and(|v| v.entities.len() == 6),
        ),
        case(
            "getJsonValue (execute)",
            Via::Execute,
            functions::GetJsonValue {
                json: r#"{"a":[1,2.5,"é\n",null,true,{"b":{}}],"c":-0.0,"d":"text"}"#.into(),
            },
            |r| matches!(r, Ok(enums::JsonValue::Object(_))),
        ),
        case(
            "getMarkdownText (execute)",
            Via::Execute,
            functions::GetMarkdownText {
                text: types::FormattedText {
                    text: "bold 👍 code".into(),
                    entities: vec![
                        types::TextEntity {
                            offset: 0,
                            length: 4,
                            r#type: types::TextEntityTypeBold {}.into(),
                        },
                        types::TextEntity {
                            offset: 8,
                            length: 4,
                            r#type: types::TextEntityTypeCode {}.into(),
                        },
                    ],
                },
            },
            |r| r.as_ref().is_ok_and(|v| v.text.contains("*bold*")),
        ),
    ]
}

fn median(mut values: Vec<Duration>) -> Duration {
    values.sort();
    values[values.len() / 2]
}

fn us(d: Duration) -> String {
    let us = d.as_secs_f64() * 1e6;
    if us < 10.0 {
        format!("{us:.2}")
    } else if us < 100.0 {
        format!("{us:.1}")
    } else {
        format!("{us:.0}")
    }
}

fn main() -> ExitCode {
    let mut iterations = 1000usize;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--iterations" => match args.next().and_then(|v| v.parse().ok()) {
                Some(n) if n > 0 => iterations = n,
                _ => {
                    eprintln!("roundtrip: --iterations needs a positive number");
                    return ExitCode::from(2);
                }
            },
            "-h" | "--help" => {
                println!("usage: roundtrip [--iterations N]   (run with --release)");
                return ExitCode::SUCCESS;
            }
            other => {
                eprintln!("roundtrip: unknown argument {other:?}");
                return ExitCode::from(2);
            }
        }
    }
    let mut client = match Client::<td::Schema>::start(SCHEMA_VERSION) {
        Ok(client) => client,
        Err(e) => {
            eprintln!(
                "roundtrip: skipped: libtdjson not found (run bash scripts/install-tdlib.sh): {e}"
            );
            return ExitCode::FAILURE;
        }
    };
    let version = client.tdlib_version().unwrap_or_default();
    let library = client.library().display().to_string();
    let mut cases = cases();
    let mut buf = Vec::new();
    let mut extra = 1u64 << 40;
    // Round 0 checks (and warms up); rounds 1..=iterations are measured.
    for round in 0..=iterations {
        for case in &mut cases {
            extra += 1;
            let sample = (case.run)(&mut client, &mut buf, extra, round == 0);
            if round > 0 {
                case.samples.push(sample);
            }
        }
    }
    if let Err(e) = client.close(TIMEOUT) {
        eprintln!("roundtrip: close: {e}");
    }

    println!(
        "TDLib {version} ({library}), {iterations} rounds of {} calls, interleaved; medians in µs",
        cases.len()
    );
    println!(
        "all answers checked in round 0: td::validate agrees, typed results equal from both parsers"
    );
    println!();
    println!(
        "| call | via | request B | answer B | serialize | TDLib | parse (pointer) | parse (reader) | ours / total |"
    );
    println!("|---|---|--:|--:|--:|--:|--:|--:|--:|");
    for case in &cases {
        let pick = |f: fn(&Sample) -> Duration| median(case.samples.iter().map(f).collect());
        let (ser, tdl, parse, reader) = (
            pick(|s| s.serialize),
            pick(|s| s.tdlib),
            pick(|s| s.parse),
            pick(|s| s.reader),
        );
        let ours = ser + parse;
        let share = 100.0 * ours.as_secs_f64() / (ours + tdl).as_secs_f64();
        let last = case.samples.last().copied().unwrap_or_default();
        println!(
            "| {} | {} | {} | {} | {} | {} | {} | {} | {share:.1} % |",
            case.name,
            if case.via == Via::Send {
                "send/receive"
            } else {
                "execute"
            },
            last.request_bytes,
            last.answer_bytes,
            us(ser),
            us(tdl),
            us(parse),
            us(reader),
        );
    }
    // Serialization throughput of the large requests.
    println!();
    for case in &cases {
        let ser = median(case.samples.iter().map(|s| s.serialize).collect());
        let bytes = case.samples.last().map_or(0, |s| s.request_bytes);
        if bytes >= 4096 {
            println!(
                "serialize {}: {bytes} B in {} µs = {:.0} MB/s",
                case.name,
                us(ser),
                bytes as f64 / ser.as_secs_f64() / 1e6
            );
        }
    }
    ExitCode::SUCCESS
}
