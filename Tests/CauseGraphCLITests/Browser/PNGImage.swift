/// A decoded PNG of 8-bit grey, RGB or RGBA pixels, without interlacing:
/// what browsers write for screenshots. The tests need its pixels to tell a
/// drawn page from a blank one, and Foundation on Linux cannot decode it.
struct PNGImage {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    let width: Int
    let height: Int
    /// Samples per pixel: 1 (grey), 3 (RGB) or 4 (RGBA).
    let channels: Int
    /// Rows of samples, top first, filters undone.
    let samples: [UInt8]

    init(_ bytes: [UInt8]) throws {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) else {
            throw Failure(description: "not a PNG")
        }
        var offset = 8
        var header: [UInt8] = []
        var compressed: [UInt8] = []
        func integer(at index: Int) -> Int {
            bytes[index..<index + 4].reduce(0) { $0 << 8 | Int($1) }
        }
        while offset + 8 <= bytes.count {
            let length = integer(at: offset)
            let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
            guard length >= 0, offset + 12 + length <= bytes.count else {
                throw Failure(description: "chunk \(type) is cut short")
            }
            let data = bytes[offset + 8..<offset + 8 + length]
            switch type {
            case "IHDR": header = Array(data)
            case "IDAT": compressed += data
            default: break
            }
            offset += 12 + length
            if type == "IEND" { break }
        }
        guard header.count == 13 else { throw Failure(description: "no IHDR") }
        width = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        height = header[4..<8].reduce(0) { $0 << 8 | Int($1) }
        let (depth, colour, interlace) = (header[8], header[9], header[12])
        guard depth == 8, interlace == 0 else {
            throw Failure(description: "depth \(depth), interlace \(interlace) not supported")
        }
        switch colour {
        case 0: channels = 1
        case 2: channels = 3
        case 6: channels = 4
        default: throw Failure(description: "colour type \(colour) not supported")
        }
        guard compressed.count > 6, (Int(compressed[0]) << 8 | Int(compressed[1])) % 31 == 0, compressed[0] & 0x0F == 8
        else {
            throw Failure(description: "not a zlib stream")
        }
        var inflater = Inflater(compressed, start: 2)
        let raw = try inflater.inflate()
        let stride = width * channels
        guard raw.count == height * (stride + 1) else {
            throw Failure(description: "\(raw.count) bytes for \(width)×\(height)")
        }
        let checksum = compressed[inflater.endOfStream..<min(inflater.endOfStream + 4, compressed.count)].reduce(0) {
            $0 << 8 | Int($1)
        }
        guard checksum == Self.adler32(raw) else { throw Failure(description: "Adler-32 mismatch") }
        samples = try Self.unfilter(raw, height: height, stride: stride, bytesPerPixel: channels)
    }

    /// The red, green and blue of a pixel (grey repeated; alpha ignored).
    func colour(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let index = (y * width + x) * channels
        return channels == 1
            ? (samples[index], samples[index], samples[index])
            : (samples[index], samples[index + 1], samples[index + 2])
    }

    private static func unfilter(_ raw: [UInt8], height: Int, stride: Int, bytesPerPixel: Int) throws -> [UInt8] {
        var output = [UInt8](repeating: 0, count: height * stride)
        for row in 0..<height {
            let filter = raw[row * (stride + 1)]
            let input = row * (stride + 1) + 1
            let base = row * stride
            for column in 0..<stride {
                let value = raw[input + column]
                let left = column >= bytesPerPixel ? Int(output[base + column - bytesPerPixel]) : 0
                let up = row > 0 ? Int(output[base - stride + column]) : 0
                let upLeft =
                    row > 0 && column >= bytesPerPixel ? Int(output[base - stride + column - bytesPerPixel]) : 0
                let predictor: Int
                switch filter {
                case 0: predictor = 0
                case 1: predictor = left
                case 2: predictor = up
                case 3: predictor = (left + up) / 2
                case 4:
                    let estimate = left + up - upLeft
                    let (a, b, c) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
                    predictor = a <= b && a <= c ? left : b <= c ? up : upLeft
                default: throw Failure(description: "filter \(filter) in row \(row)")
                }
                output[base + column] = value &+ UInt8(truncatingIfNeeded: predictor)
            }
        }
        return output
    }

    private static func adler32(_ bytes: [UInt8]) -> Int {
        var (a, b) = (1, 0)
        for byte in bytes {
            a = (a + Int(byte)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }
}

/// DEFLATE (RFC 1951) decoding, the canonical-Huffman way: short and exact rather than fast.
private struct Inflater {
    private let input: [UInt8]
    private var position: Int
    private var bitBuffer = 0
    private var bitCount = 0
    private var output: [UInt8] = []

    /// Where the byte after the stream starts, once inflated.
    private(set) var endOfStream = 0

    init(_ input: [UInt8], start: Int) {
        self.input = input
        position = start
    }

    private struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []

        init(lengths: [Int]) {
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<16 { offsets[length] = offsets[length - 1] + counts[length - 1] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length > 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }
    }

    mutating func inflate() throws -> [UInt8] {
        var last = false
        while !last {
            last = try bits(1) == 1
            switch try bits(2) {
            case 0: try stored()
            case 1: try compressed(literals: Self.fixedLiterals, distances: Self.fixedDistances)
            case 2:
                let (literals, distances) = try dynamicTables()
                try compressed(literals: literals, distances: distances)
            default: throw PNGImage.Failure(description: "bad block type")
            }
        }
        endOfStream = position
        return output
    }

    private mutating func bits(_ count: Int) throws -> Int {
        while bitCount < count {
            guard position < input.count else { throw PNGImage.Failure(description: "deflate stream cut short") }
            bitBuffer |= Int(input[position]) << bitCount
            position += 1
            bitCount += 8
        }
        let value = bitBuffer & ((1 << count) - 1)
        bitBuffer >>= count
        bitCount -= count
        return value
    }

    private mutating func stored() throws {
        bitBuffer = 0
        bitCount = 0
        guard position + 4 <= input.count else { throw PNGImage.Failure(description: "stored block cut short") }
        let length = Int(input[position]) | Int(input[position + 1]) << 8
        let complement = Int(input[position + 2]) | Int(input[position + 3]) << 8
        guard length == ~complement & 0xFFFF, position + 4 + length <= input.count else {
            throw PNGImage.Failure(description: "bad stored block")
        }
        output += input[position + 4..<position + 4 + length]
        position += 4 + length
    }

    private mutating func decode(_ table: Huffman) throws -> Int {
        var (code, first, index) = (0, 0, 0)
        for length in 1..<16 {
            code |= try bits(1)
            let count = table.counts[length]
            if code - count < first { return table.symbols[index + code - first] }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw PNGImage.Failure(description: "bad Huffman code")
    }

    private static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    private static let lengthExtra = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    private static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    private static let fixedLiterals = Huffman(
        lengths: [Int](repeating: 8, count: 144) + [Int](repeating: 9, count: 112) + [Int](repeating: 7, count: 24)
            + [Int](repeating: 8, count: 8))
    private static let fixedDistances = Huffman(lengths: [Int](repeating: 5, count: 30))

    private mutating func compressed(literals: Huffman, distances: Huffman) throws {
        while true {
            let symbol = try decode(literals)
            if symbol < 256 {
                output.append(UInt8(symbol))
                continue
            }
            if symbol == 256 { return }
            let lengthIndex = symbol - 257
            guard lengthIndex < Self.lengthBase.count else { throw PNGImage.Failure(description: "bad length symbol") }
            let length = Self.lengthBase[lengthIndex] + (try bits(Self.lengthExtra[lengthIndex]))
            let distanceIndex = try decode(distances)
            guard distanceIndex < Self.distanceBase.count else {
                throw PNGImage.Failure(description: "bad distance symbol")
            }
            let distance = Self.distanceBase[distanceIndex] + (try bits(Self.distanceExtra[distanceIndex]))
            guard distance <= output.count else { throw PNGImage.Failure(description: "distance too far back") }
            let start = output.count - distance
            for offset in 0..<length { output.append(output[start + offset]) }
        }
    }

    private mutating func dynamicTables() throws -> (Huffman, Huffman) {
        let literalCount = try bits(5) + 257
        let distanceCount = try bits(5) + 1
        let codeCount = try bits(4) + 4
        let order = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]
        var codeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeCount { codeLengths[order[index]] = try bits(3) }
        let codes = Huffman(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try decode(codes)
            switch symbol {
            case 0..<16: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else {
                    throw PNGImage.Failure(description: "repeat with nothing before")
                }
                lengths += [Int](repeating: previous, count: 3 + (try bits(2)))
            case 17: lengths += [Int](repeating: 0, count: 3 + (try bits(3)))
            default: lengths += [Int](repeating: 0, count: 11 + (try bits(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount else {
            throw PNGImage.Failure(description: "code lengths overrun")
        }
        return (Huffman(lengths: Array(lengths[..<literalCount])), Huffman(lengths: Array(lengths[literalCount...])))
    }
}
