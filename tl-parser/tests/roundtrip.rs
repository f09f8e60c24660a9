//! `Display` prints valid TL: every definition of the five shared schemas, printed and parsed
//! back with `FromStr`, equals the original (docs and spans aside). Types likewise.

mod common;

use common::normalise::without_docs_and_spans;
use tl_parser::{Category, Definition, ParameterType, Type};

#[test]
fn every_definition_round_trips() {
    let mut count = 0;
    for file in common::SCHEMAS {
        for original in common::parse_schema(file).definitions {
            let printed = original.to_string();
            let mut reparsed: Definition = printed
                .parse()
                .unwrap_or_else(|e| panic!("{file}: `{printed}` does not parse: {e}"));
            reparsed.category = original.category; // FromStr defaults to Category::Type
            assert_eq!(
                without_docs_and_spans(&reparsed),
                without_docs_and_spans(&original),
                "{file}: {printed}"
            );
            assert_eq!(reparsed.to_string(), printed);
            count += 1;
        }
    }
    // constructors + functions + builtins of each schema (see tests/summary.rs).
    assert_eq!(count, 3127 + 2427 + 48 + 95 + 49);
}

#[test]
fn every_parameter_type_round_trips() {
    for file in common::SCHEMAS {
        for d in common::parse_schema(file).definitions {
            for p in &d.params {
                let printed = p.ty.to_string();
                assert_eq!(
                    printed.parse::<ParameterType>().as_ref(),
                    Ok(&p.ty),
                    "{printed}"
                );
                if let ParameterType::Normal { ty, .. } = &p.ty {
                    assert_eq!(ty.to_string().parse::<Type>().as_ref(), Ok(ty));
                }
            }
            assert_eq!(d.ty.to_string().parse::<Type>().as_ref(), Ok(&d.ty));
        }
    }
}

#[test]
fn printed_forms() {
    let source = "auth.sentCode#5e002502 flags:# type:auth.SentCodeType phone_code_hash:string \
                  next_type:flags.1?auth.CodeType timeout:flags.2?int = auth.SentCode;";
    let d: Definition = source.parse().expect("parses");
    assert_eq!(d.to_string(), source);
    assert_eq!(d.category, Category::Type);
    let d: Definition = "foo x:%Message y:!X = Foo".parse().expect("no `;` needed");
    assert_eq!(d.to_string(), "foo x:%Message y:!X = Foo;");
    let d: Definition = "int128 4*[ int ] = Int128;".parse().expect("builtin");
    assert_eq!(d.builtin.as_deref(), Some("4*[ int ]"));
    assert_eq!(d.to_string(), "int128 4*[ int ] = Int128;");
    let d: Definition = "vector#1cb5c415 {t:Type} # [ t ] = Vector t;"
        .parse()
        .expect("vector");
    assert_eq!(
        d.to_string(),
        "vector#1cb5c415 {t:Type} # [ t ] = Vector t;"
    );
    let d: Definition = "x#0089f5c4a = X;"
        .replace("#00", "#")
        .parse()
        .expect("short id");
    assert_eq!(d.to_string(), "x#089f5c4a = X;");
    let t: Type = "e2e.chain.GroupState".parse().expect("type");
    assert_eq!(
        (t.namespace.join("."), t.name.as_str(), t.bare),
        ("e2e.chain".into(), "GroupState", false)
    );
    assert!("int x".parse::<Type>().is_err());
    assert!("".parse::<Definition>().is_err());
}

/// `(vector T)` is `vector<T>`: TL's type application by juxtaposition in parentheses (TON's
/// schemas write it), nested, with whitespace and comments inside. The model keeps no memory
/// of the form, so it prints back in the `<>` form, which parses to the same node; the inferred
/// id is the same for both forms.
#[test]
fn parenthesised_type_application() {
    let cases = [
        ("(vector int256)", "vector<int256>"),
        ("(vector smc.libraryEntry)", "vector<smc.libraryEntry>"),
        ("(vector (vector int32))", "vector<vector<int32>>"),
        (
            "( vector  /* c */ (Vector %Message) )",
            "vector<Vector<%Message>>",
        ),
        ("(int)", "int"),
        ("((vector (long)))", "vector<long>"),
        ("vector<(vector int)>", "vector<vector<int>>"),
    ];
    for (written, printed) in cases {
        let ty: Type = written
            .parse()
            .unwrap_or_else(|e| panic!("`{written}`: {e}"));
        assert_eq!(ty.to_string(), printed, "{written}");
        assert_eq!(printed.parse::<Type>().as_ref(), Ok(&ty), "{printed}");
    }
    let parenthesised: Definition =
        "smc.libraryResult result:(vector smc.libraryEntry) flags:# x:flags.0?(vector (vector int32)) = smc.LibraryResult;"
            .parse()
            .expect("parenthesised parameters");
    let angled: Definition =
        "smc.libraryResult result:vector<smc.libraryEntry> flags:# x:flags.0?vector<vector<int32>> = smc.LibraryResult;"
            .parse()
            .expect("angled parameters");
    assert_eq!(
        without_docs_and_spans(&parenthesised),
        without_docs_and_spans(&angled)
    );
    assert_eq!(parenthesised.to_string(), angled.to_string());
    assert_eq!(parenthesised.id, angled.id);
}
