//! The synthetic corpus generator (`tlgen-synth`) and the committed synthetic corpus:
//! determinism, TDLib's wire conventions on every generated payload (checked on the raw text:
//! pure ASCII, `@type` first, declaration order, six-decimal doubles, `int64` strings, ...),
//! `%.6f` agreement with the C library, coverage of every output-reachable constructor by
//! `corpus/synthetic.jsonl`, and that the committed files are exactly what the commands in
//! `corpus/README.md` produce.

use std::path::{Path, PathBuf};

use tlgen_model::Model;
use tlgen_synth::check::{Checker, Strictness};
use tlgen_synth::json::format_double;
use tlgen_synth::{Synth, named};

fn root() -> PathBuf {
    // tests/synth -> the workspace root
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .ancestors()
        .nth(2)
        .unwrap()
        .to_path_buf()
}

fn schema_path() -> PathBuf {
    root().join("../shared/schema/td_api.tl")
}

fn model() -> Model {
    let (schema, _) = tl_parser::load(&schema_path()).expect("td_api.tl loads");
    Model::build(&schema).expect("td_api.tl builds")
}

fn read(relative: &str) -> String {
    let path = root().join(relative);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The lines of `corpus/synthetic.jsonl`, as its README command makes them.
fn synthetic_lines(model: &Model) -> Vec<String> {
    let mut lines = Synth::new(model, 1).lines(None, false, true, 0).unwrap();
    lines.extend(
        Synth::new(model, 2)
            .lines(Some("Update"), false, false, 500)
            .unwrap(),
    );
    lines
}

fn joined(lines: &[String]) -> String {
    lines.iter().map(|l| format!("{l}\n")).collect()
}

/// Independent of `synth::scan`: every `{` outside strings is followed by `"@type":"`.
fn type_first_everywhere(text: &str) -> Result<(), usize> {
    let bytes = text.as_bytes();
    let (mut in_string, mut escaped) = (false, false);
    for (i, &b) in bytes.iter().enumerate() {
        if in_string {
            if escaped {
                escaped = false;
            } else if b == b'\\' {
                escaped = true;
            } else if b == b'"' {
                in_string = false;
            }
        } else if b == b'"' {
            in_string = true;
        } else if b == b'{' && !bytes[i + 1..].starts_with(b"\"@type\":\"") {
            return Err(i);
        }
    }
    Ok(())
}

#[test]
fn same_seed_same_bytes_different_seed_different_bytes() {
    let model = model();
    let a = Synth::new(&model, 42).lines(Some("Update"), false, false, 200);
    let b = Synth::new(&model, 42).lines(Some("Update"), false, false, 200);
    let c = Synth::new(&model, 43).lines(Some("Update"), false, false, 200);
    assert_eq!(a, b);
    assert_ne!(a, c);
    let mut x = Synth::new(&model, 5);
    let mut y = Synth::new(&model, 5);
    let id = model.struct_by_tl_name("message").map(|s| {
        model
            .structs
            .iter()
            .position(|t| t.tl_name == s.tl_name)
            .unwrap()
    });
    let id = id.unwrap();
    for _ in 0..20 {
        assert_eq!(x.generate(id), y.generate(id));
    }
}

#[test]
fn every_generated_payload_follows_tdlib_conventions() {
    let model = model();
    let checker = Checker::new(&model, Strictness::Synthetic);
    let mut lines = Synth::new(&model, 11)
        .lines(None, false, true, 300)
        .unwrap();
    lines.extend(
        Synth::new(&model, 12)
            .lines(Some("Update"), false, false, 300)
            .unwrap(),
    );
    lines.extend(Synth::new(&model, 13).lines(None, true, true, 0).unwrap());
    let (mut doubles, mut int64s, mut escaped, mut strings, mut depth) = (0, 0, 0, 0, 0);
    for (i, line) in lines.iter().enumerate() {
        assert!(line.is_ascii(), "line {i} not ASCII");
        let value: serde_json::Value = serde_json::from_str(line)
            .unwrap_or_else(|e| panic!("line {i}: invalid JSON ({e}): {line}"));
        assert!(value.is_object());
        if let Err(at) = type_first_everywhere(line) {
            panic!("line {i}: object at byte {at} without @type first: {line}");
        }
        let checked = checker
            .check(line)
            .unwrap_or_else(|e| panic!("line {i}: {e}\n{line}"));
        doubles += checked.doubles;
        int64s += checked.int64s;
        escaped += checked.escaped_strings;
        strings += checked.strings;
        depth = depth.max(checked.depth);
    }
    println!(
        "{} payloads: {doubles} doubles (six decimals), {int64s} int64 strings, \
         {strings} strings ({escaped} with escapes), max depth {depth}",
        lines.len()
    );
    assert!(doubles > 500 && int64s > 1000 && escaped > 1000 && depth >= 8);
    assert!(escaped * 5 < strings * 4, "too few escape-free strings");
}

#[test]
fn doubles_print_like_c_printf() {
    unsafe extern "C" {
        fn snprintf(
            buf: *mut std::ffi::c_char,
            n: usize,
            fmt: *const std::ffi::c_char,
            ...
        ) -> std::ffi::c_int;
    }
    let printf = |x: f64| {
        let mut buf = vec![0u8; 512];
        // SAFETY: the buffer is 512 bytes and its size is passed; "%.6f" takes one double.
        let n = unsafe { snprintf(buf.as_mut_ptr().cast(), buf.len(), c"%.6f".as_ptr(), x) };
        buf.truncate(n as usize);
        String::from_utf8(buf).unwrap()
    };
    let mut values = vec![
        0.0,
        -0.0,
        1e-7,
        -1e-7,
        5e-7,
        0.0078125,
        2.5,
        0.1234565,
        123_456_789.123_456_78,
        1e22,
        1e300,
        -1.234_567_85,
        f64::MAX,
        f64::MIN_POSITIVE,
    ];
    let mut rng = tlgen_synth::rng::Rng::new(9);
    for _ in 0..20_000 {
        let bits = rng.next_u64();
        let x = f64::from_bits(bits);
        if x.is_finite() && x.abs() < 1e30 {
            values.push(x);
        }
        values.push((rng.unit() - 0.5) * 10f64.powi(rng.range(-8, 12) as i32));
        // Exact ties at the sixth decimal: k / 2^7 etc.
        values.push(rng.range(-100_000, 100_000) as f64 / 128.0);
    }
    for x in values {
        assert_eq!(format_double(x), printf(x), "{x:e}");
    }
}

#[test]
fn reachability_matches_tdlib_rules() {
    let model = model();
    let synth = Synth::new(&model, 0);
    let reachable = synth.reachable();
    let name = |id: usize| model.structs[id].tl_name.as_str();
    let names: Vec<&str> = reachable.iter().map(|&id| name(id)).collect();
    println!(
        "{} of {} constructors are output-reachable",
        reachable.len(),
        model.structs.len()
    );
    for needed in [
        "updateNewMessage",
        "message",
        "error",
        "ok",
        "countryInfo",
        "testString",
    ] {
        assert!(names.contains(&needed), "{needed} not reachable");
    }
    for input_only in ["inputMessageText", "inputFileLocal", "inputThumbnail"] {
        assert!(!names.contains(&input_only), "{input_only} reachable");
    }
    assert!(reachable.len() > 1500 && reachable.len() < model.structs.len());
    // The same set as `--output-types` generation keeps (an independent implementation).
    let selection = tlgen_model::prune::Selection {
        roots: Vec::new(),
        output_types: true,
        functions: Some(Vec::new()),
    };
    let pruned = tlgen_model::prune::prune(model.clone(), &selection).unwrap();
    let mut kept: Vec<&str> = pruned.structs.iter().map(|s| s.tl_name.as_str()).collect();
    let mut mine = names.clone();
    kept.sort_unstable();
    mine.sort_unstable();
    assert_eq!(
        mine, kept,
        "synth reachability differs from prune's output types"
    );
}

#[test]
fn committed_synthetic_corpus_covers_every_reachable_constructor() {
    let model = model();
    let synth = Synth::new(&model, 0);
    let text = read("corpus/synthetic.jsonl");
    let coverage = synth.coverage(&text).unwrap();
    println!("corpus/synthetic.jsonl: {coverage}");
    assert!(coverage.foreign.is_empty(), "{:?}", coverage.foreign);
    assert!(
        coverage.missing_top_level.is_empty(),
        "not covered: {:?}",
        coverage.missing_top_level
    );
    assert_eq!(coverage.top_level, coverage.reachable);
    let checker = Checker::new(&model, Strictness::Synthetic);
    for (i, line) in text.lines().enumerate() {
        checker
            .check(line)
            .unwrap_or_else(|e| panic!("corpus/synthetic.jsonl:{}: {e}", i + 1));
    }
}

#[test]
fn committed_corpus_is_what_the_readme_commands_make() {
    let model = model();
    let regenerate = "regenerate with the commands in corpus/README.md";
    assert!(
        read("corpus/synthetic.jsonl") == joined(&synthetic_lines(&model)),
        "corpus/synthetic.jsonl differs from the generator's output: {regenerate}"
    );
    let escapes = named::escape_lines(&mut Synth::new(&model, 3)).unwrap();
    assert!(
        read("corpus/synthetic-escapes.jsonl") == joined(&escapes),
        "corpus/synthetic-escapes.jsonl differs: {regenerate}"
    );
    for payload in named::named_payloads(&mut Synth::new(&model, 4)).unwrap() {
        let file = format!("corpus/named/{}", payload.file);
        assert!(
            read(&file) == format!("{}\n", payload.json),
            "{file} differs: {regenerate}"
        );
    }
}

#[test]
fn named_payloads_are_near_their_target_sizes() {
    let model = model();
    let checker = Checker::new(&model, Strictness::Synthetic);
    for &(file, target) in named::TARGETS {
        let text = read(&format!("corpus/named/{file}"));
        let body = text.strip_suffix('\n').expect("ends with one newline");
        assert!(!body.contains('\n'), "{file}: one line");
        let size = text.len();
        println!("{file}: {size} bytes (target ~{target})");
        assert!(
            size.abs_diff(target) * 100 <= target * 15,
            "{file}: {size} bytes, target {target}"
        );
        let checked = checker
            .check(body)
            .unwrap_or_else(|e| panic!("{file}: {e}"));
        if file == "updateOption_escapes.json" {
            assert!(body.matches('\\').count() > 100, "{file}: few escapes");
            assert!(checked.escaped_strings > 0);
        }
        if file == "messages50.json" {
            let value: serde_json::Value = serde_json::from_str(body).unwrap();
            let messages = value["messages"].as_array().unwrap();
            assert_eq!(messages.len(), 50);
            let non_ascii = messages
                .iter()
                .filter(|m| !m["content"]["text"]["text"].as_str().unwrap().is_ascii())
                .count();
            println!(
                "  {non_ascii} of 50 message texts non-ASCII, {} objects, {} escaped strings",
                checked.objects, checked.escaped_strings
            );
            assert!((20..=30).contains(&non_ascii));
        }
        if file == "updateNewMessage.json" {
            let value: serde_json::Value = serde_json::from_str(body).unwrap();
            let message = &value["message"];
            assert!(message["sender_id"].is_object());
            assert_eq!(message["content"]["@type"], "messageText");
            assert!(
                !message["content"]["text"]["entities"]
                    .as_array()
                    .unwrap()
                    .is_empty()
            );
        }
    }
}

#[test]
fn escape_corpus_has_every_escape_form() {
    let text = read("corpus/synthetic-escapes.jsonl");
    for (i, line) in text.lines().enumerate() {
        let value: serde_json::Value = serde_json::from_str(line)
            .unwrap_or_else(|e| panic!("synthetic-escapes.jsonl:{}: {e}", i + 1));
        assert!(value.is_object());
        type_first_everywhere(line).unwrap();
    }
    for form in [
        r#"\""#,
        r"\\",
        r"\/",
        r"\b",
        r"\f",
        r"\n",
        r"\r",
        r"\t",
        r"\u00E9",
        r"\uD83D\uDC4D",
        r"\ud83d\udc4d",
        r"\u0000",
        r"\u001f",
        r"\u001F",
        "é",
        "👍",
        "\u{7f}",
    ] {
        assert!(text.contains(form), "no {form:?} in the escape corpus");
    }
    for c in 0..0x20u32 {
        assert!(text.contains(&format!("\\u{c:04x}")), "no \\u{c:04x}");
    }
    assert!(!text.is_ascii(), "raw UTF-8 expected");
}

#[test]
fn real_tdlib_captures_pass_the_conformance_checker() {
    // The checker encodes TDLIB_JSON.md §1; TDLib 1.8.65's own output (same schema) must pass
    // it in TDLib mode, which keeps the checker (and so the generator's rules) honest.
    let model = model();
    let checker = Checker::new(&model, Strictness::Tdlib);
    let mut checked = 0;
    for file in [
        "corpus/tdjson-1.8.65.jsonl",
        "corpus/tdjson-1.8.65-params.jsonl",
    ] {
        for (i, line) in read(file).lines().enumerate() {
            checker
                .check(line)
                .unwrap_or_else(|e| panic!("{file}:{}: {e}", i + 1));
            checked += 1;
        }
    }
    println!("{checked} TDLib 1.8.65 captures follow the conventions");
    assert!(checked > 300);
}
