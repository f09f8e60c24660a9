//! Nesting depth accounting for the serde reader.
//!
//! The reader runs on any serde backend, so it cannot rely on the backend's own recursion
//! limit (serde_json's is 128, below TDLib's own 202-level output). Every generated visitor
//! that enters a JSON object or array takes a [`DepthGuard`]; past [`depth_limit`] levels the
//! parse fails cleanly instead of overflowing the stack. The count lives in a thread-local, and
//! each guard gives its level back when dropped, also on error paths.

use std::cell::Cell;

use serde::de::Error;

use crate::limits::depth_limit;

thread_local! {
    static DEPTH: Cell<u32> = const { Cell::new(0) };
}

/// One level of nesting, held while a visitor reads an object or an array.
#[must_use]
pub struct DepthGuard(());

impl DepthGuard {
    /// Enters one level, or fails when that would exceed [`depth_limit`].
    #[inline]
    pub fn enter<E: Error>() -> Result<Self, E> {
        DEPTH.with(|depth| {
            let next = depth.get() + 1;
            let limit = depth_limit();
            if next > limit {
                Err(E::custom(format_args!(
                    "maximum nesting depth {limit} exceeded"
                )))
            } else {
                depth.set(next);
                Ok(DepthGuard(()))
            }
        })
    }
}

impl Drop for DepthGuard {
    #[inline]
    fn drop(&mut self) {
        DEPTH.with(|depth| depth.set(depth.get().saturating_sub(1)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn guard_counts_and_releases() {
        let mut guards = Vec::new();
        for _ in 0..crate::limits::MAX_DEPTH {
            guards.push(DepthGuard::enter::<serde_json::Error>().unwrap());
        }
        assert!(DepthGuard::enter::<serde_json::Error>().is_err());
        guards.pop();
        assert!(DepthGuard::enter::<serde_json::Error>().is_ok());
        guards.clear();
        DEPTH.with(|d| assert_eq!(d.get(), 0));
    }
}
