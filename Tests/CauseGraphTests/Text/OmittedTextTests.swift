import Testing

@testable import CauseGraph

@Suite("the line that ends a bounded list")
struct OmittedTextTests {
    @Test("entries past the limit, or passed over by an offset within the list, are more not shown")
    func moreNotShown() {
        #expect(OmittedText.string(12, "view", nothingShown: false, offset: 0) == "… 12 more views not shown")
        #expect(OmittedText.string(1, "view", nothingShown: false, offset: 2) == "… 1 more view not shown")
        #expect(
            OmittedText.string(3, "hitch or hang", "hitches and hangs", nothingShown: false, offset: 0)
                == "… 3 more hitches and hangs not shown")
        #expect(OmittedText.string(2, "match", nothingShown: false, offset: 0) == "… 2 more matches not shown")
    }

    @Test("an offset that passes over every entry says how many the list has and that it starts past them")
    func offsetPastTheEnd() {
        #expect(
            OmittedText.string(3, "view", nothingShown: true, offset: 100)
                == "… the list has 3 views; offset 100 starts past them")
        #expect(
            OmittedText.string(1, "cause", nothingShown: true, offset: 1)
                == "… the list has 1 cause; offset 1 starts past it")
        #expect(
            OmittedText.string(4, "hitch or hang", "hitches and hangs", nothingShown: true, offset: 12_000)
                == "… the list has 4 hitches and hangs; offset 12,000 starts past them")
    }
}
