import Testing

@testable import CauseGraph

@Suite struct IDCensusTests {
    private func census(_ text: String, parts: Int = 2) throws -> IDCensus? {
        try IDCensus.take(of: RandomAccessBytes(bytes: Array(text.utf8)), parts: parts)
    }

    @Test func everyFormOfARefAttributeTheTokenizerReadsIsCounted() throws {
        let text =
            "<r><a ref=\"12\"/><b ref='13'/><c ref = \"14\"/><d\tref=\"15\"/><e\nref=\"0016\"/>"
            + "<f ref=\"18446744073709551615\"/></r>"
        let census = try #require(try census(text))
        for id: UInt64 in [12, 13, 14, 15, 16, .max] { #expect(census.isReferenced(id), "\(id)") }
        #expect([12, 13, 14, 15, 16].map { census.slot(of: $0) } == [0, 1, 2, 3, 4])
        #expect(census.slot(of: .max) == nil, "an id past the dense range has no slot")
    }

    @Test func textThatIsNoRefAttributeIsNotCounted() throws {
        let text =
            "<r><a xref=\"20\"/><b ref=\"2a\"/><c ref=\"\"/><d ref=21/>preference 22 ref 23"
            + "<e ref=\"99999999999999999999999\"/><f ref=\"24'/></r>"
        let census = try #require(try census(text))
        for id: UInt64 in [0, 2, 20, 21, 22, 23, 24] { #expect(!census.isReferenced(id), "\(id)") }
        #expect(census.denseCount == 0)
    }

    /// Refs every few bytes over 2.5 MB, so that some straddle the 1 MiB
    /// blocks and the stretches the threads scan.
    @Test(arguments: [1, 2, 3])
    func refsAcrossBlocksAndThreadsAreAllCounted(parts: Int) throws {
        var text = "<r>"
        var expected: Set<UInt64> = []
        var id: UInt64 = 1
        while text.utf8.count < 5 * IDCensus.blockSize / 2 {
            // Padding of 0 to 6 spaces shifts each ref against the block seams.
            text += "<v\(String(repeating: " ", count: Int(id % 7))) ref=\"\(id * 3)\"/>"
            expected.insert(id * 3)
            id += 1
        }
        text += "</r>"
        let census = try #require(try census(text, parts: parts))
        let largest = id * 3
        let found = Set((0...largest).filter { census.isReferenced($0) })
        #expect(found == expected)
        #expect(census.denseCount == expected.count)
        #expect(census.slot(of: largest - 3) == expected.count - 1)
    }

    @Test func aRefTooLongToReadWithCertaintyGivesNoCensus() throws {
        let long = " ref" + String(repeating: " ", count: 300) + "=\"5\"/>"
        var text = "<r>" + String(repeating: "<v ref=\"1\"/>", count: IDCensus.blockSize / 12 - 100)
        // The `r` a few bytes before the end of the first block: its value lies past the bytes read with it.
        text += String(repeating: " ", count: IDCensus.blockSize - text.utf8.count - 10) + "<v" + long
        text += String(repeating: "<v ref=\"2\"/>", count: 1000) + "</r>"
        #expect(try census(text, parts: 1) == nil)
        // At the end of the file there is nothing more to read: it is certain.
        let atEnd = try #require(try census("<r><v" + long + "</r>", parts: 1))
        #expect(atEnd.isReferenced(5))
    }
}
