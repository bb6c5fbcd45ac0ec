import Testing

@testable import CauseGraph

@Suite struct InternedValuesTests {
    private func addBytes(_ text: String, keep: Bool, to values: inout InternedValues) -> ValueRef? {
        Array(text.utf8).withUnsafeBufferPointer { values.addBytes($0, keep: keep) }
    }

    @Test("labels kept as bytes read back as strings, kept or for the row, also where they cross a chunk")
    func byteLabelsReadBack() throws {
        var values = InternedValues()
        var kept: [(ValueRef, String)] = []
        // Enough labels, of lengths that do not divide a chunk, that some straddle two.
        for index in 0..<2_000 {
            let label = "Row\(index), blue, square, n/a, caf\u{E9} \u{1F600}"
            let value = addBytes(label, keep: true, to: &values)
            kept.append((try #require(value), label))
        }
        let madeScratch = addBytes("for this row only", keep: false, to: &values)
        let madeEmpty = addBytes("", keep: true, to: &values)
        let scratch = try #require(madeScratch)
        let empty = try #require(madeEmpty)
        #expect(kept.allSatisfy { values.string($0.0) == $0.1 && values.kind($0.0) == .string })
        #expect(values.string(scratch) == "for this row only" && !InternedValues.isKept(scratch))
        #expect(values.string(empty) == "" && values.number(empty) == nil)
        let madeList = values.addList([kept[5].0, scratch], label: kept[1_999].0, keep: false)
        let list = try #require(madeList)
        #expect(values.label(list) == kept[1_999].1)
        #expect(Array(values.children(list)) == [kept[5].0, scratch])
        values.endRow()
        #expect(values.string(kept[1_000].0) == kept[1_000].1)
        let madeNext = addBytes("next row", keep: false, to: &values)
        let next = try #require(madeNext)
        #expect(values.string(next) == "next row")
    }

    @Test(
        "a number an id's entry holds becomes a value each time a ref names it, kept when asked; an id names one thing")
    func numbersHeldInIDEntries() {
        var values = InternedValues()
        let defined = (values.define(id: 7, number: 1_266_668_166), values.define(id: 1 << 40, number: 42))
        let redefined = (values.define(id: 7, number: 1), values.define(id: 7, as: 1))
        #expect(defined == (true, true) && redefined == (false, false))
        #expect(InternedValues.canInline(UInt64(Int64.max)) && !InternedValues.canInline(.max))
        guard case .value(let scratch) = values.resolve(id: 7, keep: false),
            case .value(let kept) = values.resolve(id: 7, keep: true),
            case .value(let far) = values.resolve(id: 1 << 40, keep: false)
        else {
            Issue.record("a defined id did not resolve")
            return
        }
        #expect(values.number(scratch) == 1_266_668_166 && !InternedValues.isKept(scratch))
        #expect(values.number(kept) == 1_266_668_166 && InternedValues.isKept(kept))
        #expect(values.number(far) == 42 && values.string(far) == "42")
        // Once kept, the id names that one value.
        guard case .value(let again) = values.resolve(id: 7, keep: true),
            case .value(let forRow) = values.resolve(id: 7, keep: false)
        else {
            Issue.record("a defined id did not resolve")
            return
        }
        #expect(again == kept && forRow == kept)
        guard case .undefined = values.resolve(id: 8, keep: false) else {
            Issue.record("an undefined id resolved")
            return
        }
    }

    @Test("a list's children and a leaf's lack of them")
    func childrenOfListsAndLeaves() throws {
        var values = InternedValues()
        let items = (0..<5_000).compactMap { values.add(kind: .number, payload: UInt64($0), keep: true) }
        let madeList = values.addList(items[...], label: 0, keep: true)
        let list = try #require(madeList)
        let children = values.children(list)
        #expect(children.count == 5_000 && children.map { values.number($0) } == (0..<5_000).map { UInt64($0) })
        #expect(values.children(items[0]).isEmpty && values.label(list) == nil)
    }
}
