//! `Schema::summary()` of every shared schema against numbers computed independently of the
//! parser, with awk on the schema files:
//!
//! ```sh
//! cat > /tmp/count.awk <<'AWK'
//! /^---/ { sec = ($0 ~ /functions/) ? "f" : "t"; next }
//! /^[ \t]*\/\// || /^[ \t]*$/ { next }
//! {
//!   line=$0; sub(/;.*/, "", line)
//!   split(line, lr, "=")
//!   res=lr[2]; gsub(/^ +| +$/, "", res)
//!   lhs=lr[1]; gsub(/^ +| +$/, "", lhs)
//!   n=split(lhs, toks, " ")
//!   builtin = (lhs ~ / \?$/ || lhs ~ /\[/ || (n==1 && res ~ /^(Int|Long|Double|String|Bytes|Int32|Int53|Int64|Int128|Int256|Bool)$/))
//!   if (sec=="f") { f++; next }
//!   if (builtin) { b++; next }
//!   c++; cnt[res]++
//! }
//! END { t=0; k=0; for (r in cnt) { t++; if (cnt[r]>1) k++ };
//!       printf "constructors %d, functions %d, classes %d, types %d (builtins %d)\n", c, f, k, t, b }
//! AWK
//! for f in /work/shared/schema/*.tl; do echo -n "$f: "; awk -f /tmp/count.awk $f; done
//! ```
//!
//! (Every declaration of these files is on one line. For td_api.tl the class count also equals
//! `grep -c '^//@class' td_api.tl` = 209.)

mod common;

use tl_parser::Summary;

fn summary(name: &str) -> Summary {
    common::parse_schema(name).summary()
}

#[test]
fn td_api() {
    let expected = Summary {
        constructors: 2117,
        functions: 1001,
        classes: 209,
        types: 727,
    };
    assert_eq!(summary("td_api.tl"), expected);
    assert_eq!(
        expected.to_string(),
        "constructors 2117, functions 1001, classes 209, types 727"
    );
}

#[test]
fn telegram_api() {
    let expected = Summary {
        constructors: 1622,
        functions: 796,
        classes: 243,
        types: 602,
    };
    assert_eq!(summary("telegram_api.tl"), expected);
}

#[test]
fn mtproto_api() {
    let expected = Summary {
        constructors: 33,
        functions: 8,
        classes: 6,
        types: 24,
    };
    assert_eq!(summary("mtproto_api.tl"), expected);
}

#[test]
fn secret_api() {
    let expected = Summary {
        constructors: 86,
        functions: 1,
        classes: 9,
        types: 11,
    };
    assert_eq!(summary("secret_api.tl"), expected);
}

#[test]
fn e2e_api() {
    let expected = Summary {
        constructors: 34,
        functions: 1,
        classes: 7,
        types: 21,
    };
    assert_eq!(summary("e2e_api.tl"), expected);
}

/// The builtins the awk script skipped, by name, are exactly what `is_builtin` says.
#[test]
fn builtins() {
    let names = |file: &str| -> Vec<String> {
        common::parse_schema(file)
            .definitions
            .iter()
            .filter(|d| d.is_builtin())
            .map(|d| d.full_name())
            .collect()
    };
    let td = [
        "double",
        "string",
        "int32",
        "int53",
        "int64",
        "bytes",
        "boolFalse",
        "boolTrue",
        "vector",
    ];
    assert_eq!(names("td_api.tl"), td);
    let telegram = [
        "int",
        "long",
        "double",
        "string",
        "bytes",
        "int256",
        "boolFalse",
        "boolTrue",
        "vector",
    ];
    assert_eq!(names("telegram_api.tl"), telegram);
    let mtproto = [
        "int", "long", "double", "string", "vector", "int128", "int256",
    ];
    assert_eq!(names("mtproto_api.tl"), mtproto);
    assert_eq!(names("e2e_api.tl").len(), 14);
    assert_eq!(names("secret_api.tl").len(), 8);
    for file in common::SCHEMAS {
        let schema = common::parse_schema(file);
        assert!(
            schema
                .definitions
                .iter()
                .filter(|d| d.name == "true" || d.name == "ok")
                .all(|d| !d.is_builtin()),
            "{file}: `true` and `ok` are not builtins"
        );
    }
}
