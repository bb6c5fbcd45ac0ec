#!/usr/bin/env bash
# Benchmark of the Instruments importer (`make bench`).
#
# Generates a deterministic 1,000,000-row `swiftui-causes` export (about
# 290 MB) with causegraph-export-gen, then measures, in the same run, the
# wall time and peak memory of
#   - `causegraph convert` on it (the whole import, writing native JSON Lines), and
#   - `xmllint --stream --noout` on it (libxml2's streaming reader: the reference),
# and prints both and their ratio. Target: ratio <= 1.0, convert peak <= 128 MB.
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

measure convert "$BIN/causegraph" convert "$EXPORT" -o "$BENCH_DIR/converted.jsonl"
measure xmllint xmllint --stream --noout "$EXPORT"

RATIO=$(awk -v a="$convert_SECONDS" -v b="$xmllint_SECONDS" 'BEGIN { printf "%.2f", a / b }')
printf 'export:                 %s rows, %s MB (%s)\n' "$ROWS" "$SIZE_MB" "$EXPORT"
printf 'causegraph convert:     %6.2f s   peak %5d MB\n' "$convert_SECONDS" $(( convert_KB / 1024 ))
printf 'xmllint --stream:       %6.2f s   peak %5d MB\n' "$xmllint_SECONDS" $(( xmllint_KB / 1024 ))
printf 'ratio convert/xmllint:  %s   (target <= 1.00; peak target <= 128 MB)\n' "$RATIO"
