//! Pruning keeps unknown-type handling correct: in td_api pruned to two update constructors
//! (crate `tlgen-td-api-pruned`), every other constructor parses as `Unknown`, never as an
//! error, and both parsers still agree on the whole corpus. The crate has serializers only for
//! what its requests carry (`Serializers::Requests`).

use tlgen_runtime::pointer::NulTerminated;
use tlgen_td_api_pruned as pruned;

#[test]
fn pruned_constructors_parse_as_unknown() {
    // updateOption is not kept (the class `Update` is, as a container of the kept updates).
    let text = r#"{"@type":"updateOption","name":"version","value":{"@type":"optionValueString","value":"1.8.65"},"@client_id":1}"#;
    let reader: pruned::Received = tlgen_runtime::reader::from_str(text).unwrap();
    let pruned::Object::Unknown(unknown) = &reader.object else {
        panic!("expected Object::Unknown, got {:?}", reader.object)
    };
    assert_eq!(unknown.type_name, "updateOption");
    assert_eq!(reader.client_id, Some(1));
    let buffer = NulTerminated::from(text);
    let pointer = pruned::parse_received(buffer.cursor()).unwrap();
    assert_eq!(reader, pointer);

    // A type outside every kept class: unknown at the top level.
    let text = r#"{"@type":"countryInfo","country_code":"FR","name":"France","english_name":"France","is_hidden":false,"calling_codes":["33"]}"#;
    let reader: pruned::Received = tlgen_runtime::reader::from_str(text).unwrap();
    assert!(matches!(&reader.object, pruned::Object::Unknown(u) if u.type_name == "countryInfo"));
}

#[test]
fn kept_constructors_parse_fully() {
    let text = r#"{"@type":"updateAuthorizationState","authorization_state":{"@type":"authorizationStateWaitTdlibParameters"}}"#;
    let reader: pruned::Received = tlgen_runtime::reader::from_str(text).unwrap();
    let pruned::Object::Update(pruned::enums::Update::AuthorizationState(update)) = &reader.object
    else {
        panic!("expected updateAuthorizationState, got {:?}", reader.object)
    };
    assert!(matches!(
        update.authorization_state,
        pruned::enums::AuthorizationState::WaitTdlibParameters(_)
    ));
}

#[test]
fn pruned_parsers_agree_on_the_corpus() {
    let root = tlgen_tests::repo_root().join("corpus");
    let mut payloads = 0;
    for name in [
        "tdjson-1.8.65.jsonl",
        "tdjson-1.8.67.jsonl",
        "tdjson-1.8.65-params.jsonl",
    ] {
        let text = std::fs::read_to_string(root.join(name)).unwrap();
        for (index, line) in text.lines().enumerate() {
            let verdict = pruned::validate(line.as_bytes());
            assert_eq!(
                verdict,
                tlgen_runtime::validate::Verdict::Agree,
                "{name}:{}",
                index + 1
            );
            payloads += 1;
        }
    }
    println!("pruned parsers agree on {payloads} payloads");
}

#[test]
fn requests_serialize_as_tdlib_json() {
    let request = pruned::functions::GetOption {
        name: "version".into(),
    };
    let mut buffer = Vec::new();
    tlgen_runtime::function::write_request(&mut buffer, &request, Some(7)).unwrap();
    assert_eq!(
        std::str::from_utf8(&buffer).unwrap().trim_end_matches('\0'),
        r#"{"@type":"getOption","name":"version","@extra":7}"#
    );
}

#[test]
fn debug_differences_are_named_by_field_path() {
    // What `validate()` reports in this crate when the parsers disagree: the path comes from
    // the generated types' `{:#?}` output.
    let path = tlgen_tests::repo_root().join("corpus/named/updateNewMessage.json");
    let text = std::fs::read_to_string(path).unwrap();
    let buffer = NulTerminated::from(text.trim_end());
    let reader = pruned::parse_received(buffer.cursor()).unwrap();
    let mut pointer = reader.clone();
    let pruned::Object::Update(pruned::enums::Update::NewMessage(update)) = &mut pointer.object
    else {
        panic!("expected updateNewMessage, got {:?}", pointer.object)
    };
    update.message.chat_id += 1;
    let (path, r, p) = tlgen_runtime::validate::debug_diff::first_difference(
        &format!("{reader:#?}"),
        &format!("{pointer:#?}"),
    )
    .unwrap();
    assert_eq!(path, "object.message.chat_id");
    assert_eq!(p.parse::<i64>().unwrap(), r.parse::<i64>().unwrap() + 1);

    // Deeper: through a class variant and a list.
    let mut pointer = reader.clone();
    let pruned::Object::Update(pruned::enums::Update::NewMessage(update)) = &mut pointer.object
    else {
        unreachable!()
    };
    let pruned::enums::MessageContent::MessageText(content) = &mut update.message.content else {
        panic!("expected messageText, got {:?}", update.message.content)
    };
    content.text.entities[0].length += 1;
    let (path, _, _) = tlgen_runtime::validate::debug_diff::first_difference(
        &format!("{reader:#?}"),
        &format!("{pointer:#?}"),
    )
    .unwrap();
    assert_eq!(path, "object.message.content.text.entities[0].length");
}
