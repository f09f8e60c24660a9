#!/usr/bin/env bash
# The project's test command (the README's): `bash scripts/test.sh` from the workspace root.
# Installs the TDLib and tonlib libraries the tests load, then format check, clippy and the test
# suite.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

bash scripts/install-tdlib.sh
# A real tonlib (TON's client library) for tests/schemas/tests/tonlib_live.rs.
bash scripts/install-tonlib.sh

# One build of everything, as from a fresh clone: incremental state would only take disk (4 GB
# of target/, most of it for the generated crates and the test binaries that link them) and
# time. `cargo test` run by hand keeps cargo's default.
export CARGO_INCREMENTAL=${CARGO_INCREMENTAL:-0}

# Tests that need libtdjson or libtonlibjson fail (instead of skipping) when it cannot be found.
export TLGEN_REQUIRE_TDJSON=1

cargo fmt --all -- --check
cargo clippy --workspace --all-targets -- -D warnings
# --show-output: the suites print their counts (guard-sweep prefixes, fuzz cases and verdicts,
# allocations, backends compared), which are part of what CI reports.
cargo test --workspace -- --show-output
