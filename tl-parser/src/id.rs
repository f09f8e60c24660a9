//! The constructor id TL infers when a declaration has no `#id`: the CRC32 of its normalised
//! text, as Telegram's TL compiler (and grammers-tl-parser) compute it.
//!
//! The normal form is built from the model, which is equivalent to normalising the source
//! text: the name without `#id`; `{X:Type}` as `X:Type`; `name:flags.N?true` parameters
//! dropped; a parameter whose whole type is `bytes` written `string` (`:bytes`, `?bytes`;
//! `Vector<bytes>` stays); `Vector<T>` written `Vector T`; single spaces; ` = Result`; no `;`.
//! Builtin text (`{t:Type} # [ t ]`) is kept with `{`, `}`, `<`, `>` removed the same way.

use crate::model::{Definition, ParameterType, Type};

/// The id inferred for `definition` (ignoring any explicit id it has).
pub fn infer_id(definition: &Definition) -> u32 {
    crc32fast::hash(normal_form(definition).as_bytes())
}

/// The normalised declaration text whose CRC32 is the inferred id, e.g.
/// `invokeAfterMsg X:Type msg_id:long query:!X = X`.
pub fn normal_form(definition: &Definition) -> String {
    let mut out = definition.full_name();
    for type_param in &definition.type_params {
        out.push(' ');
        out.push_str(&type_param.name);
        out.push(':');
        write_type(&mut out, &type_param.ty);
    }
    if let Some(builtin) = &definition.builtin {
        let text = builtin.replace('<', " ").replace(['>', '{', '}'], "");
        for token in text.split_whitespace() {
            out.push(' ');
            out.push_str(token);
        }
    }
    for param in &definition.params {
        match &param.ty {
            ParameterType::Flags => {
                out.push(' ');
                out.push_str(&param.name);
                out.push_str(":#");
            }
            ParameterType::Normal { ty, flag } => {
                if flag.is_some() && is_plain(ty, "true") {
                    continue;
                }
                out.push(' ');
                out.push_str(&param.name);
                out.push(':');
                if let Some(flag) = flag {
                    out.push_str(&format!("{}.{}?", flag.name, flag.index));
                }
                if is_plain(ty, "bytes") {
                    out.push_str("string");
                } else {
                    write_type(&mut out, ty);
                }
            }
        }
    }
    out.push_str(" = ");
    write_type(&mut out, &definition.ty);
    out
}

/// `ty` is the unqualified, non-generic `name`.
fn is_plain(ty: &Type, name: &str) -> bool {
    ty.namespace.is_empty() && ty.generic_arg.is_none() && !ty.generic_ref && ty.name == name
}

fn write_type(out: &mut String, ty: &Type) {
    if ty.generic_ref {
        out.push('!');
    } else if ty.bare && ty.name.starts_with(|c: char| c.is_ascii_uppercase()) {
        out.push('%');
    }
    out.push_str(&ty.full_name());
    if let Some(arg) = &ty.generic_arg {
        out.push(' ');
        write_type(out, arg);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_ids() {
        let cases = [
            (
                "resPQ#05162463 nonce:int128 server_nonce:int128 pq:string server_public_key_fingerprints:Vector<long> = ResPQ;",
                0x05162463,
            ),
            ("vector#1cb5c415 {t:Type} # [ t ] = Vector t;", 0x1cb5c415),
            ("boolFalse#bc799737 = Bool;", 0xbc799737),
        ];
        for (text, id) in cases {
            let definition: Definition = text.parse().expect(text);
            assert_eq!(infer_id(&definition), id, "{}", normal_form(&definition));
        }
    }
}
