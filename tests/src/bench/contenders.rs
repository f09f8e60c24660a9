//! The contenders: what each one does to one document, how it is checked against the pointer
//! parser, and a pass over a payload's documents for timing.
//!
//! Every typed contender produces the same generated type, `td::Received`. Results are passed
//! through [`black_box`] and dropped inside the timed region, so freeing is part of every cost.

use std::hint::black_box;

use serde::Deserialize;
use serde::de::IgnoredAny;
use tlgen_runtime::IntoStatic;
use tlgen_runtime::arena::Bump;
use tlgen_runtime::pointer::Cursor;
use tlgen_tests::{td, td_arena};

use super::payloads::Doc;

/// What a contender needs between calls (kept across calls, like a real receive loop would).
pub struct Scratch {
    /// simd-json's mutable copy of the input (refilled for every document, inside the timing).
    copy: Vec<u8>,
    buffers: simd_json::Buffers,
    /// `pointer_arena`'s arena, reset before every document (inside the timing).
    arena: Bump,
}

impl Default for Scratch {
    fn default() -> Self {
        Scratch {
            copy: Vec::new(),
            buffers: simd_json::Buffers::new(1 << 16),
            arena: Bump::new(),
        }
    }
}

/// One way of reading a document.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// `td::parse_received(Cursor::from_bytes_with_nul(buf)?)`: the buffer's last byte is
    /// checked to be the NUL (O(1), no search; `Cursor::from_ptr`, for TDLib's own buffers, does
    /// not even read that byte).
    Pointer,
    /// Arena mode (`td_arena`, `tlgen --mode arena`): `arena.reset()`, then
    /// `td_arena::parse_received(&arena, cursor)`, into views of the input and the arena; no
    /// global allocation once the arena has grown. Its types are not `td`'s: validated against
    /// the reader by the test suite (`tests/arena.rs`), here only accepted or not.
    PointerArena,
    /// Arena mode into a document that owns its arena: `td_arena::parse_document(text)` (the
    /// text copied into a new arena sized from it, parsed there, then dropped: a result that
    /// outlives the input and can go to another thread, like the owned pointer parser's).
    ArenaDocument,
    /// `tlgen_runtime::reader::from_slice::<td::Received>` (serde_json, recursion limit off).
    SerdeJson,
    /// `sonic_rs::from_slice::<td::Received>` (its own depth limit: 255).
    SonicRs,
    /// Copy into a reused `Vec`, then `simd_json::serde::from_slice_with_buffers` (reused
    /// buffers); the copy is timed.
    SimdJson,
    /// `serde_json::Value` (recursion limit off), then `td::Received::<'static>::deserialize(value)`.
    ValueThenConvert,
    /// `memchr::memchr_iter(b'"', text).count()`: a floor that only looks at bytes.
    Memchr,
    /// The skip-only walk used as `untyped_walk` (see [`UNTYPED_WALK`]).
    UntypedWalk,
    /// serde_json's `IgnoredAny` walk over the same bytes (recursion limit off), reported beside
    /// `untyped_walk` in the main table as `untyped_walk_serde`.
    UntypedWalkSerde,
    /// tdlib-rs 1.4.0's receive path over its own generated types (`tdlib_rs_peer::receive`):
    /// copy into a `String`, `serde_json::from_str::<Value>`, then `serde_json::from_value` as
    /// `enums::Update` (updates) or as the object's class (answers). Its types are not tlgen's, so
    /// it is not compared with the pointer parser; what it refuses is reported apart and still
    /// timed (a receive loop pays for it too).
    TdlibRs,
    /// Pointer parse, then `IntoStatic::into_static` (owned copy of every borrowed string).
    PointerIntoOwned,
    /// serde_json reader (borrowing), then `into_static`.
    SerdeJsonIntoOwned,
    /// Pointer cursor: `begin_object`, `eat_key("@type")`, `read_str`; nothing else.
    PointerTypeOnly,
    /// `sonic_rs::get_from_slice(text, ["@type"])` and `as_str`: the library's lazy equivalent.
    SonicGetType,
    /// `sonic_rs::from_slice::<IgnoredAny>` (validating skip).
    WalkSonicIgnored,
    /// `serde_json` `IgnoredAny` (recursion limit off).
    WalkSerdeIgnored,
    /// Copy, then `simd_json::to_tape_with_buffers` (structural index + tape, no typed values).
    WalkSimdTape,
}

/// The skip-only walk reported as `untyped_walk`: the fastest walk candidate in our runs (the
/// `walks` table of every report re-measures the candidates).
pub const UNTYPED_WALK: Kind = Kind::WalkSonicIgnored;

/// The contenders, in report order; the first is the baseline of every ratio.
pub const MAIN: [Kind; 11] = [
    Kind::Pointer,
    Kind::PointerArena,
    Kind::ArenaDocument,
    Kind::SerdeJson,
    Kind::SonicRs,
    Kind::SimdJson,
    Kind::ValueThenConvert,
    Kind::TdlibRs,
    Kind::Memchr,
    Kind::UntypedWalk,
    Kind::UntypedWalkSerde,
];

/// Borrowed vs owned results.
pub const OWNED: [Kind; 5] = [
    Kind::Pointer,
    Kind::PointerIntoOwned,
    Kind::SerdeJson,
    Kind::SerdeJsonIntoOwned,
    Kind::ValueThenConvert,
];

/// Reading only `@type` vs a full parse.
pub const DISPATCH: [Kind; 3] = [Kind::Pointer, Kind::PointerTypeOnly, Kind::SonicGetType];

/// Skip-only walk candidates.
pub const WALKS: [Kind; 4] = [
    Kind::Pointer,
    Kind::WalkSonicIgnored,
    Kind::WalkSerdeIgnored,
    Kind::WalkSimdTape,
];

impl Kind {
    /// The name used in tables and JSON.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Pointer => "pointer",
            Kind::PointerArena => "pointer_arena",
            Kind::ArenaDocument => "arena_document",
            Kind::SerdeJson => "serde_json",
            Kind::SonicRs => "sonic_rs",
            Kind::SimdJson => "simd_json",
            Kind::ValueThenConvert => "value_then_convert",
            Kind::Memchr => "memchr",
            Kind::UntypedWalk => "untyped_walk",
            Kind::UntypedWalkSerde => "untyped_walk_serde",
            Kind::TdlibRs => "tdlib_rs",
            Kind::PointerIntoOwned => "pointer + into_owned",
            Kind::SerdeJsonIntoOwned => "serde_json + into_owned",
            Kind::PointerTypeOnly => "pointer @type only",
            Kind::SonicGetType => "sonic_rs get(@type)",
            Kind::WalkSonicIgnored => "sonic_rs IgnoredAny",
            Kind::WalkSerdeIgnored => "serde_json IgnoredAny",
            Kind::WalkSimdTape => "simd_json to_tape",
        }
    }

    /// Reads `doc` once (untimed) and returns what it built as an owned `td::Received`
    /// (typed contenders) or `None` (the others), or why it refused the document. Used to check
    /// that every typed contender agrees with the pointer parser and which documents each
    /// accepts.
    pub fn check(
        self,
        doc: &Doc,
        s: &mut Scratch,
    ) -> Result<Option<td::Received<'static>>, String> {
        fn typed<T: IntoStatic<Static = td::Received<'static>>>(
            r: Result<T, impl std::fmt::Display>,
        ) -> Result<Option<td::Received<'static>>, String> {
            r.map(|r| Some(r.into_static())).map_err(|e| e.to_string())
        }
        fn untyped<T, E: std::fmt::Debug>(
            r: Result<T, E>,
        ) -> Result<Option<td::Received<'static>>, String> {
            r.map(|_| None).map_err(|e| format!("{e:?}"))
        }
        match self {
            Kind::Pointer | Kind::PointerIntoOwned => typed(pointer(doc)),
            Kind::SerdeJson | Kind::SerdeJsonIntoOwned => typed(serde_json_reader(doc)),
            Kind::SonicRs => typed(sonic(doc)),
            Kind::SimdJson => simd_owned(doc, s).map(Some),
            Kind::ValueThenConvert => typed(value_then_convert(doc)),
            Kind::PointerArena => {
                s.arena.reset();
                untyped(pointer_arena(doc, &s.arena))
            }
            Kind::ArenaDocument => untyped(td_arena::parse_document(doc.text())),
            Kind::Memchr => Ok(None),
            Kind::UntypedWalk => UNTYPED_WALK.check(doc, s),
            Kind::UntypedWalkSerde => Kind::WalkSerdeIgnored.check(doc, s),
            Kind::TdlibRs => untyped(tdlib_rs_peer::receive(doc.with_nul())),
            Kind::PointerTypeOnly => untyped(pointer_type_only(doc)),
            Kind::SonicGetType => untyped(sonic_get_type(doc)),
            Kind::WalkSonicIgnored => untyped(sonic_rs::from_slice::<IgnoredAny>(doc.text())),
            Kind::WalkSerdeIgnored => untyped(serde_ignored(doc)),
            Kind::WalkSimdTape => untyped(simd_tape(doc, s).then_some(()).ok_or("to_tape failed")),
        }
    }

    /// Whether [`Kind::check`] compares this contender with the pointer parser and a document it
    /// refuses is dropped from a stream for every contender (all but `tdlib_rs`, whose refusals
    /// are findings: see [`tdlib_rs_findings`]).
    pub fn checked(self) -> bool {
        self != Kind::TdlibRs
    }

    /// Reads every document of `docs` once; returns how many were accepted.
    #[inline(never)]
    pub fn pass(self, docs: &[Doc], s: &mut Scratch) -> usize {
        match self {
            Kind::Pointer => each(docs, |d| black_box(pointer(d)).is_ok()),
            Kind::PointerArena => each(docs, |d| {
                s.arena.reset();
                black_box(pointer_arena(d, &s.arena)).is_ok()
            }),
            Kind::ArenaDocument => each(docs, |d| {
                black_box(td_arena::parse_document(d.text())).is_ok()
            }),
            Kind::SerdeJson => each(docs, |d| black_box(serde_json_reader(d)).is_ok()),
            Kind::SonicRs => each(docs, |d| black_box(sonic(d)).is_ok()),
            Kind::SimdJson => docs
                .iter()
                .filter(|d| black_box(simd(d, s)).is_ok())
                .count(),
            Kind::ValueThenConvert => each(docs, |d| black_box(value_then_convert(d)).is_ok()),
            Kind::Memchr => each(docs, |d| {
                black_box(memchr::memchr_iter(b'"', black_box(d.text())).count()) != usize::MAX
            }),
            Kind::UntypedWalk => UNTYPED_WALK.pass(docs, s),
            Kind::UntypedWalkSerde => Kind::WalkSerdeIgnored.pass(docs, s),
            Kind::TdlibRs => each(docs, |d| {
                black_box(tdlib_rs_peer::receive(d.with_nul())).is_ok()
            }),
            Kind::PointerIntoOwned => each(docs, |d| {
                black_box(pointer(d).map(IntoStatic::into_static)).is_ok()
            }),
            Kind::SerdeJsonIntoOwned => each(docs, |d| {
                black_box(serde_json_reader(d).map(IntoStatic::into_static)).is_ok()
            }),
            Kind::PointerTypeOnly => each(docs, |d| black_box(pointer_type_only(d)).is_ok()),
            Kind::SonicGetType => each(docs, |d| black_box(sonic_get_type(d)).is_ok()),
            Kind::WalkSonicIgnored => each(docs, |d| {
                black_box(sonic_rs::from_slice::<IgnoredAny>(d.text())).is_ok()
            }),
            Kind::WalkSerdeIgnored => each(docs, |d| black_box(serde_ignored(d)).is_ok()),
            Kind::WalkSimdTape => docs.iter().filter(|d| simd_tape(d, s)).count(),
        }
    }
}

#[inline(always)]
fn each(docs: &[Doc], mut f: impl FnMut(&Doc) -> bool) -> usize {
    docs.iter().filter(|d| f(d)).count()
}

/// The pointer parser.
#[inline]
pub fn pointer(d: &Doc) -> Result<td::Received<'_>, tlgen_runtime::pointer::Error> {
    td::parse_received(Cursor::from_bytes_with_nul(d.with_nul())?)
}

/// The pointer parser of arena mode, into `arena`.
#[inline]
pub fn pointer_arena<'a>(
    d: &'a Doc,
    arena: &'a Bump,
) -> Result<td_arena::Received<'a>, tlgen_runtime::pointer::Error> {
    td_arena::parse_received(arena, Cursor::from_bytes_with_nul(d.with_nul())?)
}

/// The reader through serde_json.
#[inline]
fn serde_json_reader(d: &Doc) -> serde_json::Result<td::Received<'_>> {
    tlgen_runtime::reader::from_slice::<td::Received>(d.text())
}

/// The reader through sonic-rs.
#[inline]
fn sonic(d: &Doc) -> sonic_rs::Result<td::Received<'_>> {
    sonic_rs::from_slice::<td::Received>(d.text())
}

/// The reader through simd-json, on a mutable copy of the input. The result borrows the copy, so
/// it is reduced to "accepted" (and black-boxed) before the copy is reused.
#[inline]
fn simd(d: &Doc, s: &mut Scratch) -> Result<(), String> {
    s.copy.clear();
    s.copy.extend_from_slice(d.text());
    match simd_json::serde::from_slice_with_buffers::<td::Received>(&mut s.copy, &mut s.buffers) {
        Ok(r) => {
            black_box(r);
            Ok(())
        }
        Err(e) => Err(e.to_string()),
    }
}

/// What simd-json builds, for checking: the result converted to owned before the copy goes.
fn simd_owned(d: &Doc, s: &mut Scratch) -> Result<td::Received<'static>, String> {
    s.copy.clear();
    s.copy.extend_from_slice(d.text());
    simd_json::serde::from_slice_with_buffers::<td::Received>(&mut s.copy, &mut s.buffers)
        .map(IntoStatic::into_static)
        .map_err(|e| e.to_string())
}

/// The naive baseline: an untyped `serde_json::Value`, then the generated `Deserialize` impls
/// with the `Value` as deserializer (every string arrives owned: `Received<'static>`).
#[inline]
fn value_then_convert(d: &Doc) -> serde_json::Result<td::Received<'static>> {
    let mut de = serde_json::Deserializer::from_slice(d.text());
    de.disable_recursion_limit();
    let value = serde_json::Value::deserialize(&mut de)?;
    de.end()?;
    td::Received::<'static>::deserialize(value)
}

/// Only the dispatch: the `@type` string (the fast path, or a look-ahead when it is not first).
#[inline]
pub fn pointer_type_only(
    d: &Doc,
) -> Result<std::borrow::Cow<'_, str>, tlgen_runtime::pointer::Error> {
    let mut c = Cursor::from_bytes_with_nul(d.with_nul())?;
    c.begin_object(1)?;
    if c.eat_key(b"\"@type\":") {
        c.read_str()
    } else {
        Ok(c.find_type_tag(1)?.unwrap_or_default())
    }
}

#[inline]
fn sonic_get_type(d: &Doc) -> Result<usize, sonic_rs::Error> {
    let v = sonic_rs::get_from_slice(d.text(), ["@type"])?;
    Ok(sonic_rs::JsonValueTrait::as_str(&v).map_or(0, str::len))
}

#[inline]
fn serde_ignored(d: &Doc) -> serde_json::Result<()> {
    let mut de = serde_json::Deserializer::from_slice(d.text());
    de.disable_recursion_limit();
    IgnoredAny::deserialize(&mut de)?;
    de.end()
}

#[inline]
fn simd_tape(d: &Doc, s: &mut Scratch) -> bool {
    s.copy.clear();
    s.copy.extend_from_slice(d.text());
    black_box(simd_json::to_tape_with_buffers(&mut s.copy, &mut s.buffers)).is_ok()
}

/// What tdlib-rs's receive path made of a payload: how many documents took each route, and per
/// constructor it refused, how many and the first error.
#[derive(Clone, Debug, Default)]
pub struct TdlibRsFindings {
    pub updates: usize,
    pub answers: usize,
    pub ok: usize,
    /// (`@type`, documents refused, first error), most refused first.
    pub refused: Vec<(String, usize, String)>,
}

/// Runs tdlib-rs's receive path once over every document of `docs`.
pub fn tdlib_rs_findings(docs: &[Doc]) -> TdlibRsFindings {
    let mut f = TdlibRsFindings::default();
    let mut refused: Vec<(String, usize, String)> = Vec::new();
    for d in docs {
        match tdlib_rs_peer::receive(d.with_nul()) {
            Ok(tdlib_rs_peer::Route::Update) => f.updates += 1,
            Ok(tdlib_rs_peer::Route::Answer) => f.answers += 1,
            Ok(tdlib_rs_peer::Route::Ok) => f.ok += 1,
            Err(e) => {
                let ty = pointer_type_only(d).map_or_else(|_| "?".into(), |t| t.into_owned());
                match refused.iter_mut().find(|r| r.0 == ty) {
                    Some(r) => r.1 += 1,
                    None => refused.push((ty, 1, e.to_string())),
                }
            }
        }
    }
    refused.sort_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
    f.refused = refused;
    f
}
