import CauseGraph
import Testing

@Suite("Title patterns")
struct TitlePatternTests {
    @Test(
        "a substring pattern matches literally, ignoring case; a regular expression anywhere in the title",
        arguments: [
            ("View1", false, ["View1", "View10", "MyView1"]),
            ("view1", false, ["View1", "View10", "MyView1"]),
            ("view1", true, []),
            ("^View1$", false, []),
            ("^View1$", true, ["View1"]),
            ("View1\\d", true, ["View10"]),
            ("<graph>", false, ["<graph>"]),
            ("(?i)view1$", true, ["View1", "MyView1"]),
            ("", false, []),
            (".", false, ["Item.price"]),
        ])
    func matching(_ text: String, _ isRegex: Bool, _ expected: [String]) throws {
        let titles = ["View1", "View10", "MyView1", "<graph>", "Item.price"]
        let pattern = isRegex ? try TitlePattern(regex: text) : TitlePattern(substring: text)
        #expect(titles.filter(pattern.matches) == expected)
    }

    @Test("an invalid regular expression is an error that names it", arguments: ["(", "[a-", "a{2,1}", "*"])
    func invalid(_ text: String) {
        do {
            _ = try TitlePattern(regex: text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.message.hasPrefix("invalid regular expression '\(text)': "))
        }
    }

    @Test("substring patterns never fail, whatever they contain", arguments: ["(", "[a-", "*", "\\"])
    func substringNeverFails(_ text: String) {
        #expect(TitlePattern(substring: text).matches("x\(text)y"))
    }
}
