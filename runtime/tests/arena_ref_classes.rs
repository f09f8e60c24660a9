//! Arena mode's classes read as data (`ref_class!` and the entry points
//! `parse_ref_class_in` / `parse_ref_index`) on hand-written types shaped like generated
//! arena-mode code: a class as a field, as vector elements, nested, of an unknown type, with
//! `@type` not first; and an `Object` whose rows include the class's. Then [`Document`] over
//! the same types: a document that owns its text and arena. The runtime's own suite, so that the
//! planted-bug script (which runs only it) reaches these paths.

use tlgen_runtime::arena::{Bump, Document, DocumentRoot, Received};
use tlgen_runtime::fields;
use tlgen_runtime::parse::{Envelope, Field, ParseClass, ParseValue};
use tlgen_runtime::pointer::{Cursor, Error, NulTerminated};
use tlgen_runtime::{TypeTable, UnknownObject};

mod parse_entry {
    tlgen_runtime::__private::parse_entry_points!();
}

#[derive(Debug, PartialEq)]
struct Circle<'a> {
    radius: i32,
    label: &'a str,
}

impl Circle<'_> {
    const DEFAULT: Self = Circle {
        radius: 0,
        label: "",
    };
}

impl Default for Circle<'_> {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl<'a> ParseValue<'a> for Circle<'a> {
    const FIELDS: &'a [Field<'a, Self>] = fields!(Self {
        radius: i32 = b"\"radius\":",
        label: &'a str = b"\"label\":",
    });
    tlgen_runtime::default_image!('a);
}

#[derive(Debug, PartialEq)]
struct Square<'a> {
    side: i64,
    inner: Shape<'a>,
    more: &'a [Shape<'a>],
}

impl Square<'_> {
    const DEFAULT: Self = Square {
        side: 0,
        inner: Shape::DEFAULT,
        more: &[],
    };
}

impl Default for Square<'_> {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl<'a> ParseValue<'a> for Square<'a> {
    const FIELDS: &'a [Field<'a, Self>] = fields!(Self {
        side: i64 = b"\"side\":",
        inner: Shape<'a> = b"\"inner\":",
        more: &'a [Shape<'a>] = b"\"more\":",
    });
    tlgen_runtime::default_image!('a);
}

/// A class of two constructors, as arena mode generates it.
#[derive(Debug, PartialEq)]
enum Shape<'a> {
    Circle(&'a Circle<'a>),
    Square(&'a Square<'a>),
    Unknown(UnknownObject<'a>),
}

impl Shape<'_> {
    const DEFAULT: Self = Shape::Unknown(UnknownObject::DEFAULT);
    /// `tlgen_runtime::type_table::layout(&["circle", "square"])`.
    const TYPES: &'static TypeTable = &TypeTable::new(
        &[
            (3629327232, 0, 6, 1),
            (3479957552, 6, 6, 2),
            (0, 0, 0, 0),
            (0, 0, 0, 0),
        ],
        "circlesquare",
    );
}

impl Default for Shape<'_> {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl tlgen_runtime::Element for Shape<'_> {}

impl<'a> ParseValue<'a> for Shape<'a> {
    tlgen_runtime::default_image!('a);
    fn parse_in(slot: &mut Self, c: &mut Cursor<'a>, depth: u32) -> Result<(), Error> {
        parse_entry::parse_ref_class_in(slot, c, depth)
    }
}

tlgen_runtime::ref_class!('a, Shape<'a>, 2 { 0 => Circle: Circle<'a>, 1 => Square: Square<'a> });

#[derive(Debug, PartialEq)]
struct Label<'a> {
    text: &'a str,
}

impl Label<'_> {
    const DEFAULT: Self = Label { text: "" };
}

impl Default for Label<'_> {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl<'a> ParseValue<'a> for Label<'a> {
    const FIELDS: &'a [Field<'a, Self>] = fields!(Self { text: &'a str = b"\"text\":" });
    tlgen_runtime::default_image!('a);
}

/// Every constructor: the class's two, then `label`.
#[derive(Debug, PartialEq)]
enum Object<'a> {
    Shape(Shape<'a>),
    Label(&'a Label<'a>),
    Unknown(UnknownObject<'a>),
}

impl Object<'_> {
    const DEFAULT: Self = Object::Unknown(UnknownObject::DEFAULT);
    /// `tlgen_runtime::type_table::layout(&["circle", "square", "label"])`.
    const TYPES: &'static TypeTable = &TypeTable::new(
        &[
            (3629327232, 0, 6, 1),
            (3479957552, 6, 6, 2),
            (0, 0, 0, 0),
            (0, 0, 0, 0),
            (0, 0, 0, 0),
            (0, 0, 0, 0),
            (1964004582, 12, 5, 3),
            (0, 0, 0, 0),
        ],
        "circlesquarelabel",
    );
}

impl Default for Object<'_> {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl<'a> ParseValue<'a> for Object<'a> {
    tlgen_runtime::default_image!('a);
    fn parse_in(slot: &mut Self, c: &mut Cursor<'a>, depth: u32) -> Result<(), Error> {
        parse_entry::parse_ref_class_in(slot, c, depth)
    }
}

tlgen_runtime::ref_class!('a, Object<'a>, 3 {
    2 => Label: Label<'a>;
    0 => Shape: Shape<'a> [0],
    1 => Shape: Shape<'a> [1],
});

impl<'a> ParseClass<'a> for Object<'a> {
    fn parse_variant(
        name: std::borrow::Cow<'a, str>,
        c: &mut Cursor<'a>,
        depth: u32,
        envelope: Option<&mut Envelope<'a>>,
    ) -> Result<Self, Error> {
        parse_entry::parse_ref_index(Self::TYPES.find(&name), name, c, depth, envelope)
    }
}

#[test]
fn the_type_tables_are_the_generators_layout() {
    for (names, table) in [
        (&["circle", "square"][..], Shape::TYPES),
        (&["circle", "square", "label"][..], Object::TYPES),
    ] {
        for (index, name) in names.iter().enumerate() {
            assert_eq!(table.find(name), Some(index), "{name}");
        }
        assert_eq!(table.find("triangle"), None);
    }
}

/// The document parsed into a new arena, then given to `check`.
fn with_received(doc: &str, check: impl FnOnce(Result<&Object<'_>, String>)) {
    let buffer = NulTerminated::from(doc.as_bytes().to_vec());
    let arena = Bump::new();
    let received = Cursor::from_bytes_with_nul(buffer.as_bytes_with_nul())
        .and_then(|c| tlgen_runtime::parse::parse_received_in::<Object<'_>>(&arena, c));
    match &received {
        Ok(received) => check(Ok(&received.object)),
        Err(e) => check(Err(e.to_string())),
    }
}

#[test]
fn class_fields_elements_and_nesting_are_made_from_their_rows() {
    let doc = r#"{"@type":"square","side":7,"inner":{"@type":"circle","radius":3,"label":"in"},"more":[{"@type":"square","side":2,"inner":{"@type":"circle","radius":1,"label":"deep"}},{"@type":"circle","radius":5,"label":"x\u0041"},null,{"label":"late","@type":"circle","radius":9}],"@client_id":4}"#;
    with_received(doc, |object| {
        let Ok(Object::Shape(Shape::Square(square))) = object else {
            panic!("not a square: {object:?}");
        };
        assert_eq!(square.side, 7);
        assert_eq!(
            square.inner,
            Shape::Circle(&Circle {
                radius: 3,
                label: "in"
            })
        );
        assert_eq!(square.more.len(), 4);
        let Shape::Square(nested) = &square.more[0] else {
            panic!("not a square: {:?}", square.more[0]);
        };
        assert_eq!((nested.side, nested.more.len()), (2, 0));
        assert_eq!(
            nested.inner,
            Shape::Circle(&Circle {
                radius: 1,
                label: "deep"
            })
        );
        assert_eq!(
            square.more[1],
            Shape::Circle(&Circle {
                radius: 5,
                label: "xA"
            })
        );
        // `null`: the class's default
        assert_eq!(square.more[2], Shape::DEFAULT);
        // `@type` last: found by looking ahead, then skipped by the field loop
        assert_eq!(
            square.more[3],
            Shape::Circle(&Circle {
                radius: 9,
                label: "late"
            })
        );
    });
}

#[test]
fn each_constructor_of_object_is_its_own_variant() {
    with_received(r#"{"@type":"label","text":"hi"}"#, |object| {
        assert_eq!(object, Ok(&Object::Label(&Label { text: "hi" })));
    });
    with_received(r#"{"@type":"circle","radius":2}"#, |object| {
        assert_eq!(
            object,
            Ok(&Object::Shape(Shape::Circle(&Circle {
                radius: 2,
                label: ""
            })))
        );
    });
    with_received(r#"{"@type":"square"}"#, |object| {
        assert_eq!(object, Ok(&Object::Shape(Shape::Square(&Square::DEFAULT))));
    });
}

#[test]
fn unknown_types_keep_their_name_at_every_level() {
    with_received(r#"{"@type":"triangle","a":[1,{"b":2}]}"#, |object| {
        let Ok(Object::Unknown(unknown)) = object else {
            panic!("not unknown: {object:?}");
        };
        assert_eq!(unknown.type_name, "triangle");
    });
    // a constructor of `Object` that is not one of the class's, where the class is expected
    with_received(
        r#"{"@type":"square","inner":{"@type":"label","text":"no"},"side":1}"#,
        |object| {
            let Ok(Object::Shape(Shape::Square(square))) = object else {
                panic!("not a square: {object:?}");
            };
            assert_eq!(square.side, 1);
            let Shape::Unknown(unknown) = &square.inner else {
                panic!("not unknown: {:?}", square.inner);
            };
            assert_eq!(unknown.type_name, "label");
        },
    );
}

#[test]
fn bad_class_objects_fail_with_the_cursors_error() {
    for (doc, want) in [
        (r#"{"@type":"square","inner":[]}"#, "expected"),
        (r#"{"@type":"square","inner":{"radius":1}}"#, "@type"),
        (
            r#"{"@type":"square","inner":{"@type":"circle","radius":"x"}}"#,
            "integer",
        ),
        (r#"{"@type":"square","more":[{"@type":"circle"}"#, "end"),
    ] {
        with_received(doc, |object| {
            let error = object.expect_err(doc);
            assert!(error.contains(want), "{doc}: {error}");
        });
    }
}

/// The root of these types for [`Document`], as generated arena-mode modules write it.
enum Root {}

impl DocumentRoot for Root {
    type Object<'a> = Object<'a>;

    fn parse_received<'a>(
        arena: &'a Bump,
        cursor: Cursor<'a>,
    ) -> Result<Received<'a, Object<'a>>, Error> {
        tlgen_runtime::parse::parse_received_in(arena, cursor)
    }

    fn shorten<'long: 'short, 'short>(
        received: &'short Received<'long, Object<'long>>,
    ) -> &'short Received<'short, Object<'short>> {
        received
    }
}

const NESTED: &str = r#"{"@type":"square","side":7,"inner":{"@type":"circle","radius":3,"label":"in\u00e9"},"more":[{"@type":"square","side":2},{"@type":"circle","radius":5,"label":"x\u0041"},null],"@extra":{"id":[1,2]},"@client_id":4}"#;

/// A document made from a buffer that is gone by the time it is read.
fn document_of(text: &str) -> Result<Document<Root>, Error> {
    let buffer = text.as_bytes().to_vec();
    let document = Document::<Root>::parse(&buffer);
    drop(buffer);
    document
}

/// Documents compare by their parse, not their text: other white space and escapes that decode
/// to the same strings are equal; another value is not.
#[test]
fn documents_are_equal_when_their_parses_are() {
    let nested = document_of(NESTED).expect("parses");
    let spaced = NESTED.replace(',', " ,\n ").replace(r"x\u0041", "xA");
    let same = document_of(&spaced).expect("parses");
    assert_ne!(nested.text(), same.text());
    assert_eq!(nested, same);
    let other = document_of(&NESTED.replace(r#""side":7"#, r#""side":8"#)).expect("parses");
    assert_ne!(nested, other);
    let other_id = document_of(&NESTED.replace(r#""@client_id":4"#, r#""@client_id":5"#));
    assert_ne!(nested, other_id.expect("parses"));
}

/// Held by the tests that look at which arena a document gets: the shared pool of spare arenas
/// is the process's, and the tests of this file run on threads of one process.
fn spares_lock() -> std::sync::MutexGuard<'static, ()> {
    static SPARES: std::sync::Mutex<()> = std::sync::Mutex::new(());
    SPARES
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// `document` holds what the arena parse of `text` in a new arena gives.
fn assert_document_is(document: &Document<Root>, text: &str) {
    with_received(text, |object| {
        assert_eq!(Ok(&document.get().object), object, "{text}")
    });
}

#[test]
fn a_document_equals_the_arena_parse_and_outlives_its_input() {
    let document = document_of(NESTED).expect("parses");
    assert_document_is(&document, NESTED);
    let received = document.get();
    assert_eq!(received.client_id, Some(4));
    assert_eq!(received.extra.map(|e| e.get()), Some(r#"{"id":[1,2]}"#));
    assert_eq!(document.text(), NESTED.as_bytes());
    // the decoded strings and the text are in the document's arena
    assert!(document.allocated_bytes() > NESTED.len());
    let Object::Shape(Shape::Square(square)) = &received.object else {
        panic!("not a square: {received:?}");
    };
    assert_eq!(
        square.inner,
        Shape::Circle(&Circle {
            radius: 3,
            label: "in\u{e9}"
        })
    );
    assert_eq!(format!("{document:?}"), format!("{received:?}"));
}

#[test]
fn a_document_moves_to_and_is_shared_between_threads() {
    let document = document_of(NESTED).expect("parses");
    let moved = std::thread::spawn(move || {
        let client_id = document.get().client_id;
        (document, client_id)
    });
    let (document, client_id) = moved.join().expect("thread");
    assert_eq!(client_id, Some(4));
    let document = &document;
    std::thread::scope(|s| {
        let readers: Vec<_> = (0..2)
            .map(|_| s.spawn(move || format!("{:?}", document.get().object)))
            .collect();
        for reader in readers {
            assert_eq!(
                reader.join().expect("thread"),
                format!("{:?}", document.get().object)
            );
        }
    });
}

#[test]
fn a_document_larger_than_its_first_chunk_grows_its_arena() {
    // many small objects: their views take more than the text's size again
    let text = shapes_document(500);
    let document = document_of(&text).expect("parses");
    let Object::Shape(Shape::Square(square)) = &document.get().object else {
        panic!("not a square");
    };
    assert_eq!(square.more.len(), 500);
    assert!(square.more.iter().all(|shape| *shape
        == Shape::Circle(&Circle {
            radius: 1,
            label: "A"
        })));
    assert!(document.allocated_bytes() > 2 * text.len());
}

#[test]
fn a_bad_document_fails_as_the_arena_parse_does() {
    for text in [
        r#"{"@type":"square","inner":[]}"#,
        r#"{"@type":"square","more":[{"@type":"circle"}"#,
        "",
        "{\"@type\":\"label\",\"text\":\"a\0b\"}",
        r#"{"@type":"label","text":"hi"} x"#,
    ] {
        let error = document_of(text).expect_err(text);
        with_received(text, |object| {
            assert_eq!(Err(error.to_string()), object.map(|_| ()), "{text}")
        });
        assert!(error.offset() <= text.len(), "{text}: {error}");
    }
}

/// A square whose `more` holds `count` circles: `{"@type":"square","more":[...]}`.
fn shapes_document(count: usize) -> String {
    let shapes = vec![r#"{"@type":"circle","radius":1,"label":"\u0041"}"#; count].join(",");
    format!(r#"{{"@type":"square","more":[{shapes}]}}"#)
}

/// A dropped document's arena is reset and kept by the thread that dropped it, for the next
/// document it parses (its chunk: `allocated_bytes` of the next document is the large one's),
/// while documents alive at the same time keep arenas of their own; an arena past
/// `SPARE_ARENA_MAX_BYTES` is freed, and `release_spare_arenas` frees the kept ones. Each in a
/// thread of its own (each thread keeps its own spare arenas). Under Miri: reuse after `reset` reads
/// nothing of a dropped document.
#[test]
fn documents_parsed_after_a_drop_reuse_its_arena_on_that_thread() {
    use tlgen_runtime::arena::{SPARE_ARENA_MAX_BYTES, release_spare_arenas};
    let _spares = spares_lock();
    let large = shapes_document(40);
    let too_large = shapes_document(if cfg!(miri) { 200 } else { 2_000 });
    std::thread::spawn(move || {
        let first = document_of(&large).expect("parses");
        let kept = first.allocated_bytes();
        assert!(kept > 4 * NESTED.len(), "{kept} bytes");
        // alive together: the second has an arena of its own
        let second = document_of(NESTED).expect("parses");
        assert!(second.allocated_bytes() < kept);
        assert_document_is(&first, &large);
        drop(first);
        // after the drop: the large arena, reset, holds the next document, and the one after
        // it (no growth: each starts from an empty arena)
        for _ in 0..20 {
            assert_eq!(document_of(NESTED).expect("parses").allocated_bytes(), kept);
        }
        let third = document_of(NESTED).expect("parses");
        assert_eq!(third.allocated_bytes(), kept);
        assert_document_is(&third, NESTED);
        assert_document_is(&second, NESTED);
        drop((second, third));
        // a rejected document gives its arena back too
        let error = document_of(r#"{"@type":"square","inner":[]}"#);
        assert!(error.is_err());
        assert_eq!(document_of(NESTED).expect("parses").allocated_bytes(), kept);
        release_spare_arenas();
        release_spare_arenas();
        let fresh = document_of(NESTED).expect("parses");
        assert!(fresh.allocated_bytes() < kept);
        drop(fresh);
        release_spare_arenas();
        if !cfg!(miri) {
            let huge = document_of(&too_large).expect("parses");
            assert!(huge.allocated_bytes() > SPARE_ARENA_MAX_BYTES);
            drop(huge);
            assert!(document_of(NESTED).expect("parses").allocated_bytes() < kept);
        }
    })
    .join()
    .expect("thread");
}

/// A document dropped on another thread leaves its arena to that thread, whose next document
/// (a different one, parsed there) reuses it; the parsing thread makes a new arena.
#[test]
fn a_document_dropped_on_another_thread_leaves_its_arena_there() {
    let _spares = spares_lock();
    let large = shapes_document(40);
    let document = document_of(&large).expect("parses");
    let kept = document.allocated_bytes();
    std::thread::spawn(move || {
        drop(document);
        let reused = document_of(NESTED).expect("parses");
        assert_eq!(reused.allocated_bytes(), kept);
        assert_document_is(&reused, NESTED);
    })
    .join()
    .expect("thread");
}

/// Documents parsed on one thread and dropped on another come back to the parsing thread: the
/// dropping thread keeps `SPARE_ARENAS_PER_THREAD` arenas, passes them to the shared pool when
/// it drops one more, and the parsing thread, which has none of its own, takes them from there
/// (the next documents' arenas are the large ones, not new small ones); once the pool is
/// released, a new arena again.
#[test]
fn documents_dropped_on_a_worker_thread_come_back_to_the_parsing_thread() {
    use tlgen_runtime::arena::{SPARE_ARENAS_PER_THREAD, release_spare_arenas};
    let _spares = spares_lock();
    release_spare_arenas();
    let large = shapes_document(40);
    let documents: Vec<_> = (0..=SPARE_ARENAS_PER_THREAD)
        .map(|_| document_of(&large).expect("parses"))
        .collect();
    let kept = documents[0].allocated_bytes();
    assert!(kept > 4 * NESTED.len(), "{kept} bytes");
    assert!(documents.iter().all(|d| d.allocated_bytes() == kept));
    std::thread::spawn(move || drop(documents))
        .join()
        .expect("thread");
    let again: Vec<_> = (0..SPARE_ARENAS_PER_THREAD)
        .map(|_| document_of(NESTED).expect("parses"))
        .collect();
    for document in &again {
        assert_eq!(document.allocated_bytes(), kept);
        assert_document_is(document, NESTED);
    }
    drop(again);
    release_spare_arenas();
    assert!(document_of(NESTED).expect("parses").allocated_bytes() < kept);
    release_spare_arenas();
}

/// Takes a document by value and drops it: its references are then arguments of a call that
/// outlives them (Miri: the arena's chunks are freed, or reset and reused, while the call
/// runs; a `Document` keeps its parse in a `MaybeUninit` so that this is not undefined).
fn drop_and_parse_again(document: Document<Root>) -> Document<Root> {
    drop(document);
    document_of(NESTED).expect("parses")
}

/// The Stacked Borrows violation Miri found at fb711fd (its `Document` held its parse as
/// plain fields): a document dropped by a function that took it by value.
#[test]
fn a_document_dropped_by_a_function_that_took_it_by_value() {
    let document = drop_and_parse_again(document_of(NESTED).expect("parses"));
    let document = drop_and_parse_again(document);
    assert_document_is(&document, NESTED);
    let too_large = shapes_document(if cfg!(miri) { 300 } else { 2_000 });
    drop(drop_and_parse_again(
        document_of(&too_large).expect("parses"),
    ));
}
