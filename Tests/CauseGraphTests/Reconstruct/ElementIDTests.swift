import Testing

@testable import CauseGraph

@Suite("element ids")
struct ElementIDTests {
    @Test("ids are the prefix and the number in decimal, at every count of digits")
    func decimal() {
        for number in [1, 9, 10, 99, 100, 12_345, 999_999, 1_000_000, Int.max] {
            #expect(ElementID.node(number) == "n\(number)")
            #expect(ElementID.edge(number) == "e\(number)")
        }
    }
}
