#!/usr/bin/env bash
# `make fuzz`: coverage-guided fuzzing with libFuzzer and AddressSanitizer.
#
# Builds causegraph-fuzz with `-sanitize=fuzzer,address` (in .build/fuzz, apart from the
# plain build) and fuzzes each target for FUZZ_SECONDS (default 60) seconds, seeded from
# fixtures/ and from the inputs found before (fixtures/fuzz/TARGET/):
#   instruments  xctrace export XML through the Instruments importer, then why, summary, DOT, JSON
#   changes      _printChanges/_logChanges logs through the change-log importer, the same
#   native       causegraph's JSON Lines through the native reader, the same
#   title        the input as a title and app name, through the DOT encoder into libgraphviz
#   budget       a budget file (YAML or JSON) through the budget reader, then held against a trace
#   options      the input as each numeric, duration, share and pattern option's value
# The corpus grows in .build/fuzz/corpus/TARGET across runs. A finding (a trap, a sanitizer
# report, a timeout) stops the run with its input saved as .build/fuzz/findings/TARGET-*;
# fix it, then copy the input into fixtures/fuzz/TARGET/, where the tests replay it.
#
# Environment: FUZZ_SECONDS (default 60), FUZZ_TARGETS (default all six), FUZZ_JOBS (how many
# targets fuzz at once; default one a core), SWIFT.
# To fuzz longer, e.g. overnight on every core:
#   FUZZ_SECONDS=28800 FUZZ_TARGETS=instruments make fuzz
#   .build/fuzz/debug/causegraph-fuzz native -jobs=8 -workers=8 .build/fuzz/corpus/native fixtures
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_EACH="${FUZZ_SECONDS:-60}"
TARGETS="${FUZZ_TARGETS:-instruments changes native title budget options}"
JOBS="${FUZZ_JOBS:-$(getconf _NPROCESSORS_ONLN)}"
SWIFT="${SWIFT:-swift}"
SCRATCH=.build/fuzz

# GNU gold fails on the sanitizer runtimes' symbols; lld ships with the Swift toolchain.
LINKER=()
[ "$(uname)" = Linux ] && LINKER=(-Xswiftc -use-ld=lld)
echo "fuzz: building causegraph-fuzz with libFuzzer and AddressSanitizer" >&2
# No index store: no editor reads this build, and it has no tests to discover through one.
"$SWIFT" build --product causegraph-fuzz --scratch-path "$SCRATCH" --disable-index-store \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DCAUSEGRAPH_FUZZING "${LINKER[@]}" 2>&1 \
    | grep -v "Cannot export local symbol" >&2
BIN="$SCRATCH/debug/causegraph-fuzz"

export LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0"

# One fuzzer process runs on one core: the targets run side by side, FUZZ_JOBS at a time, so two
# cores fuzz six targets for a minute each in three minutes, not six.
fuzz_one() {
    local target=$1
    "$BIN" "$target" -max_total_time="$SECONDS_EACH" -timeout=20 -rss_limit_mb=4096 -print_final_stats=1 \
        -artifact_prefix="$SCRATCH/findings/$target-" "$SCRATCH/corpus/$target" fixtures "fixtures/fuzz/$target" \
        2> "$SCRATCH/$target.log"
}

# In batches of FUZZ_JOBS, all of one length: bash 3.2, a Mac's, has no `wait -n`.
failed=()
set -- $TARGETS
while [ $# -gt 0 ]; do
    pids=() batch=()
    while [ $# -gt 0 ] && [ ${#batch[@]} -lt "$JOBS" ]; do
        target=$1
        shift
        mkdir -p "$SCRATCH/corpus/$target" "$SCRATCH/findings" "fixtures/fuzz/$target"
        echo "fuzz: $target for ${SECONDS_EACH}s" >&2
        fuzz_one "$target" &
        pids+=($!) batch+=("$target")
    done
    for i in "${!pids[@]}"; do
        target=${batch[$i]}
        if wait "${pids[$i]}"; then
            echo "fuzz: $target: $(grep -E "^stat::number_of_executed_units" "$SCRATCH/$target.log" || echo done)" >&2
        else
            tail -n 60 "$SCRATCH/$target.log" >&2
            echo "fuzz: $target found a failure; its input is in $SCRATCH/findings/ (log: $SCRATCH/$target.log)" >&2
            failed+=("$target")
        fi
    done
done
[ ${#failed[@]} -eq 0 ] || { echo "fuzz: failures in ${failed[*]}" >&2; exit 1; }
echo "fuzz: no findings" >&2
