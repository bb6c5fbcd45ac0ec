import CauseGraph
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
        let start = ContinuousClock.now
        // Swift Regex did not finish on 30 a's; these are ten thousand, ending in a mismatch.
        _ = pattern.matches(String(repeating: "a", count: 10_000) + "!")
        #expect(ContinuousClock.now - start < .seconds(1))
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
            #expect(error.message.hasPrefix("invalid regular expression '\(text)': "))
            #expect(error.message.contains(reason), "\(error.message)")
        }
    }

    @Test("substring patterns never fail, whatever they contain", arguments: ["(", "[a-", "*", "\\"])
    func substringNeverFails(_ text: String) {
        #expect(TitlePattern(substring: text).matches("x\(text)y"))
    }
}
