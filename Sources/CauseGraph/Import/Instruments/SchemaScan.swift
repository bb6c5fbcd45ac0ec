/// Finding the tables of an export without reading it: a scan for its
/// `<schema` tags, far cheaper than tokenizing. Inside text and attributes
/// `<` is always escaped, so every `<schema` found is a tag.
extension InstrumentsImporter {
    /// Enough bytes for any `<schema name="…"`.
    static let longestSchemaTag = 4096

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
