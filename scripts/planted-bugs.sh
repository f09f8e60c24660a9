#!/usr/bin/env bash
# Mutation check by hand: builds the runtime's test suite once per planted bug (each a
# `#[cfg(tlgen_planted = "<name>")]` path next to the real code, see docs/HARDENING.md) and
# reports whether the suite catches it (a failing test, or a crash such as SIGSEGV), and which
# tests failed. Prints a markdown table and the mutation score.
#
#   bash scripts/planted-bugs.sh                 # every bug found in runtime/src
#   bash scripts/planted-bugs.sh overread escape_b
#
# `--target` keeps RUSTFLAGS away from build scripts, so only the runtime and its tests rebuild.
set -uo pipefail
cd "$(dirname "$0")/.."
target_dir=${CARGO_TARGET_DIR:-target}/planted
host=$(rustc -vV | sed -n 's/^host: //p')
if [ $# -gt 0 ]; then
    bugs=("$@")
else
    mapfile -t bugs < <(grep -rhoE 'PLANTED BUG "[a-z_0-9]+"' runtime/src | sed -E 's/.*"(.*)"/\1/' | sort -u)
fi
caught=0
echo "| planted bug | where | caught | failing tests (runtime suite) |"
echo "|---|---|---|---|"
for bug in "${bugs[@]}"; do
    where=$(grep -rln "PLANTED BUG \"$bug\"" runtime/src | head -1)
    log=$(mktemp)
    CARGO_PROFILE_DEV_DEBUG=0 CARGO_TARGET_DIR="$target_dir" \
        RUSTFLAGS="--cfg tlgen_planted=\"$bug\"" \
        cargo test --target "$host" -p tlgen-runtime --all-features --no-fail-fast >"$log" 2>&1
    status=$?
    failed=$(grep -E '^test .* \.\.\. FAILED$' "$log" | sed -E 's/^test (.*) \.\.\. FAILED$/`\1`/' | sort -u | head -6 | paste -sd, -)
    crashed=$(grep -oE 'signal: [0-9]+, SIG[A-Z]+' "$log" | sort -u | paste -sd, -)
    if grep -q "could not compile" "$log"; then
        verdict="build failed"
    elif [ $status -ne 0 ]; then
        verdict="yes"
        caught=$((caught + 1))
    else
        verdict="**no**"
    fi
    echo "| \`$bug\` | \`$where\` | $verdict | ${failed:-}${crashed:+ ($crashed)} |"
    rm -f "$log"
done
echo
echo "mutation score: $caught of ${#bugs[@]} planted bugs caught by the runtime suite"
