#!/usr/bin/env bash
# Usage: scripts/sanitizer-suites.sh address|thread
#
# Prints the `swift test --filter` pattern of the suites a sanitized run takes, and fails, naming
# the file, when its table below has fallen behind the code.
#
# A sanitizer finds a fault only in code that can have one, and the whole suite under both took
# 50 of CI's 90 minutes, so each run takes the suites that reach such code:
#
# - AddressSanitizer: memory errors, which Swift code makes only through unsafe pointers and C.
#   Every suite of the library's test targets runs: they are in-process and take two minutes. The
#   command-line suites start the sanitized executable dozens of times each, which is where the
#   rest of the time went; they run where they reach unsafe code the library's suites do not. Every
#   file of the executables (`CauseGraphCLI`, `ExportGenerator`) that uses unsafe pointers must be
#   listed, and so must library code only the executable drives (spawning, bundles, redaction).
# - ThreadSanitizer: data races, which Swift 6 rules out when it compiles, except where that check
#   is switched off: a type declared `@unchecked Sendable`, a `nonisolated(unsafe)` variable, and
#   libgraphviz, which is C. Every file holding one must be listed, with the suites that run its
#   code on more than one thread.
#
# A table's row is a file under Sources/ and its suites, or "-" and the reason it needs none.
set -euo pipefail
cd "$(dirname "$0")/.."

address_table='
CauseGraphCLI/MCP/LineTransport.swift | MCPRawProtocolTests MCPServerTests
CauseGraphCLI/MCP/IncomingMessage.swift | MCPRawProtocolTests
CauseGraphCLI/MCP/ToolProcess.swift | MCPServerTests MCPConfinementTests
CauseGraphCLI/Support/FreedHeap.swift | ReportCommandTests
CauseGraphCLI/Support/LiveScreen.swift | TopTerminalTests
CauseGraphCLI/Support/SignalExit.swift | SignalCommandTests OutputSafetyTests
ExportGenerator/Output.swift | ExportGeneratorTests
CauseGraph/Import/Support/ChildProcess.swift | XctraceChildCommandTests RecordCommandTests TopProcessCommandTests
CauseGraph/Import/Support/IsolatedSpawn.swift | XctraceChildCommandTests MCPConfinementTests
CauseGraph/Import/Support/SpawnEnvironment.swift | XctraceChildCommandTests
CauseGraph/Import/TraceBundle/TableOfContents.swift | TraceBundleCommandTests TraceCacheCommandTests
CauseGraph/Write/Redaction/ExportRedaction.swift | RedactCommandTests
GraphvizRender/Graphviz.swift | HostileInputCommandTests UnrenderableTitleCommandTests ExtremeValueCommandTests FuzzInputTests RenderEachCommandTests
'
address_libraries='CauseGraphTests GraphvizRenderTests'
address_required='CauseGraphCLI ExportGenerator'
unsafe_pointers='Unsafe(Mutable)?(Raw)?(Buffer)?Pointer|withUnsafe|unsafeBitCast|Unmanaged|OpaquePointer|unsafeUninitializedCapacity|assumingMemoryBound|bindMemory'

thread_table='
CauseGraph/Import/Instruments/TokenizingThread.swift | InstrumentsImporterTests InstrumentsChunkingTests InstrumentsUpdateStreamingTests InstrumentsBadInputTests RealExportTests
CauseGraph/Import/Support/BatchQueue.swift | InstrumentsImporterTests PipelinedTraceWriterTests
CauseGraph/Import/Support/ChildProcess.swift | XctraceChildCommandTests TraceBundleCommandTests RecordCommandTests TopProcessCommandTests
CauseGraph/Import/Support/InputFiles.swift | OutputFileTests OutputPermissionTests OutputSafetyTests
CauseGraph/Import/Support/LiveReading.swift | LiveByteStreamTests LiveTallyTests TopPipeTests
CauseGraph/Import/Support/RandomAccessBytes.swift | IDCensusTests DeferredElementTests InstrumentsChunkingTests
CauseGraph/Import/Support/StallWatchdog.swift | XctraceChildCommandTests
CauseGraph/Trace/ChunkedArray.swift | ChunkedArrayTests
CauseGraph/Write/PendingOutputs.swift | SignalCommandTests OutputSafetyTests
CauseGraph/Write/PipelinedTraceWriter.swift | PipelinedTraceWriterTests ConvertCommandTests
CauseGraphCLI/Commands/MCPCommand.swift | MCPServerTests MCPRawProtocolTests MCPConfinementTests
CauseGraphCLI/MCP/LineTransport.swift | MCPServerTests MCPRawProtocolTests
CauseGraphCLI/MCP/MCPRoots.swift | MCPConfinementTests MCPServerTests
CauseGraphCLI/MCP/ToolProcess.swift | MCPServerTests MCPConfinementTests
CauseGraphCLI/Commands/Top.swift | TopTerminalTests TopPipeTests TopProcessCommandTests
CauseGraphCLI/Support/LiveScreen.swift | TopTerminalTests
CauseGraphCLI/Support/ProgressMeter.swift | ProgressCommandTests
CauseGraphCLI/Support/SignalExit.swift | SignalCommandTests
CauseGraphFuzz/FuzzDriver.swift | - libFuzzer calls the driver on one thread
GraphvizRender/Graphviz.swift | GraphvizTests LayoutEngineTests DiffRenderTests ShapedRenderTests RenderEachCommandTests
'
thread_required='.'
opting_out='@unchecked Sendable|nonisolated\(unsafe\)'

fail() {
    echo "sanitizer-suites: $*" >&2
    exit 1
}

case "${1:-}" in
address) table=$address_table required=$address_required pattern=$unsafe_pointers libraries=$address_libraries ;;
thread) table=$thread_table required=$thread_required pattern=$opting_out libraries='' ;;
*) fail "usage: $0 address|thread" ;;
esac

listed=$(sed -n 's/^\([^ |]*\) |.*/\1/p' <<<"$table" | sort -u)
while read -r file; do
    [ -f "Sources/$file" ] || fail "$0 lists Sources/$file, which is gone"
    grep -qE "$pattern" "Sources/$file" || fail "$0 lists Sources/$file, which no longer matches '$pattern'"
done <<<"$listed"
# shellcheck disable=SC2086 # the folders are words
must=$(cd Sources && grep -rlE "$pattern" --include='*.swift' $required | sed 's|^\./||' | sort -u)
for file in $(comm -13 <(echo "$listed") <(echo "$must")); do
    fail "Sources/$file matches '$pattern' but names no suite in $0 ($1)"
done

suites=$(sed -n 's/^[^|]*| //p' <<<"$table" | grep -v '^- ' | tr ' ' '\n' | sed '/^$/d' | sort -u)
for suite in $suites; do
    grep -rqE "(struct|class|enum) $suite\b" Tests || fail "no suite $suite under Tests/"
done
# A suite by its whole name, between the module's dot and the test's slash; a library target whole.
{
    echo "$suites" | sed 's|.*|\\.&/|'
    for library in $libraries; do echo "^$library\\."; done
} | paste -sd '|'
