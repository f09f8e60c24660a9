//! `tl-parser`: reads a TL schema (text `.tl` or Telegram's JSON form) into a small model
//! ([`Schema`], [`Definition`], [`Parameter`], [`Type`]) and checks it, with diagnostics that
//! name `file:line:col` and show the offending line.
//!
//! It knows nothing of Rust or of JSON payloads: that is the generator's business.

pub mod model;

pub use model::*;
