/// Finding the tables of an export without reading it: a scan for its
/// `<schema` tags, far cheaper than tokenizing. Inside text and attributes
/// `<` is always escaped, so every `<schema` found is a tag.
extension InstrumentsImporter {
    /// Enough bytes for any `<schema name="…"`.
    static let longestSchemaTag = 4096

    /// The names of the source's `<schema>` elements, in document order: a
    /// file's by two threads at once (``schemaNames(of:parts:blockSize:)``),
    /// a stream's chunk by chunk.
    static func schemaNames(_ source: ChunkSource) throws(Diagnostic) -> [String] {
        if let file = source.file { return try schemaNames(of: file) }
        let marker = "<schema".utf8.count
        var names: [String] = []
        // Bytes before the chunk not yet scanned: a marker's length less one
        // byte, or a tag that may have been cut by the end of a chunk.
        var carry: [UInt8] = []
        var isFinal = false
        /// Scans `bytes` for tags starting before `limit`; returns where a tag
        /// that may be cut starts, to be scanned again with more bytes.
        func scan(_ bytes: [UInt8], startingBefore limit: Int) -> Int? {
            var searchFrom = 0
            while let hit = bytes.withUnsafeBytes({ schemaTag(in: $0, from: searchFrom) }), hit < limit {
                let end = min(hit + longestSchemaTag, bytes.count)
                let name = firstSchemaName(Array(bytes[hit..<end]))
                if name == nil, !isFinal, end == bytes.count { return hit }
                if let name { names.append(name) }
                searchFrom = hit + 1
            }
            return nil
        }
        while !isFinal {
            let chunk = try source.next() ?? []
            isFinal = chunk.isEmpty
            if !carry.isEmpty {
                // The seam: tags that start in the carry, read on into the chunk.
                let seam = carry + chunk.prefix(longestSchemaTag)
                if let cut = scan(seam, startingBefore: carry.count) {
                    carry = Array(carry[cut...]) + chunk
                    continue
                }
            }
            if let cut = scan(chunk, startingBefore: chunk.count) {
                carry = Array(chunk[cut...])
            } else if chunk.count >= marker - 1 {
                carry = Array(chunk.suffix(marker - 1))
            } else {
                carry = Array((carry + chunk).suffix(marker - 1))
            }
        }
        return names
    }

    /// Where the next `<schema` starts, sixteen bytes at a time: exports are
    /// full of `<` and `<s` (`<string`, `<sentinel/>`), rarely of `<sc`.
    static func schemaTag(in bytes: UnsafeRawBufferPointer, from start: Int) -> Int? {
        let marker: [UInt8] = Array("<schema".utf8)
        func isMarker(at index: Int) -> Bool {
            index + marker.count <= bytes.count && marker.indices.allSatisfy { bytes[index + $0] == marker[$0] }
        }
        let (lessThan, s, c) = (
            SIMD16<UInt8>(repeating: Byte.lessThan), SIMD16<UInt8>(repeating: 0x73), SIMD16<UInt8>(repeating: 0x63)
        )
        var index = start
        while index + 18 <= bytes.count {
            let found =
                (bytes.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self) .== lessThan)
                .& (bytes.loadUnaligned(fromByteOffset: index + 1, as: SIMD16<UInt8>.self) .== s)
                .& (bytes.loadUnaligned(fromByteOffset: index + 2, as: SIMD16<UInt8>.self) .== c)
            // Any lane set: the mask's two halves as words, not a lane-by-lane reduction.
            let words = unsafeBitCast(found, to: SIMD2<UInt64>.self)
            if words[0] | words[1] != 0 {
                for lane in 0..<16 where found[lane] && isMarker(at: index + lane) { return index + lane }
            }
            index += 16
        }
        while index < bytes.count {
            if isMarker(at: index) { return index }
            index += 1
        }
        return nil
    }

    /// The names of the file's `<schema>` elements, in document order: the
    /// file is scanned by `parts` threads, `blockSize` bytes at a time.
    static func schemaNames(of file: RandomAccessBytes, parts: Int = 2, blockSize: Int = 1 << 20)
        throws(Diagnostic) -> [String]
    {
        try file.scanInParts(parts, minimumStretch: blockSize) { range throws(Diagnostic) in
            var names: [String] = []
            var buffer = [UInt8](repeating: 0, count: blockSize + longestSchemaTag)
            var blockStart = range.lowerBound
            while blockStart < range.upperBound {
                let blockEnd = min(range.upperBound, blockStart + blockSize)
                // A tag that starts in the block is read on past its end.
                let wanted = min(file.count, blockEnd + longestSchemaTag) - blockStart
                let read = try buffer.withUnsafeMutableBufferPointer { bytes throws(Diagnostic) in
                    try file.read(
                        at: blockStart,
                        into: UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: bytes[0..<wanted])))
                }
                var searchFrom = 0
                while let hit = buffer.withUnsafeBytes({
                    schemaTag(in: UnsafeRawBufferPointer(rebasing: $0[0..<read]), from: searchFrom)
                }),
                    hit < blockEnd - blockStart
                {
                    if let name = firstSchemaName(Array(buffer[hit..<min(hit + longestSchemaTag, read)])) {
                        names.append(name)
                    }
                    searchFrom = hit + 1
                }
                blockStart = blockEnd
            }
            return names
        }.flatMap { $0 }
    }
}
