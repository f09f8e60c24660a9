#!/usr/bin/env bash
# Install prebuilt TDLib JSON libraries (libtdjson.so) into the git-ignored folder .tdlib/ of this
# repository, one folder per TDLib version, side by side:
#
#   .tdlib/1.8.65/libtdjson.so   TDLib 1.8.65 (commit 062f2605), the version of schema/td_api.tl
#   .tdlib/1.8.67/libtdjson.so   TDLib 1.8.67, for version-skew tests
#
# Source: the npm packages @prebuilt-tdlib/linux-x64-glibc@0.10080NN.0 (one file that matters:
# libtdjson.so, ~56 MiB, x86_64, glibc >= 2.17; OpenSSL, zlib and the C++ runtime are linked in
# statically, so it needs only libc/libm/libpthread/libdl). The package is fetched with
# `npm pack` (integrity-checked by npm) and unpacked with tar; nothing runs from it.
#
# Usage: bash scripts/install-tdlib.sh [VERSION...]     (default: all versions below)
# Idempotent: a version whose folder already holds the right package is skipped.
# Needs node/npm (installed with apt-get when missing) and an x86_64 glibc Linux.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST_ROOT="$ROOT/.tdlib"
PACKAGE="@prebuilt-tdlib/linux-x64-glibc"

# TDLib version -> npm package version.
declare -A NPM_VERSION=(
  [1.8.65]=0.1008065.0
  [1.8.67]=0.1008067.0
)
DEFAULT_VERSIONS=(1.8.65 1.8.67)

log() { printf 'install-tdlib: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

APT_UPDATED=0
apt_install() {
  command -v apt-get >/dev/null || die "apt-get not found; install these by hand: $*"
  if [ "$APT_UPDATED" = 0 ]; then
    log "apt-get update"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq
    APT_UPDATED=1
  fi
  log "apt-get install $*"
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null
}

# --- platform -------------------------------------------------------------------------------------
[ "$(uname -s)" = Linux ] || die "only Linux is supported (the package is linux-x64-glibc)"
[ "$(uname -m)" = x86_64 ] || die "only x86_64 is supported (the package is linux-x64-glibc), not $(uname -m)"
getconf GNU_LIBC_VERSION >/dev/null 2>&1 || die "glibc is required (the package is linux-x64-glibc)"

versions=("$@")
[ "${#versions[@]}" -gt 0 ] || versions=("${DEFAULT_VERSIONS[@]}")
for v in "${versions[@]}"; do
  [ -n "${NPM_VERSION[$v]:-}" ] || die "unknown TDLib version '$v' (known: ${!NPM_VERSION[*]})"
done

# True when .tdlib/VERSION already holds the package.
installed() {
  local dir="$DEST_ROOT/$1"
  [ -s "$dir/libtdjson.so" ] && [ -f "$dir/package.json" ] &&
    grep -q "\"version\": \"${NPM_VERSION[$1]}\"" "$dir/package.json"
}

# --- download + unpack ----------------------------------------------------------------------------
need_npm=0
for v in "${versions[@]}"; do installed "$v" || need_npm=1; done
if [ "$need_npm" = 1 ] && ! command -v npm >/dev/null; then
  apt_install npm ca-certificates
fi

mkdir -p "$DEST_ROOT"
for v in "${versions[@]}"; do
  dir="$DEST_ROOT/$v"
  if installed "$v"; then
    log "TDLib $v already installed"
    continue
  fi
  spec="$PACKAGE@${NPM_VERSION[$v]}"
  log "fetching $spec"
  tmp="$(mktemp -d "$DEST_ROOT/.tmp.XXXXXX")"
  # shellcheck disable=SC2064
  trap "rm -rf '$tmp'" EXIT
  tgz="$(cd "$tmp" && npm pack --silent --no-update-notifier "$spec" | tail -n 1)"
  [ -f "$tmp/$tgz" ] || die "npm pack $spec produced no tarball"
  mkdir "$tmp/unpacked"
  tar -xzf "$tmp/$tgz" -C "$tmp/unpacked" --strip-components=1 --no-same-owner
  [ -s "$tmp/unpacked/libtdjson.so" ] || die "$spec contains no libtdjson.so"
  grep -q "\"version\": \"$v\"" "$tmp/unpacked/package.json" ||
    die "$spec does not declare TDLib $v in its package.json"
  rm -rf "$dir"
  mv "$tmp/unpacked" "$dir"
  rm -rf "$tmp"
  trap - EXIT
done

# --- system libraries the .so needs ---------------------------------------------------------------
# Today the packages need nothing beyond glibc; map the usual suspects in case a later build does.
for v in "${versions[@]}"; do
  so="$DEST_ROOT/$v/libtdjson.so"
  missing="$(ldd "$so" 2>/dev/null | awk '/not found/ {print $1}' || true)"
  [ -z "$missing" ] && continue
  pkgs=()
  for lib in $missing; do
    case "$lib" in
      libssl.so* | libcrypto.so*) pkgs+=(libssl3) ;;
      libz.so*) pkgs+=(zlib1g) ;;
      libc++.so*) pkgs+=(libc++1) ;;
      libc++abi.so*) pkgs+=(libc++abi1) ;;
      libstdc++.so*) pkgs+=(libstdc++6) ;;
      libgcc_s.so*) pkgs+=(libgcc-s1) ;;
      *) die "$so needs $lib, which this script does not know how to install" ;;
    esac
  done
  apt_install "${pkgs[@]}"
  if ldd "$so" | grep -q 'not found'; then
    die "$so still has unresolved libraries: $(ldd "$so" | grep 'not found' | tr '\n' ' ')"
  fi
done

for v in "${versions[@]}"; do
  printf 'TDLib %s: %s\n' "$v" "$DEST_ROOT/$v/libtdjson.so"
done
