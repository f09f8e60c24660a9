//! `tlgen-model`: the Rust-facing model of a TL schema, the generator's input.
//!
//! [`model`] turns a parsed schema into structs, classes and functions with Rust names and field
//! shapes (scalars, vectors, optionals, boxing where recursion needs it); [`prune`] keeps what a
//! selection of roots needs. The generator (`tlgen`) plans and emits code from it; the synthetic
//! corpus tool (`tlgen-synth`) walks the same shapes. Neither re-exports it: it is an internal
//! crate of the workspace, not part of tlgen's public API.

pub mod graph;
pub mod model;
pub mod names;
pub mod prune;

pub use model::{
    Class, ClassId, Field, Model, ModelError, Scalar, Shape, Struct, StructId, Variant,
};
