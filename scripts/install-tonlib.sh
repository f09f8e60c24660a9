#!/usr/bin/env bash
# Install a prebuilt tonlib JSON library (TON's client library, the producer of tonlib_api.tl's
# JSON) into the git-ignored folder .tonlib/ of this repository:
#
#   .tonlib/libtonlibjson.so   from PyPI's pytonlib 0.0.72 (its pytonlib/distlib/linux/
#                              libtonlibjson.x86_64.so; x86_64, glibc >= 2.35, no other library)
#
# tests/schemas/tests/tonlib_live.rs loads it at run time and sends it requests that tonlib
# answers offline (`tonlib_client_json_execute`, no client, no network), serialised by the code
# tlgen generates from schema/tlgen_test.tl, and parses its answers with both parsers.
#
# Source: the wheel, fetched with curl from PyPI's file host and checked against its SHA-256;
# one file is extracted from it with unzip. Nothing in it runs but that library.
#
# Usage: bash scripts/install-tonlib.sh     (idempotent: skipped when the file is already there)
# Needs curl, unzip and ca-certificates (installed with apt-get when missing).
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST="$ROOT/.tonlib"
WHEEL_URL="https://files.pythonhosted.org/packages/67/8d/7d04d0d3d4f84a324da253b3790d263d1f89fae1d773a912a469b5a70f85/pytonlib-0.0.72-py3-none-any.whl"
WHEEL_SHA256="815d0762af2e2953c837c8318e8bf06611d54df5d0e6e04c2afdeb0c08bc3b14"
MEMBER="pytonlib/distlib/linux/libtonlibjson.x86_64.so"

log() { printf 'install-tonlib: %s\n' "$*" >&2; }
die() { log "error: $*"; exit 1; }

[ "$(uname -s)-$(uname -m)" = Linux-x86_64 ] || die "only x86_64 Linux is supported"

if [ -s "$DEST/libtonlibjson.so" ] && [ "$(cat "$DEST/source" 2>/dev/null)" = "$WHEEL_SHA256" ]; then
  log "tonlib already installed"
  printf 'tonlib: %s\n' "$DEST/libtonlibjson.so"
  exit 0
fi

missing=()
command -v curl >/dev/null || missing+=(curl)
command -v unzip >/dev/null || missing+=(unzip)
[ -s /etc/ssl/certs/ca-certificates.crt ] || missing+=(ca-certificates)
if [ "${#missing[@]}" -gt 0 ]; then
  command -v apt-get >/dev/null || die "apt-get not found; install these by hand: ${missing[*]}"
  log "apt-get install ${missing[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

mkdir -p "$DEST"
tmp="$(mktemp -d "$DEST/.tmp.XXXXXX")"
# shellcheck disable=SC2064
trap "rm -rf '$tmp'" EXIT
log "fetching pytonlib 0.0.72"
curl -sSfL --retry 3 -o "$tmp/pytonlib.whl" "$WHEEL_URL"
echo "$WHEEL_SHA256  $tmp/pytonlib.whl" | sha256sum -c --quiet - || die "the wheel's SHA-256 differs"
unzip -q -p "$tmp/pytonlib.whl" "$MEMBER" > "$tmp/libtonlibjson.so"
[ -s "$tmp/libtonlibjson.so" ] || die "the wheel holds no $MEMBER"
if ldd "$tmp/libtonlibjson.so" | grep -q 'not found'; then
  die "libtonlibjson.so has unresolved libraries: $(ldd "$tmp/libtonlibjson.so" | grep 'not found' | tr '\n' ' ')"
fi
mv "$tmp/libtonlibjson.so" "$DEST/libtonlibjson.so"
echo "$WHEEL_SHA256" > "$DEST/source"
rm -rf "$tmp"
trap - EXIT
printf 'tonlib: %s\n' "$DEST/libtonlibjson.so"
