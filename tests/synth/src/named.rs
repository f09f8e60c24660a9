//! Compositions of generated values: the named benchmark payloads (`corpus/named/*.json`) and
//! the escape corpus (`corpus/synthetic-escapes.jsonl`).
//!
//! Named payloads are picked among generated candidates by closeness to a target size (and a
//! predicate, e.g. "the message text has entities"), so their shape stays the generator's and
//! only the choice is tuned. The escape corpus places JSON string literals that TDLib never
//! writes (uppercase `\u` hex, `\/`, every control character as `\u00XX`, raw UTF-8) but any
//! JSON writer may, into string fields of realistic objects.

use super::json::{Value, escape};
use super::text::EMOJI;
use super::{Synth, SynthError};

/// One named payload: its file name under `corpus/named/` and its JSON text (one line,
/// without the final newline).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Named {
    pub file: &'static str,
    pub json: String,
}

/// Target sizes of the named payloads, in bytes.
pub const TARGETS: &[(&str, usize)] = &[
    ("updateUserStatus.json", 100),
    ("updateFile.json", 480),
    ("updateNewMessage.json", 1400),
    ("messages50.json", 68_000),
    ("updateOption_escapes.json", 1000),
];

/// The named payloads, in [`TARGETS`] order.
pub fn named_payloads(synth: &mut Synth) -> Result<Vec<Named>, SynthError> {
    let mut out = Vec::new();
    synth.clear_restrictions();

    let status = closest(synth, "updateUserStatus", 100, 300, |_| true)?;
    out.push(Named {
        file: "updateUserStatus.json",
        json: status.to_json(),
    });

    let file = closest(synth, "updateFile", 480, 300, |_| true)?;
    out.push(Named {
        file: "updateFile.json",
        json: file.to_json(),
    });

    synth.restrict("MessageContent", &["messageText"])?;
    let message = closest(synth, "updateNewMessage", 1400, 400, |v| {
        message_entities(v) > 0 && message_text(v).is_some_and(|t| t.len() > 40)
    })?;
    out.push(Named {
        file: "updateNewMessage.json",
        json: message.to_json(),
    });

    // 50 messages, texts alternately ASCII and not, sized to add up to ~68 KB.
    let target = 68_000usize;
    let mut messages = Vec::new();
    let mut used = 0usize;
    for i in 0..50usize {
        let left = 50 - i;
        let want = target.saturating_sub(used + 60) / left;
        let ascii = i % 2 == 0;
        let m = closest(synth, "message", want, 40, |v| {
            message_text(v).is_some_and(|t| !t.is_empty() && t.is_ascii() == ascii)
        })?;
        used += m.to_json().len() + 1;
        messages.push(m);
    }
    let mut list = closest(synth, "messages", 0, 1, |_| true)?;
    let total = synth.rng().range(50, 5_000);
    *list
        .field_mut("total_count")
        .ok_or_else(|| SynthError("`messages` has no field `total_count`".into()))? =
        Value::Int(total);
    *list
        .field_mut("messages")
        .ok_or_else(|| SynthError("`messages` has no field `messages`".into()))? =
        Value::Array(messages);
    out.push(Named {
        file: "messages50.json",
        json: list.to_json(),
    });

    synth.restrict("OptionValue", &["optionValueString"])?;
    let mut option = closest(synth, "updateOption", 0, 1, |_| true)?;
    if let Some(name) = option.field_mut("name") {
        *name = Value::String("synthetic_escapes".into());
    }
    let text = escape_heavy_text(synth, 900);
    let value = option
        .find_object_mut("optionValueString")
        .and_then(|o| o.field_mut("value"))
        .ok_or_else(|| SynthError("no optionValueString.value".into()))?;
    *value = Value::String(text);
    out.push(Named {
        file: "updateOption_escapes.json",
        json: option.to_json(),
    });

    synth.clear_restrictions();
    Ok(out)
}

/// Among `tries` generated values of `name` that satisfy `accept`, the one whose JSON size is
/// closest to `target` (the first accepted one if `target` is 0).
pub fn closest(
    synth: &mut Synth,
    name: &str,
    target: usize,
    tries: usize,
    accept: impl Fn(&Value) -> bool,
) -> Result<Value, SynthError> {
    let root = synth
        .resolve(name)
        .ok_or_else(|| SynthError(format!("`{name}` is not in the schema")))?;
    let mut best: Option<(usize, Value)> = None;
    let mut accepted = 0;
    for _ in 0..tries.max(1) * 50 {
        let value = synth.value_of(root, false)?;
        if !accept(&value) {
            continue;
        }
        let distance = value.to_json().len().abs_diff(target);
        if target == 0 || best.as_ref().is_none_or(|(d, _)| distance < *d) {
            best = Some((distance, value));
        }
        accepted += 1;
        if accepted >= tries || target == 0 {
            break;
        }
    }
    best.map(|(_, v)| v)
        .ok_or_else(|| SynthError(format!("no acceptable `{name}` generated")))
}

/// The text of the first `messageText` in `value`.
fn message_text(value: &Value) -> Option<&str> {
    let content = find(value, "messageText")?;
    match content.field("text")?.field("text")? {
        Value::String(s) => Some(s),
        _ => None,
    }
}

/// How many entities the first `messageText` in `value` has.
fn message_entities(value: &Value) -> usize {
    match find(value, "messageText")
        .and_then(|c| c.field("text"))
        .and_then(|t| t.field("entities"))
    {
        Some(Value::Array(items)) => items.len(),
        _ => 0,
    }
}

/// The first object of type `type_name` (depth first).
fn find<'v>(value: &'v Value, type_name: &str) -> Option<&'v Value> {
    if value.type_name() == Some(type_name) {
        return Some(value);
    }
    match value {
        Value::Object { fields, .. } => fields.iter().find_map(|(_, v)| find(v, type_name)),
        Value::Array(items) => items.iter().find_map(|v| find(v, type_name)),
        _ => None,
    }
}

/// A text of about `bytes` bytes once escaped, dense in everything TDLib escapes: quotes,
/// backslashes, short escapes, other control characters, non-ASCII in several scripts and
/// astral emoji (surrogate pairs).
pub fn escape_heavy_text(synth: &mut Synth, bytes: usize) -> String {
    const PIECES: &[&str] = &[
        "\"quoted\"",
        "back\\slash",
        "line\nbreak",
        "tab\there",
        "\r\n",
        "\u{8}\u{c}",
        "\u{1}\u{2}\u{1b}\u{1f}",
        "café",
        "Привет",
        "مرحبا",
        "你好",
        "/usr/bin/",
        "\u{7f}",
        "plain ascii",
        "€100",
        "\u{2028}",
    ];
    let mut text = String::new();
    while escape(&text).len() < bytes {
        if synth.rng().percent(25) {
            text.push_str(synth.rng().pick(EMOJI));
        } else {
            text.push_str(synth.rng().pick(PIECES));
        }
        text.push(' ');
    }
    text
}

/// JSON string literals (quotes included) for the escape corpus: `(label, literal)`.
pub fn escape_samples() -> Vec<(&'static str, String)> {
    let mut samples = Vec::new();
    samples.push((
        "short escapes",
        r#""quote \" backslash \\ slash / backspace \b formfeed \f newline \n return \r tab \t end""#
            .to_string(),
    ));
    let controls: String = (0..0x20u32).map(|c| format!("\\u{c:04x}")).collect();
    samples.push(("every C0 control as \\u00xx", format!("\"{controls}\"")));
    let upper: String = (0..0x20u32).map(|c| format!("\\u{c:04X}")).collect();
    samples.push((
        "uppercase hex escapes",
        format!(
            r#""caf\u00E9 \u00C9COLE \u042F\u0431\u043B\u043E\u043A\u043E \u00Ff \uD83D\uDC4D \uD83D\udc4d \ud83d\uDC4D {upper}""#
        ),
    ));
    samples.push((
        "escaped solidus",
        r#""https:\/\/t.me\/tdlib\/42 and 1\/2 \/""#.to_string(),
    ));
    let emoji: String = EMOJI.concat();
    samples.push((
        "astral characters as surrogate pairs",
        escape(&format!(
            "{emoji} 𠮷野家 𝄞 𩸽 \u{10000} \u{10FFFF} \u{1F600}\u{FE0F}"
        )),
    ));
    samples.push((
        "raw UTF-8",
        "\"café naïve Straße Привет مرحبا שלום 你好 こんにちは 안녕 👍 👨‍👩‍👧‍👦 🇺🇸 1️⃣ 𠮷 \u{7f} \u{2028}\u{2029} end\""
            .to_string(),
    ));
    samples.push((
        "BMP edges",
        r#""\u0080 \u00ff \u07ff \u0800 \ufeff \uffff \ufffd \u2028 \u2029 \ud7ff \ue000""#
            .to_string(),
    ));
    samples.push((
        "NUL inside",
        r#""before\u0000after \u0000\u0000 end""#.to_string(),
    ));
    samples.push(("empty", "\"\"".to_string()));
    samples.push((
        "only escapes",
        r#""\"\"\\\\\/\n\t\u00e9\ud83d\ude00""#.to_string(),
    ));
    let mixed: String = (0..200)
        .map(|i| match i % 8 {
            0 => "\\n",
            1 => "\\u00E9",
            2 => "é",
            3 => "\\/",
            4 => "\\ud83d\\udc4d",
            5 => "👍",
            6 => "\\\"",
            _ => "x",
        })
        .collect();
    samples.push(("long mixture", format!("\"{mixed}\"")));
    samples
}

/// Where an escape sample goes: generate `root` (with class restrictions), then replace the
/// field reached by `path` from the first object of type `object`.
struct Container {
    root: &'static str,
    restrict: &'static [(&'static str, &'static [&'static str])],
    object: &'static str,
    path: &'static [&'static str],
    /// Put the literal into a vector (with a plain string) instead of replacing a string.
    vector: bool,
}

const CONTAINERS: &[Container] = &[
    Container {
        root: "updateNewMessage",
        restrict: &[("MessageContent", &["messageText"])],
        object: "messageText",
        path: &["text", "text"],
        vector: false,
    },
    Container {
        root: "updateOption",
        restrict: &[("OptionValue", &["optionValueString"])],
        object: "optionValueString",
        path: &["value"],
        vector: false,
    },
    Container {
        root: "updateChatTitle",
        restrict: &[],
        object: "updateChatTitle",
        path: &["title"],
        vector: false,
    },
    Container {
        root: "updateUser",
        restrict: &[],
        object: "user",
        path: &["first_name"],
        vector: false,
    },
    Container {
        root: "updateNewMessage",
        restrict: &[("MessageContent", &["messagePhoto"])],
        object: "messagePhoto",
        path: &["caption", "text"],
        vector: false,
    },
    Container {
        root: "testVectorString",
        restrict: &[],
        object: "testVectorString",
        path: &["value"],
        vector: true,
    },
];

/// The escape corpus: every [`escape_samples`] literal in every container object.
pub fn escape_lines(synth: &mut Synth) -> Result<Vec<String>, SynthError> {
    let mut lines = Vec::new();
    for (_, literal) in escape_samples() {
        for container in CONTAINERS {
            synth.clear_restrictions();
            for (class, ctors) in container.restrict {
                synth.restrict(class, ctors)?;
            }
            let replacement = if container.vector {
                Value::Array(vec![
                    Value::String("plain".into()),
                    Value::Raw(literal.clone()),
                    Value::String("é👍".into()),
                ])
            } else {
                Value::Raw(literal.clone())
            };
            lines.push(place(synth, container, replacement)?);
        }
    }
    synth.clear_restrictions();
    Ok(lines)
}

fn place(synth: &mut Synth, c: &Container, replacement: Value) -> Result<String, SynthError> {
    let Some(root) = synth.resolve(c.root) else {
        return Err(SynthError(format!("`{}` is not in the schema", c.root)));
    };
    for _ in 0..500 {
        let mut value = synth.value_of(root, false)?;
        let mut slot = value.find_object_mut(c.object);
        for key in c.path {
            slot = slot.and_then(|v| v.field_mut(key));
        }
        if let Some(slot) = slot {
            *slot = replacement;
            return Ok(value.to_json());
        }
    }
    Err(SynthError(format!(
        "no `{}` with `{}.{}` generated",
        c.root,
        c.object,
        c.path.join(".")
    )))
}
