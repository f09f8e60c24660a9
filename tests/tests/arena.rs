//! Arena mode (`td_arena`, `tlgen --mode arena`) as a third parser: it agrees with the reader
//! on every corpus payload (the values print the same), fails cleanly without an arena, and
//! its views point into the input or the arena as documented.

use tlgen_runtime::arena::Bump;
use tlgen_runtime::pointer::{Cursor, ErrorKind, NulTerminated};
use tlgen_runtime::validate::Verdict;
use tlgen_tests::{
    Report, VECTOR_LENGTHS, is_null_entity, message_senders_document, repo_root, td_arena,
    text_entities_document, validate_arena,
};

/// The corpus's JSON-lines files, sorted.
fn corpus_files() -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(repo_root().join("corpus"))
        .unwrap()
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jsonl"))
        .collect();
    files.sort();
    files
}

/// Every corpus file through `report` (one payload per line); prints it and its first
/// disagreements, and asserts that there are none and that more than 2,000 payloads agreed.
fn check_corpus(what: &str, mut report: Report) {
    for file in corpus_files() {
        let bytes = std::fs::read(&file).unwrap();
        report.add_lines(&file.display().to_string(), &bytes);
    }
    println!("{what}: {report}");
    for (file, line, verdict) in report.disagreements.iter().take(10) {
        println!("  {file}:{line}: {verdict}");
    }
    assert!(report.agree > 2_000, "{} payloads agreed", report.agree);
    assert!(
        report.disagreements.is_empty(),
        "{} payloads differ",
        report.disagreements.len()
    );
}

#[test]
fn arena_parser_agrees_with_the_reader_on_every_corpus_payload() {
    check_corpus("arena vs reader", Report::arena());
}

/// `parse_document` (`ArenaDocument`: a document that owns a copy of its text and its arena)
/// gives what `parse_received` gives on every corpus payload, errors included (same offset and
/// kind), read after the input is gone (`validate_document`); it is `'static`, `Send` and
/// `Sync`.
#[test]
fn documents_equal_the_arena_parse_on_every_corpus_payload() {
    fn kept_and_shared<T: Send + Sync + 'static>() {}
    kept_and_shared::<td_arena::ArenaDocument>();
    check_corpus("arena documents vs arena parse", Report::document());
}

#[test]
fn views_borrow_the_input_and_decode_escapes_into_the_arena() {
    let input = NulTerminated::from(
        r#"{"@type":"updateChatTitle","chat_id":7,"title":"caf\u00e9 \ud83d\ude00","@client_id":1}"#,
    );
    let plain = NulTerminated::from(r#"{"@type":"error","code":400,"message":"plain"}"#);
    let arena = Bump::new();
    let parsed = td_arena::parse_received(&arena, input.cursor()).unwrap();
    let td_arena::Object::Update(td_arena::enums::Update::ChatTitle(update)) = parsed.object else {
        panic!("{:?}", parsed.object)
    };
    assert_eq!(update.chat_id, 7);
    assert_eq!(update.title, "café 😀");
    assert!(arena.allocated_bytes() > 0);
    let parsed = td_arena::parse_received(&arena, plain.cursor()).unwrap();
    let td_arena::Object::Error(error) = parsed.object else {
        panic!("{:?}", parsed.object)
    };
    // An escape-free string is the input's own bytes.
    let range = plain.as_bytes().as_ptr_range();
    assert!(range.contains(&error.message.as_ptr()));
    assert_eq!(error.message, "plain");
}

#[test]
fn vectors_bytes_and_nested_classes_land_in_the_arena() {
    let input = NulTerminated::from(
        r#"{"@type":"formattedText","text":"a b","entities":[{"@type":"textEntity","offset":0,"length":1,"type":{"@type":"textEntityTypeBold"}},{"@type":"textEntity","offset":2,"length":1,"type":{"@type":"textEntityTypeTextUrl","url":"x\/y"}}]}"#,
    );
    let arena = Bump::new();
    let parsed = td_arena::parse_received(&arena, input.cursor()).unwrap();
    let td_arena::Object::FormattedText(text) = parsed.object else {
        panic!("{:?}", parsed.object)
    };
    assert_eq!(text.entities.len(), 2);
    assert!(matches!(
        text.entities[0].r#type,
        td_arena::enums::TextEntityType::Bold(_)
    ));
    let td_arena::enums::TextEntityType::TextUrl(url) = text.entities[1].r#type else {
        panic!("{:?}", text.entities[1].r#type)
    };
    assert_eq!(url.url, "x/y");
    let bytes = NulTerminated::from(r#"{"@type":"testBytes","value":"AAEC/w=="}"#);
    let parsed = td_arena::parse_received(&arena, bytes.cursor()).unwrap();
    let td_arena::Object::TestBytes(value) = parsed.object else {
        panic!("{:?}", parsed.object)
    };
    assert_eq!(value.value, [0u8, 1, 2, 255]);
}

#[test]
fn arena_types_without_an_arena_are_an_error_not_a_panic() {
    let input = NulTerminated::from(r#"{"@type":"error","code":400,"message":"no arena"}"#);
    let result = tlgen_runtime::parse::parse_received::<td_arena::Object<'_>>(input.cursor());
    let error = result.unwrap_err();
    assert_eq!(error.kind(), ErrorKind::NoArena);
    // where the `error` object would be allocated: right after its `@type`
    assert_eq!(error.offset(), r#"{"@type":"error""#.len(), "{error}");
    // With an arena, the same bytes parse.
    let arena = Bump::new();
    let cursor = Cursor::from_bytes_with_nul(input.as_bytes_with_nul()).unwrap();
    assert!(td_arena::parse_received(&arena, cursor).is_ok());
}

#[test]
fn a_difference_between_the_arena_parser_and_the_reader_is_named() {
    use tlgen_runtime::validate::validate_views;
    use tlgen_tests::td;
    // The arena parser is handed another document than the reader's: the verdict must name
    // the field that differs (what a bug in arena mode would look like).
    let buffer = NulTerminated::from(r#"{"@type":"error","code":400,"message":"a"}"#);
    let other = NulTerminated::from(r#"{"@type":"error","code":401,"message":"a"}"#);
    let arena = Bump::new();
    let verdict = validate_views::<td::Object<'_>, td_arena::Object<'_>>(&buffer, |_| {
        td_arena::parse_received(&arena, other.cursor())
    });
    match verdict {
        Verdict::Disagree {
            path,
            reader,
            pointer,
        } => {
            assert!(path.contains("code"), "{path}");
            assert!(
                reader.contains("400") && pointer.contains("401"),
                "{reader} {pointer}"
            );
        }
        other => panic!("{other}"),
    }
    // and one that rejects where the reader accepts
    let bad = NulTerminated::from(r#"{"@type":"error","code":"x"}"#);
    let verdict = validate_views::<td::Object<'_>, td_arena::Object<'_>>(&buffer, |_| {
        td_arena::parse_received(&arena, bad.cursor())
    });
    assert!(
        matches!(verdict, Verdict::PointerRejected { .. }),
        "{verdict}"
    );
}

/// `@extra` is its text, verbatim, borrowed from the input in both storage modes (no copy, no
/// allocation, whatever its shape), and the same value as the reader's compact text.
#[test]
fn extra_is_the_inputs_text_in_both_modes() {
    use std::borrow::Cow;
    let value = r#"{ "id" : 7, "tags" : ["a", "b\u00e9"], "n\"k" : null }"#;
    let text = format!(r#"{{"@type":"ok","@extra": {value} ,"@client_id":3}}"#);
    let input = NulTerminated::from(text.as_str());
    let arena = Bump::new();
    let received = td_arena::parse_received(&arena, input.cursor()).unwrap();
    let owned = tlgen_tests::td::parse_received(input.cursor()).unwrap();
    let read: tlgen_tests::td::Received<'_> = tlgen_runtime::reader::from_str(&text).unwrap();
    let extra = received.extra.expect("@extra");
    assert_eq!(extra.get(), value);
    let start = text.find(value).unwrap();
    let buffer = input.as_bytes();
    assert!(core::ptr::eq(
        extra.get().as_ptr(),
        buffer[start..].as_ptr()
    ));
    let Some(Cow::Borrowed(pointer_extra)) = owned.extra else {
        panic!("{:?}", owned.extra)
    };
    assert!(core::ptr::eq(pointer_extra, extra));
    assert_eq!(received.client_id, Some(3));
    // the reader writes the value back compact; all three are the same value
    let Some(Cow::Owned(reader_extra)) = &read.extra else {
        panic!("{:?}", read.extra)
    };
    assert_eq!(
        reader_extra.get(),
        r#"{"id":7,"tags":["a","bé"],"n\"k":null}"#
    );
    assert_eq!(&**reader_extra, extra);
    let tlgen_runtime::JsonValue::Object(members) = extra.to_value().unwrap() else {
        panic!("{extra:?}")
    };
    assert_eq!(members[2].0, "n\"k");
}

/// Vectors of constructors and of classes go through one loop shared by every element type
/// (`parse_elements`, growing its arena room 4, 8, 16, ...): every length around those steps,
/// `null` elements among them, each agreeing with the reader and in input order.
#[test]
fn vectors_of_constructors_and_classes_of_every_length_agree_with_the_reader() {
    let arena = Bump::new();
    for n in VECTOR_LENGTHS {
        let doc = text_entities_document(n);
        let verdict = validate_arena(doc.as_bytes());
        assert!(matches!(verdict, Verdict::Agree), "{verdict} {doc}");
        let input = NulTerminated::from(doc.as_str());
        let parsed = td_arena::parse_received(&arena, input.cursor()).unwrap();
        let td_arena::Object::TextEntities(list) = parsed.object else {
            panic!("{:?}", parsed.object)
        };
        let offsets: Vec<i32> = list.entities.iter().map(|e| e.offset).collect();
        let expected: Vec<i32> = (0..n)
            .map(|i| if is_null_entity(i) { 0 } else { i as i32 })
            .collect();
        assert_eq!(offsets, expected, "{doc}");

        let doc = message_senders_document(n);
        let verdict = validate_arena(doc.as_bytes());
        assert!(matches!(verdict, Verdict::Agree), "{verdict} {doc}");
        let input = NulTerminated::from(doc.as_str());
        let parsed = td_arena::parse_received(&arena, input.cursor()).unwrap();
        let td_arena::Object::MessageSenders(list) = parsed.object else {
            panic!("{:?}", parsed.object)
        };
        let ids: Vec<i64> = list
            .senders
            .iter()
            .map(|s| match s {
                td_arena::enums::MessageSender::User(u) => u.user_id,
                td_arena::enums::MessageSender::Chat(c) => -c.chat_id,
                other => panic!("{other:?}"),
            })
            .collect();
        let expected: Vec<i64> = (0..n as i64)
            .map(|i| if i % 2 == 0 { i } else { -i })
            .collect();
        assert_eq!(ids, expected, "{doc}");
    }
    // an element that fails stops the vector with the element's error, at its byte
    let doc = r#"{"@type":"textEntities","entities":[{"@type":"textEntity","offset":1},{"@type":"textEntity","offset":"x"}]}"#;
    let input = NulTerminated::from(doc);
    let error = td_arena::parse_received(&arena, input.cursor()).unwrap_err();
    assert_eq!(error.offset(), doc.find(r#""x""#).unwrap(), "{error}");
}
