//! Helpers of the `bench` binary (`src/bin/bench.rs`): the counting allocator, payload loading,
//! the contenders, the interleaved measurement and the reports (markdown, JSON, SVG).

pub mod alloc;
pub mod contenders;
pub mod latency;
pub mod measure;
pub mod payloads;
pub mod report;
pub mod svg;
pub mod threads;
