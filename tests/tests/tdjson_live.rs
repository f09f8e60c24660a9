//! Live TDLib: what a real `libtdjson` returns, validated with both generated parsers as it
//! comes (no corpus in between), and version skew between TDLib 1.8.67's output and the 1.8.65
//! schema the parsers are generated from.
//!
//! - `live_capture_validates_with_both_parsers`: loads libtdjson in-process
//!   ([`TdJson::load_default`]: `$TLGEN_TDJSON`, else `.tdlib/1.8.65/`), runs synchronous
//!   `td_execute` requests and, on one client WITHOUT `setTdlibParameters` (so TDLib never
//!   touches the network), `td_send`/`td_receive` of test methods and `getCurrentState` with
//!   `@extra`, then `close`; every returned buffer must be accepted by both parsers with equal
//!   values.
//! - `live_tdlib_1_8_67_in_a_child_process`: the same test against `.tdlib/1.8.67/`, in a child
//!   process (this test binary re-run with a filter), because two TDLib versions export the same
//!   symbols and cannot share a process.
//! - `tdlib_1_8_67_captures_against_the_1_8_65_schema`: the committed 1.8.67 captures, with the
//!   keys and types unknown to the 1.8.65 schema counted; `countryInfo.flag_emoji` (new in 1.8.67)
//!   must be skipped by both parsers in agreement.
//!
//! Without libtdjson the live tests print "skipped: libtdjson not found (run bash
//! scripts/install-tdlib.sh)" and pass, unless `TLGEN_REQUIRE_TDJSON=1` (set by
//! `scripts/test.sh`), which makes them fail.

use std::collections::BTreeMap;
use std::ffi::CString;
use std::time::{Duration, Instant};

use serde_json::Value;
use tlgen_runtime::tdjson::{INSTALL_COMMAND, LIBRARY_FILE, TdJson};
use tlgen_runtime::validate::Verdict;
use tlgen_tests::{Report, repo_root, td};

/// Set in the child process of the 1.8.67 test (so it does not spawn again).
const CHILD_ENV: &str = "TLGEN_TDJSON_LIVE_CHILD";
/// When set, the live test asserts that TDLib reports this `version` option.
const EXPECT_VERSION_ENV: &str = "TLGEN_EXPECT_TDLIB_VERSION";

fn required() -> bool {
    std::env::var("TLGEN_REQUIRE_TDJSON").is_ok_and(|v| v == "1")
}

fn skip_or_fail(reason: &str) {
    if required() {
        panic!("TLGEN_REQUIRE_TDJSON=1 but {reason}");
    }
    println!("skipped: libtdjson not found (run {INSTALL_COMMAND}): {reason}");
}

fn cstring(s: &str) -> CString {
    CString::new(s).expect("requests contain no NUL")
}

/// Validates one TDLib buffer with both parsers; returns the verdict.
fn check(report: &mut Report, source: &str, payload: &[u8]) -> Verdict {
    report.add(source, report.payloads + 1, payload);
    tlgen_tests::validate(payload)
}

/// A payload as a JSON value, at any depth (TDLib's output reaches 202 levels).
fn parse_value(payload: &[u8]) -> Value {
    let mut de = serde_json::Deserializer::from_slice(payload);
    de.disable_recursion_limit();
    serde::Deserialize::deserialize(&mut de).expect("TDLib output is JSON")
}

/// `@type` of a payload's top level (only for routing; validation is the parsers' job).
fn top_type(payload: &[u8]) -> String {
    parse_value(payload)["@type"]
        .as_str()
        .unwrap_or_default()
        .to_string()
}

fn execute_requests() -> Vec<String> {
    let mut r: Vec<String> = [
        r#"{"@type":"getLogVerbosityLevel"}"#,
        r#"{"@type":"getLogTags"}"#,
        r#"{"@type":"getLogStream"}"#,
        r#"{"@type":"getOption","name":"version"}"#,
        r#"{"@type":"getOption","name":"commit_hash"}"#,
        r#"{"@type":"parseTextEntities","text":"*bold* _italic_ `code` [link](https://example.com/?a=1) ||spoiler|| \"quoted\" back\\slash","parse_mode":{"@type":"textParseModeMarkdown","version":2}}"#,
        r#"{"@type":"parseTextEntities","text":"<b>Жирный</b> <i>😀 emoji</i> &#128077; <a href=\"tg://user?id=123\">m</a>","parse_mode":{"@type":"textParseModeHTML"}}"#,
        r#"{"@type":"parseTextEntities","text":"*unclosed","parse_mode":{"@type":"textParseModeMarkdown","version":2}}"#,
        r#"{"@type":"getTextEntities","text":"@username #hashtag $USD /start@bot https://telegram.org/x t.me/joinchat/abc mail@example.com +1 555 123 4567 #тег 👍"}"#,
        r#"{"@type":"getMarkdownText","text":{"@type":"formattedText","text":"bold 👍 code","entities":[{"@type":"textEntity","offset":0,"length":4,"type":{"@type":"textEntityTypeBold"}},{"@type":"textEntity","offset":8,"length":4,"type":{"@type":"textEntityTypeCode"}}]}}"#,
        r#"{"@type":"getJsonValue","json":"{\"a\":[1,2.5,\"é\\n\",null,true,{\"b\":{}}],\"c\":-0.0,\"d\":1e300}"}"#,
        r#"{"@type":"getJsonValue","json":"not json"}"#,
        r#"{"@type":"getJsonString","json_value":{"@type":"jsonValueObject","members":[{"@type":"jsonObjectMember","key":"k","value":{"@type":"jsonValueString","value":"v\u0001é"}}]}}"#,
        r#"{"@type":"getCountryFlagEmoji","country_code":"US"}"#,
        r#"{"@type":"getCountryFlagEmoji","country_code":"de"}"#,
        r#"{"@type":"getFileMimeType","file_name":"photo.JPG"}"#,
        r#"{"@type":"getFileExtension","mime_type":"audio/ogg"}"#,
        r#"{"@type":"cleanFileName","file_name":"a/b\\c:d*e?.txt"}"#,
        r#"{"@type":"getPhoneNumberInfoSync","language_code":"en","phone_number_prefix":"+1 555"}"#,
        r#"{"@type":"searchStringsByPrefix","strings":["Hello","héllo","World","help"],"query":"he","limit":10,"return_none_for_empty_query":false}"#,
        r#"{"@type":"getChatFolderDefaultIconName","folder":{"@type":"chatFolder","name":{"@type":"chatFolderName","text":{"@type":"formattedText","text":"Work","entities":[]},"animate_custom_emoji":false},"included_chat_ids":[],"excluded_chat_ids":[],"pinned_chat_ids":[]}}"#,
        r#"{"@type":"noSuchFunction"}"#,
        "not json",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    r.push(r#"{"@type":"getTextEntities","text":"x","@extra":{"nested":[1,"two",null]}}"#.into());
    r
}

/// Requests for one client before `setTdlibParameters`: answered locally, never over the
/// network (`@extra` = index, to match answers).
fn send_requests() -> Vec<String> {
    [
        r#"{"@type":"getCurrentState"}"#,
        r#"{"@type":"testCallEmpty"}"#,
        r#"{"@type":"testCallString","x":"héllo 👍 \"quoted\" \\ \n\t end"}"#,
        r#"{"@type":"testCallBytes","x":"AAEC/w=="}"#,
        r#"{"@type":"testCallVectorInt","x":[0,-1,2147483647]}"#,
        r#"{"@type":"testCallVectorString","x":["a","é👍",""]}"#,
        r#"{"@type":"testCallVectorStringObject","x":[{"@type":"testString","value":"x"},null,{"value":"é"}]}"#,
        r#"{"@type":"testCallVectorIntObject","x":[{"@type":"testInt","value":1},null]}"#,
        r#"{"@type":"testSquareInt","x":46340}"#,
        r#"{"@type":"testReturnError","error":{"@type":"error","code":406,"message":"via td_send"}}"#,
        r#"{"@type":"getOption","name":"version"}"#,
        r#"{"@type":"getTextEntities","text":"@user #tag https://example.com"}"#,
        r#"{"@type":"getMe"}"#,
    ]
    .iter()
    .enumerate()
    .map(|(i, r)| {
        let body = r.strip_suffix('}').unwrap();
        format!("{body},\"@extra\":{i}}}")
    })
    .collect()
}

#[test]
fn live_capture_validates_with_both_parsers() {
    let mut tdjson = match TdJson::load_default() {
        Ok(t) => t,
        Err(e) => return skip_or_fail(&e.to_string()),
    };
    println!("loaded {}", tdjson.path().display());
    tdjson.set_log_verbosity(0).expect("setLogVerbosityLevel");
    let mut report = Report::default();
    let mut by_type: BTreeMap<String, usize> = BTreeMap::new();
    let mut version = String::new();

    // td_execute: validate TDLib's buffer in place, before the next call overwrites it.
    for request in execute_requests() {
        let answer = tdjson.execute(&cstring(&request)).to_bytes();
        let verdict = check(&mut report, "td_execute", answer);
        assert_eq!(
            verdict,
            Verdict::Agree,
            "{request}\n-> {}",
            String::from_utf8_lossy(answer)
        );
        if request.contains(r#""name":"version""#) {
            let value = parse_value(answer);
            version = value["value"].as_str().unwrap_or_default().to_string();
        }
        *by_type.entry(top_type(answer)).or_default() += 1;
    }

    // td_send / td_receive on one client, no setTdlibParameters.
    let client = tdjson.create_client_id();
    let requests = send_requests();
    let mut answered = vec![false; requests.len()];
    for request in &requests {
        tdjson.send(client, &cstring(request));
    }
    let deadline = Instant::now() + Duration::from_secs(30);
    while answered.iter().any(|a| !a) && Instant::now() < deadline {
        let Some(answer) = tdjson.receive(1.0) else {
            continue;
        };
        let answer = answer.to_bytes();
        let verdict = check(&mut report, "td_receive", answer);
        assert_eq!(
            verdict,
            Verdict::Agree,
            "{}",
            String::from_utf8_lossy(answer)
        );
        let value = parse_value(answer);
        if let Some(i) = value["@extra"].as_u64() {
            answered[i as usize] = true;
        }
        *by_type.entry(top_type(answer)).or_default() += 1;
    }
    let unanswered: Vec<&String> = requests
        .iter()
        .zip(&answered)
        .filter(|(_, a)| !**a)
        .map(|(r, _)| r)
        .collect();
    assert!(
        unanswered.is_empty(),
        "no answer within 30 s to {unanswered:?}"
    );

    // close, until authorizationStateClosed.
    tdjson.send(client, c"{\"@type\":\"close\",\"@extra\":\"close\"}");
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut closed = false;
    while !closed && Instant::now() < deadline {
        let Some(answer) = tdjson.receive(1.0) else {
            continue;
        };
        let answer = answer.to_bytes();
        let verdict = check(&mut report, "td_receive", answer);
        assert_eq!(
            verdict,
            Verdict::Agree,
            "{}",
            String::from_utf8_lossy(answer)
        );
        closed = answer.windows(24).any(|w| w == b"authorizationStateClosed");
        *by_type.entry(top_type(answer)).or_default() += 1;
    }
    assert!(closed, "no authorizationStateClosed within 30 s");

    println!("TDLib {version}: {report}");
    println!("  by @type: {by_type:?}");
    assert_eq!(report.agree, report.payloads, "{report}");
    assert!(report.payloads >= 40, "{report}");
    if let Ok(expected) = std::env::var(EXPECT_VERSION_ENV) {
        assert_eq!(version, expected, "TDLib reports version {version}");
    }
}

#[test]
fn live_tdlib_1_8_67_in_a_child_process() {
    if std::env::var_os(CHILD_ENV).is_some() {
        return; // this is the child: only the filtered test runs
    }
    let lib = repo_root().join(".tdlib/1.8.67").join(LIBRARY_FILE);
    if !lib.is_file() {
        return skip_or_fail(&format!("{} does not exist", lib.display()));
    }
    let exe = std::env::current_exe().expect("current_exe");
    let test = "live_capture_validates_with_both_parsers";
    let output = std::process::Command::new(exe)
        .args([test, "--exact", "--nocapture", "--test-threads=1"])
        .env(CHILD_ENV, "1")
        .env("TLGEN_TDJSON", &lib)
        .env("TLGEN_REQUIRE_TDJSON", "1")
        .env(EXPECT_VERSION_ENV, "1.8.67")
        .output()
        .expect("run the test binary again");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    for line in stdout
        .lines()
        .filter(|l| l.starts_with("TDLib") || l.starts_with("loaded"))
    {
        println!("child: {line}");
    }
    assert!(
        output.status.success() && stdout.contains("1 passed"),
        "child run against {} failed ({}):\n{stdout}\n{stderr}",
        lib.display(),
        output.status
    );
}

/// Whether `name` is a constructor the 1.8.65 schema knows (the reader maps others to
/// `Object::Unknown`).
fn known_constructor(name: &str) -> bool {
    let text = format!(r#"{{"@type":"{name}"}}"#);
    let parsed: td::Received = tlgen_runtime::reader::from_str(&text).unwrap();
    !matches!(parsed.object, td::Object::Unknown(_))
}

/// Keys of `input` objects that `written` (the parse written back) lacks, as `type.key`; and
/// every `@type` met. `@extra` (opaque) is not looked into.
fn unknown_keys(input: &Value, written: &Value, keys: &mut Vec<String>, types: &mut Vec<String>) {
    match (input, written) {
        (Value::Object(a), Value::Object(b)) => {
            let ty = a.get("@type").and_then(Value::as_str).unwrap_or("?");
            types.push(ty.to_string());
            for (key, value) in a {
                if key == "@extra" {
                    continue; // opaque JSON echoed from the request
                }
                match b.get(key) {
                    Some(w) => unknown_keys(value, w, keys, types),
                    None => keys.push(format!("{ty}.{key}")),
                }
            }
        }
        (Value::Array(a), Value::Array(b)) => {
            for (x, y) in a.iter().zip(b) {
                unknown_keys(x, y, keys, types);
            }
        }
        _ => {}
    }
}

#[test]
fn tdlib_1_8_67_captures_against_the_1_8_65_schema() {
    let mut report = Report::default();
    let (mut payloads, mut with_unknown) = (0, 0);
    let mut unknown: BTreeMap<String, usize> = BTreeMap::new();
    let mut flag_emoji = 0;
    for file in [
        "corpus/tdjson-1.8.67.jsonl",
        "corpus/tdjson-1.8.67-params.jsonl",
    ] {
        let text = std::fs::read_to_string(repo_root().join(file)).unwrap();
        for (index, line) in text.lines().enumerate() {
            report.add(file, index + 1, line.as_bytes());
            let parsed: td::Received = tlgen_runtime::reader::from_str(line)
                .unwrap_or_else(|e| panic!("{file}:{}: {e}", index + 1));
            let written = serde_json::to_value(&parsed).unwrap();
            let input = parse_value(line.as_bytes());
            let (mut keys, mut types) = (Vec::new(), Vec::new());
            unknown_keys(&input, &written, &mut keys, &mut types);
            // Keys of unknown types are the type's, not separate unknown keys.
            let unknown_types: Vec<String> = types
                .into_iter()
                .filter(|t| !known_constructor(t))
                .map(|t| format!("type {t}"))
                .collect();
            keys.retain(|k| {
                let ty = k.split('.').next().unwrap_or_default();
                known_constructor(ty)
            });
            payloads += 1;
            if !keys.is_empty() || !unknown_types.is_empty() {
                with_unknown += 1;
            }
            for k in keys.into_iter().chain(unknown_types) {
                *unknown.entry(k).or_default() += 1;
            }
            if line.contains(r#""flag_emoji":"#) {
                flag_emoji += 1;
                assert_eq!(
                    tlgen_tests::validate(line.as_bytes()),
                    Verdict::Agree,
                    "{line}"
                );
                let country = find_type(&written, "countryInfo").expect("countryInfo parsed");
                assert!(
                    country.get("flag_emoji").is_none(),
                    "flag_emoji not skipped"
                );
                assert!(country["country_code"].is_string());
            }
        }
    }
    println!("TDLib 1.8.67 captures vs the 1.8.65 schema: {report}");
    println!(
        "{with_unknown} of {payloads} payloads contain keys or types unknown to the 1.8.65 schema:"
    );
    for (what, count) in &unknown {
        println!("  {what}: {count}");
    }
    assert!(report.disagreements.is_empty(), "{report}");
    assert_eq!(report.agree, report.payloads, "{report}");
    assert!(flag_emoji >= 1, "no payload with countryInfo.flag_emoji");
    assert!(unknown.contains_key("countryInfo.flag_emoji"));
}

fn find_type<'v>(value: &'v Value, ty: &str) -> Option<&'v Value> {
    match value {
        Value::Object(m) if m.get("@type").and_then(Value::as_str) == Some(ty) => Some(value),
        Value::Object(m) => m.values().find_map(|v| find_type(v, ty)),
        Value::Array(items) => items.iter().find_map(|v| find_type(v, ty)),
        _ => None,
    }
}
