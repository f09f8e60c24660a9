//! td_api.tl pruned to `updateNewMessage`, `updateAuthorizationState`, `getOption` and
//! `testCallString` (see build.rs), in `both` mode.

// Generated parsers must not panic on input: held to the runtime's lints (no unwrap, expect,
// panic or fallible indexing), which CI's `clippy -D warnings` enforces.
#![warn(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
// Generated code has no `unsafe` of its own: it builds where users forbid it.
#![forbid(unsafe_code)]
// Every public item generated is documented (from the schema's comments where it has them):
// it builds in crates that require docs.
#![warn(missing_docs)]

include!(concat!(env!("OUT_DIR"), "/td_api.rs"));
