//! Limits shared by both parsers, so that they accept and reject the same documents.

/// Maximum nesting depth of JSON objects and arrays (every `{` and `[` counts, skipped values
/// included). TDLib's own output reaches 202 levels (`getJsonValue` of 101 nested arrays), so the
/// default leaves room above that while keeping recursion far from the stack's end.
pub const MAX_DEPTH: u32 = 256;
