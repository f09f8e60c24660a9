//! `tlgen`: reads a TL schema (TDLib's `td_api.tl`, TON's `tonlib_api.tl`, ...) and writes
//! typed Rust for every constructor, class and function, plus JSON parsers:
//! a serde reader, a zero-copy pointer parser over NUL-terminated buffers, or both.
//!
//! Use it from `build.rs` through [`Config`] (like `prost-build`), in memory with
//! [`Config::generate`], or as the `tlgen` command. Everything fails with an [`Error`].
//!
//! ```no_run
//! // build.rs
//! tlgen::Config::new()
//!     .mode(tlgen::Mode::Pointer)
//!     .roots(["Update", "getMe"])
//!     .compile("../shared/schema/td_api.tl")
//!     .unwrap_or_else(|e| panic!("{e}"));
//! ```
//!
//! Inside: [`Config`]'s options and the schema become one plan (`plan`: the model of
//! `tlgen-model`, the selection, attributes, boxing, which impls exist), and `emit` renders it.

#![warn(missing_docs)]

mod attributes;
mod boxing;
mod config;
mod emit;
mod error;
mod generate;
mod plan;
mod small_variants;

// The model crate's modules, under the names the generator's modules use.
use tlgen_model::{model, prune};

pub use config::{Boxing, Config, Mode, Serializers};
pub use error::Error;
pub use small_variants::small_variants;
