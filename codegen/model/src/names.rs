//! Turning TL names into Rust names: `UpperCamel` types, `snake_case` fields, keywords escaped,
//! prelude names avoided.

/// Rust keywords (all editions) that can be used as raw identifiers (`r#type`).
const RAW_KEYWORDS: &[&str] = &[
    "as", "async", "await", "break", "const", "continue", "dyn", "else", "enum", "extern", "false",
    "fn", "for", "gen", "if", "impl", "in", "let", "loop", "match", "mod", "move", "mut", "pub",
    "ref", "return", "static", "struct", "trait", "true", "type", "unsafe", "use", "where",
    "while", "abstract", "become", "box", "do", "final", "macro", "override", "priv", "try",
    "typeof", "unsized", "virtual", "yield",
];

/// Keywords that cannot be raw identifiers: they get a trailing `_`.
const NON_RAW_KEYWORDS: &[&str] = &["self", "Self", "super", "crate", "_"];

/// Names from the Rust prelude (and a few std names every program uses). A generated type with
/// one of these names would shadow the prelude after `use generated::types::*`, so such types get
/// the suffix `Object` (`ok` becomes `OkObject`).
const PRELUDE_NAMES: &[&str] = &[
    "Ok",
    "Err",
    "Some",
    "None",
    "Option",
    "Result",
    "Box",
    "Vec",
    "String",
    "ToString",
    "ToOwned",
    "Clone",
    "Copy",
    "Default",
    "Drop",
    "Eq",
    "PartialEq",
    "Ord",
    "PartialOrd",
    "Fn",
    "FnMut",
    "FnOnce",
    "Iterator",
    "IntoIterator",
    "Extend",
    "Send",
    "Sync",
    "Sized",
    "Unpin",
    "Into",
    "From",
    "TryFrom",
    "TryInto",
    "AsRef",
    "AsMut",
    "DoubleEndedIterator",
    "ExactSizeIterator",
    "Debug",
    "Hash",
    "Cow",
    "Self",
];

/// `updateNewMessage` → `UpdateNewMessage`, `auth.sentCode` → `AuthSentCode`,
/// `p_q_inner_data_dc` → `PQInnerDataDc`.
pub fn upper_camel(tl_name: &str) -> String {
    let mut out = String::with_capacity(tl_name.len());
    let mut upper_next = true;
    for ch in tl_name.chars() {
        if ch == '.' || ch == '_' || ch == '%' {
            upper_next = true;
            continue;
        }
        if upper_next {
            out.extend(ch.to_uppercase());
            upper_next = false;
        } else {
            out.push(ch);
        }
    }
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, 'T');
    }
    out
}

/// A type name that does not shadow the prelude.
pub fn type_name(tl_name: &str) -> String {
    let name = upper_camel(tl_name);
    if PRELUDE_NAMES.contains(&name.as_str()) {
        format!("{name}Object")
    } else {
        name
    }
}

/// `signed_A` → `signed_a`, `firstName` → `first_name`; keywords escaped (`r#type`, `self_`).
pub fn field_name(tl_name: &str) -> String {
    let mut out = String::with_capacity(tl_name.len() + 4);
    let mut prev_lower = false;
    for ch in tl_name.chars() {
        if ch.is_ascii_uppercase() {
            if prev_lower {
                out.push('_');
            }
            out.push(ch.to_ascii_lowercase());
            prev_lower = false;
        } else if ch.is_ascii_alphanumeric() || ch == '_' {
            out.push(ch);
            prev_lower = ch.is_ascii_lowercase() || ch.is_ascii_digit();
        } else {
            out.push('_');
            prev_lower = false;
        }
    }
    if out.is_empty() || out.starts_with(|c: char| c.is_ascii_digit()) {
        out.insert(0, '_');
    }
    escape_keyword(out)
}

fn escape_keyword(name: String) -> String {
    if NON_RAW_KEYWORDS.contains(&name.as_str()) {
        format!("{name}_")
    } else if RAW_KEYWORDS.contains(&name.as_str()) {
        format!("r#{name}")
    } else {
        name
    }
}

/// The variant name of a constructor inside its class enum: the class name is dropped when the
/// constructor name starts with it (`authorizationStateReady` in `AuthorizationState` → `Ready`).
/// Returns `None` when stripping leaves nothing usable; the caller then uses the full name (so
/// does it for `Self`, a keyword that cannot be a variant: `inputPeerSelf` in `InputPeer`).
pub fn stripped_variant(class: &str, constructor: &str) -> Option<String> {
    let class = upper_camel(class);
    let ctor = upper_camel(constructor);
    let rest = ctor.strip_prefix(&class)?;
    let first = rest.chars().next()?;
    (first.is_ascii_uppercase() && rest != "Self").then(|| rest.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn converts_names() {
        assert_eq!(upper_camel("updateNewMessage"), "UpdateNewMessage");
        assert_eq!(upper_camel("auth.sentCode"), "AuthSentCode");
        assert_eq!(upper_camel("p_q_inner_data_dc"), "PQInnerDataDc");
        assert_eq!(type_name("ok"), "OkObject");
        assert_eq!(type_name("error"), "Error");
        assert_eq!(field_name("type"), "r#type");
        assert_eq!(field_name("self"), "self_");
        assert_eq!(field_name("signed_A"), "signed_a");
        assert_eq!(field_name("A"), "a");
        assert_eq!(field_name("firstName"), "first_name");
        assert_eq!(field_name("is_pinned"), "is_pinned");
        assert_eq!(
            stripped_variant("AuthorizationState", "authorizationStateReady").as_deref(),
            Some("Ready")
        );
        assert_eq!(stripped_variant("Update", "updates"), None);
        assert_eq!(stripped_variant("User", "user"), None);
        assert_eq!(stripped_variant("InputPeer", "inputPeerSelf"), None);
    }
}
