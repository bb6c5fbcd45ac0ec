#!/usr/bin/env bash
# Holds the code to Package.swift's macOS deployment target: runs scripts/macos-api-probe (one
# full build against a standard library whose newer APIs warn) and fails on any use it reports,
# except the probe's one known false positive seen in this code: `.enumerated().map`, flagged as
# EnumeratedSequence's Collection conformance (macOS 26) although Sequence's own `map`, which a
# Mac picks, serves. Such a hit is passed over only where the source at its column is `map`.
#
# Usage: scripts/check-macos.sh [TARGET]   (make check-macos; TARGET defaults to 15.0)
set -uo pipefail
cd "$(dirname "$0")/.."
target=${1:-15.0}
hits=$(scripts/macos-api-probe . --target "$target")
status=$?
[ $status -le 1 ] || { echo "check-macos: the probe did not complete (status $status)" >&2; exit $status; }
unexplained=() passed=0
while IFS= read -r hit; do
    [ -n "$hit" ] || continue
    IFS=: read -r file line column _ <<<"$hit"
    source=$(sed -n "${line}p" "$file" 2>/dev/null | cut -c"$column"-)
    if [[ $hit == *"'EnumeratedSequence<Base>' to 'Collection'"* && $source =~ ^map([^A-Za-z0-9_]|$) ]]; then
        passed=$((passed + 1))
    else
        unexplained+=("$hit")
    fi
done <<<"$hits"
if [ ${#unexplained[@]} -gt 0 ]; then
    printf '%s\n' "${unexplained[@]}"
    echo "check-macos: ${#unexplained[@]} use(s) of API newer than macOS $target" >&2
    exit 1
fi
echo "check-macos: nothing newer than macOS $target ($passed .enumerated().map call(s) resolve to Sequence.map)" >&2
