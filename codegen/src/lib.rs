//! `tlgen`: a code generator that reads a TL schema and writes typed Rust plus JSON parsers.
