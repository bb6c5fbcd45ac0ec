#!/usr/bin/env bash
# Benchmark of the Instruments importer and of what is built on it (`make bench`).
#
# Generates deterministic 1,000,000-row exports of a realistic app's
# recording (some 3,000 distinct nodes) with causegraph-export-gen, in three
# tables: swiftui-causes (about 280 MB), swiftui-updates (real column types)
# and swiftui-full-causes. Every figure is a ratio of median wall times (and
# of peak memory) measured in the same run, against a reference run in the
# same sitting; the targets are issue 12's:
#
#   for each table
#     convert / `xmllint --stream --noout` (libxml2's streaming reader)
#         causes <= 0.6, updates <= 0.8
#     summary / xmllint                    causes <= 0.7, updates <= 0.9
#     peak memory of summary               <= 128 MB
#   on swiftui-causes
#     import alone: `render --format json --max-nodes 0 --max-edges 0`,
#       read and reconstruct the whole graph, no shaping, no Graphviz
#     render / import (default shaping, layout, SVG)          <= 1.3
#     why / import (`why --view LibraryItemSongRow`)          <= 1.5
#     report / import: time <= 1.5, peak memory <= 1.2
#   on a dense swiftui-causes export (issue 28; scripts/dense-causes.py:
#     1,000,000 rows joining random pairs of 1,314 nodes, some 660,000
#     distinct edges): summary / convert <= 1.5, summary's peak <= 256 MB
#   on a 150,000-link native recording (issue 28): every view's every
#     update, `why --view e --list --all` / its import          <= 2.0
#   20 small graphs: `render --each DIR -o OUTDIR` / 20 runs of
#     `dot -Tsvg` on the DOT causegraph writes for them          <= 1.2
#   .trace bundles through the stand-in xctrace (issue 27), the cache
#     empty for the first read: the fixture at 1.5 s a table, a later
#     summary and why <= 0.5 s; a 1,000,000-row recording, a later summary
#     and why / the first read: time <= 0.10, peak memory <= 1.0
#     (wall time, and CPU time: user + system, which a loaded machine
#     does not stretch)
#   with BENCH_4M=1: peak memory of convert and import at 4,000,000 rows
#     of swiftui-causes (about 1.1 GB; slow)                      <= 160 MB
#
# Every command but those of the bundles reads with --no-cache: the figures
# are of reading the exports, which a later command would answer from the
# cache of large exports (issue 27) instead.
#
# Every output is removed and the disk synced before each timed run, so no
# run pays for freeing or writing back the previous run's file. Each command
# first runs once untimed (WARMUP), so every tool meets the same warm page
# cache and memory: on this kind of virtual machine the first run after the
# bench writes its exports takes some 30% more CPU time (memory the host
# took back is faulted in again), which hurt a two-core `convert` far more
# than single-threaded `xmllint`.
#
# Environment: ROWS (default 1000000), SEED (default 1), RUNS (runs of each
# command, default 3: wall times are medians, peaks the largest), WARMUP
# (untimed runs before them, default 1), BENCH_DIR
# (default out/bench), BENCH_4M (set to 1 for the 4M-row memory row, one
# run each), BENCH_ONLY (set to bundles for the .trace bundles alone).
set -euo pipefail

ROWS="${ROWS:-1000000}"
RUNS="${RUNS:-3}"
WARMUP="${WARMUP:-1}"
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
need dot graphviz

echo "bench: building release" >&2
"$SWIFT" build -c release --product causegraph >&2
"$SWIFT" build -c release --product causegraph-export-gen >&2
BIN="$("$SWIFT" build -c release --show-bin-path)"

mkdir -p "$BENCH_DIR"
# generate TABLE ROWS: writes (regenerated every run, a few seconds: the
# generator may have changed) and prints the export's path.
generate() {
    local path="$BENCH_DIR/$1-$2.xml"
    echo "bench: generating $2 rows of $1 into $path" >&2
    "$BIN/causegraph-export-gen" "$2" "$SEED" "$1" > "$path.tmp"
    mv "$path.tmp" "$path"
    echo "$path"
}
EXPORT=$(generate swiftui-causes "$ROWS")
UPDATES=$(generate swiftui-updates "$ROWS")
[ "${BENCH_ONLY:-}" = bundles ] || FULL=$(generate swiftui-full-causes "$ROWS")
# The exports just written go to disk now, not while a command is timed.
sync
megabytes() { echo $(( $(wc -c < "$1") / 1000000 )); }
SIZE_MB=$(megabytes "$EXPORT")

# measure NAME OUTPUT COMMAND...: runs the command WARMUP times untimed, then
# RUNS times under /usr/bin/time, and keeps the median elapsed seconds, the
# median CPU seconds (user + system) and the largest peak resident kilobytes
# in NAME_SECONDS / NAME_CPU / NAME_KB. Before each
# run OUTPUT (the file the command writes, or -) is removed and the disk is
# synced, so no run pays for the one before it.
measure() {
    local name="$1" output="$2"
    shift 2
    local report="$BENCH_DIR/$name.time" seconds kilobytes user system times=() cpus=() peak=0 run
    for run in $(seq 1 "$WARMUP"); do
        [ "$output" = - ] || rm -f "$output"
        sync
        "$@" >/dev/null 2>&1
    done
    for run in $(seq 1 "$RUNS"); do
        [ "$output" = - ] || rm -f "$output"
        sync
        /usr/bin/time -f "%e %M %U %S" -o "$report" "$@" >/dev/null
        read -r seconds kilobytes user system < "$report"
        times+=("$seconds")
        cpus+=("$(awk -v u="$user" -v s="$system" 'BEGIN { printf "%.2f", u + s }')")
        [ "$kilobytes" -gt "$peak" ] && peak=$kilobytes
    done
    printf -v "${name}_SECONDS" '%s' "$(printf '%s\n' "${times[@]}" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')"
    printf -v "${name}_CPU" '%s' "$(printf '%s\n' "${cpus[@]}" | sort -g | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }')"
    printf -v "${name}_KB" '%s' "$peak"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
# judge LABEL VALUE TARGET: whether VALUE meets its target (at most). Sets
# VERDICT to "met" or "NOT MET" and counts it for the tally the page ends
# with, so a target missed is said where it is measured and again at the end.
JUDGED=0
UNMET=()
judge() {
    JUDGED=$((JUDGED + 1))
    if awk -v v="$2" -v t="$3" 'BEGIN { exit !(v <= t) }'; then
        VERDICT="met"
    else
        VERDICT="NOT MET"
        UNMET+=("$1 $2 (target <= $3)")
    fi
}
mb() { echo $(( $1 / 1024 )); }

# table_rows NAME EXPORT: convert and summary against xmllint on one export.
table_rows() {
    local name="$1" export="$2"
    cat "$export" > /dev/null  # from the page cache, for every tool alike
    measure "${name}_convert" "$BENCH_DIR/converted.jsonl" "$BIN/causegraph" convert --no-cache "$export" -o "$BENCH_DIR/converted.jsonl"
    measure "${name}_xmllint" - xmllint --stream --noout "$export"
    measure "${name}_summary" - "$BIN/causegraph" summary --no-cache "$export"
    rm -f "$BENCH_DIR/converted.jsonl"
}
if [ "${BENCH_ONLY:-}" != bundles ]; then
echo "bench: convert and summary against xmllint, three tables" >&2
table_rows causes "$EXPORT"
table_rows updates "$UPDATES"
table_rows full "$FULL"

cat "$EXPORT" > /dev/null
rm -f "$BENCH_DIR/graph.json" "$BENCH_DIR/graph.svg" "$BENCH_DIR/report.html"
echo "bench: import alone, then render, why and report" >&2
measure import "$BENCH_DIR/graph.json" "$BIN/causegraph" render --no-cache "$EXPORT" --format json --max-nodes 0 --max-edges 0 -o "$BENCH_DIR/graph.json"
measure render "$BENCH_DIR/graph.svg" "$BIN/causegraph" render --no-cache "$EXPORT" -o "$BENCH_DIR/graph.svg"
measure why - "$BIN/causegraph" why --no-cache "$EXPORT" --view LibraryItemSongRow
measure report "$BENCH_DIR/report.html" "$BIN/causegraph" report --no-cache "$EXPORT" -o "$BENCH_DIR/report.html"

# A dense graph: summary against convert of the same export (issue 28).
echo "bench: summary of a dense graph against convert" >&2
DENSE="$BENCH_DIR/dense-causes.xml"
python3 scripts/dense-causes.py "$EXPORT" "$ROWS" "$SEED" > "$DENSE"
sync
cat "$DENSE" > /dev/null
measure dense_convert "$BENCH_DIR/converted.jsonl" "$BIN/causegraph" convert --no-cache "$DENSE" -o "$BENCH_DIR/converted.jsonl"
measure dense_summary - "$BIN/causegraph" summary --no-cache "$DENSE"
rm -f "$DENSE" "$BENCH_DIR/converted.jsonl"

# why in its largest mode grows with its input, like the import (issue 28).
echo "bench: why --list --all against the import of the same native recording" >&2
LISTED="$BENCH_DIR/listed.jsonl"
"$BIN/causegraph-export-gen" 150000 "$SEED" native > "$LISTED"
measure list_import "$BENCH_DIR/listed-graph.json" "$BIN/causegraph" render --no-cache "$LISTED" --format json --max-nodes 0 --max-edges 0 -o "$BENCH_DIR/listed-graph.json"
measure list_all "$BENCH_DIR/listed.txt" "$BIN/causegraph" why --no-cache "$LISTED" --view e --list --all -o "$BENCH_DIR/listed.txt"
rm -f "$LISTED" "$BENCH_DIR/listed-graph.json" "$BENCH_DIR/listed.txt"

# 20 small graphs: the recordings of 20 seeds, 400 links each (a few hundred
# nodes, shaped to the default picture). dot is given the DOT causegraph
# writes for them, so both draw the same graphs.
echo "bench: 20 small graphs, render --each against 20 runs of dot" >&2
SMALL="$BENCH_DIR/small"
rm -rf "$SMALL" && mkdir -p "$SMALL/traces"
for seed in $(seq 1 20); do
    "$BIN/causegraph-export-gen" 400 "$seed" native > "$SMALL/traces/app-$seed.jsonl"
done
"$BIN/causegraph" render --no-cache --each "$SMALL/traces" --format dot -o "$SMALL/dot" 2>/dev/null
measure each - "$BIN/causegraph" render --no-cache --each "$SMALL/traces" -o "$SMALL/svg"
measure dot20 - sh -c 'for f in "$1"/*.dot; do dot -Tsvg "$f" -o "${f%.dot}.svg"; done' sh "$SMALL/dot"
fi

# .trace bundles through the test stand-in for xctrace (issue 27): the
# fixture recording with every table taking 1.5 s to export, and a
# 1,000,000-row recording (the swiftui-updates and swiftui-causes exports
# above). The first read runs with an empty cache; later ones answer from it.
echo "bench: .trace bundles, the first read and later reads from the cache" >&2
BUNDLES="$BENCH_DIR/bundles"
rm -rf "$BUNDLES" && mkdir -p "$BUNDLES/Fixture.trace" "$BUNDLES/large/App.trace"
cp fixtures/instruments/recording/xctrace "$BUNDLES/large/xctrace"
absolute() { case "$1" in /*) echo "$1" ;; *) echo "$PWD/$1" ;; esac; }
ln -s "$(absolute "$UPDATES")" "$BUNDLES/large/swiftui-updates.xml"
ln -s "$(absolute "$EXPORT")" "$BUNDLES/large/swiftui-causes.xml"
printf '<?xml version="1.0"?>\n<trace-toc><run number="1"><data><table schema="swiftui-updates"/><table schema="swiftui-causes"/></data></run></trace-toc>\n' \
    > "$BUNDLES/large/toc.xml"
(
    export CAUSEGRAPH_CACHE_DIR="$BUNDLES/cache" CAUSEGRAPH_XCTRACE="$PWD/fixtures/instruments/recording/xctrace" STANDIN_SLEEP=1.5
    RUNS=1 WARMUP=0 measure fixture_first - bash -c 'rm -rf "$CAUSEGRAPH_CACHE_DIR"; exec "$@"' bash \
        "$BIN/causegraph" summary "$BUNDLES/Fixture.trace"
    measure fixture_summary - "$BIN/causegraph" summary "$BUNDLES/Fixture.trace"
    measure fixture_why - "$BIN/causegraph" why "$BUNDLES/Fixture.trace" --view LandmarkListItemView
    export CAUSEGRAPH_XCTRACE="$BUNDLES/large/xctrace" STANDIN_SLEEP=
    measure large_first - bash -c 'rm -rf "$CAUSEGRAPH_CACHE_DIR"; exec "$@"' bash \
        "$BIN/causegraph" summary "$BUNDLES/large/App.trace"
    "$BIN/causegraph" summary "$BUNDLES/large/App.trace" > /dev/null 2>&1
    measure large_summary - "$BIN/causegraph" summary "$BUNDLES/large/App.trace"
    measure large_why - "$BIN/causegraph" why "$BUNDLES/large/App.trace" --view LibraryItemSongRow
    for name in fixture_first fixture_summary fixture_why large_first large_summary large_why; do
        eval "echo \"$name \$${name}_SECONDS \$${name}_KB \$${name}_CPU\""
    done > "$BUNDLES/figures"
    # The large bundle's entries are the largest of each kind: its records, and the graph built from them.
    for contents in records.bin graph.bin; do
        ls -l "$BUNDLES"/cache/entries/*/"$contents" | awk '{ print $5 }' | sort -n | tail -1
    done | paste -s -d ' ' > "$BUNDLES/entry"
)
while read -r name seconds kilobytes cpu; do
    printf -v "${name}_SECONDS" '%s' "$seconds"
    printf -v "${name}_KB" '%s' "$kilobytes"
    printf -v "${name}_CPU" '%s' "$cpu"
done < "$BUNDLES/figures"
read -r ENTRY_SIZE GRAPH_SIZE < "$BUNDLES/entry"
rm -rf "$BUNDLES"

if [ "${BENCH_4M:-}" = 1 ]; then
    BIG=$(generate swiftui-causes 4000000)
    sync
    cat "$BIG" > /dev/null
    rm -f "$BENCH_DIR/converted.jsonl"
    RUNS=1 WARMUP=0 measure big_convert "$BENCH_DIR/converted.jsonl" "$BIN/causegraph" convert --no-cache "$BIG" -o "$BENCH_DIR/converted.jsonl"
    rm -f "$BENCH_DIR/converted.jsonl" "$BENCH_DIR/graph.json"
    RUNS=1 WARMUP=0 measure big_import "$BENCH_DIR/graph.json" "$BIN/causegraph" render --no-cache "$BIG" --format json --max-nodes 0 --max-edges 0 -o "$BENCH_DIR/graph.json"
    rm -f "$BIG"
fi

# The report goes to standard output and, once it is whole, with the machine and the date into
# docs/bench.md (a run that fails part way leaves the page as it was).
REPORT="$BENCH_DIR/report.txt"
exec 3>&1 > "$REPORT"
write_page() {
    local status=$?
    exec 1>&3
    cat "$REPORT"
    [ "$status" = 0 ] || return "$status"
    # A run of one section is no page of the whole.
    [ -z "${BENCH_ONLY:-}" ] || return 0
    local page="docs/bench.md"
    {
        printf '# Benchmarks\n\n'
        printf 'Written by `make bench` (`scripts/bench.sh`, whose header states every target and how each\n'
        printf 'figure is measured): ratios of wall times and peak memory against references measured in the\n'
        printf 'same run. Re-run it to refresh this page.\n\n'
        printf -- '- date: %s\n' "$(date -u '+%Y-%m-%d %H:%M UTC')"
        printf -- '- machine: %s, %s cores, %s; %s\n' "$(uname -srm)" "$(getconf _NPROCESSORS_ONLN)" \
            "$(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo 2>/dev/null | head -n 1 || true)" \
            "$(awk '/MemTotal/ { printf "%.0f GB of memory", $2 / 1048576 }' /proc/meminfo 2>/dev/null || true)"
        printf -- '- tools: %s; Graphviz %s; %s\n' "$("$SWIFT" --version 2>/dev/null | head -n 1)" \
            "$(pkg-config --modversion libgvc 2>/dev/null || echo '?')" "$(xmllint --version 2>&1 | head -n 1)"
        printf '\nEach line gives its ratio and, in parentheses, its target.\n\n'
        printf '```\n'
        cat "$REPORT"
        printf '```\n'
    } > "$page.tmp"
    mv "$page.tmp" "$page"
    echo "bench: wrote $page" >&2
}
trap write_page EXIT

read -r LOAD1 LOAD5 LOAD15 _ < /proc/loadavg 2>/dev/null || LOAD1="?" LOAD5="?" LOAD15="?"
printf 'exports:   %s rows each (seed %s); swiftui-causes %s MB, swiftui-updates %s MB%s\n' \
    "$ROWS" "$SEED" "$SIZE_MB" "$(megabytes "$UPDATES")" "${FULL:+, swiftui-full-causes $(megabytes "$FULL") MB}"
printf 'load average at the end: %s %s %s (on %s cores); %s runs of each command after %s untimed, wall times their medians\n' \
    "$LOAD1" "$LOAD5" "$LOAD15" "$(getconf _NPROCESSORS_ONLN)" "$RUNS" "$WARMUP"
if [ "${BENCH_ONLY:-}" != bundles ]; then
printf '\n%-22s %8s %8s %8s %9s %9s %9s   %s\n' "table" "xmllint" "convert" "summary" "convert/" "summary/" "summary" "targets"
printf '%-22s %8s %8s %8s %9s %9s %9s\n' "" "s" "s" "s" "xmllint" "xmllint" "peak MB"
# table_line LABEL NAME CONVERT_TARGET SUMMARY_TARGET: one table's row, a target of - meaning none.
table_line() {
    local label="$1" name="$2" convert_target="$3" summary_target="$4"
    local xs cs ss sk targets=()
    xs=$(eval echo "\$${name}_xmllint_SECONDS"); cs=$(eval echo "\$${name}_convert_SECONDS")
    ss=$(eval echo "\$${name}_summary_SECONDS"); sk=$(eval echo "\$${name}_summary_KB")
    if [ "$convert_target" != - ]; then
        judge "convert/xmllint on $label" "$(ratio "$cs" "$xs")" "$convert_target"
        targets+=("convert <= $convert_target $VERDICT")
    fi
    if [ "$summary_target" != - ]; then
        judge "summary/xmllint on $label" "$(ratio "$ss" "$xs")" "$summary_target"
        targets+=("summary <= $summary_target $VERDICT")
    fi
    judge "summary's peak MB on $label" "$(mb "$sk")" 128
    targets+=("peak <= 128 $VERDICT")
    local joined
    joined=$(printf '%s, ' "${targets[@]}")
    printf '%-22s %8.2f %8.2f %8.2f %9s %9s %9d   %s\n' "$label" "$xs" "$cs" "$ss" "$(ratio "$cs" "$xs")" "$(ratio "$ss" "$xs")" "$(mb "$sk")" "${joined%, }"
}
table_line swiftui-causes causes 0.60 0.70
table_line swiftui-updates updates 0.80 0.90
table_line swiftui-full-causes full - -
printf 'peak MB of convert:    causes %d, updates %d, full-causes %d; of xmllint: %d\n' \
    "$(mb "$causes_convert_KB")" "$(mb "$updates_convert_KB")" "$(mb "$full_convert_KB")" "$(mb "$causes_xmllint_KB")"

printf '\non swiftui-causes:\n'
printf 'import alone:           %6.2f s   peak %5d MB   (render --format json --max-nodes 0 --max-edges 0: read + reconstruct, no shaping, no layout)\n' \
    "$import_SECONDS" "$(mb "$import_KB")"
# What the layout had to place, counted in the SVG Graphviz wrote.
DRAWN_NODES=$(grep -o 'class="node[ "]' "$BENCH_DIR/graph.svg" | wc -l)
DRAWN_EDGES=$(grep -o 'class="edge[ "]' "$BENCH_DIR/graph.svg" | wc -l)
judge "render/import" "$(ratio "$render_SECONDS" "$import_SECONDS")" 1.30
printf 'causegraph render svg:  %6.2f s   peak %5d MB   ratio %s (%s)   (target <= 1.30; default shaping drew %d nodes, %d edges)\n' \
    "$render_SECONDS" "$(mb "$render_KB")" "$(ratio "$render_SECONDS" "$import_SECONDS")" "$VERDICT" "$DRAWN_NODES" "$DRAWN_EDGES"
judge "why/import" "$(ratio "$why_SECONDS" "$import_SECONDS")" 1.50
printf 'causegraph why:         %6.2f s   peak %5d MB   ratio %s (%s)   (target <= 1.50; --view LibraryItemSongRow)\n' \
    "$why_SECONDS" "$(mb "$why_KB")" "$(ratio "$why_SECONDS" "$import_SECONDS")" "$VERDICT"
judge "report/import" "$(ratio "$report_SECONDS" "$import_SECONDS")" 1.50
REPORT_TIME_VERDICT=$VERDICT
judge "report's memory/import's" "$(ratio "$report_KB" "$import_KB")" 1.20
printf 'causegraph report:      %6.2f s   peak %5d MB   ratio %s (%s), memory %s (%s)   (targets <= 1.50 and <= 1.20)\n' \
    "$report_SECONDS" "$(mb "$report_KB")" "$(ratio "$report_SECONDS" "$import_SECONDS")" "$REPORT_TIME_VERDICT" \
    "$(ratio "$report_KB" "$import_KB")" "$VERDICT"

judge "dense summary/convert" "$(ratio "$dense_summary_SECONDS" "$dense_convert_SECONDS")" 1.50
DENSE_TIME_VERDICT=$VERDICT
judge "dense summary's peak MB" "$(mb "$dense_summary_KB")" 256
printf 'dense summary:          %6.2f s   peak %5d MB   ratio %s (%s), peak %s   (targets <= 1.50 and <= 256 MB; against convert, %.2f s, of %s rows joining random pairs of 1,314 nodes)\n' \
    "$dense_summary_SECONDS" "$(mb "$dense_summary_KB")" "$(ratio "$dense_summary_SECONDS" "$dense_convert_SECONDS")" \
    "$DENSE_TIME_VERDICT" "$VERDICT" "$dense_convert_SECONDS" "$ROWS"
judge "why --list --all/import" "$(ratio "$list_all_SECONDS" "$list_import_SECONDS")" 2.00
printf 'why --list --all:       %6.2f s   peak %5d MB   ratio %s (%s)   (target <= 2.00; --view e on 150,000 native links, against their import, %.2f s)\n' \
    "$list_all_SECONDS" "$(mb "$list_all_KB")" "$(ratio "$list_all_SECONDS" "$list_import_SECONDS")" "$VERDICT" "$list_import_SECONDS"

printf '\n20 small graphs (400 links each, default shaping):\n'
printf 'render --each DIR:      %6.2f s\n' "$each_SECONDS"
printf '20 x dot -Tsvg:         %6.2f s\n' "$dot20_SECONDS"
judge "render --each/dot" "$(ratio "$each_SECONDS" "$dot20_SECONDS")" 1.20
printf 'ratio each/dot:         %s (%s)   (target <= 1.20)\n' "$(ratio "$each_SECONDS" "$dot20_SECONDS")" "$VERDICT"

fi

printf '\n.trace bundles through the stand-in xctrace, the cache empty for the first read:\n'
judge "fixture's later summary, s" "$fixture_summary_SECONDS" 0.50
FIXTURE_SUMMARY_VERDICT=$VERDICT
judge "fixture's later why, s" "$fixture_why_SECONDS" 0.50
printf 'fixture, 1.5 s a table:  first summary %6.2f s; later summary %6.2f s (%s), why %6.2f s (%s)   (target <= 0.50)\n' \
    "$fixture_first_SECONDS" "$fixture_summary_SECONDS" "$FIXTURE_SUMMARY_VERDICT" "$fixture_why_SECONDS" "$VERDICT"
printf '%s rows (updates, causes), the cache entry %s MB, its graph %s KB:\n' "$ROWS" "$(( ENTRY_SIZE / 1000000 ))" \
    "$(( GRAPH_SIZE / 1000 ))"
printf '  first summary %6.2f s (CPU %6.2f s) peak %5d MB\n' "$large_first_SECONDS" "$large_first_CPU" "$(mb "$large_first_KB")"
# later NAME LABEL: one later read against the first, each ratio with its target.
later() {
    local seconds cpu kilobytes wall_ratio cpu_ratio memory_ratio
    seconds=$(eval echo "\$large_$1_SECONDS"); cpu=$(eval echo "\$large_$1_CPU"); kilobytes=$(eval echo "\$large_$1_KB")
    wall_ratio=$(ratio "$seconds" "$large_first_SECONDS"); cpu_ratio=$(ratio "$cpu" "$large_first_CPU")
    memory_ratio=$(ratio "$kilobytes" "$large_first_KB")
    judge "later $2/first read, time" "$wall_ratio" 0.10
    local time_verdict=$VERDICT
    judge "later $2/first read, memory" "$memory_ratio" 1.00
    printf '  later %-7s %6.2f s (CPU %6.2f s) peak %5d MB   time %s (%s; CPU %s), memory %s (%s)   (targets <= 0.10 and <= 1.00)\n' \
        "$2" "$seconds" "$cpu" "$(mb "$kilobytes")" "$wall_ratio" "$time_verdict" "$cpu_ratio" \
        "$memory_ratio" "$VERDICT"
}
later summary summary
later why why

if [ "${BENCH_4M:-}" = 1 ]; then
    judge "convert's peak MB at 4,000,000 rows" "$(mb "$big_convert_KB")" 160
    BIG_CONVERT_VERDICT=$VERDICT
    judge "import's peak MB at 4,000,000 rows" "$(mb "$big_import_KB")" 160
    printf '\n4,000,000 rows of swiftui-causes: convert %.2f s peak %d MB (%s), import %.2f s peak %d MB (%s)   (target peak <= 160 MB)\n' \
        "$big_convert_SECONDS" "$(mb "$big_convert_KB")" "$BIG_CONVERT_VERDICT" "$big_import_SECONDS" \
        "$(mb "$big_import_KB")" "$VERDICT"
fi

printf '\ntargets met: %d of %d\n' "$((JUDGED - ${#UNMET[@]}))" "$JUDGED"
for unmet in ${UNMET[@]+"${UNMET[@]}"}; do printf 'NOT MET: %s\n' "$unmet"; done
