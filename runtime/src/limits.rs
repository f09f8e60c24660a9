//! Limits shared by both parsers, so that they accept and reject the same documents.
//!
//! | limit | default | where it is checked | configurable |
//! |---|---|---|---|
//! | nesting depth ([`depth_limit`]) | 256 ([`MAX_DEPTH`]) | every `{` and `[`, read, skipped or buffered, in both parsers | [`set_depth_limit`], 1 to 256, process-wide |
//! | fields per constructor | none | | the first 64 of an object cost a word ([`crate::seen::SeenFields`]), the rest a vector allocated when one is read |
//! | size of a constructor | 16 MiB (a field's offset in it) | when a pointer-parser table (`parse::Field`) is built: a build error | no: a field row packs the offset with the field's kind in 32 bits |
//! | payload size | none | | bound it before parsing: memory stays proportional to the input |
//! | scratch kept per thread | 1 MiB ([`RETAINED_SCRATCH`](crate::parse::RETAINED_SCRATCH)) | when a parse's outermost owned vector is done: chunks beyond it are freed | no |

use std::sync::atomic::{AtomicU32, Ordering};

/// The default and largest nesting depth of JSON objects and arrays (every `{` and `[` counts, skipped values
/// included). TDLib's own output reaches 202 levels (`getJsonValue` of 101 nested arrays), so the
/// default leaves room above that while keeping recursion far from the stack's end.
pub const MAX_DEPTH: u32 = 256;

static DEPTH_LIMIT: AtomicU32 = AtomicU32::new(MAX_DEPTH);

/// The nesting depth both parsers accept now: [`MAX_DEPTH`] unless [`set_depth_limit`] lowered
/// it. Going past it is an error that names the limit ("maximum nesting depth N exceeded").
#[inline]
pub fn depth_limit() -> u32 {
    DEPTH_LIMIT.load(Ordering::Relaxed)
}

/// Sets the nesting depth both parsers accept, for the whole process (parses already running
/// may see the old or the new value). Lower it for untrusted input or small thread stacks;
/// it cannot go above [`MAX_DEPTH`], which bounds the stack the parsers' recursion takes
/// (about 0.9 MiB at 256 levels of typed recursion in a debug build).
pub fn set_depth_limit(levels: u32) -> Result<(), DepthLimitError> {
    if levels == 0 || levels > MAX_DEPTH {
        return Err(DepthLimitError { requested: levels });
    }
    DEPTH_LIMIT.store(levels, Ordering::Relaxed);
    Ok(())
}

/// [`set_depth_limit`] was given 0 or more than [`MAX_DEPTH`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DepthLimitError {
    /// The depth that was asked for.
    pub requested: u32,
}

impl std::fmt::Display for DepthLimitError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "depth limit {} out of range: it must be 1 to {MAX_DEPTH}",
            self.requested
        )
    }
}

impl std::error::Error for DepthLimitError {}
