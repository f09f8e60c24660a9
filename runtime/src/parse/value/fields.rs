//! The field loop every constructor shares: `{`, then each member found by its key in the
//! constructor's [`Field`](super::Field) rows (the expected key first: TDLib writes fields in
//! declaration order) and read into its place; duplicates (the first wins), unknown keys
//! (skipped) and, at the top level, the `@extra` / `@client_id` [`Envelope`]. Mirrors
//! `reader::value`.

use super::image::ErasedFields;
use super::table::RawField;
use super::{ParseValue, parse_field_value};
use crate::pointer::{Cursor, Error};
use crate::raw_json::RawJson;
use crate::seen::SeenFields;

/// The keys TDLib adds at the top level of what `td_receive` returns.
#[derive(Debug, Default)]
pub struct Envelope<'a> {
    /// `@extra`: its text, validated and borrowed from the input (both storage modes).
    pub extra: Option<&'a RawJson>,
    /// `@client_id`; `None` when absent.
    pub client_id: Option<i32>,
    seen_client_id: bool,
}

/// A member of the [`Envelope`].
#[derive(Clone, Copy)]
enum Member {
    Extra,
    ClientId,
}

impl<'a> Envelope<'a> {
    /// Reads the member called `key` if it is one of the envelope's; `false` otherwise.
    fn parse(&mut self, key: &str, c: &mut Cursor<'a>, depth: u32) -> Result<bool, Error> {
        let member = match key {
            "@extra" => Member::Extra,
            "@client_id" => Member::ClientId,
            _ => return Ok(false),
        };
        self.read(member, c, depth)?;
        Ok(true)
    }

    /// The envelope's member at the cursor, if its key is written as TDLib writes it
    /// (`"@client_id":`, `"@extra":`, no whitespace): matched by a word compare, without
    /// reading the key first (every document `td_receive` returns ends with `@client_id`;
    /// read as an unknown key and matched by name, it cost ~80 instructions more a document:
    /// docs/BENCHMARKS.md, "The envelope's keys by a word compare"). Any other spelling
    /// (whitespace, escapes) is left to [`Envelope::parse`].
    #[inline]
    fn eat(&mut self, c: &mut Cursor<'a>, depth: u32) -> Result<bool, Error> {
        let member = if c.eat_key(b"\"@client_id\":") {
            Member::ClientId
        } else if c.eat_key(b"\"@extra\":") {
            Member::Extra
        } else {
            return Ok(false);
        };
        self.read(member, c, depth)?;
        Ok(true)
    }

    /// The value of `member`, whichever way its key was matched: the first of duplicates
    /// wins, later ones are skipped.
    fn read(&mut self, member: Member, c: &mut Cursor<'a>, depth: u32) -> Result<(), Error> {
        match member {
            Member::Extra if self.extra.is_none() => self.extra = Some(c.raw_value(depth)?),
            Member::ClientId if !self.seen_client_id => {
                self.seen_client_id = true;
                self.client_id = match c.eat_lone_digit() {
                    Some(digit) => Some(i32::from(digit)),
                    None => parse_field_value(c, depth)?,
                };
            }
            _ => c.skip_value(depth)?,
        }
        Ok(())
    }
}

/// The row of `fields` whose key is `key` (`"name":` forms), with its index: by length, then
/// exact compare. The search starts at `from`, where the key is likely to be (TDLib omits null
/// fields, so the key that follows is usually a few places after the expected one), and wraps
/// around.
#[inline]
fn find_key<'f, 'a>(
    fields: &'f [RawField<'a>],
    key: &[u8],
    from: usize,
) -> Option<(usize, &'f RawField<'a>)> {
    let is_key = |(_, field): &(usize, &RawField<'_>)| {
        let k = field.key();
        k.len() == key.len() + 3 && k.get(1..k.len() - 2).is_some_and(|name| name == key)
    };
    let from = from.min(fields.len());
    let rows = fields.iter().enumerate();
    rows.clone()
        .skip(from)
        .find(is_key)
        .or_else(|| rows.take(from).find(is_key))
}

/// Parses the remaining members of an object (its `{` already consumed, at nesting `depth`)
/// as a new `T`.
#[inline]
pub fn parse_rest<'a, T: ParseValue<'a>>(
    c: &mut Cursor<'a>,
    depth: u32,
    envelope: Option<&mut Envelope<'a>>,
) -> Result<T, Error> {
    let mut out = T::default();
    parse_fields(c, depth, envelope, &mut out)?;
    Ok(out)
}

/// Parses the remaining members of an object (its `{` already consumed, at nesting `depth`)
/// into `out`, whose fields hold their defaults, through the one shared field loop
/// (`parse_raw_fields`).
#[inline]
pub fn parse_fields<'a, T: ParseValue<'a>>(
    c: &mut Cursor<'a>,
    depth: u32,
    envelope: Option<&mut Envelope<'a>>,
    out: &mut T,
) -> Result<(), Error> {
    let fields = ErasedFields::of::<T>();
    // SAFETY: `out` is a live `T`, exclusively ours for the call, and `fields` are `T`'s.
    unsafe { parse_fields_erased(c, depth, envelope, fields, (out as *mut T).cast::<u8>()) }
}

/// [`parse_fields`] through an [`ErasedFields`]: the remaining members of an object (its `{`
/// consumed, at nesting `depth`) into the constructor at `out`, whose fields hold their
/// defaults.
///
/// # Safety
///
/// `out` points to a live value of the type whose table `fields` is
/// ([`ErasedFields::of`]), valid for writes and not otherwise borrowed while this runs.
#[doc(hidden)]
#[inline]
pub unsafe fn parse_fields_erased<'a>(
    c: &mut Cursor<'a>,
    depth: u32,
    envelope: Option<&mut Envelope<'a>>,
    fields: ErasedFields<'a>,
    out: *mut u8,
) -> Result<(), Error> {
    // SAFETY: caller.
    unsafe { parse_raw_fields(c, depth, envelope, fields.0, out) }
}

/// The field loop: parses the remaining members of an object (its `{` already consumed, at
/// nesting `depth`) into the constructor at `out`, whose fields hold their defaults. Keys are
/// first tried in declaration order (TDLib's order), then looked up; a repeated key's value is
/// skipped (the first one wins).
///
/// Not generic: one copy of the loop serves every constructor, instead of one copy per
/// constructor (thousands in td_api, megabytes of machine code that a stream of different
/// constructors would fetch anew for each document). `#[inline]` so that it is compiled in
/// the crate of the generated code, which then calls it directly ([`super::entry`]); it is
/// too big to be inlined into its many callers there.
///
/// # Safety
///
/// `out` points to a live value of the type whose table `fields` is ([`RawField::erase`]),
/// valid for writes and not otherwise borrowed while this runs.
#[inline]
unsafe fn parse_raw_fields<'a>(
    c: &mut Cursor<'a>,
    depth: u32,
    mut envelope: Option<&mut Envelope<'a>>,
    fields: &[RawField<'a>],
    out: *mut u8,
) -> Result<(), Error> {
    let mut seen = SeenFields::new();
    let mut expected = 0;
    // `@type` first, as TDLib writes it: a single-constructor object ignores its value.
    if c.eat_key(b"\"@type\":") && c.eat_plain_ascii_str().is_none() {
        c.skip_value(depth + 1)?;
    }
    loop {
        let (index, field) = match fields.get(expected) {
            Some(field) if c.eat_field_key(field.key_words()) => (expected, field),
            _ if c.eat_object_end() => break,
            _ => match next_field(c, fields, expected, depth, envelope.as_deref_mut())? {
                Some(found) => found,
                None => break,
            },
        };
        if !seen.insert(index) {
            c.skip_value(depth + 1)?;
        } else if !c.eat_null() {
            // SAFETY: `out` is the value `fields` describe (caller).
            unsafe { field.read(out, c, depth + 1) }?;
        }
        expected = index + 1;
    }
    Ok(())
}

/// The general path of [`parse_raw_fields`], when the expected key is not next: reads keys
/// until one of `fields` (returns its index and row, the cursor before its value) or the end of
/// the object (`None`, `}` consumed), skipping the values of other keys (or giving them to the
/// envelope). Out of line: the common path stays small.
#[inline(never)]
fn next_field<'a, 'f>(
    c: &mut Cursor<'a>,
    fields: &'f [RawField<'a>],
    expected: usize,
    depth: u32,
    mut envelope: Option<&mut Envelope<'a>>,
) -> Result<Option<(usize, &'f RawField<'a>)>, Error> {
    // TDLib omits null fields, so the key that came instead is usually a later one: every later
    // row is tried (a word compare each, no key read), e.g. `message`'s `self_destruct_in`
    // five rows after the expected `fact_check` in a page of messages. A key that is not
    // among them (unknown, out of order, the envelope's) pays the table's remaining compares
    // more before the general path.
    for (index, field) in fields.iter().enumerate().skip(expected + 1) {
        if c.eat_field_key(field.key_words()) {
            return Ok(Some((index, field)));
        }
    }
    loop {
        if let Some(envelope) = envelope.as_deref_mut() {
            if envelope.eat(c, depth + 1)? {
                // (the envelope's keys come last in TDLib's documents: the object's `}`
                // usually follows, before which the envelope's keys need not be tried again)
                if c.eat_object_end() {
                    return Ok(None);
                }
                continue;
            }
        }
        let Some(key) = c.next_key_inlined()? else {
            return Ok(None);
        };
        if let Some(found) = find_key(fields, key.as_bytes(), expected) {
            return Ok(Some(found));
        }
        skip_or_envelope(&key, c, depth + 1, envelope.as_deref_mut())?;
    }
}

#[inline]
pub(in crate::parse) fn skip_or_envelope<'a>(
    key: &str,
    c: &mut Cursor<'a>,
    depth: u32,
    envelope: Option<&mut Envelope<'a>>,
) -> Result<(), Error> {
    if let Some(envelope) = envelope {
        if envelope.parse(key, c, depth)? {
            return Ok(());
        }
    }
    c.skip_value(depth)
}

/// A constructor at nesting `depth` into `slot`, whose fields hold their defaults: `{`, then
/// its fields (the default [`ParseValue::parse_in`]).
#[inline]
pub fn parse_struct_in<'a, T: ParseValue<'a>>(
    slot: &mut T,
    c: &mut Cursor<'a>,
    depth: u32,
) -> Result<(), Error> {
    c.begin_object(depth)?;
    parse_fields(c, depth, None, slot)
}

#[cfg(test)]
mod tests {
    use super::{Envelope, ParseValue, parse_rest};
    use crate::pointer::{Cursor, Error, ErrorKind};

    #[derive(Default)]
    struct Empty;
    impl ParseValue<'_> for Empty {}

    /// The `@client_id` of a top-level object without fields, read through the envelope.
    fn client_id(doc: &str) -> Result<Option<i32>, Error> {
        let bytes = format!("{doc}\0");
        let mut c = Cursor::from_bytes_with_nul(bytes.as_bytes())?;
        c.begin_object(1)?;
        let mut envelope = Envelope::default();
        parse_rest::<Empty>(&mut c, 1, Some(&mut envelope))?;
        c.finish()?;
        Ok(envelope.client_id)
    }

    #[test]
    fn client_ids_of_one_digit_and_of_every_other_form() {
        let ok = [
            (r#"{"@client_id":1}"#, Some(1)),
            (r#"{"@client_id":0}"#, Some(0)),
            (r#"{"@client_id":9,"x":1}"#, Some(9)),
            (r#"{"@client_id":7 }"#, Some(7)),
            (r#"{"@client_id":10}"#, Some(10)),
            (r#"{"@client_id":90}"#, Some(90)),
            (r#"{"@client_id":123}"#, Some(123)),
            (r#"{"@client_id":-1}"#, Some(-1)),
            (r#"{"@client_id": 3}"#, Some(3)),
            (r#"{"@client_id":"4"}"#, Some(4)),
            (r#"{"@client_id":2147483647}"#, Some(i32::MAX)),
            (r#"{"@client_id":null}"#, None),
            (r#"{"@client_id":5,"@client_id":6}"#, Some(5)),
        ];
        for (doc, want) in ok {
            assert_eq!(client_id(doc).map_err(|e| e.to_string()), Ok(want), "{doc}");
        }
        let bad = [
            (r#"{"@client_id":1.5}"#, ErrorKind::FloatForInteger),
            (r#"{"@client_id":1e3}"#, ErrorKind::FloatForInteger),
            (r#"{"@client_id":2E1}"#, ErrorKind::FloatForInteger),
            (r#"{"@client_id":01}"#, ErrorKind::InvalidNumber),
            (r#"{"@client_id":2147483648}"#, ErrorKind::I32OutOfRange),
            (r#"{"@client_id":1"#, ErrorKind::UnexpectedEnd),
        ];
        for (doc, kind) in bad {
            let error = client_id(doc).expect_err(doc);
            assert_eq!(error.kind(), kind, "{doc}: {error}");
        }
    }
}
