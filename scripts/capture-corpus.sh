#!/usr/bin/env bash
# Regenerates the TDLib corpus from the installed libraries:
#   corpus/tdjson-<version>.jsonl         offline answers, deterministic (td_execute + test calls)
#   corpus/tdjson-<version>-params.jsonl  updates after setTdlibParameters, recorded ONLY inside a
#                                         fresh network namespace (needs root; else skipped)
# Extra arguments go to every capture run (e.g. nothing, or --version-label X).
# Then checks every line: one JSON object, pure ASCII.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

VERSIONS=(1.8.65 1.8.67)

bash scripts/install-tdlib.sh "${VERSIONS[@]}"
cargo build -q -p tlgen-tests --bin capture
for v in "${VERSIONS[@]}"; do
  cargo run -q -p tlgen-tests --bin capture -- --lib ".tdlib/$v/libtdjson.so" --with-params "$@"
done

python3 - corpus/tdjson-*.jsonl <<'PY'
import json, sys
for path in sys.argv[1:]:
    data = open(path, "rb").read()
    assert data.endswith(b"\n"), f"{path}: no final newline"
    lines = data[:-1].split(b"\n")
    for n, line in enumerate(lines, 1):
        assert line.isascii(), f"{path}:{n}: not ASCII"
        assert line.startswith(b'{"@type":"'), f"{path}:{n}: @type is not the first key"
        assert isinstance(json.loads(line), dict), f"{path}:{n}: not an object"
    print(f"{path}: {len(lines)} lines, valid JSON objects, ASCII")
PY
