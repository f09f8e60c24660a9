//! The `tlgen` command line.
fn main() {}
