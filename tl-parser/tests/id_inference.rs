//! The id TL infers for a declaration without `#id` (CRC32 of the normalised declaration)
//! reproduces every explicit id of telegram_api.tl, mtproto_api.tl and secret_api.tl, except
//! for ids that Telegram knowingly did not compute from the declaration as written. Each
//! exception is explained below and the explanation is itself checked:
//!
//! * secret_api.tl, 14 layer-suffixed constructors (`decryptedMessage8`, `...23`, `...45`,
//!   `...46`): the id is that of the name without the layer number (`decryptedMessage ...`).
//! * telegram_api.tl `inputPeerPhotoFileLocationLegacy`, `inputStickerSetThumbLegacy`: renamed;
//!   the id is that of the old name without `Legacy`.
//! * telegram_api.tl `invokeWith{BusinessConnection,GooglePlayIntegrity,ApnsSecret,ReCaptcha}Prefix`:
//!   they describe the prefix of the generic `invokeWith...` function and share its id.
//! * mtproto_api.tl `gzip_packed`: the id of `gzip_packed packed_data:string = Object`.
//! * telegram_api.tl `ipPortSecret`, secret_api.tl `decryptedMessageMediaDocument` (layer 143):
//!   computed without the `bytes`→`string` normalisation (`secret:bytes` kept).
//! * telegram_api.tl `accessPointRule`, `help.configSimple`: no variant of the declaration we
//!   tried (bytes/string, vector/Vector/%, namespaces) reproduces them; other TL tools list
//!   the same two as id exceptions.

mod common;

use tl_parser::{Definition, ParameterType, Schema, infer_id, normal_form};

/// Why an explicit id differs from the inferred one, if a known reason explains it.
fn explain(schema: &Schema, d: &Definition) -> Option<&'static str> {
    let crc = |text: String| crc32fast::hash(text.as_bytes());
    let form = normal_form(d);
    let name = d.full_name();
    let unsuffixed = name.trim_end_matches(|c: char| c.is_ascii_digit());
    if unsuffixed != name && crc(form.replacen(&name, unsuffixed, 1)) == d.id {
        return Some("layer suffix");
    }
    if let Some(old) = name.strip_suffix("Legacy") {
        if crc(form.replacen(&name, old, 1)) == d.id {
            return Some("renamed");
        }
    }
    if let Some(generic) = name.strip_suffix("Prefix") {
        let same = schema.definitions.iter().find(|g| g.full_name() == generic);
        if same.is_some_and(|g| g.id == d.id && infer_id(g) == g.id) {
            return Some("prefix of a generic function");
        }
    }
    if let Some(head) = form.strip_suffix(&format!(" = {}", d.ty)) {
        if crc(format!("{head} = Object")) == d.id {
            return Some("result type Object");
        }
    }
    let mut bytes_kept = form.clone();
    for p in &d.params {
        if let ParameterType::Normal { ty, flag } = &p.ty {
            if ty.to_string() == "bytes" {
                let flag = flag.as_ref().map(|f| format!("{f}?")).unwrap_or_default();
                let written = format!(" {}:{flag}string", p.name);
                bytes_kept = bytes_kept.replacen(&written, &written.replace("string", "bytes"), 1);
            }
        }
    }
    if crc(bytes_kept) == d.id {
        return Some("bytes not normalised");
    }
    None
}

struct Tally {
    explicit: usize,
    agree: usize,
    explained: Vec<(String, &'static str)>,
    unexplained: Vec<String>,
}

fn tally(file: &str) -> Tally {
    let schema = common::parse_schema(file);
    let mut t = Tally {
        explicit: 0,
        agree: 0,
        explained: Vec::new(),
        unexplained: Vec::new(),
    };
    for d in schema
        .definitions
        .iter()
        .filter(|d| d.explicit_id && !d.is_builtin())
    {
        t.explicit += 1;
        if infer_id(d) == d.id {
            t.agree += 1;
        } else if let Some(reason) = explain(&schema, d) {
            t.explained.push((d.full_name(), reason));
        } else {
            t.unexplained.push(d.full_name());
        }
    }
    t
}

#[test]
fn telegram_api() {
    let t = tally("telegram_api.tl");
    assert_eq!((t.explicit, t.agree), (2416, 2407));
    let reasons: Vec<_> = t
        .explained
        .iter()
        .map(|(n, r)| format!("{n}: {r}"))
        .collect();
    assert_eq!(
        reasons,
        [
            "ipPortSecret: bytes not normalised",
            "inputPeerPhotoFileLocationLegacy: renamed",
            "inputStickerSetThumbLegacy: renamed",
            "invokeWithBusinessConnectionPrefix: prefix of a generic function",
            "invokeWithGooglePlayIntegrityPrefix: prefix of a generic function",
            "invokeWithApnsSecretPrefix: prefix of a generic function",
            "invokeWithReCaptchaPrefix: prefix of a generic function",
        ]
    );
    assert_eq!(t.unexplained, ["accessPointRule", "help.configSimple"]);
}

#[test]
fn mtproto_api() {
    let t = tally("mtproto_api.tl");
    assert_eq!((t.explicit, t.agree), (39, 38));
    assert_eq!(
        t.explained,
        [("gzip_packed".to_owned(), "result type Object")]
    );
    assert!(t.unexplained.is_empty());
}

#[test]
fn secret_api() {
    let t = tally("secret_api.tl");
    assert_eq!((t.explicit, t.agree), (86, 71));
    let layered = t
        .explained
        .iter()
        .filter(|(_, r)| *r == "layer suffix")
        .count();
    assert_eq!(layered, 14);
    assert!(t.explained.contains(&(
        "decryptedMessageMediaDocument".to_owned(),
        "bytes not normalised"
    )));
    assert_eq!(t.explained.len(), 15);
    assert!(t.unexplained.is_empty());
}

/// The explicit ids of builtins and e2e_api.tl agree too; schemas without ids get inferred ones.
#[test]
fn builtins_e2e_and_inferred() {
    for file in ["telegram_api.tl", "e2e_api.tl"] {
        let schema = common::parse_schema(file);
        for d in schema.definitions.iter().filter(|d| d.explicit_id) {
            if d.is_builtin() || file == "e2e_api.tl" {
                assert_eq!(infer_id(d), d.id, "{d}");
            }
        }
    }
    let td = common::parse_schema("td_api.tl");
    assert!(
        td.definitions
            .iter()
            .all(|d| !d.explicit_id && d.id == infer_id(d))
    );
    let ok = td.definitions.iter().find(|d| d.name == "ok").expect("ok");
    assert_eq!(ok.id, 0xd4edbe69, "TDLib's id of `ok`");
    let error = td
        .definitions
        .iter()
        .find(|d| d.name == "error")
        .expect("error");
    assert_eq!(error.id, 0x9bdd8f1a, "TDLib's id of `error`");
}

#[test]
fn normal_form_rules() {
    let d: Definition =
        "a.b#1 {X:Type} f:# t:f.0?true x:flags.1?bytes y:bytes v:Vector<bytes> q:!X %m:%M = a.R;"
            .replace("%m", "m")
            .parse()
            .expect("parses");
    assert_eq!(
        normal_form(&d),
        "a.b X:Type f:# x:flags.1?string y:string v:Vector bytes q:!X m:%M = a.R"
    );
}
