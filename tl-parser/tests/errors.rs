//! Table-driven error tests: each malformed schema gives its error (or warning) at the expected
//! line:column, with the expected message. Positions are 1-based; columns count chars.

use tl_parser::{Diagnostic, Severity};

/// (input, line, column, start of the message)
type Case = (&'static str, u32, u32, &'static str);

const SYNTAX: &[Case] = &[
    (
        "a = A\nb = B;",
        1,
        6,
        "expected `;` after the result type, found `b`",
    ),
    ("a x:int;", 1, 8, "expected a parameter or `=`, found `;`"),
    (
        "a x:int",
        1,
        8,
        "expected a parameter or `=`, found end of input",
    ),
    (
        "a#xyz = A;",
        1,
        3,
        "expected a hexadecimal constructor id after `#`, found `xyz`",
    ),
    (
        "a# = A;",
        1,
        3,
        "expected a hexadecimal constructor id after `#`, found ' '",
    ),
    (
        "a#12g4 = A;",
        1,
        5,
        "invalid hex digit `g` in constructor id",
    ),
    (
        "a#123456789 = A;",
        1,
        3,
        "constructor id `#123456789` has more than 8 hex digits",
    ),
    (
        "a flags:# x:flags.x?int = A;",
        1,
        19,
        "expected a flag bit index (a number), found `x`",
    ),
    (
        "a f:# x:f.1int = A;",
        1,
        12,
        "expected `?` after the flag bit index, found `int`",
    ),
    (
        "a f:# x:f?int = A;",
        1,
        10,
        "expected `.` and a bit index after the flag field name",
    ),
    (
        "a f:# x:f.99999999999?int = A;",
        1,
        11,
        "flag bit index is too large",
    ),
    (
        "a x:ns.-x = A;",
        1,
        8,
        "expected an identifier after `.`, found `-`",
    ),
    (
        "a x:ns.1 = A;",
        1,
        9,
        "expected `?` after the flag bit index, found ' '",
    ),
    (
        "a x:Vector<int = A;",
        1,
        15,
        "expected `>` closing the generic argument, found ' '",
    ),
    ("a x:Vector<> = A;", 1, 12, "expected a type, found `>`"),
    (
        "a x:(vector int = A;",
        1,
        17,
        "expected `)` closing the parenthesised type, found `=`",
    ),
    (
        "a x:(Hashtable int string) = A;",
        1,
        20,
        "expected `)`: a type here takes at most one argument, found `string`",
    ),
    (
        "a x:(Vector<int> int) = A;",
        1,
        18,
        "expected `)`: this type takes no argument, found `int`",
    ),
    ("a x:() = A;", 1, 6, "expected a type, found `)`"),
    (
        "a x:(vector int)) = A;",
        1,
        17,
        "expected whitespace or `=` after the parameter, found `)`",
    ),
    (
        "a x:(vector\n  (vector int) = A;",
        2,
        16,
        "expected `)` closing the parenthesised type, found `=`",
    ),
    (
        "a = A;\n$ = B;",
        2,
        1,
        "expected a declaration name, found `$`",
    ),
    (
        "a x:int $ = A;",
        1,
        9,
        "expected a parameter or `=`, found `$`",
    ),
    (
        "a x:int$ = A;",
        1,
        8,
        "expected whitespace or `=` after the parameter, found `$`",
    ),
    (
        "a$ = A;",
        1,
        2,
        "expected whitespace or `=` after the declaration name, found `$`",
    ),
    (
        "a x = A;",
        1,
        4,
        "expected `:` after the parameter name, found ' '",
    ),
    ("a x:int = ;", 1, 11, "expected a type, found `;`"),
    (
        "a x:int = A B;",
        1,
        12,
        "expected `;` after the result type, found `B`",
    ),
    (
        "auth. = A;",
        1,
        6,
        "expected an identifier after `.`, found ' '",
    ),
    (
        "a {X:Type x:!X = X;",
        1,
        11,
        "expected `}` closing the type parameter, found `x`",
    ),
    (
        "---foo---",
        1,
        4,
        "expected `types` or `functions` in a section marker, found `foo`",
    ),
    (
        "---functions\na = A;",
        1,
        13,
        "expected `---` closing the section marker, found end of line",
    ),
    ("a = A;\n/* x", 2, 1, "unterminated block comment `/*`"),
    (
        "a\n  x:int\n  y:Vector<int\n= A;",
        3,
        15,
        "expected `>` closing the generic argument, found end of line",
    ),
    ("é = A;", 1, 1, "expected a declaration name, found `é`"),
    (
        "b x:int = B;\nc x:ü = C;",
        2,
        5,
        "expected a type, found `ü`",
    ),
    (
        "//@description x\n\ta\tx:Vector<int>\t=\tA\t",
        2,
        21,
        "expected `;` after the result type, found end of input",
    ),
];

const CHECK: &[(&str, u32, u32, Severity, &str)] = &[
    (
        "bar a:Foo = Bar;",
        1,
        7,
        Severity::Error,
        "unknown type `Foo`",
    ),
    (
        "bar a:vector<Foo> = Bar;",
        1,
        14,
        Severity::Error,
        "unknown type `Foo`",
    ),
    (
        "bar a:Vector<vector<Foo>> = Bar;",
        1,
        21,
        Severity::Error,
        "unknown type `Foo`",
    ),
    (
        "bar f:# a:f.0?Foo = Bar;",
        1,
        15,
        Severity::Error,
        "unknown type `Foo`",
    ),
    (
        "bar a:%Foo = Bar;",
        1,
        8,
        Severity::Error,
        "unknown type `Foo`",
    ),
    (
        "bar a:ns.Foo = Bar;",
        1,
        7,
        Severity::Error,
        "unknown type `ns.Foo`",
    ),
    (
        "---functions---\nf {X:Type} q:!Y = X;",
        2,
        15,
        Severity::Error,
        "`!Y` names no type parameter",
    ),
    (
        "---functions---\nf = Foo;",
        2,
        1,
        Severity::Error,
        "unknown result type `Foo` of `f`",
    ),
    (
        "a = A;\n\na = A;",
        3,
        1,
        Severity::Error,
        "duplicate constructor `a`",
    ),
    (
        "---functions---\nf = Bool;\nf = Bool;",
        3,
        1,
        Severity::Error,
        "duplicate function `f`",
    ),
    (
        "plumless = P;\nbuckeroo = P;",
        2,
        1,
        Severity::Error,
        "CRC32 of `buckeroo` (0x4ddb0c25) collides with `plumless`",
    ),
    (
        "a x:int x:long = A;",
        1,
        9,
        Severity::Error,
        "duplicate parameter `x` in `a`",
    ),
    (
        "a x:flags.0?int = A;",
        1,
        5,
        Severity::Error,
        "flag field `flags` is not declared",
    ),
    (
        "a x:f.0?int f:# = A;",
        1,
        5,
        Severity::Error,
        "flag field `f` is declared after `x`",
    ),
    (
        "a f:int x:f.0?int = A;",
        1,
        11,
        Severity::Error,
        "`f` is not a flag field",
    ),
    (
        "a f:# x:f.32?int = A;",
        1,
        11,
        Severity::Error,
        "flag bit index 32 is out of range 0..=31",
    ),
    (
        "//@description D @y Y\na x:int = A;",
        1,
        18,
        Severity::Warning,
        "doc tag `@y` documents no parameter of `a`",
    ),
    (
        "//@description D\n//@param_description P\na x:int = A;",
        2,
        3,
        Severity::Warning,
        "doc tag `@param_description` documents no parameter",
    ),
    (
        "//@class Foo @description F\n\na = A;",
        1,
        1,
        Severity::Warning,
        "class `Foo` has no constructors",
    ),
];

fn assert_at(d: &Diagnostic, input: &str, line: u32, column: u32, message: &str) {
    assert!(
        d.message.starts_with(message),
        "{input:?}: message {:?}, expected {message:?}",
        d.message
    );
    assert_eq!(
        (d.span.line, d.span.column),
        (line, column),
        "{input:?}: {}\n{}",
        d.message,
        d.render("x.tl", input)
    );
}

#[test]
fn syntax_errors() {
    for &(input, line, column, message) in SYNTAX {
        let errors = tl_parser::parse(input).expect_err(input);
        assert_at(&errors[0], input, line, column, message);
        assert!(errors.iter().all(Diagnostic::is_error));
    }
}

#[test]
fn check_errors_and_warnings() {
    for &(input, line, column, severity, message) in CHECK {
        let schema = tl_parser::parse(input).unwrap_or_else(|e| panic!("{input}: {}", e[0]));
        let diagnostics = tl_parser::check(&schema);
        assert_eq!(diagnostics.len(), 1, "{input:?}: {diagnostics:#?}");
        assert_at(&diagnostics[0], input, line, column, message);
        assert_eq!(diagnostics[0].severity, severity, "{input:?}");
    }
}

#[test]
fn valid_references_are_not_errors() {
    let schema = tl_parser::parse(
        "vector {t:Type} # [ t ] = Vector t;\nint ? = Int;\nmsg x:int = Message;\n\
         a m:msg ms:vector<msg> v:Vector<Message> b:%Message n:int i:int32 s:string = A;\n\
         ---functions---\nf {X:Type} q:!X = X;\na = A;\ng = Vector<A>;\n",
    )
    .expect("parses");
    assert_eq!(tl_parser::check(&schema), []);
}

#[test]
fn several_syntax_errors_are_reported() {
    let input = "a x = A;\nb = B\nc = C;\nd = D;\ne#z = E;\n";
    let errors = tl_parser::parse(input).expect_err("errors");
    let at: Vec<_> = errors
        .iter()
        .map(|e| (e.span.line, e.span.column))
        .collect();
    assert_eq!(at, [(1, 4), (2, 6), (5, 3)]);
}

#[test]
fn rendering() {
    let input = "a = A;\nbar a:Foo = Bar;\n";
    let schema = tl_parser::parse(input).expect("parses");
    let diagnostics = tl_parser::check(&schema);
    assert_eq!(
        diagnostics[0].render("schema/x.tl", input),
        "error: unknown type `Foo`\n --> schema/x.tl:2:7\n  |\n2 | bar a:Foo = Bar;\n  |       ^^^\n"
    );
    let input = "a = A;\n\na = A;\n";
    let diagnostics = tl_parser::check(&tl_parser::parse(input).expect("parses"));
    assert_eq!(
        diagnostics[0].render("x.tl", input),
        "error: duplicate constructor `a`\n --> x.tl:3:1\n  |\n3 | a = A;\n  | ^\n  = note: first defined at 1:1\n"
    );
}

#[test]
fn load_renders_errors_with_the_path() {
    let dir = std::env::temp_dir().join(format!("tl-parser-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let bad = dir.join("bad.tl");
    std::fs::write(&bad, "a = A;\nb x:int;\n").expect("write");
    let error = tl_parser::load(&bad).expect_err("syntax error");
    let text = error.to_string();
    assert!(
        text.starts_with("error: expected a parameter or `=`, found `;`\n --> "),
        "{text}"
    );
    assert!(text.contains("bad.tl:2:8\n"), "{text}");
    let json = dir.join("good.json");
    std::fs::write(
        &json,
        r#"{"constructors":[{"id":"1","predicate":"a","params":[],"type":"A"}],"methods":[]}"#,
    )
    .expect("write");
    let (schema, source) = tl_parser::load(&json).expect("loads");
    assert_eq!(schema.definitions[0].id, 1);
    assert!(source.starts_with('{'));
    let missing = tl_parser::load(&dir.join("missing.tl")).expect_err("missing");
    assert!(matches!(missing, tl_parser::LoadError::Io { .. }));
    std::fs::remove_dir_all(&dir).ok();
}
