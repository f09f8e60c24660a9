#!/usr/bin/env bash
# Mutation check by hand: each planted bug is a patch, scripts/planted-bugs/<name>.patch (a
# unified diff against the real code, its first line `PLANTED BUG "<name>": what it plants`),
# see docs/HARDENING.md. The script copies the workspace (the working tree's files, so
# uncommitted changes count) to a scratch directory, checks that the runtime's test suite
# passes there unpatched, then for each bug applies its patch, runs the suite, and reverts it.
# It reports whether the suite catches the bug (a failing test, or a crash such as SIGSEGV)
# and which tests failed, as a markdown table, and the mutation score. runtime/src itself
# never holds a planted bug.
#
#   bash scripts/planted-bugs.sh                 # every bug in scripts/planted-bugs/
#   bash scripts/planted-bugs.sh overread escape_b
#
# Builds go to ${CARGO_TARGET_DIR:-target}/planted (made absolute), shared by the bugs, so only
# the runtime and its tests rebuild for each.
set -uo pipefail
cd "$(dirname "$0")/.."
root=$PWD
patches=$root/scripts/planted-bugs
target_dir=${CARGO_TARGET_DIR:-target}/planted
case $target_dir in /*) ;; *) target_dir=$root/$target_dir ;; esac
if [ $# -gt 0 ]; then
    bugs=("$@")
else
    mapfile -t bugs < <(find "$patches" -name '*.patch' -printf '%f\n' | sed 's/\.patch$//' | sort)
fi

scratch=$(mktemp -d "${TMPDIR:-/tmp}/tlgen-planted.XXXXXX")
trap 'rm -rf "$scratch"' EXIT
# tracked and untracked (not ignored) files as they are in the working tree
git ls-files -z --cached --others --exclude-standard |
    tar --null --ignore-failed-read -T - -cf - 2>/dev/null | tar -xf - -C "$scratch"
# Every file newer than any build in the shared target directory: the copy keeps the working
# tree's times, and cargo, which compares them, took a build of the previous run's last patched
# file for the code of this one.
find "$scratch" -type f -exec touch {} +

# Runs the runtime suite in the scratch copy; the log in $1, the exit status returned.
run_suite() {
    (cd "$scratch" && CARGO_PROFILE_DEV_DEBUG=0 CARGO_TARGET_DIR="$target_dir" \
        cargo test -p tlgen-runtime --all-features --no-fail-fast) >"$1" 2>&1
}

log=$(mktemp)
if ! run_suite "$log"; then
    echo "the runtime suite fails without any planted bug; nothing to measure:" >&2
    grep -E '^test .* FAILED$|^error' "$log" | head -20 >&2
    rm -f "$log"
    exit 1
fi

caught=0
echo "| planted bug | where | caught | failing tests (runtime suite) |"
echo "|---|---|---|---|"
for bug in "${bugs[@]}"; do
    patch=$patches/$bug.patch
    where=$(sed -n 's|^+++ b/||p' "$patch" 2>/dev/null | sort -u | sed 's/.*/`&`/' | paste -sd, -)
    if ! (cd "$scratch" && git apply "$patch") 2>"$log"; then
        echo "| \`$bug\` | ${where:-} | patch does not apply | $(head -1 "$log") |"
        continue
    fi
    run_suite "$log"
    status=$?
    (cd "$scratch" && git apply -R "$patch")
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
    echo "| \`$bug\` | $where | $verdict | ${failed:-}${crashed:+ ($crashed)} |"
done
rm -f "$log"
echo
echo "mutation score: $caught of ${#bugs[@]} planted bugs caught by the runtime suite"
