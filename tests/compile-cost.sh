#!/usr/bin/env bash
# Compile cost of generated code: for each mode (reader, pointer, both) and for the full
# td_api.tl against a pruned selection, prints generated lines, `cargo build` wall time of the
# generated crate alone (debug and release, dependencies prebuilt) and the size of its rlib.
#
#   bash tests/compile-cost.sh [SCHEMA]          # all six configurations (~25 min on 2 cores)
#   MODES="both" SETS="full" PROFILES="dev" bash tests/compile-cost.sh
#
# The pruned set is "receive only updates + 20 functions": roots = the class Update and 20
# functions a small bot uses.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
schema=${1:-$root/../shared/schema/td_api.tl}
modes=${MODES:-"reader pointer both"}
sets=${SETS:-"full pruned"}
profiles=${PROFILES:-"dev release"}
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

echo "| mode | schema | lines | debug build (s) | release build (s) | rlib debug (MiB) | rlib release (MiB) |"
echo "|---|---|---:|---:|---:|---:|---:|"
for set in $sets; do
  for mode in $modes; do
    args=(--mode "$mode" --schema "$schema" --out "$work/src/lib.rs")
    [ "$set" = pruned ] && args+=(--roots "$pruned_roots")
    "$tlgen" "${args[@]}" 2> "$work/summary.txt"
    lines=$(wc -l < "$work/src/lib.rs")
    declare -A secs=([dev]="-" [release]="-") size=([dev]="-" [release]="-")
    for profile in $profiles; do
      dir=$([ "$profile" = dev ] && echo debug || echo "$profile")
      rm -f "$work/target/$dir/libgenerated.rlib"
      start=$(date +%s.%N)
      (cd "$work" && cargo build -q --profile "$profile")
      end=$(date +%s.%N)
      secs[$profile]=$(awk "BEGIN { printf \"%.1f\", $end - $start }")
      size[$profile]=$(du -m "$work/target/$dir/libgenerated.rlib" | cut -f1)
    done
    echo "| $mode | $set | $lines | ${secs[dev]} | ${secs[release]} | ${size[dev]} | ${size[release]} |"
  done
done
