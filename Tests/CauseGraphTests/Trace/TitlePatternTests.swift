import CauseGraph
import CauseGraphTestSupport
import Foundation
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

    @Test(
        "the linear-time engine reads Swift Regex syntax as Swift Regex does",
        arguments: [
            ("^closure #[0-9]+ in UserDefault", ["closure #12 in UserDefault.get"], ["a closure #1 in UserDefault"]),
            ("^Landmark.*Item", ["LandmarkListItem"], ["MyLandmarkItem"]),
            ("a|b|cd", ["xb", "cd"], ["c", "x"]),
            ("^(ab)+$", ["abab"], ["aba", ""]),
            ("^a{2,3}$", ["aa", "aaa"], ["a", "aaaa"]),
            ("^a{2}$", ["aa"], ["aaa"]),
            ("^a{2,}$", ["aaaaa"], ["a"]),
            ("^x?y*?z+$", ["z", "xyyz"], ["xx"]),
            ("[^a-c_]", ["abd"], ["abc_"]),
            ("[\\d.]$", ["v1.", "v2"], ["v"]),
            ("\\bRow\\b", ["a Row b", "Row"], ["Rows", "ARow"]),
            ("\\s\\S", ["a b"], ["a ", " "]),
            ("\\w+\\.\\W", ["Item.$"], ["Item.x"]),
            ("\\(\\)\\[\\]\\{\\}\\*\\+\\?\\|\\^\\$\\.", ["()[]{}*+?|^$."], ["()"]),
            ("\\u{00E9}t\\x{E9}", ["été"], ["ete"]),
            ("(?i)ÉTÉ", ["été"], ["ete"]),
            ("(?<name>a)(?:b)c", ["abc"], ["ac"]),
            ("a.c", ["abc"], ["a\nc"]),
            ("^$", [""], ["a"]),
            ("^x{,2}$", ["", "xx"], ["xxx"]),
            ("x{y", ["x{y"], ["xy"]),
        ] as [(String, [String], [String])])
    func linearSyntax(_ text: String, _ matching: [String], _ notMatching: [String]) throws {
        let pattern = try TitlePattern(regex: text)
        for title in matching { #expect(pattern.matches(title), "\(text) should find \(title.debugDescription)") }
        for title in notMatching {
            #expect(!pattern.matches(title), "\(text) should not find \(title.debugDescription)")
        }
    }

    @Test(
        "a pattern that would backtrack catastrophically is searched in linear time",
        arguments: ["^(a+)+$", "(a|aa)*b", "(.*)*x", "(a*)*$b", "^(\\w+\\s?)*$", ".*.*.*.*.*.*.*.*.*.*x"])
    func noCatastrophe(_ text: String) throws {
        let pattern = try TitlePattern(regex: text)
        let start = threadCPUSeconds()
        // Swift Regex did not finish on 30 a's; these are ten thousand, ending in a mismatch, so backtracking would
        // take longer than any bound: a second, stretched under a sanitizer as the other bounds on time are.
        _ = pattern.matches(String(repeating: "a", count: 10_000) + "!")
        #expect(threadCPUSeconds() - start < Sanitizer.slowdown)
    }

    @Test(
        "constructs that need backtracking, or a program too large, are refused with the pattern named",
        arguments: [
            ("(a)\\1", "'\\1' is not supported"), ("a(?=b)", "lookaround"), ("(?<!a)b", "lookaround"),
            ("(?>a)", "atomic group"), ("a++", "possessive"), ("a(?i)b", "(?i) at the start"),
            ("((a{1000}){1000}){1000}", "too large"), (String(repeating: "(", count: 1_000), "nest deeper"),
            ("\\p{L}", "'\\p' is not supported"),
        ])
    func refused(_ text: String, _ reason: String) {
        do {
            _ = try TitlePattern(regex: text)
            Issue.record("accepted \(text)")
        } catch {
            let quoted = text.count > 80 ? text.prefix(80) + "…" : text
            #expect(error.message.hasPrefix("invalid regular expression '\(quoted)': "))
            #expect(error.message.contains(reason), "\(error.message)")
        }
    }

    @Test(
        "a substring is found in time linear in the title, also where a naive search is quadratic",
        arguments: [(40_000, 20_000), (100_000, 1)])
    func substringIsLinear(titleLength: Int, patternLength: Int) {
        let title = String(repeating: "a", count: titleLength)
        let pattern = TitlePattern(substring: String(repeating: "A", count: patternLength) + "b")
        let start = threadCPUSeconds()
        #expect(!pattern.matches(title))
        #expect(pattern.matches(title + "b"))
        // The naive search took 30 s on the first; this takes milliseconds.
        #expect(threadCPUSeconds() - start < Sanitizer.slowdown)
    }

    @Test("a substring search agrees with a naive one, overlaps and multi-byte scalars included")
    func substringAgreesWithNaive() {
        var random = SystemRandomNumberGenerator()
        let alphabet: [Character] = ["a", "b", "A", "é", "\u{1F600}"]
        func text(_ lengths: ClosedRange<Int>) -> String {
            String((0..<Int.random(in: lengths, using: &random)).map { _ in alphabet.randomElement(using: &random)! })
        }
        for _ in 0..<2_000 {
            let title = text(0...12)
            let needle = text(1...4)
            let expected = Self.naiveContains(
                Array(title.lowercased().unicodeScalars), Array(needle.lowercased().unicodeScalars))
            #expect(TitlePattern(substring: needle).matches(title) == expected, "\(needle) in \(title)")
        }
    }

    private static func naiveContains(_ haystack: [Unicode.Scalar], _ needle: [Unicode.Scalar]) -> Bool {
        guard needle.count <= haystack.count else { return false }
        return (0...(haystack.count - needle.count)).contains { Array(haystack[$0..<$0 + needle.count]) == needle }
    }

    @Test("a long pattern is quoted as an excerpt, on one line")
    func longPatternQuotedShort() {
        let text = String(repeating: "x", count: 20_000) + "("
        #expect(throws: Diagnostic.self) { try TitlePattern(regex: text) }
        do {
            _ = try TitlePattern(regex: text)
        } catch {
            #expect(error.message.count < 200, "\(error.message.count) characters")
            #expect(error.message.hasPrefix("invalid regular expression '\(String(repeating: "x", count: 80))…'"))
        }
        #expect(TitlePattern(substring: text).description == "\"" + String(repeating: "x", count: 80) + "…\"")
    }

    @Test("substring patterns never fail, whatever they contain", arguments: ["(", "[a-", "*", "\\"])
    func substringNeverFails(_ text: String) {
        #expect(TitlePattern(substring: text).matches("x\(text)y"))
    }
}
