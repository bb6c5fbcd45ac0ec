import CauseGraph
import Testing

@Suite("Node patterns")
struct NodePatternTests {
    @Test("a substring pattern matches literally, ignoring case; a regular expression anywhere in the title", arguments: [
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
        let pattern = isRegex ? try NodePattern(regex: text) : NodePattern(substring: text)
        let matcher = try #require(pattern.matcher())
        #expect(titles.filter(matcher.matches) == expected)
    }

    @Test("an invalid regular expression is an error that names it", arguments: ["(", "[a-", "a{2,1}", "*"])
    func invalid(_ text: String) {
        do {
            _ = try NodePattern(regex: text)
            Issue.record("accepted \(text)")
        } catch {
            #expect(error.description.hasPrefix("invalid regular expression \"\(text)\": "))
        }
    }

    @Test("substring patterns never fail, whatever they contain", arguments: ["(", "[a-", "*", "\\"])
    func substringNeverFails(_ text: String) {
        #expect(NodePattern(substring: text).matcher()?.matches("x\(text)y") == true)
    }
}
