//! Schemas other than td_api.tl, generated in `both` mode by build.rs: tlgen's own test schema
//! (`schema/tlgen_test.tl`), constructors of 64 to 300 fields (`wide`), and the shared
//! telegram_api, mtproto_api, secret_api and e2e_api schemas. That they compile, under the
//! workspace's clippy rules, is the first test; `tests/` parses payloads of them.

// Generated parsers must not panic on input: held to the runtime's lints (no unwrap, expect,
// panic or fallible indexing), which CI's `clippy -D warnings` enforces.
#![warn(
    clippy::unwrap_used,
    clippy::expect_used,
    clippy::panic,
    clippy::indexing_slicing
)]
// Generated code has no `unsafe` of its own: it builds where users forbid it.
#![forbid(unsafe_code)]
// Every public item generated is documented, for schemas without comments too: it builds in
// crates that require docs.
#![warn(missing_docs)]

/// `schema/tlgen_test.tl`: TON's forms (`(vector T)`, dotted namespaces, `int256 8*[ int32 ]`).
pub mod tlgen_test {
    include!(concat!(env!("OUT_DIR"), "/tlgen_test.rs"));
}

/// Constructors `wide64`, `wide65`, `wide128`, `wide300` (build.rs).
pub mod wide {
    include!(concat!(env!("OUT_DIR"), "/wide.rs"));
}

/// `../shared/schema/telegram_api.tl`.
pub mod telegram_api {
    include!(concat!(env!("OUT_DIR"), "/telegram_api.rs"));
}

/// `../shared/schema/mtproto_api.tl`.
pub mod mtproto_api {
    include!(concat!(env!("OUT_DIR"), "/mtproto_api.rs"));
}

/// `../shared/schema/secret_api.tl`.
pub mod secret_api {
    include!(concat!(env!("OUT_DIR"), "/secret_api.rs"));
}

/// `../shared/schema/e2e_api.tl`.
pub mod e2e_api {
    include!(concat!(env!("OUT_DIR"), "/e2e_api.rs"));
}

/// tlgen_test.tl in arena mode (views into the input and a bump arena).
pub mod tlgen_test_arena {
    include!(concat!(env!("OUT_DIR"), "/arena/tlgen_test.rs"));
}

/// `rows.tl` (build.rs) in `both` mode under `Boxing::Recursion`: inline variants, some large.
pub mod rows_recursion {
    include!(concat!(env!("OUT_DIR"), "/recursion/rows.rs"));
}

/// tlgen_test.tl in arena mode under `Boxing::Recursion` (classes with inline variants).
pub mod tlgen_test_arena_recursion {
    include!(concat!(env!("OUT_DIR"), "/arena-recursion/tlgen_test.rs"));
}

/// telegram_api.tl in arena mode.
pub mod telegram_api_arena {
    include!(concat!(env!("OUT_DIR"), "/arena/telegram_api.rs"));
}
