//! Owned classes read as data (`owned_class!` and the entry points `parse_owned_class_in` /
//! `parse_owned_index`) on hand-written types shaped like generated owned code: a class as a
//! field, as vector elements, nested, of an unknown type, with `@type` not first; variants that
//! box their constructor and variants that hold it inline (made in the caller's slot, or, when
//! larger than `SLOT_MAX`, in a box and moved out), a constructor without a default image, and
//! an `Object` whose rows include the classes'. Errors inside a constructor drop what was made:
//! this binary counts its thread's allocations and checks that a failed parse leaves none. The
//! runtime's own suite, so that the planted-bug script (which runs only it) reaches these
//! paths.

use std::alloc::{GlobalAlloc, Layout, System};
use std::borrow::Cow;
use std::cell::Cell;

use tlgen_runtime::fields;
use tlgen_runtime::parse::{Envelope, Field, ParseClass, ParseValue, SLOT_MAX};
use tlgen_runtime::pointer::{Cursor, Error, NulTerminated};
use tlgen_runtime::{TypeTable, UnknownObject};

mod parse_entry {
    tlgen_runtime::__private::parse_entry_points!();
}

/// The system allocator, counting the blocks each thread holds.
struct Counting;

thread_local! {
    static LIVE: Cell<isize> = const { Cell::new(0) };
}

// SAFETY: every call is the system allocator's, with the caller's arguments.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let _ = LIVE.try_with(|n| n.set(n.get() + 1));
        // SAFETY: caller.
        unsafe { System.alloc(layout) }
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        let _ = LIVE.try_with(|n| n.set(n.get() - 1));
        // SAFETY: caller.
        unsafe { System.dealloc(ptr, layout) }
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        // SAFETY: caller.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn live() -> isize {
    LIVE.with(Cell::get)
}

#[derive(Debug, PartialEq, Clone)]
struct Circle<'a> {
    radius: i32,
    label: Cow<'a, str>,
}

impl Circle<'_> {
    const DEFAULT: Self = Circle {
        radius: 0,
        label: Cow::Borrowed(""),
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
        label: Cow<'a, str> = b"\"label\":",
    });
    tlgen_runtime::default_image!('a);
}

#[derive(Debug, PartialEq, Clone)]
struct Square<'a> {
    side: i64,
    inner: Shape<'a>,
    more: Vec<Shape<'a>>,
}

impl Square<'_> {
    const DEFAULT: Self = Square {
        side: 0,
        inner: Shape::DEFAULT,
        more: Vec::new(),
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
        more: Vec<Shape<'a>> = b"\"more\":",
    });
    tlgen_runtime::default_image!('a);
}

/// A constructor without a default image (generated ones that box a field have none): the
/// shared code writes its `Default`.
#[derive(Debug, PartialEq, Clone, Default)]
struct Node<'a> {
    name: Cow<'a, str>,
    next: Option<Box<Shape<'a>>>,
}

impl<'a> ParseValue<'a> for Node<'a> {
    const FIELDS: &'a [Field<'a, Self>] = fields!(Self {
        name: Cow<'a, str> = b"\"name\":",
        next: Option<Box<Shape<'a>>> = b"\"next\":",
    });
}

/// A class of three constructors: `circle` inline, `square` boxed, `node` inline without an
/// image.
#[derive(Debug, PartialEq, Clone)]
enum Shape<'a> {
    Circle(Circle<'a>),
    Square(Box<Square<'a>>),
    Node(Node<'a>),
    Unknown(UnknownObject<'a>),
}

impl Shape<'_> {
    const DEFAULT: Self = Shape::Unknown(UnknownObject::DEFAULT);
    /// `tlgen_runtime::type_table::layout(&["circle", "square", "node"])`.
    const TYPES: &'static TypeTable = &TypeTable::new(
        &[
            (3629327232, 0, 6, 1),
            (3479957552, 6, 6, 2),
            (4131689466, 12, 4, 3),
            (0, 0, 0, 0),
            (0, 0, 0, 0),
            (0, 0, 0, 0),
            (0, 0, 0, 0),
            (0, 0, 0, 0),
        ],
        "circlesquarenode",
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
        parse_entry::parse_owned_class_in(slot, c, depth)
    }
}

tlgen_runtime::owned_class!('a, Shape<'a>, 3 {
    0 => Circle: Circle<'a>, 2 => Node: Node<'a>;
    1 => Square: Square<'a>
});

/// A constructor larger than a slot, inline in its class: made in a box, then moved out.
#[derive(Debug, PartialEq, Clone)]
struct Big<'a> {
    name: Cow<'a, str>,
    words: [u64; 40],
}

impl Big<'_> {
    const DEFAULT: Self = Big {
        name: Cow::Borrowed(""),
        words: [7; 40],
    };
}

impl Default for Big<'_> {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl<'a> ParseValue<'a> for Big<'a> {
    const FIELDS: &'a [Field<'a, Self>] = fields!(Self { name: Cow<'a, str> = b"\"name\":" });
    tlgen_runtime::default_image!('a);
}

/// A class larger than a slot: its rows are made in a fixed one.
#[allow(clippy::large_enum_variant, reason = "the point: larger than a slot")]
#[derive(Debug, PartialEq, Clone)]
enum Blob<'a> {
    Big(Big<'a>),
    Tiny(Circle<'a>),
    Unknown(UnknownObject<'a>),
}

impl Blob<'_> {
    const DEFAULT: Self = Blob::Unknown(UnknownObject::DEFAULT);
    /// `tlgen_runtime::type_table::layout(&["big", "tiny"])`.
    const TYPES: &'static TypeTable = &TypeTable::new(
        &[
            (0, 0, 0, 0),
            (0, 0, 0, 0),
            (2987131898, 0, 3, 1),
            (1627287390, 3, 4, 2),
        ],
        "bigtiny",
    );
}

impl Default for Blob<'_> {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl tlgen_runtime::Element for Blob<'_> {}

impl<'a> ParseValue<'a> for Blob<'a> {
    tlgen_runtime::default_image!('a);
    fn parse_in(slot: &mut Self, c: &mut Cursor<'a>, depth: u32) -> Result<(), Error> {
        parse_entry::parse_owned_class_in(slot, c, depth)
    }
}

tlgen_runtime::owned_class!('a, Blob<'a>, 2 { 0 => Big: Big<'a>, 1 => Tiny: Circle<'a>; });

#[derive(Debug, PartialEq, Clone)]
struct Label<'a> {
    text: Cow<'a, str>,
    blobs: Vec<Blob<'a>>,
}

impl Label<'_> {
    const DEFAULT: Self = Label {
        text: Cow::Borrowed(""),
        blobs: Vec::new(),
    };
}

impl Default for Label<'_> {
    fn default() -> Self {
        Self::DEFAULT
    }
}

impl<'a> ParseValue<'a> for Label<'a> {
    const FIELDS: &'a [Field<'a, Self>] = fields!(Self {
        text: Cow<'a, str> = b"\"text\":",
        blobs: Vec<Blob<'a>> = b"\"blobs\":",
    });
    tlgen_runtime::default_image!('a);
}

/// Every constructor: the classes' five, then `label` (boxed).
#[allow(clippy::large_enum_variant, reason = "the point: larger than a slot")]
#[derive(Debug, PartialEq)]
enum Object<'a> {
    Shape(Shape<'a>),
    Blob(Blob<'a>),
    Label(Box<Label<'a>>),
    Unknown(UnknownObject<'a>),
}

impl Default for Object<'_> {
    fn default() -> Self {
        Object::Unknown(UnknownObject::DEFAULT)
    }
}

impl Object<'_> {
    /// `tlgen_runtime::type_table::layout(&["circle", "square", "node", "big", "tiny",
    /// "label"])`.
    const TYPES: &'static TypeTable = &TypeTable::new(
        &[
            (3629327232, 0, 6, 1),
            (3479957552, 6, 6, 2),
            (0, 0, 0, 0),
            (0, 0, 0, 0),
            (0, 0, 0, 0),
            (0, 0, 0, 0),
            (1964004582, 23, 5, 6),
            (0, 0, 0, 0),
            (0, 0, 0, 0),
            (0, 0, 0, 0),
            (4131689466, 12, 4, 3),
            (2987131898, 16, 3, 4),
            (0, 0, 0, 0),
            (0, 0, 0, 0),
            (1627287390, 19, 4, 5),
            (0, 0, 0, 0),
        ],
        "circlesquarenodebigtinylabel",
    );
}

impl<'a> ParseValue<'a> for Object<'a> {
    fn parse_in(slot: &mut Self, c: &mut Cursor<'a>, depth: u32) -> Result<(), Error> {
        tlgen_runtime::__private::parse::parse_class_in(slot, c, depth)
    }
}

tlgen_runtime::owned_class!('a, Object<'a>, 6 {
    ;
    5 => Label: Label<'a>;
    0 => Shape: Shape<'a> [0],
    1 => Shape: Shape<'a> [1],
    2 => Shape: Shape<'a> [2],
    3 => Blob: Blob<'a> [0],
    4 => Blob: Blob<'a> [1],
});

impl<'a> ParseClass<'a> for Object<'a> {
    fn parse_variant(
        name: std::borrow::Cow<'a, str>,
        c: &mut Cursor<'a>,
        depth: u32,
        envelope: Option<&mut Envelope<'a>>,
    ) -> Result<Self, Error> {
        parse_entry::parse_owned_index(Self::TYPES.find(&name), name, c, depth, envelope)
    }
}

#[test]
fn the_type_tables_are_the_generators_layout() {
    for (names, table) in [
        (&["circle", "square", "node"][..], Shape::TYPES),
        (&["big", "tiny"][..], Blob::TYPES),
        (
            &["circle", "square", "node", "big", "tiny", "label"][..],
            Object::TYPES,
        ),
    ] {
        for (index, name) in names.iter().enumerate() {
            assert_eq!(table.find(name), Some(index), "{name}");
        }
        assert_eq!(table.find("triangle"), None);
    }
}

#[test]
fn the_slots_are_what_the_types_need() {
    use tlgen_runtime::parse::in_slot;
    // `Shape` gives a slot of itself, `Blob` (and `Object`) a fixed one; `Big` is made in a box.
    assert!(size_of::<Shape<'_>>() <= SLOT_MAX);
    assert!(size_of::<Blob<'_>>() > SLOT_MAX && size_of::<Object<'_>>() > SLOT_MAX);
    assert!(in_slot::<Circle<'_>>() && in_slot::<Node<'_>>() && !in_slot::<Big<'_>>());
}

/// The document parsed, then given to `check` (and dropped).
fn with_received(doc: &str, check: impl FnOnce(Result<&Object<'_>, String>)) {
    let buffer = NulTerminated::from(doc.as_bytes().to_vec());
    let received = Cursor::from_bytes_with_nul(buffer.as_bytes_with_nul())
        .and_then(tlgen_runtime::parse::parse_received::<Object<'_>>);
    match &received {
        Ok(received) => check(Ok(&received.object)),
        Err(e) => check(Err(e.to_string())),
    }
}

fn circle(radius: i32, label: &str) -> Circle<'_> {
    Circle {
        radius,
        label: Cow::Borrowed(label),
    }
}

#[test]
fn class_fields_elements_and_nesting_are_made_from_their_rows() {
    let doc = r#"{"@type":"square","side":7,"inner":{"@type":"circle","radius":3,"label":"in"},"more":[{"@type":"square","side":2,"inner":{"@type":"circle","radius":1,"label":"deep"}},{"@type":"circle","radius":5,"label":"x\u0041"},null,{"label":"late","@type":"circle","radius":9},{"@type":"node","name":"n","next":{"@type":"square","side":4}}],"@client_id":4}"#;
    with_received(doc, |object| {
        let Ok(Object::Shape(Shape::Square(square))) = object else {
            panic!("not a square: {object:?}");
        };
        assert_eq!(square.side, 7);
        assert_eq!(square.inner, Shape::Circle(circle(3, "in")));
        assert_eq!(square.more.len(), 5);
        let Shape::Square(nested) = &square.more[0] else {
            panic!("not a square: {:?}", square.more[0]);
        };
        assert_eq!((nested.side, nested.more.len()), (2, 0));
        assert_eq!(nested.inner, Shape::Circle(circle(1, "deep")));
        assert_eq!(square.more[1], Shape::Circle(circle(5, "xA")));
        // `null`: the class's default
        assert_eq!(square.more[2], Shape::DEFAULT);
        // `@type` last: found by looking ahead, then skipped by the field loop
        assert_eq!(square.more[3], Shape::Circle(circle(9, "late")));
        // a constructor without an image: its `Default`, then its fields
        let next = Square {
            side: 4,
            ..Square::DEFAULT
        };
        assert_eq!(
            square.more[4],
            Shape::Node(Node {
                name: Cow::Borrowed("n"),
                next: Some(Box::new(Shape::Square(Box::new(next)))),
            })
        );
    });
}

#[test]
fn each_constructor_of_object_is_its_own_variant() {
    let big = |name| Big {
        name: Cow::Borrowed(name),
        ..Big::DEFAULT
    };
    with_received(
        r#"{"@type":"label","text":"hi","blobs":[{"@type":"big","name":"b"},{"@type":"tiny","radius":6},null]}"#,
        |object| {
            let label = Label {
                text: Cow::Borrowed("hi"),
                blobs: vec![
                    Blob::Big(big("b")),
                    Blob::Tiny(circle(6, "")),
                    Blob::DEFAULT,
                ],
            };
            assert_eq!(object, Ok(&Object::Label(Box::new(label))));
        },
    );
    with_received(r#"{"@type":"circle","radius":2}"#, |object| {
        assert_eq!(object, Ok(&Object::Shape(Shape::Circle(circle(2, "")))));
    });
    with_received(r#"{"@type":"square"}"#, |object| {
        let square = Box::new(Square::DEFAULT);
        assert_eq!(object, Ok(&Object::Shape(Shape::Square(square))));
    });
    with_received(r#"{"@type":"node","name":"top"}"#, |object| {
        let node = Node {
            name: Cow::Borrowed("top"),
            next: None,
        };
        assert_eq!(object, Ok(&Object::Shape(Shape::Node(node))));
    });
    // larger than a slot: made in a box from its image (`words` stay 7), moved out
    with_received(r#"{"name":"\u0062ig","@type":"big"}"#, |object| {
        assert_eq!(object, Ok(&Object::Blob(Blob::Big(big("big")))));
    });
    with_received(r#"{"@type":"tiny","label":"t"}"#, |object| {
        assert_eq!(object, Ok(&Object::Blob(Blob::Tiny(circle(0, "t")))));
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

/// Documents that fail inside constructors made in every way: boxed, in a slot, in a box
/// moved out, from `Default`, in vectors, nested.
const BAD: [(&str, &str); 7] = [
    (r#"{"@type":"square","inner":[]}"#, "expected"),
    (r#"{"@type":"square","inner":{"radius":1}}"#, "@type"),
    (
        r#"{"@type":"square","inner":{"@type":"circle","label":"a\u0062","radius":"x"}}"#,
        "integer",
    ),
    (
        r#"{"@type":"square","more":[{"@type":"circle","label":"\u0063"},{"@type":"circle"}"#,
        "end",
    ),
    (
        r#"{"@type":"node","name":"\u0064","next":{"@type":"square","more":[{"@type":"node","name":"\u0065","next":7}]}}"#,
        "expected",
    ),
    (
        r#"{"@type":"label","text":"\u0066","blobs":[{"@type":"big","name":"\u0067"},{"@type":"big","name":1}]}"#,
        "string",
    ),
    (r#"{"@type":"big","name":"\u0068","name":2,"x":}"#, "value"),
];

#[test]
fn bad_class_objects_fail_with_the_cursors_error_and_free_what_was_made() {
    for (doc, want) in BAD {
        // (once first: the thread's vector scratch keeps its first chunk)
        with_received(doc, |_| {});
        let before = live();
        with_received(doc, |object| {
            let error = object.expect_err(doc);
            assert!(error.contains(want), "{doc}: {error}");
        });
        assert_eq!(live(), before, "{doc}: blocks left allocated");
    }
}

#[test]
fn every_prefix_fails_and_frees_what_was_made() {
    let doc = r#"{"@type":"label","text":"\u0061","blobs":[{"@type":"big","name":"\u0062"},{"@type":"tiny","label":"\u0063"}],"@extra":"e"}"#;
    let square = r#"{"@type":"square","side":1,"inner":{"@type":"node","name":"\u0064","next":{"@type":"square","more":[{"@type":"circle","label":"\u0065"},{"@type":"node","name":"\u0066"}]}},"more":[{"@type":"square"}]}"#;
    for doc in [doc, square] {
        with_received(doc, |object| assert!(object.is_ok(), "{object:?}"));
        for end in 1..doc.len() {
            let before = live();
            with_received(&doc[..end], |object| assert!(object.is_err(), "{end}"));
            assert_eq!(live(), before, "{}: blocks left allocated", &doc[..end]);
        }
    }
}
