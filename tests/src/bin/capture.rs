//! `capture`: records what a real `libtdjson` answers offline, byte for byte, as a corpus for the
//! parsers: one payload per line, exactly the bytes `td_execute`/`td_receive` returned (TDLib's
//! output is compact ASCII JSON without newlines), followed by `\n`. Nothing is re-serialised.
//!
//! ```text
//! cargo run -p tlgen-tests --bin capture -- [--lib PATH] [--out PATH] [--version-label LABEL]
//!                                           [--with-params] [--params-out PATH]
//! ```
//!
//! - `--lib`: the library (default: `$TLGEN_TDJSON`, else `<workspace>/.tdlib/1.8.65/libtdjson.so`,
//!   installed by `bash scripts/install-tdlib.sh`).
//! - `--version-label`: default the `version` option TDLib reports (e.g. `1.8.65`).
//! - `--out`: default `<workspace>/corpus/tdjson-<label>.jsonl`.
//!
//! The main file is deterministic (same library → same bytes; checked by running twice). Two
//! stages, in this order:
//! 1. `td_execute` of every synchronous method with varied input, including errors (malformed
//!    JSON, unknown class, wrong field types, too deep nesting), and `@extra` of every JSON kind;
//! 2. `td_send`/`td_receive` on one new client, WITHOUT `setTdlibParameters`: `getCurrentState`,
//!    the `test*` methods (not `testNetwork`/`testProxy`/`testGetDifference`, which need the
//!    network), synchronous methods, requests refused before initialisation, then `close` until
//!    `authorizationStateClosed`. Requests go one at a time; after each, everything up to its
//!    answer (updates included) is recorded, so the order is fixed.
//!
//! Neither stage can make TDLib touch the network: before `setTdlibParameters` TDLib answers only
//! synchronous and test requests, queues a few others (never run here) and refuses the rest
//! (`Td::run_request`, `is_preinitialization_request`).
//!
//! `--with-params` (optional) adds the update stream after `setTdlibParameters` (test DC, a fresh
//! database under /tmp), in a SEPARATE file, `--params-out`, default
//! `<workspace>/corpus/tdjson-<label>-params.jsonl`, because it is not deterministic (times,
//! statistics). It makes TDLib try to connect, so it runs ONLY in a child process in a fresh
//! network namespace (`unshare(CLONE_NEWNET)` between fork and exec; root needed). Before it
//! loads TDLib the child checks that its namespace differs from its parent's, that its only
//! interface is `lo` (down: not even loopback works) and that every route goes via `lo`; if no
//! namespace can be made the stage is skipped with a message. Bounded: ~5 s of updates, a few
//! local requests, then `close` until `authorizationStateClosed` (≤ 30 s); the child is killed
//! after 120 s.
//!
//! Inputs that crash TDLib (found here, never sent): a lone surrogate (`"\ud83d"`) where TDLib
//! echoes text without a UTF-8 check (`getJsonValue`, `testCallString`, `@extra`) aborts it
//! (`JsonBuilder.h:121 Unreachable`); `getThemeParametersJsonString` with `"theme":null` is a
//! SIGSEGV. String fields that TDLib validates (e.g. `getTextEntities.text`) just answer an error.

use std::collections::BTreeSet;
use std::ffi::{CString, c_int};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitCode};
use std::time::{Duration, Instant};

use tlgen_runtime::tdjson::TdJson;

const API_ID: i32 = 94575;
const API_HASH: &str = "a3406de8d171bb422bb6ddf3bbd800e2";

/// How long to wait for the answer to one request.
const ANSWER_TIMEOUT: Duration = Duration::from_secs(10);
/// How long to wait for `authorizationStateClosed` after `close`.
const CLOSE_TIMEOUT: Duration = Duration::from_secs(30);
/// No payload for this long ends a drain.
const QUIET: f64 = 0.5;
/// How long `--with-params` collects updates after `setTdlibParameters`.
const PARAMS_COLLECT: Duration = Duration::from_secs(5);
/// The `--with-params` child is killed after this.
const CHILD_TIMEOUT: Duration = Duration::from_secs(120);

const HELP: &str = "\
capture: record what libtdjson answers offline, one JSON payload per line, byte for byte

usage: capture [--lib PATH] [--out PATH] [--version-label LABEL] [--with-params] [--params-out PATH]

  --lib PATH             libtdjson to load (default: $TLGEN_TDJSON, else <workspace>/.tdlib/1.8.65/libtdjson.so)
  --out PATH             output (default: <workspace>/corpus/tdjson-<label>.jsonl)
  --version-label LABEL  label for default file names (default: TDLib's `version` option)
  --with-params          also record the update stream after setTdlibParameters, in a fresh
                         network namespace only (root needed; skipped otherwise)
  --params-out PATH      output of --with-params (default: <workspace>/corpus/tdjson-<label>-params.jsonl)
";

#[derive(Default)]
struct Args {
    lib: Option<PathBuf>,
    out: Option<PathBuf>,
    label: Option<String>,
    with_params: bool,
    params_out: Option<PathBuf>,
    /// Internal: run as the network-namespaced child; the value is the parent's netns link.
    params_child: Option<String>,
}

fn parse_args() -> Result<Args, String> {
    let mut args = Args::default();
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| it.next().ok_or_else(|| format!("{name} needs a value"));
        match arg.as_str() {
            "--lib" => args.lib = Some(value("--lib")?.into()),
            "--out" => args.out = Some(value("--out")?.into()),
            "--version-label" => args.label = Some(value("--version-label")?),
            "--with-params" => args.with_params = true,
            "--params-out" => args.params_out = Some(value("--params-out")?.into()),
            "--params-child" => args.params_child = Some(value("--params-child")?),
            "-h" | "--help" => {
                print!("{HELP}");
                std::process::exit(0);
            }
            other => return Err(format!("unknown argument {other:?}\n\n{HELP}")),
        }
    }
    Ok(args)
}

fn main() -> ExitCode {
    let args = match parse_args() {
        Ok(args) => args,
        Err(e) => {
            eprintln!("capture: {e}");
            return ExitCode::from(2);
        }
    };
    let result = if let Some(parent_netns) = &args.params_child {
        params_child(&args, parent_netns)
    } else {
        run(&args)
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("capture: error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn workspace_root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("tests/ has a parent")
        .to_path_buf()
}

fn load(args: &Args) -> Result<TdJson, String> {
    let td = match &args.lib {
        // SAFETY: `--lib` names a libtdjson (the capture tool's documented argument, used with
        // the `.tdlib/<version>/` copies that scripts/install-tdlib.sh installs).
        Some(path) => unsafe { TdJson::load(path) },
        None => TdJson::load_default(),
    }
    .map_err(|e| e.to_string())?;
    Ok(td)
}

fn run(args: &Args) -> Result<(), String> {
    let mut td = load(args)?;
    // Silence TDLib's stderr logging before anything else (the answer is not recorded here; the
    // execute stage records its own setLogVerbosityLevel answers).
    td.set_log_verbosity(0)?;
    let version = {
        let answer = td
            .execute(c"{\"@type\":\"getOption\",\"name\":\"version\"}")
            .to_bytes();
        string_field(answer, "value").ok_or_else(|| {
            format!(
                "cannot read TDLib's version from {}",
                String::from_utf8_lossy(answer)
            )
        })?
    };
    let label = args.label.clone().unwrap_or_else(|| version.clone());
    let out = args.out.clone().unwrap_or_else(|| {
        workspace_root()
            .join("corpus")
            .join(format!("tdjson-{label}.jsonl"))
    });
    eprintln!("capture: TDLib {version} from {}", td.path().display());

    let mut rec = Recorder::default();
    execute_stage(&mut td, &mut rec)?;
    let after_execute = rec.lines.len();
    send_stage(&mut td, &mut rec)?;
    rec.write(&out)?;
    println!(
        "{}: {} (td_execute {}, td_receive {})",
        out.display(),
        rec.summary(),
        after_execute,
        rec.lines.len() - after_execute
    );

    if args.with_params {
        let params_out = args.params_out.clone().unwrap_or_else(|| {
            workspace_root()
                .join("corpus")
                .join(format!("tdjson-{label}-params.jsonl"))
        });
        run_params_child(td.path(), &params_out)?;
    }
    Ok(())
}

// ------------------------------------------------------------------------------------------------
// Recording

#[derive(Default)]
struct Recorder {
    lines: Vec<Vec<u8>>,
}

impl Recorder {
    fn record(&mut self, payload: &[u8]) {
        // TDLib's output is compact ASCII JSON; a line-based corpus relies on it.
        assert!(
            !payload.contains(&b'\n') && payload.is_ascii() && payload.first() == Some(&b'{'),
            "unexpected payload shape: {}",
            String::from_utf8_lossy(payload)
        );
        self.lines.push(payload.to_vec());
    }

    fn write(&self, path: &Path) -> Result<(), String> {
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        let tmp = path.with_extension("jsonl.tmp");
        let mut buf = Vec::new();
        for line in &self.lines {
            buf.extend_from_slice(line);
            buf.push(b'\n');
        }
        std::fs::write(&tmp, &buf).map_err(|e| format!("{}: {e}", tmp.display()))?;
        std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))
    }

    fn summary(&self) -> String {
        let mut top = BTreeSet::new();
        let mut all = BTreeSet::new();
        let mut max_depth = 0;
        let mut bytes = 0;
        for line in &self.lines {
            top.insert(top_type(line).to_owned());
            all.extend(all_types(line));
            max_depth = max_depth.max(tlgen_tests::json_depth(line));
            bytes += line.len() + 1;
        }
        format!(
            "{} payloads, {} distinct top-level @type, {} distinct @type at any depth, \
             max depth {max_depth}, {bytes} bytes",
            self.lines.len(),
            top.len(),
            all.len()
        )
    }
}

/// The first key of every TDLib object is `@type`, so the top-level type is a prefix.
fn top_type(payload: &[u8]) -> &str {
    let rest = payload.strip_prefix(br#"{"@type":""#).unwrap_or(b"");
    let end = rest.iter().position(|&b| b == b'"').unwrap_or(0);
    std::str::from_utf8(&rest[..end]).unwrap_or("")
}

/// Every `"@type":"X"` in the payload. Inside JSON strings quotes are escaped (`\"`), so the
/// pattern cannot match string contents.
fn all_types(payload: &[u8]) -> Vec<String> {
    let pat = br#""@type":""#;
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(pos) = payload[i..].windows(pat.len()).position(|w| w == pat) {
        let start = i + pos + pat.len();
        let end = payload[start..]
            .iter()
            .position(|&b| b == b'"')
            .map_or(payload.len(), |e| start + e);
        out.push(String::from_utf8_lossy(&payload[start..end]).into_owned());
        i = end;
    }
    out
}

/// Value of a top-level string field in a TDLib payload (simple scan; enough for option values).
fn string_field(payload: &[u8], name: &str) -> Option<String> {
    let pat = format!(r#""{name}":""#);
    let pos = payload
        .windows(pat.len())
        .position(|w| w == pat.as_bytes())?;
    let rest = &payload[pos + pat.len()..];
    let end = rest.iter().position(|&b| b == b'"')?;
    Some(String::from_utf8_lossy(&rest[..end]).into_owned())
}

fn is_update(payload: &[u8]) -> bool {
    let t = top_type(payload).as_bytes();
    t.len() > 6 && t.starts_with(b"update") && t[6].is_ascii_uppercase()
}

fn is_closed_update(payload: &[u8]) -> bool {
    let pat = br#""authorization_state":{"@type":"authorizationStateClosed"}"#;
    top_type(payload) == "updateAuthorizationState" && payload.windows(pat.len()).any(|w| w == pat)
}

fn cstring(request: &str) -> CString {
    CString::new(request).expect("requests contain no NUL")
}

// ------------------------------------------------------------------------------------------------
// Inputs

/// JSON string literal of `s` (escapes only what JSON requires; non-ASCII stays raw UTF-8).
fn js(s: &str) -> String {
    serde_json::to_string(s).expect("strings serialise")
}

/// `@extra` values of every JSON kind. The number tokens are echoed verbatim by TDLib.
fn extras() -> Vec<String> {
    let mut v: Vec<String> = [
        "42",
        "-7",
        "0",
        "1e5",
        "1.50",
        "-0.0",
        "3.141592653589793",
        "12345678901234567890",
        r#""plain""#,
        r#""esc \" \\ \/ \b\f\n\r\t \u0001 \u001f \u007f é \u00e9 👍 \ud83d\udc4d ☃""#,
        r#""""#,
        "{}",
        r#"{"id":1,"@type":"foo","nested":{"x":[1,2,{"y":null}]},"s":"t","dup":1,"dup":2}"#,
        "[]",
        r#"[1,"two",null,true,false,{"a":[]},[[]],-1.5e-3]"#,
        "null",
        "true",
        "false",
        " { \"spaced\" : [ 1 , 2 ] } ",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    // Deepest accepted @extra: the request object plus 100 nested arrays.
    v.push(format!("{}{}", "[".repeat(100), "]".repeat(100)));
    // 50 nested objects with a value at the bottom.
    v.push(format!("{}1{}", r#"{"k":"#.repeat(50), "}".repeat(50)));
    v
}

/// Appends `"@extra":EXTRA` to a request object.
fn with_extra(request: &str, extra: &str) -> String {
    let body = request.strip_suffix('}').expect("request is an object");
    let sep = if body.ends_with('{') { "" } else { "," };
    format!("{body}{sep}\"@extra\":{extra}}}")
}

fn formatted(text: &str, entities: &str) -> String {
    format!(
        r#"{{"@type":"formattedText","text":{},"entities":[{entities}]}}"#,
        js(text)
    )
}

fn entity(offset: u32, length: u32, ty: &str) -> String {
    format!(r#"{{"@type":"textEntity","offset":{offset},"length":{length},"type":{ty}}}"#)
}

fn nested_arrays(n: usize) -> String {
    format!("{}{}", "[".repeat(n), "]".repeat(n))
}

/// Requests for td_execute (all synchronous methods, and bad requests).
fn execute_requests() -> Vec<String> {
    let mut r: Vec<String> = Vec::new();
    let md = |text: &str, version: i32| {
        format!(
            r#"{{"@type":"parseTextEntities","text":{},"parse_mode":{{"@type":"textParseModeMarkdown","version":{version}}}}}"#,
            js(text)
        )
    };
    let html = |text: &str| {
        format!(
            r#"{{"@type":"parseTextEntities","text":{},"parse_mode":{{"@type":"textParseModeHTML"}}}}"#,
            js(text)
        )
    };

    // -- logging first: the verbosity answers document the state the rest runs in
    r.push(r#"{"@type":"setLogVerbosityLevel","new_verbosity_level":0}"#.into());
    r.push(r#"{"@type":"getLogVerbosityLevel"}"#.into());
    r.push(r#"{"@type":"getLogTags"}"#.into());
    r.push(r#"{"@type":"getLogTagVerbosityLevel","tag":"actor"}"#.into());
    r.push(r#"{"@type":"getLogTagVerbosityLevel","tag":"no_such_tag"}"#.into());
    r.push(r#"{"@type":"setLogTagVerbosityLevel","tag":"actor","new_verbosity_level":0}"#.into());
    r.push(r#"{"@type":"getLogStream"}"#.into());
    r.push(r#"{"@type":"setLogStream","log_stream":{"@type":"logStreamEmpty"}}"#.into());
    r.push(r#"{"@type":"getLogStream"}"#.into());
    r.push(r#"{"@type":"setLogStream","log_stream":{"@type":"logStreamFile","path":"/proc/tlgen-no-such-dir/td.log","max_file_size":1048576,"redirect_stderr":false}}"#.into());
    r.push(r#"{"@type":"setLogStream","log_stream":{"@type":"logStreamDefault"}}"#.into());
    r.push(r#"{"@type":"getLogStream"}"#.into());
    r.push(
        r#"{"@type":"addLogMessage","verbosity_level":5,"text":"not shown at verbosity 0"}"#.into(),
    );
    r.push(r#"{"@type":"getOption","name":"version"}"#.into());
    r.push(r#"{"@type":"getOption","name":"commit_hash"}"#.into());
    r.push(r#"{"@type":"getOption","name":"unix_time"}"#.into());

    // -- parseTextEntities
    r.push(md(
        "*bold* _italic_ __underline__ ~strike~ ||spoiler|| `code` ```rust\nfn main() {}\n``` [link](https://example.com/?a=1&b=2) [user](tg://user?id=123456789) ![👍](tg://emoji?id=5368324170671202286)\n>quote line\n>second",
        2,
    ));
    r.push(md("*bold _italic bold ~italic bold strikethrough ||italic bold strikethrough spoiler||~ __underline italic bold___ bold*", 2));
    r.push(md(r"\*not bold\* \_not italic\_ 1\.5 \\ \` \[x\]", 2));
    r.push(md(
        "*Привет* _мир_ 👍🏽 家族 e\u{301} \u{200b}zero\\-width 𝕏",
        2,
    ));
    r.push(md("*unclosed bold", 2));
    r.push(md("reserved . must be escaped", 2));
    r.push(md(
        "*bold* _italic_ `code` ```pre``` [link](http://example.com)",
        1,
    ));
    r.push(md("*bold* _italic_ `code`", 0));
    r.push(md(
        "line1\nline2\ttab \"quoted\" back\\slash \u{1} del\u{7f} /slash/",
        2,
    ));
    r.push(md("", 2));
    r.push(html(r#"<b>bold</b> <strong>s</strong> <i>it</i> <em>e</em> <u>u</u> <ins>i</ins> <s>s</s> <strike>x</strike> <del>d</del> <span class="tg-spoiler">sp</span> <tg-spoiler>sp2</tg-spoiler> <a href="https://example.com/path?q=1&amp;r=2">link</a> <a href="tg://user?id=123456789">mention</a> <tg-emoji emoji-id="5368324170671202286">👍</tg-emoji> <code>c</code> <pre>p</pre> <pre><code class="language-python">print(1)</code></pre> <blockquote>q</blockquote> <blockquote expandable>eq</blockquote> &lt;&gt;&amp;&quot;"#));
    r.push(html(
        "<b>Жирный</b> <i>😀 emoji</i> &#128077; &#x1F44D; &nbsp;",
    ));
    r.push(html("<b>unclosed"));
    r.push(html("<unknown>tag</unknown>"));
    r.push(r#"{"@type":"parseTextEntities","text":"no parse mode"}"#.into());
    r.push(with_extra(
        &md("*x*", 2),
        r#"{"case":"extra on a sync request"}"#,
    ));

    // -- getTextEntities
    r.push(format!(
        r#"{{"@type":"getTextEntities","text":{}}}"#,
        js("@username #hashtag $USD /start@bot https://telegram.org/path?q=1 t.me/joinchat/abc mail@example.com +1 555 123 4567 4242 4242 4242 4242 #тег @юзер 👍 http://[::1]:80/ ftp://x.y")
    ));
    r.push(r#"{"@type":"getTextEntities","text":""}"#.into());
    r.push(r#"{"@type":"getTextEntities"}"#.into());

    // -- getMarkdownText / parseMarkdown
    let text = "bold italic code link 👍 mention spoiler pre";
    let ents = [
        entity(0, 4, r#"{"@type":"textEntityTypeBold"}"#),
        entity(5, 6, r#"{"@type":"textEntityTypeItalic"}"#),
        entity(12, 4, r#"{"@type":"textEntityTypeCode"}"#),
        entity(
            17,
            4,
            r#"{"@type":"textEntityTypeTextUrl","url":"https://example.com/"}"#,
        ),
        entity(
            22,
            2,
            r#"{"@type":"textEntityTypeCustomEmoji","custom_emoji_id":"5368324170671202286"}"#,
        ),
        entity(
            25,
            7,
            r#"{"@type":"textEntityTypeMentionName","user_id":123456789}"#,
        ),
        entity(33, 7, r#"{"@type":"textEntityTypeSpoiler"}"#),
        entity(
            41,
            3,
            r#"{"@type":"textEntityTypePreCode","language":"rust"}"#,
        ),
    ]
    .join(",");
    r.push(format!(
        r#"{{"@type":"getMarkdownText","text":{}}}"#,
        formatted(text, &ents)
    ));
    r.push(format!(
        r#"{{"@type":"getMarkdownText","text":{}}}"#,
        formatted("bad", &entity(1, 10, r#"{"@type":"textEntityTypeBold"}"#))
    ));
    r.push(format!(
        r#"{{"@type":"parseMarkdown","text":{}}}"#,
        formatted("**bold** __italic__ ~~strike~~ ||spoiler|| `code` ```\npre\n``` [link](https://example.com) 👍 plain", "")
    ));
    r.push(format!(
        r#"{{"@type":"parseMarkdown","text":{}}}"#,
        formatted(
            "**b** keep",
            &entity(9, 4, r#"{"@type":"textEntityTypeItalic"}"#)
        )
    ));
    r.push(r#"{"@type":"parseMarkdown","text":null}"#.into());

    // -- searchQuote
    r.push(format!(
        r#"{{"@type":"searchQuote","text":{},"quote":{},"quote_position":0}}"#,
        formatted("one two three two", ""),
        formatted("two", "")
    ));
    r.push(format!(
        r#"{{"@type":"searchQuote","text":{},"quote":{},"quote_position":0}}"#,
        formatted("abc", ""),
        formatted("xyz", "")
    ));

    // -- getJsonValue (never a lone surrogate: it aborts TDLib 1.8.67)
    let json_inputs: Vec<String> = vec![
        "null".into(),
        "true".into(),
        "false".into(),
        "0".into(),
        "-1".into(),
        "1.5".into(),
        "-0.0".into(),
        "1e300".into(),
        "1e-7".into(),
        "123456789.123456789".into(),
        "12345678901234567890".into(),
        r#""str""#.into(),
        r#""esc \" \\ \/ \b\f\n\r\t \u0001 \u007f é 👍 \ud83d\udc4d \u00e9""#.into(),
        r#""""#.into(),
        "[]".into(),
        "{}".into(),
        r#"{"a":1,"b":[true,false,null],"c":{"d":"e"},"":0,"dup":1,"dup":2,"é":"ü"}"#.into(),
        r#" [ 1 , [ 2 , [ 3 , [ 4 ] ] ] ] "#.into(),
        format!("{}\"bottom\"{}", "[".repeat(50), "]".repeat(50)),
        format!("{}null{}", r#"{"k":"#.repeat(50), "}".repeat(50)),
        nested_arrays(101), // TDLib's maximum: a 202-level answer
        nested_arrays(102), // one too many
        r#"{"a":}"#.into(),
        "tru".into(),
        "".into(),
        "[1,]".into(),
        "1 2".into(),
        "\"unterminated".into(),
    ];
    for json in &json_inputs {
        r.push(format!(r#"{{"@type":"getJsonValue","json":{}}}"#, js(json)));
    }

    // -- getJsonString
    let jv = [
        r#"{"@type":"jsonValueNull"}"#.to_string(),
        r#"{"@type":"jsonValueBoolean","value":true}"#.into(),
        r#"{"@type":"jsonValueNumber","value":1.5}"#.into(),
        r#"{"@type":"jsonValueNumber","value":-1e300}"#.into(),
        r#"{"@type":"jsonValueNumber","value":0.1}"#.into(),
        format!(r#"{{"@type":"jsonValueString","value":{}}}"#, js("é👍\n\"\\/\u{1}")),
        r#"{"@type":"jsonValueArray","values":[{"@type":"jsonValueNumber","value":1},null,{"@type":"jsonValueArray","values":[]}]}"#.into(),
        r#"{"@type":"jsonValueObject","members":[{"@type":"jsonObjectMember","key":"a","value":{"@type":"jsonValueString","value":"b"}},{"@type":"jsonObjectMember","key":"é","value":null}]}"#.into(),
        format!(
            "{}{}",
            r#"{"@type":"jsonValueArray","values":["#.repeat(30),
            "]}".repeat(30)
        ),
    ];
    for v in &jv {
        r.push(format!(r#"{{"@type":"getJsonString","json_value":{v}}}"#));
    }
    r.push(r#"{"@type":"getJsonString","json_value":null}"#.into());

    // -- getThemeParametersJsonString
    r.push(r#"{"@type":"getThemeParametersJsonString","theme":{"@type":"themeParameters","background_color":16777215,"secondary_background_color":15790320,"header_background_color":5275647,"bottom_bar_background_color":0,"section_background_color":16777215,"section_separator_color":13421772,"text_color":0,"accent_text_color":2590709,"section_header_text_color":7171437,"subtitle_text_color":9079434,"destructive_text_color":16711680,"hint_color":10066329,"link_color":2590709,"button_color":5275647,"button_text_color":16777215}}"#.into());
    // NB: `"theme":null` crashes TDLib 1.8.65 (SIGSEGV, null dereference): never send it.

    // -- getChatFolderDefaultIconName
    r.push(format!(
        r#"{{"@type":"getChatFolderDefaultIconName","folder":{{"@type":"chatFolder","name":{{"@type":"chatFolderName","text":{},"animate_custom_emoji":false}},"icon":null,"color_id":-1,"is_shareable":false,"pinned_chat_ids":[],"included_chat_ids":[],"excluded_chat_ids":[],"exclude_muted":false,"exclude_read":false,"exclude_archived":false,"include_contacts":false,"include_non_contacts":false,"include_bots":true,"include_groups":false,"include_channels":false}}}}"#,
        formatted("Bots", "")
    ));

    // -- small string helpers
    for code in ["RU", "US", "GB", "JP", "XX", "ru", "", "USA"] {
        r.push(format!(
            r#"{{"@type":"getCountryFlagEmoji","country_code":{}}}"#,
            js(code)
        ));
    }
    for (lang, prefix) in [
        ("en", "+1 555 123 4567"),
        ("ru", "79001234567"),
        ("en", ""),
        ("de", "44"),
        ("en", "+999"),
        ("en", "abc"),
    ] {
        r.push(format!(
            r#"{{"@type":"getPhoneNumberInfoSync","language_code":{},"phone_number_prefix":{}}}"#,
            js(lang),
            js(prefix)
        ));
    }
    for name in [
        "photo.jpg",
        "song.MP3",
        "archive.tar.gz",
        "video.mp4",
        "doc.pdf",
        "noext",
        "x.unknownext",
        "",
    ] {
        r.push(format!(
            r#"{{"@type":"getFileMimeType","file_name":{}}}"#,
            js(name)
        ));
    }
    for mime in [
        "image/png",
        "audio/mpeg",
        "application/pdf",
        "text/plain",
        "application/x-unknown",
        "",
    ] {
        r.push(format!(
            r#"{{"@type":"getFileExtension","mime_type":{}}}"#,
            js(mime)
        ));
    }
    let long_name = format!("{}.txt", "n".repeat(300));
    for name in [
        "../../etc/passwd",
        "  name  with   spaces  .txt",
        "con<>:\"|?*.txt",
        "файл 👍.txt",
        "a\u{1}b\u{7f}.txt",
        &long_name,
        "",
    ] {
        r.push(format!(
            r#"{{"@type":"cleanFileName","file_name":{}}}"#,
            js(name)
        ));
    }
    // No database path: no file is created; every answer is an error (404 or 400).
    for (target, pack, key) in [
        ("android", "en", "Hello"),
        ("", "en", "k"),
        ("android", "", "k"),
        ("android", "en", "bad key!"),
    ] {
        r.push(format!(
            r#"{{"@type":"getLanguagePackString","language_pack_database_path":"","localization_target":{},"language_pack_id":{},"key":{}}}"#,
            js(target),
            js(pack),
            js(key)
        ));
    }
    let strings = r#"["apple","Application","banana","Äpfel","яблоко","app store","apPle pie",""]"#;
    for (query, limit, none_for_empty) in [
        ("ap", 10, false),
        ("", 10, true),
        ("", 3, false),
        ("я", 10, false),
        ("zzz", 10, false),
    ] {
        r.push(format!(
            r#"{{"@type":"searchStringsByPrefix","strings":{strings},"query":{},"limit":{limit},"return_none_for_empty_query":{none_for_empty}}}"#,
            js(query)
        ));
    }
    for name in [
        "valid_name",
        "bad name",
        "",
        "кириллица",
        "a".repeat(40).as_str(),
    ] {
        r.push(format!(
            r#"{{"@type":"checkQuickReplyShortcutName","name":{}}}"#,
            js(name)
        ));
    }
    for payload in ["{}", r#"{"p":"AAAA"}"#, "not json", ""] {
        r.push(format!(
            r#"{{"@type":"getPushReceiverId","payload":{}}}"#,
            js(payload)
        ));
    }
    r.push(r#"{"@type":"testReturnError","error":{"@type":"error","code":123,"message":"custom é 👍 \"quoted\""}}"#.into());
    r.push(r#"{"@type":"testReturnError","error":null}"#.into());

    // -- @extra of every kind, on a synchronous request
    for extra in extras() {
        r.push(with_extra(
            r#"{"@type":"getFileExtension","mime_type":"image/gif"}"#,
            &extra,
        ));
    }

    // -- bad requests (their errors are payloads too)
    let bad = [
        "",
        "   ",
        "not json",
        "[]",
        "\"str\"",
        "{}",
        r#"{"@type":"noSuchFunction"}"#,
        r#"{"@type":"noSuchFunction","@extra":{"a":[1]}}"#,
        r#"{"@type":123}"#,
        r#"{"@type":"getMe"}"#,
        r#"{"@type":"getMe","@extra":"not synchronous"}"#,
        r#"{"@type":"getTextEntities","text":5}"#,
        r#"{"@type":"getTextEntities","text":"\ud83d"}"#,
        r#"{"@type":"getTextEntities","text":"x"} trailing"#,
        r#"{"@type":"getTextEntities","text":"x""#,
        r#"{"@extra":1,"text":"@type not first","@type":"getTextEntities"}"#,
        r#"{"@type":"getTextEntities","text":"first","text":"second duplicate"}"#,
        r#"{"@type":"getCountryFlagEmoji","country_code":null}"#,
        r#"{"@type":"testSquareInt","x":3}"#,
    ];
    r.extend(bad.iter().map(|s| s.to_string()));
    // @extra one level too deep: the request fails to parse, so no @extra comes back.
    r.push(with_extra(
        r#"{"@type":"getLogVerbosityLevel"}"#,
        &nested_arrays(101),
    ));
    r
}

fn execute_stage(td: &mut TdJson, rec: &mut Recorder) -> Result<(), String> {
    let trace = std::env::var_os("CAPTURE_TRACE").is_some();
    for request in execute_requests() {
        if trace {
            eprintln!("execute: {request}");
        }
        let request = cstring(&request);
        let answer = td.execute(&request).to_bytes();
        rec.record(answer);
    }
    Ok(())
}

/// What to wait for after sending a request.
#[derive(Clone, Copy, PartialEq)]
enum Wait {
    /// Record everything up to and including the first non-update payload.
    Answer,
    /// TDLib queues the request until setTdlibParameters: do not wait.
    Nothing,
}

fn send_requests() -> Vec<(String, Wait)> {
    use Wait::*;
    let mut r: Vec<(String, Wait)> = Vec::new();
    let extras = extras();
    let mut extra = extras.iter().cycle();
    let mut push = |req: &str, wait: Wait, r: &mut Vec<(String, Wait)>| {
        r.push((with_extra(req, extra.next().expect("cycle")), wait));
    };

    // First request creates the instance: its initial updates arrive before the answer.
    r.push((r#"{"@type":"getCurrentState"}"#.into(), Answer));
    r.push((
        r#"{"@type":"getAuthorizationState","@extra":"auth"}"#.into(),
        Answer,
    ));
    r.push((
        r#"{"@type":"getOption","name":"version","@extra":1}"#.into(),
        Answer,
    ));
    r.push((
        r#"{"@type":"getOption","name":"commit_hash","@extra":2}"#.into(),
        Answer,
    ));
    // Every @extra kind on the simplest call.
    for e in &extras {
        r.push((with_extra(r#"{"@type":"testCallEmpty"}"#, e), Answer));
    }
    r.push((r#"{"@type":"testCallEmpty"}"#.into(), Answer));

    for s in [
        String::new(),
        "plain".into(),
        "esc \" \\ / \u{8}\u{c}\n\r\t \u{1} \u{1f} \u{7f} é ü ☃ 👍 👍🏽 𝕏 家族".into(),
        "x".repeat(2000),
    ] {
        push(
            &format!(r#"{{"@type":"testCallString","x":{}}}"#, js(&s)),
            Answer,
            &mut r,
        );
    }
    // NB: a lone surrogate (`"\ud83d"`) here aborts TDLib (testCallString echoes unchecked text).
    r.push((r#"{"@type":"testCallString","x":5}"#.into(), Answer));

    // Every byte value, base64.
    let all_bytes: Vec<u8> = (0..=255).collect();
    let all_b64 = tlgen_runtime::base64::encode(&all_bytes);
    for b in ["", "AAEC/w==", "aGVsbG8=", &all_b64, "abc", "-_8="] {
        push(
            &format!(r#"{{"@type":"testCallBytes","x":{}}}"#, js(b)),
            Answer,
            &mut r,
        );
    }

    for v in [
        "[]",
        "[0,-1,2147483647,-2147483648]",
        r#"["5","-6"]"#,
        "[1.5]",
        "[2147483648]",
        "null",
    ] {
        push(
            &format!(r#"{{"@type":"testCallVectorInt","x":{v}}}"#),
            Answer,
            &mut r,
        );
    }
    for v in [
        "[]",
        r#"[{"@type":"testInt","value":1},null,{"value":3},{"@type":"wrongNameIgnored","value":-4}]"#,
        r#"[{"@type":"testInt","value":"x"}]"#,
    ] {
        push(
            &format!(r#"{{"@type":"testCallVectorIntObject","x":{v}}}"#),
            Answer,
            &mut r,
        );
    }
    for v in ["[]", r#"["a","é👍","\"\\\n",""]"#, "[null]", "[1]"] {
        push(
            &format!(r#"{{"@type":"testCallVectorString","x":{v}}}"#),
            Answer,
            &mut r,
        );
    }
    for v in [
        "[]",
        r#"[{"@type":"testString","value":"x"},null,{"value":"é"}]"#,
    ] {
        push(
            &format!(r#"{{"@type":"testCallVectorStringObject","x":{v}}}"#),
            Answer,
            &mut r,
        );
    }
    for x in ["0", "-3", "46340", r#""12""#, r#""0500""#, "1e3"] {
        push(
            &format!(r#"{{"@type":"testSquareInt","x":{x}}}"#),
            Answer,
            &mut r,
        );
    }
    push(r#"{"@type":"testUseUpdate"}"#, Answer, &mut r);
    push(
        r#"{"@type":"testReturnError","error":{"@type":"error","code":406,"message":"via td_send"}}"#,
        Answer,
        &mut r,
    );
    push(r#"{"@type":"setAlarm","seconds":0.01}"#, Answer, &mut r);
    push(r#"{"@type":"setAlarm","seconds":-1}"#, Answer, &mut r);

    // Synchronous methods answered through td_send too (these carry @client_id).
    push(
        r#"{"@type":"getTextEntities","text":"@user #tag https://example.com"}"#,
        Answer,
        &mut r,
    );
    push(
        r#"{"@type":"parseTextEntities","text":"*unclosed","parse_mode":{"@type":"textParseModeMarkdown","version":2}}"#,
        Answer,
        &mut r,
    );
    push(
        &format!(
            r#"{{"@type":"getJsonValue","json":{}}}"#,
            js(&nested_arrays(101))
        ),
        Answer,
        &mut r,
    );
    push(r#"{"@type":"getOption","name":"version"}"#, Answer, &mut r);

    // Refused before initialisation (no network: TDLib answers at once).
    push(r#"{"@type":"getMe"}"#, Answer, &mut r);
    push(
        r#"{"@type":"getChats","chat_list":null,"limit":10}"#,
        Answer,
        &mut r,
    );
    // Malformed.
    r.push(("not json".into(), Answer));
    r.push((
        r#"{"@type":"noSuchFunction","@extra":"unknown"}"#.into(),
        Answer,
    ));
    r.push((
        r#"{"@type":"testSquareInt","x":"nope","@extra":"bad field"}"#.into(),
        Answer,
    ));
    // Queued until setTdlibParameters, which never comes here: answered (if at all) at close.
    r.push((
        r#"{"@type":"getOption","name":"unix_time","@extra":"queued"}"#.into(),
        Nothing,
    ));
    r
}

/// Receives and records until `stop` matches a payload (recorded too) or `timeout` passes.
/// Returns whether `stop` matched.
fn receive_until(
    td: &mut TdJson,
    rec: &mut Recorder,
    timeout: Duration,
    mut stop: impl FnMut(&[u8]) -> bool,
) -> bool {
    let deadline = Instant::now() + timeout;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return false;
        }
        if let Some(answer) = td.receive(left.as_secs_f64().min(1.0)) {
            let answer = answer.to_bytes();
            rec.record(answer);
            if stop(answer) {
                return true;
            }
        }
    }
}

/// Records everything until nothing arrives for `QUIET` seconds (bounded by `max`).
fn drain(td: &mut TdJson, rec: &mut Recorder, max: Duration) {
    let deadline = Instant::now() + max;
    while Instant::now() < deadline {
        match td.receive(QUIET) {
            Some(answer) => rec.record(answer.to_bytes()),
            None => return,
        }
    }
}

fn close_client(td: &mut TdJson, rec: &mut Recorder, client_id: i32) -> Result<(), String> {
    td.send(client_id, c"{\"@type\":\"close\",\"@extra\":\"close\"}");
    if !receive_until(td, rec, CLOSE_TIMEOUT, is_closed_update) {
        return Err(format!(
            "no authorizationStateClosed within {CLOSE_TIMEOUT:?}"
        ));
    }
    Ok(())
}

fn send_stage(td: &mut TdJson, rec: &mut Recorder) -> Result<(), String> {
    let client_id = td.create_client_id();
    let trace = std::env::var_os("CAPTURE_TRACE").is_some();
    for (request, wait) in send_requests() {
        if trace {
            eprintln!("send: {request}");
        }
        td.send(client_id, &cstring(&request));
        if wait == Wait::Answer && !receive_until(td, rec, ANSWER_TIMEOUT, |p| !is_update(p)) {
            eprintln!("capture: warning: no answer within {ANSWER_TIMEOUT:?} to {request}");
        }
    }
    close_client(td, rec, client_id)?;
    // Whatever the closed instance still says (e.g. the queued request's answer).
    drain(td, rec, Duration::from_secs(5));
    // A request to an instance that no longer exists.
    td.send(
        client_id,
        c"{\"@type\":\"testCallEmpty\",\"@extra\":\"after close\"}",
    );
    drain(td, rec, Duration::from_secs(5));
    Ok(())
}

// ------------------------------------------------------------------------------------------------
// --with-params: only inside a fresh network namespace

const CLONE_NEWNET: c_int = 0x4000_0000;

unsafe extern "C" {
    /// unshare(2) from the C library std already links.
    fn unshare(flags: c_int) -> c_int;
}

fn netns_link(pid: &str) -> Result<String, String> {
    let path = format!("/proc/{pid}/ns/net");
    std::fs::read_link(&path)
        .map(|p| p.display().to_string())
        .map_err(|e| format!("{path}: {e}"))
}

/// Runs this binary again as `--params-child` in a new network namespace and waits for it.
fn run_params_child(lib: &Path, out: &Path) -> Result<(), String> {
    use std::os::unix::process::CommandExt;

    let exe = std::env::current_exe().map_err(|e| format!("current_exe: {e}"))?;
    let parent_ns = netns_link("self")?;
    let mut cmd = Command::new(exe);
    cmd.arg("--lib")
        .arg(lib)
        .arg("--params-out")
        .arg(out)
        .arg("--params-child")
        .arg(&parent_ns);
    // SAFETY: the closure runs in the forked child before exec and only makes one raw system
    // call (async-signal-safe, no allocation, no locks).
    unsafe {
        cmd.pre_exec(|| {
            if unshare(CLONE_NEWNET) == 0 {
                Ok(())
            } else {
                Err(std::io::Error::last_os_error())
            }
        });
    }
    let mut child = match cmd.spawn() {
        Ok(child) => child,
        Err(e) => {
            eprintln!(
                "capture: SKIPPED --with-params: cannot create a network namespace ({e}); \
                 it needs root (CAP_SYS_ADMIN). setTdlibParameters is never sent outside one."
            );
            return Ok(());
        }
    };
    let deadline = Instant::now() + CHILD_TIMEOUT;
    loop {
        match child
            .try_wait()
            .map_err(|e| format!("waiting for the child: {e}"))?
        {
            Some(status) if status.success() => return Ok(()),
            Some(status) => return Err(format!("--with-params child failed: {status}")),
            None if Instant::now() > deadline => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "--with-params child killed after {CHILD_TIMEOUT:?}"
                ));
            }
            None => std::thread::sleep(Duration::from_millis(100)),
        }
    }
}

/// Refuses to go on unless this process is in a network namespace other than `parent_ns` whose
/// only interface is `lo`, and every IPv4/IPv6 route goes through `lo` (a fresh namespace has no
/// IPv4 route and only IPv6 "unreachable" entries on `lo`). Reads /proc/self/net, which is per
/// namespace (/sys/class/net would show the namespace sysfs was mounted in).
fn verify_isolated(parent_ns: &str) -> Result<String, String> {
    let ns = netns_link("self")?;
    if ns == parent_ns {
        return Err(format!("still in the parent's network namespace {ns}"));
    }
    let read = |p: &str| std::fs::read_to_string(p).map_err(|e| format!("{p}: {e}"));
    let dev = read("/proc/self/net/dev")?;
    let ifaces: Vec<&str> = dev
        .lines()
        .skip(2)
        .filter_map(|l| l.split(':').next())
        .map(str::trim)
        .collect();
    if ifaces != ["lo"] {
        return Err(format!("interfaces other than lo: {ifaces:?}"));
    }
    // IPv4: header line, then `Iface Destination Gateway ...`.
    let routes = read("/proc/self/net/route")?;
    let v4 = routes
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .count();
    if let Some(bad) = routes
        .lines()
        .skip(1)
        .find(|l| l.split_whitespace().next() != Some("lo"))
    {
        return Err(format!("IPv4 route not via lo: {bad}"));
    }
    // IPv6: no header, the device is the last column; absent when IPv6 is disabled.
    let routes6 = std::fs::read_to_string("/proc/self/net/ipv6_route").unwrap_or_default();
    let v6 = routes6.lines().filter(|l| !l.trim().is_empty()).count();
    if let Some(bad) = routes6
        .lines()
        .find(|l| !l.trim().is_empty() && l.split_whitespace().last() != Some("lo"))
    {
        return Err(format!("IPv6 route not via lo: {bad}"));
    }
    Ok(format!(
        "network namespace {ns} (parent {parent_ns}): interfaces {ifaces:?}, \
         {v4} IPv4 and {v6} IPv6 routes, all via lo"
    ))
}

fn params_child(args: &Args, parent_ns: &str) -> Result<(), String> {
    let proof = verify_isolated(parent_ns).map_err(|e| format!("not isolated, refusing: {e}"))?;
    eprintln!("capture: --with-params child: {proof}");
    let out = args
        .params_out
        .clone()
        .ok_or("--params-child needs --params-out")?;

    // Only now is TDLib loaded.
    let mut td = load(args)?;
    td.set_log_verbosity(0)?;
    let dir = std::env::temp_dir().join(format!("tlgen-capture-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;

    let mut rec = Recorder::default();
    let result = params_session(&mut td, &mut rec, &dir);
    let _ = std::fs::remove_dir_all(&dir);
    result?;
    rec.write(&out)?;
    println!("{}: {}", out.display(), rec.summary());
    Ok(())
}

fn params_session(td: &mut TdJson, rec: &mut Recorder, dir: &Path) -> Result<(), String> {
    let client_id = td.create_client_id();
    let params = format!(
        r#"{{"@type":"setTdlibParameters","use_test_dc":true,"database_directory":{},"files_directory":{},"database_encryption_key":"","use_file_database":true,"use_chat_info_database":true,"use_message_database":true,"use_secret_chats":false,"api_id":{API_ID},"api_hash":"{API_HASH}","system_language_code":"en","device_model":"tlgen-capture","system_version":"","application_version":"0.1","@extra":"params"}}"#,
        js(&dir.join("db").display().to_string()),
        js(&dir.join("files").display().to_string()),
    );
    td.send(client_id, &cstring(&params));
    let deadline = Instant::now() + PARAMS_COLLECT;
    while let Some(left) = deadline.checked_duration_since(Instant::now()) {
        if let Some(answer) = td.receive(left.as_secs_f64().min(0.5)) {
            rec.record(answer.to_bytes());
        }
    }
    // Local requests now allowed (answered from memory or the local database).
    let requests = [
        r#"{"@type":"getCurrentState","@extra":"state"}"#,
        r#"{"@type":"getAuthorizationState","@extra":"auth"}"#,
        r#"{"@type":"getOption","name":"unix_time","@extra":"o1"}"#,
        r#"{"@type":"getOption","name":"utc_time_offset","@extra":"o2"}"#,
        r#"{"@type":"getOption","name":"my_id","@extra":"o3"}"#,
        r#"{"@type":"getOption","name":"no_such_option","@extra":"o4"}"#,
        r#"{"@type":"getProxies","@extra":"proxies"}"#,
        r#"{"@type":"getNetworkStatistics","only_current":false,"@extra":"net"}"#,
        r#"{"@type":"getStorageStatisticsFast","@extra":"storage"}"#,
        r#"{"@type":"getDatabaseStatistics","@extra":"db"}"#,
        r#"{"@type":"getLocalizationTargetInfo","only_local":true,"@extra":"loc1"}"#,
        r#"{"@type":"setOption","name":"localization_target","value":{"@type":"optionValueString","value":"android"},"@extra":"set1"}"#,
        r#"{"@type":"getLocalizationTargetInfo","only_local":true,"@extra":"loc2"}"#,
        r#"{"@type":"setOption","name":"no_such_option","value":{"@type":"optionValueBoolean","value":true},"@extra":"set2"}"#,
        r#"{"@type":"getStorageStatistics","chat_limit":1,"@extra":"storage_full"}"#,
        r#"{"@type":"getInternalLinkType","link":"tg://resolve?domain=telegram&start=abc","@extra":"l1"}"#,
        r#"{"@type":"getInternalLinkType","link":"https://t.me/telegram/1?comment=2","@extra":"l2"}"#,
        r#"{"@type":"getInternalLinkType","link":"https://t.me/addstickers/Animals","@extra":"l3"}"#,
        r#"{"@type":"getInternalLinkType","link":"tg://settings/privacy","@extra":"l4"}"#,
        r#"{"@type":"getInternalLinkType","link":"https://t.me/+AbCdEf12345","@extra":"l5"}"#,
        r#"{"@type":"getInternalLinkType","link":"https://example.com/","@extra":"l6"}"#,
        r#"{"@type":"getMe","@extra":"unauthorized"}"#,
    ];
    for request in requests {
        td.send(client_id, &cstring(request));
        if !receive_until(td, rec, ANSWER_TIMEOUT, |p| !is_update(p)) {
            eprintln!("capture: warning: no answer within {ANSWER_TIMEOUT:?} to {request}");
        }
    }
    close_client(td, rec, client_id)?;
    drain(td, rec, Duration::from_secs(3));
    Ok(())
}
