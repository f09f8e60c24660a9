//! The "pointer" parser's runtime: a zero-copy JSON tokenizer over a NUL-terminated buffer, such
//! as the `const char*` TDLib's `td_receive` returns (compact ASCII JSON, valid until the next
//! call on that thread).
//!
//! Generated code drives a [`Cursor`] token by token; the cursor never allocates except for
//! strings with escapes and for `bytes`, and accepts, rejects and decodes exactly what the serde
//! reader (serde_json with `float_roundtrip`) does, so a validator can compare the two.
//!
//! # Entry points
//!
//! - [`Cursor::from_cstr`]`(&CStr)`, [`Cursor::from_bytes_with_nul`]`(&[u8])` (the slice must end
//!   with NUL; an interior NUL ends the document early, which then fails as truncated),
//!   `unsafe` [`Cursor::from_ptr`]`(*const c_char)` (contract in its doc), and the owned
//!   [`NulTerminated`] (`From<&str>`, `From<Vec<u8>>`, ... append the NUL; `.cursor()`).
//!   All are O(1): no entry point computes the length (no `strlen`, no copy); the cursor walks
//!   the buffer using the NUL as its sentinel.
//! - After the top-level value call [`Cursor::finish`]: only whitespace may follow.
//!
//! # Protocol for generated code
//!
//! - **Depth**: every `{`/`[` entered counts one level; the root value is depth 1, a field's or
//!   element's value is one deeper than its container. Pass the value's depth to
//!   [`begin_object`](Cursor::begin_object), [`begin_array`](Cursor::begin_array) and
//!   [`skip_value`](Cursor::skip_value); they fail with [`ErrorKind::DepthLimitExceeded`] above
//!   [`MAX_DEPTH`](crate::limits::MAX_DEPTH), so recursion in generated code stays bounded.
//! - **Objects**: `begin_object(depth)?`, then `while let Some(key) = next_key()? { ... }`.
//!   [`next_key`](Cursor::next_key) handles whitespace, `,` and `}` and consumes the `:`.
//!   Every key must be followed by exactly one value read (or [`skip_value`]) before the next
//!   `next_key`.
//! - **Expected-key fast path**: TDLib writes `"@type"` first and then every field in
//!   declaration order, so try [`eat_key`](Cursor::eat_key)`(b"\"name\":")` for each field in
//!   order first; it consumes `,"name":` (or `"name":` for the first key) only on an exact
//!   match and otherwise consumes nothing. Finish with the `next_key` loop, which handles
//!   whatever the fast path did not (other orders, whitespace, escaped keys, unknown keys, `}`);
//!   [`eat_object_end`](Cursor::eat_object_end) is the same shortcut for a `}` right there.
//! - **Duplicate keys**: the first occurrence wins (TDLib's rule). Keep a "seen" bit per field
//!   and [`skip_value`] a key seen before; unknown keys are skipped too. Skipped values are
//!   validated as fully as read ones (the serde reader skips with `deserialize_any`): strings
//!   and keys for escapes, surrogate pairs and UTF-8, numbers for grammar and `f64` overflow.
//! - **Null**: [`eat_null`](Cursor::eat_null) consumes `null` if it is next. Treat `null` as
//!   "absent" (the field's default) for every field type and for vector elements.
//! - **Vectors**: `begin_array(depth)?; while next_element()? { read one element }`.
//! - **Abstract classes** (`@type` decides the constructor): after `begin_object(depth)?` try
//!   `eat_key(b"\"@type\":")` then [`read_str`](Cursor::read_str); if `@type` is not first,
//!   [`find_type_tag`](Cursor::find_type_tag)`(depth)` scans ahead (skipping values) for the
//!   first `"@type"` and returns its string *without moving the cursor*; then parse the fields
//!   from there, skipping the `"@type"` key when met. For other look-aheads use
//!   [`mark`](Cursor::mark) / [`rewind`](Cursor::rewind).
//! - **Scalars**: [`read_i32`](Cursor::read_i32) / [`read_i64`](Cursor::read_i64) (a number, or a
//!   string with a canonical decimal — TDLib's `int64`), [`read_f64`](Cursor::read_f64),
//!   [`read_bool`](Cursor::read_bool), [`read_str`](Cursor::read_str) (`Cow::Borrowed` when
//!   escape-free), [`read_bytes`](Cursor::read_bytes) (base64).
//! - **Errors**: [`Error`] is 16 bytes (offset + kind); generated code reports its own with
//!   [`Cursor::error`] (e.g. [`ErrorKind::UnknownType`], [`ErrorKind::MissingType`]).
//!
//! [`skip_value`]: Cursor::skip_value
//!
//! ```
//! use std::borrow::Cow;
//! use tlgen_runtime::pointer::{Cursor, Error, ErrorKind, NulTerminated};
//!
//! #[derive(Debug, Default, PartialEq)]
//! struct User<'a> { id: i64, name: Cow<'a, str>, ids: Vec<i64> }
//!
//! // What generated code looks like for `user id:int53 name:string ids:vector<int64> = User;`
//! fn parse_user<'a>(c: &mut Cursor<'a>, depth: u32) -> Result<User<'a>, Error> {
//!     c.begin_object(depth)?;
//!     let mut out = User::default();
//!     let mut seen = 0u64;
//!     // fast path: the keys in the order TDLib writes them
//!     if c.eat_key(b"\"@type\":") { c.skip_value(depth + 1)?; seen |= 1; }
//!     if c.eat_key(b"\"id\":") { if !c.eat_null() { out.id = c.read_i64()?; } seen |= 2; }
//!     // general path: anything left, in any order
//!     while let Some(key) = c.next_key()? {
//!         let bit = match key.as_ref() { "@type" => 1, "id" => 2, "name" => 4, "ids" => 8, _ => 0 };
//!         if bit == 0 || seen & bit != 0 { c.skip_value(depth + 1)?; continue; }
//!         seen |= bit;
//!         if c.eat_null() { continue; }
//!         match bit {
//!             1 => c.skip_value(depth + 1)?,
//!             2 => out.id = c.read_i64()?,
//!             4 => out.name = c.read_str()?,
//!             _ => {
//!                 c.begin_array(depth + 1)?;
//!                 while c.next_element()? {
//!                     out.ids.push(if c.eat_null() { 0 } else { c.read_i64()? });
//!                 }
//!             }
//!         }
//!     }
//!     Ok(out)
//! }
//!
//! let doc = NulTerminated::from(
//!     r#"{"@type":"user","id":5,"name":"Ann","ids":["1258816259751983",-2],"id":7}"#,
//! );
//! let mut c = doc.cursor();
//! let user = parse_user(&mut c, 1).unwrap();
//! c.finish().unwrap();
//! assert_eq!(user.id, 5); // the first "id" wins
//! assert!(matches!(user.name, Cow::Borrowed("Ann")));
//! assert_eq!(user.ids, [1258816259751983, -2]);
//!
//! let bad = NulTerminated::from(r#"{"id":5 "name":"x"}"#);
//! let err = parse_user(&mut bad.cursor(), 1).unwrap_err();
//! assert_eq!(err.kind(), ErrorKind::ExpectedCommaOrObjectEnd);
//! assert_eq!(err.to_string(), "at byte 8: expected ',' or '}' after object field");
//! ```
//!
//! # Memory safety
//!
//! All `unsafe` of the parsers is in this module; each block has a `SAFETY:` comment. The cursor
//! never knows where its buffer ends, only that a NUL ends it; its invariant (stated in
//! `cursor.rs`) is that it never moves past that NUL: byte-level code advances only after seeing
//! a non-NUL byte. Only `cursor.rs` and `scan.rs` rely on it: the token readers (`string.rs`,
//! `number.rs`, `skip.rs`) have no `unsafe` and use the cursor's safe core API, which cannot
//! move past the NUL. (`append.rs` holds the one other kind: stores into a `String`'s spare
//! capacity.) Reads wider than a byte are all in `scan.rs`, on x86_64 only: the string scan
//! loads *aligned* 16-byte blocks, and only blocks holding at least one byte at or before the
//! NUL; key and literal compares load 4 or 8 bytes at a time, only inside the 4 KiB page of the
//! first byte compared (a byte at or before the NUL). Neither can fault (an aligned block never
//! straddles a page; x86_64 protects memory per page), and the loads are `asm!` blocks, which
//! Rust treats like a call to C's `strlen` (which does the same over-reads), because for Rust
//! code itself a read past the allocation would be undefined behaviour even where it cannot
//! fault. Bytes loaded from past the NUL never influence a result. Elsewhere (other targets,
//! Miri) everything is read byte by byte, stopping at the NUL. A guard-page test places the NUL
//! right before a `PROT_NONE` page and runs every reader over every truncation of sample
//! documents.

mod append;
mod buffer;
mod cursor;
mod error;
mod number;
mod scan;
mod skip;
mod string;

pub use buffer::NulTerminated;
pub use cursor::{Cursor, Mark};
pub use error::{Error, ErrorKind};
pub(crate) use scan::Key;
