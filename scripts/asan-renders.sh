#!/usr/bin/env bash
# Part of `make test-asan`: renders through libgraphviz with the AddressSanitizer build of
# causegraph and full stacks (the slow unwinder), so a graph, layout or render buffer the
# wrapper fails to free is reported even though libgvc has no frame pointers. Only Graphviz's
# and the system libraries' own leaks are suppressed here (not every allocation of libgvc, as
# the test suite's suppressions must).
#
# Usage: scripts/asan-renders.sh BUILD_DIR   (e.g. .build/asan/debug)
set -euo pipefail
cd "$(dirname "$0")/.."
BIN="$1/causegraph"
OUT="$(mktemp -d)"
trap 'rm -rf "$OUT"' EXIT
grep -v '^leak:gmalloc$' scripts/lsan-suppressions.txt > "$OUT/suppressions"
export ASAN_OPTIONS=fast_unwind_on_malloc=0
export LSAN_OPTIONS="suppressions=$OUT/suppressions:print_suppressions=0"
for format in svg png pdf dot json; do
    "$BIN" render fixtures/hostile-titles.jsonl -o "$OUT/graph.$format"
done
"$BIN" render fixtures/landmarks-favorites-before.jsonl --max-nodes 4 -o "$OUT/shaped.svg"
"$BIN" report fixtures/landmarks-favorites-before.jsonl -o "$OUT/report.html"
"$BIN" diff fixtures/landmarks-favorites-before.jsonl fixtures/landmarks-favorites-after.jsonl -o "$OUT/diff.svg" > /dev/null
"$BIN" render fixtures/onoff-toggle.jsonl --engine nonesuch -o "$OUT/failed.svg" 2> /dev/null && exit 1
echo "asan-renders: every render freed what it allocated"
