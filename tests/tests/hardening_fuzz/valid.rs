//! Valid rewrites of corpus payloads: these must give `Agree`.

use super::*;

// ---------------------------------------------------------------------------------------------
// Valid rewrites

pub(crate) struct Context {
    pub(crate) sources: Vec<Source>,
    pub(crate) valid: Vec<usize>,
    pub(crate) with_tree: Vec<usize>,
    pub(crate) type_names: Vec<String>,
    pub(crate) forged: Vec<String>,
    /// Every field name of every constructor of the schema (td_api.tl), so that "unknown" keys
    /// derived from real ones are really unknown.
    pub(crate) field_names: BTreeSet<String>,
}

/// The field names of every constructor in td_api.tl (`TLGEN_SCHEMA`, else
/// `../shared/schema/td_api.tl`, as the td-api crate's build script reads it). Empty if the
/// schema cannot be read: then no key is derived by truncation.
pub(crate) fn schema_field_names() -> BTreeSet<String> {
    let path = std::env::var("TLGEN_SCHEMA")
        .map(PathBuf::from)
        .unwrap_or_else(|_| repo_root().join("../shared/schema/td_api.tl"));
    let text = std::fs::read_to_string(path).unwrap_or_default();
    text.lines()
        .filter(|l| !l.trim_start().starts_with("//") && l.contains(" = "))
        .flat_map(|l| l.split_whitespace().skip(1))
        .filter_map(|token| token.split_once(':').map(|(name, _)| name.to_string()))
        .collect()
}

/// A key derived from `key` that is no field of a TDLib constructor: truncated (often a prefix
/// of a real field name) or extended with characters TDLib never uses in names.
pub(crate) fn derived_key(key: &[u8], rng: &mut Rng, field_names: &BTreeSet<String>) -> Vec<u8> {
    let mut k: Vec<char> = decode_body(key).unwrap_or_default().chars().collect();
    match rng.below(4) {
        0 if k.len() > 1 && !field_names.is_empty() => {
            k.truncate(1 + rng.below(k.len() - 1));
        }
        1 => k.push(*rng.pick(&['X', 'Y', 'Z', '~'])),
        2 => k.insert(0, '_'),
        _ => k = format!("unknown{}", rng.below(100)).chars().collect(),
    }
    let mut k: String = k.into_iter().collect();
    if matches!(k.as_str(), "" | "@type" | "@extra" | "@client_id") || field_names.contains(&k) {
        k.push('X');
    }
    encode_body(&k)
}

pub(crate) fn valid_case(ctx: &Context, rng: &mut Rng) -> Vec<u8> {
    let source = &ctx.sources[*rng.pick(&ctx.valid)];
    let Some(tree) = &source.tree else {
        return source.bytes.clone();
    };
    if rng.chance(10) {
        return source.bytes.clone();
    }
    let mut tree = tree.clone();
    // members reordered (not where a duplicate key would change which one wins)
    if rng.chance(40) {
        for_each_object(&mut tree, &mut |members| {
            if rng.chance(50) && !has_duplicate_keys(members) {
                for i in (1..members.len()).rev() {
                    members.swap(i, rng.below(i + 1));
                }
            }
        });
    }
    // strings and keys partly escaped
    if rng.chance(40) {
        let percent = 1 + rng.below(30) as u64;
        fn go(j: &mut J, rng: &mut Rng, percent: u64) {
            match j {
                J::Str(body) if rng.chance(30) => *body = escape_some(body, rng, percent),
                J::Arr(items) => items.iter_mut().for_each(|i| go(i, rng, percent)),
                J::Obj(members) => {
                    for (k, v) in members {
                        if rng.chance(15) {
                            *k = escape_some(k, rng, percent);
                        }
                        go(v, rng, percent);
                    }
                }
                _ => {}
            }
        }
        go(&mut tree, rng, percent);
    }
    // unknown keys and later duplicates, with arbitrary values
    if rng.chance(40) {
        for _ in 0..1 + rng.below(3) {
            if let Some(J::Obj(members)) = random_where(&mut tree, rng, &is_obj) {
                let value = random_value(rng, 0);
                if !members.is_empty() && rng.chance(50) {
                    let (key, _) = &members[rng.below(members.len())];
                    let key = key.clone();
                    members.push((key, value)); // after the original: skipped
                } else {
                    let base = members
                        .get(rng.below(members.len().max(1)))
                        .map_or(b"field".to_vec(), |(k, _)| k.clone());
                    let key = derived_key(&base, rng, &ctx.field_names);
                    // (a derived key that names a field present here goes after it: skipped)
                    let decoded = decode_body(&key);
                    let at = if members.iter().any(|(k, _)| decode_body(k) == decoded) {
                        members.len()
                    } else {
                        rng.below(members.len() + 1)
                    };
                    members.insert(at, (key, value));
                }
            }
        }
    }
    // a field set to null (null = absent), not `@type`
    if rng.chance(20) {
        if let Some(J::Obj(members)) = random_where(&mut tree, rng, &is_obj) {
            let index = rng.below(members.len().max(1));
            if let Some((k, v)) = members.get_mut(index) {
                if !key_is(k, "@type") {
                    *v = J::Null;
                }
            }
        }
    }
    // the envelope
    if rng.chance(25) {
        if let J::Obj(members) = &mut tree {
            members.retain(|(k, _)| !key_is(k, "@extra") && !key_is(k, "@client_id"));
            let at = rng.below(members.len() + 1);
            members.insert(at, (b"@extra".to_vec(), random_value(rng, 0)));
            if rng.chance(50) {
                let id = (rng.next() as i32).to_string().into_bytes();
                let at = rng.below(members.len() + 1);
                members.insert(at, (b"@client_id".to_vec(), J::Num(id)));
            }
        }
    }
    let ws = if rng.chance(40) {
        1 + rng.below(40) as u64
    } else {
        0
    };
    to_bytes(&tree, rng, ws)
}
