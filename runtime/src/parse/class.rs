//! Classes for the pointer parser: [`ParseClass`], implemented by generated code for each class
//! enum and for `Object`, `@type` dispatch (the name is expected first and looked ahead for
//! otherwise), unknown objects, and the top-level document ([`parse_received`]: the object
//! plus its envelope). Mirrors `reader::class`.

use std::borrow::Cow;

use super::value::{Envelope, skip_or_envelope};
use crate::arena::Bump;
use crate::pointer::{Cursor, Error, ErrorKind};
use crate::unknown::UnknownObject;

/// A generated class's `parse_index`.
pub type ClassIndexParser<'a, C> = fn(
    Option<usize>,
    Cow<'a, str>,
    &mut Cursor<'a>,
    u32,
    Option<&mut Envelope<'a>>,
) -> Result<C, Error>;

/// The `Unknown` arm of a generated `parse_index` (rare: not among the
/// [entry points](super::entry) compiled in the generated crate).
pub fn parse_unknown_as<'a, O, W: FnOnce(UnknownObject<'a>) -> O>(
    name: Cow<'a, str>,
    c: &mut Cursor<'a>,
    depth: u32,
    envelope: Option<&mut Envelope<'a>>,
    wrap: W,
) -> Result<O, Error> {
    parse_unknown(name, c, depth, envelope).map(wrap)
}

/// Skips the remaining members of an object of unknown type, keeping its name.
pub fn parse_unknown<'a>(
    name: Cow<'a, str>,
    c: &mut Cursor<'a>,
    depth: u32,
    mut envelope: Option<&mut Envelope<'a>>,
) -> Result<UnknownObject<'a>, Error> {
    while let Some(key) = c.next_key()? {
        skip_or_envelope(&key, c, depth + 1, envelope.as_deref_mut())?;
    }
    // In arena mode an owned name (one with escapes) moves into the arena: values there are
    // never dropped, so they must own nothing.
    let type_name = match (name, c.arena_if_any()) {
        (Cow::Owned(name), Some(arena)) => Cow::Borrowed(&*arena.alloc_str(&name)),
        (name, _) => name,
    };
    Ok(UnknownObject { type_name })
}

/// A class (several constructors) or the top-level `Object`. Implemented by generated code.
pub trait ParseClass<'a>: Sized {
    /// Parses the rest of an object whose `@type` is `name`, dispatching through the class's
    /// [`TypeTable`](crate::type_table::TypeTable) (CRC32, then an exact compare).
    fn parse_variant(
        name: Cow<'a, str>,
        c: &mut Cursor<'a>,
        depth: u32,
        envelope: Option<&mut Envelope<'a>>,
    ) -> Result<Self, Error>;
}

/// A class value at nesting `depth`.
#[inline]
pub fn parse_class<'a, T: ParseClass<'a>>(c: &mut Cursor<'a>, depth: u32) -> Result<T, Error> {
    c.begin_object(depth)?;
    parse_tagged(c, depth, None)
}

/// [`parse_class`] into `slot`: a generated class's
/// [`ParseValue::parse_in`](crate::parse::ParseValue::parse_in).
#[inline]
pub fn parse_class_in<'a, T: ParseClass<'a>>(
    slot: &mut T,
    c: &mut Cursor<'a>,
    depth: u32,
) -> Result<(), Error> {
    *slot = parse_class(c, depth)?;
    Ok(())
}

/// The rest of a tagged object (its `{` consumed): its `@type`, then the class's dispatch.
/// `#[inline]`: compiled into each class's element and field readers, which call the class's
/// `parse_index` directly (a frame and a call fewer per class object).
#[inline]
fn parse_tagged<'a, T: ParseClass<'a>>(
    c: &mut Cursor<'a>,
    depth: u32,
    envelope: Option<&mut Envelope<'a>>,
) -> Result<T, Error> {
    let name = type_name(c, depth)?;
    T::parse_variant(name, c, depth, envelope)
}

/// The `@type` of the object the cursor is in (its `{` consumed, at nesting `depth`). When
/// `@type` is the first key (TDLib's order) it is consumed, and the cursor is left after its
/// value; otherwise it is found by looking ahead, and the cursor stays where it was (the field
/// loop skips the `@type` key when it meets it).
///
/// `#[inline]` for the reason `parse_raw_fields` is: one copy in the crate of the generated
/// code, called directly.
#[inline]
pub fn type_name<'a>(c: &mut Cursor<'a>, depth: u32) -> Result<Cow<'a, str>, Error> {
    if c.eat_key(b"\"@type\":") {
        return match c.eat_plain_ascii_str() {
            Some(name) => Ok(Cow::Borrowed(name)),
            None => c.read_str(),
        };
    }
    match c.find_type_tag(depth)? {
        Some(name) => Ok(name),
        None => Err(missing_type(c)),
    }
}

#[cold]
fn missing_type(c: &mut Cursor<'_>) -> Error {
    // Consume the object so the error points at its end, like the reader's "missing field".
    c.error(ErrorKind::MissingType)
}

/// What `td_receive` returns, parsed from the whole document: the object, `@extra`,
/// `@client_id`; then only whitespace may follow.
pub fn parse_received<'a, T: ParseClass<'a>>(
    c: Cursor<'a>,
) -> Result<crate::received::Received<'a, T>, Error> {
    let (object, envelope) = parse_document(c)?;
    Ok(crate::received::Received {
        object,
        extra: envelope.extra.map(Cow::Borrowed),
        client_id: envelope.client_id,
    })
}

/// [`parse_received`] for arena mode: the values, and `@extra`, in `arena`.
pub fn parse_received_in<'a, T: ParseClass<'a>>(
    arena: &'a Bump,
    c: Cursor<'a>,
) -> Result<crate::arena::Received<'a, T>, Error> {
    let (object, envelope) = parse_document(c.with_arena(arena))?;
    Ok(crate::arena::Received {
        object,
        extra: envelope.extra,
        client_id: envelope.client_id,
    })
}

/// The object of a whole document and its envelope; then only whitespace may follow.
fn parse_document<'a, T: ParseClass<'a>>(mut c: Cursor<'a>) -> Result<(T, Envelope<'a>), Error> {
    c.begin_object(1)?;
    let mut envelope = Envelope::default();
    let object = parse_tagged(&mut c, 1, Some(&mut envelope))?;
    c.finish()?;
    Ok((object, envelope))
}
