//! `tlgen`: reads a TL schema (TDLib's `td_api.tl`, TON's `tonlib_api.tl`, ...) and writes
//! typed Rust for every constructor, class and function, plus JSON parsers:
//! a serde reader, a zero-copy pointer parser over NUL-terminated buffers, or both.
//!
//! Use it from `build.rs` through [`Config`], or as the `tlgen` command.

mod attributes;
pub mod config;
mod emit;
mod graph;
pub mod model;
mod names;
pub mod prune;
pub mod synth;

pub use config::{Config, Error, Generated, GenerationSummary, Mode, Serializers};
