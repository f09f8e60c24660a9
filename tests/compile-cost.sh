#!/usr/bin/env bash
# Compile cost of generated code: for each mode (reader, pointer, both) and for the full
# td_api.tl against a pruned selection, prints generated lines, `cargo build` wall time of the
# generated crate alone (dependencies prebuilt) and the size of its rlib. Builds:
#   dev          debug, incremental (cargo's default for a crate of your workspace)
#   dev-noincr   debug, CARGO_INCREMENTAL=0 (a dependency from a registry, or a crate with
#                `[profile.dev.package.<name>] incremental = false`)
#   release
# Every build starts clean (no incremental cache left by an earlier configuration). ROUNDS=n
# repeats each build n times, interleaved per configuration, and prints the median.
#
#   bash tests/compile-cost.sh [SCHEMA]          # all six configurations (~30 min on 2 cores)
#   MODES="both" SETS="full" PROFILES="dev dev-noincr" ROUNDS=3 bash tests/compile-cost.sh
#
# The pruned set is "receive only updates + 20 functions": roots = the class Update and 20
# functions a small bot uses.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
schema=${1:-$root/../shared/schema/td_api.tl}
modes=${MODES:-"reader pointer both"}
sets=${SETS:-"full pruned"}
profiles=${PROFILES:-"dev dev-noincr release"}
rounds=${ROUNDS:-1}
pruned_roots="Update,getChats,getChat,getMe,getUser,getMessage,getChatHistory,sendMessage,\
editMessageText,deleteMessages,viewMessages,openChat,closeChat,searchPublicChat,getSupergroup,\
getBasicGroup,getOption,setOption,getCurrentState,close,setTdlibParameters"

work=${TMPDIR:-/tmp}/tlgen-compile-cost
mkdir -p "$work/src"
cargo build --release -q -p tlgen
tlgen=$root/target/release/tlgen

cat > "$work/Cargo.toml" <<TOML
[package]
name = "generated"
version = "0.1.0"
edition = "2024"
[dependencies]
tlgen-runtime = { path = "$root/runtime" }
[workspace]
TOML
export CARGO_TARGET_DIR=$work/target

# Dependencies first, with an empty crate, so that only the generated code is timed.
echo "" > "$work/src/lib.rs"
(cd "$work" && cargo build -q && cargo build -q --release)

echo "| mode | schema | lines | debug (s) | debug, no incremental (s) | release (s) | rlib debug (MiB) | rlib release (MiB) |"
echo "|---|---|---:|---:|---:|---:|---:|---:|"
for set in $sets; do
  for mode in $modes; do
    args=(--mode "$mode" --schema "$schema" --out "$work/src/lib.rs")
    [ "$set" = pruned ] && args+=(--roots "$pruned_roots")
    "$tlgen" "${args[@]}" 2> "$work/summary.txt"
    lines=$(wc -l < "$work/src/lib.rs")
    declare -A times=() secs=([dev]="-" [dev-noincr]="-" [release]="-") size=([debug]="-" [release]="-")
    for round in $(seq "$rounds"); do
      for profile in $profiles; do
        cargo_profile=${profile%-noincr}
        dir=$([ "$cargo_profile" = dev ] && echo debug || echo "$cargo_profile")
        incremental=$([ "$profile" = dev-noincr ] && echo 0 || echo "")
        rm -rf "$work/target/$dir/incremental/generated-"* "$work/target/$dir/deps/"*generated* \
          "$work/target/$dir/.fingerprint/generated-"* "$work/target/$dir/libgenerated.rlib"
        start=$(date +%s.%N)
        (cd "$work" && CARGO_INCREMENTAL=$incremental cargo build -q --profile "$cargo_profile")
        end=$(date +%s.%N)
        times[$profile]="${times[$profile]:-} $(awk "BEGIN { printf \"%.1f\", $end - $start }")"
        size[$dir]=$(du -m "$work/target/$dir/libgenerated.rlib" | cut -f1)
      done
    done
    for profile in $profiles; do
      secs[$profile]=$(echo ${times[$profile]} | tr ' ' '\n' | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')
    done
    echo "| $mode | $set | $lines | ${secs[dev]} | ${secs[dev-noincr]} | ${secs[release]} | ${size[debug]} | ${size[release]} |"
  done
done
