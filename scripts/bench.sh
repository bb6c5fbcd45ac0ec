#!/usr/bin/env bash
# Benchmark of the Instruments importer (`make bench`).
#
# Generates a deterministic 1,000,000-row `swiftui-causes` export of a
# realistic app's recording (about 280 MB, some 3,000 distinct nodes) with
# causegraph-export-gen, then measures, in the same run, the
# wall time and peak memory of
#   - `causegraph convert` on it (the whole import, writing native JSON Lines), and
#   - `xmllint --stream --noout` on it (libxml2's streaming reader: the reference),
# and prints both and their ratio (issue 3). Target: ratio <= 1.0, convert
# peak <= 128 MB.
#
# Then, for graph shaping (issue 5), it measures
#   - the import alone: `causegraph render --format json --max-nodes 0 --max-edges 0`, which
#     reads the export and reconstructs the whole cause graph, then writes it
#     as JSON: no shaping, no Graphviz (the graph JSON is a few hundred kB),
#   - `causegraph render -o OUT.svg` with the default shaping (at most 80
#     nodes), layout and SVG through libgraphviz,
# and prints both and their ratio. Target: render/import <= 1.3.
#
# And `causegraph why EXPORT --view LibraryItemSongRow` (a list row the generated app
# re-renders from an @Observable model and creates while scrolling) against the same
# import (issue 11): target why/import <= 1.5, peak within the import's.
#
# Every output is removed before the command that writes it is timed, so no
# run pays for freeing the previous run's 220 MB file when it replaces it.
#
# Environment: ROWS (default 1000000), SEED (default 1), BENCH_DIR (default out/bench).
set -euo pipefail

ROWS="${ROWS:-1000000}"
SEED="${SEED:-1}"
BENCH_DIR="${BENCH_DIR:-out/bench}"
SWIFT="${SWIFT:-swift}"

cd "$(dirname "$0")/.."

need() {
    # $1: command to find, $2: Debian package that provides it.
    if ! command -v "$1" >/dev/null 2>&1 && [ ! -x "$1" ]; then
        if command -v apt-get >/dev/null 2>&1; then
            echo "bench: installing $2 with apt-get" >&2
            sudo_cmd=""
            [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
            $sudo_cmd apt-get update -qq
            DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "$2" >/dev/null
        else
            echo "bench: $1 not found; install $2" >&2
            exit 1
        fi
    fi
}
need /usr/bin/time time
need xmllint libxml2-utils

echo "bench: building release" >&2
"$SWIFT" build -c release --product causegraph >&2
"$SWIFT" build -c release --product causegraph-export-gen >&2
BIN="$("$SWIFT" build -c release --show-bin-path)"

mkdir -p "$BENCH_DIR"
EXPORT="$BENCH_DIR/swiftui-causes-$ROWS.xml"
# Regenerated every run (a few seconds): the generator may have changed.
echo "bench: generating $ROWS rows into $EXPORT" >&2
"$BIN/causegraph-export-gen" "$ROWS" "$SEED" > "$EXPORT.tmp"
mv "$EXPORT.tmp" "$EXPORT"
SIZE_MB=$(( $(wc -c < "$EXPORT") / 1000000 ))

# measure NAME COMMAND...: runs the command under /usr/bin/time, keeps the
# elapsed seconds and peak resident kilobytes in NAME_SECONDS / NAME_KB.
measure() {
    local name="$1"
    shift
    local report="$BENCH_DIR/$name.time"
    /usr/bin/time -f "%e %M" -o "$report" "$@" >/dev/null
    read -r seconds kilobytes < "$report"
    printf -v "${name}_SECONDS" '%s' "$seconds"
    printf -v "${name}_KB" '%s' "$kilobytes"
}

# Warm the page cache so both tools read the file from memory.
cat "$EXPORT" > /dev/null

rm -f "$BENCH_DIR/converted.jsonl" "$BENCH_DIR/graph.json" "$BENCH_DIR/graph.svg"
measure convert "$BIN/causegraph" convert "$EXPORT" -o "$BENCH_DIR/converted.jsonl"
measure xmllint xmllint --stream --noout "$EXPORT"
echo "bench: import alone, then render with default shaping" >&2
measure import "$BIN/causegraph" render "$EXPORT" --format json --max-nodes 0 --max-edges 0 -o "$BENCH_DIR/graph.json"
measure render "$BIN/causegraph" render "$EXPORT" -o "$BENCH_DIR/graph.svg"
measure why "$BIN/causegraph" why "$EXPORT" --view LibraryItemSongRow

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
RATIO=$(ratio "$convert_SECONDS" "$xmllint_SECONDS")
RENDER_RATIO=$(ratio "$render_SECONDS" "$import_SECONDS")
WHY_RATIO=$(ratio "$why_SECONDS" "$import_SECONDS")
printf 'export:                 %s rows, %s MB (%s)\n' "$ROWS" "$SIZE_MB" "$EXPORT"
printf 'causegraph convert:     %6.2f s   peak %5d MB\n' "$convert_SECONDS" $(( convert_KB / 1024 ))
printf 'xmllint --stream:       %6.2f s   peak %5d MB\n' "$xmllint_SECONDS" $(( xmllint_KB / 1024 ))
printf 'ratio convert/xmllint:  %s   (target <= 1.00; peak target <= 128 MB)\n' "$RATIO"
printf 'import alone:           %6.2f s   peak %5d MB   (render --format json --max-nodes 0 --max-edges 0: read + reconstruct, no shaping, no layout)\n' \
    "$import_SECONDS" $(( import_KB / 1024 ))
# What the layout had to place, counted in the SVG Graphviz wrote.
DRAWN_NODES=$(grep -o 'class="node[ "]' "$BENCH_DIR/graph.svg" | wc -l)
DRAWN_EDGES=$(grep -o 'class="edge[ "]' "$BENCH_DIR/graph.svg" | wc -l)
printf 'causegraph render svg:  %6.2f s   peak %5d MB   (default shaping; drew %d nodes, %d edges)\n' \
    "$render_SECONDS" $(( render_KB / 1024 )) "$DRAWN_NODES" "$DRAWN_EDGES"
printf 'ratio render/import:    %s   (target <= 1.30)\n' "$RENDER_RATIO"
printf 'causegraph why:         %6.2f s   peak %5d MB   (--view LibraryItemSongRow)\n' "$why_SECONDS" $(( why_KB / 1024 ))
printf 'ratio why/import:       %s   (target <= 1.50)\n' "$WHY_RATIO"
