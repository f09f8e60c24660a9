//! Payloads of schemas other than td_api.tl through both generated parsers:
//! - payloads synthesised (`tlgen-synth`) from tlgen's own test schema and from the shared
//!   telegram_api, mtproto_api, secret_api and e2e_api schemas: both parsers must agree on each;
//! - constructors of 64, 65, 128 and 300 fields, keys in order, reversed, repeated (the first
//!   occurrence wins, past the 64th field too) and mixed with unknown keys: both parsers must
//!   read exactly the values written.

use std::path::PathBuf;

use serde_json::{Value, json};
use tlgen_runtime::pointer::NulTerminated;
use tlgen_runtime::validate::Verdict;
use tlgen_test_schemas::{
    e2e_api, mtproto_api, rows_recursion, secret_api, telegram_api, telegram_api_arena, tlgen_test,
    tlgen_test_arena, tlgen_test_arena_recursion, wide,
};

fn schema_path(relative: &str) -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(relative)
}

/// Every constructor of the schema once, then `random` more, from `tlgen-synth --all --cover`.
fn synthesise(schema: &str, seed: u64, random: usize) -> Vec<String> {
    let path = schema_path(schema);
    let (parsed, _) = tl_parser::load(&path).unwrap_or_else(|e| panic!("{schema}: {e}"));
    let mut synth = tlgen_synth::Synth::from_schema(&parsed, seed)
        .unwrap_or_else(|e| panic!("{schema}: {e:?}"));
    synth.lines(None, true, true, random).unwrap()
}

/// A generated crate's `validate`.
type Validate = fn(&[u8]) -> Verdict;

/// Both parsers must agree on every payload; returns how many there were.
fn all_agree(schema: &str, lines: &[String], validate: Validate) -> usize {
    let mut disagreements = Vec::new();
    for (index, line) in lines.iter().enumerate() {
        match validate(line.as_bytes()) {
            Verdict::Agree => {}
            other => disagreements.push(format!("{schema} line {}: {other}\n  {line}", index + 1)),
        }
    }
    assert!(
        disagreements.is_empty(),
        "{} of {} disagree or are rejected:\n{}",
        disagreements.len(),
        lines.len(),
        disagreements[..disagreements.len().min(5)].join("\n")
    );
    lines.len()
}

#[test]
fn synthesised_payloads_of_the_test_schema_agree() {
    let lines = synthesise("../../schema/tlgen_test.tl", 1, 500);
    let count = all_agree("tlgen_test.tl", &lines, tlgen_test::validate);
    // The forms the schema is for reach the parsers: a parenthesised vector of a dotted
    // namespace's constructor, nested vectors, a two-dot namespace, int256 as base64.
    let joined = lines.join("\n");
    for needle in [
        r#"{"@type":"smc.libraryResult","result":[{"@type":"smc.libraryEntry","hash":""#,
        r#""@type":"smc.libraryQueryExt.scanBoc""#,
        r#""@type":"tvm.stackEntryTuple","tuple":{"@type":"tvm.tuple","elements":[{"#,
    ] {
        assert!(joined.contains(needle), "no payload has {needle}");
    }
    println!("tlgen_test.tl: {count} synthesised payloads, both parsers agree");
}

#[test]
fn parenthesised_vectors_parse_as_vectors() {
    let text = r#"{"@type":"matrix","rows":[[1,2],[3]],"labels":[["a"],[]],"weights":[[[0.5]]]}"#;
    let buffer = NulTerminated::from(text.as_bytes());
    let received = tlgen_test::parse_received(buffer.cursor()).unwrap();
    let tlgen_test::Object::Matrix(matrix) = received.object else {
        panic!("not a matrix: {:?}", received.object);
    };
    assert_eq!(matrix.rows, [vec![1, 2], vec![3]]);
    assert_eq!(matrix.labels, [vec!["a"], vec![]]);
    assert_eq!(matrix.weights, [vec![vec![0.5]]]);
    let read: tlgen_test::Received = tlgen_runtime::reader::from_str(text).unwrap();
    assert_eq!(read.object, tlgen_test::Object::Matrix(matrix));
    assert_eq!(tlgen_test::validate(text), Verdict::Agree);
}

#[test]
fn synthesised_payloads_of_the_shared_schemas_agree() {
    let schemas: [(&str, Validate); 4] = [
        ("telegram_api.tl", |p| telegram_api::validate(p)),
        ("mtproto_api.tl", |p| mtproto_api::validate(p)),
        ("secret_api.tl", |p| secret_api::validate(p)),
        ("e2e_api.tl", |p| e2e_api::validate(p)),
    ];
    for (name, validate) in schemas {
        let lines = synthesise(&format!("../../../shared/schema/{name}"), 7, 200);
        let count = all_agree(name, &lines, validate);
        println!("{name}: {count} synthesised payloads, both parsers agree");
    }
}

/// telegram_api.tl's `channelFull` has 67 fields, the widest constructor of a real schema: its
/// last three (`send_paid_messages_stars`, `main_tab`, `guard_bot_id`) are past the 64th.
#[test]
fn telegram_channel_full_reads_fields_past_the_64th() {
    let path = schema_path("../../../shared/schema/telegram_api.tl");
    let (parsed, _) = tl_parser::load(&path).unwrap();
    let mut synth = tlgen_synth::Synth::from_schema(&parsed, 3).unwrap();
    let mut written: Value =
        serde_json::from_str(&synth.generate_named("channelFull").unwrap()).unwrap();
    let members = written.as_object_mut().unwrap();
    members.insert("send_paid_messages_stars".into(), json!("12345"));
    members.insert("guard_bot_id".into(), json!("777"));
    // The same two keys again, later, with other values: the first occurrence wins.
    let line = written.to_string();
    let repeated = format!(
        r#"{},"guard_bot_id":"1","send_paid_messages_stars":"2"}}"#,
        line.strip_suffix('}').unwrap()
    );
    let buffer = NulTerminated::from(repeated.as_bytes());
    let received = telegram_api::parse_received(buffer.cursor()).unwrap();
    let telegram_api::Object::ChatFull(telegram_api::enums::ChatFull::ChannelFull(full)) =
        &received.object
    else {
        panic!("not a channelFull: {:?}", received.object);
    };
    assert_eq!(full.guard_bot_id, Some(777));
    assert_eq!(full.send_paid_messages_stars, Some(12345));
    assert_eq!(serde_json::to_value(&received.object).unwrap(), written);
    assert_eq!(telegram_api::validate(&repeated), Verdict::Agree);
}

/// The value written for field `index` of a wide constructor (types cycle through
/// `int32, string, int64, Bool, vector<int32>`, as in build.rs), `salt` making repeats differ.
fn wide_value(index: usize, salt: i64) -> Value {
    let i = index as i64 + salt * 1000;
    match index % 5 {
        0 => json!(i),
        1 => json!(format!("s{i}")),
        2 => json!((i * 1_000_000_007).to_string()),
        3 => json!(i % 2 == 0),
        _ => json!([i, -i]),
    }
}

/// `{"@type":name, members...}` as text, members in the given order.
fn object_text(name: &str, members: &[(String, Value)]) -> String {
    let mut text = format!(r#"{{"@type":"{name}""#);
    for (key, value) in members {
        text.push_str(&format!(",\"{key}\":{value}"));
    }
    text.push('}');
    text
}

/// Both parsers' reading of `text`, written back as JSON values.
fn read_both(text: &str) -> (Value, Value) {
    let buffer = NulTerminated::from(text.as_bytes());
    let pointer =
        wide::parse_received(buffer.cursor()).unwrap_or_else(|e| panic!("pointer: {e}\n{text}"));
    let reader: wide::Received =
        tlgen_runtime::reader::from_str(text).unwrap_or_else(|e| panic!("reader: {e}\n{text}"));
    assert_eq!(wide::validate(text), Verdict::Agree);
    (
        serde_json::to_value(&pointer.object).unwrap(),
        serde_json::to_value(&reader.object).unwrap(),
    )
}

#[test]
fn constructors_of_64_to_300_fields() {
    for width in [64usize, 65, 128, 300] {
        let name = format!("wide{width}");
        let members: Vec<(String, Value)> = (0..width)
            .map(|i| (format!("f{i}"), wide_value(i, 0)))
            .collect();
        let mut expected = serde_json::Map::new();
        expected.insert("@type".into(), json!(name));
        expected.extend(members.iter().cloned());
        let expected = Value::Object(expected);

        // In declaration order, and reversed.
        let mut reversed = members.clone();
        reversed.reverse();
        for order in [&members, &reversed] {
            let (pointer, reader) = read_both(&object_text(&name, order));
            assert_eq!(pointer, expected, "{name}");
            assert_eq!(reader, expected, "{name}");
        }

        // Every key again with other values, and unknown keys between: the first wins.
        let mut repeated = members.clone();
        for i in [0, 1, 63, 64, width / 2, width - 1] {
            if i < width {
                repeated.push((format!("f{i}"), wide_value(i, 7)));
                repeated.push((format!("unknown{i}"), json!({"f0": 1, "x": [1, 2]})));
            }
        }
        let (pointer, reader) = read_both(&object_text(&name, &repeated));
        assert_eq!(pointer, expected, "{name} with repeated keys");
        assert_eq!(reader, expected, "{name} with repeated keys");

        // Only the fields past the 64th, each twice: the first 64 keep their defaults.
        let mut high = Vec::new();
        for i in 64..width {
            high.push((format!("f{i}"), wide_value(i, 0)));
            high.push((format!("f{i}"), wide_value(i, 9)));
        }
        let (pointer, reader) = read_both(&object_text(&name, &high));
        assert_eq!(pointer, reader, "{name} past the 64th");
        for i in 0..width {
            let key = format!("f{i}");
            let want = if i < 64 {
                match i % 5 {
                    0 => json!(0),
                    1 => json!(""),
                    2 => json!("0"),
                    3 => json!(false),
                    _ => json!([]),
                }
            } else {
                wide_value(i, 0)
            };
            assert_eq!(pointer[&key], want, "{name}.{key} past the 64th");
        }
    }
}

/// `name:#` parameters are numbers in the JSON (TON's `count:#`, `mode:#`): read into `i32`
/// fields beside the fields that depend on the bit set, and written back.
#[test]
fn hash_parameters_are_number_fields() {
    let text = r#"{"@type":"blocks.shortTxId","mode":3,"account":"AQI=","lt":"77"}"#;
    let buffer = NulTerminated::from(text.as_bytes());
    let received = tlgen_test::parse_received(buffer.cursor()).unwrap();
    let tlgen_test::Object::BlocksShortTxId(tx) = &received.object else {
        panic!("not a shortTxId: {:?}", received.object);
    };
    assert_eq!(
        (tx.mode, tx.account.as_deref(), tx.lt, tx.hash.as_ref()),
        (3, Some(&[1u8, 2][..]), Some(77), None)
    );
    assert_eq!(tlgen_test::validate(text), Verdict::Agree);
    let written = serde_json::to_value(&received.object).unwrap();
    assert_eq!(written, serde_json::from_str::<Value>(text).unwrap());

    let request = tlgen_test::functions::BlocksGetTransactions {
        mode: 7,
        count: 10,
        ..Default::default()
    };
    let json = serde_json::to_value(&request).unwrap();
    assert_eq!((&json["mode"], &json["count"]), (&json!(7), &json!(10)));
}

/// A `Validate` of arena mode's parser (module `$arena`) against the reader of `$owned`: a new
/// arena per payload.
macro_rules! validate_arena {
    ($owned:ident, $arena:ident) => {
        |payload: &[u8]| {
            let buffer = NulTerminated::from(payload.to_vec());
            let arena = tlgen_runtime::arena::Bump::new();
            tlgen_runtime::validate::validate_views::<$owned::Object<'_>, $arena::Object<'_>>(
                &buffer,
                |c| $arena::parse_received(&arena, c),
            )
        }
    };
}

/// Arena mode on other schemas: every synthesised payload of tlgen's test schema (TON's forms,
/// under both boxing policies) and of telegram_api.tl through the arena parser must agree with
/// the both-mode reader (the values print the same).
#[test]
fn arena_mode_agrees_with_the_reader_on_other_schemas() {
    let ton = synthesise("../../schema/tlgen_test.tl", 1, 500);
    let n = all_agree(
        "tlgen_test.tl (arena)",
        &ton,
        validate_arena!(tlgen_test, tlgen_test_arena),
    );
    // Under `Boxing::Recursion` the classes with inline variants go through the dispatch of
    // arms, those whose variants are all boxed (and then `Object`, if it is) through rows.
    let recursion = all_agree(
        "tlgen_test.tl (arena, Boxing::Recursion)",
        &ton,
        validate_arena!(tlgen_test, tlgen_test_arena_recursion),
    );
    assert_eq!(recursion, n);
    let telegram = synthesise("../../../shared/schema/telegram_api.tl", 2, 500);
    let m = all_agree(
        "telegram_api.tl (arena)",
        &telegram,
        validate_arena!(telegram_api, telegram_api_arena),
    );
    println!(
        "arena mode: {n} tlgen_test.tl and {m} telegram_api.tl payloads agree with the reader"
    );
}

/// The owned pointer parser under `Boxing::Recursion`, where classes hold their constructors
/// inline: every synthesised payload of `rows.tl` (build.rs) must agree with the reader, and a
/// payload cut anywhere must be refused by both without a leak or a crash.
#[test]
fn owned_classes_under_recursion_agree_with_the_reader() {
    use rows_recursion::{Object, enums::Shape, types::ShapeLarge};
    use tlgen_runtime::parse::SLOT_MAX;
    // What the shared code then does besides its usual path: `Object` and `Shape` are larger
    // than a slot (the rows' slot is then a fixed one), and so is `shapeLarge`, inline in
    // `Shape` (made in a box, then moved into its variant).
    for (name, size) in [
        ("Object", size_of::<Object<'_>>()),
        ("Shape", size_of::<Shape<'_>>()),
        ("ShapeLarge", size_of::<ShapeLarge<'_>>()),
    ] {
        assert!(size > SLOT_MAX, "{name} is {size} bytes");
    }
    let path = concat!(env!("OUT_DIR"), "/recursion/rows.tl");
    let lines = synthesise(path, 3, 300);
    let n = all_agree(
        "rows.tl (Boxing::Recursion)",
        &lines,
        rows_recursion::validate,
    );
    for needle in [
        "\"shapeLarge\"",
        "\"shapeDot\"",
        "\"treeNode\"",
        "\"plainLarge\"",
    ] {
        assert!(lines.iter().any(|l| l.contains(needle)), "no {needle}");
    }
    let mut cut = 0;
    for line in &lines {
        for end in (1..line.len()).step_by(7) {
            let buffer = NulTerminated::from(&line.as_bytes()[..end]);
            assert!(rows_recursion::parse_received(buffer.cursor()).is_err());
            cut += 1;
        }
    }
    println!(
        "owned classes under Boxing::Recursion: {n} rows.tl payloads agree, {cut} cut ones refused"
    );
}

/// A document written as TON's configuration files are (`global.config.json`, read with
/// ton_api.tl): indented with tabs and spaces, objects without `@type` where the field names a
/// constructor, keys in another order than the schema's, 64-bit integers as JSON numbers, a key
/// the schema does not have. Both parsers read exactly these values, arena mode's too.
#[test]
fn ton_configuration_json_reads_as_written() {
    let text = "{\n\t\"@type\": \"config.sample\",\n\t\"liteservers\": [\n\t\t{\n\
        \t\t\t\"ip\": -1185526007,\n\t\t\t\"port\": 4701,\n\t\t\t\"id\": {\n\
        \t\t\t\t\"@type\": \"pub.ed25519\",\n\
        \t\t\t\t\"key\": \"AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=\"\n\t\t\t}\n\t\t}\n\t],\n\
        \t\"zero_state\": { \"workchain\": -1, \"shard\": -9223372036854775808, \"seqno\": 0,\n\
        \t  \"root_hash\": \"AQID\", \"file_hash\": \"BAUG\" },\n\
        \t\"dht\": { \"@type\": \"dht.config.global\", \"k\": 6, \"static_nodes\": { \"nodes\": [] } },\n\
        \t\"hardforks\": [\n\t\t{ \"file_hash\": \"BwgJ\", \"seqno\": 8536841, \"root_hash\": \"CgsM\",\n\
        \t\t  \"workchain\": -1, \"shard\": 9223372036854775807 }\n\t]\n}\n";
    let buffer = NulTerminated::from(text.as_bytes());
    let received = tlgen_test::parse_received(buffer.cursor()).unwrap();
    let tlgen_test::Object::ConfigSample(config) = &received.object else {
        panic!("not a config.sample: {:?}", received.object);
    };
    let server = &config.liteservers[..];
    assert_eq!(server.len(), 1);
    assert_eq!((server[0].ip, server[0].port), (-1_185_526_007, 4701));
    assert_eq!(server[0].id.key, (0..32).collect::<Vec<u8>>());
    let zero = &config.zero_state;
    assert_eq!((zero.workchain, zero.shard, zero.seqno), (-1, i64::MIN, 0));
    assert_eq!(
        (&zero.root_hash[..], &zero.file_hash[..]),
        (&[1, 2, 3][..], &[4, 5, 6][..])
    );
    let fork = &config.hardforks[..];
    assert_eq!(
        (fork.len(), fork[0].seqno, fork[0].shard),
        (1, 8_536_841, i64::MAX)
    );
    assert_eq!(
        (&fork[0].file_hash[..], &fork[0].root_hash[..]),
        (&[7, 8, 9][..], &[10, 11, 12][..])
    );
    let read: tlgen_test::Received = tlgen_runtime::reader::from_str(text).unwrap();
    assert_eq!(read, received);
    assert_eq!(tlgen_test::validate(text.as_bytes()), Verdict::Agree);
    assert_eq!(
        validate_arena!(tlgen_test, tlgen_test_arena)(text.as_bytes()),
        Verdict::Agree
    );
}
