//! Snapshots of generated code for a small schema that uses every feature the generator
//! handles: scalars of every kind, vectors of vectors, bytes, "may be null" objects and vector
//! elements, a class with several constructors, recursion, a keyword field, a prelude-clashing
//! name, a function. A change to the output shows up in review.

const SCHEMA: &str = r#"double ? = Double;
string ? = String;

int32 = Int32;
int53 = Int53;
int64 = Int64;
bytes = Bytes;

boolFalse = Bool;
boolTrue = Bool;

vector {t:Type} # [ t ] = Vector t;

//@description An object of this type is returned on a successful function call
ok = Ok;

//@class RichText @description Rich text
//@description A plain text @text Text
richTextPlain text:string = RichText;
//@description A bold rich text @text Text
richTextBold text:RichText = RichText;
//@description A concatenation @texts Texts
richTexts texts:vector<RichText> = RichText;

//@description A photo @id Identifier @data Raw bytes @sizes Sizes @rows Rows of keys
photo id:int64 data:bytes sizes:vector<int32> rows:vector<vector<string>> = Photo;

//@description A user
//@id Identifier
//@type Kind of the user
//@photo Photo; may be null
//@ratio Aspect ratio
//@is_bot True, if bot
//@parts Parts; elements may be null
//@about About text
//@count Counter
user id:int53 type:string photo:photo ratio:double is_bot:Bool parts:vector<photo> about:RichText count:int32 = User;

---functions---

//@description Returns a user @user_id Identifier
getUser user_id:int53 = User;
"#;

fn generate(mode: tlgen::Mode) -> String {
    generate_with(SCHEMA, tlgen::Config::new().mode(mode))
}

fn generate_with(schema: &str, config: &tlgen::Config) -> String {
    config.generate("small_api.tl", schema).unwrap()
}

#[test]
fn reader_mode_output() {
    insta::assert_snapshot!(generate(tlgen::Mode::Reader));
}

#[test]
fn pointer_mode_output() {
    insta::assert_snapshot!(generate(tlgen::Mode::Pointer));
}

/// Arena mode: the same types as views (`&'a str`, `&'a [u8]`, `&'a [T]`, `&'a T` variants, a
/// recursion field of a class held by value since the class's variants are references), no
/// serializers, no requests, `parse_received(&arena, cursor)`.
#[test]
fn arena_mode_output() {
    insta::assert_snapshot!(generate(tlgen::Mode::Arena));
}

/// Generated code has no `unsafe` of its own (the field tables' is inside the runtime's
/// `fields!`), so it builds in a crate with `#![forbid(unsafe_code)]` (tests/td-api does).
#[test]
fn generated_code_has_no_unsafe() {
    for mode in [
        tlgen::Mode::Reader,
        tlgen::Mode::Pointer,
        tlgen::Mode::Both,
        tlgen::Mode::Arena,
    ] {
        let code = generate(mode);
        assert!(!code.contains("unsafe"), "{mode:?}");
        let tables = code.matches("::tlgen_runtime::fields!(").count();
        let expected = if mode == tlgen::Mode::Reader { 0 } else { 5 };
        assert_eq!(
            tables, expected,
            "{mode:?}: one table per constructor with fields"
        );
    }
}

/// A schema without classes (every result type has one constructor): `Object`'s dispatch has
/// no class arm, so the constructor's index in its class is not bound, and the generated code
/// has no unused variable (a crate with `#![deny(warnings)]` including it would not build;
/// checked by hand on this schema with `cargo build`). The pointer parsers read `Object` as
/// data (`owned_class!`, `ref_class!`), without that `match`: only the reader has it.
#[test]
fn a_schema_without_classes_binds_no_unused_variable() {
    let schema =
        "ok = Ok;\nuser id:int53 name:string = User;\n---functions---\ngetUser id:int53 = User;\n";
    for mode in [
        tlgen::Mode::Reader,
        tlgen::Mode::Pointer,
        tlgen::Mode::Both,
        tlgen::Mode::Arena,
    ] {
        let code = generate_with(schema, tlgen::Config::new().mode(mode));
        let dispatches = code.matches("let (variant, _) = match Self::TYPES").count();
        let expected = match mode {
            tlgen::Mode::Both | tlgen::Mode::Reader => 1,
            tlgen::Mode::Pointer | tlgen::Mode::Arena => 0,
        };
        assert_eq!(dispatches, expected, "{mode:?}");
        assert!(!code.contains("let (variant, local)"), "{mode:?}");
    }
    // With classes, `local` is bound and used.
    let code = generate(tlgen::Mode::Reader);
    assert!(code.contains("let (variant, local) = match Self::TYPES"));
}

#[test]
fn output_is_deterministic() {
    assert_eq!(generate(tlgen::Mode::Both), generate(tlgen::Mode::Both));
}

#[test]
fn user_facing_names() {
    // Compared without white space: prettyplease wraps long lines.
    let squeeze = |text: &str| text.split_whitespace().collect::<String>();
    let code = squeeze(&generate(tlgen::Mode::Reader));
    for expected in [
        "pub struct OkObject",
        "pub r#type: ::std::borrow::Cow<'a, str>",
        "pub photo: ::core::option::Option<super::super::types::Photo<'a>>",
        "pub parts: ::std::vec::Vec<::core::option::Option<super::super::types::Photo<'a>>,>",
        "pub rows: ::std::vec::Vec<::std::vec::Vec<::std::borrow::Cow<'a, str>>>",
        // every variant is boxed (Boxing::Variants)
        "Bold(::std::boxed::Box<super::super::types::RichTextBold<'a>>)",
        // recursion through a field: boxed
        "pub text: ::std::boxed::Box<super::super::enums::RichText<'a>>",
        "pub struct GetUser {",
    ] {
        assert!(code.contains(&squeeze(expected)), "missing `{expected}`");
    }
}

#[test]
fn request_serializers_cover_what_requests_carry() {
    // A second function carries a RichText: the class, its constructors and nothing else.
    let schema =
        format!("{SCHEMA}\n//@description Sets a bio @bio Bio\nsetBio bio:RichText = Ok;\n");
    let squeeze = |text: &str| text.split_whitespace().collect::<String>();
    let serialized = |code: &str, name: &str| {
        code.contains(&squeeze(&format!(
            "::tlgen_runtime::serde::Serialize for {name}"
        )))
    };
    let mut config = tlgen::Config::new();
    config.mode(tlgen::Mode::Both);
    let all = squeeze(&generate_with(&schema, &config));
    config.serializers(tlgen::Serializers::Requests);
    let requests = generate_with(&schema, &config);
    assert!(
        requests
            .lines()
            .next()
            .unwrap()
            .contains("mode both, serializers requests.")
    );
    let requests = squeeze(&requests);
    for name in [
        "GetUser",
        "SetBio",
        "RichText<",
        "RichTextPlain<",
        "RichTexts<",
    ] {
        assert!(
            serialized(&all, name) && serialized(&requests, name),
            "{name}"
        );
    }
    for name in ["User<", "Photo<", "OkObject", "Object<"] {
        assert!(serialized(&all, name), "{name} in all");
        assert!(!serialized(&requests, name), "{name} in requests");
    }
    assert!(all.contains("validate::validate::<Object"));
    assert!(requests.contains("validate::validate_by_debug::<Object"));
}

/// The lines of the item that starts at the line containing `start` (its attributes above
/// included) through its closing brace.
fn item_lines(code: &str, start: &str) -> String {
    let lines: Vec<&str> = code.lines().collect();
    let at = lines.iter().position(|l| l.contains(start)).unwrap();
    let indent = lines[at].len() - lines[at].trim_start().len();
    let mut first = at;
    while first > 0 && lines[first - 1].trim_start().starts_with("#[") {
        first -= 1;
    }
    let end = (at..lines.len())
        .find(|&i| lines[i].len() - lines[i].trim_start().len() == indent && lines[i].trim() == "}")
        .unwrap();
    lines[first..=end].join("\n")
}

/// `Config::type_attribute` and `field_attribute` (prost-build's hooks) put their attributes on
/// the matching struct, enum, request and fields; `.` matches every item.
#[test]
fn type_and_field_attributes() {
    let code = generate_with(
        SCHEMA,
        tlgen::Config::new()
            .mode(tlgen::Mode::Reader)
            .type_attribute("photo", "#[derive(Eq, Hash)]")
            .type_attribute("RichText", "#[non_exhaustive]")
            .type_attribute("getUser", "#[must_use]")
            .field_attribute("photo.rows", "#[doc = \"Rows, as sent.\"]")
            .field_attribute(
                "user.type",
                "#[allow(clippy::doc_markdown)] #[doc(alias = \"kind\")]",
            ),
    );
    let items = [
        "pub struct Photo<'a> {",
        "pub enum RichText<'a> {",
        "pub struct GetUser {",
        "pub struct User<'a> {",
    ]
    .map(|start| item_lines(&code, start))
    .join("\n\n");
    insta::assert_snapshot!(items);

    let every = generate_with(
        SCHEMA,
        tlgen::Config::new()
            .type_attribute(".", "#[doc(alias = \"tl\")]")
            .field_attribute(".", "#[doc(alias = \"field\")]"),
    );
    // Items: 6 structs (ok, 3 rich texts, photo, user), 1 class, 1 function. Fields: 3 of the
    // rich texts, 4 of photo, 8 of user, 1 of getUser.
    assert_eq!(every.matches("#[doc(alias = \"tl\")]").count(), 8);
    assert_eq!(every.matches("#[doc(alias = \"field\")]").count(), 16);
}

/// `(option, value, problem)` of the [`tlgen::Error::Option`] that generating [`SCHEMA`] with
/// `config` fails with.
fn option_error(config: &tlgen::Config) -> (&'static str, String, String) {
    match config.generate("small_api.tl", SCHEMA) {
        Err(tlgen::Error::Option {
            option,
            value,
            problem,
        }) => (option, value, problem),
        other => panic!("expected an option error, got {other:?}"),
    }
}

#[test]
fn attribute_rules_that_match_nothing_or_are_not_attributes_fail() {
    let (option, value, problem) =
        option_error(tlgen::Config::new().type_attribute("phot", "#[derive(Hash)]"));
    assert_eq!((option, value.as_str()), ("type_attribute", "phot"));
    assert!(
        problem.starts_with("no constructor, class or function"),
        "{problem}"
    );
    let (option, value, problem) =
        option_error(tlgen::Config::new().field_attribute("photo.row", "#[doc = \"x\"]"));
    assert_eq!((option, value.as_str()), ("field_attribute", "photo.row"));
    assert!(problem.contains("`photo` has a field `row`"), "{problem}");
    let (option, _, problem) =
        option_error(tlgen::Config::new().field_attribute("photo", "#[doc = \"x\"]"));
    assert_eq!(option, "field_attribute");
    assert!(
        problem.starts_with("expected `.` or `<constructor>.<field>`"),
        "{problem}"
    );
    let (option, value, problem) =
        option_error(tlgen::Config::new().type_attribute("photo", "derive(Hash)"));
    assert_eq!((option, value.as_str()), ("type_attribute", "derive(Hash)"));
    assert!(
        problem.contains("is not Rust attribute syntax"),
        "{problem}"
    );
    // The message names the option, the value and the problem.
    let message = tlgen::Config::new()
        .roots(["nope"])
        .generate("small_api.tl", SCHEMA)
        .unwrap_err()
        .to_string();
    assert_eq!(
        message,
        "Config::roots(`nope`): not a constructor, class or function of the schema"
    );
}

/// Boxing never depends on a type's size: every enum variant is boxed (the default) or none is
/// (`Boxing::Recursion`, where only recursion is boxed), and the user boxes more by path: a class
/// variant, a variant of `Object`, every variant of a class, a field.
#[test]
fn boxing_is_a_policy_plus_what_the_user_asks_for() {
    // Without white space, nor the trailing commas of wrapped generic lists.
    let squeeze = |text: &str| {
        text.split_whitespace()
            .collect::<String>()
            .replace(",>", ">")
    };
    let default = squeeze(&generate(tlgen::Mode::Both));
    for expected in [
        "Plain(::std::boxed::Box<super::super::types::RichTextPlain<'a>>)",
        "Texts(::std::boxed::Box<super::super::types::RichTexts<'a>>)",
        "User(::std::boxed::Box<types::User<'a>>)",
        "pub photo: ::core::option::Option<super::super::types::Photo<'a>>",
        "pub text: ::std::boxed::Box<super::super::enums::RichText<'a>>",
    ] {
        assert!(
            default.contains(&squeeze(expected)),
            "default: missing `{expected}`"
        );
    }
    let recursion = || {
        let mut config = tlgen::Config::new();
        config
            .mode(tlgen::Mode::Both)
            .boxing(tlgen::Boxing::Recursion);
        config
    };
    let unboxed = squeeze(&generate_with(SCHEMA, &recursion()));
    for expected in [
        "Plain(super::super::types::RichTextPlain<'a>)",
        "Texts(super::super::types::RichTexts<'a>)",
        "User(types::User<'a>)",
        "pub text: ::std::boxed::Box<super::super::enums::RichText<'a>>",
    ] {
        assert!(
            unboxed.contains(&squeeze(expected)),
            "recursion: missing `{expected}`"
        );
    }
    let boxed = squeeze(&generate_with(
        SCHEMA,
        recursion().boxed(["RichText.richTextPlain", "Object.user", "user.photo"]),
    ));
    for expected in [
        "Plain(::std::boxed::Box<super::super::types::RichTextPlain<'a>>)",
        "Texts(super::super::types::RichTexts<'a>)",
        "User(::std::boxed::Box<types::User<'a>>)",
        "pub photo: ::core::option::Option<::std::boxed::Box<super::super::types::Photo<'a>>>",
    ] {
        assert!(
            boxed.contains(&squeeze(expected)),
            "boxed: missing `{expected}`"
        );
    }
    let every = squeeze(&generate_with(SCHEMA, recursion().boxed(["RichText.*"])));
    assert_eq!(
        every
            .matches("(::std::boxed::Box<super::super::types::RichText")
            .count(),
        3
    );

    for (path, problem) in [
        (
            "RichText.nope",
            "`nope` is not a generated constructor of the class `RichText`",
        ),
        ("user.id", "only a field that holds an object"),
        ("user.nope", "`user` has no field `nope`"),
        (
            "nope.x",
            "no generated class, constructor or function is named `nope`",
        ),
        (
            "Object.richTextPlain",
            "box it there (`RichText.richTextPlain`)",
        ),
        ("user", "expected `<Class>.<constructor>`"),
    ] {
        let (option, value, message) = option_error(tlgen::Config::new().boxed([path]));
        assert_eq!((option, value.as_str()), ("boxed", path));
        assert!(message.contains(problem), "{path}: {message}");
    }
}

/// `tlgen freeze-boxing` lists the variants small enough to stay inline (the estimate boxing
/// used before it stopped depending on size); `unboxed`/`unboxed_file` keep exactly those inline
/// under `Boxing::Variants`, skip what names nothing generated (a frozen list outlives
/// constructors), reject paths of another form, lose to `boxed`, and mean nothing in arena mode.
#[test]
fn a_frozen_list_of_small_variants_keeps_them_inline() {
    let dir = std::env::temp_dir().join(format!("tlgen-freeze-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let schema = dir.join("small_api.tl");
    std::fs::write(&schema, SCHEMA).unwrap();
    // richTextPlain: a string (24); richTextBold: a boxed RichText (8); richTexts: a vector
    // (24); ok: nothing; photo 80 and user 200-odd bytes.
    let small = tlgen::small_variants(&schema, 48).unwrap();
    assert_eq!(
        small,
        [
            "Object.ok",
            "RichText.richTextPlain",
            "RichText.richTextBold",
            "RichText.richTexts"
        ]
    );
    assert_eq!(
        tlgen::small_variants(&schema, 16).unwrap(),
        ["Object.ok", "RichText.richTextBold"]
    );
    let squeeze = |text: &str| {
        text.split_whitespace()
            .collect::<String>()
            .replace(",>", ">")
    };
    let list = dir.join("small_api.unboxed");
    let text = format!(
        "# frozen\n\n{}\nRichText.richTextGone\nGoneClass.gone\n",
        small.join("\n")
    );
    std::fs::write(&list, text).unwrap();
    let code = generate_with(
        SCHEMA,
        tlgen::Config::new()
            .mode(tlgen::Mode::Both)
            .unboxed_file(&list)
            .boxed(["RichText.richTexts"]),
    );
    assert!(
        code.lines()
            .next()
            .unwrap()
            .ends_with(", 4 variants unboxed. Do not edit."),
        "{}",
        code.lines().next().unwrap()
    );
    let code = squeeze(&code);
    for expected in [
        "Plain(super::super::types::RichTextPlain<'a>)",
        "Bold(super::super::types::RichTextBold<'a>)",
        "Texts(::std::boxed::Box<super::super::types::RichTexts<'a>>)",
        "User(::std::boxed::Box<types::User<'a>>)",
        "pub text: ::std::boxed::Box<super::super::enums::RichText<'a>>",
    ] {
        assert!(code.contains(&squeeze(expected)), "missing `{expected}`");
    }
    // Arena mode: variants are references whatever the list says.
    let arena = generate_with(
        SCHEMA,
        tlgen::Config::new()
            .mode(tlgen::Mode::Arena)
            .unboxed(["RichText.*"]),
    );
    assert!(!arena.lines().next().unwrap().contains("unboxed"));
    assert!(squeeze(&arena).contains("Plain(&'asuper::super::types::RichTextPlain<'a>)"));

    for (path, problem) in [
        ("user.photo", "`user` is a constructor or function"),
        ("RichText", "expected `<Class>.<constructor>`"),
    ] {
        let (option, value, message) = option_error(tlgen::Config::new().unboxed([path]));
        assert_eq!((option, value.as_str()), ("unboxed", path));
        assert!(message.contains(problem), "{path}: {message}");
    }
    let missing = tlgen::Config::new()
        .unboxed_file(dir.join("missing.unboxed"))
        .generate("small_api.tl", SCHEMA)
        .unwrap_err();
    assert!(matches!(missing, tlgen::Error::Io { .. }), "{missing:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Schema errors are typed, keep their diagnostics and render them with the file's name, line
/// and column; an unreadable file is an I/O error with its source.
#[test]
fn errors_are_typed_and_rendered() {
    let error = tlgen::Config::new()
        .generate("bad.tl", "ok = Ok;\nuser id:Nope = User;\n")
        .unwrap_err();
    match &error {
        tlgen::Error::Schema { diagnostics, .. } => {
            assert_eq!(diagnostics.len(), 1);
            assert_eq!(diagnostics[0].span.line, 2);
        }
        other => panic!("expected a schema error, got {other:?}"),
    }
    let rendered = error.to_string();
    assert!(rendered.contains(" --> bad.tl:2:"), "{rendered}");
    assert!(rendered.contains("2 | user id:Nope = User;"), "{rendered}");
    assert!(std::error::Error::source(&error).is_some());

    let missing = tlgen::Config::new()
        .generate_file("/nonexistent/td_api.tl")
        .unwrap_err();
    assert!(matches!(missing, tlgen::Error::Io { .. }), "{missing:?}");
    assert!(std::error::Error::source(&missing).is_some());
    assert!(missing.to_string().starts_with("/nonexistent/td_api.tl: "));

    // A name longer than the dispatch tables' u16 lengths: an error, not a panic in emit.
    let long = "a".repeat(70_000);
    let schema = format!("ok = Ok;\n{long} = Thing;\n---functions---\nping = Ok;\n");
    let beyond = tlgen::Config::new()
        .generate("long.tl", &schema)
        .unwrap_err();
    assert!(matches!(beyond, tlgen::Error::Limit { .. }), "{beyond:?}");
    assert!(beyond.to_string().contains("70000 bytes"), "{beyond}");
}

/// The macro that lists the requests is named after the schema by default, as the user says
/// otherwise (so that two modules of one schema can share a crate), or left out; arena mode has
/// no requests and so no macro; a name that is not an identifier fails generation, and any
/// schema file name makes one.
#[test]
fn the_function_macro_is_named_or_left_out() {
    let macros = |code: &str| -> Vec<String> {
        code.lines()
            .filter_map(|line| line.trim().strip_prefix("macro_rules! "))
            .map(|rest| rest.trim_end_matches(" {").to_owned())
            .collect()
    };
    let both = generate(tlgen::Mode::Both);
    assert_eq!(macros(&both), ["small_api_for_each_function"]);
    assert!(both.contains("$m ! (GetUser);"), "the macro lists getUser");
    let named = generate_with(
        SCHEMA,
        tlgen::Config::new()
            .mode(tlgen::Mode::Pointer)
            .function_macro(Some("pruned_api_requests")),
    );
    assert_eq!(macros(&named), ["pruned_api_requests"]);
    let none = generate_with(
        SCHEMA,
        tlgen::Config::new()
            .mode(tlgen::Mode::Reader)
            .function_macro(None),
    );
    assert_eq!(macros(&none), Vec::<String>::new());
    assert!(
        none.contains("pub struct GetUser"),
        "requests are still emitted"
    );
    assert_eq!(macros(&generate(tlgen::Mode::Arena)), Vec::<String>::new());
    // The default comes from the file name, whatever it is: never a panic.
    for (file, expected) in [
        ("td-api.tl", "td_api_for_each_function"),
        ("1.8.65.tl", "schema_1_for_each_function"),
        ("0f8f8ee70.tl", "schema_0f8f8ee70_for_each_function"),
        ("схема.tl", "______for_each_function"),
        (".tl", "_for_each_function"),
    ] {
        let code = tlgen::Config::new().generate(file, SCHEMA).unwrap();
        assert_eq!(macros(&code), [expected], "{file}");
    }
    for bad in ["two words", "fn", "1st", ""] {
        let (option, value, problem) = option_error(tlgen::Config::new().function_macro(Some(bad)));
        assert_eq!((option, value.as_str()), ("function_macro", bad));
        assert_eq!(problem, "not a Rust identifier");
    }
}

/// The reader's entry points compiled in the generated crate (`read_received` and every
/// request's `ReadResponse`): reader mode's default, an option in both mode, an error where
/// there is no reader.
#[test]
fn reader_entry_points_are_emitted_where_the_reader_reads() {
    let has = |code: &str| {
        let received = code.contains("pub fn read_received(");
        let requests = code.matches("::function::ReadResponse").count();
        let functions = code.matches("::function::Function").count();
        assert_eq!(
            (received, requests),
            (received, if received { functions } else { 0 }),
            "read_received and a ReadResponse per request come together"
        );
        received
    };
    let reader = generate(tlgen::Mode::Reader);
    assert!(has(&reader));
    assert!(reader.contains("ReadResponse for GetUser {"), "{reader}");
    for mode in [tlgen::Mode::Both, tlgen::Mode::Pointer, tlgen::Mode::Arena] {
        assert!(!has(&generate(mode)), "{mode:?} emits none by default");
    }
    let both = generate_with(
        SCHEMA,
        tlgen::Config::new()
            .mode(tlgen::Mode::Both)
            .reader_entry_points(true),
    );
    assert!(has(&both));
    let reader = generate_with(
        SCHEMA,
        tlgen::Config::new()
            .mode(tlgen::Mode::Reader)
            .reader_entry_points(false),
    );
    assert!(!has(&reader));
    for mode in [tlgen::Mode::Pointer, tlgen::Mode::Arena] {
        let (option, value, problem) =
            option_error(tlgen::Config::new().mode(mode).reader_entry_points(true));
        assert_eq!((option, value.as_str()), ("reader_entry_points", "true"));
        assert_eq!(problem, format!("mode {} has no reader", mode.name()));
    }
}

/// A schema without comments still gives every public item a doc (its TL name), so that the
/// code builds under `#![deny(missing_docs)]` (tests/schemas holds telegram_api.tl, which has no
/// comments, to that lint).
#[test]
fn items_the_schema_does_not_document_are_documented_by_name() {
    let schema = "int32 = Int32;\nstring = String;\n\
                  pageBlockTitle title:string = PageBlock;\n\
                  pageBlockCover depth:int32 = PageBlock;\n";
    let code = generate_with(schema, tlgen::Config::new().mode(tlgen::Mode::Both));
    for (doc, item) in [
        ("/// The class `PageBlock`.", "pub enum PageBlock"),
        ("/// `pageBlockTitle`", "Title("),
        ("/// `title`", "pub title:"),
        ("/// `depth`", "pub depth:"),
    ] {
        let at = code
            .find(item)
            .unwrap_or_else(|| panic!("no `{item}` in the code"));
        let before: Vec<&str> = code[..at].lines().rev().take(4).map(str::trim).collect();
        assert!(
            before.contains(&doc),
            "`{item}` is not documented by `{doc}`: {before:?}"
        );
    }
}

/// `Config::check_file` (what `tlgen check` runs) fails where generation would, with the same
/// diagnostics: here a schema TL's checks accept but Rust cannot take (`vector` without its
/// element type), pointed at where the type is written. A builtin named by its constructor
/// (ton_api.tl's `o:object`, `n:int`) reads as its type.
#[test]
fn check_file_fails_where_generation_would() {
    let dir = std::env::temp_dir().join(format!("tlgen-check-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.tl");
    std::fs::write(
        &bad,
        "int32 = Int32;\nvector {t:Type} # [ t ] = Vector t;\nthing flags:# list:flags.0?vector = Thing;\n",
    )
    .unwrap();
    let checked = tlgen::Config::new().check_file(&bad).unwrap_err();
    let generated = tlgen::Config::new().generate_file(&bad).unwrap_err();
    assert_eq!(checked.to_string(), generated.to_string());
    let rendered = checked.to_string();
    assert!(
        rendered.contains("`vector` without its element type"),
        "{rendered}"
    );
    assert!(rendered.contains("bad.tl:3:28"), "{rendered}");
    assert!(rendered.contains("^^^^^^"), "{rendered}");

    let good = dir.join("good.tl");
    std::fs::write(
        &good,
        "int ? = Int;\nlong ? = Long;\nobject ? = Object;\n\
         holder n:int id:long o:object = Holder;\n",
    )
    .unwrap();
    tlgen::Config::new().check_file(&good).unwrap();
    let code: String = tlgen::Config::new()
        .generate_file(&good)
        .unwrap()
        .split_whitespace()
        .collect();
    for field in [
        "pubn:i32",
        "pubid:i64",
        "pubo:::std::boxed::Box<super::super::Object<'a>>",
    ] {
        assert!(
            code.contains(field),
            "no `{field}` in the generated `Holder`"
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
