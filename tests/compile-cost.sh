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
# A/B against an earlier commit, for a machine too noisy for absolute numbers: BASELINE=<rev>
# checks that commit out (git worktree), generates with its generator against its runtime,
# and builds its output and this tree's alternately, in the same configuration, round after
# round (the order flips each round). It prints both medians and the median (min-max) of the
# per-round ratios this ÷ baseline. Defaults there: PROFILES=dev ROUNDS=3.
#
#   BASELINE=HEAD~1 MODES=both SETS=pruned bash tests/compile-cost.sh
#
# BASELINE_SET=<set> makes the baseline build that set instead of the same one, e.g. to weigh
# an option: BASELINE=HEAD BASELINE_SET=pruned SETS=pruned-requests MODES=both ...
#
# ARGS="..." adds generator arguments to this tree's builds only (not the baseline's), e.g. to
# weigh the frozen list of small variants against the size rule it froze:
#   BASELINE=5cf17fb ARGS="--unboxed-file schema/td_api.unboxed" SETS=pruned ...
#
# Sets: "full" (the whole schema); "pruned", "receive only updates + 20 functions": roots =
# the class Update and 20 functions a small bot uses; "pruned-requests", the same with
# `--serializers requests` (Serialize only for what the requests carry).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
root=$PWD
schema=$(realpath "${1:-$root/../shared/schema/td_api.tl}")
baseline=${BASELINE:-}
read -r -a extra_args <<< "${ARGS:-}"
modes=${MODES:-"reader pointer both"}
sets=${SETS:-"full pruned pruned-requests"}
if [ -n "$baseline" ]; then
  profiles=${PROFILES:-dev}
  rounds=${ROUNDS:-3}
else
  profiles=${PROFILES:-"dev dev-noincr release"}
  rounds=${ROUNDS:-1}
fi
pruned_roots="Update,getChats,getChat,getMe,getUser,getMessage,getChatHistory,sendMessage,\
editMessageText,deleteMessages,viewMessages,openChat,closeChat,searchPublicChat,getSupergroup,\
getBasicGroup,getOption,setOption,getCurrentState,close,setTdlibParameters"
work=${TMPDIR:-/tmp}/tlgen-compile-cost
mkdir -p "$work"

# A throwaway crate at $1 that depends on the runtime at $2, its dependencies prebuilt (with an
# empty crate) so that only the generated code is timed.
make_crate() {
  local dir=$1 runtime=$2
  mkdir -p "$dir/src"
  cat > "$dir/Cargo.toml" <<TOML
[package]
name = "generated"
version = "0.1.0"
edition = "2024"
[dependencies]
tlgen-runtime = { path = "$runtime" }
[workspace]
TOML
  echo "" > "$dir/src/lib.rs"
  local p
  for p in $profiles; do
    (cd "$dir" && CARGO_TARGET_DIR=$dir/target cargo build -q --profile "${p%-noincr}")
  done
}

# Generates set $3 in mode $2 with generator $1 into $4 (and the rest as more arguments).
generate() {
  local tlgen=$1 mode=$2 set=$3 out=$4
  local args=(--mode "$mode" --schema "$schema" --out "$out" "${@:5}")
  case $set in
    pruned) args+=(--roots "$pruned_roots") ;;
    pruned-requests) args+=(--roots "$pruned_roots" --serializers requests) ;;
  esac
  "$tlgen" "${args[@]}" 2> "$work/generate.log" || { cat "$work/generate.log" >&2; return 1; }
}

# Builds crate $1 from clean in profile $2; prints the wall seconds.
build_once() {
  local dir=$1 profile=$2
  local cargo_profile=${profile%-noincr}
  local out=$([ "$cargo_profile" = dev ] && echo debug || echo "$cargo_profile")
  local incremental=$([ "$profile" = dev-noincr ] && echo 0 || echo "")
  rm -rf "$dir/target/$out/incremental/generated-"* "$dir/target/$out/deps/"*generated* \
    "$dir/target/$out/.fingerprint/generated-"* "$dir/target/$out/libgenerated.rlib"
  local start end
  start=$(date +%s.%N)
  (cd "$dir" && CARGO_TARGET_DIR=$dir/target CARGO_INCREMENTAL=$incremental \
    cargo build -q --profile "$cargo_profile")
  end=$(date +%s.%N)
  awk "BEGIN { printf \"%.1f\", $end - $start }"
}

median() { tr ' ' '\n' | grep . | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

cargo build --release -q -p tlgen
tlgen=$root/target/release/tlgen

if [ -n "$baseline" ]; then
  rev=$(git rev-parse --short "$baseline")
  base=$work/baseline-$rev
  rm -rf "$base"
  git worktree prune
  git worktree add -q --detach "$base" "$rev"
  trap 'git -C "$root" worktree remove --force "$base"' EXIT
  (cd "$base" && CARGO_TARGET_DIR=$work/baseline-target cargo build --release -q -p tlgen)
  make_crate "$work/old" "$base/runtime"
  make_crate "$work/new" "$root/runtime"
  echo "baseline $rev against the work tree; $rounds rounds, alternating"
  echo
  echo "| mode | schema | profile | lines $rev | lines now | $rev (s) | now (s) | now ÷ $rev, median (min-max) |"
  echo "|---|---|---|---:|---:|---:|---:|---|"
  for set in $sets; do
    for mode in $modes; do
      generate "$work/baseline-target/release/tlgen" "$mode" "${BASELINE_SET:-$set}" \
        "$work/old/src/lib.rs"
      generate "$tlgen" "$mode" "$set" "$work/new/src/lib.rs" ${extra_args[@]+"${extra_args[@]}"}
      old_lines=$(wc -l < "$work/old/src/lib.rs")
      new_lines=$(wc -l < "$work/new/src/lib.rs")
      for profile in $profiles; do
        olds="" news="" ratios=""
        for round in $(seq "$rounds"); do
          if [ $((round % 2)) = 1 ]; then
            o=$(build_once "$work/old" "$profile"); n=$(build_once "$work/new" "$profile")
          else
            n=$(build_once "$work/new" "$profile"); o=$(build_once "$work/old" "$profile")
          fi
          olds="$olds $o" news="$news $n"
          ratios="$ratios $(awk "BEGIN { printf \"%.3f\", $n / $o }")"
        done
        spread=$(echo $ratios | tr ' ' '\n' | sort -n | awk 'NR == 1 { lo = $1 } { hi = $1 } END { printf "%.2f-%.2f", lo, hi }')
        echo "| $mode | ${BASELINE_SET:+$BASELINE_SET → }$set | $profile | $old_lines | $new_lines | $(echo $olds | median) |" \
          "$(echo $news | median) | $(echo $ratios | median | xargs printf '%.2f') ($spread) |"
      done
    done
  done
  exit 0
fi

make_crate "$work" "$root/runtime"
echo "| mode | schema | lines | debug (s) | debug, no incremental (s) | release (s) | rlib debug (MiB) | rlib release (MiB) |"
echo "|---|---|---:|---:|---:|---:|---:|---:|"
for set in $sets; do
  for mode in $modes; do
    generate "$tlgen" "$mode" "$set" "$work/src/lib.rs" ${extra_args[@]+"${extra_args[@]}"}
    lines=$(wc -l < "$work/src/lib.rs")
    declare -A times=() secs=([dev]="-" [dev-noincr]="-" [release]="-") size=([debug]="-" [release]="-")
    for round in $(seq "$rounds"); do
      for profile in $profiles; do
        times[$profile]="${times[$profile]:-} $(build_once "$work" "$profile")"
        dir=$([ "${profile%-noincr}" = dev ] && echo debug || echo release)
        size[$dir]=$(du -m "$work/target/$dir/libgenerated.rlib" | cut -f1)
      done
    done
    for profile in $profiles; do
      secs[$profile]=$(echo ${times[$profile]} | median)
    done
    echo "| $mode | $set | $lines | ${secs[dev]} | ${secs[dev-noincr]} | ${secs[release]} | ${size[debug]} | ${size[release]} |"
  done
done
